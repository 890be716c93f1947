"""The look shared by every screen: palette, panels, the focus ring, seat badges and
button prompts. Surfaces are built once and cached; the ring animates by cheap draws.
"""
from __future__ import annotations

import math
from functools import wraps

import pygame

from game import i18n
from game.assets import LRU, fast, fast_opaque  # noqa: F401 (re-exported)
from game.input import Act

# -- palette (light on dark; every text colour here is >= 4.5:1 on BG and PANEL) ------
BG = (18, 38, 40)
BG_TOP = (30, 62, 60)
FELT = (26, 74, 60)
FELT_DARK = (18, 54, 44)
PANEL = (30, 36, 54)
PANEL_LIGHT = (46, 54, 78)
TEXT = (246, 241, 228)
TEXT_MUTED = (196, 204, 200)
TEXT_DIM = (176, 184, 184)   # disabled text: still >= 4.5:1 on every background here
ACCENT = (255, 204, 77)      # focus ring, highlights
ACCENT_DARK = (150, 110, 20)
GOOD = (120, 220, 140)
BAD = (255, 146, 136)

CANVAS = (1920, 1080)
SAFE = pygame.Rect(96, 54, 1920 - 192, 1080 - 108)  # the 5% title-safe area

SEAT_COLOURS = [(240, 120, 96), (92, 172, 240), (150, 214, 86),
                (245, 200, 70), (186, 140, 236), (242, 134, 192)]
SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"]


# panels, shadows and gradients: bounded by bytes (one screen's worth is ~10 MB)
SURFACES = LRU(4096, 24 << 20)


def cached_surface(fn):
    """Memoise a surface-making function in the shared byte-bounded cache."""
    @wraps(fn)
    def wrapper(*args, **kwargs):
        key = (fn.__name__, args, tuple(sorted(kwargs.items())))
        return SURFACES.get_or_make(key, lambda: fn(*args, **kwargs))
    return wrapper


def lerp_colour(a, b, t: float):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


@cached_surface
def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """A top-to-bottom blend in bands of 4 rows (a colour step between bands is one level
    at most, so no banding shows), made in the display's format: it is on the first frame,
    so it is made in a few ms and needs no conversion."""
    w, h = size
    screen = pygame.display.get_surface()
    surf = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
    for y in range(0, h, 4):
        surf.fill(lerp_colour(top, bottom, y / max(h - 1, 1)), (0, y, w, 4))
    return surf


