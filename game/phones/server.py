"""The phone server: one static page and a WebSocket per phone, on the home network.

It runs in a process of its own (``python -m game.phones.server``, started by
``process.ServerProcess``), on an asyncio loop with aiohttp, so a phone is answered at
once even while the game loop is drawing (a frame holds Python's GIL for milliseconds,
and an answer from a thread of the game's process had to wait for it). It never
touches the game: the game sends what each seat's phone should show (``publish``,
``tell``) and reads what phones asked for, in frames over this process's stdin and
stdout (``wire``); when the game goes, stdin ends and so does the server.

Anyone on the Wi-Fi can reach it, so it trusts nothing:

* only its own address may be named: a request whose Host is not this server's address
  and port is refused (421), as is one from a page of another origin (403), so a web
  page elsewhere cannot reach it through DNS rebinding;
* sockets are let in by one doorman (:class:`_Door`): strangers (no valid seat token
  in the request) share a few slots, at most a handful per address, and each has
  ``Limits.hello_timeout`` seconds to say a valid hello; a seat's valid token always
  finds its seat's own slot, so strangers holding every other slot cannot keep a
  phone from coming back;
* a phone joins only with a seat token of this session (``secrets.token_urlsafe``), or
  the seat's short join code. A valid token is checked first and always let in; wrong
  tries lock their address out of codes for a minute, and too many wrong codes from
  everyone together give every seat a new code (``Inbound("codes")`` tells the TV);
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
import base64
import itertools
import json
import logging
import os
import signal
import socket
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from game import resources
from game.phones.wire import Channel, Inbound, Limits, frame, join_codes, read_frame

PAGE = resources.phone_page_dir()
PAGE_FILES = {"/": ("index.html", "text/html"), "/phone.js": ("phone.js", "text/javascript"),
              "/phone.css": ("phone.css", "text/css")}
MAX_PATH = 8          # picks in one move (a species, then an end, ...)
MAX_INDEX = 999       # the most options one pick offers
LOCKOUT = 60.0        # seconds wrong joins are remembered (per address and in all)


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
    slot: tuple[str, Any] | None = None   # the door's slot, held until a valid hello
    seat: int | None = None
    dropped: int = 0
    errors: int = 0
    closing: bool = False


class _Door:
    """The one place that decides whether a socket may open. It counts the sockets that
    have not said a valid hello yet, by the slot they came in on: a seat's own slot
    (a valid seat token in the request) or the strangers' (by address). A seated phone
    holds no slot: each seat has one phone at a time (a new one replaces the old)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.held: Counter[tuple[str, Any]] = Counter()
        self.strangers = 0

    def admit(self, address: str, seat: int | None) -> tuple[tuple[str, Any] | None, str]:
        """The slot a socket from ``address`` takes (``seat``: the seat its valid token
        names, or None), or None and why it may not open now."""
        if seat is not None:
            slot: tuple[str, Any] = ("seat", seat)
            if self.held[slot] >= self.limits.per_seat:
                return None, "This seat's phone is already connecting."
        else:
            slot = ("address", address)
            if self.held[slot] >= self.limits.per_address:
                return None, "Too many connections from this address: try again soon."
            if self.strangers >= self.limits.strangers:
                return None, "Too many phones are connecting: try again soon."
            self.strangers += 1
        self.held[slot] += 1
        return slot, ""

    def release(self, conn: _Conn) -> None:
        """The socket said a valid hello, or closed: its slot is free again."""
        slot, conn.slot = conn.slot, None
        if slot is None:
            return
        self.held[slot] -= 1
        if self.held[slot] <= 0:
            del self.held[slot]
        if slot[0] == "address":
            self.strangers -= 1


