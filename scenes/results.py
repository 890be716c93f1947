"""The end of a game: every seat's score explained, the winner(s), and what next."""
from __future__ import annotations

import pygame

from game.engine import State
from game.session import Match
from scenes.base import MenuScene
from scenes.widgets import Button
from sprites import ui

ROW = 38


class Results(MenuScene):
    prompts = ()

    def __init__(self, ctx, state: State, match: Match) -> None:
        self.state = state
        self.match = match
        self.winners = state.winners()
        self.breakdown = state.score_breakdown()
        self.scores = state.scores()
        self.outcome = state.outcome()
        super().__init__(ctx)
        ctx.play("win")

    def build(self) -> None:
        y = 930
        again = Button(pygame.Rect(ui.CANVAS[0] // 2 - 520, y, 480, 90), "Play again", self.again)
        menu = Button(pygame.Rect(ui.CANVAS[0] // 2 + 40, y, 480, 90), "Main menu", self.menu)
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
            rect = pygame.Rect(ui.SAFE.x + seat * (width + gap), 230, width, 660)
            won = seat in self.winners
            ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT if won else ui.PANEL, 24,
                                   ui.ACCENT if won else None, 5 if won else 0)
            colour = ui.SEAT_COLOURS[self.match.seats[seat].colour % 6]
            shape = ui.SEAT_SHAPES[self.match.seats[seat].colour % 6]
            ui.draw_shape(surface, shape, (rect.x + 44, rect.y + 50), 24, colour)
            name = a.text_fit(self.match.seats[seat].name, 40, rect.w - 100, ui.TEXT, "title")
            surface.blit(name, name.get_rect(midleft=(rect.x + 80, rect.y + 50)))
            total = a.text(str(scores[seat]), 72, ui.ACCENT if won else ui.TEXT, "title")
            surface.blit(total, total.get_rect(midtop=(rect.centerx, rect.y + 90)))
            if won:
                crown = a.text("Winner", 32, ui.ACCENT, "bold")
                surface.blit(crown, crown.get_rect(midtop=(rect.centerx, rect.y + 172)))
            rows = self.breakdown[seat] if seat < len(self.breakdown) else []
            y = rect.y + 230
            bottom = rect.bottom - ROW - 6
            shown = 0
            for label, value in rows:
                vt = a.text(str(value), 28, ui.TEXT, "bold")
                lt = a.text(str(label), 28, ui.TEXT_MUTED)
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
