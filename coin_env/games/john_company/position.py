"""Readable positions in the rulebook's names: a set-up adjustment, or the whole game at any decision.

``new_game("1710", seed, {"families": 3}, position={...})`` builds the normal set-up, then applies the
entries below, recounts every family's supply (18 pieces, the Crown 36, minus those on the board) and
refuses anything inconsistent with one ValueError naming the key. A rulebook example writes only what it
needs; ``game.to_position()`` writes every entry, so that ``new_game(position=game.to_position())`` is the
same game at the same decision (same prompt, player, legal actions and state; a position is not a save:
its random stream comes from the ``seed`` given with it). Families are named by key ("benyon"); offices,
Presidencies, regions, orders, sea zones, ships, laws and London cards by their names (the three Rotten
Boroughs, alike in play, as "Rotten Borough #1" .. "#3"; the plain name takes the next copy).

Set-up keys: ``phase`` ("london_season" with ``turn`` >= 2 -- the London Season is skipped on turn 1 --,
"family", "hiring", "operations", "bonuses", "revenue", "events", "parliament", "upkeep": the turn starts
at that phase), ``turn``, ``offices`` {office: family or None}, ``fatigue`` {office: n},
``chairman_title`` family, ``court`` / ``cash`` / ``vp`` / ``officers_in_training`` / ``trophies``
{family: n}, ``writers`` {family: {Presidency: n}}, ``officers`` {family: {Presidency: n}} (active),
``commanders`` {Presidency: family or None}, ``regiments`` {Presidency: n}, ``debt``, ``balance``,
``standing``, ``dial`` (policy dial space 0-13), ``treasuries`` {treasury: £}, ``orders`` {order: "open"
| "closed" | {"filled": Presidency, "writer": family or None}}, ``control`` {region: Presidency or None}
(Company-controlled regions have no dome or tower and their loot token is facedown), ``strength``
{region: n}, ``unrest`` {region: n}, ``empires`` {capital region: [dominated regions]} (replaces every
flag), ``opportunity`` {family: action key or None}, ``stock_exchange`` [family or None] x5, ``ships``
{ship: {"owner": family or None, "zone": a sea zone, "China", "firm charter" or None, "fatigued": bool}} (replaces every player ship: a
ship not listed is in the supply with its shipyard), ``company_ships`` {zone: n}, ``china_open`` bool,
``laws_in_force`` [law names], ``law_deck`` [law names, top first] and ``event_stack`` [tile numbers, top
first] (the rest follows in its dealt order), ``prestige`` / ``blackmail`` {family: [card names]} (taken
from wherever they are), ``elephant`` {"region": r, "facing": r or None}, ``alliances`` {alliance:
"exhausted" | "active" | "used"}, ``prizes`` {family: [pieces on prize boxes 1-5]} (retired pieces; VP
unchanged), ``pm`` family (the Prime Minister); with the option ``crown`` only, ``climate`` (Bull, Stag,
Lion, Bear, Peacock) and ``ai_card`` (1-10, the faceup AI card; the deck keeps the others in dealt order).

What ``to_position`` adds, the whole game: ``game``, ``scenario`` ("1710" or "custom"), ``seats`` (the
seating order, clockwise), ``last_turn``, ``decisions`` (made so far), ``phase_decisions`` (made in the
phase under way), ``opposition_leader``, ``offices_not_in_play`` [offices] (with it the offices in play
are exactly the others), ``officers_exhausted`` {family: {Presidency: n}}, ``regiments_exhausted``
{Presidency: n}, ``pensioners`` / ``law_tokens`` / ``workshops`` / ``luxuries`` {family: n}, ``domes`` /
``loot_faceup`` / ``ships_under_construction`` [regions] (RB p.23), ``extra_ships`` {zone: n},
``event_discards`` [tiles] (with it ``event_stack`` is the whole stack), ``law_discards`` [laws] (with it
``law_deck`` is the whole deck), ``london_deck`` [cards, top first] (with it the London cards are stated
in full: ``display``, each family's ``prestige``, ``blackmail`` and ``blackmail_played``; a card named
nowhere is out of the game), ``peeked`` {family: [cards]} (facedown blackmail it has looked at, RB p.12),
``power_track`` [power tokens], ``share_vp``, ``setup_cards`` {family: [numbers]}, ``setup_deck``
[numbers, top first], ``regions_lost`` (this turn, RB p.29), ``company_failed``, the Crown's ``ai_deck``
[top first], ``ai_discards``, ``promise_cubes`` {"crown": n, "family": n}, ``promise_cards`` (Easy: the
family's promise cards left) and ``favours`` {"turn": n, "done": [favours this turn], "total": n}
(rules/crown_favours.py); ``firms`` (Long 1710 after Deregulation: the firms, Debtor's Prison and invested
workshops as rules/firms.py keeps them); with the option
``negotiation: "offers"``, ``promises`` {guarantor family: family holding its Consent to Nepotism card}.

``in_progress`` {"frames": [...]}: in the middle of a procedure, the engine's own decision stack, copied
from ``to_position()`` and checked like a save's; with it (or ``result``) ``phase`` is the phase under way,
not one to start. ``to_position`` leaves it out at the first decision of a phase when starting the phase
anew rebuilds exactly this state with no die or shuffle (so under any seed). ``result``: a finished
game's outcome (it loads finished; checked against the VP track). Derived, checked when given:
``supply`` {family: n}, ``victory_totals`` {family: VP}, ``decision_pending`` (the prompt).

``stop_at``: a named point where the game pauses instead of running on with the game's dice (rules/stops.py):
"The London Season", "Family", "Hiring", "Company Operation", "Bonuses", "Revenue", "Events in India",
"Parliament Meets", "Upkeep and Refresh" (before the phase's first roll or decision) and "the storm die" (Events
in India, after its opening blackmail windows, before the storm die). There the first family in seat order is
asked "paused before <point>: done to continue" with the single action ``done``; the pause is a decision on the
stack like any other (saved, cloned, written by ``to_position`` in ``in_progress``) and is not counted in
``decisions``. ``make_game(..., dice=[...])`` / ``game.script_dice`` then script the rolls that follow.

DICE ORDER -- the order in which the per-item rolls take their dice (what a ``dice`` script lists):
* Events in India (RB p.28): the storm die; then, for each sea zone its face hits in the order West Indian,
  South Indian, East Indian Ocean (the East Indian Ocean with China), one die per family-owned ship there in
  ship order (``static.SHIP_NAMES``), then one per ship of each firm whose strategy is that zone (firms in their
  order, each firm's ships in its charter order); then the event tiles' own rolls as each tile resolves.
* Region Loss (RB p.29): officer rout -- for each seated family in seat order, one die per officer of the
  Presidency's Army, active officers first, then exhausted ones (a 6 kills).
* London Season attrition (RB p.11): one die per held office in play, in office order (``static.OFFICE_NAMES``;
  a Chairman under Tenure Limits retires without a roll).
* Solo, Climate Shift (Crown Handbook): six dice, just before the votes when the family is PM, first thing in
  Parliament when the Crown is PM.
"""

