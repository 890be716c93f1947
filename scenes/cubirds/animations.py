"""How CuBirds' events play out on the table: one handler per event type.

Each handler plans on the table's working copy of the sprite lists (a card joins its new
row or hand group at once; only its position is tweened) and returns the steps of one
timeline; the plates' and piles' counts (``self.counts``) change as cards land. The
table's ``motion`` part: it reads the game part's sprites, ``geo`` (geometry) and
``counts`` (the display model).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.cubirds.cards import birds_text
from game.cubirds.rules import (LEFT, RIGHT, BirdsCaptured, BirdsPlaced, CardsDrawn,
                                CollectionStarted, DrawDeclined, FlockCompleted, HandDealt,
                                HandDiscarded, Reshuffled, RestorationDrawn, RestorationPlaced,
                                RoundEnded, RoundStarted, RowDealt, SetupDiscarded)
from game.engine import Event, GameOver
from game.i18n import _
from scenes.cubirds.geometry import H, W
from scenes.table.animations import Animations, on
from sprites import ui
from sprites.card import CardSprite
from sprites.tween import Call, Timeline, Together, Tween, Wait

PLATE_SCALE = 0.46       # cards shrink to this as they fly into a seat's plate
PREVIEW_LIFT = 0.7       # birds a move would take rise this much (of LIFT_PX), outlined


@dataclass
class Preview:
    """What a move would do: ghost cards at ``ghosts`` and the sprites it would take."""

    species: str
    ghosts: list[tuple[int, int]]
    captured: list[CardSprite] = field(default_factory=list)


class CuBirdsAnimations(Animations):
    _joined: object = None   # the event planned last (see join)

    def prepare(self, events) -> list[Event]:
        self._joined = None
        return list(events)

    def join(self, steps: list, item, new: list) -> None:
        """The restoration card comes off the deck while the taken birds fly; the win
        sounds once the winning move has played."""
        if isinstance(item, RestorationDrawn) and isinstance(self._joined, BirdsCaptured):
            steps.append(Together(steps.pop(), Timeline([Wait(self.t.dur(0.15))] + new)))
        else:
            steps.extend(new)
        if isinstance(item, GameOver):
            steps.append(Call(lambda: self.t.ctx.play("win")))
        self._joined = item

    # -- motion ---------------------------------------------------------------------------
    def fly(self, spr: CardSprite, pos, seconds: float = 0.42, lift: float = 0.6,
            scale: float | None = None, sound: str | None = None, then=None) -> Timeline:
        """Move a card above everything else (visible from its first frame)."""
        def start() -> None:
            spr.visible = True
            spr.z = 1
            if sound:
                self.t.ctx.play(sound)

        def land() -> None:
            spr.z = 0
            if then is not None:
                then()

        return Timeline([Call(start), spr.move_to(pos, self.t.dur(seconds), lift, scale), Call(land)])

    def slide(self, spr: CardSprite, pos, seconds: float = 0.3) -> Timeline:
        """Close up or spread a row or hand: a flat glide, no lift."""
        return Timeline([spr.move_to(pos, self.t.dur(seconds), 0.0)])

    def row_reflow(self, r: int, seconds: float = 0.3, skip=()) -> list:
        row = self.game.rows_spr[r]
        return [self.slide(s, p, seconds) for s, p in zip(row, self.game.geo.row_centres(r, len(row)))
                if s not in skip]

    def hand_reflow(self, seconds: float = 0.3, skip=()) -> list:
        centres = self.game.geo.hand_centres(self.game.hand_groups())
        steps = []
        for species, cards in self.game.hand_spr.items():
            for s, p in zip(cards, centres.get(species, [])):
                if s not in skip:
                    steps.append(self.slide(s, p, seconds))
        return steps

    def drop(self, spr: CardSprite) -> None:
        if spr in self.game.flying:
            self.game.flying.remove(spr)

    def add_to_hand(self, spr: CardSprite, species: str) -> None:
        self.game.hand_spr.setdefault(species, []).append(spr)

    def staggered(self, items: list, gap: float) -> Together:
        return Together(*[Timeline([Wait(self.t.dur(i * gap)), t]) for i, t in enumerate(items)])

    def _beat(self, preview: Preview, seconds: float = 0.36) -> list:
        """Show an AI's choice the way a person's is previewed, for a moment."""
        def show() -> None:
            self.game.preview = preview
            for s in preview.captured:
                s.lift, s.outline = PREVIEW_LIFT, ui.ACCENT

        def hide() -> None:
            self.game.preview = None
        return [Call(show), Wait(self.t.dur(seconds)), Call(hide)]

    def _settle(self, s: CardSprite) -> None:
        s.outline = None
        s.lift = 0.0

    def _deck_minus(self, n: int):
        def fn() -> None:
            self.game.counts.deck = max(0, self.game.counts.deck - n)
        return fn

    def _to_discard(self, species: str, start, face_up: bool = True, from_deck: bool = False,
                    scale: float = 1.0, spr: CardSprite | None = None) -> Timeline:
        if spr is None:
            spr = self.game.card(species, start, face_up=face_up, visible=False, scale=scale)
            self.game.flying.append(spr)

        def land() -> None:
            self.drop(spr)
            self.game.counts.discard.append(species)
            for cards in self.game.hand_spr.values():
                if spr in cards:
                    cards.remove(spr)
        steps = []
        if from_deck:
            steps.append(Call(self._deck_minus(1)))
        flight = self.fly(spr, self.game.geo.discard_pos(), 0.4,
                          scale=1.0, sound="slide", then=land)
        if not spr.face_up:
            flight = Together(flight, Timeline(
                [Wait(self.t.dur(0.1)), spr.flip(self.t.dur(0.26), face_up=True)]))
        steps.append(flight)
        return Timeline(steps)

    def _into_plate(self, spr: CardSprite, seat: int, n: int = 1):
        def fn() -> None:
            self.drop(spr)
            self.game.counts.hand_sizes[seat] += n
        return fn

    def _into_collection(self, spr: CardSprite, seat: int, species: str, n: int):
        def fn() -> None:
            self.drop(spr)
            coll = self.game.counts.collections[seat]
            coll[species] = coll.get(species, 0) + n
        return fn

    # -- events -> timelines -------------------------------------------------------------
    @on(RoundStarted)
    def round_started(self, e: RoundStarted, rest) -> list:
        starter = self.t.names[e.starter]
        title = _("Round {round}").format(round=e.round)
        sub = _("{name} deals and starts").format(name=starter)

        def show() -> None:
            self.game.counts.round = e.round
            self.game.counts.dealing = True
            self.t.messages.banner(title, sub, hold=1.1)
        return [Call(show), Wait(self.t.dur(0.35))]

    @on(RowDealt, run=True)
    def row_dealt(self, group: tuple, rest) -> list:
        flights = []
        for e in group:
            row = [self.game.card(s, self.game.geo.deck_pos(),
                                    face_up=False, visible=False) for s in e.cards]
            self.game.rows_spr[e.row] = row
            for spr, pos in zip(row, self.game.geo.row_centres(e.row, len(row))):
                flights.append(Timeline([Call(self._deck_minus(1)),
                                         self.fly(spr, pos, 0.34, sound="deal"),
                                         spr.flip(self.t.dur(0.24))]))
        return [self.staggered(flights, 0.07)]

    @on(SetupDiscarded)
    def setup_discarded(self, e: SetupDiscarded, rest) -> list:
        return [self.staggered([self._to_discard(s, self.game.geo.deck_pos(), face_up=False, from_deck=True)
                                for s in e.cards], 0.08)]

    @on(HandDealt, run=True)
    def hand_dealt(self, group: tuple, rest) -> list:
        seats = []
        viewer = self.t.shown.seat if self.t.shown is not None else None
        for k, e in enumerate(group):
            flights = []
            if e.seat == viewer and e.seat is not None:
                new = []
                for s in e.cards:
                    spr = self.game.card(s, self.game.geo.deck_pos(),
                                           face_up=False, visible=False)
                    self.add_to_hand(spr, s)
                    new.append(spr)
                centres = self.game.geo.hand_centres(self.game.hand_groups())
                index = {id(s): p for sp, cards in self.game.hand_spr.items()
                         for s, p in zip(cards, centres[sp])}
                for spr in new:
                    flights.append(Timeline([Call(self._deck_minus(1)),
                                             self.fly(spr, index[id(spr)], 0.38, sound="deal"),
                                             spr.flip(self.t.dur(0.2), face_up=True)]))
                moves = self.hand_reflow(0.3, skip=set(new))
                if moves:
                    flights.append(Together(*moves))
            else:
                flights += self._backs_to_plate(e.seat, len(e.cards), 0.38)
            seats.append(Timeline([Wait(self.t.dur(0.22 * k)), self.staggered(flights, 0.045)]))
        return [Call(lambda: setattr(self.game.counts, "dealing", True)), Together(*seats)]

    @on(CollectionStarted, run=True)
    def collection_started(self, group: tuple, rest) -> list:
        flights = []
        for e in group:
            spr = self.game.card(e.species, self.game.geo.deck_pos(),
                                   face_up=False, visible=False)
            self.game.flying.append(spr)
            target = self.game.geo.plate_coll_pos(
                e.seat, e.species, self.game.counts.collections[e.seat])
            flights.append(Timeline([Call(self._deck_minus(1)), spr.flip(self.t.dur(0.24), face_up=True),
                                     self.fly(spr, target, 0.42, scale=PLATE_SCALE, sound="slide",
                                              then=self._into_collection(spr, e.seat, e.species, 1))]))
        return [self.staggered(flights, 0.12)]

    @on(Reshuffled)
    def reshuffled(self, e: Reshuffled, rest) -> list:
        shown = min(6, max(1, len(self.game.counts.discard)))
        flights = []
        for _k in range(shown):
            spr = self.game.card(None, self.game.geo.discard_pos(),
                                   face_up=False, visible=False)
            self.game.flying.append(spr)
            flights.append(self.fly(spr, self.game.geo.deck_pos(),
                           0.34, then=lambda s=spr: self.drop(s)))

        def done() -> None:
            self.game.counts.deck = e.count
            self.game.counts.discard = []

        def start() -> None:
            self.t.ctx.play("shuffle")
            self.game.counts.discard = self.game.counts.discard[-1:] if self.game.counts.discard else [
                ]
        return [Call(start), self.staggered(flights, 0.06), Call(done), Wait(self.t.dur(0.15))]

    @on(BirdsPlaced)
    def birds_placed(self, e: BirdsPlaced, rest) -> list:
        steps: list = []
        row = self.game.rows_spr[e.row]
        capture = next((x for x in rest if isinstance(x, BirdsCaptured)), None)
        if capture is not None and not isinstance(rest[0], BirdsCaptured):
            capture = None
        if not self.t.couch.is_human(e.seat):
            captured = row[capture.start:capture.start + len(capture.cards)] if capture else []
            ghosts = self.game.geo.ghost_positions(e.row, e.side, e.count, len(row))
            steps += self._beat(Preview(e.species, ghosts, list(captured)))
        viewer = self.t.shown.seat if self.t.shown is not None else None
        if e.seat == viewer and self.game.hand_spr.get(e.species):
            placed = self.game.hand_spr.pop(e.species)
            for s in placed:
                s.lift = 0.0
        else:
            start = self.game.geo.plate_hand_pos(e.seat)
            placed = [self.game.card(e.species, start, visible=False, scale=PLATE_SCALE)
                      for _ in range(e.count)]
        self.game.placed_count = len(placed)
        new_row = placed + row if e.side == LEFT else row + placed
        self.game.rows_spr[e.row] = new_row
        centres = dict(zip(map(id, new_row), self.game.geo.row_centres(e.row, len(new_row))))
        order = placed if e.side == RIGHT else list(reversed(placed))
        flights = [self.fly(s, centres[id(s)], 0.4, scale=1.0, sound="slide" if k == 0 else None)
                   for k, s in enumerate(order)]
        seat = e.seat
        count = e.count

        def leave() -> None:
            self.game.counts.hand_sizes[seat] = max(
                0, self.game.counts.hand_sizes[seat] - count)
        moves = [Call(leave), self.staggered(flights, 0.05)]
        moves += self.row_reflow(e.row, 0.32, skip=set(placed))
        moves += self.hand_reflow(0.3)
        steps.append(Together(*moves))
        return steps

    @on(BirdsCaptured)
    def birds_captured(self, e: BirdsCaptured, rest) -> list:
        row = self.game.rows_spr[e.row]
        # the placed birds are already in the row: skip them to find the enclosed ones
        offset = self.game.placed_count if e.side == LEFT else 0
        taken = row[offset + e.start: offset + e.start + len(e.cards)]
        del row[offset + e.start: offset + e.start + len(e.cards)]
        lift = [Tween(s, self.t.dur(0.18), lift=PREVIEW_LIFT) for s in taken]

        def mark() -> None:
            for s in taken:
                s.outline = ui.ACCENT
        steps: list = [Call(mark), Together(*lift), Wait(self.t.dur(0.1))]
        viewer = self.t.shown.seat if self.t.shown is not None else None
        moves: list = []
        if e.seat == viewer:
            for s, species in zip(taken, e.cards):
                self.add_to_hand(s, species)
            centres = self.game.geo.hand_centres(self.game.hand_groups())
            where = {id(s): p for sp, cards in self.game.hand_spr.items()
                        for s, p in zip(cards, centres[sp])}
            for k, s in enumerate(taken):
                moves.append(self.fly(s, where[id(s)], 0.4, sound="slide" if k == 0 else None,
                                      then=lambda s=s: self._settle(s)))
            moves += self.hand_reflow(0.3, skip=set(taken))
        else:
            for k, s in enumerate(taken):
                self.game.flying.append(s)
                moves.append(self.fly(s, self.game.geo.plate_hand_pos(e.seat), 0.4, scale=PLATE_SCALE,
                                      sound="slide" if k == 0 else None,
                                      then=self._into_plate(s, e.seat)))
        moves += self.row_reflow(e.row, 0.34)
        steps.append(Together(*moves))
        return steps

    @on(RestorationDrawn)
    def restoration_drawn(self, e: RestorationDrawn, rest) -> list:
        spr = self.game.card(e.species, self.game.geo.deck_pos(), face_up=False, visible=False)
        self.game.pending_spr = spr
        target = self.game.geo.rect_of("pending").center

        def landed() -> None:
            self.game.for_row = e.row
        return [Call(self._deck_minus(1)),
                Together(self.fly(spr, target, 0.38, sound="slide", then=landed),
                         Timeline([Wait(self.t.dur(0.12)), spr.flip(self.t.dur(0.28), face_up=True)])),
                Call(lambda: self.t.ctx.play("flip")), Wait(self.t.dur(0.05))]

    @on(RestorationPlaced)
    def restoration_placed(self, e: RestorationPlaced, rest) -> list:
        steps: list = []
        if not self.t.couch.is_human(e.seat):
            steps += self._beat(Preview(e.species, self.game.geo.ghost_positions(
                e.row, e.side, 1, len(self.game.rows_spr[e.row]))), 0.26)
        spr = self.game.pending_spr
        if spr is None:
            spr = self.game.card(e.species, self.game.geo.rect_of("pending").center)
        self.game.pending_spr = None
        row = self.game.rows_spr[e.row]
        if e.side == LEFT:
            row.insert(0, spr)
        else:
            row.append(spr)
        centres = self.game.geo.row_centres(e.row, len(row))
        target = centres[0] if e.side == LEFT else centres[-1]

        def landed() -> None:
            self.game.for_row = None
        steps.append(Together(self.fly(spr, target, 0.36, sound="slide", then=landed),
                              *self.row_reflow(e.row, 0.3, skip={spr})))
        return steps

    @on(CardsDrawn)
    def cards_drawn(self, e: CardsDrawn, rest) -> list:
        viewer = self.t.shown.seat if self.t.shown is not None else None
        flights = []
        if e.seat == viewer:
            new = []
            for s in e.cards:
                spr = self.game.card(s, self.game.geo.deck_pos(), face_up=False, visible=False)
                self.add_to_hand(spr, s)
                new.append(spr)
            centres = self.game.geo.hand_centres(self.game.hand_groups())
            where = {id(s): p for sp, cards in self.game.hand_spr.items()
                        for s, p in zip(cards, centres[sp])}
            for spr in new:
                flights.append(Timeline([Call(self._deck_minus(1)),
                                         self.fly(spr, where[id(spr)], 0.42, sound="deal"),
                                         spr.flip(self.t.dur(0.22), face_up=True)]))
            reflow = self.hand_reflow(0.3, skip=set(new))
            return [Together(self.staggered(flights, 0.1), *reflow)]
        flights += self._backs_to_plate(e.seat, len(e.cards), 0.42)
        return [self.staggered(flights, 0.1)]

    def _backs_to_plate(self, seat: int, count: int, seconds: float) -> list:
        """Cards an opponent draws: backs flying from the deck into their plate's hand."""
        flights = []
        for _k in range(count):
            spr = self.game.card(None, self.game.geo.deck_pos(), face_up=False, visible=False)
            self.game.flying.append(spr)
            flights.append(Timeline([Call(self._deck_minus(1)),
                                     self.fly(spr, self.game.geo.plate_hand_pos(seat), seconds,
                                              scale=PLATE_SCALE, sound="deal",
                                              then=self._into_plate(spr, seat))]))
        return flights

    @on(DrawDeclined)
    def draw_declined(self, e: DrawDeclined, rest) -> list:
        return [Wait(self.t.dur(0.1))]

    @on(FlockCompleted)
    def flock_completed(self, e: FlockCompleted, rest) -> list:
        viewer = self.t.shown.seat if self.t.shown is not None else None
        if e.seat == viewer and self.game.hand_spr.get(e.species):
            cards = self.game.hand_spr.pop(e.species)
        else:
            start = self.game.geo.plate_hand_pos(e.seat)
            cards = [self.game.card(e.species, start, visible=False, scale=PLATE_SCALE)
                     for _ in range(e.revealed)]
        for s in cards:
            self.game.flying.append(s)
        cx, cy = self.game.geo.fan_centre()
        pitch = min(84, 900 // max(len(cards), 1))
        x0 = cx - pitch * (len(cards) - 1) / 2
        fan = [self.fly(s, (int(x0 + k * pitch), cy), 0.36, scale=1.0, lift=0.8,
                        sound="slide" if k == 0 else None) for k, s in enumerate(cards)]
        seat, species = e.seat, e.species
        kept, rest_cards = cards[:e.kept], cards[e.kept:]
        words = dict(birds=birds_text(species, e.revealed), kept=e.kept,
                     name=self.t.names[seat])
        if seat == viewer:
            caption = (_("Big flock of {birds}: {kept} to your collection") if e.kept == 2
                       else _("Small flock of {birds}: {kept} to your collection"))
        else:
            caption = (_("Big flock of {birds}: {kept} to {name}'s collection")
                       if e.kept == 2 else
                       _("Small flock of {birds}: {kept} to {name}'s collection"))
        caption = caption.format(**words)
        fan_rect = pygame.Rect(0, 0, int(pitch * (len(cards) - 1) + W), H)
        fan_rect.center = (cx, cy)

        def show() -> None:
            self.game.fan_caption, self.game.fan_rect = caption, fan_rect

        def hide() -> None:
            self.game.fan_caption = ""
        goes = []
        for s in kept:
            goes.append(self.fly(s, self.game.geo.plate_coll_pos(seat, species, self.game.counts.collections[seat]), 0.4, scale=PLATE_SCALE,
                                 then=self._into_collection(s, seat, species, 1)))
        for s in rest_cards:
            goes.append(self._to_discard(species, None, spr=s))
        return [Together(self.staggered(fan, 0.05), *self.hand_reflow(0.3)),
                Call(lambda: self.t.ctx.play("chirp")), Call(show),
                Wait(self.t.dur(0.5)), Call(hide),
                self.staggered(goes, 0.05)]

    @on(RoundEnded)
    def round_ended(self, e: RoundEnded, rest) -> list:
        title = _("Round {round} ends").format(round=e.round)
        sub = _("{name}'s hand is empty").format(name=self.t.names[e.ender])
        return [Call(lambda: self.t.messages.banner(title, sub, hold=0.9)), Wait(self.t.dur(0.7))]

    @on(HandDiscarded)
    def hand_discarded(self, e: HandDiscarded, rest) -> list:
        viewer = self.t.shown.seat if self.t.shown is not None else None
        flights = []
        seat = e.seat

        def empty() -> None:
            self.game.counts.hand_sizes[seat] = 0
        if e.seat == viewer and self.game.hand_spr:
            for species, cards in list(self.game.hand_spr.items()):
                for s in cards:
                    self.game.flying.append(s)
                    flights.append(self._to_discard(species, None, spr=s))
            self.game.hand_spr = {}
        else:
            for species in e.cards:
                flights.append(self._to_discard(species, self.game.geo.plate_hand_pos(e.seat),
                                                scale=PLATE_SCALE))
        return [Call(empty), self.staggered(flights, 0.04)]
