"""Where the 1920x1080 canvas meets a real screen.

Scenes draw on one logical canvas and never think about window sizes. On a real screen
an SDL window and renderer (``pygame._sdl2.video``) show it: the renderer's logical size
is the canvas, so SDL scales it into any window or fullscreen mode with black bars where
the aspect differs, and maps mouse and touch positions back to canvas coordinates. (The
``pygame.SCALED`` display flag does neither correctly on an X server without a window
manager, nor in fullscreen at 4K.) Headless runs keep the dummy display surface itself as
the canvas, exactly as before, so tests and ``--screenshot`` see the same pixels.
"""
from __future__ import annotations

import logging
import os
import warnings

import pygame

LOGICAL = (1920, 1080)
MIN_SIZE = (320, 180)

# what SDL says about a window that means its picture must be shown again
_REDRAW_EVENTS = {getattr(pygame, name) for name in (
    "WINDOWEXPOSED", "WINDOWRESIZED", "WINDOWSIZECHANGED", "WINDOWMAXIMIZED",
    "WINDOWRESTORED", "WINDOWSHOWN", "WINDOWDISPLAYCHANGED", "VIDEOEXPOSE", "VIDEORESIZE")
    if hasattr(pygame, name)}


class DisplayError(Exception):
    """No picture can be shown at all (no video device, no renderer): one line for the
    user, exit code 2."""


def fit(size: tuple[int, int], room: tuple[int, int]) -> tuple[int, int]:
    """``size`` shrunk (aspect kept) to fit ``room`` and grown to at least MIN_SIZE: a
    window never larger than the desktop, and never too small to see."""
    w, h = size
    if w <= 0 or h <= 0:
        w, h = LOGICAL
    rw, rh = room
    if rw > 0 and rh > 0:
        scale = min(rw / w, rh / h, 1.0)
        w, h = int(w * scale), int(h * scale)
    return max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])


class Display:
    """The canvas, and how it gets onto the screen."""

    canvas: pygame.Surface
    fullscreen = False
    real = False          # a real window: frames that show nothing new may be skipped

    def present(self) -> None:
        """Show the canvas."""

    def resize(self, size: tuple[int, int]) -> None:
        """Set the windowed size (used whenever the window is not fullscreen)."""

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen at the desktop's own mode, or back to the window."""

    def window_event(self, event: pygame.event.Event) -> bool:
        """React to a window event; True if the picture must be shown again."""
        return False

    def close(self) -> None:
        """Let go of the window."""


class DummyDisplay(Display):
    """Headless (SDL's dummy driver): the display surface is the canvas; nothing is seen,
    so nothing is scaled. (Not pygame.SCALED: on the dummy driver it only added a hidden
    renderer, whose 8 MB pygame never freed, once per start: the tests start hundreds.)"""

    def __init__(self) -> None:
        self.canvas = pygame.display.set_mode(LOGICAL)

    def present(self) -> None:
        pygame.display.flip()


class WindowDisplay(Display):
    """An SDL window with a renderer whose logical size is the canvas. Each shown frame
    uploads the canvas into one texture made in the canvas's own pixel format (no
    conversion on the way) and lets the renderer scale it into the window."""

    real = True

    def __init__(self, title: str, size: tuple[int, int], fullscreen: bool,
                 log: logging.Logger) -> None:
        from pygame._sdl2 import video

        self.log = log
        self.video = video
        # smooth scaling: a 1080p canvas shown in a 720p window must stay readable
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        self.windowed_size = size
        try:
            self.window = video.Window(title, size=fit(size, self.desktop()), resizable=True)
        except pygame.error as exc:
            raise DisplayError(f"cannot open a window ({exc}); use --headless on a machine "
                               "without a screen") from exc
        self.window.minimum_size = MIN_SIZE
        self.renderer = self._make_renderer()
        self.renderer.logical_size = LOGICAL
        self.renderer.draw_color = (0, 0, 0, 255)     # the letterbox bars
        self.canvas = pygame.Surface(LOGICAL)
        self.texture = video.Texture.from_surface(self.renderer, self.canvas)
        if fullscreen:
            self.set_fullscreen(True)

    def _make_renderer(self):
        """SDL's best renderer for this machine, else its software renderer (said once in
        the log); if neither can be made there is nothing to show the game on."""
        video = self.video
        names = [info.name for info in video.get_drivers()]
        tries = [(-1, "default")]
        if "software" in names:
            tries.append((names.index("software"), "software"))
        problems = []
        for index, label in tries:
            try:
                renderer = video.Renderer(self.window, index=index, vsync=False)
            except pygame.error as exc:
                problems.append(f"{label}: {exc}")
                continue
            if problems:
                self.log.warning("No accelerated renderer (%s); using SDL's software "
                                 "renderer.", "; ".join(problems))
            return renderer
        raise DisplayError("cannot draw in a window: no SDL renderer could be created ("
                           + "; ".join(problems) + ")")

    @staticmethod
    def desktop() -> tuple[int, int]:
        """The primary desktop's size (0, 0 if SDL cannot tell)."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            sizes = []
        return tuple(sizes[0]) if sizes else (0, 0)

    def present(self) -> None:
        self.texture.update(self.canvas)
        self.renderer.clear()
        self.texture.draw()
        self.renderer.present()

    def resize(self, size: tuple[int, int]) -> None:
        self.windowed_size = size
        if not self.fullscreen:
            self.window.size = fit(size, self.desktop())

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        room = self.desktop()
        try:
            if on:
                # Cover the desktop first: without a window manager (a bare kiosk X
                # server) SDL's fullscreen request changes nothing on screen while SDL
                # believes the window fills it, and the picture lands cropped.
                if room[0] and room[1]:
                    self.window.position = (0, 0)
                    self.window.size = room
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                size = fit(self.windowed_size, room)
                self.window.size = size
                if room[0] and room[1]:
                    self.window.position = ((room[0] - size[0]) // 2, (room[1] - size[1]) // 2)
        except pygame.error as exc:
            self.log.warning("Could not switch %s fullscreen: %s", "to" if on else "out of", exc)
            return
        self.fullscreen = on

    def window_event(self, event: pygame.event.Event) -> bool:
        if event.type not in _REDRAW_EVENTS:
            return False
        if not self.fullscreen:
            # the desktop may have shrunk under the window (a new screen mode, a TV)
            room = self.desktop()
            w, h = self.window.size
            if room[0] and room[1] and (w > room[0] or h > room[1]):
                self.window.size = fit((w, h), room)
        return True

    def close(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.texture = None
            self.renderer = None
            self.window.destroy()


def open_display(title: str, headless: bool, size: tuple[int, int], fullscreen: bool,
                 log: logging.Logger) -> Display:
    """The dummy display when headless, else a real window (DisplayError if impossible)."""
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    if headless or asked in ("dummy", "offscreen"):
        return DummyDisplay()
    if pygame.display.get_driver() in ("offscreen", "dummy"):
        # SDL found no screen and fell back to drawing nowhere: a window nobody sees
        raise DisplayError("no screen found (no X11 or Wayland display); use --headless "
                           "to run without one")
    return WindowDisplay(title, size, fullscreen, log)
