"""Standing of every seat in a (determinized) state: what a depth-capped playout scores.

Each function returns one number per seat, higher is better; ``profiles.softmax`` turns
them into win chances. They read the full state the search is playing on, which is
always a determinization for the searching seat, never the real table.
"""
from __future__ import annotations

from game.cubirds.ai import SIZE as _SIZE
from game.cubirds.cards import BIG as _BIG
from game.cubirds.cards import FLOCK_OF as _FLOCK_OF
from game.cubirds.cards import FLOCKS_NEEDED, NUM_SPECIES as _NUM_SPECIES
from game.cubirds.cards import SEVEN_SPECIES as _SEVEN
from game.cubirds.cards import SMALL as _SMALL
from game.engine import State

_TWO_FLOCKS = FLOCKS_NEEDED * _FLOCK_OF


def score_values(state: State) -> list[float]:
    """Running scores: the standing in every game that is won on points."""
    return [float(s) for s in state.scores()]


HAND_WEIGHT = 0.5
"""CuBirds: share of a flock's gain credited while it is still in hand (it can be lost)."""


def cubirds_values(state: State) -> list[float]:
    """CuBirds is won by a collection, not points: progress toward either goal, plus the
    flocks the hand could complete now (the best at full weight, the rest at half)."""
    from game.cubirds.ai import progress
    from game.cubirds.cards import BIG, NUM_SPECIES, SMALL

    out = []
    for collection, hand in zip(state.collections, state.hands):
        base = progress(collection)
        if base >= 1.0:
            out.append(2.0)
            continue
        gains = []
        for s in range(NUM_SPECIES):
            count = hand[s]
            if count >= SMALL[s]:
                kept = 2 if count >= BIG[s] else 1
                collection[s] += kept
                gain = progress(collection) - base
                collection[s] -= kept
                gains.append(1.0 if base + gain >= 1.0 else gain)
        if gains:
            gains.sort(reverse=True)
            base += HAND_WEIGHT * (gains[0] + 0.5 * sum(gains[1:]))
        out.append(base)
    return out


HOLD = 0.6        # a flock still in hand: this share of what completing it would add
PARTIAL = 0.45    # a species short of its small flock, scaled by (count/small)^2
TOWARD_BIG = 0.5  # share of the small->big step credited between the two sizes


def cubirds_hand_values(state: State) -> list[float]:
    """Collection progress plus every species in hand valued toward its flock (the
    shape of the Normal bot's hand reading, here on a full determinized state).

    Unlike the Normal bot's reading of its own turn, a flock that could be completed is
    not credited in full: the turn has moved on, and a round end can take the hand.
    Progress is the Normal bot's ``progress`` (7 species, or two species of 3+, plus a
    little per bird), inlined because this runs once per simulated game.
    """
    out = []
    for collection, hand in zip(state.collections, state.hands):
        caps = [c if c < _FLOCK_OF else _FLOCK_OF for c in collection]
        present = _NUM_SPECIES - caps.count(0)
        size = sum(collection)
        o0, o1, o2 = sorted(caps, reverse=True)[:3]
        base = max(present / _SEVEN, (o0 + o1) / _TWO_FLOCKS) + _SIZE * size
        if base >= 1.0:
            out.append(3.0)
            continue
        total = 0.0
        for s in range(_NUM_SPECIES):
            count = hand[s]
            if not count:
                continue
            had = caps[s]
            # the two largest capped counts of the other species
            r0, r1 = (o1, o2) if had == o0 else ((o0, o2) if had == o1 else (o0, o1))
            now = present + (had == 0)
            gains = []
            for kept in (1, 2):
                v = collection[s] + kept
                if v > _FLOCK_OF:
                    v = _FLOCK_OF
                pair = r0 + r1 + v - (r1 if r1 < v else v)
                value = max(now / _SEVEN, pair / _TWO_FLOCKS) + _SIZE * (size + kept)
                gains.append(1.0 if value >= 1.0 else value - base)
            small, big = gains
            if count >= _BIG[s]:
                total += HOLD * big
            elif count >= _SMALL[s]:
                step = (count - _SMALL[s] + 1) / (_BIG[s] - _SMALL[s] + 1)
                total += HOLD * (small + TOWARD_BIG * step * (big - small))
            else:
                total += PARTIAL * HOLD * small * (count / _SMALL[s]) ** 2
        out.append(base + total)
    return out
