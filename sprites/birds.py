"""Procedurally drawn birds (and four friendly predators) for cards, tables and titles.

Why procedural: no image files to license or download, one consistent chunky style,
and any size is crisp. Each look is a frozen ``BirdLook`` of a few dozen parameters.

How a bird is drawn: the builders record shapes (polygons, circles, thick lines) in an
abstract unit space, a bird facing right with y pointing down. ``_render`` fits that
drawing into the requested size, paints it at twice the resolution, puts a dark
outline round the whole silhouette by dilating its mask (so it reads on any card
colour), and smooth-scales it down, which antialiases every edge for free.

Surfaces returned by the cached functions are shared: treat them as read-only
(``.copy()`` one before drawing on it).
"""
from __future__ import annotations

import importlib
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

import pygame

from game.assets import surface_cache
from game.engine import GAMES

Color = tuple[int, int, int]
Point = tuple[float, float]
ToWorld = Callable[[list[Point]], list[Point]]

OUTLINE: Color = (38, 30, 44)
SUPERSAMPLE = 2          # paint at 2x then smoothscale: cheap antialiasing
OUTLINE_UNITS = 2.7      # silhouette outline thickness, in drawing units
STROKE_UNITS = 1.6       # inner lines (wing edge, beak, tail), in drawing units
FLAP_ANGLES = (0.0, -30.0, 38.0, 100.0)   # wing poses: folded, down, level, up

BODY_SHAPES = ("round", "slim", "tall", "long_necked", "waddler")
KINDS = ("bird", "fox", "cat", "stoat", "snake")


@dataclass(frozen=True)
class BirdLook:
    """Everything that makes one species look like itself; hashable, so it caches.

    Colours are RGB tuples. Lengths are multipliers of the body shape's defaults
    (1.0 = typical). ``accents`` is a tuple of (kind, colour) drawn in order; kinds:
    cap, face, cheek, chinstrap, mask, throat, collar, breast_band, bib, flank, brow,
    moustache, wing_patch, speculum, wing_tip, wing_bar, blush.
    """

    body: Color
    belly: Color
    head: Color
    wing: Color
    beak: Color = (244, 170, 46)
    beak_len: float = 1.0
    beak_shape: str = "cone"     # cone thin stout hook flat banana bent dagger puffin
    beak_tip: Color | None = None
    eye: str = "dot"             # dot big ring fierce owl sleepy
    eye_color: Color = (40, 30, 30)
    crest: str = "none"          # none tuft crest ears plume shaggy
    crest_color: Color | None = None
    crest_size: float = 1.0
    tail: str = "short"          # short long wedge forked fan cocked plume tuft peacock
    tail_len: float = 1.0
    tail_color: Color | None = None
    tail_tip: Color | None = None
    tail_angle: float = 0.0      # degrees added to the natural tail direction (+ = up)
    leg_len: float = 1.0
    leg_color: Color = (236, 150, 60)
    shape: str = "round"
    head_size: float = 1.0
    neck_len: float = 1.0
    neck_curve: float = 0.0      # 0 straight, 1 a flamingo S
    neck_color: Color | None = None
    plump: float = 1.0           # scales the body's height
    body_len: float = 1.0        # scales the body's length
    leg_width: float = 1.0
    wing_len: float = 1.0
    accents: tuple[tuple[str, Color], ...] = ()
    pattern: str = "none"        # none speckle bars
    pattern_color: Color = (255, 255, 255)
    pose: str = "stand"          # stand one_leg cling head_down reed
    kind: str = "bird"           # bird fox cat stoat snake


# --- small geometry helpers ---------------------------------------------------------

def _xf(pts: Iterable[Point], origin: Point, deg: float = 0.0,
        scale: Point = (1.0, 1.0)) -> list[Point]:
    """Scale, rotate, then move local points into the drawing's space.

    Positive degrees turn +x towards +y, i.e. clockwise on screen (y points down).
    """
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    ox, oy = origin
    sx, sy = scale
    return [(ox + x * sx * c - y * sy * s, oy + x * sx * s + y * sy * c) for x, y in pts]


@lru_cache(maxsize=16)
def _unit_circle(n: int) -> tuple[Point, ...]:
    """Cached cos/sin table: every ellipse is this, scaled."""
    return tuple((math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n))
                 for i in range(n))


def _ellipse(rx: float, ry: float, n: int = 40) -> list[Point]:
    """An ellipse as a polygon, so it can be rotated and clipped like any shape."""
    return [(rx * x, ry * y) for x, y in _unit_circle(n)]


def _clip(pts: list[Point], nx: float, ny: float, c: float) -> list[Point]:
    """Keep the part of a polygon where nx*x + ny*y <= c (Sutherland-Hodgman, one edge).

    Clipping lets caps, masks, bibs and wing patches follow a shape's outline exactly
    instead of spilling past the silhouette.
    """
    out: list[Point] = []
    n = len(pts)
    for i in range(n):
        p, q = pts[i], pts[(i + 1) % n]
        dp = nx * p[0] + ny * p[1] - c
        dq = nx * q[0] + ny * q[1] - c
        if dp <= 0:
            out.append(p)
        if (dp < 0 < dq) or (dq < 0 < dp):
            t = dp / (dp - dq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int) -> list[Point]:
    """Points along a cubic Bezier: necks, tails and snakes."""
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0]
                    + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1]
                    + t ** 3 * p3[1]))
    return pts


def _shade(c: Color, k: float) -> Color:
    """Darken (k < 1) or lighten (k > 1) a colour, for soft shading and back legs."""
    if k <= 1:
        return (int(c[0] * k), int(c[1] * k), int(c[2] * k))
    return tuple(int(v + (255 - v) * (k - 1)) for v in c)  # type: ignore[return-value]


# --- the recorded drawing -------------------------------------------------------------

class _Sketch:
    """A display list in drawing units; rendering and fitting happen later, in one go."""

    def __init__(self) -> None:
        self.ops: list[tuple] = []
        self.shadow: tuple[float, float, float] | None = None   # (x, ground y, half width)

    def poly(self, color: Color, pts: list[Point], stroke: bool = False) -> None:
        if len(pts) >= 3:
            self.ops.append(("poly", color, pts, stroke))

    def circle(self, color: Color, c: Point, r: float, stroke: bool = False) -> None:
        self.ops.append(("circle", color, c, r, stroke))

    def line(self, color: Color, pts: list[Point], width: float) -> None:
        self.ops.append(("line", color, pts, width))

    def bounds(self) -> tuple[float, float, float, float]:
        """The drawing's extent in units (ignoring the outline, added by ``_render``)."""
        xs: list[float] = []
        ys: list[float] = []
        for op in self.ops:
            if op[0] == "poly":
                xs.extend(p[0] for p in op[2])
                ys.extend(p[1] for p in op[2])
            elif op[0] == "circle":
                (x, y), r = op[2], op[3]
                xs += [x - r, x + r]
                ys += [y - r, y + r]
            else:
                h = op[3] / 2
                for x, y in op[2]:
                    xs += [x - h, x + h]
                    ys += [y - h, y + h]
        return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=32)
def _disc(r: int) -> pygame.Mask:
    """A filled disc mask: convolving with it grows a silhouette by ``r`` pixels."""
    disc = pygame.Mask((2 * r + 1, 2 * r + 1))
    for yy in range(2 * r + 1):
        for xx in range(2 * r + 1):
            if (xx - r) ** 2 + (yy - r) ** 2 <= r * r + r:
                disc.set_at((xx, yy))
    return disc


