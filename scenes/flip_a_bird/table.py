"""Flip a Bird's table: the row across the middle, the draw pile with its public top back,
each seat's plate (hand backs, tip cards, won pile), the viewer's hand, and the claim show.

Everything on screen comes from ``self.shown`` (the viewer's view) and from events, so a
card face is drawn only when the viewer may see it: a drawn card's face only for the seat
that drew it, a face-down card's face only for the seat that played it (as a small marker
on its back), every other face only once it lies face up.

A human decides with one picker per step:

* ``turn``: the pile (draw) or the claim button; ALT jumps straight to claiming;
* ``confirm``: claim or step back (BACK) — a claim cannot be undone, so it is asked twice;
* ``play``: a hand card; the focused card shows as a ghost at the row's end, face up or
  face down, as the pile's top back decides;
* ``tip``: red (too many) or green (not too many);
* ``pick``: a card of the claimed row for your won pile.

The claim is played out from its events in one timeline: tip cards turn over together,
the row's face-down cards one by one, the specials act (removed cards drop out and grey,
a doubled colour glows, a zeroed colour greys), a counter climbs towards the limit, then
the winners' cards fly to their plates.
"""
from __future__ import annotations

import math

import pygame

from game.flip_a_bird import rules as R
from game.flip_a_bird.cards import CARDS, COLOURS, Card
from game.input import Act, Input
from scenes.picker import Option, Picker
from scenes.table import TableScene
from sprites import ui
from sprites.card import CardSprite
from sprites.flip_a_bird_cards import (CARD, MINI, SMALL, STRONG, TIP, TIP_BIG, TIP_MINI,
                                       FabCards)
from sprites.tween import (Call, Later, Timeline, Together, Tween, Wait, ease_out_back,
                           ease_out_cubic)

ROW_GAP = 14          # between row cards when there is room
MIN_STEP = 58         # a squeezed row still shows this much of every card (number, shape)
HAND_GAP = 26
DROP = 42             # how far a card taken out of the count drops below the row


class RowCard:
    """A card of the row (or of a claimed row being shared out) and its claim-show marks."""

    def __init__(self, sprite: CardSprite, card: Card | None, open_back: bool,
                 played_by: int | None, mine: bool, size: tuple[int, int]) -> None:
        self.sprite = sprite
        self.card = card              # None while face down and unknown to the viewer
        self.open_back = open_back
        self.played_by = played_by
        self.mine = mine              # the viewer's own face-down card
        self.size = size
        self.removed = False          # taken out of the count by a special card
        self.mark: str | None = None  # "double" | "zero" | "beaten"
        self.glow = 0.0               # a special card acting
        self.bubble: str | None = None
        self.pop = 0.0                # the bubble's pop-in


class Counter:
    """The bird counter's animated value (tweened, drawn as a whole number)."""

    def __init__(self) -> None:
        self.value = 0.0
        self.pulse = 0.0


