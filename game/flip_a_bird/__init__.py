"""Flip a Bird: push your luck on a row of face-up and face-down bird cards.

``rules`` holds the game (no pygame), ``cards`` the 60 cards, ``ai`` the Easy and Normal
opponents. Everything else reaches the game through ``game.engine``.
"""
from game.engine import GameInfo, GameSpec

SPEC = GameSpec(
    info=GameInfo("flip_a_bird", "Flip a Bird", 3, 6,
                  "Push your luck: is the row already over the bird limit?"),
    rules="game.flip_a_bird.rules", bots="game.flip_a_bird.ai", hard="game.flip_a_bird.hard",
    explain="game.flip_a_bird.explain",
    table="scenes.flip_a_bird", looks="scenes.flip_a_bird.looks", throughput=500)

