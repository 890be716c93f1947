"""Kiosk behaviour on the game clock (no sleeps): idle timers, attract mode, the exit
combination, the menu without Quit, crash recovery and the crash log's size cap."""
import logging

import pygame
import pytest

from game.app import EXIT_HOLD, GAME_IDLE
from game.crashlog import CrashLog
from game.input import Act
from game.scene import Scene
from game.session import Match, Seat
from scenes.attract import Attract
from scenes.error import ErrorScene
from scenes.overlays import StillPlaying
from scenes.title import Title
from tests.harness import key, make_app, post, press, show
from tests.toy.table import ToyTable


@pytest.fixture
def make(tmp_path):
    apps = []

    def build(**options):
        app = make_app(tmp_path, **options)
        app.crash_log = CrashLog(tmp_path / "logs", app.log)
        apps.append(app)
        return app

    yield build
    pygame.quit()


def run(app, seconds, dt=1 / 60):
    """Advance the game clock; long idle waits use coarse frames (the timers only read the
    clock, so a 3-minute wait need not render 10,800 frames)."""
    for _ in range(round(seconds / dt)):
        app.frame(dt)


def test_idle_title_starts_the_demo_after_the_set_time(make):
    app = make()
    app.ctx.settings.idle_seconds = 30
    show(app, Title(app.ctx))
    run(app, 29, dt=0.25)
    assert isinstance(app.stack.top, Title)
    run(app, 2)
    assert isinstance(app.stack.top, Attract)


def test_outside_kiosk_only_the_title_goes_idle(make):
    from scenes.game_select import GameSelect

    app = make()
    app.ctx.settings.idle_seconds = 10
    show(app, Title(app.ctx))
    show(app, GameSelect(app.ctx))
    run(app, 20, dt=0.25)
    assert isinstance(app.stack.top, GameSelect)


def test_in_kiosk_any_menu_goes_idle(make):
    from scenes.game_select import GameSelect

    app = make(kiosk=True)
    app.ctx.settings.idle_seconds = 10
    show(app, Title(app.ctx))
    show(app, GameSelect(app.ctx))
    run(app, 11, dt=0.25)
    assert isinstance(app.stack.top, Attract)


def test_input_resets_the_idle_timer(make):
    app = make()
    app.ctx.settings.idle_seconds = 10
    show(app, Title(app.ctx))
    run(app, 8, dt=0.25)
    press(app, pygame.K_DOWN)
    run(app, 8, dt=0.25)
    assert isinstance(app.stack.top, Title)


KINDS = {
    "key": [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0)],
    "click": [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)],
    "mouse move": [pygame.event.Event(pygame.MOUSEMOTION, pos=(9, 9), rel=(1, 1), buttons=(0, 0, 0))],
    "pad button": [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=70,
                                      button=pygame.CONTROLLER_BUTTON_A)],
    "pad stick": [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=70,
                                     axis=pygame.CONTROLLER_AXIS_LEFTX, value=9000)],
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_any_input_leaves_the_demo_within_one_frame(make, kind):
    app = make()
    app.input.opener = lambda index: (70, "Pad", None)
    post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    app.frame(1 / 60)  # plugged in before the demo starts (plugging in is activity too)
    show(app, Attract(app.ctx))
    run(app, 1)
    assert isinstance(app.stack.top, Attract)
    post(*KINDS[kind])
    app.frame(1 / 60)
    assert isinstance(app.stack.top, Title)


def test_kiosk_title_has_no_quit_and_window_close_is_ignored(make):
    app = make(kiosk=True)
    title = show(app, Title(app.ctx))
    assert "Quit" not in [w.label for w in title.group.widgets]
    post(pygame.event.Event(pygame.QUIT))
    app.frame(1 / 60)
    assert app.running


def test_sigterm_stops_a_running_kiosk_cleanly(make):
    """The window's close button is ignored, but a system stopping the program is not."""
    import os
    import signal

    app = make(kiosk=True)
    show(app, Title(app.ctx))
    before = signal.getsignal(signal.SIGTERM)
    try:
        app._stop_on_sigterm()
        os.kill(os.getpid(), signal.SIGTERM)
        assert not app.running
    finally:
        signal.signal(signal.SIGTERM, before if before is not None else signal.SIG_DFL)


