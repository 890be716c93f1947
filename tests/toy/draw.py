"""The toy game's card faces, shared by its table and its phone page: a number on pale
card with the toy's own bird (tests/toy/looks.py) above it. Cached, and so read-only."""
from __future__ import annotations

from functools import lru_cache

import pygame

from sprites import ui
from sprites.birds import bird_surface

CARD = (120, 168)        # a card on the table
CARD_INK = (40, 30, 60)
CARD_FACE = (236, 228, 246)
CARD_BACK = (92, 64, 150)


@lru_cache(maxsize=64)
def card_face(card: int, size: tuple[int, int], assets) -> pygame.Surface:
    """Card ``card`` drawn at ``size``: its number big, the toy's jay above it."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, CARD_FACE, surf.get_rect(), border_radius=max(4, w // 10))
    pygame.draw.rect(surf, CARD_INK, surf.get_rect(), 3, border_radius=max(4, w // 10))
    bird = bird_surface("toy_jay", (int(w * 0.7), int(h * 0.42)))
    surf.blit(bird, bird.get_rect(midtop=(w // 2, int(h * 0.06))))
    text = assets.font("display", max(28, h // 3)).render(str(card), True, CARD_INK)
    surf.blit(text, text.get_rect(center=(w // 2, int(h * 0.72))))
    return surf


@lru_cache(maxsize=16)
def card_back(size: tuple[int, int], count: int, assets, word: str = "") -> pygame.Surface:
    """The deck: a violet back with how many cards are left (none: an outline), under
    ``word`` if given (the hand's Draw pick)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    if count:
        pygame.draw.rect(surf, CARD_BACK, rect, border_radius=12)
    pygame.draw.rect(surf, ui.TEXT_MUTED, rect, 3, border_radius=12)
    font = assets.font("body", 32)
    lines = [word, f"{count} left"] if word else [str(count)]
    top = rect.centery - font.get_linesize() * len(lines) // 2
    for i, line in enumerate(lines):
        text = font.render(line, True, ui.TEXT)
        surf.blit(text, text.get_rect(midtop=(rect.centerx, top + i * font.get_linesize())))
    return surf
