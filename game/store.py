"""The one owner of Birdhouse's SQLite database: saved games, history, profiles.

No other module writes SQL. Everything a screen needs goes through a :class:`Store`:

* **Start-up** -- ``store = open_store(log=log)`` (``birdhouse.db`` in the platformdirs
  user data folder; tests and tools pass a path). It never raises. When saving is not
  possible it returns a store that records nothing and reads nothing, with the one
  line that says why in ``store.problem`` for the title to show once (it was also
  logged). Callers never branch on it: every method works and simply does nothing.
  ``Store.disabled()`` is such a store on purpose (a kiosk's demo games are not saved).
  ``store.close()`` at exit (also done by an atexit hook).
* **The table** -- ``match_id = store.start_match(match, seed, state, log_lines)`` when
  the table starts (``state`` is the new game; ``seed`` the one it was dealt with).
  After each applied move and *before* its animation:
  ``store.record_move(match_id, index, seat, action, state, log_lines)`` -- the move and
  the snapshot of the state after it, in one transaction; when ``state`` is terminal the
  same transaction files the match as finished (scores, winners, streaks). Undo:
  ``store.take_back(match_id, from_index, state, log_lines)``. Quitting with "Abandon
  game": ``store.abandon_match(match_id)``; quitting otherwise needs no call at all.
* **The title and Game select** -- ``store.unfinished()`` (newest first) with
  ``entry.describe()`` = "CuBirds, 4 players, round 2 — Robin, Wren, Finch, Lark";
  ``store.load_match(id)`` gives a :class:`SavedMatch` (seats, seed, options, moves,
  snapshot, log): ``saved.to_match()`` is the ``Match`` to seat, and
  ``game.replay.resume_state(saved)`` the state to continue from.
* **Results** -- ``store.highlights(match_id)``: per profile seat, "New best!" and the
  winning streak.
* **History** -- ``recent(limit, offset, game_id=, profile=)`` and
  ``count_finished(...)`` for paging; ``stats(profile, game_id)`` and
  ``stats_by_game(profile)`` (played, wins, win rate, best and average score, current and
  longest winning streak, record against each AI level met); ``score_history(profile,
  game_id)`` for the chart; ``profiles()`` (recently used first) for Seat setup too.

A profile is a person, identified by name (case-insensitively): every human seat's name
becomes a profile with its colour when a match starts. AI seats have no profile.

**The truth is the seed plus the action log**; the snapshot (the latest ``to_dict()`` of
an unfinished match with its log lines) only makes resuming instant, and is written in
the same transaction as the move it follows, so the two always agree.

**Failures.** A missing database is created. A damaged one (garbage bytes, a truncated
file, not a Birdhouse database) is kept as ``birdhouse.db.bad-<date-time>`` beside it,
a fresh one is made and one warning line says so. A database written by a *newer*
Birdhouse (a higher schema version) is left untouched and this run plays without saving
(the newer Birdhouse on the same machine keeps its history). Another running Birdhouse
holding the database (an advisory ``flock`` on ``birdhouse.db.lock``; released by the
kernel when that process dies, even by SIGKILL), a read-only data folder, or any other
failure to open: play without saving, one line. A write that fails later (disk full, an
I/O error, damage found mid-game) turns saving off with one warning; it never raises.
A *row* holding what Birdhouse never writes (the file edited by hand, or damaged where
SQLite cannot see it: a name with a NUL, a result nested thousands deep, a count of the
wrong type) is left out with one line, once a run, and saving goes on; its JSON columns
are read as untrusted (game.untrusted), and a damaged snapshot or log of a saved game
is done without (the game is rebuilt from its moves).
Wrong *arguments* (a move index that skips, an action that cannot be saved) are bugs
in the caller and raise ValueError as usual.

**Durability.** WAL journal. A committed move survives the process being killed at any
moment (the commit has handed it to the OS). With ``sync="background"`` (the default) a
background thread fsyncs the WAL right after each commit and checkpoints when play is
idle, so a move reaches the disk a few milliseconds later and a power cut loses at most
the moves of those milliseconds. ``sync="full"`` makes SQLite fsync inside the commit
instead: on this machine's disk an fsync costs ~4 ms at best and over 10 ms at p99, too
long for the frame of a move (see the bench's ``store`` rows).

**Schema changes** go in :data:`MIGRATIONS`: append a step, never edit one; a step runs
in one transaction together with its ``user_version`` bump.
"""
from __future__ import annotations

import atexit
import json
import logging
import os
import sqlite3
import threading
import time
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from game.ai import LEVELS
from game.engine import GAMES, Action, State, action_to_json, new_game
from game.session import Match, Seat
from game.untrusted import (UntrustedFileError, bad_copy_path, parse_json, plausible_time,
                            said, usable_name, usable_text)

try:  # advisory locks are POSIX; elsewhere SQLite's own locking has to do
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

APP_NAME = "birdhouse"
FILE_NAME = "birdhouse.db"
APPLICATION_ID = 0x42697264  # "Bird": PRAGMA application_id of a Birdhouse database
BUSY_TIMEOUT_MS = 1000
IDLE_CHECKPOINT_S = 2.0      # background sync: checkpoint after this long without moves
CHECKPOINT_EVERY = 200       # ... or after this many commits
SYNC_MODES = ("background", "full")

SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26

