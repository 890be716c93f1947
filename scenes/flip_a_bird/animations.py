"""How Flip a Bird's events play out on the table: one handler per event type.

Every handler is built only when the timeline reaches it (``lazy``), from the sprites as
the steps before it left them: a card lands in the row before the next one flies, a
face-down card has turned before the specials act on it. The claim plays out from its
events in one timeline: tip cards turn over together, the row's face-down cards one by
one, the specials act (removed cards drop out and grey, a doubled colour glows, a zeroed
colour greys), the counter climbs towards the limit, then the winners' cards fly to
their plates. Handlers say what is happening on the status line (``counts.status``) and
advance the display model (``counts``) as cards land.

The table's ``motion`` part: it reads the game part's sprites, ``geo`` (geometry),
``counts`` (the display model) and ``cards`` (the painter).
"""
from __future__ import annotations

from game.ai.explain import listing
from game.flip_a_bird import rules as R
from game.flip_a_bird.cards import CARDS, COLOURS, Card, colour_title
from game.i18n import _, ngettext, pgettext
from scenes.table.animations import Animations, on
from sprites import ui
from sprites.card import CardSprite
from scenes.flip_a_bird.geometry import TIP_ON_PLATE
from sprites.flip_a_bird_cards import CARD, MINI, TIP, TIP_MINI
from sprites.tween import (Call, Later, Timeline, Together, Tween, Wait, ease_out_back,
                           ease_out_cubic)

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


