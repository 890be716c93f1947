"""The phone server as the game loop sees it: a process of its own, spoken to in frames.

The server (``server.py``) used to run in a thread of the game's process, where every
answer to a phone waited for the game loop to let go of the GIL, and a frame holds it
for a millisecond at a time (the table's full-screen backdrop blit): a cached card image
took 3-5 ms at p99 for half a millisecond of work. In its own process it answers at
once. This side never waits on the network either: what is published goes out through
a writer thread, what phones did comes in through a reader thread, and the game loop
takes it once a frame. The process imports aiohttp, so the game never does.
"""
from __future__ import annotations

import base64
import dataclasses
import logging
import queue
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Mapping

from game.phones.wire import Channel, Inbound, Limits, frame

ROOT = Path(__file__).resolve().parents[2]      # where ``game`` is, for ``-m``


class ServerProcess:
    """One session's phone server: ``start`` it, ``publish``/``tell`` and ``flush`` once a
    frame, ``poll`` what phones did, ``stop`` it."""

    def __init__(self, tokens: Mapping[str, int], codes: Mapping[str, int], host: str,
                 port: int, limits: Limits = Limits(),
                 log: logging.Logger | None = None) -> None:
        self.tokens = dict(tokens)
        self.codes = dict(codes)
        self.host = host
        self.wanted_port = port
        self.port = 0
        self.limits = limits
        self.log = log or logging.getLogger("birdhouse")
        self._proc: subprocess.Popen | None = None
        self._channel: Channel | None = None
        self._inbox: queue.SimpleQueue[Inbound] = queue.SimpleQueue()
        self._pending: list[bytes] = []
        self._listener: socket.socket | None = None   # until the process has its own
        self.ready = threading.Event()      # set once the process serves (tests, bench)
        self._gone = False          # the process has ended (or its pipes broke)
        self._stopping = False

    @property
    def running(self) -> bool:
        return self._proc is not None and not self._gone

    def _close_listener(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self) -> None:
        """Listen (the wanted port, else a free one) and start the server process on
        that socket. Raises OSError if nothing can be bound or started. Returns at once:
        until the process is up (a few hundred ms), phones wait in the socket's queue."""
        self._listener = self._bind()
        self.port = self._listener.getsockname()[1]
        start = {"k": "start", "tokens": self.tokens, "codes": self.codes, "host": self.host,
                 "limits": dataclasses.asdict(self.limits)}
        share = hasattr(self._listener, "share")     # Windows: no inherited sockets
        if not share:
            start["fd"] = self._listener.fileno()
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "game.phones.server"], cwd=ROOT, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, pass_fds=() if share else (self._listener.fileno(),))
        except OSError:
            self._close_listener()
            raise
        if share:
            start["share"] = base64.b64encode(self._listener.share(self._proc.pid)).decode()
        self._channel = Channel(self._proc.stdout, self._proc.stdin, self._received, "phones")
        self._channel.send(frame(start))

    def _bind(self) -> socket.socket:
        for port in (self.wanted_port, 0):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            if not sys.platform.startswith("win"):
                # a port left in TIME_WAIT by the last session is free again (Linux and
                # macOS still refuse a second listener, unlike Windows)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((self.host, port))
            except OSError as exc:
                sock.close()
                if port == 0:
                    raise
                self.log.info("Port %d is taken (%s); the phones get a free one.", port, exc)
                continue
            sock.listen(64)
            return sock
        raise OSError("no port")  # pragma: no cover (port 0 always binds or raises)

    def _received(self, message: dict | None) -> None:
        """A frame from the server process (in the channel's reader thread)."""
        if message is None:
            if not self._stopping:
                self.log.error("The phone server stopped unexpectedly.")
            self._gone = True
            self._close_listener()
            return
        kind = message.get("k")
        if kind == "in":
            self._inbox.put(Inbound(message["kind"], message["seat"], message["conn"],
                                    message.get("data") or {}))
        elif kind == "log":
            self.log.log(int(message.get("level", logging.INFO)), "%s", message.get("message"))
        elif kind == "ready":      # it has its own copy of the socket now
            self._close_listener()
            self.ready.set()
        elif kind == "failed":
            self.log.error("The phone server could not start: %s", message.get("message"))

    def stop(self, message: str = "The game has ended.", timeout: float = 5.0) -> None:
        """Say goodbye to every phone and end the process; the port is closed on return."""
        proc, channel = self._proc, self._channel
        if proc is None or channel is None:
            return
        self._stopping = True
        if self.ready.is_set():
            channel.send(frame({"k": "stop", "message": message}))
        else:
            proc.kill()           # still starting: no phone to say goodbye to, no wait
        channel.close()
        channel.reader.join(timeout)         # its output ends as it exits
        if channel.reader.is_alive():
            self.log.warning("Phones: the server did not stop in time; ending it.")
            proc.kill()
            channel.reader.join(1.0)
        proc.wait()
        proc.stdout.close()
        self._close_listener()
        self._proc = self._channel = None
        self._gone = True

    def poll(self) -> list[Inbound]:
        """What phones did since the last call (never blocks)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def publish(self, seat: int, payload: dict, images: Mapping[str, bytes] | None = None) -> None:
        """What ``seat``'s phone shows now; kept, and sent again to a phone that reconnects.
        ``images`` are the card pictures (digest -> PNG) it may fetch from now on."""
        self._pending.append(frame({
            "k": "publish", "seat": seat, "payload": payload,
            "images": {digest: base64.b64encode(data).decode()
                       for digest, data in (images or {}).items()}}))

    def tell(self, seat: int, message: dict) -> None:
        """A one-off message to ``seat``'s phone (an error), not kept for reconnects."""
        self._pending.append(frame({"k": "tell", "seat": seat, "message": message}))

    def flush(self) -> None:
        """Send what was published since the last flush, in one write (once a frame)."""
        if self._pending and self._channel is not None:
            self._channel.send(b"".join(self._pending))
        self._pending = []
