"""3.2 Raj Operations (Deploy, Garrison, Sweep, Assault) and 4.2 Raj Special Activities
(Treaty, Govern, Martial Law), with the Viceroy capabilities that modify them (2.5.1).

Rules that hold for every Raj Operation (3.2 "Important") and live in the helpers below:

* Resources equal to Restraint are paid only where Sepoys are used; using only Troops costs 0
  (:func:`sepoy_cost`). Costs are checked when a space is selected (3.1.5), so a space whose
  cost Raj cannot pay is never offered, and Sepoys are never offered once they cannot be paid for.
* Cubes never exit a Protest space (including a Protest Railway) during Operations, nor during
  Treaty (4.2) (:func:`_can_leave`).
* Troops never enter a State (Princely or Muslim State) (1.3.5, 3.2).
* Each piece moves at most once per Operation (3.1.2): the cubes that moved (or were used in
  place by Sweep) sit in ``turn["flags"][<key>]`` as ``{str(space): [troops, sepoys]}``.

Movement is asked destination first (the selected space), then an origin, then how many Troops
and how many Sepoys come from it; the path between them is not asked because only its legality
matters (it is checked when the origins are listed).
"""

from __future__ import annotations

import numpy as np

from .. import board
from ..data.cards import CAMPAIGN_CARDS
from ..data.pieces import ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, ML_ACTIVIST, SEPOY, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import AVAILABLE, CITIES, IS_NETWORK, IS_PRINCELY_STATE, LAND, N_SPACES, OUT_OF_PLAY, RAILWAYS
from ....coin.events import is_free
from ....coin.operations import Activity
from ....core.kept import kept_on_game
from ....core.prompts import Prompt
from .removal import removable, start_removal

MODES: list[tuple[str, str]] = [
    ("raj_use_sepoys", "Raj: use Sepoys (pay)"),
    ("raj_troops_only", "Raj: Troops only"),
    ("assault_wavell_sweep", "Assault: Wavell free Sweep into this space first"),
    ("assault_no_sweep", "Assault: no Wavell Sweep"),
    ("treaty_remove", "Treaty: remove pieces"),
    ("treaty_move", "Treaty: move Sepoys in"),
    ("govern_remove", "Govern: remove a piece"),
    ("govern_marker", "Govern: remove a marker"),
    ("govern_imperialism", "Govern: Imperialism"),
]

CUBE_TYPES = (TROOP, SEPOY)
_SLOT = {TROOP: 0, SEPOY: 1}
assert (TROOP, SEPOY) == (0, 1)
_CUBE_COLUMNS = slice(TROOP, SEPOY + 1)        # the pieces columns (Troops, Sepoys), as a view
_NETWORK = IS_NETWORK.tolist()                 # space types never change (a data pack changes adjacency)
_PRINCELY_STATES = tuple(IS_PRINCELY_STATE.nonzero()[0].tolist())     # board.is_state: these, and Muslim States
_PRINCELY_SET = frozenset(_PRINCELY_STATES)


# --- 2.5 Viceroy and costs -------------------------------------------------------------------------
def viceroy(game) -> str | None:
    """The current Viceroy's name (2.5): the Campaign card in the Viceroy box."""
    return CAMPAIGN_CARDS.get(game.state.viceroy)


def costs_nothing(game) -> bool:
    """No Resources change hands: an Op/SA granted free by an Event (5.0), or a non-player Raj, which
    does not track or spend Resources (8.1; its Activation Number limits Sepoys instead, 8.6.2)."""
    return is_free(game) or game.is_non_player("raj")


def sepoy_cost(game, op: str, first: bool = False) -> int:
    """Resources to use Sepoys in one space of ``op`` (3.2: Restraint), as modified by the Viceroy
    (2.5.1): Willingdon Deploy 1, Irwin Sweep 1, Chelmsford Assault 1; Reading makes the first
    space selected for Deploy / Sweep / Assault free and all of Garrison free."""
    if costs_nothing(game):            # 5.0 free Operation; 8.1 non-player Raj
        return 0
    v = viceroy(game)
    if v == "Lord Reading" and (op == "garrison" or (first and op in ("deploy", "sweep", "assault"))):
        return 0
    if (op, v) in (("deploy", "Lord Willingdon"), ("sweep", "Lord Irwin"), ("assault", "Lord Chelmsford")):
        return 1
    return game.state.restraint


def _can_pay(game, cost: int) -> bool:
    return costs_nothing(game) or game.state.resources["raj"] >= cost


def _pay(game, cost: int) -> None:
    if not costs_nothing(game):
        board.add_resources(game.state, "raj", -cost)


def imperialism_cost(game) -> int:
    """4.2.2 / 6.3.1 Imperialism: 3 Resources per step, 2 under Lord Mountbatten (2.5.1); 0 in a
    Special Activity granted free by an Event (5.0) or for a non-player Raj (8.1)."""
    if costs_nothing(game):
        return 0
    return 2 if viceroy(game) == "Lord Mountbatten" else 3


def imperialism_steps(s, sp) -> list[str]:
    """The Imperialism steps still possible in a space, in the order they must be bought (4.2.2):
    every Unrest marker first; then, in a Muslim State, its marker; then shifts toward Active
    Support (Railways have no Support). The caller applies its own per-space maximum (two)."""
    steps = ["unrest"] * int(s.unrest.item(sp))
    if s.muslim_state.item(sp):
        steps.append("muslim_state")
    if board.is_land(sp):
        steps += ["shift"] * (2 - int(s.support.item(sp)))
    return steps


