"""8.2 / 8.2.1 procedure guidelines: the answers every flowchart falls back on when its own priorities
say nothing -- which enemy's pieces go first, which piece of a faction, how many (to the maximum
extent), which space (8.4). Faction modules override single prompts in bots/<faction>.py.
"""

from __future__ import annotations

from ..data.pieces import (ACTIVE_GUERRILLA, BASE, COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS,
                           GUERRILLA, INSURGENTS, PIECE_OWNER, POLICE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_G,
                           WARLORD_G_ACTIVE)
from .registry import on_choice, on_prompt

# 8.2.1 "Non-player insurgents remove ... any Players, then the Coalition, then the Government; the
# counter-insurgents ... any Players, then the Taliban, and finally the Warlords."
ENEMY_ORDER = {
    "coalition": ("taliban", "warlords"),
    "government": ("taliban", "warlords"),
    "taliban": ("coalition", "government", "warlords"),
    "warlords": ("coalition", "government", "taliban"),
}


def enemy_piece_rank(piece: int) -> int:
    """8.2.1: enemy Bases before other pieces, Underground before Active Guerrillas; Troops and Police
    alike (the random pick among them is made by the caller)."""
    if piece in (COALITION_BASE, GOV_BASE) or piece in BASE.values():
        return 0
    if piece in GUERRILLA.values():
        return 1
    if piece in ACTIVE_GUERRILLA.values():
        return 2
    return 3


def friendly_piece_rank(piece: int) -> int:
    """8.2.1: own pieces in the reverse order -- Active before Underground Guerrillas, Bases last."""
    return -enemy_piece_rank(piece)


def choose_enemy_piece(ctx, pieces: list[int]) -> int:
    """The piece type to remove/replace among ``pieces`` (all enemies of ``ctx.faction``), by 8.2.1:
    the target faction first (Players by best margin, then the fixed order), then Bases, Underground,
    Active, cubes; equal cubes (Troops / Police) at random."""
    owners = []
    for p in pieces:
        if PIECE_OWNER[p] not in owners:
            owners.append(PIECE_OWNER[p])
    order = ctx.target_factions([f for f in ENEMY_ORDER[ctx.faction] if f in owners] +
                                [f for f in owners if f not in ENEMY_ORDER[ctx.faction]])
    target = order[0]
    mine = [p for p in pieces if PIECE_OWNER[p] == target]
    best = min(enemy_piece_rank(p) for p in mine)
    tied = sorted(p for p in mine if enemy_piece_rank(p) == best)
    return tied[ctx.below(len(tied))] if len(tied) > 1 else tied[0]


def choose_own_piece(ctx, pieces: list[int]) -> int:
    best = min(friendly_piece_rank(p) for p in pieces)
    return min(p for p in pieces if friendly_piece_rank(p) == best)


def fallback(ctx) -> int:
    """A prompt no flowchart handler answers: the 8.2 / 8.2.1 default -- an enemy piece by 8.2.1, the
    largest count ("to the maximum extent"), a space by 8.4, else the first legal action."""
    pieces = [p for p in ctx.legal_pieces() if p < len(PIECE_OWNER)]
    if pieces:
        enemies = [p for p in pieces if PIECE_OWNER[p] != ctx.faction]
        return ctx.piece(choose_enemy_piece(ctx, enemies) if enemies else choose_own_piece(ctx, pieces))
    if ctx.legal_counts():
        return ctx.max_count()
    spaces = ctx.legal_spaces()
    if spaces:
        return ctx.space(ctx.random_space(spaces))
    return ctx.legal[0]


# --- prompts shared by every faction ------------------------------------------------------------------
@on_prompt("adp_remove")
def remove_enemy(ctx) -> int:
    """3.2.4 / 3.3.3 removal (Assault, Attack, Ambush, Air Strike): the whole allowance (8.2 maximum
    extent), pieces by 8.2.1."""
    pieces = [p for p in ctx.legal_pieces()]
    enemies = [p for p in pieces if PIECE_OWNER[p] != ctx.faction]
    if not enemies:
        return ctx.done if ctx.has(ctx.done) else ctx.piece(choose_own_piece(ctx, pieces))
    return ctx.piece(choose_enemy_piece(ctx, enemies))


def _activation_first(ctx) -> str:
    """8.6.3: "activate as able in this order: a random Player, the Taliban, the Warlords"."""
    return ctx.target_factions(list(INSURGENTS))[0] if ctx.faction != "taliban" else "warlords"


@on_choice("adp_coin_activate_taliban")
def activate_taliban(ctx) -> int:
    """How many Taliban Guerrillas a Sweep / Patrol Activates (the rest are Warlords): as many of the
    faction targeted first as able."""
    counts = ctx.legal_counts()
    return ctx.count(max(counts) if _activation_first(ctx) == "taliban" else min(counts))


@on_choice("adp_coin_activate_warlords")
def activate_warlords(ctx) -> int:
    return ctx.max_count()


__all__ = ["ENEMY_ORDER", "choose_enemy_piece", "choose_own_piece", "fallback", "GOV_TROOPS", "POLICE",
           "COALITION_TROOPS", "TALIBAN_G", "TALIBAN_G_ACTIVE", "WARLORD_G", "WARLORD_G_ACTIVE"]
