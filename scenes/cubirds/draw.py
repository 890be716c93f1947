"""What the CuBirds table looks like: the fences and rows, the piles, the hand, the
plates' hand sizes and collection badges, the preview of a move and the flock caption.

The table's ``paint`` part, over the shared chrome; it reads the game part's sprites,
``geo`` and ``counts`` and changes nothing.
"""
from __future__ import annotations

import pygame

from game.cubirds.cards import NUM_ROWS, SPECIES
from game.i18n import N_, _
from scenes.cubirds.geometry import HAND_AT, H
from scenes.picker import Option
from scenes.table.chrome import AuditItem, Chrome
from sprites import cubirds_cards as art
from sprites import ui
from sprites.card import LIFT_PX, CardSprite

NO_BIRDS = N_("No birds yet")     # (translated where drawn)
NO_BIRDS_AT = (80, 78)     # on a plate, right of the hand size
WORD_DY, COUNT_DY = 10, 46  # a pile's name and count, under it


class CuBirdsDraw(Chrome):
    def plate_key(self, seat: int) -> object:
        size = self.game.counts.hand_sizes[seat] if seat < len(
            self.game.counts.hand_sizes) else 0
        coll = self.game.counts.collections[seat] if seat < len(
            self.game.counts.collections) else {}
        return (size, tuple(sorted(coll.items())), self.patterns)

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The hand size (a small back with the count on it) and the collection badges,
        gold-rimmed from 3 birds of a species; painted into the base's cached plate."""
        size = self.game.counts.hand_sizes[seat] if seat < len(
            self.game.counts.hand_sizes) else 0
        surface.blit(art.hand_counter(size), (rect.x + HAND_AT[0], rect.y + HAND_AT[1]))
        have = self.collection(seat)
        if not have:
            none = self.t.ctx.assets.text(_(NO_BIRDS), 28, ui.TEXT_MUTED)
            surface.blit(none, (rect.x + NO_BIRDS_AT[0], rect.y + NO_BIRDS_AT[1]))
        spots = self.game.geo.chip_offsets(len(have), rect.size)
        for (species, n), (dx, dy) in reversed(list(zip(have, spots))):
            surface.blit(art.chip(species, n, self.patterns, n >= 3), (rect.x + dx, rect.y + dy))

    def collection(self, seat: int) -> list[tuple[str, int]]:
        """A seat's collection as shown: (species, count) in species order."""
        coll = self.game.counts.collections[seat] if seat < len(
            self.game.counts.collections) else {}
        return [(s, coll[s]) for s in SPECIES if coll.get(s)]

    def audit_items(self) -> list[AuditItem]:
        """The cards in the rows, the hand and the piles, the ghosts of a previewed
        move, the plates' hand sizes and collection badges, the count pills and the
        table's words, at the rects the drawing uses."""
        a = self.t.ctx.assets
        items = super().audit_items()
        resting = [s for row in self.game.rows_spr for s in row] + [self.game.pending_spr] + [
            s for cards in self.game.hand_spr.values() for s in cards]
        # a hand group is a pile of one species: its top card (and the count pill) says
        # what it is, the cards fanned under it need not show their corners
        under = {id(s) for cards in self.game.hand_spr.values() for s in cards[:-1]}
        items += [AuditItem("card", s.rect, str(s.key),
                            None if id(s) in under or not s.face_up else art.index_corner(s.rect))
                  for s in resting if s is not None and s.visible and s.alpha > 0 and not s.z]
        deck, discard = self.game.geo.rect_of("draw"), self.game.geo.rect_of("discard")
        items += [AuditItem("card", deck, "deck"),
                  AuditItem("card", discard, "discard",
                            art.index_corner(discard) if self.game.counts.discard else None)]
        for rect, n, word in ((deck, self.game.counts.deck, _("Deck")),
                              (discard, len(self.game.counts.discard), _("Discard"))):
            w, h = a.font("body", 28).size(word)
            items.append(AuditItem("label", pygame.Rect(rect.centerx - w // 2, rect.bottom + WORD_DY, w, h),
                                   word))
            w, h = a.font("bold", 36).size(str(n))
            items.append(AuditItem("label", pygame.Rect(rect.centerx - w // 2, rect.bottom + COUNT_DY, w, h),
                                   f"{word} count"))
        if self.game.preview is not None:
            for pos in self.game.preview.ghosts:
                items.append(AuditItem("card", pygame.Rect(0, 0, *art.CARD).move(
                    pos[0] - art.CARD[0] // 2, pos[1] - art.CARD[1] // 2), "ghost"))
        for species, cards in self.game.hand_spr.items():
            top = cards[-1] if cards else None
            if len(cards) > 1 and not top.z and top.visible:
                items.append(AuditItem("icon", self.count_pill(top.rect, len(cards)),
                                       f"{species} count"))
        for seat in range(self.t.match.num_players):
            items.append(AuditItem("icon", self.hand_counter_disc(seat), "hand size"))
            have = self.collection(seat)
            for (species, n), tile in zip(have, self.game.geo.chip_rects(seat, len(have))):
                items.append(AuditItem("icon", tile, f"{species} badge"))
                disc = pygame.Rect(0, 0, 2 * art.CHIP_DISC, 2 * art.CHIP_DISC)
                disc.center = (tile.x + art.CHIP_DISC_AT[0], tile.y + art.CHIP_DISC_AT[1])
                items.append(AuditItem("icon", disc, f"{species} count"))
            if not have:
                plate = self.game.seat_rect(seat)
                items.append(AuditItem("label", pygame.Rect(
                    (plate.x + NO_BIRDS_AT[0], plate.y + NO_BIRDS_AT[1]),
                    a.font("body", 28).size(_(NO_BIRDS))), _(NO_BIRDS)))
        for r in range(NUM_ROWS):
            row = self.game.geo.rect_of(f"row{r}")
            items.append(AuditItem("icon", pygame.Rect(row.x, row.centery - 24, 48, 48),
                                   f"row {r + 1} number"))
        label = self.for_row_label()
        if label is not None:
            items.append(AuditItem("label", label[1], label[0]))
        if self.game.fan_caption:
            items.append(AuditItem("label", self.caption_box(), self.game.fan_caption))
        for option in self.game.buttons:
            items.append(AuditItem("label", option.rect, option.label))
        return items

    def hand_counter_disc(self, seat: int) -> pygame.Rect:
        disc = pygame.Rect(0, 0, 2 * art.CHIP_DISC, 2 * art.CHIP_DISC)
        disc.center = self.game.geo.hand_counter_rect(seat).center
        return disc

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_rows_background(surface)
        self.draw_piles(surface)
        if self.game.step in ("end", "restore") and self.t.turn.picker is not None:
            empty = art.slot()
            for option in self.t.turn.picker.options:
                if isinstance(option.value, (tuple, str)) and option.value != "back":
                    surface.blit(empty, option.rect)
        late: list[CardSprite] = []
        for row in self.game.rows_spr:
            for s in row:
                if s.z or s.lift:
                    late.append(s)
                else:
                    s.draw(surface)
        if self.game.pending_spr is not None:
            if self.game.pending_spr.z:
                late.append(self.game.pending_spr)
            else:
                self.game.pending_spr.draw(surface)
        if self.game.preview is not None:
            ghost = art.ghost(self.game.preview.species, self.patterns)
            for pos in reversed(self.game.preview.ghosts):
                surface.blit(ghost, ghost.get_rect(center=pos))
            if len(self.game.preview.ghosts) > 1:
                self.draw_count(surface, ghost.get_rect(center=self.game.preview.ghosts[0]),
                                len(self.game.preview.ghosts))
        for s in late:
            if not s.z:
                s.draw(surface)
        self.draw_hand(surface)
        for option in self.game.buttons:
            self.draw_button(surface, option)
        self._late = late

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        """Cards in flight (to and from the plates), the flock caption and the focus ring."""
        a = self.t.ctx.assets
        for s in self.game.flying:
            if not s.z:
                s.draw(surface)
        for s in self._late:
            if s.z:
                s.draw(surface)
        for cards in self.game.hand_spr.values():
            for s in cards:
                if s.z:
                    s.draw(surface)
        for s in self.game.flying:
            if s.z:
                s.draw(surface)
        if self.game.fan_caption:
            cap = a.text_fit(self.game.fan_caption, 36, 1000, ui.TEXT, "bold")
            box = self.caption_box()
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, ui.ACCENT, 3, alpha=230), box)
            surface.blit(cap, cap.get_rect(center=box.center))
        if self.t.turn.picker is not None and self.t.turn.turn_ready and not self.t.animator.busy:
            self.t.turn.picker.draw(surface, self.t.ctx.pulse)
        if self.t.shown is not None and self.t.shown.seat is None and not self.t.match.humans:
            area = self.game.geo.rect_of("hand")
            note = a.text(_("Watching the birds: every hand is hidden"), 32, ui.TEXT_MUTED)
            surface.blit(note, note.get_rect(center=area.center))

    def caption_box(self) -> pygame.Rect:
        """The flock caption's pill, above the fanned flock."""
        w, h = self.t.ctx.assets.font("bold", 36).size(self.game.fan_caption)
        box = pygame.Rect(0, 0, min(w, 1000), h)
        box.midbottom = (self.game.fan_rect.centerx, self.game.fan_rect.y - LIFT_PX - 16)
        return box.inflate(40, 16)

    def paint_felt(self, surface: pygame.Surface) -> None:
        """Everything that never moves, baked into the backdrop: fences, row numbers, labels."""
        a = self.t.ctx.assets
        for r in range(NUM_ROWS):
            f = self.game.geo.fence(r)
            y = f.centery + H // 2 - 26
            pygame.draw.line(surface, (70, 52, 36), (f.x, y + 2), (f.right, y + 2), 10)
            pygame.draw.line(surface, (150, 112, 78), (f.x, y), (f.right, y), 6)
            self.draw_row_number(surface, r, ui.PANEL_LIGHT, ui.TEXT)
        for name, label in (("draw", _("Deck")), ("discard", _("Discard"))):
            rect = self.game.geo.rect_of(name)
            t = a.text(label, 28, ui.TEXT_MUTED)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.bottom + WORD_DY)))

    def draw_row_number(self, surface: pygame.Surface, r: int, fill, ink) -> None:
        row = self.game.geo.rect_of(f"row{r}")
        centre = (row.x + 24, row.centery)
        pygame.draw.circle(surface, (12, 18, 24), centre, 24)
        pygame.draw.circle(surface, fill, centre, 21)
        num = self.t.ctx.assets.text(str(r + 1), 32, ink, "title")
        surface.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))

    def draw_rows_background(self, surface: pygame.Surface) -> None:
        if self.game.for_row is not None:
            self.draw_row_number(surface, self.game.for_row, ui.ACCENT, art.INK)

    def draw_piles(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        deck = self.game.geo.rect_of("draw")
        discard = self.game.geo.rect_of("discard")
        if self.game.counts.deck > 0:
            layers = min(3, (self.game.counts.deck + 19) // 20)
            for k in range(layers, 0, -1):
                surface.blit(art.back(), deck.move(k * 3, k * 3))
            surface.blit(art.back(), deck)
        else:
            surface.blit(art.slot(), deck)
        if self.game.counts.discard:
            if len(self.game.counts.discard) > 1:
                surface.blit(art.back(), discard.move(3, 3))
            surface.blit(art.face(self.game.counts.discard[-1], self.patterns), discard)
        else:
            surface.blit(art.slot(), discard)
        for rect, n in ((deck, self.game.counts.deck), (discard, len(self.game.counts.discard))):
            c = a.text(str(n), 36, ui.TEXT, "bold")
            surface.blit(c, c.get_rect(midtop=(rect.centerx, rect.bottom + COUNT_DY)))
        label = self.for_row_label()
        if label is not None:
            surface.blit(a.text(label[0], 28, ui.TEXT), label[1])

    def for_row_label(self) -> tuple[str, pygame.Rect] | None:
        """"For row N" and its place under the restoration card's spot, while a card
        rests there or flies to its row (set as the card lands on the spot, cleared as it
        lands in the row, so it never names a row for an empty spot)."""
        if self.game.for_row is None:
            return None
        text = _("For row {row}").format(row=self.game.for_row + 1)
        spot = self.game.geo.rect_of("pending")
        rect = pygame.Rect((0, 0), self.t.ctx.assets.font("body", 28).size(text))
        rect.midtop = (spot.centerx, spot.bottom + 10)
        return text, rect

    def draw_hand(self, surface: pygame.Surface) -> None:
        for species in SPECIES:
            cards = self.game.hand_spr.get(species)
            if not cards:
                continue
            for s in cards:
                if not s.z:
                    s.draw(surface)
            top = cards[-1]
            if len(cards) > 1 and not top.z and top.visible:
                self.draw_count(surface, top.rect, len(cards))

    def count_pill(self, rect: pygame.Rect, n: int) -> pygame.Rect:
        """The "x3" pill on a card's lower right corner, 48 px tall at the least."""
        w, h = self.t.ctx.assets.font("title", 32).size(f"\u00d7{n}")
        pill = pygame.Rect(0, 0, max(48, w + 16), max(48, h + 4))
        pill.center = (rect.right - 12, rect.bottom - 14)
        return pill

    def draw_count(self, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        """A "x3" pill on a card's lower right corner: how many cards the group holds."""
        num = self.t.ctx.assets.text(f"\u00d7{n}", 32, art.INK, "title")
        pill = self.count_pill(rect, n)
        pygame.draw.rect(surface, art.INK, pill.inflate(6, 6), border_radius=pill.h)
        pygame.draw.rect(surface, ui.ACCENT, pill, border_radius=pill.h)
        surface.blit(num, num.get_rect(center=pill.center))

    def draw_button(self, surface: pygame.Surface, option: Option) -> None:
        a = self.t.ctx.assets
        ui.draw_shadowed_panel(surface, option.rect, ui.PANEL_LIGHT, 18, (12, 18, 24), 3)
        label = a.text_fit(option.label, 32, option.rect.w - 20, ui.TEXT, "bold")
        surface.blit(label, label.get_rect(center=option.rect.center))
