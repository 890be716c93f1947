"""What the store hands back to the screens: saved games, History lines, statistics."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import ngettext, pgettext
from game.engine import GAMES
from game.session import Match, Seat


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a recorded match (score and won once it is finished)."""

    seat: int
    name: str
    human: bool
    level: str | None          # the AI level; None for a person
    colour: int
    profile: str | None        # the person's profile name (None for AI seats)
    score: int | None = None
    won: bool | None = None

    def to_seat(self) -> Seat:
        """The Seat to sit again (devices are asked to rejoin, as in Seat setup)."""
        return Seat(self.name, human=self.human, level=self.level or "normal",
                    colour=self.colour)


@dataclass(frozen=True)
class Move:
    index: int
    seat: int | None
    action: Any                # the action's JSON form (engine.action_from_json decodes)


@dataclass(frozen=True)
class Unfinished:
    """A game that can be continued, for the title's and Game select's Continue line."""

    id: int
    game_id: str
    names: tuple[str, ...]
    progress: str              # State.progress() after the last move ('round 2')
    moves: int
    saved_at: float
    resumable: bool            # False: its game is gone or its rules changed since
    why_not: str = ""          # why it cannot be resumed (for the screen)

    @property
    def game_name(self) -> str:
        spec = GAMES.get(self.game_id)
        return spec.name if spec is not None else self.game_id

    def describe(self) -> str:
        """'CuBirds, 4 players, round 2 — Robin, Wren, Finch, Lark' (in the language
        shown: it is said when drawn)."""
        names = pgettext("list separator", ", ").join(self.names)
        n = len(self.names)
        if self.progress:
            return ngettext("{game}, {n} player, {progress} \u2014 {names}",
                            "{game}, {n} players, {progress} \u2014 {names}", n).format(
                game=self.game_name, n=n, progress=self.progress, names=names)
        return ngettext("{game}, {n} player \u2014 {names}", "{game}, {n} players \u2014 {names}",
                        n).format(game=self.game_name, n=n, names=names)


@dataclass(frozen=True)
class SavedMatch:
    """Everything recorded about one match (see game.replay for turning it into states)."""

    id: int
    game_id: str
    rules_version: int
    seed: int
    options: dict
    open_hands: bool
    seats: tuple[SeatRecord, ...]
    status: str                # 'playing', 'finished' or 'abandoned'
    started: float
    ended: float | None
    moves: tuple[Move, ...]
    snapshot: dict | None      # to_dict() after the last move (unfinished matches only)
    snapshot_moves: int        # how many moves the snapshot is after
    log: tuple              # the game log kept with the snapshot (text, or [text, seat])
    result: dict | None        # {'scores', 'winners', 'outcome'} once finished

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def to_match(self) -> Match:
        return Match(self.game_id, tuple(s.to_seat() for s in self.seats), self.seed,
                     tuple(sorted(self.options.items())), self.open_hands)


@dataclass(frozen=True)
class MatchSummary:
    """One line of the History list."""

    id: int
    game_id: str
    started: float
    ended: float | None
    status: str
    seats: tuple[SeatRecord, ...]
    winners: tuple[int, ...]
    outcome: str

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.seats[w].name for w in self.winners if w < len(self.seats))


@dataclass(frozen=True)
class LevelRecord:
    played: int
    wins: int


@dataclass(frozen=True)
class Stats:
    """One profile's record in one game (finished matches only)."""

    profile: str
    game_id: str
    played: int = 0
    wins: int = 0
    best: int | None = None
    average: float | None = None
    current_streak: int = 0
    longest_streak: int = 0
    vs_ai: dict[str, LevelRecord] = field(default_factory=dict)  # levels met only

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class ScorePoint:
    match_id: int
    ended: float
    score: int
    won: bool


@dataclass(frozen=True)
class Profile:
    name: str
    colour: int
    last_used: float


@dataclass(frozen=True)
class Highlight:
    """What the Results screen may celebrate for one profile seat."""

    seat: int
    profile: str
    score: int
    won: bool
    new_best: bool             # beat every earlier score of this profile in this game
    previous_best: int | None
    streak: int                # wins in a row in this game, this one included


def cannot_play(game_id: str, version: int) -> str:
    """Why a recorded match cannot be continued or replayed here ('' if it can)."""
    spec = GAMES.get(game_id)
    if spec is None or not spec.available:
        return f"this Birdhouse has no game called {game_id!r}"
    if spec.rules_version != version:
        return (f"recorded with {spec.name} rules v{version}, this Birdhouse plays "
                f"v{spec.rules_version}")
    return ""
