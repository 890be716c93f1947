"""Flappy Families's table: what it looks like and how a person plays it."""
from scenes.table.spec import TableSpec

TABLE = TableSpec(
    table="scenes.flappy_families.table:FlappyFamiliesTable",
    layout_objects=('wild', 'deck', 'bonus', 'actions', 'hand'),
    pages="scenes.flappy_families.howto",
    guide="scenes.flappy_families.guide",
    parade=("tiny_tweeters", "sea_soarers", "bright_beauties"),
    colour=(60, 112, 74), hero="eerily_extinct")
