"""The History screen, the Results highlights and Seat setup's profiles, over real stores
filled with made-up histories (tools.bench.synthetic_history) and real seeded games,
driven through the real input path (keys, mouse) of a headless App."""
from __future__ import annotations

import random
import sys
import types
from pathlib import Path

import pygame
import pytest

from game.engine import new_game
from game.replay import load_recording
from game.session import SEAT_NAMES, Match, Seat
from game.store import Store, open_store
from scenes.history import PAGE_ROWS, History, MatchDetail, MatchRow, seat_label
from tests.harness import make_app, post, press, show
from tools.bench import PEOPLE, synthetic_history


@pytest.fixture
def app(tmp_path):
    """An App whose store is a fresh database in tmp_path (its own is closed)."""
    app = make_app(tmp_path)
    app.ctx.store.close()
    app.ctx.store = open_store(tmp_path / "birdhouse.db")
    yield app
    app.ctx.store.close()
    pygame.quit()


class Clock:
    """The store's clock: an hour passes between matches, not between calls."""

    def __init__(self) -> None:
        self.now = 1.7e9

    def __call__(self) -> float:
        return self.now


def play_real(store: Store, games: list[tuple[str, int]], people=("Robin", "Wren"),
              level: str = "hard") -> list[tuple[int, object, Match]]:
    """Record real seeded random games to the end: (match id, final state, match)."""
    clock = Clock()
    store.clock = clock
    birds = [n for n in SEAT_NAMES if n not in people]
    out = []
    for seed, (game_id, players) in enumerate(games):
        clock.now += 3600
        names = list(people[:players]) + birds[:players - len(people[:players])]
        match = Match(game_id, tuple(Seat(n, human=n in people, level=level, colour=i)
                                     for i, n in enumerate(names)), seed)
        state = new_game(game_id, players, seed)
        match_id = store.start_match(match, state=state)
        rng, index = random.Random(seed), 0
        while not state.is_terminal():
            seat, action = state.current_player, rng.choice(state.legal_actions())
            state.apply(action)
            assert store.record_move(match_id, index, seat, action, state)
            index += 1
        out.append((match_id, state, match))
    return out


def record_text(monkeypatch, app) -> list[str]:
    """Every line of text the assets render from now on (what is on screen)."""
    seen: list[str] = []
    assets = app.ctx.assets
    for name in ("text", "text_fit", "text_block"):
        real = getattr(assets, name)

        def wrapper(text, *args, _real=real, **kwargs):
            seen.append(text)
            return _real(text, *args, **kwargs)
        monkeypatch.setattr(assets, name, wrapper)
    return seen


def click(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(1 / 60)
    app.frame(1 / 60)


def row_ids(scene: History) -> list[int]:
    return [w.summary.id for w in scene.group.widgets if isinstance(w, MatchRow)]


# -- History -------------------------------------------------------------------------------
def test_the_title_offers_history_except_in_a_kiosk(app, tmp_path):
    from scenes.title import Title

    title = show(app, Title(app.ctx))
    buttons = [w for w in title.group.widgets if hasattr(w, "label")]
    labels = [w.label for w in buttons]
    assert labels == ["Play", "How to play", "History", "Settings", "Quit"]
    title.group.focus(buttons[2])
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, History)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    (tmp_path / "kiosk").mkdir()
    kiosk = make_app(tmp_path / "kiosk", kiosk=True)
    kiosk_title = show(kiosk, Title(kiosk.ctx))
    assert "History" not in [getattr(w, "label", "") for w in kiosk_title.group.widgets]


