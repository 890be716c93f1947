"""Flip a Bird's Easy and Normal bots: reachable, legal, finishing, fair and sensible."""
from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.engine import new_game
from game.flip_a_bird.ai import EasyBot, NormalBot, pick_value
from game.flip_a_bird.rules import CLAIM, DRAW, TIP_GREEN, TIP_RED, Pick, Play
from tests.test_flip_a_bird_rules import Box, b, position, sp

GAME = "flip_a_bird"


def test_make_bot_reaches_both_levels():
    assert isinstance(make_bot(GAME, "easy", 1), EasyBot)
    assert isinstance(make_bot(GAME, "normal", 1), NormalBot)
    assert make_bot(GAME, "easy", 1).level == "easy"
    assert make_bot(GAME, "normal", 1).level == "normal"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_play_only_legal_moves_to_the_end(players):
    for game in range(3):
        seed = 500 + 10 * players + game
        state = new_game(GAME, players, seed=seed)
        levels = ["easy", "normal", "random"]
        bots = [make_bot(GAME, levels[(s + game) % 3], seed + s) for s in range(players)]
        steps = 0
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions()
            state.apply(action)
            steps += 1
            assert steps < 5000
        assert state.winners()


def test_bots_decide_the_same_on_a_determinization():
    """Fairness: a bot cannot tell the real state from any deal consistent with its view."""
    checked = 0
    for seed in (11, 12):
        state = new_game(GAME, 4, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            seat = state.current_player
            if step % 3 == 0 and len(state.legal_actions()) > 1:
                for level in ("easy", "normal"):
                    fake = state.determinize(seat, random.Random(step))
                    first = make_bot(GAME, level, step).choose(state, seat)
                    second = make_bot(GAME, level, step).choose(fake, seat)
                    assert first == second, (level, state.phase)
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 20


def test_same_seed_same_decisions():
    for level in ("easy", "normal"):
        logs = []
        for _ in range(2):
            state = new_game(GAME, 5, seed=77)
            bots = [make_bot(GAME, level, 9 + s) for s in range(5)]
            log = []
            while not state.is_terminal():
                seat = state.current_player
                action = bots[seat].choose(state, seat)
                log.append(action)
                state.apply(action)
            logs.append(log)
        assert logs[0] == logs[1]


def row_state(row, current=2, n=4, hands=None, box=None):
    box = box or Box()
    ids = [(box.take(face), up, by) for face, up, by in row]
    hands = hands or [[box.spare(), box.spare()] for _ in range(n)]
    return position(n, hands, box, row=ids, current=current), box


def test_normal_claims_a_row_visibly_over_and_not_a_tiny_one():
    over = [(b("red", 3), True, 0), (b("blue", 3), True, 1), (b("green", 3), True, 0),
            (b("yellow", 3), True, 1)]
    state, _ = row_state(over)
    assert make_bot(GAME, "normal", 1).choose(state, 2) == CLAIM
    state, _ = row_state([(b("red", 1), True, 1)])
    assert make_bot(GAME, "normal", 1).choose(state, 2) == DRAW


def test_normal_tips_by_the_chance_of_too_many():
    # 12 birds face up; only a few unseen cards (a neighbour card, a zero) could save it
    over = [(b("red", 3), True, 0), (b("blue", 3), True, 1), (b("green", 3), True, 0),
            (b("yellow", 3), True, 1), (b("yellow", 2), False, 1)]
    state, _ = row_state(over)
    state.apply(CLAIM)                     # seat 2 claims; seat 3 tips
    assert make_bot(GAME, "normal", 3).choose(state, 3) == TIP_RED
    state, _ = row_state([(b("red", 1), True, 0), (b("blue", 1), False, 1)])
    state.apply(CLAIM)
    assert make_bot(GAME, "normal", 3).choose(state, 3) == TIP_GREEN


def test_normal_plays_the_card_that_keeps_the_row_safe():
    box = Box()
    row = [(box.take(b("red", 3)), True, 0), (box.take(b("blue", 3)), True, 1)]
    low, high = box.take(b("green", 1)), box.take(b("yellow", 3))
    hands = [[box.spare(), box.spare()], [box.spare(), box.spare()], [low, high]]
    drawn = box.take(b("blue", 3))
    top = [box.take(b("blue", 2), False), drawn]      # after the draw: face down
    state = position(3, hands, box, top=top, row=row, current=2, last=1)
    state.apply(DRAW)
    # limit 8 with 6 in the row: either 3-bird card goes over, the green 1 does not
    assert make_bot(GAME, "normal", 5).choose(state, 2) == Play(low)


def test_normal_drafts_the_card_that_completes_a_set():
    box = Box()
    pile = [box.take(b(colour, 1)) for colour in ("blue", "green", "red")]
    yellow = box.take(b("yellow", 1))
    double = box.take(sp("colour_double", "blue"))
    assert pick_value(pile, yellow, 1.5) == 7
    assert pick_value(pile, double, 1.5) == 2
    assert pick_value(pile, box.take(b("blue", 3)), 1.5) == 1
    faces = [b("red", 3), b("blue", 3), b("green", 3)]
    row = [(box.take(face), True, i % 4) for i, face in enumerate(faces)]
    row += [(yellow, True, 2), (double, True, 3)]    # 3 + 6 + 3 + 1 = 13 > 10
    hands = [[box.spare(), box.spare()] for _ in range(4)]
    state = position(4, hands, box, row=row, current=0)
    state.won[0] = list(pile)
    state.apply(CLAIM)                       # 0 claims against 3; 1 and 2 tip
    state.apply(TIP_RED)
    state.apply(TIP_GREEN)
    assert state.phase == "pick" and state.current_player == 0
    assert make_bot(GAME, "normal", 2).choose(state, 0) == Pick(yellow)


