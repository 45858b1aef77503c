"""The non-player British Raj (8.1.4, 8.1.6, 8.6.2, 8.6.3, 8.7.1): its Operations and Special
Activities as Arjuna procedures, the answers to every Raj prompt of the engine, and the Raj-only
blue-box conditions and table rows that data/arjuna/raj.py names.

Activation Number (8.6.2): bots/arjuna.py rolls after each Operation space in which Sepoys were
used -- the procedures below say so with ``ctx.plan["sepoys_used"] = True`` -- and sets
``ctx.plan["an_failed"]``; from then on the procedures select only spaces where Troops can act and
use Troops alone. NP Raj pays nothing (8.1): when the engine still asks "use Sepoys for N
Resources, or Troops only", the answer follows the Activation Number alone.

NP Raj never Garrisons (8.6.3): no card names Garrison, so no Garrison procedure exists.
"""

from __future__ import annotations

from .. import board
from ..data.arjuna.raj import (ASSAULT_WORKS, CITY_SHORT_OF_TROOPS, DEPLOY_PARAMS, GANDHI_WITH_CUBES,
                               GOVERN_COLUMNS, MOVE, PLACE_CUBES, PROTEST_GOVERNABLE, REMOVE,
                               STATE_TREATY, SWEEP, UNDERGROUND_WITH_CUBES)
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE, REV_BASE,
                           SEPOY, TROOP)
from ..rules import raj as rules
from ..rules.removal import removable
from ..static import CITIES, IS_RAILWAY, LAND, N_SPACES
from . import priorities
from .procedure import Procedure
from .registry import condition, on_choice, on_prompt, operation, row_filter, special

RAJ = "raj"
NO_LIMIT = 10 ** 6


# =====================================================================================================
# Shared helpers
# =====================================================================================================
def _troops_only(ctx) -> bool:
    """8.6.2: after a failed Activation roll, only Troops operate for the rest of the Operation."""
    return bool(ctx.plan.get("an_failed"))


def _op_spaces(ctx) -> list[int]:
    turn = ctx.state.turn
    return list(turn["op_spaces"]) if turn is not None else []


def _n(ctx, sp, piece) -> int:
    return ctx.state.pieces.item(sp, piece)


def forced_space(ctx, idle: list[int]) -> int | None:
    """8.3 / 8.6: an Operation with no eligible space is not carried out. The engine cannot take back
    an Operation already begun (e.g. a Special Activity done first by the card left it nothing), and
    wants one space before "done": then the Operation goes where it changes nothing (``idle``)."""
    if ctx.has(ctx.done) or not idle:
        return None
    return min(idle)


def _choose_mode(ctx, key: str):
    action = ctx.mode(key)
    return action if ctx.has(action) else None


def _use_sepoys_answer(ctx):
    """The engine's "use Sepoys, or Troops only" question (Sweep, Assault): NP Raj always uses every
    Sepoy present until its Activation roll fails (8.6.2); it pays nothing (8.1)."""
    if _troops_only(ctx):
        return _choose_mode(ctx, "raj_troops_only")
    return _choose_mode(ctx, "raj_use_sepoys")


# =====================================================================================================
# Raj-only Space Selection rows (8.4.1) and blue-box conditions (8.3)
# =====================================================================================================
@row_filter("City or Province without Raj Control")
def controllable_without_control(ctx, sp) -> bool:
    """A space where more cubes could win Raj Control (1.7): a City or Province without it."""
    return board.controllable(ctx.state, sp) and not board.raj_control(ctx.state, sp)


@condition(ASSAULT_WORKS)
def assault_would_remove(ctx) -> bool:
    """Some space where an Assault would remove Active adversaries (8.6.3 eligibility)."""
    return any(assault_eligible(ctx.state, sp, troops_only=False) for sp in range(N_SPACES))


@condition(UNDERGROUND_WITH_CUBES)
def underground_with_cubes(ctx) -> bool:
    """An Underground Guerrilla in a space with cubes: a Sweep would Activate it (3.2.3)."""
    s = ctx.state
    return any(board.cubes(s, sp) > 0 and s.pieces.item(sp, GUERRILLA) > 0 for sp in LAND)


@condition(CITY_SHORT_OF_TROOPS)
def city_short_of_troops(ctx) -> bool:
    """A City with fewer Troops than Deploy gets there (8.6.3 "Get 3 Troops")."""
    return any(_n(ctx, c, TROOP) < dict(DEPLOY_PARAMS)["troops"] for c in CITIES)


