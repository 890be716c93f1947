"""Phones in a real browser: `python -m tools.phone_check OUTDIR [--games ...] [--taps N]`.

Runs Birdhouse headless in this process (the game loop in the main thread, the phone
server on loopback) and drives two headless Chromium windows with Selenium, as two people
with phones would: each opens its seat's join link from Seat setup, the game starts, and
each taps through its own decisions (an option, then the confirm button) for a few turns
of every game; a screenshot of each phone is saved as OUTDIR/<game>-seat<N>.png.

A developer tool, so its browser dependencies are not in requirements.txt:
`apt-get install -y chromium chromium-driver` (Debian) and `pip install selenium`.
Chromium is started headless, sandbox and GPU off, with a fresh profile per phone and no
background networking: everything stays on loopback.
"""
from __future__ import annotations

import argparse
import os
import queue
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SE_AVOID_STATS", "true")

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
GAMES = {"cubirds": 2, "flip_a_bird": 3, "flappy_families": 2, "yard_birbs": 3}
PHONE_SIZE = (412, 1500)     # a phone's width; tall, so a screenshot shows the whole page


def browser(profile: Path):
    """One headless Chromium 'phone' (Selenium, the system's chromium and chromedriver)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars",
                 f"--user-data-dir={profile}", f"--window-size={PHONE_SIZE[0]},{PHONE_SIZE[1]}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


class Game:
    """The game loop's side: commands from the browser thread run between frames."""

    def __init__(self, app) -> None:
        self.app = app
        self.commands: queue.Queue = queue.Queue()
        self.facts: dict = {}
        self.lock = threading.Lock()

    def call(self, fn, timeout: float = 20.0):
        """Run ``fn(app)`` on the game loop's thread and return its result."""
        done: queue.Queue = queue.Queue()
        self.commands.put((fn, done))
        ok, value = done.get(timeout=timeout)
        if not ok:
            raise value
        return value

    def on_frame(self, app) -> None:
        while True:
            try:
                fn, done = self.commands.get_nowait()
            except queue.Empty:
                break
            try:
                done.put((True, fn(app)))
            except Exception as exc:  # noqa: BLE001 - handed back to the caller
                done.put((False, exc))
        time.sleep(0.004)   # leave the browsers some CPU (headless frames are not capped)


def seat_setup(game_id: str, seats: int):
    def open_it(app):
        from scenes.seat_setup import SeatSetup
        from scenes.title import Title

        app.stack.reset(Title(app.ctx))
        app.ctx.session.phones_on = True
        scene = SeatSetup(app.ctx, game_id)
        app.stack.push(scene)
        scene._set_count(seats - scene.info.min_players)
        for i, seat in enumerate(scene.seats):       # the keyboard leaves: AI or phones
            if seat.human and not seat.device.startswith("phone:"):
                scene.leave(seat.device)
        return [app.ctx.phones.url(s) for s in range(seats)]
    return open_it


def joined(app) -> set:
    return set(app.ctx.phones.connected)


def start(app) -> None:
    app.stack.top.start()


def table_facts(app) -> dict:
    from scenes.table import TableScene

    table = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
    if table is None:
        return {}
    return {"moves": table.moves_played, "current": table.state.current_player,
            "over": table.state.is_terminal(), "top": type(app.stack.top).__name__}


def tap_once(driver, turn: int) -> str:
    """Tap through the open decision on this phone: an option (into any sub-choice),
    then the confirm button; every third decision takes the last option at the top (a
    claim in Flip a Bird). Returns what was tapped ('' if nothing was open)."""
    from selenium.webdriver.common.by import By

    tapped = []
    for _ in range(8):
        if not driver.find_element(By.ID, "decision").is_displayed():
            break
        confirm = driver.find_element(By.ID, "confirm")
        if confirm.is_displayed() and confirm.is_enabled():
            confirm.click()
            tapped.append("confirm")
            break
        options = [b for b in driver.find_elements(By.CSS_SELECTOR, "#options button.opt")
                   if b.is_enabled()]
        if not options:
            break
        choice = options[-1] if not tapped and turn % 3 == 2 else options[0]
        label = (choice.text or choice.get_attribute("data-index") or "?").split("\n")[0]
        choice.click()
        tapped.append(label[:30])
        time.sleep(0.05)
    return " > ".join(tapped)


