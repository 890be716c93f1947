"""The shared table loop, driven with the toy game: AI seats, a human seat, pause, results."""
import pygame
import pytest

from game.input import Act
from game.session import Match, Seat
from scenes.table.scene import THINK
from tests.harness import make_app, press, show
from sprites import ui
from tests.toy.rules import Play, Played
from tests.toy.table import ToyGameTable, ToyTable


@pytest.fixture
def app(tmp_path, toy):
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
    assert any("plays" in line for line in table.log_book.log_lines)


def test_an_ai_takes_at_least_its_thinking_time(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("A"), Seat("B")), 1)), frames=0)
    before = table.state.to_dict()
    run(app, int(THINK["normal"] * 60) - 3)
    assert table.state.to_dict() == before
    run(app, 10)
    assert table.state.to_dict() != before


def test_a_human_picks_with_keys_and_only_legal_moves_happen(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    assert table.turn.turn_ready and table.state.current_player == 0
    first = table.turn.picker.focused.value
    press(app, pygame.K_RIGHT)
    second = table.turn.picker.focused.value
    assert second != first
    press(app, pygame.K_RETURN)
    assert table.state.current_player == 1
    assert table.log_book.log_lines[-1].startswith("Me ")


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
    assert table.log_book.log_lines[-1].startswith("Hint: ")
    press(app, pygame.K_RETURN)                      # playing clears the hint
    assert table.hints.hint_action is None


def test_hints_can_be_switched_off(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("Me", human=True), Seat("Bot")), 2)))
    app.ctx.settings.hints = False
    press(app, pygame.K_h)
    run(app, 30)
    assert table.hints.hint_decision is None


def test_no_hint_on_an_ai_turn(app):
    table = show(app, ToyTable(app.ctx, Match("toy", (Seat("A"), Seat("B")), 2)), frames=0)
    press(app, pygame.K_h)
    assert table.hints.hint_decision is None


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
    assert not table.turn.turn_ready and table.turn.decision is None


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
    recap = table.log_book.since_last_move(0)
    assert [line.mover for line in recap] == [1, 2]   # the two others, in order
    assert all(not line.startswith("Me ") for line in recap)
    heading, lines, bright = table.log_panel.log_view()
    assert heading == "Since your turn" and list(lines) == recap and bright == 2
    table.draw(app.screen)                          # and the panel draws them


def test_what_the_others_changed_is_outlined_until_you_act(app):
    """Each place another seat's move changed is outlined in that seat's colour, with its
    shape, from the end of the move's animation until the person acts again; a move
    taken back forgets them."""
    from scenes.table.changes import CLEAR

    class MarkingGame(ToyGameTable):
        def changed_places(self, events):   # card -1 stands for a fresh deal
            for e in events:
                if isinstance(e, Played):
                    yield from ([CLEAR] if e.card == -1 else []) + [("pile", e.seat)]

        def changed_rect(self, key):
            return pygame.Rect(300 + 400 * key[1], 300, 200, 200)

    class Marking(ToyTable):
        game_kind = MarkingGame

    seats = (Seat("Me", human=True), Seat("Bot"), Seat("Cat"))
    table = show(app, Marking(app.ctx, Match("toy", seats, 4)))
    press(app, pygame.K_RETURN)                     # my move: nothing of mine is outlined
    assert table.changes.shown() == {}
    for _ in range(2000):
        app.frame(1 / 60)
        if table.human_deciding:
            break
    assert table.changes.shown() == {("pile", 1): [1], ("pile", 2): [2]}
    table.draw(app.screen)
    for seat in (1, 2):
        ring = table.game.changed_rect(("pile", seat)).inflate(10, 10)
        colour = ui.SEAT_COLOURS[table.match.seats[seat].colour % 6]
        edge = [tuple(app.screen.get_at((ring.centerx, ring.y + dy)))[:3] for dy in range(4)]
        assert colour in edge                       # the ring, in the mover's colour
    press(app, pygame.K_RETURN)                     # I act: the outlines go
    assert table.changes.shown() == {}
    table.changes.note(1, [Played(1, 5, False)])    # a move's places wait for its animation
    assert table.changes.shown() == {}
    table.changes.settle()
    assert table.changes.shown() == {("pile", 1): [1]}
    table.changes.note(2, [Played(2, -1, False)])   # a fresh table forgets what was
    table.changes.settle()
    assert table.changes.shown() == {("pile", 2): [2]}
    table.changes.forget()
    assert table.changes.shown() == {}


