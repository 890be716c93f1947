"""The background thread that makes each commit durable and keeps the WAL small."""
from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from game.store.schema import Damaged


IDLE_CHECKPOINT_S = 2.0      # background sync: checkpoint after this long without moves
CHECKPOINT_EVERY = 200       # ... or after this many commits


class Syncer(threading.Thread):
    """Work kept off the frame, on its own connection: first a ``quick_check`` of the
    whole file (damage that opening did not touch, found within a second instead of
    mid-game later); then, after every commit, an fsync of the WAL, and a checkpoint
    every CHECKPOINT_EVERY commits or when play has been idle, so the WAL stays small.
    An error is kept for the main thread to report at its next call.

    Why a thread: a committed move already survives the process being killed at any
    moment (the commit has handed it to the OS); this fsync, a few milliseconds later,
    makes it survive a power cut too. ``sync="full"`` makes SQLite fsync inside the
    commit instead: on this machine's disk an fsync costs ~4 ms at best and over 10 ms
    at p99, too long for the frame of a move (see the bench's ``store`` rows)."""

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
                raise Damaged(" ".join(found.replace("*", "").split())[:120])
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
        except (OSError, sqlite3.Error, Damaged) as exc:
            self.error = exc
        finally:
            self.checked.set()
            if fd is not None:
                os.close(fd)
            if conn is not None:
                conn.close()
