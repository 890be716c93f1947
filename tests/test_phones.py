"""Phones as private hands (issue 21), over real HTTP and WebSocket on loopback.

The game runs in the test's thread (the real App, its real tables, headless); the phone
server in its own thread, as in play; each phone is a real aiohttp WebSocket client
(tests/phone_client.py). Nothing of the protocol is mocked: a phone only ever joins,
taps and reads what it was sent.

The privacy check: whole games of all four games are played from phones, and every
picture published to a phone is rebuilt from a determinization for that seat (a state
that agrees with view(seat) and deals everything else at random); it must come out the
same, so nothing in it depends on another hand, the deck order or the RNG. Every state
message each phone received must be one of those pictures, in order.
"""
from __future__ import annotations

import json
import random
import socket

import pytest

from game.engine import GAMES
from game.phones import Phones, phone_device
from game.phones.net import allowed_host, is_lan, lan_address
from game.phones.wire import Limits
from game.session import Match, Seat
from scenes.seat_setup import SeatSetup
from scenes.table.phones.payloads import OpenAsk, SeatNews, build_payload, make_ask
from scenes.table.spec import make_table
from tests.harness import drawing, make_app, show
from tests.phone_client import PhoneClient

DT = 0.25   # a coarse game clock: animations finish in few frames (nothing is drawn)


@pytest.fixture
def app(tmp_path, request):
    app = make_app(tmp_path, draw=drawing(request))
    app.ctx.settings.ai_speed = "fast"
    app.ctx.phones.host = "127.0.0.1"
    app.ctx.phones.port = 0     # any free port: tests may run beside a real game
    clients: list[PhoneClient] = []
    app.clients = clients
    yield app
    for client in clients:
        client.close()
    app.finish()


def phone(app, seat: int | None = None, hello: dict | None = None) -> PhoneClient:
    client = PhoneClient(app.ctx.phones.server.base_url)
    app.clients.append(client)
    if hello is None:
        hello = {"type": "hello", "token": app.ctx.phones.tokens[seat]}
    return client.connect(hello)


def step(app, frames: int = 1, dt: float = DT) -> None:
    """Game frames without drawing: the hub, the scenes, the phones' messages out."""
    for _ in range(frames):
        app.ctx.phones.pump()
        app.stack.update(dt)
        app.ctx.phones.flush()
        app.stack.apply_pending()


def table_with_phones(app, game: str, seats: int, phones: list[int], seed: int = 5,
                      watch=None, options: tuple = ()):
    """A table whose ``phones`` seats are phone seats (the others AI), phones joined;
    ``watch(table)`` sees it before its first frame."""
    assert app.ctx.phones.open(seats)
    match = Match(game, tuple(Seat(f"P{i}", human=i in phones, colour=i,
                                   device=phone_device(i) if i in phones else None)
                              for i in range(seats)), seed=seed, options=options)
    clients = {seat: phone(app, seat) for seat in phones}
    import time
    end = time.monotonic() + 5
    while not set(phones) <= app.ctx.phones.connected and time.monotonic() < end:
        app.ctx.phones.pump()    # the phones are in before the first move
    table = make_table(app.ctx, match)
    if watch is not None:
        watch(table)
    show(app, table, 1)
    return table, clients


def settle(app, client: PhoneClient, test, timeout: float = 10.0):
    """Run the game until ``test()`` holds, reading the phone's messages meanwhile."""
    import time
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        step(app)
        client.pending()
        if test():
            client.pending()   # what arrived between the read and the test (a close races it)
            return
    raise AssertionError("the game never got there")


def wait_decision(app, clients: dict, seat: int, timeout: float = 20.0) -> dict:
    """Play the other phones' turns (first choice) until ``seat``'s phone must decide."""
    import time
    end = time.monotonic() + timeout
    answered: set = set()
    while time.monotonic() < end:
        step(app)
        for other, client in clients.items():
            client.pending()
            d = client.decision
            if other == seat and d is not None:
                return d
            if other != seat and d is not None and d["id"] not in answered:
                answered.add(d["id"])
                client.choose()
    raise AssertionError(f"seat {seat} was never asked")


# -- the network side ------------------------------------------------------------------------

