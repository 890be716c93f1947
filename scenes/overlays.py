"""Small screens drawn over another: a yes/no question and the unplugged controller."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.i18n import N_, _, ngettext
from game.input import Act, Input
from game.scene import Scene
from scenes.base import draw_prompts, said
from scenes.widgets import Button, FocusGroup
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context
    from scenes.table.scene import TableScene


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken what is already drawn, in place (a multiply: no full-screen veil surface to
    allocate and keep; ``alpha`` is how much darker, 0..255)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


class Overlay(Scene):
    """A modal panel over the scene below, which stays visible (and frozen) behind it."""

    transparent = True
    remade_for_language = True   # (its widgets are made in __init__)
    panel_size = (900, 520)
    prompts: tuple = ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Back")))   # English, marked

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = FocusGroup(ctx=ctx, wrap=True)
        self.panel = pygame.Rect((0, 0), self.panel_size)
        self.panel.center = (ui.CANVAS[0] // 2, ui.CANVAS[1] // 2)

    def handle(self, event: Input) -> bool:
        if self.group.handle(event):
            return True
        if event.act is Act.BACK:
            self.cancel()
        return True  # modal: nothing reaches the game below

    def cancel(self) -> None:
        self.ctx.stack.pop()

    def resume(self) -> None:
        self.backdrop = None  # what is below may have changed (settings, glyphs)

    def draw(self, surface: pygame.Surface) -> None:
        if self.backdrop is None:
            dim(surface)
            self.backdrop = surface.copy()
        ui.draw_shadowed_panel(surface, self.panel, ui.PANEL, 30, ui.PANEL_LIGHT, 4)
        self.draw_content(surface)
        self.group.draw(surface, self.ctx.assets, self.ctx.pulse)
        draw_prompts(surface, self.ctx, said(self.prompts), y=ui.SAFE.bottom)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass

    def animating(self) -> bool:
        return self.ctx.pulsing


class Confirm(Overlay):
    """'Are you sure?' with Yes / No; No (or BACK) is focused first. The caller gives
    the words already in the language shown (Yes and No by default)."""

    panel_size = (1000, 440)

    def __init__(self, ctx: Context, question: str, detail: str, on_yes: Callable[[], object],
                 yes: str | None = None, no: str | None = None) -> None:
        super().__init__(ctx)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        cx, y = self.panel.centerx, self.panel.bottom - 130
        no_btn = Button(pygame.Rect(cx + 30, y, 380, 90), _("No") if no is None else no, self.cancel)
        yes_btn = Button(pygame.Rect(cx - 410, y, 380, 90), _("Yes") if yes is None else yes,
                         self._yes)
        self.group.widgets = [yes_btn, no_btn]
        self.group.focus(no_btn)

    def _yes(self) -> None:
        self.ctx.stack.pop()
        self.on_yes()

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        q = a.text(self.question, 56, ui.TEXT, "title")
        surface.blit(q, q.get_rect(midtop=(self.panel.centerx, self.panel.y + 50)))
        d = a.text_block(self.detail, 36, self.panel.w - 120, ui.TEXT_MUTED)
        surface.blit(d, d.get_rect(midtop=(self.panel.centerx, self.panel.y + 140)))


class ControllerLost(Overlay):
    """A controller was unplugged mid-game: the game waits here until someone carries on."""

    panel_size = (1200, 460)
    prompts = ((Act.CONFIRM, N_("Carry on")),)

    def __init__(self, ctx: Context, device: str, seat_name: str | None = None,
                 game: Scene | None = None) -> None:
        super().__init__(ctx)
        self.device = device
        self.seat_name = seat_name
        self.game = game
        self.taker = device
        btn = Button(pygame.Rect(0, 0, 420, 90), _("Carry on"), self.resume_game)
        btn.rect.midbottom = (self.panel.centerx, self.panel.bottom - 50)
        self.group.widgets = [btn]

    def resume_game(self) -> None:
        if self.game is not None and self.taker != self.device:
            self.game.rebind(self.device, self.taker)
        self.ctx.stack.pop()

    def handle(self, event: Input) -> bool:
        if event.act is Act.DEVICE_REMOVED:
            return True
        if event.act is Act.DEVICE_ADDED:
            self.taker = event.device  # plugged back in (a new id) or a new pad: it takes over
            self.resume_game()
            return True
        if event.act is Act.BACK:
            return True  # dismiss only deliberately, with CONFIRM
        if event.act is Act.CONFIRM:
            self.taker = event.device  # whoever presses A carries the seat on
        return super().handle(event)

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        words = (_("{name}'s controller disconnected").format(name=self.seat_name)
                 if self.seat_name else _("A controller disconnected"))
        title = a.text(words, 56, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 50)))
        body = a.text_block(_("The game is paused. Plug it back in, or press A (Enter, or "
                              "click) on any controller to take over."), 36, self.panel.w - 140,
                            ui.TEXT_MUTED)
        surface.blit(body, body.get_rect(midtop=(self.panel.centerx, self.panel.y + 140)))


class StillPlaying(Overlay):
    """Kiosk: nobody has touched anything for a while during a game. Any input keeps the
    game; after the countdown the game ends and the demo takes over."""

    panel_size = (1100, 440)
    countdown = 20.0
    prompts = ((Act.CONFIRM, N_("Keep playing")),)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.left = self.countdown
        btn = Button(pygame.Rect(0, 0, 460, 90), _("Keep playing"), self.cancel)
        btn.rect.midbottom = (self.panel.centerx, self.panel.bottom - 50)
        self.group.widgets = [btn]

    def handle(self, event: Input) -> bool:
        self.cancel()  # anyone there at all: carry on
        return True

    def animating(self) -> bool:
        return True  # the countdown

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self.ctx.go("attract", how="reset")

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        title = a.text(_("Still playing?"), 64, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 50)))
        secs = max(0, int(self.left + 0.999))
        body = a.text(ngettext("This game ends in {n} second unless someone presses a button.",
                               "This game ends in {n} seconds unless someone presses a button.",
                               secs).format(n=secs), 36, ui.TEXT_MUTED)
        surface.blit(body, body.get_rect(midtop=(self.panel.centerx, self.panel.y + 160)))


class PrivacyScreen(Overlay):
    """Between two people's turns on one TV: everyone else looks away, and only the seat's
    own device can open its hand."""

    panel_size = (1400, 520)

    def __init__(self, ctx: Context, table: TableScene, seat: int) -> None:
        super().__init__(ctx)
        self.table = table
        self.seat = seat
        self.seat_name = table.match.seats[seat].name
        # English, marked: said in the language of the moment, with the seat's name
        self.prompts = ((Act.CONFIRM, N_("{name}: show my hand")), (Act.PAUSE, N_("Pause")))

    @property
    def device(self) -> str | None:
        """The device that opens the hand: the seat's owner now (a seat handed to another
        controller while this screen waited is opened by that one)."""
        return self.table.couch.owner(self.seat)

    def animating(self) -> bool:
        return False  # no focus ring, nothing moves

    def handle(self, event: Input) -> bool:
        if event.act is Act.PAUSE:
            self.table.open_pause()
        elif event.act is Act.CONFIRM and (self.device is None or event.device == self.device):
            self.ctx.stack.pop()
            self.table.couch.reveal(self.seat)
            self.ctx.play("chirp")
        return True  # nothing else reaches the table (no peeking with other buttons)

    def draw(self, surface) -> None:
        if self.backdrop is None:
            dim(surface, 235)
            self.backdrop = surface.copy()
        ui.draw_shadowed_panel(surface, self.panel, ui.PANEL, 30, ui.SEAT_COLOURS[
            self.table.match.seats[self.seat].colour % 6], 6)
        a = self.ctx.assets
        title = a.text(_("{name}'s turn").format(name=self.seat_name), 80, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 50)))
        away = a.text(_("Everyone else, look away"), 48, ui.ACCENT, "bold")
        surface.blit(away, away.get_rect(midtop=(self.panel.centerx, self.panel.y + 190)))
        style = self.ctx.glyphs(self.device) if self.device else self.ctx.glyphs()
        ask = a.text((_("{name}, press A on your controller to see your hand") if style == "pad"
                      else _("{name}, press Enter on the keyboard to see your hand"))
                     .format(name=self.seat_name), 40, ui.TEXT)
        surface.blit(ask, ask.get_rect(midtop=(self.panel.centerx, self.panel.y + 290)))
        prompts = tuple((act, _(label).format(name=self.seat_name)) for act, label in self.prompts)
        draw_prompts(surface, self.ctx, prompts, self.device, y=ui.SAFE.bottom)