@condition(GANDHI_WITH_CUBES)
def gandhi_with_cubes(ctx) -> bool:
    """Gandhi on the map in a space with cubes (an Assault there may arrest him, 3.2.4)."""
    s = ctx.state
    return any(s.pieces.item(sp, GANDHI) > 0 and board.cubes(s, sp) > 0 for sp in range(N_SPACES))


@condition(STATE_TREATY)
def state_treaty(ctx) -> bool:
    """A State whose Sepoys could remove Active adversaries by Treaty (4.2.1, 8.7.1)."""
    return any(treaty_eligible(ctx.state, sp) for sp in range(N_SPACES))


@condition(PROTEST_GOVERNABLE)
def protest_governable(ctx) -> bool:
    """A Protest that Govern may remove: cubes, Protest and no Activists (4.2.2, 8.7.1)."""
    s = ctx.state
    return any(board.cubes(s, sp) > 0 and _remove_protest_here(s, sp) for sp in range(N_SPACES))


# =====================================================================================================
# 8.6.3 Deploy
# =====================================================================================================
def deploy_limits(node) -> tuple[int, int]:
    """(Troops to get to each City, cubes placed at most): the card's Deploy box, or 8.6.3's."""
    params = dict(DEPLOY_PARAMS)
    if node is not None:
        return node.param("troops", params["troops"]), node.param("cubes", params["cubes"])
    return params["troops"], params["cubes"]


def deploy_counts(ctx, city: int, node, placed: int = 0) -> tuple[int, int]:
    """8.6.3: Troops until ``get`` Troops stand in the City, then Sepoys so that up to ``cubes``
    are placed there; after a failed Activation roll, Troops only. Only Available cubes: an NP
    faction never takes its pieces from the map (8.1)."""
    get, cap = deploy_limits(node)
    s = ctx.state
    room = max(0, cap - placed)
    troops = min(max(0, get - _n(ctx, city, TROOP)), board.available(s, TROOP), room)
    sepoys = 0 if _troops_only(ctx) else min(room - troops, board.available(s, SEPOY))
    return troops, sepoys


def _deploy_node(ctx):
    return ctx.op_node() if ctx.plan.get("op") == "deploy" else None


@operation(RAJ, "deploy")
class Deploy(Procedure):
    """8.6.3 Deploy: Cities by the Place Cubes column, each getting something to place."""

    column = PLACE_CUBES

    def candidates(self, ctx, node):
        return [c for c in ctx.legal_spaces() if sum(deploy_counts(ctx, c, node)) > 0]

    def can_start(self, ctx, node):
        return ctx.any_selectable(RAJ, "deploy", where=lambda c: sum(deploy_counts(ctx, c, node)) > 0)


@on_prompt("g_raj_deploy", faction=RAJ)
def deploy_place(ctx):
    """One cube at a time: a Troop while the City lacks Troops, then Sepoys (8.6.3)."""
    frame = ctx.frame
    troops, sepoys = deploy_counts(ctx, frame["space"], _deploy_node(ctx), frame["placed"])
    if troops and ctx.has(ctx.piece(TROOP)):
        return ctx.piece(TROOP)
    if sepoys and ctx.has(ctx.piece(SEPOY)):
        ctx.plan["sepoys_used"] = True            # 8.6.2: Sepoys operated in this City
        return ctx.piece(SEPOY)
    return ctx.done if ctx.has(ctx.done) else None


@on_choice("raj_deploy_oop", faction=RAJ)
def deploy_out_of_play(ctx):
    """8.6.3: after placing, two cubes Out of Play -> Available, Troops first."""
    for piece in (TROOP, SEPOY):
        if ctx.has(ctx.piece(piece)):
            return ctx.piece(piece)
    return ctx.done


