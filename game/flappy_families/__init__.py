"""Flappy Families: flip, remember and match bird families in the Wild (2-5 players).

``rules`` holds the game (no pygame), ``cards`` the card data, ``ai`` the Easy and
Normal bots reached through ``game.ai.make_bot("flappy_families", level, seed)``.
"""

# What every flappy_families_<n>.tmx holds besides the seats, status, log and prompts:
# the Wild's 5x3 grid, the deck, the two bonus slots, the A/B/C choice and the viewer's hand.
LAYOUT_OBJECTS = ("wild", "deck", "bonus", "actions", "hand")
