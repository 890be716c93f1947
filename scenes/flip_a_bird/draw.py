"""What the Flip a Bird table looks like: the pile and its public top back, the bird
counter, the row with its claim-show marks, the viewer's hand and the ghost of the
focused card, the tip, claim and confirm buttons, the secret tip panels and the plates
(hand backs, score, won pile, tip cards).

The table's ``paint`` part, over the shared chrome; it reads the game part's sprites, ``geo``, ``counts`` and ``cards`` and changes nothing.
"""
from __future__ import annotations

import pygame

from game.flip_a_bird import rules as R
from game.flip_a_bird.cards import CARDS, COLOURS
from game import i18n
from game.i18n import _, ngettext, pgettext
from game.input import Act
from scenes.flip_a_bird.animations import RowCard
from scenes.flip_a_bird.geometry import SCORE_X
from scenes.table.chrome import AuditItem, Chrome
from sprites import ui
from sprites.flip_a_bird_cards import (MINI, STRONG, TIP_BIG, TIP_MINI, draw_colour_shape,
                                       index_corner)

CLAIM_RED = (196, 52, 56)


def live_score(won: list[int]) -> int:
    """The score of a won pile counted per colour (then specials), as the rules score it."""
    sets = min(won[:4])
    return 10 * sets + 2 * won[4] + sum(won[:4]) - 4 * sets


