"""Flappy Families rules: flip cards in the Wild, remember them, match bird families.

The Wild is a 5 x 3 grid of slots, numbered ``row * 5 + column`` from the top left.
A turn is several small decisions by the same seat, each its own action, and the view's
``phase`` names the one being asked:

    "flip"         step 1: flip any face-down card of the Wild          -> Flip(slot)
    "action"       step 2: choose A, B or C (A needs a second card in
                   the Wild; C empty spaces, ruling FF-4)               -> Choose("A"|"B"|"C")
    "flip_second"  A: flip a second card                                -> Flip(slot)
    "b_card"       B: which hand card goes face down where the flipped
                   card was (one choice per family: they play alike)    -> PickCard(family)
    "c_card"       C: which hand card to hide next                      -> PickCard(family)
    "c_space"      C: into which empty space                            -> PickSpace(slot)
    "over"         the deck is empty, the game has ended

A predator ends the turn at once, with no migration (ruling FF-3): a row it emptied
stays empty (None in the view) until a later turn's step 3.

Knowledge (ruling FF-6) is recorded per slot as a bitmask of the seats who know the
face-down card there: everyone after it was face up, only the placer after B or C, nobody
after a deal. Cards taken face up are public too; the view keeps each seat's "open
cards" with the slots that seat has hidden cards in since, which is exactly what the
table can still say about where those cards are (see :class:`FFView`).

No pygame here, and no module-level random: the state owns its ``random.Random``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from game import engine
from game.engine import Event, GameOver, TurnPassed, seat_label
from game.flappy_families.cards import (CARD_FAMILY, FAMILIES, NUM_CARDS,
                                        PREDATOR, PREDATOR_NAME, card_name, deck_for,
                                        family_id, family_name)
from game.i18n import N_, _, ngettext, pgettext

COLS = 5
ROWS = 3
SLOTS = COLS * ROWS
CENTRAL_SLOTS: tuple[int, ...] = tuple(r * COLS + c for r in range(ROWS) for c in (1, 2, 3))
HAND_SIZE = 4
SIZE_POINTS = (0, 1, 3, 6, 10, 15)
"""Points for a family of 0..5 birds."""
BONUS_POINTS = (2, 1)
"""Extra points per bird of the +2 and the +1 bonus family."""

FLIP = "flip"
ACTION = "action"
FLIP_SECOND = "flip_second"
B_CARD = "b_card"
C_CARD = "c_card"
C_SPACE = "c_space"
OVER = "over"
PHASES = (FLIP, ACTION, FLIP_SECOND, B_CARD, C_CARD, C_SPACE, OVER)

OPTIONS = ("A", "B", "C")
# what each option is called on screen: by what it does, never by its letter (a pad's A
# and B buttons mean choose and back)
OPTION_NAMES = {"A": N_("Flip a second card"), "B": N_("Take this card"),
                "C": N_("Hide and draw")}

_SHORT_REMOVED = {2: 2, 3: 1, 4: 0, 5: 0}
"""Families removed by player count (rulebook setup 1); the short game removes one more."""


def slot_row(slot: int) -> int:
    return slot // COLS


def slot_col(slot: int) -> int:
    return slot % COLS


def slot_label(slot: int) -> str:
    """'row 2, column 3' (1-based, for people)."""
    return _("row {row}, column {column}").format(row=slot // COLS + 1,
                                                  column=slot % COLS + 1)


# -- scoring ----------------------------------------------------------------------------

def family_points(size: int) -> int:
    """1/3/6/10/15 for a family of 1..5 birds (a family never holds more than five)."""
    return SIZE_POINTS[min(size, 5)]


def score_counts(counts: Sequence[int], bonus2: int, bonus1: int) -> int:
    """Score from per-family counts (index PREDATOR holds the predators)."""
    total = 0
    for family in range(len(FAMILIES)):
        n = counts[family]
        if n:
            total += SIZE_POINTS[n if n < 5 else 5]
    total += BONUS_POINTS[0] * counts[bonus2] + BONUS_POINTS[1] * counts[bonus1]
    return total - counts[PREDATOR]


def score_hand(cards: Sequence[str], bonus2: str, bonus1: str) -> int:
    """Score a final hand given as family names (or "Predator"), and the bonus families.

    Each family scores by its size, each bird of the +2 family 2 more and of the +1
    family 1 more, and each predator costs 1.
    """
    counts = [0] * (len(FAMILIES) + 1)
    for name in cards:
        counts[family_id(name)] += 1
    return score_counts(counts, family_id(bonus2), family_id(bonus1))


def _hand_counts(hand: Sequence[int]) -> list[int]:
    counts = [0] * (len(FAMILIES) + 1)
    for card in hand:
        counts[CARD_FAMILY[card]] += 1
    return counts


def hand_breakdown(hand: Sequence[int], bonus2: int,
                   bonus1: int) -> list[tuple[str, str]]:
    """(label, value) rows explaining a hand's score, for the results screen."""
    counts = _hand_counts(hand)
    rows: list[tuple[str, str]] = []
    for family in range(len(FAMILIES)):
        if counts[family]:
            rows.append((_("{n}x {family}").format(n=counts[family],
                                                   family=family_name(family)),
                         str(family_points(counts[family]))))
    for family, per in ((bonus2, BONUS_POINTS[0]), (bonus1, BONUS_POINTS[1])):
        if counts[family]:
            rows.append((_("+{points} per {family}").format(points=per,
                                                            family=family_name(family)),
                         f"+{per * counts[family]}"))
    if counts[PREDATOR]:
        n = counts[PREDATOR]
        rows.append((ngettext("{n} Predator", "{n} Predators", n).format(n=n), str(-n)))
    rows.append((_("Total"), str(score_counts(counts, bonus2, bonus1))))
    return rows


