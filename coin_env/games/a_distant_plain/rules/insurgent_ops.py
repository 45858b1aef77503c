"""3.3 Insurgent Operations: Rally (3.3.1), March (3.3.2), Attack (3.3.3) and Terror (3.3.4), one
Activity per (faction, Operation) for the Taliban and the Warlords.

Costs (3.1) are paid from the executing faction's own Resources and checked when each space is
selected; a free Operation granted by an Event (3.1.2, ``coin_env.coin.events.is_free``) costs
nothing -- except the Sharia bought during a Taliban Rally, which is paid even then (3.3.1).
Islamabad (6.6.1): at Hostility or Pressure no Taliban Rally in Pakistan; at Backing or Sponsorship
Taliban Rally in Pakistan and Taliban March to or from Pakistan cost nothing; at Hostility Taliban
Guerrillas in Pakistan are always Active. A Hard marker keeps its box's effect (digest A.8).

Voluntary removal (1.4.1): a Taliban or Warlords *player* lacking the Available pieces a Rally
placement (or Captured Goods) needs may take its own pieces from other map spaces to Available
first; non-players never do (8.1). See :func:`place_with_voluntary_removal`.

March is destination-based: each space the Operation selects is a destination (so ``turn
["op_spaces"]`` lists the March destinations, as Cultivate 4.5.1 needs), and for each one the
faction then picks origin spaces, one group per origin (3.3.2: Guerrillas moving from one space to
another move as one group). The turn's ``flags["march_moved"]`` keeps, per space (string key),
how many Guerrillas (Underground, Active) arrived there in this March: Warlords and Taliban in a
non-Pashtun space may not move again (3.3.2).

Public helpers for the Special Activities and the non-player bots: :func:`rally_space_ok`,
:func:`rally_cost`, :func:`rally_options`, :func:`rally_place_max`, :func:`sharia_max`,
:func:`march_movable`, :func:`march_group_free`, :func:`march_origins`, :func:`march_destinations`,
:func:`march_activates`, :func:`attack_space_ok`, :func:`attack_cost`, :func:`terror_space_ok`,
:func:`terror_cost`, :func:`place_with_voluntary_removal`.
"""

from __future__ import annotations

from ....coin.events import is_free
from ....coin.operations import Activity
from ....core.prompts import Prompt
from .. import board
from ..data.pieces import ACTIVE_GUERRILLA, BASE, COALITION_TROOPS, GOV_TROOPS, GUERRILLA, INSURGENTS, POLICE
from ..registry import CONTINUATIONS, PROMPTS
from ..static import AFGHAN_LIST, CONTROLLABLE, CONTROLLABLE_LIST, LOC_LIST, N_SPACES, PAKISTAN_LIST
from .removal import start_removal
from .selection import SharedFactsActivity, any_selectable, with_facts

MODES: list[tuple[str, str]] = [
    ("rally_place", "Rally: place Guerrillas"),
    ("rally_base", "Rally: replace 2 Guerrillas with a Base"),
    ("rally_flip", "Rally: flip Guerrillas Underground"),
    ("rally_nothing", "Rally: place or flip nothing"),
]
RALLY_OPTIONS = ("place", "base", "flip", "nothing")

ENEMY_INSURGENT = {"taliban": "warlords", "warlords": "taliban"}


# ======================================================================================
# Costs and voluntary removal
# ======================================================================================
def _can_pay(game, faction: str, amount: int) -> bool:
    return amount <= 0 or game.state.resources[faction] >= amount


def _pay(game, faction: str, amount: int) -> None:
    if amount > 0:
        board.add_resources(game.state, faction, -amount)


def _flags(game) -> dict:
    """The turn's flags (empty outside a turn, e.g. when asked whether an Operation is available)."""
    turn = game.state.turn
    return turn["flags"] if turn is not None else {}


def may_remove_own(game, faction: str) -> bool:
    """1.4.1 / 8.1: Taliban and Warlords players may take their own pieces off the map to Available
    while executing; non-players never do."""
    return faction in INSURGENTS and not game.is_non_player(faction)


def _own_sources(s, faction: str, piece: int, exclude: int) -> list[int]:
    """Map spaces other than ``exclude`` holding the faction's pieces of this kind (a Guerrilla
    column means Guerrillas in either state)."""
    if piece == BASE[faction]:
        return [x for x in range(N_SPACES) if x != exclude and s.rows[x][piece] > 0]
    return [x for x in range(N_SPACES) if x != exclude and board.guerrillas(s, x, faction) > 0]


def _own_elsewhere(s, faction: str, piece: int, exclude: int) -> int:
    if piece == BASE[faction]:
        return int(s.pieces[:N_SPACES, piece].sum()) - s.rows[exclude][piece]
    g, a = GUERRILLA[faction], ACTIVE_GUERRILLA[faction]
    total = int(s.pieces[:N_SPACES, g].sum() + s.pieces[:N_SPACES, a].sum())
    return total - board.guerrillas(s, exclude, faction)


