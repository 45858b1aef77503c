"""A Distant Plain's board: pieces, Population, Control, Support, markers, tracks, victory totals.

Small functions over the state that every rules module uses; rule numbers in each docstring.
"""

from __future__ import annotations

import numpy as np

from .data.pieces import (ACTIVE_GUERRILLA, BASE, BASES, COALITION_BASE, COALITION_TROOPS, FACTION_COLS,
                          GOV_BASE, GOV_TROOPS, GUERRILLA, N_PIECE_TYPES, PIECE_OWNER, POLICE, TALIBAN_BASE, TALIBAN_G,
                          TALIBAN_G_ACTIVE, TERROR_SABOTAGE_MARKERS, WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE)
from .static import (AFGHAN_CONTROLLABLE, AFGHAN_LIST, AVAILABLE, CASUALTIES, CONTROLLABLE_LIST, IS_CONTROLLABLE,
                     IS_PAKISTAN, KABUL, LOC_LIST, N_SPACES, PAKISTAN_LIST, PROVINCE_LIST)

MAX_RESOURCES = 75      # 1.8 Resources and Aid 0..75
MAX_PATRONAGE = 40      # 1.8 Patronage 0..40
MAX_BASES = 2           # 1.4.2 at most 2 Bases per Province or Kabul
ISLAMABAD_BOXES = ("Hostility", "Pressure", "Tolerance", "Backing", "Sponsorship")   # 6.6.1
HOSTILITY, PRESSURE, TOLERANCE, BACKING, SPONSORSHIP = range(5)
VICTORY_THRESHOLDS = {"coalition": 30, "government": 35, "taliban": 20, "warlords": 15}   # 7.2
WARLORD_RESOURCES_THRESHOLD = 40                                                         # 7.2

_COIN_COLS = [COALITION_TROOPS, COALITION_BASE, GOV_TROOPS, POLICE, GOV_BASE]
_TALIBAN_COLS = [TALIBAN_G, TALIBAN_G_ACTIVE, TALIBAN_BASE]


# --- spaces (1.3) ------------------------------------------------------------------------------
def is_loc(sp) -> bool:
    return LOC_LIST[sp]


def is_province(sp) -> bool:
    """1.3.1: a Province, Afghan or Pakistani (not Kabul, not a LoC)."""
    return PROVINCE_LIST[sp]


def is_pakistan(sp) -> bool:
    return PAKISTAN_LIST[sp]


def is_kabul(sp) -> bool:
    return sp == KABUL


def is_pashtun(s, sp) -> bool:
    """1.3.4 (the game's map: ``s.data``)."""
    return s.data.pashtun_list[sp]


def is_afghan(sp) -> bool:
    return AFGHAN_LIST[sp]


def pop(s, sp) -> int:
    """1.3.3 / 1.6.2: printed Population (the game's map, ``s.data``) plus 1 for a +1 Pop (Returnees)
    marker."""
    return s.data.pop_list[sp] + s.returnees_list[sp]


def pop_array(s) -> np.ndarray:
    return s.data.printed_pop + s.returnees


def can_have_support(s, sp) -> bool:
    """1.6.2: Support/Opposition only in Kabul and Afghan Provinces with Population >= 1."""
    return _SUPPORT_SPACE[sp] and s.data.pop_list[sp] + s.returnees_list[sp] >= 1      # pop(s, sp) >= 1


_SUPPORT_SPACE = tuple(CONTROLLABLE_LIST[sp] and not PAKISTAN_LIST[sp] for sp in range(N_SPACES))   # Kabul, Afghan Provinces


# --- pieces (1.4) ----------------------------------------------------------------------------------
# These run hundreds of thousands of times per game: they read the table's plain-list mirror ``s.rows``
# (state.py): a list cell costs a fraction of ``ndarray.item``, a row's ``tolist`` or numpy fancy indexing
# and ``.sum()`` on a few cells.
def count(s, sp, piece) -> int:
    return s.rows[sp][piece]


def pieces_of(s, sp, faction) -> int:
    """All of a faction's pieces in a space (cubes, Guerrillas in either state, Bases)."""
    r = s.rows[sp]
    cols = FACTION_COLS[faction]
    if len(cols) == 2:
        return r[cols[0]] + r[cols[1]]
    return r[cols[0]] + r[cols[1]] + r[cols[2]]


