"""3.2 COIN Operations of the Coalition and the Government: Train (3.2.1), Patrol (3.2.2), Sweep
(3.2.3) and Assault (3.2.4). One Activity class per (faction, Operation).

Rules that hold for all of them and live in the helpers below:

* Costs (3.1, 1.8): every cost is paid from the Government's Resources, the Coalition having none.
  A cost is checked when the space (or the piece that triggers it) is chosen, so nothing is offered
  that the payer cannot afford. A free Operation granted by an Event (3.1.2) skips the costs
  (``coin_env.coin.events.is_free``) -- except Train's Civic Action, which is paid even then (3.2.1).
* Pakistan (3.2 note, 1.4.2): the Coalition and the Government never place or move anything there,
  so Pakistan is never a Train, Sweep or Patrol space.
* Each cube moves at most once per Operation: the cubes that have moved sit in
  ``turn["flags"]["coin_moved"]`` as ``{str(space): {str(piece column): count}}``, by the space
  they moved into.
* Movement is asked destination first (the selected space), then an origin, then how many cubes of
  each type come from it; the path between them is only asked where it matters (which LoC a
  Government Sweep pays the Warlords for).
* Activation (1.4.1, 3.1): where both Insurgent factions have Underground Guerrillas the executing
  faction chooses whom it targets (one or both); a targeted faction is Activated to the full extent
  of the cubes' ability (:func:`activation_splits`).
* A space is offered only where the Operation can do something there (a cube can be placed or moved,
  a Guerrilla Activated or a piece removed, or Train's step 2 is possible).

Capabilities that modify these Operations are Event texts the rulebook does not give (digest G1); none
is applied here.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS, PIECE_NAMES, POLICE, TALIBAN_G,
                           WARLORD_G)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import (AFGHAN_PROVINCES, KABUL, LOCS, LOC_LIST, NETWORK_SPACES, N_SPACES,
                      PAKISTAN_LIST, PROVINCE_LIST)
from .removal import assault_target_in, start_removal
from .selection import SharedFactsActivity, with_facts
from ....coin.events import is_free
from ....coin.operations import Activity
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = [
    ("train_civic_action", "Train: Civic Action"),
    ("train_base", "Train: replace 3 Government cubes with a Government Base"),
    ("train_patronage", "Train: transfer 3 Patronage to Government Resources"),
    ("assault_with_government", "Assault: count Government cubes too (3 Government Resources)"),
    ("assault_coalition_only", "Assault: Coalition cubes only"),
]

COST = 3                  # 3.2.1-3.2.4: 3 Government Resources per space (Patrol: per Operation)
TRAIN_MAX_CUBES = 6       # 3.2.1
CIVIC_ACTION_COST = 3     # 3.2.1 / 6.4.1: per Terror marker removed or level shifted
TRAIN_BASE_CUBES = 3      # 3.2.1: 3 Government cubes become 1 Government Base
TRAIN_PATRONAGE = 3       # 3.2.1: Coalition in Kabul
GOV_CUBE_TYPES = (GOV_TROOPS, POLICE)
FACTION_NAMES = {"coalition": "Coalition", "government": "Government"}

# Options (digest Appendix A / G12; the owner's setup.OPTIONS table lists them):
#   "patrol_activation": "own" (A.2: each LoC Activates 1 Guerrilla per cube of the patrolling
#       faction) or "all" (per COIN cube of either faction).
#   "patrol_assault_government_cubes": "free" (the Coalition's Patrol Assault comes "at no added
#       cost", so Government cubes on the LoC count without payment) or "pay" (they count only if
#       3 Government Resources are paid, as in an ordinary Coalition Assault).
PATROL_ACTIVATION = ("own", "all")
PATROL_ASSAULT_GOVERNMENT_CUBES = ("free", "pay")

# Keys of turn["flags"] used here (JSON-plain).
MOVED = "coin_moved"                    # {str(space): {str(column): n}} cubes that moved into a space
PATROL_PAID = "coin_patrol_paid"        # True once the Government paid for its Patrol
SWEEP_PAID = "coin_sweep_paid"          # [space] Coalition Sweep destinations paid for (Government Troops in)
SWEEP_LOCS = "coin_sweep_locs_entered"  # [LoC] LoCs with Guerrillas a Government Sweep has paid for


# =====================================================================================================
# Shared helpers
# =====================================================================================================
def _flags(game) -> dict:
    turn = game.state.turn
    return turn["flags"] if turn is not None else {}


def _op_spaces(game) -> list[int]:
    turn = game.state.turn
    return turn["op_spaces"] if turn is not None else []


def _limited(game) -> bool:
    turn = game.state.turn
    return bool(turn) and turn["kind"] == "limited"


def can_pay(game, amount: int) -> bool:
    """3.1: may the Government's Resources pay ``amount`` now? Free Operations (3.1.2) always may."""
    return amount <= 0 or is_free(game) or game.state.resources["government"] >= amount


def pay(game, amount: int) -> None:
    """Pay an Operation cost from the Government's Resources (1.8), unless the Operation is free."""
    if amount > 0 and not is_free(game):
        board.add_resources(game.state, "government", -amount)


def _ask(game, faction: str, ask: str, options: list[int], then: str, **data) -> None:
    game.choose(faction, ask, options, then, **data)


def _moved_map(game) -> dict:
    """This Operation's ``{str(space): {str(column): n}}`` of cubes that moved in (empty if none)."""
    turn = game.state.turn
    if turn is None:
        return {}
    return turn["flags"].get(MOVED) or {}


def moved_into(game, sp: int, piece: int) -> int:
    """Cubes of ``piece`` that moved into ``sp`` during this Operation (they may not move again)."""
    entry = _moved_map(game).get(str(sp))
    return int(entry.get(str(piece), 0)) if entry else 0


def movable(game, sp: int, piece: int) -> int:
    """Cubes of ``piece`` in ``sp`` that have not moved yet in this Operation."""
    n = game.state.rows[sp][piece]
    entry = _moved_map(game).get(str(sp))
    if entry:
        n -= int(entry.get(str(piece), 0))
    return n if n > 0 else 0


def _movable_columns(game, types) -> list[list[int]]:
    """[i][space]: unmoved cubes of ``types[i]`` in every map space (:func:`movable` for all at once)."""
    pieces = game.state.pieces
    cols = [pieces[:N_SPACES, p].tolist() for p in types]
    for key, entry in _moved_map(game).items():
        sp = int(key)
        for col, p in zip(cols, types):
            m = entry.get(str(p))
            if m:
                col[sp] = max(0, col[sp] - int(m))
    return cols


