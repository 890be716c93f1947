"""The arrows between the parts, read from every module's imports (top-level and
deferred alike), so the cycles and back-doors the redesign removed cannot come back:

- rules (a game's rules and cards, the engine) import no pygame, scenes, sprites or bots;
- bots (a game's ai, hard and explain modules, game/ai) import no scenes, sprites
  or pygame;
- sprites import no scenes;
- nothing under game/ imports scenes (the shell gets its scenes from main.py);
- game/ai imports no game package: it reaches games through their GameSpec.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine import GAMES

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = {spec.rules.rsplit(".", 1)[0] for spec in GAMES.values()}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever in the file the import stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(p): p for folder in ("game", "scenes", "sprites")
           for p in sorted((ROOT / folder).rglob("*.py"))}


def under(name: str, *prefixes: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def kind(name: str) -> str:
    last = name.rsplit(".", 1)[-1]
    package = name.rsplit(".", 1)[0]
    if name == "game.engine" or (package in GAME_PACKAGES and last in ("rules", "cards")):
        return "rules"
    if under(name, "game.ai") or (package in GAME_PACKAGES
                                  and last in ("ai", "hard", "explain")):
        return "bots"
    if under(name, "sprites"):
        return "sprites"
    if under(name, "game"):
        return "game"
    return "scenes"


def is_bot(name: str) -> bool:
    return kind(name) == "bots"


FORBIDDEN = {
    "rules": lambda m: under(m, "pygame", "scenes", "sprites") or is_bot(m),
    "bots": lambda m: under(m, "pygame", "scenes", "sprites"),
    "sprites": lambda m: under(m, "scenes"),
    "game": lambda m: under(m, "scenes"),
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_follow_the_arrows(name):
    rule = FORBIDDEN.get(kind(name))
    if rule is None:
        return
    bad = sorted(m for m in imports(MODULES[name]) if rule(m))
    assert not bad, f"{name} ({kind(name)}) must not import {', '.join(bad)}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if under(n, "game.ai")))
def test_the_ai_core_names_no_game(name):
    bad = sorted(m for m in imports(MODULES[name]) if under(m, *GAME_PACKAGES))
    assert not bad, f"{name} imports {', '.join(bad)}: reach games through their GameSpec"


def test_the_checks_see_every_kind_of_module():
    kinds = {kind(n) for n in MODULES}
    assert {"rules", "bots", "sprites", "game", "scenes"} <= kinds
    assert kind("game.cubirds.rules") == "rules" and kind("game.cubirds.hard") == "bots"
    assert kind("game.cubirds.explain") == "bots"
    assert "game.engine" in imports(MODULES["game.cubirds.rules"])
