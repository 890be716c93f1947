"""A person's decision as data: the picks it takes, not a string state machine.

Some moves take several picks (CuBirds: a species, then a row end). A table describes
each decision as a :class:`PickChain`: ``plan(values)`` says which pick comes next given
the values picked so far (or None once the decision is complete), and ``finish(values)``
turns them into the action to play. Choosing an option starts the next pick; BACK steps
back one pick, and on the first pick it is the table's own BACK (the pause menu). The
table reads ``chain.step`` (the current pick's name) for its status, prompts and
previews; the chain puts each pick's picker in ``table.picker``, which takes the input.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from scenes.picker import Option, Picker

BACK = "back"   # an option whose value this is steps back instead of being picked


@dataclass
class Pick:
    name: str                          # what is being picked ("species", "end")
    options: Sequence[Option]
    focus: object = None               # the value focused first (None: the picker's pick)
    initial: int = 0                   # else the index focused first
    rows: bool = False                 # left and right stay in the focused option's row


class PickChain:
    def __init__(self, table, plan: Callable[[tuple], Pick | None],
                 finish: Callable[[tuple], object], focus: object = None) -> None:
        self.table = table
        self.plan = plan
        self.finish = finish
        self.values: tuple = ()
        self.pick: Pick | None = None
        self.picker: Picker | None = None
        self.start(focus)

    @property
    def step(self) -> str | None:
        """The name of the pick being made (None once the decision is made)."""
        return self.pick.name if self.pick is not None else None

    def start(self, focus: object = None) -> None:
        """Offer the next pick (focusing ``focus`` if it is among its values)."""
        self.pick = self.plan(self.values)
        if self.pick is None:
            self.picker = self.table.turn.picker = None
            return
        can_back = bool(self.values)
        self.picker = Picker(self.pick.options, self.choose,
                             on_back=self.back if can_back else None,
                             initial=self.pick.initial, ctx=self.table.ctx,
                             rows=self.pick.rows)
        for wanted in (self.pick.focus, focus):
            if wanted is not None:
                self.picker.focus_value(wanted)
        self.table.turn.picker = self.picker

    def choose(self, value: object) -> None:
        if value == BACK:
            self.table.ctx.play("tap")
            self.back()
            return
        self.values += (value,)
        self.start()
        if self.pick is None:
            self.table.submit(self.finish(self.values))

    def back(self) -> None:
        """One pick back, with what was picked there in focus."""
        if self.values:
            *earlier, last = self.values
            self.values = tuple(earlier)
            self.start(last)

    def restart(self, values: tuple = (), focus: object = None) -> None:
        """Begin again from ``values`` (a hint that changes an earlier pick)."""
        self.values = tuple(values)
        self.start(focus)

    @property
    def options(self) -> list[Option]:
        return self.picker.options if self.picker is not None else []
