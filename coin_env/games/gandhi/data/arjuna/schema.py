"""The shapes of the Arjuna system's printed content (8.1.1): card faces, table columns.

Everything printed (the 24 card faces, the Space Selection Priorities tables, the Move Priorities
table, the Random Spaces map) is data in this package; the procedure that reads it is code in
``coin_env/games/gandhi/bots``. Each item carries ``source``: a rule section / public report, or
``reconstructed: <why>``. Conditions, rows and parameters are names resolved by the bots' registries
(``bots/registry.py``); ``tests/gandhi/test_arjuna_data.py`` checks that every name resolves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

# Where a flowchart arrow may point (8.3): the next box, a labelled box of the same face, or one of
# the card icons.
NEXT, FLIP, DRAW, STOP = "next", "flip", "draw", "stop"


@dataclass(frozen=True)
class Check:
    """A blue condition box (8.3): ``cond`` true -> follow ``yes`` (green arrow), else ``no`` (red)."""
    cond: str
    yes: str = NEXT
    no: str = NEXT
    args: tuple = ()
    label: str = ""


@dataclass(frozen=True)
class Op:
    """An Operation box (8.3, 8.6): the Operation (vocabulary key), the bold column of the Space Selection
    Priorities table, and instruction switches read by the faction's procedure (bots/<faction>.py)."""
    op: str
    column: str
    params: tuple = ()            # ((name, value), ...) -- a tuple so faces stay hashable
    label: str = ""

    def param(self, name, default=None):
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class SAOption:
    """One Special Activity in an SA box, attempted in order (8.7). ``action`` names the option of a
    multi-option SA (Govern, Satyagraha, Negotiate, Persuade); ``only_if`` is a check-mark condition."""
    sa: str
    column: str
    action: str = ""
    only_if: str = ""
    params: tuple = ()

    def param(self, name, default=None):
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class SA:
    """A Special Activity box: do the first option that can be implemented (8.7)."""
    options: tuple
    label: str = ""


@dataclass(frozen=True)
class Face:
    """One side of an Arjuna card (8.3). ``nodes`` are read top-down; a Check may jump to a label.
    ``activation``: the Revolutionaries' Activation Number icon (2, 3 or "restraint"; 8.6.2), None on
    other factions' cards. ``max_spaces``: the NV Max Spaces icon (None = the rules' maximum, 8.6.1)."""
    letter: str
    faction: str
    other_side: str
    nodes: tuple
    source: str
    activation: object = None
    max_spaces: int | None = None


@dataclass(frozen=True)
class Column:
    """A column of a faction's Space Selection Priorities table (8.4.1): the rows with a dot, top-down.
    ``known`` lists the rows (and their order) that a rulebook example or public report shows."""
    name: str
    rows: tuple
    source: str
    known: tuple = ()


@dataclass(frozen=True)
class FactionArjuna:
    """All printed Arjuna content for one faction."""
    faction: str
    faces: dict = field(default_factory=dict)        # letter -> Face (both sides)
    columns: dict = field(default_factory=dict)      # column name -> Column, in table order (left first)
    move: tuple = ()                                 # Move Priorities column (8.4.2): instruction names
    move_source: str = ""

    def __post_init__(self):
        # Part of a game's immutable data (game.data.arjuna): the tables are read-only copies.
        object.__setattr__(self, "faces", MappingProxyType(dict(self.faces)))
        object.__setattr__(self, "columns", MappingProxyType(dict(self.columns)))
