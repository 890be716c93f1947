"""What a game implements to be played from phones: :class:`PhoneGame` and the pieces it
describes a phone's picture with (sections of cards and lines, a decision as a tree of
choices). A game's ``scenes/<id>/phone.py`` declares ``PHONE``, a PhoneGame subclass that
reads only the view, the legal actions and a :class:`Follow` (a determinization for the
seat), so what it builds cannot leak what the seat may not know."""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Sequence

import pygame

from game.engine import GAMES, IllegalAction, rules_module
from game.i18n import _


@dataclass(frozen=True)
class PhoneCard:
    image: str | None        # an image key the game's PhoneGame.image paints
    label: str
    count: int = 1


@dataclass(frozen=True)
class Section:
    """A titled block on the phone: cards and/or lines of text."""

    title: str
    cards: tuple[PhoneCard, ...] = ()
    lines: tuple[str, ...] = ()
    empty: str = ""


@dataclass
class Choice:
    """One option of a decision: a leaf plays ``actions`` (in order, each when the rules
    ask for it); a branch opens ``then``."""

    label: str
    detail: str = ""                 # what it does, in words (the TV's preview)
    image: str | None = None
    actions: tuple = ()
    then: "Ask | None" = None
    disabled: bool = False           # shown, not choosable (with the reason in detail)
    blank: bool = False              # a place in a grid with nothing to choose
    confirm: str = ""                # the confirm button's words ("Play this")


@dataclass
class Ask:
    prompt: str
    choices: list[Choice]
    layout: str = "buttons"          # "buttons", "cards" or "grid"
    cols: int = 0                    # grid columns


class Follow:
    """The legal moves after a prefix of the seat's own moves, read from a
    determinization for that seat (so they tell nothing the seat could not know).
    Grouping a decision stops wherever a move reveals something (a flip, a draw)."""

    def __init__(self, state, seat: int) -> None:
        self.seat = seat
        self._real = state
        self._base = None
        self._cache: dict[tuple, object] = {}

    def state(self, prefix: tuple):
        if prefix not in self._cache:
            if self._base is None:
                rng = random.Random(7919 * (self.seat + 1))
                self._base = self._real.determinize(self.seat, rng)
                self._real = None   # from here on only the determinization is read
            after = self._base.clone()
            try:
                for action in prefix:
                    after.apply(action)
            except IllegalAction:
                after = None
            self._cache[prefix] = after
        return self._cache[prefix]

    def legal(self, prefix: tuple) -> list:
        after = self.state(prefix)
        if after is None or after.is_terminal() or after.current_player != self.seat:
            return []
        return after.legal_actions()

    def view(self, prefix: tuple):
        after = self.state(prefix)
        return after.view(self.seat) if after is not None else None


class PhoneGame:
    """What one game shows on a phone. Subclasses fill these in from the view alone."""

    card_size = (200, 280)    # the painted size of a card image (phones are high-DPI)

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.rules = rules_module(game_id)

    def describe(self, action) -> str:
        describe = getattr(self.rules, "describe_action", None)
        return describe(action) if describe else str(action)

    def sections(self, view, names: Sequence[str], match) -> list[Section]:
        """The hand first, then the seat's private information. ``match`` (here and in
        :meth:`ask`, :meth:`early`) is the Match being played: its options include the
        ones the rules never see (``match.option(name)``), such as how much to show."""
        return []

    def ask(self, view, legal: list, follow: Follow, names: Sequence[str],
            match=None) -> Ask:
        """The decision the rules ask this seat for now, grouped for fingers."""
        return Ask(_("Your move"), [Choice(self.describe(a), actions=(a,)) for a in legal])

    def early(self, view, names: Sequence[str], match=None) -> Ask | None:
        """A decision this seat may make before the rules reach it (Flip a Bird's tips:
        everyone tips at once), or None."""
        return None

    def scores(self, view) -> list[str | None]:
        """Each seat's score as this seat may know it (None: hidden)."""
        scores = getattr(view, "scores", None) or ()
        return [None if s is None else str(s) for s in scores]

    def waiting(self, view, names: Sequence[str]) -> str:
        """The turn line while another seat decides."""
        current = getattr(view, "current", None)
        if current is None:
            return _("Game over")
        return _("{name}'s turn").format(name=names[current])

    def image(self, key: str, assets, patterns: bool) -> pygame.Surface:
        """Paint the card image named ``key`` (keys come from this class's sections and
        choices) with the game's own card painters."""
        raise KeyError(key)

    def image_keys(self) -> list[str]:
        """Every image key a game may show, painted ahead while the table plays (one a
        frame), so a phone's first sight of a card costs no frame a hitch."""
        return []


def phone_game(game_id: str) -> PhoneGame:
    """The game's PhoneGame (``PHONE`` in scenes/<id>/phone.py), or plain buttons."""
    spec = GAMES[game_id]
    if spec.table:
        try:
            module = importlib.import_module(f"{spec.table}.phone")
        except ModuleNotFoundError as exc:
            if exc.name != f"{spec.table}.phone":
                raise
        else:
            return module.PHONE
    return PhoneGame(game_id)
