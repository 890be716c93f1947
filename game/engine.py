"""The game contract: the one door through which scenes, AI, tests and tools reach a game.

Every game is a package ``game/<id>/`` whose ``rules`` module defines a ``State``
subclass and a ``new_state(num_players, seed, **options)`` factory. Nothing here imports
pygame, and no rules module may touch the module-level ``random``: each state owns its
own ``random.Random`` so the same seed and actions replay byte for byte.

Conventions every game follows (the shared contract kit in ``tests/contract.py`` checks
them):

* ``legal_actions()`` lists the moves of ``current_player`` in a canonical order that
  depends only on what that seat can see, so a bot sees the same list on a state and on
  any determinization of it for that seat.
* ``apply(action)`` raises :class:`IllegalAction` for anything not in
  ``legal_actions()`` and leaves the state untouched; otherwise it returns events.
* ``view(seat)`` is an ``==``-comparable value holding exactly what ``seat`` may know
  (``None`` is a spectator who sees only public information).
* ``determinize(seat, rng)`` deals out everything ``seat`` cannot know at random. It is a
  function of ``view(seat)`` and ``rng`` only: hidden cards are pooled in a canonical
  (sorted) order before shuffling, so two states that look alike to ``seat`` determinize
  alike for the same ``rng`` seed. That is what makes the AI provably fair.
* Actions are records of plain values, so :func:`action_to_json` /
  :func:`action_from_json` save any game's moves without a codec of its own: the store
  (``game/store/``) and replay files (``game/replay.py``) keep a game as its seed,
  options and actions, and ``GameSpec.rules_version`` says which rules they were under.
"""
from __future__ import annotations

import importlib
import importlib.util
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, fields, is_dataclass
from types import ModuleType
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Hashable

from game.i18n import _

Action = Hashable
"""Actions are frozen dataclasses (hashable, comparable), never strings."""


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now."""


def seat_label(seat: int | None, names: Sequence[str] | None = None) -> str:
    """How a seat is called in the game log: its name if known, else 'Player N'."""
    if seat is None:
        return _("Nobody")
    if names and 0 <= seat < len(names):
        return names[seat]
    return _("Player {number}").format(number=seat + 1)


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 card', '3 cards' — small helper for describe() lines."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def list_of(items: Iterable[str]) -> str:
    """'A', 'A and B', 'A and B and C': names joined as the log has always joined them,
    with the joining word translated."""
    return _(" and ").join(items)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the game log and the scene's animations.

    ``describe`` must be safe to show to everyone at the table: an event may carry a
    private detail (a drawn card) for its owner's animation, but the log line never does.
    """

    def describe(self, names: Sequence[str] | None = None) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class TurnPassed(Event):
    """Play moves to another seat (or round); shared by all games."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return _("{name} is up.").format(name=seat_label(self.seat, names))


@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended; ``reason`` says why in a few words."""

    winners: tuple[int, ...]
    reason: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        reason = _(self.reason) if self.reason else ""
        if len(self.winners) > 1:
            return _("{names} share the win: {reason}.").format(
                names=list_of(seat_label(w, names) for w in self.winners), reason=reason)
        who = seat_label(self.winners[0], names) if self.winners else ""
        return _("{name} wins: {reason}.").format(name=who, reason=reason)


@dataclass(frozen=True)
class GameInfo:
    """What the menus need to know about a game before it is built or loaded."""

    id: str
    name: str
    min_players: int
    max_players: int
    pitch: str

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True)
class Option:
    """A choice a game offers before it starts, in Seat setup: ``values`` in the order a
    menu cycles them, ``label`` and ``words`` (one per value; On/Off for true/false) in
    plain words. It is kept in the match (``Match.options``), so saved games and replays
    keep it.

    ``rules`` says whether the rules take it: such options are given to ``new_state`` by
    name and may change what a seed and actions lead to. An option with ``rules=False``
    only changes how the table shows the game (Flappy Families' memory marks): the rules
    never see it, so it cannot change a replay and needs no ``rules_version``, and
    :func:`new_game` leaves it out of the rules' keywords."""

    name: str
    values: tuple[Any, ...]
    default: Any
    label: str
    words: tuple[str, ...] = ()
    rules: bool = True

    def word(self, value: Any) -> str:
        """``value`` in plain words."""
        if value in self.values and len(self.words) == len(self.values):
            return self.words[self.values.index(value)]
        if isinstance(value, bool):
            return "On" if value else "Off"
        return str(value)


