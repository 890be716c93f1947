"""How to play pages: what each game's ``howto`` module (named by its TableSpec) is made of.

Each page is a heading, a few sentences a person can read from the couch, and pictures
drawn with the game's own card painter, so a newcomer learns the very cards the table
shows. A picture is a few rows of cards (a row of the table, a hand, a before and an
after) with notes whose arrows point at a card or at a spot on it. One model serves every
game: the ``howto`` module gives ``PAGES`` and a ``paint(ctx, face, height)`` that turns
the game's own card value (``Card.face``) into a surface about ``height`` px tall. A page
may also show a :class:`Table` of words (a scoring table) above its pictures.

A page's words are English marked with ``N_`` (the catalogue takes them from here) and
are translated where the Rules scene shows them (:func:`say`), so the language can change
while the pages are open. Words with a number from the rules in them are a :class:`Said`.
"""
from __future__ import annotations

from game.i18n import _

from dataclasses import dataclass
from typing import Callable

import pygame

Painter = Callable[[object, object, int], pygame.Surface]


class Said(str):
    """Words with {placeholders} filled from the rules (a hand's size): the English
    filled in, as any string, and the message and values kept to translate it by."""

    message: str
    values: dict[str, object]

    @classmethod
    def of(cls, message: str, **values: object) -> Said:
        said = cls(message.format(**values))
        said.message, said.values = message, values
        return said


def say(text: str) -> str:
    """A page's words in the language shown now; a number or an empty word as it is
    (numbers are not words, and gettext gives its header for '')."""
    if isinstance(text, Said):
        return _(text.message).format(**text.values)
    return _(text) if any(ch.isalpha() for ch in text) else text


@dataclass(frozen=True)
class Card:
    """One card (or piece: a token, a counter) in a picture."""

    face: object              # what the game's painter draws: its own card value
    label: str = ""           # words under it ("yours", "new", "1st")
    mark: bool = False        # ringed: the card the page is talking about
    dim: bool = False         # greyed: out of play, or does not count
    tag: str = ""             # a badge under it: what it counts ("4", "out"), its place
    gap: bool = False         # a space before it (a hand card beside a row)


@dataclass(frozen=True)
class Row:
    """Cards side by side; ``title`` names them ("Before", "Your hand"); ``then`` draws
    an arrow down from the row above: this is what it becomes."""

    cards: tuple[Card, ...]
    title: str = ""
    then: bool = False


@dataclass(frozen=True)
class Note:
    """Words with an arrow to ``spot`` on card ``card`` of row ``row`` (fractions of the
    card: (0, 0) its top left corner, (1, 1) its bottom right), set above or below it."""

    text: str
    row: int
    card: int
    spot: tuple[float, float] = (0.5, 0.5)
    side: str = "below"       # "above" or "below" the row


@dataclass(frozen=True)
class Picture:
    """A few rows stacked, with notes; a page shows its pictures side by side."""

    rows: tuple[Row, ...]
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class Table:
    """A grid of words read across: ``header`` names the columns, each row starts with
    its own name (a scoring table: kinds down the side, sizes along the top)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Page:
    heading: str
    body: str
    art: tuple[Picture | Table, ...] = ()   # a Table is drawn above the pictures


def cards(*faces, **flags) -> tuple[Card, ...]:
    """A run of plain cards (the same ``flags`` on each): rows are mostly these."""
    return tuple(Card(face, **flags) for face in faces)