def imperialism_step(s, sp) -> None:
    """Buy one step of Imperialism (4.2.2 / 6.3.1) in ``sp``; the caller pays."""
    if s.unrest.item(sp) > 0:
        s.unrest[sp] -= 1
    elif s.muslim_state.item(sp):
        s.muslim_state[sp] = 0        # 1.3.5: the space reverts to a Province
    else:
        board.shift_support(s, sp, +1)


# --- the action in progress ---------------------------------------------------------------------
def _op_spaces(game) -> list[int]:
    """Spaces already selected for the Operation (none when asked whether the Op is possible at all)."""
    turn = game.state.turn
    return turn["op_spaces"] if turn is not None else []


def _flags(game) -> dict:
    turn = game.state.turn
    return turn["flags"] if turn is not None else {}


def _first(game) -> bool:
    """Is the space being considered for selection the Operation's first (Lord Reading, 2.5.1)?"""
    return not _op_spaces(game)


def _selected_first(game) -> bool:
    """Inside ``select``: was the space just selected the Operation's first?"""
    return len(_op_spaces(game)) == 1


# --- movement bookkeeping (3.1.2) ----------------------------------------------------------------
def _fixed(game, key: str) -> dict:
    return _flags(game).setdefault(key, {})


def _fix(game, key: str, sp: int, troops: int, sepoys: int) -> None:
    entry = _fixed(game, key).setdefault(str(sp), [0, 0])
    entry[0] += troops
    entry[1] += sepoys


def _can_leave(s, sp) -> bool:
    """3.2 / 4.2: no cube may exit a Protest space (Railways included)."""
    return not s.protest.item(sp)


def _with_cubes(s) -> list[bool]:
    """board.cubes(s, sp) > 0 for every map space, as a list (one read of the board)."""
    return [t + q > 0 for t, q in s.pieces[:N_SPACES, _CUBE_COLUMNS].tolist()]


def _leavers(game, key: str) -> np.ndarray:
    """[space, (Troops, Sepoys)]: the cubes that may leave each space in this activity: not yet
    moved or used (3.1.2), and none from a Protest space (3.2, 4.2)."""
    s = game.state
    free = s.pieces[:N_SPACES, _CUBE_COLUMNS].astype(np.int32)
    for sp, (t, q) in _fixed(game, key).items():
        free[int(sp), 0] -= t
        free[int(sp), 1] -= q
    free[s.protest > 0] = 0
    return np.maximum(free, 0)


# --- 3.2.1 Deploy ------------------------------------------------------------------------------------
DEPLOY_KEY = "raj_deployed"      # cubes placed this Deploy: never taken back off the map by it


class Deploy(Activity):
    """3.2.1 Deploy: in each selected City place up to six cubes, paying the Sepoy cost in a City
    where Sepoys are placed. A cube type with none Available may be taken from elsewhere on the
    map (not from a Protest space, 3.2). Afterwards, up to two cubes go from Out of Play to
    Available (also after a Limited Deploy)."""

    key = name = "deploy"
    faction = "raj"

    def candidate_spaces(self, game):
        return CITIES

    def can_select(self, game, sp):
        first = _first(game)
        return _deploy_obtainable(game, sp, TROOP) or (
            _deploy_obtainable(game, sp, SEPOY) and _can_pay(game, sepoy_cost(game, "deploy", first)))

    def select(self, game, sp):
        first = _selected_first(game)
        game.push({"kind": "g_raj_deploy", "actor": "raj", "space": sp, "placed": 0, "paid": False,
                   "cost": sepoy_cost(game, "deploy", first)})

    def finish(self, game):
        s = game.state
        if s.pieces.item(OUT_OF_PLAY, TROOP) + s.pieces.item(OUT_OF_PLAY, SEPOY) > 0:
            game.choose("raj", "Deploy: move a cube from Out of Play to Available, or done",
                        _oop_options(game), "raj_deploy_oop", left=2)


def _deploy_sources(game, city: int, piece: int) -> list[int]:
    """3.2.1 / 1.4.1: map spaces a cube may be taken from when none of its type is Available."""
    if game.is_non_player("raj"):
        return []                 # 8.1: a non-player never takes its pieces from the map when short
    free = _leavers(game, DEPLOY_KEY)[:, _SLOT[piece]]
    return [int(sp) for sp in np.flatnonzero(free) if sp != city]


def _deploy_obtainable(game, city: int, piece: int) -> bool:
    return board.available(game.state, piece) > 0 or bool(_deploy_sources(game, city, piece))


@PROMPTS.register
class DeployCity(Prompt):
    """Place cubes in a Deploy City one at a time (at most six), then done."""

    kind = "g_raj_deploy"

    def legal(self, game, frame):
        sp = frame["space"]
        out = []
        if frame["placed"] < 6:
            if _deploy_obtainable(game, sp, TROOP):
                out.append(game.piece_action(TROOP))
            if _deploy_obtainable(game, sp, SEPOY) and (frame["paid"] or _can_pay(game, frame["cost"])):
                out.append(game.piece_action(SEPOY))
        if frame["placed"] >= 1 or not out:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        return (f"Deploy in {game.space_names[frame['space']]} ({frame['placed']} of 6 placed): "
                f"place a Troop or a Sepoy, or done")

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        s = game.state
        piece = game.piece_of(action)
        sp = frame["space"]
        if piece == SEPOY and not frame["paid"]:
            _pay(game, frame["cost"])
            frame["paid"] = True
        frame["placed"] += 1
        if board.available(s, piece) > 0:
            board.place(s, piece, sp)
            _fix(game, DEPLOY_KEY, sp, int(piece == TROOP), int(piece == SEPOY))
            return
        game.choose("raj", f"Deploy: no {'Troop' if piece == TROOP else 'Sepoy'} Available; take one from",
                    [game.space_action(src) for src in _deploy_sources(game, sp, piece)],
                    "raj_deploy_take", piece=piece, space=sp)


