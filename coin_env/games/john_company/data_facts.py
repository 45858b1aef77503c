"""The facts one John Company game plays with: :class:`JohnCompanyData` (DESIGN "A game owns its data").

Built once when a game is made (``load_data(content)``: the built-in data, or an owner data pack that
replaces reconstructed printed values), held on the state (``game.data``), shared by clones, never
changed. Rules read these tables from the data object, never from module globals.

An owner data pack is a plain dict with any of the keys in :data:`OWNER_KEYS` (the printed values
the sources lack or give only second-hand); every other fact comes from data/. A save stores the
pack's content in the options, so a saved game replays with the same facts anywhere.
"""

from __future__ import annotations

import hashlib
import json

from ...core.data import GameData
from .data import cards, company, crown as crowndata, firms as firmdata, map as mapdata, scenarios
from .rules.crown import MEASURES
from .rules.failure import BLAMED
from .static import N_REGIONS, ORDER, REGION, REGION_NAMES

# key -> (what it is, checker)
OWNER_KEYS = {
    "prizes": "five prize boxes, cheapest first: [cost, upkeep, VP, windows] each",
    "governor_dice": "dice pool per Governor card: {region name: dice}",
    "stock_exchange": "five Stock Exchange prices, left to right",
    "expectations": "Expectations of Standing positions 1..7 (7 numbers)",
    "power_values": "power of the four Power-track positions, top to bottom",
    "last_turn_1710": "the final turn of the 1710 scenario",
    "power_award": "Power Award VP by final turn: {\"<turn>\": [most, second most]} (board table, RB p.8; "
                   "{} gives no award)",
    "failure_cards": "the six Company failure cards (RB p.3, p.9): a list of [name, blamed, VP] with blamed one of "
                     "chairman, prime_minister, most_shares, presidents, commanders, court_blameless, nobody "
                     "([] draws no card)",
    # firms (RB p.36-42): reconstructed printed values, data/firms.py
    "firm_value_track": "the firm Value track, left to right: [[£ value, VP per share in half VP], ...] (>= 2 spaces)",
    "deregulation_spaces": "{standing_lined, standing_star, debt_lined, debt_star: [positions], standing_s: position}",
    "deregulation_support": "the Deregulation card's initial support (an integer)",
    "crown_ai_cards": "the ten Crown AI cards (RB p.45): a list of {id, back, shaded, ranks, finger, regions, chart, "
                      "default} as in data/crown.py (chart rows [measure, '<=' or '>=', value, climate 0-4])",
}


class DataPackError(ValueError):
    """An owner data pack that does not fit; the message names every problem."""


def _ints(value, n, lo=0):
    return isinstance(value, list) and len(value) == n and all(type(v) is int and v >= lo for v in value)


def _check_pack(content: dict) -> list[str]:
    problems = []
    if not isinstance(content, dict):
        return [f"a data pack is a dict of {sorted(OWNER_KEYS)}, not {type(content).__name__}"]
    for key in content:
        if key not in OWNER_KEYS:
            problems.append(f"unknown key {key!r}; known: {sorted(OWNER_KEYS)}")
    if "prizes" in content and not (isinstance(content["prizes"], list) and len(content["prizes"]) == 5
                                    and all(_ints(p, 4) for p in content["prizes"])):
        problems.append("prizes: " + OWNER_KEYS["prizes"])
    if "governor_dice" in content:
        gd = content["governor_dice"]
        if not (isinstance(gd, dict) and set(gd) == set(REGION_NAMES) and all(type(v) is int and v >= 1 for v in gd.values())):
            problems.append("governor_dice: " + OWNER_KEYS["governor_dice"] + " for all 8 regions")
    if "stock_exchange" in content and not _ints(content["stock_exchange"], 5, 1):
        problems.append("stock_exchange: " + OWNER_KEYS["stock_exchange"])
    if "expectations" in content and not _ints(content["expectations"], 7, 1):
        problems.append("expectations: " + OWNER_KEYS["expectations"])
    if "power_values" in content and not _ints(content["power_values"], 4):
        problems.append("power_values: " + OWNER_KEYS["power_values"])
    if "power_award" in content:
        pa = content["power_award"]
        if not (isinstance(pa, dict) and all(isinstance(k, str) and k.isdigit() and _ints(v, 2) for k, v in pa.items())):
            problems.append("power_award: " + OWNER_KEYS["power_award"])
    if "failure_cards" in content:
        fc = content["failure_cards"]
        if not (isinstance(fc, list) and all(isinstance(c, list) and len(c) == 3 and isinstance(c[0], str)
                                             and c[1] in BLAMED and type(c[2]) is int for c in fc)):
            problems.append("failure_cards: " + OWNER_KEYS["failure_cards"])
    if "crown_ai_cards" in content:
        problems += [f"crown_ai_cards: {p}" for p in _check_ai_cards(content["crown_ai_cards"])]
    problems += _check_firm_keys(content)
    if "last_turn_1710" in content and not (type(content["last_turn_1710"]) is int and 1 <= content["last_turn_1710"] <= 8):
        problems.append("last_turn_1710: an integer 1..8")
    return problems


