"""Flip a Bird's cards, drawn in code: bird faces, special cards, the two cage backs and
the red/green tip cards, at any size, each built once and cached.

Why it looks the way it does (a TV seen from the couch):

* a bird card is its colour all over (strong border, pale body), shows its birds as
  drawings and as a big number in the top-left corner, so a row that is squeezed to a
  strip per card still shows every card's count and colour;
* with colour patterns on, each colour also carries a shape (blue drop, green leaf, red
  heart, yellow sun) next to the number: colour is never the only clue;
* special cards are dark purple with a gold border and an icon, so they never pass for
  birds; colour specials carry their colour's band and shape;
* the backs differ in everything at once: the open cage is light, drawn as bars with
  its door open and a bird outside; the covered cage is dark, a solid cloth over it.

Surfaces are read-only and shared (bounded LRU); dimmed and ghost variants are cached
too, so a frame never copies or recolours a card.
"""
from __future__ import annotations

import math

import pygame

from game import i18n
from game.i18n import _, pgettext
from game.assets import LRU
from game.flip_a_bird.cards import colour_title
from sprites import ui
from sprites.birds import bird_surface
from sprites.card import index_corner as card_index

CARD = (160, 224)      # the row and the hand
SMALL = (104, 146)     # a long row wraps onto two lines of these
MINI = (48, 66)        # hand backs on a seat plate
TIP = (72, 100)        # a tip card played during a claim
TIP_MINI = (48, 66)    # the two tip cards waiting on a seat plate
PIP = 48               # a won-pile colour counter on a seat plate
TIP_BIG = (150, 210)   # the human's red/green choice
# the index corner of a face, at CARD size: the number over the colour's shape (a
# special's mark), top left: a squeezed row shows at least this of every card
INDEX_PART = (0, 0, 54, 92)

COLOURS = ("blue", "green", "red", "yellow")
STRONG = {"blue": (40, 110, 214), "green": (40, 150, 62), "red": (212, 46, 52),
          "yellow": (236, 186, 24)}
PALE = {"blue": (218, 232, 252), "green": (218, 242, 212), "red": (252, 222, 218),
        "yellow": (253, 245, 204)}
DARK = {"blue": (18, 58, 132), "green": (22, 92, 34), "red": (128, 22, 28),
        "yellow": (112, 82, 0)}
SHAPES = {"blue": "drop", "green": "leaf", "red": "heart", "yellow": "sun"}
OUTLINE = (34, 28, 40)
SPECIAL_BODY = (60, 44, 96)
SPECIAL_EDGE = (255, 204, 77)
OPEN_BODY = (150, 206, 240)
COVERED_BODY = (70, 40, 72)
TIP_RED = (214, 46, 52)
TIP_GREEN = (40, 150, 62)
TIP_BACK = (92, 102, 128)

_CACHE = LRU(400, 16 << 20)
SS = 2  # supersampling for the drawn shapes (text and birds are crisp at final size)


# -- colour shapes ----------------------------------------------------------------------
def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """Outline of a colour's shape, fitted in a circle of radius ``r``."""
    cx, cy = center
    pts: list[tuple[float, float]] = []
    if shape == "drop":
        rr = r * 0.64
        oy = cy + r * 0.34
        pts.append((cx, cy - r))
        for i in range(25):
            a = math.radians(-40 + i * (260 / 24))
            pts.append((cx + rr * math.cos(a), oy + rr * math.sin(a)))
        pts.reverse()
    elif shape == "leaf":
        axis = math.radians(-45)
        ca, sa = math.cos(axis), math.sin(axis)
        side = []
        for i in range(13):
            t = i / 12
            u = (t * 2 - 1) * r
            v = math.sin(math.pi * t) * r * 0.52
            side.append((u, v))
        outline = side + [(u, -v) for u, v in reversed(side[1:-1])]
        pts = [(cx + u * ca - v * sa, cy + u * sa + v * ca) for u, v in outline]
    elif shape == "heart":
        k = r / 17.0
        for i in range(36):
            t = 2 * math.pi * i / 36
            x = 16 * math.sin(t) ** 3
            y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
            pts.append((cx + x * k, cy + y * k + r * 0.08))
    else:  # sun: a many-pointed burst
        for i in range(24):
            rad = r if i % 2 == 0 else r * 0.62
            a = -math.pi / 2 + i * math.pi / 12
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def draw_colour_shape(surface: pygame.Surface, colour: str, center, r: float,
                      fill=None, outline=OUTLINE, width: int = 2) -> None:
    """A colour's shape (colour-blind safe marker), filled and outlined."""
    pts = shape_points(SHAPES[colour], center, r)
    pygame.draw.polygon(surface, fill or STRONG[colour], pts)
    if outline is not None and width:
        pygame.draw.polygon(surface, outline, pts, width)
    if SHAPES[colour] == "leaf":   # the midrib makes the leaf a leaf at any size
        cx, cy = center
        d = r * 0.62
        pygame.draw.line(surface, outline or OUTLINE, (cx - d, cy + d), (cx + d * 0.8, cy - d * 0.8),
                         max(1, width - 1))


