"""Rules stay pure: no pygame, no module-level random, in any game's rules or AI."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = sorted([ROOT / "game" / "engine.py", *ROOT.glob("game/*/rules.py"),
               *ROOT.glob("game/*/cards.py"), *ROOT.glob("game/*/ai.py"),
               *ROOT.glob("game/ai/*.py")])
GLOBAL_RANDOM = {"random", "randint", "choice", "choices", "shuffle", "sample",
                 "uniform", "randrange", "seed", "getrandbits", "gauss"}


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_pure_modules_import_without_pygame():
    names = [_module_name(p) for p in PURE if p.name != "__init__.py"] + ["game.ai"]
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import importlib\n"
            f"for name in {names!r}:\n"
            "    importlib.import_module(name)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_pure_modules_never_call_the_global_random():
    offenders = []
    for path in PURE:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in GLOBAL_RANDOM
                    and isinstance(node.value, ast.Name) and node.value.id == "random"):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                bad = [a.name for a in node.names if a.name in GLOBAL_RANDOM]
                if bad:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, f"module-level random used at {offenders}"
