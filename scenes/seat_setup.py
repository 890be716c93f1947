"""Who plays: the number of players, and for each seat a name, human or AI, and level."""
from __future__ import annotations

import pygame

from game.engine import GAMES
from game.session import AI_LEVELS, SEAT_NAMES, Match, Seat
from scenes.base import MenuScene
from scenes.widgets import Button, Choice, Widget
from sprites import ui

ROW_H, ROW_GAP = 72, 10
LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


class SeatBadge(Widget):
    """The seat's colour and shape; LEFT/RIGHT (or a click) picks another free colour."""

    def __init__(self, rect, scene: "SeatSetup", seat: int) -> None:
        super().__init__(rect)
        self.scene = scene
        self.seat = seat

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


class SeatSetup(MenuScene):
    def __init__(self, ctx, game_id: str) -> None:
        self.info = GAMES[game_id]
        saved = ctx.data.get(("seats", game_id))
        if saved is None:
            count = max(self.info.min_players, min(4, self.info.max_players))
            if ctx.options.players in self.info.player_counts:
                count = ctx.options.players
            saved = [Seat(SEAT_NAMES[i], human=(i == 0), colour=i)
                     for i in range(self.info.max_players)], count
        self.seats: list[Seat] = list(saved[0])
        self.count: int = saved[1]
        super().__init__(ctx)

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"{self.info.name}: who is playing?"

    def build(self) -> None:
        g = self.group
        keep = g.index
        g.widgets = []
        counts = [str(n) for n in self.info.player_counts]
        top = 180
        g.widgets.append(Choice(pygame.Rect(560, top, 800, ROW_H), "Players", counts,
                                counts.index(str(self.count)), self._set_count, wrap=False))
        y = top + ROW_H + 24
        for i in range(self.count):
            seat = self.seats[i]
            g.widgets.append(SeatBadge(pygame.Rect(104, y, 76, ROW_H), self, i))
            g.widgets.append(Choice(pygame.Rect(190, y, 600, ROW_H), "Name", SEAT_NAMES,
                                    SEAT_NAMES.index(seat.name),
                                    lambda k, i=i: self._set(i, name=SEAT_NAMES[k]), split=0.36))
            g.widgets.append(Choice(pygame.Rect(810, y, 470, ROW_H), "Plays", ["Human", "AI"],
                                    0 if seat.human else 1,
                                    lambda k, i=i: self._set(i, human=(k == 0)), split=0.34))
            g.widgets.append(Choice(pygame.Rect(1300, y, 520, ROW_H), "AI level",
                                    [LEVEL_LABELS[lv] for lv in AI_LEVELS],
                                    AI_LEVELS.index(seat.level),
                                    lambda k, i=i: self._set(i, level=AI_LEVELS[k]),
                                    enabled=not seat.human, split=0.44))
            y += ROW_H + ROW_GAP
        self.note_y = y + 10
        start = Button(pygame.Rect(0, 0, 520, 96), "Start game", self.start, size=52)
        start.rect.midtop = (ui.CANVAS[0] // 2, max(y + 60, 800))
        g.widgets.append(start)
        g.index = keep if keep < len(g.widgets) else len(g.widgets) - 1
        if keep == 0 and not self.ctx.data.get(("seats", self.info.id)):
            g.focus(start)

    def _remember(self) -> None:
        self.ctx.data[("seats", self.info.id)] = (tuple(self.seats), self.count)

    def _set_count(self, index: int) -> None:
        self.count = self.info.min_players + index
        used: set[int] = set()
        for i, seat in enumerate(self.seats[:self.count]):  # a seat joining keeps colours unique
            if seat.colour in used:
                free = next(c for c in range(6) if c not in used)
                self.seats[i] = Seat(seat.name, seat.human, seat.level, free)
            used.add(self.seats[i].colour)
        self._remember()
        self.build()

    def _set(self, index: int, **changes) -> None:
        seat = self.seats[index]
        self.seats[index] = Seat(changes.get("name", seat.name), changes.get("human", seat.human),
                                 changes.get("level", seat.level), seat.colour)
        self._remember()
        if "human" in changes:
            self.build()

    def cycle_colour(self, index: int, delta: int) -> bool:
        """Give seat ``index`` the next colour (and shape) no other playing seat uses."""
        taken = {s.colour for i, s in enumerate(self.seats[:self.count]) if i != index}
        colour = self.seats[index].colour
        for _ in range(6):
            colour = (colour + delta) % 6
            if colour not in taken:
                seat = self.seats[index]
                self.seats[index] = Seat(seat.name, seat.human, seat.level, colour)
                self._remember()
                return True
        return False

    def match(self) -> Match:
        return Match(self.info.id, tuple(self.seats[:self.count]), self.ctx.options.seed)

    def start(self) -> None:
        from scenes.tables import make_table

        self._remember()
        self.ctx.stack.push(make_table(self.ctx, self.match()))

    def draw_content(self, surface) -> None:
        humans = sum(1 for s in self.seats[:self.count] if s.human)
        note = ("Everyone is AI: sit back and watch." if humans == 0 else
                f"{humans} human{'s' if humans > 1 else ''}, {self.count - humans} AI")
        txt = self.ctx.assets.text(note, 32, ui.TEXT_MUTED)
        surface.blit(txt, txt.get_rect(midtop=(ui.CANVAS[0] // 2, self.note_y)))
