"""Yard Birbs's table: what it looks like and how a person plays it."""
from scenes.table.spec import TableSpec

TABLE = TableSpec(
    table="scenes.yard_birbs.table:YardBirbsTable",
    layout_objects=('feeder', 'deck', 'lifer', 'abilities', 'hand'),
    pages="scenes.yard_birbs.howto",
    guide="scenes.yard_birbs.guide",
    parade=("waxwing", "kingfisher", "crow"),
    colour=(120, 92, 40), hero="waxwing")
