"""8.9 The Non-player Warlords flowchart.

Layout (rule numbers refer to the rulebook's section 8):

* 8.9.1 Capability in effect: unshaded Find Fix Finish (card 7) -- the Warlords keep two Guerrillas
  where they have two Bases when moving (March) or exposing (Terror, Attack) them. The card texts are not
  in the engine, so the capability never takes effect there; the bot only reads whether its marker is
  in play (``state.lasting``), e.g. from a position.
* 8.9.2 Pass, Event or Operations?: Momentum, then Capability (both 8.1, bots/sequence.py), then the
  shaded-text conditions (:meth:`WarlordsChart.event_conditions`), then 8.1 Low Resources (0 Resources).
* The Operation chain (:meth:`WarlordsChart.choose_operation`): Rally (8.9.3) if its bullet one would
  build a Base; else March (8.9.4) if no Player has a positive margin; else Terror (8.9.5) if it could
  hurt a Player; else Attack (8.9.6). The skips ("If no such X is possible, skip to Y bullet one") are
  followed with dry plans, ending in the March "loop" bullet and then Pass.
* The Special Activities: after Rally / March, Cultivate (< 43 Resources) or Suborn, falling through
  Cultivate -> Traffic -> Suborn -> Cultivate until each was tried (8.9.3 boxes); after Terror or Attack,
  Suborn or nothing.

The whole Operation is planned when the sequence-of-play choice is made (8.2 "first select all the
spaces"), kept in ``ctx.plan`` (plain lists and dicts), and fed to the engine one prompt at a time.
Warlords have no Propaganda-round decisions (rules/propaganda.py asks them nothing).
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, FACTIONS, GOV_BASE, GOV_TROOPS, POLICE, TALIBAN_BASE,
                           TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE)
from ..rules import insurgent_ops, warlords_sa
from ..static import AFGHAN_LIST, CONTROLLABLE, CONTROLLABLE_LIST, LOC_LIST, N_SPACES, PAKISTAN_LIST
from .flowchart import Flowchart, probe_event
from .registry import flowchart, on_choice, on_prompt

F = "warlords"
FIND_FIX_FINISH = 7                 # 8.9.1 (card 7, unshaded)
CULTIVATE_BELOW = 43                # 8.9.3 / 8.9.4: Cultivate below 43 Resources, else Suborn
SUBORN_FLOOR = 41                   # 8.9.3 Suborn preliminaries
MARCH_LOC_SKIP = 45                 # 8.9.4 bullet 2 ignored at 45+ Resources
RALLY_MAX_SPACES = 3                # 8.9.3 preliminaries
TERROR_MAX_SPACES = 3               # 8.9.5 preliminaries
ATTACK_MIN_G = 4                    # 8.9.6 preliminaries

_WG = [WARLORD_G, WARLORD_G_ACTIVE]


# =====================================================================================================
# small facts
# =====================================================================================================
def find_fix_finish(s) -> bool:
    """8.9.1: is unshaded Find Fix Finish in effect?"""
    return any(e.get("name") == "capability" and e.get("card") == FIND_FIX_FINISH and e.get("side") == "unshaded"
               for e in s.lasting)


def keep_at_base(s, sp, n_bases=None) -> int:
    """8.9.4 / 8.9.5 / 8.9.6 preliminaries (with 8.9.1): Warlord Guerrillas that must stay (March) or stay
    Underground (Terror, Attack) where there are Warlord Bases: one, two with two Bases under unshaded
    Find Fix Finish."""
    nb = board.bases(s, sp, F) if n_bases is None else n_bases
    if nb <= 0:
        return 0
    return 2 if nb >= 2 and find_fix_finish(s) else 1


def last_campaign(ctx) -> bool:
    """"this is the last Campaign" (8.9.3 Cultivate, 8.9.4 bullets 2-3): the next Propaganda card is the
    scenario's last."""
    return ctx.next_propaganda_final()


def player_margin_positive(ctx) -> bool:
    """8.9.4 trigger: does any Player faction have a positive victory margin?"""
    m = ctx.margins()
    return any(ctx.is_player(f) and m[f] > 0 for f in FACTIONS if f != F)


def _control(P, sp) -> str | None:
    """1.7 on a working copy of the pieces: "coin", "taliban" or None."""
    if not CONTROLLABLE_LIST[sp]:
        return None
    r = P[sp]
    total = sum(r)
    if 2 * _coin(r) > total:
        return "coin"
    if 2 * _taliban(r) > total:
        return "taliban"
    return None


def _coin(r) -> int:
    """COIN pieces (Coalition and Government) in a row of piece counts, added up without a loop: read
    per space."""
    return r[COALITION_TROOPS] + r[COALITION_BASE] + r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE]


def _taliban(r) -> int:
    """Taliban pieces in a row of piece counts."""
    return r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE]


def _wg(P, sp) -> int:
    r = P[sp]
    return r[WARLORD_G] + r[WARLORD_G_ACTIVE]


def _all_bases(P, sp) -> int:
    """Bases of any faction in ``sp`` on a working copy of the pieces (1.4.2 stacking)."""
    r = P[sp]
    return r[COALITION_BASE] + r[GOV_BASE] + r[TALIBAN_BASE] + r[WARLORD_BASE]


# =====================================================================================================
# 8.9.3 Rally
# =====================================================================================================
def _rally_place_n(ctx, sp, avail_g: int, n_bases: int) -> int:
    """How many Guerrillas a Rally places there (3.3.1; 8.9.3 NOTE: as many as possible)."""
    cap = n_bases + board.pop(ctx.state, sp) if (n_bases >= 1 and not ctx.state.data.pashtun_list[sp]) else 1
    return min(cap, avail_g)


