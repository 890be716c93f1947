"""How to play Flappy Families, in our own short words (never the rulebook's sentences),
shown with the table's own cards. The actions are named by what they do, as the table's
buttons name them.

Faces: a card id (0-53), BACK, EMPTY (a space of the Wild with its nest),
("seen" | "yours", family) for a back with the memory aid, ("bonus", family, points).
"""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.flappy_families.cards import FAMILY_SIZE
from game.i18n import N_
from scenes.table.howto import Card, Note, Page, Picture, Row, cards
from sprites.flappy_families_cards import CARD, FFCards

BACK, EMPTY = "back", "empty"
ALPINE, FOREST, RIVER, SEA, SINGERS = 0, 3, 4, 5, 6
FOX, CAT, STOAT, SNAKE = 50, 51, 52, 53


def bird(family: int, k: int = 0) -> int:
    """The card id of bird ``k`` of ``family``."""
    return family * FAMILY_SIZE + k


def paint(ctx, face, height: int) -> pygame.Surface:
    """A Flappy Families card about ``height`` px tall, by the table's painter."""
    ff = FFCards(ctx.assets, SimpleNamespace(colour_patterns=ctx.settings.colour_patterns))
    size = (height * CARD[0] // CARD[1], height)
    if face == BACK:
        return ff.back(size)
    if face == EMPTY:   # as the Wild shows an empty space: its outline and its nest
        surf = ff.slot_frame(size).copy()
        nest = ff.nest(size)
        surf.blit(nest, nest.get_rect(center=(size[0] // 2, size[1] // 2 + height * 24 // CARD[1])))
        return surf
    if isinstance(face, tuple) and face[0] == "bonus":
        return ff.token(face[1], face[2], max(46, height // 4))
    if isinstance(face, tuple):
        return ff.back(size, memory=(face[1], face[0]))
    return ff.face(face, size)


PAGES = (
    Page(N_("The goal"),
         N_("Collect big bird families. A family of 1, 2, 3, 4 or 5 birds scores 1, 3, 6, 10 "
            "or 15. Two bonus families add 2 and 1 per bird; each predator costs 1."),
         (Picture((Row(cards(bird(FOREST, 0), bird(FOREST, 1), bird(FOREST, 2)) + (Card(FOX, gap=True),),
                       N_("At the end of the game")),
                   Row((Card(("bonus", SEA, 2)), Card(("bonus", SINGERS, 1))), N_("Bonus families"))),
                  (Note(N_("3 Forest Fliers: 6 points"), 0, 1, (0.5, 1.0), "below"),
                   Note(N_("Predator: minus 1"), 0, 3, (0.5, 1.0), "below"))),)),
    Page(N_("Spot a family"),
         N_("A card wears its family's colour, icon and name at the top; the bird's own name "
            "is at the bottom. Every bird of a family counts the same."),
         (Picture((Row(cards(bird(RIVER, 0), bird(RIVER, 1))),),
                  (Note(N_("The family: colour, icon, name"), 0, 0, (0.5, 0.0), "above"),
                   Note(N_("Same family, another bird"), 0, 1, (0.5, 0.92), "below"))),)),
    Page(N_("The Wild"),
         N_("Cards lie face down in a grid of 5 by 3; at the start the middle 9 are filled. "
            "Everyone begins with 4 secret cards in hand."),
         (Picture(tuple(Row(cards(EMPTY, BACK, BACK, BACK, EMPTY)) for _ in range(3)),
                  (Note(N_("Empty space"), 0, 0, (0.5, 0.0), "above"),)),)),
    Page(N_("Step 1: flip a card"),
         N_("Your turn starts by turning any card of the Wild face up, for everyone to see. "
            "You always must."),
         (Picture((Row(cards(BACK, BACK) + (Card(bird(SEA, 1), mark=True),) + cards(BACK, BACK)),),
                  (Note(N_("Flipped: a Sea Soarer"), 0, 2, (0.5, 1.0), "below"),)),)),
    Page(N_("Step 2: flip a second card"),
         N_("Then choose one of three actions. The first: flip a second card. Same family? "
            "Both go to your hand; if not, both turn back down."),
         (Picture((Row((Card(bird(RIVER, 2), mark=True), Card(BACK), Card(bird(RIVER, 4), mark=True)),
                       N_("Same family: keep both")),
                   Row((Card(bird(RIVER, 2)), Card(BACK), Card(bird(ALPINE, 3))),
                       N_("Different: both go back down"))),),)),
    Page(N_("Step 2: take this card"),
         N_("The second action: take the flipped card into your hand and put one of your "
            "cards face down in its space. Remember where you hid it!"),
         (Picture((Row((Card(BACK), Card(bird(SEA, 1), mark=True), Card(BACK)), N_("Before")),
                   Row((Card(BACK), Card(("yours", FOREST), mark=True), Card(BACK),
                        Card(bird(SEA, 1), N_("to hand"), gap=True)), N_("After"), then=True)),
                  (Note(N_("Your Forest Flier, hidden"), 1, 1, (0.5, 0.0), "above"),)),)),
    Page(N_("Step 2: hide 2, draw 2"),
         N_("The third action: hide two hand cards in empty spaces of the Wild, draw two "
            "from the deck, and turn the flipped card back down."),
         (Picture((Row((Card(EMPTY), Card(bird(SEA, 1), mark=True), Card(BACK), Card(EMPTY)), N_("Before")),
                   Row((Card(("yours", FOREST), N_("hidden")), Card(BACK), Card(BACK),
                        Card(("yours", ALPINE), N_("hidden"))), N_("After"), then=True)),),)),
    Page(N_("Predators!"),
         N_("Reveal a fox, cat, stoat or snake and it jumps into your hand: minus 1 point. "
            "Your turn ends at once, with no migration: a row it leaves empty stays empty."),
         (Picture((Row(cards(FOX, CAT, STOAT, SNAKE), N_("The four predators")),
                   Row(cards(EMPTY, EMPTY) + (Card(FOX, mark=True),) + cards(EMPTY, EMPTY),
                       N_("A fox in a row's last card"))),
                  (Note(N_("Into your hand: the turn ends, the row stays empty"), 1, 2, (0.5, 1.0),
                        "below"),)),)),
    Page(N_("Step 3: migration"),
         N_("At the end of a turn with no predator, every empty row of the Wild gets five new "
            "cards from the deck. The game ends the moment the deck is empty."),
         (Picture((Row(cards(*(EMPTY,) * 5), N_("An empty row")),
                   Row(cards(*(BACK,) * 5), N_("Migration"), then=True)),
                  (Note(N_("Five from the deck"), 1, 2, (0.5, 1.0), "below"),)),)),
    Page(N_("Remember everything"),
         N_("Watch every flip. With Memory marks on (Seat setup), the table marks the backs you "
            "have seen and the cards you hid. A known pair is how families grow."),
         (Picture((Row((Card(("seen", RIVER)), Card(BACK), Card(("yours", FOREST)))),),
                  (Note(N_("Seen: a River Roamer"), 0, 0, (0.5, 1.0), "below"),
                   Note(N_("Hidden by you"), 0, 2, (0.5, 1.0), "below"))),)),
)
