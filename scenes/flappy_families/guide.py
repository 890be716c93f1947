"""Flappy Families' guided first game: a two-player deal where the first turn flips a
card and takes it, hiding one in its place (see scenes/table/coach.py). The words are
ours, never the rulebook's."""
from __future__ import annotations

from game.flappy_families import rules as R
from game.i18n import N_
from scenes.table.coach import Guide


def point(table, action) -> object:
    """Cards of the Wild are ("slot", n), hand families ("family", f), step 2 a letter."""
    if isinstance(action, R.Choose):
        return action.option if table.game.step == "action" else None
    if isinstance(action, (R.Flip, R.PickSpace)):
        return ("slot", action.slot)
    if isinstance(action, R.PickCard):
        return ("family", action.family)
    return action


GUIDE = Guide(
    seed=13, players=2, moves=3, point=point,
    lessons={
        "flip": N_("Step 1: turn any face-down card of the Wild face up. Remember what you "
                   "see: knowing where birds lie is how families grow."),
        "action": N_("Step 2: pick one. A flips a second card and keeps a matching pair. B "
                     "takes this card and hides one of yours in its place. C hides two and "
                     "draws two."),
        "second": N_("Flip a second card. If it's the same family as the first, both come "
                     "to your hand; if not, both turn back down."),
        "b_card": N_("Choose one of your cards to hide face down where the taken card was. "
                     "Remember where it went!"),
        "c_card": N_("Choose a card from your hand to hide in the Wild."),
        "c_space": N_("Choose an empty space of the Wild for it."),
    })
