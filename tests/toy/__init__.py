"""The toy game as a registered game: its GameSpec and its TableSpec in one package, to
prove a game is added by packages of its own and one registry entry (tests/
test_registry.py registers it through the same path as the real games)."""
from game.engine import GameInfo, GameSpec
from scenes.table.spec import TableSpec

SPEC = GameSpec(
    info=GameInfo("toy", "Toy Birds", 2, 4, "A tiny game of numbers, for testing."),
    rules="tests.toy_game", table="tests.toy", throughput=1)

TABLE = TableSpec(table="tests.toy_table:ToyTable", pages="tests.toy.howto",
                  colour=(90, 60, 120), hero="robin")
