"""The game loop's side of the phones: one session of seat tokens and the server serving it.

A session begins when phones are switched on (Seat setup, or ``--phones``) and ends when
they are switched off or the players leave the match: its tokens are valid for that
match only, and no port is open outside a session. The app pumps the hub once a frame
(:meth:`Phones.pump`); scenes read who is connected and take the phones' requests
(:meth:`Phones.take`). Nothing here waits on the network or imports pygame.
"""
from __future__ import annotations

import logging
import secrets
from collections import deque
from typing import Mapping

from game.phones.net import LOOPBACK, allowed_host, lan_address
from game.phones.process import ServerProcess
from game.phones.wire import Inbound, Limits, join_codes

PREFIX = "phone:"
DEFAULT_PORT = 8765
MAX_SEATS = 6


def phone_device(seat: int) -> str:
    """The device id a seat's phone plays with (like a gamepad's 'pad3')."""
    return f"{PREFIX}{seat}"


def is_phone(device: str | None) -> bool:
    return bool(device) and device.startswith(PREFIX)


def phone_seat(device: str | None) -> int | None:
    if not is_phone(device):
        return None
    try:
        return int(device[len(PREFIX):])
    except ValueError:
        return None


class Phones:
    """One per app. ``open`` starts a session, ``close`` ends it (and the server)."""

    def __init__(self, log: logging.Logger, port: int = DEFAULT_PORT, host: str | None = None,
                 limits: Limits = Limits()) -> None:
        self.log = log
        self.port = port
        self.host = host
        self.limits = limits
        self.server: ServerProcess | None = None
        self.tokens: dict[int, str] = {}
        self.codes: dict[int, str] = {}
        self.session = 0                       # bumped by every open: old tokens are stale
        self.connected: set[int] = set()       # seats with a phone on now
        self.joined: set[int] = set()          # seats a phone has joined this session
        self.failure = ""                      # why the last open failed, for the screen
        self._events: deque[Inbound] = deque(maxlen=256)
        self._qr: dict[str, tuple] = {}

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def open(self, seats: int = MAX_SEATS) -> bool:
        """Start a session: fresh tokens and codes for ``seats`` seats, and the server on
        the LAN address. False (and ``failure`` says why) if it cannot listen."""
        self.close()
        self.session += 1
        self.tokens = {seat: secrets.token_urlsafe(16) for seat in range(seats)}
        self.codes = join_codes(seats)
        host = self.host or lan_address()
        if not allowed_host(host):
            self.failure = f"{host} is not a home-network address"
            self.log.warning("Phones: refusing to listen on %s (not loopback or LAN).", host)
            return False
        server = ServerProcess({t: s for s, t in self.tokens.items()},
                               {c: s for s, c in self.codes.items()}, host, self.port,
                               self.limits, self.log)
        try:
            server.start()
        except OSError as exc:
            self.failure = str(exc)
            self.log.warning("Phones: could not start the server: %s", exc)
            return False
        self.server = server
        self.failure = ""
        if host == LOOPBACK:
            self.log.info("Phones: no home network found; listening on loopback only.")
        self.log.info("Phones: listening on %s", server.base_url)
        return True

    def close(self, message: str = "The game has ended.") -> None:
        """End the session: phones are told, the port closes, tokens become stale."""
        if self.server is not None:
            self.server.stop(message)
            self.log.info("Phones: server stopped.")
        self.server = None
        self.tokens, self.codes = {}, {}
        self._qr = {}
        self.connected.clear()
        self.joined.clear()
        self._events.clear()

    # -- joining ----------------------------------------------------------------------------
    def url(self, seat: int) -> str:
        """The seat's join link (its QR code): the token rides in the fragment, which
        browsers never send to a server or put in a Referer."""
        if self.server is None or seat not in self.tokens:
            return ""
        return f"{self.server.base_url}#t={self.tokens[seat]}"

    def code(self, seat: int) -> str:
        return self.codes.get(seat, "")

    def address(self) -> str:
        """What to type if the QR code will not scan: host:port."""
        return f"{self.server.host}:{self.server.port}" if self.server is not None else ""

    def qr_matrix(self, seat: int) -> tuple[tuple[bool, ...], ...]:
        """The seat's QR code as rows of dark (True) modules, quiet zone included."""
        url = self.url(seat)
        if url not in self._qr:   # drawn every frame Seat setup shows: made once a session
            import segno

            qr = segno.make(url, error="l", boost_error=False)
            self._qr[url] = tuple(tuple(bool(v) for v in row)
                                  for row in qr.matrix_iter(scale=1, border=2))
        return self._qr[url]

    # -- each frame -----------------------------------------------------------------------------
    def pump(self) -> bool:
        """Take what the server received; True if anything happened (the screen may change)."""
        if self.server is None:
            return False
        news = False
        for item in self.server.poll():
            news = True
            if item.kind == "join":
                self.connected.add(item.seat)
                self.joined.add(item.seat)
            elif item.kind == "leave":
                self.connected.discard(item.seat)
            elif item.kind == "codes":    # too many wrong codes: the server made new ones
                self.codes = {int(seat): code for seat, code in item.data["codes"].items()}
            self._events.append(item)
        return news

    def flush(self) -> None:
        """Send what was published this frame (the app calls it once a frame)."""
        if self.server is not None:
            self.server.flush()

    def take(self) -> list[Inbound]:
        """The phones' joins, leaves, moves and hint requests since the last take (and
        ``codes``: every seat's join code was just replaced)."""
        out = list(self._events)
        self._events.clear()
        return out

    def is_connected(self, seat: int) -> bool:
        return seat in self.connected

    def publish(self, seat: int, payload: dict, images: Mapping[str, bytes] | None = None) -> None:
        if self.server is not None:
            self.server.publish(seat, payload, images)

    def tell(self, seat: int, message: dict) -> None:
        if self.server is not None:
            self.server.tell(seat, message)

    def error(self, seat: int, message: str, code: str = "refused") -> None:
        self.tell(seat, {"type": "error", "code": code, "message": message})
