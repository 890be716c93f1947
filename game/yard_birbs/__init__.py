"""Yard Birbs: win tricks at the feeder and build scoring flocks in your yard.

``rules`` holds the game (no pygame), ``cards`` its data and ``ai`` the Easy and Normal
opponents; everything else reaches it through ``game.engine``.
"""
