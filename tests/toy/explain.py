"""Why a hint suggests a toy move (see game/ai/explain.py): what it surely does for the
mover, read from the mover's view alone."""
from __future__ import annotations

from typing import Sequence

from game.engine import plural
from tests.toy.rules import Draw, Play, ToyView

SCORES = "it beats the {top} on the pile, so you score {card}"
OPENS = "the pile is empty, so any card scores: you score {card}"
NO_SCORE = "nothing you hold beats the {top}, and this is your lowest card"
DRAWS = "nothing you hold beats the {top}; the deck has {left} for a better one"


def reason(view: ToyView, action, legal: Sequence, names: Sequence[str] | None = None
           ) -> str:
    """What ``action`` does for ``view.seat`` ('' when there is nothing sure to say)."""
    top = view.pile[-1] if view.pile else None
    if isinstance(action, Play):
        if top is None:
            return OPENS.format(card=action.card)
        if action.card > top:
            return SCORES.format(top=top, card=action.card)
        if view.hand and action.card == min(view.hand) and max(view.hand) <= top:
            return NO_SCORE.format(top=top)
        return ""
    if isinstance(action, Draw) and top is not None:
        return DRAWS.format(top=top, left=plural(view.deck_size, "card"))
    return ""
