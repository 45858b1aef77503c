"""John Company's game state: numpy arrays (the board) plus small JSON-able fields.

Family "slots": 0-5 the six family sets (Benyon .. Walsh), 6 the Crown. A game seats some of them
(``seats``, clockwise); arrays are sized for all seven so every game has the same shapes.
"""

from __future__ import annotations

import numpy as np

from ...core.schema import BOOL, INT, NAT, PLAIN, STR, Int, ListOf, Maybe, OneOf, Record
from ...core.state import PlainState
from .actions import POWER_TOKENS
from .data import cards as carddata, company
from .static import (FAMILY_ACTION_KEYS, N_ALLIANCES, N_OFFICES, N_ORDERS, N_PRESIDENCIES, N_REGIONS, N_SHIPS,
                     N_SLOTS, N_ZONES, PHASES, REGION_NAMES)

SLOT = Int(0, N_SLOTS - 1)
SLOT_OR_NONE = Int(-1, N_SLOTS - 1)
LONDON_CARDS = sorted([c[0] for c in carddata.SPOUSES] + [c[0] for c in carddata.ENTERPRISE_PRESTIGE]
                      + [c[0] for c in carddata.BLACKMAIL])
LAW_IDS = sorted(c[0] for c in carddata.LAWS)
TILE_IDS = sorted(t[0] for t in carddata.EVENT_TILES)
N_LAWS = len(LAW_IDS)
# firms (RB p.36-42): the turn's inserted phases (rules/turn.py), the firms' record (rules/firms.py)
EXTRA_PHASES = ["deregulation_vote", "firms"]


def firms_spec():
    firm = Record({"manager": SLOT, "london": NAT, "india": NAT, "value": NAT, "dividend": Maybe(NAT),
                   "shares": ListOf(NAT, max_len=N_SLOTS), "ships": ListOf(Int(0, N_SHIPS - 1), unique=True),
                   "strategy": Int(-1, 3), "allocated": NAT, "revealed": BOOL, "initiative": Maybe(INT),
                   "traded": BOOL, "added": NAT, "emergency": NAT, "done": BOOL})
    return Record({"firms": ListOf(firm, max_len=N_SLOTS), "prison": ListOf(NAT, max_len=N_SLOTS),
                   "invested": ListOf(NAT, max_len=N_SLOTS), "mature": ListOf(Int(-1, 36), max_len=N_SLOTS),
                   "order_firm": ListOf(SLOT_OR_NONE, max_len=N_ORDERS), "amounts_public": BOOL, "scored": BOOL})


def empty_firms() -> dict:
    return {"firms": [], "prison": [0] * N_SLOTS, "invested": [0] * N_SLOTS, "mature": [-1] * N_SLOTS,
            "order_firm": [-1] * N_ORDERS, "amounts_public": False, "scored": False}


