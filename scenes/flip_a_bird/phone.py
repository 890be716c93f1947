"""Flip a Bird on a phone: the hand as cards, the row and the seat's tip, and the turn's
choices (draw, claim after a confirm, play a card, take a card of a claimed row). When a
claim is on, every tipping phone offers red and green at once: a tip made before the
rules reach that seat waits for it (see scenes/table/phones/desk.py), so nobody waits."""
from __future__ import annotations

from game.flip_a_bird import rules as R
from game.flip_a_bird.cards import CARDS
from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from sprites.flip_a_bird_cards import FabCards

SIZE = (200, 280)


def card_key(card) -> str:
    return f"face:{card.id}"


def tip_choices(view) -> list[Choice]:
    return [Choice("Tip red: too many birds", f"More than {view.limit} birds in the row",
                   actions=(R.TIP_RED,), confirm="Tip red"),
            Choice("Tip green: not too many", f"{view.limit} birds or fewer in the row",
                   actions=(R.TIP_GREEN,), confirm="Tip green")]


class FlipABirdPhone(PhoneGame):
    def sections(self, view, names, match) -> list[Section]:
        seat = view.seat
        hand = tuple(PhoneCard(card_key(c), c.label) for c in view.hand)
        row = []
        for slot in view.row:
            who = names[slot.played_by]
            if slot.card is not None and slot.face_up:
                row.append(f"{slot.card.label} (face up, {who})")
            elif slot.card is not None:
                row.append(f"{slot.card.label} (face down, yours)")
            else:
                cage = "open" if slot.open_back else "covered"
                row.append(f"face down, {cage} cage ({who})")
        out = [Section("Your hand", hand, empty="No cards in hand"),
               Section(f"The row (limit {view.limit} birds)", lines=tuple(row),
                       empty="The row is empty")]
        tip = view.tips[seat] if seat < len(view.tips) else None
        if view.phase in (R.PHASE_TIP, R.PHASE_PICK) and tip in ("red", "green"):
            out.insert(1, Section("Your tip", lines=(
                f"You tipped {tip}: {'too many' if tip == 'red' else 'not too many'} birds",)))
        won = view.won[seat]
        if won:
            out.append(Section("Your won cards",
                               tuple(PhoneCard(card_key(c), c.label) for c in won)))
        return out

    def ask(self, view, legal, follow, names, match=None) -> Ask:
        phase = view.phase
        if phase == R.PHASE_TURN:
            choices = []
            if R.DRAW in legal:
                back = "an open cage" if view.pile_top_open else "a covered cage"
                choices.append(Choice("Draw a card", f"The pile shows {back}; then play a card",
                                      actions=(R.DRAW,)))
            else:
                choices += self._plays(view, legal, " face down (the pile is empty)")
            if R.CLAIM in legal:
                accused = names[view.last_player] if view.last_player is not None else ""
                confirm = Ask(f"Claim: more than {view.limit} birds in the row?", [
                    Choice("Claim!", f"Everyone else tips; {accused} is accused",
                           actions=(R.CLAIM,), confirm="Claim!")])
                choices.append(Choice("Claim: too many birds!",
                                      f"Say the row holds more than {view.limit} birds",
                                      then=confirm))
            layout = "buttons" if R.DRAW in legal else "cards"
            return Ask("Draw a card, or claim" if R.DRAW in legal else
                       "The pile is empty: play a card face down, or claim", choices, layout)
        if phase == R.PHASE_PLAY:
            way = " face up" if view.play_face_up else " face down"
            return Ask(f"Choose a card to play{way}", self._plays(view, legal, way), "cards")
        if phase == R.PHASE_TIP:
            return Ask(f"{names[view.claimant]} claims! Too many birds (red) or not (green)?",
                       tip_choices(view))
        if phase == R.PHASE_PICK:
            cards = {c.id: c for c in view.share}
            return Ask(f"Take a card for your pile ({len(view.share)} left)", [
                Choice(cards[a.card].label, f"Take the {cards[a.card].label}",
                       card_key(cards[a.card]), (a,), confirm="Take it")
                for a in legal if isinstance(a, R.Pick)], "cards")
        return super().ask(view, legal, follow, names, match)

    def _plays(self, view, legal, way: str) -> list[Choice]:
        hand = {c.id: c for c in view.hand}
        out = []
        for action in legal:
            if not isinstance(action, R.Play):
                continue
            card = hand[action.card]
            detail = f"Play the {card.label}{way}"
            if (view.play_face_up and view.row and all(s.face_up for s in view.row)
                    and R.count_birds([s.card.face for s in view.row] + [card.face]) > view.limit):
                detail += ": it puts the face-up row over, so the old row is discarded"
            out.append(Choice(card.label, detail, card_key(card), (action,), confirm="Play it"))
        return out

    def early(self, view, names, match=None) -> Ask | None:
        """Tip now, while the rules still take another seat's tip."""
        if view.phase != R.PHASE_TIP or view.seat not in view.waiting_tips:
            return None
        return Ask(f"{names[view.claimant]} claims! Tip now, in secret", tip_choices(view))

    def waiting(self, view, names) -> str:
        if view.phase == R.PHASE_TIP:
            return f"{names[view.claimant]} claims! The others are tipping"
        if view.phase == R.PHASE_PICK and view.current is not None:
            return f"{names[view.current]} takes a card ({len(view.share)} left)"
        return super().waiting(view, names)

    def image_keys(self) -> list[str]:
        return [card_key(c) for c in CARDS]

    def image(self, key: str, assets, patterns: bool):
        kind, _, ident = key.partition(":")
        if kind != "face" or not ident.isdigit() or int(ident) >= len(CARDS):
            raise KeyError(key)
        return FabCards(assets, patterns).face(CARDS[int(ident)].face, SIZE)


PHONE = FlipABirdPhone("flip_a_bird")
