"""Birdhouse: everything that is not a scene or a sprite (rules, AI, app plumbing)."""