def test_no_port_is_open_until_phones_are_switched_on(app):
    assert not app.ctx.phones.running and app.ctx.phones.server is None
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    assert not app.ctx.phones.running
    scene._switch_phones(True)
    assert app.ctx.phones.running
    port = app.ctx.phones.server.port
    scene._switch_phones(False)
    assert not app.ctx.phones.running
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_it_listens_only_on_a_home_network_address():
    assert lan_address(["203.0.113.7", "192.168.1.20", "127.0.0.1"]) == "192.168.1.20"
    assert lan_address(["10.0.0.5", "172.17.0.1"]) == "10.0.0.5"
    assert lan_address(["203.0.113.7", "8.8.8.8"]) == "127.0.0.1"    # none: loopback
    assert lan_address([]) == "127.0.0.1"
    assert not allowed_host("0.0.0.0") and not allowed_host("8.8.8.8")
    assert allowed_host("127.0.0.1") and allowed_host("192.168.0.2")
    assert not is_lan("169.254.3.3") and not is_lan("203.0.113.7") and is_lan("172.20.1.1")
    assert is_lan(lan_address()) or lan_address() == "127.0.0.1"     # this machine's
    hub = Phones(__import__("logging").getLogger("t"), host="0.0.0.0", port=0)
    assert not hub.open(2) and not hub.running


def test_the_page_is_served_offline_and_images_only_to_their_seat(app):
    table, clients = table_with_phones(app, "cubirds", 2, [0, 1])
    first = clients[0]
    settle(app, first, lambda: first.state is not None and first.state.get("sections"))
    status, body, headers = first.get("/")
    assert status == 200 and b"/phone.js" in body
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    for path in ("/phone.js", "/phone.css"):
        status, body, _ = first.get(path)
        assert status == 200 and b"http" not in body.lower().replace(b"https:", b"")  # no CDN
    card = first.state["sections"][0]["cards"][0]["img"]
    token0, token1 = app.ctx.phones.tokens[0], app.ctx.phones.tokens[1]
    status, png, headers = first.get(f"{card}?t={token0}")
    assert status == 200 and png.startswith(b"\x89PNG") and "immutable" in headers["Cache-Control"]
    digest = card.split("/")[-1].split(".")[0]
    sent_to_1 = digest in table.desk._images_sent.get(1, set())
    assert first.get(f"{card}?t={token1}")[0] == (200 if sent_to_1 else 404)
    sent = table.desk._images_sent
    unsent = next(d for d in sent[0] if d not in sent.get(1, ()))
    assert first.get(f"/img/{unsent}.png?t={token1}")[0] == 404   # never sent to seat 1
    assert first.get(f"{card}?t=nonsense")[0] == 404
    assert first.get("/img/../../etc/passwd")[0] == 404


# -- joining ------------------------------------------------------------------------------------

def test_phones_join_seat_setup_by_token_and_by_code(app):
    app.ctx.session.phones_on = True
    scene = show(app, SeatSetup(app.ctx, "flip_a_bird"))
    scene._set_count(1)   # four seats
    wren = phone(app, 1)
    settle(app, wren, lambda: wren.state is not None)
    assert wren.state["you"]["name"] == "Wren" and wren.state["you"]["colour"].startswith("#")
    assert scene.seats[1].human and scene.seats[1].device == "phone:1"
    finch = phone(app, hello={"type": "hello", "code": app.ctx.phones.code(2).lower()})
    settle(app, finch, lambda: finch.state is not None)
    assert scene.seats[2].device == "phone:2" and finch.state["you"]["name"] == "Finch"
    match = scene.match()
    assert [s.device for s in match.seats] == ["kbm", "phone:1", "phone:2", None]


def test_a_second_phone_with_the_seat_token_retakes_it_and_the_first_is_told(app):
    show(app, SeatSetup(app.ctx, "cubirds"))._switch_phones(True)
    old = phone(app, 1)
    settle(app, old, lambda: old.state is not None)
    new = phone(app, 1)
    settle(app, new, lambda: new.state is not None)
    assert old.recv(kind="replaced")["message"]
    assert old.closed.wait(3) and old.close_code == 4001
    assert app.ctx.phones.is_connected(1) and not new.closed.is_set()


def test_stale_and_bad_tokens_are_refused(app):
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    scene._switch_phones(True)
    stale = app.ctx.phones.tokens[1]
    scene._switch_phones(False)
    scene._switch_phones(True)          # a new match: new tokens
    for hello in ({"type": "hello", "token": stale}, {"type": "hello", "token": "x" * 500},
                  {"type": "hello", "code": "ZZZZZZ"}, {"type": "hello"}):
        client = phone(app, hello=hello)
        assert client.recv(kind="error")["code"] == "bad_token"
        assert client.closed.wait(3) and client.close_code == 4003
    assert not app.ctx.phones.connected


