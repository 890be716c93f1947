"""Telling a service manager the game is alive: systemd's notify protocol, no library.

Under a systemd unit with ``Type=notify`` and ``WatchdogSec=``, systemd sets
``NOTIFY_SOCKET`` (and ``WATCHDOG_USEC``). The main loop says ``READY=1`` once the first
frame is on screen and ``WATCHDOG=1`` every few seconds after; a loop that hangs stops
saying it, and systemd restarts the kiosk. Without the variable this does nothing.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from typing import Callable, Mapping

DEFAULT_EVERY = 2.0   # seconds between heartbeats when systemd gives no watchdog period


class Notifier:
    def __init__(self, log: logging.Logger, env: Mapping[str, str] = os.environ,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.clock = clock
        self.sock: socket.socket | None = None
        self.address = env.get("NOTIFY_SOCKET", "")
        self.ready_sent = False
        self.last_beat = float("-inf")
        usec = env.get("WATCHDOG_USEC", "")
        # systemd's advice: ping at half the watchdog period. WATCHDOG_PID is not checked:
        # under a kiosk compositor (cage) the unit's main process is the compositor and
        # Birdhouse its child, which may ping with NotifyAccess=all (docs/kiosk.md).
        self.every = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 else DEFAULT_EVERY
        if not self.address:
            return
        if self.address.startswith("@"):           # Linux abstract namespace
            self.address = "\0" + self.address[1:]
        try:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self.sock.setblocking(False)
        except OSError as exc:
            self.log.warning("Cannot talk to the service manager (%s); no watchdog.", exc)
            self.sock = None

    @property
    def active(self) -> bool:
        return self.sock is not None

    def send(self, message: str) -> None:
        if self.sock is None:
            return
        try:
            self.sock.sendto(message.encode(), self.address)
        except OSError as exc:
            self.log.warning("The service manager's socket refused %s (%s); no more "
                             "notifications.", message, exc)
            self.close()

    def ready(self) -> None:
        """The first frame is on screen."""
        if not self.ready_sent:
            self.ready_sent = True
            self.send("READY=1")
            self.last_beat = self.clock()

    def beat(self) -> None:
        """Called every frame by the main loop: a heartbeat when one is due."""
        if self.sock is None or not self.ready_sent:
            return
        now = self.clock()
        if now - self.last_beat >= self.every:
            self.last_beat = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        self.send("STOPPING=1")
        self.close()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
