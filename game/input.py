"""Devices in, abstract actions out.

Scenes never look at keys or buttons: they get :class:`Input` values carrying an
:class:`Act` and the device it came from, so a seat can own a device and prompts can show
the glyphs of whatever was used last. Keyboard, mouse and touch screen count as one device ("kbm");
each controller is its own device, keyed by its SDL instance id and added or removed while
the game runs. SDL's game-controller subsystem is started with the app, pad or no pad, so a
controller switched on after launch is announced like one plugged in before.

Touch: a finger moves focus like the mouse pointer (it lands, it drags); lifting it without
having dragged is a tap, which chooses. SDL also turns every touch into mouse events of its
own; those are dropped, so nothing happens twice.
"""
from __future__ import annotations

import enum
import logging
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame
from pygame._sdl2 import controller as sdl_controller

from game.sdl import add_mapping
from game.untrusted import UntrustedFileError, read_bytes

KBM = "kbm"  # keyboard + mouse: one device


class Act(enum.Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"
    BACK = "back"
    PAUSE = "pause"
    ALT = "alt"
    PREV = "prev"
    NEXT = "next"
    HINT = "hint"
    POINTER = "pointer"          # mouse moved (pos set)
    NUDGE = "nudge"              # someone touched something that maps to no action
    #                              (a small stick move, an unmapped key): still activity
    DEVICE_ADDED = "added"       # a controller was plugged in
    DEVICE_REMOVED = "removed"   # a controller was unplugged


DIRECTIONS = (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT)
_MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


@dataclass(frozen=True)
class Input:
    act: Act
    device: str
    pos: tuple[int, int] | None = None
    repeat: bool = False   # a held key, button or direction again, not a new press


@dataclass
class Device:
    id: str
    kind: str              # "keyboard" or "controller"
    name: str
    instance_id: int | None = None
    handle: object = None  # the open pygame controller, if any

    @property
    def glyphs(self) -> str:
        return "keys" if self.kind == "keyboard" else "pad"


KEYMAP: dict[int, Act] = {
    pygame.K_UP: Act.UP, pygame.K_w: Act.UP,
    pygame.K_DOWN: Act.DOWN, pygame.K_s: Act.DOWN,
    pygame.K_LEFT: Act.LEFT, pygame.K_a: Act.LEFT,
    pygame.K_RIGHT: Act.RIGHT, pygame.K_d: Act.RIGHT,
    pygame.K_RETURN: Act.CONFIRM, pygame.K_KP_ENTER: Act.CONFIRM, pygame.K_SPACE: Act.CONFIRM,
    pygame.K_ESCAPE: Act.BACK, pygame.K_BACKSPACE: Act.BACK,
    pygame.K_TAB: Act.ALT, pygame.K_p: Act.PAUSE,
    pygame.K_q: Act.PREV, pygame.K_PAGEUP: Act.PREV,
    pygame.K_e: Act.NEXT, pygame.K_PAGEDOWN: Act.NEXT,
    pygame.K_h: Act.HINT,
}

BUTTONMAP: dict[int, Act] = {
    pygame.CONTROLLER_BUTTON_A: Act.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Act.BACK,
    pygame.CONTROLLER_BUTTON_X: Act.ALT,
    pygame.CONTROLLER_BUTTON_Y: Act.HINT,
    pygame.CONTROLLER_BUTTON_START: Act.PAUSE,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Act.PREV,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Act.NEXT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Act.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Act.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Act.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Act.RIGHT,
}

AXIS_MAX = 32767
DEADZONE = 0.45       # a stick must pass this to count as a press ...
RELEASE_ZONE = 0.30   # ... and come back inside this to count as released
NUDGE_ZONE = 0.20     # a smaller touch of the stick still counts as someone being there
REPEAT_DELAY = 0.40   # seconds before a held direction starts repeating
REPEAT_EVERY = 0.11   # seconds between repeats
TAP_SLOP = 32         # canvas px a finger may wander and still tap
CANVAS = (1920, 1080)  # finger positions arrive as 0..1 of the canvas (SDL maps them)


def init_controllers(log: logging.Logger) -> bool:
    """Start SDL's game-controller subsystem now, whether or not a pad is plugged in:
    hotplug events come only from a running subsystem."""
    try:
        # A fresh start: after pygame has been quit and started again in one process
        # (every test does it) a subsystem left running announces no new pads.
        sdl_controller.quit()
        sdl_controller.init()
        return True
    except pygame.error as exc:
        log.warning("Controllers unavailable: %s", exc)
        return False


MAPPING_TARGETS = {
    "a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
    "rightshoulder", "dpup", "dpdown", "dpleft", "dpright", "misc1", "paddle1", "paddle2",
    "paddle3", "paddle4", "touchpad", "leftx", "lefty", "rightx", "righty", "lefttrigger",
    "righttrigger"}
_BINDING = re.compile(r"[+-]?(b\d+|a\d+~?|h\d+\.\d+)")


def mapping_problem(fields: list[str]) -> str:
    """What is wrong with one SDL_GameControllerDB line split at commas ('' if nothing):
    SDL itself shrugs at unknown buttons and bindings, so a typo would pass unseen."""
    guid = fields[0]
    if len(fields) < 3 or len(guid) != 32 or any(c not in "0123456789abcdefABCDEF"
                                                  for c in guid):
        return "not a mapping (GUID,name,button:binding,...)"
    for item in fields[2:]:
        if not item:
            continue
        key, sep, value = item.partition(":")
        if key in ("platform", "hint", "crc") or key.startswith("sdk"):
            continue
        if not sep or key not in MAPPING_TARGETS:
            return f"unknown control {key!r}"
        if not _BINDING.fullmatch(value):
            return f"bad binding {item!r}"
    return ""


MAPPINGS_MAX_BYTES = 4 << 20   # SDL_GameControllerDB's whole file is under 1 MB
MAPPING_MAX_CHARS = 1024       # its longest line is under 400 characters
MAPPING_WARNINGS = 10          # lines named one by one; the rest are counted in one line


def load_mappings(path: Path, log: logging.Logger, platform: str = "Linux") -> int:
    """Add SDL_GameControllerDB lines from ``path`` (one mapping a line; '#' comments).
    Lines for another platform are skipped; a line SDL refuses costs one log line with its
    number (the first few; then one line counts the rest), never a crash. A file that is
    huge or not UTF-8 text at all (NUL bytes, as in UTF-16) is ignored with one line.
    Returns how many mappings were added."""
    try:
        data = read_bytes(path, MAPPINGS_MAX_BYTES)
        if b"\0" in data:
            raise UntrustedFileError("it is not UTF-8 text (it holds NUL bytes, as UTF-16 "
                                     "does)")
    except FileNotFoundError:
        return 0
    except OSError as exc:
        log.warning("Cannot read controller mappings %s: %s", path, exc.strerror or exc)
        return 0
    except UntrustedFileError as exc:
        log.warning("Controller mappings %s ignored: %s.", path, exc)
        return 0
    added = ignored = 0
    for number, raw in enumerate(data.removeprefix(b"\xef\xbb\xbf").splitlines(), 1):
        problem, line = "", ""
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            problem = "not UTF-8 text"
        if not problem:
            if not line or line.startswith("#"):
                continue
            fields = line.split(",")
            plat = next((f.split(":", 1)[1] for f in fields if f.startswith("platform:")),
                        platform)
            if plat != platform:
                continue
            problem = (f"longer than {MAPPING_MAX_CHARS} characters"
                       if len(line) > MAPPING_MAX_CHARS else mapping_problem(fields))
        if not problem:
            try:
                add_mapping(line)
                added += 1
            except ValueError as exc:
                problem = str(exc)
        if problem:
            ignored += 1
            if ignored <= MAPPING_WARNINGS:
                log.warning("%s line %d ignored: %s", path.name, number, problem)
    if ignored > MAPPING_WARNINGS:
        log.warning("%s: %d more lines ignored as well.", path.name, ignored - MAPPING_WARNINGS)
    if added:
        log.info("Loaded %d controller mapping(s) from %s", added, path)
    return added


def open_sdl_controller(device_index: int) -> tuple[int, str, object] | None:
    """Open a controller by joystick index: (instance id, name, handle), or None."""
    if not sdl_controller.is_controller(device_index):
        return None
    pad = sdl_controller.Controller(device_index)
    return pad.as_joystick().get_instance_id(), pad.name or "Controller", pad


@dataclass
class _Held:
    act: Act
    timer: float = 0.0
    repeating: bool = False


@dataclass
class _Finger:
    start: tuple[int, int]
    pos: tuple[int, int]
    tap: bool = True       # still a tap: has not dragged, no second finger joined


class InputManager:
    """Turns pygame events into :class:`Input` and tracks devices and held directions."""

    def __init__(self, log: logging.Logger,
                 opener: Callable[[int], tuple[int, str, object] | None] = open_sdl_controller
                 ) -> None:
        self.log = log
        self.opener = opener
        self.devices: dict[str, Device] = {KBM: Device(KBM, "keyboard", "Keyboard & mouse")}
        self.by_instance: dict[int, str] = {}
        self.last_device: str = KBM
        self._held: dict[tuple[str, Act], _Held] = {}
        self._stick: dict[tuple[str, int], Act | None] = {}
        self._warned: set[str] = set()
        self.held_buttons: dict[str, set[int]] = {}   # raw controller buttons held now
        self.keys_down: set[int] = set()              # keys down now (a second down is a repeat)
        self.fingers: dict[tuple[int, int], _Finger] = {}  # (touch id, finger id) down now

    # -- devices -----------------------------------------------------------------------
    def controllers(self) -> list[Device]:
        return [d for d in self.devices.values() if d.kind == "controller"]

    def label(self, device: str | None) -> str:
        """How a device is named on screen: 'Keyboard & mouse', or a controller by its
        place among those plugged in now ('Controller 2'; one that is gone says so)."""
        if device is None or device == KBM:
            return "Keyboard & mouse"
        pads = [d.id for d in self.controllers()]
        if device not in pads:
            return "A controller that is unplugged"
        return "Controller {number}".format(number=pads.index(device) + 1)

    def glyph_style(self, device_id: str | None = None) -> str:
        dev = self.devices.get(device_id or self.last_device)
        return dev.glyphs if dev else "keys"

    def open_existing(self) -> None:
        """Pick up controllers already plugged in at start-up."""
        try:
            count = pygame.joystick.get_count()
        except pygame.error:
            count = 0
        for index in range(count):
            self._add_controller(index)

    def _add_controller(self, device_index: int) -> Input | None:
        try:
            opened = self.opener(device_index)
        except pygame.error as exc:
            self._warn(f"open{device_index}", f"Could not open controller {device_index}: {exc}")
            return None
        if opened is None:
            self._warn(f"unknown{device_index}", "A joystick that is not a recognised gamepad "
                       f"was plugged in (index {device_index}); it is ignored.")
            return None
        instance_id, name, handle = opened
        dev_id = f"pad{instance_id}"
        if dev_id in self.devices:
            return None
        self.devices[dev_id] = Device(dev_id, "controller", name, instance_id, handle)
        self.by_instance[instance_id] = dev_id
        self.log.info("Controller connected: %s (%s)", name, dev_id)
        return Input(Act.DEVICE_ADDED, dev_id)

    def _remove_controller(self, instance_id: int) -> Input | None:
        dev_id = self.by_instance.pop(instance_id, None)
        if dev_id is None:
            self._warn(f"gone{instance_id}", f"Removal of unknown controller {instance_id} ignored.")
            return None
        dev = self.devices.pop(dev_id)
        self.held_buttons.pop(dev_id, None)
        self._held = {k: v for k, v in self._held.items() if k[0] != dev_id}
        self._stick = {k: v for k, v in self._stick.items() if k[0] != dev_id}
        if self.last_device == dev_id:
            self.last_device = KBM
        self.log.info("Controller disconnected: %s (%s)", dev.name, dev_id)
        return Input(Act.DEVICE_REMOVED, dev_id)

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            self.log.warning(message)

    def _pad(self, event: pygame.event.Event) -> str | None:
        dev_id = self.by_instance.get(getattr(event, "instance_id", -1))
        if dev_id is None:
            self._warn(f"ev{getattr(event, 'instance_id', '?')}",
                       f"Input from unknown controller {getattr(event, 'instance_id', '?')} "
                       "ignored (it was never announced as connected).")
        return dev_id

    # -- events ------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> list[Input]:
        """Map one pygame event to zero or more inputs."""
        etype = event.type
        out: list[Input] = []
        if etype == pygame.WINDOWFOCUSLOST:
            self.clear_held()  # the key-ups go to another window: nothing may repeat on
        elif etype == pygame.KEYDOWN:
            act = KEYMAP.get(event.key)
            if event.key in self.keys_down:   # the key never came up: a repeat of it
                out.append(Input(act or Act.NUDGE, KBM, repeat=True))
            else:
                self.keys_down.add(event.key)
                out.append(self._press(KBM, act) if act is not None else Input(Act.NUDGE, KBM))
        elif etype == pygame.KEYUP:
            self.keys_down.discard(event.key)
            act = KEYMAP.get(event.key)
            if act is not None:
                self._release(KBM, act)
        elif etype in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            out.extend(self._finger(event))
        elif etype in _MOUSE and getattr(event, "touch", False):
            pass  # SDL's mouse copy of a touch: the finger events above already said it
        elif etype == pygame.MOUSEMOTION:
            # SDL reports where a resting pointer is when the window opens under it (a
            # "motion" of zero): that is no one moving the mouse, so focus stays put
            if tuple(getattr(event, "rel", (1, 1))) != (0, 0):
                self.last_device = KBM
                out.append(Input(Act.POINTER, KBM, tuple(event.pos)))
        elif etype == pygame.MOUSEBUTTONDOWN:
            self.last_device = KBM
            if event.button == 1:
                out.append(Input(Act.CONFIRM, KBM, tuple(event.pos)))
            elif event.button == 3:
                out.append(Input(Act.BACK, KBM, tuple(event.pos)))
            else:
                out.append(Input(Act.NUDGE, KBM, tuple(event.pos)))
        elif etype == pygame.MOUSEWHEEL:
            self.last_device = KBM
            if event.y:
                out.append(Input(Act.UP if event.y > 0 else Act.DOWN, KBM))
        elif etype == pygame.CONTROLLERDEVICEADDED:
            added = self._add_controller(getattr(event, "device_index", -1))
            if added:
                out.append(added)
        elif etype == pygame.CONTROLLERDEVICEREMOVED:
            removed = self._remove_controller(getattr(event, "instance_id", -1))
            if removed:
                out.append(removed)
        elif etype == pygame.JOYDEVICEADDED:
            index = getattr(event, "device_index", -1)
            try:
                known = not sdl_controller.get_init() or sdl_controller.is_controller(index)
            except pygame.error:
                known = True  # not a real device index; nothing to report
            if not known:
                self._warn(f"unknown{index}", "A joystick that is not a recognised gamepad "
                           f"was plugged in (index {index}); it is ignored.")
        elif etype == pygame.CONTROLLERBUTTONDOWN:
            dev = self._pad(event)
            button = getattr(event, "button", -1)
            act = BUTTONMAP.get(button)
            if dev:
                held = self.held_buttons.setdefault(dev, set())
                if button in held:            # down again without coming up: a repeat
                    out.append(Input(act or Act.NUDGE, dev, repeat=True))
                else:
                    held.add(button)
                    out.append(self._press(dev, act) if act is not None else Input(Act.NUDGE, dev))
        elif etype == pygame.CONTROLLERBUTTONUP:
            dev = self._pad(event)
            button = getattr(event, "button", -1)
            act = BUTTONMAP.get(button)
            if dev:
                self.held_buttons.get(dev, set()).discard(button)
                if act is not None:
                    self._release(dev, act)
        elif etype == pygame.CONTROLLERAXISMOTION:
            dev = self._pad(event)
            if dev:
                out.extend(self._axis(dev, event.axis, event.value / AXIS_MAX))
        return out

    def _finger(self, event: pygame.event.Event) -> list[Input]:
        """A finger: down and drag move focus like the pointer; up without a drag taps."""
        key = (getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
        x = min(max(float(getattr(event, "x", 0.0)), 0.0), 1.0)
        y = min(max(float(getattr(event, "y", 0.0)), 0.0), 1.0)
        pos = (int(x * (CANVAS[0] - 1)), int(y * (CANVAS[1] - 1)))
        self.last_device = KBM
        if event.type == pygame.FINGERDOWN:
            self.fingers[key] = _Finger(pos, pos)
            if len(self.fingers) > 1:           # a second finger: a gesture, not a tap
                for finger in self.fingers.values():
                    finger.tap = False
            return [Input(Act.POINTER, KBM, pos)]
        finger = self.fingers.get(key)
        if event.type == pygame.FINGERMOTION:
            if finger is None:
                return []
            finger.pos = pos
            if math.dist(pos, finger.start) > TAP_SLOP:
                finger.tap = False
            return [Input(Act.POINTER, KBM, pos)]
        self.fingers.pop(key, None)
        if finger is not None and finger.tap:
            return [Input(Act.CONFIRM, KBM, pos)]
        return [Input(Act.NUDGE, KBM, pos)]

    def _press(self, dev: str, act: Act) -> Input:
        self.last_device = dev
        if act in DIRECTIONS:
            self._held[(dev, act)] = _Held(act)
        return Input(act, dev)

    def _release(self, dev: str, act: Act) -> None:
        self._held.pop((dev, act), None)

    def _axis(self, dev: str, axis: int, value: float) -> list[Input]:
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            neg, pos = Act.LEFT, Act.RIGHT
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            neg, pos = Act.UP, Act.DOWN
        else:
            return []
        current = self._stick.get((dev, axis))
        if current is None:
            if value <= -DEADZONE:
                new = neg
            elif value >= DEADZONE:
                new = pos
            else:
                return [Input(Act.NUDGE, dev)] if abs(value) >= NUDGE_ZONE else []
        else:
            if (current is neg and value > -RELEASE_ZONE) or (current is pos and value < RELEASE_ZONE):
                self._stick[(dev, axis)] = None
                self._release(dev, current)
                return self._axis(dev, axis, value) if abs(value) >= DEADZONE else []
            return []
        self._stick[(dev, axis)] = new
        return [self._press(dev, new)]

    def update(self, dt: float) -> list[Input]:
        """Advance hold-to-repeat timers; returns the repeats that fell due."""
        out = []
        for (dev, _), held in self._held.items():
            held.timer += dt
            limit = REPEAT_EVERY if held.repeating else REPEAT_DELAY
            if held.timer >= limit:
                held.timer -= limit
                held.repeating = True
                out.append(Input(held.act, dev, repeat=True))
        return out

    def clear_held(self) -> None:
        """Forget held directions and buttons (the window lost focus, so their releases
        go elsewhere) so nothing repeats forever."""
        self.held_buttons.clear()
        self.keys_down.clear()
        self._held.clear()
        self.fingers.clear()

    def pads_holding(self, *buttons: int) -> list[str]:
        """Controllers on which every one of ``buttons`` is held right now."""
        return [dev for dev, held in self.held_buttons.items() if all(b in held for b in buttons)]