def _blank_arrays() -> dict:
    """The board's arrays before the set-up: sized for all seven slots, empty boxes, -1 for no owner or place."""
    z = np.zeros
    return {
        "cash": z(N_SLOTS, np.int32),
        "vp": z(N_SLOTS, np.int32),
        "supply": z(N_SLOTS, np.int16),
        "writers": z((N_SLOTS, N_PRESIDENCIES), np.int16),
        "officers": z((N_SLOTS, N_PRESIDENCIES, 2), np.int16),
        "officers_in_training": z(N_SLOTS, np.int16),
        "court": z(N_SLOTS, np.int16),
        "pensioners": z(N_SLOTS, np.int16),
        "prize_pieces": z((N_SLOTS, 5), np.int16),
        "trophies": z(N_SLOTS, np.int16),
        "law_tokens": z(N_SLOTS, np.int16),
        "workshops": z(N_SLOTS, np.int16),
        "luxuries": z(N_SLOTS, np.int16),
        "stock_exchange": np.full(5, -1, np.int8),
        "office_holder": np.full(N_OFFICES, -1, np.int8),
        "office_fatigue": z(N_OFFICES, np.int8),
        "office_exists": z(N_OFFICES, np.int8),
        "treasury": z(5, np.int32),
        "commander": np.full(N_PRESIDENCIES, -1, np.int8),
        "regiments": z((N_PRESIDENCIES, 2), np.int16),
        "alliance_active": z(N_ALLIANCES, np.int8),
        "shipyard_owner": np.full(N_SHIPS, -1, np.int8),
        "ship_zone": np.full(N_SHIPS, -1, np.int8),
        "ship_fatigued": z(N_SHIPS, np.int8),
        "company_ships": z(N_ZONES, np.int8),
        "extra_ships": z(N_ZONES, np.int8),
        "region_company_ship": z(N_REGIONS, np.int8),
        "strength": z(N_REGIONS, np.int8),
        "dome": np.ones(N_REGIONS, np.int8),
        "control": np.full(N_REGIONS, -1, np.int8),
        "flag": np.full(N_REGIONS, -1, np.int8),
        "unrest": z(N_REGIONS, np.int8),
        "loot_faceup": np.ones(N_REGIONS, np.int8),
        "order_state": z(N_ORDERS, np.int8),
        "order_writer": np.full(N_ORDERS, -1, np.int8),
        "order_presidency": np.full(N_ORDERS, -1, np.int8),
    }


def _read_only(arrays: dict) -> dict:
    for a in arrays.values():
        a.flags.writeable = False
    return arrays


# Built once at import and never written (read-only): a new state copies them, far cheaper than making each
# array again with np.full / np.ones at every new game.
BLANK_ARRAYS = _read_only(_blank_arrays())


