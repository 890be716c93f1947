"""Replays (game/replay.py): a recording rebuilt from its seed and actions reproduces the
final state exactly, for seeded games of every game and player count; any position and
the events of any move come back as they were played; files round-trip; and every kind
of bad file is one clear ReplayError."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.engine import GAMES, action_to_json, new_game
from game.replay import (FORMAT_VERSION, Recording, Replayer, ReplayError, find_recording,
                         load_recording, rebuild, resume_state, save_recording)
from game.session import default_seats
from game.store import open_store

CASES = [(game_id, n) for game_id, spec in GAMES.items() if spec.available
         for n in spec.player_counts]


def play(game_id: str, players: int, seed: int):
    """A seeded random game: its recording, and every state and event list on the way."""
    state = new_game(game_id, players, seed)
    rng, actions, states, events = random.Random(seed), [], [state.to_dict()], []
    while not state.is_terminal():
        actions.append(rng.choice(state.legal_actions()))
        events.append(state.apply(actions[-1]))
        states.append(state.to_dict())
    recording = Recording(game_id, GAMES[game_id].rules_version, seed, {},
                          default_seats(players), tuple(actions),
                          {"scores": state.scores(), "winners": state.winners()})
    return recording, states, events


@pytest.mark.parametrize("game_id,players", CASES)
def test_a_replay_reproduces_the_game_exactly(game_id, players, tmp_path):
    for seed in (11, 12):
        recording, states, events = play(game_id, players, seed)
        assert rebuild(recording).to_dict() == states[-1]
        player = Replayer(recording)
        assert len(player) == len(states) - 1
        assert player.final.to_dict() == states[-1]
        for k in random.Random(seed).sample(range(len(states)), 12) + [0, len(player)]:
            assert player.state_at(k).to_dict() == states[k]
            assert rebuild(recording, k).to_dict() == states[k]
            if k < len(player):
                assert player.events_at(k) == events[k]
        # through a file: the same recording, the same game
        path = tmp_path / f"{game_id}-{players}-{seed}.json"
        save_recording(recording, path)
        back = load_recording(path)
        assert back == recording
        assert rebuild(back).to_dict() == states[-1]


def test_a_stored_match_is_a_recording(tmp_path):
    recording, states, _ = play("flip_a_bird", 4, 5)
    with open_store(tmp_path / "birdhouse.db") as store:
        state = recording.new_state()
        match_id = store.start_match(recording.to_match(), state=state)
        for index, action in enumerate(recording.actions):
            seat = state.current_player
            state.apply(action)
            store.record_move(match_id, index, seat, action, state)
        saved = store.load_match(match_id)
        assert find_recording(str(match_id), store) == Recording.from_saved(saved)
        with pytest.raises(ReplayError, match="There is no match 99 in the history"):
            find_recording("99", store)
    save_recording(recording, tmp_path / "r.json")
    assert find_recording(str(tmp_path / "r.json"), store) == recording
    from_store = Recording.from_saved(saved)
    assert from_store.actions == recording.actions and from_store.seed == recording.seed
    assert from_store.seats == recording.seats
    assert from_store.result == recording.result
    assert rebuild(from_store).to_dict() == states[-1]


def test_a_matchs_options_survive_the_store_and_files(tmp_path):
    """Flappy Families' short game (the rules') and memory marks off (the table's alone:
    the rules never see it) are kept through the store, resume and a replay file."""
    options = {"memory_aid": False, "short_game": True}
    state = new_game("flappy_families", 3, 4, **options)
    assert state.short_game
    rng, actions = random.Random(4), []
    recording = Recording("flappy_families", GAMES["flappy_families"].rules_version, 4,
                          options, default_seats(3), ())
    with open_store(tmp_path / "birdhouse.db") as store:
        match_id = store.start_match(recording.to_match())
        for index in range(12):
            actions.append(rng.choice(state.legal_actions()))
            seat = state.current_player
            state.apply(actions[-1])
            store.record_move(match_id, index, seat, actions[-1], state)
        saved = store.load_match(match_id)
    assert saved.options == options
    assert resume_state(saved).to_dict() == state.to_dict()
    from_store = Recording.from_saved(saved)
    assert from_store.to_match().option("memory_aid") is False
    assert from_store.to_match().option("short_game") is True
    assert rebuild(from_store).to_dict() == state.to_dict()
    save_recording(from_store, tmp_path / "ff.json")
    again = load_recording(tmp_path / "ff.json")
    assert again.options == options and rebuild(again).to_dict() == state.to_dict()


def test_resume_falls_back_to_the_moves_without_a_snapshot(tmp_path):
    from dataclasses import replace
    recording, states, _ = play("cubirds", 3, 8)
    with open_store(tmp_path / "birdhouse.db") as store:
        state = recording.new_state()
        match_id = store.start_match(recording.to_match(), state=state)
        for index, action in enumerate(recording.actions[:30]):
            seat = state.current_player
            state.apply(action)
            store.record_move(match_id, index, seat, action, state)
        saved = store.load_match(match_id)
    assert resume_state(saved).to_dict() == states[30]
    assert resume_state(replace(saved, snapshot=None)).to_dict() == states[30]
    assert resume_state(replace(saved, snapshot={"game_id": "cubirds"})).to_dict() == states[30]


# -- bad files ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good() -> dict:
    return play("cubirds", 3, 21)[0].to_json()


def bad_file(tmp_path: Path, data) -> Path:
    path = tmp_path / "replay.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def changed(good: dict, **changes) -> dict:
    data = json.loads(json.dumps(good))
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return data


def swapped_move(good: dict) -> dict:
    """Move 4 replaced by a legal-looking move that is not legal there."""
    data = json.loads(json.dumps(good))
    data["actions"][3] = {"@": "Flock", "species": "nonexistent"}
    return data


def one_move_too_many(good: dict) -> dict:
    data = json.loads(json.dumps(good))
    data["actions"].append(data["actions"][-1])
    return data


def other_result(good: dict) -> dict:
    data = json.loads(json.dumps(good))
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    return data


BAD = {
    "not json": ('{"format": "birdhouse-replay", "version": 1,', r"not valid JSON \(line 1"),
    "a list": ([1, 2], "not a Birdhouse replay file"),
    "another format": (lambda g: changed(g, format="chess-pgn"), "not a Birdhouse replay"),
    "another version": (lambda g: changed(g, version=FORMAT_VERSION + 1),
                        "another Birdhouse version"),
    "unknown game": (lambda g: changed(g, game="chess"), "no game called 'chess'"),
    "other rules": (lambda g: changed(g, rules_version=7),
                    "recorded with CuBirds rules v7, this Birdhouse plays v1"),
    "seed as text": (lambda g: changed(g, seed="12"), "'seed' should be a whole number, "
                                                      "but it is text"),
    "no seed": (lambda g: changed(g, seed=None), "'seed' should be a whole number, but it "
                                                 "is missing"),
    "players": (lambda g: changed(g, players=9), "takes 2-5 players, not 9"),
    "seats": (lambda g: changed(g, seats=[{"name": "A"}]), "has 1 seat for 3 players"),
    "a seat": (lambda g: changed(g, seats=[{"name": 3}] * 3), "Seat 1 of the replay"),
    "options": (lambda g: changed(g, options=[]), "'options' should be a JSON object"),
    "bad option": (lambda g: changed(g, options={"turbo": True}), "cannot be set up"),
    "actions": (lambda g: changed(g, actions={}), "'actions' should be a list"),
    "unreadable move": (lambda g: changed(g, actions=[{"@": "Teleport"}]),
                        "Move 1 cannot be read: 'Teleport' is not a kind of CuBirds move"),
    "illegal move": (swapped_move, r"Move 4 \(by \w+\) cannot be played: .* is not a legal "
                                   "move there"),
    "after the end": (one_move_too_many, r"cannot be played: the game was already over"),
    "other result": (other_result, "does not reproduce its recorded result"),
    "bad result": (lambda g: changed(g, result={"scores": 3}), "result is not scores"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_file_is_one_clear_error(case, good, tmp_path):
    data, message = BAD[case]
    path = bad_file(tmp_path, data(good) if callable(data) else data)
    with pytest.raises(ReplayError, match=message) as error:
        load_recording(path)
    assert "\n" not in str(error.value)


def test_files_that_cannot_be_read_or_written(tmp_path, good):
    with pytest.raises(ReplayError, match="Cannot read missing.json"):
        load_recording(tmp_path / "missing.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ReplayError, match="Cannot read binary.json"):
        load_recording(tmp_path / "binary.json")
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(ReplayError, match="Cannot write"):
        save_recording(Recording.from_json(good), blocker / "replay.json")


def test_a_file_holds_readable_json(tmp_path):
    recording, _, _ = play("yard_birbs", 3, 2)
    path = tmp_path / "replay.json"
    save_recording(recording, path)
    data = json.loads(path.read_text())
    assert data["format"] == "birdhouse-replay" and data["version"] == FORMAT_VERSION
    assert data["game"] == "yard_birbs" and data["seed"] == 2 and data["players"] == 3
    assert data["actions"][0] == action_to_json(recording.actions[0])
    assert data["seats"][0] == {"name": "Robin", "human": True, "level": "normal",
                                "colour": 0}