# =====================================================================================================
# 8.4.2 Move Priorities (Raj column) -- Sweep and Lord Wavell's Sweep (8.6.3)
# =====================================================================================================
class OriginMove:
    """What one origin sends to one destination, built by reading the Raj Move Priorities column
    top-down (data/arjuna/raj.py MOVE). ``use_sepoys`` is False after a failed Activation roll
    (8.6.2: Troops only); ``dest_facts``: :func:`destination_facts` of the destination."""

    def __init__(self, s, origin, dest, movable, use_sepoys, dest_facts, origin_facts=None):
        self.s, self.origin, self.dest = s, origin, dest
        self.in_protest, self.keep_margin = origin_facts or origin_facts_of(s, origin)
        self.free_troops, self.free_sepoys = movable
        self.use_sepoys = use_sepoys
        self.spare = NO_LIMIT                   # cubes the origin may give up
        self.troops = self.sepoys = 0
        self.d_troops, self.d_sepoys, self.active, self.underground = dest_facts

    def exceeds(self) -> bool:
        """Cubes exceed Active adversaries, counting the Guerrillas these cubes will Activate (one
        per cube used, 3.2.3)."""
        used = self.d_troops + (self.d_sepoys if self.use_sepoys else 0)
        return self.d_troops + self.d_sepoys > self.active + min(self.underground, used)

    def take(self, piece) -> bool:
        if self.spare <= 0:
            return False
        if piece == TROOP and self.troops < self.free_troops:
            self.troops += 1
            self.d_troops += 1
        elif piece == SEPOY and self.use_sepoys and self.sepoys < self.free_sepoys:
            self.sepoys += 1
            self.d_sepoys += 1
        else:
            return False
        self.spare -= 1
        return True


def origin_facts_of(s, origin) -> tuple[bool, int | None]:
    """(Protest there, cubes beyond the Active pieces when the origin has Raj Control, else None): what
    the Move Priorities read in an origin."""
    in_protest = bool(s.protest.item(origin))
    if not board.controllable(s, origin):
        return in_protest, None
    p = s.pieces[origin].tolist()          # board.raj_control, board.cubes, board.active_non_raj: one read
    others = p[GANDHI] + p[ML_BASE] + p[REV_BASE] + p[ACTIVE_GUERRILLA]
    if in_protest:              # Activists Active (1.4.3): a controllable space is never a Railway
        others += p[CONGRESS_ACTIVIST] + p[ML_ACTIVIST]
    margin = p[TROOP] + p[SEPOY] - others
    return in_protest, (margin if margin > 0 else None)


def _no_protest_origin(m: OriginMove) -> None:
    """3.2.3: cubes never leave a Protest space (the engine offers none either)."""
    if m.in_protest:
        m.spare = 0


def _lose_no_control(m: OriginMove) -> None:
    """8.6.3: an origin with Raj Control keeps more cubes than Active pieces there."""
    if m.keep_margin is not None:
        m.spare = min(m.spare, m.keep_margin - 1)


def _get_one_troop(m: OriginMove) -> None:
    """8.6.3: into a City or Province (Troops never enter States) get 1 Troop, unless one is there."""
    if m.d_troops == 0 and not board.is_state(m.s, m.dest):
        m.take(TROOP)


def _get_one_sepoy(m: OriginMove) -> None:
    """8.6.3: get 1 Sepoy, unless one is there."""
    if m.d_sepoys == 0:
        m.take(SEPOY)


def _add_until_exceeding(m: OriginMove) -> None:
    """8.6.3: more cubes until cubes exceed Active adversaries; Sepoys first, then Troops."""
    while not m.exceeds() and (m.take(SEPOY) or m.take(TROOP)):
        pass


MOVE_STEPS = {
    "origins: no Protest spaces": _no_protest_origin,
    "origins: lose no Raj Control": _lose_no_control,
    "get 1 Troop to a City or Province": _get_one_troop,
    "get 1 Sepoy": _get_one_sepoy,
    "add cubes until cubes exceed Active adversaries, Sepoys first": _add_until_exceeding,
}
assert set(MOVE) == set(MOVE_STEPS), "data/arjuna/raj.py MOVE and bots/raj.py MOVE_STEPS disagree"


def destination_facts(s, dest) -> tuple[int, int, int, int]:
    """(Troops, Sepoys, Active adversaries, Underground Guerrillas) in a Sweep destination: what the
    Move Priorities read there (the cube counts grow as origins are planned)."""
    p = s.pieces[dest].tolist()
    active = p[GANDHI] + p[ML_BASE] + p[REV_BASE] + p[ACTIVE_GUERRILLA]     # board.active_adversaries of Raj
    if board.activists_active(s, dest):
        active += p[CONGRESS_ACTIVIST] + p[ML_ACTIVIST]
    return p[TROOP], p[SEPOY], active, p[GUERRILLA]


def plan_origin(s, origin, dest, movable, use_sepoys, dest_facts=None, origin_facts=None) -> tuple[int, int]:
    """(Troops, Sepoys) that ``origin`` sends to ``dest`` by the Move Priorities column."""
    m = OriginMove(s, origin, dest, movable, use_sepoys, dest_facts or destination_facts(s, dest), origin_facts)
    for name in MOVE:
        MOVE_STEPS[name](m)
    return m.troops, m.sepoys