def test_ctrl_alt_q_leaves_the_kiosk(make):
    app = make(kiosk=True)
    show(app, Title(app.ctx))
    mods = pygame.KMOD_CTRL | pygame.KMOD_ALT
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.frame(1 / 60)
    assert app.running  # Ctrl+Q alone is not enough
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=mods, unicode="", scancode=0))
    app.frame(1 / 60)
    assert not app.running


def test_holding_back_and_start_for_five_seconds_leaves_the_kiosk(make):
    from tests.vpads import VirtualPads

    app = make(kiosk=True)
    pads = VirtualPads()
    try:
        show(app, Title(app.ctx))
        pad = pads.plug()                        # a real (virtual) pad, via SDL
        app.frame(1 / 60)                        # (SDL announces it)
        pad.button(pygame.CONTROLLER_BUTTON_BACK, True)
        pad.button(pygame.CONTROLLER_BUTTON_START, True)
        run(app, EXIT_HOLD - 0.5)
        assert app.running
        pad.button(pygame.CONTROLLER_BUTTON_BACK, False)
        run(app, 1)
        assert app.running        # let go: the hold starts over
        pad.button(pygame.CONTROLLER_BUTTON_BACK, True)
        run(app, EXIT_HOLD + 0.2)
        assert not app.running
    finally:
        pads.close()


def finger(kind, fid, x=0.5, y=0.5):
    return pygame.event.Event(kind, touch_id=3, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0,
                              pressure=1.0)


def test_a_two_finger_hold_of_five_seconds_leaves_the_kiosk(make):
    from game.app import TOUCH_EXIT

    app = make(kiosk=True)
    show(app, Title(app.ctx))
    post(finger(pygame.FINGERDOWN, 1, 0.3), finger(pygame.FINGERDOWN, 2, 0.7))
    run(app, TOUCH_EXIT - 0.5)
    assert app.running
    post(finger(pygame.FINGERUP, 2, 0.7))      # one finger lifts: the hold starts over
    run(app, 1)
    post(finger(pygame.FINGERDOWN, 2, 0.7))
    run(app, TOUCH_EXIT - 0.5)
    assert app.running
    run(app, 0.7)
    assert not app.running


def test_two_fingers_do_nothing_special_outside_kiosk_mode(make):
    app = make()
    show(app, Title(app.ctx))
    post(finger(pygame.FINGERDOWN, 1, 0.3), finger(pygame.FINGERDOWN, 2, 0.7))
    run(app, 8)
    assert app.running


def test_a_tap_on_the_touch_screen_presses_a_button(make):
    """A finger lands on Play and lifts: focus follows it, and the tap chooses."""
    from scenes.game_select import GameSelect

    app = make(kiosk=True)
    title = show(app, Title(app.ctx))
    play = title.group.widgets[0].rect
    x, y = play.centerx / 1920, play.centery / 1080
    title.group.index = 2
    post(finger(pygame.FINGERDOWN, 1, x, y))
    app.frame(1 / 60)
    assert title.group.index == 0
    post(finger(pygame.FINGERUP, 1, x, y))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, GameSelect)


def test_the_exit_combination_does_nothing_outside_kiosk_mode(make):
    app = make()
    show(app, Title(app.ctx))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_ALT,
                            unicode="", scancode=0))
    app.frame(1 / 60)
    assert app.running


class Exploding(Scene):
    def update(self, dt):
        raise RuntimeError("the scene fell over")


def test_a_crash_outside_kiosk_shows_the_error_and_logs_the_traceback(make, tmp_path):
    app = make()
    show(app, Title(app.ctx))
    show(app, Exploding(app.ctx), frames=1)
    assert isinstance(app.stack.top, ErrorScene) and len(app.stack) == 1
    assert "the scene fell over" in app.stack.top.message
    text = (tmp_path / "logs" / "birdhouse.log").read_text()
    assert "Traceback" in text and "RuntimeError: the scene fell over" in text
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, Title)