class FlipABirdTable(TableScene):

    # -- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        self.cards = FabCards(self.ctx.assets, self.ctx.settings.colour_patterns)
        self.cards.warm()
        self.row_cards: list[RowCard] = []
        self.hand_cards: list[CardSprite] = []
        self.air: list[CardSprite] = []
        self.tip_sprites: dict[int, CardSprite] = {}
        self.plate_hands: list[list[bool]] = []
        self.won_counts: list[list[int]] = []
        self.pick_order: tuple[int, ...] = ()
        self.hand_seat: int | None = None
        self.pile_count = 0
        self.pile_open: bool | None = None
        self.counter = Counter()
        self.count_mode: str | None = None     # None, "claim", "over", "ok"
        self.anim_status = ""
        self.step = ""
        self.my_tip: R.Tip | None = None
        self.queued_tips: dict[int, R.Tip] = {}   # couch play: tips made ahead, in secret
        self._pile_cache: dict = {}

    # -- geometry -----------------------------------------------------------------------
    def row_layout(self, n: int) -> tuple[list[tuple[float, float]], tuple[int, int], float]:
        """Centres of ``n`` row cards, their size and the visible strip of each card.

        Up to eight cards sit side by side; more squeeze together (every card keeps at
        least MIN_STEP px showing: its number and shape); past that the row wraps onto
        two lines of smaller cards. It never leaves its box.
        """
        area = pygame.Rect(self.layout.get("row").rect)
        if n <= 0:
            return [], CARD, CARD[0]
        cw, ch = CARD
        room = area.w - 24
        step = cw + ROW_GAP if n * cw + (n - 1) * ROW_GAP <= room else (room - cw) / max(n - 1, 1)
        if step >= MIN_STEP:
            total = cw + step * (n - 1)
            x0 = area.centerx - total / 2 + cw / 2
            return [(x0 + i * step, area.centery) for i in range(n)], CARD, min(step, cw)
        sw, sh = SMALL
        per = math.ceil(n / 2)
        step = min(sw + 10, (room - sw) / max(per - 1, 1))
        out = []
        for line, count in enumerate((per, n - per)):
            total = sw + step * (count - 1)
            x0 = area.centerx - total / 2 + sw / 2
            y = area.centery + (line - 0.5) * (sh + 6)
            out += [(x0 + i * step, y) for i in range(count)]
        return out, SMALL, min(step, sw)

    def hand_layout(self, n: int) -> list[tuple[float, float]]:
        area = pygame.Rect(self.layout.get("hand").rect)
        step = CARD[0] + HAND_GAP
        x0 = area.centerx - step * (n - 1) / 2
        return [(x0 + i * step, area.centery) for i in range(n)]

    def pile_center(self) -> tuple[int, int]:
        a = self.layout.get("pile")
        return a.x + a.w // 2, a.y + CARD[1] // 2 + 8

    def pile_rect(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), CARD)
        r.center = self.pile_center()
        return r

    def plate_hand_pos(self, seat: int, i: int) -> tuple[int, int]:
        r = self.seat_rect(seat)
        return r.x + 16 + MINI[0] // 2 + i * 30, r.y + 62 + MINI[1] // 2

    def plate_tip_pos(self, seat: int) -> tuple[int, int]:
        r = self.seat_rect(seat)
        return r.right - 48, r.y + 120

    def plate_won_pos(self, seat: int) -> tuple[int, int]:
        r = self.seat_rect(seat)
        return r.x + 120, r.y + 148

    def claim_rect(self) -> pygame.Rect:
        return pygame.Rect(self.layout.get("claim").rect)

    def tip_button_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        area = pygame.Rect(self.layout.get("hand").rect)
        red = pygame.Rect((0, 0), TIP_BIG)
        green = pygame.Rect((0, 0), TIP_BIG)
        red.center = (area.centerx - 130, area.centery - 26)
        green.center = (area.centerx + 130, area.centery - 26)
        return red, green

    def confirm_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        area = pygame.Rect(self.layout.get("hand").rect)
        panel = area.inflate(-20, -30)
        yes = pygame.Rect(0, 0, 240, 74)
        no = pygame.Rect(0, 0, 240, 74)
        yes.midbottom = (panel.centerx - 140, panel.bottom - 22)
        no.midbottom = (panel.centerx + 140, panel.bottom - 22)
        return panel, yes, no

    # -- sprites from the view -------------------------------------------------------------
    def _row_sprite(self, card: Card | None, open_back: bool, face_up: bool,
                    pos, size) -> CardSprite:
        back = self.cards.back(open_back, size)
        face = self.cards.face(card.face, size) if card is not None else back
        sprite = CardSprite(face, back, pos, face_up and card is not None,
                            key=card.id if card is not None else None)
        return sprite

    def refresh(self) -> None:
        v = self.shown
        n = self.match.num_players
        self.hand_seat = v.seat
        self.pile_count, self.pile_open = v.pile_size, v.pile_top_open
        self.plate_hands = [[True] * o + [False] * (s - o)
                            for s, o in zip(v.hand_sizes, v.hand_open_backs)]
        self.won_counts = [self._won_counts(pile) for pile in v.won]
        self.air = []
        self.anim_status = ""
        # the row, or the claimed row while its cards are shared out
        self.row_cards = []
        record = v.last_claim
        if v.phase == R.PHASE_PICK and record is not None:
            positions, size, _ = self.row_layout(len(record.cards))
            left = {c.id for c in v.share}
            for i, card in enumerate(record.cards):
                if card.id in left:
                    sprite = self._row_sprite(card, card.open_back, True, positions[i], size)
                    self.row_cards.append(RowCard(sprite, card, card.open_back,
                                                  record.played_by[i], False, size))
            self.count_mode = "over" if record.too_many else "ok"
            self.counter.value = record.total
            self.pick_order = v.pickers
        else:
            positions, size, _ = self.row_layout(len(v.row))
            for i, slot in enumerate(v.row):
                sprite = self._row_sprite(slot.card, slot.open_back, slot.face_up, positions[i], size)
                mine = slot.card is not None and not slot.face_up
                self.row_cards.append(RowCard(sprite, slot.card, slot.open_back, slot.played_by,
                                              mine, size))
            self.count_mode = "claim" if v.phase == R.PHASE_TIP else None
            self.counter.value = 0
            self.pick_order = ()
        # the viewer's hand
        self.hand_cards = []
        for card, pos in zip(v.hand, self.hand_layout(len(v.hand))):
            self.hand_cards.append(CardSprite(self.cards.face(card.face), self.cards.back(card.open_back),
                                              pos, True, key=card.id))
        # tip cards out on the table
        self.tip_sprites = {}
        for seat in range(n):
            tip = v.tips[seat]
            if tip is not None:
                self.tip_sprites[seat] = self._tip_sprite(seat, tip)

    def _tip_sprite(self, seat: int, kind: str) -> CardSprite:
        back = self.cards.tip("down")
        face = self.cards.tip(kind) if kind in ("red", "green") else back
        return CardSprite(face, back, self.plate_tip_pos(seat), kind in ("red", "green"))

    @staticmethod
    def _won_counts(pile) -> list[int]:
        counts = [0, 0, 0, 0, 0]   # blue green red yellow, specials
        for card in pile:
            counts[4 if card.special else COLOURS.index(card.colour)] += 1
        return counts

    def all_sprites(self) -> list[CardSprite]:
        """Every card sprite on the table (tests check none shows a face it may not)."""
        return [rc.sprite for rc in self.row_cards] + self.hand_cards + self.air

    # -- the opening deal -------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if not self.animator.busy and self.shown.row == () and self.shown.pile_size:
            self._deal_in()

    def _deal_in(self) -> None:
        """Two cards fly to every seat, one after another, as if dealt."""
        n = self.match.num_players
        hands = [list(h) for h in self.plate_hands]
        self.plate_hands = [[] for _ in range(n)]
        mine = list(self.hand_cards)
        self.hand_cards = []
        start = self.pile_center()
        moves = []
        k = 0
        for round_ in range(max((len(h) for h in hands), default=0)):
            for seat in range(n):
                if round_ >= len(hands[seat]):
                    continue
                delay = self.dur(0.07) * k
                k += 1
                if seat == self.hand_seat and round_ < len(mine):
                    sprite = mine[round_]
                    target = (sprite.x, sprite.y)
                    sprite.x, sprite.y = start
                    sprite.face_up = False
                    moves.append(Timeline([Wait(delay), Call(lambda s=sprite: self.air.append(s)),
                                           Together(sprite.move_to(target, self.dur(0.4)),
                                                    sprite.flip(self.dur(0.4), face_up=True)),
                                           Call(lambda s=sprite: self._land_hand(s))]))
                else:
                    open_back = hands[seat][round_]
                    size = self.cards.back(open_back, CARD).get_size()
                    sprite = CardSprite(self.cards.back(open_back), self.cards.back(open_back), start, False)
                    target = self.plate_hand_pos(seat, round_)
                    moves.append(Timeline([
                        Wait(delay), Call(lambda s=sprite: self.air.append(s)),
                        sprite.move_to(target, self.dur(0.35), scale=MINI[0] / size[0]),
                        Call(lambda s=sprite, seat=seat, o=open_back: self._land_plate(s, seat, o))]))
        self.ctx.play("shuffle")
        self.sequence([Together(*moves)])
        self.dirty = True

    def _land_hand(self, sprite: CardSprite) -> None:
        if sprite in self.air:
            self.air.remove(sprite)
        self.hand_cards.append(sprite)

    def _land_plate(self, sprite: CardSprite, seat: int, open_back: bool) -> None:
        if sprite in self.air:
            self.air.remove(sprite)
        self.plate_hands[seat].append(open_back)
        self.ctx.play("deal")

    # -- animations from events -----------------------------------------------------------
    def animate(self, events) -> None:
        steps = []
        i = 0
        while i < len(events):
            ev = events[i]
            if isinstance(ev, R.CardTaken):   # a run of takes plays as one sweep
                run = []
                while i < len(events) and isinstance(events[i], R.CardTaken):
                    run.append(events[i])
                    i += 1
                steps.append(Later(lambda run=run: self._a_taken(run)))
                continue
            steps.append(self.release_log(ev))
            maker = getattr(self, f"_a_{type(ev).__name__}", None)
            if maker is not None:
                steps.append(Later(lambda m=maker, e=ev: m(e)))
            i += 1
        if steps:
            self.sequence(steps)

    def _status(self, text: str) -> Call:
        return Call(lambda: setattr(self, "anim_status", text))

    def _sound(self, name: str) -> Call:
        return Call(lambda: self.ctx.play(name))

    def _name(self, seat: int | None) -> str:
        return "Nobody" if seat is None else self.names[seat]

    # drawing and playing
    def _a_CardDrawn(self, ev: R.CardDrawn):
        start = self.pile_center()
        self.pile_count = ev.pile_size
        self.pile_open = ev.next_open
        self.ctx.play("deal")
        back = self.cards.back(ev.open_back)
        if ev.seat == self.hand_seat:
            card = CARDS[ev.card]
            sprite = CardSprite(self.cards.face(card.face), back, start, False, key=card.id)
            ids = sorted([s.key for s in self.hand_cards] + [card.id])
            slots = self.hand_layout(len(ids))
            moves = []
            for s in self.hand_cards:
                moves.append(s.move_to(slots[ids.index(s.key)], self.dur(0.3), lift=0.0))
            self.air.append(sprite)
            target = slots[ids.index(card.id)]
            moves.append(sprite.move_to(target, self.dur(0.42)))
            moves.append(Timeline([Wait(self.dur(0.1)), sprite.flip(self.dur(0.3), face_up=True)]))

            def land() -> None:
                self._land_hand(sprite)
                self.hand_cards.sort(key=lambda s: s.key)
            return Timeline([Together(*moves), Call(land)])
        sprite = CardSprite(back, back, start, False)
        self.air.append(sprite)
        target = self.plate_hand_pos(ev.seat, len(self.plate_hands[ev.seat]))
        return Timeline([sprite.move_to(target, self.dur(0.38), scale=MINI[0] / CARD[0]),
                         Call(lambda: self._land_plate(sprite, ev.seat, ev.open_back))])

    def _a_PileEmptied(self, ev):
        self.shout("The draw pile is empty", "Every card is now played face down", 1.2)
        return Wait(self.dur(1.2))

    def _a_CardPlayed(self, ev: R.CardPlayed):
        card = CARDS[ev.card]
        positions, size, _ = self.row_layout(len(self.row_cards) + 1)
        known = ev.face_up or ev.seat == self.hand_seat
        mine = known and not ev.face_up
        sprite = next((s for s in self.hand_cards if s.key == ev.card), None)
        if sprite is not None:        # from the viewer's hand
            self.hand_cards.remove(sprite)
            start_scale = 1.0
        else:                         # from a seat plate: its back, the size of a mini card
            hand = self.plate_hands[ev.seat]
            slot = max((i for i, o in enumerate(hand) if o == ev.open_back), default=len(hand) - 1)
            pos = self.plate_hand_pos(ev.seat, max(slot, 0))
            if 0 <= slot < len(hand):
                hand.pop(slot)
            back = self.cards.back(ev.open_back, size)
            face = self.cards.face(card.face, size) if known else back
            sprite = CardSprite(face, back, pos, False, key=card.id if known else None)
            start_scale = MINI[0] / size[0]
            sprite.scale = start_scale
        end_scale = size[0] / sprite.face.get_width()
        self.air.append(sprite)
        row_card = RowCard(sprite, card if known else None, ev.open_back, ev.seat, mine, size)
        moves = [sprite.move_to(positions[-1], self.dur(0.45), lift=0.8, scale=end_scale)]
        if sprite.face_up != ev.face_up:
            moves.append(Timeline([Wait(self.dur(0.12)), sprite.flip(self.dur(0.3), face_up=ev.face_up)]))
        moves += self._relayout(positions, size)
        hand_slots = self.hand_layout(len(self.hand_cards))
        moves += [s.move_to(p, self.dur(0.3), lift=0.0) for s, p in zip(self.hand_cards, hand_slots)]

        def land() -> None:
            if sprite in self.air:
                self.air.remove(sprite)
            self.row_cards.append(row_card)
            self.ctx.play("flip" if ev.face_up else "tap")
        self.ctx.play("slide")
        who = self._name(ev.seat)
        self.anim_status = f"{who} plays a card face {'up' if ev.face_up else 'down'}"
        return Timeline([Together(*moves), Call(land)])

    def _relayout(self, positions, size) -> list:
        """Moves that slide the row's cards to ``positions`` (and resize them)."""
        moves = []
        for rc, pos in zip(self.row_cards, positions):
            s = rc.sprite
            scale = size[0] / s.face.get_width()
            if (abs(s.x - pos[0]) > 0.5 or abs(s.y - pos[1]) > 0.5 or abs(s.scale - scale) > 0.01) \
                    and not rc.removed:
                moves.append(s.move_to(pos, self.dur(0.3), lift=0.0, scale=scale))
        return moves

    def _a_RowDiscarded(self, ev: R.RowDiscarded):
        self.anim_status = f"All face up and over {ev.limit} birds: the row is discarded"

        def tell() -> None:
            self.shout("The row is discarded",
                       f"All face up and {ev.total} birds, over the limit of {ev.limit}: "
                       f"{self._name(ev.seat)}'s card starts a new row", 2.0)
        old, kept = self.row_cards[:-1], self.row_cards[-1:]
        fades = []
        for k, rc in enumerate(old):
            s = rc.sprite
            fades.append(Timeline([Wait(self.dur(0.04) * k),
                                   Tween(s, self.dur(0.5), ease_out_cubic, y=s.y + 120, alpha=0)]))

        def drop_old() -> None:
            self.row_cards = kept

        def slide_kept():
            positions, size, _ = self.row_layout(1)
            moves = self._relayout(positions, size)
            return Together(*moves) if moves else None
        return Timeline([Wait(self.dur(0.5)), self._sound("shuffle"), Together(*fades),
                         Call(drop_old), Call(tell), Later(slide_kept), Wait(self.dur(1.8))])

    def _a_RowStarted(self, ev: R.RowStarted):
        self.anim_status = f"Row {ev.number} begins with {self._name(ev.seat)}"
        return None

    # the claim
    def _a_ClaimMade(self, ev: R.ClaimMade):
        self.count_mode = "claim"
        self.counter.value = 0
        self.shout(f"{self._name(ev.claimant)} claims!",
                   f"More than {ev.limit} birds in the row? {self._name(ev.accused)} played last.",
                   1.7, ui.BAD)
        self.anim_status = f"{self._name(ev.claimant)} says red, {self._name(ev.accused)} says green"
        self.ctx.play("predator")
        moves = []
        for seat, kind in ((ev.claimant, "red"), (ev.accused, "green")):
            sprite = self._tip_sprite(seat, kind)
            sprite.scale = TIP_MINI[0] / TIP[0]
            self.tip_sprites[seat] = sprite
            moves.append(Tween(sprite, self.dur(0.45), ease_out_back, scale=1.0))
        return Timeline([Together(*moves), Wait(self.dur(1.4))])

    def _a_TipPlaced(self, ev: R.TipPlaced):
        seat = ev.seat
        kind = "down"
        if seat == self.hand_seat and self.my_tip is not None:  # your own, as you chose it
            kind = "red" if self.my_tip.red else "green"
        self.my_tip = None
        sprite = self._tip_sprite(seat, kind)
        sprite.scale = TIP_MINI[0] / TIP[0]
        self.tip_sprites[seat] = sprite
        self.ctx.play("tap")
        self.anim_status = f"{self._name(seat)} has tipped"
        return Timeline([Tween(sprite, self.dur(0.3), ease_out_back, scale=1.0), Wait(self.dur(0.2))])

    def _a_TipsRevealed(self, ev: R.TipsRevealed):
        flips = []
        for seat, tip in enumerate(ev.tips):
            if tip is None:
                continue
            kind = "red" if tip else "green"
            sprite = self.tip_sprites.get(seat) or self._tip_sprite(seat, "down")
            self.tip_sprites[seat] = sprite
            sprite.face = self.cards.tip(kind)
            if not sprite.face_up:
                flips.append(sprite.flip(self.dur(0.4), face_up=True))
        reds = [self._name(s) for s, t in enumerate(ev.tips) if t is True]
        greens = [self._name(s) for s, t in enumerate(ev.tips) if t is False]
        self.anim_status = f"Red: {', '.join(reds)}   \u00b7   Green: {', '.join(greens)}"
        self.ctx.play("flip")
        return Timeline([Together(*flips) if flips else Wait(0), Wait(self.dur(0.9)),
                         self._status("Every card of the row turns face up")])

    def _a_CardFlipped(self, ev: R.CardFlipped):
        if not 0 <= ev.index < len(self.row_cards):
            return None
        rc = self.row_cards[ev.index]
        card = CARDS[ev.card]
        rc.card = card
        rc.sprite.face = self.cards.face(card.face, rc.size)
        rc.sprite.key = card.id
        rc.mine = False
        self.ctx.play("flip")
        return Timeline([rc.sprite.flip(self.dur(0.32), face_up=True), Wait(self.dur(0.06))])

    def _act(self, index: int, text: str) -> list:
        """A special card lights up (and the status says what it does)."""
        steps = [self._status(text), self._sound("chirp")]
        if 0 <= index < len(self.row_cards):
            rc = self.row_cards[index]
            steps.append(Tween(rc, self.dur(0.35), ease_out_back, glow=1.0))
        return steps

    def _remove(self, indices) -> list:
        moves = []
        for i in indices:
            if 0 <= i < len(self.row_cards):
                rc = self.row_cards[i]
                moves.append(Timeline([Call(lambda rc=rc: self._grey(rc, removed=True)),
                                       Tween(rc.sprite, self.dur(0.4), ease_out_cubic,
                                             y=rc.sprite.y + DROP)]))
        return [Together(*moves)] if moves else []

    def _grey(self, rc: RowCard, removed: bool = False, mark: str | None = None) -> None:
        if removed:
            rc.removed = True
        if mark:
            rc.mark = mark
        if mark == "double":
            return
        if rc.card is not None:
            rc.sprite.face = self.cards.face(rc.card.face, rc.size, dim=True)
        rc.sprite.back = self.cards.back(rc.open_back, rc.size, dim=True)

    def _a_SpecialsCancelled(self, ev: R.SpecialsCancelled):
        steps = []
        for i in ev.by:
            steps += self._act(i, "Specials don't count: every special card is out")
        steps += [Wait(self.dur(0.4))] + self._remove(ev.removed) + [Wait(self.dur(0.6))]
        return Timeline(steps)

    def _a_NeighboursRemoved(self, ev: R.NeighboursRemoved):
        text = ("Neighbours don't count: the cards beside it are out" if ev.removed
                else "Neighbours don't count: it has no neighbours")
        steps = self._act(ev.index, text) + [Wait(self.dur(0.4))] + self._remove(ev.removed)
        return Timeline(steps + [Wait(self.dur(0.6))])

    def _a_ColourZeroed(self, ev: R.ColourZeroed):
        name = ev.colour.capitalize()
        text = f"{name} birds do not count" + (", beating its 'counts double'" if ev.beats_double else "")
        marks = []
        for rc in self.row_cards:
            if rc.removed or rc.card is None or rc.card.colour != ev.colour:
                continue
            if rc.card.is_bird:
                marks.append(Call(lambda rc=rc: self._grey(rc, mark="zero")))
            elif rc.card.special == "colour_double" and ev.beats_double:
                marks.append(Call(lambda rc=rc: self._grey(rc, mark="beaten")))
        steps = self._act(ev.index, text) + [Wait(self.dur(0.35))] + marks + [Wait(self.dur(0.8))]
        return Timeline(steps)

    def _a_ColourDoubled(self, ev: R.ColourDoubled):
        text = f"{ev.colour.capitalize()} birds count double"
        marks = []
        for rc in self.row_cards:
            if not rc.removed and rc.card is not None and rc.card.is_bird and rc.card.colour == ev.colour:
                marks.append(Call(lambda rc=rc: self._grey(rc, mark="double")))
        steps = self._act(ev.index, text) + [Wait(self.dur(0.35))] + marks + [Wait(self.dur(0.8))]
        return Timeline(steps)

    def _a_BirdsCounted(self, ev: R.BirdsCounted):
        if not 0 <= ev.index < len(self.row_cards):
            return None
        rc = self.row_cards[ev.index]
        rc.bubble = f"+{ev.birds}"
        rc.pop = 0.0
        self.anim_status = f"Counting: {ev.running} of {ev.limit} birds"
        self.ctx.play("tap")
        return Together(Tween(rc, self.dur(0.22), ease_out_back, pop=1.0),
                        Tween(self.counter, self.dur(0.26), ease_out_cubic, value=float(ev.running)))

    def _a_ClaimResolved(self, ev: R.ClaimResolved):
        self.count_mode = "over" if ev.too_many else "ok"
        self.counter.value = ev.total
        self.pick_order = ev.winners
        verdict = "Too many!" if ev.too_many else "Not too many!"
        side = "Red" if ev.too_many else "Green"
        who = self._join([self._name(s) for s in ev.winners])
        share = "takes the whole row" if len(ev.winners) == 1 else "share the row"
        self.shout(f"{ev.total} birds of {ev.limit}: {verdict}", f"{side} is right: {who} {share}",
                   2.1, ui.BAD if ev.too_many else ui.GOOD)
        self.anim_status = f"{side} is right: {who} {share}"
        self.ctx.play("win" if self.hand_seat in ev.winners else "chirp")
        for rc in self.row_cards:
            rc.glow = 0.0
        return Timeline([Tween(self.counter, self.dur(0.3), ease_out_back, pulse=1.0),
                         Wait(self.dur(2.0))])

    @staticmethod
    def _join(names: list[str]) -> str:
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + " and " + names[-1]

    def _a_taken(self, run: list) -> Timeline:
        """Cards of the claimed row fly to their winners' plates (in order, a quick sweep)."""
        moves = []
        for k, ev in enumerate(run):
            rc = next((r for r in self.row_cards if r.card is not None and r.card.id == ev.card), None)
            if rc is None:
                continue
            s = rc.sprite
            if rc.removed or rc.mark:   # back to its true colours as it leaves
                s.face = self.cards.face(rc.card.face, rc.size)
            s.face_up = True
            target = self.plate_won_pos(ev.seat)

            def arrive(rc=rc, seat=ev.seat) -> None:
                if rc.sprite in self.air:
                    self.air.remove(rc.sprite)
                counts = self.won_counts[seat]
                counts[4 if rc.card.special else COLOURS.index(rc.card.colour)] += 1
                self.ctx.play("slide")

            def lift(rc=rc, ev=ev) -> None:
                self.release_line(ev)
                if rc in self.row_cards:
                    self.row_cards.remove(rc)
                rc.bubble = None
                rc.mark = None
                rc.glow = 0.0
                self.air.append(rc.sprite)
            gap = self.dur(0.09 if ev.automatic else 0.0)
            moves.append(Timeline([Wait(gap * k), Call(lift),
                                   s.move_to(target, self.dur(0.42), lift=0.6, scale=0.32),
                                   Call(arrive)]))
        if run and not run[0].automatic:
            self.anim_status = f"{self._name(run[0].seat)} takes the {CARDS[run[0].card].label}"
        return Timeline([Together(*moves) if moves else Wait(0), Wait(self.dur(0.15))])

    def _a_HandsDiscarded(self, ev: R.HandsDiscarded):
        fades = [Tween(s, self.dur(0.5), ease_out_cubic, y=s.y + 80, alpha=0) for s in self.hand_cards]

        def clear() -> None:
            self.plate_hands = [[] for _ in self.plate_hands]
        self.anim_status = "The hand cards left over go out of the game"
        return Timeline([Together(*fades) if fades else Wait(0), Call(clear), Wait(self.dur(0.3))])

    # -- the human's choices ------------------------------------------------------------------
    def begin_turn(self) -> None:
        v = self.shown
        legal = self.state.legal_actions()
        if v.phase == R.PHASE_TURN:
            self._turn_step(legal)
        elif v.phase == R.PHASE_PLAY:
            self.step = "play"
            self._hand_picker(legal)
        elif v.phase == R.PHASE_TIP and self.secret_tipping:
            self.step = "secret"    # every human tips on their own device: no picker
            self.picker = None
        elif v.phase == R.PHASE_TIP:
            self.step = "tip"
            red, green = self.tip_button_rects()
            self.picker = Picker([Option(red, R.TIP_RED, "Tip red"),
                                  Option(green, R.TIP_GREEN, "Tip green")],
                                 self.submit, ctx=self.ctx, radius=16)
        elif v.phase == R.PHASE_PICK:
            self.step = "pick"
            options = []
            for i, rc in enumerate(self.row_cards):   # hover and click hit the part you see
                r = rc.sprite.rect
                nxt = self.row_cards[i + 1].sprite.rect if i + 1 < len(self.row_cards) else None
                if nxt is not None and abs(nxt.centery - r.centery) < 4 and nxt.x < r.right:
                    r = pygame.Rect(r.x, r.y, max(nxt.x - r.x, 8), r.h)
                options.append(Option(r, R.Pick(rc.card.id), "Take this card"))
            self.picker = Picker(options, self.submit, ctx=self.ctx, radius=16)
        else:
            self.step = ""
            self.picker = None

    def _turn_step(self, legal, focus_claim: bool = False) -> None:
        self.step = "turn"
        options = []
        if R.DRAW in legal:
            options.append(Option(self.pile_rect(), R.DRAW, "Draw"))
        else:   # the pile is empty: play straight from the hand (FB-8)
            options += self._hand_options(legal)
        options.append(Option(self.claim_rect(), R.CLAIM, "Claim", enabled=R.CLAIM in legal))
        self.picker = Picker(options, self._pick_turn, ctx=self.ctx, radius=18)
        if focus_claim:
            self.picker.focus_value(R.CLAIM)

    def _hand_options(self, legal) -> list[Option]:
        plays = {a.card for a in legal if isinstance(a, R.Play)}
        return [Option(s.rect.inflate(0, 20).move(0, -10), R.Play(s.key), "Play", enabled=s.key in plays)
                for s in self.hand_cards]

    def _hand_picker(self, legal) -> None:
        self.picker = Picker(self._hand_options(legal), self.submit, ctx=self.ctx, radius=18)

    def _pick_turn(self, value) -> None:
        if value == R.CLAIM:
            self._confirm_step()
        else:
            self.submit(value)

    def _confirm_step(self) -> None:
        self.step = "confirm"
        _, yes, no = self.confirm_rects()
        self.picker = Picker([Option(yes, "claim", "Claim!"), Option(no, "back", "Back")],
                             self._pick_confirm, on_back=self._back_to_turn, ctx=self.ctx, radius=20)
        self.ctx.play("chirp")

    def _pick_confirm(self, value) -> None:
        if value == "claim":
            self.submit(R.CLAIM)
        else:
            self._back_to_turn()

    def _back_to_turn(self) -> None:
        self._turn_step(self.state.legal_actions(), focus_claim=True)

    def show_hint(self, action) -> None:
        """Focus the hint's option (a claim asks to confirm, with Claim! in focus)."""
        if self.picker is None:
            return
        if self.step == "confirm" and action != R.CLAIM:
            self._back_to_turn()
        self.picker.focus_value(action)

    def handle_turn(self, event: Input) -> bool:
        if self.picker is None:
            return False
        if event.act is Act.ALT and self.step == "turn":
            if R.CLAIM in self.state.legal_actions():
                self._confirm_step()
            else:
                self.ctx.play("error")
            return True
        return self.picker.handle(event)

    def submit(self, action) -> bool:
        secret = self.secret_tipping
        self.my_tip = action if isinstance(action, R.Tip) and not secret else None
        if action == R.CLAIM:
            self.queued_tips = {}
        done = super().submit(action)
        if done:
            self.step = ""
        return done

    # -- couch play: tips in secret, all at once --------------------------------------------
    # Several people on their own devices tip at the same time, each with two buttons
    # (red: PREV, green: NEXT) that leave nothing on screen but "tipped"; the rules still
    # take tips one seat at a time, so a tip made early waits until the rules ask that
    # seat (forced_action). On one shared device each tipper gets a privacy screen and
    # the usual red/green choice instead.
    def tipping_humans(self) -> list[int]:
        """The human seats that tip in the claim on now (not the claimant or accused)."""
        st = self.state
        if st.phase != R.PHASE_TIP:
            return []
        return [s for s in range(self.match.num_players)
                if self.is_human(s) and s not in (st.claimant, st.accused)]

    @property
    def secret_tipping(self) -> bool:
        """Two or more people tip, each on a device of their own."""
        seats = self.tipping_humans()
        devices = [self.owner(s) for s in seats]
        return len(seats) >= 2 and None not in devices and len(set(devices)) == len(seats)

    def has_tipped(self, seat: int) -> bool:
        return seat in self.queued_tips or self.state.tips[seat] is not None

    def forced_action(self):
        if self.state.phase == R.PHASE_TIP:
            return self.queued_tips.pop(self.state.current_player, None)
        return None

    def private_turn(self, seat: int) -> bool:
        return self.privacy and not self.secret_tipping   # a secret tip shows nothing

    @property
    def hints_on(self) -> bool:
        return super().hints_on and not self.secret_tipping   # a hint would tell the tip

    def handle(self, event: Input) -> bool:
        if event.act in (Act.PREV, Act.NEXT) and self.secret_tipping:
            seat = next((s for s in self.tipping_humans() if self.owner(s) == event.device), None)
            if seat is not None and not self.has_tipped(seat):
                self.queued_tips[seat] = R.TIP_RED if event.act is Act.PREV else R.TIP_GREEN
                self.ctx.play("tap")
            return True
        return super().handle(event)

    def secret_panels(self) -> list[tuple[int, pygame.Rect]]:
        """One panel per tipping person, side by side between the bottom plate and the log."""
        seats = self.tipping_humans()
        band = pygame.Rect(470, 712, 786, 244)
        gap = 12
        w = min(380, (band.w - gap * (len(seats) - 1)) // max(len(seats), 1))
        x = band.centerx - (w * len(seats) + gap * (len(seats) - 1)) // 2
        return [(s, pygame.Rect(x + k * (w + gap), band.y, w, band.h)) for k, s in enumerate(seats)]

    def draw_secret_tips(self, surface: pygame.Surface) -> None:
        """Each tipper's panel: their name, their two tip buttons in their own device's
        glyphs, and whether they have tipped. Nothing on it ever depends on the colour."""
        a = self.ctx.assets
        for seat, rect in self.secret_panels():
            info = self.match.seats[seat]
            colour = ui.SEAT_COLOURS[info.colour % 6]
            done = self.has_tipped(seat)
            ui.draw_shadowed_panel(surface, rect, ui.PANEL, 20, colour, 3)
            ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour % 6], (rect.x + 26, rect.y + 28), 14,
                          colour)
            name = a.text_fit(info.name, 32, rect.w - 60, ui.TEXT, "bold")
            surface.blit(name, (rect.x + 48, rect.y + 10))
            if done:
                card = self.cards.tip("down")
                surface.blit(card, card.get_rect(center=(rect.centerx, rect.y + 112)))
                word = a.text("Tipped", 32, ui.GOOD, "bold")
            else:
                style = self.ctx.glyphs(self.owner(seat))
                for dx, kind, act in ((-44, "red", Act.PREV), (44, "green", Act.NEXT)):
                    card = self.cards.tip(kind)
                    spot = card.get_rect(center=(rect.centerx + dx, rect.y + 108))
                    surface.blit(card, spot)
                    key = ui.glyph(a, style, act, 28)
                    surface.blit(key, key.get_rect(midtop=(spot.centerx, spot.bottom + 4)))
                word = a.text("Waiting for a tip", 28, ui.ACCENT, "bold")
            surface.blit(word, word.get_rect(midbottom=(rect.centerx, rect.bottom - 8)))

    # -- words on screen ---------------------------------------------------------------------
    def status(self) -> str:
        if self.animator.busy and self.anim_status:
            return self.anim_status
        v = self.shown
        seat = self.state.current_player
        if seat is None:
            return "Game over"
        name = self._name(seat)
        human = self.is_human(seat) and self.turn_ready
        if self.animator.busy:
            return ""
        if v.phase == R.PHASE_TURN:
            if human:
                if self.step == "confirm":
                    return f"Claim: more than {v.limit} birds in the row?"
                can_claim = R.CLAIM in self.state.legal_actions()
                if v.pile_size:
                    if can_claim:
                        return f"Your turn: draw a card, or claim the row is over {v.limit}"
                    return "Your turn: draw a card"
                if can_claim:
                    return "The pile is empty: play a card face down, or claim"
                return "The pile is empty: play a card face down"
            return f"{name}'s turn"
        if v.phase == R.PHASE_PLAY:
            way = "face up" if v.play_face_up else "face down"
            if human:
                warning = self._discard_warning()
                return warning or f"Choose a card to play {way}"
            return f"{name} plays a card {way}"
        if v.phase == R.PHASE_TIP:
            claimant = self._name(v.claimant)
            if self.secret_tipping:
                return f"{claimant} claims! Tip in secret, each on your own controller"
            if human:
                return f"{claimant} claims! Too many birds (red) or not (green)?"
            tipped = sum(1 for s, t in enumerate(v.tips) if t is not None
                         and s not in (v.claimant, v.accused))
            total = tipped + len(v.waiting_tips)
            return f"{claimant} claims! {name} is tipping ({tipped} of {total} tipped)"
        if v.phase == R.PHASE_PICK:
            left = len(v.share)
            if human:
                return f"Take a card for your pile ({left} left)"
            return f"{name} takes a card ({left} left)"
        return ""

    def _discard_warning(self) -> str:
        """FB-7 made visible: a face-up card that would tip an all-face-up row over."""
        v = self.shown
        value = self.focused
        if not (v.play_face_up and v.row and all(s.face_up for s in v.row)
                and isinstance(value, R.Play)):
            return ""
        faces = [s.card.face for s in v.row] + [CARDS[value.card].face]
        if R.count_birds(faces) > v.limit:
            return "This card puts the face-up row over: the old row is discarded"
        return ""

    def prompts(self):
        value = self.focused
        step = self.step
        if step == "turn":
            items = []
            if value == R.DRAW:
                items.append((Act.CONFIRM, "Draw a card"))
            elif isinstance(value, R.Play):
                items.append((Act.CONFIRM, "Play it face down"))
            else:
                items.append((Act.CONFIRM, "Claim"))
            if value != R.CLAIM and R.CLAIM in self.state.legal_actions():
                items.append((Act.ALT, "Claim"))
            return tuple(items) + ((Act.PAUSE, "Pause"),)
        if step == "confirm":
            label = "Claim!" if value == "claim" else "Back"
            return ((Act.CONFIRM, label), (Act.BACK, "Back"))
        if step == "play":
            way = "face up" if self.shown.play_face_up else "face down"
            return ((Act.CONFIRM, f"Play it {way}"), (Act.PAUSE, "Pause"))
        if step == "tip":
            label = "Tip red: too many" if value == R.TIP_RED else "Tip green: not too many"
            return ((Act.CONFIRM, label), (Act.PAUSE, "Pause"))
        if step == "pick":
            return ((Act.CONFIRM, "Take this card"), (Act.PAUSE, "Pause"))
        return ((Act.PAUSE, "Pause"),)

    # -- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.animator.busy:
            return
        value = self.focused
        k = min(1.0, dt * 14)
        for s in self.hand_cards:
            target = 1.0 if isinstance(value, R.Play) and value.card == s.key else 0.0
            s.lift += (target - s.lift) * k
        if self.step == "pick":
            for rc in self.row_cards:
                target = 0.8 if isinstance(value, R.Pick) and rc.card and rc.card.id == value.card else 0.0
                rc.sprite.lift += (target - rc.sprite.lift) * k

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        # cards in flight pass over the seat plates (below the status line)
        for sprite in self.air:
            sprite.draw(surface)

    def shout_spot(self) -> tuple[int, int]:
        """The claim's big moments show over the row."""
        return ui.CANVAS[0] // 2, self.layout.get("row").center[1]

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_pile(surface)
        self.draw_counter(surface)
        self.draw_row(surface)
        human = self.human_deciding
        step = self.step if human else ""
        if step == "play" or (step == "turn" and not self.shown.pile_size):
            self.draw_ghost(surface)
        if self.state.phase == R.PHASE_TIP and self.secret_tipping:
            self.draw_secret_tips(surface)
        elif step == "tip":
            self.draw_tip_choice(surface)
        elif step == "confirm":
            self.draw_hand(surface)
            self.draw_confirm(surface)
        else:
            self.draw_hand(surface)
        if step in ("turn", "confirm"):
            self.draw_claim_button(surface, active=step == "turn")
        if human and self.picker is not None:
            focus = self._focused_share()
            if focus is not None:   # the card you would take: on top, whole, ringed
                focus.sprite.draw(surface)
                ui.draw_focus_ring(surface, focus.sprite.rect, self.ctx.pulse, 18)
            else:
                self.picker.draw(surface, self.ctx.pulse)

    def _focused_share(self) -> RowCard | None:
        value = self.focused
        if self.step != "pick" or not isinstance(value, R.Pick):
            return None
        return next((rc for rc in self.row_cards if rc.card is not None and rc.card.id == value.card), None)

    def draw_pile(self, surface: pygame.Surface) -> None:
        anchor = pygame.Rect(self.layout.get("pile").rect)
        layers = min(4, (self.pile_count + 7) // 8) if self.pile_open is not None else 0
        key = (self.pile_open if self.pile_count else None, layers)
        surf = self._pile_cache.get(key)
        if surf is None:
            surf = self._pile_picture(anchor, layers)
            self._pile_cache[key] = surf
        surface.blit(surf, anchor.move(-24, 0))
        if self.pile_count:
            count = self.ctx.assets.text(f"{self.pile_count} in the pile", 28, ui.TEXT_MUTED)
            surface.blit(count, count.get_rect(midtop=(anchor.centerx, self.pile_rect().bottom + 56)))

    def _pile_picture(self, anchor: pygame.Rect, layers: int) -> pygame.Surface:
        """The pile, its top back and what that back is called, drawn once per change."""
        a = self.ctx.assets
        surf = pygame.Surface((anchor.w + 48, anchor.h), pygame.SRCALPHA)
        rect = self.pile_rect().move(-anchor.x + 24, -anchor.y)
        mid = surf.get_width() // 2
        if self.pile_count > 0 and self.pile_open is not None:
            for i in range(layers, 0, -1):  # the pile's depth: neutral edges, no backs shown
                surf.blit(ui.panel(rect.size, (36, 30, 44), 14, (90, 84, 100), 2),
                          rect.move(-3 * i, 4 * i))
            surf.blit(ui.shadow(rect.size, 14), (rect.x - 8, rect.y - 2))
            surf.blit(self.cards.back(self.pile_open), rect)
            name = "Open cage" if self.pile_open else "Covered cage"
            line1 = a.text(name, 28, ui.TEXT, "bold")
            surf.blit(line1, line1.get_rect(midtop=(mid, rect.bottom + 22)))
        else:
            pygame.draw.rect(surf, (70, 110, 96), rect, 4, border_radius=14)
            empty = a.text("Empty", 28, ui.TEXT_MUTED, "bold")
            surf.blit(empty, empty.get_rect(center=rect.center))
            note = a.text("All face down", 28, ui.TEXT_MUTED)
            surf.blit(note, note.get_rect(midtop=(mid, rect.bottom + 22)))
        return ui.fast(surf)

    def draw_counter(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        anchor = pygame.Rect(self.layout.get("counter").rect)
        limit = self.shown.limit
        if self.count_mode is None:
            down = sum(1 for rc in self.row_cards if not rc.sprite.face_up)
            text = f"Limit {limit} birds"
            if self.row_cards:
                text += f"  \u00b7  {len(self.row_cards)} in the row, {down} face down"
            txt = a.text(text, 30, ui.TEXT_MUTED, "bold")
            box = txt.get_rect(center=anchor.center).inflate(40, 16)
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=170), box)
            surface.blit(txt, txt.get_rect(center=anchor.center))
            return
        value = int(round(self.counter.value))
        over = value > limit
        colour = ui.BAD if over else ui.GOOD
        waiting = self.count_mode == "claim" and not any(rc.bubble for rc in self.row_cards)
        if waiting:   # nothing counted yet: the count is the question
            colour = ui.TEXT
        ui.draw_shadowed_panel(surface, anchor, (14, 20, 28), anchor.h // 2,
                               colour if self.count_mode in ("over", "ok") else None, 4)
        num = a.text("?" if waiting else str(value), 48, colour, "title")
        label = a.text(f"of {limit} birds", 30, ui.TEXT, "bold")
        x = anchor.x + 36
        surface.blit(num, num.get_rect(midleft=(x, anchor.centery)))
        x += num.get_width() + 12
        surface.blit(label, label.get_rect(midleft=(x, anchor.centery + 3)))
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

    def draw_row(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        _, size, strip = self.row_layout(len(self.row_cards))
        for rc in self.row_cards:
            rc.sprite.draw(surface)
        for rc in self.row_cards:   # marks on top, each inside its card's visible strip
            s = rc.sprite
            r = s.rect
            cx = r.x + int(min(strip, r.w) // 2)
            if rc.glow > 0.01:
                width = 3 + int(4 * rc.glow)
                pygame.draw.rect(surface, ui.ACCENT, r.inflate(10, 10), width, border_radius=18)
            if rc.mark == "double":
                pygame.draw.rect(surface, (255, 214, 90), r.inflate(6, 6), 5, border_radius=16)
                self._badge(surface, "\u00d72", (cx, r.y + r.h * 0.55), (255, 214, 90), (40, 30, 10))
            elif rc.mark in ("zero", "beaten"):
                self._badge(surface, "\u00d70" if rc.mark == "zero" else "out", (cx, r.y + r.h * 0.55),
                            (70, 70, 78), ui.TEXT)
            elif rc.removed:
                self._badge(surface, "out", (cx, r.y + r.h * 0.55), (70, 70, 78), ui.TEXT)
            if rc.mine and not s.face_up and s.squash > 0.5 and rc.card is not None:
                self._mine_marker(surface, rc, r, strip)
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

    def _badge(self, surface, text: str, center, fill, ink) -> None:
        txt = self.ctx.assets.text(text, 28, ink, "bold")
        box = txt.get_rect(center=(int(center[0]), int(center[1]))).inflate(16, 4)
        pygame.draw.rect(surface, fill, box, border_radius=10)
        pygame.draw.rect(surface, (20, 20, 24), box, 2, border_radius=10)
        surface.blit(txt, txt.get_rect(center=box.center))

    def _mine_marker(self, surface, rc: RowCard, r: pygame.Rect, strip: float) -> None:
        """Only the viewer sees this: their own face-down card, and what it is."""
        card = rc.card
        radius = 24 if rc.size == CARD else 19
        center = (r.x + int(min(strip, r.w) // 2), r.y + radius + 8)
        fill = STRONG[card.colour] if card.colour else (60, 44, 96)
        pygame.draw.circle(surface, (255, 255, 255), center, radius + 4)
        pygame.draw.circle(surface, fill, center, radius)
        if card.is_bird:
            ink = (30, 24, 36) if card.colour == "yellow" else (255, 255, 255)
            txt = self.ctx.assets.text(str(card.birds), 28, ink, "bold")
            surface.blit(txt, txt.get_rect(center=center))
        else:
            ui.draw_shape(surface, "star", center, radius - 7, ui.ACCENT)

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """Where the focused hand card will land, and which way up."""
        value = self.focused
        if not isinstance(value, R.Play):
            return
        v = self.shown
        face_up = bool(v.play_face_up)
        positions, size, _ = self.row_layout(len(self.row_cards) + 1)
        card = CARDS[value.card]
        img = self.cards.face(card.face, size) if face_up else self.cards.back(card.open_back, size)
        ghost = self.cards.ghost(img)
        rect = ghost.get_rect(center=(int(positions[-1][0]), int(positions[-1][1])))
        surface.blit(ghost, rect)
        pygame.draw.rect(surface, ui.ACCENT, rect.inflate(8, 8), 4, border_radius=16)
        tag = self.ctx.assets.text("face up" if face_up else "face down", 28, (30, 26, 10), "bold")
        box = tag.get_rect(midbottom=(rect.centerx, rect.y - 6)).inflate(16, 4)
        if box.right > ui.SAFE.right:
            box.right = ui.SAFE.right
        pygame.draw.rect(surface, ui.ACCENT, box, border_radius=10)
        surface.blit(tag, tag.get_rect(center=box.center))

    def draw_hand(self, surface: pygame.Surface) -> None:
        for s in self.hand_cards:
            s.draw(surface)

    def draw_tip_choice(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        red, green = self.tip_button_rects()
        for rect, kind, text in ((red, "red", "Too many!"), (green, "green", "Not too many")):
            surface.blit(ui.shadow(rect.size, 14), (rect.x - 8, rect.y - 2))
            surface.blit(self.cards.tip(kind, TIP_BIG), rect)
            label = a.text(text, 32, ui.TEXT, "bold")
            box = label.get_rect(midtop=(rect.centerx, rect.bottom + 8)).inflate(20, 4)
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=200), box)
            surface.blit(label, label.get_rect(center=box.center))

    def draw_confirm(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        panel, yes, no = self.confirm_rects()
        ui.draw_shadowed_panel(surface, panel, ui.PANEL, 24, ui.BAD, 4)
        q = a.text(f"More than {self.shown.limit} birds in the row?", 36, ui.TEXT, "bold")
        surface.blit(q, q.get_rect(midtop=(panel.centerx, panel.y + 16)))
        who = self._name(self.shown.last_player)
        sub = a.text_fit(f"You tip red, {who} tips green, the rest choose.", 28, panel.w - 40,
                         ui.TEXT_MUTED)
        surface.blit(sub, sub.get_rect(midtop=(panel.centerx, panel.y + 64)))
        for rect, text, colour in ((yes, "Claim!", (196, 52, 56)), (no, "Back", (70, 78, 100))):
            surface.blit(ui.panel(rect.size, colour, 20, (250, 246, 236), 3), rect)
            t = a.text(text, 40, (255, 255, 255), "title")
            surface.blit(t, t.get_rect(center=rect.center))

    def draw_claim_button(self, surface: pygame.Surface, active: bool) -> None:
        a = self.ctx.assets
        rect = self.claim_rect()
        can = R.CLAIM in self.state.legal_actions()
        colour = (196, 52, 56) if can else (80, 70, 74)
        ui.draw_shadowed_panel(surface, rect, colour, 22, (250, 246, 236), 3)
        t = a.text("Claim!", 40, (255, 255, 255) if can else ui.TEXT_MUTED, "title")
        surface.blit(t, t.get_rect(center=(rect.centerx, rect.centery - 12)))
        sub = a.text("too many birds", 28, (255, 236, 230) if can else ui.TEXT_MUTED)
        surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.centery + 24)))

    # -- seat plates ----------------------------------------------------------------------------
    def plate_key(self, seat: int) -> object:
        hand = tuple(self.plate_hands[seat][:4]) if seat < len(self.plate_hands) else ()
        counts = tuple(self.won_counts[seat]) if seat < len(self.won_counts) else (0,) * 5
        return hand, counts, seat not in self.tip_sprites

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Hand backs, score, won pile and, outside a claim, the seat's two tip cards."""
        hand, counts, idle_tips = self.plate_key(seat)
        a = self.ctx.assets
        x0, y0 = rect.topleft
        # hand backs: public (FB-2), so everyone sees what kind of cards a seat holds
        for i, open_back in enumerate(hand):
            img = self.cards.back(open_back, MINI)
            surface.blit(img, img.get_rect(center=(x0 + 16 + MINI[0] // 2 + i * 30,
                                                   y0 + 62 + MINI[1] // 2)))
        score = self._live_score(list(counts))
        pts = a.text(f"{score} pt" if score == 1 else f"{score} pts", 32, ui.TEXT, "bold")
        surface.blit(pts, pts.get_rect(midleft=(x0 + 134, y0 + 90)))
        # won pile: per colour how many, hollow where the next colour set still needs one
        sets = min(counts[:4])
        x, y = x0 + 16, y0 + 130
        for i, colour in enumerate(COLOURS):
            surface.blit(self.cards.pip(colour, counts[i], counts[i] <= sets), (x, y))
            x += 44
        surface.blit(self.cards.special_pip(counts[4]), (x, y))
        if idle_tips:   # each seat's red and green tip cards, waiting
            cx, cy = rect.right - 48, y0 + 120
            for dx, kind in ((-17, "red"), (17, "green")):
                img = self.cards.tip(kind, TIP_MINI)
                surface.blit(img, img.get_rect(center=(cx + dx, cy - 10)))

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        sprite = self.tip_sprites.get(seat)
        if sprite is not None:   # a tip played in this claim (it moves and flips)
            sprite.draw(surface)
            if seat in self.pick_order:
                order = self.pick_order.index(seat) + 1
                c = (sprite.rect.x + 2, sprite.rect.y + 2)
                pygame.draw.circle(surface, (20, 20, 24), c, 19)
                pygame.draw.circle(surface, ui.ACCENT, c, 16)
                num = self.ctx.assets.text(str(order), 28, (30, 24, 10), "bold")
                surface.blit(num, num.get_rect(center=c))

    @staticmethod
    def _live_score(counts: list[int]) -> int:
        sets = min(counts[:4])
        return 10 * sets + 2 * counts[4] + sum(counts[:4]) - 4 * sets
