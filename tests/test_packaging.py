"""Birdhouse as an installed app: pyproject.toml says what requirements.txt says, the
data files are found through importlib.resources, and the real path works: a wheel
built from these sources, installed into a fresh venv in a temporary folder and run as
`birdhouse` from another folder, draws the same picture as `python main.py` does here.
"""
from __future__ import annotations

import importlib
import os
import re
import shutil
import site
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

import game
from game import resources
from game.cli import parse

ROOT = Path(__file__).resolve().parent.parent
SHOT_FLAGS = ("--headless", "--game", "cubirds", "--autoplay", "--seed", "3", "--frames",
              "600")
# what a wheel is built from: the installed app, nothing else (no tests, tools, docs)
SOURCES = ("pyproject.toml", "README.md", "main.py", "game", "scenes", "sprites", "fonts",
           "sounds")


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def requirement_lines(name: str) -> list[str]:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_pyproject_lists_the_runtime_lines_of_requirements_txt_and_no_test_tools():
    runtime = [line for line in requirement_lines("requirements.txt")
               if not line.startswith("-r")]
    assert pyproject()["project"]["dependencies"] == runtime
    assert "-r requirements-test.txt" in requirement_lines("requirements.txt")
    test_only = {re.split(r"[<>=!~ ]", line)[0].lower()
                 for line in requirement_lines("requirements-test.txt")}
    assert {"pytest", "hypothesis"} <= test_only
    assert not test_only & {re.split(r"[<>=!~ ]", d)[0].lower() for d in runtime}


def test_the_version_is_written_once_and_the_console_script_is_mains_entry():
    project = pyproject()
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", game.__version__)
    assert project["project"]["scripts"] == {"birdhouse": "main:entry"}
    assert project["project"]["requires-python"] == ">=3.11"


def test_version_flag_prints_the_version_and_exits_0(capsys):
    with pytest.raises(SystemExit) as done:
        parse(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"birdhouse {game.__version__}"


def test_every_data_folder_is_found_through_the_packages_and_holds_its_files():
    assert {p.name for p in resources.font_dir().glob("*.ttf")} >= {
        "FredokaOne-Regular.ttf", "Lato-Regular.ttf", "Lato-Bold.ttf"}
    assert (resources.sounds_dir() / "chirp.wav").is_file()
    assert (resources.layouts_dir() / "title.tmx").is_file()
    assert (resources.phone_page_dir() / "index.html").is_file()
    # every folder is inside the package that ships it (package data), not beside it
    for kind, (package, _) in resources.FOLDERS.items():
        holder = Path(importlib.import_module(package).__file__).parent
        assert resources.folder(kind).is_relative_to(holder), kind


OWN_PLACE = re.compile(r"(?<![.\w`])__file__|os\.getcwd|Path\.cwd")


def test_no_data_file_is_found_from_a_modules_file_or_the_current_folder():
    """The app's code finds data through game.resources only. game/phones/process.py
    starts ``python -m game.phones.server`` in the folder that holds the code (an import
    path, not a data file); crashlog names its own file in a log record. (Another
    package's ``pygame.__file__`` is that package's business: game/sdl.py.)"""
    allowed = {"game/phones/process.py", "game/crashlog.py"}
    offenders = []
    for folder in ("game", "scenes", "sprites"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            text = path.read_text(encoding="utf-8")
            if name not in allowed and OWN_PLACE.search(text):
                offenders.append(name)
    assert not offenders, f"find data through game.resources: {offenders}"


# -- the real path: a wheel in a fresh venv -------------------------------------------------
def private_env(home: Path) -> dict[str, str]:
    """SDL's dummy drivers, user folders of its own, and nothing on PYTHONPATH, so the
    venv's python can import only what is installed into it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(home / name.lower())
    return env


def build_wheel(tmp_path: Path) -> Path:
    """A wheel of these sources, built in a copy of them (pip builds in the source tree,
    and the checkout should not get a build/ folder from a test)."""
    src = tmp_path / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path / "wheels"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                           "--disable-pip-version-check", "-w", str(out), str(src)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}\n{done.stderr}"
    wheels = list(out.glob("birdhouse-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def make_venv(tmp_path: Path, wheel: Path) -> Path:
    """A fresh venv with the wheel installed (--no-deps). Its runtime dependencies
    (pygame-ce and the rest) are borrowed from the interpreter running the tests through
    a .pth file, which adds that interpreter's site-packages *after* the venv's own: no
    network, and the installed birdhouse comes first. (``--system-site-packages`` would
    see the base Python's packages, not those of a venv such as CI's.)"""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # a venv inside the checkout (CI's .venv) lends its packages too: only the checkout's
    # own folder, where game/ lies, must not be on the path
    borrowed = [p for p in (*site.getsitepackages(), sysconfig.get_paths()["purelib"])
                if Path(p).is_dir() and Path(p).resolve() != ROOT.resolve()]
    (Path(purelib) / "zz_borrowed_dependencies.pth").write_text(
        "\n".join(dict.fromkeys(borrowed)) + "\n")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--no-deps", "--no-index", "-q", "--disable-pip-version-check",
                           str(wheel)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"
    return venv


def same_pixels(a: Path, b: Path) -> bool:
    import pygame

    one, two = pygame.image.load(str(a)), pygame.image.load(str(b))
    return (one.get_size() == two.get_size()
            and pygame.image.tobytes(one, "RGBA") == pygame.image.tobytes(two, "RGBA"))


def test_an_installed_wheel_run_from_another_folder_draws_what_the_checkout_draws(tmp_path):
    venv = make_venv(tmp_path, build_wheel(tmp_path))
    elsewhere = tmp_path / "elsewhere"      # no game/, fonts/ or sounds/ here
    elsewhere.mkdir()
    env = private_env(tmp_path / "installed-home")
    birdhouse = venv / "bin" / "birdhouse"

    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import game, main, fonts, sounds, scenes, sprites\n"
                            "for m in (game, main, fonts, sounds, scenes, sprites):"
                            " print(m.__file__)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.split():
        assert Path(line).resolve().is_relative_to(venv.resolve()), line  # not the checkout

    version = subprocess.run([str(birdhouse), "--version"], cwd=elsewhere, env=env,
                             capture_output=True, text=True, timeout=60)
    assert (version.returncode, version.stdout.strip()) == (0, f"birdhouse {game.__version__}")
    bad = subprocess.run([str(birdhouse), "--frames", "ten"], cwd=elsewhere, env=env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1

    installed = elsewhere / "x.png"
    run = subprocess.run([str(birdhouse), *SHOT_FLAGS, "--screenshot", "x.png"],
                         cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    for trouble in ("missing", "could not be read", "unreadable", "Traceback"):
        assert trouble not in run.stderr, run.stderr   # every font, sound and layout found

    checkout = tmp_path / "checkout.png"
    mine = subprocess.run([sys.executable, "main.py", *SHOT_FLAGS, "--screenshot",
                           str(checkout)], cwd=ROOT, env=private_env(tmp_path / "home"),
                          capture_output=True, text=True, timeout=300)
    assert mine.returncode == 0, mine.stderr
    assert same_pixels(installed, checkout)
