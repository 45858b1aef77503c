"""4.3 Government Special Activities: Govern (4.3.1), Transport (4.3.2), Eradicate (4.3.3).

None of them costs Resources (4.3 names no cost). Transport's payment to the Warlords is Resources
the Government spends, so a Transport granted free by an Event (3.1.2, 5.5: "cost no Resources", as
the free Suborn example shows for Suborn's Resources) pays nothing.

Public helpers for the non-player bots: :func:`govern_modes`, :func:`govern_space_ok`,
:func:`govern_patronage_amount`, :func:`transport_next`, :func:`transport_payment`,
:func:`transport_routes`, :func:`eradicate_space_ok`, and the effect functions
:func:`govern_returnees`, :func:`govern_patronage`, :func:`eradicate`.
"""

from __future__ import annotations

from ....coin.events import is_free
from ....coin.operations import Activity
from ....core.prompts import Prompt
from .. import board
from ..data.pieces import COALITION_BASE, GOV_TROOPS, POLICE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE
from ..registry import CONTINUATIONS, PROMPTS
from ..static import (AFGHAN_PROVINCES, AFGHAN_PROVINCE_LIST, KABUL, LOC_LIST, N_SPACES,
                      PAKISTAN_LIST)


MODES: list[tuple[str, str]] = [
    ("govern_returnees", "Govern: place a +1 Pop marker"),
    ("govern_patronage", "Govern: transfer Aid to Patronage"),
]

GOVERN_MAX_SPACES = 2       # 4.3.1: 1 or 2 spaces
GOVERN_SPACES = [KABUL] + AFGHAN_PROVINCES     # 4.3.1: Kabul and the Afghan Provinces (map order)
ERADICATE_MAX_SPACES = 2    # 4.3.3: 1 or 2 Provinces
ERADICATE_AID = 3           # 4.3.3
ERADICATE_PATRONAGE = 1     # 4.3.3


# --- 4.3.1 Govern ------------------------------------------------------------------------------------
def govern_space_ok(s, sp) -> bool:
    """4.3.1: Kabul or an Afghan Province, with COIN Control, and at Support or with 0 Population
    (a +1 Pop marker makes a 0-Pop Province a 1-Pop one, 1.6.2)."""
    if not (sp == KABUL or AFGHAN_PROVINCE_LIST[sp]):
        return False
    return (s.support_list[sp] > 0 or board.pop(s, sp) == 0) and board.coin_control(s, sp)


def govern_modes(game, sp) -> list[str]:
    """The Govern choices possible in ``sp`` (mode keys), empty if Govern cannot select it:

    * ``govern_returnees``: an unused +1 Pop marker remains (each of the six is placed once only)
      and the space has none yet;
    * ``govern_patronage``: no Coalition Base there, and the space has Population (a 0-Pop space
      would transfer nothing and is already Neutral, so the choice would do nothing).
    """
    s = game.state
    if not govern_space_ok(s, sp):
        return []
    out = []
    if s.returnees_unused > 0 and not s.returnees_list[sp]:
        out.append("govern_returnees")
    if board.pop(s, sp) >= 1 and board.bases(s, sp, "coalition") == 0:
        out.append("govern_patronage")
    return out


def govern_returnees(s, sp) -> None:
    """4.3.1: place an unused +1 Pop (Returnees) marker; it is used up for the rest of the game."""
    board.place_returnees(s, sp)
    s.returnees_unused -= 1


def govern_patronage_amount(s, sp) -> int:
    """4.3.1: Patronage gained by Govern for Patronage in ``sp``: the space's Population, limited by
    the Aid there is (digest A.10) and by Patronage's maximum of 40 (1.8)."""
    return max(0, min(board.pop(s, sp), s.aid, board.MAX_PATRONAGE - s.patronage))


def govern_patronage(s, sp) -> None:
    """4.3.1: move the space's Population from Aid to Patronage (see :func:`govern_patronage_amount`)
    and set the space Neutral."""
    n = govern_patronage_amount(s, sp)
    s.aid -= n
    s.patronage += n
    board.set_support(s, sp, 0)


def _govern_do(game, sp: int, mode: str) -> None:
    if mode == "govern_returnees":
        govern_returnees(game.state, sp)
    else:
        govern_patronage(game.state, sp)


