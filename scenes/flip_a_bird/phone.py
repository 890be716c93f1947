"""Flip a Bird on a phone: the hand as cards, the row and the seat's tip, and the turn's
choices (draw, claim after a confirm, play a card, take a card of a claimed row). When a
claim is on, every tipping phone offers red and green at once: a tip made before the
rules reach that seat waits for it (see scenes/table/phones/desk.py), so nobody waits."""
from __future__ import annotations

from game.flip_a_bird import rules as R
from game.flip_a_bird.cards import CARDS
from game.i18n import _
from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from sprites.flip_a_bird_cards import FabCards

SIZE = (200, 280)


def card_key(card) -> str:
    return f"face:{card.id}"


def tip_choices(view) -> list[Choice]:
    return [Choice(_("Tip red: too many birds"),
                   _("More than {limit} birds in the row").format(limit=view.limit),
                   actions=(R.TIP_RED,), confirm=_("Tip red")),
            Choice(_("Tip green: not too many"),
                   _("{limit} birds or fewer in the row").format(limit=view.limit),
                   actions=(R.TIP_GREEN,), confirm=_("Tip green"))]


class FlipABirdPhone(PhoneGame):
    def sections(self, view, names, match) -> list[Section]:
        seat = view.seat
        hand = tuple(PhoneCard(card_key(c), c.label) for c in view.hand)
        row = []
        for slot in view.row:
            who = names[slot.played_by]
            if slot.card is not None and slot.face_up:
                row.append(_("{card} (face up, {name})").format(card=slot.card.label, name=who))
            elif slot.card is not None:
                row.append(_("{card} (face down, yours)").format(card=slot.card.label))
            elif slot.open_back:
                row.append(_("face down, open cage ({name})").format(name=who))
            else:
                row.append(_("face down, covered cage ({name})").format(name=who))
        out = [Section(_("Your hand"), hand, empty=_("No cards in hand")),
               Section(_("The row (limit {limit} birds)").format(limit=view.limit),
                       lines=tuple(row), empty=_("The row is empty"))]
        tip = view.tips[seat] if seat < len(view.tips) else None
        if view.phase in (R.PHASE_TIP, R.PHASE_PICK) and tip in ("red", "green"):
            out.insert(1, Section(_("Your tip"), lines=(
                _("You tipped red: too many birds") if tip == "red"
                else _("You tipped green: not too many birds"),)))
        won = view.won[seat]
        if won:
            out.append(Section(_("Your won cards"),
                               tuple(PhoneCard(card_key(c), c.label) for c in won)))
        return out

    def ask(self, view, legal, follow, names, match=None) -> Ask:
        phase = view.phase
        if phase == R.PHASE_TURN:
            choices = []
            if R.DRAW in legal:
                detail = (_("The pile shows an open cage; then play a card")
                          if view.pile_top_open else
                          _("The pile shows a covered cage; then play a card"))
                choices.append(Choice(_("Draw a card"), detail, actions=(R.DRAW,)))
            else:
                choices += self._plays(view, legal, "empty")
            if R.CLAIM in legal:
                accused = names[view.last_player] if view.last_player is not None else ""
                confirm = Ask(_("Claim: more than {limit} birds in the row?").format(
                    limit=view.limit), [
                    Choice(_("Claim!"), _("Everyone else tips; {name} is accused").format(
                        name=accused), actions=(R.CLAIM,), confirm=_("Claim!"))])
                choices.append(Choice(_("Claim: too many birds!"),
                                      _("Say the row holds more than {limit} birds").format(
                                          limit=view.limit),
                                      then=confirm))
            layout = "buttons" if R.DRAW in legal else "cards"
            return Ask(_("Draw a card, or claim") if R.DRAW in legal else
                       _("The pile is empty: play a card face down, or claim"), choices, layout)
        if phase == R.PHASE_PLAY:
            way = "up" if view.play_face_up else "down"
            prompt = (_("Choose a card to play face up") if view.play_face_up
                      else _("Choose a card to play face down"))
            return Ask(prompt, self._plays(view, legal, way), "cards")
        if phase == R.PHASE_TIP:
            return Ask(_("{name} claims! Too many birds (red) or not (green)?").format(
                name=names[view.claimant]), tip_choices(view))
        if phase == R.PHASE_PICK:
            cards = {c.id: c for c in view.share}
            return Ask(_("Take a card for your pile ({left} left)").format(
                left=len(view.share)), [
                Choice(cards[a.card].label,
                       _("Take the {card}").format(card=cards[a.card].label),
                       card_key(cards[a.card]), (a,), confirm=_("Take it"))
                for a in legal if isinstance(a, R.Pick)], "cards")
        return super().ask(view, legal, follow, names, match)

    def _plays(self, view, legal, way: str) -> list[Choice]:
        """The hand's cards to play ``way``: "up", "down", or "empty" (face down, the
        pile being empty)."""
        hand = {c.id: c for c in view.hand}
        out = []
        for action in legal:
            if not isinstance(action, R.Play):
                continue
            card = hand[action.card]
            if (view.play_face_up and view.row and all(s.face_up for s in view.row)
                    and R.count_birds([s.card.face for s in view.row] + [card.face]) > view.limit):
                if way == "up":
                    detail = _("Play the {card} face up: it puts the face-up row over, so the "
                               "old row is discarded")
                elif way == "down":
                    detail = _("Play the {card} face down: it puts the face-up row over, so "
                               "the old row is discarded")
                else:
                    detail = _("Play the {card} face down (the pile is empty): it puts the "
                               "face-up row over, so the old row is discarded")
            elif way == "up":
                detail = _("Play the {card} face up")
            elif way == "down":
                detail = _("Play the {card} face down")
            else:
                detail = _("Play the {card} face down (the pile is empty)")
            out.append(Choice(card.label, detail.format(card=card.label), card_key(card),
                              (action,), confirm=_("Play it")))
        return out

    def early(self, view, names, match=None) -> Ask | None:
        """Tip now, while the rules still take another seat's tip."""
        if view.phase != R.PHASE_TIP or view.seat not in view.waiting_tips:
            return None
        return Ask(_("{name} claims! Tip now, in secret").format(name=names[view.claimant]),
                   tip_choices(view))

    def waiting(self, view, names) -> str:
        if view.phase == R.PHASE_TIP:
            return _("{name} claims! The others are tipping").format(
                name=names[view.claimant])
        if view.phase == R.PHASE_PICK and view.current is not None:
            return _("{name} takes a card ({left} left)").format(name=names[view.current],
                                                                 left=len(view.share))
        return super().waiting(view, names)

    def image_keys(self) -> list[str]:
        return [card_key(c) for c in CARDS]

    def image(self, key: str, assets, patterns: bool):
        kind, _sep, ident = key.partition(":")
        if kind != "face" or not ident.isdigit() or int(ident) >= len(CARDS):
            raise KeyError(key)
        return FabCards(assets, patterns).face(CARDS[int(ident)].face, SIZE)


PHONE = FlipABirdPhone("flip_a_bird")
