"""Yard Birbs' guided first game: a three-player deal where the first trick is led,
taken into a flock, and followed by an ability (see scenes/table/coach.py). Every kind
of pick the table can ask has a lesson (the coach explains each the first time it comes
up; a test checks the list against the rules' phases). The words are ours, never the
rulebook's."""
from __future__ import annotations

from game.i18n import N_
from game.yard_birbs import rules as R
from scenes.table.coach import Guide

GUIDE = Guide(
    seed=1, players=3, moves=3,
    lessons={
        R.PLAY: N_("Play a card to the feeder. The lead plays anything; after that, follow a "
                   "suit already there if you can. The Lifer's species is always allowed."),
        R.TAKE: N_("In place order, everyone takes one bird from the feeder. Take one that "
                   "fits a flock you are building."),
        R.FLOCK: N_("Put the bird in a flock: one colour, one species, one number, or a run "
                    "of numbers. Bigger flocks score more; a lone bird scores nothing."),
        R.ABILITY: N_("Placed second or lower, you may use the ability at your place's token "
                      "or a better one, or skip it."),
        R.LIFER_SWAP_HAND: N_("Lifer Swap: choose a card from your hand to become the Lifer; "
                              "the old Lifer comes to your hand. Then new abilities are dealt."),
        R.FEEDER_SWAP_GIVE: N_("Feeder Swap: first choose a bird of your yard to give back. "
                               "It may leave only if its flock is still a flock without it."),
        R.FEEDER_SWAP_TAKE: N_("Now choose the bird in the feeder you want for it. The bird "
                               "you gave waits there for whoever takes it next."),
        R.FEEDER_SWAP_FLOCK: N_("Put the bird you swapped for into a flock, as with any bird "
                                "you take: one it fits, or a new flock."),
        R.HAND_FEEDER_TAKE: N_("Hand to Feeder: choose a bird still in the feeder to take "
                               "into your hand."),
        R.HAND_FEEDER_GIVE: N_("Now choose a card from your hand to leave in the feeder in "
                               "its place."),
        R.REFLOCK_BIRD: N_("Reflock: choose one of your birds to move. It may leave only if "
                           "its flock is still a flock without it."),
        R.REFLOCK_FLOCK: N_("Choose where that bird goes: another flock it fits, or a new "
                            "flock of its own."),
        R.MERGE_FIRST: N_("Merge: choose one of your flocks to join to another."),
        R.MERGE_SECOND: N_("Choose the flock to join it with. Together they must still make "
                           "one kind of flock."),
        R.BIRDSEED_BURY: N_("Birdseed gave you the deck's top card. Now choose a card from "
                            "your hand to put under the deck: keep the ones your flocks need."),
        R.FLY_OFF_BIRD: N_("Fly Off: choose a lone bird of your yard. It goes under the deck "
                           "and you draw a card in its place."),
        R.FLY_OFF_BURY: N_("To finish Fly Off, choose a card from your hand to put under the "
                           "deck as well."),
    })
