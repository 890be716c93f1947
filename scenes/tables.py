"""Which scene plays which game. A game can be started once its rules and table exist."""
from __future__ import annotations

import importlib
import importlib.util

from game.engine import GAMES
from game.session import Match

TABLES = {
    "cubirds": ("scenes.cubirds_table", "CuBirdsTable"),
    "flip_a_bird": ("scenes.flip_a_bird_table", "FlipABirdTable"),
    "flappy_families": ("scenes.flappy_families_table", "FlappyFamiliesTable"),
    "yard_birbs": ("scenes.yard_birbs_table", "YardBirbsTable"),
}


def playable(game_id: str) -> bool:
    info = GAMES.get(game_id)
    if info is None or not info.available or game_id not in TABLES:
        return False
    return importlib.util.find_spec(TABLES[game_id][0]) is not None


def make_table(ctx, match: Match):
    """The table scene for ``match`` (raises LookupError for a game not built yet)."""
    if not playable(match.game_id):
        raise LookupError(f"{match.game_id} cannot be played yet")
    module, cls = TABLES[match.game_id]
    return getattr(importlib.import_module(module), cls)(ctx, match)
