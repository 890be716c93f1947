"""Settings: every change takes effect at once and is saved when you leave the screen."""
from __future__ import annotations

import pygame

from game import i18n
from game.i18n import N_, _
from game.settings import AI_SPEEDS, WINDOW_SIZES
from game.input import Act
from scenes.base import MenuScene
from scenes.widgets import Choice, Slider
from sprites import ui

ON_OFF = [N_("Off"), N_("On")]
AI_SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
ROWS_TOP = 170     # below the title
NOTE_TOP = 870     # the explanation line and the prompt bar live below this
# what the focused row means, by the row's key (its label is in the language shown)
EXPLAIN = {
    "language": N_("Every screen changes at once."),
    "colour_patterns": N_("Colours that matter also get a shape or pattern."),
    "ai_speed": N_("How long the computer players take over their moves."),
    "hints": N_("Press Y (or H) on your turn to ask the best AI what it would do."),
    "window_size": N_("Used when not in fullscreen."),
    "reduced_motion": N_("Shorter card flights; no breathing focus ring, hopping birds "
                         "or sliding messages."),
}
DEFAULT_NOTE = N_("Changes apply at once and are kept for next time.")


def on_off() -> list[str]:
    return [_(word) for word in ON_OFF]


class SettingsScene(MenuScene):
    title = N_("Settings")
    prompts = ((Act.LEFT, N_("Change")), (Act.BACK, N_("Done")))

    def build(self) -> None:
        s = self.ctx.settings
        kiosk = self.ctx.options.kiosk
        self.keys: dict[int, str] = {}   # id(row) -> which setting it is
        rows = []

        def add(key: str, row) -> None:
            self.keys[id(row)] = key
            rows.append(row)

        # the pseudo-language is a tool for checking screens: offered only to a run started
        # in it (--lang qps) or set to it, never to players choosing their language
        checking = i18n.PSEUDO in (self.ctx.options.lang, s.language)
        self.languages = [code for code in i18n.available()
                          if code != i18n.PSEUDO or checking]
        shown = i18n.current() if i18n.current() in self.languages else "en"
        if not kiosk:   # (a kiosk's visitors get volumes only)
            # each language by its own name, never translated (flags are not languages)
            add("language", Choice(self._row(), _("Language"),
                                   [i18n.LANGUAGES[code] for code in self.languages],
                                   self.languages.index(shown), self._language))
            add("fullscreen", Choice(self._row(), _("Fullscreen"), on_off(),
                                     int(s.fullscreen), self._fullscreen))
            sizes = [f"{w} \u00d7 {h}" for w, h in WINDOW_SIZES]
            current = WINDOW_SIZES.index(s.window_size) if s.window_size in WINDOW_SIZES else 0
            add("window_size", Choice(self._row(), _("Window size"), sizes, current,
                                      self._size))
        add("music_volume", Slider(self._row(), _("Music volume"), s.music_volume,
                                   lambda v: self._volume("music_volume", v)))
        add("effects_volume", Slider(self._row(), _("Effects volume"), s.effects_volume,
                                     lambda v: self._volume("effects_volume", v)))
        if not kiosk:
            add("colour_patterns", Choice(self._row(), _("Colour patterns"), on_off(),
                                          int(s.colour_patterns),
                                          lambda i: self._set("colour_patterns", bool(i))))
            add("ai_speed", Choice(self._row(), _("AI speed"),
                                   [_(AI_SPEED_WORDS[v]) for v in AI_SPEEDS],
                                   AI_SPEEDS.index(s.ai_speed),
                                   lambda i: self._set("ai_speed", AI_SPEEDS[i])))
            add("hints", Choice(self._row(), _("Hints"), on_off(), int(s.hints),
                                lambda i: self._set("hints", bool(i))))
            add("reduced_motion", Choice(self._row(), _("Reduced motion"), on_off(),
                                         int(s.reduced_motion),
                                         lambda i: self._set("reduced_motion", bool(i))))
            add("undo", Choice(self._row(), _("Take back moves"), on_off(), int(s.undo),
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

    def _language(self, index: int) -> None:
        """Every screen shows the chosen language from the next frame (the app hears of
        it from i18n and has the stack, this screen too, make its words again)."""
        # (a catalogue that cannot be read shows English, and English is what is kept)
        self._set("language", i18n.use(self.languages[index]))

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
        key = self.keys.get(id(self.group.focused), "")
        return _(EXPLAIN.get(key, DEFAULT_NOTE))