def _render(sk: _Sketch, size: tuple[int, int],
            bounds: tuple[float, float, float, float] | None = None) -> pygame.Surface:
    """Fit, paint at 2x, outline by mask dilation, and smooth-scale to ``size``."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    W, H = w * SUPERSAMPLE, h * SUPERSAMPLE
    x0, y0, x1, y1 = bounds or sk.bounds()
    bw, bh = max(x1 - x0, 1e-6), max(y1 - y0, 1e-6)
    # The outline grows with the scale, so solve for the scale with it included.
    k = min(W / (bw + 2 * OUTLINE_UNITS + 2), H / (bh + 2 * OUTLINE_UNITS + 2))
    k = max(k, 1e-3)
    pad = (OUTLINE_UNITS + 1) * k
    ox = (W - bw * k) / 2 - x0 * k
    oy = H - pad - y1 * k

    def tp(p: Point) -> tuple[int, int]:
        return (round(ox + p[0] * k), round(oy + p[1] * k))

    stroke = max(1, round(STROKE_UNITS * k))
    layer = pygame.Surface((W, H), pygame.SRCALPHA)
    layer.fill((*OUTLINE, 0))
    for op in sk.ops:
        kind, color = op[0], op[1]
        if kind == "poly":
            pts = [tp(p) for p in op[2]]
            pygame.draw.polygon(layer, color, pts)
            if op[3]:
                pygame.draw.lines(layer, OUTLINE, True, pts, stroke)
                if len(pts) < 14:   # round the corners of sharp shapes
                    for p in pts:
                        pygame.draw.circle(layer, OUTLINE, p, stroke / 2)
        elif kind == "circle":
            c, r = tp(op[2]), max(1.0, op[3] * k)
            pygame.draw.circle(layer, color, c, r)
            if op[4]:
                pygame.draw.circle(layer, OUTLINE, c, r, stroke)
        else:
            pts = [tp(p) for p in op[2]]
            lw = max(1, round(op[3] * k))
            if len(pts) > 1:
                pygame.draw.lines(layer, color, False, pts, lw)
            for p in pts:
                pygame.draw.circle(layer, color, p, lw / 2)

    out = pygame.Surface((W, H), pygame.SRCALPHA)
    out.fill((*OUTLINE, 0))
    if sk.shadow is not None:
        sx, sy, sw = sk.shadow
        cx, cy = tp((sx, sy))
        rw, rh = sw * k, max(2.0, 3.2 * k)
        pygame.draw.ellipse(out, (0, 0, 0, 50),
                            pygame.Rect(cx - rw, cy - rh, 2 * rw, 2 * rh))
    r = max(1, round(OUTLINE_UNITS * k))
    grown = pygame.Mask((W, H))
    pygame.mask.from_surface(layer, 1).convolve(_disc(r), grown, (-r, -r))
    out.blit(grown.to_surface(setcolor=(*OUTLINE, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))
    out.blit(layer, (0, 0))
    if SUPERSAMPLE == 1:
        return out
    return pygame.transform.smoothscale(out, (w, h))


# --- birds ------------------------------------------------------------------------------

# Body shapes: body radii, tilt (negative lifts the front), head offset and radius.
# Wings: shoulder as fractions of the radii, angle (negative swings the tip down),
# and length as a fraction of the body length (rx) or, for upright bodies, height (ry).
_SHAPES: dict[str, dict] = {
    "round": dict(rx=30, ry=25, tilt=-12, head=(21, -24), hr=17,
                  wing=((0.3, -0.3), 4, 1.25, "rx")),
    "slim": dict(rx=31, ry=17, tilt=-20, head=(26, -19), hr=13,
                 wing=((0.3, -0.3), 4, 1.25, "rx")),
    "tall": dict(rx=22, ry=30, tilt=-4, head=(4, -31), hr=19,
                 wing=((-0.12, -0.5), -62, 1.2, "ry")),
    "long_necked": dict(rx=28, ry=17, tilt=-6, head=None, hr=10,
                        wing=((0.3, -0.3), 4, 1.25, "rx")),
    "waddler": dict(rx=33, ry=26, tilt=-16, head=(25, -27), hr=15,
                    wing=((0.3, -0.3), 4, 1.25, "rx")),
}
# Pose: body rotation, head rotation, which side a tree trunk stands (or None), and
# where the head sits (fractions of the body radii) when the body is turned.
_POSES: dict[str, tuple[float, float, str | None, Point | None]] = {
    "stand": (0.0, 0.0, None, None),
    "one_leg": (0.0, 0.0, None, None),
    "reed": (0.0, 0.0, None, None),
    "cling": (-66.0, -10.0, "right", (0.92, 0.08)),
    "head_down": (60.0, 10.0, "left", (0.95, -0.1)),
}
_TRUNK = (150, 108, 74)
_DOTS_RNG_SEED = 20240601   # speckle positions: fixed, so every render looks the same


def _beak_outline(shape: str, L: float, h: float) -> tuple[list[Point], list[Point]]:
    """Upper and lower edges of a beak, base at x=0, pointing along +x (y down)."""
    if shape == "hook":
        upper = [(0, -h / 2), (L * .5, -h * .55), (L * .85, -h * .38), (L * 1.0, -h * .02),
                 (L * .98, h * .42), (L * .86, h * .78)]
        lower = [(0, h / 2), (L * .5, h * .42), (L * .74, h * .36), (L * .8, h * .6),
                 (L * .86, h * .78)]
    elif shape == "flat":
        upper = [(0, -h / 2), (L * .7, -h * .32), (L * .97, -h * .22), (L * 1.03, h * .05)]
        lower = [(0, h / 2), (L * .7, h * .35), (L * .97, h * .32), (L * 1.03, h * .05)]
    elif shape == "banana":
        upper = [(0, -h / 2), (L * .45, -h * .58), (L * .8, -h * .38), (L * .98, -h * .05),
                 (L * 1.02, h * .2)]
        lower = [(0, h / 2), (L * .5, h * .35), (L * .85, h * .22), (L * 1.02, h * .2)]
    elif shape == "bent":
        upper = [(0, -h / 2), (L * .5, -h * .45), (L * .72, -h * .2), (L * .9, h * .35),
                 (L * .98, h * 1.0)]
        lower = [(0, h / 2), (L * .45, h * .45), (L * .62, h * .6), (L * .82, h * .95),
                 (L * .98, h * 1.0)]
    elif shape == "puffin":
        upper = [(0, -h / 2), (L * .5, -h * .3), (L * .95, h * .05), (L, h * .18)]
        lower = [(0, h / 2), (L * .5, h * .42), (L, h * .18)]
    elif shape == "dagger":
        upper = [(0, -h / 2), (L * .6, -h * .2), (L, h * .04)]
        lower = [(0, h / 2), (L * .6, h * .22), (L, h * .04)]
    else:   # cone, thin, stout
        upper = [(0, -h / 2), (L * .55, -h * .28), (L, h * .05)]
        lower = [(0, h / 2), (L * .55, h * .3), (L, h * .05)]
    return upper, lower


def _beak(sk: _Sketch, lk: BirdLook, hc: Point, hr: float, angle: float) -> Point:
    """Draw the beak on the head's front edge; returns its tip (for trunk placement)."""
    shape = lk.beak_shape
    L = hr * lk.beak_len * {"banana": 2.0, "bent": 1.5, "dagger": 1.5, "puffin": 0.9,
                            "flat": 1.0, "stout": 0.95, "hook": 0.75}.get(shape, 0.8)
    h = hr * {"banana": 1.15, "puffin": 1.2, "stout": 0.62, "thin": 0.34, "flat": 0.5,
              "bent": 0.5, "dagger": 0.46, "hook": 0.6}.get(shape, 0.5)
    base_dy = {"banana": 0.05, "puffin": 0.12, "bent": 0.1}.get(shape, 0.08)
    base = _xf([(hr * 0.78, hr * base_dy)], hc, angle)[0]
    if lk.eye == "owl":   # a face seen from the front: the beak hangs between the eyes
        angle, base = angle + 90, _xf([(0, hr * 0.08)], hc, angle)[0]
    upper, lower = _beak_outline(shape, L, h)
    pts = upper + lower[::-1]
    sk.poly(lk.beak, _xf(pts, base, angle), stroke=True)
    if lk.beak_tip is not None:
        cut = {"banana": 0.72, "bent": 0.55, "puffin": 0.5}.get(shape, 0.65) * L
        tip = _clip(pts, -1.0, 0.0, -cut)
        sk.poly(lk.beak_tip, _xf(tip, base, angle), stroke=True)
    if shape in ("flat", "puffin", "banana", "stout", "hook") or lk.beak_len > 1.2:
        sk.line(_shade(lk.beak, 0.55),
                _xf([(L * .12, h * .12), (L * .5, h * .1)], base, angle), STROKE_UNITS * .8)
    if shape == "puffin":
        sk.line(_shade(lk.beak, 1.5), _xf([(L * .35, -h * .35), (L * .35, h * .4)],
                                          base, angle), STROKE_UNITS)
    tip = max((upper[-1], lower[-1]), key=lambda p: p[0])
    return _xf([tip], base, angle)[0]


