"""Render every bird look on card-sized tiles into one PNG, for judging the art by eye.

Why: the birds are drawn in code, so the only honest test of "is this clearly a
flamingo, and different from the stork?" is to look at them all together, at the
size they are used (cards ~150x210 on the 1080p canvas), on several card colours.

Usage: ``python -m tools.bird_gallery [out.png] [--bird-size N]`` (default /tmp/birds.png).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import scenes.table.spec  # noqa: E402,F401  (each game's looks: read through its TableSpec)
from sprites.birds import LOOKS, animated_bird, bird_surface, thinking_bird  # noqa: E402

TILE = (150, 210)
GAP = 14
COLUMNS = 10
BACKGROUND = (28, 32, 44)
# A few card colours, so a look that vanishes on one of them shows up here.
CARD_COLOURS = [(246, 236, 214), (196, 226, 214), (242, 206, 196), (70, 92, 120),
                (212, 208, 236)]


def _tile(key: str, index: int, bird_size: int, font: pygame.font.Font) -> pygame.Surface:
    """One card: rounded rect, the bird centred in the top part, its name below."""
    tile = pygame.Surface(TILE, pygame.SRCALPHA)
    colour = CARD_COLOURS[index % len(CARD_COLOURS)]
    pygame.draw.rect(tile, colour, tile.get_rect(), border_radius=14)
    bird = bird_surface(key, (bird_size, bird_size))
    tile.blit(bird, ((TILE[0] - bird_size) // 2, 18))
    text_colour = (250, 248, 240) if sum(colour) < 400 else (30, 28, 36)
    label = font.render(key, True, text_colour)
    if label.get_width() > TILE[0] - 8:
        label = pygame.transform.smoothscale(
            label, (TILE[0] - 8, int(label.get_height() * (TILE[0] - 8) / label.get_width())))
    tile.blit(label, ((TILE[0] - label.get_width()) // 2, TILE[1] - 36))
    return tile


def render_gallery(bird_size: int = 130) -> pygame.Surface:
    """All looks as tiles, then a strip of animation frames and thinking birds."""
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    keys = list(LOOKS)
    rows = (len(keys) + COLUMNS - 1) // COLUMNS
    strip_h = 140
    W = GAP + COLUMNS * (TILE[0] + GAP)
    H = GAP + rows * (TILE[1] + GAP) + strip_h + GAP
    sheet = pygame.Surface((W, H))
    sheet.fill(BACKGROUND)
    for i, key in enumerate(keys):
        x = GAP + (i % COLUMNS) * (TILE[0] + GAP)
        y = GAP + (i // COLUMNS) * (TILE[1] + GAP)
        sheet.blit(_tile(key, i, bird_size, font), (x, y))
    y = GAP + rows * (TILE[1] + GAP)
    x = GAP
    for k, t in enumerate((0.0, 0.13, 0.26, 0.38, 0.5, 0.63)):
        sheet.blit(animated_bird(t, (120, 130), "fab_blue"), (x, y))
        x += 124
    for t in (0.0, 0.4, 0.7, 1.0):
        sheet.blit(thinking_bird(t, (64, 56)), (x, y + 70))
        x += 72
    for key in ("robin", "owl", "fab_red"):
        sheet.blit(bird_surface(key, (48, 48), "left"), (x, y + 78))
        x += 56
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Write the gallery PNG and print where it went."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="/tmp/birds.png")
    parser.add_argument("--bird-size", type=int, default=130)
    args = parser.parse_args(argv)
    pygame.font.init()
    sheet = render_gallery(args.bird_size)
    out = Path(args.out)
    pygame.image.save(sheet, str(out))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
