"""How the Hard search plays Yard Birbs: its profile and how it judges a capped playout
(banked totals plus each yard as the Normal bot values it)."""
from __future__ import annotations

from game.ai.profiles import Profile
from game.engine import State
from game.yard_birbs.ai import Appraiser
from game.yard_birbs.rules import OVER


def values(state: State) -> list[float]:
    """Banked totals plus each yard as the Normal bot values it: points, and the hoped-
    for growth of every flock from the birds still live this round (read from each
    seat's own view of the determinized state, so no seat is credited with cards it
    could not expect)."""
    if state.phase == OVER:
        return [float(t) for t in state.totals]
    out = []
    for seat in range(state.num_players):
        judge = Appraiser(state.view(seat), seat)
        out.append(state.totals[seat] + judge.yard_value(state.yards[seat]))
    return out


PROFILE = Profile("yard_birbs", playout="normal", depth=20, temperature=4.0, values=values,
                  paired=True, prior_z=1.5)
