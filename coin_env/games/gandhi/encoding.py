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

Map facts an owner data pack may change (Pop, Econ) and the cards' faction orders are read from the
game's data (``game.data``): the per-space template of fixed map facts and the Population weights of
the victory sums are built once per data object (``game.data.derived``), never kept per process.

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
from .static import (AVAILABLE, IS_CITY, IS_MUSLIM, IS_PRINCELY_STATE, IS_PRINTED_PROVINCE, IS_RAILWAY,
                     JAIL, N_SPACES, OUT_OF_PLAY, SPACE_NAMES)

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
# The piece features (the first ``_N_PIECE_F`` columns): the state's piece column each one counts. An
# Activist column feeds two features, Inactive and Active (1.4.3: Active in a Protest space or on a
# Railway); ``_PIECE_WEIGHT[active]`` keeps the count in the right one of the two and scales it by
# PIECE_SCALE (k * PIECE_SCALE is exact in float32 for any piece count, whatever the order of operations).
_PIECE_F = {"Troop": TROOP, "Sepoy": SEPOY, "Congress Activist (Inactive)": CONGRESS_ACTIVIST,
            "Congress Activist (Active)": CONGRESS_ACTIVIST, "Gandhi": GANDHI,
            "ML Activist (Inactive)": ML_ACTIVIST, "ML Activist (Active)": ML_ACTIVIST, "ML Base": ML_BASE,
            "Guerrilla (Underground)": GUERRILLA, "Guerrilla (Active)": ACTIVE_GUERRILLA, "Rev Base": REV_BASE}
_N_PIECE_F = F["Rev Base"] + 1
assert sorted(F[name] for name in _PIECE_F) == list(range(_N_PIECE_F))
_PIECE_SRC = np.array([_PIECE_F[name] for name in SPACE_FEATURES[:_N_PIECE_F]])
_ACTIVE_F = [F["Congress Activist (Active)"], F["ML Activist (Active)"]]
_INACTIVE_F = [F["Congress Activist (Inactive)"], F["ML Activist (Inactive)"]]
_PIECE_WEIGHT = np.full((2, _N_PIECE_F), PIECE_SCALE, dtype=np.float32)   # [Activists Active?, feature]
_PIECE_WEIGHT[0, _ACTIVE_F] = 0.0
_PIECE_WEIGHT[1, _INACTIVE_F] = 0.0
_SUP0 = F[SUPPORT_LEVELS[0]]
_LAND_IDX = np.flatnonzero(~IS_RAILWAY)

N_CARDS = carddata.N_EVENT_CARDS + len(carddata.VICEROYS)
_POOL = np.array([FORCE_POOL.get(p, FORCE_POOL[GUERRILLA]) for p in range(N_PIECE_TYPES)], dtype=np.float32)
_BOXES = (("Available", AVAILABLE), ("Out of Play", OUT_OF_PLAY), ("Jail", JAIL))


def _static_template(data) -> np.ndarray:
    """(spaces x features): the fixed map facts of the game's data (``data``: GandhiData)."""
    t = np.zeros((N_SPACES, NF), dtype=np.float32)
    t[:, F["City"]] = IS_CITY
    t[:, F["printed Province"]] = IS_PRINTED_PROVINCE
    t[:, F["Princely State"]] = IS_PRINCELY_STATE
    t[:, F["Railway"]] = IS_RAILWAY
    t[:, F["Pop"]] = data.pop / 2.0
    t[:, F["Econ"]] = data.econ / 5.0
    t[:, F["Muslim space"]] = IS_MUSLIM
    return t


def _build_sum_weights(data) -> np.ndarray:
    """Weights of the sums over the spaces: Population, Population of the Muslim spaces, 1 per space
    (the game's data; read-only)."""
    w = np.zeros((3, N_SPACES), dtype=np.int32)
    w[0] = data.pop
    w[1] = w[0] * IS_MUSLIM
    w[2] = 1
    w.setflags(write=False)
    return w


def sum_weights(data) -> np.ndarray:
    return data.derived("encoder_sum_weights", _build_sum_weights)

