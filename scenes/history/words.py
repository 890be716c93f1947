"""History's words: dates, seat names, game names and results, as the list, the match
panel and the charts all say them."""
from __future__ import annotations

import time

from game.engine import GAMES
from game.store import MatchSummary, SeatRecord

LEVEL_NAMES = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard"}
ALL_GAMES = "All games"


def when(stamp: float | None) -> str:
    """'Tue 12 Mar 2024, 14:05' (local time) for a match's end."""
    if stamp is None:
        return ""
    return time.strftime("%a %d %b %Y, %H:%M", time.localtime(stamp))


def seat_label(seat: SeatRecord) -> str:
    """A person's name, or an AI seat's name with its level: 'Heron (Hard AI)'."""
    if seat.human:
        return seat.name
    return f"{seat.name} ({LEVEL_NAMES.get(seat.level or '', seat.level or '?')} AI)"


def game_name(game_id: str) -> str:
    spec = GAMES.get(game_id)
    return spec.name if spec is not None else game_id


def winner_line(summary: MatchSummary) -> str:
    if summary.status == "abandoned":
        return "Abandoned"
    names = summary.winner_names
    if not names:
        return "No winner"
    if len(names) == 1:
        return f"{names[0]} won"
    return f"{', '.join(names[:-1])} and {names[-1]} shared the win"
