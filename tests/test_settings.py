"""Settings survive anything on disk: defaults for bad fields, a .bad copy, one warning."""
import json
import logging

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
    assert (tmp_path / "settings.json.bad").read_bytes() == path.read_bytes()
    assert len(caplog.records) == 1 and "\n" not in caplog.records[0].getMessage()


def test_wrong_types_reset_only_the_bad_fields(tmp_path, log, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "yes", "music_volume": 0.25, "ai_speed": "warp",
                                "window_width": 99999, "effects_volume": 7, "future": 1}))
    s = st.load(path, log)
    assert s.fullscreen is False and s.ai_speed == "normal" and s.window_width == 1280
    assert s.music_volume == 0.25           # the good field is kept
    assert s.effects_volume == 1.0          # out-of-range volume is clamped, not rejected
    assert (tmp_path / "settings.json.bad").exists()
    message = caplog.records[0].getMessage()
    assert "fullscreen" in message and "ai_speed" in message and "future" not in message


def test_a_disk_that_refuses_writes_is_a_warning_not_a_crash(tmp_path, log, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert not st.save(st.Settings(), blocker / "settings.json", log)
    assert "Could not save settings" in caplog.records[0].getMessage()
