"""Board queries and primitive changes for Gandhi: the vocabulary every rule is written in.

Rules call these instead of touching arrays, so each rule of chapter 1 (space types,
Active pieces, Raj Control, victory totals, Protest boxes, marker limits, tracks) lives
in exactly one function here.
"""

from __future__ import annotations

import numpy as np

from .data.map import PROTEST_BOXES
from .data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE,
                          REV_BASE, SEPOY, TROOP, UNREST_STRIKE_MARKERS)
from .static import (AVAILABLE, IS_CITY, IS_LAND, IS_MUSLIM, IS_PRINCELY_STATE, IS_PRINTED_PROVINCE,
                     IS_RAILWAY, JAIL, N_SPACES)

CUBES = (TROOP, SEPOY)
ACTIVISTS = (CONGRESS_ACTIVIST, ML_ACTIVIST)
GUERRILLAS = (GUERRILLA, ACTIVE_GUERRILLA)
BASES = (ML_BASE, REV_BASE)
FACTION_PIECES = {
    "raj": (TROOP, SEPOY),
    "congress": (CONGRESS_ACTIVIST, GANDHI),
    "ml": (ML_ACTIVIST, ML_BASE),
    "revs": (GUERRILLA, ACTIVE_GUERRILLA, REV_BASE),
}


# Space types as Python lists for one-space questions (a list read is cheaper than a numpy one). The
# types never change: an owner data pack (datapack.py) rewrites Population, Econ and adjacency only.
_RAILWAY = IS_RAILWAY.tolist()
_CITY = IS_CITY.tolist()
_PRINTED_PROVINCE = IS_PRINTED_PROVINCE.tolist()
_PRINCELY_STATE = IS_PRINCELY_STATE.tolist()
_LAND = IS_LAND.tolist()
_MUSLIM = IS_MUSLIM.tolist()


# --- 1.3 space types --------------------------------------------------------------------
def is_railway(s, sp) -> bool:
    return _RAILWAY[sp]


def is_city(s, sp) -> bool:
    return _CITY[sp]


def is_province(s, sp) -> bool:
    """1.3.3 / 1.3.5: a printed Province without a Muslim State marker."""
    return _PRINTED_PROVINCE[sp] and not s.muslim_state.item(sp)


def is_state(s, sp) -> bool:
    """1.3.5: Princely States and Muslim States."""
    return _PRINCELY_STATE[sp] or bool(s.muslim_state.item(sp))


def is_land(sp) -> bool:
    """Non-railway space: City, Province or State (1.3.6 note)."""
    return _LAND[sp]


def is_muslim_space(sp) -> bool:
    """1.3.4: one of the 10 printed Muslim spaces (a Muslim State marker does not make one)."""
    return _MUSLIM[sp]


def pop(s, sp) -> int:
    """The space's Population in this game's data (1.3.2; 0 on a Railway)."""
    return s.data.pop_list[sp]


# --- 1.4.3 Active pieces --------------------------------------------------------------------
def activists_active(s, sp) -> bool:
    """Activists are Active in a Protest space or on a Railway, Inactive elsewhere."""
    return _RAILWAY[sp] or bool(s.protest.item(sp))


def count(s, sp, piece) -> int:
    return s.pieces.item(sp, piece)


def cubes(s, sp) -> int:
    p = s.pieces
    return p.item(sp, TROOP) + p.item(sp, SEPOY)


def guerrillas(s, sp) -> int:
    p = s.pieces
    return p.item(sp, GUERRILLA) + p.item(sp, ACTIVE_GUERRILLA)


def activists(s, sp) -> int:
    p = s.pieces
    return p.item(sp, CONGRESS_ACTIVIST) + p.item(sp, ML_ACTIVIST)


