"""The toy game's guided first game (see scenes/table/coach.py): a two-player deal whose
first turns show scoring, missing and drawing."""
from game.i18n import N_
from scenes.table.coach import Guide

GUIDE = Guide(
    seed=3, players=2, moves=3,
    lessons={
        "turn": N_("Play a card higher than the top of the pile to score its number. "
                   "Holding fewer than four, you may draw instead."),
    })
