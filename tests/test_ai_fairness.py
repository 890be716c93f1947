"""No AI level cheats: a bot decides alike on a state and on any deal consistent with its view.

``make_bot(game, level, seed).choose(state, seat)`` must equal the same call (a fresh bot
with the same seed) on ``state.determinize(seat, rng)``: the two states differ only in
what ``seat`` cannot know, so an equal answer at every probed point is the proof that
the bot reads nothing else. Hard runs with a fixed ``iterations`` so it is deterministic.
"""
from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, make_bot
from game.engine import GAMES, new_game

AVAILABLE = [g for g, info in GAMES.items() if info.available]
HARD_ITERATIONS = 16
PROBES_PER_GAME = 16


def _players(game_id: str) -> int:
    return max(GAMES[game_id].min_players, 4)


def _probe_points(game_id: str, seed: int, count: int) -> list:
    """States with a real choice, spread over a seeded game played by Normal bots."""
    n = _players(game_id)
    state = new_game(game_id, n, seed=seed)
    bots = [make_bot(game_id, "normal", seed * 10 + s) for s in range(n)]
    rng = random.Random(seed)
    points = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1 and rng.random() < 0.25:
            points.append(state.clone())
        seat = state.current_player
        state.apply(bots[seat].choose(state, seat))
    step = max(1, len(points) // count)
    return points[::step][:count]


@pytest.mark.parametrize("game_id", AVAILABLE)
@pytest.mark.parametrize("level", LEVELS)
def test_choose_reads_only_the_view(game_id: str, level: str) -> None:
    points = _probe_points(game_id, 4242, PROBES_PER_GAME)
    assert points, "the seeded game offered no choice to probe"
    differed = 0
    for k, state in enumerate(points):
        seat = state.current_player
        det = state.determinize(seat, random.Random(k))
        differed += det.to_dict() != state.to_dict()
        seed = 1000 + k
        on_state = make_bot(game_id, level, seed, iterations=HARD_ITERATIONS).choose(state, seat)
        on_det = make_bot(game_id, level, seed, iterations=HARD_ITERATIONS).choose(det, seat)
        assert on_state == on_det, (
            f"{game_id} {level}: {on_state!r} on the true state but {on_det!r} on a "
            f"determinization for seat {seat} (probe {k})")
        assert on_state in state.legal_actions()
    assert differed, "no probe had hidden information to vary: the test proves nothing"
