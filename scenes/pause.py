"""The pause menu over a game: the table stays visible, frozen, underneath.

Over a recorded match it offers to take back the last move (when the undo policy
allows), and quitting keeps the game to continue later unless "Abandon game" is chosen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.input import Act, Input
from scenes.overlays import Overlay
from scenes.widgets import Button
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context
    from scenes.table.scene import TableScene

ROW_PITCH = 112


class Pause(Overlay):
    panel_size = (760, 720)

    def __init__(self, ctx: Context, game_id: str | None = None,
                 table: TableScene | None = None) -> None:
        self.table = table
        entries = [(N_("Resume"), self.cancel)]   # English, marked: said when drawn
        if table is not None and table.keeper.undo_target() is not None:
            entries.append((N_("Take back"), self.take_back))
        if table is not None:
            entries.append((N_("Seats"), self.seats))
        entries += [(N_("How to play"), self.rules), (N_("Settings"), self.settings),
                    (N_("Quit to menu"), self.quit_to_menu)]
        if table is not None and table.keeper.keeping:
            entries.append((N_("Abandon game"), self.abandon))
        self.panel_size = (760, 250 + ROW_PITCH * len(entries))
        super().__init__(ctx)
        self.game_id = game_id
        y = self.panel.y + 150
        for label, fn in entries:
            self.group.widgets.append(Button(pygame.Rect(self.panel.x + 130, y, 500, 92),
                                             _(label), fn))
            y += ROW_PITCH

    def handle(self, event: Input) -> bool:
        if event.act is Act.PAUSE:
            self.cancel()
            return True
        return super().handle(event)

    def take_back(self) -> None:
        table = self.table
        self.cancel()
        table.keeper.take_back()

    def seats(self) -> None:
        self.ctx.go("seats", self.table)

    def rules(self) -> None:
        self.ctx.go("rules", self.game_id)

    def settings(self) -> None:
        self.ctx.go("settings")

    def quit_to_menu(self) -> None:
        if self.table is not None and self.table.keeper.keeping:
            line = _("The game is kept: choose Continue on the title to carry on.")
        else:
            line = _("The game in progress will end.")
        self.ctx.go("confirm", _("Leave this game?"), line, self._leave,
                    yes=_("Leave"), no=_("Keep playing"))

    def abandon(self) -> None:
        self.ctx.go("confirm", _("Abandon this game?"),
                    _("It ends here and will not be offered to continue."),
                    self._abandon, yes=_("Abandon"), no=_("Keep playing"))

    def _abandon(self) -> None:
        self.table.keeper.abandon()
        self._leave()

    def _leave(self) -> None:
        self.ctx.go("title", how="reset")

    def draw_content(self, surface) -> None:
        title = self.ctx.assets.text(_("Paused"), 72, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 40)))
