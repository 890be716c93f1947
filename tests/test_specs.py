"""The registry's self-check: every part every game's spec names loads and is what it
claims to be (rules, bots, Hard profile, hint reasons, table class, a layout for each
player count, phone page, guide, How to play, bird looks, title parade), so a part named
wrongly fails here and not in front of a player. The tests' toy game (tests/toy/) is
checked beside the four: a game kept outside game/ and scenes/ meets the same spec."""
from __future__ import annotations

import importlib

import pygame
import pytest

from game import layouts
from game.ai import make_bot
from game.engine import GAMES, State, new_game
from scenes.table.phones.api import PhoneGame, phone_game
from scenes.table.scene import TABLE_COMMON, TableScene
from scenes.table.spec import table_spec
from sprites.birds import LOOKS, BirdLook

IDS = list(GAMES) + ["toy"]


@pytest.fixture(autouse=True)
def with_the_toy(toy):
    """Every check also sees the toy game, registered as a fifth game."""


@pytest.mark.parametrize("game_id", IDS)
def test_the_game_spec_names_rules_bots_hard_and_reasons_that_load(game_id):
    spec = GAMES[game_id]
    assert spec.available
    rules = importlib.import_module(spec.rules)
    assert issubclass(rules.State, State) and callable(rules.new_state)
    state = new_game(game_id, spec.min_players, seed=1)
    assert isinstance(state, rules.State) and state.legal_actions()
    assert spec.bots and callable(importlib.import_module(spec.bots).make_bot)
    for level in ("easy", "normal"):
        bot = make_bot(game_id, level, seed=1)
        assert bot.choose(state, state.current_player) in state.legal_actions()
    assert spec.hard and importlib.import_module(spec.hard).PROFILE.game_id == game_id
    assert spec.explain and callable(importlib.import_module(spec.explain).reason)
    for option in spec.options:   # every declared value is one the rules take
        assert option.default in option.values and option.label
        for value in option.values:
            new_game(game_id, spec.min_players, seed=1, **{option.name: value})


@pytest.mark.parametrize("game_id", IDS)
def test_the_table_spec_names_a_table_layouts_phone_guide_pages_and_looks(game_id):
    spec = GAMES[game_id]
    table = table_spec(game_id)
    assert table is not None, f"{spec.table} declares no TABLE"
    assert issubclass(table.table_class(), TableScene)
    for count in spec.player_counts:   # one layout per player count, naming every piece
        path = layouts.table_path(game_id, count)
        assert path.is_file(), path
        layout = layouts.load(path, required=TABLE_COMMON + table.layout_objects)
        assert not layout.problems, (game_id, count, layout.problems)
        for anchor in layout.anchors.values():   # on the 1920x1080 canvas
            assert anchor.w > 0 and anchor.h > 0 and anchor.x >= 0 and anchor.y >= 0
            assert anchor.x + anchor.w <= 1920 and anchor.y + anchor.h <= 1080, anchor
        assert layouts.locate(f"{game_id}_{count}") == path   # where the table looks
    phone = phone_game(game_id)
    assert isinstance(phone, PhoneGame) and type(phone) is not PhoneGame
    assert phone.game_id == game_id
    assert table.guide and importlib.import_module(table.guide).GUIDE
    assert table.how_to(), f"{game_id} has no How to play pages"
    assert spec.looks, f"{game_id} names no bird looks"
    looks = importlib.import_module(spec.looks).LOOKS
    assert looks and all(isinstance(v, BirdLook) and LOOKS[k] is v for k, v in looks.items())
    assert table.hero in LOOKS and table.parade and set(table.parade) <= set(looks)


def test_every_looks_key_belongs_to_one_game():
    pygame.display.init()
    seen: dict[str, str] = {}
    for game_id in IDS:
        for key in importlib.import_module(GAMES[game_id].looks).LOOKS:
            assert key not in seen, f"{game_id} and {seen[key]} both name {key!r}"
            seen[key] = game_id
