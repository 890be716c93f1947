"""Every file Birdhouse reads is untrusted (game/untrusted.py): generated damage -- random
bytes, a good file cut short, nesting thousands deep, other encodings, NaN / Infinity /
1e999, a wrong value for every field -- fed to each reader gives that file's documented
fallback and never lets an exception out:

- settings.json: the defaults for what is bad (the rest kept), one warning line, the
  damaged file kept as settings.json.bad-<date>, the repaired file in its place;
- a replay file: one ReplayError line (``--replay``: that line and exit code 2);
- gamecontrollerdb.txt: the usable lines added, the others named in a bounded number
  of lines;
- the database: a damaged file kept aside or saving off with one line; a damaged row
  skipped with one line, and continuing a saved game and History still work.

Plus the real path: ``main.py`` with such files, as a kiosk's systemd would start it.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from dataclasses import asdict, fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game import settings as settings_mod
from game import untrusted
from game.input import MAPPING_WARNINGS, MAPPINGS_MAX_BYTES, load_mappings
from game.replay import (MAX_BYTES as REPLAY_MAX_BYTES, Recording, ReplayError, load_recording,
                         resume_state)
from game.store import open_store
from game.untrusted import UntrustedFileError, usable_name, usable_text
from tests.test_store import play_some

ROOT = Path(__file__).resolve().parent.parent
FAST = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
NON_FINITE = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999")


class Lines(logging.Handler):
    """The log lines of one reader's call (hypothesis cannot share caplog between runs)."""

    def __init__(self, name: str) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []
        self.log = logging.getLogger(f"birdhouse.untrusted.{name}")
        self.log.setLevel(logging.INFO)
        self.log.propagate = False
        self.log.handlers = [self]

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def warnings(self) -> list[str]:
        lines = [r.getMessage() for r in self.records if r.levelno >= logging.WARNING]
        assert all("\n" not in line for line in lines), lines
        self.records.clear()
        return lines


# -- generated damage ---------------------------------------------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=4),
    max_leaves=10)
MARK = "\u2063damage\u2063"


def nested(kind: str, depth: int, closed: bool) -> str:
    opening, closing = ("[", "]") if kind == "[" else ('{"a":', "}")
    return opening * depth + ("0" + closing * depth if closed else "")


def put(data, path: tuple, value):
    """A deep copy of ``data`` with the value at ``path`` replaced."""
    data = json.loads(json.dumps(data))
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    target[last] = value
    return data


def with_literal(data, path: tuple, literal: str) -> bytes:
    """``data`` as JSON text with ``literal`` (not JSON's own: NaN, a nest) at ``path``."""
    return json.dumps(put(data, path, MARK)).replace(json.dumps(MARK), literal).encode()


def not_an_object(content: bytes) -> bool:
    try:
        return not isinstance(json.loads(content), dict)
    except ValueError:
        return True


def damaged(good, paths: list[tuple]):
    """(the bytes of a damaged version of ``good``, whether it must be refused, the path
    whose value was damaged or None)."""
    text = json.dumps(good).encode()
    noted = json.dumps({**good, "note": "Zoë"}, ensure_ascii=False)   # not ASCII
    return st.one_of(
        st.binary(max_size=400).map(lambda b: (b, not_an_object(b), None)),
        st.integers(0, len(text) - 1).map(lambda n: (text[:n], True, None)),
        st.builds(lambda kind, depth, closed: (nested(kind, depth, closed).encode(), True, None),
                  st.sampled_from("[{"), st.sampled_from([33, 500, 5000, 100_000]),
                  st.booleans()),
        st.builds(lambda path, kind, depth: (with_literal(good, path, nested(kind, depth, True)),
                                             True, path),
                  st.sampled_from(paths), st.sampled_from("[{"), st.sampled_from([40, 2000])),
        st.builds(lambda codec: (noted.encode(codec), True, None),
                  st.sampled_from(["utf-16", "utf-32", "latin-1", "cp1252"])),
        st.builds(lambda path, literal: (with_literal(good, path, literal), True, path),
                  st.sampled_from(paths), st.sampled_from(NON_FINITE)),
        st.builds(lambda path: (with_literal(good, path, '"\\ud800"'), True, path),
                  st.sampled_from(paths)),
        st.builds(lambda path, value: (json.dumps(put(good, path, value)).encode(), False, path),
                  st.sampled_from(paths), JSON_VALUES),
    )