# :func:`_sends_something` reads the column in this order: the limits on origins first, then the gets.
assert MOVE == ("origins: no Protest spaces", "origins: lose no Raj Control", "get 1 Troop to a City or Province",
                "get 1 Sepoy", "add cubes until cubes exceed Active adversaries, Sepoys first"), \
    "bots/raj.py _sends_something follows the order of data/arjuna/raj.py MOVE"


def _sends_something(s, dest, movable, use_sepoys, dest_facts, origin_facts) -> bool:
    """``sum(plan_origin(...)) > 0`` without planning the counts: whether the Move Priorities column
    takes any cube from this origin (a Sweep asks it of every origin of every destination, 8.6.3).
    The origin limits leave room for a cube; then a first Troop (none there, not a State), a first
    Sepoy (none there), or cubes still short of exceeding the Active adversaries, and one to take.
    tests/gandhi/test_gandhi_fast_paths.py checks it against :func:`plan_origin`."""
    in_protest, keep_margin = origin_facts
    if in_protest or (keep_margin is not None and keep_margin - 1 <= 0):
        return False
    free_troops, free_sepoys = movable
    sepoys = use_sepoys and free_sepoys > 0
    d_troops, d_sepoys, active, underground = dest_facts
    if free_troops > 0 and d_troops == 0 and not board.is_state(s, dest):
        return True
    if sepoys and d_sepoys == 0:
        return True
    used = d_troops + (d_sepoys if use_sepoys else 0)
    short = not d_troops + d_sepoys > active + min(underground, used)
    return short and (sepoys or free_troops > 0)


def _destination_done(s, dest, use_sepoys) -> bool:
    return OriginMove(s, dest, dest, (0, 0), use_sepoys, destination_facts(s, dest)).exceeds()


class SweepScan:
    """The facts every destination of one Sweep question shares, read once: the cubes that may still
    move, the clean Railways, the spaces no cube may come from. Valid while the board is unchanged
    (within one bot decision)."""

    def __init__(self, ctx, key, use_sepoys, done=()):
        self.game, self.key, self.use_sepoys = ctx.game, key, use_sepoys
        self.free, self.clean = rules.sweep_readings(ctx.game, key)       # read-only
        self.exclude = set(_op_spaces(ctx)) | set(done)
        self.origin_facts = {}

    def _origin_facts(self, o):
        facts = self.origin_facts.get(o)
        if facts is None:
            facts = self.origin_facts[o] = origin_facts_of(self.game.state, o)
        return facts

    def origins(self, dest, first_only=False) -> dict[int, tuple[int, int]]:
        """8.4.2 B: origins whose cubes may reach ``dest`` (engine movement rules), never a space
        already selected as a destination, with what each would send; ``first_only``: stop at the
        first origin that sends something (enough to know whether any would)."""
        s = self.game.state
        movable = rules.sweep_origins(self.game, dest, self.key, rules.troops_may_enter(s, dest), self.use_sepoys,
                                      free=self.free, clean=self.clean)
        facts = None
        out = {}
        for o, counts in movable.items():
            if o in self.exclude:
                continue
            if facts is None:
                facts = destination_facts(s, dest)
            if first_only:
                if _sends_something(s, dest, counts, self.use_sepoys, facts, self._origin_facts(o)):
                    out[o] = plan_origin(s, o, dest, counts, self.use_sepoys, facts, self._origin_facts(o))
                    break
                continue
            t, q = plan_origin(s, o, dest, counts, self.use_sepoys, facts, self._origin_facts(o))
            if t + q:
                out[o] = (t, q)
        return out


    def receives(self, dest) -> bool:
        """``bool(self.origins(dest, first_only=True))``: some origin would send a cube to ``dest``,
        read origin by origin without listing them (a Sweep asks it of every destination)."""
        s = self.game.state
        troops_ok = rules.troops_may_enter(s, dest)
        use_sepoys = self.use_sepoys
        facts = None
        for o in rules.sweep_near(s, dest, self.clean):
            if o in self.exclude:
                continue
            t, q = self.free[o]
            if not troops_ok:
                t = 0
            if not use_sepoys:
                q = 0
            if not (t or q):
                continue
            if facts is None:
                facts = destination_facts(s, dest)
            if _sends_something(s, dest, (t, q), use_sepoys, facts, self._origin_facts(o)):
                return True
        return False


