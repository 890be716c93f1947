"""Flip a Bird's table: what it looks like and how a person plays it."""
from scenes.table.spec import TableSpec

TABLE = TableSpec(
    table="scenes.flip_a_bird.table:FlipABirdTable",
    layout_objects=('pile', 'row', 'counter', 'hand', 'claim'),
    pages="scenes.flip_a_bird.howto",
    guide="scenes.flip_a_bird.guide",
    parade=("fab_yellow",),
    colour=(132, 62, 70), hero="fab_red")