GAMES = ["cubirds", "flip_a_bird", "flappy_families", "yard_birbs"]


def play_to_outlines(app, game: str):
    """A 4-seat table of ``game`` (the person in seat 0) played on until, at the
    person's turn, something the AI seats changed is outlined."""
    from game.session import default_seats
    from scenes.table.spec import make_table

    app.ctx.settings.ai_speed = "fast"
    table = show(app, make_table(app.ctx, Match(game, default_seats(4, 1), 3)))
    for _ in range(12000):
        app.frame(1 / 20)
        if not table.human_deciding:
            continue
        if any(table.game.changed_rect(key) is not None for key in table.changes.shown()):
            break
        table.submit(table.state.legal_actions()[0])
    return table


@pytest.mark.parametrize("game", GAMES)
def test_every_table_outlines_what_the_ai_changed(app, game):
    """At each game's table, back at the person's turn the places the AI seats changed
    are outlined where they lie (on the canvas, in a mover's colour), and go as they act."""
    table = play_to_outlines(app, game)
    shown = table.changes.shown()
    assert shown, "no AI move was outlined"
    canvas = pygame.Rect((0, 0), ui.CANVAS)
    for key, movers in shown.items():
        assert movers and 0 not in movers          # the person's own moves are not news
        rect = table.game.changed_rect(key)
        if rect is not None:
            assert canvas.contains(rect), (key, rect)
    table.draw(app.screen)
    table.submit(table.state.legal_actions()[0])
    assert table.changes.shown() == {}


@pytest.mark.parametrize("game", GAMES)
def test_seat_colours_come_with_their_shapes_on_every_table(app, game, monkeypatch):
    """With Colour patterns on, whatever a table marks in a seat's colour also carries
    that seat's shape: every plate, every log line's marker, every outline of a change."""
    app.ctx.settings.colour_patterns = True
    table = play_to_outlines(app, game)
    shapes, marks = [], []
    real_shape, real_mark = ui.draw_shape, table.paint.draw_seat_mark
    monkeypatch.setattr(ui, "draw_shape", lambda surface, shape, centre, r, colour, *a, **k:
                        shapes.append((shape, tuple(colour), surface.get_size()))
                        or real_shape(surface, shape, centre, r, colour, *a, **k))
    monkeypatch.setattr(table.paint, "draw_seat_mark", lambda surface, seat, *a:
                        marks.append(seat) or real_mark(surface, seat, *a))
    table.paint._plates.clear()                           # paint the cached pictures afresh
    table.log_panel._log_picture = None
    table.draw(app.screen)
    def mark(seat):
        colour = table.match.seats[seat].colour % 6
        return ui.SEAT_SHAPES[colour], ui.SEAT_COLOURS[colour]
    for seat in range(table.match.num_players):   # on its plate's picture
        assert (*mark(seat), table.paint.seat_rect(seat).size) in shapes
    log = table.layout.get("log")
    _, lines, _ = table.log_panel.log_view()
    newest = lines[-1].mover                        # the line every log panel shows
    assert newest is not None and (*mark(newest), (log.w, log.h)) in shapes
    outlined = {m for key, ms in table.changes.shown().items()
                if table.game.changed_rect(key) is not None for m in ms}
    assert outlined and outlined <= set(marks)      # each outline with its mover's shape
