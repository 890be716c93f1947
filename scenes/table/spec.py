"""A game's table UI, declared in its own scene package, and how the menus find it.

``scenes/<id>/__init__.py`` declares ``TABLE = TableSpec(...)``; the game's GameSpec
names that package (and its bird looks and layouts, which sprites/ and game/ read
from the GameSpec without importing any scene). Menus, the rules pages, the demo and
the tools find tables only through :func:`table_spec`, so none of them names a game.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from game.engine import GAMES
from game.session import Match


@dataclass(frozen=True)
class TableSpec:
    table: str                            # "package.module:Class" of the table scene
    layout_objects: tuple[str, ...] = ()  # what its layouts name besides the common ones
    pages: str = ""                       # module with PAGES: its How to play
    guide: str = ""                       # module with GUIDE: its guided first game
    colour: tuple[int, int, int] = (30, 36, 54)   # its card in Game select
    hero: str = "robin"                   # the bird on that card
    parade: tuple[str, ...] = ()          # its birds on the title's fence

    def table_class(self) -> type:
        module, _, name = self.table.partition(":")
        return getattr(importlib.import_module(module), name)

    def how_to(self) -> list:
        """The game's How to play pages ([] until it has some)."""
        return list(importlib.import_module(self.pages).PAGES) if self.pages else []


def table_spec(game_id: str) -> TableSpec | None:
    """The TableSpec of a registered game, or None if it has no table yet."""
    spec = GAMES.get(game_id)
    if spec is None or not spec.table:
        return None
    try:
        if importlib.util.find_spec(spec.table) is None:
            return None
    except ModuleNotFoundError:
        return None
    return getattr(importlib.import_module(spec.table), "TABLE", None)


def playable(game_id: str) -> bool:
    """Can this game be started: rules and table both built?"""
    spec = GAMES.get(game_id)
    return spec is not None and spec.available and table_spec(game_id) is not None


def make_table(ctx, match: Match, resume=None):
    """The table scene for ``match`` (LookupError for a game not built yet); ``resume``
    (scenes.table.keeping.Resume) carries on a saved game instead of dealing."""
    table = table_spec(match.game_id)
    if table is None or not GAMES[match.game_id].available:
        raise LookupError(f"{match.game_id} cannot be played yet")
    return table.table_class()(ctx, match, resume)
