"""Why a Flappy Families move: what it surely does for the mover, read from the mover's
view (game/ai/explain.py).

A face-down card is named only when the view shows it to the mover (ruling FF-6: they
saw it face up, or hid it there). Where a card lies unseen the reason says what it
*could* be, from what the whole table knows of where each card is.
"""
from __future__ import annotations

from typing import Sequence

from game.flappy_families.cards import (CARD_FAMILY, PREDATOR, card_name, family_cards,
                                        family_name)
from game.flappy_families.rules import (B_CARD, CHOOSE_A, CHOOSE_B, CHOOSE_C, FLIP,
                                        FLIP_SECOND, FFView, Flip, PickCard, PickSpace,
                                        family_points, score_counts, slot_label, slot_row)
from game.i18n import N_, _, ngettext

PREDATOR_KNOWN = N_("you know the card at {where} is the {card}, a predator: it joins your "
                    "hand for -1 point and your turn ends")
FLIP_PAIR = N_("you know the card at {where} is the {card}, and the {other} at {there} is a "
               "bird of the {family} too: flip both and you take the pair")
FLIP_KNOWN = N_("you know the card at {where} is the {card}: taken, it lifts your {family} "
                "from {before} to {after} ({points})")
FLIP_RISK = N_("you have not seen what lies at {where}: you learn it, though it may be a predator")
FLIP_SAFE = N_("you have not seen what lies at {where}: you learn it, and it cannot be a predator")
SECOND_PAIR = N_("you know the card at {where} is the {card}, a bird of the {family} like "
                 "the {first}: you take both, lifting your {family} from {before} to {after} "
                 "({points})")
SECOND_MISS = N_("you know the card at {where} is the {card}, not a bird of the {family}: "
                 "both cards turn back down")
SECOND_MAYBE = N_("you have not seen what lies at {where}: if it is a bird of the {family} "
                  "like the {first}, you take both, lifting your {family} from {before} to "
                  "{after} ({points})")
SECOND_NEVER = N_("you have not seen what lies at {where}, but it cannot be a bird of the "
                  "{family}: you learn it, and both turn back down")
A_PAIR = N_("you know the {other} at {there} is a bird of the {family} too: flip it and you "
            "take it and the {first}")
A_MAYBE = N_("you flip a second card: if it is a bird of the {family} like the {first}, you "
             "take both, lifting your {family} from {before} to {after} ({points})")
B = N_("the {first} joins your hand, lifting your {family} from {before} to {after} "
       "({points}), and a card of yours goes face down in its place")
C = N_("you hide {count} from your hand in empty spaces and draw {count} from the deck, "
       "which then holds {left}")
C_LAST = N_("you hide {count} from your hand in empty spaces and draw the last {count} of "
            "the deck, so the game ends")
PUT_B = N_("your {card} ({family}) goes face down at {where}, known only to you: your score "
           "goes from {before} to {after}")
PUT_C = N_("your {card} ({family}) leaves your hand to hide in an empty space: your score "
           "goes from {before} to {after}")
SPACE = N_("the {card} goes face down at {where}, where only you know it")
SPACE_ROW = N_("the {card} goes face down at {where}, where only you know it, and row {row} "
               "is then not refilled at the end of your turn")
POINTS = N_("{before} to {after} points")
PREDATOR_WORD = N_("a predator")


class _Knowledge:
    """Where the mover knows cards to be: its hand, the Wild cards it knows, and other
    seats' openly taken cards (in their hand, or hidden in one of a few slots)."""

    def __init__(self, view: FFView) -> None:
        self.view = view
        self.wild = {slot: info.card for slot, info in enumerate(view.wild)
                     if info is not None and info.card is not None}
        self.located = set(view.hand) | set(self.wild.values())
        self.maybe: dict[int, list[int]] = {}      # open card -> slots it may be hidden in
        for seat, opens in enumerate(view.open_cards):
            if seat != view.seat:
                for entry in opens:
                    if entry.card not in self.located:
                        self.maybe[entry.card] = list(entry.maybe_in)
        self.counts = [0] * (PREDATOR + 1)
        for card in view.hand:
            self.counts[CARD_FAMILY[card]] += 1

    def could_be(self, slot: int, family: int) -> bool:
        """Could the unseen card in ``slot`` be of ``family``?"""
        for card in family_cards(family):
            if card in self.located:
                continue
            if card not in self.maybe or slot in self.maybe[card]:
                return True
        return False

    def pair_for(self, slot: int, family: int) -> int | None:
        """Another Wild slot the mover knows holds a ``family`` card."""
        return next((s for s, card in sorted(self.wild.items())
                     if s != slot and CARD_FAMILY[card] == family), None)

    def family_value(self, family: int, count: int) -> int:
        view = self.view
        bonus = 2 if family == view.bonus2 else 1 if family == view.bonus1 else 0
        return family_points(count) + bonus * count

    def lift(self, family: int, more: int) -> dict:
        """The words for ``more`` cards of ``family`` joining the hand."""
        before = self.counts[family]
        after = before + more
        points = _(POINTS).format(before=self.family_value(family, before),
                                  after=self.family_value(family, after))
        return dict(family=family_name(family), before=before, after=after, points=points)

    def score(self, minus: int | None = None) -> int:
        counts = list(self.counts)
        if minus is not None:
            counts[minus] -= 1
        return score_counts(counts, self.view.bonus2, self.view.bonus1)


