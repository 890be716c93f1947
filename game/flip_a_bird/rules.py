"""Flip a Bird: the complete rules, without pygame.

A push-your-luck game for 3-6 players. On your turn you either draw the top card of the
pile and play a hand card onto the one row (face up if the pile now shows an open cage,
face down if a covered one), or you claim that the row already holds more birds than the
limit. A claim makes every seat tip red (too many) or green (not too many); the row is
turned up, its special cards act, the birds are counted and the seats that tipped right
draft the row's cards. Collected cards score sets of four colours, specials and singles.

The rulebook is ``shared/rulebooks/flip-a-bird.txt``; where it is silent we follow
``RULINGS.md`` (FB-1 ... FB-9) and cite the ruling where it applies.

Design notes for the scenes built on top:

* Cards are ints (ids into :data:`cards.CARDS`) inside the state; the view hands out
  :class:`cards.Card` objects so a scene never needs a lookup table.
* One decision per action. A turn is ``Draw`` then ``Play`` (or ``Claim``); a claim is
  ``Claim``, then one ``Tip`` per other seat, then one ``Pick`` per meaningful draft
  choice. ``view.phase`` says which decision is being asked.
* Events say everything that moves, in order, so a scene can animate a whole claim
  (reveal, flips, specials, the running count, the draft) from the events alone.
"""
from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass
from typing import Iterable, Sequence

from game import engine
from game.engine import Event, GameOver, TurnPassed, seat_label
from game.i18n import N_, _, ngettext, pgettext
from game.flip_a_bird.cards import (CARDS, COLOUR_DOUBLE, COLOUR_ZERO, COLOURS, DECK_SIZE,
                                    NO_NEIGHBOURS, NO_SPECIALS, Card, Face, colour_title)

HAND_SIZE = 2
PHASE_TURN = "turn"    # draw or claim (with an empty pile: play or claim)
PHASE_PLAY = "play"    # after drawing: which hand card goes onto the row
PHASE_TIP = "tip"      # a claim is on: this seat tips red or green in secret
PHASE_PICK = "pick"    # the winners of a claim draft its cards one at a time
PHASE_OVER = "over"

END_BY_CLAIM = "claim"
END_BY_HANDS = "hands"
_END_REASONS = {END_BY_CLAIM: N_("the pile was empty, so the claim ended the game"),
                END_BY_HANDS: N_("every hand ran out before a claim")}


# ---------------------------------------------------------------------------------
# Pure functions over card faces (the test interface)
# ---------------------------------------------------------------------------------

def row_limit(num_players: int) -> int:
    """Most birds a row may hold: 8/10/12/14 for 3/4/5/6 players."""
    if not 3 <= num_players <= 6:
        raise ValueError(f"Flip a Bird takes 3-6 players, not {num_players}")
    return 2 * num_players + 2


@dataclass(frozen=True)
class RowEvaluation:
    """How a turned-up row was counted, step by step (ruling FB-5), for the claim show.

    Indices refer to the row as it lay when it was turned up.
    """

    cancelled_by: tuple[int, ...]          # "special cards do not count" cards (step 1)
    neighbour_removals: tuple[tuple[int, tuple[int, ...]], ...]  # (card, removed) step 2
    removed: tuple[int, ...]               # every index taken out of the count
    zeroed: tuple[tuple[str, int], ...]    # (colour, card index) acting "does not count"
    doubled: tuple[tuple[str, int], ...]   # (colour, card index) acting "counts double"
    beaten: tuple[tuple[str, int], ...]    # "counts double" cards beaten by a zero card
    counted: tuple[tuple[int, int], ...]   # (index, birds it adds) per bird card left
    total: int


def evaluate_row(row: Sequence[Face]) -> RowEvaluation:
    """Resolve the special cards of a row and count its birds, keeping every step."""
    n = len(row)
    specials = [i for i, face in enumerate(row) if face[0] == "special"]
    if not specials:  # the common case, kept quick for playouts
        counted = tuple([(i, face[2]) for i, face in enumerate(row)])
        return RowEvaluation((), (), (), (), (), (), counted, sum([f[2] for f in row]))
    cancelled = tuple(i for i in specials if row[i][1] == NO_SPECIALS)
    removals: list[tuple[int, tuple[int, ...]]] = []
    removed: set[int] = set()
    zeroed: list[tuple[str, int]] = []
    doubled: list[tuple[str, int]] = []
    beaten: list[tuple[str, int]] = []
    if cancelled:
        # ruling FB-5 (1): every special card leaves the count; steps 2-3 are skipped
        removed.update(specials)
    else:
        # ruling FB-5 (2): all neighbour cards act at once on the row as it lay
        for i in specials:
            if row[i][1] == NO_NEIGHBOURS:
                gone = tuple(j for j in (i - 1, i + 1) if 0 <= j < n)
                removals.append((i, gone))
                removed.update(gone)
        # ruling FB-5 (3): colour cards still in the row; zero beats double
        zero_colours = {row[i][2] for i in specials
                        if i not in removed and row[i][1] == COLOUR_ZERO}
        for i in specials:
            if i in removed:
                continue
            kind, colour = row[i][1], row[i][2]
            if kind == COLOUR_ZERO:
                zeroed.append((colour, i))
            elif kind == COLOUR_DOUBLE:
                (beaten if colour in zero_colours else doubled).append((colour, i))
    factor = {colour: 1 for colour in COLOURS}
    for colour, _where in doubled:
        factor[colour] = 2
    for colour, _where in zeroed:
        factor[colour] = 0
    counted = tuple((i, face[2] * factor[face[1]]) for i, face in enumerate(row)
                    if face[0] == "bird" and i not in removed)
    return RowEvaluation(cancelled, tuple(removals), tuple(sorted(removed)), tuple(zeroed),
                         tuple(doubled), tuple(beaten), counted,
                         sum(birds for _, birds in counted))


