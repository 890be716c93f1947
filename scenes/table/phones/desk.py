"""The table's side of its phones: :class:`PhoneDesk`, one per table (``table.desk``).
Once a frame it takes joins, moves and hint requests from the hub (``game.phones``),
maps a phone's chosen option back to the actions behind it for the turn loop, and
publishes each joined phone its payload when what it is made of changed."""
from __future__ import annotations

from itertools import count
from typing import Callable

from game.engine import GAMES
from game.phones import phone_device
from scenes.table.phones.api import PhoneGame, phone_game
from scenes.table.phones.images import ImageCache
from scenes.table.phones.payloads import (LOG_LINES, OpenAsk, SeatNews, build_payload,
                                          leaves_of, lobby_payload, make_ask)
from game.i18n import _

MAX_LEAVES = 600       # choices one decision tree may hold (grouping stops short of more)


class PhoneDesk:
    """One per table: phone joins, moves and hints in; payloads out."""

    def __init__(self, table) -> None:
        self.table = table
        self.hub = table.ctx.phones
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
        patterns = bool(self.table.ctx.settings.colour_patterns)
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
                    self.hub.error(seat, _("That seat is not playing in this game."))
                continue
            if event.kind == "join":
                if table.couch.owners.get(seat) != phone_device(seat):
                    table.couch.seat_to(seat, phone_device(seat))
                self._sent.pop(seat, None)
                self._last.pop(seat, None)
                self._images_sent.pop(seat, None)   # a new phone has none of them yet
            elif event.kind == "move":
                self._move(seat, event.data)
            elif event.kind == "hint":
                self._hint(seat, event.data)

    def _move(self, seat: int, data) -> None:
        ask = self.asks.get(seat)
        if not self.table.couch.is_phone(seat):
            self.hub.error(seat, _("This seat is not played from this phone now."))
            return
        if ask is None or ask.id != data.get("decision"):
            self.hub.error(seat, _("That choice is no longer open."), "stale")
            self._sent.pop(seat, None)
            return
        actions = ask.leaves.get(tuple(data.get("path", ())))
        if actions is None:
            self.hub.error(seat, _("There is no such choice."))
            return
        self.queue[seat] = list(actions)
        del self.asks[seat]
        self.hints.pop(seat, None)
        self._sent.pop(seat, None)

    def _hint(self, seat: int, data) -> None:
        table = self.table
        ask = self.asks.get(seat)
        if (ask is None or ask.early or ask.id != data.get("decision")
                or table.turn.phone_turn != seat or not table.hints_on):
            self.hub.error(seat, _("No hint for this choice."))
            return
        if seat not in self.hints and self.hint_seat is None:
            self.hint_seat = seat
            table.hints.request_hint()

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
            refused = _("That move is not allowed now.")
        elif not table.submit(action):   # IllegalAction from State.apply
            refused = _("The game refused that move.")
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
        log = tuple(table.log_book.log_lines)[-LOG_LINES:]
        common = (table.moves_played, log, table.hints_on)
        for seat in sorted(self.hub.joined):
            if seat >= table.match.num_players:
                continue
            if not table.couch.is_phone(seat):
                self._publish_away(seat)
                continue
            old = self.asks.get(seat)
            key = (common, table.turn.phone_turn == seat, old.id if old else None,
                   tuple(self.queue.get(seat, ())), self.hints.get(seat),
                   table.match.seats[seat])
            if self._sent.get(seat) == key:
                continue
            ask = self._current_ask(seat)
            self._sent[seat] = key[:2] + (ask.id if ask else None,) + key[3:]
            news = SeatNews(ask, tuple(self.queue.get(seat, ())), self.hints.get(seat),
                            table.hints_on, table.turn.phone_turn != seat)
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
                and (ask.early or table.turn.phone_turn == seat)):
            return ask
        self.asks.pop(seat, None)
        if state.current_player == seat and table.turn.phone_turn != seat:
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
        key = ("away", self.table.couch.owners.get(seat))
        if self._sent.get(seat) == key:
            return
        self._sent[seat] = key
        self._last.pop(seat, None)
        if self.table.couch.is_human(seat):
            note = _("Your seat is played by a controller now. Scan your seat's code again "
                     "to take it back.")
        else:
            note = _("Your seat is played by the AI now. Scan your seat's code again to "
                     "take it back.")
        match = self.table.match
        self._pending = {}
        self._publish(seat, lobby_payload(match, seat, GAMES[match.game_id].name, note))
