"""Which scene a run starts on, from the flags: the title, or straight into a game."""
from __future__ import annotations

from game.scene import Scene
from game.session import quick_match


def first_scene(ctx) -> Scene:
    from scenes.title import Title

    opts = ctx.options
    if opts.game is not None:
        from scenes.tables import make_table, playable

        if playable(opts.game):
            match = quick_match(opts.game, opts.players, opts.seed, autoplay=opts.autoplay)
            return make_table(ctx, match)
        ctx.log.warning("%s has no table yet; starting at the title instead.", opts.game)
    return Title(ctx)
