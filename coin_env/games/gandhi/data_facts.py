"""The facts one Gandhi game plays with: :class:`GandhiData` (DESIGN "A game owns its data").

Made by ``datapack.LOADER`` (the built-in data, or an owner data pack) when a game is made or loaded,
held on the state (``s.data``, ``game.data``), shared by clones, never changed. Rules read the map
facts a pack may change from here, never from module globals:

* ``cards``      :class:`coin_env.coin.cards.CardFacts`: Event records, faction orders, titles.
* ``pop``        Population per space (int16, read-only numpy; 0 on Railways); ``pop_list`` the same as
                 a tuple of Python ints (fast scalar reads: ``data.pop_list[sp]``).
* ``econ``       railway Econ per space (int16, read-only; 0 off Railways); ``econ_list`` as ints.
* ``adjacent``   the adjacency matrix (bool, read-only, symmetric, 1.3.8).
* ``neighbors``  per space the tuple of adjacent spaces (increasing).
* ``adjacent_network``  per space: adjacent to a Railway or City (``adjacent @ IS_NETWORK``, 3.2.2).
* ``arjuna``     the printed Arjuna content (:class:`data.arjuna.ArjunaContent`): faces, columns,
                 Random Spaces map, Adversary Priorities.

Tables derived from these (the March chains, the encoder's template) are built once per data object
through :meth:`GameData.derived`.
"""

from __future__ import annotations

import numpy as np

from ...core.data import GameData, frozen_array
from .static import IS_NETWORK, N_SPACES, neighbors_of


class GandhiData(GameData):
    def __init__(self, cards, pop, econ, adjacent, arjuna, name=None, content=None, digest="builtin"):
        super().__init__("gandhi", name, content, digest)
        pop = frozen_array(pop, np.int16)
        econ = frozen_array(econ, np.int16)
        adjacent = frozen_array(adjacent, bool)
        if pop.shape != (N_SPACES,) or econ.shape != (N_SPACES,) or adjacent.shape != (N_SPACES, N_SPACES):
            raise ValueError("Gandhi data: Population, Econ and adjacency must cover every map space")
        self._set("cards", cards)
        self._set("pop", pop)
        self._set("pop_list", tuple(int(v) for v in pop))
        self._set("econ", econ)
        self._set("econ_list", tuple(int(v) for v in econ))
        self._set("adjacent", adjacent)
        self._set("neighbors", neighbors_of(adjacent))
        self._set("adjacent_network", frozen_array(adjacent @ IS_NETWORK, bool))
        self._set("arjuna", arjuna)
        self._freeze()
