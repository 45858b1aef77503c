"""A Distant Plain's observation: the board, the tracks, the lasting Events, the cards and the decision.

Layout (groups in vector order; ``AdpEncoder().layout()`` gives offsets and sizes,
``feature_names`` one name per slot). Scales keep values roughly within [0, few]; everything is
clipped to [``low``, ``high``] = [-2, 12]:

* ``spaces``   per map space (Kabul, the 21 Afghan Provinces, the 3 Pakistan Provinces, then the 7
  LoCs), ``SPACE_FEATURES`` each: piece counts / 4 by type, Guerrillas split Underground / Active
  (1.4.3); Support level one-hot (Opposition / Neutral / Support, 1.6; all zero where Support
  cannot exist: LoCs, Pakistan, Pop-0 Provinces without a +1 Pop marker, 1.6.2); Terror markers / 2,
  Sabotage, +1 Pop marker (4.3.1); COIN Control and Taliban Control (1.7; as frozen during Redeploy,
  6.5); fixed facts: City (Kabul), Afghan Province, Pakistan, LoC, printed Pop / 3, Econ / 4,
  Pashtun, Mountain (1.3; the game's own map: ``game.data``, built-in or its data pack's); decision context: the space pieces move from / to in the current decision
  (frame ``"origin"`` or ``"src"`` / ``"dest"`` or ``"dst"``), selected for the Operation, selected
  for the Special Activity, the space the current decision is about (frame ``"space"`` or ``"sp"``).
* ``boxes``    Available, Casualties (3.3.3), Out of Play, Removed (6.6): count / force pool per
  piece type (Active Guerrilla columns over their faction's Guerrilla pool; they are always 0 off
  the map).
* ``tracks``   Resources / 25 (Government, Taliban, Warlords; the Coalition has none, 1.8), Aid / 25,
  Patronage / 20, Islamabad one-hot (Hostility .. Sponsorship) and Hard (6.6.1), +1 Pop markers
  never placed / 6, Terror + Sabotage markers on the map / 30 (3.3.4), previous card was Propaganda
  (6.0), Final Event Card (2.3.8), Control frozen for Redeploy (6.5), victory totals / 20 and victory
  margins / 20 clipped to [-2, 2] (1.9, 7.2, 7.3: the Warlords' margin is the lower of their Pop and
  Resources margins), Propaganda cards not yet Current / 6, Propaganda cards played / 6, draw deck
  / 78, cards played / 78; Capabilities in effect (5.3): two slots per Capability card, unshaded and
  shaded; Momentum in effect (5.4): one slot per Momentum side listed in ``data/cards.MOMENTUM``;
  other lasting Event effects / 4.
* ``cards``, ``sequence``, ``turn``, ``decision``: the COIN series' shared blocks
  (:mod:`coin_env.coin.encoding`): Current / Upcoming card (present, Propaganda, faction order,
  card number 1..78; the faction order from ``game.data.cards``), eligibility and the card's 1st / 2nd Eligible, the action in progress
  (Operation / Special Activity one-hot, spaces selected) and the decision (prompt kind,
  continuation, acting faction, perspective, budget left, piece type).

The prompt-kind and continuation lists are read from the registries when the encoder is built,
so the size grows as rules modules are added; read ``feature_names`` rather than hard-coding
offsets.
"""

from __future__ import annotations

import numpy as np

from ...coin.encoding import CONTEXT_FEATURES, PIECE_SCALE, CoinEncoder
from . import board
from . import static as st
from .data import cards as carddata
from .data.pieces import COALITION_BASE, COALITION_TROOPS, FORCE_POOL, TALIBAN_BASE, N_PIECE_TYPES, PIECE_NAMES, RETURNEES_MARKERS, TERROR_SABOTAGE_MARKERS
from .rules import turn as turn_rules

