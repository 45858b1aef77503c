"""Gandhi's observation: the board, the cards, the tracks and the decision in progress.

Layout (groups in vector order; ``GandhiEncoder().layout()`` gives offsets and sizes,
``feature_names`` one name per slot). Scales keep values roughly within [0, few]:

* ``spaces``   per map space (Cities, Provinces, States, then Railways), ``SPACE_FEATURES`` each:
  piece counts / 4 by type and state (Activists split Inactive / Active: Active in a Protest
  space or on a Railway, 1.4.3; Guerrillas Underground / Active), Support level one-hot
  (five levels; all zero on Railways), Protest, Unrest / 4, Strike, Muslim State, Raj Control,
  static facts (City, printed Province, Princely State, Railway, Pop / 2, Econ / 5, Muslim
  space), and decision context: selected for the Operation, selected for the Special
  Activity, the space the current decision is about (frame ``"space"``).
* ``boxes``    Available, Out of Play, Jail: count / force pool per piece type.
* ``tracks``   Resources / 25 (Raj, Revolutionaries), Restraint and Unity one-hot, Crisis,
  Protest boxes (markers per box), Protests Available for Operations / 6, Unrest+Strike
  markers in play / 12, victory totals / 20, victory margins / 20 (clipped to [-2, 2]),
  Campaign cards left / 7, Campaigns played / 7, draw deck / 80, cards played / 80.
* ``cards``    for Current and Upcoming: present, Campaign flag, faction order one-hot per
  position (4 x 4), card number one-hot; Viceroy one-hot.
* ``sequence`` eligibility per faction; offered / acted this card per faction; deciding as
  1st / 2nd Eligible; card done; what the 1st Eligible did (op, op_sa, limited, event).
* ``turn``     an action in progress, its faction and kind (pass, event, op, op_sa, limited),
  the Operation and Special Activity one-hot over the vocabulary's ``operation`` /
  ``special`` groups, SA in progress / done, spaces selected / 4 for each.
* ``decision`` the prompt kind one-hot (non-automatic prompt kinds, sorted, + other), the
  continuation a ``choose`` prompt answers one-hot (sorted, + other), the acting faction,
  the perspective faction, perspective-is-acting, remaining budget (frame ``"left"``: flag
  and min(left, 20) / 6), the piece type the decision is about (frame ``"piece"``).

The ``cards`` (Current / Upcoming), ``sequence``, ``turn`` and ``decision`` blocks are the COIN
series' shared layout (:class:`coin_env.coin.encoding.CoinEncoder`); this module adds the board,
the tracks and the Viceroy. The prompt-kind and continuation lists are read from the registries when the encoder is
built (they are filled at import), so the size grows as rules are added; read
``feature_names`` rather than hard-coding offsets.
"""

from __future__ import annotations

import numpy as np

from ...coin.encoding import CONTEXT_FEATURES, PIECE_SCALE, CoinEncoder
from . import board
from .data import cards as carddata
from .data.map import PROTEST_BOXES
from .data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, FORCE_POOL, GANDHI, GUERRILLA,
                          ML_ACTIVIST, ML_BASE, N_PIECE_TYPES, PIECE_NAMES, REV_BASE, SEPOY, TROOP)
from .static import (AVAILABLE, ECON, IS_CITY, IS_MUSLIM, IS_PRINCELY_STATE, IS_PRINTED_PROVINCE, IS_RAILWAY,
                     JAIL, N_SPACES, OUT_OF_PLAY, POP, SPACE_NAMES)

SUPPORT_LEVELS = ["Active Opposition", "Passive Opposition", "Neutral", "Passive Support", "Active Support"]
SPACE_FEATURES = [
    "Troop", "Sepoy", "Congress Activist (Inactive)", "Congress Activist (Active)", "Gandhi",
    "ML Activist (Inactive)", "ML Activist (Active)", "ML Base", "Guerrilla (Underground)",
    "Guerrilla (Active)", "Rev Base",
    *SUPPORT_LEVELS,
    "Protest", "Unrest", "Strike", "Muslim State", "Raj Control",
    "City", "printed Province", "Princely State", "Railway", "Pop", "Econ", "Muslim space",
    *CONTEXT_FEATURES,
]
F = {name: j for j, name in enumerate(SPACE_FEATURES)}
NF = len(SPACE_FEATURES)
# Pieces copied straight from the state's columns (column in the block, piece column in the state).
_DIRECT = [(F["Troop"], TROOP), (F["Sepoy"], SEPOY), (F["Gandhi"], GANDHI), (F["ML Base"], ML_BASE),
           (F["Guerrilla (Underground)"], GUERRILLA), (F["Guerrilla (Active)"], ACTIVE_GUERRILLA),
           (F["Rev Base"], REV_BASE)]
_DIRECT_COLS = np.array([c for c, _ in _DIRECT])
_DIRECT_PIECES = np.array([p for _, p in _DIRECT])
_SUP0 = F[SUPPORT_LEVELS[0]]
_LAND_IDX = np.flatnonzero(~IS_RAILWAY)

N_CARDS = carddata.N_EVENT_CARDS + len(carddata.VICEROYS)
_POOL = np.array([FORCE_POOL.get(p, FORCE_POOL[GUERRILLA]) for p in range(N_PIECE_TYPES)], dtype=np.float32)
_BOXES = (("Available", AVAILABLE), ("Out of Play", OUT_OF_PLAY), ("Jail", JAIL))


