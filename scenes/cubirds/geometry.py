"""Where things are on the CuBirds table, from its Tiled layout and a few counts.

Pure positions: nothing here reads sprites or the game, so the animations, the drawing
and the human's picks all ask the same questions and get the same answers.
"""
from __future__ import annotations

import pygame

from game.cubirds.cards import NUM_ROWS, SPECIES
from game.cubirds.rules import LEFT
from game.layouts import Layout
from sprites import cubirds_cards as art
from sprites.card import LIFT_PX

W, H = art.CARD
PITCH = W + 8            # card spacing in a row before it has to close up
ROW_GAP = 12             # between a row's end card and the landing slot beside it
GHOST_STEP = 22          # several ghost cards fan outward from the slot
FAN = 34                 # overlap step inside a hand group
GROUP_GAP = 26           # between hand groups
CHIP_PITCH = 84         # between collection badges on a plate
CHIP_X, CHIP_Y = 76, 58  # the first badge's top left on a plate
HAND_AT = (14, 60)       # the hand size's top left on a plate

Groups = list[tuple[str, int]]   # the hand as (species, count), in species order


class CuBirdsGeometry:
    def __init__(self, layout: Layout, num_players: int) -> None:
        self.layout = layout
        self.num_players = num_players

    def rect_of(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.get(name).rect)

    def seat_rect(self, seat: int) -> pygame.Rect:
        """A seat's plate (the table's SeatedLayout turns the seats round so that whoever's
        hand is on show sits at the bottom, beside it)."""
        return self.rect_of(f"seat{seat}")

    # -- rows ----------------------------------------------------------------------------
    def fence(self, r: int) -> pygame.Rect:
        row = self.rect_of(f"row{r}")
        return pygame.Rect(row.x + 56, row.y, row.w - 56, row.h)

    def row_centres(self, r: int, n: int) -> list[tuple[int, int]]:
        f = self.fence(r)
        cy = f.centery
        if n <= 0:
            return []
        room = f.w - 2 * (W + ROW_GAP + 2 * GHOST_STEP)
        pitch = PITCH
        if W + pitch * (n - 1) > room:
            pitch = max(24, (room - W) / max(n - 1, 1))
        width = W + pitch * (n - 1)
        x0 = f.centerx - width / 2 + W / 2
        return [(int(x0 + i * pitch), cy) for i in range(n)]

    def end_slot(self, r: int, side: str, n: int) -> pygame.Rect:
        """The landing place just beyond one end of row ``r`` (of ``n`` cards)."""
        centres = self.row_centres(r, n)
        f = self.fence(r)
        if not centres:
            cx = f.centerx - (W + ROW_GAP) // 2 if side == LEFT else f.centerx + (W + ROW_GAP) // 2
        elif side == LEFT:
            cx = centres[0][0] - W - ROW_GAP
        else:
            cx = centres[-1][0] + W + ROW_GAP
        rect = pygame.Rect(0, 0, W, H)
        rect.center = (cx, f.centery)
        return rect

    def ghost_positions(self, r: int, side: str, count: int, n: int) -> list[tuple[int, int]]:
        """Where ``count`` birds about to land at one end of row ``r`` are previewed."""
        slot = self.end_slot(r, side, n)
        step = -GHOST_STEP if side == LEFT else GHOST_STEP
        return [(slot.centerx + i * step, slot.centery) for i in range(count)]

    def fan_centre(self) -> tuple[int, int]:
        """Where a completed flock fans out: the middle of the rows."""
        a, b = self.fence(0), self.fence(NUM_ROWS - 1)
        return (a.centerx, (a.y + b.bottom) // 2)

    # -- the hand ------------------------------------------------------------------------
    def hand_centres(self, groups: Groups) -> dict[str, list[tuple[int, int]]]:
        area = self.rect_of("hand")
        cy = area.y + 22 + H // 2
        if not groups:
            return {}
        fan, gap = FAN, GROUP_GAP
        extra = sum(n - 1 for _, n in groups)
        total = len(groups) * W + extra * fan + gap * (len(groups) - 1)
        if total > area.w:
            gap = 12
            fan = max(8, (area.w - len(groups) * W - gap * (len(groups) - 1)) / max(extra, 1))
            total = len(groups) * W + extra * fan + gap * (len(groups) - 1)
        if total > area.w and len(groups) > 1:   # every species at once: groups close up
            gap = (area.w - len(groups) * W - extra * fan) / (len(groups) - 1)
            total = area.w
        x = area.centerx - total / 2 + W / 2
        out: dict[str, list[tuple[int, int]]] = {}
        for species, n in groups:
            out[species] = [(int(x + i * fan), cy) for i in range(n)]
            x += W + (n - 1) * fan + gap
        return out

    def group_rect(self, species: str, groups: Groups) -> pygame.Rect:
        """The area of one species group in the hand, room for its lift included."""
        pos = self.hand_centres(groups).get(species)
        if not pos:
            return pygame.Rect(0, 0, 0, 0)
        first = pygame.Rect(0, 0, W, H)
        first.center = pos[0]
        last = pygame.Rect(0, 0, W, H)
        last.center = pos[-1]
        rect = first.union(last)
        return rect.union(rect.move(0, -LIFT_PX))

    # -- piles and plates ----------------------------------------------------------------
    def deck_pos(self) -> tuple[int, int]:
        return self.rect_of("draw").center

    def discard_pos(self) -> tuple[int, int]:
        return self.rect_of("discard").center

    def hand_counter_rect(self, seat: int) -> pygame.Rect:
        """The small back on a plate that carries the seat's hand size."""
        rect = self.seat_rect(seat)
        return pygame.Rect((rect.x + HAND_AT[0], rect.y + HAND_AT[1]), art.HAND_COUNTER)

    def plate_hand_pos(self, seat: int) -> tuple[int, int]:
        return self.hand_counter_rect(seat).center

    @staticmethod
    def chip_offsets(count: int, size: tuple[int, int]) -> list[tuple[int, int]]:
        """Where each of ``count`` collection badges sits (its top left) on a plate of
        ``size``: side by side right of the hand size, on as many lines as the plate has
        room for; when even those are full the badges close up, each still whole from
        its bird to its count (the one on the left lies on top)."""
        w, h = size
        room = w - CHIP_X - 8
        box_w, box_h = art.CHIP_BOX
        per_line = max(1, (room - box_w) // CHIP_PITCH + 1)
        lines = max(1, (h - CHIP_Y - 6 - box_h) // CHIP_PITCH + 1)
        pitch: float = CHIP_PITCH
        if count > per_line * lines:
            per_line = -(-count // lines)
            pitch = (room - box_w) / max(per_line - 1, 1)
        return [(CHIP_X + int(i % per_line * pitch), CHIP_Y + i // per_line * CHIP_PITCH)
                for i in range(count)]

    def chip_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The bird tiles of a seat's ``count`` collection badges on the canvas."""
        rect = self.seat_rect(seat)
        return [pygame.Rect((rect.x + dx, rect.y + dy), art.CHIP)
                for dx, dy in self.chip_offsets(count, rect.size)]

    def plate_coll_pos(self, seat: int, species: str, collection: dict[str, int]
                       ) -> tuple[int, int]:
        """Where a bird of ``species`` lands among a seat's collection badges."""
        have = [s for s in SPECIES if collection.get(s) or s == species]
        return self.chip_rects(seat, len(have))[have.index(species)].center
