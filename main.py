"""Birdhouse: four bird card games for the couch. Run `python main.py --help` for flags."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str]) -> int:
    from game.cli import parse_or_exit

    options = parse_or_exit(argv)
    if options.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import App
    from game.display import DisplayError
    from scenes.start import first_scene, routes

    try:
        app = App(options, routes=routes())
    except DisplayError as exc:   # nothing to show the game on: one line, like a bad flag
        print(f"birdhouse: error: {exc}", file=sys.stderr)
        return 2
    refused: tuple[type[Exception], ...] = ()
    if options.replay is not None:   # (the replay machinery loads only for a replay)
        from game.replay import ReplayError
        refused = (ReplayError,)
    try:
        scene = first_scene(app.ctx)
    except refused as exc:    # --replay of a file or match that cannot be watched
        print(f"birdhouse: error: {exc}", file=sys.stderr)
        app.finish()
        return 2
    return app.run(scene)


def entry() -> None:
    """The installed ``birdhouse`` command (pyproject.toml's console script)."""
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    entry()