def active_non_raj(s, sp) -> int:
    """Active pieces other than cubes: Gandhi, all Bases, Active Guerrillas, Active Activists (1.7)."""
    p = s.pieces[sp].tolist()
    n = p[GANDHI] + p[ML_BASE] + p[REV_BASE] + p[ACTIVE_GUERRILLA]
    if activists_active(s, sp):
        n += p[CONGRESS_ACTIVIST] + p[ML_ACTIVIST]
    return n


def active_pieces_of(s, sp, faction) -> int:
    """Active pieces of one faction in a space (targets for removal)."""
    p = s.pieces[sp].tolist()
    if faction == "raj":
        return p[TROOP] + p[SEPOY]
    if faction == "congress":
        return p[GANDHI] + (p[CONGRESS_ACTIVIST] if activists_active(s, sp) else 0)
    if faction == "ml":
        return p[ML_BASE] + (p[ML_ACTIVIST] if activists_active(s, sp) else 0)
    return p[ACTIVE_GUERRILLA] + p[REV_BASE]


def active_adversaries(s, sp, faction) -> int:
    """Active pieces of every other faction in a space (:func:`active_pieces_of` summed; one read)."""
    p = s.pieces[sp].tolist()
    act = activists_active(s, sp)
    by_faction = {"raj": p[TROOP] + p[SEPOY],
                  "congress": p[GANDHI] + (p[CONGRESS_ACTIVIST] if act else 0),
                  "ml": p[ML_BASE] + (p[ML_ACTIVIST] if act else 0),
                  "revs": p[ACTIVE_GUERRILLA] + p[REV_BASE]}
    return sum(by_faction.values()) - by_faction.get(faction, 0)


# --- 1.7 Raj Control ------------------------------------------------------------------------
def controllable(s, sp) -> bool:
    """1.7.2: only Cities and Provinces (not States, not Railways) can be Raj-Controlled."""
    return _CITY[sp] or is_province(s, sp)


def raj_control(s, sp) -> bool:
    """1.7.1: cubes exceed all other Active pieces in a City or Province."""
    if not (_CITY[sp] or (_PRINTED_PROVINCE[sp] and not s.muslim_state.item(sp))):     # controllable
        return False
    # One read of the space, unpacked in piece-column order (asserted below); Underground Guerrillas count for nobody.
    troops, sepoys, congress, gandhi, ml, ml_bases, _, active_guerrillas, rev_bases = s.pieces[sp].tolist()
    others = gandhi + ml_bases + rev_bases + active_guerrillas      # active_non_raj
    if s.protest.item(sp):         # activists_active: a controllable space is never a Railway
        others += congress + ml
    return troops + sepoys > others


# raj_control unpacks a space's row in this order: the piece columns of data/pieces.py.
assert (TROOP, SEPOY, CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ML_BASE, GUERRILLA, ACTIVE_GUERRILLA, REV_BASE) \
    == tuple(range(9)), "board.raj_control unpacks the piece columns in data/pieces.py order"


def controllable_mask(s) -> np.ndarray:
    """1.7.2 for every space at once: Cities and Provinces (not States, not Railways)."""
    return IS_CITY | (IS_PRINTED_PROVINCE & (s.muslim_state == 0))


def control_margin(s) -> np.ndarray:
    """Cubes minus all other Active pieces in every space (1.7.1; 1.4.3 Activists Active in a
    Protest space or on a Railway): Raj Control where positive in a controllable space."""
    counts = s.pieces[:N_SPACES] @ _MARGIN_WEIGHTS       # [cubes - other Active pieces, -Activists]
    act = IS_RAILWAY | (s.protest > 0)
    return counts[:, 0] + act * counts[:, 1]


# control_margin's weights per piece type: column 0 counts cubes (+1) against the pieces Active
# everywhere (-1: Gandhi, Bases, Active Guerrillas); column 1 the Activists (-1), Active only where
# act (1.4.3). Underground Guerrillas count for nobody.
_MARGIN_WEIGHTS = np.zeros((9, 2), dtype=np.int16)     # counts stay far below 2**15
_MARGIN_WEIGHTS[[TROOP, SEPOY], 0] = 1
_MARGIN_WEIGHTS[[GANDHI, ML_BASE, REV_BASE, ACTIVE_GUERRILLA], 0] = -1
_MARGIN_WEIGHTS[[CONGRESS_ACTIVIST, ML_ACTIVIST], 1] = -1


