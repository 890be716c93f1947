"""Rows in and out of a file anyone may edit: JSON columns, each column read back checked."""
from __future__ import annotations

import json
import sqlite3
from typing import Any, Callable, Iterator, Sequence

from game.ai import LEVELS
from game.store.records import SeatRecord
from game.untrusted import (UntrustedFileError, parse_json, plausible_time, said, usable_name,
                            usable_text)


def dumps(value: Any) -> str:
    """A value as its JSON column holds it: compact, text kept as it is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class BadRow(ValueError):
    """A row holding what Birdhouse never writes (edited by hand, or damaged where SQLite
    cannot see it): it is left out with one line, and saving goes on."""


class SaidBefore(BadRow):
    """A row left out because a row it needs was (and was said to be) damaged."""


TEXT_MAX = 200          # a game id, a status, 'round 2', an outcome, a log line


def is_whole(value: Any) -> bool:
    return type(value) is int


def is_count(value: Any) -> bool:
    return is_whole(value) and value > 0


def is_tally(value: Any) -> bool:
    return is_whole(value) and value >= 0


def or_none(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or check(value)


def is_text(value: Any) -> bool:
    return usable_text(value, TEXT_MAX)


def checked(what: str, row: Sequence[Any],
            checks: Sequence[tuple[str, Callable[[Any], bool]]]) -> Sequence[Any]:
    """``row`` if each value passes its column's check, else BadRow naming the column."""
    for value, (column, ok) in zip(row, checks, strict=True):
        if not ok(value):
            shown = repr(value)
            raise BadRow(f"{what}: its {column} is {shown[:40]}"
                         f"{'...' if len(shown) > 40 else ''}")
    return row


def json_column(what: str, column: str, value: Any, kind: type = object) -> Any:
    """A JSON column, read as untrusted (depth, NaN, lone surrogates: game.untrusted)."""
    try:
        data = parse_json(value)
    except UntrustedFileError as exc:
        raise BadRow(f"{what}: its {column}: {said(exc)}") from None
    if not isinstance(data, kind):
        raise BadRow(f"{what}: its {column} is not a JSON "
                     f"{'object' if kind is dict else kind.__name__}")
    return data


def result_column(what: str, value: Any, players: int) -> dict | None:
    if value is None:
        return None
    result = json_column(what, "result", value, dict)
    scores, winners = result.get("scores"), result.get("winners")
    if not (isinstance(scores, list) and all(is_whole(s) for s in scores)
            and isinstance(winners, list)
            and all(is_whole(w) and 0 <= w < players for w in winners)
            and is_text(result.get("outcome", ""))):
        raise BadRow(f"{what}: its result is not scores, winners and an outcome")
    return result


def log_column(what: str, value: Any, players: int) -> tuple:
    """A saved game log: lines of text, or [text, seat] (seat None or one of the seats)."""
    lines = json_column(what, "log", value, list)
    for line in lines:
        if not (is_text(line) or (isinstance(line, list) and len(line) == 2
                                  and is_text(line[0])
                                  and (line[1] is None or (is_whole(line[1])
                                                           and 0 <= line[1] < players)))):
            raise BadRow(f"{what}: its log holds something other than lines")
    return tuple(lines)


SEAT_COLUMNS = (("seat", is_whole), ("seat's name", usable_name), ("human", is_whole),
                 ("level", or_none(lambda v: v in LEVELS)), ("colour", is_whole),
                 ("profile", or_none(usable_name)), ("score", or_none(is_whole)),
                 ("won", or_none(is_whole)))


MATCH_COLUMNS = (("game", is_text), ("rules version", is_whole), ("seed", is_whole),
                  ("options", lambda v: True), ("open hands", is_whole), ("status", is_text),
                  ("start", plausible_time), ("end", or_none(plausible_time)),
                  ("result", lambda v: True))


def seated(what: str, seats: tuple[SeatRecord, ...] | None) -> tuple[SeatRecord, ...]:
    """A match's seats from :meth:`Store._seats` (None: a damaged seat, already said)."""
    if seats is None:
        raise SaidBefore(what)
    if not seats:
        raise BadRow(f"{what}: it has no seats")
    return seats


def where_in(db: sqlite3.Connection, sql: str, ids: Sequence[int]) -> Iterator[tuple]:
    """Rows of ``sql`` (one ``IN ({})``) for ``ids``, a few hundred at a time: older
    SQLite builds allow only 999 parameters in a statement."""
    for start in range(0, len(ids), 500):
        chunk = list(ids[start:start + 500])
        yield from db.execute(sql.format(",".join("?" * len(chunk))), chunk)