# -- playing ------------------------------------------------------------------------------------

def test_a_phone_plays_its_turn_and_the_tv_shows_no_privacy_screen(app):
    from scenes.overlays import PrivacyScreen

    table, clients = table_with_phones(app, "cubirds", 3, [0, 1])
    p0 = clients[0]
    decision = wait_decision(app, clients, 0)
    assert table.couch.viewer is None                   # the TV never opens a phone's hand
    assert not any(isinstance(s, PrivacyScreen) for s in app.stack.scenes)
    assert "choosing on their phone" in table.status_bar.status_line()
    species = decision["options"][0]
    assert species["then"]["options"][0]["detail"].startswith(("Left end", "Right end"))
    before = table.moves_played
    p0.choose()
    settle(app, p0, lambda: table.moves_played > before)
    assert table.state.current_player != 0 or table.state.view(0).phase != "place"


def test_illegal_stale_and_malformed_moves_change_nothing(app):
    table, clients = table_with_phones(app, "cubirds", 2, [0, 1])
    p0, p1 = clients[0], clients[1]
    decision = wait_decision(app, clients, 0)
    snapshot = json.dumps(table.state.to_dict(), sort_keys=True)
    bad = [{"type": "move", "decision": decision["id"] + 99, "path": [0, 0]},   # stale
           {"type": "move", "decision": decision["id"], "path": [0, 99]},        # no such
           {"type": "move", "decision": decision["id"], "path": []},
           {"type": "move", "decision": decision["id"], "path": ["a"]},
           {"type": "move", "decision": "x", "path": [0]},
           {"type": "move", "decision": True, "path": [True]},
           {"type": "teleport"}, [1, 2], {"no": "type"}, "{not json", "", "null"]
    for message in bad:
        p0.send(message)
    settle(app, p0, lambda: sum(m["type"] == "error" for m in p0.received) >= len(bad))
    p1.send({"type": "move", "decision": decision["id"], "path": [0, 0]})   # not its turn
    settle(app, p1, lambda: any(m["type"] == "error" for m in p1.received))
    p0.send_bytes(b"\x00\x01")
    settle(app, p0, lambda: sum(m["type"] == "error" for m in p0.received) > len(bad))
    assert json.dumps(table.state.to_dict(), sort_keys=True) == snapshot
    assert not p0.closed.is_set() and table.state.current_player == 0


def test_huge_messages_and_floods_close_the_phone_not_the_game(app):
    app.ctx.phones.limits = Limits(rate=5, burst=5, flood_close=30)
    table, clients = table_with_phones(app, "cubirds", 2, [0, 1])
    p0, p1 = clients[0], clients[1]
    wait_decision(app, clients, 0)
    snapshot = json.dumps(table.state.to_dict(), sort_keys=True)
    p1.send("x" * 100_000)
    assert p1.closed.wait(3) and p1.close_code == 1009
    for _ in range(60):
        p0.send({"type": "ping", "t": 1})
    settle(app, p0, lambda: p0.closed.is_set())
    assert p0.close_code == 1008
    assert any(m.get("code") == "slow_down" for m in p0.received)
    step(app, 5)
    assert json.dumps(table.state.to_dict(), sort_keys=True) == snapshot
    assert not app.ctx.phones.connected


def test_a_phone_that_never_says_hello_is_closed(app):
    app.ctx.phones.limits = Limits(hello_timeout=0.3)
    show(app, SeatSetup(app.ctx, "cubirds"))._switch_phones(True)
    client = PhoneClient(app.ctx.phones.server.base_url)
    app.clients.append(client)
    from tests.phone_client import run
    run(client._connect({"type": "ping"}))
    assert client.closed.wait(3) and client.close_code == 4000


def test_a_dropped_phone_reconnects_to_the_current_view_and_the_tv_waits_for_it(app):
    from scenes.table.waiting import PhoneWaiting

    table, clients = table_with_phones(app, "cubirds", 2, [0, 1])
    p0 = clients[0]
    decision = wait_decision(app, clients, 0)
    p0.drop()                                         # a closed lid: no goodbye
    settle(app, p0, lambda: not app.ctx.phones.is_connected(0))
    assert "Waiting for P0's phone" in table.status_bar.status_line()
    step(app, 20)                                     # past the grace period
    assert isinstance(app.stack.top, PhoneWaiting)
    again = PhoneClient(app.ctx.phones.server.base_url)
    app.clients.append(again)
    again.connect(token=app.ctx.phones.tokens[0])
    settle(app, again, lambda: again.decision is not None and app.stack.top is table)
    assert again.decision["prompt"] == decision["prompt"]
    again.choose()
    before = table.moves_played
    settle(app, again, lambda: table.moves_played > before)


