"""Devices become abstract actions per device: keyboard, mouse and touch events posted
as pygame events; controllers through SDL's own path, with SDL's virtual pads."""
import logging

import pygame
import pytest

from game.input import KBM, REPEAT_DELAY, REPEAT_EVERY, Act, InputManager
from tests.vpads import pad_app  # noqa: F401 (a fixture)


class FakePads:
    """Stands in for SDL: device index -> (instance id, name, handle)."""

    def __init__(self, mapping):
        self.mapping = mapping

    def __call__(self, index):
        return self.mapping.get(index)


@pytest.fixture
def manager(caplog):
    caplog.set_level(logging.INFO, logger="test.input")
    return InputManager(logging.getLogger("test.input"),
                        opener=FakePads({0: (10, "Pad A", None), 1: (11, "Pad B", None)}))


def ev(kind, **attrs):
    return pygame.event.Event(kind, **attrs)


def acts(inputs):
    return [(i.act, i.device) for i in inputs]


def test_keyboard_maps_to_actions(manager):
    assert acts(manager.process(ev(pygame.KEYDOWN, key=pygame.K_RETURN))) == [(Act.CONFIRM, KBM)]
    assert acts(manager.process(ev(pygame.KEYDOWN, key=pygame.K_a))) == [(Act.LEFT, KBM)]
    assert acts(manager.process(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE))) == [(Act.BACK, KBM)]
    assert acts(manager.process(ev(pygame.KEYDOWN, key=pygame.K_TAB))) == [(Act.ALT, KBM)]
    assert acts(manager.process(ev(pygame.KEYDOWN, key=pygame.K_F5))) == [(Act.NUDGE, KBM)]


def test_mouse_moves_focus_and_clicks_confirm(manager):
    moved = manager.process(ev(pygame.MOUSEMOTION, pos=(100, 200), rel=(1, 1), buttons=(0, 0, 0)))
    assert moved[0].act is Act.POINTER and moved[0].pos == (100, 200)
    clicked = manager.process(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))
    assert clicked[0].act is Act.CONFIRM and clicked[0].pos == (5, 6)
    assert manager.process(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3))[0].act is Act.BACK


# -- controllers, through SDL's own controller path (virtual pads) ----------------------
@pytest.fixture
def app(pad_app):
    return pad_app


def drain(app):
    """Pump SDL and return the inputs it produced (what the app would dispatch)."""
    out = []
    for event in pygame.event.get():
        out.extend(app.input.process(event))
    return out


def test_controllers_are_keyed_by_instance_id_and_hotplug(app):
    first, second = app.pads.plug(), app.pads.plug()
    assert acts(drain(app)) == [(Act.DEVICE_ADDED, first.device),
                                (Act.DEVICE_ADDED, second.device)]
    second.button(pygame.CONTROLLER_BUTTON_A, True)
    assert acts(drain(app)) == [(Act.CONFIRM, second.device)]
    second.button(pygame.CONTROLLER_BUTTON_A, False)
    drain(app)
    assert app.input.last_device == second.device and app.input.glyph_style() == "pad"
    second.unplug()
    assert acts(drain(app)) == [(Act.DEVICE_REMOVED, second.device)]
    assert [d.id for d in app.input.controllers()] == [first.device]
    assert app.input.last_device == KBM  # prompts fall back to the keyboard


def test_every_button_maps_to_its_action(app):
    pad = app.pads.plug()
    drain(app)
    expected = {pygame.CONTROLLER_BUTTON_A: Act.CONFIRM, pygame.CONTROLLER_BUTTON_B: Act.BACK,
                pygame.CONTROLLER_BUTTON_X: Act.ALT, pygame.CONTROLLER_BUTTON_Y: Act.HINT,
                pygame.CONTROLLER_BUTTON_START: Act.PAUSE,
                pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Act.PREV,
                pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Act.NEXT,
                pygame.CONTROLLER_BUTTON_DPAD_UP: Act.UP,
                pygame.CONTROLLER_BUTTON_DPAD_DOWN: Act.DOWN,
                pygame.CONTROLLER_BUTTON_DPAD_LEFT: Act.LEFT,
                pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Act.RIGHT}
    for button, act in expected.items():
        pad.button(button, True)
        assert acts(drain(app)) == [(act, pad.device)], button
        pad.button(button, False)
        drain(app)
    pad.button(pygame.CONTROLLER_BUTTON_GUIDE, True)       # unmapped: still activity
    assert acts(drain(app)) == [(Act.NUDGE, pad.device)]


