"""Strength arena: seeded headless games between AI levels, with honest error bars.

    python -m tools.arena --game yard_birbs --players 4 \\
        --seats hard,normal,normal,normal --games 200 --seed 1 --jobs 2

Games come in blocks of ``players``: each block deals one seeded game and plays it once
per rotation of the line-up, so every entry sits in every seat equally often and on the
same cards. Per level it prints the win share per seat (a shared win counts as a
fraction) with a 95% interval, the mean score, and the decision time p50/p95/p99/max of
decisions with a real choice (forced moves are answered at once and left out).

Every game is a pure function of (seed, game index): ``--jobs`` only spreads them over
processes, so the table is the same whatever ``--jobs`` (timings aside) as long as the
Hard level is given ``--iterations``; with its wall-clock budget the amount of search
depends on the machine. Nothing here imports pygame.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, Sequence

from game.ai import LEVELS, make_bot
from game.engine import GAMES, new_game


@dataclass(frozen=True)
class Task:
    """One game to play: everything a worker process needs."""

    game_id: str
    players: int
    index: int
    seed: int
    lineup: tuple[str, ...]
    hard: tuple[tuple[str, Any], ...]  # keyword arguments for the Hard bots


@dataclass
class Result:
    """What one game gave each line-up entry (index into the line-up, not the seat)."""

    index: int
    shares: list[float]
    scores: list[int]
    times: list[list[float]]  # seconds per decision with a real choice
    steps: int


def _derived(seed: int, *parts: object) -> int:
    """A 64-bit seed from a base seed and labels, the same in every process."""
    return random.Random(":".join(map(str, (seed, *parts)))).getrandbits(64)


def rotation(task: Task) -> list[int]:
    """Line-up entry sitting in each seat: game ``index`` rotates by ``index % players``."""
    shift = task.index % task.players
    return [(seat + shift) % task.players for seat in range(task.players)]


def play(task: Task) -> Result:
    """Play one game to the end; pure function of the task (timings aside)."""
    block = task.index // task.players
    state = new_game(task.game_id, task.players, seed=_derived(task.seed, "deal", block))
    entry_of = rotation(task)
    hard = dict(task.hard)
    bots = []
    for seat, entry in enumerate(entry_of):
        level = task.lineup[entry]
        bot_seed = _derived(task.seed, "bot", task.index, entry)
        options = hard if level == "hard" else {}
        bots.append(make_bot(task.game_id, level, bot_seed, **options))
    times: list[list[float]] = [[] for _ in range(task.players)]
    clock = time.perf_counter
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        forced = len(state.legal_actions()) == 1
        start = clock()
        action = bots[seat].choose(state, seat)
        spent = clock() - start
        if not forced:
            times[entry_of[seat]].append(spent)
        state.apply(action)
        steps += 1
    winners = state.winners()
    scores = state.scores()
    shares = [0.0] * task.players
    entry_scores = [0] * task.players
    for seat, entry in enumerate(entry_of):
        entry_scores[entry] = scores[seat]
        if seat in winners:
            shares[entry] = 1.0 / len(winners)
    return Result(task.index, shares, entry_scores, times, steps)


def percentile(values: Sequence[float], p: float) -> float:
    """Linear-interpolated percentile (nan for no values)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summarize(lineup: Sequence[str], results: Sequence[Result]) -> list[dict]:
    """Per level: win share per seat with a 95% interval, mean score, decision times."""
    rows = []
    for level in dict.fromkeys(lineup):
        entries = [i for i, name in enumerate(lineup) if name == level]
        per_game = [sum(r.shares[i] for i in entries) / len(entries) for r in results]
        mean = statistics.fmean(per_game)
        spread = statistics.stdev(per_game) if len(per_game) > 1 else 0.0
        half = 1.96 * spread / math.sqrt(len(per_game))
        scores = [r.scores[i] for r in results for i in entries]
        times = [t * 1000 for r in results for i in entries for t in r.times[i]]
        rows.append({
            "level": level, "seats": len(entries), "win": mean,
            "low": max(0.0, mean - half), "high": min(1.0, mean + half),
            "score": statistics.fmean(scores), "decisions": len(times),
            "p50": percentile(times, 50), "p95": percentile(times, 95),
            "p99": percentile(times, 99), "max": max(times) if times else float("nan"),
        })
    return rows