SUPPORT_LEVELS = ["Opposition", "Neutral", "Support"]          # s.support -1, 0, +1 (1.6)
PIECE_FEATURES = [name if not name.endswith("Guerrilla") else name + " (Underground)" for name in PIECE_NAMES]
# Fixed facts of the map: feature -> (table, scale). A table is a ``static`` constant (space types) or,
# for what an owner data pack can change, an attribute of the game's data (``game.data``, lower case).
# The template holding them is built once per data object (``data.derived``), never per process.
STATIC_FACTS = {
    "City": ("IS_CITY", 1.0), "Afghan Province": ("IS_AFGHAN_PROVINCE", 1.0), "Pakistan": ("IS_PAKISTAN", 1.0),
    "LoC": ("IS_LOC", 1.0), "Pop": ("printed_pop", 3.0), "Econ": ("econ", 4.0), "Pashtun": ("is_pashtun", 1.0),
    "Mountain": ("is_mountain", 1.0),
}
SPACE_FEATURES = [
    *PIECE_FEATURES,
    *SUPPORT_LEVELS,
    "Terror", "Sabotage", "+1 Pop", "COIN Control", "Taliban Control",
    *STATIC_FACTS,
    "decision origin", "decision destination",
    *CONTEXT_FEATURES,
]
F = {feature: col for col, feature in enumerate(SPACE_FEATURES)}    # feature -> column of a space row
NF = len(F)
assert SPACE_FEATURES[:N_PIECE_TYPES] == PIECE_FEATURES    # the piece columns are copied in state order
_SUP0 = F[SUPPORT_LEVELS[0]]
_TERROR = F["Terror"]
_SABOTAGE, _RETURNEES = F["Sabotage"], F["+1 Pop"]
_COIN_CONTROL, _TALIBAN_CONTROL = F["COIN Control"], F["Taliban Control"]
_ORIGIN, _DESTINATION = F["decision origin"], F["decision destination"]
# flat index (in the space rows) of each space's Neutral slot: + s.support gives its one-hot slot
_SUPPORT_SLOT = np.arange(st.N_SPACES) * NF + _SUP0 + 1
_PIECE_SCALE32, _HALF32 = np.float32(PIECE_SCALE), np.float32(0.5)     # float32 scalars: no float64 step

N_CARDS = carddata.N_EVENT_CARDS + carddata.N_PROPAGANDA
_POOL = np.array([FORCE_POOL[p] if p in FORCE_POOL else FORCE_POOL[p - 1] for p in range(N_PIECE_TYPES)],
                 dtype=np.float32)
_BOXES = (("Available", st.AVAILABLE), ("Casualties", st.CASUALTIES), ("Out of Play", st.OUT_OF_PLAY),
          ("Removed", st.REMOVED))
assert [loc for _, loc in _BOXES] == list(range(st.AVAILABLE, st.AVAILABLE + len(_BOXES)))   # encode_boxes
RESOURCE_FACTIONS = ("government", "taliban", "warlords")


def _capability_slots() -> list[tuple[int, str]]:
    return [(card, side) for card in carddata.CAPABILITIES for side in ("unshaded", "shaded")]


def _momentum_slots() -> list[tuple[int, str]]:
    return [(card, side) for card in sorted(carddata.MOMENTUM) for side in carddata.momentum_sides(card)]


def victory_margins(s, totals: dict[str, int]) -> dict[str, int]:
    """board.victory_margins (7.3) from totals already computed: total minus threshold; the Warlords'
    margin is the lower of their Uncontrolled-Pop and Resources margins (7.2).
    tests/a_distant_plain/test_encoding.py asserts it equals board.victory_margins."""
    m = {f: t - board.VICTORY_THRESHOLDS[f] for f, t in totals.items()}
    m["warlords"] = min(m["warlords"], s.resources["warlords"] - board.WARLORD_RESOURCES_THRESHOLD)
    return m


