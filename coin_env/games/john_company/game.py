"""John Company (2nd edition) on the coin_env core engine (no COIN layer): see the package docstring."""

from __future__ import annotations

import json

from ...core.game import Game
from ...core.rng import check_seed
from .actions import VOCABULARY
from .data import company
from .data_facts import load_data as _load_data
from .hidden import determinize, view
from .position import build_from_position, check_built, to_position
from .position import start as start_at_position
from .registry import CONTINUATIONS, PHASE_STARTS, PROMPTS
# The rules' assembly: importing a module registers its phase start, continuations and answers to the named points
# (registry.py); crown and crown_favours, the solo Crown's layer, answer the points the procedures announce.
from .rules import (bonuses, crown, crown_favours, events_india, family_phase, final_scoring, hiring,  # noqa: F401
                    london_season, operations, parliament, revenue, turn, upkeep)
from .rules.crown import DIFFICULTIES
from .rules.crown_favours import KEYS as FAVOUR_KEYS
from .rules.firms import FIRM_CHARTER
from .rules.stops import PAUSE, STOP_POINTS, WATCH
from .setup import seats_for, validate_options
from .state import JohnCompanyState
from .static import CROWN, FAMILY_KEYS, FAMILY_NAMES


OFFERED_BLACKMAIL = "offer blackmail card "


