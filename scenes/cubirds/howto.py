"""How to play CuBirds, in our own short words (never the rulebook's sentences), shown
with the table's own cards: a species name is its card, None a card back, ("chip",
species, count) a collection badge as the seat plates show it."""
from __future__ import annotations

import pygame

from game.i18n import N_
from scenes.table.howto import Card, Note, Page, Picture, Row, cards
from sprites import cubirds_cards as art

SEVEN = ("flamingo", "owl", "toucan", "duck", "parrot", "magpie", "robin")
SMALL_SPOT, BIG_SPOT = (0.24, 0.0), (0.76, 0.0)   # the two flock numbers on a face


def paint(ctx, face, height: int) -> pygame.Surface:
    """A CuBirds card ``height`` px tall, by the table's painter."""
    size = (height * art.CARD[0] // art.CARD[1], height)
    if face is None:
        return art.back(size)
    if face[0] == "chip":
        _, species, count = face
        chip = art.chip(species, count, ctx.settings.colour_patterns, count >= 3)
        side = max(chip.get_height(), height * 3 // 5)
        return pygame.transform.smoothscale(chip, (chip.get_width() * side // chip.get_height(), side))
    return art.face(face, ctx.settings.colour_patterns, size)


PAGES = (
    Page(N_("The goal"),
         N_("Collect birds. You win at once with 7 different species in your collection, "
            "or with 2 species of 3 or more birds each. Everyone starts with one bird there."),
         (Picture((Row(cards(*SEVEN), N_("7 different species")),
                   Row(cards("owl", "owl", "owl") + (Card("duck", gap=True),) + cards("duck", "duck"),
                       N_("or 2 species, 3 of each")),
                   Row(cards(("chip", "owl", 3), ("chip", "duck", 3), ("chip", "robin", 1)),
                       N_("Your collection, on your seat"))),
                  (Note(N_("Gold rim: 3 or more of a species"), 2, 0, (0.4, 0.0), "above"),)),)),
    Page(N_("Read a card"),
         N_("Each card shows a bird and two numbers. The white one is the small flock: hold "
            "that many to keep one bird. The gold one is the big flock: enough to keep two."),
         (Picture((Row(cards("flamingo", "robin")),),
                  (Note(N_("Small flock: 2"), 0, 0, SMALL_SPOT, "above"),
                   Note(N_("Big flock: 3"), 0, 0, BIG_SPOT, "above"),
                   Note(N_("Common robins need 6 and 9"), 0, 1, (0.5, 1.0), "below"))),)),
    Page(N_("Your turn: land your birds"),
         N_("Play every card of one species from your hand, all together, at the left or the "
            "right end of any of the four rows."),
         (Picture((Row(cards("robin", "robin", mark=True) + cards("owl", "toucan"), N_("Your hand")),
                   Row(cards("owl", "duck", "parrot") + (Card("robin", mark=True, gap=True),
                                                         Card("robin", mark=True)),
                       N_("A row"), then=True)),
                  (Note(N_("Both robins, together"), 1, 4, (0.5, 0.9), "below"),
                   Note(N_("Either end: you choose"), 1, 0, (0.1, 0.9), "below"))),)),
    Page(N_("Trap the birds between"),
         N_("If the row already holds your species, the birds between your new cards and "
            "the nearest one of that species come into your hand. The row closes up."),
         (Picture((Row(cards("duck", "robin") + cards("owl", "flamingo", mark=True)
                       + (Card("robin", N_("yours"), gap=True),), N_("Before")),
                   Row(cards("duck", "robin", "robin")
                       + (Card("owl", N_("to hand"), gap=True), Card("flamingo", N_("to hand"))),
                       N_("After"), then=True)),
                  (Note(N_("Trapped between two robins"), 0, 2, (1.07, 0.0), "above"),)),)),
    Page(N_("Refill a bare row"),
         N_("If a capture leaves only one species in the row, draw cards onto it one at a "
            "time, at the end you pick, until it shows two species."),
         (Picture((Row(cards("parrot", "parrot"), N_("After a capture: one species")),
                   Row(cards("parrot", "parrot") + (Card("parrot", N_("drawn")),
                                                    Card("toucan", N_("drawn"), mark=True)),
                       N_("Refilled"), then=True)),
                  (Note(N_("Two species now: stop drawing"), 1, 3, (0.5, 0.5), "above"),)),)),
    Page(N_("Nothing trapped? Draw two"),
         N_("If your birds trapped nothing, you may draw the top two cards of the deck. If "
            "that play emptied your hand, there is no draw: the round ends right there."),
         (Picture((Row(cards("owl", "duck") + (Card("robin", N_("yours"), mark=True, gap=True),),
                       N_("A row with no other robin")),
                   Row(cards(None, None), N_("You may draw 2"), then=True)),
                  (Note(N_("Nothing between: no capture"), 0, 2, (0.5, 0.3), "above"),)),)),
    Page(N_("Fly a flock"),
         N_("Then you may show all your cards of one species. Reach the small number and one "
            "goes to your collection; the big number, two. The rest are discarded. One "
            "flock a turn, only if you want."),
         (Picture((Row(cards("flamingo", "flamingo", "flamingo", mark=True), N_("Your hand")),
                   Row((Card("flamingo", N_("kept")), Card("flamingo", N_("kept")),
                        Card("flamingo", N_("discard"), dim=True)), N_("Flown: two to your collection"),
                       then=True)),
                  (Note(N_("3 flamingos: the big flock"), 0, 2, BIG_SPOT, "above"),)),)),
    Page(N_("End of a round"),
         N_("When someone empties their hand, the others discard theirs and the rows stay. "
            "Everyone gets 8 new cards; whoever emptied their hand goes first. If the cards "
            "run out, the biggest collection wins."),
         (Picture((Row(cards(*(None,) * 8), N_("A new hand each")),),
                  (Note(N_("8 cards to everyone"), 0, 3, (0.5, 1.0), "below"),)),)),
)
