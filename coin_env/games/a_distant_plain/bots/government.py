"""8.7 The non-player Government: its flowchart as a policy over the engine's prompts.

The turn is planned at the sequence-of-play choice (8.2: all spaces first) by ``GovernmentChart``:
the 8.7.2 box, then the trigger chain Assault (8.7.3) -> Patrol (8.7.4) -> Train (8.7.5) -> Sweep
(8.7.6), each priority list turned into a plan of spaces and piece moves computed on the current
board (no clones). The handlers below feed the plan to the engine one prompt at a time and re-check
legality each time. The Special Activity is chosen when it is due, from the chain the book gives for
the Operation (Eradicate / Govern / Transport, 8.7.3 - 8.7.6). Propaganda: 8.7.7.

Memory (``ctx.mem`` / ``ctx.plan``) holds only lists, ints and strings (JSON-plain).
"""

from __future__ import annotations

from ....core.kept import kept_on_game
from .. import board
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS, POLICE,
                           TALIBAN_BASE)
from ..rules import coin_ops, government_sa, propaganda
from ..static import (AFGHAN_PROVINCES, AFGHAN_PROVINCE_LIST, CONTROLLABLE_LIST, KABUL, LOCS, LOC_LIST, N_SPACES,
                      PAKISTAN_LIST)
from .flowchart import Flowchart, probe_event
from .registry import flowchart, on_choice, on_prompt

F = "government"
COST = 3                     # 3.2.1 / 3.2.4: 3 Government Resources per Train / Assault / Sweep space
TRIBAL_ELDERS = 45
BIG = 10 ** 6


# =====================================================================================================
# Board arithmetic shared by the priorities
# =====================================================================================================
def total_pieces(s, sp) -> int:
    return sum(s.rows[sp])


def control_need(s, sp) -> int:
    """1.7: COIN cubes to add to ``sp`` for COIN Control (0 if it has it)."""
    return max(0, total_pieces(s, sp) - 2 * board.coin_pieces(s, sp) + 1)


def control_spare(s, sp) -> int:
    """How many COIN pieces may leave ``sp`` without losing COIN Control (8.7.3-8.7.6 "no COIN Control
    lost"); unlimited where there is no COIN Control to lose."""
    if not CONTROLLABLE_LIST[sp] or not board.coin_control(s, sp):
        return BIG
    return max(0, 2 * board.coin_pieces(s, sp) - total_pieces(s, sp) - 1)


def troop_excess(s, sp, movable: int) -> int:
    """8.7.3 Transport / 8.7.6 Sweep preliminaries: Troops free to leave ``sp``: never the last Troop
    of a LoC or of a Government Base space, never so many that COIN Control is lost."""
    troops = s.rows[sp][GOV_TROOPS]
    keep = 1 if (LOC_LIST[sp] or s.rows[sp][GOV_BASE] > 0) else 0
    return max(0, min(movable, troops - keep, control_spare(s, sp)))


def two_thirds_cap(ctx) -> int:
    """8.7.3 / 8.7.5 preliminaries: 2/3 of Resources, no limit below 9 (8.2.2)."""
    return ctx.two_thirds(ctx.state.resources[F])


def player_pieces(ctx, s, sp) -> int:
    return sum(board.pieces_of(s, sp, f) for f in ctx.players() if f != F)


def tribal_elders_played(s) -> bool:
    return any(e.get("card") == TRIBAL_ELDERS for e in getattr(s, "lasting", []))


def sa_chain_train(ctx) -> list[str]:
    """8.7.3 / 8.7.5: Aid <= 2 or a Player Warlords -> Eradicate, else Govern; each falls through to
    the other, then (a loop) to Transport."""
    if ctx.state.aid <= 2 or ctx.is_player("warlords"):
        return ["eradicate", "govern", "transport"]
    return ["govern", "eradicate", "transport"]


# =====================================================================================================
# 8.7.3 Assault
# =====================================================================================================
def sim_assault(ctx, s, sp, order) -> dict:
    """What a Government Assault in ``sp`` removes, pieces chosen by 8.2.1 (factions in ``order``;
    Active Guerrillas, then the faction's Bases once it has no Guerrillas left, 3.2.4)."""
    k = coin_ops.assault_strength(ctx.game, F, sp)
    out = {"removed": 0, "bases": 0, "taliban_bases": 0, "guerrillas": 0, "by": {f: 0 for f in order}}
    for f in order:
        a, u, b = board.active_guerrillas(s, sp, f), board.underground(s, sp, f), board.bases(s, sp, f)
        r = min(k, a)
        k -= r
        out["guerrillas"] += r
        out["by"][f] += r
        if u == 0 and r == a:
            rb = min(k, b)
            k -= rb
            out["bases"] += rb
            out["by"][f] += rb
            if f == "taliban":
                out["taliban_bases"] += rb
    out["removed"] = out["guerrillas"] + out["bases"]
    after = total_pieces(s, sp) - out["removed"]
    out["control_after"] = CONTROLLABLE_LIST[sp] and 2 * board.coin_pieces(s, sp) > after
    return out


