"""Audio never crashes the game: no device, no folder, bad files, odd names all survive.

The music loop is also checked by numbers, since nobody can listen in CI: it must
loop without a click and sit quieter than every effect.
"""
from __future__ import annotations

import array
import logging
import math
import os
import wave
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # a mixer exists even on a bare box

import pygame  # noqa: E402 (after the driver is chosen)
import pytest  # noqa: E402

from game.audio import SOUND_NAMES, Audio  # noqa: E402

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


# --- the music loop: the file itself ----------------------------------------------

MUSIC = SOUNDS / "music.wav"
VOLUME_STEP = 1 / 128  # SDL_mixer keeps music volume in 128ths


def _samples(path: Path) -> tuple[array.array, int]:
    """The 16-bit samples of a mono .wav, scaled later by the caller, and its rate."""
    with wave.open(str(path)) as w:
        data = array.array("h", w.readframes(w.getnframes()))
        return data, w.getframerate()


def _rms(xs) -> float:
    return math.sqrt(sum(x * x for x in xs) / len(xs))


def test_music_is_a_small_mono_16bit_16khz_loop_of_16_to_24_seconds():
    assert MUSIC.stat().st_size < 800_000
    with wave.open(str(MUSIC)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 16000)
        assert 16.0 <= w.getnframes() / w.getframerate() <= 24.0


def test_music_loop_seam_is_no_bigger_than_a_step_inside_the_loop():
    xs, rate = _samples(MUSIC)
    steps = [abs(b - a) for a, b in zip(xs, xs[1:])]
    seam = abs(xs[0] - xs[-1])
    assert seam <= max(steps)
    # And locally: no worse than the steps just either side of the seam (10 ms each),
    # which is where a click would stand out.
    near = steps[: rate // 100] + steps[-(rate // 100):]
    assert seam <= max(near)


def test_music_is_not_faded_at_the_seam():
    """A fade to silence at either end would be heard as a gap every time it loops."""
    xs, rate = _samples(MUSIC)
    edge = rate // 20  # 50 ms
    whole = _rms(xs)
    assert _rms(xs[:edge]) > 0.25 * whole
    assert _rms(xs[-edge:]) > 0.25 * whole


def test_music_peaks_below_every_effect():
    music, _ = _samples(MUSIC)
    music_peak = max(abs(x) for x in music)
    for name in SOUND_NAMES:
        effect, _ = _samples(SOUNDS / f"{name}.wav")
        assert music_peak < max(abs(x) for x in effect), name


def test_committed_music_matches_the_generator(tmp_path):
    """The generator is deterministic and music.wav was regenerated after any edit."""
    from tools.make_sounds import build_music

    build_music(tmp_path)
    assert (tmp_path / "music.wav").read_bytes() == MUSIC.read_bytes()


# --- the music loop: playing it ---------------------------------------------------

def _copy_effects(dest: Path) -> None:
    for name in SOUND_NAMES:
        (dest / f"{name}.wav").write_bytes((SOUNDS / f"{name}.wav").read_bytes())


def test_play_music_loops_forever_at_the_music_volume(monkeypatch, logger, caplog):
    caplog.set_level(logging.WARNING)
    calls: list[dict] = []
    real_play = pygame.mixer.music.play

    def spy(*args, **kwargs):
        calls.append({"args": args, "kwargs": kwargs})
        return real_play(*args, **kwargs)

    monkeypatch.setattr(pygame.mixer.music, "play", spy)
    audio = Audio(SOUNDS, logger)
    audio.set_volumes(0.4, 1.0)
    audio.play_music()
    assert audio.music_playing == "music"
    assert pygame.mixer.music.get_busy()
    first = calls[0]
    assert first["kwargs"].get("loops") == -1 or first["args"][:1] == (-1,)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.4, abs=VOLUME_STEP)
    assert _warnings(caplog) == []


