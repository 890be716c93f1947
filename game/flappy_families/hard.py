"""How the Hard search plays Flappy Families: its profile and how it judges a capped
playout (scores plus each seat's next turn as its own memory makes it look)."""
from __future__ import annotations

from game.ai.profiles import Profile, score_values
from game.engine import State
from game.flappy_families.ai import SharpBot, next_turn_value
from game.flappy_families.rules import FLIP


def turn_start(state: State) -> bool:
    """A Flappy Families turn starts with its first flip: ``next_turn_value`` reads
    every seat from there."""
    return state.phase == FLIP


SOONER = 0.8  # a next turn's worth, per turn other seats take before it comes


def values(state: State) -> list[float]:
    """Scores plus what each seat's next turn is worth to the Normal bot from that
    seat's own view: a memory game's standing is also what each seat knows.

    A turn further off is worth less (``SOONER`` per turn taken first by another seat):
    by then others may have found the pair a seat has in mind, or flipped it open.
    """
    if state.is_terminal():
        return score_values(state)
    players = state.num_players
    # Mid-turn, the seat to move has its next turn after everybody else's.
    first = (state.current_player + (state.phase != FLIP)) % players
    return [score + SOONER ** ((seat - first) % players) * next_turn_value(state.view(seat))
            for seat, score in enumerate(state.scores())]


# Memory-aware evaluation (100-game A/B: 34.3% against 20.8% on scores alone), the later
# turns discounted (seeds 11 and 21: 31.5% and 33.3% against 25.8% and 32.3% undiscounted).
# A first flip chooses among 9 to 14 face-down cards, and at 150 ms that field got 2 to 5
# deals, too few to overrule Normal's pick. Racing only the 4 best (``shortlist``) and
# thinking up to 190 ms (decision p99 target 200 ms): 35.7% on seed 1 (200 games), where
# the profile before gave 30.3%, but 29.2% on seed 11 (100 games). Starting from
# SharpBot's pick and ranking instead of Normal's (``adviser``): 41.8% on seed 1.
PROFILE = Profile("flappy_families", playout="normal", depth=10, temperature=4.0,
                  values=values, paired=True, prior_z=1.0, shortlist=4, budget=0.19,
                  adviser=SharpBot)