def coin_pieces(s, sp) -> int:
    r = s.rows[sp]
    return r[COALITION_TROOPS] + r[COALITION_BASE] + r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE]


def guerrillas(s, sp, faction) -> int:
    r = s.rows[sp]
    return r[GUERRILLA[faction]] + r[ACTIVE_GUERRILLA[faction]]


def underground(s, sp, faction) -> int:
    return s.rows[sp][GUERRILLA[faction]]


def active_guerrillas(s, sp, faction) -> int:
    return s.rows[sp][ACTIVE_GUERRILLA[faction]]


def bases(s, sp, faction=None) -> int:
    r = s.rows[sp]
    if faction is None:
        return r[COALITION_BASE] + r[GOV_BASE] + r[TALIBAN_BASE] + r[WARLORD_BASE]
    return r[BASE[faction]]


def gov_cubes(s, sp) -> int:
    r = s.rows[sp]
    return r[GOV_TROOPS] + r[POLICE]


def coin_cubes(s, sp) -> int:
    r = s.rows[sp]
    return r[COALITION_TROOPS] + r[GOV_TROOPS] + r[POLICE]


def coin_bases(s, sp) -> int:
    r = s.rows[sp]
    return r[COALITION_BASE] + r[GOV_BASE]


def enemy_pieces(s, sp, faction) -> int:
    """1.5: Insurgents are enemies of every other faction; COIN factions are friends of each other."""
    r = s.rows[sp]
    total = sum(r)
    if faction in ("coalition", "government"):
        return total - (r[COALITION_TROOPS] + r[COALITION_BASE] + r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE])
    g, a, b = FACTION_COLS[faction]                  # an Insurgent: Guerrillas (both states) and Bases
    return total - (r[g] + r[a] + r[b])


def available(s, piece) -> int:
    return s.rows[AVAILABLE][piece]


def may_hold(s, sp, faction) -> bool:
    """1.4.2 / 1.3.5: only Taliban pieces may be in Pakistan."""
    return faction == "taliban" or not PAKISTAN_LIST[sp]


def has_room_for_base(s, sp) -> bool:
    """1.4.2: at most 2 Bases (any factions) in a Province or Kabul; no Bases on LoCs."""
    return CONTROLLABLE_LIST[sp] and bases(s, sp) < MAX_BASES


def _guerrilla_column(s, sp, faction) -> int:
    """New Guerrillas are placed Underground (1.4.3), except Taliban in Pakistan under Hostility,
    which are always Active (6.6.1)."""
    if faction == "taliban" and PAKISTAN_LIST[sp] and s.islamabad == HOSTILITY:
        return TALIBAN_G_ACTIVE
    return GUERRILLA[faction]


# --- changing the pieces table ------------------------------------------------------------------
# Every change goes through these two, which keep ``s.pieces`` and its plain-list mirror ``s.rows``
# (state.py) equal; the table is read-only in between, so nothing else can change one without the other.
# (``setflags(True)``: the write flag by position, which numpy parses a few times faster than the keyword.)
def move_pieces(s, src, src_col, dst, dst_col, n: int) -> None:
    """``n`` pieces from (location, piece type) ``src``/``src_col`` to ``dst``/``dst_col`` (the same column for a
    move, the other state's column for a flip). No checks: the callers check and log."""
    n = int(n)                      # the mirror holds Python ints, whatever integer type the caller counted in
    rows = s.rows
    src_row, dst_row = rows[src], rows[dst]
    src_row[src_col] -= n
    dst_row[dst_col] += n
    p = s.pieces                    # the table takes the mirror's new counts (a plain store: no numpy arithmetic)
    p.setflags(True)
    p[src, src_col] = src_row[src_col]
    p[dst, dst_col] = dst_row[dst_col]
    p.setflags(False)


def set_count(s, loc, col, n: int) -> None:
    """Set the number of pieces of type ``col`` at location ``loc`` (set-ups and positions; the rules move
    pieces with :func:`move_pieces`, which keeps the force pool whole)."""
    n = int(n)
    rows = s.rows
    p = s.pieces
    p.setflags(True)
    p[loc, col] = n
    p.setflags(False)
    rows[loc][col] = n


