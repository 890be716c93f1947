"""Why a Yard Birbs move: what it surely does for the mover, read from the mover's view
(game/ai/explain.py).

Yards, the feeder, the Lifer and the mover's own hand are in the view, so where a bird
can go and what a flock then scores are known exactly. A card played into an unfinished
trick is placed only among the cards played so far; the last card of a trick is placed
for good (ruling YB-4).
"""
from __future__ import annotations

from typing import Sequence

from game.ai.explain import listing, ordinal
from game.engine import seat_label
from game.i18n import N_, _, ngettext
from game.yard_birbs.cards import (BIRDSEED, COLOUR, EQUAL, FEEDER_SWAP, FLY_OFF,
                                   HAND_TO_FEEDER, LIFER_SWAP, MERGE, NEW_LIFER, REFLOCK,
                                   SEQUENCE, SPECIES_KIND, card_name, species_name,
                                   suit_name)
from game.yard_birbs.rules import (BIRDSEED_BURY, FEEDER_SWAP_GIVE, FEEDER_SWAP_TAKE,
                                   FLY_OFF_BIRD, FLY_OFF_BURY,
                                   HAND_FEEDER_GIVE, HAND_FEEDER_TAKE, LIFER_SWAP_HAND,
                                   MERGE_FIRST, MERGE_SECOND, NEW_FLOCK, REFLOCK_BIRD,
                                   REFLOCK_FLOCK, Flock, PickFeeder, PickFlock, PickHand,
                                   PickYard, Play, Skip, State, Take, ToFlock, UseAbility,
                                   YardBirbsView, rank_trick, yard_score)

# How a flock of two or more qualifies, said of its birds ("3 birds of one colour").
KIND_WORDS = {COLOUR: N_("of one colour"), SPECIES_KIND: N_("of one species"),
              EQUAL: N_("of one number"), SEQUENCE: N_("in a run")}
FLOCK = N_("{size} birds {kind}")

LEAD = N_("the {card} leads {suit}: the others must follow {suit} if they can, or play a "
          "{lifer}")
LEAD_LIFER = N_("the {card} is of the Lifer's species: it places above every card that is "
                "not a {lifer}")
SO_FAR = N_("among the cards played so far the {card} places {place} of {count}, with "
            "{left} still to play")
LAST = N_("the {card} places {place} of {count}, so you take the {place} bird from the "
          "feeder and may use the abilities up to token {token}")
LAST_FIRST = N_("the {card} wins the trick, so you take the first bird, choosing from "
                "{birds}")
JOIN = N_("the {bird} can join your flock {flock}: {birds}, worth {after} (it scores "
          "{before} now)")
JOIN_NEW = N_("the {bird} fits none of your flocks, so it starts a new one, which scores "
              "nothing alone")
DENY = N_("{reason}; taking it also denies {name} the {points} it would add to their yard")
TO_FLOCK = N_("flock {flock} then holds {birds}, worth {after} (it scores {before} now)")
TO_NEW = N_("the {bird} starts flock {flock} on its own, which scores nothing until another "
            "bird joins it")
MOVED = N_("the {bird} moves to {where}, {change}")
WHERE_FLOCK = N_("flock {flock}")
WHERE_NEW = N_("a new flock")
BEST_REFLOCK = N_("at best Reflock moves your {bird} to {where}, {change}")
BEST_MERGE = N_("at best Merge joins flocks {first} and {second} into {birds}, {change}")
BEST_SWAP = N_("at best Feeder Swap trades your {given} for the {taken} in the feeder, "
               "{change}")
# what a move does to the yard's points
RAISES = N_("taking your yard from {before} to {after}")
KEEPS = N_("keeping your yard at {points}")
LOWERS = N_("lowering your yard from {before} to {after}")
HAND_SWAP = N_("with Hand to Feeder you may take one of the feeder's birds ({birds}) into "
               "your hand for a card of yours")
LIFER_OFFER = N_("with Lifer Swap you may make one of your {cards} the Lifer and take the "
                 "{lifer} into your hand")
NEW_LIFER_TEXT = N_("with New Lifer the {lifer} goes under the deck and a new Lifer turns "
                    "up; the abilities are dealt again")
BIRDSEED_TEXT = N_("with Birdseed you draw the deck's top card, then put one of your {cards} "
                   "under the deck")


def _fly_off_text(n: int) -> str:
    return ngettext("your solo {birds} scores nothing: Fly Off puts it under the deck, you "
                    "draw a card, then put one from your hand under the deck",
                    "your solo {birds} score nothing: Fly Off puts one under the deck, you "
                    "draw a card, then put one from your hand under the deck", n)


