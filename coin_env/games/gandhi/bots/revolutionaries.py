"""Arjuna procedures of the non-player Revolutionaries: Operations (8.6.6) and Special Activities (8.7.4).

The framework (bots/arjuna.py) walks the Arjuna card, rolls the Activation Number after each space
(8.6.2: roll <= AN ends the Operation) and asks the procedures below for the next space. Here:

* Rally (8.6.6): first Bases where Guerrillas exceed Unity (Place Bases), then Guerrillas (the card's
  column, Place Guerrillas), then one Guerrilla Out of Play -> Available.
* March (8.6.6 with 8.4.2): origin = the space with the most Guerrillas that is not a destination
  (random tie); each Guerrilla is sent on its own to the destination the March column picks (never
  an origin); the Move Priorities column keeps Guerrillas in origins; more from the same origin
  while any may move, then the next origin.
* Attack / Unrest (8.6.6): spaces by the card's column until the Activation roll ends the Operation.
* Aid only to flip Guerrillas Underground, in up to two spaces; Infiltrate (Remove or Replace, pieces
  by Adversary Priorities; card U's Crisis option places a Base); Assassinate among the Unrest spaces
  (8.7.4).

8.1.3: NP factions put forces or Strikes on Railways only if Raj is a player (March destinations,
Unrest). 8.5: the faction never removes an Unrest marker by choice (bots/adversary.py).
NP Revolutionaries do not pay Resources (8.1, 8.6.2): that is the engine's business.
"""

from __future__ import annotations

from .. import board
from ..data.arjuna import revs as data
from ..data.pieces import ACTIVE_GUERRILLA, GUERRILLA, REV_BASE
from ..rules import revolutionaries as engine
from ..static import N_SPACES
from .procedure import Procedure
from .registry import condition, on_choice, on_prompt, operation, row_fewest, row_filter, special

REVS = "revs"
AID_MAX_SPACES = 2                      # 8.7.4: NP Aid selects two spaces at most


def _guerrillas_in_india(s) -> int:
    return int(s.pieces[:N_SPACES, GUERRILLA].sum() + s.pieces[:N_SPACES, ACTIVE_GUERRILLA].sum())


def _has_unrest(s, sp) -> bool:
    """An Unrest space, or a Railway with a Strike (Unrest there would add nothing, 1.12)."""
    return bool(s.unrest.item(sp)) or (board.is_railway(s, sp) and bool(s.strike.item(sp)))


# ==================================================================================================
# Blue boxes (8.3) -- names used by data/arjuna/revs.py
# ==================================================================================================
@condition(data.SIX_GUERRILLAS)
def six_guerrillas(ctx) -> bool:
    """Card U (Arjuna Chronicles #4)."""
    return _guerrillas_in_india(ctx.state) >= 6


@condition(data.UNREST_TARGET)
def unrest_target(ctx) -> bool:
    """An Underground Guerrilla where Unrest would add a marker the space lacks (8.1.3: Railways only
    if Raj is a player)."""
    s = ctx.state
    spaces = ctx.no_railways_unless_raj_player(range(N_SPACES))
    return any(s.pieces.item(sp, GUERRILLA) > 0 and not _has_unrest(s, sp) for sp in spaces)


@condition(data.ATTACK_TARGET)
def attack_target(ctx) -> bool:
    """3+ Guerrillas facing Active adversaries: an Attack there succeeds on 1-3 (3.4.3)."""
    s = ctx.state
    return any(board.is_land(sp) and board.guerrillas(s, sp) >= 3 and board.active_adversaries(s, sp, REVS) > 0
               for sp in range(N_SPACES))


@condition(data.GUERRILLAS_AVAILABLE)
def guerrillas_available(ctx) -> bool:
    return board.available(ctx.state, GUERRILLA) >= 4


@condition(data.BASE_READY)
def base_ready(ctx) -> bool:
    """A Rally space where 8.6.6 would place a Base (Guerrillas exceed Unity, room, a Base Available)."""
    s = ctx.state
    return any(_rally_base_space(s, sp) and (s.support.item(sp) <= 0 or s.pieces.item(sp, REV_BASE) > 0)
               for sp in range(N_SPACES) if board.is_land(sp))


