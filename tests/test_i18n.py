"""Languages: the catalogue machinery of game/i18n.py (choosing, compiling, switching)."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game import i18n, resources


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.use("en")


def test_english_is_the_words_as_written():
    assert i18n.use("en") == "en"
    assert i18n._("Play") == "Play"
    assert i18n.ngettext("{n} bird", "{n} birds", 1) == "{n} bird"
    assert i18n.ngettext("{n} bird", "{n} birds", 3) == "{n} birds"
    assert i18n.pgettext("menu", "Back") == "Back" and i18n.N_("Quit") == "Quit"


def test_the_pseudo_language_changes_every_letter_but_keeps_placeholders():
    i18n.use(i18n.PSEUDO)
    said = i18n._("{name} takes {count} birds")
    assert "{name}" in said and "{count}" in said
    assert said.format(name="Robin", count=2).startswith("[Robin t")
    assert "takes" not in said and len(said) > len("{name} takes {count} birds")
    assert i18n.ngettext("{n} bird", "{n} birds", 2).format(n=2).startswith("[2 b")


def test_a_change_of_language_is_told_once_to_every_listener():
    heard = []
    i18n.on_change(lambda: heard.append(i18n.current()))
    i18n.use("en")
    i18n.use(i18n.PSEUDO)
    i18n.use(i18n.PSEUDO)            # no change: nobody is told
    i18n.use("klingon")              # unknown: English, said as a change back
    assert heard[-2:] == [i18n.PSEUDO, "en"]


def test_the_system_language_is_used_only_when_birdhouse_has_it():
    have = i18n.available()
    assert "en" in have and i18n.PSEUDO in have
    assert i18n.system_language({"LANG": "C"}) == "en"
    assert i18n.system_language({}) == "en"
    assert i18n.system_language({"LANGUAGE": "tlh:en_GB", "LANG": "tlh"}) == "en"
    for code in have:
        if code not in ("en", i18n.PSEUDO):
            assert i18n.system_language({"LC_ALL": f"{code}_XX.UTF-8"}) == code


def test_a_phone_browser_gets_its_own_language_if_birdhouse_has_it():
    assert i18n.best_match("tlh, en;q=0.5", "en") == "en"
    assert i18n.best_match("tlh;q=bad, zz", "fr") == "fr"          # else the TV's
    assert i18n.best_match("", "en") == "en"


def test_a_catalogue_is_compiled_into_the_cache_when_it_is_newer(tmp_path, monkeypatch):
    """A .po is compiled with Babel the first time, and again only after it changes."""
    folder = tmp_path / "locale"
    po = folder / "de" / "LC_MESSAGES" / "birdhouse.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Play"\nmsgstr "Spielen"\n', encoding="utf-8")
    monkeypatch.setattr(resources, "locale_dir", lambda: folder)
    cache = tmp_path / "cache"
    assert i18n.use("de", cache) == "de" and i18n._("Play") == "Spielen"
    mo = cache / "locale" / "de" / "LC_MESSAGES" / "birdhouse.mo"
    first = mo.stat().st_mtime_ns
    i18n.use("en")
    i18n.use("de", cache)
    assert mo.stat().st_mtime_ns == first          # not newer: not compiled again
    po.write_text(po.read_text(encoding="utf-8").replace("Spielen", "Los"), encoding="utf-8")
    later = time.time() + 5
    os.utime(po, (later, later))
    i18n.use("en")
    assert i18n.use("de", cache) == "de" and i18n._("Play") == "Los"


def test_a_broken_catalogue_shows_english_and_says_so(tmp_path, monkeypatch, caplog):
    folder = tmp_path / "locale"
    po = folder / "fr" / "LC_MESSAGES" / "birdhouse.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(b"\xff\xfe not a catalogue \x00")
    monkeypatch.setattr(resources, "locale_dir", lambda: folder)
    assert i18n.use("fr", tmp_path / "cache") == "en"
    assert i18n._("Play") == "Play"
    assert any("could not be read" in r.getMessage() for r in caplog.records)


# -- choosing a language: the flag, the setting, the system's ---------------------------
def _app(tmp_path, **options):
    from tests.harness import make_app

    return make_app(tmp_path, **options)


def test_the_flag_then_the_setting_then_the_system_choose_the_language(tmp_path, monkeypatch):
    import logging

    import pygame

    from game import settings as settings_mod

    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "C.UTF-8")
    log = logging.getLogger("t")
    _app(tmp_path, lang=None)
    assert i18n.current() == "en"                      # the system's: C is English
    pygame.quit()
    settings_mod.save(settings_mod.Settings(language=i18n.PSEUDO), tmp_path / "settings.json", log)
    _app(tmp_path, lang=None)
    assert i18n.current() == i18n.PSEUDO               # the setting
    pygame.quit()
    _app(tmp_path, lang="en")
    assert i18n.current() == "en"                      # the flag wins over the setting
    pygame.quit()


def test_lang_flag_parses_and_a_bad_one_exits_2_with_one_line():
    import subprocess
    import sys

    from game.cli import UsageError, parse

    assert parse(["--lang", "de"]).lang == "de" and parse([]).lang is None
    with pytest.raises(UsageError, match="invalid choice"):
        parse(["--lang", "klingon"])
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "main.py", "--lang", "zz"], cwd=root,
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("birdhouse: error:") and "'de'" in line and "'qps'" in line


def test_a_language_setting_birdhouse_does_not_have_is_refused(tmp_path, caplog):
    import json
    import logging

    from game import settings as settings_mod

    s = settings_mod.Settings()
    assert s.validate_field("language", "de") == "de" and s.validate_field("language", "") == ""
    for bad in ("tlh", 3, None):
        with pytest.raises(ValueError):
            s.validate_field("language", bad)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "tlh", "hints": False}), encoding="utf-8")
    loaded = settings_mod.load(path, logging.getLogger("t"))
    assert loaded.language == "" and loaded.hints is False


# -- the Settings row switches every screen at once -------------------------------------
def test_the_settings_language_row_switches_the_live_screen_at_once(tmp_path):
    import logging

    import pygame

    from game import settings as settings_mod
    from scenes.settings import SettingsScene
    from scenes.title import Title
    from tests.harness import press, show

    app = _app(tmp_path, lang=i18n.PSEUDO)       # a run checking its screens
    i18n.use("en")                                # ... that began in English
    title = show(app, Title(app.ctx))
    title_widgets = list(title.group.widgets)
    pause = show(app, app.make("pause"))          # an overlay: its words made in __init__
    pause.group.index = 1
    scene = show(app, SettingsScene(app.ctx))
    labels = [w.label for w in scene.group.widgets]
    assert "Language" in labels and "Music volume" in labels
    scene.group.index = labels.index("Language")
    before = pygame.image.tobytes(app.screen, "RGB")
    app.ctx.assets.text("a word drawn in English", 40)
    for _ in range(len(i18n.available())):
        if i18n.current() == i18n.PSEUDO:
            break
        press(app, pygame.K_RIGHT)
    assert i18n.current() == i18n.PSEUDO and app.ctx.settings.language == i18n.PSEUDO
    # the very next frame: every label of this screen in the new words, focus kept
    words = [w.label for w in scene.group.widgets]
    assert all(word.startswith("[") for word in words), words
    assert words[labels.index("Music volume")] == i18n.pseudo("Music volume")
    assert scene.group.focused.label == i18n.pseudo("Language")
    assert scene.group.focused.value == i18n.LANGUAGES[i18n.PSEUDO]   # its own name
    assert scene.explain().startswith("[")
    assert pygame.image.tobytes(app.screen, "RGB") != before          # and it was drawn
    assert title.group.widgets and title.group.widgets[0] is not title_widgets[0]  # below too
    remade = app.stack.scenes[1]                                      # made anew, in place
    assert type(remade) is type(pause) and remade is not pause and remade.group.index == 1
    assert app.stack.scenes[0] is title and app.stack.top is scene
    assert app.ctx.assets.cache.get(("a word drawn in English", 40, (245, 240, 228), "body")) is None
    press(app, pygame.K_ESCAPE)                                       # leaving saves
    saved = settings_mod.load(tmp_path / "settings.json", logging.getLogger("t"))
    assert saved.language == i18n.PSEUDO
    pygame.quit()


# -- fonts that cover the text -----------------------------------------------------------
FACES = ("title", "body", "bold")


def test_the_font_stack_draws_what_the_display_font_lacks(tmp_path):
    import pygame

    from game.assets import card_font, card_text, covers, fast, runs

    app = _app(tmp_path)
    a = app.ctx.assets
    for face in FACES:
        paths = a.stack(face, 40)
        text = "\u00c7a \u011f \u03a9 \u0416"        # Ça ğ Ω Ж
        for ch in text.replace(" ", ""):
            assert any(covers(p, ch) for p in paths), (face, ch)
        for index, part in runs(text, paths):
            assert all(ch.isspace() or covers(paths[index], ch) for ch in part), (face, part)
        assert len(runs(text, paths)) > 1          # the display font lacks some of them
        for ch in "\u011f\u03a9\u0416":
            drawn = a.text(ch, 40, face=face)
            assert drawn.get_bounding_rect().width > 0, (face, ch)   # ink, not nothing
        # English the display font covers: exactly the pixels it always had
        plain = "Birdhouse: 3 birds, 12 points!"
        assert runs(plain, paths) == [(0, plain)]
        ours = a.text(plain, 40, face=face)
        theirs = fast(a.font(face, 40).render(plain, True, (245, 240, 228)))
        assert ours.get_size() == theirs.get_size()
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
        assert a.size(plain, 40, face) == a.font(face, 40).size(plain)
        # the card painters' own way in (no Assets at hand) uses the same stack
        assert card_text("\u0416", 40, (0, 0, 0), face).get_bounding_rect().width > 0
        assert pygame.image.tobytes(card_text(plain, 40, (0, 0, 0), face), "RGBA") == \
            pygame.image.tobytes(card_font(face, 40).render(plain, True, (0, 0, 0)), "RGBA")
    pygame.quit()


def _shown(message, code_plural=3):
    """The message as the language in use shows it (each plural form it may take)."""
    if isinstance(message.id, tuple):
        one, many = message.id
        forms = [i18n.ngettext(one, many, n) for n in (1, 2, 5, code_plural)]
    else:
        forms = [i18n._(message.id)]
    if message.context:
        forms = [i18n.pgettext(message.context, message.id)] if not isinstance(
            message.id, tuple) else forms
    return forms


def test_every_message_in_every_language_has_every_glyph(tmp_path):
    """Every message the code marks (extracted now, with Babel) rendered in English, the
    pseudo-language and every catalogue present, with the font stack: a character no
    font of a face's stack has is named."""
    import pygame

    from game.assets import covers
    from tools.i18n import extract_messages

    app = _app(tmp_path)
    a = app.ctx.assets
    messages = [m for m in extract_messages() if m.id]
    assert messages                                           # (Settings has some at least)
    stacks = {face: a.stack(face, 28) for face in FACES}
    missing: set[tuple[str, str, str]] = set()
    codes = ["en", i18n.PSEUDO] + [c for c in i18n.available() if c not in ("en", i18n.PSEUDO)]
    for code in codes:
        assert i18n.use(code, tmp_path / "cache") == code
        for message in messages:
            for text in _shown(message):
                a.text(text, 28)                          # renders without a box or a crash
                for ch in set(text) - set(" \n\t"):
                    for face, paths in stacks.items():
                        if not any(covers(p, ch) for p in paths):
                            missing.add((code, face, f"{ch!r} U+{ord(ch):04X}"))
    assert not missing, sorted(missing)
    pygame.quit()


