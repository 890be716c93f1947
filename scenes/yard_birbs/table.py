"""The Yard Birbs table: the feeder (the trick), the Lifer and the ability row in the
middle, every player's yard of flocks on their plate, the viewer's hand at the bottom.

How it is drawn: everything comes from ``self.shown`` (the viewer's view) and from the
events of each move, never from the state's hidden fields. ``refresh()`` builds the
display model (:class:`~scenes.yard_birbs.model.Model`) from the view and snaps every
sprite to it; the animations (``animations.py``) advance a working copy of it (``plan``)
as they plan a move and swap in snapshots (``disp``) as cards land; ``draw.py`` paints
it, ``geometry.py`` says where. Every card on the table is a
:class:`~scenes.yard_birbs.pieces.Card` sprite keyed by its card (the 55 cards are
unique); cards in other hands or the deck are never drawn face up: they travel as
anonymous backs. A card's face shows only if the view (or a private event for the
viewer's own seat) says the viewer may see it.

How a person plays (gamepad, keys or mouse): one ``TurnChain`` (``picks.py``) per
choice on screen, its picks each an engine action (a card to play; a bird, then its
flock; an ability, then its targets), played together when the choice is complete. The
pick's name (``step``) is the phase it answers; ``picks`` are the actions picked so far.
"""
from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.input import Act
from game.yard_birbs import rules as R
from game.yard_birbs.cards import ABILITIES, card_name, kind_name
from scenes.picker import Option
from scenes.table.game import GameTable
from scenes.table.scene import TableScene
from scenes.table.changes import CLEAR
from scenes.table.picks import Pick
from scenes.yard_birbs.animations import PACE, YardBirbsAnimations, place_name
from scenes.yard_birbs.draw import YardBirbsDraw
from scenes.yard_birbs.geometry import FH, FW, YardBirbsGeometry
from scenes.yard_birbs.model import Model
from scenes.yard_birbs.picks import Lookahead, TurnChain, ends_decision, options_for
from scenes.yard_birbs.pieces import Z_FEEDER, Z_HAND, Card, ScoreBox, Thing, yard_z
from sprites import ui

STEP_TEXT = {R.LIFER_SWAP_HAND: N_("Lifer Swap: pick the new Lifer"),
             R.FEEDER_SWAP_GIVE: N_("Feeder Swap: give a bird"),
             R.FEEDER_SWAP_TAKE: N_("Feeder Swap: take a bird"),
             R.HAND_FEEDER_TAKE: N_("Hand to Feeder: take a bird"),
             R.HAND_FEEDER_GIVE: N_("Hand to Feeder: give a card"),
             R.REFLOCK_BIRD: N_("Reflock: pick a bird to move"),
             R.REFLOCK_FLOCK: N_("Reflock: pick where it goes"),
             R.MERGE_FIRST: N_("Merge: pick a flock"),
             R.MERGE_SECOND: N_("Merge: pick the flock to join"),
             R.BIRDSEED_BURY: N_("Birdseed: bury a card"),
             R.FLY_OFF_BIRD: N_("Fly Off: pick a lone bird"),
             R.FLY_OFF_BURY: N_("Fly Off: bury a card")}
"""In English (marked for the catalogue); shown through _()."""
AI_DOING = {R.PLAY: N_("{name} is choosing a card"), R.TAKE: N_("{name} is taking a bird"),
            R.FLOCK: N_("{name} is placing a bird"), R.ABILITY: N_("{name} may use an ability")}


