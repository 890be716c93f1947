"""How to play CuBirds, in our own short words (never the rulebook's sentences):
pages of a heading, a few sentences readable from the couch, and mini cards."""
from __future__ import annotations

from scenes.table.howto import Mini, Page

PAGES = (
    Page("The goal",
         "Gather birds into your collection. You win on the spot with 7 different "
         "species, or with 2 species of at least 3 birds each.",
         (Mini("owl", "Owl"), Mini("owl", "Owl"), Mini("owl", "Owl"),
          Mini("duck", "Duck", gap_before=True), Mini("duck", "Duck"), Mini("duck", "Duck"))),
    Page("The table",
         "Four rows of birds sit in the middle and everyone holds 8 cards. Every species "
         "has a small and a big flock size printed on its cards.",
         (Mini("robin", "Robin"), Mini("owl", "Owl"), Mini("duck", "Duck"))),
    Page("Your turn: land your birds",
         "You must play every card of one species from your hand, together, at the left "
         "or right end of any row.",
         (Mini("toucan", "Toucan"), Mini("owl", "Owl"), Mini("duck", "Duck"),
          Mini("robin", "Robin", mark=True, gap_before=True), Mini("robin", "Robin", mark=True))),
    Page("Trap the birds between",
         "If that row already has your species, the birds between your new cards and the "
         "nearest bird of that species come into your hand, and the row closes up.",
         (Mini("robin", "Robin"), Mini("owl", "Owl", mark=True), Mini("duck", "Duck", mark=True),
          Mini("robin", "Robin"))),
    Page("Refill a bare row",
         "If a capture leaves only one species in the row, draw cards into it one at a "
         "time, each at the end you choose, until the row shows two species.",
         (Mini("parrot", "Parrot"), Mini("", "", down=True, gap_before=True))),
    Page("Nothing trapped? Draw two",
         "If your birds enclosed nothing, you may take the top two cards of the deck. "
         "Played your last card that way? No draw: the round is over right there.",
         (Mini("", "", down=True), Mini("", "", down=True))),
    Page("Fly a flock",
         "Then you may show all your cards of one species. At the small flock size, one "
         "goes to your collection; at the big size, two. The rest are discarded. One "
         "flock a turn, and only if you want.",
         (Mini("flamingo", "2 = small"), Mini("flamingo", "3 = big"), Mini("flamingo", ""))),
    Page("End of a round",
         "When someone empties their hand, the others discard theirs, the rows stay, and "
         "8 new cards go to each player; the one who emptied their hand starts. If the "
         "cards run out, the biggest collection wins.",
         ()),
)
