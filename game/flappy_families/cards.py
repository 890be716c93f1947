"""Card data for Flappy Families: ten bird families of five and four predators.

Cards are small ints (0..53) so the rules can copy and compare them cheaply; this module
turns an id into its bird name and family for the log, the AI and the table scene. The
bird names come from ruling FF-1; every bird of a family is alike in play.
"""
from __future__ import annotations

from typing import Sequence

from game.i18n import N_, _

FAMILIES: tuple[str, ...] = (
    N_("Alpine Avians"),
    N_("Bright Beauties"),
    N_("Eerily Extinct"),
    N_("Forest Fliers"),
    N_("River Roamers"),
    N_("Sea Soarers"),
    N_("Swooping Singers"),
    N_("Tiny Tweeters"),
    N_("Wetland Waders"),
    N_("Winged Walkers"),
)
"""The ten bird families, in the rulebook's order; a family's index is its id."""

PREDATOR = len(FAMILIES)
"""Family id shared by the four predators (they form no family when scored)."""

PREDATOR_NAME = N_("Predator")

# ruling FF-1: the 50 birds by family, then the 4 predators.
BIRDS: dict[str, tuple[str, ...]] = {
    "Alpine Avians": (N_("Alpine Chough"), N_("Snow Finch"), N_("Wallcreeper"),
                      N_("Ptarmigan"), N_("Bearded Vulture")),
    "Bright Beauties": (N_("Scarlet Macaw"), N_("Golden Pheasant"),
                        N_("Lilac-breasted Roller"), N_("Mandarin Duck"),
                        N_("Paradise Tanager")),
    "Eerily Extinct": (N_("Dodo"), N_("Great Auk"), N_("Passenger Pigeon"), N_("Moa"),
                       N_("Carolina Parakeet")),
    "Forest Fliers": (N_("Jay"), N_("Tawny Owl"), N_("Great Spotted Woodpecker"),
                      N_("Nuthatch"), N_("Goshawk")),
    "River Roamers": (N_("Kingfisher"), N_("Dipper"), N_("Grey Wagtail"),
                      N_("Sand Martin"), N_("Osprey")),
    "Sea Soarers": (N_("Albatross"), N_("Puffin"), N_("Gannet"), N_("Frigatebird"),
                    N_("Storm Petrel")),
    "Swooping Singers": (N_("Nightingale"), N_("Skylark"), N_("Blackbird"),
                         N_("Song Thrush"), N_("Swallow")),
    "Tiny Tweeters": (N_("Wren"), N_("Goldcrest"), N_("Hummingbird"), N_("Blue Tit"),
                      N_("Firecrest")),
    "Wetland Waders": (N_("Grey Heron"), N_("Spoonbill"), N_("Avocet"), N_("Flamingo"),
                       N_("Stork")),
    "Winged Walkers": (N_("Ostrich"), N_("Emu"), N_("Kiwi"), N_("Cassowary"), N_("Rhea")),
}
"""Keys are the English family names (as in FAMILIES); the birds' names are shown through
:func:`card_name`."""
PREDATORS: tuple[str, ...] = (N_("Fox"), N_("Cat"), N_("Stoat"), N_("Snake"))

FAMILY_SIZE = 5
NUM_CARDS = len(FAMILIES) * FAMILY_SIZE + len(PREDATORS)  # 54

CARD_NAMES: tuple[str, ...] = tuple(
    [bird for family in FAMILIES for bird in BIRDS[family]] + list(PREDATORS))
"""Bird (or predator) name of each card id."""

CARD_FAMILY: tuple[int, ...] = tuple(
    [f for f in range(len(FAMILIES)) for _ in range(FAMILY_SIZE)]
    + [PREDATOR] * len(PREDATORS))
"""Family id of each card id (PREDATOR for the four predators)."""

PREDATOR_CARDS: tuple[int, ...] = tuple(range(len(FAMILIES) * FAMILY_SIZE, NUM_CARDS))


def family_cards(family: int) -> tuple[int, ...]:
    """The card ids of one family (or of the predators)."""
    if family == PREDATOR:
        return PREDATOR_CARDS
    return tuple(range(family * FAMILY_SIZE, (family + 1) * FAMILY_SIZE))


def family_name(family: int) -> str:
    """'Forest Fliers', or 'Predator' for the predator id, in the language shown."""
    return _(PREDATOR_NAME if family == PREDATOR else FAMILIES[family])


def family_id(name: str) -> int:
    """A family's id from its English name (as FAMILIES spells it; raises KeyError for
    an unknown name)."""
    if name == PREDATOR_NAME:
        return PREDATOR
    try:
        return FAMILIES.index(name)
    except ValueError:
        raise KeyError(f"unknown family {name!r}") from None


def card_name(card: int) -> str:
    """The bird's own name in the language shown, e.g. 'Tawny Owl' (CARD_NAMES holds
    the English)."""
    return _(CARD_NAMES[card])


def card_family(card: int) -> int:
    return CARD_FAMILY[card]


def card_family_name(card: int) -> str:
    return family_name(CARD_FAMILY[card])


def is_predator(card: int) -> bool:
    return CARD_FAMILY[card] == PREDATOR


def deck_for(families: Sequence[int]) -> list[int]:
    """Every card of the given families plus the predators, in id order."""
    cards = [c for f in sorted(families) for c in family_cards(f)]
    return cards + list(PREDATOR_CARDS)
