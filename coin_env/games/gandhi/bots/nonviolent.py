"""Arjuna procedures of the non-player nonviolent factions: NP Congress and NP Muslim League.

* 8.1.4 passing: one own Activist Out of Play -> Available.
* 8.6.4 / 8.6.5 Operations: Rally (ML: Bases first), Demonstrate (Move Priorities, 8.4.2), Civil
  Disobedience (Railway step only with a player Raj), Non-Cooperation (every eligible space; ML: every
  eligible Muslim space).
* 8.7.2 / 8.7.3 Special Activities: Negotiate, Satyagraha, Persuade, Infiltrate -- only the option
  the Arjuna card names (``SAOption.action``); an option that cannot be carried out is skipped (8.7).
* 8.5: NP Congress / NP ML never replace or remove a Protest marker by choice and NP ML never a Muslim
  State marker (bots/adversary.py filters piece options; the mode choices below respect it too).

The cards, columns and Move Priorities keep-rules are data (data/arjuna/congress.py, ml.py); the
blue-box conditions, faction-only rows and keep-rules are registered here under the names the data uses.
"""

from __future__ import annotations

from .. import board
from ..data.arjuna import congress as congress_data
from ..data.arjuna import ml as ml_data
from ..data.pieces import ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, SEPOY
from ..rules.nonviolent import (OWN_ACTIVIST, allowance, congress_pieces, free_space, gandhi_location,
                                infiltrate_options, ml_base_possible, ml_pieces, movable, persuade_targets)
from ..static import AVAILABLE, IS_RAILWAY, JAIL, LAND
from . import priorities
from .procedure import Procedure
from .registry import condition, on_choice, on_prompt, operation, row_filter, special

NV = ("congress", "ml")


def _own(ctx) -> int:
    return OWN_ACTIVIST[ctx.faction]


def _turn_flags(ctx) -> dict:
    turn = ctx.state.turn
    return {} if turn is None else turn["flags"]


def _op_spaces(ctx) -> list[int]:
    turn = ctx.state.turn
    return [] if turn is None else list(turn["op_spaces"])


def _frame_space(ctx) -> int:
    return ctx.frame["space"]


# =====================================================================================================
# Blue-box conditions (8.3) -- names used by data/arjuna/congress.py and ml.py
# =====================================================================================================
@condition(congress_data.NV_GE_CUBES)
def nv_activists_ge_cubes(ctx) -> bool:
    """Card H (digest 11.14): some space without a Protest holds NV Activists at least equal to its
    cubes, so a Protest there (making them Active, 1.4.3) would leave Raj without Control (1.7)."""
    s = ctx.state
    return any(not s.protest.item(sp) and board.activists(s, sp) > 0 and board.activists(s, sp) >= board.cubes(s, sp)
               for sp in LAND)


@condition(congress_data.TWO_PROTESTS)
def two_protests_available(ctx) -> bool:
    """Card H: 2 or more Protest markers Available (for Operations, 1.10)."""
    return board.protests_available_for_ops(ctx.state) >= 2


def _pool(ctx, piece) -> int:
    return int(ctx.state.pieces.item(AVAILABLE, piece) + ctx.state.pieces.item(JAIL, piece))


@condition(congress_data.DIE_LE_CONGRESS_POOL)
def die_le_congress_pool(ctx) -> bool:
    """Card HH (digest 11.14): a die roll <= Congress Activists Available plus those in Jail."""
    return ctx.die() <= _pool(ctx, CONGRESS_ACTIVIST)


@condition(ml_data.DIE_LE_ML_POOL)
def die_le_ml_pool(ctx) -> bool:
    """The Muslim League counterpart of card HH's box (reconstructed)."""
    return ctx.die() <= _pool(ctx, ML_ACTIVIST)


def noncoop_spaces(s, faction, spaces) -> list[int]:
    """8.6.4 / 8.6.5 Non-Cooperation: the engine-selectable spaces that can still shift toward Active
    Opposition (8.1.5); the Muslim League's only in Muslim spaces."""
    out = [sp for sp in spaces if s.support.item(sp) > -2]
    if faction == "ml":
        out = [sp for sp in out if board.is_muslim_space(sp)]
    return out


