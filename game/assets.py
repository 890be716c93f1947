"""Fonts and rendered text, loaded once and cached with a bound.

Rendering text is one of the costliest things a frame can do in pygame, so every string
is rendered once per (text, size, colour, face) and kept in a bounded LRU: a kiosk that
runs all day must not grow without limit. A missing font file costs one warning and the
game carries on with pygame's built-in font.

Text is drawn with a font stack: the face's own font first, then fallbacks for any
character it lacks (Fredoka One has basic Latin only; our Lato files stop at Latin-1;
pygame's own FreeSans Bold has Latin-extended, Greek and Cyrillic), one run of
characters per font, so a translated word never shows a missing-glyph box. Text the
first font covers is rendered exactly as it always was. Whether a font has a character
is asked of FreeType once per font file and character and remembered.
"""
from __future__ import annotations

import functools
import logging
import weakref
from collections import OrderedDict, namedtuple
from pathlib import Path
from typing import Callable, Hashable

import pygame

from game import i18n, resources

FONT_FILES = {
    "title": "FredokaOne-Regular.ttf",
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
}
BUILT_IN = ""   # in a stack: pygame's own font file (FreeSans Bold), at the same size
# after a face's own font, where its missing characters are looked for
FALLBACKS: dict[str, tuple[str, ...]] = {
    "title": (FONT_FILES["bold"], BUILT_IN),
    "body": (BUILT_IN,),
    "bold": (BUILT_IN,),
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


def surface_cache(maxsize: int, max_bytes: int, words: bool = False) -> Callable:
    """Like ``functools.lru_cache`` for functions that return pictures, bounded by bytes
    as well as by count: a count alone lets a kiosk that draws one bird at a hundred sizes
    keep a hundred full-size pictures. ``cache_clear``/``cache_info`` work as with
    lru_cache; the results are shared, so callers treat them as read-only. ``words``: the
    picture holds words, so the language shown is part of its key (a picture made in one
    language is never handed out in the next, whoever forgot to clear the cache)."""
    def wrap(fn: Callable) -> Callable:
        store = LRU(maxsize, max_bytes)
        counts = [0, 0]

        @functools.wraps(fn)
        def cached(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            if words:
                key = (i18n.current(), key)
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


def built_in_font_path() -> Path:
    """pygame's own font file (it ships with pygame, so it is always there)."""
    return Path(pygame.__file__).parent / pygame.font.get_default_font()


_COVERAGE: dict[str, dict[str, bool]] = {}    # font file -> character -> has a glyph
_PROBES: dict[str, object] = {}               # font file -> what answers for it


def _probe(path: str):
    """What answers "has this font a glyph for c?" for the file at ``path``: a FreeType
    face (whose metrics are None for a missing glyph; pygame.font's own metrics give the
    missing-glyph box's instead), or, without pygame.freetype, a pygame.font.Font whose
    answers are compared with a character no font has. None: the file cannot be read."""
    probe = _PROBES.get(path, False)
    if probe is False:
        if not _PROBES:   # a font dies with pygame.quit() (tests, a restarted app)
            pygame.register_quit(_PROBES.clear)
        try:
            import pygame.freetype as freetype
            if not freetype.get_init():
                freetype.init()
            probe = freetype.Font(path or None, 16)
        except (ImportError, OSError, pygame.error):
            try:
                probe = pygame.font.Font(path or None, 16)
            except (OSError, pygame.error):
                probe = None
        _PROBES[path] = probe
    return probe


def covers(path: str, char: str) -> bool:
    """Has the font file at ``path`` (``""``: pygame's own) a glyph for ``char``?
    Cached per file and character: coverage does not depend on the size."""
    known = _COVERAGE.setdefault(path, {})
    have = known.get(char)
    if have is None:
        probe = _probe(path)
        if probe is None:
            have = False
        elif isinstance(probe, pygame.font.Font):
            have = probe.metrics(char) != probe.metrics("\U0010fffd")   # the box's
        else:
            have = probe.get_metrics(char)[0] is not None
        known[char] = have
    return have


def runs(text: str, paths: list[str]) -> list[tuple[int, str]]:
    """``text`` cut into runs, each with the index in ``paths`` of the first font that
    has all its characters (0 for a character none has: better the first font's box
    than nothing). Spaces stay with the run they are in."""
    first = paths[0]
    known = _COVERAGE.get(first, {})
    if all(known.get(ch) or (known.get(ch) is None and covers(first, ch)) for ch in text):
        return [(0, text)]
    out: list[tuple[int, str]] = []
    for ch in text:
        if out and ch.isspace():
            index = out[-1][0]
        else:
            index = next((i for i, path in enumerate(paths) if covers(path, ch)), 0)
        if out and out[-1][0] == index:
            out[-1] = (index, out[-1][1] + ch)
        else:
            out.append((index, ch))
    return out


def render_runs(fonts: list[pygame.font.Font], parts: list[tuple[int, str]], color
                ) -> pygame.Surface:
    """Each run rendered in its font, side by side on one baseline."""
    if len(parts) == 1:
        return fonts[parts[0][0]].render(parts[0][1], True, color)
    pieces = [(fonts[i], fonts[i].render(part, True, color)) for i, part in parts]
    ascent = max(font.get_ascent() for font, _ in pieces)
    height = max(ascent - font.get_ascent() + pic.get_height() for font, pic in pieces)
    surf = pygame.Surface((sum(pic.get_width() for _, pic in pieces), height),
                          pygame.SRCALPHA)
    x = 0
    for font, pic in pieces:
        surf.blit(pic, (x, ascent - font.get_ascent()))
        x += pic.get_width()
    return surf


def size_runs(fonts: list[pygame.font.Font], parts: list[tuple[int, str]]
              ) -> tuple[int, int]:
    """The size render_runs gives: measured for one run, rendered for several (rare:
    only words with characters the face lacks; exact, where sums of sizes are not)."""
    if len(parts) == 1:
        return fonts[parts[0][0]].size(parts[0][1])
    return render_runs(fonts, parts, (0, 0, 0)).get_size()


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


def card_text(text: str, size: int, color, face: str = "body") -> pygame.Surface:
    """``text`` rendered for a card painter with the font stack (see Assets.render):
    a translated bird's name may hold characters the face's font lacks."""
    own = FONT_FILES.get(face, FONT_FILES["body"])
    paths = [str(resources.font_dir() / own)]
    for name in FALLBACKS.get(face, FALLBACKS["body"]):
        where = str(resources.font_dir() / name) if name else BUILT_IN
        if where not in paths:
            paths.append(where)
    parts = runs(text, paths)
    fonts = [card_font(face, size)]
    for index in range(1, max(i for i, _ in parts) + 1):
        key = (f"file:{paths[index]}", size)
        font = _CARD_FONTS.get(key)
        if font is None:
            where = Path(paths[index]) if paths[index] else built_in_font_path()
            font = _CARD_FONTS[key] = load_font(where, size)[0]
        fonts.append(font)
    return render_runs(fonts, parts, color)


class Assets:
    def __init__(self, log: logging.Logger, font_dir: Path | None = None,
                 text_cache: int = 768, text_cache_bytes: int = 8 << 20) -> None:
        self.log = log
        self.font_dir = resources.font_dir() if font_dir is None else font_dir
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._stacks: dict[tuple[str, int], list[str]] = {}
        self._fallbacks: dict[tuple[str, int], pygame.font.Font] = {}
        self._missing: set[str] = set()
        self.cache = LRU(text_cache, text_cache_bytes)
        if not pygame.font.get_init():
            pygame.font.init()
        # words rendered in one language are wrong in the next: drop them on a change
        # (held weakly, so a finished App's assets are not kept alive by the listener)
        i18n.on_change(weakref.WeakMethod(self.forget_text))

    def forget_text(self) -> None:
        """Drop every rendered text and every cached picture (some hold words)."""
        self.cache.clear()
        for cached in SURFACE_CACHES:
            cached.cache_clear()

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

    def stack(self, face: str, size: int) -> list[str]:
        """The font files for ``face``, in the order characters are looked for in them;
        the first is :meth:`font`'s (``""``: pygame's own, when that file is missing)."""
        key = (face, size)
        paths = self._stacks.get(key)
        if paths is None:
            self.font(face, size)   # (notes whether the face's own file is missing)
            name = FONT_FILES.get(face, FONT_FILES["body"])
            paths = [BUILT_IN if name in self._missing else str(self.font_dir / name)]
            for name in FALLBACKS.get(face, FALLBACKS["body"]):
                where = str(self.font_dir / name) if name else BUILT_IN
                if where not in paths and (name == BUILT_IN or Path(where).is_file()):
                    paths.append(where)
            self._stacks[key] = paths
        return paths

    def _fonts_for(self, face: str, size: int, parts: list[tuple[int, str]]
                   ) -> list[pygame.font.Font]:
        """The stack's fonts at ``size``, loaded only when a run needs them (most text
        needs the first alone)."""
        fonts = [self.font(face, size)]
        paths = self.stack(face, size)
        for index in range(1, max(i for i, _ in parts) + 1):
            key = (paths[index], size)
            font = self._fallbacks.get(key)
            if font is None:
                where = Path(paths[index]) if paths[index] else built_in_font_path()
                font = self._fallbacks[key] = load_font(where, size)[0]
            fonts.append(font)
        return fonts

    def render(self, text: str, size: int, color=(245, 240, 228), face: str = "body"
               ) -> pygame.Surface:
        """``text`` rendered with the font stack (uncached; :meth:`text` caches)."""
        parts = runs(text, self.stack(face, size))
        return render_runs(self._fonts_for(face, size, parts), parts, color)

    def size(self, text: str, size: int, face: str = "body") -> tuple[int, int]:
        """The size of ``text`` rendered with the font stack (use this, not
        ``font().size()``, for words that may be in any language)."""
        parts = runs(text, self.stack(face, size))
        return size_runs(self._fonts_for(face, size, parts), parts)

    def text(self, text: str, size: int, color=(245, 240, 228), face: str = "body"
             ) -> pygame.Surface:
        """A rendered line of text (cached)."""
        key = (text, size, tuple(color), face)
        surf = self.cache.get(key)
        if surf is None:
            surf = fast(self.render(text, size, color, face))
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
            cut = len(text)
            while cut > 1 and self.size(text[:cut].rstrip() + "\u2026", size, face)[0] > max_width:
                cut -= 1
            cut_text = text[:cut].rstrip() + "\u2026"
            self.cache.put(key, cut_text)
        return self.text(cut_text, size, color, face)

    def wrap(self, text: str, size: int, width: int, face: str = "body") -> list[str]:
        """Break ``text`` into lines no wider than ``width`` pixels."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split()
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if self.size(trial, size, face)[0] <= width or not line:
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
