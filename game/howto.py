"""How to play each game, in our own short words (never the rulebooks' sentences).

Each page is a heading, a few sentences a person can read from the couch, and a small
illustration: a row of mini cards (bird look, caption, and flags) drawn by the Rules scene.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mini:
    """One card in a page illustration."""

    look: str                 # a key of sprites.birds.LOOKS ("" for a plain card)
    caption: str = ""
    down: bool = False        # drawn face down
    mark: bool = False        # outlined: the card the page is talking about
    gap_before: bool = False  # a little space before this card


@dataclass(frozen=True)
class Page:
    heading: str
    body: str
    art: tuple[Mini, ...] = ()


PAGES: dict[str, tuple[Page, ...]] = {
    "cubirds": (
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
    ),
    "flip_a_bird": (
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
    ),
    "flappy_families": (
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
    ),
    "yard_birbs": (
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
    ),
}
