"""Vijayanagara's static tables (names, space types, index), built once from data/map.py.

Locations in the ``pieces`` array: the map spaces, then Available (the holding boxes, 1.3/1.4.3) and
the two Deccan Influence tracks' Unit slots (1.9), so every piece is always somewhere and the force
pool totals are an invariant. The facts an owner data pack may change (Prosperity, adjacency) are on
the game's data (``game.data``, datapack.VijayanagaraData), not here.
"""

from __future__ import annotations

import numpy as np

from .data import map as mapdata

SPACE_NAMES: list[str] = [s[0] for s in mapdata.SPACES]
N_SPACES = len(SPACE_NAMES)
INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}
DELHI, PUNJAB, MOUNTAIN_PASSES = INDEX["Delhi"], INDEX["Punjab"], INDEX["Mountain Passes"]
BK_HOME, VE_HOME = INDEX[mapdata.BK_HOME], INDEX[mapdata.VE_HOME]

AVAILABLE, BK_TRACK, VE_TRACK = N_SPACES, N_SPACES + 1, N_SPACES + 2
TRACK = {"bk": BK_TRACK, "ve": VE_TRACK}
N_LOCATIONS = N_SPACES + 3
LOCATION_NAMES = SPACE_NAMES + ["Available", "Bahmani Influence track", "Vijayanagara Influence track"]

TYPE = [s[1] for s in mapdata.SPACES]
IS_PROVINCE = np.array([t == mapdata.PROVINCE for t in TYPE])          # 1.3.1
IS_MONGOL_REGION = np.array([t == mapdata.MONGOL_REGION for t in TYPE])  # 1.3.2
PROVINCES = tuple(i for i in range(N_SPACES) if IS_PROVINCE[i])
# 1.3.2 / 1.3.3: only Delhi Sultanate and Mongol pieces may be in Delhi and the Mongol Invasion Regions.
DS_MI_ONLY = tuple(i for i in range(N_SPACES) if not IS_PROVINCE[i])


def builtin_prosperity() -> np.ndarray:
    return np.array([s[2] for s in mapdata.SPACES], dtype=np.int16)


def builtin_adjacency() -> np.ndarray:
    """1.3.5: the reconstructed adjacency of data/map.py, a new boolean (spaces x spaces) array."""
    adj = np.zeros((N_SPACES, N_SPACES), dtype=bool)
    for a, b, _prov in mapdata.ADJACENT:
        adj[INDEX[a], INDEX[b]] = adj[INDEX[b], INDEX[a]] = True
    return adj


def neighbors_of(adj) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(j) for j in np.flatnonzero(adj[i])) for i in range(N_SPACES))
