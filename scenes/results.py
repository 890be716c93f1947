"""The end of a game: every seat's score explained, the winner(s), and what next.

The big number on each panel is what decided the game in that game's terms (points, or
CuBirds' species of 3+), with the rows that made it highlighted. The scores stay until a
deliberate choice: for a moment the screen takes no input; focus starts on a score panel,
where a confirm does nothing; and a key held since before the screen listened (or its
repeats) is ignored, so Enter pressed on and on from the last move never deals again.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine import State
from game.i18n import N_, _, ngettext
from game.input import Act, Input
from game.session import Match
from game.store import Highlight
from scenes.base import PROMPT_Y, MenuScene
from scenes.openers import watch_replay
from scenes.widgets import Button, Widget
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context

ROW = 38
CALM = 1.0   # seconds before the screen listens (a button-masher cannot skip it)


def highlight_lines(h: Highlight | None) -> list[tuple[str, bool]]:
    """What a seat's panel celebrates: (line, gold?) -- a new best score (and the one it
    beat) and a winning streak of two or more in this game."""
    if h is None:
        return []
    lines = []
    if h.new_best:
        lines.append((_("New best! (was {score})").format(score=h.previous_best), True))
    if h.streak >= 2:
        lines.append((ngettext("{n} win in a row", "{n} wins in a row", h.streak)
                      .format(n=h.streak), True))
    return lines


class ScorePanel(Widget):
    """A seat's score panel as a place for focus to rest: where focus starts, so a
    confirm pressed out of habit lands on something that does nothing (the panel itself
    is painted by :meth:`Results.draw_content`; this draws only the focus ring)."""

    def __init__(self, rect: pygame.Rect, seat: int) -> None:
        super().__init__(rect)
        self.seat = seat

    def draw(self, surface, assets, focused, t) -> None:
        if focused:
            ui.draw_focus_ring(surface, self.rect, t, 24)


class Results(MenuScene):
    def __init__(self, ctx: Context, state: State, match: Match,
                 match_id: int | None = None) -> None:
        self.state = state
        self.match = match
        self.match_id = match_id   # the store's record of this match (None: not saved)
        self.highlights = {h.seat: h for h in ctx.store.highlights(match_id)}
        self.message = ""
        self.winners = state.winners()
        self.breakdown = state.score_breakdown()
        self.scores = state.scores()
        self.outcome = state.outcome()
        self.deciding = [state.deciding(seat) for seat in range(match.num_players)]
        self.age = 0.0
        self.fresh: set[tuple[str, Act]] = set()   # (device, act) pressed since listening
        super().__init__(ctx)
        ctx.play("win")

    @property
    def prompts(self) -> tuple:  # type: ignore[override]
        if not self.listening:
            return ()
        if isinstance(self.group.focused, ScorePanel):
            return ((Act.DOWN, N_("Play again or leave")), (Act.BACK, N_("Main menu")))
        return ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Main menu")))

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
        if event.repeat and (event.device, event.act) not in self.fresh:
            return True   # a key held down since before the scores could be read
        if not event.repeat:
            self.fresh.add((event.device, event.act))
        return super().handle(event)

    def panel_rect(self, seat: int) -> pygame.Rect:
        n = self.match.num_players
        gap = 20
        width = (ui.SAFE.w - gap * (n - 1)) // n
        return pygame.Rect(ui.SAFE.x + seat * (width + gap), 224, width, 600)

    def build(self) -> None:
        """The score panels (focus starts on the viewer's, or the winner's), then the
        buttons under them."""
        panels = [ScorePanel(self.panel_rect(seat), seat)
                  for seat in range(self.match.num_players)]
        humans = self.match.humans
        start = humans[0] if len(humans) == 1 else (self.winners or [0])[0]
        y = 850   # the buttons, then the prompt bar below them
        labels = [(_("Play again"), self.again), (_("Main menu"), self.menu)]
        if self.match_id is not None:
            labels.insert(1, (_("Watch replay"), self.watch))
        w, gap = (480, 80) if len(labels) == 2 else (440, 40)
        x = ui.CANVAS[0] // 2 - (len(labels) * w + (len(labels) - 1) * gap) // 2
        self.group.widgets = panels + [Button(pygame.Rect(x + i * (w + gap), y, w, 86), label, fn)
                                       for i, (label, fn) in enumerate(labels)]
        self.group.focus(panels[start])

    def watch(self) -> None:
        if self.match_id is not None:
            self.message = watch_replay(self.ctx, self.match_id)

    def again(self) -> None:
        seed = None if self.match.seed is None else self.match.seed + 1
        self.ctx.go("table", replace(self.match, seed=seed), how="replace")

    def menu(self) -> None:
        self.ctx.go("title", how="reset")

    def back(self) -> None:
        self.menu()

    def headline(self) -> str:
        return self.match.headline(self.winners)

    def draw_content(self, surface) -> None:
        a = self.ctx.assets
        if self.match_id is not None:   # the number History shows and --replay takes
            number = a.text(_("Replay: match {number}").format(number=self.match_id), 30, ui.TEXT_MUTED)
            surface.blit(number, number.get_rect(midleft=(ui.SAFE.x, PROMPT_Y - 26)))
        head = a.text(self.headline(), 80, ui.ACCENT, "title")
        surface.blit(head, head.get_rect(center=(ui.CANVAS[0] // 2, ui.SAFE.top + 50)))
        if self.message:
            line = a.text(self.message, 36, ui.BAD, "bold")
            surface.blit(line, line.get_rect(center=(ui.CANVAS[0] // 2, ui.SAFE.top + 120)))
        elif self.outcome:
            line = a.text(self.outcome, 36, ui.TEXT_MUTED)
            surface.blit(line, line.get_rect(center=(ui.CANVAS[0] // 2, ui.SAFE.top + 120)))
        for seat in range(self.match.num_players):
            rect = self.panel_rect(seat)
            won = seat in self.winners
            ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT if won else ui.PANEL, 24,
                                   ui.ACCENT if won else None, 5 if won else 0)
            colour = ui.SEAT_COLOURS[self.match.seats[seat].colour % 6]
            shape = ui.SEAT_SHAPES[self.match.seats[seat].colour % 6]
            ui.draw_shape(surface, shape, (rect.x + 44, rect.y + 50), 24, colour)
            label = self.match.seats[seat].name
            if len(self.match.humans) == 1 and self.match.seats[seat].human:
                label = _("{name} \u00b7 You").format(name=label)
            name = a.text_fit(label, 40, rect.w - 100, ui.TEXT, "title")
            surface.blit(name, name.get_rect(midleft=(rect.x + 80, rect.y + 50)))
            value, counts, keys = self.deciding[seat]
            total = a.text(value, 72, ui.ACCENT if won else ui.TEXT, "title")
            surface.blit(total, total.get_rect(midtop=(rect.centerx, rect.y + 80)))
            what = a.text_fit(_("{counts} \u00b7 Winner").format(counts=counts) if won else counts,
                              30, rect.w - 40,
                              ui.ACCENT if won else ui.TEXT_MUTED, "bold")
            surface.blit(what, what.get_rect(midtop=(rect.centerx, rect.y + 166)))
            rows = self.breakdown[seat] if seat < len(self.breakdown) else []
            limit = self._draw_highlights(surface, rect, seat) - 6
            self._draw_rows(surface, rect, rows, keys, rect.y + 230, limit)

    def _draw_rows(self, surface, rect: pygame.Rect, rows, keys, y: int, limit: int) -> None:
        """A seat's score rows from ``y`` down to ``limit``; the rows that do not fit are
        counted on a '+N more' line, which fits too."""
        a = self.ctx.assets
        laid = []
        for label, value in rows:
            key = label in keys    # a row that decided the game: gold, marked
            vt = a.text(str(value), 28, ui.ACCENT if key else ui.TEXT, "bold")
            lt = a.text(str(label), 28, ui.ACCENT if key else ui.TEXT_MUTED,
                        "bold" if key else "body")
            if lt.get_width() + vt.get_width() + 60 > rect.w:
                # a narrow column: the label gets its own line, never cut
                lt = a.text_fit(str(label), 28, rect.w - 48, ui.TEXT_MUTED)
                laid.append((key, lt, vt, ROW - 6))
            else:
                laid.append((key, lt, vt, 0))
        # the rows that decided the game first, then the others in order, as many as fit
        # (with room for the '+N more' line when some are left out)
        order = ([i for i, row in enumerate(laid) if row[0]]
                 + [i for i, row in enumerate(laid) if not row[0]])
        room = limit - y
        shown: set[int] = set()
        for i in order:
            need = sum(ROW + laid[j][3] for j in shown | {i})
            if need + (ROW if len(shown) + 1 < len(laid) else 0) > room:
                break
            shown.add(i)
        for i in sorted(shown):
            key, lt, vt, extra = laid[i]
            if key:
                ui.draw_shape(surface, "star", (rect.x + 13, y + 16), 9, ui.ACCENT)
            surface.blit(lt, (rect.x + 24, y))
            y += extra
            surface.blit(vt, vt.get_rect(topright=(rect.right - 24, y)))
            y += ROW
        count = len(shown)
        if count < len(laid):
            more = a.text(ngettext("+{n} more", "+{n} more", len(laid) - count)
                          .format(n=len(laid) - count), 28, ui.TEXT_MUTED)
            surface.blit(more, (rect.x + 24, y))

    def _draw_highlights(self, surface, rect: pygame.Rect, seat: int) -> int:
        """The seat's highlights at the foot of its panel; returns where they begin (the
        score rows above stop there, so nothing overlaps)."""
        a = self.ctx.assets
        lines = []
        for text, gold in highlight_lines(self.highlights.get(seat)):
            if a.text(text, 30, ui.ACCENT, "bold").get_width() > rect.w - 80 and " (" in text:
                first, rest = text.split(" (", 1)     # a narrow panel: "(was 21)" below
                lines += [(first, gold), ("(" + rest, False)]
            else:
                lines.append((text, gold))
        if not lines:
            return rect.bottom
        top = rect.bottom - 16 - len(lines) * ROW
        pygame.draw.line(surface, ui.ACCENT_DARK, (rect.x + 20, top - 8),
                         (rect.right - 20, top - 8), 2)
        for i, (text, gold) in enumerate(lines):
            y = top + i * ROW
            if gold:
                ui.draw_shape(surface, "star", (rect.x + 34, y + ROW // 2), 12, ui.ACCENT)
            line = a.text_fit(text, 30, rect.w - 80, ui.ACCENT if gold else ui.TEXT_MUTED,
                              "bold" if gold else "body")
            surface.blit(line, line.get_rect(midleft=(rect.x + 56, y + ROW // 2)))
        return top - 12