def _rally_does_something(ctx, sp, avail_g: int) -> bool:
    """8.9.3 NOTE: a Rally places Guerrillas while any are Available, then flips them Underground."""
    s = ctx.state
    if avail_g > 0:
        return True
    return insurgent_ops.rally_at_base(s, F, sp) and board.active_guerrillas(s, sp, F) > 0


def rally_bullet1(ctx):
    """8.9.3 bullet 1: spaces with 3+ Warlord Guerrillas where a Base can replace two of them, either
    directly (1b) or after a Suborn removes a Government Base where no room is left (1a). Returns a list
    of (space, needs_suborn)."""
    rows = ctx.rows()           # the board read from the decision's rows
    out = []
    for sp in CONTROLLABLE:
        if PAKISTAN_LIST[sp] or _wg(rows, sp) < 3 or not insurgent_ops.rally_space_ok(ctx.game, F, sp):
            continue
        if _all_bases(rows, sp) < board.MAX_BASES:          # board.has_room_for_base (a Province or Kabul)
            out.append((sp, False))
        elif rows[sp][GOV_BASE] >= 1:
            out.append((sp, True))
    return out


def plan_rally(ctx, need_bullet1: bool = False) -> dict | None:
    """8.9.3: plan up to three Rally spaces by bullets 1-6 (with the Suborn of 1a and the Cultivate of
    bullet 2). None if no Rally space results (or, with ``need_bullet1``, if bullet 1 builds no Base:
    the Rally trigger of the chart)."""
    s = ctx.state
    game = ctx.game
    res = s.resources[F]
    cost = insurgent_ops.rally_cost(game, F, 0)
    avail_g = board.available(s, WARLORD_G)
    avail_b = board.available(s, WARLORD_BASE)
    spaces: list[list] = []           # [space, mode]
    chosen: set[int] = set()
    plan: dict = {"op": "rally", "spaces": spaces, "suborn_first": [], "cultivate_at": None}
    budget = res

    def room() -> bool:
        return len(spaces) < RALLY_MAX_SPACES and budget >= cost

    # bullet 1 (in a random order, 8.4: no nested priority)
    b1 = rally_bullet1(ctx)
    cand = {sp: sub for sp, sub in b1}
    suborn_cost = warlords_sa.suborn_cost(game)
    for sp in ctx.order(list(cand)):
        if not room() or avail_b <= 0:
            break
        if cand[sp]:
            # 1a: Suborn against the Government Base AND then Rally a Base there (both must be payable;
            # Suborn takes up to 3 spaces)
            if len(plan["suborn_first"]) >= warlords_sa.SUBORN_MAX_SPACES or budget < suborn_cost + cost:
                continue
            plan["suborn_first"].append(sp)
            budget -= suborn_cost
        spaces.append([sp, "base"])
        chosen.add(sp)
        budget -= cost
        avail_b -= 1
        avail_g += 2
    if need_bullet1 and not spaces:
        return None
    sa_used = bool(plan["suborn_first"])

    # bullet 2: one highest-Pop space with 1+ Pop, exactly one Warlord Base and room for another:
    # Rally AND Cultivate (the SA must still be free, a Base Available to Cultivate).
    # (The engine places a Cultivated Base only in a space the Rally already selected, so 2b's "Cultivate
    # AND then Rally" is played as Rally then Cultivate in that space.)
    if room() and not sa_used and avail_b >= 1:
        c2 = []
        for sp in CONTROLLABLE:
            if sp in chosen or PAKISTAN_LIST[sp] or not board.is_province(sp) or board.pop(s, sp) < 1:
                continue
            if board.bases(s, sp, F) != 1 or not board.has_room_for_base(s, sp):
                continue
            if not insurgent_ops.rally_space_ok(game, F, sp):
                continue
            police = board.count(s, sp, POLICE)
            g_now = board.guerrillas(s, sp, F)
            g_after = g_now + _rally_place_n(ctx, sp, avail_g, 1)
            if g_after > police:          # 2a (Rally enables Cultivate) or 2b (Cultivate already possible)
                c2.append(sp)
        sp = ctx.pick(c2, lambda x: board.pop(s, x))
        if sp is not None:
            spaces.append([sp, "place"])
            chosen.add(sp)
            budget -= cost
            avail_g -= _rally_place_n(ctx, sp, avail_g, 1)
            plan["cultivate_at"] = sp
            sa_used = True

    def take(cands, *keys, one=False):
        nonlocal budget, avail_g
        for sp in ctx.order(cands, *keys):
            if not room():
                return
            if not _rally_does_something(ctx, sp, avail_g):
                continue
            spaces.append([sp, "place" if avail_g > 0 else "flip"])
            chosen.add(sp)
            budget -= cost
            avail_g -= _rally_place_n(ctx, sp, avail_g, board.bases(s, sp, F))
            if one:
                return

    def ok(sp):
        return sp not in chosen and not PAKISTAN_LIST[sp] and insurgent_ops.rally_space_ok(game, F, sp)

    rows = ctx.rows()           # board.bases / guerrillas of the Warlords, read from the decision's rows
    # (each bullet's pieces are read before ``ok``, the Rally rules' question: most spaces fail the pieces)
    # bullet 3: Warlord Bases but no Warlord Guerrillas; highest Pop, then most Bases of any faction
    take([sp for sp in CONTROLLABLE if rows[sp][WARLORD_BASE] and not _wg(rows, sp) and ok(sp)],
         lambda x: board.pop(s, x), lambda x: _all_bases(rows, x))
    # bullet 4: all Warlord Bases; highest Pop
    take([sp for sp in CONTROLLABLE if rows[sp][WARLORD_BASE] and ok(sp)], lambda x: board.pop(s, x))
    # bullet 5: Warlord Guerrillas but no Warlord Base (random order)
    take([sp for sp in CONTROLLABLE if not rows[sp][WARLORD_BASE] and _wg(rows, sp) and ok(sp)])
    # bullet 6: one random highest-Pop space with 1+ Pop
    cands6 = [sp for sp in CONTROLLABLE if board.pop(s, sp) >= 1 and ok(sp) and _rally_does_something(ctx, sp, avail_g)]
    take(cands6, lambda x: board.pop(s, x), one=True)
    if not spaces:
        return None
    if sa_used:
        plan["sa_done_by_op"] = True
    return plan