class _Tries:
    """Wrong joins in the last ``LOCKOUT`` seconds, oldest first."""

    def __init__(self) -> None:
        self.stamps: deque[float] = deque()

    def count(self) -> int:
        now = time.monotonic()
        while self.stamps and now - self.stamps[0] > LOCKOUT:
            self.stamps.popleft()
        return len(self.stamps)

    def add(self) -> int:
        self.stamps.append(time.monotonic())
        return self.count()


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
    """HTTP + WebSocket for the phones of one session (one set of seat tokens).
    ``to_game`` sends a message to the game (a frame on stdout, in ``main``)."""

    def __init__(self, tokens: Mapping[str, int], codes: Mapping[str, int], host: str,
                 limits: Limits, log: logging.Logger, to_game: Callable[[dict], None],
                 page: Path = PAGE) -> None:
        self.tokens = dict(tokens)
        self.seat_tokens = {seat: token for token, seat in self.tokens.items()}
        self.codes = {code.upper(): seat for code, seat in codes.items()}
        self.host = host
        self.port = 0
        self.limits = limits
        self.log = log
        self.to_game = to_game
        self.page = {route: ((page / name).read_bytes(), kind)
                     for route, (name, kind) in PAGE_FILES.items()}
        self._stopped: asyncio.Event | None = None
        self._stopping = False
        self._runner = None
        self._ids = itertools.count(1)
        self._conns: dict[int, _Conn] = {}
        self._by_seat: dict[int, _Conn] = {}
        self._latest: dict[int, str] = {}
        self._images: dict[str, bytes] = {}
        self._allowed: dict[int, set[str]] = {}
        self._door = _Door(limits)
        self._bad_joins: dict[str, _Tries] = {}     # wrong joins by address
        self._bad_codes = _Tries()                  # wrong codes from every address
        self._hosts: frozenset[str] = frozenset()   # the Host values naming this server
        self._origins: frozenset[str] = frozenset()  # ... and its pages' Origin

    async def serve(self, sock: socket.socket) -> None:
        """Serve on ``sock`` (listening already: the game bound it) until ``stop``."""
        from aiohttp import web

        self._stopped = asyncio.Event()
        if self._stopping:            # told to stop before it began (the game has gone)
            return
        sock.setblocking(False)
        self.port = sock.getsockname()[1]
        # the address in the QR code and the loopback names, always with the port
        self._hosts = frozenset(f"{name}:{self.port}"
                                for name in (self.host, "127.0.0.1", "localhost"))
        self._origins = frozenset(f"http://{host}" for host in self._hosts)

        @web.middleware
        async def guard(request, handler):
            refused = self.refusal(request.headers)
            if refused is not None:
                return web.Response(status=refused[0], text=refused[1])
            return await handler(request)

        app = web.Application(client_max_size=self.limits.max_message, middlewares=[guard])
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/img/{digest:[0-9a-f]{16,64}}.png", self._image)
        for route in PAGE_FILES:
            app.router.add_get(route, self._static)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     shutdown_timeout=0.5)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self.to_game({"k": "ready", "port": self.port})
        await self._stopped.wait()
        await self._runner.cleanup()

    def command(self, message: dict | None) -> None:
        """What the game sent: ``publish`` what a seat's phone shows now (kept, and sent
        again to a phone that reconnects) with the card images it may fetch from now
        on; ``tell`` a one-off message (an error); ``stop``. None: the game has gone."""
        if message is None:
            self.stop("The game has ended.")
            return
        kind, seat = message.get("k"), message.get("seat")
        if kind == "publish":
            images = {digest: base64.b64decode(data)
                      for digest, data in message["images"].items()}
            self._images.update(images)
            self._allowed.setdefault(seat, set()).update(images)
            text = json.dumps(message["payload"], separators=(",", ":"))
            self._latest[seat] = text
            conn = self._by_seat.get(seat)
            if conn is not None:
                self._send_text(conn, text)
        elif kind == "tell":
            conn = self._by_seat.get(seat)
            if conn is not None:
                self._send(conn, message["message"])
        elif kind == "stop":
            self.stop(message.get("message", "The game has ended."))

    def stop(self, message: str) -> None:
        """Say goodbye to every phone, then stop serving."""
        if self._stopping:
            return
        self._stopping = True
        if self._stopped is None:
            return                    # not serving yet: serve() stops at once
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

    def _emit(self, event: Inbound) -> None:
        self.to_game({"k": "in", "kind": event.kind, "seat": event.seat, "conn": event.conn,
                      "data": dict(event.data)})

    # -- HTTP ------------------------------------------------------------------------------
    def refusal(self, headers: Mapping[str, str]) -> tuple[int, str] | None:
        """Why a request may not reach this server (status, a line), or None. Its Host
        must name this server (a DNS-rebinding page names its own domain), and an
        Origin, when sent, must be this server's own."""
        host = headers.get("Host", "").lower()
        if host not in self._hosts:
            return 421, "This server answers only to its own address."
        origin = headers.get("Origin")
        # Browsers send Origin with every WebSocket handshake (and with cross-origin
        # requests), so a page elsewhere is refused here. A request without one is not
        # from a page in a browser: such a program could send any Origin it liked, so
        # refusing it would stop nothing (it still needs a seat token); it is let in.
        if origin is not None and origin.lower() not in self._origins:
            return 403, "Pages from other sites may not use this server."
        return None

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

        address = request.remote or "?"
        # the page puts its seat token in the request too (as images do), so a phone
        # coming back is let in on its seat's own slot before it says a word
        token = request.query.get("t", "")
        slot, why = self._door.admit(address, self.tokens.get(token) if token else None)
        if slot is None:
            return web.Response(status=503, text=why)
        conn = _Conn(next(self._ids), None, address, asyncio.Queue(),
                     _Bucket(self.limits.rate, self.limits.burst), slot)
        writer = None
        try:
            ws = conn.ws = web.WebSocketResponse(max_msg_size=self.limits.max_message,
                                                 heartbeat=self.limits.heartbeat)
            await ws.prepare(request)
            self._conns[conn.id] = conn
            writer = asyncio.create_task(self._writer(conn))
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
            self._door.release(conn)
            self._conns.pop(conn.id, None)
            if conn.seat is not None and self._by_seat.get(conn.seat) is conn:
                del self._by_seat[conn.seat]
                self._emit(Inbound("leave", conn.seat, conn.id))
            if writer is not None:
                self._close(conn, 1000, "")
                try:
                    await asyncio.wait_for(writer, 1.0)
                except (asyncio.TimeoutError, asyncio.CancelledError):
                    writer.cancel()
        return conn.ws

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
        """The first message must say which seat this phone is (token or join code),
        within ``Limits.hello_timeout`` of the socket opening."""
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
        seat = self._join(conn.address, data.get("token"), data.get("code"))
        if isinstance(seat, str):
            locked = seat == "locked"
            self._send(conn, _error("Too many wrong codes: wait a minute." if locked else
                                    "This link is not for the game on the TV now: scan "
                                    "your seat's code again.", seat))
            self._close(conn, 4029 if locked else 4003, "too many tries" if locked else
                        "bad token")
            return False
        self._door.release(conn)
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
        self._emit(Inbound("join", seat, conn.id))
        return True

    def _join(self, address: str, token: Any, code: Any) -> int | str:
        """The seat a hello names, or why not ("bad_token", "locked"). A valid token is
        let in before any lockout: it cannot be guessed, and a phone behind the same
        router as a guesser must still get in. Codes can be guessed: an address with too
        many wrong tries is not asked for one, and too many wrong codes from everyone
        together give every seat a new one."""
        if isinstance(token, str) and len(token) <= 64 and token in self.tokens:
            return self.tokens[token]
        tries = self._bad_joins.get(address)
        wrong = tries.count() if tries is not None else 0
        if wrong >= self.limits.bad_joins:
            return "locked"
        if tries is not None and not wrong:
            del self._bad_joins[address]     # its minute is over: forget it
        guess = isinstance(code, str) and len(code) <= 16 and not isinstance(token, str)
        if guess and code.strip().upper() in self.codes:
            return self.codes[code.strip().upper()]
        self._bad_joins.setdefault(address, _Tries()).add()
        if guess and self._bad_codes.add() >= self.limits.bad_codes:
            self._new_codes()
        return "bad_token"

    def _new_codes(self) -> None:
        """Too many wrong codes: every seat gets a new one at once (the old ones are
        refused from now on); seat tokens, and so every phone that joined, stay valid."""
        fresh = join_codes(len(self.seat_tokens))
        self.codes = {code: seat for seat, code in fresh.items()}
        self._bad_codes = _Tries()
        self.log.warning("Phones: too many wrong join codes; every seat has a new code.")
        self._emit(Inbound("codes", -1, 0, {"codes": fresh}))

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
        self._emit(Inbound(kind, conn.seat, conn.id, fields))

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


