"""Why a hint suggests its move, in plain words: the move, then one thing it surely does
for the mover ("Place your 2 Robins at the left end of row 3: they trap 2 Owls, which
join your hand.").

The reason is read from the position as the mover sees it and from nothing else: a
game's explainer gets ``state.view(seat)``, the action and the legal actions (which the
contract makes a function of that view). So a hint never tells a card the player has
not seen, reads the same whatever the search's budget, and never gives another seat's
later move ("Wren is up") as the reason for this one.

What a move does is each game's own knowledge: ``GameSpec.explain`` names a module of
the game's package whose ``reason(view, action, legal, names)`` returns the consequence
as a clause in the second person ("you take 2 Owls"), or "" when it has nothing sure to
say. This module holds the wording the games share. Every line is a whole template with
named placeholders, so a later gettext pass can translate it.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

from game.engine import GAMES, Action, State, rules_module
from game.i18n import N_, _, ngettext

# The hint line: the move in words, then its reason as a sentence of its own. A move
# that already ends in "!" or "?" ("Claim: too many birds!") takes no full stop.
# (In English, marked for the catalogue; translated where the line is made.)
LINE = N_("{move}. {reason}.")
LINE_MARKED = N_("{move} {reason}.")
ONLY_LINE = N_("{move} (your only legal move). {reason}.")
ONLY_LINE_MARKED = N_("{move} (your only legal move) {reason}.")
BARE_LINE = N_("{move}.")
BARE_LINE_MARKED = "{move}"
ONLY_BARE_LINE = N_("{move} (your only legal move).")
ONLY_BARE_LINE_MARKED = N_("{move} (your only legal move)")
_LINES = {(True, False, False): LINE, (True, True, False): LINE_MARKED,
          (True, False, True): ONLY_LINE, (True, True, True): ONLY_LINE_MARKED,
          (False, False, False): BARE_LINE, (False, True, False): BARE_LINE_MARKED,
          (False, False, True): ONLY_BARE_LINE, (False, True, True): ONLY_BARE_LINE_MARKED}

# Lists and counts the games' reasons share.
PAIR = N_("{first} and {last}")
SERIES = N_("{first}, {rest}")
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
ORDINAL = N_("{n}th")

Reason = Callable[[Any, Action, Sequence[Action], Sequence[str] | None], str]


def describe(game_id: str, action: Action, names: Sequence[str] | None = None) -> str:
    """The action in words, by the game's ``describe_action`` if it has one."""
    describer: Callable | None = getattr(rules_module(game_id), "describe_action", None)
    return describer(action, names) if describer is not None else str(action)


def explainer(game_id: str) -> Reason | None:
    """The game's ``reason`` function (its GameSpec's ``explain`` module), or None."""
    name = GAMES[game_id].explain
    if not name:
        return None
    return getattr(importlib.import_module(name), "reason", None)


def reason(game_id: str, view: Any, action: Action, legal: Sequence[Action],
           names: Sequence[str] | None = None) -> str:
    """What ``action`` surely does for the seat whose ``view`` this is ('' if the game
    cannot say)."""
    explain = explainer(game_id)
    return explain(view, action, legal, names) if explain is not None else ""


def line(game_id: str, view: Any, action: Action, legal: Sequence[Action],
         names: Sequence[str] | None = None) -> str:
    """The hint's line for the log (or a phone): the move, and why."""
    move = describe(game_id, action, names).rstrip(".")
    why = reason(game_id, view, action, legal, names)
    template = _LINES[bool(why), move.endswith(("!", "?")), len(legal) == 1]
    if template != BARE_LINE_MARKED:     # "{move}" alone has no words to translate
        template = _(template)
    return template.format(move=move, reason=why[:1].upper() + why[1:])


def hint_line(state: State, seat: int, action: Action,
              names: Sequence[str] | None = None) -> str:
    """:func:`line` for ``seat`` deciding on ``state`` (read through its view only)."""
    return line(state.game_id, state.view(seat), action, state.legal_actions(), names)


# -- shared wording ----------------------------------------------------------------------
def listing(parts: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = list(parts)
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    last = _(PAIR).format(first=parts[-2], last=parts[-1])
    for part in reversed(parts[:-2]):
        last = _(SERIES).format(first=part, rest=last)
    return last


def by_count(count: int, one: str, many: str) -> str:
    """The template for ``count`` things, ``one`` or ``many`` in the language shown
    (ngettext's choice, by that language's plural forms). The games' reasons mark their
    pairs with ``ngettext`` where they are written, so the catalogue holds them."""
    return ngettext(one, many, count)


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th'."""
    return _(ORDINALS[n]) if n in ORDINALS else _(ORDINAL).format(n=n)


__all__ = ["LINE", "by_count", "describe", "explainer", "hint_line", "line", "listing",
           "ordinal", "reason"]