def set_pieces(s, table) -> None:
    """The whole pieces table at once (a position's set-up): ``s.pieces`` becomes ``table``'s counts, and its
    mirror ``s.rows`` with it."""
    p = s.pieces
    p.setflags(True)
    p[...] = table
    p.setflags(False)
    s.rows = p.tolist()


def place(s, piece, sp, n: int = 1) -> int:
    """Place up to n pieces of a type from Available (1.4.1: if none are Available, ignore). Guerrillas
    go Underground; stacking is respected (1.4.2). Returns how many were placed."""
    if piece == TALIBAN_G_ACTIVE or piece == WARLORD_G_ACTIVE:
        piece -= 1
    owner = PIECE_OWNER[piece]
    if not may_hold(s, sp, owner):
        return 0
    n = min(n, s.rows[AVAILABLE][piece])
    if piece in BASES:
        if not CONTROLLABLE_LIST[sp]:
            return 0
        n = min(n, MAX_BASES - bases(s, sp))
    if n <= 0:
        return 0
    col = _guerrilla_column(s, sp, owner) if piece in (TALIBAN_G, WARLORD_G) else piece
    move_pieces(s, AVAILABLE, piece, sp, col, n)
    if s.log is not None:           # the game log (coin_env/core/log.py)
        s.log.append(("piece", col, AVAILABLE, sp, n))
    return n


def remove(s, piece, sp, n: int = 1) -> None:
    """Remove pieces to their Available box (Key Terms "Remove"); Guerrillas return Underground."""
    if s.rows[sp][piece] < n:
        raise ValueError(f"cannot remove {n} of piece {piece} from space {sp}")
    home = piece - 1 if piece in (TALIBAN_G_ACTIVE, WARLORD_G_ACTIVE) else piece
    move_pieces(s, sp, piece, AVAILABLE, home, n)
    if s.log is not None and n > 0:
        s.log.append(("piece", piece, sp, AVAILABLE, n))


def to_casualties(s, piece, sp, n: int = 1) -> None:
    """3.3.3: Coalition pieces removed by an Attack go to the Casualties box."""
    if piece not in (COALITION_TROOPS, COALITION_BASE):
        raise ValueError("only Coalition pieces go to Casualties")
    if s.rows[sp][piece] < n:
        raise ValueError(f"cannot remove {n} of piece {piece} from space {sp}")
    move_pieces(s, sp, piece, CASUALTIES, piece, n)
    if s.log is not None and n > 0:
        s.log.append(("piece", piece, sp, CASUALTIES, n))


def move(s, piece, src, dst, n: int = 1) -> None:
    if s.rows[src][piece] < n:
        raise ValueError(f"cannot move {n} of piece {piece} from location {src}")
    move_pieces(s, src, piece, dst, piece, n)
    if s.log is not None and n > 0:
        s.log.append(("piece", piece, src, dst, n))


def activate(s, sp, faction, n: int) -> int:
    """Flip up to n Underground Guerrillas of a faction Active; returns how many flipped."""
    g = GUERRILLA[faction]
    k = min(n, s.rows[sp][g])
    if k > 0:
        move_pieces(s, sp, g, sp, g + 1, k)
        if s.log is not None:
            s.log.append(("flip", sp, g, g + 1, k))
    return k


def flip_underground(s, sp, faction, n: int | None = None) -> int:
    """Flip Active Guerrillas Underground (all, or up to n); Taliban in Pakistan under Hostility stay
    Active (6.6.1). Returns how many flipped."""
    if faction == "taliban" and PAKISTAN_LIST[sp] and s.islamabad == HOSTILITY:
        return 0
    a = ACTIVE_GUERRILLA[faction]
    k = s.rows[sp][a] if n is None else min(n, s.rows[sp][a])
    if k > 0:
        move_pieces(s, sp, a, sp, a - 1, k)
        if s.log is not None:
            s.log.append(("flip", sp, a, a - 1, k))
    return k


def enforce_hostility(s) -> None:
    """6.6.1 Hostility: Taliban Guerrillas in Pakistan are always Active."""
    if s.islamabad == HOSTILITY:
        for sp in np.flatnonzero(IS_PAKISTAN):
            n = s.rows[sp][TALIBAN_G]
            if n:
                move_pieces(s, sp, TALIBAN_G, sp, TALIBAN_G_ACTIVE, n)


