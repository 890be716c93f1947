"""The decision under way at a table: who is deciding it and how far they have got.

One object (``table.turn``) holds it, so "whoever decides now starts afresh" is one
``reset()`` wherever it happens: a move played, a hand put away under an overlay, a seat
handed to someone else, a move taken back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenes.table.scene import TableScene


class Turn:
    """The current decision: an AI's search, a person's picker, a phone's turn."""

    def __init__(self, table: TableScene) -> None:
        self.t = table
        self.decision: Any = None      # an AI seat's search under way (game.ai)
        self.picker: Any = None        # the person's current choice (scenes.picker.Picker)
        self.thinking_for = 0.0        # seconds the AI has been thinking
        self.turn_ready = False        # the person's picker has been set up for it
        self.phone_turn: int | None = None  # a phone seat may decide now (its turn began)
        self.phone_gone_for = 0.0      # seconds the phone to move has been away
        self.phone_snooze = 0.0        # "Keep waiting": seconds before asking again

    def reset(self) -> None:
        """Forget the decision under way (picker, AI thinking, hint, phone turn): whoever
        decides now starts afresh."""
        self.decision = None
        self.turn_ready = False
        self.picker = None
        self.phone_turn = None
        self.t.hints.forget()
