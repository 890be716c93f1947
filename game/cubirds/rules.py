"""CuBirds rules (no pygame): the state machine behind the table scene, the AI and the tests.

A turn is a short run of decisions by one seat, each its own action, so a scene can ask
one clear question at a time (``view.phase`` names it):

* ``place``   -- all hand cards of one species at the left or right end of one row;
* ``restore`` -- a capture left one species in the row: a card came off the draw pile
  face up (``view.pending``) and the player picks the end it joins (ruling CB-3);
* ``draw``    -- no capture and cards left in hand: take the top 2 cards of the draw
  pile, or not (a placement that empties the hand without a capture ends the turn at
  once: ruling CB-5);
* ``flock``   -- complete one flock (a species) or pass.

Then the win check and the round-end check run (ruling CB-5) and play moves on.

Inside the state a card is its species index (see ``cards.SPECIES``), hands and
collections are counts per species. The API (actions, events, views, the pure helper
functions) speaks species ids such as ``"robin"``.

What a seat knows (``view``): every public zone (rows, the face-up discard pile in
order, collections, the pending restoration card), the size of every hand and of the draw
pile, its own hand, and for every hand the cards the whole table saw go into it
(captured cards) and that have not left it since. ``determinize`` deals everything else.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game import engine
from game.cubirds.cards import (BIG, COPIES, FLOCK_OF, FLOCKS_NEEDED, HAND_SIZE, INDEX,
                                NUM_ROWS, NUM_SPECIES, ROW_START, SEVEN_SPECIES, SMALL,
                                SPECIES, birds_text, species_name)
from game.engine import Event, GameOver, TurnPassed, seat_label
from game.i18n import N_, _, ngettext, pgettext

LEFT, RIGHT = "left", "right"
SIDES = (LEFT, RIGHT)

# Phases: which decision the current seat is asked for.
PLACE, RESTORE, DRAW, FLOCK, OVER = "place", "restore", "draw", "flock", "over"

# Why a game ended (view.end_reason); the text is what GameOver and outcome() say.
SEVEN = "seven_species"
TWO_FLOCKS = "two_flocks"
DECK_OUT = "deck_out"
TURN_LIMIT_REACHED = "turn_limit"
REASONS = {
    SEVEN: N_("7 species"),
    TWO_FLOCKS: N_("two flocks of 3+"),
    DECK_OUT: N_("the deck ran out"),
    TURN_LIMIT_REACHED: N_("the turn limit was reached"),
}

TURN_LIMIT = 3000
"""Safety net, not a rule: bots that never complete a flock could cycle the cards
forever, so after this many turns the game ends as by lack of cards (largest collection
wins). Random play ends far sooner (see the tests)."""

_RANGE = range(NUM_SPECIES)


# -- actions ------------------------------------------------------------------------


class _Interned:
    """One object per distinct value, so ``==`` and ``hash`` can be plain identity.

    ``State.apply`` looks the action up in the legal list; with value equality that is a
    Python-level ``__eq__`` call per entry (a third of a random playout's time). Interned
    actions compare in C, and ``Place("robin", 0, "left")`` built anywhere (a scene, a
    saved replay) is still the very object the legal list holds.
    """

    __slots__ = ()
    _pool: dict

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        names = cls.__match_args__
        rest = names[len(args):]
        if len(args) > len(names) or set(kwargs) != set(rest):
            raise TypeError(f"{cls.__name__} takes {', '.join(names) or 'no arguments'}")
        values = args + tuple(kwargs[name] for name in rest)
        # Types are part of the key: Place("robin", 0.0, "left") must not be the legal
        # object (dataclass __init__ would then overwrite its row with 0.0).
        key = values + tuple(type(v) for v in values)
        try:
            return cls._pool[key]
        except KeyError:
            obj = cls._pool[key] = object.__new__(cls)
            return obj
        except TypeError:  # unhashable junk: a fresh object that equals nothing legal
            return object.__new__(cls)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._pool = {}

    def __reduce__(self) -> tuple:
        return type(self), tuple(getattr(self, name) for name in self.__match_args__)


@dataclass(frozen=True, eq=False)
class Place(_Interned):
    """Play every hand card of ``species`` at the ``side`` end of row ``row`` (0-3)."""

    species: str
    row: int
    side: str


@dataclass(frozen=True, eq=False)
class Restore(_Interned):
    """Put the pending restoration card at the ``side`` end of the row (ruling CB-3)."""

    side: str


@dataclass(frozen=True, eq=False)
class DrawTwo(_Interned):
    """After a placement that captured nothing and left cards in hand (ruling CB-5):
    take the top 2 cards (``take``) or not."""

    take: bool


@dataclass(frozen=True, eq=False)
class Flock(_Interned):
    """Reveal every hand card of ``species`` and complete a flock with them."""

    species: str


@dataclass(frozen=True, eq=False)
class Pass(_Interned):
    """Complete no flock this turn."""


Action = Place | Restore | DrawTwo | Flock | Pass

# Every action exists once, so legal_actions() builds no objects and ``in`` hits by identity.
_PLACE: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(sid, row, side) for row in range(NUM_ROWS) for side in SIDES)
    for sid in SPECIES)
_FLOCK: tuple[Flock, ...] = tuple(Flock(sid) for sid in SPECIES)
_PASS = Pass()
_RESTORE = [Restore(LEFT), Restore(RIGHT)]
_DRAW = [DrawTwo(True), DrawTwo(False)]


def describe_action(action: Any, names: Sequence[str] | None = None) -> str:
    """A short label of a move for prompts, hints and logs ("Draw 2 cards")."""
    if isinstance(action, Place):
        if action.side == LEFT:
            text = _("Place your {species} at the left end of row {row}")
        else:
            text = _("Place your {species} at the right end of row {row}")
        return text.format(species=species_name(action.species, 2), row=action.row + 1)
    if isinstance(action, Restore):
        if action.side == LEFT:
            return _("Add the card at the left end")
        return _("Add the card at the right end")
    if isinstance(action, DrawTwo):
        return _("Draw 2 cards") if action.take else _("Don't draw")
    if isinstance(action, Flock):
        return _("Complete a flock of {species}").format(
            species=species_name(action.species, 2))
    if isinstance(action, Pass):
        return _("Complete no flock")
    return repr(action)


# -- pure rule functions ----------------------------------------------------------------


def enclose(row: list, card: Any, count: int, left: bool) -> tuple[list, list, int]:
    """Place ``count`` x ``card`` at one end of ``row`` (ruling CB-2); any card type.

    The one implementation behind the state, :func:`place_in_row` and the bots' look-ahead.

    Returns the new row, the captured cards (in row order) and the index in the old row
    of the first captured card. Only the cards between the new birds and the nearest bird
    of the same species from that end are taken; the row then closes up.
    """
    placed = [card] * count
    if left:
        if card in row:
            first = row.index(card)
            if first:
                return placed + row[first:], row[:first], 0
        return placed + row, [], 0
    if card in row:
        last = len(row) - 1 - row[::-1].index(card)
        if last < len(row) - 1:
            return row[:last + 1] + placed, row[last + 1:], last + 1
    return row + placed, [], len(row)


def place_in_row(row: list[str], species: str, count: int,
                 side: str) -> tuple[list[str], list[str]]:
    """Place ``count`` birds of ``species`` at the ``side`` end of ``row``.

    Returns the new row and the captured cards (ruling CB-2); the input is not changed.
    """
    if side not in SIDES:
        raise ValueError(f"side must be 'left' or 'right', not {side!r}")
    if count < 1:
        raise ValueError("at least one bird must be placed")
    new_row, captured, _ = enclose(list(row), species, count, side == LEFT)
    return new_row, captured


def flock_reward(species: str, count: int) -> int:
    """Cards a flock of ``count`` birds of ``species`` puts in the collection (0, 1 or 2)."""
    try:
        index = INDEX[species]
    except KeyError:
        raise ValueError(f"unknown species {species!r}") from None
    if count >= BIG[index]:
        return 2
    if count >= SMALL[index]:
        return 1
    return 0


def _win_reason(counts: Sequence[int]) -> str:
    """The win condition a collection (counts per species) meets, or ''."""
    present = 0
    flocks = 0
    for count in counts:
        if count:
            present += 1
            if count >= FLOCK_OF:
                flocks += 1
    if present >= SEVEN_SPECIES:
        return SEVEN
    if flocks >= FLOCKS_NEEDED:
        return TWO_FLOCKS
    return ""


def collection_wins(collection: Mapping[str, int]) -> bool:
    """True if a collection (species -> birds) holds 7 species, or 2 species with 3+."""
    return bool(_win_reason([count for count in collection.values() if count > 0]))


def counts_of(cards: Sequence[str]) -> dict[str, int]:
    """Species -> count of a list of cards, in canonical species order."""
    out: dict[str, int] = {}
    for sid in SPECIES:
        n = cards.count(sid)
        if n:
            out[sid] = n
    return out


def _pairs(counts: Sequence[int]) -> tuple[tuple[str, int], ...]:
    return tuple((SPECIES[i], n) for i, n in enumerate(counts) if n)


def _names(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(SPECIES[c] for c in cards)


def _spread(counts: Sequence[int]) -> list[int]:
    return [i for i in _RANGE for _ in range(counts[i])]


# -- events -------------------------------------------------------------------------


def _birds(species: str, count: int) -> str:
    return birds_text(species, count)


def end_words(side: str, row: int) -> str:
    """'Left end of row 2' in the language shown (row counted from 0)."""
    if side == LEFT:
        return _("Left end of row {row}").format(row=row + 1)
    return _("Right end of row {row}").format(row=row + 1)


def _cards_text(cards: Sequence[str]) -> str:
    return pgettext("list separator", ", ").join(_birds(sid, n)
                                                 for sid, n in counts_of(cards).items())


def _cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=count)


@dataclass(frozen=True)
class RoundStarted(Event):
    """A round begins; ``starter`` plays first (and dealt the hands)."""

    round: int
    starter: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("Round {round} begins; {name} starts.").format(
            round=self.round, name=seat_label(self.starter, names))


@dataclass(frozen=True)
class RowDealt(Event):
    """Setup: ``cards`` were dealt face up from the draw pile into row ``row``."""

    row: int
    cards: tuple[str, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("Row {row} is dealt: {cards}.").format(row=self.row + 1,
                                                        cards=_cards_text(self.cards))


@dataclass(frozen=True)
class SetupDiscarded(Event):
    """Setup: repeated species dealt to rows went face up to the discard pile."""

    cards: tuple[str, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("Repeated birds go to the discard pile: {cards}.").format(
            cards=_cards_text(self.cards))


@dataclass(frozen=True)
class HandDealt(Event):
    """``seat`` is dealt ``cards`` face down (private: only that seat's screen shows them)."""

    seat: int
    cards: tuple[str, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} is dealt {cards}.").format(name=seat_label(self.seat, names),
                                                    cards=_cards(len(self.cards)))


@dataclass(frozen=True)
class CollectionStarted(Event):
    """Setup: a face-up card from the draw pile starts ``seat``'s collection."""

    seat: int
    species: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name}'s collection starts with a {species}.").format(
            name=seat_label(self.seat, names), species=species_name(self.species))