class JohnCompanyGame(Game):
    name = "john_company"
    factions = tuple(FAMILY_KEYS)          # every possible seat; an instance has its own (seated) tuple
    vocabulary = VOCABULARY
    prompts = PROMPTS
    continuations = CONTINUATIONS
    state_class = JohnCompanyState
    faction_names = dict(zip(FAMILY_KEYS, FAMILY_NAMES))
    # the Crown bot's last transfer plan (bots/crown.py kept_transfer): never saved, a clone starts without it
    crown_transfer = None
    # the Crown bot's trade routes (bots/crown.py TradeRoutes.of): never saved, a clone starts without it
    crown_routes = None

    def __init__(self, state, options=None, debug=False):
        super().__init__(state, options, debug)
        if state.data is None:
            state.data = _load_data(self.options.get("data_pack"))
        self.factions = tuple(FAMILY_KEYS[i] for i in state.seats)

    def clone(self) -> "JohnCompanyGame":
        """The core clone skips ``__init__``: the copy keeps this game's seats (not every family of the box)."""
        new = super().clone()
        new.factions = self.factions
        return new

    # --- seats ---------------------------------------------------------------------------------------
    def faction_of(self, slot: int) -> str:
        return FAMILY_KEYS[slot]

    def slot_of(self, faction: str) -> int:
        if faction not in self.factions:
            raise ValueError(f"{faction!r} is not a seat of this game; seats: {list(self.factions)}")
        return FAMILY_KEYS.index(faction)

    # --- the turn --------------------------------------------------------------------------------------
    def on_empty_stack(self) -> None:
        self.state.card_decisions = 0       # decisions in this phase (the fuzzer's bound per card / phase)
        turn.next_phase(self)

    def start_phase(self, phase: str) -> None:
        """Start ``phase`` (its first roll or decision): how a pause before the phase resumes (rules/stops.py)."""
        PHASE_STARTS[phase](self)

    # --- results -----------------------------------------------------------------------------------------
    def victory_margins(self) -> dict[str, int]:
        """Each family's VP minus the best other family's (positive: leading)."""
        s = self.state
        out = {}
        for slot in s.seats:
            others = [int(s.vp[o]) for o in s.seats if o != slot]
            out[FAMILY_KEYS[slot]] = int(s.vp[slot]) - (max(others) if others else 0)
        return out

    def progress(self) -> int:
        """The turn (each turn is one pass through the phases I-IX)."""
        return int(self.state.turn)

    def is_turn_choice(self) -> bool:
        """A family action (II. Family Phase, RB p.12-13): the choice that shapes the family's turn."""
        frame = self.prompt_frame()
        return frame is not None and frame.get("then") == "family_action_chosen"

    def winner(self) -> str | None:
        r = self.state.result
        return r.get("winner") if r else None

    def result(self) -> dict | None:
        return self.state.result

    # --- hidden information (hidden.py) -----------------------------------------------------------------
    def view(self, family: str) -> dict:
        return view(self, family)

    def determinize(self, family: str, seed: int) -> "JohnCompanyGame":
        return determinize(self, family, check_seed(seed))

    # --- saves -------------------------------------------------------------------------------------------
    def validate_loaded(self) -> None:
        try:
            self.options = validate_options(self.options)
        except ValueError as exc:
            raise ValueError(f"saved game has bad options: {exc}") from None
        self.check_seats()
        super().validate_loaded()
        self.check_frame_families()
        self.check_stops()
        self.check_crown()
        self.check_result()
        self.check_stack_runs()

    def check_seats(self) -> None:
        """The seated families are the ones the option ``families`` seats (RB p.4, p.43-44), in seating order
        from any of them (the set-up's clockwise order)."""
        from ...core.schema import SaveError
        seats, want = self.state.seats, sorted(seats_for(self.options["families"]))
        if sorted(seats) != want:
            raise SaveError("state.fields.seats", f"are {seats!r}; {self.options['families']} families seat {want!r}")

    def check_stack_runs(self) -> None:
        """A loaded game's decision stack must be one the rules can carry out. John Company's frames hold the
        procedure's own data (whose turn, what is left, the options offered), so a save could carry a frame no
        rule would push. Two trials on clones, refused as a SaveError naming the failure: each option of the
        pending choice is applied (with the invariants checked), then one line of play (the first legal
        action each time) runs to the end of the phase in progress or of the game."""
        from ...core.schema import SaveError
        s = self.state
        if not s.frames or s.over:
            return
        top = s.frames[-1]
        for action in (top.get("options") or () if top.get("kind") == "choose" else ()):
            self._trial(lambda g: g.apply(action), SaveError, f"offers {self.vocabulary.label(action)!r}, which "
                        f"the rules cannot carry out here", f"state.fields.frames[{len(s.frames) - 1}].options")
        self._trial(_unwind, SaveError, "cannot be carried out", "state.fields.frames")

    def _trial(self, play, error, what: str, path: str) -> None:
        trial = self.clone()
        try:
            play(trial)
            trial.check_invariants()
        except Exception as exc:        # noqa: BLE001 - any failure means the save holds what no rule would
            raise error(path, f"{what} ({type(exc).__name__}: {exc})") from None

    # --- readable positions (position.py) ---------------------------------------------------------------
    def to_position(self) -> dict:
        """The game at this decision in readable JSON by the rulebook's names; ``new_game(position=...)``
        restores the same decision (position.py)."""
        return to_position(self)

    # --- invariants (debug mode) ----------------------------------------------------------------------
    def check_invariants(self) -> None:
        s = self.state
        for slot in range(len(FAMILY_KEYS)):
            total = company.CROWN_PIECES[0] if slot == CROWN else company.FAMILY_PIECES[0]
            if slot not in s.seats:
                continue
            placed = (int(s.supply[slot]) + int(s.writers[slot].sum()) + int(s.officers[slot].sum())
                      + int(s.officers_in_training[slot]) + int(s.court[slot]) + int(s.pensioners[slot])
                      + int(s.prize_pieces[slot].sum()) + int((s.office_holder == slot).sum())
                      + int((s.commander == slot).sum()) + int((s.stock_exchange == slot).sum())
                      + int((s.order_writer == slot).sum())
                      + sum(x["shares"][slot] for x in s.firms["firms"]) + s.firms["prison"][slot])   # firms (RB p.38, p.41)
            assert placed == total, f"{FAMILY_NAMES[slot]}: {placed} family members accounted for, {total} in the set"
        assert (s.cash >= 0).all() and (s.treasury >= 0).all() and s.balance >= 0, "negative money"
        for pieces in ("supply", "writers", "officers", "officers_in_training", "court", "pensioners", "prize_pieces",
                       "workshops", "luxuries", "regiments"):
            assert (getattr(s, pieces) >= 0).all(), f"a negative count of {pieces}"
        assert 0 <= s.debt <= company.MAX_DEBT[0], "Debt off its track"
        tokens = int(s.company_ships.sum() + s.extra_ships.sum() + s.region_company_ship.sum())
        assert tokens <= company.COMPANY_SHIP_TOKENS[0], "more Company/extra ships than tokens"
        assert s.office_exists[2] == 0 or s.office_exists[1] == 0, "Director of Trade and Governor General both in play"
        self.check_firms()

    def check_firms(self) -> None:
        """Firms (RB p.36-42): one per manager, at most 10 shares, its ships on its charter and nowhere else,
        money never negative, invested workshops owned."""
        s = self.state
        firms = s.firms["firms"]
        n = len(FAMILY_KEYS)
        assert all(len(s.firms[k]) == n for k in ("prison", "invested", "mature")), "firm records of the wrong size"
        assert len(s.firms["order_firm"]) == len(s.order_state), "firm-filled orders of the wrong size"
        assert all(len(x["shares"]) == n for x in firms), "firm shares of the wrong size"
        assert len({x["manager"] for x in firms}) == len(firms), "a family manages two firms"
        held = [i for x in firms for i in x["ships"]]
        assert len(held) == len(set(held)), "a ship on two firm charters"
        for x in firms:
            assert x["manager"] in s.seats, "a firm without a seated manager"
            assert sum(x["shares"]) <= 10, "a firm with more than 10 shares"
            assert min(x["london"], x["india"], x["allocated"]) >= 0, "a firm with negative money"
            assert 0 <= x["value"] < len(s.data.firm_value_track), "a firm's Value off its track"
        on_charters = {i for i in range(len(s.ship_zone)) if s.ship_zone[i] == FIRM_CHARTER}
        assert on_charters == set(held), "ships on firm charters and the firms' ship lists differ"

    # --- the game log --------------------------------------------------------------------------------
    def render_log_entry(self, raw) -> dict:
        return super().render_log_entry(raw)

    def log_entry_seen_by(self, entry: dict, faction: str) -> dict:
        """Another family's decision without its prompt (a prompt may name a card only the family asked can
        see, hidden.py) and with a blackmail card it offered unnamed (rules/offers.py); the game log itself
        (``game.log``) keeps everything."""
        if entry.get("kind") != "decision" or entry.get("actor") == faction:
            return entry
        choice = entry["choice"]
        if choice.startswith(OFFERED_BLACKMAIL):
            choice = "offer a facedown blackmail card"
        return {**entry, "prompt": None, "choice": choice, "action": None,
                "text": f"{self.faction_name(entry['actor'])}: {choice}"}

    # --- coin_env registration: seats per options, outcome of a save (the environments and contract tests) ---
    @classmethod
    def seated_factions(cls, options=None) -> tuple:
        """The seats a game made with ``options`` has, in a fixed order (the families in set order, then the
        Crown): option ``families`` 1-6, the Crown seated with one or two families (RB p.43-44). The
        environments' agents (coin_env.core.registry.game_factions); ``game.factions`` holds the same
        seats in the game's seating order."""
        n = validate_options(options or {})["families"]
        return tuple(FAMILY_KEYS[i] for i in sorted(seats_for(n)))

    def ranking(self) -> list[str] | None:
        """The families in final order (Final Scoring's ranking), None while the game runs."""
        r = self.state.result
        return list(r["ranking"]) if r else None

    def victory_totals(self) -> dict[str, int]:
        """Each seated family's VP (the VP track)."""
        s = self.state
        return {FAMILY_KEYS[slot]: int(s.vp[slot]) for slot in s.seats}

    # frame keys naming families in turn order (an "order" may also be an order index: an int)
    FRAME_FAMILY_LISTS = ("order", "askees", "holders", "retired", "managers", "supporters")

    # frame keys that are counters or indices (integers) wherever they appear
    FRAME_INTS = ("i", "p", "k", "passes", "special", "n", "step", "need", "slot", "fam", "f", "hirer")

    # frame keys naming a space of the policy dial (rules/parliament.py: the two ways a law may turn it)
    FRAME_DIAL_SPACES = ("cw", "ccw")

    def check_frame_families(self) -> None:
        """A pending procedure's lists of families (turn orders, consent askees, ...) hold seated families, its
        counters and indices are integers, the dial spaces it may turn to lie on the dial."""
        from ...core.schema import SaveError
        for i, frame in enumerate(self.state.frames):
            for k in self.FRAME_FAMILY_LISTS:
                v = frame.get(k)
                if isinstance(v, list) and not all(type(x) is int and x in self.state.seats for x in v):
                    raise SaveError(f"state.fields.frames[{i}].{k}", f"must list seated families, not {v!r}")
            for k in self.FRAME_INTS:
                if k in frame and type(frame[k]) is not int:
                    raise SaveError(f"state.fields.frames[{i}].{k}", f"must be an integer, not {frame[k]!r}")
            for k in self.FRAME_DIAL_SPACES:
                if k in frame and (type(frame[k]) is not int or not 0 <= frame[k] < len(company.POLICY_DIAL[0])):
                    raise SaveError(f"state.fields.frames[{i}].{k}",
                                    f"must be a space of the policy dial (0..{len(company.POLICY_DIAL[0]) - 1}), "
                                    f"not {frame[k]!r}")

    def check_stops(self) -> None:
        """A position's stop (rules/stops.py): the watch waits at the bottom of the stack for a known point; a
        pause resumes a phase this package starts or a registered continuation."""
        from ...core.schema import SaveError
        for i, frame in enumerate(self.state.frames):
            path = f"state.fields.frames[{i}]"
            if frame["kind"] in (WATCH, PAUSE) and frame.get("at") not in STOP_POINTS:
                raise SaveError(f"{path}.at", f"is not a stopping point: {frame.get('at')!r}")
            if frame["kind"] == WATCH and i != 0:
                raise SaveError(path, "a stop_watch waits at the bottom of the stack only")
            if frame["kind"] == PAUSE:
                resume = frame.get("resume")
                ok = isinstance(resume, dict) and (
                    resume.get("phase") in PHASE_STARTS if "phase" in resume
                    else type(resume.get("fn")) is str and resume["fn"] in self.continuations)
                if not ok:
                    raise SaveError(f"{path}.resume", f"resumes nothing the rules know: {resume!r}")

    def check_crown(self) -> None:
        """The Crown's record (``state.crown``, option ``crown`` only) has the shape rules/crown.py reads."""
        from ...core.schema import NAT, Int, ListOf, OneOf, Record, SaveError
        s = self.state
        if s.crown is None:
            if self.options.get("crown"):
                raise SaveError("state.fields.crown", "is missing: the option crown needs the Crown's record")
            return
        if not self.options.get("crown"):
            raise SaveError("state.fields.crown", "must be null without the option crown")
        card = Int(1, len(s.data.crown_ai_cards))
        Record({"difficulty": OneOf(list(DIFFICULTIES)), "deck": ListOf(card, unique=True), "card": card,
                "discards": ListOf(card, unique=True), "climate": Int(0, 4),
                "cubes": Record({"crown": NAT, "family": NAT}), "promise_cards": NAT,
                "favours": Record({"turn": NAT, "done": ListOf(OneOf(list(FAVOUR_KEYS))), "total": NAT}),
                }).check(s.crown, "state.fields.crown")

    def check_result(self) -> None:
        """A loaded game's outcome must be the one its board gives: the shape every game checks (core
        ``checked_result``: over exactly when there is a result, every seated family ranked once, the winner
        first), and the result's VP are the VP track's, the ranking in VP order."""
        from ...core.schema import SaveError
        result = self.checked_result()
        if result is None:
            return
        ranking = result["ranking"]
        vp = self.victory_totals()
        if result.get("vp") != vp:
            raise SaveError("state.fields.result.vp", f"are {result.get('vp')!r} but the VP track gives {vp!r}")
        if [vp[f] for f in ranking] != sorted(vp.values(), reverse=True):
            raise SaveError("state.fields.result.ranking", f"{ranking!r} is not in VP order {vp!r}")