SKIP_NOTHING = N_("none of the abilities offered would add points to your yard, which keeps "
                  "its {points}")
SKIP = N_("your yard keeps its {points} and your hand its {cards}")
NEW_LIFER_CARD = N_("the {card} becomes the Lifer, so {species} cards place above all others, "
                    "and the {old} joins your hand")
TO_FEEDER = N_("the {card} goes into the feeder and the {taken} joins your hand, seen by all")
BURY = N_("the {card} goes under the deck, known only to you, and your hand keeps {cards}")
BURY_LOW = N_("the {card}, your lowest number, goes under the deck, known only to you, and "
              "your hand keeps {cards}")
SWAP_TAKE = N_("your {given} goes to the feeder for it: {place}")
HAND_TAKE = N_("the {card} comes into your hand, seen by all, for a card of yours")
GIVE = N_("your {card} leaves flock {flock} for the feeder, and flock {flock} then scores "
          "{after} (now {before})")
GIVE_SOLO = N_("your solo {card} scores nothing where it is: it goes to the feeder")
LEAVE = N_("at best your {card} leaves flock {flock} for {where}, {change}")
FLY_BIRD = N_("your solo {card} scores nothing: it goes under the deck and you draw a card "
              "in its place")
MERGE_WITH = N_("at best flock {first} merges with flock {second} into {birds}, {change}")
MERGED = N_("flock {second} joins flock {first} as {birds}, worth {points}, {change}")


def _birds(flock: Flock) -> str:
    return _(FLOCK).format(size=len(flock), kind=_(KIND_WORDS[flock.kind]))


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _change(before: int, after: int) -> str:
    if after > before:
        return _(RAISES).format(before=before, after=_points(after))
    if after < before:
        return _(LOWERS).format(before=before, after=_points(after))
    return _(KEEPS).format(points=_points(before))


def _best_place(yard: Sequence[Flock], bird) -> tuple[int, Flock]:
    """The flock ``bird`` adds most points to (the first such), or NEW_FLOCK."""
    best, where, grown = 0, NEW_FLOCK, Flock((bird,))
    for index, flock in enumerate(yard):
        if flock.joins(bird):
            more = flock.plus(bird)
            gain = more.points - flock.points
            if where == NEW_FLOCK or gain > best:
                best, where, grown = gain, index, more
    return where, grown


def _placement(yard: Sequence[Flock], bird) -> str:
    where, grown = _best_place(yard, bird)
    if where == NEW_FLOCK:
        return _(JOIN_NEW).format(bird=card_name(bird))
    return _(JOIN).format(bird=card_name(bird), flock=where + 1, birds=_birds(grown),
                          after=_points(grown.points), before=_points(yard[where].points))


def _without(yard: Sequence[Flock], card) -> list[Flock]:
    """The yard once ``card`` has left its flock (an emptied flock is removed)."""
    out = []
    for flock in yard:
        if card in flock.cards:
            rest = flock.minus(card)
            if rest is not None:
                out.append(rest)
        else:
            out.append(flock)
    return out


def _reflocks(yard: Sequence[Flock]):
    """(yard points after, card, destination) for every legal Reflock."""
    for src, flock in enumerate(yard):
        for card in flock.cards:
            for dst in State._reflock_targets(list(yard), src, card):  # the rules' own test
                yield _reflock_points(yard, card, dst), card, dst


def _reflock_points(yard: Sequence[Flock], card, dst: int) -> int:
    """Yard points once Reflock has moved ``card`` to flock ``dst`` (or a new one)."""
    after = []
    for index, flock in enumerate(yard):
        if card in flock.cards:
            flock = flock.minus(card)
        elif index == dst:
            flock = flock.plus(card)
        if flock is not None:
            after.append(flock)
    if dst == NEW_FLOCK:
        after.append(Flock((card,)))
    return yard_score(after)


def _merges(yard: Sequence[Flock]):
    """(yard points after, i, j, merged flock) for every legal Merge."""
    total = yard_score(yard)
    for i, first in enumerate(yard):
        for j in range(i + 1, len(yard)):
            if first.merges(yard[j]):
                merged = Flock(first.cards + yard[j].cards)
                yield (total - first.points - yard[j].points + merged.points, i, j, merged)