@dataclass(frozen=True)
class Reshuffled(Event):
    """The discard pile was shuffled into a new draw pile of ``count`` cards (CB-4)."""

    count: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("The discard pile is shuffled into a new draw pile ({cards}).").format(
            cards=_cards(self.count))


@dataclass(frozen=True)
class BirdsPlaced(Event):
    """``count`` birds went from ``seat``'s hand, face up, to the ``side`` end of ``row``."""

    seat: int
    species: str
    count: int
    row: int
    side: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.side == LEFT:
            text = _("{name} places {birds} at the left end of row {row}.")
        else:
            text = _("{name} places {birds} at the right end of row {row}.")
        return text.format(name=seat_label(self.seat, names),
                           birds=_birds(self.species, self.count), row=self.row + 1)


@dataclass(frozen=True)
class BirdsCaptured(Event):
    """Enclosed ``cards`` left ``row`` for ``seat``'s hand (seen by all).

    ``start`` is the index of the first of them in the row as it lay before the
    placement; ``side`` is the end the enclosing birds were placed at.
    """

    seat: int
    row: int
    side: str
    cards: tuple[str, ...]
    start: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} takes {cards} from row {row}.").format(
            name=seat_label(self.seat, names), cards=_cards_text(self.cards), row=self.row + 1)


