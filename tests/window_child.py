"""Birdhouse in a real window, for tests that need a real X server (tests/test_window.py).

    python -m tests.window_child [--pads SCRIPT] [--seconds S] [main.py flags]

Runs the real app (not headless) and prints, one line each, READY when the first frame
is on screen and SCENE <name> whenever the top scene changes, so a test can follow
what a person would see; ``--pads`` plays a virtual-pad script (tests/vpads.py) from a
second thread, through SDL's own controller path.
"""
from __future__ import annotations

import sys
import threading
import time


def main(argv: list[str]) -> int:
    pads_script, seconds, rest = "", 8.0, []
    args = iter(argv)
    for arg in args:
        if arg == "--pads":
            pads_script = next(args)
        elif arg == "--seconds":
            seconds = float(next(args))
        else:
            rest.append(arg)
    from game.app import App
    from game.cli import parse
    from scenes.start import first_scene, routes
    from tests.vpads import VirtualPads, run_script

    def say(line: str) -> None:
        print(line, flush=True)

    app = App(parse(rest), routes=routes())
    shown = {"top": None, "start": time.monotonic(), "ready": False}

    def watch(app) -> None:
        if not shown["ready"] and app.frames_shown:
            shown["ready"] = True
            say("READY")
            if pads_script:
                threading.Thread(target=run_script, args=(pads_script, VirtualPads(), say),
                                 daemon=True).start()
        name = app.stack.top.name if app.stack.top is not None else None
        if name != shown["top"]:
            shown["top"] = name
            say(f"SCENE {name}")
        if time.monotonic() - shown["start"] > seconds:
            app.quit()

    app.on_frame = watch
    return app.run(first_scene(app.ctx))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