@condition(congress_data.CONGRESS_CAN_NONCOOP)
def congress_can_noncoop(ctx) -> bool:
    """Card J (digest 11.14, completed): a space eligible for Congress Non-Cooperation (3.3.4)."""
    s = ctx.state
    return ctx.any_selectable("congress", "non_cooperation", where=lambda sp: bool(noncoop_spaces(s, "congress", (sp,))))


@condition(ml_data.ML_CAN_NONCOOP)
def ml_can_noncoop(ctx) -> bool:
    """A Muslim space eligible for ML Non-Cooperation (3.3.4, 8.6.5)."""
    s = ctx.state
    return ctx.any_selectable("ml", "non_cooperation", where=lambda sp: bool(noncoop_spaces(s, "ml", (sp,))))


def base_ready(s, sp) -> bool:
    """8.6.5: ML Activists exceed Unity where an ML Base may be placed (3.3.1, 1.4.2)."""
    return s.pieces.item(sp, ML_ACTIVIST) > s.unity and ml_base_possible(s, sp)


@condition(ml_data.BASE_READY)
def ml_base_ready(ctx) -> bool:
    s = ctx.state
    return ctx.any_selectable("ml", "rally", where=lambda sp: base_ready(s, sp))


def protest_ends_control(s, sp) -> bool:
    """A Protest would make the Activists here Active (1.4.3) and so end Raj Control (1.7)."""
    if not board.raj_control(s, sp) or s.protest.item(sp) or board.activists_active(s, sp):
        return False
    return board.cubes(s, sp) <= board.active_non_raj(s, sp) + board.activists(s, sp)


@condition(ml_data.PROTEST_DENIES_CONTROL)
def ml_protest_denies_control(ctx) -> bool:
    """Card P (Arjuna Chronicles #9): the Muslim League can place a Protest that denies Raj Control."""
    s = ctx.state
    if board.protests_available_for_ops(s) == 0:
        return False
    return ctx.any_selectable("ml", "civil_disobedience",
                              where=lambda sp: s.pieces.item(sp, ML_ACTIVIST) > 0 and protest_ends_control(s, sp))


@condition(ml_data.MS_NEGOTIABLE)
def ml_ms_negotiable(ctx) -> bool:
    """Negotiate could place a Muslim State now (4.4.1)."""
    s = ctx.state
    return ctx.any_selectable("ml", "negotiate", True,
                              where=lambda sp: bool(negotiate_eligible(s, "place Muslim State", (sp,))))


# =====================================================================================================
# Faction-only Space Selection rows (8.4.1)
# =====================================================================================================
@row_filter("a Protest would end Raj Control")
def row_protest_ends_control(ctx, sp):
    return protest_ends_control(ctx.state, sp)


# =====================================================================================================
# Move Priorities keep-rules (8.4.2) -- names used by the data's ``move`` column
# =====================================================================================================
BIG = 99


def _keep_protest(ctx, sp) -> int:
    """Keep one own Activist in a Protest origin (it stays eligible for Non-Cooperation, 3.3.4)."""
    own = ctx.state.pieces.item(sp, _own(ctx))
    return own - 1 if ctx.state.protest.item(sp) else BIG


def control_slack(s, sp) -> int:
    """How many Active pieces may leave ``sp`` before Raj gains Control there (1.7)."""
    if not board.controllable(s, sp) or not board.activists_active(s, sp) or board.raj_control(s, sp):
        return BIG
    return max(0, board.active_non_raj(s, sp) - board.cubes(s, sp))


def _keep_no_control(ctx, sp) -> int:
    return control_slack(ctx.state, sp)


def _keep_majority(ctx, sp) -> int:
    """ML pieces stay above Congress pieces in Muslim spaces (8.9.3 step 1; guards 4.3.1 / 4.4.1)."""
    s = ctx.state
    if not board.is_muslim_space(sp):
        return BIG
    lead = ml_pieces(s, sp) - congress_pieces(s, sp)
    return lead - 1 if lead > 0 else BIG


