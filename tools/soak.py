"""Soak: run attract mode headless, flat out, until N demo games have finished.

    python -m tools.soak --games 200 [--seed S] [--dt SECONDS] [--trace N]

Reports games completed per game and player count, exceptions (recovered or not: must be
0), resident memory (peak within the first and the last 10% of the run; growth must stay
within 10%, and the highest must stay under 200 MB), what the bounded picture caches hold at
the end, and frames per second. ``--trace N`` takes a tracemalloc snapshot after the first
game and after every N more, and prints the lines whose allocations grew most (slow: for
finding a leak, not for the figures). Every frame is a real frame of the kiosk app: input
polling, scene updates, drawing and the dummy display flip.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_mb() -> float:
    """Current resident set size (Linux /proc; 0 where unavailable)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * PAGE / (1 << 20)
    except OSError:
        return 0.0


def _trace_report(first, now, top: int = 12) -> None:
    """The source lines whose live allocations grew most between two snapshots."""
    stats = now.compare_to(first, "lineno")
    print("  tracemalloc: growth by line since the first game")
    for stat in stats[:top]:
        frame = stat.traceback[0]
        print(f"    {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  "
              f"{frame.filename}:{frame.lineno}")


def soak(games: int, seed: int, dt: float, max_frames: int, quiet: bool = False,
         trace: int = 0) -> dict:
    from game.app import App, make_logger
    from game.assets import SURFACE_CACHES
    from game.cli import Options
    from scenes.attract import Attract
    from scenes.start import routes

    work = Path(tempfile.mkdtemp(prefix="birdhouse-soak-"))
    app = App(Options(headless=True, kiosk=True), settings_path=work / "settings.json",
              routes=routes(),
              log=make_logger(), log_dir=work / "logs")
    app.ctx.session.attract_seed = seed
    app.stack.push(Attract(app.ctx))
    app.stack.apply_pending()
    stats = app.ctx.session.attract_stats
    samples: list[float] = []
    escaped = 0
    start = time.perf_counter()
    frames = 0
    last_report = start
    first_snap = None
    done_at_snap = 0
    if trace:
        import tracemalloc
        tracemalloc.start()
    while sum(stats.values()) < games and frames < max_frames and app.running:
        try:
            app.frame(dt)
        except Exception:  # noqa: BLE001 - counted and reported, never expected
            escaped += 1
        frames += 1
        if frames % 120 == 0:
            samples.append(rss_mb())
        done = sum(stats.values())
        if trace and done > done_at_snap and (done == 1 or done - done_at_snap >= trace):
            done_at_snap = done
            snap = tracemalloc.take_snapshot()
            if first_snap is None:
                first_snap = snap
            else:
                print(f"  after {done} games:")
                _trace_report(first_snap, snap)
        if not quiet and time.perf_counter() - last_report > 30:
            last_report = time.perf_counter()
            print(f"  {sum(stats.values())} games, {frames} frames, "
                  f"{frames / (last_report - start):.0f} fps, rss {rss_mb():.0f} MB", flush=True)
    wall = time.perf_counter() - start
    tenth = max(1, len(samples) // 10)
    first, last = max(samples[:tenth] or [0]), max(samples[-tenth:] or [0])
    return {"games": dict(sorted(stats.items())), "completed": sum(stats.values()),
            "frames": frames, "seconds": wall, "fps": frames / wall if wall else 0.0,
            "exceptions": len(app.crashes) + escaped, "rss_first_mb": first,
            "rss_last_mb": last, "rss_growth": (last / first - 1) if first else 0.0,
            "rss_peak_mb": max(samples or [0]),
            "caches_mb": sum(c.cache_info().bytes for c in SURFACE_CACHES) / (1 << 20),
            "caches_cap_mb": sum(c.cache_info().max_bytes for c in SURFACE_CACHES) / (1 << 20),
            "crash_log": str(app.crash_log.path)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dt", type=float, default=1 / 60, help="game seconds per frame")
    p.add_argument("--max-frames", type=int, default=50_000_000)
    p.add_argument("--trace", type=int, default=0, metavar="N",
                   help="tracemalloc growth report every N games (slow)")
    args = p.parse_args(argv)
    r = soak(args.games, args.seed, args.dt, args.max_frames, trace=args.trace)
    print(f"\nsoak: {r['completed']} demo games in {r['frames']} frames, "
          f"{r['seconds']:.0f} s, {r['fps']:.0f} frames/s (dt {args.dt:.4f} s)")
    for (game, players), count in r["games"].items():
        print(f"  {game:18} {players} players  {count:4d} games")
    growth = r["rss_growth"] * 100
    print(f"exceptions: {r['exceptions']}  (must be 0; details in {r['crash_log']})")
    print(f"peak RSS first 10%: {r['rss_first_mb']:.1f} MB   last 10%: {r['rss_last_mb']:.1f} MB   "
          f"growth {growth:+.1f}% (limit +10%)   highest {r['rss_peak_mb']:.1f} MB (limit 200)")
    print(f"picture caches at the end: {r['caches_mb']:.1f} MB of {r['caches_cap_mb']:.0f} MB "
          f"allowed (surface_cache functions)")
    ok = (r["exceptions"] == 0 and growth <= 10 and r["rss_peak_mb"] < 200
          and r["completed"] >= args.games)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