class Govern(Activity):
    """4.3.1 Govern, with Train or Patrol: in 1 or 2 COIN-Controlled spaces (Kabul or Provinces)
    at Support or with 0 Population, either place a +1 Pop marker or transfer the space's Population
    from Aid to Patronage and set it Neutral (not where a Coalition Base is). No cost."""

    key = name = "govern"
    faction = "government"
    special = True
    accompanies = ("train", "patrol")

    def max_spaces(self, game):
        return GOVERN_MAX_SPACES

    def candidate_spaces(self, game):
        return GOVERN_SPACES               # govern_space_ok holds nowhere else

    def can_select(self, game, sp):
        return bool(govern_modes(game, sp))

    def space_test(self, game):
        """``bool(govern_modes(game, sp))`` for every space at once, the board read once as lists."""
        s = game.state
        rows = s.rows[:N_SPACES]
        support = s.support_list            # the state's list mirrors, read only
        returnees = s.returnees_list
        printed = s.data.pop_list
        unused = s.returnees_unused > 0
        ok = [False] * N_SPACES
        for sp in GOVERN_SPACES:
            pop = printed[sp] + returnees[sp]                               # board.pop
            if not (support[sp] > 0 or pop == 0):                           # govern_space_ok
                continue
            row = rows[sp]
            if not board.coin_control_row(s, sp, row):
                continue
            if (unused and not returnees[sp]) or (pop >= 1 and row[COALITION_BASE] == 0):    # the modes
                ok[sp] = True
        return ok.__getitem__

    def select(self, game, sp):
        modes = govern_modes(game, sp)
        if len(modes) == 1:
            _govern_do(game, sp, modes[0])
        else:
            game.choose("government", f"Govern in {game.space_names[sp]}: place a +1 Pop marker, or transfer "
                        f"{govern_patronage_amount(game.state, sp)} Aid to Patronage and set it Neutral",
                        [game.mode(m) for m in modes], "adp_gsa_govern_mode", space=sp)


@CONTINUATIONS.register
def adp_gsa_govern_mode(game, frame, action):
    mode = "govern_returnees" if action == game.mode("govern_returnees") else "govern_patronage"
    _govern_do(game, frame["space"], mode)


# --- 4.3.2 Transport ---------------------------------------------------------------------------------
def _may_continue(s, origin: int, path: list[int]) -> bool:
    """4.3.2: may the Troops move on from where the path ends? From the origin, yes. On a LoC, yes
    unless it is Sabotaged (Troops stop at Sabotage). In Kabul, only if they came in from a LoC
    (passing through Kabul between LoCs); Kabul entered straight from the origin is the one
    destination. A Province entered ends the move."""
    if not path:
        return True
    last = path[-1]
    if LOC_LIST[last]:
        return not s.sabotage_list[last]
    if last == KABUL:
        prev = path[-2] if len(path) >= 2 else origin
        return LOC_LIST[prev]
    return False


def transport_next(s, origin: int, path: list[int]) -> list[int]:
    """Spaces the Transported Troops may enter next, having followed ``path`` from ``origin``: any
    adjacent space not yet on the path and not in Pakistan (1.4.2), while they may still move (see
    :func:`_may_continue`). Entering a LoC (or Kabul from a LoC) keeps them moving; any other entry
    is the single final destination."""
    if not _may_continue(s, origin, path):
        return []
    at = path[-1] if path else origin
    seen = set(path)
    seen.add(origin)
    return [nb for nb in s.data.neighbors[at] if nb not in seen and not PAKISTAN_LIST[nb]]


def _guerrilla_spaces(s) -> list[int]:
    """[space]: 1 where any Guerrillas (anyone's, either state) are, else 0 (4.3.2 payment)."""
    return [1 if r[TALIBAN_G] or r[TALIBAN_G_ACTIVE] or r[WARLORD_G] or r[WARLORD_G_ACTIVE] else 0
            for r in s.rows[:N_SPACES]]


def transport_payment(s, path: list[int]) -> int:
    """4.3.2: Resources owed to the Warlords: 1 per space entered that holds any Guerrillas
    (anyone's); the Government pays only what it has (see :func:`board.transfer_resources`)."""
    return sum(1 for sp in path if board.guerrillas(s, sp, "taliban") + board.guerrillas(s, sp, "warlords") > 0)


