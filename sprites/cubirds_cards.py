"""CuBirds card art, drawn in code and cached: faces, the back, ghosts and collection chips.

One friendly style: a cream card with a rounded species-coloured panel, the bird (from
:mod:`sprites.birds`) perched on a twig, and the two flock sizes as big numbers in the top
corners (small flock on a white disc, big flock on a gold one). With colour patterns on,
each species panel also carries its own texture (dots, stripes, waves...), so the colour
is never the only clue. Every surface is built once per (species, size, patterns) and
shared: treat them as read-only.
"""
from __future__ import annotations

import math

import pygame

from game.assets import LRU, card_font, surface_cache
from game.cubirds.cards import BIG, INDEX, SMALL, SPECIES
from sprites import ui
from sprites.birds import bird_surface
from sprites.card import CardSprite
from sprites.card import index_corner as card_index

CARD = (100, 140)          # every CuBirds card on the table: rows, hand, piles
# the index corner: the small-flock number on the species' panel, top left (a fanned
# hand group shows at least this of each card; the audit checks nothing else covers it)
INDEX_PART = (0, 0, 42, 42)
RADIUS = 12
CREAM = (250, 246, 236)
INK = (38, 34, 46)
GOLD = (255, 204, 77)
BACK = (46, 84, 122)
BACK_LIGHT = (78, 124, 168)
TWIG = (120, 84, 56)

# Panel colour and texture per species: distinct hues, and a pattern for colour-blind play.
PANEL = {
    "flamingo": (247, 196, 212),
    "owl": (232, 196, 138),
    "toucan": (246, 226, 122),
    "duck": (159, 216, 192),
    "parrot": (244, 164, 154),
    "magpie": (180, 194, 220),
    "reed_warbler": (207, 224, 160),
    "robin": (168, 212, 242),
}
PATTERN = {
    "flamingo": "dots",
    "owl": "hstripes",
    "toucan": "diagonal",
    "duck": "waves",
    "parrot": "checks",
    "magpie": "vstripes",
    "reed_warbler": "reeds",
    "robin": "rings",
}


def _darker(colour, k: float = 0.82):
    return tuple(max(0, int(c * k)) for c in colour[:3])


_DIGITS = LRU(64)   # a few numbers in a few sizes: bounded all the same


def _number(value: int, size: int = 28) -> pygame.Surface:
    """A rendered number in the title face. The surfaces are cached, never the Font: a
    Font dies with ``pygame.quit()`` (tests re-initialise), a rendered surface does not."""
    key = (str(value), size)
    surf = _DIGITS.get(key)
    if surf is None:
        surf = card_font("title", size).render(str(value), True, INK)
        _DIGITS.put(key, surf)
    return surf


def draw_pattern(surf: pygame.Surface, rect: pygame.Rect, kind: str, colour) -> None:
    """A quiet texture inside ``rect`` (clipped), in ``colour``."""
    old = surf.get_clip()
    surf.set_clip(rect)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    if kind == "dots":
        for j, y in enumerate(range(y0 + 6, y1, 14)):
            for x in range(x0 + 6 + (7 if j % 2 else 0), x1, 14):
                pygame.draw.circle(surf, colour, (x, y), 3)
    elif kind == "hstripes":
        for y in range(y0 + 4, y1, 12):
            pygame.draw.line(surf, colour, (x0, y), (x1, y), 4)
    elif kind == "vstripes":
        for x in range(x0 + 4, x1, 12):
            pygame.draw.line(surf, colour, (x, y0), (x, y1), 4)
    elif kind == "diagonal":
        for d in range(-rect.h, rect.w, 14):
            pygame.draw.line(surf, colour, (x0 + d, y1), (x0 + d + rect.h, y0), 4)
    elif kind == "checks":
        for j, y in enumerate(range(y0, y1, 12)):
            for x in range(x0 + (12 if j % 2 else 0), x1, 24):
                pygame.draw.rect(surf, colour, (x, y, 12, 12))
    elif kind == "waves":
        for y in range(y0 + 8, y1, 14):
            pts = [(x, y + 4 * math.sin(x / 5.0)) for x in range(x0, x1 + 4, 4)]
            pygame.draw.lines(surf, colour, False, pts, 3)
    elif kind == "reeds":
        for i, x in enumerate(range(x0 + 6, x1, 13)):
            top = y0 + 10 + (i * 7) % 20
            pygame.draw.line(surf, colour, (x, y1), (x, top), 3)
            pygame.draw.ellipse(surf, colour, (x - 3, top - 8, 7, 14))
    elif kind == "rings":
        for j, y in enumerate(range(y0 + 10, y1, 22)):
            for x in range(x0 + 10 + (11 if j % 2 else 0), x1, 22):
                pygame.draw.circle(surf, colour, (x, y), 7, 3)
    surf.set_clip(old)


