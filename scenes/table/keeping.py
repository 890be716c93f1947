"""Nothing is lost: the table records every move as it is played, continues a saved
game, and lets a person take back a slip.

A match with at least one person in it is recorded in ``ctx.store`` (a kiosk's store
saves nothing; an all-AI table, the demo and replays are not recorded): the match when
the table opens, then each move with the state after it, in one transaction, *before*
its animation starts, so a crash or a power cut mid-animation loses nothing.

Taking back follows Board Game Arena's policy (game/undo.py): a person may take back
their own last decision, with the AI moves after it, until a random draw, something they
could not know, or another person's move. The table offers it on that person's turn (B
at their first pick, with a confirm) and in the Pause menu; the log says who took what
back. The Undo setting switches it off (tournament play).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import State
from game.store import SavedMatch
from game.undo import UndoGuard
from scenes.table.log import read_log, saved_log
from scenes.table.signals import MovePlayed
from game.i18n import _

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


@dataclass(frozen=True)
class Resume:
    """A saved match to continue, and the state it continues from (see replay.resume_state)."""

    saved: SavedMatch
    state: State


class Keeper:
    """The table's recording, resuming and taking back (``table.keeper``)."""

    def __init__(self, table: TableScene, resume: Resume | None) -> None:
        """Called once the first state exists: continue the saved match, or record a new
        one (if a person plays and this table records at all)."""
        self.t = table
        self.match_id: int | None = None       # the store's record (None: not recorded)
        self.guard: UndoGuard | None = None
        match = table.match
        table.move_played.connect(self.kept)
        humans = [i for i, seat in enumerate(match.seats) if seat.human]
        if not humans or not table.records:
            return
        self.guard = UndoGuard(humans)   # a resumed match starts afresh: no undo past it
        if resume is not None:
            self.match_id = resume.saved.id
            table.moves_played = len(resume.saved.moves)
            table.log_book.log_lines.extend(read_log(resume.saved.log))
            return
        self.match_id = table.ctx.store.start_match(match, match.seed, table.state,
                                                    saved_log(table.log_book.log_lines))

    def kept(self, move: MovePlayed) -> None:
        """Saved before its animation starts (the move's log lines already queued)."""
        self.keep_move(move.mover, move.before, move.action)

    def keep_move(self, seat: int | None, before: State | None, action) -> None:
        """The move just applied (``before`` is a copy of the state before it, None when
        nothing records): saved with the state after it, then offered to the undo guard."""
        if self.match_id is None:
            return
        index = self.t.moves_played - 1
        self.t.ctx.store.record_move(self.match_id, index, seat, action, self.t.state,
                                   saved_log([*self.t.log_book.log_lines, *self.t.log_book.waiting]))
        if self.guard is not None and before is not None:
            self.guard.played(index, seat, before, action, self.t.state)

    @property
    def keeping(self) -> bool:
        """Is this match being recorded (so Quit keeps it, and Abandon is offered)?"""
        return self.match_id is not None and self.t.ctx.store.saving

    # -- taking back --------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The person who would take back: the one to move, else the only person here."""
        seat = self.t.state.current_player
        if self.t.couch.is_human(seat) and not self.t.couch.is_phone(seat):
            return seat
        humans = [i for i, s in enumerate(self.t.match.seats)
                                          if s.human and not self.t.couch.is_phone(i)]
        return humans[0] if len(humans) == 1 else None

    def undo_target(self) -> int | None:
        """The move the person in :meth:`undo_seat` may take back to, or None (nothing
        to take back, undo switched off, the game over, or the guard says no)."""
        if (self.guard is None or not self.t.ctx.settings.undo or self.t.state.is_terminal()
                or self.t.animator.busy):
            return None
        seat = self.undo_seat()
        return None if seat is None else self.guard.target(seat)

    def undo_words(self, index: int) -> str:
        """What taking back to move ``index`` undoes, in the log's words ('Robin lands 2
        Owls at the left end of row 1'), for the confirm and the log."""
        move = self.guard.move_at(index)
        if move is None:
            return _("the last move")
        before, action = move
        events = before.apply(action)
        return events[0].describe(self.t.names) if events else _("the last move")

    def take_back(self) -> bool:
        """Take back to the guard's target: the state before that move, saved, logged,
        and shown without animation. False if nothing may be taken back now."""
        index = self.undo_target()
        if index is None:
            return False
        seat = self.undo_seat()
        what = self.undo_words(index)
        self.t.state = self.guard.take_back(index)
        self.t.moves_played = index
        name = self.t.match.seats[seat].name
        self.t.log_book.log(_("{name} takes back: {move}").format(name=name, move=what))
        self.t.ctx.store.take_back(self.match_id, index, self.t.state,
                                   saved_log(self.t.log_book.log_lines))
        self.t.animator.finish_all()
        self.t.changes.forget()
        self.t.turn.reset()
        self.t.turn_seat = self.t.state.current_player
        self.t.dirty = True
        self.t.taken_back.emit(index)
        self.t.ctx.play("tap")
        return True

    def offer_take_back(self) -> bool:
        """B at a person's first pick: a confirm naming what would be taken back."""
        index = self.undo_target()
        if index is None:
            return False
        from scenes.overlays import Confirm
        self.t.ctx.stack.push(Confirm(self.t.ctx, _("Take back your move?"),
                                      self.undo_words(index), self.take_back,
                                      yes=_("Take back"), no=_("Keep it")))
        return True

    def abandon(self) -> None:
        """The player chose "Abandon game": it is no longer offered to continue."""
        self.t.ctx.store.abandon_match(self.match_id)
        self.match_id = None
