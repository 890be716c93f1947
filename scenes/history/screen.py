"""History: the recent matches (paged; watch or export one), each person's record per
game, and a chart of their scores or of their wins per game -- all read from ctx.store.

The store is asked only when what is shown changes (a page, a filter, a person, a game)
and the answers are kept in the scene, with the rows' and charts' pictures, in bounded
caches: a frame draws without touching the database, however many matches it holds.
What a change shows next is built in slices of a few milliseconds a frame (a row at a
time, a chart a stage at a time), and in spare frames the screen builds what the likely
next change will show (the next and previous page, person and game), so turning a page
or changing a choice costs a frame no more than its reads from the caches.

The list holds every match that can be watched again -- finished and abandoned ones, as
``--replay ID`` does -- each with its number, which ``--replay`` takes.

Keys: LEFT/RIGHT change a choice, UP/DOWN move line by line, LB/RB (Q/E) turn pages (or
pick the next person), X (Tab) switches between Matches and Statistics; the mouse clicks
the tabs, rows and page buttons.

Positions come from the Tiled layout ``game/layouts/history.tmx``; the charts are in
charts.py, export in export.py.
"""
from __future__ import annotations

import math
from typing import Callable, Iterator, Sequence

import pygame

from game import layouts
from game.assets import LRU
from game.engine import GAMES
from game.i18n import N_, _, ngettext
from game.input import Act, Input
from game.store import MatchSummary, SeatRecord, Stats, Store, shown
from scenes.base import MenuScene, draw_backdrop, draw_prompts, said
from scenes.history.charts import score_chart, wins_chart
from scenes.history.export import Exported, export_match, watch_replay
from scenes.history.slices import Jobs, one_step
from scenes.history.words import ALL_GAMES, LEVEL_NAMES, game_name, seat_label, when, winner_line
from scenes.overlays import Overlay
from scenes.widgets import Button, Choice, FocusGroup, Widget
from sprites import ui

LAYOUT_OBJECTS = (   # what history.tmx names
    "title", "tab_matches", "tab_stats", "filter", "count", "row", "no_rows", "newer", "page",
    "older", "person", "game", "stats", "chart", "no_record", "empty_head", "empty_why", "back",
    "detail", "detail_head", "detail_outcome", "detail_seats", "detail_message", "watch",
    "export", "close")
PAGE_ROWS = 5                      # matches a page (the layout's ``row``, then one a pitch)
CHART_POINTS = 40                  # the last this-many games in the score chart
LINE_SLACK = 24                    # widgets whose centres are this close form one line
REPAINT_PAD = 56                   # a widget's shadow, lift and focus ring fit in this
SLICE = 0.002                      # seconds a frame may spend building pictures and reading


def layout(ctx) -> layouts.Layout:
    """The screen's positions (read once a run)."""
    return layouts.get("history", ctx.log, LAYOUT_OBJECTS)


def place(where: layouts.Layout, name: str) -> pygame.Rect:
    """A named box of the layout as a fresh Rect (a widget may move its own)."""
    return pygame.Rect(where.get(name).rect)


# -- focus by lines -------------------------------------------------------------------------
class LineGroup(FocusGroup):
    """UP/DOWN go to the next line of widgets (the one nearest in x), wrapping at the
    ends: full-width rows and narrow buttons never strand the focus, as a cone search
    can when a wide row sits under a small button at the edge."""

    def move(self, dx: int, dy: int) -> bool:
        current = self.focused
        if dy == 0 or current is None:
            return super().move(dx, dy)
        others = [w for w in self.widgets if w.focusable and w is not current]
        cy = current.rect.centery
        ahead = [w for w in others if (w.rect.centery - cy) * dy > LINE_SLACK]
        if ahead:
            line = min(abs(w.rect.centery - cy) for w in ahead)
        else:   # wrap: the line at the far end the other way
            ahead = [w for w in others if (cy - w.rect.centery) * dy > LINE_SLACK]
            if not ahead:
                return True
            line = max(abs(w.rect.centery - cy) for w in ahead)
        row = [w for w in ahead if abs(abs(w.rect.centery - cy) - line) <= LINE_SLACK]
        target = min(row, key=lambda w: abs(w.rect.centerx - current.rect.centerx))
        self.focus(target)
        self._sound("tap")
        return True


def keyed(widget: Widget, key: str) -> Widget:
    """Name a widget, so focus can find its successor after a rebuild."""
    widget.key = key  # type: ignore[attr-defined]
    return widget