def test_a_gone_phone_seat_can_go_to_the_ai_or_a_controller(app):
    from scenes.table.waiting import PhoneWaiting

    table, clients = table_with_phones(app, "cubirds", 2, [0, 1])
    wait_decision(app, clients, 0)
    clients[0].drop()
    settle(app, clients[1], lambda: isinstance(app.stack.top, PhoneWaiting))
    app.stack.top.to_ai()
    step(app, 2)
    assert not table.match.seats[0].human and 0 in table.bots
    before = table.moves_played
    settle(app, clients[1], lambda: table.moves_played > before)        # the AI plays on
    # seat 1's phone goes too; a keyboard takes it
    decision_seat = 1
    settle(app, clients[1], lambda: table.state.current_player == decision_seat
           and table.turn.phone_turn == decision_seat, timeout=20)
    clients[1].drop()
    settle(app, clients[0], lambda: isinstance(app.stack.top, PhoneWaiting))
    overlay = app.stack.top
    overlay.ask_device()
    from game.input import Act, Input
    overlay.handle(Input(Act.CONFIRM, "kbm"))
    step(app, 2)
    assert table.couch.owner(1) == "kbm" and not table.couch.is_phone(1)
    assert table.couch.owners[1] == "kbm"


def test_phones_and_a_controller_share_a_table(app):
    from game.input import KBM

    assert app.ctx.phones.open(3)
    match = Match("cubirds", (Seat("Kim", True, colour=0, device=KBM),
                              Seat("Pia", True, colour=1, device=phone_device(1)),
                              Seat("Bot", False, colour=2)), seed=2)
    table = make_table(app.ctx, match)
    show(app, table, 1)
    pia = phone(app, 1)
    assert table.couch.privacy and not table.couch.is_phone(0) and table.couch.is_phone(1)
    settle(app, pia, lambda: pia.state is not None)
    assert pia.state["you"]["name"] == "Pia"


@pytest.mark.draw(0)
def test_five_phones_in_one_flip_a_bird_tip_at_once(app):
    table, clients = table_with_phones(app, "flip_a_bird", 5, [0, 1, 2, 3, 4], seed=9)
    early_tips = 0
    rng = random.Random(4)
    answered: set = set()
    import time
    stall = time.monotonic() + 30
    while not table.state.is_terminal() and time.monotonic() < stall:
        before = table.moves_played
        step(app)
        for seat, client in clients.items():
            client.pending()
            d = client.decision
            if d is None or (seat, d["id"]) in answered:
                continue
            answered.add((seat, d["id"]))
            if table.state.current_player != seat:
                early_tips += 1                       # tipping before the rules reach it
            client.choose(lambda options, usable: rng.choice(usable))
        if table.moves_played != before:
            stall = time.monotonic() + 30
    assert table.state.is_terminal()
    assert early_tips > 0


def test_a_hint_goes_to_that_phone_only(app):
    table, clients = table_with_phones(app, "cubirds", 2, [0, 1])
    p0 = clients[0]
    decision = wait_decision(app, clients, 0)
    assert decision["hint"] is True
    p0.send({"type": "hint", "decision": decision["id"]})
    settle(app, p0, lambda: (p0.decision or {}).get("hint_text"), timeout=30)
    assert p0.decision["hint_path"]
    assert not any(line.startswith("Hint") for line in table.log_book.log_lines)


# -- the privacy check: whole games of every game, message by message ---------------------------

# every registered game at its fewest seats; Flappy Families' short game keeps it quick,
# its memory marks (the match's option, on) put what a seat remembers on its phone
QUICK = {"flappy_families": (("memory_aid", True), ("short_game", True))}


@pytest.mark.draw(0)   # the payloads are checked, not the TV: its first frame is not drawn
@pytest.mark.parametrize("game,seats,options", [
    (game_id, spec.min_players, QUICK.get(game_id, ())) for game_id, spec in GAMES.items()])
