"""Fonts and rendered text, loaded once and cached with a bound.

Rendering text is one of the costliest things a frame can do in pygame, so every string
is rendered once per (text, size, colour, face) and kept in a bounded LRU: a kiosk that
runs all day must not grow without limit. A missing font file costs one warning and the
game carries on with pygame's built-in font.
"""
from __future__ import annotations

import functools
import logging
from collections import OrderedDict, namedtuple
from pathlib import Path
from typing import Callable, Hashable

import pygame

from game import resources

FONT_FILES = {
    "title": "FredokaOne-Regular.ttf",
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
}


_ARGB = (0xFF0000, 0xFF00, 0xFF, 0xFF000000)


def fast(surf: pygame.Surface) -> pygame.Surface:
    """A picture with per-pixel alpha in the format that blits fastest onto the canvas.
    With a display surface (headless runs) that is pygame's convert_alpha(); a real
    window's canvas is a plain 32-bit surface, onto which 32-bit ARGB (what pygame makes
    for SRCALPHA surfaces and text) already has SDL's fast path."""
    if pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    if surf.get_bitsize() == 32 and surf.get_masks() == _ARGB:
        return surf
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA, 32)
    out.blit(surf, (0, 0))
    return out


def fast_opaque(surf: pygame.Surface) -> pygame.Surface:
    """An opaque picture in the canvas's format (see fast)."""
    if pygame.display.get_surface() is not None:
        return surf.convert()
    return surf if surf.get_bitsize() == 32 and not surf.get_flags() & pygame.SRCALPHA \
        else surf.convert(32, 0)


class LRU:
    """A bounded cache (OrderedDict based): by count, and by bytes when it holds surfaces,
    since one full-screen panel weighs as much as hundreds of small labels and a kiosk
    must not grow all day."""

    def __init__(self, maxsize: int, max_bytes: int | None = None) -> None:
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self.used = 0  # bytes of the surfaces held
        self._data: OrderedDict[Hashable, object] = OrderedDict()

    @staticmethod
    def _weight(value: object) -> int:
        if isinstance(value, pygame.Surface):
            return value.get_width() * value.get_height() * value.get_bytesize()
        return 0

    def get(self, key: Hashable):
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: Hashable, value: object) -> None:
        old = self._data.pop(key, None)
        if old is not None:
            self.used -= self._weight(old)
        self._data[key] = value
        self.used += self._weight(value)
        while len(self._data) > 1 and (
                len(self._data) > self.maxsize
                or (self.max_bytes is not None and self.used > self.max_bytes)):
            _, dropped = self._data.popitem(last=False)
            self.used -= self._weight(dropped)

    def get_or_make(self, key: Hashable, make):
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        self._data.clear()
        self.used = 0


CacheInfo = namedtuple("CacheInfo", "hits misses maxsize currsize bytes max_bytes")
SURFACE_CACHES: list = []   # every surface_cache, so a soak can report what they hold