def last_campaign_skip(ctx) -> bool:
    """8.9.3 Cultivate bullet 1: in the last Campaign the Warlords do not Cultivate (they Traffic)."""
    return last_campaign(ctx)


# =====================================================================================================
# 8.9.4 March
# =====================================================================================================
class _MarchSim:
    """A working copy of the board for planning a March: pieces, which Guerrillas arrived where (3.3.2:
    arrived Warlords do not move again), the destinations and their groups, Resources left."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.s = ctx.state
        self.P = [row[:] for row in self.s.rows[:N_SPACES]]     # [space][piece type], a copy of the mirror
        self.arr_u = [0] * N_SPACES
        self.arr_a = [0] * N_SPACES
        self.dests: dict[int, dict[int, list[int]]] = {}
        self.order: list[int] = []
        self.budget = self.s.resources[F]
        self._loc_keep = 0
        self._movable: dict[int, int] = {}        # n_movable answers for the working copy as it is now
        self._origins: dict[int, list[int]] = {}  # origins answers, likewise

    @property
    def loc_keep(self) -> int:
        return self._loc_keep

    @loc_keep.setter
    def loc_keep(self, n: int) -> None:
        self._loc_keep = n
        self._movable.clear()
        self._origins.clear()

    def keep(self, sp) -> int:
        """8.9.4 preliminaries: the last one (two) at a Warlord Base stay; [interp] after bullet 2 the
        two on a LoC stay too."""
        if LOC_LIST[sp]:
            return self.loc_keep
        return keep_at_base(self.s, sp, self.P[sp][WARLORD_BASE])

    def split(self, sp) -> tuple[int, int]:
        """(Underground, Active) Guerrillas in ``sp`` that did not arrive in this March."""
        r = self.P[sp]
        return r[WARLORD_G] - self.arr_u[sp], r[WARLORD_G_ACTIVE] - self.arr_a[sp]

    def n_movable(self, sp) -> int:
        """How many may leave ``sp`` under the 8.9.4 preliminaries (keep the last one / two at a Base;
        create no COIN nor Taliban Control)."""
        n = self._movable.get(sp)
        if n is None:
            n = self._movable[sp] = self._count_movable(sp)
        return n

    def _count_movable(self, sp) -> int:
        r = self.P[sp]
        if not (r[WARLORD_G] or r[WARLORD_G_ACTIVE]):     # no Guerrilla (nor arrival) there: none to move
            return 0
        u, a = r[WARLORD_G] - self.arr_u[sp], r[WARLORD_G_ACTIVE] - self.arr_a[sp]
        keep = self.loc_keep if LOC_LIST[sp] else keep_at_base(self.s, sp, r[WARLORD_BASE])     # self.keep(sp)
        n = max(0, min(u + a, r[WARLORD_G] + r[WARLORD_G_ACTIVE] - keep))
        if n and CONTROLLABLE_LIST[sp]:
            total, coin, tal = sum(r), _coin(r), _taliban(r)
            if not (2 * coin > total or 2 * tal > total):          # _control(P, sp) is None
                while n and (2 * coin > total - n or 2 * tal > total - n):
                    n -= 1
        return n

    def can_pay(self, dest) -> bool:
        """3.3.2: 1 Resource per Province / Kabul destination (LoCs free), paid once."""
        return self.budget >= 1 or dest in self.dests or insurgent_ops.march_group_free(self.ctx.game, F, -1, dest)

    def origins(self, dest) -> list[int]:
        out = self._origins.get(dest)
        if out is None:
            if not board.may_hold(self.s, dest, F) or not self.can_pay(dest):
                out = []
            else:
                out = []
                movable = self._movable                 # :meth:`n_movable`, inlined: asked per neighbour
                for o in self.s.data.neighbors[dest]:
                    n = movable.get(o)
                    if n is None:
                        n = movable[o] = self._count_movable(o)
                    if n > 0:
                        out.append(o)
            self._origins[dest] = out
        return list(out)

    def _forget(self, origin, dest) -> None:
        """Drop the answers a move from ``origin`` into ``dest`` changes: :meth:`n_movable` of those two
        spaces (their pieces and arrivals), and :meth:`origins` of every destination next to either
        of them, and of ``dest`` itself (paid for once entered: :meth:`can_pay`)."""
        self._movable.pop(origin, None)
        self._movable.pop(dest, None)
        neighbors = self.s.data.neighbors
        for d in [d for d in self._origins if d == dest or origin in neighbors[d] or dest in neighbors[d]]:
            del self._origins[d]

    def stays_underground(self, dest, origin, n) -> bool:
        g = self.dests.get(dest, {}).get(origin, [0, 0])
        return not insurgent_ops.march_activates_row(self.s.data, F, dest, self.P[dest], g[0] + g[1] + n)

    def move(self, origin, dest, nu, na) -> None:
        if nu + na <= 0:
            return
        self._forget(origin, dest)
        if dest not in self.dests:
            if not insurgent_ops.march_group_free(self.ctx.game, F, origin, dest):
                self.budget -= 1
                self._origins.clear()          # can_pay may change for every destination
            self.dests[dest] = {}
            self.order.append(dest)
        g = self.dests[dest].setdefault(origin, [0, 0])
        P = self.P
        activates = nu and insurgent_ops.march_activates_row(self.s.data, F, dest, P[dest], g[0] + g[1] + nu + na)
        P[origin][WARLORD_G] -= nu
        P[origin][WARLORD_G_ACTIVE] -= na
        g[0] += nu
        g[1] += na
        if activates:                 # 3.3.2 (Pashtun or LoC, group + Taliban Guerrillas > 3)
            P[dest][WARLORD_G_ACTIVE] += nu + na
            self.arr_a[dest] += nu + na
        else:
            P[dest][WARLORD_G] += nu
            P[dest][WARLORD_G_ACTIVE] += na
            self.arr_u[dest] += nu
            self.arr_a[dest] += na

    def plan(self) -> list:
        return [[d, [[o, g[0], g[1]] for o, g in self.dests[d].items()]] for d in self.order]


def _take(sim: _MarchSim, dest, n, underground_first: bool, need_underground: bool = False) -> int:
    """Bring up to ``n`` Guerrillas into ``dest`` from random adjacent origins (8.4: no priority names the
    source); Active first unless ``underground_first`` (8.2.1: Underground to spaces at Support);
    ``need_underground``: only Underground ones that stay so. Returns how many came."""
    ctx = sim.ctx
    got = 0
    tried: set[int] = set()
    while got < n:
        origins = [o for o in sim.origins(dest) if o not in tried]
        if need_underground:
            origins = [o for o in origins if sim.split(o)[0] > 0]
        if not origins:
            break
        o = ctx.pick(origins)
        tried.add(o)
        mu, ma = sim.split(o)
        k = min(n - got, sim.n_movable(o))
        if need_underground:
            nu, na = min(k, mu), 0
            if not sim.stays_underground(dest, o, nu):
                continue
        elif underground_first:
            nu = min(k, mu)
            na = min(k - nu, ma)
        else:
            na = min(k, ma)
            nu = min(k - na, mu)
        if nu + na <= 0:
            continue
        sim.move(o, dest, nu, na)
        got += nu + na
    return got


def plan_march(ctx, loop: bool = False) -> dict | None:
    """8.9.4: plan the March by bullets 1-4 (``loop``: the first part of bullet 5 instead). None if
    nothing would move."""
    s = ctx.state
    sim = _MarchSim(ctx)

    def pop(x):
        return board.pop(s, x)

    def at_support(x):
        return s.support_list[x] > 0

    if loop:
        # bullet 5 (only in a loop): March to a highest-Pop space with 1+ Pop, to the maximum extent
        cands = [d for d in CONTROLLABLE if board.pop(s, d) >= 1 and sim.origins(d)]
        d = ctx.pick(cands, pop)
        if d is None:
            return None
        for o in ctx.order(sim.origins(d)):
            n = sim.n_movable(o)
            if n:
                _move_n(sim, o, d, n, at_support(d))
        return {"op": "march", "moves": sim.plan()} if sim.order else None
    # bullet 1: one Underground Guerrilla to each Warlord Base space that has none (8.9.1: two where there
    # are two Bases under unshaded Find Fix Finish)
    def want(x):
        return keep_at_base(s, x)

    rows = s.rows               # board.bases / underground of the Warlords, from the state's rows
    b1 = [d for d in CONTROLLABLE if rows[d][WARLORD_BASE] >= 1 and rows[d][WARLORD_G] < want(d)]
    for d in ctx.order(b1):
        need = want(d) - sim.P[d][WARLORD_G]
        if need > 0:
            _take(sim, d, need, True, need_underground=True)
    # bullet 2: exactly two Guerrillas on each reachable LoC (Active first); ignored at 45+ Resources and
    # in the last Campaign
    if s.resources[F] < MARCH_LOC_SKIP and not last_campaign(ctx):
        sim.loc_keep = 2
        locs = [d for d in range(N_SPACES) if LOC_LIST[d] and _wg(sim.P, d) < 2 and sim.origins(d)]
        for d in ctx.order(locs):
            need = 2 - _wg(sim.P, d)
            if need > 0:
                _take(sim, d, need, False)
    # bullet 3 (not in the last Campaign): three Guerrillas into each reachable space with 1+ Pop and
    # room for a Base; highest Pop, then no Coalition pieces. [interp] "reachable": three can get there.
    if not last_campaign(ctx):
        def no_coalition(x):
            return -(sim.P[x][COALITION_TROOPS] + sim.P[x][COALITION_BASE])

        cands = [d for d in CONTROLLABLE if not PAKISTAN_LIST[d] and board.pop(s, d) >= 1
                 and _all_bases(sim.P, d) < 2
                 and _wg(sim.P, d) < 3]
        for d in ctx.order(cands, pop, no_coalition):
            need = 3 - _wg(sim.P, d)
            if need <= 0:
                continue
            if sum(sim.n_movable(o) for o in sim.origins(d)) < need:
                continue
            _take(sim, d, need, at_support(d))
    # bullet 4: March to remove the most Control ([interp] the most controlled Population first), a
    # Player's Control before a Non-player's
    def player_controls(x):
        c = _control(sim.P, x)
        owners = ("coalition", "government") if c == "coin" else ("taliban",) if c else ()
        return 1 if any(ctx.is_player(f) for f in owners) else 0

    cands = [d for d in CONTROLLABLE if not PAKISTAN_LIST[d] and board.pop(s, d) >= 1 and _control(sim.P, d)]
    for d in ctx.order(cands, pop, player_controls):
        c = _control(sim.P, d)
        if c is None:
            continue
        row = sim.P[d]
        need = 2 * (_coin(row) if c == "coin" else _taliban(row)) - sum(row)
        if need <= 0 or sum(sim.n_movable(o) for o in sim.origins(d)) < need:
            continue
        _take(sim, d, need, at_support(d))
    if not sim.order:
        return None
    return {"op": "march", "moves": sim.plan()}


def _move_n(sim, o, d, n, underground_first):
    mu, ma = sim.split(o)
    if underground_first:
        nu = min(n, mu)
        na = min(n - nu, ma)
    else:
        na = min(n, ma)
        nu = min(n - na, mu)
    sim.move(o, d, nu, na)


# =====================================================================================================
# 8.9.5 Terror
# =====================================================================================================
def _terror_ok(ctx, sp) -> bool:
    """8.9.5 preliminaries: an Underground Warlord Guerrilla to expose that is not the last one (two) at a
    Warlord Base."""
    s = ctx.state
    return board.underground(s, sp, F) > keep_at_base(s, sp) and insurgent_ops.terror_space_ok(ctx.game, F, sp)


def terror_hurts_player(ctx, sp) -> bool:
    """8.9.5 bullet 1: setting ``sp`` to Neutral lowers a Player's margin (Support counts for the
    Coalition, Opposition for the Taliban)."""
    lvl = ctx.state.support_list[sp]
    return (lvl > 0 and ctx.is_player("coalition")) or (lvl < 0 and ctx.is_player("taliban"))


def plan_terror(ctx) -> dict | None:
    """8.9.5: up to three spaces: those hurting a Player (highest Pop), then one random space with the
    greatest reduction of Support or Opposition."""
    s = ctx.state
    game = ctx.game
    budget = s.resources[F]
    spaces: list[int] = []
    cands = [sp for sp in range(N_SPACES) if not LOC_LIST[sp] and _terror_ok(ctx, sp)]

    def add(sp):
        nonlocal budget
        c = insurgent_ops.terror_cost(game, F, sp)
        if budget < c:
            return False
        budget -= c
        spaces.append(sp)
        return True

    for sp in ctx.order([sp for sp in cands if terror_hurts_player(ctx, sp)], lambda x: board.pop(s, x)):
        if len(spaces) >= TERROR_MAX_SPACES:
            break
        add(sp)
    if len(spaces) < TERROR_MAX_SPACES:
        rest = [sp for sp in cands if sp not in spaces and s.support_list[sp] != 0
                and budget >= insurgent_ops.terror_cost(game, F, sp)]
        sp = ctx.pick(rest, lambda x: board.pop(s, x) * abs(s.support_list[x]))
        if sp is not None:
            add(sp)
    return {"op": "terror", "spaces": spaces} if spaces else None


def terror_trigger(ctx) -> bool:
    """8.9.5: could Terror reduce a Player's victory margin?"""
    s = ctx.state
    return s.resources[F] >= 1 and any(not LOC_LIST[sp] and _terror_ok(ctx, sp) and terror_hurts_player(ctx, sp)
                                       for sp in range(N_SPACES))


