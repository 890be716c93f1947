"""Call-outs and the win banner: big words over the table, timed by the table's clock.

A part of the table (``table.messages``); where a call-out shows unless told is the
drawing's ``shout_spot``, how big its words are the drawing's ``shout_style``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sprites import ui

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


class Messages:
    """The call-out on show (if any) and the banner (see the module)."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        self.banner_text = ""
        self.banner_sub = ""
        self.banner_time = 0.0
        self.banner_hold = 0.0
        self.callout: tuple[pygame.Surface, float, float, tuple[int, int]] | None = None
        self._banner_surface: pygame.Surface | None = None

    def banner(self, text: str, sub: str = "", hold: float = 1.6) -> None:
        self.banner_text, self.banner_sub = text, sub
        self.banner_time, self.banner_hold = 0.0, hold
        self._banner_surface = None

    def shout(self, title: str, sub: str = "", hold: float = 1.6, edge=ui.ACCENT,
              at: tuple[int, int] | None = None, tint: bool = False) -> None:
        """A big message centred on ``at`` for ``hold`` seconds (AI speed applies; the
        table's clock, so it waits while paused). The title is gold, or in the edge's
        colour with ``tint``. Built once as one colour-keyed picture and only moved while
        it shows: a cheap blit a frame, even during a busy animation."""
        a = self.t.ctx.assets
        size, sub_size, width = self.t.paint.shout_style
        title_s = a.text_fit(title, size, width, edge if tint else ui.ACCENT, "title")
        # a long sub-line wraps onto a second line rather than losing its end
        lines = [sub] if a.font("body", sub_size).size(sub)[0] <= width else \
            a.wrap(sub, sub_size, width)[:2]
        subs = [a.text_fit(line, sub_size, width, ui.TEXT) for line in lines if line]
        w = max([title_s.get_width()] + [s.get_width() for s in subs]) + 100
        h = title_s.get_height() + sum(s.get_height() + 8 for s in subs) + 44
        surf = pygame.Surface((w, h))      # opaque with a colour key: a cheap blit
        key = (255, 0, 255)
        surf.fill(key)
        pygame.draw.rect(surf, (16, 22, 32), surf.get_rect(), border_radius=28)
        pygame.draw.rect(surf, edge, surf.get_rect(), 5, border_radius=28)
        surf.blit(title_s, title_s.get_rect(midtop=(w // 2, 20)))
        y = 20 + title_s.get_height() + 8
        for line in subs:
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += line.get_height() + 8
        surf.set_colorkey(key, pygame.RLEACCEL)
        self.callout = (surf, self.t.clock, self.t.reading_time(
            hold), at or self.t.paint.shout_spot())

    def draw_callout(self, surface: pygame.Surface) -> None:
        if self.callout is None:
            return
        surf, start, hold, (x, y) = self.callout
        t = self.t.clock - start
        if t > hold or t < 0:
            self.callout = None
            return
        k = 1.0 if self.t.ctx.settings.reduced_motion else min(t / 0.18, 1.0)   # it drops in
        surface.blit(surf, surf.get_rect(center=(x, y + int((1 - k) ** 2 * 40))))

    def draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner_text:
            return
        t = self.banner_time
        total = self.banner_hold + 0.6
        if t > total:
            return
        if self._banner_surface is None:  # built once per banner, then only faded
            self._banner_surface = self._build_banner()
        appear = min(t / 0.25, 1.0)
        fade = 1.0 if t < total - 0.35 else max(0.0, (total - t) / 0.35)
        banner = self._banner_surface
        banner.set_alpha(int(255 * min(appear, fade)))
        rise = 0 if self.t.ctx.settings.reduced_motion else int(24 * (1.0 - appear))
        surface.blit(banner, banner.get_rect(center=(ui.CANVAS[0] // 2,
                                                     ui.CANVAS[1] // 2 - 60 + rise)))

    def _build_banner(self) -> pygame.Surface:
        a = self.t.ctx.assets
        title = a.text_fit(self.banner_text, 64, 1500, ui.ACCENT, "title")
        sub = a.text_fit(self.banner_sub, 36, 1500, ui.TEXT) if self.banner_sub else None
        h = title.get_height() + (sub.get_height() + 10 if sub else 0) + 56
        w = max(title.get_width(), sub.get_width() if sub else 0) + 120
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.blit(ui.panel((w, h), (16, 22, 32), 28, ui.ACCENT, 4, alpha=235), (0, 0))
        surf.blit(title, title.get_rect(midtop=(w // 2, 28)))
        if sub:
            surf.blit(sub, sub.get_rect(midbottom=(w // 2, h - 24)))
        return surf