def _victory_totals(s, sv, afghan_pop) -> dict[str, int]:
    """board.victory_totals_with (1.9) read off the space rows just encoded: one product of the Afghan
    Pop with the Opposition / Neutral / Support one-hot and the COIN / Taliban Control columns
    (exact in float32: small integers). COIN and Taliban Control never overlap (1.7: each must
    outnumber all other pieces). tests/a_distant_plain/test_encoding.py compares the margins with
    board.victory_margins."""
    sums = np.dot(afghan_pop, sv[:, _SUP0:_TALIBAN_CONTROL + 1]).tolist()
    opposition, support = int(sums[0]), int(sums[2])
    total_pop = int(sums[0] + sums[1] + sums[2])   # one Support level is set wherever the Afghan Pop >= 1
    coin_pop, tal_pop = int(sums[_COIN_CONTROL - _SUP0]), int(sums[_TALIBAN_CONTROL - _SUP0])
    p = s.pieces
    return {
        "coalition": support + p.item(st.AVAILABLE, COALITION_TROOPS) + p.item(st.AVAILABLE, COALITION_BASE),
        "government": coin_pop + s.patronage,
        "taliban": opposition + sum(p[:st.N_SPACES, TALIBAN_BASE].tolist()),
        "warlords": total_pop - coin_pop - tal_pop,
    }


# Frame keys naming the space a decision is about, the space pieces come from, the space they go to.
DECISION_SPACE_KEYS = ("space", "sp")
ORIGIN_KEYS = ("origin", "src")
DESTINATION_KEYS = ("dest", "dst")


