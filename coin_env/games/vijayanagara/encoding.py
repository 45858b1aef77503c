"""Vijayanagara's observation: the board, the tracks, the cards and the decision.

Layout (groups in vector order; ``VijayanagaraEncoder().layout()`` gives offsets, ``feature_names``
one name per slot); everything clipped to [-2, 12]:

* ``spaces``   per space (Delhi, Punjab, Mountain Passes, the 12 Provinces): piece counts / 4 by type
  (Amirs and Rajas split Obedient / Rebelling, 1.4.5); Tributary (1.6); Control by the Delhi
  Sultanate, the Bahmani Kingdom, Vijayanagara (1.7); fixed facts: Province, Mongol Invasion Region,
  Delhi, Prosperity / 2 (1.3; the game's own data: ``game.data``); decision context: selected for the
  Command, selected for the Decree, the space the decision is about.
* ``boxes``    Available and the two Influence tracks' slots: count / force pool per piece type.
* ``tracks``   Resources / 24, Cavalry held / 10 and the pool / 10 (1.8, 1.10), Deccan Influence / 4
  (1.9), Dynasty Tughlaq (2.7), Timurid cards played / 2 (2.6), the Mongols' controller now (2.4),
  the forked boxes taken this card (2.3.3), victory totals / 20 and margins / 20 (5.0), special
  cards left / 13, played / 13, draw deck / 35, cards played / 35; the gift being made under the
  option ``transfers`` (1.5.2): Resources or Cavalry, and to which faction (the decision block names the
  prompt; these say what its "Bahmani Kingdom" or "3" means).
* ``cards``, ``sequence``, ``turn``, ``decision``: the COIN layer's shared blocks
  (:mod:`coin_env.coin.encoding`); "periodic" marks a special card (Mongol Invasion, Succession,
  Timurid); Vijayanagara reveals no upcoming card, so its slots stay zero. In ``sequence`` the
  "1st / 2nd Eligible" slots follow the COIN layout (the number of factions that acted).
"""

from __future__ import annotations

import numpy as np

from ...coin.encoding import CONTEXT_FEATURES, PIECE_SCALE, CoinEncoder
from . import board
from . import static as st
from .data import cards as carddata
from .data.pieces import CAVALRY_TOKENS, FORCE_POOL, MAX_INFLUENCE, MAX_RESOURCES, N_PIECE_TYPES, PAIR_OF, PIECE_NAMES

CONTROL_FEATURES = ["Delhi Sultanate Control", "Bahmani Control", "Vijayanagara Control"]
STATIC_FEATURES = ["Province", "Mongol Invasion Region", "Delhi", "Prosperity"]
SPACE_FEATURES = list(PIECE_NAMES) + ["Tributary"] + CONTROL_FEATURES + STATIC_FEATURES + CONTEXT_FEATURES
F = {name: i for i, name in enumerate(SPACE_FEATURES)}
NF = len(SPACE_FEATURES)
N_CARDS = max(carddata.ALL_CARDS)
_POOL = np.array([FORCE_POOL[PAIR_OF.get(p, p)] for p in range(N_PIECE_TYPES)], dtype=np.float32)
_SPECIAL = frozenset(carddata.SPECIAL_CARDS)          # the cards every deck holds once (unique numbers)
# The off-map boxes that hold pieces (Available and the two Influence tracks, 1.9), by display name: the
# encoder observes them and render.py shows them.
OFF_MAP_BOXES = (("Available", st.AVAILABLE), ("Bahmani Influence track", st.BK_TRACK),
          ("Vijayanagara Influence track", st.VE_TRACK))