@dataclass(frozen=True)
class RestorationDrawn(Event):
    """A card came off the draw pile face up to restore ``row`` (CB-3)."""

    seat: int
    row: int
    species: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("A {species} is drawn to restore row {row}.").format(
            species=species_name(self.species), row=self.row + 1)


@dataclass(frozen=True)
class RestorationPlaced(Event):
    """``seat`` put the restoration card at the ``side`` end of ``row``."""

    seat: int
    row: int
    species: str
    side: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.side == LEFT:
            text = _("{name} adds the {species} at the left end of row {row}.")
        else:
            text = _("{name} adds the {species} at the right end of row {row}.")
        return text.format(name=seat_label(self.seat, names),
                           species=species_name(self.species), row=self.row + 1)


@dataclass(frozen=True)
class CardsDrawn(Event):
    """``seat`` drew ``cards`` face down (private; fewer than 2 if the piles ran dry)."""

    seat: int
    cards: tuple[str, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} draws {cards}.").format(name=seat_label(self.seat, names),
                                                 cards=_cards(len(self.cards)))


@dataclass(frozen=True)
class DrawDeclined(Event):
    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} draws no cards.").format(name=seat_label(self.seat, names))


@dataclass(frozen=True)
class FlockCompleted(Event):
    """``seat`` revealed ``revealed`` birds: ``kept`` to the collection, the rest discarded."""

    seat: int
    species: str
    revealed: int
    kept: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.kept == 2:
            text = _("{name} completes a big flock of {birds}: {kept} to the collection, "
                     "{discarded} discarded.")
        else:
            text = _("{name} completes a small flock of {birds}: {kept} to the collection, "
                     "{discarded} discarded.")
        return text.format(name=seat_label(self.seat, names),
                           birds=_birds(self.species, self.revealed), kept=self.kept,
                           discarded=self.revealed - self.kept)


