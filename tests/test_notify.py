"""systemd's watchdog: READY once the first frame is up, then heartbeats from the loop.

A real datagram socket stands in for systemd's NOTIFY_SOCKET, and a real Birdhouse
process talks to it; stopping that process (SIGSTOP, as a hung loop would be) must stop
the heartbeats."""
from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.notify import Notifier

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def listener(tmp_path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(0.2)
    yield path, sock
    sock.close()


def received(sock, seconds: float) -> list[str]:
    end = time.monotonic() + seconds
    out = []
    while time.monotonic() < end:
        try:
            out.append(sock.recv(256).decode())
        except socket.timeout:
            pass
    return out


def test_nothing_happens_without_the_variable():
    notifier = Notifier(logging.getLogger("test"), env={})
    notifier.ready()
    notifier.beat()
    assert not notifier.active


def test_ready_then_heartbeats_at_half_the_watchdog_period(listener):
    path, sock = listener
    now = [100.0]
    notifier = Notifier(logging.getLogger("test"), env={"NOTIFY_SOCKET": str(path),
                                                        "WATCHDOG_USEC": "4000000"},
                        clock=lambda: now[0])
    notifier.beat()                        # not ready yet: silent
    notifier.ready()
    notifier.ready()                       # said once
    for _ in range(17):                    # 4.25 s of frames, 0.25 s apart
        now[0] += 0.25
        notifier.beat()
    notifier.stopping()
    assert received(sock, 0.5) == ["READY=1", "WATCHDOG=1", "WATCHDOG=1", "STOPPING=1"]


def test_a_vanished_socket_costs_one_warning_and_nothing_else(tmp_path, caplog):
    notifier = Notifier(logging.getLogger("test.notify"),
                        env={"NOTIFY_SOCKET": str(tmp_path / "gone.sock")})
    with caplog.at_level(logging.WARNING, logger="test.notify"):
        notifier.ready()
        notifier.beat()
        notifier.stopping()
    assert len(caplog.records) == 1 and not notifier.active


def test_a_running_game_beats_and_a_hung_one_does_not(listener, tmp_path):
    path, sock = listener
    env = dict(os.environ, NOTIFY_SOCKET=str(path), WATCHDOG_USEC="400000",
               XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_STATE_HOME=str(tmp_path / "s"),
               XDG_DATA_HOME=str(tmp_path / "d"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env.pop("WATCHDOG_PID", None)
    game = subprocess.Popen([sys.executable, "main.py", "--headless", "--game", "cubirds",
                             "--autoplay", "--seed", "2"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        first = received(sock, 8.0)
        assert first and first[0] == "READY=1"
        assert first.count("WATCHDOG=1") >= 5          # every 0.2 s while it runs
        game.send_signal(signal.SIGSTOP)               # the loop hangs
        received(sock, 0.3)                            # (anything already in flight)
        assert received(sock, 1.5) == []
        game.send_signal(signal.SIGCONT)               # and recovers
        assert "WATCHDOG=1" in received(sock, 2.0)
    finally:
        game.send_signal(signal.SIGCONT)
        game.terminate()
        game.wait(timeout=30)
    assert "STOPPING=1" in received(sock, 1.0)         # SIGTERM: a clean stop, said so
