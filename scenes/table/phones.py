"""A table's phones: what each phone seat is shown, and the moves its phone sends back.

Every table has a :class:`PhoneDesk` (``table.desk``). Once a frame it takes what the
phones did from the hub (``game.phones``) and, when anything changed, publishes to each
phone a payload built from ``state.view(seat)`` alone, plus the table's public log lines
and what that seat itself chose or asked. A phone's move names one option of the
decision it was shown; the desk maps it back to the actions behind that option, and the
table plays them through the game contract when the rules ask that seat (so a tip made
early, while another seat is still tipping, waits its turn).

What a game shows on a phone is its own module, ``scenes/<id>/phone.py``, declaring
``PHONE``, a :class:`PhoneGame`: the hand and the seat's private information as
sections of cards and lines, the current decision as a tree of choices (multi-part moves
grouped: a species, then a row end), and how its card images are painted. It reads only
the view, the legal actions and the game's own card painters, never a table's internals.
A game without one gets plain buttons named by its rules' ``describe_action``.

Privacy by construction: the payload is a function of the view, the legal actions (a
function of the view, by the contract) and the follow-up moves of a grouped choice,
which are read from ``state.determinize(seat, ...)``, never from the real state, so no
deck order or other hand can leak into them. tests/test_phones.py checks it message by
message in whole games.
"""
from __future__ import annotations

import hashlib
import importlib
import random
import struct
import zlib
from dataclasses import dataclass, field
from itertools import count
from typing import Callable, Sequence

import pygame

from game.engine import GAMES, IllegalAction, rules_module
from game.phones import phone_device
from sprites import ui

LOG_LINES = 6          # the table log lines a phone shows
MAX_LEAVES = 600       # choices one decision tree may hold (grouping stops short of more)
IMAGE_CACHE = 600      # card images kept as PNG bytes (a few KB each)


# -- what a game module describes ----------------------------------------------------------
@dataclass(frozen=True)
class PhoneCard:
    image: str | None        # an image key the game's PhoneGame.image paints
    label: str
    count: int = 1


@dataclass(frozen=True)
class Section:
    """A titled block on the phone: cards and/or lines of text."""

    title: str
    cards: tuple[PhoneCard, ...] = ()
    lines: tuple[str, ...] = ()
    empty: str = ""


@dataclass
class Choice:
    """One option of a decision: a leaf plays ``actions`` (in order, each when the rules
    ask for it); a branch opens ``then``."""

    label: str
    detail: str = ""                 # what it does, in words (the TV's preview)
    image: str | None = None
    actions: tuple = ()
    then: "Ask | None" = None
    disabled: bool = False           # shown, not choosable (with the reason in detail)
    blank: bool = False              # a place in a grid with nothing to choose
    confirm: str = ""                # the confirm button's words ("Play this")


@dataclass
class Ask:
    prompt: str
    choices: list[Choice]
    layout: str = "buttons"          # "buttons", "cards" or "grid"
    cols: int = 0                    # grid columns


class Follow:
    """The legal moves after a prefix of the seat's own moves, read from a
    determinization for that seat (so they tell nothing the seat could not know).
    Grouping a decision stops wherever a move reveals something (a flip, a draw)."""

    def __init__(self, state, seat: int) -> None:
        self.seat = seat
        self._real = state
        self._base = None
        self._cache: dict[tuple, object] = {}

    def state(self, prefix: tuple):
        if prefix not in self._cache:
            if self._base is None:
                rng = random.Random(7919 * (self.seat + 1))
                self._base = self._real.determinize(self.seat, rng)
                self._real = None   # from here on only the determinization is read
            after = self._base.clone()
            try:
                for action in prefix:
                    after.apply(action)
            except IllegalAction:
                after = None
            self._cache[prefix] = after
        return self._cache[prefix]

    def legal(self, prefix: tuple) -> list:
        after = self.state(prefix)
        if after is None or after.is_terminal() or after.current_player != self.seat:
            return []
        return after.legal_actions()

    def view(self, prefix: tuple):
        after = self.state(prefix)
        return after.view(self.seat) if after is not None else None


