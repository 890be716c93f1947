"""Yard Birbs rules: tricks at the feeder, drafting into flocks, abilities, three rounds.

No pygame here and no module-level ``random``: the state owns ``self.rng`` and every
shuffle or random draw uses it. The rulebook is ``shared/rulebooks/yard-birbs.txt``; the
rulings it leaves open are YB-1..YB-9 in ``RULINGS.md`` and are cited where applied.

A turn is a chain of small decisions by one seat (play; take a bird, then its flock; then
an ability or skip, then its targets one at a time). ``view(seat).phase`` names the
decision being asked; each decision is one entry of ``PHASES`` (a :class:`Phase`: its
legal moves, what a move does, its prompt), so a new decision is one new entry.

Hidden information and what seats remember
-----------------------------------------
Hands and the deck are hidden. Some hidden cards are nevertheless known: a card that went
from a public zone into a hand (the old Lifer after Lifer Swap, a feeder bird after Hand
to Feeder) is known to everyone, a bird or Lifer buried under the deck is known to
everyone, and a hand card a player buries under the deck is known to that player. Each
such card carries a mask of the seats that know it (``State.known``); the mask travels
with the card when it is drawn, and disappears when the card turns face up. When a player
buries a card of their choice from hand, the others can no longer be sure which of that
player's cards are still in hand, so their knowledge of that hand is dropped. The view
shows each seat exactly the cards it knows plus, as public bookkeeping, which hidden slots
someone else knows; ``determinize`` keeps all of that and deals only the rest.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from game import engine
from game.engine import Event, GameOver, child_rng, rng_from_json, rng_to_json
from game.engine import seat_label as _label
from game.yard_birbs.cards import (ABILITIES, ABILITY_IDS, BIRDSEED, COLOUR, COLOUR_POINTS,
                                   DECK, EQUAL, EQUAL_POINTS, FEEDER_SWAP, FLY_OFF,
                                   HAND_SIZE, HAND_TO_FEEDER, KIND_NAMES, LIFER_SWAP,
                                   MAX_PLAYERS, MERGE, MIN_PLAYERS, NEW_LIFER, REFLOCK,
                                   ROUNDS, SEQUENCE, SEQUENCE_POINTS, SOLO,
                                   SPECIES_KIND, SPECIES_POINTS, Card, card_from_json,
                                   card_name, kind_name, species_name)
from game.i18n import N_, _, ngettext, pgettext

NEW_FLOCK = -1
"""``ToFlock(NEW_FLOCK)`` starts a new flock (appended at the end of the yard)."""

# -- phases: which decision the current seat is asked for ------------------------------
PLAY = "play"                          # Play(card)
TAKE = "take"                          # Take(card) from the feeder
FLOCK = "flock"                        # ToFlock(i) for the bird just taken
ABILITY = "ability"                    # UseAbility(id) or Skip()
LIFER_SWAP_HAND = "lifer_swap_hand"    # PickHand(card) to become the Lifer
FEEDER_SWAP_GIVE = "feeder_swap_give"  # PickYard(card) to give to the feeder
FEEDER_SWAP_TAKE = "feeder_swap_take"  # PickFeeder(card) to take in exchange
FEEDER_SWAP_FLOCK = "feeder_swap_flock"  # ToFlock(i) for the bird taken
HAND_FEEDER_TAKE = "hand_to_feeder_take"  # PickFeeder(card) to take into hand
HAND_FEEDER_GIVE = "hand_to_feeder_give"  # PickHand(card) to put in the feeder
REFLOCK_BIRD = "reflock_bird"          # PickYard(card) to move
REFLOCK_FLOCK = "reflock_flock"        # ToFlock(i) where it goes
MERGE_FIRST = "merge_first"            # PickFlock(i)
MERGE_SECOND = "merge_second"          # PickFlock(j)
BIRDSEED_BURY = "birdseed_bury"        # PickHand(card) to put under the deck
FLY_OFF_BIRD = "fly_off_bird"          # PickYard(card), a solo bird
FLY_OFF_BURY = "fly_off_bury"          # PickHand(card) to put under the deck
OVER = "over"

# Where a phase's choices lie (``Phase.zone``), for the table and phone pages.
HAND_ZONE = "hand"        # a card of the hand (Play, PickHand)
FEEDER_ZONE = "feeder"    # a bird in the feeder (Take, PickFeeder)
FLOCK_ZONE = "flock"      # where a bird goes: a flock of the yard or a new one (ToFlock)
YARD_ZONE = "yard"        # a bird of the yard (PickYard)
MERGE_ZONE = "merge"      # a whole flock of the yard (PickFlock)
ABILITY_ZONE = "ability"  # an ability of the row, or none (UseAbility, Skip)

# The results panel shows about 11 rows of ~20 characters at five players.
BREAKDOWN_ROWS = 11
BREAKDOWN_CHARS = 20
# Flock types as the results screen lists them (short, so two fit on a row).
SHORT_KIND: dict[str, str] = {COLOUR: N_("Colour"), SPECIES_KIND: N_("Species"),
                              EQUAL: N_("Equal"), SEQUENCE: N_("Run"), SOLO: N_("Solo")}

# Reasons a card earned its place in a trick (ruling YB-4), for the ranking animation.
BY_LIFER = "lifer"
BY_MAJORITY = "majority"
BY_TIE_LED = "tie_led_suit"
BY_TIE_FIRST = "tie_first_played"
BY_LED_CARD = "led_card"
BY_NUMBER = "number"
BY_LAST = "last"    # the last place: the one card left, whatever it is
REASON_TEXT: dict[str, str] = {
    BY_LIFER: N_("Lifer species"), BY_MAJORITY: N_("majority suit"),
    BY_TIE_LED: N_("tied majority, led suit"), BY_TIE_FIRST: N_("tied majority, played first"),
    BY_LED_CARD: N_("all suits unique, led card"), BY_NUMBER: N_("highest number"),
    BY_LAST: N_("the card left"),
}
"""In English (marked for the catalogue); shown through ``_()``."""


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _comma() -> str:
    return pgettext("list separator", ", ")


# ======================================================================================
# Flocks and the pure functions
# ======================================================================================
def _flock_order(card: tuple) -> tuple[int, int]:
    return card[1], card[0]


class Flock:
    """An immutable flock: its birds (sorted by number) and what it qualifies as.

    The uniform ``suit``/``species``/``number`` are -1 once mixed; ``run`` says the
    numbers are distinct and gapless. Keeping these makes ``joins`` and ``merges`` O(1),
    which the legal-move generator and the AI call constantly.
    """

    __slots__ = ("cards", "suit", "species", "number", "lo", "hi", "run", "distinct",
                 "gap", "kinds", "kind", "points")

    def __init__(self, cards: Iterable[tuple]) -> None:
        birds = tuple(sorted(cards, key=_flock_order))
        if not birds:
            raise ValueError("a flock needs at least one bird")
        suit, number, species = birds[0][0], birds[0][1], birds[0][2]
        run = distinct = True
        gaps = 0
        gap = -1
        prev = number
        for card in birds[1:]:
            if card[0] != suit:
                suit = -1
            if card[2] != species:
                species = -1
            if card[1] != number:
                number = -1
            if card[1] != prev + 1:
                run = False
                if card[1] == prev:
                    distinct = False
                elif card[1] == prev + 2:
                    gaps += 1
                    gap = prev + 1
                else:
                    gaps += 2
            prev = card[1]
        size = len(birds)
        self.cards = birds
        self.suit, self.species, self.number, self.run = suit, species, number, run
        self.distinct = distinct
        # ruling YB-6: distinct numbers with one missing: that number would make a run
        self.gap = gap if distinct and gaps == 1 else -1
        self.lo, self.hi = birds[0][1], birds[-1][1]
        if size == 1:
            self.kinds = (COLOUR, SPECIES_KIND, EQUAL, SEQUENCE)
            self.kind, self.points = SOLO, 0
            return
        kinds = []
        best_kind, best = "", -1
        for kind, ok, table in ((COLOUR, suit >= 0, COLOUR_POINTS),
                                (SPECIES_KIND, species >= 0, SPECIES_POINTS),
                                (EQUAL, number >= 0, EQUAL_POINTS),
                                (SEQUENCE, run, SEQUENCE_POINTS)):
            if ok:
                kinds.append(kind)
                points = table[min(size, len(table) - 1)]
                if points > best:  # ruling YB-6: only the single best type scores
                    best_kind, best = kind, points
        self.kinds = tuple(kinds)
        self.kind = best_kind
        self.points = max(best, 0)

    @property
    def valid(self) -> bool:
        """Ruling YB-6: a flock must qualify as at least one type."""
        return bool(self.kinds)

    def joins(self, card: tuple) -> bool:
        """Would the flock still qualify with ``card`` added? (ruling YB-6)"""
        return (self.suit == card[0] or self.species == card[2] or self.number == card[1]
                or (self.run and (card[1] == self.lo - 1 or card[1] == self.hi + 1))
                or card[1] == self.gap)  # fills the one gap: the flock becomes a run

    def merges(self, other: "Flock") -> bool:
        """Would the two flocks together still qualify? (Merge ability, ruling YB-7)"""
        return ((self.suit >= 0 and self.suit == other.suit)
                or (self.species >= 0 and self.species == other.species)
                or (self.number >= 0 and self.number == other.number)
                or (self.run and other.run
                    and (other.lo == self.hi + 1 or self.lo == other.hi + 1))
                or (self.distinct and other.distinct  # interleaved: together a run
                    and max(self.hi, other.hi) - min(self.lo, other.lo) + 1
                    == len(self.cards) + len(other.cards)
                    and not {c[1] for c in self.cards} & {c[1] for c in other.cards}))

    def plus(self, card: tuple) -> "Flock":
        return Flock(self.cards + (card,))

    def minus(self, card: tuple) -> "Flock | None":
        """The flock without ``card`` (None if that was its only bird)."""
        rest = tuple(c for c in self.cards if c != card)
        return Flock(rest) if rest else None

    def can_lose(self, card: tuple) -> bool:
        """Can ``card`` leave without breaking the flock? (ruling YB-9: what is left must
        still qualify as a flock, or be a solo bird; a run's middle bird may leave only if
        the rest share a suit or a species)"""
        if len(self.cards) <= 2 or self.suit >= 0 or self.species >= 0 or self.number >= 0:
            return True
        if card[1] == self.lo or card[1] == self.hi:
            return True
        return Flock(c for c in self.cards if c != card).valid

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Flock) and self.cards == other.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    def __repr__(self) -> str:
        birds = ", ".join(card_name(c) for c in self.cards)
        return f"Flock({KIND_NAMES[self.kind or SOLO]} {self.points}: {birds})"


def flock_score(cards: Sequence[tuple]) -> int:
    """Points of a flock: its single best type (ruling YB-6), 0 for one bird.

    Raises ValueError if the birds form no valid flock (or there are none).
    """
    flock = Flock(tuple(cards))
    if not flock.valid:
        raise ValueError("these birds form no valid flock")
    return flock.points


def flock_kind(cards: Sequence[tuple]) -> str:
    """The type a flock scores as ('solo' for one bird); ValueError if invalid."""
    flock = Flock(tuple(cards))
    if not flock.valid:
        raise ValueError("these birds form no valid flock")
    return flock.kind


def can_join(flock: Sequence[tuple], card: tuple) -> bool:
    """May ``card`` join ``flock`` (ruling YB-6)? Any bird may start an empty flock."""
    if not flock:
        return True
    return Flock(tuple(flock)).joins(card)


def rank_with_reasons(cards: Sequence[tuple], lifer_species: int) -> list[tuple[int, str]]:
    """Ruling YB-4, place by place: (index into ``cards``, the test that decided that
    place). The last place is simply the card left (``BY_LAST``): no test decides it."""
    led_suit = cards[0][0]
    remaining = list(range(len(cards)))
    placed: list[tuple[int, str]] = []
    while len(remaining) > 1:
        lifers = [i for i in remaining if cards[i][2] == lifer_species]
        if lifers:
            # Lifer-species cards never share a number, so the highest is unique.
            best = max(lifers, key=lambda i: cards[i][1])
            reason = BY_LIFER
        else:
            counts: dict[int, int] = {}
            for i in remaining:
                counts[cards[i][0]] = counts.get(cards[i][0], 0) + 1
            top = max(counts.values())
            if top == 1 and not placed:
                best, reason = 0, BY_LED_CARD  # every suit unique: the led card wins
            elif top == 1:
                # Remaining suits all unique: by number, equal numbers to the earlier.
                best = max(remaining, key=lambda i: (cards[i][1], -i))
                reason = BY_NUMBER
            else:
                tied = [s for s, n in counts.items() if n == top]
                if len(tied) == 1:
                    suit, reason = tied[0], BY_MAJORITY
                elif led_suit in tied:
                    suit, reason = led_suit, BY_TIE_LED
                else:
                    suit = next(cards[i][0] for i in remaining if cards[i][0] in tied)
                    reason = BY_TIE_FIRST
                best = max((i for i in remaining if cards[i][0] == suit),
                           key=lambda i: cards[i][1])
        placed.append((best, reason))
        remaining.remove(best)
    placed += [(i, BY_LAST) for i in remaining]
    return placed


def rank_trick(cards: Sequence[tuple], lifer_species: int) -> list[int]:
    """Places of a trick (ruling YB-4): ``cards`` in play order, index 0 the lead's.

    Returns the indices in place order, first place first.
    """
    if not cards:
        return []
    return [i for i, _ in rank_with_reasons(cards, lifer_species)]


def may_follow(hand: Iterable[tuple], feeder: Iterable[tuple], lifer_species: int) -> list:
    """Ruling YB-3: the cards of ``hand`` that may be played onto ``feeder`` now."""
    hand = list(hand)
    suits = {c[0] for c in feeder}
    if not suits:
        return hand
    following = [c for c in hand if c[0] in suits]
    if not following:
        return hand
    return [c for c in hand if c[0] in suits or c[2] == lifer_species]


def yard_score(flocks: Iterable[Flock]) -> int:
    return sum(f.points for f in flocks)


# ======================================================================================
# Actions
# ======================================================================================
@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand into the feeder."""
    card: Card


