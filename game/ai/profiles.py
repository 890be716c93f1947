"""Per-game settings of the Hard search: playout policy, depth cap, evaluation, budget.

A playout that stops at its depth cap is scored by an evaluation: each seat's standing
(score, or progress toward a win) turned into win chances by a softmax, so the reward
vector looks like the one a finished game gives (win shares summing to 1). The numbers
here were chosen by measurement with ``tools.arena`` (see issue 7's note).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from game.ai.evaluations import (cubirds_turn_start, cubirds_values,
                                 flappy_families_turn_start, flappy_families_values,
                                 score_values, yard_birbs_values)
from game.engine import GAMES, State

Values = Callable[[State], list[float]]

VALUES: dict[str, Values] = {"score": score_values, "cubirds": cubirds_values,
                              "yard_birbs": yard_birbs_values,
                              "flappy_families": flappy_families_values}
"""Evaluations by name, so the arena can try one from the command line."""

TURN_STARTS: dict[str, Callable[[State], bool]] = {
    "cubirds": cubirds_turn_start, "flappy_families": flappy_families_turn_start}
"""Where a game's turns start, by name (``Profile.turn_start``)."""


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
    prior_level: str = "normal"    # whose pick that is
    prior_z: float = 0.0           # standard errors by which the search must beat it
    paired: bool = False           # flat root race on shared deals instead of the tree
    race_z: float = 2.0            # standard errors behind the leader that end a race
    halving: int = 0               # halve larger fields after deals 1, 2, 4...; 0: never
    values: Values = field(default=score_values, repr=False)
    # The depth cap waits for a state where this holds, a turn's start, so that the
    # evaluation never judges a turn half played; None: stop at the cap itself.
    turn_start: Callable[[State], bool] | None = field(default=None, repr=False)

    def evaluate(self, state: State) -> list[float]:
        return softmax(self.values(state), self.temperature)


PROFILES: dict[str, Profile] = {
    # Every game races its root moves on shared deals (``paired``), played on by the
    # Normal policy to a depth cap; issue 7's note has the arena runs behind each number.
    # CuBirds places up to 48 ways: halving the field leaves the few good placements
    # dozens of deals instead of a handful (100-game A/B on seed 11: 26.0% without,
    # 30.0% with, 36.0% with the pick kept unless beaten by 1.5 standard errors). The
    # deals that buys can look twice as far (41.0% at depth 16; 43.0% playing on to
    # the next turn's start; 34.0% at depth 24 with it).
    "cubirds": Profile("cubirds", playout="normal", depth=16, temperature=0.3,
                       values=cubirds_values, turn_start=cubirds_turn_start,
                       paired=True, prior_z=1.5, halving=4),
    # Flip a Bird's Normal bot samples 160 rows a decision; 40 in a playout gives a
    # decision 2.7x the deals (100-game A/B on seed 11: 37.5% against 36.0%).
    "flip_a_bird": Profile("flip_a_bird", playout="normal", depth=10, temperature=3.0,
                           paired=True, prior_z=1.0, playout_samples=40),
    # Flappy Families rates a capped playout by scores plus each seat's next turn as
    # its own memory makes it look (100-game A/B: 34.3% against 20.8% on scores alone),
    # the later turns discounted (seeds 11 and 21: 31.5% and 33.3% against 25.8% and
    # 32.3% undiscounted).
    "flappy_families": Profile("flappy_families", playout="normal", depth=10,
                               temperature=4.0, values=flappy_families_values,
                               paired=True, prior_z=1.0),
    "yard_birbs": Profile("yard_birbs", playout="normal", depth=20, temperature=4.0,
                          values=yard_birbs_values, paired=True, prior_z=1.5),
}


def profile_for(game_id: str, **overrides) -> Profile:
    """The game's profile with any fields replaced (measurements, experiments)."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}")
    base = PROFILES.get(game_id) or Profile(game_id)
    for name, known in (("values", VALUES), ("turn_start", TURN_STARTS)):
        if isinstance(overrides.get(name), str):  # named on the arena's command line
            overrides[name] = known[overrides[name]]
    if overrides.get("depth") is not None and overrides["depth"] < 0:
        overrides["depth"] = None
    return replace(base, **overrides) if overrides else base
