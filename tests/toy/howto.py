"""The toy game's one How to play page."""
from scenes.table.howto import Mini, Page

PAGES = (Page("The goal", "Play a card higher than the last one to score it.",
              (Mini("robin", "3"), Mini("robin", "7", mark=True))),)
