"""Where a run starts (the title, or straight into a game) and the scenes the app shell
itself opens by name (the shell imports no scene: main.py hands it these)."""
from __future__ import annotations

from game.scene import Scene
from game.session import quick_match


ROUTES = {
    "title": "scenes.title:Title",
    "attract": "scenes.attract:Attract",
    "error": "scenes.error:ErrorScene",
    "controller_lost": "scenes.overlays:ControllerLost",
    "still_playing": "scenes.overlays:StillPlaying",
}
"""Every screen opened by name, as "module:Class": imported only when first opened."""


def routes() -> dict[str, str]:
    """The routes table (a fresh copy: an App resolves its entries as it opens them)."""
    return dict(ROUTES)


def first_scene(ctx) -> Scene:
    opts = ctx.options
    if opts.replay is not None:
        from game.replay import find_recording
        from scenes.replay import replay_table

        title = ctx.app.make("title")   # leaving the replay lands on the title
        ctx.stack.push(title)
        return replay_table(ctx, find_recording(opts.replay, ctx.store))   # ReplayError: main
    if opts.game is not None:
        from scenes.table.spec import make_table, playable

        if playable(opts.game):
            match = quick_match(opts.game, opts.players, opts.seed, autoplay=opts.autoplay)
            if opts.phones is not None:
                open_phones(ctx, match.num_players)
            return make_table(ctx, match)
        ctx.log.warning("%s has no table yet; starting at the title instead.", opts.game)
    return ctx.app.make("title")


def open_phones(ctx, seats: int) -> None:
    """--phones with --game: the table starts with phones on; a phone that opens a
    seat's link (in the log) takes that seat, whoever held it."""
    phones = ctx.phones
    if phones is None or not phones.open(seats):
        return
    for seat in range(seats):
        ctx.log.info("Phone link for seat %d: %s (code %s)", seat + 1, phones.url(seat),
                     phones.code(seat))