def test_whole_games_on_phones_send_each_phone_only_its_own_view(app, game, seats, options):
    published: dict[int, list[dict]] = {s: [] for s in range(seats)}
    checked = [0]
    tables = []

    def check(seat, payload, news):
        table = tables[0]
        desk = table.desk
        published[seat].append(payload)
        if news is None:
            return
        det = table.state.determinize(seat, random.Random(len(published[seat])))
        again = news
        if news.ask is not None:
            tree, early = make_ask(desk.game, det, seat, table.names, table.match)
            assert early == news.ask.early
            again = SeatNews(OpenAsk(news.ask.id, news.ask.moves, early, tree), news.queued,
                             news.hint, news.hints_on, news.mine_soon)
        rebuilt = build_payload(desk.game, det, seat, table.match, payload["log"], again,
                                lambda key: f"/img/{desk.images.get(key)[0]}.png")
        assert rebuilt == payload, f"seat {seat}'s picture depends on what it cannot know"
        checked[0] += 1

    def watch(table):
        tables.append(table)
        table.desk.on_publish = check

    table, clients = table_with_phones(app, game, seats, list(range(seats)), seed=11,
                                       watch=watch, options=options)
    rng = random.Random(1)
    answered: set = set()
    import time
    stall = time.monotonic() + 30          # a game may be long; only a stall fails it
    while not table.state.is_terminal() and time.monotonic() < stall:
        before = table.moves_played
        step(app)
        for seat, client in clients.items():
            client.pending()
            d = client.decision
            if d is not None and (seat, d["id"]) not in answered:
                answered.add((seat, d["id"]))
                client.choose(lambda options, usable: rng.choice(usable))
        if table.moves_played != before:
            stall = time.monotonic() + 30
    assert table.state.is_terminal(), (f"the game did not finish: {table.moves_played} moves, "
                                       f"{[(s, c.decision) for s, c in clients.items()]}")
    step(app, 10)
    for seat, client in clients.items():
        settle(app, client, lambda: len([m for m in client.received if m["type"] == "state"])
               >= len(published[seat]))
        states = [m for m in client.received if m["type"] == "state"]
        assert states == json.loads(json.dumps(published[seat]))
        assert not [m for m in client.received if m["type"] == "error"]
    assert checked[0] > 20


def test_the_phones_flag_and_setting():
    from game.cli import UsageError, parse
    from game.settings import Settings

    assert parse([]).phones is None
    assert parse(["--phones"]).phones == 0                 # on, the port of the settings
    assert parse(["--phones", "9000"]).phones == 9000
    for bad in (["--phones", "abc"], ["--phones", "80"], ["--phones", "70000"],
                ["--phones", "--kiosk"]):
        with pytest.raises(UsageError):
            parse(bad)
    with pytest.raises(ValueError):
        Settings().validate_field("phone_port", 22)


def test_a_game_without_a_phone_module_gets_plain_buttons():
    from scenes.table.phones.api import Follow, PhoneGame, phone_game
    from game.engine import new_game

    game = PhoneGame("cubirds")
    state = new_game("cubirds", 2, seed=1)
    ask = game.ask(state.view(0), state.legal_actions(), Follow(state, 0), ["A", "B"])
    assert len(ask.choices) == len(state.legal_actions())
    assert type(phone_game("cubirds")).__name__ == "CuBirdsPhone"


def test_with_game_and_phones_a_phone_takes_any_seat_mid_game(app):
    from game.session import quick_match
    from scenes.start import open_phones

    match = quick_match("cubirds", 3, seed=4)          # the keyboard in seat 1, AI beside
    open_phones(app.ctx, match.num_players)
    table = make_table(app.ctx, match)
    show(app, table, 1)
    assert table.uses_phones
    bot = phone(app, 2)
    settle(app, bot, lambda: bot.state is not None and bot.state.get("sections"))
    assert table.couch.is_phone(2) and 2 not in table.bots
    assert table.paint.plate_label(2, 600)[0] == "Finch \u00b7 Phone"


def test_the_server_is_a_process_of_its_own_that_never_outlives_the_game(tmp_path):
    """A phone is answered by a process of its own (the game loop's drawing never holds
    it up), and when the game dies without a word (kill -9) that process ends too: no
    port stays open on the Wi-Fi."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    game = ("import logging, os, signal\n"
            "from game.phones import Phones\n"
            "hub = Phones(logging.getLogger('t'), port=0, host='127.0.0.1')\n"
            "assert hub.open(2) and hub.server.ready.wait(30)\n"
            "print(os.getpid(), hub.server._proc.pid, hub.server.port, flush=True)\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", game], cwd=root, capture_output=True,
                          text=True, timeout=60)
    game_pid, server_pid, port = (int(v) for v in done.stdout.split())
    assert server_pid != game_pid and done.returncode == -9
    end = time.monotonic() + 10
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            break                      # refused: the server process has gone
    else:
        raise AssertionError("the phone server kept listening after its game died")