@dataclass(frozen=True)
class GameSpec:
    """One game, as its own package declares it (``SPEC`` in game/<id>/__init__.py).

    Modules are named, not imported, so the menus can list every game without loading
    any rules, bots or tables; what Birdhouse needs from a game is found here, never by
    naming the game in shared code.

    ``rules_version`` must be bumped whenever a rule changes what a seed and a list of
    actions lead to (a new card, a different deal, a scoring change, an action renamed):
    saved games and replays record it, and a recording made under another version is
    refused with a clear message instead of replaying into a different game.
    """

    info: GameInfo
    rules: str                      # module with State, new_state (and describe_action)
    bots: str | None = None         # module with make_bot(level, seed): Easy and Normal
    hard: str | None = None         # module with PROFILE: how the Hard search plays it
    explain: str | None = None      # module with reason(view, action, legal, names): why
                                    # a hint's move (game/ai/explain.py)
    table: str | None = None        # scene package declaring TABLE (scenes.table.TableSpec)
    looks: str | None = None        # module with LOOKS: its birds (sprites.birds reads it
                                    # here, lazily: sprites may not import scenes)
    layouts: str | None = None      # package whose folder holds its table layouts,
                                    # <id>_<players>.tmx (None: the house's game/layouts/)
    rules_version: int = 1          # bumped when a rule changes: old replays then refuse
    throughput: int = 100           # the bench's target: random games per CPU second
    options: tuple[Option, ...] = ()  # what Seat setup offers (Option: the rules' or the table's)

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def pitch(self) -> str:
        return self.info.pitch

    @property
    def player_counts(self) -> range:
        return self.info.player_counts

    @property
    def available(self) -> bool:
        """True once the game's rules module exists ('coming soon' otherwise)."""
        try:
            return importlib.util.find_spec(self.rules) is not None
        except ModuleNotFoundError:
            return False


# The registry: the one shared line a new game adds (its packages declare the rest).
PACKAGES = ("game.cubirds", "game.flip_a_bird", "game.flappy_families", "game.yard_birbs")


class Registry(Mapping[str, GameSpec]):
    """Game id -> GameSpec, in menu order. Filled from PACKAGES on first use (a game
    package imports this module, so it cannot be read while this module loads), and by
    :meth:`register` for a game kept elsewhere (the tests' toy game)."""

    def __init__(self, packages: Sequence[str]) -> None:
        self._packages = tuple(packages)
        self._specs: dict[str, GameSpec] | None = None

    def _loaded(self) -> dict[str, GameSpec]:
        if self._specs is None:
            self._specs = {}
            for package in self._packages:
                self.register(package)
        return self._specs

    def register(self, package: str) -> GameSpec:
        """Add the game whose package declares ``SPEC`` (ImportError, TypeError if not)."""
        spec = getattr(importlib.import_module(package), "SPEC", None)
        if not isinstance(spec, GameSpec):
            raise TypeError(f"{package} declares no GameSpec named SPEC")
        self._loaded()[spec.id] = spec
        return spec

    def unregister(self, game_id: str) -> None:
        self._loaded().pop(game_id, None)

    def __getitem__(self, game_id: str) -> GameSpec:
        return self._loaded()[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._loaded()))

    def __len__(self) -> int:
        return len(self._loaded())


GAMES = Registry(PACKAGES)


