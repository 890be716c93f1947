"""A fifth game needs only its own packages and one registry entry: the toy game from
tests/ is registered through the same path as the real four, and every screen that lists
or plays games finds it (game select, seat setup, its table, its rules page, results)."""
import pygame
import pytest

from game.engine import GAMES
from scenes.game_select import GameSelect
from scenes.results import Results
from scenes.rules import Rules
from scenes.seat_setup import SeatSetup
from tests.harness import make_app, press, show
from tests.toy.table import ToyTable


@pytest.fixture
def app(tmp_path):
    GAMES.register("tests.toy")
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    yield app
    GAMES.unregister("toy")
    pygame.quit()


def test_a_registered_game_is_listed_set_up_played_and_explained(app):
    assert list(GAMES)[-1] == "toy" and len(GAMES) == 5
    select = show(app, GameSelect(app.ctx))
    cards = select.group.widgets
    assert [c.info.id for c in cards][-1] == "toy" and cards[-1].enabled
    assert all(c.rect.right <= 1920 - 96 and c.rect.left >= 96 for c in cards)  # all fit
    select.group.index = len(cards) - 1
    press(app, pygame.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, SeatSetup) and setup.info.id == "toy"
    setup.group.focus(setup.start_button)
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, ToyTable) and table.match.game_id == "toy"
    for _ in range(20000):                     # the human plays whatever is focused
        if isinstance(app.stack.top, Results):
            break
        if table.human_deciding:
            press(app, pygame.K_RETURN)
        else:
            app.frame(1 / 30)
    results = app.stack.top
    assert isinstance(results, Results) and results.match.game_id == "toy"
    rules = show(app, Rules(app.ctx, "toy"))
    assert rules.games[rules.game] == "toy" and len(rules.tabs) == 5
    assert rules.pages[0].heading == "The goal"


def test_unregistering_leaves_the_four(app):
    GAMES.unregister("toy")
    assert "toy" not in GAMES and len(GAMES) == 4