@cached_surface
def panel(size: tuple[int, int], color=PANEL, radius: int = 24, border=None,
          border_width: int = 0, alpha: int = 255) -> pygame.Surface:
    """A rounded rectangle surface (cached by its parameters)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (*color[:3], alpha), rect, border_radius=radius)
    if border is not None and border_width:
        pygame.draw.rect(surf, border, rect, border_width, border_radius=radius)
    return fast(surf)


@cached_surface
def shadow(size: tuple[int, int], radius: int = 24, alpha: int = 90) -> pygame.Surface:
    surf = pygame.Surface((size[0] + 16, size[1] + 16), pygame.SRCALPHA)
    for i in range(8, 0, -2):
        pygame.draw.rect(surf, (0, 0, 0, alpha // 5), surf.get_rect().inflate(-i * 2, -i * 2),
                         border_radius=radius + i)
    return fast(surf)


def draw_shadowed_panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL,
                        radius: int = 24, border=None, border_width: int = 0,
                        alpha: int = 255) -> None:
    surface.blit(shadow(rect.size, radius), (rect.x - 8, rect.y - 2))
    surface.blit(panel(rect.size, color, radius, border, border_width, alpha), rect)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, t: float,
                    radius: int = 26, color=ACCENT) -> None:
    """The unmistakable focus marker: a thick bright ring that breathes, with a dark
    inner edge so it reads on light and dark cards alike."""
    pulse = 0.5 + 0.5 * math.sin(t * 5.0)
    grow = int(6 + 4 * pulse)
    outer = rect.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, (20, 20, 20), outer.inflate(4, 4), 3, border_radius=radius + grow)
    pygame.draw.rect(surface, color, outer, 7, border_radius=radius + grow)
    pygame.draw.rect(surface, (255, 246, 200), outer.inflate(-8, -8), 2,
                     border_radius=max(radius + grow - 4, 4))


def draw_shape(surface: pygame.Surface, shape: str, center: tuple[int, int], r: int,
               color, outline=(20, 20, 24), width: int = 0) -> None:
    """Seat and colour markers carry a shape as well as a colour (colour-blind safe)."""
    cx, cy = center
    if shape == "circle":
        pts = None
        pygame.draw.circle(surface, color, center, r, width)
        if outline and not width:
            pygame.draw.circle(surface, outline, center, r, 3)
        return
    if shape == "square":
        pts = [(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85),
               (cx + r * .85, cy + r * .85), (cx - r * .85, cy + r * .85)]
    elif shape == "triangle":
        pts = [(cx, cy - r), (cx + r * .95, cy + r * .75), (cx - r * .95, cy + r * .75)]
    elif shape == "diamond":
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif shape == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            ang = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    else:  # hexagon
        pts = [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
               for i in range(6)]
    pygame.draw.polygon(surface, color, pts, width)
    if outline and not width:
        pygame.draw.polygon(surface, outline, pts, 3)


# -- button prompts -----------------------------------------------------------------
PAD_GLYPHS = {
    Act.CONFIRM: ("A", (96, 190, 90)), Act.BACK: ("B", (226, 84, 76)),
    Act.ALT: ("X", (70, 130, 230)), Act.HINT: ("Y", (236, 196, 50)),
    Act.PAUSE: ("Start", None), Act.PREV: ("LB", None), Act.NEXT: ("RB", None),
}
# a key's name as printed on the keyboard; a language whose keyboards say otherwise
# ("Entr\u00e9e", "Pfeile") translates it in the "key" context (pad buttons stay as printed)
KEY_GLYPHS = {
    Act.CONFIRM: lambda: i18n.pgettext("key", "Enter"),
    Act.BACK: lambda: i18n.pgettext("key", "Esc"),
    Act.ALT: lambda: i18n.pgettext("key", "Tab"),
    # TRANSLATORS: the letter key P: the same key on every keyboard, keep the letter
    Act.PAUSE: lambda: i18n.pgettext("key", "P"),
    # TRANSLATORS: the letter key Q: the same key on every keyboard, keep the letter
    Act.PREV: lambda: i18n.pgettext("key", "Q"),
    # TRANSLATORS: the letter key E: the same key on every keyboard, keep the letter
    Act.NEXT: lambda: i18n.pgettext("key", "E"),
    # TRANSLATORS: the letter key H: the same key on every keyboard, keep the letter
    Act.HINT: lambda: i18n.pgettext("key", "H"),
}
DIRECTION_LABEL = {"keys": lambda: i18n.pgettext("key", "Arrows"),
                   "pad": lambda: i18n.pgettext("pad button", "D-pad")}


def key_name(act: Act) -> str:
    """The key for ``act`` on a keyboard, in the language shown."""
    name = KEY_GLYPHS.get(act)
    return name() if name is not None else act.value


def pad_name(act: Act) -> str:
    """The button for ``act`` on a pad: the letters as the pad prints them, the one word
    ("Start") in the language shown."""
    if act is Act.PAUSE:
        return i18n.pgettext("pad button", "Start")
    return PAD_GLYPHS.get(act, (act.value,))[0]


def direction_name(style: str) -> str:
    """What moves the focus on a device of ``style`` ("Arrows", "D-pad"), as shown."""
    name = DIRECTION_LABEL.get(style)
    return name() if name is not None else style


def glyph(assets, style: str, act: Act, size: int = 30) -> pygame.Surface:
    """The button or key for ``act`` on a device of ``style`` ("pad" or "keys")."""
    key = ("glyph", style, act, size, i18n.current())   # key names are words
    cached = assets.cache.get(key)
    if cached is not None:
        return cached
    h = int(size * 1.5)
    if style == "pad" and act in PAD_GLYPHS and PAD_GLYPHS[act][1] is not None:
        label, colour = PAD_GLYPHS[act]
        surf = pygame.Surface((h, h), pygame.SRCALPHA)
        pygame.draw.circle(surf, (16, 16, 20), (h // 2, h // 2), h // 2)
        pygame.draw.circle(surf, colour, (h // 2, h // 2), h // 2 - 3)
        txt = assets.text(label, size, (255, 255, 255), "bold")
        surf.blit(txt, txt.get_rect(center=(h // 2, h // 2 + 1)))
    else:
        if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            label = direction_name(style)
        elif style == "pad":
            label = pad_name(act)
        else:
            label = key_name(act)
        txt = assets.text(label, size, (24, 24, 30), "bold")
        w = max(h, txt.get_width() + size)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = h // 2 if style == "pad" else 8
        pygame.draw.rect(surf, (16, 16, 20), surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, (236, 232, 222), surf.get_rect().inflate(-4, -6).move(0, -1),
                         border_radius=radius)
        surf.blit(txt, txt.get_rect(center=(w // 2, h // 2)))
    assets.cache.put(key, surf)
    return surf


def prompt_bar(assets, style: str, items: tuple[tuple[Act, str], ...],
               size: int = 30) -> pygame.Surface:
    """A row of 'glyph label' pairs, e.g. (A) Choose  (B) Back."""
    key = ("prompts", style, items, size, i18n.current())
    cached = assets.cache.get(key)
    if cached is not None:
        return cached
    parts = []
    for act, label in items:
        parts.append((glyph(assets, style, act, size), assets.text(label, size, TEXT)))
    gap, inner = 40, 12
    width = sum(g.get_width() + inner + t.get_width() for g, t in parts) + gap * max(len(parts) - 1, 0)
    height = max([g.get_height() for g, _ in parts] + [1])
    surf = pygame.Surface((max(width, 1), height), pygame.SRCALPHA)
    x = 0
    for g, t in parts:
        surf.blit(g, (x, (height - g.get_height()) // 2))
        x += g.get_width() + inner
        surf.blit(t, (x, (height - t.get_height()) // 2))
        x += t.get_width() + gap
    assets.cache.put(key, surf)
    return surf
