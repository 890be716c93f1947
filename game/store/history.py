"""The History screen's and Results' queries: finished matches, statistics, highlights."""
from __future__ import annotations

import sqlite3
from typing import Any, Sequence

from game.ai import LEVELS
from game.engine import GAMES
from game.store.people import People
from game.store.records import Highlight, LevelRecord, MatchSummary, ScorePoint, SeatRecord, Stats
from game.store.rows import (BadRow, checked, is_count, is_tally, is_text, is_whole, or_none,
                             result_column, seated, where_in)
from game.untrusted import plausible_time, usable_name


class HistoryQueries(People):
    """Finished matches only change by being added to: each profile's record per game
    and per AI level is added to as a match is finished, so statistics are a row, not a
    scan, and the list pages along its indexes."""

    def recent(self, limit: int = 20, offset: int = 0, *, game_id: str | None = None,
               profile: str | None = None, with_abandoned: bool = False,
               after: tuple[float, int] | None = None,
               before: tuple[float, int] | None = None) -> list[MatchSummary]:
        """Finished matches (and abandoned ones, ``with_abandoned``: every match that can
        be watched again), newest first, optionally one game's or one person's.
        ``after``/``before`` is the (ended, id) of a listed match: the page just older or
        just newer than it, read from the index however deep it lies (an offset has to
        walk every row before it)."""
        def work(db: sqlite3.Connection) -> list[MatchSummary]:
            pid = None
            if profile is not None:
                pid = self._find_profile(db, profile)
                if pid is None:
                    return []
            newer = before is not None
            mark = before if newer else after
            selects = _listing(pid, game_id, with_abandoned, mark, newer)
            sql = " UNION ALL ".join(sql for sql, _ in selects)
            args = [a for _, part in selects for a in part]
            way = "ASC" if newer else "DESC"
            order = [r[0] for r in db.execute(
                f"{sql} ORDER BY 2 {way}, 1 {way} LIMIT ? OFFSET ?", (*args, limit, offset))]
            if newer:
                order.reverse()
            if not order:
                return []
            rows = {r[0]: r for r in where_in(
                db, "SELECT id, game, started, ended, status, result FROM matches"
                    " WHERE id IN ({})", order)}
            seats = self._seats(db, order)
            out = []
            for match_id in order:
                try:
                    out.append(_summary(rows[match_id], seats.get(match_id)))
                except BadRow as exc:
                    self._skip(exc)
            return out
        return self._read("read the history", work, [])

    def count_finished(self, *, game_id: str | None = None, profile: str | None = None,
                       with_abandoned: bool = False) -> int:
        """How many matches recent() can page through with the same filters."""
        def work(db: sqlite3.Connection) -> int:
            pid = None
            if profile is not None:
                pid = self._find_profile(db, profile)
                if pid is None:
                    return 0
            return sum(db.execute(sql, args).fetchone()[0]
                       for sql, args in _listing(pid, game_id, with_abandoned, count=True))
        return self._read("read the history", work, 0)

    def stats(self, profile: str, game_id: str) -> Stats:
        """``profile``'s record in ``game_id`` (all zeros if none)."""
        found = self._read("read the statistics",
                           lambda db: self._stats(db, profile, game_id), [])
        return found[0] if found else Stats(profile, game_id)

    def stats_by_game(self, profile: str) -> list[Stats]:
        """``profile``'s record in every game they finished (registry order first)."""
        found = self._read("read the statistics", lambda db: self._stats(db, profile), [])
        order = {g: i for i, g in enumerate(GAMES)}
        return sorted(found, key=lambda s: (order.get(s.game_id, len(order)), s.game_id))

    def _stats(self, db: sqlite3.Connection, profile: str,
               game_id: str | None = None) -> list[Stats]:
        pid = self._find_profile(db, profile)
        if pid is None:
            return []
        where, args = "profile_id = ?", (pid,)
        if game_id is not None:
            where, args = where + " AND game = ?", args + (game_id,)
        what = f"{profile}'s record"
        levels: dict[str, dict[str, LevelRecord]] = {}
        for game, level, played, wins in self._rows(what, db.execute(
                f"SELECT game, level, played, wins FROM profile_levels WHERE {where}", args),
                (("game", is_text), ("AI level", lambda v: v in LEVELS), ("games", is_count),
                 ("wins", is_tally))):
            if self._adds_up(what, played, wins):
                levels.setdefault(game, {})[level] = LevelRecord(played, wins)
        return [Stats(profile, game, played, wins, best, total / played, streak, longest,
                      levels.get(game, {}))
                for game, played, wins, total, best, streak, longest in self._rows(
                    what, db.execute("SELECT game, played, wins, score_total, best, streak,"
                                     f" longest FROM profile_games WHERE {where}", args),
                    (("game", is_text), ("games", is_count), ("wins", is_tally),
                     ("total", is_whole), ("best", or_none(is_whole)), ("streak", is_tally),
                     ("longest streak", is_tally)))
                if self._adds_up(what, played, wins)]

    def _adds_up(self, what: str, played: int, wins: int) -> bool:
        """A record cannot have more wins than games (else it is skipped, one line)."""
        if wins <= played:
            return True
        self._skip(BadRow(f"{what}: it has more wins ({wins}) than games ({played})"))
        return False

    def score_history(self, profile: str, game_id: str, limit: int = 50) -> list[ScorePoint]:
        """``profile``'s last ``limit`` finished scores in ``game_id``, oldest first."""
        def work(db: sqlite3.Connection) -> list[ScorePoint]:
            pid = self._find_profile(db, profile)
            if pid is None:
                return []
            rows = db.execute("SELECT match_id, finished_at, score, won FROM match_seats"
                              " WHERE profile_id = ? AND game = ? AND finished_at IS NOT NULL"
                              " ORDER BY finished_at DESC, match_id DESC LIMIT ?",
                              (pid, game_id, limit)).fetchall()
            checks = (("match", is_whole), ("time", plausible_time), ("score", is_whole),
                      ("won", is_whole))
            return [ScorePoint(m, t, s, bool(w))
                    for m, t, s, w in self._rows(f"{profile}'s scores", reversed(rows), checks)]
        return self._read("read the statistics", work, [])

    def highlights(self, match_id: int | None) -> list[Highlight]:
        """For a finished match, per profile seat: a new best score? the winning streak."""
        if match_id is None:
            return []

        def work(db: sqlite3.Connection) -> list[Highlight]:
            rows = db.execute(
                "SELECT s.seat, p.name, s.score, s.won, s.best_before, s.streak FROM match_seats s"
                " JOIN profiles p ON p.id = s.profile_id WHERE s.match_id = ?"
                " AND s.finished_at IS NOT NULL ORDER BY s.seat", (match_id,)).fetchall()
            return [Highlight(seat, name, score, bool(won),
                              before is not None and score is not None and score > before,
                              before, streak or 0)
                    for seat, name, score, won, before, streak in self._rows(
                        f"match {match_id}", rows, (
                            ("seat", is_whole), ("name", usable_name), ("score", or_none(is_whole)),
                            ("won", is_whole), ("best", or_none(is_whole)),
                            ("streak", or_none(is_whole))))]
        return self._read("read the results", work, [])


