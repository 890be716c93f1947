"""Flappy Families' table: the Wild's 5x3 grid in the middle (empty spaces are nests), the
deck and the two bonus families on the right above the step-2 options, every seat's plate
down the left with its hand size and the cards it is known to hold, the log below them,
and the viewer's hand along the bottom, grouped by family, with the running score.

Everything on screen comes from ``self.shown`` (the viewer's view) and from events
redacted for the viewer, so a face is drawn only when the viewer may know it: a Wild
card once it is face up (or, face down, only in the memory aid of a viewer who saw it or
hid it there), a drawn or hidden card only for its owner. ``refresh()`` rebuilds the
Wild's sprites and the display model (:class:`~scenes.flappy_families.model.Board`) from
the view once the animations end; ``animations.py`` plays each move, ``draw.py`` paints,
``geometry.py`` says where.

A human decides with one :class:`PickChain` per decision, and BACK walks back through
step 2:

* ``flip``: a cursor over the Wild; CONFIRM turns the card over (that cannot be undone);
* ``action``: the three option buttons (the rules' A, B and C, named on screen by what
  they do), the ones not allowed greyed with the reason;
* ``second`` (A): a cursor over the other face-down cards;
* ``b_card`` (B): a family of the hand (the flipped card already counted in), shown as a
  ghost where the flipped card lies;
* ``c_card`` / ``c_space`` (C): a family, then an empty space, once or twice; every
  choice is previewed as a ghost in its space.

Step 2 is one chain, sent to the rules only when it is complete (``Choose`` plus its
follow-ups, one after another as each animation ends), so BACK can undo any part of it.
A game resumed in the middle of step 2 (a saved game) starts the chain from the picks
the rules already hold.

The memory aid (the match's option ``memory_aid``) marks, for the viewer alone, the face-down
cards they have seen ("seen") or hidden ("yours"), with the shapes of the seats that
know each one.
"""
from __future__ import annotations

import pygame

from game.engine import TurnPassed
from game.flappy_families import rules as R
from game.flappy_families.cards import CARD_FAMILY, PREDATOR, family_name
from game.i18n import _, pgettext
from game.input import Act
from scenes.flappy_families.animations import FlappyFamiliesAnimations
from scenes.flappy_families.draw import FlappyFamiliesDraw
from scenes.flappy_families.geometry import HAND_LIFT, FlappyFamiliesGeometry, groups_of
from scenes.flappy_families.model import Board, SlotCard
from scenes.picker import Option
from scenes.table.picks import Pick, PickChain
from scenes.table.game import GameTable
from scenes.table.scene import TableScene
from sprites.card import CardSprite
from sprites.flappy_families_cards import FFCards

CHOOSE = dict(zip(R.OPTIONS, (R.CHOOSE_A, R.CHOOSE_B, R.CHOOSE_C)))
# the step-2 picks the rules already hold in each phase (C_SPACE: "C" and the picked
# card's family, see begin_turn)
HELD = {R.ACTION: (), R.FLIP_SECOND: ("A",), R.B_CARD: ("B",), R.C_CARD: ("C",)}
MIDDLE = 7            # the slot focused first when nothing better is known

Plan = list[tuple[int, int | None]]   # C's plan: (family, space or None) per card


def c_plan(picks: tuple) -> Plan:
    """C's plan in a run of step-2 picks ("C", ("family", f), ("slot", s), ...)."""
    if not picks or picks[0] != "C":
        return []
    rest = picks[1:]
    return [(rest[i][1], rest[i + 1][1] if i + 1 < len(rest) else None)
            for i in range(0, len(rest), 2)]


def is_slot(value: object) -> bool:
    return isinstance(value, tuple) and value[0] == "slot"


class StepTwo(PickChain):
    """Step 2's chain, with the table's two BACK habits kept: BACK onto a space already
    chosen offers the spaces afresh (the first in focus, not the one just undone), and in
    a C resumed mid-way BACK on its first card starts that card again rather than
    leaving for the pause menu."""

    def start(self, focus: object = None) -> None:
        super().start(None if is_slot(focus) else focus)
        if self.picker is not None and self.picker.on_back is None \
                and self.table.game.held == ("C",):
            self.picker.on_back = self.restart


