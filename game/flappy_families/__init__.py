"""Flappy Families: flip, remember and match bird families in the Wild (2-5 players).

``rules`` holds the game (no pygame), ``cards`` the card data, ``ai`` the Easy and
Normal bots reached through ``game.ai.make_bot("flappy_families", level, seed)``.
"""
