"""Decrees (4.0): Delhi Sultanate 4.2, Bahmani Kingdom 4.3, Vijayanagara Empire 4.4.

Implemented: Collect Tribute (4.2.1), Trade (4.3.1), Build (4.3.2, 4.4.2), Tax (4.4.1). Not yet
implemented (not in the vocabulary, never offered): Campaign (4.2.2), Demand Obedience (4.2.3),
Conspire (4.3.3), Compel (4.4.3).
"""

from __future__ import annotations

from .. import board
from ..data.pieces import AMIR, AMIR_REBEL, FORT, RAJA, RAJA_REBEL, TEMPLE
from ..static import IS_PROVINCE, N_SPACES, PROVINCES
from .common import Decree, InstantDecree

MODES: list[tuple[str, str]] = []


class CollectTribute(InstantDecree):
    """4.2.1: gain half the Prosperity of the Tributary Provinces (rounded down) in Resources, and 2
    Cavalry."""

    key = name = "collect_tribute"
    faction = "ds"

    def effect(self, game):
        s = game.state
        board.add_resources(s, "ds", board.prosperity_of(s, tributary=True) // 2)
        board.gain_cavalry(s, "ds", 2)


class Trade(InstantDecree):
    """4.3.1 / 1.9.1: gain 1 Resource per Province holding a Bahmani piece, and Cavalry: 1 at
    Influence 0, 2 at Influence 1-2, 3 at Influence 3-4."""

    key = name = "trade"
    faction = "bk"

    def effect(self, game):
        s = game.state
        n = sum(1 for sp in PROVINCES if board.count(s, sp, "bk"))
        board.add_resources(s, "bk", n)
        infl = s.influence["bk"]
        board.gain_cavalry(s, "bk", 1 if infl == 0 else 2 if infl <= 2 else 3)


class Tax(InstantDecree):
    """4.4.1: gain the Prosperity of the Provinces Vijayanagara Controls plus 1 per Temple on the map."""

    key = name = "tax"
    faction = "ve"

    def effect(self, game):
        s = game.state
        board.add_resources(s, "ve", board.prosperity_of(s, "ve") + board.structures_on_map(s, TEMPLE))


class Build(Decree):
    """4.3.2 / 4.4.2: place the faction's Structure in one Province holding one of its Units (1.4.4:
    at most one per Province)."""

    structure = FORT
    units = (AMIR, AMIR_REBEL)

    def max_spaces(self, game):
        return 1

    def decree_space_test(self, game):
        s = game.state
        if board.available(s, self.structure) == 0:
            return None
        return lambda sp: (sp < N_SPACES and bool(IS_PROVINCE[sp]) and not s.pieces[sp, self.structure]
                           and any(s.pieces[sp, u] for u in self.units))

    def select(self, game, sp):
        board.place(game.state, sp, self.structure)


class BahmaniBuild(Build):
    key = name = "build"
    faction = "bk"


class VijayanagaraBuild(Build):
    key = name = "build"
    faction = "ve"
    structure = TEMPLE
    units = (RAJA, RAJA_REBEL)


ACTIVITIES = [CollectTribute, Trade, Tax, BahmaniBuild, VijayanagaraBuild]
