"""The status line: one line on what is happening or what the person should do.

A part of the table (``table.status_line``); its words are the table's ``status()``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites import ui
from game.i18n import _

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


class StatusLine:
    """The status line's words, size, place and picture."""

    def __init__(self, table: TableScene) -> None:
        self.t = table

    def status_line(self) -> str:
        """The status, named when several people share the screen: the hand on show lies
        under the first seat's plate whoever's it is, so the line says whose it is."""
        seat = self.t.state.current_player
        if self.t.phone_deciding:
            name = self.t.match.seats[seat].name
            phones = self.t.ctx.phones
            if phones is None or not phones.is_connected(seat):
                return _("Waiting for {name}'s phone").format(name=name)
            return _("{name} is choosing on their phone").format(name=name)
        text = self.t.status()
        if (text and len(self.t.match.humans) >= 2 and self.t.couch.is_human(seat)
                and self.t.couch.viewer == seat):
            name = self.t.match.seats[seat].name
            if not text.startswith(name):
                text = _("{name} \u2014 {status}").format(name=name, status=text)
        return text

    def status_size(self, text: str) -> int:
        """The status line's size: a smaller line before a cut one, never under the
        ten-foot floor."""
        width = self.t.layout.get("status").w - 40
        return next((px for px in (40, 34) if self.t.ctx.assets.font("bold", px).size(text)[0]
                     <= width), 30)

    def status_rect(self, text: str) -> pygame.Rect:
        """The status line's pill on the canvas."""
        anchor = self.t.layout.get("status")
        w, h = self.t.ctx.assets.font("bold", self.status_size(text)).size(text)
        box = pygame.Rect(0, 0, min(w, anchor.w - 40), h)
        box.center = anchor.center
        return box.inflate(48, 20)

    def draw_status(self, surface: pygame.Surface) -> None:
        text = self.status_line()
        if not text:
            return
        anchor = self.t.layout.get("status")
        a = self.t.ctx.assets
        txt = a.text_fit(text, self.status_size(text), anchor.w - 40, ui.TEXT, "bold")
        box = txt.get_rect(center=anchor.center).inflate(48, 20)
        surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=200), box)
        surface.blit(txt, txt.get_rect(center=anchor.center))
