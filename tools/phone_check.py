"""Phones in a real browser: `python -m tools.phone_check OUTDIR [--games ...] [--taps N]`
or `python -m tools.phone_check OUTDIR --whole [--games cubirds,flip_a_bird]`.

Runs Birdhouse headless in this process (the game loop in the main thread, the phone
server on loopback) and drives two headless Chromium windows with Selenium, as two people
with phones would: each opens its seat's join link from Seat setup, the game starts, and
each taps through its own decisions (an option, then the confirm button) for a few turns
of every game; a screenshot of each phone (a 412 px wide phone screen, the whole page) is
saved as OUTDIR/<game>-seat<N>.png.

``--whole`` plays whole games instead (CuBirds and Flip a Bird unless --games says
otherwise), every choice tapped on the phones: Flip a Bird's tips, a hint, and once a game
the second phone leaves the page (its WebSocket closes) until the TV asks "Waiting for
Wren's phone", then opens its link again and plays on. It fails if a privacy screen ever
shows on the TV, if the TV does not ask for the gone phone or does not close that question
when it is back, or if the game does not end. TV pictures: OUTDIR/<game>-tv.png (a phone
deciding), <game>-tv-waiting.png (the phone gone); phone pages as they first show each
kind of decision: <game>-seat<N>-<prompt>.png, and at the end <game>-seat<N>-end.png.

A developer tool, so its browser dependencies are not in requirements.txt:
`apt-get install -y chromium chromium-driver` (Debian) and `pip install selenium`.
Chromium is started headless, sandbox and GPU off, with a fresh profile per phone and no
background networking: everything stays on loopback.
"""
from __future__ import annotations

import argparse
import os
import queue
import random
import re
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

from game.engine import GAMES as REGISTRY  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
# every registered game, at its fewest players (a fifth game is checked without an edit)
GAMES = {game_id: spec.min_players for game_id, spec in REGISTRY.items()}
PHONE_SIZE = (412, 915)      # CSS pixels of a common phone screen (emulated, touch on)
WHOLE_GAMES = ("cubirds", "flip_a_bird")


def browser(profile: Path):
    """One headless Chromium 'phone' (Selenium, the system's chromium and chromedriver)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars",
                 f"--user-data-dir={profile}", "--window-size=600,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    # a headless window is never narrower than 500 px: emulate the phone's screen instead
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": PHONE_SIZE[0], "height": PHONE_SIZE[1], "deviceScaleFactor": 1,
        "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    return driver


def screenshot(driver, path: Path, whole_page: bool = True) -> None:
    """The phone's screen as a PNG: the whole page (scrolled parts too), or what shows."""
    import base64

    if not whole_page:
        driver.save_screenshot(str(path))
        return
    height = driver.execute_script(
        "return Math.max(document.documentElement.scrollHeight, window.innerHeight)")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": PHONE_SIZE[0], "height": height, "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


class Game:
    """The game loop's side: commands from the browser thread run between frames."""

    def __init__(self, app) -> None:
        self.app = app
        self.commands: queue.Queue = queue.Queue()
        self.facts: dict = {}
        self.lock = threading.Lock()
        self.seen: set[str] = set()     # every scene class stacked since the last reset

    def call(self, fn, timeout: float = 20.0):
        """Run ``fn(app)`` on the game loop's thread and return its result."""
        done: queue.Queue = queue.Queue()
        self.commands.put((fn, done))
        ok, value = done.get(timeout=timeout)
        if not ok:
            raise value
        return value

    def on_frame(self, app) -> None:
        self.seen.update(type(scene).__name__ for scene in app.stack.scenes)
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
    from scenes.table.scene import TableScene

    table = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
    if table is None:
        return {}
    return {"moves": table.moves_played, "current": table.state.current_player,
            "over": table.state.is_terminal(), "top": type(app.stack.top).__name__,
            "deciding": table.phone_deciding, "scores": table.state.scores(),
            "winners": table.state.winners()}


def tv_shot(path: Path):
    def save(app) -> list[str]:
        app.save_screenshot(path)
        return [type(scene).__name__ for scene in app.stack.scenes]
    return save