def sweep_origins(ctx, dest, key, use_sepoys, done=()) -> dict[int, tuple[int, int]]:
    """8.4.2 B: :meth:`SweepScan.origins` for one destination."""
    return SweepScan(ctx, key, use_sepoys, done).origins(dest)


def receiving_destinations(ctx, spaces, key, use_sepoys) -> list[int]:
    """8.6.3: the destinations to which some cube would move (the others are skipped)."""
    scan = SweepScan(ctx, key, use_sepoys)
    return [sp for sp in spaces if scan.receives(sp)]


def any_receiving(ctx, spaces, key, use_sepoys) -> bool:
    """Some space of :func:`receiving_destinations` exists (stops at the first)."""
    scan = SweepScan(ctx, key, use_sepoys)
    return any(scan.receives(sp) for sp in spaces)


def _most_cubes(ctx, spaces) -> int:
    """8.4.2 B: the origin with the most cubes (random among equals)."""
    best = max(board.cubes(ctx.state, sp) for sp in spaces)
    top = sorted(sp for sp in spaces if board.cubes(ctx.state, sp) == best)
    return top[0] if len(top) == 1 else top[ctx.below(len(top))]


@on_prompt("g_raj_move", faction=RAJ)
def move_cubes(ctx):
    """Origins for a Sweep destination (8.4.2 B/C); Sweep in place moves nothing. NP Raj moves
    cubes only for Sweep (and Lord Wavell's Sweep); it never Garrisons and its Treaty only removes."""
    frame = ctx.frame
    if frame["op"] not in ("sweep", "wavell") or _in_place(ctx, frame):
        return _finish_move(ctx, frame)
    dest = frame["dest"]
    s = ctx.state
    if frame["moved"] > 0 and _destination_done(s, dest, frame["use_sepoys"]):
        return _finish_move(ctx, frame)             # 8.4.2 C: enough cubes here
    legal = set(ctx.legal_spaces())
    origins = {o: v for o, v in sweep_origins(ctx, dest, frame["key"], frame["use_sepoys"],
                                               frame["origins_done"]).items() if o in legal}
    if not origins:
        return _finish_move(ctx, frame)
    origin = _most_cubes(ctx, list(origins))
    ctx.plan["move_counts"] = [origin, *origins[origin]]
    return ctx.space(origin)


def _finish_move(ctx, frame):
    if not ctx.has(ctx.done):
        return None
    if frame["op"] == "sweep" and frame["use_sepoys"] and _n(ctx, frame["dest"], SEPOY) > 0:
        ctx.plan["sepoys_used"] = True              # 8.6.2: Sepoys swept in this destination
    return ctx.done


def _planned_count(ctx, slot: int):
    counts = ctx.plan.get("move_counts")
    if not counts or counts[0] != ctx.frame["origin"]:
        return None
    return ctx.count_at_most(counts[slot])


@on_choice("raj_move_troops", faction=RAJ)
def move_troops(ctx):
    return _planned_count(ctx, 1)


@on_choice("raj_move_sepoys", faction=RAJ)
def move_sepoys(ctx):
    return _planned_count(ctx, 2)


# =====================================================================================================
# 8.6.3 Sweep
# =====================================================================================================
def _in_place(ctx, frame) -> bool:
    return frame["op"] == "sweep" and frame["dest"] in ctx.plan.get("sweep_in_place", [])


def sweep_in_place_eligible(ctx, sp) -> bool:
    """8.6.3 "lastly": a space with cubes, not yet a destination, whose cubes would Activate an
    Underground Guerrilla (Troops always; Sepoys only while the Activation roll has not failed)."""
    s = ctx.state
    if s.pieces.item(sp, GUERRILLA) == 0:
        return False
    return _n(ctx, sp, TROOP) > 0 or (not _troops_only(ctx) and _n(ctx, sp, SEPOY) > 0)


