"""Every AI opponent is reached through :func:`make_bot`.

A bot's ``choose(state, seat)`` may read only ``state.view(seat)``,
``state.legal_actions()`` (which the contract guarantees is a function of that view) and
``state.determinize(seat, rng)`` with its own rng. So it decides the same on a state and on
any determinization of it for that seat: it cannot cheat.

Bots also offer ``begin(state, seat)``, a :class:`Decision` that the table scene advances
a few milliseconds per frame; heuristic bots finish in the first step.
"""
from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from game.engine import GAMES, Action, State

LEVELS = ("random", "easy", "normal", "hard")


class Decision:
    """A decision being made; ``step`` spends up to ``seconds`` and says if it is done."""

    def __init__(self, action: Action | None = None) -> None:
        self.action = action

    @property
    def done(self) -> bool:
        return self.action is not None

    def step(self, seconds: float) -> bool:
        return self.done


class Bot(Protocol):
    level: str

    def choose(self, state: State, seat: int) -> Action: ...

    def begin(self, state: State, seat: int) -> Decision: ...


def legal_choices(state: State, seat: int) -> list[Action]:
    """The legal actions of ``seat``, which must be the seat to move (ValueError if not,
    or if the game is over): every bot checks its call the same way."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("no legal action to choose from: the game is over")
    if state.current_player != seat:
        raise ValueError(f"seat {seat} is not the one to move")
    return actions


class BaseBot:
    """Shared plumbing: a seeded rng, the one-legal-move shortcut and ``begin``."""

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        actions = legal_choices(state, seat)
        if len(actions) == 1:
            return actions[0]
        return self.pick(state, seat, actions)

    def pick(self, state: State, seat: int, actions: list) -> Action:
        raise NotImplementedError

    def rank(self, state: State, seat: int, actions: list) -> list[Action] | None:
        """``actions`` best first by this bot's own judgement, or None where it has no
        order to give (the Hard search's shortlist, ``Profile.shortlist``)."""
        return None

    def begin(self, state: State, seat: int) -> Decision:
        return Decision(self.choose(state, seat))


class RandomBot(BaseBot):
    """Uniformly random legal moves: the baseline every game has from day one."""

    level = "random"

    def pick(self, state: State, seat: int, actions: list) -> Action:
        return self.rng.choice(actions)


def make_bot(game_id: str, level: str, seed: int | None = None,
             iterations: int | None = None, **options: Any) -> Bot:
    """The bot for ``game_id`` at ``level`` ("random", "easy", "normal", "hard").

    ``iterations`` fixes the search budget of the Hard level (tests, fairness checks).
    Games whose heuristics are not built yet fall back to the next weaker level.
    """
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (one of {', '.join(LEVELS)})")
    if level == "random":
        return RandomBot(seed)
    if level == "hard":
        from game.ai.ismcts import make_hard_bot  # here: the search imports this module
        return make_hard_bot(game_id, seed, iterations=iterations, **options)
    bots = GAMES[game_id].bots   # the game's Easy and Normal, named by its GameSpec
    module = importlib.import_module(bots) if bots else None
    if module is not None and hasattr(module, "make_bot"):
        return module.make_bot(level, seed)
    return RandomBot(seed)
