"""History: the recent matches, each person's record and a chart of it.

One job a module: ``screen`` (the screen and its match panel, placed by
``game/layouts/history.tmx``), ``charts`` (the two charts), ``export`` (a match out as a
replay file, or watched again), ``words`` (how dates, seats and results are said) and
``slices`` (work spread over frames). What other code imports from ``scenes.history``
is here, so ``scenes.history:History`` also names the screen as a route.
"""
from scenes.history.charts import finish, nice_top, score_chart, wins_chart
from scenes.history.export import export_match, replays_dir, watch_replay
from scenes.history.screen import (
    PAGE_ROWS, History, LineGroup, MatchDetail, MatchRow, draw_seat_line, row_picture)
from scenes.history.slices import Jobs, one_step
from scenes.history.words import ALL_GAMES, LEVEL_NAMES, game_name, seat_label, when, winner_line

__all__ = [
    "ALL_GAMES", "LEVEL_NAMES", "PAGE_ROWS", "History", "Jobs", "LineGroup", "MatchDetail",
    "MatchRow", "draw_seat_line", "export_match", "finish", "game_name", "nice_top",
    "one_step", "replays_dir", "row_picture", "score_chart", "seat_label", "watch_replay",
    "when", "wins_chart", "winner_line"]
