"""How big each part of each game's table is: methods and properties per class.

    python -m tools.table_parts

A class's size counts every method and property reachable through our own classes in its
MRO (pygame's and Python's own are not counted). The table is made of parts so that no
class grows past :data:`LIMIT` (see docs/architecture.md, "The table's parts");
``tests/test_table_parts.py`` holds every part of every registered game to it.
"""
from __future__ import annotations

import inspect
import os
import sys

LIMIT = 60
OURS = ("game", "scenes", "sprites", "tests")


def size(cls: type) -> int:
    """Methods and properties of ``cls`` and of its bases that are ours."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__.split(".")[0] not in OURS:
            continue
        names |= {name for name, value in vars(klass).items()
                  if inspect.isfunction(value)
                  or isinstance(value, (property, staticmethod, classmethod))}
    return len(names)


def parts(game_id: str) -> dict[str, type]:
    """Every class a table of ``game_id`` is built from, by its role."""
    from scenes.replay import ReplayTable
    from scenes.table.coached import CoachedTable
    from scenes.table.keeping import Keeper
    from scenes.table.changes import Changes
    from scenes.table.hints import Hints
    from scenes.table.logbook import LogBook
    from scenes.table.logpanel import LogPanel
    from scenes.table.messages import Messages
    from scenes.table.phones.desk import PhoneDesk
    from scenes.table.spec import table_spec
    from scenes.table.statusline import StatusLine
    from scenes.table.turn import Turn

    spec = table_spec(game_id)
    if spec is None:
        return {}
    table = spec.table_class()
    return {"scene": table, "game": table.game_kind, "motion": table.game_kind.motion_kind,
            "paint": table.paint_kind, "couch": table.couch_kind, "turn": Turn,
            "hints": Hints, "keeper": Keeper, "changes": Changes, "log": LogBook,
            "log panel": LogPanel, "status line": StatusLine, "messages": Messages,
            "phones desk": PhoneDesk, "replay": ReplayTable, "coached": CoachedTable}


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.engine import GAMES

    worst = 0
    for game_id in GAMES:
        sizes = {role: (cls.__name__, size(cls)) for role, cls in parts(game_id).items()}
        print(f"{game_id}:")
        for role, (name, count) in sizes.items():
            print(f"  {role:<12} {name:<28} {count:>4}")
            worst = max(worst, count)
    print(f"largest: {worst} (limit {LIMIT})")
    return 0 if worst <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
