"""Yard Birbs opponents: Easy and Normal heuristics.

Both read only ``state.view(seat)``, the legal actions and (Normal, to guess the cards
still to come in a trick) ``state.determinize(seat, self.rng)``; so they decide the same
on a state and on any determinization of it for their seat.

Normal values a yard as its points plus each flock's *potential*: how much one more bird
would add, times the chance that one of the live cards that would fit reaches this yard
before the round ends. It drafts and flocks by the change in that value, uses an ability
when it raises the value (or the hand's trick-winning strength) enough, and plays the
card whose expected draft place, over a few guessed deals, brings the best bird.
Easy looks only at points already on the table, plays naively and makes noisy mistakes.
"""
from __future__ import annotations

from game.ai import BaseBot
from game.yard_birbs.cards import (BIRDSEED, COLOUR, DECK, EQUAL, FEEDER_SWAP, FLY_OFF,
                                   HAND_TO_FEEDER, LIFER_SWAP, MERGE, NEW_LIFER, POINTS,
                                   REFLOCK, SPECIES, SPECIES_KIND, rank_in_suit)
from game.yard_birbs.rules import (ABILITY, BIRDSEED_BURY, FEEDER_SWAP_FLOCK,
                                   FEEDER_SWAP_GIVE, FEEDER_SWAP_TAKE, FLOCK, FLY_OFF_BIRD,
                                   FLY_OFF_BURY, HAND_FEEDER_GIVE, HAND_FEEDER_TAKE,
                                   LIFER_SWAP_HAND, MERGE_FIRST, MERGE_SECOND, NEW_FLOCK,
                                   PLAY, REFLOCK_BIRD, REFLOCK_FLOCK, TAKE, Flock,
                                   PickFeeder, PickFlock, PickHand, PickYard, Play, Skip,
                                   ToFlock, TrickRanked, UseAbility, YardBirbsView)

# Tuning (measured in an arena of seeded games against Random bots).
POTENTIAL_WEIGHT = 0.7    # how much a flock's hoped-for growth counts against points
TARGET_BOOST = 1.3        # a bird we want reaches us more often than 1 time in N
HAND_WEIGHT = 0.6         # points per unit of hand strength
LIFER_STRENGTH = 1.0      # a Lifer-species card almost always wins its trick
CARD_COST = 0.35          # reluctance to spend a strong card on a poor feeder
ABILITY_MARGIN = 0.05     # use an ability only for at least this much gain
PLAY_SAMPLES = 6          # guessed deals per play decision


def card_strength(card: tuple, lifer_species: int) -> float:
    """How likely a card is to win or place well in a trick, 0..1."""
    if card[2] == lifer_species:
        return LIFER_STRENGTH
    return 0.6 * rank_in_suit(card) / 10


def hand_strength(hand, lifer_species: int) -> float:
    return sum(card_strength(c, lifer_species) for c in hand)


