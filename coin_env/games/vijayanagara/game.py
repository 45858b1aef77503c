"""Vijayanagara (Irregular Conflicts vol. 1) as a coin-env game: see the package docstring for what
is implemented, reconstructed and missing."""

from __future__ import annotations

import numpy as np

from ...coin.events import expire_lasting
from ...coin.sequence import LIMITED_OP, OP_ONLY, OP_WITH_SA, PASS, CoinGame
from ...coin.vocabulary import VocabularyHelpers
from ...core.game import EngineError
from ...core.schema import SaveError
from ...core.prompts import Prompt
from . import board, hidden
from .actions import DID_NAMES, OP, SA, VOCABULARY
from .data import cards as carddata
from .data.pieces import (AMIR, AMIR_REBEL, FACTION_NAMES, FACTIONS, PIECE_NAMES, FORCE_POOL, INFLUENCE_SLOTS, MONGOL, PASS_RESOURCES, PAIR_OF,
                          RAJA, RAJA_REBEL, STRUCTURES, UNITS_PER_SLOT, CAVALRY_TOKENS, MAX_RESOURCES)
from .registry import CONTINUATIONS, PROMPTS
from .rules import attack, campaign, commands, decrees, mongols, movement, succession
from .rules.transfers import offer_transfers
from .state import CONTROL_CODE, VijayanagaraState
from .static import DS_MI_ONLY, IS_PROVINCE, LOCATION_NAMES, N_SPACES, PROVINCES, SPACE_NAMES, TRACK

FORKS = ("command_decree", "event_or_command")     # 2.3.3: the two forked boxes
FINAL_REASON = "Timur Invades Delhi: final scoring"


