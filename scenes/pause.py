"""The pause menu over a game: the table stays visible, frozen, underneath."""
from __future__ import annotations

import pygame

from game.input import Act, Input
from scenes.overlays import Confirm, Overlay
from scenes.widgets import Button
from sprites import ui


class Pause(Overlay):
    panel_size = (760, 720)

    def __init__(self, ctx, game_id: str | None = None) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        labels = [("Resume", self.cancel), ("How to play", self.rules),
                  ("Settings", self.settings), ("Quit to menu", self.quit_to_menu)]
        y = self.panel.y + 170
        for label, fn in labels:
            self.group.widgets.append(Button(pygame.Rect(self.panel.x + 130, y, 500, 96), label, fn))
            y += 120

    def handle(self, event: Input) -> bool:
        if event.act is Act.PAUSE:
            self.cancel()
            return True
        return super().handle(event)

    def rules(self) -> None:
        from scenes.rules import Rules
        self.ctx.stack.push(Rules(self.ctx, self.game_id))

    def settings(self) -> None:
        from scenes.settings import SettingsScene
        self.ctx.stack.push(SettingsScene(self.ctx))

    def quit_to_menu(self) -> None:
        self.ctx.stack.push(Confirm(self.ctx, "Leave this game?",
                                    "The game in progress will end. There is no saving.",
                                    self._leave, yes="Leave", no="Keep playing"))

    def _leave(self) -> None:
        from scenes.title import Title
        self.ctx.stack.reset(Title(self.ctx))

    def draw_content(self, surface) -> None:
        title = self.ctx.assets.text("Paused", 72, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 50)))
