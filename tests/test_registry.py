"""A fifth game needs only its own packages and one registry entry: the toy game from
tests/toy/ is registered through the same path as the real four, and every screen and
part that lists, plays or explains games finds it through its spec alone: Game select's
card, the first-time offer and its guided game, Seat setup, its table (its own layout
file, its own bots, its own bird), a whole game to the results, its How to play tab and
a phone playing its move. Unregistered, nothing of it is left."""
import pygame
import pytest

from game import layouts
from game.engine import GAMES
from game.phones import phone_device
from scenes.game_select import GameSelect
from scenes.results import Results
from scenes.rules import Rules
from scenes.seat_setup import SeatSetup
from scenes.table.coach import GuideOffer, guide_for
from scenes.table.coached import CoachedTable
from scenes.table.phones.api import phone_game
from scenes.table.scene import TableScene
from scenes.table.spec import table_spec
from sprites.birds import LOOKS
from tests.harness import drawing, make_app, press, show
from tests.test_coach import coached_turn, pick_game
from tests.test_phones import settle, step, table_with_phones, wait_decision
from tests.test_phones import (  # the whole-game privacy check, run here on the toy
    test_whole_games_on_phones_send_each_phone_only_its_own_view as whole_game_on_phones)
from tests.toy import ai as toy_ai
from tests.toy.rules import Draw, Play
from tests.toy.table import ToyDraw, ToyGameTable, ToyTable

TOY = "tests.toy"
TOY_DIR = layouts.Path(__file__).resolve().parent / "toy" / "layouts"


@pytest.fixture
def app(tmp_path, request):
    GAMES.register(TOY)
    app = make_app(tmp_path, draw=drawing(request))
    app.ctx.settings.ai_speed = "fast"
    yield app
    GAMES.unregister("toy")
    app.finish()


@pytest.fixture
def phones_app(tmp_path):
    """As tests/test_phones.py's app: phones on loopback, any free port."""
    GAMES.register(TOY)
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    app.ctx.phones.host = "127.0.0.1"
    app.ctx.phones.port = 0
    app.clients = []
    yield app
    for client in app.clients:
        client.close()
    GAMES.unregister("toy")
    app.finish()


def test_the_toy_table_overrides_none_of_the_shared_machinery():
    """The state, the bots and the layout come from the spec, not from the toy's table."""
    shared = {"new_state", "make_bot", "layout_name", "layout_objects"}
    for part in (ToyTable, ToyGameTable, ToyDraw):
        assert not shared & set(vars(part)), "the toy table overrides shared machinery"
    assert issubclass(ToyTable, TableScene) and set(vars(ToyTable)) <= {
        "game_kind", "paint_kind", "__module__", "__doc__", "__qualname__"}


@pytest.mark.draw(0)   # lists, scenes and pages, not pictures (the cards' rects are laid out)
def test_a_registered_game_is_listed_set_up_played_and_explained(app):
    assert list(GAMES)[-1] == "toy" and len(GAMES) == 5
    offer = pick_game(app, "toy")            # Game select's card, Enter: first time here
    select = app.stack.scenes[-2]
    cards = select.group.widgets
    assert isinstance(select, GameSelect) and [c.info.id for c in cards][-1] == "toy"
    assert cards[-1].enabled
    assert all(c.rect.right <= 1920 - 96 and c.rect.left >= 96 for c in cards)  # all fit
    assert isinstance(offer, GuideOffer) and offer.game_id == "toy"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN, 3)           # "Just play"
    setup = app.stack.top
    assert isinstance(setup, SeatSetup) and setup.info.id == "toy"
    setup.group.focus(setup.start_button)
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, ToyTable) and table.match.game_id == "toy"
    # its own layout file for this many seats, every object found there
    count = table.match.num_players
    assert table.layout.layout.name == f"toy_{count}" and not table.layout.layout.problems
    assert layouts.locate(f"toy_{count}") == TOY_DIR / f"toy_{count}.tmx"
    assert table.layout.get("pile").rect == (760, 300, 160, 224)
    # its own bots, reached through game.ai like every game's
    assert table.bots and all(isinstance(b, (toy_ai.EasyBot, toy_ai.NormalBot))
                              for b in table.bots.values())
    surface = pygame.Surface((1920, 1080))
    for _ in range(20000):                   # the human plays whatever is focused
        if isinstance(app.stack.top, Results):
            break
        if table.human_deciding:
            press(app, pygame.K_RETURN)
        else:
            app.frame(1 / 30)
    results = app.stack.top
    assert isinstance(results, Results) and results.match.game_id == "toy"
    assert table.state.is_terminal() and sum(table.state.scores()) > 0
    table.draw(surface)                      # the finished table still draws
    rules = show(app, Rules(app.ctx, "toy"))
    assert rules.games[rules.game] == "toy" and len(rules.tabs) == 5
    assert [p.heading for p in rules.pages] == ["The goal", "Your turn"]
    from tests.toy import howto
    assert rules._book()[1] is howto.paint   # its own card painter draws the pages


