"""Space Selection Priorities (8.4.1), Random Spaces (8.1.2) and Random Railways (8.1.3).

8.4.1, one space at a time: read the column top-down; a row that no candidate meets is skipped; a
row that some candidates meet narrows the candidates to them; one candidate left = selected. Rows
named "most ..." / "fewest ..." are met by the candidates with the extreme value (a "most" row whose
best value is 0 or less is met by none: nobody has "most" of nothing). Ties after the last row go to
8.1.3 (Railways last; among Railways the highest Econ, then one next to a Random City, then a die)
and 8.1.2 (two dice on the Random Spaces map, then the following slots in turn).
"""

from __future__ import annotations

from ..static import CITIES, IS_RAILWAY
from .registry import ROWS



def random_slots(data) -> tuple[int, ...]:
    """The 36 slots 1-1 .. 6-6 of the game's Random Spaces map (an owner data pack may replace it)."""
    return data.arjuna.random_slots


def column(data, faction: str, name: str):
    """A column of the faction's Space Selection Priorities table in the game's data."""
    try:
        return data.arjuna.factions[faction].columns[name]
    except KeyError:
        raise KeyError(f"no column {name!r} in the {faction} Space Selection Priorities table") from None


def narrow(ctx, rows, candidates: list[int]) -> list[int]:
    """8.4.1 steps 1-3: apply the rows top-down; returns the candidates left (one, or a tie)."""
    cands = list(candidates)
    for row in rows:
        if len(cands) <= 1:
            break
        kind, fn = ROWS[row]
        if kind == "filter":
            met = [sp for sp in cands if fn(ctx, sp)]
        else:
            values = {sp: fn(ctx, sp) for sp in cands}
            best = max(values.values()) if kind == "most" else min(values.values())
            met = [] if (kind == "most" and best <= 0) else [sp for sp in cands if values[sp] == best]
        if met:
            cands = met
    return cands


def select_space(ctx, column_name: str, candidates) -> int | None:
    """The space the faction's table selects among ``candidates`` (eligible spaces), or None."""
    cands = sorted(set(candidates))
    if not cands:
        return None
    if len(cands) == 1:
        return cands[0]
    cands = narrow(ctx, column(ctx.data, ctx.faction, column_name).rows, cands)
    return cands[0] if len(cands) == 1 else break_tie(ctx, cands)


def preference_groups(ctx, column_name: str, candidates):
    """The candidates in groups, best first, such that for any subset ``H`` of them
    ``select_space(ctx, column_name, H)`` picks among ``H`` and the first group meeting ``H`` only
    (8.4.1: every row reads one space at a time, so the table ranks spaces lexicographically; the
    selection from ``H`` is a tie-break among its best-ranked members). A caller that must first find
    which candidates qualify (an Event's helpful spaces, 8.8.4) can test the groups in order and stop
    at the first group with a qualifying space. Generated lazily: a later row is read only for the
    groups reached. Each group is ascending."""
    cands = sorted(set(candidates))
    if not cands:
        return
    rows = column(ctx.data, ctx.faction, column_name).rows
    last = len(rows)
    todo = [(0, cands)]                  # (next row, group) with the best group on top
    while todo:
        depth, group = todo.pop()
        if len(group) == 1 or depth == last:
            yield group
            continue
        kind, fn = ROWS[rows[depth]]
        depth += 1
        if kind == "filter":             # met first; a row nobody (or everybody) meets ranks nobody
            met, unmet = [], []
            for sp in group:
                (met if fn(ctx, sp) else unmet).append(sp)
            if met and unmet:
                todo.append((depth, unmet))
                todo.append((depth, met))
            else:
                todo.append((depth, group))
            continue
        by_value = {}
        for sp in group:
            by_value.setdefault(fn(ctx, sp), []).append(sp)
        if kind == "most":               # a "most" row counts only above 0: values 0 or less tie
            low = [sp for v, sps in by_value.items() if v <= 0 for sp in sps]
            by_value = {v: sps for v, sps in by_value.items() if v > 0}
            if low:
                by_value[0] = sorted(low)
            order = sorted(by_value)                     # ascending: the best is pushed last
        else:
            order = sorted(by_value, reverse=True)       # "fewest": the lowest value is best
        todo.extend((depth, by_value[v]) for v in order)


def select_qualifying(ctx, column_name: str, candidates, qualifies) -> int | None:
    """``select_space(ctx, column_name, [sp for sp in candidates if qualifies(sp)])``, asking the costly
    ``qualifies`` only of the :func:`preference_groups` up to the first with a qualifying space (an
    Event's helpful spaces, a Sweep's receiving destinations). ``qualifies`` must not change the game."""
    if column_name not in ctx.data.arjuna.factions[ctx.faction].columns:
        return select_space(ctx, column_name, [sp for sp in candidates if qualifies(sp)])
    for group in preference_groups(ctx, column_name, candidates):
        met = [sp for sp in group if qualifies(sp)]
        if met:
            return select_space(ctx, column_name, met)
    return None


def order_spaces(ctx, column_name: str, candidates) -> list[int]:
    """The candidates in the order repeated selection would pick them (each pick re-reads the column)."""
    left = sorted(set(candidates))
    out = []
    while left:
        sp = select_space(ctx, column_name, left)
        out.append(sp)
        left.remove(sp)
    return out


def break_tie(ctx, cands: list[int]) -> int:
    """8.1.3 Railways last; 8.1.2 Random Spaces among the rest."""
    land = [sp for sp in cands if not IS_RAILWAY[sp]]
    if len(land) == 1:
        return land[0]            # Railways last: the one land space wins without a roll
    if land:
        return random_space(ctx, land)
    return random_railway(ctx, cands)


def random_space(ctx, eligible) -> int:
    """8.1.2: die 1 = region, die 2 = slot; an ineligible slot passes to the next (6-6 wraps to 1-1)."""
    eligible = set(eligible)
    if not eligible:
        raise ValueError("random space among no spaces")
    region, slot = ctx.die(), ctx.die()
    start = (region - 1) * 6 + (slot - 1)
    slots = ctx.data.arjuna.random_slots
    for sp in slots[start:]:                   # the rolled slot and those after it,
        if sp in eligible:
            return sp
    for sp in slots[:start]:                   # then from 1-1 on (6-6 wraps to 1-1)
        if sp in eligible:
            return sp
    # A Railway-only or unmapped candidate set: equal chance.
    return sorted(eligible)[ctx.below(len(eligible))]


def random_railway(ctx, rails: list[int]) -> int:
    """8.1.3: the highest Econ; then the one adjacent to a Random City; then an equal-chance roll."""
    data = ctx.data
    econ, nb = data.econ_list, data.neighbors
    top = max(econ[r] for r in rails)
    rails = sorted(r for r in rails if econ[r] == top)
    if len(rails) == 1:
        return rails[0]
    cities = [c for c in CITIES if any(c in nb[r] for r in rails)]
    if cities:
        city = random_space(ctx, cities)
        near = [r for r in rails if city in nb[r]]
        if len(near) == 1:
            return near[0]
        rails = near or rails
    return rails[ctx.below(len(rails))]
