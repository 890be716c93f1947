"""Who plays. Each person presses A (Enter, or clicks) on their own device to take the next
free seat and B (Esc) to leave it; seats nobody takes are played by the AI at the level
chosen on their row. Start (P) begins the game from any device, as does the Start button.

The device that opened this screen sits in seat 1 already, so one player just presses
Start. Keyboard and mouse together count as one device; up to six devices can join.

Phones: with "Phones: On" every row shows its seat's QR code and join code; a phone that
opens it takes that seat (its device is "phone:<seat>", owned like a controller) and
shows the seat's name and colour until the game starts. Scanning again re-takes a seat.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.engine import GAMES, Option
from game.input import KBM, Act, Input
from game.phones import is_phone, phone_device
from game.session import AI_LEVELS, SEAT_NAMES, Match, Seat, SeatPlan
from scenes.base import MenuScene
from scenes.table.phones.payloads import lobby_payload
from scenes.widgets import Button, Choice, Widget
from sprites import ui
from sprites.qr import qr_surface

if TYPE_CHECKING:
    from game.context import Context

ROW_H, ROW_GAP = 68, 8
PHONE_ROW_H = (104, 92)     # rows with a QR code: up to five seats, six
OPTION_W, OPTIONS_PER_ROW = 560, 3   # the game's options, in rows under Players/Hands/Phones
SEATS_END = (740, 850)      # with options: where seat rows end at most (no phones,
                            # phones), so the notes and Start button clear the prompt bar
LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}   # shown via _()


def option_word(option, value) -> str:
    """A game option's value in the language shown: its words (and On/Off) translated,
    a number as it is."""
    word = option.word(value)
    return _(word) if option.words or isinstance(value, bool) else word


class SeatWidget(Widget):
    """A widget of one seat's row in Seat setup."""

    def __init__(self, rect, scene: "SeatSetup", seat: int) -> None:
        super().__init__(rect)
        self.scene = scene
        self.seat = seat


class SeatBadge(SeatWidget):
    """The seat's colour and shape; LEFT/RIGHT (or a click) picks another free colour."""

    def adjust(self, delta: int) -> bool:
        return self.scene.cycle_colour(self.seat, delta)

    def activate(self) -> bool:
        return self.adjust(1)

    def draw(self, surface, assets, focused, t) -> None:
        index = self.scene.seats[self.seat].colour % 6
        rect = self.rect.move(0, -4) if focused else self.rect
        if focused:
            ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT, 18)
        ui.draw_shape(surface, ui.SEAT_SHAPES[index], rect.center, 28, ui.SEAT_COLOURS[index])
        if focused:
            ui.draw_focus_ring(surface, rect, t, 18)


class SeatStatus(SeatWidget):
    """Who sits here: a person (with their device's glyph) or the AI."""

    focusable = False

    def draw(self, surface, assets, focused, t) -> None:
        seat = self.scene.seats[self.seat]
        ui.draw_shadowed_panel(surface, self.rect, ui.PANEL, 18)
        y = self.rect.centery
        if seat.human and is_phone(seat.device):
            phones = self.scene.ctx.phones
            here = phones is not None and phones.is_connected(self.seat)
            ui.draw_shape(surface, "square", (self.rect.x + 34, y), 16,
                          ui.GOOD if here else ui.TEXT_DIM)
            label = _("Phone") if here else _("Phone (away)")
            text = assets.text_fit(label, 32, self.rect.w - 70, ui.TEXT, "bold")
            surface.blit(text, text.get_rect(midleft=(self.rect.x + 64, y)))
        elif seat.human:
            device = seat.device
            style = self.scene.ctx.glyphs(device) if device else "keys"
            glyph = ui.glyph(assets, style, Act.CONFIRM, 28)
            surface.blit(glyph, glyph.get_rect(midleft=(self.rect.x + 20, y)))
            label = self.scene.device_label(device) if device else _("Any device")
            text = assets.text_fit(label, 32, self.rect.w - glyph.get_width() - 50, ui.TEXT, "bold")
            surface.blit(text, text.get_rect(midleft=(self.rect.x + 32 + glyph.get_width(), y)))
        else:
            text = assets.text(_("AI player"), 32, ui.TEXT_MUTED, "bold")
            surface.blit(text, text.get_rect(midleft=(self.rect.x + 24, y)))


