"""Flappy Families' cards, drawn in code: bird faces by family, the predators, the back,
the nests of empty spaces, the bonus tokens and the small family chips, each built once
and cached.

Why it looks the way it does (a TV seen from the couch):

* a bird card wears its family's colour all over: a strong band at the top with the
  family's name, a pale body with the bird, and the bird's own name along the bottom
  (condensed a little or set on two lines, never smaller than the 28 px floor);
* every family also has its own icon (mountain, gem, ghost, pine, waves, fish, note,
  flower, cattail, footprint; a paw for the predators) in a white badge at the top left,
  and with colour patterns on the body is a faint field of that icon, so colour is never
  the only clue;
* predators are dark red with "PREDATOR / -1 point" on the band: they never pass for birds;
* the back is one calm indigo design with a bird in a medallion. The memory aid is baked
  into back variants (family badge plus "seen" or "yours", and the shapes of the seats that
  know the card), so marking a remembered card costs one blit like any other card.

Surfaces are read-only and shared (bounded LRU). Nothing here keeps a Font: text comes from
the assets object, whose fonts live and die with pygame.
"""
from __future__ import annotations

import math
import random

import pygame

from game import i18n
from game.assets import LRU
from game.flappy_families.cards import (CARD_FAMILY, CARD_NAMES, FAMILIES, PREDATOR,
                                        card_name, family_name)
from game.i18n import ngettext, pgettext
from sprites import ui
from sprites.birds import bird_surface
from sprites.card import index_corner as card_index

CARD = (156, 218)      # the Wild, and cards in flight
MINI = (96, 134)       # the viewer's hand, grouped by family
# the index corners: a Wild card's band (its family's name), a hand card's band and badge
INDEX_CARD = (0, 0, 156, 68)
INDEX_MINI = (0, 0, 96, 47)
TINY = (30, 42)        # hand-size backs on a seat plate

OUTLINE = (34, 28, 40)
BACK_BODY = (46, 54, 108)
BACK_EDGE = (232, 196, 108)
BACK_MEDAL = (78, 92, 160)

# family id -> (strong, pale, icon); PREDATOR last
STYLE: dict[int, tuple[tuple[int, int, int], tuple[int, int, int], str]] = {
    0: ((92, 122, 162), (222, 230, 242), "mountain"),     # Alpine Avians
    1: ((204, 58, 148), (250, 222, 238), "gem"),          # Bright Beauties
    2: ((116, 88, 158), (230, 222, 242), "ghost"),        # Eerily Extinct
    3: ((44, 126, 64), (216, 238, 212), "pine"),          # Forest Fliers
    4: ((20, 142, 150), (210, 240, 240), "waves"),        # River Roamers
    5: ((34, 82, 168), (214, 226, 250), "fish"),          # Sea Soarers
    6: ((230, 118, 28), (253, 232, 210), "note"),         # Swooping Singers
    7: ((232, 186, 26), (253, 246, 206), "flower"),       # Tiny Tweeters
    8: ((122, 156, 36), (236, 244, 210), "cattail"),      # Wetland Waders
    9: ((138, 88, 50), (240, 226, 210), "footprint"),     # Winged Walkers
    PREDATOR: ((186, 36, 40), (248, 220, 214), "paw"),
}
BIRD_KEYS = {f: name.lower().replace(" ", "_") for f, name in enumerate(FAMILIES)}

_CACHE = LRU(360, 16 << 20)
SS = 2  # supersampling for the drawn shapes (text and birds are crisp at final size)


def strong(family: int) -> tuple[int, int, int]:
    return STYLE[family][0]


def pale(family: int) -> tuple[int, int, int]:
    return STYLE[family][1]