# ==================================================================================================
# Space Selection rows of the Revolutionaries table only
# ==================================================================================================
@row_filter("no Underground Guerrilla")
def no_underground_guerrilla(ctx, sp) -> bool:
    return ctx.state.pieces.item(sp, GUERRILLA) == 0


@row_fewest("fewest Guerrillas")
def fewest_guerrillas(ctx, sp) -> int:
    return board.guerrillas(ctx.state, sp)


# ==================================================================================================
# Shared helpers
# ==================================================================================================
def _sa_option(ctx, key: str):
    option = ctx.sa_option()
    return option if option is not None and option.sa == key else None


def _turn_list(ctx, name: str) -> list:
    turn = ctx.state.turn
    return list(turn[name]) if turn is not None else []


# ==================================================================================================
# 8.6.6 Rally
# ==================================================================================================
def _rally_base_space(s, sp) -> bool:
    """8.6.6: Guerrillas exceed Unity (so some stay), there is room and a Rev Base is Available."""
    return (board.guerrillas(s, sp) > s.unity and board.has_room_for_base(s, sp)
            and board.available(s, REV_BASE) > 0)


@operation(REVS, "rally")
class Rally(Procedure):
    """8.6.6: Bases first in every eligible space where Guerrillas exceed Unity (Place Bases column,
    which matters when Bases are short or the Activation roll stops the Operation), then Guerrillas
    with the card's column while Guerrillas are Available (an NP faction never takes its own pieces
    off the map to place them, 8.1)."""

    column = "Place Guerrillas"

    def base_spaces(self, ctx, spaces) -> list[int]:
        return [sp for sp in spaces if _rally_base_space(ctx.state, sp)]

    def guerrilla_spaces(self, ctx, spaces) -> list[int]:
        return list(spaces) if board.available(ctx.state, GUERRILLA) > 0 else []

    def next_space(self, ctx, node):
        spaces = ctx.legal_spaces()
        bases = self.base_spaces(ctx, spaces)
        if bases:
            return ctx.select("Place Bases", bases)
        guerrillas = self.guerrilla_spaces(ctx, spaces)
        return ctx.select(self.column_for(node), guerrillas) if guerrillas else None

    def can_start(self, ctx, node) -> bool:
        s = ctx.state
        guerrillas = board.available(s, GUERRILLA) > 0        # self.guerrilla_spaces: every space or none
        return ctx.any_selectable(REVS, "rally", where=lambda sp: guerrillas or _rally_base_space(s, sp))


@on_choice("revs_rally_mode", REVS)
def rally_mode(ctx):
    """The Base where Guerrillas exceed Unity (the spaces Rally selected for Bases), else Guerrillas."""
    s, sp = ctx.state, ctx.frame["space"]
    base = ctx.mode("revs_rally_base")
    if board.guerrillas(s, sp) > s.unity and ctx.has(base):
        return base
    return ctx.mode("revs_rally_guerrillas")


@on_choice("revs_rally_base_active", REVS)
def rally_base_active(ctx):
    """Which Guerrillas the Base replaces: Active ones first, so Underground ones stay on the map where
    they can make Unrest and shield the Base (reconstructed; the rules leave it open)."""
    return ctx.max_count()


@on_choice("revs_rally_oop", REVS)
def rally_out_of_play(ctx):
    """8.6.6: after placing, one Guerrilla Out of Play -> Available."""
    action = ctx.piece(GUERRILLA)
    return action if ctx.has(action) else ctx.done


# ==================================================================================================
# 8.6.6 March with the Move Priorities table (8.4.2)
# ==================================================================================================
def march_keep(s, origin) -> int:
    """Move Priorities, Revolutionaries column, first row: Guerrillas kept in this origin."""
    if data.KEEP_ONE in data.DATA.move and (s.unrest.item(origin) > 0 or s.pieces.item(origin, REV_BASE) > 0):
        return 1
    return 0


