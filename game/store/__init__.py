"""The Store facade over Birdhouse's SQLite database, the one place that writes SQL."""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Callable

from game.i18n import N_
from game.store.base import close_all
from game.store.db import (SYNC_MODES, CannotSave, Words, default_path, open_file, shown,
                           user_data_dir)
from game.store.history import HistoryQueries
from game.store.journal import Journal
from game.store.records import (Highlight, LevelRecord, MatchSummary, Move, Profile,
                                SavedMatch, ScorePoint, SeatRecord, Stats, Unfinished,
                                cannot_play)
from game.store.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from game.untrusted import said

__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "SYNC_MODES", "Highlight",
           "LevelRecord", "MatchSummary", "Move", "Profile", "SavedMatch", "ScorePoint",
           "SeatRecord", "Stats", "Store", "Unfinished", "Words", "cannot_play", "close_all",
           "default_path", "open_store", "shown", "user_data_dir"]


class Store(Journal, HistoryQueries):
    """Saved games, history and profiles; no other module writes SQL. Who calls what:

    * **Start-up** -- ``store = open_store(log=log)`` (``birdhouse.db`` in the
      platformdirs user data folder; tests and tools pass a path). It never raises. When
      saving is not possible it returns a store that records nothing and reads nothing,
      with the one line that says why in ``store.problem`` for the title to show once
      (it was also logged). Callers never branch on it: every method works and simply
      does nothing. ``Store.disabled()`` is such a store on purpose (a kiosk's demo
      games are not saved). ``store.close()`` at exit (also done by an atexit hook).
    * **The table** -- ``match_id = store.start_match(match, seed, state, log_lines)``
      when the table starts (``state`` is the new game; ``seed`` the one it was dealt
      with). After each applied move and *before* its animation:
      ``store.record_move(match_id, index, seat, action, state, log_lines)`` -- the move
      and the snapshot of the state after it, in one transaction; when ``state`` is
      terminal the same transaction files the match as finished (scores, winners,
      streaks). Undo: ``store.take_back(match_id, from_index, state, log_lines)``.
      Quitting with "Abandon game": ``store.abandon_match(match_id)``; quitting
      otherwise needs no call at all.
    * **The title and Game select** -- ``store.unfinished()`` (newest first) with
      ``entry.describe()`` = "CuBirds, 4 players, round 2 — Robin, Wren, Finch, Lark";
      ``store.load_match(id)`` gives a :class:`SavedMatch` (seats, seed, options, moves,
      snapshot, log): ``saved.to_match()`` is the ``Match`` to seat, and
      ``game.replay.resume_state(saved)`` the state to continue from.
    * **Results** -- ``store.highlights(match_id)``: per profile seat, "New best!" and
      the winning streak.
    * **History** -- ``recent(limit, offset, game_id=, profile=)`` and
      ``count_finished(...)`` for paging; ``stats(profile, game_id)`` and
      ``stats_by_game(profile)`` (played, wins, win rate, best and average score,
      current and longest winning streak, record against each AI level met);
      ``score_history(profile, game_id)`` for the chart; ``profiles()`` (recently used
      first) for Seat setup too.

    Its parts, one job each: opening the file (game.store.db: the lock, recovery; the
    schema and migrations in game.store.schema; the background fsync in
    game.store.sync), the guard every call goes through (game.store.base), profiles and
    seats (game.store.people), the journal of moves (game.store.journal) and the
    History queries (game.store.history)."""


def open_store(path: Path | str | None = None, log: logging.Logger | None = None, *,
               sync: str = "background", clock: Callable[[], float] = time.time) -> Store:
    """Open (or create) the database. Never raises (but for a ``sync`` that is not one
    of SYNC_MODES): when saving is impossible the store returned saves nothing and
    ``store.problem`` says why in one line (also logged)."""
    log = log or logging.getLogger("birdhouse")
    if sync not in SYNC_MODES:
        raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
    path = Path(path) if path is not None else default_path()
    try:
        db, lock = open_file(path, log, sync)
        return Store(db, path, log, None, lock, sync, clock)
    except CannotSave as exc:
        line = exc.args[0] if exc.args and isinstance(exc.args[0], Words) else str(exc)
    except Exception as exc:  # noqa: BLE001 - whatever the disk holds, the game must start
        line = Words.of(N_("Playing without saving: could not open {path} ({why})."),
                        path=path, why=said(exc))
    log.warning(line)
    return Store.disabled(line, log)
