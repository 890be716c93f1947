"""How to play Flip a Bird, in our own short words (never the rulebook's sentences), shown
with the table's own cards, tip cards and won-pile counters.

Faces: a rules face tuple (("bird", colour, n) or ("special", kind, colour)), or
("back", open), ("tip", "red" | "green" | "down"), ("pip", colour, count, needed),
("specials", count).
"""
from __future__ import annotations

import pygame

from game.i18n import N_
from scenes.table.howto import Card, Note, Page, Picture, Row, cards
from sprites.flip_a_bird_cards import CARD, FabCards

OPEN, COVERED = ("back", True), ("back", False)
RED, GREEN, DOWN = ("tip", "red"), ("tip", "green"), ("tip", "down")


def bird(colour: str, n: int) -> tuple:
    return ("bird", colour, n)


def special(kind: str, colour: str | None = None) -> tuple:
    return ("special", kind, colour)


def paint(ctx, face, height: int) -> pygame.Surface:
    """A Flip a Bird card or piece about ``height`` px tall, by the table's painter."""
    fab = FabCards(ctx.assets, ctx.settings.colour_patterns)
    size = (height * CARD[0] // CARD[1], height)
    if face[0] == "back":
        return fab.back(face[1], size)
    if face[0] == "tip":
        return fab.tip(face[1], (height * 72 // 100 * 3 // 4, height * 3 // 4))
    if face[0] in ("pip", "specials"):   # the seat plate's counters, shown large
        surf = fab.pip(*face[1:]) if face[0] == "pip" else fab.special_pip(face[1])
        side = max(64, height * 2 // 5)
        return pygame.transform.smoothscale(surf, (side, side))
    return fab.face(face, size)


PAGES = (
    Page(N_("The goal"),
         N_("Win cards by judging the row. At the end, one card of each of the four colours "
            "makes a set worth 10; each special card scores 2 and any other bird card 1."),
         (Picture((Row(cards(bird("blue", 1), bird("green", 2), bird("red", 3), bird("yellow", 1)),
                       N_("A set: 10 points")),
                   Row((Card(("pip", "blue", 1, False)), Card(("pip", "green", 1, False)),
                        Card(("pip", "red", 1, False)), Card(("pip", "yellow", 0, True)),
                        Card(("specials", 1), gap=True)), N_("On your seat: 5 points"))),
                  (Note(N_("Hollow: no yellow yet, the set waits"), 1, 3, (0.5, 1.0), "below"),
                   Note(N_("Special cards won"), 1, 4, (0.5, 1.0), "below"))),)),
    Page(N_("Your hand"),
         N_("Everyone starts with two cards in hand, plus a red and a green tip card. The "
            "cage icons on a seat's plate count the cards in that hand and show their "
            "backs; only the holder sees the faces."),
         (Picture((Row(cards(bird("red", 2), bird("blue", 1)), N_("Your hand: 2 cards")),
                   Row((Card(RED), Card(GREEN)), N_("Your tip cards")))),
          Picture((Row(cards(OPEN, COVERED), N_("On your plate")),),
                  (Note(N_("One cage for each card in hand"), 0, 1, (0.5, 1.0), "below"),)))),
    Page(N_("Face up or face down"),
         N_("On your turn draw the top card, then play a hand card onto the row. The back "
            "now on top of the deck decides: an open cage means face up, a covered cage face "
            "down. Only you know your face-down card."),
         (Picture((Row((Card(OPEN, N_("face up")), Card(COVERED, N_("face down"), gap=True)),
                       N_("Top of the deck")),
                   Row(cards(bird("red", 3), COVERED, bird("green", 1), bird("blue", 2)), N_("The row"))),
                  (Note(N_("Hidden birds: guess them"), 1, 1, (0.5, 0.9), "below"),)),)),
    Page(N_("The bird limit"),
         N_("The row may hold at most 8 birds with 3 players, 10 with 4, 12 with 5 and 14 "
            "with 6. Face-down cards count too, so you have to guess them."),
         (Picture((Row(cards(bird("red", 3), COVERED, bird("green", 1), bird("blue", 2),
                             bird("yellow", 2)), N_("4 players: at most 10 birds")),),
                  (Note(N_("8 birds you can see"), 0, 3, (0.5, 0.1), "above"),
                   Note(N_("How many here?"), 0, 1, (0.5, 0.9), "below"))),)),
    Page(N_("Claim!"),
         N_("Instead of playing, claim the row is over the limit. You tip red, the player "
            "who played last tips green, and the others pick red or green in secret. Then "
            "every tip is shown at once."),
         (Picture((Row((Card(RED, N_("You")), Card(GREEN, N_("Ana")), Card(DOWN, N_("Bo")), Card(DOWN, N_("Cy"))),
                       N_("Tipping")),
                   Row((Card(RED, N_("You")), Card(GREEN, N_("Ana")), Card(RED, N_("Bo")), Card(GREEN, N_("Cy"))),
                       N_("All shown together"), then=True)),
                  (Note(N_("Played last: always green"), 0, 1, (0.5, 0.0), "above"),
                   Note(N_("Secret until all have tipped"), 0, 3, (0.5, 0.0), "above"))),)),
    Page(N_("Count the birds"),
         N_("Every card turns face up and the birds are added up, whatever their colour. "
            "More than the limit: red was right. The limit or fewer: green was right."),
         (Picture((Row(cards(bird("red", 3), COVERED, bird("green", 1), bird("blue", 2)), N_("Claimed")),
                   Row((Card(bird("red", 3), tag="3"), Card(bird("yellow", 2), tag="2", mark=True),
                        Card(bird("green", 1), tag="1"), Card(bird("blue", 2), tag="2")),
                       N_("Face up"), then=True)),
                  (Note(N_("3 + 2 + 1 + 2 = 8: not over 10, green wins"), 1, 3, (0.5, 1.0), "below"),)),)),
    Page(N_("Colour specials"),
         N_("A colour's \u00d72 card doubles the birds of that colour. Its \u00d70 card makes "
            "them count nothing, and beats the \u00d72 if both lie in the row."),
         (Picture((Row((Card(bird("blue", 2), tag="4"), Card(bird("red", 3), tag="3"),
                        Card(special("colour_double", "blue"), mark=True),
                        Card(bird("blue", 1), tag="2")), N_("Blue counts \u00d72: 9")),
                   Row((Card(bird("red", 3), dim=True, tag="0"), Card(bird("green", 2), tag="2"),
                        Card(special("colour_zero", "red"), mark=True),
                        Card(bird("red", 1), dim=True, tag="0")), N_("Red counts 0: 2"))),),)),
    Page(N_("Specials that take cards out"),
         N_("'Neighbours don't count' takes out the card on each side of it. 'Specials "
            "don't count' takes every special out first, itself too. Cards taken out are "
            "not counted, but they are still shared."),
         (Picture((Row((Card(bird("green", 2), tag="2"), Card(bird("red", 3), dim=True, tag=N_("out")),
                        Card(special("no_neighbours"), mark=True),
                        Card(bird("yellow", 1), dim=True, tag=N_("out")), Card(bird("blue", 2), tag="2")),
                       N_("Neighbours don't count: 4")),
                   Row((Card(bird("blue", 2), tag="2"),
                        Card(special("colour_double", "blue"), dim=True, tag=N_("out")),
                        Card(bird("red", 1), tag="1"),
                        Card(special("no_specials"), mark=True, dim=True, tag=N_("out"))),
                       N_("Specials don't count: 3"))),),)),
    Page(N_("Share the row"),
         N_("If red was right, the red tippers share the cards, the claimant first; if "
            "green was right, the green tippers do, the last player first. One card each in "
            "turn, going the other way round. Then the claimant starts the next row."),
         (Picture((Row((Card(GREEN, N_("Ana")), Card(GREEN, N_("Cy"))), N_("Green was right")),
                   Row((Card(bird("red", 3), N_("Ana")), Card(bird("yellow", 2), N_("Cy")),
                        Card(bird("green", 1), N_("Ana")), Card(bird("blue", 2), N_("Cy"))),
                       N_("They take turns"), then=True)),
                  (Note(N_("Ana played last: she picks first"), 0, 0, (0.5, 0.0), "above"),)),)),
    Page(N_("All face up"),
         N_("If every card in the row is face up and your face-up card takes it over the "
            "limit, the old row leaves the game and your card starts a new row."),
         (Picture((Row(cards(bird("red", 3), bird("yellow", 3), bird("blue", 2))
                       + (Card(bird("green", 2), N_("yours"), mark=True, gap=True),),
                       N_("3 players: at most 8 birds")),
                   Row((Card(bird("green", 2), N_("new row")),), N_("Then"), then=True)),
                  (Note(N_("Old row: out of the game"), 0, 1, (0.5, 0.0), "above"),)),)),
    Page(N_("The end"),
         N_("When the deck runs out, every card is played face down and the next claim ends "
            "the game. If all hands run out first, that last row is not counted."),
         (Picture((Row(cards(bird("blue", 2), COVERED, COVERED, COVERED),
                       N_("Deck empty: all face down")),),
                  (Note(N_("The next claim is the last"), 0, 3, (0.5, 1.0), "below"),)),)),
)
