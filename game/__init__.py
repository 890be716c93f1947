"""Birdhouse: everything that is not a scene or a sprite (rules, AI, app plumbing)."""

__version__ = "1.0.0"   # the one place the version is written (pyproject reads it)