class YardBirbsGameTable(GameTable):
    """Yard Birbs' game part: its sprites, picks and words (scenes.table.game)."""

    motion_kind = YardBirbsAnimations   # its animations (scenes.table.animations)

    tempo = PACE   # many small steps a move: each a little quicker
    # -- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.t.match.num_players
        self.n = n
        self.geo = YardBirbsGeometry(self.t.layout, n)
        self.t.plan = Model.empty(n)          # where the move being planned leaves things
        self.disp = Model.empty(n)          # what the labels, counts and tokens show
        self.cards: dict = {}
        self.extras: list[Card] = []        # anonymous backs in flight
        self.tokens = {p: Thing(place=p) for p in range(1, n + 1)}
        self.strips: list[Thing] = []
        self.old_strips: list[Thing] = []
        self.popups: list[Thing] = []
        # call-outs where things happen: (picture, rect, start, hold)
        self.t.paint.notes: list[tuple] = []
        self.decor: list = []               # popups' timelines: animated, never waited for
        self.boxes = [ScoreBox() for _ in range(n)]
        self.flash: dict = {}               # (seat, flock) -> Thing with alpha: scoring
        self.anim_status = ""               # what the move on screen is doing, in words
        self.chain: TurnChain | None = None
        self.ahead: Lookahead | None = None  # the pick being made, as its lookahead sees it
        self.ring_rects: dict = {}          # choice -> the rect its focus ring goes round
        self.extras_left: dict = {}         # seat -> where its plate's counters begin

    def enter(self) -> None:
        """The opening deal starts from an empty table (the view already has it dealt)."""
        if not self.t.resumed and self.t.state.opening_events():
            empty = Model.empty(self.n)
            empty.totals = list(self.t.plan.totals)
            empty.deck = 55
            self.t.plan, self.disp = empty, empty.copy()
            for spr in self.cards.values():
                spr.visible = False
            self.strips = []
            self.place_tokens(empty)
        super().enter()

    def card(self, card) -> Card:
        spr = self.cards.get(card)
        if spr is None or spr.patterns != self.t.paint.patterns:
            spr = Card(card, self.t.paint.patterns)
            self.cards[card] = spr
        return spr

    # -- rebuilding from the view -------------------------------------------------------
    def refresh(self) -> None:
        v = self.t.shown
        self.t.plan = Model.from_view(v)
        self.disp = self.t.plan.copy()
        for spr in self.cards.values():
            spr.visible = False
            spr.outline = None
        self.extras.clear()
        self.old_strips.clear()
        self.flash.clear()
        self.anim_status = ""
        self.place_all(self.t.plan)
        for seat in range(self.n):
            self.boxes[seat].total = float(v.totals[seat])
            self.boxes[seat].yard = 0.0 if self.t.plan.over else float(
                self.t.plan.yard_points(seat))
        self.place_tokens(self.t.plan)
        self.build_strips(self.t.plan.abilities)

    def place_all(self, m: Model) -> None:
        """Snap every visible card of ``m`` to its place."""
        geo = self.geo
        for i, card in enumerate(m.hand):
            self.put(card, "full", geo.hand_pos(i, len(m.hand)), Z_HAND + i)
        for slot, (_owner, card) in enumerate(m.feeder):
            if card is not None:
                self.put(card, "full", geo.slot_pos(slot), Z_FEEDER + slot)
        for seat in range(self.n):
            self.place_yard(m, seat)
        if m.lifer is not None:
            self.put(m.lifer, "full", geo.lifer_pos(), Z_FEEDER)

    def place_yard(self, m: Model, seat: int) -> None:
        cols = m.cols(seat)
        for col, flock in enumerate(m.yards[seat]):
            for row, card in enumerate(flock):
                self.put(card, "compact", self.geo.yard_card_pos(seat, cols, col, row, len(flock)),
                         yard_z(col, row))
        if m.pending[seat] is not None:
            self.put(m.pending[seat], "compact", self.geo.pending_pos(seat, cols),
                     yard_z(len(m.yards[seat])))

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
            tok.x, tok.y = self.geo.token_home(place)
            tok.scale = 1.0
        for seat, place in enumerate(m.places):
            if place:
                slot = next((i for i, (s, _) in enumerate(m.feeder) if s == seat), -1)
                if slot >= 0:
                    self.tokens[place].x, self.tokens[place].y = self.geo.token_on_slot(slot)

    def build_strips(self, row) -> None:
        rects, _ = self.geo.strip_rects()
        self.strips = [Thing(rects[i].centerx, rects[i].centery, token=t, ability=a,
                             glow=0.0)
                       for i, (t, a) in enumerate(row)]

    # -- what a move changed ------------------------------------------------------------
    def changed_places(self, events) -> list:
        """A seat's yard (flocks grown, merged, moved, buried), a feeder card swapped
        (in its trick: a trick swept away is gone; a card played is already named under
        its slot) and the Lifer; a new round starts a fresh table."""
        round_, trick = self.t.shown.round, self.t.shown.trick
        places: list = []
        for ev in events:
            if isinstance(ev, R.RoundStarted):
                round_, trick = ev.round, 1
                places.append(CLEAR)
            elif isinstance(ev, R.TrickEnded):
                trick = ev.trick + 1
            if isinstance(ev, (R.FeederSwapped, R.HandFeederSwapped)):
                places.append(("slot", round_, trick, ev.slot))
            if isinstance(ev, (R.BirdFlocked, R.FlocksMerged, R.BirdReflocked, R.FeederSwapped)) \
                    or (isinstance(ev, R.CardBuried) and ev.src == "yard"):
                places.append(("yard", ev.seat))
            elif isinstance(ev, R.LiferSwapped):
                places.append(("lifer",))
        return places

    def changed_rect(self, key) -> pygame.Rect | None:
        if key[0] == "yard":   # round its flocks (labels and cards)
            yard = self.disp.yards[key[1]]
            cols = self.disp.cols(key[1])
            rects = [self.geo.col_rect(key[1], cols, col, len(flock))
                     for col, flock in enumerate(yard) if flock]
            return rects[0].unionall(rects[1:]) if rects else None
        if key[0] == "lifer":
            centre = self.geo.lifer_pos()
        else:
            _kind, round_, trick, slot = key
            feeder = self.disp.feeder
            if ((round_, trick) != (self.t.shown.round, self.t.shown.trick)
                    or slot >= len(feeder) or feeder[slot][1] is None):
                return None
            centre = self.geo.slot_pos(slot)
        rect = pygame.Rect(0, 0, FW, FH)
        rect.center = (int(centre[0]), int(centre[1]))
        return rect

    # -- a human's decision -----------------------------------------------------------------
    @property
    def step(self) -> str | None:
        """The pick being made: the phase it answers (R.TAKE, R.FLOCK, ...), if any."""
        return self.chain.step if self.chain is not None else None

    @property
    def picks(self) -> tuple:
        """The actions picked so far in this choice (played once it is complete)."""
        return self.chain.values if self.chain is not None else ()

    def begin_turn(self) -> None:
        self.chain = TurnChain(self.t, self.plan_pick, self.finish_picks, self.follow_hint)

    def lookahead(self, picks: tuple):
        """The state after ``picks`` (on a clone)."""
        st = self.t.state.clone()
        for action in picks:
            st.apply(action)
        return st

    def plan_pick(self, picks: tuple) -> Pick | None:
        """The next pick after ``picks``, or None once they make the whole choice."""
        seat = self.t.state.current_player
        st = self.lookahead(picks)
        if picks and ends_decision(st, seat):
            return None
        legal = st.legal_actions()
        self.ahead = ahead = Lookahead(seat, picks, st.view(seat), legal)
        options, self.ring_rects = options_for(self.geo, self.t.plan, ahead)
        if ahead.phase == R.PLAY:  # cards that may not follow are dimmed (and refused)
            for option in options:
                self.card(option.value.card).look("full", not option.enabled)
        return Pick(ahead.phase, options, initial=ahead.first_focus(options))

    def finish_picks(self, picks: tuple) -> tuple:
        """The choice is made: undim the hand and hand back its actions to play."""
        self.chain = None
        for spr in self.cards.values():
            if spr.dimmed:
                spr.look(spr.kind)
        return picks

    def follow_hint(self, value) -> None:
        """The player took the hinted pick: hint the next pick of the same choice."""
        if value == self.t.hints.hint_action and self.t.hints.hint_action is not None:
            self.t.hints.request_hint(self.lookahead(self.picks))

    def show_hint(self, action) -> None:
        """Focus the hint's option. A hint for a pick already made (the player asked
        after it) is followed at once by a hint for the pick the screen asks for now."""
        if self.t.turn.picker is None:
            return
        picks = self.picks
        if not any(o.value == action for o in self.t.turn.picker.options) and picks:
            if action == picks[0]:
                self.t.hints.request_hint(self.lookahead(picks))
                return
            self.chain.restart()
        self.t.turn.picker.focus_value(action)

    # -- words -----------------------------------------------------------------------------
    def status(self) -> str:
        if self.t.animator.busy and self.anim_status:
            return self.anim_status
        seat = self.t.state.current_player
        if seat is None:
            return _("Game over")
        name = self.t.names[seat]
        if self.t.couch.is_human(seat) and self.t.turn.turn_ready and self.t.turn.picker is not None:
            return self.human_status()
        phase = self.t.shown.phase if self.t.shown is not None else ""
        if phase in AI_DOING:
            return _(AI_DOING[phase]).format(name=name)
        if self.t.shown.pending_ability:
            return _("{name}: {ability}").format(
                name=name, ability=ABILITIES[self.t.shown.pending_ability].title)
        return _("{name} is thinking").format(name=name)

    def human_status(self) -> str:
        phase = self.step
        if phase == R.PLAY:
            return _("Lead any card") if not self.t.plan.feeder else _("Play a card to the feeder")
        if phase == R.TAKE:
            return _("Take a bird from the feeder")
        if phase in (R.FLOCK, R.FEEDER_SWAP_FLOCK):
            return _("Choose a flock for your bird")
        if phase == R.ABILITY:
            return _("Use an ability, or skip")
        if phase in STEP_TEXT:
            return _(STEP_TEXT[phase])
        if phase in R.PHASE_PROMPTS:
            return _(R.PHASE_PROMPTS[phase])
        return _("Your move")

    def prompts(self) -> tuple:
        """Move, the focused choice's verb, and what B does: a pick back, else the menu;
        at the first pick, when B would offer to take the last move back, the shared bar
        says so ('Take back') in place of 'Menu'."""
        picker = self.t.turn.picker
        verb = _("Choose")
        if picker is not None and picker.focused is not None:
            verb = picker.focused.label or verb
        items = [(Act.LEFT, _("Move")), (Act.CONFIRM, verb)]
        if self.picks:
            items.append((Act.BACK, _("Back")))
        elif self.t.keeper.undo_target() is None:
            items.append((Act.BACK, _("Menu")))
        return tuple(items)

    def tip_text(self) -> str:
        """What the focused choice is, in words (shown beside it)."""
        picker = self.t.turn.picker
        if picker is None or picker.focused is None:
            return ""
        option = picker.focused
        value = option.value
        if isinstance(value, (R.Play, R.PickHand, R.Take, R.PickFeeder, R.PickYard)):
            return self.card_tip(option)
        seat = self.t.state.current_player
        if isinstance(value, R.ToFlock):
            if value.flock == R.NEW_FLOCK:
                return _("Start a new flock (a lone bird scores 0)")
            flock = self.ahead.view.yards[seat][value.flock]
            bird = self.ahead.moving_bird()
            after = flock.plus(bird) if bird is not None else flock
            gain = after.points - flock.points
            return ngettext("{kind} flock of {size}: {n} point (+{gain})",
                            "{kind} flock of {size}: {n} points (+{gain})", after.points).format(
                kind=kind_name(after.kind), size=len(after), n=after.points, gain=gain)
        if isinstance(value, R.PickFlock):
            flock = self.ahead.view.yards[seat][value.flock]
            return _("{kind} flock of {size} ({n} points)").format(
                kind=kind_name(flock.kind), size=len(flock), n=flock.points)
        if isinstance(value, R.UseAbility):
            info = ABILITIES[value.ability]
            words = dict(ability=info.title, text=info.words)
            if not option.enabled:
                token = next((t for t, a in self.t.plan.abilities if a == value.ability), 0)
                place = self.t.plan.places[seat]
                if token > place:
                    return _("{ability}: {text} (needs place {token} or worse; you are "
                             "{place})").format(token=token, place=place_name(place), **words)
                return _("{ability}: {text} (nothing to use it on now)").format(**words)
            return _("{ability}: {text}").format(**words)
        if isinstance(value, R.Skip):
            return _("Use no ability this trick")
        return ""

    def card_tip(self, option: Option) -> str:
        """A card choice's tip: its name, and why it is refused if it is."""
        value = option.value
        text = card_name(value.card)
        if not option.enabled:
            # why it is refused, and nothing more: a hand card's tip is one line between
            # the feeder and the hand
            why = (self.ahead.why_bird_stays(value.card) if isinstance(value, R.PickYard)
                   else _("follow a feeder suit") if isinstance(value, R.Play)
                   else _("not allowed now"))
            return _("{card} \u00b7 {why}").format(card=text, why=why)
        lifer = self.t.plan.lifer
        if lifer is not None and value.card.species == lifer.species:
            return _("{card} \u00b7 Lifer species").format(card=text)
        return text

    # -- the focus, between moves ------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.decor:
            self.decor = [t for t in self.decor if t.update(dt) < 0]
        super().update(dt)
        if self.t.animator.busy:
            return
        focus = None
        if self.t.turn.picker is not None and self.t.turn.turn_ready and self.t.couch.is_human(self.t.state.current_player):
            focus = self.t.turn.picker.focused
        self.apply_focus(focus)

    def apply_focus(self, focus: Option | None) -> None:
        """Lift the focused card; outline the birds already chosen in this decision."""
        chosen = set()
        for action in self.picks:
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

    # -- for tests and tools -------------------------------------------------------------------
    def visible_faces(self) -> set:
        """Cards whose faces are on screen now (the hidden-information tests use this)."""
        return {card for card, spr in self.cards.items() if spr.visible and spr.face_up}


class YardBirbsTable(TableScene):
    """The Yard Birbs table scene: the shared frame, its drawing and its game part."""

    game_kind = YardBirbsGameTable
    paint_kind = YardBirbsDraw