# -- the shared reader ----------------------------------------------------------------------
@FAST
@given(st.one_of(st.binary(max_size=300),
                 st.builds(lambda k, d, c: nested(k, d, c).encode(), st.sampled_from("[{"),
                           st.integers(1, 3000), st.booleans()),
                 JSON_VALUES.map(lambda v: json.dumps(v).encode())))
def test_the_shared_reader_gives_data_within_its_limits_or_one_clause(content):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "file.json"
        path.write_bytes(content)
        for read in (lambda: untrusted.load_json(path, max_bytes=4096),
                     lambda: untrusted.load_toml(path, max_bytes=4096)):
            try:
                data = read()
            except UntrustedFileError as exc:
                assert "\n" not in str(exc) and str(exc).startswith("it ")
            else:
                untrusted.check_tree(data)          # within the depth, valid Unicode
                json.dumps(data, allow_nan=False, default=str)   # no NaN, no Infinity


@pytest.mark.parametrize("content,reason", [
    (b"[" * 100_000, "nested more than 32 deep"),
    (b"[" * 33 + b"]" * 33, "nested more than 32 deep"),
    (b'{"a": NaN}', "NaN, which is not a number"),
    (b"[1e999]", "1e999, which is not a number"),
    (b'["\\udc00"]', "not valid Unicode"),
    ('{"a": "Zoë"}'.encode("utf-16"), "not UTF-8 text"),
    (b"1" * 5000, "a number too long"),
    (b" " * (1 << 20) + b"{}", r"too large \(more than 1,048,576 bytes\)")],
    ids=["deep", "33 deep", "NaN", "1e999", "surrogate", "UTF-16", "long number", "huge"])
def test_the_shared_reader_says_what_is_wrong(tmp_path, content, reason):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    with pytest.raises(UntrustedFileError, match=reason):
        untrusted.load_json(path, max_bytes=1 << 20)


def test_toml_gets_the_same_limits(tmp_path):
    path = tmp_path / "kiosk.toml"
    for text, reason in (("games = " + "[" * 5000, "nested"), ("volume = nan", "not a number"),
                         ("volume = inf", "not a number"), ("x = [1,", "not valid TOML")):
        path.write_text(text)
        with pytest.raises(UntrustedFileError, match=reason):
            untrusted.load_toml(path, max_bytes=1 << 20)
    path.write_text('idle = 90\ngames = ["cubirds"]\n')
    assert untrusted.load_toml(path, max_bytes=1 << 20) == {"idle": 90, "games": ["cubirds"]}


# -- settings.json --------------------------------------------------------------------------
GOOD_SETTINGS = asdict(settings_mod.Settings(music_volume=0.25, effects_volume=0.4,
                                             ai_speed="fast", hints=False, window_width=1600,
                                             window_height=900, guided_seen=("cubirds",)))
GOOD_SETTINGS["guided_seen"] = list(GOOD_SETTINGS["guided_seen"])


@FAST
@given(damaged(GOOD_SETTINGS, [(f.name,) for f in fields(settings_mod.Settings)]))
def test_damaged_settings_give_defaults_a_dated_copy_and_one_line(case):
    content, refused, path_damaged = case
    lines = Lines("settings")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(content)
        loaded = settings_mod.load(path, lines.log)
        for f in fields(settings_mod.Settings):   # every value one the game can use
            value = getattr(loaded, f.name)
            assert loaded.validate_field(f.name, value) == value
        said = lines.warnings()
        copies = [p for p in Path(folder).iterdir() if p.name.startswith("settings.json.bad-")]
        assert len(said) <= 1
        if refused:
            assert said, "damage must be said"
        if said:
            assert [c.read_bytes() for c in copies] == [content]
            assert copies[0].name in said[0]
            assert settings_mod.load(path, lines.log) == loaded   # repaired in place
            assert lines.warnings() == []
        else:
            assert copies == [] and path.read_bytes() == content
        if path_damaged is not None and said and "settings.json had problems (it " not in said[0]:
            key = path_damaged[0]
            assert key in said[0]
            assert all(getattr(loaded, name) == settings_mod.Settings().validate_field(
                name, GOOD_SETTINGS[name]) for name in GOOD_SETTINGS if name != key)


