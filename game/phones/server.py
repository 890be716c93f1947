"""The phone server: one static page and a WebSocket per phone, on the home network.

aiohttp runs on its own asyncio loop in a background thread. It never touches the game:
the game loop hands it what each seat's phone should show (``publish``, ``tell``) through
a thread-safe queue, and takes what phones asked for (``poll``) from another, once a
frame, without ever waiting on the network.

Anyone on the Wi-Fi can reach it, so it trusts nothing:

* a phone joins only with a seat token of this session (``secrets.token_urlsafe``), or
  the seat's short join code; failed tries are limited per address;
* a message is text, at most ``Limits.max_message`` bytes, JSON, of a known type with
  fields of the right shape, else it earns an error reply (and, past a limit, a close);
* each connection has a token bucket; a flood is dropped with a warning, then closed;
* a second connection with a seat's token takes the seat over and the first is told and
  closed; a connection that never says hello, or whose phone vanished (heartbeats), is
  closed;
* card images are served only to the seat they were sent to.

Whether a move is legal is not decided here: the game loop checks it with the game
contract. Nothing here imports pygame or the games.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import queue
import socket
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

PAGE = Path(__file__).resolve().parent / "page"
PAGE_FILES = {"/": ("index.html", "text/html"), "/phone.js": ("phone.js", "text/javascript"),
              "/phone.css": ("phone.css", "text/css")}
MAX_PATH = 8          # picks in one move (a species, then an end, ...)
MAX_INDEX = 999       # the most options one pick offers
SWITCH_INTERVAL = 0.001   # seconds a thread may hold the GIL while the server runs


@dataclass(frozen=True)
class Limits:
    """What one phone may do; generous for a person, tight for a script."""

    max_message: int = 4096        # bytes of one WebSocket message
    rate: float = 20.0             # messages a second, sustained ...
    burst: int = 40                # ... and in one burst
    flood_close: int = 200         # messages dropped for speed before the phone is closed
    max_errors: int = 50           # malformed messages before the phone is closed
    hello_timeout: float = 10.0    # seconds to say which seat it is
    heartbeat: float = 10.0        # a phone that stops answering pings is closed
    max_connections: int = 32
    send_queue: int = 256          # messages waiting for a phone that does not read
    bad_joins: int = 20            # wrong tokens or codes per address a minute


@dataclass(frozen=True)
class Inbound:
    """Something a phone did, for the game loop: ``join``, ``leave``, ``move``, ``hint``."""

    kind: str
    seat: int
    conn: int
    data: Mapping[str, Any] = field(default_factory=dict)


class _Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


@dataclass
class _Conn:
    id: int
    ws: Any
    address: str
    out: asyncio.Queue
    bucket: _Bucket
    seat: int | None = None
    dropped: int = 0
    errors: int = 0
    closing: bool = False


def _error(message: str, code: str = "bad_message") -> dict:
    return {"type": "error", "code": code, "message": message}


def _small_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1 << 31


def parse(text: str) -> dict | str:
    """A phone's message as a dict, or why it is refused (a line for the phone)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return "That message is not JSON."
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return "A message must be a JSON object with a type."
    return data


def checked(data: dict) -> dict | str:
    """The fields the game loop needs from a ``move`` or ``hint``, or why it is refused."""
    kind = data["type"]
    if not _small_int(data.get("decision")):
        return "A move names the decision it answers."
    if kind == "hint":
        return {"decision": data["decision"]}
    path = data.get("path")
    if (not isinstance(path, list) or not 1 <= len(path) <= MAX_PATH
            or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= MAX_INDEX
                       for i in path)):
        return "A move is a list of the choices tapped."
    return {"decision": data["decision"], "path": tuple(path)}