# --- Control (1.7) ----------------------------------------------------------------------------------
# 1.7 as one matrix product: row 0 weighs each piece type +1 if COIN, -1 otherwise, so a space's
# sum is (COIN pieces) - (all other pieces) and COIN Control is "> 0"; row 1 the same for the Taliban.
_CONTROL_WEIGHTS = np.full((2, N_PIECE_TYPES), -1, dtype=np.int16)
_CONTROL_WEIGHTS[0, _COIN_COLS] = 1
_CONTROL_WEIGHTS[1, _TALIBAN_COLS] = 1
# Row 1 alone, in every space (Control or not): "the Taliban's pieces outnumber all others there".
TALIBAN_MAJORITY_WEIGHTS = _CONTROL_WEIGHTS[1]


def column_weights(cols) -> np.ndarray:
    """A 0/1 weight per piece type: ``np.dot(pieces, column_weights(cols))`` sums those columns."""
    w = np.zeros(N_PIECE_TYPES, dtype=np.int16)
    w[list(cols)] = 1
    return w


# The sum must exceed 0 in a controllable space; where Control cannot exist (LoCs) the bar is out of
# reach (more than every piece of the game), so one comparison gives "> 0 and controllable".
_CONTROL_BAR = np.where(IS_CONTROLLABLE, 0, 10_000)[None, :]


def control_arrays(s) -> tuple[np.ndarray, np.ndarray]:
    """(COIN Control, Taliban Control) masks over the spaces. 1.7: Control exists in Provinces and
    Kabul; COIN (Coalition + Government) or the Taliban control a space where their pieces outnumber
    all other pieces there. During the Redeploy phase Control is frozen until 6.5.5."""
    if s.frozen_control is not None:
        return (np.array(s.frozen_control["coin"], dtype=bool), np.array(s.frozen_control["taliban"], dtype=bool))
    ctl = np.dot(_CONTROL_WEIGHTS, s.pieces[:N_SPACES].T) > _CONTROL_BAR
    return ctl[0], ctl[1]


def coin_control_list(s) -> list[bool]:
    """[space]: :func:`coin_control` of every map space at once (a new list)."""
    if s.frozen_control is not None:
        return [bool(x) for x in s.frozen_control["coin"]]
    return control_arrays(s)[0].tolist()


def coin_control(s, sp) -> bool:
    if s.frozen_control is not None:
        return bool(s.frozen_control["coin"][sp])
    if not CONTROLLABLE_LIST[sp]:
        return False
    r = s.rows[sp]
    return 2 * (r[COALITION_TROOPS] + r[COALITION_BASE] + r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE]) > sum(r)


def taliban_control(s, sp) -> bool:
    if s.frozen_control is not None:
        return bool(s.frozen_control["taliban"][sp])
    if not CONTROLLABLE_LIST[sp]:
        return False
    r = s.rows[sp]
    return 2 * (r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE]) > sum(r)


def coin_control_row(s, sp, row) -> bool:
    """:func:`coin_control` read from ``row``, the piece counts of ``sp`` as a list."""
    if s.frozen_control is not None:
        return bool(s.frozen_control["coin"][sp])
    if not CONTROLLABLE_LIST[sp]:
        return False
    return 2 * (row[COALITION_TROOPS] + row[COALITION_BASE] + row[GOV_TROOPS] + row[POLICE] + row[GOV_BASE]) > sum(row)


def taliban_control_row(s, sp, row) -> bool:
    """:func:`taliban_control` read from ``row``, the piece counts of ``sp`` as a list (a bot's copy of
    the board of its decision)."""
    if s.frozen_control is not None:
        return bool(s.frozen_control["taliban"][sp])
    if not CONTROLLABLE_LIST[sp]:
        return False
    return 2 * (row[TALIBAN_G] + row[TALIBAN_G_ACTIVE] + row[TALIBAN_BASE]) > sum(row)


def freeze_control(s) -> None:
    """6.5: Control is not adjusted during Redeploy until 6.5.5."""
    coin, tal = control_arrays(s)
    s.frozen_control = {"coin": coin.tolist(), "taliban": tal.tolist()}