def _move(game, piece: int, src: int, dst: int, n: int) -> None:
    if n <= 0:
        return
    board.move(game.state, piece, src, dst, n)
    entry = _flags(game).setdefault(MOVED, {}).setdefault(str(dst), {})
    entry[str(piece)] = entry.get(str(piece), 0) + n


def _count_options(game, lo: int, hi: int) -> list[int]:
    """Count actions lo..hi (clipped to the vocabulary's largest count; the movement prompts then ask
    for the rest)."""
    return game.count_actions(lo, hi)


# --- Activation (1.4.1, 1.4.3, 3.1) ------------------------------------------------------------------
def activation_splits(s, sp: int, n: int) -> list[tuple[int, int]]:
    """The (Taliban, Warlord) Underground Guerrillas that ``n`` Activations may flip in ``sp``.

    3.1: the executing faction picks the factions it targets; 1.4.1: a targeted faction is Activated
    to the full extent of the ability. So the outcomes are: both targeted (the ``n`` Activations, or
    every Underground Guerrilla if fewer, split as the executor likes), the Taliban only, or the
    Warlords only. Returns one pair (nothing to choose) or several; [] if nothing can be Activated."""
    t, w = board.underground(s, sp, "taliban"), board.underground(s, sp, "warlords")
    if n <= 0 or t + w == 0:
        return []
    if t == 0 or w == 0:
        return [(min(n, t), min(n, w))]
    both = min(n, t + w)
    pairs = {(x, both - x) for x in range(max(0, both - w), min(both, t) + 1)}
    pairs.add((min(n, t), 0))
    pairs.add((0, min(n, w)))
    return sorted(pairs)


def _activate(s, sp: int, taliban: int, warlords: int) -> None:
    board.activate(s, sp, "taliban", taliban)
    board.activate(s, sp, "warlords", warlords)


def start_activation(game, faction: str, sp: int, n: int, label: str) -> None:
    """Activate ``n`` Guerrillas in ``sp``: at once if there is nothing to choose, otherwise push the
    choice (how many Taliban, then how many Warlord Guerrillas)."""
    s = game.state
    splits = activation_splits(s, sp, n)
    if not splits:
        return
    if len(splits) == 1:
        _activate(s, sp, *splits[0])
        return
    mc = game.vocabulary.max_count
    shown = [p for p in splits if p[0] <= mc and p[1] <= mc]
    if not shown:                     # beyond the vocabulary's counts: activate as many as possible
        _activate(s, sp, *max(splits, key=lambda p: p[0] + p[1]))
        return
    talib = sorted({p[0] for p in shown})
    _ask(game, faction, f"{label} in {game.space_names[sp]}: Activate how many Taliban Guerrillas "
         f"(then Warlord Guerrillas; {n} Activation(s))",
         [game.count_action(x) for x in talib], "adp_coin_activate_taliban", space=sp, splits=[list(p) for p in shown],
         label=label)


@CONTINUATIONS.register
def adp_coin_activate_taliban(game, frame, action):
    t = game.count_of(action)
    ws = sorted({w for x, w in frame["splits"] if x == t})
    sp = frame["space"]
    if len(ws) == 1:
        _activate(game.state, sp, t, ws[0])
        return
    _ask(game, frame["actor"], f"{frame['label']} in {game.space_names[sp]}: Activate how many Warlord Guerrillas "
         f"({t} Taliban Activated)", [game.count_action(w) for w in ws], "adp_coin_activate_warlords",
         space=sp, taliban=t)


@CONTINUATIONS.register
def adp_coin_activate_warlords(game, frame, action):
    _activate(game.state, frame["space"], frame["taliban"], game.count_of(action))


def _activate_spaces(game, faction: str, todo: list[tuple[int, int]], label: str) -> None:
    """Activation in several spaces (independent of each other): the choices are asked in the
    order given (pushed last first)."""
    for sp, n in reversed(todo):
        start_activation(game, faction, sp, n, label)


# --- Assault strength (3.2.4) ---------------------------------------------------------------------------
def assault_cubes(s, sp: int, faction: str) -> int:
    """3.2.4: the cubes of ``faction`` that count in an Assault in ``sp``: Troops only in a
    Province; Troops and Police in Kabul and on LoCs."""
    return _assault_cubes_in(s.rows[sp], sp, faction)


def _assault_cubes_in(row, sp: int, faction: str) -> int:
    """:func:`assault_cubes` from the space's piece counts ``row``."""
    if faction == "coalition":
        return row[COALITION_TROOPS]
    troops = row[GOV_TROOPS]
    return troops if PROVINCE_LIST[sp] else troops + row[POLICE]


def assault_strength(game, faction: str, sp: int, with_government: bool = False) -> int:
    """3.2.4: how many enemy pieces ``faction``'s Assault removes in ``sp`` at most.

    Government: 1 per 2 counted Government cubes (rounded down), 1 per 3 in a Mountain Province.
    Coalition: 1 per counted Coalition cube, plus 1 per counted Government cube if
    ``with_government`` (the Government's Resources were paid for it)."""
    s = game.state
    if faction == "government":
        return assault_cubes(s, sp, "government") // (3 if s.data.mountain_list[sp] else 2)
    n = assault_cubes(s, sp, "coalition")
    if with_government:
        n += assault_cubes(s, sp, "government")
    return n


def removable_by_assault(s, sp: int) -> int:
    """How many Insurgent pieces an Assault of unlimited strength could remove in ``sp`` now: each
    faction's Active Guerrillas, and its Bases once it has no Guerrillas left there (Bases last; its
    Underground Guerrillas shield them, 3.2.4 note) -- the order of removal.py's "assault" style."""
    n = 0
    for f in ("taliban", "warlords"):
        n += board.active_guerrillas(s, sp, f)
        if board.underground(s, sp, f) == 0:
            n += board.bases(s, sp, f)
    return n


def assault_possible(game, faction: str, sp: int) -> bool:
    """Could ``faction`` Assault in ``sp`` and remove something (ignoring the cost)? The Coalition
    needs Coalition Troops there (3.2.4)."""
    if PAKISTAN_LIST[sp]:
        return False
    row = game.state.rows[sp]
    if not assault_target_in(row):                    # removal.targets(..., "assault") is empty
        return False
    if faction == "coalition":
        return row[COALITION_TROOPS] > 0
    return _assault_cubes_in(row, sp, "government") // (3 if game.state.data.mountain_list[sp] else 2) > 0   # assault_strength


# =====================================================================================================
# 3.2.1 Train
# =====================================================================================================
TRAIN_SPACES = [KABUL] + list(AFGHAN_PROVINCES)


def civic_action_steps(s, sp: int) -> int:
    """6.4.1: Civic Action steps still possible in ``sp``: each Terror marker, then each level
    toward Support (where Support can exist, 1.6.2)."""
    steps = s.terror_list[sp]
    if board.can_have_support(s, sp):
        steps += 1 - s.support_list[sp]
    return steps


