"""What the rules and the bot both ask of the state (layer above state.py, below the rules): who owns what, the
pools and prices the procedures offer, the Elephant's reach, the solo Crown's readings of the board.

Pure functions of the state (and the game's data): no decision is pushed, nothing changes. Each cites the rule
it reads; the procedures that use them cite it again where they act.
"""

from __future__ import annotations

from .data import crown as cd
from .data.cards import SPOUSES
from .data.map import SHAPES
from .static import (CHAIRMAN, DIRECTOR_OF_TRADE, GOVERNORS, GOVERNOR_GENERAL, MANAGER_OF_SHIPPING, MILITARY_AFFAIRS,
                     N_OFFICES, N_REGIONS, OPEN, PRESIDENCY_HOME_PORT, PRESIDENT, REGION_NAMES, REGION_OF_GOVERNOR,
                     SUPERINTENDENT)

# --- Company shares and what a family owns --------------------------------------------------------------------
def owned(s, f, target) -> int:
    """What family ``f`` owns of a policy's target (RB p.34): Workshops, Shipyards, Luxuries, or Company shares (its
    Court shares and the Chairman's piece)."""
    if target == "Workshops":
        return int(s.workshops[f])
    if target == "Shipyards":
        return int((s.shipyard_owner == f).sum())
    if target == "Luxuries":
        return int(s.luxuries[f])
    return int(s.court[f]) + (1 if s.office_holder[CHAIRMAN] == f else 0)


def has_piece(s, slot) -> bool:
    """A family member to place: in the supply or on a prize (RB p.13 'out of family pieces')."""
    return s.supply[slot] > 0 or s.prize_pieces[slot].sum() > 0


# --- the hiring pool (RB p.16) ---------------------------------------------------------------------------------
def _writers(s, boxes) -> list[tuple[str, int]]:
    return [(f"writer{p}", slot) for p in boxes for slot in s.seats if s.writers[slot, p] > 0]


def candidates(s, office: int) -> list[tuple[str, int]]:
    """The pool: (source key, family slot) pairs (RB p.16); an office is "post<index>"."""
    if office in (DIRECTOR_OF_TRADE, GOVERNOR_GENERAL):
        pool = [(f"post{o}", int(s.office_holder[o])) for o in range(N_OFFICES)
                if o != office and o != CHAIRMAN and o not in GOVERNORS and s.office_exists[o]
                and s.office_holder[o] >= 0]
        return pool or _writers(s, range(3))
    if office in (MANAGER_OF_SHIPPING, SUPERINTENDENT):
        return _writers(s, range(3))
    if office == MILITARY_AFFAIRS:
        pool = [(f"commander{p}", int(s.commander[p])) for p in range(3) if s.commander[p] >= 0]
        if not pool:
            pool = [(f"officer{p}", slot) for p in range(3) for slot in s.seats if s.officers[slot, p].sum() > 0]
        if not pool:
            pool = [("oit", slot) for slot in s.seats if s.officers_in_training[slot] > 0]
        return pool
    if office in PRESIDENT:
        p = PRESIDENT.index(office)
        pool = _writers(s, [p])
        pool += [(f"post{g}", int(s.office_holder[g])) for g in GOVERNORS
                 if s.office_exists[g] and s.office_holder[g] >= 0 and s.control[REGION_OF_GOVERNOR[g]] == p]
        return pool
    if office in GOVERNORS:
        p = int(s.control[REGION_OF_GOVERNOR[office]])
        if p < 0:
            return []
        return _writers(s, [p]) + [(f"officer{p}", slot) for slot in s.seats if s.officers[slot, p].sum() > 0]
    return []


def hiring_pool(s, office, hirer, no_own, only=None):
    """The candidates the hirer may choose (RB p.16): none of its own with ``no_own``, only family ``only``'s
    (Hiring Preference) when given."""
    return [(src, slot) for src, slot in candidates(s, office) if not (no_own and slot == hirer)
            and (only is None or slot == only)]


# --- prizes and spouses (RB p.11-12) ------------------------------------------------------------------------
SPOUSE = {c[0]: (c[2] or 0, c[3] or 0) for c in SPOUSES}


LETTERS_OF_INTRODUCTION, LETTERS_PLAYED, LETTERS_DECLINED = 63, -63, -630


def others_discount_cards(s, f) -> list[int]:
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
    return max(0, game.data.prizes[box][0] - sum(SPOUSE[c][1] for c in unused_discounts(s, f, used)))


def windows(game, f) -> int:
    """A family's windows (RB p.11): one per luxury and the windows printed on the prizes it holds."""
    s = game.state
    return int(s.luxuries[f]) + sum(int(s.prize_pieces[f, b]) * game.data.prizes[b][3] for b in range(5))


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
    return s.crown["climate"] if s.crown is not None else cd.BULL


def others(s, me) -> list[int]:
    return [f for f in s.seats if f != me]


def ships_in_zone(s, z) -> int:
    return int((s.ship_zone == z).sum() + s.company_ships[z] + s.extra_ships[z])


def army_pieces(s, p, f) -> int:
    return int(s.officers[f, p].sum()) + int(s.commander[p] == f)


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
        return sum(1 for p in range(3) if s.order_state[PRESIDENCY_HOME_PORT[p]] == OPEN)
    if c == cd.LION:
        return sum(1 for z in range(3) if ships_in_zone(s, z) < 2)
    if c == cd.BEAR:
        return sum(1 for p in range(3) if s.commander[p] == me or crown_majority(s, p, me))
    return 0
