"""Couch play: people tip in secret, all at once, each on a device of their own.

Several people with devices of their own tip at the same time, each with two buttons
(red: PREV, green: NEXT) that leave nothing on screen but "tipped"; the rules still take
tips one seat at a time, so a tip made early waits (``queued_tips``) until the rules ask
that seat (``forced_action``). On one shared device each tipper gets a privacy screen and
the usual red/green pick instead.

This is not a :class:`scenes.table.picks.PickChain`: a chain is one seat's picks, read
from the device that owns the seat to move, with a focus ring on screen. Here any tipper
may press at any moment, whoever the rules are asking, and nothing may show which button
was pressed; so the table keeps no picker at all (its step reads "secret") and this part
takes the tips straight from ``handle``.

A base of :class:`scenes.flip_a_bird.table.FlipABirdGameTable` (the game part).
"""
from __future__ import annotations

from game.flip_a_bird import rules as R
from game.input import Act, Input


class SecretTipping:
    def tipping_humans(self) -> list[int]:
        """The human seats that tip in the claim on now (not the claimant or accused)."""
        st = self.t.state
        if st.phase != R.PHASE_TIP:
            return []
        return [s for s in range(self.t.match.num_players)
                if self.t.couch.is_human(s) and s not in (st.claimant, st.accused)]

    @property
    def secret_tipping(self) -> bool:
        """Two or more people tip, each on a device of their own."""
        seats = self.t.game.tipping_humans()
        devices = [self.t.couch.owner(s) for s in seats]
        return len(seats) >= 2 and None not in devices and len(set(devices)) == len(seats)

    def has_tipped(self, seat: int) -> bool:
        return seat in self.t.game.queued_tips or self.t.state.tips[seat] is not None

    def forced_action(self) -> R.Tip | None:
        """A tip made ahead of its turn is played as soon as the rules ask for it."""
        if self.t.state.phase == R.PHASE_TIP:
            return self.t.game.queued_tips.pop(self.t.state.current_player, None)
        return None

    def private_turn(self, seat: int) -> bool:
        return self.t.couch.privacy and not self.t.game.secret_tipping   # a secret tip shows nothing

    @property
    def hints_allowed(self) -> bool:
        return not self.t.game.secret_tipping   # a hint would tell the tip

    def handle(self, event: Input) -> bool:
        if event.act in (Act.PREV, Act.NEXT) and self.t.game.secret_tipping:
            seat = next((s for s in self.t.game.tipping_humans()
                        if self.t.couch.owner(s) == event.device), None)
            if seat is not None and not self.t.game.has_tipped(seat):
                self.t.game.queued_tips[seat] = R.TIP_RED if event.act is Act.PREV else R.TIP_GREEN
                self.t.ctx.play("tap")
            return True
        return super().handle(event)
