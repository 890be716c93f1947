"""A match taken out of History: written as a replay file beside the database, or
opened to be watched again (``watch_replay``, shared with Results in scenes/openers.py)."""
from __future__ import annotations

import time
from pathlib import Path

from game.i18n import _
from game.store import Store, default_path
from scenes.openers import watch_replay  # noqa: F401 - History's Watch opens it


def replays_dir(store: Store) -> Path:
    """The replays/ folder beside the database (the user data folder)."""
    return (store.path or default_path()).parent / "replays"


class Exported(str):
    """The line that says where the file went (a failure is a plain str)."""


def export_match(store: Store, match_id: int) -> str:
    """Write a finished match as a replay file; the line to show (its path, an
    :class:`Exported`, or why not)."""
    from game.replay import Recording, ReplayError, save_recording

    saved = store.load_match(match_id)
    if saved is None:
        return _("This match is no longer in the history.")
    stamp = time.strftime("%Y%m%d-%H%M", time.localtime(saved.ended or saved.started))
    path = replays_dir(store) / f"{saved.game_id}-{stamp}-match{match_id}.json"
    try:
        save_recording(Recording.from_saved(saved), path)
    except ReplayError as exc:
        return str(exc)
    return Exported(_("Saved to {path}").format(path=path))
