"""What the rules and the bot both ask of the state (layer above state.py, below the rules): who owns what, the
pools and prices the procedures offer, the Elephant's reach, the solo Crown's readings of the board.

Pure functions of the state (and the game's data): no decision is pushed, nothing changes. Each cites the rule
it reads; the procedures that use them cite it again where they act.
"""

from __future__ import annotations

from types import MappingProxyType

from .actions import COMPANY_SHIP, EXTRA_SHIP, SHIP0
from .data import company
from .data import crown as cd
from .data.cards import SPOUSES
from .data.map import SHAPES
from .static import (ALLIANCE_ARMY, CHAIRMAN, CHINA, CLOSED, CROWN, DIRECTOR_OF_TRADE, FILLED, GOVERNORS,
                     GOVERNOR_GENERAL, MANAGER_OF_SHIPPING, MILITARY_AFFAIRS, N_ALLIANCES, N_OFFICES, N_REGIONS,
                     N_SHIPS, OPEN, ORDER_REGION, PRESIDENCY_HOME_PORT, PRESIDENCY_HOME_REGION, PRESIDENT,
                     PRESIDENT_TREASURY, REGION_NAMES, REGION_OF_GOVERNOR, REGION_ORDERS, SUPERINTENDENT)


# --- Company shares and what a family owns --------------------------------------------------------------------
def owned(s, f, target) -> int:
    """What family ``f`` owns of a policy's target (RB p.34): Workshops, Shipyards, Luxuries, or Company shares (its
    Court shares and the Chairman's piece)."""
    if target == "Workshops":
        return s.workshops.item(f)
    if target == "Shipyards":
        return s.shipyard_owner.tolist().count(f)
    if target == "Luxuries":
        return s.luxuries.item(f)
    return s.court.item(f) + (1 if s.office_holder.item(CHAIRMAN) == f else 0)


def vacant_offices(state) -> list[int]:
    """The offices in play without a holder (RB p.14: Hiring fills them; the Crown reads them, HB Family)."""
    exists, holder = state.office_exists.tolist(), state.office_holder.tolist()
    return [o for o in range(N_OFFICES) if exists[o] and holder[o] < 0]


def has_piece(s, slot) -> bool:
    """A family member to place: in the supply or on a prize (RB p.13 'out of family pieces')."""
    return s.supply.item(slot) > 0 or sum(s.prize_pieces[slot].tolist()) > 0


# --- the hiring pool (RB p.16) ---------------------------------------------------------------------------------
# the pool's source keys (RB p.16), made once: an office's "post<index>", a Presidency's "writer<p>" and "officer<p>"
POST_KEYS = tuple(f"post{o}" for o in range(N_OFFICES))
WRITER_KEYS = tuple(f"writer{p}" for p in range(3))
OFFICER_KEYS = tuple(f"officer{p}" for p in range(3))
COMMANDER_KEYS = tuple(f"commander{p}" for p in range(3))
# per office, the offices whose holders may be promoted to it when it is the Director of Trade's or the Governor
# General's (RB p.16): any other but the Chairman and the Governors
PROMOTED_FROM = MappingProxyType({office: tuple(o for o in range(N_OFFICES) if o != office and o != CHAIRMAN
                                                and o not in GOVERNORS)
                                  for office in (DIRECTOR_OF_TRADE, GOVERNOR_GENERAL)})


def _writers(s, boxes) -> list[tuple[str, int]]:
    """The writers in the given Presidencies' Writers boxes, as pool entries (RB p.16)."""
    writers = s.writers.tolist()
    return [(WRITER_KEYS[p], slot) for p in boxes for slot in s.seats if writers[slot][p] > 0]


