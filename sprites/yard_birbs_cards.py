"""Yard Birbs card art, drawn in code and cached: bird cards (full and compact), backs,
ghosts, ability cards, order tokens and flock labels.

One friendly style: a cream card under a header band in the suit's colour, the number
big at the band's left, the suit's own shape right after it (when colour patterns are
on, so colour is never the only clue), the species' bird below and the card's range
dots (its rank within the suit) along the bottom. Number and shape sit together at the
left (``INDEX_FULL``/``INDEX_COMPACT``: the index corner), so a fanned hand or a
squeezed yard that covers a card's right side still shows which card it is; the compact
face used in yards keeps the same band, so a stack shows every card's band.

Every surface is built once per (what, size, patterns) and shared: treat them as
read-only. Nothing here knows about the table; the scene asks for surfaces by card.
"""
from __future__ import annotations


import pygame

from game.assets import card_text, surface_cache
from game.i18n import N_, _
from game.yard_birbs.cards import (ABILITIES, COLOUR, EQUAL, SEQUENCE, SOLO, SPECIES_KIND,
                                   rank_in_suit)
from sprites import ui
from sprites.birds import bird_surface
from sprites.card import index_corner as card_index

FULL = (112, 156)          # hand, feeder and Lifer
COMPACT = (88, 120)        # yards: stacked so the header band of each card shows
BAND_FULL = 50
BAND_COMPACT = 32
# the index corner (number and suit shape) of each face, from its top left: what no
# other card or label may cover (the ten-foot audit checks it, scenes/table/chrome.py)
INDEX_FULL = (0, 0, 92, BAND_FULL)
INDEX_COMPACT = (0, 0, 62, 28)
LABEL_R = 22                # a flock label's points disc: 48 px across, readable from the couch
RADIUS = 12
CREAM = (250, 246, 236)
INK = (34, 30, 44)
GOLD = (255, 204, 77)
BACK = (40, 70, 96)
BACK_LIGHT = (86, 130, 150)
WOOD = (226, 190, 128)
WOOD_DARK = (150, 106, 54)

SUIT_COLOURS = ((146, 94, 210), (56, 130, 224), (64, 166, 80), (242, 196, 48), (224, 70, 60))
SUIT_SHAPES = ("star", "circle", "triangle", "square", "diamond")
SUIT_TEXT = ((255, 255, 255), (255, 255, 255), INK, INK, (255, 255, 255))
SPECIES_LOOKS = ("nuthatch", "starling", "goose", "hawk", "mockingbird", "kingfisher",
                 "woodpecker", "waxwing", "crow", "towhee", "yb_magpie")


def _text(text: str, size: int, colour, face: str = "bold") -> pygame.Surface:
    """A line in the card font, with the fallback fonts for characters it lacks (a
    translated ability's name may hold some)."""
    return card_text(text, size, colour, face)


def _outlined_text(text: str, size: int, colour, outline, face: str = "bold") -> pygame.Surface:
    """Text with a 2 px outline, readable on any band colour."""
    inner = _text(text, size, colour, face)
    edge = _text(text, size, outline, face)
    w, h = inner.get_size()
    out = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    for dx in (-2, 0, 2):
        for dy in (-2, 0, 2):
            if dx or dy:
                out.blit(edge, (2 + dx, 2 + dy))
    out.blit(inner, (2, 2))
    return out


def suit_shape(surface: pygame.Surface, suit: int, centre, r: int, fill=None) -> None:
    """The suit's own shape (white by default, outlined) so suits read without colour."""
    ui.draw_shape(surface, SUIT_SHAPES[suit], (int(centre[0]), int(centre[1])), r,
                  fill or (255, 255, 255), outline=INK)


def star(surface: pygame.Surface, centre, r: int, colour=GOLD) -> None:
    """The ★ mark of a Lifer ability (drawn: the fonts have no star glyph)."""
    ui.draw_shape(surface, "star", (int(centre[0]), int(centre[1])), r, colour, outline=INK)


