"""The words the card painters print go through the language shown: each picture that
holds words is repainted in the pseudo-language and comes back as it was in English."""
import logging

import pygame
import pytest

from game import i18n
from game.assets import Assets
from game.input import Act
from game.yard_birbs.cards import ABILITIES, SEQUENCE, SOLO
from sprites import ui, yard_birbs_cards as yb
from sprites.flappy_families_cards import FFCards
from sprites.flip_a_bird_cards import FabCards, special_words


@pytest.fixture
def assets():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield Assets(logging.getLogger("test"))
    i18n.use("en")
    pygame.quit()


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def pictures(assets) -> dict[str, pygame.Surface]:
    """Every painted picture that holds words (none of them made yet in this language)."""
    fab, ff = FabCards(assets), FFCards(assets)
    first = next(iter(ABILITIES))
    return {
        "Enter key": ui.glyph(assets, "keys", Act.CONFIRM),
        "Arrows": ui.glyph(assets, "keys", Act.UP),
        "Start button": ui.glyph(assets, "pad", Act.PAUSE),
        "ability card": yb.ability_card(first, 2, (300, 52)),
        "Run label": yb.flock_label(SEQUENCE, -1, 3, width=400),
        "Solo label": yb.flock_label(SOLO, -1, 0, width=400),
        "special card": fab.face(("special", "no_specials", None)),
        "colour special": fab.face(("special", "colour_double", "blue")),
        "covered back": fab.back(False),
        "open back": fab.back(True),
        "family card": ff.face(0),
        "predator card": ff.face(53),
        "memory aid": ff.back(memory=(2, "seen")),
    }


def test_every_picture_with_words_is_repainted_in_the_language_shown(assets):
    english = {name: pixels(s) for name, s in pictures(assets).items()}
    i18n.use(i18n.PSEUDO)
    pseudo = {name: pixels(s) for name, s in pictures(assets).items()}
    same = [name for name in english if english[name] == pseudo[name]]
    assert not same, f"still painted in English: {same}"
    i18n.use("en")
    again = {name: pixels(s) for name, s in pictures(assets).items()}
    assert again == english


def test_special_cards_print_their_words_translated_and_keep_the_english_lines(assets):
    assert special_words("no_specials", None) == ("Specials", "don't count")
    assert special_words("colour_double", "blue") == ("Blue", "counts \u00d72")
    assert special_words("colour_zero", "red") == ("Red", "counts 0")
    i18n.use(i18n.PSEUDO)
    lines = special_words("no_neighbours", None)
    assert len(lines) == 2 and lines[0].startswith("[") and lines[-1].endswith("]")


def test_key_names_are_translated_as_keys(assets):
    assert ui.key_name(Act.CONFIRM) == "Enter" and ui.direction_name("keys") == "Arrows"
    assert ui.pad_name(Act.PAUSE) == "Start" and ui.pad_name(Act.CONFIRM) == "A"
    i18n.use(i18n.PSEUDO)
    assert ui.key_name(Act.CONFIRM) != "Enter" and ui.direction_name("pad") != "D-pad"
    assert ui.pad_name(Act.CONFIRM) == "A"   # as printed on the pad
