"""A Distant Plain's static map tables, built once from data/map.py as numpy arrays and tuples.

Space order: Kabul, the 21 Afghan Provinces, the 3 Pakistan Provinces, the 7 LoCs. Off-map boxes
follow the map spaces in the ``pieces`` array: Available, Casualties (3.3.3), Out of Play (Events,
digest G10) and Removed (pieces taken out of the game at Reset, 6.6), so every piece is always
somewhere and the force pool totals are an invariant.
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
IS_PASHTUN = np.array([s[3] for s in mapdata.SPACES] + [False] * len(mapdata.LOCS))   # 1.3.4: LoCs never
PRINTED_POP = np.array([s[2] for s in mapdata.SPACES] + [0] * len(mapdata.LOCS), dtype=np.int16)
ECON = np.array([0] * len(mapdata.SPACES) + [r[1] for r in mapdata.LOCS], dtype=np.int16)
# 3.2.4: Mountain Provinces (reconstructed terrain; an owner data pack replaces it in place).
IS_MOUNTAIN = np.array([s[4] == mapdata.MOUNTAIN for s in mapdata.SPACES] + [False] * len(mapdata.LOCS))

LOCS = [i for i in range(N_SPACES) if IS_LOC[i]]
PAKISTAN = [i for i in range(N_SPACES) if IS_PAKISTAN[i]]
CONTROLLABLE = [i for i in range(N_SPACES) if IS_CONTROLLABLE[i]]
AFGHAN_PROVINCES = [i for i in range(N_SPACES) if IS_AFGHAN_PROVINCE[i]]
# Kabul and the Afghan Provinces: where Support / Opposition and the Pop victory totals count (1.6.2, 1.9).
AFGHAN_CONTROLLABLE = [i for i in range(N_SPACES) if IS_CONTROLLABLE[i] and not IS_PAKISTAN[i]]


def _build_adjacency():
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


ADJACENT = _build_adjacency()
NEIGHBORS: list[tuple[int, ...]] = neighbors_of(ADJACENT)


# --- derived tables for the rules' hot paths ------------------------------------------------------------
# Plain Python copies (a list index costs far less than a numpy scalar) and the Patrol / Transport
# network. A data pack rebuilds them in place with the tables above (datapack._commit_game calls
# refresh_derived()), so every module that imported them by name sees the new map.
IS_NETWORK = [bool(IS_LOC[sp]) or sp == KABUL for sp in range(N_SPACES)]   # 3.2.2 / 4.3.2: LoCs and Kabul
NETWORK_SPACES = [sp for sp in range(N_SPACES) if IS_NETWORK[sp]]
LOC_LIST = [bool(x) for x in IS_LOC]
PAKISTAN_LIST = [bool(x) for x in IS_PAKISTAN]
NETWORK_NEIGHBORS: list[tuple[int, ...]] = []     # neighbours that are LoCs or Kabul
PASHTUN_LIST: list[bool] = []
POP_LIST: list[int] = []                          # printed Population (1.3.3)
RANDOM_SPACE_SLOTS: list[int] = []                # 8.4: the Random Spaces sheet's slots in arrow order
# Kabul and the Afghan Provinces (AFGHAN_CONTROLLABLE) as a float32 mask, and their printed Pop (0
# elsewhere): the observation's Support one-hot and Pop victory totals as whole-board products.
AFGHAN_CONTROLLABLE_F32 = np.zeros(N_SPACES, dtype=np.float32)
AFGHAN_POP_F32 = np.zeros(N_SPACES, dtype=np.float32)


def refresh_derived() -> None:
    """Rebuild the derived tables from the (possibly data-pack edited) tables above, in place."""
    from .data import random_spaces
    NETWORK_NEIGHBORS[:] = [tuple(n for n in NEIGHBORS[sp] if IS_NETWORK[n]) for sp in range(N_SPACES)]
    PASHTUN_LIST[:] = [bool(x) for x in IS_PASHTUN]
    POP_LIST[:] = [int(x) for x in PRINTED_POP]
    RANDOM_SPACE_SLOTS[:] = [INDEX[name] for region in random_spaces.REGIONS for name in region]
    AFGHAN_CONTROLLABLE_F32[:] = IS_CONTROLLABLE & ~IS_PAKISTAN
    AFGHAN_POP_F32[:] = PRINTED_POP * AFGHAN_CONTROLLABLE_F32


refresh_derived()