def transport_steps(s, only=None) -> list[list[tuple[int, int, bool, bool]]]:
    """[space]: the moves a Transported group may make from there now, as (space entered, 1 if it
    holds Guerrillas (4.3.2 payment), may the group go on from it, is it a destination asked for),
    in adjacency order, never into Pakistan (1.4.2). Going on: from an unSabotaged LoC; from Kabul
    only if entered from a LoC; never from a Province (see :func:`_may_continue`).

    ``only``: the destinations the caller wants (default: all); a move that neither reaches one nor
    goes on is left out."""
    guerrillas = _guerrilla_spaces(s)
    sabotage = s.sabotage_list
    neighbors = s.data.neighbors
    out = []
    for at in range(N_SPACES):
        row = []
        for nb in neighbors[at]:
            if PAKISTAN_LIST[nb]:
                continue
            if LOC_LIST[nb]:
                go_on = not sabotage[nb]
            elif nb == KABUL:
                go_on = LOC_LIST[at]
            else:
                go_on = False
            wanted = only is None or nb in only
            if wanted or go_on:
                row.append((nb, guerrillas[nb], go_on, wanted))
        out.append(row)
    return out


def transport_routes(s, origin: int, steps=None) -> dict[int, tuple[int, list[int]]]:
    """Every space Transport from ``origin`` can end in, with the cheapest path there:
    ``{destination: (payment owed to the Warlords, path)}`` (ties: the shorter path, then the first
    found walking :func:`transport_next`'s order depth first). ``steps``: :func:`transport_steps`
    of this board, when several origins are walked (with ``only``, just those destinations are
    returned, the same entries in the same order).

    The walk is :func:`transport_next` / :func:`_may_continue` / :func:`transport_payment` with the
    board facts read once (:func:`transport_steps`) and the payment grown one space at a time."""
    if steps is None:
        steps = transport_steps(s)
    best: dict[int, tuple[int, list[int]]] = {}
    seen = {origin}
    path: list[int] = []                           # the spaces entered so far

    def walk(at: int, cost: int) -> None:
        depth = len(path) + 1                      # the length of the path entering a neighbour
        for nb, g, go_on, wanted in steps[at]:
            if nb in seen:
                continue
            c = cost + g
            if wanted:
                old = best.get(nb)
                if old is None or c < old[0] or (c == old[0] and depth < len(old[1])):
                    best[nb] = (c, path + [nb])
            if go_on:
                seen.add(nb)
                path.append(nb)
                walk(nb, c)
                path.pop()
                seen.discard(nb)

    walk(origin, 0)
    return best


def transport_origin_ok(s, sp) -> bool:
    """4.3.2: the one Transport space must hold Government Troops (none are ever in Pakistan)."""
    return board.count(s, sp, GOV_TROOPS) > 0 and not PAKISTAN_LIST[sp]


class Transport(Activity):
    """4.3.2 Transport, with any Operation: from 1 space, move any number of its Government Troops
    as one group: onto an adjacent LoC, on along adjacent LoCs and through Kabul (stopping on
    entering a Sabotaged LoC), then, if desired, into 1 adjacent destination -- or straight into an
    adjacent space. Never into Pakistan (1.4.2). Then the Government pays the Warlords 1 Resource per
    space entered that holds Guerrillas, while it has Resources (nothing if the Transport is free).

    The number of Troops is asked first, then the path one space at a time ("done" stops them)."""

    key = name = "transport"
    faction = "government"
    special = True
    accompanies = None

    def max_spaces(self, game):
        return 1

    def can_select(self, game, sp):
        return transport_origin_ok(game.state, sp)

    def select(self, game, sp):
        _ask_troops(game, sp, chosen=0, left=board.count(game.state, sp, GOV_TROOPS))


def _ask_troops(game, origin: int, chosen: int, left: int) -> None:
    """How many Troops go. Counts above the vocabulary's largest number are asked in two steps: the
    largest number, then how many more."""
    hi = min(left, game.vocabulary.max_count)
    more = " more" if chosen else ""
    game.choose("government", f"Transport from {game.space_names[origin]}: how many{more} Government Troops move",
                game.count_actions(0 if chosen else 1, hi), "adp_gsa_transport_troops",
                origin=origin, chosen=chosen, left=left)


