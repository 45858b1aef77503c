"""8.8 The Non-player Taliban flowchart.

* 8.8.1 Capabilities / Momentum in effect: only unshaded Find Fix Finish has a bot-side effect the
  engine can express (keep two Underground Guerrillas at each Afghan Taliban Base space: see
  :func:`base_keep`). The other 8.8.1 items (MANPADS Scare, Tribal Elders, Accidental Guerrillas,
  Aerostats) steer choices inside Event texts that are not implemented, so no prompt reaches them.
* 8.8.2 Pass, Event or Operations: :class:`TalibanChart` (event_conditions + the trigger chain of
  choose_operation).
* 8.8.3 Terror + Extort, 8.8.4 Rally + Extort / Infiltrate, 8.8.5 March, 8.8.6 Attack + Ambush:
  the ``op_select`` / ``sa_select`` / ``coin_sa_after_op`` handlers and the nested prompts.
* 8.8.7 Propaganda: Sharia (``adp_sharia``) and Redeploy (``adp_redeploy_taliban``).

Operations are executed one space at a time (the engine's op_select loop): every step recomputes the
flowchart's sequential priorities on the current board, with a stage pointer in the plan so that a
sequential priority, once left, is not revisited (8.2.3). Memory holds plain data only.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS, PIECE_OWNER, POLICE,
                           TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE)
from ..rules import insurgent_ops as iops
from ..rules import removal, taliban_sa
from ..static import AFGHAN_LIST, CONTROLLABLE, KABUL, LOCS, LOC_LIST, N_SPACES, PAKISTAN, PAKISTAN_LIST
from ....coin.events import is_free
from .flowchart import Flowchart, probe_event
from .registry import flowchart, on_choice, on_prompt

F = "taliban"
FIND_FIX_FINISH = 7            # Coalition Capability card; its unshaded side matters to 8.8.1
RALLY_PAID_MAX = 6             # 8.8.4 preliminaries
MARCH_SPREAD_MAX = 3           # 8.8.5 bullet 3
RALLY_NEUTRAL_MAX = 2          # 8.8.4 bullet 5
AMBUSH_MAX = taliban_sa.AMBUSH_MAX_SPACES

# 8.8.6 Ambush box order of what to remove: Coalition (Bases, Troops), Government (Bases, Police,
# Troops), Warlords (Bases, then Guerrillas -- Underground before Active by 8.2.1).
REMOVE_PREF = (COALITION_BASE, COALITION_TROOPS, GOV_BASE, POLICE, GOV_TROOPS, WARLORD_BASE, WARLORD_G,
               WARLORD_G_ACTIVE)


# ======================================================================================================
# Shared facts
# ======================================================================================================
def find_fix_finish(s) -> bool:
    """8.8.1: is unshaded Find Fix Finish in effect (a lasting Capability entry)?"""
    return any(e.get("card") == FIND_FIX_FINISH and e.get("side") == "unshaded" and e.get("name") == "capability"
               for e in s.lasting)


def base_keep(s, sp) -> int:
    """8.8.3 / 8.8.5 / 8.8.6 preliminaries: Underground Guerrillas to keep at a Taliban Base space -- one,
    two with unshaded Find Fix Finish (8.8.1: Afghan Base spaces)."""
    if board.bases(s, sp, F) == 0:
        return 0
    return 2 if (AFGHAN_LIST[sp] and find_fix_finish(s)) else 1


def _ffs(ctx) -> bool:
    """:func:`find_fix_finish` of the decision's state, read once per decision."""
    ffs = ctx.scratch.get("find_fix_finish")
    if ffs is None:
        ffs = ctx.scratch["find_fix_finish"] = find_fix_finish(ctx.state)
    return ffs


def may_expose(s, sp, n: int = 1) -> bool:
    """Activating n Underground Guerrillas here leaves the Base's last one(s) Underground."""
    return board.underground(s, sp, F) - n >= base_keep(s, sp)


def _spaces_chosen(s, special: bool = False) -> list[int]:
    t = s.turn
    if t is None:
        return []
    return t["sa_spaces"] if special else t["op_spaces"]


def _sim_removal(s, sp, n: int = 2) -> list[int]:
    """The pieces an Attack / Ambush removal takes in ``sp`` by REMOVE_PREF under 3.3.3's order rules
    (Government cubes shield Coalition Troops, cubes shield COIN Bases, Guerrillas shield Bases)."""
    row = list(s.rows[sp])          # the space's pieces as the removal goes on (a working copy)
    out = []
    for _ in range(n):
        offered = removal.targets_row(row, F, "attack")
        if not offered:
            break
        piece = min(offered, key=lambda p: REMOVE_PREF.index(p) if p in REMOVE_PREF else 99)
        row[piece] -= 1
        out.append(piece)
    return out


def coalition_removed(s, sp) -> int:
    return sum(1 for p in _sim_removal(s, sp) if PIECE_OWNER[p] == "coalition")


# --- 8.8.3 Extort ---------------------------------------------------------------------------------
def extort_833_first(ctx, spaces) -> list[int]:
    """8.8.3 Extort bullet 1: where Extort leaves the Base's last Underground Guerrilla(s) and, in a
    space without Opposition, the space's last Underground Guerrilla."""
    s = ctx.state
    rows = ctx.rows()           # taliban_sa.extort_ok / may_expose read from the decision's rows
    out = []
    for sp in spaces:
        r = rows[sp]
        if not taliban_sa.extort_ok_row(r):
            continue
        under = r[TALIBAN_G]
        keep = (2 if AFGHAN_LIST[sp] and _ffs(ctx) else 1) if r[TALIBAN_BASE] else 0
        if under - 1 < keep:                    # may_expose(s, sp): not the Base's last one(s)
            continue
        if s.support_list[sp] < 0 or under >= 2:
            out.append(sp)
    return out