# -- actions ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Flip:
    """Turn the face-down card in ``slot`` face up (step 1, or step 2 A)."""

    slot: int


@dataclass(frozen=True)
class Choose:
    """Pick the step-2 action: "A", "B" or "C"."""

    option: str


@dataclass(frozen=True)
class PickCard:
    """Pick a hand card of ``family`` (PREDATOR for a predator) to put face down."""

    family: int


@dataclass(frozen=True)
class PickSpace:
    """Put the picked card face down into the empty ``slot`` (action C)."""

    slot: int


Action = Flip | Choose | PickCard | PickSpace

# Interned actions: legal_actions hands out these objects, so apply's membership test
# mostly hits on identity and no dataclass is built in the hot loop.
_FLIPS = tuple(Flip(s) for s in range(SLOTS))
_SPACES = tuple(PickSpace(s) for s in range(SLOTS))
_PICKS = tuple(PickCard(f) for f in range(len(FAMILIES) + 1))
CHOOSE_A, CHOOSE_B, CHOOSE_C = (Choose(o) for o in OPTIONS)


def describe_action(action: Any, names: Sequence[str] | None = None) -> str:
    """A short label of a move for prompts, hints and the acting seat's log.

    PickCard names a family: show it only to the seat that makes the move.
    """
    if isinstance(action, Flip):
        return _("Flip the card at {where}").format(where=slot_label(action.slot))
    if isinstance(action, Choose):
        if action.option == "A":
            return _("Flip a second card")
        if action.option == "B":
            return _("Take the card, hide one in its place")
        if action.option == "C":
            return _("Hide cards in empty spaces, draw as many")
        return _("Choose {option}").format(option=action.option)
    if isinstance(action, PickCard):
        if action.family == PREDATOR:
            return _("Put down a predator")
        return _("Put down a {family} card").format(family=family_name(action.family))
    if isinstance(action, PickSpace):
        return _("Hide it at {where}").format(where=slot_label(action.slot))
    return repr(action)


# -- events -----------------------------------------------------------------------------

@dataclass(frozen=True)
class FFEvent(Event):
    """Base of this game's events. ``redacted(seat)`` hides what ``seat`` may not see."""

    def redacted(self, seat: int | None) -> "FFEvent":
        return self


@dataclass(frozen=True)
class GameSetUp(FFEvent):
    """The opening: families removed, bonus tokens, the Wild and the hands dealt."""

    first_player: int
    removed: tuple[int, ...]
    bonus2: int
    bonus1: int
    wild_slots: tuple[int, ...]
    hand_size: int

    def describe(self, names=None) -> str:
        words = dict(bonus2=family_name(self.bonus2), bonus1=family_name(self.bonus1),
                     name=seat_label(self.first_player, names))
        if self.removed:
            return _("Bonus +2: {bonus2}, +1: {bonus1}. Removed: {removed}. {name} "
                     "starts.").format(removed=pgettext("list separator", ", ").join(
                         family_name(f) for f in self.removed), **words)
        return _("Bonus +2: {bonus2}, +1: {bonus1}. {name} starts.").format(**words)


# The hottest events get a hand-written __init__ (init=False): it fills the instance
# dict directly, about twice as fast as a frozen dataclass's object.__setattr__ calls,
# which matters at a thousand events per random game. They stay frozen all the same.