def press(driver, element) -> None:
    """Scroll a button to the middle of the screen, as a thumb would, and tap it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def tap_once(driver, turn: int, rng=None, before=None) -> str:
    """Tap through the open decision on this phone: an option (into any sub-choice),
    then the confirm button; every third decision takes the last option at the top (a
    claim in Flip a Bird), or with ``rng`` a random option. ``before(driver, prompt)``
    is called first, while the decision is on screen. Returns what was tapped ('' if
    nothing was open)."""
    from selenium.webdriver.common.by import By

    if before is not None and driver.find_element(By.ID, "decision").is_displayed():
        before(driver, driver.find_element(By.ID, "prompt").text)
    tapped = []
    for _ in range(8):
        if not driver.find_element(By.ID, "decision").is_displayed():
            break
        confirm = driver.find_element(By.ID, "confirm")
        if confirm.is_displayed() and confirm.is_enabled():
            press(driver, confirm)
            tapped.append("confirm")
            break
        options = [b for b in driver.find_elements(By.CSS_SELECTOR, "#options button.opt")
                   if b.is_enabled()]
        if not options:
            break
        if rng is not None:
            choice = rng.choice(options)
        else:
            choice = options[-1] if not tapped and turn % 3 == 2 else options[0]
        label = (choice.text or choice.get_attribute("data-index") or "?").split("\n")[0]
        press(driver, choice)
        tapped.append(label[:30])
        time.sleep(0.05)
    return " > ".join(tapped)


def slug(text: str) -> str:
    """A file name part for a prompt: no names or numbers, so one picture per kind."""
    words = re.sub(r"[^a-z ]+", " ", text.lower()).split()
    return "-".join(w for w in words if w not in NAMES)[:40] or "decision"


NAMES = {"robin", "wren", "finch", "lark", "jay", "kestrel", "s"}   # seat names (and "'s")


def whole_game(game: Game, out: Path, game_id: str, phones: list, urls: list[str],
               seed: int, limit: float) -> bool:
    """Play one whole game from the two phones (random taps), drop the second phone's
    connection once and bring it back; True if all went as a player would expect."""
    from selenium.webdriver.common.by import By

    rng = random.Random(seed)
    game.call(lambda app: game.seen.clear())
    game.call(start)
    done, tips, errors = [0, 0], [0, 0], []
    shots: list[set] = [set(), set()]
    kinds: list[dict] = [{}, {}]            # the kinds of decision each phone was shown
    hint: dict = {}
    phase, drop_at, since = "before", rng.randint(8, 14), 0.0
    tv_deciding = False
    problems: list[str] = []

    def before(i: int):
        def look(driver, prompt: str) -> None:
            name = slug(prompt)
            kinds[i][name] = kinds[i].get(name, 0) + 1
            if name not in shots[i] and len(shots[i]) < 6:
                shots[i].add(name)
                screenshot(driver, out / f"{game_id}-seat{i + 1}-{name}.png")
            button = driver.find_element(By.ID, "hint")
            if i == 0 and not hint and button.is_displayed() and button.is_enabled():
                press(driver, button)
                hint["asked"] = prompt
                end = time.monotonic() + 10
                text = driver.find_element(By.ID, "hinttext")
                while not text.is_displayed() and time.monotonic() < end:
                    time.sleep(0.1)
                hint["text"] = text.text if text.is_displayed() else ""
                print(f"  seat 1 asked for a hint ({prompt!r}): {hint['text'] or 'NO ANSWER'}")
                if not hint["text"]:
                    problems.append("the hint did not answer")
        return look

    end = time.monotonic() + limit
    facts: dict = {}
    while time.monotonic() < end:
        facts = game.call(table_facts) or facts
        if facts.get("over"):
            break
        now = time.monotonic()
        if not tv_deciding and facts.get("deciding") and facts.get("top", "").endswith("Table"):
            scenes = game.call(tv_shot(out / f"{game_id}-tv.png"))
            print(f"  TV while seat {facts['current'] + 1} decides on a phone: "
                  f"{out / f'{game_id}-tv.png'} (scenes {', '.join(scenes)})")
            tv_deciding = True
        if phase == "before" and facts.get("moves", 0) >= drop_at:
            phones[1].get("about:blank")          # the page is gone: its WebSocket closes
            phase, since = "gone", now
            print(f"  seat 2's phone leaves the page after {facts['moves']} moves")
        elif phase == "gone" and facts.get("top") == "PhoneWaiting":
            path = out / f"{game_id}-tv-waiting.png"
            scenes = game.call(tv_shot(path))
            print(f"  TV after {now - since:.1f} s: {path} (scenes {', '.join(scenes)})")
            phones[1].get(urls[1])
            phase, since = "back", time.monotonic()
        elif phase == "gone" and now - since > 180:
            problems.append("the TV never asked for the gone phone")
            phones[1].get(urls[1])
            phase, since = "back", time.monotonic()
        elif phase == "back":
            if 1 in game.call(joined) and facts.get("top") != "PhoneWaiting":
                print(f"  seat 2's phone is back after {now - since:.1f} s; the TV plays on")
                phase = "done"
            elif now - since > 30:
                problems.append("the phone did not come back, or the TV kept waiting")
                phase = "done"
        for i, driver in enumerate(phones):
            if i == 1 and phase == "gone":
                continue
            what = tap_once(driver, done[i], rng, before(i))
            if what:
                done[i] += 1
                tips[i] += what.startswith("Tip ")
            if driver.find_element(By.ID, "toast").is_displayed():
                message = driver.find_element(By.ID, "toast").text
                if message not in errors:
                    errors.append(message)
        time.sleep(0.1)
    time.sleep(0.6)
    for i, driver in enumerate(phones):
        path = out / f"{game_id}-seat{i + 1}-end.png"
        screenshot(driver, path)
        print(f"  seat {i + 1}: {done[i]} decisions tapped ({tips[i]} tips); turn line "
              f"{driver.find_element(By.ID, 'turn').text!r}; end screenshot {path}")
        print("    decisions shown: " + ", ".join(f"{k} x{n}" for k, n in sorted(kinds[i].items())))
    privacy = "PrivacyScreen" in game.seen
    waited = "PhoneWaiting" in game.seen
    if not facts.get("over"):
        problems.append(f"the game did not end within {limit:.0f} s")
    if privacy:
        problems.append("a privacy screen was shown on the TV")
    if not waited:
        problems.append("no 'Waiting for ...'s phone' on the TV")
    if phase != "done":
        problems.append("the dropped phone did not come back")
    if game_id == "flip_a_bird" and not sum(tips):
        problems.append("no tip was made on a phone")
    if errors:
        print(f"  errors the phones showed: {errors}")
    print(f"  {facts.get('moves', 0)} moves, scores {facts.get('scores')}, winners "
          f"{facts.get('winners')}; privacy screens on the TV: {'YES' if privacy else 'none'}")
    for problem in problems:
        print(f"  FAIL: {problem}")
    return not problems


def check(game: Game, out: Path, games: list[str], taps: int, whole: bool = False,
          seed: int = 1, limit: float = 900.0) -> int:
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
            if whole:
                ok = whole_game(game, out, game_id, phones, urls, seed, limit)
                print(f"{game_id}: {'ok' if ok else 'FAIL'} (a whole game)")
                failures += not ok
                continue
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
                screenshot(driver, path)
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
    parser.add_argument("--whole", action="store_true",
                        help="whole games (default CuBirds and Flip a Bird), a phone dropped "
                             "and back, the TV checked for privacy screens")
    parser.add_argument("--seed", type=int, default=1, help="the phones' random taps")
    parser.add_argument("--limit", type=float, default=900.0,
                        help="seconds a whole game may take")
    args = parser.parse_args(argv)
    if args.whole and args.games == ",".join(GAMES):
        args.games = ",".join(WHOLE_GAMES)
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
    from game.store import Store
    from scenes.start import routes
    from scenes.title import Title

    settings = Path(tempfile.mkdtemp(prefix="birdhouse-check-")) / "settings.json"
    app = App(Options(headless=True), settings_path=settings, routes=routes(),
              store=Store.disabled())      # a check saves no games in the player's history
    app.ctx.settings.ai_speed = "fast"
    app.ctx.phones.host = "127.0.0.1"      # loopback only: nothing leaves this machine
    app.ctx.phones.port = 0
    game = Game(app)
    app.on_frame = game.on_frame
    result: dict = {}

    def browse() -> None:
        try:
            result["failures"] = check(game, args.out, games, args.taps, args.whole,
                                       args.seed, args.limit)
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