def active_non_raj_all(s) -> np.ndarray:
    """:func:`active_non_raj` of every space at once (1.7)."""
    counts = s.pieces[:N_SPACES] @ _NON_RAJ_WEIGHTS       # [Gandhi, Bases, Active Guerrillas; Activists]
    return counts[:, 0] + (IS_RAILWAY | (s.protest > 0)) * counts[:, 1]


_NON_RAJ_WEIGHTS = np.zeros((9, 2), dtype=np.int16)
_NON_RAJ_WEIGHTS[[GANDHI, ML_BASE, REV_BASE, ACTIVE_GUERRILLA], 0] = 1
_NON_RAJ_WEIGHTS[[CONGRESS_ACTIVIST, ML_ACTIVIST], 1] = 1


def control_mask(s) -> np.ndarray:
    """Raj Control of every space at once (vectorized 1.7.1)."""
    return controllable_mask(s) & (control_margin(s) > 0)


# --- 1.6 / 1.9 victory totals --------------------------------------------------------------------
def total_support(s) -> int:
    sup = s.support.astype(np.int32)
    return int((np.clip(sup, 0, 2) * s.data.pop).sum())


def total_opposition(s) -> int:
    sup = s.support.astype(np.int32)
    return int((np.clip(-sup, 0, 2) * s.data.pop).sum())


def total_muslim_opposition(s) -> int:
    sup = s.support.astype(np.int32)
    return int((np.clip(-sup, 0, 2) * s.data.pop * IS_MUSLIM).sum())


def victory_totals(s) -> dict[str, int]:
    """1.9 / 7.2 victory marker totals: Support (+ Population under Raj Control) for the Raj,
    Opposition for Congress, Opposition in Muslim spaces (+ twice the Population of Muslim States) for
    the Muslim League, Population with Unrest (+ Bases on the map) for the Revolutionaries.
    One pass over Python lists: the NP Event look-ahead (bots/events.py) asks this twice per option
    tried. tests/gandhi/test_gandhi_fast_paths.py checks it against the per-track totals above."""
    raj = congress = ml = revs = 0
    for n, level, muslim_state, unrest, margin, (city, province, muslim) in zip(
            s.data.pop_list, s.support.tolist(), s.muslim_state.tolist(), s.unrest.tolist(),
            control_margin(s).tolist(), _SPACE_TYPES):
        if not n:               # Railways: no Population, nothing to count
            continue
        if level > 0:
            raj += min(level, 2) * n
        elif level < 0:
            opposition = min(-level, 2) * n
            congress += opposition
            if muslim:
                ml += opposition
        if margin > 0 and (city or (province and not muslim_state)):       # Raj Control (1.7)
            raj += n
        if muslim_state:
            ml += 2 * n
        if unrest:
            revs += n
    revs += sum(s.pieces[:N_SPACES, REV_BASE].tolist())
    return {"raj": raj, "congress": congress, "ml": ml, "revs": revs}


# (City, printed Province, Muslim space) per space, read alongside the tracks by victory_totals.
_SPACE_TYPES = tuple(zip(_CITY, _PRINTED_PROVINCE, _MUSLIM))


VICTORY_THRESHOLDS = {"raj": 38, "congress": 20, "ml": 14, "revs": 14}   # 7.2


# --- 1.6 support shifts -------------------------------------------------------------------------
def shift_support(s, sp, levels: int) -> None:
    """Shift toward Active Support (+) or Active Opposition (-), within the five levels (1.6.1).
    Railways have no Support/Opposition."""
    if IS_RAILWAY[sp]:
        return
    s.support[sp] = max(-2, min(2, int(s.support.item(sp)) + levels))


