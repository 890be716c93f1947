"""Flip a Bird's guided first game: a three-player deal whose first turns show playing
face up and face down, and end with a claim (see scenes/table/coach.py). The words are
ours, never the rulebook's."""
from __future__ import annotations

from game.flip_a_bird.rules import CLAIM
from game.i18n import N_
from scenes.table.coach import Guide


def point(table, action) -> object:
    """A claim is asked twice: at the second ask the arrow is on "Claim!"."""
    if action == CLAIM and table.game.step == "confirm":
        return "claim"
    return action


GUIDE = Guide(
    seed=4, players=3, moves=4, point=point,
    lessons={
        "turn": N_("Each turn, draw the top card, or claim the row holds too many birds. "
                   "With 3 players the limit is 8 birds, face-down cards included."),
        "confirm": N_("A claim ends the row: everyone tips red (too many) or green (not too "
                      "many), and the winners share its cards. Claim it?"),
        "play": N_("Play one card onto the row. The deck's top card decides how: an open "
                   "cage means face up, a covered cage face down, seen only by you."),
        "tip": N_("Someone claimed. Tip red if you think the row is over the limit, green if "
                  "not. The side that was right shares the cards."),
        "pick": N_("Your side was right: take cards from the row in turn. Four colours make "
                   "a set worth 10 at the end."),
    })
