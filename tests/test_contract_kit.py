"""The contract kit proven on a toy game, and the engine's own guarantees."""
import random

import pytest

from game.engine import GAMES, IllegalAction, new_game, rules_module
from tests.contract import ContractSuite
from tests.toy.rules import Draw, Play, ToyState, new_toy


class TestToyContract(ContractSuite):
    game_id = "toy"
    player_counts = (2, 3, 4)
    playout_games = 50

    def make(self, num_players, seed):
        return new_toy(num_players, seed)

    def restore(self, data):
        return ToyState.from_dict(data)


def test_illegal_move_raises_and_keeps_state():
    state = new_toy(3, seed=5)
    before = state.to_dict()
    not_in_hand = next(c for c in range(1, 16) if c not in state.hands[0])
    with pytest.raises(IllegalAction):
        state.apply(Play(not_in_hand))
    with pytest.raises(ValueError):  # IllegalAction is a ValueError
        state.apply("draw")
    assert state.to_dict() == before
    state.apply(Draw())
    assert len(state.hands[0]) == 4


def test_kit_catches_a_leaky_view():
    """A view that shows another seat's hand must fail the determinize check."""

    class Leaky(ToyState):
        def view(self, player):
            return (super().view(player), tuple(map(tuple, self.hands)))

        def clone(self):
            copy = Leaky(self.num_players, random.Random())
            copy.__dict__.update(super().clone().__dict__)
            return copy

    state = Leaky(2, random.Random(1))
    state.__dict__.update(new_toy(2, 1).__dict__)
    det = state.determinize(0, random.Random(3))
    assert det.view(0) != state.view(0)


def test_kit_catches_a_non_canonical_determinize():
    """Shuffling hidden cards in their real order would let a bot's answer depend on them."""

    class Sloppy(ToyState):
        def determinize(self, player, rng):
            new = self.clone()
            pool = [c for s, h in enumerate(self.hands) if s != player for c in h]
            rng.shuffle(pool)  # not sorted first: depends on the true deal
            for s in range(self.num_players):
                if s != player:
                    new.hands[s] = [pool.pop() for _ in self.hands[s]]
            return new

    base = new_toy(3, 2)
    state = Sloppy(3, random.Random())
    state.__dict__.update(base.__dict__)
    other = state.determinize(0, random.Random(9))
    other.__class__ = Sloppy
    a = state.determinize(0, random.Random(1)).to_dict()
    b = other.determinize(0, random.Random(1)).to_dict()
    assert a != b


def test_the_registry_holds_the_declared_packages():
    from game.engine import PACKAGES

    assert list(GAMES) == [GAMES.register(p).id for p in PACKAGES]   # in menu order
    for info in GAMES.values():
        assert 2 <= info.min_players <= info.max_players <= 6
        assert info.pitch and info.name


def test_unknown_game_and_bad_counts_are_clear():
    with pytest.raises(KeyError, match="unknown game"):
        new_game("chess", 2)
    with pytest.raises(ValueError, match="takes 2-5 players"):
        new_game("cubirds", 9)
    with pytest.raises(KeyError):
        rules_module("nope")
