"""Easy and Normal opponents for Flip a Bird.

Both read only ``state.view(seat)`` and the legal actions, so they can never peek at a
hand or a face-down card they did not play. Everything turns on one estimate: the chance
that the row is over the limit, given what this seat knows. The face-down cards it did
not play are sampled from the cards it has not seen, each from the pool of its own back
(the back is public, ruling FB-2, and covered backs hide more birds on average).

* Normal samples generously, claims and tips on that chance, plays the card that keeps
  the row safe for itself while bringing the next player nearer the edge, and drafts for
  colour sets and specials.
* Easy samples a handful of rows, judges with jittered thresholds, plays a random safe
  card and drafts by immediate points only.
"""
from __future__ import annotations

from typing import Sequence

from game.ai import BaseBot
from game.engine import State
from game.flip_a_bird.cards import CARDS, COLOURS, DECK_SIZE
from game.flip_a_bird.rules import (CLAIM, DRAW, TIP_GREEN, TIP_RED, FlipView, Pick, Play,
                                    count_ids, score_ids)

_OPEN = tuple(c.open_back for c in CARDS)


class RowBelief:
    """What a seat can say about the row: known ids, and samples for the hidden ones."""

    def __init__(self, view: FlipView, rng, samples: int) -> None:
        seen: set[int] = {c.id for c in view.hand}
        for pile in view.won:
            seen.update(c.id for c in pile)
        seen.update(c.id for c in view.discarded)
        seen.update(c.id for c in view.share)
        base: list[int] = []
        hidden: list[tuple[int, bool]] = []
        for i, slot in enumerate(view.row):
            if slot.card is None:
                hidden.append((i, slot.open_back))
                base.append(-1)
            else:
                seen.add(slot.card.id)
                base.append(slot.card.id)
        unseen = [c for c in range(DECK_SIZE) if c not in seen]
        pools = {True: [c for c in unseen if _OPEN[c]],
                 False: [c for c in unseen if not _OPEN[c]]}
        self.limit = view.limit
        self.rows: list[list[int]] = []
        if not hidden:
            self.rows.append(base)
        elif len(hidden) == 1:  # exact: every unseen card of that back, equally likely
            index, back = hidden[0]
            for card in pools[back]:
                row = base[:]
                row[index] = card
                self.rows.append(row)
        else:
            open_slots = [i for i, back in hidden if back]
            covered_slots = [i for i, back in hidden if not back]
            for _ in range(samples):
                row = base[:]
                for slots, back in ((open_slots, True), (covered_slots, False)):
                    if slots:
                        for i, card in zip(slots, rng.sample(pools[back], len(slots))):
                            row[i] = card
                self.rows.append(row)

    def p_over(self, extra: int | None = None) -> float:
        """Chance the row (plus ``extra`` played at its end) counts over the limit."""
        limit = self.limit
        if extra is None:
            over = sum(1 for row in self.rows if count_ids(row) > limit)
        else:
            over = sum(1 for row in self.rows if count_ids(row + [extra]) > limit)
        return over / len(self.rows)

    def mean_after(self, extra: int) -> float:
        return sum(count_ids(row + [extra]) for row in self.rows) / len(self.rows)


def pick_value(pile: Sequence[int], card: int, lookahead: float) -> float:
    """Worth of adding ``card`` to a won pile: points now plus progress to a set."""
    gain = score_ids([*pile, card]) - score_ids(pile)
    info = CARDS[card]
    if info.is_bird and gain < 7 and lookahead:
        counts = [0, 0, 0, 0]
        for c in pile:
            if CARDS[c].is_bird:
                counts[COLOURS.index(CARDS[c].colour)] += 1
        if counts[COLOURS.index(info.colour)] == min(counts):
            gain += lookahead   # one of the colours the next set still needs
    return gain


def _fb7_discards(view: FlipView, card: int) -> bool:
    """Would playing ``card`` face up now send an all-face-up row out (FB-7)?"""
    if not view.play_face_up or not view.row:
        return False
    if not all(slot.face_up for slot in view.row):
        return False
    return count_ids([slot.card.id for slot in view.row] + [card]) > view.limit


class FlipBot(BaseBot):
    """The shared decision skeleton; the levels differ in their knobs."""

    level = "normal"
    samples = 160
    claim_at = 0.5
    pressure_claim_at = 0.3
    tip_at = 0.5
    jitter = 0.0
    push = 0.03
    set_lookahead = 1.5
    deny = 0.3

    def pick(self, state: State, seat: int, actions: list):
        view = state.view(seat)
        phase = view.phase
        if phase == "tip":
            p = RowBelief(view, self.rng, self.samples).p_over()
            return TIP_RED if p > self._noisy(self.tip_at) else TIP_GREEN
        if phase == "pick":
            return self._pick_card(view, actions)
        plays = [a for a in actions if isinstance(a, Play)]
        if CLAIM in actions and self._should_claim(view, plays):
            return CLAIM
        if DRAW in actions:
            return DRAW
        return self._play(view, plays)

    # -- the knobs' users ---------------------------------------------------------------
    def _noisy(self, threshold: float) -> float:
        if not self.jitter:
            return threshold
        return threshold + self.rng.uniform(-self.jitter, self.jitter)

    def _should_claim(self, view: FlipView, plays: list) -> bool:
        belief = RowBelief(view, self.rng, self.samples)
        p = belief.p_over()
        if p > self._noisy(self.claim_at):
            return True
        if p <= self.pressure_claim_at:
            return False
        # Not sure enough yet; but if every card we could add leaves a row the next
        # seat would likely win a claim on, claim first.
        cards = [a.card for a in plays] or [c.id for c in view.hand]
        if not cards:
            return False
        return min(belief.p_over(c) for c in cards) > 0.6

    def _play(self, view: FlipView, plays: list) -> Play:
        belief = RowBelief(view, self.rng, self.samples)
        best, best_score = plays[0], None
        for action in plays:
            card = action.card
            if _fb7_discards(view, card):
                score = 0.25  # sends the row out unclaimed: safe but gains nothing
            else:
                score = belief.p_over(card)
                score -= self.push * belief.mean_after(card) / view.limit
            score += self.rng.uniform(0.0, self.jitter)
            if best_score is None or score < best_score:
                best, best_score = action, score
        return best

    def _pick_card(self, view: FlipView, actions: list) -> Pick:
        mine = [c.id for c in view.won[view.seat]]
        rivals = [[c.id for c in view.won[s]] for s in view.pickers if s != view.seat]
        best, best_score = actions[0], None
        for action in actions:
            score = pick_value(mine, action.card, self.set_lookahead)
            if self.deny and rivals:
                score += self.deny * max(pick_value(p, action.card, self.set_lookahead)
                                         for p in rivals)
            score += self.rng.uniform(0.0, self.jitter * 4)
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best


class NormalBot(FlipBot):
    level = "normal"


class EasyBot(FlipBot):
    """Coarse beliefs, wobbly thresholds, greedy drafting."""

    level = "easy"
    samples = 12
    claim_at = 0.55
    pressure_claim_at = 1.0   # never claims pre-emptively
    jitter = 0.25
    push = 0.0
    set_lookahead = 0.0
    deny = 0.0


def make_bot(level: str, seed: int | None = None) -> FlipBot:
    """The Flip a Bird bot for ``level`` ("easy" or "normal")."""
    if level == "easy":
        return EasyBot(seed)
    if level in ("normal", "hard"):
        return NormalBot(seed)
    raise ValueError(f"Flip a Bird has no {level!r} heuristic bot")
