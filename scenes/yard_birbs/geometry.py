"""Where things are on the Yard Birbs table, from its Tiled layout and a few counts.

Pure positions: nothing here reads sprites, the display model or the game, so the
refresh, the animations, the drawing and the human's picks all ask the same questions
with the counts they hold (a yard's columns, a flock's size) and get the same answers.
"""
from __future__ import annotations

import pygame

from game.layouts import Layout
from sprites import yard_birbs_cards as art

FW, FH = art.FULL
CW, CH = art.COMPACT
DECK_CARD = (48, 66)            # the deck pile's picture (48 px: a counter seen from the couch)
SHRINK = CW / FW                # a full card scaled to the compact card's width
COL_STEP = CW + 30              # room between flock columns when the yard is not crowded
ROW_STEP = 33                   # how much of each stacked card shows (its header band)
YARD_TOP = 56                   # the plate's name line; the yard starts below it
LABEL_H = 2 * art.LABEL_R + 6   # the flock labels' row above a yard's cards
TOKEN_ROW = 22                  # feeder: centre of the order-token row below its top

Pos = tuple[float, float]


class YardBirbsGeometry:
    def __init__(self, layout: Layout, num_players: int) -> None:
        self.layout = layout
        self.n = num_players

    def rect_of(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.get(name).rect)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.rect_of(f"seat{seat}")

    # -- the hand, the feeder, the Lifer, the deck -------------------------------------
    def hand_step(self, n: int) -> float:
        """How far apart the ``n`` cards of the hand lie (they overlap when many)."""
        a = self.rect_of("hand")
        return min(FW + 10, (a.w - FW) / max(n - 1, 1))

    def hand_pos(self, i: int, n: int) -> Pos:
        a = self.rect_of("hand")
        step = self.hand_step(n)
        total = FW + step * (n - 1)
        return a.x + (a.w - total) / 2 + FW / 2 + i * step, a.centery

    def slot_pos(self, slot: int) -> Pos:
        a = self.rect_of("feeder")
        step = min(FW + 12, a.w / self.n)
        return a.centerx + (slot - (self.n - 1) / 2) * step, a.y + 48 + FH / 2

    def token_home(self, place: int) -> Pos:
        a = self.rect_of("feeder")
        return a.centerx + (place - (self.n + 1) / 2) * 34, a.y + TOKEN_ROW

    def token_on_slot(self, slot: int) -> Pos:
        """A placed token lies on its card's lower right (and stays once the bird goes)."""
        x, y = self.slot_pos(slot)
        return x + FW / 2 - 26, y + FH / 2 - 30

    def lifer_pos(self) -> Pos:
        a = self.rect_of("lifer")
        return a.centerx, a.y + 36 + FH / 2

    def deck_pos(self) -> Pos:
        a = self.rect_of("deck")
        return a.x + 8 + DECK_CARD[0] / 2, a.centery

    def strip_rects(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The ability cards (one per player but one), top to bottom, and the 'No
        ability' button under them."""
        count = max(self.n - 1, 1)
        a = self.rect_of("abilities")
        gap = 8
        skip_h = 48
        h = int(min(56, (a.h - skip_h - gap * count) / max(count, 1)))
        rects = [pygame.Rect(a.x, a.y + i * (h + gap), a.w, h) for i in range(count)]
        skip = pygame.Rect(a.x + a.w // 4, a.y + count * (h + gap), a.w // 2, skip_h)
        return rects, skip

    # -- a seat's plate and its yard ---------------------------------------------------
    def plate_hand_pos(self, seat: int) -> Pos:
        """Where a seat's hidden hand is (cards fly to and from it as backs)."""
        r = self.seat_rect(seat)
        return r.right - 150, r.y + 30

    def yard_area(self, seat: int) -> pygame.Rect:
        r = self.seat_rect(seat)
        # 4 px under the cards: a top plate's column of four still shows every band
        return pygame.Rect(r.x + 14, r.y + YARD_TOP, r.w - 28, r.h - YARD_TOP - 4)

    def gain_pos(self, seat: int, cols: int, col: int, count: int) -> Pos:
        """Where a flock's '+3' starts, rising 30 px: on the bird of the column's last
        card (the one shown whole), never over a card's number and suit."""
        x, y = self.yard_card_pos(seat, cols, col, count - 1, count)
        return x, y + 30

    def col_step(self, seat: int, cols: int) -> float:
        area = self.yard_area(seat)
        return min(COL_STEP, (area.w - CW) / max(cols - 1, 1))

    def col_x(self, seat: int, col: int, cols: int) -> float:
        return self.yard_area(seat).x + CW / 2 + col * self.col_step(seat, cols)

    def row_step(self, seat: int, count: int) -> float:
        area = self.yard_area(seat)
        room = area.h - LABEL_H - CH
        return min(ROW_STEP, room / max(count - 1, 1))

    def yard_card_pos(self, seat: int, cols: int, col: int, row: int, count: int) -> Pos:
        """Card ``row`` of column ``col`` (of ``count`` cards) in a yard of ``cols`` columns."""
        area = self.yard_area(seat)
        step = self.row_step(seat, count)
        return self.col_x(seat, col, cols), area.y + LABEL_H + CH / 2 + row * step

    def pending_pos(self, seat: int, cols: int) -> Pos:
        """A bird awaiting its flock: alone in the yard's free last column."""
        return self.yard_card_pos(seat, cols, cols - 1, 0, 1)

    def col_rect(self, seat: int, cols: int, col: int, count: int) -> pygame.Rect:
        """A flock column (label and ``count`` cards), or the free column for a new flock."""
        area = self.yard_area(seat)
        step = self.col_step(seat, cols)
        x = self.col_x(seat, col, cols) - CW / 2
        bottom = self.yard_card_pos(seat, cols, col, count - 1, count)[1] + CH / 2
        width = CW if col == cols - 1 else min(CW, step - 4)
        return pygame.Rect(int(x), area.y, int(max(width, 24)), int(bottom - area.y))

    def col_band(self, seat: int, cols: int, col: int, count: int) -> pygame.Rect:
        """A column's full height: flock choices share one row for the d-pad (columns of
        different heights would otherwise sit on different lines) and for the mouse."""
        rect = self.col_rect(seat, cols, col, count)
        area = self.yard_area(seat)
        return pygame.Rect(rect.x, area.y, rect.w, area.h)