@dataclass(frozen=True)
class FlockPassed(Event):
    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} completes no flock.").format(name=seat_label(self.seat, names))


@dataclass(frozen=True)
class RoundEnded(Event):
    """``ender``'s hand is empty: the round is over."""

    round: int
    ender: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name}'s hand is empty: round {round} ends.").format(
            name=seat_label(self.ender, names), round=self.round)


@dataclass(frozen=True)
class HandDiscarded(Event):
    """At the round end ``seat``'s remaining ``cards`` went face up to the discard pile."""

    seat: int
    cards: tuple[str, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} discards {cards}.").format(name=seat_label(self.seat, names),
                                                    cards=_cards(len(self.cards)))


# -- the view -------------------------------------------------------------------------


@dataclass(frozen=True)
class CuBirdsView:
    """Everything ``seat`` may know (``seat`` None: a spectator), enough to draw the table.

    Multisets are ``(species, count)`` pairs in canonical species order; ``dict()`` them.
    ``known[s]`` lists the cards every player saw enter seat ``s``'s hand (captures) and
    that have not left it since; the rest of that hand is unknown to the others.
    """

    seat: int | None
    num_players: int
    phase: str
    current: int | None
    round: int
    starter: int
    turns_taken: int
    rows: tuple[tuple[str, ...], ...]
    deck_size: int
    discard: tuple[str, ...]
    hand: tuple[tuple[str, int], ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[tuple[str, int], ...], ...]
    collections: tuple[tuple[tuple[str, int], ...], ...]
    pending: str | None
    pending_row: int | None
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    end_reason: str


# -- the state -------------------------------------------------------------------------


