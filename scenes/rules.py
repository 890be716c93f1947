"""How to play: short illustrated pages per game. LEFT/RIGHT turn pages, LB/RB (Q/E)
switch games; the mouse can click the tabs and the page arrows."""
from __future__ import annotations

import pygame

from game.engine import GAMES
from scenes.table.howto import Mini, Page
from scenes.table.spec import table_spec
from game.input import Act, Input
from scenes.base import draw_backdrop, draw_prompts
from game.scene import Scene
from sprites import ui

TAB_Y, TAB_H = 70, 84
MINI = (150, 210)


def draw_mini(surface: pygame.Surface, assets, card: Mini, center: tuple[int, int]) -> None:
    from sprites.birds import bird_surface

    rect = pygame.Rect((0, 0), MINI)
    rect.center = center
    surface.blit(ui.shadow(MINI, 14), (rect.x - 8, rect.y - 2))
    if card.down:
        surface.blit(ui.panel(MINI, (52, 70, 120), 14, (236, 230, 214), 4), rect)
        for i in range(1, 4):
            pygame.draw.circle(surface, (86, 108, 170), rect.center, 18 * i, 3)
    else:
        surface.blit(ui.panel(MINI, (250, 246, 236), 14, (60, 60, 66), 3), rect)
        if card.look:
            bird = bird_surface(card.look, (126, 120))
            surface.blit(bird, bird.get_rect(center=(rect.centerx, rect.y + 84)))
        if card.caption:
            cap = assets.text(card.caption, 28, (30, 30, 36), "bold")
            surface.blit(cap, cap.get_rect(midbottom=(rect.centerx, rect.bottom - 10)))
    if card.mark:
        pygame.draw.rect(surface, ui.ACCENT, rect.inflate(14, 14), 6, border_radius=20)


class Rules(Scene):
    idle_to_attract = True

    def __init__(self, ctx, game_id: str | None = None) -> None:
        super().__init__(ctx)
        self.games = list(GAMES)
        self.game = self.games.index(game_id) if game_id in self.games else 0
        self.page = 0
        self._pages: dict[str, list] = {}
        count = max(len(self.games), 1)
        width = (ui.SAFE.w - (count - 1) * 20) // count
        self.tabs = [pygame.Rect(ui.SAFE.x + i * (width + 20), TAB_Y, width, TAB_H)
                     for i in range(len(self.games))]
        self.prev_rect = pygame.Rect(ui.SAFE.x, 900, 240, 80)
        self.next_rect = pygame.Rect(ui.SAFE.right - 240, 900, 240, 80)

    def animating(self) -> bool:
        return self.ctx.pulsing

    @property
    def pages(self) -> list:
        """The game's How to play pages, from its TableSpec (looked up once a game)."""
        game_id = self.games[self.game]
        if game_id not in self._pages:
            spec = table_spec(game_id)
            self._pages[game_id] = (spec.how_to() if spec is not None else []) or [
                Page("How to play", "This game has no How to play pages yet.")]
        return self._pages[game_id]

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
        body_rect = pygame.Rect(ui.SAFE.x, 190, ui.SAFE.w, 680)
        ui.draw_shadowed_panel(surface, body_rect, ui.PANEL, 28)
        heading = a.text(page.heading, 64, ui.ACCENT, "title")
        surface.blit(heading, (body_rect.x + 60, body_rect.y + 40))
        count = a.text(f"{self.page + 1} / {len(self.pages)}", 36, ui.TEXT_MUTED, "bold")
        surface.blit(count, count.get_rect(topright=(body_rect.right - 50, body_rect.y + 56)))
        text_w = 860 if page.art else body_rect.w - 120
        body = a.text_block(page.body, 40, text_w, ui.TEXT)
        surface.blit(body, (body_rect.x + 60, body_rect.y + 150))
        if page.art:
            self._draw_art(surface, page.art, pygame.Rect(body_rect.x + 960, body_rect.y + 120,
                                                           body_rect.w - 1000, 480))
        self._draw_footer(surface)

    def _draw_art(self, surface, art, area: pygame.Rect) -> None:
        """One row if it fits; otherwise a row per group (groups start at gap_before)."""
        step, gap = MINI[0] + 14, 40
        groups: list[list[Mini]] = []
        for card in art:
            if card.gap_before or not groups:
                groups.append([])
            groups[-1].append(card)

        def width(cards) -> int:
            return len(cards) * step - 14 + sum(gap for c in cards[1:] if c.gap_before)

        rows = [list(art)] if width(list(art)) <= area.w else groups
        y = area.centery - (len(rows) - 1) * (MINI[1] + 30) // 2
        for row in rows:
            x = area.centerx - width(row) // 2 + MINI[0] // 2
            for i, card in enumerate(row):
                if card.gap_before and i:
                    x += gap
                draw_mini(surface, self.ctx.assets, card, (x, y))
                x += step
            y += MINI[1] + 30

    def _draw_footer(self, surface) -> None:
        a = self.ctx.assets
        count = len(self.pages)
        dots_w = count * 40
        for i in range(count):
            centre = (ui.CANVAS[0] // 2 - dots_w // 2 + 20 + i * 40, 920)
            pygame.draw.circle(surface, ui.ACCENT if i == self.page else ui.PANEL_LIGHT, centre, 12)
        for rect, text, enabled in ((self.prev_rect, "\u2039 Back", self.page > 0),
                                    (self.next_rect, "Next \u203a", self.page < count - 1)):
            surface.blit(ui.panel(rect.size, ui.PANEL if enabled else (30, 34, 44), 18), rect)
            t = a.text(text, 36, ui.TEXT if enabled else ui.TEXT_DIM, "bold")
            surface.blit(t, t.get_rect(center=rect.center))
        draw_prompts(surface, self.ctx, ((Act.LEFT, "Turn page"), (Act.NEXT, "Next game"),
                                         (Act.BACK, "Done")), y=ui.SAFE.bottom)