def test_matches_are_listed_newest_first_and_paged(app):
    history = synthetic_history(app.ctx.store, 23, seed=2)
    newest = [m["id"] for m in reversed(history)]
    scene = show(app, History(app.ctx))
    assert scene.total == 23 and scene.pages == 5
    assert row_ids(scene) == newest[:PAGE_ROWS]
    assert scene.group.focused.summary.id == newest[0]   # the newest match has focus
    for page in range(1, 5):
        press(app, pygame.K_e)                             # NEXT: an older page
        assert scene.page == page
        assert row_ids(scene) == newest[page * PAGE_ROWS:(page + 1) * PAGE_ROWS]
    press(app, pygame.K_e)                                 # the last page stays
    assert scene.page == 4 and len(row_ids(scene)) == 3
    press(app, pygame.K_q)
    assert scene.page == 3
    newer = next(w for w in scene.group.widgets if getattr(w, "key", "") == "newer")
    click(app, newer.rect.center)                          # the mouse turns pages too
    assert scene.page == 2 and row_ids(scene) == newest[10:15]


def test_a_row_shows_game_date_people_levels_winners_and_scores(app, monkeypatch):
    history = synthetic_history(app.ctx.store, 6, seed=5)
    seen = record_text(monkeypatch, app)
    show(app, History(app.ctx))
    want = history[-1]
    from scenes.history import game_name, when
    assert game_name(want["game"]) in seen
    assert any(when(want["ended"]) in line for line in seen)
    for name, human, level, score, won in want["seats"]:
        label = name if human else f"{name} ({level.title()} AI)"
        assert label in seen, label
        assert f" {score}" in seen
    winners = [name for name, *_, won in want["seats"] if won]
    assert any(all(w in line for w in winners) and ("won" in line or "shared" in line)
               for line in seen)


def test_the_game_filter_lists_one_game(app):
    history = synthetic_history(app.ctx.store, 30, seed=6)
    scene = show(app, History(app.ctx))
    press(app, pygame.K_UP)                                # the list -> the Game filter
    assert getattr(scene.group.focused, "key", "") == "filter"
    press(app, pygame.K_RIGHT)
    game_id = scene.games[0]
    assert scene.game_filter == game_id
    ids = [m["id"] for m in reversed(history) if m["game"] == game_id]
    assert scene.total == len(ids) and row_ids(scene) == ids[:PAGE_ROWS]


def test_focus_moves_line_by_line_and_wraps(app):
    synthetic_history(app.ctx.store, 12, seed=1)
    scene = show(app, History(app.ctx))
    keys = []
    for _ in range(8):
        keys.append(getattr(scene.group.focused, "key", ""))
        press(app, pygame.K_DOWN)
    assert keys == ["row:0", "row:1", "row:2", "row:3", "row:4", "newer", "filter", "row:0"]


def test_statistics_show_the_stores_numbers(app, monkeypatch):
    store = app.ctx.store
    synthetic_history(store, 120, seed=3)
    scene = show(app, History(app.ctx))
    press(app, pygame.K_TAB)                                # X / Tab: Statistics
    assert scene.view == "stats"
    person = scene.person_name
    assert scene.people == [p.name for p in store.profiles()] and person in PEOPLE
    by_game = store.stats_by_game(person)
    lines = dict(scene.stat_lines())
    assert lines["Games played"] == str(sum(s.played for s in by_game))
    assert lines["Wins"] == str(sum(s.wins for s in by_game))
    press(app, pygame.K_DOWN)                               # Player -> Game
    seen = record_text(monkeypatch, app)
    press(app, pygame.K_RIGHT)                              # the first game
    game_id = scene.games[0]
    assert scene.stat_game == game_id
    app.ctx.app.last_input = app.ctx.time                   # keep the frame being drawn
    app.frame(1 / 60)
    stats = store.stats(person, game_id)
    want = {"Games played": str(stats.played), "Wins": str(stats.wins),
            "Win rate": f"{stats.win_rate:.0%}", "Best score": str(stats.best),
            "Average score": f"{stats.average:.1f}",
            "Winning streak now": str(stats.current_streak),
            "Longest winning streak": str(stats.longest_streak)}
    assert dict(scene.stat_lines()) == want
    for label, value in want.items():
        assert label in seen and value in seen
    for level, record in stats.vs_ai.items():
        assert f"won {record.wins} of {record.played}" in seen
    press(app, pygame.K_e)                                  # RB / E: the next person
    assert scene.person_name == scene.people[1 % len(scene.people)]
    assert scene.stats == store.stats(scene.person_name, game_id)


