"""Board helpers: Control (1.7), Tributary status (1.6), Deccan Influence (1.9), Resources (1.8),
Cavalry (1.10), placing / removing / moving pieces (1.4.3, 1.4.6) and the victory totals (5.0-5.3).

Rules read map facts from the game's data (``s.data.prosperity``, ``s.data.neighbors``).
"""

from __future__ import annotations

import numpy as np

from .data.pieces import (AMIR, AMIR_REBEL, CAVALRY_TOKENS, FACTIONS, FORT, INFLUENCE_SLOTS, MAX_INFLUENCE,
                          MAX_RESOURCES, PAIR_OF, PIECES_OF, QASBAH, RAJA, RAJA_REBEL, REBEL_OF,
                          STRUCTURES, TEMPLE, UNITS_PER_SLOT)
from .static import AVAILABLE, DELHI, IS_PROVINCE, N_SPACES, PROVINCES, TRACK

REBELS_OF = {"bk": (AMIR, AMIR_REBEL), "ve": (RAJA, RAJA_REBEL)}
# each faction's piece types are adjacent columns of the pieces array: faction -> (first, last + 1)
_COLUMNS = {f: (min(p), max(p) + 1) for f, p in PIECES_OF.items()}
_SLICES = [_COLUMNS[f] for f in FACTIONS]           # the player factions' columns, in control-code order
_PROVINCE_INDEX = np.array(PROVINCES, dtype=np.intp)
_FORT_TEMPLE = [FORT, TEMPLE]
assert all(tuple(range(*_COLUMNS[f])) == tuple(sorted(p)) for f, p in PIECES_OF.items())


# --- counting ----------------------------------------------------------------------------------------
def count(s, sp: int, faction: str) -> int:
    """Pieces of ``faction`` (Units and Structures, any state) in ``sp``."""
    lo, hi = _COLUMNS[faction]
    return sum(s.pieces[sp, lo:hi].tolist())


def controller(s, sp: int) -> str | None:
    """1.7: an Independent Province is Controlled by the faction whose pieces outnumber all other
    factions' pieces there combined; Tributary Provinces and non-Provinces are never Controlled."""
    if not IS_PROVINCE[sp] or s.tributary[sp]:
        return None
    counts = {f: count(s, sp, f) for f in FACTIONS}
    total = sum(counts.values())
    for f, n in counts.items():
        if n > total - n:
            return f
    return None


def control_codes(s) -> np.ndarray:
    """1.7 for every space at once: 0 no Control, else 1 + the index in FACTIONS of the faction whose
    pieces outnumber all others' combined in an Independent Province (the same reading as
    :func:`controller`, vectorised for the observation, the log and the victory totals)."""
    tributary = s.tributary.tolist()
    rows = s.pieces[:N_SPACES].tolist()
    out = [0] * N_SPACES
    for sp in PROVINCES:
        if tributary[sp]:
            continue
        row = rows[sp]
        counts = [sum(row[lo:hi]) for lo, hi in _SLICES]
        total = sum(counts)
        for code, n in enumerate(counts, 1):
            if 2 * n > total:
                out[sp] = code
                break
    return np.array(out, dtype=np.int8)


def is_tributary(s, sp: int) -> bool:
    return bool(IS_PROVINCE[sp] and s.tributary[sp])


def outnumbers(s, sp: int, faction: str) -> bool:
    """3.3.3 / 3.4.3: ``faction``'s pieces outnumber all opposing pieces combined."""
    n = count(s, sp, faction)
    return n > sum(count(s, sp, f) for f in FACTIONS if f != faction)


def refresh(s, sp: int) -> None:
    """1.4.5 / 1.7: where the Bahmani Kingdom (Vijayanagara) Controls a Province, every Amir (Raja)
    there is Rebelling; control is re-read after every change, so call this after each change of
    pieces or status in ``sp``. (Rebelling Units may stay Rebelling when Control is lost, and may be
    Rebelling in a Tributary Province until a Tributary marker is placed there, 1.6 / 3.2.4.)"""
    if not IS_PROVINCE[sp]:
        return
    ctrl = controller(s, sp)
    if ctrl in REBELS_OF:
        obedient, rebel = REBELS_OF[ctrl]
        flip(s, sp, obedient, rebel, int(s.pieces[sp, obedient]))


