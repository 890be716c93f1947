"""How to play Flappy Families, in our own short words (never the rulebook's sentences):
pages of a heading, a few sentences readable from the couch, and mini cards."""
from __future__ import annotations

from scenes.table.howto import Mini, Page

PAGES = (
    Page("The goal",
         "Collect big bird families. A family of 1, 2, 3, 4 or 5 birds scores 1, 3, 6, 10 "
         "or 15. Two bonus families add 2 and 1 per bird; each predator costs 1.",
         (Mini("forest_fliers", "Forest"), Mini("forest_fliers", "Forest"),
          Mini("forest_fliers", "Forest"), Mini("fox", "-1", gap_before=True))),
    Page("The Wild",
         "Cards lie face down in a grid of 5 columns by 3 rows; the middle 9 are filled "
         "at the start. Everyone begins with 4 cards in hand.",
         (Mini("", "", down=True), Mini("", "", down=True), Mini("", "", down=True))),
    Page("Step 1: flip a card",
         "Turn any card of the Wild face up. You always must.",
         (Mini("", "", down=True), Mini("sea_soarers", "Sea", mark=True), Mini("", "", down=True))),
    Page("Step 2: pick one",
         "A: flip a second card; a matching family goes to your hand, else both go back "
         "down. B: take the flipped card and hide a hand card in its place. C: hide two "
         "hand cards in empty spaces, draw two, and turn the flipped card back.",
         (Mini("river_roamers", "River"), Mini("river_roamers", "River", mark=True))),
    Page("Predators!",
         "Reveal a fox, cat, stoat or snake and it leaps into your hand: minus one point, "
         "and your turn ends at once. Even step 3 is skipped, so a row it left bare "
         "stays empty until a later turn's migration.",
         (Mini("fox", "Fox"), Mini("cat", "Cat"), Mini("stoat", "Stoat"), Mini("snake", "Snake"))),
    Page("Step 3: migration",
         "Any empty row of the Wild fills up with five cards from the deck. The game ends "
         "the moment the deck is empty.",
         ()),
    Page("Remember everything",
         "Watch every flip and remember where the birds went, including the ones you hid. "
         "Knowing a pair is how families grow.",
         ()),
)
