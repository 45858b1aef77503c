"""Gandhi's static map tables, built once from the data modules as numpy arrays and tuples.

Only facts no owner data pack can change live here (space names and types, Muslim spaces, the
network). Population, railway Econ and adjacency belong to a game's data (``game.data.pop``,
``.econ``, ``.adjacent``, ``.neighbors``; data_facts.py): the ``BUILTIN_*`` tables below are the
built-in values the data is made from, read-only, and never what a rule reads."""

from __future__ import annotations

import numpy as np

from .data import map as mapdata

SPACE_NAMES: list[str] = [s[0] for s in mapdata.SPACES] + [r[0] for r in mapdata.RAILWAYS]
N_LAND = len(mapdata.SPACES)
N_SPACES = len(SPACE_NAMES)
INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}

# Off-map locations share the pieces array after the map spaces.
AVAILABLE, OUT_OF_PLAY, JAIL = N_SPACES, N_SPACES + 1, N_SPACES + 2
N_LOCATIONS = N_SPACES + 3
LOCATION_NAMES = SPACE_NAMES + ["Available", "Out of Play", "Jail"]

TYPE = [s[1] for s in mapdata.SPACES] + [mapdata.RAILWAY] * len(mapdata.RAILWAYS)
IS_CITY = np.array([t == mapdata.CITY for t in TYPE])
IS_PRINTED_PROVINCE = np.array([t == mapdata.PROVINCE for t in TYPE])
IS_PRINCELY_STATE = np.array([t == mapdata.STATE for t in TYPE])
IS_RAILWAY = np.array([t == mapdata.RAILWAY for t in TYPE])
IS_LAND = ~IS_RAILWAY
BUILTIN_POP = np.array([s[2] for s in mapdata.SPACES] + [0] * len(mapdata.RAILWAYS), dtype=np.int16)
BUILTIN_POP.setflags(write=False)
IS_MUSLIM = np.array([s[3] for s in mapdata.SPACES] + [False] * len(mapdata.RAILWAYS))
BUILTIN_ECON = np.array([0] * N_LAND + [r[1] for r in mapdata.RAILWAYS], dtype=np.int16)
BUILTIN_ECON.setflags(write=False)

CITIES = [i for i in range(N_SPACES) if IS_CITY[i]]
RAILWAYS = [i for i in range(N_SPACES) if IS_RAILWAY[i]]
LAND = [i for i in range(N_SPACES) if IS_LAND[i]]


def _build_adjacency():
    adj = np.zeros((N_SPACES, N_SPACES), dtype=bool)

    def link(a, b):
        adj[a, b] = adj[b, a] = True

    for a, b, _ in mapdata.LAND_EDGES:
        link(INDEX[a], INDEX[b])
    town_railways: dict[str, list[int]] = {}
    for name, _econ, ends, along, _ in mapdata.RAILWAYS:
        r = INDEX[name]
        for sp in along:
            link(r, INDEX[sp])
        for end in ends:
            if end in INDEX:          # a City terminal: adjacent (1.3.6)
                link(r, INDEX[end])
            else:                     # a Town: railways meeting there are adjacent (1.3.8 c)
                town_railways.setdefault(end, []).append(r)
    for rails in town_railways.values():
        for i in rails:
            for j in rails:
                if i != j:
                    link(i, j)
    return adj


def neighbors_of(adj) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(j) for j in np.flatnonzero(adj[i])) for i in range(N_SPACES))


# The built-in adjacency (1.3.8), read-only: a game reads its own (game.data.adjacent / .neighbors).
BUILTIN_ADJACENT = _build_adjacency()
BUILTIN_ADJACENT.setflags(write=False)

# Railways and Cities form the network along which Garrison cubes and Underground Guerrillas
# travel (3.2.2, 3.4.2): "along adjacent Railways and Cities".
IS_NETWORK = IS_RAILWAY | IS_CITY
