"""The CuBirds table: four rows of birds, the piles, every seat's plate and the viewer's hand.

How it is drawn: everything comes from ``self.shown`` (the viewer's view) and from the
events of each move, never from the state's hidden fields, so another seat's cards stay
hidden (a spectator sees no hand at all). ``refresh()`` rebuilds every sprite from the
view once the animations end; ``animate()`` plans a move's animation on a working copy
of the sprite lists (a card joins its new row or hand group at once, and only its
position is tweened) and queues one timeline for it. Counts on the plates and piles are
a small display model that the timeline updates as cards land.

How a person plays (gamepad, keys or mouse, all through :class:`scenes.picker.Picker`):

1. ``species`` — pick a species group in the hand;
2. ``end`` — pick a row end; the table previews the move (ghost cards at that end, the
   birds that would be taken lifted and outlined). BACK returns to step 1;
3. ``restore`` — a restoration card waits by the deck: pick the end it joins (when both
   ends give the same row the table plays it without asking);
4. ``draw`` — nothing was taken and cards are left in hand: "Draw 2" or "No thanks"
   (a placement that empties the hand without taking anything ends the round at once,
   ruling CB-5, so the table plays straight on to the round's end);
5. ``flock`` — pick a species that makes a flock, or "No flock".

AI seats show the same preview for a beat before their birds fly, so every move reads
the same whoever makes it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.cubirds.cards import INDEX, NUM_ROWS, SMALL, SPECIES, species_name
from game.cubirds.rules import (DRAW, FLOCK, LEFT, PLACE, RESTORE, RIGHT, SIDES,
                                BirdsCaptured, BirdsPlaced, CardsDrawn, CollectionStarted,
                                DrawTwo, Flock, FlockCompleted, HandDealt, HandDiscarded,
                                Pass, Place, Reshuffled, Restore, RestorationDrawn,
                                RestorationPlaced, RoundEnded, RoundStarted, RowDealt,
                                SetupDiscarded, enclose, flock_reward)
from game.engine import GameOver, TurnPassed
from game.input import Act, Input
from scenes.picker import Option, Picker
from scenes.table import TableScene
from sprites import cubirds_cards as art
from sprites import ui
from sprites.card import LIFT_PX, CardSprite
from sprites.tween import Call, Timeline, Together, Tween, Wait

W, H = art.CARD
PITCH = W + 8            # card spacing in a row before it has to close up
ROW_GAP = 12             # between a row's end card and the landing slot beside it
GHOST_STEP = 22          # several ghost cards fan outward from the slot
FAN = 34                 # overlap step inside a hand group
GROUP_GAP = 26           # between hand groups
PLATE_SCALE = 0.46       # cards shrink to this as they fly into a seat's plate
CHIP_PITCH = (60, 60)
PREVIEW_LIFT = 0.7       # birds a move would take rise this much (of LIFT_PX), outlined
DECK_SIZE = 110


@dataclass
class Preview:
    """What a move would do: ghost cards at ``ghosts`` and the sprites it would take."""

    species: str
    ghosts: list[tuple[int, int]]
    captured: list[CardSprite] = field(default_factory=list)


class CuBirdsTable(TableScene):
    # -- set-up --------------------------------------------------------------------------
    def setup(self) -> None:
        humans = self.match.humans
        self.anchor_seat = humans[0] if len(humans) == 1 else 0
        self.rows_spr: list[list[CardSprite]] = [[] for _ in range(NUM_ROWS)]
        self.hand_spr: dict[str, list[CardSprite]] = {}
        self.pending_spr: CardSprite | None = None
        self.pending_row: int | None = None
        self.dealing = False
        self._late: list[CardSprite] = []
        self.fan_caption = ""
        self.fan_rect = pygame.Rect(0, 0, 0, 0)
        self.flying: list[CardSprite] = []
        self.disp_sizes: list[int] = []
        self.disp_coll: list[dict[str, int]] = []
        self.disp_deck = 0
        self.disp_discard: list[str] = []
        self.step: str | None = None
        self.chosen: str | None = None       # the species picked in step 1
        self.preview: Preview | None = None
        self.highlight: str | None = None    # species outlined in the rows (step 1 hint)
        self._placed_count = 0
        self.buttons: list[Option] = []
        art.warm(self.patterns)   # build every face now, not in the middle of a deal
        b = self.rect_of("buttons")
        bh = (b.h - 12) // 2
        self.button_rects = [pygame.Rect(b.x, b.y, b.w, bh), pygame.Rect(b.x, b.y + bh + 12, b.w, bh)]

    def enter(self) -> None:
        """The opening deal starts from an empty table and a full deck."""
        for row in self.rows_spr:
            row.clear()
        self.hand_spr = {}
        self.pending_spr = None
        self.disp_sizes = [0] * self.match.num_players
        self.disp_coll = [{} for _ in range(self.match.num_players)]
        self.disp_deck = DECK_SIZE
        self.disp_discard = []
        super().enter()

    # -- geometry --------------------------------------------------------------------------
    def rect_of(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.get(name).rect)

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Seats turn round the table so a lone human always sits at the bottom."""
        n = self.match.num_players
        return self.rect_of(f"seat{(seat - self.anchor_seat) % n}")

    def fence(self, r: int) -> pygame.Rect:
        row = self.rect_of(f"row{r}")
        return pygame.Rect(row.x + 56, row.y, row.w - 56, row.h)

    def row_centres(self, r: int, n: int) -> list[tuple[int, int]]:
        f = self.fence(r)
        cy = f.centery
        if n <= 0:
            return []
        room = f.w - 2 * (W + ROW_GAP + 2 * GHOST_STEP)
        pitch = PITCH
        if W + pitch * (n - 1) > room:
            pitch = max(24, (room - W) / max(n - 1, 1))
        width = W + pitch * (n - 1)
        x0 = f.centerx - width / 2 + W / 2
        return [(int(x0 + i * pitch), cy) for i in range(n)]

    def end_slot(self, r: int, side: str, n: int | None = None) -> pygame.Rect:
        """The landing place just beyond one end of row ``r`` (of ``n`` cards)."""
        n = len(self.rows_spr[r]) if n is None else n
        centres = self.row_centres(r, n)
        f = self.fence(r)
        if not centres:
            cx = f.centerx - (W + ROW_GAP) // 2 if side == LEFT else f.centerx + (W + ROW_GAP) // 2
        elif side == LEFT:
            cx = centres[0][0] - W - ROW_GAP
        else:
            cx = centres[-1][0] + W + ROW_GAP
        rect = pygame.Rect(0, 0, W, H)
        rect.center = (cx, f.centery)
        return rect

    def ghost_positions(self, r: int, side: str, count: int, n: int | None = None) -> list[tuple[int, int]]:
        slot = self.end_slot(r, side, n)
        step = -GHOST_STEP if side == LEFT else GHOST_STEP
        return [(slot.centerx + i * step, slot.centery) for i in range(count)]

    def hand_centres(self, groups: list[tuple[str, int]]) -> dict[str, list[tuple[int, int]]]:
        area = self.rect_of("hand")
        cy = area.y + 22 + H // 2
        if not groups:
            return {}
        fan, gap = FAN, GROUP_GAP
        extra = sum(n - 1 for _, n in groups)
        total = len(groups) * W + extra * fan + gap * (len(groups) - 1)
        if total > area.w:
            gap = 12
            fan = max(8, (area.w - len(groups) * W - gap * (len(groups) - 1)) / max(extra, 1))
            total = len(groups) * W + extra * fan + gap * (len(groups) - 1)
        x = area.centerx - total / 2 + W / 2
        out: dict[str, list[tuple[int, int]]] = {}
        for species, n in groups:
            out[species] = [(int(x + i * fan), cy) for i in range(n)]
            x += W + (n - 1) * fan + gap
        return out

    def hand_groups(self) -> list[tuple[str, int]]:
        return [(s, len(self.hand_spr[s])) for s in SPECIES if self.hand_spr.get(s)]

    def group_rect(self, species: str) -> pygame.Rect:
        cards = self.hand_spr.get(species) or []
        if not cards:
            return pygame.Rect(0, 0, 0, 0)
        pos = self.hand_centres(self.hand_groups())[species]
        first = pygame.Rect(0, 0, W, H)
        first.center = pos[0]
        last = pygame.Rect(0, 0, W, H)
        last.center = pos[-1]
        rect = first.union(last)
        return rect.union(rect.move(0, -LIFT_PX))

    def deck_pos(self) -> tuple[int, int]:
        return self.rect_of("draw").center

    def discard_pos(self) -> tuple[int, int]:
        return self.rect_of("discard").center

    def plate_hand_pos(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rect(seat)
        return (rect.x + 37, rect.y + 92)

    @staticmethod
    def chip_offset(index: int, width: int) -> tuple[int, int]:
        """Where the ``index``-th collection badge sits on a plate ``width`` wide."""
        per_line = max(1, (width - 8 - 78) // CHIP_PITCH[0])
        line, col = divmod(index, per_line)
        return (78 + col * CHIP_PITCH[0] + art.CHIP[0] // 2, 56 + line * CHIP_PITCH[1] + art.CHIP[1] // 2)

    def chip_pos(self, seat: int, index: int) -> tuple[int, int]:
        rect = self.seat_rect(seat)
        dx, dy = self.chip_offset(index, rect.w)
        return (rect.x + dx, rect.y + dy)

    def plate_coll_pos(self, seat: int, species: str) -> tuple[int, int]:
        have = [s for s in SPECIES if self.disp_coll[seat].get(s)]
        index = have.index(species) if species in have else len(have)
        return self.chip_pos(seat, index)

    def fan_centre(self) -> tuple[int, int]:
        a, b = self.fence(0), self.fence(NUM_ROWS - 1)
        return (a.centerx, (a.y + b.bottom) // 2)

    def loggable(self, event) -> bool:
        """Keep the one-line log on what happened: whose turn it is and who was dealt
        cards show on the plates, so those lines would only push the news away."""
        return not isinstance(event, (TurnPassed, HandDealt))

    # -- sprites -------------------------------------------------------------------------------
    @property
    def patterns(self) -> bool:
        return bool(self.ctx.settings.colour_patterns)

    def card(self, species: str | None, pos, face_up: bool = True, visible: bool = True,
             scale: float = 1.0) -> CardSprite:
        front = art.face(species, self.patterns) if species else art.back()
        spr = art.TableCard(front, art.back(), pos, face_up=face_up, key=species)
        spr.visible = visible
        spr.scale = scale
        return spr

    def refresh(self) -> None:
        """Snap every sprite and count to the viewer's view."""
        v = self.shown
        self.rows_spr = []
        for r, row in enumerate(v.rows):
            self.rows_spr.append([self.card(s, p) for s, p in zip(row, self.row_centres(r, len(row)))])
        centres = self.hand_centres(list(v.hand))
        self.hand_spr = {s: [self.card(s, p) for p in centres[s]] for s, _ in v.hand}
        self.pending_spr = None
        self.pending_row = v.pending_row
        self.round_shown = v.round
        if v.pending is not None:
            self.pending_spr = self.card(v.pending, self.rect_of("pending").center)
        self.flying = []
        self.disp_sizes = list(v.hand_sizes)
        self.disp_coll = [dict(pairs) for pairs in v.collections]
        self.disp_deck = v.deck_size
        self.disp_discard = list(v.discard)
        self.preview = None
        self.highlight = None
        self.dealing = False

    # -- animation helpers ------------------------------------------------------------------
    def fly(self, spr: CardSprite, pos, seconds: float = 0.42, lift: float = 0.6,
            scale: float | None = None, sound: str | None = None, then=None) -> Timeline:
        """Move a card above everything else (visible from its first frame)."""
        def start() -> None:
            spr.visible = True
            spr.z = 1
            if sound:
                self.ctx.play(sound)

        def land() -> None:
            spr.z = 0
            if then is not None:
                then()

        return Timeline([Call(start), spr.move_to(pos, self.dur(seconds), lift, scale), Call(land)])

    def slide(self, spr: CardSprite, pos, seconds: float = 0.3) -> Timeline:
        """Close up or spread a row or hand: a flat glide, no lift."""
        return Timeline([spr.move_to(pos, self.dur(seconds), 0.0)])

    def row_reflow(self, r: int, seconds: float = 0.3, skip=()) -> list:
        row = self.rows_spr[r]
        return [self.slide(s, p, seconds) for s, p in zip(row, self.row_centres(r, len(row)))
                if s not in skip]

    def hand_reflow(self, seconds: float = 0.3, skip=()) -> list:
        centres = self.hand_centres(self.hand_groups())
        steps = []
        for species, cards in self.hand_spr.items():
            for s, p in zip(cards, centres.get(species, [])):
                if s not in skip:
                    steps.append(self.slide(s, p, seconds))
        return steps

    def drop(self, spr: CardSprite) -> None:
        if spr in self.flying:
            self.flying.remove(spr)

    def add_to_hand(self, spr: CardSprite, species: str) -> None:
        self.hand_spr.setdefault(species, []).append(spr)

    def staggered(self, items: list, gap: float) -> Together:
        return Together(*[Timeline([Wait(self.dur(i * gap)), t]) for i, t in enumerate(items)])

    # -- events -> animations ----------------------------------------------------------------
    def animate(self, events: list) -> None:
        steps: list = []
        i = 0
        while i < len(events):
            e = events[i]
            kind = type(e)
            if kind in (RowDealt, HandDealt, CollectionStarted):
                j = i
                while j < len(events) and type(events[j]) is kind:
                    j += 1
                steps.append(self.release_log(events[j - 1]))
                steps += getattr(self, f"_anim_{kind.__name__}")(events[i:j])
                i = j
                continue
            # each event's log line appears as its animation starts
            new = [self.release_log(e)]
            handler = getattr(self, f"_anim_{kind.__name__}", None)
            if handler is not None:
                new += handler(e, events[i + 1:])
            if kind is RestorationDrawn and i and isinstance(events[i - 1], BirdsCaptured):
                # the restoration card comes off the deck while the taken birds fly
                steps.append(Together(steps.pop(), Timeline([Wait(self.dur(0.15))] + new)))
            else:
                steps += new
            if kind is GameOver:  # the base shows the win banner once this has played
                steps.append(Call(lambda: self.ctx.play("win")))
            i += 1
        if steps:
            self.sequence(steps)

    # opening and round start
    def _anim_RoundStarted(self, e: RoundStarted, rest) -> list:
        starter = self.names[e.starter]
        title, sub = f"Round {e.round}", f"{starter} deals and starts"

        def show() -> None:
            self.round_shown = e.round
            self.dealing = True
            self.banner(title, sub, hold=1.1)
        return [Call(show), Wait(self.dur(0.35))]

    def _anim_RowDealt(self, group: list) -> list:
        flights = []
        for e in group:
            row = [self.card(s, self.deck_pos(), face_up=False, visible=False) for s in e.cards]
            self.rows_spr[e.row] = row
            for spr, pos in zip(row, self.row_centres(e.row, len(row))):
                flights.append(Timeline([Call(self._deck_minus(1)),
                                         self.fly(spr, pos, 0.34, sound="deal"),
                                         spr.flip(self.dur(0.24))]))
        return [self.staggered(flights, 0.07)]

    def _deck_minus(self, n: int):
        def fn() -> None:
            self.disp_deck = max(0, self.disp_deck - n)
        return fn

    def _anim_SetupDiscarded(self, e: SetupDiscarded, rest) -> list:
        return [self.staggered([self._to_discard(s, self.deck_pos(), face_up=False, from_deck=True)
                                for s in e.cards], 0.08)]

    def _to_discard(self, species: str, start, face_up: bool = True, from_deck: bool = False,
                    scale: float = 1.0, spr: CardSprite | None = None) -> Timeline:
        if spr is None:
            spr = self.card(species, start, face_up=face_up, visible=False, scale=scale)
            self.flying.append(spr)

        def land() -> None:
            self.drop(spr)
            self.disp_discard.append(species)
            for cards in self.hand_spr.values():
                if spr in cards:
                    cards.remove(spr)
        steps = []
        if from_deck:
            steps.append(Call(self._deck_minus(1)))
        flight = self.fly(spr, self.discard_pos(), 0.4, scale=1.0, sound="slide", then=land)
        if not spr.face_up:
            flight = Together(flight, Timeline([Wait(self.dur(0.1)), spr.flip(self.dur(0.26), face_up=True)]))
        steps.append(flight)
        return Timeline(steps)

    def _anim_HandDealt(self, group: list) -> list:
        seats = []
        viewer = self.shown.seat if self.shown is not None else None
        for k, e in enumerate(group):
            flights = []
            if e.seat == viewer and e.seat is not None:
                new = []
                for s in e.cards:
                    spr = self.card(s, self.deck_pos(), face_up=False, visible=False)
                    self.add_to_hand(spr, s)
                    new.append(spr)
                centres = self.hand_centres(self.hand_groups())
                index = {id(s): p for sp, cards in self.hand_spr.items()
                         for s, p in zip(cards, centres[sp])}
                for spr in new:
                    flights.append(Timeline([Call(self._deck_minus(1)),
                                             self.fly(spr, index[id(spr)], 0.38, sound="deal"),
                                             spr.flip(self.dur(0.2), face_up=True)]))
                moves = self.hand_reflow(0.3, skip=set(new))
                if moves:
                    flights.append(Together(*moves))
            else:
                for _ in e.cards:
                    spr = self.card(None, self.deck_pos(), face_up=False, visible=False)
                    self.flying.append(spr)
                    flights.append(Timeline([Call(self._deck_minus(1)),
                                             self.fly(spr, self.plate_hand_pos(e.seat), 0.38,
                                                      scale=PLATE_SCALE, sound="deal",
                                                      then=self._into_plate(spr, e.seat))]))
            seats.append(Timeline([Wait(self.dur(0.22 * k)), self.staggered(flights, 0.045)]))
        return [Call(lambda: setattr(self, "dealing", True)), Together(*seats)]

    def _into_plate(self, spr: CardSprite, seat: int, n: int = 1):
        def fn() -> None:
            self.drop(spr)
            self.disp_sizes[seat] += n
        return fn

    def _anim_CollectionStarted(self, group: list) -> list:
        flights = []
        for e in group:
            spr = self.card(e.species, self.deck_pos(), face_up=False, visible=False)
            self.flying.append(spr)
            target = self.plate_coll_pos(e.seat, e.species)
            flights.append(Timeline([Call(self._deck_minus(1)), spr.flip(self.dur(0.24), face_up=True),
                                     self.fly(spr, target, 0.42, scale=PLATE_SCALE, sound="slide",
                                              then=self._into_collection(spr, e.seat, e.species, 1))]))
        return [self.staggered(flights, 0.12)]

    def _into_collection(self, spr: CardSprite, seat: int, species: str, n: int):
        def fn() -> None:
            self.drop(spr)
            coll = self.disp_coll[seat]
            coll[species] = coll.get(species, 0) + n
        return fn

    def _anim_Reshuffled(self, e: Reshuffled, rest) -> list:
        shown = min(6, max(1, len(self.disp_discard)))
        flights = []
        for _ in range(shown):
            spr = self.card(None, self.discard_pos(), face_up=False, visible=False)
            self.flying.append(spr)
            flights.append(self.fly(spr, self.deck_pos(), 0.34, then=lambda s=spr: self.drop(s)))

        def done() -> None:
            self.disp_deck = e.count
            self.disp_discard = []

        def start() -> None:
            self.ctx.play("shuffle")
            self.disp_discard = self.disp_discard[-1:] if self.disp_discard else []
        return [Call(start), self.staggered(flights, 0.06), Call(done), Wait(self.dur(0.15))]

    # a move
    def _beat(self, preview: Preview, seconds: float = 0.36) -> list:
        """Show an AI's choice the way a person's is previewed, for a moment."""
        def show() -> None:
            self.preview = preview
            for s in preview.captured:
                s.lift, s.outline = PREVIEW_LIFT, ui.ACCENT

        def hide() -> None:
            self.preview = None
        return [Call(show), Wait(self.dur(seconds)), Call(hide)]

    def _anim_BirdsPlaced(self, e: BirdsPlaced, rest) -> list:
        steps: list = []
        row = self.rows_spr[e.row]
        capture = next((x for x in rest if isinstance(x, BirdsCaptured)), None)
        if capture is not None and not isinstance(rest[0], BirdsCaptured):
            capture = None
        if not self.is_human(e.seat):
            captured = row[capture.start:capture.start + len(capture.cards)] if capture else []
            ghosts = self.ghost_positions(e.row, e.side, e.count)
            steps += self._beat(Preview(e.species, ghosts, list(captured)))
        viewer = self.shown.seat if self.shown is not None else None
        if e.seat == viewer and self.hand_spr.get(e.species):
            placed = self.hand_spr.pop(e.species)
            for s in placed:
                s.lift = 0.0
        else:
            start = self.plate_hand_pos(e.seat)
            placed = [self.card(e.species, start, visible=False, scale=PLATE_SCALE)
                      for _ in range(e.count)]
        self._placed_count = len(placed)
        new_row = placed + row if e.side == LEFT else row + placed
        self.rows_spr[e.row] = new_row
        centres = dict(zip(map(id, new_row), self.row_centres(e.row, len(new_row))))
        order = placed if e.side == RIGHT else list(reversed(placed))
        flights = [self.fly(s, centres[id(s)], 0.4, scale=1.0, sound="slide" if k == 0 else None)
                   for k, s in enumerate(order)]
        seat = e.seat
        count = e.count

        def leave() -> None:
            self.disp_sizes[seat] = max(0, self.disp_sizes[seat] - count)
        moves = [Call(leave), self.staggered(flights, 0.05)]
        moves += self.row_reflow(e.row, 0.32, skip=set(placed))
        moves += self.hand_reflow(0.3)
        steps.append(Together(*moves))
        return steps

    def _anim_BirdsCaptured(self, e: BirdsCaptured, rest) -> list:
        row = self.rows_spr[e.row]
        # the placed birds are already in the row: skip them to find the enclosed ones
        offset = self._placed_count if e.side == LEFT else 0
        taken = row[offset + e.start: offset + e.start + len(e.cards)]
        del row[offset + e.start: offset + e.start + len(e.cards)]
        lift = [Tween(s, self.dur(0.18), lift=PREVIEW_LIFT) for s in taken]

        def mark() -> None:
            for s in taken:
                s.outline = ui.ACCENT
        steps: list = [Call(mark), Together(*lift), Wait(self.dur(0.1))]
        viewer = self.shown.seat if self.shown is not None else None
        moves: list = []
        if e.seat == viewer:
            for s, species in zip(taken, e.cards):
                self.add_to_hand(s, species)
            centres = self.hand_centres(self.hand_groups())
            where = {id(s): p for sp, cards in self.hand_spr.items() for s, p in zip(cards, centres[sp])}
            for k, s in enumerate(taken):
                moves.append(self.fly(s, where[id(s)], 0.4, sound="slide" if k == 0 else None,
                                      then=lambda s=s: self._settle(s)))
            moves += self.hand_reflow(0.3, skip=set(taken))
        else:
            for k, s in enumerate(taken):
                self.flying.append(s)
                moves.append(self.fly(s, self.plate_hand_pos(e.seat), 0.4, scale=PLATE_SCALE,
                                      sound="slide" if k == 0 else None,
                                      then=self._into_plate(s, e.seat)))
        moves += self.row_reflow(e.row, 0.34)
        steps.append(Together(*moves))
        return steps

    def _settle(self, s: CardSprite) -> None:
        s.outline = None
        s.lift = 0.0

    def _anim_RestorationDrawn(self, e: RestorationDrawn, rest) -> list:
        spr = self.card(e.species, self.deck_pos(), face_up=False, visible=False)
        self.pending_spr = spr
        self.pending_row = e.row
        target = self.rect_of("pending").center
        return [Call(self._deck_minus(1)),
                Together(self.fly(spr, target, 0.38, sound="slide"),
                         Timeline([Wait(self.dur(0.12)), spr.flip(self.dur(0.28), face_up=True)])),
                Call(lambda: self.ctx.play("flip")), Wait(self.dur(0.05))]

    def _anim_RestorationPlaced(self, e: RestorationPlaced, rest) -> list:
        steps: list = []
        if not self.is_human(e.seat):
            steps += self._beat(Preview(e.species, self.ghost_positions(e.row, e.side, 1)), 0.26)
        spr = self.pending_spr
        if spr is None:
            spr = self.card(e.species, self.rect_of("pending").center)
        self.pending_spr = None
        self.pending_row = None
        row = self.rows_spr[e.row]
        if e.side == LEFT:
            row.insert(0, spr)
        else:
            row.append(spr)
        centres = self.row_centres(e.row, len(row))
        target = centres[0] if e.side == LEFT else centres[-1]
        steps.append(Together(self.fly(spr, target, 0.36, sound="slide"),
                              *self.row_reflow(e.row, 0.3, skip={spr})))
        return steps

    def _anim_CardsDrawn(self, e: CardsDrawn, rest) -> list:
        viewer = self.shown.seat if self.shown is not None else None
        flights = []
        if e.seat == viewer:
            new = []
            for s in e.cards:
                spr = self.card(s, self.deck_pos(), face_up=False, visible=False)
                self.add_to_hand(spr, s)
                new.append(spr)
            centres = self.hand_centres(self.hand_groups())
            where = {id(s): p for sp, cards in self.hand_spr.items() for s, p in zip(cards, centres[sp])}
            for spr in new:
                flights.append(Timeline([Call(self._deck_minus(1)),
                                         self.fly(spr, where[id(spr)], 0.42, sound="deal"),
                                         spr.flip(self.dur(0.22), face_up=True)]))
            reflow = self.hand_reflow(0.3, skip=set(new))
            return [Together(self.staggered(flights, 0.1), *reflow)]
        for _ in e.cards:
            spr = self.card(None, self.deck_pos(), face_up=False, visible=False)
            self.flying.append(spr)
            flights.append(Timeline([Call(self._deck_minus(1)),
                                     self.fly(spr, self.plate_hand_pos(e.seat), 0.42,
                                              scale=PLATE_SCALE, sound="deal",
                                              then=self._into_plate(spr, e.seat))]))
        return [self.staggered(flights, 0.1)]

    def _anim_DrawDeclined(self, e, rest) -> list:
        return [Wait(self.dur(0.1))]

    def _anim_FlockCompleted(self, e: FlockCompleted, rest) -> list:
        viewer = self.shown.seat if self.shown is not None else None
        if e.seat == viewer and self.hand_spr.get(e.species):
            cards = self.hand_spr.pop(e.species)
        else:
            start = self.plate_hand_pos(e.seat)
            cards = [self.card(e.species, start, visible=False, scale=PLATE_SCALE)
                     for _ in range(e.revealed)]
        for s in cards:
            self.flying.append(s)
        cx, cy = self.fan_centre()
        pitch = min(84, 900 // max(len(cards), 1))
        x0 = cx - pitch * (len(cards) - 1) / 2
        fan = [self.fly(s, (int(x0 + k * pitch), cy), 0.36, scale=1.0, lift=0.8,
                        sound="slide" if k == 0 else None) for k, s in enumerate(cards)]
        seat, species = e.seat, e.species
        kept, rest_cards = cards[:e.kept], cards[e.kept:]
        size = "Big" if e.kept == 2 else "Small"
        who = "your" if seat == viewer else f"{self.names[seat]}'s"
        caption = (f"{size} flock of {e.revealed} {species_name(species, e.revealed)}: "
                   f"{e.kept} to {who} collection")
        fan_rect = pygame.Rect(0, 0, int(pitch * (len(cards) - 1) + W), H)
        fan_rect.center = (cx, cy)

        def show() -> None:
            self.fan_caption, self.fan_rect = caption, fan_rect

        def hide() -> None:
            self.fan_caption = ""
        goes = []
        for s in kept:
            goes.append(self.fly(s, self.plate_coll_pos(seat, species), 0.4, scale=PLATE_SCALE,
                                 then=self._into_collection(s, seat, species, 1)))
        for s in rest_cards:
            goes.append(self._to_discard(species, None, spr=s))
        return [Together(self.staggered(fan, 0.05), *self.hand_reflow(0.3)),
                Call(lambda: self.ctx.play("chirp")), Call(show),
                Wait(self.dur(0.5)), Call(hide),
                self.staggered(goes, 0.05)]

    def _anim_RoundEnded(self, e: RoundEnded, rest) -> list:
        title = f"Round {e.round} ends"
        sub = f"{self.names[e.ender]}'s hand is empty"
        return [Call(lambda: self.banner(title, sub, hold=0.9)), Wait(self.dur(0.7))]

    def _anim_HandDiscarded(self, e: HandDiscarded, rest) -> list:
        viewer = self.shown.seat if self.shown is not None else None
        flights = []
        seat = e.seat

        def empty() -> None:
            self.disp_sizes[seat] = 0
        if e.seat == viewer and self.hand_spr:
            for species, cards in list(self.hand_spr.items()):
                for s in cards:
                    self.flying.append(s)
                    flights.append(self._to_discard(species, None, spr=s))
            self.hand_spr = {}
        else:
            for species in e.cards:
                flights.append(self._to_discard(species, self.plate_hand_pos(e.seat),
                                                scale=PLATE_SCALE))
        return [Call(empty), self.staggered(flights, 0.04)]

    # -- the human's turn ------------------------------------------------------------------
    def forced_action(self) -> Restore | None:
        """Both ends give the same row (the card matches the row's only species): no choice."""
        v = self.shown  # public fields only: the same in every seat's view
        if v.phase != RESTORE or v.pending is None or v.pending_row is None:
            return None
        row = v.rows[v.pending_row]
        if row and all(s == v.pending for s in row):
            return Restore(LEFT)
        return None

    def begin_turn(self) -> None:
        v = self.shown
        self.chosen = None
        self.preview = None
        if v.phase == PLACE:
            self.start_species()
        elif v.phase == RESTORE:
            self.start_restore()
        elif v.phase == DRAW:
            self.step = "draw"
            self.buttons = [Option(self.button_rects[0], DrawTwo(True), "Draw 2"),
                            Option(self.button_rects[1], DrawTwo(False), "No thanks")]
            self.picker = Picker(self.buttons, self.picked, ctx=self.ctx)
        elif v.phase == FLOCK:
            self.step = "flock"
            options = [Option(self.group_rect(s), Flock(s), "Fly this flock")
                       for s, n in self.hand_groups() if n >= SMALL[INDEX[s]]]
            self.buttons = [Option(self.button_rects[1], Pass(), "No flock")]
            self.picker = Picker(options + self.buttons, self.picked, ctx=self.ctx)
        self.sync_focus()

    def start_species(self, focus: str | None = None) -> None:
        self.step = "species"
        self.chosen = None
        self.buttons = []
        options = [Option(self.group_rect(s), s, "Choose") for s, _ in self.hand_groups()]
        self.picker = Picker(options, self.picked, ctx=self.ctx)
        if focus is not None:
            self.picker.focus_value(focus)
        self.sync_focus()

    def start_ends(self, species: str) -> None:
        self.step = "end"
        self.chosen = species
        count = len(self.hand_spr.get(species, ()))
        options = []
        best, best_taken = 0, -1
        for r in range(NUM_ROWS):
            for side in SIDES:
                taken = len(enclose(list(self.shown.rows[r]), species, count, side == LEFT)[1])
                if taken > best_taken:
                    best, best_taken = len(options), taken
                slot = self.end_slot(r, side)
                ring = slot.unionall([slot.move(x - slot.centerx, 0) for x, _ in
                                      self.ghost_positions(r, side, count)])
                options.append(Option(slot, (r, side), "Land here", ring=ring))
        self.buttons = [Option(self.button_rects[1], "back", "Back")]
        self.picker = Picker(options + self.buttons, self.picked, on_back=self.back_to_species,
                             initial=best, ctx=self.ctx)
        hint = self.hint_action
        if isinstance(hint, Place) and hint.species == species:  # the hint's second pick
            self.picker.focus_value((hint.row, hint.side))
        self.sync_focus()

    def start_restore(self) -> None:
        v = self.shown
        self.step = "restore"
        self.buttons = []
        options = [Option(self.end_slot(v.pending_row, side), side, "Add here") for side in SIDES]
        self.picker = Picker(options, self.picked, ctx=self.ctx)

    def show_hint(self, action) -> None:
        """Focus the hint's option: a placement's species, then (once chosen) its row end."""
        if self.picker is None:
            return
        if isinstance(action, Place):
            if self.step == "end" and self.chosen == action.species:
                self.picker.focus_value((action.row, action.side))
            elif self.step == "end":
                self.start_species(action.species)
            else:
                self.picker.focus_value(action.species)
        elif isinstance(action, Restore):
            self.picker.focus_value(action.side)
        else:
            self.picker.focus_value(action)
        self.sync_focus()

    def back_to_species(self) -> None:
        self.start_species(self.chosen)

    def picked(self, value) -> None:
        step = self.step
        if step == "species":
            self.start_ends(value)
        elif step == "end":
            if value == "back":
                self.ctx.play("tap")
                self.back_to_species()
                return
            r, side = value
            self.finish_choice()
            self.submit(Place(self.chosen, r, side))
        elif step == "restore":
            self.finish_choice()
            self.submit(Restore(value))
        else:
            self.finish_choice()
            self.submit(value)

    def finish_choice(self) -> None:
        self.step = None
        self.picker = None
        self.buttons = []
        self.preview = None
        self.highlight = None
        for cards in self.hand_spr.values():
            for s in cards:
                s.lift = 0.0
        for row in self.rows_spr:
            for s in row:
                s.lift, s.outline = 0.0, None

    def handle_turn(self, event: Input) -> bool:
        if self.picker is None:
            return False
        used = self.picker.handle(event)
        if self.picker is not None:
            self.sync_focus()
        return used

    def sync_focus(self) -> None:
        """Lift, outline and preview what the focused option would do."""
        if self.picker is None or self.step is None:
            return
        option = self.picker.focused
        value = option.value if option is not None else None
        lifted = None
        self.preview = None
        self.highlight = None
        for row in self.rows_spr:
            for s in row:
                s.lift, s.outline = 0.0, None
        if self.step == "species":
            lifted = value
            self.highlight = value
        elif self.step == "end":
            lifted = self.chosen
            if isinstance(value, tuple):
                r, side = value
                count = len(self.hand_spr.get(self.chosen, ()))
                _, taken, start = enclose(list(self.shown.rows[r]), self.chosen, count, side == LEFT)
                captured = self.rows_spr[r][start:start + len(taken)] if taken else []
                for s in captured:
                    s.lift, s.outline = PREVIEW_LIFT, ui.ACCENT
                self.preview = Preview(self.chosen, self.ghost_positions(r, side, count), captured)
        elif self.step == "restore":
            v = self.shown
            self.preview = Preview(v.pending, self.ghost_positions(v.pending_row, value, 1))
        elif self.step == "flock" and isinstance(value, Flock):
            lifted = value.species
        for species, cards in self.hand_spr.items():
            for s in cards:
                s.lift = 1.0 if species == lifted else 0.0
        if self.highlight:
            for row in self.rows_spr:
                for s in row:
                    if s.key == self.highlight:
                        s.outline = (236, 240, 255)

    # -- words -------------------------------------------------------------------------------
    def status(self) -> str:
        seat = self.turn_seat
        if seat is None:
            return "Game over"
        name = self.names[seat]
        if self.dealing:
            return f"Round {self.round_shown}: dealing the cards"
        if not self.human_deciding:
            if self.decision is not None:
                return f"{name} is thinking\u2026"
            return f"{name}'s turn"
        option = self.picker.focused if self.picker is not None else None
        value = option.value if option is not None else None
        step = self.step
        if step == "species":
            n = len(self.hand_spr.get(value, ())) if isinstance(value, str) else 0
            if n:
                return f"Choose a species to land: {n} {species_name(value, n)}"
            return "Choose a species to land"
        if step == "end":
            n = len(self.hand_spr.get(self.chosen, ()))
            birds = f"{n} {species_name(self.chosen, n)}"
            if not isinstance(value, tuple):
                return f"Pick a row end for your {birds}"
            r, side = value
            _, taken, _ = enclose(list(self.shown.rows[r]), self.chosen, n, side == LEFT)
            where = f"{side.capitalize()} end of row {r + 1}"
            if taken:
                return f"{where}: you take {self.cards_text(taken)}"
            if n == sum(map(len, self.hand_spr.values())):
                return f"{where}: nothing trapped, your hand is empty: the round ends"
            return f"{where}: nothing trapped"
        if step == "restore":
            v = self.shown
            return f"Row {v.pending_row + 1} needs a second species: pick an end for the {species_name(v.pending)}"
        if step == "draw":
            return "Nothing trapped: draw 2 cards from the deck?"
        if step == "flock":
            if isinstance(value, Flock):
                n = len(self.hand_spr.get(value.species, ()))
                keep = flock_reward(value.species, n)
                size = "Big" if keep == 2 else "Small"
                return (f"{size} flock of {n} {species_name(value.species, n)}: "
                        f"{keep} to your collection, {n - keep} discarded")
            return "Complete a flock, or keep your cards"
        return "Your move"

    @staticmethod
    def cards_text(cards) -> str:
        counts: dict[str, int] = {}
        for s in cards:
            counts[s] = counts.get(s, 0) + 1
        return ", ".join(f"{n} {species_name(s, n)}" for s, n in
                         sorted(counts.items(), key=lambda kv: INDEX[kv[0]]))

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        option = self.picker.focused if self.picker is not None else None
        label = option.label if option is not None else "Choose"
        step = self.step
        if step == "species":
            return ((Act.LEFT, "Move"), (Act.CONFIRM, "Choose species"), (Act.PAUSE, "Pause"))
        if step == "end":
            return ((Act.LEFT, "Move"), (Act.CONFIRM, label), (Act.BACK, "Change species"),
                    (Act.PAUSE, "Pause"))
        return ((Act.LEFT, "Move"), (Act.CONFIRM, label), (Act.PAUSE, "Pause"))

    # -- drawing -------------------------------------------------------------------------------
    def plate_key(self, seat: int) -> object:
        size = self.disp_sizes[seat] if seat < len(self.disp_sizes) else 0
        coll = self.disp_coll[seat] if seat < len(self.disp_coll) else {}
        return (size, tuple(sorted(coll.items())), self.patterns)

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The hand size (a small back with the count on it) and the collection badges,
        gold-rimmed from 3 birds of a species; painted into the base's cached plate."""
        a = self.ctx.assets
        size = self.disp_sizes[seat] if seat < len(self.disp_sizes) else 0
        coll = self.disp_coll[seat] if seat < len(self.disp_coll) else {}
        hx, hy = rect.x + 14, rect.y + 60
        surface.blit(art.back((46, 64)), (hx, hy))
        centre = (hx + 23, hy + 32)
        pygame.draw.circle(surface, art.INK, centre, 21)
        pygame.draw.circle(surface, art.CREAM, centre, 18)
        num = a.text(str(size), 28, art.INK, "title")
        surface.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))
        k = 0
        for species in SPECIES:
            n = coll.get(species, 0)
            if not n:
                continue
            chip = art.chip(species, n, self.patterns, n >= 3)
            cx, cy = self.chip_offset(k, rect.w)
            surface.blit(chip, (rect.x + cx - art.CHIP[0] // 2, rect.y + cy - art.CHIP[1] // 2))
            k += 1
        if k == 0:
            none = a.text("No birds yet", 28, ui.TEXT_MUTED)
            surface.blit(none, (rect.x + 78, rect.y + 72))

    def draw_table(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        self.draw_rows_background(surface)
        self.draw_piles(surface)
        if self.step in ("end", "restore") and self.picker is not None:
            empty = art.slot()
            for option in self.picker.options:
                if isinstance(option.value, (tuple, str)) and option.value != "back":
                    surface.blit(empty, option.rect)
        late: list[CardSprite] = []
        for row in self.rows_spr:
            for s in row:
                if s.z or s.lift:
                    late.append(s)
                else:
                    s.draw(surface)
        if self.pending_spr is not None:
            if self.pending_spr.z:
                late.append(self.pending_spr)
            else:
                self.pending_spr.draw(surface)
        if self.preview is not None:
            ghost = art.ghost(self.preview.species, self.patterns)
            for pos in reversed(self.preview.ghosts):
                surface.blit(ghost, ghost.get_rect(center=pos))
            if len(self.preview.ghosts) > 1:
                self.draw_count(surface, ghost.get_rect(center=self.preview.ghosts[0]),
                                len(self.preview.ghosts))
        for s in late:
            if not s.z:
                s.draw(surface)
        self.draw_hand(surface)
        for option in self.buttons:
            self.draw_button(surface, option)
        self._late = late

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        """Cards in flight (to and from the plates), the flock caption and the focus ring."""
        a = self.ctx.assets
        for s in self.flying:
            if not s.z:
                s.draw(surface)
        for s in self._late:
            if s.z:
                s.draw(surface)
        for cards in self.hand_spr.values():
            for s in cards:
                if s.z:
                    s.draw(surface)
        for s in self.flying:
            if s.z:
                s.draw(surface)
        if self.fan_caption:
            cap = a.text_fit(self.fan_caption, 36, 1000, ui.TEXT, "bold")
            box = cap.get_rect(midbottom=(self.fan_rect.centerx, self.fan_rect.y - LIFT_PX - 16))
            box = box.inflate(40, 16)
            surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, ui.ACCENT, 3, alpha=230), box)
            surface.blit(cap, cap.get_rect(center=box.center))
        if self.picker is not None and self.turn_ready and not self.animator.busy:
            self.picker.draw(surface, self.ctx.time)
        if self.shown is not None and self.shown.seat is None and not self.match.humans:
            area = self.rect_of("hand")
            note = a.text("Watching the birds: every hand is hidden", 32, ui.TEXT_MUTED)
            surface.blit(note, note.get_rect(center=area.center))

    def paint_felt(self, surface: pygame.Surface) -> None:
        """Everything that never moves, baked into the backdrop: fences, row numbers, labels."""
        a = self.ctx.assets
        for r in range(NUM_ROWS):
            f = self.fence(r)
            y = f.centery + H // 2 - 26
            pygame.draw.line(surface, (70, 52, 36), (f.x, y + 2), (f.right, y + 2), 10)
            pygame.draw.line(surface, (150, 112, 78), (f.x, y), (f.right, y), 6)
            self.draw_row_number(surface, r, ui.PANEL_LIGHT, ui.TEXT)
        for name, label in (("draw", "Deck"), ("discard", "Discard")):
            rect = self.rect_of(name)
            t = a.text(label, 28, ui.TEXT_MUTED)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, rect.bottom + 12)))

    def draw_row_number(self, surface: pygame.Surface, r: int, fill, ink) -> None:
        row = self.rect_of(f"row{r}")
        centre = (row.x + 24, row.centery)
        pygame.draw.circle(surface, (12, 18, 24), centre, 24)
        pygame.draw.circle(surface, fill, centre, 21)
        num = self.ctx.assets.text(str(r + 1), 32, ink, "title")
        surface.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))

    def draw_rows_background(self, surface: pygame.Surface) -> None:
        if self.pending_row is not None:
            self.draw_row_number(surface, self.pending_row, ui.ACCENT, art.INK)

    def draw_piles(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        deck = self.rect_of("draw")
        discard = self.rect_of("discard")
        if self.disp_deck > 0:
            layers = min(3, (self.disp_deck + 19) // 20)
            for k in range(layers, 0, -1):
                surface.blit(art.back(), deck.move(k * 3, k * 3))
            surface.blit(art.back(), deck)
        else:
            surface.blit(art.slot(), deck)
        if self.disp_discard:
            if len(self.disp_discard) > 1:
                surface.blit(art.back(), discard.move(3, 3))
            surface.blit(art.face(self.disp_discard[-1], self.patterns), discard)
        else:
            surface.blit(art.slot(), discard)
        for rect, n in ((deck, self.disp_deck), (discard, len(self.disp_discard))):
            c = a.text(str(n), 36, ui.TEXT, "bold")
            surface.blit(c, c.get_rect(midtop=(rect.centerx, rect.bottom + 42)))
        if self.pending_row is not None and self.pending_spr is not None:
            spot = self.rect_of("pending")
            t = a.text(f"For row {self.pending_row + 1}", 28, ui.TEXT)
            surface.blit(t, t.get_rect(midtop=(spot.centerx, spot.bottom + 10)))

    def draw_hand(self, surface: pygame.Surface) -> None:
        for species in SPECIES:
            cards = self.hand_spr.get(species)
            if not cards:
                continue
            for s in cards:
                if not s.z:
                    s.draw(surface)
            top = cards[-1]
            if len(cards) > 1 and not top.z and top.visible:
                self.draw_count(surface, top.rect, len(cards))

    def draw_count(self, surface: pygame.Surface, rect: pygame.Rect, n: int) -> None:
        """A "x3" pill on a card's lower right corner: how many cards the group holds."""
        num = self.ctx.assets.text(f"\u00d7{n}", 28, art.INK, "title")
        pill = num.get_rect(center=(rect.right - 14, rect.bottom - 12)).inflate(16, 4)
        pygame.draw.rect(surface, art.INK, pill.inflate(6, 6), border_radius=pill.h)
        pygame.draw.rect(surface, ui.ACCENT, pill, border_radius=pill.h)
        surface.blit(num, num.get_rect(center=pill.center))

    def draw_button(self, surface: pygame.Surface, option: Option) -> None:
        a = self.ctx.assets
        ui.draw_shadowed_panel(surface, option.rect, ui.PANEL_LIGHT, 18, (12, 18, 24), 3)
        label = a.text_fit(option.label, 32, option.rect.w - 20, ui.TEXT, "bold")
        surface.blit(label, label.get_rect(center=option.rect.center))