def extort_833_second(ctx, spaces) -> list[int]:
    """8.8.3 Extort bullet 2 (only at 0 Resources): everywhere, still keeping the Bases' last ones."""
    rows = ctx.rows()
    return [sp for sp in spaces if taliban_sa.extort_ok_row(rows[sp]) and may_expose(ctx.state, sp)]


def extort_833_gain(ctx) -> int:
    """Rough Resources an 8.8.3 Extort would bring now (for "pause to Extort" affordability)."""
    s = ctx.state
    first = extort_833_first(ctx, range(N_SPACES))
    gain = sum(taliban_sa.extort_gain(s, sp) for sp in first)
    if s.resources[F] + gain == 0:
        gain += sum(taliban_sa.extort_gain(s, sp) for sp in extort_833_second(ctx, range(N_SPACES)))
    return gain


def extort_loc34(ctx, spaces) -> list[int]:
    """8.8.4 Extort: the Econ 3 and 4 LoCs."""
    econ = ctx.state.data.econ_list
    return [sp for sp in spaces if LOC_LIST[sp] and econ[sp] >= 3 and taliban_sa.extort_ok(ctx.game, sp)]


# ======================================================================================================
# 8.8.3 Terror
# ======================================================================================================
def terror_candidates(ctx) -> list[int]:
    """8.8.3: Support or Neutral spaces (where a shift can happen) with an Underground Guerrilla that may
    be exposed (not a Base's last), not yet selected."""
    s = ctx.state
    chosen = _spaces_chosen(s)
    rows = ctx.rows()
    support = s.support_list
    out = []
    for sp in CONTROLLABLE:
        r = rows[sp]
        under = r[TALIBAN_G]
        if not under or sp in chosen or support[sp] < 0 or not board.can_have_support(s, sp):
            continue
        keep = (2 if AFGHAN_LIST[sp] and _ffs(ctx) else 1) if r[TALIBAN_BASE] else 0
        if under - 1 >= keep:                   # may_expose(s, sp): not the Base's last one(s)
            out.append(sp)
    return out


def terror_shift(ctx) -> int:
    """8.8.3 trigger: points of Support + Opposition the Terror would shift, Support spaces first then
    Neutral, highest Pop first, as far as Resources (plus a paused Extort) pay."""
    s = ctx.state
    cands = sorted(terror_candidates(ctx), key=lambda sp: (-s.support_list[sp], -board.pop(s, sp)))
    budget = s.resources[F] + extort_833_gain(ctx)
    return sum(board.pop(s, sp) for sp in cands[:budget])


# ======================================================================================================
# 8.8.4 Rally
# ======================================================================================================
def _star_mode(opts) -> str | None:
    """8.8.4 "Important" (bullets marked *): place while Guerrillas are Available, then flip."""
    if "place" in opts:
        return "place"
    if "flip" in opts:
        return "flip"
    return None


def _rally_options(ctx, sp) -> list[str]:
    """iops.rally_options for the Taliban, worked out once per space in a decision."""
    memo = ctx.scratch.get("rally_options")
    if memo is None:                      # (not setdefault: no new dict at every call)
        memo = ctx.scratch["rally_options"] = {}
    opts = memo.get(sp)
    if opts is None:
        opts = memo[sp] = iops.rally_options(ctx.game, F, sp)
    return opts


def _rally_costs(ctx) -> dict[int, int]:
    """iops.rally_costs for the Taliban ({space: cost} where a Rally may go), once per decision."""
    costs = ctx.scratch.get("rally_costs")
    if costs is None:
        costs = ctx.scratch["rally_costs"] = iops.rally_costs(ctx.game, F)
    return costs


def _rally_bullet(ctx, bullet: int, cands, rows, costs) -> list[tuple[int, str]]:
    """(space, mode) for each of ``cands`` (in their order) that 8.8.4 bullet ``bullet`` takes. The Rally
    options (the same for every bullet: the board does not change) are looked up only where the bullet's
    other conditions hold; one loop per bullet (a Rally step asks several bullets of every space)."""
    s = ctx.state
    found = []
    if bullet == 1:                    # bullet 1: Bases without Guerrillas
        for sp in cands:
            r = rows[sp]
            if r[TALIBAN_BASE] and r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] == 0 and "place" in _rally_options(ctx, sp):
                found.append((sp, "place"))
    elif bullet == 2:                  # bullet 2: 3+ Guerrillas -> a Base
        for sp in cands:
            r = rows[sp]
            if r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] >= 3 and "base" in _rally_options(ctx, sp):
                found.append((sp, "base"))
    elif bullet == 3:                  # bullet 3*: Base, all Guerrillas Active, cubes present
        for sp in cands:
            r = rows[sp]
            if (r[TALIBAN_BASE] and r[TALIBAN_G_ACTIVE] >= 1 and r[TALIBAN_G] == 0
                    and r[COALITION_TROOPS] + r[GOV_TROOPS] + r[POLICE] > 0):
                mode = _star_mode(_rally_options(ctx, sp))
                if mode is not None:
                    found.append((sp, mode))
    elif bullet == 4:                  # bullet 4: Kabul without an Underground Taliban Guerrilla
        if KABUL in cands and rows[KABUL][TALIBAN_G] == 0 and "place" in _rally_options(ctx, KABUL):
            found.append((KABUL, "place"))
    elif bullet == 5:                  # bullet 5: up to 2 Neutral spaces without Coalition / Taliban pieces
        if ctx.plan.get("r_b5", 0) < RALLY_NEUTRAL_MAX:
            support = s.support_list
            for sp in cands:
                r = rows[sp]
                if (not PAKISTAN_LIST[sp] and support[sp] == 0
                        and r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE] == 0
                        and r[COALITION_TROOPS] + r[COALITION_BASE] == 0
                        and "place" in _rally_options(ctx, sp)):
                    found.append((sp, "place"))
    elif bullet == 6:                  # bullet 6*: all Taliban Bases
        for sp in cands:
            if rows[sp][TALIBAN_BASE]:
                mode = _star_mode(_rally_options(ctx, sp))
                if mode is not None:
                    found.append((sp, mode))
    elif bullet == 7:                  # bullet 7*: the Pakistan spaces, if free
        for sp in cands:
            if PAKISTAN_LIST[sp] and costs[sp] == 0:
                mode = _star_mode(_rally_options(ctx, sp))
                if mode is not None:
                    found.append((sp, mode))
    return found