class PhoneGame:
    """What one game shows on a phone. Subclasses fill these in from the view alone."""

    card_size = (200, 280)    # the painted size of a card image (phones are high-DPI)

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.rules = rules_module(game_id)

    def describe(self, action) -> str:
        describe = getattr(self.rules, "describe_action", None)
        return describe(action) if describe else str(action)

    def sections(self, view, names: Sequence[str], match) -> list[Section]:
        """The hand first, then the seat's private information. ``match`` (here and in
        :meth:`ask`, :meth:`early`) is the Match being played: its options include the
        ones the rules never see (``match.option(name)``), such as how much to show."""
        return []

    def ask(self, view, legal: list, follow: Follow, names: Sequence[str],
            match=None) -> Ask:
        """The decision the rules ask this seat for now, grouped for fingers."""
        return Ask("Your move", [Choice(self.describe(a), actions=(a,)) for a in legal])

    def early(self, view, names: Sequence[str], match=None) -> Ask | None:
        """A decision this seat may make before the rules reach it (Flip a Bird's tips:
        everyone tips at once), or None."""
        return None

    def scores(self, view) -> list[str | None]:
        """Each seat's score as this seat may know it (None: hidden)."""
        scores = getattr(view, "scores", None) or ()
        return [None if s is None else str(s) for s in scores]

    def waiting(self, view, names: Sequence[str]) -> str:
        """The turn line while another seat decides."""
        current = getattr(view, "current", None)
        if current is None:
            return "Game over"
        return f"{names[current]}'s turn"

    def image(self, key: str, assets, patterns: bool) -> pygame.Surface:
        """Paint the card image named ``key`` (keys come from this class's sections and
        choices) with the game's own card painters."""
        raise KeyError(key)

    def image_keys(self) -> list[str]:
        """Every image key a game may show, painted ahead while the table plays (one a
        frame), so a phone's first sight of a card costs no frame a hitch."""
        return []


def phone_game(game_id: str) -> PhoneGame:
    """The game's PhoneGame (``PHONE`` in scenes/<id>/phone.py), or plain buttons."""
    spec = GAMES[game_id]
    if spec.table:
        try:
            module = importlib.import_module(f"{spec.table}.phone")
        except ModuleNotFoundError as exc:
            if exc.name != f"{spec.table}.phone":
                raise
        else:
            return module.PHONE
    return PhoneGame(game_id)


# -- card images ---------------------------------------------------------------------------
_PNG: dict[tuple, tuple[str, bytes]] = {}


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as an RGBA PNG, written here with a fast zlib level: pygame's own
    PNG writer compresses hard and took 6-19 ms a card, on the game loop's thread."""
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA")
    stride = w * 4
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(rows, 3)) + _chunk(b"IEND", b""))


class ImageCache:
    """Card images as PNG, painted on the game loop's thread once per key and kept
    (bounded); the server only ever serves the bytes. Named by a digest of their bytes,
    so a phone caches each for good and a URL says nothing about the card."""

    def __init__(self, game: PhoneGame, assets, patterns: bool) -> None:
        self.game = game
        self.assets = assets
        self.patterns = patterns

    def has(self, key: str) -> bool:
        return (self.game.game_id, key, self.patterns) in _PNG

    def get(self, key: str) -> tuple[str, bytes]:
        full = (self.game.game_id, key, self.patterns)
        found = _PNG.get(full)
        if found is None:
            data = png_bytes(self.game.image(key, self.assets, self.patterns))
            found = (hashlib.sha256(data).hexdigest()[:32], data)
            if len(_PNG) >= IMAGE_CACHE:
                _PNG.pop(next(iter(_PNG)))
            _PNG[full] = found
        return found


