"""The title screen: the logo, a fence of hopping birds, and the main menu.

Positions come from the Tiled layout ``game/layouts/title.tmx``.
"""
from __future__ import annotations

import math
import random
from itertools import zip_longest

import pygame

from game import layouts
from game.engine import GAMES
from game.i18n import N_, _
from game.input import Act
from game.store import shown
from scenes.base import MenuScene, draw_backdrop, draw_prompts, said
from scenes.openers import continue_game
from scenes.table.spec import table_spec
from scenes.widgets import Button, Widget
from sprites import ui

BIRD_SIZE = (132, 120)
LAYOUT_OBJECTS = ("logo", "menu", "birds", "prompts", "continue")   # what title.tmx names
BIRDS_REST = 30.0   # seconds without input after which the fence birds stop hopping


def parade() -> list[str]:
    """The fence's birds: each game's parade birds (its TableSpec) in turn, the first of
    every game, then the second..."""
    rows = [spec.parade for spec in map(table_spec, GAMES) if spec is not None]
    return [key for turn in zip_longest(*rows) for key in turn if key]


class Hopper:
    """A bird on the fence: hops along, turns at the ends, now and then flaps."""

    def __init__(self, key: str, x: float, lo: float, hi: float, rng: random.Random) -> None:
        self.key = key
        self.x = x
        self.lo, self.hi = lo, hi
        self.rng = rng
        self.facing = rng.choice((-1, 1))
        self.phase = rng.random()           # 0..1 through the current hop
        self.rest = rng.uniform(0.2, 1.4)   # seconds to sit before the next hop
        self.flap = 0.0

    def update(self, dt: float) -> None:
        if self.rest > 0:
            self.rest -= dt
            self.flap = max(0.0, self.flap - dt)
            if self.rest <= 0 and self.rng.random() < 0.25:
                self.flap = 0.6
            return
        self.phase += dt * 2.4
        self.x += self.facing * dt * 110
        if self.x < self.lo or self.x > self.hi:
            self.facing *= -1
            self.x = min(max(self.x, self.lo), self.hi)
        if self.phase >= 1.0:
            self.phase = 0.0
            self.rest = self.rng.uniform(0.3, 1.6)
            if self.rng.random() < 0.2:
                self.facing *= -1

    @property
    def still(self) -> bool:
        """Sitting between hops with its wings folded."""
        return self.rest > 0 and self.flap <= 0

    @property
    def height(self) -> float:
        return 0.0 if self.rest > 0 else math.sin(math.pi * self.phase) * 34


class ContinueCard(Widget):
    """The game saved last, beside the menu: 'Continue' and what it is (game, players,
    how far, who). Focused first, so Confirm carries on where the evening stopped."""

    def __init__(self, rect, entry, on_press) -> None:
        super().__init__(rect)
        self.entry = entry
        self.on_press = on_press
        self.error = ""

    def activate(self) -> bool:
        self.on_press()
        return True

    def draw(self, surface, assets, focused, t) -> None:
        rect = self.rect.move(0, -6) if focused else self.rect
        ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT if focused else ui.PANEL, 26)
        head = assets.text(_("Continue"), 60, ui.ACCENT, "title")
        surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 28)))
        words = self.error or self.entry.describe()
        body = assets.text_block(words, 36, rect.w - 60, ui.ACCENT if self.error else ui.TEXT)
        surface.blit(body, body.get_rect(midtop=(rect.centerx, rect.y + 130)))
        if focused:
            ui.draw_focus_ring(surface, rect, t, 26)


