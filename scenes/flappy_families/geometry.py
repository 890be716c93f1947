"""Where things are on the Flappy Families table, from its Tiled layout and a few counts.

Pure positions: nothing here reads sprites or the game state, so the animations, the
drawing and the human's picks all ask the same questions and get the same answers.
"""
from __future__ import annotations

from typing import Iterable

import pygame

from game.flappy_families import rules as R
from game.flappy_families.cards import CARD_FAMILY
from game.layouts import Layout
from sprites.flappy_families_cards import CARD, MINI

FAN = 12              # px between the fanned cards of a hand group
GROUP_GAP = 18
HAND_LIFT = 16        # px a focused hand group rises
SCORE_BOX = 214       # px at the left of the hand strip kept for the running score

Groups = list[tuple[int, int]]   # the hand as (family, count), in family order


def groups_of(cards: Iterable[int]) -> Groups:
    """The hand ``cards`` as (family, count) groups, in family order."""
    counts: dict[int, int] = {}
    for card in cards:
        f = CARD_FAMILY[card]
        counts[f] = counts.get(f, 0) + 1
    return sorted(counts.items())


class FlappyFamiliesGeometry:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    def rect_of(self, name: str) -> pygame.Rect:
        return pygame.Rect(self.layout.get(name).rect)

    # -- the Wild --------------------------------------------------------------------------
    def slot_center(self, slot: int) -> tuple[int, int]:
        a = self.layout.get("wild")
        cw, ch = CARD
        gx = (a.w - R.COLS * cw) / (R.COLS - 1)
        gy = (a.h - R.ROWS * ch) / (R.ROWS - 1)
        col, row = slot % R.COLS, slot // R.COLS
        return (int(a.x + col * (cw + gx) + cw / 2), int(a.y + row * (ch + gy) + ch / 2))

    def slot_rect(self, slot: int) -> pygame.Rect:
        r = pygame.Rect((0, 0), CARD)
        r.center = self.slot_center(slot)
        return r

    # -- the deck, the plates and the A/B/C panel ------------------------------------------
    def deck_center(self) -> tuple[int, int]:
        a = self.layout.get("deck")
        return a.x + 24 + 60, a.y + a.h // 2

    def plate_target(self, seat: int) -> tuple[int, int]:
        """Where a card flies to join (or leaves) a seat's plate."""
        r = self.rect_of(f"seat{seat}")
        return r.x + 40, r.y + 86     # the hand size under the name

    def action_rects(self) -> dict[str, pygame.Rect]:
        a = self.layout.get("actions")
        h = (a.h - 24) // 3
        return {letter: pygame.Rect(a.x, a.y + i * (h + 12), a.w, h)
                for i, letter in enumerate(R.OPTIONS)}

    # -- the hand --------------------------------------------------------------------------
    def hand_area(self) -> pygame.Rect:
        """The strip of the hand where its groups lie (right of the score)."""
        a = self.rect_of("hand")
        return pygame.Rect(a.x + SCORE_BOX, a.y, a.w - SCORE_BOX, a.h)

    def group_layout(self, groups: Groups) -> list[pygame.Rect]:
        """Where each (family, count) group of the hand lies: the front card's rect."""
        area = self.hand_area()
        n = len(groups)
        if not n:
            return []
        full = MINI[0] + 3 * FAN + GROUP_GAP
        step = min(full, (area.w - MINI[0] - 3 * FAN) / max(n - 1, 1)) if n > 1 else full
        y = area.bottom - MINI[1] - 4
        return [pygame.Rect(int(area.x + 8 + i * step), y, MINI[0], MINI[1]) for i in range(n)]

    def group_pos(self, family: int, cards: Iterable[int]) -> tuple[int, int]:
        """Centre of ``family``'s group if ``cards`` were the hand (for flights)."""
        groups = groups_of(cards)
        for (f, _), rect in zip(groups, self.group_layout(groups)):
            if f == family:
                return rect.center
        area = self.hand_area()
        return area.centerx, area.centery

    def callout_spot(self, avoid: Iterable[int] = ()) -> tuple[int, int]:
        """The middle of the Wild's row furthest from the ``avoid`` rows in play."""
        avoid = tuple(avoid)
        row = max((1, 0, 2), key=lambda r: min((abs(r - a) for a in avoid), default=3))
        return self.slot_center(row * R.COLS + 2)
