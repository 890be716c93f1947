"""The tables, their migrations, and the checks that a file is a database we can use."""
from __future__ import annotations

import sqlite3
from pathlib import Path


APPLICATION_ID = 0x42697264  # "Bird": PRAGMA application_id of a Birdhouse database
SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26

# Schema changes go here: append a step, never edit one; a step runs in one transaction
# together with its ``user_version`` bump.
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


class Newer(Exception):
    """The database was written by a newer Birdhouse."""


class Damaged(Exception):
    """The file is not a usable Birdhouse database."""


def is_damage(exc: BaseException) -> bool:
    if isinstance(exc, Damaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB)


def check_file(path: Path) -> None:
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
        raise Damaged("not a SQLite database")
    check_version(int.from_bytes(header[60:64], "big"), int.from_bytes(header[68:72], "big"))
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96] and pages > 0
    if page_size < 512 or size % page_size or (valid and size < pages * page_size):
        raise Damaged(f"cut short: {size} bytes")


def check_version(version: int, app_id: int) -> None:
    if version > SCHEMA_VERSION:
        if app_id == APPLICATION_ID:
            raise Newer(f"was written by a newer Birdhouse (schema v{version}; this one "
                        f"knows up to v{SCHEMA_VERSION})")
        raise Damaged("not a Birdhouse database")


def check(db: sqlite3.Connection) -> int:
    """The schema version of an open database (Newer or Damaged if it is not ours)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]   # reads, never writes
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    check_version(version, app_id)  # again: the header in a WAL may be newer
    has_tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app_id != APPLICATION_ID and (version or has_tables):
        raise Damaged("not a Birdhouse database")
    return version


def migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a database at schema ``version`` up to SCHEMA_VERSION, one step per
    transaction, then read the newest row of every table."""
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
