"""Gandhi (COIN vol. IX) as a coin-env game."""

from __future__ import annotations

from ...coin.sequence import CoinGame
from ...coin.vocabulary import VocabularyHelpers
from . import board, hidden
from .actions import DONE, OP, SA, VOCABULARY
from .data import cards as carddata
from .data.map import PROTEST_BOXES
from .data.pieces import FACTION_NAMES, PIECE_NAMES, FACTIONS, FORCE_POOL, GUERRILLA, ACTIVE_GUERRILLA, N_PIECE_TYPES, TROOP
from .registry import CONTINUATIONS, PROMPTS
from .rules import campaign, events, nonviolent, raj, revolutionaries, turn  # noqa: F401  (events registers effects)
from .state import GandhiState
from .static import IS_PRINCELY_STATE, IS_PRINTED_PROVINCE, IS_RAILWAY, LOCATION_NAMES, N_SPACES, SPACE_NAMES

SUPPORT_LEVELS = {2: "Active Support", 1: "Passive Support", 0: "Neutral", -1: "Passive Opposition",
                  -2: "Active Opposition"}


class GandhiGame(VocabularyHelpers, CoinGame):
    name = "gandhi"
    factions = FACTIONS
    vocabulary = VOCABULARY
    prompts = PROMPTS
    continuations = CONTINUATIONS
    state_class = GandhiState

    n_spaces = N_SPACES
    space_names = SPACE_NAMES
    DONE = DONE

    # --- COIN hooks ----------------------------------------------------------------------
    # Card facts come from the game's data (game.data.cards: built-in or an owner data pack's).
    def card_faction_order(self, card):
        return self.state.data.cards.faction_order(card)

    def is_periodic_card(self, card):
        return carddata.is_campaign(card)

    def card_record(self, card):
        """5.0: the Event card's record (the game's data; built-in: data/cards.py); None for a Campaign card."""
        return self.state.data.cards.record(card)

    def start_periodic_round(self):
        campaign.start_campaign_round(self)

    def round_phases(self):
        return list(campaign.ROUND_PHASES)

    def start_round_at(self, phase):
        campaign.start_campaign_round_at(self, phase)

    def pass_effects(self, faction):
        turn.pass_effects(self, faction)

    def end_of_turn(self, faction):
        turn.end_of_turn(self, faction)

    # The Operations' answers (2.3.4) read at the sequence-of-play choice in front of a faction, kept for
    # the bot's plan of that decision (8.3) and for the Operation choice its answer starts:
    # (state, decisions, faction, {Operation action: available}), filled as each Operation is asked.
    # Never saved; a clone starts without it.
    _sop_operations: tuple | None = None
    # The Sweep readings of one board (rules/raj.py sweep_readings, coin_env/core/kept.py).
    _sweep_readings: tuple | None = None
    # Raj Control and the Redeploy destinations of one board (rules/campaign.py redeploy_board).
    _redeploy_board: tuple | None = None

    def available_operations(self, faction, limited):
        answers = self._kept_operations(faction, at_choice=False)
        self._sop_operations = None               # one Operation choice per sequence-of-play choice
        if answers is None:
            return list(self._startable_operations(faction))
        return [a for a, act in self.activities[faction].items() if not act.special and self._answer(answers, a, act)]

    def any_operation_available(self, faction, limited) -> bool:
        answers = self._kept_operations(faction, at_choice=True)
        if answers is None:
            return next(self._startable_operations(faction), None) is not None
        return any(self._answer(answers, a, act) for a, act in self.activities[faction].items() if not act.special)

    def _startable_operations(self, faction):
        return (a for a, act in self.activities[faction].items() if not act.special and act.available(self))

    def operation_available(self, faction, action) -> bool:
        """``action in available_operations(faction, ...)``, asking only that Operation (a bot
        checking the one Operation its card names, 8.3, need not test them all)."""
        act = self.activities[faction].get(action)
        if act is None or act.special:
            return False
        answers = self._kept_operations(faction, at_choice=True)
        return act.available(self) if answers is None else self._answer(answers, action, act)

    def _answer(self, answers: dict, action: int, act) -> bool:
        ok = answers.get(action)
        if ok is None:
            ok = answers[action] = act.available(self)
        return ok

    def _kept_operations(self, faction, at_choice: bool) -> dict | None:
        """The Operations' answers kept for ``faction``'s sequence-of-play choice on this board, or None
        when they may not be used. ``at_choice``: asked at that choice (its options, the bot's plan; the
        answers start there when no action is under way); else by the Operation choice the answer to
        it starts (one decision later, its own empty turn begun, nothing else changed).

        Why the answers carry over: an Operation's spaces (3.1) read the board and, of the action in
        progress, only the spaces already selected, the turn's flags and whether it is free (5.0); a
        turn with none of them (no turn, a Pass, the chosen action's fresh turn) reads the same."""
        s = self.state
        kept = self._sop_operations
        if at_choice:
            if kept is not None and kept[0] is s and kept[1] == s.decisions and kept[2] == faction:
                return kept[3]
            top = s.frames[-1] if s.frames else None
            if top is None or top["kind"] != "sop_choice" or top.get("actor") != faction or not _idle(s.turn):
                return None
            answers = {}
            self._sop_operations = (s, s.decisions, faction, answers)
            return answers
        if kept is None or kept[0] is not s or kept[1] + 1 != s.decisions or kept[2] != faction:
            return None
        now = s.turn
        if now is None or now["faction"] != faction or now["kind"] not in ("op", "op_sa", "limited") or not _idle(now):
            return None
        return kept[3]

    # --- the game log (coin_env/coin/log.py) -------------------------------------------------
    faction_names = FACTION_NAMES
    log_piece_names = PIECE_NAMES
    log_location_names = LOCATION_NAMES

    def log_tracks(self) -> dict:
        s = self.state
        return {"Raj Resources": s.resources["raj"], "Revolutionary Resources": s.resources["revs"],
                "Restraint": s.restraint, "Unity": s.unity,
                "Viceroy": carddata.CAMPAIGN_CARDS.get(s.viceroy) if s.viceroy else None}

    def log_marker_arrays(self) -> dict:
        s = self.state
        return {"support": s.support, "protest": s.protest, "unrest": s.unrest, "strike": s.strike,
                "muslim_state": s.muslim_state}

    def log_marker_text(self, name, space, old, new) -> str:
        if name == "support":
            return f"{space}: {SUPPORT_LEVELS[old]} -> {SUPPORT_LEVELS[new]}"
        label = {"protest": "Protest marker", "unrest": "Unrest marker", "strike": "Strike marker",
                 "muslim_state": "Muslim State marker"}[name]
        if name == "unrest":
            return f"{space}: {new} Unrest marker{'s' if new != 1 else ''} (was {old})"
        return f"{label} {'placed in' if new > old else 'removed from'} {space}"

    def log_control(self):
        return board.control_mask(self.state).astype("int8")

    def log_control_text(self, code) -> str:
        return "Raj Control" if code else "no Control"

    # --- hidden information (hidden.py) -------------------------------------------------------
    def determinize(self, seat: str, seed: int) -> "GandhiGame":
        """A copy identical in everything ``seat`` sees, the rest (draw deck order within the set-up's
        piles, cards set aside unseen, face-down non-player cards, future dice) drawn again from ``seed``."""
        return hidden.determinize(self, seat, seed)

    # --- victory -----------------------------------------------------------------------
    def victory_totals(self) -> dict[str, int]:
        return board.victory_totals(self.state)

    def expected_ranking(self, result: dict) -> list[str]:
        return campaign.final_ranking(self, result["margins"], result.get("reason"))

    def victory_margins(self) -> dict[str, int]:
        """7.3: each faction's total minus its threshold (positive once it exceeds it)."""
        totals = self.victory_totals()
        return {f: totals[f] - board.VICTORY_THRESHOLDS[f] for f in FACTIONS}

    # --- invariants (checked after every step in debug mode) ---------------------------------
    def check_invariants(self) -> None:
        s = self.state
        p = s.pieces
        assert (p >= 0).all(), "negative piece count"
        for piece, total in FORCE_POOL.items():
            if piece == GUERRILLA:
                n = int(p[:, GUERRILLA].sum() + p[:, ACTIVE_GUERRILLA].sum())
            else:
                n = int(p[:, piece].sum())
            assert n == total, f"piece {piece}: {n} in play and boxes, {total} in the game"
        assert int(p[:N_SPACES, TROOP][IS_PRINCELY_STATE | (s.muslim_state > 0)].sum()) == 0, "Troops in a State"
        bases = p[:N_SPACES, 5] + p[:N_SPACES, 8]
        assert (bases <= s.data.pop).all(), "more Bases than Population"
        assert int(s.protest.sum() + s.protest_boxes.sum()) == sum(c for _, c in PROTEST_BOXES), "Protest markers lost"
        assert all(0 <= int(s.protest_boxes[i]) <= c for i, (_, c) in enumerate(PROTEST_BOXES)), "Protest box overfull"
        assert board.unrest_strike_in_play(s) <= 12, "more than 12 Unrest/Strike markers"
        assert (s.strike[~IS_RAILWAY] == 0).all(), "Strike off a Railway"
        assert (s.unrest[IS_RAILWAY] == 0).all(), "Unrest on a Railway"
        assert (s.support[IS_RAILWAY] == 0).all(), "Support on a Railway"
        assert (s.muslim_state[~IS_PRINTED_PROVINCE] == 0).all(), "Muslim State outside a Province"
        assert ((s.support >= -2) & (s.support <= 2)).all(), "Support level out of range"
        assert 1 <= s.restraint <= 5 and 1 <= s.unity <= 5, "Restraint/Unity out of 1..5"
        assert 0 <= s.resources["raj"] <= 50 and 0 <= s.resources["revs"] <= 50, "Resources out of 0..50"
        assert p[:, GANDHI_COL].sum() == 1, "Gandhi lost"


