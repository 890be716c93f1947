"""The toy game, a fifth game kept in tests/: its one package holds every part a real
game has (rules, bots, Hard profile, hint reasons, table, layouts, phone page, guide,
How to play, bird looks), and its GameSpec and TableSpec below name each of them, so
tests/test_registry.py and tests/test_specs.py prove a game is added by its own
packages and one registry entry (``GAMES.register("tests.toy")``) with no override of
the shared machinery."""
from game.engine import GameInfo, GameSpec
from scenes.table.spec import TableSpec

SPEC = GameSpec(
    info=GameInfo("toy", "Toy Birds", 2, 4, "A tiny game of numbers, for testing."),
    rules="tests.toy.rules", bots="tests.toy.ai", hard="tests.toy.hard",
    explain="tests.toy.explain", table="tests.toy", looks="tests.toy.looks",
    layouts="tests.toy.layouts", throughput=1)

TABLE = TableSpec(table="tests.toy.table:ToyTable", layout_objects=("deck", "pile", "hand"),
                  pages="tests.toy.howto", guide="tests.toy.guide",
                  colour=(90, 60, 120), hero="toy_jay", parade=("toy_jay",))