def unfreeze_control(s) -> None:
    s.frozen_control = None


# --- Support and markers (1.6, 3.3.4) -----------------------------------------------------------------
def shift_support(s, sp, levels: int) -> None:
    """1.6.1: shift toward Support (+) or Opposition (-), within the three levels; nothing where
    Support/Opposition cannot exist (1.6.2)."""
    if not can_have_support(s, sp):
        return
    set_cell(s, "support", sp, max(-1, min(1, s.support_list[sp] + levels)))


def set_support(s, sp, level: int) -> None:
    if can_have_support(s, sp):
        set_cell(s, "support", sp, level)


def place_returnees(s, sp) -> None:
    """4.3.1: a +1 Pop (Returnees) marker in ``sp`` (the caller checks it may go there)."""
    set_cell(s, "returnees", sp, 1)


def set_cell(s, array: str, sp, value: int) -> None:
    """``s.<array>[sp] = value`` for ``support``, ``returnees``, ``terror`` or ``sabotage``, in the array and its plain-list mirror
    ``s.<array>_list`` (state.py MIRRORS) together (the rules go through :func:`shift_support`,
    :func:`set_support` and :func:`place_returnees`; positions set any value)."""
    value = int(value)
    mirror = getattr(s, array + "_list")
    table = getattr(s, array)
    table.setflags(True)
    table[sp] = value
    table.setflags(False)
    mirror[sp] = value


def markers_in_play(s) -> int:
    return sum(s.terror_list) + sum(s.sabotage_list)


def place_terror(s, sp) -> bool:
    """3.3.4: a Terror marker in a Province or Kabul, unless all 30 markers are on the map."""
    if LOC_LIST[sp] or markers_in_play(s) >= TERROR_SABOTAGE_MARKERS:
        return False
    set_cell(s, "terror", sp, s.terror_list[sp] + 1)
    return True


def place_sabotage(s, sp) -> bool:
    """3.3.4 / 6.3.1: Sabotage on an unSabotaged LoC, unless all 30 markers are on the map."""
    if not LOC_LIST[sp] or s.sabotage_list[sp] or markers_in_play(s) >= TERROR_SABOTAGE_MARKERS:
        return False
    set_cell(s, "sabotage", sp, 1)
    return True


def clear_markers(s) -> None:
    """6.6: every Terror and Sabotage marker off the map (the arrays and their mirrors)."""
    for array in ("terror", "sabotage"):
        table = getattr(s, array)
        table.setflags(True)
        table[:] = 0
        table.setflags(False)
        mirror = getattr(s, array + "_list")
        mirror[:] = [0] * len(mirror)


# --- tracks (1.8, 6.6.1) ----------------------------------------------------------------------------
def add_resources(s, faction: str, amount: int) -> int:
    """1.8: Resources 0..75 (the Coalition has none: its costs come from the Government's).
    Returns the change actually made."""
    before = s.resources[faction]
    s.resources[faction] = max(0, min(MAX_RESOURCES, before + amount))
    return s.resources[faction] - before


def add_aid(s, amount: int) -> int:
    before = s.aid
    s.aid = max(0, min(MAX_RESOURCES, before + amount))
    return s.aid - before


def add_patronage(s, amount: int) -> int:
    before = s.patronage
    s.patronage = max(0, min(MAX_PATRONAGE, before + amount))
    return s.patronage - before


def transfer_resources(s, src: str, dst: str, amount: int) -> int:
    """Move up to ``amount`` Resources from one faction to another, limited by what the payer has
    and the receiver's cap (1.8). Returns the amount moved."""
    n = min(amount, s.resources[src], MAX_RESOURCES - s.resources[dst])
    n = max(0, n)
    s.resources[src] -= n
    s.resources[dst] += n
    return n


def shift_islamabad(s, boxes: int) -> None:
    """6.6.1: shift toward Sponsorship (+) or Hostility (-), one box at a time; a shift beyond
    either end flips (or keeps) the marker at Hard in the end box. A Hard marker shifts normally."""
    step = 1 if boxes > 0 else -1
    for _ in range(abs(boxes)):
        nxt = s.islamabad + step
        if 0 <= nxt < len(ISLAMABAD_BOXES):
            s.islamabad = nxt
        else:
            s.islamabad_hard = True
    enforce_hostility(s)


