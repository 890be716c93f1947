"""The end of a game: every seat's score explained, the winner(s), and what next.

The big number on each panel is what decided the game in that game's terms (points, or
CuBirds' species of 3+), with the rows that made it highlighted. For a moment the screen
takes no input, so a button pressed for the last move does not skip it.
"""
from __future__ import annotations

import pygame

from game.engine import State
from game.input import Act, Input
from game.session import Match
from scenes.base import MenuScene
from scenes.widgets import Button
from sprites import ui

ROW = 38
CALM = 1.0   # seconds before the screen listens (a button-masher cannot skip it)


class Results(MenuScene):
    def __init__(self, ctx, state: State, match: Match) -> None:
        self.state = state
        self.match = match
        self.winners = state.winners()
        self.breakdown = state.score_breakdown()
        self.scores = state.scores()
        self.outcome = state.outcome()
        self.deciding = [state.deciding(seat) for seat in range(match.num_players)]
        self.age = 0.0
        super().__init__(ctx)
        ctx.play("win")

    @property
    def prompts(self) -> tuple:  # type: ignore[override]
        return ((Act.CONFIRM, "Choose"), (Act.BACK, "Main menu")) if self.listening else ()

    @property
    def listening(self) -> bool:
        return self.age >= CALM

    def update(self, dt: float) -> None:
        self.age += dt

    def animating(self) -> bool:
        return not self.listening or super().animating()

    def handle(self, event: Input) -> bool:
        if not self.listening:
            return True   # swallowed: the last move's button presses are still coming
        return super().handle(event)

    def build(self) -> None:
        y = 850   # the buttons, then the prompt bar below them
        again = Button(pygame.Rect(ui.CANVAS[0] // 2 - 520, y, 480, 86), "Play again", self.again)
        menu = Button(pygame.Rect(ui.CANVAS[0] // 2 + 40, y, 480, 86), "Main menu", self.menu)
        self.group.widgets = [again, menu]

    def again(self) -> None:
        from dataclasses import replace
        from scenes.table.spec import make_table

        seed = None if self.match.seed is None else self.match.seed + 1
        self.ctx.stack.replace(make_table(self.ctx, replace(self.match, seed=seed)))

    def menu(self) -> None:
        from scenes.title import Title
        self.ctx.stack.reset(Title(self.ctx))

    def back(self) -> None:
        self.menu()

    def headline(self) -> str:
        return self.match.headline(self.winners)

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        head = a.text(self.headline(), 80, ui.ACCENT, "title")
        surface.blit(head, head.get_rect(center=(ui.CANVAS[0] // 2, ui.SAFE.top + 50)))
        if self.outcome:
            line = a.text(self.outcome, 36, ui.TEXT_MUTED)
            surface.blit(line, line.get_rect(center=(ui.CANVAS[0] // 2, ui.SAFE.top + 120)))
        n = self.match.num_players
        gap = 20
        width = (ui.SAFE.w - gap * (n - 1)) // n
        scores = self.scores
        for seat in range(n):
            rect = pygame.Rect(ui.SAFE.x + seat * (width + gap), 224, width, 600)
            won = seat in self.winners
            ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT if won else ui.PANEL, 24,
                                   ui.ACCENT if won else None, 5 if won else 0)
            colour = ui.SEAT_COLOURS[self.match.seats[seat].colour % 6]
            shape = ui.SEAT_SHAPES[self.match.seats[seat].colour % 6]
            ui.draw_shape(surface, shape, (rect.x + 44, rect.y + 50), 24, colour)
            label = self.match.seats[seat].name
            if len(self.match.humans) == 1 and self.match.seats[seat].human:
                label = f"{label} \u00b7 You"
            name = a.text_fit(label, 40, rect.w - 100, ui.TEXT, "title")
            surface.blit(name, name.get_rect(midleft=(rect.x + 80, rect.y + 50)))
            value, counts, keys = self.deciding[seat]
            total = a.text(value, 72, ui.ACCENT if won else ui.TEXT, "title")
            surface.blit(total, total.get_rect(midtop=(rect.centerx, rect.y + 80)))
            what = a.text_fit(counts + (" \u00b7 Winner" if won else ""), 30, rect.w - 40,
                              ui.ACCENT if won else ui.TEXT_MUTED, "bold")
            surface.blit(what, what.get_rect(midtop=(rect.centerx, rect.y + 166)))
            rows = self.breakdown[seat] if seat < len(self.breakdown) else []
            y = rect.y + 230
            bottom = rect.bottom - ROW - 6
            shown = 0
            for label, value in rows:
                key = label in keys    # a row that decided the game: gold, marked
                vt = a.text(str(value), 28, ui.ACCENT if key else ui.TEXT, "bold")
                lt = a.text(str(label), 28, ui.ACCENT if key else ui.TEXT_MUTED,
                            "bold" if key else "body")
                if key:
                    ui.draw_shape(surface, "star", (rect.x + 13, y + 16), 9, ui.ACCENT)
                two_lines = lt.get_width() + vt.get_width() + 60 > rect.w
                if y + (2 if two_lines else 1) * ROW > bottom + ROW:
                    break
                if two_lines:  # a narrow column: the label gets its own line, never cut
                    lt = a.text_fit(str(label), 28, rect.w - 48, ui.TEXT_MUTED)
                    surface.blit(lt, (rect.x + 24, y))
                    y += ROW - 6
                else:
                    surface.blit(lt, (rect.x + 24, y))
                surface.blit(vt, vt.get_rect(topright=(rect.right - 24, y)))
                y += ROW
                shown += 1
            max_rows = shown
            if len(rows) > max_rows:
                more = a.text(f"+{len(rows) - max_rows} more", 28, ui.TEXT_MUTED)
                surface.blit(more, (rect.x + 24, y))
