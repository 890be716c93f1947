"""Save a PNG of every menu scene (and any table given), for looking at them.

    python -m tools.screens OUTDIR [--size WxH]

Renders headless on the 1920x1080 canvas; --size also saves a copy scaled to that window
size (what a player at that resolution sees, letterbox included).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import App, make_logger  # noqa: E402
from scenes.start import routes  # noqa: E402
from game.cli import Options  # noqa: E402
from game.store import Store  # noqa: E402


def menu_scenes(ctx):
    """(name, scene factory) for every scene that needs no game in progress."""
    from game.engine import GAMES
    from scenes.game_select import GameSelect
    from scenes.history import History
    from scenes.overlays import Confirm, ControllerLost
    from scenes.pause import Pause
    from scenes.rules import Rules
    from scenes.seat_setup import SeatSetup
    from scenes.settings import SettingsScene
    from scenes.table.coach import GuideOffer
    from scenes.title import Title

    yield "title", lambda: Title(ctx)
    yield "game_select", lambda: GameSelect(ctx)
    first = next(iter(GAMES))
    yield "seat_setup", lambda: SeatSetup(ctx, first)
    for game_id, spec in GAMES.items():   # a game's options add rows: each such layout too
        if spec.options and game_id != first:
            yield f"seat_setup_{game_id}", lambda game_id=game_id: SeatSetup(ctx, game_id)
    yield "settings", lambda: SettingsScene(ctx)
    yield "history", lambda: History(ctx)
    yield "rules", lambda: Rules(ctx, first)
    yield "pause", lambda: Pause(ctx, first)
    yield "confirm", lambda: Confirm(ctx, "Leave this game?", "The game in progress will end.",
                                     lambda: None)
    yield "controller_lost", lambda: ControllerLost(ctx, "pad0", "Wren")
    yield "guide_offer", lambda: GuideOffer(ctx, first, lambda: None)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screens")
    p.add_argument("outdir", type=Path)
    p.add_argument("--size", default=None)
    p.add_argument("--frames", type=int, default=30)
    args = p.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    settings = Path(tempfile.mkdtemp()) / "settings.json"
    app = App(Options(headless=True), settings_path=settings, log=make_logger(),
              routes=routes(), store=Store.disabled())
    for name, factory in menu_scenes(app.ctx):
        from scenes.title import Title
        app.stack.reset(Title(app.ctx))
        app.stack.apply_pending()
        if name != "title":
            app.stack.push(factory())
            app.stack.apply_pending()
        for _ in range(args.frames):
            app.frame(1 / 60)
        out = args.outdir / f"{name}.png"
        pygame.image.save(app.screen, str(out))
        if args.size:
            w, h = (int(v) for v in args.size.split("x"))
            scale = min(w / 1920, h / 1080)
            frame = pygame.Surface((w, h))
            img = pygame.transform.smoothscale(app.screen, (int(1920 * scale), int(1080 * scale)))
            frame.blit(img, img.get_rect(center=(w // 2, h // 2)))
            pygame.image.save(frame, str(args.outdir / f"{name}-{w}x{h}.png"))
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
