"""Watching a finished game again: the game's own table, replaying the recorded moves from
the seed with the normal animations.

The replay is the table scene itself with every seat played by the recording (a "bot"
whose decision is the next recorded action), so each game's animations, plates and log
work unchanged. Confirm plays and pauses; Left steps back (the position rebuilt from the
nearest checkpoint, shown at once), Right steps forward (animated); Up and Down change
the speed; Hint (Y / H) changes whose view is shown: the spectator's (hidden hands stay
hidden) or any seat's. Back leaves.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.engine import GameOver
from game.i18n import _, pgettext
from game.input import Act, Input
from game.replay import Recording, Replayer, ReplayError, find_recording
from scenes.table.log import LogLine
from scenes.table.couch import Couch
from scenes.table.scene import TableScene

if TYPE_CHECKING:
    from game.context import Context
    from game.scene import Scene

SPEEDS = ("slow", "normal", "fast")


class _Recorded:
    """A 'decision' that is already made: the recorded move."""

    done = True

    def __init__(self, action) -> None:
        self.action = action

    def step(self, seconds: float) -> bool:
        return True


class _Player:
    """Plays each seat from the recording (the table's bots dictionary holds one per seat)."""

    def __init__(self, table: ReplayTable) -> None:
        self.table = table

    def begin(self, state, seat: int) -> _Recorded:
        return _Recorded(self.table.recording.actions[self.table.moves_played])


class ReplayCouch(Couch):
    """Nobody sits at a replay: no person, no privacy, and the view the watcher picks."""

    def is_human(self, seat) -> bool:
        return False

    @property
    def privacy(self) -> bool:
        return False

    @property
    def viewer(self) -> int | None:
        return self.t.view_seat


class ReplayTable(TableScene):
    """A recorded match played back at its game's own table: the game's part and drawing
    (from the table class its spec names), a couch with nobody on it, the recording as
    every seat's player, and the watcher's controls."""

    records = False
    couch_kind = ReplayCouch
    always_prompts = True
    watching = True

    def __init__(self, ctx: Context, recording: Recording, table: type[TableScene]) -> None:
        self.recording = recording
        self.game_kind, self.paint_kind = table.game_kind, table.paint_kind
        match = recording.to_match()
        self.paused = False
        self.view_seat: int | None = None       # None: the spectator's view
        self.replay_speed = "normal"
        super().__init__(ctx, match)
        self.player = Replayer(self.recording)
        self.bots = {seat: _Player(self) for seat in range(match.num_players)}
        self.on_finished = lambda table: None    # stay on the last position

    # -- the turn loop sees no people, only the recording -------------------------------------
    def new_state(self):
        return self.recording.new_state()

    @property
    def speed_name(self) -> str:          # type: ignore[override]
        return self.replay_speed

    @property
    def hints_on(self) -> bool:
        return False

    def forced_action(self):
        return None

    def _step_ai(self, seat: int, dt: float) -> None:
        if self.paused or self.moves_played >= len(self.recording.actions):
            return
        super()._step_ai(seat, dt)

    def animating(self) -> bool:
        return not self.paused or super().animating()

    # -- the viewer's controls -------------------------------------------------------------
    def handle(self, event: Input) -> bool:
        act = event.act
        if act is Act.CONFIRM:
            self.paused = not self.paused
        elif act is Act.RIGHT:
            self.step_forward()
        elif act is Act.LEFT:
            self.step_back()
        elif act in (Act.UP, Act.DOWN):
            i = SPEEDS.index(self.replay_speed) + (1 if act is Act.UP else -1)
            self.replay_speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]
        elif act is Act.HINT:
            order = [None, *range(self.match.num_players)]
            self.view_seat = order[(order.index(self.view_seat) + 1) % len(order)]
            self.dirty = True
            if not self.animator.busy:
                self.show_view()
        elif act in (Act.BACK, Act.PAUSE):
            self.ctx.play("tap")
            self.ctx.stack.pop()
        else:
            return False
        return True

    def step_forward(self) -> None:
        """One recorded move, animated (paused afterwards)."""
        self.paused = True
        if self.moves_played >= len(self.recording.actions):
            return
        if self.animator.busy or self.dirty:     # the move on screen ends at once
            self.go_to(self.moves_played)
        self.submit(self.recording.actions[self.moves_played])

    def step_back(self) -> None:
        """The position one move earlier, at once."""
        self.paused = True
        self.go_to(max(0, self.moves_played - 1))

    def go_to(self, k: int) -> None:
        """Show the position after ``k`` moves without animation (log rebuilt to match)."""
        self.animator.finish_all()
        self.log_book.waiting.clear()
        self.log_book.banner_waiting = None
        self.messages.banner_text = ""
        self.state = self.player.state_at(k)
        self.moves_played = k
        self.turn.decision = None
        self.finished_for = 0.0
        self.log_book.log_lines = deque(self._lines_upto(k), maxlen=self.log_book.log_lines.maxlen)
        self.turn_seat = self.state.current_player
        self.show_view()
        self.dirty = False

    def _lines_upto(self, k: int) -> list[str]:
        lines: list[str] = []
        for i in range(max(0, k - 40), k):
            seat = self.player.seat_at(i)
            lines += [LogLine.of(e.describe(self.names), seat)
                      for e in self.player.events_at(i)
                      if self.game.loggable(e) and not isinstance(e, GameOver)]
        return lines

    # -- words ----------------------------------------------------------------------------
    def status(self) -> str:
        total = len(self.recording.actions)
        view = (_("everyone's view") if self.view_seat is None
                else _("{name}'s view").format(name=self.match.seats[self.view_seat].name))
        speed = {"slow": pgettext("replay speed", "slow"),
                 "normal": pgettext("replay speed", "normal"),
                 "fast": pgettext("replay speed", "fast")}.get(self.replay_speed,
                                                               self.replay_speed)
        mode = _("paused") if self.paused else _("playing, {speed}").format(speed=speed)
        return _("Replay \u00b7 move {number} of {total} \u00b7 {mode} \u00b7 {view}").format(
            number=self.moves_played, total=total, mode=mode, view=view)

    def prompts(self):
        return ((Act.CONFIRM, _("Play") if self.paused else _("Pause")),
                (Act.LEFT, _("Left, Right: a move back, on")), (Act.UP, _("Up, Down: speed")),
                (Act.HINT, _("Whose view")), (Act.BACK, _("Leave")))

    def prompt_bar(self):
        return self.prompts()


def replay_table(ctx: Context, recording: Recording) -> Scene:
    """A table scene replaying ``recording`` (the game's own table class, replaying)."""
    from scenes.table.spec import table_spec

    spec = table_spec(recording.game_id)
    if spec is None:
        raise ReplayError(_("{game} has no table in this Birdhouse.").format(
            game=recording.game_name))
    return ReplayTable(ctx, recording, spec.table_class())


def replay_scene(ctx: Context, what: Recording | int | str) -> Scene:
    """The "replay" route: a recording, or a match id or replay file to find one by
    (ReplayError when it cannot be watched)."""
    if not isinstance(what, Recording):
        what = find_recording(str(what), ctx.store)
    return replay_table(ctx, what)


def watch(ctx: Context, match_id: int) -> str:
    """Open the replay of a recorded match ('' when shown, else the line to show)."""
    return watch_recording(ctx, str(match_id))


def watch_recording(ctx: Context, what: str) -> str:
    """Open a replay from a match id or a replay file ('' when shown, else why not)."""
    try:
        ctx.go("replay", what)
    except ReplayError as exc:
        ctx.log.warning("Cannot replay %s: %s", what, exc)
        return str(exc)
    return ""
