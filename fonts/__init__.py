"""The fonts Birdhouse draws its text with (package data, see ``game.resources``)."""
