"""The toy game's one How to play page (no painter of its own: plain cards are drawn)."""
from scenes.table.howto import Note, Page, Picture, Row, cards

PAGES = (Page("The goal", "Play a card higher than the last one to score it.",
              (Picture((Row(cards("robin", "robin")),),
                       (Note("Higher than the last", 0, 1, (0.5, 0.0), "above"),)),)),)
