"""Card images for phones: painted by the game's :class:`PhoneGame` on the game loop's
thread once per key, kept as PNG bytes (bounded) and named by a digest of those bytes,
so the phone server only ever serves bytes and a URL says nothing about the card."""
from __future__ import annotations

import hashlib
import io

import pygame

from scenes.table.phones.api import PhoneGame

IMAGE_CACHE = 600      # card images kept as PNG bytes (a few KB each)

_PNG: dict[tuple, tuple[str, bytes]] = {}


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG, by pygame's own writer (SDL_image; works headless). About
    3-4 ms a 200x280 card here, each painted once and one a frame while warming."""
    out = io.BytesIO()
    pygame.image.save(surface, out, "card.png")
    return out.getvalue()


class ImageCache:
    """Card images as PNG, painted on the game loop's thread once per key and kept
    (bounded); the server only ever serves the bytes. Named by a digest of their bytes,
    so a phone caches each for good and a URL says nothing about the card."""

    def __init__(self, game: PhoneGame, assets, patterns: bool) -> None:
        self.game = game
        self.assets = assets
        self.patterns = patterns

    def has(self, key: str) -> bool:
        return (self.game.game_id, key, self.patterns) in _PNG

    def get(self, key: str) -> tuple[str, bytes]:
        full = (self.game.game_id, key, self.patterns)
        found = _PNG.get(full)
        if found is None:
            data = png_bytes(self.game.image(key, self.assets, self.patterns))
            found = (hashlib.sha256(data).hexdigest()[:32], data)
            if len(_PNG) >= IMAGE_CACHE:
                _PNG.pop(next(iter(_PNG)))
            _PNG[full] = found
        return found