# -- painter ------------------------------------------------------------------------------
def special_words(kind: str, colour: str | None) -> tuple[str, ...]:
    """The lines printed on a special card ("Specials", "don't count"), in the language
    shown: How to play names the cards in these very words. Each is one message with its
    line break in it, so a translation breaks where its own words allow."""
    if kind == "no_specials":
        # TRANSLATORS: printed on a card, two short lines (keep the line break)
        words = _("Specials\ndon't count")
    elif kind == "no_neighbours":
        # TRANSLATORS: printed on a card, two short lines (keep the line break)
        words = _("Neighbours\ndon't count")
    elif kind == "colour_double":
        # TRANSLATORS: printed on a card, two short lines: "Blue" / "counts ×2"
        words = _("{colour}\ncounts \u00d72").format(colour=colour_title(str(colour)))
    else:
        # TRANSLATORS: printed on a card, two short lines: "Red" / "counts 0"
        words = _("{colour}\ncounts 0").format(colour=colour_title(str(colour)))
    return tuple(words.split("\n"))


def index_corner(rect: pygame.Rect) -> pygame.Rect:
    """Where the number and colour of a face drawn at ``rect`` (any size) lie."""
    return card_index(rect, INDEX_PART, CARD)


class FabCards:
    """Builds and caches every Flip a Bird card surface for one assets object."""

    def __init__(self, assets, patterns: bool = True) -> None:
        self.assets = assets
        self.patterns = patterns

    # public getters ------------------------------------------------------------------
    def face(self, face: tuple, size: tuple[int, int] = CARD, dim: bool = False) -> pygame.Surface:
        """A card face; ``face`` is the rules' tuple ("bird", colour, n) or ("special", ...)."""
        key = ("face", face, size, self.patterns, dim, i18n.current())   # specials: words
        surf = _CACHE.get(key)
        if surf is None:
            if dim:
                surf = _dimmed(self.face(face, size))
            elif face[0] == "bird":
                surf = self._bird_face(face[1], face[2], size)
            else:
                surf = self._special_face(face[1], face[2], size)
            _CACHE.put(key, surf)
        return surf

    def back(self, open_back: bool, size: tuple[int, int] = CARD, dim: bool = False) -> pygame.Surface:
        key = ("back", open_back, size, dim, i18n.current())   # "OPEN" / "COVERED"
        surf = _CACHE.get(key)
        if surf is None:
            surf = _dimmed(self.back(open_back, size)) if dim else self._back(open_back, size)
            _CACHE.put(key, surf)
        return surf

    def tip(self, kind: str, size: tuple[int, int] = TIP) -> pygame.Surface:
        """A tip card: "red", "green" or "down" (its back)."""
        key = ("tip", kind, size)
        surf = _CACHE.get(key)
        if surf is None:
            surf = self._tip(kind, size)
            _CACHE.put(key, surf)
        return surf

    def ghost(self, surf: pygame.Surface) -> pygame.Surface:
        """A see-through copy, for previews (cached by the surface it was made from)."""
        key = ("ghost", id(surf))
        out = _CACHE.get(key)
        if out is None or out[0] is not surf:
            ghost = surf.copy()
            ghost.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
            out = (surf, ghost)
            _CACHE.put(key, out)
        return out[1]

    def pip(self, colour: str, count: int, needed: bool) -> pygame.Surface:
        """A won-pile counter: the colour (and shape) with how many cards of it are won.
        ``needed``: this colour holds back the next set (drawn hollow)."""
        key = ("pip", colour, count, needed, self.patterns)
        surf = _CACHE.get(key)
        if surf is None:
            surf = self._pip(colour, count, needed)
            _CACHE.put(key, surf)
        return surf

    def special_pip(self, count: int) -> pygame.Surface:
        key = ("spip", count)
        surf = _CACHE.get(key)
        if surf is None:
            surf = pygame.Surface((PIP, PIP), pygame.SRCALPHA)
            pygame.draw.rect(surf, SPECIAL_BODY, surf.get_rect(), border_radius=10)
            pygame.draw.rect(surf, SPECIAL_EDGE, surf.get_rect(), 3, border_radius=10)
            txt = self.assets.text(str(count), 32, (255, 255, 255), "bold")
            surf.blit(txt, txt.get_rect(center=(PIP // 2, PIP // 2)))
            surf = ui.fast(surf)
            _CACHE.put(key, surf)
        return surf

    def warm(self) -> None:
        """Build every face, back and tip a table needs up front (about 0.1 s), so no
        frame of a game has to paint a card."""
        from game.flip_a_bird.cards import CARDS

        for face in sorted({c.face for c in CARDS}, key=repr):
            self.face(face)
            self.face(face, dim=True)
        for open_back in (True, False):
            for size in (CARD, MINI):
                self.back(open_back, size)
            self.back(open_back, CARD, dim=True)
        for kind in ("red", "green", "down"):
            self.tip(kind)
            self.tip(kind, TIP_MINI)

    # builders ------------------------------------------------------------------------
    def _bird_face(self, colour: str, birds: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = w / CARD[0]
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        rad = int(14 * s * SS)
        pygame.draw.rect(big, STRONG[colour], R, border_radius=rad)
        inner = R.inflate(-int(14 * s * SS), -int(14 * s * SS))
        pygame.draw.rect(big, PALE[colour], inner, border_radius=max(rad - 6, 4))
        if self.patterns:  # a faint field of the colour's shape: a pattern, not just a hue
            faint = _mix(PALE[colour], STRONG[colour], 0.22)
            step = int(34 * s * SS)
            for row, y in enumerate(range(inner.y + step // 2, inner.bottom, step)):
                for x in range(inner.x + step // 2 + (row % 2) * step // 2, inner.right, step):
                    draw_colour_shape(big, colour, (x, y), 7 * s * SS, faint, None, 0)
        # corner index: shape under the number (top-left stays visible when squeezed)
        if self.patterns:
            draw_colour_shape(big, colour, (int(27 * s * SS), int(74 * s * SS)), 14 * s * SS,
                              width=max(2, int(2 * s * SS)))
        pygame.draw.rect(big, OUTLINE, R, max(2, int(2 * s * SS)), border_radius=rad)
        surf = pygame.transform.smoothscale(big, size)
        # birds, then the numbers (crisp at the final size)
        area = pygame.Rect(int(44 * s), int(26 * s), int(104 * s), int(172 * s))
        key = f"fab_{colour}"
        if birds == 1:
            spots = [((0.5, 0.5), 0.9)]
        elif birds == 2:
            spots = [((0.5, 0.27), 0.62), ((0.5, 0.73), 0.62)]
        else:
            spots = [((0.5, 0.19), 0.5), ((0.5, 0.5), 0.5), ((0.5, 0.81), 0.5)]
        for (fx, fy), k in spots:
            bw = int(area.w * k * (1.0 if birds == 1 else 1.15))
            bh = int(area.h * k * (0.55 if birds == 1 else 0.5))
            bird = bird_surface(key, (bw, bh), "right" if fy < 0.6 or birds == 1 else "left")
            surf.blit(bird, bird.get_rect(center=(area.x + area.w * fx, area.y + area.h * fy)))
        size_px = max(28, int(54 * s))
        num = self.assets.text(str(birds), size_px, DARK[colour], "title")
        surf.blit(num, num.get_rect(center=(int(27 * s), int(33 * s))))
        if w >= CARD[0]:
            flipped = pygame.transform.rotate(num, 180)
            surf.blit(flipped, flipped.get_rect(center=(w - int(24 * s), h - int(30 * s))))
        return ui.fast(surf)

    def _special_face(self, kind: str, colour: str | None, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = w / CARD[0]
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        rad = int(14 * s * SS)
        pygame.draw.rect(big, SPECIAL_BODY, R, border_radius=rad)
        if colour is not None:  # the colour's band across the top
            band = pygame.Rect(0, 0, R.w, int(58 * s * SS))
            pygame.draw.rect(big, STRONG[colour], band, border_top_left_radius=rad,
                             border_top_right_radius=rad)
        pygame.draw.rect(big, SPECIAL_EDGE, R, int(5 * s * SS), border_radius=rad)
        u = s * SS
        cx, cy = R.centerx, int(108 * u)
        if kind == "no_specials":
            card = pygame.Rect(0, 0, int(52 * u), int(72 * u))
            card.center = (cx, cy)
            pygame.draw.rect(big, SPECIAL_BODY, card, border_radius=int(6 * u))
            pygame.draw.rect(big, SPECIAL_EDGE, card, int(4 * u), border_radius=int(6 * u))
            _star(big, (card.centerx, card.centery), 18 * u, SPECIAL_EDGE)
            _no_sign(big, (cx, cy), 46 * u)
        elif kind == "no_neighbours":
            for dx, crossed in ((-40, True), (0, False), (40, True)):
                card = pygame.Rect(0, 0, int(32 * u), int(46 * u))
                card.center = (cx + int(dx * u), cy)
                fill = SPECIAL_EDGE if not crossed else (200, 196, 210)
                pygame.draw.rect(big, fill, card, border_radius=int(5 * u))
                pygame.draw.rect(big, OUTLINE, card, max(2, int(2 * u)), border_radius=int(5 * u))
                if crossed:
                    _cross(big, card.center, 17 * u, (226, 60, 60), int(6 * u))
            for sx in (-1, 1):  # arrows pushing the neighbours away
                x0 = cx + sx * int(18 * u)
                y0 = cy + int(36 * u)
                pygame.draw.line(big, SPECIAL_EDGE, (x0, y0), (x0 + sx * int(36 * u), y0), int(5 * u))
                tip = (x0 + sx * int(44 * u), y0)
                pygame.draw.polygon(big, SPECIAL_EDGE, [tip, (tip[0] - sx * int(12 * u), y0 - int(9 * u)),
                                                        (tip[0] - sx * int(12 * u), y0 + int(9 * u))])
        pygame.draw.rect(big, OUTLINE, R, max(2, int(2 * u)), border_radius=rad)
        if colour is not None and self.patterns:
            draw_colour_shape(big, colour, (int(28 * u), int(29 * u)), 16 * u,
                              fill=(255, 255, 255), width=max(2, int(2 * u)))
        elif colour is None:
            _star(big, (int(28 * u), int(29 * u)), 17 * u, SPECIAL_EDGE)
        surf = pygame.transform.smoothscale(big, size)
        a = self.assets
        if colour is not None:
            bird = bird_surface(f"fab_{colour}", (int(92 * s), int(70 * s)))
            surf.blit(bird, bird.get_rect(center=(w // 2 - int(10 * s), int(104 * s))))
            mark = "\u00d72" if kind == "colour_double" else "\u00d70"
            tint = (255, 224, 96) if kind == "colour_double" else (255, 120, 110)
            tag = a.text(mark, max(28, int(44 * s)), tint, "title")
            box = tag.get_rect(center=(w - int(34 * s), int(138 * s))).inflate(int(12 * s), 0)
            pygame.draw.rect(surf, (24, 18, 40), box, border_radius=int(12 * s))
            surf.blit(tag, tag.get_rect(center=box.center))
            if kind == "colour_zero":
                pygame.draw.line(surf, (255, 120, 110), (int(30 * s), int(140 * s)),
                                 (int(112 * s), int(70 * s)), max(3, int(7 * s)))
        if w >= CARD[0]:
            y = h - int(66 * s)
            for line in special_words(kind, colour):
                txt = _narrowed(a.text(line, 28, (255, 255, 255), "bold"), w - 12)
                surf.blit(txt, txt.get_rect(midtop=(w // 2, y)))
                y += 30
        if colour is not None:
            cap = a.text(colour_title(colour), 28, (255, 255, 255) if colour != "yellow" else OUTLINE,
                         "bold")
            if w >= CARD[0]:
                cap = _narrowed(cap, w - int(54 * s) - 6)   # within the band
                surf.blit(cap, cap.get_rect(midleft=(int(54 * s), int(29 * s))))
        return ui.fast(surf)

    def _back(self, open_back: bool, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        s = w / CARD[0]
        u = s * SS
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        rad = int(14 * u)
        body = OPEN_BODY if open_back else COVERED_BODY
        edge = (250, 250, 244) if open_back else (168, 120, 170)
        pygame.draw.rect(big, body, R, border_radius=rad)
        pygame.draw.rect(big, edge, R.inflate(-int(12 * u), -int(12 * u)), max(2, int(4 * u)),
                         border_radius=max(rad - 4, 3))
        cx = R.centerx - (int(12 * u) if open_back else 0)
        top, base = int(46 * u), int(166 * u)
        half = int(46 * u)
        dome_cy = top + half
        ink = (44, 52, 78)
        if open_back:
            # bars, dome and base: a cage you can see into, its door swung open
            pygame.draw.arc(big, ink, pygame.Rect(cx - half, top, half * 2, half * 2), 0, math.pi,
                            max(2, int(5 * u)))
            for i in range(5):
                x = cx - half + int(i * half * 2 / 4)
                y0 = dome_cy - int(math.sqrt(max(half ** 2 - (x - cx) ** 2, 0)))
                pygame.draw.line(big, ink, (x, y0), (x, base), max(2, int(4 * u)))
            pygame.draw.rect(big, ink, pygame.Rect(cx - half - int(8 * u), base, half * 2 + int(16 * u),
                                                  int(12 * u)), border_radius=int(4 * u))
            pygame.draw.circle(big, ink, (cx, top - int(6 * u)), int(7 * u), max(2, int(3 * u)))
            door = [(cx + half, dome_cy + int(10 * u)), (cx + half + int(26 * u), dome_cy + int(24 * u)),
                    (cx + half + int(26 * u), base - int(4 * u)), (cx + half, base - int(16 * u))]
            pygame.draw.polygon(big, (250, 250, 244), door)
            pygame.draw.polygon(big, ink, door, max(2, int(4 * u)))
            # the gap where the door was
            gap = pygame.Rect(cx + int(4 * u), dome_cy + int(10 * u), half - int(8 * u),
                              base - dome_cy - int(26 * u))
            pygame.draw.rect(big, body, gap)
        else:
            # a solid cloth over the cage, scalloped hem, ring on top: nothing shows through
            cloth = (196, 70, 92)
            shade = (150, 44, 70)
            pts = []
            for i in range(21):
                a = math.pi + i * math.pi / 20
                pts.append((cx + (half + int(10 * u)) * math.cos(a), dome_cy + (half + int(8 * u)) * math.sin(a)))
            pts += [(cx + half + int(18 * u), base + int(6 * u)), (cx - half - int(18 * u), base + int(6 * u))]
            pygame.draw.polygon(big, cloth, pts)
            for i in range(4):  # folds
                x = cx - half + int((i + 0.5) * (half * 2) / 4)
                pygame.draw.line(big, shade, (x, dome_cy), (x + int((i - 1.5) * 6 * u), base), max(2, int(4 * u)))
            scallop = int((half * 2 + int(36 * u)) / 6)
            x0 = cx - half - int(18 * u)
            for i in range(6):
                pygame.draw.circle(big, cloth, (x0 + scallop // 2 + i * scallop, base + int(6 * u)), scallop // 2)
            pygame.draw.polygon(big, OUTLINE, pts, max(2, int(3 * u)))
            pygame.draw.circle(big, (236, 196, 90), (cx, top - int(6 * u)), int(8 * u), max(2, int(4 * u)))
        pygame.draw.rect(big, OUTLINE, R, max(2, int(2 * u)), border_radius=rad)
        surf = pygame.transform.smoothscale(big, size)
        if open_back and w >= SMALL[0]:
            bird = bird_surface("fab_yellow", (int(46 * s), int(40 * s)), "right", 3)
            surf.blit(bird, bird.get_rect(center=(w - int(30 * s), int(44 * s))))
        if w >= CARD[0]:
            if open_back:
                # TRANSLATORS: in capitals at the foot of a card back: an open cage
                label = pgettext("card back", "OPEN")
            else:
                # TRANSLATORS: in capitals at the foot of a card back: a cage under a cloth
                label = pgettext("card back", "COVERED")
            txt = _narrowed(self.assets.text(label, 28, (30, 34, 52) if open_back
                                             else (250, 236, 240), "bold"), w - 16)
            surf.blit(txt, txt.get_rect(midbottom=(w // 2, h - 12)))
        return ui.fast(surf)

    def _tip(self, kind: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        u = w / TIP[0] * SS
        big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        R = big.get_rect()
        rad = int(10 * u)
        body = {"red": TIP_RED, "green": TIP_GREEN}.get(kind, TIP_BACK)
        pygame.draw.rect(big, body, R, border_radius=rad)
        pygame.draw.rect(big, (250, 246, 236), R.inflate(-int(8 * u), -int(8 * u)), max(2, int(3 * u)),
                         border_radius=max(rad - 3, 2))
        cx, cy = R.centerx, R.centery
        white = (255, 255, 255)
        if kind == "red":   # too many: a warning triangle with '!'
            r = 24 * u
            tri = [(cx, cy - r), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)]
            pygame.draw.polygon(big, white, tri)
            pygame.draw.line(big, TIP_RED, (cx, cy - r * 0.45), (cx, cy + r * 0.28), max(3, int(6 * u)))
            pygame.draw.circle(big, TIP_RED, (cx, int(cy + r * 0.56)), max(2, int(3.5 * u)))
        elif kind == "green":  # not too many: a tick in a circle
            r = 24 * u
            pygame.draw.circle(big, white, (cx, cy), int(r))
            pygame.draw.lines(big, TIP_GREEN, False, [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.4),
                                                      (cx + r * 0.55, cy - r * 0.42)], max(3, int(7 * u)))
        else:
            pygame.draw.circle(big, (120, 130, 158), (cx, cy), int(22 * u))
        pygame.draw.rect(big, OUTLINE, R, max(2, int(2 * u)), border_radius=rad)
        surf = pygame.transform.smoothscale(big, size)
        if kind == "down" and w >= TIP[0]:
            q = self.assets.text("?", 40 if w < TIP_BIG[0] else 64, white, "title")
            surf.blit(q, q.get_rect(center=(w // 2, h // 2)))
        return ui.fast(surf)

    def _pip(self, colour: str, count: int, needed: bool) -> pygame.Surface:
        surf = pygame.Surface((PIP, PIP), pygame.SRCALPHA)
        rect = surf.get_rect()
        if needed:
            pygame.draw.rect(surf, (24, 28, 40), rect, border_radius=10)
            pygame.draw.rect(surf, STRONG[colour], rect, 4, border_radius=10)
        else:
            pygame.draw.rect(surf, STRONG[colour], rect, border_radius=10)
            pygame.draw.rect(surf, OUTLINE, rect, 2, border_radius=10)
        if self.patterns:
            draw_colour_shape(surf, colour, (10, 10), 7, fill=(255, 255, 255) if not needed else STRONG[colour],
                              width=1)
        dark_text = not needed and colour == "yellow"
        txt = self.assets.text(str(count), 32, OUTLINE if dark_text else (255, 255, 255), "bold")
        surf.blit(txt, txt.get_rect(center=(PIP // 2 + (3 if self.patterns else 0), PIP // 2 + 1)))
        return ui.fast(surf)


# -- little drawing helpers ----------------------------------------------------------------
def _mix(a, b, t: float):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def _dimmed(surf: pygame.Surface) -> pygame.Surface:
    """Greyed-out: what 'does not count' looks like (cached by the callers)."""
    out = surf.copy()
    grey = pygame.transform.grayscale(out)
    grey.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
    return ui.fast(grey)


def _star(surface, center, r, colour) -> None:
    cx, cy = center
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, OUTLINE, pts, 2)


def _no_sign(surface, center, r, colour=(226, 60, 60)) -> None:
    cx, cy = center
    width = max(4, int(r * 0.18))
    pygame.draw.circle(surface, colour, (int(cx), int(cy)), int(r), width)
    d = r * 0.7
    pygame.draw.line(surface, colour, (cx - d, cy - d), (cx + d, cy + d), width)


def _cross(surface, center, r, colour, width) -> None:
    cx, cy = center
    pygame.draw.line(surface, colour, (cx - r, cy - r), (cx + r, cy + r), width)
    pygame.draw.line(surface, colour, (cx - r, cy + r), (cx + r, cy - r), width)


def _narrowed(txt: pygame.Surface, width: int) -> pygame.Surface:
    """``txt`` squeezed sideways to ``width`` when it is wider (a longer translation on a
    card), never cut; as it is when it fits."""
    if txt.get_width() <= width:
        return txt
    return pygame.transform.smoothscale(txt, (width, txt.get_height()))


def clear_cache() -> None:
    _CACHE.clear()