class VijayanagaraEncoder(CoinEncoder):
    game_name = "vijayanagara"
    space_names = st.SPACE_NAMES
    space_features = SPACE_FEATURES
    piece_names = PIECE_NAMES
    n_cards = N_CARDS
    periodic_name = "special card"
    boxes = OFF_MAP_BOXES
    force_pool = _POOL

    def game_class(self):
        from .game import VijayanagaraGame
        return VijayanagaraGame

    def encode(self, game, perspective: str, out: np.ndarray) -> np.ndarray:
        """The observation of ``game`` for the seat ``perspective`` (one of the game's factions: another
        name is refused, never encoded as a seat that sees nothing of its own)."""
        if perspective not in game.factions:
            raise ValueError(f"no seat {perspective!r} in Vijayanagara; seats: {list(game.factions)}")
        return super().encode(game, perspective, out)

    def static_spaces(self, data):
        """(spaces x features) fixed map facts of ``data`` (the game's VijayanagaraData)."""
        t = np.zeros((st.N_SPACES, NF), dtype=np.float32)
        t[:, F["Province"]] = st.IS_PROVINCE
        t[:, F["Mongol Invasion Region"]] = st.IS_MONGOL_REGION
        t[st.DELHI, F["Delhi"]] = 1.0
        t[:, F["Prosperity"]] = data.prosperity / 2.0
        return t

    def build_tracks(self, vocab):
        b = self.block
        fs = self.factions
        self.o_res = b("tracks", [f"Resources {f}" for f in fs])
        self.o_cav = b("tracks", [f"Cavalry {f}" for f in fs] + ["Cavalry pool"])
        self.o_infl = b("tracks", ["Influence bk", "Influence ve"])
        self.o_flags = b("tracks", ["Dynasty Tughlaq", "Timurid cards played", "Mongols run by bk",
                                    "Mongols run by ve", "Command & Decree box taken", "Event or Command box taken"])
        self.o_gift = b("tracks", ["transfer gives Resources", "transfer gives Cavalry"]
                        + [f"transfer to {f}" for f in fs])
        self.victory_block()
        n_special = len(carddata.SPECIAL_CARDS)
        self.deck_block("special cards left", "special cards played", n_special, 35)

    def encode_board(self, game, out, sv):
        s = game.state
        np.multiply(s.pieces[:st.N_SPACES], np.float32(PIECE_SCALE), out=sv[:, :N_PIECE_TYPES])
        sv[:, F["Tributary"]] = s.tributary
        c0 = F[CONTROL_FEATURES[0]]
        codes = board.control_codes(s)
        held = np.flatnonzero(codes)
        sv[held, c0 + codes[held] - 1] = 1.0
        self.encode_boxes(s, out)
        fs = self.factions
        for i, f in enumerate(fs):
            out[self.o_res + i] = s.resources[f] / MAX_RESOURCES
            out[self.o_cav + i] = s.cavalry[f] / CAVALRY_TOKENS
        out[self.o_cav + len(fs)] = board.cavalry_pool(s) / CAVALRY_TOKENS
        out[self.o_infl] = s.influence["bk"] / MAX_INFLUENCE
        out[self.o_infl + 1] = s.influence["ve"] / MAX_INFLUENCE
        o = self.o_flags
        out[o] = s.dynasty == "Tughlaq"
        out[o + 1] = s.timurid_played / 2.0
        out[o + 2] = s.mongol_controller == "bk"
        out[o + 3] = s.mongol_controller == "ve"
        out[o + 4] = "command_decree" in s.forks
        out[o + 5] = "event_or_command" in s.forks
        frame = s.frames[-1] if s.frames else None
        if frame is not None and frame["kind"] == "vj_transfer" and frame["what"] is not None:
            out[self.o_gift + (0 if frame["what"] == "resources" else 1)] = 1.0
            if frame["to"] is not None:
                out[self.o_gift + 2 + fs.index(frame["to"])] = 1.0
        totals = board.victory_totals(s, codes)
        self.encode_victory(out, totals, board.victory_margins(s, totals))
        left = len(_SPECIAL.intersection(s.deck)) + (s.current in _SPECIAL)
        played = len(_SPECIAL.intersection(s.played))
        self.encode_deck(s, out, left, played)
