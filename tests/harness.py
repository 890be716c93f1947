"""Run the real App headless inside tests: build it, push scenes, feed events, render."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.app import App
from game.cli import Options
from scenes.start import routes


def make_app(tmp_path: Path, draw: int = 1, **options) -> App:
    """A headless App. ``draw`` says how often a frame is drawn: 1 every frame (render
    checks), N every Nth (long logic runs that still want the drawing code exercised
    on the states they pass through), 0 never (logic only)."""
    options.setdefault("lang", "en")   # the words as written, whatever the machine's LANG
    opts = Options(headless=True, **options)
    log = logging.getLogger("birdhouse.test")
    log.setLevel(logging.DEBUG)
    app = App(opts, settings_path=tmp_path / "settings.json", log=log,
              log_dir=tmp_path / "logs", routes=routes())
    if draw != 1:
        real_due = app.due

        def due(news: bool) -> bool:
            real_due(news)            # keeps the app's own settle count as it would be
            return bool(draw) and app.frame_count % draw == 0

        app.due = due                 # type: ignore[method-assign]
    return app


def drawing(request) -> int:
    """The ``draw`` a test asked for with ``@pytest.mark.draw(n)`` (on the test, its class
    or its module), else 1: its fixture passes it to :func:`make_app`, so a test that
    checks play rather than pictures runs without drawing and one that looks at the
    canvas or at rects noted while drawing keeps every frame."""
    marker = request.node.get_closest_marker("draw")
    return int(marker.args[0]) if marker is not None else 1


def show(app: App, scene, frames: int = 2):
    """Put ``scene`` on top and run a few frames (the canvas is ``app.screen``)."""
    app.stack.push(scene)
    app.stack.apply_pending()
    for _ in range(frames):
        app.frame(1 / 60)
    return scene


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def key(k: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)]


def press(app: App, k: int, frames: int = 1) -> None:
    post(*key(k))
    for _ in range(frames):
        app.frame(1 / 60)


def run_until(app: App, test, limit: int = 4000, step: float = 1 / 20) -> bool:
    """Run frames of ``step`` seconds until ``test()`` holds (at most ``limit``)."""
    for _ in range(limit):
        if test():
            return True
        app.frame(step)
    return test()