def _summary(row: Sequence[Any], seats: tuple[SeatRecord, ...] | None) -> MatchSummary:
    """One History line from its ``matches`` row (BadRow if the row is damaged)."""
    match_id = row[0]
    what = f"match {match_id}"
    game, started, ended, status, result = checked(what, row[1:], (
        ("game", is_text), ("start", plausible_time), ("end", or_none(plausible_time)),
        ("status", is_text), ("result", lambda v: True)))
    seats = seated(what, seats)
    res = result_column(what, result, len(seats)) or {}
    return MatchSummary(match_id, game, started, ended, status, seats,
                        tuple(res.get("winners", ())), res.get("outcome", ""))


def _listing(profile_id: int | None, game_id: str | None, with_abandoned: bool,
             mark: tuple[float, int] | None = None, newer: bool = False,
             count: bool = False) -> list[tuple[str, list]]:
    """The History list as SELECTs of (match id, end time) with their arguments, one per
    kind of match: joined by UNION ALL each reads an index in order and SQLite merges
    them instead of sorting every match (and counting them one by one stays on the
    indexes); ``mark`` keeps the matches past one (ended, id), older ones or
    (``newer``) newer ones; ``count``: SELECTs of how many instead."""
    game = " AND game = ?" if game_id is not None else ""
    games = [game_id] if game_id is not None else []
    # (table, id column, time column, condition, its arguments)
    if profile_id is not None:   # a person's: their seats' index, in the order they ended
        parts = [("match_seats", "match_id", "finished_at",
                  "profile_id = ? AND finished_at IS NOT NULL" + game, [profile_id, *games])]
        if with_abandoned:
            parts.append(("matches", "id", "ended", "status = 'abandoned'" + game +
                          " AND id IN (SELECT match_id FROM match_seats WHERE profile_id = ?)",
                          [*games, profile_id]))
    else:
        statuses = ("finished", "abandoned") if with_abandoned else ("finished",)
        parts = [("matches", "id", "ended", f"status = '{status}'" + game, games)
                 for status in statuses]
    selects = []
    for table, key, when, where, args in parts:
        if mark is not None:   # past the mark: a range on the index, then the tie
            op = ">" if newer else "<"
            where += f" AND {when} {op}= ? AND ({when} {op} ? OR {key} {op} ?)"
            args = [*args, mark[0], mark[0], mark[1]]
        what = "count(*)" if count else f"{key}, {when}"
        selects.append((f"SELECT {what} FROM {table} WHERE {where}", args))
    return selects