def placeable(game, faction: str, piece: int, sp: int) -> int:
    """How many pieces of this type the faction could place in ``sp``: those Available, plus (for a
    player, 1.4.1) its pieces of that type elsewhere on the map. Interpretation: pieces are not
    taken from ``sp`` itself to be placed back there."""
    s = game.state
    n = board.available(s, piece)
    if may_remove_own(game, faction):
        n += _own_elsewhere(s, faction, piece, sp)
    return n


def place_with_voluntary_removal(game, faction: str, sp: int, piece: int, n: int, optional: bool = False) -> None:
    """Place ``n`` pieces of type ``piece`` (an Underground Guerrilla or a Base column) in ``sp``.
    If fewer are Available, a player first takes the missing ones, one at a time, from map spaces
    of its choice (1.4.1); with ``optional`` it may decline (then only what is Available is placed,
    1.4.1). Callers must only ask for what :func:`placeable` allows (or pass ``optional``)."""
    s = game.state
    need = n - board.available(s, piece)
    if need <= 0 or not may_remove_own(game, faction) or not _own_sources(s, faction, piece, sp):
        board.place(s, piece, sp, n)
        return
    game.push({"kind": "adp_ins_own_removal", "actor": faction, "space": sp, "piece": piece, "n": n,
               "need": need, "optional": bool(optional)})


@PROMPTS.register
class OwnRemoval(Prompt):
    """1.4.1 voluntary removal: choose the map space to take one of your own pieces from (to
    Available) so that it can be placed; ``done`` (when optional) places only what is Available."""

    kind = "adp_ins_own_removal"

    def legal(self, game, frame):
        s = game.state
        out = [game.space_action(x) for x in _own_sources(s, frame["actor"], frame["piece"], frame["space"])]
        if frame["optional"] or not out:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        what = "Base" if frame["piece"] == BASE[frame["actor"]] else "Guerrilla"
        return (f"{game.faction_name(frame['actor'])}: {frame['need']} more {what}(s) needed for {game.space_names[frame['space']]}: "
                f"take one of your own from a map space (1.4.1)" + (", or done" if frame["optional"] else ""))

    def apply(self, game, frame, action):
        s = game.state
        f = frame["actor"]
        if action == game.DONE:
            game.pop()
            board.place(s, frame["piece"], frame["space"], frame["n"])
            return
        x = game.space_of(action)
        if frame["piece"] == BASE[f]:
            board.remove(s, BASE[f], x)
            _own_removed(game)
            return
        u, a = board.underground(s, x, f), board.active_guerrillas(s, x, f)
        if u and a:
            game.choose(f, f"take an Underground or an Active Guerrilla from {game.space_names[x]}",
                        [game.piece_action(GUERRILLA[f]), game.piece_action(ACTIVE_GUERRILLA[f])],
                        "adp_ins_own_removal_piece", source=x)
            return
        board.remove(s, GUERRILLA[f] if u else ACTIVE_GUERRILLA[f], x)
        _own_removed(game)


@CONTINUATIONS.register
def adp_ins_own_removal_piece(game, frame, action):
    board.remove(game.state, game.piece_of(action), frame["source"])
    _own_removed(game)


def _own_removed(game) -> None:
    """One own piece went to Available; once enough are there, place them."""
    frame = game.top()
    frame["need"] -= 1
    if frame["need"] <= 0:
        game.pop()
        board.place(game.state, frame["piece"], frame["space"], frame["n"])


# ======================================================================================
# 3.3.1 Rally
# ======================================================================================
def rally_space_ok(game, faction: str, sp: int) -> bool:
    """3.3.1 / 6.6.1: may ``faction`` select ``sp`` for Rally (cost aside)? Provinces and Kabul;
    the Taliban only Neutral, Opposition or Pashtun spaces, and not Pakistan at Hostility or
    Pressure; the Warlords never Pakistan."""
    s = game.state
    if not CONTROLLABLE_LIST[sp]:
        return False
    if faction == "warlords":
        return not PAKISTAN_LIST[sp]
    if PAKISTAN_LIST[sp] and s.islamabad <= board.PRESSURE:
        return False
    return s.support_list[sp] <= 0 or s.data.pashtun_list[sp]


def rally_cost(game, faction: str, sp: int) -> int:
    """3.3.1: 1 Resource per space; 0 for the Taliban in Pakistan at Backing or Sponsorship (6.6.1);
    0 in a free Rally (3.1.2)."""
    if is_free(game):
        return 0
    if faction == "taliban" and PAKISTAN_LIST[sp] and game.state.islamabad >= board.BACKING:
        return 0
    return 1


def rally_at_base(s, faction: str, sp: int) -> bool:
    """3.3.1: the space has one of the faction's Bases (and, for the Warlords, is not Pashtun), so
    the faction may flip its Guerrillas Underground or place up to Bases + Pop instead."""
    return board.bases(s, sp, faction) >= 1 and (faction == "taliban" or not s.data.pashtun_list[sp])