def test_a_crash_in_kiosk_returns_to_the_title(make):
    app = make(kiosk=True)
    show(app, Exploding(app.ctx), frames=1)
    assert isinstance(app.stack.top, Title) and app.running


class ExplodingTable(ToyTable):
    def update(self, dt):
        raise ValueError("bad table")


def test_three_crashes_in_a_minute_fall_back_to_the_demo_without_that_game(make, toy):
    from game.engine import GAMES

    app = make(kiosk=True)
    app.ctx.session.excluded_games = set(GAMES) - {"toy"}  # the real games' demos stay out
    seats = (Seat("A"), Seat("B"))
    for attempt in range(3):
        show(app, ExplodingTable(app.ctx, Match("toy", seats, attempt)), frames=1)
        run(app, 5)
    assert isinstance(app.stack.top, Attract)
    assert "toy" in app.ctx.session.excluded_games


def test_endless_crashes_stop_with_an_error_code(make, monkeypatch):
    def broken(self, surface):
        raise RuntimeError("even the error screen fails")

    monkeypatch.setattr(ErrorScene, "draw", broken)
    app = make()
    show(app, Exploding(app.ctx), frames=10)
    assert not app.running and app.exit_code == 1


def test_idle_human_in_a_kiosk_game_is_asked_then_the_demo_takes_over(make, toy):
    app = make(kiosk=True)
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    run(app, GAME_IDLE - 1, dt=0.5)
    assert app.stack.top is table
    run(app, 2, dt=0.5)
    assert isinstance(app.stack.top, StillPlaying)
    press(app, pygame.K_SPACE)          # someone is there
    assert app.stack.top is table
    run(app, GAME_IDLE + 1, dt=0.5)
    assert isinstance(app.stack.top, StillPlaying)
    run(app, StillPlaying.countdown + 1, dt=0.5)
    assert isinstance(app.stack.top, Attract)


def test_an_idle_game_is_never_abandoned_outside_kiosk_mode(make, toy):
    app = make()
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    run(app, GAME_IDLE + 30, dt=0.5)
    assert app.stack.top is table


def test_crash_log_rotation_is_size_capped(tmp_path):
    log = CrashLog(tmp_path, logging.getLogger("t"), max_bytes=4000, backups=2)
    for i in range(200):
        try:
            raise RuntimeError(f"boom {i}" + "x" * 200)
        except RuntimeError as exc:
            log.write("Somewhere", exc)
    log.close()
    files = sorted(tmp_path.glob("birdhouse.log*"))
    assert [f.name for f in files] == ["birdhouse.log", "birdhouse.log.1", "birdhouse.log.2"]
    assert all(f.stat().st_size <= 4000 + 1200 for f in files)
    assert "boom 199" in (tmp_path / "birdhouse.log").read_text()


def test_an_unwritable_log_dir_is_a_warning_not_a_crash(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    log = CrashLog(blocker / "logs", logging.getLogger("t"))
    try:
        raise KeyError("x")
    except KeyError as exc:
        log.write("Here", exc)
    assert any("Cannot write crash logs" in r.getMessage() for r in caplog.records)


def test_a_table_that_leaves_is_freed_at_once(make):
    """Tables sit in reference cycles; a kiosk must not keep dead ones (and their
    full-screen pictures) until Python's next full collection."""
    import gc
    import weakref

    from game.session import quick_match
    from scenes.table.spec import make_table

    app = make(kiosk=True)
    show(app, Title(app.ctx))
    table = show(app, make_table(app.ctx, quick_match("cubirds", 4, seed=1, autoplay=True)),
                 frames=30)
    gone = weakref.ref(table)
    del table
    gc.disable()  # only the stack's own release may free it
    try:
        app.stack.reset(Title(app.ctx))
        app.frame(1 / 60)
        assert gone() is None
    finally:
        gc.enable()
