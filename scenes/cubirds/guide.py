"""CuBirds' guided first game: a two-player deal where the first placement traps a
Flamingo, that Flamingo makes a flock at once, and the next placement traps four Robins
(see scenes/table/coach.py). The words are ours, never the rulebook's."""
from __future__ import annotations

from game.cubirds.rules import Place, Restore
from game.i18n import N_
from scenes.table.coach import Guide


def point(table, action) -> object:
    """The option that leads to ``action`` in the pick on screen: a placement is its
    species, then (that species chosen) its row end."""
    if isinstance(action, Place):
        if table.game.step == "species":
            return action.species
        if table.game.step == "end" and table.game.chosen == action.species:
            return (action.row, action.side)
        return None
    if isinstance(action, Restore):
        return action.side
    return action


GUIDE = Guide(
    seed=8, players=2, moves=3, point=point,
    lessons={
        "species": N_("Each turn you land every card of one species from your hand together, "
                      "at one end of a row. First choose the species."),
        "end": N_("Now choose a row end. If that row already has your species, every bird "
                  "between your new cards and the nearest one of them comes into your hand."),
        "restore": N_("Your catch left a row with only one species, so a card from the deck "
                      "joins it. Choose which end it goes to."),
        "draw": N_("Your birds trapped nothing, so you may take two cards from the deck. "
                   "More cards give you more chances later."),
        "flock": N_("You hold enough of one species for a flock. Fly it and birds go to your "
                    "collection: 7 species, or 2 species of 3 birds each, wins."),
    })
