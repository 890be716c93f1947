"""The phone server under strangers on the same Wi-Fi (issue 27, items 13-15), over real
sockets on loopback: sockets that never say hello, too many from one address, pages from
another site (DNS rebinding), and guessed join codes. Other machines on the Wi-Fi are
played by other loopback addresses (127.0.0.N), which the server sees as other sources.

Every wait here waits on a condition with a deadline; none of them times the server."""
from __future__ import annotations

import time

import aiohttp

from game.assets import Assets
from game.phones.wire import Limits
from scenes.seat_setup import SeatSetup
from tests.harness import show
from tests.phone_client import PhoneClient
from tests.test_phones import app, phone, settle, step  # noqa: F401 - app is a fixture

LIMITS = Limits()
WRONG = "000000"          # never a join code: codes have no 0 (it reads as O)


def phones_on(app) -> SeatSetup:
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    scene._switch_phones(True)
    return scene


def client(app, source: str | None = None, headers: dict | None = None) -> PhoneClient:
    made = PhoneClient(app.ctx.phones.server.base_url, source=source, headers=headers)
    app.clients.append(made)
    return made


def wait_for(app, test, timeout: float, what: str) -> None:
    """Run game frames until ``test()`` holds; ``timeout`` is a deadline, not a speed
    target."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        step(app)
        if test():
            return
    raise AssertionError(f"{what}: not within {timeout} s")


def rejoin(app, token: str, timeout: float) -> PhoneClient:
    """A phone coming back with its seat's token, trying again (as the page does) while
    it is refused, until ``timeout``: a deadline, not a speed target."""
    end = time.monotonic() + timeout
    while True:
        try:
            return client(app).connect(token=token)
        except aiohttp.WSServerHandshakeError:
            if time.monotonic() > end:
                raise
            step(app)


def knock(app, hello: dict, source: str | None = None) -> dict:
    """Say ``hello`` from ``source``; the server's first answer (welcome or error)."""
    return client(app, source).connect(hello).recv()


def guess(app, code: str, source: str | None = None) -> str:
    """A hello with a join code: the error's code, or "welcome"."""
    reply = knock(app, {"type": "hello", "code": code}, source)
    return reply.get("code", reply["type"])


# -- item 13: nobody can jam the door --------------------------------------------------------

def test_strangers_holding_every_slot_cannot_keep_a_phone_out(app):
    phones_on(app)
    hub = app.ctx.phones
    wren = phone(app, 1)
    settle(app, wren, lambda: hub.is_connected(1))
    wren.drop()                                         # the phone's Wi-Fi blinks ...
    wait_for(app, lambda: not hub.is_connected(1), 5, "the dropped phone never left")
    # ... while ten machines open 40 sockets, four each, and none of them says hello
    idle = [client(app, f"127.0.0.{2 + i // 4}") for i in range(40)]
    statuses = [c.idle() for c in idle]
    held = [c for c, status in zip(idle, statuses) if status == 101]
    assert client(app, "127.0.0.77").idle() == 503      # every strangers' slot is taken
    again = rejoin(app, hub.tokens[1], 3)               # the phone comes back
    wait_for(app, lambda: hub.is_connected(1), 3, "the phone could not rejoin")
    back_at = time.monotonic()
    assert again.recv(kind="welcome")["seat"] == 1
    assert len(held) == LIMITS.strangers and statuses.count(503) == 40 - LIMITS.strangers
    # the strangers' sockets are closed for saying nothing, after the phone was back in
    for c in held:
        assert c.closed.wait(LIMITS.hello_timeout + 5), "a silent socket was kept open"
        assert c.close_code == 4000 and c.closed_at > back_at
    assert client(app, "127.0.0.77").idle() == 101      # the slots are free again
    assert hub.is_connected(1) and not again.closed.is_set()


def test_one_address_gets_only_a_few_sockets_but_its_phone_always_gets_in(app):
    phones_on(app)
    hub = app.ctx.phones
    mine = [client(app, "127.0.0.5") for _ in range(LIMITS.per_address)]
    assert [c.idle() for c in mine] == [101] * LIMITS.per_address
    assert client(app, "127.0.0.5").idle() == 503       # one more from there is refused
    assert client(app, "127.0.0.6").idle() == 101       # another machine is not
    finch = client(app, "127.0.0.5")                    # a phone with its seat's link
    finch.connect(token=hub.tokens[2])
    wait_for(app, lambda: hub.is_connected(2), 5, "the phone was kept out")