def rally_place_max(game, faction: str, sp: int) -> int:
    """3.3.1: how many Guerrillas a Rally may place in ``sp``: 1, or at a Base (see
    :func:`rally_at_base`) up to the faction's Bases there plus the Population; limited by what is
    Available plus, for a player, what it may take from the map (1.4.1)."""
    s = game.state
    cap = board.bases(s, sp, faction) + board.pop(s, sp) if rally_at_base(s, faction, sp) else 1
    return min(cap, placeable(game, faction, GUERRILLA[faction], sp))


def _rally_base_possible(game, faction: str, sp: int) -> bool:
    """3.3.1 / 1.4.2: 2 Guerrillas there, room for a Base, and a Base to place (Available, or for a
    player one taken from elsewhere on the map, 1.4.1). Replacing with no Base to place would only
    remove the Guerrillas (1.4.1), so it is not offered."""
    s = game.state
    return (board.guerrillas(s, sp, faction) >= 2 and board.has_room_for_base(s, sp)
            and board.may_hold(s, sp, faction) and placeable(game, faction, BASE[faction], sp) >= 1)


def rally_options(game, faction: str, sp: int) -> list[str]:
    """What a Rally in ``sp`` may do now (3.3.1), among ``RALLY_OPTIONS``:

    * "place": place Guerrillas (1, or up to Bases + Pop at a Base: :func:`rally_place_max`);
    * "base": replace 2 of its Guerrillas there with 1 of its Bases;
    * "flip": at a Base, flip all its Guerrillas there Underground (offered if any is Active and can
      flip: not Taliban in Pakistan at Hostility, 6.6.1);
    * "nothing": at a Base (placing is "up to"; 3.3.1 note: the Taliban may Rally at a Base just to
      buy Sharia), or where no Guerrilla is Available (1.4.1: the placement is then ignored).
    """
    s = game.state
    out = []
    if rally_place_max(game, faction, sp) >= 1:
        out.append("place")
    if _rally_base_possible(game, faction, sp):
        out.append("base")
    at_base = rally_at_base(s, faction, sp)
    if at_base and board.active_guerrillas(s, sp, faction) > 0 and not (
            faction == "taliban" and PAKISTAN_LIST[sp] and s.islamabad == board.HOSTILITY):
        out.append("flip")
    if at_base or board.available(s, GUERRILLA[faction]) == 0:
        out.append("nothing")
    return out


def rally_costs(game, faction: str) -> dict[int, int]:
    """{space: :func:`rally_cost`} for every space where :func:`rally_space_ok` holds, the facts shared
    by all spaces (free Rally, Islamabad, Support) read once."""
    s = game.state
    free = is_free(game)
    if faction != "taliban":                  # the Warlords: Kabul and the Afghan Provinces, map order
        return dict.fromkeys(_CONTROLLABLE_AFGHAN, 0 if free else 1)
    spaces = _CONTROLLABLE_AFGHAN if s.islamabad <= board.PRESSURE else CONTROLLABLE    # rally_space_ok, 6.6.1
    pakistan_free = s.islamabad >= board.BACKING                                        # rally_cost, 6.6.1
    support = s.support_list                  # the state's list mirror, read only
    pashtun = s.data.pashtun_list
    return {sp: 0 if free or (pakistan_free and PAKISTAN_LIST[sp]) else 1
            for sp in spaces if support[sp] <= 0 or pashtun[sp]}


_CONTROLLABLE_AFGHAN = tuple(sp for sp in CONTROLLABLE if not PAKISTAN_LIST[sp])     # Kabul, Afghan Provinces


class _Rally(SharedFactsActivity):
    """3.3.1 Rally: Provinces or Kabul (see :func:`rally_space_ok`), 1 Resource each
    (:func:`rally_cost`); in each, one of :func:`rally_options`. Taliban: Sharia at one Rally space
    with a Taliban Base afterwards (:func:`sharia_max`)."""

    key = name = "rally"

    def candidate_spaces(self, game):
        return CONTROLLABLE

    def facts(self, game):
        """(the Rally is free (3.1.2), 1 Resource can be paid, Taliban Rallies in Pakistan are free
        (6.6.1)): :func:`rally_cost` and :func:`_can_pay`'s board facts, read once per question."""
        s = game.state
        return (is_free(game), s.resources[self.faction] >= 1,
                self.faction == "taliban" and s.islamabad >= board.BACKING)

    def can_select_with(self, game, sp, facts):
        """``rally_space_ok(...) and _can_pay(..., rally_cost(...))`` with the facts read once."""
        free, can_pay_one, pakistan_free = facts
        if not rally_space_ok(game, self.faction, sp):
            return False
        return free or can_pay_one or (pakistan_free and PAKISTAN_LIST[sp])

    def space_test(self, game):
        """:meth:`can_select_with` for every space at once: the Rally spaces and their costs
        (:func:`rally_costs`, one pass over the map), kept where the cost can be paid."""
        can_pay_one = game.state.resources[self.faction] >= 1         # _can_pay(..., 1)
        ok = [False] * N_SPACES
        for sp, cost in rally_costs(game, self.faction).items():
            if can_pay_one or not cost:
                ok[sp] = True
        return ok.__getitem__

    def select(self, game, sp):
        f = self.faction
        _pay(game, f, rally_cost(game, f, sp))
        opts = rally_options(game, f, sp)
        if len(opts) == 1:
            _rally_do(game, f, sp, opts[0])
        elif opts:
            game.choose(f, f"Rally in {game.space_names[sp]}: choose what to do",
                        [game.mode("rally_" + o) for o in opts], "adp_ins_rally_mode", space=sp, faction=f)

    def finish(self, game):
        if self.faction == "taliban":
            offer_sharia(game)