def set_obedient(s, sp: int) -> None:
    for obedient, rebel in ((AMIR, AMIR_REBEL), (RAJA, RAJA_REBEL)):
        flip(s, sp, rebel, obedient, int(s.pieces[sp, rebel]))


def flip(s, sp: int, frm: int, to: int, n: int) -> None:
    """1.4.5: turn ``n`` Amirs / Rajas in ``sp`` from one state to the other (Obedient / Rebelling); the
    caller re-reads Control where it matters. Logged (coin_env.core.log: ``("flip", ...)``)."""
    if n <= 0:
        return
    s.pieces[sp, frm] -= n
    s.pieces[sp, to] += n
    if s.log is not None:
        s.log.append(("flip", sp, frm, to, n))


def transfer(s, piece: int, src: int, dst: int, n: int) -> None:
    """Move ``n`` pieces of one type between two locations (spaces, Available, an Influence track) without
    re-reading Control (the caller does where it matters). Logged (``("piece", ...)``)."""
    if n <= 0:
        return
    s.pieces[src, piece] -= n
    s.pieces[dst, piece] += n
    if s.log is not None:
        s.log.append(("piece", piece, src, dst, n))


def set_tributary(s, sp: int, value: bool) -> None:
    """1.6: place or remove a Tributary marker (placing flips Rebelling Amirs and Rajas Obedient)."""
    s.tributary[sp] = 1 if value else 0
    if value:
        set_obedient(s, sp)
    refresh(s, sp)


# --- pieces ------------------------------------------------------------------------------------------
def available(s, piece: int) -> int:
    return int(s.pieces[AVAILABLE, PAIR_OF.get(piece, piece)])


def place(s, sp: int, piece: int, n: int = 1) -> int:
    """1.4.6: place up to ``n`` pieces from Available (Amirs / Rajas arrive Obedient, then 1.4.5
    applies); returns how many were placed."""
    base = PAIR_OF.get(piece, piece)
    n = min(n, int(s.pieces[AVAILABLE, base]))
    if n <= 0:
        return 0
    transfer(s, base, AVAILABLE, sp, n)
    refresh(s, sp)
    return n


def move(s, src: int, dst: int, piece: int, n: int = 1) -> None:
    """Move ``n`` pieces of one type; both spaces' Control is re-read (1.7)."""
    assert s.pieces[src, piece] >= n
    transfer(s, piece, src, dst, n)
    refresh(s, src)
    refresh(s, dst)


def remove(s, sp: int, piece: int, n: int = 1) -> None:
    """1.4.3: removed pieces go back to their holding box (Rebelling ones return as plain pieces)."""
    assert s.pieces[sp, piece] >= n
    s.pieces[sp, piece] -= n
    s.pieces[AVAILABLE, PAIR_OF.get(piece, piece)] += n        # a Rebelling Unit returns as a plain piece
    if s.log is not None and n > 0:
        s.log.append(("piece", piece, sp, AVAILABLE, n))
    refresh(s, sp)


def has_structure(s, sp: int, piece: int) -> bool:
    return bool(s.pieces[sp, piece])


def can_build(s, sp: int, piece: int) -> bool:
    """1.4.4: at most one Qasbah, one Fort and one Temple per space."""
    assert piece in STRUCTURES
    return not s.pieces[sp, piece] and available(s, piece) > 0


# --- tracks ------------------------------------------------------------------------------------------
def add_resources(s, faction: str, n: int) -> None:
    """1.8: Resources stay within 0..24 (gains beyond 24 are lost)."""
    s.resources[faction] = max(0, min(MAX_RESOURCES, s.resources[faction] + n))


def cavalry_pool(s) -> int:
    """1.10: the shared pool holds the tokens no faction holds."""
    return CAVALRY_TOKENS - sum(s.cavalry.values())


def gain_cavalry(s, faction: str, n: int) -> int:
    """1.10: take up to ``n`` tokens from the pool; returns how many came (the rest may be taken from
    other factions: rules.common.gain_cavalry asks the gainer)."""
    n = min(n, cavalry_pool(s))
    s.cavalry[faction] += n
    return n


def units_on_track(s, faction: str) -> int:
    return int(s.pieces[TRACK[faction]].sum())