def rally_step(ctx, afford: bool, pick: bool = True):
    """The next Rally space by the 8.8.4 sequential bullets: (space, mode, bullet) or None."""
    s, plan = ctx.state, ctx.plan
    chosen = _spaces_chosen(s)
    paid = plan.get("r_paid", 0)
    res = s.resources[F]
    costs = _rally_costs(ctx)
    cands = []
    for sp, cost in costs.items():
        if sp in chosen:
            continue
        if cost and (paid >= RALLY_PAID_MAX or (afford and cost > res)):
            continue
        cands.append(sp)
    pop = lambda sp: board.pop(s, sp)                                   # noqa: E731
    rows = ctx.rows()           # board.bases / guerrillas / ... of the Taliban, read from the decision's rows
    for bullet in range(plan.get("r_stage", 1), 8):
        found = _rally_bullet(ctx, bullet, cands, rows, costs)
        if not found:
            continue
        modes = dict(found)
        keys = {2: (lambda sp: int(PAKISTAN_LIST[sp]),),                   # bullet 2: Pakistan first
                3: (pop,), 5: (pop,),
                6: (lambda sp: int(not PAKISTAN_LIST[sp]), pop)}.get(bullet, ())
        spaces = list(modes)
        if pick:
            sp = ctx.pick(spaces, *keys)
        else:
            sp = ctx.narrow(spaces, *keys)[0]
        return sp, modes[sp], bullet
    return None


def rally_base_possible(ctx) -> bool:
    """8.8.4 trigger: Rally bullet 2 would replace Guerrillas with a Base."""
    s, g = ctx.state, ctx.game
    for sp in CONTROLLABLE:
        if (board.guerrillas(s, sp, F) >= 3 and iops.rally_space_ok(g, F, sp) and "base" in _rally_options(ctx, sp)
                and (iops.rally_cost(g, F, sp) <= s.resources[F] or extort_833_gain(ctx) > 0)):
            return True
    return False


def rally_possible(ctx) -> bool:
    step = rally_step(ctx, afford=False, pick=False)
    if step is None:
        return False
    if iops.rally_cost(ctx.game, F, step[0]) <= ctx.state.resources[F] or extort_833_gain(ctx) > 0:
        return True
    return rally_step(ctx, afford=True, pick=False) is not None


def sharia_choice(s, spaces) -> tuple[int | None, int]:
    """8.8.4 / 8.8.7 Sharia "for greatest shift": (space, steps to buy) -- Terror is removed only where
    Resources also pay a shift; Support first, then the fewest Terror markers."""
    res = s.resources[F]
    best, best_key, steps = None, None, 0
    for sp in spaces:
        t = s.terror_list[sp]
        levels = s.support_list[sp] + 1 if board.can_have_support(s, sp) else 0
        lv = min(levels, max(0, res - t))
        if lv <= 0:
            continue
        key = (lv * board.pop(s, sp), s.support_list[sp] > 0, -t, -sp)
        if best_key is None or key > best_key:
            best, best_key, steps = sp, key, t + lv
    return best, steps


# ======================================================================================================
# 8.8.5 March
# ======================================================================================================
_NO_MOVERS = (0, 0, 0)


def march_movers(ctx, o) -> tuple[int, int, int]:
    """(Underground, Active, total) Guerrillas that may leave ``o``: not the Base's last one(s) (two
    Underground with Find Fix Finish), and no Taliban Control lost."""
    return all_march_movers(ctx)[o]


def all_march_movers(ctx) -> list[tuple[int, int, int]]:
    """:func:`march_movers` of every map space, worked out once per decision (a March step weighs the
    movers next to nearly every destination), in one pass over the spaces holding Taliban Guerrillas."""
    movers = ctx.scratch.get("march_movers")
    if movers is None:
        s = ctx.state
        rows = ctx.rows()
        movers = ctx.scratch["march_movers"] = [_NO_MOVERS] * N_SPACES
        afghan_keep = None                                   # base_keep in Afghanistan: 2 under FFF, else 1
        for o, ua in enumerate(iops.march_movable_rows(ctx.game, F, rows)):     # None: no Guerrilla there
            if ua is None:
                continue
            u, a = ua
            total = u + a
            if total == 0:
                continue
            r = rows[o]
            if r[TALIBAN_BASE]:          # the Base keeps its last Guerrilla(s), Underground ones first
                if AFGHAN_LIST[o]:
                    if afghan_keep is None:
                        afghan_keep = 2 if _ffs(ctx) else 1
                    keep = afghan_keep
                else:
                    keep = 1
                total -= keep
                u = max(0, u - keep)
            if board.taliban_control_row(s, o, r):
                own = r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE]           # board.pieces_of(s, o, F)
                total = min(total, own - (sum(r) - own) - 1)
            if total < 0:
                total = 0
            movers[o] = (min(u, total), min(a, total), total)
    return movers


def march_cost_of(ctx):
    """The Resources a March group from ``o`` into ``d`` costs, as ``cost(o, d)``: 0 where
    iops.march_group_free holds, else 1; the facts it reads (a free March, 6.6.1 Islamabad) read once
    per decision: asked for every origin next to every destination weighed."""
    cost = ctx.scratch.get("march_cost")
    if cost is None:
        s = ctx.state
        if is_free(ctx.game):
            cost = _free_group
        elif s.islamabad >= board.BACKING:              # iops.march_group_free: to or from Pakistan free
            cost = _group_cost_backing
        else:
            cost = _group_cost
        ctx.scratch["march_cost"] = cost
    return cost