@CONTINUATIONS.register
def raj_deploy_take(game, frame, action):
    piece, sp = frame["piece"], frame["space"]
    board.move(game.state, piece, game.space_of(action), sp)
    _fix(game, DEPLOY_KEY, sp, int(piece == TROOP), int(piece == SEPOY))


def _oop_options(game):
    s = game.state
    return [game.piece_action(p) for p in CUBE_TYPES if s.pieces.item(OUT_OF_PLAY, p) > 0] + [game.DONE]


@CONTINUATIONS.register
def raj_deploy_oop(game, frame, action):
    if action == game.DONE:
        return
    s = game.state
    board.move(s, game.piece_of(action), OUT_OF_PLAY, AVAILABLE)
    if frame["left"] > 1 and s.pieces.item(OUT_OF_PLAY, TROOP) + s.pieces.item(OUT_OF_PLAY, SEPOY) > 0:
        game.choose("raj", frame["ask"], _oop_options(game), "raj_deploy_oop", left=frame["left"] - 1)


# --- 3.2.2 Garrison ------------------------------------------------------------------------------------
GARRISON_KEY = "raj_garrison_moved"


def _garrison_network(s):
    """The Railway network as Garrison sees it now (3.2.2): ``reach_of(origin)`` is the set of spaces
    where a cube leaving ``origin`` may end. The cube enters an adjacent Railway or City, may go on
    along adjacent Railways / Cities, and may finally step into an adjacent Raj-Controlled space.
    It must stop on entering a space with Active adversaries, and never leaves a Protest space
    (1.10, 3.2), so such network spaces end a path. Computed once per call: the passable network
    spaces fall into connected groups, and a group leads to its own spaces, the network spaces
    next to it and the Raj-Controlled spaces next to it."""
    passable = (IS_NETWORK & (board.active_non_raj_all(s) == 0) & (s.protest == 0)).tolist()
    rc = board.control_mask(s).tolist()
    network = _NETWORK
    nb = s.data.neighbors
    group = [-1] * N_SPACES
    leads: list[set[int]] = []
    for start in range(N_SPACES):
        if not passable[start] or group[start] >= 0:
            continue
        gid = len(leads)
        members, stack = [], [start]
        group[start] = gid
        while stack:
            cur = stack.pop()
            members.append(cur)
            for nxt in nb[cur]:
                if passable[nxt] and group[nxt] < 0:
                    group[nxt] = gid
                    stack.append(nxt)
        out: set[int] = set()
        for cur in members:
            for nxt in nb[cur]:
                if network[nxt] or rc[nxt]:
                    out.add(nxt)
            out.add(cur)
        leads.append(out)

    def reach_of(origin: int) -> set[int]:
        finals: set[int] = set()
        for nxt in nb[origin]:
            if not network[nxt]:
                continue
            finals.add(nxt)
            if group[nxt] >= 0:
                finals |= leads[group[nxt]]
        finals.discard(origin)
        return finals

    return reach_of


def _garrison_sepoys_ok(game) -> bool:
    return bool(_flags(game).get("raj_garrison_paid")) or _can_pay(game, sepoy_cost(game, "garrison"))


def _garrison_moves(game, key: str = GARRISON_KEY) -> dict[int, tuple[int, int, set[int]]]:
    """{origin: (movable Troops, movable Sepoys, destinations)} for every space cubes may leave:
    not a Protest space, holding cubes that have not moved; Sepoys only if they can be paid for."""
    s = game.state
    sep_ok = _garrison_sepoys_ok(game)
    free = _leavers(game, key)
    reach_of = None
    out = {}
    for o in np.flatnonzero(free[:, 0] + (free[:, 1] if sep_ok else 0)):
        o = int(o)
        t = int(free[o, 0])
        q = int(free[o, 1]) if sep_ok else 0
        if t or q:
            reach_of = reach_of or _garrison_network(s)
            out[o] = (t, q, reach_of(o))
    return out


def _garrison_origins(game, dest: int, key: str = GARRISON_KEY) -> dict[int, tuple[int, int]]:
    """Origins whose unmoved cubes may Garrison into ``dest``: {origin: (troops, sepoys)}."""
    return {o: (t, q) for o, (t, q, reach) in _garrison_moves(game, key).items() if dest in reach}


class Garrison(Activity):
    """3.2.2 Garrison. Each selected space is a destination into which cubes move from any
    origins along the Railway network (see :func:`_garrison_network`); a Limited Garrison therefore
    has a single destination. Cost: Restraint once for the whole Operation if any Sepoy moves
    (free under Lord Reading)."""

    key = name = "garrison"
    faction = "raj"

    def selectable(self, game):
        chosen = _op_spaces(game)
        dests: set[int] = set()
        for _t, _q, reach in _garrison_moves(game).values():
            dests |= reach
        return sorted(d for d in dests if d not in chosen)

    def can_select(self, game, sp):
        return sp in self.selectable(game)

    def available(self, game):
        """Some space is selectable. Before any destination is chosen: some cube may leave a space
        next to a Railway or City (it may always end there, 3.2.2), without walking the network."""
        if _op_spaces(game):
            return bool(self.selectable(game))
        free = movable_cubes(game, GARRISON_KEY)
        sepoys_ok = _garrison_sepoys_ok(game)
        near_network = game.state.data.adjacent_network
        # read space by space (the sequence of play asks this at every Raj choice, even of a non-player
        # Raj, which never Garrisons): few spaces hold cubes, so whole-map array tests cost more
        return any((t > 0 or (sepoys_ok and q > 0)) and near_network[o] for o, (t, q) in enumerate(free))

    def select(self, game, sp):
        game.push(_move_frame("garrison", sp, GARRISON_KEY))


