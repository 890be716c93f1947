"""Virtual game controllers for tests, made by SDL itself (its virtual-joystick API).

SDL sees them as plugged-in pads: hotplug, button and axis events come out of SDL's own
controller path exactly as from hardware, which synthetic pygame events never exercised
(a pad switched on after launch went unseen while such tests passed). The functions are
called through ctypes on the SDL library that pygame-ce loaded.
"""
from __future__ import annotations

import ctypes

import pygame
import pytest

from game.sdl import library

GAMECONTROLLER = 1          # SDL_JOYSTICK_TYPE_GAMECONTROLLER
UNKNOWN = 0                 # SDL_JOYSTICK_TYPE_UNKNOWN: a joystick that is no gamepad
AXES, BUTTONS = 6, 15       # SDL_CONTROLLER_AXIS_MAX, the 15 classic controller buttons


def _sdl() -> ctypes.CDLL:
    lib = library()
    lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_GetError.restype = ctypes.c_char_p
    return lib


class Pad:
    """One virtual controller. Set a button or axis, then let the app pump events (a
    down and an up inside one pump would never be seen, as with real hardware)."""

    def __init__(self, sdl: ctypes.CDLL, kind: int = GAMECONTROLLER) -> None:
        self.sdl = sdl
        index = sdl.SDL_JoystickAttachVirtual(kind, AXES, BUTTONS, 0)
        if index < 0:
            raise RuntimeError(f"SDL would not attach a virtual pad: {sdl.SDL_GetError()}")
        self.handle = sdl.SDL_JoystickOpen(index)
        self.instance_id = sdl.SDL_JoystickInstanceID(self.handle)
        self.plugged = True

    @property
    def device(self) -> str:
        """The id the game's input layer gives this pad."""
        return f"pad{self.instance_id}"

    def button(self, button: int, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self.handle, button, 1 if down else 0)

    def axis(self, axis: int, value: float) -> None:
        raw = int(max(-1.0, min(1.0, value)) * 32767)
        self.sdl.SDL_JoystickSetVirtualAxis(self.handle, axis, raw)

    def unplug(self) -> None:
        """Detach it, as pulling the cable would (by its current device index)."""
        if not self.plugged:
            return
        self.plugged = False
        for index in range(pygame.joystick.get_count()):
            if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self.sdl.SDL_JoystickClose(self.handle)
                self.sdl.SDL_JoystickDetachVirtual(index)
                return


class VirtualPads:
    """Plugs pads in and takes them all out again at the end of a test."""

    def __init__(self) -> None:
        self.sdl = _sdl()
        self.pads: list[Pad] = []

    def plug(self, kind: int = GAMECONTROLLER) -> Pad:
        pad = Pad(self.sdl, kind)
        self.pads.append(pad)
        return pad

    def close(self) -> None:
        for pad in self.pads:
            if pygame.joystick.get_init():
                pad.unplug()
        self.pads.clear()


@pytest.fixture
def pad_app(tmp_path, request):
    """A headless app with ``app.pads`` to plug virtual pads into (all taken out after);
    it draws as the test's ``draw`` mark says (tests/harness.py ``drawing``)."""
    from tests.harness import drawing, make_app

    app = make_app(tmp_path, draw=drawing(request))
    app.pads = VirtualPads()
    yield app
    app.pads.close()
    pygame.quit()


def press(app, pad: Pad, button: int, frames: int = 1, dt: float = 1 / 60) -> None:
    """Button down for one frame, up, then ``frames`` more frames of the app."""
    pad.button(button, True)
    app.frame(dt)
    pad.button(button, False)
    for _ in range(frames):
        app.frame(dt)


BUTTON_NAMES = {"a": 0, "b": 1, "x": 2, "y": 3, "back": 4, "guide": 5, "start": 6, "ls": 7,
                "rs": 8, "lb": 9, "rb": 10, "up": 11, "down": 12, "left": 13, "right": 14}


def run_script(script: str, pads: VirtualPads, say=print) -> None:
    """Play a pad script from another thread while the app runs, as a person would:
    'plug' (a new pad; later steps act on it), 'pad:N', 'unplug', 'sleep:S', or a button
    name (pressed for 0.08 s, then 0.4 s of rest)."""
    import time

    current: Pad | None = None
    for step in script.split():
        if step == "plug":
            current = pads.plug()
            say(f"PLUGGED {current.device}")
            time.sleep(0.5)
        elif step.startswith("pad:"):
            current = pads.pads[int(step[4:])]
        elif step == "unplug" and current is not None:
            current.unplug()
            say("UNPLUGGED")
            time.sleep(0.5)
        elif step.startswith("sleep:"):
            time.sleep(float(step[6:]))
        elif current is not None:
            current.button(BUTTON_NAMES[step], True)
            time.sleep(0.08)
            current.button(BUTTON_NAMES[step], False)
            time.sleep(0.4)
    say("SCRIPT DONE")
