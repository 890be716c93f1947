"""The display: sizes that fit, renderers that fail, and a still screen that costs nothing.

Real windows are in tests/test_window.py; these run on the dummy driver."""
from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import display as display_mod
from game.display import MIN_SIZE, DisplayError, fit
from tests.harness import make_app, press, show

ROOT = Path(__file__).resolve().parent.parent


def test_fit_keeps_the_aspect_and_never_exceeds_the_desktop():
    assert fit((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit((3840, 2160), (1280, 720)) == (1280, 720)
    assert fit((2560, 1440), (1920, 1200)) == (1920, 1080)
    assert fit((0, 0), (1920, 1080)) == (1920, 1080)          # nonsense: a sane default
    assert fit((100, 50), (1920, 1080)) == MIN_SIZE          # too small to see: grown
    assert fit((1600, 900), (0, 0)) == (1600, 900)            # desktop unknown: as asked


class FakeVideo:
    """Stands in for pygame._sdl2.video: renderers that fail on demand."""

    def __init__(self, fail: set[str]) -> None:
        self.fail = fail
        self.made: list[str] = []

    class Info:
        def __init__(self, name):
            self.name = name

    def get_drivers(self):
        return [self.Info("opengl"), self.Info("software")]

    def Renderer(self, window, index=-1, vsync=False):  # noqa: N802 - mimics SDL's class
        name = "default" if index == -1 else self.get_drivers()[index].name
        if name in self.fail:
            raise pygame.error(f"{name} renderer unavailable")
        self.made.append(name)
        return name


def bare_window_display(video, log):
    shell = display_mod.WindowDisplay.__new__(display_mod.WindowDisplay)
    shell.video, shell.log, shell.window = video, log, None
    return shell


def test_no_accelerated_renderer_falls_back_to_software_and_says_so(caplog):
    log = logging.getLogger("test.display")
    video = FakeVideo({"default"})
    with caplog.at_level(logging.WARNING, logger="test.display"):
        assert bare_window_display(video, log)._make_renderer() == "software"
    assert any("software renderer" in r.getMessage() for r in caplog.records)


def test_no_renderer_at_all_is_a_display_error():
    video = FakeVideo({"default", "software"})
    with pytest.raises(DisplayError, match="no SDL renderer"):
        bare_window_display(video, logging.getLogger("test.display"))._make_renderer()


def test_no_screen_is_one_line_and_exit_code_2(tmp_path):
    env = {k: v for k, v in __import__("os").environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_VIDEODRIVER="offscreen-is-not-asked-for", XDG_CONFIG_HOME=str(tmp_path))
    env.pop("SDL_VIDEODRIVER")
    done = subprocess.run([sys.executable, "main.py", "--frames", "3"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    ours = [line for line in done.stderr.splitlines() if line.startswith("birdhouse:")]
    assert done.returncode == 2
    assert len(ours) == 1 and "use --headless" in ours[0]
    assert "Traceback" not in done.stderr


# -- a still screen --------------------------------------------------------------------
@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    app.display.real = True          # judge frames as a real window would
    shown = []
    app.display.present = lambda: shown.append(app.ctx.time)
    app.shown = shown
    yield app
    pygame.quit()


def frames(app, seconds: float, dt: float = 1 / 60) -> int:
    """Run ``seconds`` of frames; how many pictures were shown."""
    before = len(app.shown)
    for _ in range(round(seconds / dt)):
        app.frame(dt)
    return len(app.shown) - before


def waiting_table(app):
    from game.session import quick_match
    from scenes.table.spec import make_table

    table = show(app, make_table(app.ctx, quick_match("cubirds", 2, seed=3)))
    for _ in range(600):
        if table.human_deciding:
            break
        app.frame(1 / 60)
    assert table.human_deciding
    return table


def test_a_table_waiting_for_a_person_shows_next_to_nothing(app):
    waiting_table(app)
    frames(app, 8.0)                       # the focus ring breathes, then rests
    assert not app.ctx.pulsing
    assert frames(app, 10.0) <= 12         # about one refresh a second, no more
    press(app, pygame.K_RIGHT)             # someone moves the focus: shown at once
    assert app.shown[-1] == app.ctx.time
    assert app.ctx.pulsing                 # and the ring breathes again ...
    assert frames(app, 1.0) >= 59          # ... drawn every frame while it does


def test_an_animating_table_is_shown_every_frame(app):
    from game.session import quick_match
    from scenes.table.spec import make_table

    app.ctx.settings.ai_speed = "fast"
    show(app, make_table(app.ctx, quick_match("flip_a_bird", 4, seed=2, autoplay=True)))
    frames(app, 20.0)                      # well past any pulse: only the AI is moving
    assert frames(app, 2.0) >= 110


def test_the_screen_always_ends_on_the_current_picture(app):
    """However the frames are skipped, once things settle what is on screen is exactly
    what drawing now would give: the last moments of a move are never left unshown."""
    table = waiting_table(app)
    for keys in ([pygame.K_RETURN], [pygame.K_RIGHT, pygame.K_RETURN], [pygame.K_ESCAPE]):
        for k in keys:
            press(app, k)
        frames(app, 12.0)
        assert table.human_deciding and not app.stack.animating()
        fresh = app.screen.copy()
        app.stack.draw(fresh)
        assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_headless_runs_draw_every_frame(tmp_path):
    app = make_app(tmp_path)
    try:
        assert not app.display.real
        waiting_table(app)
        before = app.frames_shown
        for _ in range(600):
            app.frame(1 / 60)
        assert app.frames_shown - before == 600   # screenshots and tests see every frame
    finally:
        pygame.quit()


def test_the_focus_ring_comes_to_rest_at_a_full_breath(app):
    show(app, app_title(app))
    ctx = app.ctx
    end = ctx.pulse_end
    assert ctx.pulsing and abs(__import__("math").sin(end * 5.0) - 1.0) < 1e-9
    while ctx.time < end + 1:
        app.frame(1 / 60)
    assert not ctx.pulsing and ctx.pulse == end


def app_title(app):
    from scenes.title import Title
    return Title(app.ctx)


def test_the_title_birds_settle_when_nobody_is_about(app):
    from scenes.title import BIRDS_REST

    title = show(app, app_title(app))
    frames(app, BIRDS_REST + 8.0)
    assert all(h.still for h in title.hoppers) and not title.animating()
    assert frames(app, 5.0) <= 7


def test_a_desktop_that_shrinks_under_the_window_shrinks_the_window(monkeypatch):
    class Window:
        size = (1920, 1080)

    shell = display_mod.WindowDisplay.__new__(display_mod.WindowDisplay)
    shell.window, shell.fullscreen = Window(), False
    monkeypatch.setattr(display_mod.WindowDisplay, "desktop", staticmethod(lambda: (1280, 1024)))
    assert shell.window_event(pygame.event.Event(pygame.WINDOWDISPLAYCHANGED))
    assert shell.window.size == (1280, 720)          # the whole window fits, aspect kept
    assert not shell.window_event(pygame.event.Event(pygame.KEYDOWN, key=0))


def test_reduced_motion_keeps_the_ring_still_and_shortens_flights(app):
    from game.session import quick_match
    from scenes.table.scene import REDUCED
    from scenes.table.spec import make_table

    app.ctx.settings.reduced_motion = True
    assert not app.ctx.pulsing                     # no breathing ring, even after input
    press(app, pygame.K_DOWN)
    assert not app.ctx.pulsing
    table = make_table(app.ctx, quick_match("cubirds", 2, seed=3))
    assert table.dur(1.0) == pytest.approx(table.speed * REDUCED)
    assert table.reading_time(1.0) == pytest.approx(table.speed)   # messages keep their time
