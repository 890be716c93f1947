"""What every game's table shares: the turn loop (``scene``), the table chrome, the
event-to-animation dispatcher, multi-pick decisions, and the TableSpec a game's scene
package declares (``spec``). It imports nothing itself: the menus read a game's TableSpec
(its looks, its parade birds) at start-up, and must not load the whole table to do it."""