def shift_influence(s, faction: str, delta: int) -> int:
    """1.9: move a Deccan Influence marker by ``delta`` (moves past 0 or 4 are ignored). Reaching or
    passing a slot sends its 2 Units to Available (1.9.1 / 1.9.2). Returns how many Units the
    faction now owes to slots it dropped below (1.9: refilled from Available or the map, the
    faction's choice: rules.common.shift_influence asks)."""
    old = s.influence[faction]
    new = max(0, min(MAX_INFLUENCE, old + delta))
    s.influence[faction] = new
    unit = AMIR if faction == "bk" else RAJA
    track = TRACK[faction]
    owed = 0
    for level in INFLUENCE_SLOTS[faction]:
        if old < level <= new:
            transfer(s, unit, track, AVAILABLE, min(UNITS_PER_SLOT, int(s.pieces[track, unit])))
        elif new < level <= old:
            owed += UNITS_PER_SLOT
    return owed


# --- victory -----------------------------------------------------------------------------------------
def prosperity_of(s, faction: str | None = None, tributary: bool = False, codes=None) -> int:
    """Total Prosperity of the Tributary Provinces (``tributary=True``) or of those ``faction`` Controls
    (``codes``: :func:`control_codes`, when the caller has them)."""
    pros = s.data.prosperity
    if tributary:
        return int(pros[s.tributary != 0].sum())
    if codes is None:
        codes = control_codes(s)
    return int(pros[codes == FACTIONS.index(faction) + 1].sum())


def structures_on_map(s, piece: int) -> int:
    return int(s.pieces[:N_SPACES, piece].sum())


def victory_totals(s, codes=None) -> dict[str, int]:
    """5.1-5.3 during play: Delhi = Prosperity of Tributary Provinces; Bahmani = Prosperity of the
    Provinces it Controls + Forts on the map + its Influence; Vijayanagara likewise with Temples."""
    if codes is None:
        codes = control_codes(s)
    pros = s.data.prosperity_list
    by_code = [0] * (len(FACTIONS) + 1)                 # Prosperity Controlled, by control code
    tributary = 0
    for sp, trib, code in zip(PROVINCES, s.tributary[_PROVINCE_INDEX].tolist(), codes[_PROVINCE_INDEX].tolist()):
        if trib:
            tributary += pros[sp]
        by_code[code] += pros[sp]
    forts, temples = s.pieces[:N_SPACES, _FORT_TEMPLE].sum(axis=0).tolist()
    return {
        "ds": tributary,
        "bk": by_code[FACTIONS.index("bk") + 1] + forts + s.influence["bk"],
        "ve": by_code[FACTIONS.index("ve") + 1] + temples + s.influence["ve"],
    }


def mongol_adjustment(s) -> int:
    """5.1 at the end: Delhi gains 3 VP less one per Mongol Invader in Delhi, never below -3."""
    from .data.pieces import MONGOL
    return max(3 - int(s.pieces[DELHI, MONGOL]), -3)


def final_totals(s) -> dict[str, int]:
    totals = victory_totals(s)
    totals["ds"] += mongol_adjustment(s)
    return totals


def ranking(s, totals: dict[str, int]) -> list[str]:
    """5.0: most VP wins; ties go to the most Resources (then the factions' order: the optional
    Aadu-Huli aata of 5.5 is not implemented)."""
    return sorted(FACTIONS, key=lambda f: (-totals[f], -s.resources[f], FACTIONS.index(f)))


def shared_first(s, totals: dict[str, int], ranking: list[str]) -> list[str]:
    """5.0 / 5.5: the factions level with the first of ``ranking`` on VP and then Resources (the
    optional Aadu-Huli aata that would part them is not implemented: they share the win)."""
    def key(f):
        return totals[f], s.resources[f]
    return [f for f in ranking if key(f) == key(ranking[0])]


def victory_margins(s, totals=None) -> dict[str, int]:
    """Each faction's VP less the best other faction's (final totals once the game is over; ``totals``:
    the running :func:`victory_totals`, when the caller has them)."""
    if s.over:
        totals = final_totals(s)
    elif totals is None:
        totals = victory_totals(s)
    return {f: totals[f] - max(totals[o] for o in FACTIONS if o != f) for f in FACTIONS}


__all__ = [n for n in dir() if not n.startswith("_")] + ["QASBAH", "REBEL_OF"]