def _free_group(o, d) -> int:
    return 0


def _group_cost(o, d) -> int:
    return 0 if LOC_LIST[d] else 1


def _group_cost_backing(o, d) -> int:
    return 0 if LOC_LIST[d] or PAKISTAN_LIST[o] or PAKISTAN_LIST[d] else 1


def _budget_left(ctx) -> int:
    s, plan = ctx.state, ctx.plan
    if "m_res0" not in plan:
        return ctx.two_thirds(s.resources[F])
    spent = plan["m_res0"] - s.resources[F]
    return min(plan["m_budget"] - spent, s.resources[F])


def _arrives_underground(ctx, d, n) -> bool:
    s = ctx.state
    return (not iops.march_activates_row(s.data, F, d, ctx.rows()[d], n)
            and not (PAKISTAN_LIST[d] and s.islamabad == board.HOSTILITY))


def _one_underground(ctx, d, budget):
    """Origins that can send 1 Underground Guerrilla into d, arriving Underground: (cost, origin) list."""
    s = ctx.state
    if not board.may_hold(s, d, F) or not _arrives_underground(ctx, d, 1):
        return []
    out = []
    movers = all_march_movers(ctx)
    cost = march_cost_of(ctx)
    for o in s.data.neighbors[d]:
        if movers[o][0] >= 1:
            c = cost(o, d)
            if c <= budget:
                out.append((c, o))
    return out


def _best_origin(ctx, origins):
    """Among (cost, origin): the cheapest, then the most Underground movers, then 8.4."""
    cheapest = min(c for c, _o in origins)
    cands = [o for c, o in origins if c == cheapest]
    return ctx.pick(cands, lambda o: march_movers(ctx, o)[0])


def _gather(ctx, d, need, budget):
    """8.8.5 bullets 2 and 4: groups from several origins bringing ``need`` Guerrillas into d,
    Underground first. Returns (moves, cost, all_underground) or None."""
    s = ctx.state
    if not board.may_hold(s, d, F):
        return None
    origins = []
    movers = all_march_movers(ctx)
    cost = march_cost_of(ctx)
    for o in s.data.neighbors[d]:
        u, a, t = movers[o]
        if t > 0:
            origins.append((cost(o, d), -u, o, u, a, t))
    origins.sort()
    # one origin able to send all of them Underground, if any (one group: fewer activations)
    for c, _nu, o, u, a, t in origins:
        if u >= need and c <= budget:
            return [[o, need, 0]], c, _arrives_underground(ctx, d, need)
    moves, got, cost, under = [], 0, 0, True
    for c, _nu, o, u, a, t in origins:
        if got >= need:
            break
        if max(cost, c) > budget:
            continue
        nu = min(u, need - got)
        na = min(a, t - nu, need - got - nu)
        if nu + na == 0:
            continue
        moves.append([o, nu, na])
        got += nu + na
        cost = max(cost, c)
        under = under and na == 0
    if got < need:
        return None
    return moves, cost, under


def march_task(ctx, pick: bool = True):
    """The next March destination and its groups by the 8.8.5 sequential bullets, as
    {"dest", "moves": [[origin, underground, active], ...], "bullet"}; None if no March is left."""
    s, plan = ctx.state, ctx.plan
    chosen = set(_spaces_chosen(s))
    budget = _budget_left(ctx)
    pop = lambda sp: board.pop(s, sp)                                   # noqa: E731
    choose = (lambda cands, *keys: ctx.pick(cands, *keys)) if pick else (lambda cands, *keys: ctx.narrow(cands, *keys)[0])
    rows = ctx.rows()           # board.bases / underground / ... of the Taliban, read from the decision's rows
    for bullet in range(plan.get("m_stage", 1), 5):
        if bullet in (1, 3):
            found = {}
            for d in CONTROLLABLE:
                if d in chosen:
                    continue
                r = rows[d]
                if bullet == 1:        # bullet 1: an Underground Guerrilla to each Base without one
                    if not r[TALIBAN_BASE] or r[TALIBAN_G]:
                        continue
                    if PAKISTAN_LIST[d] and r[TALIBAN_G] + r[TALIBAN_G_ACTIVE]:
                        continue
                    cat = 0
                else:                  # bullet 3: Neutral and empty of Taliban/Coalition, then Support
                    if plan.get("m_b3", 0) >= MARCH_SPREAD_MAX or not board.can_have_support(s, d):
                        continue
                    if (s.support_list[d] == 0 and r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE] == 0
                            and r[COALITION_TROOPS] + r[COALITION_BASE] == 0):
                        cat = 1
                    elif s.support_list[d] > 0:
                        cat = 0
                    else:
                        continue
                origins = _one_underground(ctx, d, budget)
                if origins:
                    found[d] = (cat, min(c for c, _o in origins), origins)
            if not found:
                continue
            d = choose(list(found), lambda x: found[x][0], lambda x: -found[x][1], pop)
            if not pick:
                return {"dest": d, "moves": [], "bullet": bullet}
            o = _best_origin(ctx, found[d][2])
            return {"dest": d, "moves": [[o, 1, 0]], "bullet": bullet}
        if bullet == 2:                # bullet 2: 3 Guerrillas to one Afghan space with room for a Base
            if plan.get("m_b2") or board.available(s, TALIBAN_BASE) == 0:
                continue
            found = {}
            for d in CONTROLLABLE:
                if d in chosen or not AFGHAN_LIST[d] or not board.has_room_for_base(s, d):
                    continue
                r = rows[d]
                need = 3 - (r[TALIBAN_G] + r[TALIBAN_G_ACTIVE])
                if need <= 0:
                    continue
                got = _gather(ctx, d, need, budget)
                if got is not None:
                    found[d] = got
            if not found:
                continue
            d = choose(list(found), lambda x: -found[x][1], pop)
            return {"dest": d, "moves": found[d][0], "bullet": 2}
        if bullet == 4:                # bullet 4: up to 2 onto adjacent LoCs to outnumber the enemies
            found = {}
            for d in LOCS:
                if d in chosen:
                    continue
                r = rows[d]
                guerrillas = r[TALIBAN_G] + r[TALIBAN_G_ACTIVE]
                need = sum(r) - guerrillas - r[TALIBAN_BASE] + 1 - guerrillas      # enemy pieces + 1 - own
                if not 1 <= need <= 2:
                    continue
                got = _gather(ctx, d, need, budget)
                if got is not None:
                    found[d] = got
            if not found:
                continue
            d = choose(list(found), lambda x: s.data.econ_list[x], lambda x: int(found[x][2]))
            return {"dest": d, "moves": found[d][0], "bullet": 4}
    return None


