"""What a table's parts tell each other: a move was played, a move was taken back.

The turn loop emits; the parts that must follow (the keeper saves the move, the changes
record notes what it changed, the phones desk tells the phones, the log queues its
lines, the animations play it) subscribe once, so ``submit()`` does one job and a new
part joins without editing it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

from game.engine import Event, State

T = TypeVar("T")


@dataclass(frozen=True)
class MovePlayed:
    """A move the rules accepted: who made it, what it was, the state before it (a
    copy, when someone keeps one for taking back; else None) and what happened."""

    mover: int | None
    action: Any
    before: State | None
    events: Sequence[Event]


class Signal(Generic[T]):
    """Subscribers called in the order they subscribed, each with the one value sent."""

    def __init__(self) -> None:
        self._subscribers: list[Callable[[T], None]] = []

    def connect(self, subscriber: Callable[[T], None]) -> None:
        self._subscribers.append(subscriber)

    def emit(self, value: T) -> None:
        for subscriber in list(self._subscribers):
            subscriber(value)
