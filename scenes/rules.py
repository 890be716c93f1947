"""How to play: short illustrated pages per game. LEFT/RIGHT turn pages, LB/RB (Q/E)
switch games; the mouse can click the tabs and the page arrows.

A page's pictures are drawn with the game's own card painter (its ``howto`` module's
``paint``), laid out here once per page: rows of cards, their labels and the notes whose
arrows point at a card. Every game's pages go through the same layout, so one fix serves
all four.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import N_, _
from game.engine import GAMES
from game.input import Act, Input
from game.scene import Scene
from scenes.base import draw_backdrop, draw_prompts, said
from scenes.table.howto import Card, Note, Page, Painter, Picture, Table, say
from scenes.table.spec import table_spec
from sprites import ui

if TYPE_CHECKING:
    from game.context import Context

TAB_Y, TAB_H = 62, 80
BODY = pygame.Rect(ui.SAFE.x, 162, ui.SAFE.w, 728)   # the page panel
TEXT_W = 560                                          # the words' column
TEXT_SIZE = 34
NOTE_SIZE = 30
LABEL_SIZE = 28
TITLE_SIZE = 32
CARD_MAX = 300         # tallest card a picture draws
CARD_MIN = 120         # and smallest: as big as the table's
GAP, GROUP_GAP, ROW_GAP, PICTURE_GAP = 14, 48, 18, 56
TITLE_H, LABEL_H, TAG_H, ARROW = 42, 38, 50, 34
NOTE_W = 420
NOTE_INK = (34, 28, 20)
CELL_SIZE, CELL_H, CELL_PAD = 32, 54, 22   # a table's words, its rows, room in each cell


@dataclass
class Placed:
    """Something drawn on the page, where (the tests check sizes and overlaps with it)."""

    kind: str              # "text", "card", "tag", "label", "note", "title", "cell"
    rect: pygame.Rect
    what: str = ""


class PageArt:
    """One page's pictures laid out in ``area``: painted once, drawn as one surface."""

    def __init__(self, ctx: Context, paint: Painter, art: tuple[Picture | Table, ...],
                 area: pygame.Rect) -> None:
        self.ctx = ctx
        self.paint = paint
        self.area = area
        self.placed: list[Placed] = []
        self.surface = pygame.Surface(area.size, pygame.SRCALPHA)
        self.arrows: list[tuple[tuple[int, int], tuple[int, int]]] = []
        top = 0
        for table in (a for a in art if isinstance(a, Table)):   # tables first, on top
            top += self._draw_table(table, top) + PICTURE_GAP
        pictures = tuple(a for a in art if not isinstance(a, Table))
        if pictures:
            self._lay_out(pictures, pygame.Rect(0, top, area.w, area.h - top))
        for start, end in self.arrows:
            _arrow(self.surface, start, end)
        for item in self.placed:
            item.rect.move_ip(self.area.topleft)

    def _draw_table(self, table: Table, top: int) -> int:
        """A table of words centred across the area from ``top``; returns its height.
        The header and the row names are gold; each cell is placed (kind "cell")."""
        a = self.ctx.assets
        grid = [tuple(say(word) for word in row) for row in (table.header, *table.rows)]
        columns = max(len(row) for row in grid)
        widths = [max(a.font("bold", CELL_SIZE).size(row[c])[0] if c < len(row) else 0
                      for row in grid) + 2 * CELL_PAD for c in range(columns)]
        rest = max(widths[1:], default=0)   # the numbers' columns share one width
        widths = widths[:1] + [rest] * (columns - 1)
        width, height = sum(widths), CELL_H * len(grid)
        left = (self.area.w - width) // 2
        box = pygame.Rect(left, top, width, height)
        pygame.draw.rect(self.surface, ui.PANEL_LIGHT, box.inflate(16, 12), border_radius=16)
        for r, row in enumerate(grid):
            y = top + r * CELL_H
            if r:
                pygame.draw.line(self.surface, ui.PANEL, (box.x, y), (box.right, y), 2)
            x = left
            for c, word in enumerate(row):
                gold = r == 0 or c == 0
                t = a.text(word, CELL_SIZE, ui.ACCENT if gold else ui.TEXT, "bold")
                cell = pygame.Rect(x, y, widths[c], CELL_H)
                at = t.get_rect(midleft=(x + CELL_PAD, cell.centery)) if c == 0 else \
                    t.get_rect(center=cell.center)
                self._blit(t, at, "cell", word)
                x += widths[c]
        return height + 6

    # -- measuring ---------------------------------------------------------------------
    def _note_surface(self, note: Note) -> pygame.Surface:
        a = self.ctx.assets
        lines = a.wrap(say(note.text), NOTE_SIZE, NOTE_W - 28, "bold")
        rendered = [a.text(line, NOTE_SIZE, NOTE_INK, "bold") for line in lines]
        step = NOTE_SIZE + 6
        w = max(r.get_width() for r in rendered) + 28
        surf = ui.panel((w, step * len(lines) + 14), ui.ACCENT, 14, NOTE_INK, 2).copy()
        for i, r in enumerate(rendered):
            surf.blit(r, r.get_rect(midtop=(w // 2, 7 + i * step)))
        return surf

    def _bands(self, picture: Picture, notes: dict[Note, pygame.Surface]) -> list[tuple[int, int]]:
        """Per row, the height of its notes above and below (arrow included)."""
        bands = []
        for r in range(len(picture.rows)):
            above = [notes[n].get_height() for n in picture.notes if n.row == r and n.side == "above"]
            below = [notes[n].get_height() for n in picture.notes if n.row == r and n.side != "above"]
            bands.append((max(above) + ARROW if above else 0, max(below) + ARROW if below else 0))
        return bands

    @staticmethod
    def _row_fixed(row) -> tuple[int, int]:
        """The height a row takes besides its cards: its title, and its tags and labels."""
        under = (TAG_H if any(c.tag for c in row.cards) else 0) + (
            LABEL_H if any(c.label for c in row.cards) else 0)
        return (TITLE_H if row.title else 0), under

    def _lay_out(self, art: tuple[Picture, ...], area: pygame.Rect) -> None:
        notes = {n: self._note_surface(n) for p in art for n in p.notes}
        # widths scale with the card height: measure each piece's aspect once
        aspect = {}
        for p in art:
            for row in p.rows:
                for c in row.cards:
                    if c.face not in aspect:
                        surf = self.paint(self.ctx, c.face, CARD_MAX)
                        aspect[c.face] = (surf.get_width() / CARD_MAX, surf.get_height() / CARD_MAX)

        def row_parts(row) -> tuple[float, float]:
            k = sum(aspect[c.face][0] for c in row.cards)
            fixed = GAP * (len(row.cards) - 1) + sum(GROUP_GAP - GAP for c in row.cards[1:] if c.gap)
            return k, fixed

        limit = float(CARD_MAX)
        widths = []
        for p in art:
            parts = [row_parts(row) for row in p.rows]
            widths.append(max(parts, key=lambda kf: kf[0] * CARD_MAX + kf[1]))
            fixed_h = ROW_GAP * (len(p.rows) - 1)
            scale_h = 0.0
            for row, (above, below) in zip(p.rows, self._bands(p, notes)):
                title, labels = self._row_fixed(row)
                fixed_h += title + labels + above + below
                scale_h += max(aspect[c.face][1] for c in row.cards)
            limit = min(limit, (area.h - fixed_h) / max(scale_h, 0.01))
        spare = area.w - PICTURE_GAP * (len(art) - 1) - sum(f for _, f in widths)
        limit = min(limit, spare / max(sum(k for k, _ in widths), 0.01))
        h = int(max(CARD_MIN, limit))
        # each picture gets its share of the width, centred in it
        natural = [k * h + f for k, f in widths]
        extra = max(0, area.w - PICTURE_GAP * (len(art) - 1) - sum(natural)) / len(art)
        faces = [[[self.paint(self.ctx, c.face, h) for c in row.cards] for row in p.rows] for p in art]
        tallest = max(self._height(p, f, notes) for p, f in zip(art, faces))
        top = area.y + max(0, (area.h - tallest) // 2)   # side by side: one top line
        x = float(area.x)
        for p, f, w in zip(art, faces, natural):
            box = pygame.Rect(int(x), top, int(w + extra), area.bottom - top)
            self._draw_picture(p, f, box, notes)
            x += w + extra + PICTURE_GAP

    # -- drawing -----------------------------------------------------------------------
    def _height(self, p: Picture, faces: list[list[pygame.Surface]],
                notes: dict[Note, pygame.Surface]) -> int:
        """How tall a picture is with its cards painted as ``faces``."""
        total = ROW_GAP * (len(p.rows) - 1)
        for row, imgs, (above, below) in zip(p.rows, faces, self._bands(p, notes)):
            title, labels = self._row_fixed(row)
            total += above + title + max(i.get_height() for i in imgs) + labels + below
        return total

    def _draw_picture(self, p: Picture, faces: list[list[pygame.Surface]], box: pygame.Rect,
                      notes: dict[Note, pygame.Surface]) -> None:
        a = self.ctx.assets
        bands = self._bands(p, notes)
        y = box.y
        row_w = [sum(i.get_width() for i in imgs) + GAP * (len(imgs) - 1)
                 + sum(GROUP_GAP - GAP for c in row.cards[1:] if c.gap)
                 for row, imgs in zip(p.rows, faces)]
        left = box.centerx - max(row_w) // 2
        note_spots: list[tuple[Note, tuple[int, int], int]] = []
        for r, (row, imgs, (above, below)) in enumerate(zip(p.rows, faces, bands)):
            if row.title:   # the title first: arrows from the notes above never cross it
                self._draw_row_title(row, (left, y))
                y += TITLE_H
            band_top = y
            y += above
            tallest = max(i.get_height() for i in imgs)
            rects = []
            x = left
            for c, img in zip(row.cards, imgs):
                if c.gap and rects:
                    x += GROUP_GAP - GAP
                rect = img.get_rect(midleft=(x, y + tallest // 2))
                self._draw_card(c, img, rect)
                rects.append(rect)
                x = rect.right + GAP
            y += tallest
            if any(c.tag for c in row.cards):
                for c, rect in zip(row.cards, rects):
                    if c.tag:
                        self._draw_tag(c.tag, rect.centerx, y + 6)
                y += TAG_H
            labelled = any(c.label or c.tag for c in row.cards)
            if any(c.label for c in row.cards):
                for c, rect in zip(row.cards, rects):
                    if c.label:
                        label = say(c.label)
                        t = a.text(label, LABEL_SIZE, ui.TEXT, "bold")
                        self._blit(t, t.get_rect(midtop=(rect.centerx, y + 4)), "label", label)
                y += LABEL_H
            for n in p.notes:
                if n.row == r and 0 <= n.card < len(rects):
                    spot = _spot(rects[n.card], n.spot)
                    if n.side == "above":
                        note_spots.append((n, spot, band_top))
                    else:   # from below, an arrow stops under the labels, never across them
                        note_spots.append((n, (spot[0], y - 2) if labelled else spot, y + ARROW))
            y += below + ROW_GAP
        self._place_notes(note_spots, notes, box)

    def _draw_row_title(self, row, topleft: tuple[int, int]) -> None:
        title = say(row.title)
        t = self.ctx.assets.text(title, TITLE_SIZE, ui.TEXT_MUTED, "bold")
        x, y = topleft
        if row.then:   # an arrow down from the row above: "this becomes..."
            cx, cy = x + 14, y + TITLE_H // 2 - 4
            pygame.draw.rect(self.surface, ui.ACCENT, (cx - 5, cy - 14, 10, 16))
            pygame.draw.polygon(self.surface, ui.ACCENT, [(cx - 14, cy), (cx + 14, cy), (cx, cy + 16)])
            x += 38
        self._blit(t, t.get_rect(topleft=(x, y)), "title", title)

    def _draw_card(self, c: Card, img: pygame.Surface, rect: pygame.Rect) -> None:
        surf = self.surface
        surf.blit(ui.shadow(rect.size, 14, 70), rect.move(5, 6))
        if c.dim:
            img = img.copy()
            img.fill((110, 110, 118), special_flags=pygame.BLEND_RGB_MULT)
        surf.blit(img, rect)
        self.placed.append(Placed("card", rect.copy(), repr(c.face)))
        if c.mark:
            pygame.draw.rect(surf, ui.ACCENT, rect.inflate(14, 14), 6, border_radius=18)

    def _draw_tag(self, text: str, centerx: int, top: int) -> None:
        """A badge under a card (what it counts, its place): under it, it hides nothing."""
        text = say(text)
        t = self.ctx.assets.text(text, 32, ui.TEXT, "title")
        badge = t.get_rect(midtop=(centerx, top)).inflate(24, 2)
        pygame.draw.rect(self.surface, (24, 22, 34), badge, border_radius=badge.h // 2)
        pygame.draw.rect(self.surface, ui.ACCENT, badge, 3, border_radius=badge.h // 2)
        self.surface.blit(t, t.get_rect(center=badge.center))
        self.placed.append(Placed("tag", badge, text))

    def _place_notes(self, spots, notes: dict[Note, pygame.Surface], box: pygame.Rect) -> None:
        """Each band's notes sit near the x of what they point at, pushed apart so none
        overlaps another, and kept inside the picture; then each gets its arrow."""
        bands: dict[tuple[int, str], list] = {}
        for n, spot, band_y in spots:
            bands.setdefault((band_y, n.side), []).append((n, spot))
        for (band_y, side), items in bands.items():
            items.sort(key=lambda item: item[1][0])
            rects = []
            for n, spot in items:
                r = notes[n].get_rect()
                r.centerx = spot[0]
                r.top = band_y
                r.clamp_ip(box)
                if rects and r.left < rects[-1].right + 12:
                    r.left = rects[-1].right + 12
                rects.append(r)
            for i in range(len(rects) - 1, -1, -1):   # pushed off the right: back left
                right = box.right if i == len(rects) - 1 else rects[i + 1].left - 12
                if rects[i].right > right:
                    rects[i].right = right
            for (n, spot), r in zip(items, rects):
                self._blit(notes[n], r, "note", say(n.text))
                sx = max(r.left + 22, min(r.right - 22, spot[0]))
                start = (sx, r.bottom if side == "above" else r.top)
                self.arrows.append((start, spot))

    def _blit(self, img: pygame.Surface, rect: pygame.Rect, kind: str, what: str) -> None:
        self.surface.blit(img, rect)
        self.placed.append(Placed(kind, rect.copy(), what))


def _spot(rect: pygame.Rect, spot: tuple[float, float]) -> tuple[int, int]:
    return rect.x + int(rect.w * spot[0]), rect.y + int(rect.h * spot[1])


def _arrow(surface: pygame.Surface, start, end) -> None:
    """A thick gold arrow with a dark edge, readable on cards and on the panel alike."""
    sx, sy = start
    ex, ey = end
    length = max(((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5, 1)
    ux, uy = (ex - sx) / length, (ey - sy) / length

    def head(grow: int) -> list[tuple[float, float]]:
        """The arrowhead, ``grow`` px bigger all round (the dark edge under the gold)."""
        bx, by = ex - ux * (20 + grow), ey - uy * (20 + grow)
        half = 13 + grow
        return [(ex + ux * grow, ey + uy * grow), (bx - uy * half, by + ux * half),
                (bx + uy * half, by - ux * half)]

    neck = (ex - ux * 20, ey - uy * 20)
    for colour, width, grow in ((NOTE_INK, 11, 3), (ui.ACCENT, 5, 0)):
        pygame.draw.line(surface, colour, start, neck, width)
        pygame.draw.polygon(surface, colour, head(grow))


def _plain_card(ctx: Context, face, height: int) -> pygame.Surface:
    """For a game without a painter of its own: a cream card with its bird."""
    from sprites.birds import LOOKS, bird_surface

    w = height * 5 // 7
    surf = ui.panel((w, height), (250, 246, 236), 14, (60, 60, 66), 3).copy()
    if isinstance(face, str) and face in LOOKS:
        bird = bird_surface(face, (w - 20, height // 2))
        surf.blit(bird, bird.get_rect(center=(w // 2, height // 2)))
    return surf


class Rules(Scene):
    idle_to_attract = True

    def __init__(self, ctx: Context, game_id: str | None = None) -> None:
        super().__init__(ctx)
        self.games = list(GAMES)
        self.game = self.games.index(game_id) if game_id in self.games else 0
        self.page = 0
        self._pages: dict[str, tuple[list, Painter]] = {}
        self._art: dict[tuple, PageArt] = {}
        self.placed: list[Placed] = []   # what the last frame drew on the page
        count = max(len(self.games), 1)
        width = (ui.SAFE.w - (count - 1) * 20) // count
        self.tabs = [pygame.Rect(ui.SAFE.x + i * (width + 20), TAB_Y, width, TAB_H)
                     for i in range(len(self.games))]
        self.prev_rect = pygame.Rect(ui.SAFE.x, 908, 240, 72)
        self.next_rect = pygame.Rect(ui.SAFE.right - 240, 908, 240, 72)

    def animating(self) -> bool:
        return self.ctx.pulsing

    def _book(self) -> tuple[list, Painter]:
        """The game's pages and card painter, from its TableSpec (looked up once a game)."""
        game_id = self.games[self.game]
        if game_id not in self._pages:
            spec = table_spec(game_id)
            pages = spec.how_to() if spec is not None else []
            paint = _plain_card
            if spec is not None and spec.pages:
                paint = getattr(importlib.import_module(spec.pages), "paint", _plain_card)
            self._pages[game_id] = (pages or [Page(N_("How to play"), N_(
                "This game has no How to play pages yet."))], paint)
        return self._pages[game_id]

    @property
    def pages(self) -> list:
        return self._book()[0]

    def _turn(self, delta: int) -> None:
        new = max(0, min(len(self.pages) - 1, self.page + delta))
        self.ctx.play("flip" if new != self.page else "error")
        self.page = new

    def _switch(self, index: int) -> None:
        self.game = index % len(self.games)
        self.page = 0
        self.ctx.play("tap")

    def handle(self, event: Input) -> bool:
        act = event.act
        if act is Act.BACK:
            self.ctx.play("tap")
            self.ctx.stack.pop()
        elif act in (Act.LEFT, Act.RIGHT):
            self._turn(-1 if act is Act.LEFT else 1)
        elif act in (Act.PREV, Act.NEXT, Act.UP, Act.DOWN):
            self._switch(self.game + (-1 if act in (Act.PREV, Act.UP) else 1))
        elif act is Act.CONFIRM:
            if event.pos is None:
                self._turn(1)
            else:
                for i, tab in enumerate(self.tabs):
                    if tab.collidepoint(event.pos):
                        self._switch(i)
                if self.prev_rect.collidepoint(event.pos):
                    self._turn(-1)
                elif self.next_rect.collidepoint(event.pos):
                    self._turn(1)
        return True

    def page_art(self) -> PageArt:
        """The current page's pictures, laid out and painted once (per patterns setting)."""
        pages, paint = self._book()
        key = (self.games[self.game], self.page, self.ctx.settings.colour_patterns,
               i18n.current())   # its words are painted in: one per language
        art = self._art.get(key)
        if art is None:
            page = pages[self.page]
            left = TEXT_W + 48 + 40 if page.art else BODY.w
            area = pygame.Rect(BODY.x + left, BODY.y + 28, BODY.w - left - 32, BODY.h - 56)
            art = PageArt(self.ctx, paint, page.art, area)
            self._art[key] = art
        return art

    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        draw_backdrop(surface)
        for i, (gid, tab) in enumerate(zip(self.games, self.tabs)):
            current = i == self.game
            surface.blit(ui.panel(tab.size, ui.PANEL_LIGHT if current else ui.PANEL, 18), tab)
            name = a.text(GAMES[gid].name, 40, ui.TEXT if current else ui.TEXT_MUTED, "title")
            surface.blit(name, name.get_rect(center=tab.center))
            if current:
                ui.draw_focus_ring(surface, tab, self.ctx.pulse, 18)
        page = self.pages[self.page]
        ui.draw_shadowed_panel(surface, BODY, ui.PANEL, 28)
        placed: list[Placed] = []
        width = TEXT_W if page.art else BODY.w - 96
        words = say(page.heading)
        heading = a.text_block(words, 52, width, ui.ACCENT, "title", 1.1)
        rect = surface.blit(heading, (BODY.x + 48, BODY.y + 30))
        placed.append(Placed("text", rect, words))
        words = say(page.body)
        body = a.text_block(words, TEXT_SIZE, width, ui.TEXT)
        rect = surface.blit(body, (BODY.x + 48, rect.bottom + 18))
        placed.append(Placed("text", rect, words))
        count = a.text(_("Page {number} of {count}").format(number=self.page + 1,
                                                           count=len(self.pages)),
                       28, ui.TEXT_MUTED)
        rect = surface.blit(count, count.get_rect(bottomleft=(BODY.x + 48, BODY.bottom - 24)))
        placed.append(Placed("text", rect, "page count"))
        if page.art:
            art = self.page_art()
            surface.blit(art.surface, art.area)
            placed += art.placed
        self.placed = placed
        self._draw_footer(surface)

    def _draw_footer(self, surface) -> None:
        a = self.ctx.assets
        count = len(self.pages)
        dots_w = count * 40
        for i in range(count):
            centre = (ui.CANVAS[0] // 2 - dots_w // 2 + 20 + i * 40, 920)
            pygame.draw.circle(surface, ui.ACCENT if i == self.page else ui.PANEL_LIGHT, centre, 12)
        for rect, text, enabled in ((self.prev_rect, _("\u2039 Back"), self.page > 0),
                                    (self.next_rect, _("Next \u203a"), self.page < count - 1)):
            surface.blit(ui.panel(rect.size, ui.PANEL if enabled else (30, 34, 44), 18), rect)
            t = a.text(text, 36, ui.TEXT if enabled else ui.TEXT_DIM, "bold")
            surface.blit(t, t.get_rect(center=rect.center))
        draw_prompts(surface, self.ctx, said(((Act.LEFT, N_("Turn page")),
                                              (Act.NEXT, N_("Next game")),
                                              (Act.BACK, N_("Done")))), y=ui.SAFE.bottom)
