"""What moves on the Yard Birbs table: the card sprite, and the plain objects the timeline
tweens (order tokens, ability cards, popups, glows, the plates' score counters).

They are the table's sprites: placed from the display model (:mod:`.model`) in
``refresh()`` and moved by the animations; the draw module paints them.
"""
from __future__ import annotations

import pygame

from sprites import ui
from sprites import yard_birbs_cards as art
from sprites.card import LIFT_PX, CardSprite

# drawing order: yards on the plates, the feeder and the Lifer, the hand, a card in flight
Z_YARD, Z_FEEDER, Z_HAND, Z_FLY = 10, 100, 200, 600


def yard_z(col: int, row: int = 0) -> int:
    """A yard card's place in the drawing order: later columns and lower rows on top."""
    return Z_YARD + col * 20 + row


class Card(CardSprite):
    """A bird card on the table; ``kind`` is 'full' (hand, feeder, Lifer) or 'compact'
    (yards). Drawn without the generic shadow when it lies in a yard stack (cheap)."""

    def __init__(self, card, patterns: bool) -> None:
        super().__init__(art.face(card, patterns), art.back(), (0, 0), face_up=False, key=card)
        self.card = card
        self.patterns = patterns
        self.kind = "full"
        self.visible = False
        self.dimmed = False

    def look(self, kind: str, dimmed: bool = False) -> None:
        self.kind, self.dimmed = kind, dimmed
        if kind == "compact":
            self.face, self.back = art.compact(self.card, self.patterns), art.back(art.COMPACT)
            self.radius = 9
        else:
            self.face = (art.face_dim if dimmed else art.face)(self.card, self.patterns)
            self.back = art.back()
            self.radius = art.RADIUS

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.alpha <= 0:
            return
        img = self.face if self.face_up else self.back
        w = int(img.get_width() * self.scale * self.squash)
        h = int(img.get_height() * self.scale)
        if w < 2 or h < 2:
            return
        cx, cy = int(self.x), int(self.y - self.lift * LIFT_PX)
        if self.kind == "full" or self.lift > 0.05:
            # cached at the card's own size, stretched like the card (see CardSprite)
            sh = _shadow(img.get_size(), self.radius)
            size = (int(sh.get_width() * self.scale * self.squash),
                    int(sh.get_height() * self.scale))
            if size != sh.get_size():
                sh = pygame.transform.scale(sh, size)
            off = 4 + int(self.lift * 12)
            surface.blit(sh, sh.get_rect(center=(cx + off, cy + off + int(self.lift * LIFT_PX))))
        if (w, h) != img.get_size():
            img = pygame.transform.scale(img, (w, h))
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(int(self.alpha))
        rect = img.get_rect(center=(cx, cy))
        surface.blit(img, rect)
        if self.outline is not None:
            pygame.draw.rect(surface, self.outline, rect.inflate(10, 10), 5,
                             border_radius=self.radius + 4)


@ui.cached_surface
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    surf = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 80), surf.get_rect(), border_radius=radius + 4)
    return ui.fast(surf)


class Thing:
    """Anything else that moves: an order token, an ability card, a popup."""

    def __init__(self, x: float = 0, y: float = 0, **attrs) -> None:
        self.x, self.y = x, y
        self.alpha = 255.0
        self.scale = 1.0
        self.visible = True
        self.__dict__.update(attrs)


class ScoreBox:
    """The numbers on a plate, as floats so the round's count-up can tween them."""

    def __init__(self) -> None:
        self.total = 0.0
        self.yard = 0.0