class TalibanRally(_Rally):
    faction = "taliban"


class WarlordsRally(_Rally):
    faction = "warlords"


@CONTINUATIONS.register
def adp_ins_rally_mode(game, frame, action):
    key = next(o for o in RALLY_OPTIONS if action == game.mode("rally_" + o))
    _rally_do(game, frame["faction"], frame["space"], key)


def _rally_do(game, f: str, sp: int, option: str) -> None:
    s = game.state
    if option == "place":
        hi = rally_place_max(game, f, sp)
        if hi == 1:
            place_with_voluntary_removal(game, f, sp, GUERRILLA[f], 1)
        else:
            game.choose(f, f"Rally in {game.space_names[sp]}: how many Guerrillas to place",
                        game.count_actions(1, hi), "adp_ins_rally_count", space=sp, faction=f)
    elif option == "base":
        lo = max(0, 2 - board.underground(s, sp, f))
        hi = min(2, board.active_guerrillas(s, sp, f))
        if lo == hi:
            _rally_replace(game, f, sp, lo)
        else:
            game.choose(f, f"Rally in {game.space_names[sp]}: how many of the 2 Guerrillas replaced are Active",
                        game.count_actions(lo, hi), "adp_ins_rally_base_active", space=sp, faction=f)
    elif option == "flip":
        board.flip_underground(s, sp, f)
    # "nothing": nothing happens (the Resource is spent).


@CONTINUATIONS.register
def adp_ins_rally_count(game, frame, action):
    f = frame["faction"]
    place_with_voluntary_removal(game, f, frame["space"], GUERRILLA[f], game.count_of(action))


@CONTINUATIONS.register
def adp_ins_rally_base_active(game, frame, action):
    _rally_replace(game, frame["faction"], frame["space"], game.count_of(action))


def _rally_replace(game, f: str, sp: int, n_active: int) -> None:
    """3.3.1: 2 Guerrillas go to Available and a Base takes their place (Underground first when
    told how many Active ones go)."""
    s = game.state
    if n_active:
        board.remove(s, ACTIVE_GUERRILLA[f], sp, n_active)
    if 2 - n_active:
        board.remove(s, GUERRILLA[f], sp, 2 - n_active)
    place_with_voluntary_removal(game, f, sp, BASE[f], 1)


# --- Sharia during a Taliban Rally (3.3.1, 6.4.2) -------------------------------------------------
def sharia_steps(s, sp: int) -> int:
    """6.4.2: Terror markers to remove plus levels the space can still shift toward Opposition."""
    levels = s.support_list[sp] + 1 if board.can_have_support(s, sp) else 0
    return s.terror_list[sp] + levels


def sharia_max(game, sp: int) -> int:
    """3.3.1: how many Sharia steps (1 Taliban Resource each, paid even in a free Rally) can be
    bought in ``sp`` now."""
    return min(sharia_steps(game.state, sp), game.state.resources["taliban"])


def sharia_spaces(game) -> list[int]:
    """3.3.1: Rally spaces of this turn with a Taliban Base where Sharia can buy something."""
    s = game.state
    return [sp for sp in s.turn["op_spaces"] if board.bases(s, sp, "taliban") >= 1 and sharia_max(game, sp) >= 1]


def offer_sharia(game) -> None:
    """3.3.1: after the Rally's spaces, the Taliban may conduct Sharia in 1 of them with a Taliban Base
    (regardless of Control; a Base placed by this Rally counts)."""
    spaces = sharia_spaces(game)
    if spaces:
        game.choose("taliban", "Rally: conduct Sharia in one Rally space with a Taliban Base, or done",
                    [game.space_action(sp) for sp in spaces] + [game.DONE], "adp_ins_sharia_space")


@CONTINUATIONS.register
def adp_ins_sharia_space(game, frame, action):
    if action == game.DONE:
        return
    sp = game.space_of(action)
    hi = sharia_max(game, sp)
    if hi == 1:
        do_sharia(game, sp, 1)
    else:
        game.choose("taliban", f"Sharia in {game.space_names[sp]}: how many Resources to spend",
                    game.count_actions(1, hi), "adp_ins_sharia_count", space=sp)


