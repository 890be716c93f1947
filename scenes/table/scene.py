"""What every game's table shares: the turn loop, AI seats, animations, log and banners.

A game's table subclasses :class:`TableScene` and fills in how its table looks and how a
human chooses a move:

* ``layout_name()`` — its Tiled layout (one per player count);
* ``refresh()`` — rebuild sprites from ``self.shown`` (the viewer's view) after a move;
* ``animate(events)`` — queue timelines on ``self.animator`` that show what happened,
  with ``release_log(event)`` steps where each event's log line should appear;
* ``begin_turn()`` / ``handle_turn(event)`` — set up and drive the human's choice, ending
  in ``self.submit(action)``; ``show_hint(action)`` highlights the hint's option;
* ``draw_table(surface)`` and optionally ``paint_felt`` (what never moves, baked into the
  backdrop), ``plate_key``/``paint_plate_extra`` (a plate's cached details),
  ``draw_seat_extra`` (its live ones), ``draw_over_seats``, ``draw_on_top``,
  ``status()``, ``prompts()``, ``loggable(event)``, ``forced_action()``.

The loop: while animations play, nothing else happens. Then, if the seat to move is an
AI, its decision is stepped a few milliseconds per frame (so the screen keeps 60 fps) and
played after a minimum "thinking" pause that depends on the AI speed setting; if it is a
human, their picker takes input. A move's log lines wait for its animation to reach
them. When the game ends, a short banner shows once the last move has played out, and
the results screen follows.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable

import pygame

from game import layouts
from game.ai import make_bot
from game.engine import Event, GameOver, IllegalAction, new_game
from game.input import Act, Input
from game.scene import Scene
from game.session import Match
from scenes.base import draw_prompts
from sprites import ui
from sprites.tween import Animator, Call, Timeline, Wait

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "brisk": 0.7}  # animation time factor
THINK = {"slow": 1.0, "normal": 0.45, "fast": 0.12, "brisk": 0.25}  # least seconds an AI "thinks"
AI_SLICE = 0.004                                       # seconds of search per frame
RESULTS_DELAY = 2.6                                    # banner time before the results
LOG_KEEP = 20                                          # log lines a panel could ever show
PLATE_RADIUS = 20
TABLE_COMMON = ("{seat}", "status", "log", "prompts")   # what every table's layout names


class TableScene(Scene):
    pause_on_disconnect = True

    @property
    def game_id(self) -> str:  # type: ignore[override]
        return self.match.game_id
    speed_name: str | None = None   # overrides the AI speed setting (attract mode: "brisk")
    on_finished = None              # called instead of showing the results (attract mode)

    def __init__(self, ctx, match: Match) -> None:
        super().__init__(ctx)
        self.match = match
        self.state = self.new_state()
        base_seed = match.seed if match.seed is not None else 0
        self.bots = {seat: self.make_bot(s.level, base_seed * 31 + seat)
                     for seat, s in enumerate(match.seats) if not s.human}
        self.layout = layouts.get(self.layout_name(), ctx.log, self.layout_objects())
        self.animator = Animator()
        self.log_lines: deque[str] = deque(maxlen=40)
        self.banner_text = ""
        self.banner_sub = ""
        self.banner_time = 0.0
        self.banner_hold = 0.0
        self.callout: tuple[pygame.Surface, float, float, tuple[int, int]] | None = None
        self.clock = 0.0
        self.decision = None
        self.picker = None             # the human's current choice (scenes.picker.Picker)
        self.thinking_for = 0.0
        self.turn_ready = False        # the human's picker has been set up for this decision
        self.dirty = True              # refresh() due once animations finish
        self.finished_for = 0.0
        # couch play: which device owns each human seat (None: any device), which human's
        # private view is on screen after their privacy screen, who used which device last
        self.owners: dict[int, str | None] = {i: s.device for i, s in enumerate(match.seats)
                                              if s.human}
        self.revealed: int | None = None
        self.last_viewer: int | None = None
        self.last_device: dict[int, str] = {}
        # the log and the game-over banner follow the animation, never run ahead of it
        self._moving = False
        self._queued: list[str] = []
        self._queued_banner: tuple[str, str, float] | None = None
        self._banner_surface: pygame.Surface | None = None
        self.turn_seat: int | None = self.state.current_player  # whose move is on screen
        self._plates: dict[int, tuple] = {}
        self._felt: tuple | None = None
        self._log_picture: tuple | None = None
        # hints: the Hard AI's suggestion for a human's current decision
        self.hint_bot = None
        self.hint_decision = None
        self.hint_action = None
        self.shown = self.state.view(self.viewer)
        self.setup()
        self.refresh()
        self.dirty = False

    def enter(self) -> None:
        """Show the opening deal (if the game describes one) before the first move."""
        events = self.state.opening_events()
        if events:
            self.animate(events)
            self.dirty = True

    # -- hooks for each game --------------------------------------------------------
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

    def setup(self) -> None:
        """Create sprites and static surfaces (called once, before the first refresh)."""

    def refresh(self) -> None:
        """Rebuild sprites from ``self.shown`` (called when animations have finished)."""

    def animate(self, events: list[Event]) -> None:
        """Queue timelines that show ``events`` happening."""

    def forced_action(self):
        """An action the seat to move (human or AI) plays at once, when the rules leave
        it nothing to choose in the game's eyes (the engine may still list several)."""
        return None

    def begin_turn(self) -> None:
        """A human seat must decide: set up pickers for ``self.state.legal_actions()``."""

    def handle_turn(self, event: Input) -> bool:
        """Input while a human decides (by default to ``self.picker``); call
        ``self.submit(action)`` to play."""
        return self.picker.handle(event) if self.picker is not None else False

    @property
    def focused(self):
        """The value of the option in focus while a human's picker takes input, else None."""
        if self.picker is None or not self.turn_ready or self.animator.busy:
            return None
        option = self.picker.focused
        return option.value if option is not None else None

    def show_hint(self, action) -> None:
        """Highlight ``action`` (the hint) on the table, e.g. by focusing its option."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything game-specific."""

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Game details on a seat's plate (hand size, collection...)."""

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        """Anything that must lie above the seat plates but below the status line, log
        and banner (cards flying to a yard, tooltips)."""

    def draw_on_top(self, surface: pygame.Surface) -> None:
        """Anything that must lie above the status line and the log, below the banner
        (cards leaping out, call-outs, a tip beside the focused choice)."""

    def status(self) -> str:
        """One line on what is happening or what the human should do."""
        seat = self.state.current_player
        if seat is None:
            return "Game over"
        if self.is_human(seat):
            return "Your move"
        return f"{self.match.seats[seat].name} is thinking"

    def prompts(self) -> tuple[tuple[Act, str], ...]:
        return ((Act.CONFIRM, "Choose"), (Act.PAUSE, "Pause"))

    # -- who sees what --------------------------------------------------------------------
    @property
    def privacy(self) -> bool:
        """Two or more people share the screen and hands are hidden between their turns."""
        return len(self.match.humans) >= 2 and not self.match.open_hands

    @property
    def viewer(self) -> int | None:
        """Whose private view the screen shows.

        One human: always theirs. Several with privacy: only the seat that passed its
        privacy screen, until play leaves that seat (a spectator view otherwise). Several
        with open hands (teaching): the human to move, or the last one who moved.
        """
        humans = self.match.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if self.privacy:
            return self.revealed
        seat = self.state.current_player
        if seat in humans:
            self.last_viewer = seat
        return self.last_viewer if self.last_viewer is not None else humans[0]

    def private_turn(self, seat: int) -> bool:
        """Must ``seat`` pass a privacy screen before deciding? (With privacy on, yes; a
        table may take a decision that shows nothing private in the open.)"""
        return self.privacy

    def reveal(self, seat: int) -> None:
        """The seat passed its privacy screen: show its hand."""
        self.revealed = seat
        self.dirty = True

    def owner(self, seat: int | None) -> str | None:
        return self.owners.get(seat) if seat is not None else None

    def accepts(self, seat: int | None, device: str) -> bool:
        """May ``device`` make decisions for ``seat``? With one human, any device may."""
        if len(self.match.humans) < 2:
            return True
        owner = self.owner(seat)
        return owner is None or owner == device

    def disconnected(self, device: str) -> str | None:
        """A device was unplugged: the seat name to pause for, or None to carry on."""
        for seat, owner in self.owners.items():
            if owner == device or (owner is None and self.last_device.get(seat) == device):
                return self.match.seats[seat].name
        return None

    def rebind(self, old: str, new: str) -> None:
        """Whoever carried on after an unplug now owns the orphaned seat."""
        for seat, owner in self.owners.items():
            if owner == old or (owner is None and self.last_device.get(seat) == old):
                if owner is not None:
                    self.owners[seat] = new
                self.last_device[seat] = new

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.match.seats[seat].human

    @property
    def human_deciding(self) -> bool:
        """A person is to move, their turn has begun and nothing is animating: the time
        for their picker, prompts, hint and input."""
        return (self.is_human(self.state.current_player) and self.turn_ready
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
        return not self.state.is_terminal() and self.is_human(self.state.current_player)

    def dur(self, seconds: float) -> float:
        return seconds * self.speed

    # -- the loop ---------------------------------------------------------------------------
    def submit(self, action) -> bool:
        """Play ``action`` for the seat to move; an illegal one is refused with a sound."""
        mover = self.state.current_player
        hiding = self.privacy and self.revealed is not None
        before = self.state.view(None) if hiding else None
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            self.ctx.log.warning("Refused an illegal move: %s", exc)
            self.ctx.play("error")
            self.turn_ready = False  # the turn begins again: a fresh picker, nothing lost
            return False
        self.decision = None
        self.turn_ready = False
        self.picker = None
        self.hint_decision = self.hint_action = None
        self.turn_seat = mover  # the plate stays lit while this move is shown
        self._moving = True
        if hiding and self.state.current_player != mover:
            # the decision is made and play moves on: the hand goes away at once, and the
            # move is shown from the spectator's picture of the table before it
            self.revealed = None
            self.shown = before
            self.refresh()
        try:
            for event in events:
                if self.loggable(event):
                    self.log(event.describe(self.names))
                if isinstance(event, GameOver):
                    self._queued_banner = (self.match.headline(event.winners), self.state.outcome(),
                                           RESULTS_DELAY)
            self.animate(events)
        finally:
            self._moving = False
        if not self.animator.busy:
            self.flush_log()
        self.dirty = True
        return True

    def log(self, line: str) -> None:
        """Add a line to the game log. Lines of the move being played wait until its
        animation reaches them (see release_log) or ends, so the log never tells the
        end of a move before the cards show it."""
        if not line:
            return
        if self._moving:
            self._queued.append(line)
        else:
            self.log_lines.append(line)

    def loggable(self, event: Event) -> bool:
        """Whether ``event`` earns a log line (a table may drop lines its screen already
        says, such as whose turn it is)."""
        return True

    def release_log(self, event: Event) -> Call:
        """A timeline step that shows ``event``'s log line (and any queued before it)."""
        return Call(lambda: self.release_line(event))

    def release_line(self, event: Event) -> None:
        """Show ``event``'s queued log line now (and any queued before it)."""
        line = event.describe(self.names)
        if line in self._queued:
            upto = self._queued.index(line) + 1
            self.log_lines.extend(self._queued[:upto])
            del self._queued[:upto]

    @property
    def queued_lines(self) -> list[str]:
        """Log lines of the move on screen that its animation has not reached yet."""
        return list(self._queued)

    def flush_log(self) -> None:
        """The move's animation is over: everything it had to say is said."""
        self.log_lines.extend(self._queued)
        self._queued.clear()
        if self._queued_banner is not None:
            text, sub, hold = self._queued_banner
            self._queued_banner = None
            if text != self.banner_text:  # the table may have shown it already
                self.banner(text, sub, hold)

    def banner(self, text: str, sub: str = "", hold: float = 1.6) -> None:
        self.banner_text, self.banner_sub = text, sub
        self.banner_time, self.banner_hold = 0.0, hold
        self._banner_surface = None

    def update(self, dt: float) -> None:
        self.clock += dt      # the table's own time: it stands still while paused
        self.animator.update(dt)
        self.banner_time += dt
        if self.animator.busy:
            return
        if self._queued or self._queued_banner:
            self.flush_log()
        if self.dirty:
            self.shown = self.state.view(self.viewer)
            self.refresh()
            self.dirty = False
        self.turn_seat = self.state.current_player
        if self.state.is_terminal():
            self.finished_for += dt
            if self.finished_for >= RESULTS_DELAY:
                if self.on_finished is not None:
                    self.on_finished(self)
                    return
                from scenes.results import Results
                self.ctx.stack.replace(Results(self.ctx, self.state, self.match))
            return
        seat = self.state.current_player
        if self.decision is None:
            forced = self.forced_action()
            if forced is not None:  # no choice to make: no thinking, picker or privacy screen
                self.submit(forced)
                return
        if self.is_human(seat):
            if self.private_turn(seat) and self.revealed != seat:
                from scenes.overlays import PrivacyScreen
                self.ctx.stack.push(PrivacyScreen(self.ctx, self, seat))
                return
            if not self.turn_ready:
                self.turn_ready = True
                self.begin_turn()
            self._step_hint()
            return
        self._step_ai(seat, dt)

    def animating(self) -> bool:
        """A table stands still only while a person decides and nothing is in motion:
        no animation, no message showing, no hint being worked out, the ring at rest."""
        if not self.human_deciding or self.dirty or self._queued or self._queued_banner:
            return True
        if self.callout is not None or (self.banner_text
                                        and self.banner_time <= self.banner_hold + 0.6):
            return True
        if self.hint_decision is not None and self.hint_action is None:
            return True
        return self.ctx.pulsing

    def _step_ai(self, seat: int, dt: float) -> None:
        if self.decision is None:
            legal = self.state.legal_actions()
            self.thinking_for = 0.0
            if len(legal) == 1:  # nothing to think about
                self.submit(legal[0])
                return
            self.decision = self.bots[seat].begin(self.state, seat)
        self.thinking_for += dt
        self.decision.step(AI_SLICE)
        if self.decision.done and self.thinking_for >= THINK.get(self.pace, 0.45):
            self.submit(self.decision.action)

    # -- hints --------------------------------------------------------------------------------
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
            self.log(f"Hint: {why}")
            self.show_hint(decision.action)
            self.ctx.play("chirp")

    def handle(self, event: Input) -> bool:
        if event.act is Act.PAUSE:
            self.open_pause()
            return True
        if event.act is Act.HINT:
            seat = self.state.current_player
            if self.human_deciding and self.accepts(seat, event.device):
                self.request_hint()
            return True
        seat = self.state.current_player
        if self.human_deciding and self.accepts(seat, event.device):
            if event.act not in (Act.POINTER, Act.NUDGE, Act.DEVICE_ADDED, Act.DEVICE_REMOVED):
                self.last_device[seat] = event.device
            if self.handle_turn(event):
                return True
        if event.act is Act.BACK:
            self.open_pause()
            return True
        return False

    def open_pause(self) -> None:
        from scenes.pause import Pause
        self.ctx.play("tap")
        self.ctx.stack.push(Pause(self.ctx, self.match.game_id))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.felt(), (0, 0))
        self.draw_table(surface)
        for seat in range(self.match.num_players):
            self.draw_seat(surface, seat)
        self.draw_over_seats(surface)
        self.draw_status(surface)
        self.draw_log(surface)
        self.draw_on_top(surface)
        self.draw_callout(surface)
        self.draw_banner(surface)
        seat = self.state.current_player
        if self.human_deciding:
            anchor = self.layout.get("prompts")
            device = self.owner(seat) or self.last_device.get(seat)
            items = tuple(self.prompts())
            if self.hints_on and self.hint_action is None:
                items += ((Act.HINT, "Thinking\u2026" if self.hint_decision else "Hint"),)
            draw_prompts(surface, self.ctx, items, device, y=anchor.y + anchor.h)

    _cloth: list = []   # the bare cloth, the same for every table: built once per run

    def felt_key(self) -> object:
        """What, besides the layout, changes the table's backdrop (see paint_felt)."""
        return ()

    def paint_felt(self, surface: pygame.Surface) -> None:
        """Paint what never moves during a game (fences, trays, labels) into the
        backdrop, which is then one opaque blit a frame."""

    def felt(self) -> pygame.Surface:
        """The backdrop: a soft radial light on green felt, the game's static pieces
        (paint_felt), the log's panel and every seat plate's panel, built once per table (and again only
        if felt_key changes). Plates are lit and filled on top of it (draw_seat)."""
        key = self.felt_key()
        if self._felt is not None and self._felt[0] == key:
            return self._felt[1]
        if not TableScene._cloth:
            cloth = pygame.Surface(ui.CANVAS)
            cloth.fill(ui.FELT_DARK)
            cx, cy = ui.CANVAS[0] // 2, ui.CANVAS[1] // 2
            for i in range(24, 0, -1):
                t = i / 24
                colour = ui.lerp_colour(ui.FELT, ui.FELT_DARK, t)
                pygame.draw.ellipse(cloth, colour, pygame.Rect(0, 0, 2200 * t, 1300 * t).move(
                    cx - 1100 * t, cy - 650 * t))
            TableScene._cloth.append(ui.fast_opaque(cloth))
        surf = TableScene._cloth[0].copy()
        self.paint_felt(surf)
        log = self.layout.get("log")
        surf.blit(ui.panel((log.w, log.h), (12, 18, 24), 16, alpha=190), (log.x, log.y))
        for seat in range(self.match.num_players):
            ui.draw_shadowed_panel(surf, self.seat_rect(seat), ui.PANEL, PLATE_RADIUS)
        self._felt = (key, surf)
        return surf

    # -- seat plates -------------------------------------------------------------------------
    plate_corner = 60   # px kept free right of the name line (the thinking bird's corner)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.layout.get(f"seat{seat}").rect)

    def plate_key(self, seat: int) -> object:
        """What, besides the name, changes a seat's plate picture (counts, badges):
        the plate is repainted only when this value changes."""
        return ()

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Paint the game's static plate details into the cached plate picture."""

    def plate_label(self, seat: int, width: int) -> str:
        """The seat's name line, shortened until it fits: 'Wren · Normal AI' ... 'Wren'."""
        info = self.match.seats[seat]
        if info.human:
            options = [f"{info.name} \u00b7 You" if len(self.match.humans) == 1 else info.name,
                       info.name]
        else:
            options = [f"{info.name} \u00b7 {info.level.title()} AI",
                       f"{info.name} \u00b7 {info.level.title()}", f"{info.name} \u00b7 AI",
                       info.name]
        font = self.ctx.assets.font("bold", 32)
        return next((o for o in options if font.size(o)[0] <= width), options[-1])

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's plate. Its panel lies in the backdrop; the seat whose move is on screen
        (``turn_seat``) gets a lit panel in its colour on top. What is on the plate (colour
        shape, name, the game's static extras) is painted once per change into a cached
        picture cut to what it covers; then come the game's live details and, while its AI
        thinks, the thinking bird."""
        rect = self.seat_rect(seat)
        info = self.match.seats[seat]
        if self.turn_seat == seat:
            colour = ui.SEAT_COLOURS[info.colour % 6]
            surface.blit(ui.panel(rect.size, ui.PANEL_LIGHT, PLATE_RADIUS, colour, 5), rect)
        key = (rect.size, info, self.plate_key(seat))
        cached = self._plates.get(seat)
        if cached is None or cached[0] != key:
            picture = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._paint_plate(picture, picture.get_rect(), seat)
            bound = picture.get_bounding_rect()
            picture = ui.fast(picture.subsurface(bound).copy())
            cached = self._plates[seat] = (key, picture, bound.topleft)
        surface.blit(cached[1], (rect.x + cached[2][0], rect.y + cached[2][1]))
        self.draw_seat_extra(surface, seat, rect)
        if self.state.current_player == seat and not info.human and self.decision is not None:
            from sprites.birds import thinking_bird
            bird = thinking_bird(self.ctx.time, (52, 52))
            surface.blit(bird, bird.get_rect(midright=self.thinking_spot(seat, rect)))

    def _paint_plate(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        info = self.match.seats[seat]
        colour = ui.SEAT_COLOURS[info.colour % 6]
        ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour % 6], (rect.x + 34, rect.y + 34), 20, colour)
        room = rect.w - 76 - self.plate_corner
        name = self.ctx.assets.text_fit(self.plate_label(seat, room), 32, room, ui.TEXT, "bold")
        surface.blit(name, (rect.x + 64, rect.y + 14))
        self.paint_plate_extra(surface, seat, rect)

    def thinking_spot(self, seat: int, rect: pygame.Rect) -> tuple[int, int]:
        """Where the thinking bird perches (its right middle): inside the plate's top-right
        corner, so it never covers the plate above or leaves the safe area."""
        return rect.right - 10, rect.y + 32

    def status_line(self) -> str:
        """The status, named when several people share the screen: the hand on show lies
        under the first seat's plate whoever's it is, so the line says whose it is."""
        text = self.status()
        seat = self.state.current_player
        if (text and len(self.match.humans) >= 2 and self.is_human(seat)
                and self.viewer == seat):
            name = self.match.seats[seat].name
            if not text.startswith(name):
                text = f"{name} \u2014 {text}"
        return text

    def draw_status(self, surface: pygame.Surface) -> None:
        text = self.status_line()
        if not text:
            return
        anchor = self.layout.get("status")
        a = self.ctx.assets
        size = next((px for px in (40, 34) if a.font("bold", px).size(text)[0] <= anchor.w - 40),
                    30)   # a smaller line before a cut one; never under the ten-foot floor
        txt = a.text_fit(text, size, anchor.w - 40, ui.TEXT, "bold")
        box = txt.get_rect(center=anchor.center).inflate(48, 20)
        surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=200), box)
        surface.blit(txt, txt.get_rect(center=anchor.center))

    def draw_log(self, surface: pygame.Surface) -> None:
        """The newest lines, newest at the bottom in full colour, long lines wrapped (not
        cut: the end of a line is often what matters), as many as the panel holds; the
        panel is in the backdrop and the text is one picture, redrawn only on change."""
        if not self.log_lines:
            return
        lines = tuple(self.log_lines)[-LOG_KEEP:]
        if self._log_picture is None or self._log_picture[0] != lines:
            self._log_picture = (lines, self._paint_log(lines))
        anchor = self.layout.get("log")
        surface.blit(self._log_picture[1], (anchor.x, anchor.y))

    def _paint_log(self, lines: tuple[str, ...]) -> pygame.Surface:
        a = self.ctx.assets
        anchor = self.layout.get("log")
        width = anchor.w - 32
        step = a.font("body", 28).get_linesize() + 2
        picture = pygame.Surface((anchor.w, anchor.h), pygame.SRCALPHA)
        bottom = anchor.h - 10
        for i, line in enumerate(reversed(lines)):
            room = (bottom - 4) // step   # rows left above the lines already drawn
            if room <= 0:
                break
            rows = a.wrap(line, 28, width)
            if len(rows) > room:  # the start of the line, cut short where the room ends
                rows = rows[:room - 1] + [" ".join(rows[room - 1:])]
            colour = ui.TEXT if i == 0 else ui.TEXT_MUTED
            bottom -= step * len(rows)
            for k, row in enumerate(rows):
                picture.blit(a.text_fit(row, 28, width, colour), (16, bottom + k * step))
        return ui.fast(picture)

    # -- call-outs: a move's big moments, over the table ----------------------------------
    shout_style = (60, 34, 1300)   # title and subtitle size, the widest a line may be

    def shout_spot(self) -> tuple[int, int]:
        """Where call-outs show unless told (the middle of the screen)."""
        return ui.CANVAS[0] // 2, ui.CANVAS[1] // 2

    def shout(self, title: str, sub: str = "", hold: float = 1.6, edge=ui.ACCENT,
              at: tuple[int, int] | None = None, tint: bool = False) -> None:
        """A big message centred on ``at`` for ``hold`` seconds (AI speed applies; the
        table's clock, so it waits while paused). The title is gold, or in the edge's
        colour with ``tint``. Built once as one colour-keyed picture and only moved while
        it shows: a cheap blit a frame, even during a busy animation."""
        a = self.ctx.assets
        size, sub_size, width = self.shout_style
        title_s = a.text_fit(title, size, width, edge if tint else ui.ACCENT, "title")
        # a long sub-line wraps onto a second line rather than losing its end
        lines = [sub] if a.font("body", sub_size).size(sub)[0] <= width else \
            a.wrap(sub, sub_size, width)[:2]
        subs = [a.text_fit(line, sub_size, width, ui.TEXT) for line in lines if line]
        w = max([title_s.get_width()] + [s.get_width() for s in subs]) + 100
        h = title_s.get_height() + sum(s.get_height() + 8 for s in subs) + 44
        surf = pygame.Surface((w, h))      # opaque with a colour key: a cheap blit
        key = (255, 0, 255)
        surf.fill(key)
        pygame.draw.rect(surf, (16, 22, 32), surf.get_rect(), border_radius=28)
        pygame.draw.rect(surf, edge, surf.get_rect(), 5, border_radius=28)
        surf.blit(title_s, title_s.get_rect(midtop=(w // 2, 20)))
        y = 20 + title_s.get_height() + 8
        for line in subs:
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += line.get_height() + 8
        surf.set_colorkey(key, pygame.RLEACCEL)
        self.callout = (surf, self.clock, self.dur(hold), at or self.shout_spot())

    def draw_callout(self, surface: pygame.Surface) -> None:
        if self.callout is None:
            return
        surf, start, hold, (x, y) = self.callout
        t = self.clock - start
        if t > hold or t < 0:
            self.callout = None
            return
        k = min(t / 0.18, 1.0)   # it drops in
        surface.blit(surf, surf.get_rect(center=(x, y + int((1 - k) ** 2 * 40))))

    def draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner_text:
            return
        t = self.banner_time
        total = self.banner_hold + 0.6
        if t > total:
            return
        if self._banner_surface is None:  # built once per banner, then only faded
            self._banner_surface = self._build_banner()
        appear = min(t / 0.25, 1.0)
        fade = 1.0 if t < total - 0.35 else max(0.0, (total - t) / 0.35)
        banner = self._banner_surface
        banner.set_alpha(int(255 * min(appear, fade)))
        rise = int(24 * (1.0 - appear))
        surface.blit(banner, banner.get_rect(center=(ui.CANVAS[0] // 2,
                                                     ui.CANVAS[1] // 2 - 60 + rise)))

    def _build_banner(self) -> pygame.Surface:
        a = self.ctx.assets
        title = a.text_fit(self.banner_text, 64, 1500, ui.ACCENT, "title")
        sub = a.text_fit(self.banner_sub, 36, 1500, ui.TEXT) if self.banner_sub else None
        h = title.get_height() + (sub.get_height() + 10 if sub else 0) + 56
        w = max(title.get_width(), sub.get_width() if sub else 0) + 120
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.blit(ui.panel((w, h), (16, 22, 32), 28, ui.ACCENT, 4, alpha=235), (0, 0))
        surf.blit(title, title.get_rect(midtop=(w // 2, 28)))
        if sub:
            surf.blit(sub, sub.get_rect(midbottom=(w // 2, h - 24)))
        return surf

    # -- helpers for subclasses --------------------------------------------------------------
    def pause_for(self, seconds: float) -> None:
        """Hold the loop for a beat (e.g. after a mismatch) without any sprite moving."""
        self.animator.play(Timeline([Wait(self.dur(seconds))]))

    def sequence(self, steps: Iterable) -> Timeline:
        return self.animator.play(Timeline(list(steps)))
