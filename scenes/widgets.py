"""Focusable widgets and spatial focus movement, shared by every menu.

One :class:`FocusGroup` per screen: the d-pad or arrows move focus to the nearest widget
in that direction, the mouse focuses what it hovers and confirms what it clicks, and
left/right adjust a focused choice or slider instead of moving. Exactly one widget is in
focus, drawn lifted with the breathing ring, so it is obvious from the couch.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game.input import Act, Input
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context

BODY = 36
SMALL = 30


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled

    def activate(self) -> bool:
        """CONFIRM pressed on it; False if nothing happened (disabled)."""
        return False

    def adjust(self, delta: int) -> bool:
        """LEFT/RIGHT while focused; True if the widget used it."""
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """Mouse click inside the widget (defaults to activate)."""
        return self.activate()

    def draw(self, surface: pygame.Surface, assets, focused: bool, t: float) -> None:
        raise NotImplementedError


class Button(Widget):
    def __init__(self, rect, label: str, on_press: Callable[[], object] | None = None,
                 subtitle: str | None = None, enabled: bool = True, size: int = 44) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_press = on_press
        self.subtitle = subtitle
        self.size = size

    def activate(self) -> bool:
        if not self.enabled or self.on_press is None:
            return False
        self.on_press()
        return True

    def draw(self, surface, assets, focused, t) -> None:
        rect = self.rect.move(0, -6) if focused else self.rect
        colour = ui.PANEL_LIGHT if focused else ui.PANEL
        ui.draw_shadowed_panel(surface, rect, colour, 22)
        text_colour = ui.TEXT if self.enabled else ui.TEXT_DIM
        label = assets.text(self.label, self.size, text_colour, "bold")
        if self.subtitle:
            sub = assets.text(self.subtitle, SMALL, ui.TEXT_MUTED)
            total = label.get_height() + sub.get_height()
            top = rect.centery - total // 2
            surface.blit(label, label.get_rect(midtop=(rect.centerx, top)))
            surface.blit(sub, sub.get_rect(midtop=(rect.centerx, top + label.get_height())))
        else:
            surface.blit(label, label.get_rect(center=rect.center))
        if focused:
            ui.draw_focus_ring(surface, rect, t, 22)


class Choice(Widget):
    """'Label   < value >': LEFT/RIGHT (or clicking an arrow) cycles the options."""

    def __init__(self, rect, label: str, options: Sequence[str], index: int,
                 on_change: Callable[[int], object] | None = None, enabled: bool = True,
                 wrap: bool = True, split: float = 0.55) -> None:
        super().__init__(rect, enabled)
        self.split = split  # where the value area starts, as a fraction of the width
        self.label = label
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.wrap = wrap

    @property
    def value(self) -> str:
        return self.options[self.index]

    def adjust(self, delta: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return False
        new = self.index + delta
        if self.wrap:
            new %= len(self.options)
        new = max(0, min(len(self.options) - 1, new))
        if new != self.index:
            self.index = new
            if self.on_change:
                self.on_change(new)
        return True

    def activate(self) -> bool:
        return self.adjust(1)

    def click(self, pos) -> bool:
        value_left = self.rect.x + int(self.rect.w * self.split)
        if pos[0] < value_left + 50:
            return self.adjust(-1)
        return self.adjust(1)

    def draw(self, surface, assets, focused, t) -> None:
        rect = self.rect.move(0, -4) if focused else self.rect
        ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT if focused else ui.PANEL, 18)
        colour = ui.TEXT if self.enabled else ui.TEXT_DIM
        label = assets.text(self.label, BODY, colour, "bold")
        surface.blit(label, label.get_rect(midleft=(rect.x + 28, rect.centery)))
        self._draw_value(surface, assets, rect, colour)
        if focused:
            ui.draw_focus_ring(surface, rect, t, 18)

    def _draw_value(self, surface, assets, rect, colour) -> None:
        left = rect.x + int(rect.w * self.split)
        right = rect.right - 28
        value = assets.text(self.value, BODY, colour)
        surface.blit(value, value.get_rect(center=((left + right) // 2, rect.centery)))
        if self.enabled and len(self.options) > 1:
            _arrow(surface, (left + 14, rect.centery), -1, ui.ACCENT)
            _arrow(surface, (right - 14, rect.centery), 1, ui.ACCENT)


class Slider(Choice):
    """A 0..10 level shown as a bar (volumes)."""

    def __init__(self, rect, label: str, value: float, on_change: Callable[[float], object]) -> None:
        steps = [f"{i * 10}%" for i in range(11)]
        super().__init__(rect, label, steps, round(value * 10), lambda i: on_change(i / 10),
                         wrap=False)

    def _draw_value(self, surface, assets, rect, colour) -> None:
        left = rect.x + int(rect.w * self.split) + 40
        right = rect.right - 150
        bar = pygame.Rect(left, rect.centery - 10, right - left, 20)
        pygame.draw.rect(surface, (20, 24, 34), bar, border_radius=10)
        fill = bar.copy()
        fill.w = int(bar.w * self.index / 10)
        if fill.w:
            pygame.draw.rect(surface, ui.ACCENT, fill, border_radius=10)
        pygame.draw.rect(surface, ui.TEXT_MUTED, bar, 2, border_radius=10)
        value = assets.text(self.value, BODY, colour)
        surface.blit(value, value.get_rect(midright=(rect.right - 28, rect.centery)))
        _arrow(surface, (left - 22, rect.centery), -1, ui.ACCENT)


def _arrow(surface, center, direction: int, colour) -> None:
    x, y = center
    pts = [(x + 10 * direction, y), (x - 8 * direction, y - 13), (x - 8 * direction, y + 13)]
    pygame.draw.polygon(surface, colour, pts)


class FocusGroup:
    """The focusable things on one screen and which of them has focus."""

    def __init__(self, widgets: Sequence[Widget] = (), wrap: bool = True,
                 ctx: Context | None = None) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index = 0
        self.wrap = wrap
        self.ctx = ctx

    @property
    def focused(self) -> Widget | None:
        if not self.widgets:
            return None
        self.index = max(0, min(self.index, len(self.widgets) - 1))
        return self.widgets[self.index]

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.index = self.widgets.index(widget)

    def _sound(self, name: str) -> None:
        if self.ctx is not None:
            self.ctx.play(name)

    def handle(self, event: Input) -> bool:
        act = event.act
        current = self.focused
        if current is None:
            return False
        if act is Act.POINTER and event.pos is not None:
            hit = self.at(event.pos)
            if hit is not None and hit is not current:
                self.focus(hit)
                self._sound("tap")
            return hit is not None
        if act is Act.CONFIRM:
            if event.pos is not None:
                hit = self.at(event.pos)
                if hit is None:
                    return False
                self.focus(hit)
                ok = hit.click(event.pos)
            else:
                ok = current.activate()
            self._sound("chirp" if ok else "error")
            return True
        if act in (Act.LEFT, Act.RIGHT):
            if current.adjust(-1 if act is Act.LEFT else 1):
                self._sound("tap")
                return True
            return self.move(-1 if act is Act.LEFT else 1, 0)
        if act in (Act.UP, Act.DOWN):
            return self.move(0, -1 if act is Act.UP else 1)
        return False

    def at(self, pos) -> Widget | None:
        for widget in self.widgets:
            if widget.focusable and widget.rect.collidepoint(pos):
                return widget
        return None

    def move(self, dx: int, dy: int) -> bool:
        """Focus the nearest widget in direction (dx, dy); wrap around at the edge."""
        current = self.focused
        if current is None:
            return False
        target = nearest(current.rect, [w for w in self.widgets if w is not current
                                        and w.focusable], dx, dy)
        if target is None and self.wrap:
            target = farthest(current.rect, [w for w in self.widgets if w is not current
                                             and w.focusable], -dx, -dy)
        if target is None:
            return True  # consumed: at the edge, focus stays
        self.focus(target)
        self._sound("tap")
        return True

    def draw(self, surface: pygame.Surface, assets, t: float) -> None:
        current = self.focused
        for widget in self.widgets:
            if widget is not current:
                widget.draw(surface, assets, False, t)
        if current is not None:
            current.draw(surface, assets, True, t)


def nearest(origin: pygame.Rect, widgets, dx: int, dy: int):
    """The closest widget whose centre lies in the direction (dx, dy) from ``origin``."""
    ox, oy = origin.center
    best, best_score = None, math.inf
    for widget in widgets:
        wx, wy = widget.rect.center
        along = (wx - ox) * dx + (wy - oy) * dy
        across = abs((wx - ox) * dy) + abs((wy - oy) * dx)
        if along <= 0 or across > along * 2.5 + 40:
            continue
        score = along + across * 2
        if score < best_score:
            best, best_score = widget, score
    return best


def farthest(origin: pygame.Rect, widgets, dx: int, dy: int):
    """For wrapping: the widget farthest in direction (dx, dy), preferring the same line."""
    ox, oy = origin.center
    best, best_score = None, -math.inf
    for widget in widgets:
        wx, wy = widget.rect.center
        along = (wx - ox) * dx + (wy - oy) * dy
        across = abs((wx - ox) * dy) + abs((wy - oy) * dx)
        if along <= 0:
            continue
        score = along - across * 3
        if score > best_score:
            best, best_score = widget, score
    return best