def train_places_here(s, faction: str, sp: int) -> bool:
    """3.2.1: Government cubes are placed in Kabul and in Provinces with a COIN Base; a Coalition
    Train places them only where there is a Coalition Base (Kabul included)."""
    if faction == "coalition":
        return s.rows[sp][COALITION_BASE] > 0
    return sp == KABUL or board.coin_bases(s, sp) > 0


def train_cube_sources(s, sp: int, piece: int) -> list[int]:
    """3.2.1 / 1.4.1: with none of ``piece`` Available, map spaces it may be taken from."""
    return [o for o in range(N_SPACES) if o != sp and s.rows[o][piece] > 0]


def _elsewhere_on_map(s, sp: int, piece: int) -> bool:
    """Is a ``piece`` on some map space other than ``sp``? (bool of the *_sources lists below.)"""
    col = s.pieces[:N_SPACES, piece].tolist()
    return sum(col) > col[sp]


def train_cube_obtainable(s, sp: int, piece: int) -> bool:
    return board.available(s, piece) > 0 or _elsewhere_on_map(s, sp, piece)     # or train_cube_sources


def train_can_place(game, faction: str, sp: int, cubes_available: bool | None = None) -> bool:
    """Could Train place a Government cube in ``sp`` now (place, cube, and for the Coalition the
    3 Government Resources it then pays)? ``cubes_available``: whether a Government cube is
    Available, if already known."""
    s = game.state
    if not train_places_here(s, faction, sp):
        return False
    if faction == "coalition" and not can_pay(game, COST):
        return False
    return bool(cubes_available) or any(train_cube_obtainable(s, sp, p) for p in GOV_CUBE_TYPES)


def gov_cubes_available(s) -> bool:
    """Is any Government cube (Troops or Police) Available?"""
    return any(board.available(s, p) > 0 for p in GOV_CUBE_TYPES)


def gov_base_sources(s, sp: int) -> list[int]:
    """3.2.1: with no Government Base Available, map spaces one may be taken from."""
    return [o for o in range(N_SPACES) if o != sp and s.rows[o][GOV_BASE] > 0]


def train_step2_modes(game, faction: str, sp: int) -> list[str]:
    """3.2.1 step 2 options possible in ``sp`` now: Civic Action (COIN Control, something to buy,
    3 Government Resources, paid even in a free Train); Government: 3 Government cubes to a Base
    (room for it, a Base Available or on the map); Coalition in Kabul: Patronage to Resources."""
    s = game.state
    out = []
    if (board.coin_control(s, sp) and civic_action_steps(s, sp) > 0
            and s.resources["government"] >= CIVIC_ACTION_COST):
        out.append("train_civic_action")
    if (faction == "government" and board.gov_cubes(s, sp) >= TRAIN_BASE_CUBES and board.has_room_for_base(s, sp)
            and (board.available(s, GOV_BASE) > 0 or _elsewhere_on_map(s, sp, GOV_BASE))):   # gov_base_sources
        out.append("train_base")
    if faction == "coalition" and sp == KABUL and s.patronage > 0:
        out.append("train_patronage")
    return out


def _train_step2_any(game, faction: str, sp: int, row) -> bool:
    """bool(:func:`train_step2_modes`) with the space's pieces read from ``row`` (the same tests in the
    same order)."""
    s = game.state
    if (s.resources["government"] >= CIVIC_ACTION_COST and board.coin_control_row(s, sp, row)
            and civic_action_steps(s, sp) > 0):
        return True
    if (faction == "government" and row[GOV_TROOPS] + row[POLICE] >= TRAIN_BASE_CUBES
            and board.has_room_for_base(s, sp)
            and (board.available(s, GOV_BASE) > 0 or _elsewhere_on_map(s, sp, GOV_BASE))):
        return True
    return faction == "coalition" and sp == KABUL and s.patronage > 0


class _Train(SharedFactsActivity):
    """3.2.1 Train in Kabul and Afghan Provinces (the Coalition: Kabul, or Provinces with Coalition
    pieces). Each space: place up to 6 Government cubes where allowed (:func:`train_places_here`);
    the Government pays 3 per space, the Coalition 3 only where it places cubes. After all spaces,
    step 2 in at most one selected space (digest T14: at the very end of the Operation)."""

    key = name = "train"

    def candidate_spaces(self, game):
        return TRAIN_SPACES

    def facts(self, game):
        """(a Government cube Available, 3 Government Resources payable, the map's piece rows)."""
        s = game.state
        return gov_cubes_available(s), can_pay(game, COST), s.rows[:N_SPACES]

    def space_test(self, game):
        """:meth:`can_select_with` as one closure with the question's facts bound (one call per space, not
        two), :func:`train_can_place`'s cost and cube tests read once; None when the Government cannot pay."""
        s = game.state
        f = self.faction
        coalition = f == "coalition"
        pay_ok = can_pay(game, COST)
        if not coalition and not pay_ok:
            return None
        cubes_available = gov_cubes_available(s)
        rows = s.rows

        def train_space_ok(sp):
            r = rows[sp]
            if coalition:
                if sp != KABUL and r[COALITION_TROOPS] + r[COALITION_BASE] == 0:
                    return False
                places = r[COALITION_BASE] > 0 and pay_ok             # the Coalition pays for the cubes it places
            else:
                places = sp == KABUL or r[COALITION_BASE] + r[GOV_BASE] > 0
            if places and (cubes_available or any(train_cube_obtainable(s, sp, p) for p in GOV_CUBE_TYPES)):
                return True
            return _train_step2_any(game, f, sp, r)
        return train_space_ok

    def can_select_with(self, game, sp, facts):
        """``train_can_place(...) or bool(train_step2_modes(...))``, each space's pieces read from the
        rows read once per question."""
        f = self.faction
        cubes_available, pay_ok, rows = facts
        r = rows[sp]
        if f == "coalition" and sp != KABUL and r[COALITION_TROOPS] + r[COALITION_BASE] == 0:
            return False
        if f == "government" and not pay_ok:
            return False
        places = r[COALITION_BASE] > 0 if f == "coalition" else (sp == KABUL or r[COALITION_BASE] + r[GOV_BASE] > 0)
        if places and train_can_place(game, f, sp, cubes_available):      # train_places_here first, from the row
            return True
        return _train_step2_any(game, f, sp, r)

    def select(self, game, sp):
        if self.faction == "government":
            pay(game, COST)
        if train_can_place(game, self.faction, sp):
            game.push({"kind": "adp_train_place", "actor": self.faction, "space": sp, "placed": 0,
                       "paid": self.faction == "government"})

    def finish(self, game):
        f = self.faction
        spaces = [sp for sp in _op_spaces(game) if train_step2_modes(game, f, sp)]
        if spaces:
            _ask(game, f, "Train step 2: choose a space for Civic Action"
                 + (", a Government Base" if f == "government" else ", Patronage") + ", or done",
                 [game.space_action(sp) for sp in spaces] + [game.DONE], "adp_train_step2_space")