def _eye(sk: _Sketch, lk: BirdLook, hc: Point, hr: float, angle: float) -> None:
    """Eyes carry most of the charm: big and shiny reads as friendly at ten feet."""
    style = lk.eye
    if style == "owl":
        for dx in (-0.42, 0.42):
            c = _xf([(hr * dx, -hr * 0.08)], hc, angle)[0]
            sk.circle((250, 246, 236), c, hr * 0.36, stroke=True)
            sk.circle(lk.eye_color, c, hr * 0.27)
            sk.circle(OUTLINE, c, hr * 0.15)
            sk.circle((255, 255, 255), (c[0] - hr * .06, c[1] - hr * .07), hr * 0.06)
        return
    c = _xf([(hr * 0.3, -hr * 0.16)], hc, angle)[0]
    if style in ("big", "ring", "fierce", "sleepy"):
        white = {"big": 0.34, "ring": 0.3, "fierce": 0.3, "sleepy": 0.3}[style]
        sk.circle((250, 248, 240) if style != "fierce" else lk.eye_color, c, hr * white,
                  stroke=style != "ring")
        pupil = OUTLINE if style != "big" or lk.eye_color == (40, 30, 30) else lk.eye_color
        pc = (c[0] + hr * 0.06, c[1] + hr * 0.02)
        sk.circle(pupil, pc, hr * (0.2 if style != "fierce" else 0.14))
        if style == "big" and lk.eye_color != (40, 30, 30):
            sk.circle(OUTLINE, pc, hr * 0.11)
        sk.circle((255, 255, 255), (pc[0] - hr * 0.06, pc[1] - hr * 0.07), hr * 0.07)
        if style == "fierce":
            brow = [(-0.38, -0.42), (0.42, -0.18), (0.45, -0.02), (-0.38, -0.24)]
            sk.poly(_shade(lk.head, 0.55),
                    _xf([(x * hr, y * hr) for x, y in brow], c, angle), stroke=False)
        if style == "sleepy":
            lid = _clip(_xf(_ellipse(hr * 0.31, hr * 0.31, 24), c), 0.0, 1.0, c[1] - hr * .02)
            sk.poly(lk.head, lid)
            lid_y = c[1] - hr * .02
            sk.line(OUTLINE, [(c[0] - hr * .3, lid_y), (c[0] + hr * .3, lid_y)], STROKE_UNITS)
        return
    if sum(lk.head) < 200:   # a black eye on a black head vanishes: give it a rim
        sk.circle(_shade(lk.head, 1.45), c, hr * 0.27)
    sk.circle(OUTLINE, c, hr * 0.2)
    sk.circle((255, 255, 255), (c[0] - hr * 0.05, c[1] - hr * 0.07), hr * 0.075)


def _crest(sk: _Sketch, lk: BirdLook, hc: Point, hr: float, angle: float) -> None:
    """Crests sit behind the head (drawn first) so the head overlaps their base."""
    col = lk.crest_color or lk.head
    s = lk.crest_size
    local: list[list[Point]] = []
    if lk.crest == "tuft":
        for ang, ln in ((-100, 0.85), (-125, 0.75), (-75, 0.6)):
            a = math.radians(ang)
            tip = (math.cos(a) * hr * (1 + ln * s), math.sin(a) * hr * (1 + ln * s))
            side = (-math.sin(a) * hr * 0.17, math.cos(a) * hr * 0.17)
            base = (math.cos(a) * hr * 0.6, math.sin(a) * hr * 0.6)
            local.append([(base[0] - side[0], base[1] - side[1]), tip,
                          (base[0] + side[0], base[1] + side[1])])
    elif lk.crest == "crest":
        local.append([(hr * 0.5, -hr * 0.75), (hr * 0.12, -hr * (1.1 + 0.25 * s)),
                      (-hr * (0.45 + 0.45 * s), -hr * (1.3 + 0.45 * s)),
                      (-hr * 0.62, -hr * 0.95), (-hr * 0.95, -hr * 0.3)])
    elif lk.crest == "ears":
        for sx in (-1, 1):
            local.append([(sx * hr * 0.25, -hr * 0.75), (sx * hr * 0.72, -hr * (1.3 + .2 * s)),
                          (sx * hr * 0.85, -hr * 0.45)])
    elif lk.crest == "shaggy":
        local.append([(hr * 0.2, -hr * 0.9), (-hr * 0.2, -hr * 1.45 * s),
                      (-hr * 0.45, -hr * 1.0), (-hr * 1.0, -hr * 1.3 * s),
                      (-hr * 0.85, -hr * 0.65), (-hr * 1.35, -hr * 0.75 * s),
                      (-hr * 0.85, -hr * 0.1)])
    elif lk.crest == "plume":
        for ang in (-70, -88, -106):
            a = math.radians(ang)
            tip = (math.cos(a) * hr * 2.0 * s, math.sin(a) * hr * 2.0 * s)
            sk.line(OUTLINE, _xf([(0, -hr * .5), tip], hc, angle), hr * 0.16)
            sk.circle(col, _xf([tip], hc, angle)[0], hr * 0.22, stroke=True)
        return
    for pts in local:
        sk.poly(col, _xf(pts, hc, angle), stroke=True)