class Appraiser:
    """The Normal bot's sense of value, built once per decision from one view."""

    def __init__(self, view: YardBirbsView, seat: int) -> None:
        self.view = view
        self.seat = seat
        n = view.num_players
        hand = view.hand
        # Birds still to come this round = every card in a hand plus the feeder. Cards
        # nobody has seen may be in a hand or in the deck: weight them by the odds.
        gone = {c for yard in view.yards for f in yard for c in f.cards}
        gone.add(view.lifer)
        gone.update(c for _, _, c in view.deck_marks if c is not None)
        seen = set(hand) | set(view.feeder_cards())
        known_others = [c for s in range(n) if s != seat for c in view.known_cards(s)]
        seen.update(known_others)
        unknown = [c for c in DECK if c not in gone and c not in seen]
        hidden_hand_cards = sum(view.hand_sizes) - len(hand) - len(known_others)
        odds = hidden_hand_cards / len(unknown) if unknown else 0.0
        self.live: list[tuple[tuple, float]] = [(c, 1.0) for c in sorted(seen - gone)]
        self.live += [(c, odds) for c in unknown]
        self.odds = dict(self.live)
        # Summed odds of the live cards by suit, species and number: a flock's chance of
        # growing is then a lookup per type instead of a pass over every card.
        self.by_suit = [0.0] * 5
        self.by_species = [0.0] * len(SPECIES)
        self.by_number = [0.0] * 17
        for card, weight in self.live:
            self.by_suit[card[0]] += weight
            self.by_species[card[2]] += weight
            self.by_number[card[1]] += weight
        # Future birds for this seat after the one being decided now.
        self.picks_left = len(hand) - 1 if view.phase == PLAY else len(hand)
        self.per_card = min(0.6, TARGET_BOOST / n)
        self._flock_cache: dict[tuple, float] = {}
        self._gain_cache: dict[tuple, tuple[float, int]] = {}
        self.lifer_species = view.lifer.species

    # -- yards ------------------------------------------------------------------------
    def flock_value(self, flock: Flock) -> float:
        """Points now plus the hoped-for gain of one more fitting bird."""
        key = flock.cards
        value = self._flock_cache.get(key)
        if value is not None:
            return value
        value = float(flock.points)
        if self.picks_left > 0:
            size = len(flock.cards)
            own = sum(self.odds.get(c, 0.0) for c in flock.cards)  # not extenders
            best = 0.0
            for kind in flock.kinds:
                table = POINTS[kind]
                gain = table[min(size + 1, len(table) - 1)] - flock.points
                if gain <= 0:
                    continue
                if kind == COLOUR:
                    weight = self.by_suit[flock.suit] - own
                elif kind == SPECIES_KIND:
                    weight = self.by_species[flock.species] - own
                elif kind == EQUAL:
                    weight = self.by_number[flock.number] - own
                else:
                    weight = self.by_number[flock.lo - 1] + self.by_number[flock.hi + 1]
                if weight > 1e-9:
                    chance = 1.0 - (1.0 - self.per_card) ** weight
                    best = max(best, gain * chance)
            value += POTENTIAL_WEIGHT * best
        self._flock_cache[key] = value
        return value

    def yard_value(self, yard) -> float:
        return sum(self.flock_value(f) for f in yard)

    def placement(self, yard, bird) -> tuple[float, int]:
        """Best flock for ``bird`` in ``yard``: (gain in value, index or NEW_FLOCK)."""
        best_gain = self.flock_value(Flock((bird,)))
        best_index = NEW_FLOCK
        for index, flock in enumerate(yard):
            if flock.joins(bird):
                gain = self.flock_value(flock.plus(bird)) - self.flock_value(flock)
                if gain > best_gain + 1e-9:
                    best_gain, best_index = gain, index
        return best_gain, best_index

    def bird_gain(self, bird) -> float:
        """What ``bird`` adds to this seat's current yard, placed at its best."""
        cached = self._gain_cache.get(bird)
        if cached is None:
            cached = self.placement(self.view.yards[self.seat], bird)
            self._gain_cache[bird] = cached
        return cached[0]

    def hand_value(self, hand, lifer_species: int | None = None) -> float:
        species = self.lifer_species if lifer_species is None else lifer_species
        return HAND_WEIGHT * hand_strength(hand, species)


def points_gain(yard, bird) -> tuple[int, int]:
    """Immediate points ``bird`` adds to ``yard`` at its best: (gain, index)."""
    best, where = 0, NEW_FLOCK
    for index, flock in enumerate(yard):
        if flock.joins(bird):
            gain = flock.plus(bird).points - flock.points
            if gain > best:
                best, where = gain, index
    return best, where


