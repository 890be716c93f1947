"""The window, the logical canvas, the clock and the loop that drives the scene stack.

Everything is drawn on a 1920x1080 logical canvas; ``game.display`` shows it on a real
screen (an SDL renderer scales and letterboxes it and maps pointer positions back), so no
scene ever thinks about window sizes. A real window shows a new picture only when one is
due: input arrived, the stack changed, the window was uncovered or resized, or a scene on
screen is animating; a table waiting for a person otherwise costs next to no CPU.
Headless runs use a fixed 1/60 s step, no frame cap and draw every frame, so
``--frames`` and ``--autoplay`` are fast and replay identically.
"""
from __future__ import annotations

import importlib
import logging
import os
import platform
import sys
import weakref
from pathlib import Path
from typing import Callable, Mapping, Union

import pygame

from game import crashlog, i18n
from game import settings as settings_mod
from game import resources
from game.assets import Assets
from game.cli import Options
from game.context import Context
from game.display import Display, DisplayError, open_display
from game.input import Act, Input, InputManager, init_controllers, load_mappings
from game.notify import Notifier
from game.phones import Phones
from game.store import Store, open_store
from game.scene import Scene, SceneStack

FPS = 60
HEADLESS_DT = 1.0 / FPS
GAME_IDLE = 180.0        # kiosk: seconds without input before "Still playing?"
EXIT_HOLD = 5.0          # kiosk: seconds to hold Back+Start on a controller to quit
CRASH_WINDOW = 60.0      # kiosk: 3 crashes within this many seconds -> attract mode
CRASH_LIMIT = 3
GIVE_UP = (5, 2.0)       # 5 crashes within 2 s: nothing recovers, stop with exit code 1
SETTLE = 2               # frames still drawn after the last change (its final picture)
REFRESH = 1.0            # a still window is shown again at least this often (seconds)
TOUCH_EXIT = 5.0         # kiosk: seconds of a two-finger hold to quit
ALWAYS_REDRAW = "BIRDHOUSE_ALWAYS_REDRAW"  # env: draw every frame (the bench's baseline)
SDL_PLATFORMS = {"Linux": "Linux", "Windows": "Windows", "Darwin": "Mac OS X"}
Opener = Callable[..., Scene]   # a scene class, or a function (ctx, ...) -> Scene
Route = Union[str, Opener]      # "module:name" (imported when first opened) or the opener

__all__ = ["App", "Context", "make_logger"]


def pin_large_allocations() -> None:
    """Keep big blocks (full-screen surfaces: 8 MB each) in their own memory maps, so
    freeing one really returns it to the system. glibc otherwise raises its mmap threshold
    after the first such free and serves later ones from the heap, which then never
    shrinks: a kiosk's memory would creep up with every overlay opened. No-op elsewhere."""
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 1 << 20)  # M_MMAP_THRESHOLD = 1 MiB, fixed (no dynamic raise)
    except (OSError, AttributeError):
        pass


def make_logger(stream=None) -> logging.Logger:
    """One-line messages on stderr: 'birdhouse: warning: ...'."""
    log = logging.getLogger("birdhouse")
    if not log.handlers:
        handler = logging.StreamHandler(stream or sys.stderr)
        handler.setFormatter(logging.Formatter("birdhouse: %(levelname)s: %(message)s"))
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
    return log