def candidates(s, office: int) -> list[tuple[str, int]]:
    """The pool: (source key, family slot) pairs (RB p.16); an office is "post<index>"."""
    if office in (DIRECTOR_OF_TRADE, GOVERNOR_GENERAL):
        exists, holder = s.office_exists.tolist(), s.office_holder.tolist()
        pool = [(POST_KEYS[o], holder[o]) for o in PROMOTED_FROM[office] if exists[o] and holder[o] >= 0]
        return pool or _writers(s, range(3))
    if office in (MANAGER_OF_SHIPPING, SUPERINTENDENT):
        return _writers(s, range(3))
    if office == MILITARY_AFFAIRS:
        commander = s.commander.tolist()
        pool = [(COMMANDER_KEYS[p], commander[p]) for p in range(3) if commander[p] >= 0]
        if not pool:
            officers = s.officers.tolist()
            pool = [(OFFICER_KEYS[p], slot) for p in range(3) for slot in s.seats if sum(officers[slot][p]) > 0]
        if not pool:
            pool = [("oit", slot) for slot in s.seats if s.officers_in_training[slot] > 0]
        return pool
    if office in PRESIDENT:
        p = PRESIDENT.index(office)
        pool = _writers(s, [p])
        exists, holder, control = s.office_exists.tolist(), s.office_holder.tolist(), s.control.tolist()
        pool += [(POST_KEYS[g], holder[g]) for g in GOVERNORS
                 if exists[g] and holder[g] >= 0 and control[REGION_OF_GOVERNOR[g]] == p]
        return pool
    if office in GOVERNORS:
        p = int(s.control[REGION_OF_GOVERNOR[office]])
        if p < 0:
            return []
        return _writers(s, [p]) + [(OFFICER_KEYS[p], slot) for slot in s.seats if s.officers[slot, p].sum() > 0]
    return []


def hiring_pool(s, office, hirer, no_own, only=None, pool=None):
    """The candidates the hirer may choose (RB p.16): none of its own with ``no_own``, only family ``only``'s
    (Hiring Preference) when given. ``pool``: :func:`candidates` of the office when the caller has read them."""
    return [(src, slot) for src, slot in (candidates(s, office) if pool is None else pool)
            if not (no_own and slot == hirer) and (only is None or slot == only)]


# --- prizes and spouses (RB p.11-12) ------------------------------------------------------------------------
SPOUSE = {c[0]: (c[2] or 0, c[3] or 0) for c in SPOUSES}        # spouse card -> (VP, retirement discount)
# Letters of Introduction (blackmail card 63, rules/london_season.py): played or declined, a marker joins the
# family's used discounts of the window
LETTERS_OF_INTRODUCTION, LETTERS_PLAYED, LETTERS_DECLINED = 63, -63, -630


def others_discount_cards(s, f) -> list[int]:
    """The other families' spouse cards with a retirement discount (Letters of Introduction, RB p.12)."""
    return [c for g in s.seats if g != f for c in s.hands[g]["prestige"] if c in SPOUSE and SPOUSE[c][1]]


def unused_discounts(s, f, used) -> list[int]:
    """The family's spouse cards with a discount not used yet this window (``used``: card ids), largest first;
    with Letters of Introduction played this window, the other families' spouses' discounts too."""
    cards = [c for c in s.hands[f]["prestige"] if c in SPOUSE and SPOUSE[c][1] and c not in used]
    if LETTERS_PLAYED in used:
        cards += [c for c in others_discount_cards(s, f) if c not in used]
    return sorted(cards, key=lambda c: (-SPOUSE[c][1], c))


def prize_price(game, f, box, used) -> int:
    """The prize's cost with every unused discount (the least the family can pay for it)."""
    s = game.state
    return max(0, s.data.prizes[box][0] - sum(SPOUSE[c][1] for c in unused_discounts(s, f, used)))


def windows(game, f) -> int:
    """A family's windows (RB p.11): one per luxury and the windows printed on the prizes it holds."""
    s = game.state
    pieces = s.prize_pieces[f].tolist()
    prizes = s.data.prizes
    return s.luxuries.item(f) + sum(pieces[b] * prizes[b][3] for b in range(5))


