"""A Distant Plain (COIN vol. III) as a coin-env game."""

from __future__ import annotations

from ...coin.sequence import LIMITED_OP, OP_WITH_SA, CoinGame
from ...coin.vocabulary import VocabularyHelpers
from . import board, hidden
from .actions import OP, SA, VOCABULARY
from .data import cards as carddata
from .data.pieces import FACTION_NAMES, PIECE_NAMES
from .data.pieces import (ACTIVE_GUERRILLA, BASES, FACTIONS, FORCE_POOL, GUERRILLA, TALIBAN_G, TALIBAN_G_ACTIVE,
                          WARLORD_G, WARLORD_G_ACTIVE)
from .registry import CONTINUATIONS, PROMPTS
from .rules import (coalition_sa, coin_ops, government_sa, insurgent_ops, propaganda, taliban_sa, turn,
                    warlords_sa)
from .state import MIRRORS, AdpState
from .static import IS_CONTROLLABLE, IS_LOC, IS_PAKISTAN, LOCATION_NAMES, N_SPACES, SPACE_NAMES

SUPPORT_LEVELS = {1: "Support", 0: "Neutral", -1: "Opposition"}
CONTROL_NAMES = {0: "no Control", 1: "COIN Control", 2: "Taliban Control"}


class AdpGame(VocabularyHelpers, CoinGame):
    name = "a_distant_plain"
    factions = FACTIONS
    vocabulary = VOCABULARY
    prompts = PROMPTS
    continuations = CONTINUATIONS
    state_class = AdpState

    n_spaces = N_SPACES
    space_names = SPACE_NAMES
    DONE = VOCABULARY.DONE

    # --- the game log (coin_env/coin/log.py) -------------------------------------------------
    faction_names = FACTION_NAMES
    log_piece_names = PIECE_NAMES
    log_location_names = LOCATION_NAMES

    def log_tracks(self) -> dict:
        s = self.state
        return {"Government Resources": s.resources["government"], "Taliban Resources": s.resources["taliban"],
                "Warlords Resources": s.resources["warlords"], "Aid": s.aid, "Patronage": s.patronage,
                "Islamabad": board.ISLAMABAD_BOXES[s.islamabad]}

    def log_marker_arrays(self) -> dict:
        s = self.state
        return {"support": s.support, "terror": s.terror, "sabotage": s.sabotage, "returnees": s.returnees}

    def log_marker_text(self, name, space, old, new) -> str:
        if name == "support":
            return f"{space}: {SUPPORT_LEVELS[old]} -> {SUPPORT_LEVELS[new]}"
        if name == "terror":
            return f"{space}: {new} Terror marker{'s' if new != 1 else ''} (was {old})"
        label = {"sabotage": "Sabotage marker", "returnees": "+1 Pop (Returnees) marker"}[name]
        return f"{label} {'placed in' if new > old else 'removed from'} {space}"

    def log_control(self):
        coin, tal = board.control_arrays(self.state)
        return coin.astype("int8") + 2 * tal.astype("int8")

    def log_control_text(self, code) -> str:
        return CONTROL_NAMES[int(code)]

    # --- COIN hooks ----------------------------------------------------------------------
    # Card facts come from the game's data (self.data.cards: built-in or its owner data pack's).
    def card_faction_order(self, card):
        return self.data.cards.faction_order(card)

    def is_periodic_card(self, card):
        return carddata.is_propaganda(card)

    def card_record(self, card):
        """5.0: the Event card's record (the game's data: data/cards.py or its data pack); None for a
        Propaganda card."""
        return self.data.cards.record(card)

    def periodic_swaps_on_reveal(self):
        """2.3.7 Sudden Propaganda option: a Propaganda card revealed as the next card swaps with the
        current card and its round is held at once. Standard rules: it is played in turn (2.4)."""
        return bool(self.options.get("sudden_propaganda"))

    def start_periodic_round(self):
        propaganda.start_propaganda_card(self)

    def round_phases(self):
        return list(propaganda.ROUND_PHASES)

    def start_round_at(self, phase):
        propaganda.start_propaganda_round_at(self, phase)

    def on_event_card_current(self):
        self.state.last_was_propaganda = False

    def pass_effects(self, faction):
        turn.pass_effects(self, faction)

    def operations_limited(self, faction):
        return turn.final_card_limits_apply(self, faction)

    _operations_memo: dict | None = None     # available_operations answers, only while options_for runs
    # options_for's Operations, kept for the "choose the Operation" prompt of the decision that answers
    # it: (state, decisions, faction, ops). Never saved; a clone starts without it.
    _sop_operations: tuple | None = None
    # The Government bot's tied best Transports (bots/government.py transport_options), kept with the board
    # they were found on (core/kept.py). Never saved; a clone starts without it.
    _transport_options: tuple | None = None

    def options_for(self, faction):
        """2.3.4, with 8.1 "Non-player Operations not Limited": where the sequence of play offers a
        Non-player a Limited Operation, it executes a full Operation with a Special Activity instead."""
        memo = self._operations_memo = {}     # the sequence of play asks available_operations twice (limited or not)
        try:
            opts = super().options_for(faction)
        finally:
            self._operations_memo = None
        s = self.state
        ops = memo.get(faction)
        top = s.frames[-1] if s.frames else None
        t = s.turn           # no turn under way: none yet, or the last faction's Pass (nothing selected)
        idle = t is None or (t["kind"] == "pass" and not t["op_spaces"] and not t["sa_spaces"] and not t["flags"]
                             and not t.get("free"))
        asked = top is not None and top["kind"] == "sop_choice" and top.get("actor") == faction
        self._sop_operations = (s, s.decisions, faction, ops) if asked and idle and ops is not None else None
        if self.is_non_player(faction) and LIMITED_OP in opts:
            opts = sorted((set(opts) - {LIMITED_OP}) | {OP_WITH_SA})
        return opts

    def limited_op_spaces(self, faction):
        return turn.limited_op_spaces(self, faction)

    def available_operations(self, faction, limited):
        """The Operations ``faction`` could start now (``limited`` does not change the answer here)."""
        memo = self._operations_memo
        if memo is not None and faction in memo:
            return list(memo[faction])
        kept = self._sop_operations
        if kept is not None:
            self._sop_operations = None
            s = self.state
            now = s.turn
            # The Operation choice right after the sequence-of-play choice of the same board: options_for
            # asked with no turn under way, the choice has since only started this faction's empty turn.
            if (kept[0] is s and kept[1] + 1 == s.decisions and kept[2] == faction and now is not None
                    and now["faction"] == faction and now["kind"] in ("op", "op_sa")
                    and not now["op_spaces"] and not now["sa_spaces"] and not now["flags"]):
                return list(kept[3])
        barred = turn.barred_operations(self, faction)
        out = [a for a, act in self.activities[faction].items()
               if not act.special and a not in barred and act.available(self)]
        if memo is not None:
            memo[faction] = list(out)
        return out

    def operation_available(self, faction, action) -> bool:
        """``activities[faction][action].available(game)`` for an Operation: at the sequence-of-play
        choice in front of ``faction`` (same board, nothing applied since), read from the Operations
        options_for found there (none barred, 2.3.8); else asked now."""
        kept = self._sop_operations
        s = self.state
        if (kept is not None and kept[0] is s and kept[1] == s.decisions and kept[2] == faction
                and not turn.barred_operations(self, faction)):
            return action in kept[3]
        return self.activities[faction][action].available(self)

    # --- hidden information (hidden.py) -------------------------------------------------------
    def determinize(self, seat: str, seed: int) -> "AdpGame":
        """A copy identical in everything ``seat`` sees, the rest (draw deck order within the set-up's
        piles, future dice of the game and of the non-player bots) drawn again from ``seed``."""
        return hidden.determinize(self, seat, seed)

    # --- victory -----------------------------------------------------------------------
    def victory_totals(self) -> dict[str, int]:
        return board.victory_totals(self.state)

    def expected_ranking(self, result: dict) -> list[str]:
        groups = propaganda.final_groups(self, result["margins"], result.get("reason"))
        return [f for g in groups for f in g]

    def victory_margins(self) -> dict[str, int]:
        return board.victory_margins(self.state)

    # --- invariants (checked after every step in debug mode) ---------------------------------
    def check_invariants(self) -> None:
        s = self.state
        p = s.pieces
        assert (p >= 0).all(), "negative piece count"
        for mirror, array in MIRRORS.items():     # the plain-list mirrors of the arrays (state.py)
            assert getattr(s, mirror) == getattr(s, array).tolist(), f"state.{mirror} differs from state.{array}"
        for piece, total in FORCE_POOL.items():
            n = int(p[:, piece].sum())
            if piece in (TALIBAN_G, WARLORD_G):
                n += int(p[:, piece + 1].sum())
            assert n == total, f"piece {piece}: {n} in play and boxes, {total} in the game"
        m = p[:N_SPACES]
        bases = m[:, list(BASES)].sum(axis=1)
        assert (bases[IS_LOC] == 0).all(), "a Base on a LoC (1.4.2)"
        assert (bases <= board.MAX_BASES).all(), "more than 2 Bases in a space (1.4.2)"
        non_taliban = m.sum(axis=1) - m[:, [TALIBAN_G, TALIBAN_G_ACTIVE, 7]].sum(axis=1)
        assert (non_taliban[IS_PAKISTAN] == 0).all(), "non-Taliban pieces in Pakistan (1.4.2)"
        for f in ("taliban", "warlords"):
            assert int(p[N_SPACES:, ACTIVE_GUERRILLA[f]].sum()) == 0, "an Active Guerrilla off the map"
        assert int(p[N_SPACES + 1:, [WARLORD_G, WARLORD_G_ACTIVE, TALIBAN_G, TALIBAN_G_ACTIVE]].sum()) == 0, \
            "Guerrillas in Casualties / Out of Play / Removed"
        assert ((s.support >= -1) & (s.support <= 1)).all(), "Support level out of range (1.6)"
        pops = board.pop_array(s)
        no_support = ~IS_CONTROLLABLE | IS_PAKISTAN | (pops < 1)
        assert (s.support[no_support] == 0).all(), "Support/Opposition where it cannot be (1.6.2)"
        assert (s.sabotage[~IS_LOC] == 0).all() and (s.sabotage <= 1).all(), "Sabotage off a LoC"
        assert (s.terror[IS_LOC] == 0).all(), "Terror on a LoC"
        assert board.markers_in_play(s) <= 30, "more than 30 Terror/Sabotage markers (3.3.4)"
        assert (s.returnees[~IS_CONTROLLABLE | IS_PAKISTAN] == 0).all() and (s.returnees <= 1).all(), \
            "+1 Pop marker misplaced (4.3.1)"
        assert int(s.returnees.sum()) + s.returnees_unused <= 6, "more than six +1 Pop markers"
        for f in ("government", "taliban", "warlords"):
            assert 0 <= s.resources[f] <= board.MAX_RESOURCES, f"{f} Resources out of 0..75"
        assert 0 <= s.aid <= board.MAX_RESOURCES, "Aid out of 0..75"
        assert 0 <= s.patronage <= board.MAX_PATRONAGE, "Patronage out of 0..40"
        assert 0 <= s.islamabad < len(board.ISLAMABAD_BOXES), "Islamabad off the track"
        if s.islamabad == board.HOSTILITY:
            assert int(p[IS_PAKISTAN.nonzero()[0], GUERRILLA["taliban"]].sum()) == 0, \
                "Underground Taliban in Pakistan under Hostility (6.6.1)"