# --- 3.2.3 Sweep ---------------------------------------------------------------------------------------
SWEEP_KEY = "raj_sweep_moved"
WAVELL_KEY = "raj_wavell_moved"


def _clean_railway(s, r: int) -> bool:
    """3.2.3: a Railway a sweeping cube may pass over: no Strike, Activists or Active Guerrillas
    (and no Protest, which it could not leave)."""
    return (board.is_railway(s, r) and not s.strike.item(r) and board.activists(s, r) == 0
            and board.count(s, r, ACTIVE_GUERRILLA) == 0 and _can_leave(s, r))


def movable_cubes(game, key: str) -> list[list[int]]:
    """[space][Troops, Sepoys] that may still leave each space in this activity (:func:`_leavers`),
    as lists: for a caller asking :func:`sweep_origins` about many destinations of one board. Built
    from one read of the board (the Sweep test and the Raj bot ask this at nearly every Raj choice)."""
    s = game.state
    free = s.pieces[:N_SPACES, _CUBE_COLUMNS].tolist()
    for sp, (t, q) in _fixed(game, key).items():
        row = free[int(sp)]
        row[0] = max(0, row[0] - t)
        row[1] = max(0, row[1] - q)
    for sp in s.protest.nonzero()[0].tolist():      # 3.2 / 4.2: none leaves a Protest space
        free[sp] = [0, 0]
    return free


def sweep_readings(game, key: str) -> tuple[list, list]:
    """(:func:`movable_cubes`, :func:`clean_railways`) of the board now, kept on the game while what they
    read is unchanged: the Sweep test of the engine and the Raj bot's Sweep questions read them on the
    same board at nearly every Raj choice of a Sweep (coin_env/core/kept.py; the key holds the cubes,
    Protests, Strikes and the cubes already moved). Read-only lists: callers must not change them."""
    s = game.state
    moved = _fixed(game, key)           # as movable_cubes does, this records the activity's moved entry
    # The moved record as plain tuples (its entries are lists the activity keeps adding to): in the
    # order it was written, so an equal record written in another order is only a miss, never wrong.
    moved_now = tuple([(sp, t, q) for sp, (t, q) in moved.items()]) if moved else ()
    board_now = (key, s.pieces.tobytes(), s.protest.tobytes(), s.strike.tobytes(), moved_now)
    return kept_on_game(game, "_sweep_readings", board_now, lambda: (movable_cubes(game, key), clean_railways(s)))


def clean_railways(s) -> list[bool]:
    """:func:`_clean_railway` of every space at once (False off the Railways), for many questions:
    read Railway by Railway (a dozen spaces; cheaper than whole-map array tests)."""
    clean = [False] * N_SPACES
    strike, protest, p = s.strike, s.protest, s.pieces
    for r in RAILWAYS:
        clean[r] = not (strike.item(r) or protest.item(r) or p.item(r, CONGRESS_ACTIVIST) or p.item(r, ML_ACTIVIST)
                        or p.item(r, ACTIVE_GUERRILLA))
    return clean


def sweep_near(s, dest: int, clean: list | None = None) -> list[int]:
    """3.2.3: the spaces cubes may sweep into ``dest`` from, in space order: adjacent ones, and those
    next to an adjacent clean Railway (``clean``: :func:`clean_railways`, if the caller has it)."""
    nb = s.data.neighbors
    near = set(nb[dest])
    for r in nb[dest]:
        if clean[r] if clean is not None else _clean_railway(s, r):
            near.update(nb[r])
    near.discard(dest)
    return sorted(near)


def sweep_origins(game, dest: int, key: str, troops_ok: bool, sepoys_ok: bool,
                  free: list | None = None, clean: list | None = None) -> dict[int, tuple[int, int]]:
    """3.2.3: cubes not in Protest spaces move into the destination from adjacent spaces (Railways
    included), or first onto an adjacent clean Railway and from it into the destination.
    ``free`` / ``clean``: :func:`movable_cubes` / :func:`clean_railways` when the caller already has
    them (the board unchanged)."""
    s = game.state
    near = sweep_near(s, dest, clean)
    if free is None:
        free = _MovableNear(game, key)      # one destination: read only the spaces near it
    out = {}
    for o in near:
        t, p = free[o]
        if not troops_ok:
            t = 0
        if not sepoys_ok:
            p = 0
        if t or p:
            out[o] = (t, p)
    return out


class _MovableNear:
    """:func:`movable_cubes` read space by space, for a question about a few spaces (one Sweep
    destination's neighbours): ``free[o]`` is ``movable_cubes(game, key)[o]``."""

    def __init__(self, game, key):
        self.s = game.state
        self.fixed = _fixed(game, key)

    def __getitem__(self, o) -> tuple[int, int]:
        s = self.s
        if s.protest.item(o):               # 3.2 / 4.2: no cube leaves a Protest space
            return 0, 0
        t, q = s.pieces.item(o, TROOP), s.pieces.item(o, SEPOY)
        moved = self.fixed.get(str(o))
        if moved is not None:
            t, q = max(0, t - moved[0]), max(0, q - moved[1])
        return t, q