# --- the Elephant (RB p.30) -----------------------------------------------------------------------------------
def elephant_position(s, r: int, shape: str | None) -> dict:
    """Where the Elephant stands when it moves to region r (RB p.30): the centre of a Company region; the
    border facing a dominated region's sovereign; else the border of the tile's shape, facing the first
    region clockwise that r does not dominate (a fully formed empire: the redirect arrow's border, facing r)."""
    if s.control[r] >= 0:
        return {"region": REGION_NAMES[r], "facing": None}
    if s.flag[r] >= 0 and s.flag[r] != r:
        return {"region": REGION_NAMES[r], "facing": REGION_NAMES[int(s.flag[r])]}
    shape = shape or "circle"
    b = s.data.border_shape[r][shape]
    ring = list(s.data.region_neighbors[r])
    start = ring.index(b)
    for k in range(len(ring)):
        cand = ring[(start + k) % len(ring)]
        if s.flag[cand] != r:
            return {"region": REGION_NAMES[r], "facing": REGION_NAMES[cand]}
    return {"region": REGION_NAMES[b], "facing": REGION_NAMES[r]}   # a fully formed empire


def elephant_positions(s) -> list[dict]:
    """Every position the Elephant could legally take (each region, each border shape), but its own."""
    out = []
    for r in range(N_REGIONS):
        for shape in SHAPES:
            pos = elephant_position(s, r, shape)
            if pos not in out and pos != dict(s.elephant):
                out.append(pos)
    return out


# --- the solo Crown reading the board (Crown Handbook) -----------------------------------------------------------
def climate(s) -> int:
    """The Crown's climate (RB p.45); Bull without the solo option."""
    return s.crown["climate"] if s.crown is not None else cd.BULL


def others(s, me) -> list[int]:
    """The seated families but ``me``."""
    return [f for f in s.seats if f != me]


def ships_in_zone(s, z) -> int:
    """Ships in sea zone ``z``: named, Company and extra ships (RB p.19-20)."""
    return s.ship_zone.tolist().count(z) + s.company_ships.item(z) + s.extra_ships.item(z)


def army_pieces(s, p, f) -> int:
    """Family ``f``'s pieces in Army ``p``'s box: its officers and the Commander (HB; RB p.21)."""
    return sum(s.officers[f, p].tolist()) + (1 if s.commander.item(p) == f else 0)


def crown_majority(s, p, me) -> bool:
    """HB 'majority of all Army-box pieces' (officers and Commander; regiments belong to nobody)."""
    mine = army_pieces(s, p, me)
    return mine >= 1 and all(mine > army_pieces(s, p, f) for f in others(s, me))


def seek_debt(s, me) -> int:
    """HB Chairman 2 (Seek Debt): one advance per Presidency with an open home port (Bull/Stag), sea zone with
    fewer than 2 ships (Lion), Presidency where the Crown is Commander or has a majority of Army-box pieces
    (Bear); Peacock none (rules/crown_favours.py reads it to offer the favours one more / one fewer)."""
    c = climate(s)
    if c in (cd.BULL, cd.STAG):
        states = s.order_state.tolist()
        return sum(1 for p in range(3) if states[PRESIDENCY_HOME_PORT[p]] == OPEN)
    if c == cd.LION:
        return sum(1 for z in range(3) if ships_in_zone(s, z) < 2)
    if c == cd.BEAR:
        return sum(1 for p in range(3) if s.commander[p] == me or crown_majority(s, p, me))
    return 0


# --- Company shares and firms (RB p.15, p.38) -------------------------------------------------------------------
def shares(s) -> int:
    """Company shares held (RB p.15): the Court's and the Chairman's piece."""
    court = s.court.tolist()
    return sum(court[f] for f in s.seats) + (1 if s.office_holder.item(CHAIRMAN) >= 0 else 0)


def all_firms(s) -> list[dict]:
    """The firms formed (Deregulation, RB p.38)."""
    return s.firms["firms"]


def total_shares(firm) -> int:
    """A firm's shares issued (RB p.38)."""
    return sum(firm["shares"])


# --- ships and orders (RB p.18-20, p.25, p.40) ---------------------------------------------------------------------
def unfitted(s) -> list[int]:
    """Owned shipyards whose ship is not fitted (RB p.19, Manager of Shipping)."""
    owner, zone = s.shipyard_owner.tolist(), s.ship_zone.tolist()
    return [i for i in range(N_SHIPS) if owner[i] >= 0 and zone[i] < 0]


def tokens_left(s) -> int:
    """Company ship tokens not on the board (RB p.19: the Company's and the extra ships share the tokens)."""
    return company.COMPANY_SHIP_TOKENS[0] - (sum(s.company_ships.tolist()) + sum(s.extra_ships.tolist())
                                             + sum(s.region_company_ship.tolist()))