def settle(app, scene: History, limit: int = 2000) -> int:
    """Frames until the screen has built everything it means to (now and ahead)."""
    frames = 0
    while scene.jobs.now or scene.jobs.later:
        app.frame(1 / 60)
        frames += 1
        assert frames < limit, "the screen never finished building"
    return frames


def test_the_screen_reads_the_store_only_to_change_or_to_read_ahead(app, monkeypatch):
    """Idle frames read nothing; a page turn or a switch to what was read ahead reads
    nothing in its own frame; spare frames read the next neighbours, then stop."""
    synthetic_history(app.ctx.store, 40, seed=8)
    calls: list[str] = []
    for name in ("recent", "count_finished", "stats", "stats_by_game", "score_history",
                 "profiles"):
        real = getattr(app.ctx.store, name)
        monkeypatch.setattr(app.ctx.store, name,
                            lambda *a, _n=name, _r=real, **k: calls.append(_n) or _r(*a, **k))
    scene = show(app, History(app.ctx), frames=1)
    assert settle(app, scene) > 1                           # the work took several frames
    assert "recent" in calls and "stats_by_game" in calls   # the next page, the chart
    calls.clear()
    for _ in range(60):
        app.ctx.app.last_input = app.ctx.time              # every frame redrawn
        app.frame(1 / 60)
    assert calls == []
    press(app, pygame.K_e)
    assert calls == [] and scene.page == 1                 # read ahead
    assert row_ids(scene) == [m.id for m in app.ctx.store.recent(PAGE_ROWS, PAGE_ROWS)]
    calls.clear()
    settle(app, scene)
    assert calls == ["recent"]                              # the page after it, ahead
    calls.clear()
    press(app, pygame.K_TAB)
    assert scene.view == "stats" and scene.chart is not None and calls == []   # ahead
    settle(app, scene)
    assert set(calls) <= {"stats", "score_history", "stats_by_game"}   # the neighbours


def test_a_page_turn_or_a_new_chart_is_built_a_slice_at_a_time(app, monkeypatch):
    """What a change shows is built over frames: rows' words a row at a time, a chart a
    stage at a time; what was built ahead shows at once."""
    import scenes.history.screen as history

    synthetic_history(app.ctx.store, 60, seed=4)
    scene = show(app, History(app.ctx), frames=1)
    settle(app, scene)
    made: list[int] = []
    real = history.row_picture
    monkeypatch.setattr(history, "row_picture",
                        lambda assets, s, size: made.append(s.id) or real(assets, s, size))
    monkeypatch.setattr(history, "SLICE", 0.0)              # one step a frame
    press(app, pygame.K_e)                                  # built ahead: all there
    rows = [w for w in scene.group.widgets if isinstance(w, MatchRow)]
    assert rows and all(w.picture is not None for w in rows) and made == []
    scene.group.focus(next(w for w in scene.group.widgets if getattr(w, "key", "") == "filter"))
    press(app, pygame.K_RIGHT)                              # one game only: nothing built
    rows = [w for w in scene.group.widgets if isinstance(w, MatchRow)]
    assert len(made) <= 1 and any(w.picture is None for w in rows)
    for _ in range(len(rows) + 2):
        app.frame(1 / 60)
    assert all(w.picture is not None for w in rows) and len(set(made)) >= len(rows) - 1
    press(app, pygame.K_TAB)
    settle(app, scene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)                              # a game's chart: ahead, ready
    assert scene.chart is not None
    settle(app, scene)
    press(app, pygame.K_e)                                  # the next person's: ahead too
    assert scene.chart is not None
    press(app, pygame.K_e)                                  # two people on: not ahead
    assert scene.chart is None
    frames = 0
    while scene.chart is None:
        app.frame(1 / 60)
        frames += 1
    assert frames >= 3                                      # in stages, not in one frame