def format_table(header: str, rows: Sequence[dict]) -> str:
    lines = [header,
             f"{'level':8} {'seats':>5} {'win/seat':>9} {'95% interval':>17} "
             f"{'mean score':>10} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} "
             f"{'p99 ms':>8} {'max ms':>8}"]
    for r in rows:
        lines.append(
            f"{r['level']:8} {r['seats']:5d} {100 * r['win']:8.1f}% "
            f"[{100 * r['low']:5.1f}%, {100 * r['high']:5.1f}%] {r['score']:10.2f} "
            f"{r['decisions']:9d} {r['p50']:8.2f} {r['p95']:8.2f} {r['p99']:8.2f} "
            f"{r['max']:8.2f}")
    return "\n".join(lines)


def _value(text: str) -> Any:
    """Option values from the command line: int, float, 'none' or a string."""
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def run(game_id: str, players: int, lineup: Sequence[str], games: int, seed: int,
        jobs: int = 1, hard: dict | None = None) -> list[Result]:
    """Play ``games`` games (in index order whatever ``jobs``)."""
    tasks = [Task(game_id, players, i, seed, tuple(lineup), tuple(sorted((hard or {}).items())))
             for i in range(games)]
    if jobs <= 1:
        return [play(t) for t in tasks]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return list(pool.imap(play, tasks, chunksize=1))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.arena",
                                description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seats", required=True,
                   help="comma list of levels, one per seat (random, easy, normal, hard)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--iterations", type=int, default=None,
                   help="fix the Hard search to this many iterations (reproducible)")
    p.add_argument("--budget-ms", type=float, default=None,
                   help="Hard thinking time per decision (default: the game's profile)")
    p.add_argument("--hard", action="append", default=[], metavar="KEY=VALUE",
                   help="Hard profile override, e.g. playout=normal, depth=30")
    args = p.parse_args(argv)

    info = GAMES[args.game]
    if not info.available:
        p.error(f"{info.name} is not built yet")
    if args.players not in info.player_counts:
        p.error(f"{info.name} takes {info.min_players}-{info.max_players} players")
    lineup = [s.strip() for s in args.seats.split(",") if s.strip()]
    if len(lineup) != args.players:
        p.error(f"--seats names {len(lineup)} levels for {args.players} players")
    unknown = [s for s in lineup if s not in LEVELS]
    if unknown:
        p.error(f"unknown level(s) {', '.join(unknown)} (one of {', '.join(LEVELS)})")
    if args.games < 1:
        p.error("--games must be at least 1")
    hard: dict[str, Any] = {}
    for item in args.hard:
        key, sep, text = item.partition("=")
        if not sep:
            p.error(f"--hard wants KEY=VALUE, not {item!r}")
        hard[key.strip()] = _value(text.strip())
    if args.iterations is not None:
        hard["iterations"] = args.iterations
    if args.budget_ms is not None:
        hard["budget"] = args.budget_ms / 1000

    started = time.perf_counter()
    results = run(args.game, args.players, lineup, args.games, args.seed, args.jobs, hard)
    wall = time.perf_counter() - started
    extra = "".join(f", {k}={v}" for k, v in sorted(hard.items()))
    header = (f"{info.name}: {args.players} players, {args.games} games, seed {args.seed}, "
              f"jobs {args.jobs}, seats {','.join(lineup)}{extra}  "
              f"(chance {100 / args.players:.1f}%/seat, {wall:.0f} s)")
    print(format_table(header, summarize(lineup, results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
