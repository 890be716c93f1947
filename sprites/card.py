"""A card on the table: it moves, lifts, casts a shadow and really flips.

The flip squashes the card to zero width, swaps the face, and unsquashes it, lifting off
the table and settling back, so a player sees a card turn over rather than change. Face
and back are ready-made surfaces from each game's card painter; the sprite only places,
scales and decorates them.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.assets import surface_cache

from sprites.tween import (Call, Timeline, Together, Tween, Wait, arc, ease_in_cubic,
                           ease_in_out_cubic, ease_out_cubic)

LIFT_PX = 26


def index_corner(rect: pygame.Rect, part: tuple[int, int, int, int],
                 size: tuple[int, int]) -> pygame.Rect:
    """The part of a card drawn at ``rect`` that says which card it is (its number and
    suit, the "index corner" a fanned hand must leave showing), given as ``part`` of the
    card's face at its painted ``size`` and scaled to ``rect``."""
    sx, sy = rect.w / size[0], rect.h / size[1]
    x, y, w, h = part
    return pygame.Rect(rect.x + round(x * sx), rect.y + round(y * sy),
                       max(1, round(w * sx)), max(1, round(h * sy)))


@surface_cache(32, 4 << 20)
def card_shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    surf = pygame.Surface((size[0] + 12, size[1] + 12), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=radius + 6)
    pygame.draw.rect(surf, (0, 0, 0, 60), surf.get_rect().inflate(-8, -8), border_radius=radius + 2)
    return surf


class CardSprite:
    def __init__(self, face: pygame.Surface, back: pygame.Surface, pos: tuple[float, float],
                 face_up: bool = True, key: object = None) -> None:
        self.face = face
        self.back = back
        self.x, self.y = pos
        self.face_up = face_up
        self.key = key            # what the scene calls this card (its id)
        self.scale = 1.0
        self.squash = 1.0         # 1 = full width; the flip takes it to 0 and back
        self.lift = 0.0           # 0 on the table, 1 held up
        self.alpha = 255
        self.z = 0
        self.dim = False          # not playable now
        self.outline: tuple[int, int, int] | None = None
        self.visible = True
        self.radius = 14

    @property
    def size(self) -> tuple[int, int]:
        img = self.face if self.face_up else self.back
        return int(img.get_width() * self.scale), int(img.get_height() * self.scale)

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.size
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(self.x), int(self.y - self.lift * LIFT_PX))
        return r

    # -- animations -----------------------------------------------------------------
    def flip(self, duration: float = 0.36, on_swap: Callable[[], object] | None = None,
             face_up: bool | None = None) -> Timeline:
        """Turn over (or to ``face_up``) as a timeline: squash, swap, unsquash."""
        target = (not self.face_up) if face_up is None else face_up

        def swap() -> None:
            self.face_up = target
            if on_swap:
                on_swap()

        half = duration / 2
        return Timeline([
            Tween(self, half, ease_in_cubic, squash=0.0, lift=1.0),
            Call(swap),
            Tween(self, half, ease_out_cubic, squash=1.0, lift=0.0),
        ])

    def move_to(self, pos: tuple[float, float], duration: float = 0.4, lift: float = 0.6,
                scale: float | None = None) -> "Move":
        return Move(self, pos, duration, lift, scale)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.alpha <= 0:
            return
        img = self.face if self.face_up else self.back
        w = int(img.get_width() * self.scale * self.squash)
        h = int(img.get_height() * self.scale)
        cx, cy = int(self.x), int(self.y)
        # the shadow is cached at the card's own size and stretched like the card: a card
        # growing in flight would otherwise make (and cache) a new shadow every frame
        shadow = card_shadow(img.get_size(), self.radius)
        off = 4 + int(self.lift * 12)
        sw = max(int(shadow.get_width() * self.scale * self.squash), 1)
        sh = max(int(shadow.get_height() * self.scale), 1)
        if (sw, sh) != shadow.get_size():
            shadow = pygame.transform.scale(shadow, (sw, sh))
        surface.blit(shadow, shadow.get_rect(center=(cx + off, cy + off)))
        if w < 2:
            return
        if (w, h) != img.get_size():
            img = pygame.transform.scale(img, (w, h))
        if self.alpha < 255 or self.dim:
            img = img.copy()
            if self.dim:
                img.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
            if self.alpha < 255:
                img.set_alpha(int(self.alpha))
        rect = img.get_rect(center=(cx, cy - int(self.lift * LIFT_PX)))
        surface.blit(img, rect)
        if self.outline is not None:
            pygame.draw.rect(surface, self.outline, rect.inflate(8, 8), 5, border_radius=self.radius + 4)


class Move:
    """Glide a card to a point along an eased path, rising off the table on the way."""

    def __init__(self, card: CardSprite, pos: tuple[float, float], duration: float,
                 lift: float, scale: float | None) -> None:
        self.card = card
        self.end = pos
        self.duration = max(duration, 1e-6)
        self.height = lift
        self.end_scale = scale
        self.elapsed = 0.0

    def start(self) -> None:
        self.elapsed = 0.0
        self.begin = (self.card.x, self.card.y)
        self.begin_scale = self.card.scale

    def update(self, dt: float) -> float:
        self.elapsed += dt
        t = min(self.elapsed / self.duration, 1.0)
        k = ease_in_out_cubic(t)
        c = self.card
        c.x = self.begin[0] + (self.end[0] - self.begin[0]) * k
        c.y = self.begin[1] + (self.end[1] - self.begin[1]) * k
        c.lift = self.height * arc(t)
        if self.end_scale is not None:
            c.scale = self.begin_scale + (self.end_scale - self.begin_scale) * k
        return self.elapsed - self.duration if t >= 1.0 else -1.0


def deal_timeline(cards: list[CardSprite], targets: list[tuple[float, float]],
                  gap: float = 0.06, duration: float = 0.35) -> Timeline:
    """Cards leave one after another and travel together: the feel of a deal."""
    moves = []
    for i, (card, target) in enumerate(zip(cards, targets)):
        moves.append(Timeline([Wait(i * gap), card.move_to(target, duration)]))
    return Timeline([Together(*moves)])
