"""The CuBirds table: four rows of birds, the piles, every seat's plate and the viewer's hand.

How it is drawn: everything comes from ``self.shown`` (the viewer's view) and from the
events of each move, never from the state's hidden fields, so another seat's cards stay
hidden (a spectator sees no hand at all). ``refresh()`` rebuilds every sprite and the
display model (:class:`Counts`) from the view once the animations end; the animations
(``animations.py``) plan a move on a working copy of the sprite lists and advance the
counts as cards land; ``draw.py`` paints it, ``geometry.py`` says where.

How a person plays (gamepad, keys or mouse), one :class:`PickChain` per decision:

1. a placement: ``species`` — a species group in the hand; then ``end`` — a row end,
   previewed (ghost cards at that end, the birds it would take lifted and outlined).
   BACK returns to the species;
2. ``restore`` — a restoration card waits by the deck: pick the end it joins (when both
   ends give the same row the table plays it without asking);
3. ``draw`` — nothing was taken and cards are left in hand: "Draw 2" or "No thanks"
   (a placement that empties the hand without taking anything ends the round at once,
   ruling CB-5, so the table plays straight on to the round's end);
4. ``flock`` — pick a species that makes a flock, or "No flock".

AI seats show the same preview for a beat before their birds fly, so every move reads
the same whoever makes it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.cubirds.cards import INDEX, NUM_ROWS, SMALL, SPECIES, birds_text, species_name
from game.cubirds.rules import (DRAW, FLOCK, LEFT, PLACE, RESTORE, SIDES, BirdsCaptured,
                                BirdsPlaced, DrawTwo, Flock, FlockCompleted, HandDealt, Pass,
                                Place, RestorationPlaced, Restore, RoundStarted, enclose,
                                end_words, flock_reward)
from game.engine import TurnPassed
from game.i18n import _, pgettext
from game.input import Act, Input
from scenes.cubirds.animations import PREVIEW_LIFT, CuBirdsAnimations, Preview
from scenes.cubirds.draw import CuBirdsDraw
from scenes.cubirds.geometry import CuBirdsGeometry
from scenes.picker import Option
from scenes.table.changes import CLEAR
from scenes.table.picks import BACK, Pick, PickChain
from scenes.table.game import GameTable
from scenes.table.scene import TableScene
from sprites import cubirds_cards as art
from sprites import ui
from sprites.card import CardSprite

DECK_SIZE = 110



@dataclass
class Counts:
    """The display model: what the plates and piles show. It mirrors the view and is
    advanced by the animations as each card lands, so a count never runs ahead of the
    cards on screen."""

    hand_sizes: list[int]
    collections: list[dict[str, int]]
    deck: int
    discard: list[str] = field(default_factory=list)
    round: int = 1
    dealing: bool = False      # the round's opening deal is on screen

    @classmethod
    def of(cls, view) -> "Counts":
        return cls(list(view.hand_sizes), [dict(pairs) for pairs in view.collections],
                   view.deck_size, list(view.discard), view.round)

    @classmethod
    def before_the_deal(cls, players: int) -> "Counts":
        return cls([0] * players, [{} for _ in range(players)], DECK_SIZE)


class CuBirdsGameTable(GameTable):
    """CuBirds' game part: its sprites, picks and words (scenes.table.game)."""

    motion_kind = CuBirdsAnimations   # its animations (scenes.table.animations)

    # -- set-up --------------------------------------------------------------------------
    def setup(self) -> None:
        self.geo = CuBirdsGeometry(self.t.layout, self.t.match.num_players)
        self.rows_spr: list[list[CardSprite]] = [[] for _ in range(NUM_ROWS)]
        self.hand_spr: dict[str, list[CardSprite]] = {}
        self.pending_spr: CardSprite | None = None
        self.for_row: int | None = None  # the row a restoration card resting on its spot is for
        self.flying: list[CardSprite] = []
        self.counts = Counts.before_the_deal(self.t.match.num_players)
        self.fan_caption = ""
        self.fan_rect = pygame.Rect(0, 0, 0, 0)
        self.chain: PickChain | None = None
        self.preview: Preview | None = None
        self.highlight: str | None = None    # species outlined in the rows (step 1 hint)
        self.buttons: list[Option] = []
        self.placed_count = 0
        self.t.paint._late: list[CardSprite] = []
        art.warm(self.t.paint.patterns)   # build every face now, not in the middle of a deal
        b = self.geo.rect_of("buttons")
        bh = (b.h - 12) // 2
        self.button_rects = [pygame.Rect(b.x, b.y, b.w, bh),
                             pygame.Rect(b.x, b.y + bh + 12, b.w, bh)]

    def enter(self) -> None:
        """The opening deal starts from an empty table and a full deck (a continued game
        has no deal to show: the table stays as refresh() built it)."""
        if self.t.resumed:
            super().enter()
            return
        for row in self.rows_spr:
            row.clear()
        self.hand_spr = {}
        self.pending_spr = None
        self.for_row = None
        self.counts = Counts.before_the_deal(self.t.match.num_players)
        super().enter()

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.geo.seat_rect(seat)

    def card(self, species: str | None, pos, face_up: bool = True, visible: bool = True,
             scale: float = 1.0) -> CardSprite:
        front = art.face(species, self.t.paint.patterns) if species else art.back()
        spr = art.TableCard(front, art.back(), pos, face_up=face_up, key=species)
        spr.visible = visible
        spr.scale = scale
        return spr

    def hand_groups(self) -> list[tuple[str, int]]:
        return [(s, len(self.hand_spr[s])) for s in SPECIES if self.hand_spr.get(s)]

    def refresh(self) -> None:
        """Snap every sprite and count to the viewer's view."""
        v = self.t.shown
        geo = self.geo
        self.rows_spr = [[self.card(s, p) for s, p in zip(row, geo.row_centres(r, len(row)))]
                         for r, row in enumerate(v.rows)]
        centres = geo.hand_centres(list(v.hand))
        self.hand_spr = {s: [self.card(s, p) for p in centres[s]] for s, _ in v.hand}
        self.pending_spr = None
        if v.pending is not None:
            self.pending_spr = self.card(v.pending, geo.rect_of("pending").center)
        self.for_row = v.pending_row if v.pending is not None else None
        self.flying = []
        self.counts = Counts.of(v)
        self.preview = None
        self.highlight = None

    def loggable(self, event) -> bool:
        """Keep the one-line log on what happened: whose turn it is and who was dealt
        cards show on the plates, so those lines would only push the news away."""
        return not isinstance(event, (TurnPassed, HandDealt))

    def changed_places(self, events) -> list:
        """A placement or restoration changes its row, a flock its seat's collection (on
        the plate); a new round deals a fresh table."""
        places: list = []
        for ev in events:
            if isinstance(ev, (BirdsPlaced, BirdsCaptured, RestorationPlaced)):
                places.append(("row", ev.row))
            elif isinstance(ev, FlockCompleted):
                places.append(("plate", ev.seat))
            elif isinstance(ev, RoundStarted):
                places.append(CLEAR)
        return places

    def changed_rect(self, key) -> pygame.Rect | None:
        kind, index = key
        if kind == "plate":
            return self.seat_rect(index)
        cards = self.rows_spr[index] if 0 <= index < len(self.rows_spr) else []
        if not cards:
            return None
        return cards[0].rect.unionall([s.rect for s in cards[1:]])

    # -- the human's turn ------------------------------------------------------------------
    @property
    def step(self) -> str | None:
        """The pick being made (species, end, restore, draw, flock), if any."""
        return self.chain.step if self.chain is not None else None

    @property
    def chosen(self) -> str | None:
        """The species picked for a placement, once picked."""
        if self.step == "end":
            return self.chain.values[0]
        return None

    def forced_action(self) -> Restore | None:
        """Both ends give the same row (the card matches the row's only species): no choice."""
        v = self.t.shown  # public fields only: the same in every seat's view
        if v.phase != RESTORE or v.pending is None or v.pending_row is None:
            return None
        row = v.rows[v.pending_row]
        if row and all(s == v.pending for s in row):
            return Restore(LEFT)
        return None

    def begin_turn(self, focus: object = None) -> None:
        plans = {PLACE: (self.plan_place, lambda values: Place(values[0], *values[1])),
                 RESTORE: (self.plan_restore, lambda values: Restore(values[0])),
                 DRAW: (self.plan_draw, lambda values: values[0]),
                 FLOCK: (self.plan_flock, lambda values: values[0])}
        plan, action = plans[self.t.shown.phase]

        def finish(values: tuple):
            self.finish_choice()
            return action(values)
        self.buttons = []
        self.chain = PickChain(self.t, plan, finish, focus)
        self.sync_focus()

    def plan_place(self, values: tuple) -> Pick | None:
        if not values:
            self.buttons = []
            return Pick("species", [Option(self.geo.group_rect(s, self.hand_groups()), s,
                                           _("Choose")) for s, _n in self.hand_groups()])
        if len(values) == 2:
            return None
        species = values[0]
        count = len(self.hand_spr.get(species, ()))
        options = []
        best, best_taken = 0, -1
        for r in range(NUM_ROWS):
            n = len(self.rows_spr[r])
            for side in SIDES:
                taken = len(enclose(list(self.t.shown.rows[r]), species, count, side == LEFT)[1])
                if taken > best_taken:
                    best, best_taken = len(options), taken
                slot = self.geo.end_slot(r, side, n)
                ring = slot.unionall([slot.move(x - slot.centerx, 0) for x, _ in
                                      self.geo.ghost_positions(r, side, count, n)])
                options.append(Option(slot, (r, side), _("Land here"), ring=ring))
        self.buttons = [Option(self.button_rects[1], BACK, _("Back"))]
        hint = self.t.hints.hint_action
        focus = (hint.row, hint.side) if isinstance(hint, Place) and hint.species == species \
            else None   # the hint's second pick
        return Pick("end", options + self.buttons, focus=focus, initial=best)

    def plan_restore(self, values: tuple) -> Pick | None:
        if values:
            return None
        v = self.t.shown
        n = len(self.rows_spr[v.pending_row])
        self.buttons = []
        return Pick("restore", [Option(self.geo.end_slot(v.pending_row, side, n), side,
                                       _("Add here")) for side in SIDES])

    def plan_draw(self, values: tuple) -> Pick | None:
        if values:
            return None
        self.buttons = [Option(self.button_rects[0], DrawTwo(True), _("Draw 2")),
                        Option(self.button_rects[1], DrawTwo(False), _("No thanks"))]
        return Pick("draw", self.buttons)

    def plan_flock(self, values: tuple) -> Pick | None:
        if values:
            return None
        groups = self.hand_groups()
        options = [Option(self.geo.group_rect(s, groups), Flock(s), _("Fly this flock"))
                   for s, n in groups if n >= SMALL[INDEX[s]]]
        self.buttons = [Option(self.button_rects[1], Pass(), _("No flock"))]
        return Pick("flock", options + self.buttons)

    def show_hint(self, action) -> None:
        """Focus the hint's option: a placement's species, then (once chosen) its row end."""
        chain = self.chain
        if chain is None or chain.picker is None:
            return
        if isinstance(action, Place):
            if self.step == "end" and self.chosen != action.species:
                chain.restart((), focus=action.species)
            else:
                chain.picker.focus_value((action.row, action.side) if self.step == "end"
                                         else action.species)
        elif isinstance(action, Restore):
            chain.picker.focus_value(action.side)
        else:
            chain.picker.focus_value(action)
        self.sync_focus()

    def finish_choice(self) -> None:
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
        if self.t.turn.picker is None:
            return False
        used = self.t.turn.picker.handle(event)
        if self.t.turn.picker is not None:
            self.sync_focus()
        return used

    def sync_focus(self) -> None:
        """Lift, outline and preview what the focused option would do."""
        if self.chain is None or self.step is None:
            return
        option = self.t.turn.picker.focused
        value = option.value if option is not None else None
        lifted = None
        self.preview = None
        self.highlight = None
        for row in self.rows_spr:
            for s in row:
                s.lift, s.outline = 0.0, None
        step = self.step
        if step == "species":
            lifted = value
            self.highlight = value
        elif step == "end":
            lifted = self.chosen
            if isinstance(value, tuple):
                r, side = value
                count = len(self.hand_spr.get(self.chosen, ()))
                _row, taken, start = enclose(list(self.t.shown.rows[r]), self.chosen, count,
                                             side == LEFT)
                captured = self.rows_spr[r][start:start + len(taken)] if taken else []
                for s in captured:
                    s.lift, s.outline = PREVIEW_LIFT, ui.ACCENT
                ghosts = self.geo.ghost_positions(r, side, count, len(self.rows_spr[r]))
                self.preview = Preview(self.chosen, ghosts, captured)
        elif step == "restore":
            v = self.t.shown
            ghosts = self.geo.ghost_positions(v.pending_row, value, 1,
                                              len(self.rows_spr[v.pending_row]))
            self.preview = Preview(v.pending, ghosts)
        elif step == "flock" and isinstance(value, Flock):
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
        seat = self.t.turn_seat
        if seat is None:
            return _("Game over")
        name = self.t.names[seat]
        if self.counts.dealing:
            return _("Round {round}: dealing the cards").format(round=self.counts.round)
        if not self.t.human_deciding:
            if self.t.turn.decision is not None:
                return _("{name} is thinking\u2026").format(name=name)
            return _("{name}'s turn").format(name=name)
        option = self.t.turn.picker.focused if self.t.turn.picker is not None else None
        value = option.value if option is not None else None
        step = self.step
        if step == "species":
            n = len(self.hand_spr.get(value, ())) if isinstance(value, str) else 0
            if n:
                return _("Choose a species to land: {birds}").format(birds=birds_text(value, n))
            return _("Choose a species to land")
        if step == "end":
            n = len(self.hand_spr.get(self.chosen, ()))
            birds = birds_text(self.chosen, n)
            if not isinstance(value, tuple):
                return _("Pick a row end for your {birds}").format(birds=birds)
            r, side = value
            _row, taken, _at = enclose(list(self.t.shown.rows[r]), self.chosen, n, side == LEFT)
            where = end_words(side, r)
            if taken:
                return _("{where}: you take {cards}").format(where=where,
                                                             cards=self.cards_text(taken))
            if n == sum(map(len, self.hand_spr.values())):
                return _("{where}: nothing trapped, your hand is empty: the round "
                         "ends").format(where=where)
            return _("{where}: nothing trapped").format(where=where)
        if step == "restore":
            v = self.t.shown
            return _("Row {row} needs a second species: pick an end for the {species}").format(
                row=v.pending_row + 1, species=species_name(v.pending))
        if step == "draw":
            return _("Nothing trapped: draw 2 cards from the deck?")
        if step == "flock":
            if isinstance(value, Flock):
                n = len(self.hand_spr.get(value.species, ()))
                keep = flock_reward(value.species, n)
                if keep == 2:
                    text = _("Big flock of {birds}: {kept} to your collection, {discarded} "
                             "discarded")
                else:
                    text = _("Small flock of {birds}: {kept} to your collection, {discarded} "
                             "discarded")
                return text.format(birds=birds_text(value.species, n), kept=keep,
                                   discarded=n - keep)
            return _("Complete a flock, or keep your cards")
        return _("Your move")

    @staticmethod
    def cards_text(cards) -> str:
        counts: dict[str, int] = {}
        for s in cards:
            counts[s] = counts.get(s, 0) + 1
        return pgettext("list separator", ", ").join(
            birds_text(s, n) for s, n in sorted(counts.items(), key=lambda kv: INDEX[kv[0]]))

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        option = self.t.turn.picker.focused if self.t.turn.picker is not None else None
        label = option.label if option is not None else _("Choose")
        step = self.step
        move, pause = (Act.LEFT, _("Move")), (Act.PAUSE, _("Pause"))
        if step == "species":
            return (move, (Act.CONFIRM, _("Choose species")), pause)
        if step == "end":
            return (move, (Act.CONFIRM, label), (Act.BACK, _("Change species")), pause)
        return (move, (Act.CONFIRM, label), pause)


class CuBirdsTable(TableScene):
    """The CuBirds table scene: the shared frame, its drawing and its game part."""

    game_kind = CuBirdsGameTable
    paint_kind = CuBirdsDraw