class CoalitionTrain(_Train):
    faction = "coalition"


class GovernmentTrain(_Train):
    faction = "government"


@PROMPTS.register
class TrainPlace(Prompt):
    """3.2.1: place Government cubes in a Train space one at a time (at most 6), or done."""

    kind = "adp_train_place"

    def legal(self, game, frame):
        s = game.state
        sp = frame["space"]
        out = []
        if frame["placed"] < TRAIN_MAX_CUBES and (frame["paid"] or can_pay(game, COST)):
            out = [game.piece_action(p) for p in GOV_CUBE_TYPES if train_cube_obtainable(s, sp, p)]
        return out + [game.DONE]

    def describe(self, game, frame):
        return (f"{FACTION_NAMES[frame['actor']]} Train in {game.space_names[frame['space']]} "
                f"({frame['placed']} of {TRAIN_MAX_CUBES} placed): place a Government Troops or Police cube, or done")

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        s = game.state
        piece = game.piece_of(action)
        sp = frame["space"]
        if not frame["paid"]:             # the Coalition pays only where it places cubes (3.2.1)
            pay(game, COST)
            frame["paid"] = True
        frame["placed"] += 1
        if board.available(s, piece) > 0:
            board.place(s, piece, sp)
            return
        _ask(game, frame["actor"], f"Train: no {PIECE_NAMES[piece]} Available; take one from",
             [game.space_action(o) for o in train_cube_sources(s, sp, piece)], "adp_train_take",
             piece=piece, space=sp)


@CONTINUATIONS.register
def adp_train_take(game, frame, action):
    """3.2.1: a cube taken from elsewhere on the map when none is Available."""
    board.move(game.state, frame["piece"], game.space_of(action), frame["space"])


@CONTINUATIONS.register
def adp_train_step2_space(game, frame, action):
    if action == game.DONE:
        return
    f = frame["actor"]
    sp = game.space_of(action)
    modes = train_step2_modes(game, f, sp)
    if len(modes) == 1:
        _train_step2(game, f, sp, modes[0])
    else:
        _ask(game, f, f"Train step 2 in {game.space_names[sp]}: choose", [game.mode(m) for m in modes],
             "adp_train_step2_mode", space=sp, modes=modes)


@CONTINUATIONS.register
def adp_train_step2_mode(game, frame, action):
    mode = next(m for m in frame["modes"] if game.mode(m) == action)
    _train_step2(game, frame["actor"], frame["space"], mode)