def _unwind(game, most: int = 5000) -> None:
    """Play the first legal action until the phase in progress is over (its procedures carry their data from
    frame to frame, so the loaded frames' data are used up by then) or the game ends, checking the invariants
    after each decision (JohnCompanyGame.check_stack_runs)."""
    s = game.state
    phase, turn = s.phase, s.turn
    for _ in range(most):
        if game.is_over() or (s.phase, s.turn) != (phase, turn):
            return
        game.apply(game.legal_actions()[0])
        game.check_invariants()


GAME_CLASS = JohnCompanyGame
# The Crown of the Crown Handbook (solo; option crown): plays the Crown's seat (bots/crown.py).
BOTS = {"crown": "coin_env.games.john_company.bots.crown:CrownBot"}


def load_data(content=None):
    return _load_data(content)


def new_game(scenario=None, seed=0, options=None, position=None, debug=False, log=False, dice=None):
    """A new game: ``new_game("1710", seed=0, options={"families": 4})``; ``position``: a readable
    adjustment of the set-up (position.py); ``dice``: die results queued before the game starts (for rolls
    made before the first decision, e.g. a position starting at Events in India; ``coin_env.make_game``'s
    ``dice``). The order of per-item rolls is listed in position.py (DICE ORDER)."""
    scenario = scenario or DEFAULT_SCENARIO
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; available: {list(SCENARIOS)} (1758 and 1813 need "
                         "printed data the sources lack)")
    options = validate_options(options or {})
    game = build_from_position(JohnCompanyGame, options, seed, position, debug=debug, scenario=scenario)
    if position is not None:
        check_built(game, position)
    elif debug:
        game.check_invariants()
    if log:
        game.enable_log()
    if dice:                        # die results for the rolls made before the first decision
        game.script_dice(dice)
    if position is None:
        game.advance()
    else:
        start_at_position(game, position)
    return game


