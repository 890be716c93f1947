"""The Yard Birbs table: the feeder (the trick), the Lifer and the ability row in the
middle, every player's yard of flocks on their plate, the viewer's hand at the bottom.

How it is built on :class:`scenes.table.TableScene`:

* A small mirror of the table, :class:`Model`, says where every visible card is. It is
  rebuilt from ``self.shown`` (the viewer's view) in ``refresh()``, and while a move is
  animated it is advanced event by event, so each step knows where cards go next
  ("plan"). What the labels, counts and tokens show ("disp") is the same kind of mirror,
  swapped in by the timeline as each event lands, so a flock's label changes when its
  bird arrives, not when the move starts.
* Every card on the table is a :class:`Card` sprite keyed by its card (the 55 cards are
  unique); cards in other hands or the deck are never drawn face up: they travel as
  anonymous backs. A card's face shows only if the view (or a private event for the
  viewer's own seat) says the viewer may see it.
* A human decision is a short chain of picks made on a :class:`Picker` (a card, then a
  flock; an ability, then its targets). The chain is tried on a clone of the state to
  list the next step's legal choices, BACK drops the last pick, and the whole chain is
  submitted when the next step would be someone else's or would reveal hidden cards
  (a draw). So a bird and its flock are chosen together and can be taken back.
* Cards, labels and the focus ring are drawn after the seat plates (yards live on the
  plates), just before the status line: see ``draw_over_seats``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.input import Act
from game.yard_birbs import rules as R
from game.yard_birbs.cards import ABILITIES, COLOUR, EQUAL, KIND_NAMES, SPECIES, SPECIES_KIND
from game.yard_birbs.cards import card_name
from scenes.picker import Option, Picker
from scenes.table import TableScene
from sprites import ui
from sprites import yard_birbs_cards as art
from sprites.card import LIFT_PX, CardSprite
from sprites.tween import (Call, Timeline, Together, Tween, Wait, ease_in_out_cubic,
                           ease_out_back, ease_out_bounce, ease_out_cubic)

FW, FH = art.FULL
CW, CH = art.COMPACT
DECK_CARD = (50, 70)            # the deck pile's picture
SHRINK = CW / FW                # a full card scaled to the compact card's width
COL_STEP = CW + 30              # room between flock columns when the yard is not crowded
ROW_STEP = 33                   # how much of each stacked card shows (its header band)
YARD_TOP = 56                   # the plate's name line; the yard starts below it
LABEL_H = 34
TOKEN_ROW = 22                  # feeder: centre of the order-token row below its top
# A five-player game is about 360 moves, each animated: Yard Birbs plays its animations
# briskly (on top of the AI speed setting) so a whole game stays watchable and fits the
# headless frame budget.
PACE = 0.68
Z_YARD, Z_FEEDER, Z_HAND, Z_FOCUS, Z_FLY = 10, 100, 200, 400, 600
PLACE_NAMES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
SHORT_REASON = {R.BY_LIFER: "Lifer bird", R.BY_MAJORITY: "Top suit", R.BY_TIE_LED: "Led suit",
                R.BY_TIE_FIRST: "Played first", R.BY_LED_CARD: "Led card",
                R.BY_NUMBER: "Number"}
# After these phases a new decision begins: a chain of picks ends there.
DECISION_STARTS = {R.PLAY, R.TAKE, R.ABILITY, R.BIRDSEED_BURY, R.FLY_OFF_BURY, R.OVER}
HAND_PICKS = {R.LIFER_SWAP_HAND, R.HAND_FEEDER_GIVE, R.BIRDSEED_BURY, R.FLY_OFF_BURY}
FEEDER_PICKS = {R.TAKE, R.FEEDER_SWAP_TAKE, R.HAND_FEEDER_TAKE}
FLOCK_PICKS = {R.FLOCK, R.FEEDER_SWAP_FLOCK, R.REFLOCK_FLOCK}
YARD_PICKS = {R.FEEDER_SWAP_GIVE, R.REFLOCK_BIRD, R.FLY_OFF_BIRD}
MERGE_PICKS = {R.MERGE_FIRST, R.MERGE_SECOND}
STEP_TEXT = {R.LIFER_SWAP_HAND: "Lifer Swap: pick the new Lifer",
             R.FEEDER_SWAP_GIVE: "Feeder Swap: give a bird",
             R.FEEDER_SWAP_TAKE: "Feeder Swap: take a bird",
             R.HAND_FEEDER_TAKE: "Hand to Feeder: take a bird",
             R.HAND_FEEDER_GIVE: "Hand to Feeder: give a card",
             R.REFLOCK_BIRD: "Reflock: pick a bird to move",
             R.REFLOCK_FLOCK: "Reflock: pick where it goes",
             R.MERGE_FIRST: "Merge: pick a flock",
             R.MERGE_SECOND: "Merge: pick the flock to join",
             R.BIRDSEED_BURY: "Birdseed: bury a card",
             R.FLY_OFF_BIRD: "Fly Off: pick a lone bird",
             R.FLY_OFF_BURY: "Fly Off: bury a card"}
AI_DOING = {R.PLAY: "is choosing a card", R.TAKE: "is taking a bird",
            R.FLOCK: "is placing a bird", R.ABILITY: "may use an ability"}


def flock_order(card) -> tuple[int, int]:
    """How the rules sort a flock (by number, then suit): columns show that order."""
    return card[1], card[0]


# ======================================================================================
# The mirror of the table
# ======================================================================================
@dataclass
class Model:
    """Where the visible cards are: built from a view, advanced by events."""

    hand: list = field(default_factory=list)          # the viewer's hand, sorted
    hand_sizes: list = field(default_factory=list)
    feeder: list = field(default_factory=list)        # [seat, card or None] per slot
    places: list = field(default_factory=list)        # per seat, 0 = no token yet
    yards: list = field(default_factory=list)         # seat -> flocks -> cards
    pending: list = field(default_factory=list)       # per seat: bird awaiting a flock
    lifer: object = None
    abilities: list = field(default_factory=list)     # (token, ability id)
    deck: int = 0
    totals: list = field(default_factory=list)
    over: bool = False

    @classmethod
    def empty(cls, n: int) -> "Model":
        return cls([], [0] * n, [], [0] * n, [[] for _ in range(n)], [None] * n, None, [],
                   0, [0] * n, False)

    @classmethod
    def from_view(cls, v: R.YardBirbsView) -> "Model":
        n = v.num_players
        pending = [None] * n
        if v.pending_bird is not None and v.current is not None:
            pending[v.current] = v.pending_bird
        return cls(list(v.hand), list(v.hand_sizes),
                   [[s.seat, s.card] for s in v.feeder], list(v.places),
                   [[list(f.cards) for f in yard] for yard in v.yards], pending, v.lifer,
                   list(v.abilities), v.deck_size, list(v.totals), v.phase == R.OVER)

    def copy(self) -> "Model":
        return Model(list(self.hand), list(self.hand_sizes), [list(s) for s in self.feeder],
                     list(self.places), [[list(f) for f in y] for y in self.yards],
                     list(self.pending), self.lifer, list(self.abilities), self.deck,
                     list(self.totals), self.over)

    def yard_points(self, seat: int) -> int:
        return sum(R.Flock(f).points for f in self.yards[seat] if f)


# ======================================================================================
# Sprites
# ======================================================================================
class Card(CardSprite):
    """A bird card on the table; ``kind`` is 'full' (hand, feeder, Lifer) or 'compact'
    (yards). Drawn without the generic shadow when it lies in a yard stack (cheap)."""

    def __init__(self, card, patterns: bool) -> None:
        super().__init__(art.face(card, patterns), art.back(), (0, 0), face_up=False, key=card)
        self.card = card
        self.patterns = patterns
        self.kind = "full"
        self.visible = False
        self.dimmed = False

    def look(self, kind: str, dimmed: bool = False) -> None:
        self.kind, self.dimmed = kind, dimmed
        if kind == "compact":
            self.face, self.back = art.compact(self.card, self.patterns), art.back(art.COMPACT)
            self.radius = 9
        else:
            self.face = (art.face_dim if dimmed else art.face)(self.card, self.patterns)
            self.back = art.back()
            self.radius = art.RADIUS

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.alpha <= 0:
            return
        img = self.face if self.face_up else self.back
        w = int(img.get_width() * self.scale * self.squash)
        h = int(img.get_height() * self.scale)
        if w < 2 or h < 2:
            return
        cx, cy = int(self.x), int(self.y - self.lift * LIFT_PX)
        if self.kind == "full" or self.lift > 0.05:
            # cached at the card's own size, stretched like the card (see CardSprite)
            sh = _shadow(img.get_size(), self.radius)
            size = (int(sh.get_width() * self.scale * self.squash), int(sh.get_height() * self.scale))
            if size != sh.get_size():
                sh = pygame.transform.scale(sh, size)
            off = 4 + int(self.lift * 12)
            surface.blit(sh, sh.get_rect(center=(cx + off, cy + off + int(self.lift * LIFT_PX))))
        if (w, h) != img.get_size():
            img = pygame.transform.scale(img, (w, h))
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(int(self.alpha))
        rect = img.get_rect(center=(cx, cy))
        surface.blit(img, rect)
        if self.outline is not None:
            pygame.draw.rect(surface, self.outline, rect.inflate(10, 10), 5,
                             border_radius=self.radius + 4)


@ui.cached_surface
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    surf = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 80), surf.get_rect(), border_radius=radius + 4)
    return ui.fast(surf)


class Thing:
    """Anything else that moves: an order token, an ability card, a popup."""

    def __init__(self, x: float = 0, y: float = 0, **attrs) -> None:
        self.x, self.y = x, y
        self.alpha = 255.0
        self.scale = 1.0
        self.visible = True
        self.__dict__.update(attrs)


class ScoreBox:
    """The numbers on a plate, as floats so the round's count-up can tween them."""

    def __init__(self) -> None:
        self.total = 0.0
        self.yard = 0.0


