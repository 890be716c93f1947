"""Where a run starts (the title, or straight into a game) and the scenes the app shell
itself opens by name (the shell imports no scene: main.py hands it these)."""
from __future__ import annotations

from game.scene import Scene
from game.session import quick_match


def routes() -> dict[str, type[Scene]]:
    """The scenes the shell opens on its own: idle demo, crash recovery, pauses."""
    from scenes.attract import Attract
    from scenes.error import ErrorScene
    from scenes.overlays import ControllerLost, StillPlaying
    from scenes.title import Title

    return {"title": Title, "attract": Attract, "error": ErrorScene,
            "controller_lost": ControllerLost, "still_playing": StillPlaying}


def first_scene(ctx) -> Scene:
    from scenes.title import Title

    opts = ctx.options
    if opts.replay is not None:
        from game.replay import find_recording
        from scenes.replay import replay_table

        title = Title(ctx)   # leaving the replay lands on the title
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
    return Title(ctx)


def open_phones(ctx, seats: int) -> None:
    """--phones with --game: the table starts with phones on; a phone that opens a
    seat's link (in the log) takes that seat, whoever held it."""
    phones = ctx.phones
    if phones is None or not phones.open(seats):
        return
    for seat in range(seats):
        ctx.log.info("Phone link for seat %d: %s (code %s)", seat + 1, phones.url(seat),
                     phones.code(seat))
