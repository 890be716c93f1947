"""SIGKILL at random moments while a real process plays and records (tests/store_child.py):
after every kill the database opens, the unfinished game resumes at its last committed
move (its snapshot is the state rebuilt from the seed and the recorded moves), no move is
lost or doubled, and the next process carries on recording."""
from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.engine import state_from_dict
from game.replay import Recording, rebuild
from game.store import open_store

ROOT = Path(__file__).resolve().parent.parent
KILLS = 25


def run_child(path: Path, seed: int, kill_after: float | None, moves: int | None = None):
    """Start the child; once it has committed a move, wait ``kill_after`` seconds and
    SIGKILL it (None: let it finish its ``moves``). Returns its lines and exit code."""
    cmd = [sys.executable, "-m", "tests.store_child", str(path), str(seed)]
    if moves is not None:
        cmd.append(str(moves))
    child = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(child.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + 60
    try:
        while kill_after is not None:
            if any(line.startswith("MOVE") for line in lines):
                time.sleep(kill_after)
                child.send_signal(signal.SIGKILL)
                break
            assert child.poll() is None, f"the child stopped: {lines[-3:]}"
            assert time.monotonic() < deadline, "the child never recorded a move"
            time.sleep(0.002)
        code = child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    reader.join(timeout=10)
    return [line.split() for line in lines], code


def check(path: Path, reported: dict[int, int], checked: set[int]) -> int | None:
    """The database after a kill; returns how many moves the unfinished game has."""
    with open_store(path) as store:
        assert store.saving and store.problem is None
        unfinished = store.unfinished()
        assert len(unfinished) <= 1, "a game was started twice"
        for match_id, last in reported.items():
            saved = store.load_match(match_id)
            count = len(saved.moves)
            # committed before it was reported; at most the one move after it unreported
            assert last + 1 <= count <= last + 2 or saved.status == "finished", \
                (match_id, last, count)
        finished = [m.id for m in store.recent(10_000) if m.id not in checked]
        for match_id in [u.id for u in unfinished] + finished:
            saved = store.load_match(match_id)
            assert [m.index for m in saved.moves] == list(range(len(saved.moves)))
            rebuilt = rebuild(Recording.from_saved(saved))
            if saved.status == "playing":
                assert saved.snapshot_moves == len(saved.moves)
                assert state_from_dict(saved.snapshot).to_dict() == rebuilt.to_dict()
            else:
                assert rebuilt.is_terminal() and saved.snapshot is None
                assert rebuilt.scores() == saved.result["scores"]
                checked.add(match_id)
        return unfinished[0].moves if unfinished else None


def test_sigkill_at_random_moments_loses_nothing(tmp_path):
    path = tmp_path / "birdhouse.db"
    rng = random.Random(19)
    checked: set[int] = set()
    expect_resume: int | None = None
    moves_seen = 0
    for run in range(KILLS):
        lines, code = run_child(path, run, rng.uniform(0.0, 0.12))
        assert code == -signal.SIGKILL, lines[-3:]
        if expect_resume is not None:
            assert lines[0][0] == "RESUME" and int(lines[0][2]) == expect_resume, lines[0]
        reported = {}
        for line in lines:
            if line[0] == "MOVE":
                reported[int(line[1])] = int(line[2])
                moves_seen += 1
        expect_resume = check(path, reported, checked)
    # and the next run carries on to a clean stop
    lines, code = run_child(path, KILLS, None, moves=300)
    assert code == 0, lines[-3:]
    if expect_resume is not None:
        assert lines[0] == ["RESUME", lines[0][1], str(expect_resume)]
    check(path, {int(l[1]): int(l[2]) for l in lines if l[0] == "MOVE"}, checked)
    assert moves_seen > KILLS and len(checked) >= 1
