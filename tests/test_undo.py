"""The undo policy (game/undo.py), Board Game Arena's: a person takes back their own last
decision (and the AI moves after it) until something they could not know is revealed, a
random draw happens or another person acts; taking back restores the game exactly."""
from __future__ import annotations

import random

import pytest

from game.cubirds.rules import DrawTwo, Place
from game.engine import GAMES, new_game
from game.flappy_families.rules import Flip
from game.undo import SAMPLES, UndoGuard

CASES = [(game_id, humans) for game_id, spec in GAMES.items() if spec.available
         for humans in ((0,), (0, 1))]


class Table:
    """Random play with a guard fed as the table feeds it, and every state kept."""

    def __init__(self, game_id: str, players: int, seed: int, humans, samples=SAMPLES) -> None:
        self.state = new_game(game_id, players, seed)
        self.guard = UndoGuard(humans, samples)
        self.rng = random.Random(seed)
        self.states = [self.state.to_dict()]
        self.seats: list[int | None] = []

    def step(self, choose=None):
        seat = self.state.current_player
        actions = self.state.legal_actions()
        action = choose(actions) if choose else self.rng.choice(actions)
        before = self.state.clone()
        self.state.apply(action)
        self.guard.played(len(self.seats), seat, before, action, self.state)
        self.seats.append(seat)
        self.states.append(self.state.to_dict())
        return seat, action, before


@pytest.mark.parametrize("game_id,humans", CASES)
def test_what_may_be_taken_back_and_that_it_comes_back_exactly(game_id, humans):
    allowed = refused = taken = 0
    for seed in range(2):
        # two deals per check keep this quick: it pins the bookkeeping, not the sampling
        table = Table(game_id, GAMES[game_id].min_players, seed, humans, samples=2)
        while not table.state.is_terminal() and len(table.seats) < 250:
            table.step()
            for seat in humans:
                k = table.guard.target(seat)
                if k is None:
                    refused += 1
                    continue
                allowed += 1
                assert table.seats[k] == seat
                assert all(s not in humans for s in table.seats[k + 1:])
                assert table.states[k]["rng"] == table.states[-1]["rng"], "a draw undone"
                if table.rng.random() < 0.2:
                    table.state = table.guard.take_back(k)
                    assert table.state.to_dict() == table.states[k]
                    del table.states[k + 1:], table.seats[k:]
                    taken += 1
                    break
    assert allowed and refused and taken


def test_a_card_nobody_showed_you_cannot_be_taken_back():
    for seed in range(5):
        table = Table("flappy_families", 3, seed, (0,))
        while not table.state.is_terminal():
            state = table.state
            hidden = [a for a in state.legal_actions() if isinstance(a, Flip)
                      and not state.known[a.slot] & 1] if state.current_player == 0 else []
            if hidden:
                table.step(lambda actions: hidden[0])
                assert table.guard.target(0) is None
                return
            table.step()
    pytest.fail("no face-down flip by seat 0 found")


def test_placing_your_own_birds_can_be_taken_back_but_drawing_cannot():
    found = set()
    for seed in range(20):
        table = Table("cubirds", 2, seed, (0,))
        while not table.state.is_terminal() and len(found) < 2:
            seat, action, before = table.step()
            if seat != 0:
                continue
            if isinstance(action, Place) and table.state.current_player == 0 \
                    and table.state.legal_actions() == [DrawTwo(True), DrawTwo(False)]:
                assert table.guard.target(0) == len(table.seats) - 1   # nothing was new
                found.add("place")
            if action == DrawTwo(True):
                assert table.guard.target(0) is None                  # cards came off the pile
                found.add("draw")
    assert found == {"place", "draw"}


def test_another_person_acting_is_a_wall():
    table = Table("yard_birbs", 3, 4, (0, 1))
    seen = False
    while not table.state.is_terminal():
        seat, _, _ = table.step()
        if seat == 1 and 0 in table.seats:
            assert table.guard.target(0) is None
            seen = True
    assert seen


def test_a_random_draw_is_a_wall():
    for seed in range(10):
        table = Table("cubirds", 3, seed, (0,))
        while not table.state.is_terminal():
            seat, _, before = table.step()
            if seat == 0 and before.rng.getstate() != table.state.rng.getstate():
                assert table.guard.target(0) is None
                return
    pytest.fail("no random draw by seat 0 found")


def test_only_people_take_back_and_only_what_was_recorded():
    table = Table("cubirds", 2, 1, (0,))
    table.step()
    assert table.guard.target(1) is None         # an AI seat
    with pytest.raises(ValueError):
        table.guard.take_back(99)
