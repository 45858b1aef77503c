"""Adversary Priorities (8.5): which piece or marker an NP faction removes or replaces first.

The space is chosen first (8.4.1); then this table orders what may go (the game's data,
``game.data.arjuna.adversary``; built-in: data/arjuna/common.py):
Gandhi, Unrest, Muslim State, Protest, a player faction's piece, the most common piece, an Activist;
equal priority -> random (game RNG). "Never own pieces" (8.5): when it has the choice NP Congress and
NP ML never take a Protest marker, NP ML never a Muslim State marker, NP Revolutionaries never an
Unrest marker. "Replace then remove" is applied by the procedures that offer both (bots/<faction>.py).
"""

from __future__ import annotations

from ..actions import MARKER, PIECE0
from ..data.pieces import CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, PIECE_OWNER, N_PIECE_TYPES

NEVER_OWN = {"congress": {"Protest"}, "ml": {"Protest", "Muslim State"}, "revs": {"Unrest"}, "raj": set()}
MARKER_OF_ACTION = {a: name for name, a in MARKER.items()}


def never_own_allowed(faction: str, options: list[int]) -> list[int]:
    """Drop the markers the faction never takes by choice (8.5), unless nothing else is offered."""
    keep = [a for a in options if MARKER_OF_ACTION.get(a) not in NEVER_OWN[faction]]
    return keep or list(options)


def choose_piece(ctx, space: int, options: list[int]) -> int:
    """Pick one of ``options`` (piece / marker actions; others such as ``done`` are ignored)."""
    game = ctx.game
    cands = [a for a in options if a in MARKER_OF_ACTION or 0 <= a - PIECE0 < N_PIECE_TYPES]
    if not cands:
        raise ValueError("Adversary Priorities: no piece or marker among the options")
    cands = never_own_allowed(ctx.faction, cands)
    pieces = {a: a - PIECE0 for a in cands if a not in MARKER_OF_ACTION}
    for entry in ctx.data.arjuna.adversary:
        if entry == "Gandhi":
            met = [a for a, pc in pieces.items() if pc == GANDHI]
        elif entry in ("Unrest", "Muslim State", "Protest"):
            met = [a for a in cands if MARKER_OF_ACTION.get(a) == entry]
        elif entry == "player faction":
            met = [a for a, pc in pieces.items() if not game.is_non_player(PIECE_OWNER[pc])]
            if met and len(met) < len(pieces):
                pieces = {a: pieces[a] for a in met}
            continue
        elif entry == "most common":
            counts = {a: game.state.pieces.item(space, pc) for a, pc in pieces.items()}
            if counts:
                best = max(counts.values())
                pieces = {a: pieces[a] for a in pieces if counts[a] == best}
            continue
        else:   # "Activist"
            met = [a for a, pc in pieces.items() if pc in (CONGRESS_ACTIVIST, ML_ACTIVIST)]
        if len(met) == 1:
            return met[0]
        if met:
            return met[ctx.below(len(met))]
    pool = sorted(pieces) or sorted(cands)
    return pool[ctx.below(len(pool))]