@CONTINUATIONS.register
def adp_gsa_transport_troops(game, frame, action):
    n = game.count_of(action)
    chosen, left = frame["chosen"] + n, frame["left"] - n
    if n == game.vocabulary.max_count and left > 0:
        _ask_troops(game, frame["origin"], chosen, left)
        return
    game.push({"kind": "adp_transport", "actor": "government", "origin": frame["origin"], "troops": chosen,
               "path": []})


@PROMPTS.register
class TransportPath(Prompt):
    """Transport: the next space the Troops enter, or done (stop where they are)."""

    kind = "adp_transport"

    def legal(self, game, frame):
        s0 = game.vocabulary.SPACE0                  # game.space_action(sp), without a call per space
        out = [s0 + sp for sp in transport_next(game.state, frame["origin"], frame["path"])]
        if frame["path"]:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        where = game.space_names[frame["path"][-1] if frame["path"] else frame["origin"]]
        return (f"Transport of {frame['troops']} Government Troops from {game.space_names[frame['origin']]}, now "
                f"at {where}: select the next space, or done")

    def apply(self, game, frame, action):
        if action != game.DONE:
            frame["path"].append(game.space_of(action))
            if transport_next(game.state, frame["origin"], frame["path"]):
                return
        game.pop()
        transport(game, frame["origin"], frame["path"], frame["troops"])


def transport(game, origin: int, path: list[int], troops: int) -> None:
    """Move the Troops to the end of the path and pay the Warlords (4.3.2)."""
    s = game.state
    owed = transport_payment(s, path)
    board.move(s, GOV_TROOPS, origin, path[-1], troops)
    if owed and not is_free(game):
        board.transfer_resources(s, "government", "warlords", owed)


# --- 4.3.3 Eradicate ---------------------------------------------------------------------------------
def eradicate_space_ok(s, sp) -> bool:
    """4.3.3: an Afghan Province (not Kabul) with COIN Control, Government cubes and a Warlord Base."""
    return (AFGHAN_PROVINCE_LIST[sp] and board.gov_cubes(s, sp) > 0 and board.bases(s, sp, "warlords") > 0
            and board.coin_control(s, sp))


def eradicate(s, sp) -> None:
    """4.3.3 in one Province: Aid +3 and Patronage +1 (capped, 1.8); remove a Warlord Base whatever
    Warlord Guerrillas are there; shift 1 level toward Opposition where the space can have it
    (1.6.2); in a Pashtun Province place an Available Taliban Guerrilla (Underground, 1.4.3; none
    placed if none is Available, 1.4.1)."""
    board.add_aid(s, ERADICATE_AID)
    board.add_patronage(s, ERADICATE_PATRONAGE)
    board.remove(s, WARLORD_BASE, sp)
    board.shift_support(s, sp, -1)
    if board.is_pashtun(s, sp):
        board.place(s, TALIBAN_G, sp)


class Eradicate(Activity):
    """4.3.3 Eradicate, with Train, Patrol or Assault: in 1 or 2 Provinces, see :func:`eradicate`.
    No cost."""

    key = name = "eradicate"
    faction = "government"
    special = True
    accompanies = ("train", "patrol", "assault")

    def max_spaces(self, game):
        return ERADICATE_MAX_SPACES

    def candidate_spaces(self, game):
        return AFGHAN_PROVINCES            # eradicate_space_ok holds nowhere else

    def can_select(self, game, sp):
        return eradicate_space_ok(game.state, sp)

    def space_test(self, game):
        """:func:`eradicate_space_ok` for every space at once, the board read once as lists."""
        s = game.state
        rows = s.rows[:N_SPACES]
        ok = [False] * N_SPACES
        for sp in AFGHAN_PROVINCES:
            row = rows[sp]
            if row[GOV_TROOPS] + row[POLICE] > 0 and row[WARLORD_BASE] > 0 and board.coin_control_row(s, sp, row):
                ok[sp] = True
        return ok.__getitem__

    def select(self, game, sp):
        eradicate(game.state, sp)


ACTIVITIES = [Govern, Transport, Eradicate]