KEEP_RULES = {
    congress_data.KEEP_PROTEST: _keep_protest,
    ml_data.KEEP_PROTEST: _keep_protest,
    congress_data.KEEP_NO_CONTROL: _keep_no_control,
    ml_data.KEEP_MAJORITY: _keep_majority,
}


def spare(ctx, sp) -> int:
    """Own Activists that may leave origin ``sp``: not moved yet (3.1.2), less what the faction's Move
    Priorities column keeps there (8.4.2)."""
    n = movable(ctx.game, sp, _own(ctx))
    if n <= 0:
        return 0                 # nothing left to move, whatever the column keeps
    for rule in ctx.data.arjuna.factions[ctx.faction].move:
        n = min(n, KEEP_RULES[rule](ctx, sp))
    return max(0, n)


# =====================================================================================================
# 8.1.4 Passing
# =====================================================================================================
@on_choice("turn_pass_activist")
def pass_activist(ctx):
    """8.1.4: NP Congress / NP ML move one of their own Activists Out of Play -> Available."""
    if ctx.faction in NV:
        own = ctx.piece(_own(ctx))
        return own if ctx.has(own) else ctx.done
    return None


# =====================================================================================================
# 8.6.4 / 8.6.5 Operations
# =====================================================================================================
class NVProcedure(Procedure):
    key = ""
    special = False

    def eligible(self, ctx, node, spaces) -> list[int]:
        """The spaces among ``spaces`` (engine-selectable) where this box can be carried out (8.1.5)."""
        return list(spaces)

    def candidates(self, ctx, node):
        return self.eligible(ctx, node, ctx.legal_spaces())

    def can_start(self, ctx, node) -> bool:
        """8.3 / 8.7: some space is eligible now (asked before the action starts)."""
        if not self.special and type(self).any_eligible is NVProcedure.any_eligible:
            # An Operation's eligible spaces are those that pass a test of their own (Rally, Civil
            # Disobedience, Non-Cooperation): found space by space, stopping at the first.
            return ctx.any_selectable(ctx.faction, self.key, where=lambda sp: bool(self.eligible(ctx, node, (sp,))))
        return self.any_eligible(ctx, node, ctx.selectable(ctx.faction, self.key, self.special))

    def any_eligible(self, ctx, node, spaces) -> bool:
        """``bool(self.eligible(ctx, node, spaces))``; a box whose test is costly stops at the first."""
        return bool(self.eligible(ctx, node, spaces))

    def next_space(self, ctx, node):
        sp = self.choose(ctx, node)
        if sp is None and not ctx.has(ctx.done):
            # The action has begun but nothing is eligible any more (e.g. a Special Activity done
            # first took the only space, 4.1.1). 8.6 would draw a new card, which cannot replace an
            # Operation already chosen; the engine needs one space, so the column picks among what it
            # offers ("as much as possible", 8.1) -- Rally's last step still applies.
            legal = ctx.legal_spaces()
            sp = ctx.select(self.column_for(node), legal) if legal else None
        return sp

    def choose(self, ctx, node):
        """The next space by 8.4.1 among the eligible ones, or None to finish."""
        cands = self.candidates(ctx, node)
        return ctx.select(self.column_for(node), cands) if cands else None


class Rally(NVProcedure):
    """8.6.4 / 8.6.5 Rally. Congress: spaces by Place Activists. ML: first a Base in every eligible space
    where ML Activists exceed Unity (Place Bases orders them when Bases are short), then Activists by
    Place Activists. The release / Out of Play step is :func:`rally_after`."""

    key = "rally"
    column = "Place Activists"

    def base_spaces(self, ctx, spaces) -> list[int]:
        if ctx.faction != "ml":
            return []
        return [sp for sp in spaces if base_ready(ctx.state, sp)]

    def eligible(self, ctx, node, spaces):
        spaces = [sp for sp in spaces if not IS_RAILWAY[sp]]
        if board.available(ctx.state, _own(ctx)) > 0:
            return spaces
        return self.base_spaces(ctx, spaces)

    def choose(self, ctx, node):
        cands = self.candidates(ctx, node)
        bases = self.base_spaces(ctx, cands)
        if bases:
            sp = ctx.select("Place Bases", bases)
            ctx.plan["rally_base"] = sp
            return sp
        return ctx.select(self.column_for(node), cands) if cands else None