# -- the server process ------------------------------------------------------------------
class _ToGame(logging.Handler):
    """This process's log lines go to the game's log (as frames)."""

    def __init__(self, send: Callable[[dict], None]) -> None:
        super().__init__()
        self.send = send

    def emit(self, record: logging.LogRecord) -> None:
        self.send({"k": "log", "level": record.levelno, "message": record.getMessage()})


def main() -> int:
    """``python -m game.phones.server``: the game's first frame says what to serve; serve
    it until the game says stop or goes away (its end of stdin closes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl+C is for the game, which stops us
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr                        # a stray print must not break a frame
    start = read_frame(stdin)
    if start is None or start.get("k") != "start":
        return 2
    loop = asyncio.new_event_loop()
    server: PhoneServer | None = None

    def arrived(message: dict | None) -> None:    # in the channel's reader thread
        try:
            loop.call_soon_threadsafe(lambda: server is not None and server.command(message))
        except RuntimeError:
            pass   # the loop has closed: we are on our way out

    channel = Channel(stdin, stdout, arrived, "phones")

    def to_game(message: dict) -> None:
        channel.send(frame(message))

    log = logging.getLogger("birdhouse.phones")
    log.propagate = False
    log.setLevel(logging.INFO)
    log.addHandler(_ToGame(to_game))
    server = PhoneServer(start["tokens"], start["codes"], start["host"],
                         Limits(**start["limits"]), log, to_game)
    try:
        # the listening socket the game bound: inherited (POSIX) or shared (Windows)
        sock = (socket.fromshare(base64.b64decode(start["share"])) if "share" in start
                else socket.socket(fileno=start["fd"]))
        loop.run_until_complete(server.serve(sock))
    except OSError as exc:
        to_game({"k": "failed", "message": str(exc)})
        return 1
    finally:
        channel.close()
        channel.writer.join(5)
        loop.close()
    return 0


if __name__ == "__main__":
    code = main()
    sys.stderr.flush()
    # the game waits for this process to end (Phones: Off returns with the port closed);
    # tearing the interpreter down took a few hundred ms and frees nothing the OS won't
    os._exit(code)
