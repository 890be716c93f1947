"""What every game's table shares: the turn loop (``scene``), the table chrome, the
event-to-animation dispatcher, multi-pick decisions, and the TableSpec a game's scene
package declares."""
from scenes.table.scene import TableScene
from scenes.table.spec import TableSpec, make_table, playable, table_spec

__all__ = ["TableScene", "TableSpec", "make_table", "playable", "table_spec"]