def march_movable(ctx, origin) -> tuple[int, int]:
    """(Underground, Active) Guerrillas that may still leave ``origin``: unmoved ones (3.1.2) less
    those the Move Priorities keep there -- an Underground one kept if there is one."""
    u, a = engine.unmoved(ctx.game, origin)
    keep = march_keep(ctx.state, origin)
    keep_u = min(keep, u)
    return u - keep_u, a - (keep - keep_u)


def march_destinations(ctx, origin) -> list[int]:
    """Where the movable Guerrillas of ``origin`` can go (3.4.2: adjacent; Underground ones also along
    Railways and Cities), never an origin (8.6.6), never a Railway unless Raj is a player (8.1.3)."""
    mu, ma = march_movable(ctx, origin)
    if mu + ma == 0:
        return []
    data = ctx.data
    dests = set(data.neighbors[origin])
    if mu > 0:
        dests.update(engine.chain_destinations(data, origin))
    origins = set(_turn_list(ctx, "op_spaces")) | {origin}
    return ctx.no_railways_unless_raj_player(sorted(dests - origins))


def march_destinations_so_far(ctx) -> set[int]:
    turn = ctx.state.turn
    moved_in = turn["flags"].get("march_in", {}) if turn is not None else {}
    return {int(k) for k in moved_in}


def march_column(ctx) -> str:
    """The card's March column (the default one for an Event-granted March)."""
    node = ctx.op_node() if ctx.plan.get("op") == "march" else None
    return node.column if node is not None else March.column


@operation(REVS, "march")
class March(Procedure):
    """8.4.2 A: the next origin is the space with the most Guerrillas not yet a destination (random
    among equals), skipping origins from which no Guerrilla may move."""

    column = "March"

    def origins(self, ctx, spaces) -> list[int]:
        dests = march_destinations_so_far(ctx)
        return [sp for sp in spaces if sp not in dests and march_destinations(ctx, sp)]

    def next_space(self, ctx, node):
        cands = self.origins(ctx, ctx.legal_spaces())
        if not cands:
            return None
        most = max(board.guerrillas(ctx.state, sp) for sp in cands)
        top = [sp for sp in cands if board.guerrillas(ctx.state, sp) == most]
        return top[ctx.below(len(top))] if len(top) > 1 else top[0]

    def can_start(self, ctx, node) -> bool:
        dests = march_destinations_so_far(ctx)                # self.origins, space by space
        return ctx.any_selectable(REVS, "march", where=lambda sp: sp not in dests and bool(march_destinations(ctx, sp)))


@on_prompt("revs_march", REVS)
def march_destination(ctx):
    """8.4.2 B / C: one Guerrilla at a time to the destination the March column selects (a
    destination may be selected again); done once no Guerrilla may leave this origin."""
    dests = [sp for sp in march_destinations(ctx, ctx.frame["origin"]) if ctx.has(ctx.space(sp))]
    if not dests:
        return ctx.done if ctx.has(ctx.done) else None
    return ctx.space(ctx.select(march_column(ctx), dests))


@on_choice("revs_march_type", REVS)
def march_type(ctx):
    """Move Priorities: Underground Guerrillas first, unless only kept ones are Underground."""
    mu, _ = march_movable(ctx, ctx.frame["origin"])
    under, active = ctx.piece(GUERRILLA), ctx.piece(ACTIVE_GUERRILLA)
    if mu > 0 and ctx.has(under):
        return under
    return active if ctx.has(active) else under


@on_choice("revs_march_count", REVS)
def march_count(ctx):
    """8.6.6: NP Revolutionaries move one Guerrilla, then select a destination again."""
    return ctx.count(1)


# ==================================================================================================
# 8.6.6 Attack and Unrest
# ==================================================================================================
@operation(REVS, "attack")
class Attack(Procedure):
    """8.6.6: spaces by the card's column (Attack or Go Underground) until the Activation roll ends
    the Operation; removals follow the Adversary Priorities (g_remove, bots/arjuna.py)."""

    column = "Attack or Go Underground"

    def can_start(self, ctx, node) -> bool:
        return ctx.any_selectable(REVS, "attack")


