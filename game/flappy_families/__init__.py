"""Flappy Families: flip, remember and match bird families in the Wild (2-5 players).

``rules`` holds the game (no pygame), ``cards`` the card data, ``ai`` the Easy and
Normal bots reached through ``game.ai.make_bot("flappy_families", level, seed)``.
"""
from game.engine import GameInfo, GameSpec, Option

SPEC = GameSpec(
    info=GameInfo("flappy_families", "Flappy Families", 2, 5,
                  "Flip, remember and match bird families in the Wild."),
    rules="game.flappy_families.rules", bots="game.flappy_families.ai", hard="game.flappy_families.hard",
    explain="game.flappy_families.explain",
    table="scenes.flappy_families", looks="scenes.flappy_families.looks", throughput=300,
    # the memory marks are the table's and the phone's, not the rules' (rules=False)
    options=(Option("short_game", (False, True), False, "Short game"),
             Option("memory_aid", (True, False), True, "Memory marks", rules=False)))

