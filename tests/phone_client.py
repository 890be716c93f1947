"""A phone, as the tests, the bench and tools see one: a real WebSocket (and HTTP) client
on loopback, driven from plain synchronous code while the game loop runs in the test's
own thread. aiohttp's client runs on one asyncio loop in a background thread shared by
every client; messages land in a thread-safe queue per client."""
from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from typing import Any

import aiohttp

_LOOP: asyncio.AbstractEventLoop | None = None
_LOCK = threading.Lock()
TAP_GAP = 1 / 12      # seconds between a phone's moves: the server allows 20 messages a second


def client_loop() -> asyncio.AbstractEventLoop:
    """The clients' asyncio loop (started once, in a daemon thread)."""
    global _LOOP
    with _LOCK:
        if _LOOP is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="phone-clients", daemon=True).start()
            _LOOP = loop
    return _LOOP


def run(coro, timeout: float = 10.0):
    return asyncio.run_coroutine_threadsafe(coro, client_loop()).result(timeout)


class PhoneClient:
    """One phone: ``connect(hello)``, ``send(dict)``, ``recv()``, ``close()``. ``source``
    is the address it connects from (any 127.x.y.z on loopback: another machine on the
    Wi-Fi, to the server); ``headers`` go with every request (Host, Origin)."""

    def __init__(self, base_url: str, source: str | None = None,
                 headers: dict | None = None) -> None:
        self.base = base_url.rstrip("/") + "/"
        self.source = source
        self.headers = dict(headers or {})
        self.inbox: queue.Queue = queue.Queue()
        self.session: aiohttp.ClientSession | None = None
        self.ws = None
        self.closed = threading.Event()
        self.close_code: int | None = None
        self.closed_at: float | None = None   # time.monotonic() when the server closed it
        self.token: str | None = None
        self.state: dict | None = None        # the last state received
        self.received: list[dict] = []        # everything received, in order
        self.arrivals: list[tuple[float, dict]] = []   # (perf_counter, message) as read
        self.last_move = 0.0                  # when choose() last sent a move

    # -- connection -------------------------------------------------------------------
    def connect(self, hello: dict | None = None, token: str | None = None) -> "PhoneClient":
        self.token = token or self.token
        run(self._connect(hello or {"type": "hello", "token": self.token}))
        return self

    def idle(self) -> int:
        """Open a WebSocket and say nothing (a stranger holding a slot): 101 if it
        opened, else the status it was refused with."""
        return run(self._connect(None))

    def _session(self) -> aiohttp.ClientSession:
        if self.session is None:
            local = (self.source, 0) if self.source else None
            self.session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=local))
        return self.session

    async def _connect(self, hello: dict | None) -> int:
        self.closed.clear()
        # as the page does: a seat token known rides in the request too
        token = (hello or {}).get("token") or self.token
        url = self.base + "ws" + (f"?t={token}" if isinstance(token, str) else "")
        try:
            self.ws = await self._session().ws_connect(url, heartbeat=None, headers=self.headers,
                                                       max_msg_size=1 << 22)
        except aiohttp.WSServerHandshakeError as exc:
            if hello is not None:
                raise
            return exc.status
        if hello is not None:
            await self.ws.send_str(json.dumps(hello))
        asyncio.get_running_loop().create_task(self._reader(self.ws))
        return 101

    async def _reader(self, ws) -> None:
        async for msg in ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                data = json.loads(msg.data)
                self.arrivals.append((time.perf_counter(), data))
                self.inbox.put(data)
        self.close_code = ws.close_code
        self.closed_at = time.monotonic()
        self.closed.set()

    def send(self, message: Any) -> bool:
        """Send; False if the server has already closed this phone."""
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            run(self.ws.send_str(text))
        except (ConnectionError, aiohttp.ClientError):
            return False
        return True

    def send_bytes(self, data: bytes) -> None:
        run(self.ws.send_bytes(data))

    def drop(self) -> None:
        """Vanish without a goodbye (a lid closed): the socket just goes."""
        run(self._drop())

    async def _drop(self) -> None:
        transport = self.ws._response.connection.transport if self.ws._response.connection \
            else None
        if transport is not None:
            transport.abort()
        else:
            await self.ws.close()

    def close(self) -> None:
        if self.session is not None:
            run(self._close())

    async def _close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.session.close()
        self.session = None

    # -- reading -----------------------------------------------------------------------
    def pending(self) -> list[dict]:
        """Everything that arrived since the last call (never waits)."""
        out = []
        while True:
            try:
                msg = self.inbox.get_nowait()
            except queue.Empty:
                break
            self._note(msg)
            out.append(msg)
        return out

    def recv(self, timeout: float = 5.0, kind: str | None = None, pump=None) -> dict:
        """The next message (of ``kind``), calling ``pump()`` (a game frame) while waiting."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                msg = self.inbox.get(timeout=0.002 if pump else 0.05)
            except queue.Empty:
                if pump is not None:
                    pump()
                continue
            self._note(msg)
            if kind is None or msg.get("type") == kind:
                return msg
        raise TimeoutError(f"no {kind or 'message'} within {timeout}s")

    def _note(self, msg: dict) -> None:
        self.received.append(msg)
        if msg.get("type") == "welcome":
            self.token = msg["token"]
        elif msg.get("type") == "state":
            self.state = msg

    def get(self, path: str) -> tuple[int, bytes, dict]:
        """An HTTP GET on the phone server: status, body, headers."""
        async def fetch():
            async with aiohttp.ClientSession(headers=self.headers) as session:
                async with session.get(self.base + path.lstrip("/")) as response:
                    return response.status, await response.read(), dict(response.headers)
        return run(fetch())

    # -- playing ------------------------------------------------------------------------
    @property
    def decision(self) -> dict | None:
        return self.state.get("decision") if self.state else None

    def choose(self, pick=None) -> list[int]:
        """Tap through the open decision: ``pick(options) -> index`` at each level (the
        first choosable option by default); sends the move and returns its path."""
        node = self.decision
        path: list[int] = []
        while True:
            options = node["options"]
            usable = [i for i, o in enumerate(options) if not o.get("disabled")
                      and not o.get("blank")]
            i = pick(options, usable) if pick else usable[0]
            path.append(i)
            if "then" not in options[i]:
                break
            node = options[i]["then"]
        wait = self.last_move + TAP_GAP - time.monotonic()
        if wait > 0:
            time.sleep(wait)       # a person taps a few times a second, under the rate limit
        self.last_move = time.monotonic()
        self.send({"type": "move", "decision": self.decision["id"], "path": path})
        return path
