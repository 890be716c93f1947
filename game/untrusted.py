"""Reading files Birdhouse did not necessarily write: settings, replays, the database's
JSON columns, and the kiosk configuration to come.

Any damage -- a huge file, text that is not UTF-8, JSON or TOML nested thousands deep
(which would stop the parser with a RecursionError), NaN or Infinity, text with lone
surrogates -- becomes one :class:`UntrustedFileError` whose message is a short clause
for the caller's own sentence ("it is not valid JSON (line 1, column 3: ...)"). What to
fall back to is the caller's business: this module only reads.
"""
from __future__ import annotations

import json
import math
import time
import tomllib
from pathlib import Path
from typing import Any

MAX_DEPTH = 32          # Birdhouse's own files nest 7 deep at most (a Yard Birbs state)
NAME_MAX = 40           # a seat or profile name (Birdhouse's own are one bird's name)
LATEST_TIME = 253402300799.0   # 9999-12-31: later times cannot be shown as a date


class UntrustedFileError(ValueError):
    """The file cannot be used; ``str(error)`` says why in one clause ("it is ...")."""


def read_bytes(path: Path | str, max_bytes: int) -> bytes:
    """The file's bytes, refused past ``max_bytes``. OSError (missing, unreadable) is
    left to the caller, who knows what a missing file means."""
    with open(path, "rb") as handle:
        data = handle.read(max_bytes + 1)   # never more, even from /dev/zero
    if len(data) > max_bytes:
        raise UntrustedFileError(f"it is too large (more than {max_bytes:,} bytes)")
    return data


def read_text(path: Path | str, max_bytes: int) -> str:
    """The file as text: at most ``max_bytes`` of UTF-8 (a leading BOM is dropped)."""
    data = read_bytes(path, max_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UntrustedFileError(f"it is not UTF-8 text (byte {exc.start + 1} is "
                                 f"0x{data[exc.start]:02x})") from None


def parse_json(text: str, *, max_depth: int = MAX_DEPTH, finite: bool = True) -> Any:
    """JSON from ``text`` with every container at most ``max_depth`` deep. NaN, Infinity
    and numbers too large for a float (1e999) are refused unless ``finite`` is False (a
    caller that checks its numbers itself and wants to name the key)."""
    if not isinstance(text, str):
        raise UntrustedFileError(f"it is {type(text).__name__}, not text")
    hooks = {} if not finite else {"parse_constant": _non_finite, "parse_float": _finite_float}
    try:
        data = json.loads(text, **hooks)
    except RecursionError:
        raise UntrustedFileError(f"it is nested more than {max_depth} deep") from None
    except json.JSONDecodeError as exc:
        raise UntrustedFileError(f"it is not valid JSON (line {exc.lineno}, column "
                                 f"{exc.colno}: {exc.msg})") from None
    except UntrustedFileError:
        raise
    except ValueError:          # an integer of more than 4,300 digits
        raise UntrustedFileError("it holds a number too long to read") from None
    check_tree(data, max_depth)
    return data


def load_json(path: Path | str, *, max_bytes: int, max_depth: int = MAX_DEPTH,
              finite: bool = True) -> Any:
    """:func:`read_text` then :func:`parse_json`."""
    return parse_json(read_text(path, max_bytes), max_depth=max_depth, finite=finite)


def load_toml(path: Path | str, *, max_bytes: int, max_depth: int = MAX_DEPTH) -> dict:
    """A TOML file as a dict, with the same limits as :func:`load_json` (TOML's own
    ``nan`` and ``inf`` are refused)."""
    text = read_text(path, max_bytes)
    try:
        data = tomllib.loads(text, parse_float=_finite_float)
    except RecursionError:
        raise UntrustedFileError(f"it is nested more than {max_depth} deep") from None
    except tomllib.TOMLDecodeError as exc:
        raise UntrustedFileError(f"it is not valid TOML ({exc})") from None
    check_tree(data, max_depth)
    return data


def check_tree(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a parsed tree deeper than ``max_depth`` or holding text that cannot be
    written back as UTF-8 (a lone surrogate from a ``\\ud800`` escape). Iterative, so
    depth itself cannot overflow anything."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                _check_unicode(item)
            continue
        if isinstance(item, dict):
            children: Any = item.values()
            for key in item:
                if isinstance(key, str) and not key.isascii():
                    _check_unicode(key)
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > max_depth:
            raise UntrustedFileError(f"it is nested more than {max_depth} deep")
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, (str, dict, list)))


def usable_text(value: Any, max_len: int, min_len: int = 0) -> bool:
    """Whether ``value`` is text a screen can draw: a str of ``min_len`` to ``max_len``
    characters with no control characters (pygame refuses a NUL) and no lone
    surrogates."""
    if not isinstance(value, str) or not min_len <= len(value) <= max_len:
        return False
    if any(ch < " " or "\x7f" <= ch < "\xa0" for ch in value):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def usable_name(value: Any) -> bool:
    """Whether ``value`` can be a seat's or a profile's name."""
    return usable_text(value, NAME_MAX, 1)


def plausible_time(value: Any) -> bool:
    """Whether ``value`` is a time in seconds that can be shown as a date."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and 0 <= value <= LATEST_TIME)


def said(exc: BaseException | str, limit: int = 160) -> str:
    """An error's words fit for one log line: a message quoting a damaged file may hold
    newlines, control characters or a page of junk."""
    words = " ".join(str(exc).split())
    return words if len(words) <= limit else words[:limit - 1] + "\u2026"


def bad_copy_path(path: Path) -> Path:
    """A free name beside ``path`` for keeping a damaged file:
    ``<name>.bad-<date>-<time>`` (``-2``, ``-3`` ... if that is taken), so one damaged
    file never replaces an earlier one."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    bad = path.with_name(f"{path.name}.bad-{stamp}")
    number = 2
    while bad.exists():
        bad = path.with_name(f"{path.name}.bad-{stamp}-{number}")
        number += 1
    return bad


def _check_unicode(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UntrustedFileError("it holds text that is not valid Unicode") from None


def _non_finite(name: str) -> float:
    raise UntrustedFileError(f"it holds {name}, which is not a number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UntrustedFileError(f"it holds {text}, which is not a number")
    return value
