"""CuBirds on a phone: the hand by species, the collection and the rows in words, and a
placement as two taps (a species, then a row end), each end saying what it would take,
as the TV's status line does while the focus rests on it."""
from __future__ import annotations

from typing import Sequence

from game.cubirds.cards import INDEX, birds_text, species_name
from game.cubirds.rules import (DRAW, FLOCK, LEFT, PLACE, RESTORE, SIDES, DrawTwo,
                                Flock, Pass, Place, Restore, enclose, end_words,
                                flock_reward)
from game.i18n import _, pgettext
from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from sprites import cubirds_cards as art


def birds(species: str, count: int) -> str:
    return birds_text(species, count)


def cards_text(cards: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for s in cards:
        counts[s] = counts.get(s, 0) + 1
    return pgettext("list separator", ", ").join(
        birds(s, n) for s, n in sorted(counts.items(), key=lambda kv: INDEX[kv[0]]))


def row_text(row: Sequence[str]) -> str:
    """A row left to right with runs counted ('3 Robins, Owl, 2 Ducks'): a long row read
    out card by card was a wall of names on a phone, and the order is what matters."""
    runs: list[list] = []
    for s in row:
        if runs and runs[-1][0] == s:
            runs[-1][1] += 1
        else:
            runs.append([s, 1])
    return pgettext("list separator", ", ").join(
        species_name(s) if n == 1 else birds(s, n) for s, n in runs) or pgettext("a row",
                                                                                 "empty")


class CuBirdsPhone(PhoneGame):
    card_size = (200, 280)

    def sections(self, view, names, match) -> list[Section]:
        seat = view.seat
        hand = tuple(PhoneCard(f"face:{s}", species_name(s, n), n) for s, n in view.hand)
        mine = tuple(PhoneCard(f"face:{s}", species_name(s, n), n)
                     for s, n in view.collections[seat])
        rows = tuple(_("Row {row}: {cards}").format(row=r + 1, cards=row_text(row))
                     for r, row in enumerate(view.rows))
        return [Section(_("Your hand"), hand, empty=_("No cards in hand")),
                Section(_("Your collection"), mine, empty=_("No flocks yet")),
                Section(_("The rows"), lines=rows)]

    def ask(self, view, legal, follow, names, match=None) -> Ask:
        if view.phase == PLACE:
            return self._place(view, legal)
        if view.phase == RESTORE:
            row = view.pending_row
            pending = species_name(view.pending)
            return Ask(_("Row {row} needs a second species: where does the {species} "
                         "go?").format(row=row + 1, species=pending),
                       [Choice(end_words(side, row),
                               (_("The {species} joins the left end") if side == LEFT else
                                _("The {species} joins the right end")).format(
                                    species=pending),
                               actions=(Restore(side),)) for side in SIDES])
        if view.phase == DRAW:
            return Ask(_("Nothing trapped: draw 2 cards from the deck?"), [
                Choice(_("Draw 2"), _("Take the top 2 cards of the deck"),
                       actions=(DrawTwo(True),)),
                Choice(_("No thanks"), _("Keep your hand as it is"),
                       actions=(DrawTwo(False),))])
        if view.phase == FLOCK:
            hand = dict(view.hand)
            choices = []
            for action in legal:
                if isinstance(action, Flock):
                    n = hand[action.species]
                    keep = flock_reward(action.species, n)
                    if keep == 2:
                        detail = _("Big flock: {kept} to your collection, {discarded} "
                                   "discarded")
                    else:
                        detail = _("Small flock: {kept} to your collection, {discarded} "
                                   "discarded")
                    choices.append(Choice(
                        _("Fly {birds}").format(birds=birds(action.species, n)),
                        detail.format(kept=keep, discarded=n - keep),
                        f"face:{action.species}", (action,)))
            choices.append(Choice(_("No flock"), _("Keep your cards"), actions=(Pass(),)))
            return Ask(_("Complete a flock, or keep your cards"), choices)
        return super().ask(view, legal, follow, names, match)

    def _place(self, view, legal) -> Ask:
        hand = dict(view.hand)
        total = sum(hand.values())
        by_species: dict[str, list[Place]] = {}
        for action in legal:
            if isinstance(action, Place):
                by_species.setdefault(action.species, []).append(action)
        choices = []
        for species, places in by_species.items():
            n = hand[species]
            ends = []
            for action in places:
                _row, taken, _at = enclose(list(view.rows[action.row]), species, n,
                                           action.side == LEFT)
                where = end_words(action.side, action.row)
                if taken:
                    detail = _("{where}: you take {cards}").format(where=where,
                                                                   cards=cards_text(taken))
                elif n == total:
                    detail = _("{where}: nothing trapped, your hand is empty: the round "
                               "ends").format(where=where)
                else:
                    detail = _("{where}: nothing trapped").format(where=where)
                row = row_text(view.rows[action.row])
                ends.append(Choice(where, _("{detail} (row: {row})").format(detail=detail,
                                                                            row=row),
                                   actions=(action,), confirm=_("Land them here")))
            choices.append(Choice(birds(species, n),
                                  _("Land your {birds}").format(birds=birds(species, n)),
                                  f"face:{species}",
                                  then=Ask(_("Where do your {birds} land?").format(
                                      birds=birds(species, n)), ends)))
        return Ask(_("Choose a species to land"), choices, layout="cards")

    def image_keys(self) -> list[str]:
        return [f"face:{s}" for s in INDEX]

    def image(self, key: str, assets, patterns: bool):
        kind, _, species = key.partition(":")
        if kind != "face" or species not in INDEX:
            raise KeyError(key)
        return art.face(species, patterns, self.card_size)


PHONE = CuBirdsPhone("cubirds")
