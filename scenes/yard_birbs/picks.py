"""A person's turn at the Yard Birbs table as picks: what each pick offers, where its
choices lie, and the chain that plays them.

One choice on screen is often several engine decisions of the same seat in a row: a
bird, then its flock; an ability, then its targets. The table makes them one
:class:`TurnChain`. Each pick is tried on a clone of the state to plan the next one
(:class:`Lookahead`); BACK drops the last pick; the picks are played together once the
next step would begin another decision (:data:`DECISION_STARTS`: a card to play, a bird
to take, an ability, a bury after a draw) or be someone else's. So a bird and its flock
are chosen together and can be taken back, and a drawn card is never looked at ahead:
the draw is played before the pick that follows it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.i18n import _
from game.yard_birbs import rules as R
from scenes.picker import Option
from scenes.table.picks import BACK, Pick, PickChain
from scenes.yard_birbs.geometry import CH, CW, FH, FW, YardBirbsGeometry
from scenes.yard_birbs.model import Model

# After these phases a new decision begins: a chain of picks ends there.
DECISION_STARTS = frozenset(name for name, p in R.PHASES.items() if p.fresh)
# The flock choices for a bird (the table previews what each adds).
FLOCK_PICKS = frozenset(name for name, p in R.PHASES.items() if p.zone == R.FLOCK_ZONE)


class TurnChain(PickChain):
    """A chain whose picks are each an engine action of the seat to move, played in
    order when it ends (``finish`` returns them all). Two things differ from the shared
    chain, both as this table has always behaved: ``then(value)`` runs after a pick that
    leads to another (the table follows a hint there), and BACK puts the focus where a
    fresh pick puts it, not on what was picked before."""

    def __init__(self, table, plan: Callable[[tuple], Pick | None],
                 finish: Callable[[tuple], Sequence[object]],
                 then: Callable[[object], None]) -> None:
        self.then = then
        super().__init__(table, plan, finish)

    def choose(self, value: object) -> None:
        if value == BACK:
            super().choose(value)
            return
        self.values += (value,)
        self.start()
        if self.pick is not None:
            self.then(value)
            return
        for action in self.finish(self.values):
            if not self.table.submit(action):  # refused (never expected): the turn restarts
                break

    def back(self) -> None:
        if self.values:
            self.values = self.values[:-1]
            self.start()


def ends_decision(state, seat: int) -> bool:
    """Do the picks so far (applied to ``state``) complete the person's choice?"""
    return (state.is_terminal() or state.current_player != seat
            or state.view(seat).phase in DECISION_STARTS)


@dataclass
class Lookahead:
    """Where the decision stands after the picks so far (tried on a clone): what the
    seat would see and may do there. The table's tips and previews read it."""

    seat: int
    picks: tuple
    view: R.YardBirbsView
    legal: list

    @property
    def phase(self) -> str:
        return self.view.phase

    def moving_bird(self):
        """The bird the current flock choice is for (chosen in this chain or pending)."""
        for action in reversed(self.picks):
            if isinstance(action, (R.Take, R.PickFeeder, R.PickYard)):
                if self.phase == R.REFLOCK_FLOCK or not isinstance(action, R.PickYard):
                    return action.card
        if self.view.pending_bird is not None:
            return self.view.pending_bird
        return None

    def gain_of(self, action) -> int:
        """Points a flock choice would add (for the badges and the first focus)."""
        if not isinstance(action, R.ToFlock):
            return 0
        bird = self.moving_bird()
        if bird is None:
            return 0
        yard = self.view.yards[self.seat]
        if action.flock == R.NEW_FLOCK or action.flock >= len(yard):
            return 0
        flock = yard[action.flock]
        return flock.plus(bird).points - flock.points

    def why_bird_stays(self, card) -> str:
        """Why an ability may not take this bird of the yard (for the tip line)."""
        if self.phase == R.FLY_OFF_BIRD:
            return _("only a solo bird may fly off")
        yard = self.view.yards[self.seat]
        flock = next(f for f in yard if card in f.cards)
        if not flock.can_lose(card):  # ruling YB-9
            return _("its flock would no longer qualify")
        return _("no other flock takes it")

    def first_focus(self, options: list[Option]) -> int:
        """The first enabled choice; for a flock, the one the bird adds most to."""
        if self.phase in FLOCK_PICKS:
            return max(range(len(options)), key=lambda i: (options[i].enabled,
                                                          self.gain_of(options[i].value)),
                       default=0)
        return next((i for i, o in enumerate(options) if o.enabled), 0)


# -- the choices of a pick, where the screen shows them ---------------------------------
Rings = dict   # choice -> the rect its focus ring goes round, where not its hit area


def options_for(geo: YardBirbsGeometry, m: Model, ahead: Lookahead
                ) -> tuple[list[Option], Rings]:
    """Every choice of the pick ``ahead`` asks for, laid over the table as ``m`` shows
    it (a refused one stays, disabled), and the focus rings that are not their rects."""
    zone = R.PHASES[ahead.phase].zone
    if zone == R.HAND_ZONE:
        return hand_options(geo, m, ahead), {}
    if zone == R.FEEDER_ZONE:
        return feeder_options(geo, m, ahead), {}
    if zone == R.FLOCK_ZONE:
        return flock_options(geo, m, ahead)
    if zone == R.YARD_ZONE:
        return yard_options(geo, m, ahead), {}
    if zone == R.MERGE_ZONE:
        return merge_options(geo, m, ahead)
    if zone == R.ABILITY_ZONE:
        return ability_options(geo, m, ahead), {}
    return [], {}


