"""Easy and Normal Flappy Families bots: memory, pairs, and a healthy fear of foxes.

Both bots read only ``state.view(seat)`` and the legal actions, and keep no state between
calls, so they decide the same on a state and on any determinization of it for their
seat (the view is the same). Their memory is the view's record of which face-down cards
the seat knows (ruling FF-6).

Normal remembers everything the view shows. It values every step-2 option by how much
it raises its own hand score: a known pair is taken at once; otherwise it flips where
the expected gain is best, counting the cards it has not located to judge what an
unknown card is likely to be, including the chance it is a predator; with B and C it
puts down predators first, then the birds it needs least, and it knows where they went.

Easy thinks the same way but, like a child, forgets what it saw at a steady rate: each
remembered card has a fixed chance per turn to slip its mind. The forgetting is drawn
from a hash of the bot's seed and the memory itself, so it needs no hidden bot state.

SharpBot, where the Hard search starts from, is Normal with two judgement calls weighed
differently (:class:`Weights`): it looks at unknown cards more readily, and takes a pair
other seats know about before they can.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai import BaseBot
from game.flappy_families.cards import CARD_FAMILY, FAMILIES, FAMILY_SIZE, PREDATOR
from game.flappy_families.rules import (ACTION, B_CARD, C_CARD, C_SPACE, FLIP,
                                        FLIP_SECOND, COLS, FFView, Choose, Flip, PickCard,
                                        PickSpace, BONUS_POINTS, SIZE_POINTS)

NF = len(FAMILIES) + 1  # family ids incl. the predator slot
INFO_VALUE = 0.15       # worth of learning an unknown card (it may make a pair later)
EXPOSE_COST = 0.1       # cost of showing the table a card only we knew
PASS_COST = 0.05        # a move that changes nothing (flip a known card, swap alike)
STALL_TURNS = 60        # past this many turns the bots push the game to its end


@dataclass(frozen=True)
class Weights:
    """The judgement calls a bot level makes beyond the odds (Normal's are the defaults).

    Hard's adviser (:class:`SharpBot`) weighs two of them differently.
    """

    first_look: float = INFO_VALUE  # worth of turning an unknown card in step 1
    pair_seen: float = 0.0          # extra for a sure pair, per other seat who knows it


NORMAL_WEIGHTS = Weights()


class _Mind:
    """What the bot believes at one decision: its hand, remembered cards, the odds."""

    def __init__(self, view: FFView, remembered: dict[int, int],
                 weights: Weights = NORMAL_WEIGHTS) -> None:
        self.view = view
        self.weights = weights
        self.seat = view.seat
        counts = [0] * NF
        for card in view.hand:
            counts[CARD_FAMILY[card]] += 1
        self.counts = counts
        self.bonus = [0] * NF
        self.bonus[view.bonus2], self.bonus[view.bonus1] = BONUS_POINTS
        self.known = remembered                      # slot -> card, face down or up
        self.unknown = [s for s, slot in enumerate(view.wild)
                        if slot is not None and s not in remembered]
        pool = [0] * NF
        for family in view.families:
            pool[family] = FAMILY_SIZE
        pool[PREDATOR] = 4
        for card in view.hand:
            pool[CARD_FAMILY[card]] -= 1
        for card in remembered.values():
            pool[CARD_FAMILY[card]] -= 1
        hidden_predator: dict[int, float] = {}
        for owner, opens in enumerate(view.open_cards):
            if owner == self.seat:
                continue
            for open_card in opens:
                family = CARD_FAMILY[open_card.card]
                pool[family] -= 1
                if family == PREDATOR and open_card.maybe_in:
                    share = 1.0 / (len(open_card.maybe_in) + 1)
                    for slot in open_card.maybe_in:
                        hidden_predator[slot] = hidden_predator.get(slot, 0.0) + share
        self.pool = [max(0, n) for n in pool]
        self.total = sum(self.pool)
        self.hidden_predator = hidden_predator
        # Nothing in the rules forces the deck down: bots who all know everything could
        # swap the same cards forever. Past STALL_TURNS they grow ever keener on moves
        # that shrink the deck or the Wild (C, unknown flips, known predators).
        self.urgency = max(0, view.turn - STALL_TURNS) * 0.25
        self._odds: dict[tuple[int, int | None], tuple[list[float], float]] = {}
        self._a_cache: dict[tuple[int, int | None], tuple[list, list]] = {}
        self._bc_cache: dict[tuple[int, bool, int | None], dict] = {}
        self._flip_cache: dict[tuple, float] = {}
        self._top_of: dict[int, tuple[int, ...]] | None = None

    # -- values -------------------------------------------------------------------------
    def gain(self, counts: list[int], family: int, k: int = 1) -> int:
        """Score change from adding k cards of ``family`` to a hand with ``counts``."""
        if family == PREDATOR:
            return -k
        n = counts[family]
        return SIZE_POINTS[min(n + k, 5)] - SIZE_POINTS[min(n, 5)] + k * self.bonus[family]

    def worst_card(self, counts: list[int]) -> tuple[int, float]:
        """(family, value change) of the best card to give up: predators first."""
        if counts[PREDATOR]:
            return PREDATOR, 1
        best_family, best_value = -1, float("-inf")
        for family in range(NF - 1):
            n = counts[family]
            if n:
                value = SIZE_POINTS[n - 1] - SIZE_POINTS[min(n, 5)] - self.bonus[family]
                if value > best_value:
                    best_family, best_value = family, value
        return best_family, best_value

    def odds(self, slot: int, minus: int | None = None) -> tuple[list[float], float]:
        """Chance per family that the unknown card in ``slot`` is of it, and predator risk.

        ``minus`` is a family just seen from the pool (this turn's first card).
        """
        # Only a slot a predator may have hidden in has odds of its own (the deck, -1,
        # never has): every other unknown card is drawn from the same pool.
        key = (slot if slot in self.hidden_predator else None, minus)
        cached = self._odds.get(key)
        if cached is not None:
            return cached
        pool = self.pool
        total = self.total
        if minus is not None and pool[minus] > 0:
            pool = pool[:]
            pool[minus] -= 1
            total -= 1
        if total <= 0:
            self._odds[key] = [0.0] * NF, 0.0
            return self._odds[key]
        probs = [n / total for n in pool]
        extra = min(0.9, self.hidden_predator.get(slot, 0.0))
        if extra > probs[PREDATOR]:
            scale = (1 - extra) / max(1e-9, 1 - probs[PREDATOR])
            probs = [p * scale for p in probs]
            probs[PREDATOR] = extra
        self._odds[key] = probs, probs[PREDATOR]
        return self._odds[key]

    def exposes(self, slot: int) -> bool:
        """Would flipping this face-down card show others something only we know?"""
        info = self.view.wild[slot]
        return info is not None and len(info.known_by) < self.view.num_players

    # -- step 2 -------------------------------------------------------------------------
    def option_values(self, first: int, family: int, c_allowed: bool,
                      from_pool: bool) -> dict[str, tuple[float, Any]]:
        """Value of A (with the slot to flip), B and C once ``family`` lies face up."""
        minus = family if from_pool else None
        best_a = (float("-inf"), None)
        for value, slot in self._a_candidates(family, minus)[0]:
            if slot != first and value > best_a[0]:
                best_a = (value, slot)
        return {"A": best_a, **self._b_and_c(family, c_allowed, minus)}

    def best_step2(self, first: int, family: int, c_allowed: bool,
                   from_pool: bool) -> float:
        """The best option's value: A's best second flip other than ``first``, B or C."""
        minus = family if from_pool else None
        top = self._a_candidates(family, minus)[1]
        best_a = next((v for v, slot in top if slot != first), float("-inf"))
        return max(best_a, *(v for v, _ in self._b_and_c(family, c_allowed,
                                                          minus).values()))

    def _a_candidates(self, family: int, minus: int | None
                      ) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
        """The second flips A could choose once ``family`` lies face up, as (value, slot)
        in the order A prefers on ties, and the best two of them. Unknown cards that no
        predator may hide under all look alike, so only the first two of them count.

        None of it depends on which slot the first card lies in (A merely skips it), so
        it is worked out once per family: a step-1 choice weighs every slot against
        every family, and this keeps it from redoing the inner loop each time.
        """
        key = (family, minus)
        cached = self._a_cache.get(key)
        if cached is not None:
            return cached
        counts = self.counts
        wild = self.view.wild
        rows: list[tuple[float, int]] = []
        for slot, card in self.known.items():
            if wild[slot].face_up:
                continue
            if CARD_FAMILY[card] == family:
                # a sure pair: before another seat who knows it takes it, if one does
                seen = sum(seat != self.seat for seat in wild[slot].known_by)
                value = self.gain(counts, family, 2) + 0.5 + self.weights.pair_seen * seen
            elif CARD_FAMILY[card] == PREDATOR:
                continue
            else:  # a safe "pass"
                value = -PASS_COST - (EXPOSE_COST if self.exposes(slot) else 0.0)
            rows.append((value, slot))
        pair = self.gain(counts, family, 2)
        hidden = self.hidden_predator
        alike = 0
        for slot in self.unknown:
            if slot not in hidden:
                # same odds, same value: past the first two, none can be A's choice
                if alike == 2:
                    continue
                alike += 1
            probs, risk = self.odds(slot, minus)
            rows.append((probs[family] * pair - risk * 1.5 + INFO_VALUE
                         + self.urgency / 2, slot))
        top = sorted(rows, key=lambda row: -row[0])[:2]
        self._a_cache[key] = rows, top
        return rows, top

    def _b_and_c(self, family: int, c_allowed: bool, minus: int | None
                 ) -> dict[str, tuple[float, Any]]:
        """Value of B (with the card to give up) and, if allowed, C (see option_values)."""
        key = (family, c_allowed, minus)
        cached = self._bc_cache.get(key)
        if cached is not None:
            return cached
        counts = self.counts
        values: dict[str, tuple[float, Any]] = {}
        with_card = counts[:]
        with_card[family] += 1
        give, change = self.worst_card(with_card)
        b_value = self.gain(counts, family, 1) + change
        if give == family:
            b_value -= PASS_COST  # taking a bird to put one just like it back
        values["B"] = (b_value, give)
        if c_allowed:
            k = 2 if self.view.deck_size >= 2 else 1
            after = counts[:]
            value = 0.0
            for _ in range(k):
                give, change = self.worst_card(after)
                after[give] -= 1
                value += change
            draw = 0.0
            probs, _ = self.odds(-1, minus)
            for fam in range(NF):
                if probs[fam]:
                    draw += probs[fam] * self.gain(after, fam, 1)
            values["C"] = (value + k * draw + 2 * self.urgency, None)
        self._bc_cache[key] = values
        return values

    def flip_value(self, slot: int, c_allowed_if: bool) -> float:
        """Expected worth of flipping ``slot`` in step 1, over what it may turn out to be."""
        card = self.known.get(slot)
        if card is not None:
            if CARD_FAMILY[card] == PREDATOR:
                return -2.0 + self.urgency
            value = self.best_step2(slot, CARD_FAMILY[card], c_allowed_if, False)
            return value - (EXPOSE_COST if self.exposes(slot) else 0.0)
        # Unknown slots differ only in their predator share and in being some family's
        # best second flip (A must then take the next best): the rest share one value.
        key = (self.hidden_predator.get(slot), c_allowed_if, self._top_families(slot))
        cached = self._flip_cache.get(key)
        if cached is not None:
            return cached
        probs, risk = self.odds(slot)
        value = -risk * 1.5 + self.weights.first_look + self.urgency / 2
        for family in range(NF - 1):
            if probs[family] > 0.0:
                value += probs[family] * self.best_step2(slot, family, c_allowed_if, True)
        self._flip_cache[key] = value
        return value

    def _top_families(self, slot: int) -> tuple[int, ...]:
        """Families (still in the pool) whose best second flip is ``slot``."""
        if self._top_of is None:
            top_of: dict[int, tuple[int, ...]] = {}
            for family in range(NF - 1):
                if self.pool[family]:
                    best = self._a_candidates(family, family)[1][0][1]
                    top_of[best] = (*top_of.get(best, ()), family)
            self._top_of = top_of
        return self._top_of.get(slot, ())


def known_cards(view: FFView) -> dict[int, int]:
    """Slot -> card of every Wild card the view shows: all a perfect memory holds."""
    return {slot: info.card for slot, info in enumerate(view.wild)
            if info is not None and info.card is not None}


def _c_possible(view: FFView) -> bool:
    """Could C follow this turn's first flip (two hand cards, two empty spaces)?"""
    return len(view.hand) >= 2 and sum(s is None for s in view.wild) >= 2


class FlappyBot(BaseBot):
    """Normal: perfect memory of the view. Subclasses forget (see :class:`EasyBot`)."""

    level = "normal"
    forget_per_turn = 0.0
    weights = NORMAL_WEIGHTS

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.salt = self.rng.getrandbits(32)

    # -- memory ---------------------------------------------------------------------------
    def remembered(self, view: FFView) -> dict[int, int]:
        """Slot -> card of what this bot still has in mind (face-up cards always)."""
        memory = known_cards(view)
        if not self.forget_per_turn:
            return memory
        keep_rate = 1.0 - self.forget_per_turn
        for slot, card in list(memory.items()):
            info = view.wild[slot]
            if not info.face_up:
                age = view.turn - info.since
                # A fixed lifetime per memory, drawn from a geometric law: steady forgetting.
                roll = (hash((self.salt, slot, info.since, card)) & 0xFFFFFF) / 0x1000000
                if roll >= keep_rate ** age:
                    del memory[slot]
        return memory

    # -- choosing -------------------------------------------------------------------------
    def pick(self, state: Any, seat: int, actions: list) -> Any:
        view: FFView = state.view(seat)
        mind = _Mind(view, self.remembered(view), self.weights)
        phase = view.phase
        if phase == FLIP:
            c_maybe = _c_possible(view)
            return max(actions, key=lambda a: mind.flip_value(a.slot, c_maybe))
        if phase == ACTION:
            first = view.flipped
            family = CARD_FAMILY[view.wild[first].card]
            c_allowed = Choose("C") in actions
            values = mind.option_values(first, family, c_allowed, False)
            return max(actions, key=lambda a: values[a.option][0])
        if phase == FLIP_SECOND:
            first = view.flipped
            family = CARD_FAMILY[view.wild[first].card]
            values = mind.option_values(first, family, False, False)
            target = values["A"][1]
            wanted = Flip(target) if target is not None else None
            return wanted if wanted in actions else actions[0]
        if phase in (B_CARD, C_CARD):
            give, _ = mind.worst_card(mind.counts)
            wanted = PickCard(give)
            return wanted if wanted in actions else actions[0]
        if phase == C_SPACE:
            return self.space(view, actions)
        return actions[0]

    def rank(self, state: Any, seat: int, actions: list) -> list | None:
        """First flips and step-2 options best first, by the reading ``pick`` uses."""
        view: FFView = state.view(seat)
        mind = _Mind(view, self.remembered(view), self.weights)
        if view.phase == FLIP:
            c_maybe = _c_possible(view)
            return sorted(actions, key=lambda a: -mind.flip_value(a.slot, c_maybe))
        if view.phase == ACTION:
            family = CARD_FAMILY[view.wild[view.flipped].card]
            values = mind.option_values(view.flipped, family, Choose("C") in actions, False)
            return sorted(actions, key=lambda a: -values[a.option][0])
        return None

    def space(self, view: FFView, actions: list) -> PickSpace:
        """Hide in the fullest row: it is the least likely to empty and migrate soon."""
        def fullness(action: PickSpace) -> tuple[int, int]:
            row = action.slot // COLS
            cards = sum(view.wild[row * COLS + c] is not None for c in range(COLS))
            return (cards, -action.slot)
        return max(actions, key=fullness)


def next_turn_value(view: FFView) -> float:
    """What the Normal bot expects its seat's next turn to add, judged from ``view``:
    the best first flip over the face-down cards, with its memory of where pairs lie.

    The Hard search adds it to each seat's score where a playout stops short, so that a
    seat who alone knows a pair is rated above one who merely holds the same hand.
    """
    mind = _Mind(view, known_cards(view))
    c_maybe = _c_possible(view)
    return max((mind.flip_value(slot, c_maybe) for slot, info in enumerate(view.wild)
                if info is not None and not info.face_up), default=0.0)


class SharpBot(FlappyBot):
    """Hard's adviser: Normal's memory and odds, but it looks at unknown cards more
    readily in step 1 and takes a sure pair at once when another seat knows it too.

    Alone against three Normal bots (4000 seeded games each, seats rotated on shared
    deals) it won 28.4% with the step-1 look worth 0.8 instead of 0.15, and 31.2% with
    pairs others know worth 2 more per seat; Normal itself wins 25% there. The search
    starts from its pick and its ranking (``game/flappy_families/hard.py``).
    """

    level = "hard"
    weights = Weights(first_look=0.8, pair_seen=2.0)


class EasyBot(FlappyBot):
    """Easy: plays like Normal but forgets remembered cards at a steady rate."""

    level = "easy"
    forget_per_turn = 0.25


def make_bot(level: str, seed: int | None = None) -> FlappyBot:
    """The bot for ``level`` ("easy" or "normal"; "hard" is the search, reached through
    ``game.ai.make_bot``, so here it plays as Normal)."""
    if level == "easy":
        return EasyBot(seed)
    if level in ("normal", "hard"):
        return FlappyBot(seed)
    raise ValueError(f"no Flappy Families bot for level {level!r}")
