"""What menu screens share: the backdrop, a title, one focus group, a prompt bar."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.input import Act, Input
from game.scene import Scene
from scenes.widgets import FocusGroup
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context

PROMPT_Y = ui.SAFE.bottom - 24


def draw_backdrop(surface: pygame.Surface) -> None:
    surface.blit(ui.vertical_gradient(ui.CANVAS, ui.BG_TOP, ui.BG), (0, 0))


def draw_title(surface: pygame.Surface, assets, text: str, y: int = ui.SAFE.top + 50,
               size: int = 84) -> None:
    title = assets.text(text, size, ui.TEXT, "title")
    surface.blit(title, title.get_rect(center=(ui.CANVAS[0] // 2, y)))


def draw_prompts(surface: pygame.Surface, ctx: Context, items, device: str | None = None,
                 y: int = PROMPT_Y, x: int | None = None) -> None:
    """Button prompts in the glyphs of the device last used (or ``device``'s); none for a
    scene drawn under another (an overlay's prompts are the ones that count)."""
    if not items or ctx.stack.covered:
        return
    bar = ui.prompt_bar(ctx.assets, ctx.glyphs(device), tuple(items))
    rect = bar.get_rect(midbottom=(ui.CANVAS[0] // 2, y)) if x is None else bar.get_rect(bottomleft=(x, y))
    backing = rect.inflate(36, 16)
    surface.blit(ui.panel(backing.size, (10, 14, 20), backing.h // 2, alpha=190), backing)
    surface.blit(bar, rect)


def said(items) -> tuple:
    """Prompts given as English (marked with ``N_``) in the language shown now."""
    return tuple((act, _(label)) for act, label in items)


class MenuScene(Scene):
    """A screen made of widgets; BACK leaves it."""

    title = ""              # English, marked with N_: shown in the language of the moment
    prompts: tuple[tuple[Act, str], ...] = ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Back")))
    idle_to_attract = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = FocusGroup(ctx=ctx)
        self.build()

    def language_changed(self) -> None:
        """The language changed (the App tells every scene on the stack, between frames):
        the widgets' words were translated when they were made, so they are made again;
        the scene itself stays, so what a person chose on it is kept."""
        self.relabel()

    def relabel(self) -> None:
        """Make the widgets again, keeping the focus where it was."""
        index = self.group.index
        self.group = FocusGroup(ctx=self.ctx)
        self.build()
        if self.group.widgets:
            self.group.index = max(0, min(index, len(self.group.widgets) - 1))

    def build(self) -> None:
        """Create the widgets (subclasses)."""

    def handle(self, event: Input) -> bool:
        if self.group.handle(event):
            return True
        if event.act is Act.BACK:
            self.back()
            return True
        return False

    def back(self) -> None:
        self.ctx.play("tap")
        self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        heading = self.heading()
        if heading:
            draw_title(surface, self.ctx.assets, heading)
        self.draw_content(surface)
        self.group.draw(surface, self.ctx.assets, self.ctx.pulse)
        draw_prompts(surface, self.ctx, said(self.prompts))

    def heading(self) -> str:
        """The title in the language shown now (a screen whose title names something
        gives its own)."""
        return _(self.title) if self.title else ""

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything besides the widgets (subclasses)."""

    def animating(self) -> bool:
        """A menu moves only while its focus ring breathes."""
        return self.ctx.pulsing
