"""Flip a Bird: push your luck on a row of face-up and face-down bird cards.

``rules`` holds the game (no pygame), ``cards`` the 60 cards, ``ai`` the Easy and Normal
opponents. Everything else reaches the game through ``game.engine``.
"""
