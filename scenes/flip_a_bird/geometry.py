"""Where things are on the Flip a Bird table, from its Tiled layout and a few counts.

Pure positions: nothing here reads sprites or the game, so the animations, the drawing
and the human's picks all ask the same questions and get the same answers.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from game.layouts import Layout
from sprites.flip_a_bird_cards import CARD, MINI, PIP, SMALL, TIP, TIP_BIG, TIP_MINI

ROW_GAP = 14          # between row cards when there is room
MIN_STEP = 58         # a squeezed row still shows this much of every card (number, shape)
HAND_GAP = 26
SECRET_BAND = pygame.Rect(470, 712, 786, 244)   # the secret tip panels: below the bottom
SECRET_GAP = 12                                 # plate's row, left of the log
SCORE_X = 124          # the score's left edge on a plate, right of two hand backs
TIP_ON_PLATE = 0.8     # a tip played in a claim, on its plate: clear of the counters

Point = tuple[float, float]


class FlipABirdGeometry:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    def rect_of(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.get(name).rect)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.rect_of(f"seat{seat}")

    # -- the row and the hand ----------------------------------------------------------
    def row_layout(self, n: int) -> tuple[list[Point], tuple[int, int], float]:
        """Centres of ``n`` row cards, their size and the visible strip of each card.

        Up to eight cards sit side by side; more squeeze together (every card keeps at
        least MIN_STEP px showing: its number and shape); past that the row wraps onto
        two lines of smaller cards. It never leaves its box.
        """
        area = self.rect_of("row")
        if n <= 0:
            return [], CARD, CARD[0]
        cw, ch = CARD
        room = area.w - 24
        step = cw + ROW_GAP if n * cw + (n - 1) * ROW_GAP <= room else (room - cw) / max(n - 1, 1)
        if step >= MIN_STEP:
            total = cw + step * (n - 1)
            x0 = area.centerx - total / 2 + cw / 2
            return [(x0 + i * step, area.centery) for i in range(n)], CARD, min(step, cw)
        sw, sh = SMALL
        per = math.ceil(n / 2)
        step = min(sw + 10, (room - sw) / max(per - 1, 1))
        out = []
        for line, count in enumerate((per, n - per)):
            total = sw + step * (count - 1)
            x0 = area.centerx - total / 2 + sw / 2
            y = area.centery + (line - 0.5) * (sh + 6)
            out += [(x0 + i * step, y) for i in range(count)]
        return out, SMALL, min(step, sw)

    @staticmethod
    def visible_parts(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
        """The part of each overlapping row card that shows (what hover and click hit):
        a card is cut where the next one on its line begins."""
        out = []
        for i, r in enumerate(rects):
            nxt = rects[i + 1] if i + 1 < len(rects) else None
            if nxt is not None and abs(nxt.centery - r.centery) < 4 and nxt.x < r.right:
                r = pygame.Rect(r.x, r.y, max(nxt.x - r.x, 8), r.h)
            out.append(r)
        return out

    def hand_layout(self, n: int) -> list[Point]:
        area = self.rect_of("hand")
        step = CARD[0] + HAND_GAP
        x0 = area.centerx - step * (n - 1) / 2
        return [(x0 + i * step, area.centery) for i in range(n)]

    # -- the pile and the buttons --------------------------------------------------------
    def pile_center(self) -> tuple[int, int]:
        a = self.layout.get("pile")
        return a.x + a.w // 2, a.y + CARD[1] // 2 + 8

    def pile_rect(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), CARD)
        r.center = self.pile_center()
        return r

    def claim_rect(self) -> pygame.Rect:
        return self.rect_of("claim")

    def tip_button_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The human's big red and green tip cards, where the hand lies."""
        area = self.rect_of("hand")
        red = pygame.Rect((0, 0), TIP_BIG)
        green = pygame.Rect((0, 0), TIP_BIG)
        red.center = (area.centerx - 130, area.centery - 26)
        green.center = (area.centerx + 130, area.centery - 26)
        return red, green

    def confirm_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The claim's question panel over the hand, its Claim! and Back buttons."""
        area = self.rect_of("hand")
        panel = area.inflate(-20, -30)
        yes = pygame.Rect(0, 0, 240, 74)
        no = pygame.Rect(0, 0, 240, 74)
        yes.midbottom = (panel.centerx - 140, panel.bottom - 22)
        no.midbottom = (panel.centerx + 140, panel.bottom - 22)
        return panel, yes, no

    @staticmethod
    def secret_panels(count: int) -> list[pygame.Rect]:
        """One panel per person tipping in secret, side by side."""
        band, gap = SECRET_BAND, SECRET_GAP
        w = min(380, (band.w - gap * (count - 1)) // max(count, 1))
        x = band.centerx - (w * count + gap * (count - 1)) // 2
        return [pygame.Rect(x + k * (w + gap), band.y, w, band.h) for k in range(count)]

    # -- seat plates -------------------------------------------------------------------
    # A plate: the name; then the hand backs, the score and the two tip cards; then the
    # won pile's colour counters. Everything on it is 48 px or more across.
    @staticmethod
    def hand_back_spot(plate: pygame.Rect, i: int, n: int = 2) -> tuple[int, int]:
        """Where the ``i``-th of ``n`` hand backs sits on a plate: side by side, closing
        up for a third card held for a moment during a turn (the score stays clear)."""
        step = min(MINI[0] + 4, (SCORE_X - 4 - 16 - MINI[0]) / max(n - 1, 1))
        return plate.x + 16 + MINI[0] // 2 + int(i * step), plate.y + 58 + MINI[1] // 2

    @staticmethod
    def tip_spot(plate: pygame.Rect) -> tuple[int, int]:
        """Where a tip played in a claim lies on its plate: the tip cards' corner."""
        return plate.right - 12 - int(TIP[0] * TIP_ON_PLATE) // 2, plate.y + 92

    @staticmethod
    def idle_tip_rects(plate: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The seat's red and green tip cards waiting side by side at the right."""
        green = pygame.Rect((0, 0), TIP_MINI)
        green.topright = (plate.right - 12, plate.y + 58)
        return green.move(-TIP_MINI[0] - 4, 0), green

    @staticmethod
    def pip_rects(plate: pygame.Rect) -> list[pygame.Rect]:
        """The won pile's four colour counters and the specials' counter."""
        return [pygame.Rect(plate.x + 16 + i * (PIP + 2), plate.y + 132, PIP, PIP) for i in range(5)]

    def plate_hand_pos(self, seat: int, i: int, n: int = 2) -> tuple[int, int]:
        return self.hand_back_spot(self.seat_rect(seat), i, n)

    def plate_tip_pos(self, seat: int) -> tuple[int, int]:
        return self.tip_spot(self.seat_rect(seat))

    def plate_won_pos(self, seat: int) -> tuple[int, int]:
        return self.pip_rects(self.seat_rect(seat))[2].center
