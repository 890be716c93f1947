"""What the Flappy Families table shows, apart from where: the display model.

:class:`Board` mirrors the viewer's view (``Board.of(view)`` in ``refresh()``) and is
advanced by the animations as each card lands, so a plate, the deck or the hand never
runs ahead of the cards on screen. :class:`SlotCard` is one card lying in the Wild with
what the viewer knows of it. Shared by the table, its animations and its drawing.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.flappy_families import rules as R
from game.flappy_families.cards import CARD_FAMILY
from sprites.card import CardSprite

CHOSEN = {R.FLIP_SECOND: "A", R.B_CARD: "B", R.C_CARD: "C", R.C_SPACE: "C"}  # phase -> option


class SlotCard:
    """A card lying in the Wild, and what the viewer knows of it."""

    def __init__(self, sprite: CardSprite, card: int | None, memory: tuple[int, str] | None,
                 knowers: tuple[int, ...]) -> None:
        self.sprite = sprite
        self.card = card            # None while the viewer does not know it
        self.memory = memory        # (family, "seen"|"yours") for the memory aid
        self.knowers = knowers      # seat colour indices of the seats that know it


@dataclass
class Board:
    """The display model: the plates, the deck, the hand and the A/B/C panel as shown."""

    seat: int | None                      # whose hand is on show (None: a spectator)
    hand: list[int]                       # that hand's cards, as they have landed
    hand_sizes: list[int]
    open_fams: list[list[tuple[int, bool]]]   # per seat: (family, certainly held) taken face up
    deck: int
    bonus: tuple[int, int] = (0, 1)       # the +2 and +1 families
    final_scores: tuple[int, ...] | None = None
    flipped: int | None = None            # the slot of this turn's step-1 card
    chosen: str | None = None             # the option (A/B/C) being played
    picked_family: int | None = None      # C: the family of the card lifted to be hidden
    status: str = ""                      # what the animation on screen is showing
    pulse: float = 0.0                    # the chosen option's button pulses 0 -> 1

    @classmethod
    def of(cls, v: R.FFView) -> "Board":
        return cls(
            seat=v.seat,
            hand=list(v.hand),
            hand_sizes=list(v.hand_sizes),
            open_fams=[[(CARD_FAMILY[o.card], not o.maybe_in) for o in opens]
                       for opens in v.open_cards],
            deck=v.deck_size,
            bonus=(v.bonus2, v.bonus1),
            final_scores=tuple(v.scores) if v.final_hands is not None else None,
            flipped=v.flipped,
            chosen=CHOSEN.get(v.phase),
            picked_family=CARD_FAMILY[v.picked_card] if v.picked_card is not None else None)

    @classmethod
    def empty(cls, players: int) -> "Board":
        """Before the first refresh: nothing dealt, nobody's hand on show."""
        return cls(None, [], [0] * players, [[] for _ in range(players)], 0)