@CONTINUATIONS.register
def adp_ins_sharia_count(game, frame, action):
    do_sharia(game, frame["space"], game.count_of(action))


def do_sharia(game, sp: int, n: int) -> None:
    """6.4.2: each Resource removes a Terror marker or, once none is left, shifts 1 level toward
    Opposition."""
    s = game.state
    board.add_resources(s, "taliban", -n)
    k = min(n, s.terror_list[sp])
    board.set_cell(s, "terror", sp, s.terror_list[sp] - k)
    board.shift_support(s, sp, -(n - k))


# ======================================================================================
# 3.3.2 March
# ======================================================================================
def _moved(game) -> dict:
    return game.state.turn["flags"].setdefault("march_moved", {})


def march_movable(game, faction: str, sp: int) -> tuple[int, int]:
    """(Underground, Active) Guerrillas of ``faction`` in ``sp`` that may still March in this
    Operation (3.3.2): those that did not arrive in this March; for the Taliban in a Pashtun space,
    all (they may continue from a Pashtun destination). If something else flipped arrived
    Guerrillas meanwhile, the count of movers stays right (which ones flipped is left open)."""
    r = game.state.rows[sp]
    g = GUERRILLA[faction]
    return _march_movers(game, faction, sp, r[g], r[g + 1])  # Underground, Active


def march_movable_row(game, faction: str, sp: int, row) -> tuple[int, int]:
    """:func:`march_movable` read from ``row``, the piece counts of ``sp`` as a list (a bot's copy of
    the board of its decision)."""
    g = GUERRILLA[faction]
    return _march_movers(game, faction, sp, row[g], row[g + 1])


def march_movable_rows(game, faction: str, rows) -> list:
    """[space]: :func:`march_movable_row` of every map space whose row in ``rows`` holds a Guerrilla of
    ``faction`` (None for the others), the facts shared by all spaces (the Guerrillas that arrived this
    March) read once."""
    s = game.state
    g = GUERRILLA[faction]
    turn = s.turn
    moved = turn["flags"].get("march_moved") if turn is not None else None
    if moved and faction == "taliban":           # Taliban arriving in a Pashtun space may continue (3.3.2)
        pashtun = s.data.pashtun_list
        moved = {key: mv for key, mv in moved.items() if not pashtun[int(key)]}
    out = [None] * N_SPACES
    for sp in range(N_SPACES):
        r = rows[sp]
        u, a = r[g], r[g + 1]
        if u or a:
            mv = moved.get(str(sp)) if moved else None
            out[sp] = _unmoved(u, a, mv) if mv else (u, a)
    return out


def _march_movers(game, faction: str, sp: int, u: int, a: int) -> tuple[int, int]:
    """:func:`march_movable` of the ``u`` Underground and ``a`` Active Guerrillas of ``faction`` in ``sp``."""
    s = game.state
    if faction == "taliban" and s.data.pashtun_list[sp]:
        return u, a
    turn = s.turn
    moved = turn["flags"].get("march_moved") if turn is not None else None
    mv = moved.get(str(sp)) if moved else None
    if not mv:
        return u, a
    return _unmoved(u, a, mv)


def _unmoved(u: int, a: int, mv) -> tuple[int, int]:
    """:func:`march_movable` where ``mv`` = [Underground, Active] Guerrillas that arrived."""
    total = min(mv[0] + mv[1], u + a)
    mu = min(mv[0], u)
    ma = min(total - mu, a)
    return u - mu, a - ma


def march_counts(game, faction: str) -> list[int]:
    """[space]: how many of ``faction``'s Guerrillas may still March out of each map space (the sum
    of :func:`march_movable`, for the whole map at once)."""
    s = game.state
    g = GUERRILLA[faction]
    rows = s.rows
    out = [rows[sp][g] + rows[sp][g + 1] for sp in range(N_SPACES)]     # Underground + Active per space
    turn = s.turn
    moved = turn["flags"].get("march_moved") if turn is not None else None
    if moved:
        pashtun = s.data.pashtun_list
        for key, mv in moved.items():
            sp = int(key)
            if mv and not (faction == "taliban" and pashtun[sp]):
                r = s.rows[sp]
                out[sp] = sum(_unmoved(r[g], r[g + 1], mv))
    return out


def march_group_free(game, faction: str, origin: int, dest: int) -> bool:
    """3.3.2 / 6.6.1: moving into a LoC costs nothing; a Taliban move to or from Pakistan at Backing or
    Sponsorship costs nothing; a free March (3.1.2) costs nothing."""
    if is_free(game) or LOC_LIST[dest]:
        return True
    return (faction == "taliban" and game.state.islamabad >= board.BACKING
            and bool(PAKISTAN_LIST[origin] or PAKISTAN_LIST[dest]))


