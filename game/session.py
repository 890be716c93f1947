"""Who sits where: the set-up a table is started from (no pygame, so tools can use it)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence

from game.engine import GAMES
from game.i18n import _, pgettext

SEAT_NAMES = ("Robin", "Wren", "Finch", "Lark", "Jay", "Kestrel", "Plover", "Swift",
              "Heron", "Dunnock", "Linnet", "Tern")
AI_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    name: str
    human: bool = False
    level: str = "normal"       # AI difficulty when not human
    colour: int = 0             # index into the seat palette (and its shape)
    device: str | None = None   # the device that owns a human seat (couch play)

    @property
    def label(self) -> str:
        return self.name if self.human else _("{name} (AI)").format(name=self.name)


@dataclass(frozen=True)
class Match:
    game_id: str
    seats: tuple[Seat, ...]
    seed: int | None = None
    options: tuple[tuple[str, object], ...] = ()
    open_hands: bool = False    # teaching games: no privacy screens

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def option(self, name: str, default: object = None) -> object:
        """The option ``name`` this match was started with; one it lacks (a match saved
        before the game offered it) is the game's declared default, else ``default``."""
        for key, value in self.options:
            if key == name:
                return value
        spec = GAMES.get(self.game_id)
        declared = next((o for o in spec.options if o.name == name), None) if spec else None
        return declared.default if declared is not None else default

    def headline(self, winners: Sequence[int]) -> str:
        """'Ana wins!' / 'Ana and Ben share the win!' (short enough for any banner)."""
        names = [self.seats[w].name for w in winners]
        if not names:
            return _("Game over")
        if len(names) == 1:
            return _("{name} wins!").format(name=names[0])
        if len(names) == 2:
            return _("{first} and {second} share the win!").format(first=names[0],
                                                                   second=names[1])
        return _("{names} and {last} share the win!").format(
            names=pgettext("list separator", ", ").join(names[:-1]), last=names[-1])


def default_seats(count: int, humans: int = 1, level: str = "normal") -> tuple[Seat, ...]:
    return tuple(Seat(SEAT_NAMES[i], human=i < humans, level=level, colour=i)
                 for i in range(count))


def quick_match(game_id: str, players: int | None = None, seed: int | None = None,
                autoplay: bool = False, level: str = "normal") -> Match:
    """The match --game starts: 1 human (none with --autoplay) and AI in the other seats."""
    info = GAMES[game_id]
    count = players if players is not None else max(info.min_players, min(4, info.max_players))
    return Match(game_id, default_seats(count, 0 if autoplay else 1, level), seed)


def with_seat(match: Match, index: int, **changes) -> Match:
    seats = list(match.seats)
    seats[index] = replace(seats[index], **changes)
    return replace(match, seats=tuple(seats))


@dataclass(frozen=True)
class SeatPlan:
    """Who sat where the last time a game's Seat setup was open (kept for the next)."""

    seats: tuple[Seat, ...]
    count: int
    open_hands: bool = False
    options: tuple[tuple[str, object], ...] = ()   # the game's options, as last chosen


@dataclass
class Session:
    """What one run of the program remembers between screens (nothing here is saved):
    one typed place instead of a dict of string keys written from all over."""

    last_game: str | None = None                       # focused first in Game select
    seat_plans: dict[str, SeatPlan] = field(default_factory=dict)
    store_noted: bool = False                          # the store's problem was shown
    attract_seed: int = 2024                           # the demo games' shuffles
    attract_index: int = 0                             # where the demo rotation is
    attract_stats: dict[tuple[str, int], int] = field(default_factory=dict)
    excluded_games: set[str] = field(default_factory=set)  # failing demos left out
    phones_on: bool = False                            # Seat setup's "Phones" (--phones)
