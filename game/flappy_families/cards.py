"""Card data for Flappy Families: ten bird families of five and four predators.

Cards are small ints (0..53) so the rules can copy and compare them cheaply; this module
turns an id into its bird name and family for the log, the AI and the table scene. The
bird names come from ruling FF-1; every bird of a family is alike in play.
"""
from __future__ import annotations

from typing import Sequence

FAMILIES: tuple[str, ...] = (
    "Alpine Avians",
    "Bright Beauties",
    "Eerily Extinct",
    "Forest Fliers",
    "River Roamers",
    "Sea Soarers",
    "Swooping Singers",
    "Tiny Tweeters",
    "Wetland Waders",
    "Winged Walkers",
)
"""The ten bird families, in the rulebook's order; a family's index is its id."""

PREDATOR = len(FAMILIES)
"""Family id shared by the four predators (they form no family when scored)."""

PREDATOR_NAME = "Predator"

# ruling FF-1: the 50 birds by family, then the 4 predators.
BIRDS: dict[str, tuple[str, ...]] = {
    "Alpine Avians": ("Alpine Chough", "Snow Finch", "Wallcreeper", "Ptarmigan",
                      "Bearded Vulture"),
    "Bright Beauties": ("Scarlet Macaw", "Golden Pheasant", "Lilac-breasted Roller",
                        "Mandarin Duck", "Paradise Tanager"),
    "Eerily Extinct": ("Dodo", "Great Auk", "Passenger Pigeon", "Moa",
                       "Carolina Parakeet"),
    "Forest Fliers": ("Jay", "Tawny Owl", "Great Spotted Woodpecker", "Nuthatch",
                      "Goshawk"),
    "River Roamers": ("Kingfisher", "Dipper", "Grey Wagtail", "Sand Martin", "Osprey"),
    "Sea Soarers": ("Albatross", "Puffin", "Gannet", "Frigatebird", "Storm Petrel"),
    "Swooping Singers": ("Nightingale", "Skylark", "Blackbird", "Song Thrush", "Swallow"),
    "Tiny Tweeters": ("Wren", "Goldcrest", "Hummingbird", "Blue Tit", "Firecrest"),
    "Wetland Waders": ("Grey Heron", "Spoonbill", "Avocet", "Flamingo", "Stork"),
    "Winged Walkers": ("Ostrich", "Emu", "Kiwi", "Cassowary", "Rhea"),
}
PREDATORS: tuple[str, ...] = ("Fox", "Cat", "Stoat", "Snake")

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
    """'Forest Fliers', or 'Predator' for the predator id."""
    return PREDATOR_NAME if family == PREDATOR else FAMILIES[family]


def family_id(name: str) -> int:
    """Inverse of :func:`family_name` (raises KeyError for an unknown name)."""
    if name == PREDATOR_NAME:
        return PREDATOR
    try:
        return FAMILIES.index(name)
    except ValueError:
        raise KeyError(f"unknown family {name!r}") from None


def card_name(card: int) -> str:
    """The bird's own name, e.g. 'Tawny Owl'."""
    return CARD_NAMES[card]


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
