"""What the Yard Birbs table looks like: the feeder and its seat names, the deck, the
Lifer, the ability row, the plates' counters, the yards' flock labels, every card, the
focus ring with its previews and the tip beside the focused choice.

Cards, labels and the focus ring are drawn after the seat plates (yards live on the
plates), just before the status line: see ``draw_over_seats``. The table's
``paint`` part, over the shared chrome; it reads the game part's sprites, ``geo``, the shown model ``disp`` and the pick being made, and changes
nothing.
"""
from __future__ import annotations

import pygame

from game.yard_birbs import rules as R
from game.i18n import _, ngettext
from game.yard_birbs.cards import COLOUR, EQUAL, SPECIES_KIND, species_name
from scenes.picker import Option
from scenes.table.chrome import Chrome
from scenes.yard_birbs.geometry import CH, CW, DECK_CARD, FH, FW, LABEL_H, ROW_STEP
from scenes.yard_birbs.picks import FLOCK_PICKS
from scenes.yard_birbs.pieces import Z_FLY
from sprites import ui
from sprites import yard_birbs_cards as art


THINKING_W = 52     # the thinking bird's width (Chrome.draw_seat)
RING_OUT = 12        # how far the focus ring reaches outside what it goes round
LIFER_TITLE_UP = 4   # the Lifer's title sits this far above its area: clear of the card


