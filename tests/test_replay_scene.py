"""Watching a recorded game through the real app: the game's own table replays the moves
from the seed; play, pause, a step back and on, speed, whose view; --replay from the
command line, and one clear line for what cannot be replayed."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import new_game
from game.replay import Recording, Replayer
from game.session import Match, Seat
from scenes.replay import watch
from tests.harness import make_app, press

ROOT = Path(__file__).resolve().parent.parent
SEATS = (Seat("Robin", True, colour=0), Seat("Wren", False, "normal", 1),
         Seat("Finch", False, "easy", 2))


def record(store, game: str = "cubirds", seed: int = 77) -> int:
    """A finished game of random moves, recorded as a table records one."""
    state = new_game(game, 3, seed)
    match_id = store.start_match(Match(game, SEATS, seed), seed, state)
    rng = random.Random(seed)
    index = 0
    while not state.is_terminal():
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        state.apply(action)
        store.record_move(match_id, index, seat, action, state, [])
        index += 1
    return match_id


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.finish()


@pytest.mark.parametrize("game", ["cubirds", "flip_a_bird", "flappy_families", "yard_birbs"])
def test_a_replay_steps_on_and_back_through_the_recorded_positions(app, game):
    match_id = record(app.ctx.store, game)
    assert watch(app.ctx, match_id) == ""
    app.stack.apply_pending()
    table = app.stack.top
    player = Replayer(Recording.from_saved(app.ctx.store.load_match(match_id)))
    press(app, pygame.K_RETURN)                   # pause
    assert table.paused
    for k in range(1, 4):                         # a step on: the recorded move, animated
        press(app, pygame.K_RIGHT)
        for _ in range(400):
            if not table.animator.busy:
                break
            app.frame(1 / 20)
        assert table.moves_played == k
        assert table.state.to_dict() == player.state_at(k).to_dict()
    press(app, pygame.K_LEFT)                     # a step back: at once
    assert table.moves_played == 2 and not table.animator.busy
    assert table.state.to_dict() == player.state_at(2).to_dict()
    press(app, pygame.K_h)                        # whose view: the spectator's, then seat 0's
    assert table.couch.viewer == 0 and table.shown == table.state.view(0)
    table.go_to(len(player))                      # the end: exactly the recorded final state
    assert table.state.is_terminal()
    assert table.state.to_dict() == player.final.to_dict()
    for _ in range(100):
        app.frame(1 / 20)
    assert app.stack.top is table                 # a replay stays on its last position
    press(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    assert app.stack.top is not table


def test_playing_runs_the_moves_at_the_chosen_speed(app):
    match_id = record(app.ctx.store)
    watch(app.ctx, match_id)
    app.stack.apply_pending()
    table = app.stack.top
    press(app, pygame.K_UP)
    assert table.replay_speed == "fast"
    for _ in range(300):
        app.frame(1 / 20)
    assert table.moves_played >= 3 and not table.paused
    assert table.keeper.match_id is None                 # watching records nothing


def test_replay_flag_opens_a_match_or_says_what_is_wrong(tmp_path):
    env_data = tmp_path / "data"
    import os
    env = dict(os.environ, XDG_DATA_HOME=str(env_data))
    os.environ["XDG_DATA_HOME"] = str(env_data)
    from game.store import open_store
    store = open_store()
    match_id = record(store)
    store.close()
    shot = tmp_path / "replay.png"
    run = subprocess.run([sys.executable, "main.py", "--headless", "--replay", str(match_id),
                          "--frames", "30", "--screenshot", str(shot)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and shot.exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for what, words in ((str(bad), "not valid JSON"), ("999", "no match 999")):
        run = subprocess.run([sys.executable, "main.py", "--headless", "--replay", what],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 2
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0] and lines[0].startswith("birdhouse: error:")
