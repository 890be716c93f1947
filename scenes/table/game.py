"""The game's part of a table: the one object a game supplies (``table.game``).

A game's ``scenes/<id>/table.py`` subclasses :class:`GameTable` with what only that game
knows: its sprites and display model built from the viewer's view (``setup``,
``refresh``), the person's picks (``begin_turn``, ``handle_turn``, ``focused``, ``step``),
its words (``status``, ``prompts``), what a move changed (``changed_places``,
``changed_rect``), and the classes of its other parts (``motion_kind``: its animations).
Everything here has a default, so a game overrides only what it needs.

The shared frame is ``self.t`` (scenes.table.scene.TableScene): its match, state, view
on show (``shown``), layout, clock and parts (``couch``, ``turn``, ``hints``,
``keeper``, ``changes``, ``motion``, ``desk``). Four hooks wrap the frame's own work and
end by calling it (``super().enter()`` and so on): ``enter``, ``update``, ``submit``,
``handle``. Code in a game calls ``self.t.submit(action)``, never its own hook, so a
replay or the coach in front of the table sees every move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Iterable, Sequence

from game.engine import Event
from game.input import Act, Input
from scenes.table.animations import Animations
from game.i18n import _

if TYPE_CHECKING:
    import pygame

    from scenes.table.scene import TableScene


class GameTable:
    """The hooks a game's table implements (defaults: a plain one-pick table)."""

    motion_kind: type[Animations] = Animations   # its animations (scenes.table.animations)
    tempo = 1.0                                  # its animations' pace (1: the house's)

    def __init__(self, table: TableScene) -> None:
        self.t = table

    # -- the frame's work, wrapped ------------------------------------------------------
    def enter(self) -> None:
        """The table comes on screen: by default its opening deal is shown."""
        self.t.show_opening()

    def update(self, dt: float) -> None:
        """One frame: by default the turn loop (a game may ease its sprites after it)."""
        self.t.run(dt)

    def submit(self, action) -> bool:
        """A move is made: by default it is played (a game may note something first)."""
        return self.t.play(action)

    def handle(self, event: Input) -> bool:
        """Input: by default the table's (a game may take some first)."""
        return self.t.take_input(event)

    # -- the picture ---------------------------------------------------------------------
    def setup(self) -> None:
        """Create sprites and static surfaces (called once, before the first refresh)."""

    def refresh(self) -> None:
        """Rebuild sprites from ``self.t.shown`` (called when animations have finished)."""

    def changed_places(self, events: Sequence[Event]) -> Iterable[Hashable]:
        """The places the move's ``events`` change, as keys for ``changed_rect``
        (scenes.table.changes)."""
        return ()

    def changed_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where the place ``key`` lies now (None: it is no longer on the table)."""
        return None

    def loggable(self, event: Event) -> bool:
        """Whether ``event`` earns a log line (a table may drop lines its screen already
        says, such as whose turn it is)."""
        return True

    # -- a person's decision ---------------------------------------------------------------
    def forced_action(self):
        """An action the seat to move (human or AI) plays at once, when the rules leave
        it nothing to choose in the game's eyes (the engine may still list several)."""
        return None

    def private_turn(self, seat: int) -> bool:
        """Must ``seat`` pass a privacy screen before deciding? (With privacy on, yes; a
        table may take a decision that shows nothing private in the open.)"""
        return self.t.couch.privacy

    def begin_turn(self) -> None:
        """A human seat must decide: set up pickers for ``state.legal_actions()``."""

    def handle_turn(self, event: Input) -> bool:
        """Input while a human decides (by default to the turn's picker); call
        ``self.t.submit(action)`` to play."""
        picker = self.t.turn.picker
        return picker.handle(event) if picker is not None else False

    @property
    def focused(self):
        """The value of the option in focus while a human's picker takes input, else None."""
        turn = self.t.turn
        if turn.picker is None or not turn.turn_ready or self.t.animator.busy:
            return None
        option = turn.picker.focused
        return option.value if option is not None else None

    @property
    def step(self) -> str | None:
        """The kind of pick a person is making now, by name (the coach teaches each kind
        once), or None."""
        return None

    def show_hint(self, action) -> None:
        """Highlight ``action`` (the hint) on the table, e.g. by focusing its option."""

    @property
    def hints_allowed(self) -> bool:
        """May a hint be asked for now? (A hint must never tell a secret choice.)"""
        return True

    # -- words -----------------------------------------------------------------------------
    def status(self) -> str:
        """One line on what is happening or what the person should do."""
        t = self.t
        seat = t.state.current_player
        if seat is None:
            return _("Game over")
        if t.couch.is_human(seat):
            return _("Your move")
        return _("{name} is thinking").format(name=t.match.seats[seat].name)

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        """The bar's words, translated here (the bar draws them as given)."""
        return ((Act.CONFIRM, _("Choose")), (Act.PAUSE, _("Pause")))