def check(game: Game, out: Path, games: list[str], taps: int) -> int:
    """The browser thread: join two phones per game, tap, screenshot."""
    from selenium.webdriver.common.by import By

    failures = 0
    profiles = [Path(tempfile.mkdtemp(prefix="birdhouse-phone-")) for _ in range(2)]
    phones = [browser(p) for p in profiles]
    try:
        for game_id in games:
            seats = GAMES[game_id]
            urls = game.call(seat_setup(game_id, seats))
            for driver, url in zip(phones, urls[:2]):
                driver.get(url)
            end = time.monotonic() + 15
            while game.call(joined) != {0, 1} and time.monotonic() < end:
                time.sleep(0.1)
            if game.call(joined) != {0, 1}:
                print(f"{game_id}: FAIL the phones did not join")
                failures += 1
                continue
            lobby = phones[0].find_element(By.ID, "turn").text
            print(f"{game_id}: 2 phones joined (seat 1 shows {lobby!r})")
            game.call(start)
            done = [0, 0]
            end = time.monotonic() + 90
            while min(done) < taps and time.monotonic() < end:
                facts = game.call(table_facts)
                if facts.get("over"):
                    break
                for i, driver in enumerate(phones):
                    what = tap_once(driver, done[i])
                    if what:
                        done[i] += 1
                        print(f"  seat {i + 1} tapped: {what}")
                time.sleep(0.15)
            facts = game.call(table_facts)
            time.sleep(0.8)
            for i, driver in enumerate(phones):
                path = out / f"{game_id}-seat{i + 1}.png"
                driver.save_screenshot(str(path))
                errors = driver.find_element(By.ID, "toast").get_attribute("hidden")
                print(f"  seat {i + 1}: {done[i]} decisions tapped; "
                      f"turn line {driver.find_element(By.ID, 'turn').text!r}; "
                      f"{'no error shown' if errors is not None else 'AN ERROR IS SHOWN'}; "
                      f"screenshot {path}")
            ok = min(done) >= 1 and facts.get("moves", 0) > 0
            print(f"{game_id}: {'ok' if ok else 'FAIL'} ({facts.get('moves', 0)} moves on the "
                  f"table, TV top scene {facts.get('top')})")
            failures += not ok
    finally:
        for driver in phones:
            driver.quit()
        for profile in profiles:
            shutil.rmtree(profile, ignore_errors=True)
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.phone_check")
    parser.add_argument("out", type=Path, help="folder for the phone screenshots")
    parser.add_argument("--games", default=",".join(GAMES), help="comma list of games")
    parser.add_argument("--taps", type=int, default=4, help="decisions each phone makes")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"phone_check: unknown game {unknown[0]!r}", file=sys.stderr)
        return 2
    for need in (CHROMIUM, DRIVER):
        if not Path(need).exists():
            print(f"phone_check: {need} is missing (apt-get install -y chromium "
                  "chromium-driver)", file=sys.stderr)
            return 2
    args.out.mkdir(parents=True, exist_ok=True)

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game.app import App
    from game.cli import Options
    from scenes.start import routes
    from scenes.title import Title

    settings = Path(tempfile.mkdtemp(prefix="birdhouse-check-")) / "settings.json"
    app = App(Options(headless=True), settings_path=settings, routes=routes())
    app.ctx.settings.ai_speed = "fast"
    app.ctx.phones.host = "127.0.0.1"      # loopback only: nothing leaves this machine
    app.ctx.phones.port = 0
    game = Game(app)
    app.on_frame = game.on_frame
    result: dict = {}

    def browse() -> None:
        try:
            result["failures"] = check(game, args.out, games, args.taps)
        except Exception as exc:  # noqa: BLE001 - reported, then the game stops
            result["error"] = exc
        finally:
            game.call(lambda a: a.quit())

    thread = threading.Thread(target=browse, name="browsers", daemon=True)
    thread.start()
    app.run(Title(app.ctx))
    thread.join(10)
    if "error" in result:
        print(f"phone_check: {type(result['error']).__name__}: {result['error']}")
        return 1
    failures = result.get("failures", 1)
    print(f"phone_check: {len(games) - failures} of {len(games)} games ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
