"""Couch play: several people, each on their own device, sharing one TV."""
import pygame
import pytest

from game.input import KBM
from scenes.seat_setup import SeatSetup
from tests.harness import make_app, post, press, show


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    app.input.opener = lambda index: (200 + index, f"Pad {index}", None)
    yield app
    pygame.quit()


def plug(app, *indexes):
    post(*[pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=i) for i in indexes])
    app.frame(1 / 60)


def pad(app, instance, button, frames=1):
    post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button),
         pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=button))
    for _ in range(frames):
        app.frame(1 / 60)


def humans(scene):
    return [(i, s.device) for i, s in enumerate(scene.seats[:scene.count]) if s.human]


def test_each_device_joins_the_next_free_seat_and_leaves_with_b(app):
    plug(app, 0, 1, 2)
    scene = show(app, SeatSetup(app.ctx, "flip_a_bird"))
    assert humans(scene) == [(0, KBM)]              # whoever opened the screen sits first
    pad(app, 200, pygame.CONTROLLER_BUTTON_A)
    pad(app, 202, pygame.CONTROLLER_BUTTON_A)
    assert humans(scene) == [(0, KBM), (1, "pad200"), (2, "pad202")]
    pad(app, 200, pygame.CONTROLLER_BUTTON_B)        # leaves; seat 2 goes back to the AI
    assert humans(scene) == [(0, KBM), (2, "pad202")]
    pad(app, 201, pygame.CONTROLLER_BUTTON_A)        # a newcomer takes the free seat
    assert humans(scene) == [(0, KBM), (1, "pad201"), (2, "pad202")]
    match = scene.match()
    assert [s.device for s in match.seats] == [KBM, "pad201", "pad202", None]
    assert [s.human for s in match.seats] == [True, True, True, False]


def test_a_seated_device_works_the_menu(app):
    from scenes.table import TableScene

    plug(app, 0)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    pad(app, 200, pygame.CONTROLLER_BUTTON_A)        # joins
    scene.group.focus(scene.start_button)
    pad(app, 200, pygame.CONTROLLER_BUTTON_A)        # seated: A presses Start game
    assert isinstance(app.stack.top, TableScene)
    assert [s.device for s in app.stack.top.match.seats if s.human] == [KBM, "pad200"]


def test_a_full_table_refuses_another_player(app):
    plug(app, 0, 1, 2)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    scene.group.index = 0
    for _ in range(3):
        press(app, pygame.K_LEFT)                    # down to 2 players
    assert scene.count == 2
    pad(app, 200, pygame.CONTROLLER_BUTTON_A)
    pad(app, 201, pygame.CONTROLLER_BUTTON_A)
    assert humans(scene) == [(0, KBM), (1, "pad200")]
    assert "taken" in scene.message


def test_unplugging_a_joined_pad_gives_its_seat_to_the_ai(app):
    plug(app, 0)
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    pad(app, 200, pygame.CONTROLLER_BUTTON_A)
    post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=200))
    app.frame(1 / 60)
    assert humans(scene) == [(0, KBM)]


def test_b_from_a_device_without_a_seat_goes_back(app):
    from scenes.game_select import GameSelect

    plug(app, 0)
    show(app, GameSelect(app.ctx))
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    pad(app, 200, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.stack.top, GameSelect)


def test_start_from_any_device_and_open_hands_option(app):
    plug(app, 0)
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
from tests.toy_table import ToyTable  # noqa: E402


def two_humans(app, open_hands=False):
    plug(app, 0)
    seats = (Seat("Ana", True, device=KBM), Seat("Ben", True, device="pad200"), Seat("Cat"))
    return show(app, ToyTable(app.ctx, Match("toy", seats, 11, open_hands=open_hands)))


