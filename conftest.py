"""Project-wide pytest set-up: headless SDL and the contract kit's player counts."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_generate_tests(metafunc):
    """Run every ContractSuite check once per player count of its game."""
    if "player_count" in metafunc.fixturenames and metafunc.cls is not None:
        counts = getattr(metafunc.cls, "player_counts", ())
        metafunc.parametrize("player_count", list(counts))