class FlappyFamiliesGameTable(GameTable):
    """Flappy Families' game part: its sprites, picks and words (scenes.table.game)."""

    motion_kind = FlappyFamiliesAnimations   # its animations (scenes.table.animations)

    # -- set-up ----------------------------------------------------------------------------
    def setup(self) -> None:
        self.cards = FFCards(self.t.ctx.assets, self.t.ctx.settings)
        for card in range(R.NUM_CARDS):   # every face now, so no flip ever waits for one
            self.cards.face(card)
        self.geo = FlappyFamiliesGeometry(self.t.layout)
        self.slots: list[SlotCard | None] = [None] * R.SLOTS
        self.board = Board.empty(self.t.match.num_players)
        self.air: list[CardSprite] = []        # cards in flight, drawn over everything
        self.chain: PickChain | None = None    # the human's decision being picked
        self.held: tuple = ()                  # the step-2 picks the rules already hold
        self.follow_ups: list = []             # step-2 actions still to send
        self.t.taken_back.connect(self.forget_plan)
        self.hand_lift: dict[int, float] = {}
        self.t.paint._leaping: list[CardSprite] = []

    def _slot_card(self, slot: int, sv: R.SlotView) -> SlotCard:
        back = self.cards.back()
        card = sv.card
        face = self.cards.face(card) if card is not None else back
        sprite = CardSprite(face, back, self.geo.slot_center(slot),
                            sv.face_up and card is not None, key=card)
        memory = None
        if card is not None and not sv.face_up:
            mine = sv.placed_by is not None and sv.placed_by == self.board.seat
            memory = (CARD_FAMILY[card], "yours" if mine else "seen")
        knowers = tuple(self.t.paint.colour_of(p) for p in sv.known_by)
        return SlotCard(sprite, card, memory, knowers)

    def refresh(self) -> None:
        """Snap the Wild and the board to the viewer's view."""
        v = self.t.shown
        self.board = Board.of(v)
        self.slots = [self._slot_card(s, sv) if sv is not None else None
                      for s, sv in enumerate(v.wild)]
        self.air = []
        flipped = self.board.flipped
        if flipped is not None and self.slots[flipped] is not None and v.current is not None:
            self.slots[flipped].sprite.outline = self.t.paint.seat_rgb(v.current)

    def changed_places(self, events) -> list:
        """The Wild's spaces a move turned over, emptied or filled (a row migrating in is
        all new cards nobody knows: the log tells it)."""
        places: list = []
        for ev in events:
            if isinstance(ev, (R.CardFlipped, R.CardTaken, R.CardPlaced, R.PredatorStruck)):
                if ev.slot not in places:
                    places.append(ev.slot)
        return places

    def changed_rect(self, key) -> pygame.Rect | None:
        return self.geo.slot_rect(key) if isinstance(key, int) else None

    def all_sprites(self) -> list[CardSprite]:
        """Every card sprite on the table (tests check none shows a face it may not)."""
        return [s.sprite for s in self.slots if s is not None] + self.air

    def loggable(self, event) -> bool:
        return not isinstance(event, TurnPassed)   # the lit plate says it; the log keeps room

    def submit(self, action) -> bool:
        """Play ``action``; once it is accepted the decision is over, its chain with it."""
        done = super().submit(action)
        if done:
            self.chain = None
        return done

    def forget_plan(self, _index: int) -> None:
        """A move was taken back: a step-2 plan made before it no longer applies."""
        self.chain = None
        self.follow_ups = []

    # -- the human's choices ---------------------------------------------------------------
    @property
    def step(self) -> str | None:
        """The pick being made (flip, action, second, b_card, c_card, c_space), if any."""
        return self.chain.step if self.chain is not None else None

    @property
    def plan_c(self) -> Plan:
        """The C under way: (family, space or None) per card planned so far."""
        return c_plan(self.held + self.chain.values) if self.chain is not None else []

    def begin_turn(self) -> None:
        """Send the next step-2 action already planned, else offer the picks of the
        decision the rules ask for (step 2 from the picks they already hold)."""
        legal = self.t.state.legal_actions()
        while self.follow_ups:
            action = self.follow_ups.pop(0)
            if action in legal:
                self.t.submit(action)
                return
            self.follow_ups = []   # the table changed under the plan (cannot happen; be safe)
        phase = self.t.shown.phase
        if phase == R.FLIP:
            self.held = ()
            self.chain = PickChain(self.t, self.plan_flip, lambda values: R.Flip(values[0][1]))
        elif phase in HELD or phase == R.C_SPACE:
            self.held = HELD.get(phase, ("C",))
            picked = self.board.picked_family
            if phase == R.C_SPACE and picked is not None:
                self.held = ("C", ("family", picked))
            self.chain = StepTwo(self.t, self.plan_step_two, self.finish_step_two)
        else:
            self.chain = None
            self.t.turn.picker = None

    def plan_flip(self, values: tuple) -> Pick | None:
        if values:
            return None
        slots = [s for s, sc in enumerate(self.slots) if sc is not None and not sc.sprite.face_up]
        options = self._slot_options(slots, _("Flip this card"))
        return self.wild_pick("flip", options, self._slot_focus(options, MIDDLE))

    def plan_step_two(self, values: tuple) -> Pick | None:
        """Step 2's next pick: A, B or C, then what that option asks for."""
        picks = self.held + values
        if not picks:
            allowed = self.allowed()
            rects = self.geo.action_rects()
            return Pick("action", [Option(rects[o], o, self.t.paint.option_text(o)[0],
                                          enabled=allowed[o]) for o in R.OPTIONS])
        letter, rest = picks[0], picks[1:]
        if letter == "A":
            return None if rest else self._second_pick()
        if letter == "B":
            return None if rest else Pick("b_card", self._hand_options(
                _("Hide this card there"), "b_card", []))
        plan = c_plan(picks)
        if len(rest) % 2:       # a card is picked: its space
            return self.wild_pick("c_space", self._slot_options(self.free_spaces(plan),
                                                                _("Hide it here")))
        # resumed at a space: just that one, then the rules ask for the next card
        goal = 1 if self.t.shown.phase == R.C_SPACE else self.c_total()
        if len(plan) < goal:
            return Pick("c_card", self._hand_options(_("Hide this card"), "c_card", plan))
        return None

    def finish_step_two(self, values: tuple) -> R.Action:
        """Send the first action the rules do not hold yet; the rest follow it."""
        picks = self.held + values
        letter, rest = picks[0], picks[1:]
        actions = [CHOOSE[letter]]
        for kind, value in rest:
            if kind == "family":
                actions.append(R.PickCard(value))
            else:
                actions.append(R.Flip(value) if letter == "A" else R.PickSpace(value))
        actions = actions[len(self.held):]
        self.follow_ups = actions[1:]
        return actions[0]

    def _second_pick(self) -> Pick:
        first = self.t.shown.flipped
        slots = [s for s, sc in enumerate(self.slots)
                 if sc is not None and s != first and not sc.sprite.face_up]
        options = self._slot_options(slots, _("Flip it"))
        prefer = first + 1 if first is not None and first % R.COLS < 4 else first
        return self.wild_pick("second", options, self._slot_focus(options, prefer))

    def _slot_options(self, slots, label: str) -> list[Option]:
        return [Option(self.geo.slot_rect(s), ("slot", s), label) for s in slots]

    # the Wild's picks move along its rows: right from a card beside a nest goes on to
    # the next card of that row (or round to its first), never up or down a row
    @staticmethod
    def wild_pick(name: str, options: list[Option], focus=None) -> Pick:
        return Pick(name, options, focus=focus, rows=True)

    @staticmethod
    def _slot_focus(options: list[Option], prefer: int | None) -> tuple | None:
        """Focus ``prefer`` if it can be chosen, else the middle of the Wild, else the first."""
        values = {o.value for o in options}
        return next((("slot", s) for s in (prefer, MIDDLE)
                     if s is not None and ("slot", s) in values), None)

    def _hand_options(self, label: str, step: str, plan: Plan) -> list[Option]:
        groups = groups_of(self.preview_hand(step, plan))
        options = []
        for (family, count), rect in zip(groups, self.geo.group_layout(groups)):
            box = rect.inflate(0, 12).move(0, -HAND_LIFT // 2)
            options.append(Option(box, ("family", family), label, enabled=count > 0))
        return options

    def allowed(self) -> dict[str, bool]:
        legal = self.t.state.legal_actions()
        return {o: R.Choose(o) in legal for o in R.OPTIONS}

    def c_needed(self) -> int:
        """Cards to hide in C: two, or one when a single card is left in the deck (FF-4)."""
        return 2 if self.t.shown.deck_size >= 2 else 1

    def c_total(self) -> int:
        """How many cards this C still hides, counting from where the plan starts."""
        if self.t.shown.phase == R.ACTION:
            return self.c_needed()
        return self.t.shown.c_left

    def free_spaces(self, plan: Plan | None = None) -> list[int]:
        """The empty spaces C's plan (by default the one under way) has not used."""
        used = {slot for _, slot in (self.plan_c if plan is None else plan) if slot is not None}
        return [s for s in range(R.SLOTS) if self.slots[s] is None and s not in used]

    def preview_hand(self, step: str | None = None, plan: Plan | None = None) -> list[int]:
        """The hand as a pick's plan would leave it (B: the flipped card in; C: the cards
        already planned out); by default the current pick's."""
        step = self.step if step is None else step
        plan = self.plan_c if plan is None else plan
        hand = list(self.board.hand)
        flipped = self.board.flipped
        if step == "b_card" and self.t.shown.phase == R.ACTION and flipped is not None:
            sc = self.slots[flipped]
            if sc is not None and sc.card is not None:
                hand.append(sc.card)
        if step in ("c_card", "c_space"):
            for family, _slot in plan:
                card = next((c for c in hand if CARD_FAMILY[c] == family), None)
                if card is not None:
                    hand.remove(card)
        return hand

    def previewing_b(self) -> bool:
        """The human is choosing B's card: the flipped card shows as already taken."""
        return (self.step == "b_card" and self.board.flipped is not None and self.t.turn.turn_ready
                and not self.t.animator.busy and self.t.shown.phase == R.ACTION)

    def show_hint(self, action) -> None:
        """Focus the hint's option: a card of the Wild, one of A/B/C (back at step 2's
        choice if a plan was under way), a family of the hand, an empty space."""
        chain = self.chain
        if chain is None or chain.picker is None:
            return
        if isinstance(action, R.Choose):
            if self.step != "action":
                chain.restart((), focus=action.option)
            else:
                chain.picker.focus_value(action.option)
        elif isinstance(action, (R.Flip, R.PickSpace)):
            chain.picker.focus_value(("slot", action.slot))
        elif isinstance(action, R.PickCard):
            chain.picker.focus_value(("family", action.family))

    # -- words on screen -------------------------------------------------------------------
    def flipped_card(self) -> int | None:
        f = self.board.flipped if self.board.flipped is not None else self.t.shown.flipped
        if f is None or self.slots[f] is None:
            return None
        return self.slots[f].card

    def status(self) -> str:
        if self.t.animator.busy:
            return self.board.status
        v = self.t.shown
        seat = self.t.state.current_player
        if seat is None:
            return _("Game over")
        name = self.t.names[seat]
        human = self.t.couch.is_human(seat) and self.t.turn.turn_ready
        step = self.step if human else ""
        flipped = self.flipped_card()
        if step == "flip":
            return self.with_note(_("Step 1: flip any card in the Wild"),
                                  _("Step 1: flip a card"))
        if step == "action":
            return _("Step 2: what do you do with the card?")
        if step == "second":
            fam = (family_name(CARD_FAMILY[flipped]) if flipped is not None
                   else pgettext("a bird family", "family"))
            return self.with_note(
                _("{option}: find another {family}").format(
                    option=self.t.paint.option_text("A")[0], family=fam),
                _("Find another {family}").format(family=fam))
        if step == "b_card":
            return _("{option}: which card goes face down in its place?").format(
                option=self.t.paint.option_text("B")[0])
        if step == "c_card":
            k = len(self.plan_c) + 1
            total = self.c_total()
            what = self.t.paint.option_text("C")[0]
            if total > 1:
                return _("{option}: choose a card to hide ({k} of {total})").format(
                    option=what, k=k, total=total)
            return _("{option}: choose a card to hide").format(option=what)
        if step == "c_space":
            return _("{option}: choose an empty space (a nest) for it").format(
                option=self.t.paint.option_text("C")[0])
        others = {R.FLIP: _("{name}'s turn: step 1, flip a card"),
                  R.ACTION: _("{name} chooses what to do with the card"),
                  R.FLIP_SECOND: _("{name} flips a second card"),
                  R.B_CARD: _("{name} hides a card where the bird was"),
                  R.C_CARD: _("{name} hides cards in empty spaces"),
                  R.C_SPACE: _("{name} hides cards in empty spaces")}
        return others[v.phase].format(name=name) if v.phase in others else ""

    def with_note(self, *forms: str) -> str:
        """The first of ``forms`` that still fits the status line whole with the memory
        note after it (the note alone, as a sentence, if none does): a long family name
        never pushes the line's end off."""
        note = self.memory_note()
        if not note:
            return forms[0]
        font = self.t.ctx.assets.font("bold", 30)   # the status line's smallest size
        room = self.t.layout.get("status").w - 40
        if len(self.t.match.humans) >= 2:   # status_line puts the name in front
            room -= font.size(_("{name} \u2014 {status}").format(
                name=self.t.match.seats[self.t.state.current_player].name, status=""))[0]
        fits = next((form + note for form in forms if font.size(form + note)[0] <= room), None)
        if fits is None:
            bare = note.strip(" \u00b7")
            fits = bare[0].upper() + bare[1:]
        return fits

    def memory_note(self) -> str:
        """With the memory aid on: what the viewer knows of the focused card."""
        if not self.t.match.option("memory_aid"):
            return ""
        value = self.focused
        if not is_slot(value):
            return ""
        sc = self.slots[value[1]]
        if sc is None or sc.memory is None:
            return ""
        family, kind = sc.memory
        if family == PREDATOR:
            return (_("   \u00b7   you hid a predator here") if kind == "yours"
                    else _("   \u00b7   you saw a predator here"))
        if kind == "yours":
            return _("   \u00b7   you hid {family} here").format(family=family_name(family))
        return _("   \u00b7   you saw {family} here").format(family=family_name(family))

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        step = self.step
        value = self.focused
        if step == "flip":
            return ((Act.CONFIRM, _("Flip this card")), (Act.RIGHT, _("Move")),
                    (Act.PAUSE, _("Pause")))
        if step == "action":
            if value in R.OPTIONS:
                label = self.t.paint.option_text(value)[0]   # the pad's A is its glyph, apart
                if self.t.turn.picker is not None and self.t.turn.picker.focused is not None \
                        and not self.t.turn.picker.focused.enabled:
                    label = _("Not now: {reason}").format(
                        reason=self.t.paint.why_not(value, inline=True))
                return ((Act.CONFIRM, label), (Act.DOWN, _("Move")), (Act.PAUSE, _("Pause")))
            return ((Act.CONFIRM, _("Choose")), (Act.PAUSE, _("Pause")))
        back, pause = (Act.BACK, _("Back")), (Act.PAUSE, _("Pause"))
        if step == "second":
            return ((Act.CONFIRM, _("Flip it")), back, pause)
        if step in ("b_card", "c_card"):
            there = step == "b_card"
            if isinstance(value, tuple) and value[0] == "family" and value[1] == PREDATOR:
                label = _("Hide a predator there") if there else _("Hide a predator")
            elif isinstance(value, tuple) and value[0] == "family":
                label = (_("Hide one of your {family} there") if there
                         else _("Hide one of your {family}")).format(
                             family=family_name(value[1]))
            else:
                label = _("Hide this card there") if there else _("Hide this card")
            return ((Act.CONFIRM, label), back, pause)
        if step == "c_space":
            return ((Act.CONFIRM, _("Hide it here")), back, pause)
        return (pause,)

    # -- per frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Ease the focused card of the Wild and the focused hand group up, the rest down."""
        super().update(dt)
        if self.t.animator.busy:
            return
        value = self.focused
        k = min(1.0, dt * 14)
        for s, sc in enumerate(self.slots):
            if sc is None or s == self.board.flipped:
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


class FlappyFamiliesTable(TableScene):
    """The Flappy Families table scene: the shared frame, its drawing and its game part."""

    game_kind = FlappyFamiliesGameTable
    paint_kind = FlappyFamiliesDraw