# =====================================================================================================
# 8.9.6 Attack
# =====================================================================================================
def _attack_ok(ctx, sp) -> bool:
    """8.9.6 preliminaries: 4+ Warlord Guerrillas; Attack Activates them all, so at a Warlord Base only
    where none is left Underground to expose."""
    s = ctx.state
    if board.guerrillas(s, sp, F) < ATTACK_MIN_G or not insurgent_ops.attack_space_ok(ctx.game, F, sp):
        return False
    return not (board.bases(s, sp, F) and board.underground(s, sp, F) > 0)


def attack_hurts_player(ctx, sp) -> bool:
    """8.9.6 bullet 1: removing up to 2 pieces could take COIN Control from a Government Player
    (Controlled Pop counts for it) or a Base from a Taliban Player."""
    s = ctx.state
    if ctx.is_player("government") and AFGHAN_LIST[sp] and board.pop(s, sp) >= 1 and board.coin_control(s, sp):
        coin, total = board.coin_pieces(s, sp), sum(s.rows[sp])
        r = min(2, coin)
        if 2 * (coin - r) <= total - r:
            return True
    if ctx.is_player("taliban") and board.bases(s, sp, "taliban") and board.guerrillas(s, sp, "taliban") <= 1:
        return True
    return False


def plan_attack(ctx) -> dict | None:
    s = ctx.state
    budget = s.resources[F]
    spaces = []
    cands = [sp for sp in range(N_SPACES) if _attack_ok(ctx, sp) and attack_hurts_player(ctx, sp)]
    for sp in ctx.order(cands, lambda x: board.pop(s, x)):
        c = insurgent_ops.attack_cost(ctx.game, F, sp)
        if budget >= c:
            budget -= c
            spaces.append(sp)
    return {"op": "attack", "spaces": spaces} if spaces else None


