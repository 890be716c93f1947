"""The toy game's rules: a tiny hidden-hand game that proves the contract kit and the
whole path of a fifth game (tests/toy/ is its one package; not a Birdhouse game).

Seed Swap: each seat holds hidden number cards; on your turn play one onto the public
pile (score its value if it beats the top card) or draw from the deck while you hold
fewer than four. The game ends when the deck and every hand are empty.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import (Event, GameOver, State, child_rng, copy_rng, ranked_winners,
                         rng_from_json, rng_to_json, seat_label)


@dataclass(frozen=True)
class Play:
    card: int


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: int
    scored: bool

    def describe(self, names=None) -> str:
        gain = " and scores" if self.scored else ""
        return f"{seat_label(self.seat, names)} plays {self.card}{gain}."


@dataclass(frozen=True)
class Drew(Event):
    seat: int
    card: int  # private to the drawer; describe() keeps it out of the log

    def describe(self, names=None) -> str:
        return f"{seat_label(self.seat, names)} draws a card."


@dataclass(frozen=True)
class ToyView:
    seat: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile: tuple[int, ...]
    deck_size: int
    points: tuple[int, ...]
    current: int | None


class ToyState(State):
    game_id = "toy"

    def __init__(self, num_players: int, rng: random.Random) -> None:
        self.num_players = num_players
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.deck: list[int] = []
        self.pile: list[int] = []
        self.points = [0] * num_players
        self.current_player: int | None = 0
        self._legal_cache = None

    def _legal_actions(self) -> list:
        hand = self.hands[self.current_player]
        actions: list = [Play(c) for c in sorted(set(hand))]
        if self.deck and len(hand) < 4:
            actions.append(Draw())
        return actions

    def _apply(self, action) -> list[Event]:
        seat = self.current_player
        events: list[Event] = []
        if isinstance(action, Draw):
            card = self.deck.pop()
            self.hands[seat].append(card)
            events.append(Drew(seat, card))
        else:
            scored = not self.pile or action.card > self.pile[-1]
            self.hands[seat].remove(action.card)
            self.pile.append(action.card)
            if scored:
                self.points[seat] += action.card
            events.append(Played(seat, action.card, scored))
        if not self.deck and not any(self.hands):
            self.current_player = None
            events.append(GameOver(tuple(self.winners()), "the cards ran out"))
        else:
            nxt = (seat + 1) % self.num_players
            while not self.hands[nxt] and not self.deck:
                nxt = (nxt + 1) % self.num_players
            self.current_player = nxt
        return events

    def is_terminal(self) -> bool:
        return self.current_player is None

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        return ranked_winners(self.points) if self.is_terminal() else []

    def view(self, player):
        hand = tuple(sorted(self.hands[player])) if player is not None else ()
        return ToyView(player, hand, tuple(len(h) for h in self.hands), tuple(self.pile),
                       len(self.deck), tuple(self.points), self.current_player)

    def determinize(self, player, rng):
        new = self.clone()
        pool = sorted(c for s, h in enumerate(self.hands) if s != player for c in h)
        pool += sorted(self.deck)
        pool.sort()
        rng.shuffle(pool)
        for s in range(self.num_players):
            if s != player:
                size = len(self.hands[s])
                new.hands[s] = [pool.pop() for _ in range(size)]
        new.deck = pool
        new.rng = child_rng(rng)
        return new

    def clone(self):
        new = ToyState(self.num_players, copy_rng(self.rng))
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.pile = list(self.pile)
        new.points = list(self.points)
        new.current_player = self.current_player
        return new

    def to_dict(self) -> dict:
        return {"game_id": self.game_id, "num_players": self.num_players,
                "hands": [list(h) for h in self.hands], "deck": list(self.deck),
                "pile": list(self.pile), "points": list(self.points),
                "current": self.current_player, "rng": rng_to_json(self.rng)}

    @classmethod
    def from_dict(cls, data: dict):
        new = cls(data["num_players"], rng_from_json(data["rng"]))
        new.hands = [list(h) for h in data["hands"]]
        new.deck = list(data["deck"])
        new.pile = list(data["pile"])
        new.points = list(data["points"])
        new.current_player = data["current"]
        return new


def new_toy(num_players: int, seed: int | None = None) -> ToyState:
    state = ToyState(num_players, random.Random(seed))
    deck = list(range(1, 16))
    state.rng.shuffle(deck)
    for seat in range(num_players):
        state.hands[seat] = [deck.pop() for _ in range(3)]
    state.deck = deck
    return state


# what the registry needs of a rules module (tests/toy registers the toy like any game)
State = ToyState


def new_state(num_players: int, seed: int | None = None, **options) -> ToyState:
    return new_toy(num_players, seed)


def describe_action(action, names=None) -> str:
    """A move in words, for the phone's buttons and the hint line."""
    if isinstance(action, Play):
        return f"Play {action.card}"
    if isinstance(action, Draw):
        return "Draw a card"
    return str(action)
