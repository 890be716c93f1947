"""The guarded connection every part of the store goes through: no failure reaches play."""
from __future__ import annotations

import atexit
import logging
import sqlite3
import time
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Self, Sequence

from game.i18n import N_
from game.store.db import FILE_NAME, Words, keep_aside, unlock
from game.store.rows import BadRow, SaidBefore, checked
from game.store.schema import is_damage
from game.store.sync import Syncer
from game.untrusted import said


class StoreBase:
    """The database, or (``saving`` False) a stand-in that records nothing and reads
    nothing. The parts of the store (people, journal, history) reach the file only
    through ``_write``, ``_read``, ``_rows`` and ``_skip``, so that:

    * a write or read that fails after opening (disk full, an I/O error, damage found
      mid-game) turns saving off with one warning and never raises;
    * a *row* holding what Birdhouse never writes (the file edited by hand, or damaged
      where SQLite cannot see it: a name with a NUL, a result nested thousands deep, a
      count of the wrong type) is left out with one line, once a run, and saving goes
      on. Its JSON columns are read as untrusted (game.store.rows).

    Wrong *arguments* (a move index that skips, an action that cannot be saved) are
    bugs in the caller and raise ValueError as usual."""

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
        self._syncer: Syncer | None = None
        self._skipped: set[str] = set()   # damaged rows already reported this run
        if db is not None and sync == "background":
            self._syncer = Syncer(path)
            self._syncer.start()
        if db is not None:
            _OPEN.add(self)

    @classmethod
    def disabled(cls, problem: str | None = None,
                 log: logging.Logger | None = None) -> Self:
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
        unlock(self._lock)
        self._lock = None

    def __enter__(self) -> Self:
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
        damaged = is_damage(exc)
        self.close()
        kept = None
        if damaged and path is not None:
            try:
                kept = keep_aside(path)
            except OSError:
                pass
        if kept:
            line = Words.of(N_("{file} is damaged ({why}): kept as {kept}; saving is off until "
                               "Birdhouse restarts."), file=path.name, why=said(exc), kept=kept)
        else:
            line = Words.of(N_("Saving is off: could not {doing} ({why})."), doing=doing,
                            why=said(exc))
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
        except BadRow as exc:     # a damaged row: skip it, keep saving
            self._skip(exc)
        return default

    def _skip(self, exc: BadRow) -> None:
        """A damaged row is left out: one line the first time it is met this run."""
        if isinstance(exc, SaidBefore):
            return
        name = self.path.name if self.path else FILE_NAME
        line = f"Skipped a damaged row of {name}: {said(exc)}."
        if line not in self._skipped:
            self._skipped.add(line)
            self.log.warning(line)

    def _rows(self, what: str, rows: Iterator[Sequence[Any]],
              checks: Sequence[tuple[str, Callable[[Any], bool]]]) -> Iterator[Sequence[Any]]:
        """The rows that pass ``checks``; the others are skipped with one line each."""
        for row in rows:
            try:
                yield checked(what, row, checks)
            except BadRow as exc:
                self._skip(exc)


_OPEN: "weakref.WeakSet[StoreBase]" = weakref.WeakSet()


@atexit.register
def close_all() -> None:
    """A program that exits without closing its store still ends cleanly: the sync
    thread is stopped while it can still run, the WAL checkpointed, the lock let go."""
    for store in list(_OPEN):
        store.close()