def _check_firm_keys(content) -> list[str]:
    out = []
    track = content.get("firm_value_track")
    if track is not None and not (isinstance(track, list) and len(track) >= 2 and all(
            isinstance(x, list) and len(x) == 2 and all(type(v) is int for v in x) and x[0] >= 0 for x in track)):
        out.append("firm_value_track: " + OWNER_KEYS["firm_value_track"])
    sp = content.get("deregulation_spaces")
    if sp is not None:
        ok = isinstance(sp, dict) and set(sp) == {"standing_lined", "standing_star", "debt_lined", "debt_star",
                                                  "standing_s"}
        ok = ok and type(sp["standing_s"]) is int and 1 <= sp["standing_s"] <= 7
        ok = ok and all(isinstance(sp[k], list) and all(type(v) is int and 0 <= v <= 8 for v in sp[k])
                        for k in sp if k != "standing_s")
        if not ok:
            out.append("deregulation_spaces: " + OWNER_KEYS["deregulation_spaces"])
    if "deregulation_support" in content and type(content["deregulation_support"]) is not int:
        out.append("deregulation_support: " + OWNER_KEYS["deregulation_support"])
    return out


def _check_ai_cards(value) -> list[str]:
    if not isinstance(value, list) or not value:
        return ["a non-empty list of card dicts"]
    out = []
    for i, c in enumerate(value):
        if not isinstance(c, dict):
            out.append(f"card {i} is not a dict")
            continue
        ok = (type(c.get("id")) is int and _ints(list(c.get("back", ())), 3) and sorted(c["back"]) == [0, 1, 2]
              and type(c.get("shaded")) is int and 0 <= c["shaded"] <= 2 and _ints(list(c.get("ranks", ())), 3)
              and c.get("finger") in ("cw", "ccw") and sorted(c.get("regions", ())) == sorted(REGION_NAMES)
              and type(c.get("default")) is int and 0 <= c["default"] <= 4
              and isinstance(c.get("chart"), (list, tuple))
              and all(isinstance(r, (list, tuple)) and len(r) == 4 and r[0] in MEASURES and r[1] in ("<=", ">=")
                      and type(r[2]) is int and type(r[3]) is int and 0 <= r[3] <= 4 for r in c["chart"]))
        if not ok:
            out.append(f"card {i} does not fit: " + OWNER_KEYS["crown_ai_cards"])
    if len({c.get("id") for c in value if isinstance(c, dict)}) != len(value):
        out.append("card ids must differ")
    return out


