"""Where a run starts (the title, or straight into a game) and the one routes table: every
screen by name, so scenes open each other with ``ctx.go("history")`` and the app shell
with ``app.make("title")``, and no screen imports another screen's module."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.session import quick_match

if TYPE_CHECKING:
    from game.context import Context
    from game.scene import Scene


ROUTES = {
    # menus
    "title": "scenes.title:Title",
    "game_select": "scenes.game_select:GameSelect",
    "seat_setup": "scenes.seat_setup:SeatSetup",
    "rules": "scenes.rules:Rules",
    "history": "scenes.history:History",
    "settings": "scenes.settings:SettingsScene",
    "error": "scenes.error:ErrorScene",
    # games
    "table": "scenes.table.spec:make_table",           # (match, resume=None)
    "guided": "scenes.table.coached:coached_table",      # (game_id)
    "replay": "scenes.replay:replay_scene",            # (match id, file or Recording)
    "results": "scenes.results:Results",
    "rejoin": "scenes.resume:Rejoin",
    "attract": "scenes.attract:Attract",
    # over a screen or a game
    "pause": "scenes.pause:Pause",
    "confirm": "scenes.overlays:Confirm",
    "privacy": "scenes.overlays:PrivacyScreen",
    "controller_lost": "scenes.overlays:ControllerLost",
    "still_playing": "scenes.overlays:StillPlaying",
    "saved_game": "scenes.resume:SavedGameChoice",
    "guide_offer": "scenes.table.coach:GuideOffer",
    "seats": "scenes.table.seats:SeatsMenu",
    "seat_return": "scenes.table.seats:SeatReturn",
    "phone_waiting": "scenes.table.waiting:PhoneWaiting",
}
"""Every screen opened by name, as "module:name" (a scene class, or a function
(ctx, ...) -> Scene): its module is imported only when it is first opened."""


def routes() -> dict[str, str]:
    """The routes table (a fresh copy: an App resolves its entries as it opens them)."""
    return dict(ROUTES)


def first_scene(ctx: Context) -> Scene:
    opts = ctx.options
    if opts.replay is not None:
        from game.replay import find_recording

        title = ctx.make("title")   # leaving the replay lands on the title
        ctx.stack.push(title)
        return ctx.make("replay", find_recording(opts.replay, ctx.store))   # ReplayError: main
    if opts.game is not None:
        from scenes.table.spec import playable

        if playable(opts.game):
            match = quick_match(opts.game, opts.players, opts.seed, autoplay=opts.autoplay)
            if opts.phones is not None:
                open_phones(ctx, match.num_players)
            return ctx.make("table", match)
        ctx.log.warning("%s has no table yet; starting at the title instead.", opts.game)
    return ctx.make("title")


def open_phones(ctx: Context, seats: int) -> None:
    """--phones with --game: the table starts with phones on; a phone that opens a
    seat's link (in the log) takes that seat, whoever held it."""
    phones = ctx.phones
    if phones is None or not phones.open(seats):
        return
    for seat in range(seats):
        ctx.log.info("Phone link for seat %d: %s (code %s)", seat + 1, phones.url(seat),
                     phones.code(seat))
