"""CuBirds on a phone: the hand by species, the collection and the rows in words, and a
placement as two taps (a species, then a row end), each end saying what it would take,
as the TV's status line does while the focus rests on it."""
from __future__ import annotations

from typing import Sequence

from game.cubirds.cards import INDEX, species_name
from game.cubirds.rules import (DRAW, FLOCK, LEFT, PLACE, RESTORE, SIDES, DrawTwo,
                                Flock, Pass, Place, Restore, enclose, flock_reward)
from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from sprites import cubirds_cards as art


def birds(species: str, count: int) -> str:
    return f"{count} {species_name(species, count)}"


def cards_text(cards: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for s in cards:
        counts[s] = counts.get(s, 0) + 1
    return ", ".join(birds(s, n) for s, n in sorted(counts.items(), key=lambda kv: INDEX[kv[0]]))


def row_text(row: Sequence[str]) -> str:
    """A row left to right with runs counted ('3 Robins, Owl, 2 Ducks'): a long row read
    out card by card was a wall of names on a phone, and the order is what matters."""
    runs: list[list] = []
    for s in row:
        if runs and runs[-1][0] == s:
            runs[-1][1] += 1
        else:
            runs.append([s, 1])
    return ", ".join(species_name(s) if n == 1 else birds(s, n) for s, n in runs) or "empty"


class CuBirdsPhone(PhoneGame):
    card_size = (200, 280)

    def sections(self, view, names, match) -> list[Section]:
        seat = view.seat
        hand = tuple(PhoneCard(f"face:{s}", species_name(s, n), n) for s, n in view.hand)
        mine = tuple(PhoneCard(f"face:{s}", species_name(s, n), n)
                     for s, n in view.collections[seat])
        rows = tuple(f"Row {r + 1}: {row_text(row)}" for r, row in enumerate(view.rows))
        return [Section("Your hand", hand, empty="No cards in hand"),
                Section("Your collection", mine, empty="No flocks yet"),
                Section("The rows", lines=rows)]

    def ask(self, view, legal, follow, names, match=None) -> Ask:
        if view.phase == PLACE:
            return self._place(view, legal)
        if view.phase == RESTORE:
            row = view.pending_row
            return Ask(f"Row {row + 1} needs a second species: where does the "
                       f"{species_name(view.pending)} go?",
                       [Choice(f"{side.capitalize()} end of row {row + 1}",
                               f"The {species_name(view.pending)} joins the {side} end",
                               actions=(Restore(side),)) for side in SIDES])
        if view.phase == DRAW:
            return Ask("Nothing trapped: draw 2 cards from the deck?", [
                Choice("Draw 2", "Take the top 2 cards of the deck", actions=(DrawTwo(True),)),
                Choice("No thanks", "Keep your hand as it is", actions=(DrawTwo(False),))])
        if view.phase == FLOCK:
            hand = dict(view.hand)
            choices = []
            for action in legal:
                if isinstance(action, Flock):
                    n = hand[action.species]
                    keep = flock_reward(action.species, n)
                    size = "Big" if keep == 2 else "Small"
                    choices.append(Choice(
                        f"Fly {birds(action.species, n)}",
                        f"{size} flock: {keep} to your collection, {n - keep} discarded",
                        f"face:{action.species}", (action,)))
            choices.append(Choice("No flock", "Keep your cards", actions=(Pass(),)))
            return Ask("Complete a flock, or keep your cards", choices)
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
                _, taken, _ = enclose(list(view.rows[action.row]), species, n,
                                      action.side == LEFT)
                where = f"{action.side.capitalize()} end of row {action.row + 1}"
                if taken:
                    detail = f"{where}: you take {cards_text(taken)}"
                elif n == total:
                    detail = f"{where}: nothing trapped, your hand is empty: the round ends"
                else:
                    detail = f"{where}: nothing trapped"
                row = row_text(view.rows[action.row])
                ends.append(Choice(where, detail + f" (row: {row})", actions=(action,),
                                   confirm="Land them here"))
            choices.append(Choice(birds(species, n), f"Land your {birds(species, n)}",
                                  f"face:{species}",
                                  then=Ask(f"Where do your {birds(species, n)} land?", ends)))
        return Ask("Choose a species to land", choices, layout="cards")

    def image_keys(self) -> list[str]:
        return [f"face:{s}" for s in INDEX]

    def image(self, key: str, assets, patterns: bool):
        kind, _, species = key.partition(":")
        if kind != "face" or species not in INDEX:
            raise KeyError(key)
        return art.face(species, patterns, self.card_size)


PHONE = CuBirdsPhone("cubirds")
