"""The board as the heuristic bot reads it: piece counts per space and faction, majorities, and the
derived quantities its priorities are written in (read once per decision, never written).

Terms (with the rules they come from):

* ``count(sp, f)``: pieces (Units and Structures) of ``f`` in ``sp`` -- what Control (1.7) and Rebel's
  majority (3.3.3 / 3.4.3) count.
* ``others(sp, f)``: pieces of every other faction there, Mongols included (1.5: all are opposing).
* ``need(sp, f)``: pieces ``f`` must add to outnumber all the others combined (<= 0: it already does).
* ``surplus(sp, f)``: Units ``f`` can take out of ``sp`` without losing a majority it holds there (all of
  them where it holds none).
* ``danger(sp)``: for the Delhi Sultanate, how close the closer of the Bahmani Kingdom and Vijayanagara
  comes to outnumbering everyone in a Tributary Province (>= 1: it may Rebel now, 3.3.3 / 3.4.3).
"""

from __future__ import annotations

import numpy as np

from ....core.kept import kept_on_game
from ..data.pieces import (AMIR, AMIR_REBEL, FORT, GOVERNOR, MONGOL, N_PIECE_TYPES, PIECES_OF, QASBAH, RAJA,
                           RAJA_REBEL, TEMPLE, TROOP, UNITS_OF)
from ..static import AVAILABLE, DELHI, IS_PROVINCE, MOUNTAIN_PASSES, N_SPACES, PROVINCES, PUNJAB

STRUCTURE_OF = {"ds": QASBAH, "bk": FORT, "ve": TEMPLE}
UNIT_OF = {"ds": TROOP, "bk": AMIR, "ve": RAJA}
RIVAL = {"bk": "ve", "ve": "bk"}
DECCAN = ("bk", "ve")
COUNTED = ("ds", "bk", "ve", "mi")


def _tally_matrix() -> np.ndarray:
    """[piece type, column] 0/1: columns 0-3 pick each faction's pieces, 4-7 its Units, 8 every piece, so
    that one product of the board with it gives every count the view reads (read-only constant)."""
    groups = [PIECES_OF[f] for f in COUNTED] + [UNITS_OF[f] for f in COUNTED] + [range(N_PIECE_TYPES)]
    m = np.zeros((N_PIECE_TYPES, len(groups)), dtype=np.int64)
    for col, types in enumerate(groups):
        m[list(types), col] = 1
    m.setflags(write=False)
    return m


TALLY = _tally_matrix()


def board_key(state) -> tuple:
    """Everything a :class:`View` and the priorities' worths read from the state: equal keys, equal views."""
    return (state.pieces.tobytes(), state.tributary.tobytes(), tuple(state.resources.values()),
            tuple(state.cavalry.values()), tuple(state.influence.values()), state.dynasty, state.timurid_played)


