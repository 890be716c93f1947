"""The guided first game, through the real app: picking a game never played offers it,
the coach points at its suggestion for the first moves and then lets go, the offer is
made once, and a guided game is not recorded."""
from __future__ import annotations

import pygame
import pytest

from game import settings as settings_mod
from scenes.game_select import GameSelect
from scenes.seat_setup import SeatSetup
from scenes.table.coach import GuideOffer, first_play, guide_for
from scenes.table.coached import CoachedTable
from scenes.table.spec import make_table
from sprites import ui
from tests.harness import drawing, make_app, press, show, run_until as frames_until

GAMES = ("cubirds", "flip_a_bird", "flappy_families", "yard_birbs")

# the coach's turns, words and targets are game logic: the app draws no frame. The one
# check of where the panel lands draws the table onto a surface of its own.
pytestmark = pytest.mark.draw(0)


@pytest.fixture
def app(tmp_path, request):
    app = make_app(tmp_path, draw=drawing(request))
    app.ctx.settings.ai_speed = "fast"
    yield app
    app.finish()


def run_until(app, test, limit: int = 3000) -> bool:
    return frames_until(app, test, limit)


def pick_game(app, game_id: str):
    """Game select from scratch, the game's card focused, Enter: the scene on top."""
    select = GameSelect(app.ctx)
    app.stack.reset(select)
    app.stack.apply_pending()
    app.frame(1 / 60)
    card = next(w for w in select.group.widgets if w.info.id == game_id)
    select.group.focus(card)
    press(app, pygame.K_RETURN, 3)
    return app.stack.top


def coached_turn(app, table, met: dict | None = None):
    """Wait for the coach to point, check the arrow is on its suggestion, and play the
    focused option of each pick (the suggestion) by key presses until a move is made;
    ``met`` gathers each kind of pick seen and the lesson the panel gave it."""
    assert run_until(app, lambda: table.coach_target() is not None)
    target = table.coach_target()
    suggestion = table.hints.hint_action
    point = table.guide.point
    assert target.value == (point(table, suggestion) if point else suggestion)
    assert table.turn.picker.focused is target          # the hint machinery focused it too
    heading, body, last, _ = table.coach_lines()
    assert heading.startswith("Coach") and body and last.startswith("The arrow")
    before = table.moves_played
    for _ in range(40):
        if met is not None and table.turn.picker is not None and table.coach_lines():
            met.setdefault(table.game.step, table.coach_lines()[1])
        press(app, pygame.K_RETURN, 2)
        if table.moves_played != before:
            return suggestion
    raise AssertionError("no move was played")


def coach_to_goodbye(app, table, limit: int = 30) -> dict:
    """Follow the arrow through every coached decision until the coach says it is done:
    each kind of pick met, with the lesson its panel showed."""
    met: dict = {}
    for _ in range(limit):
        assert run_until(app, lambda: table.coach_done or table.coach_target() is not None
                         or table.state.is_terminal(), 6000)
        if table.coach_done or table.state.is_terminal():
            return met
        coached_turn(app, table, met)
    raise AssertionError("the coach never let go")


def test_first_play_offers_a_guided_game_that_coaches_then_lets_go(app, tmp_path):
    offer = pick_game(app, "cubirds")
    assert isinstance(offer, GuideOffer)
    assert offer.group.focused.label == "Guided game"   # the guided choice comes first
    press(app, pygame.K_RETURN, 3)
    table = app.stack.top
    guide = guide_for("cubirds")
    assert isinstance(table, CoachedTable) and table.match.seed == guide.seed
    assert table.match.num_players == guide.players and table.match.humans == [0]
    assert table.keeper.match_id is None                       # not recorded: no history, no stats
    assert not table.ctx.store.unfinished()
    for move in range(guide.moves):
        assert table.coaching and table.coach_moves == move
        coached_turn(app, table)
        assert table.coach_moves == move + 1 and not table.coach_open
        assert table.coach_lines() is not None          # it says something as it moves on
    coach_to_goodbye(app, table)
    assert table.coach_done and not table.coaching
    assert table.coach_note[0] == "Coach: that's all from me"
    # from here on a normal game: no arrow, no hint unless asked
    assert run_until(app, lambda: table.human_deciding or table.state.is_terminal())
    assert table.coach_target() is None and table.hints.hint_decision is None
    assert "cubirds" in settings_mod.load(tmp_path / "settings.json", app.ctx.log).guided_seen
    # the second time the game is picked there is no offer
    assert isinstance(pick_game(app, "cubirds"), SeatSetup)