@on_choice("nv_rally_congress_count")
def rally_congress_count(ctx):
    """8.6.4: place as many Activists as the space allows (as much as possible, 8.1)."""
    return ctx.max_count()


@on_choice("nv_rally_ml_mode")
def rally_ml_mode(ctx):
    """8.6.5: the Base in the spaces chosen for Bases, Activists elsewhere."""
    sp = _frame_space(ctx)
    want_base = ctx.plan.get("rally_base") == sp or (
        "rally_base" not in ctx.plan and base_ready(ctx.state, sp))
    mode = ctx.mode("nv_rally_ml_base" if want_base else "nv_rally_ml_activists")
    return mode if ctx.has(mode) else ctx.legal[0]


@on_choice("nv_rally_after")
def rally_after(ctx):
    """8.6.4 / 8.6.5 last step: release prisoners if 3 or more own Activists are in Jail (the engine
    releases own Activists first); otherwise one own Activist Out of Play -> Available."""
    s = ctx.state
    release = ctx.mode("nv_rally_release")
    if s.pieces[JAIL, _own(ctx)] >= 3 and ctx.has(release):
        return release
    own = ctx.piece(_own(ctx))
    return own if ctx.has(own) else ctx.done


def origins_for(ctx, dest, spares: dict | None = None) -> list[int]:
    """8.4.2 B: spaces from which own Activists could reach ``dest`` -- adjacent, not a destination,
    with Activists the Move Priorities column lets go. ``spares``: {origin: spare} already computed
    in this decision (filled in as origins are read)."""
    dests = _op_spaces(ctx)
    if spares is None:
        spares = {}
    out = []
    for o in ctx.data.neighbors[dest]:
        if o in dests:
            continue
        n = spares.get(o)
        if n is None:
            n = spares[o] = spare(ctx, o)
        if n > 0:
            out.append(o)
    return out


class Demonstrate(NVProcedure):
    """8.6.4 / 8.6.5 Demonstrate with the Move Priorities table (8.4.2): A) a destination by the
    Demonstrate column -- only one that some origin can reach (unreachable destinations are skipped);
    B) origins and counts in :func:`demo_origin` / :func:`demo_count`; C) next destination while the
    allowance lasts (8.6.1)."""

    key = "demonstrate"
    column = "Demonstrate"

    def eligible(self, ctx, node, spaces):
        spares = {}              # each origin's spare once for all destinations (same board)
        return [d for d in spaces if not IS_RAILWAY[d] and origins_for(ctx, d, spares)]

    def any_eligible(self, ctx, node, spaces) -> bool:
        spares = {}
        return any(not IS_RAILWAY[d] and origins_for(ctx, d, spares) for d in spaces)

    def choose(self, ctx, node):
        """``ctx.select(column, self.candidates(ctx, node))``, reading a destination's origins only for
        the column's best-ranked spaces up to the first reachable one (priorities.select_qualifying)."""
        spares = {}
        return priorities.select_qualifying(ctx, self.column_for(node), ctx.legal_spaces(),
                                            lambda d: not IS_RAILWAY[d] and bool(origins_for(ctx, d, spares)))


def _moved_into(ctx, dest, piece) -> int:
    return _turn_flags(ctx).get("nv_moved", {}).get(f"{dest}:{piece}", 0)


def _enough(s, dest) -> bool:
    """8.6.4 / 8.6.5: Activists (both NV factions) equal or exceed the cubes in the destination."""
    return board.activists(s, dest) >= board.cubes(s, dest)


