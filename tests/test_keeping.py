"""Nothing is lost, through the real app: a game with a person in it is saved move by move
in the real database file, continued from the title (also after the process is killed),
a slip is taken back by key presses, and Abandon, kiosks and all-AI tables save nothing."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.session import Match, Seat, default_seats
from game.store import open_store
from scenes.resume import Rejoin
from scenes.table.spec import make_table
from scenes.title import Title
from tests.harness import make_app, press, show, run_until

STEP = 1 / 20
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    yield app
    app.finish()


def human_move(app, table) -> None:
    """Wait for the person's turn, then press Enter until a move has been played (the
    focused option of each pick; Down now and then if a pick refuses)."""
    assert run_until(app, lambda: table.human_deciding)
    before = table.moves_played
    for i in range(60):
        press(app, pygame.K_DOWN if i % 7 == 6 else pygame.K_RETURN)
        if table.moves_played != before:
            return
    raise AssertionError("no move was played")


def new_table(app, game="cubirds", players=2, humans=1, seed=5):
    table = make_table(app.ctx, Match(game, default_seats(players, humans), seed))
    show(app, table)
    return table


def test_a_game_with_a_person_is_saved_and_continued_from_the_title(tmp_path):
    app = make_app(tmp_path)
    app.ctx.settings.ai_speed = "fast"
    table = new_table(app)
    for _ in range(3):
        human_move(app, table)
    assert run_until(app, lambda: table.human_deciding)
    expected, moves, log = table.state.to_dict(), table.moves_played, list(table.log_book.log_lines)
    app.finish()                          # quitting: nothing to call, the moves are in

    app = make_app(tmp_path)
    title = show(app, Title(app.ctx))
    card = title.continue_card
    assert card is not None and title.group.focused is card
    assert card.entry.describe().startswith("CuBirds, 2 players, round ")
    press(app, pygame.K_RETURN, 3)
    resumed = app.stack.top
    assert resumed is not title and resumed.resumed
    assert resumed.state.to_dict() == expected
    assert resumed.moves_played == moves
    assert list(resumed.log_book.log_lines)[-len(log):] == log
    movers = [getattr(line, "mover", None) for line in log]
    assert any(m is not None for m in movers)      # each line still knows whose move it told
    assert [getattr(line, "mover", None)
                    for line in list(resumed.log_book.log_lines)[-len(log):]] == movers
    from scenes.cubirds.table import Counts       # the table shows the saved game, not a
    assert resumed.game.counts == Counts.of(resumed.shown)   # table waiting for a deal
    assert sum(len(row) for row in resumed.game.rows_spr) == sum(map(len, expected["rows"]))
    human_move(app, resumed)              # and play goes on, saved as before
    saved = app.ctx.store.load_match(resumed.keeper.match_id)
    assert len(saved.moves) == resumed.moves_played
    app.finish()


def test_game_select_offers_the_saved_game_or_a_new_one(app):
    table = new_table(app)
    human_move(app, table)
    from scenes.game_select import GameSelect
    select = GameSelect(app.ctx)
    app.stack.reset(select)
    app.stack.apply_pending()
    cubirds = next(w for w in select.group.widgets if w.info.id == "cubirds")
    assert cubirds.saved is not None and cubirds.saved.progress.startswith("round")
    assert all(w.saved is None for w in select.group.widgets if w is not cubirds)
    select.group.focus(cubirds)
    press(app, pygame.K_RETURN, 2)
    choice = app.stack.top
    assert type(choice).__name__ == "SavedGameChoice"
    press(app, pygame.K_RETURN, 3)        # "Continue it" is focused first
    assert app.stack.top.resumed and app.stack.top.keeper.match_id == table.keeper.match_id


def test_killed_mid_game_the_next_start_continues_at_the_last_saved_move(tmp_path):
    """A real process plays (a person's moves by key presses) and is SIGKILLed; the next
    start continues from the title at the last move the database has."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "playing"
        while int(child.stdout.readline() or 10**6) < 12:   # a dozen moves saved...
            pass
        # ...and killed the moment it says so, while it goes on playing: wherever the
        # next move is (thinking, animating, mid-write), no fixed pause picks the point
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    os.environ["XDG_DATA_HOME"] = env["XDG_DATA_HOME"]
    store = open_store()
    [entry] = store.unfinished()
    saved = store.load_match(entry.id)
    store.close()
    assert entry.moves == len(saved.moves) > 0
    app = make_app(tmp_path)
    title = show(app, Title(app.ctx))
    assert title.continue_card.entry.id == entry.id
    press(app, pygame.K_RETURN, 3)
    table = app.stack.top
    assert table.resumed and table.keeper.match_id == entry.id
    # it carried on from the last saved move: every move since (an AI's may come at once)
    # is saved after those, and the table's game is exactly the seed plus all of them
    now = app.ctx.store.load_match(entry.id)
    assert now.moves[:len(saved.moves)] == saved.moves
    assert table.moves_played == len(now.moves) >= len(saved.moves)
    assert [m.index for m in now.moves] == list(range(len(now.moves)))
    from game.replay import Recording, rebuild
    assert table.state.to_dict() == rebuild(Recording.from_saved(now)).to_dict()
    app.finish()


CHILD = """
import sys, pygame
from pathlib import Path
from tests.harness import make_app, press, show
from game.session import Match, default_seats
from scenes.table.spec import make_table
app = make_app(Path(sys.argv[1]))
app.ctx.settings.ai_speed = "fast"
table = make_table(app.ctx, Match("cubirds", default_seats(2, 1), 8))
show(app, table)
print("playing", flush=True)
i = 0
told = 0
while True:
    app.frame(1 / 20)
    if table.moves_played != told:
        told = table.moves_played
        print(told, flush=True)
    if table.human_deciding:
        i += 1
        press(app, pygame.K_DOWN if i % 7 == 6 else pygame.K_RETURN)
"""


def test_a_slip_is_taken_back_with_b_and_the_log_says_so(app):
    table = new_table(app, seed=11)
    for _ in range(30):
        human_move(app, table)
        assert run_until(app, lambda: table.human_deciding or table.state.is_terminal())
        if table.keeper.undo_target() is not None:
            break
    else:
        pytest.skip("no move of this deal could be taken back")
    index = table.keeper.undo_target()
    guard_state = table.keeper.guard.move_at(index)[0].to_dict()
    assert ("Take back" in [label for _, label in table.prompt_bar()])
    press(app, pygame.K_ESCAPE, 2)
    confirm = app.stack.top
    assert type(confirm).__name__ == "Confirm" and confirm.question == "Take back your move?"
    press(app, pygame.K_LEFT)             # "Keep it" is focused first
    press(app, pygame.K_RETURN, 3)
    assert app.stack.top is table
    assert table.state.to_dict() == guard_state
    assert table.moves_played == index
    assert any("takes back" in line for line in table.log_book.log_lines)
    saved = app.ctx.store.load_match(table.keeper.match_id)
    assert len(saved.moves) == index
    assert saved.log[-1].startswith(f"{table.match.seats[0].name} takes back")


def test_undo_switched_off_offers_nothing(app):
    app.ctx.settings.undo = False
    table = new_table(app, seed=11)
    human_move(app, table)
    assert run_until(app, lambda: table.human_deciding)
    assert table.keeper.undo_target() is None
    assert "Take back" not in [label for _, label in table.prompt_bar()]
    press(app, pygame.K_ESCAPE, 2)
    pause = app.stack.top
    labels = [w.label for w in pause.group.widgets]
    assert "Take back" not in labels and "Abandon game" in labels


def test_abandon_game_is_no_longer_offered(app):
    table = new_table(app)
    human_move(app, table)
    table.open_pause()
    app.frame(STEP)
    pause = app.stack.top
    pause.group.focus(next(w for w in pause.group.widgets if w.label == "Abandon game"))
    press(app, pygame.K_RETURN, 2)
    press(app, pygame.K_LEFT)             # the confirm focuses "Keep playing" first
    press(app, pygame.K_RETURN, 3)
    assert isinstance(app.stack.top, Title)
    assert app.stack.top.continue_card is None
    assert app.ctx.store.unfinished() == []


def test_quitting_to_the_menu_says_the_game_is_kept(app):
    table = new_table(app)
    human_move(app, table)
    table.open_pause()
    app.frame(STEP)
    pause = app.stack.top
    pause.quit_to_menu()
    app.frame(STEP)
    assert "kept" in app.stack.top.detail


def test_all_ai_tables_and_kiosks_save_nothing(app, tmp_path):
    table = new_table(app, humans=0)
    run_until(app, lambda: table.moves_played >= 5)
    assert table.keeper.match_id is None and app.ctx.store.unfinished() == []
    kiosk = make_app(tmp_path / "k", kiosk=True)
    assert not kiosk.ctx.store.saving
    table = make_table(kiosk.ctx, Match("cubirds", default_seats(2, 1), 3))
    assert table.keeper.match_id is None and not table.keeper.keeping
    kiosk.finish()


def test_several_people_take_their_seats_again_before_it_goes_on(app):
    from game.input import KBM, Act, Input
    seats = (Seat("Robin", True, colour=0, device=KBM), Seat("Wren", True, colour=1,
                                                              device="pad-1"),
             Seat("Finch", False, "easy", 2))
    table = make_table(app.ctx, Match("cubirds", seats, 4))
    show(app, table)
    run_until(app, lambda: table.human_deciding)
    app.stack.reset(Title(app.ctx))
    app.stack.apply_pending()
    title = app.stack.top
    press(app, pygame.K_RETURN, 2)
    rejoin = app.stack.top
    assert isinstance(rejoin, Rejoin)
    rejoin.start()                         # nobody has sat down: refused, said why
    assert app.stack.top is rejoin and "Everyone" in rejoin.message
    press(app, pygame.K_RETURN)            # the keyboard takes the first free seat
    assert rejoin.seats[0].device == KBM
    rejoin.handle(Input(Act.CONFIRM, "pad-7"))   # a controller takes the next
    assert rejoin.seats[1].device == "pad-7" and rejoin.seats[2].level == "easy"
    rejoin.start()
    app.stack.apply_pending()
    resumed = app.stack.top
    assert resumed.resumed and resumed.couch.owners == {0: KBM, 1: "pad-7"}
    assert resumed.state.to_dict() == table.state.to_dict()
    assert title is not resumed