def surface_cache(maxsize: int, max_bytes: int) -> Callable:
    """Like ``functools.lru_cache`` for functions that return pictures, bounded by bytes
    as well as by count: a count alone lets a kiosk that draws one bird at a hundred sizes
    keep a hundred full-size pictures. ``cache_clear``/``cache_info`` work as with
    lru_cache; the results are shared, so callers treat them as read-only."""
    def wrap(fn: Callable) -> Callable:
        store = LRU(maxsize, max_bytes)
        counts = [0, 0]

        @functools.wraps(fn)
        def cached(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            value = store.get(key)
            if value is None:
                counts[1] += 1
                value = fn(*args, **kwargs)
                store.put(key, value)
            else:
                counts[0] += 1
            return value

        def cache_clear() -> None:
            store.clear()
            counts[:] = [0, 0]

        cached.cache_clear = cache_clear
        cached.cache_info = lambda: CacheInfo(counts[0], counts[1], maxsize, len(store),
                                              store.used, max_bytes)
        SURFACE_CACHES.append(cached)
        return cached
    return wrap


def load_font(path: Path, size: int) -> tuple[pygame.font.Font, bool]:
    """The font at ``path``, or pygame's built-in one at a similar size; and whether the
    file was usable."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(path, size), True
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, int(size * 1.3)), False


_CARD_FONTS: dict[tuple[str, int], pygame.font.Font] = {}


def card_font(face: str, size: int) -> pygame.font.Font:
    """A font for the card painters, which draw without a context (face pictures are
    cached for every table). A Font dies with ``pygame.quit()`` (tests, a restarted app),
    so the cache is emptied right then."""
    font = _CARD_FONTS.get((face, size))
    if font is None:
        if not _CARD_FONTS:
            pygame.register_quit(_CARD_FONTS.clear)
        name = FONT_FILES.get(face, FONT_FILES["body"])
        font, _ = load_font(resources.font_dir() / name, size)
        _CARD_FONTS[(face, size)] = font
    return font


class Assets:
    def __init__(self, log: logging.Logger, font_dir: Path | None = None,
                 text_cache: int = 768, text_cache_bytes: int = 8 << 20) -> None:
        self.log = log
        self.font_dir = resources.font_dir() if font_dir is None else font_dir
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._missing: set[str] = set()
        self.cache = LRU(text_cache, text_cache_bytes)
        if not pygame.font.get_init():
            pygame.font.init()

    def font(self, face: str, size: int) -> pygame.font.Font:
        key = (face, size)
        font = self._fonts.get(key)
        if font is None:
            path = self.font_dir / FONT_FILES.get(face, FONT_FILES["body"])
            font, found = load_font(path, size)
            if not found and path.name not in self._missing:
                self._missing.add(path.name)
                self.log.warning("Font %s is missing or unreadable; using the built-in "
                                 "font instead.", path)
            self._fonts[key] = font
        return font

    def text(self, text: str, size: int, color=(245, 240, 228), face: str = "body"
             ) -> pygame.Surface:
        """A rendered line of text (cached)."""
        key = (text, size, tuple(color), face)
        surf = self.cache.get(key)
        if surf is None:
            surf = fast(self.font(face, size).render(text, True, color))
            self.cache.put(key, surf)
        return surf

    def text_fit(self, text: str, size: int, max_width: int, color=(245, 240, 228),
                 face: str = "body") -> pygame.Surface:
        """A line cut short with an ellipsis so it fits ``max_width`` (never a smaller font:
        the ten-foot minimum is a floor)."""
        surf = self.text(text, size, color, face)
        if surf.get_width() <= max_width or len(text) <= 1:
            return surf
        key = ("fit", text, size, max_width, tuple(color), face)  # the cut, found once
        cut_text = self.cache.get(key)
        if cut_text is None:
            font = self.font(face, size)
            cut = len(text)
            while cut > 1 and font.size(text[:cut].rstrip() + "\u2026")[0] > max_width:
                cut -= 1
            cut_text = text[:cut].rstrip() + "\u2026"
            self.cache.put(key, cut_text)
        return self.text(cut_text, size, color, face)

    def wrap(self, text: str, size: int, width: int, face: str = "body") -> list[str]:
        """Break ``text`` into lines no wider than ``width`` pixels."""
        font = self.font(face, size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split()
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def text_block(self, text: str, size: int, width: int, color=(245, 240, 228),
                   face: str = "body", spacing: float = 1.25) -> pygame.Surface:
        """Wrapped multi-line text as one surface (cached)."""
        key = ("block", text, size, width, tuple(color), face, spacing)
        surf = self.cache.get(key)
        if surf is None:
            lines = [self.text(line, size, color, face) if line else None
                     for line in self.wrap(text, size, width, face)]
            step = int(size * spacing)
            surf = pygame.Surface((width, max(step * len(lines), 1)), pygame.SRCALPHA)
            for i, line in enumerate(lines):
                if line is not None:
                    surf.blit(line, (0, i * step))
            self.cache.put(key, surf)
        return surf

    @property
    def cached_text_count(self) -> int:
        return len(self.cache)