from __future__ import annotations

import json

from .data import cards, company
from .data.crown import CLIMATES
from .data.scenarios import DEREGULATION_TOOLS
from .rules.crown_favours import KEYS as FAVOUR_KEYS
from .rules.stops import watch
from .setup import build_state
from .state import EXTRA_PHASES, JohnCompanyState, empty_firms, firms_spec
from .static import (ALLIANCE_NAMES, CHAIRMAN, CLOSED, CROWN, FAMILY_ACTION_KEYS, FAMILY_KEYS, FILLED,
                     GOVERNOR_OF_REGION, N_OFFICES, N_SLOTS, OFFICE_NAMES, OPEN, ORDER_NAMES, PHASES, PRESIDENCY_NAMES,
                     REGION_NAMES, SEA_ZONES, SHIP_NAMES, SUPERINTENDENT, TREASURY_NAMES)

SETUP_KEYS = ("phase", "turn", "offices", "fatigue", "chairman_title", "court", "cash", "vp", "writers", "officers",
              "commanders", "officers_in_training", "regiments", "debt", "balance", "standing", "treasuries",
              "orders", "control", "strength", "opportunity", "stock_exchange", "ships", "company_ships",
              "china_open", "laws_in_force", "prestige", "empires", "event_stack", "elephant", "alliances",
              "trophies", "unrest", "pm", "law_deck", "dial", "climate", "ai_card", "prizes", "blackmail")
WHOLE_GAME_KEYS = ("game", "scenario", "seats", "last_turn", "decisions", "phase_decisions", "opposition_leader",
                   "offices_not_in_play", "officers_exhausted", "regiments_exhausted", "pensioners", "law_tokens",
                   "workshops", "luxuries", "domes", "loot_faceup", "extra_ships", "ships_under_construction",
                   "event_discards", "law_discards", "london_deck", "display", "blackmail_played", "peeked",
                   "power_track", "share_vp", "setup_cards", "setup_deck", "regions_lost", "company_failed",
                   "ai_deck", "ai_discards", "promise_cubes", "promise_cards", "favours", "promises", "firms", "in_progress",
                   "result")
DERIVED_KEYS = ("supply", "victory_totals", "decision_pending")
STOP_KEYS = ("stop_at",)            # a pause at a named point (rules/stops.py); to_position writes it in in_progress
KEYS = SETUP_KEYS + WHOLE_GAME_KEYS + DERIVED_KEYS + STOP_KEYS
# Phases a position may start at (without in_progress): the phase before it is taken as just finished.
START_PHASES = ("london_season", "family", "hiring", "operations", "bonuses", "revenue", "events", "parliament",
                "upkeep")
IN_PROGRESS_KEYS = ("frames",)
FAMILY_COUNTERS = ("court", "cash", "vp", "officers_in_training", "trophies", "pensioners", "law_tokens", "workshops",
                   "luxuries")
LAW_BY_NAME = {law[1]: law[0] for law in cards.LAWS}
LAW_NAME = {law[0]: law[1] for law in cards.LAWS}
TILE_IDS = sorted(t[0] for t in cards.EVENT_TILES)
# A local alliance: bottom half, top half (purchased), or exhausted in an action this turn (RB p.22).
ALLIANCE_STATES = ("exhausted", "active", "used")
POWER_TOKENS = tuple(company.POWER_TRACK_1710[0])
# Where a fitted player ship is: a sea zone, China, or a firm's charter (rules/firms.py FIRM_CHARTER, RB p.37)
SHIP_PLACES = list(SEA_ZONES) + ["firm charter"]


def _london_names() -> dict[int, str]:
    """Card id -> its name in positions; copies of one card (the Rotten Boroughs) are numbered #1, #2, ..."""
    every = cards.SPOUSES + cards.ENTERPRISE_PRESTIGE + cards.BLACKMAIL
    count = {}
    for c in every:
        count[c[1]] = count.get(c[1], 0) + 1
    out, seen = {}, {}
    for c in sorted(every):
        if count[c[1]] > 1:
            seen[c[1]] = seen.get(c[1], 0) + 1
            out[c[0]] = f"{c[1]} #{seen[c[1]]}"
        else:
            out[c[0]] = c[1]
    return out


LONDON_NAME = _london_names()
LONDON_BY_NAME = {n: c for c, n in LONDON_NAME.items()}
PRESTIGE_IDS = {c[0] for c in cards.SPOUSES + cards.ENTERPRISE_PRESTIGE}
BLACKMAIL_IDS = {c[0] for c in cards.BLACKMAIL}


# --- typed readers: every error names the key ---------------------------------------------------------
def _index(names, value, what):
    if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in names:
        raise ValueError(f"position: unknown {what} {value!r}; known: {list(names)}")
    return list(names).index(value)


def _int(value, lo: int, hi: int, where: str) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"position: {where} must be an integer {lo}..{hi}, not {value!r}")
    return value


def _dict(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"position: {where} must be a JSON object, not {value!r}")
    return value


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"position: {where} must be a list, not {value!r}")
    return value


def _bool(value, where: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"position: {where} must be true or false, not {value!r}")
    return value


def _range(name: str) -> tuple[int, int]:
    """The state's declared range of an array (state.ARRAY_RANGES): a position writes what a save may hold."""
    return JohnCompanyState.ARRAY_RANGES[name]


def _count(value, array: str, where: str) -> int:
    lo, hi = _range(array)
    return _int(value, max(lo, 0), hi, where)


