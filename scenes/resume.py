"""Continuing a saved game: from the title's Continue card or a game's card in Game
select, back at the same move with the same seats.

A game one person played goes straight back to the table, played from any device. With
several people, each is asked to take their seat again (a device presses Confirm, as in
Seat setup); the AI seats keep their levels.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.i18n import N_, _
from game.input import KBM, Act, Input
from game.session import Match, Seat
from scenes.base import MenuScene
from scenes.openers import continue_game, saved_table
from scenes.overlays import Overlay
from scenes.widgets import Button
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context
    from game.store import SavedMatch, Unfinished
    from scenes.table.keeping import Resume

__all__ = ["Rejoin", "SavedGameChoice", "continue_game", "device_name", "ui_name"]

LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}   # AI levels, shown


class Rejoin(MenuScene):
    """Several people played: each takes their seat again with a device before the game
    goes on (Confirm takes the first free seat; Back gives it up)."""

    prompts = ((Act.CONFIRM, N_("Take a seat")), (Act.BACK, N_("Leave")),
               (Act.PAUSE, N_("Carry on")))

    def __init__(self, ctx: Context, saved: SavedMatch, resume: Resume) -> None:
        self.saved = saved
        self.resume = resume
        self.seats: list[Seat] = list(saved.to_match().seats)
        self.message = ""
        super().__init__(ctx)

    def heading(self) -> str:
        return _("{game}: take your seats again").format(game=ui_name(self.saved.game_id))

    def build(self) -> None:
        start = Button(pygame.Rect(0, 0, 520, 96), _("Carry on"), self.start, size=52)
        start.rect.midtop = (ui.CANVAS[0] // 2, 820)
        self.group.widgets = [start]

    def free(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human and s.device is None]

    def handle(self, event: Input) -> bool:
        owner = next((i for i, s in enumerate(self.seats) if s.device == event.device), None)
        if event.act is Act.CONFIRM and owner is None and self.free():
            i = self.free()[0]
            self.seats[i] = _with_device(self.seats[i], event.device)
            self.message = _("{name} is back").format(name=self.seats[i].name)
            self.ctx.play("chirp")
            return True
        if event.act is Act.BACK and owner is not None:
            self.seats[owner] = _with_device(self.seats[owner], None)
            self.message = _("{name}'s seat is free again").format(name=self.seats[owner].name)
            return True
        if event.act is Act.PAUSE:
            self.start()
            return True
        return super().handle(event)

    def start(self) -> None:
        if self.free():
            self.message = _("Everyone takes a seat first (Confirm on your controller)")
            self.ctx.play("error")
            return
        match = Match(self.saved.game_id, tuple(self.seats), self.saved.seed,
                      tuple(sorted(self.saved.options.items())), self.saved.open_hands)
        self.ctx.stack.replace(saved_table(self.ctx, match, self.resume))

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        y = 200
        for seat in self.seats:
            if seat.human:
                words = (_("{name} \u00b7 waiting: press Confirm on your controller or keyboard")
                         if seat.device is None else _("{name} \u00b7 back, on {device}"))
            else:
                words = _("{name} \u00b7 AI {level}")
            level = _(LEVELS[seat.level]) if seat.level in LEVELS else seat.level.title()
            colour = ui.TEXT if seat.human and seat.device is not None else ui.TEXT_MUTED
            line = a.text(words.format(name=seat.name, level=level, device=device_name(
                self.ctx, seat.device) if seat.device else ""), 44, colour, "bold")
            surface.blit(line, (ui.CANVAS[0] // 2 - 560, y))
            y += 88
        if self.message:
            note = a.text(self.message, 36, ui.ACCENT)
            surface.blit(note, note.get_rect(midtop=(ui.CANVAS[0] // 2, 750)))


class SavedGameChoice(Overlay):
    """Game select on a game with a saved game in it: continue it, or deal a new one."""

    panel_size = (1100, 470)

    def __init__(self, ctx: Context, entry: Unfinished,
                 new_game: Callable[[], object]) -> None:
        super().__init__(ctx)
        self.entry = entry
        self.new_game = new_game
        self.error = ""
        cx, y = self.panel.centerx, self.panel.bottom - 130
        keep = Button(pygame.Rect(cx - 440, y, 420, 90), _("Continue it"), self.carry_on)
        fresh = Button(pygame.Rect(cx + 20, y, 420, 90), _("New game"), self.fresh)
        self.group.widgets = [keep, fresh]

    def carry_on(self) -> None:
        scene = continue_game(self.ctx, self.entry.id)
        if isinstance(scene, str):
            self.error = scene        # said in the panel; New game still works
            self.ctx.play("error")
            return
        self.ctx.stack.replace(scene)

    def fresh(self) -> None:
        self.ctx.stack.pop()
        self.new_game()

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        q = a.text(_("A game is saved"), 56, ui.TEXT, "title")
        surface.blit(q, q.get_rect(midtop=(self.panel.centerx, self.panel.y + 44)))
        d = a.text_block(self.error or self.entry.describe(), 36, self.panel.w - 120,
                         ui.ACCENT if self.error else ui.TEXT_MUTED)
        surface.blit(d, d.get_rect(midtop=(self.panel.centerx, self.panel.y + 140)))


def _with_device(seat: Seat, device: str | None) -> Seat:
    return Seat(seat.name, seat.human, seat.level, seat.colour, device)


def device_name(ctx: Context, device: str) -> str:
    if device == KBM:
        return _("keyboard & mouse")
    pads = [d.id for d in ctx.input.controllers()]
    return (_("controller {number}").format(number=pads.index(device) + 1) if device in pads
            else _("a controller"))


def ui_name(game_id: str) -> str:
    from game.engine import GAMES

    spec = GAMES.get(game_id)
    return spec.name if spec is not None else game_id