# ======================================================================================
class NormalBot(BaseBot):
    """Plays for the birds it wants, drafts and flocks by value, uses good abilities."""

    level = "normal"

    def pick(self, state, seat: int, actions: list):
        view = state.view(seat)
        judge = Appraiser(view, seat)
        phase = view.phase
        if phase == PLAY:
            return self._play(state, seat, view, judge, actions)
        if phase == TAKE:
            return max(actions, key=lambda a: (self._take_value(view, judge, a.card),
                                               a.card))
        if phase in (FLOCK, FEEDER_SWAP_FLOCK):
            _, index = judge.placement(view.yards[seat], view.pending_bird)
            return _choose(actions, ToFlock(index))
        if phase == ABILITY:
            return self._ability(view, judge, actions)
        return self._target(view, judge, actions)

    # -- playing a card -----------------------------------------------------------------
    def _play(self, state, seat, view, judge: Appraiser, actions: list):
        later = view.num_players - len(view.feeder) - 1
        samples = PLAY_SAMPLES if later else 1
        deals = [state.determinize(seat, self.rng) for _ in range(samples)]
        opponents: dict[tuple[int, tuple], int] = {}
        best, best_value = actions[0], float("-inf")
        for action in actions:
            total = 0.0
            for deal in deals:
                sim = deal.clone()
                events = sim.apply(action)
                moves = sim.legal_actions()
                while isinstance(moves[0], Play):  # the rest of the trick, guessed
                    events = sim.apply(self.rng.choice(moves))
                    moves = sim.legal_actions()
                ranked = next(e for e in events if isinstance(e, TrickRanked))
                total += self._draft_outcome(ranked, view, judge, opponents)
            value = total / samples - CARD_COST * card_strength(action.card,
                                                                 judge.lifer_species)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    @staticmethod
    def _draft_outcome(ranked: TrickRanked, view, judge: Appraiser, cache) -> float:
        """Greedy draft in place order: the value of the bird this seat ends up with."""
        birds = [p.card for p in ranked.placements]
        for placement in ranked.placements:
            drafter = placement.seat
            if drafter == view.seat:
                return max(judge.bird_gain(b) for b in birds)
            choice, best = birds[0], -1
            for bird in birds:
                key = (drafter, bird)
                gain = cache.get(key)
                if gain is None:
                    gain = cache[key] = points_gain(view.yards[drafter], bird)[0]
                if gain > best:
                    choice, best = bird, gain
            birds.remove(choice)
        return 0.0

    def _take_value(self, view, judge: Appraiser, bird) -> float:
        """Own gain, plus a little for keeping a good bird from the next drafter."""
        value = judge.bird_gain(bird)
        order = view.draft_order
        position = order.index(view.seat)
        if position + 1 < len(order):
            rival = order[position + 1]
            value += 0.25 * points_gain(view.yards[rival], bird)[0]
        return value

    # -- abilities ------------------------------------------------------------------------
    def _ability(self, view, judge: Appraiser, actions: list):
        best, best_gain = None, ABILITY_MARGIN
        for action in actions:
            if isinstance(action, UseAbility):
                gain = self._ability_gain(view, judge, action.ability)
                if gain > best_gain:
                    best, best_gain = action, gain
        return best if best is not None else _choose(actions, Skip())

    def _ability_gain(self, view, judge: Appraiser, ability: int) -> float:
        yard = list(view.yards[view.seat])
        base = judge.yard_value(yard)
        hand = view.hand
        if ability == REFLOCK:
            return max((v for v, _ in _reflocks(judge, yard)), default=0.0) - base
        if ability == MERGE:
            return max((v for v, _ in _merges(judge, yard)), default=0.0) - base
        if ability == FEEDER_SWAP:
            return max((v for v, _ in _feeder_swaps(judge, yard, view.feeder_cards())),
                       default=0.0) - base
        if ability == HAND_TO_FEEDER:
            return max((v for v, _ in _hand_swaps(judge, hand, view.feeder_cards())),
                       default=0.0) - judge.hand_value(hand)
        if ability == LIFER_SWAP:
            return max((v for v, _ in _lifer_swaps(judge, hand, view.lifer)),
                       default=0.0) - judge.hand_value(hand)
        if ability == NEW_LIFER:
            unknown = [c for c, odds in judge.live if odds < 1.0]
            if not unknown:
                return 0.0
            counts = [0] * len(SPECIES)
            for card in unknown:
                counts[card[2]] += 1
            expected = sum(judge.hand_value(hand, s) * k for s, k in enumerate(counts))
            return expected / len(unknown) - judge.hand_value(hand)
        if ability in (BIRDSEED, FLY_OFF):
            if not hand and ability == BIRDSEED:
                return 0.0
            gain = self._draw_gain(judge, hand)
            if ability == FLY_OFF:
                solos = [f for f in yard if len(f.cards) == 1]
                if not solos:
                    return 0.0
                gain -= min(judge.flock_value(f) for f in solos)
            return gain
        return 0.0

    @staticmethod
    def _draw_gain(judge: Appraiser, hand) -> float:
        """Expected gain of drawing an unseen card and burying the weakest card."""
        unknown = [c for c, odds in judge.live if odds < 1.0]
        if not unknown or not hand:
            return 0.0
        species = judge.lifer_species
        weakest = min(card_strength(c, species) for c in hand)
        better = sum(max(0.0, card_strength(c, species) - weakest) for c in unknown)
        return HAND_WEIGHT * better / len(unknown)

    def _target(self, view, judge: Appraiser, actions: list):
        """One target of an ability: score each legal choice by its best completion."""
        seat = view.seat
        yard = list(view.yards[seat])
        hand = view.hand
        phase = view.phase
        species = judge.lifer_species
        scores: dict = {}
        if phase == LIFER_SWAP_HAND:
            for value, card in _lifer_swaps(judge, hand, view.lifer):
                scores[PickHand(card)] = value
        elif phase == FEEDER_SWAP_GIVE:
            for value, (given, _) in _feeder_swaps(judge, yard, view.feeder_cards()):
                key = PickYard(given)
                scores[key] = max(scores.get(key, value), value)
        elif phase == FEEDER_SWAP_TAKE:
            for value, (given, taken) in _feeder_swaps(judge, yard, view.feeder_cards()):
                if given == view.pending_card:
                    scores[PickFeeder(taken)] = value
        elif phase == HAND_FEEDER_TAKE:
            for value, (taken, _) in _hand_swaps(judge, hand, view.feeder_cards()):
                key = PickFeeder(taken)
                scores[key] = max(scores.get(key, value), value)
        elif phase == HAND_FEEDER_GIVE:
            for value, (taken, given) in _hand_swaps(judge, hand, view.feeder_cards()):
                if taken == view.pending_card:
                    scores[PickHand(given)] = value
        elif phase == REFLOCK_BIRD:
            for value, (card, _) in _reflocks(judge, yard):
                key = PickYard(card)
                scores[key] = max(scores.get(key, value), value)
        elif phase == REFLOCK_FLOCK:
            for value, (card, dst) in _reflocks(judge, yard):
                if card == view.pending_card:
                    scores[ToFlock(dst)] = value
        elif phase == MERGE_FIRST:
            for value, (i, j) in _merges(judge, yard):
                for key in (PickFlock(i), PickFlock(j)):
                    scores[key] = max(scores.get(key, value), value)
        elif phase == MERGE_SECOND:
            for value, (i, j) in _merges(judge, yard):
                if view.pending_flock in (i, j):
                    other = j if i == view.pending_flock else i
                    scores[PickFlock(other)] = value
        elif phase in (BIRDSEED_BURY, FLY_OFF_BURY):
            for card in hand:
                scores[PickHand(card)] = -card_strength(card, species)
        elif phase == FLY_OFF_BIRD:
            for flock in yard:
                if len(flock.cards) == 1:
                    scores[PickYard(flock.cards[0])] = -judge.flock_value(flock)
        return max(actions, key=lambda a: (scores.get(a, float("-inf")), _order(a)))