def zones_in_play(s) -> list[int]:
    """The sea zones: the three Presidencies', and China once its office exists (RB p.25)."""
    return [0, 1, 2, CHINA] if s.office_exists.item(SUPERINTENDENT) else [0, 1, 2]


def ships_in(s, z) -> list[int]:
    """Ship actions for the ships in zone z (named player ships, then Company, extra)."""
    out = [SHIP0 + i for i, at in enumerate(s.ship_zone.tolist()) if at == z]
    if s.company_ships[z] > 0:
        out.append(COMPANY_SHIP)
    if s.extra_ships[z] > 0:
        out.append(EXTRA_SHIP)
    return out


def zones_with_ships(s) -> list[int]:
    """The sea zones in play holding a ship (:func:`ships_in` not empty), the arrays read once."""
    zone, company_, extra = s.ship_zone.tolist(), s.company_ships.tolist(), s.extra_ships.tolist()
    return [z for z in zones_in_play(s) if company_[z] > 0 or extra[z] > 0 or z in zone]


def china_ships(s) -> int:
    """Ships in China (the Superintendent's trade, RB p.25): named, Company and extra ships."""
    return int((s.ship_zone == CHINA).sum() + s.company_ships[CHINA] + s.extra_ships[CHINA])


def company_refill(s, o) -> bool:
    """An order only firms filled this turn: the Company may fill it again for half (RB p.40)."""
    return (s.order_state.item(o) == FILLED and s.firms["order_firm"][o] >= 0
            and s.order_presidency.item(o) < 0)


def refillable(s, states, o) -> bool:
    """:func:`company_refill` with the orders' states read as a list (the searches read every order)."""
    return states[o] == FILLED and s.firms["order_firm"][o] >= 0 and s.order_presidency[o] < 0


# Per Presidency, the other Presidencies' home regions (RB p.20: never filled by it); a read-only constant.
OTHER_HOMES = tuple(frozenset(PRESIDENCY_HOME_REGION[q] for q in range(3) if q != p) for p in range(3))


def fillable(s, p, o, allowed) -> bool:
    """Presidency ``p`` may fill order ``o`` (RB p.20): open (or refillable, RB p.40), in an allowed region, not
    in another Presidency's home region (the region tests first: they are cheap and fail most often)."""
    r = ORDER_REGION[o]
    return r in allowed and r not in OTHER_HOMES[p] and (s.order_state.item(o) == OPEN or company_refill(s, o))


def _fillable(s, states, p, o, allowed) -> bool:
    """:func:`fillable` with the orders' states read as a list (``states``: ``s.order_state.tolist()``)."""
    r = ORDER_REGION[o]
    return r in allowed and r not in OTHER_HOMES[p] and (states[o] == OPEN or refillable(s, states, o))


def reach(game, p, allowed, states=None) -> dict[int, int]:
    """Orders reachable by a trade of Presidency p in ``allowed`` regions: order -> fills needed. ``states``:
    ``state.order_state.tolist()`` when the caller has it (a caller searching region after region)."""
    s = game.state
    if states is None:
        states = s.order_state.tolist()      # read once: the search tests every order it meets
    home = PRESIDENCY_HOME_PORT[p]
    if not _fillable(s, states, p, home, allowed):
        return {}
    dist = {home: 1}
    frontier = [home]
    links = s.data.order_links
    barred = OTHER_HOMES[p]
    while frontier:
        nxt = []
        for o in frontier:
            for q in links[o]:
                if q in dist:
                    continue
                r = ORDER_REGION[q]             # _fillable written out: the search's innermost test
                if r in allowed and r not in barred and (states[q] == OPEN or refillable(s, states, q)):
                    dist[q] = dist[o] + 1
                    nxt.append(q)
        frontier = nxt
    return dist