def _tail(sk: _Sketch, lk: BirdLook, root: Point, direction: float, rx: float,
          ry: float) -> None:
    """Tails are the second silhouette cue after the beak: long, forked, cocked, fanned."""
    col = lk.tail_color or lk.wing
    L = lk.tail_len
    w = ry * 0.3
    kind = lk.tail
    if kind == "peacock":
        # A raised fan behind the whole bird, with eye spots: unmistakable.
        R = rx * 2.0 * L
        c = (root[0] + rx * 0.2, root[1] - ry * 0.2)
        fan = [c] + [(c[0] + R * math.cos(math.radians(a)), c[1] + R * math.sin(math.radians(a)))
                     for a in range(150, 391, 8)]
        sk.poly(col, fan, stroke=True)
        for ring, rr in ((0.9, 0.16), (0.62, 0.13)):
            for a in range(160, 385, 22 if ring > 0.8 else 30):
                p = (c[0] + R * ring * math.cos(math.radians(a)),
                     c[1] + R * ring * math.sin(math.radians(a)))
                sk.circle((232, 196, 70), p, R * rr * 0.62)
                sk.circle((40, 96, 170), p, R * rr * 0.4)
                sk.circle((24, 40, 70), p, R * rr * 0.2)
        return
    if kind == "plume":
        for a, d in ((-40, 0.95), (-15, 1.05), (10, 0.9), (-60, 0.7)):
            p = _xf([(rx * 0.28 * d * L, 0)], root, direction + a)[0]
            sk.circle(col, p, ry * 0.42, stroke=True)
        return
    if kind == "tuft":
        for a in (-35, -5, 25):
            p = _xf([(rx * 0.22 * L, 0)], root, direction + a)[0]
            sk.circle(col, p, ry * 0.2, stroke=True)
        return
    if kind == "long":
        ln = rx * 1.45 * L
        pts = [(0, -w), (ln * .5, -w * .8), (ln, -w * .55), (ln * 1.06, 0), (ln, w * .55),
               (ln * .5, w * .8), (0, w)]
    elif kind == "wedge":
        ln = rx * 0.8 * L
        pts = [(0, -w), (ln, -w * 1.35), (ln * 1.08, 0), (ln, w * 1.35), (0, w)]
    elif kind == "forked":
        ln = rx * 1.3 * L
        pts = [(0, -w), (ln, -w * 1.1), (ln * 0.55, 0), (ln, w * 1.1), (0, w)]
    elif kind == "fan":
        ln = rx * 0.7 * L
        pts = [(0, -w * 0.8)] + [(ln * math.cos(math.radians(a)), ln * math.sin(math.radians(a)))
                                 for a in range(-35, 36, 7)] + [(0, w * 0.8)]
    else:   # short, cocked
        ln = rx * 0.55 * L
        pts = [(0, -w), (ln, -w * 1.1), (ln * 1.1, 0), (ln, w * 1.1), (0, w)]
    sk.poly(col, _xf(pts, root, direction), stroke=True)
    if lk.tail_tip is not None:
        cut = max(p[0] for p in pts) * (0.74 if kind == "long" else 0.6)
        sk.poly(lk.tail_tip, _xf(_clip(pts, -1, 0, -cut), root, direction), stroke=True)
    if kind in ("long", "wedge", "fan", "short", "cocked") and ln > rx * 0.4:
        sk.line(_shade(col, 0.7), _xf([(ln * .25, 0), (ln * .85, 0)], root, direction),
                STROKE_UNITS * .8)


def _wing_shape(L: float, H: float) -> list[Point]:
    """A teardrop: round shoulder at the origin side, pointed tip towards -x."""
    pts = []
    for i in range(36):
        t = 2 * math.pi * i / 36
        x = -(math.cos(t) + 1) / 2 * L + L * 0.12   # shoulder near x=+0.12L, tip at -0.88L
        y = math.sin(t) * math.sin(t / 2) ** 1.2 * H
        pts.append((x, y))
    return pts


def _legs(sk: _Sketch, lk: BirdLook, attach: list[Point], ground: float,
          trunk_x: float | None) -> None:
    """Legs with three forward toes; the far leg is darker and drawn first."""
    col = lk.leg_color
    lw = (3.0 if lk.leg_len < 2 else 2.6) * lk.leg_width
    for i, (ax, ay) in enumerate(attach):
        c = _shade(col, 0.8) if i == 0 else col
        if trunk_x is not None:   # cling: feet grip the bark
            fx = trunk_x
            sk.line(c, [(ax, ay), (fx, ay + 3)], lw)
            sk.line(c, [(fx, ay + 3), (fx + 1, ay - 3)], lw * .8)
            sk.line(c, [(fx, ay + 3), (fx + 1, ay + 8)], lw * .8)
            continue
        if lk.pose == "one_leg" and i == 0:
            knee = (ax + 6, ay + (ground - ay) * 0.42)
            sk.line(c, [(ax, ay), knee, (ax - 12, ay + (ground - ay) * 0.3)], lw)
            continue
        if lk.pose == "reed":   # both feet clasp the stalk under the body
            sx = sum(p[0] for p in attach) / 2
            fy = ay + 6 + 5 * i
            sk.line(c, [(ax, ay), (sx, fy)], lw)
            sk.line(c, [(sx - 3, fy - 1), (sx + 3, fy + 1)], lw * 0.8)
            continue
        if lk.leg_len >= 2 and i == 0:   # long legs: the far one strides back
            ax2 = ax - 7
            if lk.leg_width > 1.2:   # thick-thighed walkers
                sk.line(c, [(ax + 2, ay), (ax - 1, ay + (ground - ay) * 0.4)], lw * 2.2)
            sk.line(c, [(ax, ay), (ax - 2, ay + (ground - ay) * 0.5), (ax2, ground)], lw)
            for dx, dy in ((7, 0), (5.5, -2.5)):
                sk.line(c, [(ax2, ground), (ax2 + dx, ground + dy * 0.4)], lw * 0.8)
            continue
        if lk.leg_width > 1.2:
            sk.line(c, [(ax + 2, ay), (ax + 1, ay + (ground - ay) * 0.4)], lw * 2.2)
        sk.line(c, [(ax, ay), (ax, ground)], lw)
        if lk.beak_shape == "flat" or lk.shape == "waddler":
            sk.poly(c, [(ax - 3, ground), (ax + 9, ground - 2.5), (ax + 9, ground + 1.2),
                        (ax - 2, ground + 1.2)])
        else:
            for dx, dy in ((7, 0), (5.5, -2.5)):
                sk.line(c, [(ax, ground), (ax + dx, ground + dy * 0.4)], lw * 0.8)
            sk.line(c, [(ax, ground), (ax - 3.5, ground)], lw * 0.8)


