"""'Waiting for Wren's phone': a phone seat is to move and its phone has gone (asleep, out
of Wi-Fi, a closed lid). The game waits; the people at the TV may keep waiting, hand the
seat to a controller (whichever free device presses A next) or to the AI. A phone that
comes back takes the seat again, and this screen closes by itself."""
from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.input import Act, Input
from scenes.overlays import Overlay
from scenes.widgets import Button
from sprites import ui


class PhoneWaiting(Overlay):
    panel_size = (1300, 560)
    prompts = ((Act.CONFIRM, N_("Choose")),)   # drawn through said()

    def __init__(self, ctx, table, seat: int) -> None:
        super().__init__(ctx)
        self.table = table
        self.seat = seat
        self.seat_name = table.match.seats[seat].name
        self.choosing_device = False
        self.note = ""
        y = self.panel.bottom - 130
        x = self.panel.centerx
        wait = Button(pygame.Rect(x - 610, y, 380, 90), _("Keep waiting"), self.cancel)
        pad = Button(pygame.Rect(x - 190, y, 380, 90), _("Hand to a controller"),
                     self.ask_device)
        ai = Button(pygame.Rect(x + 230, y, 380, 90), _("Hand to the AI"), self.to_ai)
        self.group.widgets = [wait, pad, ai]
        self.group.focus(wait)

    def update(self, dt: float) -> None:
        """The phone is back (or the seat moved on): nothing to ask any more."""
        t = self.table
        phones = self.ctx.phones
        back = phones is not None and phones.running and phones.is_connected(self.seat)
        if back or not t.couch.is_phone(self.seat) or t.state.current_player != self.seat:
            if back:
                t.turn.phone_gone_for = 0.0
            self.ctx.stack.pop()

    def ask_device(self) -> None:
        self.choosing_device = True
        self.note = ""
        self.ctx.play("tap")

    def to_ai(self) -> None:
        self.table.couch.seat_to_ai(self.seat)
        self.ctx.play("chirp")
        self.ctx.stack.pop()

    def handle(self, event: Input) -> bool:
        if not self.choosing_device:
            return super().handle(event)
        if event.act is Act.BACK:
            self.choosing_device = False
            return True
        if event.act is Act.CONFIRM:
            self.note = self.table.couch.give_seat(self.seat, event.device)
            if self.note:
                self.ctx.play("error")
                return True
            self.ctx.play("chirp")
            self.ctx.stack.pop()
        return True

    def animating(self) -> bool:
        return self.ctx.pulsing

    def draw(self, surface) -> None:
        if not self.choosing_device:
            super().draw(surface)
            return
        if self.backdrop is None:
            from scenes.overlays import dim
            dim(surface)
            self.backdrop = surface.copy()
        ui.draw_shadowed_panel(surface, self.panel, ui.PANEL, 30, ui.PANEL_LIGHT, 4)
        self.draw_content(surface)

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        title = a.text(_("Waiting for {name}'s phone").format(name=self.seat_name), 60,
                       ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 50)))
        if self.choosing_device:
            body = _("Press A (Enter, or click) on the controller or keyboard that plays "
                     "{name} from now on. B (Esc) goes back.").format(name=self.seat_name)
        else:
            body = _("{name}'s phone has lost its connection. The game goes on by itself as "
                     "soon as the phone is back; or hand the seat over.").format(
                         name=self.seat_name)
        text = a.text_block(body, 36, self.panel.w - 140, ui.TEXT_MUTED)
        surface.blit(text, text.get_rect(midtop=(self.panel.centerx, self.panel.y + 150)))
        if self.note:
            note = a.text(self.note, 32, ui.ACCENT, "bold")
            surface.blit(note, note.get_rect(midtop=(self.panel.centerx, self.panel.y + 330)))
