"""The shared contract kit: every game's tests subclass :class:`ContractSuite`.

    class TestCuBirdsContract(ContractSuite):
        game_id = "cubirds"
        player_counts = (2, 3, 4, 5)

pytest then runs each check once per player count (see ``conftest.py``). Cheap checks
run on every seeded game (``playout_games`` per count); the expensive ones (round trip at
every step, determinization, illegal moves) on ``deep_games`` of them.
"""
from __future__ import annotations

import json
import random
from typing import Any, ClassVar, Sequence

import pytest

from game.engine import Event, IllegalAction, State, new_game, state_from_dict

JUNK_ACTIONS: tuple[Any, ...] = (None, "place", 42, ("x", 1), object(), [1, 2])


class ContractSuite:
    """Mixin of contract checks; set ``game_id`` and ``player_counts``."""

    game_id: ClassVar[str] = ""
    player_counts: ClassVar[Sequence[int]] = ()
    options: ClassVar[dict] = {}
    playout_games: ClassVar[int] = 300
    deep_games: ClassVar[int] = 4
    max_steps: ClassVar[int] = 20_000
    base_seed: ClassVar[int] = 1000

    # -- hooks a suite may override (the toy game in tests uses them) ----------------
    def make(self, num_players: int, seed: int) -> State:
        return new_game(self.game_id, num_players, seed, **self.options)

    def restore(self, data: dict) -> State:
        return state_from_dict(data)

    # -- helpers --------------------------------------------------------------------
    def _seeds(self, player_count: int, games: int) -> range:
        start = self.base_seed + 100_000 * player_count
        return range(start, start + games)

    def _playout(self, state: State, rng: random.Random, every=None) -> int:
        """Random legal moves to the end, checking each step; returns the step count."""
        steps = 0
        seen_describes = set()
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions, f"no legal action at step {steps} but not terminal"
            seat = state.current_player
            assert seat is not None and 0 <= seat < state.num_players
            if every is not None:
                every(state, steps)
            action = rng.choice(actions)
            hash(action)
            events = state.apply(action)
            assert isinstance(events, list)
            for event in events:
                assert isinstance(event, Event)
                kind = type(event)
                if kind not in seen_describes:
                    seen_describes.add(kind)
                    line = event.describe()
                    assert isinstance(line, str) and line.strip()
            steps += 1
            assert steps < self.max_steps, "game did not end: possible infinite loop"
        return steps

    def _check_terminal(self, state: State) -> None:
        n = state.num_players
        assert state.current_player is None
        assert state.legal_actions() == []
        winners = state.winners()
        assert winners, "a finished game must have at least one winner"
        assert winners == sorted(set(winners)) and all(0 <= w < n for w in winners)
        scores = state.scores()
        assert len(scores) == n and all(isinstance(s, int) for s in scores)

    # -- the checks -------------------------------------------------------------------
    def test_random_playouts_reach_the_end(self, player_count: int) -> None:
        """Seeded random games to the end: only legal moves, always a way forward."""
        lengths = []
        for seed in self._seeds(player_count, self.playout_games):
            state = self.make(player_count, seed)
            assert state.num_players == player_count
            assert state.winners() == [] and not state.is_terminal()
            assert len(state.scores()) == player_count
            lengths.append(self._playout(state, random.Random(seed)))
            self._check_terminal(state)
        assert min(lengths) > 0

    def test_same_seed_same_game(self, player_count: int) -> None:
        """Determinism: the same seed and the same choices give byte-identical games."""
        for seed in self._seeds(player_count, self.deep_games):
            runs = []
            for _ in range(2):
                state = self.make(player_count, seed)
                rng = random.Random(seed * 31 + 7)
                log = []
                while not state.is_terminal():
                    action = rng.choice(state.legal_actions())
                    log.append(repr(action))
                    log.extend(e.describe() for e in state.apply(action))
                runs.append((log, json.dumps(state.to_dict(), sort_keys=True)))
            assert runs[0] == runs[1]
        first, second = (self.make(player_count, s).to_dict()
                         for s in self._seeds(player_count, 2))
        assert first != second, "different seeds should deal different games"

    def test_clone_is_independent(self, player_count: int) -> None:
        for seed in self._seeds(player_count, self.deep_games):
            state = self.make(player_count, seed)
            rng = random.Random(seed)

            def probe(s: State, step: int) -> None:
                if step % 7:
                    return
                before = s.to_dict()
                copy = s.clone()
                assert copy.to_dict() == before
                side = random.Random(step)
                for _ in range(5):
                    if copy.is_terminal():
                        break
                    copy.apply(side.choice(copy.legal_actions()))
                assert s.to_dict() == before, "playing on a clone changed the original"

            self._playout(state, rng, every=probe)

    def test_round_trip_through_json(self, player_count: int) -> None:
        for seed in self._seeds(player_count, self.deep_games):
            state = self.make(player_count, seed)
            rng = random.Random(seed + 1)
            step = 0
            while True:
                data = state.to_dict()
                assert data["game_id"] == state.game_id
                restored = self.restore(json.loads(json.dumps(data)))
                assert restored.to_dict() == data
                assert restored.legal_actions() == state.legal_actions()
                assert restored.current_player == state.current_player
                for seat in [None, *range(player_count)]:
                    assert restored.view(seat) == state.view(seat)
                if state.is_terminal():
                    assert restored.is_terminal() and restored.winners() == state.winners()
                    break
                if step % 3 == 0:
                    state = restored  # keep playing on the restored copy sometimes
                state.apply(rng.choice(state.legal_actions()))
                step += 1

    def test_view_and_determinize(self, player_count: int) -> None:
        """view(p) survives any determinization for p; determinize depends on view only."""
        for seed in self._seeds(player_count, self.deep_games):
            state = self.make(player_count, seed)
            hidden_changed = False

            def probe(s: State, step: int) -> None:
                nonlocal hidden_changed
                if step % 5:
                    return
                original = s.to_dict()
                for seat in [*range(player_count), None]:
                    seen = s.view(seat)
                    first = s.determinize(seat, random.Random(step))
                    assert first.view(seat) == seen, f"determinize leaked into seat {seat}'s view"
                    assert first.current_player == s.current_player
                    if seat == s.current_player:
                        assert first.legal_actions() == s.legal_actions()
                    other = s.determinize(seat, random.Random(step + 99))
                    again = other.determinize(seat, random.Random(step))
                    assert again.to_dict() == first.to_dict(), (
                        "determinize must depend only on view(seat) and rng")
                    hidden_changed |= first.to_dict() != original
                assert s.to_dict() == original, "determinize changed the state itself"
                if step % 20 == 0:
                    det = s.determinize(s.current_player, random.Random(step))
                    self._playout(det, random.Random(step))

            self._playout(state, random.Random(seed), every=probe)
            assert hidden_changed, "determinize never changed any hidden information"

    def test_illegal_actions_change_nothing(self, player_count: int) -> None:
        for seed in self._seeds(player_count, self.deep_games):
            state = self.make(player_count, seed)
            rng = random.Random(seed)
            recent: list = []
            while not state.is_terminal():
                legal = state.legal_actions()
                before = state.to_dict()
                foreign = [a for a in recent if a not in legal][:4]
                for bad in (*JUNK_ACTIONS, *foreign):
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
                    assert state.to_dict() == before
                assert state.legal_actions() == legal
                action = rng.choice(legal)
                recent = (legal + recent)[:40]
                state.apply(action)
            for bad in recent[:10]:
                with pytest.raises(IllegalAction):
                    state.apply(bad)

    def test_seats_know_more_than_spectators(self, player_count: int) -> None:
        """Each seat holds secrets at the start, so its view differs from a spectator's."""
        state = self.make(player_count, self.base_seed)
        views = [state.view(seat) for seat in range(player_count)]
        spectator = state.view(None)
        for seat, view in enumerate(views):
            assert view != spectator, f"seat {seat} sees nothing more than a spectator"
        assert state.view(0) == state.clone().view(0)
