"""A move's events become one timeline: one handler per event type, one signature.

A game's animations module declares its handlers with :func:`on`::

    class CuBirdsAnimations(Animations):
        @on(BirdsPlaced)
        def birds_placed(self, event, rest) -> list:
            ...                      # timeline steps showing it

Every handler takes the event and the events after it in the move (``rest``) and returns
timeline steps. An event type declared with ``run=`` is handed over as one tuple of the
consecutive events of that type (a deal of many cards plays as one sweep); ``run`` may be
a test, so only the events that pass it are grouped. Each event's log line is released
as its steps start, unless ``log=`` says the handler releases it itself (a line that must
wait for a card to turn). A table with ``lazy = True`` builds each handler's steps only
when the timeline reaches them, from the sprites as the earlier steps left them.

A part of the table (``table.motion``): each game's table names its class in
``motion_kind``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, ClassVar, Iterable, Sequence, Union

from game.engine import Event
from sprites.tween import Later, Timeline, Wait

Test = Union[bool, Callable[[Event], bool]]

if TYPE_CHECKING:
    from scenes.table.game import GameTable
    from scenes.table.scene import TableScene


def on(*kinds: type, run: Test = False, log: Test = True):
    """Declare the decorated method the animation of events of ``kinds`` (see module)."""
    def mark(method):
        method.animates = (kinds, run, log)
        return method
    return mark


def _holds(test: Test, event: Event) -> bool:
    return test(event) if callable(test) else bool(test)


def as_step(steps):
    """A handler's result as one timeline step (a list becomes a Timeline)."""
    if steps is None or isinstance(steps, (list, tuple)):
        return Timeline(list(steps or ()))
    return steps


class Animations:
    lazy: ClassVar[bool] = False          # build each handler's steps when reached
    handlers: ClassVar[dict[type, tuple[str, Test, Test]]] = {}

    def __init__(self, table: TableScene) -> None:
        self.t = table

    @property
    def game(self) -> GameTable:
        """The game's part of the same table (its sprites and display model)."""
        return self.t.game

    def __init_subclass__(cls, **kwargs) -> None:
        """Collect the @on handlers of the class and its bases, by event type."""
        super().__init_subclass__(**kwargs)
        found: dict[type, tuple[str, Test, Test]] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                kinds, run, log = getattr(member, "animates", ((), False, True))
                for kind in kinds:
                    found[kind] = (name, run, log)
        cls.handlers = found

    def prepare(self, events: Sequence[Event]) -> list[Event]:
        """The events as this table shows them (a table may hide a detail first)."""
        return list(events)

    def join(self, steps: list, item, new: list) -> None:
        """Add one event's steps to the move's timeline (a table may run some at once)."""
        steps.extend(new)

    def animate(self, events: Sequence[Event]) -> None:
        """Plan the move's timeline from its events and play it."""
        events = self.prepare(events)
        steps: list = []
        i = 0
        while i < len(events):
            event = events[i]
            name, run, log = self.handlers.get(type(event), (None, False, True))
            j = i + 1
            item = event
            if run and _holds(run, event):
                while (j < len(events) and type(events[j]) is type(event)
                       and _holds(run, events[j])):
                    j += 1
                item = tuple(events[i:j])
            new = [self.t.log_book.release_log(events[j - 1])] if _holds(log, event) else []
            if name is not None:
                handler, rest = getattr(self, name), events[j:]
                if self.lazy:
                    new.append(Later(lambda h=handler, it=item, r=rest: as_step(h(it, r))))
                else:
                    new.extend(handler(item, rest) or ())
            self.join(steps, item, new)
            i = j
        if steps:
            self.sequence(steps)

    def pause_for(self, seconds: float) -> None:
        """Hold the loop for a beat (e.g. after a mismatch) without any sprite moving."""
        self.t.animator.play(Timeline([Wait(self.t.dur(seconds))]))

    def sequence(self, steps: Iterable) -> Timeline:
        return self.t.animator.play(Timeline(list(steps)))
