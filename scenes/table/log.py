"""The game log's lines: a leaf module every part of a table (and the replay) may use."""
from __future__ import annotations


class LogLine(str):
    """A line of the game log that knows whose move it told (None: the table's own
    note, such as a hint), so the panel can mark it with that seat's colour and shape
    and pick out what happened since a person last moved. A ``private`` line (a hint)
    is for that seat's eyes: shown only while its hand is, and never saved."""

    mover: int | None = None
    private: int | None = None

    @classmethod
    def of(cls, text: str, mover: int | None, private: int | None = None) -> "LogLine":
        line = cls(text)
        line.mover = mover
        line.private = private
        return line


def saved_log(lines) -> list:
    """The log as the store keeps it: a line that tells a seat's move as [text, seat], so
    a continued game's log keeps its seat markers and "Since your turn" recap. A private
    line (a hint) is not kept: it was for one person, once."""
    return [[line, line.mover] if getattr(line, "mover", None) is not None else str(line)
            for line in lines if getattr(line, "private", None) is None]


def read_log(saved) -> list:
    """The log lines of a saved game (older saves kept plain text only)."""
    return [LogLine.of(item[0], item[1]) if isinstance(item, list) else item
            for item in saved]


def shown_to(lines, viewer: int | None) -> list:
    """The lines a screen showing ``viewer``'s view may show: every public line, and the
    private ones (hints) of that seat alone."""
    return [line for line in lines if getattr(line, "private", None) in (None, viewer)]