def _reached_spaces(nb, free, clean, slot) -> list[bool]:
    """For every space ``sp``: does some space of :func:`sweep_origins` for ``sp`` hold movable cubes of
    ``slot`` (0 Troops, 1 Sepoys; ``free`` / ``clean``: :func:`movable_cubes` / :func:`clean_railways`)?
    Worked out from the origins outward, once for the whole map: an origin reaches its neighbours, and
    through each adjacent clean Railway that Railway's neighbours but itself (adjacency is symmetric,
    1.3.8)."""
    reached = [False] * len(free)
    for o, cubes in enumerate(free):
        if not cubes[slot]:
            continue
        for r in nb[o]:
            reached[r] = True
            if clean[r]:
                for sp in nb[r]:
                    if sp != o:
                        reached[sp] = True
    return reached


def troops_may_enter(s, sp) -> bool:
    """3.2: Troops never enter States."""
    return not board.is_state(s, sp)


class Sweep(Activity):
    """3.2.3 Sweep: select non-railway destinations; cubes move in (see :func:`sweep_origins`);
    then one Guerrilla is Activated per cube there. Sepoys cost the Sepoy cost per destination,
    whether they move in or sweep in place; Sepoys already there count only if paid for."""

    key = name = "sweep"
    faction = "raj"

    def candidate_spaces(self, game):
        return LAND

    def space_test(self, game):
        """A space with Troops, or one some cube could sweep into (:func:`sweep_origins`: Troops only
        where they may enter), Sepoys only if paid for. The movable cubes and the clean Railways are
        read once, when first needed."""
        s = game.state
        nb = s.data.neighbors
        first = _first(game)
        free = clean = None
        reach = [None, None]             # per slot (Troops, Sepoys): every space reached, when first needed

        def reached(sp, slot) -> bool:
            """Some space of :func:`sweep_origins` for ``sp`` holds movable cubes of ``slot``."""
            spaces = reach[slot]
            if spaces is None:
                spaces = reach[slot] = _reached_spaces(nb, free, clean, slot)
            return spaces[sp]

        pieces = s.pieces
        payable = None                   # the Sepoy cost (3.2) is the same for every space: read once

        def test(sp) -> bool:
            nonlocal free, clean, payable
            if pieces.item(sp, TROOP) > 0:
                return True
            if free is None:
                free, clean = sweep_readings(game, SWEEP_KEY)
            if not board.is_state(s, sp) and reached(sp, 0):      # troops_may_enter
                return True
            if not (pieces.item(sp, SEPOY) > 0 or reached(sp, 1)):
                return False
            if payable is None:
                payable = _can_pay(game, sepoy_cost(game, "sweep", first))
            return payable

        return test

    def select(self, game, sp):
        s = game.state
        first = _selected_first(game)
        cost = sepoy_cost(game, "sweep", first)
        tin = troops_may_enter(s, sp)
        origins = sweep_origins(game, sp, SWEEP_KEY, tin, True)
        troops_work = board.count(s, sp, TROOP) > 0 or (tin and any(t for t, _ in origins.values()))
        sep_work = (board.count(s, sp, SEPOY) > 0 or any(p for _, p in origins.values())) and _can_pay(game, cost)
        if troops_work and sep_work:
            game.choose("raj", f"Sweep in {game.space_names[sp]}: use Sepoys for {cost} Resources, or Troops only",
                        [game.mode("raj_use_sepoys"), game.mode("raj_troops_only")], "raj_sweep_sepoys",
                        space=sp, cost=cost)
        else:
            _start_sweep(game, sp, sep_work, cost)


@CONTINUATIONS.register
def raj_sweep_sepoys(game, frame, action):
    _start_sweep(game, frame["space"], action == game.mode("raj_use_sepoys"), frame["cost"])


def _start_sweep(game, sp: int, use_sepoys: bool, cost: int) -> None:
    if use_sepoys:
        _pay(game, cost)
    game.push(_move_frame("sweep", sp, SWEEP_KEY, use_sepoys=use_sepoys))


def _sweep_activate(game, dest: int, use_sepoys: bool, key: str) -> None:
    """3.2.3: one Guerrilla Activated per cube used in the destination; those cubes stay put for
    the rest of the Sweep (they have been used there)."""
    s = game.state
    troops = board.count(s, dest, TROOP)
    sepoys = board.count(s, dest, SEPOY) if use_sepoys else 0
    board.activate_guerrillas(s, dest, troops + sepoys)
    entry = _fixed(game, key).setdefault(str(dest), [0, 0])
    entry[0] = troops
    entry[1] = max(entry[1], sepoys)


# --- shared movement prompt (Garrison, Sweep, Wavell's Sweep, Treaty) -----------------------------------
def _move_frame(op: str, dest: int, key: str, use_sepoys: bool = True) -> dict:
    return {"kind": "g_raj_move", "actor": "raj", "op": op, "dest": dest, "key": key,
            "use_sepoys": use_sepoys, "origins_done": [], "moved": 0}