@pytest.mark.parametrize("kind", ["empty", "problem", "disabled"])
def test_an_empty_or_missing_history_says_so_in_one_line(app, monkeypatch, kind):
    if kind != "empty":
        app.ctx.store.close()
        line = "Playing without saving: another Birdhouse is using birdhouse.db."
        app.ctx.store = Store.disabled(line if kind == "problem" else None)
    seen = record_text(monkeypatch, app)
    scene = show(app, History(app.ctx))
    assert scene.empty
    head, why = scene.empty_lines()
    assert head in seen and why in seen
    if kind == "problem":
        assert why == app.ctx.store.problem
    press(app, pygame.K_TAB)                                # nothing else to switch to
    press(app, pygame.K_e)
    assert scene.view == "matches"
    press(app, pygame.K_RETURN)                             # the Back button
    app.frame(1 / 60)
    assert app.stack.top is not scene


def test_export_writes_a_replay_file_that_loads_back(app, tmp_path):
    played = play_real(app.ctx.store, [("cubirds", 3), ("flip_a_bird", 4)])
    match_id, state, _ = played[-1]
    scene = show(app, History(app.ctx))
    assert scene.group.focused.summary.id == match_id
    press(app, pygame.K_RETURN)
    app.frame(1 / 60)
    detail = app.stack.top
    assert isinstance(detail, MatchDetail)
    press(app, pygame.K_RIGHT)                              # Watch replay -> Export
    press(app, pygame.K_RETURN)
    assert detail.message.startswith("Saved to ") and not detail.failed
    path = Path(detail.message.removeprefix("Saved to "))
    assert path.parent == tmp_path / "replays" and path.exists()
    recording = load_recording(path)                        # validated: replays to the end
    assert recording.game_id == "flip_a_bird" and recording.num_players == 4
    assert recording.result["scores"] == state.scores()
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_an_export_that_fails_says_why(app, monkeypatch):
    play_real(app.ctx.store, [("yard_birbs", 3)])
    import game.replay
    monkeypatch.setattr(game.replay, "cannot_play",
                        lambda game_id, version: "recorded with other rules")
    show(app, History(app.ctx))
    press(app, pygame.K_RETURN)
    app.frame(1 / 60)
    detail = app.stack.top
    detail.group.index = 1
    press(app, pygame.K_RETURN)
    assert detail.failed and "recorded with other rules" in detail.message


def test_watch_replay_opens_the_replay_or_says_it_is_not_there(app, monkeypatch):
    (match_id, _, _), = play_real(app.ctx.store, [("cubirds", 2)])
    show(app, History(app.ctx))
    press(app, pygame.K_RETURN)
    app.frame(1 / 60)
    detail = app.stack.top
    monkeypatch.setitem(sys.modules, "scenes.replay", None)   # not written yet
    press(app, pygame.K_RETURN)
    assert detail.message == "Replays are not available"
    watched = []
    fake = types.ModuleType("scenes.replay")
    fake.watch = lambda ctx, mid: watched.append((ctx, mid))
    monkeypatch.setitem(sys.modules, "scenes.replay", fake)
    press(app, pygame.K_RETURN)
    assert watched == [(app.ctx, match_id)] and detail.message == ""
    fake.watch = lambda ctx, mid: "This match cannot be replayed: rules changed."
    press(app, pygame.K_RETURN)                              # the replay's own refusal
    assert detail.message == "This match cannot be replayed: rules changed."
    assert detail.failed


def test_the_mouse_switches_tabs_and_opens_a_match(app):
    synthetic_history(app.ctx.store, 8, seed=9)
    scene = show(app, History(app.ctx))
    click(app, scene.tabs["stats"].center)
    assert scene.view == "stats"
    click(app, scene.tabs["matches"].center)
    assert scene.view == "matches"
    row = [w for w in scene.group.widgets if isinstance(w, MatchRow)][2]
    click(app, row.rect.center)
    assert isinstance(app.stack.top, MatchDetail) and app.stack.top.summary == row.summary