# ======================================================================================
# The scene
# ======================================================================================
class YardBirbsTable(TableScene):
    # -- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.match.num_players
        self.n = n
        self.cards: dict = {}
        self.extras: list[Card] = []        # anonymous backs in flight
        self.tokens = {p: Thing(place=p) for p in range(1, n + 1)}
        self.strips: list[Thing] = []
        self.old_strips: list[Thing] = []
        self.popups: list[Thing] = []
        self.decor: list[Timeline] = []     # popups: animated, but never waited for
        self.boxes = [ScoreBox() for _ in range(n)]
        self.plan = Model.empty(n)
        self.disp = Model.empty(n)
        self.timeline: Timeline | None = None
        self.anim_status = ""
        self.flash: dict = {}               # (seat, flock) -> Thing with alpha: scoring
        self.chain: list = []
        self.ring_rects: dict = {}          # choice -> the rect its focus ring goes round
        self.extras_left: dict = {}         # seat -> where its plate's counters begin
        self.step_phase = ""
        self.step_view = None
        self.tip = ""

    def enter(self) -> None:
        """The opening deal starts from an empty table (the view already has it dealt)."""
        if self.state.opening_events():
            empty = Model.empty(self.n)
            empty.totals = list(self.plan.totals)
            empty.deck = 55
            self.plan, self.disp = empty, empty.copy()
            for spr in self.cards.values():
                spr.visible = False
            self.strips = []
            self.place_tokens(empty)
        super().enter()

    def dur(self, seconds: float) -> float:
        return super().dur(seconds) * PACE

    @property
    def patterns(self) -> bool:
        return bool(self.ctx.settings.colour_patterns)

    def anchor(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.get(name).rect)

    def card(self, card) -> Card:
        spr = self.cards.get(card)
        if spr is None or spr.patterns != self.patterns:
            spr = Card(card, self.patterns)
            self.cards[card] = spr
        return spr

    # -- geometry -----------------------------------------------------------------------
    def hand_pos(self, i: int, n: int) -> tuple[float, float]:
        a = self.anchor("hand")
        step = min(FW + 10, (a.w - FW) / max(n - 1, 1))
        total = FW + step * (n - 1)
        return a.x + (a.w - total) / 2 + FW / 2 + i * step, a.centery

    def hand_step(self, n: int) -> float:
        a = self.anchor("hand")
        return min(FW + 10, (a.w - FW) / max(n - 1, 1))

    def slot_pos(self, slot: int) -> tuple[float, float]:
        a = self.anchor("feeder")
        step = min(FW + 12, a.w / self.n)
        return a.centerx + (slot - (self.n - 1) / 2) * step, a.y + 48 + FH / 2

    def token_home(self, place: int) -> tuple[float, float]:
        a = self.anchor("feeder")
        return a.centerx + (place - (self.n + 1) / 2) * 34, a.y + TOKEN_ROW

    def token_on_slot(self, slot: int) -> tuple[float, float]:
        """A placed token lies on its card's lower right (and stays once the bird goes)."""
        x, y = self.slot_pos(slot)
        return x + FW / 2 - 26, y + FH / 2 - 30

    def lifer_pos(self) -> tuple[float, float]:
        a = self.anchor("lifer")
        return a.centerx, a.y + 36 + FH / 2

    def deck_pos(self) -> tuple[float, float]:
        a = self.anchor("deck")
        return a.x + 14 + DECK_CARD[0] / 2, a.centery

    def plate_hand_pos(self, seat: int) -> tuple[float, float]:
        r = self.seat_rect(seat)
        return r.right - 150, r.y + 30

    def yard_area(self, seat: int) -> pygame.Rect:
        r = self.seat_rect(seat)
        return pygame.Rect(r.x + 14, r.y + YARD_TOP, r.w - 28, r.h - YARD_TOP - 8)

    def col_step(self, seat: int, cols: int) -> float:
        area = self.yard_area(seat)
        return min(COL_STEP, (area.w - CW) / max(cols - 1, 1))

    def yard_cols(self, model: Model, seat: int) -> int:
        """Columns laid out: every flock plus one kept free for a bird on its way in."""
        return len(model.yards[seat]) + 1

    def col_x(self, seat: int, col: int, cols: int) -> float:
        return self.yard_area(seat).x + CW / 2 + col * self.col_step(seat, cols)

    def row_step(self, seat: int, count: int) -> float:
        area = self.yard_area(seat)
        room = area.h - LABEL_H - CH
        return min(ROW_STEP, room / max(count - 1, 1))

    def yard_card_pos(self, model: Model, seat: int, col: int, row: int,
                      count: int | None = None) -> tuple[float, float]:
        area = self.yard_area(seat)
        cols = self.yard_cols(model, seat)
        if count is None:
            count = len(model.yards[seat][col]) if col < len(model.yards[seat]) else 1
        step = self.row_step(seat, count)
        return self.col_x(seat, col, cols), area.y + LABEL_H + CH / 2 + row * step

    def pending_pos(self, model: Model, seat: int) -> tuple[float, float]:
        return self.yard_card_pos(model, seat, len(model.yards[seat]), 0, 1)

    def col_rect(self, model: Model, seat: int, col: int) -> pygame.Rect:
        """A flock column (label and cards), or the free column for a new flock."""
        area = self.yard_area(seat)
        cols = self.yard_cols(model, seat)
        step = self.col_step(seat, cols)
        x = self.col_x(seat, col, cols) - CW / 2
        count = len(model.yards[seat][col]) if col < len(model.yards[seat]) else 1
        bottom = self.yard_card_pos(model, seat, col, count - 1, count)[1] + CH / 2
        width = CW if col == cols - 1 else min(CW, step - 4)
        return pygame.Rect(int(x), area.y, int(max(width, 24)), int(bottom - area.y))

    def col_band(self, model: Model, seat: int, col: int) -> pygame.Rect:
        """A column's full height: flock choices share one row for the d-pad (columns of
        different heights would otherwise sit on different lines) and for the mouse."""
        rect = self.col_rect(model, seat, col)
        area = self.yard_area(seat)
        return pygame.Rect(rect.x, area.y, rect.w, area.h)

    def strip_rects(self, count: int) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The ability cards, top to bottom, and the 'No ability' button under them."""
        a = self.anchor("abilities")
        gap = 8
        skip_h = 48
        h = int(min(56, (a.h - skip_h - gap * count) / max(count, 1)))
        rects = [pygame.Rect(a.x, a.y + i * (h + gap), a.w, h) for i in range(count)]
        skip = pygame.Rect(a.x + a.w // 4, a.y + count * (h + gap), a.w // 2, skip_h)
        return rects, skip

    # -- rebuilding from the view -------------------------------------------------------
    def refresh(self) -> None:
        v = self.shown
        self.plan = Model.from_view(v)
        self.disp = self.plan.copy()
        for spr in self.cards.values():
            spr.visible = False
            spr.outline = None
        self.extras.clear()
        self.old_strips.clear()
        self.flash.clear()
        self.anim_status = ""
        self.place_all(self.plan)
        for seat in range(self.n):
            self.boxes[seat].total = float(v.totals[seat])
            self.boxes[seat].yard = 0.0 if self.plan.over else float(self.plan.yard_points(seat))
        self.place_tokens(self.plan)
        self.build_strips(self.plan.abilities)

    def place_all(self, m: Model) -> None:
        """Snap every visible card of ``m`` to its place."""
        for i, card in enumerate(m.hand):
            self.put(card, "full", self.hand_pos(i, len(m.hand)), Z_HAND + i)
        for slot, (_, card) in enumerate(m.feeder):
            if card is not None:
                self.put(card, "full", self.slot_pos(slot), Z_FEEDER + slot)
        for seat in range(self.n):
            self.place_yard(m, seat)
        if m.lifer is not None:
            self.put(m.lifer, "full", self.lifer_pos(), Z_FEEDER)

    def place_yard(self, m: Model, seat: int) -> None:
        for col, flock in enumerate(m.yards[seat]):
            for row, card in enumerate(flock):
                self.put(card, "compact", self.yard_card_pos(m, seat, col, row, len(flock)),
                         Z_YARD + col * 20 + row)
        if m.pending[seat] is not None:
            self.put(m.pending[seat], "compact", self.pending_pos(m, seat),
                     Z_YARD + len(m.yards[seat]) * 20)

    def put(self, card, kind: str, pos, z: int) -> Card:
        spr = self.card(card)
        spr.look(kind)
        spr.x, spr.y = pos
        spr.z, spr.scale, spr.squash, spr.lift, spr.alpha = z, 1.0, 1.0, 0.0, 255
        spr.face_up = True
        spr.visible = True
        return spr

    def place_tokens(self, m: Model) -> None:
        for place, tok in self.tokens.items():
            tok.x, tok.y = self.token_home(place)
            tok.scale = 1.0
        for seat, place in enumerate(m.places):
            if place:
                slot = next((i for i, (s, _) in enumerate(m.feeder) if s == seat), -1)
                if slot >= 0:
                    self.tokens[place].x, self.tokens[place].y = self.token_on_slot(slot)

    def build_strips(self, row) -> None:
        rects, _ = self.strip_rects(max(self.n - 1, 1))
        self.strips = [Thing(rects[i].centerx, rects[i].centery, token=t, ability=a,
                             glow=0.0)
                       for i, (t, a) in enumerate(row)]

    # -- animation plumbing ---------------------------------------------------------------
    def queue(self, steps: list) -> None:
        """One timeline per move; a chained submit in the same frame extends it."""
        if not steps:
            return
        tl = self.timeline
        if tl is not None and not tl.done and tl in self.animator.timelines:
            tl.steps.extend(steps)
        else:
            self.timeline = self.animator.play(Timeline(steps))

    def show_disp(self, snapshot: Model) -> Call:
        def fn() -> None:
            self.disp = snapshot
            for seat in range(self.n):
                if not snapshot.over:
                    self.boxes[seat].yard = float(snapshot.yard_points(seat))
        return Call(fn)

    def say(self, text: str) -> Call:
        return Call(lambda: setattr(self, "anim_status", text))

    def sound(self, name: str) -> Call:
        return Call(lambda: self.ctx.play(name))

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

        move = spr.move_to(pos, self.dur(seconds), lift, scale)
        steps: list = [Call(start)]
        if flip_to is not None:
            steps.append(Together(move, Timeline([Wait(self.dur(seconds) * 0.3),
                                                  spr.flip(self.dur(0.3), face_up=flip_to)])))
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
        spr = Card((0, 1, 0), self.patterns)
        spr.look("full")
        self.extras.append(spr)
        return spr

    def drop_extra(self, spr: Card) -> Call:
        def fn() -> None:
            spr.visible = False
            if spr in self.extras:
                self.extras.remove(spr)
        return Call(fn)

    def staggered(self, items: list, gap: float) -> Together:
        return Together(*[Timeline([Wait(self.dur(gap) * i), item])
                          for i, item in enumerate(items)])

    def hand_reflow(self, m: Model, seconds: float = 0.3, skip=()) -> list:
        moves = []
        for i, card in enumerate(m.hand):
            if card in skip:
                continue
            spr = self.card(card)
            moves.append(self.slide(spr, self.hand_pos(i, len(m.hand)), seconds, Z_HAND + i))
        return moves

    def slide(self, spr: Card, pos, seconds: float, z: int) -> Timeline:
        def fix() -> None:
            spr.z = z
        return Timeline([spr.move_to(pos, self.dur(seconds), 0.0), Call(fix)])

    def yard_reflow(self, m: Model, seat: int, seconds: float = 0.32, skip=()) -> list:
        """Slide every bird of a yard to its place in ``m`` (flocks re-sort, columns close)."""
        moves = []
        for col, flock in enumerate(m.yards[seat]):
            for row, card in enumerate(flock):
                if card in skip:
                    continue
                pos = self.yard_card_pos(m, seat, col, row, len(flock))
                moves.append(self.slide(self.card(card), pos, seconds, Z_YARD + col * 20 + row))
        pend = m.pending[seat]
        if pend is not None and pend not in skip:
            moves.append(self.slide(self.card(pend), self.pending_pos(m, seat), seconds,
                                    Z_YARD + len(m.yards[seat]) * 20))
        return moves

    def popup(self, text_surf: pygame.Surface, pos, seconds: float = 1.0, rise: int = 40
              ) -> Call:
        def fn() -> None:
            thing = Thing(pos[0], pos[1], surf=text_surf)
            self.popups.append(thing)

            def gone() -> None:
                if thing in self.popups:
                    self.popups.remove(thing)
            # decoration: it runs beside the move and never holds up the next one
            self.decor.append(Timeline([
                Tween(thing, self.dur(seconds), ease_out_cubic, y=pos[1] - rise),
                Tween(thing, self.dur(0.25), ease_out_cubic, alpha=0.0),
                Call(gone)]))
        return Call(fn)

    # -- events -> animations -------------------------------------------------------------
    def animate(self, events: list) -> None:
        steps: list = []
        i = 0
        while i < len(events):
            e = events[i]
            steps.append(self.release_log(e))
            if isinstance(e, R.HandDealt):  # every hand at once, dealt round the table
                group = [e]
                while i + 1 < len(events) and isinstance(events[i + 1], R.HandDealt):
                    i += 1
                    group.append(events[i])
                    steps.append(self.release_log(events[i]))
                steps.extend(self.anim_deal(group))
            elif isinstance(e, R.YardBirdDealt):
                group = [e]
                while i + 1 < len(events) and isinstance(events[i + 1], R.YardBirdDealt):
                    i += 1
                    group.append(events[i])
                    steps.append(self.release_log(events[i]))
                steps.extend(self.anim_yard_birds(group))
            else:
                handler = getattr(self, f"anim_{type(e).__name__}", None)
                if handler is not None:
                    steps.extend(handler(e))
            i += 1
        self.queue(steps)

    def anim_RoundStarted(self, e: R.RoundStarted) -> list:
        old = self.plan
        steps: list = []
        leaving = []
        for seat in range(self.n):
            for flock in old.yards[seat]:
                for card in flock:
                    leaving.append(self.fly(self.card(card), self.deck_pos(), 0.4, 0.3,
                                            flip_to=False))
            if old.pending[seat] is not None:
                leaving.append(self.fly(self.card(old.pending[seat]), self.deck_pos(), 0.4))
        if old.lifer is not None:
            leaving.append(self.fly(self.card(old.lifer), self.deck_pos(), 0.4, flip_to=False))
        fade = [Tween(s, self.dur(0.3), ease_out_cubic, alpha=0.0, x=s.x + 80)
                for s in self.strips]
        hide_all = Call(lambda: [setattr(s, "visible", False) for s in self.cards.values()])
        if leaving or fade:
            steps.append(Together(*(leaving or [Wait(0)]), *fade))
            steps.append(self.sound("shuffle"))
        m = Model.empty(self.n)
        m.totals = list(old.totals)
        m.deck = 55
        self.plan = m
        name = self.names[e.lead]
        steps += [hide_all, Call(lambda: setattr(self, "strips", [])),
                  Call(lambda: self.banner(f"Round {e.round}", f"{name} leads", hold=1.0)),
                  self.say(f"Round {e.round}: dealing"), self.show_disp(m.copy()),
                  Wait(self.dur(0.6))]
        return steps

    def anim_deal(self, group: list) -> list:
        m = self.plan
        flights = []
        viewer = self.viewer
        order = []
        for e in group:
            for k in range(len(e.cards)):
                order.append((k, e))
        order.sort(key=lambda t: (t[0], t[1].seat))
        def dealt() -> None:
            self.disp.deck = max(self.disp.deck - 1, 0)
        for idx, (k, e) in enumerate(order):
            if e.seat == viewer:  # a private event: only the owner's cards show faces
                cards = sorted(e.cards)
                card = cards[k]
                spr = self.card(card)
                pos = self.hand_pos(k, len(cards))
                flights.append(Timeline([
                    self.appear(spr, self.deck_pos(), "full", False, SHRINK), Call(dealt),
                    self.fly(spr, pos, 0.36, 0.4, 1.0, z=Z_HAND + k, flip_to=True)]))
            else:
                spr = self.anon()
                spr.visible = False
                seat = e.seat

                def count(s=seat, n=k + 1) -> None:
                    self.disp.hand_sizes[s] = n
                flights.append(Timeline([
                    self.appear(spr, self.deck_pos(), "full", False, SHRINK), Call(dealt),
                    spr.move_to(self.plate_hand_pos(seat), self.dur(0.36), 0.4, 0.35),
                    self.drop_extra(spr), Call(count)]))
        for e in group:
            m.hand_sizes[e.seat] = len(e.cards)
            m.deck -= len(e.cards)
            if e.seat == viewer:
                m.hand = sorted(e.cards)
        return [self.sound("deal"), self.staggered(flights, 0.035), self.sound("flip"),
                self.show_disp(m.copy())]

    def anim_yard_birds(self, group: list) -> list:
        m = self.plan
        flights = []
        for e in group:
            m.yards[e.seat] = [[e.card]]
            m.deck -= 1
        for e in group:
            spr = self.card(e.card)
            pos = self.yard_card_pos(m, e.seat, 0, 0, 1)
            flights.append(Timeline([
                self.appear(spr, self.deck_pos(), "full", False, SHRINK),
                self.fly(spr, pos, 0.4, 0.5, SHRINK, land_kind="compact", z=Z_YARD,
                         flip_to=True)]))
        return [self.staggered(flights, 0.08), self.sound("flip"), self.show_disp(m.copy())]

    def anim_LiferRevealed(self, e: R.LiferRevealed) -> list:
        m = self.plan
        m.lifer = e.card
        m.deck -= 1
        spr = self.card(e.card)
        species = SPECIES[e.card.species]
        return [self.say(f"The Lifer is the {species}"),
                self.appear(spr, self.deck_pos(), "full", False, SHRINK),
                self.fly(spr, self.lifer_pos(), 0.45, 0.6, 1.0, z=Z_FEEDER, flip_to=True),
                self.sound("flip"), self.show_disp(m.copy()), Wait(self.dur(0.25))]

    def anim_AbilitiesDealt(self, e: R.AbilitiesDealt) -> list:
        m = self.plan
        m.abilities = list(e.row)
        steps: list = []
        if e.redeal and self.strips is not None:
            def out() -> None:
                self.old_strips = self.strips
                self.strips = []
                for s in self.old_strips:
                    self.animator.play(Timeline([
                        Tween(s, self.dur(0.3), ease_out_cubic, alpha=0.0, x=s.x + 120)]))
            steps += [self.say("New Lifer: abilities re-dealt"), Call(out),
                      Wait(self.dur(0.3))]
        rects, _ = self.strip_rects(max(self.n - 1, 1))
        new = [Thing(rects[i].centerx + 200, rects[i].centery, token=t, ability=a, alpha=0.0,
                     glow=0.0) for i, (t, a) in enumerate(e.row)]

        def install() -> None:
            self.strips = new
            self.old_strips = []
        ins = [Tween(s, self.dur(0.32), ease_out_back, x=rects[i].centerx, alpha=255.0)
               for i, s in enumerate(new)]
        steps += [Call(install), self.sound("shuffle"), self.staggered(ins, 0.08),
                  self.show_disp(m.copy())]
        return steps

    def anim_CardPlayed(self, e: R.CardPlayed) -> list:
        m = self.plan
        slot = e.slot
        while len(m.feeder) <= slot:
            m.feeder.append([e.seat, None])
        m.feeder[slot] = [e.seat, e.card]
        m.hand_sizes[e.seat] -= 1
        spr = self.card(e.card)
        pos = self.slot_pos(slot)
        name = self.names[e.seat]
        steps: list = [self.say(f"{name} plays {card_name(e.card)}")]
        if e.seat == self.viewer and e.card in m.hand:
            m.hand.remove(e.card)
            steps.append(Together(
                self.fly(spr, pos, 0.36, 0.5, z=Z_FEEDER + slot),
                *self.hand_reflow(m, 0.3)))
            steps.insert(1, Call(lambda: spr.look("full")))
        else:
            steps += [self.appear(spr, self.plate_hand_pos(e.seat), "full", False, 0.4),
                      self.fly(spr, pos, 0.38, 0.6, 1.0, z=Z_FEEDER + slot, flip_to=True)]
        steps += [self.sound("slide"), self.show_disp(m.copy())]
        return steps

    def anim_TrickRanked(self, e: R.TrickRanked) -> list:
        m = self.plan
        steps: list = [self.say("Ranking the trick"), Wait(self.dur(0.2))]
        for p in e.placements:
            m.places[p.seat] = p.place
            tok = self.tokens[p.place]
            spr = self.card(p.card)
            tx, ty = self.token_on_slot(p.slot)
            text = f"{PLACE_NAMES[p.place]}: {self.names[p.seat]} \u2013 {R.REASON_TEXT[p.reason]}"
            reason = self.reason_badge(SHORT_REASON[p.reason])
            sx, sy = self.slot_pos(p.slot)
            steps += [
                self.say(text),
                Together(
                    Timeline([Tween(tok, self.dur(0.1), ease_out_cubic, y=tok.y - 30, scale=1.3),
                              Together(Tween(tok, self.dur(0.3), ease_in_out_cubic, x=tx),
                                       Tween(tok, self.dur(0.3), ease_out_bounce, y=ty,
                                             scale=1.0))]),
                    Timeline([Wait(self.dur(0.26)),
                              Tween(spr, self.dur(0.14), ease_out_cubic, lift=0.6),
                              Tween(spr, self.dur(0.2), ease_out_cubic, lift=0.0)])),
                self.sound("tap"),
                self.popup(reason, (sx, sy + 30), 0.9, 30),
                Wait(self.dur(0.14))]
        steps += [self.show_disp(m.copy()), Wait(self.dur(0.45))]
        return steps

    def reason_badge(self, text: str) -> pygame.Surface:
        key = ("yb_reason", text)
        surf = self.ctx.assets.cache.get(key)
        if surf is None:
            txt = self.ctx.assets.text(text, 28, art.INK, "bold")
            surf = ui.panel((txt.get_width() + 20, txt.get_height() + 6), art.GOLD, 14,
                            art.INK, 2).copy()
            surf.blit(txt, txt.get_rect(center=(surf.get_width() // 2, surf.get_height() // 2)))
            self.ctx.assets.cache.put(key, surf)
        return surf

    def anim_BirdTaken(self, e: R.BirdTaken) -> list:
        m = self.plan
        if 0 <= e.slot < len(m.feeder):
            m.feeder[e.slot][1] = None
        m.pending[e.seat] = e.card
        spr = self.card(e.card)
        pos = self.pending_pos(m, e.seat)
        who = self.names[e.seat]
        return [self.say(f"{who} takes {card_name(e.card)}"), self.sound("slide"),
                self.fly(spr, pos, 0.42, 0.8, SHRINK, land_kind="compact",
                         z=Z_YARD + len(m.yards[e.seat]) * 20),
                self.show_disp(m.copy())]

    def anim_BirdFlocked(self, e: R.BirdFlocked) -> list:
        m = self.plan
        m.pending[e.seat] = None
        yard = m.yards[e.seat]
        if e.new:
            yard.append([e.card])
            col = len(yard) - 1
        else:
            yard[e.flock] = sorted(yard[e.flock] + [e.card], key=flock_order)
            col = e.flock
        area = self.yard_area(e.seat)
        label_pos = (self.col_x(e.seat, col, self.yard_cols(m, e.seat)), area.y + 10)
        steps = [Together(*self.yard_reflow(m, e.seat, 0.3)), self.sound("tap"),
                 self.show_disp(m.copy())]
        if e.points > 0 and not e.new:
            steps.append(self.popup(art.gain_badge(e.points), label_pos, 0.7, 26))
        return steps

    def anim_AbilityUsed(self, e: R.AbilityUsed) -> list:
        strip = next((s for s in self.strips if s.ability == e.ability), None)
        who = self.names[e.seat]
        steps: list = [self.say(f"{who} uses {ABILITIES[e.ability].name}"), self.sound("chirp")]
        if strip is not None:
            steps += [Tween(strip, self.dur(0.15), ease_out_cubic, glow=1.0),
                      Wait(self.dur(0.3)),
                      Tween(strip, self.dur(0.2), ease_out_cubic, glow=0.0)]
        else:
            steps.append(Wait(self.dur(0.5)))
        return steps

    def anim_LiferSwapped(self, e: R.LiferSwapped) -> list:
        m = self.plan
        m.lifer = e.card
        new, old = self.card(e.card), self.card(e.old)
        steps: list = []
        if e.seat == self.viewer:
            if e.card in m.hand:
                m.hand.remove(e.card)
            m.hand = sorted(m.hand + [e.old])
            i = m.hand.index(e.old)
            steps.append(Together(
                self.fly(new, self.lifer_pos(), 0.5, 0.6, z=Z_FEEDER),
                Timeline([Wait(self.dur(0.1)),
                          self.fly(old, self.hand_pos(i, len(m.hand)), 0.5, 0.6,
                                   z=Z_HAND + i)]),
                *self.hand_reflow(m, 0.4, skip=(e.old,))))
        else:
            steps += [self.appear(new, self.plate_hand_pos(e.seat), "full", False, 0.4),
                      Together(self.fly(new, self.lifer_pos(), 0.5, 0.6, 1.0, z=Z_FEEDER,
                                        flip_to=True),
                               Timeline([self.fly(old, self.plate_hand_pos(e.seat), 0.5, 0.6,
                                                  0.4, flip_to=False), self.hide(old)]))]
        steps += [self.sound("flip"), self.show_disp(m.copy())]
        return steps

    def anim_CardBuried(self, e: R.CardBuried) -> list:
        m = self.plan
        m.deck += 1
        deck = self.deck_pos()
        who = self.names[e.seat]
        if e.src == "lifer":
            m.lifer = None
            spr = self.card(e.card)
            return [self.say("The Lifer goes under the deck"),
                    self.fly(spr, deck, 0.45, 0.5, SHRINK, flip_to=False), self.hide(spr),
                    self.show_disp(m.copy())]
        if e.src == "yard":
            yard = m.yards[e.seat]
            if 0 <= e.flock < len(yard) and e.card in yard[e.flock]:
                yard[e.flock].remove(e.card)
                if not yard[e.flock]:
                    del yard[e.flock]
            spr = self.card(e.card)
            return [self.say(f"{who}'s {card_name(e.card)} flies off"),
                    self.fly(spr, deck, 0.45, 0.6, flip_to=False), self.hide(spr),
                    Together(*self.yard_reflow(m, e.seat) or [Wait(0)]),
                    self.show_disp(m.copy())]
        m.hand_sizes[e.seat] -= 1
        if e.seat == self.viewer and e.card in m.hand:
            m.hand.remove(e.card)
            spr = self.card(e.card)
            steps = [Together(self.fly(spr, deck, 0.45, 0.5, SHRINK, flip_to=False),
                              *self.hand_reflow(m, 0.3)), self.hide(spr)]
        else:
            spr = self.anon()
            spr.visible = False
            steps = [self.appear(spr, self.plate_hand_pos(e.seat), "full", False, 0.4),
                     spr.move_to(deck, self.dur(0.45), 0.5, SHRINK), self.drop_extra(spr)]
        return [self.say(f"{who} puts a card under the deck"), self.sound("slide"), *steps,
                self.show_disp(m.copy())]

    def anim_CardDrawn(self, e: R.CardDrawn) -> list:
        m = self.plan
        m.deck -= 1
        m.hand_sizes[e.seat] += 1
        who = self.names[e.seat]
        if e.seat == self.viewer:  # private: the drawn card shows only to its owner
            m.hand = sorted(m.hand + [e.card])
            i = m.hand.index(e.card)
            spr = self.card(e.card)
            steps = [self.appear(spr, self.deck_pos(), "full", False, SHRINK),
                     Together(self.fly(spr, self.hand_pos(i, len(m.hand)), 0.45, 0.5, 1.0,
                                       z=Z_HAND + i, flip_to=True),
                              *self.hand_reflow(m, 0.35, skip=(e.card,)))]
        else:
            spr = self.anon()
            spr.visible = False
            steps = [self.appear(spr, self.deck_pos(), "full", False, SHRINK),
                     spr.move_to(self.plate_hand_pos(e.seat), self.dur(0.45), 0.5, 0.4),
                     self.drop_extra(spr)]
        return [self.say(f"{who} draws a card"), self.sound("deal"), *steps,
                self.show_disp(m.copy())]

    def anim_FeederSwapped(self, e: R.FeederSwapped) -> list:
        m = self.plan
        yard = m.yards[e.seat]
        if 0 <= e.flock < len(yard) and e.given in yard[e.flock]:
            yard[e.flock].remove(e.given)
            if not yard[e.flock]:
                del yard[e.flock]
        if 0 <= e.slot < len(m.feeder):
            m.feeder[e.slot][1] = e.given
        m.pending[e.seat] = e.taken
        given, taken = self.card(e.given), self.card(e.taken)

        def grow() -> None:
            given.look("full")
            given.scale = SHRINK
        return [self.say(f"{self.names[e.seat]} swaps a bird with the feeder"),
                self.sound("slide"), Call(grow),
                Together(self.fly(given, self.slot_pos(e.slot), 0.5, 0.6, 1.0,
                                  z=Z_FEEDER + e.slot),
                         self.fly(taken, self.pending_pos(m, e.seat), 0.5, 0.6, SHRINK,
                                  land_kind="compact"),
                         *self.yard_reflow(m, e.seat, 0.4, skip=(e.taken,))),
                self.show_disp(m.copy())]

    def anim_HandFeederSwapped(self, e: R.HandFeederSwapped) -> list:
        m = self.plan
        if 0 <= e.slot < len(m.feeder):
            m.feeder[e.slot][1] = e.given
        given, taken = self.card(e.given), self.card(e.taken)
        pos = self.slot_pos(e.slot)
        steps: list = [self.say(f"{self.names[e.seat]} trades a card with the feeder"),
                       self.sound("slide")]
        if e.seat == self.viewer:
            if e.given in m.hand:
                m.hand.remove(e.given)
            m.hand = sorted(m.hand + [e.taken])
            i = m.hand.index(e.taken)
            steps.append(Together(
                self.fly(given, pos, 0.5, 0.6, z=Z_FEEDER + e.slot),
                self.fly(taken, self.hand_pos(i, len(m.hand)), 0.5, 0.6, z=Z_HAND + i),
                *self.hand_reflow(m, 0.4, skip=(e.taken,))))
        else:
            steps += [self.appear(given, self.plate_hand_pos(e.seat), "full", False, 0.4),
                      Together(self.fly(given, pos, 0.5, 0.6, 1.0, z=Z_FEEDER + e.slot,
                                        flip_to=True),
                               Timeline([self.fly(taken, self.plate_hand_pos(e.seat), 0.5,
                                                  0.6, 0.4, flip_to=False),
                                         self.hide(taken)]))]
        steps.append(self.show_disp(m.copy()))
        return steps

    def anim_BirdReflocked(self, e: R.BirdReflocked) -> list:
        m = self.plan
        yard = m.yards[e.seat]
        if e.dst == R.NEW_FLOCK:
            yard.append([e.card])
        else:
            yard[e.dst] = sorted(yard[e.dst] + [e.card], key=flock_order)
        if e.src_emptied:
            del yard[e.src]
        else:
            yard[e.src].remove(e.card)
        return [self.say(f"{self.names[e.seat]} moves a bird to another flock"),
                Together(*self.yard_reflow(m, e.seat, 0.45) or [Wait(0)]), self.sound("tap"),
                self.show_disp(m.copy())]

    def anim_FlocksMerged(self, e: R.FlocksMerged) -> list:
        m = self.plan
        yard = m.yards[e.seat]
        low, high = min(e.first, e.second), max(e.first, e.second)
        yard[low] = sorted(yard[low] + yard[high], key=flock_order)
        del yard[high]
        return [self.say(f"{self.names[e.seat]} merges two flocks"),
                Together(*self.yard_reflow(m, e.seat, 0.45) or [Wait(0)]), self.sound("tap"),
                self.show_disp(m.copy())]

    def anim_TrickEnded(self, e: R.TrickEnded) -> list:
        m = self.plan
        m.feeder = []
        m.places = [0] * self.n
        homes = [Tween(tok, self.dur(0.3), ease_out_cubic, x=self.token_home(p)[0],
                       y=self.token_home(p)[1]) for p, tok in self.tokens.items()]
        text = ("The hands are empty: the round is over" if e.next_lead is None
                else f"{self.names[e.next_lead]} leads the next trick")
        return [self.say(text), Together(*homes), self.show_disp(m.copy()),
                Wait(self.dur(0.1))]

    def anim_RoundScored(self, e: R.RoundScored) -> list:
        m = self.plan
        steps: list = [self.say(f"Round {e.round}: the flocks score"), Wait(self.dur(0.3))]
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
                box = self.boxes[seat]
                cols = len(flocks) + 1
                x = self.col_x(seat, k, cols)
                y = self.yard_area(seat).y + 10
                beat.append(self.popup(art.gain_badge(result.points), (x, y), 0.7, 34))
                beat.append(self.flash_col(seat, k))
                beat.append(Tween(box, self.dur(0.3), ease_out_cubic, total=running[seat],
                                  yard=max(left[seat], 0.0)))
            steps += [self.sound("chirp"), Together(*beat), Wait(self.dur(0.2))]
        m.totals = list(e.totals)
        m.over = True  # the yard's points are banked now
        steps += [self.show_disp(m.copy()), Wait(self.dur(0.6))]
        return steps

    def flash_col(self, seat: int, col: int) -> Timeline:
        glow = Thing(alpha=0.0)

        def on() -> None:
            self.flash[(seat, col)] = glow
        return Timeline([Call(on), Tween(glow, self.dur(0.15), ease_out_cubic, alpha=255.0),
                         Wait(self.dur(0.3)),
                         Tween(glow, self.dur(0.25), ease_out_cubic, alpha=0.0),
                         Call(lambda: self.flash.pop((seat, col), None))])

    # -- a human's decision -----------------------------------------------------------------
    def begin_turn(self) -> None:
        self.chain = []
        self.build_step()

    def lookahead(self):
        """The state after the picks made so far in this decision (on a clone)."""
        st = self.state.clone()
        for action in self.chain:
            st.apply(action)
        return st

    def build_step(self) -> None:
        seat = self.state.current_player
        st = self.lookahead()
        legal = st.legal_actions()
        v = st.view(seat)
        self.step_view = v
        self.step_phase = v.phase
        options = self.options_for(v, seat, legal)
        initial = next((i for i, o in enumerate(options) if o.enabled), 0)
        if v.phase in FLOCK_PICKS:  # start on the best flock for the bird
            best = max(range(len(options)), key=lambda i: (options[i].enabled,
                                                         self.gain_of(options[i].value)),
                       default=0)
            initial = best
        self.picker = Picker(options, self.on_pick, self.on_back if self.chain else None,
                             initial=initial, ctx=self.ctx, radius=14)
        if v.phase == R.PLAY:  # cards that may not follow are dimmed (and refused)
            for option in options:
                self.card(option.value.card).look("full", not option.enabled)

    def options_for(self, v, seat: int, legal: list) -> list[Option]:
        phase = v.phase
        legal_set = set(legal)
        m = self.plan
        opts: list[Option] = []
        self.ring_rects = {}
        if phase == R.PLAY or phase in HAND_PICKS:
            n = len(m.hand)
            step = self.hand_step(n)
            for i, card in enumerate(m.hand):
                action = R.Play(card) if phase == R.PLAY else R.PickHand(card)
                x, y = self.hand_pos(i, n)
                w = FW if i == n - 1 else int(step)
                rect = pygame.Rect(int(x - FW / 2), int(y - FH / 2), w, FH)
                label = "Play" if phase == R.PLAY else "Choose"
                opts.append(Option(rect, action, label, action in legal_set))
            # the lookahead may hold a card the screen does not (never here: hands only
            # change through draws, which end a chain)
        elif phase in FEEDER_PICKS:
            for slot, (_, card) in enumerate(m.feeder):
                if card is None:
                    continue
                action = R.Take(card) if phase == R.TAKE else R.PickFeeder(card)
                x, y = self.slot_pos(slot)
                rect = pygame.Rect(int(x - FW / 2), int(y - FH / 2), FW, FH)
                opts.append(Option(rect, action, "Take", action in legal_set))
        elif phase in FLOCK_PICKS:
            mapping = self.map_flocks(v.yards[seat], m.yards[seat])
            for action in legal:
                col = len(m.yards[seat]) if action.flock == R.NEW_FLOCK else mapping.get(
                    action.flock, -1)
                if col < 0:
                    continue
                self.ring_rects[action] = self.col_rect(m, seat, col)
                label = "New flock" if action.flock == R.NEW_FLOCK else "Add here"
                opts.append(Option(self.col_band(m, seat, col), action, label, True))
            opts.sort(key=lambda o: o.rect.x)
        elif phase in YARD_PICKS:
            for col, flock in enumerate(m.yards[seat]):
                step = self.row_step(seat, len(flock))
                for row, card in enumerate(flock):
                    action = R.PickYard(card)
                    x, y = self.yard_card_pos(m, seat, col, row, len(flock))
                    h = CH if row == len(flock) - 1 else max(int(step), 12)
                    cols = self.yard_cols(m, seat)
                    w = CW if col == cols - 2 else int(min(CW, self.col_step(seat, cols) - 4))
                    rect = pygame.Rect(int(x - CW / 2), int(y - CH / 2), w, h)
                    opts.append(Option(rect, action, "Choose", action in legal_set))
        elif phase in MERGE_PICKS:
            for col in range(len(m.yards[seat])):
                action = R.PickFlock(col)
                if phase == R.MERGE_SECOND and col == v.pending_flock:
                    continue
                self.ring_rects[action] = self.col_rect(m, seat, col)
                opts.append(Option(self.col_band(m, seat, col), action, "Merge",
                                   action in legal_set))
        elif phase == R.ABILITY:
            rects, skip = self.strip_rects(max(self.n - 1, 1))
            for i, (token, ability) in enumerate(m.abilities):
                action = R.UseAbility(ability)
                opts.append(Option(rects[i], action, "Use", action in legal_set))
            opts.append(Option(skip, R.Skip(), "No ability", True))
        return opts

    def map_flocks(self, looked, shown) -> dict[int, int]:
        """Flock indices of the lookahead yard -> columns on screen (the same flocks,
        perhaps one bird lighter after a Feeder Swap)."""
        mapping = {}
        for i, flock in enumerate(looked):
            cards = set(flock.cards)
            for col, birds in enumerate(shown):
                if cards <= set(birds):
                    mapping[i] = col
                    break
        return mapping

    def moving_bird(self):
        """The bird the current flock choice is for (chosen in this chain or pending)."""
        for action in reversed(self.chain):
            if isinstance(action, (R.Take, R.PickFeeder, R.PickYard)):
                if self.step_phase == R.REFLOCK_FLOCK or not isinstance(action, R.PickYard):
                    return action.card
        v = self.step_view
        if v is not None and v.pending_bird is not None:
            return v.pending_bird
        return None

    def gain_of(self, action) -> int:
        """Points a flock choice would add (for the badges and the first focus)."""
        if not isinstance(action, R.ToFlock) or self.step_view is None:
            return 0
        bird = self.moving_bird()
        seat = self.state.current_player
        if bird is None or seat is None:
            return 0
        yard = self.step_view.yards[seat]
        if action.flock == R.NEW_FLOCK or action.flock >= len(yard):
            return 0
        flock = yard[action.flock]
        return flock.plus(bird).points - flock.points

    def show_hint(self, action) -> None:
        """Focus the hint's option. A hint for a pick already made (the player asked
        after it) is followed at once by a hint for the pick the screen asks for now."""
        if self.picker is None:
            return
        if not any(o.value == action for o in self.picker.options) and self.chain:
            if action == self.chain[0]:
                self.request_hint(self.lookahead())
                return
            self.chain = []
            self.build_step()
        self.picker.focus_value(action)

    def on_pick(self, value) -> None:
        hinted = value == self.hint_action and self.hint_action is not None
        self.chain.append(value)
        seat = self.state.current_player
        st = self.lookahead()
        if st.is_terminal() or st.current_player != seat or st.view(seat).phase in DECISION_STARTS:
            actions, self.chain, self.picker = list(self.chain), [], None
            for spr in self.cards.values():
                if spr.dimmed:
                    spr.look(spr.kind)
            for action in actions:
                if not self.submit(action):  # refused (never expected): the turn restarts
                    break
            return
        self.build_step()
        if hinted:  # the player follows the hint: hint the next pick of the same choice
            self.request_hint(self.lookahead())

    def on_back(self) -> None:
        if self.chain:
            self.chain.pop()
        self.build_step()

    # -- words -----------------------------------------------------------------------------
    def status(self) -> str:
        if self.animator.busy and self.anim_status:
            return self.anim_status
        seat = self.state.current_player
        if seat is None:
            return "Game over"
        name = self.names[seat]
        if self.is_human(seat) and self.turn_ready and self.picker is not None:
            return self.human_status()
        phase = self.shown.phase if self.shown is not None else ""
        if phase in AI_DOING:
            return f"{name} {AI_DOING[phase]}"
        if self.shown.pending_ability:
            return f"{name}: {ABILITIES[self.shown.pending_ability].name}"
        return f"{name} is thinking"

    def human_status(self) -> str:
        phase = self.step_phase
        if phase == R.PLAY:
            return "Lead any card" if not self.plan.feeder else "Play a card to the feeder"
        if phase == R.TAKE:
            return "Take a bird from the feeder"
        if phase in (R.FLOCK, R.FEEDER_SWAP_FLOCK):
            return "Choose a flock for your bird"
        if phase == R.ABILITY:
            return "Use an ability, or skip"
        return STEP_TEXT.get(phase, R.PHASE_PROMPTS.get(phase, "Your move"))

    def prompts(self) -> tuple:
        picker = self.picker
        verb = "Choose"
        if picker is not None and picker.focused is not None:
            verb = picker.focused.label or verb
        items = [(Act.LEFT, "Move"), (Act.CONFIRM, verb)]
        items.append((Act.BACK, "Back" if self.chain else "Menu"))
        return tuple(items)

    def tip_text(self) -> str:
        """What the focused choice is, in words (shown beside it)."""
        picker = self.picker
        if picker is None or picker.focused is None:
            return ""
        option = picker.focused
        value = option.value
        lifer = self.plan.lifer
        if isinstance(value, (R.Play, R.PickHand, R.Take, R.PickFeeder, R.PickYard)):
            text = card_name(value.card)
            if lifer is not None and value.card.species == lifer.species:
                text += " \u00b7 Lifer species"
            if not option.enabled and isinstance(value, R.Play):
                text += " \u00b7 must follow a suit in the feeder"
            elif not option.enabled and isinstance(value, R.PickYard):
                text += " \u00b7 " + self.why_bird_stays(value.card)
            elif not option.enabled:
                text += " \u00b7 not allowed now"
            return text
        if isinstance(value, R.ToFlock):
            if value.flock == R.NEW_FLOCK:
                return "Start a new flock (a lone bird scores 0)"
            seat = self.state.current_player
            flock = self.step_view.yards[seat][value.flock]
            bird = self.moving_bird()
            after = flock.plus(bird) if bird is not None else flock
            gain = after.points - flock.points
            return (f"{KIND_NAMES[after.kind]} flock of {len(after)}: "
                    f"{after.points} {'point' if after.points == 1 else 'points'} (+{gain})")
        if isinstance(value, R.PickFlock):
            seat = self.state.current_player
            flock = self.step_view.yards[seat][value.flock]
            return f"{KIND_NAMES[flock.kind]} flock of {len(flock)} ({flock.points} points)"
        if isinstance(value, R.UseAbility):
            info = ABILITIES[value.ability]
            text = f"{info.name}: {info.text}"
            if not option.enabled:
                token = next((t for t, a in self.plan.abilities if a == value.ability), 0)
                place = self.plan.places[self.state.current_player]
                text += (f" (needs place {token} or worse; you are {PLACE_NAMES.get(place, '')})"
                         if token > place else " (nothing to use it on now)")
            return text
        if isinstance(value, R.Skip):
            return "Use no ability this trick"
        return ""

    def why_bird_stays(self, card) -> str:
        """Why an ability may not take this bird of the yard (for the tip line)."""
        if self.step_phase == R.FLY_OFF_BIRD:
            return "only a solo bird may fly off"
        yard = self.step_view.yards[self.state.current_player]
        flock = next(f for f in yard if card in f.cards)
        if not flock.can_lose(card):  # ruling YB-9
            return "its flock would no longer qualify"
        return "no other flock takes it"

    # -- drawing ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.decor:
            self.decor = [t for t in self.decor if t.update(dt) < 0]
        super().update(dt)
        if self.animator.busy:
            return
        focus = None
        if self.picker is not None and self.turn_ready and self.is_human(self.state.current_player):
            focus = self.picker.focused
        self.apply_focus(focus)

    def apply_focus(self, focus: Option | None) -> None:
        """Lift the focused card; outline the birds already chosen in this decision."""
        chosen = set()
        for action in self.chain:
            card = getattr(action, "card", None)
            if card is not None:
                chosen.add(card)
        focused = getattr(focus.value, "card", None) if focus is not None else None
        for card, spr in self.cards.items():
            if not spr.visible:
                continue
            spr.outline = ui.ACCENT if card in chosen else None
            target = 1.0 if card == focused else 0.7 if card in chosen else 0.0
            if spr.lift != target:
                spr.lift += (target - spr.lift) * 0.35
                if abs(spr.lift - target) < 0.02:
                    spr.lift = target

    plate_corner = 184   # the plate's counters (hand, yard points, total) sit there

    def paint_felt(self, surface: pygame.Surface) -> None:
        """What never moves, baked into the backdrop: the feeder tray and its card places,
        the Lifer's title (the plates hold the yards, so they are big:
        their panels are in the backdrop too, see TableScene.felt)."""
        fa = self.anchor("feeder")
        tray = fa.inflate(16, 8)
        surface.blit(art.feeder_ring(tray.size), tray)
        mat = art.slot_mat((FW, FH))
        for slot in range(self.n):
            x, y = self.slot_pos(slot)
            surface.blit(mat, mat.get_rect(center=(int(x), int(y))))
        la = self.anchor("lifer")
        title = self.ctx.assets.text("Lifer", 32, ui.ACCENT, "title")
        surface.blit(title, title.get_rect(midtop=(la.centerx, la.y)))

    def draw_table(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        fa = self.anchor("feeder")
        mat = art.slot_mat((FW, FH))
        for slot, (seat, _card) in enumerate(self.disp.feeder):
            x, y = self.slot_pos(slot)
            info = self.match.seats[seat]
            colour = ui.SEAT_COLOURS[info.colour % 6]
            name = a.text_fit(info.name, 28, FW - 6, ui.TEXT, "bold")
            ny = fa.bottom - 22
            ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour % 6],
                          (int(x - name.get_width() / 2 - 4), int(ny)), 9, colour)
            surface.blit(name, name.get_rect(midleft=(int(x - name.get_width() / 2 + 10), int(ny))))
        # the deck
        d = self.anchor("deck")
        dx, dy = self.deck_pos()
        if self.disp.deck > 0:
            back = art.back(DECK_CARD)
            for k in range(min(3, max(1, self.disp.deck // 12))):
                surface.blit(back, back.get_rect(center=(int(dx - 3 * k), int(dy - 2 * k))))
        label = a.text(f"Deck: {self.disp.deck} cards", 30, ui.TEXT_MUTED)
        surface.blit(label, label.get_rect(midleft=(d.x + DECK_CARD[0] + 40, d.centery)))
        # the Lifer
        la = self.anchor("lifer")
        if self.disp.lifer is not None:
            species = SPECIES[self.disp.lifer.species]
            name = a.text_fit(species, 30, la.w + 10, ui.TEXT, "bold")
            surface.blit(name, name.get_rect(midtop=(la.centerx, la.y + 40 + FH)))
        else:
            surface.blit(mat, mat.get_rect(center=tuple(int(c) for c in self.lifer_pos())))
        # the ability row
        rects, skip = self.strip_rects(max(self.n - 1, 1))
        usable = None
        if self.picker is not None and self.step_phase == R.ABILITY and self.turn_ready:
            usable = {o.value.ability for o in self.picker.options
                      if isinstance(o.value, R.UseAbility) and o.enabled}
        for strip in self.old_strips + self.strips:
            if strip.alpha <= 0:
                continue
            ok = usable is None or strip.ability in usable
            surf = art.ability_card(strip.ability, strip.token, rects[0].size, ok)
            rect = surf.get_rect(center=(int(strip.x), int(strip.y)))
            if strip.alpha < 255:
                surf = surf.copy()
                surf.set_alpha(int(strip.alpha))
            surface.blit(surf, rect)
            if strip.glow > 0.05:
                pygame.draw.rect(surface, ui.ACCENT, rect.inflate(10, 10), 5, border_radius=16)
        if usable is not None:
            surf = ui.panel(skip.size, ui.PANEL_LIGHT, skip.h // 2, ui.TEXT, 2)
            surface.blit(surf, skip)
            txt = a.text("No ability", 30, ui.TEXT, "bold")
            surface.blit(txt, txt.get_rect(center=skip.center))

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        a = self.ctx.assets
        box = self.boxes[seat]
        x = rect.right - 18
        total = a.text(str(int(round(box.total))), 40, ui.ACCENT, "title")
        trect = total.get_rect(midright=(x, rect.y + 32))
        surface.blit(total, trect)
        x = trect.x - 10
        yard = int(round(box.yard))
        if yard > 0:
            plus = a.text(f"+{yard}", 30, ui.GOOD, "bold")
            prect = plus.get_rect(midright=(x, rect.y + 34))
            surface.blit(plus, prect)
            x = prect.x - 14
        cards = self.disp.hand_sizes[seat] if seat < len(self.disp.hand_sizes) else 0
        count = a.text(str(cards), 30, ui.TEXT, "bold")
        crect = count.get_rect(midright=(x, rect.y + 34))
        surface.blit(count, crect)
        mini = _mini_back()
        mrect = mini.get_rect(midright=(crect.x - 4, rect.y + 33))
        surface.blit(mini, mrect)
        self.extras_left[seat] = mrect.x

    def thinking_spot(self, seat: int, rect: pygame.Rect) -> tuple[int, int]:
        """Left of the plate's counters (where the base's corner would cover them)."""
        return self.extras_left.get(seat, rect.right - 160) - 10, rect.y + 30

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        # cards and yard labels lie above the seat plates (yards live on them), below the
        # status line
        self.draw_cards(surface)

    def draw_on_top(self, surface: pygame.Surface) -> None:
        if self.picker is not None and self.turn_ready and not self.animator.busy:
            self.draw_focus_tip(surface)  # over the status line: it may reach that far

    def draw_cards(self, surface: pygame.Surface) -> None:
        for seat in range(self.n):
            self.draw_yard_labels(surface, seat)
        sprites = [s for s in self.cards.values() if s.visible] + self.extras
        sprites.sort(key=lambda s: s.z + s.lift * 50)
        for spr in sprites:
            spr.draw(surface)
        for place, tok in self.tokens.items():
            surf = art.token(place)
            if tok.scale != 1.0:
                size = int(surf.get_width() * tok.scale)
                surf = pygame.transform.scale(surf, (size, size))
            surface.blit(surf, surf.get_rect(center=(int(tok.x), int(tok.y))))
        for pop in self.popups:
            surf = pop.surf
            if pop.alpha < 255:
                surf = surf.copy()
                surf.set_alpha(int(pop.alpha))
            surface.blit(surf, surf.get_rect(center=(int(pop.x), int(pop.y))))
        if self.picker is not None and self.turn_ready and not self.animator.busy:
            self.draw_choice(surface)

    def draw_yard_labels(self, surface: pygame.Surface, seat: int) -> None:
        m = self.disp
        yard = m.yards[seat]
        if not yard:
            return
        area = self.yard_area(seat)
        cols = len(yard) + 1
        step = self.col_step(seat, cols)
        offered = set()
        if (self.picker is not None and self.step_phase in FLOCK_PICKS and self.turn_ready
                and not self.animator.busy and seat == self.state.current_player):
            offered = {o.rect.x for o in self.picker.options}  # these show gains instead
        for col, cards in enumerate(yard):
            if not cards:
                continue
            x = self.col_x(seat, col, cols)
            if int(x - CW / 2) in offered:
                continue
            flock = R.Flock(cards)
            kind = flock.kind
            key = (flock.suit if kind == COLOUR else flock.species if kind == SPECIES_KIND
                   else flock.number if kind == EQUAL else -1)
            # a tag from the column's left edge, never wider than the step to the next
            # column: neighbouring labels cannot meet, and the first stays on the plate
            surf = art.flock_label(kind, key, flock.points, self.patterns, int(step) - 10)
            rect = surf.get_rect(midleft=(int(x - CW / 2), area.y + LABEL_H // 2 - 2))
            surface.blit(surf, rect)
            glow = self.flash.get((seat, col))
            if glow is not None and glow.alpha > 10:
                top = area.y + LABEL_H
                n = len(cards)
                bottom = self.yard_card_pos(m, seat, col, n - 1, n)[1] + CH / 2
                rect = pygame.Rect(int(x - CW / 2) - 6, top - 6, CW + 12, int(bottom - top) + 12)
                pygame.draw.rect(surface, ui.ACCENT, rect, 5, border_radius=12)

    def draw_choice(self, surface: pygame.Surface) -> None:
        picker = self.picker
        focus = picker.focused
        seat = self.state.current_player
        a = self.ctx.assets
        if self.step_phase in FLOCK_PICKS:
            # every flock on offer shows what the bird would add (in place of its label);
            # the focused one shows the bird itself, see-through, where it would land
            bird = self.moving_bird()
            label_y = self.yard_area(seat).y + LABEL_H // 2 - 2
            for option in picker.options:
                r = self.focus_rect(option)
                if option.value.flock == R.NEW_FLOCK:
                    if bird is not None and self.plan.pending[seat] != bird:
                        slot = art.new_flock_slot()
                        surface.blit(slot, slot.get_rect(midbottom=r.midbottom))
                    continue
                badge = art.gain_badge(self.gain_of(option.value))
                surface.blit(badge, badge.get_rect(center=(r.centerx, label_y)))
            if focus is not None and bird is not None and self.plan.pending[seat] != bird:
                g = art.ghost(bird, self.patterns)
                r = self.focus_rect(focus)
                if focus.value.flock == R.NEW_FLOCK:
                    surface.blit(g, g.get_rect(midbottom=r.midbottom))
                else:
                    surface.blit(g, g.get_rect(midtop=(r.centerx, r.bottom - CH + ROW_STEP)))
        if focus is None:
            return
        rect = self.focus_rect(focus)
        ui.draw_focus_ring(surface, rect, self.ctx.pulse, 14,
                           ui.ACCENT if focus.enabled else ui.BAD)

    def focus_rect(self, focus: Option) -> pygame.Rect:
        """What the ring goes round: the card itself, or the flock's column."""
        ring = self.ring_rects.get(focus.value)
        if ring is not None:
            return ring
        card = getattr(focus.value, "card", None)
        if card is not None and card in self.cards and self.cards[card].visible:
            return self.cards[card].rect
        return focus.rect

    def draw_focus_tip(self, surface: pygame.Surface) -> None:
        focus = self.picker.focused if self.picker is not None else None
        text = self.tip_text()
        if focus is None or not text:
            return
        value = focus.value
        if isinstance(value, (R.UseAbility, R.Skip)):
            _, skip = self.strip_rects(max(self.n - 1, 1))
            a = self.anchor("abilities")
            self.draw_tip(surface, text, pygame.Rect(a.x, skip.bottom, a.w, 0), "under_right")
            return
        side = "above" if isinstance(value, (R.Play, R.PickHand)) else "below"
        self.draw_tip(surface, text, self.focus_rect(focus), side)

    def draw_tip(self, surface: pygame.Surface, text: str, rect: pygame.Rect, side: str) -> None:
        """A short description next to the focused choice: above a hand card, left of an
        ability, below feeder cards and flocks (where it hides the least)."""
        surf = self.tip_surface(text)
        box = surf.get_rect()
        if side == "under_right":
            box.topright = (rect.right, rect.bottom + 12)
        elif side == "above":
            box.midbottom = (rect.centerx, rect.y - 18)
        else:
            box.midtop = (rect.centerx, rect.bottom + 16)
        box.clamp_ip(ui.SAFE)
        surface.blit(surf, box)

    def tip_surface(self, text: str) -> pygame.Surface:
        """The tip's panel with its wrapped text, built once per text (cached)."""
        key = ("yb_tip", text)
        a = self.ctx.assets
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

    # -- for tests and tools -------------------------------------------------------------------
    def visible_faces(self) -> set:
        """Cards whose faces are on screen now (the hidden-information tests use this)."""
        return {card for card, spr in self.cards.items() if spr.visible and spr.face_up}


_MINI: list = []


def _mini_back() -> pygame.Surface:
    """The little card back beside a plate's hand count."""
    if not _MINI:
        _MINI.append(pygame.transform.smoothscale(art.back(), (22, 31)))
    return _MINI[0]