def _feeder_swaps(yard: Sequence[Flock], feeder):
    """(yard points after, given, taken) for every legal Feeder Swap."""
    for flock in yard:
        for given in flock.cards:
            if not flock.can_lose(given):  # ruling YB-9
                continue
            rest = _without(yard, given)
            for taken in feeder:
                where, grown = _best_place(rest, taken)
                gain = 0 if where == NEW_FLOCK else grown.points - rest[where].points
                yield yard_score(rest) + gain, given, taken


def reason(view: YardBirbsView, action, legal: Sequence, names: Sequence[str] | None = None
           ) -> str:
    """What ``action`` does for ``view.seat`` (see the module docstring)."""
    yard = view.yards[view.seat]
    phase = view.phase
    if isinstance(action, Play):
        return _play(view, action.card)
    if isinstance(action, Take):
        return _take(view, action.card, names)
    if isinstance(action, ToFlock):
        return _to_flock(view, yard, action.flock)
    if isinstance(action, UseAbility):
        return _ability(view, yard, action.ability)
    if isinstance(action, Skip):
        return _skip(view, yard, legal)
    if isinstance(action, PickHand):
        return _pick_hand(view, phase, action.card)
    if isinstance(action, PickFeeder):
        if phase == FEEDER_SWAP_TAKE:
            rest = _without(yard, view.pending_card)
            return _(SWAP_TAKE).format(given=card_name(view.pending_card),
                                       place=_placement(rest, action.card))
        if phase == HAND_FEEDER_TAKE:
            return _(HAND_TAKE).format(card=card_name(action.card))
    if isinstance(action, PickYard):
        return _pick_yard(yard, phase, action.card)
    if isinstance(action, PickFlock):
        return _pick_flock(view, yard, phase, action.flock)
    return ""


def _play(view: YardBirbsView, card) -> str:
    lifer = view.lifer.species
    played = [slot.card for slot in view.feeder]
    name = card_name(card)
    if not played:
        if card.species == lifer:
            return _(LEAD_LIFER).format(card=name, lifer=species_name(lifer))
        return _(LEAD).format(card=name, suit=suit_name(card.suit),
                              lifer=species_name(lifer))
    cards = played + [card]
    place = rank_trick(cards, lifer).index(len(cards) - 1) + 1
    left = view.num_players - len(cards)
    if left:
        return _(SO_FAR).format(card=name, place=ordinal(place), count=len(cards), left=left)
    if place == 1:
        return _(LAST_FIRST).format(card=name, birds=listing([card_name(c) for c in cards]))
    return _(LAST).format(card=name, place=ordinal(place), count=len(cards), token=place)


def _take(view: YardBirbsView, card, names: Sequence[str] | None) -> str:
    text = _placement(view.yards[view.seat], card)
    order = view.draft_order
    mine = order.index(view.seat)
    if mine + 2 < len(order):   # the next drafter chooses (the last takes what is left)
        rival = order[mine + 1]
        yard = view.yards[rival]
        where, grown = _best_place(yard, card)
        gain = 0 if where == NEW_FLOCK else grown.points - yard[where].points
        if gain > 0:
            return _(DENY).format(reason=text, name=seat_label(rival, names),
                                  points=_points(gain))
    return text


def _to_flock(view: YardBirbsView, yard: Sequence[Flock], index: int) -> str:
    if view.phase == REFLOCK_FLOCK:
        card = view.pending_card
        after = _reflock_points(yard, card, index)
        where = _(WHERE_NEW) if index == NEW_FLOCK else _(WHERE_FLOCK).format(flock=index + 1)
        return _(MOVED).format(bird=card_name(card), where=where,
                               change=_change(yard_score(yard), after))
    bird = view.pending_bird
    if index == NEW_FLOCK:
        return _(TO_NEW).format(bird=card_name(bird), flock=len(yard) + 1)
    grown = yard[index].plus(bird)
    return _(TO_FLOCK).format(flock=index + 1, birds=_birds(grown), after=_points(grown.points),
                              before=_points(yard[index].points))