class _London:
    """Reads London card names; a plain name of a card with copies takes the next copy not yet named."""

    def __init__(self):
        self.taken: set[int] = set()

    def card(self, value, where: str, kinds: set[int] | None = None) -> int:
        if isinstance(value, str) and value not in LONDON_BY_NAME:
            free = [c for c, n in sorted(LONDON_NAME.items())
                    if n.split(" #")[0] == value and c not in self.taken and n != value]
            if free:
                value = LONDON_NAME[free[0]]
        if not isinstance(value, str) or value not in LONDON_BY_NAME:
            raise ValueError(f"position: {where}: unknown card {value!r}")
        c = LONDON_BY_NAME[value]
        if kinds is not None and c not in kinds:
            raise ValueError(f"position: {where}: {value!r} is not a card of that kind")
        self.taken.add(c)
        return c

    def cards(self, values, where: str, kinds: set[int] | None = None) -> list[int]:
        return [self.card(v, where, kinds) for v in _list(values, where)]


def _law(value, where: str) -> int:
    if not isinstance(value, str) or value not in LAW_BY_NAME:
        raise ValueError(f"position: {where}: unknown law {value!r}")
    return LAW_BY_NAME[value]


def _laws(values, where: str) -> list[int]:
    out = [_law(v, where) for v in _list(values, where)]
    if len(set(out)) != len(out):
        raise ValueError(f"position: {where} names a law twice")
    return out


def _tiles(values, where: str) -> list[int]:
    out = [_int(t, TILE_IDS[0], TILE_IDS[-1], where) for t in _list(values, where)]
    if any(t not in TILE_IDS for t in out) or len(set(out)) != len(out):
        raise ValueError(f"position: {where} holds distinct tile numbers of {TILE_IDS}")
    return out


# --- applying a position to a new game's state ---------------------------------------------------------
def build_from_position(game_class, options: dict, seed: int, position=None, debug: bool = False,
                        scenario: str = "1710"):
    """The game of the set-up adjusted by ``position`` (position.py), before its first decision is sought:
    new_game's first step, and how ``to_position`` checks that a phase start rebuilds the same decision."""
    state = build_state(seed, options, scenario)
    if position is not None:
        apply_position(state, position)
    return game_class(state, options=options, debug=debug)


def apply_position(state, pos: dict) -> None:
    """Adjust the set-up ``state`` by ``pos`` (see the module docstring); refuses bad input naming the key."""
    s = state
    if not isinstance(pos, dict):
        raise ValueError("position must be a dict")
    for k in pos:
        if k not in KEYS:
            raise ValueError(f"position: unknown key {k!r}; known: {list(KEYS)}")
    _apply_header(s, pos)

    def fam(v, where="family"):
        if v is None:
            return -1
        i = _index(FAMILY_KEYS, v, where)
        if i not in s.seats:
            raise ValueError(f"position: family {v!r} is not seated in this game")
        return i

    _apply_company(s, pos, fam)
    _apply_families(s, pos, fam)
    _apply_india(s, pos, fam)
    _apply_ships(s, pos, fam)
    _apply_cards(s, pos, fam)
    _apply_crown(s, pos)
    _apply_promises(s, pos, fam)
    _apply_firms(s, pos)
    _apply_record(s, pos, fam)
    _recount_supply(s)


def _apply_header(s, pos) -> None:
    """``game``, ``scenario`` and the seating order (a permutation of the seats the options give)."""
    if pos.get("game", "john_company") != "john_company":
        raise ValueError(f"position is for game {pos['game']!r}, not 'john_company'")
    if "scenario" in pos:
        names = [*DEREGULATION_TOOLS[0], "custom"]
        s.scenario = names[_index(names, pos["scenario"], "scenario")]
    if "seats" in pos:
        seats = [_index(FAMILY_KEYS, f, "family in seats") for f in _list(pos["seats"], "seats")]
        if sorted(seats) != sorted(s.seats):
            raise ValueError(f"position: seats {pos['seats']!r} must seat exactly "
                             f"{[FAMILY_KEYS[x] for x in sorted(s.seats)]} (the option families)")
        s.seats = seats


def _apply_company(s, pos, fam) -> None:
    """Offices, the Court, the Company's tracks and treasuries."""
    for o, who in _dict(pos.get("offices", {}), "offices").items():
        i = _index(OFFICE_NAMES, o, "office")
        s.office_exists[i] = 1
        s.office_holder[i] = fam(who)
        s.office_fatigue[i] = 0
        if o == "Governor General":          # the law replaces the Director of Trade (RB p.26)
            s.office_exists[1] = 0
            s.office_holder[1] = -1
    for o, n in _dict(pos.get("fatigue", {}), "fatigue").items():
        s.office_fatigue[_index(OFFICE_NAMES, o, "office")] = _count(n, "office_fatigue", f"fatigue.{o}")
    if "chairman_title" in pos:
        s.chairman_title = fam(pos["chairman_title"])
    elif s.office_holder[CHAIRMAN] >= 0:
        s.chairman_title = int(s.office_holder[CHAIRMAN])
    for k, hi in (("debt", company.MAX_DEBT[0]), ("standing", 7), ("balance", 10**5), ("dial", 13)):
        if k in pos:
            setattr(s, k, _int(pos[k], 0, hi, k))
    for t, n in _dict(pos.get("treasuries", {}), "treasuries").items():
        s.treasury[_index(TREASURY_NAMES, t, "treasury")] = _count(n, "treasury", f"treasuries.{t}")
    if "stock_exchange" in pos:
        se = pos["stock_exchange"]
        if not isinstance(se, list) or len(se) != 5:
            raise ValueError("position: stock_exchange is a list of 5 families or None")
        for i, f in enumerate(se):
            s.stock_exchange[i] = fam(f)
    for k in ("pm", "opposition_leader"):
        if k in pos:
            setattr(s, k, fam(pos[k]))
    if "share_vp" in pos:
        s.share_vp = _int(pos["share_vp"], 1, 3, "share_vp")
    if "power_track" in pos:
        track = _list(pos["power_track"], "power_track")
        if sorted(map(str, track)) != sorted(POWER_TOKENS) or not all(isinstance(t, str) for t in track):
            raise ValueError(f"position: power_track orders the power tokens {list(POWER_TOKENS)}")
        s.power_track = list(track)