MIGRATIONS: list[tuple[str, ...]] = [
    (  # v1: everything
        """CREATE TABLE profiles (
            id        INTEGER PRIMARY KEY,
            name      TEXT NOT NULL UNIQUE COLLATE NOCASE,
            colour    INTEGER NOT NULL DEFAULT 0,
            created   REAL NOT NULL,
            last_used REAL NOT NULL)""",
        "CREATE INDEX profiles_by_use ON profiles (last_used)",
        """CREATE TABLE matches (
            id            INTEGER PRIMARY KEY,
            game          TEXT NOT NULL,
            rules_version INTEGER NOT NULL,
            players       INTEGER NOT NULL,
            seed          INTEGER NOT NULL,
            options       TEXT NOT NULL DEFAULT '{}',
            open_hands    INTEGER NOT NULL DEFAULT 0,
            started       REAL NOT NULL,
            ended         REAL,
            status        TEXT NOT NULL DEFAULT 'playing'
                          CHECK (status IN ('playing', 'finished', 'abandoned')),
            result        TEXT)""",
        "CREATE INDEX matches_by_status ON matches (status, ended)",
        "CREATE INDEX matches_by_game ON matches (game, status, ended)",
        # one row per seat; the game and finish time are copied here for the History
        # indexes, and the streak and earlier best are kept for the Results screen
        """CREATE TABLE match_seats (
            match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            seat        INTEGER NOT NULL,
            name        TEXT NOT NULL,
            human       INTEGER NOT NULL,
            level       TEXT,
            colour      INTEGER NOT NULL DEFAULT 0,
            profile_id  INTEGER REFERENCES profiles (id),
            game        TEXT NOT NULL,
            score       INTEGER,
            won         INTEGER,
            streak      INTEGER,
            best_before INTEGER,
            finished_at REAL,
            PRIMARY KEY (match_id, seat)) WITHOUT ROWID""",
        """CREATE INDEX seats_by_profile ON match_seats
            (profile_id, game, finished_at, score, won)""",
        "CREATE INDEX seats_by_profile_time ON match_seats (profile_id, finished_at)",
        # a profile's record per game and per AI level met, added to as each match is
        # finished (finished matches never change), so statistics are a row, not a scan
        """CREATE TABLE profile_games (
            profile_id  INTEGER NOT NULL REFERENCES profiles (id),
            game        TEXT NOT NULL,
            played      INTEGER NOT NULL,
            wins        INTEGER NOT NULL,
            score_total INTEGER NOT NULL,
            best        INTEGER,
            streak      INTEGER NOT NULL,
            longest     INTEGER NOT NULL,
            PRIMARY KEY (profile_id, game)) WITHOUT ROWID""",
        """CREATE TABLE profile_levels (
            profile_id INTEGER NOT NULL REFERENCES profiles (id),
            game       TEXT NOT NULL,
            level      TEXT NOT NULL,
            played     INTEGER NOT NULL,
            wins       INTEGER NOT NULL,
            PRIMARY KEY (profile_id, game, level)) WITHOUT ROWID""",
        """CREATE TABLE moves (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            idx      INTEGER NOT NULL,
            seat     INTEGER,
            action   TEXT NOT NULL,
            PRIMARY KEY (match_id, idx)) WITHOUT ROWID""",
        """CREATE TABLE snapshots (
            match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
            moves    INTEGER NOT NULL,
            state    TEXT NOT NULL,
            log      TEXT NOT NULL DEFAULT '[]',
            progress TEXT NOT NULL DEFAULT '',
            saved_at REAL NOT NULL)""",
    ),
]
SCHEMA_VERSION = len(MIGRATIONS)


def default_path() -> Path:
    return Path(user_data_dir()) / FILE_NAME


def user_data_dir() -> str:
    from platformdirs import user_data_dir as data_dir
    return data_dir(APP_NAME, appauthor=False)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# -- reading rows back: the file is anyone's to edit -------------------------------------
class _BadRow(ValueError):
    """A row holding what Birdhouse never writes (edited by hand, or damaged where SQLite
    cannot see it): it is left out with one line, and saving goes on."""


class _SaidBefore(_BadRow):
    """A row left out because a row it needs was (and was said to be) damaged."""


TEXT_MAX = 200          # a game id, a status, 'round 2', an outcome, a log line


def _whole(value: Any) -> bool:
    return type(value) is int


def _count(value: Any) -> bool:
    return _whole(value) and value > 0


def _tally(value: Any) -> bool:
    return _whole(value) and value >= 0


def _maybe(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or check(value)


def _text(value: Any) -> bool:
    return usable_text(value, TEXT_MAX)


def _checked(what: str, row: Sequence[Any],
             checks: Sequence[tuple[str, Callable[[Any], bool]]]) -> Sequence[Any]:
    """``row`` if each value passes its column's check, else _BadRow naming the column."""
    for value, (column, ok) in zip(row, checks, strict=True):
        if not ok(value):
            shown = repr(value)
            raise _BadRow(f"{what}: its {column} is {shown[:40]}"
                          f"{'...' if len(shown) > 40 else ''}")
    return row


def _json(what: str, column: str, value: Any, kind: type = object) -> Any:
    """A JSON column, read as untrusted (depth, NaN, lone surrogates: game.untrusted)."""
    try:
        data = parse_json(value)
    except UntrustedFileError as exc:
        raise _BadRow(f"{what}: its {column}: {said(exc)}") from None
    if not isinstance(data, kind):
        raise _BadRow(f"{what}: its {column} is not a JSON "
                      f"{'object' if kind is dict else kind.__name__}")
    return data


def _result(what: str, value: Any, players: int) -> dict | None:
    if value is None:
        return None
    result = _json(what, "result", value, dict)
    scores, winners = result.get("scores"), result.get("winners")
    if not (isinstance(scores, list) and all(_whole(s) for s in scores)
            and isinstance(winners, list)
            and all(_whole(w) and 0 <= w < players for w in winners)
            and _text(result.get("outcome", ""))):
        raise _BadRow(f"{what}: its result is not scores, winners and an outcome")
    return result


def _log(what: str, value: Any, players: int) -> tuple:
    """A saved game log: lines of text, or [text, seat] (seat None or one of the seats)."""
    lines = _json(what, "log", value, list)
    for line in lines:
        if not (_text(line) or (isinstance(line, list) and len(line) == 2 and _text(line[0])
                                and (line[1] is None or (_whole(line[1])
                                                          and 0 <= line[1] < players)))):
            raise _BadRow(f"{what}: its log holds something other than lines")
    return tuple(lines)


_SEAT_COLUMNS = (("seat", _whole), ("seat's name", usable_name), ("human", _whole),
                 ("level", _maybe(lambda v: v in LEVELS)), ("colour", _whole),
                 ("profile", _maybe(usable_name)), ("score", _maybe(_whole)),
                 ("won", _maybe(_whole)))
_MATCH_COLUMNS = (("game", _text), ("rules version", _whole), ("seed", _whole),
                  ("options", lambda v: True), ("open hands", _whole), ("status", _text),
                  ("start", plausible_time), ("end", _maybe(plausible_time)),
                  ("result", lambda v: True))


# -- what the screens get back -----------------------------------------------------------
@dataclass(frozen=True)
class SeatRecord:
    """One seat of a recorded match (score and won once it is finished)."""

    seat: int
    name: str
    human: bool
    level: str | None          # the AI level; None for a person
    colour: int
    profile: str | None        # the person's profile name (None for AI seats)
    score: int | None = None
    won: bool | None = None

    def to_seat(self) -> Seat:
        """The Seat to sit again (devices are asked to rejoin, as in Seat setup)."""
        return Seat(self.name, human=self.human, level=self.level or "normal",
                    colour=self.colour)


@dataclass(frozen=True)
class Move:
    index: int
    seat: int | None
    action: Any                # the action's JSON form (engine.action_from_json decodes)


@dataclass(frozen=True)
class Unfinished:
    """A game that can be continued, for the title's and Game select's Continue line."""

    id: int
    game_id: str
    names: tuple[str, ...]
    progress: str              # State.progress() after the last move ('round 2')
    moves: int
    saved_at: float
    resumable: bool            # False: its game is gone or its rules changed since
    why_not: str = ""          # why it cannot be resumed (for the screen)

    @property
    def game_name(self) -> str:
        spec = GAMES.get(self.game_id)
        return spec.name if spec is not None else self.game_id

    def describe(self) -> str:
        """'CuBirds, 4 players, round 2 — Robin, Wren, Finch, Lark'."""
        parts = [self.game_name, f"{len(self.names)} players"]
        if self.progress:
            parts.append(self.progress)
        return f"{', '.join(parts)} — {', '.join(self.names)}"


@dataclass(frozen=True)
class SavedMatch:
    """Everything recorded about one match (see game.replay for turning it into states)."""

    id: int
    game_id: str
    rules_version: int
    seed: int
    options: dict
    open_hands: bool
    seats: tuple[SeatRecord, ...]
    status: str                # 'playing', 'finished' or 'abandoned'
    started: float
    ended: float | None
    moves: tuple[Move, ...]
    snapshot: dict | None      # to_dict() after the last move (unfinished matches only)
    snapshot_moves: int        # how many moves the snapshot is after
    log: tuple              # the game log kept with the snapshot (text, or [text, seat])
    result: dict | None        # {'scores', 'winners', 'outcome'} once finished

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def to_match(self) -> Match:
        return Match(self.game_id, tuple(s.to_seat() for s in self.seats), self.seed,
                     tuple(sorted(self.options.items())), self.open_hands)


@dataclass(frozen=True)
class MatchSummary:
    """One line of the History list."""

    id: int
    game_id: str
    started: float
    ended: float | None
    status: str
    seats: tuple[SeatRecord, ...]
    winners: tuple[int, ...]
    outcome: str

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.seats[w].name for w in self.winners if w < len(self.seats))