class AdpEncoder(CoinEncoder):
    game_name = "a_distant_plain"
    space_names = st.SPACE_NAMES
    space_features = SPACE_FEATURES
    piece_names = PIECE_NAMES
    n_cards = N_CARDS
    periodic_name = "Propaganda"
    boxes = _BOXES
    force_pool = _POOL
    decision_space_keys = DECISION_SPACE_KEYS

    # --- CoinEncoder hooks -------------------------------------------------------------------
    def encode_boxes(self, s, out):
        """The four off-map boxes follow the map spaces in ``pieces`` (Available, Casualties, Out of
        Play, Removed): one division for all of them (same values as CoinEncoder.encode_boxes)."""
        n = N_PIECE_TYPES
        np.divide(s.pieces[st.AVAILABLE:st.AVAILABLE + len(_BOXES)], self._pool,
                  out=out[self.o_boxes:self.o_boxes + len(_BOXES) * n].reshape(len(_BOXES), n))

    def encode_victory(self, out, totals, margins):
        """CoinEncoder.encode_victory (same values) with one slice write per block."""
        factions = self.factions
        o, om, n = self.o_totals, self.o_margins, len(factions)
        out[o:o + n] = [totals[f] / 20.0 for f in factions]
        out[om:om + n] = [max(-2.0, min(2.0, margins[f] / 20.0)) for f in factions]

    def game_class(self):
        from . import setup  # noqa: F401  (registers the Open Deployment prompt; imported lazily by new_game)
        from .game import AdpGame
        return AdpGame

    def static_spaces(self, data):
        """(spaces x features) fixed map facts of ``data`` (the game's AdpData)."""
        t = np.zeros((st.N_SPACES, NF), dtype=np.float32)
        for feature, (table, scale) in STATIC_FACTS.items():
            t[:, F[feature]] = (getattr(st, table) if table.isupper() else getattr(data, table)) / scale
        return t

    def build_tracks(self, vocab):
        b = self.block
        self.o_res = b("tracks", [f"Resources {f}" for f in RESOURCE_FACTIONS] + ["Aid", "Patronage"])
        self.o_islamabad = b("tracks", [f"Islamabad {box}" for box in board.ISLAMABAD_BOXES] + ["Islamabad Hard"])
        self.o_flags = b("tracks", ["+1 Pop markers unused", "Terror/Sabotage markers in play",
                                    "previous card was Propaganda", "Final Event Card", "Control frozen (Redeploy)"])
        self.victory_block()
        self.deck_block("Propaganda cards left", "Propaganda cards played", carddata.N_PROPAGANDA, N_CARDS)
        caps, moms = _capability_slots(), _momentum_slots()
        self.o_caps = b("tracks", [f"Capability #{c} {carddata.TITLES[c - 1]} {side}" for c, side in caps])
        self.o_moms = b("tracks", [f"Momentum #{c} {carddata.TITLES[c - 1]} {side}" for c, side in moms])
        self.o_other_lasting = b("tracks", ["other lasting Event effects"])
        self._cap_slot = {key: i for i, key in enumerate(caps)}
        self._mom_slot = {key: i for i, key in enumerate(moms)}

    def encode_board(self, game, out, sv):
        s = game.state

        # --- spaces (1.3-1.7, 3.3.4, 4.3.1) ----------------------------------------------------
        np.multiply(s.pieces[:st.N_SPACES], _PIECE_SCALE32, out=sv[:, :N_PIECE_TYPES])    # exact: small ints / 4
        np.multiply(s.terror, _HALF32, out=sv[:, _TERROR])
        sv[:, _SABOTAGE] = s.sabotage
        sv[:, _RETURNEES] = s.returnees
        coin, tal = board.control_arrays(s)
        sv[:, _COIN_CONTROL] = coin
        sv[:, _TALIBAN_CONTROL] = tal
        # Pop (printed + a +1 Pop marker, 1.3.3) of Kabul and the Afghan Provinces, 0 elsewhere.
        data = s.data
        afghan_pop = np.add(data.afghan_pop_f32, s.returnees, dtype=np.float32)
        afghan_pop *= data.afghan_controllable_f32
        # Support level one-hot where Support can exist (1.6.2: Kabul and Afghan Provinces with Pop >= 1)
        sv.reshape(-1)[(_SUPPORT_SLOT + s.support)[afghan_pop >= 1]] = 1.0

        if not s.over and s.frames:
            frame = s.frames[-1]
            self.mark_frame_spaces(frame, sv, _ORIGIN, ORIGIN_KEYS)
            self.mark_frame_spaces(frame, sv, _DESTINATION, DESTINATION_KEYS)

        # --- off-map boxes ------------------------------------------------------------------------
        self.encode_boxes(s, out)

        # --- tracks (1.8, 1.9, 6.6.1) -----------------------------------------------------------------
        o = self.o_res
        for i, f in enumerate(RESOURCE_FACTIONS):
            out[o + i] = s.resources[f] / 25.0
        out[o + 3] = s.aid / 25.0
        out[o + 4] = s.patronage / 20.0
        out[self.o_islamabad + s.islamabad] = 1.0
        out[self.o_islamabad + len(board.ISLAMABAD_BOXES)] = bool(s.islamabad_hard)
        o = self.o_flags
        out[o] = s.returnees_unused / RETURNEES_MARKERS
        out[o + 1] = board.markers_in_play(s) / TERROR_SABOTAGE_MARKERS
        out[o + 2] = bool(s.last_was_propaganda)
        out[o + 3] = s.current is not None and turn_rules.final_event_card(game)
        out[o + 4] = s.frozen_control is not None
        totals = _victory_totals(s, sv, afghan_pop)
        self.encode_victory(out, totals, victory_margins(s, totals))
        self.encode_deck(s, out, max(0, s.propaganda_in_deck - s.propaganda_played), s.propaganda_played)

        # --- lasting Events: Capabilities (5.3) and Momentum (5.4) --------------------------------------
        other = 0
        for e in s.lasting:
            key = (e.get("card"), e.get("side"))
            if e["name"] == "capability" and key in self._cap_slot:
                out[self.o_caps + self._cap_slot[key]] = 1.0
            elif key in self._mom_slot:
                out[self.o_moms + self._mom_slot[key]] = 1.0
            else:
                other += 1
        out[self.o_other_lasting] = other / 4.0
