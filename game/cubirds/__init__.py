"""CuBirds: land birds on the fences and trap the flocks between them.

``rules`` holds the game (no pygame), ``cards`` the deck data, ``ai`` the Easy and
Normal bots.
"""
from game.engine import GameInfo, GameSpec

SPEC = GameSpec(
    info=GameInfo("cubirds", "CuBirds", 2, 5,
                  "Land birds on the fences, trap the flocks between them."),
    rules="game.cubirds.rules", bots="game.cubirds.ai", hard="game.cubirds.hard",
    explain="game.cubirds.explain",
    table="scenes.cubirds", looks="scenes.cubirds.looks", throughput=250)

