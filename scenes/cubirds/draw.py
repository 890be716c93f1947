"""What the CuBirds table looks like: the fences and rows, the piles, the hand, the
plates' hand sizes and collection badges, the preview of a move and the flock caption.

A mixin of :class:`scenes.cubirds.table.CuBirdsTable` over the shared chrome; it reads
the table's sprites, ``geo`` and ``counts`` and changes nothing.
"""
from __future__ import annotations

import pygame

from game.cubirds.cards import NUM_ROWS, SPECIES
from scenes.cubirds.geometry import H
from scenes.picker import Option
from scenes.table.chrome import Chrome
from sprites import cubirds_cards as art
from sprites import ui
from sprites.card import LIFT_PX, CardSprite


class CuBirdsDraw(Chrome):
    def plate_key(self, seat: int) -> object:
        size = self.counts.hand_sizes[seat] if seat < len(self.counts.hand_sizes) else 0
        coll = self.counts.collections[seat] if seat < len(self.counts.collections) else {}
        return (size, tuple(sorted(coll.items())), self.patterns)

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The hand size (a small back with the count on it) and the collection badges,
        gold-rimmed from 3 birds of a species; painted into the base's cached plate."""
        a = self.ctx.assets
        size = self.counts.hand_sizes[seat] if seat < len(self.counts.hand_sizes) else 0
        coll = self.counts.collections[seat] if seat < len(self.counts.collections) else {}
        hx, hy = rect.x + 14, rect.y + 60
        surface.blit(art.back((46, 64)), (hx, hy))
        centre = (hx + 23, hy + 32)
        pygame.draw.circle(surface, art.INK, centre, 21)
        pygame.draw.circle(surface, art.CREAM, centre, 18)
        num = a.text(str(size), 28, art.INK, "title")
        surface.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))
        k = 0
        for species in SPECIES:
            n = coll.get(species, 0)
            if not n:
                continue
            chip = art.chip(species, n, self.patterns, n >= 3)
            cx, cy = self.geo.chip_offset(k, rect.w)
            surface.blit(chip, (rect.x + cx - art.CHIP[0] // 2, rect.y + cy - art.CHIP[1] // 2))
            k += 1
        if k == 0:
            none = a.text("No birds yet", 28, ui.TEXT_MUTED)
            surface.blit(none, (rect.x + 78, rect.y + 72))

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_rows_background(surface)
        self.draw_piles(surface)
        if self.step in ("end", "restore") and self.picker is not None:
            empty = art.slot()
            for option in self.picker.options:
                if isinstance(option.value, (tuple, str)) and option.value != "back":
                    surface.blit(empty, option.rect)
        late: list[CardSprite] = []
        for row in self.rows_spr:
            for s in row:
                if s.z or s.lift:
                    late.append(s)
                else:
                    s.draw(surface)
        if self.pending_spr is not None:
            if self.pending_spr.z:
                late.append(self.pending_spr)
            else:
                self.pending_spr.draw(surface)
        if self.preview is not None:
            ghost = art.ghost(self.preview.species, self.patterns)
            for pos in reversed(self.preview.ghosts):
                surface.blit(ghost, ghost.get_rect(center=pos))
            if len(self.preview.ghosts) > 1:
                self.draw_count(surface, ghost.get_rect(center=self.preview.ghosts[0]),
                                len(self.preview.ghosts))
        for s in late:
            if not s.z:
                s.draw(surface)
        self.draw_hand(surface)
        for option in self.buttons:
            self.draw_button(surface, option)
        self._late = late

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        """Cards in flight (to and from the plates), the flock caption and the focus ring."""
        a = self.ctx.assets
        for s in self.flying:
            if not s.z:
                s.draw(surface)
        for s in self._late:
            if s.z:
                s.draw(surface)
        for cards in self.hand_spr.values():
            for s in cards:
                if s.z:
                    s.draw(surface)
        for s in self.flying:
            if s.z:
                s.draw(surface)
        if self.fan_caption:
            cap = a.text_fit(self.fan_caption, 36, 1000, ui.TEXT, "bold")
            box = cap.get_rect(midbottom=(self.fan_rect.centerx, self.fan_rect.y - LIFT_PX - 16))
            box = box.inflate(40, 16)
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, ui.ACCENT, 3, alpha=230), box)
            surface.blit(cap, cap.get_rect(center=box.center))
        if self.picker is not None and self.turn_ready and not self.animator.busy:
            self.picker.draw(surface, self.ctx.pulse)
        if self.shown is not None and self.shown.seat is None and not self.match.humans:
            area = self.geo.rect_of("hand")
            note = a.text("Watching the birds: every hand is hidden", 32, ui.TEXT_MUTED)
            surface.blit(note, note.get_rect(center=area.center))

    def paint_felt(self, surface: pygame.Surface) -> None:
        """Everything that never moves, baked into the backdrop: fences, row numbers, labels."""
        a = self.ctx.assets
        for r in range(NUM_ROWS):
            f = self.geo.fence(r)
            y = f.centery + H // 2 - 26
            pygame.draw.line(surface, (70, 52, 36), (f.x, y + 2), (f.right, y + 2), 10)
            pygame.draw.line(surface, (150, 112, 78), (f.x, y), (f.right, y), 6)
            self.draw_row_number(surface, r, ui.PANEL_LIGHT, ui.TEXT)
        for name, label in (("draw", "Deck"), ("discard", "Discard")):
            rect = self.geo.rect_of(name)
            t = a.text(label, 28, ui.TEXT_MUTED)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.bottom + 12)))

    def draw_row_number(self, surface: pygame.Surface, r: int, fill, ink) -> None:
        row = self.geo.rect_of(f"row{r}")
        centre = (row.x + 24, row.centery)
        pygame.draw.circle(surface, (12, 18, 24), centre, 24)
        pygame.draw.circle(surface, fill, centre, 21)
        num = self.ctx.assets.text(str(r + 1), 32, ink, "title")
        surface.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))

    def draw_rows_background(self, surface: pygame.Surface) -> None:
        if self.pending_row is not None:
            self.draw_row_number(surface, self.pending_row, ui.ACCENT, art.INK)

    def draw_piles(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        deck = self.geo.rect_of("draw")
        discard = self.geo.rect_of("discard")
        if self.counts.deck > 0:
            layers = min(3, (self.counts.deck + 19) // 20)
            for k in range(layers, 0, -1):
                surface.blit(art.back(), deck.move(k * 3, k * 3))
            surface.blit(art.back(), deck)
        else:
            surface.blit(art.slot(), deck)
        if self.counts.discard:
            if len(self.counts.discard) > 1:
                surface.blit(art.back(), discard.move(3, 3))
            surface.blit(art.face(self.counts.discard[-1], self.patterns), discard)
        else:
            surface.blit(art.slot(), discard)
        for rect, n in ((deck, self.counts.deck), (discard, len(self.counts.discard))):
            c = a.text(str(n), 36, ui.TEXT, "bold")
            surface.blit(c, c.get_rect(midtop=(rect.centerx, rect.bottom + 42)))
        if self.pending_row is not None and self.pending_spr is not None:
            spot = self.geo.rect_of("pending")
            t = a.text(f"For row {self.pending_row + 1}", 28, ui.TEXT)
            surface.blit(t, t.get_rect(midtop=(spot.centerx, spot.bottom + 10)))

    def draw_hand(self, surface: pygame.Surface) -> None:
        for species in SPECIES:
            cards = self.hand_spr.get(species)
            if not cards:
                continue
            for s in cards:
                if not s.z:
                    s.draw(surface)
            top = cards[-1]
            if len(cards) > 1 and not top.z and top.visible:
                self.draw_count(surface, top.rect, len(cards))

    def draw_count(self, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        """A "x3" pill on a card's lower right corner: how many cards the group holds."""
        num = self.ctx.assets.text(f"\u00d7{n}", 28, art.INK, "title")
        pill = num.get_rect(center=(rect.right - 14, rect.bottom - 12)).inflate(16, 4)
        pygame.draw.rect(surface, art.INK, pill.inflate(6, 6), border_radius=pill.h)
        pygame.draw.rect(surface, ui.ACCENT, pill, border_radius=pill.h)
        surface.blit(num, num.get_rect(center=pill.center))

    def draw_button(self, surface: pygame.Surface, option: Option) -> None:
        a = self.ctx.assets
        ui.draw_shadowed_panel(surface, option.rect, ui.PANEL_LIGHT, 18, (12, 18, 24), 3)
        label = a.text_fit(option.label, 32, option.rect.w - 20, ui.TEXT, "bold")
        surface.blit(label, label.get_rect(center=option.rect.center))