@on_choice("nv_demo_origin")
def demo_origin(ctx):
    """8.4.2 B / C: after the first Activist, stop once Activists >= cubes in the destination; else the
    origin with the most own Activists (random among equals) that still has some to spare."""
    s, dest = ctx.state, ctx.frame["dest"]
    if _moved_into(ctx, dest, _own(ctx)) > 0 and _enough(s, dest):
        return ctx.done
    dests = set(_op_spaces(ctx))
    offered = [o for o in ctx.legal_spaces() if o not in dests and spare(ctx, o) > 0]
    if not offered:
        return ctx.done
    most = max(s.pieces.item(o, _own(ctx)) for o in offered)
    best = [o for o in offered if s.pieces.item(o, _own(ctx)) == most]
    return ctx.space(best[0] if len(best) == 1 else ctx.random_space(best))


@on_choice("nv_demo_count")
def demo_count(ctx):
    """8.6.4 / 8.6.5: move one Activist, then more until Activists (both factions, counting the ML
    Activists Congress brings along) equal or exceed the cubes there, within what the origin spares."""
    s, dest, origin = ctx.state, ctx.frame["dest"], ctx.frame["origin"]
    need = board.cubes(s, dest) - board.activists(s, dest)
    along = 0
    if ctx.faction == "congress":
        quota = max(0, s.unity - _turn_flags(ctx).get("nv_demo_ml", 0))
        along = min(quota, movable(ctx.game, origin, ML_ACTIVIST))
    limit = max(1, spare(ctx, origin))
    k = 1
    while k < limit and k + min(k, along) < need:
        k += 1
    return ctx.count_at_most(k)


@on_choice("nv_demo_ml_count")
def demo_ml_count(ctx):
    """8.6.4: Congress brings ML Activists along up to Unity when they are in the origin -- as many as
    allowed, without leaving the origin to Raj Control (Move Priorities)."""
    slack = control_slack(ctx.state, ctx.frame["origin"])
    return ctx.count_at_most(slack)


@on_choice("nv_demo_protest")
def demo_protest(ctx):
    """8.6.4 / 8.6.5: place an Available Protest when moving into a space with no Raj Control."""
    protest = ctx.game.vocabulary.index("piece", "Protest")
    return protest if ctx.has(protest) else ctx.done


class CivilDisobedience(NVProcedure):
    """8.6.4 / 8.6.5 Civil Disobedience: spaces by Place Protests, each getting an Available Protest.
    A space where no Protest can go does nothing for the NP and is not eligible (8.1.5); Railways are
    left out (their Activists are Active already, 1.4.3). With a player Raj, afterwards one own
    Activist from a CD space holding 3 or more goes onto the highest-Econ adjacent Railway without an
    Activist; as the engine asks this inside each space, the CD spaces are planned at the start."""

    key = "civil_disobedience"
    column = "Place Protests"

    def eligible(self, ctx, node, spaces):
        if board.protests_available_for_ops(ctx.state) == 0:
            return []
        return [sp for sp in spaces if not ctx.state.protest.item(sp) and not IS_RAILWAY[sp]]

    def plan_spaces(self, ctx, node) -> list[int]:
        """The spaces 8.4.1 will select, in order: one per Available Protest, within the allowance."""
        s, f = ctx.state, ctx.faction
        protests = board.protests_available_for_ops(s)
        counted = _turn_flags(ctx).get("nv_counted", 0)
        queue = []
        for sp in ctx.order(self.column_for(node), self.candidates(ctx, node)):
            if len(queue) >= protests:
                break
            if not free_space(s, f, sp):
                if counted >= allowance(s, f):
                    continue
                counted += 1
            queue.append(sp)
        return queue

    def choose(self, ctx, node):
        plan = ctx.plan
        if not _op_spaces(ctx):
            plan["cd_queue"] = self.plan_spaces(ctx, node)
            plan["cd_rail_from"] = self.rail_space(ctx, plan["cd_queue"])
            plan.pop("cd_rail_done", None)
        cands = self.candidates(ctx, node)
        for sp in plan.get("cd_queue", []):
            if sp in cands and sp not in _op_spaces(ctx):
                return sp
        return ctx.select(self.column_for(node), cands) if cands else None

    def rail_space(self, ctx, spaces):
        """8.6.4 / 8.6.5 (player Raj only): the CD space an Activist leaves for a Railway, random among
        those with 3 or more own Activists next to a Railway without Activists; None if none."""
        if not ctx.raj_is_player:
            return None
        s = ctx.state
        ok = [sp for sp in spaces if s.pieces[sp, _own(ctx)] >= 3 and _free_rails(s, sp)]
        if not ok:
            return None
        return ok[0] if len(ok) == 1 else ctx.random_space(ok)