def _number_disc(surf: pygame.Surface, centre, r: int, value: int, fill, size: int = 28) -> None:
    pygame.draw.circle(surf, INK, centre, r + 2)
    pygame.draw.circle(surf, fill, centre, r)
    txt = _number(value, size)
    surf.blit(txt, txt.get_rect(center=(centre[0], centre[1] + 1)))


def index_corner(rect: pygame.Rect) -> pygame.Rect:
    """Where the number and species colour of a card drawn at ``rect`` lie."""
    return card_index(rect, INDEX_PART, CARD)


@surface_cache(64, 12 << 20)
def face(species: str, patterns: bool = True, size: tuple[int, int] = CARD) -> pygame.Surface:
    """The face of a ``species`` card: bird, flock sizes, panel colour (and pattern)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    outer = surf.get_rect()
    pygame.draw.rect(surf, INK, outer, border_radius=RADIUS)
    pygame.draw.rect(surf, CREAM, outer.inflate(-4, -4), border_radius=RADIUS - 2)
    inner = outer.inflate(-14, -14)
    colour = PANEL[species]
    pygame.draw.rect(surf, colour, inner, border_radius=RADIUS - 4)
    if patterns:
        tex = pygame.Surface(inner.size, pygame.SRCALPHA)
        draw_pattern(tex, tex.get_rect(), PATTERN[species], (*_darker(colour, 0.9), 255))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=RADIUS - 4)
        tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(tex, inner)
    # the twig the bird perches on
    twig_y = h - 20
    pygame.draw.line(surf, TWIG, (inner.x + 4, twig_y), (inner.right - 4, twig_y - 3), 5)
    pygame.draw.line(surf, TWIG, (inner.right - 22, twig_y - 2), (inner.right - 12, twig_y - 10), 3)
    bird = bird_surface(species, (int(w * 0.84), int(h * 0.52)), "right")
    surf.blit(bird, bird.get_rect(midbottom=(w // 2, twig_y + 3)))
    i = INDEX[species]
    r = max(15, w // 6)
    _number_disc(surf, (inner.x + r - 1, inner.y + r - 1), r, SMALL[i], CREAM)
    _number_disc(surf, (inner.right - r + 1, inner.y + r - 1), r, BIG[i], GOLD)
    return ui.fast(surf)


@surface_cache(8, 2 << 20)
def back(size: tuple[int, int] = CARD) -> pygame.Surface:
    """The shared card back: deep blue, a cream frame and a perched bird in a disc."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    outer = surf.get_rect()
    pygame.draw.rect(surf, INK, outer, border_radius=RADIUS)
    pygame.draw.rect(surf, BACK, outer.inflate(-4, -4), border_radius=RADIUS - 2)
    frame = outer.inflate(-max(10, w // 8), -max(10, w // 8))
    pygame.draw.rect(surf, CREAM, frame, max(2, w // 30), border_radius=RADIUS - 4)
    tex = pygame.Surface(frame.size, pygame.SRCALPHA)
    draw_pattern(tex, tex.get_rect(), "diagonal", (*BACK_LIGHT, 110))
    surf.blit(tex, frame)
    pygame.draw.rect(surf, CREAM, frame, max(2, w // 30), border_radius=RADIUS - 4)
    r = int(min(w, h) * 0.3)
    pygame.draw.circle(surf, INK, outer.center, r + 3)
    pygame.draw.circle(surf, CREAM, outer.center, r)
    bird = bird_surface("robin", (int(r * 1.5), int(r * 1.3)), "right")
    surf.blit(bird, bird.get_rect(center=(outer.centerx, outer.centery + 2)))
    return ui.fast(surf)


@surface_cache(16, 2 << 20)
def ghost(species: str, patterns: bool = True) -> pygame.Surface:
    """A see-through face with a bright dashed edge: where cards would land."""
    surf = face(species, patterns).copy()
    surf.set_alpha(150)
    out = pygame.Surface(CARD, pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    rect = out.get_rect()
    for x in range(0, rect.w, 16):
        pygame.draw.line(out, ui.ACCENT, (x, 1), (min(x + 9, rect.w), 1), 4)
        pygame.draw.line(out, ui.ACCENT, (x, rect.h - 2), (min(x + 9, rect.w), rect.h - 2), 4)
    for y in range(0, rect.h, 16):
        pygame.draw.line(out, ui.ACCENT, (1, y), (1, min(y + 9, rect.h)), 4)
        pygame.draw.line(out, ui.ACCENT, (rect.w - 2, y), (rect.w - 2, min(y + 9, rect.h)), 4)
    return ui.fast(out)


@surface_cache(4, 1 << 20)
def slot(size: tuple[int, int] = CARD) -> pygame.Surface:
    """An empty landing place at a row end: a faint dashed card outline."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, (255, 255, 255, 34), out.get_rect(), border_radius=RADIUS)
    pygame.draw.rect(out, (255, 255, 255, 110), out.get_rect(), 3, border_radius=RADIUS)
    return ui.fast(out)


CHIP = (60, 60)             # a collection badge's bird tile
CHIP_DISC = 24              # the radius of its count disc (48 px across: readable at 3 m)
CHIP_DISC_AT = (54, 54)     # the disc's centre from the tile's top left: on its corner
CHIP_BOX = (80, 80)         # the whole badge, the disc's rim included
HAND_COUNTER = (52, 72)     # the small back that carries a seat's hand size


@surface_cache(128, 4 << 20)
def chip(species: str, count: int, patterns: bool = True, flock: bool = False) -> pygame.Surface:
    """A collection badge: the bird on its species colour, its count on a big disc over
    the tile's lower right corner (a number read from the couch, not a dot).

    ``flock`` (3 or more of the species: half of the two-flocks win) gets a gold rim.
    """
    w, h = CHIP
    surf = pygame.Surface(CHIP_BOX, pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    colour = PANEL[species]
    pygame.draw.rect(surf, GOLD if flock else INK, body, border_radius=12)
    inner = body.inflate(-6 if flock else -4, -6 if flock else -4)
    pygame.draw.rect(surf, colour, inner, border_radius=10)
    if patterns:
        tex = pygame.Surface(inner.size, pygame.SRCALPHA)
        draw_pattern(tex, tex.get_rect(), PATTERN[species], (*_darker(colour, 0.9), 255))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=10)
        tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(tex, inner)
    bird = bird_surface(species, (w - 14, h - 14), "right")
    surf.blit(bird, bird.get_rect(center=(body.centerx - 5, body.centery - 5)))
    _number_disc(surf, CHIP_DISC_AT, CHIP_DISC, count, GOLD if flock else CREAM, 36)
    return ui.fast(surf)


def hand_counter(size: int) -> pygame.Surface:
    """A seat's hand size: a small card back with the count on a 48 px disc."""
    surf = pygame.Surface(HAND_COUNTER, pygame.SRCALPHA)
    surf.blit(back(HAND_COUNTER), (0, 0))
    _number_disc(surf, (HAND_COUNTER[0] // 2, HAND_COUNTER[1] // 2), CHIP_DISC, size, CREAM, 32)
    return surf


def warm(patterns: bool = True) -> None:
    """Build what a table shows in its first seconds (faces, back, ghosts, small chips)."""
    with_shadow(back())
    back(HAND_COUNTER)
    slot()
    for species in SPECIES:
        with_shadow(face(species, patterns))
        ghost(species, patterns)
        for count in (1, 2):
            chip(species, count, patterns, False)


_SHADOWED: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


def with_shadow(img: pygame.Surface, radius: int = RADIUS) -> pygame.Surface:
    """``img`` over its resting table shadow, as one surface: a still card is one blit.

    Matches what :class:`sprites.card.CardSprite` draws for a card at rest (shadow offset
    4 px). Keyed by the surface's identity; the painters' caches keep those alive.
    """
    hit = _SHADOWED.get(id(img))
    if hit is not None and hit[0] is img:
        return hit[1]
    from sprites.card import card_shadow
    w, h = img.get_size()
    shadow = card_shadow((w, h), radius)
    sw, sh = shadow.get_size()
    pad = 4 + (sw - w) // 2
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    cx, cy = out.get_width() // 2, out.get_height() // 2
    out.blit(shadow, shadow.get_rect(center=(cx + 4, cy + 4)))
    out.blit(img, img.get_rect(center=(cx, cy)))
    out = ui.fast(out)
    if len(_SHADOWED) > 256:
        _SHADOWED.clear()
    _SHADOWED[id(img)] = (img, out)
    return out


class TableCard(CardSprite):
    """A card sprite whose resting draw is a single blit of face-and-shadow.

    Moving, lifted, scaled, flipping or outlined cards draw the usual way.
    """

    def draw(self, surface: pygame.Surface) -> None:
        if (self.visible and self.scale == 1.0 and self.squash == 1.0 and self.lift == 0.0
                and self.alpha >= 255 and not self.dim and self.outline is None):
            img = with_shadow(self.face if self.face_up else self.back, self.radius)
            surface.blit(img, img.get_rect(center=(int(self.x), int(self.y))))
            return
        super().draw(surface)
