"""Flappy Families on a phone: the hand by family, the bonus families and (with the memory
aid on) the face-down cards this seat knows; the Wild as a 5x3 grid of tappable cards.

Step 2 is grouped as on the TV, so Back can undo it until the last tap: A then the second
card, B then the card to hide, C then a card and its space. A flip is never grouped with
anything after it: what a flip shows must not be known before it is made."""
from __future__ import annotations

from types import SimpleNamespace

from game.flappy_families import rules as R
from game.flappy_families.cards import CARD_FAMILY, FAMILIES, PREDATOR, card_name, family_name
from game.i18n import N_, _
from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from sprites.flappy_families_cards import FFCards

SIZE = (156, 218)
MINI = (120, 168)
OPTION_WORDS = {"A": N_("Flip a second card"), "B": N_("Take the card, hide one in its place"),
                "C": N_("Hide cards in empty spaces, draw as many")}   # shown through _()


def _first_up(text: str) -> str:
    """``text`` starting with a capital (str.capitalize would lower the rest)."""
    return text[:1].upper() + text[1:]


def _option(letter: str) -> str:
    """An option's name on screen (R.OPTION_NAMES holds the English)."""
    return _(R.OPTION_NAMES[letter])


def memory(view, slot: int) -> tuple[int, str] | None:
    """(family, "seen" | "yours") for a face-down card this seat knows, else None."""
    sv = view.wild[slot]
    if sv is None or sv.face_up or sv.card is None:
        return None
    return CARD_FAMILY[sv.card], "yours" if sv.placed_by == view.seat else "seen"


def family_words(family: int) -> str:
    if family == PREDATOR:
        return _("a predator")
    return _("a {family} card").format(family=family_name(family))