@operation(RAJ, "sweep")
class Sweep(Procedure):
    """8.6.3 Sweep: destinations by the Sweep column, each filled by the Move Priorities; then
    Sweep in place everywhere else with cubes (most Support first while Sepoys may sweep)."""

    column = SWEEP

    def move_destinations(self, ctx, spaces) -> list[int]:
        return receiving_destinations(ctx, spaces, rules.SWEEP_KEY, not _troops_only(ctx))

    def best_destination(self, ctx, node, spaces) -> int | None:
        """``ctx.select(column, self.move_destinations(ctx, spaces))``, asking "would a cube move here"
        only of the best-ranked spaces up to the first that receives (priorities.select_qualifying)."""
        scan = SweepScan(ctx, rules.SWEEP_KEY, not _troops_only(ctx))
        return priorities.select_qualifying(ctx, self.column_for(node), spaces, scan.receives)

    def next_space(self, ctx, node):
        plan = ctx.plan
        if not _op_spaces(ctx) or "sweep_in_place" not in plan:    # a Sweep begun by another policy too
            plan["sweep_in_place"] = []
            plan["sweep_moving_done"] = False
        spaces = ctx.legal_spaces()
        if not plan.get("sweep_moving_done"):
            dest = self.best_destination(ctx, node, spaces)
            if dest is not None:
                return dest
            plan["sweep_moving_done"] = True
        in_place = [sp for sp in spaces if sweep_in_place_eligible(ctx, sp)]
        if not in_place:
            return self.no_effect_space(ctx, spaces)
        best = priorities.narrow(ctx, ("most Support",), in_place)
        sp = best[0] if len(best) == 1 else priorities.break_tie(ctx, best)
        plan["sweep_in_place"].append(sp)
        return sp

    def no_effect_space(self, ctx, spaces):
        """See :func:`forced_space`: a space whose cubes sweep in place and find no Guerrilla."""
        usable = (TROOP,) if _troops_only(ctx) else (TROOP, SEPOY)
        idle = [sp for sp in spaces if ctx.state.pieces.item(sp, GUERRILLA) == 0
                and any(_n(ctx, sp, piece) for piece in usable)]
        sp = forced_space(ctx, idle)
        if sp is not None:
            ctx.plan["sweep_in_place"].append(sp)
        return sp

    def can_start(self, ctx, node):
        scan = SweepScan(ctx, rules.SWEEP_KEY, not _troops_only(ctx))     # any_receiving, space by space
        return ctx.any_selectable(RAJ, "sweep", where=lambda sp: scan.receives(sp) or sweep_in_place_eligible(ctx, sp))


@on_choice("raj_sweep_sepoys", faction=RAJ)
def sweep_sepoys(ctx):
    return _use_sepoys_answer(ctx)


# =====================================================================================================
# 8.6.3 Assault (with Lord Wavell, 8.1.6)
# =====================================================================================================
def assault_removals(s, sp, troops_only: bool) -> int:
    """3.2.4: one removal per cube if any Troop takes part, else one per two Sepoys."""
    troops, sepoys = board.count(s, sp, TROOP), board.count(s, sp, SEPOY)
    if troops_only:
        return troops
    return troops + sepoys if troops else sepoys // 2


def assault_eligible(s, sp, troops_only: bool) -> bool:
    """8.6.3: only spaces with cubes and Active adversaries, where the Assault has some effect."""
    return assault_removals(s, sp, troops_only) > 0 and bool(removable(s, sp, RAJ, "assault"))


def _wavell_pending(ctx) -> bool:
    turn = ctx.state.turn
    return (rules.viceroy(ctx.game) == "Lord Wavell" and turn is not None
            and not turn["flags"].get("raj_wavell_used") and not turn["op_spaces"])


@operation(RAJ, "assault")
class Assault(Procedure):
    """8.6.3 Assault: spaces by the Remove or Replace column, pieces by the Adversary Priorities
    (bots/arjuna.py ``g_remove``). Lord Wavell: first Sweep into one Assault space (chosen as a
    Sweep destination, 8.4.2 A) and Assault there first."""

    column = REMOVE

    def candidates(self, ctx, node):
        troops_only = _troops_only(ctx)
        return [sp for sp in ctx.legal_spaces() if assault_eligible(ctx.state, sp, troops_only)]

    def next_space(self, ctx, node):
        cands = self.candidates(ctx, node)
        if not cands:
            return forced_space(ctx, [sp for sp in ctx.legal_spaces() if not removable(ctx.state, sp, RAJ, "assault")])
        sp = self.wavell_destination(ctx, cands) if _wavell_pending(ctx) else None
        if sp is None:
            sp = ctx.select(self.column_for(node), cands)
        if not _troops_only(ctx) and _n(ctx, sp, TROOP) == 0:
            ctx.plan["sepoys_used"] = True          # Sepoys alone Assault here (no question asked)
        return sp

    def wavell_destination(self, ctx, cands):
        land = receiving_destinations(ctx, [sp for sp in cands if not IS_RAILWAY[sp]], rules.WAVELL_KEY, True)
        if not land:
            return None
        sp = ctx.select(SWEEP, land)
        ctx.plan["wavell_dest"] = sp
        return sp

    def can_start(self, ctx, node):
        s = ctx.state
        return ctx.any_selectable(RAJ, "assault", where=lambda sp: assault_eligible(s, sp, False))


