"""The arrows between the parts, read from every module's imports (top-level and
deferred alike), so the cycles and back-doors the redesign removed cannot come back:

- rules (a game's rules and cards, the engine) import no pygame, scenes, sprites or bots;
- bots (a game's ai, hard and explain modules, game/ai) import no scenes, sprites
  or pygame;
- sprites import no scenes;
- nothing under game/ imports scenes (the shell gets its scenes from main.py);
- game/ai imports no game package: it reaches games through their GameSpec;
- no cycles at all, across game/, scenes/, sprites/, tools/ and main.py (imports under
  ``if TYPE_CHECKING:`` excepted: they never run): screens open each other by route name.
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


# -- no import cycles ---------------------------------------------------------------------
# Screens open each other by route name (ctx.go), shared types and helpers live in leaf
# modules, so the module graph has no cycle at all: a screen can be loaded, tested or
# moved without dragging the rest of the house in behind it.

TREE = {module_name(p): p for folder in ("game", "scenes", "sprites", "tools")
        for p in sorted((ROOT / folder).rglob("*.py"))} | {"main": ROOT / "main.py"}


def type_checking_only(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): never runs."""
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def runtime_imports(source: str, name: str, package: bool,
                    known: set[str]) -> dict[str, int]:
    """The modules in ``known`` that running module ``name`` can import -> the line of the
    first such import: top-level and function-level imports alike, relative ones resolved,
    those under ``if TYPE_CHECKING:`` left out (they never run; its ``else:`` counts).
    ``from a.b import c`` names the module a.b.c if there is one, else a.b; importing a
    module also runs its packages' ``__init__`` (an edge to each, except to the packages
    ``name`` itself lies in, which are already loading, unless it names them)."""
    found: dict[str, int] = {}

    def add(target: str, line: int) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.setdefault(target, line)
        while target := target.rpartition(".")[0]:
            if target in known and not under(name, target):
                found.setdefault(target, line)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if type_checking_only(child):
                for other in child.orelse:
                    visit_one(other)
            else:
                visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = name.split(".") if package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([module] if module else []))
            for alias in node.names:
                whole = f"{module}.{alias.name}"
                add(whole if whole in known else module, node.lineno)
        visit(node)

    visit(ast.parse(source))
    return found


def module_graph(files: dict[str, Path]) -> dict[str, dict[str, int]]:
    known = set(files)
    return {name: runtime_imports(path.read_text(encoding="utf-8"), name,
                                  path.name == "__init__.py", known)
            for name, path in files.items()}


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One shortest cycle (a, b, ..., a) through each group of modules that import each
    other round (each strongly connected component of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def connect(start: str) -> None:   # Tarjan's algorithm, iteratively
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    found = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}
        queue = [start]
        while queue:
            node = queue.pop(0)
            for step in sorted(graph[node]):
                if step == start:
                    found.append(paths[node] + [start])
                    queue = []
                    break
                if step in group and step not in paths:
                    paths[step] = paths[node] + [step]
                    queue.append(step)
    return found


def test_no_module_imports_itself_round_a_cycle():
    """Every .py under game/, scenes/, sprites/, tools/ and main.py, with its top-level
    and function-level imports: no cycle. Imports under ``if TYPE_CHECKING:`` are left
    out (they never run: that is where a scene names ``Context`` for its hints)."""
    graph = module_graph(TREE)
    found = cycles(graph)
    words = [" -> ".join(f"{a} (line {graph[a][b]})" for a, b in zip(c, c[1:])) + f" -> {c[-1]}"
             for c in found]
    print("\n".join(words))
    assert not found, f"{len(found)} import cycle(s):\n" + "\n".join(words)


def test_the_cycle_check_sees_deferred_imports_and_skips_type_checking():
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c", "other"}
    source = ("from typing import TYPE_CHECKING\n"
              "from . import b\n"
              "if TYPE_CHECKING:\n    from pkg.c import Thing\n"
              "else:\n    import other\n"
              "def later():\n    from pkg.c import Thing\n")
    assert runtime_imports(source, "pkg.a", False, known) == {"pkg.b": 2, "other": 6,
                                                             "pkg.c": 8}
    assert runtime_imports("import pkg.b\n", "other", False, known) == {"pkg.b": 1, "pkg": 1}
    assert runtime_imports("import pkg.b\n", "pkg.a", False, known) == {"pkg.b": 1}
    assert runtime_imports("from pkg import c\n", "pkg.a", False, known) == {"pkg.c": 1}
    assert runtime_imports("from pkg import X\n", "pkg.a", False, known) == {"pkg": 1}
    assert runtime_imports("from pkg.a import X\n", "pkg", True, known) == {"pkg.a": 1}
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1, "d": 1}, "d": {}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b": 1}, "b": {}}) == []
    assert {"scenes.title", "game.app", "tools.bench", "main"} <= set(TREE)


def test_every_route_names_something_that_opens_a_screen():
    """Each "module:name" in the one routes table exists and is callable (a scene class,
    or a function (ctx, ...) -> Scene), and its module is one of ours."""
    import importlib

    from scenes.start import ROUTES

    for route, target in ROUTES.items():
        module, _, attr = target.partition(":")
        assert module in MODULES, f"{route}: {module} is not a module of ours"
        opener = getattr(importlib.import_module(module), attr, None)
        assert callable(opener), f"{route}: {target} names nothing to open"
