"""The real window on a real X server (Xvfb, no window manager, as on a bare kiosk).

The dummy video driver the other tests use hid that the picture did not fit a real
screen; here the program runs in a real window and the X server's own picture is read
back (ImageMagick's ``import``). Skipped where Xvfb or ImageMagick is missing (.ci/run
installs both)."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
FELT_CORNER = (18, 54, 44)   # the table's cloth at the canvas corners (ui.FELT_DARK)

needs_x = pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("import") is None,
                             reason="needs Xvfb and ImageMagick (apt-get install xvfb "
                                    "imagemagick)")


class Screen:
    """One Xvfb server of a given size."""

    def __init__(self, size: str) -> None:
        read, write = os.pipe()
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten",
             "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as handle:
            self.display = ":" + handle.readline().strip()
        self.size = tuple(int(v) for v in size.split("x"))

    def env(self, tmp: Path) -> dict:
        return dict(os.environ, DISPLAY=self.display, SDL_VIDEODRIVER="x11",
                    SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp / "config"),
                    XDG_STATE_HOME=str(tmp / "state"), XDG_DATA_HOME=str(tmp / "data"))

    def grab(self) -> pygame.Surface:
        png = subprocess.run(["import", "-window", "root", "png:-"], check=True,
                             capture_output=True, env=dict(os.environ, DISPLAY=self.display),
                             timeout=30).stdout
        return pygame.image.load(io.BytesIO(png), "screen.png")

    def close(self) -> None:
        self.server.terminate()
        self.server.wait()


class Child:
    """tests/window_child.py in the screen: the real app, following its scenes."""

    def __init__(self, screen: Screen, tmp: Path, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.window_child", *args],
                                     cwd=ROOT, env=screen.env(tmp), stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []

    def wait_for(self, text: str, timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(text in line for line in self.lines):
                return True
            line = self.proc.stdout.readline()
            if not line:
                return False
            self.lines.append(line.rstrip())
        return False

    def close(self) -> str:
        self.proc.terminate()
        out, _ = self.proc.communicate(timeout=30)
        self.lines += out.splitlines()
        return "\n".join(self.lines)


@pytest.fixture
def screen_of(tmp_path):
    made = []

    def make(size: str) -> Screen:
        made.append(Screen(size))
        return made[-1]

    yield make
    for screen in made:
        screen.close()


def near(colour, target, slack=14) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], target))


def canvas_box(screen: tuple[int, int]) -> pygame.Rect:
    """Where a letterboxed 16:9 canvas must land on a screen of this size."""
    w, h = screen
    scale = min(w / 1920, h / 1080)
    cw, ch = round(1920 * scale), round(1080 * scale)
    return pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)


def settled_shot(screen, box: pygame.Rect, timeout: float = 15.0) -> pygame.Surface:
    """The screen once the canvas fills ``box`` (grabbed until it does, or the time is up:
    then the last grab, for the caller's assert to explain), instead of a fixed sleep."""
    deadline = time.monotonic() + timeout
    while True:
        shot = screen.grab()
        try:
            assert_whole_canvas(shot, box)
            return shot
        except AssertionError:
            if time.monotonic() > deadline:
                return shot
        time.sleep(0.1)


def assert_whole_canvas(shot: pygame.Surface, box: pygame.Rect) -> None:
    """The table's four corners sit at the canvas box's corners (nothing cut off or
    shifted) and everything outside the box is a black bar."""
    inset = max(3, box.w // 200)
    for x, y in ((box.left + inset, box.top + inset), (box.right - inset, box.top + inset),
                 (box.left + inset, box.bottom - inset), (box.right - inset, box.bottom - inset)):
        assert near(shot.get_at((x, y)), FELT_CORNER), (x, y, shot.get_at((x, y)))
    w, h = shot.get_size()
    if box.top > 2:      # bars above and below
        for x in (5, w // 2, w - 5):
            assert shot.get_at((x, box.top // 2))[:3] == (0, 0, 0)
            assert shot.get_at((x, (box.bottom + h) // 2))[:3] == (0, 0, 0)
    if box.left > 2:     # bars left and right
        for y in (5, h // 2, h - 5):
            assert shot.get_at((box.left // 2, y))[:3] == (0, 0, 0)
            assert shot.get_at(((box.right + w) // 2, y))[:3] == (0, 0, 0)


@needs_x
@pytest.mark.parametrize("size,flags", [
    ("1280x720", ["--windowed", "--size", "1280x720"]),
    ("1024x768", ["--fullscreen"]),
    ("2560x1440", ["--fullscreen"]),
    ("3840x2160", ["--fullscreen"]),
    ("1280x720", ["--kiosk", "--game", "cubirds"]),
])
def test_the_whole_canvas_shows_on_every_screen(screen_of, tmp_path, size, flags):
    screen = screen_of(size)
    args = flags if "--game" in flags else flags + ["--game", "cubirds"]
    child = Child(screen, tmp_path, "--seconds", "20", *args, "--seed", "3")
    try:
        assert child.wait_for("READY"), child.close()
        shot = settled_shot(screen, canvas_box(screen.size))
    finally:
        log = child.close()
    assert shot.get_size() == screen.size
    assert_whole_canvas(shot, canvas_box(screen.size)), log


@needs_x
def test_a_window_larger_than_the_desktop_is_shrunk_to_fit(screen_of, tmp_path):
    screen = screen_of("1280x720")
    child = Child(screen, tmp_path, "--seconds", "20", "--windowed", "--size", "3840x2160",
                  "--game", "cubirds", "--seed", "3")
    try:
        assert child.wait_for("READY"), child.close()
        shot = settled_shot(screen, canvas_box(screen.size))
    finally:
        child.close()
    assert_whole_canvas(shot, canvas_box(screen.size))


@needs_x
def test_a_pad_switched_on_after_launch_drives_the_menus_in_a_real_window(screen_of,
                                                                         tmp_path):
    screen = screen_of("1280x720")
    child = Child(screen, tmp_path, "--seconds", "25", "--windowed",
                  "--pads", "sleep:1 plug sleep:0.5 a")
    try:
        assert child.wait_for("SCENE Title")
        assert child.wait_for("PLUGGED"), child.close()
        assert child.wait_for("SCENE GameSelect", timeout=20), child.close()
    finally:
        log = child.close()
    assert "Controller connected: Virtual Controller" in log


@needs_x
@pytest.mark.skipif(shutil.which("xdotool") is None, reason="needs xdotool")
def test_a_click_in_a_letterboxed_window_lands_on_the_canvas_button(screen_of, tmp_path):
    """1024x768 fullscreen: the canvas is scaled to 1024x576 between bars; a real X
    pointer click on where Play is drawn must press Play (SDL maps it back)."""
    from game import layouts

    screen = screen_of("1024x768")
    menu = layouts.get("title").get("menu")
    box = canvas_box(screen.size)
    scale = box.w / 1920
    x, y = box.x + int((menu.x + menu.w // 2) * scale), box.y + int((menu.y + 40) * scale)
    child = Child(screen, tmp_path, "--seconds", "25", "--fullscreen")
    env = dict(os.environ, DISPLAY=screen.display)
    try:
        assert child.wait_for("SCENE Title"), child.close()
        assert child.wait_for("READY"), child.close()
        # the window may be mapped a moment after its first frame: click until the press
        # lands (each click is a real X click; one that lands opens Game select)
        for _ in range(8):
            subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env=env,
                           check=True, timeout=10)
            if child.wait_for("SCENE GameSelect", timeout=2):
                break
        assert child.wait_for("SCENE GameSelect", timeout=5), child.close()
    finally:
        child.close()
