"""Flags: good ones parse, bad ones are one line on stderr and exit code 2."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import UsageError, parse

ROOT = Path(__file__).resolve().parent.parent


def test_good_flags_parse():
    o = parse(["--windowed", "--size", "1280x720", "--seed", "-4", "--frames", "10",
               "--headless", "--kiosk"])
    assert o.fullscreen is False and o.size == (1280, 720) and o.seed == -4
    assert o.frames == 10 and o.headless and o.kiosk
    assert parse(["--fullscreen"]).fullscreen is True
    assert parse([]).fullscreen is None


@pytest.mark.parametrize("argv, words", [
    (["--bogus"], "unrecognized"),
    (["--size", "big"], "size must look like"),
    (["--size", "10x10"], "out of range"),
    (["--frames", "0"], "above 0"),
    (["--frames", "ten"], "whole number"),
    (["--seed", "x"], "whole number"),
    (["--game", "chess"], "invalid choice"),
    (["--players", "9"], "between 2 and 6"),
    (["--fullscreen", "--windowed"], "not allowed"),
    (["--autoplay"], "needs --game"),
    (["--screenshot", "/no/such/dir/x.png"], "no such folder"),
])
def test_bad_flags_raise_a_clear_usage_error(argv, words):
    with pytest.raises(UsageError, match=words):
        parse(argv)


def test_bad_flag_exits_2_with_one_line_and_no_traceback():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "main.py", "--size", "huge"], cwd=ROOT,
                            capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("birdhouse: error:")
    assert "Traceback" not in result.stderr


def test_players_outside_a_games_range_are_refused():
    from game.engine import GAMES
    for info in GAMES.values():
        if not info.available:
            continue
        with pytest.raises(UsageError, match="players"):
            parse(["--game", info.id, "--players", str(info.max_players + 1)])


def test_a_headless_smoke_run_walks_from_the_title_to_game_select(tmp_path):
    """`--headless --frames N` from the title presses Play half-way (the Done-when run)."""
    import pygame

    from scenes.game_select import GameSelect
    from scenes.start import first_scene
    from tests.harness import make_app

    app = make_app(tmp_path, frames=80)
    try:
        assert app.run(first_scene(app.ctx)) == 0
        assert isinstance(app.stack.top, GameSelect)
    finally:
        pygame.quit()