def test_set_volumes_changes_the_music_live_and_zero_is_silent(logger):
    audio = Audio(SOUNDS, logger)
    audio.play_music()
    audio.set_volumes(0.0, 1.0)
    assert pygame.mixer.music.get_volume() == 0.0
    audio.set_volumes(0.8, 1.0)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.8, abs=VOLUME_STEP)
    assert pygame.mixer.music.get_busy()  # never stopped, just turned down and up


def test_play_music_twice_neither_restarts_nor_warns(monkeypatch, logger, caplog):
    caplog.set_level(logging.WARNING)
    loads: list[str] = []
    real_load = pygame.mixer.music.load
    monkeypatch.setattr(pygame.mixer.music, "load",
                        lambda path, *a: (loads.append(path), real_load(path, *a))[1])
    audio = Audio(SOUNDS, logger)
    audio.play_music()
    audio.play_music()
    assert len(loads) == 1
    assert pygame.mixer.music.get_busy()
    assert _warnings(caplog) == []


def test_stop_music_stops_and_is_safe_to_repeat(logger):
    audio = Audio(SOUNDS, logger)
    audio.stop_music()  # before anything plays
    audio.play_music()
    audio.stop_music()
    audio.stop_music()
    assert audio.music_playing is None
    assert not pygame.mixer.music.get_busy()
    audio.play_music()  # and it can start again
    assert pygame.mixer.music.get_busy()
    pygame.mixer.quit()
    audio.stop_music()  # even with the mixer gone


def test_missing_music_file_warns_once_and_effects_still_play(tmp_path, logger, caplog):
    caplog.set_level(logging.WARNING)
    _copy_effects(tmp_path)
    audio = Audio(tmp_path, logger)
    for _ in range(3):
        audio.play_music()
    audio.set_volumes(0.5, 0.5)
    audio.stop_music()
    audio.play("tap")
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "music.wav" in msgs[0]
    assert audio.music_playing is None


def test_corrupt_music_file_warns_once(tmp_path, logger, caplog):
    caplog.set_level(logging.WARNING)
    _copy_effects(tmp_path)
    (tmp_path / "music.wav").write_bytes(b"RIFF\x00garbage, not a wave file at all" * 7)
    audio = Audio(tmp_path, logger)
    for _ in range(3):
        audio.play_music()
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "music.wav" in msgs[0]
    assert audio.music_playing is None


def test_missing_sounds_dir_still_warns_only_once_with_music(tmp_path, logger, caplog):
    caplog.set_level(logging.WARNING)
    audio = Audio(tmp_path / "nowhere", logger)
    audio.play_music()
    audio.play_music()
    audio.play("chirp")
    assert len(_warnings(caplog)) == 1


def test_music_without_an_audio_device_is_silent(monkeypatch, logger, caplog):
    def broken_init(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    caplog.set_level(logging.WARNING)
    audio = Audio(SOUNDS, logger)
    audio.play_music()
    audio.play_music()
    audio.set_volumes(0.3, 0.3)
    audio.stop_music()
    msgs = _warnings(caplog)
    assert len(msgs) == 1 and "silent" in msgs[0]
    assert audio.music_volume == 0.3 and audio.music_playing is None


def test_the_app_starts_the_music_and_the_settings_slider_turns_it_down(tmp_path):
    """The bug this fixes: the Music volume slider used to have nothing to control."""
    from scenes.settings import SettingsScene
    from tests.harness import make_app, press, show

    app = make_app(tmp_path)
    try:
        assert not app.ctx.audio.started        # the first frame does not wait for sound
        scene = show(app, SettingsScene(app.ctx))  # two frames: now the music plays
        assert app.ctx.audio.music_playing == "music"
        assert pygame.mixer.music.get_busy()
        labels = [w.label for w in scene.group.widgets]
        scene.group.index = labels.index("Music volume")
        before = pygame.mixer.music.get_volume()
        for _ in range(3):
            press(app, pygame.K_LEFT)
        after = pygame.mixer.music.get_volume()
        assert after < before
        assert after == pytest.approx(app.ctx.settings.music_volume, abs=VOLUME_STEP)
    finally:
        pygame.quit()