# ======================================================================================================
# 8.8.6 Attack / Ambush
# ======================================================================================================
def plain_attack_ok(s, sp) -> bool:
    """An Attack Activates every Guerrilla there: not at a Base space with Underground ones (8.8.6
    preliminaries)."""
    return board.bases(s, sp, F) == 0 or board.underground(s, sp, F) == 0


def ambush_candidate(ctx, sp) -> bool:
    return taliban_sa.ambush_ok(ctx.game, sp) and may_expose(ctx.state, sp) and bool(_sim_removal(ctx.state, sp))


def attack_coalition_total(ctx) -> int:
    """8.8.5 / 8.8.6 trigger: Coalition pieces an Attack (with Ambush where needed for a sure success)
    would remove: 6+ Guerrillas succeed without Ambush; Ambush in up to 3 spaces; 1 Resource each."""
    s, g = ctx.state, ctx.game
    rows = []
    for sp in range(N_SPACES):
        if not iops.attack_space_ok(g, F, sp):
            continue
        n = coalition_removed(s, sp)
        if n == 0:
            continue
        sure = board.guerrillas(s, sp, F) >= 6 and plain_attack_ok(s, sp)
        amb = taliban_sa.ambush_ok(g, sp) and may_expose(s, sp)
        if sure or amb:
            rows.append((n, sure, amb))
    rows.sort(reverse=True)
    total, spaces, ambushes = 0, 0, 0
    budget = s.resources[F]
    for n, sure, amb in rows:
        if spaces >= budget:
            break
        if sure:
            total += n
        elif ambushes < AMBUSH_MAX:
            ambushes += 1
            total += n
        else:
            continue
        spaces += 1
    return total


def ambush_keys(s):
    """8.8.6 Ambush box: remove the Coalition (Bases, then Troops), then the Government (Bases, Police,
    Troops), then the Warlords (Bases, then Guerrillas)."""
    def count(*pieces):
        return lambda sp: sum(1 for p in _sim_removal(s, sp) if p in pieces)
    return (count(COALITION_BASE, COALITION_TROOPS), count(COALITION_BASE), count(COALITION_TROOPS),
            count(GOV_BASE, POLICE, GOV_TROOPS), count(GOV_BASE), count(POLICE), count(GOV_TROOPS),
            count(WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE), count(WARLORD_BASE))


# ======================================================================================================
# 8.8.2 Pass, Event or Operations?
# ======================================================================================================
def _facts(game) -> dict:
    s = game.state
    support = opposition = 0
    for sp in CONTROLLABLE:
        if board.can_have_support(s, sp):
            lvl = s.support_list[sp]
            support += board.pop(s, sp) * (lvl > 0)
            opposition += board.pop(s, sp) * (lvl < 0)
    return {"support": support, "opposition": opposition, "res": s.resources[F],
            "bases": int(s.pieces[:N_SPACES, TALIBAN_BASE].sum()),
            "coalition": int(s.pieces[:N_SPACES, [COALITION_TROOPS, COALITION_BASE]].sum()),
            "islamabad": (s.islamabad, bool(getattr(s, "islamabad_hard", False)))}


class _Availability:
    """``avail[key]``: could the Taliban select a space for this Operation now? Each asked of the engine
    at most once, and only when the trigger chain gets to it."""

    def __init__(self, ctx):
        self.ctx, self.known = ctx, {}

    def __getitem__(self, key: str) -> bool:
        known = self.known.get(key)
        if known is None:
            g = self.ctx.game
            known = self.known[key] = g.operation_available(F, self.ctx.op(key))
        return known


@flowchart(F)
class TalibanChart(Flowchart):
    """8.8.2: Capability first, then Momentum (8.1), then the card's effect, then the Operations."""

    faction = F
    event_questions = ("capability", "momentum")

    def event_conditions(self, ctx, card) -> bool:
        """8.8.2 bullets, asked of either part of the card (probed on clones): Support down, Opposition or
        Taliban Resources changed; Taliban Bases placed/removed or Coalition pieces removed; Islamabad
        shifted."""
        before = _facts(ctx.game)
        for side in ("unshaded", "shaded"):
            after_game = probe_event(ctx, card, side)
            if after_game is None:
                continue
            after = _facts(after_game)
            if (after["support"] < before["support"] or after["opposition"] != before["opposition"]
                    or after["res"] != before["res"] or after["bases"] != before["bases"]
                    or after["coalition"] < before["coalition"] or after["islamabad"] != before["islamabad"]):
                return True
        return False

    def low_resources(self, ctx) -> bool:
        return False            # 8.1: the Taliban may Extort for Resources

    def choose_operation(self, ctx) -> str | None:
        """8.8.3 - 8.8.6 triggers and their "skip to" links; an endless skip loop ends in Pass."""
        avail = _Availability(ctx)          # asked of the engine only where the chain reaches
        # 8.8.3: Terror if it shifts 3+ points of Support + Opposition.
        if avail["terror"] and terror_shift(ctx) >= 3:
            return "terror"
        # 8.8.4: Rally if 15+ Guerrillas Available OR Rally bullet 2 would build a Base.
        if board.available(ctx.state, TALIBAN_G) >= 15 or rally_base_possible(ctx):
            return self._rally_then_march(ctx, avail)
        # 8.8.6: Attack if it would remove 2+ Coalition pieces (no fallback in the book: March, digest).
        if avail["attack"] and attack_coalition_total(ctx) >= 2:
            return "attack"
        # 8.8.5: March; if none, Rally bullet one.
        if avail["march"] and march_task(ctx, pick=False) is not None:
            return "march"
        if avail["rally"] and rally_possible(ctx):
            return "rally"
        return None             # loop guard: neither March nor Rally possible -> Pass

    @staticmethod
    def _rally_then_march(ctx, avail):
        if avail["rally"] and rally_possible(ctx):
            return "rally"
        if avail["march"] and march_task(ctx, pick=False) is not None:     # 8.8.4: skip to March
            return "march"
        return None             # March would skip back to Rally: loop -> Pass


