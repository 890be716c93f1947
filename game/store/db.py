"""Opening the database file: where it lives, the lock, recovering a damaged one."""
from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from game.i18n import N_, _
from game.store import schema
from game.untrusted import bad_copy_path, said

try:  # advisory locks are POSIX; elsewhere SQLite's own locking has to do
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


APP_NAME = "birdhouse"
FILE_NAME = "birdhouse.db"
BUSY_TIMEOUT_MS = 1000
SYNC_MODES = ("background", "full")


class Words(str):
    """A line for the log and the screen at once: the English (the log's, and what it
    is as a string), with its message and values kept so :meth:`shown` can say it in
    the language on screen when it is drawn (the language may change after start-up)."""

    message: str
    values: dict[str, object]

    @classmethod
    def of(cls, message: str, **values: object) -> Words:
        words = cls(message.format(**values))
        words.message, words.values = message, values
        return words

    def shown(self) -> str:
        return _(self.message).format(**self.values)


def shown(line: str) -> str:
    """``line`` as the screen says it: a :class:`Words` in the language shown."""
    return line.shown() if isinstance(line, Words) else line


class CannotSave(Exception):
    """The one line saying why this run plays without saving."""


def default_path() -> Path:
    return Path(user_data_dir()) / FILE_NAME


def user_data_dir() -> str:
    from platformdirs import user_data_dir as data_dir
    return data_dir(APP_NAME, appauthor=False)


def open_file(path: Path, log: logging.Logger,
              sync: str) -> tuple[sqlite3.Connection, int | None]:
    """The connection to the database at ``path`` (created, checked and migrated) and
    the lock held on it, or CannotSave with the line saying why not.

    A missing database is created. A damaged one (garbage bytes, a truncated file, not
    a Birdhouse database) is kept as ``birdhouse.db.bad-<date-time>`` beside it, a fresh
    one is made and one warning line says so. A database written by a *newer* Birdhouse
    (a higher schema version) is left untouched and this run plays without saving (the
    newer Birdhouse on the same machine keeps its history). Another running Birdhouse
    holding the database (an advisory ``flock`` on ``birdhouse.db.lock``; released by
    the kernel when that process dies, even by SIGKILL), a read-only data folder, or any
    other failure to open: play without saving, one line."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CannotSave(Words.of(N_("Playing without saving: cannot create {folder} ({why})."),
                                  folder=path.parent, why=exc.strerror or exc)) from None
    try:
        lock = take_lock(path)
    except BlockingIOError:
        holder = lock_holder(path)
        if holder:
            line = Words.of(N_("Playing without saving: another Birdhouse (process {process}) "
                               "is using {file}."), process=holder, file=path.name)
        else:
            line = Words.of(N_("Playing without saving: another Birdhouse is using {file}."),
                            file=path.name)
        raise CannotSave(line) from None
    except OSError as exc:
        raise CannotSave(Words.of(N_("Playing without saving: cannot write in {folder} ({why})."),
                                  folder=path.parent, why=exc.strerror or exc)) from None
    try:
        return connect(path, sync, log), lock
    except schema.Newer as exc:
        unlock(lock)
        raise CannotSave(Words.of(N_("Playing without saving: {file} {why}; it is left "
                                     "untouched for the newer Birdhouse."),
                                  file=path.name, why=said(exc))) from None
    except sqlite3.Error as exc:
        unlock(lock)
        raise CannotSave(Words.of(N_("Playing without saving: cannot use {path} ({why})."),
                                  path=path, why=said(exc))) from None
    except BaseException:
        unlock(lock)
        raise


def connect(path: Path, sync: str, log: logging.Logger) -> sqlite3.Connection:
    """Connect, check and migrate; a damaged file is kept aside (once) and replaced."""
    for attempt in (0, 1):
        db = None
        try:
            schema.check_file(path)
            db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
            version = schema.check(db)
            configure(db, sync)
            schema.migrate(db, version)
            return db
        except BaseException as exc:
            if db is not None:
                db.close()
            if attempt or not schema.is_damage(exc):
                raise
            kept = keep_aside(path)
            log.warning("%s was damaged (%s): kept as %s, starting a fresh one.",
                        path.name, said(exc), kept)
    raise AssertionError("unreachable")


def configure(db: sqlite3.Connection, sync: str) -> None:
    """WAL journal; with ``sync="full"`` SQLite fsyncs inside each commit, else the
    background thread (game.store.sync) does it right after."""
    db.execute("PRAGMA journal_mode = WAL").fetchall()
    db.execute(f"PRAGMA synchronous = {'FULL' if sync == 'full' else 'NORMAL'}")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if sync == "background":  # the syncer checkpoints; this is only a ceiling
        db.execute("PRAGMA wal_autocheckpoint = 10000")


def keep_aside(path: Path) -> str:
    """Rename the damaged file (and its WAL and shared-memory files, which belong to it
    and would otherwise be replayed into the fresh one) to ``<name>.bad-<date-time>``."""
    bad = bad_copy_path(path)
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(f"{bad}{suffix}")
    return bad.name


def take_lock(path: Path) -> int | None:
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


def lock_holder(path: Path) -> int | None:
    try:
        return int(Path(f"{path}.lock").read_text().strip() or 0) or None
    except (OSError, ValueError):
        return None


def unlock(fd: int | None) -> None:
    if fd is not None:
        try:
            os.close(fd)  # closing the descriptor releases the flock
        except OSError:
            pass