@dataclass(frozen=True)
class LevelRecord:
    played: int
    wins: int


@dataclass(frozen=True)
class Stats:
    """One profile's record in one game (finished matches only)."""

    profile: str
    game_id: str
    played: int = 0
    wins: int = 0
    best: int | None = None
    average: float | None = None
    current_streak: int = 0
    longest_streak: int = 0
    vs_ai: dict[str, LevelRecord] = field(default_factory=dict)  # levels met only

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class ScorePoint:
    match_id: int
    ended: float
    score: int
    won: bool


@dataclass(frozen=True)
class Profile:
    name: str
    colour: int
    last_used: float


@dataclass(frozen=True)
class Highlight:
    """What the Results screen may celebrate for one profile seat."""

    seat: int
    profile: str
    score: int
    won: bool
    new_best: bool             # beat every earlier score of this profile in this game
    previous_best: int | None
    streak: int                # wins in a row in this game, this one included


# -- the background fsync ---------------------------------------------------------------
class _Syncer(threading.Thread):
    """Work kept off the frame, on its own connection: first a ``quick_check`` of the
    whole file (damage that opening did not touch, found within a second instead of
    mid-game later); then, after every commit, an fsync of the WAL, and a checkpoint
    every CHECKPOINT_EVERY commits or when play has been idle, so the WAL stays small.
    An error is kept for the main thread to report at its next call."""

    def __init__(self, path: Path) -> None:
        super().__init__(name="birdhouse-store-sync", daemon=True)
        self.path = path
        self.error: BaseException | None = None
        self.checked = threading.Event()   # the quick_check is over
        self._wake = threading.Event()
        self._stopping = False

    def poke(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()
        self.join(timeout=5)

    def run(self) -> None:
        fd: int | None = None
        conn: sqlite3.Connection | None = None
        pending = 0
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=1.0)
            found = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
            if found != "ok":
                raise _Damaged(" ".join(found.replace("*", "").split())[:120])
            self.checked.set()
            while True:
                poked = self._wake.wait(IDLE_CHECKPOINT_S)
                self._wake.clear()
                if self._stopping:
                    break
                if poked:
                    if fd is None:
                        fd = os.open(f"{self.path}-wal", os.O_RDONLY)
                    os.fsync(fd)
                    pending += 1
                if pending and (not poked or pending >= CHECKPOINT_EVERY):
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    pending = 0
        except (OSError, sqlite3.Error, _Damaged) as exc:
            self.error = exc
        finally:
            self.checked.set()
            if fd is not None:
                os.close(fd)
            if conn is not None:
                conn.close()


