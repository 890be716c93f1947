"""What every scene may reach: one object passed around instead of globals.

This module is light on purpose (no pygame, no window, no scene): scenes name
:class:`Context` in their type hints, and ``ctx.go("history")`` opens a screen by its
route name, so no screen imports another screen's module to show it.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from game import settings as settings_mod
from game.session import Session
from game.settings import Settings

if TYPE_CHECKING:
    from game.app import App
    from game.assets import Assets
    from game.cli import Options
    from game.input import InputManager
    from game.phones import Phones
    from game.scene import Scene, SceneStack
    from game.store import Store

PULSE_FOR = 6.0          # seconds the focus ring breathes after the last input
How = Literal["push", "replace", "reset"]
HOWS: tuple[How, ...] = ("push", "replace", "reset")


def no_store() -> Store:
    """A store that saves nothing (imported here only when a Context is made without one)."""
    from game.store import Store

    return Store.disabled()


@dataclass
class Context:
    """What every scene may reach: no globals, one object passed around."""

    app: App
    settings: Settings
    settings_path: Path
    assets: Assets
    audio: object
    input: InputManager
    log: logging.Logger
    options: Options
    time: float = 0.0              # seconds since start (animation clock)
    session: Session = field(default_factory=Session)
    phones: Phones | None = None   # the phones' hub (its server runs only while on)
    store: Store = field(default_factory=no_store)  # saved games, history, profiles

    @property
    def stack(self) -> SceneStack:
        return self.app.stack

    # -- screens by name -------------------------------------------------------------------
    def make(self, route: str, *args, **kwargs) -> Scene:
        """A new scene of the screen registered as ``route`` (scenes/start.py ROUTES),
        not shown yet."""
        return self.app.make(route, *args, **kwargs)

    def go(self, route: str, *args, how: How = "push", **kwargs) -> Scene:
        """Open the screen registered as ``route``: pushed on top (``how="push"``), in
        place of the top scene ("replace") or as the only scene ("reset"). The change
        happens between frames, like every stack change; the new scene is returned."""
        if how not in HOWS:
            raise ValueError(f"how must be one of {', '.join(HOWS)}, not {how!r}")
        scene = self.make(route, *args, **kwargs)
        getattr(self.stack, how)(scene)
        return scene

    # -- settings, sound, glyphs -----------------------------------------------------------
    def save_settings(self) -> None:
        settings_mod.save(self.settings, self.settings_path, self.log)
        self.audio.set_volumes(self.settings.music_volume, self.settings.effects_volume)

    def play(self, sound: str) -> None:
        self.audio.play(sound)

    def glyphs(self, device: str | None = None) -> str:
        return self.input.glyph_style(device)

    # -- the focus ring's breath -----------------------------------------------------------
    @property
    def pulse_end(self) -> float:
        """When the focus ring stops breathing: the first full breath (a peak of
        ui.draw_focus_ring's sine) PULSE_FOR seconds after the last input, so it comes
        to rest without a jump and an idle screen can stop redrawing."""
        after = self.app.last_input + PULSE_FOR
        turns = math.ceil((after * 5.0 - math.pi / 2) / (2 * math.pi))
        return (math.pi / 2 + 2 * math.pi * turns) / 5.0

    @property
    def pulsing(self) -> bool:
        """Is the focus ring still breathing? (Never with Reduced motion.)"""
        return not self.settings.reduced_motion and self.time < self.pulse_end

    @property
    def pulse(self) -> float:
        """The focus ring's clock: real time while it breathes, then held at rest."""
        if self.settings.reduced_motion:
            return math.pi / 10   # a full breath, held
        return min(self.time, self.pulse_end)
