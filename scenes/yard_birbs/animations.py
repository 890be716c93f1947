"""How Yard Birbs' events play out on the table: one handler per event type.

Handlers are planned when the move is played (not lazily): each advances the working
display model ``self.plan`` (:mod:`.model`) at once, so the next handler knows where
cards are by then, and ends its steps with a snapshot of it (``show_disp``) that the
timeline swaps in as the event lands. One move is one timeline; a move chained onto it
in the same frame (a bird and its flock, an ability and its targets) extends the
timeline still running rather than starting one beside it (``sequence``).

The table's ``motion`` part: it reads the game part's sprites (``cards``, ``tokens``,
``strips``, ``boxes``), ``geo`` and the models.
"""
from __future__ import annotations

from typing import Iterable

import pygame

from game.yard_birbs import rules as R
from game.i18n import N_, _
from game.yard_birbs.cards import ABILITIES, card_name, species_name
from scenes.table.animations import Animations, on
from scenes.yard_birbs.geometry import CH, CW, LABEL_H, SHRINK
from scenes.yard_birbs.model import Model
from scenes.yard_birbs.pieces import Z_FEEDER, Z_FLY, Z_HAND, Z_YARD, Card, Thing, yard_z
from sprites import yard_birbs_cards as art
from sprites.tween import (Call, Timeline, Together, Tween, Wait, ease_in_out_cubic,
                           ease_out_back, ease_out_bounce, ease_out_cubic)

# A five-player game is about 360 moves, each animated: Yard Birbs plays its animations
# briskly (on top of the AI speed setting) so a whole game stays watchable and fits the
# headless frame budget.
PACE = 0.68
NOTE_WIDTH = 300     # the widest line of a call-out
PLACE_NAMES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th"), 5: N_("5th")}
# short enough that the tags over neighbouring feeder cards never meet (5 players)
SHORT_REASON = {R.BY_LIFER: N_("Lifer"), R.BY_MAJORITY: N_("Top suit"),
                R.BY_TIE_LED: N_("Led suit"), R.BY_TIE_FIRST: N_("Earliest"),
                R.BY_LED_CARD: N_("Led card"), R.BY_NUMBER: N_("Highest"),
                R.BY_LAST: N_("Card left")}
"""In English (marked for the catalogue); shown through _()."""


def place_name(place: int) -> str:
    """'1st' .. '5th' in the language shown ('' for a place not yet decided)."""
    return _(PLACE_NAMES[place]) if place in PLACE_NAMES else ""


def place_words(placement: R.Placement, name: str) -> tuple[str, str]:
    """What the ranking says about one place: the call-out ('3rd: Finch – the card
    left') and the tag over the card ('Card left'), both from the reason the rules give
    for that place (rank_with_reasons), never a guess."""
    return (_("{place}: {name} \u2013 {reason}").format(
                place=place_name(placement.place), name=name,
                reason=_(R.REASON_TEXT[placement.reason])),
            _(SHORT_REASON[placement.reason]))


