"""Settings: every change takes effect at once and is saved when you leave the screen."""
from __future__ import annotations

import pygame

from game.settings import AI_SPEEDS, WINDOW_SIZES
from game.input import Act
from scenes.base import MenuScene
from scenes.widgets import Choice, Slider
from sprites import ui

ON_OFF = ["Off", "On"]
ROWS_TOP = 170     # below the title
NOTE_TOP = 870     # the explanation line and the prompt bar live below this


class SettingsScene(MenuScene):
    title = "Settings"
    prompts = ((Act.LEFT, "Change"), (Act.BACK, "Done"))

    def build(self) -> None:
        s = self.ctx.settings
        kiosk = self.ctx.options.kiosk
        rows = []
        if not kiosk:
            rows.append(Choice(self._row(), "Fullscreen", ON_OFF,
                        int(s.fullscreen), self._fullscreen))
            sizes = [f"{w} \u00d7 {h}" for w, h in WINDOW_SIZES]
            current = WINDOW_SIZES.index(s.window_size) if s.window_size in WINDOW_SIZES else 0
            rows.append(Choice(self._row(), "Window size", sizes, current, self._size))
        rows.append(Slider(self._row(), "Music volume", s.music_volume,
                           lambda v: self._volume("music_volume", v)))
        rows.append(Slider(self._row(), "Effects volume", s.effects_volume,
                           lambda v: self._volume("effects_volume", v)))
        if not kiosk:
            rows.append(Choice(self._row(), "Colour patterns", ON_OFF,
                               int(s.colour_patterns), lambda i: self._set("colour_patterns", bool(i))))
            rows.append(Choice(self._row(), "AI speed", [v.title() for v in AI_SPEEDS],
                               AI_SPEEDS.index(s.ai_speed),
                               lambda i: self._set("ai_speed", AI_SPEEDS[i])))
            rows.append(Choice(self._row(), "Hints", ON_OFF, int(s.hints),
                               lambda i: self._set("hints", bool(i))))
            rows.append(Choice(self._row(), "Reduced motion", ON_OFF, int(s.reduced_motion),
                               lambda i: self._set("reduced_motion", bool(i))))
            rows.append(Choice(self._row(), "Take back moves", ON_OFF, int(s.undo),
                               lambda i: self._set("undo", bool(i))))
        self.group.widgets = rows
        # as many rows as there are settings, evenly down to where the note and the
        # prompt bar begin (nothing overlaps however many rows a build has)
        pitch = min(94, (NOTE_TOP - ROWS_TOP) // max(len(rows), 1))
        for i, row in enumerate(rows):
            row.rect = pygame.Rect(360, ROWS_TOP + i * pitch, 1200, pitch - 12)
        self.note_y = ROWS_TOP + len(rows) * pitch + 8

    @staticmethod
    def _row() -> pygame.Rect:
        return pygame.Rect(360, ROWS_TOP, 1200, 82)   # placed once every row is known

    def _set(self, name: str, value) -> None:
        setattr(self.ctx.settings, name, value)

    def _fullscreen(self, index: int) -> None:
        self._set("fullscreen", bool(index))
        self.ctx.app.set_fullscreen(bool(index))

    def _size(self, index: int) -> None:
        w, h = WINDOW_SIZES[index]
        self.ctx.settings.window_width, self.ctx.settings.window_height = w, h
        if not self.ctx.app.fullscreen:
            self.ctx.app.resize((w, h))

    def _volume(self, name: str, value: float) -> None:
        self._set(name, value)
        self.ctx.audio.set_volumes(self.ctx.settings.music_volume, self.ctx.settings.effects_volume)
        if name == "effects_volume":
            self.ctx.play("tap")

    def exit(self) -> None:
        self.ctx.save_settings()

    def draw_content(self, surface) -> None:
        note = self.ctx.assets.text(self.explain(), 32, ui.TEXT_MUTED)
        surface.blit(note, note.get_rect(midtop=(ui.CANVAS[0] // 2, self.note_y)))

    def explain(self) -> str:
        """One line about the focused setting (what 'Colour patterns' means, for one)."""
        label = getattr(self.group.focused, "label", "")
        return {
            "Colour patterns": "Colours that matter also get a shape or pattern.",
            "AI speed": "How long the computer players take over their moves.",
            "Hints": "Press Y (or H) on your turn to ask the best AI what it would do.",
            "Window size": "Used when not in fullscreen.",
            "Reduced motion": "Shorter card flights; no breathing focus ring, hopping birds "
                              "or sliding messages.",
        }.get(label, "Changes apply at once and are kept for next time.")