def rules_module(game_id: str) -> ModuleType:
    """Import a game's rules module, with a clear error for unknown or unbuilt games."""
    if game_id not in GAMES:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {game_id!r} (known: {known})")
    spec = GAMES[game_id]
    if not spec.available:
        raise LookupError(f"{spec.name} is coming soon: its rules are not built yet")
    return importlib.import_module(spec.rules)


def new_game(game_id: str, num_players: int, seed: int | None = None,
             **options: Any) -> "State":
    """Start a game; ``seed`` fixes every shuffle, ``options`` are game-specific."""
    info = GAMES.get(game_id)
    if info is not None and num_players not in info.player_counts:
        raise ValueError(f"{info.name} takes {info.min_players}-{info.max_players} "
                         f"players, not {num_players}")
    return rules_module(game_id).new_state(num_players, seed, **rules_options(game_id, options))


def rules_options(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` without the ones the game declares as the table's alone
    (``Option.rules`` false): a match keeps every option, its rules get only theirs."""
    spec = GAMES.get(game_id)
    table_only = {o.name for o in spec.options if not o.rules} if spec is not None else set()
    return {k: v for k, v in options.items() if k not in table_only}


def state_from_dict(data: dict) -> "State":
    """Rebuild any game's state from :meth:`State.to_dict` output."""
    return rules_module(data["game_id"]).State.from_dict(data)


# -- the action codec: how a move is saved, recorded and exported ----------------------
ACTION_TAG = "@"
"""The key naming an action's class in its JSON form (no Python field can be called that)."""

_PLAIN = (bool, int, str, type(None))


def action_to_json(action: Action) -> Any:
    """A JSON-safe form of ``action``, for the store and replay files.

    Actions are frozen dataclasses (or named tuples) holding ints, strs, bools, None,
    tuples and more such records, nested freely. A record becomes an object with its
    class name under ``"@"`` and its fields by name; a tuple becomes a list. Anything
    else (floats, lists, dicts, sets, enums...) is a ValueError: such an action could not
    come back exactly, and a replay must. ``Place("robin", 0, "left")`` ->
    ``{"@": "Place", "species": "robin", "row": 0, "side": "left"}``.
    """
    if type(action) in _PLAIN:
        return action
    if is_dataclass(action) and not isinstance(action, type):
        data = {ACTION_TAG: type(action).__name__}
        for f in fields(action):
            if f.init:  # a derived field is rebuilt by the class itself
                data[f.name] = action_to_json(getattr(action, f.name))
        return data
    if isinstance(action, tuple) and hasattr(type(action), "_fields"):  # a named tuple
        return {ACTION_TAG: type(action).__name__,
                **{name: action_to_json(value) for name, value in zip(action._fields, action)}}
    if type(action) is tuple:
        return [action_to_json(value) for value in action]
    raise ValueError(f"cannot save {type(action).__name__} {action!r} in an action: "
                     "actions hold ints, strs, bools, None, tuples and dataclasses")


def action_from_json(game_id: str, data: Any) -> Action:
    """The action :func:`action_to_json` made, rebuilt with the classes of ``game_id``'s
    rules module (looked up by name there, so a game needs no codec of its own).

    Raises ValueError, saying what is wrong, for anything that is not such a form: an
    unknown class, missing or extra fields, a float. It does not say whether the action
    is legal: ``State.apply`` does. KeyError/LookupError for an unknown or unbuilt game.
    """
    return _decode(rules_module(game_id), data, GAMES[game_id].name)


def _decode(module: ModuleType, data: Any, game: str) -> Any:
    if type(data) in _PLAIN:
        return data
    if type(data) is list:
        return tuple(_decode(module, value, game) for value in data)
    if type(data) is not dict:
        raise ValueError(f"unexpected {type(data).__name__} {data!r} in an action")
    name = data.get(ACTION_TAG)
    cls = getattr(module, name, None) if isinstance(name, str) else None
    if not isinstance(cls, type) or not (is_dataclass(cls) or
                                         (issubclass(cls, tuple) and hasattr(cls, "_fields"))):
        raise ValueError(f"{name!r} is not a kind of {game} move")
    names = ([f.name for f in fields(cls) if f.init] if is_dataclass(cls)
             else list(cls._fields))
    given = [key for key in data if key != ACTION_TAG]
    if sorted(given) != sorted(names):
        raise ValueError(f"{name} takes {', '.join(names) or 'no fields'}, "
                         f"not {', '.join(given) or 'none'}")
    try:
        return cls(**{key: _decode(module, data[key], game) for key in names})
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cannot build {name} from {data!r}: {exc}") from exc


def rng_to_json(rng: random.Random) -> list:
    """A Random's state as JSON-safe nested lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """An independent copy of ``rng``. Built with __new__ because Random() would first
    seed itself from the OS (about 5x slower), only to be overwritten by setstate."""
    clone = random.Random.__new__(random.Random)
    clone.setstate(rng.getstate())
    return clone


def child_rng(rng: random.Random) -> random.Random:
    """A new Random seeded from ``rng``: how a determinization gets its own dice."""
    return random.Random(rng.getrandbits(64))


class State(ABC):
    """One game in progress. Mutable; driven only through ``apply``.

    Subclasses implement the underscored hooks plus the abstract methods. The base class
    owns the legality check so that an illegal action can never half-apply.
    """

    game_id: ClassVar[str] = ""
    num_players: int
    current_player: int | None
    rng: random.Random
    _legal_cache: list | None = None

    # -- the moves ---------------------------------------------------------------
    def legal_actions(self) -> list:
        """Moves for ``current_player``; empty once the game is over."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_terminal() else self._legal_actions()
        return list(self._legal_cache)

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raise IllegalAction (state unchanged) if it is not legal."""
        if self._legal_cache is None:
            self.legal_actions()
        try:
            legal = action in self._legal_cache  # type: ignore[operator]
        except TypeError:  # unhashable or incomparable junk
            legal = False
        if not legal:
            raise IllegalAction(f"{action!r} is not a legal move in {self.game_id} now")
        self._legal_cache = None
        return self._apply(action)

    @abstractmethod
    def _legal_actions(self) -> list: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]: ...

    # -- outcome -----------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Running scores (final once terminal), one per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won; empty until the game is over; ties share."""

    # -- information ---------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> Any:
        """What ``player`` may know (``None``: a spectator); compare with ``==``."""

    @abstractmethod
    def determinize(self, player: int | None, rng: random.Random) -> "State":
        """A full state consistent with ``view(player)``, hidden parts dealt by ``rng``."""

    # -- copies --------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> "State": ...

    @abstractmethod
    def to_dict(self) -> dict:
        """JSON-safe snapshot including the RNG, for save, replay and tests."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict) -> "State": ...

    def opening_events(self) -> list[Event]:
        """Events describing the initial deal, so a table can animate it (games override)."""
        return []

    def progress(self) -> str:
        """Where the game stands in a few words ('round 2'), for the title's Continue
        line of a saved game ('' when the game has nothing shorter than its state)."""
        return ""

    # -- for the results screen and the win banner (games override) -------------------
    def score_breakdown(self) -> list[list[tuple[str, str]]]:
        """Per seat, (label, value) rows explaining its score on the results screen."""
        return [[("Score", str(score))] for score in self.scores()]

    def outcome(self) -> str:
        """One line on how the game ended ('' while it is running)."""
        return ""

    def deciding(self, seat: int) -> tuple[str, str, frozenset[str]]:
        """What decided the game for ``seat``, for the results screen: the big number,
        what it counts ('points', 'species of 3+'), and the labels of its
        score_breakdown rows that made it (highlighted there). Points by default."""
        return str(self.scores()[seat]), "points", frozenset()

    # -- conveniences shared by every game -------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game_id} players={self.num_players} "
                f"current={self.current_player}>")


def ranked_winners(values: Sequence[int]) -> list[int]:
    """Seats holding the highest value (ties share)."""
    if not values:
        return []
    best = max(values)
    return [seat for seat, value in enumerate(values) if value == best]