def count_birds(row: Sequence[Face]) -> int:
    """Birds a row counts after its special cards act (ruling FB-5)."""
    return evaluate_row(row).total


def score_pile(cards: Iterable[Face]) -> int:
    """Points of a won pile (ruling FB-9): 10 per four-colour set, 2 per special, 1 else."""
    counts = {colour: 0 for colour in COLOURS}
    specials = 0
    for face in cards:
        if face[0] == "bird":
            counts[face[1]] += 1
        else:
            specials += 1
    sets = min(counts.values())
    return 10 * sets + 2 * specials + sum(counts.values()) - 4 * sets


# Fast forms of the same rules over card ids, for the state and the AI's sampling.
_BIRDS = tuple(c.birds for c in CARDS)
_COLOUR = tuple(COLOURS.index(c.colour) if c.colour else -1 for c in CARDS)
_KIND = tuple(0 if c.special is None else 1 + (NO_SPECIALS, NO_NEIGHBOURS, COLOUR_ZERO,
                                               COLOUR_DOUBLE).index(c.special)
              for c in CARDS)   # 0 bird, 1 no_specials, 2 neighbours, 3 zero, 4 double
_OPEN = tuple(c.open_back for c in CARDS)
_FACES = tuple(c.face for c in CARDS)


def count_ids(ids: Sequence[int]) -> int:
    """``count_birds`` over card ids; the hot path of FB-7 checks and AI sampling."""
    kinds = [_KIND[c] for c in ids]
    if not any(kinds) or 1 in kinds:  # no specials, or FB-5 (1) cancels them all
        return sum([_BIRDS[c] for c in ids])
    removed: set[int] = set()
    if 2 in kinds:
        for i, kind in enumerate(kinds):
            if kind == 2:
                removed.add(i - 1)
                removed.add(i + 1)
    factor = [1, 1, 1, 1]
    for i, kind in enumerate(kinds):
        if kind == 4 and i not in removed and factor[_COLOUR[ids[i]]] == 1:
            factor[_COLOUR[ids[i]]] = 2
    for i, kind in enumerate(kinds):
        if kind == 3 and i not in removed:
            factor[_COLOUR[ids[i]]] = 0
    return sum([_BIRDS[c] * factor[_COLOUR[c]] for i, c in enumerate(ids)
                if not kinds[i] and i not in removed])


def score_ids(ids: Iterable[int]) -> int:
    """``score_pile`` over card ids."""
    counts = [0, 0, 0, 0]
    specials = 0
    for c in ids:
        if _KIND[c]:
            specials += 1
        else:
            counts[_COLOUR[c]] += 1
    sets = min(counts)
    return 6 * sets + 2 * specials + sum(counts)


def score_parts(ids: Iterable[int]) -> tuple[int, int, int]:
    """(sets, specials, single birds) of a pile, for the results screen."""
    counts = [0, 0, 0, 0]
    specials = 0
    for c in ids:
        if _KIND[c]:
            specials += 1
        else:
            counts[_COLOUR[c]] += 1
    sets = min(counts)
    return sets, specials, sum(counts) - 4 * sets


# ---------------------------------------------------------------------------------
# Actions: one decision each
# ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Draw:
    """Take the top card of the draw pile (then play a card)."""


@dataclass(frozen=True)
class Claim:
    """Instead of drawing: the row already holds too many birds (ruling FB-4)."""


@dataclass(frozen=True)
class Play:
    """Put this hand card onto the row; face up or down is set by the pile's top back."""

    card: int


@dataclass(frozen=True)
class Tip:
    """A secret tip during a claim: red = too many birds, green = not too many."""

    red: bool


@dataclass(frozen=True)
class Pick:
    """Take this card of the claimed row into your won pile (ruling FB-6)."""

    card: int


DRAW = Draw()
CLAIM = Claim()
TIP_RED = Tip(True)
TIP_GREEN = Tip(False)
_PLAYS = tuple(Play(i) for i in range(DECK_SIZE))
_PICKS = tuple(Pick(i) for i in range(DECK_SIZE))