def load_game(text: str, debug: bool = False) -> JohnCompanyGame:
    """Restore a game saved with ``game.to_json()`` (also ``coin_env.load_game(text)``: the game is registered)."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("game") != "john_company":
        raise ValueError("not a John Company save")
    return JohnCompanyGame.from_dict(data, debug=debug)


# --- registration in coin_env (coin_env.core.registry) ----------------------------------------------------
# The game's scenarios (1758 and 1813 need printed data the sources lack); Long 1710: RB p.4, rules/deregulation.py.
SCENARIOS = ("1710", "Long 1710")
DEFAULT_SCENARIO = "1710"
# The set-ups `coin-env fuzz john_company` cycles through (agents/fuzz.py: the seed picks one).
FUZZ_OPTIONS = ({"families": 4}, {"families": 1, "crown": True}, {"families": 2}, {"families": 3},
                {"families": 5}, {"families": 6}, {"families": 1}, {"families": 2, "setup_deal": "draw"},
                {"families": 1, "crown": True, "crown_difficulty": "legendary"}, {"families": 1, "setup_deal": "draw"},
                {"families": 4, "negotiation": "offers"}, {"families": 6, "negotiation": "offers"},
                {"families": 3, "blackmail_windows": "everyone"},
                {"families": 1, "crown": True, "blackmail_windows": "everyone"})
