"""A standalone one-folder build with PyInstaller: ``dist/birdhouse/birdhouse`` runs on a
machine with no Python.

    python -m tools.build            # build (build/ holds PyInstaller's work files)
    python -m tools.build --check    # build, then check it draws what the checkout draws
    python -m tools.build --check --no-build   # check the build already in dist/

PyInstaller is pinned in requirements-build.txt (a tool for making the build, not part of
the app). The games, scenes and sprites are loaded by name from the registry, which
PyInstaller cannot see, so their packages are collected whole; the data folders go in at
the same places inside the build as in the package, where ``game.resources`` finds them
through ``importlib.resources``. The check runs the build with the flags of
tests/test_packaging.py from another folder and compares its screenshot, pixel by pixel,
with the one ``python main.py`` makes here. It takes a few minutes on two cores, so it
is a tool of its own and not in the test run.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WORK = ROOT / "build"
EXECUTABLE = DIST / "birdhouse" / "birdhouse"
# data folders: where they are in the checkout -> where they go inside the build
DATA = (("fonts", "fonts"), ("sounds", "sounds"), ("game/layouts", "game/layouts"),
        ("game/phones/page", "game/phones/page"))
PACKAGES = ("game", "scenes", "sprites", "fonts", "sounds")
SHOT_FLAGS = ("--headless", "--game", "cubirds", "--autoplay", "--seed", "3", "--frames",
              "600")


def build() -> Path:
    """Run PyInstaller; return the executable. Raises CalledProcessError if it fails."""
    try:
        import PyInstaller  # noqa: F401 (only to say clearly what is missing)
    except ImportError:
        raise SystemExit("tools.build: PyInstaller is not installed "
                         "(pip install -r requirements-build.txt)")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir",
           "--name", "birdhouse", "--log-level", "WARN", "--distpath", str(DIST),
           "--workpath", str(WORK / "pyinstaller"), "--specpath", str(WORK)]
    for package in PACKAGES:
        cmd += ["--collect-submodules", package]
    for source, inside in DATA:
        cmd += ["--add-data", f"{ROOT / source}{os.pathsep}{inside}"]
    cmd.append(str(ROOT / "main.py"))
    subprocess.run(cmd, cwd=ROOT, check=True)
    return EXECUTABLE


def private_env(home: Path) -> dict[str, str]:
    """Dummy SDL drivers, user folders of its own, nothing on PYTHONPATH."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(home / name.lower())
    return env


def same_pixels(a: Path, b: Path) -> bool:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    one, two = pygame.image.load(str(a)), pygame.image.load(str(b))
    return (one.get_size() == two.get_size()
            and pygame.image.tobytes(one, "RGBA") == pygame.image.tobytes(two, "RGBA"))


def check(executable: Path) -> list[str]:
    """What is wrong with the build (nothing: an empty list)."""
    if not executable.is_file():
        return [f"no build at {executable} (run python -m tools.build)"]
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="birdhouse-build-check-") as tmp:
        tmp_path = Path(tmp)
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        env = private_env(tmp_path / "frozen-home")
        version = subprocess.run([str(executable), "--version"], cwd=elsewhere, env=env,
                                 capture_output=True, text=True, timeout=120)
        if version.returncode != 0 or not version.stdout.startswith("birdhouse "):
            problems.append(f"--version: exit {version.returncode}, {version.stdout!r} "
                            f"{version.stderr.strip()!r}")
        run = subprocess.run([str(executable), *SHOT_FLAGS, "--screenshot", "x.png"],
                             cwd=elsewhere, env=env, capture_output=True, text=True,
                             timeout=600)
        if run.returncode != 0:
            return problems + [f"the build's run failed (exit {run.returncode}): "
                               f"{run.stderr.strip()[-2000:]}"]
        for trouble in ("missing", "could not be read", "unreadable", "Traceback"):
            if trouble in run.stderr:
                problems.append(f"the build's log says {trouble!r}: {run.stderr.strip()}")
        mine = subprocess.run([sys.executable, "main.py", *SHOT_FLAGS, "--screenshot",
                               str(tmp_path / "checkout.png")], cwd=ROOT,
                              env=private_env(tmp_path / "home"), capture_output=True,
                              text=True, timeout=600)
        if mine.returncode != 0:
            return problems + [f"the checkout's run failed: {mine.stderr.strip()[-2000:]}"]
        if not same_pixels(elsewhere / "x.png", tmp_path / "checkout.png"):
            problems.append("the build's screenshot differs from the checkout's")
    return problems


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.build", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--check", action="store_true",
                   help="then run the build and compare its screenshot with the checkout's")
    p.add_argument("--no-build", action="store_true", help="check the build in dist/ as it is")
    args = p.parse_args(argv)
    started = time.monotonic()
    executable = EXECUTABLE if args.no_build else build()
    if not args.no_build:
        print(f"built {executable.relative_to(ROOT)} in {time.monotonic() - started:.0f} s")
    if not args.check:
        return 0
    started = time.monotonic()
    problems = check(executable)
    for line in problems:
        print(f"check: {line}", file=sys.stderr)
    print(f"check: {'FAILED' if problems else 'passed'} in {time.monotonic() - started:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