@dataclass(frozen=True, slots=True)
class Take:
    """Draft: take a bird still in the feeder."""
    card: Card


@dataclass(frozen=True, slots=True)
class ToFlock:
    """Put the bird in hand of the move into flock ``flock`` (or NEW_FLOCK)."""
    flock: int


@dataclass(frozen=True, slots=True)
class UseAbility:
    ability: int


@dataclass(frozen=True, slots=True)
class Skip:
    """Use no ability this trick."""


@dataclass(frozen=True, slots=True)
class PickHand:
    """An ability target: a card of your hand."""
    card: Card


@dataclass(frozen=True, slots=True)
class PickFeeder:
    """An ability target: a bird still in the feeder."""
    card: Card


@dataclass(frozen=True, slots=True)
class PickYard:
    """An ability target: a bird of your yard."""
    card: Card


@dataclass(frozen=True, slots=True)
class PickFlock:
    """An ability target: one of your flocks (Merge)."""
    flock: int


# One shared instance per action keeps legality checks on the identity fast path.
_PLAY = {c: Play(c) for c in DECK}
_TAKE = {c: Take(c) for c in DECK}
_PICK_HAND = {c: PickHand(c) for c in DECK}
_PICK_FEEDER = {c: PickFeeder(c) for c in DECK}
_PICK_YARD = {c: PickYard(c) for c in DECK}
_TO_FLOCK = {i: ToFlock(i) for i in range(-1, 64)}
_PICK_FLOCK = {i: PickFlock(i) for i in range(64)}
_USE = {a: UseAbility(a) for a in ABILITY_IDS}
_SKIP = Skip()


