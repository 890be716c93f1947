"""Shown (outside kiosk mode) when a scene failed: what went wrong, and a way back."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.input import Act
from scenes.base import MenuScene
from scenes.widgets import Button
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context


class ErrorScene(MenuScene):
    title = N_("Something went wrong")
    prompts = ((Act.CONFIRM, N_("Back to menu")),)
    idle_to_attract = False

    def __init__(self, ctx: Context, message: str) -> None:
        self.message = message
        super().__init__(ctx)

    def build(self) -> None:
        button = Button(pygame.Rect(0, 0, 520, 96), _("Back to menu"), self.menu)
        button.rect.center = (ui.CANVAS[0] // 2, 760)
        self.group.widgets = [button]

    def menu(self) -> None:
        self.ctx.go("title", how="reset")

    def back(self) -> None:
        self.menu()

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        msg = a.text_block(self.message, 36, 1400, ui.TEXT)
        surface.blit(msg, msg.get_rect(midtop=(ui.CANVAS[0] // 2, 300)))
        where = a.text_block(_("The details are in {path}").format(path=self.ctx.app.crash_log.path),
                             30, 1400,
                             ui.TEXT_MUTED)
        surface.blit(where, where.get_rect(midtop=(ui.CANVAS[0] // 2, 520)))
