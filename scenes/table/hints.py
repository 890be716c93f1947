"""Hints: on a person's turn the Hard AI works out, a slice a frame, what it would do in
their place; the table highlights it (``show_hint``, each game's hook) and the log says
why in plain words (a phone seat's hint goes to that phone alone)."""
from __future__ import annotations

from scenes.table.log import LogLine

AI_SLICE = 0.004     # seconds of search per frame (the AI's and the hint's)


class Hints:
    """The hint machinery of TableScene (a mixin: it reads the table's state and seats)."""

    hint_bot = None
    hint_decision = None
    hint_action = None

    def show_hint(self, action) -> None:
        """Highlight ``action`` (the hint) on the table, e.g. by focusing its option."""

    @property
    def hints_on(self) -> bool:
        return bool(self.ctx.settings.hints) and self.speed_name is None

    def request_hint(self, state=None) -> None:
        """Y / H: ask the Hard AI what it would do in the human's place (never for an AI
        seat: the button is only heard on a human's turn). A table whose one choice takes
        several picks may ask again for ``state``, the decision as its picks so far leave
        it, to hint the next pick."""
        seat = self.state.current_player
        if not self.hints_on:
            self.ctx.play("error")
            return
        if self.hint_decision is not None and state is None:
            return  # already thinking, or already shown
        if self.hint_bot is None:
            self.hint_bot = self.make_bot("hard", (self.match.seed or 0) * 7 + 1)
        self.hint_action = None
        self.hint_decision = self.hint_bot.begin(self.state if state is None else state, seat)
        self.ctx.play("tap")

    def _step_hint(self) -> None:
        decision = self.hint_decision
        if decision is None or self.hint_action is not None:
            return
        if decision.step(AI_SLICE):
            self.hint_action = decision.action
            explain = getattr(decision, "explain", None)
            why = explain(self.names) if explain else str(decision.action)
            seat = self.state.current_player
            if self.couch.is_phone(seat):   # told to that phone alone, never the TV's log
                self.desk.hinted(seat, decision.action, why)
                return
            self.log(LogLine.of(f"Hint: {why}", None, private=seat))   # for their eyes
            self.show_hint(decision.action)
            self.ctx.play("chirp")