def _order(action) -> tuple:
    """A fixed tie-break between equally good moves (lowest card or index first)."""
    value = getattr(action, "card", None) or getattr(action, "flock", 0)
    if isinstance(value, int):
        return (-value,)
    return tuple(-x for x in value)


def _choose(actions: list, wanted):
    return wanted if wanted in actions else actions[0]


# -- ability plans: (resulting value, what to pick) ---------------------------------------
def _reflocks(judge: Appraiser, yard: list):
    for src, flock in enumerate(yard):
        alone = len(flock.cards) == 1
        for card in flock.cards:
            if not alone and not flock.can_lose(card):  # ruling YB-9
                continue
            rest = flock.minus(card)
            base = judge.yard_value(yard) - judge.flock_value(flock)
            if rest is not None:
                base += judge.flock_value(rest)
            for dst, other in enumerate(yard):
                if dst != src and other.joins(card):
                    yield (base - judge.flock_value(other)
                           + judge.flock_value(other.plus(card)), (card, dst))
            if not alone:
                yield base + judge.flock_value(Flock((card,))), (card, NEW_FLOCK)


def _merges(judge: Appraiser, yard: list):
    total = judge.yard_value(yard)
    for i, first in enumerate(yard):
        for j in range(i + 1, len(yard)):
            second = yard[j]
            if first.merges(second):
                merged = Flock(first.cards + second.cards)
                yield (total - judge.flock_value(first) - judge.flock_value(second)
                       + judge.flock_value(merged), (i, j))