def _apply_families(s, pos, fam) -> None:
    """Each family's counters, pieces in the Presidencies, prizes, opportunity marker and setup cards."""
    for key in FAMILY_COUNTERS:
        lo, hi = _range(key)
        for f, n in _dict(pos.get(key, {}), key).items():
            getattr(s, key)[fam(f)] = _int(n, lo, hi, f"{key}.{f}")
    _apply_presidency_boxes(s, pos, fam)
    for f, a in _dict(pos.get("opportunity", {}), "opportunity").items():
        if a is not None and a not in FAMILY_ACTION_KEYS:
            raise ValueError(f"position: unknown family action {a!r}")
        s.opportunity[fam(f)] = a
    for f, boxes in _dict(pos.get("prizes", {}), "prizes").items():
        if not (isinstance(boxes, list) and len(boxes) == 5 and all(type(b) is int and 0 <= b <= 36 for b in boxes)):
            raise ValueError("position: prizes are {family: [n, n, n, n, n]} (pieces on prize boxes 1-5)")
        s.prize_pieces[fam(f)] = boxes
    _apply_setup_cards(s, pos, fam)


def _apply_presidency_boxes(s, pos, fam) -> None:
    """Writers, officers (active, then exhausted: RB p.19 top / bottom half), Commanders and regiments. A
    ``writers`` or ``officers`` entry replaces every family's; ``officers_exhausted`` the exhausted ones."""
    for key, col in (("writers", None), ("officers", 0), ("officers_exhausted", 1)):
        if key not in pos:
            continue
        target = s.writers if key == "writers" else s.officers
        if key == "officers_exhausted":
            target[:, :, 1] = 0
        else:
            target[:] = 0
        array = "writers" if key == "writers" else "officers"
        for f, boxes in _dict(pos[key], key).items():
            for p, n in _dict(boxes, f"{key}.{f}").items():
                i = (fam(f), _index(PRESIDENCY_NAMES, p, "Presidency"))
                target[i if col is None else i + (col,)] = _count(n, array, f"{key}.{f}.{p}")
    for p, who in _dict(pos.get("commanders", {}), "commanders").items():
        s.commander[_index(PRESIDENCY_NAMES, p, "Presidency")] = fam(who)
    for p, n in _dict(pos.get("regiments", {}), "regiments").items():
        s.regiments[_index(PRESIDENCY_NAMES, p, "Presidency")] = (_count(n, "regiments", f"regiments.{p}"), 0)
    for p, n in _dict(pos.get("regiments_exhausted", {}), "regiments_exhausted").items():
        s.regiments[_index(PRESIDENCY_NAMES, p, "Presidency"), 1] = _count(n, "regiments", f"regiments_exhausted.{p}")


def _apply_setup_cards(s, pos, fam) -> None:
    """The setup cards each seat took, and those still to draw in a drawn deal (RB p.43-44); none twice."""
    numbers = sorted(c[0] for c in s.data.setup_cards)
    for f, listed in _dict(pos.get("setup_cards", {}), "setup_cards").items():
        s.setup_cards[fam(f)] = [numbers[_index(numbers, n, "setup card")] for n in _list(listed, f"setup_cards.{f}")]
    if "setup_deck" in pos:
        s.setup_deck = list(reversed([numbers[_index(numbers, n, "setup card")]
                                      for n in _list(pos["setup_deck"], "setup_deck")]))
    named = [c for cards_ in s.setup_cards for c in cards_] + s.setup_deck
    if len(set(named)) != len(named):
        raise ValueError("position: a setup card is named twice (setup_cards, setup_deck)")


def _apply_india(s, pos, fam) -> None:
    """Orders, regions (control, towers, domes, loot, empires, unrest), alliances and the elephant."""
    for o, st in _dict(pos.get("orders", {}), "orders").items():
        i = _index(ORDER_NAMES, o, "order")
        if isinstance(st, dict):
            if set(st) - {"filled", "writer"} or "filled" not in st:
                raise ValueError(f"position: orders.{o} is 'open', 'closed' or "
                                 "{'filled': Presidency, 'writer': family or None}")
            s.order_state[i] = FILLED
            s.order_presidency[i] = -1 if st["filled"] is None else _index(PRESIDENCY_NAMES, st["filled"], "Presidency")
            s.order_writer[i] = fam(st.get("writer"))
        else:
            s.order_state[i] = (OPEN, CLOSED)[_index(["open", "closed"], st, f"orders.{o} state")]
            s.order_presidency[i] = -1
            s.order_writer[i] = -1
    for r, p in _dict(pos.get("control", {}), "control").items():
        ri = _index(REGION_NAMES, r, "region")
        if p is None:
            s.control[ri] = -1
            s.dome[ri] = 1
            s.office_exists[GOVERNOR_OF_REGION[ri]] = 0
        else:
            s.control[ri] = _index(PRESIDENCY_NAMES, p, "Presidency")
            s.dome[ri] = 0
            s.strength[ri] = 0
            s.flag[ri] = -1
            s.loot_faceup[ri] = 0
            s.office_exists[GOVERNOR_OF_REGION[ri]] = 1
    for r, n in _dict(pos.get("strength", {}), "strength").items():
        s.strength[_index(REGION_NAMES, r, "region")] = _count(n, "strength", f"strength.{r}")
    for key, array in (("domes", "dome"), ("loot_faceup", "loot_faceup"), ("ships_under_construction",
                                                                             "region_company_ship")):
        if key in pos:
            getattr(s, array)[:] = 0
            for r in _list(pos[key], key):
                getattr(s, array)[_index(REGION_NAMES, r, "region")] = 1
    if "empires" in pos:
        s.flag[:] = -1
        for cap, dominated in _dict(pos["empires"], "empires").items():
            c = _index(REGION_NAMES, cap, "region")
            s.flag[c] = c
            for r in _list(dominated, f"empires.{cap}"):
                s.flag[_index(REGION_NAMES, r, "region")] = c
    for r, n in _dict(pos.get("unrest", {}), "unrest").items():
        s.unrest[_index(REGION_NAMES, r, "region")] = _count(n, "unrest", f"unrest.{r}")
    if "elephant" in pos:
        e = _dict(pos["elephant"], "elephant")
        _index(REGION_NAMES, e.get("region"), "region")
        if e.get("facing") is not None:
            _index(REGION_NAMES, e["facing"], "region")
        s.elephant = {"region": e["region"], "facing": e.get("facing")}
    for a, st in _dict(pos.get("alliances", {}), "alliances").items():
        s.alliance_active[_index(ALLIANCE_NAMES, a, "alliance")] = _index(ALLIANCE_STATES, st, f"alliances.{a} state")
    if _bool(pos.get("china_open", False), "china_open"):
        s.office_exists[SUPERINTENDENT] = 1
    if "offices_not_in_play" in pos:            # after control: the offices in play are exactly the others
        gone = {_index(OFFICE_NAMES, o, "office") for o in _list(pos["offices_not_in_play"], "offices_not_in_play")}
        named = {_index(OFFICE_NAMES, o, "office") for o in pos.get("offices", {})}
        if gone & named:
            raise ValueError("position: an office is both in offices and in offices_not_in_play")
        for i in range(N_OFFICES):
            s.office_exists[i] = 0 if i in gone else 1
            if i in gone:
                s.office_holder[i] = -1
                s.office_fatigue[i] = 0