# --- Armies and Deploy (RB p.20-22) ---------------------------------------------------------------------------------
def targets(s, p) -> list[int]:
    """The regions Army ``p`` may Deploy against (RB p.21-22): its home region, its Company regions and their
    neighbours, none another Presidency's home, each non-Company or with a closed order or unrest."""
    control = s.control.tolist()
    assoc = {r for r in range(N_REGIONS) if control[r] == p}
    home = PRESIDENCY_HOME_REGION[p]
    cand = assoc | {home}
    neighbours = set()
    return sorted(r for r in cand | {n for r in assoc for n in s.data.region_neighbors[r]} | neighbours
                  if not any(r == PRESIDENCY_HOME_REGION[q] for q in range(3) if q != p)
                  and (s.control[r] < 0 or any(s.order_state[o] == CLOSED for o in REGION_ORDERS[r])
                       or s.unrest[r] > 0))


def penalty(s, r) -> int:
    """The Deploy penalty of region ``r`` (RB p.22): nothing for a Company region, else its strength or its
    empire's (every region under the same flag)."""
    if s.control.item(r) >= 0:
        return 0
    cap = s.flag.item(r)
    if cap < 0:
        return s.strength.item(r)
    strength, flag = s.strength.tolist(), s.flag.tolist()
    return sum(strength[x] for x in range(N_REGIONS) if flag[x] == cap)


def army_dice(s, p) -> int:
    """Army ``p``'s dice (RB p.21): its active alliances' strength, regiments and officers (unexhausted)."""
    active_ = s.alliance_active.tolist()
    alliances = sum(s.data.alliances[i][1] for i in range(N_ALLIANCES) if ALLIANCE_ARMY[i] == p and active_[i] == 1)
    officers = s.officers[:, p, 0].tolist()
    return int(alliances + s.regiments[p, 0] + sum(officers[f] for f in s.seats))


def buyable_alliances(s, p, refused=()) -> list[int]:
    """The alliances of Army ``p`` its Commander may ask the President to buy (none without a President,
    RB p.20); ``refused``: those the President already refused in this Commander's operations (RB p.22,
    a reading: see rules/operations_presidency.py's docstring)."""
    president = int(s.office_holder[PRESIDENT[p]])
    if president < 0:
        return []
    money = int(s.treasury[PRESIDENT_TREASURY[p]])
    active_ = s.alliance_active.tolist()
    return [i for i in range(N_ALLIANCES) if ALLIANCE_ARMY[i] == p and active_[i] == 0
            and s.data.alliances[i][0] <= money and i not in refused]


# --- the solo Crown's AI cards and favour record (state.crown; RB p.45-46, Crown Handbook) --------------------------
def active(state) -> bool:
    """Solo against the Crown with the Handbook's rules (option ``crown``)."""
    return state.crown is not None


def cards(state) -> dict:
    """The AI cards by id (RB p.45)."""
    return {c["id"]: c for c in state.data.crown_ai_cards}


def card(state) -> dict:
    """The AI card faceup (RB p.45)."""
    return cards(state)[state.crown["card"]]


def next_card(state) -> dict | None:
    """The facedown card on top of the AI deck (its back shows the Presidency order), or None."""
    deck = state.crown["deck"]
    return cards(state)[deck[-1]] if deck else None


def family(state) -> int:
    """The solo family's slot (the seat that is not the Crown)."""
    return next(f for f in state.seats if f != CROWN)


def cubes(state, who: str) -> int:
    """Promise cubes of ``who`` ("crown" or "family"; RB p.45)."""
    return int(state.crown["cubes"][who])


def favour_record(state) -> dict:
    """The favours performed (state.crown["favours"]): this turn's (``done``; a new turn starts an empty list)
    and the game's total (RB p.45-46)."""
    rec = dict(state.crown["favours"])
    if rec["turn"] != int(state.turn):
        rec = {"turn": int(state.turn), "done": [], "total": rec["total"]}
    return rec


def done_this_turn(state, fav: str) -> int:
    """How many times favour ``fav`` was performed this turn (RB p.45: favours may be repeated)."""
    return favour_record(state)["done"].count(fav)