@dataclass(frozen=True, init=False)
class CardFlipped(FFEvent):
    """A Wild card turns over in place; its identity is public either way."""

    seat: int
    slot: int
    card: int
    face_up: bool

    def __init__(self, seat: int, slot: int, card: int, face_up: bool) -> None:
        d = self.__dict__
        d["seat"], d["slot"], d["card"], d["face_up"] = seat, slot, card, face_up

    def describe(self, names=None) -> str:
        who = seat_label(self.seat, names)
        if self.face_up:
            return _("{name} flips {card} ({family}) at {where}.").format(
                name=who, card=card_name(self.card),
                family=family_name(CARD_FAMILY[self.card]), where=slot_label(self.slot))
        return _("{card} at {where} turns face down.").format(card=card_name(self.card),
                                                              where=slot_label(self.slot))


@dataclass(frozen=True, init=False)
class OptionChosen(FFEvent):
    seat: int
    option: str

    def __init__(self, seat: int, option: str) -> None:
        d = self.__dict__
        d["seat"], d["option"] = seat, option

    def describe(self, names=None) -> str:
        what = _(OPTION_NAMES[self.option]) if self.option in OPTION_NAMES else self.option
        return _("{name} chooses: {option}.").format(name=seat_label(self.seat, names),
                                                     option=what)


@dataclass(frozen=True)
class PredatorStruck(FFEvent):
    """A predator was revealed: it leaps into the revealer's hand, the turn ends (FF-3)."""

    seat: int
    slot: int
    card: int

    def describe(self, names=None) -> str:
        return _("The {card} pounces! It joins {name}'s hand and the turn ends.").format(
            card=card_name(self.card), name=seat_label(self.seat, names))


@dataclass(frozen=True)
class PairMatched(FFEvent):
    seat: int
    slots: tuple[int, int]
    family: int

    def describe(self, names=None) -> str:
        return _("{name} matches two {family}!").format(name=seat_label(self.seat, names),
                                                        family=family_name(self.family))


@dataclass(frozen=True, init=False)
class NoMatch(FFEvent):
    seat: int
    slots: tuple[int, int]

    def __init__(self, seat: int, slots: tuple[int, int]) -> None:
        d = self.__dict__
        d["seat"], d["slots"] = seat, slots

    def describe(self, names=None) -> str:
        return _("No match for {name}.").format(name=seat_label(self.seat, names))


@dataclass(frozen=True, init=False)
class CardTaken(FFEvent):
    """A face-up Wild card goes to a hand, seen by all. reason: match, take, predator."""

    seat: int
    slot: int
    card: int
    reason: str

    def __init__(self, seat: int, slot: int, card: int, reason: str) -> None:
        d = self.__dict__
        d["seat"], d["slot"], d["card"], d["reason"] = seat, slot, card, reason

    def describe(self, names=None) -> str:
        return _("{name} takes {card} into their hand.").format(
            name=seat_label(self.seat, names), card=card_name(self.card))


@dataclass(frozen=True)
class CardPicked(FFEvent):
    """Action C: a hand card is lifted, to be hidden next. ``card`` is private."""

    seat: int
    card: int

    def describe(self, names=None) -> str:
        return _("{name} picks a card to hide.").format(name=seat_label(self.seat, names))

    def redacted(self, seat):
        return self if seat == self.seat else CardPicked(self.seat, -1)


@dataclass(frozen=True, init=False)
class CardPlaced(FFEvent):
    """A hand card goes face down into a Wild slot. ``card`` is private to ``seat``."""

    seat: int
    slot: int
    card: int

    def __init__(self, seat: int, slot: int, card: int) -> None:
        d = self.__dict__
        d["seat"], d["slot"], d["card"] = seat, slot, card

    def describe(self, names=None) -> str:
        return _("{name} hides a card at {where}.").format(name=seat_label(self.seat, names),
                                                           where=slot_label(self.slot))

    def redacted(self, seat):
        return self if seat == self.seat else CardPlaced(self.seat, self.slot, -1)


@dataclass(frozen=True)
class CardsDrawn(FFEvent):
    """Deck to hand, face down. ``cards`` are private to ``seat``."""

    seat: int
    cards: tuple[int, ...]

    def describe(self, names=None) -> str:
        n = len(self.cards)
        return ngettext("{name} draws {n} card.", "{name} draws {n} cards.", n).format(
            name=seat_label(self.seat, names), n=n)

    def redacted(self, seat):
        if seat == self.seat:
            return self
        return CardsDrawn(self.seat, (-1,) * len(self.cards))