@on_choice("raj_assault_wavell", faction=RAJ)
def assault_wavell(ctx):
    """8.1.6 Wavell: the free Sweep goes into the destination chosen for it, and only there."""
    if ctx.frame["space"] == ctx.plan.get("wavell_dest"):
        return _choose_mode(ctx, "assault_wavell_sweep")
    return _choose_mode(ctx, "assault_no_sweep")


@on_choice("raj_assault_sepoys", faction=RAJ)
def assault_sepoys(ctx):
    action = _use_sepoys_answer(ctx)
    if action == ctx.mode("raj_use_sepoys"):
        ctx.plan["sepoys_used"] = True
    return action


# =====================================================================================================
# 8.7.1 Treaty
# =====================================================================================================
def treaty_eligible(s, sp) -> bool:
    """8.7.1: a State with Sepoys and Active adversaries to remove or arrest."""
    return (board.is_state(s, sp) and board.count(s, sp, SEPOY) > 0
            and bool(removable(s, sp, RAJ, "treaty")))


@special(RAJ, "treaty")
class Treaty(Procedure):
    """8.7.1 Treaty: remove or arrest Active adversaries in each State with Sepoys."""

    column = REMOVE

    def candidates(self, ctx, node):
        return [sp for sp in ctx.legal_spaces() if treaty_eligible(ctx.state, sp)]

    def can_start(self, ctx, node):
        s = ctx.state
        return ctx.any_selectable(RAJ, "treaty", special=True, where=lambda sp: treaty_eligible(s, sp))


@on_choice("raj_treaty_mode", faction=RAJ)
def treaty_mode(ctx):
    """NP Treaty removes; it never moves Sepoys in (8.7.1)."""
    return _choose_mode(ctx, "treaty_remove")


# =====================================================================================================
# 8.7.1 Govern
# =====================================================================================================
DEFAULT_GOVERN = ("remove_protests", "imperialism", "remove_adversaries")
GOVERN_MODE = {"remove_protests": "govern_marker", "imperialism": "govern_imperialism",
               "remove_adversaries": "govern_remove"}


def _remove_protest_here(s, sp) -> bool:
    return bool(s.protest.item(sp)) and board.activists(s, sp) == 0


def govern_allows(ctx, sp, action: str) -> bool:
    """Could this Govern action be done in ``sp`` (4.2.2 via the engine's options, 8.7.1)?"""
    modes = rules.govern_modes(ctx.game, sp)
    if GOVERN_MODE[action] not in modes:
        return False
    if action == "remove_protests":
        return _remove_protest_here(ctx.state, sp)      # NP Govern removes Protests, not Strikes
    return True