def test_joined_phones_behind_one_address_do_not_use_up_its_slots(app):
    scene = phones_on(app)
    scene._set_count(3)                                  # five seats
    hub = app.ctx.phones
    for seat in range(5):                                # five phones behind one router
        assert guess(app, hub.code(seat), "127.0.0.9") == "welcome"
    wait_for(app, lambda: hub.connected == set(range(5)), 5, "not every phone joined")
    assert [c.idle() for c in [client(app, "127.0.0.9") for _ in range(LIMITS.per_address)]] \
        == [101] * LIMITS.per_address


# -- item 14: only this server's own address, only its own pages ------------------------------

def test_a_foreign_host_or_origin_is_refused(app):
    phones_on(app)
    hub = app.ctx.phones
    port = hub.server.port
    own = hub.server.base_url.rstrip("/")
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}"):
        status, body, _ = client(app, headers={"Host": host}).get("/")
        assert status == 421 and b"/phone.js" not in body and body
        assert client(app, headers={"Host": host}).idle() == 421
    refused = client(app, headers={"Origin": "http://evil.example"})
    assert refused.idle() == 403
    status, body, _ = client(app, headers={"Origin": "http://evil.example"}).get("/phone.js")
    assert status == 403 and body
    assert client(app, headers={"Origin": "null"}).idle() == 403
    # its own address, loopback by name, and its own pages are answered
    assert client(app, headers={"Host": f"localhost:{port}"}).get("/")[0] == 200
    assert client(app, headers={"Host": f"LOCALHOST:{port}"}).get("/")[0] == 200
    page = client(app, headers={"Origin": own})
    page.connect(token=hub.tokens[0])
    wait_for(app, lambda: hub.is_connected(0), 5, "a same-origin phone was refused")


# -- item 15: tokens before lockouts; too many guesses in all give new codes ------------------

def test_a_valid_token_gets_in_after_its_address_guessed_wrong_codes(app):
    phones_on(app)
    hub = app.ctx.phones
    for _ in range(LIMITS.bad_joins):                    # someone on this address guesses
        assert guess(app, WRONG) == "bad_token"
    assert guess(app, WRONG) == "locked"                 # ... and is locked out
    assert guess(app, hub.code(3)) == "locked"           # (a code right by luck stays out)
    assert knock(app, {"type": "hello", "token": hub.tokens[1]})["type"] == "welcome"
    wait_for(app, lambda: hub.is_connected(1), 5, "the phone behind the same address")
    assert guess(app, hub.code(2), "127.0.0.3") == "welcome"   # other addresses: codes work


def test_too_many_wrong_codes_from_everyone_give_every_seat_a_new_code(app, monkeypatch):
    drawn: list[str] = []
    real_text, real_fit = Assets.text, Assets.text_fit
    monkeypatch.setattr(Assets, "text", lambda self, text, *a, **k: (
        drawn.append(text), real_text(self, text, *a, **k))[1])
    monkeypatch.setattr(Assets, "text_fit", lambda self, text, *a, **k: (
        drawn.append(text), real_fit(self, text, *a, **k))[1])
    scene = phones_on(app)
    hub = app.ctx.phones
    wren = phone(app, 1)
    settle(app, wren, lambda: hub.is_connected(1))
    old = dict(hub.codes)
    # guessers on ten machines, each under its own address's limit
    for i in range(LIMITS.bad_codes):
        assert guess(app, WRONG, f"127.0.0.{20 + i % 10}") == "bad_token"
    wait_for(app, lambda: hub.codes != old, 5, "the codes were never replaced")
    assert all(hub.codes[seat] != old[seat] for seat in old)
    assert scene.message == "Too many wrong codes: new codes"
    drawn.clear()
    app.frame(1 / 60)
    assert "Too many wrong codes: new codes" in drawn   # under the rows of codes
    assert {hub.code(seat) for seat in range(scene.count)} <= set(drawn)
    assert guess(app, old[2], "127.0.0.40") == "bad_token"          # the old codes are dead
    assert guess(app, hub.code(2), "127.0.0.41") == "welcome"       # the new ones work
    wait_for(app, lambda: scene.seats[2].device == "phone:2", 5, "the new code's seat")
    wren.drop()                                          # a joined phone's link still works
    wait_for(app, lambda: not hub.is_connected(1), 5, "the dropped phone never left")
    client(app).connect(token=hub.tokens[1])
    wait_for(app, lambda: hub.is_connected(1), 5, "the joined phone could not come back")
