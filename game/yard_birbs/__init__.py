"""Yard Birbs: win tricks at the feeder and build scoring flocks in your yard.

``rules`` holds the game (no pygame), ``cards`` its data and ``ai`` the Easy and Normal
opponents; everything else reaches it through ``game.engine``.
"""

# What the table's Tiled layouts (game/layouts/yard_birbs_N.tmx) name besides the common
# seats, status, log and prompts: the feeder (the trick and its order tokens), the deck,
# the Lifer card, the ability row and the viewer's hand. Each seat's rectangle holds its
# plate and its yard.
LAYOUT_OBJECTS = ("feeder", "deck", "lifer", "abilities", "hand")