def _free_rails(s, sp) -> list[int]:
    return [r for r in s.data.neighbors[sp] if IS_RAILWAY[r] and board.activists(s, r) == 0]


@on_choice("nv_cd_rail")
def cd_rail(ctx):
    """8.6.4 / 8.6.5: one Activist onto the highest-Econ Railway without an Activist (8.1.3 ties),
    from the planned space only, once, and only with a player Raj."""
    plan, s, sp = ctx.plan, ctx.state, _frame_space(ctx)
    if not ctx.raj_is_player or plan.get("cd_rail_from") != sp or plan.get("cd_rail_done"):
        return ctx.done
    rails = [r for r in ctx.legal_spaces() if board.activists(s, r) == 0]
    if not rails:
        return ctx.done
    plan["cd_rail_done"] = True
    return ctx.space(priorities.random_railway(ctx, rails))


@on_choice("nv_cd_count")
def cd_count(ctx):
    """8.6.4 / 8.6.5: 'get one Activist' onto the Railway."""
    return ctx.count_at_most(1)


class NonCooperation(NVProcedure):
    """8.6.4: every eligible space; 8.6.5 (ML): every eligible Muslim space. A space already at Active
    Opposition cannot shift and is not eligible (8.1.5)."""

    key = "non_cooperation"
    column = "Shift to Opposition"

    def eligible(self, ctx, node, spaces):
        return noncoop_spaces(ctx.state, ctx.faction, spaces)


# =====================================================================================================
# 8.7.2 / 8.7.3 Special Activities
# =====================================================================================================
class NVSpecial(NVProcedure):
    special = True
    default_actions: dict = {}           # faction -> actions tried in order for Event-granted SAs
    action_columns: dict = {}            # action -> column when no card box names one

    def action(self, ctx, node) -> str:
        """The option the card names; for an Event-granted SA (no box) the first default that can be done
        (8.8 play note: as effective as possible)."""
        if node is not None and node.action:
            return node.action
        spaces = ctx.selectable(ctx.faction, self.key, True)
        defaults = self.default_actions.get(ctx.faction, ())
        for act in defaults:
            if self.eligible_for(ctx, act, spaces):
                return act
        return defaults[0] if defaults else ""

    def column_for(self, node) -> str:
        return node.column if node is not None and node.column else self.column

    def eligible_for(self, ctx, action, spaces) -> list[int]:
        raise NotImplementedError

    def eligible(self, ctx, node, spaces):
        return self.eligible_for(ctx, self.action(ctx, node), spaces)

    def choose(self, ctx, node):
        action = self.action(ctx, node)
        cands = self.eligible_for(ctx, action, ctx.legal_spaces())
        if not cands:
            return None
        column = self.column_for(node) if node is not None else self.action_columns.get(action, self.column)
        sp = ctx.select(column, cands)
        ctx.plan.setdefault("sa_actions", {})[str(sp)] = action
        return sp


def _sa_action(ctx) -> str:
    return ctx.plan.get("sa_actions", {}).get(str(_frame_space(ctx)), "")


def negotiate_eligible(s, action, spaces) -> list[int]:
    """4.3.1 / 4.4.1 option requirements in the spaces the engine lets Negotiate select."""
    if action == "release Gandhi":
        return list(spaces) if s.pieces.item(JAIL, GANDHI) > 0 else []
    if action == "remove Muslim State":
        return [sp for sp in spaces if s.muslim_state.item(sp) and congress_pieces(s, sp) > ml_pieces(s, sp)]
    if action == "remove Unrest":
        return [sp for sp in spaces if s.unrest.item(sp) > 0]
    if action == "place Muslim State":
        return [sp for sp in spaces if board.is_muslim_space(sp) and board.is_province(s, sp)
                and s.support.item(sp) < 0 and ml_pieces(s, sp) > congress_pieces(s, sp)]
    return []


