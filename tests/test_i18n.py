"""Languages: the catalogue machinery of game/i18n.py (choosing, compiling, switching)."""
from __future__ import annotations

import os
import time

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
    assert i18n.best_match("tlh;q=bad, zz", "xx") == "xx"          # else the TV's
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
