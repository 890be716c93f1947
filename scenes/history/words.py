"""History's words: dates, seat names, game names and results, as the list, the match
panel and the charts all say them."""
from __future__ import annotations

import time

from game import i18n
from game.engine import GAMES
from game.i18n import N_, _, pgettext
from game.store import MatchSummary, SeatRecord

# English, marked: said with _() where shown
LEVEL_NAMES = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"),
               "hard": N_("Hard")}
ALL_GAMES = N_("All games")


def when(stamp: float | None) -> str:
    """'Tue 12 Mar 2024, 14:05' (local time) for a match's end, its day and month in the
    language shown (by Babel's calendar data; English as the C library writes it)."""
    if stamp is None:
        return ""
    local = time.localtime(stamp)
    code = i18n.current()
    if code in ("en", i18n.PSEUDO):
        return time.strftime("%a %d %b %Y, %H:%M", local)
    try:
        from datetime import datetime

        from babel.dates import format_datetime
        return format_datetime(datetime(*local[:6]), "EEE dd MMM y, HH:mm", locale=code)
    except Exception:   # no calendar data for it: the English date is still a date
        return time.strftime("%a %d %b %Y, %H:%M", local)


def seat_label(seat: SeatRecord) -> str:
    """A person's name, or an AI seat's name with its level: 'Heron (Hard AI)'."""
    if seat.human:
        return seat.name
    level = seat.level or ""
    return _("{name} ({level} AI)").format(
        name=seat.name, level=_(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level or "?")


def game_name(game_id: str) -> str:
    spec = GAMES.get(game_id)
    return spec.name if spec is not None else game_id


def winner_line(summary: MatchSummary) -> str:
    if summary.status == "abandoned":
        return _("Abandoned")
    names = summary.winner_names
    if not names:
        return _("No winner")
    if len(names) == 1:
        return _("{name} won").format(name=names[0])
    if len(names) == 2:
        return _("{first} and {second} shared the win").format(first=names[0], second=names[1])
    return _("{names} and {last} shared the win").format(
        names=pgettext("between names in a list", ", ").join(names[:-1]), last=names[-1])
