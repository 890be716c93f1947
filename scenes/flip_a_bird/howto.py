"""How to play Flip a Bird, in our own short words (never the rulebook's sentences):
pages of a heading, a few sentences readable from the couch, and mini cards."""
from __future__ import annotations

from scenes.table.howto import Mini, Page

PAGES = (
    Page("The goal",
         "Win cards by judging the row right. At the end, each set of four colours "
         "scores 10, each special card 2, every other bird card 1.",
         (Mini("fab_blue", "Blue"), Mini("fab_green", "Green"), Mini("fab_red", "Red"),
          Mini("fab_yellow", "Yellow"))),
    Page("Face up or face down",
         "Draw the top card, then play one hand card onto the row. If the deck's new top "
         "card shows an open cage, play face up; a covered cage, face down. Only you know "
         "what your face-down card is.",
         (Mini("fab_red", "3 birds"), Mini("", "", down=True), Mini("fab_green", "1 bird"))),
    Page("The bird limit",
         "The row may hold at most 8 birds with 3 players, 10 with 4, 12 with 5 and 14 "
         "with 6. Face-down cards count too.",
         ()),
    Page("Claim!",
         "Instead of drawing, claim the row is over the limit. You tip red, the player "
         "who played last tips green, and everyone else picks red or green in secret. "
         "All tips are shown at once.",
         ()),
    Page("Count the birds",
         "Every card turns face up and the specials act: 'no specials' wipes out all "
         "specials first, 'no neighbours' removes the cards beside it, a colour's 'does "
         "not count' beats its 'counts double'. Then count.",
         (Mini("fab_blue", "x2", mark=True), Mini("fab_yellow", "x0"))),
    Page("Share the row",
         "Over the limit: the red tippers share the cards, claimant first. Not over: the "
         "green tippers share them, starting with the last player. Take one card each in "
         "turn, going the other way round, removed cards included.",
         ()),
    Page("All face up",
         "If every card in the row is face up and your face-up card pushes it over the "
         "limit, the old row leaves the game and your card starts a new one.",
         ()),
    Page("The end",
         "Once the deck is empty, every card is played face down and the next claim "
         "ends the game. If all hands run out first, the row is not counted.",
         ()),
)