def describe_action(action: object, names: Sequence[str] | None = None) -> str:
    """A short human label for a move, for prompts, hints and logs."""
    if isinstance(action, Play):
        return _("Play {card}").format(card=card_name(action.card))
    if isinstance(action, Take):
        return _("Take {card}").format(card=card_name(action.card))
    if isinstance(action, ToFlock):
        if action.flock == NEW_FLOCK:
            return _("Start a new flock")
        return _("Add to flock {number}").format(number=action.flock + 1)
    if isinstance(action, UseAbility):
        return _("Use {ability}").format(ability=ABILITIES[action.ability].title)
    if isinstance(action, Skip):
        return _("Use no ability")
    if isinstance(action, PickHand):
        return _("Choose {card} from your hand").format(card=card_name(action.card))
    if isinstance(action, PickFeeder):
        return _("Choose {card} in the feeder").format(card=card_name(action.card))
    if isinstance(action, PickYard):
        return _("Choose {card} in your yard").format(card=card_name(action.card))
    if isinstance(action, PickFlock):
        return _("Choose flock {number}").format(number=action.flock + 1)
    return repr(action)


# ======================================================================================
# Events (describe() lines are safe to show everyone: hidden cards are never named)
# ======================================================================================
@dataclass(frozen=True)
class RoundStarted(Event):
    """A round begins from the full reshuffled deck (ruling YB-2); yards are empty."""
    round: int
    lead: int
    deck_size: int

    def describe(self, names=None) -> str:
        return _("Round {round} begins; {name} leads.").format(
            round=self.round, name=_label(self.lead, names))


@dataclass(frozen=True)
class HandDealt(Event):
    """Deck -> a hand, face down; ``cards`` is for the owner's animation only."""
    seat: int
    cards: tuple[Card, ...]

    def describe(self, names=None) -> str:
        n = len(self.cards)
        return ngettext("{name} is dealt {n} card.", "{name} is dealt {n} cards.", n).format(
            name=_label(self.seat, names), n=n)


@dataclass(frozen=True)
class YardBirdDealt(Event):
    """Deck -> a yard, face up, as flock 0."""
    seat: int
    card: Card

    def describe(self, names=None) -> str:
        return _("A {card} lands in {name}'s yard.").format(card=card_name(self.card),
                                                            name=_label(self.seat, names))


@dataclass(frozen=True)
class LiferRevealed(Event):
    """Deck top -> the Lifer card, face up (setup or New Lifer)."""
    card: Card
    seat: int | None = None  # who caused it (None at setup)

    def describe(self, names=None) -> str:
        return _("The Lifer is now the {species} ({card}).").format(
            species=species_name(self.card.species), card=card_name(self.card))


@dataclass(frozen=True)
class AbilitiesDealt(Event):
    """The ability row, token by token; ``discarded`` lists cards set aside while dealing
    (a ⌂ card drawn for the last token) or the previous row on a ★ re-deal."""
    row: tuple[tuple[int, int], ...]  # (token, ability id)
    discarded: tuple[int, ...]
    redeal: bool

    def describe(self, names=None) -> str:
        shown = _comma().join(_("{token}: {ability}").format(token=t,
                                                             ability=ABILITIES[a].title)
                              for t, a in self.row)
        if self.redeal:
            return _("Abilities are re-dealt {abilities}.").format(abilities=shown)
        return _("Abilities are {abilities}.").format(abilities=shown)


@dataclass(frozen=True)
class CardPlayed(Event):
    """Hand -> feeder slot ``slot``, face up."""
    seat: int
    card: Card
    slot: int

    def describe(self, names=None) -> str:
        return _("{name} plays {card}.").format(name=_label(self.seat, names),
                                                card=card_name(self.card))


@dataclass(frozen=True)
class Placement:
    """One place of a ranked trick (ruling YB-4)."""
    place: int
    seat: int
    card: Card
    slot: int
    reason: str


@dataclass(frozen=True)
class TrickRanked(Event):
    """Order tokens go to the players, first place first; ``placements`` in place order."""
    trick: int
    placements: tuple[Placement, ...]

    def describe(self, names=None) -> str:
        first = self.placements[0]
        rest = _comma().join(_label(p.seat, names) for p in self.placements[1:])
        return _("{name} wins the trick with {card} ({reason}); then {rest}.").format(
            name=_label(first.seat, names), card=card_name(first.card),
            reason=_(REASON_TEXT[first.reason]), rest=rest)


@dataclass(frozen=True)
class BirdTaken(Event):
    """Feeder slot -> the player's yard edge, face up, awaiting its flock."""
    seat: int
    card: Card
    slot: int
    place: int
    forced: bool = False  # the last place takes the last bird (ruling YB-5)

    def describe(self, names=None) -> str:
        return _("{name} takes {card}.").format(name=_label(self.seat, names),
                                                card=card_name(self.card))


@dataclass(frozen=True)
class BirdFlocked(Event):
    """A bird joins flock ``flock`` of ``seat``'s yard (``new``: a flock appended)."""
    seat: int
    card: Card
    flock: int
    new: bool
    kind: str
    points: int

    def describe(self, names=None) -> str:
        words = dict(name=_label(self.seat, names), card=card_name(self.card),
                     kind=kind_name(self.kind), points=_points(self.points))
        if self.new:
            return _("{name} puts {card} in a new flock ({kind}, {points}).").format(**words)
        return _("{name} puts {card} in flock {number} ({kind}, {points}).").format(
            number=self.flock + 1, **words)


@dataclass(frozen=True)
class AbilityUsed(Event):
    seat: int
    ability: int
    token: int

    def describe(self, names=None) -> str:
        return _("{name} uses {ability}.").format(name=_label(self.seat, names),
                                                  ability=ABILITIES[self.ability].title)


@dataclass(frozen=True)
class AbilitySkipped(Event):
    seat: int

    def describe(self, names=None) -> str:
        return _("{name} uses no ability.").format(name=_label(self.seat, names))


@dataclass(frozen=True)
class LiferSwapped(Event):
    """Lifer Swap: hand card -> Lifer (face up); old Lifer -> that hand (known to all)."""
    seat: int
    card: Card
    old: Card

    def describe(self, names=None) -> str:
        return _("{name} makes {card} the Lifer and takes {old} into hand.").format(
            name=_label(self.seat, names), card=card_name(self.card), old=card_name(self.old))


@dataclass(frozen=True)
class CardBuried(Event):
    """A card goes under the deck. ``face_up`` False: only ``seat`` may see ``card``.
    ``src`` is "hand", "yard" or "lifer"; from the yard it is a solo bird, so its flock
    ``flock`` is removed and later indices shift down."""
    seat: int
    card: Card
    src: str
    face_up: bool
    flock: int = -1

    def describe(self, names=None) -> str:
        who = _label(self.seat, names)
        if not self.face_up:
            return _("{name} puts a card from hand under the deck.").format(name=who)
        card = card_name(self.card)
        if self.src == "yard":
            return _("{name} puts {card} from the yard under the deck.").format(name=who,
                                                                                card=card)
        if self.src == "lifer":
            return _("{name} puts {card} (the old Lifer) under the deck.").format(name=who,
                                                                                  card=card)
        return _("{name} puts {card} under the deck.").format(name=who, card=card)


@dataclass(frozen=True)
class CardDrawn(Event):
    """Deck top -> ``seat``'s hand, face down; ``card`` is for the owner only."""
    seat: int
    card: Card

    def describe(self, names=None) -> str:
        return _("{name} draws a card.").format(name=_label(self.seat, names))


@dataclass(frozen=True)
class FeederSwapped(Event):
    """Feeder Swap: ``given`` leaves yard flock ``flock`` for feeder slot ``slot`` (it
    joins no flock); ``taken`` goes to the yard edge, awaiting its flock. If ``given``
    was alone, its flock is removed (``flock_emptied``) and later indices shift down."""
    seat: int
    given: Card
    taken: Card
    slot: int
    flock: int
    flock_emptied: bool

    def describe(self, names=None) -> str:
        return _("{name} swaps {given} from the yard for {taken} in the feeder.").format(
            name=_label(self.seat, names), given=card_name(self.given),
            taken=card_name(self.taken))