def _build_bird(lk: BirdLook, flap: int) -> _Sketch:
    """Record one bird as shapes; the order of calls is the painting order."""
    sh = _SHAPES.get(lk.shape, _SHAPES["round"])
    body_rot, head_rot, trunk_side, head_at = _POSES.get(lk.pose, _POSES["stand"])
    rx, ry = sh["rx"] * lk.body_len, sh["ry"] * lk.plump
    tilt = sh["tilt"] + body_rot
    hr = sh["hr"] * lk.head_size
    bc: Point = (0.0, 0.0)
    body_local = _ellipse(rx, ry, 44)

    def world(pts: list[Point]) -> list[Point]:
        """Body-local points (x along the body, y down) into drawing units."""
        return _xf(pts, bc, tilt)

    # Head position: on the shoulders, or up a neck for the long-necked.
    neck_pts: list[Point] = []
    if lk.shape == "long_necked":
        base = world([(rx * 0.62, -ry * 0.45)])[0]
        nl = 46 * lk.neck_len
        hc = (base[0] + 10 + 4 * lk.neck_curve, base[1] - nl)
        cv = lk.neck_curve
        neck_pts = _bezier(base, (base[0] + 16 + 10 * cv, base[1] - nl * 0.3),
                           (hc[0] - 4 - 26 * cv, hc[1] + nl * 0.45), hc, 16)
    else:
        hx, hy = sh["head"]
        if head_at is not None:
            hc = world([(head_at[0] * rx, head_at[1] * ry)])[0]
        else:
            hc = world([(hx / sh["rx"] * rx, hy / sh["ry"] * ry)])[0]
        if lk.shape == "waddler":
            base = world([(rx * 0.55, -ry * 0.55)])[0]
            neck_pts = _bezier(base, base, hc, hc, 4)
    beak_angle = {"bent": 22.0, "banana": 4.0, "dagger": 6.0}.get(lk.beak_shape, 2.0)
    if lk.shape == "long_necked" and lk.beak_shape != "bent":
        beak_angle += 8
    beak_angle += head_rot

    # Ground and leg attachment (before any drawing, so the shadow can be placed).
    attach = world([(-rx * 0.18, ry * 0.86), (rx * 0.12, ry * 0.9)])
    leg_unit = 16.0
    ground = max(p[1] for p in attach) + leg_unit * lk.leg_len
    trunk_x: float | None = None

    sk = _Sketch()
    if trunk_side is None and lk.leg_len > 0 and lk.pose != "reed":
        sk.shadow = (sum(p[0] for p in attach) / 2, ground + 1, rx * 0.75)
    if lk.pose == "reed":
        _reed(sk, sum(p[0] for p in attach) / 2, hc[1] - hr * 2.2, ground + 14)

    # Tree trunk for climbers: part of the picture, drawn first.
    if trunk_side == "right":
        trunk_x = max(p[0] for p in world(body_local)) + 1.0
    elif trunk_side == "left":
        trunk_x = min(p[0] for p in world(body_local)) - 1.0

    # Legs and tail first, so the body covers their roots.
    tail_root = world([(-rx * 0.8, -ry * 0.12)])[0]
    tail_dir = 180 + tilt - lk.tail_angle
    if lk.tail == "cocked":
        tail_dir = 180 + 48 - lk.tail_angle + body_rot
    if trunk_side is None and lk.leg_len > 0:
        _legs(sk, lk, attach, ground, None)
    elif trunk_side is not None:
        _legs(sk, lk, attach, ground, trunk_x)
    _tail(sk, lk, tail_root, tail_dir, rx, ry)

    crest_first = lk.crest in ("crest", "tuft", "shaggy", "ears", "plume")
    head_angle = head_rot
    if crest_first and lk.shape not in ("long_necked",):
        _crest(sk, lk, hc, hr, head_angle)

    body = world(body_local)
    sk.poly(lk.body, body)
    # Belly: an inner ellipse, low and forward, so it never leaves the body.
    if lk.belly != lk.body:
        belly = _ellipse(rx * 0.74, ry * 0.66, 40)
        off = (rx * 0.16, ry * 0.3) if lk.shape != "tall" else (rx * 0.28, ry * 0.18)
        if lk.shape == "tall":
            belly = _ellipse(rx * 0.66, ry * 0.76, 40)
        sk.poly(lk.belly, world([(x + off[0], y + off[1]) for x, y in belly]))
    if lk.pattern != "none":
        _pattern(sk, lk, world, rx, ry)
    for kind, col in lk.accents:
        _body_accent(sk, kind, col, world, body_local, rx, ry)

    # Wing: folded at rest; raised wings pivot from the top of the back and are
    # drawn over the head later, so a big head never hides them.
    flap = flap % len(FLAP_ANGLES)
    (sfx, sfy), wing_deg, wfrac, wref = sh["wing"]
    if flap >= 2:
        sfx, sfy = (sfx - 0.2, -0.62) if wref == "rx" else (sfx - 0.05, -0.62)
    shoulder = world([(rx * sfx, ry * sfy)])[0]
    wl = (rx if wref == "rx" else ry) * wfrac * lk.wing_len
    wh = min(rx, ry) * 0.62
    if flap == 0:
        wing_angle = wing_deg
    else:
        wing_angle = wing_deg * (0.4 if flap >= 2 else 1.0) + FLAP_ANGLES[flap]
    if flap and wref == "ry":   # upright: the wing swings out behind, clear of the head
        wing_angle = (wing_deg - 20, -8.0, 28.0)[flap - 1]
    wing = (lk, wl, wh, shoulder, tilt + wing_angle, flap == 0)
    wing_over_head = flap >= 2 and wref == "rx"   # upright birds raise it behind the head
    if not wing_over_head:
        _wing(sk, *wing)

    # Neck and head.
    neck_col = lk.neck_color or lk.head
    if neck_pts:
        n = len(neck_pts)
        r0 = 6.5 if lk.shape == "long_necked" else hr * 0.75
        r1 = hr * (0.62 if lk.shape == "long_necked" else 0.8)
        for i, p in enumerate(neck_pts):
            sk.circle(neck_col, p, r0 + (r1 - r0) * i / max(1, n - 1))
        for kind, col in lk.accents:
            if kind == "collar":   # a ring round the neck just under the head
                _neck_ring(sk, col, hc, neck_pts[0], hr, r1)
    if crest_first and lk.shape == "long_necked":
        _crest(sk, lk, hc, hr, head_angle)
    sk.circle(lk.head, hc, hr)
    head_local = _ellipse(hr, hr, 36)
    for kind, col in lk.accents:
        if not (kind == "collar" and neck_pts):
            _head_accent(sk, kind, col, hc, hr, head_local, head_angle)
    tip = _beak(sk, lk, hc, hr, beak_angle)
    _eye(sk, lk, hc, hr, head_angle)
    if wing_over_head:
        _wing(sk, *wing)
    if trunk_x is not None:
        _trunk(sk, trunk_x, trunk_side or "right", body + [tip, (hc[0], hc[1] - hr)])
    return sk


