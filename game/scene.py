"""Scenes and the stack that runs them.

The stack changes only between frames (push/pop/replace are queued), so a scene can never
be removed while its own ``handle`` or ``update`` is still running; input that arrives in
the same frame after a change was requested is dropped rather than sent to a scene that is
about to leave. Input goes to the top
scene and falls through to the one below only when the top is not ``modal`` and did not
consume it. Only the top scene updates (a pause overlay freezes the game below it); drawing
starts from the highest opaque scene, so ``transparent`` overlays show what is under them.
"""
from __future__ import annotations

import functools
import gc
from typing import TYPE_CHECKING

import pygame

from game.input import Input

if TYPE_CHECKING:
    from game.context import Context


def release() -> None:
    """Free a scene that has left at once. Scenes hold full-screen pictures and sit in
    reference cycles (sprites, timelines and callbacks point back at them), which only
    Python's rare full collection frees; a kiosk changing tables all day would meanwhile
    hold a dozen dead tables. A collection costs a few ms, once per scene change. Then the
    C heap's free pages go back to the system (glibc keeps them otherwise, and a day of
    tables coming and going leaves the resident size high with memory nobody uses)."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim():
    """glibc's malloc_trim, or None elsewhere (macOS, Windows, musl); looked up once."""
    import ctypes   # here, not at start-up: ctypes.util pulls in subprocess
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    func = getattr(libc, "malloc_trim", None)
    if func is not None:
        func.argtypes = [ctypes.c_size_t]
    return func


class Scene:
    transparent = False   # draw the scene below first
    backdrop: pygame.Surface | None = None  # a transparent scene's frozen picture of
    #                                          what lies below (drawn instead of it)
    modal = True          # do not pass unconsumed input down
    pause_on_disconnect = False  # a game in progress: pause when a controller is unplugged
    idle_to_attract = False      # a menu: the demo may start here after enough idle time
    home = False                 # the title: the one screen that goes idle outside kiosks
    game_id: str | None = None   # the game this scene plays or shows, if any
    uses_phones = False          # the phone server stays up while such a scene is stacked
    remade_for_language = False  # its words are made once, in __init__: a new language
    #                              makes the scene anew through its route (overlays)
    made_by: tuple | None = None  # (opener, args, kwargs) of App.make, to make it anew

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    # per frame
    def handle(self, event: Input) -> bool:
        """React to one input; True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (state changes happen here, never in draw)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; must not change state."""

    def animating(self) -> bool:
        """Would the next frame look different even if nobody touched anything (tweens,
        a breathing focus ring, a countdown)? While no scene on screen says so, a real
        window keeps its last picture and the CPU rests. A scene must know it is still to
        say no, so the default is yes."""
        return True

    def disconnected(self, device: str) -> str | None:
        """A device was unplugged while this scene (a game) runs: the name of the seat it
        served ('' if unknown) to pause for, or None if the game can carry on."""
        return ""

    def rebind(self, old: str, new: str) -> None:
        """Someone carried on after ``old`` was unplugged, using ``new``."""

    def language_changed(self) -> Scene | None:
        """The language changed while this scene is on the stack. Words translated as
        they are drawn need nothing here; a scene that keeps words it made earlier
        makes them again (menus rebuild their widgets), or, if ``remade_for_language``,
        a new one made through its route takes its place (returned)."""
        if self.remade_for_language and self.made_by is not None:
            opener, args, kwargs = self.made_by
            return opener(self.ctx, *args, **kwargs)
        return None

    def device_added(self, device: str) -> None:
        """A controller was plugged in while this scene (a game) runs (a lost one come
        back, perhaps)."""

    @property
    def name(self) -> str:
        return type(self).__name__


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []
        self.drawing: Scene | None = None   # the scene whose draw() is running

    # requests, applied by apply_pending() between frames
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self, scene: Scene | None = None) -> None:
        """Remove ``scene`` (default: the scene on top now). Naming the scene makes a
        repeated request harmless: it cannot take the scene underneath with it."""
        self._pending.append(("pop", scene or self.top))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        self._pending.append(("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start again from ``scene`` (e.g. back to the title)."""
        self._pending.append(("reset", scene))

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def has_pending(self) -> bool:
        return bool(self._pending)

    def apply_pending(self) -> bool:
        """Carry out the queued changes; True if there were any."""
        if not self._pending:
            return False
        before = list(self.scenes)
        self._apply()
        left = any(not s.transparent for s in before if s not in self.scenes)
        del before  # (it would keep the scenes that left alive through the collection)
        if left:
            release()
        return True

    def _apply(self) -> None:
        while self._pending:
            op, scene = self._pending.pop(0)
            if op == "push":
                if self.scenes:
                    self.scenes[-1].pause()
                self.scenes.append(scene)
                scene.enter()
            elif op == "pop":
                if self.scenes and self.scenes[-1] is scene:
                    self.scenes.pop().exit()
                    if self.scenes:
                        self.scenes[-1].resume()
            elif op == "replace":
                if self.scenes:
                    self.scenes.pop().exit()
                self.scenes.append(scene)
                scene.enter()
            elif op == "reset":
                while self.scenes:
                    self.scenes.pop().exit()
                self.scenes.append(scene)
                scene.enter()

    def force_reset(self, scene: Scene) -> None:
        """Crash recovery: drop every scene now (their exit hooks may fail too: ignored)
        and start again from ``scene``."""
        self._pending.clear()
        while self.scenes:
            try:
                self.scenes.pop().exit()
            except Exception:  # noqa: BLE001 - a broken scene must not block recovery
                pass
        self.scenes.append(scene)
        scene.enter()
        release()

    # per frame
    def handle(self, event: Input) -> bool:
        """Route input down from the top. Once a change of scene is pending, the rest of
        the frame's input is dropped: it was meant for a screen that is going away."""
        if self._pending:
            return True
        for scene in reversed(self.scenes):
            if scene.handle(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent and self.scenes[start].backdrop is None:
            start -= 1
        return self.scenes[max(start, 0):]

    def animating(self) -> bool:
        """Does any scene on screen change on its own (see Scene.animating)?"""
        return any(scene.animating() for scene in self.visible())

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes; an overlay with a frozen backdrop stands in for all
        below it (they are paused, so redrawing them every frame would be wasted work)."""
        try:
            for scene in self.visible():
                if scene.transparent and scene.backdrop is not None:
                    surface.blit(scene.backdrop, (0, 0))
                self.drawing = scene
                scene.draw(surface)
        finally:
            self.drawing = None

    @property
    def covered(self) -> bool:
        """Is the scene being drawn now under another one? (Its button prompts are then
        left out: one prompt bar at a time, the top scene's.)"""
        return self.drawing is not None and self.drawing is not self.top

    def language_changed(self) -> None:
        """Tell every scene of a new language, bottom first (a scene made anew takes the
        old one's place, focus kept where the widgets are the same); a frozen picture of
        what lies under an overlay is in the old language, so it is taken again."""
        for i, scene in enumerate(self.scenes):
            fresh = scene.language_changed()
            if fresh is not None and fresh is not scene:
                fresh.made_by = scene.made_by
                old, new = getattr(scene, "group", None), getattr(fresh, "group", None)
                if old is not None and new is not None and \
                        len(old.widgets) == len(new.widgets):
                    new.index = old.index
                self.scenes[i] = scene = fresh
            if scene.transparent:
                scene.backdrop = None

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None