@operation(REVS, "unrest")
class Unrest(Procedure):
    """8.6.6: spaces by the card's column (Place Unrest) until the Activation roll ends the Operation;
    in Crisis the engine also offers spaces with both NV factions' Activists (3.4.4). A Railway would
    get a Strike: only if Raj is a player (8.1.3)."""

    column = "Place Unrest"

    def candidates(self, ctx, node) -> list[int]:
        return ctx.no_railways_unless_raj_player(ctx.legal_spaces())

    def can_start(self, ctx, node) -> bool:
        return ctx.any_selectable(REVS, "unrest", where=lambda sp: bool(ctx.no_railways_unless_raj_player((sp,))))


# ==================================================================================================
# 8.7.4 Special Activities
# ==================================================================================================
def _aid_goes_underground(ctx, sp) -> bool:
    """Would Aid in ``sp`` offer to flip its Guerrillas Underground (Active Guerrillas, affordable)?"""
    aid = ctx.game.activities[REVS][ctx.game.sa_action("aid")]
    return ctx.mode("revs_aid_underground") in aid.options(ctx.game, sp)


@special(REVS, "aid")
class Aid(Procedure):
    """8.7.4: only to flip Guerrillas Underground, in up to two spaces with Active Guerrillas chosen
    with Attack or Go Underground."""

    column = "Attack or Go Underground"

    def eligible(self, ctx, spaces) -> list[int]:
        return [sp for sp in spaces if _aid_goes_underground(ctx, sp)]

    def candidates(self, ctx, option) -> list[int]:
        if len(_turn_list(ctx, "sa_spaces")) >= AID_MAX_SPACES:
            return []
        return self.eligible(ctx, ctx.legal_spaces())

    def can_start(self, ctx, option) -> bool:
        return ctx.any_selectable(REVS, "aid", special=True, where=lambda sp: _aid_goes_underground(ctx, sp))


@on_choice("revs_aid_mode", REVS)
def aid_mode(ctx):
    return ctx.mode("revs_aid_underground")


def _infiltrate_base(ctx) -> int:
    return ctx.mode("revs_infiltrate_base")


def _wants_base(option) -> bool:
    return option is not None and option.action == "place a Base"


@special(REVS, "infiltrate")
class Infiltrate(Procedure):
    """8.7.4: the space by the option's column (Remove or Replace; card U's Crisis option: Place
    Bases), the piece by the Adversary Priorities. "Replace an adversary" needs something to replace
    there; "place a Base" needs the Crisis Base option (4.5.2)."""

    column = "Remove or Replace"

    def eligible(self, ctx, spaces, option) -> list[int]:
        base = _infiltrate_base(ctx)
        out = []
        for sp in spaces:
            opts = engine.infiltrate_options(ctx.game, sp)
            if (base in opts) if _wants_base(option) else any(a != base for a in opts):
                out.append(sp)
        return out

    def candidates(self, ctx, option) -> list[int]:
        return self.eligible(ctx, ctx.legal_spaces(), option)

    def can_start(self, ctx, option) -> bool:
        return ctx.any_selectable(REVS, "infiltrate", special=True, where=lambda sp: bool(self.eligible(ctx, (sp,), option)))


@on_choice("revs_infiltrate_choice", REVS)
def infiltrate_choice(ctx):
    """Card U's Crisis option places the Base; otherwise replace by the Adversary Priorities (8.5)."""
    base = _infiltrate_base(ctx)
    if _wants_base(_sa_option(ctx, "infiltrate")) and ctx.has(base):
        return base
    replace = [a for a in ctx.legal if a != base]
    return ctx.adversary(ctx.frame["space"], replace) if replace else base


@special(REVS, "assassinate")
class Assassinate(Procedure):
    """8.7.4: among the spaces selected for Unrest (the engine offers only those), the space by
    Remove or Replace and the piece by the Adversary Priorities."""

    column = "Remove or Replace"

    def can_start(self, ctx, option) -> bool:
        return ctx.any_selectable(REVS, "assassinate", special=True)


@on_choice("revs_assassinate_piece", REVS)
def assassinate_piece(ctx):
    return ctx.adversary(ctx.frame["space"])
