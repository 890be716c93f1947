"""Ways into a game that several screens share: carrying on a saved match (the title's
Continue card, Game select's saved-game choice, Rejoin) and watching a replay (Results).

A leaf: it imports no screen module. The screens it leads to are opened by their route
names (scenes/start.py ROUTES); the table and replay machinery is imported only when
used, so a menu that imports this module stays quick to open.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _

if TYPE_CHECKING:
    from game.context import Context
    from game.scene import Scene
    from game.session import Match
    from scenes.table.keeping import Resume


def continue_game(ctx: Context, match_id: int) -> Scene | str:
    """The scene that carries on the saved match at its last move (the table, or first
    the seats' rejoining), or the one line to show when it cannot be continued."""
    from game.replay import ReplayError, resume_state
    from scenes.table.keeping import Resume

    saved = ctx.store.load_match(match_id)
    if saved is None:
        return _("That game is no longer saved.")
    try:
        state = resume_state(saved)
    except ReplayError as exc:
        return str(exc)
    resume = Resume(saved, state)
    match = saved.to_match()
    if len(match.humans) <= 1:
        return saved_table(ctx, match, resume)
    return ctx.make("rejoin", saved, resume)


def saved_table(ctx: Context, match: Match, resume: Resume) -> Scene:
    """The table carrying on ``match`` from ``resume`` (it becomes the last game)."""
    ctx.session.last_game = match.game_id
    return ctx.make("table", match, resume=resume)


def watch_replay(ctx: Context, match_id: int) -> str:
    """Open the replay of ``match_id`` (scenes/replay.py); '' or why it cannot open."""
    try:
        from scenes.replay import watch
    except ImportError:
        return _("Replays are not available")
    said = watch(ctx, match_id)   # '' when the replay is on screen, else why not
    return said if isinstance(said, str) else ""