def march_origins(game, faction: str, dest: int, exclude=(), paid: bool = False) -> list[int]:
    """Adjacent spaces from which a group of ``faction`` may March into ``dest`` now (3.3.2): with
    Guerrillas that may still move, and affordable (1 Resource per Province or Kabul entered, paid
    once per destination: ``paid`` tells it already was)."""
    if not board.may_hold(game.state, dest, faction):
        return []
    can_pay = paid or _can_pay(game, faction, 1)
    out = []
    rows = game.state.rows
    g = GUERRILLA[faction]
    for o in game.state.data.neighbors[dest]:
        r = rows[o]
        if not (r[g] or r[g + 1]):                  # no Guerrilla of the faction there: none may March from it
            continue
        if o in exclude or sum(march_movable(game, faction, o)) == 0:
            continue
        if can_pay or march_group_free(game, faction, o, dest):
            out.append(o)
    return out


def march_destinations(game, faction: str) -> list[int]:
    """Spaces ``faction`` may select now as its next March destination (3.3.2; not Pakistan for the
    Warlords, 1.4.2; a space once per Operation, 3.1)."""
    turn = game.state.turn
    chosen = turn["op_spaces"] if turn is not None else ()
    return [d for d in range(N_SPACES) if d not in chosen and march_origins(game, faction, d)]


def march_activates(s, faction: str, dest: int, group: int) -> bool:
    """3.3.2 activation test for a group of ``group`` Guerrillas entering ``dest``: the destination is
    a LoC, or (Taliban) not Pashtun, or (Warlords) Pashtun; and the group plus the enemy
    Guerrillas there plus (Taliban only) the cubes there exceed 3."""
    if not (LOC_LIST[dest] or s.data.pashtun_list[dest] == (faction == "warlords")):
        return False
    other = board.guerrillas(s, dest, ENEMY_INSURGENT[faction])
    cubes = board.coin_cubes(s, dest) if faction == "taliban" else 0
    return group + other + cubes > 3


def march_activates_row(data, faction: str, dest: int, row, group: int) -> bool:
    """:func:`march_activates` read from ``row``, the piece counts of ``dest`` as a list (a bot's
    working copy of the board)."""
    if not (LOC_LIST[dest] or data.pashtun_list[dest] == (faction == "warlords")):
        return False
    enemy = ENEMY_INSURGENT[faction]
    other = row[GUERRILLA[enemy]] + row[ACTIVE_GUERRILLA[enemy]]
    cubes = row[COALITION_TROOPS] + row[GOV_TROOPS] + row[POLICE] if faction == "taliban" else 0
    return group + other + cubes > 3


class _March(SharedFactsActivity):
    """3.3.2 March: each selected space is a destination; groups from adjacent origins move in (one
    group per origin); 1 Resource per Province or Kabul destination (0 for LoCs, 0 for Taliban to or
    from Pakistan at Backing/Sponsorship). A Limited March has one destination (2.3.5)."""

    key = name = "march"

    def facts(self, game):
        return march_counts(game, self.faction), _can_pay(game, self.faction, 1)

    def space_test(self, game):
        """``bool(march_origins(game, faction, sp))`` for every space at once (one walk over the neighbours of
        the spaces whose Guerrillas may move): a destination the faction may hold (1.4.2) next to a space whose Guerrillas may
        still March (:func:`march_counts`), the group paying 1 Resource or moving free
        (:func:`march_group_free`: into a LoC; Taliban to or from Pakistan at Backing or Sponsorship).
        :meth:`can_select_with` is the same test space by space."""
        f = self.faction
        s = game.state
        neighbors = s.data.neighbors                      # symmetric (1.3.6, checked when the map is made)
        reach = [False] * N_SPACES                        # next to a space with Guerrillas that may move
        near_pakistan_movers = [False] * N_SPACES         # next to such a space in Pakistan
        for o, n in enumerate(march_counts(game, f)):
            if n:
                for d in neighbors[o]:
                    reach[d] = True
                if PAKISTAN_LIST[o]:
                    for d in neighbors[o]:
                        near_pakistan_movers[d] = True
        if is_free(game) or _can_pay(game, f, 1):
            ok = reach
        elif f == "taliban" and s.islamabad >= board.BACKING:
            ok = [r and (LOC_LIST[d] or PAKISTAN_LIST[d]) or near_pakistan_movers[d] for d, r in enumerate(reach)]
        else:
            ok = [r and LOC_LIST[d] for d, r in enumerate(reach)]
        if f != "taliban":                                # board.may_hold: only Taliban in Pakistan
            ok = [x and AFGHAN_LIST[d] for d, x in enumerate(ok)]
        return ok.__getitem__

    def available(self, game):
        """Any destination, looked for space by space (:meth:`can_select_with`, usually met at the first
        spaces of the map) rather than by the whole-map product of :meth:`space_test`."""
        return any_selectable(self, game, range(N_SPACES),
                              with_facts(self.can_select_with, game, self.facts(game)))

    def can_select_with(self, game, sp, facts):
        """bool(:func:`march_origins`) with the movers of every space counted once per question."""
        f = self.faction
        if not board.may_hold(game.state, sp, f):
            return False
        counts, can_pay = facts
        for o in game.state.data.neighbors[sp]:
            if counts[o] and (can_pay or march_group_free(game, f, o, sp)):
                return True
        return False

    def select(self, game, sp):
        game.push({"kind": "adp_ins_march", "actor": self.faction, "dest": sp, "from": [], "moved": 0,
                   "paid": False})