def _apply_ships(s, pos, fam) -> None:
    if "ships" in pos:
        s.shipyard_owner[:] = -1
        s.ship_zone[:] = -1
        s.ship_fatigued[:] = 0
    for ship, d in _dict(pos.get("ships", {}), "ships").items():
        i = _index(SHIP_NAMES, ship, "ship")
        d = _dict(d, f"ships.{ship}")
        if set(d) - {"owner", "zone", "fatigued"}:
            raise ValueError(f"position: ships.{ship} has keys owner, zone, fatigued only")
        s.shipyard_owner[i] = fam(d.get("owner"))
        z = d.get("zone")
        s.ship_zone[i] = -1 if z is None else _index(SHIP_PLACES, z, "ship's place")
        s.ship_fatigued[i] = int(_bool(d.get("fatigued", False), f"ships.{ship}.fatigued"))
    for key, array in (("company_ships", "company_ships"), ("extra_ships", "extra_ships")):
        for z, n in _dict(pos.get(key, {}), key).items():
            getattr(s, array)[_index(SEA_ZONES, z, "sea zone")] = _count(n, array, f"{key}.{z}")


def _apply_cards(s, pos, fam) -> None:
    """Laws, event tiles and the London cards."""
    if "laws_in_force" in pos:
        s.laws_in_force = _laws(pos["laws_in_force"], "laws_in_force")
    if "law_discards" in pos:
        s.law_discards = _laws(pos["law_discards"], "law_discards")
    if "law_deck" in pos or "law_discards" in pos:
        top = _laws(pos.get("law_deck", []), "law_deck")
        named = set(top) | set(s.law_discards) | (set(s.laws_in_force) if "law_discards" in pos else set())
        rest = [] if "law_discards" in pos and "law_deck" in pos else [x for x in s.law_deck if x not in named]
        s.law_deck = rest + list(reversed(top))
    if "event_stack" in pos or "event_discards" in pos:
        top = _tiles(pos.get("event_stack", []), "event_stack")
        s.event_discards = _tiles(pos.get("event_discards", []), "event_discards")
        if set(top) & set(s.event_discards):
            raise ValueError("position: a tile is both in event_stack and event_discards")
        exact = "event_discards" in pos and "event_stack" in pos
        rest = [] if exact else [x for x in s.event_stack if x not in top and x not in s.event_discards]
        s.event_stack = rest + list(reversed(top))          # the end of the list is the top
    if "london_deck" in pos:
        _apply_london_exact(s, pos, fam)
        return
    for f, names in _dict(pos.get("blackmail", {}), "blackmail").items():
        ids = _London().cards(names, f"blackmail.{f}", BLACKMAIL_IDS)
        _take_out(s, ids)
        s.hands[fam(f)]["blackmail"] = s.hands[fam(f)]["blackmail"] + ids
    for f, names in _dict(pos.get("prestige", {}), "prestige").items():
        ids = _London().cards(names, f"prestige.{f}", PRESTIGE_IDS)
        _take_out(s, ids)
        s.hands[fam(f)]["prestige"] = ids


def _take_out(s, ids) -> None:
    """A set-up adjustment gives a family these London cards: each is taken from wherever it is (the deck,
    the display -- refilled from the deck --, a hand), so that no card is in two places."""
    for c in ids:
        for h in s.hands:
            for part in ("prestige", "blackmail"):
                h[part] = [x for x in h[part] if x != c]
        s.london_deck = [x for x in s.london_deck if x != c]
        if c in s.display:
            s.display[s.display.index(c)] = s.london_deck.pop()


def _apply_london_exact(s, pos, fam) -> None:
    """The London cards in full: the deck (top first), the display, each family's cards; no card twice."""
    read = _London()
    deck = read.cards(pos["london_deck"], "london_deck")
    display = read.cards(pos.get("display", []), "display")
    if len(display) > 3:
        raise ValueError("position: display holds at most 3 cards (RB p.12)")
    for h in s.hands:
        h.update(prestige=[], blackmail=[], used=[])
    for key, kind, kinds in (("prestige", "prestige", PRESTIGE_IDS), ("blackmail", "blackmail", BLACKMAIL_IDS),
                             ("blackmail_played", "used", BLACKMAIL_IDS)):
        for f, names in _dict(pos.get(key, {}), key).items():
            s.hands[fam(f)][kind] = read.cards(names, f"{key}.{f}", kinds)
    placed = deck + display + [c for h in s.hands for part in h.values() for c in part]
    if len(set(placed)) != len(placed):
        raise ValueError("position: a London card is in two places (london_deck, display, prestige, blackmail, "
                         "blackmail_played)")
    s.london_deck = list(reversed(deck))
    s.display = display
    for f, names in _dict(pos.get("peeked", {}), "peeked").items():
        s.peeked[fam(f)] = sorted(set(_London().cards(names, f"peeked.{f}", BLACKMAIL_IDS)))