NEGOTIATE_MODES = {"release Gandhi": "nv_negotiate_gandhi", "remove Muslim State": "nv_negotiate_remove_ms",
                   "remove Unrest": "nv_negotiate_unrest", "place Muslim State": "nv_negotiate_place_ms"}


class Negotiate(NVSpecial):
    """8.7.2 / 8.7.3 Negotiate: only the card's option, skipped if it cannot be done (8.7, #39).
    Gandhi's release: space by Move or Release Gandhi; a Muslim State's removal / Unrest: Remove or
    Replace; placing a Muslim State: Place Muslim State (the card box carries the column)."""

    key = "negotiate"
    column = "Remove or Replace"
    default_actions = {"congress": ("release Gandhi", "remove Muslim State"),
                       "ml": ("place Muslim State", "remove Unrest")}
    action_columns = {"release Gandhi": "Move or Release Gandhi", "place Muslim State": "Place Muslim State"}

    def eligible_for(self, ctx, action, spaces):
        return negotiate_eligible(ctx.state, action, spaces)


@on_choice("nv_negotiate_option")
def negotiate_option(ctx):
    mode = NEGOTIATE_MODES.get(_sa_action(ctx))
    if mode is not None and ctx.has(ctx.mode(mode)):
        return ctx.mode(mode)
    return ctx.done


class Satyagraha(NVSpecial):
    """8.7.2 Satyagraha: (Gandhi in Jail: always ask for his release -- the engine asks the Raj) move
    Gandhi to the space chosen by Move or Release Gandhi, then the card's action: place an Activist,
    or remove Unrest (with the Protest there). 'Move Gandhi' alone places an Activist: the NP never
    removes its own Protest by choice (8.5)."""

    key = "satyagraha"
    column = "Move or Release Gandhi"
    default_actions = {"congress": ("move Gandhi",)}

    def eligible_for(self, ctx, action, spaces):
        s = ctx.state
        here = gandhi_location(s)
        spaces = [sp for sp in ctx.no_railways_unless_raj_player(spaces) if sp != here]   # 8.1.3; he moves
        if action == "remove Unrest":
            return [sp for sp in spaces if s.unrest.item(sp) > 0]
        return spaces


@on_choice("nv_satyagraha_option")
def satyagraha_option(ctx):
    mode = ctx.mode("nv_satyagraha_remove" if _sa_action(ctx) == "remove Unrest" else "nv_satyagraha_activist")
    return mode if ctx.has(mode) else ctx.legal[0]


ACTIVATE, REMOVE = "Activate Guerrillas", "Remove 1 Adversary"


def persuade_eligible(ctx, what, spaces) -> list[int]:
    """8.7.2 / 8.7.3: Activate Guerrillas in spaces with own Active Activists (and an Underground
    Guerrilla); Remove 1 Adversary where an Active adversary piece may go (4.3.3 / 4.4.3)."""
    s = ctx.state
    if what == ACTIVATE:
        return [sp for sp in spaces if s.pieces.item(sp, GUERRILLA) > 0 and s.pieces[sp, _own(ctx)] > 0
                and board.activists_active(s, sp)]
    return [sp for sp in spaces if persuade_targets(s, sp, ctx.faction)]


class Persuade(NVSpecial):
    """8.7.2 / 8.7.3 Persuade: the card's two actions in order; the second once the first has no
    eligible space left (up to two spaces in all). Spaces by Remove or Replace; the piece by Adversary
    Priorities (8.5)."""

    key = "persuade"
    column = "Remove or Replace"

    def order(self, node) -> list[str]:
        if node is not None and node.action:
            return node.action.split(", ")
        return [REMOVE, ACTIVATE]

    def eligible(self, ctx, node, spaces):
        return [sp for what in self.order(node) for sp in persuade_eligible(ctx, what, spaces)]

    def choose(self, ctx, node):
        for what in self.order(node):
            cands = persuade_eligible(ctx, what, ctx.legal_spaces())
            if cands:
                sp = ctx.select(self.column_for(node), cands)
                ctx.plan.setdefault("sa_actions", {})[str(sp)] = what
                return sp
        return None


