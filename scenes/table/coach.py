"""A guided first game: a coach walks a newcomer through their first few moves.

The first time someone picks a game they have never played, Game select asks "First
time?" (:class:`GuideOffer`): a guided game, or just play. The guided game is the game's
own table with the coach beside it (scenes.table.coached.CoachedTable), dealt from
the game's fixed seed (``scenes/<id>/guide.py`` names it, with the player count and the
coach's words) so the first moves show the rules that matter, one person against Easy
AI seats. For the first few decisions the coach

* asks the hint machinery (``request_hint``/``show_hint``, scenes/table/hints.py) for a
  move, answered at once and the same every time by the Normal AI (:class:`CoachBot`),
* says in a panel what this pick is about (the guide's words for the table's current
  ``step``) and which move it suggests, and
* points an arrow at the option that leads to it (the guide's ``point`` finds it).

A different choice is allowed: the coach then says what it had suggested. Coaching ends
only when the guide's ``moves`` decisions are made *and* every kind of pick that has
come up has had its lesson on screen: a kind met for the first time later (Yard Birbs'
"Birdseed: bury a card" right after the third move) opens the coach again, and its
goodbye ("that's the basics") waits for a decision of a kind already taught. Then it is
a normal game (H still asks for hints), until a new kind of pick comes up. So a guide
needs a lesson for every step its table can ask (tests/test_coach.py plays each guided
game to check). The panel and the arrow are placed clear of every name, label, card
corner and ability text the frame notes for the ten-foot audit (``cover`` items).
A guided game is not recorded (``records = False``): it is neither in History nor in
anyone's statistics, and it cannot be continued.

Whether a game was offered is kept in the settings file (``guided_seen``), so a machine
asks once per game; a game the store already holds a match of counts as played. A kiosk
never asks (its visitors are strangers and it saves nothing); Game select's Y / H
starts a guided game of the focused game at any time.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Mapping

import pygame

from game.ai import Decision, make_bot
from game.engine import GAMES
from game.input import Act
from game.session import SEAT_NAMES, Match, Seat
from scenes.overlays import Overlay
from scenes.widgets import Button
from sprites import ui
from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.context import Context



@dataclass(frozen=True)
class Guide:
    """A game's guided first game: the deal, who plays, and what the coach says."""

    seed: int
    players: int
    lessons: Mapping[str, str]              # each pick step the table asks -> what it is about
    moves: int = 3                          # decisions coached (and every new kind after)
    point: Callable[[object, object], object] | None = None
    #   (table, suggested action) -> the value of the current picker's option that
    #   leads to it, or None when the picks so far lead elsewhere (default: the action)
    # the coach's words in English, marked for the catalogue (a guide's own are marked
    # in its guide.py); the coach's panel translates them as it shows them
    hello: str = N_("I'll point at a good move for your first few choices.")
    goodbye: str = N_("That's the basics. From here on it's a normal game: press H "
                      "(Y on a controller) whenever you'd like a hint.")
    fallback: str = N_("Choose where the arrow points, or anything you like.")


def guide_for(game_id: str) -> Guide | None:
    """The game's guide (None if its table names none)."""
    from scenes.table.spec import table_spec

    spec = table_spec(game_id)
    if spec is None or not spec.guide:
        return None
    return getattr(importlib.import_module(spec.guide), "GUIDE", None)


# -- first play ----------------------------------------------------------------------------
def first_play(ctx: Context, game_id: str) -> bool:
    """Should picking ``game_id`` offer a guided game? Only if it has a guide, this is no
    kiosk, it was never offered here, and the store holds no match of it."""
    if ctx.options.kiosk or guide_for(game_id) is None:
        return False
    if game_id in ctx.settings.guided_seen:
        return False
    if ctx.store.count_finished(game_id=game_id) > 0:
        return False
    return not any(entry.game_id == game_id for entry in ctx.store.unfinished())


def remember_offer(ctx: Context, game_id: str) -> None:
    """The offer was answered: never ask for this game again (kiosks keep no settings)."""
    if ctx.options.kiosk or game_id in ctx.settings.guided_seen:
        return
    ctx.settings.guided_seen = tuple(sorted(set(ctx.settings.guided_seen) | {game_id}))
    ctx.save_settings()


def guided_match(ctx: Context, game_id: str, guide: Guide) -> Match:
    """One person (the most recent profile's name, if any) against Easy AI seats."""
    profiles = ctx.store.profiles(1)
    name = profiles[0].name if profiles else SEAT_NAMES[0]
    others = [n for n in SEAT_NAMES if n.casefold() != name.casefold()]
    seats = (Seat(name, True, colour=0),) + tuple(
        Seat(others[i], False, "easy", colour=i + 1) for i in range(guide.players - 1))
    return Match(game_id, seats, guide.seed)


def start_guided(ctx: Context, game_id: str) -> None:
    """Open a guided game of ``game_id`` on top of the current screen."""
    remember_offer(ctx, game_id)
    ctx.session.last_game = game_id
    ctx.go("guided", game_id)   # coached_table, by its route


# -- the coach's suggestions ----------------------------------------------------------------
class CoachBot:
    """The hint bot of a guided game: the Normal AI's move, at once and the same on every
    run of the same deal, told with what it does for the player (as a Hard hint is)."""

    def __init__(self, game_id: str, seed: int, names: list[str]) -> None:
        self.game_id = game_id
        self.names = names
        self.bot = make_bot(game_id, "normal", seed=seed)

    def begin(self, state, seat: int) -> Decision:
        from game.ai.ismcts import SearchDecision

        return SearchDecision(state, seat, action=self.bot.choose(state, seat))


class GuideOffer(Overlay):
    """Game select on a game never played here: a guided game (focused first) or just play.
    BACK goes back to Game select without deciding (the next pick asks again)."""

    panel_size = (1160, 500)
    prompts = ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Back")))   # drawn through said()

    def __init__(self, ctx: Context, game_id: str,
                 just_play: Callable[[], object]) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        self.just_play = just_play
        guide = guide_for(game_id)
        self.moves = guide.moves if guide is not None else 3
        cx, y = self.panel.centerx, self.panel.bottom - 140
        guided = Button(pygame.Rect(cx - 470, y, 450, 96), _("Guided game"), self.guided)
        plain = Button(pygame.Rect(cx + 20, y, 450, 96), _("Just play"), self.plain)
        self.group.widgets = [guided, plain]
        self.group.focus(guided)

    def guided(self) -> None:
        self.ctx.stack.pop()
        start_guided(self.ctx, self.game_id)

    def plain(self) -> None:
        remember_offer(self.ctx, self.game_id)
        self.ctx.stack.pop()
        self.just_play()

    def draw_content(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        name = GAMES[self.game_id].name
        q = a.text_fit(_("First time playing {game}?").format(game=name), 56, self.panel.w - 80, ui.TEXT, "title")
        surface.blit(q, q.get_rect(midtop=(self.panel.centerx, self.panel.y + 44)))
        words = ngettext("In a guided game a coach points at a good choice for your first "
                         "{n} move and says why, and explains each new kind of choice when "
                         "it first comes up. Then it's a normal game against the AI.",
                         "In a guided game a coach points at a good choice for your first "
                         "{n} moves and says why, and explains each new kind of choice when "
                         "it first comes up. Then it's a normal game against the AI.",
                         self.moves).format(n=self.moves)
        d = a.text_block(words, 36, self.panel.w - 120, ui.TEXT_MUTED)
        surface.blit(d, d.get_rect(midtop=(self.panel.centerx, self.panel.y + 140)))