class VijayanagaraGame(VocabularyHelpers, CoinGame):
    name = "vijayanagara"
    factions = FACTIONS
    vocabulary = VOCABULARY
    prompts = PROMPTS
    continuations = CONTINUATIONS
    state_class = VijayanagaraState

    did_names = DID_NAMES        # what a faction did on a card, in this game's words (2.3.3)
    # The heuristic bot's View of the board at its last decision (bots/view.py View.of), reused while the
    # board is unchanged. Never saved; a clone starts without it.
    bot_view = None
    n_spaces = N_SPACES
    space_names = SPACE_NAMES
    DONE = VOCABULARY.DONE

    # --- the game log (coin_env/coin/log.py) -------------------------------------------------
    faction_names = {**FACTION_NAMES, "mi": "Mongol Invaders"}
    log_piece_names = PIECE_NAMES
    log_location_names = LOCATION_NAMES

    def log_tracks(self) -> dict:
        """Resources (1.8), Cavalry held (1.10), Deccan Influence (1.9), the Dynasty (2.7), Timurid cards (2.6)."""
        s = self.state
        out = {f"{FACTION_NAMES[f]} Resources": s.resources[f] for f in FACTIONS}
        out.update({f"{FACTION_NAMES[f]} Cavalry": s.cavalry[f] for f in FACTIONS})
        out.update({"Bahmani Influence": s.influence["bk"], "Vijayanagara Influence": s.influence["ve"],
                    "Dynasty": s.dynasty, "Timurid cards played": s.timurid_played})
        return out

    def log_marker_arrays(self) -> dict:
        return {"tributary": self.state.tributary}

    def log_marker_text(self, name, space, old, new) -> str:
        """1.6: a Tributary marker placed (the Province Tributary) or removed (Independent)."""
        return f"Tributary marker {'placed in' if new else 'removed from'} {space}" + ("" if new else " (Independent)")

    def log_control(self):
        """1.7: per space 0 (no Control), 1 Delhi Sultanate, 2 Bahmani, 3 Vijayanagara."""
        return board.control_codes(self.state)

    def log_control_text(self, code) -> str:
        return CONTROL_TEXT[int(code)]

    def render_log_entry(self, raw) -> dict:
        out = super().render_log_entry(raw)
        if out.get("kind") == "victory":
            out["rule"] = "5.0"
        return out

    # --- cards (2.2, 2.3) -------------------------------------------------------------------------
    def card_faction_order(self, card):
        return self.data.cards.faction_order(card)

    def is_periodic_card(self, card):
        """The cards that interrupt regular play (2.3): Mongol Invasion, Succession, Timurid Empire."""
        return carddata.is_special(card)

    def card_record(self, card):
        return self.data.cards.record(card)

    def periodic_swaps_on_reveal(self):
        return False

    def begin_play(self):
        """2.2: reveal the top card (Vijayanagara reveals no upcoming card)."""
        s = self.state
        s.current = s.deck.pop(0)
        s.upcoming = None
        self._reveal_check()

    def next_card(self):
        """2.3: the played card goes to the played pile and the next card is revealed."""
        s = self.state
        expire_lasting(s, "card")
        s.played.append(s.current)
        s.current = s.deck.pop(0) if s.deck else None
        if s.current is None:
            raise EngineError("the deck ran out before the second Timurid Empire card (2.1, 2.6)")
        self._reveal_check()

    def start_periodic_round(self):
        """2.4-2.6: execute the special card; eligibility is not changed."""
        s = self.state
        c = s.current
        if s.log is not None:
            s.log.append(("phase", *_phase_of(c, s.timurid_played, self.data)))
        if c in carddata.TIMURID and s.timurid_played == 1:
            s.timurid_played = 2
            self.push({"kind": "vj_timur", "step": 0})
            return
        self.push({"kind": "vj_card_end"})
        if c in carddata.MONGOL_CARDS:
            mongols.start_mongol_invasion(self, self.data.mongol_faction(c))
        elif c == carddata.ZENITH:
            succession.zenith(self)
        elif c == carddata.RISE:
            succession.rise(self)
        elif c == carddata.LORDS:
            succession.lords(self)
        else:
            s.timurid_played = 1
            mongols.first_timurid(s)

    # --- hidden information (hidden.py) -------------------------------------------------------
    def determinize(self, seat: str, seed: int) -> "VijayanagaraGame":
        """A copy identical in everything ``seat`` sees, the rest (draw deck order within the set-up's
        stacks, the Event and Mongol Invasion cards left unused, future dice of the game and of the
        heuristic bot) drawn again from ``seed``."""
        return hidden.determinize(self, seat, seed)

    # --- 2.3.3 options and 2.3.7 eligibility --------------------------------------------------------
    def card_turns_done(self):
        """2.3.1: every Eligible faction may act on the card (the options close as forks are taken)."""
        return False

    def options_for(self, faction):
        """2.3.3: Pass and a Limited Command are always open (2.3.5, 2.3.6); each forked box (Command &
        Decree; Event or Command) is open until a faction takes it. A Command & Decree's Command may
        have zero spaces, so that box is open even when no Command has a space."""
        s = self.state
        opts = [PASS]
        if self.any_operation_available(faction, limited=True):
            opts.append(LIMITED_OP)
        if "command_decree" not in s.forks:
            opts.append(OP_WITH_SA)
        if "event_or_command" not in s.forks:
            if LIMITED_OP in opts:
                opts.append(OP_ONLY)
            opts += self.event_sides(faction, s.current)
        return sorted(opts)

    def available_operations(self, faction, limited):
        """The Commands the faction may start: those with a selectable space, or (Command & Decree,
        2.3.3: zero spaces allowed) every Command it may use now."""
        return list(self._startable_commands(faction))

    def any_operation_available(self, faction, limited):
        return next(self._startable_commands(faction), None) is not None

    def _startable_commands(self, faction):
        turn = self.state.turn
        zero_ok = turn is not None and turn["kind"] == "op_sa"
        for a, act in self.activities[faction].items():
            if not act.special and act.permitted(self) and (zero_ok or act.available(self)):
                yield a

    # 3.0 / 4.0: Vijayanagara's Operations are Commands and its Special Activities Decrees.
    operation_term = "Command"
    special_activity_term = "Decree"

    def special_activity_required(self, faction):
        """4.1: the Command & Decree option must include a Decree (each faction always has one it can
        do after its Command: Collect Tribute, Trade, Tax)."""
        return True

    def pass_effects(self, faction):
        """2.3.6: a passing Delhi Sultanate gains 3 Resources, the others 1 (at most 24, 1.8); then, with
        the option ``transfers``, the faction may give Resources / Cavalry (1.5.2, rules/transfers.py)."""
        board.add_resources(self.state, faction, PASS_RESOURCES[faction])
        offer_transfers(self, faction)          # 1.5.2, option ``transfers``

    def end_of_turn(self, faction):
        """2.3.3: record which forked box the faction took (a Limited Command takes none); then, with the
        option ``transfers``, the faction may give Resources / Cavalry (1.5.2, rules/transfers.py)."""
        s = self.state
        kind = s.turn["kind"]
        if kind == "op_sa":
            s.forks["command_decree"] = faction
        elif kind in ("op", "event"):
            s.forks["event_or_command"] = faction
        offer_transfers(self, faction)          # 1.5.2, option ``transfers``

    def adjust_eligibility(self):
        """2.3.7: factions on the forked boxes become Ineligible, all others Eligible (a "Stay Eligible"
        Event sets an override)."""
        s = self.state
        before = s.eligible.copy() if s.log is not None else None
        taken = set(s.forks.values())
        for f in self.factions:
            s.eligible[f] = f not in taken
        for f, value in s.eligibility_override.items():
            s.eligible[f] = bool(value)
        s.eligibility_override = {}
        s.forks = {}
        if before is not None and before != s.eligible:
            s.log.append(("eligibility", s.eligible.copy()))

    def validate_loaded(self):
        """A loaded game's decision frames have this game's shapes (frames.py), and it must still hold the
        Timurid Empire cards that end it (2.6)."""
        from .frames import check_frames, check_stack
        check_frames(self.state.frames)
        super().validate_loaded()
        check_stack(self)
        s = self.state
        if not s.over and s.current is None:
            raise SaveError("state.fields.current", "a game in play has a Current card (2.2)")
        if not s.over:
            left = sum(1 for c in [s.current, *s.deck] if c in carddata.TIMURID and c is not None)
            if left < 2 - s.timurid_played + (1 if s.timurid_played == 2 else 0):
                raise SaveError("state.fields.deck", "the Timurid Empire cards that end the game are missing (2.6)")
        self.check_stack_runs()

    def check_stack_runs(self) -> None:
        """A loaded decision stack must be one the rules can carry out: its frames hold the procedures'
        own data (what is left, whose turn, the supporters picked), so an edited save or ``in_progress``
        could hold a stack no rule would push, which the shapes above cannot see. On a clone, the first
        legal action is played until the card in progress is done (or the game ends), the invariants
        checked after each decision; any failure refuses the load, naming it (as John Company does)."""
        s = self.state
        if not s.frames or s.over:
            return
        trial = self.clone()
        try:
            unwind_card(trial)
        except Exception as exc:        # noqa: BLE001 - any failure means the stack holds what no rule would
            raise SaveError("state.fields.frames", f"cannot be carried out to the end of the card in play "
                            f"({type(exc).__name__}: {exc})") from None

    # --- the end (2.6, 5.0) -------------------------------------------------------------------------
    def end_game(self):
        """5.0-5.1: final scoring (the Mongols in Delhi adjust the Sultanate's total), ties by Resources."""
        s = self.state
        if s.log is not None:
            s.log.append(("phase", "Final scoring", "5.0"))
        s.over = True
        s.result = self.final_result()
        s.frames.clear()

    def final_result(self) -> dict:
        """5.0-5.1 and 5.5: the outcome the board gives at the end. ``ranking``: most final VP first, ties
        by most Resources (5.0); factions still level on both stay in the factions' order. The optional
        Aadu-Huli aata that would part them (5.5) is not implemented, so the reading is a shared win:
        ``winners`` lists every faction level with the first on VP and Resources (one faction unless
        tied), as A Distant Plain's result does; ``winner`` is ``ranking[0]`` (for readers of one
        winner)."""
        s = self.state
        totals = board.final_totals(s)
        ranking = board.ranking(s, totals)
        return {"winner": ranking[0], "winners": board.shared_first(s, totals, ranking), "ranking": ranking,
                "margins": board.victory_margins(s),
                "scores": totals,      # 5.1: the final VP, the Mongols in Delhi counted
                "reason": FINAL_REASON, "rule": "5.0"}

    def expected_ranking(self, result) -> list[str]:
        """The ranking the board gives a finished game (the COIN layer's check_result compares a loaded
        result with it). The game has one ending, final scoring after Timur Invades Delhi (2.6, 5.0), so
        whatever ``result`` says its reason is, the board's final ranking is the one expected."""
        return self.final_result()["ranking"]

    def check_result(self):
        """A loaded result's ``winners`` (when it gives them; older saves do not) are the board's."""
        super().check_result()
        s = self.state
        if s.over and isinstance(s.result, dict) and "winners" in s.result:
            winners = self.final_result()["winners"]
            if s.result["winners"] != winners:
                raise SaveError("state.fields.result.winners", f"are {s.result['winners']!r} but the board gives "
                                f"{winners!r} (5.0)")

    def victory_totals(self):
        return board.victory_totals(self.state)

    def victory_margins(self):
        return board.victory_margins(self.state)

    # --- invariants (debug mode) ----------------------------------------------------------------------
    def check_invariants(self):
        s = self.state
        p = s.pieces
        assert (p >= 0).all(), "negative piece count"
        for piece, total in FORCE_POOL.items():
            n = int(p[:, piece].sum()) + sum(int(p[:, q].sum()) for q, base in PAIR_OF.items() if base == piece)
            assert n == total, f"{piece}: {n} pieces in the game, {total} in the force pool (1.4)"
        for sp in range(N_SPACES):
            row = p[sp]
            assert all(row[x] <= 1 for x in STRUCTURES), "two Structures of a kind in a space (1.4.4)"
            if sp in DS_MI_ONLY:
                assert not any(row[x] for x in (AMIR, AMIR_REBEL, RAJA, RAJA_REBEL)) and not row[STRUCTURES[1]] \
                    and not row[STRUCTURES[2]], "Bahmani / Vijayanagara pieces outside the Provinces (1.3.2)"
                assert not s.tributary[sp], "Tributary marker off the Provinces (1.6)"
            else:
                assert not row[MONGOL], "Mongols in a Province (1.3.1)"
                ctrl = board.controller(s, sp)
                if ctrl == "bk":
                    assert not row[AMIR], "Obedient Amir where the Bahmani Kingdom Controls (1.4.5)"
                if ctrl == "ve":
                    assert not row[RAJA], "Obedient Raja where Vijayanagara Controls (1.4.5)"
        for f, unit in (("bk", AMIR), ("ve", RAJA)):
            slots = sum(1 for level in INFLUENCE_SLOTS[f] if level > s.influence[f])
            assert int(p[TRACK[f]].sum()) == int(p[TRACK[f], unit]) <= UNITS_PER_SLOT * slots, \
                f"{f} Influence track holds the wrong Units (1.9)"
        assert sum(s.cavalry.values()) <= CAVALRY_TOKENS, "more than 10 Cavalry tokens held (1.10)"
        assert all(0 <= r <= MAX_RESOURCES for r in s.resources.values()), "Resources out of 0..24 (1.8)"