def test_a_joystick_that_is_not_a_gamepad_is_reported_not_opened(app, caplog):
    from tests.vpads import UNKNOWN

    caplog.set_level(logging.INFO, logger="birdhouse.test")
    app.pads.plug(kind=UNKNOWN)
    assert drain(app) == []
    assert app.input.controllers() == []
    assert any("not a recognised gamepad" in r.getMessage() for r in caplog.records)


def test_stick_has_a_deadzone_and_hysteresis(app):
    pad = app.pads.plug()
    drain(app)
    axis = pygame.CONTROLLER_AXIS_LEFTX

    def move(v):
        pad.axis(axis, v)
        return acts(drain(app))

    assert move(0.1) == []                     # resting noise: nothing
    assert move(0.3) == [(Act.NUDGE, pad.device)]  # inside the deadzone: only activity
    assert move(0.8) == [(Act.RIGHT, pad.device)]
    assert move(0.9) == []                     # still held: no new press
    assert move(0.35) == []                    # between release and press zones: held
    assert move(0.1) == []                     # released
    assert move(-0.7) == [(Act.LEFT, pad.device)]
    assert move(0.7) == [(Act.RIGHT, pad.device)]  # flick straight across


def test_unknown_instance_ids_are_ignored_with_one_warning(manager, caplog):
    """Input from a pad never announced (a stray event) is dropped, said once."""
    for _ in range(3):
        out = manager.process(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=99, button=0))
        assert out == []
    assert manager.process(ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=99)) == []
    warnings = [r for r in caplog.records if "99" in r.getMessage()]
    assert len(warnings) == 2  # one for the input, one for the removal; no repeats


# -- controller mappings (SDL_GameControllerDB lines in the config folder) ---------------
GOOD = ("03000000de280000ff11000001000000,Birdhouse Test Pad,a:b0,b:b1,x:b2,y:b3,"
        "back:b6,start:b7,leftx:a0,lefty:a1,dpup:h0.1,dpdown:h0.4,dpleft:h0.8,"
        "dpright:h0.2,platform:Linux,")


def test_a_mapping_file_adds_good_lines_and_reports_each_bad_one(app, tmp_path, caplog):
    from game.input import load_mappings

    caplog.set_level(logging.INFO, logger="birdhouse.test")
    path = tmp_path / "gamecontrollerdb.txt"
    path.write_bytes(("# a comment\n" + GOOD + "\n"
                      "complete garbage\n"
                      "03000000de280000ff11000001000000,Bad,a:zz9,platform:Linux,\n"
                      "03000000de280000ff11000002000000,Other OS,a:b0,platform:Windows,\n"
                      ).encode() + b"\xff\xfe binary junk\n")
    assert load_mappings(path, app.log) == 1
    bad = sorted(int(m.split(" line ")[1].split()[0]) for m in
                 (r.getMessage() for r in caplog.records) if " line " in m)
    assert bad == [3, 4, 6]              # garbage, a refused binding, the binary junk
    assert load_mappings(tmp_path / "missing.txt", app.log) == 0


def test_the_app_loads_mappings_from_the_config_folder(tmp_path, caplog):
    from tests.harness import make_app

    caplog.set_level(logging.INFO, logger="birdhouse.test")
    (tmp_path / "gamecontrollerdb.txt").write_text(GOOD + "\nnot a mapping\n")
    make_app(tmp_path)
    try:
        messages = [r.getMessage() for r in caplog.records]
        assert any("Loaded 1 controller mapping" in m for m in messages)
        assert any("line 2 ignored" in m for m in messages)
    finally:
        pygame.quit()


# -- touch ----------------------------------------------------------------------------------
def finger(kind, x, y, fid=1):
    return ev(kind, touch_id=7, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)


def test_a_tap_points_then_chooses_where_the_finger_lifts(manager):
    down = manager.process(finger(pygame.FINGERDOWN, 0.5, 0.25))
    assert [(i.act, i.pos) for i in down] == [(Act.POINTER, (959, 269))]
    up = manager.process(finger(pygame.FINGERUP, 0.505, 0.25))
    assert [(i.act, i.pos) for i in up] == [(Act.CONFIRM, (int(0.505 * 1919), 269))]
    assert up[0].device == KBM


