"""Standing of every seat in a (determinized) state: what a depth-capped playout scores.

Each function returns one number per seat, higher is better; ``profiles.softmax`` turns
them into win chances. They read the full state the search is playing on, which is
always a determinization for the searching seat, never the real table.
"""
from __future__ import annotations

from game.cubirds.ai import SIZE
from game.cubirds.cards import (BIG, FLOCK_OF, FLOCKS_NEEDED, NUM_SPECIES, SEVEN_SPECIES,
                                SMALL)
from game.cubirds.rules import PLACE
from game.engine import State
from game.flappy_families.rules import FLIP

TWO_FLOCKS = FLOCKS_NEEDED * FLOCK_OF


def score_values(state: State) -> list[float]:
    """Running scores: the standing in every game that is won on points."""
    return [float(s) for s in state.scores()]


HOLD = 0.6        # a flock still in hand: this share of what completing it would add
PARTIAL = 0.45    # a species short of its small flock, scaled by (count/small)^2
TOWARD_BIG = 0.5  # share of the small->big step credited between the two sizes


def cubirds_values(state: State) -> list[float]:
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


def cubirds_turn_start(state: State) -> bool:
    """A CuBirds turn starts with a placement (a flock completed or passed ends one, and
    so does a placement that empties the hand without a capture: ruling CB-5)."""
    return state.phase == PLACE


def flappy_families_turn_start(state: State) -> bool:
    """A Flappy Families turn starts with its first flip: ``next_turn_value`` reads
    every seat from there."""
    return state.phase == FLIP


SOONER = 0.8  # a next turn's worth, per turn other seats take before it comes


def flappy_families_values(state: State) -> list[float]:
    """Scores plus what each seat's next turn is worth to the Normal bot from that
    seat's own view: a memory game's standing is also what each seat knows.

    A turn further off is worth less (``SOONER`` per turn taken first by another seat):
    by then others may have found the pair a seat has in mind, or flipped it open.
    """
    from game.flappy_families.ai import next_turn_value  # only its search needs it
    if state.is_terminal():
        return score_values(state)
    players = state.num_players
    # Mid-turn, the seat to move has its next turn after everybody else's.
    first = (state.current_player + (state.phase != FLIP)) % players
    return [score + SOONER ** ((seat - first) % players) * next_turn_value(state.view(seat))
            for seat, score in enumerate(state.scores())]


def yard_birbs_values(state: State) -> list[float]:
    """Banked totals plus each yard as the Normal bot values it: points, and the hoped-
    for growth of every flock from the birds still live this round (read from each
    seat's own view of the determinized state, so no seat is credited with cards it
    could not expect)."""
    from game.yard_birbs.ai import Appraiser  # here: only a Yard Birbs search needs it
    from game.yard_birbs.rules import OVER
    if state.phase == OVER:
        return [float(t) for t in state.totals]
    out = []
    for seat in range(state.num_players):
        judge = Appraiser(state.view(seat), seat)
        out.append(state.totals[seat] + judge.yard_value(state.yards[seat]))
    return out
