"""A QR code as a pygame surface: dark modules on white, quiet zone included, at a whole
number of pixels a module (a blurred module scans badly), built once per code and size."""
from __future__ import annotations


import pygame

from game.assets import surface_cache

DARK = (16, 16, 20)
LIGHT = (255, 255, 255)


@surface_cache(16, 4 << 20)
def qr_surface(matrix: tuple[tuple[bool, ...], ...], module: int) -> pygame.Surface:
    """``matrix``: rows of dark (True) modules, its quiet zone included."""
    size = len(matrix) * module
    surf = pygame.Surface((size, size))
    surf.fill(LIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surf.fill(DARK, (x * module, y * module, module, module))
    return surf.convert() if pygame.display.get_surface() is not None else surf
