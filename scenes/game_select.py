"""Pick a game: four big cards with the name, player range, a one-line pitch and a bird."""
from __future__ import annotations

import pygame

from game.engine import GAMES, GameSpec
from game.i18n import N_, _, ngettext
from game.input import Act, Input
from scenes.base import MenuScene
from scenes.table.coach import first_play, guide_for, start_guided
from scenes.table.spec import TableSpec, playable, table_spec
from scenes.widgets import Widget
from sprites import ui

CARD_W, CARD_H, GAP = 408, 600, 32


class GameCard(Widget):
    def __init__(self, rect, info: GameSpec, on_pick, saved=None) -> None:
        super().__init__(rect, enabled=playable(info.id))
        self.info = info
        self.saved = saved            # a game of it that can be continued (store.Unfinished)
        self.table = table_spec(info.id) or TableSpec("")
        self.on_pick = on_pick

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.on_pick(self.info.id)
        return True

    def draw(self, surface, assets, focused, t) -> None:
        from sprites.birds import bird_surface

        rect = self.rect.move(0, -12) if focused else self.rect
        colour = self.table.colour
        if not self.enabled:
            colour = tuple(int(c * 0.55) for c in colour)
        ui.draw_shadowed_panel(surface, rect, colour, 28, (240, 232, 214), 4)
        name = assets.text(self.info.name, 52, ui.TEXT, "title")
        surface.blit(name, name.get_rect(midtop=(rect.centerx, rect.y + 30)))
        bird = bird_surface(self.table.hero, (230, 200))
        if not self.enabled:
            bird = bird.copy()
            bird.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(bird, bird.get_rect(center=(rect.centerx, rect.y + 220)))
        players = ngettext("{low}\u2013{high} player", "{low}\u2013{high} players",
                           self.info.max_players).format(low=self.info.min_players,
                                                         high=self.info.max_players)
        ptxt = assets.text(players, 36, ui.TEXT, "bold")
        surface.blit(ptxt, ptxt.get_rect(midtop=(rect.centerx, rect.y + 340)))
        pitch = assets.text_block(_(self.info.pitch), 32, rect.w - 56, ui.TEXT)
        surface.blit(pitch, (rect.x + 28, rect.y + 400))
        if not self.enabled:
            ribbon = pygame.Rect(0, 0, rect.w - 40, 64)
            ribbon.center = (rect.centerx, rect.y + 220)
            surface.blit(ui.panel(ribbon.size, (24, 24, 30), 14, ui.ACCENT, 3), ribbon)
            soon = assets.text(_("Coming soon"), 40, ui.ACCENT, "title")
            surface.blit(soon, soon.get_rect(center=ribbon.center))
        if self.saved is not None and self.enabled:
            ribbon = pygame.Rect(rect.x + 20, rect.bottom - 66, rect.w - 40, 52)
            surface.blit(ui.panel(ribbon.size, (24, 24, 30), 14, ui.ACCENT, 3), ribbon)
            words = (_("Saved game: {progress}").format(progress=self.saved.progress)
                     if self.saved.progress else _("Saved game"))
            saved = assets.text(words, 32, ui.ACCENT, "bold")
            surface.blit(saved, saved.get_rect(center=ribbon.center))
        if focused:
            ui.draw_focus_ring(surface, rect, t, 28)


class GameSelect(MenuScene):
    title = N_("Choose a game")
    prompts = ((Act.CONFIRM, N_("Choose")), (Act.HINT, N_("Guided game")), (Act.BACK, N_("Back")))

    def build(self) -> None:
        count = len(GAMES)
        width = min(CARD_W, (ui.SAFE.w - GAP * (count - 1)) // max(count, 1))
        total = count * width + (count - 1) * GAP
        x = (ui.CANVAS[0] - total) // 2
        y = 240
        for i, info in enumerate(GAMES.values()):
            rect = pygame.Rect(x + i * (width + GAP), y, width, CARD_H)
            saved = None if self.ctx.options.kiosk else self.ctx.store.latest(info.id)
            self.group.widgets.append(GameCard(rect, info, self.pick, saved))
        preferred = self.ctx.session.last_game
        for i, w in enumerate(self.group.widgets):
            if w.info.id == preferred or (preferred is None and w.enabled):
                self.group.index = i
                break

    def pick(self, game_id: str) -> None:
        self.ctx.session.last_game = game_id
        card = next(w for w in self.group.widgets if w.info.id == game_id)
        if card.saved is not None:
            self.ctx.go("saved_game", card.saved, lambda: self.seat_setup(game_id))
            return
        if first_play(self.ctx, game_id):   # never played here: offer a guided game
            self.ctx.go("guide_offer", game_id, lambda: self.seat_setup(game_id))
            return
        self.seat_setup(game_id)

    def handle(self, event: Input) -> bool:
        """Y / H: a guided game of the focused game, whenever someone wants one."""
        card = self.group.focused
        if event.act is Act.HINT and isinstance(card, GameCard):
            if card.enabled and guide_for(card.info.id) is not None:
                start_guided(self.ctx, card.info.id)
            else:
                self.ctx.play("error")
            return True
        return super().handle(event)

    def seat_setup(self, game_id: str) -> None:
        self.ctx.go("seat_setup", game_id)