@on_choice("nv_persuade_option")
def persuade_option(ctx):
    activate = ctx.mode("nv_persuade_activate")
    if _sa_action(ctx) == ACTIVATE and ctx.has(activate):
        return activate
    pieces = [a for a in ctx.legal if a != activate]
    return ctx.adversary(_frame_space(ctx), pieces) if pieces else activate


REPLACEABLE = (SEPOY, GUERRILLA, ACTIVE_GUERRILLA)


class Infiltrate(NVSpecial):
    """8.7.3 Infiltrate: replace an adversary (space by Remove or Replace, piece by Adversary
    Priorities; never the own Protest, 8.5), or -- in Crisis, as card N says -- place a Muslim State
    (Place Muslim State column)."""

    key = "infiltrate"
    column = "Remove or Replace"
    default_actions = {"ml": ("place Muslim State", "replace adversary")}
    action_columns = {"place Muslim State": "Place Muslim State"}

    def eligible_for(self, ctx, action, spaces):
        s, game = ctx.state, ctx.game
        if action == "place Muslim State":
            mode = game.mode("nv_infiltrate_muslim_state")
            return [sp for sp in spaces if mode in infiltrate_options(game, sp)]
        return [sp for sp in spaces if any(s.pieces.item(sp, p) > 0 for p in REPLACEABLE)]


@on_choice("nv_infiltrate_option")
def infiltrate_option(ctx):
    ms = ctx.mode("nv_infiltrate_muslim_state")
    if _sa_action(ctx) == "place Muslim State" and ctx.has(ms):
        return ms
    pieces = [a for a in ctx.legal if a != ms]
    return ctx.adversary(_frame_space(ctx), pieces) if pieces else ms


# The ``SAOption.action`` values these procedures understand (card data and owner packs must use them).
SA_ACTIONS = {
    ("congress", "negotiate"): {"release Gandhi", "remove Muslim State"},
    ("ml", "negotiate"): {"remove Unrest", "place Muslim State"},
    ("congress", "satyagraha"): {"move Gandhi", "place Activist", "remove Unrest"},
    ("ml", "infiltrate"): {"replace adversary", "place Muslim State"},
    ("congress", "persuade"): {f"{a}, {b}" for a, b in ((ACTIVATE, REMOVE), (REMOVE, ACTIVATE))} | {ACTIVATE, REMOVE},
}
SA_ACTIONS[("ml", "persuade")] = SA_ACTIONS[("congress", "persuade")]


# --- registration: one procedure object per faction and key -----------------------------------------------
for _faction in NV:
    operation(_faction, "rally")(Rally)
    operation(_faction, "demonstrate")(Demonstrate)
    operation(_faction, "civil_disobedience")(CivilDisobedience)
    operation(_faction, "non_cooperation")(NonCooperation)
    special(_faction, "negotiate")(Negotiate)
    special(_faction, "persuade")(Persuade)
special("congress", "satyagraha")(Satyagraha)
special("ml", "infiltrate")(Infiltrate)


# =====================================================================================================
# 3.2.4 Protests after Gandhi's arrest (a Congress decision outside its own turn)
# =====================================================================================================
@on_prompt("g_gandhi_arrest_protests", faction="congress")
def arrest_protests(ctx):
    """3.2.4: Congress may place up to two Protests; NP Congress places them (as much as possible, 8.1)
    with the Place Protests column, in spaces with Congress Activists when there are any (as 8.9.4 does
    for its Reset Phase Protest -- reconstructed)."""
    spaces = [sp for sp in ctx.legal_spaces() if not IS_RAILWAY[sp]]
    if not spaces:
        return ctx.done
    with_activists = [sp for sp in spaces if ctx.state.pieces.item(sp, CONGRESS_ACTIVIST) > 0]
    return ctx.space(ctx.select("Place Protests", with_activists or spaces))


__all__ = ["Rally", "Demonstrate", "CivilDisobedience", "NonCooperation", "Negotiate", "Satyagraha",
           "Persuade", "Infiltrate", "SA_ACTIONS", "spare", "origins_for"]