def _apply_crown(s, pos) -> None:
    """The Crown's AI deck, climate and promise cubes (option crown only)."""
    crown_keys = ("climate", "ai_card", "ai_deck", "ai_discards", "promise_cubes", "promise_cards", "favours")
    if any(k in pos for k in crown_keys) and s.crown is None:
        raise ValueError(f"position: {[k for k in crown_keys if k in pos]} need the option crown")
    if s.crown is None:
        return
    ids = [c["id"] for c in s.data.crown_ai_cards]
    if "ai_card" in pos:
        if pos["ai_card"] not in ids or type(pos["ai_card"]) is not int:
            raise ValueError(f"position: ai_card must be one of {ids}")
        rest = [c for c in s.crown["deck"] + [s.crown["card"]] + s.crown["discards"] if c != pos["ai_card"]]
        s.crown = dict(s.crown, card=pos["ai_card"], deck=rest, discards=[])
    if "ai_deck" in pos or "ai_discards" in pos:
        deck = [ids[_index(ids, c, "AI card")] for c in _list(pos.get("ai_deck", []), "ai_deck")]
        discards = [ids[_index(ids, c, "AI card")] for c in _list(pos.get("ai_discards", []), "ai_discards")]
        every = deck + discards + [s.crown["card"]]
        if sorted(every) != sorted(ids):
            raise ValueError(f"position: ai_card, ai_deck and ai_discards hold each AI card {ids} once")
        s.crown = dict(s.crown, deck=list(reversed(deck)), discards=discards)
    if "climate" in pos:
        s.crown = dict(s.crown, climate=_index(CLIMATES, pos["climate"], "climate"))
    if "promise_cubes" in pos:
        cubes = _dict(pos["promise_cubes"], "promise_cubes")
        if set(cubes) != {"crown", "family"}:
            raise ValueError("position: promise_cubes is {'crown': n, 'family': n}")
        s.crown = dict(s.crown, cubes={k: _int(v, 0, 99, f"promise_cubes.{k}") for k, v in cubes.items()})
    if "promise_cards" in pos:
        s.crown = dict(s.crown, promise_cards=_int(pos["promise_cards"], 0, 5, "promise_cards"))
    if "favours" in pos:
        fav = _dict(pos["favours"], "favours")
        if set(fav) != {"turn", "done", "total"}:
            raise ValueError("position: favours is {'turn': n, 'done': [favours this turn], 'total': n}")
        done = [FAVOUR_KEYS[_index(FAVOUR_KEYS, k, "favour")] for k in _list(fav["done"], "favours.done")]
        s.crown = dict(s.crown, favours={"turn": _int(fav["turn"], 0, 8, "favours.turn"), "done": done,
                                         "total": _int(fav["total"], 0, 10**6, "favours.total")})


def _apply_promises(s, pos, fam) -> None:
    """Who holds each family's Consent to Nepotism promise card (option negotiation "offers", rules/offers.py)."""
    if "promises" not in pos:
        return
    if not s.promises:
        raise ValueError("position: promises need the option negotiation 'offers'")
    given = _dict(pos["promises"], "promises")
    for g, h in given.items():
        s.promises[fam(g, "promises guarantor")] = fam(h, f"promises.{g}")
    if any(h < 0 for g, h in enumerate(s.promises) if g in s.seats):
        raise ValueError("position: every seated family's promise card is held by a seated family")


def _apply_firms(s, pos) -> None:
    """The private firms (Long 1710 after Deregulation, rules/firms.py): their record as the engine keeps it."""
    if "firms" not in pos:
        return
    record = _plain(pos["firms"], "firms")
    firms_spec().check(record, "firms")
    sizes = {"prison": N_SLOTS, "invested": N_SLOTS, "mature": N_SLOTS, "order_firm": len(ORDER_NAMES)}
    for key, n in sizes.items():
        if len(record[key]) != n:
            raise ValueError(f"position: firms.{key} has one entry per {'order' if key == 'order_firm' else 'slot'} "
                             f"({n}), not {len(record[key])}")
    if any(len(x["shares"]) != N_SLOTS for x in record["firms"]):
        raise ValueError(f"position: firms.firms[].shares has one entry per slot ({N_SLOTS})")
    s.firms = record


def _apply_record(s, pos, fam) -> None:
    """Turn, phase and what is under way: a phase to start, the engine's record, or a finished game."""
    if "turn" in pos:
        s.turn = _int(pos["turn"], 1, 8, "turn")
    if "last_turn" in pos:
        s.last_turn = _int(pos["last_turn"], 1, 8, "last_turn")
    if "decisions" in pos:
        s.decisions = _int(pos["decisions"], 0, 10**9, "decisions")
    if "phase_decisions" in pos:
        s.card_decisions = _int(pos["phase_decisions"], 0, s.decisions, "phase_decisions (at most decisions)")
        if s.card_decisions and "in_progress" not in pos and pos.get("result") is None:
            raise ValueError("position: phase_decisions counts the decisions made in the phase under way: a "
                             "position starting a phase (no in_progress) has 0")
    if "regions_lost" in pos:
        s.regions_lost = _int(pos["regions_lost"], 0, len(REGION_NAMES), "regions_lost")
    if "company_failed" in pos:
        s.company_failed = _bool(pos["company_failed"], "company_failed")
    if "in_progress" in pos and pos.get("result") is not None:
        raise ValueError("position: give in_progress or result, not both (a finished game has no decision)")
    if pos.get("result") is not None:
        _apply_result(s, pos)
    elif "in_progress" in pos:
        _apply_in_progress(s, pos)
    elif "phase" in pos:
        _apply_start_phase(s, pos["phase"])
    if "stop_at" in pos:
        _apply_stop(s, pos)


def _apply_stop(s, pos) -> None:
    """``stop_at``: the game pauses at that point (rules/stops.py); not for a finished game."""
    if pos.get("result") is not None:
        raise ValueError("position: stop_at needs a game that goes on (not a result)")
    if any(f.get("kind") == "stop_watch" for f in s.frames):
        raise ValueError("position: stop_at given twice (in_progress already waits for a stop)")
    watch(s, pos["stop_at"])


def _apply_start_phase(s, phase) -> None:
    """The turn starts at ``phase``: the phase before it counts as just finished (turn.next_phase)."""
    _index(START_PHASES, phase, "phase (to start at)")
    if phase == "london_season":
        if s.turn < 2:
            raise ValueError("position: the London Season needs turn >= 2 (RB p.11)")
        s.turn -= 1
        s.phase = "upkeep"
    else:
        s.phase = PHASES[PHASES.index(phase) - 1]


def _exact_phase(s, pos) -> None:
    """With in_progress or a result, ``phase`` is the phase under way (set-up and final scoring included)."""
    if "phase" not in pos:
        raise ValueError("position: in_progress and result need the phase under way")
    s.phase = PHASES_AND_MORE[_index(PHASES_AND_MORE, pos["phase"], "phase")]


PHASES_AND_MORE = ["setup"] + PHASES + ["final_scoring"] + EXTRA_PHASES     # Long 1710's inserted phases too