class App:
    def __init__(self, options: Options, settings_path: Path | None = None,
                 log: logging.Logger | None = None, log_dir: Path | None = None,
                 routes: Mapping[str, Route] | None = None,
                 store: Store | None = None) -> None:
        self.options = options
        self.routes = dict(routes or {})
        self.log = log or make_logger()
        pin_large_allocations()
        self.crash_log = crashlog.CrashLog(log_dir or crashlog.default_dir(), self.log)
        self.crashes: list[tuple[float, str | None]] = []
        self.last_input = 0.0
        self.exit_holds: dict[str, float] = {}  # kiosk exit combinations held so long
        self.exit_code = 0
        if options.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        try:
            pygame.display.init()
        except pygame.error as exc:
            raise DisplayError(f"no video device ({exc}); use --headless on a machine "
                               "without a screen") from exc
        pygame.font.init()
        try:
            pygame.joystick.init()
        except pygame.error as exc:
            self.log.warning("Controllers unavailable: %s", exc)
        init_controllers(self.log)
        self.settings_path = settings_path or settings_mod.default_path()
        self.settings = settings_mod.load(self.settings_path, self.log)
        # the language, before the first screen: the flag, else the setting, else the system's
        self.relabel = False   # the language changed: the screens redraw in the new one
        i18n.use(options.lang or self.settings.language or i18n.system_language())
        i18n.on_change(weakref.WeakMethod(self._language_changed))
        load_mappings(self.settings_path.parent / "gamecontrollerdb.txt", self.log,
                      SDL_PLATFORMS.get(platform.system(), platform.system()))
        fullscreen = (options.fullscreen if options.fullscreen is not None
                      else self.settings.fullscreen) and not options.headless
        if options.kiosk and not options.headless:
            fullscreen = True
        self.display: Display = open_display("Birdhouse", options.headless,
                                             options.size or self.settings.window_size,
                                             fullscreen, self.log)
        self.screen = self.display.canvas
        self.always_redraw = bool(os.environ.get(ALWAYS_REDRAW))
        self.calm = 0                  # frames in a row with nothing new to show
        self.shown_at = float("-inf")  # game time of the last picture shown
        self.frames_shown = 0
        self.notifier = Notifier(self.log)
        self.stack = SceneStack()
        self.input = InputManager(self.log)
        from game.audio import Audio  # noqa: WPS433 (after the display is up)
        audio = Audio(resources.sounds_dir(), self.log, start=False)  # started after frame 1
        self.ctx = Context(self, self.settings, self.settings_path, Assets(self.log), audio,
                           self.input, self.log, options)
        self.ctx.phones = Phones(self.log, port=options.phones or self.settings.phone_port)
        self.ctx.session.phones_on = options.phones is not None
        # a kiosk's demo games are never saved, and a kiosk restarted after a crash
        # returns to the title with nothing to continue
        # (tools pass a store that saves nothing: they never touch a player's history)
        if store is None:
            store = Store.disabled(log=self.log) if options.kiosk else open_store(log=self.log)
        self.ctx.store = store
        self.input.open_existing()
        self.running = True
        self.frame_count = 0
        self.on_frame: Callable[["App"], None] | None = None

    # -- window ---------------------------------------------------------------------
    @property
    def fullscreen(self) -> bool:
        return self.display.fullscreen

    def resize(self, size: tuple[int, int]) -> None:
        """Set the window size (clamped to the desktop); the canvas is letterboxed into it."""
        try:
            self.display.resize(size)
        except pygame.error as exc:
            self.log.warning("Could not resize the window to %dx%d: %s", *size, exc)
        self.calm = 0

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        self.display.set_fullscreen(on)
        self.calm = 0

    # -- the loop ---------------------------------------------------------------------
    def dispatch(self, event: Input) -> None:
        self.last_input = self.ctx.time
        if event.act is Act.DEVICE_REMOVED:
            self._on_device_removed(event.device)
        elif event.act is Act.DEVICE_ADDED and not self.showing("controller_lost"):
            game = next((s for s in reversed(self.stack.scenes) if s.pause_on_disconnect), None)
            if game is not None:   # (the lost-controller screen takes a new pad itself)
                game.device_added(event.device)
        self.stack.handle(event)

    def _on_device_removed(self, device: str) -> None:
        if self.showing("controller_lost"):
            return
        for scene in reversed(self.stack.scenes):
            if scene.pause_on_disconnect:
                seat = scene.disconnected(device)
                if seat is not None:
                    self.stack.push(self.make("controller_lost", device, seat or None, scene))
                return

    def _language_changed(self) -> None:
        """i18n.use chose another language (the Settings row, say): every screen on the
        stack shows it from the next frame on. (The assets dropped their text already.)"""
        self.relabel = True

    # -- routes: scenes by name, "module:Class" imported only when first opened ----------
    def route(self, name: str) -> Opener:
        """What opens the screen registered as ``name``: its scene class, or a function
        (ctx, ...) -> Scene such as ``make_table`` (its module is imported on first use,
        so start-up loads only the screens it shows)."""
        try:
            kind = self.routes[name]
        except KeyError:
            raise LookupError(f"no scene is registered for {name!r}") from None
        if isinstance(kind, str):
            module, _, attr = kind.partition(":")
            kind = self.routes[name] = getattr(importlib.import_module(module), attr)
        return kind

    def make(self, route: str, *args, **kwargs) -> Scene:
        """A new scene of the kind registered as ``route``; the shell imports no scene
        itself (main.py hands it the routes, scenes use ``ctx.make`` and ``ctx.go``)."""
        opener = self.route(route)
        scene = opener(self.ctx, *args, **kwargs)
        scene.made_by = (opener, args, kwargs)   # (to make it anew in another language)
        return scene

    def showing(self, route: str) -> bool:
        """Is the top scene of the kind registered as ``route``? (A kind whose module was
        never imported cannot be on screen: nothing is imported to find out.)"""
        kind = self.routes.get(route)
        if isinstance(kind, str):
            module = kind.partition(":")[0]
            if module not in sys.modules:
                return False
            kind = self.route(route)
        return isinstance(kind, type) and isinstance(self.stack.top, kind)

    def frame(self, dt: float) -> None:
        """One frame; an exception from any scene is logged and recovered from."""
        try:
            self._frame(dt)
        except Exception as exc:  # noqa: BLE001 - the whole point: never die on a scene bug
            self.recover(exc)

    def _frame(self, dt: float) -> None:
        """Input, update, stack changes, then draw and present if anything is new."""
        self.ctx.time += dt
        kiosk = self.options.kiosk
        news = False
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                if not kiosk:  # a kiosk leaves only by its held combination
                    self.quit()
                continue
            if self.display.window_event(event):
                news = True
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_F11 and not kiosk:
                    self.toggle_fullscreen()
                    continue
                mods = getattr(event, "mod", 0)
                if (kiosk and event.key == pygame.K_q and mods & pygame.KMOD_CTRL
                        and mods & pygame.KMOD_ALT):
                    self.log.info("Kiosk exit (Ctrl+Alt+Q).")
                    self.quit()
                    continue
            for inp in self.input.process(event):
                self.dispatch(inp)
                news = True
        for inp in self.input.update(dt):
            self.dispatch(inp)
            news = True
        phones = self.ctx.phones
        if phones is not None and phones.running and phones.pump():
            news = True
        self.stack.update(dt)
        if phones is not None:
            phones.flush()   # what the scenes published this frame goes out now
        self.watch(dt)
        news = self.stack.apply_pending() or news
        if self.relabel:       # (between frames: never while a scene handles its input)
            self.relabel = False
            self.stack.language_changed()
            news = True
        if (phones is not None and phones.running
                and not any(scene.uses_phones for scene in self.stack.scenes)):
            phones.close()   # the match is over (or phones were switched off)
        if not self.stack.scenes:
            self.running = False
            return
        if self.due(news):
            self.stack.draw(self.screen)
            self.display.present()
            self.shown_at = self.ctx.time
            self.frames_shown += 1
            self.notifier.ready()
        self.notifier.beat()
        self.frame_count += 1
        if self.frame_count == 2:  # the title is up: now the sound device and the music
            self.start_audio()
        if self.on_frame is not None:
            self.on_frame(self)

    def due(self, news: bool) -> bool:
        """Must this frame be drawn and shown? Always headless (tests and screenshots see
        every frame); in a real window only when something is new or animating, for a
        couple of frames after (the final picture of a change), and once a second."""
        if news or self.stack.animating():
            self.calm = 0
        else:
            self.calm += 1
        return (not self.display.real or self.always_redraw or self.calm <= SETTLE
                or self.ctx.time - self.shown_at >= REFRESH)

    # -- unattended running ------------------------------------------------------------
    @property
    def idle(self) -> float:
        """Seconds since anyone touched any device."""
        return self.ctx.time - self.last_input

    def watch(self, dt: float) -> None:
        """Idle timers and the kiosk exit combination (all on the game clock, so tests can
        drive them frame by frame). Scenes are told apart by their flags and routes."""
        if self.options.kiosk:
            pads = self.input.pads_holding(pygame.CONTROLLER_BUTTON_BACK,
                                           pygame.CONTROLLER_BUTTON_START)
            self._exit_hold("Back+Start held", bool(pads), dt, EXIT_HOLD)
            self._exit_hold("two-finger hold", len(self.input.fingers) >= 2, dt, TOUCH_EXIT)
        top = self.stack.top
        game = next((s for s in reversed(self.stack.scenes) if s.pause_on_disconnect), None)
        if game is not None:
            if (self.options.kiosk and self.idle >= GAME_IDLE
                    and getattr(game, "waiting_for_human", False)
                    and not self.showing("still_playing")):
                self.stack.push(self.make("still_playing"))
            return
        if (getattr(top, "idle_to_attract", False) and self.idle >= self.settings.idle_seconds
                and (self.options.kiosk or top.home)):
            self.last_input = self.ctx.time
            self.stack.reset(self.make("attract"))

    def _exit_hold(self, how: str, held: bool, dt: float, limit: float) -> None:
        """The kiosk's operator exits: a combination held for ``limit`` seconds quits;
        letting go starts the count again."""
        self.exit_holds[how] = self.exit_holds.get(how, 0.0) + dt if held else 0.0
        if self.exit_holds[how] >= limit:
            self.log.info("Kiosk exit (%s).", how)
            self.quit()

    def current_game(self) -> str | None:
        """The game being played or demonstrated, if any (for crash accounting)."""
        return next((s.game_id for s in reversed(self.stack.scenes) if s.game_id), None)

    def recover(self, exc: Exception) -> None:
        """A scene raised: log it, then carry on from a safe scene."""
        where = self.stack.top.name if self.stack.top is not None else "start-up"
        game = self.current_game()
        self.crash_log.write(where, exc)
        message = f"{type(exc).__name__}: {exc}".splitlines()[0][:160]
        self.log.error("%s failed (%s); details in %s", where, message, self.crash_log.path)
        now = self.ctx.time
        self.crashes.append((now, game))
        burst, span = GIVE_UP
        if len(self.crashes) >= burst and now - self.crashes[-burst][0] <= span:
            self.log.error("Birdhouse keeps failing and cannot recover; stopping.")
            self.exit_code = 1
            self.running = False
            return
        if self.options.kiosk:
            recent = [g for t, g in self.crashes if now - t <= CRASH_WINDOW]
            if len(recent) >= CRASH_LIMIT:
                if game is not None:
                    self.ctx.session.excluded_games.add(game)
                    self.log.warning("%s keeps failing; the demo leaves it out.", game)
                self.crashes.clear()
                self.stack.force_reset(self.make("attract"))
            else:
                self.stack.force_reset(self.make("title"))
        else:
            self.stack.force_reset(self.make("error", message))

    def _stop_on_sigterm(self) -> None:
        """A system stopping the program (shutdown, a service manager) sends SIGTERM.
        SDL would turn it into a window-close event, which a kiosk ignores by design, so
        the kiosk could not be stopped: here it ends the loop cleanly instead."""
        import signal

        def stop(signum, frame) -> None:
            self.log.info("Stopping (SIGTERM).")
            self.quit()

        try:
            signal.signal(signal.SIGTERM, stop)
        except (ValueError, OSError, AttributeError):  # not the main thread, or no SIGTERM
            pass

    def start_audio(self) -> None:
        audio = self.ctx.audio
        if not audio.started:
            audio.start()
            audio.set_volumes(self.settings.music_volume, self.settings.effects_volume)
            audio.play_music()

    def run(self, first: Scene) -> int:
        self._stop_on_sigterm()
        self.stack.push(first)
        self.stack.apply_pending()
        clock = pygame.time.Clock()
        limit = self.options.frames
        headless = self.options.headless
        # a headless smoke run from the title (no --game) of a second or more presses Play
        # half-way through, by the real input path, so it covers title -> game select
        walk = limit // 2 if (headless and limit and limit >= 60 and self.options.game is None
                               and self.options.replay is None) else None
        while self.running:
            dt = HEADLESS_DT if headless else min(clock.tick(FPS) / 1000.0, 0.1)
            if self.frame_count == walk:
                for kind in (pygame.KEYDOWN, pygame.KEYUP):
                    pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0,
                                                         unicode="\r", scancode=40))
            self.frame(dt)
            if limit is not None and self.frame_count >= limit:
                break
        self.finish()
        return self.exit_code

    def finish(self) -> None:
        if self.ctx.phones is not None:
            self.ctx.phones.close()
        self.ctx.store.close()
        if self.options.screenshot is not None:
            self.save_screenshot(self.options.screenshot)
        self.notifier.stopping()
        self.crash_log.close()
        self.display.close()
        pygame.quit()

    def save_screenshot(self, path: Path) -> None:
        try:
            pygame.image.save(self.screen, str(path))
            self.log.info("Saved screenshot %s", path)
        except (pygame.error, OSError) as exc:
            self.log.warning("Could not save the screenshot to %s: %s", path, exc)

    def quit(self) -> None:
        self.running = False