def test_settings_just_over_the_cap_are_refused_whole(tmp_path):
    lines = Lines("settings-cap")
    path = tmp_path / "settings.json"
    content = json.dumps(GOOD_SETTINGS).encode().ljust(settings_mod.MAX_BYTES + 1)
    path.write_bytes(content)
    assert settings_mod.load(path, lines.log) == settings_mod.Settings()
    [line] = lines.warnings()
    assert "too large" in line
    [copy] = tmp_path.glob("settings.json.bad-*")
    assert copy.read_bytes() == content


# -- replay files ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_replay() -> dict:
    from tests.test_replay import play
    recording, _, _ = play("flip_a_bird", 3, 3)
    return recording.to_json()


def replay_paths(good: dict) -> list[tuple]:
    seat = [("seats", 0, key) for key in good["seats"][0]]
    return ([(key,) for key in good] + seat + [("seats", 1), ("actions", 0), ("actions", 5),
                                              ("result", "scores"), ("result", "winners")])


@given(data=st.data())
@FAST
def test_damaged_replays_are_one_line(good_replay, data):
    content, refused, _ = data.draw(damaged(good_replay, replay_paths(good_replay)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "replay.json"
        path.write_bytes(content)
        try:
            recording = load_recording(path)
        except ReplayError as exc:
            assert "\n" not in str(exc) and str(exc)
        else:
            assert not refused
            assert all(usable_name(s.name) for s in recording.seats)
            assert recording.to_json() is not None


def test_a_replay_just_over_the_cap_is_one_line(tmp_path, good_replay):
    path = tmp_path / "replay.json"
    path.write_bytes(json.dumps(good_replay).encode().ljust(REPLAY_MAX_BYTES + 1))
    with pytest.raises(ReplayError, match="too large"):
        load_recording(path)


# -- gamecontrollerdb.txt -------------------------------------------------------------------
GOOD_MAPPING = ("03000000de280000ff11000003000000,Birdhouse Fuzz Pad,a:b0,b:b1,x:b2,y:b3,"
                "back:b6,start:b7,leftx:a0,lefty:a1,dpup:h0.1,platform:Linux,")
MAPPING_FILE = ("# mappings\n" + GOOD_MAPPING + "\n").encode()


@FAST
@given(st.one_of(
    st.binary(max_size=2000),
    st.integers(0, len(MAPPING_FILE)).map(lambda n: MAPPING_FILE[:n]),
    st.lists(st.text(max_size=80), max_size=60).map(lambda ls: "\n".join(ls).encode()),
    st.integers(MAPPING_WARNINGS, 400).map(lambda n: b"junk,junk\n" * n + MAPPING_FILE),
    st.sampled_from(["utf-16", "utf-32"]).map(lambda c: MAPPING_FILE.decode().encode(c)),
    st.integers(1, 3000).map(lambda n: (GOOD_MAPPING.replace("Fuzz Pad", "x" * n)).encode())))
def test_a_damaged_mapping_file_adds_what_it_can_in_a_few_lines(content):
    lines = Lines("mappings")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gamecontrollerdb.txt"
        path.write_bytes(content)
        added = load_mappings(path, lines.log)
        said = lines.warnings()
        assert 0 <= added
        assert len(said) <= MAPPING_WARNINGS + 1
        if b"\0" in content:
            assert added == 0 and len(said) == 1 and "not UTF-8" in said[0]


def test_a_mapping_file_just_over_the_cap_is_one_line(tmp_path):
    lines = Lines("mappings-cap")
    path = tmp_path / "gamecontrollerdb.txt"
    path.write_bytes(MAPPING_FILE + b"#" * MAPPINGS_MAX_BYTES)
    assert load_mappings(path, lines.log) == 0
    [line] = lines.warnings()
    assert "too large" in line


# -- the database ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> Path:
    """A real database: two finished matches (one of two people), one to continue."""
    path = tmp_path_factory.mktemp("untrusted-db") / "birdhouse.db"
    with open_store(path, sync="full") as store:
        play_some(store, "flip_a_bird", 3, seed=1, humans=2)
        play_some(store, "cubirds", 2, seed=2)
        play_some(store, "yard_birbs", 3, seed=3, moves=12, humans=2)
    return path


def columns(path: Path) -> list[tuple[str, str, tuple[str, ...]]]:
    """(table, column, primary key columns) of every column of every table."""
    db = sqlite3.connect(path)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        out = []
        for table in tables:
            info = db.execute(f"PRAGMA table_info({table})").fetchall()
            key = tuple(r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]) or ("rowid",)
            out.extend((table, r[1], key) for r in info)
        return out
    finally:
        db.close()


JUNK_JSON = st.sampled_from([
    "[" * 100_000, "[" * 40 + "]" * 40, '{"a":' * 3000, "NaN", "[1e999]", '"\\ud800"',
    '{"scores": [1, 2], "winners": [7], "outcome": "x"}', '{"scores": NaN}', "[1, 2]", "{}",
    "[]", "null", '[["a line", 99]]', '[["a line"]]', '[{"@": "Teleport"}]', "not json"])
SQL_VALUES = st.one_of(
    st.none(), st.integers(-2**63, 2**63 - 1), st.sampled_from([0, -1, 1, 2, 99, 2**63 - 1]),
    st.floats(allow_nan=False), st.text(max_size=30), st.binary(max_size=20),
    st.sampled_from(["", "\0", "x" * 5000, "hard", "Robin\nWren"]), JUNK_JSON,
    JSON_VALUES.map(json.dumps))


def damage_rows(path: Path, changes) -> None:
    db = sqlite3.connect(path)
    try:
        for (table, column, key), row, value in changes:
            keys = ", ".join(key)
            db.execute(f"UPDATE {table} SET {column} = ? WHERE ({keys}) = (SELECT {keys} FROM"
                       f" {table} ORDER BY {keys} LIMIT 1 OFFSET ?)", (value, row))
        db.commit()
    finally:
        db.close()


def use_everything(store) -> None:
    """What the title, Continue, History, Results and ``--replay ID`` ask of the store,
    checking that what comes back can be drawn."""
    for entry in store.unfinished():
        assert usable_text(entry.describe(), 10_000)
    for match_id in range(1, 5):
        saved = store.load_match(match_id)
        if saved is None:
            continue
        assert all(usable_name(s.name) for s in saved.to_match().seats)
        for step in (resume_state, Recording.from_saved):
            try:
                state = step(saved)
            except ReplayError as exc:
                assert "\n" not in str(exc)
            else:
                if step is resume_state:
                    assert state.num_players == len(saved.seats)
        store.highlights(match_id)
    for summary in store.recent(50):
        assert all(usable_name(s.name) for s in summary.seats)
        assert all(isinstance(n, str) for n in summary.winner_names)
    store.count_finished()
    for profile in store.profiles():
        assert usable_name(profile.name)
        for stats in store.stats_by_game(profile.name):
            assert stats.win_rate >= 0
            store.score_history(profile.name, stats.game_id)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_damaged_rows_are_skipped_and_the_rest_still_plays(good_db, data):
    changes = data.draw(st.lists(st.tuples(st.sampled_from(columns(good_db)),
                                           st.integers(0, 3), SQL_VALUES),
                                 min_size=1, max_size=3))
    lines = Lines("rows")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "birdhouse.db"
        shutil.copy(good_db, path)
        try:
            damage_rows(path, changes)
        except sqlite3.IntegrityError:
            event("SQLite itself refused the damage")   # NOT NULL, CHECK, a key twice
            return
        with open_store(path, lines.log, sync="full") as store:
            use_everything(store)
            said = lines.warnings()
            use_everything(store)
            assert lines.warnings() == [], "a damaged row is said once, not at every look"
        assert len(said) <= 4 * len(changes), said
        event("damage said" if said else "nothing to say")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=600), st.integers(0, 60_000), st.just(-1)), st.data())
