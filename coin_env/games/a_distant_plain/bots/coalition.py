"""8.6 The Non-player Coalition flowchart.

* 8.6.1 Capabilities / Momentum in effect: PRTs (card 18), VSO (12), Predators (2), ISR (1), Tribal
  Elders (45). Their card texts are not known to the engine (no effect is implemented), so they only
  change what the bot *asks for* where the engine would let it anyway (PRTs: a second Civic Action
  space is requested but Train step 2 takes one; Predators: Pakistan Air Strike targets with a Base;
  ISR and VSO: noted where they would apply, nothing done; Tribal Elders: no Event is ever offered).
* 8.6.2 Pass, Event or Operations?: :meth:`CoalitionChart.event_conditions` and the trigger chain in
  :meth:`CoalitionChart.choose_operation` (Sweep -> Assault -> Train, with the "skip to ... bullet one"
  loop Sweep -> Assault -> Train -> Sweep ending in Pass).
* 8.6.3 Sweep (:func:`plan_sweep`), Air Lift (:func:`plan_air_lift`), Air Strike (:func:`strike_space`).
* 8.6.4 Assault (:func:`plan_assault`). 8.6.5 Train (:func:`plan_train`) and Surge (:func:`plan_surge`).
* 8.6.6 Propaganda: Civic Actions (:func:`civic_action`) and Redeploy (:func:`redeploy`).

The whole turn is planned at the sequence-of-play choice (8.2 "first select all the spaces") and kept
in ``ctx.plan`` as plain lists; the prompt handlers below feed it to the engine one answer at a time and
re-check legality at each step. Special Activities that a flowchart bullet triggers inside the Operation
are started at the first ``op_select`` (8.2 IMPORTANT); the others are decided after the Operation, on
the board as it then stands.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, BASE, COALITION_BASE, COALITION_TROOPS, GOV_TROOPS,
                           INSURGENTS, PIECE_OWNER, POLICE, TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE,
                           WARLORD_G)
from ..rules import coalition_sa, coin_ops
from ..rules import propaganda as prop
from ..static import (AFGHAN_PROVINCES, AFGHAN_PROVINCE_LIST, AVAILABLE, CONTROLLABLE, KABUL, LOC_LIST, N_SPACES,
                      PAKISTAN_LIST)
from . import guidelines
from .flowchart import Flowchart, probe_event
from .registry import flowchart, on_choice, on_prompt

F = "coalition"
ISR, PREDATORS, VSO, PRTS = 1, 2, 12, 18            # 8.6.1 (card numbers, data/cards.py)
SWEEP_SPACES = [KABUL] + list(AFGHAN_PROVINCES)


# =====================================================================================================
# small board facts
# =====================================================================================================
def capability(s, card: int) -> bool:
    """8.6.1: is the unshaded Capability ``card`` in effect?"""
    return any(e["name"] == "capability" and e["card"] == card and e["side"] == "unshaded" for e in s.lasting)


def support(s, sp) -> int:
    level = s.support_list[sp]
    return level if level and board.can_have_support(s, sp) else 0       # Neutral: nothing to check


def pop(s, sp) -> int:
    return s.data.pop_list[sp] + s.returnees_list[sp]          # board.pop, read here without a further call


def underground(s, sp) -> int:
    """Underground Guerrillas of both Insurgents (board.underground of each), read from the row at once."""
    r = s.rows[sp]
    return r[TALIBAN_G] + r[WARLORD_G]


def coal(s, sp) -> int:
    return s.rows[sp][COALITION_TROOPS]


def gtroops(s, sp) -> int:
    return s.rows[sp][GOV_TROOPS]


def has_cbase(s, sp) -> bool:
    return s.rows[sp][COALITION_BASE] > 0


def player_insurgents(ctx) -> list[str]:
    return [f for f in INSURGENTS if ctx.is_player(f)]


def support_total(s) -> int:
    """Total Support on the map (the Coalition's victory marker counts it, 1.9)."""
    return sum(pop(s, sp) for sp in CONTROLLABLE if support(s, sp) > 0)


# =====================================================================================================
# 8.6.2 the chart
# =====================================================================================================
@flowchart(F)
class CoalitionChart(Flowchart):
    faction = F
    event_questions = ("capability", "momentum")       # 8.6.2: Capability first, then Momentum

    def event_conditions(self, ctx, card) -> bool:
        """8.6.2 bullets: either side of the card (probed on a clone) would shift Support up or
        Opposition down, place or remove Taliban Bases or Coalition pieces, or (Taliban a Player)
        shift the Islamabad track. (Effectiveness of the unshaded side is checked by sequence.py.)"""
        s = ctx.state
        before = _event_facts(s)
        for side in ("unshaded", "shaded"):
            g = probe_event(ctx, card, side)
            if g is None:
                continue
            after = _event_facts(g.state)
            if any(a > b for a, b in zip(after["support"], before["support"])):
                return True                                     # bullet 1
            if after["taliban_bases"] != before["taliban_bases"] or after["coalition"] != before["coalition"]:
                return True                                     # bullet 2
            if ctx.is_player("taliban") and after["islamabad"] != before["islamabad"]:
                return True                                     # bullet 3
        return False

    def low_resources(self, ctx) -> bool:
        return False            # 8.1 NOTE: the Coalition operates even when the Government is broke

    def choose_operation(self, ctx) -> str | None:
        """8.6.2 -> 8.6.3 / 8.6.4 / 8.6.5 trigger chain. "If no such X was possible, skip to Y bullet
        one" jumps past Y's trigger; a full round Sweep -> Assault -> Train -> Sweep without any
        Operation ends in Pass (loop guard)."""
        start = "train"
        if _sweep_trigger(ctx):                                   # 8.6.3 trigger
            start = "sweep"
        elif _assault_trigger(ctx):                               # 8.6.4 trigger (no Sweep occurred)
            start = "assault"
        chain = {"sweep": "assault", "assault": "train", "train": "sweep"}
        op, tried = start, set()
        while op not in tried:                                    # loop guard
            tried.add(op)
            if _available(ctx, op):
                plan = PLANNERS[op](ctx, tried)
                if plan is not None:
                    ctx.plan.update(plan)
                    ctx.plan["sa_used"] = False
                    return op
            op = chain[op]
        return None


def _available(ctx, op: str) -> bool:
    return ctx.game.operation_available(F, ctx.op(op))


def _event_facts(s) -> dict:
    return {"support": [int(x) for x in s.support[:N_SPACES]],
            "taliban_bases": int(s.pieces[:N_SPACES, TALIBAN_BASE].sum()),
            "coalition": [s.rows[sp][c] for sp in range(N_SPACES) for c in (COALITION_TROOPS, COALITION_BASE)],
            "islamabad": (s.islamabad, s.islamabad_hard)}


# =====================================================================================================
# 8.6.3 Sweep
# =====================================================================================================
def _sweep_trigger(ctx) -> bool:
    """8.6.3: an Underground Taliban Guerrilla in a Support space, OR an Underground Guerrilla of a
    Player faction in a Coalition Base space."""
    s = ctx.state
    players = player_insurgents(ctx)
    for sp in CONTROLLABLE:
        if board.underground(s, sp, "taliban") and support(s, sp) > 0:
            return True
        if has_cbase(s, sp) and any(board.underground(s, sp, f) for f in players):
            return True
    return False


class _Cubes:
    """Simulated cube counts for planning moves (Coalition Troops, Government Troops, Police)."""

    def __init__(self, s):
        self.s = s
        self.c = dict(enumerate(s.pieces[:N_SPACES, COALITION_TROOPS].tolist()))     # {space: coal(s, space)}
        self.g = dict(enumerate(s.pieces[:N_SPACES, GOV_TROOPS].tolist()))          # {space: gtroops(s, space)}
        self.moved = {}                                     # space -> cubes that arrived (may not move again)
        self._keeps: dict = {}                              # space -> :meth:`lift_keeps`

    def lift_keeps(self, sp) -> tuple[bool, bool, bool]:
        """(a Coalition Base, Coalition pieces, a non-Pashtun Support space) in ``sp``: the board facts of
        the Air Lift preliminaries, which the planned moves do not change (read once per space)."""
        keeps = self._keeps.get(sp)
        if keeps is None:
            s = self.s
            keeps = self._keeps[sp] = (has_cbase(s, sp), board.pieces_of(s, sp, "coalition") > 0,
                                       support(s, sp) > 0 and not s.data.pashtun_list[sp])
        return keeps

    def cubes(self, sp) -> int:
        return self.c[sp] + self.g[sp] + self.s.rows[sp][POLICE]

    def activations(self, sp) -> int:
        """3.2.3 Coalition Sweep: 1 per COIN cube where a Coalition piece is, else per Government cube."""
        if self.c[sp] + self.s.rows[sp][COALITION_BASE] > 0:
            return self.cubes(sp)
        return self.g[sp] + self.s.rows[sp][POLICE]

    def move(self, src, dst, c, g):
        self.c[src] -= c
        self.g[src] -= g
        self.c[dst] += c
        self.g[dst] += g
        m = self.moved.setdefault(dst, [0, 0])
        m[0] += c
        m[1] += g


def _sweep_keep(s, cubes: _Cubes, sp) -> tuple[int, int, int]:
    """8.6.3 Sweep preliminaries for an origin: (Coalition Troops, Government Troops, cubes in all)
    that must stay: any faction's last cube at a Coalition Base; the cubes a Sweep in this Support
    space needs; the last three cubes of a non-Pashtun space with Support."""
    keep_c = keep_g = keep_all = 0
    r = s.rows[sp]                   # has_cbase and underground, read from the row
    if r[COALITION_BASE] > 0:
        keep_c = 1
        keep_g = 0 if r[POLICE] > 0 else 1
    if support(s, sp) > 0:
        keep_all = max(keep_all, r[TALIBAN_G] + r[WARLORD_G])
        if not s.data.pashtun_list[sp]:
            keep_all = max(keep_all, 3)
    return keep_c, keep_g, keep_all


def _sweep_spare(s, cubes: _Cubes, sp) -> tuple[int, int]:
    """Coalition Troops (and Government Troops to go along) that may still leave ``sp``: not those
    that arrived in this Sweep (each cube moves once, 3.2.3), nor those the preliminaries keep."""
    keep_c, keep_g, keep_all = _sweep_keep(s, cubes, sp)
    arrived = cubes.moved.get(sp, [0, 0])
    c = max(0, cubes.c[sp] - arrived[0] - keep_c)
    g = max(0, cubes.g[sp] - arrived[1] - keep_g)
    room = max(0, cubes.cubes(sp) - keep_all)
    c = min(c, room)
    g = min(g, max(0, room - c))
    return c, g


def _origins(s, sp) -> list[int]:
    """3.2.3 reach of a Sweep into ``sp`` (adjacent, or via an unSabotaged adjacent LoC), never Pakistan
    (the rules' :func:`coin_ops.sweep_near`, map order, read from the map's table where no LoC next to
    ``sp`` is Sabotaged)."""
    return [o for o in coin_ops.sweep_near(s, sp) if not PAKISTAN_LIST[o]]


def _plan_sweep_into(ctx, cubes: _Cubes, sp, gov_budget: list, bring_gov: bool, maximum: bool) -> list:
    """Moves [origin, Coalition Troops, Government Troops] into ``sp`` until every Underground
    Guerrilla there can be Activated (``maximum``: all spare Coalition Troops able to come, 8.6.3
    bullet 3 "maximum Coalition Troops"). Government Troops come along (1 per Coalition Troop) where
    fewer than 2 Government cubes are, paying 3 once per destination (8.6.3 preliminaries)."""
    s = ctx.state
    moves = []
    need = underground(s, sp)
    origins = [o for o in _origins(s, sp) if _sweep_spare(s, cubes, o)[0] > 0]
    # most spare Troops first (fewest spaces used), ties by 8.4
    origins = ctx.order(origins, lambda o: _sweep_spare(s, cubes, o)[0])
    paid = False
    for o in origins:
        short = need - cubes.activations(sp)
        if not maximum and short <= 0:
            break
        c_spare, g_spare = _sweep_spare(s, cubes, o)
        c = c_spare if maximum else min(c_spare, short)
        gov_here = cubes.g[sp] + s.rows[sp][POLICE]
        g = 0
        if bring_gov and gov_here < 2 and g_spare and (paid or gov_budget[0] >= coin_ops.COST):
            g = min(c, g_spare, 2 - gov_here)
            if g and not paid:
                gov_budget[0] -= coin_ops.COST
                paid = True
        if c <= 0:
            continue
        cubes.move(o, sp, c, g)
        moves.append([o, c, g])
    return moves


def plan_sweep(ctx, tried=()) -> dict | None:
    """8.6.3 bullets 1-3; None if no Sweep space at all ("no such Sweep possible")."""
    s = ctx.state
    legal = set(ctx.selectable(F, "sweep"))
    # 8.6.1 ISR would pick the Sweep spaces to Activate the most enemies: its effect is not in the engine.
    cubes = _Cubes(s)
    gov_budget = [s.resources["government"]]
    spaces, chosen = [], set()
    # bullet 1: every reachable highest-Pop space with Support and enemies, highest Pop first
    cands = [sp for sp in SWEEP_SPACES if sp in legal and support(s, sp) > 0 and underground(s, sp)]
    shortfall = []
    for sp in ctx.order(cands, lambda x: pop(s, x)):
        moves = _plan_sweep_into(ctx, cubes, sp, gov_budget, True, False)
        if moves or cubes.activations(sp) > 0:
            spaces.append([sp, moves])
            chosen.add(sp)
            if cubes.activations(sp) < underground(s, sp):
                shortfall.append([sp, underground(s, sp) - cubes.activations(sp)])
    # bullet 2: everywhere in place (where a Sweep there Activates something)
    for sp in SWEEP_SPACES:
        if sp not in chosen and sp in legal and underground(s, sp) and cubes.activations(sp) > 0:
            spaces.append([sp, []])
            chosen.add(sp)
    # bullet 3: one reachable highest-Pop space (Pop 1+) with enemies; A at a Coalition Base,
    # B most Bases; maximum Coalition Troops
    cands = [sp for sp in SWEEP_SPACES if sp in legal and sp not in chosen and pop(s, sp) >= 1 and underground(s, sp)
             and any(_sweep_spare(s, cubes, o)[0] for o in _origins(s, sp))]
    sp = ctx.pick(cands, lambda x: pop(s, x), lambda x: int(has_cbase(s, x)), lambda x: board.bases(s, x))
    if sp is not None:
        moves = _plan_sweep_into(ctx, cubes, sp, gov_budget, True, True)
        if moves:
            spaces.append([sp, moves])
    if not spaces:
        return None
    plan = {"spaces": spaces, "sa_first": None}
    # 8.6.3 bullet 1: Underground Guerrillas left un-Activated in a bullet-1 space -> Air Lift now
    if shortfall and ctx.game.activities[F][ctx.sa("air_lift")].available(ctx.game):
        lift = plan_air_lift(ctx, shortfall=shortfall, cubes=cubes)
        if lift is not None:
            plan["sa_first"] = lift
    return plan


# =====================================================================================================
# 8.6.3 Air Lift
# =====================================================================================================
def _lift_spare(s, cubes: _Cubes, sp, piece) -> int:
    """8.6.3 Air Lift preliminaries: never the last Coalition Troop of a Coalition Base, the last two
    Government Troops where Coalition pieces are, the last three cubes of a non-Pashtun Support space."""
    cbase, coalition, support_space = cubes.lift_keeps(sp)
    if piece == COALITION_TROOPS:
        n = cubes.c[sp] - (1 if cbase else 0)
    else:
        n = cubes.g[sp] - (2 if coalition else 0)
    if support_space:
        n = min(n, cubes.cubes(sp) - 3)
    n -= cubes.moved.get(sp, [0, 0])[0 if piece == COALITION_TROOPS else 1]
    return max(0, n)


def plan_air_lift(ctx, shortfall=(), cubes=None) -> dict | None:
    """8.6.3 Air Lift: moves among at most 3 spaces, at most 3 Government Troops.

    ``shortfall``: [space, Activations missing] of Sweep bullet 1 (or Assault pieces missing, 8.6.4):
    served first -- by Government Troops the Air Lift priorities send there, otherwise by random
    Coalition Troops -- then the Air Lift priorities complete the Special Activity."""
    s = ctx.state
    cubes = cubes or _Cubes(s)
    lift = {"key": "air_lift", "spaces": [], "moves": []}
    gov_left = [coalition_sa.AIR_LIFT_MAX_GOV_TROOPS]
    ok_space = [sp for sp in range(N_SPACES) if not PAKISTAN_LIST[sp]]

    def room(*sps):
        return len(set(lift["spaces"]) | set(sps)) <= coalition_sa.MAX_SPACES

    def add(src, dst, piece, n):
        for sp in (src, dst):
            if sp not in lift["spaces"]:
                lift["spaces"].append(sp)
        lift["moves"].append([src, dst, piece, n])
        if piece == COALITION_TROOPS:
            cubes.move(src, dst, n, 0)
        else:
            cubes.move(src, dst, 0, n)
            gov_left[0] -= n

    # sources of Air Lift bullet 2: Coalition Base spaces where Government Troops are not outnumbered
    def b2_sources():
        cands = [sp for sp in ok_space if has_cbase(s, sp) and cubes.g[sp] >= cubes.c[sp] > 0
                 and _lift_spare(s, cubes, sp, GOV_TROOPS) > 0]
        return ctx.order(cands, lambda x: -int(support(s, x) > 0), lambda x: pop(s, x))

    # bullet 1 targets: Coalition AND Taliban pieces, no Government cubes. Only the Government Troops
    # change while the Air Lift is planned (``cubes``): the rest is read once.
    rows = ctx.rows()           # board.pieces_of the Coalition / the Taliban, read from the decision's rows
    both = [sp for sp in ok_space if rows[sp][COALITION_TROOPS] + rows[sp][COALITION_BASE]
            and rows[sp][TALIBAN_G] + rows[sp][TALIBAN_G_ACTIVE] + rows[sp][TALIBAN_BASE]
            and not rows[sp][POLICE]]

    def b1_targets():
        return [sp for sp in both if cubes.g[sp] == 0]

    def gov_into(dst, want):
        got = 0
        srcs = b2_sources()
        others = [sp for sp in ok_space if sp != dst and sp not in srcs and _lift_spare(s, cubes, sp, GOV_TROOPS) > 0]
        for src in srcs + ctx.order(others):
            if got >= want or gov_left[0] <= 0:
                break
            if src == dst or not room(src, dst):
                continue
            n = min(want - got, _lift_spare(s, cubes, src, GOV_TROOPS), gov_left[0])
            if n > 0:
                add(src, dst, GOV_TROOPS, n)
                got += n
        return got

    # Sweep/Assault shortfall first: (1) Air Lift priorities into it, (2) random Coalition Troops
    for dst, missing in shortfall:
        if dst in b1_targets():
            missing -= gov_into(dst, min(2, missing))
        if missing <= 0:
            continue
        srcs = [sp for sp in ok_space if sp != dst and _lift_spare(s, cubes, sp, COALITION_TROOPS) > 0]
        for src in ctx.order(srcs):
            if missing <= 0:
                break
            if not room(src, dst):
                continue
            n = min(missing, _lift_spare(s, cubes, src, COALITION_TROOPS))
            add(src, dst, COALITION_TROOPS, n)
            missing -= n
    # bullet 1: up to two Government Troops into each Coalition + Taliban space without Government cubes
    for dst in ctx.order(b1_targets()):
        gov_into(dst, 2)
    # bullet 2: Government Troops out of Coalition Base spaces until the Coalition Troops outnumber them
    for src in b2_sources():
        n = min(cubes.g[src] - cubes.c[src] + 1, _lift_spare(s, cubes, src, GOV_TROOPS), gov_left[0])
        if n <= 0 or cubes.g[src] - n >= cubes.c[src]:
            continue
        dsts = [d for d in b1_targets() if d != src and room(src, d)]
        if not dsts:
            # a random space where they do not take a forthcoming Coalition Civic Action away
            dsts = [d for d in ok_space if d != src and room(src, d) and not _ca_disabled(s, cubes, d, n)]
        if not dsts:
            continue
        pref = [d for d in dsts if d in lift["spaces"]]
        dst = ctx.random_space(pref or dsts)
        add(src, dst, GOV_TROOPS, n)
    if not lift["moves"]:
        return None
    return lift


def _ca_disabled(s, cubes: _Cubes, sp, n) -> bool:
    """Would ``n`` more Government Troops in ``sp`` take a Coalition Propaganda Civic Action there away
    (6.4.1: the faction with more Troops decides)? Also never onto another Coalition Base."""
    if has_cbase(s, sp):
        return True
    could = board.coin_control(s, sp) and s.rows[sp][POLICE] > 0 and cubes.c[sp] >= cubes.g[sp] and cubes.c[sp] > 0
    return bool(could and cubes.c[sp] < cubes.g[sp] + n)


# =====================================================================================================
# 8.6.3 Air Strike
# =====================================================================================================
def _strike_candidates(ctx) -> list[int]:
    """8.6.3 preliminaries: Afghan Provinces (8.6.1 Predators: also Pakistan where a Base would go)."""
    s = ctx.state
    legal = set(ctx.legal_spaces()) if ctx.kind == "sa_select" else set(coalition_sa.air_strike_spaces(ctx.game))
    out = [sp for sp in legal if AFGHAN_PROVINCE_LIST[sp]]
    if capability(s, PREDATORS):
        out += [sp for sp in legal if PAKISTAN_LIST[sp] and any(p in BASE.values()
                                                               for p in coalition_sa.air_strike_targets(s, sp))]
    return out


def _faction_rank(ctx):
    order = ctx.target_factions(list(INSURGENTS))
    return {f: i for i, f in enumerate(order)}


def _strike_piece(ctx, sp, rank) -> int | None:
    """The piece type an Air Strike in ``sp`` takes: a Base first, then the Guerrilla that is its
    faction's last there, then by faction (a Player, the Taliban, the Warlords)."""
    s = ctx.state
    targets = coalition_sa.air_strike_targets(s, sp)
    if not targets:
        return None
    return min(targets, key=lambda p: (p not in BASE.values(),
                                       not (p in ACTIVE_GUERRILLA.values()
                                            and board.guerrillas(s, sp, PIECE_OWNER[p]) == 1),
                                       rank[PIECE_OWNER[p]], p))


def strike_space(ctx, cands) -> int | None:
    """8.6.3 Air Strike: Bases, then Guerrillas; within both A Support, B Coalition Base, C a faction's
    last Guerrilla, D pieces of a random Player, then the Taliban, then the Warlords."""
    s = ctx.state
    rank = _faction_rank(ctx)
    # each space's piece, worked out once: the keys below read it up to four times per space
    pieces = {sp: _strike_piece(ctx, sp, rank) for sp in cands}
    piece = pieces.__getitem__
    cands = [sp for sp in cands if piece(sp) is not None]
    return ctx.pick(cands, lambda sp: int(piece(sp) in BASE.values()), lambda sp: int(support(s, sp) > 0),
                    lambda sp: int(has_cbase(s, sp)),
                    lambda sp: int(piece(sp) in ACTIVE_GUERRILLA.values()
                                   and board.guerrillas(s, sp, PIECE_OWNER[piece(sp)]) == 1),
                    lambda sp: -rank[PIECE_OWNER[piece(sp)]])


def strike_worth(ctx) -> bool:
    """8.6.3 / 8.6.4 after the Operation: could Air Strike remove any Base, or the last piece of a
    Player faction in a space at Support or with a Base of any faction?"""
    s = ctx.state
    players = player_insurgents(ctx)
    for sp in _strike_candidates(ctx):
        targets = coalition_sa.air_strike_targets(s, sp)
        if any(p in BASE.values() for p in targets):
            return True
        for f in players:
            if (ACTIVE_GUERRILLA[f] in targets and board.pieces_of(s, sp, f) == 1
                    and (support(s, sp) > 0 or board.bases(s, sp) > 0)):
                return True
    return False


# =====================================================================================================
# 8.6.4 Assault
# =====================================================================================================
def _assault_removes(s, sp, strength: int) -> list[int]:
    """The pieces an Assault of ``strength`` would remove in ``sp`` (removal.py "assault": Active
    Guerrillas, a faction's Bases once it has no Guerrillas there), Bases sought first."""
    out = []
    left = strength
    for f in sorted(INSURGENTS, key=lambda f: -(board.bases(s, sp, f) > 0 and board.underground(s, sp, f) == 0)):
        a = min(left, board.active_guerrillas(s, sp, f))
        out += [ACTIVE_GUERRILLA[f]] * a
        left -= a
        if board.underground(s, sp, f) == 0 and a == board.active_guerrillas(s, sp, f):
            b = min(left, board.bases(s, sp, f))
            out += [BASE[f]] * b
            left -= b
    return out


def _assault_goal(ctx, sp, strength: int) -> bool:
    """8.6.4: would this Assault remove a Player-controlled faction's Base, or any piece in a
    Support space?"""
    s = ctx.state
    removed = _assault_removes(s, sp, strength)
    if support(s, sp) > 0 and removed:
        return True
    return any(p == BASE[f] for f in player_insurgents(ctx) for p in removed)


def _strength(ctx, sp, with_gov: bool) -> int:
    return coin_ops.assault_strength(ctx.game, F, sp, with_government=with_gov)


def _assault_spaces(ctx) -> list[int]:
    return ctx.selectable(F, "assault")


def _assault_trigger(ctx) -> bool:
    """8.6.4: Assault alone or with Air Strikes would remove a Player faction's Base or any piece of
    any faction in a Support space."""
    s = ctx.state
    strikes = ({sp for sp in coalition_sa.air_strike_spaces(ctx.game) if AFGHAN_PROVINCE_LIST[sp]}
               if _sa_possible(ctx, "air_strike", "assault") else set())
    gov_ok = s.resources["government"] >= coin_ops.COST
    for sp in _assault_spaces(ctx):
        n = _strength(ctx, sp, gov_ok) + (1 if sp in strikes else 0)
        if _assault_goal(ctx, sp, n):
            return True
    return False


def _sa_possible(ctx, sa: str, op: str) -> bool:
    act = ctx.game.activities[F][ctx.sa(sa)]
    return (act.accompanies is None or op in act.accompanies) and act.available(ctx.game)


def plan_assault(ctx, tried=()) -> dict | None:
    """8.6.4 bullets 1-2; None if no Assault would happen ("no such Assault possible")."""
    s = ctx.state
    spaces = _assault_spaces(ctx)
    gov_left = 1 if s.resources["government"] >= coin_ops.COST else 0    # preliminaries: up to one space
    b1 = []
    # bullet 1: Player or Taliban pieces -- Bases first, then pieces at Support
    targets = player_insurgents(ctx) + (["taliban"] if "taliban" not in player_insurgents(ctx) else [])

    def base_target(sp):
        return any(board.bases(s, sp, f) and board.underground(s, sp, f) == 0 for f in targets)

    def support_target(sp):
        return support(s, sp) > 0 and any(board.active_guerrillas(s, sp, f) for f in targets)
    strike_ok = _sa_possible(ctx, "air_strike", "assault")
    strikes = ({sp for sp in coalition_sa.air_strike_spaces(ctx.game) if AFGHAN_PROVINCE_LIST[sp]}
               if strike_ok else set())
    helpers, shortfall = [], []
    for group in (base_target, support_target):
        cands = [sp for sp in spaces if sp not in [x[0] for x in b1] and group(sp)]
        for sp in ctx.order(cands, lambda x: pop(s, x)):
            need = (sum(board.active_guerrillas(s, sp, f) + board.bases(s, sp, f) for f in targets
                        if board.bases(s, sp, f) and board.underground(s, sp, f) == 0)
                    if group is base_target else coin_ops.removable_by_assault(s, sp))
            own = _strength(ctx, sp, False)
            with_gov = False
            if own < need and gov_left and _strength(ctx, sp, True) > own:      # NOTE: Government Assault first
                with_gov, gov_left = True, 0
            n = _strength(ctx, sp, with_gov)
            if n < need and sp in strikes and len(helpers) < coalition_sa.MAX_SPACES:   # then an Air Strike
                helpers.append(sp)
                n += 1
            if n < need:                                                             # then an Air Lift
                shortfall.append([sp, need - n])
            b1.append([sp, with_gov])
    plan_spaces = list(b1)
    # bullet 2: everywhere in place, only if bullet 1 removed pieces or no other Operation is possible
    others = [op for op in ("sweep", "train") if op not in tried and _available(ctx, op)]
    if b1 or not others:
        for sp in ctx.order([sp for sp in spaces if sp not in [x[0] for x in b1]]):
            plan_spaces.append([sp, False])
    if not plan_spaces:
        return None
    plan = {"spaces": [[sp, g, []] for sp, g in plan_spaces], "sa_first": None}
    if helpers:
        plan["sa_first"] = {"key": "air_strike", "spaces": helpers}
    elif shortfall and _sa_possible(ctx, "air_lift", "assault"):
        lift = plan_air_lift(ctx, shortfall=shortfall)
        if lift is not None:
            plan["sa_first"] = lift
    return plan


# =====================================================================================================
# 8.6.5 Train
# =====================================================================================================
def _civic_steps(s, sp, budget: int) -> int:
    """Civic Action steps bought in ``sp`` with ``budget`` (3 each)."""
    return min(coin_ops.civic_action_steps(s, sp), budget // coin_ops.CIVIC_ACTION_COST)


def _shift(s, sp, steps: int) -> int:
    """Levels shifted toward Support by ``steps`` Civic Actions (Terror goes first)."""
    return max(0, steps - s.terror_list[sp])


def plan_train(ctx, tried=()) -> dict | None:
    """8.6.5 bullets 1-6 (Surge at bullet 3). Step 2 of Train (Civic Action / Patronage) is one
    space by 3.2.1 (two with PRTs in the book; the engine takes one): bullets 1, 2, 4 and 6 claim it
    in that order."""
    s = ctx.state
    legal = set(ctx.selectable(F, "train"))
    res = s.resources["government"]
    budget = ctx.two_thirds(res)                      # preliminaries: 2/3 of Res, no cap below 9
    n_civic = 2 if capability(s, PRTS) else 1         # 8.6.1 PRTs (the engine's step 2 takes one)
    spaces, step2 = [], []                            # step2: [space, mode, steps]

    def add(sp):
        if sp in spaces:
            return True
        if len(spaces) >= 3 or sp not in legal:
            return False
        spaces.append(sp)
        return True

    def coin_coal(sp):
        return board.coin_control(s, sp) and board.pieces_of(s, sp, "coalition") > 0
    # bullet 1: Government a Player and Patronage 11+: Train in Kabul, Patronage to Resources
    if ctx.is_player("government") and s.patronage >= 11 and "train_patronage" in coin_ops.train_step2_modes(
            ctx.game, F, KABUL) and add(KABUL):
        step2.append([KABUL, "train_patronage", 0])
    # bullet 2: Taliban a Player with 18+ Opposition + Bases: Civic Action removing the most Opposition
    if ctx.is_player("taliban") and board.victory_totals(s)["taliban"] >= 18:
        for _ in range(n_civic - len(step2)):
            cands = [sp for sp in legal if sp not in [x[0] for x in step2] and coin_coal(sp)
                     and _civic_steps(s, sp, budget) > 0 and support(s, sp) < 0 and board.can_have_support(s, sp)]
            sp = ctx.pick(cands, lambda x: pop(s, x) * min(-support(s, x), _shift(s, x, _civic_steps(s, x, budget))))
            if sp is None or not add(sp):
                break
            k = _civic_steps(s, sp, budget)
            budget -= 3 * k
            step2.append([sp, "train_civic_action", k])
    # bullet 3: a Coalition Base Available or the final Campaign -> Surge first
    surge = None
    if board.available(s, COALITION_BASE) > 0 or ctx.next_propaganda_final():
        surge = plan_surge(ctx)
    # bullet 4: one Coalition Base space with COIN Control: A greatest shift, B non-Pashtun, C no Taliban
    for _ in range(n_civic - len(step2)):
        cands = [sp for sp in legal if sp not in [x[0] for x in step2] and has_cbase(s, sp)
                 and board.coin_control(s, sp) and _civic_steps(s, sp, budget) > 0]
        sp = ctx.pick(cands, lambda x: pop(s, x) * _shift(s, x, _civic_steps(s, x, budget)),
                      lambda x: int(not s.data.pashtun_list[x]), lambda x: int(board.pieces_of(s, x, "taliban") == 0))
        if sp is None or not add(sp):
            break
        k = _civic_steps(s, sp, budget)
        budget -= 3 * k
        step2.append([sp, "train_civic_action", k])
    # bullet 5: Train at each Coalition Base with < 2 Government pieces or no Police, as Resources permit
    place = []
    for sp in ctx.order([sp for sp in legal if has_cbase(s, sp) and coin_ops.train_can_place(ctx.game, F, sp)
                         and (board.pieces_of(s, sp, "government") < 2 or s.rows[sp][POLICE] == 0)]):
        if budget < coin_ops.COST or not (board.available(s, POLICE) or board.available(s, GOV_TROOPS)):
            break
        if add(sp):
            place.append(sp)
            budget -= coin_ops.COST
    # bullet 6: one space with COIN Control and Coalition pieces: Civic Action for the greatest shift
    for _ in range(n_civic - len(step2)):
        cands = [sp for sp in legal if sp not in [x[0] for x in step2] and coin_coal(sp)
                 and _civic_steps(s, sp, budget) > 0]
        sp = ctx.pick(cands, lambda x: pop(s, x) * _shift(s, x, _civic_steps(s, x, budget)))
        if sp is None or not add(sp):
            break
        k = _civic_steps(s, sp, budget)
        budget -= 3 * k
        step2.append([sp, "train_civic_action", k])
    if not spaces:
        return None
    plan = {"spaces": [[sp, sp in place, []] for sp in spaces], "step2": step2, "sa_first": None}
    if surge is not None:
        plan["sa_first"] = surge
    # 8.6.1 VSO would add Police at the end of the Train: the card's effect is not in the engine.
    return plan


# =====================================================================================================
# 8.6.5 Surge
# =====================================================================================================
def plan_surge(ctx) -> dict | None:
    """8.6.5 Surge bullets 1-4 among 3 spaces (Kabul or COIN Control) and Available; None if nothing
    would move ("no such Surge possible")."""
    s = ctx.state
    ok = [sp for sp in CONTROLLABLE if coalition_sa.surge_space_ok(s, sp)]
    final = ctx.next_propaganda_final()
    spaces, moves = [], []
    c = {sp: coal(s, sp) for sp in ok}
    b = {sp: s.rows[sp][COALITION_BASE] for sp in ok}
    avail = {"t": board.available(s, COALITION_TROOPS), "b": board.available(s, COALITION_BASE)}
    arrived = set()

    def room(*sps):
        return len(set(spaces) | {x for x in sps if x != AVAILABLE}) <= coalition_sa.MAX_SPACES

    def add(src, dst, piece, n):
        for sp in (src, dst):
            if sp != AVAILABLE and sp not in spaces:
                spaces.append(sp)
        moves.append([src, dst, piece, n])
        key = "t" if piece == COALITION_TROOPS else "b"
        tab = c if piece == COALITION_TROOPS else b
        if src == AVAILABLE:
            avail[key] -= n
        else:
            tab[src] -= n
        if dst == AVAILABLE:
            avail[key] += n
        else:
            tab[dst] += n
            arrived.add(dst)

    def bases_total(sp):
        return board.bases(s, sp) - s.rows[sp][COALITION_BASE] + b[sp]
    # bullet 1 (next Propaganda final): Troops to Available, the last at a Coalition Base stays; Support last
    if final:
        srcs = [sp for sp in ok if c[sp] - (1 if b[sp] else 0) > 0]
        for sp in ctx.order(srcs, lambda x: -int(support(s, x) > 0), lambda x: c[x] - (1 if b[x] else 0)):
            if room(sp):
                add(sp, AVAILABLE, COALITION_TROOPS, c[sp] - (1 if b[sp] else 0))
    # bullet 2: Available Bases to different highest-Pop spaces (Pop 1+), with a Troop where none is
    while avail["b"] > 0:
        cands = [sp for sp in ok if pop(s, sp) >= 1 and b[sp] == 0 and bases_total(sp) < board.MAX_BASES
                 and room(sp) and (c[sp] > 0 or avail["t"] > 0)]
        sp = ctx.pick(cands, lambda x: pop(s, x))
        if sp is None:
            break
        add(AVAILABLE, sp, COALITION_BASE, 1)
        if c[sp] == 0:
            add(AVAILABLE, sp, COALITION_TROOPS, 1)
    # bullet 3: on-map Bases from the lowest-Pop no-Support spaces to higher-Pop spaces, most Support first
    origins = [sp for sp in ok if b[sp] > 0 and support(s, sp) <= 0 and sp not in arrived]
    if origins:
        low = min(pop(s, sp) for sp in origins)
        for src in ctx.order([sp for sp in origins if pop(s, sp) == low]):
            cands = [sp for sp in ok if pop(s, sp) > pop(s, src) and b[sp] == 0 and bases_total(sp) < board.MAX_BASES
                     and room(src, sp)]
            dst = ctx.pick(cands, lambda x: support(s, x), lambda x: pop(s, x))
            if dst is None:
                continue
            add(src, dst, COALITION_BASE, 1)
            if c[dst] == 0:
                if c[src] > 0:
                    add(src, dst, COALITION_TROOPS, 1)
                elif avail["t"] > 0:
                    add(AVAILABLE, dst, COALITION_TROOPS, 1)
    if not moves:
        return None
    # bullet 4a (not final): 1d6 Troops between Available and the map toward Available Troops = Support
    if not final:
        roll = ctx.die()
        diff = avail["t"] - support_total(s)
        n = min(roll, abs(diff))
        if diff > 0:
            _spread(ctx, s, ok, spaces, c, arrived, n, add, room)
        elif diff < 0:
            srcs = [sp for sp in spaces if sp not in arrived and c.get(sp, 0) - (1 if b.get(sp) else 0) > 0]
            for sp in ctx.order(srcs, lambda x: -int(support(s, x) > 0)):
                k = min(n, c[sp] - (1 if b[sp] else 0))
                if k > 0:
                    add(sp, AVAILABLE, COALITION_TROOPS, k)
                    n -= k
    # bullet 4b: at least one Coalition Troop at each Coalition Base space
    for sp in ctx.order([sp for sp in ok if b[sp] > 0 and c[sp] == 0 and room(sp)], lambda x: -int(support(s, x) > 0)):
        if avail["t"] > 0 and room(sp):
            add(AVAILABLE, sp, COALITION_TROOPS, 1)
    # bullet 4c: the Aid die -- with the Government a Player only if Patronage < 6, otherwise always
    aid = not ctx.is_player("government") or s.patronage < 6
    return {"key": "surge", "spaces": spaces, "moves": _merge(moves), "aid": aid}


def _spread(ctx, s, ok, spaces, c, arrived, n, add, room):
    """8.6.5 bullet 4: Troops from Available to spaces with no Support first, then evenly."""
    for _ in range(n):
        cands = [sp for sp in ok if room(sp)]
        sp = ctx.pick(cands, lambda x: -int(support(s, x) > 0), lambda x: -c[x], lambda x: int(x in spaces))
        if sp is None:
            return
        add(AVAILABLE, sp, COALITION_TROOPS, 1)


def _merge(moves):
    out = {}
    for src, dst, piece, n in moves:
        out[(src, dst, piece)] = out.get((src, dst, piece), 0) + n
    return [[src, dst, piece, n] for (src, dst, piece), n in out.items() if n > 0]


PLANNERS = {"sweep": plan_sweep, "assault": plan_assault, "train": plan_train}


# =====================================================================================================
# Prompt handlers: the Operation
# =====================================================================================================
@on_prompt("op_select", F)
def op_select(ctx):
    """8.2: the planned spaces one at a time; a Special Activity a bullet triggers comes at once."""
    plan = ctx.plan
    sa = plan.get("sa_first")
    if sa and not plan.get("sa_used") and ctx.state.turn["sa_spaces"] == [] and ctx.has(ctx.sa(sa["key"])):
        plan["sa_used"] = True
        plan["sa"] = sa
        return ctx.sa(sa["key"])
    for entry in plan.get("spaces", []):
        sp = entry[0]
        if sp not in ctx.state.turn["op_spaces"] and ctx.has(ctx.space(sp)):
            plan["cur"] = sp
            return ctx.space(sp)
    if ctx.has(ctx.done):
        return ctx.done
    spaces = ctx.legal_spaces()
    return ctx.space(ctx.random_space(spaces)) if spaces else None


def _entry(ctx, sp):
    """The plan's entry for ``sp`` in the Operation under way; None when the plan is another
    Operation's (another policy chose this one, e.g. a search: the bot then plans no moves here)."""
    plan, turn = ctx.plan, ctx.state.turn
    if turn is None or plan.get("op") != turn["op"]:
        return None
    return next((e for e in plan.get("spaces", []) if e[0] == sp), None)


@on_prompt("adp_coin_move", F)
def sweep_move_origin(ctx):
    """8.6.3: the origins planned for this Sweep destination (none: Sweep in place)."""
    entry = _entry(ctx, ctx.frame["dest"])
    done = ctx.frame["origins_done"]
    for o, c, g in (entry[1] if entry else []):
        if o not in done and ctx.has(ctx.space(o)):
            return ctx.space(o)
    return ctx.done


def _planned_move(ctx, dest, origin):
    entry = _entry(ctx, dest)
    return next(((c, g) for o, c, g in (entry[1] if entry else []) if o == origin), (0, 0))


@on_choice("adp_sweep_coalition_troops", F)
def sweep_troops(ctx):
    c, _g = _planned_move(ctx, ctx.frame["dest"], ctx.frame["origin"])
    return ctx.count_at_most(max(1, c))


@on_choice("adp_sweep_coalition_gov", F)
def sweep_gov(ctx):
    _c, g = _planned_move(ctx, ctx.frame["dest"], ctx.frame["origin"])
    return ctx.count_at_most(g)


@on_choice("adp_assault_coalition_gov", F)
def assault_gov(ctx):
    """8.6.4 preliminaries: the Government's cubes join in the one planned space."""
    entry = _entry(ctx, ctx.frame["space"])
    return ctx.mode("assault_with_government" if entry and entry[1] else "assault_coalition_only")


@on_prompt("adp_train_place", F)
def train_place(ctx):
    """8.6.5 bullet 5: only at the planned Coalition Bases, Police first, then Troops; only Available
    cubes (8.1 No Voluntary Removal)."""
    entry = _entry(ctx, ctx.frame["space"])
    if entry and entry[1]:
        s = ctx.state
        for piece in (POLICE, GOV_TROOPS):
            if board.available(s, piece) and ctx.has(ctx.piece(piece)):
                return ctx.piece(piece)
    return ctx.done


@on_choice("adp_train_step2_space", F)
def train_step2_space(ctx):
    for sp, _mode, _k in ctx.plan.get("step2", []):
        if ctx.has(ctx.space(sp)):
            return ctx.space(sp)
    return ctx.done


@on_choice("adp_train_step2_mode", F)
def train_step2_mode(ctx):
    sp = ctx.frame["space"]
    for x, mode, _k in ctx.plan.get("step2", []):
        if x == sp and ctx.has(ctx.mode(mode)):
            return ctx.mode(mode)
    return ctx.mode(ctx.frame["modes"][0])


@on_choice("adp_train_civic", F)
def train_civic(ctx):
    sp = ctx.frame["space"]
    k = next((k for x, _m, k in ctx.plan.get("step2", []) if x == sp), 1)
    return ctx.count_at_most(max(1, k))


# =====================================================================================================
# Prompt handlers: the Special Activity
# =====================================================================================================
def _after_op_sa(ctx) -> dict | None:
    """8.6.3 / 8.6.4 / 8.6.5 Special Activity after the Operation: Sweep / Assault -> Air Strike if
    worth it, else Air Lift, else (loop) none; Train -> Surge, else Air Lift, else none."""
    op = ctx.state.turn["op"]
    if op == "train":
        order = ["surge", "air_lift"]
    elif _sa_possible(ctx, "air_strike", op) and strike_worth(ctx):
        order = ["air_strike", "air_lift"]
    else:
        order = ["air_lift", "air_strike"]
    for key in order:
        if not ctx.has(ctx.sa(key)):
            continue
        if key == "surge":
            plan = plan_surge(ctx)
        elif key == "air_lift":
            plan = plan_air_lift(ctx)
        else:
            plan = {"key": "air_strike", "spaces": []} if _strike_candidates(ctx) else None
        if plan is not None:
            return plan
    return None


@on_choice("coin_sa_after_op", F)
def sa_after_op(ctx):
    plan = _after_op_sa(ctx)
    if plan is None:
        return ctx.done
    ctx.plan["sa"] = plan
    return ctx.sa(plan["key"])


@on_prompt("sa_select", F)
def sa_select(ctx):
    sa = ctx.plan.get("sa") or {"key": ctx.state.turn["sa"], "spaces": []}
    chosen = ctx.state.turn["sa_spaces"]
    for sp in sa.get("spaces", []):
        if sp not in chosen and ctx.has(ctx.space(sp)):
            return ctx.space(sp)
    if sa["key"] == "air_strike":             # the Air Strike box for the remaining strikes
        sp = strike_space(ctx, _strike_candidates(ctx))
        if sp is not None:
            return ctx.space(sp)
    if ctx.has(ctx.done):
        return ctx.done
    spaces = ctx.legal_spaces()
    return ctx.space(ctx.random_space(spaces)) if spaces else None


def _pending(ctx, x):
    """Planned Surge / Air Lift moves touching space ``x`` and a location it may exchange with now."""
    sa = ctx.plan.get("sa") or {}
    return [m for m in sa.get("moves", []) if x in (m[0], m[1])]


@on_prompt("adp_coalition_move", F)
def lift_move(ctx):
    x = ctx.frame["space"]
    used = [tuple(d) for d in ctx.frame["done"]]
    for src, dst, _piece, _n in _pending(ctx, x):
        loc, direction = (src, "in") if dst == x else (dst, "out")
        if (loc, direction) in used:
            continue
        if loc == AVAILABLE:
            act = ctx.mode("surge_from_available" if direction == "in" else "surge_to_available")
        else:
            act = ctx.space(loc)
        if ctx.has(act):
            ctx.plan["dir"] = direction
            return act
    return ctx.done


@on_choice("adp_csa_direction", F)
def lift_direction(ctx):
    return ctx.mode("lift_bring" if ctx.plan.get("dir") == "in" else "lift_send")


@on_choice("adp_csa_count", F)
def lift_count(ctx):
    src, dst, piece = ctx.frame["src"], ctx.frame["dst"], ctx.frame["types"][0]
    sa = ctx.plan.get("sa") or {}
    n = sum(m[3] for m in sa.get("moves", []) if m[0] == src and m[1] == dst and m[2] == piece)
    return ctx.count_at_most(n)


@on_choice("adp_csa_surge_roll", F)
def surge_roll(ctx):
    """8.6.5 Surge bullet 4c: the Aid die (only if pieces moved; the Government a Player: Patronage < 6)."""
    sa = ctx.plan.get("sa") or {}
    return ctx.mode("yes" if sa.get("aid") else "no")


@on_choice("adp_csa_surge_split", F)
def surge_split(ctx):
    return ctx.max_count()                     # the whole roll to Aid (digest A.15)


@on_prompt("adp_remove", F)
def remove(ctx):
    """Air Strike: by the 8.6.3 Air Strike priorities (Base, a faction's last Guerrilla, the faction
    order); other removals by 8.2.1."""
    turn = ctx.state.turn
    if turn is not None and turn.get("sa_active") and turn.get("sa") == "air_strike":
        pieces = ctx.legal_pieces()
        p = _strike_piece(ctx, ctx.frame["space"], _faction_rank(ctx))
        if p in pieces:
            return ctx.piece(p)
    return guidelines.remove_enemy(ctx)


# =====================================================================================================
# 8.6.6 Propaganda: Civic Actions and Redeploy
# =====================================================================================================
def _round_mem(ctx, key):
    """Per-Propaganda-round memory (the round is identified by the number of Propaganda cards played)."""
    rid = ctx.state.propaganda_played
    m = ctx.mem.get(key)
    if not m or m.get("round") != rid:
        m = ctx.mem[key] = {"round": rid}
    return m


@on_prompt("adp_civic_action", F)
def civic_action(ctx):
    """8.6.6 Civic Actions: up to 2/3 of Government Resources (no limit on the final card); Terror
    removed only where a shift follows. Bullet 1: final -> everywhere possible; bullet 2: all
    Coalition Bases, A no Taliban Base, B no Taliban pieces."""
    s = ctx.state
    m = _round_mem(ctx, "civic")
    final = prop.final_propaganda(ctx.game)
    if "floor" not in m:
        res = s.resources["government"]
        m["floor"] = 0 if final else res - ctx.two_thirds(res, unlimited_below=None)
    budget = s.resources["government"] - m["floor"]
    if ctx.frame["sp"] >= 0:
        return ctx.count_at_most(m.get("steps", 1))

    def steps(sp):
        k = min(coin_ops.civic_action_steps(s, sp), max(0, budget) // coin_ops.CIVIC_ACTION_COST,
                prop.civic_action_max(s, sp))
        return k if k > s.terror_list[sp] else 0          # a shift must follow any Terror removed
    legal = [sp for sp in ctx.legal_spaces() if steps(sp) > 0]
    cands = legal if final else [sp for sp in legal if has_cbase(s, sp)]
    sp = ctx.pick(cands, lambda x: int(s.rows[x][TALIBAN_BASE] == 0), lambda x: int(board.pieces_of(s, x, "taliban")
                                                                                         == 0))
    if sp is None:
        return ctx.done
    m["steps"] = steps(sp)
    return ctx.space(sp)


def _redeploy_plan(ctx) -> list:
    """8.6.6 Redeploy: Troops from LoCs, or from spaces without a COIN Base that have no Support AND
    Pop 0-1 (only those); to (1) control Kabul, (2) a Troop at each Coalition Base space, (3) the
    highest-Pop Coalition Base spaces without Support, (4) one random space [interp: (3) one Troop
    each, the rest to (4)]."""
    s = ctx.state
    srcs = [sp for sp in prop.troop_redeploy_sources(ctx.game, F)
            if LOC_LIST[sp] or (board.coin_bases(s, sp) == 0 and support(s, sp) <= 0 and pop(s, sp) <= 1)]
    pool = sum(coal(s, sp) for sp in srcs)
    if not pool:
        return []
    dests = prop.troop_redeploy_destinations(ctx.game)
    c = {sp: coal(s, sp) for sp in range(N_SPACES)}
    want = []                                            # destinations, one per Troop, in order
    # (1) Kabul Control by the pieces on the board
    if KABUL in dests:
        kab = s.pieces[KABUL]
        coin, total = board.coin_pieces(s, KABUL), int(kab.sum())
        while 2 * coin <= total and len(want) < pool:
            want.append(KABUL)
            coin += 1
            total += 1
    # (2) a Coalition Troop at each Coalition Base space
    for sp in ctx.order([d for d in dests if has_cbase(s, d) and c[d] == 0]):
        if len(want) < pool and sp not in want:
            want.append(sp)
    # (3) highest-Pop Coalition Base spaces without Support
    for sp in ctx.order([d for d in dests if has_cbase(s, d) and support(s, d) <= 0], lambda x: pop(s, x)):
        if len(want) < pool:
            want.append(sp)
    # (4) one random space for the rest
    if len(want) < pool and dests:
        last = ctx.random_space(dests)
        want += [last] * (pool - len(want))
    moves = []
    for sp in srcs:
        for _ in range(coal(s, sp)):
            if not want:
                break
            moves.append([sp, want.pop(0)])
    return _merge([[a, b_, 0, 1] for a, b_ in moves])


@on_prompt("adp_redeploy_troops", F)
def redeploy(ctx):
    m = _round_mem(ctx, "redeploy")
    if "moves" not in m:
        m["moves"] = _redeploy_plan(ctx)
    moves = m["moves"]
    fr = ctx.frame
    if fr["stage"] == "source":
        for src, _dst, _p, n in moves:
            if n > 0 and ctx.has(ctx.space(src)):
                return ctx.space(src)
        return ctx.done
    if fr["stage"] == "destination":
        for mv in moves:
            if mv[0] == fr["src"] and mv[3] > 0 and ctx.has(ctx.space(mv[1])):
                if coal(ctx.state, fr["src"]) <= 1:
                    mv[3] -= 1
                return ctx.space(mv[1])
        return None
    for mv in moves:
        if mv[0] == fr["src"] and mv[1] == fr["dst"] and mv[3] > 0:
            act = ctx.count_at_most(mv[3])
            mv[3] -= act - ctx.count(0)
            return act
    return ctx.min_count()