# =====================================================================================================
# 8.9.3 Special Activities: Cultivate, Traffic, Suborn
# =====================================================================================================
def suborn_removes_control(s, sp) -> str | None:
    """The Suborn mode (4.5.3) that would end COIN or Taliban Control in ``sp``, or None."""
    if not CONTROLLABLE_LIST[sp]:
        return None
    total = sum(s.rows[sp])
    coin, tal = board.coin_pieces(s, sp), board.pieces_of(s, sp, "taliban")
    if 2 * coin > total:
        k = min(3, board.gov_cubes(s, sp))
        if k and 2 * (coin - k) <= total - k:
            return "suborn_cubes"
        if s.rows[sp][GOV_BASE] and 2 * (coin - 1) <= total - 1:
            return "suborn_base"
    elif 2 * tal > total and board.guerrillas(s, sp, "taliban") and 2 * (tal - 1) <= total - 1:
        return "suborn_guerrilla"
    return None


def suborn_next(ctx) -> tuple[int, str] | None:
    """8.9.3 SUBORN box: the next space and mode. Preliminaries: Resources stay at 41+. Bullet 1: spaces
    where Suborn lowers the Government Player's margin (ending COIN Control; [interp] each space by its
    Pop, at most 4), greatest first; bullet 2: one highest-Pop Afghan space whose Control (any) Suborn
    ends."""
    s = ctx.state
    game = ctx.game
    if s.resources[F] - warlords_sa.suborn_cost(game) < SUBORN_FLOOR:
        return None
    legal = set(ctx.selectable(F, "suborn", True)) if ctx.state.turn is not None else set()
    if ctx.is_player("government"):
        c1 = [sp for sp in legal if AFGHAN_LIST[sp] and board.pop(s, sp) >= 1 and board.coin_control(s, sp)
              and suborn_removes_control(s, sp)]
        sp = ctx.pick(c1, lambda x: min(4, board.pop(s, x)))
        if sp is not None:
            return sp, suborn_removes_control(s, sp)
    if not ctx.plan.get("suborn_b2"):
        c2 = [sp for sp in legal if AFGHAN_LIST[sp] and board.pop(s, sp) >= 1 and suborn_removes_control(s, sp)]
        sp = ctx.pick(c2, lambda x: board.pop(s, x))
        if sp is not None:
            ctx.plan["suborn_b2"] = True
            return sp, suborn_removes_control(s, sp)
    return None