@dataclass(frozen=True)
class RowMigrated(FFEvent):
    """Step 3: an empty row is refilled face down from the deck (FF-5)."""

    row: int
    slots: tuple[int, ...]

    def describe(self, names=None) -> str:
        n = len(self.slots)
        return ngettext("Migration! {n} bird flies into row {row}.",
                        "Migration! {n} birds fly into row {row}.", n).format(
            n=n, row=self.row + 1)


@dataclass(frozen=True)
class HandsRevealed(FFEvent):
    """The end: every hand is laid out by family and scored."""

    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]

    def describe(self, names=None) -> str:
        parts = [_("{name} {score}").format(name=seat_label(s, names), score=score)
                 for s, score in enumerate(self.scores)]
        return _("Final scores: {scores}.").format(
            scores=pgettext("list separator", ", ").join(parts))


# -- the view ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SlotView:
    """One occupied Wild slot as a seat sees it."""

    card: int | None
    """The card if this seat knows it (always when face up), else None."""
    face_up: bool
    known_by: tuple[int, ...]
    """Seats who know this face-down card (public: everyone saw who looked or hid)."""
    placed_by: int | None
    """Seat that hid a card here (B or C), None if it was dealt."""
    since: int
    """Turn when this card was last seen face up or put down."""


@dataclass(frozen=True)
class OpenCard:
    """A card its holder took face up, as the whole table still knows it.

    It is in the holder's hand, or in one of ``maybe_in`` (slots the holder has hidden a
    card in since, that nobody else has seen yet). Cards seen again in the Wild drop out.
    """

    card: int
    maybe_in: tuple[int, ...]


@dataclass(frozen=True)
class FFView:
    """What one seat (or a spectator, seat None) knows, and what a table scene draws."""

    seat: int | None
    num_players: int
    current: int | None
    phase: str
    turn: int
    wild: tuple[SlotView | None, ...]
    """15 slots, row by row; None for an empty space."""
    flipped: int | None
    """Slot of this turn's step-1 card while it matters (step 2), else None."""
    c_left: int
    """Cards still to hide in action C."""
    picked: bool
    """Action C: the current seat has picked a card and must choose its space."""
    picked_card: int | None
    """That card, shown to its owner only."""
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    open_cards: tuple[tuple[OpenCard, ...], ...]
    deck_size: int
    families: tuple[int, ...]
    removed: tuple[int, ...]
    bonus2: int
    bonus1: int
    scores: tuple[int | None, ...]
    """Own running score; others' once the game is over (hands are hidden till then)."""
    final_hands: tuple[tuple[int, ...], ...] | None
    winners: tuple[int, ...]
    outcome: str


# -- the state --------------------------------------------------------------------------

