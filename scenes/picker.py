"""Choosing something on the table: hand cards, row ends, grid slots, on-table buttons.

A :class:`Picker` is the table's version of a menu: a list of options, each a rectangle
on the canvas and the value it stands for. The d-pad moves focus spatially, the mouse
hovers and clicks, CONFIRM picks, BACK steps back. The table draws the options however
suits the game; the picker draws only the focus ring, so one piece serves every game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game.input import Act, Input
from scenes.widgets import farthest, nearest
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context


@dataclass
class Option:
    rect: pygame.Rect
    value: object
    label: str = ""          # what CONFIRM will do, for the prompt ("Place on the left")
    enabled: bool = True     # shown but refused (e.g. a card that may not be played)
    ring: pygame.Rect | None = None  # where the focus ring goes, if not around the hit
    #                                  area (overlapping cards: a narrow strip to click,
    #                                  the whole card to ring)


class _Box:
    """Adapter so option rects work with the widgets' spatial search."""

    def __init__(self, option: Option) -> None:
        self.option = option
        self.rect = option.rect


class Picker:
    def __init__(self, options: Sequence[Option], on_pick: Callable[[object], object],
                 on_back: Callable[[], object] | None = None, initial: int = 0,
                 ctx: Context | None = None, radius: int = 18, rows: bool = False) -> None:
        self.options = list(options)
        self.rows = rows   # a grid: left and right never leave the focused option's row
        self.on_pick = on_pick
        self.on_back = on_back
        self.ctx = ctx
        self.radius = radius
        enabled = [i for i, o in enumerate(self.options) if o.enabled]
        self.index = initial if 0 <= initial < len(self.options) else (enabled[0] if enabled else 0)
        if self.options and not self.options[self.index].enabled and enabled:
            self.index = enabled[0]

    @property
    def focused(self) -> Option | None:
        return self.options[self.index] if self.options else None

    def _sound(self, name: str) -> None:
        if self.ctx is not None:
            self.ctx.play(name)

    def focus_value(self, value: object) -> None:
        for i, option in enumerate(self.options):
            if option.value == value:
                self.index = i
                return

    def at(self, pos) -> int | None:
        for i, option in enumerate(self.options):
            if option.rect.collidepoint(pos):
                return i
        return None

    def handle(self, event: Input) -> bool:
        if not self.options:
            return False
        act = event.act
        if act is Act.POINTER and event.pos is not None:
            hit = self.at(event.pos)
            if hit is not None and hit != self.index:
                self.index = hit
                self._sound("tap")
            return hit is not None
        if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            dx = {Act.LEFT: -1, Act.RIGHT: 1}.get(act, 0)
            dy = {Act.UP: -1, Act.DOWN: 1}.get(act, 0)
            self.move(dx, dy)
            return True
        if act is Act.CONFIRM:
            if event.pos is not None:
                hit = self.at(event.pos)
                if hit is None:
                    return False
                self.index = hit
            option = self.options[self.index]
            if not option.enabled:
                self._sound("error")
                return True
            self._sound("chirp")
            self.on_pick(option.value)
            return True
        if act is Act.BACK and self.on_back is not None:
            self._sound("tap")
            self.on_back()
            return True
        return False

    def move(self, dx: int, dy: int) -> None:
        here = self.options[self.index]
        boxes = [_Box(o) for i, o in enumerate(self.options) if i != self.index]
        if self.rows and dx:   # along the row only, over any gaps, round to its other end
            boxes = [b for b in boxes if b.rect.top < here.rect.centery < b.rect.bottom]
        target = nearest(here.rect, boxes, dx, dy) or farthest(here.rect, boxes, -dx, -dy)
        if target is not None:
            self.index = self.options.index(target.option)
            self._sound("tap")

    def draw(self, surface: pygame.Surface, t: float) -> None:
        option = self.focused
        if option is not None:
            ui.draw_focus_ring(surface, option.ring or option.rect, t, self.radius,
                               ui.ACCENT if option.enabled else ui.BAD)