def suborn_possible(ctx) -> bool:
    """Would the SUBORN box select any space now? (Judged before any bullet-2 space is taken.)"""
    saved = ctx.plan.get("suborn_b2")
    nxt = suborn_next(ctx)
    if saved is None:
        ctx.plan.pop("suborn_b2", None)
    else:
        ctx.plan["suborn_b2"] = saved
    return nxt is not None


def cultivate_space(ctx) -> int | None:
    """8.9.3 CULTIVATE bullets 2-3: among the Operation's spaces, one with a Warlord Base first, then one
    without; highest Pop within each."""
    s = ctx.state
    legal = [sp for sp in range(N_SPACES) if warlords_sa.cultivate_ok(ctx.game, sp)]
    with_base = [sp for sp in legal if board.bases(s, sp, F)]
    return ctx.pick(with_base or legal, lambda x: board.pop(s, x))


def cultivate_extra_rally(ctx) -> int | None:
    """8.9.3 CULTIVATE bullet 4: one more Rally space (highest Pop) after which Cultivate is possible."""
    s = ctx.state
    game = ctx.game
    if s.turn is None or s.turn.get("op") != "rally" or board.available(s, WARLORD_BASE) < 1:
        return None
    chosen = s.turn["op_spaces"]
    avail_g = board.available(s, WARLORD_G)
    cands = []
    for sp in CONTROLLABLE:
        if sp in chosen or not board.is_province(sp) or PAKISTAN_LIST[sp] or board.pop(s, sp) < 1:
            continue
        if not board.has_room_for_base(s, sp) or not insurgent_ops.rally_space_ok(game, F, sp):
            continue
        if s.resources[F] < insurgent_ops.rally_cost(game, F, sp):
            continue
        placed = _rally_place_n(ctx, sp, avail_g, board.bases(s, sp, F))
        if board.guerrillas(s, sp, F) + placed > board.count(s, sp, POLICE):
            cands.append(sp)
    return ctx.pick(cands, lambda x: board.pop(s, x))


def traffic_spaces(ctx) -> list[int]:
    """8.9.3 TRAFFIC: all uncontrolled Warlord Base spaces, then the others unless a Player gets
    Resources (Taliban Control) or Patronage (COIN Control, the Government's)."""
    s = ctx.state
    rows = ctx.rows()
    legal = [sp for sp in range(N_SPACES) if warlords_sa.traffic_ok_row(rows[sp])]
    first = [sp for sp in legal if not board.coin_control(s, sp) and not board.taliban_control(s, sp)]
    then = []
    for sp in legal:
        if sp in first:
            continue
        gain = warlords_sa.traffic_gain(s, sp)
        if (gain["taliban"] and ctx.is_player("taliban")) or (gain["patronage"] and ctx.is_player("government")):
            continue
        then.append(sp)
    return first + then


def decide_sa(ctx) -> None:
    """8.9.3 / 8.9.4: after Rally or March the SA chain starts with Cultivate (< 43 Resources) or Suborn
    and falls through Cultivate -> Traffic -> Suborn -> Cultivate until each was tried; after Terror or
    Attack only Suborn. Leaves ``plan["sa"]`` (key or None) and, for Cultivate's bullet 4,
    ``plan["extra_rally"]``."""
    plan = ctx.plan
    op = plan.get("op")
    plan["sa_decided"] = True
    plan["sa"] = None
    if op in ("terror", "attack"):
        if suborn_possible(ctx):
            plan["sa"] = "suborn"
        return
    chain = ["cultivate", "traffic", "suborn"]
    start = 0 if ctx.state.resources[F] < CULTIVATE_BELOW else 2
    for i in range(3):
        key = chain[(start + i) % 3]
        if key == "cultivate":
            if last_campaign_skip(ctx):
                continue                        # bullet 1: straight to Traffic
            if cultivate_space(ctx) is not None:
                plan["sa"] = "cultivate"
                return
            extra = cultivate_extra_rally(ctx)
            if extra is not None:
                plan["sa"] = "cultivate"
                plan["extra_rally"] = extra
                return
        elif key == "traffic":
            if traffic_spaces(ctx):
                plan["sa"] = "traffic"
                return
        elif suborn_possible(ctx):
            plan["sa"] = "suborn"
            return


