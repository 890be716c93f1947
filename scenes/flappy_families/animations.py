"""How Flappy Families' events play out on the table: one handler per event type.

Every flip is a real card flip with a sound; a match lights both cards and flies them to
the hand; a mismatch holds a beat and both flip back; a predator leaps out with its own
sound and pounces on the seat; a migration deals a row of five from the deck.

The handlers are built lazily (``lazy = True``): each one plans from the Wild and the
display model (``self.board``) as the steps before it left them, and advances the board
as its cards land. The turning back down of several cards, and the two cards of a match,
play as one moment each (``run=``). A face-up flip releases its log line itself, once
the face shows (``log=``). Events are redacted for the viewer first (``prepare``), so a
face the viewer may not know never reaches a sprite.

The table's ``motion`` part: it reads the game part's ``slots``, ``air``, ``geo``,
``board`` and ``cards``.
"""
from __future__ import annotations

from typing import Sequence

from game.engine import Event, TurnPassed
from game.flappy_families import rules as R
from game.flappy_families.cards import CARD_FAMILY, PREDATOR, card_name, family_name
from game.i18n import _, ngettext, pgettext
from scenes.flappy_families.model import SlotCard
from scenes.table.animations import Animations, on
from sprites import ui
from sprites.card import CardSprite, Move
from sprites.flappy_families_cards import CARD, MINI, TINY
from sprites.tween import Call, Timeline, Together, Tween, Wait, ease_out_back, ease_out_cubic

HAND_SCALE = MINI[0] / CARD[0]     # a card flying into the viewer's hand
PLATE_SCALE = TINY[0] / CARD[0]    # a card flying into a seat's plate


def face_down(event: R.CardFlipped) -> bool:
    return not event.face_up


def matched(event: R.CardTaken) -> bool:
    return event.reason == "match"


