"""Every Tiled layout loads without a display and has the objects its scene needs."""
import logging

import pytest

from game import layouts
from game.engine import GAMES
from scenes.table.scene import TABLE_COMMON
from scenes.table.spec import table_spec
from scenes.history.screen import LAYOUT_OBJECTS as HISTORY
from scenes.title import LAYOUT_OBJECTS as TITLE

TMX = sorted(layouts.LAYOUT_DIR.glob("*.tmx"))


def required(stem: str) -> list[str]:
    """What the scene that uses this file asks of it (the title, History, or a game's
    table)."""
    screens = {"title": TITLE, "history": HISTORY}
    if stem in screens:
        return layouts.expand(screens[stem], stem)
    game_id = stem.rpartition("_")[0]
    spec = table_spec(game_id) if game_id in GAMES else None
    return layouts.expand(TABLE_COMMON + spec.layout_objects, stem) if spec else []


@pytest.mark.parametrize("path", TMX, ids=[p.stem for p in TMX])
def test_every_layout_has_its_required_objects(path):
    names = required(path.stem)
    layout = layouts.load(path, required=names)
    assert layout.problems == []
    for name in names:
        anchor = layout.anchors[name]
        assert anchor.w > 0 and anchor.h > 0, f"{name} has no size"
        assert 0 <= anchor.x and anchor.x + anchor.w <= 1920, f"{name} is off the canvas"
        assert 0 <= anchor.y and anchor.y + anchor.h <= 1080, f"{name} is off the canvas"


def test_every_layout_file_belongs_to_a_scene():
    for path in TMX:
        assert required(path.stem), f"no scene uses {path.name}"


def test_required_names_expand_seats():
    assert layouts.expand(("table", "{seat}"), "demo_3") == ["table", "seat0", "seat1", "seat2"]


def test_missing_object_gets_a_stand_in_and_one_warning(tmp_path, caplog):
    path = tmp_path / "title.tmx"
    text = (layouts.LAYOUT_DIR / "title.tmx").read_text()
    path.write_text(text.replace('name="menu"', 'name="menu_renamed"'))
    log = logging.getLogger("test.layouts")
    layout = layouts.load(path, log, TITLE)
    assert layout.problems == ["missing menu"]
    stand_in = layout.get("menu")
    layout.get("menu")
    assert stand_in.kind == "missing" and stand_in.w > 0
    messages = [r.getMessage() for r in caplog.records]
    assert sum("menu" in m for m in messages) == 2  # one at load, one at first use


@pytest.mark.parametrize("content", ["<map><objectgroup>", "", "not xml"])
def test_corrupt_or_empty_layout_files_do_not_crash(tmp_path, content):
    path = tmp_path / "title.tmx"
    path.write_text(content)
    layout = layouts.load(path, logging.getLogger("test.layouts"))
    assert layout.problems and layout.get("logo").kind == "missing"


def test_missing_file_does_not_crash(tmp_path):
    layout = layouts.load(tmp_path / "nope.tmx")
    assert layout.problems