# -- the matches list --------------------------------------------------------------------------
class MatchRow(Widget):
    """One listed match: game, date, its number and result; every seat with its score
    (winners in gold with a star). Its words are one picture made once per match (the
    screen keeps them, see :func:`row_picture`); until it is made the panel shows alone."""

    def __init__(self, rect, summary: MatchSummary, on_press: Callable[[], object],
                 picture: pygame.Surface | None = None, inset: tuple[int, int] = (0, 0)
                 ) -> None:
        super().__init__(rect)
        self.summary = summary
        self.on_press = on_press
        self.picture = picture
        self.inset = inset   # where its words sit in its panel

    def activate(self) -> bool:
        self.on_press()
        return True

    backing: pygame.Surface | None = None   # its resting panel painted on the backdrop

    def draw(self, surface, assets, focused, t) -> None:
        rect = self.rect.move(0, -5) if focused else self.rect
        if self.backing is not None and not focused:
            surface.blit(self.backing, backing_rect(rect))
        else:
            ui.draw_shadowed_panel(surface, rect, ui.PANEL_LIGHT if focused else ui.PANEL, 20)
        if self.picture is not None:
            surface.blit(self.picture, (rect.x + self.inset[0], rect.y + self.inset[1]))
        if focused:
            ui.draw_focus_ring(surface, rect, t, 20)


def backing_rect(rect: pygame.Rect) -> pygame.Rect:
    """Where a resting row's panel and its shadow lie."""
    return pygame.Rect(rect.x - 8, rect.y - 2, rect.w + 16, rect.h + 16)


def row_picture(assets, s: MatchSummary, size: tuple[int, int]) -> pygame.Surface:
    """A match row's words: 'CuBirds · date · Match 12', the result on the right
    ('Abandoned' for a game left before its end), the seats and scores below."""
    width, height = size
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    head = assets.text(game_name(s.game_id), 36, ui.TEXT, "bold")
    out.blit(head, (0, 0))
    date = assets.text(_("  \u00b7  {date}  \u00b7  Match {number}").format(date=when(s.ended),
                                                                           number=s.id),
                       32, ui.TEXT_MUTED)
    out.blit(date, (head.get_width(), head.get_height() - date.get_height()))
    abandoned = s.status == "abandoned"
    won = assets.text(winner_line(s), 34, ui.TEXT_MUTED if abandoned else ui.ACCENT, "bold")
    out.blit(won, won.get_rect(topright=(width, 0)))
    y = head.get_height() + 4
    draw_seat_line(out, assets, s.seats, s.winners, pygame.Rect(0, y, width, 40))
    return ui.fast(out)


def draw_seat_line(surface: pygame.Surface, assets, seats: Sequence[SeatRecord],
                   winners: Sequence[int], area: pygame.Rect, size: int = 30) -> None:
    """Every seat as 'shape Name score' along one line, winners in gold with a star after
    the score. Too long a line gets equal columns with the names (never the scores) cut
    short: the font never shrinks below the ten-foot size."""
    shape_w, star_w, gap = 34, 30, 30
    cells = []
    for seat in seats:
        won = seat.seat in winners
        colour, face = (ui.ACCENT, "bold") if won else (ui.TEXT, "body")
        score = assets.text("" if seat.score is None else f" {seat.score}", size, colour, "bold")
        cells.append((seat, won, colour, face, score))
    names = [assets.text(seat_label(seat), size, colour, face)
             for seat, _, colour, face, _ in cells]
    widths = [shape_w + n.get_width() + sc.get_width() + (star_w if won else 0)
              for n, (_, won, _, _, sc) in zip(names, cells)]
    column = None
    if sum(widths) + gap * (len(cells) - 1) > area.w:
        column = (area.w - gap * (len(cells) - 1)) // len(cells)
    x, cy = area.x, area.centery
    for (seat, won, colour, face, score), name, width in zip(cells, names, widths):
        if column is not None:
            room = column - shape_w - score.get_width() - (star_w if won else 0)
            name = assets.text_fit(seat_label(seat), size, room, colour, face)
        index = seat.colour % 6
        ui.draw_shape(surface, ui.SEAT_SHAPES[index], (x + 12, cy), 12, ui.SEAT_COLOURS[index])
        surface.blit(name, name.get_rect(midleft=(x + shape_w, cy)))
        right = x + shape_w + name.get_width()
        surface.blit(score, score.get_rect(midleft=(right, cy)))
        if won:
            ui.draw_shape(surface, "star", (right + score.get_width() + 18, cy), 12, ui.ACCENT)
        x += (column if column is not None else width) + gap


