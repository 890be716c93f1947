"""How the Hard search plays CuBirds: its profile and how it judges a capped playout.

The numbers were chosen by measurement with ``tools.arena`` (issue 7's note has the
runs); ``python -m tools.arena --hard KEY=VALUE`` tries others.
"""
from __future__ import annotations

from game.ai.profiles import Profile
from game.cubirds.ai import SIZE
from game.cubirds.cards import (BIG, FLOCK_OF, FLOCKS_NEEDED, NUM_SPECIES, SEVEN_SPECIES,
                                SMALL)
from game.cubirds.rules import PLACE
from game.engine import State

TWO_FLOCKS = FLOCKS_NEEDED * FLOCK_OF


HOLD = 0.6        # a flock still in hand: this share of what completing it would add
PARTIAL = 0.45    # a species short of its small flock, scaled by (count/small)^2
TOWARD_BIG = 0.5  # share of the small->big step credited between the two sizes


def values(state: State) -> list[float]:
    """Collection progress plus every species in hand valued toward its flock (the
    shape of the Normal bot's hand reading, here on a full determinized state).

    Unlike the Normal bot's reading of its own turn, a flock that could be completed is
    not credited in full: the turn has moved on, and a round end can take the hand.
    Progress is the Normal bot's ``progress`` (7 species, or two species of 3+, plus a
    little per bird), inlined because this runs once per simulated game.
    """
    out = []
    for collection, hand in zip(state.collections, state.hands):
        caps = [c if c < FLOCK_OF else FLOCK_OF for c in collection]
        present = NUM_SPECIES - caps.count(0)
        size = sum(collection)
        o0, o1, o2 = sorted(caps, reverse=True)[:3]
        base = max(present / SEVEN_SPECIES, (o0 + o1) / TWO_FLOCKS) + SIZE * size
        if base >= 1.0:
            out.append(3.0)
            continue
        total = 0.0
        for s in range(NUM_SPECIES):
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
                if v > FLOCK_OF:
                    v = FLOCK_OF
                pair = r0 + r1 + v - (r1 if r1 < v else v)
                value = max(now / SEVEN_SPECIES, pair / TWO_FLOCKS) + SIZE * (size + kept)
                gains.append(1.0 if value >= 1.0 else value - base)
            small, big = gains
            if count >= BIG[s]:
                total += HOLD * big
            elif count >= SMALL[s]:
                step = (count - SMALL[s] + 1) / (BIG[s] - SMALL[s] + 1)
                total += HOLD * (small + TOWARD_BIG * step * (big - small))
            else:
                total += PARTIAL * HOLD * small * (count / SMALL[s]) ** 2
        out.append(base + total)
    return out


def turn_start(state: State) -> bool:
    """A CuBirds turn starts with a placement (a flock completed or passed ends one, and
    so does a placement that empties the hand without a capture: ruling CB-5)."""
    return state.phase == PLACE


# CuBirds places up to 48 ways: halving the field leaves the few good placements dozens
# of deals instead of a handful (100-game A/B on seed 11: 26.0% without, 30.0% with,
# 36.0% with the pick kept unless beaten by 1.5 standard errors). The deals that buys
# could look twice as far under the old rules (41.0% at depth 16; 43.0% playing on to the
# next turn's start). Under ruling CB-5 (a round ends as soon as a hand is empty) depth
# 16 fell to 26.0% on seed 1 (200 games), and 12% of its decisions, the 24- to 56-way
# placements, finished no deal in 150 ms (so Normal's pick stood). Half the depth makes
# a deal cheap enough for every placement: 35.0% on the same seed, but 27.0% on seed 11
# (100 games). Racing only Normal's 8 best placements (``shortlist``) gives those deals to
# the moves worth comparing: 36.0% on seed 1 and 37.0% on seed 11.
PROFILE = Profile("cubirds", playout="normal", depth=8, temperature=0.3, values=values,
                  turn_start=turn_start, paired=True, prior_z=1.5, halving=4, shortlist=8)