def describe_action(action: object, names: Sequence[str] | None = None) -> str:
    """A short human label of a move, for prompts, hints and logs."""
    if isinstance(action, Draw):
        return _("Draw a card")
    if isinstance(action, Claim):
        return _("Claim: too many birds!")
    if isinstance(action, Play):
        return _("Play the {card}").format(card=CARDS[action.card].label)
    if isinstance(action, Tip):
        return _("Tip red: too many birds") if action.red else _("Tip green: not too many")
    if isinstance(action, Pick):
        return _("Take the {card}").format(card=CARDS[action.card].label)
    return repr(action)


# ---------------------------------------------------------------------------------
# Events: enough for a scene to animate every card and every step of a claim
# ---------------------------------------------------------------------------------

def _tip_word(red: bool | None) -> str:
    return pgettext("colour", "red") if red else pgettext("colour", "green")


@dataclass(frozen=True)
class CardDrawn(Event):
    """A seat draws the pile's top card; ``card`` is private to that seat's animation."""

    seat: int
    card: int
    open_back: bool               # the back everyone saw on the pile
    pile_size: int                # cards left in the pile
    next_open: bool | None        # back of the new top card; None: the pile is empty

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} draws a card.").format(name=seat_label(self.seat, names))


@dataclass(frozen=True)
class PileEmptied(Event):
    """The last card was drawn: from now on every card is played face down (FB-8)."""

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("The draw pile is empty: every card now goes face down.")


@dataclass(frozen=True)
class CardPlayed(Event):
    """A hand card lands in the row at ``index``; ``card`` is private if face down."""

    seat: int
    card: int
    index: int
    face_up: bool
    open_back: bool

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = seat_label(self.seat, names)
        if self.face_up:
            return _("{name} plays the {card} face up.").format(
                name=who, card=CARDS[self.card].label)
        return _("{name} plays a card face down.").format(name=who)


@dataclass(frozen=True)
class RowDiscarded(Event):
    """FB-7: an all-face-up row went over the limit; it leaves the game.

    ``cards`` are the old row (all face up); the card just played stays as the new row's
    first card (index 0).
    """

    seat: int
    cards: tuple[int, ...]
    kept: int
    total: int
    limit: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("The face-up row would count {total} birds, over the limit of {limit}: "
                 "it leaves the game and {name}'s card starts a new row.").format(
            total=self.total, limit=self.limit, name=seat_label(self.seat, names))


@dataclass(frozen=True)
class RowStarted(Event):
    """A new row begins: after a claim (its claimant draws and plays) or after FB-7."""

    number: int
    seat: int       # who plays (or just played) its first card

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("Row {number} begins with {name}.").format(
            number=self.number, name=seat_label(self.seat, names))


@dataclass(frozen=True)
class ClaimMade(Event):
    """The claimant shows red, the seat that played last shows green (FB-4)."""

    claimant: int
    accused: int
    limit: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{claimant} claims {accused}'s row holds more than {limit} birds!").format(
            claimant=seat_label(self.claimant, names),
            accused=seat_label(self.accused, names), limit=self.limit)


