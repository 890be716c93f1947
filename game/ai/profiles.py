"""The Hard search's settings (a :class:`Profile`) and how a capped playout is judged.

Each game keeps its own profile in its own package (``PROFILE`` in ``game/<id>/hard.py``,
named by its GameSpec), so this module names no game. A playout that stops at its
depth cap is scored by an evaluation: each seat's standing (score, or progress toward a
win) turned into win chances by a softmax, so the reward vector looks like the one a
finished game gives (win shares summing to 1).
"""
from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from game.engine import GAMES, State

Values = Callable[[State], list[float]]


def score_values(state: State) -> list[float]:
    """Running scores: the standing in every game that is won on points."""
    return [float(s) for s in state.scores()]


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """Win chances from standings: higher is likelier, ``temperature`` sets how much."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


@dataclass(frozen=True)
class Profile:
    """How the Hard search plays one game (see the module docstring)."""

    game_id: str
    playout: str = "random"        # "random", or a heuristic level: "easy" / "normal"
    playout_samples: int | None = None  # belief samples of a sampling playout bot
    depth: int | None = None       # playout steps before the evaluation; None: to the end
    exploration: float = 0.7       # UCB constant (rewards lie in 0..1)
    temperature: float = 3.0       # softmax temperature of the evaluation
    budget: float = 0.150          # seconds of thinking per decision
    prior: float = 0.0             # progressive-bias weight of the heuristic's root pick
    # Whose pick and ranking the search starts from (seed -> bot); None: the Normal bot.
    adviser: Callable[[int], Any] | None = field(default=None, repr=False)
    prior_z: float = 0.0           # standard errors by which the search must beat it
    paired: bool = False           # flat root race on shared deals instead of the tree
    race_z: float = 2.0            # standard errors behind the leader that end a race
    halving: int = 0               # halve larger fields after deals 1, 2, 4...; 0: never
    shortlist: int = 0             # race only the heuristic's best this many; 0: all
    values: Values = field(default=score_values, repr=False)
    # The depth cap waits for a state where this holds, a turn's start, so that the
    # evaluation never judges a turn half played; None: stop at the cap itself.
    turn_start: Callable[[State], bool] | None = field(default=None, repr=False)

    def evaluate(self, state: State) -> list[float]:
        return softmax(self.values(state), self.temperature)


def hard_module(game_id: str):
    """The game's Hard module (its GameSpec names it), or None if it has none."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    name = GAMES[game_id].hard
    return importlib.import_module(name) if name else None


def profile_for(game_id: str, **overrides) -> Profile:
    """The game's profile with any fields replaced (measurements, experiments). On the
    arena's command line ``values`` and ``turn_start`` name a function of the game's
    Hard module (``values=score`` is the plain scores)."""
    module = hard_module(game_id)
    base = getattr(module, "PROFILE", None) or Profile(game_id)
    for name in ("values", "turn_start"):
        chosen = overrides.get(name)
        if isinstance(chosen, str):
            found = score_values if chosen == "score" else getattr(module, chosen, None)
            if not callable(found):
                raise ValueError(f"{game_id} has no evaluation function {chosen!r}")
            overrides[name] = found
    if overrides.get("depth") is not None and overrides["depth"] < 0:
        overrides["depth"] = None
    return replace(base, **overrides) if overrides else base
