"""The toy game's Easy and Normal bots, reached through ``game.ai.make_bot`` because the
toy's GameSpec names this module (``bots``), as every real game's does.

Normal is greedy on what its seat sees: the biggest card that scores now; with none,
a draw while the deck lasts (a fresh card may score later), else the smallest card (the
cheapest one to waste). Easy plays Normal's move two times in three, else any legal one.
"""
from __future__ import annotations

from game.ai import BaseBot
from game.engine import State
from tests.toy.rules import Draw, Play


def greedy(state: State, seat: int, actions: list):
    """Normal's pick, read from ``state.view(seat)`` and the legal moves only."""
    view = state.view(seat)
    top = view.pile[-1] if view.pile else 0
    plays = sorted((a for a in actions if isinstance(a, Play)), key=lambda a: a.card)
    scoring = [a for a in plays if a.card > top]
    if scoring:
        return scoring[-1]
    draw = next((a for a in actions if isinstance(a, Draw)), None)
    if draw is not None:
        return draw
    return plays[0] if plays else actions[0]


class NormalBot(BaseBot):
    level = "normal"

    def pick(self, state: State, seat: int, actions: list):
        return greedy(state, seat, actions)

    def rank(self, state: State, seat: int, actions: list) -> list:
        best = greedy(state, seat, actions)
        return [best] + [a for a in actions if a != best]


class EasyBot(BaseBot):
    level = "easy"

    def pick(self, state: State, seat: int, actions: list):
        if self.rng.random() < 1 / 3:
            return self.rng.choice(actions)
        return greedy(state, seat, actions)


def make_bot(level: str, seed: int | None = None) -> BaseBot:
    """The toy bot for ``level`` ("easy" or "normal")."""
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    raise ValueError(f"the toy game has no {level!r} heuristic bot (easy, normal)")
