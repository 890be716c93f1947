"""The game's log: its lines, and the lines of the move on screen waiting for its animation.

A part of the table (``table.log_book``). A move's lines are queued while it is played
and shown as its animation reaches them (``release_log``), so the log never tells the
end of a move before the cards show it; the game-over banner waits the same way.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.engine import Event, GameOver
from scenes.table.log import LogLine, shown_to
from scenes.table.signals import MovePlayed
from sprites.tween import Call

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

RESULTS_DELAY = 2.6                                    # banner time before the results


class LogBook:
    """The log's lines and what waits for the animation (see the module)."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        self.log_lines: deque[str] = deque(maxlen=40)
        self.moving = False                 # a move is being played: its lines queue
        self.waiting: list[str] = []     # the move's lines its animation has not reached
        self.banner_waiting: tuple[str, str, float] | None = None

    def move_played(self, move: MovePlayed) -> None:
        """The move's log lines (queued for its animation) and, at the end, the banner."""
        for event in move.events:
            if self.t.game.loggable(event):
                self.log(LogLine.of(event.describe(self.t.names), move.mover))
            if isinstance(event, GameOver):
                self.banner_waiting = (self.t.match.headline(event.winners),
                                       self.t.state.outcome(), RESULTS_DELAY)

    def log(self, line: str) -> None:
        """Add a line to the game log. Lines of the move being played wait until its
        animation reaches them (see release_log) or ends, so the log never tells the
        end of a move before the cards show it."""
        if not line:
            return
        if self.moving:
            self.waiting.append(line)
        else:
            self.log_lines.append(line)

    def since_last_move(self, seat: int) -> list[LogLine]:
        """The log lines of the moves made since ``seat`` last moved (everything, if it
        has not moved yet): the recap a person reads when their turn comes round."""
        lines = shown_to(self.log_lines, self.t.couch.viewer)
        last = max((i for i, line in enumerate(lines)
                    if getattr(line, "mover", None) == seat), default=-1)
        return [line for line in lines[last + 1:] if getattr(line, "mover", None) != seat]

    def release_log(self, event: Event) -> Call:
        """A timeline step that shows ``event``'s log line (and any queued before it)."""
        return Call(lambda: self.release_line(event))

    def release_line(self, event: Event) -> None:
        """Show ``event``'s queued log line now (and any queued before it)."""
        line = event.describe(self.t.names)
        if line in self.waiting:
            upto = self.waiting.index(line) + 1
            self.log_lines.extend(self.waiting[:upto])
            del self.waiting[:upto]

    @property
    def queued_lines(self) -> list[str]:
        """Log lines of the move on screen that its animation has not reached yet."""
        return list(self.waiting)

    def flush_log(self) -> None:
        """The move's animation is over: everything it had to say is said (and the
        places it changed are outlined)."""
        self.log_lines.extend(self.waiting)
        self.waiting.clear()
        self.t.changes.settle()
        if self.banner_waiting is not None:
            text, sub, hold = self.banner_waiting
            self.banner_waiting = None
            if text != self.t.messages.banner_text:  # the table may have shown it already
                self.t.messages.banner(text, sub, hold)
