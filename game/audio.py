"""Sound effects, background music and volumes, built once at start-up and carried on
the context object.

Why it is so defensive: Birdhouse runs on TVs, laptops and unattended kiosks. A box
with no audio device, a missing sounds/ folder or a damaged .wav must never stop a
game, and must not flood the log either: each problem is logged once, then the game
carries on silently.

Music is streamed with ``pygame.mixer.music`` rather than preloaded like the effects:
the loop is far bigger than any effect and only one piece ever plays at a time.
"""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

# The effects the scenes ask for by name; tools/make_sounds.py writes these files.
SOUND_NAMES: tuple[str, ...] = ("chirp", "flip", "slide", "shuffle", "tap", "win",
                                "predator", "deal", "error")


def _clamp01(value: float) -> float:
    """Volumes arrive from settings and sliders; keep them inside 0..1 whatever comes."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    if v != v:  # NaN
        return 0.0
    return max(0.0, min(1.0, v))


class Audio:
    """Preloaded sound effects, one streamed music loop, and the music/effects volumes.

    Create one at start-up. If the mixer cannot start, ``enabled`` is False and every
    call is a cheap no-op, so scenes never need to check before calling ``play``.
    """

    def __init__(self, sounds_dir: Path, logger: logging.Logger,
                 names: tuple[str, ...] = SOUND_NAMES, start: bool = True) -> None:
        self._log = logger
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._names = tuple(names)
        self._warned: set[str] = set()
        self._music_volume = 1.0
        self._effects_volume = 1.0
        self._sounds_dir = Path(sounds_dir)
        self._folder_missing = False
        self._music: str | None = None      # the name of the loop now playing, if any
        self._enabled = False
        self.started = False
        if start:
            self.start()

    def start(self) -> None:
        """Start the mixer and load every effect (once). The app calls this right after
        its first frame, so the title shows without waiting for the sound device."""
        if self.started:
            return
        self.started = True
        self._enabled = self._start_mixer()
        if self._enabled:
            self._preload(self._sounds_dir, self._names)

    # --- start-up ---------------------------------------------------------------

    def _start_mixer(self) -> bool:
        """Start the mixer with a small buffer (low latency for taps and flips)."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            if not pygame.mixer.get_init():
                raise pygame.error("mixer did not initialise")
            pygame.mixer.set_num_channels(16)
        except (pygame.error, NotImplementedError, OSError) as exc:
            self._log.warning("No audio device (%s): running silent.", exc)
            return False
        return True

    def _preload(self, sounds_dir: Path, names: tuple[str, ...]) -> None:
        """Load every effect now, so ``play`` never touches the disk mid-game."""
        if not sounds_dir.is_dir():
            self._log.warning("Sounds folder %s is missing: effects are silent.",
                              sounds_dir)
            self._sounds = {name: None for name in names}
            self._folder_missing = True
            return
        for name in names:
            path = sounds_dir / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                self._log.warning("Sound %s could not be loaded (%s): it will be silent.",
                                  path, exc)
                self._sounds[name] = None
        self._apply_effects_volume()

    # --- public API ---------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """True when a mixer is running; False means the whole game is silent."""
        return self._enabled

    @property
    def music_volume(self) -> float:
        """The music level 0..1, as last set (kept even when silent, for settings)."""
        return self._music_volume

    @property
    def effects_volume(self) -> float:
        """The effects level 0..1, as last set."""
        return self._effects_volume

    def play(self, name: str) -> None:
        """Play an effect by name; unknown names warn once and stay silent."""
        if name not in self._names:
            if name not in self._warned:
                self._warned.add(name)
                self._log.warning("Unknown sound %r requested: ignoring it.", name)
            return
        sound = self._sounds.get(name)
        if sound is None or not self._enabled:
            return
        try:
            sound.play()
        except pygame.error as exc:  # the device vanished mid-game: go quiet, once
            self._log.warning("Audio stopped working (%s): running silent.", exc)
            self._enabled = False

    @property
    def music_playing(self) -> str | None:
        """The name of the music loop started by ``play_music``, or None."""
        return self._music

    def play_music(self, name: str = "music") -> None:
        """Loop ``sounds/<name>.wav`` forever under the effects, at the music volume.

        Calling it again for the loop already playing does nothing, so scenes may ask
        for music freely without restarting it. A missing or unreadable file warns
        once and leaves the game silent; it is not retried, so nothing floods the log.
        """
        if not self._enabled or (self._music == name and self._music_busy()):
            return
        key = f"music:{name}"
        if key in self._warned:
            return
        if self._folder_missing:  # already reported once by _preload
            self._warned.add(key)
            return
        path = self._sounds_dir / f"{name}.wav"
        try:
            if not path.is_file():
                raise FileNotFoundError("no such file")
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self._music_volume)
            pygame.mixer.music.play(loops=-1)
            pygame.mixer.music.set_volume(self._music_volume)  # some backends reset it
        except (pygame.error, OSError) as exc:
            self._warned.add(key)
            self._log.warning("Music %s could not be played (%s): it will be silent.",
                              path, exc)
            self._music = None
            return
        self._music = name

    def _music_busy(self) -> bool:
        """True while the stream is running; a shut mixer counts as busy (stay quiet)."""
        try:
            return bool(pygame.mixer.music.get_busy())
        except pygame.error:
            return True

    def stop_music(self) -> None:
        """Stop the music loop; harmless when nothing is playing or there is no mixer."""
        self._music = None
        if not self._enabled:
            return
        try:
            pygame.mixer.music.stop()
            pygame.mixer.music.unload()
        except pygame.error:  # mixer already shut down: the music is stopped anyway
            pass

    def set_volumes(self, music: float, effects: float) -> None:
        """Set both levels (clamped to 0..1) and apply them at once, music included.

        Applied live so the Settings sliders are heard while being dragged; a music
        level of 0 silences the loop without stopping it, so raising it resumes.
        """
        self._music_volume = _clamp01(music)
        self._effects_volume = _clamp01(effects)
        if not self._enabled:
            return
        try:
            pygame.mixer.music.set_volume(self._music_volume)
        except pygame.error:
            pass
        self._apply_effects_volume()

    def _apply_effects_volume(self) -> None:
        """Effects share one level; set it on each preloaded Sound."""
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._effects_volume)
