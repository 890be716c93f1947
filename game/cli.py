"""Command-line flags. A bad flag or value is one clear line on stderr and exit code 2."""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, Sequence

from game import __version__, i18n
from game.engine import GAMES


@dataclass
class Options:
    fullscreen: bool | None = None      # None: whatever the settings say
    size: tuple[int, int] | None = None
    game: str | None = None
    players: int | None = None
    seed: int | None = None
    autoplay: bool = False
    headless: bool = False
    frames: int | None = None
    screenshot: Path | None = None
    kiosk: bool = False
    phones: int | None = None           # phones switched on at start: the port, 0 = setting
    replay: str | None = None           # a match id from the history, or a replay file
    lang: str | None = None             # a code of i18n.LANGUAGES; None: the setting's


class UsageError(Exception):
    """Raised instead of argparse's multi-line exit, so main can print one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, not {text!r}")
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range (320x240 to 7680x4320)")
    return w, h


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}")


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be a whole number, not {text!r}")
    if not 1024 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be between 1024 and 65535, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    # the installed command is `birdhouse`; from a checkout it is `python main.py`
    prog = "python main.py" if Path(sys.argv[0]).name == "main.py" else "birdhouse"
    p = _Parser(prog=prog, description="Birdhouse: four bird card games for the couch.")
    p.add_argument("--version", action="version", version=f"birdhouse {__version__}",
                   help="print the version and quit")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                      help="start fullscreen")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    p.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--game", choices=sorted(GAMES), metavar="ID",
                   help=f"start straight into a game ({', '.join(GAMES)})")
    p.add_argument("--players", type=_positive, metavar="N", help="number of players")
    p.add_argument("--seed", type=_seed, metavar="N", help="fix the shuffle (replays)")
    p.add_argument("--autoplay", action="store_true", help="AI takes every seat")
    p.add_argument("--headless", action="store_true",
                   help="no window or sound (dummy drivers), runs as fast as it can")
    p.add_argument("--frames", type=_positive, metavar="N", help="quit after N frames")
    p.add_argument("--screenshot", type=Path, metavar="PATH",
                   help="save the last frame as a PNG")
    p.add_argument("--kiosk", action="store_true", help="unattended demo mode")
    p.add_argument("--phones", type=_port, nargs="?", const=0, metavar="PORT",
                   help="switch phones on (private hands over the home Wi-Fi), on PORT or "
                        "the port in the settings")
    p.add_argument("--replay", metavar="ID|FILE.json",
                   help="watch a finished game again: its number in History, or an exported file")
    p.add_argument("--lang", choices=list(i18n.LANGUAGES), metavar="CODE",
                   help=f"show Birdhouse in this language ({', '.join(i18n.LANGUAGES)}; "
                        f"{i18n.PSEUDO} is a test language); default: the setting, else "
                        "the system's")
    return p


def parse(argv: Sequence[str]) -> Options:
    """Parse flags into Options; raises UsageError with a one-line message."""
    ns = build_parser().parse_args(list(argv))
    opts = Options(**vars(ns))
    if opts.game is not None:
        info = GAMES[opts.game]
        if not info.available:
            raise UsageError(f"{info.name} is coming soon: its rules are not built yet")
        if opts.players is not None and opts.players not in info.player_counts:
            raise UsageError(f"{info.name} takes {info.min_players}-{info.max_players} "
                             f"players, not {opts.players}")
    elif opts.players is not None and not 2 <= opts.players <= 6:
        raise UsageError(f"--players must be between 2 and 6, not {opts.players}")
    if opts.phones is not None and opts.kiosk:
        raise UsageError("--phones does not go with --kiosk (a demo stand opens no port)")
    if opts.replay is not None and (opts.game is not None or opts.kiosk):
        raise UsageError("--replay does not go with --game or --kiosk")
    if opts.autoplay and opts.game is None and not opts.kiosk:
        raise UsageError("--autoplay needs --game ID (which game should the AI play?)")
    if opts.screenshot is not None:
        parent = opts.screenshot.expanduser().resolve().parent
        if not parent.is_dir():
            raise UsageError(f"cannot save a screenshot into {parent}: no such folder")
    return opts


def parse_or_exit(argv: Sequence[str]) -> Options:
    try:
        return parse(argv)
    except UsageError as exc:
        print(f"birdhouse: error: {exc}", file=sys.stderr)
        raise SystemExit(2)