def test_a_different_choice_is_allowed_and_the_coach_says_what_it_suggested(app):
    offer = pick_game(app, "flip_a_bird")
    assert isinstance(offer, GuideOffer)
    press(app, pygame.K_RETURN, 3)
    table = app.stack.top
    # the first real choice: which card to play (the first draw is the only move, shown
    # but not counted)
    coached_turn(app, table)
    assert table.coach_moves == 0
    assert run_until(app, lambda: table.coach_target() is not None and table.game.step == "play")
    suggestion = table.hints.hint_action
    others = [o for o in table.turn.picker.options if o.enabled and o.value != suggestion]
    assert others
    table.turn.picker.focus_value(others[0].value)
    before = table.moves_played
    press(app, pygame.K_RETURN, 2)
    assert table.moves_played == before + 1 and table.coach_moves == 1
    heading, words = table.coach_note
    assert "I had suggested" in words and table.words(suggestion) in words
    assert table.coach_lines()[1] == words                # shown while the others play


def test_just_play_goes_to_seat_setup_and_back_asks_again(app):
    offer = pick_game(app, "yard_birbs")
    assert isinstance(offer, GuideOffer)
    press(app, pygame.K_ESCAPE, 3)                       # Back: nothing decided
    assert isinstance(pick_game(app, "yard_birbs"), GuideOffer)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN, 3)                       # "Just play"
    assert isinstance(app.stack.top, SeatSetup)
    assert "yard_birbs" in app.ctx.settings.guided_seen
    assert isinstance(pick_game(app, "yard_birbs"), SeatSetup)


def test_a_game_already_played_or_a_kiosk_is_not_offered_one(tmp_path):
    from game.session import Match, default_seats

    app = make_app(tmp_path)
    table = make_table(app.ctx, Match("flappy_families", default_seats(2, 1), 5))
    show(app, table)
    assert table.keeper.match_id is not None                    # a game of it is in the store
    assert not first_play(app.ctx, "flappy_families") and first_play(app.ctx, "cubirds")
    top = pick_game(app, "flappy_families")             # the saved game is offered instead
    assert type(top).__name__ == "SavedGameChoice"
    app.finish()
    kiosk = make_app(tmp_path / "kiosk", kiosk=True)
    assert isinstance(pick_game(kiosk, "cubirds"), SeatSetup)
    kiosk.finish()


def test_guided_game_can_be_asked_for_from_game_select(app):
    app.ctx.settings.guided_seen = tuple(GAMES)          # every offer answered already
    select = GameSelect(app.ctx)
    app.stack.reset(select)
    app.stack.apply_pending()
    app.frame(1 / 60)
    card = next(w for w in select.group.widgets if w.info.id == "flappy_families")
    select.group.focus(card)
    press(app, pygame.K_h, 3)
    table = app.stack.top
    assert isinstance(table, CoachedTable) and table.match.seed == guide_for("flappy_families").seed


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_guided_game_that_coaches_its_moves(app, game_id):
    offer = pick_game(app, game_id)
    assert isinstance(offer, GuideOffer)
    press(app, pygame.K_RETURN, 3)
    table = app.stack.top
    guide = guide_for(game_id)
    assert isinstance(table, CoachedTable) and table.match.seed == guide.seed
    first = None
    while table.coach_moves < guide.moves:
        played = coached_turn(app, table)
        first = played if first is None else first
        # the panel stays inside the safe area and clear of the status line and prompt
        # bar (of names, labels and card corners too: tests/test_ui_audit.py)
        surface = pygame.Surface((1920, 1080))
        table.draw(surface)
        spot = table._coach_picture[2]
        assert ui.SAFE.contains(spot)
        log = pygame.Rect(table.layout.get("log").rect)
        for rect in table.coach_keep_clear():
            assert rect == log or not spot.colliderect(rect)
    assert first is not None and table.coach_moves == guide.moves
    assert all(len(text) > 20 for text in guide.lessons.values())


