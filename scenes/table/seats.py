"""Who plays which seat, changed mid-game: the Seats screen (from Pause) and the question
asked when a controller is plugged in while another person's device stands in for a
seat whose controller was lost.

Both sit over a table whose hand is put away first (TableScene.pause), and every change
goes through the table's couch (``give_seat``, ``seat_to_ai``, ``swap_seats``), which
says it in the log. A device is chosen the way people pick one up: "press A on the
controller (Enter on the keyboard, or click) that plays Robin from now on".
"""
from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.input import Act, Input
from game.phones import is_phone
from scenes.overlays import Overlay
from scenes.widgets import Button
from scenes.table.chrome import ai_level_word
from sprites import ui

ROW_H = 84
ROW_GAP = 14
TOP = 200      # the first row's top, below the heading and its line


def holder_words(ctx, table, seat: int) -> str:
    """Who plays ``seat`` now, in a few words: a device, a phone, or the AI and its level."""
    info = table.match.seats[seat]
    if not info.human:
        return _("AI {level}").format(level=ai_level_word(info.level))
    device = table.couch.owners.get(seat)
    if is_phone(device):
        return _("Phone")
    if device is None:
        return _("Any device")
    return ctx.input.label(device)


class SeatReturn(Overlay):
    """"A controller was plugged in: is it Robin's?" The new controller presses A on a
    seat it stood away from to take it back; anyone may answer Not now."""

    panel_size = (1300, 520)
    prompts = ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Not now")))   # drawn through said()

    def __init__(self, ctx, table, device: str) -> None:
        super().__init__(ctx)
        self.table = table
        self.device = device
        self.note = ""
        self.presser: str | None = None
        seats = sorted(table.couch.stand_ins)
        y = self.panel.bottom - 130
        width = min(460, (self.panel.w - 120 - 30 * len(seats)) // (len(seats) + 1))
        x = self.panel.centerx - ((width + 30) * (len(seats) + 1) - 30) // 2
        buttons = []
        for seat in seats:
            label = "{name} takes it back".format(name=table.match.seats[seat].name)
            buttons.append(Button(pygame.Rect(x, y, width, 90), label,
                                  lambda seat=seat: self.give_back(seat), size=36))
            x += width + 30
        buttons.append(Button(pygame.Rect(x, y, width, 90), _("Not now"), self.cancel,
                              size=36))
        self.group.widgets = buttons
        self.names = [table.match.seats[s].name for s in seats]

    def handle(self, event: Input) -> bool:
        if event.act is Act.DEVICE_REMOVED and event.device == self.device:
            self.cancel()          # the new controller is gone again: nothing to ask
            return True
        self.presser = event.device
        return super().handle(event)

    def give_back(self, seat: int) -> None:
        """Only the new controller itself takes a seat back (one press on it proves it is
        in the hands of that seat's person)."""
        if self.presser != self.device:
            self.note = _("Press A on the controller that was just plugged in.")
            self.ctx.play("error")
            return
        self.table.couch.seat_to(seat, self.device)
        self.table.log_book.log(_("{name} is back on their own controller.").format(
            name=self.table.match.seats[seat].name))
        self.ctx.stack.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        title = a.text_fit(_("A controller was plugged in"), 56, self.panel.w - 80, ui.TEXT,
                           "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 44)))
        if len(self.names) == 1:
            body = _("Is it {name}'s, back again? {name}: press A on it to take your seat "
                     "back.").format(name=self.names[0])
        else:
            body = _("Is it the controller of a seat someone else is playing for now? Press "
                     "A on it, on that seat's button, to take the seat back.")
        text = a.text_block(body, 36, self.panel.w - 140, ui.TEXT_MUTED)
        surface.blit(text, text.get_rect(midtop=(self.panel.centerx, self.panel.y + 140)))
        if self.note:
            note = a.text_fit(self.note, 32, self.panel.w - 80, ui.ACCENT, "bold")
            surface.blit(note, note.get_rect(midtop=(self.panel.centerx, self.panel.y + 290)))


class SeatsMenu(Overlay):
    """Pause > Seats: every seat with who plays it; a seat can go to another controller
    (or the keyboard), to the AI, back to a person, or swap players with another seat."""

    prompts = ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Back")))   # drawn through said()

    def __init__(self, ctx, table) -> None:
        self.table = table
        rows = max(table.match.num_players, 5)   # the seats, or a seat's actions
        self.panel_size = (1300, 330 + rows * (ROW_H + ROW_GAP))
        super().__init__(ctx)
        self.mode = "list"            # list -> seat -> device | swap
        self.seat: int | None = None
        self.row_seat: dict[Button, int] = {}   # a row's button -> the seat it stands for
        self.note = ""
        self.build()

    # -- the modes ----------------------------------------------------------------------
    def rows(self, seats, on_pick) -> list[Button]:
        """A button per seat: its name and who plays it (its shape is drawn beside)."""
        buttons = []
        y = self.panel.y + TOP
        for seat in seats:
            label = _("{name} \u00b7 {holder}").format(
                name=self.table.match.seats[seat].name,
                holder=holder_words(self.ctx, self.table, seat))
            rect = pygame.Rect(self.panel.x + 150, y + seat * (ROW_H + ROW_GAP),
                               self.panel.w - 240, ROW_H)
            button = Button(rect, label, lambda seat=seat: on_pick(seat), size=36)
            self.row_seat[button] = seat
            buttons.append(button)
        return buttons

    def build(self) -> None:
        t = self.table
        everyone = range(t.match.num_players)
        self.row_seat = {}
        if self.mode == "list":
            self.group.widgets = self.rows(everyone, self.choose_seat)
        elif self.mode == "seat":
            self.group.widgets = self.actions()
        elif self.mode == "swap":
            others = [s for s in everyone if s != self.seat and not t.couch.is_phone(s)]
            self.group.widgets = self.rows(others, self.swap_with)
        else:   # "device": nothing to focus; the next A on a device answers
            self.group.widgets = []
        self.group.index = 0

    def actions(self) -> list[Button]:
        t = self.table
        seat = self.seat
        name = t.match.seats[seat].name
        entries = []
        if t.couch.is_human(seat):
            entries.append((_("Give {name} to another controller").format(name=name),
                            self.ask_device))
            if not t.couch.is_phone(seat):
                entries.append((_("Swap players with another seat"), self.ask_swap))
            entries.append((_("Hand {name} to the AI").format(name=name), self.to_ai))
        else:
            entries.append((_("Give {name} to a person").format(name=name), self.ask_device))
            entries.append((_("Swap players with another seat"), self.ask_swap))
        entries.append((_("Back"), self.back_to_list))
        y = self.panel.y + TOP
        buttons = []
        for label, fn in entries:
            buttons.append(Button(pygame.Rect(self.panel.x + 200, y, self.panel.w - 400, ROW_H),
                                  label, fn, size=36))
            y += ROW_H + ROW_GAP
        return buttons

    def go(self, mode: str, seat: int | None = None) -> None:
        self.mode = mode
        if seat is not None:
            self.seat = seat
        self.note = ""
        self.build()
        self.ctx.play("tap")

    def choose_seat(self, seat: int) -> None:
        self.go("seat", seat)

    def back_to_list(self) -> None:
        self.go("list")

    def ask_device(self) -> None:
        self.go("device")

    def ask_swap(self) -> None:
        self.go("swap")

    def to_ai(self) -> None:
        self.table.couch.seat_to_ai(self.seat)
        self.go("list")

    def swap_with(self, other: int) -> None:
        self.table.couch.swap_seats(self.seat, other)
        self.go("list")

    # -- input --------------------------------------------------------------------------
    def handle(self, event: Input) -> bool:
        if event.act is Act.PAUSE:
            self.cancel()
            return True
        if event.act is Act.BACK and self.mode != "list":
            self.go("list" if self.mode == "seat" else "seat")
            return True
        if self.mode == "device" and event.act is Act.CONFIRM:
            self.note = self.table.couch.give_seat(self.seat, event.device)
            if self.note:
                self.ctx.play("error")
            else:
                self.ctx.play("chirp")
                self.go("list")
            return True
        return super().handle(event)

    # -- drawing ------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        t = self.table
        if self.mode == "list":
            heading, words = _("Seats"), _("Choose a seat to change who plays it.")
        else:
            name = t.match.seats[self.seat].name
            heading = _("{name}'s seat").format(name=name)
            if self.mode == "seat":
                words = _("Played by: {holder}.").format(
                    holder=holder_words(self.ctx, t, self.seat))
            elif self.mode == "swap":
                words = _("Which seat changes players with {name}?").format(name=name)
            else:
                words = _("Press A (Enter, or click) on the controller or keyboard that plays "
                          "{name} from now on. B (Esc) goes back.").format(name=name)
        title = a.text_fit(heading, 64, self.panel.w - 80, ui.TEXT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 36)))
        body = a.text_block(words, 36, self.panel.w - 160, ui.TEXT_MUTED)
        surface.blit(body, body.get_rect(midtop=(self.panel.centerx, self.panel.y + 112)))
        if self.mode in ("list", "swap"):
            for button, seat in self.row_seat.items():
                t.paint.draw_seat_mark(surface, seat, (button.rect.x - 44, button.rect.centery))
        if self.note:
            note = a.text_fit(self.note, 32, self.panel.w - 80, ui.ACCENT, "bold")
            surface.blit(note, note.get_rect(midbottom=(self.panel.centerx,
                                                        self.panel.bottom - 40)))