class YardBirbsDraw(Chrome):
    plate_corner = 196   # the plate's counters (hand, yard points, total) sit there

    def paint_felt(self, surface: pygame.Surface) -> None:
        """What never moves, baked into the backdrop: the feeder tray and its card places,
        the Lifer's title (the plates hold the yards, so they are big:
        their panels are in the backdrop too, see TableScene.felt)."""
        fa = self.game.geo.rect_of("feeder")
        tray = fa.inflate(16, 8)
        surface.blit(art.feeder_ring(tray.size), tray)
        mat = art.slot_mat((FW, FH))
        for slot in range(self.game.n):
            x, y = self.game.geo.slot_pos(slot)
            surface.blit(mat, mat.get_rect(center=(int(x), int(y))))
        la = self.game.geo.rect_of("lifer")
        title = self.t.ctx.assets.text(_("Lifer"), 32, ui.ACCENT, "title")
        surface.blit(title, title.get_rect(midtop=(la.centerx, la.y - LIFER_TITLE_UP)))

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_feeder_names(surface)
        self.draw_deck(surface)
        self.draw_lifer(surface)
        self.draw_abilities(surface)

    def draw_feeder_names(self, surface: pygame.Surface) -> None:
        """Under each card in the feeder, who played it."""
        a = self.t.ctx.assets
        fa = self.game.geo.rect_of("feeder")
        for slot, (seat, _card) in enumerate(self.game.disp.feeder):
            x, y = self.game.geo.slot_pos(slot)
            info = self.t.match.seats[seat]
            colour = ui.SEAT_COLOURS[info.colour % 6]
            name = a.text_fit(info.name, 28, FW - 6, ui.TEXT, "bold")
            ny = fa.bottom - 22
            ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour % 6],
                          (int(x - name.get_width() / 2 - 4), int(ny)), 9, colour)
            rect = name.get_rect(midleft=(int(x - name.get_width() / 2 + 10), int(ny)))
            surface.blit(name, self.note("label", rect, f"feeder name {info.name}"))

    def draw_deck(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        d = self.game.geo.rect_of("deck")
        dx, dy = self.game.geo.deck_pos()
        pile = pygame.Rect(0, 0, *DECK_CARD)
        pile.center = (int(dx), int(dy))
        if self.game.disp.deck > 0:
            back = art.back(DECK_CARD)
            for k in range(min(3, max(1, self.game.disp.deck // 12)) - 1, -1, -1):
                surface.blit(back, back.get_rect(center=(int(dx + 3 * k), int(dy - 2 * k))))
            self.note("icon", pile, "deck")
        deck = self.game.disp.deck
        label = a.text(ngettext("{n} cards", "{n} cards", deck).format(n=deck), 30,
                       ui.TEXT_MUTED)
        rect = label.get_rect(midleft=(pile.right + 18, d.centery))
        surface.blit(label, self.note("label", rect, "deck count"))

    def draw_lifer(self, surface: pygame.Surface) -> None:
        """The Lifer's species under its card (an empty place while there is none)."""
        la = self.game.geo.rect_of("lifer")
        title = self.t.ctx.assets.font("title", 32).size(_("Lifer"))   # painted in the felt
        self.note("label", pygame.Rect(la.centerx - title[0] // 2, la.y - LIFER_TITLE_UP, *title),
                  "Lifer title")
        if self.game.disp.lifer is not None:
            species = species_name(self.game.disp.lifer.species)
            name = self.t.ctx.assets.text_fit(species, 30, la.w + 10, ui.TEXT, "bold")
            rect = name.get_rect(midtop=(la.centerx, la.y + 38 + FH))
            surface.blit(name, self.note("label", rect, "Lifer species"))
        else:
            mat = art.slot_mat((FW, FH))
            surface.blit(mat, mat.get_rect(center=tuple(int(c)
                         for c in self.game.geo.lifer_pos())))

    def draw_abilities(self, surface: pygame.Surface) -> None:
        """The ability row; while the person picks one, those they may not use are
        greyed and the 'No ability' button shows."""
        rects, skip = self.game.geo.strip_rects()
        usable = None
        if self.t.turn.picker is not None and self.game.step == R.ABILITY and self.t.turn.turn_ready:
            usable = {o.value.ability for o in self.t.turn.picker.options
                      if isinstance(o.value, R.UseAbility) and o.enabled}
        for strip in self.game.old_strips + self.game.strips:
            if strip.alpha <= 0:
                continue
            ok = usable is None or strip.ability in usable
            surf = art.ability_card(strip.ability, strip.token, rects[0].size, ok)
            rect = surf.get_rect(center=(int(strip.x), int(strip.y)))
            if strip.alpha < 255:
                surf = surf.copy()
                surf.set_alpha(int(strip.alpha))
            surface.blit(surf, rect)
            if strip.alpha >= 255:
                self.note("icon", rect, f"ability {strip.ability}")
                self.note("label", rect, f"ability text {strip.ability}")
            if strip.glow > 0.05:
                pygame.draw.rect(surface, ui.ACCENT, rect.inflate(10, 10), 5, border_radius=16)
        if usable is not None:
            surf = ui.panel(skip.size, ui.PANEL_LIGHT, skip.h // 2, ui.TEXT, 2)
            surface.blit(surf, skip)
            txt = self.t.ctx.assets.text(_("No ability"), 30, ui.TEXT, "bold")
            surface.blit(txt, self.note("label", txt.get_rect(center=skip.center), "No ability"))

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The plate's counters, right to left: the total, the yard's points to come,
        the hand size."""
        a = self.t.ctx.assets
        box = self.game.boxes[seat]
        x = rect.right - 18
        name = self.t.names[seat]
        total = a.text(str(int(round(box.total))), 40, ui.ACCENT, "title")
        trect = total.get_rect(midright=(x, rect.y + 32))
        surface.blit(total, self.note("label", trect, f"{name}'s score"))
        x = trect.x - 10
        yard = int(round(box.yard))
        if yard > 0:
            plus = a.text(f"+{yard}", 30, ui.GOOD, "bold")
            prect = plus.get_rect(midright=(x, rect.y + 34))
            surface.blit(plus, self.note("label", prect, f"{name}'s yard points"))
            x = prect.x - 14
        cards = self.game.disp.hand_sizes[seat] if seat < len(self.game.disp.hand_sizes) else 0
        count = a.text(str(cards), 30, ui.TEXT, "bold")
        crect = count.get_rect(midright=(x, rect.y + 34))
        surface.blit(count, crect)
        mini = _mini_back()
        mrect = mini.get_rect(midright=(crect.x - 4, rect.y + 32))
        surface.blit(mini, mrect)
        self.note("icon", mrect.union(crect), f"{name}'s hand count")
        self.game.extras_left[seat] = mrect.x

    def thinking_spot(self, seat: int, rect: pygame.Rect) -> tuple[int, int]:
        """Left of the plate's counters (where the base's corner would cover them); if
        the name leaves no room there, under the counters, right of the yard's flocks."""
        left = self.game.extras_left.get(seat, rect.right - 160) - 10
        if left - THINKING_W >= self.plate_name_rect(seat).right + 6:
            return left, rect.y + 30
        cols = self.game.disp.cols(seat)
        flocks_end = self.game.geo.col_x(seat, cols - 1, cols) + CW / 2
        if flocks_end + 8 <= rect.right - 10 - THINKING_W:
            return rect.right - 10, self.game.geo.yard_area(seat).y + LABEL_H // 2
        return left, rect.y + 30

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        # cards and yard labels lie above the seat plates (yards live on them), below the
        # status line
        self.draw_cards(surface)

    def draw_on_top(self, surface: pygame.Surface) -> None:
        tip = None
        if self.t.turn.picker is not None and self.t.turn.turn_ready and not self.t.animator.busy:
            tip = self.focus_tip()   # over the status line: it may reach that far
        # a call-out gives way to the tip of what the person is looking at
        self.notes = [n for n in self.notes if 0 <= self.t.clock - n[2] <= n[3]
                      and not (tip and n[1].colliderect(tip[1]))]
        for surf, rect, _start, _hold in self.notes:
            surface.blit(surf, self.note("label", rect, f"call-out at {rect.topleft}"))
        if tip is not None:
            surface.blit(tip[0], self.note("label", tip[1], "focused choice's tip"))

    def draw_cards(self, surface: pygame.Surface) -> None:
        for seat in range(self.game.n):
            self.draw_yard_labels(surface, seat)
        sprites = [s for s in self.game.cards.values() if s.visible] + self.game.extras
        # by place alone: a lifted hand card stays under its right-hand neighbour, whose
        # number and suit it would otherwise hide (its own show: they are on its left)
        sprites.sort(key=lambda s: s.z)
        for spr in sprites:
            spr.draw(surface)
            if spr.face_up and spr.z < Z_FLY and spr.scale == 1.0 and spr not in self.game.extras:
                # a card at rest, for the audit (one in flight is on its way somewhere)
                rect = spr.rect
                self.note("card", rect, f"{spr.kind} {spr.card}",
                          art.index_corner(rect, spr.kind))
        for place, tok in self.game.tokens.items():
            surf = art.token(place)
            if tok.scale != 1.0:
                size = int(surf.get_width() * tok.scale)
                surf = pygame.transform.scale(surf, (size, size))
            surface.blit(surf, surf.get_rect(center=(int(tok.x), int(tok.y))))
        for pop in self.game.popups:
            surf = pop.surf
            if pop.alpha < 255:
                surf = surf.copy()
                surf.set_alpha(int(pop.alpha))
            rect = surf.get_rect(center=(int(pop.x), int(pop.y)))
            surface.blit(surf, self.note("label", rect, f"popup at {int(pop.x)}"))
        if self.t.turn.picker is not None and self.t.turn.turn_ready and not self.t.animator.busy:
            self.draw_choice(surface)

    def draw_yard_labels(self, surface: pygame.Surface, seat: int) -> None:
        m = self.game.disp
        yard = m.yards[seat]
        if not yard:
            return
        geo = self.game.geo
        area = geo.yard_area(seat)
        cols = m.cols(seat)
        step = geo.col_step(seat, cols)
        offered = set()
        if (self.t.turn.picker is not None and self.game.step in FLOCK_PICKS and self.t.turn.turn_ready
                and not self.t.animator.busy and seat == self.t.state.current_player):
            offered = {o.rect.x for o in self.t.turn.picker.options}  # these show gains instead
        for col, cards in enumerate(yard):
            if not cards:
                continue
            x = geo.col_x(seat, col, cols)
            if int(x - CW / 2) in offered:
                continue
            flock = R.Flock(cards)
            kind = flock.kind
            key = (flock.suit if kind == COLOUR else flock.species if kind == SPECIES_KIND
                   else flock.number if kind == EQUAL else -1)
            # a tag from the column's left edge, never wider than the step to the next
            # column: neighbouring labels cannot meet, and the first stays on the plate
            surf = art.flock_label(kind, key, flock.points, self.patterns, int(step) - 10)
            rect = surf.get_rect(midleft=(int(x - CW / 2), area.y + LABEL_H // 2))
            surface.blit(surf, rect)
            what = f"seat {seat} flock {col} label"
            self.note("icon", rect, what)
            self.note("label", rect, what)
            glow = self.game.flash.get((seat, col))
            if glow is not None and glow.alpha > 10:
                top = area.y + LABEL_H
                n = len(cards)
                bottom = geo.yard_card_pos(seat, cols, col, n - 1, n)[1] + CH / 2
                rect = pygame.Rect(int(x - CW / 2) - 6, top - 6, CW + 12, int(bottom - top) + 12)
                pygame.draw.rect(surface, ui.ACCENT, rect, 5, border_radius=12)

    def draw_choice(self, surface: pygame.Surface) -> None:
        picker = self.t.turn.picker
        focus = picker.focused
        seat = self.t.state.current_player
        if self.game.step in FLOCK_PICKS:
            # every flock on offer shows what the bird would add (in place of its label);
            # the focused one shows the bird itself, see-through, where it would land
            bird = self.game.ahead.moving_bird()
            label_y = self.game.geo.yard_area(seat).y + LABEL_H // 2
            for option in picker.options:
                r = self.focus_rect(option)
                if option.value.flock == R.NEW_FLOCK:
                    if bird is not None and self.t.plan.pending[seat] != bird:
                        slot = art.new_flock_slot()
                        surface.blit(slot, slot.get_rect(midbottom=r.midbottom))
                    continue
                badge = art.gain_badge(self.game.ahead.gain_of(option.value))
                rect = badge.get_rect(center=(r.centerx, label_y))
                surface.blit(badge, rect)
                self.note("icon", rect, f"gain on flock {option.value.flock}")
                self.note("label", rect, f"gain on flock {option.value.flock}")
            if focus is not None and bird is not None and self.t.plan.pending[seat] != bird:
                g = art.ghost(bird, self.patterns)
                r = self.focus_rect(focus)
                if focus.value.flock == R.NEW_FLOCK:
                    surface.blit(g, g.get_rect(midbottom=r.midbottom))
                else:
                    surface.blit(g, g.get_rect(midtop=(r.centerx, r.bottom - CH + ROW_STEP)))
        if focus is None:
            return
        rect = self.focus_rect(focus)
        ui.draw_focus_ring(surface, rect, self.t.ctx.pulse, 14,
                           ui.ACCENT if focus.enabled else ui.BAD)

    def option_ring(self, option: Option) -> pygame.Rect:
        return self.focus_rect(option)

    def focus_rect(self, focus: Option) -> pygame.Rect:
        """What the ring goes round: the card itself, or the flock's column."""
        ring = self.game.ring_rects.get(focus.value)
        if ring is not None:
            return ring
        card = getattr(focus.value, "card", None)
        if card is not None and card in self.game.cards and self.game.cards[card].visible:
            rect = self.game.cards[card].rect
            if isinstance(focus.value, (R.Play, R.PickHand)) and focus.rect.w < rect.w:
                # a fanned hand card: the ring goes round the part that shows, so it
                # never crosses the number of the card lying over its right side
                rect.w = focus.rect.w - RING_OUT
            return rect
        return focus.rect

    def focus_tip(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The focused choice's tip and where it goes, if it has one."""
        focus = self.t.turn.picker.focused if self.t.turn.picker is not None else None
        text = self.game.tip_text()
        if focus is None or not text:
            return None
        value = focus.value
        if isinstance(value, (R.UseAbility, R.Skip)):
            # above the ability row: under it lies the last seat's plate and its name
            a = self.game.geo.rect_of("abilities")
            return self.place_tip(text, pygame.Rect(a.x, a.y, a.w, 0), "over_right")
        rect = self.focus_rect(focus)
        room = ui.SAFE
        if isinstance(value, (R.Play, R.PickHand, R.Take, R.PickFeeder)):
            # the middle column's tips stay between the bottom plates (their names) and
            # under the feeder tray (the names of who played its cards)
            tray = self.game.geo.rect_of("feeder").inflate(16, 8)
            room = pygame.Rect(tray.x + 8, tray.bottom + 4, tray.w - 16,
                               ui.SAFE.bottom - tray.bottom - 4)
        if isinstance(value, (R.Take, R.PickFeeder)):
            rect = pygame.Rect(rect.x, rect.y, rect.w, tray.bottom - rect.y)
        side = "above" if isinstance(value, (R.Play, R.PickHand)) else "below"
        return self.place_tip(text, rect, side, room)

    def place_tip(self, text: str, rect: pygame.Rect, side: str,
                  room: pygame.Rect = ui.SAFE) -> tuple[pygame.Surface, pygame.Rect]:
        """A short description next to the focused choice: above a hand card, above the
        ability row, below the feeder and flocks (where it hides the least), kept
        inside ``room``."""
        surf = self.tip_surface(text)
        box = surf.get_rect()
        if side == "over_right":
            box.bottomright = (rect.right, rect.y - 10)
        elif side == "above":
            box.midbottom = (rect.centerx, rect.y - 18)
        else:
            box.midtop = (rect.centerx, rect.bottom + 16)
        box.clamp_ip(room)
        return surf, box

    # -- pictures, built once per text ---------------------------------------------------
    def tip_surface(self, text: str) -> pygame.Surface:
        """The tip's panel with its wrapped text, built once per text (cached)."""
        key = ("yb_tip", text)
        a = self.t.ctx.assets
        surf = a.cache.get(key)
        if surf is None:
            lines = a.wrap(text, 28, 560)
            rendered = [a.text(line, 28, ui.TEXT) for line in lines]
            step = 35
            w = max(r.get_width() for r in rendered) + 28
            surf = ui.panel((w, step * len(lines) + 16), (12, 18, 24), 14, ui.ACCENT, 2,
                            alpha=235).copy()
            for i, r in enumerate(rendered):
                surf.blit(r, (14, 8 + i * step))
            a.cache.put(key, surf)
        return surf

    def note_surface(self, text: str, seat: int | None, width: int) -> pygame.Surface:
        """A call-out's picture: its words on a dark pill edged in the seat's colour (gold
        for the table's own news), wrapped to ``width`` rather than cut."""
        edge = (ui.SEAT_COLOURS[self.t.match.seats[seat].colour % 6] if seat is not None
                else ui.ACCENT)
        key = ("yb_note", text, edge, width)
        a = self.t.ctx.assets
        surf = a.cache.get(key)
        if surf is None:
            lines = [a.text(line, 30, ui.TEXT, "bold") for line in a.wrap(text, 30, width, "bold")]
            step = lines[0].get_height()
            w = max(r.get_width() for r in lines) + 36
            surf = ui.panel((w, step * len(lines) + 20), (16, 22, 32), 18, edge, 4,
                            alpha=240).copy()
            for i, line in enumerate(lines):
                surf.blit(line, line.get_rect(midtop=(w // 2, 10 + i * step)))
            a.cache.put(key, surf)
        return surf

    def reason_badge(self, text: str) -> pygame.Surface:
        """The gold tag that pops up over a ranked card: why it placed where it did."""
        key = ("yb_reason", text)
        surf = self.t.ctx.assets.cache.get(key)
        if surf is None:
            txt = self.t.ctx.assets.text(text, 28, art.INK, "bold")
            surf = ui.panel((txt.get_width() + 12, txt.get_height() + 6), art.GOLD, 14,
                            art.INK, 2).copy()
            surf.blit(txt, txt.get_rect(center=(surf.get_width() // 2, surf.get_height() // 2)))
            self.t.ctx.assets.cache.put(key, surf)
        return surf


_MINI: list = []


def _mini_back() -> pygame.Surface:
    """The little card back beside a plate's hand count."""
    if not _MINI:
        _MINI.append(pygame.transform.smoothscale(art.back(), (34, 48)))
    return _MINI[0]
