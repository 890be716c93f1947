"""The toy game on a phone: the hand as cards, the pile and the deck in words, and a move
as one tap (a card to play, or Draw). Built on the public PhoneGame API only."""
from __future__ import annotations

from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from tests.toy.draw import card_face
from tests.toy.rules import Draw, Play

CARDS = range(1, 16)     # the deck's numbers (tests/toy/rules.py deals 1..15)


def key(card: int) -> str:
    return f"card:{card}"


class ToyPhone(PhoneGame):
    card_size = (200, 280)

    def sections(self, view, names, settings) -> list[Section]:
        hand = tuple(PhoneCard(key(c), str(c)) for c in view.hand)
        top = f"Top of the pile: {view.pile[-1]}" if view.pile else "The pile is empty"
        return [Section("Your hand", hand, empty="No cards in hand"),
                Section("The table", lines=(top, f"Deck: {view.deck_size} cards"))]

    def ask(self, view, legal, follow, names, settings=None) -> Ask:
        top = view.pile[-1] if view.pile else 0
        choices = []
        for action in legal:
            if isinstance(action, Play):
                gain = "scores" if action.card > top else "scores nothing"
                choices.append(Choice(f"Play {action.card}", f"It {gain}",
                                      key(action.card), (action,)))
            elif isinstance(action, Draw):
                choices.append(Choice("Draw a card", f"{view.deck_size} left in the deck",
                                      actions=(action,)))
        return Ask("Play a card higher than the pile's top to score it", choices,
                   layout="cards")

    def scores(self, view) -> list[str | None]:
        return [str(p) for p in view.points]

    def image(self, key: str, assets, patterns: bool):
        kind, _, ident = key.partition(":")
        if kind != "card" or not ident.isdigit() or int(ident) not in CARDS:
            raise KeyError(key)
        return card_face(int(ident), self.card_size, assets)

    def image_keys(self) -> list[str]:
        return [key(c) for c in CARDS]


PHONE = ToyPhone("toy")