# Operations and Special Activities by faction: {faction: {action index: Activity}}.
def _activities():
    table = {f: {} for f in FACTIONS}
    for module in (coin_ops, insurgent_ops, coalition_sa, government_sa, taliban_sa, warlords_sa):
        for cls in getattr(module, "ACTIVITIES", []):
            action = SA[cls.key] if cls.special else OP[cls.key]
            table[cls.faction][action] = cls(action)
    return {f: dict(sorted(acts.items())) for f, acts in table.items()}


AdpGame.activities = _activities()
GAME_CLASS = AdpGame
BOTS = {"flowchart": "coin_env.games.a_distant_plain.bots:FlowchartBot"}   # section 8


def load_data(content=None):
    """The game's data (datapack.AdpData) from a data pack's content, path or None (built-in): how a
    pickled game's data is rebuilt (coin_env.core.data.load_data)."""
    return AdpGame.load_data(content)


# The scenarios (data/scenarios.py, 2.1), and the one games use when none is named: the short scenario
# that tests, benchmarks and the fuzzer play (coin_env.core.registry.game_scenarios / default_scenario).
SCENARIOS = ("short", "main", "extended")
DEFAULT_SCENARIO = "short"


def new_game(scenario=None, seed=0, options=None, position=None, debug=False, dice=None):
    from .setup import build_game
    return build_game(AdpGame, scenario=scenario or DEFAULT_SCENARIO, seed=seed, options=options or {},
                      position=position, debug=debug, dice=dice)