def test_the_first_time_offer_starts_the_toys_guided_game(app):
    offer = pick_game(app, "toy")
    assert isinstance(offer, GuideOffer)
    press(app, pygame.K_RETURN, 3)           # "Guided game"
    table = app.stack.top
    guide = guide_for("toy")
    assert isinstance(table, CoachedTable) and isinstance(table.game, ToyGameTable)
    assert table.match.seed == guide.seed and table.match.num_players == guide.players
    for move in range(guide.moves):
        assert table.coaching and table.coach_moves == move
        coached_turn(app, table)
        assert table.coach_moves == move + 1
    assert table.coach_taught == {"turn"}
    assert "toy" in app.ctx.settings.guided_seen


def test_a_phone_joins_the_toy_and_plays_its_move(phones_app):
    from tests.toy.phone import ToyPhone   # its PhoneGame reads the registered rules

    app = phones_app
    assert isinstance(phone_game("toy"), ToyPhone)
    table, clients = table_with_phones(app, "toy", 3, [0], seed=7)
    assert table.match.seats[0].device == phone_device(0)
    p0 = clients[0]
    decision = wait_decision(app, clients, 0)
    hand = p0.state["sections"][0]
    assert hand["title"] == "Your hand"
    assert len(hand["cards"]) == len(table.state.view(0).hand)
    labels = [o["label"] for o in decision["options"]]
    legal = table.state.legal_actions()
    assert labels == [f"Play {a.card}" if isinstance(a, Play) else "Draw a card"
                      for a in legal]
    assert all(isinstance(a, (Play, Draw)) for a in legal)
    card = hand["cards"][0]["img"]
    status, png, _ = p0.get(f"{card}?t={app.ctx.phones.tokens[0]}")
    assert status == 200 and png.startswith(b"\x89PNG")   # painted by the toy's own page
    before = table.moves_played
    p0.choose()
    settle(app, p0, lambda: table.moves_played > before)
    assert table.state.pile or table.state.hands[0] != []
    step(app, 5)
    assert not [m for m in p0.received if m["type"] == "error"]


def test_a_whole_toy_game_on_phones_sends_each_phone_only_its_own_view(phones_app):
    """tests/test_phones.py's privacy check (every picture rebuilt from a
    determinization for its seat) over a whole toy game on three phones."""
    whole_game_on_phones(phones_app, "toy", 3, ())


def test_unregistering_leaves_the_four_and_nothing_of_the_toy(app):
    assert "toy_jay" in LOOKS and table_spec("toy") is not None
    GAMES.unregister("toy")
    assert "toy" not in GAMES and len(GAMES) == 4
    assert table_spec("toy") is None and "toy_jay" not in LOOKS
    assert layouts.locate("toy_2") == layouts.LAYOUT_DIR / "toy_2.tmx"   # not its any more
    select = show(app, GameSelect(app.ctx))
    assert [c.info.id for c in select.group.widgets] == list(GAMES)