# ======================================================================================================
# Operation / Special Activity selection
# ======================================================================================================
def _activity_key(ctx) -> str:
    return ctx.game.activities[F][ctx.frame["activity"]].key


def _exec(ctx, key) -> dict:
    """Per-Operation execution state in the plan (reset when a new Operation starts)."""
    plan = ctx.plan
    ex = plan.get("ex")
    n = len(_spaces_chosen(ctx.state))
    if ex is None or ex.get("op") != key or n < ex.get("n", 0):
        ex = plan["ex"] = {"op": key, "n": n}
        for k in [k for k in plan if k.startswith(("r_", "m_", "a_"))]:
            del plan[k]
    ex["n"] = n
    return ex


def _start_sa(ctx, key, mode) -> int | None:
    if ctx.has(ctx.sa(key)):
        ctx.plan["sa_mode"] = mode
        return ctx.sa(key)
    return None


def _extort_833_now(ctx) -> int | None:
    """Pause the Operation to Extort per 8.8.3 (if that Extort would select anything)."""
    spaces = range(N_SPACES)
    if extort_833_first(ctx, spaces) or (ctx.state.resources[F] == 0 and extort_833_second(ctx, spaces)):
        return _start_sa(ctx, "extort", "833")
    return None


@on_prompt("op_select", F)
def op_select(ctx) -> int | None:
    key = _activity_key(ctx)
    _exec(ctx, key)
    return {"terror": _terror_step, "rally": _rally_step, "march": _march_step,
            "attack": _attack_step}[key](ctx)


def _terror_step(ctx) -> int:
    """8.8.3: Support spaces, then Neutral, highest Pop first; pause to Extort when Resources are short."""
    s = ctx.state
    cands = terror_candidates(ctx)
    if not cands:
        return ctx.done
    legal = set(ctx.legal_spaces())
    if not any(sp in legal for sp in cands):
        sa = _extort_833_now(ctx)
        if sa is not None:
            return sa
        return ctx.done
    cands = [sp for sp in cands if sp in legal]
    return ctx.space(ctx.pick(cands, lambda sp: s.support_list[sp] > 0, lambda sp: board.pop(s, sp)))


def _rally_step(ctx) -> int:
    """8.8.4 bullets in order; pause to Extort (8.8.3) when the next Rally cannot be paid."""
    s, plan = ctx.state, ctx.plan
    step = rally_step(ctx, afford=False)
    if step is not None and iops.rally_cost(ctx.game, F, step[0]) > s.resources[F]:
        sa = _extort_833_now(ctx)
        if sa is not None:
            return sa
        step = rally_step(ctx, afford=True)
    if step is None or not ctx.has(ctx.space(step[0])):
        return ctx.done
    sp, mode, bullet = step
    plan["r_stage"] = bullet
    if bullet == 5:
        plan["r_b5"] = plan.get("r_b5", 0) + 1
    if iops.rally_cost(ctx.game, F, sp):
        plan["r_paid"] = plan.get("r_paid", 0) + 1
    plan.setdefault("r_mode", {})[str(sp)] = mode
    return ctx.space(sp)


def _march_step(ctx) -> int:
    """8.8.5: 2/3-of-Resources cap (none below 9), then the bullets in order."""
    s, plan = ctx.state, ctx.plan
    if "m_res0" not in plan:
        plan["m_res0"] = s.resources[F]
        plan["m_budget"] = ctx.two_thirds(s.resources[F])
    task = march_task(ctx)
    if task is None or not ctx.has(ctx.space(task["dest"])):
        return ctx.done
    plan["m_stage"] = task["bullet"]
    if task["bullet"] == 3:
        plan["m_b3"] = plan.get("m_b3", 0) + 1
    if task["bullet"] == 2:
        plan["m_b2"] = True
    plan["m_task"] = task
    return ctx.space(task["dest"])


def _attack_step(ctx) -> int:
    """8.8.6 bullets: (1) Coalition removal, Ambush where a plain Attack is not sure; (2) Ambush by the
    Ambush box except at 6+ Guerrillas; (3) Attack with 4+ Guerrillas."""
    s, plan = ctx.state, ctx.plan
    legal = set(ctx.legal_spaces())
    amb_legal = ctx.has(ctx.sa("ambush"))
    if plan.get("a_stage", 1) <= 1:
        amb = [sp for sp in range(N_SPACES) if amb_legal and coalition_removed(s, sp) > 0
               and board.guerrillas(s, sp, F) < 6 and ambush_candidate(ctx, sp)]
        if amb:
            plan["a_amb"] = "b1"
            return _start_sa(ctx, "ambush", "ambush")
        plain = [sp for sp in legal if coalition_removed(s, sp) > 0 and board.guerrillas(s, sp, F) >= 6
                 and plain_attack_ok(s, sp)]
        if plain:
            return ctx.space(ctx.pick(plain, lambda sp: coalition_removed(s, sp)))
        plan["a_stage"] = 2
    if plan.get("a_stage") == 2:
        if amb_legal and any(ambush_candidate(ctx, sp) and board.guerrillas(s, sp, F) < 6
                             for sp in range(N_SPACES)):
            plan["a_amb"] = "b2"
            return _start_sa(ctx, "ambush", "ambush")
        plan["a_stage"] = 3
    groups = [sp for sp in legal if board.guerrillas(s, sp, F) >= 4 and plain_attack_ok(s, sp)]
    if groups:
        return ctx.space(ctx.pick(groups, *ambush_keys(s)))
    return ctx.done


