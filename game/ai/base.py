"""What every bot is made of: the decision the table advances, the shared plumbing, the
random baseline and a game's own heuristic levels (Easy, Normal). The Hard search
(``ismcts``) plays its playouts with these, so this module must not reach the search:
:func:`game.ai.make_bot` is the one place that joins the two.
"""
from __future__ import annotations

import importlib
import random
from typing import Protocol

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


def heuristic_bot(game_id: str, level: str, seed: int | None = None) -> Bot:
    """The game's own bot at ``level`` ("random", "easy", "normal"), named by its
    GameSpec; a game whose heuristics are not built yet gets the random baseline."""
    if level == "random":
        return RandomBot(seed)
    bots = GAMES[game_id].bots
    module = importlib.import_module(bots) if bots else None
    if module is not None and hasattr(module, "make_bot"):
        return module.make_bot(level, seed)
    return RandomBot(seed)