def unwind_card(game, most: int = 5000) -> None:
    """Play the first legal action until the Current card is done (its frames carry their data from one
    decision to the next, so the loaded ones are used up by then) or the game ends, checking the
    invariants after each decision (VijayanagaraGame.check_stack_runs)."""
    s = game.state
    played = len(s.played)
    for _ in range(most):
        if game.is_over() or len(s.played) != played:
            return
        legal = game.legal_actions()
        if not legal:
            raise EngineError(f"no legal action at {game.prompt()!r}")
        game.apply(legal[0])
        game.check_invariants()
    raise EngineError(f"the card in play is not done after {most} decisions")


CONTROL_TEXT = {0: "no Control", CONTROL_CODE["ds"]: "Delhi Sultanate Control",
                CONTROL_CODE["bk"]: "Bahmani Control", CONTROL_CODE["ve"]: "Vijayanagara Control"}


def _phase_of(card, timurid_played, data) -> tuple[str, str]:
    """The game log's name and rule of a special card's execution (2.4-2.6)."""
    if card in carddata.MONGOL_CARDS:
        return f"Mongol Invasion ({FACTION_NAMES[data.mongol_faction(card)]})", "2.4"
    if card == carddata.ZENITH:
        return "Succession: Zenith of the Delhi Sultanate", "2.5.1"
    if card == carddata.RISE:
        return "Succession: Rise of the Rebel Sultans", "2.5.2"
    if card == carddata.LORDS:
        return "Succession: Lords of the Deccan", "2.5.3"
    if timurid_played == 1:
        return "Timurid Empire: Timur Invades Delhi", "2.6"
    return "Timurid Empire", "2.6"