@on_choice("coin_sa_after_op", F)
def sa_after_op(ctx) -> int:
    """The Special Activity after the Operation: Terror -> Extort (8.8.3); Rally / March -> Extort on
    the Econ 3-4 LoCs, else Infiltrate, else Extort (8.8.4); Attack -> Ambush, else Extort (8.8.6)."""
    key = ctx.state.turn["op"]
    spaces = range(N_SPACES)
    if key in ("rally", "march"):
        if extort_loc34(ctx, spaces):
            return _start_sa(ctx, "extort", "loc34") or ctx.done
        if ctx.has(ctx.sa("infiltrate")) and _infiltrate_cands(ctx, taliban_sa_spaces(ctx, "infiltrate")):
            return _start_sa(ctx, "infiltrate", "infiltrate")
    if key == "attack" and ctx.has(ctx.sa("ambush")) and any(ambush_candidate(ctx, sp) for sp in spaces):
        ctx.plan["a_amb"] = "box"
        return _start_sa(ctx, "ambush", "ambush")
    sa = _extort_833_now(ctx)
    return sa if sa is not None else ctx.done


def taliban_sa_spaces(ctx, key) -> list[int]:
    return ctx.selectable(F, key, special=True)


@on_prompt("sa_select", F)
def sa_select(ctx) -> int:
    key = _activity_key(ctx)
    legal = ctx.legal_spaces()
    s = ctx.state
    if key == "extort":
        if ctx.plan.get("sa_mode") == "loc34":
            cands = extort_loc34(ctx, legal)
        else:                                  # 8.8.3 (also the "pause to Extort" of Rally / Terror)
            cands = extort_833_first(ctx, legal)
            if not cands and s.resources[F] == 0:
                cands = extort_833_second(ctx, legal)
        if not cands:
            return ctx.done
        return ctx.space(ctx.pick(cands, lambda sp: taliban_sa.extort_gain(s, sp)))
    if key == "infiltrate":
        return _infiltrate_select(ctx, legal)
    if key == "ambush":
        return _ambush_select(ctx, legal)
    return None


def _ambush_select(ctx, legal) -> int:
    """8.8.6: the Attack bullet's spaces first (Coalition removal where a plain Attack is not sure), then
    further spaces by the Ambush box (bullet 2: not where 6+ Guerrillas are)."""
    s, plan = ctx.state, ctx.plan
    cands = [sp for sp in legal if ambush_candidate(ctx, sp)]
    stage = plan.get("a_amb", "box")
    if stage == "b1":
        first = [sp for sp in cands if coalition_removed(s, sp) > 0 and board.guerrillas(s, sp, F) < 6]
        if first:
            return ctx.space(ctx.pick(first, *ambush_keys(s)))
        # further spaces by the Ambush box, not those the Attack bullet takes without Ambush
        cands = [sp for sp in cands if not (coalition_removed(s, sp) > 0 and board.guerrillas(s, sp, F) >= 6
                                            and plain_attack_ok(s, sp))]
    elif stage == "b2":
        cands = [sp for sp in cands if board.guerrillas(s, sp, F) < 6]
    if not cands:
        return ctx.done
    return ctx.space(ctx.pick(cands, *ambush_keys(s)))


# --- Infiltrate (8.8.4) ---------------------------------------------------------------------------
def _infiltrate_order(ctx) -> list[str]:
    """8.8.4 Infiltrate: a Player first (best margin), then the Government, then the Warlords."""
    return ctx.target_factions(["government", "warlords"])


def _sim_infiltrate(s, sp, order, n=2) -> list[int]:
    row = list(s.rows[sp])          # the space's pieces as the removal goes on (a working copy)
    out = []
    for _ in range(n):
        offered = taliban_sa.infiltrate_targets_row(row)
        if not offered:
            break
        piece = min(offered, key=lambda p: (order.index(PIECE_OWNER[p]), _own_rank(p)))
        row[piece] -= 1
        out.append(piece)
    return out


def _own_rank(p) -> int:
    """8.2.1 within a faction: Bases, Underground before Active Guerrillas, then cubes (Police first, as
    in the Ambush box)."""
    return (GOV_BASE, WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE, POLICE, GOV_TROOPS).index(p)


def _infiltrate_cands(ctx, spaces):
    return [sp for sp in spaces if taliban_sa.infiltrate_ok(ctx.game, sp)]


def _infiltrate_select(ctx, legal) -> int:
    s = ctx.state
    order = _infiltrate_order(ctx)
    cands = _infiltrate_cands(ctx, legal)
    if not cands:
        return ctx.done
    for target in order:
        mine = [sp for sp in cands if any(PIECE_OWNER[p] == target for p in taliban_sa.infiltrate_targets(s, sp))]
        if not mine:
            continue
        keys = []
        if ctx.is_player("government"):            # Ⓐ most Government cubes removed
            keys.append(lambda sp: sum(1 for p in _sim_infiltrate(s, sp, order) if p in (GOV_TROOPS, POLICE)))

        def last_piece(sp):                         # Ⓑ a faction's last piece(s) there removed
            removed = _sim_infiltrate(s, sp, order)
            return int(any(sum(1 for p in removed if PIECE_OWNER[p] == f) == board.pieces_of(s, sp, f)
                           for f in {PIECE_OWNER[p] for p in removed}))
        keys += [last_piece, lambda sp: board.pop(s, sp), lambda sp: s.data.econ_list[sp]]   # Ⓒ
        sp = ctx.pick(mine, *keys)
        ctx.plan["inf_order"] = order
        return ctx.space(sp)
    return ctx.done


