"""The 60 cards of Flip a Bird, as data (rulings FB-1 and FB-2).

Every card has a stable id (0-59) so that two cards with the same face stay apart: two
blue 1-bird cards may differ by their back, and the back is what other players see of a
card in a hand or face down in the row. Ids are ordered birds first (by colour, birds,
back), then specials, so that sorting by id is a canonical order for menus and tests.

A card's *face* is a plain tuple, the form the pure rule functions take:
``("bird", colour, birds)`` or ``("special", kind, colour_or_None)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.i18n import N_, _, pgettext

COLOURS: tuple[str, ...] = ("blue", "green", "red", "yellow")

NO_SPECIALS = "no_specials"
NO_NEIGHBOURS = "no_neighbours"
COLOUR_ZERO = "colour_zero"
COLOUR_DOUBLE = "colour_double"
SPECIAL_KINDS: tuple[str, ...] = (NO_SPECIALS, NO_NEIGHBOURS, COLOUR_ZERO, COLOUR_DOUBLE)

SPECIAL_NAMES: dict[str, str] = {
    NO_SPECIALS: N_("special cards do not count"),
    NO_NEIGHBOURS: N_("neighbour cards do not count"),
    COLOUR_ZERO: N_("does not count"),
    COLOUR_DOUBLE: N_("counts double"),
}
"""The special cards' words in English; :func:`face_label` shows them translated."""

# The colours' words in the language shown (the ids in COLOURS stay English: keys).
_COLOUR_WORDS: dict[str, Callable[[], str]] = {
    "blue": lambda: pgettext("colour", "blue"),
    "green": lambda: pgettext("colour", "green"),
    "red": lambda: pgettext("colour", "red"),
    "yellow": lambda: pgettext("colour", "yellow"),
}


def colour_name(colour: str) -> str:
    """A colour id ('blue') in the language shown; an unknown id as it is."""
    word = _COLOUR_WORDS.get(colour)
    return word() if word else colour


def colour_title(colour: str) -> str:
    """:func:`colour_name` with a capital first letter, to start a sentence ('Blue')."""
    word = colour_name(colour)
    return word[:1].upper() + word[1:]


Face = tuple  # ("bird", colour, birds) | ("special", kind, colour | None)


@dataclass(frozen=True)
class Card:
    """One physical card: its face and whether its back shows an open cage."""

    id: int
    special: str | None  # None for a bird card, else one of SPECIAL_KINDS
    colour: str | None   # None only for the two colourless special kinds
    birds: int           # 0 for special cards
    open_back: bool      # FB-2: open cage (True) or covered cage (False)

    @property
    def is_bird(self) -> bool:
        return self.special is None

    @property
    def face(self) -> Face:
        """The tuple form used by ``count_birds`` and ``score_pile``."""
        if self.special is None:
            return ("bird", self.colour, self.birds)
        return ("special", self.special, self.colour)

    @property
    def label(self) -> str:
        """A short human name: 'blue 2-bird card', 'red counts double'."""
        return face_label(self.face)


def face_label(face: Face) -> str:
    """Human name of a card face, for logs and prompts."""
    if face[0] == "bird":
        return _("{colour} {birds}-bird card").format(colour=colour_name(face[1]),
                                                      birds=face[2])
    kind, colour = face[1], face[2]
    if colour is None:
        return _("'{special}'").format(special=_(SPECIAL_NAMES[kind]))
    return _("'{colour} {special}'").format(colour=colour_name(colour),
                                            special=_(SPECIAL_NAMES[kind]))


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []

    def add(special: str | None, colour: str | None, birds: int, open_back: bool,
            copies: int = 1) -> None:
        for _copy in range(copies):
            cards.append(Card(len(cards), special, colour, birds, open_back))

    # ruling FB-1: per colour five 1-bird, four 2-bird, three 3-bird cards;
    # ruling FB-2: of those, three 1-bird, two 2-bird and one 3-bird have an open back.
    for colour in COLOURS:
        for birds, open_copies, covered_copies in ((1, 3, 2), (2, 2, 2), (3, 1, 2)):
            add(None, colour, birds, True, open_copies)
            add(None, colour, birds, False, covered_copies)
    # ruling FB-2: one of each colourless special has an open back; of the colour
    # specials, blue and green "does not count" and red and yellow "counts double" do.
    add(NO_SPECIALS, None, 0, True)
    add(NO_SPECIALS, None, 0, False)
    add(NO_NEIGHBOURS, None, 0, True)
    add(NO_NEIGHBOURS, None, 0, False)
    for colour in COLOURS:
        add(COLOUR_ZERO, colour, 0, colour in ("blue", "green"))
    for colour in COLOURS:
        add(COLOUR_DOUBLE, colour, 0, colour in ("red", "yellow"))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_deck()
"""Every card, indexed by id."""

DECK_SIZE = len(CARDS)
OPEN_BACK_IDS: frozenset[int] = frozenset(c.id for c in CARDS if c.open_back)