GANDHI_COL = 3
assert N_PIECE_TYPES == 9


def _idle(turn) -> bool:
    """No action under way, or one that has selected nothing, flagged nothing and is not free (5.0):
    what an Operation's availability reads of the turn is the same as with no turn at all."""
    return turn is None or not (turn["op_spaces"] or turn["sa_spaces"] or turn["flags"] or turn.get("free"))


# Operations and Special Activities by faction: {faction: {action index: Activity}}.
def _activities():
    table = {f: {} for f in FACTIONS}
    for module in (raj, nonviolent, revolutionaries):
        for cls in getattr(module, "ACTIVITIES", []):
            action = SA[cls.key] if cls.special else OP[cls.key]
            table[cls.faction][action] = cls(action)
    # Keep a fixed order: operations before specials, by vocabulary index.
    return {f: dict(sorted(acts.items())) for f, acts in table.items()}


GandhiGame.activities = _activities()
GAME_CLASS = GandhiGame
# Published non-player bots (rules section 8), by the name environments accept as an opponent.
BOTS = {"arjuna": "coin_env.games.gandhi.bots:ArjunaBot"}


def load_data(content=None):
    """The game's data (data_facts.GandhiData) from a data pack's content (None: the built-in data);
    what coin_env.core.data.load_data calls when a pickled game's data is rebuilt."""
    return GandhiGame.load_data(content)


# The scenarios (data/scenarios.py), and the one games use when none is named: the short scenario that
# tests, benchmarks and the fuzzer play (coin_env.core.registry.game_scenarios / default_scenario).
SCENARIOS = ("short", "main")
DEFAULT_SCENARIO = "short"


def new_game(scenario=None, seed=0, options=None, position=None, debug=False, dice=None):
    from .setup import build_game
    return build_game(GandhiGame, scenario=scenario or DEFAULT_SCENARIO, seed=seed, options=options or {},
                      position=position, debug=debug, dice=dice)