def plan_assault(ctx) -> dict | None:
    """8.7.3: up to 3 spaces within 2/3 of Resources; bullet 1 COIN Control, bullet 2 Bases, most
    Guerrillas (LoCs last and only with Player / Taliban pieces; Player, Taliban, Warlords pieces).
    Returns the plan if the trigger holds (2+ Pop newly under COIN Control, or a Taliban Base removed)."""
    s = ctx.state
    n_max = min(3, two_thirds_cap(ctx) // COST)
    if n_max <= 0:
        return None
    cands = ctx.selectable(F, "assault")
    if not cands:
        return None
    order = ctx.target_factions(["taliban", "warlords"])
    info = {sp: sim_assault(ctx, s, sp, order) for sp in cands}
    players = [f for f in ctx.players() if f in order]
    chosen: list[int] = []
    # bullet 1: establish COIN Control (no tie-breaker in the book: 8.4)
    b1 = [sp for sp in cands if CONTROLLABLE_LIST[sp] and not board.coin_control(s, sp) and info[sp]["control_after"]]
    while b1 and len(chosen) < n_max:
        sp = ctx.pick(b1)
        chosen.append(sp)
        b1.remove(sp)
    # bullet 2: Bases, then most Guerrillas; LoCs last, and only those with Player or Taliban pieces
    b2 = [sp for sp in cands if sp not in chosen and info[sp]["removed"] > 0
          and (not LOC_LIST[sp] or board.pieces_of(s, sp, "taliban") + player_pieces(ctx, s, sp) > 0)]
    while b2 and len(chosen) < n_max:
        sp = ctx.pick(b2, lambda x: info[x]["bases"], lambda x: info[x]["guerrillas"], lambda x: not LOC_LIST[x],
                      lambda x: sum(info[x]["by"][f] for f in players), lambda x: info[x]["by"]["taliban"])
        chosen.append(sp)
        b2.remove(sp)
    pop_gain = sum(board.pop(s, sp) for sp in chosen
                   if CONTROLLABLE_LIST[sp] and not board.coin_control(s, sp) and info[sp]["control_after"]
                   and not PAKISTAN_LIST[sp])
    tal_base = sum(info[sp]["taliban_bases"] for sp in chosen)
    if pop_gain >= 2 or tal_base > 0:          # 8.7.3 trigger
        return {"op": "assault", "queue": [["space", sp] for sp in chosen],
                "sa_chain": ["eradicate", "transport"]}   # Govern never accompanies Assault (4.3.1)
    return None


# =====================================================================================================
# Cube movement planner (Patrol 8.7.4)
# =====================================================================================================
class _Cubes:
    """A scratch copy of the Government cubes for planning moves: counts, cubes that moved (cannot
    move again), floors promised to earlier priorities."""

    def __init__(self, s):
        self.s = s
        self.n = {p: [s.rows[sp][p] for sp in range(N_SPACES)] for p in (GOV_TROOPS, POLICE)}
        self.moved = {p: [0] * N_SPACES for p in (GOV_TROOPS, POLICE)}
        self.coin = [board.coin_pieces(s, sp) for sp in range(N_SPACES)]
        self.total = [total_pieces(s, sp) for sp in range(N_SPACES)]
        self.controlled = [CONTROLLABLE_LIST[sp] and board.coin_control(s, sp) for sp in range(N_SPACES)]
        self.floor = [0] * N_SPACES

    def gov(self, sp) -> int:
        return self.n[GOV_TROOPS][sp] + self.n[POLICE][sp]

    def can_leave(self, sp, piece) -> bool:
        if self.n[piece][sp] - self.moved[piece][sp] <= 0:
            return False
        if self.controlled[sp] and not 2 * (self.coin[sp] - 1) > self.total[sp] - 1:
            return False                                   # no COIN Control lost
        if self.gov(sp) - 1 < self.floor[sp]:
            return False                                   # keep what an earlier priority put there
        if piece == POLICE and self.n[POLICE][sp] <= 1 and (self.s.rows[sp][GOV_BASE] > 0 or not self.s.data.pashtun_list[sp]):
            return False                                   # 8.7.4: last Police of a Gov Base / non-Pashtun space
        return True

    def move(self, piece, src, dst):
        self.n[piece][src] -= 1
        self.n[piece][dst] += 1
        self.moved[piece][dst] += 1
        for arr in (self.coin, self.total):
            arr[src] -= 1
            arr[dst] += 1


def plan_patrol_moves(ctx) -> list[list[int]]:
    """8.7.4 bullets 1-2: moves [dest, origin, troops, police], Police first, then Troops, one cube
    at a time from wherever the most of that type is."""
    s = ctx.state
    cubes = _Cubes(s)
    reach = {}
    for o in range(N_SPACES):
        if not PAKISTAN_LIST[o] and (s.rows[o][GOV_TROOPS] + s.rows[o][POLICE]) > 0:
            reach[o] = coin_ops.patrol_reach(s, o)
    moves: dict[tuple[int, int], list[int]] = {}
    dest_order: list[int] = []

    def one(dst) -> bool:
        for piece in (POLICE, GOV_TROOPS):
            srcs = [o for o, r in reach.items() if o != dst and dst in r and cubes.can_leave(o, piece)]
            if srcs:
                best = max(cubes.n[piece][o] for o in srcs)
                src = min(o for o in srcs if cubes.n[piece][o] == best)
                cubes.move(piece, src, dst)
                m = moves.setdefault((dst, src), [0, 0])
                m[0 if piece == GOV_TROOPS else 1] += 1
                if dst not in dest_order:
                    dest_order.append(dst)
                return True
        return False

    def fill(dst, target, atomic=False):
        snapshot = (dict((k, list(v)) for k, v in moves.items()), list(dest_order))
        saved = (
            {p: list(v) for p, v in cubes.n.items()}, {p: list(v) for p, v in cubes.moved.items()},
            list(cubes.coin), list(cubes.total))
        while cubes.gov(dst) < target and one(dst):
            pass
        if atomic and cubes.gov(dst) < target:
            moves.clear()
            moves.update(snapshot[0])
            dest_order[:] = snapshot[1]
            cubes.n, cubes.moved, cubes.coin, cubes.total = saved
            return
        cubes.floor[dst] = max(cubes.floor[dst], min(target, cubes.gov(dst)))

    # bullet 1: COIN Control in Kabul
    if not board.coin_control(s, KABUL):
        fill(KABUL, cubes.gov(KABUL) + control_need(s, KABUL), atomic=True)
        if 2 * cubes.coin[KABUL] > cubes.total[KABUL]:
            cubes.controlled[KABUL] = True
    # bullet 2: Player pieces on the highest-Econ LoCs; two cubes on the Econ 3/4 LoCs; one elsewhere
    econ = s.data.econ_list
    player_locs = [sp for sp in LOCS if player_pieces(ctx, s, sp) > 0]
    for sp in sorted(player_locs, key=lambda x: -int(econ[x])):
        need = max(board.pieces_of(s, sp, f) for f in ctx.players() if f != F)
        fill(sp, need)
    for sp in sorted((x for x in LOCS if econ[x] >= 3), key=lambda x: -int(econ[x])):
        fill(sp, 2)
    for sp in ctx.order([x for x in LOCS if econ[x] < 3]):
        fill(sp, 1)
    return [[d, o, t, p] for d in dest_order for (dd, o), (t, p) in moves.items() if dd == d]


def patrol_trigger(ctx) -> bool:
    """8.7.4: 2+ Player pieces on some LoC, or the Taliban outnumbering their enemies on the Econ 3
    or 4 LoC."""
    s = ctx.state
    if any(player_pieces(ctx, s, sp) >= 2 for sp in LOCS):
        return True
    return any(board.pieces_of(s, sp, "taliban") > board.enemy_pieces(s, sp, "taliban")
               for sp in LOCS if s.data.econ_list[sp] >= 3)


def plan_patrol(ctx) -> dict | None:
    s = ctx.state
    if not ctx.can_select_any(F, "patrol"):
        return None
    moves = plan_patrol_moves(ctx)
    dests = []
    for d, *_r in moves:
        if d not in dests:
            dests.append(d)
    if not dests:
        # 8.7.4 bullet 3 alone: a LoC whose Government cubes could Assault after Patrol's Activation
        locs = [sp for sp in LOCS if board.gov_cubes(s, sp) >= 2
                and board.guerrillas(s, sp, "taliban") + board.guerrillas(s, sp, "warlords")
                + board.bases(s, sp, "taliban") + board.bases(s, sp, "warlords") > 0]
        if not locs:
            return None
        dests = [ctx.pick(locs)]
    return {"op": "patrol", "queue": [["space", d] for d in dests], "moves": moves,
            "sa_chain": ["govern", "eradicate", "transport"]}


# =====================================================================================================
# 8.7.5 Train
# =====================================================================================================
def split_cubes(n: int, troops: int, police: int) -> tuple[int, int]:
    """8.7.5 preliminaries: n cubes, two more Troops than Police where possible (6 -> 4 + 2), from
    what is Available."""
    p = max(0, (n - 2) // 2)
    t = n - p
    if t > troops:
        t = troops
        p = min(police, n - t)
    if p > police:
        p = police
        t = min(troops, n - p)
    return t, p


def plan_train(ctx) -> dict | None:
    s = ctx.state
    res = s.resources[F]
    budget = two_thirds_cap(ctx)
    if res < COST or budget < COST:
        return None
    avail_t, avail_p = board.available(s, GOV_TROOPS), board.available(s, POLICE)
    bases = board.available(s, GOV_BASE)
    spaces: list[int] = []
    place: dict[int, list[int]] = {}
    queue: list[list] = []
    plan = {"op": "train", "queue": queue, "place": [], "step2": None, "base_police": None}
    spent = 0

    def add_space(sp, cubes=True):
        nonlocal spent, avail_t, avail_p
        spaces.append(sp)
        spent += COST
        queue.append(["space", sp])
        if cubes and coin_ops.train_places_here(s, F, sp):
            t, p = split_cubes(min(coin_ops.TRAIN_MAX_CUBES, avail_t + avail_p), avail_t, avail_p)
            avail_t -= t
            avail_p -= p
            place[sp] = [t, p]

    def room():
        return len(spaces) < 3 and spent + COST <= budget

    base_placed = civic = sa_done = False
    route_steps = None                               # transport_steps, when bullet 3 needs routes
    train_ok = set(ctx.selectable(F, "train"))       # the engine only offers spaces where Train does something
    # bullet 1: Province, 1+ Pop, 3+ Government cubes, no COIN Base, room for one -> Base
    b1 = [sp for sp in AFGHAN_PROVINCES if sp in train_ok and board.pop(s, sp) >= 1 and board.gov_cubes(s, sp) >= 3
          and board.coin_bases(s, sp) == 0 and board.has_room_for_base(s, sp)]
    if bases > 0 and b1:
        sp = ctx.pick(b1, lambda x: board.pop(s, x))
        add_space(sp)
        plan["step2"] = [sp, "train_base"]
        base_placed = True
    # bullet 2: Train AND Civic Action AND Govern for Patronage in a 2+ Pop Province
    if not base_placed and room():
        def ok2(sp):
            if not (sp in train_ok and board.pop(s, sp) >= 2 and board.coin_control(s, sp) and board.bases(s, sp, "coalition") == 0
                    and s.terror_list[sp] == 0):
                return False
            steps = max(0, 1 - s.support_list[sp])
            if spent + COST + COST * steps > budget or res < spent + COST + COST * steps:
                return False
            return min(board.pop(s, sp), s.aid, board.MAX_PATRONAGE - s.patronage) > 0
        b2 = [sp for sp in AFGHAN_PROVINCES if ok2(sp)]
        if b2:
            sp = ctx.pick(b2, lambda x: board.pop(s, x))
            add_space(sp)
            steps = max(0, 1 - s.support_list[sp])
            if steps:
                plan["step2"] = [sp, "train_civic_action", steps]
                spent += COST * steps
                civic = True
            plan["sa_first"] = sp
            plan["sa_chain"] = ["govern"]
            sa_done = True
    # bullet 3: Train max Troops AND Transport 5 AND Train a Base there
    if not base_placed and not sa_done and bases > 0 and len(spaces) + 2 <= 3 and spent + 2 * COST <= budget:
        best = None
        for a in [KABUL] + list(AFGHAN_PROVINCES):
            if a in spaces or not coin_ops.train_places_here(s, F, a):
                continue
            t_add = min(coin_ops.TRAIN_MAX_CUBES, avail_t)
            troops = s.rows[a][GOV_TROOPS] + t_add
            spare = control_spare(s, a)
            spare = spare if spare >= BIG else spare + t_add
            if troops - 5 < 1 or spare < 5:
                continue
            if route_steps is None:        # the Base spaces (the same for every origin)
                base_spaces = {b for b in range(N_SPACES)
                               if CONTROLLABLE_LIST[b] and not PAKISTAN_LIST[b] and board.pop(s, b) >= 2
                               and board.coin_bases(s, b) == 0 and board.has_room_for_base(s, b)}
                if not base_spaces:        # no route can end anywhere: nothing to walk from any origin
                    break
                route_steps = government_sa.transport_steps(s, only=base_spaces)
            routes = government_sa.transport_routes(s, a, route_steps)
            for b, (cost, path) in routes.items():
                if b in spaces:
                    continue
                key = (board.pop(s, b), -cost)
                if best is None or key > best[0]:
                    best = (key, [(a, b, path, t_add)])
                elif key == best[0]:
                    best[1].append((a, b, path, t_add))
        if best is not None:
            opts = best[1]
            a, b, path, t_add = opts[ctx.below(len(opts))] if len(opts) > 1 else opts[0]
            spaces.append(a)
            spent += COST
            queue.append(["space", a])
            place[a] = [t_add, 0]
            avail_t -= t_add
            queue.append(["sa", "transport"])
            plan["transport"] = [a, 5, list(path)]
            add_space(b, cubes=False)
            plan["step2"] = [b, "train_base"]
            base_placed = True
            plan["sa_chain"] = []
            sa_done = True
    # bullet 4: cubes in Kabul or COIN Base spaces: fewest Government cubes, then highest Pop
    while room() and avail_t + avail_p > 0:
        c4 = [sp for sp in [KABUL] + list(AFGHAN_PROVINCES)
              if sp not in spaces and coin_ops.train_places_here(s, F, sp)]
        if not c4:
            break
        sp = ctx.pick(c4, lambda x: -board.gov_cubes(s, x), lambda x: board.pop(s, x))
        add_space(sp)
    # bullet 5: Civic Action in one COIN-Controlled space removing the most Opposition
    if not civic and not base_placed:
        def opp_ok(sp):
            if not (sp in train_ok and CONTROLLABLE_LIST[sp] and not PAKISTAN_LIST[sp] and board.coin_control(s, sp)
                    and s.support_list[sp] < 0 and board.pop(s, sp) >= 1):
                return False
            extra = 0 if sp in spaces else COST
            if sp not in spaces and not room():
                return False
            need = s.terror_list[sp] + 1
            return spent + extra + COST * need <= min(budget, res)
        c5 = [sp for sp in CONTROLLABLE_AFGHAN if opp_ok(sp)]
        if c5:
            sp = ctx.pick(c5, lambda x: board.pop(s, x))
            if sp not in spaces:
                add_space(sp)
            most = coin_ops.civic_action_steps(s, sp)
            steps = max(1, min(most, (min(budget, res) - spent) // COST))
            plan["step2"] = [sp, "train_civic_action", steps]
    if not spaces:
        return None
    plan["place"] = [[sp, t, p] for sp, (t, p) in place.items()]
    plan["bullet1_base"] = bool(b1) and bases > 0
    plan.setdefault("sa_chain", sa_chain_train(ctx))
    return plan


CONTROLLABLE_AFGHAN = [KABUL] + list(AFGHAN_PROVINCES)


# =====================================================================================================
# 8.7.6 Sweep
# =====================================================================================================
def plan_sweep(ctx) -> dict | None:
    s = ctx.state
    g = ctx.game
    if s.resources[F] < COST:
        return None
    n_max = min(2, s.resources[F] // COST)
    taken = [0] * N_SPACES                # Troops planned out of each origin
    arrived = [0] * N_SPACES              # Troops planned into each space (cannot move again)
    chosen, moves = [], []
    limits: dict[int, tuple[int, int]] = {}       # origin -> troop_excess's bounds but the movable ones

    def excess(o, movable):
        """troop_excess(s, o, movable), its bounds read once per origin (the board does not change
        while the Sweep is planned; an origin is weighed for every destination next to it)."""
        lim = limits.get(o)
        if lim is None:
            keep = 1 if (LOC_LIST[o] or s.rows[o][GOV_BASE] > 0) else 0
            lim = limits[o] = (s.rows[o][GOV_TROOPS] - keep, control_spare(s, o))
        return max(0, min(movable, lim[0], lim[1]))
    # bullet 1: up to 4 Troops (more if needed) for COIN Control of 1+ Pop spaces with no COIN Base
    while len(chosen) < n_max:
        best = None
        for d in CONTROLLABLE_AFGHAN:
            if d in chosen or board.pop(s, d) < 1 or board.coin_bases(s, d) > 0 or board.coin_control(s, d):
                continue
            need = control_need(s, d) + 0
            pools = []
            for o, (tr, _x) in coin_ops.sweep_origins(g, F, d).items():
                ex = excess(o, tr - arrived[o]) - taken[o]
                if ex <= 0:
                    continue
                paths = coin_ops.sweep_paths(s, o, d)
                fee = 1 if paths and all(coin_ops.sweep_loc_fee_due(g, loc) for loc in paths) else 0
                pools.append((fee, o, ex))
            if sum(p[2] for p in pools) < need or need <= 0:
                continue
            want = max(4, need)
            # lowest cost first: the routes paying the Warlords nothing, then the others
            free = [q for q in pools if q[0] == 0]
            if sum(q[2] for q in free) >= need:
                use, cost = [free], 0
            else:
                paid = [q for q in pools if q[0] == 1]
                use, cost = [free, paid], len(paid)
            got = sum(q[2] for tier in use for q in tier)
            key = (board.pop(s, d), -cost)
            if best is None or key > best[0]:
                best = (key, [(d, use, min(want, got))])
            elif key == best[0]:
                best[1].append((d, use, min(want, got)))
        if best is None:
            break
        opts = best[1]
        d, tiers, amount = opts[0] if len(opts) == 1 else opts[ctx.below(len(opts))]
        per = {}
        left = amount
        for tier in tiers:
            srcs = [[o, ex] for _f, o, ex in tier]
            srcs = [srcs[i] for i in _shuffle(ctx, len(srcs))]
            while left > 0 and any(ex > 0 for _o, ex in srcs):
                for item in srcs:                       # evenly: one Troop from each source in turn
                    if left > 0 and item[1] > 0:
                        per[item[0]] = per.get(item[0], 0) + 1
                        item[1] -= 1
                        left -= 1
        for o, k in per.items():
            taken[o] += k
            moves.append([d, o, k, 0])
        arrived[d] += amount
        chosen.append(d)
    # bullet 2: Sweep in place, Activating the most pieces of Players, then Taliban, then Warlords
    players = [f for f in ctx.players() if f in ("taliban", "warlords")]
    while len(chosen) < n_max:
        c2 = []
        for sp in CONTROLLABLE_AFGHAN:
            if sp in chosen:
                continue
            n = board.gov_cubes(s, sp) - taken[sp]
            if n <= 0:
                continue
            order = players + [f for f in ("taliban", "warlords") if f not in players]
            act = {}
            for f in order:
                a = min(n, board.underground(s, sp, f))
                act[f] = a
                n -= a
            if sum(act.values()) > 0:
                c2.append((sp, act))
        if not c2:
            break
        info = dict(c2)
        sp = ctx.pick(list(info), lambda x: sum(info[x][f] for f in players), lambda x: info[x]["taliban"],
                      lambda x: info[x]["warlords"])
        chosen.append(sp)
    if not chosen:
        return None
    return {"op": "sweep", "queue": [["space", d] for d in chosen], "moves": moves, "sa_chain": ["transport"]}


def _shuffle(ctx, n: int) -> list[int]:
    idx = list(range(n))
    out = []
    while idx:
        out.append(idx.pop(ctx.below(len(idx)) if len(idx) > 1 else 0))
    return out


# =====================================================================================================
# Special Activities (8.7.3 Eradicate / Transport, 8.7.4 Govern)
# =====================================================================================================
def eradicate_candidates(ctx, legal) -> list[int]:
    """8.7.3 Eradicate bullets, in order, on the spaces legal now: Opposition; any (only if Aid is 0);
    non-Pashtun; random -- the last two only if the Taliban are a Non-player or 45 Tribal Elders was played."""
    s = ctx.state
    opp = [sp for sp in legal if s.support_list[sp] < 0]
    if opp:
        return opp
    if s.aid == 0 and legal:
        return list(legal)
    if ctx.is_player("taliban") and not tribal_elders_played(s):
        return []
    non_p = [sp for sp in legal if not s.data.pashtun_list[sp]]
    return non_p or list(legal)


def govern_choice(ctx, legal, first=None):
    """8.7.4 Govern: (space, mode) or None. The Train-bullet-2 space first; then Patronage in the
    highest-Pop spaces at Support with COIN Control and no Coalition Base; then +1 Pop markers in
    the highest-Pop 1+ Pop spaces at Support with COIN Control and a COIN Base (Government Base first)."""
    s, g = ctx.state, ctx.game
    if first is not None and first in legal and "govern_patronage" in government_sa.govern_modes(g, first):
        return first, "govern_patronage"
    b1 = [sp for sp in legal if s.support_list[sp] > 0 and "govern_patronage" in government_sa.govern_modes(g, sp)
          and government_sa.govern_patronage_amount(s, sp) > 0]
    if b1:
        return ctx.pick(b1, lambda x: board.pop(s, x)), "govern_patronage"
    b2 = [sp for sp in legal if board.pop(s, sp) >= 1 and s.support_list[sp] > 0 and board.coin_bases(s, sp) > 0
          and "govern_returnees" in government_sa.govern_modes(g, sp)]
    if b2:
        return ctx.pick(b2, lambda x: board.pop(s, x), lambda x: int(s.rows[x][GOV_BASE] > 0)), "govern_returnees"
    return None


def plan_transport(ctx) -> list | None:
    """8.7.3 Transport: [origin, troops, path] getting up to 4 Troops (more if needed) to establish
    COIN Control in one highest-Pop 1+ Pop space with no COIN Base; from where the most Troops are in
    excess of keeping COIN Control; the cheapest target within that; ties by a die of the bots' stream,
    rolled at every call."""
    game = ctx.game
    opts = kept_on_game(game, "_transport_options", transport_board_key(game.state),
                        lambda: transport_options(game.state))
    if not opts:
        return None
    o, n, path = opts[0] if len(opts) == 1 else opts[ctx.below(len(opts))]
    return [o, n, list(path)]


def transport_board_key(s) -> tuple:
    """Everything :func:`transport_options` reads of the board: pieces, Sabotage, +1 Pop markers, frozen
    Control (the map, ``s.data``, never changes). The Government asks whether Transport is possible
    and then, on the same board, where it goes (two decisions): the second answer is the kept first."""
    frozen = s.frozen_control
    return (s.pieces.tobytes(), s.sabotage.tobytes(), s.returnees.tobytes(),
            None if frozen is None else (tuple(frozen["coin"]), tuple(frozen["taliban"])))


def transport_options(s) -> tuple:
    """The tied best Transports of :func:`plan_transport`, as (origin, troops, path) in the order found
    (empty: none)."""
    best = None
    # the targets (the same for every origin): 1+ Pop spaces without COIN Base or COIN Control
    targets = {d: control_need(s, d) for d in range(N_SPACES)
               if CONTROLLABLE_LIST[d] and not PAKISTAN_LIST[d] and board.pop(s, d) >= 1 and board.coin_bases(s, d) == 0
               and not board.coin_control(s, d)}
    if not targets:
        return ()
    least_need = min(targets.values())
    origins = [o for o in range(N_SPACES) if government_sa.transport_origin_ok(s, o)]
    steps = government_sa.transport_steps(s, only=targets)
    for o in origins:
        ex = troop_excess(s, o, s.rows[o][GOV_TROOPS])
        if ex <= 0 or ex < least_need:          # no target's need met from here: no route to walk
            continue
        for d, (cost, path) in government_sa.transport_routes(s, o, steps).items():
            need = targets.get(d)
            if need is None or need > ex:
                continue
            n = min(ex, max(4, need))
            key = (board.pop(s, d), -cost, ex)
            cand = (o, n, tuple(path))
            if best is None or key > best[0]:
                best = (key, [cand])
            elif key == best[0]:
                best[1].append(cand)
    return () if best is None else tuple(best[1])


def sa_possible(ctx, key: str) -> bool:
    sa = ctx.game.activities[F][ctx.sa(key)]
    legal = sa.selectable(ctx.game)
    if not legal:
        return False
    if key == "eradicate":
        return bool(eradicate_candidates(ctx, legal))
    if key == "govern":
        return govern_choice(ctx, legal, ctx.plan.get("sa_first")) is not None
    return plan_transport(ctx) is not None


# =====================================================================================================
# 8.7.2 the chart
# =====================================================================================================
@flowchart("government")
class GovernmentChart(Flowchart):
    faction = F
    event_questions = ("momentum", "capability")      # 8.7.2 asks Momentum first

    def event_conditions(self, ctx, card) -> bool:
        """8.7.2 bullets: the unshaded text raises Patronage, Government Resources, Aid or COIN
        Control; places Government pieces or gives the Government a free Op / SA; shifts Islamabad
        (only with a Player Taliban)."""
        s0 = ctx.state
        seen = {"free": False}

        def chooser(g):
            fr = g.state.frames[-1] if g.state.frames else None
            if fr and fr.get("kind") == "coin_free_action" and fr.get("actor") == F:
                seen["free"] = True
            return g.legal_actions()[0]

        g = probe_event(ctx, card, "unshaded", chooser)
        if g is None:
            return False
        s1 = g.state
        if seen["free"]:
            return True
        if s1.patronage > s0.patronage or s1.resources[F] > s0.resources[F] or s1.aid > s0.aid:
            return True
        c0, _t0 = board.control_arrays(s0)
        c1, _t1 = board.control_arrays(s1)
        if int(c1.sum()) > int(c0.sum()):
            return True
        gov = [GOV_TROOPS, POLICE, GOV_BASE]
        if int(s1.pieces[:N_SPACES, gov].sum()) > int(s0.pieces[:N_SPACES, gov].sum()):
            return True
        if ctx.is_player("taliban") and (s1.islamabad != s0.islamabad or s1.islamabad_hard != s0.islamabad_hard):
            return True
        return False

    def low_resources(self, ctx) -> bool:
        """8.1 / 8.7.2: fewer than 3 Resources -> Pass."""
        return ctx.state.resources[F] < 3

    def choose_operation(self, ctx):
        """8.7.3 -> 8.7.6 trigger chain; "skip to X bullet one" jumps past X's trigger; a Train <-> Sweep
        loop with neither possible ends in Pass."""
        def ok(plan):
            return plan is not None and ctx.can_select_any(F, plan["op"])

        plan = plan_assault(ctx)                                  # 8.7.3
        if not ok(plan):
            plan = None
            if patrol_trigger(ctx):                              # 8.7.4
                plan = plan_patrol(ctx)
                if not ok(plan):
                    plan = self._train_or_sweep(ctx, skip_trigger=True)
            else:
                plan = self._train_or_sweep(ctx, skip_trigger=False)
        if plan is None:
            return None
        ctx.plan.update(plan)
        return plan["op"]

    def _train_or_sweep(self, ctx, skip_trigger: bool):
        train = plan_train(ctx)
        if train is not None and not ctx.can_select_any(F, "train"):
            train = None
        trigger = board.available(ctx.state, GOV_TROOPS) >= 10 or (train is not None and train.get("bullet1_base"))
        if train is not None and (skip_trigger or trigger):       # 8.7.5
            return train
        sweep = plan_sweep(ctx)                                   # 8.7.6
        if sweep is not None and ctx.can_select_any(F, "sweep"):
            return sweep
        return train                                              # Sweep impossible -> Train bullet 1; else Pass


# =====================================================================================================
# Operation prompts
# =====================================================================================================
def _sa_key(ctx, action) -> str:
    return ctx.game.activities[F][action].key


@on_prompt("op_select", F)
def op_select(ctx):
    """Feed the planned spaces (and an SA an Operation bullet triggers, 8.2) one at a time."""
    queue = ctx.plan.setdefault("queue", [])
    legal = set(ctx.legal_spaces())
    while queue:
        kind, what = queue.pop(0)
        if kind == "space" and what in legal:
            return ctx.space(what)
        if kind == "sa" and ctx.has(ctx.sa(what)):
            return ctx.sa(what)
    return ctx.done if ctx.has(ctx.done) else None


@on_choice("coin_sa_after_op", F)
def sa_after_op(ctx):
    """The Special Activity chain of the Operation (8.7.3 - 8.7.6), first possible one."""
    for key in ctx.plan.get("sa_chain", []):
        if ctx.has(ctx.sa(key)) and sa_possible(ctx, key):
            return ctx.sa(key)
    return ctx.done


@on_prompt("sa_select", F)
def sa_select(ctx):
    key = _sa_key(ctx, ctx.frame["activity"])
    legal = ctx.legal_spaces()
    if key == "eradicate":
        cands = eradicate_candidates(ctx, legal)
        if cands:
            return ctx.space(ctx.random_space(cands))
        return ctx.done if ctx.has(ctx.done) else None
    if key == "govern":
        choice = govern_choice(ctx, legal, ctx.plan.get("sa_first"))
        if choice is None:
            return ctx.done if ctx.has(ctx.done) else None
        sp, mode = choice
        ctx.plan.setdefault("govern_modes", []).append([sp, mode])
        return ctx.space(sp)
    if key == "transport":
        if ctx.state.turn["sa_spaces"]:
            return ctx.done
        tr = ctx.plan.get("transport") or plan_transport(ctx)
        if tr is None or tr[0] not in legal:
            return ctx.done if ctx.has(ctx.done) else None
        ctx.plan["transport"] = tr
        ctx.plan["transport_sent"] = 0
        return ctx.space(tr[0])
    return None


@on_choice("adp_gsa_govern_mode", F)
def govern_mode(ctx):
    sp = ctx.frame["space"]
    for s_, mode in ctx.plan.get("govern_modes", []):
        if s_ == sp:
            return ctx.mode(mode)
    choice = govern_choice(ctx, [sp], ctx.plan.get("sa_first"))
    return ctx.mode(choice[1] if choice else "govern_patronage")


def _transport_for(ctx, origin) -> list | None:
    """The planned Transport from ``origin`` (planned now if the origin was the only choice, so that
    no handler saw it)."""
    tr = ctx.plan.get("transport")
    if tr and tr[0] == origin:
        return tr
    s = ctx.state
    ex = troop_excess(s, origin, s.rows[origin][GOV_TROOPS])
    tr = plan_transport(ctx)
    if tr is None or tr[0] != origin:
        # 8.7.3: the one origin the engine offers; its best target by the same priorities
        best = None
        for d, (cost, path) in government_sa.transport_routes(s, origin).items():
            if (not CONTROLLABLE_LIST[d] or PAKISTAN_LIST[d] or board.pop(s, d) < 1 or board.coin_bases(s, d) > 0
                    or board.coin_control(s, d) or control_need(s, d) > ex):
                continue
            key = (board.pop(s, d), -cost)
            if best is None or key > best[0]:
                best = (key, [origin, min(ex, max(4, control_need(s, d))), list(path)])
        tr = best[1] if best else None
    ctx.plan["transport"] = tr
    return tr


@on_choice("adp_gsa_transport_troops", F)
def transport_troops(ctx):
    tr = _transport_for(ctx, ctx.frame["origin"])
    if not tr:
        return None
    want = tr[1] - ctx.frame["chosen"]
    return ctx.count_at_most(max(0, want))


@on_prompt("adp_transport", F)
def transport_path(ctx):
    tr = _transport_for(ctx, ctx.frame["origin"])
    if not tr:
        return None
    path = ctx.frame["path"]
    plan_path = tr[2]
    if len(path) < len(plan_path) and path == plan_path[:len(path)]:
        nxt = ctx.space(plan_path[len(path)])
        if ctx.has(nxt):
            return nxt
    return ctx.done if ctx.has(ctx.done) else None


def _moves_for(ctx, dest):
    return [m for m in ctx.plan.get("moves", []) if m[0] == dest]


@on_prompt("adp_coin_move", F)
def coin_move(ctx):
    """Patrol / Sweep: the planned origins for this destination, then done."""
    dest = ctx.frame["dest"]
    done = set(ctx.frame["origins_done"])
    for d, o, t, p in _moves_for(ctx, dest):
        if o not in done and t + p > 0 and ctx.has(ctx.space(o)):
            return ctx.space(o)
    return ctx.done


@on_choice("adp_coin_move_count", F)
def coin_move_count(ctx):
    fr = ctx.frame
    piece = fr["types"][fr["idx"]]
    for d, o, t, p in _moves_for(ctx, fr["dest"]):
        if o == fr["origin"]:
            want = t if piece == GOV_TROOPS else p
            return ctx.count_at_most(want)
    return ctx.min_count()


@on_choice("adp_sweep_government_troops", F)
def sweep_troops(ctx):
    fr = ctx.frame
    for d, o, t, p in _moves_for(ctx, fr["dest"]):
        if o == fr["origin"]:
            return ctx.count_at_most(t)
    return ctx.min_count()


@on_choice("adp_sweep_government_loc", F)
def sweep_loc(ctx):
    return ctx.space(ctx.random_loc(ctx.legal_spaces()))


@on_choice("adp_patrol_assault_space", F)
def patrol_assault(ctx):
    """8.7.4 bullet 3: one LoC, removing the most pieces of any Player, then Taliban, then Warlords."""
    s = ctx.state
    legal = ctx.legal_spaces()
    if not legal:
        return ctx.done
    order = ctx.target_factions(["taliban", "warlords"])
    players = [f for f in ctx.players() if f in order]
    info = {sp: sim_assault(ctx, s, sp, order) for sp in legal}
    cands = [sp for sp in legal if info[sp]["removed"] > 0]
    if not cands:
        return ctx.done
    return ctx.space(ctx.pick(cands, lambda x: sum(info[x]["by"][f] for f in players),
                              lambda x: info[x]["by"]["taliban"], lambda x: info[x]["by"]["warlords"]))


@on_prompt("adp_train_place", F)
def train_place(ctx):
    """8.7.5: the planned cubes (two more Troops than Police), Available ones only (8.1 No Voluntary
    Removal)."""
    sp = ctx.frame["space"]
    s = ctx.state
    for p_sp, t, p in ctx.plan.get("place", []):
        if p_sp != sp:
            continue
        placed = ctx.frame["placed"]
        if placed < t and ctx.has(ctx.piece(GOV_TROOPS)) and board.available(s, GOV_TROOPS) > 0:
            return ctx.piece(GOV_TROOPS)
        if placed < t + p and ctx.has(ctx.piece(POLICE)) and board.available(s, POLICE) > 0:
            return ctx.piece(POLICE)
        if placed < t + p and ctx.has(ctx.piece(GOV_TROOPS)) and board.available(s, GOV_TROOPS) > 0:
            return ctx.piece(GOV_TROOPS)
        break
    return ctx.done


@on_choice("adp_train_step2_space", F)
def train_step2(ctx):
    st = ctx.plan.get("step2")
    if st and ctx.has(ctx.space(st[0])):
        return ctx.space(st[0])
    return ctx.done


@on_choice("adp_train_step2_mode", F)
def train_step2_mode(ctx):
    st = ctx.plan.get("step2")
    if st and ctx.has(ctx.mode(st[1])):
        return ctx.mode(st[1])
    return None


@on_choice("adp_train_civic", F)
def train_civic(ctx):
    st = ctx.plan.get("step2")
    want = st[2] if st and len(st) > 2 else 1
    return ctx.count_at_most(want)


@on_choice("adp_train_base_police", F)
def train_base_police(ctx):
    """8.7.5: three random cubes of the space become the Base (8.2.1 friendly Troops / Police at random)."""
    s = ctx.state
    sp = ctx.frame["space"]
    t, p = s.rows[sp][GOV_TROOPS], s.rows[sp][POLICE]
    police = 0
    for _ in range(3):
        if t + p == 0:
            break
        if ctx.below(t + p) < p:
            p -= 1
            police += 1
        else:
            t -= 1
    counts = ctx.legal_counts()
    police = min(max(police, min(counts)), max(counts))
    return ctx.count(police)


# =====================================================================================================
# 8.7.7 Propaganda
# =====================================================================================================
def _civic_budget(ctx) -> int:
    """8.7.7 Civic Actions: at most 2/3 of the Resources held when the phase began."""
    s = ctx.state
    key = ["civic", int(s.propaganda_played)]
    rec = ctx.mem.get("civic_round")
    if not rec or rec[0] != key:
        rec = [key, s.resources[F], (2 * s.resources[F]) // 3]
        ctx.mem["civic_round"] = rec
    spent = rec[1] - s.resources[F]
    return max(0, rec[2] - spent)


def _civic_plan(ctx, sp, budget) -> int:
    """Steps to buy in ``sp`` (0: skip it). Non-final round: up to Support; final round: up to Neutral
    (remove Opposition, add no Support); Terror removed only if a shift is affordable too."""
    s = ctx.state
    terror = s.terror_list[sp]
    final = propaganda.final_propaganda(ctx.game)
    level = s.support_list[sp]
    shifts = (0 - level) if final else (1 - level)
    if shifts <= 0 or not board.can_have_support(s, sp):
        return 0
    afford = budget // coin_ops.CIVIC_ACTION_COST
    if afford < terror + 1:
        return 0
    return min(afford, terror + shifts)


@on_prompt("adp_civic_action", F)
def civic_action(ctx):
    s = ctx.state
    budget = _civic_budget(ctx)
    if ctx.frame["sp"] >= 0:
        return ctx.count_at_most(max(1, _civic_plan(ctx, ctx.frame["sp"], budget)))
    legal = ctx.legal_spaces()
    final = propaganda.final_propaganda(ctx.game)
    cands = []
    for sp in legal:
        if s.rows[sp][POLICE] <= 0 or s.rows[sp][GOV_TROOPS] <= s.rows[sp][COALITION_TROOPS]:
            continue
        if not final and not (s.rows[sp][GOV_BASE] > 0 and s.rows[sp][COALITION_BASE] == 0):
            continue                                 # bullet 1: Government but no Coalition Base only
        if final and s.support_list[sp] >= 0:
            continue                                 # bullet 2: remove Opposition only
        if _civic_plan(ctx, sp, budget) > 0:
            cands.append(sp)
    if not cands:
        return ctx.done
    return ctx.space(ctx.pick(cands, lambda x: board.pop(s, x), lambda x: -int(s.terror_list[x] > 0)))


@on_prompt("adp_desertion", F)
def desertion(ctx):
    """8.7.7 Desertion: Troops and Police evenly, Troops first (the odd cube is a Troop)."""
    sp = ctx.frame["spaces"][0]
    k = propaganda.desertion_losses(ctx.state, sp)
    lo, hi = propaganda.desertion_troop_range(ctx.state, sp)
    return ctx.count(min(hi, max(lo, (k + 1) // 2)))


@on_prompt("adp_redeploy_troops", F)
def redeploy_troops(ctx):
    """8.7.7 Redeploy Troops: from LoCs last; to Kabul and COIN-Base spaces lacking a Troop first,
    then evenly (fewest Government Troops); one Troop at a time."""
    s = ctx.state
    fr = ctx.frame
    if fr["stage"] == "source":
        srcs = ctx.legal_spaces()
        if not srcs:
            return None
        return ctx.space(ctx.pick(srcs, lambda x: not LOC_LIST[x], lambda x: s.rows[x][GOV_TROOPS]))
    if fr["stage"] == "destination":
        dsts = ctx.legal_spaces()
        return ctx.space(ctx.pick(dsts, lambda x: -s.rows[x][GOV_TROOPS]))
    return ctx.count(1)


def _projected_coin(s, sp) -> bool:
    """COIN Control of ``sp`` once the Taliban have Redeployed (their Guerrillas leave Provinces
    without a Taliban Base)."""
    tot = total_pieces(s, sp)
    if AFGHAN_PROVINCE_LIST[sp] and s.rows[sp][TALIBAN_BASE] == 0:
        tot -= board.guerrillas(s, sp, "taliban")
    return 2 * board.coin_pieces(s, sp) > tot


def _police_move(ctx, arrived) -> list | None:
    """8.7.7 Redeploy Police: the next [source, destination]: keep COIN Control of the most Pop,
    then two Police on the Econ 3/4 LoCs and one on the others. Never a space's last Police; LoCs
    as sources last."""
    s = ctx.state
    econ = s.data.econ_list
    dests_ok = set(propaganda.police_destinations(ctx.game))

    def may_give(sp):
        """A source's own conditions (all but "not the destination itself"): the same for every
        destination, so worked out once per space below."""
        police = s.rows[sp][POLICE]
        if police <= 1 or police - arrived.get(str(sp), 0) <= 0:      # never the last Police; arrived ones stay
            return False
        if CONTROLLABLE_LIST[sp] and board.pop(s, sp) >= 1 and _projected_coin(s, sp):
            tot = total_pieces(s, sp) - (board.guerrillas(s, sp, "taliban")
                                         if AFGHAN_PROVINCE_LIST[sp] and s.rows[sp][TALIBAN_BASE] == 0 else 0)
            if not 2 * (board.coin_pieces(s, sp) - 1) > tot - 1:
                return False
        if LOC_LIST[sp] and s.rows[sp][POLICE] <= (2 if econ[sp] >= 3 else 1):
            return False
        return True

    rows = s.rows
    gives = [rows[sp][POLICE] > 1 and may_give(sp) for sp in range(N_SPACES)]     # may_give's first test inline

    def source_for(dst):
        srcs = [sp for sp in range(N_SPACES) if gives[sp] and sp != dst]     # a source giving, not dst itself
        if not srcs:
            return None
        return ctx.pick(srcs, lambda x: not LOC_LIST[x], lambda x: s.rows[x][POLICE])

    # first: COIN Control of as much Pop as possible
    need = []
    for sp in CONTROLLABLE_AFGHAN:
        if sp in dests_ok and board.pop(s, sp) >= 1 and not _projected_coin(s, sp):
            tot = total_pieces(s, sp) - (board.guerrillas(s, sp, "taliban")
                                         if AFGHAN_PROVINCE_LIST[sp] and s.rows[sp][TALIBAN_BASE] == 0 else 0)
            k = max(0, tot - 2 * board.coin_pieces(s, sp) + 1)
            spare = sum(max(0, s.rows[x][POLICE] - 1) for x in range(N_SPACES) if gives[x] and x != sp)   # sources for sp
            if 0 < k <= spare:
                need.append(sp)
    if need:
        dst = ctx.pick(need, lambda x: board.pop(s, x))
        src = source_for(dst)
        if src is not None:
            return [src, dst]
    for want, locs in ((2, [x for x in LOCS if econ[x] >= 3]), (1, [x for x in LOCS if econ[x] < 3])):
        short = [x for x in locs if x in dests_ok and s.rows[x][POLICE] < want]
        for dst in sorted(short, key=lambda x: -int(econ[x])):
            src = source_for(dst)
            if src is not None and not LOC_LIST[src]:
                return [src, dst]
    return None


@on_prompt("adp_redeploy_police", F)
def redeploy_police(ctx):
    fr = ctx.frame
    if fr["stage"] == "source":
        mv = _police_move(ctx, fr["arrived"])
        if mv is None or not ctx.has(ctx.space(mv[0])):
            ctx.mem.pop("police_move", None)
            return ctx.done
        ctx.mem["police_move"] = mv
        return ctx.space(mv[0])
    if fr["stage"] == "destination":
        mv = ctx.mem.get("police_move")
        if mv and ctx.has(ctx.space(mv[1])):
            return ctx.space(mv[1])
        return None
    return ctx.count(1)


__all__ = ["GovernmentChart"]
