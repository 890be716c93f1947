"""Who played: the profiles people are remembered by, and each recorded match's seats."""
from __future__ import annotations

import sqlite3

from game.store.base import StoreBase
from game.store.records import Profile, SeatRecord
from game.store.rows import SEAT_COLUMNS, BadRow, checked, is_whole, where_in
from game.untrusted import plausible_time, usable_name


class People(StoreBase):
    """A profile is a person, identified by name (case-insensitively): every human seat's
    name becomes a profile with its colour when a match starts. AI seats have none."""

    def remember_profile(self, name: str, colour: int = 0) -> None:
        """Keep ``name`` (with its colour) to offer it next time; start_match does this
        for every human seat."""
        self._write("remember a profile",
                    lambda db: self._profile_id(db, name, colour, self.clock()))

    @staticmethod
    def _profile_id(db: sqlite3.Connection, name: str, colour: int, now: float) -> int:
        db.execute("INSERT INTO profiles (name, colour, created, last_used) VALUES (?, ?, ?, ?)"
                   " ON CONFLICT (name) DO UPDATE SET colour = excluded.colour,"
                   " last_used = excluded.last_used", (name, colour, now, now))
        return db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()[0]

    def profiles(self, limit: int | None = None) -> list[Profile]:
        """Remembered people, most recently used first (seat order within a match)."""
        def work(db: sqlite3.Connection) -> list[Profile]:
            rows = db.execute("SELECT name, colour, last_used FROM profiles"
                              " ORDER BY last_used DESC, id LIMIT ?",
                              (-1 if limit is None else limit,))
            return [Profile(*row) for row in self._rows("a profile", rows, (
                ("name", usable_name), ("colour", is_whole), ("last use", plausible_time)))]
        return self._read("read the profiles", work, [])

    @staticmethod
    def _find_profile(db: sqlite3.Connection, name: str) -> int | None:
        row = db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def _seats(self, db: sqlite3.Connection,
               match_ids: list[int]) -> dict[int, tuple[SeatRecord, ...]]:
        """Each match's seats, in order; a match with a damaged seat row (or seats not
        numbered 0, 1, 2 ...) is left out, with one line (a match with no seat rows at
        all is there, with none)."""
        out: dict[int, list[SeatRecord]] = {m: [] for m in match_ids}
        for row in where_in(
                db, "SELECT s.match_id, s.seat, s.name, s.human, s.level, s.colour, p.name,"
                    " s.score, s.won FROM match_seats s LEFT JOIN profiles p"
                    " ON p.id = s.profile_id WHERE s.match_id IN ({})"
                    " ORDER BY s.match_id, s.seat", match_ids):
            match_id, *values = row
            seats = out.get(match_id)
            if seats is None:
                continue   # already found damaged
            try:
                seat, name, human, level, colour, profile, score, won = checked(
                    f"match {match_id}", values, SEAT_COLUMNS)
                if seat != len(seats):
                    raise BadRow(f"match {match_id}: its seats are not numbered in order")
            except BadRow as exc:
                self._skip(exc)
                del out[match_id]
                continue
            seats.append(SeatRecord(seat, name, bool(human), level, colour, profile,
                                    score, None if won is None else bool(won)))
        return {m: tuple(s) for m, s in out.items()}
