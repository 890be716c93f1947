"""CuBirds's table: what it looks like and how a person plays it."""
from scenes.table.spec import TableSpec

TABLE = TableSpec(
    table="scenes.cubirds.table:CuBirdsTable",
    layout_objects=('row0', 'row1', 'row2', 'row3', 'draw',
                    'discard', 'pending', 'buttons', 'hand'),
    pages="scenes.cubirds.howto",
    guide="scenes.cubirds.guide",
    parade=("robin", "owl", "toucan", "flamingo", "duck"),
    colour=(52, 92, 132), hero="owl")