class State(engine.State):
    """A CuBirds game in progress (see the module docstring for the turn's phases)."""

    game_id = "cubirds"

    def __init__(self, num_players: int, rng: random.Random) -> None:
        self.num_players = num_players
        self.rng = rng
        self.rows: list[list[int]] = [[] for _ in range(NUM_ROWS)]
        self.deck: list[int] = []          # top card last
        self.discard: list[int] = []       # face up, top card last
        self.hands: list[list[int]] = [[0] * NUM_SPECIES for _ in range(num_players)]
        self.known: list[list[int]] = [[0] * NUM_SPECIES for _ in range(num_players)]
        self.sizes: list[int] = [0] * num_players
        self.collections: list[list[int]] = [[0] * NUM_SPECIES for _ in range(num_players)]
        self.current_player: int | None = 0
        self.starter = 0
        self.round = 1
        self.turns_taken = 0
        self.phase = PLACE
        self.pending: int | None = None       # restoration card awaiting an end
        self.pending_row: int | None = None   # the row being restored
        self.end_reason = ""
        self._winners: list[int] = []
        self._legal_cache = None

    # -- moves -----------------------------------------------------------------------
    def _legal_actions(self) -> list:
        phase = self.phase
        hand = self.hands[self.current_player]
        if phase == PLACE:
            out: list = []
            for s in _RANGE:
                if hand[s]:
                    out += _PLACE[s]
            return out
        if phase == FLOCK:
            out = [_FLOCK[s] for s in _RANGE if hand[s] >= SMALL[s]]
            out.append(_PASS)
            return out
        if phase == DRAW:
            return list(_DRAW)
        if phase == RESTORE:
            return list(_RESTORE)
        return []

    def _apply(self, action: Action) -> list[Event]:
        kind = type(action)
        seat = self.current_player
        events: list[Event] = []
        if kind is Place:
            self._place(seat, INDEX[action.species], action.row, action.side, events)
        elif kind is Restore:
            self._restore(seat, action.side, events)
        elif kind is DrawTwo:
            if action.take:
                cards = self._draw(2, events)
                hand = self.hands[seat]
                for card in cards:
                    hand[card] += 1
                self.sizes[seat] += len(cards)
                events.append(CardsDrawn(seat, _names(cards)))
            else:
                events.append(DrawDeclined(seat))
            self._offer_flock(seat, events)
        elif kind is Flock:
            self._flock(seat, INDEX[action.species], events)
            self._end_turn(seat, events)
        else:
            events.append(FlockPassed(seat))
            self._end_turn(seat, events)
        return events

    def _place(self, seat: int, s: int, r: int, side: str, events: list[Event]) -> None:
        hand = self.hands[seat]
        count = hand[s]
        hand[s] = 0
        known = self.known[seat]
        known[s] = 0
        self.sizes[seat] -= count
        row, captured, start = enclose(self.rows[r], s, count, side == LEFT)
        self.rows[r] = row
        events.append(BirdsPlaced(seat, SPECIES[s], count, r, side))
        if not captured:
            # No enclosure: the player may draw 2, if there is anything to draw -- but
            # not from an empty hand: the round ends as soon as the hand is empty, so the
            # turn ends here (win check, then round end; ruling CB-5).
            if self.sizes[seat] and (self.deck or self.discard):
                self.phase = DRAW
            else:
                self._offer_flock(seat, events)
            return
        for card in captured:  # captured cards go to the hand, seen by everyone
            hand[card] += 1
            known[card] += 1
        self.sizes[seat] += len(captured)
        events.append(BirdsCaptured(seat, r, side, _names(captured), start))
        if row.count(row[0]) == len(row):  # ruling CB-3: one species left -> restore
            self.pending_row = r
            self._next_restoration(seat, events)
        else:
            self._offer_flock(seat, events)

    def _next_restoration(self, seat: int, events: list[Event]) -> None:
        """Turn up the next restoration card, or stop if there is nothing to draw (CB-4)."""
        drawn = self._draw(1, events)
        if not drawn:
            self.pending_row = None
            self._offer_flock(seat, events)
            return
        self.pending = drawn[0]
        self.phase = RESTORE
        events.append(RestorationDrawn(seat, self.pending_row, SPECIES[self.pending]))

    def _restore(self, seat: int, side: str, events: list[Event]) -> None:
        r = self.pending_row
        row = self.rows[r]
        card = self.pending
        single = row[0]
        if side == LEFT:
            row.insert(0, card)
        else:
            row.append(card)
        self.pending = None
        events.append(RestorationPlaced(seat, r, SPECIES[card], side))
        if card == single:  # ruling CB-3: add cards until two species show
            self._next_restoration(seat, events)
        else:
            self.pending_row = None
            self._offer_flock(seat, events)

    def _offer_flock(self, seat: int, events: list[Event]) -> None:
        """Ask for a flock only if one is possible; otherwise the turn just ends."""
        hand = self.hands[seat]
        for s in _RANGE:
            if hand[s] >= SMALL[s]:
                self.phase = FLOCK
                return
        self._end_turn(seat, events)

    def _flock(self, seat: int, s: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        count = hand[s]
        kept = 2 if count >= BIG[s] else 1
        hand[s] = 0
        self.known[seat][s] = 0
        self.sizes[seat] -= count
        self.collections[seat][s] += kept
        self.discard.extend([s] * (count - kept))
        events.append(FlockCompleted(seat, SPECIES[s], count, kept))

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        """Ruling CB-5: win check, then round-end check, then the next seat."""
        self.turns_taken += 1
        reason = _win_reason(self.collections[seat])
        if reason:
            self._finish([seat], reason, events)
        elif self.turns_taken >= TURN_LIMIT:
            self._finish(engine.ranked_winners(self.scores()), TURN_LIMIT_REACHED, events)
        elif self.sizes[seat] == 0:
            self._end_round(seat, events)
        else:
            nxt = seat + 1
            if nxt == self.num_players:
                nxt = 0
            self.current_player = nxt
            self.phase = PLACE
            events.append(TurnPassed(nxt))

    def _end_round(self, ender: int, events: list[Event]) -> None:
        events.append(RoundEnded(self.round, ender))
        n = self.num_players
        for i in range(1, n):
            seat = (ender + i) % n
            if self.sizes[seat]:
                cards = _spread(self.hands[seat])
                self.discard.extend(cards)
                self.hands[seat] = [0] * NUM_SPECIES
                self.known[seat] = [0] * NUM_SPECIES
                self.sizes[seat] = 0
                events.append(HandDiscarded(seat, _names(cards)))
        self.round += 1
        self.starter = ender  # CB-5: the player who ended the round starts the next
        if len(self.deck) + len(self.discard) < HAND_SIZE * n:
            self._finish(engine.ranked_winners(self.scores()), DECK_OUT, events)  # CB-4
            return
        events.append(RoundStarted(self.round, ender))
        self._deal_hands(events)
        self.current_player = ender
        self.phase = PLACE

    def _deal_hands(self, events: list[Event]) -> None:
        n = self.num_players
        for i in range(n):
            seat = (self.starter + i) % n
            cards = self._draw(HAND_SIZE, events)
            hand = self.hands[seat]
            for card in cards:
                hand[card] += 1
            self.sizes[seat] += len(cards)
            events.append(HandDealt(seat, _names(cards)))

    def _draw(self, count: int, events: list[Event]) -> list[int]:
        """Up to ``count`` cards off the draw pile, reshuffling the discard when empty (CB-4)."""
        deck = self.deck
        if len(deck) >= count:
            cards = deck[-count:]
            del deck[-count:]
            cards.reverse()  # top card first, as if popped one by one
            return cards
        cards = []
        while len(cards) < count:
            if not deck:
                if not self.discard:
                    break  # CB-4: both piles empty -> take what there is
                deck = self.deck = self.discard
                self.discard = []
                self.rng.shuffle(deck)
                events.append(Reshuffled(len(deck)))
            cards.append(deck.pop())
        return cards

    def _finish(self, winners: list[int], reason: str, events: list[Event]) -> None:
        self.current_player = None
        self.phase = OVER
        self.pending = None
        self.pending_row = None
        self._winners = list(winners)
        self.end_reason = reason
        events.append(GameOver(tuple(winners), REASONS[reason]))

    # -- outcome -----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player is None

    def scores(self) -> list[int]:
        """Collection sizes: the running score, and what decides an end by lack of cards."""
        return [sum(c) for c in self.collections]

    def winners(self) -> list[int]:
        return list(self._winners)

    def score_breakdown(self) -> list[list[tuple[str, str]]]:
        rows = []
        for seat, counts in enumerate(self.collections):
            lines = [(species_name(SPECIES[s], 2), str(n)) for s, n in enumerate(counts) if n]
            lines.append((_("Species"), str(sum(1 for n in counts if n))))
            lines.append((_("Birds"), str(sum(counts))))
            rows.append(lines)
        return rows

    def deciding(self, seat: int) -> tuple[str, str, frozenset[str]]:
        """A seat's standing in the measure that ended the game: species for 7 species,
        species of 3+ for two flocks, birds when the deck ran out."""
        counts = self.collections[seat]
        names = {s: species_name(SPECIES[s], 2) for s, n in enumerate(counts) if n}
        if self.end_reason == SEVEN:
            return (str(len(names)), pgettext("a count of", "species"),
                    frozenset(names.values()) | {_("Species")})
        if self.end_reason == TWO_FLOCKS:
            big = frozenset(names[s] for s, n in enumerate(counts) if n >= FLOCK_OF)
            return str(len(big)), _("species of {n}+").format(n=FLOCK_OF), big
        return str(sum(counts)), pgettext("a count of", "birds"), frozenset({_("Birds")})

    def progress(self) -> str:
        return _("round {round}").format(round=self.round)

    def outcome(self) -> str:
        """Why the game ended, without seat labels: the results screen shows it under a
        headline that already names the winners (by their seat names)."""
        if not self.is_terminal():
            return ""
        if self.end_reason == SEVEN:
            return _("Won with 7 species in the collection.")
        if self.end_reason == TWO_FLOCKS:
            return _("Won with 2 species of 3+ birds in the collection.")
        best = max(self.scores()) if self._winners else 0
        birds = ngettext("{n} bird", "{n} birds", best).format(n=best)
        reason = _(REASONS[self.end_reason])
        reason = reason[:1].upper() + reason[1:]
        if len(self._winners) > 1:
            return _("{reason}: the largest collections ({birds}) share the win.").format(
                reason=reason, birds=birds)
        return _("{reason}: the largest collection ({birds}) wins.").format(
            reason=reason, birds=birds)

    # -- information ---------------------------------------------------------------------
    def view(self, player: int | None) -> CuBirdsView:
        return CuBirdsView(
            seat=player,
            num_players=self.num_players,
            phase=self.phase,
            current=self.current_player,
            round=self.round,
            starter=self.starter,
            turns_taken=self.turns_taken,
            rows=tuple(_names(row) for row in self.rows),
            deck_size=len(self.deck),
            discard=_names(self.discard),
            hand=_pairs(self.hands[player]) if player is not None else (),
            hand_sizes=tuple(self.sizes),
            known=tuple(_pairs(k) for k in self.known),
            collections=tuple(_pairs(c) for c in self.collections),
            pending=SPECIES[self.pending] if self.pending is not None else None,
            pending_row=self.pending_row,
            scores=tuple(self.scores()),
            winners=tuple(self._winners),
            end_reason=self.end_reason,
        )

    def determinize(self, player: int | None, rng: random.Random) -> "State":
        """Deal the cards ``player`` cannot see (draw pile, unknown parts of other hands)."""
        new = self.clone()
        pool = list(self.deck)
        unknown = [0] * self.num_players
        for seat in range(self.num_players):
            if seat == player:
                continue
            hand, known = self.hands[seat], self.known[seat]
            for s in _RANGE:
                extra = hand[s] - known[s]
                if extra:
                    pool.extend([s] * extra)
                    unknown[seat] += extra
        pool.sort()  # canonical before shuffling: a function of view(player) only
        rng.shuffle(pool)
        pos = 0
        for seat in range(self.num_players):
            if seat == player:
                continue
            hand = list(self.known[seat])
            for card in pool[pos:pos + unknown[seat]]:
                hand[card] += 1
            new.hands[seat] = hand
            pos += unknown[seat]
        new.deck = pool[pos:]
        new.rng = engine.child_rng(rng)
        return new

    # -- copies --------------------------------------------------------------------------
    def clone(self) -> "State":
        new = State.__new__(State)
        new.num_players = self.num_players
        new.rng = engine.copy_rng(self.rng)
        new.rows = [row[:] for row in self.rows]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.hands = [h[:] for h in self.hands]
        new.known = [k[:] for k in self.known]
        new.sizes = self.sizes[:]
        new.collections = [c[:] for c in self.collections]
        new.current_player = self.current_player
        new.starter = self.starter
        new.round = self.round
        new.turns_taken = self.turns_taken
        new.phase = self.phase
        new.pending = self.pending
        new.pending_row = self.pending_row
        new.end_reason = self.end_reason
        new._winners = self._winners[:]
        new._legal_cache = self._legal_cache
        return new

    def to_dict(self) -> dict:
        """JSON-safe; cards are species indices into ``species`` (saved for readability)."""
        return {
            "game_id": self.game_id,
            "species": list(SPECIES),
            "num_players": self.num_players,
            "rows": [row[:] for row in self.rows],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "hands": [h[:] for h in self.hands],
            "known": [k[:] for k in self.known],
            "collections": [c[:] for c in self.collections],
            "current": self.current_player,
            "starter": self.starter,
            "round": self.round,
            "turns_taken": self.turns_taken,
            "phase": self.phase,
            "pending": self.pending,
            "pending_row": self.pending_row,
            "end_reason": self.end_reason,
            "winners": self._winners[:],
            "rng": engine.rng_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        if list(data.get("species", SPECIES)) != list(SPECIES):
            raise ValueError("saved CuBirds game uses a different species list")
        new = cls(data["num_players"], engine.rng_from_json(data["rng"]))
        new.rows = [list(row) for row in data["rows"]]
        new.deck = list(data["deck"])
        new.discard = list(data["discard"])
        new.hands = [list(h) for h in data["hands"]]
        new.known = [list(k) for k in data["known"]]
        new.sizes = [sum(h) for h in new.hands]
        new.collections = [list(c) for c in data["collections"]]
        new.current_player = data["current"]
        new.starter = data["starter"]
        new.round = data["round"]
        new.turns_taken = data["turns_taken"]
        new.phase = data["phase"]
        new.pending = data["pending"]
        new.pending_row = data["pending_row"]
        new.end_reason = data["end_reason"]
        new._winners = list(data["winners"])
        return new

    # -- for the table scene ---------------------------------------------------------------
    def opening_events(self) -> list[Event]:
        """The setup as events, for the scene's opening deal (call on a fresh state)."""
        events: list[Event] = [RoundStarted(self.round, self.starter)]
        events += [RowDealt(r, _names(row)) for r, row in enumerate(self.rows)]
        if self.discard:
            events.append(SetupDiscarded(_names(self.discard)))
        n = self.num_players
        for i in range(n):
            seat = (self.starter + i) % n
            events.append(HandDealt(seat, _names(_spread(self.hands[seat]))))
        for i in range(n):
            seat = (self.starter + i) % n
            for s in _RANGE:
                if self.collections[seat][s]:
                    events.append(CollectionStarted(seat, SPECIES[s]))
        return events


def new_state(num_players: int, seed: int | None = None, starter: int | None = None,
              **options: Any) -> State:
    """Shuffle, lay out the four rows, deal 8 cards and one collection card to each seat.

    ``starter`` picks the starting seat (default: drawn at random with the game's rng).
    """
    if options:
        raise TypeError(f"unknown CuBirds options: {', '.join(sorted(options))}")
    if not 2 <= num_players <= 5:
        raise ValueError(f"CuBirds takes 2-5 players, not {num_players}")
    state = State(num_players, random.Random(seed))
    rng = state.rng
    deck = [s for s in _RANGE for _ in range(COPIES[s])]
    rng.shuffle(deck)
    state.deck = deck
    for row in state.rows:
        while len(row) < ROW_START:
            card = deck.pop()
            if card in row:  # each row starts with 3 different species
                state.discard.append(card)
            else:
                row.append(card)
    if starter is None:
        starter = rng.randrange(num_players)
    elif not 0 <= starter < num_players:
        raise ValueError(f"starter must be a seat 0-{num_players - 1}")
    state.starter = state.current_player = starter
    state._deal_hands([])
    for i in range(num_players):
        seat = (starter + i) % num_players
        state.collections[seat][deck.pop()] += 1
    return state
