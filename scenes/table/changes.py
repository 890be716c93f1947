"""What the others changed since a person last acted, outlined on the table.

Between a person's turns several AI seats may move; the log's "Since your turn" recap
says what they did, and this marks where: each place a move changed (a row, a card, a
yard, a plate...) is outlined in the mover's seat colour, with the seat's shape on the
outline (so it reads without colour too), until that person acts.

A game says which places a move changes and where they lie now:

* ``changed_places(events)``: hashable keys, one per place the move's events change, in
  order; ``CLEAR`` among them forgets everything noted before it (a new round deals a
  fresh table);
* ``changed_rect(key)``: where the place is on screen now, or None if it is gone (a
  claimed row, a trick swept away): a gone place is simply not drawn.

The shared part records, per person at the table, the places the other seats' moves
changed since that person's last move (noted as the move is played, shown once its
animation is over), and draws the record of the person whose view is on screen.

A part of the table (``table.changes``); the two hooks are the table's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Sequence

import pygame

from game.engine import Event
from sprites import ui

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

CLEAR = ("changes", "clear")   # a key that forgets every change noted before it
OUTLINE = 4                    # px: the outline's width
GAP = 5                        # px between a place and its (first) outline
NEST = 9                       # px between the outlines of several movers round one place
MARK = 15                      # the radius of the seat's shape on the outline


class Changes:
    """The table's record of changed places (see the module)."""

    def __init__(self, table: TableScene) -> None:
        """An empty record: ``change_record`` per person, each place changed since their
        last move and by whom (in order); ``pending_changes`` waiting for the animation."""
        self.t = table
        self.change_record: dict[int, dict[Hashable, list[int]]] = {}
        self.pending_changes: list[tuple[int | None, Hashable]] = []
        table.move_played.connect(lambda move: self.note(move.mover, move.events))

    def note(self, mover: int | None, events: Sequence[Event]) -> None:
        """A move was played: the places it changes wait for its animation to end."""
        if self.t.couch.is_human(mover):
            self.change_record[mover] = {}    # they acted: their outlines go
        self.pending_changes.extend((mover, key) for key in self.t.game.changed_places(events))

    def settle(self) -> None:
        """The move's animation is over: its changes join every other person's record."""
        pending = self.pending_changes
        if not pending:
            return
        humans = [s for s in range(self.t.match.num_players) if self.t.couch.is_human(s)]
        for mover, key in pending:
            for seat in humans:
                places = self.change_record.setdefault(seat, {})
                if key == CLEAR:
                    places.clear()
                elif mover is not None and mover != seat:
                    movers = places.setdefault(key, [])
                    if mover in movers:
                        movers.remove(mover)
                    movers.append(mover)     # in the order they moved
        pending.clear()

    def forget(self) -> None:
        """Forget every record (a move taken back: the table is not what they showed)."""
        self.change_record.clear()
        self.pending_changes.clear()

    def shown(self) -> dict[Hashable, list[int]]:
        """The record of the person whose view is on screen (the only person here, if the
        screen shows nobody's hand, e.g. they play on a phone)."""
        seat = self.t.couch.viewer
        humans = self.t.match.humans
        if seat is None and len(humans) == 1:
            seat = humans[0]
        return self.change_record.get(seat, {}) if seat is not None else {}

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Each changed place outlined in its movers' colours: the first just outside it
        (cards lie close together: a ring further out would meet its neighbours' rings),
        the others nested inside; then each ring's seat shape low on its left edge,
        one above another."""
        for key, movers in self.shown().items():
            rect = self.t.game.changed_rect(key)
            if rect is None or rect.w <= 0 or rect.h <= 0:
                continue
            rings = [(rect.inflate(2 * GAP - 2 * NEST * k, 2 * GAP - 2 * NEST * k), mover)
                     for k, mover in enumerate(movers)]
            for ring, mover in rings:
                pygame.draw.rect(surface, (16, 18, 24), ring.inflate(4, 4), OUTLINE + 4,
                                 border_radius=16)
                pygame.draw.rect(surface, self.seat_rgb_of(mover), ring, OUTLINE,
                                 border_radius=14)
            for k, (ring, mover) in enumerate(rings):
                # low on the left edge: a card's corner there tells least (its number
                # and name are at the top)
                y = ring.bottom - MARK - 14 - k * (2 * MARK + 12)
                self.t.paint.draw_seat_mark(
                    surface, mover, (ring.x, max(y, ring.y + MARK + 6)), MARK)

    def seat_rgb_of(self, seat: int) -> tuple[int, int, int]:
        return ui.SEAT_COLOURS[self.t.match.seats[seat].colour % 6]
