"""Hints: on a person's turn the Hard AI works out, a slice a frame, what it would do in
their place; the table highlights it (``show_hint``, each game's hook) and the log says
why in plain words (a phone seat's hint goes to that phone alone)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.table.log import LogLine
from game.i18n import _

if TYPE_CHECKING:
    from scenes.table.scene import TableScene

AI_SLICE = 0.004     # seconds of search per frame (the AI's and the hint's)


class Hints:
    """The table's hint machinery (``table.hints``): the Hard AI thinking for a person."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        self.hint_bot = None         # made when first asked for
        self.hint_decision = None    # the search under way for the current decision
        self.hint_action = None      # what it found (None: nothing yet)

    def forget(self) -> None:
        """The decision is over (or starts afresh): its hint goes with it."""
        self.hint_decision = self.hint_action = None

    def request_hint(self, state=None) -> None:
        """Y / H: ask the Hard AI what it would do in the human's place (never for an AI
        seat: the button is only heard on a human's turn). A table whose one choice takes
        several picks may ask again for ``state``, the decision as its picks so far leave
        it, to hint the next pick."""
        seat = self.t.state.current_player
        if not self.t.hints_on:
            self.t.ctx.play("error")
            return
        if self.hint_decision is not None and state is None:
            return  # already thinking, or already shown
        if self.hint_bot is None:
            self.hint_bot = self.t.make_bot("hard", (self.t.match.seed or 0) * 7 + 1)
        self.hint_action = None
        self.hint_decision = self.hint_bot.begin(self.t.state if state is None else state, seat)
        self.t.ctx.play("tap")

    def step(self) -> None:
        decision = self.hint_decision
        if decision is None or self.hint_action is not None:
            return
        if decision.step(AI_SLICE):
            self.hint_action = decision.action
            explain = getattr(decision, "explain", None)
            why = explain(self.t.names) if explain else str(decision.action)
            seat = self.t.state.current_player
            if self.t.couch.is_phone(seat):   # told to that phone alone, never the TV's log
                self.t.desk.hinted(seat, decision.action, why)
                return
            self.t.log_book.log(LogLine.of(_("Hint: {why}").format(why=why), None,
                                           private=seat))   # for their eyes
            self.t.show_hint(decision.action)
            self.t.ctx.play("chirp")
