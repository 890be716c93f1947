"""CuBirds: land birds on the fences and trap the flocks between them.

``rules`` holds the game (no pygame), ``cards`` the deck data, ``ai`` the Easy and
Normal bots.
"""

# What the table's Tiled layouts (game/layouts/cubirds_N.tmx) name besides the common
# seats, status, log and prompts: the four rows, the piles, where a restoration card
# waits, the on-table buttons and the viewer's hand.
LAYOUT_OBJECTS = ("row0", "row1", "row2", "row3", "draw", "discard", "pending", "buttons",
                  "hand")
