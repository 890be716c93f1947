"""Who sees what at a shared table, and which device may play which seat (couch play).

A part of the table (``table.couch``): it owns which device plays each human seat
(``owners``), whose hand is on show (``revealed``) and who used which device last, and
reads the table's ``match`` and ``state``.

A seat owned by a phone ("phone:<seat>", see game.phones) is played on that phone: its
hand is never opened on the TV and its turn needs no privacy screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.phones import is_phone
from game.session import with_seat
from game.i18n import _

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


class Couch:
    """The couch: seats, devices and whose private view is on screen."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        match = table.match
        # which device owns each human seat (None: any device), which human's private
        # view is on screen after their privacy screen, who used which device last
        self.owners: dict[int, str | None] = {i: s.device for i, s in enumerate(match.seats)
                                              if s.human}
        self.revealed: int | None = None
        self.last_viewer: int | None = None
        self.last_device: dict[int, str] = {}
        self.stand_ins: set[int] = set()   # seats another person's device plays for a lost one

    @property
    def privacy(self) -> bool:
        """Two or more people share the screen and hands are hidden between their turns."""
        return len(self.t.match.humans) >= 2 and not self.t.match.open_hands

    @property
    def viewer(self) -> int | None:
        """Whose private view the screen shows.

        One human: always theirs. Several with privacy: only the seat that passed its
        privacy screen, until play leaves that seat (a spectator view otherwise). Several
        with open hands (teaching): the human to move, or the last one who moved.
        """
        humans = self.t.match.humans
        if not humans:
            return None
        if len(humans) == 1:   # a phone's hand stays on the phone
            return None if self.is_phone(humans[0]) else humans[0]
        if self.privacy:
            return self.revealed
        seat = self.t.state.current_player
        if seat in humans:
            self.last_viewer = seat
        return self.last_viewer if self.last_viewer is not None else humans[0]

    def first_home(self) -> int:
        """Who sits beside the hand before any hand has shown: the first person at the TV
        (a lone person's seat, wherever Seat setup put them), else the first seat."""
        return next((i for i, seat in enumerate(self.t.match.seats)
                     if seat.human and not is_phone(seat.device)), 0)

    def reveal(self, seat: int) -> None:
        """The seat passed its privacy screen: show its hand."""
        self.revealed = seat
        self.t.dirty = True

    def owner(self, seat: int | None) -> str | None:
        """The TV device that plays ``seat`` (None: any device, or a phone: no TV
        device, so no TV prompt, privacy screen or secret tip panel waits on one)."""
        device = self.owners.get(seat) if seat is not None else None
        return None if is_phone(device) else device

    def accepts(self, seat: int | None, device: str) -> bool:
        """May ``device`` make decisions for ``seat``? With one human, any device may."""
        if len(self.t.match.humans) < 2:
            return True
        owner = self.owner(seat)
        return owner is None or owner == device

    def disconnected(self, device: str) -> str | None:
        """A device was unplugged: the seat name to pause for, or None to carry on."""
        for seat, owner in self.owners.items():
            if owner == device or (owner is None and self.last_device.get(seat) == device):
                return self.t.match.seats[seat].name
        return None

    def rebind(self, old: str, new: str) -> None:
        """Whoever carried on after an unplug now owns the orphaned seat. A device that
        already plays a seat of its own only stands in: the seat is marked, so the lost
        controller, plugged back in, is offered it again (see device_added)."""
        standing_in = any(owner == new for owner in self.owners.values())
        for seat, owner in self.owners.items():
            if owner == old or (owner is None and self.last_device.get(seat) == old):
                if owner is not None:
                    self.owners[seat] = new
                    self.t.match = with_seat(self.t.match, seat, device=new)
                    if standing_in:
                        self.stand_ins.add(seat)
                self.last_device[seat] = new

    def device_added(self, device: str) -> None:
        """A controller was plugged in: if another person's device stands in for a seat
        whose controller was lost, ask whether this is that controller, back."""
        if self.stand_ins and device not in self.owners.values():
            from scenes.table.seats import SeatReturn
            self.t.ctx.stack.push(SeatReturn(self.t.ctx, self.t, device))

    def holder(self, seat: int) -> str | None:
        """The device that plays ``seat`` (a phone's too); None: the AI."""
        return self.owners.get(seat) if self.is_human(seat) else None

    def give_seat(self, seat: int, device: str) -> str:
        """Hand ``seat`` to the TV ``device`` from now on, with a line in the log; or, if
        that device plays another seat, refuse with the words why ('' when done)."""
        name = self.t.match.seats[seat].name
        other = next((s for s, d in self.owners.items()
                      if d == device and s != seat and self.is_human(s)), None)
        if other is not None:
            return _("That device already plays {name}.").format(
                name=self.t.match.seats[other].name)
        self.seat_to(seat, device)
        self.t.log_book.log(_("{name}'s seat goes to {device}.").format(
            name=name, device=self.t.ctx.input.label(device)))
        return ""

    def seat_to_ai(self, seat: int) -> None:
        """The AI plays ``seat`` from now on (at the seat's level), said in the log."""
        self.seat_to(seat, None)
        self.t.log_book.log(_("{name}'s seat goes to the AI.").format(
            name=self.t.match.seats[seat].name))

    def swap_seats(self, one: int, other: int) -> None:
        """The two seats change players: each goes to the device (or the AI) that played
        the other."""
        first, second = self.holder(one), self.holder(other)
        self.seat_to(one, second)
        self.seat_to(other, first)
        self.t.log_book.log(_("{one} and {other} swap players.").format(
            one=self.t.match.seats[one].name, other=self.t.match.seats[other].name))

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.t.match.seats[seat].human

    def is_phone(self, seat: int | None) -> bool:
        """Is ``seat`` played on its phone?"""
        return self.is_human(seat) and is_phone(self.owners.get(seat))

    def seat_to(self, seat: int, device: str | None) -> None:
        """Hand ``seat`` to ``device`` (a phone taking its seat, a controller taking over
        from a phone that is gone) or, with None, to the AI at the seat's level."""
        info = self.t.match.seats[seat]
        self.stand_ins.discard(seat)
        self.t.match = with_seat(self.t.match, seat, human=device is not None, device=device)
        if device is None:
            self.owners.pop(seat, None)
            self.t.bots[seat] = self.t.make_bot(info.level,
                                            (self.t.match.seed or 0) * 31 + seat)
        else:
            self.owners[seat] = device
            self.t.bots.pop(seat, None)
        if not is_phone(device):
            self.t.desk.forget(seat)
        if self.t.keeper.guard is not None:   # a seat a person played stays a person's for undo
            self.t.keeper.guard.humans |= frozenset(self.t.match.humans)
        if self.t.state.current_player == seat:   # whoever decides now starts afresh
            self.t.turn.reset()
        self.t.turn.phone_turn = None
        self.t.turn.phone_gone_for = 0.0
        if self.revealed == seat:
            self.revealed = None
        self.last_viewer = None
        self.t.dirty = True