def _train_step2(game, faction: str, sp: int, mode: str) -> None:
    s = game.state
    if mode == "train_civic_action":
        most = min(civic_action_steps(s, sp), s.resources["government"] // CIVIC_ACTION_COST)
        if most == 1:
            civic_action(s, sp, 1)
        else:
            _ask(game, faction, f"Train: Civic Action in {game.space_names[sp]}: buy how many steps "
                 f"({CIVIC_ACTION_COST} Government Resources each; Terror first, then shifts toward Support)",
                 _count_options(game, 1, most), "adp_train_civic", space=sp)
    elif mode == "train_base":
        troops, police = s.rows[sp][GOV_TROOPS], s.rows[sp][POLICE]
        lo, hi = max(0, TRAIN_BASE_CUBES - troops), min(TRAIN_BASE_CUBES, police)
        if lo == hi:
            _train_base(game, faction, sp, lo)
        else:
            _ask(game, faction, f"Train: Government Base in {game.space_names[sp]}: how many of the "
                 f"{TRAIN_BASE_CUBES} cubes replaced are Police (the rest Government Troops)",
                 _count_options(game, lo, hi), "adp_train_base_police", space=sp)
    else:
        k = min(TRAIN_PATRONAGE, s.patronage)
        board.add_patronage(s, -k)
        board.add_resources(s, "government", k)


def civic_action(s, sp: int, steps: int) -> None:
    """6.4.1 / 3.2.1: buy ``steps`` of Civic Action in ``sp`` at 3 Government Resources each (even
    in a free Train): each removes a Terror marker or, with none left, shifts one level toward
    Support."""
    for _ in range(steps):
        board.add_resources(s, "government", -CIVIC_ACTION_COST)
        if s.terror_list[sp] > 0:
            board.set_cell(s, "terror", sp, s.terror_list[sp] - 1)
        else:
            board.shift_support(s, sp, +1)


@CONTINUATIONS.register
def adp_train_civic(game, frame, action):
    civic_action(game.state, frame["space"], game.count_of(action))


@CONTINUATIONS.register
def adp_train_base_police(game, frame, action):
    _train_base(game, frame["actor"], frame["space"], game.count_of(action))


def _train_base(game, faction: str, sp: int, police: int) -> None:
    """3.2.1: 3 Government cubes (``police`` of them Police) go to Available; a Government Base
    comes from Available or, with none there, from elsewhere on the map."""
    s = game.state
    board.remove(s, POLICE, sp, police)
    board.remove(s, GOV_TROOPS, sp, TRAIN_BASE_CUBES - police)
    if board.available(s, GOV_BASE) > 0:
        board.place(s, GOV_BASE, sp)
        return
    sources = gov_base_sources(s, sp)
    if len(sources) == 1:
        board.move(s, GOV_BASE, sources[0], sp)
    else:
        _ask(game, faction, "Train: no Government Base Available; take one from",
             [game.space_action(o) for o in sources], "adp_train_base_take", space=sp)


@CONTINUATIONS.register
def adp_train_base_take(game, frame, action):
    board.move(game.state, GOV_BASE, game.space_of(action), frame["space"])


# =====================================================================================================
# 3.2.2 Patrol
# =====================================================================================================
PATROL_SPACES = list(LOCS) + [KABUL]


def patrol_cube_types(faction: str) -> tuple[int, ...]:
    return (COALITION_TROOPS,) if faction == "coalition" else GOV_CUBE_TYPES


def patrol_passable(s) -> list[bool]:
    """[space]: may a Patrolling cube go on after entering it (3.2.2)? Kabul and unSabotaged LoCs."""
    sab = s.sabotage_list
    out = [False] * N_SPACES
    for x in NETWORK_SPACES:
        out[x] = not (LOC_LIST[x] and sab[x])
    return out


def patrol_reach(s, origin: int) -> set[int]:
    """3.2.2: where a cube leaving ``origin`` may end its Patrol move: it enters an adjacent LoC or
    Kabul and may go on entering adjacent LoCs or Kabul, but stops on entering a Sabotaged LoC."""
    passable = patrol_passable(s)
    network = s.data.network_neighbors
    seen = set(network[origin])
    stack = list(seen)
    while stack:
        x = stack.pop()
        if not passable[x]:
            continue
        for y in network[x]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    seen.discard(origin)
    return seen


def patrol_feeders(s, dest: int, passable: list[bool] | None = None) -> set[int]:
    """The spaces from which a Patrolling cube can go on into ``dest`` (``dest`` included): ``dest``,
    and every LoC or Kabul joined to it by LoCs / Kabul none of which is a Sabotaged LoC (a cube
    stops on entering one, 3.2.2). A cube from an origin reaches ``dest`` (:func:`patrol_reach`) iff
    it can first enter one of these -- one search from ``dest`` instead of one per origin.
    ``passable``: :func:`patrol_passable`, if already at hand."""
    if passable is None:
        passable = patrol_passable(s)
    network = s.data.network_neighbors
    into = {dest}
    stack = [dest]
    while stack:
        x = stack.pop()
        for y in network[x]:
            if y not in into and passable[y]:
                into.add(y)
                stack.append(y)
    return into


def patrol_origins(game, faction: str, dest: int) -> dict[int, tuple[int, ...]]:
    """Origins whose unmoved cubes of ``faction`` may Patrol into ``dest``: {origin: counts by
    :func:`patrol_cube_types`}. An origin reaches ``dest`` (:func:`patrol_reach`) iff one of its
    adjacent LoCs / Kabul is among :func:`patrol_feeders` of ``dest``; never Pakistan (1.4.2)."""
    into = None
    network = game.state.data.network_neighbors
    out = {}
    for o, counts in enumerate(zip(*_movable_columns(game, patrol_cube_types(faction)))):
        if not any(counts) or o == dest or PAKISTAN_LIST[o]:
            continue
        if into is None:
            into = patrol_feeders(game.state, dest)
        if any(n in into for n in network[o]):
            out[o] = counts
    return out


def patrol_faction_cubes(s, sp: int, faction: str) -> int:
    return sum(s.rows[sp][p] for p in patrol_cube_types(faction))


def patrol_activations(game, faction: str, loc: int) -> int:
    """3.2.2: Activations on a LoC after the moves: 1 per cube of the patrolling faction there
    (digest A.2; option ``patrol_activation`` = "all" counts COIN cubes of both factions)."""
    s = game.state
    if game.options.get("patrol_activation", "own") == "all":
        return board.coin_cubes(s, loc)
    return patrol_faction_cubes(s, loc, faction)


def patrol_assault_government_free(game) -> bool:
    return game.options.get("patrol_assault_government_cubes", "free") == "free"


def patrol_assault_spaces(game, faction: str) -> list[int]:
    """3.2.2: LoCs where the Patrol's free Assault could remove something; in a Limited Patrol only
    the destination LoC."""
    if _limited(game):
        locs = [sp for sp in _op_spaces(game) if LOC_LIST[sp]]
    else:
        locs = LOCS
    return [sp for sp in locs if _patrol_assault_strength(game, faction, sp, paid=True) > 0
            and assault_possible(game, faction, sp)]


def _patrol_assault_strength(game, faction: str, sp: int, paid: bool) -> int:
    if faction == "government":
        return assault_strength(game, faction, sp)
    gov = patrol_assault_government_free(game) or paid
    return assault_strength(game, faction, sp, with_government=gov)


class _Patrol(SharedFactsActivity):
    """3.2.2 Patrol. Each selected space is a destination (a LoC or Kabul) into which cubes move from
    any origins along LoCs and through Kabul (:func:`patrol_reach`); a LoC holding the faction's
    cubes may also be selected with nothing moving in. A Limited Patrol therefore has one destination.
    Government cost: 3 once; Coalition: nothing. Afterwards every LoC Activates Guerrillas
    (:func:`patrol_activations`), then one free Assault on a LoC may follow."""

    key = name = "patrol"

    def candidate_spaces(self, game):
        return PATROL_SPACES

    def _paid(self, game) -> bool:
        return self.faction == "coalition" or bool(_flags(game).get(PATROL_PAID))

    def facts(self, game):
        """What bool(:func:`patrol_origins`) needs for every destination: where the faction has unmoved
        cubes (outside Pakistan), :func:`patrol_passable`, and the groups of LoCs / Kabul joined
        through passable ones (filled in as needed): a destination's :func:`patrol_feeders` are itself
        plus the groups of its passable neighbours."""
        types = patrol_cube_types(self.faction)
        rows = game.state.rows
        if len(types) == 1:
            t = types[0]
            has = [rows[sp][t] > 0 and not PAKISTAN_LIST[sp] for sp in range(N_SPACES)]
        else:
            t, u = types
            has = [rows[sp][t] + rows[sp][u] > 0 and not PAKISTAN_LIST[sp] for sp in range(N_SPACES)]
        moved = _moved_map(game)
        if moved:                                   # where cubes moved in, count only the unmoved ones
            cols = _movable_columns(game, types)
            for key in moved:
                o = int(key)
                has[o] = any(col[o] for col in cols) and not PAKISTAN_LIST[o]
        return has, patrol_passable(game.state), {}

    def space_test(self, game):
        """:meth:`can_select_with` with the cost (3 Government Resources once, the same for every space)
        checked once: None when it cannot be paid, else the rest per space (:meth:`_reachable`)."""
        if not self._paid(game) and not can_pay(game, COST):
            return None
        return with_facts(self._reachable, game, self.facts(game))

    def can_select_with(self, game, sp, facts):
        if not self._paid(game) and not can_pay(game, COST):
            return False
        return self._reachable(game, sp, facts)

    def _reachable(self, game, sp, facts):
        """:meth:`can_select_with` once the cost is known to be paid or payable: the faction's cubes on the
        LoC itself, or unmoved cubes that can Patrol in (bool(:func:`patrol_origins`))."""
        if LOC_LIST[sp] and patrol_faction_cubes(game.state, sp, self.faction) > 0:
            return True
        has, passable, groups = facts                                # bool(patrol_origins(game, faction, sp))
        data = game.state.data
        neighbors = data.neighbors
        for o in neighbors[sp]:
            if has[o]:
                return True
        for y in data.network_neighbors[sp]:
            if not passable[y]:
                continue
            members = groups.get(y)
            if members is None:
                members = patrol_feeders(game.state, y, passable)   # y and every passable space joined to it
                for m in members:
                    groups[m] = members
            for x in members:
                for o in neighbors[x]:
                    if has[o] and o != sp:
                        return True
        return False

    def select(self, game, sp):
        if not self._paid(game):
            pay(game, COST)
            _flags(game)[PATROL_PAID] = True
        game.push(_move_frame("patrol", self.faction, sp))

    def finish(self, game):
        f = self.faction
        game.after("adp_patrol_assault_step", actor=f)
        _activate_spaces(game, f, [(loc, patrol_activations(game, f, loc)) for loc in LOCS], "Patrol")


class CoalitionPatrol(_Patrol):
    faction = "coalition"


class GovernmentPatrol(_Patrol):
    faction = "government"


@CONTINUATIONS.register
def adp_patrol_assault_step(game, frame, _action):
    f = frame["actor"]
    spaces = patrol_assault_spaces(game, f)
    if spaces:
        _ask(game, f, "Patrol: Assault in one LoC at no added cost, or done",
             [game.space_action(sp) for sp in spaces] + [game.DONE], "adp_patrol_assault_space")


@CONTINUATIONS.register
def adp_patrol_assault_space(game, frame, action):
    if action == game.DONE:
        return
    f = frame["actor"]
    sp = game.space_of(action)
    if f == "coalition" and not patrol_assault_government_free(game):
        _coalition_assault(game, sp, charge=not is_free(game))
        return
    start_removal(game, f, sp, _patrol_assault_strength(game, f, sp, paid=False), "assault")


# =====================================================================================================
# 3.2.3 Sweep
# =====================================================================================================
SWEEP_SPACES = [KABUL] + list(AFGHAN_PROVINCES)


def sweep_near(s, dest: int) -> list[int]:
    """3.2.3: the spaces (map order) a Sweep group may come from into ``dest``: adjacent to it, or
    adjacent to an unSabotaged LoC adjacent to it."""
    data = s.data
    sab = s.sabotage_list
    if not any(map(sab.__getitem__, data.loc_neighbors[dest])):
        return list(data.sweep_near_open[dest])    # no Sabotage next to it: the map's own answer
    neighbors = data.neighbors
    near = set(neighbors[dest])
    for loc in neighbors[dest]:
        if LOC_LIST[loc] and not sab[loc]:
            near.update(neighbors[loc])
    near.discard(dest)
    return sorted(near)


def sweep_origins(game, faction: str, dest: int) -> dict[int, tuple[int, int]]:
    """3.2.3: origins whose unmoved Troops may Sweep into ``dest``: spaces adjacent to it, or adjacent
    to an unSabotaged LoC adjacent to it (the group moves onto that LoC, then into ``dest``).
    Returns {origin: (movable Troops of ``faction``, Government Troops a Coalition group may take
    along)}; for the Government the second number is 0."""
    s = game.state
    moved = _moved_map(game)
    out = {}
    rows = s.rows                                   # the origins' rows (state.py's mirror of the table)
    if faction == "coalition":
        for o in sweep_near(s, dest):
            r = rows[o]
            if not r[COALITION_TROOPS]:
                continue
            entry = moved.get(str(o)) if moved else None      # :func:`movable`, the moved map read once
            c = _unmoved(r[COALITION_TROOPS], entry, COALITION_TROOPS)
            if c:
                out[o] = (c, _unmoved(r[GOV_TROOPS], entry, GOV_TROOPS))
    else:
        for o in sweep_near(s, dest):
            n = rows[o][GOV_TROOPS]
            if n:
                g = _unmoved(n, moved.get(str(o)) if moved else None, GOV_TROOPS)
                if g:
                    out[o] = (g, 0)
    return out


def _unmoved(n: int, entry, piece: int) -> int:
    """:func:`movable` from the space's count ``n`` of ``piece`` and its moved-map ``entry`` (None if
    none)."""
    if entry:
        n -= int(entry.get(str(piece), 0))
    return n if n > 0 else 0


def sweep_paths(s, origin: int, dest: int) -> list[int]:
    """3.2.3: the LoCs a group from ``origin`` may pass over into ``dest`` ([] when ``origin`` is
    adjacent to ``dest``: the group moves straight in, entering no LoC)."""
    neighbors = s.data.neighbors
    if origin in neighbors[dest]:
        return []
    return [loc for loc in neighbors[dest]
            if LOC_LIST[loc] and not s.sabotage_list[loc] and origin in neighbors[loc]]


def _guerrillas_on(s, sp: int) -> bool:
    return board.guerrillas(s, sp, "taliban") + board.guerrillas(s, sp, "warlords") > 0


def sweep_loc_fee_due(game, loc: int) -> bool:
    """3.2.3: does a Government group entering ``loc`` make the Government pay the Warlords 1? Yes
    if Guerrillas (anyone's) are there and this LoC has not been counted yet in this Sweep."""
    return _guerrillas_on(game.state, loc) and loc not in _flags(game).get(SWEEP_LOCS, [])


def sweep_activations(s, faction: str, sp: int) -> int:
    """3.2.3: Activations in a Sweep space after the moves. Government: 1 per Government cube
    (Troops and Police). Coalition: 1 per cube of either faction if any Coalition piece is there,
    else 1 per Government cube (digest A.3)."""
    if faction == "coalition" and board.pieces_of(s, sp, "coalition") > 0:
        return board.coin_cubes(s, sp)
    return board.gov_cubes(s, sp)


def _sweep_paid(game, dest: int) -> bool:
    return dest in _flags(game).get(SWEEP_PAID, [])


def _coalition_may_bring_government(game, dest: int) -> bool:
    """3.2.3: Government Troops follow the Coalition into ``dest`` only if that destination is paid
    for (3 Government Resources, once per destination) or can be now."""
    return _sweep_paid(game, dest) or can_pay(game, COST)


class _Sweep(SharedFactsActivity):
    """3.2.3 Sweep into Kabul and Afghan Provinces (:func:`sweep_origins`); Government pays 3 per
    space, the Coalition 3 only per space its Government Troops move into. After all moves,
    Activation in each space (:func:`sweep_activations`). A Government group that passes over a LoC
    with Guerrillas pays the Warlords 1 Resource for that LoC (once per LoC per Sweep, as far as the
    Government has Resources). Sweep is barred on the Final Event Card (2.3.8, rules/turn.py)."""

    key = name = "sweep"

    def candidate_spaces(self, game):
        return SWEEP_SPACES

    def facts(self, game):
        """The faction's unmoved Troops in every map space (what :func:`sweep_origins` looks for), the
        Sabotage markers, and whether the Government can pay for a space."""
        troops = COALITION_TROOPS if self.faction == "coalition" else GOV_TROOPS
        return (_movable_columns(game, (troops,))[0], game.state.sabotage_list,
                self.faction != "government" or can_pay(game, COST))

    def space_test(self, game):
        """:meth:`can_select_with` with the facts bound in one closure (one call per space, not two: the
        sequence of play asks it of every Sweep space after each step); None when the Government cannot pay."""
        facts = self.facts(game)
        return self._test_with(game, facts) if facts[2] else None

    def can_select_with(self, game, sp, facts):
        return facts[2] and self._test_with(game, facts)(sp)

    def _test_with(self, game, facts):
        """The space test over ``facts`` (:meth:`facts`), the Government able to pay."""
        troops, sab, _ = facts
        s = game.state
        neighbors = s.data.neighbors
        rows = s.rows
        faction = self.faction

        def sweep_space_ok(sp):
            # bool(sweep_origins(...)): unmoved Troops next to ``sp`` or next to an unSabotaged LoC next to it
            for o in neighbors[sp]:
                if troops[o]:
                    return True
            for loc in neighbors[sp]:
                if LOC_LIST[loc] and not sab[loc]:
                    for o in neighbors[loc]:
                        if o != sp and troops[o]:
                            return True
            # bool(activation_splits(...)): an Underground Guerrilla to flip (the cheaper half asked first)
            # and an Activation
            r = rows[sp]
            return r[TALIBAN_G] + r[WARLORD_G] > 0 and sweep_activations(s, faction, sp) > 0
        return sweep_space_ok

    def select(self, game, sp):
        if self.faction == "government":
            pay(game, COST)
        if sweep_origins(game, self.faction, sp):
            game.push(_move_frame("sweep", self.faction, sp))

    def finish(self, game):
        s = game.state
        f = self.faction
        _activate_spaces(game, f, [(sp, sweep_activations(s, f, sp)) for sp in _op_spaces(game)], "Sweep")


class CoalitionSweep(_Sweep):
    faction = "coalition"


class GovernmentSweep(_Sweep):
    faction = "government"


# =====================================================================================================
# Movement prompt shared by Patrol and Sweep
# =====================================================================================================
def _move_frame(op: str, faction: str, dest: int) -> dict:
    return {"kind": "adp_coin_move", "actor": faction, "op": op, "dest": dest, "origins_done": []}


def _move_origins(game, frame) -> dict:
    if frame["op"] == "patrol":
        origins = patrol_origins(game, frame["actor"], frame["dest"])
    else:
        origins = sweep_origins(game, frame["actor"], frame["dest"])
    return {o: v for o, v in origins.items() if o not in frame["origins_done"]}


def _origin_counts(game, frame, origin: int) -> tuple[int, ...]:
    """``_move_origins(game, frame)[origin]`` for an origin the prompt offers (the action was legal), read
    for that one space: its unmoved cubes of the types :func:`patrol_origins` / :func:`sweep_origins` count."""
    faction = frame["actor"]
    if frame["op"] == "patrol":
        return tuple(movable(game, origin, p) for p in patrol_cube_types(faction))
    if faction == "coalition":
        return movable(game, origin, COALITION_TROOPS), movable(game, origin, GOV_TROOPS)
    return movable(game, origin, GOV_TROOPS), 0


OP_NAMES = {"patrol": "Patrol", "sweep": "Sweep"}


@PROMPTS.register
class CoinMove(Prompt):
    """Move cubes into one Patrol / Sweep destination: choose an origin (each once), then how many
    cubes of each type come from it; done at any time (a destination may receive none)."""

    kind = "adp_coin_move"

    def legal(self, game, frame):
        s0 = game.vocabulary.SPACE0                  # game.space_action(o), without a call per space
        return [s0 + o for o in _move_origins(game, frame)] + [game.DONE]

    def describe(self, game, frame):
        return (f"{FACTION_NAMES[frame['actor']]} {OP_NAMES[frame['op']]} into "
                f"{game.space_names[frame['dest']]}: select a space to move cubes from, or done")

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        origin = game.space_of(action)
        counts = _origin_counts(game, frame, origin)      # not every origin again: legal offered this one
        frame["origins_done"].append(origin)
        f, dest = frame["actor"], frame["dest"]
        if frame["op"] == "patrol":
            _ask_next_type(game, f, dest, origin, "patrol", list(patrol_cube_types(f)), list(counts), 0, False)
        elif f == "coalition":
            _ask(game, f, f"Sweep into {game.space_names[dest]}: how many Coalition Troops move from "
                 f"{game.space_names[origin]}", _count_options(game, 1, counts[0]), "adp_sweep_coalition_troops",
                 dest=dest, origin=origin)
        else:
            _government_sweep_group(game, dest, origin, counts[0])


def _ask_next_type(game, faction, dest, origin, op, types, counts, idx, moved_any) -> None:
    """Ask the count of the next cube type (of ``types``) with cubes to move; at least one cube
    moves from a chosen origin."""
    while idx < len(types) and counts[idx] == 0:
        idx += 1
    if idx >= len(types):
        return
    later = any(counts[j] for j in range(idx + 1, len(types)))
    lo = 0 if (moved_any or later) else 1
    _ask(game, faction, f"{OP_NAMES[op]} into {game.space_names[dest]}: how many {PIECE_NAMES[types[idx]]} "
         f"move from {game.space_names[origin]}", _count_options(game, lo, counts[idx]), "adp_coin_move_count",
         dest=dest, origin=origin, op=op, types=types, counts=counts, idx=idx, moved_any=moved_any)


@CONTINUATIONS.register
def adp_coin_move_count(game, frame, action):
    n = game.count_of(action)
    idx = frame["idx"]
    _move(game, frame["types"][idx], frame["origin"], frame["dest"], n)
    counts = list(frame["counts"])
    counts[idx] -= n
    if not (n == game.vocabulary.max_count and counts[idx] > 0):    # largest count reached: ask for the rest
        idx += 1
    _ask_next_type(game, frame["actor"], frame["dest"], frame["origin"], frame["op"], frame["types"],
                   counts, idx, frame["moved_any"] or n > 0)


@CONTINUATIONS.register
def adp_sweep_coalition_troops(game, frame, action):
    """3.2.3: each moving Coalition Troop may take along 1 Government Troop that began in its space;
    Government Troops entering a destination make the Coalition pay 3 Government Resources there."""
    n = game.count_of(action)
    dest, origin = frame["dest"], frame["origin"]
    gov = movable(game, origin, GOV_TROOPS)
    _move(game, COALITION_TROOPS, origin, dest, n)
    if gov and _coalition_may_bring_government(game, dest):
        _ask(game, "coalition", f"Sweep into {game.space_names[dest]}: how many Government Troops go along "
             f"from {game.space_names[origin]} (3 Government Resources for this space unless paid)",
             _count_options(game, 0, min(n, gov)), "adp_sweep_coalition_gov", dest=dest, origin=origin)


@CONTINUATIONS.register
def adp_sweep_coalition_gov(game, frame, action):
    n = game.count_of(action)
    dest = frame["dest"]
    if n and not _sweep_paid(game, dest):
        pay(game, COST)
        _flags(game).setdefault(SWEEP_PAID, []).append(dest)
    _move(game, GOV_TROOPS, frame["origin"], dest, n)


def _government_sweep_group(game, dest: int, origin: int, troops: int) -> None:
    """A Government group: pick its LoC where it matters (only when every possible LoC would make
    the Government pay the Warlords), then how many Troops."""
    paths = sweep_paths(game.state, origin, dest)
    if not paths or not all(sweep_loc_fee_due(game, loc) for loc in paths):
        _ask_government_troops(game, dest, origin, troops, None)
    elif len(paths) == 1:
        _ask_government_troops(game, dest, origin, troops, paths[0])
    else:
        _ask(game, "government", f"Sweep into {game.space_names[dest]} from {game.space_names[origin]}: move "
             f"over which LoC (each holds Guerrillas: 1 Resource to the Warlords)",
             [game.space_action(loc) for loc in paths], "adp_sweep_government_loc", dest=dest, origin=origin,
             troops=troops)


@CONTINUATIONS.register
def adp_sweep_government_loc(game, frame, action):
    _ask_government_troops(game, frame["dest"], frame["origin"], frame["troops"], game.space_of(action))


def _ask_government_troops(game, dest, origin, troops, fee_loc, lo: int = 1) -> None:
    _ask(game, "government", f"Sweep into {game.space_names[dest]}: how many Government Troops move from "
         f"{game.space_names[origin]}" + (f" (over {game.space_names[fee_loc]}: 1 Resource to the Warlords)"
                                          if fee_loc is not None else ""),
         _count_options(game, lo, troops), "adp_sweep_government_troops", dest=dest, origin=origin, fee_loc=fee_loc,
         troops=troops)


@CONTINUATIONS.register
def adp_sweep_government_troops(game, frame, action):
    n = game.count_of(action)
    loc = frame["fee_loc"]
    if loc is not None:                  # 3.2.3: 1 Resource to the Warlords, if the Government has any
        _flags(game).setdefault(SWEEP_LOCS, []).append(loc)
        if not is_free(game):            # 3.1.2 / 5.5: a free Operation spends none of the executor's Resources
            board.transfer_resources(game.state, "government", "warlords", 1)
    _move(game, GOV_TROOPS, frame["origin"], frame["dest"], n)
    if n == game.vocabulary.max_count and frame["troops"] > n:     # largest count reached: ask for the rest
        _ask_government_troops(game, frame["dest"], frame["origin"], frame["troops"] - n, None, lo=0)


# =====================================================================================================
# 3.2.4 Assault
# =====================================================================================================
ASSAULT_SPACES = tuple(sp for sp in range(N_SPACES) if not PAKISTAN_LIST[sp])   # handed to the framework: immutable


class CoalitionAssault(Activity):
    """3.2.4 Coalition Assault in spaces with Coalition Troops: 1 removal per counted Coalition cube;
    the Coalition may have the Government cubes there count too, for 3 Government Resources in that
    space (offered only where they would remove more). Removal: removal.py "assault" (Active
    Guerrillas; Bases last, shielded by their faction's Underground Guerrillas)."""

    key = name = "assault"
    faction = "coalition"

    def candidate_spaces(self, game):
        return ASSAULT_SPACES

    def can_select(self, game, sp):
        return assault_possible(game, "coalition", sp)

    def space_test(self, game):
        """:func:`assault_possible` per space with the board bound once: Coalition Troops there (the
        cheap test first), outside Pakistan, and a piece an Assault could remove."""
        rows = game.state.rows

        def test(sp):
            if PAKISTAN_LIST[sp]:
                return False
            row = rows[sp]
            return row[COALITION_TROOPS] > 0 and assault_target_in(row)
        return test

    def select(self, game, sp):
        _coalition_assault(game, sp, charge=not is_free(game))


def _coalition_assault(game, sp: int, charge: bool) -> None:
    """A Coalition Assault in ``sp``: with ``charge``, Government cubes count only if 3 Government
    Resources are paid (asked where it matters); without, they count at no cost."""
    s = game.state
    own = assault_strength(game, "coalition", sp)
    gov = assault_cubes(s, sp, "government")
    if not charge:
        start_removal(game, "coalition", sp, own + gov, "assault")
        return
    if gov and own < removable_by_assault(s, sp) and can_pay(game, COST):
        _ask(game, "coalition", f"Assault in {game.space_names[sp]}: count the {gov} Government cube(s) too "
             f"for {COST} Government Resources, or Coalition cubes only",
             [game.mode("assault_with_government"), game.mode("assault_coalition_only")],
             "adp_assault_coalition_gov", space=sp)
        return
    start_removal(game, "coalition", sp, own, "assault")


@CONTINUATIONS.register
def adp_assault_coalition_gov(game, frame, action):
    sp = frame["space"]
    with_gov = action == game.mode("assault_with_government")
    if with_gov:
        pay(game, COST)
    start_removal(game, "coalition", sp, assault_strength(game, "coalition", sp, with_government=with_gov), "assault")


class GovernmentAssault(Activity):
    """3.2.4 Government Assault: 3 per space; 1 removal per 2 counted Government cubes (per 3 in a
    Mountain Province); each Taliban Base removed adds 6 Aid (removal.py)."""

    key = name = "assault"
    faction = "government"

    def candidate_spaces(self, game):
        return ASSAULT_SPACES

    def can_select(self, game, sp):
        return can_pay(game, COST) and assault_possible(game, "government", sp)

    def space_test(self, game):
        """:meth:`can_select` for every space at once (the map's rows read once): the 3 Resources (3.2.4), a piece
        an Assault could remove, and an Assault strength of 1+ (:func:`assault_strength`: 2 counted
        Government cubes, 3 in a Mountain Province; Police count outside Provinces)."""
        if not can_pay(game, COST):
            return None
        s = game.state
        rows = s.rows[:N_SPACES]
        mountain = s.data.mountain_list
        ok = [False] * N_SPACES
        for sp in ASSAULT_SPACES:               # the cubes first (few spaces have enough), then a target
            row = rows[sp]
            if (_assault_cubes_in(row, sp, "government") >= (3 if mountain[sp] else 2)
                    and assault_target_in(row)):
                ok[sp] = True
        return ok.__getitem__

    def select(self, game, sp):
        pay(game, COST)
        start_removal(game, "government", sp, assault_strength(game, "government", sp), "assault")


ACTIVITIES = [CoalitionTrain, GovernmentTrain, CoalitionPatrol, GovernmentPatrol, CoalitionSweep, GovernmentSweep,
              CoalitionAssault, GovernmentAssault]