class View:
    """Counts of one game state, computed once (the board does not change while a bot decides)."""

    @classmethod
    def of(cls, game) -> "View":
        """The view of ``game``'s board now. Consecutive decisions often read an unchanged board (the
        sequence-of-play choice, then the Command, then its first space weigh the same worths): the view
        built for the last of them is reused, with the worths it has computed (``memo``), while the state
        is the same object and nothing a view reads has changed (:func:`board_key`). Kept on the game
        (``bot_view``), never saved; a clone starts without it."""
        s = game.state
        key = board_key(s)

        def make():
            view = cls(s)
            view.key = key
            return view
        return kept_on_game(game, "bot_view", key, make)

    def __init__(self, state):
        self.s = state
        board = state.pieces[:N_SPACES]
        self.rows = board.tolist()
        self.avail = state.pieces[AVAILABLE].tolist()
        # every per-space count at once (a Python loop over spaces and types was a third of a bot game)
        tally = (board @ TALLY).T.tolist()
        self.cnt = dict(zip(COUNTED, tally[0:4]))
        self.units = dict(zip(COUNTED, tally[4:8]))
        self.total = tally[8]
        self.trib = state.tributary.tolist()
        self.pros = state.data.prosperity_list
        self.nbrs = state.data.neighbors
        self.tughlaq = state.dynasty == "Tughlaq"
        self._totals = None
        self._leader = {}                        # faction -> its leading opponent (leader)
        self._keep = {}                          # space -> ds_keep
        # derived values of this one decision (a priorities function stores what it computed once, e.g. a
        # Command's space worths, read again by another measure); dies with the view, never saved
        self.memo = {}
        self.key = None                          # board_key of the state, when made by View.of

    # --- majorities (1.7, 3.3.3, 3.4.3) ----------------------------------------------------------
    def count(self, sp: int, f: str) -> int:
        return self.cnt[f][sp]

    def others(self, sp: int, f: str) -> int:
        return self.total[sp] - self.cnt[f][sp]

    def need(self, sp: int, f: str) -> int:
        return 1 - self.lead(sp, f)

    def lead(self, sp: int, f: str) -> int:
        own = self.cnt[f][sp]                    # own - others, written out: read for every space weighed
        return own + own - self.total[sp]

    def controller(self, sp: int) -> str | None:
        if not IS_PROVINCE[sp] or self.trib[sp]:
            return None
        for f in ("ds", "bk", "ve"):
            if self.lead(sp, f) >= 1:
                return f
        return None

    def is_trib(self, sp: int) -> bool:
        return bool(self.trib[sp])

    def surplus(self, sp: int, f: str) -> int:
        """Units that may leave ``sp`` without losing ``f``'s majority there (all where it has none)."""
        units = self.units[f][sp]
        lead = self.lead(sp, f)
        if lead >= 1:
            return max(0, min(units, lead - 1))
        return units

    def danger(self, sp: int) -> int:
        """Delhi Sultanate: the best Deccan lead in a Province (>= 1: a Rebel may take it)."""
        return max(self.lead(sp, "bk"), self.lead(sp, "ve"))

    def ds_keep(self, sp: int) -> int:
        """Delhi Sultanate Units that should stay in ``sp``: enough that no Deccan faction outnumbers
        the rest there (Provinces), the Mongols' strength in Delhi and the Invasion Regions late."""
        if sp not in self._keep:                 # read for every march and its neighbours
            self._keep[sp] = self._ds_keep(sp)
        return self._keep[sp]

    def _ds_keep(self, sp: int) -> int:
        if IS_PROVINCE[sp]:
            need = 0
            for f in DECCAN:
                rest = self.total[sp] - self.cnt[f][sp] - self.cnt["ds"][sp]
                need = max(need, self.cnt[f][sp] - rest + (1 if self.trib[sp] else 0))
            return max(0, need - (1 if self.rows[sp][QASBAH] else 0))
        if sp == DELHI:
            return self.mongol_threat() + 2
        return self.rows[sp][MONGOL] + (1 if self.rows[sp][MONGOL] else 0)

    def ds_surplus(self, sp: int) -> int:
        return max(0, min(self.rows[sp][TROOP], self.units["ds"][sp] - self.ds_keep(sp)))

    def totals(self) -> dict:
        """Victory points now (5.1-5.3, without the end-of-game Mongol adjustment)."""
        if self._totals is None:
            from ..board import victory_totals
            self._totals = victory_totals(self.s)
        return self._totals

    def leader(self, f: str) -> str:
        """The opponent of ``f`` with most victory points now (ties: the Sultanate, then order)."""
        if f not in self._leader:                # read for every battle weighed
            totals = self.totals()
            self._leader[f] = max((o for o in ("ds", "bk", "ve") if o != f), key=lambda o: (totals[o], o == "ds"))
        return self._leader[f]

    # --- Mongols (2.4, 2.6, 3.5, 5.1) ------------------------------------------------------------
    def mongols(self, sp: int) -> int:
        return self.rows[sp][MONGOL]

    def mongol_threat(self) -> int:
        """Mongols that may reach Delhi by Timur's invasion (2.6): those on the map, and late in the game
        half of those Available (the first Timurid card)."""
        on_map = self.rows[MOUNTAIN_PASSES][MONGOL] + self.rows[PUNJAB][MONGOL] + self.rows[DELHI][MONGOL]
        late = self.s.timurid_played == 0 and self.s.dynasty == "Tughlaq"
        return on_map + (self.avail[MONGOL] // 2 if late else 0)

    # --- odds of a battle (3.2.4, 3.3.4, 3.4.4) -----------------------------------------------------
    @staticmethod
    def hits(dice: int, units: int) -> float:
        """Expected hits: each die hits on at most min(Units involved, 5)."""
        return dice * min(units, 5) / 6.0

    def obedient(self, sp: int) -> dict:
        return {"bk": self.rows[sp][AMIR], "ve": self.rows[sp][RAJA]}

    def rebelling(self, sp: int, f: str) -> int:
        return self.rows[sp][AMIR_REBEL if f == "bk" else RAJA_REBEL]

    def governors(self, sp: int) -> int:
        return self.rows[sp][GOVERNOR]


__all__ = ["View", "STRUCTURE_OF", "UNIT_OF", "RIVAL", "DECCAN", "PROVINCES", "DELHI", "PUNJAB",
           "MOUNTAIN_PASSES", "IS_PROVINCE"]