def shift_toward_neutral(s, sp) -> None:
    v = int(s.support.item(sp))
    if v > 0:
        s.support[sp] = v - 1
    elif v < 0:
        s.support[sp] = v + 1


# --- 1.4.1 availability and piece movement ---------------------------------------------------------
def available(s, piece) -> int:
    if piece == GUERRILLA:
        return int(s.pieces.item(AVAILABLE, GUERRILLA) + s.pieces.item(AVAILABLE, ACTIVE_GUERRILLA))
    return s.pieces.item(AVAILABLE, piece)


def move(s, piece, src, dst, n: int = 1) -> None:
    if n <= 0:
        return
    if s.pieces.item(src, piece) < n:
        raise ValueError(f"cannot move {n} of piece {piece} from location {src}")
    s.pieces[src, piece] -= n
    s.pieces[dst, piece] += n
    if s.log is not None:           # the game log (coin_env/core/log.py): place / move / remove / arrest
        s.log.append(("piece", piece, src, dst, n))


def place(s, piece, sp, n: int = 1) -> int:
    """Place up to n pieces from Available (1.4.1: ignore what is not Available). Returns how many.
    Guerrillas are always placed Underground (1.4.3)."""
    if piece in (GUERRILLA, ACTIVE_GUERRILLA):
        n = min(n, available(s, GUERRILLA))
        # Off-map Guerrillas are kept Underground; tolerate any stray Active ones.
        from_u = min(n, s.pieces.item(AVAILABLE, GUERRILLA))
        move(s, GUERRILLA, AVAILABLE, sp, from_u)
        rest = n - from_u
        if rest:
            s.pieces[AVAILABLE, ACTIVE_GUERRILLA] -= rest
            s.pieces[sp, GUERRILLA] += rest
            if s.log is not None:
                s.log.append(("piece", GUERRILLA, AVAILABLE, sp, rest))
        return n
    n = min(n, s.pieces.item(AVAILABLE, piece))
    move(s, piece, AVAILABLE, sp, n)
    return n


def remove(s, piece, sp, n: int = 1) -> None:
    """Remove to Available (5.1.3 'remove'); Guerrillas return Underground."""
    if piece == ACTIVE_GUERRILLA:
        s.pieces[sp, ACTIVE_GUERRILLA] -= n
        s.pieces[AVAILABLE, GUERRILLA] += n
        if s.log is not None and n > 0:
            s.log.append(("piece", ACTIVE_GUERRILLA, sp, AVAILABLE, n))
        return
    move(s, piece, sp, AVAILABLE, n)


def arrest(s, piece, sp, n: int = 1) -> None:
    """5.1.3 'arrest': Gandhi and Activists go to Jail."""
    move(s, piece, sp, JAIL, n)


NV_PIECES = (CONGRESS_ACTIVIST, ML_ACTIVIST, GANDHI)


def remove_or_arrest(s, piece, sp, n: int = 1, arrest_nv: bool = True) -> None:
    """5.1.3: with ``arrest_nv`` (Raj Assault / Treaty / Govern 3.2.4, Events that say "arrest")
    Gandhi and Activists go to Jail; everything else, and every plain removal, to Available."""
    if arrest_nv and piece in NV_PIECES:
        arrest(s, piece, sp, n)
    else:
        remove(s, piece, sp, n)


def activate_guerrillas(s, sp, n: int) -> int:
    n = min(n, s.pieces.item(sp, GUERRILLA))
    s.pieces[sp, GUERRILLA] -= n
    s.pieces[sp, ACTIVE_GUERRILLA] += n
    if s.log is not None and n > 0:
        s.log.append(("flip", sp, GUERRILLA, ACTIVE_GUERRILLA, n))
    return n


def guerrillas_underground(s, sp) -> None:
    if s.log is not None and s.pieces.item(sp, ACTIVE_GUERRILLA):
        s.log.append(("flip", sp, ACTIVE_GUERRILLA, GUERRILLA, s.pieces.item(sp, ACTIVE_GUERRILLA)))
    s.pieces[sp, GUERRILLA] += s.pieces.item(sp, ACTIVE_GUERRILLA)
    s.pieces[sp, ACTIVE_GUERRILLA] = 0