def _move_origins(game, frame) -> dict[int, tuple[int, int]]:
    s = game.state
    dest, key, op = frame["dest"], frame["key"], frame["op"]
    if op == "garrison":
        origins = _garrison_origins(game, dest, key)
    elif op in ("sweep", "wavell"):
        free, clean = sweep_readings(game, key)      # kept: the Raj bot reads them on this board too
        origins = sweep_origins(game, dest, key, troops_may_enter(s, dest), frame["use_sepoys"], free=free, clean=clean)
    else:   # treaty: Sepoys only, from adjacent spaces (4.2.1)
        free = _leavers(game, key)
        origins = {o: (0, int(free[o, 1])) for o in s.data.neighbors[dest] if free[o, 1]}
    return {o: v for o, v in origins.items() if o not in frame["origins_done"]}


def _move_may_finish(game, frame) -> bool:
    if frame["op"] in ("sweep", "wavell"):
        s = game.state
        dest = frame["dest"]
        return board.count(s, dest, TROOP) + (board.count(s, dest, SEPOY) if frame["use_sepoys"] else 0) > 0
    return frame["moved"] > 0


MOVE_NAMES = {"garrison": "Garrison", "sweep": "Sweep", "wavell": "Wavell Sweep", "treaty": "Treaty"}


@PROMPTS.register
class MoveCubes(Prompt):
    """Move cubes into one destination: choose an origin (each once), then how many Troops and
    Sepoys come from it; done once the destination's procedure may end."""

    kind = "g_raj_move"

    def legal(self, game, frame):
        out = [game.space_action(o) for o in _move_origins(game, frame)]
        if _move_may_finish(game, frame) or not out:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        return (f"{MOVE_NAMES[frame['op']]} into {game.space_names[frame['dest']]}: "
                f"select a space to move cubes from, or done")

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            if frame["op"] in ("sweep", "wavell"):
                _sweep_activate(game, frame["dest"], frame["use_sepoys"], frame["key"])
            return
        origin = game.space_of(action)
        troops, sepoys = _move_origins(game, frame)[origin]
        frame["origins_done"].append(origin)
        if troops:
            game.choose("raj", f"{MOVE_NAMES[frame['op']]}: how many Troops move from {game.space_names[origin]}",
                        game.count_actions(0 if sepoys else 1, troops), "raj_move_troops", origin=origin,
                        sepoys=sepoys)
        else:
            _ask_sepoys(game, frame, origin, sepoys, 1)


def _ask_sepoys(game, move_frame, origin, sepoys, lo):
    game.choose("raj", f"{MOVE_NAMES[move_frame['op']]}: how many Sepoys move from {game.space_names[origin]}",
                game.count_actions(lo, sepoys), "raj_move_sepoys", origin=origin)


@CONTINUATIONS.register
def raj_move_troops(game, frame, action):
    n = game.count_of(action)
    top = game.top()
    _move_cubes(game, top, frame["origin"], TROOP, n)
    if frame["sepoys"]:
        _ask_sepoys(game, top, frame["origin"], frame["sepoys"], 0 if n else 1)


@CONTINUATIONS.register
def raj_move_sepoys(game, frame, action):
    n = game.count_of(action)
    top = game.top()
    if n and top["op"] == "garrison" and not game.state.turn["flags"].get("raj_garrison_paid"):
        _pay(game, sepoy_cost(game, "garrison"))      # 3.2.2: once per Garrison
        game.state.turn["flags"]["raj_garrison_paid"] = True
    _move_cubes(game, top, frame["origin"], SEPOY, n)


def _move_cubes(game, move_frame, origin, piece, n):
    if n <= 0:
        return
    dest = move_frame["dest"]
    board.move(game.state, piece, origin, dest, n)
    _fix(game, move_frame["key"], dest, n if piece == TROOP else 0, n if piece == SEPOY else 0)
    move_frame["moved"] += n


# --- 3.2.4 Assault -------------------------------------------------------------------------------------
class Assault(Activity):
    """3.2.4 Assault in spaces with cubes: with only Sepoys, one removal per two Sepoys; with any
    Troops, one per cube used. Sepoys cost the Sepoy cost per space (Chelmsford 1; Reading: first
    space free). Lord Wavell: once per Assault, a free Limited Sweep (3.2.3), Troops and Sepoys,
    into a non-railway space selected for Assault, offered when the space is selected (before its
    removals, the only moment the Sweep can change them)."""

    key = name = "assault"
    faction = "raj"

    def space_test(self, game):
        p = game.state.pieces
        ok = p[:N_SPACES, TROOP] > 0
        if _can_pay(game, sepoy_cost(game, "assault", _first(game))):
            ok |= p[:N_SPACES, SEPOY] > 0
        return ok.tolist().__getitem__

    def select(self, game, sp):
        s = game.state
        if (viceroy(game) == "Lord Wavell" and not s.turn["flags"].get("raj_wavell_used")
                and board.is_land(sp)):
            game.choose("raj", f"Assault in {game.space_names[sp]}: use Lord Wavell's free Sweep into it first?",
                        [game.mode("assault_wavell_sweep"), game.mode("assault_no_sweep")],
                        "raj_assault_wavell", space=sp)
            return
        _assault_space(game, sp)


@CONTINUATIONS.register
def raj_assault_wavell(game, frame, action):
    sp = frame["space"]
    if action == game.mode("assault_no_sweep"):
        _assault_space(game, sp)
        return
    game.state.turn["flags"]["raj_wavell_used"] = True
    game.after("raj_assault_resume", space=sp)
    game.push(_move_frame("wavell", sp, WAVELL_KEY, use_sepoys=True))


@CONTINUATIONS.register
def raj_assault_resume(game, frame, _action):
    """After Wavell's Sweep into an Assault space (2.5), Assault there."""
    _assault_space(game, frame["space"])


