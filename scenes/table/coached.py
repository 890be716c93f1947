"""A guided first game: the game's own table with the coach at the person's side.

The coach's words come from the game's guide (scenes/<id>/guide.py, read through
scenes.table.coach.guide_for); its suggestions are the Normal AI's (CoachBot). The
panel is placed where it hides no label and no card's corner, with an arrow to the
suggested choice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import GAMES
from game.session import Match
from scenes.picker import Option
from scenes.table.chrome import Chrome
from scenes.table.coach import CoachBot, Guide, guide_for, guided_match
from scenes.table.scene import TableScene
from sprites import ui
from game.i18n import _

if TYPE_CHECKING:
    from game.context import Context
    from game.scene import Scene

TEXT_PX = 30            # the panel's words (the ten-foot floor is 28)
PANEL_W = (640, 560, 480, 400, 360)   # widths tried for the panel, widest first
NOTE_TIME = 6.0         # seconds (table clock) a word between decisions stays up
GAP = 16                # between the panel and anything it avoids
CELL = 12               # the grid on which the panel looks for empty cloth


def coached_table(ctx: Context, game_id: str) -> Scene:
    """The "guided" route: the game's table with the coach, dealt from the guide's seed."""
    from scenes.table.spec import table_spec

    guide = guide_for(game_id)
    spec = table_spec(game_id)
    if guide is None or spec is None or not GAMES[game_id].available:
        raise LookupError(f"{game_id} has no guided game")
    return CoachedTable(ctx, guided_match(ctx, game_id, guide), guide, spec.table_class())


def _shown(text: str) -> str:
    """A guide's text (marked N_ where the guide is written) in the language shown; ""
    stays "" (gettext would answer the catalogue's header)."""
    return _(text) if text else ""

class CoachedTable(TableScene):
    """A game's own table (its game part and drawing, from the table class its spec
    names) with the coach beside the person: lessons, suggestions and what each move
    did (see :func:`coached_table`)."""

    records = False          # a guided game is no match of anyone's history

    def __init__(self, ctx: Context, match: Match, guide: Guide,
                 table: type[TableScene]) -> None:
        self.guide = guide
        self.game_kind, self.paint_kind = table.game_kind, table.paint_kind
        super().__init__(ctx, match)
        self.coach_moves = 0                 # decisions coached so far
        self.coach_open = False              # a coached decision is under way
        self.coach_counts = True             # ...and it is a real choice (counted)
        self.coach_action = None             # the coach's first suggestion for it
        self.coach_note: tuple[str, str] = (_("Coach"), _shown(self.guide.hello))
        self.coach_note_at = 0.0             # table clock when the note was said
        self.coach_strayed = ""              # "I had suggested..." of the last decision
        self.coach_aside = ""                # ...repeated atop a decision of the same turn
        self.coach_taught: set[str] = set()  # pick steps whose lesson has been on screen
        self.coach_done = False              # the goodbye has been said
        self.hints.hint_bot = CoachBot(self.match.game_id, (self.match.seed or 0) * 7 + 1,
                                 self.names)
        self._coach_picture: tuple | None = None

    @property
    def coaching(self) -> bool:
        """Coaching: the first ``moves`` decisions, and any pick of a kind not yet taught."""
        return self.coach_moves < self.guide.moves or self.coach_new_step()

    def coach_step(self) -> str | None:
        """The kind of pick a person is making on screen now (None if none)."""
        if self.turn.picker is None or not self.turn.turn_ready or not self.human_deciding:
            return None
        return self.game.step or None

    def coach_new_step(self) -> bool:
        step = self.coach_step()
        return step is not None and step not in self.coach_taught

    @property
    def hints_on(self) -> bool:   # the coach asks even with the Hints setting off
        return self.coach_open or self.coaching or super().hints_on

    # -- following the turn ----------------------------------------------------------------
    def begin_turn(self, *args, **kwargs) -> None:
        super().begin_turn(*args, **kwargs)
        if self.coach_step() is None:
            return
        if self.coaching:
            self.coach_begin()
        elif not self.coach_done:   # every kind met so far is taught: now it may say so
            self.coach_done = True
            self.coach_note = (_("Coach: that's all from me"),
                               _("You know enough now. {goodbye}").format(
                                   goodbye=_shown(self.guide.goodbye)))
            self.coach_note_at = self.clock

    def coach_begin(self) -> None:
        """Coach the decision on screen: its lesson, a suggestion and the arrow."""
        if not self.coach_open:   # just said and not yet read: say it here again
            fresh = self.clock - self.coach_note_at < NOTE_TIME
            self.coach_aside = self.coach_strayed if fresh else ""
        self.coach_open = True
        # a decision the rules leave one way to make is shown, but not counted
        self.coach_counts = len(self.state.legal_actions()) > 1
        if self.hints.hint_decision is None:
            self.hints.request_hint()

    def update(self, dt: float) -> None:
        super().update(dt)
        step = self.coach_step()
        if step is None:
            return
        if not self.coach_open and step not in self.coach_taught:
            self.coach_begin()     # a new kind of pick in the middle of a choice
        if self.coach_open:
            self.coach_taught.add(step)   # its lesson is on screen from this frame on

    def show_hint(self, action) -> None:
        super().show_hint(action)
        if self.coach_open and self.coach_action is None:
            self.coach_action = action

    def submit(self, action) -> bool:
        mover = self.state.current_player
        done = super().submit(action)
        if done and self.coach_open and self.couch.is_human(mover):
            self.coach_open = False
            self.coach_moves += int(self.coach_counts)
            self.coach_note = self.feedback(action)
            self.coach_note_at = self.clock
            self.coach_action = None
        return done

    def feedback(self, action) -> tuple[str, str]:
        """What the coach says once a coached decision is made."""
        suggested = self.coach_action
        self.coach_strayed = ""
        if suggested is not None and action != suggested:
            self.coach_strayed = _("Your own choice, and that's allowed. I had suggested: "
                                   "{move}").format(move=self.words(suggested))
            words = self.coach_strayed
        else:
            words = _("Nicely done.")
        if not self.couch.is_human(self.state.current_player):
            words = _("{feedback} Watch what the others do; I'll be back on your "
                      "turn.").format(feedback=words)
        return _("Coach"), words

    def words(self, action) -> str:
        """The move in the log's words, as a sentence ("Draw a card.", "Claim: too many
        birds!")."""
        from game.ai.ismcts import describe
        text = describe(self.match.game_id, action, self.names).strip()
        return text if text.endswith((".", "!", "?")) else text + "."

    # -- what to show ------------------------------------------------------------------------
    def coach_target(self) -> Option | None:
        """The option the arrow points at: the one in the current pick that leads to the
        coach's suggestion (None before it is known or once the picks lead elsewhere)."""
        action = self.hints.hint_action
        if not self.coach_open or action is None or self.turn.picker is None \
                or not self.human_deciding:
            return None
        point = self.guide.point
        value = point(self, action) if point is not None else action
        if value is None:
            return None
        return next((o for o in self.turn.picker.options if o.value == value), None)

    def coach_lines(self) -> tuple[str, str, str, str] | None:
        """The panel's heading, body, last line (the suggestion) and a first line said
        about the decision before (None: no panel now)."""
        if self.coach_open and self.human_deciding:
            if self.coach_moves < self.guide.moves:
                heading = _("Coach \u00b7 move {number} of {moves}").format(
                    number=self.coach_moves + 1, moves=self.guide.moves)
            else:
                heading = _("Coach \u00b7 something new")
            step = self.game.step
            body = _shown(self.guide.lessons.get(step or "", self.guide.fallback))
            action = self.hints.hint_action or self.coach_action
            aside = self.coach_aside
            if action is None:
                return heading, body, _("Finding you a good move\u2026"), aside
            if self.coach_target() is None:
                return heading, body, _("I suggest: {move} Your choice is allowed "
                                        "too.").format(move=self.words(action)), aside
            return heading, body, _("The arrow: {move}").format(move=self.words(action)), aside
        if self.clock - self.coach_note_at < NOTE_TIME:
            return self.coach_note[0], self.coach_note[1], "", ""
        return None

    def animating(self) -> bool:
        """A word between decisions must be taken down when its time is up."""
        return super().animating() or (not self.coach_open and self.coach_lines() is not None)

    # -- drawing ---------------------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface) -> None:
        lines = self.coach_lines()
        if lines is None:
            return
        target = self.coach_target()
        ring = self.paint.option_ring(target) if target is not None else None
        hard = self.coach_keep_clear()
        shown = self.coach_protected()
        arrow = arrow_spot(ring, hard + shown) if ring is not None else None
        picture, spot = self.coach_panel(surface, lines, ring, arrow, hard, shown)
        surface.blit(picture, self.paint.note("cover", spot, "coach's panel"))
        if ring is not None:
            pygame.draw.rect(surface, ui.ACCENT, ring.inflate(14, 14), 5, border_radius=18)
            draw_arrow(surface, *arrow)
            self.paint.note("cover", arrow[0], "coach's arrow")

    def coach_protected(self) -> list[pygame.Rect]:
        """What the panel and arrow must leave in view: every name and label the frame
        shows (an ability's text among them) and every card's number and suit."""
        rects = []
        for item in self.paint.audit_items():
            if item.kind == "label":
                rects.append(item.rect)
            elif item.kind == "card" and item.corner is not None:
                rects.append(item.corner)
        return rects

    def coach_keep_clear(self) -> list[pygame.Rect]:
        """What the coach keeps clear of: the status line and the prompt bar, and the log
        unless nowhere else is free of names and card corners (see coach_panel)."""
        hard = [pygame.Rect(self.layout.get(name).rect) for name in ("log", "status")]
        prompts = self.layout.get("prompts")   # the bar is centred: keep clear of the band
        hard.append(pygame.Rect(ui.SAFE.x, prompts.y, ui.SAFE.w, prompts.h))
        return hard

    def coach_panel(self, surface: pygame.Surface, lines: tuple[str, str, str, str],
                    ring: pygame.Rect | None, arrow: tuple | None, hard: list[pygame.Rect],
                    shown: list[pygame.Rect] = ()) -> tuple[pygame.Surface, pygame.Rect]:
        """The panel's picture and where it goes: clear of the log, prompts, status, the
        target and its arrow and of everything in ``shown`` (names, labels, card
        corners), and over as little of what the table shows as it can (worked out
        again only when the words, the target or the table change). Only if no place
        clears ``shown`` does it give way to covering the least of it."""
        key = (lines, None if ring is None else tuple(ring), self.moves_played,
               self.turn.picker is None, tuple(map(tuple, shown)))
        if self._coach_picture is not None and self._coach_picture[0] == key:
            return self._coach_picture[1], self._coach_picture[2]
        hard = hard + [r for r in (ring, arrow[0] if arrow else None) if r is not None]
        soft = [o.ring or o.rect for o in (self.turn.picker.options if self.turn.picker else ())]
        soft += [item.rect for item in self.paint.audit_items()]
        plates = [self.paint.seat_rect(s) for s in range(self.match.num_players)]
        felt = self.paint.felt()              # the bare cloth exists once a backdrop does
        seat = self.turn_seat
        if seat is not None:            # the lit plate of the seat to move is no clutter
            felt = felt.copy()
            felt.blit(self.paint.plate_light(seat), self.paint.seat_rect(seat))
        busy = busy_mask(surface, felt, Chrome._cloth[0], plates)
        best = None
        # clear of everything shown, the log too; else over the log (its recap can wait
        # while the coach talks) but still clear of every name and corner; else as before
        log = pygame.Rect(self.layout.get("log").rect)
        firm = [r for r in hard if r != log]
        for must in (hard + list(shown), firm + list(shown), hard):
            for width in PANEL_W:
                picture = paint_panel(self.ctx.assets, lines, width)
                spot = free_spot(picture.get_size(), must, soft, busy, ring)
                if spot is not None and (best is None or spot[1] < best[2]):
                    best = (picture, spot[0], spot[1])
            if best is not None:
                break
        if best is None:   # nowhere clear of the log and prompts: the top of the safe area
            picture = paint_panel(self.ctx.assets, lines, PANEL_W[-1])
            best = (picture, picture.get_rect(midtop=(ui.CANVAS[0] // 2, ui.SAFE.y)), 0)
        self._coach_picture = (key, best[0], best[1])
        return best[0], best[1]


def paint_panel(assets, lines: tuple[str, str, str, str], width: int) -> pygame.Surface:
    """The coach's panel: a gold heading, a word on the decision before (muted), the
    words, the suggestion in gold."""
    heading, body, last, aside = lines
    inner = width - 48
    rows = [(row, ui.TEXT_MUTED) for row in (assets.wrap(aside, TEXT_PX, inner) if aside
                                              else [])]
    rows += [(row, ui.TEXT) for row in assets.wrap(body, TEXT_PX, inner)]
    rows += [(row, ui.ACCENT) for row in (assets.wrap(last, TEXT_PX, inner) if last else [])]
    step = assets.font("body", TEXT_PX).get_linesize() + 2
    height = 24 + step + 8 + step * len(rows) + 20
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    picture.blit(ui.panel((width, height), (16, 22, 34), 22, ui.ACCENT, 4, alpha=240), (0, 0))
    title = assets.text_fit(heading, TEXT_PX, inner, ui.ACCENT, "bold")
    picture.blit(title, (24, 22))
    y = 24 + step + 8
    for row, colour in rows:
        picture.blit(assets.text(row, TEXT_PX, colour), (24, y))
        y += step
    return picture


def busy_mask(frame: pygame.Surface, felt: pygame.Surface, cloth: pygame.Surface,
              plates: list[pygame.Rect]) -> pygame.mask.Mask:
    """Which CELL-sized cells show something: whatever the frame draws over the table's
    backdrop ``felt``, and the backdrop's own pieces (buttons, trays) outside the seat
    plates, whose empty insides are fair room for the panel. Found by comparing
    pictures, so it works whatever the game draws."""
    busy = _differs(frame, felt)
    fixed = _differs(felt, cloth)
    for rect in plates:
        cells = pygame.Rect(rect.x // CELL, rect.y // CELL, rect.w // CELL, rect.h // CELL)
        if cells.w > 2 and cells.h > 2:   # the plate's rim and name stay busy
            inner = cells.inflate(-2, -2)
            fixed.erase(pygame.mask.Mask(inner.size, fill=True), inner.topleft)
    busy.draw(fixed, (0, 0))
    return busy


def _differs(one: pygame.Surface, other: pygame.Surface) -> pygame.mask.Mask:
    """The CELL-sized cells where two canvas-sized pictures differ."""
    size = (ui.CANVAS[0] // CELL, ui.CANVAS[1] // CELL)
    a = pygame.transform.smoothscale(_rgb(one), size)
    b = pygame.transform.smoothscale(_rgb(other), size)
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    b.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    calm = pygame.mask.from_threshold(diff, (0, 0, 0), (20, 20, 20, 255))
    calm.invert()
    return calm


def _rgb(picture: pygame.Surface) -> pygame.Surface:
    """``picture`` as a plain 32-bit surface (smoothscale needs one; no display needed)."""
    if picture.get_bitsize() == 32 and not picture.get_flags() & pygame.SRCALPHA:
        return picture
    plain = pygame.Surface(picture.get_size(), 0, 32)
    plain.blit(picture, (0, 0))
    return plain


def free_spot(size: tuple[int, int], hard: list[pygame.Rect], soft: list[pygame.Rect],
              busy: pygame.mask.Mask | None, near: pygame.Rect | None
              ) -> tuple[pygame.Rect, float] | None:
    """The place for a panel of ``size`` inside the safe area that overlaps nothing in
    ``hard`` and as little of ``soft`` and of the busy cells as it can, near ``near``;
    with its cost (None if every place touches something hard)."""
    w, h = size
    safe = ui.SAFE
    if w > safe.w or h > safe.h:
        return None
    hard = [r.inflate(GAP * 2, GAP * 2) for r in hard if r.w and r.h]
    block = pygame.mask.Mask((w // CELL, h // CELL), fill=True)
    best: tuple[pygame.Rect, float] | None = None
    for y in range(safe.y, safe.bottom - h + 1, 24):
        for x in range(safe.x, safe.right - w + 1, 24):
            spot = pygame.Rect(x, y, w, h)
            if spot.collidelist(hard) != -1:
                continue
            cost = 0.0
            if busy is not None:
                cost += busy.overlap_area(block, (x // CELL, y // CELL)) * CELL * CELL
            for r in soft:
                clip = spot.clip(r)
                cost += clip.w * clip.h
            if near is not None:
                cost += 20 * (abs(spot.centerx - near.centerx) + abs(spot.centery - near.centery))
            if best is None or cost < best[1]:
                best = (spot, cost)
    return best


ARROW = (72, 96)   # the arrow's width across and length along where it points


ARROW_GAPS = (12, 36, 60, 84, 108, 132)   # how far from its target the arrow may stand


def arrow_spot(ring: pygame.Rect, hard: list[pygame.Rect]) -> tuple[pygame.Rect, str]:
    """Where the arrow goes and which way it points: above the target pointing down if
    that is clear of ``hard`` and inside the safe area, else below, left or right; a
    little further off (over a tip or a name that lies next to the target) before
    another side."""
    across, along = ARROW
    tries = []
    sideways = ("left", "right") if ring.centerx > ui.CANVAS[0] // 2 else ("right", "left")
    for gap in ARROW_GAPS:
        for side in ("down", "up") + sideways:   # beside it: towards the nearer edge first
            size = (across, along) if side in ("down", "up") else (along, across)
            rect = pygame.Rect((0, 0), size)
            if side == "down":
                rect.midbottom = (ring.centerx, ring.top - gap)
            elif side == "up":
                rect.midtop = (ring.centerx, ring.bottom + gap)
            elif side == "right":
                rect.midright = (ring.left - gap, ring.centery)
            else:
                rect.midleft = (ring.right + gap, ring.centery)
            if ui.SAFE.contains(rect) and rect.collidelist(hard) == -1:
                return rect, side
            tries.append((rect, side))
    rect, side = tries[0]
    return rect.clamp(ui.SAFE), side


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, side: str) -> None:
    """A thick gold arrow with a dark edge filling ``rect``, pointing ``side`` (down: at
    what lies below it)."""
    # drawn pointing down in a frame of its own, then turned
    across, along = ARROW
    head = along * 0.5
    cx, half, shaft = across / 2, across / 2 - 2, across / 5
    points = [(cx - shaft, 2), (cx + shaft, 2), (cx + shaft, along - head),
              (cx + half, along - head), (cx, along - 2), (cx - half, along - head),
              (cx - shaft, along - head)]
    picture = pygame.Surface(ARROW, pygame.SRCALPHA)
    pygame.draw.polygon(picture, ui.ACCENT, points)
    pygame.draw.polygon(picture, (20, 20, 26), points, 4)
    turn = {"down": 0, "up": 180, "right": 90, "left": -90}[side]
    picture = pygame.transform.rotate(picture, turn)
    surface.blit(picture, picture.get_rect(center=rect.center))


# -- the question on first play -------------------------------------------------------------
