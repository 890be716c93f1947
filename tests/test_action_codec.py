"""The action codec (engine.action_to_json / action_from_json): every legal action met
in seeded random games of every game and player count comes back equal, of the same
class and hash, through real JSON; anything else is a clear ValueError."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from game.engine import GAMES, action_from_json, action_to_json, new_game

CASES = [(game_id, n) for game_id, spec in GAMES.items() if spec.available
         for n in spec.player_counts]
GAMES_PER_COUNT = 2


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_legal_action_round_trips(game_id: str, players: int) -> None:
    seen = 0
    for seed in range(GAMES_PER_COUNT):
        state = new_game(game_id, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            for action in actions:
                text = json.dumps(action_to_json(action))
                back = action_from_json(game_id, json.loads(text))
                assert back == action and type(back) is type(action), (action, text)
                assert hash(back) == hash(action)
                seen += 1
            # play the decoded action: the game goes on as with the original
            chosen = rng.choice(actions)
            state.apply(action_from_json(game_id, json.loads(json.dumps(
                action_to_json(chosen)))))
    assert seen > 0


def test_the_form_is_readable() -> None:
    from game.cubirds.rules import Pass, Place
    assert action_to_json(Place("robin", 0, "left")) == {
        "@": "Place", "species": "robin", "row": 0, "side": "left"}
    assert action_to_json(Pass()) == {"@": "Pass"}
    assert action_to_json((1, None, True, ("a",))) == [1, None, True, ["a"]]


@dataclass(frozen=True)
class Weird:
    value: object


@pytest.mark.parametrize("action", [1.5, [1], {"a": 1}, {1, 2}, object(), Weird(2.0),
                                    Weird(frozenset())])
def test_what_cannot_come_back_exactly_is_refused(action) -> None:
    with pytest.raises(ValueError, match="cannot save"):
        action_to_json(action)


@pytest.mark.parametrize("data,message", [
    ({"@": "Nope"}, "'Nope' is not a kind of CuBirds move"),
    ({"@": "json"}, "not a kind of CuBirds move"),            # a module name, not a class
    ({"@": 3}, "not a kind of CuBirds move"),
    ({"species": "robin"}, "not a kind of CuBirds move"),
    ({"@": "Place", "species": "robin", "row": 0}, "takes species, row, side"),
    ({"@": "Place", "species": "robin", "row": 0, "side": "left", "x": 1}, "takes"),
    ({"@": "Place", "species": "robin", "row": 1.0, "side": "left"}, "unexpected float"),
    ({"@": "Pass", "extra": 1}, "takes no fields"),
    (2.5, "unexpected float"),
])
def test_bad_forms_are_a_clear_value_error(data, message) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_json("cubirds", data)


def test_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        action_from_json("chess", {"@": "Pass"})
