"""Saving matches move by move, and reading them back to continue or to watch."""
from __future__ import annotations

import sqlite3
from typing import Any, Callable, Sequence

from game.engine import GAMES, Action, State, action_to_json, new_game
from game.i18n import in_english
from game.session import Match
from game.store.people import People
from game.store.records import Move, SavedMatch, Unfinished, cannot_play
from game.store.rows import (MATCH_COLUMNS, BadRow, checked, dumps, is_text, is_whole,
                             json_column, log_column, or_none, result_column, seated)
from game.untrusted import plausible_time



def saved_progress(state: State) -> str:
    """How far the game has got, as saved: in English whatever language is on, so a
    saved game does not carry the words of the language it was saved in."""
    with in_english():
        return state.progress()

class Journal(People):
    """**The truth is the seed plus the action log**; the snapshot (the latest
    ``to_dict()`` of an unfinished match with its log lines) only makes resuming
    instant, and is written in the same transaction as the move it follows, so the two
    always agree."""

    # -- playing --------------------------------------------------------------------------------
    def start_match(self, match: Match, seed: int | None = None, state: State | None = None,
                    log_lines: Sequence[str] = ()) -> int | None:
        """Record a new match; returns its id (None when not saving). ``seed`` is the one
        the game was dealt with (default ``match.seed``: a saved game must have one);
        ``state`` the new game (built from the seed if not given)."""
        seed = match.seed if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not -2**63 <= seed < 2**63:
            raise ValueError(f"a saved match needs an integer seed (64-bit), not {seed!r}")
        options = dict(match.options)
        options_json = dumps(options)
        if not self._ok():
            return None
        if state is None:
            state = new_game(match.game_id, match.num_players, seed, **options)
        snapshot, log_json = dumps(state.to_dict()), dumps(list(log_lines))
        progress = saved_progress(state)
        spec = GAMES.get(match.game_id)
        rules_version = spec.rules_version if spec is not None else 0

        def work(db: sqlite3.Connection) -> int:
            now = self.clock()
            match_id = db.execute(
                "INSERT INTO matches (game, rules_version, players, seed, options, open_hands,"
                " started) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (match.game_id, rules_version, match.num_players, seed, options_json,
                 int(match.open_hands), now)).lastrowid
            for index, seat in enumerate(match.seats):
                profile = (self._profile_id(db, seat.name, seat.colour, now) if seat.human
                           else None)
                db.execute("INSERT INTO match_seats (match_id, seat, name, human, level, colour,"
                           " profile_id, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (match_id, index, seat.name, int(seat.human),
                            None if seat.human else seat.level, seat.colour, profile,
                            match.game_id))
            db.execute("INSERT INTO snapshots (match_id, moves, state, log, progress, saved_at)"
                       " VALUES (?, 0, ?, ?, ?, ?)",
                       (match_id, snapshot, log_json, progress, now))
            return match_id
        return self._write("start saving the match", work)

    def record_move(self, match_id: int | None, index: int, seat: int | None,
                    action: Action, state: State, log_lines: Sequence[str] = ()) -> bool:
        """Commit move ``index`` (0-based) by ``seat`` and ``state`` after it, in one
        transaction; call it before the move's animation. A terminal ``state`` files the
        match as finished in the same transaction. True if it was saved."""
        if match_id is None or not self._ok():
            return False
        action_json = dumps(action_to_json(action))
        snapshot, log_json = dumps(state.to_dict()), dumps(list(log_lines))
        progress = saved_progress(state)

        def work(db: sqlite3.Connection) -> bool:
            self._expect_moves(db, match_id, index, "record move")
            db.execute("INSERT INTO moves (match_id, idx, seat, action) VALUES (?, ?, ?, ?)",
                       (match_id, index, seat, action_json))
            if state.is_terminal():
                self._finish(db, match_id, state)
            else:
                db.execute("UPDATE snapshots SET moves = ?, state = ?, log = ?, progress = ?,"
                           " saved_at = ? WHERE match_id = ?",
                           (index + 1, snapshot, log_json, progress, self.clock(), match_id))
            return True
        return self._write("save the move", work, False)

    def take_back(self, match_id: int | None, from_index: int, state: State,
                  log_lines: Sequence[str] = ()) -> bool:
        """Undo: forget moves ``from_index`` onwards; ``state`` is the game after the
        first ``from_index`` moves (and ``log_lines`` the log, saying what was undone)."""
        if match_id is None or not self._ok():
            return False
        snapshot, log_json = dumps(state.to_dict()), dumps(list(log_lines))
        progress = saved_progress(state)

        def work(db: sqlite3.Connection) -> bool:
            moves = self._expect_moves(db, match_id, None, "take back")
            if not 0 <= from_index <= moves:
                raise ValueError(f"cannot take back to move {from_index}: "
                                 f"match {match_id} has {moves} moves")
            db.execute("DELETE FROM moves WHERE match_id = ? AND idx >= ?", (match_id, from_index))
            db.execute("UPDATE snapshots SET moves = ?, state = ?, log = ?, progress = ?,"
                       " saved_at = ? WHERE match_id = ?",
                       (from_index, snapshot, log_json, progress, self.clock(),
                        match_id))
            return True
        return self._write("take the move back", work, False)

    def abandon_match(self, match_id: int | None) -> None:
        """The player chose "Abandon game": it is no longer offered to continue (its
        moves stay, so it can still be watched)."""
        if match_id is None:
            return

        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE matches SET status = 'abandoned', ended = ? WHERE id = ?"
                       " AND status = 'playing'", (self.clock(), match_id))
            db.execute("DELETE FROM snapshots WHERE match_id = ?", (match_id,))
        self._write("abandon the match", work)

    @staticmethod
    def _expect_moves(db: sqlite3.Connection, match_id: int, index: int | None,
                      doing: str) -> int:
        row = db.execute("SELECT moves FROM snapshots WHERE match_id = ?", (match_id,)).fetchone()
        if row is None:
            raise ValueError(f"cannot {doing}: match {match_id} is not being played")
        if index is not None and index != row[0]:
            raise ValueError(f"cannot record move {index} of match {match_id}: "
                             f"it has {row[0]} moves")
        return row[0]

    def _finish(self, db: sqlite3.Connection, match_id: int, state: State) -> None:
        """File a match as finished: results per seat, each profile's record in this game
        (played, wins, best, streaks, per AI level met), no more snapshot."""
        now = self.clock()
        scores, winners = state.scores(), set(state.winners())
        game = db.execute("SELECT game FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        seats = db.execute("SELECT seat, profile_id, level FROM match_seats WHERE match_id = ?",
                           (match_id,)).fetchall()
        levels = sorted({level for _, profile, level in seats if profile is None and level})
        for seat, profile, _ in seats:
            won, score = seat in winners, scores[seat]
            streak = best = None
            if profile is not None:
                row = db.execute("SELECT best, streak FROM profile_games WHERE profile_id = ?"
                                 " AND game = ?", (profile, game)).fetchone()
                best, streak = row if row else (None, 0)
                best = best if is_whole(best) else None     # a damaged record starts afresh
                streak = streak + 1 if won and is_whole(streak) else int(won)
                db.execute(
                    "INSERT INTO profile_games (profile_id, game, played, wins, score_total,"
                    " best, streak, longest) VALUES (?, ?, 1, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (profile_id, game) DO UPDATE SET played = played + 1,"
                    " wins = wins + excluded.wins,"
                    " score_total = score_total + excluded.score_total,"
                    " best = max(coalesce(best, excluded.best), excluded.best),"
                    " streak = excluded.streak, longest = max(longest, excluded.streak)",
                    (profile, game, int(won), score, score, streak, streak))
                for level in levels:
                    db.execute("INSERT INTO profile_levels (profile_id, game, level, played, wins)"
                               " VALUES (?, ?, ?, 1, ?) ON CONFLICT (profile_id, game, level)"
                               " DO UPDATE SET played = played + 1, wins = wins + excluded.wins",
                               (profile, game, level, int(won)))
            db.execute("UPDATE match_seats SET score = ?, won = ?, streak = ?, best_before = ?,"
                       " finished_at = ? WHERE match_id = ? AND seat = ?",
                       (score, int(won), streak, best, now, match_id, seat))
        result = {"scores": list(scores), "winners": sorted(winners), "outcome": state.outcome()}
        db.execute("UPDATE matches SET status = 'finished', ended = ?, result = ? WHERE id = ?",
                   (now, dumps(result), match_id))
        db.execute("DELETE FROM snapshots WHERE match_id = ?", (match_id,))

    # -- continuing -----------------------------------------------------------------------------
    def latest(self, game_id: str | None = None) -> "Unfinished | None":
        """The most recently played game that can be continued (of ``game_id`` if given):
        the title's Continue card and Game select's "Saved game" mark."""
        return next((entry for entry in self.unfinished() if entry.resumable
                     and (game_id is None or entry.game_id == game_id)), None)

    def unfinished(self) -> list[Unfinished]:
        """Games to continue, the most recently played first."""
        def work(db: sqlite3.Connection) -> list[Unfinished]:
            rows = db.execute(
                "SELECT m.id, m.game, m.rules_version, s.moves, s.progress, s.saved_at"
                " FROM matches m JOIN snapshots s ON s.match_id = m.id"
                " WHERE m.status = 'playing' ORDER BY s.saved_at DESC, m.id DESC").fetchall()
            out = []
            for match_id, game, version, moves, progress, saved_at in self._rows(
                    "a saved game", rows, (("id", is_whole), ("game", is_text),
                                           ("rules version", is_whole), ("move count", is_whole),
                                           ("progress", is_text), ("time", plausible_time))):
                try:
                    seats = seated(f"match {match_id}", self._seats(db, [match_id]).get(match_id))
                except BadRow as exc:
                    self._skip(exc)
                    continue
                why = cannot_play(game, version)
                out.append(Unfinished(match_id, game, tuple(s.name for s in seats), progress,
                                      moves, saved_at, not why, why))
            return out
        return self._read("read the saved games", work, [])

    def load_match(self, match_id: int) -> SavedMatch | None:
        """Everything about one match (None if there is no such match or no store)."""
        def work(db: sqlite3.Connection) -> SavedMatch | None:
            row = db.execute("SELECT game, rules_version, seed, options, open_hands, status,"
                             " started, ended, result FROM matches WHERE id = ?",
                             (match_id,)).fetchone()
            if row is None:
                return None
            what = f"match {match_id}"
            game, version, seed, options, open_hands, status, started, ended, result = (
                checked(what, row, MATCH_COLUMNS))
            seats = seated(what, self._seats(db, [match_id]).get(match_id))
            moves: list[Move] = []
            for i, s, a in db.execute("SELECT idx, seat, action FROM moves WHERE match_id = ?"
                                      " ORDER BY idx", (match_id,)):
                checked(what, (i, s), (("move number", lambda v: v == len(moves)),
                                        ("mover", or_none(lambda v: is_whole(v) and
                                                          0 <= v < len(seats)))))
                moves.append(Move(i, s, json_column(what, f"move {i + 1}", a)))
            snap = db.execute("SELECT moves, state, log FROM snapshots WHERE match_id = ?",
                              (match_id,)).fetchone()
            if snap is not None and snap[0] != len(moves):
                raise BadRow(f"{what}: its saved state does not follow its moves")

            def kept(read: Callable[[], Any], default: Any) -> Any:
                """The snapshot and its log only save time: damaged, they are done without."""
                try:
                    return read() if snap is not None else default
                except BadRow as exc:
                    self._skip(exc)
                    return default
            return SavedMatch(
                match_id, game, version, seed, json_column(what, "options", options, dict),
                bool(open_hands), seats, status, started, ended, tuple(moves),
                kept(lambda: json_column(what, "saved state", snap[1], dict), None), len(moves),
                kept(lambda: log_column(what, snap[2], len(seats)), ()),
                result_column(what, result, len(seats)))
        return self._read("read a saved game", work, None)