def abandon_some(store: Store, every: int = 7, seed: int = 0) -> tuple[list[int], int]:
    """Abandoned matches between the finished ones of a synthetic history (half an hour
    after every ``every``-th), and one still being played: (abandoned ids, playing id)."""
    from tools.bench import StubState

    rng = random.Random(seed)
    ended = [row[0] for row in store._db.execute(
        "SELECT ended FROM matches WHERE status = 'finished' ORDER BY ended")]
    left = []
    for when in ended[::every]:
        game_id = rng.choice(["cubirds", "flip_a_bird"])
        seats = (Seat(rng.choice(PEOPLE), human=True), Seat("Heron", level="easy", colour=1),
                 Seat("Ibis", level="hard", colour=2))
        store.clock = lambda: when + 1800
        match_id = store.start_match(Match(game_id, seats, 1), state=StubState(game_id))
        store.record_move(match_id, 0, 0, (0, "move"), StubState(game_id))
        store.abandon_match(match_id)
        left.append(match_id)
    store.clock = lambda: ended[-1] + 99
    playing = store.start_match(Match("cubirds", default_people(), 2), state=StubState("cubirds"))
    return left, playing


def default_people() -> tuple[Seat, ...]:
    return (Seat("Robin", human=True), Seat("Heron", level="easy", colour=1))