def _static_template() -> np.ndarray:
    t = np.zeros((N_SPACES, NF), dtype=np.float32)
    t[:, F["City"]] = IS_CITY
    t[:, F["printed Province"]] = IS_PRINTED_PROVINCE
    t[:, F["Princely State"]] = IS_PRINCELY_STATE
    t[:, F["Railway"]] = IS_RAILWAY
    t[:, F["Pop"]] = POP / 2.0
    t[:, F["Econ"]] = ECON / 5.0
    t[:, F["Muslim space"]] = IS_MUSLIM
    return t


_POP32 = POP.astype(np.int32)
_POP_MUSLIM = _POP32 * IS_MUSLIM


def victory_totals(s, ctrl: np.ndarray) -> dict[str, int]:
    """board.victory_totals (1.9 / 7.2) in one pass, reusing the Raj Control mask already computed.
    tests/gandhi/test_encoding.py asserts it equals board.victory_totals along random games."""
    sup = s.support.astype(np.int32)
    pos = np.maximum(sup, 0)
    opp = pos - sup
    return {
        "raj": int(_POP32 @ pos) + int(_POP32 @ ctrl),
        "congress": int(_POP32 @ opp),
        "ml": int(_POP_MUSLIM @ opp) + 2 * int(_POP32 @ (s.muslim_state > 0)),
        "revs": int(_POP32 @ (s.unrest > 0)) + int(s.pieces[:N_SPACES, REV_BASE].sum()),
    }


class GandhiEncoder(CoinEncoder):
    game_name = "gandhi"
    space_names = SPACE_NAMES
    space_features = SPACE_FEATURES
    piece_names = PIECE_NAMES
    n_cards = N_CARDS
    periodic_name = "Campaign"
    boxes = _BOXES
    force_pool = _POOL
    _space_view = CoinEncoder.space_view      # datapack.py refreshes the template through this name

    # --- CoinEncoder hooks -------------------------------------------------------------------
    def game_class(self):
        from . import setup  # noqa: F401  (registers its continuations; imported lazily by new_game)
        from .game import GandhiGame
        return GandhiGame

    def is_periodic(self, card):
        return carddata.is_campaign(card)

    def faction_order(self, card):
        return carddata.faction_order(card)

    def static_spaces(self):
        return _static_template()

    def build_tracks(self, vocab):
        b = self.block
        self.o_res = b("tracks", ["Resources raj", "Resources revs"])
        self.o_restraint = b("tracks", [f"Restraint {v}" for v in range(1, 6)])
        self.o_unity = b("tracks", [f"Unity {v}" for v in range(1, 6)])
        self.o_crisis = b("tracks", ["Crisis"])
        self.o_pboxes = b("tracks", [f"Protest box {v}" for v, _ in PROTEST_BOXES])
        self.o_markers = b("tracks", ["Protests Available for Operations", "Unrest/Strike markers in play"])
        self.victory_block()
        self.deck_block("Campaign cards left", "Campaigns played", 7, 80)

    def build_card_extras(self):
        self.o_viceroy = self.block("cards", [f"Viceroy {v}" for v in carddata.VICEROYS])

    def encode_card_extras(self, s, out):
        if s.viceroy is not None and carddata.is_campaign(s.viceroy):
            out[self.o_viceroy + s.viceroy - carddata.FIRST_CAMPAIGN_CARD] = 1.0

    def encode_board(self, game, out, sv):
        s = game.state

        # --- spaces -------------------------------------------------------------------
        p = s.pieces[:N_SPACES]
        sv[:, _DIRECT_COLS] = p[:, _DIRECT_PIECES]
        active = IS_RAILWAY | (s.protest > 0)
        ca = p[:, CONGRESS_ACTIVIST]
        ma = p[:, ML_ACTIVIST]
        sv[:, F["Congress Activist (Active)"]] = ca * active
        sv[:, F["Congress Activist (Inactive)"]] = ca * ~active
        sv[:, F["ML Activist (Active)"]] = ma * active
        sv[:, F["ML Activist (Inactive)"]] = ma * ~active
        sv[:, :F["Rev Base"] + 1] *= PIECE_SCALE
        sv[_LAND_IDX, _SUP0 + 2 + s.support[_LAND_IDX]] = 1.0
        sv[:, F["Protest"]] = s.protest
        sv[:, F["Unrest"]] = s.unrest
        sv[:, F["Unrest"]] *= 0.25
        sv[:, F["Strike"]] = s.strike
        sv[:, F["Muslim State"]] = s.muslim_state
        ctrl = board.control_mask(s)
        sv[:, F["Raj Control"]] = ctrl

        # --- off-map boxes ---------------------------------------------------------------
        self.encode_boxes(s, out)

        # --- tracks ------------------------------------------------------------------------
        o = self.o_res
        out[o] = s.resources["raj"] / 25.0
        out[o + 1] = s.resources["revs"] / 25.0
        out[self.o_restraint + s.restraint - 1] = 1.0
        out[self.o_unity + s.unity - 1] = 1.0
        out[self.o_crisis] = s.restraint == 1 and s.unity == 1
        out[self.o_pboxes:self.o_pboxes + len(PROTEST_BOXES)] = s.protest_boxes
        out[self.o_markers] = board.protests_available_for_ops(s) / 6.0
        out[self.o_markers + 1] = (int(s.unrest.sum()) + int(s.strike.sum())) / 12.0
        totals = victory_totals(s, ctrl)
        self.encode_victory(out, totals, {f: t - board.VICTORY_THRESHOLDS[f] for f, t in totals.items()})
        self.encode_deck(s, out, s.campaigns_in_deck, s.campaigns_played)
