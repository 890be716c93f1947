"""A bare-bones table over the toy game, for testing the shared table machinery."""
import pygame

from game.ai import RandomBot
from scenes.picker import Option, Picker
from scenes.table.scene import TableScene
from tests.toy_game import new_toy


class ToyTable(TableScene):
    """A bare-bones table: the hand as a row of boxes, plus a Draw box."""

    def new_state(self):
        return new_toy(self.match.num_players, self.match.seed)

    def make_bot(self, level, seed):
        return RandomBot(seed)

    def layout_name(self):
        return "title"  # any layout: missing anchors get stand-ins

    def begin_turn(self):
        options = []
        for i, action in enumerate(self.state.legal_actions()):
            options.append(Option(pygame.Rect(200 + i * 120, 700, 100, 140), action))
        self.turn.picker = Picker(options, self.submit, ctx=self.ctx)

    def handle_turn(self, event):
        return self.turn.picker.handle(event)

    def draw_table(self, surface):
        if self.turn.turn_ready:
            self.turn.picker.draw(surface, self.ctx.time)
