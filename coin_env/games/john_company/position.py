"""Readable set-ups: a game of 1710 adjusted by a small dict in the rulebook's names.

``new_game("1710", seed, {"families": 3}, position={...})`` builds the normal set-up, then applies the
entries below, recounts every family's supply (18 pieces, the Crown 36, minus those on the board) and
refuses anything inconsistent. It is how tests and researchers start at a situation of a rulebook
example without touching the engine's internals. Families are named by key ("benyon"), offices,
Presidencies, regions, orders, sea zones and ships by their names.

Keys: ``phase`` ("family", "hiring", "operations", "bonuses", "revenue", "events": the turn starts at that phase), ``turn``,
``offices`` {office: family or None}, ``fatigue`` {office: n}, ``chairman_title`` family,
``court`` {family: n}, ``cash`` {family: n}, ``vp`` {family: n}, ``writers`` {family: {Presidency: n}},
``officers`` {family: {Presidency: n}} (active), ``commanders`` {Presidency: family or None},
``officers_in_training`` {family: n}, ``regiments`` {Presidency: n}, ``debt``, ``balance``,
``standing``, ``treasuries`` {treasury: £}, ``orders`` {order: "open" | "closed"}, ``control``
{region: Presidency or None}, ``strength`` {region: n}, ``opportunity`` {family: action key or None},
``stock_exchange`` [family or None] x5, ``ships`` {ship: {"owner": family or None, "zone": zone or
None}}, ``company_ships`` {zone: n}, ``china_open`` bool, ``laws_in_force`` [law names],
``prestige`` {family: [card names]}, ``empires`` {capital region: [dominated regions]} (replaces every
flag). ``ships`` replaces every player ship: a ship not listed is in the supply with its shipyard.
Company-controlled regions (``control``) have no dome or tower and their loot token is facedown.
``event_stack`` [tile numbers, top first] (the rest of the stack follows in its dealt order),
``elephant`` {"region": r, "facing": r or None}, ``alliances`` {alliance: "active" | "exhausted"},
``blackmail`` {family: [card names]} (facedown in its hand), ``trophies`` {family: n}, ``prizes`` {family: [pieces on prize boxes 1-5]} (retired pieces; VP unchanged), ``unrest`` {region: n}, ``pm`` family (the Prime Minister).
``climate`` (Bull, Stag, Lion, Bear, Peacock) and ``ai_card`` (1-10, the faceup AI card; the facedown
deck keeps the other cards in their dealt order): the Crown's, with the option ``crown`` only.
``phase`` may also be "london_season" with ``turn`` >= 2 (the London Season is skipped on turn 1), or
"parliament"; ``law_deck`` [law names, top first] (the rest follows), ``dial`` (policy dial space 0-13).
"""

from __future__ import annotations

from .data import cards, company
from .static import (ALLIANCE_NAMES, CHAIRMAN, CLOSED, CROWN, FAMILY_ACTION_KEYS, FAMILY_KEYS, N_SLOTS, OFFICE_NAMES, OPEN,
                     ORDER_NAMES, PHASES, PRESIDENCY_NAMES, REGION_NAMES, SEA_ZONES, SHIP_NAMES, SUPERINTENDENT,
                     TREASURY_NAMES, GOVERNOR_OF_REGION)

KEYS = ("phase", "turn", "offices", "fatigue", "chairman_title", "court", "cash", "vp", "writers", "officers",
        "commanders", "officers_in_training", "regiments", "debt", "balance", "standing", "treasuries", "orders",
        "control", "strength", "opportunity", "stock_exchange", "ships", "company_ships", "china_open",
        "laws_in_force", "prestige", "empires", "event_stack", "elephant", "alliances", "trophies", "unrest", "pm", "law_deck", "dial",
        "climate", "ai_card", "prizes", "blackmail")
LAW_BY_NAME = {law[1]: law[0] for law in cards.LAWS}
PRESTIGE_BY_NAME = {c[1]: c[0] for c in cards.SPOUSES + cards.ENTERPRISE_PRESTIGE}


def _index(names, value, what):
    if value not in names:
        raise ValueError(f"position: unknown {what} {value!r}; known: {list(names)}")
    return list(names).index(value)


