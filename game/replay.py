"""Replays: a match as its seed and actions, in and out of JSON files, and back into states.

What the scenes call:

* A saved match (``store.load_match(id)``) -> ``Recording.from_saved(saved)``; a file ->
  ``load_recording(path)``. Both raise :class:`ReplayError` (one line for the screen,
  never a traceback) for anything that cannot be replayed here: another file format, an
  unknown game, different rules ("recorded with CuBirds rules v1, this Birdhouse plays
  v2"), bad JSON, wrong types, an illegal move ("move 12 (by Wren) cannot be played: ..."),
  and a file that is huge, not UTF-8, nested too deep or holds NaN (game.untrusted).
* ``save_recording(recording, path)`` exports one (ReplayError if it cannot be written).
* ``python main.py --replay ID`` or ``--replay FILE.json``: ``find_recording(arg, store)``.
* The Replay scene: ``player = Replayer(recording)`` checks every move once and keeps a
  copy of the state every ``CHECKPOINT`` moves, so any position is a copy plus at most
  that many moves: ``player.state_at(k)`` is the game after ``k`` moves (0 .. len),
  ``player.events_at(k)`` the events of move ``k`` (what to animate when stepping from
  ``k`` to ``k + 1``), ``player.seat_at(k)`` who made it. Stepping back is
  ``state_at(k - 1)`` shown without animation; whose view to show is the scene's
  ``state.view(seat)``.
* Continuing a saved game: ``resume_state(saved)`` -- the snapshot when it is there (the
  instant path), else the state rebuilt from the seed and the moves.
* ``rebuild(recording, upto)`` -- the state after the first ``upto`` actions, from the
  seed, with nothing cached.

A file holds ``format`` ("birdhouse-replay"), ``version`` (:data:`FORMAT_VERSION`),
``game``, ``rules_version`` (the game's ``GameSpec.rules_version``, bumped whenever a
rule changes), ``players``, ``seed``, ``options``, ``seats``, ``actions`` (the engine's
action codec) and, for a finished match, ``result`` (scores, winners): an import replays
every move and refuses a file whose result does not come out the same.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import LEVELS
from game.engine import (GAMES, Action, Event, IllegalAction, State, action_from_json,
                         action_to_json, new_game, plural, state_from_dict)
from game.session import Match, Seat
from game.store import SavedMatch, Store, cannot_play
from game.untrusted import (NAME_MAX, UntrustedFileError, load_json, plausible_time,
                            usable_name)

FORMAT = "birdhouse-replay"
FORMAT_VERSION = 1
CHECKPOINT = 32
MAX_BYTES = 4 << 20     # the longest game we have seen exports to 26 KB
SEED_RANGE = range(-2**63, 2**63)   # what the store saves (a 64-bit integer)


class ReplayError(ValueError):
    """A recording that cannot be replayed here; ``str(error)`` is the line to show."""


@dataclass(frozen=True)
class Recording:
    """One match as its truth: the game and rules it was played under, its seed, options
    and seats, and every action in order."""

    game_id: str
    rules_version: int
    seed: int
    options: dict
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    result: dict | None = None     # {'scores': [...], 'winners': [...]} once finished
    started: float | None = None
    ended: float | None = None

    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def game_name(self) -> str:
        spec = GAMES.get(self.game_id)
        return spec.name if spec is not None else self.game_id

    def to_match(self) -> Match:
        return Match(self.game_id, self.seats, self.seed, tuple(sorted(self.options.items())))

    def new_state(self) -> State:
        return new_game(self.game_id, self.num_players, self.seed, **self.options)

    # -- from the store -----------------------------------------------------------------------
    @classmethod
    def from_saved(cls, saved: SavedMatch) -> "Recording":
        """The recording of a saved match (ReplayError if this Birdhouse cannot play it)."""
        why = cannot_play(saved.game_id, saved.rules_version)
        if why:
            raise ReplayError(f"This match cannot be replayed: {why}.")
        actions = []
        for move in saved.moves:
            try:
                actions.append(action_from_json(saved.game_id, move.action))
            except ValueError as exc:
                raise ReplayError(f"Move {move.index + 1} cannot be read: {exc}.") from exc
        result = ({"scores": saved.result.get("scores"), "winners": saved.result.get("winners")}
                  if saved.result else None)
        return cls(saved.game_id, saved.rules_version, saved.seed, dict(saved.options),
                   tuple(s.to_seat() for s in saved.seats), tuple(actions), result,
                   saved.started, saved.ended)

    # -- the file format ------------------------------------------------------------------------
    def to_json(self) -> dict:
        data: dict[str, Any] = {
            "format": FORMAT, "version": FORMAT_VERSION, "game": self.game_id,
            "rules_version": self.rules_version, "players": self.num_players,
            "seed": self.seed, "options": self.options,
            "seats": [{"name": s.name, "human": s.human, "level": s.level, "colour": s.colour}
                      for s in self.seats],
            "actions": [action_to_json(a) for a in self.actions]}
        if self.result is not None:
            data["result"] = self.result
        if self.started is not None:
            data["started"] = self.started
        if self.ended is not None:
            data["ended"] = self.ended
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Recording":
        """Validate a file's contents (types, format, game, rules, every move, the result)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError("This is not a Birdhouse replay file.")
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise ReplayError(f"This replay was made by another Birdhouse version (replay "
                              f"format {version!r}; this one reads {FORMAT_VERSION}).")
        game_id = _field(data, "game", str)
        rules_version = _field(data, "rules_version", int)
        why = cannot_play(game_id, rules_version)
        if why:
            raise ReplayError(f"This replay cannot be played: {why}.")
        spec = GAMES[game_id]
        players = _field(data, "players", int)
        if players not in spec.player_counts:
            raise ReplayError(f"{spec.name} takes {spec.min_players}-{spec.max_players} "
                              f"players, not {players}.")
        seed = _field(data, "seed", int)
        if seed not in SEED_RANGE:
            raise ReplayError("The replay's 'seed' is not a 64-bit whole number.")
        options = _field(data, "options", dict)
        seats = tuple(_seat(entry, i) for i, entry in enumerate(_field(data, "seats", list)))
        if len(seats) != players:
            raise ReplayError(f"The replay has {plural(len(seats), 'seat')} for {players} "
                              "players.")
        raw_actions = _field(data, "actions", list)
        actions = []
        for number, raw in enumerate(raw_actions, 1):
            try:
                actions.append(action_from_json(game_id, raw))
            except ValueError as exc:
                raise ReplayError(f"Move {number} cannot be read: {exc}.") from exc
        result = data.get("result")
        if result is not None and not (isinstance(result, dict)
                                       and isinstance(result.get("scores"), list)
                                       and isinstance(result.get("winners"), list)):
            raise ReplayError("The replay's result is not scores and winners.")
        started, ended = data.get("started"), data.get("ended")
        recording = cls(game_id, rules_version, seed, options, seats, tuple(actions),
                        result, _time(started, "started"), _time(ended, "ended"))
        Replayer(recording)  # every move legal, and the recorded result comes out
        return recording


