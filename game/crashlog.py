"""Where crashes go: a rotating, size-capped log file in the user log directory.

The console gets one line; the file gets the whole traceback, so a kiosk that recovered
on its own can still be diagnosed the next morning, and the file can never fill a disk.
"""
from __future__ import annotations

import logging
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from platformdirs import user_log_dir

if TYPE_CHECKING:
    from logging.handlers import RotatingFileHandler

MAX_BYTES = 256 * 1024
BACKUPS = 3


def default_dir() -> Path:
    return Path(user_log_dir("birdhouse", appauthor=False))


class CrashLog:
    """The file is opened on the first crash (most runs have none: start-up stays quick);
    a directory that cannot be made is reported at once."""

    def __init__(self, directory: Path, log: logging.Logger, max_bytes: int = MAX_BYTES,
                 backups: int = BACKUPS) -> None:
        self.log = log
        self.path = directory / "birdhouse.log"
        self.max_bytes = max_bytes
        self.backups = backups
        self.handler: RotatingFileHandler | None = None
        self.writable = True
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._cannot_write(exc)

    def _cannot_write(self, exc: OSError) -> None:
        self.writable = False
        self.log.warning("Cannot write crash logs to %s (%s); crashes go to the console only.",
                         self.path.parent, exc)

    def _open(self) -> RotatingFileHandler | None:
        if self.handler is None and self.writable:
            from logging.handlers import RotatingFileHandler
            try:
                self.handler = RotatingFileHandler(self.path, maxBytes=self.max_bytes,
                                                   backupCount=self.backups,
                                                   encoding="utf-8", delay=True)
            except OSError as exc:
                self._cannot_write(exc)
                return None
            self.handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        return self.handler

    def write(self, where: str, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        handler = self._open()
        if handler is None:
            self.log.error("%s", text.rstrip())
            return
        record = logging.LogRecord("birdhouse.crash", logging.ERROR, __file__, 0,
                                   "crash in %s\n%s", (where, text.rstrip()), None)
        try:
            handler.handle(record)
        except OSError:
            self.log.error("%s", text.rstrip())

    def close(self) -> None:
        if self.handler is not None:
            self.handler.close()
