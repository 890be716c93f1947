"""Yard Birbs: win tricks at the feeder and build scoring flocks in your yard.

``rules`` holds the game (no pygame), ``cards`` its data and ``ai`` the Easy and Normal
opponents; everything else reaches it through ``game.engine``.
"""
from game.engine import GameInfo, GameSpec

SPEC = GameSpec(
    info=GameInfo("yard_birbs", "Yard Birbs", 3, 5,
                  "Win tricks at the feeder and build flocks in your yard."),
    rules="game.yard_birbs.rules", bots="game.yard_birbs.ai", hard="game.yard_birbs.hard",
    explain="game.yard_birbs.explain",
    table="scenes.yard_birbs", looks="scenes.yard_birbs.looks", throughput=150)

