"""Couch play: several people, each on their own device, sharing one TV.

The pads here are SDL's own virtual controllers (tests/vpads.py): plugging, buttons and
unplugging go through SDL's real controller path, as with hardware."""
import pygame
import pytest

from tests.vpads import pad_app  # noqa: F401 (a fixture)

from game.input import KBM
from scenes.seat_setup import SeatSetup
from tests.harness import press, show
from tests.vpads import press as pad_press

# every test here checks who sits where, which scene is on top and which view the table
# holds, never pixels: the app runs without drawing (tests/harness.py, draw=0)
pytestmark = pytest.mark.draw(0)

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B


@pytest.fixture
def app(pad_app):
    return pad_app


def plug(app, count=1):
    """Plug ``count`` virtual pads in (after launch) and let SDL announce them."""
    pads = [app.pads.plug() for _ in range(count)]
    app.frame(1 / 60)
    app.frame(1 / 60)
    return pads


def pad(app, which, button, frames=1):
    pad_press(app, which, button, frames)


def humans(scene):
    return [(i, s.device) for i, s in enumerate(scene.seats[:scene.count]) if s.human]


def test_a_pad_switched_on_after_launch_drives_the_menus(app):
    """Launch with no pad at all, then switch one on: SDL must announce it and its
    buttons must work the title (the bug: the controller subsystem only started when a
    pad was present at launch)."""
    from scenes.game_select import GameSelect
    from scenes.title import Title

    assert app.input.controllers() == []
    title = show(app, Title(app.ctx))
    (p,) = plug(app)
    assert [d.id for d in app.input.controllers()] == [p.device]
    title.group.index = 0
    pad(app, p, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert title.group.index == 1                      # the d-pad moved focus
    pad(app, p, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, p, A)                                      # Play
    app.frame(1 / 60)
    assert isinstance(app.stack.top, GameSelect)
    assert app.ctx.glyphs() == "pad"                    # prompts now show pad buttons


def test_each_device_joins_the_next_free_seat_and_leaves_with_b(app):
    p0, p1, p2 = plug(app, 3)
    scene = show(app, SeatSetup(app.ctx, "flip_a_bird"))
    assert humans(scene) == [(0, KBM)]              # whoever opened the screen sits first
    pad(app, p0, A)
    pad(app, p2, A)
    assert humans(scene) == [(0, KBM), (1, p0.device), (2, p2.device)]
    pad(app, p0, B)                                  # leaves; seat 2 goes back to the AI
    assert humans(scene) == [(0, KBM), (2, p2.device)]
    pad(app, p1, A)                                  # a newcomer takes the free seat
    assert humans(scene) == [(0, KBM), (1, p1.device), (2, p2.device)]
    match = scene.match()
    assert [s.device for s in match.seats] == [KBM, p1.device, p2.device, None]
    assert [s.human for s in match.seats] == [True, True, True, False]


def test_a_seated_device_works_the_menu(app):
    from scenes.table.scene import TableScene

    (p,) = plug(app)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    pad(app, p, A)                                   # joins
    scene.group.focus(scene.start_button)
    pad(app, p, A)                                   # seated: A presses Start game
    assert isinstance(app.stack.top, TableScene)
    assert [s.device for s in app.stack.top.match.seats if s.human] == [KBM, p.device]


def test_a_full_table_refuses_another_player(app):
    p0, p1, _ = plug(app, 3)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    scene.group.index = 0
    for _ in range(3):
        press(app, pygame.K_LEFT)                    # down to 2 players
    assert scene.count == 2
    pad(app, p0, A)
    pad(app, p1, A)
    assert humans(scene) == [(0, KBM), (1, p0.device)]
    assert "taken" in scene.message


def test_unplugging_a_joined_pad_gives_its_seat_to_the_ai(app):
    (p,) = plug(app)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    pad(app, p, A)
    p.unplug()
    app.frame(1 / 60)
    assert humans(scene) == [(0, KBM)]


def test_b_from_a_device_without_a_seat_goes_back(app):
    from scenes.game_select import GameSelect

    (p,) = plug(app)
    show(app, GameSelect(app.ctx))
    show(app, SeatSetup(app.ctx, "cubirds"))
    pad(app, p, B)
    assert isinstance(app.stack.top, GameSelect)


def test_start_from_any_device_and_open_hands_option(app):
    plug(app)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    scene.group.index = 1                            # Hands: Hidden / Open
    press(app, pygame.K_RIGHT)
    assert scene.match().open_hands is True
    press(app, pygame.K_ESCAPE)                      # the keyboard leaves its seat
    assert humans(scene) == []
    assert scene.match().humans == []


# -- the table side, on the toy game --------------------------------------------------
from game.session import Match, Seat, default_seats  # noqa: E402
from scenes.overlays import ControllerLost, PrivacyScreen  # noqa: E402
from tests.toy.table import ToyTable  # noqa: E402


def two_humans(app, open_hands=False):
    (p,) = plug(app)
    seats = (Seat("Ana", True, device=KBM), Seat("Ben", True, device=p.device), Seat("Cat"))
    table = show(app, ToyTable(app.ctx, Match("toy", seats, 11, open_hands=open_hands)))
    table.ben = p
    return table


def test_privacy_screen_between_two_humans_and_only_the_owner_opens_it(app, toy):
    table = two_humans(app)
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.seat == 0
    assert table.couch.viewer is None and table.shown == table.state.view(None)
    pad(app, table.ben, A)                            # Ben's pad cannot open Ana's hand
    assert isinstance(app.stack.top, PrivacyScreen)
    press(app, pygame.K_RETURN)                       # Ana's keyboard can
    app.frame(1 / 60)
    assert app.stack.top is table and table.couch.viewer == 0
    assert table.shown == table.state.view(0)
    assert table.status_bar.status_line().startswith("Ana")     # whose hand is on show
    pad(app, table.ben, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # Ben cannot steer Ana's choice
    first = table.turn.picker.index
    assert first == 0
    press(app, pygame.K_RETURN)                       # Ana plays
    assert table.couch.viewer is None                        # her hand is hidden at once
    assert table.shown == table.state.view(None) or table.animator.busy
    for _ in range(240):
        app.frame(1 / 60)
        if isinstance(app.stack.top, PrivacyScreen):
            break
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.seat == 1
    assert table.shown == table.state.view(None)      # nobody's hand while Ben gets ready


def test_open_hands_skips_the_privacy_screen(app, toy):
    table = two_humans(app, open_hands=True)
    assert app.stack.top is table and table.couch.viewer == 0


def test_unplugged_owner_pauses_and_another_pad_takes_over(app, toy):
    table = two_humans(app)
    (spare,) = plug(app)
    table.ben.unplug()
    app.frame(1 / 60)
    app.frame(1 / 60)
    lost = app.stack.top
    assert isinstance(lost, ControllerLost) and lost.seat_name == "Ben"
    for _ in range(30):                               # the game stays paused meanwhile
        app.frame(1 / 60)
    assert app.stack.top is lost
    pad(app, spare, A)
    app.frame(1 / 60)
    assert app.stack.top is not lost
    assert table.couch.owners[1] == spare.device            # re-bound to whoever carried on


def test_a_replugged_pad_resumes_the_game_and_keeps_the_seat(app, toy):
    table = two_humans(app)
    table.ben.unplug()
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert isinstance(app.stack.top, ControllerLost)
    (again,) = plug(app)                              # plugged back in: SDL gives a new id
    app.frame(1 / 60)
    assert not isinstance(app.stack.top, ControllerLost)
    assert table.couch.owners[1] == again.device


def test_an_unplugged_spare_pad_does_not_pause(app, toy):
    two_humans(app)
    (spare,) = plug(app)
    spare.unplug()
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert not isinstance(app.stack.top, ControllerLost)


# -- every game: two people, two devices, one TV ---------------------------------------------
from game.engine import GAMES  # noqa: E402
from scenes.table.spec import make_table, playable  # noqa: E402
from scenes.table.scene import TableScene  # noqa: E402

PLAYABLE = [g for g in GAMES if playable(g)]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_privacy_screens_between_two_people_in_every_game(app, game_id):
    """Two humans (keyboard, pad) and AI: the screen shows a hand only after its owner
    passed the privacy screen, and only until play leaves that seat."""
    import random as _random

    pads = plug(app, 2)
    info = GAMES[game_id]
    seats = list(default_seats(max(3, info.min_players), humans=0))
    seats[0] = Seat(seats[0].name, True, colour=0, device=pads[0].device)
    seats[1] = Seat(seats[1].name, True, colour=1, device=pads[1].device)
    table = show(app, make_table(app.ctx, Match(game_id, tuple(seats), seed=5)))
    rng = _random.Random(3)
    screens = decisions = 0
    for _ in range(4000):
        top = app.stack.top
        state = table.state
        allowed = [state.view(None)]
        if table.couch.revealed is not None:
            allowed.append(state.view(table.couch.revealed))
        assert table.shown in allowed or table.animator.busy or table.dirty, \
            "the screen holds a view it should not"
        if isinstance(top, PrivacyScreen):
            screens += 1
            assert table.couch.viewer is None
            owner = table.couch.owner(top.seat)
            other = pads[1] if owner == pads[0].device else pads[0]
            pad(app, other, A)                         # the other person's pad: refused
            assert app.stack.top is top and table.couch.revealed is None
            pad(app, pads[0] if other is pads[1] else pads[1], A)
            assert table.couch.revealed == top.seat
            continue
        if top is table and table.turn.turn_ready and not table.animator.busy:
            seat = state.current_player
            assert table.couch.viewer == seat and table.couch.is_human(seat)
            table.submit(rng.choice(state.legal_actions()))
            decisions += 1
            if screens >= 4 and decisions >= 6:
                break
            continue
        if state.is_terminal():
            break
        app.frame(1 / 15)
    assert screens >= 2 and decisions >= 2, (screens, decisions)


@pytest.mark.parametrize("game_id", ["cubirds", "flip_a_bird"])
def test_a_whole_game_played_with_pads_only(app, game_id):
    """Two people with a pad each and the AI: every human decision, privacy screens
    included, is made by pressing buttons on SDL's virtual pads until the results."""
    import random as _random

    from scenes.results import Results

    app.ctx.settings.ai_speed = "fast"
    pads = plug(app, 2)
    info = GAMES[game_id]
    seats = list(default_seats(info.min_players if info.min_players > 2 else 2, humans=0))
    for i in range(2):
        seats[i] = Seat(seats[i].name, True, colour=i, device=pads[i].device)
    table = show(app, make_table(app.ctx, Match(game_id, tuple(seats), seed=8)))
    owner = {p.device: p for p in pads}
    rng = _random.Random(1)
    moves = {"up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
             "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
    presses = 0
    for _ in range(60000):
        top = app.stack.top
        if isinstance(top, Results):
            break
        if isinstance(top, PrivacyScreen):
            pad_press(app, owner[table.couch.owner(top.seat)], A, 0, 1 / 15)
            presses += 1
            continue
        if top is table and table.human_deciding:
            who = owner[table.couch.owner(table.state.current_player)]
            if rng.random() < 0.4:
                pad_press(app, who, moves[rng.choice(list(moves))], 0, 1 / 15)
            pad_press(app, who, A, 0, 1 / 15)
            presses += 1
            continue
        app.frame(1 / 15)
    assert isinstance(app.stack.top, Results), "the game did not finish"
    assert table.state.is_terminal() and presses > 10
