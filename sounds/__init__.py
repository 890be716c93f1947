"""The sound effects and music loop (package data, see ``game.resources``)."""