class TalibanMarch(_March):
    faction = "taliban"


class WarlordsMarch(_March):
    faction = "warlords"


@PROMPTS.register
class MarchInto(Prompt):
    """3.3.2: choose the next origin whose group marches into the destination (at least one group
    moves; each origin once)."""

    kind = "adp_ins_march"

    def _origins(self, game, frame):
        return march_origins(game, frame["actor"], frame["dest"], frame["from"], frame["paid"])

    def legal(self, game, frame):
        s0 = game.vocabulary.SPACE0                  # game.space_action(o), without a call per space
        out = [s0 + o for o in self._origins(game, frame)]
        if frame["moved"] > 0 or not out:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        return (f"{game.faction_name(frame['actor'])} March into {game.space_names[frame['dest']]}: choose the space a group "
                f"moves from" + (", or done" if frame["moved"] else ""))

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        f = frame["actor"]
        origin = game.space_of(action)
        u, a = march_movable(game, f, origin)
        where = f"March {game.space_names[origin]} -> {game.space_names[frame['dest']]}"
        if u + a == 1:
            _march_group(game, origin, u, a)
        elif a == 0:
            game.choose(f, f"{where}: how many Underground Guerrillas", game.count_actions(1, u),
                        "adp_ins_march_under", origin=origin, active_left=0)
        elif u == 0:
            game.choose(f, f"{where}: how many Active Guerrillas", game.count_actions(1, a),
                        "adp_ins_march_active", origin=origin, under=0)
        else:
            game.choose(f, f"{where}: how many Underground Guerrillas", game.count_actions(0, u),
                        "adp_ins_march_under", origin=origin, active_left=a)


@CONTINUATIONS.register
def adp_ins_march_under(game, frame, action):
    nu = game.count_of(action)
    a = frame["active_left"]
    if a == 0:
        _march_group(game, frame["origin"], nu, 0)
        return
    lo = 0 if nu > 0 else 1
    top = game.top()
    game.choose(top["actor"], f"March {game.space_names[frame['origin']]} -> {game.space_names[top['dest']]}: "
                f"how many Active Guerrillas (with {nu} Underground)", game.count_actions(lo, a),
                "adp_ins_march_active", origin=frame["origin"], under=nu)


@CONTINUATIONS.register
def adp_ins_march_active(game, frame, action):
    _march_group(game, frame["origin"], frame["under"], game.count_of(action))


def _march_group(game, origin: int, nu: int, na: int) -> None:
    """Move one group (``nu`` Underground, ``na`` Active) from ``origin`` into the destination of the
    March frame on top: pay for the destination if due, then the activation test (3.3.2) and
    Hostility (6.6.1)."""
    s = game.state
    frame = game.top()
    f, dest = frame["actor"], frame["dest"]
    if not frame["paid"] and not march_group_free(game, f, origin, dest):
        _pay(game, f, 1)
        frame["paid"] = True
    g, act = GUERRILLA[f], ACTIVE_GUERRILLA[f]
    if nu:
        board.move(s, g, origin, dest, nu)
    if na:
        board.move(s, act, origin, dest, na)
    if nu and (march_activates(s, f, dest, nu + na)
               or (f == "taliban" and PAKISTAN_LIST[dest] and s.islamabad == board.HOSTILITY)):
        board.activate(s, dest, f, nu)
        na, nu = na + nu, 0
    moved = _moved(game)
    mv = moved.setdefault(str(dest), [0, 0])
    mv[0] += nu
    mv[1] += na
    left = moved.get(str(origin))
    if left:      # keep the origin's record within what is still there
        left[0] = min(left[0], board.underground(s, origin, f))
        left[1] = min(left[1], board.active_guerrillas(s, origin, f))
    frame["from"].append(origin)
    frame["moved"] += nu + na
    if not march_origins(game, f, dest, frame["from"], frame["paid"]):
        game.pop()


# ======================================================================================
# 3.3.3 Attack
# ======================================================================================
def attack_space_ok(game, faction: str, sp: int) -> bool:
    """3.3.3: ``sp`` has at least 1 of the faction's Guerrillas and at least 1 enemy piece (cost and
    earlier selection aside). Ambush (4.4.3) resolves such spaces in its own way."""
    r = game.state.rows[sp]
    guerrillas = r[GUERRILLA[faction]] + r[ACTIVE_GUERRILLA[faction]]        # board.guerrillas
    return guerrillas >= 1 and sum(r) - guerrillas - r[BASE[faction]] >= 1    # board.enemy_pieces


def attack_cost(game, faction: str, sp: int) -> int:
    """3.3.3: 1 Resource per Attack space (0 in a free Attack, 3.1.2)."""
    return 0 if is_free(game) else 1