def imperialism_most(ctx, sp) -> int:
    """Steps the engine lets one Govern space buy (4.2.2: up to two; Resources if any are paid)."""
    s = ctx.state
    cost = rules.imperialism_cost(ctx.game)
    return min(2, len(rules.imperialism_steps(s, sp)), s.resources[RAJ] // cost if cost else 2)


@special(RAJ, "govern")
class Govern(Procedure):
    """8.7.1 Govern in up to two spaces, following the card's sequence of actions: the next action
    once no space is eligible for the current one. Imperialism rolls one die for all its steps
    (Unrest, then a Muslim State marker, then shifts; at most two per space, 4.2.2)."""

    column = REMOVE

    @staticmethod
    def sequence(option) -> tuple:
        """The card's actions in order; a box naming one action does just that one; an Event's free
        Govern (no box) follows the 8.7.1 order."""
        if option is None:
            return DEFAULT_GOVERN
        seq = option.param("sequence")
        if seq:
            return tuple(seq)
        return (option.action,) if option.action in GOVERN_MODE else DEFAULT_GOVERN

    def action_spaces(self, ctx, spaces, action: str) -> list[int]:
        if action == "imperialism" and ctx.plan.get("imperialism_left") == 0:
            return []
        return [sp for sp in spaces if govern_allows(ctx, sp, action)]

    def next_space(self, ctx, node):
        plan = ctx.plan
        turn = ctx.state.turn
        if not turn["sa_spaces"] or "govern_step" not in plan:      # a Govern begun by another policy too
            plan.update(govern_step=0, govern_modes={})
            plan.pop("imperialism_left", None)
        seq = self.sequence(node)
        spaces = ctx.legal_spaces()
        while plan["govern_step"] < len(seq):
            action = seq[plan["govern_step"]]
            cands = self.action_spaces(ctx, spaces, action)
            if cands:
                return self.govern(ctx, action, cands)
            plan["govern_step"] += 1
        return None

    def govern(self, ctx, action: str, cands: list[int]) -> int:
        plan = ctx.plan
        if action == "imperialism" and "imperialism_left" not in plan:
            plan["imperialism_roll"] = plan["imperialism_left"] = ctx.die()     # 8.7.1: roll first
        sp = ctx.select(GOVERN_COLUMNS[action], cands)
        plan["govern_modes"][str(sp)] = action
        if action == "imperialism":
            steps = min(plan["imperialism_left"], imperialism_most(ctx, sp))
            plan["imperialism_steps"] = steps
            plan["imperialism_left"] -= steps
        return sp

    def can_start(self, ctx, node):
        actions = self.sequence(node)
        return ctx.any_selectable(RAJ, "govern", special=True,
                                  where=lambda sp: any(self.action_spaces(ctx, (sp,), a) for a in actions))


@on_choice("raj_govern_mode", faction=RAJ)
def govern_mode(ctx):
    action = ctx.plan.get("govern_modes", {}).get(str(ctx.frame["space"]))
    return _choose_mode(ctx, GOVERN_MODE[action]) if action else None


@on_choice("raj_govern_marker", faction=RAJ)
def govern_marker(ctx):
    protest = ctx.game.vocabulary.index("piece", "Protest")
    return protest if ctx.has(protest) else None


@on_choice("raj_govern_imperialism", faction=RAJ)
def govern_imperialism(ctx):
    """As many steps as the die roll leaves for this space (8.7.1)."""
    return ctx.count_at_most(ctx.plan.get("imperialism_steps", 1))


# =====================================================================================================
# 8.7.1 Martial Law
# =====================================================================================================
def martial_law_eligible(ctx, sp) -> bool:
    """8.7.1: only spaces that already have Unrest, unless Lord Linlithgow is Viceroy (8.1.6)."""
    return ctx.state.unrest.item(sp) > 0 or rules.viceroy(ctx.game) == "Lord Linlithgow"


@special(RAJ, "martial_law")
class MartialLaw(Procedure):
    """8.7.1 Martial Law by the Remove or Replace column: two spaces in Crisis, else one (the
    engine's limit, 6.8); the Activists go by the Adversary Priorities (bots/arjuna.py)."""

    column = REMOVE

    def candidates(self, ctx, node):
        return [sp for sp in ctx.legal_spaces() if martial_law_eligible(ctx, sp)]

    def can_start(self, ctx, node):
        return ctx.any_selectable(RAJ, "martial_law", special=True, where=lambda sp: martial_law_eligible(ctx, sp))


# =====================================================================================================
# 8.1.4 Raj instructions outside its own turn
# =====================================================================================================
def _land_first(ctx, spaces) -> list[int]:
    """8.1.3: NP factions put forces on Railways only if Raj is a player."""
    return ctx.no_railways_unless_raj_player(spaces) or list(spaces)


@on_choice("nv_troop_to_city", faction=RAJ)
def troop_to_city(ctx):
    """8.1.4 Troops caught in a new Muslim State: each Troop's City by the Place Cubes column."""
    return ctx.space(ctx.select(PLACE_CUBES, ctx.legal_spaces()))


@on_prompt("g_crisis_cubes", faction=RAJ)
def crisis_cube_type(ctx):
    """8.1.4 Crisis (6.8): as many cubes as the roll allows, Troops first."""
    for piece in (TROOP, SEPOY):
        if ctx.has(ctx.piece(piece)):
            return ctx.piece(piece)
    return ctx.done


@on_choice("turn_crisis_cube", faction=RAJ)
def crisis_cube_space(ctx):
    """8.1.4: each Crisis cube's space by the Place Cubes column (8.1.3: no Railways)."""
    return ctx.space(ctx.select(PLACE_CUBES, _land_first(ctx, ctx.legal_spaces())))


@on_choice("nv_satyagraha_raj", faction=RAJ)
def refuse_gandhi_release(ctx):
    """8.1.4: NP Raj always refuses to release Gandhi for Satyagraha."""
    return _choose_mode(ctx, "nv_satyagraha_refuse")


__all__ = ["Deploy", "Sweep", "Assault", "Treaty", "Govern", "MartialLaw", "plan_origin"]