def _apply_in_progress(s, pos) -> None:
    """The engine's own record of the procedure under way (frames checked once the game is built)."""
    record = _dict(pos["in_progress"], "in_progress")
    if set(record) != set(IN_PROGRESS_KEYS):
        raise ValueError(f"position: in_progress has exactly {list(IN_PROGRESS_KEYS)} (copy it from to_position())")
    _exact_phase(s, pos)
    frames = _plain(record["frames"], "in_progress.frames")
    if not isinstance(frames, list) or not frames or not all(isinstance(f, dict) and isinstance(f.get("kind"), str)
                                                             for f in frames):
        raise ValueError("position: in_progress.frames is a non-empty list of decision frames (each with a 'kind')")
    s.frames = frames


def _apply_result(s, pos) -> None:
    """A finished game: loads over, with its outcome (checked against the VP track once the game is built)."""
    _exact_phase(s, pos)
    result = _plain(pos["result"], "result")
    if not isinstance(result, dict):
        raise ValueError(f"position: result must be a JSON object, not {result!r}")
    s.result = result
    s.over = True
    s.frames = []


def _plain(value, where: str):
    """A deep copy of JSON data (a position is JSON: anything else is refused naming the key)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        raise ValueError(f"position: {where} must be plain JSON data") from None


def _placed(s, slot: int) -> int:
    return (int(s.writers[slot].sum()) + int(s.officers[slot].sum()) + int(s.officers_in_training[slot])
            + int(s.court[slot]) + int(s.pensioners[slot]) + int(s.prize_pieces[slot].sum())
            + int((s.office_holder == slot).sum()) + int((s.commander == slot).sum())
            + int((s.stock_exchange == slot).sum()) + int((s.order_writer == slot).sum())
            + sum(x["shares"][slot] for x in s.firms["firms"]) + s.firms["prison"][slot])   # firms (RB p.38, p.41)


def _recount_supply(s) -> None:
    for slot in range(N_SLOTS):
        if slot not in s.seats:
            continue
        total = company.CROWN_PIECES[0] if slot == CROWN else company.FAMILY_PIECES[0]
        placed = _placed(s, slot)
        if placed > total:
            raise ValueError(f"position: {FAMILY_KEYS[slot]} has {placed} pieces on the board, only {total} exist")
        s.supply[slot] = total - placed


# --- once the game is built ----------------------------------------------------------------------------
def check_built(game, pos: dict) -> None:
    """Before the first decision: the built state passes a save's checks (shapes, ranges, specs), the
    board's invariants, and -- with in_progress or result -- the checks of a loaded decision stack or outcome."""
    s = game.state
    try:
        type(s).from_dict(s.to_dict())
    except ValueError as exc:
        raise ValueError(f"position gives an impossible state: {exc}") from None
    key = "in_progress" if "in_progress" in pos else "result" if pos.get("result") is not None else None
    if key is not None:
        try:
            game.validate_loaded()
        except ValueError as exc:
            raise ValueError(f"position's {key} cannot be restored: {exc}") from None
    try:
        game.check_invariants()
    except AssertionError as exc:
        raise ValueError(f"position breaks a rule of the board: {exc}") from None


def start(game, pos: dict) -> None:
    """Run to the first decision, then check the derived entries the position repeats."""
    from ...core.game import EngineError
    try:
        game.advance()
    except (EngineError, LookupError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"position cannot continue from its decision stack: {type(exc).__name__}: {exc}") from None
    check_derived(game, pos)


def check_derived(game, pos: dict) -> None:
    """``supply``, ``victory_totals`` and ``decision_pending`` must be what the position gives."""
    derived = derived_entries(game)
    for key in DERIVED_KEYS:
        if key in pos and pos[key] != derived[key]:
            raise ValueError(f"position: {key} = {pos[key]!r}, but the position gives {derived[key]!r} (it is "
                             f"derived: leave it out after editing the board)")


def derived_entries(game) -> dict:
    s = game.state
    return {"supply": {FAMILY_KEYS[x]: int(s.supply[x]) for x in sorted(s.seats)},
            "victory_totals": game.victory_totals(),
            "decision_pending": None if s.over else game.prompt()}


# --- writing a position ---------------------------------------------------------------------------------
def to_position(game) -> dict:
    """The whole game in readable entries (module docstring); ``in_progress`` only when the readable
    entries alone do not rebuild the decision (a procedure under way, not the start of a phase)."""
    s = game.state
    pos = {"game": "john_company", "scenario": s.scenario, "seats": [FAMILY_KEYS[x] for x in s.seats],
           "turn": s.turn, "last_turn": s.last_turn, "phase": s.phase, "decisions": s.decisions,
           "phase_decisions": s.card_decisions,
           **_company_entries(s), **_family_entries(s), **_india_entries(s), **_ship_entries(s),
           **_card_entries(s), **_crown_entries(s), **_promise_entries(s), **_firm_entries(s),
           "regions_lost": s.regions_lost, "company_failed": bool(s.company_failed)}
    pos.update(derived_entries(game))
    pos["result"] = _plain(s.result, "result") if s.over else None
    if not s.over and s.frames and not _phase_start_rebuilds(game, pos):
        pos["in_progress"] = {"frames": _plain(s.frames, "in_progress.frames")}
    return pos


def _fam(slot) -> str | None:
    return None if slot < 0 else FAMILY_KEYS[int(slot)]


def _company_entries(s) -> dict:
    exists = [i for i in range(N_OFFICES) if s.office_exists[i]]
    return {
        "offices": {OFFICE_NAMES[i]: _fam(s.office_holder[i]) for i in exists},
        "offices_not_in_play": [OFFICE_NAMES[i] for i in range(N_OFFICES) if not s.office_exists[i]],
        "fatigue": {OFFICE_NAMES[i]: int(s.office_fatigue[i]) for i in range(N_OFFICES) if s.office_fatigue[i]},
        "chairman_title": _fam(s.chairman_title), "pm": _fam(s.pm), "opposition_leader": _fam(s.opposition_leader),
        "debt": s.debt, "standing": s.standing, "balance": s.balance, "dial": s.dial, "share_vp": s.share_vp,
        "treasuries": {t: int(s.treasury[i]) for i, t in enumerate(TREASURY_NAMES)},
        "stock_exchange": [_fam(x) for x in s.stock_exchange],
        "power_track": list(s.power_track),
    }


def _per_presidency(table, seats) -> dict:
    out = {}
    for slot in sorted(seats):
        boxes = {p: int(table[slot][i]) for i, p in enumerate(PRESIDENCY_NAMES) if table[slot][i]}
        if boxes:
            out[FAMILY_KEYS[slot]] = boxes
    return out


