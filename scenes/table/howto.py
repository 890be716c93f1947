"""How to play pages: what each game's ``howto`` module (named by its TableSpec) is made of.

Each page is a heading, a few sentences a person can read from the couch, and a small
illustration: a row of mini cards (bird look, caption, and flags) drawn by the Rules scene.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mini:
    """One card in a page illustration."""

    look: str                 # a key of sprites.birds.LOOKS ("" for a plain card)
    caption: str = ""
    down: bool = False        # drawn face down
    mark: bool = False        # outlined: the card the page is talking about
    gap_before: bool = False  # a little space before this card


@dataclass(frozen=True)
class Page:
    heading: str
    body: str
    art: tuple[Mini, ...] = ()
