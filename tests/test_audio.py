"""Audio never crashes the game: no device, no folder, bad files, odd names all survive."""
from __future__ import annotations

import logging
import wave
from pathlib import Path

import pygame
import pytest

from game.audio import SOUND_NAMES, Audio

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "sounds"


@pytest.fixture(autouse=True)
def fresh_mixer():
    """Each test starts and ends with the mixer shut, so tests cannot leak state."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def logger() -> logging.Logger:
    return logging.getLogger("birdhouse.test_audio")


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_shipped_sounds_are_small_mono_16bit_and_all_present():
    for name in SOUND_NAMES:
        path = SOUNDS / f"{name}.wav"
        assert path.stat().st_size < 64_000, name
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert w.getnframes() > 0


def test_loads_every_shipped_sound_without_warnings(logger, caplog):
    caplog.set_level(logging.WARNING)
    audio = Audio(SOUNDS, logger)
    assert audio.enabled
    for name in SOUND_NAMES:
        audio.play(name)
    assert _warnings(caplog) == []


def test_missing_sounds_dir_is_silent_with_one_warning(tmp_path, logger, caplog):
    caplog.set_level(logging.WARNING)
    audio = Audio(tmp_path / "nowhere", logger)
    for name in SOUND_NAMES:
        audio.play(name)
    assert len(_warnings(caplog)) == 1


def test_corrupt_wav_warns_naming_the_file_and_goes_silent(tmp_path, logger, caplog):
    caplog.set_level(logging.WARNING)
    for name in SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS / f"{name}.wav").read_bytes())
    (tmp_path / "flip.wav").write_bytes(b"RIFF\x00garbage, not a wave file at all" * 7)
    audio = Audio(tmp_path, logger)
    audio.play("flip")
    audio.play("flip")
    audio.play("chirp")
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "flip.wav" in msgs[0]


def test_missing_single_file_warns_once(tmp_path, logger, caplog):
    caplog.set_level(logging.WARNING)
    (tmp_path / "tap.wav").write_bytes((SOUNDS / "tap.wav").read_bytes())
    audio = Audio(tmp_path, logger, names=("tap", "chirp"))
    audio.play("chirp")
    audio.play("tap")
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "chirp.wav" in msgs[0]


def test_unknown_name_warns_once(logger, caplog):
    caplog.set_level(logging.WARNING)
    audio = Audio(SOUNDS, logger)
    for _ in range(5):
        audio.play("kazoo")
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "kazoo" in msgs[0]


def test_volumes_clamp(logger):
    audio = Audio(SOUNDS, logger)
    audio.set_volumes(1.7, -0.3)
    assert (audio.music_volume, audio.effects_volume) == (1.0, 0.0)
    audio.set_volumes(0.25, 0.5)
    assert (audio.music_volume, audio.effects_volume) == (0.25, 0.5)
    audio.set_volumes(float("nan"), "loud")  # type: ignore[arg-type]
    assert (audio.music_volume, audio.effects_volume) == (0.0, 0.0)


def test_no_audio_device_runs_silent_with_one_warning(monkeypatch, logger, caplog):
    def broken_init(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    caplog.set_level(logging.WARNING)
    audio = Audio(SOUNDS, logger)
    assert not audio.enabled
    for name in SOUND_NAMES:
        audio.play(name)
    audio.set_volumes(0.5, 0.5)
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "silent" in msgs[0]
    assert audio.effects_volume == 0.5
