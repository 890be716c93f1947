"""Every scene opens headless and renders; the menus work from keys, mouse and pads."""
import logging
import random

import pygame
import pytest

from game.input import Act, Input, KBM
from game.scene import Scene
from game.session import Match, default_seats
from tests.harness import key, make_app, post, press, show
from tests.toy.rules import new_toy
from tools.screens import menu_scenes


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    pygame.quit()


def _finished_toy():
    state = new_toy(3, seed=4)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_menu_scene_renders_a_frame(app):
    for name, factory in menu_scenes(app.ctx):
        app.screen.fill((0, 0, 0))
        before = pygame.image.tobytes(app.screen, "RGB")
        show(app, factory(), frames=3)
        screen = app.screen
        assert screen.get_size() == (1920, 1080)
        # something was drawn: the canvas is no longer the black it was filled with, and
        # it is more than one flat colour
        colours = {screen.get_at((x, y))[:3] for x in range(0, 1920, 97)
                                 for y in range(0, 1080, 89)}
        assert len(colours) > 5, f"{name} looks blank"
        assert pygame.image.tobytes(screen, "RGB") != before, f"{name} drew nothing new"


def test_results_render_for_a_finished_game(app):
    from scenes.results import Results

    state = _finished_toy()
    scene = Results(app.ctx, state, Match("toy", default_seats(3)))
    show(app, scene, frames=2)
    names = [seat.name for seat in scene.match.seats]
    winners = [names[i] for i in state.winners()]
    losers = [n for i, n in enumerate(names) if i not in state.winners()]
    headline = scene.headline()
    # the game's own winners are named, and nobody else is
    assert "win" in headline and all(name in headline for name in winners), headline
    assert not any(name in headline for name in losers), headline


def test_rules_pages_all_render_and_turn(app):
    from scenes.rules import Rules
    from scenes.table.spec import table_spec

    scene = Rules(app.ctx)
    show(app, scene)
    for game_index, game_id in enumerate(scene.games):
        assert scene.games[scene.game] == game_id
        for page in range(len(table_spec(game_id).how_to())):
            assert scene.page == page
            app.frame(1 / 60)
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_e)
    assert scene.game == 0  # wrapped around


def test_walk_from_title_to_game_select_with_keys(app):
    from scenes.game_select import GameSelect
    from scenes.title import Title

    show(app, Title(app.ctx))
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameSelect)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Title)


def test_title_menu_works_with_a_mouse(app):
    from scenes.settings import SettingsScene
    from scenes.title import Title

    title = show(app, Title(app.ctx))
    target = next(w for w in title.group.widgets if w.label == "Settings").rect.center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1))
    app.frame(1 / 60)
    assert isinstance(app.stack.top, SettingsScene)


def test_quit_from_the_title_ends_the_loop(app):
    from scenes.title import Title

    title = show(app, Title(app.ctx))
    press(app, pygame.K_ESCAPE)  # BACK moves focus to Quit, never quits by itself
    assert app.running
    press(app, pygame.K_RETURN)
    assert not app.running


def test_settings_changes_apply_and_persist(app, tmp_path):
    from game import settings as st
    from scenes.settings import SettingsScene

    scene = show(app, SettingsScene(app.ctx))
    labels = [w.label for w in scene.group.widgets]
    scene.group.index = labels.index("Colour patterns")
    press(app, pygame.K_RIGHT)
    assert app.ctx.settings.colour_patterns is False
    press(app, pygame.K_ESCAPE)  # leaving saves
    saved = st.load(tmp_path / "settings.json", logging.getLogger("t"))
    assert saved.colour_patterns is False


def test_kiosk_settings_offer_only_volumes(tmp_path):
    from scenes.settings import SettingsScene

    app = make_app(tmp_path, kiosk=True)
    scene = show(app, SettingsScene(app.ctx))
    assert [w.label for w in scene.group.widgets] == ["Music volume", "Effects volume"]
    pygame.quit()


def test_seat_setup_changes_player_count_and_seat_kinds(app):
    from scenes.seat_setup import SeatSetup

    scene = show(app, SeatSetup(app.ctx, "flip_a_bird"))
    scene.group.index = 0  # the Players row
    press(app, pygame.K_RIGHT)
    assert scene.count == 5
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert scene.count == 3
    assert len(scene.match().seats) == 3 and scene.match().seats[0].human


def test_unplugged_controller_pauses_a_game_and_any_device_resumes(app):
    from scenes.overlays import ControllerLost

    class FakeGame(Scene):
        pause_on_disconnect = True

        def draw(self, surface):
            surface.fill((10, 60, 40))

    app.input.opener = lambda index: (40 + index, "Test pad", None)
    show(app, FakeGame(app.ctx))
    post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    app.frame(1 / 60)
    assert "pad40" in app.input.devices
    post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=40))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, ControllerLost)
    press(app, pygame.K_ESCAPE)            # BACK does not dismiss by accident
    assert isinstance(app.stack.top, ControllerLost)
    press(app, pygame.K_RETURN)            # any device: the keyboard carries on
    assert isinstance(app.stack.top, FakeGame)


def test_unplug_on_a_menu_does_not_pause(app):
    from scenes.title import Title

    app.input.opener = lambda index: (50, "Test pad", None)
    show(app, Title(app.ctx))
    post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0),
         pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=50))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, Title)


def test_pause_quit_asks_first_then_returns_to_title(app):
    from scenes.overlays import Confirm
    from scenes.pause import Pause
    from scenes.title import Title

    class FakeGame(Scene):
        pass

    show(app, FakeGame(app.ctx))
    pause = show(app, Pause(app.ctx, "cubirds"))
    pause.group.index = 3  # Quit to menu
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, Confirm)
    press(app, pygame.K_RETURN)  # "Keep playing" has focus first
    assert isinstance(app.stack.top, Pause)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, Title) and len(app.stack) == 1


