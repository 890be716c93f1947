"""The Yard Birbs table's display model: where every visible card is, as the view says.

One dataclass, :class:`Model`, mirrors the viewer's view. The table builds it in
``refresh()``; while a move is planned the animations advance a working copy (``plan``)
event by event, so each step knows where cards go next, and the timeline swaps in a
snapshot of it (``disp``) as each event lands, so a flock's label, a count or the deck
changes when its card arrives, not when the move starts. The advancing methods mirror
the rules' effects on what the screen shows; nothing here draws.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.yard_birbs import rules as R


def flock_order(card) -> tuple[int, int]:
    """How the rules sort a flock (by number, then suit): columns show that order."""
    return card[1], card[0]


@dataclass
class Model:
    """Where the visible cards are: built from a view, advanced by events."""

    hand: list = field(default_factory=list)          # the viewer's hand, sorted
    hand_sizes: list = field(default_factory=list)
    feeder: list = field(default_factory=list)        # [seat, card or None] per slot
    places: list = field(default_factory=list)        # per seat, 0 = no token yet
    yards: list = field(default_factory=list)         # seat -> flocks -> cards
    pending: list = field(default_factory=list)       # per seat: bird awaiting a flock
    lifer: object = None
    abilities: list = field(default_factory=list)     # (token, ability id)
    deck: int = 0
    totals: list = field(default_factory=list)
    over: bool = False

    @classmethod
    def empty(cls, n: int) -> "Model":
        return cls([], [0] * n, [], [0] * n, [[] for _ in range(n)], [None] * n, None, [],
                   0, [0] * n, False)

    @classmethod
    def from_view(cls, v: R.YardBirbsView) -> "Model":
        n = v.num_players
        pending = [None] * n
        if v.pending_bird is not None and v.current is not None:
            pending[v.current] = v.pending_bird
        return cls(list(v.hand), list(v.hand_sizes),
                   [[s.seat, s.card] for s in v.feeder], list(v.places),
                   [[list(f.cards) for f in yard] for yard in v.yards], pending, v.lifer,
                   list(v.abilities), v.deck_size, list(v.totals), v.phase == R.OVER)

    def copy(self) -> "Model":
        return Model(list(self.hand), list(self.hand_sizes), [list(s) for s in self.feeder],
                     list(self.places), [[list(f) for f in y] for y in self.yards],
                     list(self.pending), self.lifer, list(self.abilities), self.deck,
                     list(self.totals), self.over)

    def yard_points(self, seat: int) -> int:
        return sum(R.Flock(f).points for f in self.yards[seat] if f)

    # -- what the geometry needs to know ----------------------------------------------
    def cols(self, seat: int) -> int:
        """Columns a yard lays out: every flock plus one kept free for a bird on its way in."""
        return len(self.yards[seat]) + 1

    def size(self, seat: int, col: int) -> int:
        """Cards in a yard's column (the free column holds one)."""
        yard = self.yards[seat]
        return len(yard[col]) if col < len(yard) else 1

    # -- advancing it as the rules do --------------------------------------------------
    def to_hand(self, card, out=None) -> int:
        """The viewer's hand takes ``card`` (giving up ``out`` if it holds it); returns
        where ``card`` now sits in the sorted hand."""
        if out is not None and out in self.hand:
            self.hand.remove(out)
        self.hand = sorted(self.hand + [card])
        return self.hand.index(card)

    def to_flock(self, seat: int, flock: int | None, card) -> int:
        """A bird joins a flock (kept in flock order), or starts one (``flock`` None);
        returns its column."""
        yard = self.yards[seat]
        if flock is None:
            yard.append([card])
            return len(yard) - 1
        yard[flock] = sorted(yard[flock] + [card], key=flock_order)
        return flock

    def from_flock(self, seat: int, flock: int, card) -> None:
        """A bird leaves a flock; a flock left empty goes."""
        yard = self.yards[seat]
        if 0 <= flock < len(yard) and card in yard[flock]:
            yard[flock].remove(card)
            if not yard[flock]:
                del yard[flock]

    def merge(self, seat: int, first: int, second: int) -> None:
        """Two flocks become one, in the lower of their columns."""
        yard = self.yards[seat]
        low, high = min(first, second), max(first, second)
        yard[low] = sorted(yard[low] + yard[high], key=flock_order)
        del yard[high]
