"""Tweens and timelines: how everything on screen moves.

A :class:`Tween` eases some attributes of an object to target values; a
:class:`Timeline` plays steps one after another (tweens, pauses, calls, or groups that run
together); an :class:`Animator` runs many timelines at once. Start values are read when a
step begins, so a chain of tweens always continues from wherever the last one stopped.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Protocol


def linear(t: float) -> float:
    return t


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1, c3 = 1.70158, 2.70158
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def arc(t: float) -> float:
    """0 -> 1 -> 0: for lifts that rise and settle during a move."""
    return math.sin(math.pi * t)


class Step(Protocol):
    def start(self) -> None: ...

    def update(self, dt: float) -> float:
        """Advance; returns leftover time once finished, or a negative number if not."""


class Tween:
    def __init__(self, target: object, duration: float, ease: Callable[[float], float] = ease_out_cubic,
                 **to: float) -> None:
        self.target = target
        self.duration = max(duration, 1e-6)
        self.ease = ease
        self.to = to
        self.elapsed = 0.0
        self.start_values: dict[str, float] = {}

    def start(self) -> None:
        self.elapsed = 0.0
        self.start_values = {k: getattr(self.target, k) for k in self.to}

    def update(self, dt: float) -> float:
        self.elapsed += dt
        t = min(self.elapsed / self.duration, 1.0)
        k = self.ease(t)
        for name, end in self.to.items():
            begin = self.start_values[name]
            setattr(self.target, name, begin + (end - begin) * k)
        return self.elapsed - self.duration if t >= 1.0 else -1.0


class Wait:
    def __init__(self, duration: float) -> None:
        self.duration = duration
        self.elapsed = 0.0

    def start(self) -> None:
        self.elapsed = 0.0

    def update(self, dt: float) -> float:
        self.elapsed += dt
        return self.elapsed - self.duration if self.elapsed >= self.duration else -1.0


class Call:
    """Run a function when the timeline reaches this point (swap a card face, play a sound)."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn

    def start(self) -> None:
        self.fn()

    def update(self, dt: float) -> float:
        return dt


class Later:
    """A step built only when the timeline reaches it (``make`` may return None: nothing
    to do), so it starts from the table as the steps before it left it: where each card
    is by then, which cards are known."""

    def __init__(self, make: Callable[[], "Step | None"]) -> None:
        self.make = make
        self.step: Step | None = None

    def start(self) -> None:
        self.step = self.make() or Wait(0)
        self.step.start()

    def update(self, dt: float) -> float:
        return self.step.update(dt)


class Together:
    """Steps that run at the same time; finished when the longest one is."""

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.running: list[Step] = []

    def start(self) -> None:
        self.running = list(self.steps)
        for step in self.running:
            step.start()

    def update(self, dt: float) -> float:
        leftovers = []
        still = []
        for step in self.running:
            left = step.update(dt)
            if left < 0:
                still.append(step)
            else:
                leftovers.append(left)
        self.running = still
        if still:
            return -1.0
        return min(leftovers) if leftovers else dt


class Timeline:
    """Steps played in order. A timeline is itself a step, so timelines nest."""

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self.steps: list[Step] = list(steps)
        self.index = 0
        self._started = False

    def then(self, *steps: Step) -> "Timeline":
        """Append one step, or several to run together."""
        self.steps.append(steps[0] if len(steps) == 1 else Together(*steps))
        return self

    def wait(self, seconds: float) -> "Timeline":
        return self.then(Wait(seconds))

    def call(self, fn: Callable[[], object]) -> "Timeline":
        return self.then(Call(fn))

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def start(self) -> None:
        self.index = 0
        self._started = False

    def update(self, dt: float) -> float:
        """Advance; leftover time once everything has finished, else a negative number."""
        while not self.done:
            step = self.steps[self.index]
            if not self._started:
                step.start()
                self._started = True
            left = step.update(dt)
            if left < 0:
                return -1.0
            self.index += 1
            self._started = False
            dt = left
        return dt

    def finish(self) -> None:
        """Jump to the end (skip animations): every remaining step completes at once."""
        while self.update(1e6) < 0:
            pass


class Animator:
    """Runs any number of timelines side by side."""

    def __init__(self) -> None:
        self.timelines: list[Timeline] = []

    def play(self, timeline: Timeline) -> Timeline:
        self.timelines.append(timeline)
        return timeline

    def update(self, dt: float) -> None:
        self.timelines = [t for t in self.timelines if t.update(dt) < 0]

    @property
    def busy(self) -> bool:
        return bool(self.timelines)

    def finish_all(self) -> None:
        for t in self.timelines:
            t.finish()
        self.timelines.clear()