def test_the_list_holds_finished_and_abandoned_matches_by_offset_or_cursor(tmp_path):
    """History's queries: every match that can be watched, newest first; a page read
    from the one before or after it (a cursor) is the page read by its offset."""
    with open_store(tmp_path / "h.db") as store:
        synthetic_history(store, 120, seed=3, start=1.8e9)
        left, playing = abandon_some(store)
        everything = store.recent(1000, with_abandoned=True)
        ended = [(m.ended, m.id) for m in everything]
        assert ended == sorted(ended, reverse=True)
        assert {m.id for m in everything if m.status == "abandoned"} == set(left)
        assert playing not in [m.id for m in everything]
        assert [m.id for m in store.recent(1000)] == [m.id for m in everything
                                                       if m.status == "finished"]
        for filters in ({}, {"game_id": "cubirds"}, {"profile": "Robin"},
                        {"game_id": "flip_a_bird", "profile": "Wren"}):
            listed = [m.id for m in store.recent(1000, with_abandoned=True, **filters)]
            assert store.count_finished(with_abandoned=True, **filters) == len(listed) > 0
            pages = [store.recent(5, 5 * k, with_abandoned=True, **filters)
                     for k in range(len(listed) // 5 + 1)]
            assert [m.id for page in pages for m in page] == listed
            for k in range(len(pages) - 1):
                last, first = pages[k][-1], pages[k + 1][0]
                assert store.recent(5, after=(last.ended, last.id), with_abandoned=True,
                                    **filters) == pages[k + 1]
                assert store.recent(5, before=(first.ended, first.id), with_abandoned=True,
                                    **filters) == pages[k]


def test_history_and_replay_agree_on_what_can_be_watched(app, monkeypatch):
    """Every match History lists opens with --replay ID, abandoned ones too (marked, with
    their number); one still being played is in neither."""
    from game.replay import ReplayError, find_recording

    store = app.ctx.store
    played = play_real(store, [("cubirds", 3), ("flip_a_bird", 3)])
    left, playing = abandon_some(store, every=1)
    seen = record_text(monkeypatch, app)
    scene = show(app, History(app.ctx))
    listed = []
    while True:
        settle(app, scene)
        listed += [w.summary for w in scene.group.widgets if isinstance(w, MatchRow)]
        if scene.page == scene.pages - 1:
            break
        press(app, pygame.K_e)
    assert sorted(m.id for m in listed) == sorted([p[0] for p in played] + left)
    assert scene.total == len(listed) and f"{len(listed)} games" in seen
    for summary in listed:
        assert find_recording(str(summary.id), store).game_id == summary.game_id
        assert any(f"Match {summary.id}" in line for line in seen)
    assert {m.id for m in listed if m.status == "abandoned"} == set(left)
    assert seen.count("Abandoned") >= len(left)
    with pytest.raises(ReplayError, match=f"Match {playing} is not over yet"):
        find_recording(str(playing), store)


def test_an_abandoned_match_is_watched_from_history(app):
    """Its row opens, says it was abandoned, and Watch replay plays its moves."""
    from game.engine import action_to_json
    from game.replay import Recording

    store = app.ctx.store
    match = Match("cubirds", default_people(), 5)
    state = new_game("cubirds", 2, 5)
    match_id = store.start_match(match, state=state)
    rng = random.Random(5)
    for index in range(6):
        seat, action = state.current_player, rng.choice(state.legal_actions())
        state.apply(action)
        store.record_move(match_id, index, seat, action, state)
    store.abandon_match(match_id)
    scene = show(app, History(app.ctx))
    assert scene.group.focused.summary.id == match_id
    assert scene.group.focused.summary.status == "abandoned"
    press(app, pygame.K_RETURN)
    app.frame(1 / 60)
    detail = app.stack.top
    assert isinstance(detail, MatchDetail)
    press(app, pygame.K_RETURN)                              # Watch replay
    replay = app.stack.top
    assert detail.message == "" and isinstance(getattr(replay, "recording", None), Recording)
    assert [action_to_json(a) for a in replay.recording.actions] == [
        m.action for m in store.load_match(match_id).moves]
    for _ in range(400):
        app.frame(1 / 20)
    assert replay.moves_played == 6 and app.stack.top is replay


def test_ai_seats_are_marked_with_their_level():
    from game.store import SeatRecord

    assert seat_label(SeatRecord(0, "Robin", True, None, 0, "Robin")) == "Robin"
    assert seat_label(SeatRecord(1, "Heron", False, "hard", 1, None)) == "Heron (Hard AI)"


# -- Results ---------------------------------------------------------------------------------
def buttons(scene) -> list:
    """Results' buttons (its score panels are focus stops too)."""
    from scenes.widgets import Button

    return [w for w in scene.group.widgets if isinstance(w, Button)]


def test_results_show_a_new_best_and_a_winning_streak(app, monkeypatch):
    from scenes.results import Results, highlight_lines

    played = play_real(app.ctx.store, [("cubirds", 3)] * 12, people=("Robin",))
    found = None
    for match_id, state, match in played:
        for h in app.ctx.store.highlights(match_id):
            if h.new_best or h.streak >= 2:
                found = (match_id, state, match, h)
    assert found, "no highlight in twelve games"
    match_id, state, match, h = found
    seen = record_text(monkeypatch, app)
    scene = show(app, Results(app.ctx, state, match, match_id=match_id), frames=2)
    assert f"Replay: match {match_id}" in seen              # the number --replay takes
    lines = highlight_lines(h)
    assert lines and all(text in seen for text, _ in lines)
    if h.new_best:
        assert f"New best! (was {h.previous_best})" in seen
    if h.streak >= 2:
        assert f"{h.streak} wins in a row" in seen
    labels = [w.label for w in buttons(scene)]
    assert labels == ["Play again", "Watch replay", "Main menu"]
    assert all(w.rect.right <= 1824 and w.rect.x >= 96 for w in scene.group.widgets)


def test_results_without_a_record_have_no_highlights_or_replay(app, monkeypatch):
    from scenes.results import Results

    (match_id, state, match), = play_real(app.ctx.store, [("cubirds", 3)])
    seen = record_text(monkeypatch, app)
    scene = show(app, Results(app.ctx, state, match), frames=2)
    assert [w.label for w in buttons(scene)] == ["Play again", "Main menu"]
    assert not any(line.startswith("Replay: match") for line in seen)
    assert not any("New best" in line or "in a row" in line for line in seen)


def test_results_watch_replay_goes_through_the_replay_scene(app, monkeypatch):
    from scenes.results import CALM, Results

    (match_id, state, match), = play_real(app.ctx.store, [("flip_a_bird", 3)])
    scene = show(app, Results(app.ctx, state, match, match_id=match_id), frames=2)
    for _ in range(int(CALM * 60) + 2):
        app.frame(1 / 60)
    watched = []
    fake = types.ModuleType("scenes.replay")
    fake.watch = lambda ctx, mid: watched.append(mid)
    monkeypatch.setitem(sys.modules, "scenes.replay", fake)
    scene.group.focus(buttons(scene)[1])
    press(app, pygame.K_RETURN)
    assert watched == [match_id]
    monkeypatch.setitem(sys.modules, "scenes.replay", None)
    press(app, pygame.K_RETURN)
    assert scene.message == "Replays are not available"


# -- Seat setup ---------------------------------------------------------------------------------
def test_seat_setup_offers_people_who_played_before_first(app):
    from scenes.seat_setup import SeatSetup

    store = app.ctx.store
    clock = Clock()
    store.clock = clock
    store.remember_profile("Robin", 5)
    clock.now += 60
    store.remember_profile("Zoe", 4)                      # the most recent comes first
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    names = scene.names
    assert names[:2] == ["Zoe", "Robin"]
    assert names[2:] == [n for n in SEAT_NAMES if n != "Robin"]
    name_row = [w for w in scene.group.widgets if getattr(w, "label", "") == "Name"][0]
    scene.group.focus(name_row)
    assert name_row.value == "Robin" and scene.seats[0].colour == 0
    press(app, pygame.K_LEFT)                             # Robin -> Zoe, with her colour
    assert scene.seats[0].name == "Zoe" and scene.seats[0].colour == 4
    press(app, pygame.K_RIGHT)                            # back to Robin: colour 5 is free
    assert scene.seats[0].name == "Robin" and scene.seats[0].colour == 5
    colours = [s.colour for s in scene.seats[:scene.count]]
    assert len(set(colours)) == len(colours)


def test_a_profile_colour_another_seat_has_is_not_taken(app):
    from scenes.seat_setup import SeatSetup

    app.ctx.store.remember_profile("Zoe", 1)              # seat 2 (Wren) is colour 1
    scene = show(app, SeatSetup(app.ctx, "cubirds"))
    name_row = [w for w in scene.group.widgets if getattr(w, "label", "") == "Name"][0]
    scene.group.focus(name_row)
    press(app, pygame.K_LEFT)
    assert scene.seats[0].name == "Zoe" and scene.seats[0].colour == 0
    assert scene.match().seats[0].name == "Zoe"           # statistics follow the name


# -- ten-foot rules ----------------------------------------------------------------------------
def test_every_view_keeps_the_ten_foot_rules(app, font_sizes):
    """Text at 28 px or more, every focusable inside the title-safe area: both views, a
    person's game with its chart, the match overlay, Results with highlights."""
    from scenes.results import Results
    from sprites import ui

    played = play_real(app.ctx.store, [("cubirds", 5), ("yard_birbs", 5), ("cubirds", 5)])
    synthetic_history(app.ctx.store, 30, seed=11)

    def inside(scene) -> None:
        for w in scene.group.widgets:
            if w.focusable:
                assert ui.SAFE.contains(w.rect), (type(scene).__name__, w.rect)

    scene = show(app, History(app.ctx), frames=2)
    inside(scene)
    press(app, pygame.K_TAB)
    inside(scene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    settle(app, scene)
    assert scene.stat_game is not None and scene.chart is not None
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    app.frame(1 / 60)
    inside(app.stack.top)
    match_id, state, match = played[-1]
    inside(show(app, Results(app.ctx, state, match, match_id=match_id), frames=2))
    assert font_sizes and min(font_sizes) >= 28, f"text at {min(font_sizes)} px"


def test_focus_moves_repaint_the_same_picture_as_a_fresh_one(app):
    """The still picture is patched where focus left and arrived; it must equal the one
    drawn from scratch."""
    synthetic_history(app.ctx.store, 12, seed=12)
    scene = show(app, History(app.ctx))
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN,
              pygame.K_RIGHT, pygame.K_UP, pygame.K_UP):
        press(app, k)
    patched = scene._still.copy()
    scene._version += 1                                   # draw everything again
    app.last_input = app.ctx.time
    app.frame(1 / 60)
    assert pygame.image.tobytes(patched, "RGB") == pygame.image.tobytes(scene._still, "RGB")
