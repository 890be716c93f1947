"""Where crashes go: a rotating, size-capped log file in the user log directory.

The console gets one line; the file gets the whole traceback, so a kiosk that recovered
on its own can still be diagnosed the next morning, and the file can never fill a disk.
"""
from __future__ import annotations

import logging
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path

from platformdirs import user_log_dir

MAX_BYTES = 256 * 1024
BACKUPS = 3


def default_dir() -> Path:
    return Path(user_log_dir("birdhouse", appauthor=False))


class CrashLog:
    def __init__(self, directory: Path, log: logging.Logger, max_bytes: int = MAX_BYTES,
                 backups: int = BACKUPS) -> None:
        self.log = log
        self.path = directory / "birdhouse.log"
        self.handler: RotatingFileHandler | None = None
        try:
            directory.mkdir(parents=True, exist_ok=True)
            self.handler = RotatingFileHandler(self.path, maxBytes=max_bytes,
                                               backupCount=backups, encoding="utf-8", delay=True)
            self.handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        except OSError as exc:
            log.warning("Cannot write crash logs to %s (%s); crashes go to the console only.",
                        directory, exc)

    def write(self, where: str, exc: BaseException) -> None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        if self.handler is None:
            self.log.error("%s", text.rstrip())
            return
        record = logging.LogRecord("birdhouse.crash", logging.ERROR, __file__, 0,
                                   "crash in %s\n%s", (where, text.rstrip()), None)
        try:
            self.handler.handle(record)
        except OSError:
            self.log.error("%s", text.rstrip())

    def close(self) -> None:
        if self.handler is not None:
            self.handler.close()