def hex_colour(colour: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % tuple(colour[:3])


def seat_colour(match, seat: int) -> str:
    return hex_colour(ui.SEAT_COLOURS[match.seats[seat].colour % 6])


# -- payloads ------------------------------------------------------------------------------
@dataclass
class OpenAsk:
    """A decision a phone was shown: its id, when it was made and its leaves by path."""

    id: int
    moves: int
    early: bool
    tree: Ask
    leaves: dict[tuple, tuple] = field(default_factory=dict)


def make_ask(game: PhoneGame, state, seat: int, names: Sequence[str],
             match=None) -> tuple[Ask, bool] | None:
    """The decision for ``seat`` now: its turn's (False) or an early one (True), or None.
    Reads the view, the legal actions and a determinization for the seat only."""
    if state.is_terminal():
        return None
    view = state.view(seat)
    if state.current_player == seat:
        return game.ask(view, state.legal_actions(), Follow(state, seat), names,
                        match), False
    early = game.early(view, names, match)
    return (early, True) if early is not None else None


def leaves_of(ask: Ask, prefix: tuple = ()) -> dict[tuple, tuple]:
    out: dict[tuple, tuple] = {}
    for i, choice in enumerate(ask.choices):
        path = prefix + (i,)
        if choice.then is not None:
            out.update(leaves_of(choice.then, path))
        elif choice.actions and not (choice.disabled or choice.blank):
            out[path] = tuple(choice.actions)
    return out


def ask_json(ask: Ask, image_url: Callable[[str], str]) -> dict:
    options = []
    for choice in ask.choices:
        option: dict = {"label": choice.label}
        if choice.detail:
            option["detail"] = choice.detail
        if choice.image:
            option["img"] = image_url(choice.image)
        if choice.then is not None:
            option["then"] = ask_json(choice.then, image_url)
        if choice.disabled:
            option["disabled"] = True
        if choice.blank:
            option["blank"] = True
        if choice.confirm:
            option["confirm"] = choice.confirm
        options.append(option)
    out = {"prompt": ask.prompt, "layout": ask.layout, "options": options}
    if ask.cols:
        out["cols"] = ask.cols
    return out


def sections_json(sections: Sequence[Section], image_url: Callable[[str], str]) -> list[dict]:
    out = []
    for section in sections:
        item: dict = {"title": section.title}
        if section.cards:
            item["cards"] = [{"img": image_url(c.image) if c.image else None, "label": c.label,
                              "count": c.count} for c in section.cards]
        if section.lines:
            item["lines"] = list(section.lines)
        if section.empty:
            item["empty"] = section.empty
        out.append(item)
    return out


@dataclass
class SeatNews:
    """What the table adds to a seat's payload besides the view: its open decision,
    what it chose early, its hint, and whether play waits for its phone."""

    ask: OpenAsk | None = None
    queued: tuple = ()
    hint: tuple[tuple, str] | None = None
    hints_on: bool = False
    mine_soon: bool = False


def build_payload(game: PhoneGame, state, seat: int, match, log: Sequence[str],
                  news: SeatNews, image_url: Callable[[str], str]) -> dict:
    """Everything one phone shows, from ``state.view(seat)`` and public lines only."""
    view = state.view(seat)
    names = match.names
    sections = list(game.sections(view, names, match))
    if news.queued:
        sections.insert(0, Section("Your choice", lines=tuple(
            f"{game.describe(a)} (it counts when the rules reach you)" for a in news.queued)))
    current = state.current_player
    scores = game.scores(view)
    decision = None
    if news.ask is not None:
        decision = ask_json(news.ask.tree, image_url)
        decision["id"] = news.ask.id
        decision["hint"] = news.hints_on and not news.ask.early
        if news.hint is not None:
            decision["hint_path"] = list(news.hint[0])
            decision["hint_text"] = news.hint[1]
    if state.is_terminal():
        turn = "Game over: " + match.headline(state.winners())
    elif news.ask is not None and not news.ask.early:
        turn = "Your turn"
    elif news.ask is not None:
        turn = news.ask.tree.prompt
    elif current == seat:
        turn = "Your turn is next\u2026" if news.mine_soon else "Your turn"
    else:
        turn = game.waiting(view, names)
    return {
        "type": "state",
        "game": GAMES[state.game_id].name,
        "you": {"seat": seat, "name": names[seat], "colour": seat_colour(match, seat)},
        "turn": turn,
        "seats": [{"name": names[s], "colour": seat_colour(match, s),
                   "score": scores[s] if s < len(scores) else None,
                   "turn": s == current} for s in range(match.num_players)],
        "sections": sections_json(sections, image_url),
        "decision": decision,
        "log": list(log)[-LOG_LINES:],
        "over": state.is_terminal(),
    }


def lobby_payload(match, seat: int, game_name: str, note: str) -> dict:
    """What a phone shows in Seat setup: who it is and that the game has not begun."""
    return {"type": "state", "game": game_name,
            "you": {"seat": seat, "name": match.seats[seat].name,
                    "colour": seat_colour(match, seat)},
            "turn": note,
            "seats": [{"name": s.name, "colour": seat_colour(match, i), "score": None,
                       "turn": False} for i, s in enumerate(match.seats)],
            "sections": [], "decision": None, "log": [], "over": False}


# -- the table's side ----------------------------------------------------------------------
class PhoneDesk:
    """One per table: phone joins, moves and hints in; payloads out."""

    def __init__(self, table) -> None:
        self.table = table
        self.hub = getattr(table.ctx, "phones", None)
        self._game: PhoneGame | None = None
        self._images: ImageCache | None = None
        self.asks: dict[int, OpenAsk] = {}
        self.queue: dict[int, list] = {}
        self.hints: dict[int, tuple[tuple, str]] = {}
        self.hint_seat: int | None = None
        self._ids = count(1)
        self._sent: dict[int, tuple] = {}          # what each seat's last picture was made of
        self._last: dict[int, dict] = {}           # ... and that picture
        self._images_sent: dict[int, set[str]] = {}
        self._pending: dict[str, bytes] = {}
        self._to_warm: list[str] | None = None
        # tests and the bench watch what is published: (seat, payload, SeatNews or None)
        self.on_publish: Callable[[int, dict, "SeatNews | None"], None] | None = None

    @property
    def active(self) -> bool:
        return self.hub is not None and self.hub.running

    @property
    def game(self) -> PhoneGame:
        if self._game is None:
            self._game = phone_game(self.table.match.game_id)
        return self._game

    @property
    def images(self) -> ImageCache:
        patterns = bool(getattr(self.table.ctx.settings, "colour_patterns", True))
        if self._images is None or self._images.patterns != patterns:
            self._images = ImageCache(self.game, self.table.ctx.assets, patterns)
        return self._images

    # -- in ---------------------------------------------------------------------------------
    def pull(self) -> None:
        """Joins (a phone takes its seat, or takes it back), moves and hint requests."""
        if not self.active:
            return
        table = self.table
        n = table.match.num_players
        for event in self.hub.take():
            seat = event.seat
            if seat >= n:
                if event.kind == "join":
                    self.hub.error(seat, "That seat is not playing in this game.")
                continue
            if event.kind == "join":
                if table.owners.get(seat) != phone_device(seat):
                    table.seat_to(seat, phone_device(seat))
                self._sent.pop(seat, None)
                self._last.pop(seat, None)
                self._images_sent.pop(seat, None)   # a new phone has none of them yet
            elif event.kind == "move":
                self._move(seat, event.data)
            elif event.kind == "hint":
                self._hint(seat, event.data)

    def _move(self, seat: int, data) -> None:
        ask = self.asks.get(seat)
        if not self.table.is_phone(seat):
            self.hub.error(seat, "This seat is not played from this phone now.")
            return
        if ask is None or ask.id != data.get("decision"):
            self.hub.error(seat, "That choice is no longer open.", "stale")
            self._sent.pop(seat, None)
            return
        actions = ask.leaves.get(tuple(data.get("path", ())))
        if actions is None:
            self.hub.error(seat, "There is no such choice.")
            return
        self.queue[seat] = list(actions)
        del self.asks[seat]
        self.hints.pop(seat, None)
        self._sent.pop(seat, None)

    def _hint(self, seat: int, data) -> None:
        table = self.table
        ask = self.asks.get(seat)
        if (ask is None or ask.early or ask.id != data.get("decision")
                or table.phone_turn != seat or not table.hints_on):
            self.hub.error(seat, "No hint for this choice.")
            return
        if seat not in self.hints and self.hint_seat is None:
            self.hint_seat = seat
            table.request_hint()

    def hinted(self, seat: int, action, why: str) -> None:
        """The Hard AI's suggestion for a phone's decision: to that phone only."""
        self.hint_seat = None
        ask = self.asks.get(seat)
        if ask is None:
            return
        path = next((p for p, actions in ask.leaves.items() if actions[0] == action), None)
        if path is not None:
            self.hints[seat] = (path, why)
            self._sent.pop(seat, None)

    # -- the turn loop asks ----------------------------------------------------------------------
    def take_action(self, seat: int):
        """The next move the seat's phone chose, if any (the rules now ask for it)."""
        actions = self.queue.get(seat)
        if not actions:
            self.queue.pop(seat, None)
            return None
        action = actions.pop(0)
        if not actions:
            del self.queue[seat]
        return action

    def play(self, seat: int, action) -> bool:
        """Play a phone's move through the game contract; a refused one is an error on
        that phone and changes nothing."""
        table = self.table
        refused = ""
        if table.state.current_player != seat or action not in table.state.legal_actions():
            refused = "That move is not allowed now."
        elif not table.submit(action):   # IllegalAction from State.apply
            refused = "The game refused that move."
        if refused:
            self.queue.pop(seat, None)
            self.hub.error(seat, refused, "illegal")
            self._sent.pop(seat, None)
            return False
        return True

    def forget(self, seat: int) -> None:
        """The seat is no longer played from its phone (handed to a pad or the AI)."""
        self.queue.pop(seat, None)
        self.asks.pop(seat, None)
        self.hints.pop(seat, None)
        self._sent.pop(seat, None)

    def warm_step(self) -> bool:
        """Paint one card image not painted yet (while phones are on); False when all are."""
        if not self.active:
            return False
        if self._to_warm is None:
            self._to_warm = list(self.game.image_keys())
        images = self.images
        while self._to_warm:
            key = self._to_warm.pop()
            if not images.has(key):
                images.get(key)
                return True
        return False

    # -- out ------------------------------------------------------------------------------------
    def push(self) -> None:
        """Publish to every joined phone whose picture changed. A seat's picture is
        rebuilt only when what it is made of moved on (a move, a log line, its turn, its
        choice or hint), and sent only if it differs from the last one sent."""
        if not self.active:
            return
        table = self.table
        log = tuple(table.log_lines)[-LOG_LINES:]
        common = (table.moves_played, log, table.hints_on)
        for seat in sorted(self.hub.joined):
            if seat >= table.match.num_players:
                continue
            if not table.is_phone(seat):
                self._publish_away(seat)
                continue
            old = self.asks.get(seat)
            key = (common, table.phone_turn == seat, old.id if old else None,
                   tuple(self.queue.get(seat, ())), self.hints.get(seat),
                   table.match.seats[seat])
            if self._sent.get(seat) == key:
                continue
            ask = self._current_ask(seat)
            self._sent[seat] = key[:2] + (ask.id if ask else None,) + key[3:]
            news = SeatNews(ask, tuple(self.queue.get(seat, ())), self.hints.get(seat),
                            table.hints_on, table.phone_turn != seat)
            payload = build_payload(self.game, table.state, seat, table.match, log, news,
                                    self._url_for(seat))
            if payload != self._last.get(seat):
                self._last[seat] = payload
                self._publish(seat, payload, news)
        self.warm_step()

    def _current_ask(self, seat: int) -> OpenAsk | None:
        """The seat's open decision, made anew when the game moved on."""
        table = self.table
        state = table.state
        if seat in self.queue:
            self.asks.pop(seat, None)
            return None
        ask = self.asks.get(seat)
        if (ask is not None and ask.moves == table.moves_played
                and (ask.early or table.phone_turn == seat)):
            return ask
        self.asks.pop(seat, None)
        if state.current_player == seat and table.phone_turn != seat:
            return None   # its turn has not begun on the table (animations first)
        made = make_ask(self.game, state, seat, table.names, table.match)
        if made is None:
            return None
        tree, early = made
        leaves = leaves_of(tree)
        if len(leaves) > MAX_LEAVES:
            table.ctx.log.warning("Phone decision with %d choices trimmed", len(leaves))
        ask = OpenAsk(next(self._ids), table.moves_played, early, tree, leaves)
        self.asks[seat] = ask
        self.hints.pop(seat, None)
        return ask

    def _url_for(self, seat: int) -> Callable[[str], str]:
        self._pending: dict[str, bytes] = {}
        sent = self._images_sent.setdefault(seat, set())

        def url(key: str) -> str:
            digest, data = self.images.get(key)
            if digest not in sent:
                self._pending[digest] = data
            return f"/img/{digest}.png"
        return url

    def _publish(self, seat: int, payload: dict, news: "SeatNews | None" = None) -> None:
        images, self._pending = self._pending, {}
        self._images_sent.setdefault(seat, set()).update(images)
        self.hub.publish(seat, payload, images)
        if self.on_publish is not None:
            self.on_publish(seat, payload, news)

    def _publish_away(self, seat: int) -> None:
        key = ("away", self.table.owners.get(seat))
        if self._sent.get(seat) == key:
            return
        self._sent[seat] = key
        self._last.pop(seat, None)
        who = "the AI" if not self.table.is_human(seat) else "a controller"
        match = self.table.match
        self._pending = {}
        self._publish(seat, lobby_payload(match, seat, GAMES[match.game_id].name,
                                          f"Your seat is played by {who} now. Scan your "
                                          "seat's code again to take it back."))