class Title(MenuScene):
    prompts = ((Act.CONFIRM, N_("Choose")),)
    home = True

    def build(self) -> None:
        self.layout = layouts.get("title", self.ctx.log, LAYOUT_OBJECTS)
        menu = self.layout.get("menu")
        spacing = int(menu.prop("spacing", 24))
        entries = [(_("Play"), self.play), (_("How to play"), self.rules)]
        if not self.ctx.options.kiosk:
            entries.append((_("History"), self.history))
        entries.append((_("Settings"), self.settings))
        if not self.ctx.options.kiosk:
            entries.append((_("Quit"), self.quit))
        height = (menu.h - spacing * (len(entries) - 1)) // len(entries)
        height = min(height, 96)
        for i, (label, fn) in enumerate(entries):
            rect = pygame.Rect(menu.x, menu.y + i * (height + spacing), menu.w, height)
            self.group.widgets.append(Button(rect, label, fn, size=48))
        saved = None if self.ctx.options.kiosk else self.ctx.store.latest()
        self.continue_card = None
        if saved is not None:
            card = self.layout.get("continue")
            self.continue_card = ContinueCard(pygame.Rect(card.x, card.y, card.w, card.h),
                                              saved, self.carry_on)
            self.group.widgets.insert(0, self.continue_card)
        # saving impossible (a read-only folder, a locked or newer database): said once
        self.problem = "" if self.ctx.session.store_noted else (self.ctx.store.problem or "")
        self.ctx.session.store_noted = True
        fence = self.layout.get("birds")
        rng = random.Random(7)
        keys = parade()
        count = int(fence.prop("count", 6))
        self.fence_y = fence.y + fence.h - 30
        span = fence.w / max(count, 1)
        self.hoppers = [Hopper(keys[i % len(keys)], fence.x + span * (i + 0.5),
                               fence.x + 60, fence.x + fence.w - 60, rng) for i in range(count)]

    def back(self) -> None:
        """BACK on the title does not quit by accident: it moves focus to Quit."""
        if not self.ctx.options.kiosk:
            self.group.index = len(self.group.widgets) - 1

    def carry_on(self) -> None:
        scene = continue_game(self.ctx, self.continue_card.entry.id)
        if isinstance(scene, str):
            self.continue_card.error = scene
            self.ctx.play("error")
            return
        self.ctx.stack.push(scene)

    def play(self) -> None:
        self.ctx.go("game_select")

    def rules(self) -> None:
        self.ctx.go("rules", self.ctx.session.last_game)

    def history(self) -> None:
        self.ctx.go("history")

    def settings(self) -> None:
        self.ctx.go("settings")

    def quit(self) -> None:
        self.ctx.app.quit()

    def update(self, dt: float) -> None:
        resting = (self.ctx.app.idle >= BIRDS_REST     # nobody about: the birds settle down
                   or self.ctx.settings.reduced_motion)
        for hopper in self.hoppers:
            if not (resting and hopper.still):
                hopper.update(dt)

    def animating(self) -> bool:
        return self.ctx.pulsing or any(not h.still for h in self.hoppers) or (
            self.ctx.app.idle < BIRDS_REST and not self.ctx.settings.reduced_motion)

    def draw(self, surface: pygame.Surface) -> None:
        from sprites.birds import FLAP_CYCLE, bird_surface

        a = self.ctx.assets
        draw_backdrop(surface)
        fence = self.layout.get("birds")
        rail = pygame.Rect(fence.x - 40, self.fence_y, fence.w + 80, 22)
        pygame.draw.rect(surface, (104, 72, 48), rail, border_radius=8)
        pygame.draw.rect(surface, (70, 46, 30), rail, 3, border_radius=8)
        for x in range(rail.x + 60, rail.right, 240):
            pygame.draw.rect(surface, (92, 62, 40), (x, rail.bottom - 4, 18, 60))
        for h in self.hoppers:
            flap = FLAP_CYCLE[int(self.ctx.time * 8) % len(FLAP_CYCLE)] if h.flap > 0 else 0
            bird = bird_surface(h.key, BIRD_SIZE, "right" if h.facing > 0 else "left", flap)
            rect = bird.get_rect(midbottom=(int(h.x), int(self.fence_y + 6 - h.height)))
            surface.blit(bird, rect)
        logo = self.layout.get("logo")
        self._draw_logo(surface, logo.center)
        self.group.draw(surface, a, self.ctx.pulse)
        version = a.text(_("A couch for four bird card games"), 30, ui.TEXT_MUTED)
        surface.blit(version, version.get_rect(midtop=(logo.center[0], logo.y + logo.h - 40)))
        if self.problem:
            note = a.text_block(shown(self.problem), 30, 1500, ui.ACCENT)
            surface.blit(note, note.get_rect(midtop=(ui.CANVAS[0] // 2, 16)))
        prompts = self.layout.get("prompts")
        draw_prompts(surface, self.ctx, said(self.prompts), y=prompts.y + prompts.h)

    def _draw_logo(self, surface, center) -> None:
        a = self.ctx.assets
        shadow = a.text("Birdhouse", 150, (10, 20, 22), "title")
        title = a.text("Birdhouse", 150, ui.ACCENT, "title")
        cx, cy = center
        surface.blit(shadow, shadow.get_rect(center=(cx + 6, cy - 14)))
        surface.blit(title, title.get_rect(center=(cx, cy - 20)))
        # a little birdhouse beside the name
        hx = cx - title.get_width() // 2 - 110
        hy = cy - 20
        roof = [(hx - 62, hy - 20), (hx, hy - 78), (hx + 62, hy - 20)]
        body = pygame.Rect(hx - 48, hy - 24, 96, 96)
        pygame.draw.rect(surface, (214, 120, 72), body, border_radius=6)
        pygame.draw.rect(surface, (60, 30, 20), body, 4, border_radius=6)
        pygame.draw.polygon(surface, (150, 60, 50), roof)
        pygame.draw.polygon(surface, (60, 30, 20), roof, 4)
        pygame.draw.circle(surface, (40, 24, 18), (hx, hy + 14), 18)
        pygame.draw.rect(surface, (60, 30, 20), (hx - 4, hy + 40, 8, 20))