# Per-space counts, one column each, summed by one product with _SUM_WEIGHTS. The first five are the
# marker features of the spaces block, in its order (Protest .. Raj Control).
_MARKER_COLUMNS = ["Protest", "Unrest", "Strike", "Muslim State", "Raj Control"]
assert [F[name] for name in _MARKER_COLUMNS] == list(range(F["Protest"], F["Protest"] + 5))
(_C_PROTEST, _C_UNREST, _C_STRIKE, _C_MS, _C_CTRL, _C_SUPPORT, _C_OPPOSITION, _C_MS_ANY, _C_UNREST_ANY,
 _C_REV_BASE) = range(10)
# Support level -> (Support, Opposition) levels (1.6: Active = 2, Passive = 1).
_SUPPORT_OPPOSITION = np.array([[0, 2], [0, 1], [0, 0], [1, 0], [2, 0]], dtype=np.int32)


def _space_counts(s, ctrl: np.ndarray) -> np.ndarray:
    m = np.empty((N_SPACES, 10), dtype=np.int32)
    m[:, _C_PROTEST] = s.protest
    m[:, _C_UNREST] = s.unrest
    m[:, _C_STRIKE] = s.strike
    m[:, _C_MS] = s.muslim_state
    m[:, _C_CTRL] = ctrl
    m[:, _C_SUPPORT:_C_OPPOSITION + 1] = _SUPPORT_OPPOSITION.take(s.support + 2, axis=0)
    m[:, _C_MS_ANY] = s.muslim_state > 0
    m[:, _C_UNREST_ANY] = s.unrest > 0
    m[:, _C_REV_BASE] = s.pieces[:N_SPACES, REV_BASE]
    return m


def _totals(sums) -> dict[str, int]:
    """1.9 / 7.2 victory totals from the sums of :func:`_space_counts` (rows of :func:`sum_weights`)."""
    pop, pop_muslim, plain = sums
    return {
        "raj": pop[_C_SUPPORT] + pop[_C_CTRL],
        "congress": pop[_C_OPPOSITION],
        "ml": pop_muslim[_C_OPPOSITION] + 2 * pop[_C_MS_ANY],
        "revs": pop[_C_UNREST_ANY] + plain[_C_REV_BASE],
    }


def victory_totals(s, ctrl: np.ndarray) -> dict[str, int]:
    """board.victory_totals (1.9 / 7.2) in one pass, reusing the Raj Control mask already computed.
    tests/gandhi/test_encoding.py asserts it equals board.victory_totals along random games."""
    return _totals((sum_weights(s.data) @ _space_counts(s, ctrl)).tolist())


class GandhiEncoder(CoinEncoder):
    game_name = "gandhi"
    space_names = SPACE_NAMES
    space_features = SPACE_FEATURES
    piece_names = PIECE_NAMES
    n_cards = N_CARDS
    periodic_name = "Campaign"
    boxes = _BOXES
    force_pool = _POOL

    # --- CoinEncoder hooks -------------------------------------------------------------------
    def game_class(self):
        from . import setup  # noqa: F401  (registers its continuations; imported lazily by new_game)
        from .game import GandhiGame
        return GandhiGame

    def static_spaces(self, data):
        return _static_template(data)

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
        active = IS_RAILWAY | (s.protest > 0)
        sv[:, :_N_PIECE_F] = s.pieces[:N_SPACES].take(_PIECE_SRC, axis=1) * _PIECE_WEIGHT[active.view(np.int8)]
        sv[_LAND_IDX, _SUP0 + 2 + s.support[_LAND_IDX]] = 1.0
        counts = _space_counts(s, board.control_mask(s))
        sv[:, F["Protest"]:F["Raj Control"] + 1] = counts[:, _C_PROTEST:_C_CTRL + 1]
        sv[:, F["Unrest"]] *= 0.25
        sums = (sum_weights(s.data) @ counts).tolist()

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
        out[self.o_markers + 1] = (sums[2][_C_UNREST] + sums[2][_C_STRIKE]) / 12.0
        totals = _totals(sums)
        self.encode_victory(out, totals, {f: t - board.VICTORY_THRESHOLDS[f] for f, t in totals.items()})
        self.encode_deck(s, out, s.campaigns_in_deck, s.campaigns_played)