# =====================================================================================================
# 8.9.2 the chart
# =====================================================================================================
def _wl_facts(game) -> tuple:
    s = game.state
    locs = sum(board.guerrillas(s, sp, F) for sp in range(N_SPACES) if LOC_LIST[sp])
    return (board.victory_totals(s)["warlords"], s.resources[F], locs, int(s.pieces[:N_SPACES, WARLORD_BASE].sum()))


@flowchart("warlords")
class WarlordsChart(Flowchart):
    faction = F
    event_questions = ("momentum", "capability")         # 8.9.2: Momentum first, then Capability

    def event_conditions(self, ctx, card) -> bool:
        """8.9.2: the shaded text increases Uncontrolled Population or Warlord Resources, or places Warlord
        Guerrillas on LoCs or Warlord Bases on the map."""
        after = probe_event(ctx, card, "shaded")
        if after is None:
            return False
        u0, r0, l0, b0 = _wl_facts(ctx.game)
        u1, r1, l1, b1 = _wl_facts(after)
        return u1 > u0 or r1 > r0 or l1 > l0 or b1 > b0

    def low_resources(self, ctx) -> bool:
        """8.1 / 8.9.2: the Warlords Pass at 0 Resources."""
        return ctx.state.resources[F] == 0

    def choose_operation(self, ctx) -> str | None:
        """8.9.3-8.9.6 trigger chain with the skips; the chosen plan goes to ``ctx.plan``."""
        plan = None
        if rally_bullet1(ctx) and (plan := plan_rally(ctx, need_bullet1=True)):        # 8.9.3 trigger
            pass
        elif not player_margin_positive(ctx):                                          # 8.9.4 trigger
            plan = self._march_loop(ctx)
        elif terror_trigger(ctx):                                                      # 8.9.5 trigger
            plan = plan_terror(ctx)
        else:                                                                          # 8.9.6
            plan = plan_attack(ctx) or plan_terror(ctx)     # no Attack: Terror bullet one
            if plan is None:
                # [interp] Terror reached from Attack selects nothing and the chart names no exit: go on
                # through the remaining Operations to the March loop bullet (and Pass).
                plan = self._march_loop(ctx)
        if plan is None:
            ctx.plan["why"] = "8.9.4 bullet 5: no Operation possible in the loop -> Pass"
            return None
        ctx.plan.update(plan)
        return plan["op"]

    @staticmethod
    def _march_loop(ctx):
        """8.9.4 -> (no March) 8.9.3 bullet one -> (no Rally) 8.9.4 bullet one again: the loop, so bullet 5:
        March to a highest-Pop space, else Pass (None)."""
        return plan_march(ctx) or plan_rally(ctx) or plan_march(ctx, loop=True)


# =====================================================================================================
# handlers
# =====================================================================================================
def _activity_key(ctx) -> str:
    return ctx.game.activities[F][ctx.frame["activity"]].key


def _ensure_plan(ctx, key: str) -> dict:
    """The plan for the Operation in progress (an Operation not planned at the sequence-of-play choice,
    e.g. a free one from an Event: planned now by the same priorities)."""
    plan = ctx.plan
    if plan.get("op") != key or "planned" not in plan:
        if plan.get("op") != key:
            fresh = {"rally": plan_rally, "march": plan_march, "terror": plan_terror, "attack": plan_attack}[key](ctx)
            plan.clear()
            plan.update(fresh or {"op": key})
        plan["planned"] = True
        plan.setdefault("i", 0)
    return plan


def _next_op_space(ctx, plan) -> int | None:
    legal = set(ctx.legal_spaces())
    key = plan["op"]
    items = plan.get("moves" if key == "march" else "spaces", [])
    while plan["i"] < len(items):
        item = items[plan["i"]]
        sp = item[0] if isinstance(item, list) else item
        plan["i"] += 1
        if sp in legal:
            return sp
    return None


@on_prompt("op_select", F)
def op_select(ctx) -> int | None:
    """8.2: feed the planned spaces; the Rally 1a Suborn first; the SA per the 8.9.3 boxes once the
    planned spaces are done (Cultivate's extra Rally space first)."""
    key = _activity_key(ctx)
    plan = _ensure_plan(ctx, key)
    turn = ctx.state.turn
    sa_free = turn is not None and not turn["sa_done"]
    # 8.9.3 bullet 1a: Suborn against the Government Base before that Rally
    if plan.get("suborn_first") and sa_free and not plan.get("sa_started"):
        if ctx.has(ctx.sa("suborn")):
            plan["sa_started"] = "suborn"
            plan["sa"] = "suborn"
            return ctx.sa("suborn")
    # 8.9.3 bullet 2 (and CULTIVATE bullet 4): Rally AND then Cultivate there, at once (8.2 Important)
    at = plan.get("cultivate_at")
    if at is not None and sa_free and not plan.get("sa_started") and at in turn["op_spaces"]:
        plan["sa_started"] = "cultivate"
        plan["sa"] = "cultivate"
        if ctx.has(ctx.sa("cultivate")):
            return ctx.sa("cultivate")
    sp = _next_op_space(ctx, plan)
    if sp is not None:
        return ctx.space(sp)
    if sa_free and not plan.get("sa_started") and not plan.get("sa_done_by_op"):
        if not plan.get("sa_decided"):
            decide_sa(ctx)
        extra = plan.pop("extra_rally", None)
        if extra is not None and ctx.has(ctx.space(extra)):
            plan["cultivate_at"] = extra
            plan.setdefault("spaces", []).append([extra, "place"])
            plan["i"] = len(plan["spaces"])
            return ctx.space(extra)
        sa = plan.get("sa")
        if sa and ctx.has(ctx.sa(sa)):
            plan["sa_started"] = sa
            return ctx.sa(sa)
    return ctx.done if ctx.has(ctx.done) else None