class FlappyFamiliesPhone(PhoneGame):
    aid = False   # the memory aid, as set when the decision being built was asked

    def sections(self, view, names, match) -> list[Section]:
        counts: dict[int, int] = {}
        for card in view.hand:
            counts[CARD_FAMILY[card]] = counts.get(CARD_FAMILY[card], 0) + 1
        hand = tuple(PhoneCard(f"mini:{f}", family_name(f), n) for f, n in sorted(counts.items()))
        out = [Section(_("Your hand"), hand, empty=_("No cards in hand")),
               Section(_("Bonus families"), lines=(
                   _("+2 a bird: {family}").format(family=family_name(view.bonus2)),
                   _("+1 a bird: {family}").format(family=family_name(view.bonus1))))]
        if match is not None and match.option("memory_aid"):
            lines = []
            for slot in range(R.SLOTS):
                known = memory(view, slot)
                if known is not None:
                    family, kind = known
                    what = family_name(family)
                    line = (_("{where}: {what} (you hid it)") if kind == "yours"
                            else _("{where}: {what} (you saw it)"))
                    lines.append(line.format(where=_first_up(R.slot_label(slot)), what=what))
            out.append(Section(_("What you remember"), lines=tuple(lines),
                               empty=_("No face-down card you know")))
        return out

    def ask(self, view, legal, follow, names, match=None) -> Ask:
        phase = view.phase
        self.aid = match is not None and bool(match.option("memory_aid"))
        if phase in (R.FLIP, R.FLIP_SECOND):
            prompt = (_("Step 1: flip any card in the Wild") if phase == R.FLIP else
                      _("{option}: find another {family}").format(
                          option=_option("A"), family=self._flipped_family(view)))
            return self._grid(view, prompt, {a.slot: (a,) for a in legal}, _("Flip it"))
        if phase == R.ACTION:
            return self._options(view, legal, follow)
        if phase in (R.B_CARD, R.C_CARD):
            return self._cards(view, legal, follow, ())
        if phase == R.C_SPACE:
            return self._grid(view, _("{option}: choose an empty space for it").format(
                option=_option("C")), {a.slot: (a,) for a in legal}, _("Hide it here"))
        return super().ask(view, legal, follow, names, match)

    def _flipped_family(self, view) -> str:
        if view.flipped is None or view.wild[view.flipped] is None:
            return _("bird of the same family")
        card = view.wild[view.flipped].card
        return family_name(CARD_FAMILY[card]) if card is not None else _("bird")

    def _options(self, view, legal, follow) -> Ask:
        choices = []
        for option in R.OPTIONS:
            action = R.Choose(option)
            if action not in legal:
                choices.append(Choice(_(OPTION_WORDS[option]), _("Not possible now"),
                                      disabled=True))
                continue
            prefix = (action,)
            if option == "A":
                slots = {a.slot: prefix + (a,) for a in follow.legal(prefix)
                         if isinstance(a, R.Flip)}
                ask = _("{option}: find another {family}").format(
                    option=_option("A"), family=self._flipped_family(view))
                then = self._grid(view, ask, slots, _("Flip it"))
            else:
                then = self._cards(view, follow.legal(prefix), follow, prefix)
            choices.append(Choice(_(OPTION_WORDS[option]), then=then))
        return Ask(_("Step 2: what do you do with the card?"), choices)

    def _cards(self, view, legal, follow, prefix: tuple) -> Ask:
        """Which hand card (by family) to hide; C goes on to its space."""
        picks = [a for a in legal if isinstance(a, R.PickCard)]
        phase_b = bool(prefix) and prefix[0] == R.CHOOSE_B or view.phase == R.B_CARD
        where = R.slot_label(view.flipped) if view.flipped is not None else ""
        choices = []
        for pick in picks:
            label = family_name(pick.family)
            if phase_b:
                choices.append(Choice(label, _("Hide {what} at {where}").format(
                                          what=family_words(pick.family), where=where),
                                      f"mini:{pick.family}", prefix + (pick,),
                                      confirm=_("Hide it")))
                continue
            spaces = {a.slot: prefix + (pick, a) for a in follow.legal(prefix + (pick,))
                      if isinstance(a, R.PickSpace)}
            then = self._grid(view, _("Hide {what}: choose an empty space").format(
                what=family_words(pick.family)), spaces, _("Hide it here"))
            choices.append(Choice(label, image=f"mini:{pick.family}", then=then))
        prompt = (_("{option}: which card goes face down in its place?").format(
                      option=_option("B")) if phase_b
                  else _("{option}: choose a card to hide").format(option=_option("C")))
        return Ask(prompt, choices, "cards")

    def _grid(self, view, prompt: str, targets: dict, confirm: str) -> Ask:
        """The Wild, 5 x 3: a target slot is a choice, the rest are shown, not chosen."""
        choices = []
        for slot in range(R.SLOTS):
            sv = view.wild[slot]
            where = _first_up(R.slot_label(slot))
            if sv is None:
                image, what = "nest", _("an empty space")
            elif sv.face_up:
                image, what = f"face:{sv.card}", card_name(sv.card)
            else:
                known = memory(view, slot) if self.aid else None
                image = "back" if known is None else f"back:{known[0]}:{known[1]}"
                what = _("a face-down card")
                if known is not None:
                    what = (_("a face-down card (you hid {what} here)") if known[1] == "yours"
                            else _("a face-down card (you saw {what} here)")).format(
                                what=family_words(known[0]))
            detail = _("{where}: {what}").format(where=where, what=what)
            if slot in targets:
                choices.append(Choice("", detail, image, targets[slot], confirm=confirm))
            else:
                choices.append(Choice("", detail, image, blank=True))
        return Ask(prompt, choices, "grid", cols=R.COLS)

    def scores(self, view) -> list[str | None]:
        return [None if s is None else str(s) for s in view.scores]

    def image_keys(self) -> list[str]:
        families = range(len(FAMILIES) + 1)
        return (["back", "nest"] + [f"face:{c}" for c in range(len(CARD_FAMILY))]
                + [f"mini:{f}" for f in families]
                + [f"back:{f}:{how}" for f in families for how in ("seen", "yours")])

    def image(self, key: str, assets, patterns: bool):
        cards = FFCards(assets, SimpleNamespace(colour_patterns=patterns))
        kind, _, rest = key.partition(":")
        if kind == "face":
            return cards.face(int(rest), SIZE)
        if kind == "mini":
            return cards.mini(int(rest), MINI)
        if kind == "nest":
            return cards.nest(SIZE)
        if kind == "back":
            if not rest:
                return cards.back(SIZE)
            family, _, how = rest.partition(":")
            return cards.back(SIZE, memory=(int(family), how))
        raise KeyError(key)


PHONE = FlappyFamiliesPhone("flappy_families")
