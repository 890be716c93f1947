"""The store (game/store/) with real files: the schema and its migrations, every way
opening can go wrong (missing, garbage, cut short, newer, locked, read-only), a write
that fails later, saving and resuming a real game, statistics and streaks on made-up
histories, and the History queries over 10,000 recorded matches."""
from __future__ import annotations

import functools
import hashlib
import itertools
import logging
import os
import random
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game import store as store_mod
from game.engine import new_game
from game.replay import ReplayError, Recording, rebuild, resume_state
from game.session import Match, Seat, quick_match
from game.store import SCHEMA_VERSION, Store, open_store
from game.store import schema as store_schema
from tools.bench import PEOPLE, StubState, synthetic_history

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def log(caplog) -> logging.Logger:
    caplog.set_level(logging.INFO, logger="birdhouse.test.store")
    return logging.getLogger("birdhouse.test.store")


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def header(path: Path) -> bytes:
    return path.read_bytes()[:100]


def user_version(path: Path) -> int:
    return int.from_bytes(header(path)[60:64], "big")


def set_user_version(path: Path, version: int) -> None:
    """Write the schema version straight into the file's header, as a newer Birdhouse's
    migration would have left it."""
    with open(path, "r+b") as handle:
        handle.seek(60)
        handle.write(version.to_bytes(4, "big"))


def play_some(store: Store, game_id: str = "cubirds", players: int = 3, seed: int = 7,
              moves: int | None = None, humans: int = 1):
    """Start a real game and record ``moves`` random moves (None: to the end)."""
    match = Match(game_id, tuple(Seat(n, human=i < humans, level="easy", colour=i)
                                 for i, n in enumerate(("Robin", "Wren", "Finch", "Lark",
                                                        "Jay")[:players])), seed)
    state = new_game(game_id, players, seed)
    match_id = store.start_match(match, state=state, log_lines=["Round 1 begins."])
    rng, index = random.Random(seed), 0
    while not state.is_terminal() and (moves is None or index < moves):
        seat, action = state.current_player, rng.choice(state.legal_actions())
        state.apply(action)
        assert store.record_move(match_id, index, seat, action, state, [f"move {index}"])
        index += 1
    return match_id, state, index


def closed_db(tmp_path: Path, matches: int = 3) -> Path:
    """A real database with a few finished matches and one unfinished, closed cleanly."""
    path = tmp_path / "birdhouse.db"
    with open_store(path) as store:
        for seed in range(matches):
            play_some(store, seed=seed)
        play_some(store, seed=99, moves=10)
    return path


# -- opening --------------------------------------------------------------------------------
def test_a_missing_database_is_created_with_the_whole_schema(tmp_path, log, caplog):
    path = tmp_path / "deep" / "folder" / "birdhouse.db"
    with open_store(path, log) as store:
        assert store.saving and store.problem is None
        assert store.unfinished() == [] and store.recent() == [] and store.profiles() == []
    head = header(path)
    assert head.startswith(b"SQLite format 3\0")
    assert head[18:20] == b"\x02\x02", "WAL journal"
    assert user_version(path) == SCHEMA_VERSION
    assert int.from_bytes(head[68:72], "big") == store_mod.APPLICATION_ID
    assert warnings(caplog) == []


def test_the_default_place_is_the_user_data_folder(tmp_path):
    # conftest points XDG_DATA_HOME into a temporary folder for the whole run
    assert store_mod.default_path() == (Path(os.environ["XDG_DATA_HOME"]) / "birdhouse"
                                        / "birdhouse.db")
    with open_store() as store:
        assert store.saving and store.path == store_mod.default_path()


def test_migrations_run_forward_in_order_and_keep_the_data(tmp_path, log, monkeypatch):
    path = closed_db(tmp_path, matches=1)
    monkeypatch.setattr(store_schema, "MIGRATIONS", store_schema.MIGRATIONS + [
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)",),
        ("CREATE INDEX notes_by_text ON notes (text)",)])
    monkeypatch.setattr(store_schema, "SCHEMA_VERSION", SCHEMA_VERSION + 2)
    with open_store(path, log) as store:
        assert store.saving
        assert len(store.recent()) == 1 and len(store.unfinished()) == 1
    assert user_version(path) == SCHEMA_VERSION + 2


