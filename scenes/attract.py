"""Attract mode: AI-only demo games, one after another, until anyone touches anything.

It rotates through the playable games and their player counts (a game that keeps failing
in kiosk mode is left out), plays each at a brisk but readable pace, and returns to the
title within one frame of any input from any device.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.engine import GAMES
from game.i18n import N_, _
from game.input import Input
from game.scene import Scene, release
from game.session import quick_match
from scenes.table.spec import playable
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context
    from scenes.table.scene import TableScene

BANNER = N_("Press any button to play")   # said with _() where drawn


def rotation(excluded: set[str]) -> list[tuple[str, int]]:
    """(game, players) pairs: each game in turn, cycling through its player counts."""
    games = [g for g in GAMES if playable(g) and g not in excluded]
    if not games:
        return []
    longest = max(len(GAMES[g].player_counts) for g in games)
    order = []
    for k in range(longest):
        for g in games:
            counts = list(GAMES[g].player_counts)
            order.append((g, counts[k % len(counts)]))
    return order


class Attract(Scene):
    idle_to_attract = False

    @property
    def game_id(self) -> str | None:  # type: ignore[override]
        """The demo game on screen (crash accounting leaves a failing one out)."""
        return self.table.match.game_id if self.table is not None else None

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.table: TableScene | None = None
        self.dropped = False
        self.rng = random.Random(ctx.session.attract_seed)
        self.stats = ctx.session.attract_stats

    def enter(self) -> None:
        self.start_next()

    def start_next(self) -> None:
        # the finished table is still on the call stack here (it called finished): it is
        # released at the next update, not left for some later full collection
        self.dropped = self.table is not None
        self.table = None
        order = rotation(self.ctx.session.excluded_games)
        if not order:
            self.table = None
            return
        index = self.ctx.session.attract_index
        self.ctx.session.attract_index = index + 1
        game_id, players = order[index % len(order)]
        match = quick_match(game_id, players, seed=self.rng.randrange(1 << 30), autoplay=True)
        table = self.ctx.make("table", match)
        table.speed_name = "brisk"
        table.on_finished = self.finished
        self.table = table
        table.enter()

    def finished(self, table: TableScene) -> None:
        key = (table.match.game_id, table.match.num_players)
        self.stats[key] = self.stats.get(key, 0) + 1
        self.start_next()

    def handle(self, event: Input) -> bool:
        self.ctx.go("title", how="reset")
        return True

    def update(self, dt: float) -> None:
        if self.dropped:
            self.dropped = False
            release()
        if self.table is not None:
            self.table.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            self.table.draw(surface)
        else:
            surface.fill(ui.BG)
        a = self.ctx.assets
        # eight shades, each rendered once: a new colour every frame would render (and
        # cache) a fresh 650-px title every frame, all day
        pulse = round(4 + 4 * math.sin(self.ctx.time * 3)) / 8
        colour = ui.lerp_colour(ui.TEXT, ui.ACCENT, pulse)
        text = a.text(_(BANNER), 56, colour, "title")
        if self.table is not None:
            # where a player's button prompts go: nobody's hand or prompts are there in a
            # demo, while the top of the table holds its status line
            prompts = self.table.layout.get("prompts")
            box = text.get_rect(midbottom=(ui.CANVAS[0] // 2, prompts.y + prompts.h))
        else:
            box = text.get_rect(midtop=(ui.CANVAS[0] // 2, ui.SAFE.top + 6))
        box = box.inflate(60, 24)
        surface.blit(ui.panel(box.size, (10, 14, 20), box.h // 2, ui.ACCENT, 3, alpha=225), box)
        surface.blit(text, text.get_rect(center=box.center))
