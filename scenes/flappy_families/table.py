"""Flappy Families' table: the Wild's 5x3 grid in the middle (empty spaces are nests), the
deck and the two bonus families on the right above the A/B/C choice, every seat's plate
down the left with its hand size and the cards it is known to hold, the log below them,
and the viewer's hand along the bottom, grouped by family, with the running score.

Everything on screen comes from ``self.shown`` (the viewer's view) and from events
redacted for the viewer, so a face is drawn only when the viewer may know it: a Wild
card once it is face up (or, face down, only in the memory aid of a viewer who saw it or
hid it there), a drawn or hidden card only for its owner.

A human decides with one picker per step, and BACK walks back through step 2:

* ``flip``: a cursor over the Wild; CONFIRM turns the card over (that cannot be undone);
* ``action``: the A/B/C buttons, the ones not allowed greyed with the reason;
* ``second`` (A): a cursor over the other face-down cards;
* ``b_card`` (B): a family of the hand (the flipped card already counted in), shown as a
  ghost where the flipped card lies;
* ``c_card`` / ``c_space`` (C): a family, then an empty space, once or twice; every
  choice is previewed as a ghost in its space.

Step 2 is only sent to the rules when it is complete (``Choose`` plus its follow-ups, one
after another as each animation ends), so BACK can undo any part of it.

The flip is the heart of the game: every flip is a real card flip with a sound, a match
lights both cards and flies them to the hand, a mismatch holds a beat and both flip back,
a predator leaps out with its own sound and pounces on the seat, a migration deals a row
of five from the deck. The memory aid (Settings: ``memory_aid``) marks, for the viewer
alone, the face-down cards they have seen ("seen") or hidden ("yours"), with the shapes
of the seats that know each one.
"""
from __future__ import annotations

import pygame

from game.assets import LRU
from game.engine import TurnPassed
from game.flappy_families import rules as R
from game.flappy_families.cards import CARD_FAMILY, CARD_NAMES, FAMILIES, PREDATOR, family_name
from game.input import Act
from scenes.picker import Option, Picker
from scenes.table import TableScene
from sprites import ui
from sprites.card import CardSprite, card_shadow
from sprites.flappy_families_cards import CARD, MINI, TINY, FFCards, ink_on
from sprites.tween import (Call, Later, Timeline, Together, Tween, Wait, ease_out_back,
                           ease_out_cubic)

FAN = 12              # px between the fanned cards of a hand group
GROUP_GAP = 18
HAND_LIFT = 16        # px a focused hand group rises
OPTION_TEXT = {
    "A": ("Flip a second card", "Same family? Keep both"),
    "B": ("Take this card", "Hide a card in its place"),
    "C": ("Hide 2, draw 2", "Into empty spaces"),
}
LETTER_FILL = {"A": (96, 180, 100), "B": (232, 150, 60), "C": (110, 150, 236)}


class SlotCard:
    """A card lying in the Wild, and what the viewer knows of it."""

    def __init__(self, sprite: CardSprite, card: int | None, memory: tuple[int, str] | None,
                 knowers: tuple[int, ...]) -> None:
        self.sprite = sprite
        self.card = card            # None while the viewer does not know it
        self.memory = memory        # (family, "seen"|"yours") for the memory aid
        self.knowers = knowers      # seat colour indices of the seats that know it