def listed(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C' (in the language shown)."""
    return listing(names)


class FlipABirdAnimations(Animations):
    lazy = True

    # -- the opening deal (from the view: the rules describe no deal) --------------------
    def deal_in(self) -> None:
        """Two cards fly to every seat, one after another, as if dealt."""
        n = self.t.match.num_players
        hands = [list(h) for h in self.game.counts.hands]
        self.game.counts.hands = [[] for _ in range(n)]
        mine = list(self.game.hand_cards)
        self.game.hand_cards = []
        start = self.game.geo.pile_center()
        moves = []
        k = 0
        for round_ in range(max((len(h) for h in hands), default=0)):
            for seat in range(n):
                if round_ >= len(hands[seat]):
                    continue
                delay = self.t.dur(0.07) * k
                k += 1
                if seat == self.game.hand_seat and round_ < len(mine):
                    sprite = mine[round_]
                    target = (sprite.x, sprite.y)
                    sprite.x, sprite.y = start
                    sprite.face_up = False
                    moves.append(Timeline([Wait(delay), Call(lambda s=sprite: self.game.air.append(s)),
                                           Together(sprite.move_to(target, self.t.dur(0.4)),
                                                    sprite.flip(self.t.dur(0.4), face_up=True)),
                                           Call(lambda s=sprite: self.land_hand(s))]))
                else:
                    open_back = hands[seat][round_]
                    size = self.game.cards.back(open_back, CARD).get_size()
                    sprite = CardSprite(self.game.cards.back(open_back), self.game.cards.back(open_back),
                                        start, False)
                    target = self.game.geo.plate_hand_pos(seat, round_)
                    moves.append(Timeline([
                        Wait(delay), Call(lambda s=sprite: self.game.air.append(s)),
                        sprite.move_to(target, self.t.dur(0.35), scale=MINI[0] / size[0]),
                        Call(lambda s=sprite, seat=seat, o=open_back: self.land_plate(s, seat, o))]))
        self.t.ctx.play("shuffle")
        self.sequence([Together(*moves)])
        self.t.dirty = True

    # -- landing and small steps -------------------------------------------------------
    def land_hand(self, sprite: CardSprite) -> None:
        if sprite in self.game.air:
            self.game.air.remove(sprite)
        self.game.hand_cards.append(sprite)

    def land_plate(self, sprite: CardSprite, seat: int, open_back: bool) -> None:
        if sprite in self.game.air:
            self.game.air.remove(sprite)
        self.game.counts.hands[seat].append(open_back)
        self.t.ctx.play("deal")

    def say(self, text: str) -> Call:
        """A step that puts ``text`` on the status line."""
        return Call(lambda: setattr(self.game.counts, "status", text))

    def sound(self, name: str) -> Call:
        return Call(lambda: self.t.ctx.play(name))

    def relayout(self, positions, size) -> list:
        """Moves that slide the row's cards to ``positions`` (and resize them)."""
        moves = []
        for rc, pos in zip(self.game.row_cards, positions):
            s = rc.sprite
            scale = size[0] / s.face.get_width()
            if (abs(s.x - pos[0]) > 0.5 or abs(s.y - pos[1]) > 0.5 or abs(s.scale - scale) > 0.01) \
                    and not rc.removed:
                moves.append(s.move_to(pos, self.t.dur(0.3), lift=0.0, scale=scale))
        return moves

    # -- drawing and playing -------------------------------------------------------------
    @on(R.CardDrawn)
    def card_drawn(self, ev: R.CardDrawn, rest) -> Timeline:
        start = self.game.geo.pile_center()
        self.game.counts.pile = ev.pile_size
        self.game.counts.pile_open = ev.next_open
        self.t.ctx.play("deal")
        back = self.game.cards.back(ev.open_back)
        if ev.seat == self.game.hand_seat:
            card = CARDS[ev.card]
            sprite = CardSprite(self.game.cards.face(card.face), back, start, False, key=card.id)
            ids = sorted([s.key for s in self.game.hand_cards] + [card.id])
            slots = self.game.geo.hand_layout(len(ids))
            moves = []
            for s in self.game.hand_cards:
                moves.append(s.move_to(slots[ids.index(s.key)], self.t.dur(0.3), lift=0.0))
            self.game.air.append(sprite)
            target = slots[ids.index(card.id)]
            moves.append(sprite.move_to(target, self.t.dur(0.42)))
            moves.append(
                Timeline([Wait(self.t.dur(0.1)), sprite.flip(self.t.dur(0.3), face_up=True)]))

            def land() -> None:
                self.land_hand(sprite)
                self.game.hand_cards.sort(key=lambda s: s.key)
            return Timeline([Together(*moves), Call(land)])
        sprite = CardSprite(back, back, start, False)
        self.game.air.append(sprite)
        held = len(self.game.counts.hands[ev.seat])
        target = self.game.geo.plate_hand_pos(ev.seat, held, held + 1)
        return Timeline([sprite.move_to(target, self.t.dur(0.38), scale=MINI[0] / CARD[0]),
                         Call(lambda: self.land_plate(sprite, ev.seat, ev.open_back))])

    @on(R.PileEmptied)
    def pile_emptied(self, ev: R.PileEmptied, rest) -> Wait:
        self.t.messages.shout(_("The draw pile is empty"),
                              _("Every card is now played face down"), 1.2)
        return Wait(self.t.dur(1.2))

    @on(R.CardPlayed)
    def card_played(self, ev: R.CardPlayed, rest) -> Timeline:
        card = CARDS[ev.card]
        positions, size, _gap = self.game.geo.row_layout(len(self.game.row_cards) + 1)
        known = ev.face_up or ev.seat == self.game.hand_seat
        mine = known and not ev.face_up
        sprite = next((s for s in self.game.hand_cards if s.key == ev.card), None)
        if sprite is not None:        # from the viewer's hand
            self.game.hand_cards.remove(sprite)
        else:                         # from a seat plate: its back, the size of a mini card
            hand = self.game.counts.hands[ev.seat]
            slot = max((i for i, o in enumerate(hand) if o == ev.open_back), default=len(hand) - 1)
            pos = self.game.geo.plate_hand_pos(ev.seat, max(slot, 0), len(hand))
            if 0 <= slot < len(hand):
                hand.pop(slot)
            back = self.game.cards.back(ev.open_back, size)
            face = self.game.cards.face(card.face, size) if known else back
            sprite = CardSprite(face, back, pos, False, key=card.id if known else None)
            sprite.scale = MINI[0] / size[0]
        end_scale = size[0] / sprite.face.get_width()
        self.game.air.append(sprite)
        row_card = RowCard(sprite, card if known else None, ev.open_back, ev.seat, mine, size)
        moves = [sprite.move_to(positions[-1], self.t.dur(0.45), lift=0.8, scale=end_scale)]
        if sprite.face_up != ev.face_up:
            moves.append(
                Timeline([Wait(self.t.dur(0.12)), sprite.flip(self.t.dur(0.3), face_up=ev.face_up)]))
        moves += self.relayout(positions, size)
        hand_slots = self.game.geo.hand_layout(len(self.game.hand_cards))
        moves += [s.move_to(p, self.t.dur(0.3), lift=0.0)
                            for s, p in zip(self.game.hand_cards, hand_slots)]

        def land() -> None:
            if sprite in self.game.air:
                self.game.air.remove(sprite)
            self.game.row_cards.append(row_card)
            self.t.ctx.play("flip" if ev.face_up else "tap")
        self.t.ctx.play("slide")
        who = self.game.name_of(ev.seat)
        self.game.counts.status = (_("{name} plays a card face up") if ev.face_up
                                   else _("{name} plays a card face down")).format(name=who)
        return Timeline([Together(*moves), Call(land)])

    @on(R.RowDiscarded)
    def row_discarded(self, ev: R.RowDiscarded, rest) -> Timeline:
        self.game.counts.status = _("All face up and over {limit} birds: the row is "
                                    "discarded").format(limit=ev.limit)

        def tell() -> None:
            self.t.messages.shout(_("The row is discarded"),
                                  _("All face up and {total} birds, over the limit of {limit}: "
                                    "{name}'s card starts a new row").format(
                                      total=ev.total, limit=ev.limit,
                                      name=self.game.name_of(ev.seat)), 2.0)
        old, kept = self.game.row_cards[:-1], self.game.row_cards[-1:]
        fades = []
        for k, rc in enumerate(old):
            s = rc.sprite
            fades.append(Timeline([Wait(self.t.dur(0.04) * k),
                                   Tween(s, self.t.dur(0.5), ease_out_cubic, y=s.y + 120, alpha=0)]))

        def drop_old() -> None:
            self.game.row_cards = kept

        def slide_kept():
            positions, size, _ = self.game.geo.row_layout(1)
            moves = self.relayout(positions, size)
            return Together(*moves) if moves else None
        return Timeline([Wait(self.t.dur(0.5)), self.sound("shuffle"), Together(*fades),
                         Call(drop_old), Call(tell), Later(slide_kept), Wait(self.t.dur(1.8))])

    @on(R.RowStarted)
    def row_started(self, ev: R.RowStarted, rest) -> None:
        self.game.counts.status = _("Row {number} begins with {name}").format(
            number=ev.number, name=self.game.name_of(ev.seat))

    # -- the claim: tips ---------------------------------------------------------------------
    @on(R.ClaimMade)
    def claim_made(self, ev: R.ClaimMade, rest) -> Timeline:
        self.game.counts.mode = "claim"
        self.game.counts.counter = 0
        claimant, accused = self.game.name_of(ev.claimant), self.game.name_of(ev.accused)
        self.t.messages.shout(_("{name} claims!").format(name=claimant),
                              _("More than {limit} birds in the row? {name} played "
                                "last.").format(limit=ev.limit, name=accused),
                              1.7, ui.BAD)
        self.game.counts.status = _("{claimant} says red, {accused} says green").format(
            claimant=claimant, accused=accused)
        self.t.ctx.play("predator")
        moves = []
        for seat, kind in ((ev.claimant, "red"), (ev.accused, "green")):
            sprite = self.game.tip_sprite(seat, kind)
            sprite.scale = TIP_MINI[0] / TIP[0]
            self.game.tip_sprites[seat] = sprite
            moves.append(Tween(sprite, self.t.dur(0.45), ease_out_back, scale=TIP_ON_PLATE))
        # the call-out is read before anyone tips (it lies where the tip buttons come)
        rest_of_it = max(self.t.dur(1.4), self.t.reading_time(1.7) - self.t.dur(0.45))
        return Timeline([Together(*moves), Wait(rest_of_it)])

    @on(R.TipPlaced)
    def tip_placed(self, ev: R.TipPlaced, rest) -> Timeline:
        seat = ev.seat
        kind = "down"
        if seat == self.game.hand_seat and self.game.my_tip is not None:  # your own, as you chose it
            kind = "red" if self.game.my_tip.red else "green"
        self.game.my_tip = None
        sprite = self.game.tip_sprite(seat, kind)
        sprite.scale = TIP_MINI[0] / TIP[0]
        self.game.tip_sprites[seat] = sprite
        self.t.ctx.play("tap")
        self.game.counts.status = _("{name} has tipped").format(name=self.game.name_of(seat))
        return Timeline([Tween(sprite, self.t.dur(0.3), ease_out_back, scale=TIP_ON_PLATE),
                         Wait(self.t.dur(0.2))])

    @on(R.TipsRevealed)
    def tips_revealed(self, ev: R.TipsRevealed, rest) -> Timeline:
        flips = []
        for seat, tip in enumerate(ev.tips):
            if tip is None:
                continue
            kind = "red" if tip else "green"
            sprite = self.game.tip_sprites.get(seat) or self.game.tip_sprite(seat, "down")
            self.game.tip_sprites[seat] = sprite
            sprite.face = self.game.cards.tip(kind)
            if not sprite.face_up:
                flips.append(sprite.flip(self.t.dur(0.4), face_up=True))
        reds = [self.game.name_of(s) for s, t in enumerate(ev.tips) if t is True]
        greens = [self.game.name_of(s) for s, t in enumerate(ev.tips) if t is False]
        comma = pgettext("list separator", ", ")
        self.game.counts.status = _("Red: {reds}   \u00b7   Green: {greens}").format(
            reds=comma.join(reds), greens=comma.join(greens))
        self.t.ctx.play("flip")
        return Timeline([Together(*flips) if flips else Wait(0), Wait(self.t.dur(0.9)),
                         self.say(_("Every card of the row turns face up"))])

    # -- the claim: the row turns up and the specials act -------------------------------------
    @on(R.CardFlipped)
    def card_flipped(self, ev: R.CardFlipped, rest) -> Timeline | None:
        if not 0 <= ev.index < len(self.game.row_cards):
            return None
        rc = self.game.row_cards[ev.index]
        card = CARDS[ev.card]
        rc.card = card
        rc.sprite.face = self.game.cards.face(card.face, rc.size)
        rc.sprite.key = card.id
        rc.mine = False
        self.t.ctx.play("flip")
        return Timeline([rc.sprite.flip(self.t.dur(0.32), face_up=True), Wait(self.t.dur(0.06))])

    def act(self, index: int, text: str) -> list:
        """A special card lights up (and the status says what it does)."""
        steps = [self.say(text), self.sound("chirp")]
        if 0 <= index < len(self.game.row_cards):
            rc = self.game.row_cards[index]
            steps.append(Tween(rc, self.t.dur(0.35), ease_out_back, glow=1.0))
        return steps

    def remove(self, indices) -> list:
        """The cards at ``indices`` drop out of the count, greyed."""
        moves = []
        for i in indices:
            if 0 <= i < len(self.game.row_cards):
                rc = self.game.row_cards[i]
                moves.append(Timeline([Call(lambda rc=rc: self.grey(rc, removed=True)),
                                       Tween(rc.sprite, self.t.dur(0.4), ease_out_cubic,
                                             y=rc.sprite.y + DROP)]))
        return [Together(*moves)] if moves else []

    def grey(self, rc: RowCard, removed: bool = False, mark: str | None = None) -> None:
        if removed:
            rc.removed = True
        if mark:
            rc.mark = mark
        if mark == "double":
            return
        if rc.card is not None:
            rc.sprite.face = self.game.cards.face(rc.card.face, rc.size, dim=True)
        rc.sprite.back = self.game.cards.back(rc.open_back, rc.size, dim=True)

    @on(R.SpecialsCancelled)
    def specials_cancelled(self, ev: R.SpecialsCancelled, rest) -> Timeline:
        steps = []
        for i in ev.by:
            steps += self.act(i, _("Specials don't count: every special card is out"))
        steps += [Wait(self.t.dur(0.4))] + self.remove(ev.removed) + [Wait(self.t.dur(0.6))]
        return Timeline(steps)

    @on(R.NeighboursRemoved)
    def neighbours_removed(self, ev: R.NeighboursRemoved, rest) -> Timeline:
        text = (_("Neighbours don't count: the cards beside it are out") if ev.removed
                else _("Neighbours don't count: it has no neighbours"))
        steps = self.act(ev.index, text) + [Wait(self.t.dur(0.4))] + self.remove(ev.removed)
        return Timeline(steps + [Wait(self.t.dur(0.6))])

    @on(R.ColourZeroed)
    def colour_zeroed(self, ev: R.ColourZeroed, rest) -> Timeline:
        name = colour_title(ev.colour)
        if ev.beats_double:
            text = _("{colour} birds do not count, beating its 'counts double'").format(
                colour=name)
        else:
            text = _("{colour} birds do not count").format(colour=name)
        marks = []
        for rc in self.game.row_cards:
            if rc.removed or rc.card is None or rc.card.colour != ev.colour:
                continue
            if rc.card.is_bird:
                marks.append(Call(lambda rc=rc: self.grey(rc, mark="zero")))
            elif rc.card.special == "colour_double" and ev.beats_double:
                marks.append(Call(lambda rc=rc: self.grey(rc, mark="beaten")))
        steps = self.act(ev.index, text) + [Wait(self.t.dur(0.35))
                         ] + marks + [Wait(self.t.dur(0.8))]
        return Timeline(steps)

    @on(R.ColourDoubled)
    def colour_doubled(self, ev: R.ColourDoubled, rest) -> Timeline:
        text = _("{colour} birds count double").format(
            colour=colour_title(ev.colour))
        marks = []
        for rc in self.game.row_cards:
            if not rc.removed and rc.card is not None and rc.card.is_bird and rc.card.colour == ev.colour:
                marks.append(Call(lambda rc=rc: self.grey(rc, mark="double")))
        steps = self.act(ev.index, text) + [Wait(self.t.dur(0.35))
                         ] + marks + [Wait(self.t.dur(0.8))]
        return Timeline(steps)

    # -- the claim: the count, the verdict and the share-out ----------------------------------
    @on(R.BirdsCounted)
    def birds_counted(self, ev: R.BirdsCounted, rest) -> Together | None:
        if not 0 <= ev.index < len(self.game.row_cards):
            return None
        rc = self.game.row_cards[ev.index]
        rc.bubble = f"+{ev.birds}"
        rc.pop = 0.0
        self.game.counts.status = _("Counting: {running} of {limit} birds").format(
            running=ev.running, limit=ev.limit)
        self.t.ctx.play("tap")
        return Together(Tween(rc, self.t.dur(0.22), ease_out_back, pop=1.0),
                        Tween(self.game.counts, self.t.dur(0.26), ease_out_cubic, counter=float(ev.running)))

    @on(R.ClaimResolved)
    def claim_resolved(self, ev: R.ClaimResolved, rest) -> Timeline:
        self.game.counts.mode = "over" if ev.too_many else "ok"
        self.game.counts.counter = ev.total
        self.game.counts.pickers = ev.winners
        verdict = _("Too many!") if ev.too_many else _("Not too many!")
        right = _("Red is right") if ev.too_many else _("Green is right")
        who = listed([self.game.name_of(s) for s in ev.winners])
        if len(ev.winners) == 1:
            share = _("{names} takes the whole row").format(names=who)
        else:
            share = _("{names} share the row").format(names=who)
        said = _("{right}: {share}").format(right=right, share=share)
        self.t.messages.shout(verdict, ngettext("{n} bird of {limit}. {verdict}",
                                                "{n} birds of {limit}. {verdict}",
                                                ev.total).format(n=ev.total, limit=ev.limit,
                                                                 verdict=said),
                              2.1, ui.BAD if ev.too_many else ui.GOOD)
        self.game.counts.status = said
        self.t.ctx.play("win" if self.game.hand_seat in ev.winners else "chirp")
        for rc in self.game.row_cards:
            rc.glow = 0.0
        # a beat for the verdict, then time to read the call-out before the share-out
        return Timeline([Wait(self.t.dur(0.3)), Wait(self.t.dur(2.0))])

    @on(R.CardTaken, run=True, log=False)
    def card_taken(self, run: tuple, rest) -> Timeline:
        """Cards of the claimed row fly to their winners' plates (in order, a quick sweep);
        each take's log line shows as its card lifts."""
        moves = []
        for k, ev in enumerate(run):
            rc = next((r for r in self.game.row_cards if r.card is not None and r.card.id == ev.card), None)
            if rc is None:
                continue
            s = rc.sprite
            if rc.removed or rc.mark:   # back to its true colours as it leaves
                s.face = self.game.cards.face(rc.card.face, rc.size)
            s.face_up = True
            target = self.game.geo.plate_won_pos(ev.seat)

            def arrive(rc=rc, seat=ev.seat) -> None:
                if rc.sprite in self.game.air:
                    self.game.air.remove(rc.sprite)
                won = self.game.counts.won[seat]
                won[4 if rc.card.special else COLOURS.index(rc.card.colour)] += 1
                self.t.ctx.play("slide")

            def lift(rc=rc, ev=ev) -> None:
                self.t.log_book.release_line(ev)
                if rc in self.game.row_cards:
                    self.game.row_cards.remove(rc)
                rc.bubble = None
                rc.mark = None
                rc.glow = 0.0
                self.game.air.append(rc.sprite)
            gap = self.t.dur(0.09 if ev.automatic else 0.0)
            moves.append(Timeline([Wait(gap * k), Call(lift),
                                   s.move_to(target, self.t.dur(0.42), lift=0.6, scale=0.32),
                                   Call(arrive)]))
        if run and not run[0].automatic:
            self.game.counts.status = _("{name} takes the {card}").format(
                name=self.game.name_of(run[0].seat), card=CARDS[run[0].card].label)
        return Timeline([Together(*moves) if moves else Wait(0), Wait(self.t.dur(0.15))])

    @on(R.HandsDiscarded)
    def hands_discarded(self, ev: R.HandsDiscarded, rest) -> Timeline:
        fades = [Tween(s, self.t.dur(0.5), ease_out_cubic, y=s.y + 80, alpha=0)
                       for s in self.game.hand_cards]

        def clear() -> None:
            self.game.counts.hands = [[] for _ in self.game.counts.hands]
        self.game.counts.status = _("The hand cards left over go out of the game")
        return Timeline([Together(*fades) if fades else Wait(0), Call(clear), Wait(self.t.dur(0.3))])
