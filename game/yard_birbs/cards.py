"""Yard Birbs card data: the 55 bird cards, the eight abilities and the flock tables.

Everything here is plain data so that the rules, the AI and the table scene share one
source. A card is a ``Card(suit, number, species)`` named tuple: it compares and hashes
like the plain ``(suit, number, species)`` tuple the pure rule functions accept.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.i18n import N_, _

# The English names (marked for the catalogue); suit_name() and species_name() show them
# in the language in use.
SUITS: tuple[str, ...] = (N_("Purple"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Red"))
SPECIES: tuple[str, ...] = (N_("Nuthatch"), N_("Starling"), N_("Goose"), N_("Hawk"),
                            N_("Mockingbird"), N_("Kingfisher"), N_("Woodpecker"),
                            N_("Waxwing"), N_("Crow"), N_("Towhee"), N_("Magpie"))
CARDS_PER_SUIT = 11
HAND_SIZE = 7
ROUNDS = 3
MIN_PLAYERS = 3
MAX_PLAYERS = 5


class Card(NamedTuple):
    """One bird card; the field order makes sorting go by suit, then number."""

    suit: int
    number: int
    species: int


def species_of(suit: int, number: int) -> int:
    """Ruling YB-1: the card of rank r in suit s shows species (r + 2s) mod 11."""
    rank = number - suit - 1
    return (rank + 2 * suit) % len(SPECIES)


def rank_in_suit(card: tuple) -> int:
    """0 for the lowest card of its suit, 10 for the highest (the card's range dots)."""
    return card[1] - card[0] - 1


def number_range(suit: int) -> range:
    """Ruling YB-1: purple 1-11, blue 2-12, green 3-13, yellow 4-14, red 5-15."""
    return range(suit + 1, suit + 1 + CARDS_PER_SUIT)


# ruling YB-1: 55 cards, 11 per suit, every species once per suit.
DECK: tuple[Card, ...] = tuple(Card(s, n, species_of(s, n))
                               for s in range(len(SUITS)) for n in number_range(s))
CARD_BY_KEY: dict[tuple[int, int], Card] = {(c.suit, c.number): c for c in DECK}


def card_from_json(data) -> Card:
    """The canonical Card for a ``[suit, number, species]`` list (or any sequence)."""
    return CARD_BY_KEY[(data[0], data[1])]


def suit_name(suit: int) -> str:
    """A suit's colour ('Red') in the language shown."""
    return _(SUITS[suit])


def species_name(species: int) -> str:
    """A species' common name ('Crow') in the language shown."""
    return _(SPECIES[species])


def card_name(card: tuple) -> str:
    """'Red 12 Crow': what the log and prompts call a card."""
    return _("{suit} {number} {species}").format(suit=suit_name(card[0]), number=card[1],
                                                 species=species_name(card[2]))


# -- flocks: points by size, from the rulebook's tables (ruling YB-6) ----------------------
COLOUR, SPECIES_KIND, EQUAL, SEQUENCE = "colour", "species", "equal", "sequence"
SOLO = "solo"
FLOCK_KINDS: tuple[str, ...] = (COLOUR, SPECIES_KIND, EQUAL, SEQUENCE)
KIND_NAMES: dict[str, str] = {COLOUR: N_("Colour"), SPECIES_KIND: N_("Species"),
                              EQUAL: N_("Equal number"), SEQUENCE: N_("Sequential"),
                              SOLO: N_("Solo")}
"""A flock type's name in English; :func:`kind_name` shows it translated."""


def kind_name(kind: str) -> str:
    """A flock type ('Colour') in the language shown."""
    return _(KIND_NAMES[kind])


# Index = flock size; sizes past the end of a table score its last entry ("6+", "4+").
COLOUR_POINTS: tuple[int, ...] = (0, 0, 1, 2, 3, 5, 7)
SPECIES_POINTS: tuple[int, ...] = (0, 0, 1, 4, 6, 8)
EQUAL_POINTS: tuple[int, ...] = (0, 0, 1, 5, 10)
SEQUENCE_POINTS: tuple[int, ...] = (0, 0, 1, 3, 5, 8, 11)
POINTS: dict[str, tuple[int, ...]] = {COLOUR: COLOUR_POINTS, SPECIES_KIND: SPECIES_POINTS,
                                      EQUAL: EQUAL_POINTS, SEQUENCE: SEQUENCE_POINTS}


def table_points(kind: str, size: int) -> int:
    """Points of a flock of ``size`` birds scored as ``kind``."""
    table = POINTS[kind]
    return table[min(size, len(table) - 1)]


# -- abilities (ruling YB-7) ------------------------------------------------------------
LIFER_SWAP, NEW_LIFER, FEEDER_SWAP, HAND_TO_FEEDER, REFLOCK, MERGE, BIRDSEED, FLY_OFF = (
    range(1, 9))


@dataclass(frozen=True)
class AbilityInfo:
    """An ability card: ``lifer`` is the ★ mark, ``feeder`` the ⌂ mark."""

    id: int
    name: str
    text: str
    lifer: bool = False
    feeder: bool = False

    @property
    def title(self) -> str:
        """The ability's name in the language shown (``name`` is the English)."""
        return _(self.name)

    @property
    def words(self) -> str:
        """What the ability does, in the language shown (``text`` is the English)."""
        return _(self.text)

    @property
    def icon(self) -> str:
        return "★" if self.lifer else "⌂" if self.feeder else ""


ABILITIES: dict[int, AbilityInfo] = {a.id: a for a in (
    AbilityInfo(LIFER_SWAP, N_("Lifer Swap"),
                N_("Swap a card from your hand with the Lifer."), lifer=True),
    AbilityInfo(NEW_LIFER, N_("New Lifer"),
                N_("Bury the Lifer under the deck and turn up a new one."), lifer=True),
    AbilityInfo(FEEDER_SWAP, N_("Feeder Swap"),
                N_("Trade a bird of your yard for a bird still in the feeder."),
                feeder=True),
    AbilityInfo(HAND_TO_FEEDER, N_("Hand to Feeder"),
                N_("Trade a card from your hand for a bird still in the feeder."),
                feeder=True),
    AbilityInfo(REFLOCK, N_("Reflock"),
                N_("Move one of your birds to another flock or a new one.")),
    AbilityInfo(MERGE, N_("Merge"),
                N_("Join two of your flocks, if they still make a flock.")),
    AbilityInfo(BIRDSEED, N_("Birdseed"),
                N_("Draw the top card, then put a card from your hand under the deck.")),
    AbilityInfo(FLY_OFF, N_("Fly Off"),
                N_("Bury a solo bird under the deck and draw; then bury a card from your "
                   "hand.")),
)}
ABILITY_IDS: tuple[int, ...] = tuple(sorted(ABILITIES))
