"""History's two charts, drawn in steps onto a picture of a given size: a person's
scores over time in one game, and their wins per game."""
from __future__ import annotations

import math
from typing import Iterator, Sequence

import pygame

from game.i18n import _, ngettext, pgettext
from game.store import ScorePoint, Stats
from scenes.history.words import game_name
from sprites import ui


def nice_top(value: float) -> tuple[int, int]:
    """An axis top at or above ``value`` and a tick step: (30, 10), (25, 5), (8, 2)."""
    value = max(value, 1)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value / step <= 5:
            return int(math.ceil(value / step) * step), step
    step = 10 ** int(math.log10(value))
    return int(math.ceil(value / step) * step), step


def finish(steps: Iterator[None]):
    """Run a picture's steps (see score_chart) to the end at once: its picture."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def score_chart(assets, size: tuple[int, int], title: str,
                points: Sequence[ScorePoint]) -> Iterator[None]:
    """Scores over time, oldest on the left; wins are gold stars, other games circles.
    Drawn in a few steps (a generator: each ``next()`` one of them, the picture its
    return value), so a frame never has to draw a whole chart."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    head = assets.text_fit(title, 36, w - 60, ui.TEXT, "bold")
    out.blit(head, (30, 22))
    plot = pygame.Rect(120, 140, w - 170, h - 260)
    if not points:
        msg = assets.text_block(_("No finished games here yet."), 34, plot.w, ui.TEXT_MUTED)
        out.blit(msg, msg.get_rect(center=plot.center))
        return out
    yield
    top, step = nice_top(max(p.score for p in points))
    for value in range(0, top + 1, step):
        y = plot.bottom - round(plot.h * value / top)
        pygame.draw.line(out, (60, 70, 96), (plot.x, y), (plot.right, y), 2)
        label = assets.text(str(value), 28, ui.TEXT_MUTED)
        out.blit(label, label.get_rect(midright=(plot.x - 14, y)))
    pygame.draw.line(out, ui.TEXT_MUTED, plot.bottomleft, plot.bottomright, 3)
    pygame.draw.line(out, ui.TEXT_MUTED, plot.bottomleft, plot.topleft, 3)
    axis = assets.text(_("Score"), 30, ui.TEXT_MUTED, "bold")
    out.blit(axis, axis.get_rect(bottomleft=(plot.x - 100, plot.y - 16)))
    n = len(points)
    span = max(n - 1, 1)
    xy = [(plot.x + 24 + round((plot.w - 48) * (i / span if n > 1 else 0.5)),
           plot.bottom - round(plot.h * p.score / top)) for i, p in enumerate(points)]
    if n > 1:
        pygame.draw.lines(out, ui.TEXT_MUTED, False, xy, 3)
    yield
    for k, ((x, y), p) in enumerate(zip(xy, points)):
        if k and k % 5 == 0:
            yield
        if p.won:
            ui.draw_shape(out, "star", (x, y), 15, ui.ACCENT)
        else:
            pygame.draw.circle(out, (20, 24, 34), (x, y), 10)
            pygame.draw.circle(out, ui.TEXT, (x, y), 10, 4)
    yield
    first = assets.text(pgettext("chart", "oldest"), 28, ui.TEXT_MUTED)
    last = assets.text(ngettext("newest  ({n} game)", "newest  ({n} games)", n).format(n=n), 28,
                       ui.TEXT_MUTED)
    out.blit(first, first.get_rect(midtop=(xy[0][0], plot.bottom + 12)))
    out.blit(last, last.get_rect(topright=(plot.right, plot.bottom + 12)))
    # the legend: a shape and a word for each kind of point
    y = h - 44
    ui.draw_shape(out, "star", (plot.x + 16, y), 15, ui.ACCENT)
    won = assets.text(pgettext("chart", "won"), 30, ui.TEXT)
    out.blit(won, won.get_rect(midleft=(plot.x + 40, y)))
    x = plot.x + 80 + won.get_width()
    pygame.draw.circle(out, ui.TEXT, (x, y), 10, 4)
    lost = assets.text(pgettext("chart", "did not win"), 30, ui.TEXT)
    out.blit(lost, lost.get_rect(midleft=(x + 24, y)))
    return out


def wins_chart(assets, size: tuple[int, int], title: str,
               stats: Sequence[Stats], games: Sequence[str]) -> Iterator[None]:
    """Per game, a hollow bar for the games played and a gold one inside it for wins
    (in steps, as score_chart)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    head = assets.text_fit(title, 36, w - 60, ui.TEXT, "bold")
    out.blit(head, (30, 22))
    by_game = {s.game_id: s for s in stats}
    most = max([s.played for s in stats] + [1])
    label_w, number_w = 290, 190
    bar_x, bar_w = 30 + label_w, w - 60 - label_w - number_w
    pitch = min(120, (h - 200) // max(len(games), 1))
    for i, game_id in enumerate(games):
        yield
        s = by_game.get(game_id)
        played, wins = (s.played, s.wins) if s else (0, 0)
        cy = 130 + i * pitch + pitch // 2
        name = assets.text_fit(game_name(game_id), 34, label_w - 20, ui.TEXT, "bold")
        out.blit(name, name.get_rect(midleft=(30, cy)))
        frame = pygame.Rect(bar_x, cy - 26, max(6, round(bar_w * played / most)), 52)
        if played:
            pygame.draw.rect(out, ui.TEXT_MUTED, frame, 3, border_radius=8)
        if wins:
            fill = pygame.Rect(bar_x, cy - 26, max(6, round(bar_w * wins / most)), 52)
            pygame.draw.rect(out, ui.ACCENT, fill.inflate(-8, -8), border_radius=6)
        number = assets.text(_("{wins} of {played}").format(wins=wins, played=played), 32, ui.TEXT)
        out.blit(number, number.get_rect(midleft=(w - 30 - number_w + 16, cy)))
    y = h - 44
    pygame.draw.rect(out, ui.ACCENT, (30, y - 14, 40, 28), border_radius=6)
    won = assets.text(pgettext("chart", "won"), 30, ui.TEXT)
    out.blit(won, won.get_rect(midleft=(80, y)))
    x = 110 + won.get_width()
    pygame.draw.rect(out, ui.TEXT_MUTED, (x, y - 16, 40, 32), 3, border_radius=8)
    played = assets.text(pgettext("chart", "played"), 30, ui.TEXT)
    out.blit(played, played.get_rect(midleft=(x + 50, y)))
    return out
