"""Work done a slice of time a frame, so building History's pictures and reading the
store never makes one frame late."""
from __future__ import annotations

import time
from collections import deque
from typing import Callable, Hashable, Iterator


class Jobs:
    """Work as generators, each ``next()`` a small step, run a slice of time a frame:
    first what the screen shows now, then (``later``) what it will probably show next.
    A job is known by its key, so asking again for one under way carries on with it."""

    def __init__(self) -> None:
        self.now: deque[Hashable] = deque()
        self.later: deque[Hashable] = deque()
        self.running: dict[Hashable, Iterator] = {}

    def want(self, key: Hashable, make: Callable[[], Iterator], soon: bool = True) -> None:
        if key not in self.running:
            self.running[key] = make()
        (self.now if soon else self.later).append(key)

    def replan(self) -> None:
        """Forget every wish (a change asks again for what it still wants)."""
        self.now.clear()
        self.later.clear()

    def drop_unwanted(self) -> None:
        """Jobs begun but no longer asked for are let go (a bound on what is kept)."""
        wanted = set(self.now) | set(self.later)
        self.running = {key: job for key, job in self.running.items() if key in wanted}

    @property
    def busy(self) -> bool:
        """Is something the screen shows still being built?"""
        return any(key in self.running for key in self.now)

    def run(self, seconds: float, later: bool = True) -> None:
        """Steps until ``seconds`` have gone (one at least, so work always moves on);
        the ``later`` work only if ``later``."""
        end = time.perf_counter() + seconds
        stepped = False
        for queue in (self.now, self.later) if later else (self.now,):
            while queue and (not stepped or time.perf_counter() < end):
                job = self.running.get(queue[0])
                try:
                    if job is None:
                        raise StopIteration
                    stepped = True
                    next(job)
                except StopIteration:
                    self.running.pop(queue.popleft(), None)
            if queue:
                return


def one_step(work: Callable, *args) -> Iterator[None]:
    """A job of one step: ``work(*args)``."""
    work(*args)
    yield
