"""Flip a Bird's table: the row across the middle, the draw pile with its public top back,
each seat's plate (hand backs, tip cards, won pile), the viewer's hand, and the claim show.

Everything on screen comes from ``self.shown`` (the viewer's view) and from events, so a
card face is drawn only when the viewer may see it: a drawn card's face only for the seat
that drew it, a face-down card's face only for the seat that played it (as a small marker
on its back), every other face only once it lies face up. ``refresh()`` rebuilds every
sprite and the display model (:class:`Counts`) from the view once the animations end;
the animations (``animations.py``) advance the counts as cards land; ``draw.py`` paints
it, ``geometry.py`` says where.

A human decides with one :class:`PickChain` per decision:

* ``turn``: the pile (draw) or the claim button; ALT jumps straight to claiming; then
  ``confirm``: claim or step back (BACK) — a claim cannot be undone, so it is asked twice;
* ``play``: a hand card; the focused card shows as a ghost at the row's end, face up or
  face down, as the pile's top back decides;
* ``tip``: red (too many) or green (not too many); when several people on devices of
  their own tip, they all tip at once instead, with no picker (``tipping.py``);
* ``pick``: a card of the claimed row for your won pile.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.flip_a_bird import rules as R
from game.flip_a_bird.cards import CARDS, COLOURS, Card
from game.i18n import _
from game.input import Act, Input
from scenes.flip_a_bird.animations import FlipABirdAnimations, RowCard
from scenes.flip_a_bird.draw import FlipABirdDraw
from scenes.flip_a_bird.geometry import TIP_ON_PLATE, FlipABirdGeometry
from scenes.flip_a_bird.tipping import SecretTipping
from scenes.picker import Option
from scenes.table.picks import BACK, Pick, PickChain
from scenes.table.game import GameTable
from scenes.table.scene import TableScene
from sprites.card import CardSprite
from sprites.flip_a_bird_cards import FabCards


def won_counts(pile) -> list[int]:
    """A won pile as counts: blue, green, red, yellow, then specials."""
    counts = [0, 0, 0, 0, 0]
    for card in pile:
        counts[4 if card.special else COLOURS.index(card.colour)] += 1
    return counts


@dataclass
class Counts:
    """The display model: what the pile, the counter, the plates and the status line show.
    It mirrors the view and is advanced by the animations as each card lands, so a count
    never runs ahead of the cards on screen."""

    pile: int                        # cards in the draw pile
    pile_open: bool | None           # the pile's top back is an open cage (None: empty)
    hands: list[list[bool]]          # per seat, its hand's backs (True: an open cage)
    won: list[list[int]]             # per seat, its won pile as won_counts
    pickers: tuple[int, ...] = ()    # the claim's winners, in drafting order
    mode: str | None = None          # the counter: None (the limit), "claim", "over", "ok"
    counter: float = 0.0             # the birds counted so far (tweened as they count)
    status: str = ""                 # what the animation on screen is showing

    @classmethod
    def of(cls, v: R.FlipView) -> "Counts":
        record = v.last_claim
        counts = cls(v.pile_size, v.pile_top_open,
                     [[True] * o + [False] * (s - o)
                                              for s, o in zip(v.hand_sizes, v.hand_open_backs)],
                     [won_counts(pile) for pile in v.won])
        if v.phase == R.PHASE_PICK and record is not None:   # the claimed row is shared out
            counts.mode = "over" if record.too_many else "ok"
            counts.counter = record.total
            counts.pickers = v.pickers
        elif v.phase == R.PHASE_TIP:
            counts.mode = "claim"
        return counts


@dataclass
class RingedPick(Pick):
    """A pick whose focus ring is as round as what it rings (cards, buttons)."""

    radius: int = 18


class FlipABirdChain(PickChain):
    """Picks whose focus ring follows the shape it rings; the confirm's Back button steps
    back without a second sound (the picker has already chirped)."""

    def start(self, focus: object = None) -> None:
        super().start(focus)
        if self.picker is not None:
            self.picker.radius = self.pick.radius

    def choose(self, value: object) -> None:
        if value == BACK:
            self.back()
            return
        super().choose(value)


class FlipABirdGameTable(SecretTipping, GameTable):
    """Flip a Bird's game part: its sprites, picks and words (scenes.table.game)."""

    motion_kind = FlipABirdAnimations   # its animations (scenes.table.animations)

    # -- set-up -------------------------------------------------------------------------
    def setup(self) -> None:
        self.geo = FlipABirdGeometry(self.t.layout)
        self.cards = FabCards(self.t.ctx.assets, self.t.ctx.settings.colour_patterns)
        self.cards.warm()
        self.row_cards: list[RowCard] = []
        self.hand_cards: list[CardSprite] = []
        self.air: list[CardSprite] = []
        self.tip_sprites: dict[int, CardSprite] = {}
        self.counts = Counts.of(self.t.shown)
        self.chain: FlipABirdChain | None = None
        self.my_tip: R.Tip | None = None
        self.queued_tips: dict[int, R.Tip] = {}   # couch play: tips made ahead, in secret
        self._pile_cache: dict = {}

    def enter(self) -> None:
        """The opening deal: the rules describe none, so it is played from the view; a
        continued game shows none (as the shared table skips opening events), or an
        empty row after a claim would look like a new deal."""
        super().enter()
        if (not self.t.resumed and not self.t.animator.busy and self.t.shown.row == ()
                and self.t.shown.pile_size):
            self.t.motion.deal_in()

    @property
    def hand_seat(self) -> int | None:
        """Whose hand is on screen (None: a spectator's view)."""
        return self.t.shown.seat

    def name_of(self, seat: int | None) -> str:
        return _("Nobody") if seat is None else self.t.names[seat]

    # -- sprites from the view -------------------------------------------------------------
    def row_sprite(self, card: Card | None, open_back: bool, face_up: bool,
                   pos, size) -> CardSprite:
        back = self.cards.back(open_back, size)
        face = self.cards.face(card.face, size) if card is not None else back
        return CardSprite(face, back, pos, face_up and card is not None,
                          key=card.id if card is not None else None)

    def tip_sprite(self, seat: int, kind: str) -> CardSprite:
        back = self.cards.tip("down")
        face = self.cards.tip(kind) if kind in ("red", "green") else back
        sprite = CardSprite(face, back, self.geo.plate_tip_pos(seat), kind in ("red", "green"))
        sprite.scale = TIP_ON_PLATE
        return sprite

    def refresh(self) -> None:
        """Snap every sprite and count to the viewer's view."""
        v = self.t.shown
        self.counts = Counts.of(v)
        self.air = []
        # the row, or the claimed row while its cards are shared out
        self.row_cards = []
        record = v.last_claim
        if v.phase == R.PHASE_PICK and record is not None:
            positions, size, _ = self.geo.row_layout(len(record.cards))
            left = {c.id for c in v.share}
            for i, card in enumerate(record.cards):
                if card.id in left:
                    sprite = self.row_sprite(card, card.open_back, True, positions[i], size)
                    self.row_cards.append(RowCard(sprite, card, card.open_back,
                                                  record.played_by[i], False, size))
        else:
            positions, size, _ = self.geo.row_layout(len(v.row))
            for i, slot in enumerate(v.row):
                sprite = self.row_sprite(slot.card, slot.open_back,
                                         slot.face_up, positions[i], size)
                mine = slot.card is not None and not slot.face_up
                self.row_cards.append(RowCard(sprite, slot.card, slot.open_back, slot.played_by,
                                              mine, size))
        # the viewer's hand
        self.hand_cards = [CardSprite(self.cards.face(card.face), self.cards.back(card.open_back),
                                      pos, True, key=card.id)
                           for card, pos in zip(v.hand, self.geo.hand_layout(len(v.hand)))]
        # tip cards out on the table
        self.tip_sprites = {seat: self.tip_sprite(seat, v.tips[seat])
                            for seat in range(self.t.match.num_players) if v.tips[seat] is not None}

    def changed_places(self, events) -> list:
        """A card played (each card of the row by its number, in the row it went to), a
        claimed row, a won pile (on the plate). Rows are counted so that a card of a row
        since claimed or discarded is never mistaken for the new row's card."""
        row = self.t.shown.row_number
        places: list = []
        for ev in events:
            if isinstance(ev, R.RowStarted):
                row = ev.number
            elif isinstance(ev, R.CardPlayed):
                places.append(("card", row, ev.index))
            elif isinstance(ev, R.RowDiscarded):   # the card just played starts the next row
                places.append(("card", row + 1, 0))
            elif isinstance(ev, R.ClaimMade):
                places.append(("row", row, 0))
            elif isinstance(ev, R.CardTaken):
                places.append(("plate", ev.seat, 0))
        return places

    def changed_rect(self, key) -> pygame.Rect | None:
        kind, number, index = key
        if kind == "plate":
            return self.t.paint.seat_rect(number)
        if number != self.t.shown.row_number or not self.row_cards:
            return None
        if kind == "row":
            rects = [rc.sprite.rect for rc in self.row_cards]
            return rects[0].unionall(rects[1:])
        return self.row_cards[index].sprite.rect if index < len(self.row_cards) else None

    def all_sprites(self) -> list[CardSprite]:
        """Every card sprite on the table (tests check none shows a face it may not)."""
        return [rc.sprite for rc in self.row_cards] + self.hand_cards + self.air

    # -- the human's choices ------------------------------------------------------------------
    @property
    def step(self) -> str:
        """The pick being made (turn, confirm, play, tip, pick); "secret" while people tip
        on their own devices; else ""."""
        if self.chain is not None:
            return self.chain.step or ""
        return "secret" if self.t.turn.turn_ready and self.secret_tipping else ""

    def begin_turn(self) -> None:
        phase = self.t.shown.phase
        plans = {R.PHASE_TURN: self.plan_turn, R.PHASE_PLAY: self.plan_play,
                 R.PHASE_TIP: self.plan_tip, R.PHASE_PICK: self.plan_pick}
        if phase not in plans or (phase == R.PHASE_TIP and self.secret_tipping):
            self.chain = self.t.turn.picker = None   # secret tips come through handle (tipping.py)
            return
        self.chain = FlipABirdChain(self.t, plans[phase], lambda values: values[0])

    def plan_turn(self, values: tuple) -> RingedPick | None:
        """Draw (or, with the pile empty, play a hand card face down), or claim; a claim
        is asked twice and finishes as the claim itself."""
        if not values:
            legal = self.t.state.legal_actions()
            options = []
            if R.DRAW in legal:
                options.append(Option(self.geo.pile_rect(), R.DRAW, _("Draw")))
            else:   # the pile is empty: play straight from the hand (FB-8)
                options += self.hand_options(legal)
            options.append(Option(self.geo.claim_rect(), R.CLAIM, _("Claim"),
                                  enabled=R.CLAIM in legal))
            return RingedPick("turn", options, radius=18)
        if values == (R.CLAIM,):
            self.t.ctx.play("chirp")
            _panel, yes, no = self.geo.confirm_rects()
            return RingedPick("confirm", [Option(yes, "claim", _("Claim!")),
                                         Option(no, BACK, _("Back"))],
                              radius=20)
        return None

    def plan_play(self, values: tuple) -> RingedPick | None:
        if values:
            return None
        return RingedPick("play", self.hand_options(self.t.state.legal_actions()), radius=18)

    def plan_tip(self, values: tuple) -> RingedPick | None:
        if values:
            return None
        red, green = self.geo.tip_button_rects()
        return RingedPick("tip", [Option(red, R.TIP_RED, _("Tip red")),
                                  Option(green, R.TIP_GREEN, _("Tip green"))], radius=16)

    def plan_pick(self, values: tuple) -> RingedPick | None:
        if values:
            return None
        parts = self.geo.visible_parts([rc.sprite.rect for rc in self.row_cards])
        return RingedPick("pick", [Option(r, R.Pick(rc.card.id), _("Take this card"))
                                   for r, rc in zip(parts, self.row_cards)], radius=16)

    def hand_options(self, legal) -> list[Option]:
        plays = {a.card for a in legal if isinstance(a, R.Play)}
        return [Option(s.rect.inflate(0, 20).move(0, -10), R.Play(s.key), _("Play"),
                       enabled=s.key in plays) for s in self.hand_cards]

    def show_hint(self, action) -> None:
        """Focus the hint's option (a claim asks to confirm, with Claim! in focus)."""
        if self.t.turn.picker is None:
            return
        if self.step == "confirm" and action != R.CLAIM:
            self.chain.back()
        self.t.turn.picker.focus_value(action)

    def handle_turn(self, event: Input) -> bool:
        if self.t.turn.picker is None:
            return False
        if event.act is Act.ALT and self.step == "turn":
            if R.CLAIM in self.t.state.legal_actions():
                self.chain.choose(R.CLAIM)
            else:
                self.t.ctx.play("error")
            return True
        return self.t.turn.picker.handle(event)

    def submit(self, action) -> bool:
        self.my_tip = action if isinstance(action, R.Tip) and not self.secret_tipping else None
        if action == R.CLAIM:
            self.queued_tips = {}
        done = super().submit(action)
        if done:
            self.chain = None
        return done

    def update(self, dt: float) -> None:
        """The focused hand card (or share card) rises; the others settle."""
        super().update(dt)
        if self.t.animator.busy:
            return
        value = self.focused
        k = min(1.0, dt * 14)
        for s in self.hand_cards:
            target = 1.0 if isinstance(value, R.Play) and value.card == s.key else 0.0
            s.lift += (target - s.lift) * k
        if self.step == "pick":
            for rc in self.row_cards:
                target = 0.8 if isinstance(
                    value, R.Pick) and rc.card and rc.card.id == value.card else 0.0
                rc.sprite.lift += (target - rc.sprite.lift) * k

    # -- words on screen ---------------------------------------------------------------------
    def status(self) -> str:
        if self.t.animator.busy and self.counts.status:
            return self.counts.status
        v = self.t.shown
        seat = self.t.state.current_player
        if seat is None:
            return _("Game over")
        name = self.name_of(seat)
        human = self.t.couch.is_human(seat) and self.t.turn.turn_ready
        if self.t.animator.busy:
            return ""
        if v.phase == R.PHASE_TURN:
            if human:
                if self.step == "confirm":
                    return _("Claim: more than {limit} birds in the row?").format(limit=v.limit)
                can_claim = R.CLAIM in self.t.state.legal_actions()
                if v.pile_size:
                    if can_claim:
                        return _("Your turn: draw a card, or claim the row is over "
                                 "{limit}").format(limit=v.limit)
                    return _("Your turn: draw a card")
                if can_claim:
                    return _("The pile is empty: play a card face down, or claim")
                return _("The pile is empty: play a card face down")
            return _("{name}'s turn").format(name=name)
        if v.phase == R.PHASE_PLAY:
            if human:
                return self.discard_warning() or (
                    _("Choose a card to play face up") if v.play_face_up
                    else _("Choose a card to play face down"))
            if v.play_face_up:
                return _("{name} plays a card face up").format(name=name)
            return _("{name} plays a card face down").format(name=name)
        if v.phase == R.PHASE_TIP:
            claimant = self.name_of(v.claimant)
            if self.secret_tipping:
                return _("{claimant} claims! Tip in secret, each on your own "
                         "controller").format(claimant=claimant)
            if human:
                return _("{claimant} claims! Too many birds (red) or not (green)?").format(
                    claimant=claimant)
            tipped = sum(1 for s, t in enumerate(v.tips) if t is not None
                         and s not in (v.claimant, v.accused))
            total = tipped + len(v.waiting_tips)
            return _("{claimant} claims! {name} is tipping ({tipped} of {total} "
                     "tipped)").format(claimant=claimant, name=name, tipped=tipped,
                                       total=total)
        if v.phase == R.PHASE_PICK:
            left = len(v.share)
            if human:
                return _("Take a card for your pile ({left} left)").format(left=left)
            return _("{name} takes a card ({left} left)").format(name=name, left=left)
        return ""

    def discard_warning(self) -> str:
        """FB-7 made visible: a face-up card that would tip an all-face-up row over."""
        v = self.t.shown
        value = self.focused
        if not (v.play_face_up and v.row and all(s.face_up for s in v.row)
                and isinstance(value, R.Play)):
            return ""
        faces = [s.card.face for s in v.row] + [CARDS[value.card].face]
        if R.count_birds(faces) > v.limit:
            return _("This card puts the face-up row over: the old row is discarded")
        return ""

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        value = self.focused
        step = self.step
        if step == "turn":
            items = []
            if value == R.DRAW:
                items.append((Act.CONFIRM, _("Draw a card")))
            elif isinstance(value, R.Play):
                items.append((Act.CONFIRM, _("Play it face down")))
            else:
                items.append((Act.CONFIRM, _("Claim")))
            if value != R.CLAIM and R.CLAIM in self.t.state.legal_actions():
                items.append((Act.ALT, _("Claim")))
            return tuple(items) + ((Act.PAUSE, _("Pause")),)
        if step == "confirm":
            label = _("Claim!") if value == "claim" else _("Back")
            return ((Act.CONFIRM, label), (Act.BACK, _("Back")))
        if step == "play":
            label = (_("Play it face up") if self.t.shown.play_face_up
                     else _("Play it face down"))
            return ((Act.CONFIRM, label), (Act.PAUSE, _("Pause")))
        if step == "tip":
            label = (_("Tip red: too many") if value == R.TIP_RED
                     else _("Tip green: not too many"))
            return ((Act.CONFIRM, label), (Act.PAUSE, _("Pause")))
        if step == "pick":
            return ((Act.CONFIRM, _("Take this card")), (Act.PAUSE, _("Pause")))
        return ((Act.PAUSE, _("Pause")),)


class FlipABirdTable(TableScene):
    """The Flip a Bird table scene: the shared frame, its drawing and its game part."""

    game_kind = FlipABirdGameTable
    paint_kind = FlipABirdDraw