class State(engine.State):
    """A game of Flappy Families in progress."""

    game_id = "flappy_families"

    def __init__(self, num_players: int, rng: random.Random) -> None:
        self.num_players = num_players
        self.rng = rng
        self.all_mask = (1 << num_players) - 1
        self.families: tuple[int, ...] = tuple(range(len(FAMILIES)))
        self.removed: tuple[int, ...] = ()
        self.bonus2 = 0
        self.bonus1 = 1
        self.short_game = False
        self.wild: list[int] = [-1] * SLOTS          # card id, -1 for an empty space
        self.known: list[int] = [0] * SLOTS          # seats who know it (ruling FF-6)
        self.placed_by: list[int] = [-1] * SLOTS     # who hid it, -1 if dealt
        self.placed_at: list[int] = [0] * SLOTS      # clock tick when it was hidden
        self.since: list[int] = [0] * SLOTS          # turn it was last seen or hidden
        self.face_up: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.open_cards: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
        self.deck: list[int] = []
        self.clock = 0                               # orders takes and hides
        self.turn = 0
        self.first_player = 0
        self.current_player: int | None = 0
        self.phase = FLIP
        self.first = -1                              # step-1 slot
        self.c_left = 0
        self.pending = -1                            # picked card in action C
        self.end_reason = ""
        self._legal_cache = None
        self._flips: list | None = None              # Flip actions of occupied slots

    # -- moves ------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        phase = self.phase
        wild = self.wild
        if phase is FLIP or phase is FLIP_SECOND:
            flips = self._flips
            if flips is None:
                flips = self._flips = [_FLIPS[s] for s in range(SLOTS) if wild[s] >= 0]
            if phase is FLIP:
                return flips  # the base class copies it before handing it out
            skip = _FLIPS[self.first]
            return [a for a in flips if a is not skip]
        if phase is ACTION:
            options = [CHOOSE_A, CHOOSE_B] if self._a_allowed() else [CHOOSE_B]
            if self._c_allowed():
                options.append(CHOOSE_C)
            return options
        if phase is C_SPACE:
            return [_SPACES[s] for s in range(SLOTS) if wild[s] < 0]
        if phase is B_CARD or phase is C_CARD:
            present = {CARD_FAMILY[c] for c in self.hands[self.current_player]}
            return [_PICKS[f] for f in sorted(present)]
        return []

    def _a_allowed(self) -> bool:
        """A needs a second card to flip: rows a predator left empty (ruling FF-3) can
        leave the flipped card alone in the Wild."""
        return self.wild.count(-1) < SLOTS - 1

    def _c_allowed(self) -> bool:
        """Ruling FF-4: two hand cards and two empty spaces (one each on a 1-card deck)."""
        need = 2 if len(self.deck) >= 2 else 1
        if len(self.hands[self.current_player]) < need:
            return False
        return self.wild.count(-1) >= need

    def _apply(self, action: Any) -> list[Event]:
        seat = self.current_player
        events: list[Event] = []
        phase = self.phase
        if phase is FLIP:
            slot = action.slot
            card = self._reveal(seat, slot, events)
            if CARD_FAMILY[card] == PREDATOR:
                self._predator(seat, slot, card, events)  # no step 2 (ruling FF-3)
            else:
                self.first = slot
                self.phase = ACTION
        elif phase is ACTION:
            option = action.option
            events.append(OptionChosen(seat, option))
            if option == "A":
                self.phase = FLIP_SECOND
            elif option == "B":
                self._take(seat, self.first, "take", events)
                self.phase = B_CARD
            else:
                self.c_left = 2 if len(self.deck) >= 2 else 1  # ruling FF-4
                self.phase = C_CARD
        elif phase is FLIP_SECOND:
            self._flip_second(seat, action.slot, events)
        elif phase is B_CARD:
            card = self._hand_card(seat, action.family)
            self._place(seat, card, self.first, events)
            self._end_turn(seat, events)
        elif phase is C_CARD:
            self.pending = self._hand_card(seat, action.family)
            events.append(CardPicked(seat, self.pending))
            self.phase = C_SPACE
        else:  # C_SPACE
            self._place(seat, self.pending, action.slot, events)
            self.pending = -1
            self.c_left -= 1
            if self.c_left:
                self.phase = C_CARD
            else:
                self._finish_c(seat, events)
        return events

    def _flip_second(self, seat: int, slot: int, events: list[Event]) -> None:
        card = self._reveal(seat, slot, events)
        first = self.first
        if CARD_FAMILY[card] == PREDATOR:
            self._predator(seat, slot, card, events)  # the first card turns back down
            return
        if CARD_FAMILY[card] == CARD_FAMILY[self.wild[first]]:
            events.append(PairMatched(seat, (first, slot), CARD_FAMILY[card]))
            self._take(seat, first, "match", events)
            self._take(seat, slot, "match", events)
        else:
            events.append(NoMatch(seat, (first, slot)))
        self._end_turn(seat, events)

    def _finish_c(self, seat: int, events: list[Event]) -> None:
        """C ends: draw as many as were hidden; the game may end right here (step 2)."""
        deck = self.deck
        count = 2 if len(deck) >= 2 else 1
        drawn = [deck.pop() for _ in range(count)]
        self.hands[seat].extend(drawn)
        events.append(CardsDrawn(seat, tuple(drawn)))
        if not deck:
            self._game_over(N_("the deck ran out as cards were drawn in step 2"), events)
            return
        self._end_turn(seat, events)

    # -- small steps ------------------------------------------------------------------
    def _hand_card(self, seat: int, family: int) -> int:
        """The card of ``family`` that goes down: the lowest id (the family plays alike)."""
        return min(c for c in self.hands[seat] if CARD_FAMILY[c] == family)

    def _reveal(self, seat: int, slot: int, events: list[Event]) -> int:
        """Turn a card face up: from now on every seat knows it (ruling FF-6)."""
        card = self.wild[slot]
        if self.known[slot] != self.all_mask:
            owner = self.placed_by[slot]
            if owner >= 0:  # seen again in the Wild: no longer maybe in owner's hand
                opens = self.open_cards[owner]
                for i, entry in enumerate(opens):
                    if entry[0] == card:
                        del opens[i]
                        break
            self.known[slot] = self.all_mask
        self.since[slot] = self.turn
        self.face_up.append(slot)
        events.append(CardFlipped(seat, slot, card, True))
        return card

    def _predator(self, seat: int, slot: int, card: int, events: list[Event]) -> None:
        """Ruling FF-3: the predator goes to the revealer's hand and the turn ends at
        once: the other face-up card turns back down and there is no migration."""
        events.append(PredatorStruck(seat, slot, card))
        self._take(seat, slot, "predator", events)
        self._end_turn(seat, events, migrate=False)

    def _take(self, seat: int, slot: int, reason: str, events: list[Event]) -> None:
        card = self.wild[slot]
        self.wild[slot] = -1
        self._flips = None
        self.known[slot] = 0
        self.placed_by[slot] = -1
        if slot in self.face_up:
            self.face_up.remove(slot)
        self.hands[seat].append(card)
        self.open_cards[seat].append((card, self.clock))
        self.clock += 1
        events.append(CardTaken(seat, slot, card, reason))

    def _place(self, seat: int, card: int, slot: int, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        self.wild[slot] = card
        self._flips = None
        self.known[slot] = 1 << seat  # ruling FF-6: only the placer knows it
        self.placed_by[slot] = seat
        self.placed_at[slot] = self.clock
        self.clock += 1
        self.since[slot] = self.turn
        events.append(CardPlaced(seat, slot, card))

    def _end_turn(self, seat: int, events: list[Event], migrate: bool = True) -> None:
        """Turn face-up cards down, migrate (step 3, ruling FF-5), pass clockwise.

        A predator's turn (``migrate`` False) has no step 3 (ruling FF-3): a row it
        emptied stays empty for the next player. Only a Wild left with no card at all
        fills now, as the next player could not take step 1, which may not be skipped.
        """
        wild = self.wild
        for slot in self.face_up:
            events.append(CardFlipped(seat, slot, wild[slot], False))
        self.face_up = []
        self.first = -1
        if migrate or wild.count(-1) == SLOTS:
            if self._migrate(events):
                return
        nxt = (seat + 1) % self.num_players
        self.current_player = nxt
        self.turn += 1
        self.phase = FLIP
        events.append(TurnPassed(nxt))

    def _migrate(self, events: list[Event]) -> bool:
        """Step 3: fill every empty row; True if that emptied the deck and ended the game."""
        wild = self.wild
        deck = self.deck
        for base in (0, 5, 10):  # ruling FF-5: every empty row, as far as the deck allows
            if (wild[base] < 0 and wild[base + 1] < 0 and wild[base + 2] < 0
                    and wild[base + 3] < 0 and wild[base + 4] < 0):
                filled = []
                self._flips = None
                for slot in range(base, base + COLS):
                    if not deck:
                        break
                    wild[slot] = deck.pop()
                    self.known[slot] = 0
                    self.placed_by[slot] = -1
                    self.since[slot] = self.turn
                    filled.append(slot)
                events.append(RowMigrated(base // COLS, tuple(filled)))
                if not deck:
                    self._game_over(N_("the deck ran out during migration (step 3)"), events)
                    return True
        return False

    def _game_over(self, reason: str, events: list[Event]) -> None:
        """The deck is empty: the game ends at once, wherever in the turn (FF-5)."""
        self.current_player = None
        self.phase = OVER
        self.end_reason = reason
        self.c_left = 0
        events.append(HandsRevealed(tuple(tuple(sorted(h)) for h in self.hands),
                                    tuple(self.scores())))
        events.append(GameOver(tuple(self.winners()), reason))

    # -- outcome ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player is None

    def scores(self) -> list[int]:
        b2, b1 = self.bonus2, self.bonus1
        return [score_counts(_hand_counts(h), b2, b1) for h in self.hands]

    def winners(self) -> list[int]:
        if self.current_player is not None:
            return []
        return engine.ranked_winners(self.scores())

    def score_breakdown(self) -> list[list[tuple[str, str]]]:
        return [hand_breakdown(h, self.bonus2, self.bonus1) for h in self.hands]

    def progress(self) -> str:
        return _("turn {number}").format(number=self.turn + 1)

    def outcome(self) -> str:
        if not self.is_terminal():
            return ""
        return _("The game ended on turn {number}: {reason}.").format(
            number=self.turn + 1, reason=_(self.end_reason) if self.end_reason else "")

    # -- information --------------------------------------------------------------------
    def open_view(self, seat: int) -> tuple[OpenCard, ...]:
        """``seat``'s openly taken cards with the slots each may have been hidden in."""
        bit = 1 << seat
        pending = [s for s in range(SLOTS)
                   if self.placed_by[s] == seat and self.known[s] == bit]
        placed_at = self.placed_at
        return tuple(OpenCard(card, tuple(s for s in pending if placed_at[s] > tick))
                     for card, tick in self.open_cards[seat])

    def _knows(self, seat: int | None, slot: int) -> bool:
        mask = self.known[slot]
        if seat is None:
            return mask == self.all_mask
        return bool(mask >> seat & 1)

    def view(self, player: int | None) -> FFView:
        wild = []
        for s in range(SLOTS):
            card = self.wild[s]
            if card < 0:
                wild.append(None)
                continue
            mask = self.known[s]
            wild.append(SlotView(
                card if self._knows(player, s) else None,
                s in self.face_up,
                tuple(p for p in range(self.num_players) if mask >> p & 1),
                None if self.placed_by[s] < 0 else self.placed_by[s],
                self.since[s]))
        over = self.is_terminal()
        scores = self.scores()
        shown = tuple(score if over or p == player else None
                      for p, score in enumerate(scores))
        mine = player is not None and player == self.current_player
        return FFView(
            seat=player,
            num_players=self.num_players,
            current=self.current_player,
            phase=self.phase,
            turn=self.turn,
            wild=tuple(wild),
            flipped=self.first if self.first >= 0 else None,
            c_left=self.c_left,
            picked=self.pending >= 0,
            picked_card=self.pending if mine and self.pending >= 0 else None,
            hand=tuple(sorted(self.hands[player])) if player is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            open_cards=tuple(self.open_view(p) for p in range(self.num_players)),
            deck_size=len(self.deck),
            families=self.families,
            removed=self.removed,
            bonus2=self.bonus2,
            bonus1=self.bonus1,
            scores=shown,
            final_hands=tuple(tuple(sorted(h)) for h in self.hands) if over else None,
            winners=tuple(self.winners()),
            outcome=self.outcome(),
        )

    def determinize(self, player: int | None, rng: random.Random) -> "State":
        """Deal what ``player`` cannot know at random, keeping what the table knows.

        Openly taken cards of other seats stay in their hand or go into one of the
        slots they may have been hidden in; everything else unknown is pooled, sorted,
        shuffled and dealt into the hidden zones by their sizes.
        """
        new = self.clone()
        over = self.is_terminal()  # hands are laid open at the end
        unknown_slots = [s for s in range(SLOTS)
                         if self.wild[s] >= 0 and not self._knows(player, s)]
        known_cards = set(self.hands[player]) if player is not None else set()
        if over:
            for hand in self.hands:
                known_cards.update(hand)
        known_cards.update(self.wild[s] for s in range(SLOTS)
                           if self.wild[s] >= 0 and self._knows(player, s))
        others = [p for p in range(self.num_players) if p != player]
        hands: dict[int, list[int]] = {}
        taken_slots: dict[int, int] = {}
        for q in others:
            free = 0 if over else len(self.hands[q])
            hand: list[int] = []
            # Fewest places first: later-taken cards may be in fewer slots, so this
            # greedy always finds room (the real deal is one solution).
            entries = sorted(((len(o.maybe_in), o.card, o.maybe_in)
                              for o in self.open_view(q)))
            for _mark, card, maybe_in in entries:
                if card in known_cards:  # in an open hand at the end
                    continue
                known_cards.add(card)
                places = [s for s in maybe_in if s not in taken_slots]
                pick = rng.randrange(len(places) + (1 if free else 0))
                if pick < len(places):
                    taken_slots[places[pick]] = card
                else:
                    hand.append(card)
                    free -= 1
            hands[q] = hand
        pool = sorted(c for c in deck_for(self.families) if c not in known_cards)
        rng.shuffle(pool)
        for q in ([] if over else others):
            hand = hands[q]
            while len(hand) < len(self.hands[q]):
                hand.append(pool.pop())
            new.hands[q] = hand
        for s in unknown_slots:
            new.wild[s] = taken_slots[s] if s in taken_slots else pool.pop()
        assert len(pool) == len(self.deck), "determinize: card count mismatch"
        new.deck = pool
        if self.pending >= 0 and self.current_player != player:
            hand = new.hands[self.current_player]
            new.pending = hand[rng.randrange(len(hand))]
        new.rng = engine.child_rng(rng)
        new._legal_cache = None
        return new

    # -- copies ---------------------------------------------------------------------------
    def clone(self) -> "State":
        new = State.__new__(State)
        d = new.__dict__
        d.update(self.__dict__)
        new.rng = engine.copy_rng(self.rng)
        new.wild = self.wild[:]
        new.known = self.known[:]
        new.placed_by = self.placed_by[:]
        new.placed_at = self.placed_at[:]
        new.since = self.since[:]
        new.face_up = self.face_up[:]
        new.hands = [h[:] for h in self.hands]
        new.open_cards = [o[:] for o in self.open_cards]
        new.deck = self.deck[:]
        new._legal_cache = None
        return new

    def to_dict(self) -> dict:
        return {
            "game_id": self.game_id,
            "num_players": self.num_players,
            "families": list(self.families),
            "removed": list(self.removed),
            "bonus2": self.bonus2,
            "bonus1": self.bonus1,
            "short_game": self.short_game,
            "wild": list(self.wild),
            "known": list(self.known),
            "placed_by": list(self.placed_by),
            "placed_at": list(self.placed_at),
            "since": list(self.since),
            "face_up": list(self.face_up),
            "hands": [list(h) for h in self.hands],
            "open_cards": [[list(e) for e in o] for o in self.open_cards],
            "deck": list(self.deck),
            "clock": self.clock,
            "turn": self.turn,
            "first_player": self.first_player,
            "current": self.current_player,
            "phase": self.phase,
            "first": self.first,
            "c_left": self.c_left,
            "pending": self.pending,
            "end_reason": self.end_reason,
            "rng": engine.rng_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        new = cls(data["num_players"], engine.rng_from_json(data["rng"]))
        new.families = tuple(data["families"])
        new.removed = tuple(data["removed"])
        new.bonus2 = data["bonus2"]
        new.bonus1 = data["bonus1"]
        new.short_game = data["short_game"]
        new.wild = list(data["wild"])
        new.known = list(data["known"])
        new.placed_by = list(data["placed_by"])
        new.placed_at = list(data["placed_at"])
        new.since = list(data["since"])
        new.face_up = list(data["face_up"])
        new.hands = [list(h) for h in data["hands"]]
        new.open_cards = [[(e[0], e[1]) for e in o] for o in data["open_cards"]]
        new.deck = list(data["deck"])
        new.clock = data["clock"]
        new.turn = data["turn"]
        new.first_player = data["first_player"]
        new.current_player = data["current"]
        phase = data["phase"]
        new.phase = PHASES[PHASES.index(phase)]  # interned: phases compare by identity
        new.first = data["first"]
        new.c_left = data["c_left"]
        new.pending = data["pending"]
        new.end_reason = data["end_reason"]
        return new

    # -- for the table scene ------------------------------------------------------------
    def opening_events(self) -> list[Event]:
        """What the opening deal looks like, for the scene to animate before turn 1."""
        return [GameSetUp(self.first_player, self.removed, self.bonus2, self.bonus1,
                          CENTRAL_SLOTS, HAND_SIZE), TurnPassed(self.first_player)]


def new_state(num_players: int, seed: int | None = None, short_game: bool = False,
              **options: Any) -> State:
    """Set up a game: remove families (FF-2), draw bonus tokens, deal the Wild and hands."""
    if options:
        raise TypeError(f"unknown Flappy Families options: {', '.join(options)}")
    if num_players not in _SHORT_REMOVED:
        raise ValueError(f"Flappy Families takes 2-5 players, not {num_players}")
    state = State(num_players, random.Random(seed))
    rng = state.rng
    state.short_game = bool(short_game)
    # ruling FF-2: removed families are drawn at random, bonus tokens from the rest.
    remove = _SHORT_REMOVED[num_players] + (1 if short_game else 0)
    removed = rng.sample(range(len(FAMILIES)), remove)
    state.removed = tuple(sorted(removed))
    state.families = tuple(f for f in range(len(FAMILIES)) if f not in removed)
    state.bonus2, state.bonus1 = rng.sample(state.families, 2)
    deck = deck_for(state.families)
    rng.shuffle(deck)
    for slot in CENTRAL_SLOTS:
        state.wild[slot] = deck.pop()
    for _deal in range(HAND_SIZE):
        for seat in range(num_players):
            state.hands[seat].append(deck.pop())
    state.deck = deck
    state.first_player = rng.randrange(num_players)
    state.current_player = state.first_player
    return state


__all__ = [
    "State", "new_state", "score_hand", "score_counts", "family_points", "describe_action",
    "Flip", "Choose", "PickCard", "PickSpace", "FFView", "SlotView", "OpenCard",
    "CardFlipped", "OptionChosen", "PredatorStruck", "PairMatched", "NoMatch",
    "CardTaken", "CardPicked", "CardPlaced", "CardsDrawn", "RowMigrated", "HandsRevealed",
    "GameSetUp", "slot_row", "slot_col", "slot_label", "NUM_CARDS", "PREDATOR_NAME",
]
