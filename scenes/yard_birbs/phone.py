"""Yard Birbs on a phone: the hand, the Lifer, the feeder and the seat's yard; each
decision as tappable cards or buttons, with a move's follow-ups grouped (take a bird,
then its flock; an ability, then its targets), each flock choice saying what it scores
as the TV's tip line does. A move that draws a card (Birdseed, Fly Off) ends the group:
what the draw brings must not be known before it is made."""
from __future__ import annotations

import pygame

from game.yard_birbs import rules as R
from game.yard_birbs.cards import ABILITIES, BIRDSEED, CARD_BY_KEY, card_name, kind_name
from scenes.table.phones.api import Ask, Choice, PhoneCard, PhoneGame, Section
from sprites import yard_birbs_cards as art
from game.i18n import _, ngettext, pgettext

SIZE = (196, 273)
MAX_DEPTH = 4
# decisions that belong with the one before them: a taken bird's flock, an ability's
# targets (not the ability after a flock, the next trick, or a bury after a draw)
GROUPED = frozenset(name for name, phase in R.PHASES.items() if not phase.fresh)
CARD_ACTIONS = (R.Play, R.Take, R.PickHand, R.PickFeeder, R.PickYard)


def card_key(card) -> str:
    return f"face:{card[0]}-{card[1]}"


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


class YardBirbsPhone(PhoneGame):
    def sections(self, view, names, match) -> list[Section]:
        seat = view.seat
        lifer = view.lifer
        hand = tuple(PhoneCard(card_key(c), card_name(c)) for c in view.hand)
        feeder = tuple(PhoneCard(card_key(s.card), _("{card} ({name})").format(
                           card=card_name(s.card), name=names[s.seat]))
                       for s in view.feeder if s.card is not None)
        comma = pgettext("list separator", ", ")
        yard = tuple(_("Flock {number}: {kind}, {points}: {cards}").format(
                         number=i + 1, kind=kind_name(f.kind), points=points(f.points),
                         cards=comma.join(card_name(c) for c in f.cards))
                     for i, f in enumerate(view.yards[seat]))
        abilities = tuple(_("{ability} (place {token} or better): {text}").format(
                              ability=ABILITIES[a].title, token=t, text=ABILITIES[a].words)
                          for t, a in view.abilities)
        return [Section(_("Your hand"), hand, empty=_("No cards in hand")),
                Section(_("The Lifer"), (PhoneCard(card_key(lifer), card_name(lifer)),)),
                Section(_("The feeder"), feeder, empty=_("The feeder is empty")),
                Section(_("Your yard"), lines=yard, empty=_("No birds yet")),
                Section(_("Abilities (round {round}, trick {trick})").format(
                    round=view.round, trick=view.trick), lines=abilities)]

    def ask(self, view, legal, follow, names, match=None) -> Ask:
        ask = self._tree(view, legal, follow, (), 0)
        if view.phase == R.PLAY:   # the cards that may not be played, greyed with why
            playable = {a.card for a in legal if isinstance(a, R.Play)}
            for card in view.hand:
                if card not in playable:
                    ask.choices.append(Choice(card_name(card),
                                              _("Must follow a suit in the feeder"),
                                              card_key(card), disabled=True))
        return ask

    def _tree(self, view, legal, follow, prefix: tuple, depth: int) -> Ask:
        """One level of choices; a choice whose next decision is still this seat's opens
        the next level (read from the seat's determinization)."""
        here = follow.view(prefix) if prefix else view
        choices = []
        for action in legal:
            label, detail, image = self._words(here, action)
            path = prefix + (action,)
            if depth < MAX_DEPTH and self._groups(here.phase, action):
                more = follow.legal(path)
                if more and follow.view(path).phase in GROUPED:
                    choices.append(Choice(label, detail, image,
                                          then=self._tree(view, more, follow, path, depth + 1)))
                    continue
            choices.append(Choice(label, detail, image, path))
        layout = "cards" if choices and all(c.image for c in choices) else "buttons"
        prompt = (_(R.PHASE_PROMPTS[here.phase]) if here.phase in R.PHASE_PROMPTS
                  else _("Your move"))
        if here.phase == R.PLAY and not here.feeder_cards():
            prompt = _("Lead any card")
        return Ask(prompt, choices, layout)

    @staticmethod
    def _groups(phase: str, action) -> bool:
        """Does the seat's next decision belong with this one? Not after a card is played
        (the trick goes on), nor after a draw."""
        if phase == R.PLAY:
            return False
        if isinstance(action, R.UseAbility) and action.ability == BIRDSEED:
            return False
        return phase != R.FLY_OFF_BIRD

    def _words(self, view, action) -> tuple[str, str, str | None]:
        """Label, what it does, and the card image of one choice."""
        if isinstance(action, CARD_ACTIONS):
            card = action.card
            detail = self.describe(action)
            if card[2] == view.lifer.species:
                detail = _("{move} \u00b7 Lifer species").format(move=detail)
            return card_name(card), detail, card_key(card)
        if isinstance(action, R.ToFlock):
            bird = view.pending_bird
            if action.flock == R.NEW_FLOCK:
                return _("New flock"), _("Start a new flock (a lone bird scores 0)"), None
            flock = view.yards[view.seat][action.flock]
            after = flock.plus(bird) if bird is not None else flock
            gain = after.points - flock.points
            return (_("Flock {number}").format(number=action.flock + 1),
                    _("{kind} flock of {size}: {points} (+{gain})").format(
                        kind=kind_name(after.kind), size=len(after.cards),
                        points=points(after.points), gain=gain), None)
        if isinstance(action, R.PickFlock):
            flock = view.yards[view.seat][action.flock]
            return (_("Flock {number}").format(number=action.flock + 1),
                    _("{kind} flock of {size} ({points})").format(
                        kind=kind_name(flock.kind), size=len(flock.cards),
                        points=points(flock.points)), None)
        if isinstance(action, R.UseAbility):
            info = ABILITIES[action.ability]
            return info.title, info.words, None   # the name is the button's label above it
        if isinstance(action, R.Skip):
            return _("No ability"), _("Use no ability this trick"), None
        return self.describe(action), "", None

    def scores(self, view) -> list[str | None]:
        return [str(t) for t in view.totals]

    def image_keys(self) -> list[str]:
        return [card_key(c) for c in CARD_BY_KEY.values()]

    def image(self, key: str, assets, patterns: bool):
        kind, _sep, rest = key.partition(":")
        suit, _sep, number = rest.partition("-")
        card = CARD_BY_KEY.get((int(suit), int(number))) if kind == "face" else None
        if card is None:
            raise KeyError(key)
        return pygame.transform.smoothscale(art.face(card, patterns), SIZE)


PHONE = YardBirbsPhone("yard_birbs")
