"""A Distant Plain's static map tables, built once from data/map.py as numpy arrays and tuples.

Space order: Kabul, the 21 Afghan Provinces, the 3 Pakistan Provinces, the 7 LoCs. Off-map boxes
follow the map spaces in the ``pieces`` array: Available, Casualties (3.3.3), Out of Play (Events,
digest G10) and Removed (pieces taken out of the game at Reset, 6.6), so every piece is always
somewhere and the force pool totals are an invariant.

Only facts no owner data pack changes live here (names, space types, the index). The map facts a pack
can change (Population, Econ, Pashtun, Mountain, adjacency) and their derived tables are on the game's
data (``s.data`` / ``game.data``, :class:`datapack.AdpData`), so two games with different packs never
see each other's map.
"""

from __future__ import annotations

import numpy as np

from .data import map as mapdata

SPACE_NAMES: list[str] = [s[0] for s in mapdata.SPACES] + [r[0] for r in mapdata.LOCS]
N_SPACES = len(SPACE_NAMES)
INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}
KABUL = INDEX["Kabul"]

AVAILABLE, CASUALTIES, OUT_OF_PLAY, REMOVED = N_SPACES, N_SPACES + 1, N_SPACES + 2, N_SPACES + 3
N_LOCATIONS = N_SPACES + 4
LOCATION_NAMES = SPACE_NAMES + ["Available", "Casualties", "Out of Play", "Removed"]

TYPE = [s[1] for s in mapdata.SPACES] + [mapdata.LOC] * len(mapdata.LOCS)
IS_CITY = np.array([t == mapdata.CITY for t in TYPE])
IS_PAKISTAN = np.array([t == mapdata.PAKISTAN for t in TYPE])
IS_AFGHAN_PROVINCE = np.array([t == mapdata.PROVINCE for t in TYPE])
IS_PROVINCE = IS_AFGHAN_PROVINCE | IS_PAKISTAN          # 1.3.1: Pakistan spaces are Provinces
IS_LOC = np.array([t == mapdata.LOC for t in TYPE])
IS_AFGHAN = ~IS_PAKISTAN                                  # every space not in Pakistan
IS_CONTROLLABLE = IS_CITY | IS_PROVINCE                  # 1.7: Provinces and Kabul
# Population, Econ, Pashtun, Mountain and adjacency are facts an owner data pack can change: they are
# not here but on the game's data (``game.data``, datapack.AdpData: ``s.data.printed_pop``, ...), built
# from data/map.py for the built-in map.

LOCS = [i for i in range(N_SPACES) if IS_LOC[i]]
PAKISTAN = [i for i in range(N_SPACES) if IS_PAKISTAN[i]]
CONTROLLABLE = [i for i in range(N_SPACES) if IS_CONTROLLABLE[i]]
AFGHAN_PROVINCES = [i for i in range(N_SPACES) if IS_AFGHAN_PROVINCE[i]]
# Kabul and the Afghan Provinces: where Support / Opposition and the Pop victory totals count (1.6.2, 1.9).
AFGHAN_CONTROLLABLE = [i for i in range(N_SPACES) if IS_CONTROLLABLE[i] and not IS_PAKISTAN[i]]


def builtin_adjacency() -> np.ndarray:
    """1.3.6: the built-in map's adjacency (data/map.py), a new boolean (spaces x spaces) array."""
    adj = np.zeros((N_SPACES, N_SPACES), dtype=bool)
    for a, others in mapdata.ADJACENCY.items():
        for b in others:
            adj[INDEX[a], INDEX[b]] = adj[INDEX[b], INDEX[a]] = True
    # 1.3.6 (c): LoCs ending at the same Town are adjacent (Kabul is a space, not a Town).
    towns: dict[str, list[int]] = {}
    for name, _econ, ends, _prov in mapdata.LOCS:
        for end in ends:
            if end not in INDEX:
                towns.setdefault(end, []).append(INDEX[name])
    for locs in towns.values():
        for i in locs:
            for j in locs:
                if i != j:
                    adj[i, j] = True
    return adj


def neighbors_of(adj) -> list[tuple[int, ...]]:
    return [tuple(int(j) for j in np.flatnonzero(adj[i])) for i in range(N_SPACES)]


# --- derived tables for the rules' hot paths ------------------------------------------------------------
# Plain Python copies (a list index costs far less than a numpy scalar) and the Patrol / Transport
# network (space types never change with a data pack).
IS_NETWORK = [bool(IS_LOC[sp]) or sp == KABUL for sp in range(N_SPACES)]   # 3.2.2 / 4.3.2: LoCs and Kabul
NETWORK_SPACES = [sp for sp in range(N_SPACES) if IS_NETWORK[sp]]
LOC_LIST = [bool(x) for x in IS_LOC]
PAKISTAN_LIST = [bool(x) for x in IS_PAKISTAN]
CITY_LIST = [bool(x) for x in IS_CITY]
AFGHAN_PROVINCE_LIST = [bool(x) for x in IS_AFGHAN_PROVINCE]
PROVINCE_LIST = [bool(x) for x in IS_PROVINCE]
AFGHAN_LIST = [bool(x) for x in IS_AFGHAN]
CONTROLLABLE_LIST = [bool(x) for x in IS_CONTROLLABLE]
# The map facts' derived tables (network neighbours, Pop as a list, the Random Spaces slots...) are on
# the game's data too (datapack.AdpData).

for _table in (IS_CITY, IS_PAKISTAN, IS_AFGHAN_PROVINCE, IS_PROVINCE, IS_LOC, IS_AFGHAN, IS_CONTROLLABLE):
    _table.setflags(write=False)          # constants: a rule that writes one fails loudly
del _table