@dataclass(frozen=True)
class TipPlaced(Event):
    """A seat has tipped in secret (the colour stays hidden until the reveal)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} has tipped.").format(name=seat_label(self.seat, names))


@dataclass(frozen=True)
class TipsRevealed(Event):
    """Every tip card is turned over at once; ``tips[seat]`` True is red."""

    tips: tuple[bool | None, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        parts = []
        comma = pgettext("list separator", ", ")
        for colour in (True, False):
            seats = [seat_label(s, names) for s, t in enumerate(self.tips) if t is colour]
            if seats:
                parts.append(_("{colour}: {names}").format(colour=_tip_word(colour),
                                                           names=comma.join(seats)))
        return _("Tips revealed. {tips}.").format(
            tips=pgettext("list separator", "; ").join(parts))


@dataclass(frozen=True)
class CardFlipped(Event):
    """A face-down row card is turned up during a claim."""

    index: int
    card: int
    played_by: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name}'s face-down card is the {card}.").format(
            name=seat_label(self.played_by, names), card=CARDS[self.card].label)


@dataclass(frozen=True)
class SpecialsCancelled(Event):
    """FB-5 (1): 'special cards do not count' removes every special card of the row."""

    by: tuple[int, ...]
    removed: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        count = len(self.removed)
        return ngettext("'Special cards do not count': {n} special card leaves the count.",
                        "'Special cards do not count': {n} special cards leave the count.",
                        count).format(n=count)


@dataclass(frozen=True)
class NeighboursRemoved(Event):
    """FB-5 (2): a neighbour card takes the cards beside it out of the count."""

    index: int
    removed: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        if not self.removed:
            return _("'Neighbour cards do not count' has no neighbours to remove.")
        count = len(self.removed)
        return ngettext("'Neighbour cards do not count' removes {n} card beside it.",
                        "'Neighbour cards do not count' removes {n} cards beside it.",
                        count).format(n=count)


@dataclass(frozen=True)
class ColourZeroed(Event):
    """FB-5 (3): birds of ``colour`` count nothing (beating a double if there is one)."""

    colour: str
    index: int
    beats_double: bool

    def describe(self, names: Sequence[str] | None = None) -> str:
        colour = colour_title(self.colour)
        if self.beats_double:
            return _("{colour} birds do not count, beating its 'counts double'.").format(
                colour=colour)
        return _("{colour} birds do not count.").format(colour=colour)


@dataclass(frozen=True)
class ColourDoubled(Event):
    """FB-5 (3): birds of ``colour`` count twice."""

    colour: str
    index: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{colour} birds count double.").format(
            colour=colour_title(self.colour))


@dataclass(frozen=True)
class BirdsCounted(Event):
    """One bird card of the row is counted: the running total climbs towards the limit."""

    index: int
    card: int
    birds: int
    running: int
    limit: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("+{birds}: {running} of {limit} birds counted.").format(
            birds=self.birds, running=self.running, limit=self.limit)


@dataclass(frozen=True)
class ClaimResolved(Event):
    """The verdict: who was right, and the order in which they draft (FB-6)."""

    total: int
    limit: int
    too_many: bool
    winners: tuple[int, ...]   # in drafting order

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = pgettext("list separator", ", ").join(seat_label(s, names)
                                                    for s in self.winners)
        n = self.total
        if self.too_many and len(self.winners) == 1:
            text = ngettext("{n} bird against a limit of {limit}: too many. Red is right; "
                            "{names} takes the whole row.",
                            "{n} birds against a limit of {limit}: too many. Red is right; "
                            "{names} takes the whole row.", n)
        elif self.too_many:
            text = ngettext("{n} bird against a limit of {limit}: too many. Red is right; "
                            "{names} share the row.",
                            "{n} birds against a limit of {limit}: too many. Red is right; "
                            "{names} share the row.", n)
        elif len(self.winners) == 1:
            text = ngettext("{n} bird against a limit of {limit}: not too many. Green is "
                            "right; {names} takes the whole row.",
                            "{n} birds against a limit of {limit}: not too many. Green is "
                            "right; {names} takes the whole row.", n)
        else:
            text = ngettext("{n} bird against a limit of {limit}: not too many. Green is "
                            "right; {names} share the row.",
                            "{n} birds against a limit of {limit}: not too many. Green is "
                            "right; {names} share the row.", n)
        return text.format(n=n, limit=self.limit, names=who)


@dataclass(frozen=True)
class CardTaken(Event):
    """A winner takes a card of the claimed row into their won pile."""

    seat: int
    card: int
    automatic: bool   # no choice was left (a lone winner, or the last card)

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} takes the {card}.").format(name=seat_label(self.seat, names),
                                                    card=CARDS[self.card].label)


@dataclass(frozen=True)
class HandsDiscarded(Event):
    """At the end the remaining hand cards leave the game, shown to all (FB-8)."""

    hands: tuple[tuple[int, ...], ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        count = sum(map(len, self.hands))
        return ngettext("{n} hand card leaves the game.", "{n} hand cards leave the game.",
                        count).format(n=count)


# ---------------------------------------------------------------------------------
# What a seat sees
# ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class RowSlot:
    """One card of the row as a seat sees it."""

    card: Card | None   # None: face down and unknown to this seat
    face_up: bool
    open_back: bool     # the back shows whenever the card lies face down
    played_by: int


@dataclass(frozen=True)
class ClaimRecord:
    """The last claim, public once resolved: the results of the show, for scenes and AI."""

    claimant: int
    accused: int
    tips: tuple[bool | None, ...]      # True red, False green, per seat
    cards: tuple[Card, ...]            # the row as it was turned up
    played_by: tuple[int, ...]
    evaluation: RowEvaluation
    limit: int
    too_many: bool
    pickers: tuple[int, ...]           # winners in drafting order

    @property
    def total(self) -> int:
        return self.evaluation.total


@dataclass(frozen=True)
class FlipView:
    """Everything one seat may know, and everything a table scene needs to draw it.

    Tips per seat read "red"/"green" when visible to this seat, "down" when placed but
    hidden, None when the seat has no tip out.
    """

    seat: int | None
    num_players: int
    phase: str
    current: int | None
    limit: int
    row_number: int
    pile_size: int
    pile_top_open: bool | None         # FB-2: public; None when the pile is empty
    play_face_up: bool | None          # where a card is to be played now: up or down
    row: tuple[RowSlot, ...]
    last_player: int | None            # who played the row's last card
    hand: tuple[Card, ...]             # this seat's own hand (empty for a spectator)
    hand_sizes: tuple[int, ...]
    hand_open_backs: tuple[int, ...]   # open-cage backs each hand shows the table
    won: tuple[tuple[Card, ...], ...]
    discarded: tuple[Card, ...]        # out of the game, face up (FB-7 rows, end hands)
    claimant: int | None
    accused: int | None
    tips: tuple[str | None, ...]
    waiting_tips: tuple[int, ...]      # seats still to tip, in order
    share: tuple[Card, ...]            # cards of the claimed row still to be drafted
    pickers: tuple[int, ...]
    last_claim: ClaimRecord | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    end_reason: str | None


# ---------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------

class State(engine.State):
    """A game of Flip a Bird in progress. Cards are ids into ``CARDS``."""

    game_id = "flip_a_bird"

    def __init__(self, num_players: int, rng: random.Random) -> None:
        self.num_players = num_players
        self.limit = row_limit(num_players)
        self.rng = rng
        self.pile: list[int] = []                       # top card last
        self.hands: list[list[int]] = [[] for _ in range(num_players)]  # kept sorted
        self.row: list[int] = []
        self.row_up: list[bool] = []
        self.row_by: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(num_players)]
        self.discarded: list[int] = []
        self.share: list[int] = []                      # the claimed row, being drafted
        self.phase = PHASE_TURN
        self.current_player: int | None = 0
        self.last_player: int | None = None
        self.claimant: int | None = None
        self.accused: int | None = None
        self.tips: list[bool | None] = [None] * num_players
        self.tip_queue: list[int] = []
        self.pickers: list[int] = []
        self.pick_turn = 0
        self.row_number = 1
        # the last claim as (claimant, accused, tips, cards, played_by); its full
        # ClaimRecord is built only when a view asks for it
        self.claim_data: tuple | None = None
        self._record: ClaimRecord | None = None
        self.end_reason: str | None = None
        self._legal_cache = None

    @property
    def last_claim(self) -> ClaimRecord | None:
        """The last resolved claim, for views, the results screen and the log."""
        if self._record is None and self.claim_data is not None:
            claimant, accused, tips, cards, played_by = self.claim_data
            self._record = _claim_record(claimant, accused, tips, cards, played_by,
                                         self.limit, self.num_players)
        return self._record

    # -- moves ----------------------------------------------------------------------
    def _legal_actions(self) -> list:
        seat = self.current_player
        phase = self.phase
        if phase == PHASE_TURN:
            # ruling FB-4: a claim needs a row; we also never let a seat accuse itself
            can_claim = bool(self.row) and self.last_player != seat
            if self.pile:
                return [DRAW, CLAIM] if can_claim else [DRAW]
            plays = [_PLAYS[c] for c in self.hands[seat]]
            if can_claim:
                plays.append(CLAIM)
            return plays
        if phase == PHASE_PLAY:
            return [_PLAYS[c] for c in self.hands[seat]]
        if phase == PHASE_TIP:
            return [TIP_GREEN, TIP_RED]
        if phase == PHASE_PICK:
            return [_PICKS[c] for c in sorted(self.share)]
        return []

    def _apply(self, action) -> list[Event]:
        kind = action.__class__
        if kind is Draw:
            return self._draw()
        if kind is Play:
            return self._play(action.card)
        if kind is Claim:
            return self._claim()
        if kind is Tip:
            return self._tip(action.red)
        return self._pick(action.card)

    def _draw(self) -> list[Event]:
        seat = self.current_player
        pile = self.pile
        card = pile.pop()
        insort(self.hands[seat], card)
        self.phase = PHASE_PLAY
        if pile:
            return [CardDrawn(seat, card, _OPEN[card], len(pile), _OPEN[pile[-1]])]
        return [CardDrawn(seat, card, _OPEN[card], 0, None), PileEmptied()]

    def _play(self, card: int) -> list[Event]:
        seat = self.current_player
        self.hands[seat].remove(card)
        # the back of the pile's new top card decides; ruling FB-8: empty pile, face down
        face_up = bool(self.pile) and _OPEN[self.pile[-1]]
        row = self.row
        events: list[Event] = [CardPlayed(seat, card, len(row), face_up, _OPEN[card])]
        if face_up and row and all(self.row_up):
            total = count_ids(row + [card])
            if total > self.limit:
                # ruling FB-7: the old face-up row leaves the game; this card begins anew
                events.append(RowDiscarded(seat, tuple(row), card, total, self.limit))
                self.discarded.extend(row)
                row.clear()
                self.row_up.clear()
                self.row_by.clear()
                self.row_number += 1
                events.append(RowStarted(self.row_number, seat))
        row.append(card)
        self.row_up.append(face_up)
        self.row_by.append(seat)
        self.last_player = seat
        if not self.pile and not any(self.hands):
            # ruling FB-8: every hand ran out first; the row is not evaluated
            return self._end(events, END_BY_HANDS)
        self._next_turn((seat + 1) % self.num_players, events)
        return events

    def _next_turn(self, seat: int, events: list[Event]) -> None:
        """Hand the turn to ``seat``, or on to the next seat that can act.

        Every hand holds two cards between turns and, once the pile is empty, hands
        shrink one card a turn in seat order, so the game ends (FB-8) before anyone
        meets an empty hand on their turn. Should it happen anyway, that seat sits out.
        """
        if not self.pile:
            for _seat in range(self.num_players):
                if self.hands[seat]:
                    break
                seat = (seat + 1) % self.num_players
        self.phase = PHASE_TURN
        self.current_player = seat
        events.append(TurnPassed(seat))

    def _claim(self) -> list[Event]:
        claimant = self.current_player
        accused = self.last_player
        n = self.num_players
        self.claimant, self.accused = claimant, accused
        tips: list[bool | None] = [None] * n
        tips[claimant] = True    # red, face up
        tips[accused] = False    # green, face up: they played the last card
        self.tips = tips
        self.tip_queue = [s for s in ((claimant + k) % n for k in range(1, n))
                          if s != accused]
        self.phase = PHASE_TIP
        self.current_player = self.tip_queue[0]
        return [ClaimMade(claimant, accused, self.limit)]

    def _tip(self, red: bool) -> list[Event]:
        seat = self.current_player
        self.tips[seat] = red
        self.tip_queue.pop(0)
        events: list[Event] = [TipPlaced(seat)]
        if self.tip_queue:
            self.current_player = self.tip_queue[0]
            return events
        self._resolve(events)
        return events

    def _resolve(self, events: list[Event]) -> None:
        """Reveal, turn the row up, let specials act, count, and set up the draft."""
        n = self.num_players
        tips = tuple(self.tips)
        events.append(TipsRevealed(tips))
        row = self.row
        for i, card in enumerate(row):
            if not self.row_up[i]:
                events.append(CardFlipped(i, card, self.row_by[i]))
        limit = self.limit
        if any([_KIND[c] for c in row]):
            ev = evaluate_row([_FACES[c] for c in row])
            if ev.cancelled_by:
                events.append(SpecialsCancelled(ev.cancelled_by, ev.removed))
            for index, gone in ev.neighbour_removals:
                events.append(NeighboursRemoved(index, gone))
            zero_colours = {colour for colour, _ in ev.beaten}
            for colour, index in ev.zeroed:
                events.append(ColourZeroed(colour, index, colour in zero_colours))
            for colour, index in ev.doubled:
                events.append(ColourDoubled(colour, index))
            counted: Iterable[tuple[int, int]] = ev.counted
        else:   # no specials: skip the full evaluation, the common case in playouts
            counted = [(i, _BIRDS[c]) for i, c in enumerate(row)]
        running = 0
        for index, birds in counted:
            running += birds
            events.append(BirdsCounted(index, row[index], birds, running, limit))
        too_many = running > limit
        pickers = _draft_order(self.claimant, self.accused, tips, too_many, n)
        events.append(ClaimResolved(running, limit, too_many, pickers))
        self.claim_data = (self.claimant, self.accused, tips, tuple(row),
                           tuple(self.row_by))
        self._record = None
        # ruling FB-5: removed cards are shared out with the rest of the row
        self.share = list(row)
        row.clear()
        self.row_up.clear()
        self.row_by.clear()
        self.last_player = None
        self.pickers = list(pickers)
        self.pick_turn = 0
        self.phase = PHASE_PICK
        self._share_out(events)

    def _share_out(self, events: list[Event]) -> None:
        """Give away cards while there is no choice; stop at the next real pick."""
        pickers = self.pickers
        share = self.share
        if len(pickers) == 1 and share:
            seat = pickers[0]
            for card in share:
                self.won[seat].append(card)
                events.append(CardTaken(seat, card, True))
            share.clear()
        elif len(share) == 1:
            seat = pickers[self.pick_turn]
            self.won[seat].append(share[0])
            events.append(CardTaken(seat, share[0], True))
            share.clear()
        if share:
            self.current_player = pickers[self.pick_turn]
            return
        self._claim_done(events)

    def _pick(self, card: int) -> list[Event]:
        seat = self.current_player
        self.share.remove(card)
        self.won[seat].append(card)
        self.pick_turn = (self.pick_turn + 1) % len(self.pickers)
        events: list[Event] = [CardTaken(seat, card, False)]
        self._share_out(events)
        return events

    def _claim_done(self, events: list[Event]) -> None:
        claimant = self.claimant
        self.claimant = self.accused = None
        self.tips = [None] * self.num_players
        self.pickers = []
        self.pick_turn = 0
        if not self.pile:
            # ruling FB-8: the first claim once the pile is empty ends the game
            self._end(events, END_BY_CLAIM)
            return
        # ruling FB-4: the claimant draws and plays the first card of the new row
        self.row_number += 1
        self.phase = PHASE_TURN
        self.current_player = claimant
        events.append(RowStarted(self.row_number, claimant))
        events.append(TurnPassed(claimant))

    def _end(self, events: list[Event], reason: str) -> list[Event]:
        hands = tuple(tuple(h) for h in self.hands)
        if any(hands):
            events.append(HandsDiscarded(hands))
            for hand in self.hands:
                self.discarded.extend(hand)
                hand.clear()
        self.phase = PHASE_OVER
        self.current_player = None
        self.end_reason = reason
        events.append(GameOver(tuple(self.winners()), _END_REASONS[reason]))
        return events

    # -- outcome --------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        return [score_ids(pile) for pile in self.won]

    def winners(self) -> list[int]:
        if self.phase != PHASE_OVER:
            return []
        return engine.ranked_winners(self.scores())

    def score_breakdown(self) -> list[list[tuple[str, str]]]:
        rows = []
        for pile in self.won:
            sets, specials, singles = score_parts(pile)
            rows.append([
                (_("Colour sets"), f"{sets} x 10 = {10 * sets}"),
                (_("Special cards"), f"{specials} x 2 = {2 * specials}"),
                (_("Single birds"), f"{singles} x 1 = {singles}"),
                (_("Total"), str(10 * sets + 2 * specials + singles)),
            ])
        return rows

    def progress(self) -> str:
        return _("row {number}").format(number=self.row_number)

    def outcome(self) -> str:
        if self.end_reason == END_BY_CLAIM:
            # no seat names here (outcome() takes none): "Player 3" read wrongly on screens
            return _("The draw pile was empty, so the last claim ended the game.")
        if self.end_reason == END_BY_HANDS:
            return _("Every hand ran out, so the last row was not counted.")
        return ""

    # -- information ----------------------------------------------------------------
    def view(self, player: int | None) -> FlipView:
        n = self.num_players
        row = tuple(RowSlot(CARDS[c] if up or by == player else None, up, _OPEN[c], by)
                    for c, up, by in zip(self.row, self.row_up, self.row_by))
        tips: list[str | None] = []
        revealed = self.phase == PHASE_PICK
        for seat, tip in enumerate(self.tips):
            if tip is None:
                tips.append(None)
            elif (revealed or seat == player or seat == self.claimant
                  or seat == self.accused):
                tips.append("red" if tip else "green")
            else:
                tips.append("down")
        if self.phase == PHASE_PLAY or (self.phase == PHASE_TURN and not self.pile):
            play_face_up: bool | None = bool(self.pile) and _OPEN[self.pile[-1]]
        else:
            play_face_up = None
        scores = tuple(self.scores())
        return FlipView(
            seat=player, num_players=n, phase=self.phase, current=self.current_player,
            limit=self.limit, row_number=self.row_number, pile_size=len(self.pile),
            pile_top_open=_OPEN[self.pile[-1]] if self.pile else None,
            play_face_up=play_face_up, row=row, last_player=self.last_player,
            hand=tuple(CARDS[c] for c in self.hands[player]) if player is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            hand_open_backs=tuple(sum(_OPEN[c] for c in h) for h in self.hands),
            won=tuple(tuple(CARDS[c] for c in sorted(pile)) for pile in self.won),
            discarded=tuple(CARDS[c] for c in sorted(self.discarded)),
            claimant=self.claimant, accused=self.accused, tips=tuple(tips),
            waiting_tips=tuple(self.tip_queue) if self.phase == PHASE_TIP else (),
            share=tuple(CARDS[c] for c in sorted(self.share)),
            pickers=tuple(self.pickers), last_claim=self.last_claim, scores=scores,
            winners=tuple(self.winners()), end_reason=self.end_reason)

    def determinize(self, player: int | None, rng: random.Random) -> "State":
        """Deal every card ``player`` cannot see at random, keeping every visible back.

        Backs are public (FB-2): face-down row cards, every hand and the pile's top show
        theirs, so each such slot gets an unseen card of the same back. The rest of the
        pile takes what is left. Unrevealed tips of other seats are drawn at random too.
        """
        new = self.clone()
        known = set(self.won_ids())
        known.update(self.discarded)
        known.update(self.share)
        if player is not None:
            known.update(self.hands[player])
        hidden_row = []
        for i, (card, up, by) in enumerate(zip(self.row, self.row_up, self.row_by)):
            if up or by == player:
                known.add(card)
            else:
                hidden_row.append(i)
        pool = [c for c in range(DECK_SIZE) if c not in known]  # sorted by construction
        rng.shuffle(pool)
        open_pool = [c for c in pool if _OPEN[c]]
        covered_pool = [c for c in pool if not _OPEN[c]]

        def take(open_back: bool) -> int:
            return open_pool.pop() if open_back else covered_pool.pop()

        for i in hidden_row:
            new.row[i] = take(_OPEN[self.row[i]])
        for seat, hand in enumerate(self.hands):
            if seat != player:
                new.hands[seat] = sorted(take(_OPEN[c]) for c in hand)
        if self.pile:
            top = take(_OPEN[self.pile[-1]])
            rest = open_pool + covered_pool
            rng.shuffle(rest)
            rest.append(top)
            new.pile = rest
        # a tip is secret until the reveal, except one's own and the two face-up ones
        if self.phase == PHASE_TIP:
            for seat, tip in enumerate(self.tips):
                if (tip is not None and seat != player and seat != self.claimant
                        and seat != self.accused):
                    new.tips[seat] = rng.random() < 0.5
        new.rng = engine.child_rng(rng)
        return new

    def won_ids(self) -> list[int]:
        return [c for pile in self.won for c in pile]

    # -- copies ---------------------------------------------------------------------
    def clone(self) -> "State":
        new = type(self).__new__(type(self))
        new.num_players = self.num_players
        new.limit = self.limit
        new.rng = engine.copy_rng(self.rng)
        new.pile = self.pile[:]
        new.hands = [h[:] for h in self.hands]
        new.row = self.row[:]
        new.row_up = self.row_up[:]
        new.row_by = self.row_by[:]
        new.won = [w[:] for w in self.won]
        new.discarded = self.discarded[:]
        new.share = self.share[:]
        new.phase = self.phase
        new.current_player = self.current_player
        new.last_player = self.last_player
        new.claimant = self.claimant
        new.accused = self.accused
        new.tips = self.tips[:]
        new.tip_queue = self.tip_queue[:]
        new.pickers = self.pickers[:]
        new.pick_turn = self.pick_turn
        new.row_number = self.row_number
        new.claim_data = self.claim_data   # immutable, safe to share
        new._record = self._record
        new.end_reason = self.end_reason
        new._legal_cache = None
        return new

    def to_dict(self) -> dict:
        data = self.claim_data
        return {
            "game_id": self.game_id, "num_players": self.num_players,
            "pile": list(self.pile), "hands": [list(h) for h in self.hands],
            "row": list(self.row), "row_up": list(self.row_up), "row_by": list(self.row_by),
            "won": [list(w) for w in self.won], "discarded": list(self.discarded),
            "share": list(self.share), "phase": self.phase,
            "current": self.current_player, "last_player": self.last_player,
            "claimant": self.claimant, "accused": self.accused, "tips": list(self.tips),
            "tip_queue": list(self.tip_queue), "pickers": list(self.pickers),
            "pick_turn": self.pick_turn, "row_number": self.row_number,
            "last_claim": None if data is None else {
                "claimant": data[0], "accused": data[1], "tips": list(data[2]),
                "cards": list(data[3]), "played_by": list(data[4])},
            "end_reason": self.end_reason, "rng": engine.rng_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        n = data["num_players"]
        new = cls(n, engine.rng_from_json(data["rng"]))
        new.pile = list(data["pile"])
        new.hands = [list(h) for h in data["hands"]]
        new.row = list(data["row"])
        new.row_up = list(data["row_up"])
        new.row_by = list(data["row_by"])
        new.won = [list(w) for w in data["won"]]
        new.discarded = list(data["discarded"])
        new.share = list(data["share"])
        new.phase = data["phase"]
        new.current_player = data["current"]
        new.last_player = data["last_player"]
        new.claimant = data["claimant"]
        new.accused = data["accused"]
        new.tips = list(data["tips"])
        new.tip_queue = list(data["tip_queue"])
        new.pickers = list(data["pickers"])
        new.pick_turn = data["pick_turn"]
        new.row_number = data["row_number"]
        rec = data["last_claim"]
        if rec is not None:
            new.claim_data = (rec["claimant"], rec["accused"], tuple(rec["tips"]),
                              tuple(rec["cards"]), tuple(rec["played_by"]))
        new.end_reason = data["end_reason"]
        return new


def _claim_record(claimant: int, accused: int, tips: Sequence[bool | None],
                  cards: Sequence[int], played_by: Sequence[int], limit: int,
                  num_players: int) -> ClaimRecord:
    """Evaluate a turned-up row and fix the drafting order (FB-5, FB-6)."""
    evaluation = evaluate_row([_FACES[c] for c in cards])
    too_many = evaluation.total > limit
    pickers = _draft_order(claimant, accused, tips, too_many, num_players)
    return ClaimRecord(claimant, accused, tuple(tips), tuple([CARDS[c] for c in cards]),
                       tuple(played_by), evaluation, limit, too_many, pickers)


def _draft_order(claimant: int, accused: int, tips: Sequence[bool | None],
                 too_many: bool, num_players: int) -> tuple[int, ...]:
    """The winners in drafting order (ruling FB-6): red claimant or the last player
    first, then counter-clockwise among the seats that tipped right."""
    first = claimant if too_many else accused
    return tuple([seat for seat in ((first - k) % num_players for k in range(num_players))
                  if tips[seat] is too_many])


def new_state(num_players: int, seed: int | None = None, first_player: int = 0,
              **options: object) -> State:
    """Shuffle the 60 cards, deal two to each hand; ``first_player`` starts."""
    if options:
        raise TypeError(f"unknown Flip a Bird options: {', '.join(options)}")
    if not 0 <= first_player < num_players:
        raise ValueError(f"first_player must be a seat, not {first_player}")
    state = State(num_players, random.Random(seed))
    deck = list(range(DECK_SIZE))
    state.rng.shuffle(deck)
    for seat in range(num_players):
        state.hands[seat] = sorted(deck.pop() for _ in range(HAND_SIZE))
    state.pile = deck
    state.current_player = first_player
    return state
