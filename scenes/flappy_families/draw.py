"""What the Flappy Families table looks like: the Wild (cards, nests, the memory aid's
marks), the deck, the bonus families, the three option buttons (named by what they do,
each with an icon: never A/B/C, a pad's choose and back), the viewer's hand with its
running score, the plates' hand sizes and the cards each seat is known to hold, and the
ghosts that preview a step-2 plan before it is sent.

The table's ``paint`` part, over the shared chrome; it reads the game part's ``slots``, ``air``, ``geo``, ``board`` and picks, and
changes nothing but what it draws with (its picture caches, the backs the memory aid
puts on the Wild's cards, the list of cards leaping out).
"""
from __future__ import annotations

from typing import Iterable

import pygame

from game.flappy_families import rules as R
from game import i18n
from game.flappy_families.cards import CARD_FAMILY, FAMILIES, family_name
from game.i18n import N_, _, ngettext
from scenes.flappy_families.geometry import FAN, HAND_LIFT, groups_of
from game.assets import LRU
from scenes.table.chrome import AuditItem, Chrome
from sprites import ui
from sprites.card import CardSprite, card_shadow
from sprites.flappy_families_cards import MINI, index_corner, ink_on

OPTION_TEXT = {   # named by what they do, each with its icon (never a pad-like letter)
    "A": (R.OPTION_NAMES["A"], N_("Same family? Keep both")),
    "B": (R.OPTION_NAMES["B"], N_("Hide a card in its place")),
    "C": (N_("Hide 2, draw 2"), N_("Into empty spaces")),   # "Hide and draw", with its count
}
"""In English, marked for the catalogue; option_text() shows them translated."""
ICON_FILL = {"A": (96, 180, 100), "B": (232, 150, 60), "C": (110, 150, 236)}
HAND_BACK = (48, 56)   # a plate's hand size: a small back, the count beside it
CHIP_R = 24            # a plate's family chips: 48 px discs
PLAN_STEPS = {"second": "A", "b_card": "B", "c_card": "C", "c_space": "C"}  # pick -> option


def family_counts(cards: Iterable[int]) -> list[int]:
    """How many cards of each family (indexed by family), as the scoring wants them."""
    counts = [0] * (len(FAMILIES) + 1)
    for c in cards:
        counts[CARD_FAMILY[c]] += 1
    return counts


def option_icon(surface: pygame.Surface, letter: str, tile: pygame.Rect, ink) -> None:
    """What an option does, drawn: A two cards side by side (a second flip), B a card
    going down into the hand, C a card dropping into a nest."""
    x, y = tile.topleft

    def card(rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, ink, rect, 3, border_radius=4)

    def arrow_down(cx: int, top: int, bottom: int) -> None:
        pygame.draw.line(surface, ink, (cx, top), (cx, bottom - 6), 4)
        pygame.draw.polygon(surface, ink, [(cx - 7, bottom - 8), (cx + 7, bottom - 8),
                                           (cx, bottom)])
    if letter == "A":
        card(pygame.Rect(x + 8, y + 14, 20, 30))
        card(pygame.Rect(x + 28, y + 10, 20, 30))
        pygame.draw.circle(surface, ink, (x + 38, y + 25), 4)
        pygame.draw.line(surface, ink, (x + 10, y + 49), (x + 46, y + 49), 3)
    elif letter == "B":
        card(pygame.Rect(x + 17, y + 6, 22, 28))
        arrow_down(x + 28, y + 36, y + 52)
    else:
        card(pygame.Rect(x + 18, y + 4, 20, 24))
        arrow_down(x + 28, y + 26, y + 40)
        nest = pygame.Rect(x + 7, y + 38, 42, 14)           # a bowl of twigs
        pygame.draw.ellipse(surface, ink, nest)
        pygame.draw.line(surface, ink, (x + 7, y + 42), (x + 49, y + 42), 3)


