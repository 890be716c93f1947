"""What every table draws around the game: the felt, the seat plates, the status line,
the log panel, call-outs and the win banner, and the hooks a game's ``draw`` module
fills in (``draw_table``, ``paint_felt``, ``plate_key``/``paint_plate_extra``,
``draw_seat_extra``, ``draw_over_seats``, ``draw_on_top``).

A mixin of :class:`scenes.table.TableScene`; a game's draw module subclasses it.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from game.input import Act
from scenes.base import draw_prompts
from scenes.table.log import shown_to
from sprites import ui

LOG_KEEP = 20       # log lines a panel could ever show
LOG_LINES_MIN = 6   # the fewest single-line entries a log panel must hold at 1080p
PLATE_RADIUS = 20


class AuditItem(NamedTuple):
    """One thing the ten-foot audit measures on the current frame (1080p canvas):
    ``card`` a card face in a row, hand or yard (at least 120 px tall), ``icon`` an icon,
    badge or counter (at least 48 px each way), ``label`` a piece of text that no other
    label may overlap, ``cover`` something laid over the table (the coach's panel and
    arrow) that may hide no label and no card's corner.

    A card's ``corner`` is its index corner on the canvas (the number and suit that say
    which card it is: ``index_corner`` of its sprite module): no card drawn above it and
    no label may cover it. A frame lists its cards in the order it draws them."""

    kind: str
    rect: pygame.Rect
    what: str
    corner: pygame.Rect | None = None


class Chrome:
    _cloth: list = []   # the bare cloth, the same for every table: built once per run

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything game-specific."""

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Game details on a seat's plate (hand size, collection...)."""

    def draw_over_seats(self, surface: pygame.Surface) -> None:
        """Anything that must lie above the seat plates but below the status line, log
        and banner (cards flying to a yard, tooltips)."""

    def draw_on_top(self, surface: pygame.Surface) -> None:
        """Anything that must lie above the status line and the log, below the banner
        (cards leaping out, call-outs, a tip beside the focused choice)."""

    def audit_items(self) -> list[AuditItem]:
        """What this frame shows that the ten-foot audit checks (each game adds its
        cards, icons and labels): what the frame noted as it drew, and the chrome's own
        labels, each seat's name, the status line and a call-out while it shows."""
        items = list(self._drawn)
        items += [AuditItem("label", self.plate_name_rect(seat), self.match.seats[seat].name)
                  for seat in range(self.match.num_players)]
        text = self.status_line()
        if text:
            items.append(AuditItem("label", self.status_rect(text), text))
        if self.callout is not None:
            surf, _, _, centre = self.callout
            items.append(AuditItem("label", surf.get_rect(center=centre), "call-out"))
        return items

    _drawn: list[AuditItem] = []   # what the last frame noted as it drew (see note)

    def note(self, kind: str, rect: pygame.Rect, what: str,
             corner: pygame.Rect | None = None) -> pygame.Rect:
        """Record a card (with its index ``corner``), icon or label the frame draws, for
        the audit; returns ``rect`` so a blit can note what it draws in the same breath."""
        self._drawn.append(AuditItem(kind, pygame.Rect(rect), what,
                                     None if corner is None else pygame.Rect(corner)))
        return rect

    def option_ring(self, option) -> pygame.Rect:
        """What the focus ring (and the coach's ring) goes round for ``option``."""
        return option.ring or option.rect

    def log_capacity(self) -> int:
        """How many one-line entries the log panel holds under a heading."""
        anchor = self.layout.get("log")
        step = self.ctx.assets.font("body", 28).get_linesize() + 2
        return max(0, (anchor.h - 18) // step - 1)

    def banner(self, text: str, sub: str = "", hold: float = 1.6) -> None:
        self.banner_text, self.banner_sub = text, sub
        self.banner_time, self.banner_hold = 0.0, hold
        self._banner_surface = None

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = []
        surface.blit(self.felt(), (0, 0))
        owner = self.hand_owner()
        if owner is not None:
            self.draw_hand_tray(surface, owner)
        self.draw_table(surface)
        if owner is not None:
            self.draw_hand_tag(surface, owner)
        for seat in range(self.match.num_players):
            self.draw_seat(surface, seat)
        self.changes.draw(surface)        # under cards in flight, focus rings and tips
        self.draw_over_seats(surface)
        self.draw_status(surface)
        self.draw_log(surface)
        self.draw_on_top(surface)
        self.draw_callout(surface)
        self.draw_banner(surface)
        seat = self.state.current_player
        if self.human_deciding or self.always_prompts:
            anchor = self.layout.get("prompts")
            device = self.couch.owner(seat) or self.couch.last_device.get(seat)
            draw_prompts(surface, self.ctx, self.prompt_bar(), device, y=anchor.y + anchor.h)

    always_prompts = False    # a replay's controls are shown whoever is to move

    def hand_owner(self) -> int | None:
        """Whose hand the tray shows, when it needs saying: several people share the TV
        and one seat's hand is on show (its plate sits beside it, see SeatedLayout)."""
        seat = self.couch.viewer
        tv = [s for s in self.match.humans if not self.couch.is_phone(s)]
        if seat is None or len(tv) < 2 or "hand" not in self.layout:
            return None
        return seat

    def hand_tag_rect(self, seat: int) -> pygame.Rect:
        """The tab naming the hand's owner: the layout's ``hand_tag`` if it has one, else
        just above the tray's top left, clear of a lifted card."""
        text = self.hand_tag_text(seat)
        w, h = self.ctx.assets.font("bold", 30).size(text)
        if "hand_tag" in self.layout:
            return pygame.Rect(self.layout.get("hand_tag").rect[:2], (w + 64, h + 10))
        hand = self.layout.get("hand")
        return pygame.Rect(hand.x, hand.y - h - 20, w + 64, h + 10)

    def hand_tag_text(self, seat: int) -> str:
        return "{name}'s hand".format(name=self.match.seats[seat].name)

    def tray_colour(self, seat: int) -> tuple[int, int, int]:
        return ui.SEAT_COLOURS[self.match.seats[seat].colour % 6]

    def draw_hand_tray(self, surface: pygame.Surface, seat: int) -> None:
        """The tray under the hand on show, outlined in its owner's colour (with several
        people at the TV; the owner's plate sits beside it, see SeatedLayout)."""
        hand = pygame.Rect(self.layout.get("hand").rect).inflate(16, 12)
        pygame.draw.rect(surface, self.tray_colour(seat), hand, 4, border_radius=18)

    def draw_hand_tag(self, surface: pygame.Surface, seat: int) -> None:
        """The tab on the tray: the owner's shape and name, so whose hand it is reads at a
        glance whatever the colours look like."""
        tag = self.hand_tag_rect(seat)
        colour = self.tray_colour(seat)
        pygame.draw.rect(surface, (16, 18, 24), tag, border_radius=tag.h // 2)
        pygame.draw.rect(surface, colour, tag, 3, border_radius=tag.h // 2)
        self.draw_seat_mark(surface, seat, (tag.x + 26, tag.centery), 11)
        label = self.ctx.assets.text(self.hand_tag_text(seat), 30, ui.TEXT, "bold")
        surface.blit(label, label.get_rect(midleft=(tag.x + 48, tag.centery)))
        self.note("label", tag, self.hand_tag_text(seat))

    def prompt_bar(self) -> tuple[tuple[Act, str], ...]:
        """The game's prompts, then Hint, then Pause: every table ends its bar the same
        way, whatever its own prompts say."""
        items = tuple(item for item in self.prompts() if item[0] is not Act.PAUSE)
        if self.hints_on and self.hints.hint_action is None:
            items += ((Act.HINT, "Thinking\u2026" if self.hints.hint_decision else "Hint"),)
        if (not any(act is Act.BACK for act, _ in items) and self.human_deciding
                and self.keeper.undo_target() is not None):
            items += ((Act.BACK, "Take back"),)
        return items + ((Act.PAUSE, "Pause"),)

    def felt_key(self) -> object:
        """What, besides the layout, changes the table's backdrop (see paint_felt)."""
        return ()

    def paint_felt(self, surface: pygame.Surface) -> None:
        """Paint what never moves during a game (fences, trays, labels) into the
        backdrop, which is then one opaque blit a frame."""

    def felt(self) -> pygame.Surface:
        """The backdrop: a soft radial light on green felt, the game's static pieces
        (paint_felt), the log's panel and every seat plate's panel, built once per table (and again only
        if felt_key changes). Plates are lit and filled on top of it (draw_seat)."""
        key = (self.felt_key(), self.layout.home)   # the plates' panels follow the seats
        if self._felt is not None and self._felt[0] == key:
            return self._felt[1]
        if not Chrome._cloth:
            cloth = pygame.Surface(ui.CANVAS)
            cloth.fill(ui.FELT_DARK)
            cx, cy = ui.CANVAS[0] // 2, ui.CANVAS[1] // 2
            for i in range(24, 0, -1):
                t = i / 24
                colour = ui.lerp_colour(ui.FELT, ui.FELT_DARK, t)
                pygame.draw.ellipse(cloth, colour, pygame.Rect(0, 0, 2200 * t, 1300 * t).move(
                    cx - 1100 * t, cy - 650 * t))
            Chrome._cloth.append(ui.fast_opaque(cloth))
        surf = Chrome._cloth[0].copy()
        self.paint_felt(surf)
        log = self.layout.get("log")
        surf.blit(ui.panel((log.w, log.h), (12, 18, 24), 16, alpha=190), (log.x, log.y))
        for seat in range(self.match.num_players):
            ui.draw_shadowed_panel(surf, self.seat_rect(seat), ui.PANEL, PLATE_RADIUS)
        self._felt = (key, surf)
        return surf

    plate_corner = 60   # px kept free right of the name line (the thinking bird's corner)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.layout.get(f"seat{seat}").rect)

    @property
    def patterns(self) -> bool:
        """Colour-coded pieces also carry a pattern (the Colour patterns setting)."""
        return bool(self.ctx.settings.colour_patterns)

    def plate_key(self, seat: int) -> object:
        """What, besides the name, changes a seat's plate picture (counts, badges):
        the plate is repainted only when this value changes."""
        return ()

    def paint_plate_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Paint the game's static plate details into the cached plate picture."""

    def plate_label(self, seat: int, width: int) -> tuple[str, int]:
        """The seat's name line and its size, the same words at every table: 'Wren · AI
        Normal' (a person: 'Robin · You' when alone, else the name). A narrow plate
        takes a smaller size first (never under 28 px), then 'Wren · AI', then the name."""
        info = self.match.seats[seat]
        if info.human and self.couch.is_phone(seat):
            options = [f"{info.name} \u00b7 Phone", info.name]
        elif info.human:
            options = [f"{info.name} \u00b7 You" if len(self.match.humans) == 1 else info.name,
                       info.name]
        else:
            # every AI seat says as much as the longest name lets them all say ('Wren ·
            # AI' beside 'Jay · AI Normal' reads as if Wren had no level)
            words = self._ai_words(width)
            options = [f"{info.name} \u00b7 AI {info.level.title()}",
                       f"{info.name} \u00b7 AI", info.name][words:]
        for text in options:
            for size in (32, 28):
                if self.ctx.assets.font("bold", size).size(text)[0] <= width:
                    return text, size
        return options[-1], 28

    def _ai_words(self, width: int) -> int:
        """How much of 'Name · AI Level' every AI seat's plate of ``width`` can say:
        0 all of it, 1 'Name · AI', 2 the name alone."""
        font = self.ctx.assets.font("bold", 28)
        most = 0
        for info in self.match.seats:
            if info.human:
                continue
            forms = [f"{info.name} \u00b7 AI {info.level.title()}", f"{info.name} \u00b7 AI"]
            fits = next((k for k, text in enumerate(forms) if font.size(text)[0] <= width), 2)
            most = max(most, fits)
        return most

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's plate. Its panel lies in the backdrop; the seat whose move is on screen
        (``turn_seat``) gets a lit panel in its colour on top. What is on the plate (colour
        shape, name, the game's static extras) is painted once per change into a cached
        picture cut to what it covers; then come the game's live details and, while its AI
        thinks, the thinking bird."""
        rect = self.seat_rect(seat)
        info = self.match.seats[seat]
        if self.turn_seat == seat:
            surface.blit(self.plate_light(seat), rect)
        key = (rect.size, info, self.plate_key(seat))
        cached = self._plates.get(seat)
        if cached is None or cached[0] != key:
            picture = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._paint_plate(picture, picture.get_rect(), seat)
            bound = picture.get_bounding_rect()
            picture = ui.fast(picture.subsurface(bound).copy())
            cached = self._plates[seat] = (key, picture, bound.topleft)
        surface.blit(cached[1], (rect.x + cached[2][0], rect.y + cached[2][1]))
        self.draw_seat_extra(surface, seat, rect)
        if self.state.current_player == seat and not info.human and self.turn.decision is not None:
            from sprites.birds import thinking_bird
            bird = thinking_bird(self.ctx.time, (52, 52))
            surface.blit(bird, bird.get_rect(midright=self.thinking_spot(seat, rect)))

    def plate_light(self, seat: int) -> pygame.Surface:
        """The lit panel in the seat's colour laid on the plate of the seat whose move is
        on screen."""
        colour = ui.SEAT_COLOURS[self.match.seats[seat].colour % 6]
        return ui.panel(self.seat_rect(seat).size, ui.PANEL_LIGHT, PLATE_RADIUS, colour, 5)

    def draw_seat_mark(self, surface: pygame.Surface, seat: int, centre: tuple[int, int],
                       r: int = 15) -> None:
        """The seat's shape in its colour on a dark disc: what marks anything drawn in a
        seat's colour, so it reads without the colour too."""
        colour = self.match.seats[seat].colour % 6
        pygame.draw.circle(surface, (16, 18, 24), centre, r + 5)
        ui.draw_shape(surface, ui.SEAT_SHAPES[colour], centre, r, ui.SEAT_COLOURS[colour])

    def _paint_plate(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        info = self.match.seats[seat]
        colour = ui.SEAT_COLOURS[info.colour % 6]
        ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour % 6], (rect.x + 34, rect.y + 34), 20, colour)
        room = rect.w - 76 - self.plate_corner
        text, size = self.plate_label(seat, room)
        name = self.ctx.assets.text_fit(text, size, room, ui.TEXT, "bold")
        surface.blit(name, (rect.x + 64, rect.y + 14))
        self.paint_plate_extra(surface, seat, rect)

    def plate_name_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name line lies on the canvas (as _paint_plate draws it)."""
        rect = self.seat_rect(seat)
        room = rect.w - 76 - self.plate_corner
        text, size = self.plate_label(seat, room)
        w, h = self.ctx.assets.font("bold", size).size(text)
        return pygame.Rect(rect.x + 64, rect.y + 14, min(w, room), h)

    def thinking_spot(self, seat: int, rect: pygame.Rect) -> tuple[int, int]:
        """Where the thinking bird perches (its right middle): inside the plate's top-right
        corner, so it never covers the plate above or leaves the safe area."""
        return rect.right - 10, rect.y + 32

    def status_line(self) -> str:
        """The status, named when several people share the screen: the hand on show lies
        under the first seat's plate whoever's it is, so the line says whose it is."""
        seat = self.state.current_player
        if self.phone_deciding:
            name = self.match.seats[seat].name
            phones = self.ctx.phones
            if phones is None or not phones.is_connected(seat):
                return f"Waiting for {name}'s phone"
            return f"{name} is choosing on their phone"
        text = self.status()
        if (text and len(self.match.humans) >= 2 and self.couch.is_human(seat)
                and self.couch.viewer == seat):
            name = self.match.seats[seat].name
            if not text.startswith(name):
                text = f"{name} \u2014 {text}"
        return text

    def status_size(self, text: str) -> int:
        """The status line's size: a smaller line before a cut one, never under the
        ten-foot floor."""
        width = self.layout.get("status").w - 40
        return next((px for px in (40, 34) if self.ctx.assets.font("bold", px).size(text)[0]
                     <= width), 30)

    def status_rect(self, text: str) -> pygame.Rect:
        """The status line's pill on the canvas."""
        anchor = self.layout.get("status")
        w, h = self.ctx.assets.font("bold", self.status_size(text)).size(text)
        box = pygame.Rect(0, 0, min(w, anchor.w - 40), h)
        box.center = anchor.center
        return box.inflate(48, 20)

    def draw_status(self, surface: pygame.Surface) -> None:
        text = self.status_line()
        if not text:
            return
        anchor = self.layout.get("status")
        a = self.ctx.assets
        txt = a.text_fit(text, self.status_size(text), anchor.w - 40, ui.TEXT, "bold")
        box = txt.get_rect(center=anchor.center).inflate(48, 20)
        surface.blit(ui.panel(box.size, (12, 18, 24), box.h // 2, alpha=200), box)
        surface.blit(txt, txt.get_rect(center=anchor.center))

    def log_view(self) -> tuple[str, tuple[str, ...], int]:
        """What the log panel shows: a heading, its lines, and how many of the newest
        are bright. While a person decides: what the others did since their last move
        ("Since your turn"); otherwise the latest lines, the newest bright."""
        seat = self.state.current_player
        if self.human_deciding and self.couch.viewer == seat:
            recap = tuple(self.since_last_move(seat))[-LOG_KEEP:]
            if recap:
                return "Since your turn", recap, len(recap)
        return "", tuple(shown_to(self.log_lines, self.couch.viewer))[-LOG_KEEP:], 1

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log panel: whole lines only, wrapped, never cut (the end of a line is often
        what matters), newest at the bottom, each marked with the shape and colour of
        the seat whose move it tells. The panel is in the backdrop; the text is one
        picture, redrawn only when what it shows changes."""
        view = self.log_view()
        if not view[1]:
            return
        if self._log_picture is None or self._log_picture[0] != view:
            self._log_picture = (view, self._paint_log(*view))
        anchor = self.layout.get("log")
        surface.blit(self._log_picture[1], (anchor.x, anchor.y))

    def _paint_log(self, heading: str, lines: tuple[str, ...], bright: int) -> pygame.Surface:
        a = self.ctx.assets
        anchor = self.layout.get("log")
        marker = 30                                # room for a seat's shape
        width = anchor.w - 32 - marker
        step = a.font("body", 28).get_linesize() + 2
        picture = pygame.Surface((anchor.w, anchor.h), pygame.SRCALPHA)
        top = 8
        if heading and anchor.h >= 2 * step + 18:   # a one-line panel keeps its line
            title = a.text_fit(heading, 28, anchor.w - 32, ui.ACCENT, "bold")
            picture.blit(title, (16, top))
            top += step
        bottom = anchor.h - 10
        kept: dict[tuple, list[pygame.Surface]] = {}
        for i, line in enumerate(reversed(lines)):
            colour = ui.TEXT if i < bright else ui.TEXT_MUTED
            # a line's rows are wrapped and rendered once while it is on show: a new move
            # then costs its own line, not a re-render of the whole panel
            key = (str(line), colour, width)
            rows = self._log_rows.get(key) or [a.text(row, 28, colour)
                                               for row in a.wrap(line, 28, width)]
            kept[key] = rows
            if bottom - step * len(rows) < top and i:
                break                              # an older line that does not fit whole
            bottom -= step * len(rows)
            mover = getattr(line, "mover", None)
            if mover is not None and 0 <= mover < len(self.match.seats):
                seat = self.match.seats[mover]
                ui.draw_shape(picture, ui.SEAT_SHAPES[seat.colour % 6],
                              (16 + 11, bottom + step // 2), 10,
                              ui.SEAT_COLOURS[seat.colour % 6])
            for k, row in enumerate(rows):
                picture.blit(row, (16 + marker, bottom + k * step))
        self._log_rows = kept
        return ui.fast(picture)

    shout_style = (60, 34, 1300)   # title and subtitle size, the widest a line may be

    def shout_spot(self) -> tuple[int, int]:
        """Where call-outs show unless told (the middle of the screen)."""
        return ui.CANVAS[0] // 2, ui.CANVAS[1] // 2

    def shout(self, title: str, sub: str = "", hold: float = 1.6, edge=ui.ACCENT,
              at: tuple[int, int] | None = None, tint: bool = False) -> None:
        """A big message centred on ``at`` for ``hold`` seconds (AI speed applies; the
        table's clock, so it waits while paused). The title is gold, or in the edge's
        colour with ``tint``. Built once as one colour-keyed picture and only moved while
        it shows: a cheap blit a frame, even during a busy animation."""
        a = self.ctx.assets
        size, sub_size, width = self.shout_style
        title_s = a.text_fit(title, size, width, edge if tint else ui.ACCENT, "title")
        # a long sub-line wraps onto a second line rather than losing its end
        lines = [sub] if a.font("body", sub_size).size(sub)[0] <= width else \
            a.wrap(sub, sub_size, width)[:2]
        subs = [a.text_fit(line, sub_size, width, ui.TEXT) for line in lines if line]
        w = max([title_s.get_width()] + [s.get_width() for s in subs]) + 100
        h = title_s.get_height() + sum(s.get_height() + 8 for s in subs) + 44
        surf = pygame.Surface((w, h))      # opaque with a colour key: a cheap blit
        key = (255, 0, 255)
        surf.fill(key)
        pygame.draw.rect(surf, (16, 22, 32), surf.get_rect(), border_radius=28)
        pygame.draw.rect(surf, edge, surf.get_rect(), 5, border_radius=28)
        surf.blit(title_s, title_s.get_rect(midtop=(w // 2, 20)))
        y = 20 + title_s.get_height() + 8
        for line in subs:
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += line.get_height() + 8
        surf.set_colorkey(key, pygame.RLEACCEL)
        self.callout = (surf, self.clock, self.reading_time(hold), at or self.shout_spot())

    def draw_callout(self, surface: pygame.Surface) -> None:
        if self.callout is None:
            return
        surf, start, hold, (x, y) = self.callout
        t = self.clock - start
        if t > hold or t < 0:
            self.callout = None
            return
        k = 1.0 if self.ctx.settings.reduced_motion else min(t / 0.18, 1.0)   # it drops in
        surface.blit(surf, surf.get_rect(center=(x, y + int((1 - k) ** 2 * 40))))

    def draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner_text:
            return
        t = self.banner_time
        total = self.banner_hold + 0.6
        if t > total:
            return
        if self._banner_surface is None:  # built once per banner, then only faded
            self._banner_surface = self._build_banner()
        appear = min(t / 0.25, 1.0)
        fade = 1.0 if t < total - 0.35 else max(0.0, (total - t) / 0.35)
        banner = self._banner_surface
        banner.set_alpha(int(255 * min(appear, fade)))
        rise = 0 if self.ctx.settings.reduced_motion else int(24 * (1.0 - appear))
        surface.blit(banner, banner.get_rect(center=(ui.CANVAS[0] // 2,
                                                     ui.CANVAS[1] // 2 - 60 + rise)))

    def _build_banner(self) -> pygame.Surface:
        a = self.ctx.assets
        title = a.text_fit(self.banner_text, 64, 1500, ui.ACCENT, "title")
        sub = a.text_fit(self.banner_sub, 36, 1500, ui.TEXT) if self.banner_sub else None
        h = title.get_height() + (sub.get_height() + 10 if sub else 0) + 56
        w = max(title.get_width(), sub.get_width() if sub else 0) + 120
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.blit(ui.panel((w, h), (16, 22, 32), 28, ui.ACCENT, 4, alpha=235), (0, 0))
        surf.blit(title, title.get_rect(midtop=(w // 2, 28)))
        if sub:
            surf.blit(sub, sub.get_rect(midbottom=(w // 2, h - 24)))
        return surf
