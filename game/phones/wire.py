"""What the game and its phone server process share: the limits, what phones did, join
codes, and the frames the two processes exchange.

The server runs in a process of its own (``process.py`` starts it, ``server.py`` is
it), so answering a phone never waits for the game loop to let go of Python's GIL
(drawing a frame holds it for milliseconds at a time). The two speak in frames over the
child's stdin and stdout: a 4-byte length, then one JSON object. Nothing here imports
asyncio, aiohttp or pygame.
"""
from __future__ import annotations

import json
import queue
import secrets
import struct
import threading
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Callable, Mapping

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I to misread
CODE_LENGTH = 6
MAX_FRAME = 64 << 20      # bytes of one frame: far above a payload with its card images


@dataclass(frozen=True)
class Limits:
    """What one phone may do; generous for a person, tight for a script."""

    max_message: int = 4096        # bytes of one WebSocket message
    rate: float = 20.0             # messages a second, sustained ...
    burst: int = 40                # ... and in one burst
    flood_close: int = 200         # messages dropped for speed before the phone is closed
    max_errors: int = 50           # malformed messages before the phone is closed
    # a phone says hello the moment its socket opens: 2 s is many round trips on a slow
    # Wi-Fi, and a socket that says nothing gives its slot back as soon
    hello_timeout: float = 2.0
    heartbeat: float = 10.0        # a phone that stops answering pings is closed
    # sockets without a valid seat token in their request (a first join by code), open
    # at once: more than a household joins together, few enough to stay cheap
    strangers: int = 24
    # ... of them from one address: a phone needs one, the rest cover its retries; one
    # machine cannot take every slot (seated phones do not count: behind a NAT, six
    # phones may share one address)
    per_address: int = 4
    # sockets with a seat's valid token that have not said hello yet: the phone, and the
    # phone again while its first try hangs; never counted as strangers
    per_seat: int = 2
    send_queue: int = 256          # messages waiting for a phone that does not read
    bad_joins: int = 20            # wrong tokens or codes per address a minute, then codes
                                   # from it are refused for the rest of that minute
    # wrong codes from everyone a minute, then every seat gets a new code: a family
    # mistypes a few; a guesser with many addresses gets this many tries per set
    bad_codes: int = 30


@dataclass(frozen=True)
class Inbound:
    """Something a phone did, for the game loop: ``join``, ``leave``, ``move``, ``hint``;
    or ``codes`` (seat -1): too many wrong codes, ``data["codes"]`` are every seat's new
    join codes."""

    kind: str
    seat: int
    conn: int
    data: Mapping[str, Any] = field(default_factory=dict)


def join_codes(seats: int) -> dict[int, str]:
    """A fresh join code for each seat, no two alike."""
    codes: dict[int, str] = {}
    while len(set(codes.values())) < seats:
        codes = {seat: "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                 for seat in range(seats)}
    return codes


def frame(message: Mapping[str, Any]) -> bytes:
    body = json.dumps(message, separators=(",", ":")).encode()
    return struct.pack(">I", len(body)) + body


def read_frame(src: BinaryIO) -> dict | None:
    """The next frame from ``src``, or None at its end (or if it is not a frame)."""
    head = src.read(4)
    if len(head) < 4:
        return None
    size = struct.unpack(">I", head)[0]
    body = src.read(size) if size <= MAX_FRAME else b""
    if len(body) < size or not size:
        return None
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return message if isinstance(message, dict) else None


class Channel:
    """Frames to and from the other process, each way in a thread of its own: a full
    pipe never blocks the sender, and ``on_frame`` is called (in the reader thread) with
    each frame that arrives, then once with None when the other side has gone."""

    def __init__(self, src: BinaryIO, out: BinaryIO,
                 on_frame: Callable[[dict | None], None], name: str) -> None:
        self._out: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.reader = threading.Thread(target=self._read, args=(src, on_frame),
                                       name=f"{name}-in", daemon=True)
        self.writer = threading.Thread(target=self._write, args=(out,),
                                       name=f"{name}-out", daemon=True)
        self.reader.start()
        self.writer.start()

    def send(self, data: bytes) -> None:
        """Framed bytes (one frame or several) to send, in order."""
        self._out.put(data)

    def close(self) -> None:
        """Send what is queued, then close the way out (the other side reads its end)."""
        self._out.put(None)

    @staticmethod
    def _read(src: BinaryIO, on_frame: Callable[[dict | None], None]) -> None:
        try:
            while (message := read_frame(src)) is not None:
                on_frame(message)
        except (OSError, ValueError):
            pass   # the pipe broke: the other side has gone
        on_frame(None)

    def _write(self, out: BinaryIO) -> None:
        try:
            while (data := self._out.get()) is not None:
                out.write(data)
                out.flush()
        except (OSError, ValueError):
            return   # the other side has gone; the reader reports it
        try:
            out.close()
        except OSError:
            pass