class YardBirbsAnimations(Animations):
    timeline: Timeline | None = None    # the move on screen (see sequence)

    def sequence(self, steps: Iterable) -> Timeline:
        """One timeline per move; a chained submit in the same frame extends it."""
        steps = list(steps)
        tl = self.timeline
        if tl is not None and not tl.done and tl in self.t.animator.timelines:
            tl.steps.extend(steps)
        else:
            self.timeline = self.t.animator.play(Timeline(steps))
        return self.timeline

    # -- steps ----------------------------------------------------------------------------
    def show_disp(self, snapshot: Model) -> Call:
        """Show ``snapshot`` of the plan from here on (labels, counts, the plates' points)."""
        def fn() -> None:
            self.game.disp = snapshot
            for seat in range(self.game.n):
                if not snapshot.over:
                    self.game.boxes[seat].yard = float(snapshot.yard_points(seat))
        return Call(fn)

    def say(self, text: str) -> Call:
        return Call(lambda: setattr(self.t, "anim_status", text))

    def call_out(self, text: str, seat: int | None = None) -> list:
        """A short call-out where it happens (beside ``seat``'s flocks, or over the ability
        row), up for reading time at the AI speed; the move waits a beat after it (the
        AI speed and Reduced motion set how long). One it would touch goes."""
        def fn() -> None:
            surf, rect = self.note_place(text, seat)
            self.t.paint.notes = [n for n in self.t.paint.notes if not n[1].colliderect(rect)]
            self.t.paint.notes.append((surf, rect, self.t.clock, self.t.reading_time(1.6)))
        return [Call(fn), Wait(self.t.dur(0.4))]

    def note_place(self, text: str, seat: int | None) -> tuple[pygame.Surface, pygame.Rect]:
        """A call-out's picture and place: in the free part of the seat's yard right of
        its flocks (wrapped to fit), else under its tallest flock, else low over the yard
        (the birds' pictures, not their numbers or labels), above the prompt bar; the
        ability row's news just above that row."""
        if seat is None:
            surf = self.t.paint.note_surface(text, None, NOTE_WIDTH)
            a = self.game.geo.rect_of("abilities")
            return surf, surf.get_rect(bottomright=(a.right, a.y - 10))
        area = self.game.geo.yard_area(seat)
        # the yard as shown and as it will be once the move lands: the note covers neither
        cols = max(self.game.disp.cols(seat), self.t.plan.cols(seat))
        left = int(self.game.geo.col_x(seat, cols - 1, cols) + CW / 2 + 12)
        room = area.right - left - 36
        if room >= NOTE_WIDTH * 2 // 3:
            surf = self.t.paint.note_surface(text, seat, min(room, NOTE_WIDTH))
            return surf, surf.get_rect(midtop=((left + area.right) // 2,
                                               area.y + LABEL_H + 12))
        surf = self.t.paint.note_surface(text, seat, NOTE_WIDTH)
        bottom = min(area.bottom - 4, self.game.geo.rect_of("prompts").y - 8)
        stacks = max(self.stack_bottom(m, seat) for m in (self.game.disp, self.t.plan))
        if stacks + 8 + surf.get_height() <= bottom:   # under the tallest flock: on no card
            return surf, surf.get_rect(midtop=(area.centerx, stacks + 8))
        return surf, surf.get_rect(midbottom=(area.centerx, bottom))

    def stack_bottom(self, m: Model, seat: int) -> int:
        """The lowest edge of ``seat``'s cards in ``m`` (its flocks and a bird awaiting one)."""
        cols = m.cols(seat)
        bottoms = [self.game.geo.yard_card_pos(seat, cols, col, len(f) - 1, len(f))[1]
                   for col, f in enumerate(m.yards[seat]) if f]
        if m.pending[seat] is not None:
            bottoms.append(self.game.geo.pending_pos(seat, cols)[1])
        return int(max(bottoms, default=self.game.geo.yard_area(seat).y + LABEL_H) + CH / 2)

    def sound(self, name: str) -> Call:
        return Call(lambda: self.t.ctx.play(name))

    def fly(self, spr: Card, pos, seconds: float = 0.42, lift: float = 0.6,
            scale: float | None = None, land_kind: str | None = None, z: int | None = None,
            flip_to: bool | None = None) -> Timeline:
        """Move a card (rising above everything) and settle it, maybe turning it over."""
        final_z = spr.z if z is None else z

        def start() -> None:
            spr.z = Z_FLY
            spr.visible = True

        def land() -> None:
            spr.z = final_z
            spr.lift = 0.0
            if land_kind is not None:
                spr.look(land_kind, spr.dimmed if land_kind == "full" else False)
                spr.scale = 1.0

        move = spr.move_to(pos, self.t.dur(seconds), lift, scale)
        steps: list = [Call(start)]
        if flip_to is not None:
            steps.append(Together(move, Timeline([Wait(self.t.dur(seconds) * 0.3),
                                                  spr.flip(self.t.dur(0.3), face_up=flip_to)])))
        else:
            steps.append(move)
        steps.append(Call(land))
        return Timeline(steps)

    def appear(self, spr: Card, pos, kind: str, face_up: bool, scale: float = 1.0) -> Call:
        def fn() -> None:
            spr.look(kind)
            spr.x, spr.y = pos
            spr.face_up = face_up
            spr.scale, spr.squash, spr.lift, spr.alpha = scale, 1.0, 0.0, 255
            spr.visible = True
            spr.z = Z_FLY
        return Call(fn)

    def hide(self, spr: Card) -> Call:
        return Call(lambda: setattr(spr, "visible", False))

    def anon(self) -> Card:
        """A card back in flight for a card the viewer may not see."""
        spr = Card((0, 1, 0), self.t.paint.patterns)
        spr.look("full")
        self.game.extras.append(spr)
        return spr

    def drop_extra(self, spr: Card) -> Call:
        def fn() -> None:
            spr.visible = False
            if spr in self.game.extras:
                self.game.extras.remove(spr)
        return Call(fn)

    def staggered(self, items: list, gap: float) -> Together:
        return Together(*[Timeline([Wait(self.t.dur(gap) * i), item])
                          for i, item in enumerate(items)])

    def slide(self, spr: Card, pos, seconds: float, z: int) -> Timeline:
        def fix() -> None:
            spr.z = z
        return Timeline([spr.move_to(pos, self.t.dur(seconds), 0.0), Call(fix)])

    def hand_reflow(self, m: Model, seconds: float = 0.3, skip=()) -> list:
        moves = []
        for i, card in enumerate(m.hand):
            if card in skip:
                continue
            spr = self.game.card(card)
            moves.append(self.slide(spr, self.game.geo.hand_pos(
                i, len(m.hand)), seconds, Z_HAND + i))
        return moves

    def yard_reflow(self, m: Model, seat: int, seconds: float = 0.32, skip=()) -> list:
        """Slide every bird of a yard to its place in ``m`` (flocks re-sort, columns close)."""
        moves = []
        cols = m.cols(seat)
        for col, flock in enumerate(m.yards[seat]):
            for row, card in enumerate(flock):
                if card in skip:
                    continue
                pos = self.game.geo.yard_card_pos(seat, cols, col, row, len(flock))
                moves.append(self.slide(self.game.card(card), pos, seconds, yard_z(col, row)))
        pend = m.pending[seat]
        if pend is not None and pend not in skip:
            moves.append(self.slide(self.game.card(pend), self.game.geo.pending_pos(seat, cols), seconds,
                                    yard_z(len(m.yards[seat]))))
        return moves

    def popup(self, text_surf: pygame.Surface, pos, seconds: float = 1.0, rise: int = 40
              ) -> Call:
        def fn() -> None:
            thing = Thing(pos[0], pos[1], surf=text_surf)
            self.game.popups.append(thing)

            def gone() -> None:
                if thing in self.game.popups:
                    self.game.popups.remove(thing)
            # decoration: it runs beside the move and never holds up the next one
            self.game.decor.append(Timeline([
                Tween(thing, self.t.dur(seconds), ease_out_cubic, y=pos[1] - rise),
                Tween(thing, self.t.dur(0.25), ease_out_cubic, alpha=0.0),
                Call(gone)]))
        return Call(fn)

    def flash_col(self, seat: int, col: int) -> Timeline:
        """A flock's column glows as it scores."""
        glow = Thing(alpha=0.0)

        def light() -> None:
            self.game.flash[(seat, col)] = glow
        return Timeline([Call(light), Tween(glow, self.t.dur(0.15), ease_out_cubic, alpha=255.0),
                         Wait(self.t.dur(0.3)),
                         Tween(glow, self.t.dur(0.25), ease_out_cubic, alpha=0.0),
                         Call(lambda: self.game.flash.pop((seat, col), None))])

    # -- a round's set-up -----------------------------------------------------------------
    @on(R.RoundStarted)
    def round_started(self, e: R.RoundStarted, rest) -> list:
        old = self.t.plan
        geo = self.game.geo
        steps: list = []
        leaving = []
        for seat in range(self.game.n):
            for flock in old.yards[seat]:
                for card in flock:
                    leaving.append(self.fly(self.game.card(card), geo.deck_pos(), 0.4, 0.3,
                                            flip_to=False))
            if old.pending[seat] is not None:
                leaving.append(self.fly(self.game.card(old.pending[seat]), geo.deck_pos(), 0.4))
        if old.lifer is not None:
            leaving.append(self.fly(self.game.card(old.lifer),
                           geo.deck_pos(), 0.4, flip_to=False))
        fade = [Tween(s, self.t.dur(0.3), ease_out_cubic, alpha=0.0, x=s.x + 80)
                for s in self.game.strips]
        hide_all = Call(lambda: [setattr(s, "visible", False) for s in self.game.cards.values()])
        if leaving or fade:
            steps.append(Together(*(leaving or [Wait(0)]), *fade))
            steps.append(self.sound("shuffle"))
        m = Model.empty(self.game.n)
        m.totals = list(old.totals)
        m.deck = 55
        self.t.plan = m
        name = self.t.names[e.lead]
        steps += [hide_all, Call(lambda: setattr(self.t, "strips", [])),
                  Call(lambda: self.t.messages.banner(
                      _("Round {round}").format(round=e.round),
                      _("{name} leads").format(name=name), hold=1.0)),
                  self.say(_("Round {round}: dealing").format(round=e.round)),
                  self.show_disp(m.copy()),
                  Wait(self.t.dur(0.6))]
        return steps

    @on(R.HandDealt, run=True)
    def hand_dealt(self, group: tuple, rest) -> list:
        """Every hand at once, dealt round the table."""
        m = self.t.plan
        geo = self.game.geo
        flights = []
        viewer = self.t.couch.viewer
        order = []
        for e in group:
            for k in range(len(e.cards)):
                order.append((k, e))
        order.sort(key=lambda t: (t[0], t[1].seat))

        def dealt() -> None:
            self.game.disp.deck = max(self.game.disp.deck - 1, 0)
        for idx, (k, e) in enumerate(order):
            if e.seat == viewer:  # a private event: only the owner's cards show faces
                cards = sorted(e.cards)
                card = cards[k]
                spr = self.game.card(card)
                pos = geo.hand_pos(k, len(cards))
                flights.append(Timeline([
                    self.appear(spr, geo.deck_pos(), "full", False, SHRINK), Call(dealt),
                    self.fly(spr, pos, 0.36, 0.4, 1.0, z=Z_HAND + k, flip_to=True)]))
            else:
                spr = self.anon()
                spr.visible = False
                seat = e.seat

                def count(s=seat, n=k + 1) -> None:
                    self.game.disp.hand_sizes[s] = n
                flights.append(Timeline([
                    self.appear(spr, geo.deck_pos(), "full", False, SHRINK), Call(dealt),
                    spr.move_to(geo.plate_hand_pos(seat), self.t.dur(0.36), 0.4, 0.35),
                    self.drop_extra(spr), Call(count)]))
        for e in group:
            m.hand_sizes[e.seat] = len(e.cards)
            m.deck -= len(e.cards)
            if e.seat == viewer:
                m.hand = sorted(e.cards)
        return [self.sound("deal"), self.staggered(flights, 0.035), self.sound("flip"),
                self.show_disp(m.copy())]

    @on(R.YardBirdDealt, run=True)
    def yard_bird_dealt(self, group: tuple, rest) -> list:
        m = self.t.plan
        flights = []
        for e in group:
            m.yards[e.seat] = [[e.card]]
            m.deck -= 1
        for e in group:
            spr = self.game.card(e.card)
            pos = self.game.geo.yard_card_pos(e.seat, m.cols(e.seat), 0, 0, 1)
            flights.append(Timeline([
                self.appear(spr, self.game.geo.deck_pos(), "full", False, SHRINK),
                self.fly(spr, pos, 0.4, 0.5, SHRINK, land_kind="compact", z=Z_YARD,
                         flip_to=True)]))
        return [self.staggered(flights, 0.08), self.sound("flip"), self.show_disp(m.copy())]

    @on(R.LiferRevealed)
    def lifer_revealed(self, e: R.LiferRevealed, rest) -> list:
        m = self.t.plan
        m.lifer = e.card
        m.deck -= 1
        spr = self.game.card(e.card)
        species = species_name(e.card.species)
        return [self.say(_("The Lifer is the {species}").format(species=species)),
                self.appear(spr, self.game.geo.deck_pos(), "full", False, SHRINK),
                self.fly(spr, self.game.geo.lifer_pos(), 0.45,
                         0.6, 1.0, z=Z_FEEDER, flip_to=True),
                self.sound("flip"), self.show_disp(m.copy()), Wait(self.t.dur(0.25))]

    @on(R.AbilitiesDealt)
    def abilities_dealt(self, e: R.AbilitiesDealt, rest) -> list:
        m = self.t.plan
        m.abilities = list(e.row)
        steps: list = []
        if e.redeal and self.game.strips is not None:
            def out() -> None:
                self.game.old_strips = self.game.strips
                self.game.strips = []
                for s in self.game.old_strips:
                    self.t.animator.play(Timeline([
                        Tween(s, self.t.dur(0.3), ease_out_cubic, alpha=0.0, x=s.x + 120)]))
            steps += [self.say(_("New Lifer: abilities re-dealt")),
                      *self.call_out(_("Abilities re-dealt")), Call(out), Wait(self.t.dur(0.3))]
        rects, _row = self.game.geo.strip_rects()
        new = [Thing(rects[i].centerx + 200, rects[i].centery, token=t, ability=a, alpha=0.0,
                     glow=0.0) for i, (t, a) in enumerate(e.row)]

        def install() -> None:
            self.game.strips = new
            self.game.old_strips = []
        ins = [Tween(s, self.t.dur(0.32), ease_out_back, x=rects[i].centerx, alpha=255.0)
               for i, s in enumerate(new)]
        steps += [Call(install), self.sound("shuffle"), self.staggered(ins, 0.08),
                  self.show_disp(m.copy())]
        return steps

    # -- a trick --------------------------------------------------------------------------
    @on(R.CardPlayed)
    def card_played(self, e: R.CardPlayed, rest) -> list:
        m = self.t.plan
        slot = e.slot
        while len(m.feeder) <= slot:
            m.feeder.append([e.seat, None])
        m.feeder[slot] = [e.seat, e.card]
        m.hand_sizes[e.seat] -= 1
        spr = self.game.card(e.card)
        pos = self.game.geo.slot_pos(slot)
        name = self.t.names[e.seat]
        steps: list = [self.say(_("{name} plays {card}").format(name=name,
                                                                 card=card_name(e.card)))]
        if e.seat == self.t.couch.viewer and e.card in m.hand:
            m.hand.remove(e.card)
            steps.append(Together(
                self.fly(spr, pos, 0.36, 0.5, z=Z_FEEDER + slot),
                *self.hand_reflow(m, 0.3)))
            steps.insert(1, Call(lambda: spr.look("full")))
        else:
            steps += [self.appear(spr, self.game.geo.plate_hand_pos(e.seat), "full", False, 0.4),
                      self.fly(spr, pos, 0.38, 0.6, 1.0, z=Z_FEEDER + slot, flip_to=True)]
        steps += [self.sound("slide"), self.show_disp(m.copy())]
        return steps

    @on(R.TrickRanked)
    def trick_ranked(self, e: R.TrickRanked, rest) -> list:
        m = self.t.plan
        steps: list = [self.say(_("Ranking the trick")), Wait(self.t.dur(0.2))]
        for p in e.placements:
            m.places[p.seat] = p.place
            tok = self.game.tokens[p.place]
            spr = self.game.card(p.card)
            tx, ty = self.game.geo.token_on_slot(p.slot)
            text, tag = place_words(p, self.t.names[p.seat])
            reason = self.t.paint.reason_badge(tag)
            sx, sy = self.game.geo.slot_pos(p.slot)
            steps += [
                self.say(text),
                Together(
                    Timeline([Tween(tok, self.t.dur(0.1), ease_out_cubic, y=tok.y - 30, scale=1.3),
                              Together(Tween(tok, self.t.dur(0.3), ease_in_out_cubic, x=tx),
                                       Tween(tok, self.t.dur(0.3), ease_out_bounce, y=ty,
                                             scale=1.0))]),
                    Timeline([Wait(self.t.dur(0.26)),
                              Tween(spr, self.t.dur(0.14), ease_out_cubic, lift=0.6),
                              Tween(spr, self.t.dur(0.2), ease_out_cubic, lift=0.0)])),
                self.sound("tap"),
                self.popup(reason, (sx, sy + 30), 0.9, 30),
                Wait(self.t.dur(0.14))]
        steps += [self.show_disp(m.copy()), Wait(self.t.dur(0.45))]
        return steps

    @on(R.BirdTaken)
    def bird_taken(self, e: R.BirdTaken, rest) -> list:
        m = self.t.plan
        if 0 <= e.slot < len(m.feeder):
            m.feeder[e.slot][1] = None
        m.pending[e.seat] = e.card
        spr = self.game.card(e.card)
        pos = self.game.geo.pending_pos(e.seat, m.cols(e.seat))
        who = self.t.names[e.seat]
        return [self.say(_("{name} takes {card}").format(name=who, card=card_name(e.card))),
                self.sound("slide"),
                self.fly(spr, pos, 0.42, 0.8, SHRINK, land_kind="compact",
                         z=yard_z(len(m.yards[e.seat]))),
                self.show_disp(m.copy())]

    @on(R.BirdFlocked)
    def bird_flocked(self, e: R.BirdFlocked, rest) -> list:
        m = self.t.plan
        m.pending[e.seat] = None
        col = m.to_flock(e.seat, None if e.new else e.flock, e.card)
        label_pos = self.game.geo.gain_pos(e.seat, m.cols(e.seat), col, len(m.yards[e.seat][col]))
        steps = [Together(*self.yard_reflow(m, e.seat, 0.3)), self.sound("tap"),
                 self.show_disp(m.copy())]
        if e.points > 0 and not e.new:
            steps.append(self.popup(art.gain_badge(e.points), label_pos, 0.7, 30))
        return steps

    @on(R.TrickEnded)
    def trick_ended(self, e: R.TrickEnded, rest) -> list:
        m = self.t.plan
        m.feeder = []
        m.places = [0] * self.game.n
        homes = [Tween(tok, self.t.dur(0.3), ease_out_cubic, x=self.game.geo.token_home(p)[0],
                       y=self.game.geo.token_home(p)[1]) for p, tok in self.game.tokens.items()]
        text = (_("The hands are empty: the round is over") if e.next_lead is None
                else _("{name} leads the next trick").format(name=self.t.names[e.next_lead]))
        return [self.say(text), Together(*homes), self.show_disp(m.copy()),
                Wait(self.t.dur(0.1))]

    @on(R.RoundScored)
    def round_scored(self, e: R.RoundScored, rest) -> list:
        """Flock by flock, every yard at once: a badge, a glow, the plate counting up."""
        m = self.t.plan
        steps: list = [self.say(_("Round {round}: the flocks score").format(round=e.round)),
                       Wait(self.t.dur(0.3))]
        most = max((len(f) for f in e.flocks), default=0)
        running = [float(t - p) for t, p in zip(e.totals, e.points)]
        left = [float(p) for p in e.points]
        for k in range(most):
            beat = []
            for seat, flocks in enumerate(e.flocks):
                if k >= len(flocks):
                    continue
                result = flocks[k]
                running[seat] += result.points
                left[seat] -= result.points
                box = self.game.boxes[seat]
                cols = len(flocks) + 1
                spot = self.game.geo.gain_pos(seat, cols, k, len(result.cards))
                beat.append(self.popup(art.gain_badge(result.points), spot, 0.7, 30))
                beat.append(self.flash_col(seat, k))
                beat.append(Tween(box, self.t.dur(0.3), ease_out_cubic, total=running[seat],
                                  yard=max(left[seat], 0.0)))
            steps += [self.sound("chirp"), Together(*beat), Wait(self.t.dur(0.2))]
        m.totals = list(e.totals)
        m.over = True  # the yard's points are banked now
        steps += [self.show_disp(m.copy()), Wait(self.t.dur(0.6))]
        return steps

    # -- abilities ------------------------------------------------------------------------
    @on(R.AbilityUsed)
    def ability_used(self, e: R.AbilityUsed, rest) -> list:
        strip = next((s for s in self.game.strips if s.ability == e.ability), None)
        who = self.t.names[e.seat]
        ability = ABILITIES[e.ability].title
        steps: list = [self.say(_("{name} uses {ability}").format(name=who, ability=ability)),
                       *self.call_out(_("{name}: {ability}").format(name=who, ability=ability),
                                      e.seat),
                       self.sound("chirp")]
        if strip is not None:
            steps += [Tween(strip, self.t.dur(0.15), ease_out_cubic, glow=1.0),
                      Wait(self.t.dur(0.3)),
                      Tween(strip, self.t.dur(0.2), ease_out_cubic, glow=0.0)]
        else:
            steps.append(Wait(self.t.dur(0.5)))
        return steps

    @on(R.LiferSwapped)
    def lifer_swapped(self, e: R.LiferSwapped, rest) -> list:
        m = self.t.plan
        geo = self.game.geo
        m.lifer = e.card
        new, old = self.game.card(e.card), self.game.card(e.old)
        steps: list = self.call_out(_("New Lifer: {species}").format(
            species=species_name(e.card.species)), e.seat)
        if e.seat == self.t.couch.viewer:
            i = m.to_hand(e.old, out=e.card)
            steps.append(Together(
                self.fly(new, geo.lifer_pos(), 0.5, 0.6, z=Z_FEEDER),
                Timeline([Wait(self.t.dur(0.1)),
                          self.fly(old, geo.hand_pos(i, len(m.hand)), 0.5, 0.6,
                                   z=Z_HAND + i)]),
                *self.hand_reflow(m, 0.4, skip=(e.old,))))
        else:
            steps += [self.appear(new, geo.plate_hand_pos(e.seat), "full", False, 0.4),
                      Together(self.fly(new, geo.lifer_pos(), 0.5, 0.6, 1.0, z=Z_FEEDER,
                                        flip_to=True),
                               Timeline([self.fly(old, geo.plate_hand_pos(e.seat), 0.5, 0.6,
                                                  0.4, flip_to=False), self.hide(old)]))]
        steps += [self.sound("flip"), self.show_disp(m.copy())]
        return steps

    @on(R.CardBuried)
    def card_buried(self, e: R.CardBuried, rest) -> list:
        m = self.t.plan
        m.deck += 1
        deck = self.game.geo.deck_pos()
        who = self.t.names[e.seat]
        if e.src == "lifer":
            m.lifer = None
            spr = self.game.card(e.card)
            return [self.say(_("The Lifer goes under the deck")),
                    self.fly(spr, deck, 0.45, 0.5, SHRINK, flip_to=False), self.hide(spr),
                    self.show_disp(m.copy())]
        if e.src == "yard":
            m.from_flock(e.seat, e.flock, e.card)
            spr = self.game.card(e.card)
            return [self.say(_("{name}'s {card} flies off").format(name=who,
                                                                   card=card_name(e.card))),
                    *self.call_out(_("{species} flies off").format(
                        species=species_name(e.card.species)), e.seat),
                    self.fly(spr, deck, 0.45, 0.6, flip_to=False), self.hide(spr),
                    Together(*self.yard_reflow(m, e.seat) or [Wait(0)]),
                    self.show_disp(m.copy())]
        m.hand_sizes[e.seat] -= 1
        if e.seat == self.t.couch.viewer and e.card in m.hand:
            m.hand.remove(e.card)
            spr = self.game.card(e.card)
            steps = [Together(self.fly(spr, deck, 0.45, 0.5, SHRINK, flip_to=False),
                              *self.hand_reflow(m, 0.3)), self.hide(spr)]
        else:
            spr = self.anon()
            spr.visible = False
            steps = [self.appear(spr, self.game.geo.plate_hand_pos(e.seat), "full", False, 0.4),
                     spr.move_to(deck, self.t.dur(0.45), 0.5, SHRINK), self.drop_extra(spr)]
        return [self.say(_("{name} puts a card under the deck").format(name=who)),
                *self.call_out(_("A card under the deck"), e.seat), self.sound("slide"), *steps,
                self.show_disp(m.copy())]

    @on(R.CardDrawn)
    def card_drawn(self, e: R.CardDrawn, rest) -> list:
        m = self.t.plan
        geo = self.game.geo
        m.deck -= 1
        m.hand_sizes[e.seat] += 1
        who = self.t.names[e.seat]
        if e.seat == self.t.couch.viewer:  # private: the drawn card shows only to its owner
            i = m.to_hand(e.card)
            spr = self.game.card(e.card)
            steps = [self.appear(spr, geo.deck_pos(), "full", False, SHRINK),
                     Together(self.fly(spr, geo.hand_pos(i, len(m.hand)), 0.45, 0.5, 1.0,
                                       z=Z_HAND + i, flip_to=True),
                              *self.hand_reflow(m, 0.35, skip=(e.card,)))]
        else:
            spr = self.anon()
            spr.visible = False
            steps = [self.appear(spr, geo.deck_pos(), "full", False, SHRINK),
                     spr.move_to(geo.plate_hand_pos(e.seat), self.t.dur(0.45), 0.5, 0.4),
                     self.drop_extra(spr)]
        return [self.say(_("{name} draws a card").format(name=who)),
                *self.call_out(_("Draws a card"), e.seat),
                self.sound("deal"), *steps,
                self.show_disp(m.copy())]

    @on(R.FeederSwapped)
    def feeder_swapped(self, e: R.FeederSwapped, rest) -> list:
        m = self.t.plan
        m.from_flock(e.seat, e.flock, e.given)
        if 0 <= e.slot < len(m.feeder):
            m.feeder[e.slot][1] = e.given
        m.pending[e.seat] = e.taken
        given, taken = self.game.card(e.given), self.game.card(e.taken)

        def grow() -> None:
            given.look("full")
            given.scale = SHRINK
        return [self.say(_("{name} swaps a bird with the feeder").format(
                    name=self.t.names[e.seat])),
                *self.call_out(_("Swaps for the {species}").format(
                    species=species_name(e.taken.species)), e.seat),
                self.sound("slide"), Call(grow),
                Together(self.fly(given, self.game.geo.slot_pos(e.slot), 0.5, 0.6, 1.0,
                                  z=Z_FEEDER + e.slot),
                         self.fly(taken, self.game.geo.pending_pos(e.seat, m.cols(e.seat)), 0.5, 0.6,
                                  SHRINK, land_kind="compact"),
                         *self.yard_reflow(m, e.seat, 0.4, skip=(e.taken,))),
                self.show_disp(m.copy())]

    @on(R.HandFeederSwapped)
    def hand_feeder_swapped(self, e: R.HandFeederSwapped, rest) -> list:
        m = self.t.plan
        geo = self.game.geo
        if 0 <= e.slot < len(m.feeder):
            m.feeder[e.slot][1] = e.given
        given, taken = self.game.card(e.given), self.game.card(e.taken)
        pos = geo.slot_pos(e.slot)
        steps: list = [self.say(_("{name} trades a card with the feeder").format(
                           name=self.t.names[e.seat])),
                       *self.call_out(_("Takes the {species}").format(
                           species=species_name(e.taken.species)), e.seat),
                       self.sound("slide")]
        if e.seat == self.t.couch.viewer:
            i = m.to_hand(e.taken, out=e.given)
            steps.append(Together(
                self.fly(given, pos, 0.5, 0.6, z=Z_FEEDER + e.slot),
                self.fly(taken, geo.hand_pos(i, len(m.hand)), 0.5, 0.6, z=Z_HAND + i),
                *self.hand_reflow(m, 0.4, skip=(e.taken,))))
        else:
            steps += [self.appear(given, geo.plate_hand_pos(e.seat), "full", False, 0.4),
                      Together(self.fly(given, pos, 0.5, 0.6, 1.0, z=Z_FEEDER + e.slot,
                                        flip_to=True),
                               Timeline([self.fly(taken, geo.plate_hand_pos(e.seat), 0.5,
                                                  0.6, 0.4, flip_to=False),
                                         self.hide(taken)]))]
        steps.append(self.show_disp(m.copy()))
        return steps

    @on(R.BirdReflocked)
    def bird_reflocked(self, e: R.BirdReflocked, rest) -> list:
        m = self.t.plan
        m.to_flock(e.seat, None if e.dst == R.NEW_FLOCK else e.dst, e.card)
        m.from_flock(e.seat, e.src, e.card)
        return [self.say(_("{name} moves a bird to another flock").format(
                    name=self.t.names[e.seat])),
                *self.call_out(_("Moves the {species}").format(
                    species=species_name(e.card.species)), e.seat),
                Together(*self.yard_reflow(m, e.seat, 0.45) or [Wait(0)]), self.sound("tap"),
                self.show_disp(m.copy())]

    @on(R.FlocksMerged)
    def flocks_merged(self, e: R.FlocksMerged, rest) -> list:
        m = self.t.plan
        m.merge(e.seat, e.first, e.second)
        return [self.say(_("{name} merges two flocks").format(name=self.t.names[e.seat])),
                *self.call_out(_("Merges two flocks"), e.seat),
                Together(*self.yard_reflow(m, e.seat, 0.45) or [Wait(0)]), self.sound("tap"),
                self.show_disp(m.copy())]
