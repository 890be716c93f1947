"""Settings survive anything on disk: defaults for bad fields, a dated .bad copy, the
repaired file in its place, one warning. (Generated damage: tests/test_untrusted_files.py.)"""
import json
import logging
from dataclasses import asdict

import pytest

from game import settings as st


@pytest.fixture
def log(caplog):
    caplog.set_level(logging.WARNING, logger="test.settings")
    return logging.getLogger("test.settings")


def test_missing_file_gives_defaults(tmp_path, log, caplog):
    assert st.load(tmp_path / "settings.json", log) == st.Settings()
    assert caplog.records == []


def test_round_trip_is_atomic_and_exact(tmp_path, log):
    path = tmp_path / "deep" / "settings.json"
    s = st.Settings(fullscreen=True, music_volume=0.3, ai_speed="fast", colour_patterns=False)
    assert st.save(s, path, log)
    assert st.load(path, log) == s
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp files left


@pytest.mark.parametrize("content", ['{"fullscreen": tr', "not json at all", "[1, 2, 3]",
                                     "\xff\xfe garbage"])
def test_unreadable_files_fall_back_and_are_kept(tmp_path, log, caplog, content):
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="latin-1")
    assert st.load(path, log) == st.Settings()
    [bad] = bad_copies(tmp_path)
    assert bad.read_bytes() == content.encode("latin-1")
    assert len(caplog.records) == 1 and "\n" not in caplog.records[0].getMessage()
    assert bad.name in caplog.records[0].getMessage()
    assert json.loads(path.read_text()) == json.loads(json.dumps(asdict(st.Settings())))
    caplog.clear()
    assert st.load(path, log) == st.Settings() and caplog.records == []


def bad_copies(folder):
    return sorted(p for p in folder.iterdir() if p.name.startswith("settings.json.bad-"))


def test_a_second_damaged_file_does_not_replace_the_first_copy(tmp_path, log):
    path = tmp_path / "settings.json"
    for content in ("first damage", "second damage"):
        path.write_text(content)
        st.load(path, log)
    assert sorted(p.read_text() for p in bad_copies(tmp_path)) == ["first damage",
                                                                   "second damage"]


def test_a_file_from_before_memory_marks_moved_loads_quietly(tmp_path, log, caplog):
    """memory_aid was a setting; it is now Flappy Families' option in Seat setup. A file
    that still holds it loads with no warning, no bad copy, and keeps the rest."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"memory_aid": False, "hints": False, "music_volume": 0.3}))
    s = st.load(path, log)
    assert not hasattr(s, "memory_aid")
    assert s.hints is False and s.music_volume == 0.3
    assert caplog.records == [] and not bad_copies(tmp_path)


def test_wrong_types_reset_only_the_bad_fields(tmp_path, log, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "yes", "music_volume": 0.25, "ai_speed": "warp",
                                "window_width": 99999, "effects_volume": 7, "future": 1}))
    s = st.load(path, log)
    assert s.fullscreen is False and s.ai_speed == "normal" and s.window_width == 1280
    assert s.music_volume == 0.25           # the good field is kept
    assert s.effects_volume == 0.8          # out of range: the default, and said
    assert bad_copies(tmp_path)
    [record] = caplog.records
    message = record.getMessage()
    assert all(key in message for key in ("fullscreen", "ai_speed", "window_width",
                                          "effects_volume"))
    assert "future" not in message and "music_volume" not in message
    assert st.load(path, log).music_volume == 0.25   # the repaired file kept it


@pytest.mark.parametrize("volume", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_volume_that_is_not_a_number_is_named_and_the_rest_kept(tmp_path, log, caplog,
                                                                   volume):
    path = tmp_path / "settings.json"
    path.write_text(f'{{"music_volume": {volume}, "effects_volume": 0.3, "hints": false}}')
    s = st.load(path, log)
    assert (s.music_volume, s.effects_volume, s.hints) == (0.5, 0.3, False)
    [record] = caplog.records
    assert "music_volume" in record.getMessage() and "effects_volume" not in record.getMessage()


def test_a_disk_that_refuses_writes_is_a_warning_not_a_crash(tmp_path, log, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert not st.save(st.Settings(), blocker / "settings.json", log)
    assert "Could not save settings" in caplog.records[0].getMessage()