def reason(view: FFView, action, legal: Sequence, names: Sequence[str] | None = None
           ) -> str:
    """What ``action`` does for ``view.seat`` (see the module docstring)."""
    know = _Knowledge(view)
    if isinstance(action, Flip) and view.phase == FLIP:
        return _first_flip(know, action.slot)
    if isinstance(action, Flip) and view.phase == FLIP_SECOND:
        return _second_flip(know, action.slot)
    if action in (CHOOSE_A, CHOOSE_B, CHOOSE_C):
        return _choose(know, action)
    if isinstance(action, PickCard):
        card = min(c for c in view.hand if CARD_FAMILY[c] == action.family)  # as the rules
        family = _(PREDATOR_WORD) if action.family == PREDATOR else family_name(action.family)
        words = dict(card=card_name(card), family=family,
                     before=know.score(), after=know.score(minus=action.family))
        if view.phase == B_CARD:
            return _(PUT_B).format(where=slot_label(view.flipped), **words)
        return _(PUT_C).format(**words)
    if isinstance(action, PickSpace) and view.picked_card is not None:
        row = slot_row(action.slot)
        words = dict(card=card_name(view.picked_card), where=slot_label(action.slot),
                     row=row + 1)
        empty = all(view.wild[s] is None for s in range(row * 5, row * 5 + 5))
        return _(SPACE_ROW if empty else SPACE).format(**words)
    return ""


def _first_flip(know: _Knowledge, slot: int) -> str:
    card = know.wild.get(slot)
    where = slot_label(slot)
    if card is None:
        return _(FLIP_RISK if know.could_be(slot, PREDATOR) else FLIP_SAFE).format(where=where)
    family = CARD_FAMILY[card]
    if family == PREDATOR:
        return _(PREDATOR_KNOWN).format(card=card_name(card), where=where)
    other = know.pair_for(slot, family)
    if other is not None:
        return _(FLIP_PAIR).format(card=card_name(card), other=card_name(know.wild[other]),
                                   where=where, there=slot_label(other),
                                   family=family_name(family))
    return _(FLIP_KNOWN).format(card=card_name(card), where=where, **know.lift(family, 1))


def _second_flip(know: _Knowledge, slot: int) -> str:
    first = know.wild[know.view.flipped]
    family = CARD_FAMILY[first]
    card = know.wild.get(slot)
    words = dict(know.lift(family, 2), first=card_name(first), where=slot_label(slot))
    if card is None:
        return _(SECOND_MAYBE if know.could_be(slot, family) else SECOND_NEVER).format(**words)
    if CARD_FAMILY[card] == PREDATOR:
        return _(PREDATOR_KNOWN).format(card=card_name(card), where=words["where"])
    if CARD_FAMILY[card] == family:
        return _(SECOND_PAIR).format(card=card_name(card), **words)
    return _(SECOND_MISS).format(card=card_name(card), family=words["family"],
                                 where=words["where"])


def _choose(know: _Knowledge, action) -> str:
    view = know.view
    first = know.wild[view.flipped]
    family = CARD_FAMILY[first]
    if action == CHOOSE_A:
        other = know.pair_for(view.flipped, family)
        if other is not None:
            return _(A_PAIR).format(other=card_name(know.wild[other]), there=slot_label(other),
                                    family=family_name(family), first=card_name(first))
        return _(A_MAYBE).format(first=card_name(first), **know.lift(family, 2))
    if action == CHOOSE_B:
        return _(B).format(first=card_name(first), **know.lift(family, 1))
    hidden = 2 if view.deck_size >= 2 else 1   # ruling FF-4
    left = view.deck_size - hidden
    words = dict(count=ngettext("{n} card", "{n} cards", hidden).format(n=hidden),
                 left=ngettext("{n} card", "{n} cards", left).format(n=left))
    return _(C if left else C_LAST).format(**words)
