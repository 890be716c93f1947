"""The pause menu over a game: the table stays visible, frozen, underneath.

Over a recorded match it offers to take back the last move (when the undo policy
allows), and quitting keeps the game to continue later unless "Abandon game" is chosen.
"""
from __future__ import annotations

import pygame

from game.input import Act, Input
from scenes.overlays import Confirm, Overlay
from scenes.widgets import Button
from sprites import ui

ROW_PITCH = 112


class Pause(Overlay):
    panel_size = (760, 720)

    def __init__(self, ctx, game_id: str | None = None, table=None) -> None:
        self.table = table
        entries = [("Resume", self.cancel)]
        if table is not None and table.undo_target() is not None:
            entries.append(("Take back", self.take_back))
        if table is not None:
            entries.append(("Seats", self.seats))
        entries += [("How to play", self.rules), ("Settings", self.settings),
                    ("Quit to menu", self.quit_to_menu)]
        if table is not None and table.keeping:
            entries.append(("Abandon game", self.abandon))
        self.panel_size = (760, 250 + ROW_PITCH * len(entries))
        super().__init__(ctx)
        self.game_id = game_id
        y = self.panel.y + 150
        for label, fn in entries:
            self.group.widgets.append(Button(pygame.Rect(self.panel.x + 130, y, 500, 92),
                                             label, fn))
            y += ROW_PITCH

    def handle(self, event: Input) -> bool:
        if event.act is Act.PAUSE:
            self.cancel()
            return True
        return super().handle(event)

    def take_back(self) -> None:
        table = self.table
        self.cancel()
        table.take_back()

    def seats(self) -> None:
        from scenes.table.seats import SeatsMenu
        self.ctx.stack.push(SeatsMenu(self.ctx, self.table))

    def rules(self) -> None:
        from scenes.rules import Rules
        self.ctx.stack.push(Rules(self.ctx, self.game_id))

    def settings(self) -> None:
        from scenes.settings import SettingsScene
        self.ctx.stack.push(SettingsScene(self.ctx))

    def quit_to_menu(self) -> None:
        if self.table is not None and self.table.keeping:
            line = "The game is kept: choose Continue on the title to carry on."
        else:
            line = "The game in progress will end."
        self.ctx.stack.push(Confirm(self.ctx, "Leave this game?", line, self._leave,
                                    yes="Leave", no="Keep playing"))

    def abandon(self) -> None:
        self.ctx.stack.push(Confirm(self.ctx, "Abandon this game?",
                                    "It ends here and will not be offered to continue.",
                                    self._abandon, yes="Abandon", no="Keep playing"))

    def _abandon(self) -> None:
        self.table.abandon()
        self._leave()

    def _leave(self) -> None:
        from scenes.title import Title
        self.ctx.stack.reset(Title(self.ctx))

    def draw_content(self, surface) -> None:
        title = self.ctx.assets.text("Paused", 72, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 40)))
