"""The shared table loop, driven with the toy game: AI seats, a human seat, pause, results."""
import pygame
import pytest

from game.input import Act
from game.session import Match, Seat
from scenes.table.scene import THINK
from tests.harness import make_app, press, show
from tests.toy_game import Play
from tests.toy_table import ToyTable


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    pygame.quit()


def run(app, frames):
    for _ in range(frames):
        app.frame(1 / 60)


def test_ai_only_table_plays_to_the_results(app):
    from scenes.results import Results

    table = show(app, ToyTable(app.ctx, Match("toy", tuple(Seat(f"S{i}") for i in range(3)), 5)))
    for _ in range(5000):
        app.frame(1 / 60)
        if isinstance(app.stack.top, Results):
            break
    assert table.state.is_terminal()
    assert isinstance(app.stack.top, Results)
    assert any("plays" in line for line in table.log_lines)


def test_an_ai_takes_at_least_its_thinking_time(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("A"), Seat("B")), 1)), frames=0)
    before = table.state.to_dict()
    run(app, int(THINK["normal"] * 60) - 3)
    assert table.state.to_dict() == before
    run(app, 10)
    assert table.state.to_dict() != before


def test_a_human_picks_with_keys_and_only_legal_moves_happen(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    assert table.turn_ready and table.state.current_player == 0
    first = table.picker.focused.value
    press(app, pygame.K_RIGHT)
    second = table.picker.focused.value
    assert second != first
    press(app, pygame.K_RETURN)
    assert table.state.current_player == 1
    assert table.log_lines[-1].startswith("Me ")


def test_an_illegal_submit_is_refused_and_changes_nothing(app, caplog):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 3)))
    before = table.state.to_dict()
    assert not table.submit(Play(999))
    assert table.state.to_dict() == before
    assert any("illegal" in r.getMessage() for r in caplog.records)


def test_pause_freezes_the_ai(app):
    from scenes.pause import Pause

    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("A"), Seat("B")), 4)), frames=0)
    before = table.state.to_dict()
    press(app, pygame.K_p)
    assert isinstance(app.stack.top, Pause)
    run(app, 200)
    assert table.state.to_dict() == before
    press(app, pygame.K_p)
    run(app, 60)
    assert table.state.to_dict() != before


def test_back_with_nothing_to_undo_opens_pause(app):
    from scenes.pause import Pause

    show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Pause)


def test_a_hint_is_computed_in_slices_logged_and_shown(app, monkeypatch):
    shown = []
    monkeypatch.setattr(ToyTable, "show_hint", lambda self, action: shown.append(action))
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    press(app, pygame.K_h)
    for _ in range(120):
        app.frame(1 / 60)
        if shown:
            break
    assert shown and shown[0] in table.state.legal_actions()
    assert table.log_lines[-1].startswith("Hint: ")
    press(app, pygame.K_RETURN)                      # playing clears the hint
    assert table.hint_action is None


def test_hints_can_be_switched_off(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    app.ctx.settings.hints = False
    press(app, pygame.K_h)
    run(app, 30)
    assert table.hint_decision is None


def test_no_hint_on_an_ai_turn(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("A"), Seat("B")), 2)), frames=0)
    press(app, pygame.K_h)
    assert table.hint_decision is None


@pytest.mark.parametrize("human", [False, True])
def test_a_forced_action_is_played_at_once_for_any_seat(app, monkeypatch, human):
    """forced_action(): no thinking pause for an AI, no picker for a human."""
    monkeypatch.setattr(ToyTable, "forced_action",
                        lambda self: self.state.legal_actions()[-1]
                        if self.state.current_player == 0 else None)
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("A", human=human), Seat("B")), 6)),
                 frames=0)
    forced = table.state.legal_actions()[-1]
    applied = []
    real = table.state.apply
    table.state.apply = lambda action: applied.append(action) or real(action)
    app.frame(1 / 60)
    assert applied == [forced] and table.state.current_player == 1
    assert not table.turn_ready and table.decision is None


def test_the_log_recaps_what_the_others_did_since_your_turn(app):
    """Back at a person's turn the log panel lists, under 'Since your turn', the lines of
    every move made since their own, each knowing whose move it told."""
    seats = (Seat("Me", human=True), Seat("Bot"), Seat("Cat"))
    table = show(app, ToyTable(app.ctx, Match("toy", seats, 4)))
    press(app, pygame.K_RETURN)                     # my move
    for _ in range(2000):
        app.frame(1 / 60)
        if table.human_deciding:
            break
    recap = table.since_last_move(0)
    assert [line.mover for line in recap] == [1, 2]   # the two others, in order
    assert all(not line.startswith("Me ") for line in recap)
    heading, lines, bright = table.log_view()
    assert heading == "Since your turn" and list(lines) == recap and bright == 2
    table.draw(app.screen)                          # and the panel draws them