@on_choice("coin_sa_after_op", F)
def sa_after_op(ctx) -> int | None:
    """After the Operation: the SA the 8.9.3 boxes chose, if not yet done."""
    plan = ctx.plan
    if plan.get("sa_started") or plan.get("sa_done_by_op"):
        return ctx.done
    if not plan.get("sa_decided"):
        decide_sa(ctx)
    sa = plan.get("sa")
    if sa and ctx.has(ctx.sa(sa)):
        plan["sa_started"] = sa
        return ctx.sa(sa)
    return ctx.done


@on_prompt("sa_select", F)
def sa_select(ctx) -> int | None:
    plan = ctx.plan
    key = _activity_key(ctx)
    legal = set(ctx.legal_spaces())
    if key == "suborn":
        # 8.9.3 bullet 1a spaces first (removing the Government Base), then the SUBORN box (NOTE)
        for sp in plan.get("suborn_first", []):
            done = plan.setdefault("suborn_done", [])
            if sp not in done and sp in legal:
                done.append(sp)
                plan.setdefault("suborn_modes", {})[str(sp)] = "suborn_base"
                return ctx.space(sp)
        nxt = suborn_next(ctx)
        if nxt is not None and nxt[0] in legal:
            plan.setdefault("suborn_modes", {})[str(nxt[0])] = nxt[1]
            return ctx.space(nxt[0])
        return ctx.done if ctx.has(ctx.done) else None
    if key == "cultivate":
        at = plan.get("cultivate_at")
        if at is not None and at in legal:
            return ctx.space(at)
        sp = cultivate_space(ctx)
        if sp is not None:
            return ctx.space(sp)
        return ctx.done if ctx.has(ctx.done) else None
    if key == "traffic":
        for sp in traffic_spaces(ctx):
            if sp in legal:
                return ctx.space(sp)
        return ctx.done if ctx.has(ctx.done) else None
    return None


@on_choice("adp_suborn_mode", F)
def suborn_mode(ctx) -> int | None:
    mode = ctx.plan.get("suborn_modes", {}).get(str(ctx.frame["space"]))
    if mode and ctx.has(ctx.mode(mode)):
        return ctx.mode(mode)
    for m in ("suborn_base", "suborn_cubes", "suborn_guerrilla", "suborn_flip"):
        if ctx.has(ctx.mode(m)):
            return ctx.mode(m)
    return None


@on_choice("adp_suborn_guerrilla", F)
def suborn_guerrilla(ctx) -> int | None:
    """8.2.1: an enemy's Underground Guerrilla before an Active one."""
    return ctx.piece(TALIBAN_G) if ctx.has(ctx.piece(TALIBAN_G)) else ctx.piece(TALIBAN_G_ACTIVE)


@on_prompt("adp_suborn_pieces", F)
def suborn_pieces(ctx) -> int | None:
    """4.5.3 to the maximum extent: up to 3 Government cubes, Troops and Police at random (8.2.1); a flip
    turns the Warlords' own Guerrillas only ([interp] never the Taliban's)."""
    pieces = ctx.legal_pieces()
    if ctx.frame["what"] == "cubes":
        cubes = sorted(p for p in pieces if p in (GOV_TROOPS, POLICE))
        if cubes:
            return ctx.piece(cubes[ctx.below(len(cubes))] if len(cubes) > 1 else cubes[0])
        return ctx.done
    if WARLORD_G_ACTIVE in pieces:
        return ctx.piece(WARLORD_G_ACTIVE)
    return ctx.done if ctx.has(ctx.done) else ctx.piece(pieces[0])


@on_choice("adp_ins_rally_mode", F)
def rally_mode(ctx) -> int | None:
    """8.9.3: the planned mode (Base for bullet 1); otherwise place while Guerrillas are Available, then
    flip Underground (NOTE)."""
    sp = ctx.frame["space"]
    planned = next((m for s_, m in ctx.plan.get("spaces", []) if s_ == sp), "place")
    for m in (planned, "place", "flip", "nothing"):
        if ctx.has(ctx.mode("rally_" + m)):
            return ctx.mode("rally_" + m)
    return None


@on_choice("adp_ins_rally_count", F)
def rally_count(ctx) -> int:
    """8.9.3 NOTE: place as many Guerrillas as possible."""
    return ctx.max_count()


@on_choice("adp_ins_rally_base_active", F)
def rally_base_active(ctx) -> int:
    """8.2.1: own Active Guerrillas are replaced before Underground ones."""
    return ctx.max_count()


def _march_frame(ctx) -> dict:
    return next(f for f in reversed(ctx.state.frames) if f.get("kind") == "adp_ins_march")


def _group(ctx, dest, origin):
    for d, groups in ctx.plan.get("moves", []):
        if d == dest:
            for o, nu, na in groups:
                if o == origin:
                    return nu, na
    return None


@on_prompt("adp_ins_march", F)
def march_origin(ctx) -> int | None:
    """8.9.4: the planned groups into this destination, one origin at a time."""
    frame = ctx.frame
    dest = frame["dest"]
    legal = set(ctx.legal_spaces())
    for d, groups in ctx.plan.get("moves", []):
        if d != dest:
            continue
        for o, nu, na in groups:
            if o not in frame["from"] and o in legal and nu + na > 0:
                return ctx.space(o)
    if ctx.has(ctx.done):
        return ctx.done
    return None


@on_choice("adp_ins_march_under", F)
def march_under(ctx) -> int:
    g = _group(ctx, _march_frame(ctx)["dest"], ctx.frame["origin"])
    return ctx.count_at_most(g[0] if g else 1)


@on_choice("adp_ins_march_active", F)
def march_active(ctx) -> int:
    g = _group(ctx, _march_frame(ctx)["dest"], ctx.frame["origin"])
    return ctx.count_at_most(g[1] if g else 1)