def apply_position(state, pos: dict) -> None:
    s = state
    if not isinstance(pos, dict):
        raise ValueError("position must be a dict")
    for k in pos:
        if k not in KEYS:
            raise ValueError(f"position: unknown key {k!r}; known: {list(KEYS)}")

    def fam(v):
        if v is None:
            return -1
        i = _index(FAMILY_KEYS, v, "family")
        if i not in s.seats:
            raise ValueError(f"position: family {v!r} is not seated in this game")
        return i

    for o, who in pos.get("offices", {}).items():
        i = _index(OFFICE_NAMES, o, "office")
        s.office_exists[i] = 1
        s.office_holder[i] = fam(who)
        s.office_fatigue[i] = 0
        if o == "Governor General":          # the law replaces the Director of Trade (RB p.26)
            s.office_exists[1] = 0
            s.office_holder[1] = -1
    for o, n in pos.get("fatigue", {}).items():
        s.office_fatigue[_index(OFFICE_NAMES, o, "office")] = n
    if "chairman_title" in pos:
        s.chairman_title = fam(pos["chairman_title"])
    elif s.office_holder[CHAIRMAN] >= 0:
        s.chairman_title = int(s.office_holder[CHAIRMAN])
    for f, n in pos.get("court", {}).items():
        s.court[fam(f)] = n
    for f, n in pos.get("cash", {}).items():
        s.cash[fam(f)] = n
    for f, n in pos.get("vp", {}).items():
        s.vp[fam(f)] = n
    if "writers" in pos:
        s.writers[:] = 0
        for f, boxes in pos["writers"].items():
            for p, n in boxes.items():
                s.writers[fam(f), _index(PRESIDENCY_NAMES, p, "Presidency")] = n
    if "officers" in pos:
        s.officers[:] = 0
        for f, armies in pos["officers"].items():
            for p, n in armies.items():
                s.officers[fam(f), _index(PRESIDENCY_NAMES, p, "Presidency"), 0] = n
    for p, who in pos.get("commanders", {}).items():
        s.commander[_index(PRESIDENCY_NAMES, p, "Presidency")] = fam(who)
    for f, n in pos.get("officers_in_training", {}).items():
        s.officers_in_training[fam(f)] = n
    for p, n in pos.get("regiments", {}).items():
        s.regiments[_index(PRESIDENCY_NAMES, p, "Presidency")] = (n, 0)
    for k, hi in (("debt", company.MAX_DEBT[0]), ("standing", 7), ("balance", 10**6)):
        if k in pos:
            if type(pos[k]) is not int or not 0 <= pos[k] <= hi:
                raise ValueError(f"position: {k} must be an integer 0..{hi}")
            setattr(s, k, pos[k])
    for t, n in pos.get("treasuries", {}).items():
        s.treasury[_index(TREASURY_NAMES, t, "treasury")] = n
    for o, st in pos.get("orders", {}).items():
        s.order_state[_index(ORDER_NAMES, o, "order")] = {"open": OPEN, "closed": CLOSED}[st]
    for r, p in pos.get("control", {}).items():
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
    for r, n in pos.get("strength", {}).items():
        s.strength[_index(REGION_NAMES, r, "region")] = n
    for f, a in pos.get("opportunity", {}).items():
        if a is not None and a not in FAMILY_ACTION_KEYS:
            raise ValueError(f"position: unknown family action {a!r}")
        s.opportunity[fam(f)] = a
    if "stock_exchange" in pos:
        se = pos["stock_exchange"]
        if not isinstance(se, list) or len(se) != 5:
            raise ValueError("position: stock_exchange is a list of 5 families or None")
        for i, f in enumerate(se):
            s.stock_exchange[i] = fam(f)
    if "empires" in pos:
        s.flag[:] = -1
        for cap, dominated in pos["empires"].items():
            c = _index(REGION_NAMES, cap, "region")
            s.flag[c] = c
            for r in dominated:
                s.flag[_index(REGION_NAMES, r, "region")] = c
    if "ships" in pos:
        s.shipyard_owner[:] = -1
        s.ship_zone[:] = -1
    for ship, d in pos.get("ships", {}).items():
        i = _index(SHIP_NAMES, ship, "ship")
        s.shipyard_owner[i] = fam(d.get("owner"))
        z = d.get("zone")
        s.ship_zone[i] = -1 if z is None else _index(SEA_ZONES, z, "sea zone")
    for z, n in pos.get("company_ships", {}).items():
        s.company_ships[_index(SEA_ZONES, z, "sea zone")] = n
    if pos.get("china_open"):
        s.office_exists[SUPERINTENDENT] = 1
    if "laws_in_force" in pos:
        s.laws_in_force = [LAW_BY_NAME[n] if n in LAW_BY_NAME else _index([], n, "law") for n in pos["laws_in_force"]]
    for f, names in pos.get("blackmail", {}).items():
        by_name = {c[1]: c[0] for c in cards.BLACKMAIL}
        ids = [by_name[n] if n in by_name else _index([], n, "blackmail card") for n in names]
        for c in ids:                   # taken from wherever it is (deck, display -- refilled --, a hand)
            for h in s.hands:
                h["blackmail"] = [x for x in h["blackmail"] if x != c]
            s.london_deck = [x for x in s.london_deck if x != c]
            if c in s.display:
                s.display[s.display.index(c)] = s.london_deck.pop()
        s.hands[fam(f)]["blackmail"] = s.hands[fam(f)]["blackmail"] + ids
    for f, names in pos.get("prestige", {}).items():
        s.hands[fam(f)]["prestige"] = [PRESTIGE_BY_NAME[n] if n in PRESTIGE_BY_NAME else _index([], n, "prestige card")
                                       for n in names]
    if "event_stack" in pos:
        top = list(pos["event_stack"])
        known = {x[0] for x in cards.EVENT_TILES}
        if any(x not in known for x in top) or len(set(top)) != len(top):
            raise ValueError(f"position: event_stack holds distinct tile numbers of {sorted(known)}")
        rest = [x for x in s.event_stack if x not in top]
        s.event_stack = rest + list(reversed(top))          # the end of the list is the top
        s.event_discards = []
    if "elephant" in pos:
        e = pos["elephant"]
        _index(REGION_NAMES, e.get("region"), "region")
        if e.get("facing") is not None:
            _index(REGION_NAMES, e["facing"], "region")
        s.elephant = {"region": e["region"], "facing": e.get("facing")}
    for a, st in pos.get("alliances", {}).items():
        s.alliance_active[_index(ALLIANCE_NAMES, a, "alliance")] = {"active": 1, "exhausted": 0}[st]
    for f, n in pos.get("trophies", {}).items():
        s.trophies[fam(f)] = n
    for f, boxes in pos.get("prizes", {}).items():
        if not (isinstance(boxes, list) and len(boxes) == 5 and all(type(b) is int and b >= 0 for b in boxes)):
            raise ValueError("position: prizes are {family: [n, n, n, n, n]} (pieces on prize boxes 1-5)")
        s.prize_pieces[fam(f)] = boxes
    for r, n in pos.get("unrest", {}).items():
        s.unrest[_index(REGION_NAMES, r, "region")] = n
    if "law_deck" in pos:
        top = [LAW_BY_NAME[n] if n in LAW_BY_NAME else _index([], n, "law") for n in pos["law_deck"]]
        s.law_deck = [x for x in s.law_deck if x not in top] + list(reversed(top))
    if "dial" in pos:
        if type(pos["dial"]) is not int or not 0 <= pos["dial"] <= 13:
            raise ValueError("position: dial is a space 0..13")
        s.dial = pos["dial"]
    if "pm" in pos:
        s.pm = fam(pos["pm"])
    if ("climate" in pos or "ai_card" in pos) and s.crown is None:
        raise ValueError("position: climate and ai_card need the option crown")
    if "ai_card" in pos:
        ids = [c["id"] for c in s.data.crown_ai_cards]
        if pos["ai_card"] not in ids:
            raise ValueError(f"position: ai_card must be one of {ids}")
        rest = [c for c in s.crown["deck"] + [s.crown["card"]] + s.crown["discards"] if c != pos["ai_card"]]
        s.crown = dict(s.crown, card=pos["ai_card"], deck=rest, discards=[])
    if "climate" in pos:
        from .data.crown import CLIMATES
        s.crown = dict(s.crown, climate=_index(CLIMATES, pos["climate"], "climate"))
    if "turn" in pos:
        s.turn = pos["turn"]
    if "phase" in pos:
        phase = pos["phase"]
        if phase not in ("london_season", "family", "hiring", "operations", "bonuses", "revenue", "events",
                         "parliament"):
            raise ValueError("position: phase must be 'london_season', 'family', 'hiring', 'operations', "
                             "'bonuses', 'revenue' or 'events'")
        if phase == "london_season":
            if s.turn < 2:
                raise ValueError("position: the London Season needs turn >= 2 (RB p.11)")
            s.turn -= 1
            s.phase = "upkeep"
        else:
            s.phase = PHASES[PHASES.index(phase) - 1]
    _recount_supply(s)


def _recount_supply(s) -> None:
    for slot in range(N_SLOTS):
        if slot not in s.seats:
            continue
        total = company.CROWN_PIECES[0] if slot == CROWN else company.FAMILY_PIECES[0]
        placed = (int(s.writers[slot].sum()) + int(s.officers[slot].sum()) + int(s.officers_in_training[slot])
                  + int(s.court[slot]) + int(s.pensioners[slot]) + int(s.prize_pieces[slot].sum())
                  + int((s.office_holder == slot).sum()) + int((s.commander == slot).sum())
                  + int((s.stock_exchange == slot).sum()) + int((s.order_writer == slot).sum()))
        if placed > total:
            raise ValueError(f"position: {FAMILY_KEYS[slot]} has {placed} pieces on the board, only {total} exist")
        s.supply[slot] = total - placed
