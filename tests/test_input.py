"""Synthetic keyboard, mouse and controller events become abstract actions per device."""
import logging

import pygame
import pytest

from game.input import (AXIS_MAX, KBM, REPEAT_DELAY, REPEAT_EVERY, Act, InputManager)


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


def test_controllers_are_keyed_by_instance_id_and_hotplug(manager):
    added = manager.process(ev(pygame.CONTROLLERDEVICEADDED, device_index=0))
    assert acts(added) == [(Act.DEVICE_ADDED, "pad10")]
    manager.process(ev(pygame.CONTROLLERDEVICEADDED, device_index=1))
    a = manager.process(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=11, button=pygame.CONTROLLER_BUTTON_A))
    assert acts(a) == [(Act.CONFIRM, "pad11")]
    assert manager.last_device == "pad11" and manager.glyph_style() == "pad"
    removed = manager.process(ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=11))
    assert acts(removed) == [(Act.DEVICE_REMOVED, "pad11")]
    assert [d.id for d in manager.controllers()] == ["pad10"]
    assert manager.last_device == KBM  # prompts fall back to the keyboard


def test_unknown_instance_ids_are_ignored_with_one_warning(manager, caplog):
    for _ in range(3):
        out = manager.process(ev(pygame.CONTROLLERBUTTONDOWN, instance_id=99, button=0))
        assert out == []
    assert manager.process(ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=99)) == []
    warnings = [r for r in caplog.records if "99" in r.getMessage()]
    assert len(warnings) == 2  # one for the input, one for the removal; no repeats


def test_a_joystick_that_is_not_a_gamepad_is_reported_not_opened(caplog):
    manager = InputManager(logging.getLogger("test.input"), opener=lambda index: None)
    assert manager.process(ev(pygame.CONTROLLERDEVICEADDED, device_index=3)) == []
    assert manager.controllers() == []
    assert any("not a recognised gamepad" in r.getMessage() for r in caplog.records)


def test_stick_has_a_deadzone_and_hysteresis(manager):
    manager.process(ev(pygame.CONTROLLERDEVICEADDED, device_index=0))
    axis = pygame.CONTROLLER_AXIS_LEFTX

    def move(v):
        return acts(manager.process(ev(pygame.CONTROLLERAXISMOTION, instance_id=10,
                                       axis=axis, value=int(v * AXIS_MAX))))

    assert move(0.1) == []                     # resting noise: nothing
    assert move(0.3) == [(Act.NUDGE, "pad10")]  # inside the deadzone: only activity
    assert move(0.8) == [(Act.RIGHT, "pad10")]
    assert move(0.9) == []                     # still held: no new press
    assert move(0.35) == []                    # between release and press zones: held
    assert move(0.1) == []                     # released
    assert move(-0.7) == [(Act.LEFT, "pad10")]
    assert move(0.7) == [(Act.RIGHT, "pad10")]  # flick straight across


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