class FlipABirdDraw(Chrome):
    def audit_items(self) -> list[AuditItem]:
        """What the last frame drew (noted as it was drawn) and the plates' contents."""
        items = super().audit_items()
        a = self.t.ctx.assets
        for seat in range(self.t.match.num_players):
            plate = self.seat_rect(seat)
            hand, counts, idle_tips = self.plate_key(seat)
            for i in range(len(hand)):
                back = pygame.Rect((0, 0), MINI)
                back.center = self.game.geo.hand_back_spot(plate, i, len(hand))
                items.append(AuditItem("icon", back, "hand back"))
            text = self.score_text(list(counts))
            score = pygame.Rect((0, 0), a.font("bold", 32).size(text))
            score.midleft = self.score_spot(plate)
            items.append(AuditItem("label", score, text))
            items += [AuditItem("icon", r, "won counter") for r in self.game.geo.pip_rects(plate)]
            if idle_tips:
                items += [AuditItem("icon", r, "tip card")
                                    for r in self.game.geo.idle_tip_rects(plate)]
        pile = self.game.geo.pile_rect()
        stocked = self.game.counts.pile > 0 and self.game.counts.pile_open is not None
        if stocked:
            items.append(AuditItem("card", pile, "pile"))
        name = self.pile_name()
        face = "bold" if stocked else "body"
        w, h = a.font(face, 28).size(name)
        items.append(AuditItem("label", pygame.Rect(pile.centerx - w // 2, pile.bottom + 22, w, h),
                               name))
        return items

    # -- the table ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_pile(surface)
        self.draw_counter(surface)
        self.draw_row(surface)
        human = self.t.human_deciding
        step = self.game.step if human else ""
        if step == "play" or (step == "turn" and not self.t.shown.pile_size):
            self.draw_ghost(surface)
        if self.t.state.phase == R.PHASE_TIP and self.game.secret_tipping:
            self.draw_secret_tips(surface)
        elif step == "tip":
            self.draw_tip_choice(surface)
        elif step == "confirm":
            self.draw_hand(surface)
            self.draw_confirm(surface)
        else:
            self.draw_hand(surface)
        if step in ("turn", "confirm"):
            self.draw_claim_button(surface)
        if human and self.t.turn.picker is not None:
            focus = self.focused_share()
            if focus is not None:   # the card you would take: on top, whole, ringed
                focus.sprite.draw(surface)
                ui.draw_focus_ring(surface, focus.sprite.rect, self.t.ctx.pulse, 18)
            else:
                self.t.turn.picker.draw(surface, self.t.ctx.pulse)

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        # cards in flight pass over the seat plates (below the status line)
        for sprite in self.game.air:
            sprite.draw(surface)

    shout_style = (56, 32, 680)   # call-outs fit between the first plate and the log

    def shout_spot(self) -> tuple[int, int]:
        """The claim's big moments show below the row, never over it (its cards turn
        and count while they show), between the first plate and the log."""
        left = self.t.layout.place(0).rect
        log = self.t.layout.get("log").rect
        return (left[0] + left[2] + log[0]) // 2, self.t.layout.get("hand").center[1]

    def focused_share(self) -> RowCard | None:
        """The card of a claimed row in focus while the viewer takes their pick."""
        value = self.game.focused
        if self.game.step != "pick" or not isinstance(value, R.Pick):
            return None
        return next((rc for rc in self.game.row_cards if rc.card is not None and rc.card.id == value.card), None)

    # -- the pile and the counter ------------------------------------------------------
    def draw_pile(self, surface: pygame.Surface) -> None:
        anchor = self.game.geo.rect_of("pile")
        pile = self.game.counts.pile
        layers = min(4, (pile + 7) // 8) if self.game.counts.pile_open is not None else 0
        key = (self.game.counts.pile_open if pile else None, layers, i18n.current())
        surf = self.game._pile_cache.get(key)
        if surf is None:
            surf = self.pile_picture(anchor, layers)
            self.game._pile_cache[key] = surf
        surface.blit(surf, anchor.move(-24, 0))
        if pile:
            count = self.t.ctx.assets.text(_("{n} in the pile").format(n=pile), 28,
                                           ui.TEXT_MUTED)
            at = count.get_rect(midtop=(anchor.centerx, self.game.geo.pile_rect().bottom + 56))
            surface.blit(count, self.note("label", at, "pile count"))

    def pile_name(self) -> str:
        """The words under the pile: what its top back is, or that it is empty."""
        if self.game.counts.pile > 0 and self.game.counts.pile_open is not None:
            return _("Open cage") if self.game.counts.pile_open else _("Covered cage")
        return _("All face down")

    def pile_picture(self, anchor: pygame.Rect, layers: int) -> pygame.Surface:
        """The pile, its top back and what that back is called, drawn once per change."""
        a = self.t.ctx.assets
        surf = pygame.Surface((anchor.w + 48, anchor.h), pygame.SRCALPHA)
        rect = self.game.geo.pile_rect().move(-anchor.x + 24, -anchor.y)
        mid = surf.get_width() // 2
        pile_open = self.game.counts.pile_open
        if self.game.counts.pile > 0 and pile_open is not None:
            for i in range(layers, 0, -1):  # the pile's depth: neutral edges, no backs shown
                surf.blit(ui.panel(rect.size, (36, 30, 44), 14, (90, 84, 100), 2),
                          rect.move(-3 * i, 4 * i))
            surf.blit(ui.shadow(rect.size, 14), (rect.x - 8, rect.y - 2))
            surf.blit(self.game.cards.back(pile_open), rect)
            line1 = a.text(self.pile_name(), 28, ui.TEXT, "bold")
            surf.blit(line1, line1.get_rect(midtop=(mid, rect.bottom + 22)))
        else:
            pygame.draw.rect(surf, (70, 110, 96), rect, 4, border_radius=14)
            empty = a.text(pgettext("the pile", "Empty"), 28, ui.TEXT_MUTED, "bold")
            surf.blit(empty, empty.get_rect(center=rect.center))
            note = a.text(self.pile_name(), 28, ui.TEXT_MUTED)
            surf.blit(note, note.get_rect(midtop=(mid, rect.bottom + 22)))
        return ui.fast(surf)

    def draw_counter(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        anchor = self.game.geo.rect_of("counter")
        limit = self.t.shown.limit
        mode = self.game.counts.mode
        if mode is None:
            down = sum(1 for rc in self.game.row_cards if not rc.sprite.face_up)
            if self.game.row_cards:
                text = _("Limit {limit} birds  \u00b7  {cards} in the row, {down} face "
                         "down").format(limit=limit, cards=len(self.game.row_cards), down=down)
            else:
                text = _("Limit {limit} birds").format(limit=limit)
            txt = a.text(text, 30, ui.TEXT_MUTED, "bold")
            box = self.note("label", txt.get_rect(center=anchor.center).inflate(40, 16), text)
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=170), box)
            surface.blit(txt, txt.get_rect(center=anchor.center))
            return
        value = int(round(self.game.counts.counter))
        over = value > limit
        colour = ui.BAD if over else ui.GOOD
        waiting = mode == "claim" and not any(rc.bubble for rc in self.game.row_cards)
        if waiting:   # nothing counted yet: the count is the question
            colour = ui.TEXT
        ui.draw_shadowed_panel(surface, anchor, (14, 20, 28), anchor.h // 2,
                               colour if mode in ("over", "ok") else None, 4)
        num = a.text("?" if waiting else str(value), 48, colour, "title")
        label = a.text(_("of {limit} birds").format(limit=limit), 30, ui.TEXT, "bold")
        x = anchor.x + 36
        surface.blit(num, self.note("label", num.get_rect(midleft=(x, anchor.centery)), "count"))
        x += num.get_width() + 12
        surface.blit(label, self.note("label", label.get_rect(midleft=(x, anchor.centery + 3)),
                                      "limit"))
        bar = pygame.Rect(x + label.get_width() + 28, anchor.centery - 12, 0, 24)
        bar.w = anchor.right - 36 - bar.x
        top = max(limit * 1.5, value, 1)
        pygame.draw.rect(surface, (44, 52, 64), bar, border_radius=12)
        fill = bar.copy()
        fill.w = int(bar.w * min(value / top, 1.0))
        if fill.w > 0:
            pygame.draw.rect(surface, colour, fill, border_radius=12)
        tick = bar.x + int(bar.w * limit / top)
        pygame.draw.line(surface, ui.TEXT, (tick, bar.y - 10), (tick, bar.bottom + 10), 4)

    # -- the row and the hand ----------------------------------------------------------
    def ghost_showing(self) -> bool:
        """Is the focused hand card's ghost at the row's end on screen (draw_ghost)?"""
        step = self.game.step if self.t.human_deciding else ""
        return ((step == "play" or (step == "turn" and not self.t.shown.pile_size))
                and isinstance(self.game.focused, R.Play))

    def draw_row(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        n = len(self.game.row_cards)
        # while a card to play is previewed, the row is drawn as it will be with it added
        # (closed up to make room), so its ghost lands on no card (the sprites stay put)
        room = self.ghost_showing() and not self.t.animator.busy
        positions, size, strip = self.game.geo.row_layout(n + 1 if room else n)
        drawn = []
        for rc, pos in zip(self.game.row_cards, positions):
            s = rc.sprite
            home = s.x, s.y, s.scale
            if room:
                s.x, s.y, s.scale = pos[0], pos[1], size[0] / s.face.get_width()
            s.draw(surface)
            if s.visible:
                rect = s.rect
                self.note("card", rect, "row card", index_corner(rect) if s.face_up else None)
            drawn.append(s.rect)
            s.x, s.y, s.scale = home
        for rc, r in zip(self.game.row_cards, drawn):   # marks on top, inside each visible strip
            s = rc.sprite
            cx = r.x + int(min(strip, r.w) // 2)
            if rc.glow > 0.01:
                width = 3 + int(4 * rc.glow)
                pygame.draw.rect(surface, ui.ACCENT, r.inflate(10, 10), width, border_radius=18)
            if rc.mark == "double":
                pygame.draw.rect(surface, (255, 214, 90), r.inflate(6, 6), 5, border_radius=16)
                self.badge(surface, "\u00d72", (cx, r.y + r.h * 0.55), (255, 214, 90), (40, 30, 10))
            elif rc.mark in ("zero", "beaten"):
                self.badge(surface, "\u00d70" if rc.mark == "zero" else pgettext("a card", "out"),
                           (cx, r.y + r.h * 0.55),
                           (70, 70, 78), ui.TEXT)
            elif rc.removed:
                self.badge(surface, pgettext("a card", "out"), (cx, r.y + r.h * 0.55),
                           (70, 70, 78), ui.TEXT)
            if rc.mine and not s.face_up and s.squash > 0.5 and rc.card is not None:
                self.mine_marker(surface, rc, r, strip)
            if rc.bubble and rc.pop > 0.02:
                k = max(rc.pop, 0.05)
                radius = int(28 * k)
                center = (cx, r.bottom - 6)
                pygame.draw.circle(surface, (20, 24, 32), center, radius + 3)
                pygame.draw.circle(surface, (190, 140, 20) if rc.mark == "double" else ui.ACCENT_DARK,
                                   center, radius)
                if k > 0.6:
                    bubble = a.text(rc.bubble, 32, ui.TEXT, "title")
                    surface.blit(bubble, bubble.get_rect(center=center))
                if k >= 0.99:   # settled (while it pops in it grows to this)
                    disc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                    disc.center = center
                    self.note("icon", disc, "card's count")

    def badge(self, surface: pygame.Surface, text: str, center, fill, ink) -> None:
        """A word on a row card ("x2", "out"), on a tag 48 px tall at the least."""
        txt = self.t.ctx.assets.text(text, 32, ink, "bold")
        box = pygame.Rect(0, 0, max(48, txt.get_width() + 16), max(48, txt.get_height() + 4))
        box.center = (int(center[0]), int(center[1]))
        self.note("icon", box, text)
        pygame.draw.rect(surface, fill, box, border_radius=10)
        pygame.draw.rect(surface, (20, 20, 24), box, 2, border_radius=10)
        surface.blit(txt, txt.get_rect(center=box.center))

    def mine_marker(self, surface: pygame.Surface, rc: RowCard, r: pygame.Rect,
                    strip: float) -> None:
        """Only the viewer sees this: their own face-down card, and what it is."""
        card = rc.card
        radius = 24
        center = (r.x + int(min(strip, r.w) // 2), r.y + radius + 8)
        self.note("icon", pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius),
                  "your face-down card")
        fill = STRONG[card.colour] if card.colour else (60, 44, 96)
        pygame.draw.circle(surface, (255, 255, 255), center, radius + 4)
        pygame.draw.circle(surface, fill, center, radius)
        if card.colour and self.patterns:   # the colour's shape too, in a badge beside it
            badge = (center[0] - radius - 8, center[1] + radius - 6)
            pygame.draw.circle(surface, (255, 255, 255), badge, 16)
            draw_colour_shape(surface, card.colour, badge, 12, fill=STRONG[card.colour])
        if card.is_bird:
            ink = (30, 24, 36) if card.colour == "yellow" else (255, 255, 255)
            txt = self.t.ctx.assets.text(str(card.birds), 28, ink, "bold")
            surface.blit(txt, txt.get_rect(center=center))
        else:
            ui.draw_shape(surface, "star", center, radius - 7, ui.ACCENT)

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """Where the focused hand card will land, and which way up."""
        value = self.game.focused
        if not isinstance(value, R.Play):
            return
        face_up = bool(self.t.shown.play_face_up)
        positions, size, _gap = self.game.geo.row_layout(len(self.game.row_cards) + 1)
        card = CARDS[value.card]
        img = self.game.cards.face(
            card.face, size) if face_up else self.game.cards.back(card.open_back, size)
        ghost = self.game.cards.ghost(img)
        rect = ghost.get_rect(center=(int(positions[-1][0]), int(positions[-1][1])))
        surface.blit(ghost, self.note("card", rect, "ghost"))
        pygame.draw.rect(surface, ui.ACCENT, rect.inflate(8, 8), 4, border_radius=16)
        tag = self.t.ctx.assets.text(
            _("face up") if face_up else _("face down"), 28, (30, 26, 10), "bold")
        box = tag.get_rect(midtop=(rect.centerx, rect.y + 10)).inflate(16, 4)   # on the ghost
        if box.right > ui.SAFE.right:
            box.right = ui.SAFE.right
        pygame.draw.rect(surface, ui.ACCENT, self.note(
            "label", box, "face up/down"), border_radius=10)
        surface.blit(tag, tag.get_rect(center=box.center))

    def draw_hand(self, surface: pygame.Surface) -> None:
        for s in self.game.hand_cards:
            s.draw(surface)
            if s.visible:
                self.note("card", s.rect, "hand card", index_corner(s.rect) if s.face_up else None)

    # -- the human's buttons -----------------------------------------------------------
    def draw_tip_choice(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        red, green = self.game.geo.tip_button_rects()
        for rect, kind, text in ((red, "red", _("Too many!")),
                                 (green, "green", _("Not too many"))):
            surface.blit(ui.shadow(rect.size, 14), (rect.x - 8, rect.y - 2))
            surface.blit(self.game.cards.tip(kind, TIP_BIG), self.note("icon", rect, kind))
            label = a.text(text, 32, ui.TEXT, "bold")
            box = label.get_rect(midtop=(rect.centerx, rect.bottom + 8)).inflate(20, 4)
            self.note("label", box, text)
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=200), box)
            surface.blit(label, label.get_rect(center=box.center))

    def draw_confirm(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        panel, yes, no = self.game.geo.confirm_rects()
        ui.draw_shadowed_panel(surface, panel, ui.PANEL, 24, ui.BAD, 4)
        q = a.text(_("More than {limit} birds in the row?").format(limit=self.t.shown.limit),
                   36, ui.TEXT, "bold")
        surface.blit(q, self.note("label", q.get_rect(
            midtop=(panel.centerx, panel.y + 16)), "question"))
        who = self.game.name_of(self.t.shown.last_player)
        y = panel.y + 64
        for line in a.wrap(_("You tip red, {name} tips green, the rest choose.").format(
                name=who), 28, panel.w - 40):
            sub = a.text(line, 28, ui.TEXT_MUTED)
            surface.blit(sub, self.note("label", sub.get_rect(midtop=(panel.centerx, y)), line))
            y += sub.get_height()
        for rect, text, colour in ((yes, _("Claim!"), CLAIM_RED),
                                   (no, _("Back"), (70, 78, 100))):
            surface.blit(ui.panel(rect.size, colour, 20, (250, 246, 236), 3),
                         self.note("label", rect, text))
            t = a.text(text, 40, (255, 255, 255), "title")
            surface.blit(t, t.get_rect(center=rect.center))

    def draw_claim_button(self, surface: pygame.Surface) -> None:
        a = self.t.ctx.assets
        rect = self.game.geo.claim_rect()
        can = R.CLAIM in self.t.state.legal_actions()
        colour = CLAIM_RED if can else (80, 70, 74)
        ui.draw_shadowed_panel(surface, rect, colour, 22, (250, 246, 236), 3)
        t = a.text(_("Claim!"), 40, (255, 255, 255) if can else ui.TEXT_MUTED, "title")
        surface.blit(t, self.note("label", t.get_rect(
            center=(rect.centerx, rect.centery - 18)), _("Claim!")))
        sub = a.text(_("too many birds"), 28, (255, 236, 230) if can else ui.TEXT_MUTED)
        surface.blit(sub, self.note("label", sub.get_rect(center=(rect.centerx, rect.centery + 25)),
                                    _("too many birds")))

    def draw_secret_tips(self, surface: pygame.Surface) -> None:
        """Each tipper's panel: their name, their two tip buttons in their own device's
        glyphs, and whether they have tipped. Nothing on it ever depends on the colour."""
        a = self.t.ctx.assets
        seats = self.game.tipping_humans()
        for seat, rect in zip(seats, self.game.geo.secret_panels(len(seats))):
            info = self.t.match.seats[seat]
            colour = ui.SEAT_COLOURS[info.colour % 6]
            ui.draw_shadowed_panel(surface, rect, ui.PANEL, 20, colour, 3)
            ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour % 6], (rect.x + 26, rect.y + 28), 14,
                          colour)
            name = a.text_fit(info.name, 32, rect.w - 60, ui.TEXT, "bold")
            surface.blit(name, self.note("label", name.get_rect(topleft=(rect.x + 48, rect.y + 10)),
                                         info.name))
            if self.game.has_tipped(seat):
                card = self.game.cards.tip("down")
                surface.blit(card, self.note("icon", card.get_rect(center=(rect.centerx, rect.y + 112)),
                                             "tipped"))
                word = a.text(_("Tipped"), 32, ui.GOOD, "bold")
            else:
                style = self.t.ctx.glyphs(self.t.couch.owner(seat))
                for dx, kind, act in ((-44, "red", Act.PREV), (44, "green", Act.NEXT)):
                    card = self.game.cards.tip(kind)
                    spot = card.get_rect(center=(rect.centerx + dx, rect.y + 108))
                    surface.blit(card, self.note("icon", spot, kind))
                    key = ui.glyph(a, style, act, 28)
                    surface.blit(key, self.note("label", key.get_rect(midtop=(spot.centerx, spot.bottom + 4)),
                                                f"{kind} key"))
                word = a.text(_("Waiting for a tip"), 28, ui.ACCENT, "bold")
            surface.blit(word, self.note("label", word.get_rect(midbottom=(rect.centerx, rect.bottom - 8)),
                                         "tipped?"))

    # -- seat plates -------------------------------------------------------------------
    def plate_key(self, seat: int) -> object:
        hands, won = self.game.counts.hands, self.game.counts.won
        hand = tuple(hands[seat][:4]) if seat < len(hands) else ()
        counts = tuple(won[seat]) if seat < len(won) else (0,) * 5
        return hand, counts, seat not in self.game.tip_sprites

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Hand backs, score and, outside a claim, the seat's two tip cards; under them
        the won pile's colour counters."""
        hand, counts, idle_tips = self.plate_key(seat)
        # hand backs: public (FB-2), so everyone sees what kind of cards a seat holds
        for i, open_back in enumerate(hand):
            img = self.game.cards.back(open_back, MINI)
            surface.blit(img, img.get_rect(
                center=self.game.geo.hand_back_spot(rect, i, len(hand))))
        pts = self.t.ctx.assets.text(self.score_text(list(counts)), 32, ui.TEXT, "bold")
        surface.blit(pts, pts.get_rect(midleft=self.score_spot(rect)))
        # won pile: per colour how many, hollow where the next colour set still needs one
        sets = min(counts[:4])
        spots = self.game.geo.pip_rects(rect)
        for i, colour in enumerate(COLOURS):
            surface.blit(self.game.cards.pip(colour, counts[i], counts[i] <= sets), spots[i])
        surface.blit(self.game.cards.special_pip(counts[4]), spots[4])
        if idle_tips:   # each seat's red and green tip cards, waiting
            for spot, kind in zip(self.game.geo.idle_tip_rects(rect), ("red", "green")):
                surface.blit(self.game.cards.tip(kind, TIP_MINI), spot)

    @staticmethod
    def score_text(won: list[int]) -> str:
        score = live_score(won)
        return ngettext("{n} pt", "{n} pts", score).format(n=score)

    @staticmethod
    def score_spot(plate: pygame.Rect) -> tuple[int, int]:
        """The score's left middle on a plate: between the hand backs and the tip cards."""
        return plate.x + SCORE_X, plate.y + 58 + MINI[1] // 2

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        sprite = self.game.tip_sprites.get(seat)
        if sprite is not None:   # a tip played in this claim (it moves and flips)
            sprite.draw(surface)
            self.note("icon", sprite.rect, "played tip")
            pickers = self.game.counts.pickers
            if seat in pickers:   # the order people pick in, on a 48 px disc left of the
                order = pickers.index(seat) + 1   # tip, clear of the name above it
                c = (sprite.rect.x - 6, sprite.rect.centery)
                pygame.draw.circle(surface, (20, 20, 24), c, 27)
                pygame.draw.circle(surface, ui.ACCENT, c, 24)
                self.note("icon", pygame.Rect(c[0] - 24, c[1] - 24, 48, 48), "picking order")
                num = self.t.ctx.assets.text(str(order), 28, (30, 24, 10), "bold")
                surface.blit(num, num.get_rect(center=c))