def test_a_damaged_database_file_is_kept_aside_or_saving_is_off(good_db, damage, data):
    lines = Lines("db-file")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "birdhouse.db"
        good = good_db.read_bytes()
        if isinstance(damage, bytes):
            path.write_bytes(damage)
        elif damage < 0:   # bytes overwritten in the middle of the real file
            at = data.draw(st.integers(100, len(good) - 64))
            noise = data.draw(st.binary(min_size=64, max_size=64))
            path.write_bytes(good[:at] + noise + good[at + 64:])
        else:
            path.write_bytes(good[:damage])   # cut short
        with open_store(path, lines.log, sync="full") as store:
            use_everything(store)
            assert store.saving or store.problem
        assert all(len(line) < 400 for line in lines.warnings())
        if isinstance(damage, bytes) and damage:   # not SQLite at all: kept, a fresh one
            assert list(Path(folder).glob("birdhouse.db.bad-*"))


# -- the real path --------------------------------------------------------------------------
def run_birdhouse(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp_path / name.lower())
    return subprocess.run([sys.executable, "main.py", "--headless", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_settings_file_of_100000_brackets_starts_with_defaults(tmp_path):
    folder = tmp_path / "xdg_config_home" / "birdhouse"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text("[" * 100_000)
    done = run_birdhouse(tmp_path, "--frames", "5")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    [line] = [ln for ln in done.stderr.splitlines() if "settings" in ln.lower()]
    assert "nested more than 32 deep" in line and "using defaults" in line
    [copy] = folder.glob("settings.json.bad-*")
    assert copy.read_text() == "[" * 100_000 and copy.name in line
    assert json.loads((folder / "settings.json").read_text())["music_volume"] == 0.5


@pytest.mark.parametrize("content", ["[" * 100_000, '{"a":' * 100_000,
                                     '{"format": "birdhouse-replay", "seed": NaN}'],
                         ids=["brackets", "objects", "NaN"])
def test_replay_of_a_damaged_file_is_one_line_and_exit_2(tmp_path, content):
    path = tmp_path / "deep.json"
    path.write_text(content)
    done = run_birdhouse(tmp_path, "--replay", str(path))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("birdhouse: error: Cannot read deep.json: it ")


def test_continue_and_history_go_on_over_damaged_rows(tmp_path):
    """The title, Continue and History of a real App over a database with damaged rows:
    the newest saved game's snapshot and log are junk (it is rebuilt from its moves),
    one finished match's result nests 100,000 deep, another has a seat named with a NUL."""
    import pygame

    from scenes.history import History, MatchRow
    from scenes.title import Title
    from tests.harness import make_app, press, show

    path = tmp_path / "birdhouse.db"
    with open_store(path, sync="full") as store:
        play_some(store, "cubirds", 2, seed=1, humans=2)
        play_some(store, "cubirds", 2, seed=2, humans=2)
        play_some(store, "cubirds", 2, seed=3, humans=2)
        _, expected, moves = play_some(store, "cubirds", 2, seed=4, moves=6)
    db = sqlite3.connect(path)
    db.execute("UPDATE matches SET result = ? WHERE id = 1", ("[" * 100_000,))
    db.execute("UPDATE match_seats SET name = ? WHERE match_id = 2 AND seat = 0", ("Ro\0bin",))
    db.execute("UPDATE snapshots SET state = ?, log = '[[\"x\", 99]]' WHERE match_id = 4",
               ("[" * 100_000,))
    db.commit()
    db.close()
    app = make_app(tmp_path)
    try:
        app.ctx.store.close()
        app.ctx.store = open_store(path, app.log)
        title = show(app, Title(app.ctx))
        assert title.continue_card is not None and title.continue_card.entry.id == 4
        press(app, pygame.K_RETURN, 3)
        resumed = app.stack.top
        assert getattr(resumed, "resumed", False) and resumed.moves_played == moves
        assert resumed.state.to_dict() == expected.to_dict()   # rebuilt from the moves
        app.stack.reset(History(app.ctx))
        app.stack.apply_pending()
        for _ in range(3):
            app.frame(1 / 60)
        history = app.stack.top
        assert [w.summary.id for w in history.group.widgets if isinstance(w, MatchRow)] == [3]
        press(app, pygame.K_RETURN, 2)                 # the match that is left opens
        press(app, pygame.K_ESCAPE, 2)
        assert app.crashes == []
        assert app.ctx.store.saving                   # a damaged row never stops saving
    finally:
        app.ctx.store.close()
        pygame.quit()
