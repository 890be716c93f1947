"""Two people, one TV, with SDL's own virtual pads (tests/vpads.py): a hand is never left
on screen under an overlay, a seat taken over for a lost pad can be given back, Pause >
Seats changes who plays what mid-game, and the hand on show sits at its owner's plate."""
import pygame
import pytest

from game.engine import GAMES
from game.input import KBM
from game.session import Match, Seat, default_seats
from scenes.overlays import ControllerLost, PrivacyScreen, dim
from scenes.pause import Pause
from scenes.table.seats import SeatReturn, SeatsMenu
from scenes.table.spec import make_table, playable
from tests.harness import press, run_until, show
from tests.vpads import pad_app  # noqa: F401 (a fixture)
from tests.vpads import press as pad_press

A = pygame.CONTROLLER_BUTTON_A
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN


@pytest.fixture
def app(pad_app):
    pad_app.ctx.settings.ai_speed = "fast"
    return pad_app


def plug(app, count=1):
    pads = [app.pads.plug() for _ in range(count)]
    app.frame(1 / 60)
    app.frame(1 / 60)
    return pads


def two_people(app, game_id="cubirds", seed=5):
    """Robin and Wren on a pad each, the AI in the other seats; returns the table and
    {device: pad}."""
    pads = plug(app, 2)
    info = GAMES[game_id]
    seats = list(default_seats(max(3, info.min_players), humans=0))
    seats[0] = Seat("Robin", True, colour=0, device=pads[0].device)
    seats[1] = Seat("Wren", True, colour=1, device=pads[1].device)
    table = show(app, make_table(app.ctx, Match(game_id, tuple(seats), seed=seed)))
    return table, {p.device: p for p in pads}


def open_next_hand(app, table, pads) -> int:
    """Run to the next privacy screen and open it with its owner's pad; the seat."""
    assert run_until(app, lambda: isinstance(app.stack.top, PrivacyScreen), 4000, 1 / 15)
    seat = app.stack.top.seat
    pad_press(app, pads[table.couch.owner(seat)], A)
    assert run_until(app, lambda: table.human_deciding and table.couch.viewer == seat, 600, 1 / 30)
    app.frame(1 / 60)
    return seat


def pixels(surface: pygame.Surface, table) -> bytes:
    """What ``surface`` shows where the table's hand lies."""
    hand = pygame.Rect(table.layout.get("hand").rect)
    return pygame.image.tobytes(surface.subsurface(hand), "RGB")


def test_an_unplugged_pad_leaves_no_hand_under_its_dialog(app):
    table, pads = two_people(app)
    seat = open_next_hand(app, table, pads)
    shown = pixels(app.screen, table)
    veiled = app.screen.copy()
    dim(veiled)                                  # what the dialog's veil makes of it
    under_veil = pixels(veiled, table)
    pads[table.couch.owner(seat)].unplug()
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, ControllerLost)
    assert table.couch.viewer is None and table.shown == table.state.view(None)
    now = pixels(app.screen, table)
    assert now != under_veil, "the hand is still drawn under the dialog"
    assert now != shown


@pytest.mark.parametrize("opener", ["pause", "settings"])
def test_pause_and_what_opens_from_it_hide_the_hand(app, opener):
    table, pads = two_people(app)
    seat = open_next_hand(app, table, pads)
    veiled = app.screen.copy()
    dim(veiled)
    under_veil = pixels(veiled, table)
    pad_press(app, pads[table.couch.owner(seat)], pygame.CONTROLLER_BUTTON_START)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, Pause)
    if opener == "settings":
        app.stack.top.settings()
        app.frame(1 / 60)
    assert table.couch.viewer is None
    if opener == "pause":
        assert pixels(app.screen, table) != under_veil
    # closing everything: the hand opens again only through its own pad
    app.stack.pop()
    app.frame(1 / 60)
    if opener == "settings":
        app.stack.pop()
        app.frame(1 / 60)
    assert run_until(app, lambda: isinstance(app.stack.top, PrivacyScreen), 60, 1 / 30)
    assert app.stack.top.seat == seat and table.couch.revealed is None
    other = next(p for d, p in pads.items() if d != table.couch.owner(seat))
    pad_press(app, other, A)
    assert isinstance(app.stack.top, PrivacyScreen)   # not the other person's pad
    pad_press(app, pads[table.couch.owner(seat)], A)
    assert table.couch.revealed == seat