def test_a_failing_migration_changes_nothing(tmp_path, log, caplog, monkeypatch):
    path = closed_db(tmp_path, matches=1)
    monkeypatch.setattr(store_schema, "MIGRATIONS", store_schema.MIGRATIONS + [
        ("CREATE TABLE notes (id INTEGER)", "CREATE TABLE profiles (oops)")])
    monkeypatch.setattr(store_schema, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with open_store(path, log) as store:
        assert not store.saving and "without saving" in store.problem
    assert len(warnings(caplog)) == 1
    assert user_version(path) == SCHEMA_VERSION
    monkeypatch.undo()
    with open_store(path, log) as store:  # the old Birdhouse still has everything
        assert len(store.recent()) == 1


def kept_aside(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".bad-" in p.name)


def assert_fresh_after_damage(path: Path, log, caplog, original: bytes) -> None:
    with open_store(path, log) as store:
        assert store.saving and store.problem is None
        assert store.recent() == []
        play_some(store, moves=5)
        assert len(store.unfinished()) == 1
    lines = warnings(caplog)
    assert len(lines) == 1 and "kept as birdhouse.db.bad-" in lines[0], lines
    bad = [p for p in kept_aside(path.parent) if not p.name.endswith(("-wal", "-shm"))]
    assert len(bad) == 1 and bad[0].read_bytes() == original


def test_garbage_bytes_are_kept_aside_and_a_fresh_database_made(tmp_path, log, caplog):
    path = tmp_path / "birdhouse.db"
    garbage = random.Random(1).randbytes(20_000)
    path.write_bytes(garbage)
    assert_fresh_after_damage(path, log, caplog, garbage)


def test_garbage_after_a_real_header_is_damage_too(tmp_path, log, caplog):
    path = tmp_path / "birdhouse.db"
    data = b"SQLite format 3\0" + random.Random(2).randbytes(8192)
    path.write_bytes(data)
    assert_fresh_after_damage(path, log, caplog, data)


@pytest.mark.parametrize("keep", [0.5, 0.9, 4096 + 100, 50])
def test_a_truncated_database_is_kept_aside(tmp_path, log, caplog, keep):
    path = closed_db(tmp_path)
    size = path.stat().st_size
    assert size > 4 * 4096
    cut = int(size * keep) if keep < 1 else int(keep)
    original = path.read_bytes()[:cut]
    with open(path, "r+b") as handle:
        handle.truncate(cut)
    assert_fresh_after_damage(path, log, caplog, original)


@pytest.mark.parametrize("keep", [0.3, 0.6])
def test_a_truncated_database_is_found_by_sqlite_too(tmp_path, log, caplog, keep):
    """Without a page count in its header (older files, or one written half-way) the
    cut is found when SQLite reads the pages that are gone."""
    path = closed_db(tmp_path, matches=6)
    cut = int(path.stat().st_size * keep) // 4096 * 4096
    with open(path, "r+b") as handle:
        handle.seek(28)
        handle.write(bytes(4))
        handle.truncate(cut)
    original = path.read_bytes()
    assert_fresh_after_damage(path, log, caplog, original)


def test_damage_that_opening_misses_is_found_in_the_background(tmp_path, log, caplog):
    """The last page cut off: nothing the start-up reads is missing, but the background
    quick_check finds it; the file is kept aside and saving stops (one line)."""
    path = closed_db(tmp_path, matches=6)
    with open(path, "r+b") as handle:
        handle.seek(28)
        handle.write(bytes(4))
        handle.truncate(path.stat().st_size - 4096)
    store = open_store(path, log)
    assert store.saving
    store._syncer.checked.wait(10)
    assert store.unfinished() == [] and not store.saving
    assert store.problem.startswith("birdhouse.db is damaged") and "\n" not in store.problem
    assert len(kept_aside(tmp_path)) == 1 and not path.exists()
    assert len(warnings(caplog)) == 1
    store.close()
    with open_store(path, log) as fresh:
        assert fresh.saving and fresh.recent() == []


def test_a_foreign_sqlite_file_is_not_taken_for_ours(tmp_path, log, caplog):
    import sqlite3
    path = tmp_path / "birdhouse.db"
    other = sqlite3.connect(path)   # some other program's database under our name
    other.execute("CREATE TABLE things (x)")
    other.commit()
    other.close()
    original = path.read_bytes()
    assert_fresh_after_damage(path, log, caplog, original)


def test_a_newer_schema_is_left_untouched_and_nothing_is_saved(tmp_path, log, caplog):
    path = closed_db(tmp_path, matches=1)
    set_user_version(path, SCHEMA_VERSION + 1)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    files = sorted(p.name for p in tmp_path.iterdir())
    with open_store(path, log) as store:
        assert not store.saving
        assert "newer Birdhouse" in store.problem and "untouched" in store.problem
        assert store.start_match(quick_match("cubirds", 3, seed=1)) is None
        assert store.unfinished() == [] and store.recent() == []
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == files
    assert len(warnings(caplog)) == 1


def test_a_second_store_on_the_same_file_plays_without_saving(tmp_path, log, caplog):
    path = tmp_path / "birdhouse.db"
    first = open_store(path, log)
    second = open_store(path, log)
    assert first.saving and not second.saving
    assert f"another Birdhouse (process {os.getpid()})" in second.problem
    assert second.record_move(1, 0, 0, (1,), StubState("cubirds")) is False
    play_some(first, moves=3)               # the first goes on saving
    second.close()
    first.close()
    with open_store(path, log) as third:
        assert third.saving and len(third.unfinished()) == 1
    assert len(warnings(caplog)) == 1


def test_a_lock_held_by_another_process_is_released_when_it_dies(tmp_path, log):
    path = tmp_path / "birdhouse.db"
    code = ("import sys, time; from game.store import open_store\n"
            "s = open_store(sys.argv[1]); print(s.saving, flush=True); time.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "True"
        with open_store(path, log) as store:
            assert not store.saving and f"process {child.pid}" in store.problem
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    with open_store(path, log) as store:
        assert store.saving


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder nothing can be written in. chmod is the real case, but root ignores it
    (tests run as root here), so then a path under a plain file stands in."""
    folder = tmp_path / "readonly"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        (folder / "probe").write_text("x")
    except OSError:
        return folder
    (folder / "probe").unlink()
    folder.chmod(0o755)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return blocker / "data"


def test_a_read_only_data_folder_means_playing_without_saving(tmp_path, log, caplog):
    folder = unwritable_folder(tmp_path)
    store = open_store(folder / "birdhouse.db", log)
    assert not store.saving
    assert store.problem.startswith("Playing without saving") and "\n" not in store.problem
    assert len(warnings(caplog)) == 1
    # every call works and does nothing
    match = quick_match("cubirds", 3, seed=1)
    state = new_game("cubirds", 3, 1)
    match_id = store.start_match(match, state=state)
    assert match_id is None
    action = state.legal_actions()[0]
    state.apply(action)
    assert store.record_move(match_id, 0, 0, action, state) is False
    assert store.take_back(match_id, 0, state) is False
    store.abandon_match(match_id)
    store.remember_profile("Robin", 2)
    with store.batch():
        pass
    assert store.unfinished() == [] and store.load_match(1) is None
    assert store.recent() == [] and store.count_finished() == 0
    assert store.stats("Robin", "cubirds").played == 0 and store.stats_by_game("Robin") == []
    assert store.score_history("Robin", "cubirds") == [] and store.highlights(1) == []
    assert store.profiles() == []
    store.close()
    assert len(warnings(caplog)) == 1


def test_a_disabled_store_is_the_same_api(tmp_path):
    store = Store.disabled()
    assert not store.saving and store.problem is None
    assert store.start_match(quick_match("cubirds", 3, seed=1)) is None


def test_a_write_that_fails_later_turns_saving_off_once(tmp_path, log, caplog):
    """A real 'disk full': the file size limit (RLIMIT_FSIZE) stops the WAL growing."""
    path = tmp_path / "birdhouse.db"
    store = open_store(path, log, sync="full")
    match_id, state, moves = play_some(store, moves=5)
    wal = Path(f"{path}-wal")
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (wal.stat().st_size + 2048, limits[1]))
    try:
        rng, results = random.Random(1), []
        for index in range(moves, moves + 200):
            if state.is_terminal():
                break
            seat, action = state.current_player, rng.choice(state.legal_actions())
            state.apply(action)
            results.append(store.record_move(match_id, index, seat, action, state))
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, old_handler)
    assert False in results
    assert not store.saving and store.problem.startswith("Saving is off")
    assert len(warnings(caplog)) == 1
    assert store.unfinished() == []
    store.close()
    with open_store(path, log) as again:   # what was committed is still there
        saved = again.load_match(match_id)
        assert len(saved.moves) == results.index(False) + moves


# -- playing and resuming ---------------------------------------------------------------------
def test_a_saved_game_resumes_exactly(tmp_path, log):
    path = tmp_path / "birdhouse.db"
    with open_store(path, log) as store:
        match_id, state, moves = play_some(store, "yard_birbs", 4, seed=3, moves=40, humans=2)
        assert store.record_move(None, 0, 0, None, state) is False   # no id: nothing
    with open_store(path, log) as store:
        [entry] = store.unfinished()
        assert entry.id == match_id and entry.moves == moves and entry.resumable
        assert entry.describe() == ("Yard Birbs, 4 players, " + state.progress()
                                    + " — Robin, Wren, Finch, Lark")
        saved = store.load_match(match_id)
        assert [m.index for m in saved.moves] == list(range(moves))
        assert saved.log == (f"move {moves - 1}",) and saved.snapshot_moves == moves
        assert resume_state(saved).to_dict() == state.to_dict()
        assert rebuild(Recording.from_saved(saved)).to_dict() == state.to_dict()
        match = saved.to_match()
        assert [s.human for s in match.seats] == [True, True, False, False]
        assert match.seats[2].level == "easy" and match.seed == 3
        assert [p.name for p in store.profiles()] == ["Robin", "Wren"]


def test_moves_must_follow_each_other(tmp_path, log):
    with open_store(tmp_path / "birdhouse.db", log) as store:
        match_id, state, moves = play_some(store, moves=3)
        with pytest.raises(ValueError, match="it has 3 moves"):
            store.record_move(match_id, 5, 0, (1,), state)
        with pytest.raises(ValueError, match="it has 3 moves"):
            store.record_move(match_id, 2, 0, (1,), state)
        with pytest.raises(ValueError, match="cannot save"):
            store.record_move(match_id, 3, 0, 1.5, state)
        assert store.saving and len(store.load_match(match_id).moves) == 3


def test_take_back_forgets_the_moves_and_replaces_the_snapshot(tmp_path, log):
    with open_store(tmp_path / "birdhouse.db", log) as store:
        match_id, state, moves = play_some(store, moves=12)
        saved = store.load_match(match_id)
        before = rebuild(Recording.from_saved(saved), 9)
        assert store.take_back(match_id, 9, before, ["Robin took back a move."])
        saved = store.load_match(match_id)
        assert len(saved.moves) == 9 and saved.log == ("Robin took back a move.",)
        assert resume_state(saved).to_dict() == before.to_dict()
        with pytest.raises(ValueError, match="cannot take back"):
            store.take_back(match_id, 10, before)


def test_finishing_and_abandoning(tmp_path, log):
    with open_store(tmp_path / "birdhouse.db", log) as store:
        done, final, moves = play_some(store, seed=1)
        left, _, _ = play_some(store, seed=2, moves=4)
        kept, _, _ = play_some(store, seed=3, moves=4)
        store.abandon_match(left)
        assert [u.id for u in store.unfinished()] == [kept]
        finished = store.load_match(done)
        assert finished.status == "finished" and finished.snapshot is None
        assert finished.result["scores"] == final.scores()
        assert finished.result["winners"] == final.winners()
        assert rebuild(Recording.from_saved(finished)).to_dict() == final.to_dict()
        assert store.load_match(left).status == "abandoned"
        [summary] = store.recent()
        assert summary.id == done and list(summary.winners) == final.winners()
        assert [s.score for s in summary.seats] == final.scores()
        with pytest.raises(ValueError, match="not being played"):
            store.record_move(done, moves, 0, (1,), final)


def test_a_match_from_other_rules_is_not_offered_to_resume(tmp_path, log, monkeypatch):
    from dataclasses import replace
    from game.engine import GAMES
    with open_store(tmp_path / "birdhouse.db", log) as store:
        match_id, _, _ = play_some(store, moves=3)
        monkeypatch.setitem(GAMES._loaded(), "cubirds",
                            replace(GAMES["cubirds"], rules_version=2))
        [entry] = store.unfinished()
        assert not entry.resumable
        assert entry.why_not == "recorded with CuBirds rules v1, this Birdhouse plays v2"
        with pytest.raises(ReplayError, match="rules v1, this Birdhouse plays v2"):
            resume_state(store.load_match(match_id))


# -- statistics ---------------------------------------------------------------------------------
def finish(store: Store, game_id: str, people: dict[str, int], ai: dict[str, int],
           winners: set[str]) -> int:
    """A made-up finished match: people and AI (name: score), ``winners`` by name."""
    seats = [Seat(n, human=True, colour=i) for i, n in enumerate(people)]
    seats += [Seat(n, level=level, colour=len(seats) + i)
              for i, (n, level) in enumerate(ai.items())]
    scores = list(people.values()) + [0] * len(ai)
    state = StubState(game_id, scores)
    state.winners = lambda: sorted(i for i, s in enumerate(seats) if s.name in winners)
    match_id = store.start_match(Match(game_id, tuple(seats), 1), state=StubState(game_id))
    store.record_move(match_id, 0, 0, (0,), state)
    return match_id



def test_stats_and_streaks_on_a_made_up_history(tmp_path, log):
    with open_store(tmp_path / "birdhouse.db", log) as store:
        store.clock = functools.partial(next, itertools.count(1.7e9, 60))  # a minute a call
        results = "WWLWWWLW"         # Robin's CuBirds games, oldest first
        scores = [5, 7, 3, 9, 8, 9, 2, 12]
        levels = ["easy", "hard", "hard", "easy", "normal", "hard", "easy", "hard"]
        ids = []
        for result, score, level in zip(results, scores, levels):
            ids.append(finish(store, "cubirds", {"Robin": score, "Wren": 4},
                              {"Jay": level}, {"Robin"} if result == "W" else {"Jay"}))
        finish(store, "yard_birbs", {"Robin": 40}, {"Jay": "hard", "Tern": "easy"}, {"Tern"})
        stats = store.stats("robin", "cubirds")        # names match case-insensitively
        assert (stats.played, stats.wins, stats.best) == (8, 6, 12)
        assert stats.average == pytest.approx(sum(scores) / 8)
        assert (stats.current_streak, stats.longest_streak) == (1, 3)
        assert stats.win_rate == pytest.approx(0.75)
        assert stats.vs_ai == {"easy": store_mod.LevelRecord(3, 2),
                               "hard": store_mod.LevelRecord(4, 3),
                               "normal": store_mod.LevelRecord(1, 1)}
        wren = store.stats("Wren", "cubirds")
        assert (wren.played, wren.wins, wren.current_streak, wren.longest_streak) == (8, 0, 0, 0)
        by_game = store.stats_by_game("Robin")
        assert [s.game_id for s in by_game] == ["cubirds", "yard_birbs"]
        assert by_game[1].vs_ai == {"easy": store_mod.LevelRecord(1, 0),
                                    "hard": store_mod.LevelRecord(1, 0)}
        assert store.stats("Nobody", "cubirds") == store_mod.Stats("Nobody", "cubirds")
        chart = store.score_history("Robin", "cubirds", limit=5)
        assert [p.score for p in chart] == scores[-5:]
        assert [p.won for p in chart] == [r == "W" for r in results[-5:]]
        # the Results lines: new best where it beat every earlier score, and the streak
        highs = [store.highlights(i)[0] for i in ids]
        assert [h.new_best for h in highs] == [False, True, False, True, False, False,
                                              False, True]
        assert [h.streak for h in highs] == [1, 2, 0, 1, 2, 3, 0, 1]
        assert [h.profile for h in store.highlights(ids[0])] == ["Robin", "Wren"]
        assert [p.name for p in store.profiles()] == ["Robin", "Wren"]
        assert store.count_finished(profile="Wren") == 8
        assert store.count_finished(game_id="yard_birbs") == 1


def reference_stats(history: list[dict], person: str, game_id: str) -> tuple:
    played = wins = best = total = streak = longest = 0
    best = None
    for match in history:
        if match["game"] != game_id:
            continue
        for name, human, _, score, won in match["seats"]:
            if human and name == person:
                played, wins, total = played + 1, wins + won, total + score
                best = score if best is None else max(best, score)
                streak = streak + 1 if won else 0
                longest = max(longest, streak)
    return played, wins, best, total / played if played else None, streak, longest


def test_history_queries_over_ten_thousand_matches(tmp_path, log):
    with open_store(tmp_path / "birdhouse.db", log) as store:
        history = synthetic_history(store, 10_000, seed=4)
        play_some(store, moves=3)                    # an unfinished one is not history
        assert store.count_finished() == 10_000
        newest_first = [m["id"] for m in reversed(history)]
        pages = []
        for offset in range(0, 10_000, 500):
            pages += [m.id for m in store.recent(500, offset)]
        assert pages == newest_first
        first = store.recent(3)[0]
        want = history[-1]
        assert first.game_id == want["game"] and first.ended == want["ended"]
        assert [(s.name, s.human, s.level, s.score, s.won) for s in first.seats] == \
            [tuple(seat) for seat in want["seats"]]
        assert set(first.winner_names) == {s[0] for s in want["seats"] if s[4]}
        for game_id in ("cubirds", "yard_birbs"):
            ids = [m["id"] for m in reversed(history) if m["game"] == game_id]
            assert store.count_finished(game_id=game_id) == len(ids)
            assert [m.id for m in store.recent(40, 17, game_id=game_id)] == ids[17:57]
        for person in PEOPLE:
            mine = [m["id"] for m in reversed(history)
                    if any(s[0] == person and s[1] for s in m["seats"])]
            assert store.count_finished(profile=person) == len(mine)
            assert [m.id for m in store.recent(30, 100, profile=person)] == mine[100:130]
            theirs = [m["id"] for m in reversed(history) if m["game"] == "flip_a_bird"
                      and any(s[0] == person and s[1] for s in m["seats"])]
            assert [m.id for m in store.recent(10, 5, game_id="flip_a_bird",
                                               profile=person)] == theirs[5:15]
            for stats in store.stats_by_game(person):
                got = (stats.played, stats.wins, stats.best, stats.average,
                       stats.current_streak, stats.longest_streak)
                want = reference_stats(history, person, stats.game_id)
                assert got[:3] == want[:3] and got[4:] == want[4:]
                assert got[3] == pytest.approx(want[3])
            chart = store.score_history(person, "cubirds", limit=20)
            scores = [s[3] for m in history if m["game"] == "cubirds" for s in m["seats"]
                      if s[0] == person and s[1]]
            assert [p.score for p in chart] == scores[-20:]
        assert {p.name for p in store.profiles()} == set(PEOPLE)
