"""Yard Birbs' guided first game: a three-player deal where the first trick is led,
taken into a flock, and followed by an ability (see scenes/table/coach.py). The words
are ours, never the rulebook's."""
from __future__ import annotations

from scenes.table.coach import Guide

GUIDE = Guide(
    seed=1, players=3, moves=3,
    lessons={
        "play": "Play a card to the feeder. The lead plays anything; after that, follow a "
                "suit already there if you can. The Lifer's species is always allowed.",
        "take": "In place order, everyone takes one bird from the feeder. Take one that "
                "fits a flock you are building.",
        "flock": "Put the bird in a flock: one colour, one species, one number, or a run "
                 "of numbers. Bigger flocks score more; a lone bird scores nothing.",
        "ability": "Placed second or lower, you may use the ability at your place's token "
                   "or a better one, or skip it.",
    })