class _Attack(Activity):
    """3.3.3 Attack: Activate all the faction's Guerrillas there, roll a die; if the roll is at most
    their number, remove up to 2 enemy pieces (removal.py "attack" order); on a 1 also place 1
    Available Guerrilla there (Captured Goods). The roll is kept in ``flags["attack_rolls"]``."""

    key = name = "attack"

    def can_select(self, game, sp):
        f = self.faction
        return attack_space_ok(game, f, sp) and _can_pay(game, f, attack_cost(game, f, sp))

    def space_test(self, game):
        """:meth:`can_select` with the cost (1 Resource unless free, the same in every space) checked
        once: None when it cannot be paid, else :func:`attack_space_ok` per space."""
        f = self.faction
        if not _can_pay(game, f, 0 if is_free(game) else 1):        # attack_cost, any space
            return None
        rows = game.state.rows
        g, a, b = GUERRILLA[f], ACTIVE_GUERRILLA[f], BASE[f]

        def test(sp):
            r = rows[sp]
            guerrillas = r[g] + r[a]
            return guerrillas >= 1 and sum(r) - guerrillas - r[b] >= 1
        return test

    def select(self, game, sp):
        s = game.state
        f = self.faction
        _pay(game, f, attack_cost(game, f, sp))
        board.activate(s, sp, f, board.underground(s, sp, f))
        roll = s.rng.die(6, f"Attack in {game.space_names[sp]}")
        s.turn["flags"].setdefault("attack_rolls", {})[str(sp)] = roll
        if roll == 1:
            game.after("adp_ins_captured_goods", faction=f, space=sp)     # after the removals
        if roll <= board.guerrillas(s, sp, f):
            start_removal(game, f, sp, 2, "attack")


class TalibanAttack(_Attack):
    faction = "taliban"


class WarlordsAttack(_Attack):
    faction = "warlords"


@CONTINUATIONS.register
def adp_ins_captured_goods(game, frame, action):
    """3.3.3 Captured Goods: place 1 Available Guerrilla (a player may take one from elsewhere on the
    map if none is Available, 1.4.1)."""
    f = frame["faction"]
    place_with_voluntary_removal(game, f, frame["space"], GUERRILLA[f], 1, optional=True)


# ======================================================================================
# 3.3.4 Terror
# ======================================================================================
def terror_space_ok(game, faction: str, sp: int) -> bool:
    """3.3.4: ``sp`` has an Underground Guerrilla of the faction (cost aside)."""
    return board.underground(game.state, sp, faction) >= 1


def terror_cost(game, faction: str, sp: int) -> int:
    """3.3.4: 1 Resource per Province or Kabul, 0 per LoC (0 in a free Terror, 3.1.2)."""
    return 0 if is_free(game) or LOC_LIST[sp] else 1


def do_terror(game, faction: str, sp: int) -> None:
    """3.3.4 procedure in one space: Activate 1 Underground Guerrilla; Province or Kabul: a Terror
    marker, and the Taliban shift 1 level toward Opposition / the Warlords set Neutral; LoC: a
    Sabotage marker if none. No marker once all 30 are on the map (board helpers)."""
    s = game.state
    board.activate(s, sp, faction, 1)
    if LOC_LIST[sp]:
        board.place_sabotage(s, sp)
        return
    board.place_terror(s, sp)
    if faction == "taliban":
        board.shift_support(s, sp, -1)
    else:
        board.set_support(s, sp, 0)


class _Terror(Activity):
    """3.3.4 Terror: spaces with an Underground Guerrilla of the faction; see :func:`do_terror`."""

    key = name = "terror"

    def can_select(self, game, sp):
        f = self.faction
        return terror_space_ok(game, f, sp) and _can_pay(game, f, terror_cost(game, f, sp))

    def space_test(self, game):
        """:meth:`can_select` with the facts shared by every space read once: an Underground Guerrilla
        there (:func:`terror_space_ok`), and 1 Resource unless free or a LoC (:func:`terror_cost`)."""
        s = game.state
        f = self.faction
        g = GUERRILLA[f]
        rows = s.rows                                 # the table's plain-list mirror (numpy is slower per call)
        if is_free(game) or _can_pay(game, f, 1):
            return [r[g] >= 1 for r in rows[:N_SPACES]].__getitem__
        return [rows[sp][g] >= 1 and LOC_LIST[sp] for sp in range(N_SPACES)].__getitem__

    def select(self, game, sp):
        _pay(game, self.faction, terror_cost(game, self.faction, sp))
        do_terror(game, self.faction, sp)


class TalibanTerror(_Terror):
    faction = "taliban"


class WarlordsTerror(_Terror):
    faction = "warlords"


ACTIVITIES = [TalibanRally, WarlordsRally, TalibanMarch, WarlordsMarch, TalibanAttack, WarlordsAttack,
              TalibanTerror, WarlordsTerror]
