"""How to play Yard Birbs, in our own short words (never the rulebook's sentences):
pages of a heading, a few sentences readable from the couch, and mini cards."""
from __future__ import annotations

from scenes.table.howto import Mini, Page

PAGES = (
    Page("The goal",
         "Build scoring flocks in your yard over three rounds. The highest total wins.",
         (Mini("waxwing", "Waxwing"), Mini("waxwing", "Waxwing"), Mini("waxwing", "Waxwing"))),
    Page("The cards",
         "55 birds in five suits: purple 1-11, blue 2-12, green 3-13, yellow 4-14, red "
         "5-15. Each also shows a species. The face-up Lifer card names the species that "
         "beats everything.",
         (Mini("crow", "Lifer", mark=True),)),
    Page("Play to the feeder",
         "The lead plays any card. After that you must play a suit already in the "
         "feeder if you hold one; a card of the Lifer's species is always allowed.",
         (Mini("hawk", "Blue 7"), Mini("goose", "Blue 10"), Mini("crow", "Lifer"))),
    Page("Ranking the trick",
         "Lifer birds always take the top places, highest number first. Then the most "
         "common suit, highest first; a tie goes to the led suit if it is tied, else to "
         "the suit played first. If every suit differs, the lead wins and the rest go "
         "by number.",
         ()),
    Page("Take a bird",
         "In place order, everyone takes one bird from the feeder into their yard: into "
         "a flock it fits, or a new flock. The winner leads the next trick.",
         ()),
    Page("Flocks",
         "A flock is one colour, one species, one number, or a run of numbers. Colour: "
         "1,2,3,5,7 for 2-6+ birds. Species: 1,4,6,8. Same number: 1,5,10. Run: 1,3,5,8,11. "
         "A lone bird scores nothing.",
         (Mini("towhee", "5"), Mini("kingfisher", "6"), Mini("yb_magpie", "7"))),
    Page("Abilities",
         "Placed second or lower? After taking your bird you may use one ability at your "
         "place's token or a better one. A star ability changes the Lifer and re-deals "
         "all the ability cards. A bird may only leave a flock if the birds left behind "
         "still make one: the middle of a mixed-colour run stays.",
         ()),
    Page("Rounds",
         "When hands are empty, flocks score and yards are cleared. After three rounds "
         "the biggest total wins; later rounds are led by the player in front.",
         ()),
)
