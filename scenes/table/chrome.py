"""What every table draws around the game: the felt, the seat plates, the status line,
the log panel, call-outs and the win banner, and the hooks a game's ``draw`` module
fills in (``draw_table``, ``paint_felt``, ``plate_key``/``paint_plate_extra``,
``draw_seat_extra``, ``draw_over_seats``, ``draw_on_top``).

A part of the table (``table.paint``): a game's draw module subclasses it and its table
names that class in ``paint_kind``. The status line, the log panel and the call-outs are
parts of their own (scenes.table.statusline, logpanel, messages).
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from game import i18n
from game.i18n import _, pgettext
from typing import TYPE_CHECKING

from scenes.base import draw_prompts
from sprites import ui

if TYPE_CHECKING:
    from scenes.table.game import GameTable
    from scenes.table.scene import TableScene

PLATE_RADIUS = 20

_LEVEL_WORDS = {"random": lambda: pgettext("AI level", "Random"),
                "easy": lambda: pgettext("AI level", "Easy"),
                "normal": lambda: pgettext("AI level", "Normal"),
                "hard": lambda: pgettext("AI level", "Hard")}


def ai_level_word(level: str) -> str:
    """An AI level ('normal') as a plate and the seats overlay say it ('Normal'), in the
    language shown; an unknown level as it is, capitalised."""
    word = _LEVEL_WORDS.get(level)
    return word() if word else level.title()


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
    """The table's picture: the shared chrome and the hooks a game's drawing fills in."""

    _cloth: list = []   # the bare cloth, the same for every table: built once per run

    def __init__(self, table: TableScene) -> None:
        self.t = table
        self._drawn: list[AuditItem] = []   # what the last frame noted as it drew
        self._plates: dict[int, tuple] = {}
        self._felt: tuple | None = None

    @property
    def game(self) -> GameTable:
        """The game's part of the same table (its sprites and display model)."""
        return self.t.game

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
        items += [AuditItem("label", self.plate_name_rect(seat), self.t.match.seats[seat].name)
                  for seat in range(self.t.match.num_players)]
        text = self.t.status_bar.status_line()
        if text:
            items.append(AuditItem("label", self.t.status_bar.status_rect(text), text))
        if self.t.messages.callout is not None:
            surf, _, _, centre = self.t.messages.callout
            items.append(AuditItem("label", surf.get_rect(center=centre), "call-out"))
        return items

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

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = []
        surface.blit(self.felt(), (0, 0))
        owner = self.hand_owner()
        if owner is not None:
            self.draw_hand_tray(surface, owner)
        self.draw_table(surface)
        if owner is not None:
            self.draw_hand_tag(surface, owner)
        for seat in range(self.t.match.num_players):
            self.draw_seat(surface, seat)
        self.t.changes.draw(surface)        # under cards in flight, focus rings and tips
        self.draw_over_seats(surface)
        self.t.status_bar.draw_status(surface)
        self.t.log_panel.draw_log(surface)
        self.draw_on_top(surface)
        self.t.draw_overlay(surface)        # the table's own (the coach's panel)
        self.t.messages.draw_callout(surface)
        self.t.messages.draw_banner(surface)
        seat = self.t.state.current_player
        if self.t.human_deciding or self.t.always_prompts:
            anchor = self.t.layout.get("prompts")
            device = self.t.couch.owner(seat) or self.t.couch.last_device.get(seat)
            draw_prompts(surface, self.t.ctx, self.t.prompt_bar(), device, y=anchor.y + anchor.h)

    def hand_owner(self) -> int | None:
        """Whose hand the tray shows, when it needs saying: several people share the TV
        and one seat's hand is on show (its plate sits beside it, see SeatedLayout)."""
        seat = self.t.couch.viewer
        tv = [s for s in self.t.match.humans if not self.t.couch.is_phone(s)]
        if seat is None or len(tv) < 2 or "hand" not in self.t.layout:
            return None
        return seat

    def hand_tag_rect(self, seat: int) -> pygame.Rect:
        """The tab naming the hand's owner: the layout's ``hand_tag`` if it has one, else
        just above the tray's top left, clear of a lifted card."""
        text = self.hand_tag_text(seat)
        w, h = self.t.ctx.assets.font("bold", 30).size(text)
        if "hand_tag" in self.t.layout:
            return pygame.Rect(self.t.layout.get("hand_tag").rect[:2], (w + 64, h + 10))
        hand = self.t.layout.get("hand")
        return pygame.Rect(hand.x, hand.y - h - 20, w + 64, h + 10)

    def hand_tag_text(self, seat: int) -> str:
        return _("{name}'s hand").format(name=self.t.match.seats[seat].name)

    def tray_colour(self, seat: int) -> tuple[int, int, int]:
        return ui.SEAT_COLOURS[self.t.match.seats[seat].colour % 6]

    def draw_hand_tray(self, surface: pygame.Surface, seat: int) -> None:
        """The tray under the hand on show, outlined in its owner's colour (with several
        people at the TV; the owner's plate sits beside it, see SeatedLayout)."""
        hand = pygame.Rect(self.t.layout.get("hand").rect).inflate(16, 12)
        pygame.draw.rect(surface, self.tray_colour(seat), hand, 4, border_radius=18)

    def draw_hand_tag(self, surface: pygame.Surface, seat: int) -> None:
        """The tab on the tray: the owner's shape and name, so whose hand it is reads at a
        glance whatever the colours look like."""
        tag = self.hand_tag_rect(seat)
        colour = self.tray_colour(seat)
        pygame.draw.rect(surface, (16, 18, 24), tag, border_radius=tag.h // 2)
        pygame.draw.rect(surface, colour, tag, 3, border_radius=tag.h // 2)
        self.draw_seat_mark(surface, seat, (tag.x + 26, tag.centery), 11)
        label = self.t.ctx.assets.text(self.hand_tag_text(seat), 30, ui.TEXT, "bold")
        surface.blit(label, label.get_rect(midleft=(tag.x + 48, tag.centery)))
        self.note("label", tag, self.hand_tag_text(seat))

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
        # the plates' panels follow the seats; painted words follow the language
        key = (self.felt_key(), self.t.layout.home, i18n.current())
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
        log = self.t.layout.get("log")
        surf.blit(ui.panel((log.w, log.h), (12, 18, 24), 16, alpha=190), (log.x, log.y))
        for seat in range(self.t.match.num_players):
            ui.draw_shadowed_panel(surf, self.seat_rect(seat), ui.PANEL, PLATE_RADIUS)
        self._felt = (key, surf)
        return surf

    plate_corner = 60   # px kept free right of the name line (the thinking bird's corner)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.t.layout.get(f"seat{seat}").rect)

    @property
    def patterns(self) -> bool:
        """Colour-coded pieces also carry a pattern (the Colour patterns setting)."""
        return bool(self.t.ctx.settings.colour_patterns)

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
        info = self.t.match.seats[seat]
        if info.human and self.t.watching:     # nobody watching a replay is 'You'
            return info.name, 32
        if info.human and self.t.couch.is_phone(seat):
            options = [_("{name} \u00b7 Phone").format(name=info.name), info.name]
        elif info.human:
            alone = len(self.t.match.humans) == 1
            options = [_("{name} \u00b7 You").format(name=info.name) if alone else info.name,
                       info.name]
        else:
            # every AI seat says as much as the longest name lets them all say ('Wren ·
            # AI' beside 'Jay · AI Normal' reads as if Wren had no level)
            words = self._ai_words(width)
            options = [*self._ai_forms(info), info.name][words:]
        for text in options:
            for size in (32, 28):
                if self.t.ctx.assets.font("bold", size).size(text)[0] <= width:
                    return text, size
        return options[-1], 28

    @staticmethod
    def _ai_forms(info) -> list[str]:
        """An AI seat's name line, long then short: 'Wren · AI Normal', 'Wren · AI'."""
        return [_("{name} \u00b7 AI {level}").format(name=info.name,
                                                     level=ai_level_word(info.level)),
                _("{name} \u00b7 AI").format(name=info.name)]

    def _ai_words(self, width: int) -> int:
        """How much of 'Name · AI Level' every AI seat's plate of ``width`` can say:
        0 all of it, 1 'Name · AI', 2 the name alone."""
        font = self.t.ctx.assets.font("bold", 28)
        most = 0
        for info in self.t.match.seats:
            if info.human:
                continue
            forms = self._ai_forms(info)
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
        info = self.t.match.seats[seat]
        if self.t.turn_seat == seat:
            surface.blit(self.plate_light(seat), rect)
        key = (rect.size, info, self.plate_key(seat), i18n.current())
        cached = self._plates.get(seat)
        if cached is None or cached[0] != key:
            picture = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._paint_plate(picture, picture.get_rect(), seat)
            bound = picture.get_bounding_rect()
            picture = ui.fast(picture.subsurface(bound).copy())
            cached = self._plates[seat] = (key, picture, bound.topleft)
        surface.blit(cached[1], (rect.x + cached[2][0], rect.y + cached[2][1]))
        self.draw_seat_extra(surface, seat, rect)
        if self.t.state.current_player == seat and not info.human and self.t.turn.decision is not None:
            from sprites.birds import thinking_bird
            bird = thinking_bird(self.t.ctx.time, (52, 52))
            surface.blit(bird, bird.get_rect(midright=self.thinking_spot(seat, rect)))

    def plate_light(self, seat: int) -> pygame.Surface:
        """The lit panel in the seat's colour laid on the plate of the seat whose move is
        on screen."""
        colour = ui.SEAT_COLOURS[self.t.match.seats[seat].colour % 6]
        return ui.panel(self.seat_rect(seat).size, ui.PANEL_LIGHT, PLATE_RADIUS, colour, 5)

    def draw_seat_mark(self, surface: pygame.Surface, seat: int, centre: tuple[int, int],
                       r: int = 15) -> None:
        """The seat's shape in its colour on a dark disc: what marks anything drawn in a
        seat's colour, so it reads without the colour too."""
        colour = self.t.match.seats[seat].colour % 6
        pygame.draw.circle(surface, (16, 18, 24), centre, r + 5)
        ui.draw_shape(surface, ui.SEAT_SHAPES[colour], centre, r, ui.SEAT_COLOURS[colour])

    def _paint_plate(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        info = self.t.match.seats[seat]
        colour = ui.SEAT_COLOURS[info.colour % 6]
        ui.draw_shape(surface, ui.SEAT_SHAPES[info.colour %
                      6], (rect.x + 34, rect.y + 34), 20, colour)
        room = rect.w - 76 - self.plate_corner
        text, size = self.plate_label(seat, room)
        name = self.t.ctx.assets.text_fit(text, size, room, ui.TEXT, "bold")
        surface.blit(name, (rect.x + 64, rect.y + 14))
        self.paint_plate_extra(surface, seat, rect)

    def plate_name_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name line lies on the canvas (as _paint_plate draws it)."""
        rect = self.seat_rect(seat)
        room = rect.w - 76 - self.plate_corner
        text, size = self.plate_label(seat, room)
        w, h = self.t.ctx.assets.font("bold", size).size(text)
        return pygame.Rect(rect.x + 64, rect.y + 14, min(w, room), h)

    def thinking_spot(self, seat: int, rect: pygame.Rect) -> tuple[int, int]:
        """Where the thinking bird perches (its right middle): inside the plate's top-right
        corner, so it never covers the plate above or leaves the safe area."""
        return rect.right - 10, rect.y + 32

    shout_style = (60, 34, 1300)   # title and subtitle size, the widest a line may be

    def shout_spot(self) -> tuple[int, int]:
        """Where call-outs show unless told (the middle of the screen)."""
        return ui.CANVAS[0] // 2, ui.CANVAS[1] // 2