def test_missing_fonts_fall_back_with_one_warning(tmp_path, caplog):
    from game.assets import Assets

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    assets = Assets(logging.getLogger("test.assets"), font_dir=tmp_path)
    a = assets.text("Hello", 36)
    b = assets.text("World", 40)
    assert a.get_width() > 0 and b.get_width() > 0
    assert sum("missing" in r.getMessage() for r in caplog.records) == 1
    pygame.quit()


def test_text_cache_is_bounded(tmp_path):
    from game.assets import Assets

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    assets = Assets(logging.getLogger("t"), text_cache=50)
    for i in range(200):
        assets.text(f"line {i}", 30)
    assert assets.cached_text_count == 50
    pygame.quit()


def test_surface_caches_are_bounded_by_bytes():
    """Big surfaces push out old ones by weight, however few entries the cache holds."""
    from game.assets import LRU

    cache = LRU(100, max_bytes=3 * 100 * 100 * 4)
    for i in range(10):
        cache.get_or_make(i, lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(cache) == 3 and cache.used == 3 * 100 * 100 * 4
    assert cache.get(9) is not None and cache.get(0) is None
    cache.put(9, pygame.Surface((10, 10), pygame.SRCALPHA))  # replacing reweighs
    assert cache.used == 2 * 100 * 100 * 4 + 10 * 10 * 4


def test_seat_setup_offers_a_games_options_and_the_table_plays_them(app):
    """Flappy Families' declared options are rows of Seat setup (plain words, defaults
    chosen), reached with keys and the mouse; the table's game is the short game, and
    memory marks off reach the table's match but never the rules."""
    from game.flappy_families.rules import _SHORT_REMOVED
    from scenes.seat_setup import SeatSetup
    from scenes.table.scene import TableScene

    scene = show(app, SeatSetup(app.ctx, "flappy_families"))
    rows = {w.label: w for w in scene.group.widgets if getattr(w, "label", "") in
            ("Short game", "Memory marks")}
    assert [(label, w.value) for label, w in rows.items()] == [
        ("Short game", "Off"), ("Memory marks", "On")]
    scene.group.index = 0                     # Players, then down to the first option
    press(app, pygame.K_DOWN)
    assert scene.group.focused is rows["Short game"]
    press(app, pygame.K_RIGHT)
    assert rows["Short game"].value == "On"
    right = rows["Memory marks"].rect.midright
    spot = (right[0] - 30, right[1])          # its right arrow, with the mouse
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    app.frame(1 / 60)
    assert rows["Memory marks"].value == "Off"
    assert dict(scene.match().options) == {"short_game": True, "memory_aid": False}
    seats = scene.count
    scene.start()
    app.frame(1 / 60)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.option("memory_aid") is False
    assert table.state.short_game and len(table.state.removed) == _SHORT_REMOVED[seats] + 1
    again = show(app, SeatSetup(app.ctx, "flappy_families"))   # remembered for next time
    assert dict(again.match().options) == {"short_game": True, "memory_aid": False}


def test_a_game_without_options_has_no_option_rows(app):
    from game.engine import GAMES
    from scenes.seat_setup import SeatBadge, SeatSetup

    for game_id, spec in GAMES.items():
        if spec.options or not spec.available:
            continue
        scene = show(app, SeatSetup(app.ctx, game_id))
        labels = {getattr(w, "label", None) for w in scene.group.widgets}
        assert labels - {None, "Start game"} == {"Players", "Hands", "Phones", "Name",
                                                  "AI level"}, game_id
        first = next(w for w in scene.group.widgets if isinstance(w, SeatBadge))
        assert first.rect.y == 170 + 68 + 24      # the seat rows right under the top row
        assert scene.match().options == ()
        app.stack.pop()
        app.stack.apply_pending()


def test_seat_colours_can_be_changed_and_stay_unique(app):
    from scenes.seat_setup import SeatBadge, SeatSetup

    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    badge = next(w for w in scene.group.widgets if isinstance(w, SeatBadge) and w.seat == 0)
    scene.group.focus(badge)
    press(app, pygame.K_RIGHT)
    colours = [s.colour for s in scene.seats[:scene.count]]
    assert colours[0] != 0 and len(set(colours)) == len(colours)
    scene.group.index = 0
    press(app, pygame.K_RIGHT)  # a fifth seat joins
    colours = [s.colour for s in scene.seats[:scene.count]]
    assert scene.count == 5 and len(set(colours)) == 5


def test_results_ignore_presses_for_a_moment_then_show_prompts(app):
    from scenes.results import CALM, Results
    from scenes.title import Title

    show(app, Title(app.ctx))
    scene = show(app, Results(app.ctx, _finished_toy(), Match("toy", default_seats(3))),
                 frames=1)
    assert not scene.prompts
    press(app, pygame.K_ESCAPE)                   # a press meant for the last move
    assert app.stack.top is scene
    for _ in range(int(CALM * 60) + 2):
        app.frame(1 / 60)
    assert scene.prompts                          # now it listens, and says how
    press(app, pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, Title)


def test_cubirds_results_say_what_decided_the_game():
    import random

    from game.cubirds.rules import TWO_FLOCKS
    from game.engine import new_game

    for seed in range(40):
        state, rng = new_game("cubirds", 3, seed=seed), random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if state.end_reason == TWO_FLOCKS:
            break
    winner = state.winners()[0]
    value, counts, keys = state.deciding(winner)
    assert counts == "species of 3+" and int(value) >= 2 and len(keys) == int(value)
    rows = dict(state.score_breakdown()[winner])
    assert all(int(rows[k]) >= 3 for k in keys)   # the highlighted rows are the flocks
