"""The menus and screens speak through game/i18n: a language switched while a screen is
open changes its words at the next frame, How to play keeps numbers as numbers, and a
store line stays English in the log while the screen says it in the language shown."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.session import Match, default_seats
from game.store import Words, shown
from scenes.table.howto import Said, say
from tests.harness import make_app


@pytest.fixture
def pseudo():
    """The pseudo-language for one test, English again after it (whatever happens)."""
    i18n.use(i18n.PSEUDO)
    yield
    i18n.use("en")


def test_the_title_says_its_buttons_anew_when_the_language_changes(tmp_path):
    from scenes.title import Title

    app = make_app(tmp_path)
    try:
        app.stack.reset(Title(app.ctx))
        app.stack.apply_pending()
        app.frame(1 / 60)
        before = [w.label for w in app.stack.top.group.widgets if hasattr(w, "label")]
        assert "Play" in before
        app.stack.top.group.index = 1
        i18n.use(i18n.PSEUDO)
        app.frame(1 / 60)
        title = app.stack.top
        after = [w.label for w in title.group.widgets if hasattr(w, "label")]
        assert after == [i18n.pseudo(label) for label in before]
        assert title.group.index == 1          # focus stays where it was
    finally:
        i18n.use("en")
        pygame.quit()


def test_how_to_play_words_are_said_and_numbers_stay_numbers(pseudo):
    assert say("Your hand") == i18n.pseudo("Your hand")
    assert say("4") == "4" and say("") == "" and say("3+") == "3+"
    said = Said.of("Each of you gets {hand} cards", hand=7)
    assert said == "Each of you gets 7 cards"      # the English, as the tests read it
    assert say(said) == i18n.pseudo("Each of you gets {hand} cards").format(hand=7)


def test_a_store_line_is_english_in_the_log_and_translated_on_screen(pseudo):
    line = Words.of("Saving is off: could not {doing} ({why}).", doing="save", why="disk")
    assert str(line) == "Saving is off: could not save (disk)."
    assert shown(line) == i18n.pseudo("Saving is off: could not {doing} ({why}).").format(
        doing="save", why="disk")
    assert shown("a plain line") == "a plain line"


def test_a_shared_win_names_everyone_once_in_any_language(pseudo):
    match = Match("cubirds", default_seats(4))
    three = match.headline([0, 1, 2])
    for name in ("Robin", "Wren", "Finch"):
        assert three.count(name) == 1
    assert "Lark" not in three
    assert match.headline([3]) == i18n.pseudo("{name} wins!").format(name="Lark")
