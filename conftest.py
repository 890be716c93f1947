"""Project-wide pytest set-up: headless SDL, private user folders, the contract kit's
player counts."""
import os
import shutil
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_configure(config):
    """Point platformdirs' user folders (settings, saved games, logs) into a temporary
    folder for the whole run, so no test can touch a real player's files."""
    home = tempfile.mkdtemp(prefix="birdhouse-tests-")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = os.path.join(home, name.lower())
    config.add_cleanup(lambda: shutil.rmtree(home, ignore_errors=True))


def pytest_generate_tests(metafunc):
    """Run every ContractSuite check once per player count of its game."""
    if "player_count" in metafunc.fixturenames and metafunc.cls is not None:
        counts = getattr(metafunc.cls, "player_counts", ())
        metafunc.parametrize("player_count", list(counts))


@pytest.fixture(autouse=True)
def english_after():
    """Every test ends in English, whatever language it switched to: tests that follow
    in the same process (an xdist worker) read the words they expect."""
    yield
    from game import i18n

    if i18n.current() != "en":
        i18n.use("en")


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory, monkeypatch):
    """Each test its own saved games: one test's unfinished match is not another's
    Continue card (tests that want a store of their own still pass a path)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    yield
    from game.store import close_all
    close_all()      # apps a test left open let go of their files and sync threads


@pytest.fixture
def font_sizes(monkeypatch):
    """Record the size of every font any code creates while the test runs (the ten-foot
    audits: no text under 28 px)."""
    import pygame

    sizes: list[int] = []
    real = pygame.font.Font

    class Recording(real):
        def __init__(self, path=None, size=20, *args, **kwargs):
            sizes.append(size if path is not None else int(size / 1.3))
            super().__init__(path, size, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", Recording)
    return sizes


@pytest.fixture
def toy():
    """The tests' toy game registered like a real one (tests/toy/), and gone afterwards."""
    from game.engine import GAMES

    added = "toy" not in GAMES
    spec = GAMES.register("tests.toy")
    yield spec
    if added:
        GAMES.unregister("toy")