@on_choice("adp_infiltrate_mode", F)
def infiltrate_mode(ctx) -> int:
    """8.8.4 note: where a single piece goes, replace it with a Guerrilla; else remove two."""
    s = ctx.state
    order = ctx.plan.get("inf_order") or _infiltrate_order(ctx)
    n = len(_sim_infiltrate(s, ctx.frame["space"], order))
    return ctx.mode("infiltrate_replace" if n <= 1 else "infiltrate_remove")


@on_prompt("adp_infiltrate_remove", F)
def infiltrate_remove(ctx) -> int:
    order = ctx.plan.get("inf_order") or _infiltrate_order(ctx)
    pieces = [p for p in ctx.legal_pieces() if p < len(PIECE_OWNER)]
    if not pieces:
        return ctx.done
    return ctx.piece(min(pieces, key=lambda p: (order.index(PIECE_OWNER[p]), _own_rank(p))))


# --- Attack / Ambush removal ----------------------------------------------------------------------
@on_prompt("adp_remove", F)
def remove(ctx) -> int:
    """8.8.6: the Ambush box's order of targets (also for plain Attacks); always the full 2 pieces."""
    pieces = [p for p in ctx.legal_pieces() if p < len(PIECE_OWNER) and PIECE_OWNER[p] != F]
    if not pieces:
        return ctx.done
    return ctx.piece(min(pieces, key=lambda p: REMOVE_PREF.index(p) if p in REMOVE_PREF else 99))


# --- Rally nested choices -------------------------------------------------------------------------------
@on_choice("adp_ins_rally_mode", F)
def rally_mode(ctx) -> int | None:
    mode = ctx.plan.get("r_mode", {}).get(str(ctx.frame["space"]))
    opts = ctx.legal_modes()
    if mode is None or "rally_" + mode not in opts:
        mode = _star_mode([m[len("rally_"):] for m in opts]) or "nothing"
    return ctx.mode("rally_" + mode)


@on_choice("adp_ins_rally_count", F)
def rally_count(ctx) -> int:
    return ctx.max_count()          # 8.2 maximum extent


@on_choice("adp_ins_rally_base_active", F)
def rally_base_active(ctx) -> int:
    return ctx.max_count()          # 8.8.4 bullet 2: Active before Underground (8.2.1)


@on_choice("adp_ins_sharia_space", F)
def rally_sharia_space(ctx) -> int:
    """8.8.4: Sharia for the greatest shift at one Taliban Base Rally space."""
    sp, _steps = sharia_choice(ctx.state, ctx.legal_spaces())
    return ctx.space(sp) if sp is not None else ctx.done


@on_choice("adp_ins_sharia_count", F)
def rally_sharia_count(ctx) -> int:
    sp = ctx.frame["space"]
    _best, steps = sharia_choice(ctx.state, [sp])
    return ctx.count_at_most(steps) if steps else ctx.min_count()


# --- March nested choices -------------------------------------------------------------------------------
@on_prompt("adp_ins_march", F)
def march_origin(ctx) -> int:
    task = ctx.plan.get("m_task") or {}
    legal = set(ctx.legal_spaces())
    if task.get("dest") == ctx.frame["dest"]:
        done = task.setdefault("done", [])
        for o, nu, na in task["moves"]:
            if o in legal and o not in done:
                done.append(o)
                return ctx.space(o)
    return ctx.done if ctx.has(ctx.done) else ctx.space(min(legal))


def _current_move(ctx) -> list:
    """The planned group for the origin the engine asks about (the origin prompt may have been
    answered automatically when it was the only one)."""
    origin = ctx.frame.get("origin")
    for move in (ctx.plan.get("m_task") or {}).get("moves", []):
        if move[0] == origin:
            return move
    return [origin, 1, 0]


@on_choice("adp_ins_march_under", F)
def march_under(ctx) -> int:
    return ctx.count_at_most(_current_move(ctx)[1])


@on_choice("adp_ins_march_active", F)
def march_active(ctx) -> int:
    return ctx.count_at_most(_current_move(ctx)[2])


# ======================================================================================================
# 8.8.7 Propaganda
# ======================================================================================================
@on_prompt("adp_sharia", F)
def sharia(ctx) -> int:
    """8.8.7 Sharia: greatest shift first (Support, then fewest Terror); Terror removed only where a
    shift is also paid; to the maximum extent."""
    s = ctx.state
    if ctx.frame["sp"] >= 0:
        _best, steps = sharia_choice(s, [ctx.frame["sp"]])
        return ctx.count_at_most(steps) if steps else ctx.min_count()
    sp, _steps = sharia_choice(s, ctx.legal_spaces())
    return ctx.space(sp) if sp is not None else ctx.done


@on_prompt("adp_redeploy_taliban", F)
def redeploy(ctx) -> int:
    """8.8.7 Redeploy: one Guerrilla at a time, first to each Taliban Base space without one (Afghan
    before Pakistan), then spreading evenly (fewest Guerrillas first; Afghan first)."""
    s, stage = ctx.state, ctx.frame["stage"]
    if stage == "count":
        return ctx.count(1) if ctx.has(ctx.count(1)) else ctx.min_count()
    spaces = ctx.legal_spaces()
    if stage == "source":
        return ctx.space(ctx.pick(spaces))

    def needs_one(sp):
        if board.bases(s, sp, F) and board.guerrillas(s, sp, F) == 0:
            return 2 if AFGHAN_LIST[sp] else 1
        return 0
    return ctx.space(ctx.pick(spaces, needs_one, lambda sp: -board.guerrillas(s, sp, F),
                              lambda sp: int(AFGHAN_LIST[sp])))


__all__ = ["TalibanChart", "PAKISTAN"]
