"""Results keep the final scores on screen until someone chooses what next on purpose:
key presses through the real input path, from the last move on, held keys included."""
import random

import pygame
import pytest

from game.engine import GAMES
from game.session import Match, Seat, default_seats
from scenes.results import CALM, Results, ScorePanel
from scenes.title import Title
from tests.harness import make_app, post, press, show
from tests.toy.rules import new_toy
from tests.toy.table import ToyTable

FPS = 60


@pytest.fixture
def app(tmp_path):
    GAMES.register("tests.toy")
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    yield app
    GAMES.unregister("toy")
    pygame.quit()


def down(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def run(app, frames: int) -> None:
    for _ in range(frames):
        app.frame(1 / FPS)


def finished_toy():
    state = new_toy(3, seed=4)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_enter_pressed_on_and_on_from_the_last_move_never_deals_again(app):
    """Enter every frame through the whole game and 15 s of the results: they stay."""
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    frames = 0
    while not isinstance(app.stack.top, Results):
        press(app, pygame.K_RETURN)
        frames += 1
        assert frames < 20000, "the game never ended"
    results = app.stack.top
    assert table.state.is_terminal()
    for _ in range(15 * FPS):
        press(app, pygame.K_RETURN)
    assert app.stack.top is results and isinstance(results.group.focused, ScorePanel)


def test_a_held_key_and_its_repeats_from_before_the_scores_showed_choose_nothing(app):
    show(app, Title(app.ctx))
    results = show(app, Results(app.ctx, finished_toy(), Match("toy", default_seats(3), 8)),
                   frames=1)
    start = results.group.focused
    assert isinstance(start, ScorePanel)
    post(down(pygame.K_RETURN), down(pygame.K_DOWN))      # held from the last move
    run(app, int(CALM * FPS) + 2)
    assert results.listening and results.prompts
    for _ in range(40):                                   # the keys repeat, never released
        post(down(pygame.K_RETURN))
        run(app, 3)                                       # Down repeats on its own
    assert app.stack.top is results and results.group.focused is start
    post(up(pygame.K_RETURN), up(pygame.K_DOWN))
    press(app, pygame.K_RETURN)                           # a new press, on a score panel
    assert app.stack.top is results and results.group.focused is start


def test_play_again_takes_a_deliberate_move_and_press(app):
    show(app, Title(app.ctx))
    results = show(app, Results(app.ctx, finished_toy(), Match("toy", default_seats(3), 8)),
                   frames=1)
    run(app, int(CALM * FPS) + 2)
    press(app, pygame.K_DOWN)                             # from the panels to the buttons
    for _ in range(3):
        if results.group.focused.label == "Play again":
            break
        press(app, pygame.K_LEFT)
    assert results.group.focused.label == "Play again"
    press(app, pygame.K_RETURN)
    app.frame(1 / FPS)
    table = app.stack.top
    assert isinstance(table, ToyTable) and table.match.seed == 9


def test_focus_starts_on_the_one_persons_panel_else_the_winners(app):
    state = finished_toy()
    seats = tuple(Seat(f"S{i}", human=i == 2) for i in range(3))
    alone = Results(app.ctx, state, Match("toy", seats, 8))
    assert alone.group.focused.seat == 2
    everyone = Results(app.ctx, state, Match("toy", default_seats(3, 0), 8))
    assert everyone.group.focused.seat == state.winners()[0]