@dataclass(frozen=True)
class HandFeederSwapped(Event):
    """Hand to Feeder: ``given`` hand -> feeder slot ``slot``; ``taken`` -> hand (known)."""
    seat: int
    given: Card
    taken: Card
    slot: int

    def describe(self, names=None) -> str:
        return _("{name} puts {given} in the feeder and takes {taken} into hand.").format(
            name=_label(self.seat, names), given=card_name(self.given),
            taken=card_name(self.taken))


@dataclass(frozen=True)
class BirdReflocked(Event):
    """Reflock: ``card`` leaves flock ``src`` for ``dst`` (NEW_FLOCK: appended). Indices
    are those before the move; ``src_emptied``: the source flock is removed after."""
    seat: int
    card: Card
    src: int
    dst: int
    src_emptied: bool

    def describe(self, names=None) -> str:
        words = dict(name=_label(self.seat, names), card=card_name(self.card))
        if self.dst == NEW_FLOCK:
            return _("{name} moves {card} to a new flock.").format(**words)
        return _("{name} moves {card} to flock {number}.").format(number=self.dst + 1,
                                                                  **words)


@dataclass(frozen=True)
class FlocksMerged(Event):
    """Merge: flocks ``first`` and ``second`` become one at index min(first, second)."""
    seat: int
    first: int
    second: int
    kind: str
    points: int

    def describe(self, names=None) -> str:
        return _("{name} merges two flocks into a {kind} flock worth {points}.").format(
            name=_label(self.seat, names), kind=kind_name(self.kind).lower(),
            points=_points(self.points))


@dataclass(frozen=True)
class TrickEnded(Event):
    trick: int
    next_lead: int | None  # None when the round ends

    def describe(self, names=None) -> str:
        if self.next_lead is None:
            return _("Trick {trick} is over; the hands are empty.").format(trick=self.trick)
        return _("Trick {trick} is over; {name} leads next.").format(
            trick=self.trick, name=_label(self.next_lead, names))


@dataclass(frozen=True)
class FlockResult:
    """One scored flock of one round, for the round-end count-up and the results."""
    cards: tuple[Card, ...]
    kind: str
    points: int


@dataclass(frozen=True)
class RoundScored(Event):
    """Every yard scored flock by flock (solo birds 0); the yards are cleared after."""
    round: int
    flocks: tuple[tuple[FlockResult, ...], ...]  # per seat, yard order
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self, names=None) -> str:
        parts = _comma().join(_("{name} {score}").format(name=_label(s, names), score=p)
                              for s, p in enumerate(self.points))
        return _("Round {round} scores: {scores}.").format(round=self.round, scores=parts)


# ======================================================================================
# The view
# ======================================================================================
@dataclass(frozen=True)
class FeederSlot:
    """A feeder place in play order: who played into it and the bird there now
    (None once taken; a Feeder Swap or Hand to Feeder puts its bird in the same slot)."""
    seat: int
    card: Card | None


@dataclass(frozen=True)
class YardBirbsView:
    """Everything one seat may know (``seat`` None: a spectator), enough to draw the table.

    ``hand_marks[s]``: the hidden cards of seat s's hand that someone besides s knows,
    as (mask of knowing seats, card or None if this seat does not know it).
    ``deck_marks``: the same for the deck as (depth from the top, mask, card or None).
    """
    seat: int | None
    num_players: int
    phase: str
    current: int | None
    round: int
    trick: int
    round_lead: int
    lead: int
    lifer: Card
    abilities: tuple[tuple[int, int], ...]
    ability_pile: tuple[int, ...]
    ability_discard: tuple[int, ...]
    feeder: tuple[FeederSlot, ...]
    places: tuple[int, ...]
    draft_order: tuple[int, ...]
    pending_bird: Card | None
    pending_ability: int
    pending_card: Card | None
    pending_flock: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    hand_marks: tuple[tuple[tuple[int, Card | None], ...], ...]
    deck_size: int
    deck_marks: tuple[tuple[int, int, Card | None], ...]
    yards: tuple[tuple[Flock, ...], ...]
    yard_points: tuple[int, ...]
    totals: tuple[int, ...]
    round_results: tuple[tuple[tuple[FlockResult, ...], ...], ...]
    winners: tuple[int, ...]

    @property
    def prompt(self) -> str:
        return _(PHASES[self.phase].prompt)

    def known_cards(self, seat: int) -> tuple[Card, ...]:
        """Cards this viewer knows to be in ``seat``'s hand."""
        if seat == self.seat:
            return self.hand
        return tuple(c for _, c in self.hand_marks[seat] if c is not None)

    def feeder_cards(self) -> tuple[Card, ...]:
        return tuple(s.card for s in self.feeder if s.card is not None)