# -- the catalogue tools ----------------------------------------------------------------
def test_extract_update_and_check_the_catalogues(tmp_path, capsys):
    from tools import i18n as tools_i18n

    root = tmp_path
    (root / "game").mkdir()
    (root / "game" / "words.py").write_text(
        "from game.i18n import _, N_, ngettext, pgettext\n"
        "A = N_('Quit')\n"
        "def f(n):\n"
        "    return (_('{name} takes {count} birds'), ngettext('{n} bird', '{n} birds', n),\n"
        "            pgettext('menu', 'Back'))\n", encoding="utf-8")
    assert tools_i18n.extract(root) == 0
    pot = root / "game" / "locale" / "birdhouse.pot"
    text = pot.read_bytes()
    assert b'msgid "{name} takes {count} birds"' in text and b'msgctxt "menu"' in text
    assert b'msgid_plural "{n} birds"' in text and b'msgid "Quit"' in text
    assert tools_i18n.extract(root) == 0 and pot.read_bytes() == text   # nothing changes
    locale = root / "game" / "locale"
    assert tools_i18n.update(locale) == 0
    for code in ("de", "fr", "es"):
        assert (locale / code / "LC_MESSAGES" / "birdhouse.po").is_file()
    assert tools_i18n.check(locale, root) == 0
    fr = locale / "fr" / "LC_MESSAGES" / "birdhouse.po"
    fr.write_text(fr.read_text(encoding="utf-8").replace(
        'msgid "{name} takes {count} birds"\nmsgstr ""',
        'msgid "{name} takes {count} birds"\nmsgstr "{nom} prend des oiseaux"'), encoding="utf-8")
    capsys.readouterr()
    assert tools_i18n.check(locale, root) == 1
    said = capsys.readouterr().out
    assert "{nom}" in said and "{count}, {name}" in said
    (root / "game" / "more.py").write_text("from game.i18n import _\nB = _('New words')\n",
                                           encoding="utf-8")
    fr.write_text(fr.read_text(encoding="utf-8").replace("{nom} prend des oiseaux",
                                                         "{name} prend {count} oiseaux"),
                  encoding="utf-8")
    assert tools_i18n.check(locale, root) == 1                  # the .pot is not current
    assert "not current" in capsys.readouterr().out