def test_a_drag_moves_focus_and_does_not_choose(manager):
    manager.process(finger(pygame.FINGERDOWN, 0.1, 0.5))
    drag = manager.process(finger(pygame.FINGERMOTION, 0.3, 0.5))
    assert [i.act for i in drag] == [Act.POINTER] and drag[0].pos[0] == int(0.3 * 1919)
    assert [i.act for i in manager.process(finger(pygame.FINGERUP, 0.3, 0.5))] == [Act.NUDGE]


def test_two_fingers_make_no_tap(manager):
    manager.process(finger(pygame.FINGERDOWN, 0.2, 0.2, fid=1))
    manager.process(finger(pygame.FINGERDOWN, 0.6, 0.6, fid=2))
    assert len(manager.fingers) == 2
    assert [i.act for i in manager.process(finger(pygame.FINGERUP, 0.2, 0.2, fid=1))] == [Act.NUDGE]
    assert [i.act for i in manager.process(finger(pygame.FINGERUP, 0.6, 0.6, fid=2))] == [Act.NUDGE]
    assert manager.fingers == {}


def test_sdl_mouse_copies_of_a_touch_are_ignored(manager):
    assert manager.process(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1, touch=True)) == []
    assert manager.process(ev(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 1), buttons=(1, 0, 0),
                              touch=True)) == []
    assert manager.process(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1,
                              touch=False))[0].act is Act.CONFIRM


def test_held_directions_repeat_after_a_delay(manager):
    manager.process(ev(pygame.KEYDOWN, key=pygame.K_DOWN))
    assert manager.update(REPEAT_DELAY - 0.01) == []
    first = manager.update(0.02)
    assert acts(first) == [(Act.DOWN, KBM)] and first[0].repeat
    assert len(manager.update(REPEAT_EVERY * 3 + 0.001)) == 1  # one per update call at most
    manager.process(ev(pygame.KEYUP, key=pygame.K_DOWN))
    assert manager.update(1.0) == []


def test_losing_window_focus_stops_a_held_direction(manager):
    manager.process(ev(pygame.KEYDOWN, key=pygame.K_DOWN))
    manager.process(ev(pygame.WINDOWFOCUSLOST))       # its key-up goes to another window
    assert manager.update(REPEAT_DELAY + 1.0) == []


def test_buttons_other_than_directions_do_not_repeat(manager):
    manager.process(ev(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert manager.update(2.0) == []


def test_a_key_or_button_down_again_before_it_came_up_is_a_repeat(manager):
    """SDL's key repeat (or a pad that resends a held button) is marked, so a screen can
    tell a held Enter from a new press."""
    first = manager.process(ev(pygame.KEYDOWN, key=pygame.K_RETURN))
    again = manager.process(ev(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert acts(again) == [(Act.CONFIRM, KBM)] and again[0].repeat and not first[0].repeat
    manager.process(ev(pygame.KEYUP, key=pygame.K_RETURN))
    assert not manager.process(ev(pygame.KEYDOWN, key=pygame.K_RETURN))[0].repeat
    manager.process(ev(pygame.CONTROLLERDEVICEADDED, device_index=0))
    pad = [manager.process(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=10,
                              button=pygame.CONTROLLER_BUTTON_A))[0] for _ in range(2)]
    assert [(i.act, i.repeat) for i in pad] == [(Act.CONFIRM, False), (Act.CONFIRM, True)]
    manager.process(ev(pygame.WINDOWFOCUSLOST))       # its key-up went to another window
    assert not manager.process(ev(pygame.KEYDOWN, key=pygame.K_RETURN))[0].repeat

def test_a_resting_pointer_under_a_new_window_moves_no_focus(manager):
    """SDL reports the pointer's place when the window opens beneath it (rel 0, 0)."""
    assert manager.process(ev(pygame.MOUSEMOTION, pos=(960, 540), rel=(0, 0),
                              buttons=(0, 0, 0))) == []
    moved = manager.process(ev(pygame.MOUSEMOTION, pos=(962, 540), rel=(2, 0),
                               buttons=(0, 0, 0)))
    assert [i.act for i in moved] == [Act.POINTER]