@PROMPTS.register
class CardEnd(Prompt):
    """Automatic: a special card is done; the next card is revealed (eligibility unchanged)."""

    kind = "vj_card_end"
    auto = True

    def run(self, game, frame):
        game.pop()
        game.next_card()


def _activities():
    table = {f: {} for f in FACTIONS}
    for module in (commands, movement, attack, decrees, campaign):
        for cls in module.ACTIVITIES:
            action = SA[cls.key] if cls.special else OP[cls.key]
            table[cls.faction][action] = cls(action)
    return {f: dict(sorted(acts.items())) for f, acts in table.items()}


VijayanagaraGame.activities = _activities()
GAME_CLASS = VijayanagaraGame
BOTS = {"heuristic": "coin_env.games.vijayanagara.bots.heuristic:HeuristicBot"}   # stand-in, not the published NP procedure (1.5.1)


def load_data(content=None):
    return VijayanagaraGame.load_data(content)


# The game has one set-up (2.1: data/scenarios.py), which is also what tests, benchmarks and the fuzzer play
# (coin_env.core.registry.game_scenarios / default_scenario).
SCENARIOS = ("standard",)
DEFAULT_SCENARIO = "standard"


def new_game(scenario=None, seed=0, options=None, position=None, debug=False, dice=None):
    """``dice``: die results queued before the game is built (make_game(dice=...)), so rolls made before
    the first decision (a position loaded at Timur's invasion, a battle it starts) are scripted."""
    from .setup import build_game
    return build_game(VijayanagaraGame, scenario=scenario or DEFAULT_SCENARIO, seed=seed, options=options or {},
                      position=position, debug=debug, dice=dice)