class MatchDetail(Overlay):
    """One match, with what can be done with it: watch it again, export it."""

    prompts = ((Act.CONFIRM, N_("Choose")), (Act.BACK, N_("Close")))

    def __init__(self, ctx, summary: MatchSummary) -> None:
        super().__init__(ctx)
        self.layout = layout(ctx)
        self.panel = place(self.layout, "detail")
        self.summary = summary
        self.message = ""
        self.failed = False
        self.group.widgets = [
            Button(place(self.layout, "watch"), _("Watch replay"), self.watch),
            Button(place(self.layout, "export"), _("Export"), self.export),
            Button(place(self.layout, "close"), _("Close"), self.cancel)]

    def watch(self) -> None:
        self.message = watch_replay(self.ctx, self.summary.id)
        self.failed = bool(self.message)

    def export(self) -> None:
        self.message = export_match(self.ctx.store, self.summary.id)
        self.failed = not isinstance(self.message, Exported)
        self.ctx.play("error" if self.failed else "chirp")

    def draw_content(self, surface) -> None:
        a, s = self.ctx.assets, self.summary
        box = place(self.layout, "detail_head")
        head = a.text_fit(_("{game}  \u00b7  Match {number}  \u00b7  {date}").format(
            game=game_name(s.game_id), number=s.id, date=when(s.ended)), 52, box.w, ui.TEXT, "title")
        surface.blit(head, head.get_rect(midtop=box.midtop))
        if s.status == "abandoned":
            line = _("Abandoned before the end: nobody won. It can still be watched.")
        else:
            line = s.outcome or winner_line(s)
        box = place(self.layout, "detail_outcome")
        out = a.text_fit(line, 34, box.w, ui.ACCENT, "bold")
        surface.blit(out, out.get_rect(midtop=box.midtop))
        # the seats in two columns of up to ``rows``
        seats = self.layout.get("detail_seats")
        rows, gap = int(seats.prop("rows", 3)), int(seats.prop("gap", 0))
        col_w, pitch = (seats.w - gap) // 2, seats.h // rows
        for i, seat in enumerate(s.seats):
            x = seats.x + (i // rows) * (col_w + gap)
            y = seats.y + (i % rows) * pitch
            won = seat.seat in s.winners
            index = seat.colour % 6
            ui.draw_shape(surface, ui.SEAT_SHAPES[index], (x + 16, y + 22), 16,
                          ui.SEAT_COLOURS[index])
            name = a.text_fit(seat_label(seat), 36, col_w - 170, ui.ACCENT if won else ui.TEXT,
                              "bold" if won else "body")
            surface.blit(name, name.get_rect(midleft=(x + 48, y + 22)))
            score = a.text("" if seat.score is None else str(seat.score), 40,
                           ui.ACCENT if won else ui.TEXT, "bold")
            spot = score.get_rect(midright=(x + col_w, y + 22))
            surface.blit(score, spot)
            if won:   # the star says "winner" without relying on the gold
                ui.draw_shape(surface, "star", (spot.x - 30, spot.centery), 16, ui.ACCENT)
        if self.message:
            colour = ui.BAD if self.failed else ui.GOOD
            box = place(self.layout, "detail_message")
            note = a.text_block(self.message, 30, box.w, colour)
            surface.blit(note, note.get_rect(midbottom=box.midbottom))



# -- the screen --------------------------------------------------------------------------------
class History(MenuScene):
    """Recent matches and everyone's statistics, with a chart."""

    VIEWS = ("matches", "stats")
    TAB_LABELS = {"matches": N_("Matches"), "stats": N_("Statistics")}   # said with _()

    def __init__(self, ctx) -> None:
        self.store: Store = ctx.store
        self.games = [g for g, spec in GAMES.items() if spec.available]
        self.view = "matches"
        self.page = 0
        self.game_filter: str | None = None
        # what the store said, kept while the screen is open (nothing is recorded then)
        self._counts: dict[str | None, int] = {}
        self._pages = LRU(48)                       # (game filter, page) -> its matches
        self._stat_data = LRU(64)                   # (person, game) -> stats, chart points
        # pictures: what is shown and what the next change will want (3 MB a chart)
        self._charts = LRU(6, 18 << 20)             # (person, game) -> the chart
        self._pictures = LRU(24, 14 << 20)          # match id -> its row's words
        self.jobs = Jobs()
        self._patches: list[pygame.Rect] = []       # still-picture areas to paint again
        self._changed = False                       # load() ran this frame
        self.total = self.count(None)
        self.empty = self.total == 0
        self.people = [p.name for p in self.store.profiles()] if not self.empty else []
        self.person = 0
        self.stat_game: str | None = None
        self.rows: list[MatchSummary] = []
        self.stats: Stats | None = None
        self.by_game: list[Stats] = []
        self.chart: pygame.Surface | None = None
        self.layout = layout(ctx)
        self.chart_area = place(self.layout, "chart")      # Statistics' chart, on the right
        self._ready = False   # MenuScene.__init__ builds before anything is read
        self._version = 0
        self._still: pygame.Surface | None = None    # see draw()
        self._still_key = -1
        self._still_focus: Widget | None = None
        self._bases: dict[str, pygame.Surface] = {}  # per view: backdrop, title, tabs
        self._backings: dict[tuple, pygame.Surface] = {}   # per list slot (see backing)
        self.tabs = {view: place(self.layout, f"tab_{view}") for view in self.VIEWS}
        super().__init__(ctx)
        self._ready = True
        self.load()

    # -- reading the store (only when something changes) -----------------------------------
    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / PAGE_ROWS))

    @property
    def person_name(self) -> str | None:
        return self.people[self.person] if self.people else None

    def count(self, game_id: str | None) -> int:
        """How many matches the list holds (for one game), asked once."""
        if game_id not in self._counts:
            self._counts[game_id] = self.store.count_finished(game_id=game_id,
                                                              with_abandoned=True)
        return self._counts[game_id]

    def page_rows(self, game_id: str | None, page: int) -> tuple[MatchSummary, ...]:
        """One page of the list; read past the page before or after it when that one is
        known (the index goes straight there), else by its offset."""
        key = (game_id, page)
        rows = self._pages.get(key)
        if rows is None:
            older = self._pages.get((game_id, page - 1))
            newer = self._pages.get((game_id, page + 1))
            if older:
                mark, side = older[-1], "after"
            elif newer:
                mark, side = newer[0], "before"
            else:
                mark, side = None, ""
            where = {side: (mark.ended, mark.id)} if mark is not None else {}
            rows = tuple(self.store.recent(PAGE_ROWS, 0 if where else page * PAGE_ROWS,
                                           game_id=game_id, with_abandoned=True, **where))
            self._pages.put(key, rows)
        return rows

    def stat_data(self, name: str, game_id: str | None) -> tuple:
        """(stats, points) for one person and game, (by game, None) for all games."""
        key = (name, game_id)
        data = self._stat_data.get(key)
        if data is None:
            if game_id is None:
                data = (self.store.stats_by_game(name), None)
            else:
                data = (self.store.stats(name, game_id),
                        self.store.score_history(name, game_id, CHART_POINTS))
            self._stat_data.put(key, data)
        return data

    def load(self) -> None:
        """Ask the store (or the caches) for what the current view shows, lay the widgets
        out, and set the rest in motion: pictures still missing first, then the likely
        next views'."""
        if self.empty:
            pass
        elif self.view == "matches":
            self.total = self.count(self.game_filter)
            self.page = max(0, min(self.page, self.pages - 1))
            self.rows = list(self.page_rows(self.game_filter, self.page))
        elif self.person_name is not None:
            self._load_stats(self.person_name)
        self.build()
        self.plan()
        self._changed = True

    def _load_stats(self, name: str) -> None:
        data, points = self.stat_data(name, self.stat_game)
        if self.stat_game is None:
            self.by_game, self.stats = data, None
        else:
            self.stats = data
        self.chart = self._charts.get((name, self.stat_game))

    # -- building in slices --------------------------------------------------------------------
    def plan(self) -> None:
        """What is missing on screen is built first; in spare frames, what the next
        page, person, game or view will show."""
        jobs = self.jobs
        jobs.replan()
        if self.empty:
            return
        for row in self.group.widgets:
            if isinstance(row, MatchRow) and row.picture is None:
                jobs.want(("row", row.summary.id), lambda s=row.summary: self._row_job(s))
        name = self.person_name
        if self.view == "stats" and name is not None and self.chart is None:
            jobs.want(("chart", name, self.stat_game),
                      lambda: self._chart_job(name, self.stat_game))
        pages = [self.page + 1, self.page - 1] if self.view == "matches" else [self.page]
        charts = []
        if name is not None and self.view == "matches":
            charts.append((name, self.stat_game))
        elif name is not None:
            choices = [None, *self.games]
            here = choices.index(self.stat_game)
            charts += [(name, choices[(here + d) % len(choices)]) for d in (1, -1)]
            charts += [(self.people[(self.person + d) % len(self.people)], self.stat_game)
                       for d in (1, -1)]
        for page in pages:
            if 0 <= page < self.pages:
                jobs.want(("page", self.game_filter, page),
                          lambda p=page: self._page_job(self.game_filter, p), soon=False)
        for who, game_id in charts:
            if self._charts.get((who, game_id)) is None:
                jobs.want(("chart", who, game_id),
                          lambda w=who, g=game_id: self._chart_job(w, g), soon=False)
        for game_id in self.games:
            if game_id not in self._counts:
                jobs.want(("count", game_id), lambda g=game_id: one_step(self.count, g),
                          soon=False)
        for view in self.VIEWS:
            if view not in self._bases:
                jobs.want(("base", view), lambda v=view: one_step(self.base, v), soon=False)
        jobs.drop_unwanted()

    def picture(self, summary: MatchSummary) -> pygame.Surface:
        """A match row's words (made once, kept while they may be shown again)."""
        picture = self._pictures.get(summary.id)
        if picture is None:
            row = self.layout.get("row")
            inset_x, inset_y = self.row_inset()
            picture = row_picture(self.ctx.assets, summary,
                                  (row.w - 2 * inset_x, row.h - 2 * inset_y))
            self._pictures.put(summary.id, picture)
        return picture

    def row_inset(self) -> tuple[int, int]:
        """Where a row's words sit in its panel (their margin on every side)."""
        row = self.layout.get("row")
        return int(row.prop("inset_x", 0)), int(row.prop("inset_y", 0))

    def _row_job(self, summary: MatchSummary) -> Iterator[None]:
        """A shown row's words, then onto the screen."""
        picture = self.picture(summary)
        for row in self.group.widgets:
            if isinstance(row, MatchRow) and row.summary.id == summary.id and row.picture is None:
                row.picture = picture
                self._patches.append(row.rect)
        yield

    def _page_job(self, game_id: str | None, page: int) -> Iterator[None]:
        """A page of the list read, then its rows' words made, a row a step."""
        for summary in self.page_rows(game_id, page):
            yield
            self.picture(summary)

    def _chart_job(self, name: str, game_id: str | None) -> Iterator[None]:
        """A person's numbers read and their words rendered, then the chart in stages;
        onto the screen if it is the one shown."""
        data, points = self.stat_data(name, game_id)
        yield
        self._stat_words(data)
        yield
        if game_id is None:
            steps = wins_chart(self.ctx.assets, self.chart_area.size,
                               _("{name}: wins per game").format(name=name),
                               data, self.games)
        else:
            steps = score_chart(self.ctx.assets, self.chart_area.size,
                                _("{name}'s scores in {game}").format(
                                    name=name, game=game_name(game_id)), points)
        chart = yield from steps
        self._charts.put((name, game_id), chart)
        if self.view == "stats" and (self.person_name, self.stat_game) == (name, game_id):
            self.chart = chart
            self._patches.append(self.chart_area)

    def update(self, dt: float) -> None:
        """A slice of building; nothing ahead in a frame that already changed the view."""
        self.jobs.run(SLICE, later=not self._changed)
        self._changed = False

    def animating(self) -> bool:
        return self.jobs.busy or bool(self._patches) or super().animating()

    # -- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        if not self._ready:
            return
        old = getattr(self.group.focused, "key", None)
        widgets: list[Widget] = []
        if self.empty:
            widgets.append(keyed(Button(place(self.layout, "back"), _("Back"), self.back), "back"))
        elif self.view == "matches":
            widgets += self._match_widgets()
        else:
            widgets += self._stats_widgets()
        self.group = LineGroup(widgets, ctx=self.ctx)
        self._version += 1      # the still picture is out of date
        self._patches.clear()
        keys = [getattr(w, "key", None) for w in widgets]
        rows = [w for w, k in zip(widgets, keys) if str(k).startswith("row:")]
        if old in keys:
            self.group.focus(widgets[keys.index(old)])
        elif rows:   # a shorter page keeps focus in the list; otherwise the newest match
            self.group.focus(rows[-1] if str(old).startswith("row:") else rows[0])

    def _match_widgets(self) -> list[Widget]:
        names = [_(ALL_GAMES)] + [game_name(g) for g in self.games]
        current = 0 if self.game_filter is None else self.games.index(self.game_filter) + 1
        out: list[Widget] = [keyed(self._choice("filter", _("Game"), names, current,
                                                self._filter), "filter")]
        first = self.layout.get("row")
        pitch, inset = int(first.prop("pitch", first.h)), self.row_inset()
        for i, summary in enumerate(self.rows):
            rect = place(self.layout, "row").move(0, i * pitch)
            row = MatchRow(rect, summary, lambda s=summary: self.open(s),
                           self._pictures.get(summary.id), inset)
            row.backing = self.backing(rect)
            out.append(keyed(row, f"row:{i}"))
        newer = Button(place(self.layout, "newer"), _("\u2039 Newer"),
                       lambda: self.turn(-1), enabled=self.page > 0, size=40)
        older = Button(place(self.layout, "older"), _("Older \u203a"),
                       lambda: self.turn(1), enabled=self.page < self.pages - 1, size=40)
        return out + [keyed(newer, "newer"), keyed(older, "older")]

    def _stats_widgets(self) -> list[Widget]:
        if not self.people:
            return []
        names = [_(ALL_GAMES)] + [game_name(g) for g in self.games]
        game = 0 if self.stat_game is None else self.games.index(self.stat_game) + 1
        return [keyed(self._choice("person", _("Player"), self.people, self.person,
                                   self._pick_person), "person"),
                keyed(self._choice("game", _("Game"), names, game, self._pick_game), "game")]

    def _choice(self, name: str, label: str, options: Sequence[str], index: int,
                on_change: Callable[[int], object]) -> Choice:
        """A choice where the layout's ``name`` is, its value where its ``split`` says."""
        split = float(self.layout.get(name).prop("split", 0.5))
        return Choice(place(self.layout, name), label, options, index, on_change, split=split)

    # -- changes -------------------------------------------------------------------------------
    def _filter(self, index: int) -> None:
        self.game_filter = None if index == 0 else self.games[index - 1]
        self.page = 0
        self.load()

    def _pick_person(self, index: int) -> None:
        self.person = index
        self.load()

    def _pick_game(self, index: int) -> None:
        self.stat_game = None if index == 0 else self.games[index - 1]
        self.load()

    def turn(self, delta: int) -> bool:
        """Another page of matches; False (and a buzz) at either end."""
        page = max(0, min(self.pages - 1, self.page + delta))
        if page == self.page:
            self.ctx.play("error")
            return False
        self.page = page
        self.ctx.play("flip")
        self.load()
        return True

    def switch(self, view: str) -> None:
        if view != self.view and not self.empty:
            self.view = view
            self.ctx.play("tap")
            self.load()

    def open(self, summary: MatchSummary) -> None:
        self.ctx.stack.push(MatchDetail(self.ctx, summary))

    # -- input ---------------------------------------------------------------------------------
    @property
    def prompts(self) -> tuple:  # type: ignore[override]
        if self.empty:
            return ((Act.BACK, N_("Back")),)
        other = self.TAB_LABELS["stats" if self.view == "matches" else "matches"]
        if self.view == "matches":
            return ((Act.CONFIRM, N_("Open")), (Act.NEXT, N_("Older page")), (Act.ALT, other),
                    (Act.BACK, N_("Back")))
        return ((Act.LEFT, N_("Change")), (Act.NEXT, N_("Next player")), (Act.ALT, other),
                (Act.BACK, N_("Back")))

    def handle(self, event: Input) -> bool:
        act = event.act
        if act is Act.ALT:
            self.switch("stats" if self.view == "matches" else "matches")
            return True
        if act in (Act.PREV, Act.NEXT) and not self.empty:
            delta = -1 if act is Act.PREV else 1
            if self.view == "matches":
                self.turn(delta)
            elif self.people:
                self.person = (self.person + delta) % len(self.people)
                self.ctx.play("tap")
                self.load()
            return True
        if act is Act.CONFIRM and event.pos is not None:
            for view, rect in self.tabs.items():
                if rect.collidepoint(event.pos):
                    self.switch(view)
                    return True
        return super().handle(event)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """A still picture of everything but the focused widget: made again when the
        data changes, patched where focus left and arrived when it moves. A frame blits
        it, draws the focused widget with its breathing ring, and the prompts."""
        focused = self.group.focused
        if self._still is None or self._still.get_size() != surface.get_size():
            self._still = pygame.Surface(surface.get_size(), 0, surface)
            self._still_key = -1
        if self._still_key != self._version:
            self._paint(self._still.get_rect())
            self._still_key, self._still_focus = self._version, focused
        elif self._still_focus is not focused:
            for widget in (self._still_focus, focused):
                if widget is not None:
                    self._paint(widget.rect.inflate(REPAINT_PAD, REPAINT_PAD))
            self._still_focus = focused
        for area in self._patches:       # pictures finished since (a row's words, a chart)
            self._paint(area.inflate(REPAINT_PAD, REPAINT_PAD))
        self._patches.clear()
        surface.blit(self._still, (0, 0))
        if focused is not None:
            focused.draw(surface, self.ctx.assets, True, self.ctx.pulse)
        draw_prompts(surface, self.ctx, said(self.prompts))

    def relabel(self) -> None:
        """The language changed: every picture of words is made again (rows, charts,
        the title and tabs), and the widgets with them."""
        self._charts = LRU(6, 18 << 20)
        self._pictures = LRU(24, 14 << 20)
        self._bases.clear()
        self.chart = None
        self.load()

    def _paint(self, area: pygame.Rect) -> None:
        """The still picture within ``area``: the screen, then every unfocused widget
        that reaches into it, all clipped (a patch costs its size, and shadows are not
        laid twice)."""
        still, focused = self._still, self.group.focused
        area = area.clip(still.get_rect())
        still.set_clip(area)
        self._draw_base(still)
        for widget in self.group.widgets:
            if widget is not focused and \
                    widget.rect.inflate(REPAINT_PAD, REPAINT_PAD).colliderect(area):
                widget.draw(still, self.ctx.assets, False, 0.0)
        still.set_clip(None)

    def backing(self, rect: pygame.Rect) -> pygame.Surface:
        """A list slot's resting panel and shadow on the backdrop, as one opaque picture
        (one quick blit instead of two translucent ones for every row)."""
        area = backing_rect(rect)
        key = tuple(area)
        picture = self._backings.get(key)
        if picture is None:
            picture = pygame.Surface(area.size, 0, 32)
            picture.blit(ui.vertical_gradient(ui.CANVAS, ui.BG_TOP, ui.BG), (0, 0), area)
            ui.draw_shadowed_panel(picture, rect.move(-area.x, -area.y), ui.PANEL, 20)
            picture = self._backings[key] = ui.fast_opaque(picture)
        return picture

    def base(self, which: str) -> pygame.Surface:
        """What never changes in a view ("matches", "stats" or "empty"), painted once:
        the backdrop, the title, the tabs and the Statistics panels."""
        base = self._bases.get(which)
        if base is None:
            base = pygame.Surface(ui.CANVAS, 0, 32)
            draw_backdrop(base)
            title = self.ctx.assets.text(_("History"), 84, ui.TEXT, "title")
            base.blit(title, title.get_rect(midleft=place(self.layout, "title").midleft))
            if which != "empty":
                self._draw_tabs(base, which)
            if which == "stats" and self.people:
                for panel in (place(self.layout, "stats"), self.chart_area):
                    ui.draw_shadowed_panel(base, panel, ui.PANEL, 24)
            base = self._bases[which] = ui.fast_opaque(base)
        return base

    def _draw_base(self, surface: pygame.Surface) -> None:
        surface.blit(self.base("empty" if self.empty else self.view), (0, 0))
        if self.empty:
            self._draw_empty(surface)
        else:
            if self.view == "matches":
                self._draw_matches(surface)
            else:
                self._draw_stats(surface)

    def _draw_tabs(self, surface, shown: str) -> None:
        a = self.ctx.assets
        for view, rect in self.tabs.items():
            current = view == shown
            surface.blit(ui.panel(rect.size, ui.PANEL_LIGHT if current else ui.PANEL, 18), rect)
            label = a.text(_(self.TAB_LABELS[view]), 44, ui.TEXT if current else ui.TEXT_MUTED,
                           "title")
            surface.blit(label, label.get_rect(center=rect.center))
            if current:   # the open tab: underlined, not ringed (the ring is focus)
                pygame.draw.rect(surface, ui.ACCENT, (rect.x + 24, rect.bottom - 10,
                                                      rect.w - 48, 6), border_radius=3)

    def empty_lines(self) -> tuple[str, str]:
        """What the screen says when there is nothing to show, and why."""
        if self.store.problem:
            return _("No history to show."), shown(self.store.problem)
        if not self.store.saving:
            return _("No history to show."), _("This Birdhouse does not keep its games.")
        return (_("No finished games yet."),
                _("Finish a game and it will show up here, with everyone's statistics."))

    def _draw_empty(self, surface) -> None:
        a = self.ctx.assets
        head, why = self.empty_lines()
        big = a.text(head, 64, ui.TEXT, "title")
        surface.blit(big, big.get_rect(midbottom=place(self.layout, "empty_head").midbottom))
        box = place(self.layout, "empty_why")
        small = a.text(why, 36, ui.TEXT_MUTED)
        if small.get_width() > box.w:   # a long reason wraps
            small = a.text_block(why, 36, box.w, ui.TEXT_MUTED)
        surface.blit(small, small.get_rect(midtop=box.midtop))

    def _draw_matches(self, surface) -> None:
        a = self.ctx.assets
        count = a.text(ngettext("{n} game", "{n} games", self.total).format(n=self.total), 36,
                       ui.TEXT_MUTED)
        surface.blit(count, count.get_rect(midright=place(self.layout, "count").midright))
        page = a.text(_("Page {number} of {count}").format(number=self.page + 1,
                                                           count=self.pages), 36, ui.TEXT, "bold")
        surface.blit(page, page.get_rect(center=place(self.layout, "page").center))
        if not self.rows:
            none = a.text(_("No games of this kind yet."), 36, ui.TEXT_MUTED)
            surface.blit(none, none.get_rect(center=place(self.layout, "no_rows").center))

    def stat_rows(self, data=None) -> list[tuple[str, str, tuple]]:
        """Statistics' left panel as (label, value, colour): the numbers, then the record
        against each AI level (for ``data``, a person's stats or by-game list; by
        default what is shown)."""
        rows = [(label, value, ui.TEXT) for label, value in self.stat_lines(data)]
        levels = self.level_lines(data)
        return rows + [(label, value, ui.TEXT_MUTED) for label, value in levels]

    def _stat_words(self, data) -> None:
        """The left panel's words for ``data`` rendered ahead (the assets keep them)."""
        for label, value, colour in self.stat_rows(data):
            self._stat_texts(label, value, colour)

    def _stat_texts(self, label: str, value: str, colour) -> tuple[pygame.Surface, ...]:
        """One line of the left panel: its label (cut short to leave ``space`` before the
        value) and its value."""
        a, panel = self.ctx.assets, self.layout.get("stats")
        v = a.text(value, 36, ui.ACCENT, "bold")
        room = panel.w - v.get_width() - 2 * int(panel.prop("pad", 0)) \
            - int(panel.prop("space", 0))
        return a.text_fit(label, 34, room, colour), v

    def stat_lines(self, data=None) -> list[tuple[str, str]]:
        """The numbers on the left of Statistics: (label, value), as they are drawn."""
        if data is None:
            data = self.stats if self.stats is not None else self.by_game
        if isinstance(data, Stats):
            s = data
            return [(_("Games played"), str(s.played)), (_("Wins"), str(s.wins)),
                    (_("Win rate"), f"{s.win_rate:.0%}"),
                    (_("Best score"), "\u2013" if s.best is None else str(s.best)),
                    (_("Average score"), "\u2013" if s.average is None else f"{s.average:.1f}"),
                    (_("Winning streak now"), str(s.current_streak)),
                    (_("Longest winning streak"), str(s.longest_streak))]
        played = sum(s.played for s in data)
        wins = sum(s.wins for s in data)
        longest = max([s.longest_streak for s in data] + [0])
        return [(_("Games played"), str(played)), (_("Wins"), str(wins)),
                (_("Win rate"), f"{wins / played:.0%}" if played else "0%"),
                (_("Games tried"), _("{tried} of {count}").format(tried=len(data),
                                                                  count=len(self.games))),
                (_("Longest winning streak"), str(longest))]

    def level_lines(self, data=None) -> list[tuple[str, str]]:
        """'Against Hard AI': '3 wins in 5 games', for every level this person has met."""
        if data is None:
            data = self.stats if self.stats is not None else self.by_game
        records: dict[str, list[int]] = {}
        for s in ([data] if isinstance(data, Stats) else data):
            for level, rec in s.vs_ai.items():
                total = records.setdefault(level, [0, 0])
                total[0] += rec.wins
                total[1] += rec.played
        order = list(LEVEL_NAMES)
        return [(_("Against {level} AI").format(
                    level=_(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level),
                 _("won {wins} of {played}").format(wins=wins, played=played))
                for level, (wins, played) in sorted(
                    records.items(), key=lambda kv: order.index(kv[0])
                    if kv[0] in order else len(order))]

    def _draw_stats(self, surface) -> None:
        a = self.ctx.assets
        if not self.people:
            line = a.text(_("Nobody has a record yet: finish a game with a person in it."), 36,
                          ui.TEXT_MUTED)
            surface.blit(line, line.get_rect(center=place(self.layout, "no_record").center))
            return
        panel = self.layout.get("stats")   # it and the chart's panel are in the view's base
        pad, line_h = int(panel.prop("pad", 0)), int(panel.prop("line", 0))
        y = panel.y + int(panel.prop("top", 0))
        last = ui.TEXT
        for label, value, colour in self.stat_rows():
            if colour != last:    # the records against the AI, a little apart
                y, last = y + int(panel.prop("gap", 0)), colour
            t, v = self._stat_texts(label, value, colour)
            surface.blit(t, (panel.x + pad, y))
            # the value (a bolder, larger face) sits level with its label
            surface.blit(v, v.get_rect(topright=(panel.x + panel.w - pad, y - 2)))
            y += line_h
        if self.chart is not None:
            surface.blit(self.chart, self.chart_area)
