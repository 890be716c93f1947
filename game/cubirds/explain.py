"""Why a CuBirds move: what it surely does for the mover, read from the mover's view
(game/ai/explain.py). Rows, collections and the mover's own hand are all in the view,
so a placement's capture, a flock's reward and a draw's size are known exactly."""
from __future__ import annotations

from typing import Sequence

from game.ai.explain import listing
from game.cubirds.cards import (BIG, FLOCK_OF, FLOCKS_NEEDED, INDEX, SEVEN_SPECIES, SMALL,
                                birds_text, species_name)
from game.cubirds.rules import (CuBirdsView, DrawTwo, Flock, Pass, Place, Restore,
                                counts_of, enclose, flock_reward)
from game.i18n import N_, _, ngettext, pgettext


# (one placed bird, several): the verb agrees with the birds placed
def _trap(n: int) -> str:
    return ngettext("your {placed} traps {taken} in row {row}, which you take into your hand",
                    "your {placed} trap {taken} in row {row}, which you take into your hand",
                    n)


def _trap_flock(n: int) -> str:
    return ngettext("your {placed} traps {taken} in row {row}, and you then hold {held}, "
                    "enough for a {size} flock",
                    "your {placed} trap {taken} in row {row}, and you then hold {held}, "
                    "enough for a {size} flock", n)


def _trap_nothing_draw(n: int) -> str:
    return ngettext("your {placed} traps nothing in row {row}, so you may draw 2 cards",
                    "your {placed} trap nothing in row {row}, so you may draw 2 cards", n)


def _trap_nothing(n: int) -> str:
    return ngettext("your {placed} traps nothing in row {row}",
                    "your {placed} trap nothing in row {row}", n)


def _empty_hand(n: int) -> str:
    return ngettext("your {placed} traps nothing in row {row} and your hand is then empty, "
                    "so the round ends",
                    "your {placed} trap nothing in row {row} and your hand is then empty, "
                    "so the round ends", n)


RESTORE_DONE = N_("the {card} joins {rest} in row {row}: two species, so the row is "
                  "restored")
RESTORE_AGAIN = N_("the {card} matches row {row}'s {rest}, so another card is turned up")
DRAW = N_("your hand grows from {before} to {after} cards")
DRAW_SHORT = N_("only {drawn} left to draw: your hand grows from {before} to {after} cards")
NO_DRAW = N_("your hand stays at {cards}, fewer to play before it is empty")
FLOCK_WIN = N_("a {size} flock: your collection gains {gained} and then holds {win}, which "
               "wins the game")
FLOCK = N_("a {size} flock: your collection gains {gained} and then holds {species}")
WIN_SEVEN = N_("7 species")
WIN_TWO = N_("two species of 3 or more")
KEEP_BIG = N_("you keep your {held} in hand, {short} short of a big flock of {big}; "
              "they are lost if the round ends first")
KEEP = N_("you keep your {held} in hand; they are lost if the round ends first")


def _size(kept: int) -> str:
    """A flock's size word: 'small' (one card kept) or 'big' (two)."""
    return pgettext("a flock", "big") if kept == 2 else pgettext("a flock", "small")


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _birds(species: str, count: int) -> str:
    return birds_text(species, count)


def reason(view: CuBirdsView, action, legal: Sequence, names: Sequence[str] | None = None
           ) -> str:
    """What ``action`` does for ``view.seat`` (see the module docstring)."""
    hand = dict(view.hand)
    if isinstance(action, Place):
        return _place(view, hand, action)
    if isinstance(action, Restore):
        return _restore(view)
    if isinstance(action, DrawTwo):
        size = sum(hand.values())
        if action.take:
            drawn = min(2, view.deck_size + len(view.discard))
            text = _(DRAW) if drawn == 2 else _(DRAW_SHORT)
            return text.format(drawn=_cards(drawn), before=size, after=size + drawn)
        return _(NO_DRAW).format(cards=_cards(size))
    if isinstance(action, Flock):
        return _flock(view, hand, action.species)
    if isinstance(action, Pass):
        ready = [(n, s) for s, n in hand.items() if n >= SMALL[INDEX[s]]]
        if not ready:
            return ""
        count, species = max(ready, key=lambda p: (p[0] / BIG[INDEX[p[1]]], p[0]))
        big = BIG[INDEX[species]]
        if count < big:
            return _(KEEP_BIG).format(held=_birds(species, count), short=big - count,
                                      big=big)
        return _(KEEP).format(held=_birds(species, count))
    return ""


def _place(view: CuBirdsView, hand: dict[str, int], action: Place) -> str:
    count = hand.get(action.species, 0)
    row = list(view.rows[action.row])
    _new, taken, _first = enclose(row, action.species, count, action.side == "left")
    words = dict(placed=_birds(action.species, count), row=action.row + 1)
    if taken:
        after = dict(hand)
        after.pop(action.species, None)
        caught = counts_of(taken)
        for species, n in caught.items():
            after[species] = after.get(species, 0) + n
        # a species the capture lifts to a flock (the biggest such, first)
        ready = [s for s in caught if after[s] >= SMALL[INDEX[s]] > hand.get(s, 0)]
        text = listing([_birds(s, n) for s, n in caught.items()])
        if ready:
            best = max(ready, key=lambda s: after[s])
            size = _size(2 if after[best] >= BIG[INDEX[best]] else 1)
            return _trap_flock(count).format(
                taken=text, held=_birds(best, after[best]), size=size, **words)
        return _trap(count).format(taken=text, **words)
    if sum(hand.values()) == count:
        return _empty_hand(count).format(**words)
    if view.deck_size or view.discard:
        return _trap_nothing_draw(count).format(**words)
    return _trap_nothing(count).format(**words)


def _restore(view: CuBirdsView) -> str:
    card = view.pending
    row = view.rows[view.pending_row]
    rest = _birds(row[0], len(row)) if row else ""
    words = dict(card=species_name(card), row=view.pending_row + 1, rest=rest)
    if row and card == row[0]:
        return _(RESTORE_AGAIN).format(**words)
    return _(RESTORE_DONE).format(**words)


def _flock(view: CuBirdsView, hand: dict[str, int], species: str) -> str:
    count = hand.get(species, 0)
    kept = flock_reward(species, count)
    collection = dict(view.collections[view.seat])
    collection[species] = collection.get(species, 0) + kept
    present = sum(1 for n in collection.values() if n)
    three = sum(1 for n in collection.values() if n >= FLOCK_OF)
    words = dict(size=_size(kept), gained=_birds(species, kept))
    if present >= SEVEN_SPECIES:
        return _(FLOCK_WIN).format(win=_(WIN_SEVEN), **words)
    if three >= FLOCKS_NEEDED:
        return _(FLOCK_WIN).format(win=_(WIN_TWO), **words)
    species_count = ngettext("{n} species", "{n} species", present).format(n=present)
    return _(FLOCK).format(species=species_count, **words)
