"""Flip a Bird: push your luck on a row of face-up and face-down bird cards.

``rules`` holds the game (no pygame), ``cards`` the 60 cards, ``ai`` the Easy and Normal
opponents. Everything else reaches the game through ``game.engine``.
"""

# What every flip_a_bird_<n>.tmx holds besides the seats, status, log and prompts:
# the draw pile, the row, the bird counter, the viewer's hand and the claim button.
LAYOUT_OBJECTS = ("pile", "row", "counter", "hand", "claim")
