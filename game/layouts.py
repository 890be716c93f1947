"""Table layouts: Tiled maps (.tmx) of named rectangles, read once into plain dataclasses.

A layout is authored in Tiled as one object layer of named rectangles on a 1920x1080
map (``seat0``, ``row2``, ``draw``, ...), with typed custom properties where a scene
needs more (e.g. ``facing``). Scenes only ever see :class:`Layout` and :class:`Anchor`,
never pytmx objects. A layout that is missing an object still loads: the anchor falls
back to the middle of the screen and one warning names what is missing, so a bad edit in
Tiled shows up as a misplaced box, not a crash. Which objects a layout must have is said
by the scene that uses it (``required``).
"""
from __future__ import annotations

import importlib.util
import logging
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from game import resources
from game.engine import GAMES

LAYOUT_DIR = resources.layouts_dir()


@dataclass(frozen=True)
class Anchor:
    name: str
    kind: str
    x: int
    y: int
    w: int
    h: int
    props: tuple[tuple[str, object], ...] = ()

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def prop(self, key: str, default: object = None) -> object:
        for k, v in self.props:
            if k == key:
                return v
        return default


@dataclass
class Layout:
    name: str
    width: int = 1920
    height: int = 1080
    anchors: dict[str, Anchor] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    log: logging.Logger | None = None
    _warned: set[str] = field(default_factory=set)

    def __contains__(self, name: str) -> bool:
        return name in self.anchors

    def get(self, name: str) -> Anchor:
        """The named anchor, or a centred stand-in (with one warning) if it is missing."""
        anchor = self.anchors.get(name)
        if anchor is None:
            if name not in self._warned and self.log is not None:
                self._warned.add(name)
                self.log.warning("Layout %s has no object %r; using a stand-in position.",
                                 self.name, name)
            anchor = Anchor(name, "missing", self.width // 2 - 100, self.height // 2 - 60, 200, 120)
        return anchor


class SeatedLayout:
    """A table's layout with its seats turned round the table: ``get("seatK")`` is where
    seat K sits while seat ``home`` takes the first place (the layout's ``seat0``, the one
    beside the hand), the others following in turn order. Whoever's hand is on show sits
    beside it, so a hand is never drawn under another seat's name; ``place(k)`` is the
    layout's own k-th place whoever sits there. Everything else is the layout's."""

    def __init__(self, layout: Layout, seats: int, home: int = 0) -> None:
        self.layout = layout
        self.seats = seats
        self.home = home

    def __getattr__(self, name: str):
        return getattr(self.layout, name)

    def __contains__(self, name: str) -> bool:
        return name in self.layout

    def slot(self, seat: int) -> int:
        """Which of the layout's places seat ``seat`` takes."""
        return (seat - self.home) % self.seats

    def get(self, name: str) -> Anchor:
        if self.seats and name.startswith("seat") and name[4:].isdigit():
            seat = int(name[4:])
            if seat < self.seats:
                name = f"seat{self.slot(seat)}"
        return self.layout.get(name)

    def place(self, k: int) -> Anchor:
        """The layout's own ``seat{k}`` place, whoever sits there."""
        return self.layout.get(f"seat{k}")


def expand(required: Sequence[str], stem: str) -> list[str]:
    """The object names a layout file called ``stem`` must have: ``{seat}`` stands for
    seat0..seat{N-1}, N taken from the file name (cubirds_4 has four seats). The scene
    that uses a layout says what it needs; this module names no scene or game."""
    _, _, count = stem.rpartition("_")
    seats = int(count) if count.isdigit() else 0
    names: list[str] = []
    for name in required:
        if "{seat}" in name:
            names.extend(name.replace("{seat}", f"seat{i}") for i in range(seats))
        else:
            names.append(name)
    return names


def load(path: Path, log: logging.Logger | None = None, required: Sequence[str] = ()
         ) -> Layout:
    """Read a .tmx file; never raises for a bad file (problems are logged and listed,
    among them any ``required`` object it lacks)."""
    layout = Layout(path.stem, log=log)
    try:
        import pytmx  # imported here: loading layouts is the only thing that needs it

        tmx = pytmx.TiledMap(str(path))
    except (OSError, ElementTree.ParseError, ValueError, KeyError, TypeError) as exc:
        layout.problems.append(f"unreadable: {exc}")
        if log:
            log.warning("Layout %s could not be read (%s); using stand-in positions.", path, exc)
        return layout
    layout.width = tmx.width * tmx.tilewidth
    layout.height = tmx.height * tmx.tileheight
    for group in tmx.objectgroups:
        for obj in group:
            if not obj.name:
                continue
            props = tuple(sorted((str(k), v) for k, v in obj.properties.items()))
            layout.anchors[obj.name] = Anchor(obj.name, obj.type or "", int(obj.x), int(obj.y),
                                              int(obj.width), int(obj.height), props)
    missing = [n for n in expand(required, path.stem) if n not in layout.anchors]
    if missing:
        layout.problems.append("missing " + ", ".join(missing))
        if log:
            log.warning("Layout %s lacks %s; stand-in positions will be used.",
                        path.name, ", ".join(missing))
    return layout


def folder(game_id: str) -> Path:
    """Where ``game_id``'s table layouts live: the package its GameSpec names in
    ``layouts`` (a game kept outside game/, such as the tests' toy, brings its own), else
    the house's ``game/layouts/``. The package is found, not imported."""
    spec = GAMES.get(game_id)
    if spec is None or not spec.layouts:
        return LAYOUT_DIR
    try:
        found = importlib.util.find_spec(spec.layouts)
    except (ImportError, ValueError):
        found = None
    places = list(found.submodule_search_locations or ()) if found is not None else []
    return Path(places[0]) if places else LAYOUT_DIR / "missing" / spec.layouts


def table_path(game_id: str, players: int) -> Path:
    """The file of ``game_id``'s table for ``players`` seats: ``<id>_<players>.tmx`` in
    the game's layouts folder."""
    return folder(game_id) / f"{game_id}_{players}.tmx"


def locate(name: str) -> Path:
    """The file of layout ``name``: a table layout ``<game id>_<players>`` is looked for
    where that game's spec says, every other one (title, history) in game/layouts/."""
    game_id, _, count = name.rpartition("_")
    if count.isdigit() and game_id in GAMES:
        return table_path(game_id, int(count))
    return LAYOUT_DIR / f"{name}.tmx"


_CACHE: dict[Path, Layout] = {}


def get(name: str, log: logging.Logger | None = None, required: Sequence[str] = ()
        ) -> Layout:
    """Load layout ``name`` (see :func:`locate`) once per run."""
    path = locate(name)
    layout = _CACHE.get(path)
    if layout is None:
        layout = load(path, log, required)
        _CACHE[path] = layout
    return layout