def _copy_rng(rng: random.Random) -> random.Random:
    """engine.copy_rng without its throw-away seeding from the OS (a quarter of a clone's
    time): the search AI clones thousands of times a second."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


def _mark_key(mark: tuple) -> tuple:
    return (mark[0], 0, mark[1]) if mark[1] is not None else (mark[0], 1, ())


# ======================================================================================
# The state
# ======================================================================================
class State(engine.State):
    """A game of Yard Birbs in progress (see the module docstring)."""

    game_id = "yard_birbs"

    def __init__(self, num_players: int, rng: random.Random) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"Yard Birbs takes {MIN_PLAYERS}-{MAX_PLAYERS} players")
        n = num_players
        self.num_players = n
        self.rng = rng
        self.all_mask = (1 << n) - 1
        self.round = 0
        self.trick = 0
        self.phase = PLAY
        self.current_player: int | None = 0
        self.round_lead = 0
        self.lead = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.deck: list[Card] = []          # index 0 is the bottom, the end is the top
        self.known: dict[Card, int] = {}    # hidden card -> mask of seats that know it
        self.yards: list[list[Flock]] = [[] for _ in range(n)]
        self.lifer: Card = DECK[0]
        self.ability_row: list[int] = []    # index i lies beside order token i + 2
        self.ability_pile: list[int] = []   # sorted; drawn at random when dealt
        self.ability_discard: list[int] = []
        self.feeder: list[Card | None] = []
        self.feeder_seats: list[int] = []
        self.places: list[int] = [0] * n    # 0 = no order token yet
        self.draft_order: list[int] = []
        self.draft_index = 0
        self.pending_bird: Card | None = None
        self.pending_ability = 0
        self.pending_card: Card | None = None
        self.pending_flock = -1
        self.totals: list[int] = [0] * n
        self.round_results: list[tuple[tuple[FlockResult, ...], ...]] = []
        # The deal of round 1, for the table scene's opening animation (a record, not
        # game state: it is left out of to_dict).
        self._opening: tuple[Event, ...] = ()
        self._legal_cache = None

    # -- setup ---------------------------------------------------------------------------
    def _start_round(self, lead: int, events: list[Event]) -> None:
        """Ruling YB-2: every round from the full deck, reshuffled; yards start anew."""
        n = self.num_players
        self.round += 1
        self.trick = 1
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.known = {}
        self.yards = [[] for _ in range(n)]
        self.feeder, self.feeder_seats = [], []
        self.places = [0] * n
        self.draft_order, self.draft_index = [], 0
        events.append(RoundStarted(self.round, lead, len(deck) - n * (HAND_SIZE + 1) - 1))
        for seat in range(n):
            hand = sorted(deck[-HAND_SIZE:])
            del deck[-HAND_SIZE:]
            self.hands[seat] = hand
            events.append(HandDealt(seat, tuple(hand)))
        for seat in range(n):
            bird = deck.pop()
            self.yards[seat] = [Flock((bird,))]
            events.append(YardBirdDealt(seat, bird))
        self.lifer = deck.pop()
        events.append(LiferRevealed(self.lifer))
        self.deck = deck
        # Abilities are set up afresh each round too, like the rest of the table.
        self.ability_pile = list(ABILITY_IDS)
        self.ability_discard = []
        self.ability_row = []
        self._deal_abilities(events, redeal=False)
        self.round_lead = self.lead = lead
        self.phase = PLAY
        self.current_player = lead

    def _draw_ability(self) -> int:
        if not self.ability_pile:  # reuse the discards once the pile runs out
            self.ability_pile = sorted(self.ability_discard)
            self.ability_discard = []
        return self.ability_pile.pop(self.rng.randrange(len(self.ability_pile)))

    def _deal_abilities(self, events: list[Event], redeal: bool) -> None:
        """One ability beside each token 2..N; a ⌂ card never lies beside the last."""
        discarded: list[int] = []
        if redeal:
            discarded.extend(self.ability_row)
            self.ability_discard.extend(self.ability_row)
        row: list[int] = []
        last = self.num_players - 2
        for index in range(self.num_players - 1):
            card = self._draw_ability()
            while index == last and ABILITIES[card].feeder:  # ruling YB-7: redraw
                discarded.append(card)
                self.ability_discard.append(card)
                card = self._draw_ability()
            row.append(card)
        self.ability_discard.sort()
        self.ability_row = row
        events.append(AbilitiesDealt(tuple((i + 2, a) for i, a in enumerate(row)),
                                     tuple(discarded), redeal))

    # -- the moves: the table PHASES (after this class) names each phase's handlers ------
    def _legal_actions(self) -> list:
        return PHASES[self.phase].legal(self, self.current_player)

    def _apply(self, action) -> list[Event]:
        events: list[Event] = []
        PHASES[self.phase].apply(self, self.current_player, action, events)
        return events

    # -- the moves each phase offers -------------------------------------------------------
    def _no_moves(self, seat: int) -> list:
        return []

    def _moves_play(self, seat: int) -> list:
        return [_PLAY[c] for c in may_follow(self.hands[seat],
                                             [c for c in self.feeder if c is not None],
                                             self.lifer.species)]

    def _feeder_birds(self) -> list[Card]:
        return sorted(c for c in self.feeder if c is not None)

    def _moves_take(self, seat: int) -> list:
        return [_TAKE[c] for c in self._feeder_birds()]

    def _moves_pick_feeder(self, seat: int) -> list:
        return [_PICK_FEEDER[c] for c in self._feeder_birds()]

    def _moves_flock(self, seat: int) -> list:
        """Where the bird just taken may go: a flock it joins, or a new one."""
        bird = self.pending_bird
        moves = [_TO_FLOCK[i] for i, f in enumerate(self.yards[seat]) if f.joins(bird)]
        moves.append(_TO_FLOCK[NEW_FLOCK])
        return moves

    def _moves_ability(self, seat: int) -> list:
        moves = self._usable_abilities(seat)
        moves.append(_SKIP)
        return moves

    def _moves_pick_hand(self, seat: int) -> list:
        return [_PICK_HAND[c] for c in self.hands[seat]]

    def _moves_swap_give(self, seat: int) -> list:
        # ruling YB-9: the flock it leaves still qualifies
        return [_PICK_YARD[c] for c in sorted(c for f in self.yards[seat] for c in f.cards
                                              if f.can_lose(c))]

    def _moves_reflock_bird(self, seat: int) -> list:
        yard = self.yards[seat]
        return [_PICK_YARD[c] for c in sorted(c for i, f in enumerate(yard)
                                              for c in f.cards
                                              if self._reflock_targets(yard, i, c))]

    def _moves_reflock_flock(self, seat: int) -> list:
        yard = self.yards[seat]
        return [_TO_FLOCK[i] for i in self._reflock_targets(yard, self.pending_flock,
                                                            self.pending_card)]

    def _moves_merge_first(self, seat: int) -> list:
        yard = self.yards[seat]
        return [_PICK_FLOCK[i] for i, f in enumerate(yard)
                if any(j != i and f.merges(g) for j, g in enumerate(yard))]

    def _moves_merge_second(self, seat: int) -> list:
        yard = self.yards[seat]
        first = yard[self.pending_flock]
        return [_PICK_FLOCK[j] for j, g in enumerate(yard)
                if j != self.pending_flock and first.merges(g)]

    def _moves_fly_off(self, seat: int) -> list:
        # a solo bird: its flock is left empty (ruling YB-9)
        return [_PICK_YARD[c] for c in sorted(f.cards[0] for f in self.yards[seat]
                                              if len(f.cards) == 1)]

    @staticmethod
    def _reflock_targets(yard: list[Flock], src: int, card: Card) -> list[int]:
        """Where Reflock may move ``card`` of flock ``src``: other flocks that accept it,
        or a new flock unless it is already alone; the flock it leaves must stay valid
        (ruling YB-9)."""
        source = yard[src]
        alone = len(source.cards) == 1
        if not alone and not source.can_lose(card):
            return []
        targets = [j for j, f in enumerate(yard) if j != src and f.joins(card)]
        if not alone:
            targets.append(NEW_FLOCK)
        return targets

    def _usable_abilities(self, seat: int) -> list:
        """Ruling YB-7: the abilities beside the tokens up to the seat's place that it
        could carry through now."""
        place = self.places[seat]
        return [_USE[a] for token, a in enumerate(self.ability_row, 2)
                if token <= place and self._usable(a, seat)]

    def _usable(self, ability: int, seat: int) -> bool:
        """An ability is offered only if it can be carried through to the end."""
        if ability == LIFER_SWAP:
            return bool(self.hands[seat])
        if ability in (NEW_LIFER, BIRDSEED):
            return bool(self.deck)
        if ability == FEEDER_SWAP:
            return any(c is not None for c in self.feeder)
        if ability == HAND_TO_FEEDER:
            return bool(self.hands[seat]) and any(c is not None for c in self.feeder)
        yard = self.yards[seat]
        if ability == REFLOCK:
            return any(self._reflock_targets(yard, i, c)
                       for i, f in enumerate(yard) for c in f.cards)
        if ability == MERGE:
            return any(yard[i].merges(yard[j])
                       for i in range(len(yard)) for j in range(i + 1, len(yard)))
        if ability == FLY_OFF:
            return bool(self.deck) and any(len(f.cards) == 1 for f in yard)
        return False

    # -- what a move does: the trick and the draft ---------------------------------------
    def _no_move(self, seat: int, action, events: list[Event]) -> None:
        raise AssertionError("the game is over")  # pragma: no cover - apply() refuses first

    def _do_play(self, seat: int, action: Play, events: list[Event]) -> None:
        card = action.card
        self.hands[seat].remove(card)
        self.known.pop(card, None)
        self.feeder.append(card)
        self.feeder_seats.append(seat)
        events.append(CardPlayed(seat, card, len(self.feeder) - 1))
        if len(self.feeder) < self.num_players:
            self.current_player = (seat + 1) % self.num_players
            return
        ranked = rank_with_reasons(self.feeder, self.lifer.species)  # ruling YB-4
        placements = []
        self.draft_order = []
        for place, (slot, reason) in enumerate(ranked, 1):
            who = self.feeder_seats[slot]
            self.places[who] = place
            self.draft_order.append(who)
            placements.append(Placement(place, who, self.feeder[slot], slot, reason))
        events.append(TrickRanked(self.trick, tuple(placements)))
        self.draft_index = 0
        self._begin_draft_turn(events)

    def _do_take(self, seat: int, action: Take, events: list[Event]) -> None:
        self._take(seat, action.card, events, forced=False)

    def _do_flock(self, seat: int, action: ToFlock, events: list[Event]) -> None:
        self._flock_pending(seat, action.flock, events)
        self._after_bird(seat, events)

    def _do_ability(self, seat: int, action: UseAbility | Skip, events: list[Event]) -> None:
        if isinstance(action, Skip):
            events.append(AbilitySkipped(seat))
            self._next_drafter(events)
        else:
            self._start_ability(seat, action.ability, events)

    def _begin_draft_turn(self, events: list[Event]) -> None:
        """Ruling YB-5: in place order; the last place simply takes the last bird."""
        seat = self.draft_order[self.draft_index]
        self.current_player = seat
        if self.draft_index == self.num_players - 1:
            last = next(c for c in self.feeder if c is not None)
            self._take(seat, last, events, forced=True)
        else:
            self.phase = TAKE

    def _take(self, seat: int, card: Card, events: list[Event], forced: bool) -> None:
        slot = self.feeder.index(card)
        self.feeder[slot] = None
        self.pending_bird = card
        self.phase = FLOCK
        events.append(BirdTaken(seat, card, slot, self.places[seat], forced))

    def _flock_pending(self, seat: int, index: int, events: list[Event]) -> None:
        bird = self.pending_bird
        yard = self.yards[seat]
        if index == NEW_FLOCK:
            flock = Flock((bird,))
            yard.append(flock)
            index, new = len(yard) - 1, True
        else:
            flock = yard[index].plus(bird)
            yard[index] = flock
            new = False
        self.pending_bird = None
        events.append(BirdFlocked(seat, bird, index, new, flock.kind, flock.points))

    def _after_bird(self, seat: int, events: list[Event]) -> None:
        """Ruling YB-7: from second place on, an ability may follow taking a bird."""
        usable = self._usable_abilities(seat) if self.places[seat] >= 2 else []
        if usable:
            self.phase = ABILITY
            usable.append(_SKIP)
            self._legal_cache = usable  # already worked out: spare legal_actions()
            return
        self._next_drafter(events)

    def _next_drafter(self, events: list[Event]) -> None:
        self.pending_ability, self.pending_card, self.pending_flock = 0, None, -1
        self.draft_index += 1
        if self.draft_index < self.num_players:
            self._begin_draft_turn(events)
            return
        winner = self.draft_order[0]
        self.feeder, self.feeder_seats = [], []
        self.places = [0] * self.num_players
        self.draft_order, self.draft_index = [], 0
        if self.hands[winner]:
            events.append(TrickEnded(self.trick, winner))
            self.trick += 1
            self.lead = winner  # the winner leads the next trick
            self.phase = PLAY
            self.current_player = winner
            return
        events.append(TrickEnded(self.trick, None))
        self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        results = tuple(tuple(FlockResult(f.cards, f.kind, f.points) for f in yard)
                        for yard in self.yards)
        points = tuple(yard_score(yard) for yard in self.yards)  # solo birds score 0
        for seat, gained in enumerate(points):
            self.totals[seat] += gained
        self.round_results.append(results)
        events.append(RoundScored(self.round, results, points, tuple(self.totals)))
        if self.round >= ROUNDS:  # ruling YB-8
            self.phase = OVER
            self.current_player = None
            self.pending_bird = None
            events.append(GameOver(tuple(self.winners()),
                                   N_("the highest score after three rounds")))
            return
        self._start_round(self._next_round_lead(), events)

    def _next_round_lead(self) -> int:
        """Ruling YB-2: the highest total leads; a tie goes to the tied seat nearest
        clockwise from the previous round's first lead (that seat itself counts first)."""
        best = max(self.totals)
        n = self.num_players
        for step in range(n):
            seat = (self.round_lead + step) % n
            if self.totals[seat] == best:
                return seat
        raise AssertionError("unreachable")

    # -- abilities (ruling YB-7) -----------------------------------------------------------
    def _start_ability(self, seat: int, ability: int, events: list[Event]) -> None:
        token = self.ability_row.index(ability) + 2
        events.append(AbilityUsed(seat, ability, token))
        self.pending_ability = ability
        if ability == LIFER_SWAP:
            self.phase = LIFER_SWAP_HAND
        elif ability == NEW_LIFER:
            old = self.lifer
            self._bury(seat, old, "lifer", public=True, events=events)
            new = self.deck.pop()
            self.known.pop(new, None)
            self.lifer = new
            events.append(LiferRevealed(new, seat))
            self._deal_abilities(events, redeal=True)  # ★: a new row at once
            self._next_drafter(events)
        elif ability == FEEDER_SWAP:
            self.phase = FEEDER_SWAP_GIVE
        elif ability == HAND_TO_FEEDER:
            self.phase = HAND_FEEDER_TAKE
        elif ability == REFLOCK:
            self.phase = REFLOCK_BIRD
        elif ability == MERGE:
            self.phase = MERGE_FIRST
        elif ability == BIRDSEED:
            self._draw(seat, events)
            self.phase = BIRDSEED_BURY
        elif ability == FLY_OFF:
            self.phase = FLY_OFF_BIRD

    def _do_lifer_swap(self, seat: int, action: PickHand, events: list[Event]) -> None:
        card, old = action.card, self.lifer
        hand = self.hands[seat]
        hand.remove(card)
        self.known.pop(card, None)
        hand.append(old)
        hand.sort()
        self.known[old] = self.all_mask  # everyone saw the old Lifer go into that hand
        self.lifer = card
        events.append(LiferSwapped(seat, card, old))
        self._deal_abilities(events, redeal=True)  # ★: a new row at once
        self._next_drafter(events)

    def _do_swap_give(self, seat: int, action: PickYard, events: list[Event]) -> None:
        self.pending_card = action.card
        self.phase = FEEDER_SWAP_TAKE

    def _do_swap_take(self, seat: int, action: PickFeeder, events: list[Event]) -> None:
        yard = self.yards[seat]
        given, taken = self.pending_card, action.card
        index = self._flock_of(yard, given)
        rest = yard[index].minus(given)
        slot = self.feeder.index(taken)
        self.feeder[slot] = given  # the given bird joins no flock until taken
        events.append(FeederSwapped(seat, given, taken, slot, index, rest is None))
        if rest is None:
            del yard[index]
        else:
            yard[index] = rest
        self.pending_card = None
        self.pending_bird = taken
        self.phase = FEEDER_SWAP_FLOCK

    def _do_swap_flock(self, seat: int, action: ToFlock, events: list[Event]) -> None:
        self._flock_pending(seat, action.flock, events)
        self._next_drafter(events)

    def _do_hand_feeder_take(self, seat: int, action: PickFeeder, events: list[Event]) -> None:
        self.pending_card = action.card
        self.phase = HAND_FEEDER_GIVE

    def _do_hand_feeder_give(self, seat: int, action: PickHand, events: list[Event]) -> None:
        given, taken = action.card, self.pending_card
        hand = self.hands[seat]
        hand.remove(given)
        self.known.pop(given, None)
        slot = self.feeder.index(taken)
        self.feeder[slot] = given
        hand.append(taken)
        hand.sort()
        self.known[taken] = self.all_mask  # taken face up: everyone knows it is there
        events.append(HandFeederSwapped(seat, given, taken, slot))
        self._next_drafter(events)

    def _do_reflock_bird(self, seat: int, action: PickYard, events: list[Event]) -> None:
        self.pending_card = action.card
        self.pending_flock = self._flock_of(self.yards[seat], action.card)
        self.phase = REFLOCK_FLOCK

    def _do_reflock_flock(self, seat: int, action: ToFlock, events: list[Event]) -> None:
        yard = self.yards[seat]
        card, src, dst = self.pending_card, self.pending_flock, action.flock
        rest = yard[src].minus(card)
        if dst == NEW_FLOCK:
            yard.append(Flock((card,)))
        else:
            yard[dst] = yard[dst].plus(card)
        events.append(BirdReflocked(seat, card, src, dst, rest is None))
        if rest is None:
            del yard[src]
        else:
            yard[src] = rest
        self._next_drafter(events)

    def _do_merge_first(self, seat: int, action: PickFlock, events: list[Event]) -> None:
        self.pending_flock = action.flock
        self.phase = MERGE_SECOND

    def _do_merge_second(self, seat: int, action: PickFlock, events: list[Event]) -> None:
        yard = self.yards[seat]
        first, second = self.pending_flock, action.flock
        low, high = min(first, second), max(first, second)
        merged = Flock(yard[low].cards + yard[high].cards)
        yard[low] = merged
        del yard[high]
        events.append(FlocksMerged(seat, first, second, merged.kind, merged.points))
        self._next_drafter(events)

    def _do_fly_off(self, seat: int, action: PickYard, events: list[Event]) -> None:
        yard = self.yards[seat]
        index = self._flock_of(yard, action.card)
        del yard[index]
        self._bury(seat, action.card, "yard", public=True, events=events, flock=index)
        self._draw(seat, events)
        self.phase = FLY_OFF_BURY

    def _do_bury(self, seat: int, action: PickHand, events: list[Event]) -> None:
        """Birdseed and Fly Off end with a card of the hand under the deck."""
        self.hands[seat].remove(action.card)
        self._bury(seat, action.card, "hand", public=False, events=events)
        self._next_drafter(events)

    @staticmethod
    def _flock_of(yard: list[Flock], card: Card) -> int:
        for index, flock in enumerate(yard):
            if card in flock.cards:
                return index
        raise AssertionError(f"{card} is not in the yard")

    def _bury(self, seat: int, card: Card, src: str, public: bool, events: list[Event],
              flock: int = -1) -> None:
        """Put ``card`` under the deck. A face-up card is known to all; a hand card only
        to ``seat``, and the others lose track of what else that hand holds."""
        self.deck.insert(0, card)
        if public:
            self.known[card] = self.all_mask
        else:
            for held in self.hands[seat]:
                self.known.pop(held, None)
            self.known[card] = 1 << seat
        events.append(CardBuried(seat, card, src, public, flock))

    def _draw(self, seat: int, events: list[Event]) -> None:
        card = self.deck.pop()
        mask = self.known.pop(card, 0)
        if mask != self.all_mask:
            mask &= ~(1 << seat)  # a hand's owner always knows it; store only the others
        if mask:
            self.known[card] = mask
        hand = self.hands[seat]
        hand.append(card)
        hand.sort()
        events.append(CardDrawn(seat, card))

    def opening_events(self) -> list[Event]:
        """Round 1's deal (later rounds' deals come as events from ``apply``)."""
        return list(self._opening)

    # -- outcome ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def yard_points(self) -> list[int]:
        return [yard_score(yard) for yard in self.yards]

    def scores(self) -> list[int]:
        """Banked totals plus the current yards while a round is being played."""
        if self.phase == OVER:
            return list(self.totals)
        return [t + p for t, p in zip(self.totals, self.yard_points())]

    def winners(self) -> list[int]:
        return engine.ranked_winners(self.totals) if self.phase == OVER else []

    def score_breakdown(self) -> list[list[tuple[str, str]]]:
        """Per seat: each round's sum, then the flocks that scored in it (type and points,
        two to a row so three rounds fit the results panel; solo birds score 0 and are
        left out), then the total."""
        rows: list[list[tuple[str, str]]] = []
        for seat in range(self.num_players):
            seat_rows = self._breakdown_rows(seat, BREAKDOWN_CHARS)
            if len(seat_rows) > BREAKDOWN_ROWS:
                seat_rows = self._breakdown_rows(seat, 0)  # strictly two to a row
            rows.append(seat_rows)
        return rows

    def _breakdown_rows(self, seat: int, chars: int) -> list[tuple[str, str]]:
        """Rows of one seat; flocks share a row while it stays within ``chars`` (0: two
        to a row, whatever their length)."""
        rows: list[tuple[str, str]] = []
        for number, results in enumerate(self.round_results, 1):
            flocks = results[seat]
            rows.append((_("Round {number}").format(number=number),
                         str(sum(f.points for f in flocks))))
            line: list[str] = []
            for flock in flocks:
                if flock.points <= 0:
                    continue
                item = _("{kind} +{points}").format(kind=_(SHORT_KIND[flock.kind]),
                                                    points=flock.points)
                joined = " \u00b7 ".join(line + [item])
                if line and ((chars and len(joined) > chars) or (not chars and len(line) == 2)):
                    rows.append(("  " + " \u00b7 ".join(line), ""))
                    line = []
                line.append(item)
            if line:
                rows.append(("  " + " \u00b7 ".join(line), ""))
        rows.append((_("Total"), str(self.totals[seat])))
        return rows

    def progress(self) -> str:
        return _("round {number} of {rounds}").format(number=max(self.round, 1),
                                                      rounds=ROUNDS)

    def outcome(self) -> str:
        """How the game ended, without seat labels (outcome() has no names: the results
        screen and the banner name the winners above this line)."""
        if self.phase != OVER:
            return ""
        winners = self.winners()
        best = self.totals[winners[0]]
        if len(winners) > 1:
            return _("Tied on {best} points after {rounds} rounds: the win is shared.").format(
                best=best, rounds=ROUNDS)
        return _("The highest total after {rounds} rounds: {best} points.").format(
            best=best, rounds=ROUNDS)

    # -- information -----------------------------------------------------------------------
    def _knows(self, mask: int, seat: int | None) -> bool:
        return mask == self.all_mask or (seat is not None and (mask >> seat) & 1 == 1)

    def view(self, player: int | None) -> YardBirbsView:
        n = self.num_players
        known = self.known
        marks = []
        for seat in range(n):
            seat_marks = []
            for card in self.hands[seat]:
                mask = known.get(card, 0)
                if mask:
                    seen = seat == player or self._knows(mask, player)
                    seat_marks.append((mask, card if seen else None))
            seat_marks.sort(key=_mark_key)
            marks.append(tuple(seat_marks))
        top = len(self.deck) - 1
        deck_marks = tuple((top - i, known[c], c if self._knows(known[c], player) else None)
                           for i, c in enumerate(self.deck) if c in known)
        deck_marks = tuple(sorted(deck_marks, key=lambda m: m[0]))
        feeder = tuple(FeederSlot(s, c) for s, c in zip(self.feeder_seats, self.feeder))
        return YardBirbsView(
            seat=player, num_players=n, phase=self.phase, current=self.current_player,
            round=self.round, trick=self.trick, round_lead=self.round_lead, lead=self.lead,
            lifer=self.lifer,
            abilities=tuple((i + 2, a) for i, a in enumerate(self.ability_row)),
            ability_pile=tuple(self.ability_pile),
            ability_discard=tuple(self.ability_discard),
            feeder=feeder, places=tuple(self.places), draft_order=tuple(self.draft_order),
            pending_bird=self.pending_bird, pending_ability=self.pending_ability,
            pending_card=self.pending_card, pending_flock=self.pending_flock,
            hand=tuple(self.hands[player]) if player is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            hand_marks=tuple(marks), deck_size=len(self.deck), deck_marks=deck_marks,
            yards=tuple(tuple(y) for y in self.yards),
            yard_points=tuple(self.yard_points()), totals=tuple(self.totals),
            round_results=tuple(self.round_results), winners=tuple(self.winners()))

    def determinize(self, player: int | None, rng: random.Random) -> "State":
        """Deal every card ``player`` cannot know at random, keeping who-knows-what.

        Unknown cards are pooled, sorted and shuffled; then dealt to the other hands
        (each hand's unknown slots in order of their public knowledge masks) and to the
        deck's unknown positions from the bottom up, so the result depends on view(player)
        and ``rng`` only.
        """
        new = self.clone()
        known = self.known
        pool: list[Card] = []
        hand_slots: list[tuple[int, list[Card], list[int]]] = []
        for seat in range(self.num_players):
            if seat == player:
                continue
            keep, masks = [], []
            for card in self.hands[seat]:
                mask = known.get(card, 0)
                if mask and self._knows(mask, player):
                    keep.append(card)
                else:
                    pool.append(card)
                    masks.append(mask)
            masks.sort()
            hand_slots.append((seat, keep, masks))
        deck_slots: list[tuple[int, int]] = []
        for index, card in enumerate(self.deck):
            mask = known.get(card, 0)
            if not (mask and self._knows(mask, player)):
                pool.append(card)
                deck_slots.append((index, mask))
        pooled = set(pool)
        new_known = {c: m for c, m in known.items() if c not in pooled}
        pool.sort()
        rng.shuffle(pool)
        for seat, keep, masks in hand_slots:
            hand = list(keep)
            for mask in masks:
                card = pool.pop()
                hand.append(card)
                if mask:
                    new_known[card] = mask
            hand.sort()
            new.hands[seat] = hand
        deck = list(self.deck)
        for index, mask in deck_slots:
            card = pool.pop()
            deck[index] = card
            if mask:
                new_known[card] = mask
        new.deck = deck
        new.known = new_known
        new.rng = child_rng(rng)
        new._legal_cache = None
        return new

    # -- copies ------------------------------------------------------------------------------
    def clone(self) -> "State":
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.rng = _copy_rng(self.rng)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.known = dict(self.known)
        new.yards = [list(y) for y in self.yards]  # flocks are immutable: share them
        new.ability_row = list(self.ability_row)
        new.ability_pile = list(self.ability_pile)
        new.ability_discard = list(self.ability_discard)
        new.feeder = list(self.feeder)
        new.feeder_seats = list(self.feeder_seats)
        new.places = list(self.places)
        new.draft_order = list(self.draft_order)
        new.totals = list(self.totals)
        new.round_results = list(self.round_results)
        new._legal_cache = None
        return new

    def to_dict(self) -> dict:
        def card(c):
            return None if c is None else list(c)

        return {
            "game_id": self.game_id, "num_players": self.num_players,
            "round": self.round, "trick": self.trick, "phase": self.phase,
            "current": self.current_player, "round_lead": self.round_lead,
            "lead": self.lead,
            "hands": [[list(c) for c in h] for h in self.hands],
            "deck": [list(c) for c in self.deck],
            "known": [[list(c), m] for c, m in sorted(self.known.items())],
            "yards": [[[list(c) for c in f.cards] for f in y] for y in self.yards],
            "lifer": list(self.lifer),
            "ability_row": list(self.ability_row),
            "ability_pile": list(self.ability_pile),
            "ability_discard": list(self.ability_discard),
            "feeder": [card(c) for c in self.feeder],
            "feeder_seats": list(self.feeder_seats),
            "places": list(self.places), "draft_order": list(self.draft_order),
            "draft_index": self.draft_index,
            "pending_bird": card(self.pending_bird),
            "pending_ability": self.pending_ability,
            "pending_card": card(self.pending_card),
            "pending_flock": self.pending_flock,
            "totals": list(self.totals),
            "round_results": [[[[[list(c) for c in r.cards], r.kind, r.points]
                                for r in seat] for seat in rnd]
                              for rnd in self.round_results],
            "rng": rng_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        def card(c):
            return None if c is None else card_from_json(c)

        new = cls(data["num_players"], rng_from_json(data["rng"]))
        new.round, new.trick = data["round"], data["trick"]
        new.phase, new.current_player = data["phase"], data["current"]
        new.round_lead, new.lead = data["round_lead"], data["lead"]
        new.hands = [[card(c) for c in h] for h in data["hands"]]
        new.deck = [card(c) for c in data["deck"]]
        new.known = {card(c): m for c, m in data["known"]}
        new.yards = [[Flock(card(c) for c in f) for f in y] for y in data["yards"]]
        new.lifer = card(data["lifer"])
        new.ability_row = list(data["ability_row"])
        new.ability_pile = list(data["ability_pile"])
        new.ability_discard = list(data["ability_discard"])
        new.feeder = [card(c) for c in data["feeder"]]
        new.feeder_seats = list(data["feeder_seats"])
        new.places = list(data["places"])
        new.draft_order = list(data["draft_order"])
        new.draft_index = data["draft_index"]
        new.pending_bird = card(data["pending_bird"])
        new.pending_ability = data["pending_ability"]
        new.pending_card = card(data["pending_card"])
        new.pending_flock = data["pending_flock"]
        new.totals = list(data["totals"])
        new.round_results = [tuple(tuple(FlockResult(tuple(card(c) for c in cards), kind,
                                                     points)
                                         for cards, kind, points in seat)
                                   for seat in rnd)
                             for rnd in data["round_results"]]
        return new


# ======================================================================================
# The phases: one entry per decision
# ======================================================================================
@dataclass(frozen=True, slots=True)
class Phase:
    """One decision a seat can be asked for, holding its moves as boardgame.io's phases
    and stages do: ``legal(state, seat)`` lists them, ``apply(state, seat, action,
    events)`` plays one (and sets the next phase), ``prompt`` asks for it, ``zone`` says
    where its choices lie, and ``fresh`` marks a decision that starts anew (a card to
    play, a bird to take, an ability, a bury after a draw, the end): a person's chain of
    picks on the table or a phone's grouped choices stop before it."""
    name: str
    prompt: str
    legal: Callable[[State, int], list]
    apply: Callable[[State, int, Any, list[Event]], None]
    zone: str
    fresh: bool = False


PHASES: dict[str, Phase] = {p.name: p for p in (
    Phase(PLAY, N_("Play a card to the feeder"), State._moves_play, State._do_play,
          HAND_ZONE, fresh=True),
    Phase(TAKE, N_("Take a bird from the feeder"), State._moves_take, State._do_take,
          FEEDER_ZONE, fresh=True),
    Phase(FLOCK, N_("Choose a flock for the bird"), State._moves_flock, State._do_flock,
          FLOCK_ZONE),
    Phase(ABILITY, N_("Use an ability, or skip"), State._moves_ability, State._do_ability,
          ABILITY_ZONE, fresh=True),
    Phase(LIFER_SWAP_HAND, N_("Lifer Swap: choose a card from your hand"),
          State._moves_pick_hand, State._do_lifer_swap, HAND_ZONE),
    Phase(FEEDER_SWAP_GIVE, N_("Feeder Swap: choose a bird of your yard to give"),
          State._moves_swap_give, State._do_swap_give, YARD_ZONE),
    Phase(FEEDER_SWAP_TAKE, N_("Feeder Swap: choose a bird in the feeder to take"),
          State._moves_pick_feeder, State._do_swap_take, FEEDER_ZONE),
    Phase(FEEDER_SWAP_FLOCK, N_("Feeder Swap: choose a flock for the bird"),
          State._moves_flock, State._do_swap_flock, FLOCK_ZONE),
    Phase(HAND_FEEDER_TAKE, N_("Hand to Feeder: choose a bird in the feeder to take"),
          State._moves_pick_feeder, State._do_hand_feeder_take, FEEDER_ZONE),
    Phase(HAND_FEEDER_GIVE, N_("Hand to Feeder: choose a card from your hand to give"),
          State._moves_pick_hand, State._do_hand_feeder_give, HAND_ZONE),
    Phase(REFLOCK_BIRD, N_("Reflock: choose a bird to move"),
          State._moves_reflock_bird, State._do_reflock_bird, YARD_ZONE),
    Phase(REFLOCK_FLOCK, N_("Reflock: choose where it goes"),
          State._moves_reflock_flock, State._do_reflock_flock, FLOCK_ZONE),
    Phase(MERGE_FIRST, N_("Merge: choose a flock"),
          State._moves_merge_first, State._do_merge_first, MERGE_ZONE),
    Phase(MERGE_SECOND, N_("Merge: choose the flock to join it with"),
          State._moves_merge_second, State._do_merge_second, MERGE_ZONE),
    Phase(BIRDSEED_BURY, N_("Birdseed: choose a card to put under the deck"),
          State._moves_pick_hand, State._do_bury, HAND_ZONE, fresh=True),
    Phase(FLY_OFF_BIRD, N_("Fly Off: choose a solo bird"),
          State._moves_fly_off, State._do_fly_off, YARD_ZONE),
    Phase(FLY_OFF_BURY, N_("Fly Off: choose a card to put under the deck"),
          State._moves_pick_hand, State._do_bury, HAND_ZONE, fresh=True),
    Phase(OVER, N_("The game is over"), State._no_moves, State._no_move, "", fresh=True),
)}

PHASE_PROMPTS: dict[str, str] = {name: phase.prompt for name, phase in PHASES.items()}
"""Each phase's prompt by name (read from PHASES), in English: shown through ``_()``."""


def new_state(num_players: int, seed: int | None = None, **options) -> State:
    """A new game, dealt for round 1 with a random lead (ruling YB-2)."""
    if options:
        raise TypeError(f"Yard Birbs takes no options, not {sorted(options)}")
    state = State(num_players, random.Random(seed))
    events: list[Event] = []
    state._start_round(state.rng.randrange(num_players), events)
    state._opening = tuple(events)
    return state