def test_the_games_offered_survive_a_bad_settings_file(tmp_path):
    import json
    import logging

    log = logging.getLogger("test.coach")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"guided_seen": ["yard_birbs", "cubirds", "cubirds"]}))
    assert settings_mod.load(path, log).guided_seen == ("cubirds", "yard_birbs")
    for bad in ("cubirds", [1, 2], {"cubirds": True}, None):
        path.write_text(json.dumps({"guided_seen": bad, "hints": False}))
        loaded = settings_mod.load(path, log)
        assert loaded.guided_seen == () and loaded.hints is False


@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_stays_until_every_kind_of_pick_met_has_had_its_lesson(app, game_id):
    """Issue 27: the guided Yard Birbs game said goodbye just as "Birdseed: bury a card"
    first came up, and never explained it. Coaching now ends only when its moves are
    done and every kind of pick met so far had its own lesson on the panel."""
    table = start_guided_game(app, game_id)
    met = coach_to_goodbye(app, table)
    assert table.coach_done and table.coach_moves >= table.guide.moves
    for step, body in met.items():
        assert body == table.guide.lessons[step], f"{step}: shown {body!r}"
    assert set(met) <= table.coach_taught
    if game_id == "yard_birbs":   # the third move is Birdseed: its bury is taught too
        from game.yard_birbs import rules as R
        assert R.BIRDSEED_BURY in met and table.coach_moves > table.guide.moves
    # the goodbye is said at a decision of a kind already taught
    assert run_until(app, lambda: table.human_deciding)
    assert table.game.step in table.coach_taught and table.coach_target() is None


def start_guided_game(app, game_id: str):
    app.ctx.settings.guided_seen = tuple(GAMES)
    select = GameSelect(app.ctx)
    app.stack.reset(select)
    app.stack.apply_pending()
    app.frame(1 / 60)
    card = next(w for w in select.group.widgets if w.info.id == game_id)
    select.group.focus(card)
    press(app, pygame.K_h, 3)
    table = app.stack.top
    assert isinstance(table, CoachedTable)
    return table


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_pick_a_guided_game_meets_has_a_lesson(app, game_id):
    """The guided game played on with picks chosen at random (seeded), far past its
    coached moves: every kind of pick that comes up has a lesson of its own (a missing
    one would show the coach's fallback words)."""
    import random

    table = start_guided_game(app, game_id)
    rng = random.Random(5)
    seen: set = set()
    picks = 0
    while picks < 90 and not table.state.is_terminal():
        assert run_until(app, lambda: table.coach_step() is not None
                         or table.state.is_terminal(), 6000)
        step = table.coach_step()
        if step is None:
            break
        seen.add(step)
        assert step in table.guide.lessons, f"{game_id}: no lesson for {step!r}"
        enabled = [o for o in table.turn.picker.options if o.enabled]
        table.turn.picker.focus_value(rng.choice(enabled).value)
        press(app, pygame.K_RETURN, 2)
        picks += 1
    assert len(seen) >= 3, seen


def test_the_yard_birbs_guide_teaches_every_pick_the_rules_can_ask():
    from game.yard_birbs import rules as R

    asked = set(R.PHASE_PROMPTS) - {R.OVER}
    assert asked <= set(guide_for("yard_birbs").lessons)
