"""What one phone is shown, as JSON: built from ``state.view(seat)``, the table's public
log lines and what the table knows of that seat's own phone (:class:`SeatNews`), never
from the real state. Also the decision a phone was shown (:class:`OpenAsk`) and how its
leaves map back to actions, and the picture a phone shows in Seat setup."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from game.engine import GAMES
from scenes.table.phones.api import Ask, Follow, PhoneGame, Section
from sprites import ui
from game.i18n import _

LOG_LINES = 6          # the table log lines a phone shows


def hex_colour(colour: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % tuple(colour[:3])


def seat_colour(match, seat: int) -> str:
    return hex_colour(ui.SEAT_COLOURS[match.seats[seat].colour % 6])


@dataclass
class OpenAsk:
    """A decision a phone was shown: its id, when it was made and its leaves by path."""

    id: int
    moves: int
    early: bool
    tree: Ask
    leaves: dict[tuple, tuple] = field(default_factory=dict)


def make_ask(game: PhoneGame, state, seat: int, names: Sequence[str],
             match=None) -> tuple[Ask, bool] | None:
    """The decision for ``seat`` now: its turn's (False) or an early one (True), or None.
    Reads the view, the legal actions and a determinization for the seat only."""
    if state.is_terminal():
        return None
    view = state.view(seat)
    if state.current_player == seat:
        return game.ask(view, state.legal_actions(), Follow(state, seat), names,
                        match), False
    early = game.early(view, names, match)
    return (early, True) if early is not None else None


def leaves_of(ask: Ask, prefix: tuple = ()) -> dict[tuple, tuple]:
    out: dict[tuple, tuple] = {}
    for i, choice in enumerate(ask.choices):
        path = prefix + (i,)
        if choice.then is not None:
            out.update(leaves_of(choice.then, path))
        elif choice.actions and not (choice.disabled or choice.blank):
            out[path] = tuple(choice.actions)
    return out


def ask_json(ask: Ask, image_url: Callable[[str], str]) -> dict:
    options = []
    for choice in ask.choices:
        option: dict = {"label": choice.label}
        if choice.detail:
            option["detail"] = choice.detail
        if choice.image:
            option["img"] = image_url(choice.image)
        if choice.then is not None:
            option["then"] = ask_json(choice.then, image_url)
        if choice.disabled:
            option["disabled"] = True
        if choice.blank:
            option["blank"] = True
        if choice.confirm:
            option["confirm"] = choice.confirm
        options.append(option)
    out = {"prompt": ask.prompt, "layout": ask.layout, "options": options}
    if ask.cols:
        out["cols"] = ask.cols
    return out


def sections_json(sections: Sequence[Section], image_url: Callable[[str], str]) -> list[dict]:
    out = []
    for section in sections:
        item: dict = {"title": section.title}
        if section.cards:
            item["cards"] = [{"img": image_url(c.image) if c.image else None, "label": c.label,
                              "count": c.count} for c in section.cards]
        if section.lines:
            item["lines"] = list(section.lines)
        if section.empty:
            item["empty"] = section.empty
        out.append(item)
    return out


@dataclass
class SeatNews:
    """What the table adds to a seat's payload besides the view: its open decision,
    what it chose early, its hint, and whether play waits for its phone."""

    ask: OpenAsk | None = None
    queued: tuple = ()
    hint: tuple[tuple, str] | None = None
    hints_on: bool = False
    mine_soon: bool = False


def build_payload(game: PhoneGame, state, seat: int, match, log: Sequence[str],
                  news: SeatNews, image_url: Callable[[str], str]) -> dict:
    """Everything one phone shows, from ``state.view(seat)`` and public lines only."""
    view = state.view(seat)
    names = match.names
    sections = list(game.sections(view, names, match))
    if news.queued:
        sections.insert(0, Section(_("Your choice"), lines=tuple(
            _("{move} (it counts when the rules reach you)").format(move=game.describe(a))
            for a in news.queued)))
    current = state.current_player
    scores = game.scores(view)
    decision = None
    if news.ask is not None:
        decision = ask_json(news.ask.tree, image_url)
        decision["id"] = news.ask.id
        decision["hint"] = news.hints_on and not news.ask.early
        if news.hint is not None:
            decision["hint_path"] = list(news.hint[0])
            decision["hint_text"] = news.hint[1]
    if state.is_terminal():
        turn = _("Game over: {headline}").format(headline=match.headline(state.winners()))
    elif news.ask is not None and not news.ask.early:
        turn = _("Your turn")
    elif news.ask is not None:
        turn = news.ask.tree.prompt
    elif current == seat:
        turn = _("Your turn is next\u2026") if news.mine_soon else _("Your turn")
    else:
        turn = game.waiting(view, names)
    return {
        "type": "state",
        "game": GAMES[state.game_id].name,
        "you": {"seat": seat, "name": names[seat], "colour": seat_colour(match, seat)},
        "turn": turn,
        "seats": [{"name": names[s], "colour": seat_colour(match, s),
                   "score": scores[s] if s < len(scores) else None,
                   "turn": s == current} for s in range(match.num_players)],
        "sections": sections_json(sections, image_url),
        "decision": decision,
        "log": list(log)[-LOG_LINES:],
        "over": state.is_terminal(),
    }


def lobby_payload(match, seat: int, game_name: str, note: str) -> dict:
    """What a phone shows in Seat setup: who it is and that the game has not begun."""
    return {"type": "state", "game": game_name,
            "you": {"seat": seat, "name": match.seats[seat].name,
                    "colour": seat_colour(match, seat)},
            "turn": note,
            "seats": [{"name": s.name, "colour": seat_colour(match, i), "score": None,
                       "turn": False} for i, s in enumerate(match.seats)],
            "sections": [], "decision": None, "log": [], "over": False}
