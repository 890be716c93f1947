"""A stand-in for a table, for the kill test (tests/test_store_kill.py).

    python -m tests.store_child DB SEED [MOVES]

Plays seeded random games of every game through the engine and records each move with
the store exactly as the table does (record_move right after apply, before anything is
shown). It first continues the newest unfinished game, if there is one, from its saved
snapshot. Prints one line per event, flushed, so the test knows what was committed:
``RESUME <match> <moves>``, ``START <match>``, ``MOVE <match> <index>`` (after the
commit returned), ``DONE <match>``. Stops after MOVES moves (default: never).
"""
from __future__ import annotations

import random
import sys
from collections import deque


def main(argv: list[str]) -> int:
    from game.engine import GAMES, new_game
    from game.replay import resume_state
    from game.session import Match, default_seats
    from game.store import open_store

    path, seed = argv[0], int(argv[1])
    budget = int(argv[2]) if len(argv) > 2 else None
    rng = random.Random(seed)
    store = open_store(path)
    if not store.saving:
        print(f"NOSAVE {store.problem}", flush=True)
        return 3
    games = [g for g, spec in GAMES.items() if spec.available]
    waiting = store.unfinished()
    played = 0
    while budget is None or played < budget:
        if waiting:
            saved = store.load_match(waiting.pop(0).id)
            match_id, state = saved.id, resume_state(saved)
            index, log = len(saved.moves), deque(saved.log, maxlen=40)
            print(f"RESUME {match_id} {index}", flush=True)
        else:
            game_id = rng.choice(games)
            players = rng.choice(list(GAMES[game_id].player_counts))
            match = Match(game_id, default_seats(players, humans=rng.randint(0, 2)),
                          rng.randrange(2**32))
            state = new_game(game_id, players, match.seed)
            log = deque(maxlen=40)
            match_id, index = store.start_match(match, state=state), 0
            print(f"START {match_id}", flush=True)
        while not state.is_terminal() and (budget is None or played < budget):
            seat, action = state.current_player, rng.choice(state.legal_actions())
            log.extend(event.describe() for event in state.apply(action))
            if not store.record_move(match_id, index, seat, action, state, log):
                print(f"FAILED {store.problem}", flush=True)
                return 4
            print(f"MOVE {match_id} {index}", flush=True)
            index += 1
            played += 1
        if state.is_terminal():
            print(f"DONE {match_id}", flush=True)
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