def _ability(view: YardBirbsView, yard: Sequence[Flock], ability: int) -> str:
    before = yard_score(yard)
    hand = _cards(len(view.hand))
    if ability == REFLOCK:
        after, card, dst = max(_reflocks(yard), key=lambda r: r[0])
        where = _(WHERE_NEW) if dst == NEW_FLOCK else _(WHERE_FLOCK).format(flock=dst + 1)
        return _(BEST_REFLOCK).format(bird=card_name(card), where=where,
                                      change=_change(before, after))
    if ability == MERGE:
        after, i, j, merged = max(_merges(yard), key=lambda m: m[0])
        return _(BEST_MERGE).format(first=i + 1, second=j + 1, birds=_birds(merged),
                                    change=_change(before, after))
    if ability == FEEDER_SWAP:
        after, given, taken = max(_feeder_swaps(yard, view.feeder_cards()),
                                  key=lambda s: s[0])
        return _(BEST_SWAP).format(given=card_name(given), taken=card_name(taken),
                                   change=_change(before, after))
    if ability == HAND_TO_FEEDER:
        return _(HAND_SWAP).format(birds=listing([card_name(c) for c in view.feeder_cards()]))
    if ability == LIFER_SWAP:
        return _(LIFER_OFFER).format(cards=hand, lifer=card_name(view.lifer))
    if ability == NEW_LIFER:
        return _(NEW_LIFER_TEXT).format(lifer=card_name(view.lifer))
    if ability == BIRDSEED:
        return _(BIRDSEED_TEXT).format(cards=_cards(len(view.hand) + 1))
    if ability == FLY_OFF:
        solos = [f.cards[0] for f in yard if len(f.cards) == 1]
        return _fly_off_text(len(solos)).format(
            birds=listing([card_name(c) for c in solos]))
    return ""


def _skip(view: YardBirbsView, yard: Sequence[Flock], legal: Sequence) -> str:
    before = yard_score(yard)
    offered = {a.ability for a in legal if isinstance(a, UseAbility)}
    best = before
    if REFLOCK in offered:
        best = max(best, max(r[0] for r in _reflocks(yard)))
    if MERGE in offered:
        best = max(best, max(m[0] for m in _merges(yard)))
    if FEEDER_SWAP in offered:
        best = max(best, max(s[0] for s in _feeder_swaps(yard, view.feeder_cards())))
    if best <= before:
        return _(SKIP_NOTHING).format(points=_points(before))
    return _(SKIP).format(points=_points(before), cards=_cards(len(view.hand)))


def _pick_hand(view: YardBirbsView, phase: str, card) -> str:
    if phase == LIFER_SWAP_HAND:
        return _(NEW_LIFER_CARD).format(card=card_name(card), species=species_name(card.species),
                                        old=card_name(view.lifer))
    if phase == HAND_FEEDER_GIVE:
        return _(TO_FEEDER).format(card=card_name(card), taken=card_name(view.pending_card))
    if phase in (BIRDSEED_BURY, FLY_OFF_BURY):
        kept = _cards(len(view.hand) - 1)
        lowest = card.number < min((c.number for c in view.hand if c != card), default=0)
        return _(BURY_LOW if lowest else BURY).format(card=card_name(card), cards=kept)
    return ""


def _pick_yard(yard: Sequence[Flock], phase: str, card) -> str:
    index = next(i for i, f in enumerate(yard) if card in f.cards)
    flock = yard[index]
    if phase == FEEDER_SWAP_GIVE:
        rest = flock.minus(card)
        if rest is None:
            return _(GIVE_SOLO).format(card=card_name(card))
        return _(GIVE).format(card=card_name(card), flock=index + 1, after=_points(rest.points),
                              before=_points(flock.points))
    if phase == REFLOCK_BIRD:
        options = [(after, dst) for after, moved, dst in _reflocks(yard) if moved == card]
        after, dst = max(options, key=lambda o: o[0])
        where = _(WHERE_NEW) if dst == NEW_FLOCK else _(WHERE_FLOCK).format(flock=dst + 1)
        return _(LEAVE).format(card=card_name(card), flock=index + 1, where=where,
                               change=_change(yard_score(yard), after))
    if phase == FLY_OFF_BIRD:
        return _(FLY_BIRD).format(card=card_name(card))
    return ""


def _pick_flock(view: YardBirbsView, yard: Sequence[Flock], phase: str, index: int) -> str:
    before = yard_score(yard)
    if phase == MERGE_FIRST:
        after, i, j, merged = max((m for m in _merges(yard) if index in m[1:3]),
                                  key=lambda m: m[0])
        other = j if i == index else i
        return _(MERGE_WITH).format(first=index + 1, second=other + 1, birds=_birds(merged),
                                    change=_change(before, after))
    if phase == MERGE_SECOND:
        first = view.pending_flock
        merged = Flock(yard[first].cards + yard[index].cards)
        after = before - yard[first].points - yard[index].points + merged.points
        return _(MERGED).format(first=first + 1, second=index + 1, birds=_birds(merged),
                                points=_points(merged.points), change=_change(before, after))
    return ""
