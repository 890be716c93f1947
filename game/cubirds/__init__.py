"""CuBirds: land birds on the fences and trap the flocks between them.

``rules`` holds the game (no pygame), ``cards`` the deck data, ``ai`` the Easy and
Normal bots.
"""
