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

The prompt-kind and continuation lists are read from the registries when the encoder is
built (they are filled at import), so the size grows as rules are added; read
``feature_names`` rather than hard-coding offsets.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import Encoder
from . import board
from .data import cards as carddata
from .data.map import PROTEST_BOXES
from .data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, FACTIONS, FORCE_POOL, GANDHI, GUERRILLA,
                          ML_ACTIVIST, ML_BASE, N_PIECE_TYPES, PIECE_NAMES, REV_BASE, SEPOY, TROOP)
from .static import (AVAILABLE, ECON, IS_CITY, IS_MUSLIM, IS_PRINCELY_STATE, IS_PRINTED_PROVINCE, IS_RAILWAY,
                     JAIL, N_SPACES, OUT_OF_PLAY, POP, SPACE_NAMES)

PIECE_SCALE = 0.25
SUPPORT_LEVELS = ["Active Opposition", "Passive Opposition", "Neutral", "Passive Support", "Active Support"]
SPACE_FEATURES = [
    "Troop", "Sepoy", "Congress Activist (Inactive)", "Congress Activist (Active)", "Gandhi",
    "ML Activist (Inactive)", "ML Activist (Active)", "ML Base", "Guerrilla (Underground)",
    "Guerrilla (Active)", "Rev Base",
    *SUPPORT_LEVELS,
    "Protest", "Unrest", "Strike", "Muslim State", "Raj Control",
    "City", "printed Province", "Princely State", "Railway", "Pop", "Econ", "Muslim space",
    "selected for Operation", "selected for Special Activity", "decision space",
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

TURN_KINDS = ["pass", "event", "op", "op_sa", "limited"]
FIRST_DID = ["op", "op_sa", "limited", "event"]
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


class GandhiEncoder(Encoder):
    game_name = "gandhi"

    def __init__(self):
        super().__init__()
        from . import setup  # noqa: F401  (registers its continuations; imported lazily by new_game)
        from .game import GandhiGame
        vocab = GandhiGame.vocabulary
        self.prompt_kinds = sorted(k for k, p in GandhiGame.prompts.items() if not p.auto)
        self.continuations = sorted(GandhiGame.continuations)
        self._kind_index = {k: i for i, k in enumerate(self.prompt_kinds)}
        self._cont_index = {k: i for i, k in enumerate(self.continuations)}
        self._op_base, op_end = vocab.group_ranges["operation"]
        self._sa_base, sa_end = vocab.group_ranges["special"]
        self._op_key = {vocab.key_of(a): a - self._op_base for a in range(self._op_base, op_end)}
        self._sa_key = {vocab.key_of(a): a - self._sa_base for a in range(self._sa_base, sa_end)}
        fnames = list(FACTIONS)

        b = self.block
        self.o_spaces = b("spaces", [f"space {sp}: {feat}" for sp in SPACE_NAMES for feat in SPACE_FEATURES])
        self.o_boxes = b("boxes", [f"{box}: {p}" for box, _ in _BOXES for p in PIECE_NAMES])
        self.o_res = b("tracks", ["Resources raj", "Resources revs"])
        self.o_restraint = b("tracks", [f"Restraint {v}" for v in range(1, 6)])
        self.o_unity = b("tracks", [f"Unity {v}" for v in range(1, 6)])
        self.o_crisis = b("tracks", ["Crisis"])
        self.o_pboxes = b("tracks", [f"Protest box {v}" for v, _ in PROTEST_BOXES])
        self.o_markers = b("tracks", ["Protests Available for Operations", "Unrest/Strike markers in play"])
        self.o_totals = b("tracks", [f"victory total {f}" for f in fnames])
        self.o_margins = b("tracks", [f"victory margin {f}" for f in fnames])
        self.o_deck = b("tracks", ["Campaign cards left", "Campaigns played", "draw deck", "cards played"])
        self.o_card = {}
        for which in ("current", "upcoming"):
            self.o_card[which] = b("cards", [f"{which} card present", f"{which} card Campaign"]
                                   + [f"{which} card order {i + 1}: {f}" for i in range(4) for f in fnames]
                                   + [f"{which} card #{n}" for n in range(1, N_CARDS + 1)])
        self.o_viceroy = b("cards", [f"Viceroy {v}" for v in carddata.VICEROYS])
        self.o_elig = b("sequence", [f"eligible {f}" for f in fnames])
        self.o_offered = b("sequence", [f"offered this card {f}" for f in fnames])
        self.o_acted = b("sequence", [f"acted this card {f}" for f in fnames])
        self.o_sop = b("sequence", ["deciding as 1st Eligible", "deciding as 2nd Eligible", "card done"])
        self.o_first = b("sequence", [f"1st Eligible did {d}" for d in FIRST_DID])
        self.o_turn = b("turn", ["action in progress"])
        self.o_turn_f = b("turn", [f"acting faction of the turn {f}" for f in fnames])
        self.o_turn_k = b("turn", [f"turn kind {k}" for k in TURN_KINDS])
        self.o_op = b("turn", [f"operation {vocab.label(a)}" for a in range(self._op_base, op_end)])
        self.o_sa = b("turn", [f"special activity {vocab.label(a)}" for a in range(self._sa_base, sa_end)])
        self.o_sa_state = b("turn", ["special activity in progress", "special activity done",
                                     "operation spaces selected", "special activity spaces selected"])
        self.o_kind = b("decision", [f"prompt {k}" for k in self.prompt_kinds] + ["prompt other"])
        self.o_cont = b("decision", [f"choice for {c}" for c in self.continuations] + ["choice for other"])
        self.o_actor = b("decision", [f"acting faction {f}" for f in fnames])
        self.o_persp = b("decision", [f"perspective {f}" for f in fnames] + ["perspective is acting"])
        self.o_left = b("decision", ["budget given", "budget left"])
        self.o_piece = b("decision", [f"decision piece {p}" for p in PIECE_NAMES])

        self._template = np.zeros(self.size, dtype=np.float32)
        self._space_view(self._template)[:] = _static_template()
        self._faction_index = {f: i for i, f in enumerate(fnames)}

    def _space_view(self, out: np.ndarray) -> np.ndarray:
        return out[self.o_spaces:self.o_spaces + N_SPACES * NF].reshape(N_SPACES, NF)

    def encode(self, game, perspective: str, out: np.ndarray) -> np.ndarray:
        s = game.state
        fi = self._faction_index
        out[:] = self._template
        sv = self._space_view(out)

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
        o = self.o_boxes
        for _, loc in _BOXES:
            out[o:o + N_PIECE_TYPES] = s.pieces[loc] / _POOL
            o += N_PIECE_TYPES

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
        o, om = self.o_totals, self.o_margins
        for f, i in fi.items():
            t = totals[f]
            out[o + i] = t / 20.0
            out[om + i] = max(-2.0, min(2.0, (t - board.VICTORY_THRESHOLDS[f]) / 20.0))
        o = self.o_deck
        out[o] = s.campaigns_in_deck / 7.0
        out[o + 1] = s.campaigns_played / 7.0
        out[o + 2] = len(s.deck) / 80.0
        out[o + 3] = len(s.played) / 80.0

        # --- cards -------------------------------------------------------------------------
        for which, card in (("current", s.current), ("upcoming", s.upcoming)):
            if card is None:
                continue
            o = self.o_card[which]
            out[o] = 1.0
            if carddata.is_campaign(card):
                out[o + 1] = 1.0
            else:
                for pos, f in enumerate(carddata.faction_order(card)):
                    out[o + 2 + 4 * pos + fi[f]] = 1.0
            if 1 <= card <= N_CARDS:
                out[o + 18 + card - 1] = 1.0
        if s.viceroy is not None and carddata.is_campaign(s.viceroy):
            out[self.o_viceroy + s.viceroy - carddata.FIRST_CAMPAIGN_CARD] = 1.0

        # --- sequence of play -----------------------------------------------------------------
        sop = s.sop
        for f, i in fi.items():
            if s.eligible.get(f):
                out[self.o_elig + i] = 1.0
        for f in sop["offered"]:
            out[self.o_offered + fi[f]] = 1.0
        acted = sop["acted"]
        for f in acted:
            out[self.o_acted + fi[f]] = 1.0
        if sop["done"]:
            out[self.o_sop + 2] = 1.0
        elif len(acted) < 2:
            out[self.o_sop + len(acted)] = 1.0
        if sop["first_did"] in FIRST_DID:
            out[self.o_first + FIRST_DID.index(sop["first_did"])] = 1.0

        # --- the action in progress --------------------------------------------------------------
        turn = s.turn
        if turn is not None:
            out[self.o_turn] = 1.0
            out[self.o_turn_f + fi[turn["faction"]]] = 1.0
            if turn["kind"] in TURN_KINDS:
                out[self.o_turn_k + TURN_KINDS.index(turn["kind"])] = 1.0
            a = turn.get("op_action")
            if a is not None:
                out[self.o_op + a - self._op_base] = 1.0
            elif turn["op"] in self._op_key:
                out[self.o_op + self._op_key[turn["op"]]] = 1.0
            a = turn.get("sa_action")
            if a is not None:
                out[self.o_sa + a - self._sa_base] = 1.0
            elif turn["sa"] in self._sa_key:
                out[self.o_sa + self._sa_key[turn["sa"]]] = 1.0
            o = self.o_sa_state
            out[o] = bool(turn.get("sa_active"))
            out[o + 1] = bool(turn.get("sa_done"))
            ops, sas = turn["op_spaces"], turn["sa_spaces"]
            out[o + 2] = len(ops) / 4.0
            out[o + 3] = len(sas) / 4.0
            if ops:
                sv[ops, F["selected for Operation"]] = 1.0
            if sas:
                sv[sas, F["selected for Special Activity"]] = 1.0

        # --- the decision ------------------------------------------------------------------------
        if perspective in fi:
            out[self.o_persp + fi[perspective]] = 1.0
        if not s.over and s.frames:
            frame = s.frames[-1]
            kind = frame["kind"]
            out[self.o_kind + self._kind_index.get(kind, len(self.prompt_kinds))] = 1.0
            if kind == "choose":
                out[self.o_cont + self._cont_index.get(frame.get("then"), len(self.continuations))] = 1.0
            actor = game.current_player()
            if actor in fi:
                out[self.o_actor + fi[actor]] = 1.0
                if actor == perspective:
                    out[self.o_persp + 4] = 1.0
            left = frame.get("left")
            if isinstance(left, int):
                out[self.o_left] = 1.0
                out[self.o_left + 1] = min(max(left, 0), 20) / 6.0
            sp = frame.get("space")
            if isinstance(sp, int) and 0 <= sp < N_SPACES:
                sv[sp, F["decision space"]] = 1.0
            piece = frame.get("piece")
            if isinstance(piece, int) and 0 <= piece < N_PIECE_TYPES:
                out[self.o_piece + piece] = 1.0

        np.maximum(out, self.low, out=out)
        np.minimum(out, self.high, out=out)
        return out