def _assault_space(game, sp: int) -> None:
    s = game.state
    first = _selected_first(game)
    cost = sepoy_cost(game, "assault", first)
    troops, sepoys = board.count(s, sp, TROOP), board.count(s, sp, SEPOY)
    # The choice matters when Sepoys cost Resources, or for a non-player Raj whose failed Activation
    # roll leaves only Troops (8.6.2).
    if sepoys and troops and (cost > 0 or game.is_non_player("raj")) and _can_pay(game, cost):
        game.choose("raj", f"Assault in {game.space_names[sp]}: use Sepoys for {cost} Resources, or Troops only",
                    [game.mode("raj_use_sepoys"), game.mode("raj_troops_only")], "raj_assault_sepoys", space=sp,
                    cost=cost)
        return
    _assault_remove(game, sp, use_sepoys=bool(sepoys) and _can_pay(game, cost), cost=cost)


@CONTINUATIONS.register
def raj_assault_sepoys(game, frame, action):
    _assault_remove(game, frame["space"], action == game.mode("raj_use_sepoys"), frame["cost"])


def _assault_remove(game, sp: int, use_sepoys: bool, cost: int) -> None:
    """3.2.4: the number of removals, then the removal itself (Bases last, NV to Jail, Gandhi)."""
    s = game.state
    troops = board.count(s, sp, TROOP)
    sepoys = board.count(s, sp, SEPOY) if use_sepoys else 0
    if sepoys:
        _pay(game, cost)
    n = troops + sepoys if troops else sepoys // 2
    start_removal(game, "raj", sp, n, "assault")


# --- 4.2.1 Treaty ---------------------------------------------------------------------------------------
TREATY_KEY = "raj_treaty_moved"


def _treaty_can_remove(game, sp) -> bool:
    s = game.state
    return board.count(s, sp, SEPOY) > 0 and bool(removable(s, sp, "raj", "treaty"))


def _treaty_can_move(game, sp, free_sepoys: list | None = None) -> bool:
    """Sepoys may come in from an adjacent space (``free_sepoys``: the movable Sepoys per space, if
    the caller has them)."""
    if free_sepoys is None:
        free_sepoys = [q for _, q in movable_cubes(game, TREATY_KEY)]
    return any(free_sepoys[o] for o in game.state.data.neighbors[sp])


class Treaty(Activity):
    """4.2.1 Treaty in States (Princely or Muslim): either remove one Active piece per Sepoy there
    (Bases last, NV as one faction to Jail), or move Sepoys in from adjacent non-Protest spaces."""

    key = name = "treaty"
    faction = "raj"
    special = True
    accompanies = None

    def space_test(self, game):
        s = game.state
        free_sepoys = None               # read once when first needed

        states = (IS_PRINCELY_STATE | (s.muslim_state != 0)).tolist()     # board.is_state, everywhere

        def test(sp) -> bool:
            nonlocal free_sepoys
            if not states[sp]:
                return False
            if _treaty_can_remove(game, sp):
                return True
            if free_sepoys is None:
                free_sepoys = [q for _, q in movable_cubes(game, TREATY_KEY)]
            return _treaty_can_move(game, sp, free_sepoys)

        return test

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading the States only, and all of them for a removal before the
        movable Sepoys are read for a move (the costlier reading, needed only when no State has a piece
        to remove). Checked against the plain reading in tests/gandhi/test_gandhi_fast_paths.py."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        s = game.state
        states = [sp for sp in _PRINCELY_STATES if sp not in chosen]
        states += [sp for sp in s.muslim_state.nonzero()[0].tolist() if sp not in chosen and sp not in _PRINCELY_SET]
        if any(_treaty_can_remove(game, sp) for sp in states):
            return True
        if not states:
            return False
        free_sepoys = [q for _, q in movable_cubes(game, TREATY_KEY)]
        return any(_treaty_can_move(game, sp, free_sepoys) for sp in states)

    def select(self, game, sp):
        rem, mov = _treaty_can_remove(game, sp), _treaty_can_move(game, sp)
        if rem and mov:
            game.choose("raj", f"Treaty in {game.space_names[sp]}: remove pieces or move Sepoys in",
                        [game.mode("treaty_remove"), game.mode("treaty_move")], "raj_treaty_mode", space=sp)
        else:
            _treaty_do(game, sp, rem)


@CONTINUATIONS.register
def raj_treaty_mode(game, frame, action):
    _treaty_do(game, frame["space"], action == game.mode("treaty_remove"))


def _treaty_do(game, sp: int, remove: bool) -> None:
    if remove:
        start_removal(game, "raj", sp, board.count(game.state, sp, SEPOY), "treaty")
    else:
        game.push(_move_frame("treaty", sp, TREATY_KEY))


# --- 4.2.2 Govern ---------------------------------------------------------------------------------------
def govern_modes(game, sp) -> list[str]:
    s = game.state
    out = []
    if removable(s, sp, "raj", "govern"):
        out.append("govern_remove")
    if board.activists(s, sp) == 0 and (s.strike.item(sp) or s.protest.item(sp)):
        out.append("govern_marker")
    if board.active_non_raj(s, sp) == 0 and imperialism_steps(s, sp) and _can_pay(game, imperialism_cost(game)):
        out.append("govern_imperialism")
    return out


def _governable(game, sp) -> bool:
    """``bool(govern_modes(game, sp))``, stopping at the first mode found (the sequence of play asks
    it of every space with cubes whenever the Raj may Govern)."""
    s = game.state
    if removable(s, sp, "raj", "govern"):
        return True
    if board.activists(s, sp) == 0 and (s.strike.item(sp) or s.protest.item(sp)):
        return True
    return board.active_non_raj(s, sp) == 0 and bool(imperialism_steps(s, sp)) and _can_pay(game, imperialism_cost(game))


