"""The log panel: the game's log lines as one picture, redrawn only when they change.

A part of the table (``table.log_panel``); the lines themselves are the table's
(``log_lines``, ``since_last_move``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.table.log import shown_to
from sprites import ui
from game.i18n import _

LOG_KEEP = 20       # log lines a panel could ever show
LOG_LINES_MIN = 6   # the fewest single-line entries a log panel must hold at 1080p

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


class LogPanel:
    """What the log panel shows and its picture (see the module)."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        self._log_picture: tuple | None = None
        self._log_rows: dict = {}        # rendered rows, by line

    def log_capacity(self) -> int:
        """How many one-line entries the log panel holds under a heading."""
        anchor = self.t.layout.get("log")
        step = self.t.ctx.assets.font("body", 28).get_linesize() + 2
        return max(0, (anchor.h - 18) // step - 1)

    def log_view(self) -> tuple[str, tuple[str, ...], int]:
        """What the log panel shows: a heading, its lines, and how many of the newest
        are bright. While a person decides: what the others did since their last move
        ("Since your turn"); otherwise the latest lines, the newest bright."""
        seat = self.t.state.current_player
        if self.t.human_deciding and self.t.couch.viewer == seat:
            recap = tuple(self.t.log_book.since_last_move(seat))[-LOG_KEEP:]
            if recap:
                return _("Since your turn"), recap, len(recap)
        return "", tuple(shown_to(self.t.log_book.log_lines, self.t.couch.viewer))[-LOG_KEEP:], 1

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log panel: whole lines only, wrapped, never cut (the end of a line is often
        what matters), newest at the bottom, each marked with the shape and colour of
        the seat whose move it tells. The panel is in the backdrop; the text is one
        picture, redrawn only when what it shows changes."""
        view = self.log_view()
        if not view[1]:
            return
        if self._log_picture is None or self._log_picture[0] != view:
            self._log_picture = (view, self._paint_log(*view))
        anchor = self.t.layout.get("log")
        surface.blit(self._log_picture[1], (anchor.x, anchor.y))

    def _paint_log(self, heading: str, lines: tuple[str, ...], bright: int) -> pygame.Surface:
        a = self.t.ctx.assets
        anchor = self.t.layout.get("log")
        marker = 30                                # room for a seat's shape
        width = anchor.w - 32 - marker
        step = a.font("body", 28).get_linesize() + 2
        picture = pygame.Surface((anchor.w, anchor.h), pygame.SRCALPHA)
        top = 8
        if heading and anchor.h >= 2 * step + 18:   # a one-line panel keeps its line
            title = a.text_fit(heading, 28, anchor.w - 32, ui.ACCENT, "bold")
            picture.blit(title, (16, top))
            top += step
        bottom = anchor.h - 10
        kept: dict[tuple, list[pygame.Surface]] = {}
        for i, line in enumerate(reversed(lines)):
            colour = ui.TEXT if i < bright else ui.TEXT_MUTED
            # a line's rows are wrapped and rendered once while it is on show: a new move
            # then costs its own line, not a re-render of the whole panel
            key = (str(line), colour, width)
            rows = self._log_rows.get(key) or [a.text(row, 28, colour)
                                               for row in a.wrap(line, 28, width)]
            kept[key] = rows
            if bottom - step * len(rows) < top and i:
                break                              # an older line that does not fit whole
            bottom -= step * len(rows)
            mover = getattr(line, "mover", None)
            if mover is not None and 0 <= mover < len(self.t.match.seats):
                seat = self.t.match.seats[mover]
                ui.draw_shape(picture, ui.SEAT_SHAPES[seat.colour % 6],
                              (16 + 11, bottom + step // 2), 10,
                              ui.SEAT_COLOURS[seat.colour % 6])
            for k, row in enumerate(rows):
                picture.blit(row, (16 + marker, bottom + k * step))
        self._log_rows = kept
        return ui.fast(picture)