def hand_options(geo: YardBirbsGeometry, m: Model, ahead: Lookahead) -> list[Option]:
    # the lookahead may hold a card the screen does not (never here: hands only change
    # through draws, which end a chain)
    legal = set(ahead.legal)
    play = ahead.phase == R.PLAY
    n = len(m.hand)
    step = geo.hand_step(n)
    opts = []
    for i, card in enumerate(m.hand):
        action = R.Play(card) if play else R.PickHand(card)
        x, y = geo.hand_pos(i, n)
        w = FW if i == n - 1 else int(step)
        rect = pygame.Rect(int(x - FW / 2), int(y - FH / 2), w, FH)
        opts.append(Option(rect, action, _("Play") if play else _("Choose"), action in legal))
    return opts


def feeder_options(geo: YardBirbsGeometry, m: Model, ahead: Lookahead) -> list[Option]:
    legal = set(ahead.legal)
    opts = []
    for slot, (_owner, card) in enumerate(m.feeder):
        if card is None:
            continue
        action = R.Take(card) if ahead.phase == R.TAKE else R.PickFeeder(card)
        x, y = geo.slot_pos(slot)
        rect = pygame.Rect(int(x - FW / 2), int(y - FH / 2), FW, FH)
        opts.append(Option(rect, action, _("Take"), action in legal))
    return opts


def flock_options(geo: YardBirbsGeometry, m: Model, ahead: Lookahead
                  ) -> tuple[list[Option], Rings]:
    """Only the flocks the bird may join (and a new one), left to right."""
    seat = ahead.seat
    cols = m.cols(seat)
    mapping = map_flocks(ahead.view.yards[seat], m.yards[seat])
    opts, rings = [], {}
    for action in ahead.legal:
        col = len(m.yards[seat]) if action.flock == R.NEW_FLOCK else mapping.get(
            action.flock, -1)
        if col < 0:
            continue
        rings[action] = geo.col_rect(seat, cols, col, m.size(seat, col))
        label = _("New flock") if action.flock == R.NEW_FLOCK else _("Add here")
        opts.append(Option(geo.col_band(seat, cols, col, m.size(seat, col)), action, label,
                           True))
    opts.sort(key=lambda o: o.rect.x)
    return opts, rings


def yard_options(geo: YardBirbsGeometry, m: Model, ahead: Lookahead) -> list[Option]:
    """Every bird of the seat's yard: the header band of a stacked one, a column's
    bottom card whole."""
    seat = ahead.seat
    legal = set(ahead.legal)
    cols = m.cols(seat)
    opts = []
    for col, flock in enumerate(m.yards[seat]):
        step = geo.row_step(seat, len(flock))
        for row, card in enumerate(flock):
            action = R.PickYard(card)
            x, y = geo.yard_card_pos(seat, cols, col, row, len(flock))
            h = CH if row == len(flock) - 1 else max(int(step), 12)
            w = CW if col == cols - 2 else int(min(CW, geo.col_step(seat, cols) - 4))
            rect = pygame.Rect(int(x - CW / 2), int(y - CH / 2), w, h)
            opts.append(Option(rect, action, _("Choose"), action in legal))
    return opts


def merge_options(geo: YardBirbsGeometry, m: Model, ahead: Lookahead
                  ) -> tuple[list[Option], Rings]:
    seat = ahead.seat
    legal = set(ahead.legal)
    cols = m.cols(seat)
    opts, rings = [], {}
    for col in range(len(m.yards[seat])):
        action = R.PickFlock(col)
        if ahead.phase == R.MERGE_SECOND and col == ahead.view.pending_flock:
            continue
        rings[action] = geo.col_rect(seat, cols, col, m.size(seat, col))
        opts.append(Option(geo.col_band(seat, cols, col, m.size(seat, col)), action, _("Merge"),
                           action in legal))
    return opts, rings


def ability_options(geo: YardBirbsGeometry, m: Model, ahead: Lookahead) -> list[Option]:
    legal = set(ahead.legal)
    rects, skip = geo.strip_rects()
    opts = []
    for i, (_token, ability) in enumerate(m.abilities):
        action = R.UseAbility(ability)
        opts.append(Option(rects[i], action, _("Use"), action in legal))
    opts.append(Option(skip, R.Skip(), _("No ability"), True))
    return opts


def map_flocks(looked, shown) -> dict[int, int]:
    """Flock indices of the lookahead yard -> columns on screen (the same flocks,
    perhaps one bird lighter after a Feeder Swap)."""
    mapping = {}
    for i, flock in enumerate(looked):
        cards = set(flock.cards)
        for col, birds in enumerate(shown):
            if cards <= set(birds):
                mapping[i] = col
                break
    return mapping