def _feeder_swaps(judge: Appraiser, yard: list, feeder):
    total = judge.yard_value(yard)
    for index, flock in enumerate(yard):
        for given in flock.cards:
            if not flock.can_lose(given):  # ruling YB-9
                continue
            rest = flock.minus(given)
            after = [f for k, f in enumerate(yard) if k != index]
            if rest is not None:
                after.insert(index, rest)
            base = total - judge.flock_value(flock) + (
                judge.flock_value(rest) if rest is not None else 0.0)
            for taken in feeder:
                gain, _ = judge.placement(after, taken)
                yield base + gain, (given, taken)


def _hand_swaps(judge: Appraiser, hand, feeder):
    for taken in feeder:
        for given in hand:
            new_hand = [c for c in hand if c != given] + [taken]
            yield judge.hand_value(new_hand), (taken, given)


def _lifer_swaps(judge: Appraiser, hand, lifer):
    for card in hand:
        new_hand = [c for c in hand if c != card] + [lifer]
        yield judge.hand_value(new_hand, card[2]), card


# ======================================================================================
class EasyBot(BaseBot):
    """Counts only points on the table, plays naively and slips up now and then."""

    level = "easy"
    SLIP = 0.3

    def pick(self, state, seat: int, actions: list):
        if self.rng.random() < self.SLIP:
            return self.rng.choice(actions)
        view = state.view(seat)
        phase = view.phase
        yard = view.yards[seat]
        if phase == PLAY:
            # Tries to win by playing its highest card, whatever is in the feeder.
            return max(actions, key=lambda a: (a.card[1], a.card))
        if phase == TAKE:
            return max(actions, key=lambda a: (points_gain(yard, a.card)[0], a.card))
        if phase in (FLOCK, FEEDER_SWAP_FLOCK):
            return _choose(actions, ToFlock(points_gain(yard, view.pending_bird)[1]))
        if phase == ABILITY:
            return _choose(actions, Skip())
        return self.rng.choice(actions)


def make_bot(level: str, seed: int | None = None) -> BaseBot:
    """The Yard Birbs bot for ``level`` ("easy" or "normal"; "hard" plays as Normal)."""
    if level == "easy":
        return EasyBot(seed)
    if level in ("normal", "hard"):
        return NormalBot(seed)
    raise ValueError(f"Yard Birbs has no {level!r} heuristic bot")