def test_a_returning_pad_takes_back_the_seat_another_pad_stood_in_for(app):
    table, pads = two_people(app)
    robin, wren = (next(p for d, p in pads.items() if table.couch.owners[s] == d) for s in (0, 1))
    robin.unplug()
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, ControllerLost)
    pad_press(app, wren, A)                     # Wren's pad carries Robin's seat on
    app.frame(1 / 60)
    assert table.couch.owners[0] == wren.device and table.couch.owners[1] == wren.device
    (again,) = plug(app)                        # Robin's pad, plugged back in (a new id)
    app.frame(1 / 60)
    question = app.stack.top
    assert isinstance(question, SeatReturn)
    pad_press(app, wren, A)                     # only the new pad can take the seat back
    assert app.stack.top is question and table.couch.owners[0] == wren.device
    pad_press(app, again, A)
    app.frame(1 / 60)
    assert app.stack.top is not question
    assert table.couch.owners[0] == again.device and table.couch.owners[1] == wren.device
    assert table.couch.stand_ins == set()
    assert any("Robin is back" in line for line in table.log_book.log_lines)


def test_a_new_pad_when_nobody_stands_in_is_not_asked_about(app):
    table, _ = two_people(app)
    plug(app)
    app.frame(1 / 60)
    assert not isinstance(app.stack.top, SeatReturn)


def open_seats(app):
    press(app, pygame.K_p)
    pause = app.stack.top
    assert isinstance(pause, Pause)
    labels = [w.label for w in pause.group.widgets]
    pause.group.index = labels.index("Seats")
    press(app, pygame.K_RETURN)
    app.frame(1 / 60)
    menu = app.stack.top
    assert isinstance(menu, SeatsMenu)
    return menu


def choose(app, menu, label_start: str) -> None:
    """Move the focus with the arrow keys to the button whose label starts so, press
    Enter."""
    for _ in range(12):
        if menu.group.focused.label.startswith(label_start):
            break
        press(app, pygame.K_DOWN)
    assert menu.group.focused.label.startswith(label_start), [w.label for w in menu.group.widgets]
    press(app, pygame.K_RETURN)


def test_the_seats_menu_swaps_two_devices_mid_game(app):
    table, pads = two_people(app)
    robin, wren = table.couch.owners[0], table.couch.owners[1]
    menu = open_seats(app)
    assert [w.label for w in menu.group.widgets][:2] == [
        "Robin \u00b7 Controller 1", "Wren \u00b7 Controller 2"]
    choose(app, menu, "Robin")
    choose(app, menu, "Swap players")
    choose(app, menu, "Wren")
    assert table.couch.owners[0] == wren and table.couch.owners[1] == robin
    assert menu.mode == "list"
    assert any("Robin and Wren swap players" in line for line in table.log_book.log_lines)


def test_the_seats_menu_hands_a_seat_to_the_ai_and_back_to_a_person(app):
    table, pads = two_people(app)
    menu = open_seats(app)
    choose(app, menu, "Wren")
    choose(app, menu, "Hand Wren to the AI")
    assert not table.couch.is_human(1) and 1 in table.bots
    assert not table.couch.privacy                  # one person left: no privacy screens
    choose(app, menu, "Wren")
    choose(app, menu, "Give Wren to a person")
    assert menu.mode == "device"
    pad_press(app, pads[table.couch.owners[0]], A)   # Robin's pad already plays a seat
    assert menu.mode == "device" and "already plays Robin" in menu.note
    (spare,) = plug(app)
    pad_press(app, spare, A)
    assert menu.mode == "list"
    assert table.couch.is_human(1) and table.couch.owners[1] == spare.device and 1 not in table.bots
    assert table.couch.privacy


PLAYABLE = [g for g in GAMES if playable(g)]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_hand_on_show_sits_at_its_owners_plate(app, game_id):
    """On each person's turn their plate takes the place beside the hand (the layout's
    first seat) and the hand's tray names them."""
    table, pads = two_people(app, game_id)
    seen = set()
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, PrivacyScreen):
            pad_press(app, pads[table.couch.owner(top.seat)], A)
            continue
        if top is table and table.human_deciding:
            seat = table.state.current_player
            assert table.couch.viewer == seat
            app.frame(1 / 60)
            assert table.paint.seat_rect(seat) == pygame.Rect(table.layout.place(0).rect)
            assert table.paint.hand_owner() == seat
            name = table.match.seats[seat].name
            labels = [item.what for item in table.paint.audit_items() if item.kind == "label"]
            assert any(what.startswith(f"{name}'s") for what in labels), labels
            seen.add(seat)
            if seen == {0, 1}:
                break
            table.submit(table.state.legal_actions()[0])
        app.frame(1 / 15)
    assert seen == {0, 1}