class JohnCompanyData(GameData):
    """Tables (tuples of Python ints; read-only by construction):

    * ``loot``, ``opium`` per region; ``order_value``, ``order_refill`` per order; ``order_links`` per
      order the connected orders; ``region_neighbors`` per region (clockwise); ``border_shape``
      per region {shape: neighbour region}.
    * ``prizes`` ((cost, upkeep, VP, windows) x 5), ``governor_dice`` per region, ``stock_exchange``,
      ``expectations`` (index = Standing position; [0] is None), ``power_values``, ``last_turn_1710``.
    * ``alliances`` ((cost, strength) per local alliance), ``setup_cards``, ``laws``, ``event_tiles``.
    * firms (data/firms.py, reconstructed): ``firm_value_track`` ((£ value, VP per share in half VP) per space),
      ``deregulation_spaces`` (Standing / Debt lined and star spaces, the Standing "S" space),
      ``deregulation_support`` (the Deregulation card's initial support).
    """

    def __init__(self, content: dict | None = None):
        digest = "builtin" if content is None else hashlib.sha256(
            json.dumps(content, sort_keys=True).encode()).hexdigest()
        super().__init__("john_company", None if content is None else "owner", content, digest)
        pack = content or {}
        self._set("loot", tuple(r[1] for r in mapdata.REGIONS))
        self._set("opium", tuple(r[2] for r in mapdata.REGIONS))
        self._set("order_value", tuple(o[2] for o in mapdata.ORDERS))
        self._set("order_refill", tuple(o[2] // 2 for o in mapdata.ORDERS))
        links = [set() for _ in mapdata.ORDERS]
        for a, b, _ in mapdata.ORDER_EDGES:
            links[ORDER[a]].add(ORDER[b])
            links[ORDER[b]].add(ORDER[a])
        self._set("order_links", tuple(tuple(sorted(s)) for s in links))
        self._set("region_neighbors", tuple(tuple(REGION[n] for n in mapdata.ADJACENT_CLOCKWISE[r][0])
                                            for r in REGION_NAMES))
        self._set("border_shape", tuple({k: REGION[v] for k, v in mapdata.BORDER_SHAPES[r][0].items()}
                                        for r in REGION_NAMES))
        self._set("prizes", tuple(tuple(p) for p in pack.get("prizes", company.PRIZES[0])))
        gd = pack.get("governor_dice") or {r: v[0] for r, v in company.GOVERNOR_DICE.items()}
        self._set("governor_dice", tuple(gd[r] for r in REGION_NAMES))
        self._set("stock_exchange", tuple(pack.get("stock_exchange", company.STOCK_EXCHANGE[0])))
        exp = pack.get("expectations", company.EXPECTATIONS[0][1:])
        self._set("expectations", (None,) + tuple(exp))
        self._set("power_values", tuple(pack.get("power_values", company.POWER_VALUES[0])))
        self._set("last_turn_1710", pack.get("last_turn_1710", scenarios.SCENARIO_1710["last_turn"][0]))
        # The Power Award table and the failure cards are printed content in no source (digest G2, G9): the
        # built-in ones are reconstructed stand-ins (data/company.py), an owner data pack replaces them.
        award = pack.get("power_award")
        self._set("power_award", {int(k): tuple(v) for k, v in award.items()} if award is not None
                  else dict(company.POWER_AWARD[0]))
        self._set("failure_cards", tuple(tuple(c) for c in pack.get("failure_cards", company.FAILURE_CARDS[0])))
        self._set("reconstructed_scoring", tuple(k for k in ("power_award", "failure_cards") if k not in pack))
        self._set("firm_value_track", tuple(tuple(x) for x in pack.get("firm_value_track",
                                                                     firmdata.FIRM_VALUE_TRACK[0])))
        spaces = pack.get("deregulation_spaces", firmdata.DEREGULATION_SPACES[0])
        self._set("deregulation_spaces", {k: (v if type(v) is int else tuple(v)) for k, v in spaces.items()})
        self._set("deregulation_support", pack.get("deregulation_support", firmdata.DEREGULATION_SUPPORT[0]))
        ai = pack.get("crown_ai_cards") or crowndata.AI_CARDS
        self._set("crown_ai_cards", tuple({k: (tuple(tuple(r) for r in v) if k == "chart" else
                                              tuple(v) if isinstance(v, list) else v)
                                           for k, v in c.items() if k != "prov"} for c in ai))
        self._set("alliances", tuple((a[2], a[3]) for a in mapdata.LOCAL_ALLIANCES))
        self._set("setup_cards", tuple(cards.SETUP_1710))
        self._set("laws", tuple(cards.LAWS))
        self._set("event_tiles", tuple(cards.EVENT_TILES))
        assert len(self.loot) == N_REGIONS
        self._freeze()


_BUILTIN = None


def load_data(content: dict | None = None) -> JohnCompanyData:
    """The built-in data (None) or an owner data pack's (a dict; DataPackError names every problem)."""
    global _BUILTIN
    if content is None:
        if _BUILTIN is None:        # immutable, so one shared object is safe
            _BUILTIN = JohnCompanyData(None)
        return _BUILTIN
    problems = _check_pack(content)
    if problems:
        raise DataPackError("John Company data pack: " + "; ".join(problems))
    return JohnCompanyData(json.loads(json.dumps(content)))