def ink_on(colour) -> tuple[int, int, int]:
    """White or near-black text, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    lum = 0.299 * r + 0.587 * g + 0.114 * b
    return (30, 24, 34) if lum > 150 else (255, 255, 255)


def bird_key(card: int) -> str:
    family = CARD_FAMILY[card]
    if family == PREDATOR:
        return CARD_NAMES[card].lower()
    return BIRD_KEYS[family]


# -- family icons ---------------------------------------------------------------------------
def draw_icon(surface: pygame.Surface, family: int, center, r: float, colour,
              outline=None, width: int = 0) -> None:
    """A family's icon fitted in a circle of radius ``r`` (filled with ``colour``)."""
    cx, cy = center
    icon = STYLE[family][2]
    w = max(1, int(r * 0.16))
    if icon == "mountain":
        pts = [(cx - r, cy + r * 0.7), (cx - r * 0.25, cy - r * 0.75), (cx + r * 0.1, cy - r * 0.15),
               (cx + r * 0.4, cy - r * 0.5), (cx + r, cy + r * 0.7)]
        pygame.draw.polygon(surface, colour, pts)
        cap = [(cx - r * 0.25, cy - r * 0.75), (cx - r * 0.5, cy - r * 0.28),
               (cx - r * 0.25, cy - r * 0.38), (cx - r * 0.02, cy - r * 0.3)]
        bg = outline if outline is not None else (255, 255, 255)
        pygame.draw.polygon(surface, bg, cap)
    elif icon == "gem":
        top, mid, bot = cy - r * 0.62, cy - r * 0.18, cy + r * 0.85
        pts = [(cx - r * 0.5, top), (cx + r * 0.5, top), (cx + r * 0.95, mid), (cx, bot), (cx - r * 0.95, mid)]
        pygame.draw.polygon(surface, colour, pts)
        bg = outline if outline is not None else (255, 255, 255)
        pygame.draw.line(surface, bg, (cx - r * 0.95, mid), (cx + r * 0.95, mid), w)
        pygame.draw.line(surface, bg, (cx - r * 0.3, mid), (cx, bot), w)
        pygame.draw.line(surface, bg, (cx + r * 0.3, mid), (cx, bot), w)
    elif icon == "ghost":
        body = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.5))
        body.center = (int(cx), int(cy - r * 0.2))
        pygame.draw.ellipse(surface, colour, body)
        pts = [(cx - r * 0.75, cy - r * 0.2), (cx + r * 0.75, cy - r * 0.2)]
        waves = []
        for i in range(7):
            x = cx + r * 0.75 - i * (r * 1.5 / 6)
            y = cy + r * (0.9 if i % 2 == 0 else 0.6)
            waves.append((x, y))
        pygame.draw.polygon(surface, colour, pts + waves)
        bg = outline if outline is not None else (255, 255, 255)
        for dx in (-0.28, 0.28):
            pygame.draw.circle(surface, bg, (int(cx + dx * r), int(cy - r * 0.22)), max(1, int(r * 0.16)))
    elif icon == "pine":
        for k, (y0, half) in enumerate(((-1.0, 0.45), (-0.55, 0.65), (-0.1, 0.85))):
            pygame.draw.polygon(surface, colour, [(cx, cy + r * y0), (cx + r * half, cy + r * (y0 + 0.65)),
                                                  (cx - r * half, cy + r * (y0 + 0.65))])
        pygame.draw.rect(surface, colour, pygame.Rect(int(cx - r * 0.15), int(cy + r * 0.5),
                                                      max(2, int(r * 0.3)), int(r * 0.45)))
    elif icon == "waves":
        for k, oy in enumerate((-0.45, 0.05, 0.55)):
            pts = []
            for i in range(17):
                t = i / 16
                pts.append((cx - r * 0.95 + t * r * 1.9, cy + r * oy + math.sin(t * math.pi * 2.0) * r * 0.18))
            pygame.draw.lines(surface, colour, False, pts, max(2, int(r * 0.26)))
    elif icon == "fish":
        body = pygame.Rect(0, 0, int(r * 1.45), int(r * 0.95))
        body.center = (int(cx + r * 0.12), int(cy))
        pygame.draw.ellipse(surface, colour, body)
        pygame.draw.polygon(surface, colour, [(cx - r * 0.45, cy), (cx - r * 1.0, cy - r * 0.5),
                                              (cx - r * 1.0, cy + r * 0.5)])
        bg = outline if outline is not None else (255, 255, 255)
        pygame.draw.circle(surface, bg, (int(cx + r * 0.5), int(cy - r * 0.1)), max(1, int(r * 0.13)))
    elif icon == "note":
        head = pygame.Rect(0, 0, int(r * 0.85), int(r * 0.62))
        head.center = (int(cx - r * 0.2), int(cy + r * 0.55))
        pygame.draw.ellipse(surface, colour, head)
        x = head.right - max(2, int(r * 0.2)) // 2
        pygame.draw.line(surface, colour, (x, head.centery), (x, cy - r * 0.85), max(2, int(r * 0.2)))
        pygame.draw.polygon(surface, colour, [(x, cy - r * 0.95), (x + r * 0.6, cy - r * 0.5),
                                              (x + r * 0.55, cy - r * 0.2), (x, cy - r * 0.55)])
    elif icon == "flower":
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            pygame.draw.circle(surface, colour, (int(cx + math.cos(a) * r * 0.52), int(cy + math.sin(a) * r * 0.52)),
                               max(1, int(r * 0.42)))
        bg = outline if outline is not None else (255, 255, 255)
        pygame.draw.circle(surface, bg, (int(cx), int(cy)), max(1, int(r * 0.26)))
    elif icon == "cattail":
        pygame.draw.line(surface, colour, (cx, cy + r), (cx, cy - r), max(2, int(r * 0.14)))
        head = pygame.Rect(0, 0, max(3, int(r * 0.5)), int(r * 1.0))
        head.center = (int(cx), int(cy - r * 0.25))
        pygame.draw.ellipse(surface, colour, head)
        pygame.draw.polygon(surface, colour, [(cx, cy + r * 0.9), (cx - r * 0.85, cy - r * 0.2),
                                              (cx - r * 0.2, cy + r * 0.5)])
        pygame.draw.polygon(surface, colour, [(cx, cy + r * 0.9), (cx + r * 0.8, cy + r * 0.05),
                                              (cx + r * 0.2, cy + r * 0.6)])
    elif icon == "footprint":
        wd = max(2, int(r * 0.3))
        base = (cx, cy + r * 0.55)
        for ang in (-0.55, 0.0, 0.55):
            tip = (cx + math.sin(ang) * r * 0.95, cy + r * 0.55 - math.cos(ang) * r * 1.45)
            pygame.draw.line(surface, colour, base, tip, wd)
            pygame.draw.circle(surface, colour, (int(tip[0]), int(tip[1])), wd // 2)
        pygame.draw.line(surface, colour, base, (cx, cy + r * 0.95), wd)
        pygame.draw.circle(surface, colour, (int(base[0]), int(base[1])), int(wd * 0.75))
    else:  # paw
        pad = pygame.Rect(0, 0, int(r * 1.05), int(r * 0.85))
        pad.center = (int(cx), int(cy + r * 0.42))
        pygame.draw.ellipse(surface, colour, pad)
        for dx, dy in ((-0.72, -0.12), (-0.26, -0.62), (0.26, -0.62), (0.72, -0.12)):
            toe = pygame.Rect(0, 0, int(r * 0.44), int(r * 0.56))
            toe.center = (int(cx + dx * r), int(cy + dy * r))
            pygame.draw.ellipse(surface, colour, toe)


# -- painter --------------------------------------------------------------------------------
def index_corner(rect: pygame.Rect, mini: bool = False) -> pygame.Rect:
    """Where the family of a face drawn at ``rect`` is named (``mini``: a hand card)."""
    return card_index(rect, INDEX_MINI if mini else INDEX_CARD, MINI if mini else CARD)


class FFCards:
    """Builds and caches every Flappy Families surface for one assets object.

    ``settings`` is read on every call, so switching colour patterns in the pause menu
    takes effect at the next card drawn (the cache keys carry the flag)."""

    def __init__(self, assets, settings=None) -> None:
        self.assets = assets
        self.settings = settings

    @property
    def patterns(self) -> bool:
        return bool(getattr(self.settings, "colour_patterns", True))

    # public getters ----------------------------------------------------------------------
    def face(self, card: int, size: tuple[int, int] = CARD) -> pygame.Surface:
        key = ("face", card, size, self.patterns, i18n.current())   # names on the face
        surf = _CACHE.get(key)
        if surf is None:
            surf = self._face(card, size)
            _CACHE.put(key, surf)
        return surf

    def mini(self, family: int, size: tuple[int, int] = MINI) -> pygame.Surface:
        """A hand card for a family (no names: the family reads by colour, icon and bird)."""
        key = ("mini", family, size, self.patterns)
        surf = _CACHE.get(key)
        if surf is None:
            surf = self._mini(family, size)
            _CACHE.put(key, surf)
        return surf

    def back(self, size: tuple[int, int] = CARD, memory: tuple[int, str] | None = None,
             knowers: tuple[int, ...] = ()) -> pygame.Surface:
        """The back; ``memory`` (family, "seen"|"yours") and ``knowers`` (seat colour
        indices) give the memory-aid variant."""
        key = ("back", size, memory, knowers, self.patterns,
               i18n.current() if memory is not None else None)   # "seen" / "yours"
        surf = _CACHE.get(key)
        if surf is None:
            if memory is None and not knowers:
                surf = self._back(size)
            else:
                surf = self._marked_back(size, memory, knowers)
            _CACHE.put(key, surf)
        return surf

    def nest(self, size: tuple[int, int] = CARD) -> pygame.Surface:
        """The nest of an empty space (just the bowl: centre it a little below the middle)."""
        key = ("nest", size)
        surf = _CACHE.get(key)
        if surf is None:
            surf = self._nest(size)
            _CACHE.put(key, surf)
        return surf

    def slot_frame(self, size: tuple[int, int] = CARD) -> pygame.Surface:
        key = ("frame", size)
        surf = _CACHE.get(key)
        if surf is None:
            surf = self._frame_outline(size)
            _CACHE.put(key, surf)
        return surf

    def chip(self, family: int, r: int, hollow: bool = False) -> pygame.Surface:
        """A round family marker: the colour with the white icon (hollow: maybe elsewhere)."""
        key = ("chip", family, r, hollow)
        surf = _CACHE.get(key)
        if surf is None:
            d = r * 2 + 4
            big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
            c = (d * SS // 2, d * SS // 2)
            rr = r * SS
            if hollow:
                pygame.draw.circle(big, (30, 34, 46), c, rr)
                pygame.draw.circle(big, strong(family), c, rr, max(2, int(3 * SS)))
                draw_icon(big, family, c, rr * 0.55, strong(family), (30, 34, 46))
            else:
                pygame.draw.circle(big, OUTLINE, c, rr + SS)
                pygame.draw.circle(big, strong(family), c, rr - SS)
                draw_icon(big, family, c, rr * 0.58, (255, 255, 255), strong(family))
            surf = ui.fast(pygame.transform.smoothscale(big, (d, d)))
            _CACHE.put(key, surf)
        return surf

    def token(self, family: int, bonus: int, r: int = 46) -> pygame.Surface:
        """A bonus-slot token: the family's icon on its colour, a '+2'/'+1' tab below."""
        key = ("token", family, bonus, r)
        surf = _CACHE.get(key)
        if surf is None:
            d = r * 2 + 8
            surf = pygame.Surface((d, d + 20), pygame.SRCALPHA)
            disc = self.chip(family, r)
            surf.blit(disc, disc.get_rect(center=(d // 2, d // 2)))
            pygame.draw.circle(surf, (255, 255, 255), (d // 2, d // 2), r + 2, 3)
            tag = self.assets.text(f"+{bonus}", 32, (30, 24, 10), "title")
            box = tag.get_rect(center=(d // 2, d + 2)).inflate(22, 2)
            pygame.draw.rect(surf, ui.ACCENT, box, border_radius=box.h // 2)
            pygame.draw.rect(surf, OUTLINE, box, 2, border_radius=box.h // 2)
            surf.blit(tag, tag.get_rect(center=box.center))
            surf = ui.fast(surf)
            _CACHE.put(key, surf)
        return surf

    def ghost(self, surf: pygame.Surface, alpha: int = 150) -> pygame.Surface:
        """A see-through copy, for previews (cached by the surface it was made from)."""
        key = ("ghost", id(surf), alpha)
        out = _CACHE.get(key)
        if out is None or out[0] is not surf:
            ghost = surf.copy()
            ghost.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            out = (surf, ghost)
            _CACHE.put(key, out)
        return out[1]

    # text that fits ------------------------------------------------------------------------
    def _line(self, text: str, size: int, width: int, colour, face: str = "bold",
              squeeze: float = 0.74) -> pygame.Surface | None:
        """One line no wider than ``width``: condensed a little if need be (never shrunk
        in height, so the 28 px floor holds), or None if it would need to be too narrow."""
        surf = self.assets.text(text, size, colour, face)
        w, h = surf.get_size()
        if w <= width:
            return surf
        if w * squeeze > width:
            return None
        return pygame.transform.smoothscale(surf, (width, h))

    def _lines(self, text: str, size: int, width: int, colour, face: str = "bold"
               ) -> list[pygame.Surface]:
        """``text`` on one line if it fits (condensed a little), else on two."""
        one = self._line(text, size, width, colour, face, squeeze=0.8)
        if one is not None:
            return [one]
        words = text.split()
        if len(words) < 2:
            return [self._line(text, size, width, colour, face, 0.6)
                    or self.assets.text_fit(text, size, width, colour, face)]
        font = self.assets.font(face, size)
        # the break that leaves the longer line shortest; only that one is rendered
        cut = min(range(1, len(words)), key=lambda k: max(
            font.size(" ".join(words[:k]))[0], font.size(" ".join(words[k:]))[0]))
        return [self._line(part, size, width, colour, face, 0.6)
                or self.assets.text_fit(part, size, width, colour, face)
                for part in (" ".join(words[:cut]), " ".join(words[cut:]))]

    # builders --------------------------------------------------------------------------------
    def _frame(self, family: int, size: tuple[int, int], band_h: float):
        """Supersampled card body: colour edge, pale body, top band, icon field, badge."""
        w, h = size
        u = w / CARD[0] * SS
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        rad = int(14 * u)
        dark = family == PREDATOR
        edge, body = strong(family), pale(family)
        pygame.draw.rect(big, edge, R, border_radius=rad)
        inner = R.inflate(-int(12 * u), -int(12 * u))
        pygame.draw.rect(big, body, inner, border_radius=max(rad - 5, 4))
        if self.patterns:   # a faint field of the family's icon: a pattern, not just a hue
            faint = tuple(int(body[i] + (edge[i] - body[i]) * 0.2) for i in range(3))
            step = int(36 * u)
            for row, y in enumerate(range(inner.y + step // 2, inner.bottom, step)):
                for x in range(inner.x + step // 2 + (row % 2) * step // 2, inner.right, step):
                    draw_icon(big, family, (x, y), 8 * u, faint, body)
        if band_h:
            band = pygame.Rect(0, 0, R.w, int(band_h * u))
            pygame.draw.rect(big, edge, band, border_top_left_radius=rad, border_top_right_radius=rad)
            if dark:   # predators: a darker band with teeth along its edge
                pygame.draw.rect(big, (120, 20, 26), band.inflate(-int(8 * u), -int(8 * u)),
                                 border_radius=int(8 * u))
                for i in range(9):
                    x = int(R.w * (i + 0.5) / 9)
                    pygame.draw.polygon(big, edge, [(x - 7 * u, band.bottom - 1), (x + 7 * u, band.bottom - 1),
                                                    (x, band.bottom + 9 * u)])
        pygame.draw.rect(big, OUTLINE, R, max(2, int(2 * u)), border_radius=rad)
        return big, u

    def _badge(self, big: pygame.Surface, family: int, center, r: float) -> None:
        pygame.draw.circle(big, OUTLINE, center, int(r + 3 * SS))
        pygame.draw.circle(big, (255, 255, 255), center, int(r))
        draw_icon(big, family, center, r * 0.66, strong(family), (255, 255, 255))

    def _face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = w / CARD[0]
        family = CARD_FAMILY[card]
        band = 68
        big, u = self._frame(family, size, band)
        badge_c = (int(22 * u), int((band + 20) * u))
        self._badge(big, family, badge_c, 17 * u)
        surf = pygame.transform.smoothscale(big, size)
        a = self.assets
        # the family name (or PREDATOR / -1 point) on the band, two lines
        head_ink = ink_on(strong(family))
        if family == PREDATOR:
            fit = w   # (the English PREDATOR fills the band edge to edge)
            # TRANSLATORS: a predator card's band, in capitals ("Predator" is its family)
            head = pgettext("card band", "PREDATOR")
            cost = ngettext("\u2212{n} point", "\u2212{n} points", 1).format(n=1)
            lines = [self._line(head, 28, fit, (255, 240, 236), "title", 0.6)
                     or a.text_fit(head, 28, fit, (255, 240, 236), "title"),
                     self._line(cost, 28, fit, (255, 220, 210), "bold", 0.6)
                     or a.text_fit(cost, 28, fit, (255, 220, 210), "bold")]
        else:
            lines = [self._line(word, 28, int(w - 14 * s), head_ink, "bold", 0.6)
                     or a.text_fit(word, 28, int(w - 14 * s), head_ink, "bold")
                     for word in family_name(family).split(maxsplit=1)]
        y = int(3 * s)
        for line in lines:
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += int(28 * s)
        # the bird's own name along the bottom
        name_lines = self._lines(card_name(card), 28, int(w - 16 * s), (34, 28, 40))
        step = 28
        top = h - int(8 * s) - step * len(name_lines) - 4
        for i, line in enumerate(name_lines):
            surf.blit(line, line.get_rect(midtop=(w // 2, top + i * step)))
        # the bird between them
        area = pygame.Rect(int(10 * s), int((band + 4) * s), w - int(20 * s), top - int((band + 4) * s) - 2)
        bird = bird_surface(bird_key(card), (int(area.w * 0.86), int(area.h * 0.96)),
                            "left" if card % 2 else "right")
        surf.blit(bird, bird.get_rect(midbottom=(area.centerx + int(6 * s), area.bottom)))
        return ui.fast(surf)

    def _mini(self, family: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        big, u = self._frame(family, size, 0)
        # band: a strong strip across the top with the icon in its badge
        band = pygame.Rect(0, 0, big.get_width(), int(h * SS * 0.24))
        rad = int(14 * u)
        pygame.draw.rect(big, strong(family), band, border_top_left_radius=rad, border_top_right_radius=rad)
        self._badge(big, family, (band.centerx, band.bottom), 15 * SS * (w / MINI[0]))
        pygame.draw.rect(big, OUTLINE, big.get_rect(), max(2, int(2 * u)), border_radius=rad)
        surf = pygame.transform.smoothscale(big, size)
        key = BIRD_KEYS.get(family, "fox")
        area = pygame.Rect(int(w * 0.08), int(h * 0.4), int(w * 0.84), int(h * 0.54))
        bird = bird_surface(key, (area.w, area.h))
        surf.blit(bird, bird.get_rect(midbottom=area.midbottom))
        return ui.fast(surf)

    def _back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        u = w / CARD[0] * SS
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        rad = int(14 * u)
        pygame.draw.rect(big, BACK_BODY, R, border_radius=rad)
        inner = R.inflate(-int(16 * u), -int(16 * u))
        # a soft diagonal lattice, like woven twigs
        lattice = (58, 68, 128)
        step = int(22 * u)
        clip = big.get_clip()
        big.set_clip(inner)
        for x in range(-R.h, R.w + R.h, step):
            pygame.draw.line(big, lattice, (x, 0), (x + R.h, R.h), max(2, int(3 * u)))
            pygame.draw.line(big, lattice, (x, R.h), (x + R.h, 0), max(2, int(3 * u)))
        big.set_clip(clip)
        pygame.draw.rect(big, BACK_EDGE, inner, max(2, int(3 * u)), border_radius=max(rad - 6, 3))
        medal_r = int(min(w, h) * 0.34 * SS)
        pygame.draw.circle(big, OUTLINE, R.center, medal_r + int(4 * u))
        pygame.draw.circle(big, BACK_MEDAL, R.center, medal_r)
        pygame.draw.circle(big, BACK_EDGE, R.center, medal_r, max(2, int(3 * u)))
        pygame.draw.rect(big, OUTLINE, R, max(2, int(2 * u)), border_radius=rad)
        surf = pygame.transform.smoothscale(big, size)
        mr = medal_r // SS
        bird = bird_surface("swooping_singers", (int(mr * 1.6), int(mr * 1.2)), "right", 3)
        surf.blit(bird, bird.get_rect(center=(w // 2, h // 2 - 2)))
        return ui.fast(surf)

    def _marked_back(self, size, memory, knowers) -> pygame.Surface:
        """The back with the memory aid: what it is (for this viewer) and who knows it."""
        surf = self._back(size).copy()
        w, h = size
        s = w / CARD[0]
        if memory is not None:
            family, kind = memory
            r = int(40 * s)
            c = (w // 2, h // 2 - int(8 * s))
            pygame.draw.circle(surf, (255, 255, 255), c, r + 4)
            disc = self.chip(family, r)
            surf.blit(disc, disc.get_rect(center=c))
            word = (pgettext("memory aid", "yours") if kind == "yours"
                    else pgettext("memory aid", "seen") if kind == "seen" else kind)
            tag = self.assets.text(word, 28, (30, 24, 10) if kind == "yours" else (255, 255, 255), "bold")
            box = tag.get_rect(midtop=(w // 2, c[1] + r + 6)).inflate(18, 0)
            fill = ui.ACCENT if kind == "yours" else (30, 34, 46)
            pygame.draw.rect(surf, fill, box, border_radius=box.h // 2)
            pygame.draw.rect(surf, (255, 255, 255), box, 2, border_radius=box.h // 2)
            surf.blit(tag, tag.get_rect(center=box.center))
        if knowers:   # the seats that know this card, as their shapes along the top
            n = len(knowers)
            gap = min(26, (w - 30) // max(n, 1))
            x0 = w // 2 - gap * (n - 1) / 2
            for i, colour in enumerate(knowers):
                ui.draw_shape(surf, ui.SEAT_SHAPES[colour % 6], (int(x0 + i * gap), int(20 * s)), 10,
                              ui.SEAT_COLOURS[colour % 6], (20, 20, 24))
        return ui.fast(surf)

    def _frame_outline(self, size: tuple[int, int]) -> pygame.Surface:
        """Where a card of the Wild lies: a faint dashed outline (part of the table)."""
        w, h = size
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        u = w / CARD[0] * SS
        pygame.draw.rect(big, (255, 255, 255, 22), R, border_radius=int(14 * u))
        dash, gapl = int(14 * u), int(10 * u)
        col = (170, 210, 180, 140)
        m = int(12 * u)
        t = max(2, int(3 * u))
        for x in range(m, R.w - m, dash + gapl):
            pygame.draw.line(big, col, (x, t // 2), (min(x + dash, R.w - m), t // 2), t)
            pygame.draw.line(big, col, (x, R.h - t), (min(x + dash, R.w - m), R.h - t), t)
        for y in range(m, R.h - m, dash + gapl):
            pygame.draw.line(big, col, (t // 2, y), (t // 2, min(y + dash, R.h - m)), t)
            pygame.draw.line(big, col, (R.w - t, y), (R.w - t, min(y + dash, R.h - m)), t)
        return ui.fast(pygame.transform.smoothscale(big, size))

    def _nest(self, size: tuple[int, int]) -> pygame.Surface:
        """An empty space's nest: a woven bowl of twigs waiting for a bird (only the bowl,
        so drawing it on the slot's outline is a small blit)."""
        w = size[0]
        u = w / CARD[0] * SS
        bw, bh = int(w * 0.72 * SS), int(CARD[1] * w / CARD[0] * 0.26 * SS)
        big = pygame.Surface((bw + int(40 * u), bh + int(30 * u)), pygame.SRCALPHA)
        cx, cy = big.get_width() // 2, big.get_height() - bh // 2 - int(4 * u)
        bowl = pygame.Rect(0, 0, bw, bh)
        bowl.center = (cx, cy)
        pygame.draw.ellipse(big, (96, 64, 36), bowl)
        inside = bowl.inflate(-int(bw * 0.22), -int(bh * 0.5)).move(0, -int(bh * 0.12))
        pygame.draw.ellipse(big, (58, 38, 22), inside)
        rng = random.Random(7)
        for _ in range(26):
            a0 = rng.uniform(0.05, math.pi - 0.05)
            x0 = cx + math.cos(a0) * bw * 0.48
            y0 = cy + math.sin(a0) * bh * 0.42
            a1 = a0 + rng.uniform(-0.7, 0.7)
            x1 = cx + math.cos(a1) * bw * rng.uniform(0.3, 0.56)
            y1 = cy + math.sin(a1) * bh * rng.uniform(0.1, 0.5)
            shade = rng.choice(((150, 106, 60), (176, 130, 78), (120, 84, 46)))
            pygame.draw.line(big, shade, (x0, y0), (x1, y1), max(2, int(3 * u)))
        for _ in range(5):   # stray twigs
            x0 = cx + rng.uniform(-0.5, 0.5) * bw
            y0 = cy + rng.uniform(-0.3, 0.1) * bh
            pygame.draw.line(big, (150, 106, 60), (x0, y0),
                             (x0 + rng.uniform(-30, 30) * u, y0 - rng.uniform(6, 16) * u), max(2, int(2 * u)))
        out = (big.get_width() // SS, big.get_height() // SS)
        return ui.fast(pygame.transform.smoothscale(big, out))


def clear_cache() -> None:
    _CACHE.clear()
