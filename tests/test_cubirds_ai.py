"""CuBirds bots: reachable through make_bot, legal, deterministic, fair and not weak."""
from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.cubirds import ai
from game.engine import new_game


def play(levels: list[str], seed: int) -> tuple[list[int], list]:
    """One seeded game of the given bots; returns the winners and the move list."""
    bots = [make_bot("cubirds", level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    state = new_game("cubirds", len(levels), seed=seed)
    moves = []
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions()
        state.apply(action)
        moves.append(action)
    return state.winners(), moves


def test_make_bot_reaches_both_levels():
    assert isinstance(make_bot("cubirds", "easy", seed=1), ai.EasyBot)
    assert isinstance(make_bot("cubirds", "normal", seed=1), ai.NormalBot)
    with pytest.raises(ValueError):
        ai.make_bot("expert", 1)


@pytest.mark.parametrize("levels", [
    ["normal", "easy"],
    ["easy", "normal", "random"],
    ["normal", "normal", "easy", "random"],
    ["easy", "easy", "normal", "normal", "random"],
])
def test_bots_finish_seeded_games_with_legal_moves(levels):
    for seed in range(3):
        winners, moves = play(levels, seed)
        assert winners and moves


def test_same_seed_same_decisions():
    assert play(["normal", "easy", "easy"], 4) == play(["normal", "easy", "easy"], 4)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_decide_the_same_on_any_determinization(level):
    """Fairness: a bot cannot tell the real deal from one its seat cannot rule out."""
    checked = 0
    for seed in range(4):
        state = new_game("cubirds", 4, seed=100 + seed)
        driver = random.Random(seed)
        step = 0
        while not state.is_terminal():
            seat = state.current_player
            if step % 3 == 0 and len(state.legal_actions()) > 1:
                fake = state.determinize(seat, random.Random(step))
                real_bot = make_bot("cubirds", level, seed=step)
                fake_bot = make_bot("cubirds", level, seed=step)
                assert real_bot.choose(state, seat) == fake_bot.choose(fake, seat)
                checked += 1
            state.apply(driver.choice(state.legal_actions()))
            step += 1
    assert checked > 50


def win_share(level: str, opponent: str, games: int) -> float:
    share = 0.0
    for game in range(games):
        seat = game % 4
        levels = [level if i == seat else opponent for i in range(4)]
        winners, _ = play(levels, 7000 + game)
        if seat in winners:
            share += 1 / len(winners)
    return share / games


def test_normal_beats_random_and_easy_and_easy_beats_random():
    normal = win_share("normal", "random", 40)
    easy = win_share("easy", "random", 40)
    assert normal >= 0.5 and easy >= 0.3
    assert normal > easy
    assert win_share("normal", "easy", 40) > 0.4