class FlappyFamiliesTable(TableScene):

    # -- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        self.cards = FFCards(self.ctx.assets, self.ctx.settings)
        for card in range(R.NUM_CARDS):   # every face now, so no flip ever waits for one
            self.cards.face(card)
        n = self.match.num_players
        self.slots: list[SlotCard | None] = [None] * R.SLOTS
        self.hand: list[int] = []
        self.hand_seat: int | None = None
        self.hand_sizes = [0] * n
        self.open_fams: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
        self.final_scores: tuple[int, ...] | None = None
        self.deck_count = 0
        self.families: tuple[int, ...] = ()
        self.bonus = (0, 1)
        self.chosen: str | None = None
        self.flipped: int | None = None
        self.picked_family: int | None = None
        self.air: list[CardSprite] = []
        self.anim_status = ""
        self.step = ""
        self.plan_c: list[list] = []           # [[family, slot or None], ...]
        self.chain: list = []                  # step-2 actions still to send
        self.hand_lift: dict[int, float] = {}
        self.panel_pulse = 0.0
        self._cache = LRU(240, 8 << 20)   # plates, buttons, badges: small pictures, bounded
        self._leaping: list[CardSprite] = []

    # -- geometry -----------------------------------------------------------------------
    def slot_center(self, slot: int) -> tuple[int, int]:
        a = self.layout.get("wild")
        cw, ch = CARD
        gx = (a.w - R.COLS * cw) / (R.COLS - 1)
        gy = (a.h - R.ROWS * ch) / (R.ROWS - 1)
        col, row = slot % R.COLS, slot // R.COLS
        return (int(a.x + col * (cw + gx) + cw / 2), int(a.y + row * (ch + gy) + ch / 2))

    def slot_rect(self, slot: int) -> pygame.Rect:
        r = pygame.Rect((0, 0), CARD)
        r.center = self.slot_center(slot)
        return r

    def deck_center(self) -> tuple[int, int]:
        a = self.layout.get("deck")
        return a.x + 24 + 60, a.y + a.h // 2

    def plate_target(self, seat: int) -> tuple[int, int]:
        r = self.seat_rect(seat)
        return r.x + 30, r.y + 76

    def action_rects(self) -> dict[str, pygame.Rect]:
        a = self.layout.get("actions")
        h = (a.h - 24) // 3
        return {letter: pygame.Rect(a.x, a.y + i * (h + 12), a.w, h)
                for i, letter in enumerate(R.OPTIONS)}

    def hand_area(self) -> pygame.Rect:
        a = pygame.Rect(self.layout.get("hand").rect)
        return pygame.Rect(a.x + 214, a.y, a.w - 214, a.h)

    def group_layout(self, groups: list[tuple[int, int]]) -> list[pygame.Rect]:
        """Where each (family, count) group of the hand lies: the front card's rect."""
        area = self.hand_area()
        n = len(groups)
        if not n:
            return []
        full = MINI[0] + 3 * FAN + GROUP_GAP
        step = min(full, (area.w - MINI[0] - 3 * FAN) / max(n - 1, 1)) if n > 1 else full
        y = area.bottom - MINI[1] - 4
        return [pygame.Rect(int(area.x + 8 + i * step), y, MINI[0], MINI[1]) for i in range(n)]

    @staticmethod
    def groups_of(cards) -> list[tuple[int, int]]:
        counts: dict[int, int] = {}
        for card in cards:
            f = CARD_FAMILY[card]
            counts[f] = counts.get(f, 0) + 1
        return sorted(counts.items())

    def group_pos(self, family: int, cards) -> tuple[int, int]:
        """Centre of ``family``'s group if ``cards`` were the hand (for flights)."""
        groups = self.groups_of(cards)
        rects = self.group_layout(groups)
        for (f, _), rect in zip(groups, rects):
            if f == family:
                return rect.center
        area = self.hand_area()
        return area.centerx, area.centery

    # -- sprites from the view -------------------------------------------------------------
    def _colour(self, seat: int) -> int:
        return self.match.seats[seat].colour

    def _slot_card(self, slot: int, sv) -> SlotCard:
        back = self.cards.back()
        card = sv.card
        face = self.cards.face(card) if card is not None else back
        sprite = CardSprite(face, back, self.slot_center(slot), sv.face_up and card is not None,
                            key=card)
        memory = None
        if card is not None and not sv.face_up:
            mine = sv.placed_by is not None and sv.placed_by == self.hand_seat
            memory = (CARD_FAMILY[card], "yours" if mine else "seen")
        knowers = tuple(self._colour(p) for p in sv.known_by)
        return SlotCard(sprite, card, memory, knowers)

    def refresh(self) -> None:
        v = self.shown
        self.hand_seat = v.seat
        self.hand = list(v.hand)
        self.hand_sizes = list(v.hand_sizes)
        self.deck_count = v.deck_size
        self.families = v.families
        self.bonus = (v.bonus2, v.bonus1)
        self.open_fams = [[(CARD_FAMILY[o.card], not o.maybe_in) for o in opens]
                          for opens in v.open_cards]
        self.slots = [self._slot_card(s, sv) if sv is not None else None
                      for s, sv in enumerate(v.wild)]
        self.flipped = v.flipped
        self.chosen = {R.FLIP_SECOND: "A", R.B_CARD: "B", R.C_CARD: "C",
                       R.C_SPACE: "C"}.get(v.phase)
        self.picked_family = (CARD_FAMILY[v.picked_card] if v.picked_card is not None else None)
        self.final_scores = tuple(v.scores) if v.final_hands is not None else None
        self.air = []
        self.anim_status = ""
        self.panel_pulse = 0.0
        if self.flipped is not None and self.slots[self.flipped] is not None and v.current is not None:
            self.slots[self.flipped].sprite.outline = ui.SEAT_COLOURS[self._colour(v.current) % 6]

    def all_sprites(self) -> list[CardSprite]:
        """Every card sprite on the table (tests check none shows a face it may not)."""
        return [s.sprite for s in self.slots if s is not None] + self.air

    def loggable(self, event) -> bool:
        return not isinstance(event, TurnPassed)   # the lit plate says it; the log keeps room

    def submit(self, action) -> bool:
        done = super().submit(action)
        if done:
            self.step = ""
        return done

    # -- animations from events -----------------------------------------------------------
    def animate(self, events) -> None:
        viewer = self.shown.seat
        evs = [e.redacted(viewer) if isinstance(e, R.FFEvent) else e for e in events]
        steps: list = []
        i = 0
        while i < len(evs):
            ev = evs[i]
            grouped = None
            if isinstance(ev, R.CardFlipped) and not ev.face_up:
                grouped = "down"
            elif isinstance(ev, R.CardTaken) and ev.reason == "match":
                grouped = "match"
            if grouped is not None:   # a run of alike events plays as one moment
                run = []
                while i < len(evs) and self._same_run(evs[i], grouped):
                    run.append(evs[i])
                    i += 1
                steps.append(self.release_log(run[-1]))
                maker = self._a_flip_down if grouped == "down" else self._a_taken
                steps.append(Later(lambda run=run, m=maker: m(run)))
                continue
            if not (isinstance(ev, R.CardFlipped) and ev.face_up):   # that one waits for the reveal
                steps.append(self.release_log(ev))
            maker = getattr(self, f"_a_{type(ev).__name__}", None)
            if maker is not None:
                steps.append(Later(lambda m=maker, e=ev: m(e)))
            i += 1
        if steps:
            self.sequence(steps)

    @staticmethod
    def _same_run(ev, kind: str) -> bool:
        if kind == "down":
            return isinstance(ev, R.CardFlipped) and not ev.face_up
        return isinstance(ev, R.CardTaken) and ev.reason == "match"

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return "Nobody"
        return "You" if seat == self.hand_seat and self.is_human(seat) else self.names[seat]

    def _seat_rgb(self, seat: int):
        return ui.SEAT_COLOURS[self._colour(seat) % 6]

    def _sound(self, name: str) -> Call:
        return Call(lambda: self.ctx.play(name))

    def _fly(self, sprite: CardSprite, target, duration: float, scale: float,
             lift: float = 0.7):
        return sprite.move_to(target, self.dur(duration), lift=lift, scale=scale)

    # the opening
    def _a_GameSetUp(self, ev: R.GameSetUp):
        n = self.match.num_players
        deck = self.deck_center()
        dealt = {s: self.slots[s] for s in ev.wild_slots if self.slots[s] is not None}
        mine = list(self.hand)
        sizes = list(self.hand_sizes)
        self.deck_count += len(dealt) + sum(sizes)
        for s in dealt:
            self.slots[s] = None
        self.hand = []
        self.hand_sizes = [0] * n
        self.ctx.play("shuffle")
        parts = [f"+2: {FAMILIES[ev.bonus2]}", f"+1: {FAMILIES[ev.bonus1]}"]
        sub = "   ".join(parts)
        if ev.removed:
            sub += "   \u00b7   Out: " + ", ".join(FAMILIES[f] for f in ev.removed)
        self.shout_over("Bonus families", sub, 2.4, avoid=(0, 1))
        self.log(ev.describe(self.names))
        moves = []
        k = 0
        gap = self.dur(0.06)

        def leave() -> None:
            self.deck_count = max(0, self.deck_count - 1)

        for s, sc in dealt.items():
            sp = sc.sprite
            sp.x, sp.y = deck
            target = self.slot_center(s)

            def land(s=s, sc=sc) -> None:
                if sc.sprite in self.air:
                    self.air.remove(sc.sprite)
                self.slots[s] = sc
                self.ctx.play("deal")
            moves.append(Timeline([Wait(gap * k), Call(leave), Call(lambda sp=sp: self.air.append(sp)),
                                   self._fly(sp, target, 0.34, 1.0), Call(land)]))
            k += 1
        for round_ in range(max(sizes, default=0)):
            for seat in range(n):
                if round_ >= sizes[seat]:
                    continue
                if seat == self.hand_seat and round_ < len(mine):
                    card = mine[round_]
                    sprite = CardSprite(self.cards.face(card), self.cards.back(), deck, False, key=card)
                    target = self.group_pos(CARD_FAMILY[card], mine[:round_ + 1])
                    scale = MINI[0] / CARD[0]

                    def land(card=card, sprite=sprite, seat=seat) -> None:
                        self._drop_air(sprite)
                        self.hand.append(card)
                        self.hand_sizes[seat] += 1
                    moves.append(Timeline([
                        Wait(gap * k), Call(leave), Call(lambda sp=sprite: self.air.append(sp)),
                        Together(self._fly(sprite, target, 0.4, scale),
                                 Timeline([Wait(self.dur(0.12)), sprite.flip(self.dur(0.28), face_up=True)])),
                        Call(land)]))
                else:
                    sprite = CardSprite(self.cards.back(), self.cards.back(), deck, False)

                    def land(sprite=sprite, seat=seat) -> None:
                        self._drop_air(sprite)
                        self.hand_sizes[seat] += 1
                    moves.append(Timeline([
                        Wait(gap * k), Call(leave), Call(lambda sp=sprite: self.air.append(sp)),
                        self._fly(sprite, self.plate_target(seat), 0.36, TINY[0] / CARD[0]),
                        Call(land)]))
                k += 1
        return Timeline([Together(*moves), Wait(self.dur(0.3))])

    def _drop_air(self, sprite: CardSprite) -> None:
        if sprite in self.air:
            self.air.remove(sprite)

    def _a_TurnPassed(self, ev: TurnPassed):
        self.chosen = None
        self.flipped = None
        self.picked_family = None
        self.anim_status = f"{self._name(ev.seat)}'s turn" if self._name(ev.seat) != "You" else "Your turn"
        return None

    # flips
    def _a_CardFlipped(self, ev: R.CardFlipped):
        sc = self.slots[ev.slot]
        if sc is None:
            self.release_line(ev)
            return None
        sprite = sc.sprite
        sc.card = ev.card
        sprite.face = self.cards.face(ev.card)
        sprite.key = ev.card
        colour = self._seat_rgb(ev.seat)
        who = self._name(ev.seat)
        verb = "flip" if who == "You" else "flips"
        self.anim_status = f"{who} {verb} the card at {R.slot_label(ev.slot)}\u2026"
        bird = CARD_NAMES[ev.card]
        tail = "!" if CARD_FAMILY[ev.card] == PREDATOR else f" \u00b7 {family_name(CARD_FAMILY[ev.card])}"
        if self.flipped is None:
            self.flipped = ev.slot

        def mark() -> None:
            sprite.outline = colour

        def revealed() -> None:   # the name only once the face shows
            self.anim_status = f"{who} {verb} a {bird}{tail}"
            self.release_line(ev)
        return Timeline([Call(mark), Tween(sprite, self.dur(0.1), ease_out_cubic, lift=0.5),
                         self._sound("flip"),
                         sprite.flip(self.dur(0.34), face_up=True, on_swap=revealed),
                         Wait(self.dur(0.22))])

    def _a_flip_down(self, run: list):
        flips = []
        n = self.match.num_players
        everyone = tuple(self._colour(p) for p in range(n))
        for ev in run:
            sc = self.slots[ev.slot]
            if sc is None:
                continue
            sc.card = ev.card
            sc.memory = (CARD_FAMILY[ev.card], "seen")
            sc.knowers = everyone
            sprite = sc.sprite

            def clear(sprite=sprite) -> None:
                sprite.outline = None
            flips.append(Timeline([sprite.flip(self.dur(0.3), face_up=False), Call(clear)]))
        if not flips:
            return None
        self.flipped = None
        return Timeline([self._sound("flip"), Together(*flips), Wait(self.dur(0.06))])

    def _a_PredatorStruck(self, ev: R.PredatorStruck):
        sc = self.slots[ev.slot]
        name = CARD_NAMES[ev.card]
        who = self._name(ev.seat)
        self.anim_status = f"The {name} pounces on {'you' if who == 'You' else who}!"
        self.shout_over(f"The {name} pounces!",
                   f"{'You take' if who == 'You' else who + ' takes'} it: \u22121 point, and the turn ends",
                   1.6, ui.BAD, avoid=(ev.slot // R.COLS,))
        self.ctx.play("predator")
        if sc is None:
            return Wait(self.dur(1.0))
        sprite = sc.sprite
        sprite.outline = ui.BAD
        sprite.z = 5
        x = sprite.x
        shake = Timeline([Tween(sprite, self.dur(0.05), ease_out_cubic, x=x - 10),
                          Tween(sprite, self.dur(0.08), ease_out_cubic, x=x + 10),
                          Tween(sprite, self.dur(0.08), ease_out_cubic, x=x - 8),
                          Tween(sprite, self.dur(0.08), ease_out_cubic, x=x + 6),
                          Tween(sprite, self.dur(0.05), ease_out_cubic, x=x)])
        toward_middle = (1 - ev.slot // R.COLS) * 40   # it leaps out towards the middle
        return Timeline([Tween(sprite, self.dur(0.32), ease_out_back, scale=1.28, lift=0.7,
                               y=sprite.y + toward_middle),
                         shake, Wait(self.dur(0.5))])

    def _a_PairMatched(self, ev: R.PairMatched):
        who = self._name(ev.seat)
        fam = FAMILIES[ev.family]
        self.anim_status = f"A match! {'You keep' if who == 'You' else who + ' keeps'} two {fam}"
        self.shout_over("A match!", f"Two {fam} fly to {'your' if who == 'You' else who + chr(39) + 's'} hand",
                   1.2, ui.GOOD, avoid=tuple(s // R.COLS for s in ev.slots))
        self.ctx.play("chirp")
        pops = []
        for s in ev.slots:
            sc = self.slots[s]
            if sc is not None:
                sc.sprite.outline = ui.GOOD
                pops.append(Tween(sc.sprite, self.dur(0.25), ease_out_back, scale=1.08, lift=0.8))
        return Timeline([Together(*pops) if pops else Wait(0), Wait(self.dur(0.45))])

    def _a_NoMatch(self, ev: R.NoMatch):
        self.anim_status = "No match: both cards turn back down"
        for s in ev.slots:
            sc = self.slots[s]
            if sc is not None:
                sc.sprite.outline = ui.BAD
        self.ctx.play("tap")
        return Wait(self.dur(0.75))   # the beat in which everyone remembers them

    # cards moving
    def _a_taken(self, run: list):
        moves = [self._take_move(ev) for ev in run]
        moves = [m for m in moves if m is not None]
        self.ctx.play("slide")
        return Together(*moves) if moves else None

    def _a_CardTaken(self, ev: R.CardTaken):
        move = self._take_move(ev)
        self.ctx.play("slide")
        return move

    def _take_move(self, ev: R.CardTaken):
        sc = self.slots[ev.slot]
        if sc is None:
            return None
        self.slots[ev.slot] = None
        if self.flipped == ev.slot:
            self.flipped = None
        sprite = sc.sprite
        sprite.key = ev.card
        sprite.face = self.cards.face(ev.card)
        sprite.face_up = True
        self.air.append(sprite)
        family = CARD_FAMILY[ev.card]
        if ev.seat == self.hand_seat:
            target = self.group_pos(family, self.hand + [ev.card])
            scale = MINI[0] / CARD[0]
        else:
            target = self.plate_target(ev.seat)
            scale = TINY[0] / CARD[0]

        def land() -> None:
            self._drop_air(sprite)
            sprite.outline = None
            if ev.seat == self.hand_seat:
                self.hand.append(ev.card)
            self.hand_sizes[ev.seat] += 1
            self.open_fams[ev.seat].append((family, True))
            self.ctx.play("tap")
        return Timeline([self._fly(sprite, target, 0.45, scale, lift=0.9), Call(land)])

    def _a_OptionChosen(self, ev: R.OptionChosen):
        self.chosen = ev.option
        who = self._name(ev.seat)
        title, _ = self._option_text(ev.option)
        self.anim_status = f"{who} {'choose' if who == 'You' else 'chooses'} {ev.option}: {title}"
        self.ctx.play("tap")
        self.panel_pulse = 0.0
        return Timeline([Tween(self, self.dur(0.26), ease_out_back, panel_pulse=1.0),
                         Wait(self.dur(0.06))])

    def _a_CardPicked(self, ev: R.CardPicked):
        if ev.seat == self.hand_seat and ev.card >= 0:
            self.picked_family = CARD_FAMILY[ev.card]
        return None

    def _a_CardPlaced(self, ev: R.CardPlaced):
        mine = ev.seat == self.hand_seat and ev.card >= 0
        target = self.slot_center(ev.slot)
        back = self.cards.back()
        if mine:
            family = CARD_FAMILY[ev.card]
            start = self.group_pos(family, self.hand)
            if ev.card in self.hand:
                self.hand.remove(ev.card)
            sprite = CardSprite(self.cards.face(ev.card), back, start, True, key=ev.card)
            sprite.scale = MINI[0] / CARD[0]
            memory = (family, "yours")
        else:
            sprite = CardSprite(back, back, self.plate_target(ev.seat), False)
            sprite.scale = TINY[0] / CARD[0]
            memory = None
        self.picked_family = None
        self.hand_sizes[ev.seat] = max(0, self.hand_sizes[ev.seat] - 1)
        self.air.append(sprite)
        who = self._name(ev.seat)
        self.anim_status = (f"{who} hide{'' if who == 'You' else 's'} a card at "
                            f"{R.slot_label(ev.slot)}")
        self.ctx.play("slide")
        sc = SlotCard(sprite, ev.card if mine else None, memory, (self._colour(ev.seat),))
        moves = [self._fly(sprite, target, 0.45, 1.0, lift=0.8)]
        if mine:
            moves.append(Timeline([Wait(self.dur(0.12)), sprite.flip(self.dur(0.3), face_up=False)]))

        def land() -> None:
            self._drop_air(sprite)
            self.slots[ev.slot] = sc
            self.ctx.play("tap")
        return Timeline([Together(*moves), Call(land), Wait(self.dur(0.05))])

    def _a_CardsDrawn(self, ev: R.CardsDrawn):
        deck = self.deck_center()
        mine = ev.seat == self.hand_seat
        moves = []
        who = self._name(ev.seat)
        self.anim_status = f"{who} draw{'' if who == 'You' else 's'} {len(ev.cards)} from the deck"
        self.ctx.play("deal")
        hand_after = list(self.hand)
        for k, card in enumerate(ev.cards):
            known = mine and card >= 0
            if known:
                hand_after.append(card)
                sprite = CardSprite(self.cards.face(card), self.cards.back(), deck, False, key=card)
                target = self.group_pos(CARD_FAMILY[card], hand_after)
                scale = MINI[0] / CARD[0]
            else:
                sprite = CardSprite(self.cards.back(), self.cards.back(), deck, False)
                target = self.plate_target(ev.seat)
                scale = TINY[0] / CARD[0]

            def leave(sprite=sprite) -> None:
                self.deck_count = max(0, self.deck_count - 1)
                self.air.append(sprite)

            def land(sprite=sprite, card=card, known=known) -> None:
                self._drop_air(sprite)
                if known:
                    self.hand.append(card)
                self.hand_sizes[ev.seat] += 1
                self.ctx.play("deal")
            parts = [self._fly(sprite, target, 0.45, scale)]
            if known:
                parts.append(Timeline([Wait(self.dur(0.15)), sprite.flip(self.dur(0.3), face_up=True)]))
            moves.append(Timeline([Wait(self.dur(0.12) * k), Call(leave), Together(*parts), Call(land)]))
        return Timeline([Together(*moves), Wait(self.dur(0.1))])

    def _a_RowMigrated(self, ev: R.RowMigrated):
        if not ev.slots:
            return None
        n = len(ev.slots)
        self.shout_over("Migration!", f"{n} bird{'s fly' if n != 1 else ' flies'} into the empty row "
                   f"{ev.row + 1}", 1.4, avoid=(ev.row,))
        self.anim_status = f"Migration: row {ev.row + 1} fills from the deck"
        self.ctx.play("shuffle")
        deck = self.deck_center()
        moves = []
        for k, slot in enumerate(ev.slots):
            back = self.cards.back()
            sprite = CardSprite(back, back, deck, False)
            sc = SlotCard(sprite, None, None, ())

            def leave(sprite=sprite) -> None:
                self.deck_count = max(0, self.deck_count - 1)
                self.air.append(sprite)

            def land(slot=slot, sc=sc) -> None:
                self._drop_air(sc.sprite)
                self.slots[slot] = sc
                self.ctx.play("deal")
            moves.append(Timeline([Wait(self.dur(0.1) * k), Call(leave),
                                   self._fly(sprite, self.slot_center(slot), 0.4, 1.0), Call(land)]))
        return Timeline([Together(*moves), Wait(self.dur(0.3))])

    def _a_HandsRevealed(self, ev: R.HandsRevealed):
        self.final_scores = ev.scores
        self.shout_over("The deck is empty!", "The game ends at once: every hand is scored", 1.5)
        self.anim_status = "The deck is empty: the game is over"
        return Wait(self.dur(1.5))

    # -- the human's choices ------------------------------------------------------------------
    def begin_turn(self) -> None:
        legal = self.state.legal_actions()
        while self.chain:
            action = self.chain.pop(0)
            if action in legal:
                self.submit(action)
                return
            self.chain = []   # the table changed under the plan (cannot happen; be safe)
        phase = self.shown.phase
        if phase == R.FLIP:
            self.plan_c = []
            self._flip_step()
        elif phase == R.ACTION:
            self.plan_c = []
            self._action_step()
        elif phase == R.FLIP_SECOND:
            self._second_step(back=False)
        elif phase == R.B_CARD:
            self._b_step(back=False)
        elif phase in (R.C_CARD, R.C_SPACE):
            self._c_resume()
        else:
            self.step = ""
            self.picker = None

    def _slot_options(self, slots, label: str) -> list[Option]:
        return [Option(self.slot_rect(s), ("slot", s), label) for s in slots]

    def _focus_slot(self, picker: Picker, prefer: int | None) -> None:
        """Focus ``prefer`` if it can be chosen, else the middle of the Wild, else the first."""
        for slot in (prefer, 7):
            if slot is not None and any(o.value == ("slot", slot) for o in picker.options):
                picker.focus_value(("slot", slot))
                return

    def _flip_step(self) -> None:
        self.step = "flip"
        slots = [s for s, sc in enumerate(self.slots) if sc is not None and not sc.sprite.face_up]
        self.picker = Picker(self._slot_options(slots, "Flip this card"),
                             lambda v: self.submit(R.Flip(v[1])), ctx=self.ctx, radius=16)
        self._focus_slot(self.picker, 7)

    def _allowed(self) -> dict[str, bool]:
        legal = self.state.legal_actions()
        return {o: R.Choose(o) in legal for o in R.OPTIONS}

    def _action_step(self, focus: str | None = None) -> None:
        self.step = "action"
        self.plan_c = []
        allowed = self._allowed()
        rects = self.action_rects()
        options = [Option(rects[o], o, f"Choose {o}", enabled=allowed[o]) for o in R.OPTIONS]
        self.picker = Picker(options, self._pick_option, ctx=self.ctx, radius=20)
        if focus is not None:
            self.picker.focus_value(focus)

    def _pick_option(self, letter) -> None:
        if letter == "A":
            self._second_step()
        elif letter == "B":
            self._b_step()
        else:
            self._c_card_step()

    def _second_step(self, back: bool = True) -> None:
        self.step = "second"
        first = self.shown.flipped
        slots = [s for s, sc in enumerate(self.slots)
                 if sc is not None and s != first and not sc.sprite.face_up]
        self.picker = Picker(self._slot_options(slots, "Flip it"), self._pick_second,
                             on_back=(lambda: self._action_step("A")) if back else None,
                             ctx=self.ctx, radius=16)
        self._focus_slot(self.picker, first + 1 if first is not None and first % R.COLS < 4 else first)

    def _pick_second(self, value) -> None:
        if self.shown.phase == R.ACTION:
            self.chain = [R.Flip(value[1])]
            self.submit(R.CHOOSE_A)
        else:
            self.submit(R.Flip(value[1]))

    def preview_hand(self) -> list[int]:
        """The hand as the current step's plan would leave it (B: the flipped card in;
        C: the cards already planned out)."""
        hand = list(self.hand)
        if self.step == "b_card" and self.shown.phase == R.ACTION and self.flipped is not None:
            sc = self.slots[self.flipped]
            if sc is not None and sc.card is not None:
                hand.append(sc.card)
        if self.step in ("c_card", "c_space"):
            for family, _ in self.plan_c:
                card = next((c for c in hand if CARD_FAMILY[c] == family), None)
                if card is not None:
                    hand.remove(card)
        return hand

    def _hand_options(self, label: str, allowed: set[int] | None = None) -> list[Option]:
        groups = self.groups_of(self.preview_hand())
        rects = self.group_layout(groups)
        options = []
        for (family, count), rect in zip(groups, rects):
            box = rect.inflate(0, 12).move(0, -HAND_LIFT // 2)
            ok = count > 0 and (allowed is None or family in allowed)
            options.append(Option(box, ("family", family), label, enabled=ok))
        return options

    def _b_step(self, back: bool = True) -> None:
        self.step = "b_card"
        self.picker = Picker(self._hand_options("Hide this card there"), self._pick_b,
                             on_back=(lambda: self._action_step("B")) if back else None,
                             ctx=self.ctx, radius=16)

    def _pick_b(self, value) -> None:
        family = value[1]
        if self.shown.phase == R.ACTION:
            self.chain = [R.PickCard(family)]
            self.submit(R.CHOOSE_B)
        else:
            self.submit(R.PickCard(family))

    def c_needed(self) -> int:
        """Cards to hide in C: two, or one when a single card is left in the deck (FF-4)."""
        return 2 if self.shown.deck_size >= 2 else 1

    def _c_card_step(self, focus: int | None = None) -> None:
        self.step = "c_card"
        self.picker = Picker(self._hand_options("Hide this card"), self._pick_c_card,
                             on_back=self._c_back_from_card, ctx=self.ctx, radius=16)
        if focus is not None:
            self.picker.focus_value(("family", focus))

    def _pick_c_card(self, value) -> None:
        self.plan_c.append([value[1], None])
        self._c_space_step()

    def _c_back_from_card(self) -> None:
        if self.plan_c:          # undo the last space chosen
            self.plan_c[-1][1] = None
            self._c_space_step()
        elif self.shown.phase == R.ACTION:
            self._action_step("C")
        else:                    # mid-C after a resume: nothing planned to undo
            self._c_card_step()

    def _free_spaces(self) -> list[int]:
        used = {slot for _, slot in self.plan_c if slot is not None}
        return [s for s in range(R.SLOTS) if self.slots[s] is None and s not in used]

    def _c_space_step(self) -> None:
        self.step = "c_space"
        self.picker = Picker(self._slot_options(self._free_spaces(), "Hide it here"),
                             self._pick_c_space, on_back=self._c_back_from_space,
                             ctx=self.ctx, radius=16)

    def _c_back_from_space(self) -> None:
        family = self.plan_c.pop()[0]
        self._c_card_step(focus=family)

    def _pick_c_space(self, value) -> None:
        self.plan_c[-1][1] = value[1]
        if len(self.plan_c) < self._c_total():
            self._c_card_step()
            return
        plan = [a for family, slot in self.plan_c for a in (R.PickCard(family), R.PickSpace(slot))]
        if self.shown.phase == R.ACTION:
            self.chain = plan
            self.submit(R.CHOOSE_C)
        else:
            self.chain = plan[1:]
            self.submit(plan[0])

    def _c_total(self) -> int:
        """How many cards this C still hides, counting from where the plan starts."""
        if self.shown.phase == R.ACTION:
            return self.c_needed()
        return self.shown.c_left

    def _c_resume(self) -> None:
        """Mid-C (e.g. a chain interrupted): ask for what the rules ask now."""
        self.plan_c = []
        if self.shown.phase == R.C_SPACE and self.picked_family is not None:
            self.plan_c = [[self.picked_family, None]]
            self.step = "c_space"
            self.picker = Picker(self._slot_options(self._free_spaces(), "Hide it here"),
                                 lambda v: self.submit(R.PickSpace(v[1])), ctx=self.ctx, radius=16)
        else:
            self._c_card_step()

    def show_hint(self, action) -> None:
        """Focus the hint's option: a card of the Wild, one of A/B/C (back at step 2's
        choice if a plan was under way), a family of the hand, an empty space."""
        if self.picker is None:
            return
        if isinstance(action, R.Choose):
            if self.step != "action":
                self._action_step(action.option)
            else:
                self.picker.focus_value(action.option)
        elif isinstance(action, (R.Flip, R.PickSpace)):
            self.picker.focus_value(("slot", action.slot))
        elif isinstance(action, R.PickCard):
            self.picker.focus_value(("family", action.family))

    # -- words on screen ---------------------------------------------------------------------
    def _option_text(self, letter: str) -> tuple[str, str]:
        title, sub = OPTION_TEXT[letter]
        if letter == "C" and self.shown.deck_size == 1:
            title, sub = "Hide 1, draw 1", "Only one card is left"
        return title, sub

    def _flipped_card(self) -> int | None:
        f = self.flipped if self.flipped is not None else self.shown.flipped
        if f is None or self.slots[f] is None:
            return None
        return self.slots[f].card

    def status(self) -> str:
        if self.animator.busy:
            return self.anim_status
        v = self.shown
        seat = self.state.current_player
        if seat is None:
            return "Game over"
        name = self.names[seat]
        human = self.is_human(seat) and self.turn_ready
        step = self.step if human else ""
        flipped = self._flipped_card()
        if step == "flip":
            return "Step 1: flip any card in the Wild" + self._memory_note()
        if step == "action":
            return "Step 2: choose A, B or C"
        if step == "second":
            fam = family_name(CARD_FAMILY[flipped]) if flipped is not None else "family"
            return f"A: find another {fam}" + self._memory_note()
        if step == "b_card":
            return "B: which card goes face down in its place?"
        if step == "c_card":
            k = len(self.plan_c) + 1
            total = self._c_total()
            return f"C: choose a card to hide ({k} of {total})" if total > 1 else "C: choose a card to hide"
        if step == "c_space":
            return "C: choose an empty space (a nest) for it"
        if v.phase == R.FLIP:
            return f"{name}'s turn: step 1, flip a card"
        if v.phase == R.ACTION:
            return f"{name} chooses A, B or C"
        if v.phase == R.FLIP_SECOND:
            return f"{name} flips a second card"
        if v.phase == R.B_CARD:
            return f"{name} hides a card where the bird was"
        if v.phase in (R.C_CARD, R.C_SPACE):
            return f"{name} hides cards in empty spaces"
        return ""

    def _memory_note(self) -> str:
        """With the memory aid on: what the viewer knows of the focused card."""
        if not self.ctx.settings.memory_aid:
            return ""
        value = self.focused
        if not (isinstance(value, tuple) and value[0] == "slot"):
            return ""
        sc = self.slots[value[1]]
        if sc is None or sc.memory is None:
            return ""
        family, kind = sc.memory
        what = "a predator" if family == PREDATOR else FAMILIES[family]
        return f"   \u00b7   you {'hid' if kind == 'yours' else 'saw'} {what} here"

    def prompts(self):
        step = self.step
        value = self.focused
        if step == "flip":
            return ((Act.CONFIRM, "Flip this card"), (Act.RIGHT, "Move"), (Act.PAUSE, "Pause"))
        if step == "action":
            if value in R.OPTIONS:
                label = f"Choose {value}"
                if self.picker is not None and self.picker.focused is not None \
                        and not self.picker.focused.enabled:
                    label = f"{value} is not allowed"
                return ((Act.CONFIRM, label), (Act.DOWN, "Move"), (Act.PAUSE, "Pause"))
            return ((Act.CONFIRM, "Choose"), (Act.PAUSE, "Pause"))
        if step == "second":
            return ((Act.CONFIRM, "Flip it"), (Act.BACK, "Back"), (Act.PAUSE, "Pause"))
        if step in ("b_card", "c_card"):
            what = "this card"
            if isinstance(value, tuple) and value[0] == "family":
                what = "a predator" if value[1] == PREDATOR else f"one of your {FAMILIES[value[1]]}"
            label = f"Hide {what} there" if step == "b_card" else f"Hide {what}"
            return ((Act.CONFIRM, label), (Act.BACK, "Back"), (Act.PAUSE, "Pause"))
        if step == "c_space":
            return ((Act.CONFIRM, "Hide it here"), (Act.BACK, "Back"), (Act.PAUSE, "Pause"))
        return ((Act.PAUSE, "Pause"),)

    # -- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.animator.busy:
            return
        value = self.focused
        k = min(1.0, dt * 14)
        for s, sc in enumerate(self.slots):
            if sc is None or s == self.flipped:
                continue
            target = 0.45 if value == ("slot", s) else 0.0
            if abs(sc.sprite.lift - target) > 0.002:
                sc.sprite.lift += (target - sc.sprite.lift) * k
        for family in list(self.hand_lift) + ([value[1]] if isinstance(value, tuple)
                                               and value[0] == "family" else []):
            target = 1.0 if value == ("family", family) else 0.0
            cur = self.hand_lift.get(family, 0.0)
            cur += (target - cur) * k
            if cur < 0.01 and target == 0.0:
                self.hand_lift.pop(family, None)
            else:
                self.hand_lift[family] = cur

    # -- drawing ------------------------------------------------------------------------------
    def felt_key(self) -> object:
        return self.bonus, self.cards.patterns

    def paint_felt(self, surface: pygame.Surface) -> None:
        """What does not change while a game is played, baked into the backdrop: the
        slots' outlines, the panel behind the hand, the bonus families."""
        frame = self.cards.slot_frame()
        for s in range(R.SLOTS):
            surface.blit(frame, self.slot_rect(s))
        hand = pygame.Rect(self.layout.get("hand").rect)
        surface.blit(ui.panel(hand.size, (12, 18, 24), 20, alpha=150), hand)
        self.draw_bonus(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_deck(surface)
        self.draw_actions(surface)
        self.draw_wild(surface)
        self.draw_hand(surface)
        human = self.human_deciding
        if human:
            self.draw_preview(surface)
            self.draw_focus(surface)

    def draw_wild(self, surface: pygame.Surface) -> None:
        nest = self.cards.nest()
        aid = bool(self.ctx.settings.memory_aid)
        back = self.cards.back()
        lifted = []
        self._leaping = []
        taken = self.flipped if self.previewing_b() else None
        for s, sc in enumerate(self.slots):
            if s == taken:     # B's preview: it is in the hand now, its space shows the ghost
                continue
            if sc is None:
                cx, cy = self.slot_center(s)
                surface.blit(nest, nest.get_rect(center=(cx, cy + 24)))
                continue
            sprite = sc.sprite
            if aid and (sc.memory is not None or sc.knowers):
                sprite.back = self.cards.back(memory=sc.memory, knowers=sc.knowers)
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

    def _draw_resting(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """A card lying still: its shadow and its picture, without the sprite's general
        path (scaling, squashing, tinting) that a resting card never needs."""
        if not sprite.visible:
            return
        img = sprite.face if sprite.face_up else sprite.back
        w, h = img.get_size()
        x, y = int(sprite.x) - w // 2, int(sprite.y) - h // 2
        surface.blit(card_shadow((w, h), sprite.radius), (x - 2, y - 2))
        surface.blit(img, (x, y))
        if sprite.outline is not None:
            pygame.draw.rect(surface, sprite.outline, pygame.Rect(x - 4, y - 4, w + 8, h + 8), 5,
                             border_radius=sprite.radius + 4)

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.picker is None or self.picker.focused is None:
            return
        option = self.picker.focused
        value = option.value
        rect = option.rect
        if isinstance(value, tuple) and value[0] == "slot":
            sc = self.slots[value[1]]
            if sc is not None:
                rect = sc.sprite.rect
        elif isinstance(value, tuple) and value[0] == "family":
            rect = rect.move(0, -int(self.hand_lift.get(value[1], 0.0) * HAND_LIFT) + HAND_LIFT // 2)
            rect.h -= 12
        ui.draw_focus_ring(surface, rect, self.ctx.pulse, 16, ui.ACCENT if option.enabled else ui.BAD)

    def previewing_b(self) -> bool:
        """The human is choosing B's card: the flipped card shows as already taken."""
        return (self.step == "b_card" and self.flipped is not None and self.turn_ready
                and not self.animator.busy and self.shown.phase == R.ACTION)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """Ghosts of what the step-2 plan would do, before anything is sent: the card that
        would lie face down in each space (as the viewer's own mark shows it)."""
        value = self.focused
        if self.previewing_b():
            if isinstance(value, tuple) and value[0] == "family":
                self._ghost_at(surface, value[1], self.flipped, focus=True, label="hidden here")
            return
        if self.step in ("c_card", "c_space"):
            for family, slot in self.plan_c:
                if slot is not None:
                    self._ghost_at(surface, family, slot)
            if self.step == "c_space" and isinstance(value, tuple) and value[0] == "slot" and self.plan_c:
                self._ghost_at(surface, self.plan_c[-1][0], value[1], focus=True)
            return
        if self.step == "action" and self.flipped is not None:
            rect = self.slot_rect(self.flipped)
            # above the card; on the top row, where the status line would cover it, inside
            spot = (rect.centerx, rect.y - 4 if self.flipped >= R.COLS else rect.y + 46)
            if value == "B":
                self._tag(surface, "into your hand", spot, ui.GOOD)
            elif value == "C" and self._allowed()["C"]:
                for s in self._free_spaces():
                    pygame.draw.rect(surface, ui.ACCENT, self.slot_rect(s).inflate(-6, -6), 3,
                                     border_radius=14)
                self._tag(surface, "turns back down", spot, ui.ACCENT)
            elif value == "A" and self._allowed()["A"]:
                self._tag(surface, "find its pair", spot, ui.ACCENT)

    def _ghost_at(self, surface, family: int, slot: int, focus: bool = False,
                  label: str = "face down") -> None:
        rect = self.slot_rect(slot)
        marked = self.cards.back(memory=(family, "yours"))
        ghost = self.cards.ghost(marked, 235 if focus else 150)
        surface.blit(ghost, rect)
        pygame.draw.rect(surface, ui.ACCENT, rect.inflate(8, 8), 5 if focus else 3, border_radius=18)
        self._tag(surface, label, (rect.centerx, rect.y + 46), ui.ACCENT)

    def _tag(self, surface, text: str, midbottom, fill) -> None:
        txt = self.ctx.assets.text(text, 28, (24, 20, 12), "bold")
        box = txt.get_rect(midbottom=midbottom).inflate(18, 2)
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, (20, 20, 24), box, 2, border_radius=box.h // 2)
        surface.blit(txt, txt.get_rect(center=box.center))

    def draw_hand(self, surface: pygame.Surface) -> None:
        anchor = pygame.Rect(self.layout.get("hand").rect)
        if self.hand_seat is None:
            note = self.ctx.assets.text("Watching: every seat is played by the computer", 32,
                                        ui.TEXT_MUTED, "bold")
            surface.blit(note, note.get_rect(center=anchor.center))
            return
        human = self.human_deciding
        cards = self.preview_hand() if human else self.hand
        groups = self.groups_of(cards)
        rects = self.group_layout(groups)
        score = R.score_counts(self._counts(self.hand), *self.bonus)
        surface.blit(self._score_box(len(self.hand), score), (anchor.x, anchor.y))
        incoming = None
        if self.previewing_b():
            sc = self.slots[self.flipped]
            incoming = CARD_FAMILY[sc.card] if sc is not None and sc.card is not None else None
        enabled = {}
        if human and self.picker is not None and self.step in ("b_card", "c_card"):
            enabled = {o.value[1]: o.enabled for o in self.picker.options
                       if isinstance(o.value, tuple) and o.value[0] == "family"}
        tops = []
        for (family, count), rect in zip(groups, rects):
            lift = self.hand_lift.get(family, 0.0)
            if self.picked_family == family:
                lift = 1.0
            y = rect.y - int(lift * HAND_LIFT)
            img = self.cards.mini(family)
            for k in range(min(count, 4) - 1, 0, -1):
                surface.blit(img, (rect.x + k * FAN, y - k * 3))
            surface.blit(img, (rect.x, y))
            if enabled and not enabled.get(family, True):
                surface.blit(self._shade(MINI), (rect.x, y))
            tops.append((family, count, rect, y))
        for family, count, rect, y in tops:   # counts on top: a squeezed hand hides no number
            surface.blit(self._count_badge(family, count), (rect.right - 24, y - 12))
            if family == incoming:
                self._tag(surface, "+1 new", (rect.centerx, y + MINI[1] - 6), ui.GOOD)

    @staticmethod
    def _counts(cards) -> list[int]:
        counts = [0] * (len(FAMILIES) + 1)
        for c in cards:
            counts[CARD_FAMILY[c]] += 1
        return counts

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
            surf = pygame.Surface((44, 44), pygame.SRCALPHA)
            pygame.draw.circle(surf, (20, 20, 24), (22, 22), 21)
            pygame.draw.circle(surf, (255, 255, 255), (22, 22), 18)
            txt = self.ctx.assets.text(str(count), 30, (30, 24, 34), "title")
            surf.blit(txt, txt.get_rect(center=(22, 23)))
            self._cache.put(key, surf)
        return surf

    def _score_box(self, count: int, score: int) -> pygame.Surface:
        key = ("score", count, score)
        surf = self._cache.get(key)
        if surf is None:
            a = self.ctx.assets
            surf = pygame.Surface((200, 156), pygame.SRCALPHA)
            head = a.text(f"Your {count} card{'s' if count != 1 else ''}", 28, ui.TEXT_MUTED, "bold")
            surf.blit(head, head.get_rect(midtop=(100, 10)))
            num = a.text(str(score), 56, ui.ACCENT, "title")
            surf.blit(num, num.get_rect(midtop=(100, 40)))
            pts = a.text(f"point{'s' if score not in (1, -1) else ''}", 28, ui.TEXT, "body")
            surf.blit(pts, pts.get_rect(midtop=(100, 112)))
            self._cache.put(key, surf)
        return surf

    def draw_deck(self, surface: pygame.Surface) -> None:
        anchor = pygame.Rect(self.layout.get("deck").rect)
        key = ("deck", self.deck_count, anchor.size)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._deck_picture(anchor.size)
            self._cache.put(key, surf)
        surface.blit(surf, anchor)

    def _deck_picture(self, size) -> pygame.Surface:
        a = self.ctx.assets
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (12, 18, 24, 150), rect, border_radius=20)
        cx, cy = 24 + 60, rect.h // 2
        back = self.cards.back((120, 168))
        layers = min(5, (self.deck_count + 5) // 6)
        card = back.get_rect(center=(cx, cy))
        if self.deck_count:
            for i in range(layers, 0, -1):
                surf.blit(ui.panel(card.size, (36, 40, 70), 12, (90, 96, 130), 2), card.move(3 * i, 3 * i))
            surf.blit(back, card)
        else:
            pygame.draw.rect(surf, (90, 120, 110), card, 4, border_radius=12)
        x = 180
        title = a.text("Deck", 32, ui.TEXT_MUTED, "bold")
        surf.blit(title, (x, 26))
        low = self.deck_count <= 5
        num = a.text(str(self.deck_count), 64, ui.BAD if low else ui.TEXT, "title")
        surf.blit(num, (x, 60))
        unit = a.text(f"card{'s' if self.deck_count != 1 else ''} left", 28, ui.TEXT, "body")
        surf.blit(unit, (x + num.get_width() + 10, 60 + num.get_height() - unit.get_height() - 8))
        for i, line in enumerate(("The game ends", "when it is empty")):
            t = a.text(line, 28, ui.BAD if low else ui.TEXT_MUTED, "body")
            surf.blit(t, (x, 150 + i * 32))
        return surf

    def draw_bonus(self, surface: pygame.Surface) -> None:
        anchor = pygame.Rect(self.layout.get("bonus").rect)
        key = ("bonus", self.bonus, anchor.size, self.cards.patterns)
        surf = self._cache.get(key)
        if surf is None:
            a = self.ctx.assets
            surf = pygame.Surface(anchor.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (12, 18, 24, 150), surf.get_rect(), border_radius=20)
            half = anchor.w // 2
            for i, (family, extra) in enumerate(zip(self.bonus, (2, 1))):
                cx = half * i + half // 2
                token = self.cards.token(family, extra, 42)
                surf.blit(token, token.get_rect(midtop=(cx, 8)))
                name = self.cards._line(FAMILIES[family], 28, half - 16, ui.TEXT, "bold", 0.7) \
                    or a.text_fit(FAMILIES[family], 28, half - 16, ui.TEXT, "bold")
                surf.blit(name, name.get_rect(midbottom=(cx, anchor.h - 6)))
            self._cache.put(key, surf)
        surface.blit(surf, anchor)

    def draw_actions(self, surface: pygame.Surface) -> None:
        rects = self.action_rects()
        human = self.human_deciding
        choosing = human and self.step == "action"
        allowed = self._allowed() if choosing else {}
        for letter, rect in rects.items():
            if choosing:
                mode = "on" if allowed.get(letter) else "no"
            elif self.chosen == letter:
                mode = "chosen"
            elif self.chosen is not None or self.step in ("second", "b_card", "c_card", "c_space"):
                mode = "off"
            else:
                mode = "idle"
            if human and self.step in ("second", "b_card", "c_card", "c_space"):
                planned = {"second": "A", "b_card": "B", "c_card": "C", "c_space": "C"}[self.step]
                mode = "chosen" if letter == planned else "off"
            title, sub = self._option_text(letter)
            if mode == "no":
                sub = self._why_not(letter)
            colour = self._seat_rgb(self.turn_seat) if self.turn_seat is not None else ui.ACCENT
            img = self._option_button(letter, rect.size, mode, title, sub, colour)
            if mode == "chosen" and self.panel_pulse < 0.999 and self.animator.busy:
                grow = int((1.0 - abs(self.panel_pulse * 2 - 1)) * 8)
                pygame.draw.rect(surface, colour, rect.inflate(grow * 2, grow * 2), 4, border_radius=22)
            surface.blit(img, rect)

    def _why_not(self, letter: str) -> str:
        if letter == "A":
            return "No other card to flip"
        if letter != "C":
            return "Not allowed now"
        need = self.c_needed()
        if len(self.hand) < need:
            return f"Needs {need} cards in your hand"
        return f"Needs {need} empty space{'s' if need > 1 else ''}"

    def _option_button(self, letter, size, mode, title, sub, colour) -> pygame.Surface:
        key = ("opt", letter, tuple(size), mode, title, sub, colour if mode == "chosen" else None)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        a = self.ctx.assets
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        bright = mode in ("on", "chosen")
        fill = {"on": ui.PANEL_LIGHT, "chosen": ui.PANEL_LIGHT, "no": (36, 36, 44),
                "off": (24, 28, 38), "idle": ui.PANEL}[mode]
        pygame.draw.rect(surf, fill, rect, border_radius=18)
        if mode == "chosen":
            pygame.draw.rect(surf, colour, rect, 5, border_radius=18)
        tile = pygame.Rect(12, (rect.h - 56) // 2, 56, 56)   # a square tile, unlike a pad button
        tint = LETTER_FILL[letter] if mode in ("on", "chosen", "idle") else (80, 82, 92)
        pygame.draw.rect(surf, (20, 20, 24), tile.inflate(4, 4), border_radius=12)
        pygame.draw.rect(surf, tint, tile, border_radius=10)
        lt = a.text(letter, 40, ink_on(tint), "title")
        surf.blit(lt, lt.get_rect(center=tile.center))
        text_colour = ui.TEXT if bright or mode == "idle" else ui.TEXT_DIM
        t1 = a.text_fit(title, 32, rect.w - 96, text_colour, "bold")
        t2 = a.text_fit(sub, 28, rect.w - 96, ui.BAD if mode == "no" else
                        (ui.TEXT_MUTED if mode != "off" else ui.TEXT_DIM))
        surf.blit(t1, (84, 4))
        surf.blit(t2, (84, rect.h - t2.get_height() - 4))
        if mode == "no":
            pygame.draw.line(surf, ui.BAD, (tile.x + 8, tile.y + 8), (tile.right - 8, tile.bottom - 8), 5)
        self._cache.put(key, surf)
        return surf

    # -- seat plates ----------------------------------------------------------------------------
    def plate_key(self, seat: int) -> object:
        size = self.hand_sizes[seat] if seat < len(self.hand_sizes) else 0
        opens = tuple(self.open_fams[seat]) if seat < len(self.open_fams) else ()
        score = None
        if self.final_scores is not None:
            score = self.final_scores[seat]
        elif seat == self.hand_seat:
            score = R.score_counts(self._counts(self.hand), *self.bonus)
        return size, opens, score

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """A plate's details: hand size, the cards the table saw it take, its score."""
        count, opens, score = self.plate_key(seat)
        a = self.ctx.assets
        back = self.cards.back(TINY)
        x0, y = rect.x, rect.y + 56
        for i in range(min(count, 3) - 1, -1, -1):
            surface.blit(back, (x0 + 16 + i * 6, y - i * 2))
        txt = a.text(str(count), 32, ui.TEXT, "bold")
        spot = txt.get_rect(midleft=(x0 + 16 + TINY[0] + 18, y + TINY[1] // 2))
        surface.blit(txt, spot)
        x = max(x0 + 100, spot.right + 12)
        if score is not None:
            pts = a.text(f"{score} pt{'s' if score != 1 else ''}", 32, ui.ACCENT, "bold")
            surface.blit(pts, pts.get_rect(midright=(rect.right - 16, y + TINY[1] // 2)))
            right = rect.right - 24 - pts.get_width()
        else:
            right = rect.right - 12
        # the cards this seat took face up (solid) or may have hidden again (hollow)
        seen: dict[tuple[int, bool], int] = {}
        for family, certain in opens:
            seen[(family, certain)] = seen.get((family, certain), 0) + 1
        r = 15
        for (family, certain), n in sorted(seen.items(), key=lambda kv: (not kv[0][1], kv[0][0])):
            if x + 2 * r + 4 > right:
                more = a.text("\u2026", 28, ui.TEXT_MUTED, "bold")
                surface.blit(more, (x, y + 4))
                break
            chip = self.cards.chip(family, r, hollow=not certain)
            surface.blit(chip, (x, y + 4))
            x += chip.get_width() + 2
            if n > 1:
                num = a.text(f"{n}", 28, ui.TEXT, "bold")
                surface.blit(num, (x, y + 6))
                x += num.get_width() + 6

    # -- the log, cards in flight, call-outs ------------------------------------------------------
    def draw_on_top(self, surface: pygame.Surface) -> None:
        for sprite in self._leaping + self.air:   # over the plates, the log and the status
            sprite.draw(surface)

    shout_style = (56, 32, 780)   # call-outs fit over one row of the Wild

    def shout_over(self, title: str, sub: str = "", hold: float = 1.4, edge=ui.ACCENT,
                   avoid: tuple[int, ...] = ()) -> None:
        """A call-out over the row of the Wild furthest from the ``avoid`` rows in play."""
        row = max((1, 0, 2), key=lambda r: min((abs(r - a) for a in avoid), default=3))
        self.shout(title, sub, hold, edge, at=self.slot_center(row * R.COLS + 2), tint=True)
