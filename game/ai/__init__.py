"""Every AI opponent is reached through :func:`make_bot`.

A bot's ``choose(state, seat)`` may read only ``state.view(seat)``,
``state.legal_actions()`` (which the contract guarantees is a function of that view) and
``state.determinize(seat, rng)`` with its own rng. So it decides the same on a state and on
any determinization of it for that seat: it cannot cheat.

Bots also offer ``begin(state, seat)``, a :class:`Decision` that the table scene advances
a few milliseconds per frame; heuristic bots finish in the first step.
"""
from __future__ import annotations

from typing import Any

from game.ai.base import (LEVELS, BaseBot, Bot, Decision, RandomBot, heuristic_bot,
                          legal_choices)
from game.engine import GAMES

__all__ = ["LEVELS", "BaseBot", "Bot", "Decision", "RandomBot", "heuristic_bot",
           "legal_choices", "make_bot"]


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
    if level == "hard":
        from game.ai.ismcts import make_hard_bot  # here: only the Hard level loads the search
        return make_hard_bot(game_id, seed, iterations=iterations, **options)
    return heuristic_bot(game_id, level, seed)   # the game's Easy and Normal (or random)
