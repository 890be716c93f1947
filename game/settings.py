"""Player settings, kept as JSON in the platform's user config directory.

Loading never fails: a missing file gives defaults; a truncated, non-JSON or wrongly typed
file gives defaults for the bad fields, is kept beside as ``settings.json.bad`` for a human
to inspect, and costs one warning line. Saving writes a temp file and renames it over the
old one, so a crash mid-write can never leave a half-written settings file.
"""
from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from platformdirs import user_config_dir

APP_NAME = "birdhouse"
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
AI_SPEEDS = ("slow", "normal", "fast")


@dataclass
class Settings:
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    music_volume: float = 0.5
    effects_volume: float = 0.8
    colour_patterns: bool = True
    ai_speed: str = "normal"
    hints: bool = True
    memory_aid: bool = True
    idle_seconds: int = 90
    reduced_motion: bool = False
    undo: bool = True           # a person may take back a slip (off: tournament play)
    phone_port: int = 8765      # the phones' server (taken: a free one is used instead)
    guided_seen: tuple[str, ...] = ()   # games whose guided first game was offered here

    def validate_field(self, name: str, value: object) -> object:
        """Return ``value`` if it is acceptable for field ``name``, else raise ValueError."""
        default = getattr(Settings, name)
        if isinstance(default, tuple):
            if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                raise ValueError("expected a list of names")
            return tuple(sorted(set(value)))
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError("expected true or false")
            return value
        if isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError("expected a whole number")
            if name in ("window_width", "window_height") and not 320 <= value <= 7680:
                raise ValueError("window size out of range")
            if name == "idle_seconds" and not 10 <= value <= 3600:
                raise ValueError("idle time out of range")
            if name == "phone_port" and not 1024 <= value <= 65535:
                raise ValueError("port out of range (1024-65535)")
            return value
        if isinstance(default, float):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError("expected a number")
            return min(1.0, max(0.0, float(value)))
        if name == "ai_speed" and value not in AI_SPEEDS:
            raise ValueError(f"expected one of {', '.join(AI_SPEEDS)}")
        return value

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)


def default_path() -> Path:
    return Path(user_config_dir(APP_NAME, appauthor=False)) / "settings.json"


def load(path: Path, log: logging.Logger) -> Settings:
    """Read settings from ``path``; anything wrong falls back to defaults, field by field."""
    settings = Settings()
    if not path.exists():
        return settings
    problems: list[str] = []
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("the file does not hold a JSON object")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.append(f"unreadable ({exc.__class__.__name__})")
        raw = {}
    known = {f.name for f in fields(Settings)}
    for name, value in raw.items():
        if name not in known:
            continue  # a newer or older version's field: ignore quietly
        try:
            setattr(settings, name, settings.validate_field(name, value))
        except ValueError as exc:
            problems.append(f"{name}: {exc}")
    if problems:
        _keep_bad_copy(path, log)
        log.warning("Settings file %s had problems (%s); using defaults for those.",
                    path, "; ".join(problems))
    return settings


def _keep_bad_copy(path: Path, log: logging.Logger) -> None:
    try:
        bad = path.with_name(path.name + ".bad")
        bad.write_bytes(path.read_bytes())
    except OSError as exc:
        log.warning("Could not keep a copy of the bad settings file: %s", exc)


def save(settings: Settings, path: Path, log: logging.Logger) -> bool:
    """Write atomically (temp file + rename); False (and a warning) if the disk refuses."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(asdict(settings), handle, indent=2, sort_keys=True)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        log.warning("Could not save settings to %s: %s", path, exc)
        return False
    return True