def house(surface: pygame.Surface, centre, r: int, colour=(120, 196, 236)) -> None:
    """The ⌂ mark of a feeder ability: a little bird feeder (roof, box, perch hole)."""
    cx, cy = int(centre[0]), int(centre[1])
    roof = [(cx - r, cy - r * 0.1), (cx, cy - r), (cx + r, cy - r * 0.1)]
    box = pygame.Rect(0, 0, int(r * 1.4), int(r * 1.05))
    box.midtop = (cx, int(cy - r * 0.15))
    pygame.draw.rect(surface, colour, box)
    pygame.draw.rect(surface, INK, box, 3)
    pygame.draw.polygon(surface, (214, 90, 70), roof)
    pygame.draw.polygon(surface, INK, roof, 3)
    pygame.draw.circle(surface, INK, (cx, box.centery), max(2, r // 4))


def _rounded(size, colour, radius=RADIUS, border=None, width=0) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, surf.get_rect(), width, border_radius=radius)
    return surf


def _clip_round(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Cut ``surf`` to a rounded rectangle (so header bands follow the card's corners)."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = surf.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


# -- bird cards ----------------------------------------------------------------------------
def index_corner(rect: pygame.Rect, kind: str = "full") -> pygame.Rect:
    """Where the number and suit of a card drawn at ``rect`` lie ('full' or 'compact')."""
    full = kind != "compact"
    return card_index(rect, INDEX_FULL if full else INDEX_COMPACT, FULL if full else COMPACT)


@surface_cache(128, 12 << 20)
def face(card: tuple, patterns: bool = True) -> pygame.Surface:
    """The full card (112x156): band with number and suit shape, the bird, range dots."""
    suit, number, species = card[0], card[1], card[2]
    w, h = FULL
    colour = SUIT_COLOURS[suit]
    surf = pygame.Surface(FULL, pygame.SRCALPHA)
    surf.fill(CREAM)
    pygame.draw.rect(surf, colour, (0, 0, w, BAND_FULL))
    # a soft stripe under the band so the band reads as a tab on every suit
    pygame.draw.line(surf, ui.lerp_colour(colour, (0, 0, 0), 0.35), (0, BAND_FULL),
                     (w, BAND_FULL), 3)
    num = _outlined_text(str(number), 44, SUIT_TEXT[suit],
                         INK if SUIT_TEXT[suit] != INK else (255, 255, 255))
    at = num.get_rect(midleft=(4, BAND_FULL // 2 + 1))
    surf.blit(num, at)
    if patterns:   # right after the number: inside the index corner
        suit_shape(surf, suit, (at.right + 15, BAND_FULL // 2), 13)
    bird = bird_surface(SPECIES_LOOKS[species], (88, 72), "right")
    surf.blit(bird, bird.get_rect(midbottom=(w // 2, h - 22)))
    rank = rank_in_suit(card)
    for i in range(11):
        cx = 11 + i * 9
        if i == rank:
            pygame.draw.circle(surf, colour, (cx, h - 11), 5)
            pygame.draw.circle(surf, INK, (cx, h - 11), 5, 2)
        else:
            pygame.draw.circle(surf, (200, 194, 182), (cx, h - 11), 2)
    surf = _clip_round(surf, RADIUS)
    pygame.draw.rect(surf, INK, surf.get_rect(), 3, border_radius=RADIUS)
    return ui.fast(surf)


@surface_cache(128, 8 << 20)
def face_dim(card: tuple, patterns: bool = True) -> pygame.Surface:
    """A card that may not be played now: darkened, still readable."""
    surf = face(card, patterns).copy()
    surf.fill((105, 105, 110), special_flags=pygame.BLEND_RGB_MULT)
    return surf


@surface_cache(128, 6 << 20)
def compact(card: tuple, patterns: bool = True) -> pygame.Surface:
    """The yard card (88x120): the same band (number, shape) on top, the bird below."""
    suit, number, species = card[0], card[1], card[2]
    w, h = COMPACT
    colour = SUIT_COLOURS[suit]
    surf = pygame.Surface(COMPACT, pygame.SRCALPHA)
    surf.fill(CREAM)
    pygame.draw.rect(surf, colour, (0, 0, w, BAND_COMPACT))
    pygame.draw.line(surf, ui.lerp_colour(colour, (0, 0, 0), 0.35), (0, BAND_COMPACT),
                     (w, BAND_COMPACT), 2)
    num = _outlined_text(str(number), 30, SUIT_TEXT[suit],
                         INK if SUIT_TEXT[suit] != INK else (255, 255, 255))
    # top-aligned, the shape beside it: in a squeezed stack the top 28 px of each band
    # (the index corner) still show the number and the suit
    at = num.get_rect(topleft=(1, -6))
    surf.blit(num, at)
    if patterns:
        suit_shape(surf, suit, (at.right + 10, 14), 9)
    bird = bird_surface(SPECIES_LOOKS[species], (76, 70), "right")
    surf.blit(bird, bird.get_rect(midbottom=(w // 2, h - 8)))
    surf = _clip_round(surf, 9)
    pygame.draw.rect(surf, INK, surf.get_rect(), 2, border_radius=9)
    return ui.fast(surf)


@surface_cache(32, 4 << 20)
def ghost(card: tuple, patterns: bool = True) -> pygame.Surface:
    """A see-through compact card: where a bird would land (a preview)."""
    surf = compact(card, patterns).copy()
    surf.set_alpha(140)
    return surf


@surface_cache(4, 2 << 20)
def back(size: tuple[int, int] = FULL) -> pygame.Surface:
    """The card back: a birdhouse on deep teal, the same for every card."""
    w, h = size
    surf = _rounded(size, BACK, RADIUS)
    inner = pygame.Rect(0, 0, w - 14, h - 14)
    inner.center = (w // 2, h // 2)
    pygame.draw.rect(surf, BACK_LIGHT, inner, 3, border_radius=RADIUS - 4)
    r = min(w, h) // 4
    cx, cy = w // 2, h // 2 + r // 4
    house(surf, (cx, cy), r, (238, 214, 160))
    pygame.draw.rect(surf, INK, surf.get_rect(), 3, border_radius=RADIUS)
    return ui.fast(surf)


# -- abilities, tokens, labels ---------------------------------------------------------------
def token(place: int, r: int = 22, first_gold: bool = True) -> pygame.Surface:
    return _token(place, r, first_gold)


@surface_cache(32, 1 << 20)
def _token(place: int, r: int, first_gold: bool) -> pygame.Surface:
    """An order token: a wooden disc with its number (1st place is gilded)."""
    size = 2 * r + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    fill = GOLD if place == 1 and first_gold else WOOD
    pygame.draw.circle(surf, (0, 0, 0, 90), (c + 2, c + 3), r)
    pygame.draw.circle(surf, fill, (c, c), r)
    pygame.draw.circle(surf, WOOD_DARK, (c, c), r, 3)
    pygame.draw.circle(surf, INK, (c, c), r + 1, 2)
    num = _text(str(place), max(28, int(r * 1.3)), INK)
    surf.blit(num, num.get_rect(center=(c, c + 1)))
    return ui.fast(surf)


@surface_cache(64, 8 << 20, words=True)
def ability_card(ability: int, token_no: int, size: tuple[int, int], usable: bool = True
                 ) -> pygame.Surface:
    """One ability card in the row: its order token, its name, ★ or ⌂ when it has one."""
    info = ABILITIES[ability]
    w, h = size
    surf = _rounded(size, (244, 236, 214), 12)
    pygame.draw.rect(surf, INK, surf.get_rect(), 3, border_radius=12)
    tok = _token(token_no, min(22, h // 2 - 5), False)
    surf.blit(tok, tok.get_rect(midleft=(4, h // 2)))
    x = tok.get_width() + 10
    right = w - 10
    if info.lifer:
        star(surf, (w - 26, h // 2), min(19, h // 2 - 6))
        right = w - 46
    elif info.feeder:
        house(surf, (w - 26, h // 2 + 2), min(18, h // 2 - 7))
        right = w - 46
    name = _fit(info.title, 30, right - x, INK)
    surf.blit(name, name.get_rect(midleft=(x, h // 2)))
    if not usable:
        surf.fill((120, 120, 126), special_flags=pygame.BLEND_RGB_MULT)
    return ui.fast(surf)


def _fit(text: str, size: int, width: int, colour) -> pygame.Surface:
    surf = _text(text, size, colour)
    while surf.get_width() > width and len(text) > 2:
        text = text[:-2].rstrip() + "\u2026"
        surf = _text(text, size, colour)
    return surf


# the flock types in short, as the results list them (the same words, so one translation)
KIND_SHORT = {COLOUR: N_("Colour"), SPECIES_KIND: N_("Species"), EQUAL: N_("Equal"),
              SEQUENCE: N_("Run"), SOLO: N_("Solo")}


@surface_cache(256, 4 << 20, words=True)
def flock_label(kind: str, key: int, points: int, patterns: bool = True,
                width: int = 120) -> pygame.Surface:
    """The tag above a flock: what it scores as and its points, in ``width`` px or less.

    The type is a picture where one fits the space: the suit's shape for a colour flock,
    the bird for a species flock, '=7' for equal numbers, 'Run' for a sequence. ``key``
    is the suit, species or number the flock shares (-1 if none). Points sit on a gold
    disc (a solo bird shows a grey 0: it flies away at the end of the round).
    """
    parts: list[pygame.Surface] = []
    if kind == COLOUR and key >= 0:
        chip = pygame.Surface((40, 40), pygame.SRCALPHA)
        if patterns:
            ui.draw_shape(chip, SUIT_SHAPES[key], (20, 20), 18, SUIT_COLOURS[key], outline=INK)
        else:
            pygame.draw.circle(chip, SUIT_COLOURS[key], (20, 20), 18)
            pygame.draw.circle(chip, INK, (20, 20), 18, 2)
        parts.append(chip)
    elif kind == SPECIES_KIND and key >= 0:
        parts.append(bird_surface(SPECIES_LOOKS[key], (50, 42), "right"))
    elif kind == EQUAL and key >= 0:
        parts.append(_text(f"={key}", 28, ui.TEXT))
    else:
        parts.append(_text(_(KIND_SHORT[kind]) if kind in KIND_SHORT else kind, 28,
                           ui.TEXT_MUTED if kind == SOLO else ui.TEXT))
    r = LABEL_R
    disc = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(disc, GOLD if points > 0 else (150, 156, 160), (r + 2, r + 2), r)
    pygame.draw.circle(disc, INK, (r + 2, r + 2), r, 3)
    num = _text(str(points), 34, INK)
    disc.blit(num, num.get_rect(center=(r + 2, r + 3)))
    parts.append(disc)
    gap = 4
    total = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    if total > width and len(parts) == 2:
        parts = parts[1:]  # a crowded yard keeps the points; the type shows on focus
        total = parts[0].get_width()
    h = max(p.get_height() for p in parts)
    surf = pygame.Surface((total, h), pygame.SRCALPHA)
    x = 0
    for p in parts:
        surf.blit(p, (x, (h - p.get_height()) // 2))
        x += p.get_width() + gap
    return ui.fast(surf)


@surface_cache(64, 1 << 20)
def gain_badge(points: int) -> pygame.Surface:
    """'+3' on a green pill: what a choice would add (flock previews, scoring count-up)."""
    text = f"+{points}" if points >= 0 else str(points)
    txt = _text(text, 34, INK)
    h = 2 * LABEL_R + 4     # as tall as the flock label it stands in for
    w = max(txt.get_width() + 22, h)
    surf = _rounded((w, h), ui.GOOD if points > 0 else (196, 204, 200), h // 2, INK, 2)
    surf.blit(txt, txt.get_rect(center=(w // 2, h // 2 + 1)))
    return ui.fast(surf)


@surface_cache(8, 1 << 20)
def new_flock_slot(size: tuple[int, int] = COMPACT) -> pygame.Surface:
    """The empty place where a new flock would start: a dashed outline with a plus."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (255, 255, 255, 40), surf.get_rect(), border_radius=9)
    dash = 10
    for x in range(6, w - 6, dash * 2):
        pygame.draw.line(surf, ui.TEXT, (x, 2), (min(x + dash, w - 6), 2), 3)
        pygame.draw.line(surf, ui.TEXT, (x, h - 3), (min(x + dash, w - 6), h - 3), 3)
    for y in range(6, h - 6, dash * 2):
        pygame.draw.line(surf, ui.TEXT, (2, y), (2, min(y + dash, h - 6)), 3)
        pygame.draw.line(surf, ui.TEXT, (w - 3, y), (w - 3, min(y + dash, h - 6)), 3)
    plus = _text("+", 44, ui.TEXT)
    surf.blit(plus, plus.get_rect(center=(w // 2, h // 2 - 2)))
    return ui.fast(surf)


@surface_cache(16, 4 << 20)
def slot_mat(size: tuple[int, int]) -> pygame.Surface:
    """A faint card-shaped place on the feeder where a card will land."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 50), surf.get_rect(), border_radius=RADIUS)
    pygame.draw.rect(surf, (255, 255, 255, 60), surf.get_rect(), 3, border_radius=RADIUS)
    return ui.fast(surf)


def feeder_ring(size: tuple[int, int]) -> pygame.Surface:
    return _feeder_ring(size)


@surface_cache(4, 4 << 20)
def _feeder_ring(size: tuple[int, int]) -> pygame.Surface:
    """The feeder tray under the trick: a wooden board with a rim."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (92, 64, 40, 150), rect, border_radius=28)
    pygame.draw.rect(surf, (150, 110, 70, 200), rect, 5, border_radius=28)
    for i in range(1, 4):
        y = rect.h * i // 4
        pygame.draw.line(surf, (110, 78, 50, 90), (20, y), (rect.w - 20, y), 2)
    return ui.fast(surf)


def clear_caches() -> None:
    for fn in (face, face_dim, compact, ghost, back, _token, ability_card, flock_label,
               gain_badge, new_flock_slot, slot_mat, _feeder_ring):
        fn.cache_clear()


__all__ = ["FULL", "COMPACT", "index_corner", "face", "face_dim", "compact", "ghost", "back",
           "token", "ability_card", "flock_label", "gain_badge", "new_flock_slot", "slot_mat",
           "feeder_ring", "suit_shape", "star", "house", "SUIT_COLOURS", "SUIT_SHAPES",
           "SPECIES_LOOKS"]
