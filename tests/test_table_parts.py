"""The table is made of parts with small interfaces: no class of any part of any game's
table (the toy's included) grows past the limit, and the parts reach each other through
declared attributes, never by probing."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine import GAMES
from tools.table_parts import LIMIT, parts, size

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=[*GAMES, "toy"])
def game_id(request):
    if request.param == "toy":
        request.getfixturevalue("toy")       # registers the toy game for this test
    assert request.param in GAMES
    return request.param


def test_every_part_of_every_table_stays_small(game_id):
    found = parts(game_id)
    assert {"scene", "game", "motion", "paint", "replay", "coached"} <= set(found)
    too_big = {role: (cls.__name__, size(cls)) for role, cls in found.items()
               if size(cls) > LIMIT}
    assert not too_big, f"parts over {LIMIT} methods and properties: {too_big}"


def test_the_size_counts_our_classes_only():
    class Base:
        def one(self):
            ...

    class Part(Base):
        @property
        def two(self):
            return 2

        def three(self):
            ...

    Base.__module__ = Part.__module__ = "tests.example"
    assert size(Part) == 3 and size(object) == 0


def test_no_part_probes_another_with_getattr_on_self():
    """getattr(self, "name", default) between parts hides a missing interface."""
    offenders = []
    for path in sorted((ROOT / "scenes").rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args
                    and isinstance(node.args[0], (ast.Name, ast.Attribute))
                    and ast.unparse(node.args[0]) in ("self", "self.t", "self.table",
                                                      "self.ctx", "table", "table.ctx")
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: "
                                 f"{ast.unparse(node)}")
    assert not offenders, "\n".join(offenders)