def islamabad_reset(s) -> None:
    """6.6 / 6.6.1 Reset: flip a Hard marker back; otherwise shift 1 box toward Backing."""
    if s.islamabad_hard:
        s.islamabad_hard = False
    elif s.islamabad < BACKING:
        s.islamabad += 1
    elif s.islamabad > BACKING:
        s.islamabad -= 1


# --- victory (1.9, 7.2) ------------------------------------------------------------------------------
def victory_totals(s) -> dict[str, int]:
    """1.9 victory markers: Support + Available Coalition pieces; COIN-Controlled Pop + Patronage;
    Opposition + Taliban Bases on the map; Uncontrolled Afghan Pop. Control (1.7) is read per populated
    Afghan space from the rows (no whole-map arrays: asked at many bot decisions), unless frozen."""
    if s.frozen_control is not None:
        coin, tal = control_arrays(s)
        return victory_totals_with(s, coin, tal)
    printed, returnees = s.data.pop_list, s.returnees_list      # pop(s, sp), from the state's list mirrors
    sup = s.support_list
    rows = s.rows
    support = opposition = coin_pop = tal_pop = total_pop = 0
    for sp in AFGHAN_CONTROLLABLE:          # Support, Opposition and Uncontrolled Pop count in Afghanistan
        w = printed[sp] + returnees[sp]
        if w:
            total_pop += w
            level = sup[sp]
            if level > 0:
                support += w
            elif level < 0:
                opposition += w
            r = rows[sp]                     # 1.7 Control of a populated space, read from its row
            total = sum(r)
            if 2 * (r[COALITION_TROOPS] + r[COALITION_BASE] + r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE]) > total:
                coin_pop += w
            elif 2 * (r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE]) > total:
                tal_pop += w
    return _totals(s, support, opposition, coin_pop, tal_pop, total_pop)


def victory_totals_with(s, coin, tal) -> dict[str, int]:
    """:func:`victory_totals` from Control masks already computed (:func:`control_arrays`). The loop repeats
    victory_totals' on purpose: one loop with Control asked through a function costs 1.4 us more a call (5.1 ->
    6.4 us), about 4 % of an all-bot game, which asks the totals at many bot decisions."""
    printed, returnees = s.data.pop_list, s.returnees_list      # pop(s, sp), from the state's list mirrors
    sup = s.support_list
    coin = coin.tolist()
    tal = tal.tolist()
    support = opposition = coin_pop = tal_pop = total_pop = 0
    for sp in AFGHAN_CONTROLLABLE:          # Support, Opposition and Uncontrolled Pop count in Afghanistan
        w = printed[sp] + returnees[sp]
        if w:
            total_pop += w
            level = sup[sp]
            if level > 0:
                support += w
            elif level < 0:
                opposition += w
            if coin[sp]:
                coin_pop += w
            elif tal[sp]:
                tal_pop += w
    return _totals(s, support, opposition, coin_pop, tal_pop, total_pop)


def _totals(s, support, opposition, coin_pop, tal_pop, total_pop) -> dict[str, int]:
    """1.9's four totals from the Afghan Pop counted by Support, Opposition and Control."""
    avail = s.rows[AVAILABLE]
    return {
        "coalition": support + avail[COALITION_TROOPS] + avail[COALITION_BASE],
        "government": coin_pop + s.patronage,
        "taliban": opposition + sum([r[TALIBAN_BASE] for r in s.rows[:N_SPACES]]),
        "warlords": total_pop - coin_pop - tal_pop,
    }


def victory_margins(s) -> dict[str, int]:
    """7.3: each faction's total minus its threshold; the Warlords' margin is the smaller of their
    Uncontrolled Pop margin and their Resources margin (7.2 needs both)."""
    t = victory_totals(s)
    m = {f: t[f] - VICTORY_THRESHOLDS[f] for f in ("coalition", "government", "taliban")}
    m["warlords"] = min(t["warlords"] - VICTORY_THRESHOLDS["warlords"],
                        s.resources["warlords"] - WARLORD_RESOURCES_THRESHOLD)
    return m

