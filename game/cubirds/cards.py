"""CuBirds card data: the eight species of the 110-card deck (ruling CB-1).

Species are named by short ids (``"reed_warbler"``) everywhere in the game's API; the
rules module works on their indices in :data:`SPECIES` for speed. That tuple's order (by
number of copies, then name) is the canonical order: hands, collections and legal
actions are always listed in it, so what a seat sees never depends on hidden order.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.i18n import npgettext, pgettext


@dataclass(frozen=True)
class Species:
    """One species: how many copies the deck holds and its two flock sizes."""

    id: str
    name: str
    plural: str
    copies: int
    small_flock: int
    big_flock: int


# ruling CB-1: species, copies, small/big flock.
SPECIES_DATA: tuple[Species, ...] = (
    Species("flamingo", "Flamingo", "Flamingos", 7, 2, 3),
    Species("owl", "Owl", "Owls", 10, 3, 4),
    Species("toucan", "Toucan", "Toucans", 10, 3, 4),
    Species("duck", "Duck", "Ducks", 13, 4, 6),
    Species("parrot", "Parrot", "Parrots", 13, 4, 6),
    Species("magpie", "Magpie", "Magpies", 17, 5, 7),
    Species("reed_warbler", "Reed Warbler", "Reed Warblers", 20, 6, 9),
    Species("robin", "Robin", "Robins", 20, 6, 9),
)

SPECIES: tuple[str, ...] = tuple(s.id for s in SPECIES_DATA)
"""Species ids in canonical order; a card is just its species id."""

INDEX: dict[str, int] = {sid: i for i, sid in enumerate(SPECIES)}
NUM_SPECIES = len(SPECIES)
COPIES: tuple[int, ...] = tuple(s.copies for s in SPECIES_DATA)
SMALL: tuple[int, ...] = tuple(s.small_flock for s in SPECIES_DATA)
BIG: tuple[int, ...] = tuple(s.big_flock for s in SPECIES_DATA)
NAMES: dict[str, str] = {s.id: s.name for s in SPECIES_DATA}
PLURALS: dict[str, str] = {s.id: s.plural for s in SPECIES_DATA}
DECK_SIZE = sum(COPIES)

NUM_ROWS = 4
ROW_START = 3      # each row starts with three different species
HAND_SIZE = 8      # cards dealt to every hand at the start of each round
SEVEN_SPECIES = 7  # win: this many different species in the collection ...
FLOCKS_NEEDED = 2  # ... or this many species ...
FLOCK_OF = 3       # ... with at least this many birds each

assert DECK_SIZE == 110, "ruling CB-1: the deck holds 110 cards"


# Each species' common name in the language shown, singular or plural by count; the ids
# and NAMES/PLURALS above stay English (keys, saves, tests). The context keeps these
# apart from the same birds' names in the other games, which are not counted.
_SHOWN: dict[str, Callable[[int], str]] = {
    "flamingo": lambda n: npgettext("CuBirds species", "Flamingo", "Flamingos", n),
    "owl": lambda n: npgettext("CuBirds species", "Owl", "Owls", n),
    "toucan": lambda n: npgettext("CuBirds species", "Toucan", "Toucans", n),
    "duck": lambda n: npgettext("CuBirds species", "Duck", "Ducks", n),
    "parrot": lambda n: npgettext("CuBirds species", "Parrot", "Parrots", n),
    "magpie": lambda n: npgettext("CuBirds species", "Magpie", "Magpies", n),
    "reed_warbler": lambda n: npgettext("CuBirds species", "Reed Warbler", "Reed Warblers", n),
    "robin": lambda n: npgettext("CuBirds species", "Robin", "Robins", n),
}


def species_name(species: str, count: int = 1) -> str:
    """'Robin' or 'Robins' in the language shown, for log lines and prompts."""
    return _SHOWN[species](count)


def birds_text(species: str, count: int) -> str:
    """'3 Robins' in the language shown (the log's, the table's and the phone's words)."""
    return pgettext("a count of birds", "{count} {species}").format(
        count=count, species=species_name(species, count))