def _neck_ring(sk: _Sketch, col: Color, hc: Point, base: Point, hr: float,
               rn: float) -> None:
    """A band across the neck (mallard, goose), perpendicular to the neck's direction."""
    dx, dy = base[0] - hc[0], base[1] - hc[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    at = hc[0] + ux * hr * 1.0, hc[1] + uy * hr * 1.0
    ring = _xf(_ellipse(rn * 1.15, rn * 1.15, 28), at)
    lo = ux * at[0] + uy * at[1] - hr * 0.14
    ring = _clip(_clip(ring, ux, uy, lo + hr * 0.28), -ux, -uy, -lo)
    sk.poly(col, ring)


def _reed(sk: _Sketch, x: float, top: float, bottom: float) -> None:
    """A reed stalk with a leaf and a feathery head: the reed warbler's home."""
    stalk = (168, 178, 96)
    sk.line(stalk, [(x + 2, bottom), (x, (top + bottom) / 2), (x - 3, top + 8)], 3.0)
    leaf = _bezier((x, bottom - 10), (x + 14, bottom - 24), (x + 26, bottom - 22),
                   (x + 36, bottom - 8), 8)
    sk.poly((136, 160, 80), leaf + [(x + 24, bottom - 17), (x + 1, bottom - 5)], stroke=True)
    plume = _xf(_ellipse(5, 12, 20), (x - 5, top + 2), 20)
    sk.poly((160, 120, 84), plume, stroke=True)


def _pattern(sk: _Sketch, lk: BirdLook, world: ToWorld, rx: float, ry: float) -> None:
    """Speckles (starling) or bars (hawk); fixed positions from a local seeded RNG."""
    rng = random.Random(_DOTS_RNG_SEED)
    if lk.pattern == "speckle":
        for _ in range(26):
            x, y = rng.uniform(-0.8, 0.8), rng.uniform(-0.8, 0.8)
            if x * x + y * y < 0.72:
                sk.circle(lk.pattern_color, world([(x * rx, y * ry)])[0], 1.7)
    elif lk.pattern == "bars":
        for row in range(4):
            y = ry * (0.05 + row * 0.19)
            for col in range(3 - row // 2):
                x = rx * (0.05 + col * 0.22 + (row % 2) * 0.11)
                sk.line(lk.pattern_color, world([(x - 3.5, y), (x, y + 1.6), (x + 3.5, y)]), 1.7)


def _body_accent(sk: _Sketch, kind: str, col: Color, world: ToWorld,
                 body_local: list[Point], rx: float, ry: float) -> None:
    """Patches on the body, clipped to its outline so the silhouette never changes."""
    if kind == "bib":
        region = _clip(_clip(body_local, -1, 0, -rx * 0.12), 0, 1, ry * 0.35)
    elif kind == "breast_band":
        region = _clip(_clip(_clip(body_local, -1, 0, -rx * 0.28), 1, 0, rx * 0.62),
                       0, 1, ry * 0.6)
    elif kind == "flank":
        region = _clip(_clip(_clip(body_local, 0, -1, -ry * 0.05), 1, 0, rx * 0.35),
                       -1, 0, rx * 0.55)
    else:
        return
    sk.poly(col, world(region))


def _wing(sk: _Sketch, lk: BirdLook, wl: float, wh: float, shoulder: Point,
          angle: float, folded: bool) -> None:
    """The near wing with its patches; a folded wing also gets a feather line."""
    wing_local = _wing_shape(wl, wh)
    sk.poly(lk.wing, _xf(wing_local, shoulder, angle), stroke=True)
    for kind, col in lk.accents:
        if kind in ("wing_patch", "speculum", "wing_tip", "wing_bar"):
            _wing_accent(sk, kind, col, wing_local, wl, wh, 0.0, shoulder, angle)
    if folded:
        feather = [(-wl * 0.35, wh * 0.05), (-wl * 0.72, wh * 0.02)]
        sk.line(_shade(lk.wing, 0.68), _xf(feather, shoulder, angle), STROKE_UNITS * 0.8)


def _wing_accent(sk: _Sketch, kind: str, col: Color, wing_local: list[Point], wl: float,
                 wh: float, flap_deg: float, shoulder: Point, tilt: float) -> None:
    """Wing patches (magpie, jay), tips (waxwing, ostrich) and bars (mockingbird)."""
    if kind == "wing_patch":
        region = _clip(_clip(wing_local, -1, 0, wl * 0.3), 1, 0, wl * 0.05)
    elif kind == "speculum":
        region = _clip(_clip(wing_local, -1, 0, wl * 0.62), 1, 0, -wl * 0.3)
    elif kind == "wing_tip":
        region = _clip(wing_local, 1, 0, -wl * 0.6)
    else:   # wing_bar: two white stripes across the wing
        for x in (-wl * 0.22, -wl * 0.4):
            seg = [(x + 1.5, -wh * 0.45), (x - 1.5, wh * 0.45)]
            sk.line(col, _xf(_xf(seg, (0, 0), flap_deg), shoulder, tilt), 2.2)
        return
    sk.poly(col, _xf(_xf(region, (0, 0), flap_deg), shoulder, tilt))


def _head_accent(sk: _Sketch, kind: str, col: Color, hc: Point, hr: float,
                 head_local: list[Point], angle: float) -> None:
    """Caps, masks, cheeks and faces: the palette cues that separate similar birds."""
    if kind == "cap":
        region = _clip(head_local, 0, 1, -hr * 0.3)
    elif kind == "face":
        region = _xf(_ellipse(hr * 0.68, hr * 0.72, 30), (hr * 0.22, hr * 0.12))
    elif kind == "throat":
        region = _clip(_clip(head_local, 0, -1, -hr * 0.25), -1, 0, hr * 0.3)
    elif kind == "mask":
        region = _clip(_clip(head_local, 0, 1, hr * 0.12), 0, -1, hr * 0.42)
        region = _clip(region, -1, 0, hr * 0.05)
    elif kind == "collar":
        region = _clip(_clip(head_local, 0, -1, -hr * 0.66), 0, 1, hr * 0.93)
    elif kind == "chinstrap":
        region = _xf(_ellipse(hr * 0.34, hr * 0.62, 24), (-hr * 0.05, hr * 0.22), 35)
    elif kind == "cheek":
        region = _xf(_ellipse(hr * 0.36, hr * 0.28, 20), (hr * 0.02, hr * 0.3))
    elif kind == "blush":
        region = _xf(_ellipse(hr * 0.2, hr * 0.13, 16), (hr * 0.35, hr * 0.38))
    elif kind == "brow":
        region = _xf([(-.2, -.55), (.15, -.72), (.55, -.55), (.5, -.4), (.15, -.5),
                      (-.15, -.4)], (0, 0), 0, (hr, hr))
    elif kind == "moustache":
        sk.line(col, _xf([(hr * 0.62, hr * 0.3), (hr * 0.05, hr * 0.62)], hc, angle),
                hr * 0.22)
        return
    else:
        return
    sk.poly(col, _xf(region, hc, angle))


def _trunk(sk: _Sketch, x: float, side: str, around: list[Point]) -> None:
    """A slice of tree trunk for climbers; inserted under the bird, bark lines on top."""
    ys = [p[1] for p in around]
    top, bottom = min(ys) - 8, max(ys) + 10
    w = 16.0
    x0, x1 = (x, x + w) if side == "right" else (x - w, x)
    bark = _shade(_TRUNK, 0.75)
    ops = [("poly", _TRUNK, [(x0, top), (x1, top), (x1, bottom), (x0, bottom)], False)]
    for i, fx in enumerate((0.3, 0.7)):
        bx = x0 + w * fx
        ops.append(("line", bark, [(bx, top + 4 + i * 9), (bx + 1, top + 24 + i * 9)], 1.8))
        ops.append(("line", bark, [(bx + 1, bottom - 30 + i * 6), (bx, bottom - 12 + i * 6)],
                    1.8))
    sk.ops[0:0] = ops


# --- the four predators -------------------------------------------------------------------

def _build_fox(lk: BirdLook) -> _Sketch:
    """A sitting fox: bushy white-tipped tail, white chest, dark socks, big ears."""
    sk = _Sketch()
    orange, white, dark = lk.body, lk.belly, lk.wing
    sk.shadow = (0, 48, 34)
    tail = _bezier((-14, 34), (-50, 44), (-56, 10), (-40, -6), 14)
    for i, p in enumerate(tail):
        sk.circle(orange, p, 7 + 6 * math.sin(math.pi * min(1.0, i / 11)))
    for p in tail[-4:]:
        sk.circle(white, p, 8.5)
    sk.circle(orange, (-12, 30), 18)              # haunch
    body = _xf(_ellipse(19, 30, 40), (0, 14), 14)
    sk.poly(orange, body)
    sk.poly(white, _xf(_ellipse(10, 19, 30), (9, 8), 14))
    for x in (4, 13):
        sk.line(dark, [(x, 26), (x + 1, 47)], 6)
        sk.line(dark, [(x + 1, 47), (x + 5, 48)], 5)
    sk.circle(orange, (-10, 43), 9)               # hind paw
    hc = (12, -22)
    for ex in (-10, 6):
        ear = [(hc[0] + ex - 6, hc[1] - 8), (hc[0] + ex + 1, hc[1] - 32),
               (hc[0] + ex + 9, hc[1] - 8)]
        sk.poly(orange, ear, stroke=True)
        sk.poly(dark, [(hc[0] + ex - 2, hc[1] - 10), (hc[0] + ex + 1, hc[1] - 25),
                       (hc[0] + ex + 5, hc[1] - 10)])
    sk.circle(orange, hc, 16)
    snout = [(hc[0] + 6, hc[1] - 6), (hc[0] + 30, hc[1] + 4), (hc[0] + 27, hc[1] + 9),
             (hc[0] + 6, hc[1] + 13)]
    sk.poly(orange, snout)
    sk.poly(white, [(hc[0] - 6, hc[1] + 4), (hc[0] + 27, hc[1] + 7), (hc[0] + 22, hc[1] + 11),
                    (hc[0] + 4, hc[1] + 16), (hc[0] - 6, hc[1] + 12)])
    sk.circle(OUTLINE, (hc[0] + 28, hc[1] + 4), 3.6)
    sk.circle(OUTLINE, (hc[0] + 7, hc[1] - 4), 3.4)
    sk.circle((255, 255, 255), (hc[0] + 6, hc[1] - 5.5), 1.2)
    return sk


def _build_cat(lk: BirdLook) -> _Sketch:
    """A sitting tabby: round head, pointy ears, whiskers, striped tail curling up."""
    sk = _Sketch()
    fur, light, stripe = lk.body, lk.belly, lk.wing
    sk.shadow = (0, 48, 32)
    tail = _bezier((-14, 40), (-48, 44), (-46, 4), (-36, -10), 14)
    for i, p in enumerate(tail):
        sk.circle(stripe if i % 4 == 3 else fur, p, 6)
    sk.circle(fur, (-10, 30), 18)
    sk.poly(fur, _xf(_ellipse(19, 30, 40), (2, 14), 8))
    sk.poly(light, _xf(_ellipse(9, 18, 30), (10, 14), 8))
    for dy in (0, 9, 18):
        sk.line(stripe, [(-14, 2 + dy), (-6, 4 + dy), (-2, 3 + dy)], 2.6)
    for x in (5, 14):
        sk.line(fur, [(x, 28), (x, 46)], 7)
        sk.circle(light, (x + 1.5, 46), 4.5)
    hc = (10, -20)
    for ex in (-1, 1):
        ear = [(hc[0] + ex * 4, hc[1] - 13), (hc[0] + ex * 15, hc[1] - 28),
               (hc[0] + ex * 16, hc[1] - 6)]
        sk.poly(fur, ear, stroke=True)
        sk.poly((236, 160, 170), [(hc[0] + ex * 7, hc[1] - 13), (hc[0] + ex * 14, hc[1] - 22),
                                  (hc[0] + ex * 14, hc[1] - 10)])
    sk.poly(fur, _xf(_ellipse(19, 16, 36), hc))
    for dx in (-4, 0, 4):
        sk.line(stripe, [(hc[0] + dx, hc[1] - 15), (hc[0] + dx, hc[1] - 9)], 2.2)
    sk.poly(light, _xf(_ellipse(9, 6, 20), (hc[0] + 1, hc[1] + 7)))
    for ex in (-7, 8):
        sk.circle(lk.eye_color, (hc[0] + ex, hc[1] - 1), 4.6, stroke=True)
        sk.circle(OUTLINE, (hc[0] + ex + .5, hc[1] - 1), 2.3)
        sk.circle((255, 255, 255), (hc[0] + ex - 1, hc[1] - 2.5), 1.1)
    sk.poly((222, 120, 140), [(hc[0] - 2, hc[1] + 4), (hc[0] + 3, hc[1] + 4),
                              (hc[0] + .5, hc[1] + 7)])
    for dy in (-1.5, 2.5):
        sk.line(OUTLINE, [(hc[0] + 8, hc[1] + 7), (hc[0] + 26, hc[1] + 5 + dy * 2)], 1.1)
        sk.line(OUTLINE, [(hc[0] - 7, hc[1] + 7), (hc[0] - 25, hc[1] + 5 + dy * 2)], 1.1)
    return sk


def _build_stoat(lk: BirdLook) -> _Sketch:
    """A stoat standing up to look round: long body, cream front, black tail tip."""
    sk = _Sketch()
    brown, cream, black = lk.body, lk.belly, lk.wing
    sk.shadow = (0, 50, 26)
    tail = _bezier((-8, 42), (-26, 50), (-40, 44), (-46, 30), 12)
    for i, p in enumerate(tail):
        sk.circle(black if i > 8 else brown, p, 5.5)
    body = _xf(_ellipse(13, 34, 40), (0, 10), 10)
    sk.poly(brown, body)
    sk.poly(cream, _clip(body, -1, 0.2, -4))
    sk.circle(brown, (-4, 40), 11)
    for x in (-6, 6):
        sk.poly(brown, _xf(_ellipse(8, 4, 16), (x, 47)))
    for x, y in ((10, 2), (14, 4)):
        sk.line(brown, [(x - 2, y - 2), (x + 3, y + 5)], 4.5)
    hc = (8, -26)
    for ex in (-9, 3):
        sk.circle(brown, (hc[0] + ex, hc[1] - 10), 5.5, stroke=True)
        sk.circle((236, 170, 170), (hc[0] + ex, hc[1] - 10), 2.5)
    sk.poly(brown, _xf(_ellipse(14, 11.5, 30), hc, 6))
    sk.poly(brown, [(hc[0] + 6, hc[1] - 8), (hc[0] + 24, hc[1] + 1), (hc[0] + 22, hc[1] + 6),
                    (hc[0] + 4, hc[1] + 9)])
    sk.poly(cream, [(hc[0] - 6, hc[1] + 5), (hc[0] + 20, hc[1] + 5), (hc[0] + 16, hc[1] + 9),
                    (hc[0] - 2, hc[1] + 11)])
    sk.circle(OUTLINE, (hc[0] + 23, hc[1] + 2), 2.8)
    sk.circle(OUTLINE, (hc[0] + 7, hc[1] - 3), 2.8)
    sk.circle((255, 255, 255), (hc[0] + 6, hc[1] - 4.2), 1.0)
    return sk


def _build_snake(lk: BirdLook) -> _Sketch:
    """A friendly S-curved snake, head raised, diamond pattern and forked tongue."""
    sk = _Sketch()
    green, belly, mark = lk.body, lk.belly, lk.wing
    sk.shadow = (-4, 46, 40)
    path = (_bezier((-52, 40), (-30, 50), (10, 50), (24, 36), 40)
            + _bezier((24, 36), (38, 22), (-20, 18), (-14, 2), 30)[1:]
            + _bezier((-14, 2), (-8, -14), (14, -20), (24, -20), 24)[1:])
    n = len(path)
    for i, p in enumerate(path):
        r = 2.5 + 7.5 * min(1.0, i / (n * 0.35))
        sk.circle(green, p, r)
    for i in range(14, n - 10, 12):
        x, y = path[i]
        sk.poly(mark, [(x, y - 4.5), (x + 4, y), (x, y + 4.5), (x - 4, y)])
    hc = (28, -20)
    head = _xf(_ellipse(15, 10, 30), hc, 4)
    sk.poly(green, head)
    sk.poly(belly, _clip(head, 0, -1, -(hc[1] + 4)))
    sk.line((214, 40, 60), [(hc[0] + 14, hc[1] + 3), (hc[0] + 24, hc[1] + 3)], 1.6)
    sk.line((214, 40, 60), [(hc[0] + 24, hc[1] + 3), (hc[0] + 28, hc[1])], 1.4)
    sk.line((214, 40, 60), [(hc[0] + 24, hc[1] + 3), (hc[0] + 28, hc[1] + 6)], 1.4)
    sk.circle((250, 248, 240), (hc[0] + 4, hc[1] - 4), 4.6, stroke=True)
    sk.circle(OUTLINE, (hc[0] + 5, hc[1] - 4), 2.6)
    sk.circle((255, 255, 255), (hc[0] + 4, hc[1] - 5.4), 1.0)
    sk.circle(OUTLINE, (hc[0] + 13, hc[1] - 2), 0.9)
    return sk


_ANIMALS = {"fox": _build_fox, "cat": _build_cat, "stoat": _build_stoat,
            "snake": _build_snake}


# --- the looks --------------------------------------------------------------------------------

def rgb(hex_: str) -> Color:
    """'#rrggbb' to an RGB tuple; keeps the look tables readable."""
    h = hex_.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


BLACK = rgb("#2b2b38")
WHITE = rgb("#f6f4ee")
ORANGE = rgb("#f29a2e")
YELLOW = rgb("#f7d23e")
GREY_LEG = rgb("#6c6470")
PINK_LEG = rgb("#e88a9a")

# The house's own look, drawn outside any game (the bird that thinks over an AI seat);
# Flip a Bird's yellow wears it too.
CHICK = BirdLook(body=rgb("#f6cf2a"), belly=rgb("#fbe88a"), head=rgb("#f6cf2a"),
                 wing=rgb("#e8b21a"), beak=ORANGE, beak_len=0.6, shape="round",
                 plump=1.2, head_size=1.25, tail="short", tail_len=0.35,
                 eye="big", leg_color=ORANGE, leg_len=0.7,
                 accents=(("blush", rgb("#f49a7a")),))

class LookBook(Mapping[str, BirdLook]):
    """Key -> BirdLook: the house's own looks, then every registered game's, which the
    game's GameSpec names (``looks``: a module with ``LOOKS``). A game's module is
    imported when one of its keys is first asked for, so menus start without any game's
    birds; a game registered later, or unregistered (the tests' toy), is followed at the
    next look-up of a game's key."""

    def __init__(self, shared: dict[str, BirdLook],
                 modules: Callable[[], Iterable[str]] | None = None) -> None:
        self._shared = dict(shared)
        self._looks = dict(shared)
        self._modules = modules or _registered_looks
        self._owners: dict[str, tuple[str, ...]] = {}   # module -> the keys it brought

    def add(self, looks: Mapping[str, BirdLook], owner: str) -> None:
        """Take ``owner``'s looks; a key another owner already uses is a ValueError."""
        for key, look in looks.items():
            if key in self._looks and self._looks[key] is not look:
                raise ValueError(f"{owner} names bird look {key!r}, which is taken")
        self._looks.update(looks)
        self._owners[owner] = tuple(looks)

    def _load(self) -> None:
        """Follow the registry: read each named module once, drop the looks of a module
        no game names any more (the tests' toy game comes and goes)."""
        names = list(self._modules())
        for gone in [m for m in self._owners if m not in names]:
            for key in self._owners.pop(gone):
                if key not in self._shared:
                    self._looks.pop(key, None)
        for name in names:
            if name not in self._owners:
                self.add(importlib.import_module(name).LOOKS, name)

    def __getitem__(self, key: str) -> BirdLook:
        if key not in self._shared:
            self._load()      # a few specs read: a game's key is current, never stale
        return self._looks[key]

    def __contains__(self, key: object) -> bool:
        if key not in self._shared:
            self._load()
        return key in self._looks

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(list(self._looks))

    def __len__(self) -> int:
        self._load()
        return len(self._looks)


def _registered_looks() -> list[str]:
    """Every registered game's looks module, as its GameSpec names it."""
    return [spec.looks for spec in GAMES.values() if spec.looks]


LOOKS = LookBook({"chick": CHICK})



# --- public drawing API -------------------------------------------------------------------

def _sketch(look: BirdLook, flap: int) -> _Sketch:
    builder = _ANIMALS.get(look.kind)
    return builder(look) if builder is not None else _build_bird(look, flap)


def draw_bird(look: BirdLook, size: tuple[int, int], facing: str = "right",
              flap: int = 0) -> pygame.Surface:
    """Draw one bird (or predator) fitted into ``size``, feet on the bottom edge.

    ``flap`` 0 is the folded wing; 1-3 are down, level and up. All flap poses share
    one fit (the union of the three), so a flapping bird does not change size.
    """
    if facing not in ("left", "right"):
        raise ValueError(f"facing must be 'left' or 'right', not {facing!r}")
    sk = _sketch(look, flap)
    bounds = None
    if flap and look.kind == "bird":
        boxes = [_sketch(look, f).bounds() for f in range(1, len(FLAP_ANGLES))]
        bounds = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                  max(b[2] for b in boxes), max(b[3] for b in boxes))
    surf = _render(sk, size, bounds)
    if facing == "left":
        surf = pygame.transform.flip(surf, True, False)
    return surf


@surface_cache(256, 24 << 20)
def bird_surface(key: str, size: tuple[int, int], facing: str = "right",
                 flap: int = 0) -> pygame.Surface:
    """The cached way to get a preset: bounded, since a kiosk runs all day. Read-only."""
    return draw_bird(LOOKS[key], (int(size[0]), int(size[1])), facing, flap)


FLAP_CYCLE = (1, 2, 3, 2)   # down, level, up, level


@surface_cache(128, 8 << 20)
def _hop_frame(key: str, size: tuple[int, int], facing: str, flap: int,
               lift: int) -> pygame.Surface:
    """A bird drawn a little smaller and raised ``lift`` px, so hops stay in frame."""
    w, h = size
    bird_h = max(1, int(h * 0.84))
    bird = bird_surface(key, (w, bird_h), facing, flap)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(bird, (0, h - bird_h - lift))
    return out


def animated_bird(frame_time: float, size: tuple[int, int], key: str = "chick",
                  facing: str = "right", hop: bool = True) -> pygame.Surface:
    """A flapping, hopping bird for the title screen; frames are cached and shared.

    Flaps at about 8 wing poses a second and hops once a second (a quick parabola),
    quantized to a few heights so the cache stays small.
    """
    w, h = int(size[0]), int(size[1])
    flap = FLAP_CYCLE[int(frame_time * 8) % len(FLAP_CYCLE)]
    lift = 0
    if hop:
        phase = frame_time % 1.0
        if phase < 0.4:
            u = phase / 0.4
            room = int(h * 0.16)
            lift = int(round(4 * u * (1 - u) * 4)) * room // 4   # five steps, 0..room
    return _hop_frame(key, (w, h), facing, flap, lift)


@surface_cache(64, 2 << 20)
def _thinking_frame(size: tuple[int, int], bob: int, dots: int,
                    key: str) -> pygame.Surface:
    """One 'thinking' frame: a small bird bobbing plus 0-3 thought dots."""
    w, h = size
    bird_w, bird_h = int(w * 0.68), int(h * 0.8)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(bird_surface(key, (bird_w, bird_h), "right"), (0, h - bird_h - bob))
    r = max(2, w // 18)
    for i in range(dots):
        cx = int(w * 0.72) + i * (r * 2 + max(1, r // 2))
        cx = min(cx, w - r - 1)
        cy = int(h * 0.22) - i * r
        pygame.draw.circle(out, OUTLINE, (cx, cy), r + max(1, r // 3))
        pygame.draw.circle(out, (250, 248, 240), (cx, cy), r)
    return out


def thinking_bird(t: float, size: tuple[int, int], key: str = "chick") -> pygame.Surface:
    """A tiny bird bobbing with thought dots, shown over a seat while its AI thinks."""
    w, h = int(size[0]), int(size[1])
    bob = int(round((math.sin(t * 2 * math.pi * 1.5) + 1) / 2 * 3)) * max(1, h // 24)
    dots = int(t * 3) % 4
    return _thinking_frame((w, h), bob, dots, key)


def clear_caches() -> None:
    """Drop every cached surface (e.g. after a display mode change)."""
    bird_surface.cache_clear()
    _hop_frame.cache_clear()
    _thinking_frame.cache_clear()