class JohnCompanyState(PlainState):
    ARRAYS = {
        # families (RB p.2, p.12-13)
        "cash": "int32",            # family treasury £
        "vp": "int32",              # victory points (the VP track)
        "supply": "int16",          # family members in the supply
        "writers": "int16",         # [slot, presidency] writers in the Writers boxes (RB p.13)
        "officers": "int16",        # [slot, army, 0 active / 1 exhausted] officers in the Armies (RB p.19)
        "officers_in_training": "int16",   # [slot]
        "court": "int16",           # [slot] Company shares in the Court of Directors (not the Chairman's piece)
        "pensioners": "int16",      # [slot] pieces in the Pensioners box (RB p.11)
        "prize_pieces": "int16",    # [slot, prize box] retired pieces (RB p.11)
        "trophies": "int16",        # [slot]
        "law_tokens": "int16",      # [slot] passed-law tokens (RB p.35)
        "workshops": "int16",       # [slot] workshop cards owned (RB p.13)
        "luxuries": "int16",        # [slot] luxury cards owned (RB p.13)
        # the Company (RB p.3, p.14-27)
        "stock_exchange": "int8",   # [space] slot of the piece on it, -1 empty (RB p.13)
        "office_holder": "int8",    # [office] slot of the officeholder, -1 vacant
        "office_fatigue": "int8",   # [office] fatigue cubes on the card (RB p.11)
        "office_exists": "int8",    # [office] 1 if the office is in play (China, Governors, GG are created)
        "treasury": "int32",        # [5] DoT/GG, MoS, President of Bombay, Madras, Bengal (RB p.6)
        "commander": "int8",        # [army] slot of the Commander, -1 vacant (RB p.19)
        "regiments": "int16",       # [army, 0 active / 1 exhausted]
        "alliance_active": "int8",  # [alliance] 1 top half (purchased, usable), 0 bottom half (RB p.22)
        # ships (RB p.3, p.19)
        "shipyard_owner": "int8",   # [ship] slot owning the shipyard, -1 in the supply
        "ship_zone": "int8",        # [ship] -1 on its shipyard (unfitted), 0-2 sea zones, 3 China, 4 a firm charter
        "ship_fatigued": "int8",    # [ship] 1 fatigued side up (RB p.28)
        "company_ships": "int8",    # [zone] Company ships
        "extra_ships": "int8",      # [zone] leased extra ships (returned in Refresh, RB p.36)
        "region_company_ship": "int8",   # [region] Company ship under construction (RB p.23)
        # India (RB p.6-7)
        "strength": "int8",         # [region] tower levels
        "dome": "int8",             # [region] 1 dome present (not Company-controlled)
        "control": "int8",          # [region] -1 Indian; else the Presidency it is associated with
        "flag": "int8",             # [region] -1 no flag; else the region of the empire's capital
        "unrest": "int8",           # [region]
        "loot_faceup": "int8",      # [region] loot side of the control token still faceup
        "order_state": "int8",      # [order] 0 open, 1 closed, 2 filled
        "order_writer": "int8",     # [order] slot of the writer on it, -1 none (filled-order token)
        "order_presidency": "int8",  # [order] Presidency whose writer/token filled it, -1
    }
    FIELDS = (
        "scenario", "seats", "turn", "last_turn", "phase", "balance", "debt", "standing", "pm",
        "opposition_leader", "chairman_title", "dial", "power_track", "opportunity", "event_stack",
        "event_discards", "law_deck", "law_discards", "laws_in_force", "london_deck", "display",
        "hands", "peeked", "elephant", "setup_cards", "regions_lost", "company_failed", "share_vp", "setup_deck", "crown", "promises", "result",
        "firms",
    )
    # What a save may hold (a corrupted save is refused naming the array): the printed components and tracks.
    # money: far above any reachable sum (a save with more is hand-edited), below the int32 limit with room to add
    ARRAY_RANGES = {"cash": (0, 10**5), "vp": (-10**4, 10**4), "supply": (0, 36), "writers": (0, 36),
                    "officers": (0, 36), "officers_in_training": (0, 36), "court": (0, 36),
                    "stock_exchange": (-1, N_SLOTS - 1), "office_holder": (-1, N_SLOTS - 1),
                    "commander": (-1, N_SLOTS - 1), "shipyard_owner": (-1, N_SLOTS - 1),
                    "ship_zone": (-1, N_ZONES), "treasury": (0, 10**5), "strength": (0, 20),
                    "control": (-1, N_PRESIDENCIES - 1), "flag": (-1, N_REGIONS - 1), "unrest": (0, 30),
                    "order_state": (0, 2), "order_writer": (-1, N_SLOTS - 1),
                    "order_presidency": (-1, N_PRESIDENCIES - 1),
                    # a family's pieces: 18, the Crown's 36 (RB p.2, p.43)
                    "pensioners": (0, 36), "prize_pieces": (0, 36),
                    # 18 trophy / passed-law pieces, proxies allowed (RB p.3): a generous bound
                    "trophies": (0, 99), "law_tokens": (0, N_LAWS),
                    # 20 workshops, 15 luxuries in the box (RB p.13, company.ENTERPRISES)
                    "workshops": (0, company.ENTERPRISES["workshop"][0]),
                    "luxuries": (0, company.ENTERPRISES["luxury"][0]),
                    # attrition (RB p.11): a card with 4 fatigue always retires its holder, so it never gets a 5th
                    "office_fatigue": (0, 4),
                    # alliances: 0 bottom half, 1 top half (purchased), 2 exhausted in an action this turn (RB p.22)
                    "alliance_active": (0, 2),
                    "office_exists": (0, 1), "ship_fatigued": (0, 1),
                    "dome": (0, 1), "loot_faceup": (0, 1), "region_company_ship": (0, 1),
                    # 20 regiments (RB p.3); 14 Company / extra ship tokens (RB p.3)
                    "regiments": (0, company.REGIMENTS[0]),
                    "company_ships": (0, company.COMPANY_SHIP_TOKENS[0]),
                    "extra_ships": (0, company.COMPANY_SHIP_TOKENS[0])}

    @classmethod
    def field_specs(cls) -> dict:
        hand = Record({"prestige": ListOf(OneOf(LONDON_CARDS)), "blackmail": ListOf(OneOf(LONDON_CARDS)),
                       "used": ListOf(OneOf(LONDON_CARDS))})
        return {
            "scenario": STR, "seats": ListOf(SLOT, max_len=N_SLOTS, unique=True), "turn": Int(1, 8),
            "last_turn": Int(1, 8), "phase": OneOf(["setup"] + PHASES + ["final_scoring"] + EXTRA_PHASES), "balance": Int(0, 10**5), "debt": Int(0, 8),
            "standing": Int(0, 7), "pm": SLOT_OR_NONE, "opposition_leader": SLOT_OR_NONE,
            "chairman_title": SLOT_OR_NONE, "dial": Int(0, 13),
            "power_track": ListOf(OneOf(list(POWER_TOKENS)), max_len=4, unique=True),
            "opportunity": ListOf(Maybe(OneOf(FAMILY_ACTION_KEYS)), max_len=N_SLOTS),
            "event_stack": ListOf(OneOf(TILE_IDS)), "event_discards": ListOf(OneOf(TILE_IDS)),
            "law_deck": ListOf(OneOf(LAW_IDS)), "law_discards": ListOf(OneOf(LAW_IDS)),
            "laws_in_force": ListOf(OneOf(LAW_IDS)), "london_deck": ListOf(OneOf(LONDON_CARDS)),
            "display": ListOf(OneOf(LONDON_CARDS), max_len=3), "hands": ListOf(hand, max_len=N_SLOTS),
            "peeked": ListOf(ListOf(OneOf(LONDON_CARDS)), max_len=N_SLOTS),
            "elephant": Record({"region": OneOf(REGION_NAMES), "facing": Maybe(OneOf(REGION_NAMES))}),
            "setup_cards": ListOf(ListOf(INT), max_len=N_SLOTS),
            "regions_lost": NAT, "company_failed": BOOL, "share_vp": Int(1, 3),
            "setup_deck": ListOf(Int(1, 18)),
            "crown": Maybe(PLAIN),
            "promises": ListOf(SLOT_OR_NONE, max_len=N_SLOTS),
            "result": Maybe(PLAIN),
            "firms": firms_spec(),
        }

    @classmethod
    def empty(cls) -> "JohnCompanyState":
        s = cls()
        for name, blank in BLANK_ARRAYS.items():
            setattr(s, name, blank.copy())
        s.scenario = ""
        s.seats = []
        s.turn = 1
        s.last_turn = 1
        s.phase = "setup"
        s.balance = 0
        s.debt = 0
        s.standing = 1
        s.pm = -1
        s.opposition_leader = -1
        s.chairman_title = -1
        s.dial = 0
        s.power_track = []
        s.opportunity = [None] * N_SLOTS
        s.event_stack = []
        s.event_discards = []
        s.law_deck = []
        s.law_discards = []
        s.laws_in_force = []
        s.london_deck = []
        s.display = []
        s.hands = [{"prestige": [], "blackmail": [], "used": []} for _ in range(N_SLOTS)]
        s.peeked = [[] for _ in range(N_SLOTS)]
        s.elephant = {"region": "Maratha", "facing": None}
        s.setup_cards = [[] for _ in range(N_SLOTS)]
        s.regions_lost = 0          # regions the Company lost this turn (RB p.29, Company humiliation)
        s.company_failed = False    # Standing reached 0 during Events in India (the phase is finished first)
        s.setup_deck = []           # setup cards still to be drawn in a solo / two-family deal (RB p.43-44)
        s.share_vp = 1              # the Court's VP per Company share at the end, +-1 .. +-3 (RB p.8, law 49)
        s.crown = None              # the Crown's AI deck, climate and cubes (option crown, rules/crown.py)
        s.promises = []             # [guarantor] holder of its Consent to Nepotism card (option negotiation, rules/offers.py)
        s.result = None
        s.firms = empty_firms()     # Deregulation and private firms (rules/firms.py, RB p.36-42)
        return s