def crown_dividends(s) -> int:
    """HB Revenue 3: a Crown Chairman pays one dividend if able, then more as long as the Balance stays at least
    £0/£2/£4/£6/£8 afterwards -- shifted by the dividend favours bought this turn (the record in state.crown;
    the crown bot pays this many)."""
    per = shares(s)
    floor = cd.DIVIDEND_FLOOR[0][s.crown["climate"] if s.crown is not None else cd.BULL]
    if per <= 0 or s.balance < per:
        return 0
    n = 1
    while s.balance - (n + 1) * per >= floor:
        n += 1
    if s.crown is not None:
        n += done_this_turn(s, "dividend_more") - done_this_turn(s, "dividend_fewer")
    return max(0, min(n, int(s.balance) // per))


def favour_shift(s, up: str, down: str) -> int:
    """The net change bought this turn by the favours ``up`` / ``down`` (their record in state.crown; the crown
    bot adds it to its procedure's number)."""
    if not active(s):
        return 0
    return done_this_turn(s, up) - done_this_turn(s, down)


def debt_target(s, base: int) -> int:
    """HB Chairman 2 (Seek Debt): the Crown Chairman's count ``base`` shifted by the favours one more (-1/-1/-2/
    -2/-3) / one fewer (-2/-2/-1/-1/--) bought this turn; the usual consent rule applies beyond 3."""
    return max(0, base + favour_shift(s, "debt_more", "debt_fewer"))


def allocation_requests(s) -> list[int]:
    """HB Chairman 3: the treasuries (0..4) that a request bought this turn sends £3 (or less) to, in order."""
    if not active(s):
        return []
    return [int(k.split("_")[1]) for k in favour_record(s)["done"] if k.startswith("allocate_")]


def law_draws(s) -> int:
    """HB Parliament (Crown PM) 2: the Crown draws up to the AI card's shaded position's number of laws and
    selects the last; after the favour 'skip and draw again' bought this turn it draws to the 3rd."""
    if active(s) and done_this_turn(s, "law_skip"):
        return 3
    return card(s)["shaded"] + 1


def trade_dice_shift(s, p: int) -> int:
    """HB President: the required trade dice of the Crown President of ``p`` shifted by the favours this turn."""
    return favour_shift(s, f"trade_dice_up@{p}", f"trade_dice_down@{p}")


def deploy_req_shift(s, p: int) -> int:
    """HB Commander 3: the Deploy requirement of the Crown Commander of ``p``'s Army shifted by the favours."""
    return favour_shift(s, f"deploy_req_up@{p}", f"deploy_req_down@{p}")


def mos_buys(s, default: str) -> int | None:
    """HB Manager of Shipping 2: how many Company ships the Crown buys this turn -- the climate's ``default``
    ("none" 0, "one" 1, "all" None: as many as able) changed by the favour bought this turn (buys one / none /
    as many as you wish), plus one per 'buy another'."""
    n = {"none": 0, "one": 1, "all": None}[default]
    if active(s):
        if done_this_turn(s, "mos_buy_one"):
            n = 1
        elif done_this_turn(s, "mos_buy_none"):
            n = 0
        wish = [int(k.rsplit("_", 1)[1]) for k in favour_record(s)["done"] if k.startswith("mos_buy_wish_")]
        if wish:
            n = wish[-1]
        if n is not None:
            n += done_this_turn(s, "mos_buy_another")
    return n


def governor_min_shift(s, g: int) -> int:
    """HB Governor: the Crown Governor ``g``'s minimum pool shifted by the favours this turn."""
    return favour_shift(s, f"governor_min_up@{g}", f"governor_min_down@{g}")


# --- the solo Crown's seat (Crown Handbook) -------------------------------------------------------------------------
def extra_votes(s) -> int:
    """HB Parliament: the Crown's free votes by its family treasury."""
    cash = int(s.cash[CROWN])
    for least, votes in cd.EXTRA_VOTES[0]:
        if cash >= least:
            return votes
    return 0


def crown_slot(state, slot: int) -> bool:
    """``slot`` is the Crown played by the Handbook (option ``crown``)."""
    return active(state) and slot == CROWN


def free_writers_due(game) -> int:
    """HB Family step 1: how many free writers the Crown enlists before its family actions (0-2)."""
    s = game.state
    if not has_piece(s, CROWN) or len(vacant_offices(s)) < cd.FREE_WRITER_VACANCIES[0]:
        return 0
    second = any(s.office_holder[PRESIDENT[p]] < 0 and s.writers[CROWN, p] == 0 for p in range(3))
    return 2 if second and s.supply[CROWN] >= 2 else 1