class FlappyFamiliesDraw(Chrome):
    shout_style = (56, 32, 780)   # call-outs fit over one row of the Wild

    def __init__(self, table) -> None:
        super().__init__(table)
        self._cache = LRU(240, 8 << 20)   # plates, buttons, badges: small pictures, bounded

    # -- colours and the buttons' words ----------------------------------------------------
    def colour_of(self, seat: int) -> int:
        return self.t.match.seats[seat].colour

    def seat_rgb(self, seat: int) -> tuple[int, int, int]:
        return ui.SEAT_COLOURS[self.colour_of(seat) % 6]

    def option_text(self, letter: str) -> tuple[str, str]:
        title, sub = OPTION_TEXT[letter]
        if letter == "C" and self.t.shown.deck_size == 1:
            return _("Hide 1, draw 1"), _("Only one card is left")
        return _(title), _(sub)

    def why_not(self, letter: str, inline: bool = False) -> str:
        """What a greyed-out option says instead of its sub-line (``inline``: as it reads
        after "Not now:", starting small)."""
        if letter == "A":
            return _("no other card to flip") if inline else _("No other card to flip")
        if letter != "C":
            return _("not allowed now") if inline else _("Not allowed now")
        need = self.game.c_needed()
        if len(self.game.board.hand) < need:
            if inline:
                return ngettext("needs {n} cards in your hand", "needs {n} cards in your hand",
                                need).format(n=need)
            return ngettext("Needs {n} cards in your hand", "Needs {n} cards in your hand",
                            need).format(n=need)
        if inline:
            return ngettext("needs {n} empty space", "needs {n} empty spaces", need).format(
                n=need)
        return ngettext("Needs {n} empty space", "Needs {n} empty spaces", need).format(n=need)

    # -- the backdrop and the Wild ---------------------------------------------------------
    def felt_key(self) -> object:
        return self.game.board.bonus, self.game.cards.patterns

    def paint_felt(self, surface: pygame.Surface) -> None:
        """What does not change while a game is played, baked into the backdrop: the
        slots' outlines, the panel behind the hand, the bonus families."""
        frame = self.game.cards.slot_frame()
        for s in range(R.SLOTS):
            surface.blit(frame, self.game.geo.slot_rect(s))
        hand = self.game.geo.rect_of("hand")
        surface.blit(ui.panel(hand.size, (12, 18, 24), 20, alpha=150), hand)
        self.draw_bonus(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_deck(surface)
        self.draw_actions(surface)
        self.draw_wild(surface)
        self.draw_hand(surface)
        human = self.t.human_deciding
        if human:
            self.draw_preview(surface)
            self.draw_focus(surface)

    def draw_wild(self, surface: pygame.Surface) -> None:
        nest = self.game.cards.nest()
        aid = bool(self.t.match.option("memory_aid"))
        back = self.game.cards.back()
        lifted = []
        self._leaping = []
        taken = self.game.board.flipped if self.game.previewing_b() else None
        for s, sc in enumerate(self.game.slots):
            if s == taken:     # B's preview: it is in the hand now, its space shows the ghost
                continue
            if sc is None:
                cx, cy = self.game.geo.slot_center(s)
                surface.blit(nest, self.note("icon", nest.get_rect(center=(cx, cy + 24)), "nest"))
                continue
            sprite = sc.sprite
            if aid and (sc.memory is not None or sc.knowers):
                sprite.back = self.game.cards.back(memory=sc.memory, knowers=sc.knowers)
            else:
                sprite.back = back
            if sprite.scale > 1.05:   # leaping out: drawn over everything, with the flights
                self._leaping.append(sprite)
                continue
            if sprite.scale != 1.0 or sprite.lift > 0.01 or sprite.squash != 1.0:
                lifted.append(sprite)
                continue
            self._draw_resting(surface, sprite)
        for sprite in lifted:
            sprite.draw(surface)
            if sprite.visible:
                rect = sprite.rect
                self.note("card", rect, "Wild card", index_corner(rect) if sprite.face_up else None)
        self.mark_flipped(surface)

    def mark_flipped(self, surface: pygame.Surface) -> None:
        """The card flipped this turn is outlined in the flipper's colour; with Colour
        patterns its shape sits on the outline too."""
        slot, seat = self.game.board.flipped, self.t.turn_seat
        if not self.patterns or slot is None or seat is None or self.game.slots[slot] is None:
            return
        sprite = self.game.slots[slot].sprite
        if sprite.outline == self.seat_rgb(seat) and sprite.visible:
            rect = sprite.rect
            self.draw_seat_mark(surface, seat, (rect.x - 4, rect.bottom - 30), 13)

    def _draw_resting(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """A card lying still: its shadow and its picture, without the sprite's general
        path (scaling, squashing, tinting) that a resting card never needs."""
        if not sprite.visible:
            return
        img = sprite.face if sprite.face_up else sprite.back
        w, h = img.get_size()
        x, y = int(sprite.x) - w // 2, int(sprite.y) - h // 2
        surface.blit(card_shadow((w, h), sprite.radius), (x - 2, y - 2))
        rect = pygame.Rect(x, y, w, h)
        surface.blit(img, self.note("card", rect, "Wild card",
                                    index_corner(rect) if sprite.face_up else None))
        if sprite.outline is not None:
            pygame.draw.rect(surface, sprite.outline, pygame.Rect(x - 4, y - 4, w + 8, h + 8), 5,
                             border_radius=sprite.radius + 4)

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.t.turn.picker is None or self.t.turn.picker.focused is None:
            return
        option = self.t.turn.picker.focused
        value = option.value
        rect = option.rect
        if isinstance(value, tuple) and value[0] == "slot":
            sc = self.game.slots[value[1]]
            if sc is not None:
                rect = sc.sprite.rect
        elif isinstance(value, tuple) and value[0] == "family":
            lift = int(self.game.hand_lift.get(value[1], 0.0) * HAND_LIFT)
            rect = rect.move(0, -lift + HAND_LIFT // 2)
            rect.h -= 12
        ui.draw_focus_ring(surface, rect, self.t.ctx.pulse, 16,
                           ui.ACCENT if option.enabled else ui.BAD)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """Ghosts of what the step-2 plan would do, before anything is sent: the card that
        would lie face down in each space (as the viewer's own mark shows it)."""
        value = self.game.focused
        if self.game.previewing_b():
            if isinstance(value, tuple) and value[0] == "family":
                self._ghost_at(surface, value[1], self.game.board.flipped, focus=True,
                               label=_("hidden here"))
            return
        if self.game.step in ("c_card", "c_space"):
            for family, slot in self.game.plan_c:
                if slot is not None:
                    self._ghost_at(surface, family, slot)
            if (self.game.step == "c_space" and isinstance(value, tuple) and value[0] == "slot"
                    and self.game.plan_c):
                self._ghost_at(surface, self.game.plan_c[-1][0], value[1], focus=True)
            return
        if self.game.step == "action" and self.game.board.flipped is not None:
            rect = self.game.geo.slot_rect(self.game.board.flipped)
            # above the card; on the top row, where the status line would cover it, on the
            # card's bird (its band names the family: nothing may cover that)
            spot = (rect.centerx, rect.y - 4 if self.game.board.flipped >= R.COLS
                    else rect.centery + 18)
            if value == "B":
                self._tag(surface, _("into your hand"), spot, ui.GOOD)
            elif value == "C" and self.game.allowed()["C"]:
                for s in self.game.free_spaces():
                    pygame.draw.rect(surface, ui.ACCENT, self.game.geo.slot_rect(s).inflate(-6, -6), 3,
                                     border_radius=14)
                self._tag(surface, _("turns back down"), spot, ui.ACCENT)
            elif value == "A" and self.game.allowed()["A"]:
                self._tag(surface, _("find its pair"), spot, ui.ACCENT)

    def _ghost_at(self, surface, family: int, slot: int, focus: bool = False,
                  label: str | None = None) -> None:
        label = _("face down") if label is None else label
        rect = self.game.geo.slot_rect(slot)
        marked = self.game.cards.back(memory=(family, "yours"))
        ghost = self.game.cards.ghost(marked, 235 if focus else 150)
        surface.blit(ghost, self.note("card", rect, "ghost"))
        pygame.draw.rect(surface, ui.ACCENT, rect.inflate(8, 8), 5 if focus else 3,
                         border_radius=18)
        self._tag(surface, label, (rect.centerx, rect.y + 46), ui.ACCENT)

    def _tag(self, surface, text: str, midbottom, fill) -> None:
        txt = self.t.ctx.assets.text(text, 28, (24, 20, 12), "bold")
        box = self.note("label", txt.get_rect(midbottom=midbottom).inflate(18, 2), text)
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, (20, 20, 24), box, 2, border_radius=box.h // 2)
        surface.blit(txt, txt.get_rect(center=box.center))

    # -- the hand --------------------------------------------------------------------------
    def draw_hand(self, surface: pygame.Surface) -> None:
        anchor = self.game.geo.rect_of("hand")
        if self.game.board.seat is None:
            note = self.t.ctx.assets.text(_("Watching: every seat is played by the computer"),
                                          32, ui.TEXT_MUTED, "bold")
            surface.blit(note, self.note("label", note.get_rect(center=anchor.center), "watching"))
            return
        human = self.t.human_deciding
        cards = self.game.preview_hand() if human else self.game.board.hand
        groups = groups_of(cards)
        rects = self.game.geo.group_layout(groups)
        score = R.score_counts(family_counts(self.game.board.hand), *self.game.board.bonus)
        self.draw_score(surface, anchor, len(self.game.board.hand), score)
        incoming = None
        if self.game.previewing_b():
            sc = self.game.slots[self.game.board.flipped]
            incoming = CARD_FAMILY[sc.card] if sc is not None and sc.card is not None else None
        enabled = {}
        if human and self.t.turn.picker is not None and self.game.step in ("b_card", "c_card"):
            enabled = {o.value[1]: o.enabled for o in self.t.turn.picker.options
                       if isinstance(o.value, tuple) and o.value[0] == "family"}
        tops = []
        for (family, count), rect in zip(groups, rects):
            lift = self.game.hand_lift.get(family, 0.0)
            if self.game.board.picked_family == family:
                lift = 1.0
            y = rect.y - int(lift * HAND_LIFT)
            img = self.game.cards.mini(family)
            for k in range(min(count, 4) - 1, 0, -1):
                surface.blit(img, (rect.x + k * FAN, y - k * 3))
            top = pygame.Rect((rect.x, y), MINI)
            surface.blit(img, self.note("card", top, "hand group", index_corner(top, mini=True)))
            if enabled and not enabled.get(family, True):
                surface.blit(self._shade(MINI), (rect.x, y))
            tops.append((family, count, rect, y))
        for family, count, rect, y in tops:   # counts on top: a squeezed hand hides no number
            badge = self._count_badge(family, count)
            surface.blit(badge, self.note("icon", badge.get_rect(center=(rect.right - 2, y + 12)),
                                          "count"))
            if family == incoming:
                self._tag(surface, _("+1 new"), (rect.centerx, y + MINI[1] - 6), ui.GOOD)

    def _shade(self, size) -> pygame.Surface:
        key = ("shade", size)
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (10, 10, 16, 150), surf.get_rect(), border_radius=12)
            self._cache.put(key, surf)
        return surf

    def _count_badge(self, family: int, count: int) -> pygame.Surface:
        key = ("count", family, count)
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface((52, 52), pygame.SRCALPHA)   # 48 px across, and its rim
            pygame.draw.circle(surf, (20, 20, 24), (26, 26), 26)
            pygame.draw.circle(surf, (255, 255, 255), (26, 26), 23)
            txt = self.t.ctx.assets.text(str(count), 32, (30, 24, 34), "title")
            surf.blit(txt, txt.get_rect(center=(26, 27)))
            self._cache.put(key, surf)
        return surf

    def draw_hand_tag(self, surface: pygame.Surface, seat: int) -> None:
        """No tab: the hand's own heading names its owner (the Wild fills the room above)."""

    def draw_score(self, surface: pygame.Surface, anchor: pygame.Rect, count: int,
                   score: int) -> None:
        """The running score at the left of the hand: how many cards, the points."""
        a = self.t.ctx.assets
        mid = anchor.x + 100
        owner = self.hand_owner()     # several people at the TV: whose hand this is
        if owner is None:
            heading = ngettext("Your {n} card", "Your {n} cards", count).format(n=count)
        else:
            heading = ngettext("{name}'s {n} card", "{name}'s {n} cards", count).format(
                name=self.t.match.seats[owner].name, n=count)
        points = ngettext("point", "points", abs(score))
        for text, size, colour, face, top in (
                (heading, 28, ui.TEXT_MUTED, "bold", 8),
                (str(score), 56, ui.ACCENT, "title", 42),
                (points, 28, ui.TEXT, "body", 112)):
            txt = a.text(text, size, colour, face)
            surface.blit(txt, self.note("label", txt.get_rect(midtop=(mid, anchor.y + top)), text))

    # -- the deck, the bonus families, the option buttons ----------------------------------
    def draw_deck(self, surface: pygame.Surface) -> None:
        anchor = self.game.geo.rect_of("deck")
        key = ("deck", self.game.board.deck, anchor.size, i18n.current())
        surf = self._cache.get(key)
        if surf is None:
            surf = self._deck_picture(anchor.size)
            self._cache.put(key, surf)
        surface.blit(surf[0], anchor)
        for kind, rect, what in surf[1]:
            self.note(kind, rect.move(anchor.topleft), what)

    def _deck_picture(self, size) -> tuple[pygame.Surface, list]:
        """The deck and its words, drawn once per count, and where each thing lies on it."""
        a = self.t.ctx.assets
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (12, 18, 24, 150), rect, border_radius=20)
        cx, cy = 24 + 60, rect.h // 2
        back = self.game.cards.back((120, 168))
        layers = min(5, (self.game.board.deck + 5) // 6)
        card = back.get_rect(center=(cx, cy))
        drawn = [("card", card, "deck")] if self.game.board.deck else []
        if self.game.board.deck:
            for i in range(layers, 0, -1):
                surf.blit(ui.panel(card.size, (36, 40, 70), 12, (90, 96, 130), 2),
                          card.move(3 * i, 3 * i))
            surf.blit(back, card)
        else:
            pygame.draw.rect(surf, (90, 120, 110), card, 4, border_radius=12)
        x = 180
        low = self.game.board.deck <= 5
        num = a.text(str(self.game.board.deck), 64, ui.BAD if low else ui.TEXT, "title")
        unit = a.text(ngettext("card left", "cards left", self.game.board.deck), 28, ui.TEXT,
                      "body")
        words = [(a.text(_("Deck"), 32, ui.TEXT_MUTED, "bold"), (x, 16)), (num, (x, 56)),
                 (unit, (x + num.get_width() + 10, 56 + num.get_height() - unit.get_height() - 8))]
        for i, line in enumerate((_("The game ends"), _("when it is empty"))):
            words.append(
                (a.text(line, 28, ui.BAD if low else ui.TEXT_MUTED, "body"), (x, 140 + i * 34)))
        for k, (t, at) in enumerate(words):
            surf.blit(t, at)
            drawn.append(("label", t.get_rect(topleft=at), f"deck words {k}"))
        return surf, drawn

    def draw_bonus(self, surface: pygame.Surface) -> None:
        anchor = self.game.geo.rect_of("bonus")
        key = ("bonus", self.game.board.bonus, anchor.size, self.game.cards.patterns,
               i18n.current())
        surf = self._cache.get(key)
        if surf is None:
            a = self.t.ctx.assets
            surf = pygame.Surface(anchor.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (12, 18, 24, 150), surf.get_rect(), border_radius=20)
            half = anchor.w // 2
            for i, (family, extra) in enumerate(zip(self.game.board.bonus, (2, 1))):
                cx = half * i + half // 2
                token = self.game.cards.token(family, extra, 42)
                surf.blit(token, token.get_rect(midtop=(cx, 8)))
                name = self.game.cards._line(family_name(family), 28, half - 16, ui.TEXT, "bold",
                                             0.7) \
                    or a.text_fit(family_name(family), 28, half - 16, ui.TEXT, "bold")
                surf.blit(name, name.get_rect(midbottom=(cx, anchor.h - 6)))
            self._cache.put(key, surf)
        surface.blit(surf, anchor)

    def bonus_items(self) -> list[AuditItem]:
        """The bonus families' tokens and names, as draw_bonus lays them out."""
        anchor = self.game.geo.rect_of("bonus")
        half = anchor.w // 2
        items = []
        for i, (family, extra) in enumerate(zip(self.game.board.bonus, (2, 1))):
            cx = anchor.x + half * i + half // 2
            token = self.game.cards.token(family, extra, 42).get_rect(midtop=(cx, anchor.y + 8))
            w, h = self.t.ctx.assets.font("bold", 28).size(family_name(family))
            name = pygame.Rect(0, 0, min(w, half - 16), h)
            name.midbottom = (cx, anchor.bottom - 6)
            items += [AuditItem("icon", token, "bonus token"),
                                AuditItem("label", name, family_name(family))]
        return items

    def draw_actions(self, surface: pygame.Surface) -> None:
        rects = self.game.geo.action_rects()
        human = self.t.human_deciding
        choosing = human and self.game.step == "action"
        allowed = self.game.allowed() if choosing else {}
        for letter, rect in rects.items():
            if choosing:
                mode = "on" if allowed.get(letter) else "no"
            elif self.game.board.chosen == letter:
                mode = "chosen"
            elif self.game.board.chosen is not None or self.game.step in PLAN_STEPS:
                mode = "off"
            else:
                mode = "idle"
            if human and self.game.step in PLAN_STEPS:   # a plan under way: its option is lit
                mode = "chosen" if letter == PLAN_STEPS[self.game.step] else "off"
            title, sub = self.option_text(letter)
            if mode == "no":
                sub = self.why_not(letter)
            colour = self.seat_rgb(self.t.turn_seat) if self.t.turn_seat is not None else ui.ACCENT
            img = self._option_button(letter, rect.size, mode, title, sub, colour)
            if mode == "chosen" and self.game.board.pulse < 0.999 and self.t.animator.busy:
                grow = int((1.0 - abs(self.game.board.pulse * 2 - 1)) * 8)
                pygame.draw.rect(surface, colour, rect.inflate(grow * 2, grow * 2), 4,
                                 border_radius=22)
            surface.blit(img, rect)
            tile = pygame.Rect(rect.x + 12, rect.y + (rect.h - 56) // 2, 56, 56)
            self.note("icon", tile, letter)
            self.note("label", pygame.Rect(rect.x + 84, rect.y + 2, rect.w - 96, 39), title)
            self.note("label", pygame.Rect(rect.x + 84, rect.bottom - 35, rect.w - 96, 34), sub)

    def _option_button(self, letter, size, mode, title, sub, colour) -> pygame.Surface:
        key = ("opt", letter, tuple(size), mode, title, sub, colour if mode == "chosen" else None)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        a = self.t.ctx.assets
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        bright = mode in ("on", "chosen")
        fill = {"on": ui.PANEL_LIGHT, "chosen": ui.PANEL_LIGHT, "no": (36, 36, 44),
                "off": (24, 28, 38), "idle": ui.PANEL}[mode]
        pygame.draw.rect(surf, fill, rect, border_radius=18)
        if mode == "chosen":
            pygame.draw.rect(surf, colour, rect, 5, border_radius=18)
        tile = pygame.Rect(12, (rect.h - 56) // 2, 56, 56)   # a square tile, unlike a pad button
        tint = ICON_FILL[letter] if mode in ("on", "chosen", "idle") else (80, 82, 92)
        pygame.draw.rect(surf, (20, 20, 24), tile.inflate(4, 4), border_radius=12)
        pygame.draw.rect(surf, tint, tile, border_radius=10)
        option_icon(surf, letter, tile, ink_on(tint))
        text_colour = ui.TEXT if bright or mode == "idle" else ui.TEXT_DIM
        t1 = a.text_fit(title, 32, rect.w - 96, text_colour, "bold")
        t2 = a.text_fit(sub, 28, rect.w - 96, ui.BAD if mode == "no" else
                        (ui.TEXT_MUTED if mode != "off" else ui.TEXT_DIM))
        surf.blit(t1, (84, 2))
        surf.blit(t2, (84, rect.h - t2.get_height() - 1))
        if mode == "no":
            pygame.draw.line(surf, ui.BAD, (tile.x + 8, tile.y + 8),
                             (tile.right - 8, tile.bottom - 8), 5)
        self._cache.put(key, surf)
        return surf

    # -- seat plates -----------------------------------------------------------------------
    def plate_key(self, seat: int) -> object:
        size = self.game.board.hand_sizes[seat] if seat < len(self.game.board.hand_sizes) else 0
        opens = tuple(self.game.board.open_fams[seat]) if seat < len(
            self.game.board.open_fams) else ()
        score = None
        if self.game.board.final_scores is not None:
            score = self.game.board.final_scores[seat]
        elif seat == self.game.board.seat:
            score = R.score_counts(family_counts(self.game.board.hand), *self.game.board.bonus)
        return size, opens, score

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """A plate's details: hand size, the cards the table saw it take, its score."""
        for kind, spot, what in self.plate_items(seat, rect):
            if kind == "hand":
                surface.blit(self.game.cards.back(HAND_BACK), spot)
            elif kind == "chip":
                family, certain = what
                surface.blit(self.game.cards.chip(family, CHIP_R, hollow=not certain), spot)
            else:
                size, colour = {"score": (32, ui.ACCENT), "held": (32, ui.TEXT),
                                "more": (28, ui.TEXT_MUTED)}.get(kind, (28, ui.TEXT))
                surface.blit(self.t.ctx.assets.text(what, size, colour, "bold"), spot)

    def plate_items(self, seat: int, rect: pygame.Rect) -> list[tuple[str, pygame.Rect, object]]:
        """What a plate shows under the name and where: the hand size, the score at the
        right, and between them a 48 px chip per family the table saw the seat take
        (solid) or that it may have hidden again (hollow), each with its count."""
        count, opens, score = self.plate_key(seat)
        a = self.t.ctx.assets
        y = rect.y + 58
        held = pygame.Rect((0, 0), a.font("bold", 32).size(str(count)))
        held.midleft = (rect.x + 16 + HAND_BACK[0] + 10, y + HAND_BACK[1] // 2)
        items: list[tuple[str, pygame.Rect, object]] = [
            ("hand", pygame.Rect((rect.x + 16, y), HAND_BACK), "hand"), ("held", held, str(count))]
        x = max(rect.x + 110, held.right + 14)
        right = rect.right - 12
        if score is not None:
            text = ngettext("{n} pt", "{n} pts", score).format(n=score)
            spot = pygame.Rect((0, 0), a.font("bold", 32).size(text))
            spot.midright = (rect.right - 16, y + HAND_BACK[1] // 2)
            items.append(("score", spot, text))
            right = spot.x - 8
        seen: dict[tuple[int, bool], int] = {}
        for family, certain in opens:
            seen[(family, certain)] = seen.get((family, certain), 0) + 1
        d = 2 * CHIP_R + 4
        font = a.font("bold", 28)
        for (family, certain), n in sorted(seen.items(), key=lambda kv: (not kv[0][1], kv[0][0])):
            need = d + (font.size(str(n))[0] + 6 if n > 1 else 0)
            if x + need > right:   # no room for the rest: a mark says there is more
                items.append(("more", pygame.Rect((x, y + 6), font.size("\u2026")), "\u2026"))
                break
            items.append(("chip", pygame.Rect(x, y + 2, d, d), (family, certain)))
            x += d + 2
            if n > 1:
                spot = pygame.Rect((x, y + 10), font.size(str(n)))
                items.append(("count", spot, str(n)))
                x += spot.w + 6
        return items

    def audit_items(self) -> list[AuditItem]:
        """What the frame noted as it drew, and what each plate shows."""
        items = super().audit_items() + self.bonus_items()
        kinds = {"hand": "icon", "chip": "icon"}
        for seat in range(self.t.match.num_players):
            for kind, spot, what in self.plate_items(seat, self.seat_rect(seat)):
                items.append(AuditItem(kinds.get(kind, "label"), spot, f"plate {kind}"))
        return items

    # -- cards in flight, call-outs --------------------------------------------------------
    def draw_on_top(self, surface: pygame.Surface) -> None:
        for sprite in self._leaping + self.game.air:   # over the plates, the log and the status
            sprite.draw(surface)

    def shout_over(self, title: str, sub: str = "", hold: float = 1.4, edge=ui.ACCENT,
                   avoid: tuple[int, ...] = ()) -> None:
        """A call-out over the row of the Wild furthest from the ``avoid`` rows in play."""
        self.t.messages.shout(title, sub, hold, edge,
                              at=self.game.geo.callout_spot(avoid), tint=True)