# -- the store ------------------------------------------------------------------------------
class Store:
    """The database, or (``saving`` False) a stand-in with the same methods that records
    nothing and reads nothing. See the module docstring for who calls what."""

    def __init__(self, db: sqlite3.Connection | None = None, path: Path | None = None,
                 log: logging.Logger | None = None, problem: str | None = None,
                 lock: int | None = None, sync: str = "background",
                 clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.log = log or logging.getLogger("birdhouse")
        self.problem = problem     # the one line to show on screen, None when all is well
        self.clock = clock
        self._db = db
        self._lock = lock
        self._depth = 0            # open transactions (batch() nests)
        self._syncer: _Syncer | None = None
        self._skipped: set[str] = set()   # damaged rows already reported this run
        if db is not None and sync == "background":
            self._syncer = _Syncer(path)
            self._syncer.start()
        if db is not None:
            _OPEN.add(self)

    @classmethod
    def disabled(cls, problem: str | None = None,
                 log: logging.Logger | None = None) -> "Store":
        """A store that saves nothing (a kiosk's demo games, tools)."""
        return cls(None, None, log, problem)

    @property
    def saving(self) -> bool:
        return self._db is not None

    def close(self) -> None:
        """Stop saving and let go of the file and its lock (safe to call twice)."""
        if self._syncer is not None:
            self._syncer.stop()
            self._syncer = None
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
        _unlock(self._lock)
        self._lock = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    # -- the guard every public method goes through ------------------------------------------
    def _ok(self) -> bool:
        if self._db is None:
            return False
        if self._syncer is not None and self._syncer.error is not None:
            self._broken("make a move durable", self._syncer.error)
            return False
        return True

    def _broken(self, doing: str, exc: BaseException) -> None:
        """A failure after opening: say it once, stop saving, keep the game going. Damage
        found now is kept aside as at start-up; the next start makes a fresh file."""
        if self._db is None:
            return
        path = self.path
        damaged = _is_damage(exc)
        self.close()
        kept = None
        if damaged and path is not None:
            try:
                kept = _keep_aside(path)
            except OSError:
                pass
        if kept:
            line = (f"{path.name} is damaged ({said(exc)}): kept as {kept}; saving is off until "
                    "Birdhouse restarts.")
        else:
            line = f"Saving is off: could not {doing} ({said(exc)})."
        self.problem = line
        self.log.warning(line)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        assert db is not None
        if self._depth:
            self._depth += 1
            try:
                yield db
            finally:
                self._depth -= 1
            return
        db.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield db
        except BaseException:
            self._depth = 0
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise
        self._depth = 0
        db.execute("COMMIT")
        if self._syncer is not None:
            self._syncer.poke()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group many calls into one transaction (tools, imports, tests): much faster than
        one commit each, and all or nothing."""
        if not self._ok():
            yield
            return
        try:
            with self._transaction():
                yield
        except sqlite3.Error as exc:
            self._broken("save", exc)

    def _write(self, doing: str, work: Callable[[sqlite3.Connection], Any],
               default: Any = None) -> Any:
        if not self._ok():
            return default
        try:
            with self._transaction() as db:
                return work(db)
        except (sqlite3.Error, OSError) as exc:
            if self._depth:      # inside batch(): the batch reports it
                raise
            self._broken(doing, exc)
            return default

    def _read(self, doing: str, work: Callable[[sqlite3.Connection], Any],
              default: Any) -> Any:
        if not self._ok():
            return default
        try:
            return work(self._db)
        except (sqlite3.Error, OSError) as exc:
            self._broken(doing, exc)
        except _BadRow as exc:     # a damaged row: skip it, keep saving
            self._skip(exc)
        return default

    def _skip(self, exc: _BadRow) -> None:
        """A damaged row is left out: one line the first time it is met this run."""
        if isinstance(exc, _SaidBefore):
            return
        line = f"Skipped a damaged row of {self.path.name if self.path else FILE_NAME}: {said(exc)}."
        if line not in self._skipped:
            self._skipped.add(line)
            self.log.warning(line)

    def _rows(self, what: str, rows: Iterator[Sequence[Any]],
              checks: Sequence[tuple[str, Callable[[Any], bool]]]) -> Iterator[Sequence[Any]]:
        """The rows that pass ``checks``; the others are skipped with one line each."""
        for row in rows:
            try:
                yield _checked(what, row, checks)
            except _BadRow as exc:
                self._skip(exc)

    # -- profiles -------------------------------------------------------------------------------
    def remember_profile(self, name: str, colour: int = 0) -> None:
        """Keep ``name`` (with its colour) to offer it next time; start_match does this
        for every human seat."""
        self._write("remember a profile",
                    lambda db: self._profile_id(db, name, colour, self.clock()))

    @staticmethod
    def _profile_id(db: sqlite3.Connection, name: str, colour: int, now: float) -> int:
        db.execute("INSERT INTO profiles (name, colour, created, last_used) VALUES (?, ?, ?, ?)"
                   " ON CONFLICT (name) DO UPDATE SET colour = excluded.colour,"
                   " last_used = excluded.last_used", (name, colour, now, now))
        return db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()[0]

    def profiles(self, limit: int | None = None) -> list[Profile]:
        """Remembered people, most recently used first (seat order within a match)."""
        def work(db: sqlite3.Connection) -> list[Profile]:
            rows = db.execute("SELECT name, colour, last_used FROM profiles"
                              " ORDER BY last_used DESC, id LIMIT ?",
                              (-1 if limit is None else limit,))
            return [Profile(*row) for row in self._rows("a profile", rows, (
                ("name", usable_name), ("colour", _whole), ("last use", plausible_time)))]
        return self._read("read the profiles", work, [])

    # -- playing --------------------------------------------------------------------------------
    def start_match(self, match: Match, seed: int | None = None, state: State | None = None,
                    log_lines: Sequence[str] = ()) -> int | None:
        """Record a new match; returns its id (None when not saving). ``seed`` is the one
        the game was dealt with (default ``match.seed``: a saved game must have one);
        ``state`` the new game (built from the seed if not given)."""
        seed = match.seed if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not -2**63 <= seed < 2**63:
            raise ValueError(f"a saved match needs an integer seed (64-bit), not {seed!r}")
        options = dict(match.options)
        options_json = _dumps(options)
        if not self._ok():
            return None
        if state is None:
            state = new_game(match.game_id, match.num_players, seed, **options)
        snapshot, log_json = _dumps(state.to_dict()), _dumps(list(log_lines))
        spec = GAMES.get(match.game_id)
        rules_version = spec.rules_version if spec is not None else 0

        def work(db: sqlite3.Connection) -> int:
            now = self.clock()
            match_id = db.execute(
                "INSERT INTO matches (game, rules_version, players, seed, options, open_hands,"
                " started) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (match.game_id, rules_version, match.num_players, seed, options_json,
                 int(match.open_hands), now)).lastrowid
            for index, seat in enumerate(match.seats):
                profile = (self._profile_id(db, seat.name, seat.colour, now) if seat.human
                           else None)
                db.execute("INSERT INTO match_seats (match_id, seat, name, human, level, colour,"
                           " profile_id, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (match_id, index, seat.name, int(seat.human),
                            None if seat.human else seat.level, seat.colour, profile,
                            match.game_id))
            db.execute("INSERT INTO snapshots (match_id, moves, state, log, progress, saved_at)"
                       " VALUES (?, 0, ?, ?, ?, ?)",
                       (match_id, snapshot, log_json, state.progress(), now))
            return match_id
        return self._write("start saving the match", work)

    def record_move(self, match_id: int | None, index: int, seat: int | None,
                    action: Action, state: State, log_lines: Sequence[str] = ()) -> bool:
        """Commit move ``index`` (0-based) by ``seat`` and ``state`` after it, in one
        transaction; call it before the move's animation. A terminal ``state`` files the
        match as finished in the same transaction. True if it was saved."""
        if match_id is None or not self._ok():
            return False
        action_json = _dumps(action_to_json(action))
        snapshot, log_json = _dumps(state.to_dict()), _dumps(list(log_lines))
        progress = state.progress()

        def work(db: sqlite3.Connection) -> bool:
            self._expect_moves(db, match_id, index, "record move")
            db.execute("INSERT INTO moves (match_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                       (match_id, index, seat, action_json))
            if state.is_terminal():
                self._finish(db, match_id, state)
            else:
                db.execute("UPDATE snapshots SET moves = ?, state = ?, log = ?, progress = ?,"
                           " saved_at = ? WHERE match_id = ?",
                           (index + 1, snapshot, log_json, progress, self.clock(), match_id))
            return True
        return self._write("save the move", work, False)

    def take_back(self, match_id: int | None, from_index: int, state: State,
                  log_lines: Sequence[str] = ()) -> bool:
        """Undo: forget moves ``from_index`` onwards; ``state`` is the game after the
        first ``from_index`` moves (and ``log_lines`` the log, saying what was undone)."""
        if match_id is None or not self._ok():
            return False
        snapshot, log_json = _dumps(state.to_dict()), _dumps(list(log_lines))

        def work(db: sqlite3.Connection) -> bool:
            moves = self._expect_moves(db, match_id, None, "take back")
            if not 0 <= from_index <= moves:
                raise ValueError(f"cannot take back to move {from_index}: "
                                 f"match {match_id} has {moves} moves")
            db.execute("DELETE FROM moves WHERE match_id = ? AND idx >= ?", (match_id, from_index))
            db.execute("UPDATE snapshots SET moves = ?, state = ?, log = ?, progress = ?,"
                       " saved_at = ? WHERE match_id = ?",
                       (from_index, snapshot, log_json, state.progress(), self.clock(),
                        match_id))
            return True
        return self._write("take the move back", work, False)

    def abandon_match(self, match_id: int | None) -> None:
        """The player chose "Abandon game": it is no longer offered to continue (its
        moves stay, so it can still be watched)."""
        if match_id is None:
            return

        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE matches SET status = 'abandoned', ended = ? WHERE id = ?"
                       " AND status = 'playing'", (self.clock(), match_id))
            db.execute("DELETE FROM snapshots WHERE match_id = ?", (match_id,))
        self._write("abandon the match", work)

    @staticmethod
    def _expect_moves(db: sqlite3.Connection, match_id: int, index: int | None,
                      doing: str) -> int:
        row = db.execute("SELECT moves FROM snapshots WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise ValueError(f"cannot {doing}: match {match_id} is not being played")
        if index is not None and index != row[0]:
            raise ValueError(f"cannot record move {index} of match {match_id}: "
                             f"it has {row[0]} moves")
        return row[0]

    def _finish(self, db: sqlite3.Connection, match_id: int, state: State) -> None:
        """File a match as finished: results per seat, each profile's record in this game
        (played, wins, best, streaks, per AI level met), no more snapshot."""
        now = self.clock()
        scores, winners = state.scores(), set(state.winners())
        game = db.execute("SELECT game FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        seats = db.execute("SELECT seat, profile_id, level FROM match_seats WHERE match_id = ?",
                           (match_id,)).fetchall()
        levels = sorted({level for _, profile, level in seats if profile is None and level})
        for seat, profile, _ in seats:
            won, score = seat in winners, scores[seat]
            streak = best = None
            if profile is not None:
                row = db.execute("SELECT best, streak FROM profile_games WHERE profile_id = ?"
                                 " AND game = ?", (profile, game)).fetchone()
                best, streak = row if row else (None, 0)
                best = best if _whole(best) else None     # a damaged record starts afresh
                streak = streak + 1 if won and _whole(streak) else int(won)
                db.execute(
                    "INSERT INTO profile_games (profile_id, game, played, wins, score_total,"
                    " best, streak, longest) VALUES (?, ?, 1, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (profile_id, game) DO UPDATE SET played = played + 1,"
                    " wins = wins + excluded.wins,"
                    " score_total = score_total + excluded.score_total,"
                    " best = max(coalesce(best, excluded.best), excluded.best),"
                    " streak = excluded.streak, longest = max(longest, excluded.streak)",
                    (profile, game, int(won), score, score, streak, streak))
                for level in levels:
                    db.execute("INSERT INTO profile_levels (profile_id, game, level, played, wins)"
                               " VALUES (?, ?, ?, 1, ?) ON CONFLICT (profile_id, game, level)"
                               " DO UPDATE SET played = played + 1, wins = wins + excluded.wins",
                               (profile, game, level, int(won)))
            db.execute("UPDATE match_seats SET score = ?, won = ?, streak = ?, best_before = ?,"
                       " finished_at = ? WHERE match_id = ? AND seat = ?",
                       (score, int(won), streak, best, now, match_id, seat))
        result = {"scores": list(scores), "winners": sorted(winners), "outcome": state.outcome()}
        db.execute("UPDATE matches SET status = 'finished', ended = ?, result = ? WHERE id = ?",
                   (now, _dumps(result), match_id))
        db.execute("DELETE FROM snapshots WHERE match_id = ?", (match_id,))

    # -- continuing -----------------------------------------------------------------------------
    def latest(self, game_id: str | None = None) -> "Unfinished | None":
        """The most recently played game that can be continued (of ``game_id`` if given):
        the title's Continue card and Game select's "Saved game" mark."""
        return next((entry for entry in self.unfinished() if entry.resumable
                     and (game_id is None or entry.game_id == game_id)), None)

    def unfinished(self) -> list[Unfinished]:
        """Games to continue, the most recently played first."""
        def work(db: sqlite3.Connection) -> list[Unfinished]:
            rows = db.execute(
                "SELECT m.id, m.game, m.rules_version, s.moves, s.progress, s.saved_at"
                " FROM matches m JOIN snapshots s ON s.match_id = m.id"
                " WHERE m.status = 'playing' ORDER BY s.saved_at DESC, m.id DESC").fetchall()
            out = []
            for match_id, game, version, moves, progress, saved_at in self._rows(
                    "a saved game", rows, (("id", _whole), ("game", _text),
                                           ("rules version", _whole), ("move count", _whole),
                                           ("progress", _text), ("time", plausible_time))):
                try:
                    seats = _seated(f"match {match_id}", self._seats(db, [match_id]).get(match_id))
                except _BadRow as exc:
                    self._skip(exc)
                    continue
                why = cannot_play(game, version)
                out.append(Unfinished(match_id, game, tuple(s.name for s in seats), progress,
                                      moves, saved_at, not why, why))
            return out
        return self._read("read the saved games", work, [])

    def load_match(self, match_id: int) -> SavedMatch | None:
        """Everything about one match (None if there is no such match or no store)."""
        def work(db: sqlite3.Connection) -> SavedMatch | None:
            row = db.execute("SELECT game, rules_version, seed, options, open_hands, status,"
                             " started, ended, result FROM matches WHERE id = ?",
                             (match_id,)).fetchone()
            if row is None:
                return None
            what = f"match {match_id}"
            game, version, seed, options, open_hands, status, started, ended, result = (
                _checked(what, row, _MATCH_COLUMNS))
            seats = _seated(what, self._seats(db, [match_id]).get(match_id))
            moves: list[Move] = []
            for i, s, a in db.execute("SELECT idx, seat, action FROM moves WHERE match_id = ?"
                                      " ORDER BY idx", (match_id,)):
                _checked(what, (i, s), (("move number", lambda v: v == len(moves)),
                                        ("mover", _maybe(lambda v: _whole(v) and
                                                         0 <= v < len(seats)))))
                moves.append(Move(i, s, _json(what, f"move {i + 1}", a)))
            snap = db.execute("SELECT moves, state, log FROM snapshots WHERE match_id = ?",
                              (match_id,)).fetchone()
            if snap is not None and snap[0] != len(moves):
                raise _BadRow(f"{what}: its saved state does not follow its moves")

            def kept(read: Callable[[], Any], default: Any) -> Any:
                """The snapshot and its log only save time: damaged, they are done without."""
                try:
                    return read() if snap is not None else default
                except _BadRow as exc:
                    self._skip(exc)
                    return default
            return SavedMatch(
                match_id, game, version, seed, _json(what, "options", options, dict),
                bool(open_hands), seats, status, started, ended, tuple(moves),
                kept(lambda: _json(what, "saved state", snap[1], dict), None), len(moves),
                kept(lambda: _log(what, snap[2], len(seats)), ()),
                _result(what, result, len(seats)))
        return self._read("read a saved game", work, None)

    # -- history --------------------------------------------------------------------------------
    def recent(self, limit: int = 20, offset: int = 0, *, game_id: str | None = None,
               profile: str | None = None, with_abandoned: bool = False,
               after: tuple[float, int] | None = None,
               before: tuple[float, int] | None = None) -> list[MatchSummary]:
        """Finished matches (and abandoned ones, ``with_abandoned``: every match that can
        be watched again), newest first, optionally one game's or one person's.
        ``after``/``before`` is the (ended, id) of a listed match: the page just older or
        just newer than it, read from the index however deep it lies (an offset has to
        walk every row before it)."""
        def work(db: sqlite3.Connection) -> list[MatchSummary]:
            pid = None
            if profile is not None:
                pid = self._find_profile(db, profile)
                if pid is None:
                    return []
            newer = before is not None
            mark = before if newer else after
            selects = _listing(pid, game_id, with_abandoned, mark, newer)
            sql = " UNION ALL ".join(sql for sql, _ in selects)
            args = [a for _, part in selects for a in part]
            way = "ASC" if newer else "DESC"
            order = [r[0] for r in db.execute(
                f"{sql} ORDER BY 2 {way}, 1 {way} LIMIT ? OFFSET ?", (*args, limit, offset))]
            if newer:
                order.reverse()
            if not order:
                return []
            rows = {r[0]: r for r in _where_in(
                db, "SELECT id, game, started, ended, status, result FROM matches"
                    " WHERE id IN ({})", order)}
            seats = self._seats(db, order)
            out = []
            for match_id in order:
                try:
                    out.append(_summary(rows[match_id], seats.get(match_id)))
                except _BadRow as exc:
                    self._skip(exc)
            return out
        return self._read("read the history", work, [])

    def count_finished(self, *, game_id: str | None = None, profile: str | None = None,
                       with_abandoned: bool = False) -> int:
        """How many matches recent() can page through with the same filters."""
        def work(db: sqlite3.Connection) -> int:
            pid = None
            if profile is not None:
                pid = self._find_profile(db, profile)
                if pid is None:
                    return 0
            return sum(db.execute(sql, args).fetchone()[0]
                       for sql, args in _listing(pid, game_id, with_abandoned, count=True))
        return self._read("read the history", work, 0)

    def stats(self, profile: str, game_id: str) -> Stats:
        """``profile``'s record in ``game_id`` (all zeros if none)."""
        found = self._read("read the statistics",
                           lambda db: self._stats(db, profile, game_id), [])
        return found[0] if found else Stats(profile, game_id)

    def stats_by_game(self, profile: str) -> list[Stats]:
        """``profile``'s record in every game they finished (registry order first)."""
        found = self._read("read the statistics", lambda db: self._stats(db, profile), [])
        order = {g: i for i, g in enumerate(GAMES)}
        return sorted(found, key=lambda s: (order.get(s.game_id, len(order)), s.game_id))

    def _stats(self, db: sqlite3.Connection, profile: str,
               game_id: str | None = None) -> list[Stats]:
        pid = self._find_profile(db, profile)
        if pid is None:
            return []
        where, args = "profile_id = ?", (pid,)
        if game_id is not None:
            where, args = where + " AND game = ?", args + (game_id,)
        what = f"{profile}'s record"
        levels: dict[str, dict[str, LevelRecord]] = {}
        for game, level, played, wins in self._rows(what, db.execute(
                f"SELECT game, level, played, wins FROM profile_levels WHERE {where}", args),
                (("game", _text), ("AI level", lambda v: v in LEVELS), ("games", _count),
                 ("wins", _tally))):
            if self._adds_up(what, played, wins):
                levels.setdefault(game, {})[level] = LevelRecord(played, wins)
        return [Stats(profile, game, played, wins, best, total / played, streak, longest,
                      levels.get(game, {}))
                for game, played, wins, total, best, streak, longest in self._rows(
                    what, db.execute("SELECT game, played, wins, score_total, best, streak,"
                                     f" longest FROM profile_games WHERE {where}", args),
                    (("game", _text), ("games", _count), ("wins", _tally), ("total", _whole),
                     ("best", _maybe(_whole)), ("streak", _tally), ("longest streak", _tally)))
                if self._adds_up(what, played, wins)]

    def _adds_up(self, what: str, played: int, wins: int) -> bool:
        """A record cannot have more wins than games (else it is skipped, one line)."""
        if wins <= played:
            return True
        self._skip(_BadRow(f"{what}: it has more wins ({wins}) than games ({played})"))
        return False

    def score_history(self, profile: str, game_id: str, limit: int = 50) -> list[ScorePoint]:
        """``profile``'s last ``limit`` finished scores in ``game_id``, oldest first."""
        def work(db: sqlite3.Connection) -> list[ScorePoint]:
            pid = self._find_profile(db, profile)
            if pid is None:
                return []
            rows = db.execute("SELECT match_id, finished_at, score, won FROM match_seats"
                              " WHERE profile_id = ? AND game = ? AND finished_at IS NOT NULL"
                              " ORDER BY finished_at DESC, match_id DESC LIMIT ?",
                              (pid, game_id, limit)).fetchall()
            checks = (("match", _whole), ("time", plausible_time), ("score", _whole),
                      ("won", _whole))
            return [ScorePoint(m, t, s, bool(w))
                    for m, t, s, w in self._rows(f"{profile}'s scores", reversed(rows), checks)]
        return self._read("read the statistics", work, [])

    def highlights(self, match_id: int | None) -> list[Highlight]:
        """For a finished match, per profile seat: a new best score? the winning streak."""
        if match_id is None:
            return []

        def work(db: sqlite3.Connection) -> list[Highlight]:
            rows = db.execute(
                "SELECT s.seat, p.name, s.score, s.won, s.best_before, s.streak FROM match_seats s"
                " JOIN profiles p ON p.id = s.profile_id WHERE s.match_id = ?"
                " AND s.finished_at IS NOT NULL ORDER BY s.seat", (match_id,)).fetchall()
            return [Highlight(seat, name, score, bool(won),
                              before is not None and score is not None and score > before,
                              before, streak or 0)
                    for seat, name, score, won, before, streak in self._rows(
                        f"match {match_id}", rows, (
                            ("seat", _whole), ("name", usable_name), ("score", _maybe(_whole)),
                            ("won", _whole), ("best", _maybe(_whole)),
                            ("streak", _maybe(_whole))))]
        return self._read("read the results", work, [])

    @staticmethod
    def _find_profile(db: sqlite3.Connection, name: str) -> int | None:
        row = db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def _seats(self, db: sqlite3.Connection,
               match_ids: list[int]) -> dict[int, tuple[SeatRecord, ...]]:
        """Each match's seats, in order; a match with a damaged seat row (or seats not
        numbered 0, 1, 2 ...) is left out, with one line (a match with no seat rows at
        all is there, with none)."""
        out: dict[int, list[SeatRecord]] = {m: [] for m in match_ids}
        for row in _where_in(
                db, "SELECT s.match_id, s.seat, s.name, s.human, s.level, s.colour, p.name,"
                    " s.score, s.won FROM match_seats s LEFT JOIN profiles p"
                    " ON p.id = s.profile_id WHERE s.match_id IN ({})"
                    " ORDER BY s.match_id, s.seat", match_ids):
            match_id, *values = row
            seats = out.get(match_id)
            if seats is None:
                continue   # already found damaged
            try:
                seat, name, human, level, colour, profile, score, won = _checked(
                    f"match {match_id}", values, _SEAT_COLUMNS)
                if seat != len(seats):
                    raise _BadRow(f"match {match_id}: its seats are not numbered in order")
            except _BadRow as exc:
                self._skip(exc)
                del out[match_id]
                continue
            seats.append(SeatRecord(seat, name, bool(human), level, colour, profile,
                                    score, None if won is None else bool(won)))
        return {m: tuple(s) for m, s in out.items()}


_OPEN: "weakref.WeakSet[Store]" = weakref.WeakSet()


@atexit.register
def close_all() -> None:
    """A program that exits without closing its store still ends cleanly: the sync
    thread is stopped while it can still run, the WAL checkpointed, the lock let go."""
    for store in list(_OPEN):
        store.close()


def _seated(what: str, seats: tuple[SeatRecord, ...] | None) -> tuple[SeatRecord, ...]:
    """A match's seats from :meth:`Store._seats` (None: a damaged seat, already said)."""
    if seats is None:
        raise _SaidBefore(what)
    if not seats:
        raise _BadRow(f"{what}: it has no seats")
    return seats


def _summary(row: Sequence[Any], seats: tuple[SeatRecord, ...] | None) -> MatchSummary:
    """One History line from its ``matches`` row (_BadRow if the row is damaged)."""
    match_id = row[0]
    what = f"match {match_id}"
    game, started, ended, status, result = _checked(what, row[1:], (
        ("game", _text), ("start", plausible_time), ("end", _maybe(plausible_time)),
        ("status", _text), ("result", lambda v: True)))
    seats = _seated(what, seats)
    res = _result(what, result, len(seats)) or {}
    return MatchSummary(match_id, game, started, ended, status, seats,
                        tuple(res.get("winners", ())), res.get("outcome", ""))


def _listing(profile_id: int | None, game_id: str | None, with_abandoned: bool,
             mark: tuple[float, int] | None = None, newer: bool = False,
             count: bool = False) -> list[tuple[str, list]]:
    """The History list as SELECTs of (match id, end time) with their arguments, one per
    kind of match: joined by UNION ALL each reads an index in order and SQLite merges
    them instead of sorting every match (and counting them one by one stays on the
    indexes); ``mark`` keeps the matches past one (ended, id), older ones or
    (``newer``) newer ones; ``count``: SELECTs of how many instead."""
    game = " AND game = ?" if game_id is not None else ""
    games = [game_id] if game_id is not None else []
    # (table, id column, time column, condition, its arguments)
    if profile_id is not None:   # a person's: their seats' index, in the order they ended
        parts = [("match_seats", "match_id", "finished_at",
                  "profile_id = ? AND finished_at IS NOT NULL" + game, [profile_id, *games])]
        if with_abandoned:
            parts.append(("matches", "id", "ended", "status = 'abandoned'" + game +
                          " AND id IN (SELECT match_id FROM match_seats WHERE profile_id = ?)",
                          [*games, profile_id]))
    else:
        statuses = ("finished", "abandoned") if with_abandoned else ("finished",)
        parts = [("matches", "id", "ended", f"status = '{status}'" + game, games)
                 for status in statuses]
    selects = []
    for table, key, when, where, args in parts:
        if mark is not None:   # past the mark: a range on the index, then the tie
            op = ">" if newer else "<"
            where += f" AND {when} {op}= ? AND ({when} {op} ? OR {key} {op} ?)"
            args = [*args, mark[0], mark[0], mark[1]]
        what = "count(*)" if count else f"{key}, {when}"
        selects.append((f"SELECT {what} FROM {table} WHERE {where}", args))
    return selects


def _where_in(db: sqlite3.Connection, sql: str, ids: Sequence[int]) -> Iterator[tuple]:
    """Rows of ``sql`` (one ``IN ({})``) for ``ids``, a few hundred at a time: older
    SQLite builds allow only 999 parameters in a statement."""
    for start in range(0, len(ids), 500):
        chunk = list(ids[start:start + 500])
        yield from db.execute(sql.format(",".join("?" * len(chunk))), chunk)


def cannot_play(game_id: str, version: int) -> str:
    """Why a recorded match cannot be continued or replayed here ('' if it can)."""
    spec = GAMES.get(game_id)
    if spec is None or not spec.available:
        return f"this Birdhouse has no game called {game_id!r}"
    if spec.rules_version != version:
        return (f"recorded with {spec.name} rules v{version}, this Birdhouse plays "
                f"v{spec.rules_version}")
    return ""


# -- opening -----------------------------------------------------------------------------------
class _Newer(Exception):
    """The database was written by a newer Birdhouse."""


class _Damaged(Exception):
    """The file is not a usable Birdhouse database."""


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
        return _open(path, log, sync, clock)
    except Exception as exc:  # noqa: BLE001 - whatever the disk holds, the game must start
        return _off(log, f"Playing without saving: could not open {path} ({said(exc)}).")


def _off(log: logging.Logger, line: str) -> Store:
    log.warning(line)
    return Store.disabled(line, log)


def _open(path: Path, log: logging.Logger, sync: str, clock: Callable[[], float]) -> Store:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _off(log, f"Playing without saving: cannot create {path.parent} "
                         f"({exc.strerror or exc}).")
    try:
        lock = _lock(path)
    except BlockingIOError:
        holder = _lock_holder(path)
        who = f"another Birdhouse (process {holder})" if holder else "another Birdhouse"
        return _off(log, f"Playing without saving: {who} is using {path.name}.")
    except OSError as exc:
        return _off(log, f"Playing without saving: cannot write in {path.parent} "
                         f"({exc.strerror or exc}).")
    try:
        db = _connect(path, sync, log)
    except _Newer as exc:
        _unlock(lock)
        return _off(log, f"Playing without saving: {path.name} {said(exc)}; it is left untouched "
                         "for the newer Birdhouse.")
    except sqlite3.Error as exc:
        _unlock(lock)
        return _off(log, f"Playing without saving: cannot use {path} ({said(exc)}).")
    except BaseException:
        _unlock(lock)
        raise
    return Store(db, path, log, None, lock, sync, clock)


def _connect(path: Path, sync: str, log: logging.Logger) -> sqlite3.Connection:
    """Connect, check and migrate; a damaged file is kept aside (once) and replaced."""
    for attempt in (0, 1):
        db = None
        try:
            _check_file(path)
            db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            _check_and_migrate(db, sync)
            return db
        except BaseException as exc:
            if db is not None:
                db.close()
            if attempt or not _is_damage(exc):
                raise
            kept = _keep_aside(path)
            log.warning("%s was damaged (%s): kept as %s, starting a fresh one.",
                        path.name, said(exc), kept)
    raise AssertionError("unreachable")


def _check_file(path: Path) -> None:
    """Checks made on the file's bytes, before SQLite opens it: a file that is not
    SQLite at all, one written by a newer Birdhouse (opening it would add files beside
    it; it is to be left untouched), and one cut short (its header counts more pages
    than it holds -- only sure without a WAL beside it, as a checkpoint may be half-way)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    if size == 0:
        return  # an empty file is an empty database
    with open(path, "rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        raise _Damaged("not a SQLite database")
    _check_version(int.from_bytes(header[60:64], "big"), int.from_bytes(header[68:72], "big"))
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96] and pages > 0
    if page_size < 512 or size % page_size or (valid and size < pages * page_size):
        raise _Damaged(f"cut short: {size} bytes")


def _check_version(version: int, app_id: int) -> None:
    if version > SCHEMA_VERSION:
        if app_id == APPLICATION_ID:
            raise _Newer(f"was written by a newer Birdhouse (schema v{version}; this one "
                         f"knows up to v{SCHEMA_VERSION})")
        raise _Damaged("not a Birdhouse database")


def _check_and_migrate(db: sqlite3.Connection, sync: str) -> None:
    version = db.execute("PRAGMA user_version").fetchone()[0]   # reads, never writes
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    _check_version(version, app_id)  # again: the header in a WAL may be newer
    has_tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app_id != APPLICATION_ID and (version or has_tables):
        raise _Damaged("not a Birdhouse database")
    db.execute("PRAGMA journal_mode = WAL").fetchall()
    db.execute(f"PRAGMA synchronous = {'FULL' if sync == 'full' else 'NORMAL'}")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if sync == "background":  # the syncer checkpoints; this is only a ceiling
        db.execute("PRAGMA wal_autocheckpoint = 10000")
    for number in range(version, SCHEMA_VERSION):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[number]:
                db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {number + 1}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    # touch the newest rows of every table: a file cut short in the middle shows here
    for table in ("profiles", "matches", "match_seats", "moves", "snapshots"):
        db.execute(f"SELECT * FROM {table} ORDER BY rowid DESC LIMIT 1" if table in
                   ("profiles", "matches", "snapshots") else
                   f"SELECT * FROM {table} ORDER BY match_id DESC LIMIT 1").fetchall()


def _is_damage(exc: BaseException) -> bool:
    if isinstance(exc, _Damaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB)


def _keep_aside(path: Path) -> str:
    """Rename the damaged file (and its WAL and shared-memory files, which belong to it
    and would otherwise be replayed into the fresh one) to ``<name>.bad-<date-time>``."""
    bad = bad_copy_path(path)
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(f"{bad}{suffix}")
    return bad.name


def _lock(path: Path) -> int | None:
    """Take the advisory lock beside the database (BlockingIOError if another live
    process holds it; OSError if it cannot be created). Our pid goes in it, for the
    message another Birdhouse shows."""
    fd = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    if fcntl is None:  # pragma: no cover - Windows
        return fd
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _lock_holder(path: Path) -> int | None:
    try:
        return int(Path(f"{path}.lock").read_text().strip() or 0) or None
    except (OSError, ValueError):
        return None


def _unlock(fd: int | None) -> None:
    if fd is not None:
        try:
            os.close(fd)  # closing the descriptor releases the flock
        except OSError:
            pass