def test_players_choosing_their_language_are_not_offered_the_pseudo_language(tmp_path):
    from scenes.settings import SettingsScene
    from tests.harness import show

    app = _app(tmp_path)
    scene = show(app, SettingsScene(app.ctx))
    assert i18n.PSEUDO not in scene.languages and "en" in scene.languages


def _catalogue(tmp_path, monkeypatch, code: str, body: str):
    folder = tmp_path / "locale"
    po = folder / code / "LC_MESSAGES" / "birdhouse.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n' + body,
                  encoding="utf-8")
    monkeypatch.setattr(resources, "locale_dir", lambda: folder)
    return po


def test_a_translation_with_wrong_placeholders_shows_english_not_a_crash(tmp_path, monkeypatch,
                                                                        caplog):
    _catalogue(tmp_path, monkeypatch, "de",
               'msgid "{name} plays"\nmsgstr "{nmae} spielt"\n\n'
               'msgid "Play"\nmsgstr "Spielen"\n\n'
               'msgid "{n} bird"\nmsgid_plural "{n} birds"\n'
               'msgstr[0] "{n} Vogel"\nmsgstr[1] "{n} Vögel"\n')
    assert i18n.use("de", tmp_path / "cache") == "de"
    assert i18n._("{name} plays").format(name="Robin") == "Robin plays"   # left out
    assert i18n._("Play") == "Spielen"                                     # the rest stays
    assert i18n.ngettext("{n} bird", "{n} birds", 3).format(n=3) == "3 Vögel"
    assert sum("left out" in r.getMessage() for r in caplog.records) == 1


def test_a_cache_folder_that_cannot_be_written_compiles_in_memory(tmp_path, monkeypatch):
    _catalogue(tmp_path, monkeypatch, "es", 'msgid "Play"\nmsgstr "Jugar"\n')
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    assert i18n.use("es", blocked) == "es" and i18n._("Play") == "Jugar"


def test_the_shipped_catalogues_are_current_and_sound(capsys):
    """What CI checks on every run: the .pot matches the code (re-extracting changes
    nothing), every translation keeps its placeholders and plural forms; a message not
    translated yet is named."""
    from tools import i18n as tools_i18n

    assert tools_i18n.check() == 0, capsys.readouterr().out


def test_words_made_in_english_stay_english_in_that_thread_only():
    import threading

    i18n.use(i18n.PSEUDO)
    seen = {}

    def other():
        seen["other"] = i18n._("Play")

    with i18n.in_english():
        seen["here"] = i18n._("Play")
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert seen == {"here": "Play", "other": i18n.pseudo("Play")}
    assert i18n._("Play") == i18n.pseudo("Play")