class FlappyFamiliesAnimations(Animations):
    lazy = True   # each event's steps start from the table as the earlier ones left it

    def prepare(self, events: Sequence[Event]) -> list[Event]:
        """The events as the viewer may know them (a hidden card's face is left out)."""
        viewer = self.t.shown.seat
        return [e.redacted(viewer) if isinstance(e, R.FFEvent) else e for e in events]

    # -- motion and words ------------------------------------------------------------------
    def is_you(self, seat: int | None) -> bool:
        """Is ``seat`` the human whose hand is on show (the status line says "you")?"""
        return seat is not None and seat == self.game.board.seat and self.t.couch.is_human(seat)

    def said(self, seat: int | None, you: str, other: str, **words) -> str:
        """A line about ``seat``: ``you`` (already translated) for the human whose hand is
        on show, else ``other`` with the seat's name as {name}."""
        if self.is_you(seat):
            return you.format(**words)
        name = _("Nobody") if seat is None else self.t.names[seat]
        return other.format(name=name, **words)

    def sound(self, name: str) -> Call:
        return Call(lambda: self.t.ctx.play(name))

    def fly(self, sprite: CardSprite, target, duration: float, scale: float,
            lift: float = 0.7) -> Move:
        return sprite.move_to(target, self.t.dur(duration), lift=lift, scale=scale)

    def drop_air(self, sprite: CardSprite) -> None:
        if sprite in self.game.air:
            self.game.air.remove(sprite)

    def leave_deck(self) -> None:
        self.game.board.deck = max(0, self.game.board.deck - 1)

    # -- the opening -----------------------------------------------------------------------
    @on(R.GameSetUp)
    def game_set_up(self, ev: R.GameSetUp, rest) -> list:
        """The bonus families are called out while the Wild and every hand are dealt."""
        board = self.game.board
        n = self.t.match.num_players
        deck = self.game.geo.deck_center()
        dealt = {s: self.game.slots[s] for s in ev.wild_slots if self.game.slots[s] is not None}
        mine = list(board.hand)
        sizes = list(board.hand_sizes)
        board.deck += len(dealt) + sum(sizes)
        for s in dealt:
            self.game.slots[s] = None
        board.hand = []
        board.hand_sizes = [0] * n
        self.t.ctx.play("shuffle")
        words = dict(bonus2=family_name(ev.bonus2), bonus1=family_name(ev.bonus1))
        if ev.removed:
            sub = _("+2: {bonus2}   +1: {bonus1}   \u00b7   Out: {removed}").format(
                removed=pgettext("list separator", ", ").join(family_name(f)
                                                              for f in ev.removed), **words)
        else:
            sub = _("+2: {bonus2}   +1: {bonus1}").format(**words)
        self.t.paint.shout_over(_("Bonus families"), sub, 2.4, avoid=(0, 1))
        self.t.log_book.log(ev.describe(self.t.names))
        gap = self.t.dur(0.06)
        moves = [self._deal_to_wild(s, sc, deck) for s, sc in dealt.items()]
        for round_ in range(max(sizes, default=0)):
            for seat in range(n):
                if round_ >= sizes[seat]:
                    continue
                if seat == board.seat and round_ < len(mine):
                    moves.append(self._deal_to_hand(mine, round_, seat, deck))
                else:
                    moves.append(self._deal_to_plate(seat, deck))
        moves = [Timeline([Wait(gap * k)] + move) for k, move in enumerate(moves)]
        return [Together(*moves), Wait(self.t.dur(0.3))]

    def _deal_to_wild(self, s: int, sc: SlotCard, deck) -> list:
        sp = sc.sprite
        sp.x, sp.y = deck

        def land() -> None:
            if sc.sprite in self.game.air:
                self.game.air.remove(sc.sprite)
            self.game.slots[s] = sc
            self.t.ctx.play("deal")
        return [Call(self.leave_deck), Call(lambda: self.game.air.append(sp)),
                self.fly(sp, self.game.geo.slot_center(s), 0.34, 1.0), Call(land)]

    def _deal_to_hand(self, mine: list[int], round_: int, seat: int, deck) -> list:
        card = mine[round_]
        sprite = CardSprite(self.game.cards.face(
            card), self.game.cards.back(), deck, False, key=card)
        target = self.game.geo.group_pos(CARD_FAMILY[card], mine[:round_ + 1])

        def land() -> None:
            self.drop_air(sprite)
            self.game.board.hand.append(card)
            self.game.board.hand_sizes[seat] += 1
        return [Call(self.leave_deck), Call(lambda: self.game.air.append(sprite)),
                Together(self.fly(sprite, target, 0.4, HAND_SCALE),
                         Timeline([Wait(self.t.dur(0.12)),
                                   sprite.flip(self.t.dur(0.28), face_up=True)])),
                Call(land)]

    def _deal_to_plate(self, seat: int, deck) -> list:
        sprite = CardSprite(self.game.cards.back(), self.game.cards.back(), deck, False)

        def land() -> None:
            self.drop_air(sprite)
            self.game.board.hand_sizes[seat] += 1
        return [Call(self.leave_deck), Call(lambda: self.game.air.append(sprite)),
                self.fly(sprite, self.game.geo.plate_target(seat), 0.36, PLATE_SCALE), Call(land)]

    @on(TurnPassed)
    def turn_passed(self, ev: TurnPassed, rest) -> list:
        board = self.game.board
        board.chosen = board.flipped = board.picked_family = None
        board.status = self.said(ev.seat, _("Your turn"), _("{name}'s turn"))
        return []

    # -- flips -----------------------------------------------------------------------------
    @on(R.CardFlipped, run=face_down, log=face_down)
    def card_flipped(self, item, rest) -> list:
        """A card turns face up (its name and log line once the face shows), or a run of
        cards turns back down together."""
        if isinstance(item, tuple):
            return self._flip_down(item)
        ev = item
        sc = self.game.slots[ev.slot]
        if sc is None:
            self.t.log_book.release_line(ev)
            return []
        sprite = sc.sprite
        sc.card = ev.card
        sprite.face = self.game.cards.face(ev.card)
        sprite.key = ev.card
        colour = self.t.paint.seat_rgb(ev.seat)
        where = R.slot_label(ev.slot)
        self.game.board.status = self.said(ev.seat, _("You flip the card at {where}\u2026"),
                                           _("{name} flips the card at {where}\u2026"),
                                           where=where)
        bird = card_name(ev.card)
        family = CARD_FAMILY[ev.card]
        if family == PREDATOR:
            found = self.said(ev.seat, _("You flip a {bird}!"), _("{name} flips a {bird}!"),
                              bird=bird)
        else:
            found = self.said(ev.seat, _("You flip a {bird} \u00b7 {family}"),
                              _("{name} flips a {bird} \u00b7 {family}"), bird=bird,
                              family=family_name(family))
        if self.game.board.flipped is None:
            self.game.board.flipped = ev.slot

        def mark() -> None:
            sprite.outline = colour

        def revealed() -> None:   # the name only once the face shows
            self.game.board.status = found
            self.t.log_book.release_line(ev)
        return [Call(mark), Tween(sprite, self.t.dur(0.1), ease_out_cubic, lift=0.5),
                self.sound("flip"),
                sprite.flip(self.t.dur(0.34), face_up=True, on_swap=revealed),
                Wait(self.t.dur(0.22))]

    def _flip_down(self, run: tuple) -> list:
        flips = []
        everyone = tuple(self.t.paint.colour_of(p) for p in range(self.t.match.num_players))
        for ev in run:
            sc = self.game.slots[ev.slot]
            if sc is None:
                continue
            sc.card = ev.card
            sc.memory = (CARD_FAMILY[ev.card], "seen")
            sc.knowers = everyone
            sprite = sc.sprite

            def clear(sprite=sprite) -> None:
                sprite.outline = None
            flips.append(Timeline([sprite.flip(self.t.dur(0.3), face_up=False), Call(clear)]))
        if not flips:
            return []
        self.game.board.flipped = None
        return [self.sound("flip"), Together(*flips), Wait(self.t.dur(0.06))]

    @on(R.PredatorStruck)
    def predator_struck(self, ev: R.PredatorStruck, rest) -> list:
        sc = self.game.slots[ev.slot]
        name = card_name(ev.card)
        self.game.board.status = self.said(ev.seat, _("The {card} pounces on you!"),
                                           _("The {card} pounces on {name}!"), card=name)
        sub = self.said(ev.seat, _("You take it: \u22121 point, and the turn ends"),
                        _("{name} takes it: \u22121 point, and the turn ends"))
        self.t.paint.shout_over(_("The {card} pounces!").format(card=name), sub,
                                1.6, ui.BAD, avoid=(ev.slot // R.COLS,))
        self.t.ctx.play("predator")
        if sc is None:
            return [Wait(self.t.dur(1.0))]
        sprite = sc.sprite
        sprite.outline = ui.BAD
        sprite.z = 5
        x = sprite.x
        shake = Timeline([Tween(sprite, self.t.dur(0.05), ease_out_cubic, x=x - 10),
                          Tween(sprite, self.t.dur(0.08), ease_out_cubic, x=x + 10),
                          Tween(sprite, self.t.dur(0.08), ease_out_cubic, x=x - 8),
                          Tween(sprite, self.t.dur(0.08), ease_out_cubic, x=x + 6),
                          Tween(sprite, self.t.dur(0.05), ease_out_cubic, x=x)])
        toward_middle = (1 - ev.slot // R.COLS) * 40   # it leaps out towards the middle
        return [Tween(sprite, self.t.dur(0.32), ease_out_back, scale=1.28, lift=0.7,
                      y=sprite.y + toward_middle),
                shake, Wait(self.t.dur(0.5))]

    @on(R.PairMatched)
    def pair_matched(self, ev: R.PairMatched, rest) -> list:
        fam = family_name(ev.family)
        self.game.board.status = self.said(ev.seat, _("A match! You keep two {family}"),
                                           _("A match! {name} keeps two {family}"), family=fam)
        sub = self.said(ev.seat, _("Two {family} fly to your hand"),
                        _("Two {family} fly to {name}'s hand"), family=fam)
        self.t.paint.shout_over(_("A match!"), sub,
                                1.2, ui.GOOD, avoid=tuple(s // R.COLS for s in ev.slots))
        self.t.ctx.play("chirp")
        pops = []
        for s in ev.slots:
            sc = self.game.slots[s]
            if sc is not None:
                sc.sprite.outline = ui.GOOD
                pops.append(Tween(sc.sprite, self.t.dur(0.25), ease_out_back, scale=1.08, lift=0.8))
        return [Together(*pops) if pops else Wait(0), Wait(self.t.dur(0.45))]

    @on(R.NoMatch)
    def no_match(self, ev: R.NoMatch, rest) -> list:
        self.game.board.status = _("No match: both cards turn back down")
        for s in ev.slots:
            sc = self.game.slots[s]
            if sc is not None:
                sc.sprite.outline = ui.BAD
        self.t.ctx.play("tap")
        return [Wait(self.t.dur(0.75))]   # the beat in which everyone remembers them

    # -- cards moving ----------------------------------------------------------------------
    @on(R.CardTaken, run=matched)
    def card_taken(self, item, rest) -> list:
        """A card flies from the Wild to a hand; a match's two fly together."""
        if isinstance(item, tuple):
            moves = [m for m in map(self._take_move, item) if m is not None]
            self.t.ctx.play("slide")
            return [Together(*moves)] if moves else []
        move = self._take_move(item)
        self.t.ctx.play("slide")
        return [move] if move is not None else []

    def _take_move(self, ev: R.CardTaken) -> Timeline | None:
        sc = self.game.slots[ev.slot]
        if sc is None:
            return None
        board = self.game.board
        self.game.slots[ev.slot] = None
        if board.flipped == ev.slot:
            board.flipped = None
        sprite = sc.sprite
        sprite.key = ev.card
        sprite.face = self.game.cards.face(ev.card)
        sprite.face_up = True
        self.game.air.append(sprite)
        family = CARD_FAMILY[ev.card]
        if ev.seat == board.seat:
            target = self.game.geo.group_pos(family, board.hand + [ev.card])
            scale = HAND_SCALE
        else:
            target = self.game.geo.plate_target(ev.seat)
            scale = PLATE_SCALE

        def land() -> None:
            self.drop_air(sprite)
            sprite.outline = None
            if ev.seat == board.seat:
                board.hand.append(ev.card)
            board.hand_sizes[ev.seat] += 1
            board.open_fams[ev.seat].append((family, True))
            self.t.ctx.play("tap")
        return Timeline([self.fly(sprite, target, 0.45, scale, lift=0.9), Call(land)])

    @on(R.OptionChosen)
    def option_chosen(self, ev: R.OptionChosen, rest) -> list:
        board = self.game.board
        board.chosen = ev.option
        title, _sub = self.t.paint.option_text(ev.option)
        board.status = self.said(ev.seat, _("You choose: {option}"),
                                 _("{name} chooses: {option}"), option=title)
        self.t.ctx.play("tap")
        board.pulse = 0.0
        return [Tween(board, self.t.dur(0.26), ease_out_back, pulse=1.0), Wait(self.t.dur(0.06))]

    @on(R.CardPicked)
    def card_picked(self, ev: R.CardPicked, rest) -> list:
        if ev.seat == self.game.board.seat and ev.card >= 0:
            self.game.board.picked_family = CARD_FAMILY[ev.card]
        return []

    @on(R.CardPlaced)
    def card_placed(self, ev: R.CardPlaced, rest) -> list:
        """A hand card flies face down into a space (the viewer's own turns over on the way)."""
        board = self.game.board
        mine = ev.seat == board.seat and ev.card >= 0
        target = self.game.geo.slot_center(ev.slot)
        back = self.game.cards.back()
        if mine:
            family = CARD_FAMILY[ev.card]
            start = self.game.geo.group_pos(family, board.hand)
            if ev.card in board.hand:
                board.hand.remove(ev.card)
            sprite = CardSprite(self.game.cards.face(ev.card), back, start, True, key=ev.card)
            sprite.scale = HAND_SCALE
            memory = (family, "yours")
        else:
            sprite = CardSprite(back, back, self.game.geo.plate_target(ev.seat), False)
            sprite.scale = PLATE_SCALE
            memory = None
        board.picked_family = None
        board.hand_sizes[ev.seat] = max(0, board.hand_sizes[ev.seat] - 1)
        self.game.air.append(sprite)
        board.status = self.said(ev.seat, _("You hide a card at {where}"),
                                 _("{name} hides a card at {where}"),
                                 where=R.slot_label(ev.slot))
        self.t.ctx.play("slide")
        sc = SlotCard(sprite, ev.card if mine else None, memory, (self.t.paint.colour_of(ev.seat),))
        moves = [self.fly(sprite, target, 0.45, 1.0, lift=0.8)]
        if mine:
            moves.append(Timeline([Wait(self.t.dur(0.12)),
                                   sprite.flip(self.t.dur(0.3), face_up=False)]))

        def land() -> None:
            self.drop_air(sprite)
            self.game.slots[ev.slot] = sc
            self.t.ctx.play("tap")
        return [Together(*moves), Call(land), Wait(self.t.dur(0.05))]

    @on(R.CardsDrawn)
    def cards_drawn(self, ev: R.CardsDrawn, rest) -> list:
        board = self.game.board
        deck = self.game.geo.deck_center()
        mine = ev.seat == board.seat
        moves = []
        n = len(ev.cards)
        board.status = self.said(ev.seat, ngettext("You draw {n} from the deck",
                                                   "You draw {n} from the deck", n),
                                 ngettext("{name} draws {n} from the deck",
                                          "{name} draws {n} from the deck", n), n=n)
        self.t.ctx.play("deal")
        hand_after = list(board.hand)
        for k, card in enumerate(ev.cards):
            known = mine and card >= 0
            if known:
                hand_after.append(card)
                sprite = CardSprite(self.game.cards.face(
                    card), self.game.cards.back(), deck, False, key=card)
                target = self.game.geo.group_pos(CARD_FAMILY[card], hand_after)
                scale = HAND_SCALE
            else:
                sprite = CardSprite(self.game.cards.back(), self.game.cards.back(), deck, False)
                target = self.game.geo.plate_target(ev.seat)
                scale = PLATE_SCALE

            def leave(sprite=sprite) -> None:
                self.leave_deck()
                self.game.air.append(sprite)

            def land(sprite=sprite, card=card, known=known) -> None:
                self.drop_air(sprite)
                if known:
                    board.hand.append(card)
                board.hand_sizes[ev.seat] += 1
                self.t.ctx.play("deal")
            parts = [self.fly(sprite, target, 0.45, scale)]
            if known:
                parts.append(Timeline([Wait(self.t.dur(0.15)),
                                       sprite.flip(self.t.dur(0.3), face_up=True)]))
            moves.append(Timeline([Wait(self.t.dur(0.12) * k), Call(leave), Together(*parts),
                                   Call(land)]))
        return [Together(*moves), Wait(self.t.dur(0.1))]

    @on(R.RowMigrated)
    def row_migrated(self, ev: R.RowMigrated, rest) -> list:
        if not ev.slots:
            return []
        n = len(ev.slots)
        sub = ngettext("{n} bird flies into the empty row {row}",
                       "{n} birds fly into the empty row {row}", n).format(n=n, row=ev.row + 1)
        self.t.paint.shout_over(_("Migration!"), sub, 1.4, avoid=(ev.row,))
        self.game.board.status = _("Migration: row {row} fills from the deck").format(
            row=ev.row + 1)
        self.t.ctx.play("shuffle")
        deck = self.game.geo.deck_center()
        moves = []
        for k, slot in enumerate(ev.slots):
            back = self.game.cards.back()
            sprite = CardSprite(back, back, deck, False)
            sc = SlotCard(sprite, None, None, ())

            def leave(sprite=sprite) -> None:
                self.leave_deck()
                self.game.air.append(sprite)

            def land(slot=slot, sc=sc) -> None:
                self.drop_air(sc.sprite)
                self.game.slots[slot] = sc
                self.t.ctx.play("deal")
            moves.append(Timeline([Wait(self.t.dur(0.1) * k), Call(leave),
                                   self.fly(sprite, self.game.geo.slot_center(slot), 0.4, 1.0),
                                   Call(land)]))
        return [Together(*moves), Wait(self.t.dur(0.3))]

    @on(R.HandsRevealed)
    def hands_revealed(self, ev: R.HandsRevealed, rest) -> list:
        self.game.board.final_scores = ev.scores
        self.t.paint.shout_over(_("The deck is empty!"),
                                _("The game ends at once: every hand is scored"), 1.5)
        self.game.board.status = _("The deck is empty: the game is over")
        return [Wait(self.t.dur(1.5))]