def has_room_for_base(s, sp) -> bool:
    """1.4.2: Bases in a space may not exceed its Population (so never on Railways)."""
    p = s.pieces[sp]
    return int(p[ML_BASE] + p[REV_BASE]) < s.data.pop_list[sp]


# --- 1.10 Protest markers -------------------------------------------------------------------
def protests_available_for_ops(s) -> int:
    """Markers in the boxes beside Restraint values >= the current Restraint (1.10)."""
    restraint = s.restraint
    return sum(n for n, (value, _) in zip(s.protest_boxes.tolist(), PROTEST_BOXES) if value >= restraint)


def protests_available_for_events(s) -> int:
    return int(s.protest_boxes.sum())


def place_protest(s, sp, for_event: bool = False) -> bool:
    """Place a Protest from the lowest-numbered occupied box (1.10), if allowed; returns success.
    Operations draw only from the boxes Restraint makes Available."""
    if s.protest.item(sp):
        return False
    for i, (value, _) in enumerate(PROTEST_BOXES):
        if s.protest_boxes[i] > 0 and (for_event or value >= s.restraint):
            s.protest_boxes[i] -= 1
            s.protest[sp] = 1
            return True
    return False


def remove_protest(s, sp) -> bool:
    """Return a Protest to the highest-numbered open box (1.10)."""
    if not s.protest.item(sp):
        return False
    s.protest[sp] = 0
    for i in range(len(PROTEST_BOXES) - 1, -1, -1):
        if s.protest_boxes[i] < PROTEST_BOXES[i][1]:
            s.protest_boxes[i] += 1
            return True
    raise ValueError("no open Protest box")


# --- 1.11 / 1.12 Unrest and Strike markers ----------------------------------------------------------
def unrest_strike_in_play(s) -> int:
    return sum(s.unrest.tolist()) + sum(s.strike.tolist())     # Python sums of a few small ints: cheaper


def add_unrest(s, sp) -> bool:
    """Add one Unrest; on a Railway a Strike instead (5.1.4), at most one per Railway (1.12).
    Nothing is placed if all 12 markers are in play (1.11)."""
    if unrest_strike_in_play(s) >= UNREST_STRIKE_MARKERS:
        return False
    if IS_RAILWAY[sp]:
        if s.strike.item(sp):
            return False
        s.strike[sp] = 1
        return True
    s.unrest[sp] += 1
    return True


def add_strike(s, sp) -> bool:
    if not IS_RAILWAY[sp] or s.strike.item(sp) or unrest_strike_in_play(s) >= UNREST_STRIKE_MARKERS:
        return False
    s.strike[sp] = 1
    return True


# --- 6.6 / 6.7 / 6.8 Restraint, Unity, Crisis --------------------------------------------------------
def in_crisis(s) -> bool:
    """6.8: India is in Crisis whenever Restraint and Unity are both 1."""
    return s.restraint == 1 and s.unity == 1


def _note_crisis(s, was: bool) -> None:
    if not was and in_crisis(s) and s.turn is not None:
        s.turn["flags"]["crisis_triggered"] = True


def shift_restraint(s, delta: int) -> None:
    """Shifts beyond 1..5 are ignored (5.1.4)."""
    was = in_crisis(s)
    s.restraint = max(1, min(5, s.restraint + delta))
    _note_crisis(s, was)


def shift_unity(s, delta: int) -> None:
    was = in_crisis(s)
    s.unity = max(1, min(5, s.unity + delta))
    _note_crisis(s, was)


def add_resources(s, faction: str, amount: int) -> None:
    """1.8: Raj and Revolutionaries Resources stay within 0..50."""
    s.resources[faction] = max(0, min(50, s.resources[faction] + amount))