class SeatQR(SeatWidget):
    """The seat's QR code and join code: a phone that opens it takes this seat."""

    focusable = False

    def draw(self, surface, assets, focused, t) -> None:
        phones = self.scene.ctx.phones
        if phones is None or not phones.running:
            return
        module = max(1, self.rect.h // 33)
        code = qr_surface(phones.qr_matrix(self.seat), module)
        spot = code.get_rect(midleft=(self.rect.x, self.rect.centery))
        surface.blit(code, spot)
        text = assets.text(phones.code(self.seat), 30, ui.TEXT, "bold")
        surface.blit(text, text.get_rect(midleft=(spot.right + 12, self.rect.centery)))


class SeatSetup(MenuScene):
    prompts = ((Act.CONFIRM, N_("Join / choose")), (Act.BACK, N_("Leave")),
               (Act.PAUSE, N_("Start game")))

    def __init__(self, ctx: Context, game_id: str) -> None:
        self.info = GAMES[game_id]
        saved = ctx.session.seat_plans.get(game_id)
        if saved is None:
            count = max(self.info.min_players, min(4, self.info.max_players))
            if ctx.options.players in self.info.player_counts:
                count = ctx.options.players
            saved = SeatPlan(tuple(Seat(SEAT_NAMES[i], colour=i)
                                   for i in range(self.info.max_players)), count)
        self.seats: list[Seat] = list(saved.seats)
        self.count: int = saved.count
        self.open_hands: bool = saved.open_hands
        # the game's declared options: as chosen last time, else their defaults
        chosen = dict(saved.options)
        self.option_values: dict[str, object] = {}
        for option in self.info.options:
            value = chosen.get(option.name, option.default)
            self.option_values[option.name] = value if value in option.values else option.default
        self.message = ""
        self.message_time = 0.0
        self.phones_on = False
        self._lobby: dict[int, object] = {}
        # people who played before come first (statistics follow names), then the stock
        # names nobody has taken; a profile's colour comes with its name
        profiles = ctx.store.profiles()
        self.profile_colours = {p.name.casefold(): p.colour for p in profiles}
        self.names = [p.name for p in profiles] + [
            n for n in SEAT_NAMES if n.casefold() not in self.profile_colours]
        super().__init__(ctx)
        if ctx.session.phones_on:
            self._switch_phones(True, quiet=True)
        self._forget_missing_devices()
        if not any(s.human for s in self.seats[:self.count]):
            self.join(ctx.input.last_device, quiet=True)

    def heading(self) -> str:
        return _("{game}: who is playing?").format(game=self.info.name)

    @property
    def uses_phones(self) -> bool:  # type: ignore[override]
        return self.phones_on

    # -- widgets -----------------------------------------------------------------------
    def build(self) -> None:
        g = self.group
        keep = g.index
        g.widgets = []
        counts = [str(n) for n in self.info.player_counts]
        top = 170
        g.widgets.append(Choice(pygame.Rect(104, top, 560, ROW_H), _("Players"), counts,
                                counts.index(str(self.count)), self._set_count, wrap=False))
        g.widgets.append(Choice(pygame.Rect(684, top, 600, ROW_H), _("Hands"),
                                [_("Hidden"), _("Open (teaching)")], int(self.open_hands),
                                self._set_open, split=0.3))
        g.widgets.append(Choice(pygame.Rect(1304, top, 520, ROW_H), _("Phones"),
                                [_("Off"), _("On")], int(self.phones_on),
                                lambda k: self._switch_phones(bool(k)), split=0.45))
        y = top + ROW_H + 24
        options = self.info.options
        for n, option in enumerate(options):
            row, column = divmod(n, OPTIONS_PER_ROW)
            rect = pygame.Rect(104 + column * (OPTION_W + 20), y - 12 + row * (ROW_H + 12),
                               OPTION_W, ROW_H)
            words = [option_word(option, v) for v in option.values]
            g.widgets.append(Choice(rect, _(option.label), words,
                                    option.values.index(self.option_values[option.name]),
                                    lambda k, o=option: self._set_option(o, k)))
        if options:
            y += -(-len(options) // OPTIONS_PER_ROW) * (ROW_H + 12) + 4
        phones = self.phones_on
        row_h = (PHONE_ROW_H[0] if self.count <= 5 else PHONE_ROW_H[1]) if phones else ROW_H
        if options:   # their rows take room from the seat rows (never below a readable row)
            row_h = max(ROW_H - 8, min(row_h, (SEATS_END[phones] - y) // self.count - ROW_GAP))
        h = min(ROW_H, row_h)     # a widget's height in its row
        for i in range(self.count):
            seat = self.seats[i]
            cy = y + row_h // 2
            g.widgets.append(SeatBadge(pygame.Rect(104, cy - h // 2, 76, h), self, i))
            names = self.names if seat.name in self.names else [seat.name] + self.names
            g.widgets.append(Choice(pygame.Rect(190, cy - h // 2, 400 if phones else 480,
                                                h), _("Name"), names, names.index(seat.name),
                                    lambda k, i=i, names=names: self.pick_name(i, names[k]),
                                    split=0.3))
            status = pygame.Rect(610, cy - h // 2, 420, h) if phones else \
                pygame.Rect(690, cy - h // 2, 520, h)
            g.widgets.append(SeatStatus(status, self, i))
            level = pygame.Rect(1050, cy - h // 2, 440, h) if phones else \
                pygame.Rect(1230, cy - h // 2, 590, h)
            g.widgets.append(Choice(level, _("AI level"),
                                    [_(LEVEL_LABELS[lv]) for lv in AI_LEVELS],
                                    AI_LEVELS.index(seat.level),
                                    lambda k, i=i: self._set(i, level=AI_LEVELS[k]),
                                    enabled=not seat.human, split=0.42))
            if phones:
                g.widgets.append(SeatQR(pygame.Rect(1510, y, 314, row_h), self, i))
            y += row_h + ROW_GAP
        self.note_y = y + 8
        if phones:   # the notes on the left, the button on the right: six rows fit
            start = Button(pygame.Rect(1304, y + 6, 520, 84), _("Start game"), self.start, size=48)
        else:
            start = Button(pygame.Rect(0, 0, 520, 96), _("Start game"), self.start, size=52)
            start.rect.midtop = (ui.CANVAS[0] // 2, max(y + 100, 800))
        g.widgets.append(start)
        self.start_button = start
        g.index = keep if keep < len(g.widgets) else len(g.widgets) - 1
        if keep == 0 and self.info.id not in self.ctx.session.seat_plans:
            g.focus(start)

    # -- joining ------------------------------------------------------------------------
    def owner_of(self, device: str) -> int | None:
        for i, seat in enumerate(self.seats[:self.count]):
            if seat.human and seat.device == device:
                return i
        return None

    def device_label(self, device: str | None) -> str:
        return self.ctx.input.label(device)

    def join(self, device: str, quiet: bool = False) -> bool:
        """Seat ``device`` in the first seat the AI holds."""
        if self.owner_of(device) is not None:
            return False
        if sum(1 for s in self.seats[:self.count] if s.human) >= 6:
            return False
        for i, seat in enumerate(self.seats[:self.count]):
            if not seat.human:
                self.seats[i] = Seat(seat.name, True, seat.level, seat.colour, device)
                self._changed(_("{device} joined as {name}").format(
                    device=self.device_label(device), name=seat.name), quiet)
                return True
        self._changed(_("Every seat is taken: add a player first"), quiet, sound="error")
        return False

    def leave(self, device: str) -> bool:
        index = self.owner_of(device)
        if index is None:
            return False
        seat = self.seats[index]
        self.seats[index] = Seat(seat.name, False, seat.level, seat.colour, None)
        self._changed(_("{name} is an AI player again").format(name=seat.name))
        return True

    def _changed(self, message: str, quiet: bool = False, sound: str = "chirp") -> None:
        self.message, self.message_time = message, self.ctx.time
        self._remember()
        self.build()
        if not quiet:
            self.ctx.play(sound)

    def _forget_missing_devices(self) -> None:
        phones = self.ctx.phones
        joined = phones.joined if phones is not None and phones.running else set()
        for i, seat in enumerate(self.seats):
            if seat.device is None:
                continue
            gone = (i not in joined or seat.device != phone_device(i)) if is_phone(seat.device) \
                else seat.device not in self.ctx.input.devices
            if gone:
                self.seats[i] = Seat(seat.name, False, seat.level, seat.colour, None)
        self.build()

    # -- phones ----------------------------------------------------------------------------
    def _switch_phones(self, on: bool, quiet: bool = False) -> None:
        """Phones on: a session of seat tokens and the server on the home network; off:
        the server stops and the seats phones held go back to the AI."""
        phones = self.ctx.phones
        if on and phones is not None:   # a new match: a new session, old links go stale
            if not phones.open(self.info.max_players):
                self.phones_on = self.ctx.session.phones_on = False
                self._changed(_("Phones could not start: {why}").format(why=phones.failure),
                              sound="error")
                return
        if not on and phones is not None:
            phones.close(_("Phones were switched off on the TV."))
            for i, seat in enumerate(self.seats):
                if is_phone(seat.device):
                    self.seats[i] = Seat(seat.name, False, seat.level, seat.colour, None)
        self.phones_on = self.ctx.session.phones_on = on and phones is not None
        self._lobby.clear()
        self._changed(_("Phones: scan your seat's code to join") if self.phones_on else
                      _("Phones are off"), quiet)

    def update(self, dt: float) -> None:
        """Phones joining (each takes the seat its code names) and what they show."""
        phones = self.ctx.phones
        if not self.phones_on or phones is None or not phones.running:
            return
        for event in phones.take():
            seat = event.seat
            if event.kind == "join":
                if seat >= self.count:
                    phones.error(seat, _("That seat is not playing: add a player on the TV."))
                    continue
                info = self.seats[seat]
                self.seats[seat] = Seat(info.name, True, info.level, info.colour,
                                        phone_device(seat))
                self._lobby.pop(seat, None)
                self._changed(_("{name}'s phone joined").format(name=info.name))
            elif event.kind in ("move", "hint"):
                phones.error(seat, _("The game has not started yet."))
            elif event.kind == "codes":   # the rows now show the new ones
                self._changed(_("Too many wrong codes: new codes"), sound="error")
        match = self.match()
        for seat in sorted(phones.joined):
            if seat >= self.count or not is_phone(self.seats[seat].device):
                continue
            key = (match.seats[seat], self.count)
            if self._lobby.get(seat) != key:
                self._lobby[seat] = key
                phones.publish(seat, lobby_payload(
                    match, seat, self.info.name,
                    _("You are {name}. The game starts when someone presses Start on "
                      "the TV.").format(name=match.seats[seat].name)))

    def handle(self, event: Input) -> bool:
        act, device = event.act, event.device
        if act is Act.CONFIRM and self.owner_of(device) is None:
            if not self.join(device):
                self.ctx.play("error")
            return True
        if act is Act.BACK and self.owner_of(device) is not None:
            return self.leave(device)
        if act is Act.PAUSE:
            self.start()
            return True
        if act is Act.DEVICE_REMOVED:
            if self.leave(device):
                self.message = _("A controller was unplugged: its seat goes to the AI")
            return True
        return super().handle(event)

    # -- settings --------------------------------------------------------------------------
    def _remember(self) -> None:
        self.ctx.session.seat_plans[self.info.id] = SeatPlan(
            tuple(self.seats), self.count, self.open_hands,
            tuple(sorted(self.option_values.items())))

    def _set_count(self, index: int) -> None:
        self.count = self.info.min_players + index
        used: set[int] = set()
        for i, seat in enumerate(self.seats[:self.count]):  # a seat joining keeps colours unique
            if seat.colour in used:
                free = next(c for c in range(6) if c not in used)
                self.seats[i] = Seat(seat.name, seat.human, seat.level, free, seat.device)
            used.add(self.seats[i].colour)
        for i in range(self.count, len(self.seats)):  # seats removed: their people are out
            seat = self.seats[i]
            self.seats[i] = Seat(seat.name, False, seat.level, seat.colour, None)
        self._remember()
        self.build()

    def _set_option(self, option: Option, index: int) -> None:
        self.option_values[option.name] = option.values[index]
        self._remember()

    def _set_open(self, index: int) -> None:
        self.open_hands = bool(index)
        self._remember()

    def _set(self, index: int, **changes) -> None:
        seat = self.seats[index]
        self.seats[index] = Seat(changes.get("name", seat.name), seat.human,
                                 changes.get("level", seat.level), seat.colour, seat.device)
        self._remember()

    def pick_name(self, index: int, name: str) -> None:
        """Seat ``index`` takes ``name``; a remembered person's colour comes with it
        unless another playing seat has that colour."""
        self._set(index, name=name)
        colour = self.profile_colours.get(name.casefold())
        taken = {s.colour for i, s in enumerate(self.seats[:self.count]) if i != index}
        if colour is not None and colour not in taken:
            seat = self.seats[index]
            self.seats[index] = Seat(seat.name, seat.human, seat.level, colour % 6, seat.device)
            self._remember()

    def cycle_colour(self, index: int, delta: int) -> bool:
        """Give seat ``index`` the next colour (and shape) no other playing seat uses."""
        taken = {s.colour for i, s in enumerate(self.seats[:self.count]) if i != index}
        colour = self.seats[index].colour
        for _turn in range(6):
            colour = (colour + delta) % 6
            if colour not in taken:
                seat = self.seats[index]
                self.seats[index] = Seat(seat.name, seat.human, seat.level, colour, seat.device)
                self._remember()
                return True
        return False

    def match(self) -> Match:
        return Match(self.info.id, tuple(self.seats[:self.count]), self.ctx.options.seed,
                     tuple(sorted(self.option_values.items())), open_hands=self.open_hands)

    def start(self) -> None:
        self._remember()
        self.ctx.go("table", self.match())

    def animating(self) -> bool:
        return self.ctx.pulsing or (bool(self.message)
                                    and self.ctx.time - self.message_time < 4.5)

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        humans = sum(1 for s in self.seats[:self.count] if s.human)
        note = (_("Nobody has joined: the AI plays every seat.") if humans == 0 else
                ngettext("{people} person, {ai} AI", "{people} people, {ai} AI", humans)
                .format(people=humans, ai=self.count - humans))
        if self.message and self.ctx.time - self.message_time < 4:
            note = self.message
        phones = self.ctx.phones
        if self.phones_on and phones is not None and phones.running:
            width = self.start_button.rect.x - ui.SAFE.x - 24
            txt = a.text_fit(note, 32, width, ui.TEXT)
            surface.blit(txt, (ui.SAFE.x + 8, self.note_y))
            line = _("Scan your seat's code with a phone, or open {address} and type the "
                     "code.").format(address=phones.address())
            hint = a.text_fit(line, 28, width, ui.TEXT_MUTED)
            surface.blit(hint, (ui.SAFE.x + 8, self.note_y + 42))
            return
        txt = a.text(note, 32, ui.TEXT)
        surface.blit(txt, txt.get_rect(midtop=(ui.CANVAS[0] // 2, self.note_y)))
        hint = a.text(_("Everyone: press A (Enter, or click) on your own device to join."), 30,
                      ui.TEXT_MUTED)
        surface.blit(hint, hint.get_rect(midtop=(ui.CANVAS[0] // 2, self.note_y + 44)))
