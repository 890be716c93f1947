"""CuBirds Easy and Normal bots: heuristics that read only ``state.view(seat)``.

Normal scores every legal action with one evaluation of "how close am I to a win":

* the collection's potential: the better of the two win conditions' progress (7
  species, or two species with 3+), plus a little for its size (the tie-break when the
  cards run out);
* the hand's potential: each species is worth the flock it could become, discounted
  because a hand can be lost at a round end and only one flock is made per turn;
* the risk a placement leaves: the cards the next players could enclose in that row,
  weighted by the chance they hold the enclosing species (from the unseen cards).

Easy grabs the biggest capture, flocks whenever it can, and plays a random move now
and then.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.ai import BaseBot
from game.cubirds.cards import (BIG, COPIES, FLOCK_OF, FLOCKS_NEEDED, INDEX, NUM_SPECIES,
                                SEVEN_SPECIES, SMALL)
from game.cubirds.rules import (DRAW, FLOCK, LEFT, PLACE, RESTORE, CuBirdsView, DrawTwo,
                                Flock, Pass, Place, Restore, enclose)
from game.engine import State

_RANGE = range(NUM_SPECIES)

# Normal's weights (tuned against random opponents; see the tests for the floor).
HOLD = 0.6           # a flock still in hand is worth this share of a completed one
PARTIAL = 0.45       # a species short of its small flock, scaled by how short
TOWARD_BIG = 0.5     # share of the small->big step credited while between the two
SIZE = 0.01          # per collected bird: the tie-break when the cards run out
RISK = 0.012         # per card another seat could enclose, times the chance it can
WIN = 10.0           # a flock that wins now


def _counts(pairs: Sequence[tuple[str, int]]) -> list[int]:
    out = [0] * NUM_SPECIES
    for sid, n in pairs:
        out[INDEX[sid]] = n
    return out


def progress(collection: Sequence[int]) -> float:
    """How close a collection (counts per species) is to a win: 1.0 means won."""
    present = 0
    tops = [0, 0]
    for count in collection:
        if count:
            present += 1
            capped = min(count, FLOCK_OF)
            if capped > tops[0]:
                tops = [capped, tops[0]]
            elif capped > tops[1]:
                tops[1] = capped
    seven = present / SEVEN_SPECIES
    flocks = (tops[0] + tops[1]) / (FLOCKS_NEEDED * FLOCK_OF)
    return max(seven, flocks) + SIZE * sum(collection)


class _Reading:
    """What one view says, in the numbers the heuristics need (counts by species index)."""

    def __init__(self, view: CuBirdsView) -> None:
        seat = view.seat
        self.view = view
        self.hand = _counts(view.hand)
        self.collection = _counts(view.collections[seat])
        self.base = progress(self.collection)
        self.rows = [[INDEX[sid] for sid in row] for row in view.rows]
        unseen = list(COPIES)
        seen: list[str] = [*view.discard]
        for row in view.rows:
            seen += row
        if view.pending is not None:
            seen.append(view.pending)
        for sid in seen:
            unseen[INDEX[sid]] -= 1
        for pairs in view.collections:
            for sid, n in pairs:
                unseen[INDEX[sid]] -= n
        for other, pairs in enumerate(view.known):
            if other != seat:
                for sid, n in pairs:
                    unseen[INDEX[sid]] -= n
        for s in _RANGE:
            unseen[s] -= self.hand[s]
        total = max(1, sum(unseen))
        self.unseen = unseen
        # The chance that a typical opponent hand holds at least one of each species.
        others = [size for other, size in enumerate(view.hand_sizes) if other != seat]
        size = max(1, round(sum(others) / max(1, len(others))))
        self.holds = [1.0 - (1.0 - unseen[s] / total) ** size for s in _RANGE]
        self.flock_gain = [self._gain(s, 1) for s in _RANGE]
        self.big_gain = [self._gain(s, 2) for s in _RANGE]
        self._row_exposure: dict[int, float] = {}

    def _gain(self, s: int, kept: int) -> float:
        collection = self.collection
        collection[s] += kept
        gained = progress(collection)
        collection[s] -= kept
        if gained >= 1.0:
            return WIN
        return gained - self.base

    def hold_value(self, s: int, count: int) -> float:
        """What ``count`` cards of species ``s`` in hand are worth (see module docstring)."""
        if count >= BIG[s]:
            return HOLD * self.big_gain[s]
        small = self.flock_gain[s]
        if count >= SMALL[s]:
            step = (count - SMALL[s] + 1) / (BIG[s] - SMALL[s] + 1)
            return HOLD * (small + TOWARD_BIG * step * (self.big_gain[s] - small))
        return PARTIAL * HOLD * small * (count / SMALL[s]) ** 2

    def hand_value(self, hand: Sequence[int]) -> float:
        """Holdings plus the best flock that could be completed right away."""
        total = 0.0
        now = 0.0
        for s in _RANGE:
            count = hand[s]
            if count:
                held = self.hold_value(s, count)
                total += held
                if count >= SMALL[s]:
                    done = self.big_gain[s] if count >= BIG[s] else self.flock_gain[s]
                    now = max(now, done - held)
        return total + now

    def row_exposure(self, index: int) -> float:
        """``exposure`` of row ``index`` as it lies: every placement there asks for it."""
        cached = self._row_exposure.get(index)
        if cached is None:
            cached = self._row_exposure[index] = self.exposure(self.rows[index])
        return cached

    def exposure(self, row: Sequence[int]) -> float:
        """Cards of ``row`` another seat could enclose, times the chance it holds the bird."""
        worst = 0.0
        length = len(row)
        first: dict[int, int] = {}
        last: dict[int, int] = {}
        for i, card in enumerate(row):
            first.setdefault(card, i)
            last[card] = i
        for card, i in first.items():
            worst = max(worst, i * self.holds[card])
        for card, i in last.items():
            worst = max(worst, (length - 1 - i) * self.holds[card])
        return worst


class NormalBot(BaseBot):
    """Plays to the win conditions: feeds flocks, completes the best one, limits gifts."""

    level = "normal"

    def pick(self, state: State, seat: int, actions: list) -> Any:
        view = state.view(seat)
        reading = _Reading(view)
        phase = view.phase
        if phase == PLACE:
            return max(actions, key=lambda a: self._place_score(reading, a))
        if phase == FLOCK:
            return self._flock(reading, actions)
        if phase == DRAW:
            # Only offered with cards left in hand (ruling CB-5): take the two cards.
            return DrawTwo(True)
        if phase == RESTORE:
            return min(actions, key=lambda a: self._restore_risk(reading, view, a))
        return actions[0]

    def rank(self, state: State, seat: int, actions: list) -> list | None:
        """Placements best first by the same reading ``pick`` uses."""
        if state.phase != PLACE:
            return None
        reading = _Reading(state.view(seat))
        return sorted(actions, key=lambda a: -self._place_score(reading, a))

    @staticmethod
    def _place_score(reading: _Reading, action: Place) -> float:
        s = INDEX[action.species]
        hand = list(reading.hand)
        count = hand[s]
        hand[s] = 0
        row = reading.rows[action.row]
        new_row, captured, _ = enclose(row, s, count, action.side == LEFT)
        for card in captured:
            hand[card] += 1
        score = reading.hand_value(hand)
        if captured:
            score += RISK * (reading.row_exposure(action.row)
                             - reading.exposure(new_row)) * 0.5
        else:
            score -= RISK * (reading.exposure(new_row) - reading.row_exposure(action.row))
            if any(hand):
                score += 0.02  # the two cards it may draw
            else:
                score += 0.05  # it ends the round (ruling CB-5): the others lose their hands
        return score

    @staticmethod
    def _flock(reading: _Reading, actions: list) -> Any:
        best, best_gain = None, 0.0
        for action in actions:
            if isinstance(action, Flock):
                s = INDEX[action.species]
                count = reading.hand[s]
                done = reading.big_gain[s] if count >= BIG[s] else reading.flock_gain[s]
                gain = done - reading.hold_value(s, count)
                if gain > best_gain:
                    best, best_gain = action, gain
        return best if best is not None else Pass()

    @staticmethod
    def _restore_risk(reading: _Reading, view: CuBirdsView, action: Restore) -> float:
        row = list(reading.rows[view.pending_row])
        card = INDEX[view.pending]
        row = [card, *row] if action.side == LEFT else [*row, card]
        return reading.exposure(row) + (0.001 if action.side == LEFT else 0.0)


class EasyBot(BaseBot):
    """Grabs the biggest capture, flocks whatever it can, and is often careless."""

    level = "easy"
    NOISE = 0.6

    def pick(self, state: State, seat: int, actions: list) -> Any:
        if self.rng.random() < self.NOISE:
            return self.rng.choice(actions)
        view = state.view(seat)
        if view.phase == PLACE:
            rows = [[INDEX[sid] for sid in row] for row in view.rows]
            hand = _counts(view.hand)

            def grab(action: Place) -> tuple[int, float]:
                s = INDEX[action.species]
                _, captured, _ = enclose(rows[action.row], s, hand[s], action.side == LEFT)
                return len(captured), self.rng.random()

            return max(actions, key=grab)
        if view.phase == FLOCK:
            flocks = [a for a in actions if isinstance(a, Flock)]
            hand = _counts(view.hand)
            return max(flocks, key=lambda a: (hand[INDEX[a.species]] >= BIG[INDEX[a.species]],
                                              self.rng.random()))
        if view.phase == DRAW:
            return DrawTwo(True)
        return self.rng.choice(actions)


def make_bot(level: str, seed: int | None = None) -> BaseBot:
    """The CuBirds bot for ``level`` ("easy" or "normal"); reached via game.ai.make_bot."""
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    raise ValueError(f"CuBirds has no {level!r} heuristic bot (easy, normal)")
