"""Who may take back what: Board Game Arena's undo policy, through the game contract only.

A person may take back their own last decision, and the AI moves played after it with
it, until something that person could not know has been revealed (by that decision or
by a later move), a random draw has happened, or another person has acted. Never past
hidden information. Taking back again reaches the decision before, on the same terms.

The checks are generic: a move *drew at random* if the game's ``rng`` moved; it
*revealed* something to a seat if, dealt again at random from that seat's view
(``determinize``), the same move leaves that seat seeing something else (or is not even
legal). So a fifth game gets undo without a line of its own.

The table keeps one guard per match (a resumed match starts a new one: no undo past a
resume), fed after each applied move::

    before = state.clone()
    events = state.apply(action)
    store.record_move(match_id, index, seat, action, state, log)
    guard.played(index, seat, before, action, state)
    ...
    k = guard.target(seat)                # None: nothing this person may take back
    if k is not None:                     # (the Pause menu's "Undo" is shown when not None)
        state = guard.take_back(k)
        store.take_back(match_id, k, state, log_with_a_line_saying_so)

``target`` checks each move once per person (remembered), SAMPLES deals each: a few
milliseconds per move here, up to ~30 ms for a Flappy Families move. Ask when the Pause
menu opens or Undo is pressed, not on every frame.
"""
from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field

from game.engine import Action, IllegalAction, State

SAMPLES = 16
"""Deals tried per check. Sampling is not proof: a move revealing something that was
nearly certain anyway can pass unseen. Over 2,530 checks in seeded random games of the
four games (300 moves each, one person), 16 deals allowed 3 undos that 32 deals refuse
(4 deals: 27). Certainty would need a rule-specific check in each game (none has one)."""
KEEP = 64         # moves remembered at most (nobody takes back further)


@dataclass
class _Played:
    index: int
    seat: int | None
    before: State
    action: Action
    after: State
    reveals: dict[int, bool] = field(default_factory=dict)   # per viewer, worked out lazily


class UndoGuard:
    """The moves since the last point nobody can take back past, and the policy."""

    def __init__(self, humans: Collection[int], samples: int = SAMPLES) -> None:
        self.humans = frozenset(humans)
        self.samples = samples
        self._moves: list[_Played] = []

    def played(self, index: int, seat: int | None, before: State, action: Action,
               after: State) -> None:
        """Move ``index`` by ``seat`` took ``before`` (a copy made before applying) to
        ``after``. A random draw is a wall: it and everything before it are forgotten."""
        if before.rng.getstate() != after.rng.getstate():
            self._moves.clear()
            return
        self._moves.append(_Played(index, seat, before, action, after.clone()))
        del self._moves[:-KEEP]

    def target(self, seat: int) -> int | None:
        """The index of the move ``seat`` may take back to (it and every move after it
        go), or None."""
        mine = [i for i, move in enumerate(self._moves) if move.seat == seat]
        if seat not in self.humans or not mine:
            return None
        start = mine[-1]
        later = self._moves[start:]
        if any(move.seat in self.humans and move.seat != seat for move in later):
            return None
        if any(self._reveals(move, seat) for move in later):
            return None
        return later[0].index

    def move_at(self, index: int) -> tuple[State, Action] | None:
        """The state before move ``index`` (a copy) and the move, while remembered."""
        move = next((m for m in self._moves if m.index == index), None)
        return None if move is None else (move.before.clone(), move.action)

    def take_back(self, index: int) -> State:
        """The game as it was before move ``index`` (from target()); those moves are
        forgotten here too."""
        for position, move in enumerate(self._moves):
            if move.index == index:
                del self._moves[position:]
                return move.before.clone()
        raise ValueError(f"move {index} cannot be taken back")

    def _reveals(self, move: _Played, viewer: int) -> bool:
        """Did ``move`` show ``viewer`` something they could not know before it?"""
        if viewer not in move.reveals:
            move.reveals[viewer] = self._check(move, viewer)
        return move.reveals[viewer]

    def _check(self, move: _Played, viewer: int) -> bool:
        seen = move.after.view(viewer)
        for sample in range(self.samples):
            other = move.before.determinize(viewer, random.Random(sample))
            try:
                other.apply(move.action)
            except IllegalAction:
                return True          # the move itself tells something about hidden cards
            if other.view(viewer) != seen:
                return True
        return False