class Govern(Activity):
    """4.2.2 Govern in up to two spaces with cubes, each one of: remove one Active piece (Bases
    last, NV to Jail); where there are no Activists, remove a Strike or a Protest; where there are
    no Active adversaries, buy one or two steps of Imperialism (:func:`imperialism_step`)."""

    key = name = "govern"
    faction = "raj"
    special = True
    accompanies = None

    def max_spaces(self, game):
        return 2

    def space_test(self, game):
        with_cubes = _with_cubes(game.state)
        return lambda sp: with_cubes[sp] and _governable(game, sp)

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading only the spaces with cubes (stops at the first)."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        p = game.state.pieces[:N_SPACES]
        with_cubes = (p[:, TROOP] + p[:, SEPOY]).nonzero()[0].tolist()
        return any(_governable(game, sp) for sp in with_cubes if sp not in chosen)

    def select(self, game, sp):
        modes = govern_modes(game, sp)
        if len(modes) == 1:
            _govern_do(game, sp, modes[0])
        else:
            game.choose("raj", f"Govern in {game.space_names[sp]}: choose what to do",
                        [game.mode(m) for m in modes], "raj_govern_mode", space=sp)


@CONTINUATIONS.register
def raj_govern_mode(game, frame, action):
    key = next(m for m in ("govern_remove", "govern_marker", "govern_imperialism") if game.mode(m) == action)
    _govern_do(game, frame["space"], key)


def _govern_do(game, sp: int, mode: str) -> None:
    s = game.state
    if mode == "govern_remove":
        start_removal(game, "raj", sp, 1, "govern")
    elif mode == "govern_marker":
        markers = []
        if s.strike.item(sp):
            markers.append(game.vocabulary.index("piece", "Strike"))
        if s.protest.item(sp):
            markers.append(game.vocabulary.index("piece", "Protest"))
        if len(markers) == 1:
            _govern_remove_marker(game, sp, markers[0])
        else:
            game.choose("raj", f"Govern in {game.space_names[sp]}: remove which marker",
                        markers, "raj_govern_marker", space=sp)
    else:
        cost = imperialism_cost(game)
        most = min(2, len(imperialism_steps(s, sp)), s.resources["raj"] // cost if cost else 2)
        if most == 1:
            _govern_imperialism(game, sp, 1)
        else:
            game.choose("raj", f"Govern in {game.space_names[sp]}: buy how many steps of Imperialism "
                        f"({cost} Resources each)", game.count_actions(1, most), "raj_govern_imperialism", space=sp)


@CONTINUATIONS.register
def raj_govern_marker(game, frame, action):
    _govern_remove_marker(game, frame["space"], action)


def _govern_remove_marker(game, sp: int, action: int) -> None:
    s = game.state
    if action == game.vocabulary.index("piece", "Strike"):
        s.strike[sp] = 0
    else:
        board.remove_protest(s, sp)


@CONTINUATIONS.register
def raj_govern_imperialism(game, frame, action):
    _govern_imperialism(game, frame["space"], game.count_of(action))


def _govern_imperialism(game, sp: int, steps: int) -> None:
    cost = imperialism_cost(game)
    for _ in range(steps):
        _pay(game, cost)
        imperialism_step(game.state, sp)


# --- 4.2.3 Martial Law ------------------------------------------------------------------------------------
class MartialLaw(Activity):
    """4.2.3 Martial Law in one space with cubes and Activists (two during Crisis, 6.8): remove one
    Activist (Active or not) to Available per cube; remove any Protest; add one Unrest in a
    non-railway space (not under Lord Linlithgow); finally shift the space one level toward Neutral."""

    key = name = "martial_law"
    faction = "raj"
    special = True
    accompanies = None

    def max_spaces(self, game):
        return 2 if board.in_crisis(game.state) else 1

    def space_test(self, game):
        p = game.state.pieces[:N_SPACES]
        return ((p[:, TROOP] + p[:, SEPOY] > 0)
                & ((p[:, CONGRESS_ACTIVIST] + p[:, ML_ACTIVIST]) > 0)).tolist().__getitem__

    def available(self, game) -> bool:
        """:meth:`Activity.available` from the spaces the whole-map test finds (no test per space)."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        p = game.state.pieces[:N_SPACES]
        ok = (p[:, TROOP] + p[:, SEPOY] > 0) & ((p[:, CONGRESS_ACTIVIST] + p[:, ML_ACTIVIST]) > 0)
        return any(sp not in chosen for sp in ok.nonzero()[0].tolist())

    def select(self, game, sp):
        game.after("raj_martial_law_after", space=sp)
        start_removal(game, "raj", sp, board.cubes(game.state, sp), "martial_law")


@CONTINUATIONS.register
def raj_martial_law_after(game, frame, _action):
    """4.2.3, after the removals: remove any Protest, add Unrest (not with Linlithgow, not on a
    Railway), shift one level toward Neutral."""
    s = game.state
    sp = frame["space"]
    board.remove_protest(s, sp)
    if board.is_land(sp) and viceroy(game) != "Lord Linlithgow":
        board.add_unrest(s, sp)
    board.shift_toward_neutral(s, sp)


ACTIVITIES = [Deploy, Garrison, Sweep, Assault, Treaty, Govern, MartialLaw]
