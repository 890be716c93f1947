"""The table's turn loop: whose move it is, AI seats thinking in slices, hints, privacy
screens, forced moves, and a move's log lines waiting for its animation.

A table is this scene and its parts (see docs/architecture.md, "A table"): the game's
own part (``game``, a :class:`scenes.table.game.GameTable` from ``scenes/<id>/table.py``:
its sprites, picks and words), its drawing (``paint``, ``scenes/<id>/draw.py`` on
:mod:`scenes.table.chrome`), its animations (``motion``), and the shared ones: the couch,
the decision under way (``turn``), hints, the keeper, the changes record, the log book,
the log panel, the status line, call-outs (``messages``) and the phones desk. A game's
table class only names its parts (``game_kind``, ``paint_kind``). A move goes through
``submit()`` and is told to the parts by one ``move_played`` signal.

The loop: while animations play, nothing else happens. Then, if the seat to move is an
AI, its decision is stepped a few milliseconds per frame (so the screen keeps 60 fps) and
played after a minimum "thinking" pause that depends on the AI speed setting; if it is a
human, their picker takes input. A move's log lines wait for its animation to reach
them. When the game ends, a short banner shows once the last move has played out, and
the results screen follows.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game import layouts
from game.ai import make_bot
from game.engine import IllegalAction, new_game
from game.i18n import _
from game.input import Act, Input
from game.scene import Scene
from game.session import Match
from scenes.table.changes import Changes
from scenes.table.chrome import Chrome
from scenes.table.couch import Couch
from scenes.table.game import GameTable
from scenes.table.hints import AI_SLICE, Hints
from scenes.table.keeping import Keeper, Resume
from scenes.table.logbook import RESULTS_DELAY, LogBook
from scenes.table.logpanel import LogPanel
from scenes.table.messages import Messages
from scenes.table.phones.desk import PhoneDesk
from scenes.table.signals import MovePlayed, Signal
from scenes.table.statusline import StatusLine
from scenes.table.turn import Turn
from sprites.tween import Animator

if TYPE_CHECKING:
    from game.context import Context

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "brisk": 0.7}  # animation time factor
THINK = {"slow": 1.0, "normal": 0.45, "fast": 0.12, "brisk": 0.25}  # least seconds an AI "thinks"
REDUCED = 0.35   # animation time factor with the Reduced motion setting
TABLE_COMMON = ("{seat}", "status", "log", "prompts")   # what every table's layout names
PHONE_GRACE = 3.0                                      # seconds a phone may be gone on its
#                                                        turn before the TV asks what to do
PHONE_SNOOZE = 30.0                                    # "Keep waiting" asks again after this


class TableScene(Scene):
    pause_on_disconnect = True
    couch_kind: type[Couch] = Couch   # who sits where (a replay has nobody)
    game_kind: type[GameTable] = GameTable      # the game's part (each table names its own)
    paint_kind: type[Chrome] = Chrome           # its drawing
    always_prompts = False    # a replay's controls are shown whoever is to move
    watching = False          # a replay: people are named, nobody is "You"
    records = True                    # False: the demo, replays and guided games

    @property
    def uses_phones(self) -> bool:  # type: ignore[override]
        """Keep the phone server up while this match may be played on phones: phones
        were on when it began, or a phone plays here."""
        return self.phones_on or any(self.couch.is_phone(s) for s in range(self.match.num_players))

    @property
    def game_id(self) -> str:  # type: ignore[override]
        return self.match.game_id
    speed_name: str | None = None   # overrides the AI speed setting (attract mode: "brisk")
    on_finished = None              # called instead of showing the results (attract mode)

    def __init__(self, ctx: Context, match: Match, resume: Resume | None = None) -> None:
        super().__init__(ctx)
        if match.seed is None:   # a deal is recorded as its seed: every table has one
            match = replace(match, seed=random.SystemRandom().randrange(2 ** 62))
        self.match = match
        self.resumed = resume is not None
        self.state = resume.state if resume is not None else self.new_state()
        base_seed = match.seed if match.seed is not None else 0
        self.bots = {seat: self.make_bot(s.level, base_seed * 31 + seat)
                     for seat, s in enumerate(match.seats) if not s.human}
        # the parts, each in its own module; they reach each other through the table
        self.couch = self.couch_kind(self)         # who sits where, whose view shows
        self.move_played: Signal[MovePlayed] = Signal()   # see scenes.table.signals
        self.taken_back: Signal[int] = Signal()           # the move index gone back to
        self.log_book = LogBook(self)              # the log, following the animation
        self.move_played.connect(self.log_book.move_played)   # first: the keeper saves its lines
        self.layout = layouts.SeatedLayout(
            layouts.get(self.layout_name(), ctx.log, self.layout_objects()),
            match.num_players, self.couch.first_home())
        self.animator = Animator()
        self.game = self.game_kind(self)           # the game's picks, model and words
        self.motion = self.game.motion_kind(self)  # events into timelines
        self.paint = self.paint_kind(self)         # the picture
        self.messages = Messages(self)             # call-outs and the banner
        self.log_panel = LogPanel(self)
        self.status_bar = StatusLine(self)
        self.clock = 0.0
        self.dirty = True              # refresh() due once animations finish
        self.finished_for = 0.0
        self.turn_seat: int | None = self.state.current_player  # whose move is on screen
        self.changes = Changes(self)   # what the others changed since a person's move
        self.hints = Hints(self)       # the Hard AI's suggestion for a person's decision
        self.turn = Turn(self)         # the decision under way
        # phones: each phone seat decides on its phone; the desk carries views and moves
        self.moves_played = 0          # what the phones' pictures follow
        self.desk = PhoneDesk(self)
        self.phones_on = self.desk.active
        self.keeper = Keeper(self, resume)
        self.move_played.connect(lambda move: self.motion.animate(move.events))   # last
        self.shown = self.state.view(self.couch.viewer)   # what setup() may read
        self.game.setup()
        self.show_view()
        self.dirty = False

    def enter(self) -> None:
        self.game.enter()

    def show_opening(self) -> None:
        """Show the opening deal (if the game describes one) before the first move."""
        events = () if self.resumed else self.state.opening_events()
        if events:
            self.motion.animate(events)
            self.dirty = True

    def pause(self) -> None:
        """A screen opens over the table (Pause, a dialog, a lost controller, a phone gone
        quiet): a hand on show is put away first, so nothing private lies under it. It
        opens again only through its own seat's device, after the privacy screen."""
        if self.couch.privacy and self.couch.revealed is not None:
            self.conceal()

    def conceal(self) -> None:
        """Hide the hand on show now: the move on screen ends at once, the decision under
        way starts afresh once its owner passes the privacy screen again."""
        self.animator.finish_all()
        self.couch.revealed = None
        self.turn.reset()
        self.show_view()
        self.dirty = False

    def show_view(self, view=None) -> None:
        """Put ``view`` (the viewer's, unless told) on screen: the seats turn so that whoever's
        hand shows sits beside it (see SeatedLayout), then every sprite is rebuilt."""
        self.shown = self.state.view(self.couch.viewer) if view is None else view
        if self.couch.viewer is not None and view is None:
            self.layout.home = self.couch.viewer
        self.game.refresh()

    # -- the couch (scenes.table.couch) answers the scene stack's device questions ------
    def disconnected(self, device: str) -> str | None:
        return self.couch.disconnected(device)

    def rebind(self, old: str, new: str) -> None:
        self.couch.rebind(old, new)

    def device_added(self, device: str) -> None:
        self.couch.device_added(device)

    # -- what the game's part (scenes.table.game.GameTable) decides -------------------
    # These pass through the table so a replay or the coach may stand in front of them.
    def status(self) -> str:
        return self.game.status()

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        return self.game.prompts()

    def forced_action(self):
        return self.game.forced_action()

    def begin_turn(self) -> None:
        self.game.begin_turn()

    def show_hint(self, action) -> None:
        self.game.show_hint(action)

    @property
    def hints_on(self) -> bool:
        return (bool(self.ctx.settings.hints) and self.speed_name is None
                and self.game.hints_allowed)

    # -- the table's own set-up ------------------------------------------------------------
    def new_state(self):
        m = self.match
        return new_game(m.game_id, m.num_players, m.seed, **dict(m.options))

    def make_bot(self, level: str, seed: int):
        return make_bot(self.match.game_id, level, seed=seed)

    def layout_name(self) -> str:
        return f"{self.match.game_id}_{self.match.num_players}"

    def layout_objects(self) -> tuple[str, ...]:
        """What the layout must name: the common pieces and the game's own."""
        from scenes.table.spec import table_spec
        spec = table_spec(self.match.game_id)
        return TABLE_COMMON + (spec.layout_objects if spec is not None else ())

    # -- the table's pace and who is deciding ---------------------------------------------

    @property
    def human_deciding(self) -> bool:
        """A person is to move, their turn has begun and nothing is animating: the time
        for their picker, prompts, hint and input."""
        return (self.couch.is_human(self.state.current_player) and self.turn.turn_ready
                and not self.animator.busy)

    @property
    def names(self) -> list[str]:
        return self.match.names

    @property
    def pace(self) -> str:
        return self.speed_name or self.ctx.settings.ai_speed

    @property
    def speed(self) -> float:
        return SPEED.get(self.pace, 1.0)

    @property
    def waiting_for_human(self) -> bool:
        """A person must act for the game to go on (kiosk idle detection)."""
        return not self.state.is_terminal() and self.couch.is_human(self.state.current_player)

    def dur(self, seconds: float) -> float:
        """An animation's length at this table's pace (and the game's own, see
        GameTable.tempo); a third of it with Reduced motion (flights barely travel;
        messages keep their reading time: see reading_time)."""
        return (seconds * self.speed * self.game.tempo
                * (REDUCED if self.ctx.settings.reduced_motion else 1.0))

    def reading_time(self, seconds: float) -> float:
        """How long a message stays up: the table's pace only, never Reduced motion."""
        return seconds * self.speed

    # -- the loop ---------------------------------------------------------------------------
    def submit(self, action) -> bool:
        """Play ``action`` for the seat to move (through the game's part, which may note
        something first); an illegal one is refused with a sound."""
        return self.game.submit(action)

    def play(self, action) -> bool:
        """Apply ``action`` and tell the parts (see scenes.table.signals)."""
        mover = self.state.current_player
        hiding = self.couch.privacy and self.couch.revealed is not None
        before = self.state.view(None) if hiding else None
        copy = self.state.clone() if self.keeper.guard is not None else None   # for taking back
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            self.ctx.log.warning("Refused an illegal move: %s", exc)
            self.ctx.play("error")
            self.turn.turn_ready = False  # the turn begins again: a fresh picker, nothing lost
            return False
        self.turn.reset()
        self.moves_played += 1
        self.turn_seat = mover  # the plate stays lit while this move is shown
        self.log_book.moving = True
        if hiding and self.state.current_player != mover:
            # the decision is made and play moves on: the hand goes away at once, and the
            # move is shown from the spectator's picture of the table before it
            self.couch.revealed = None
            self.show_view(before)
        try:
            self.move_played.emit(MovePlayed(mover, action, copy, events))
        finally:
            self.log_book.moving = False
        if not self.animator.busy:
            self.log_book.flush_log()
        self.dirty = True
        return True

    def update(self, dt: float) -> None:
        self.game.update(dt)

    def run(self, dt: float) -> None:
        """Phones in, the turn loop, phones out (a phone's picture follows the rules at
        once; its decisions open when the table is ready for them)."""
        self.desk.pull()
        self._turn_loop(dt)
        self.desk.push()

    def _turn_loop(self, dt: float) -> None:
        self.clock += dt      # the table's own time: it stands still while paused
        self.animator.update(dt)
        self.messages.banner_time += dt
        if self.animator.busy:
            return
        if self.log_book.waiting or self.log_book.banner_waiting or self.changes.pending_changes:
            self.log_book.flush_log()
        if self.dirty:
            self.show_view()
            self.dirty = False
        self.turn_seat = self.state.current_player
        if self.state.is_terminal():
            self.finished_for += dt
            if self.finished_for >= RESULTS_DELAY:
                if self.on_finished is not None:
                    self.on_finished(self)
                    return
                self.ctx.go("results", self.state, self.match,
                            match_id=self.keeper.match_id, how="replace")
            return
        seat = self.state.current_player
        if self.turn.decision is None:
            forced = self.forced_action()
            if forced is not None:  # no choice to make: no thinking, picker or privacy screen
                self.submit(forced)
                return
        if self.couch.is_phone(seat):
            self._phone_turn(seat, dt)
            return
        if self.couch.is_human(seat):
            if self.game.private_turn(seat) and self.couch.revealed != seat:
                self.ctx.go("privacy", self, seat)
                return
            if not self.turn.turn_ready:
                self.turn.turn_ready = True
                self.begin_turn()
            self.hints.step()
            return
        self._step_ai(seat, dt)

    def _phone_turn(self, seat: int, dt: float) -> None:
        """A phone seat is to move: play what its phone chose (a move made early waits
        for this), else wait for it; a phone gone too long asks the TV what to do."""
        self.turn.phone_turn = seat
        action = self.desk.take_action(seat)
        if action is not None:
            self.desk.play(seat, action)
            return
        phones = self.ctx.phones
        if self.desk.active and phones.is_connected(seat):
            self.turn.phone_gone_for = self.turn.phone_snooze = 0.0
        else:
            self.turn.phone_gone_for += dt
            self.turn.phone_snooze = max(0.0, self.turn.phone_snooze - dt)
            if self.turn.phone_gone_for >= PHONE_GRACE and self.turn.phone_snooze <= 0.0:
                self.turn.phone_snooze = PHONE_SNOOZE
                self.ctx.go("phone_waiting", self, seat)
                return
        self.hints.step()

    @property
    def phone_deciding(self) -> bool:
        """A phone seat's turn has begun and the table waits for its phone."""
        return (self.turn.phone_turn is not None and self.turn.phone_turn == self.state.current_player
                and not self.animator.busy)

    def animating(self) -> bool:
        """A table stands still only while a person decides and nothing is in motion:
        no animation, no message showing, no hint being worked out, the ring at rest."""
        if (not (self.human_deciding or self.phone_deciding) or self.dirty or self.log_book.waiting
                or self.log_book.banner_waiting):
            return True
        if self.messages.callout is not None or (self.messages.banner_text
                                        and self.messages.banner_time <= self.messages.banner_hold + 0.6):
            return True
        if self.hints.hint_decision is not None and self.hints.hint_action is None:
            return True
        return self.ctx.pulsing

    def _step_ai(self, seat: int, dt: float) -> None:
        if self.turn.decision is None:
            legal = self.state.legal_actions()
            self.turn.thinking_for = 0.0
            if len(legal) == 1:  # nothing to think about
                self.submit(legal[0])
                return
            self.turn.decision = self.bots[seat].begin(self.state, seat)
        self.turn.thinking_for += dt
        self.turn.decision.step(AI_SLICE)
        if self.turn.decision.done and self.turn.thinking_for >= THINK.get(self.pace, 0.45):
            self.submit(self.turn.decision.action)

    def handle(self, event: Input) -> bool:
        return self.game.handle(event)

    def take_input(self, event: Input) -> bool:
        """Pause, hints, the person's picks, B to take back (the game's part may take
        some input first, see GameTable.handle)."""
        if event.act is Act.PAUSE:
            self.open_pause()
            return True
        if event.act is Act.HINT:
            seat = self.state.current_player
            if self.human_deciding and self.couch.accepts(seat, event.device):
                self.hints.request_hint()
            return True
        seat = self.state.current_player
        if self.human_deciding and self.couch.accepts(seat, event.device):
            if event.act not in (Act.POINTER, Act.NUDGE, Act.DEVICE_ADDED, Act.DEVICE_REMOVED):
                self.couch.last_device[seat] = event.device
            if self.game.handle_turn(event):
                return True
        if event.act is Act.BACK:
            # at a person's first pick B offers to take their last move back, if it may be
            if not (self.human_deciding and self.couch.accepts(seat, event.device)
                    and self.keeper.offer_take_back()):
                self.open_pause()
            return True
        return False

    def prompt_bar(self) -> tuple[tuple[Act, str], ...]:
        """The game's prompts, then Hint, then Pause: every table ends its bar the same
        way, whatever its own prompts say."""
        items = tuple(item for item in self.prompts() if item[0] is not Act.PAUSE)
        if self.hints_on and self.hints.hint_action is None:
            items += ((Act.HINT, _("Thinking\u2026") if self.hints.hint_decision else _("Hint")),)
        if (not any(act is Act.BACK for act, _ in items) and self.human_deciding
                and self.keeper.undo_target() is not None):
            items += ((Act.BACK, _("Take back")),)
        return items + ((Act.PAUSE, _("Pause")),)

    def draw(self, surface: pygame.Surface) -> None:
        self.paint.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn over the game's picture, under the call-outs (the coach's panel)."""

    def open_pause(self) -> None:
        self.ctx.play("tap")
        self.ctx.go("pause", self.match.game_id, table=self)
