"""The toy game's table: the pile, the deck and the hand where its layout file puts them
(tests/toy/layouts/toy_<players>.tmx), everything else the shared table's own. It
overrides none of the shared machinery: the state, the bots and the layout are found
through the toy's GameSpec like every real game's."""
from __future__ import annotations

import pygame

from scenes.picker import Option, Picker
from scenes.table.chrome import Chrome
from scenes.table.game import GameTable
from scenes.table.scene import TableScene
from sprites import ui
from tests.toy.draw import CARD, card_back, card_face
from tests.toy.rules import Draw, Play, describe_action

GAP = 16


class ToyGameTable(GameTable):
    """The hand as a row of cards plus a Draw card to pick from."""

    step = "turn"                      # the one kind of pick (the coach's lesson key)

    def card_rects(self, count: int) -> list[pygame.Rect]:
        """Where ``count`` picks lie in the hand's box, left to right."""
        box = pygame.Rect(self.t.layout.get("hand").rect)
        width = min(CARD[0], (box.w - GAP * max(0, count - 1)) // max(1, count))
        height = min(CARD[1], box.h)
        left = box.x
        return [pygame.Rect(left + i * (width + GAP), box.y, width, height)
                for i in range(count)]

    def begin_turn(self) -> None:
        actions = self.t.state.legal_actions()
        options = [Option(rect, action, describe_action(action))
                   for rect, action in zip(self.card_rects(len(actions)), actions)]
        self.t.turn.picker = Picker(options, self.t.submit, ctx=self.t.ctx)

    def handle_turn(self, event) -> bool:
        return self.t.turn.picker.handle(event)

    def show_hint(self, action) -> None:
        """The hint (and the coach's arrow) rests on the suggested card."""
        if self.t.turn.picker is not None:
            self.t.turn.picker.focus_value(action)



class ToyDraw(Chrome):
    """The pile's top, the deck and each seat's points, drawn over the shared table."""

    def draw_seat_extra(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view = self.t.shown
        line = f"{view.points[seat]} pts, {view.hand_sizes[seat]} cards"
        text = self.t.ctx.assets.font("body", 28).render(line, True, ui.TEXT_MUTED)
        surface.blit(text, text.get_rect(bottomleft=(rect.x + 20, rect.bottom - 12)))

    def draw_table(self, surface: pygame.Surface) -> None:
        view = self.t.shown
        assets = self.t.ctx.assets
        pile = pygame.Rect(self.t.layout.get("pile").rect)
        if view.pile:
            surface.blit(card_face(view.pile[-1], pile.size, assets), pile)
        else:
            pygame.draw.rect(surface, ui.TEXT_MUTED, pile, 3, border_radius=12)
        deck = pygame.Rect(self.t.layout.get("deck").rect)
        surface.blit(card_back(deck.size, view.deck_size, assets), deck)
        if self.t.turn.turn_ready and self.t.turn.picker is not None:
            for option in self.t.turn.picker.options:
                action = option.value
                if isinstance(action, Play):
                    surface.blit(card_face(action.card, option.rect.size, assets), option.rect)
                elif isinstance(action, Draw):
                    surface.blit(card_back(option.rect.size, view.deck_size, assets,
                                           "Draw"), option.rect)
            self.t.turn.picker.draw(surface, self.t.ctx.time)


class ToyTable(TableScene):
    """The toy's table scene: the shared frame with the toy's game part and drawing."""

    game_kind = ToyGameTable
    paint_kind = ToyDraw
