"""The toy game's How to play pages, drawn with its own card painter (the table's faces)."""
from __future__ import annotations

import pygame

from game.i18n import N_
from scenes.table.howto import Note, Page, Picture, Row, cards
from tests.toy.draw import card_back, card_face


def paint(ctx, face, height: int) -> pygame.Surface:
    """A page's card: a number is a face, anything else the deck's back."""
    size = (height * 5 // 7, height)
    if isinstance(face, int):
        return card_face(face, size, ctx.assets)
    return card_back(size, 0, ctx.assets)


PAGES = (
    Page(N_("The goal"), N_("Play a card higher than the last one to score it."),
         (Picture((Row(cards(4, 9), N_("The pile")),),
                  (Note(N_("Higher than the last: 9 points"), 0, 1, (0.5, 0.0), "above"),)),)),
    Page(N_("Your turn"), N_("Play any card from your hand onto the pile, or draw one while "
            "you hold fewer than four. The game ends when every card is played."),
         (Picture((Row(cards(2, 11, 6), N_("Your hand")),),
                  (Note(N_("Any card may be played"), 0, 1, (0.5, 1.0), "below"),)),)),
)