class PhoneServer:
    """HTTP + WebSocket for the phones of one session (one set of seat tokens)."""

    def __init__(self, tokens: Mapping[str, int], codes: Mapping[str, int], host: str,
                 port: int, limits: Limits = Limits(), log: logging.Logger | None = None,
                 page: Path = PAGE) -> None:
        self.tokens = dict(tokens)
        self.seat_tokens = {seat: token for token, seat in self.tokens.items()}
        self.codes = {code.upper(): seat for code, seat in codes.items()}
        self.host = host
        self.wanted_port = port
        self.port = 0
        self.limits = limits
        self.log = log or logging.getLogger("birdhouse")
        self.page = {route: ((page / name).read_bytes(), kind)
                     for route, (name, kind) in PAGE_FILES.items()}
        self._inbox: queue.SimpleQueue[Inbound] = queue.SimpleQueue()
        self._outbox: queue.SimpleQueue[tuple] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self._runner = None
        self._ids = itertools.count(1)
        self._conns: dict[int, _Conn] = {}
        self._by_seat: dict[int, _Conn] = {}
        self._latest: dict[int, str] = {}
        self._images: dict[str, bytes] = {}
        self._allowed: dict[int, set[str]] = {}
        self._bad_joins: dict[str, deque] = {}
        self._waking = False
        self._dirty = False
        self._switch = sys.getswitchinterval()

    # -- the game loop's side ----------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self, timeout: float = 10.0) -> None:
        """Bind (the fixed port, else a free one) and serve from a background thread.
        Raises OSError if nothing can be bound."""
        sock = self._bind()
        self.port = sock.getsockname()[1]
        self._thread = threading.Thread(target=self._run, args=(sock,), name="phones",
                                        daemon=True)
        # the game loop holds the GIL while it draws; by default the server would wait up
        # to 5 ms for its turn each time a phone speaks: 1 ms keeps answers prompt
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch, SWITCH_INTERVAL))
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start in time")
        if self._failure is not None:
            raise OSError(f"the phone server failed to start: {self._failure}")

    def _bind(self) -> socket.socket:
        for port in (self.wanted_port, 0):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            if hasattr(socket, "SO_REUSEPORT") or not sys.platform.startswith("win"):
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
            sock.setblocking(False)
            return sock
        raise OSError("no port")  # pragma: no cover (port 0 always binds or raises)

    def stop(self, message: str = "The game has ended.", timeout: float = 5.0) -> None:
        """Say goodbye to every phone, close the port and end the thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if thread.is_alive():
            try:
                loop.call_soon_threadsafe(self._begin_stop, message)
            except RuntimeError:   # the loop is already closed
                pass
            thread.join(timeout)
        self._thread = None
        sys.setswitchinterval(self._switch)

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
        self._post(("publish", seat, payload, dict(images or {})))

    def tell(self, seat: int, message: dict) -> None:
        """A one-off message to ``seat``'s phone (an error), not kept for reconnects."""
        self._post(("tell", seat, message))

    def connected_seats(self) -> set[int]:
        """Seats with a phone on now (a snapshot, for tests and the bench)."""
        return set(self._by_seat)

    def _post(self, item: tuple) -> None:
        self._outbox.put(item)
        self._dirty = True

    def flush(self) -> None:
        """Wake the server for what was posted since the last flush: once a frame at
        most, because waking it hands it the GIL, which the game loop then waits for."""
        loop = self._loop
        if not self._dirty or loop is None or self._waking:
            return
        self._dirty = False
        self._waking = True
        try:
            loop.call_soon_threadsafe(self._drain)
        except RuntimeError:
            pass   # stopped: nothing to deliver to

    # -- the server thread ---------------------------------------------------------------
    def _run(self, sock: socket.socket) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            loop.run_until_complete(self._serve(sock))
        except BaseException as exc:  # noqa: BLE001 - reported to start(), logged otherwise
            if not self._ready.is_set():
                self._failure = exc
            else:
                self.log.error("The phone server stopped: %s", exc)
        finally:
            self._ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()
                sock.close()

    async def _serve(self, sock: socket.socket) -> None:
        from aiohttp import web

        app = web.Application(client_max_size=self.limits.max_message)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/img/{digest:[0-9a-f]{16,64}}.png", self._image)
        for route in PAGE_FILES:
            app.router.add_get(route, self._static)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     shutdown_timeout=0.5)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self._stopped = asyncio.Event()
        self._ready.set()
        self._drain()
        await self._stopped.wait()
        await self._runner.cleanup()

    def _begin_stop(self, message: str) -> None:
        for conn in list(self._conns.values()):
            self._send(conn, {"type": "bye", "message": message})
            self._close(conn, 1001, "game over")
        asyncio.get_running_loop().create_task(self._finish_stop())

    async def _finish_stop(self) -> None:
        """Give the goodbyes a moment to leave (half a second at most), then stop."""
        for _ in range(50):
            if not self._conns:
                break
            await asyncio.sleep(0.01)
        self._stopped.set()

    def _drain(self) -> None:
        self._waking = False
        while True:
            try:
                item = self._outbox.get_nowait()
            except queue.Empty:
                return
            kind, seat = item[0], item[1]
            if kind == "publish":
                payload, images = item[2], item[3]
                self._images.update(images)
                self._allowed.setdefault(seat, set()).update(images)
                text = json.dumps(payload, separators=(",", ":"))
                self._latest[seat] = text
                conn = self._by_seat.get(seat)
                if conn is not None:
                    self._send_text(conn, text)
            elif kind == "tell":
                conn = self._by_seat.get(seat)
                if conn is not None:
                    self._send(conn, item[2])

    # -- HTTP ------------------------------------------------------------------------------
    async def _static(self, request):
        from aiohttp import web

        body, kind = self.page[request.path]
        return web.Response(body=body, content_type=kind, charset="utf-8", headers={
            "Cache-Control": "no-cache",
            "Content-Security-Policy": "default-src 'self'; img-src 'self'; "
                                       "connect-src 'self' ws: wss:; frame-ancestors 'none'",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"})

    async def _image(self, request):
        """A card picture, to the seat it was sent to (the token says which seat)."""
        from aiohttp import web

        seat = self.tokens.get(request.query.get("t", ""))
        digest = request.match_info["digest"]
        if seat is None or digest not in self._allowed.get(seat, ()):
            raise web.HTTPNotFound()
        if request.headers.get("If-None-Match") == f'"{digest}"':
            return web.Response(status=304)
        return web.Response(body=self._images[digest], content_type="image/png", headers={
            "Cache-Control": "private, max-age=31536000, immutable", "ETag": f'"{digest}"',
            "X-Content-Type-Options": "nosniff"})

    # -- WebSocket ---------------------------------------------------------------------------
    async def _ws(self, request):
        from aiohttp import WSMsgType, web

        if len(self._conns) >= self.limits.max_connections:
            return web.Response(status=503, text="Too many phones are connected.")
        ws = web.WebSocketResponse(max_msg_size=self.limits.max_message,
                                   heartbeat=self.limits.heartbeat)
        await ws.prepare(request)
        conn = _Conn(next(self._ids), ws, request.remote or "?",
                     asyncio.Queue(), _Bucket(self.limits.rate, self.limits.burst))
        self._conns[conn.id] = conn
        writer = asyncio.create_task(self._writer(conn))
        try:
            if await self._hello(conn):
                async for msg in ws:
                    if msg.type == WSMsgType.TEXT:
                        self._receive(conn, msg.data)
                    elif msg.type == WSMsgType.BINARY:
                        self._refuse(conn, "Messages are text (JSON).")
                    if conn.closing:
                        break
        except (asyncio.CancelledError, ConnectionError):
            pass
        finally:
            self._conns.pop(conn.id, None)
            if conn.seat is not None and self._by_seat.get(conn.seat) is conn:
                del self._by_seat[conn.seat]
                self._inbox.put(Inbound("leave", conn.seat, conn.id))
            self._close(conn, 1000, "")
            try:
                await asyncio.wait_for(writer, 1.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                writer.cancel()
        return ws

    async def _writer(self, conn: _Conn) -> None:
        """Sends one connection's messages in order; a close ends it."""
        while True:
            item = await conn.out.get()
            try:
                if isinstance(item, str):
                    await conn.ws.send_str(item)
                else:
                    await conn.ws.close(code=item[0], message=item[1].encode())
                    return
            except (ConnectionError, RuntimeError):
                return

    async def _hello(self, conn: _Conn) -> bool:
        """The first message must say which seat this phone is (token or join code)."""
        from aiohttp import WSMsgType

        try:
            msg = await asyncio.wait_for(conn.ws.receive(), self.limits.hello_timeout)
        except asyncio.TimeoutError:
            self._send(conn, _error("No hello: closing.", "timeout"))
            self._close(conn, 4000, "no hello")
            return False
        if msg.type != WSMsgType.TEXT:
            self._close(conn, 1008 if msg.type != WSMsgType.CLOSE else 1000, "no hello")
            return False
        data = parse(msg.data)
        if isinstance(data, str) or data.get("type") != "hello":
            self._send(conn, _error("Say hello with your seat's token first."))
            self._close(conn, 4000, "no hello")
            return False
        if self._too_many_bad_joins(conn.address):
            self._send(conn, _error("Too many wrong codes: wait a minute.", "locked"))
            self._close(conn, 4029, "too many tries")
            return False
        token, code = data.get("token"), data.get("code")
        seat = None
        if isinstance(token, str) and len(token) <= 64:
            seat = self.tokens.get(token)
        elif isinstance(code, str) and len(code) <= 16:
            seat = self.codes.get(code.strip().upper())
        if seat is None:
            self._bad_joins.setdefault(conn.address, deque()).append(time.monotonic())
            self._send(conn, _error("This link is not for the game on the TV now: scan "
                                    "your seat's code again.", "bad_token"))
            self._close(conn, 4003, "bad token")
            return False
        old = self._by_seat.get(seat)
        if old is not None:
            self._send(old, {"type": "replaced",
                             "message": "Another phone took this seat."})
            self._close(old, 4001, "replaced")
        self._by_seat[seat] = conn
        conn.seat = seat
        self._send(conn, {"type": "welcome", "seat": seat, "token": self.seat_tokens[seat]})
        if seat in self._latest:
            self._send_text(conn, self._latest[seat])
        self._inbox.put(Inbound("join", seat, conn.id))
        return True

    def _too_many_bad_joins(self, address: str) -> bool:
        tries = self._bad_joins.get(address)
        if not tries:
            return False
        now = time.monotonic()
        while tries and now - tries[0] > 60.0:
            tries.popleft()
        return len(tries) >= self.limits.bad_joins

    def _receive(self, conn: _Conn, text: str) -> None:
        if not conn.bucket.take():
            conn.dropped += 1
            if conn.dropped >= self.limits.flood_close:
                self._send(conn, _error("Too many messages: closing.", "flood"))
                self._close(conn, 1008, "flood")
            elif conn.dropped == 1 or conn.dropped % 50 == 0:
                self._send(conn, _error("Slow down: that was ignored.", "slow_down"))
            return
        data = parse(text)
        if isinstance(data, str):
            self._refuse(conn, data)
            return
        kind = data["type"]
        if kind == "ping":
            t = data.get("t")
            self._send(conn, {"type": "pong", "t": t if isinstance(t, (int, float)) else None})
            return
        if kind not in ("move", "hint"):
            self._refuse(conn, f"Unknown message type {kind[:20]!r}.")
            return
        fields = checked(data)
        if isinstance(fields, str):
            self._refuse(conn, fields)
            return
        self._inbox.put(Inbound(kind, conn.seat, conn.id, fields))

    def _refuse(self, conn: _Conn, why: str) -> None:
        conn.errors += 1
        if conn.errors >= self.limits.max_errors:
            self._send(conn, _error("Too many bad messages: closing."))
            self._close(conn, 1008, "bad messages")
        else:
            self._send(conn, _error(why))

    def _send(self, conn: _Conn, message: dict) -> None:
        self._send_text(conn, json.dumps(message, separators=(",", ":")))

    def _send_text(self, conn: _Conn, text: str) -> None:
        if conn.closing:
            return
        if conn.out.qsize() >= self.limits.send_queue:   # the phone stopped reading
            self._close(conn, 1013, "too far behind")
            return
        conn.out.put_nowait(text)

    def _close(self, conn: _Conn, code: int, reason: str) -> None:
        if not conn.closing:
            conn.closing = True
            conn.out.put_nowait((code, reason))