def test_privacy_screen_between_two_humans_and_only_the_owner_opens_it(app):
    table = two_humans(app)
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.seat == 0
    assert table.viewer is None and table.shown == table.state.view(None)
    pad(app, 200, pygame.CONTROLLER_BUTTON_A)        # Ben's pad cannot open Ana's hand
    assert isinstance(app.stack.top, PrivacyScreen)
    press(app, pygame.K_RETURN)                       # Ana's keyboard can
    app.frame(1 / 60)
    assert app.stack.top is table and table.viewer == 0
    assert table.shown == table.state.view(0)
    assert table.status_line().startswith("Ana")     # whose hand is on show
    pad(app, 200, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # Ben cannot steer Ana's choice
    first = table.picker.index
    assert first == 0
    press(app, pygame.K_RETURN)                       # Ana plays
    assert table.viewer is None                        # her hand is hidden at once
    assert table.shown == table.state.view(None) or table.animator.busy
    for _ in range(240):
        app.frame(1 / 60)
        if isinstance(app.stack.top, PrivacyScreen):
            break
    assert isinstance(app.stack.top, PrivacyScreen) and app.stack.top.seat == 1
    assert table.shown == table.state.view(None)      # nobody's hand while Ben gets ready


def test_open_hands_skips_the_privacy_screen(app):
    table = two_humans(app, open_hands=True)
    assert app.stack.top is table and table.viewer == 0


def test_unplugged_owner_pauses_and_another_pad_takes_over(app):
    table = two_humans(app)
    plug(app, 1)                                      # a spare pad: pad201
    post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=200))
    app.frame(1 / 60)
    app.frame(1 / 60)
    lost = app.stack.top
    assert isinstance(lost, ControllerLost) and lost.seat_name == "Ben"
    pad(app, 201, pygame.CONTROLLER_BUTTON_A)
    assert table.owners[1] == "pad201"                # re-bound to whoever carried on


def test_an_unplugged_spare_pad_does_not_pause(app):
    table = two_humans(app)
    plug(app, 1)
    post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=201))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert not isinstance(app.stack.top, ControllerLost)


# -- every game: two people, two devices, one TV ---------------------------------------------
from game.engine import GAMES  # noqa: E402
from scenes.tables import make_table, playable  # noqa: E402
from scenes.table import TableScene  # noqa: E402

PLAYABLE = [g for g in GAMES if playable(g)]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_privacy_screens_between_two_people_in_every_game(app, game_id):
    """Two humans (keyboard, pad) and AI: the screen shows a hand only after its owner
    passed the privacy screen, and only until play leaves that seat."""
    import random as _random

    plug(app, 0)
    info = GAMES[game_id]
    seats = list(default_seats(max(3, info.min_players), humans=0))
    seats[0] = Seat(seats[0].name, True, colour=0, device=KBM)
    seats[1] = Seat(seats[1].name, True, colour=1, device="pad200")
    table = show(app, make_table(app.ctx, Match(game_id, tuple(seats), seed=5)))
    rng = _random.Random(3)
    screens = decisions = 0
    for _ in range(4000):
        top = app.stack.top
        state = table.state
        allowed = [state.view(None)]
        if table.revealed is not None:
            allowed.append(state.view(table.revealed))
        assert table.shown in allowed or table.animator.busy or table.dirty, \
            "the screen holds a view it should not"
        if isinstance(top, PrivacyScreen):
            screens += 1
            assert table.viewer is None
            owner = table.owner(top.seat)
            if owner == KBM:
                press(app, pygame.K_RETURN)
            else:
                pad(app, 200, pygame.CONTROLLER_BUTTON_A)
            assert table.revealed == top.seat
            continue
        if top is table and table.turn_ready and not table.animator.busy:
            seat = state.current_player
            assert table.viewer == seat and table.is_human(seat)
            table.submit(rng.choice(state.legal_actions()))
            decisions += 1
            if screens >= 4 and decisions >= 6:
                break
            continue
        if state.is_terminal():
            break
        app.frame(1 / 15)
    assert screens >= 2 and decisions >= 2, (screens, decisions)
