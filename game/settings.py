"""Player settings, kept as JSON in the platform's user config directory.

Loading never fails: a missing file gives defaults. A file that cannot be used -- cut
short, not JSON, not UTF-8, huge, nested too deep (see game.untrusted) -- or a field of
the wrong type or out of its range (NaN and Infinity included) gives the defaults for
what is bad and keeps the rest. Such a file is kept beside as
``settings.json.bad-<date>-<time>`` for a human to inspect (never replacing an earlier
one), the repaired settings are written in its place, and it costs one warning line.
Saving writes a temp file and renames it over the old one, so a crash mid-write can
never leave a half-written settings file.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from platformdirs import user_config_dir

from game.i18n import LANGUAGES
from game.untrusted import UntrustedFileError, bad_copy_path, load_json

APP_NAME = "birdhouse"
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
AI_SPEEDS = ("slow", "normal", "fast")
RANGES: dict[str, tuple[float, float]] = {
    "window_width": (320, 7680), "window_height": (320, 7680), "idle_seconds": (10, 3600),
    "phone_port": (1024, 65535), "music_volume": (0.0, 1.0), "effects_volume": (0.0, 1.0)}
MAX_BYTES = 1 << 20   # a settings file is about 500 bytes; anything near this is not one


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
    idle_seconds: int = 90
    reduced_motion: bool = False
    undo: bool = True           # a person may take back a slip (off: tournament play)
    phone_port: int = 8765      # the phones' server (taken: a free one is used instead)
    guided_seen: tuple[str, ...] = ()   # games whose guided first game was offered here
    language: str = ""          # a code of i18n.LANGUAGES; "": the system's language

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
        if isinstance(default, (int, float)):
            whole = isinstance(default, int)
            if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
                raise ValueError("expected a whole number" if whole else "expected a number")
            low, high = RANGES[name]
            if not low <= value <= high:   # NaN and Infinity fail this too
                raise ValueError(f"expected {low:g} to {high:g}")
            return value if whole else float(value)
        if name == "ai_speed" and value not in AI_SPEEDS:
            raise ValueError(f"expected one of {', '.join(AI_SPEEDS)}")
        if name == "language" and (not isinstance(value, str)
                                   or value not in ("", *LANGUAGES)):
            raise ValueError(f"expected \"\" (the system's) or one of {', '.join(LANGUAGES)}")
        return value

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)


def default_path() -> Path:
    return Path(user_config_dir(APP_NAME, appauthor=False)) / "settings.json"


def load(path: Path, log: logging.Logger) -> Settings:
    """Read settings from ``path``; anything wrong falls back to defaults, field by field."""
    settings = Settings()
    try:
        raw = load_json(path, max_bytes=MAX_BYTES, finite=False)  # NaN: named below
    except FileNotFoundError:
        return settings
    except OSError as exc:   # not ours to replace: say so and leave it alone
        log.warning("Cannot read the settings file %s (%s); using the defaults.",
                    path, exc.strerror or exc)
        return settings
    except UntrustedFileError as exc:
        raw, problems = {}, [str(exc)]
    else:
        problems = [] if isinstance(raw, dict) else ["it does not hold a JSON object"]
    known = {f.name for f in fields(Settings)}
    for name, value in (raw.items() if isinstance(raw, dict) else ()):
        if name not in known:
            continue  # a newer or older version's field: ignore quietly
        try:
            setattr(settings, name, settings.validate_field(name, value))
        except ValueError as exc:
            problems.append(f"{name}: {exc}")
    if problems:
        log.warning("Settings file %s had problems (%s); using defaults for those%s.",
                    path, "; ".join(problems), _keep_bad_copy(path, settings, log))
    return settings


def _keep_bad_copy(path: Path, repaired: Settings, log: logging.Logger) -> str:
    """Keep the damaged file under a dated name (a hard link: a huge file costs no
    copy) and write the repaired settings in its place, so the next start is clean and
    a restart loop cannot pile up copies. Returns the clause for the warning."""
    bad = bad_copy_path(path)
    try:
        try:
            os.link(path, bad)
        except OSError:   # no hard links here (some file systems)
            shutil.copyfile(path, bad)
    except OSError as exc:
        return f"; it could not be kept ({exc.strerror or exc})"
    save(repaired, path, log)
    return f"; the file is kept as {bad.name}"


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