def _family_entries(s) -> dict:
    seats = sorted(s.seats)
    out = {key: {FAMILY_KEYS[x]: int(getattr(s, key)[x]) for x in seats} for key in FAMILY_COUNTERS}
    out.update({
        "writers": _per_presidency(s.writers, seats),
        "officers": _per_presidency(s.officers[:, :, 0], seats),
        "officers_exhausted": _per_presidency(s.officers[:, :, 1], seats),
        "commanders": {p: _fam(s.commander[i]) for i, p in enumerate(PRESIDENCY_NAMES)},
        "regiments": {p: int(s.regiments[i, 0]) for i, p in enumerate(PRESIDENCY_NAMES)},
        "regiments_exhausted": {p: int(s.regiments[i, 1]) for i, p in enumerate(PRESIDENCY_NAMES)},
        "opportunity": {FAMILY_KEYS[x]: s.opportunity[x] for x in seats},
        "prizes": {FAMILY_KEYS[x]: [int(n) for n in s.prize_pieces[x]] for x in seats},
        "setup_cards": {FAMILY_KEYS[x]: list(s.setup_cards[x]) for x in seats},
        "setup_deck": list(reversed(s.setup_deck)),
    })
    return out


def _order_entry(s, i):
    st = int(s.order_state[i])
    if st == FILLED:
        p = int(s.order_presidency[i])
        return {"filled": None if p < 0 else PRESIDENCY_NAMES[p], "writer": _fam(s.order_writer[i])}
    return "open" if st == OPEN else "closed"


def _regions(mask) -> list[str]:
    return [r for i, r in enumerate(REGION_NAMES) if mask[i]]


def _india_entries(s) -> dict:
    empires = {}
    for i, r in enumerate(REGION_NAMES):
        if s.flag[i] >= 0:
            empires.setdefault(REGION_NAMES[int(s.flag[i])], [])
            if s.flag[i] != i:
                empires[REGION_NAMES[int(s.flag[i])]].append(r)
    return {
        "orders": {o: _order_entry(s, i) for i, o in enumerate(ORDER_NAMES)},
        "control": {r: None if s.control[i] < 0 else PRESIDENCY_NAMES[int(s.control[i])]
                    for i, r in enumerate(REGION_NAMES)},
        "strength": {r: int(s.strength[i]) for i, r in enumerate(REGION_NAMES)},
        "domes": _regions(s.dome), "loot_faceup": _regions(s.loot_faceup),
        "ships_under_construction": _regions(s.region_company_ship),
        "empires": empires,
        "unrest": {r: int(s.unrest[i]) for i, r in enumerate(REGION_NAMES)},
        "elephant": dict(s.elephant),
        "alliances": {a: ALLIANCE_STATES[s.alliance_active[i]] for i, a in enumerate(ALLIANCE_NAMES)},
    }


def _ship_entries(s) -> dict:
    ships = {}
    for i, name in enumerate(SHIP_NAMES):
        if s.shipyard_owner[i] >= 0 or s.ship_zone[i] >= 0 or s.ship_fatigued[i]:
            zone = None if s.ship_zone[i] < 0 else SHIP_PLACES[s.ship_zone[i]]
            entry = {"owner": _fam(s.shipyard_owner[i]), "zone": zone}
            if s.ship_fatigued[i]:
                entry["fatigued"] = True
            ships[name] = entry
    return {"ships": ships,
            "company_ships": {z: int(s.company_ships[i]) for i, z in enumerate(SEA_ZONES)},
            "extra_ships": {z: int(s.extra_ships[i]) for i, z in enumerate(SEA_ZONES)}}


def _names(ids) -> list[str]:
    return [LONDON_NAME[c] for c in ids]


def _card_entries(s) -> dict:
    seats = sorted(s.seats)
    return {
        "laws_in_force": [LAW_NAME[x] for x in s.laws_in_force],
        "law_deck": [LAW_NAME[x] for x in reversed(s.law_deck)],
        "law_discards": [LAW_NAME[x] for x in s.law_discards],
        "event_stack": list(reversed(s.event_stack)),
        "event_discards": list(s.event_discards),
        "london_deck": _names(reversed(s.london_deck)),
        "display": _names(s.display),
        "prestige": {FAMILY_KEYS[x]: _names(s.hands[x]["prestige"]) for x in seats},
        "blackmail": {FAMILY_KEYS[x]: _names(s.hands[x]["blackmail"]) for x in seats},
        "blackmail_played": {FAMILY_KEYS[x]: _names(s.hands[x]["used"]) for x in seats},
        "peeked": {FAMILY_KEYS[x]: _names(s.peeked[x]) for x in seats},
    }


def _crown_entries(s) -> dict:
    if s.crown is None:
        return {}
    cr = s.crown
    return {"climate": CLIMATES[cr["climate"]], "ai_card": cr["card"], "ai_deck": list(reversed(cr["deck"])),
            "ai_discards": list(cr["discards"]), "promise_cubes": dict(cr["cubes"]),
            "promise_cards": cr["promise_cards"], "favours": json.loads(json.dumps(cr["favours"]))}


def _firm_entries(s) -> dict:
    return {} if s.firms == empty_firms() else {"firms": _plain(s.firms, "firms")}


def _promise_entries(s) -> dict:
    if not s.promises:
        return {}
    return {"promises": {FAMILY_KEYS[g]: FAMILY_KEYS[h] for g, h in enumerate(s.promises) if g in s.seats}}


def _phase_start_rebuilds(game, pos: dict) -> bool:
    """Does the position without ``in_progress`` -- the turn starting at this phase -- rebuild exactly this
    state, without a die or a shuffle before the first decision (so whatever the seed)? Only at a phase's
    first decision (no decision made in it yet) can it."""
    s = game.state
    if s.card_decisions or s.phase not in START_PHASES:
        return False
    from ...core.game import EngineError
    try:
        other = build_from_position(type(game), game.options, 0, pos)
        rng = (other.state.rng.state, list(other.state.rng.dice or []))
        other.advance()
    except (ValueError, EngineError):       # not a start the set-up keys can state: keep the record
        return False
    if (other.state.rng.state, list(other.state.rng.dice or [])) != rng:
        return False
    mine, theirs = s.to_dict(), other.state.to_dict()
    for d in (mine, theirs):
        d.pop("rng"), d.pop("dice", None)
    return mine == theirs