def _field(data: dict, name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        shown = "missing" if value is None else _KIND_NAMES.get(type(value), "something else")
        raise ReplayError(f"The replay's {name!r} should be {_KIND_NAMES[kind]}, "
                          f"but it is {shown}.")
    return value


_KIND_NAMES = {int: "a whole number", float: "a fraction", str: "text", dict: "a JSON object",
               list: "a list", bool: "true or false"}


def _seat(entry: Any, index: int) -> Seat:
    if not isinstance(entry, dict):
        raise ReplayError(f"Seat {index + 1} of the replay is not a JSON object.")
    name = entry.get("name")
    human = entry.get("human", False)
    level = entry.get("level", "normal")
    colour = entry.get("colour", index)
    if (not usable_name(name) or not isinstance(human, bool) or level not in LEVELS
            or not isinstance(colour, int) or isinstance(colour, bool)):
        raise ReplayError(f"Seat {index + 1} of the replay should have a name (text of 1 to "
                          f"{NAME_MAX} characters), human (true/false), level ("
                          f"{', '.join(LEVELS)}) and colour (a whole number).")
    return Seat(name, human=human, level=level, colour=colour)


def _time(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if not plausible_time(value):
        raise ReplayError(f"The replay's {name!r} should be a time in seconds.")
    return float(value)


# -- files ----------------------------------------------------------------------------------
def load_recording(path: Path | str) -> Recording:
    """Read and validate a replay file (ReplayError says what is wrong)."""
    path = Path(path)
    try:
        data = load_json(path, max_bytes=MAX_BYTES)
    except OSError as exc:
        raise ReplayError(f"Cannot read {path.name}: {exc.strerror or exc}.") from exc
    except UntrustedFileError as exc:   # huge, not UTF-8, not JSON, too deep, NaN
        raise ReplayError(f"Cannot read {path.name}: {exc}.") from exc
    return Recording.from_json(data)


def save_recording(recording: Recording, path: Path | str) -> None:
    """Export ``recording`` as JSON, written whole or not at all."""
    path = Path(path)
    text = json.dumps(recording.to_json(), indent=1, ensure_ascii=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text + "\n")
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise ReplayError(f"Cannot write {path}: {exc.strerror or exc}.") from exc


def find_recording(what: str, store: Store) -> Recording:
    """``--replay``'s argument: a match id from the history, or a replay file's path.
    A match can be watched when History lists it: finished or abandoned. One still
    being played is refused: it goes on from the title, and a replay would show its
    hands to whoever watched."""
    if what.isdigit():
        saved = store.load_match(int(what))
        if saved is None:
            why = f" ({store.problem})" if store.problem else ""
            raise ReplayError(f"There is no match {what} in the history{why}.")
        if saved.status == "playing":
            raise ReplayError(f"Match {what} is not over yet: continue it from the title "
                              "(its replay would show hands still in play).")
        return Recording.from_saved(saved)
    return load_recording(what)


# -- states ---------------------------------------------------------------------------------
def rebuild(recording: Recording, upto: int | None = None) -> State:
    """The game after the first ``upto`` actions (all of them by default), from the seed."""
    state = recording.new_state()
    for action in recording.actions[:upto]:
        state.apply(action)
    return state


def resume_state(saved: SavedMatch) -> State:
    """The state to continue a saved match from: its snapshot (instant), or, if that is
    missing or unreadable, the seed and the moves (the truth). ReplayError if this
    Birdhouse cannot play it (its game is gone or its rules changed)."""
    why = cannot_play(saved.game_id, saved.rules_version)
    if why:
        raise ReplayError(f"This game cannot be continued: {why}.")
    if saved.snapshot is not None and saved.snapshot_moves == len(saved.moves):
        try:
            state = state_from_dict(saved.snapshot)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            pass  # rebuilt below from the truth
        else:
            if state.game_id == saved.game_id and state.num_players == len(saved.seats):
                return state
    return Replayer(Recording.from_saved(saved)).final


class Replayer:
    """Any position of a recording, quickly: the states every ``CHECKPOINT`` moves are
    kept (made while checking every move once, at construction), so a position is a
    copy and at most ``CHECKPOINT - 1`` moves. Raises ReplayError for an illegal move or
    a result that does not come out as recorded."""

    def __init__(self, recording: Recording, checkpoint: int = CHECKPOINT) -> None:
        self.recording = recording
        self.every = checkpoint
        names = [s.name for s in recording.seats]
        try:
            state = recording.new_state()
        except (TypeError, ValueError, KeyError, LookupError) as exc:
            why = " ".join(str(exc).split())   # a damaged file's words on one line
            raise ReplayError(f"The replay's game cannot be set up: {why}.") from exc
        self._checkpoints: list[State] = []
        self._seats: list[int | None] = []
        for index, action in enumerate(recording.actions):
            if index % checkpoint == 0:
                self._checkpoints.append(state.clone())
            seat = state.current_player
            self._seats.append(seat)
            try:
                state.apply(action)
            except IllegalAction as exc:
                who = f" (by {names[seat]})" if seat is not None and seat < len(names) else ""
                why = ("the game was already over" if state.is_terminal()
                       else f"{action!r} is not a legal move there")
                raise ReplayError(f"Move {index + 1}{who} cannot be played: {why}.") from exc
        if len(recording.actions) % checkpoint == 0:
            self._checkpoints.append(state.clone())
        self._final = state
        result = recording.result
        if result is not None and (state.scores() != list(result["scores"])
                                   or state.winners() != list(result["winners"])):
            raise ReplayError("The replay does not reproduce its recorded result: "
                              f"scores {state.scores()} instead of {list(result['scores'])}.")

    def __len__(self) -> int:
        return len(self.recording.actions)

    @property
    def final(self) -> State:
        """The game after every recorded move (a copy)."""
        return self._final.clone()

    def state_at(self, k: int) -> State:
        """The game after ``k`` moves (0: the deal; len: the end), a fresh copy."""
        if not 0 <= k <= len(self):
            raise IndexError(f"position {k} outside 0..{len(self)}")
        base = k // self.every
        state = self._checkpoints[base].clone()
        for action in self.recording.actions[base * self.every:k]:
            state.apply(action)
        return state

    def events_at(self, k: int) -> list[Event]:
        """The events of move ``k`` (0-based): what to animate from ``k`` to ``k + 1``."""
        if not 0 <= k < len(self):
            raise IndexError(f"move {k} outside 0..{len(self) - 1}")
        return self.state_at(k).apply(self.recording.actions[k])

    def seat_at(self, k: int) -> int | None:
        """Who made move ``k``."""
        return self._seats[k]
