"""Why a Flip a Bird move: what it surely does for the mover, read from the mover's view
(game/ai/explain.py).

The row is only partly known to a seat: its face-up cards and the face-down cards it
played itself. A reason speaks of "the cards you know" and counts the unseen ones,
and states an exact count only when every card of the row is known.
"""
from __future__ import annotations

from typing import Sequence

from game.flip_a_bird.cards import COLOURS, Card
from game.flip_a_bird.rules import (PHASE_PICK, Claim, Draw, FlipView, Pick, Play, Tip,
                                    count_ids, score_ids)
from game.i18n import N_, _, ngettext, pgettext

START = N_("you draw the top card and start row {row}")
DRAW = N_("you play on instead of claiming: the cards you know in the row show {known} of "
          "the {limit} birds allowed, with {unseen} face down you have not seen")
DRAW_KNOWN = N_("you play on instead of claiming: the row counts {total} of the {limit} "
                "birds allowed")
CLAIM = N_("you pick first from the row's {cards} if it holds more than {limit} birds, and "
           "get none of them if not: the cards you know show {shown}, with {unseen} face "
           "down you have not seen")
CLAIM_OVER = N_("the row counts {birds}, over the limit of {limit}, so you pick first from "
                "its {cards}")
CLAIM_UNDER = N_("the row counts {birds}, not over the limit of {limit}, so the green tips "
                 "share its {cards}")
LAST_CLAIM = N_("{reason}; the pile is empty, so this claim ends the game")
PLAY_DISCARD = N_("your {card} goes face up and takes the face-up row to {birds}, over the "
                  "limit of {limit}: that row leaves the game and your card starts a new one")
PLAY_UP = N_("your {card} goes face up for everyone to see: the cards you know in the row "
             "then show {known} of the {limit} birds allowed")
PLAY_DOWN = N_("your {card} goes face down, so only you know it is there: the cards you know "
               "in the row then show {known} of the {limit} birds allowed")
TIP_RED = N_("you share the row's {cards} if it holds more than {limit} birds: the cards "
             "you know show {shown}, with {unseen} face down you have not seen")
TIP_GREEN = N_("you share the row's {cards} if it holds {limit} birds or fewer: the cards "
               "you know show {shown}, with {unseen} face down you have not seen")
TIP_SURE = N_("the row counts {birds} against a limit of {limit}, so {side} is right and "
              "you share its {cards}")
TIP_LOST = N_("the row counts {birds} against a limit of {limit}, so this tip gets no share "
              "of the row's {cards}")
PICK_SET = N_("the {card} completes a set of four colours: your won cards go from {before} "
              "to {after} points")
PICK_SPECIAL = N_("the {card} is a special card, worth 2: your won cards go from {before} to "
                  "{after} points")
PICK_COLOUR = N_("the {card} gives your next colour set {colours} of the 4 colours: your won "
                 "cards go from {before} to {after} points")
PICK = N_("the {card} takes your won cards from {before} to {after} points")


class _Row:
    """What the seat knows of the row: the birds on its known cards, the unseen cards,
    and the exact count once every card is known."""

    def __init__(self, view: FlipView, extra: Card | None = None) -> None:
        cards = [slot.card for slot in view.row] + ([extra] if extra else [])
        known = [c for c in cards if c is not None]
        self.cards = len(cards)
        self.unseen = len(cards) - len(known)
        self.known = sum(c.birds for c in known if c.is_bird)
        self.total = count_ids([c.id for c in known]) if not self.unseen else None

    def words(self, view: FlipView) -> dict:
        birds = self.total or 0
        return dict(known=self.known,
                    shown=ngettext("{n} bird", "{n} birds", self.known).format(n=self.known),
                    unseen=ngettext("{n} card", "{n} cards", self.unseen).format(
                        n=self.unseen),
                    limit=view.limit, total=self.total,
                    birds=ngettext("{n} bird", "{n} birds", birds).format(n=birds),
                    cards=ngettext("{n} card", "{n} cards", self.cards).format(n=self.cards))


def reason(view: FlipView, action, legal: Sequence, names: Sequence[str] | None = None
           ) -> str:
    """What ``action`` does for ``view.seat`` (see the module docstring)."""
    if isinstance(action, Draw):
        row = _Row(view)
        if not row.cards:
            return _(START).format(row=view.row_number)
        return _(DRAW_KNOWN if row.total is not None else DRAW).format(**row.words(view))
    if isinstance(action, Claim):
        return _claim(view)
    if isinstance(action, Play):
        return _play(view, action.card)
    if isinstance(action, Tip):
        return _tip(view, action.red)
    if isinstance(action, Pick) and view.phase == PHASE_PICK:
        return _pick(view, action.card)
    return ""


def _claim(view: FlipView) -> str:
    row = _Row(view)
    words = row.words(view)
    if row.total is None:
        text = _(CLAIM).format(**words)
    else:
        text = _(CLAIM_OVER if row.total > view.limit else CLAIM_UNDER).format(**words)
    return _(LAST_CLAIM).format(reason=text) if not view.pile_size else text


def _play(view: FlipView, card_id: int) -> str:
    card = next(c for c in view.hand if c.id == card_id)
    row = _Row(view, card)
    words = row.words(view)
    up = bool(view.play_face_up)
    if up and view.row and all(slot.face_up for slot in view.row) and (
            row.total is not None and row.total > view.limit):
        return _(PLAY_DISCARD).format(card=card.label, **words)  # ruling FB-7
    return _(PLAY_UP if up else PLAY_DOWN).format(card=card.label, **words)


def _tip(view: FlipView, red: bool) -> str:
    row = _Row(view)
    words = row.words(view)
    if row.total is None:
        return _(TIP_RED if red else TIP_GREEN).format(**words)
    too_many = row.total > view.limit
    if too_many == red:
        side = pgettext("colour", "red") if red else pgettext("colour", "green")
        return _(TIP_SURE).format(side=side, **words)
    return _(TIP_LOST).format(**words)


def _pick(view: FlipView, card_id: int) -> str:
    card = next(c for c in view.share if c.id == card_id)
    won = [c.id for c in view.won[view.seat]]
    before, after = score_ids(won), score_ids(won + [card_id])
    words = dict(card=card.label, before=before, after=after)
    if not card.is_bird:
        return _(PICK_SPECIAL).format(**words)
    counts = {colour: 0 for colour in COLOURS}
    for c in view.won[view.seat]:
        if c.is_bird:
            counts[c.colour] += 1
    sets = min(counts.values())
    if counts[card.colour] == sets:         # a colour the next set still lacks
        counts[card.colour] += 1
        if min(counts.values()) > sets:
            return _(PICK_SET).format(**words)
        colours = sum(1 for n in counts.values() if n > sets)
        return _(PICK_COLOUR).format(colours=colours, **words)
    return _(PICK).format(**words)
