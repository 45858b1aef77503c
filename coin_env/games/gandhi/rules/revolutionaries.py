"""3.4 Revolutionaries Operations and 4.5 Revolutionaries Special Activities.

Operations: Rally (3.4.1), March (3.4.2), Attack (3.4.3), Unrest (3.4.4).
Special Activities: Aid (4.5.1), Infiltrate (4.5.2), Assassinate (4.5.3, with Unrest only).

Costs are paid in Revolutionaries Resources and checked when each space is selected (3.1.5):
a space the Revolutionaries cannot pay for is never offered.

March is origin-based: the Operation's selected spaces are the *origins* (3.4.2: cost is per
origin, and a Limited March has a single origin but may reach several destinations). Each
Guerrilla moves at most once per March (3.1.2); the turn's ``flags`` keep, per space, how many
Guerrillas (Underground / Active) arrived there this March (``march_moved``) and how many moved
into each destination in all (``march_in``, for the "moving Guerrillas plus cubes exceed 3" test).
Dict keys in flags are strings so the turn survives ``to_json()``.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GUERRILLA, ML_ACTIVIST, PIECE_OWNER, REV_BASE,
                           SEPOY)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import AVAILABLE, IS_NETWORK, IS_RAILWAY, LAND, N_SPACES, OUT_OF_PLAY, RAILWAYS
from .removal import removable, start_removal
from ....coin.events import is_free
from ....coin.operations import Activity
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = [
    ("revs_rally_guerrillas", "Rally: place Guerrillas"),
    ("revs_rally_base", "Rally: replace Guerrillas with a Rev Base"),
    ("revs_aid_resources", "Aid: Activate a Guerrilla for Resources"),
    ("revs_aid_underground", "Aid: go Underground"),
    ("revs_infiltrate_base", "Infiltrate: place a Rev Base"),
]

PROTEST_MARKER = "Protest"
_RAILWAY = IS_RAILWAY.tolist()                    # space types never change (a data pack changes adjacency)
assert ACTIVE_GUERRILLA == GUERRILLA + 1          # the (Underground, Active) columns, read as one slice


def costs_nothing(game) -> bool:
    """A free Op/SA granted by an Event (5.0), or non-player Revolutionaries, who do not track or
    spend Resources (8.1; their Activation Number limits their spaces instead, 8.6.2)."""
    return is_free(game) or game.is_non_player("revs")


def _res(game) -> int:
    """Resources that can be spent: unlimited (the track's maximum) when nothing is paid."""
    return 50 if costs_nothing(game) else game.state.resources["revs"]


def _pay(game, amount: int) -> None:
    if not costs_nothing(game):
        board.add_resources(game.state, "revs", -amount)


def _with_guerrillas(s) -> list[bool]:
    """Guerrillas (Underground or Active) in each map space, as a list (one read of the board)."""
    return [u + a > 0 for u, a in s.pieces[:N_SPACES, GUERRILLA:ACTIVE_GUERRILLA + 1].tolist()]


def _underground(s, sp) -> int:
    return s.pieces.item(sp, GUERRILLA)


def _active(s, sp) -> int:
    return s.pieces.item(sp, ACTIVE_GUERRILLA)


# ======================================================================================
# 3.4.1 Rally
# ======================================================================================
def _rally_base_possible(s, sp) -> bool:
    """3.4.1 / 1.4.2: replace Guerrillas equal to Unity with a Rev Base, if there is room and a
    Rev Base is Available (1.4.1: a replacement that is not Available is ignored, so we do not
    offer a swap that would only remove Guerrillas)."""
    return (board.guerrillas(s, sp) >= s.unity and board.has_room_for_base(s, sp)
            and board.available(s, REV_BASE) > 0)


class Rally(Activity):
    """3.4.1 Rally: Cities, Provinces and States without Support, or any with a Rev Base;
    1 Resource per space. In each: place 1 + (Rev Bases there) Guerrillas, or replace Unity
    Guerrillas with a Rev Base. Afterwards, may move one Guerrilla Out of Play -> Available."""

    key = name = "rally"
    faction = "revs"

    def candidate_spaces(self, game):
        return LAND

    def space_test(self, game):
        if _res(game) < 1:
            return None
        s = game.state
        return ((s.support <= 0) | (s.pieces[:N_SPACES, REV_BASE] > 0)).tolist().__getitem__

    def select(self, game, sp):
        s = game.state
        _pay(game, 1)
        if _rally_base_possible(s, sp):
            game.choose("revs", f"Rally in {game.space_names[sp]}: place Guerrillas or a Rev Base",
                        [game.mode("revs_rally_guerrillas"), game.mode("revs_rally_base")],
                        "revs_rally_mode", space=sp)
        else:
            _rally_place(game, sp)

    def finish(self, game):
        # 3.4.1 last step: one Guerrilla may move from Out of Play to Available.
        if _oop_guerrillas(game.state) > 0:
            game.choose("revs", "Rally: move a Guerrilla from Out of Play to Available, or done",
                        [game.piece_action(GUERRILLA), game.DONE], "revs_rally_oop")


def _oop_guerrillas(s) -> int:
    return int(s.pieces.item(OUT_OF_PLAY, GUERRILLA) + s.pieces.item(OUT_OF_PLAY, ACTIVE_GUERRILLA))


def _rally_place(game, sp) -> None:
    """3.4.1: place one plus the number of Rev Bases there (only what is Available, 1.4.1)."""
    s = game.state
    board.place(s, GUERRILLA, sp, 1 + s.pieces.item(sp, REV_BASE))


def _rally_base(game, sp, n_active: int) -> None:
    s = game.state
    n_under = s.unity - n_active
    board.remove(s, ACTIVE_GUERRILLA, sp, n_active)
    board.remove(s, GUERRILLA, sp, n_under)
    board.place(s, REV_BASE, sp, 1)


@CONTINUATIONS.register
def revs_rally_mode(game, frame, action):
    s = game.state
    sp = frame["space"]
    if action == game.mode("revs_rally_guerrillas"):
        _rally_place(game, sp)
        return
    # Which Guerrillas go: ask only when both Underground and Active ones could be among them.
    lo = max(0, s.unity - _underground(s, sp))
    hi = min(s.unity, _active(s, sp))
    if lo == hi:
        _rally_base(game, sp, lo)
    else:
        game.choose("revs", f"Rally in {game.space_names[sp]}: how many Active Guerrillas to replace",
                    game.count_actions(lo, hi), "revs_rally_base_active", space=sp)


@CONTINUATIONS.register
def revs_rally_base_active(game, frame, action):
    _rally_base(game, frame["space"], game.count_of(action))


@CONTINUATIONS.register
def revs_rally_oop(game, frame, action):
    if action == game.DONE:
        return
    s = game.state
    piece = GUERRILLA if s.pieces.item(OUT_OF_PLAY, GUERRILLA) > 0 else ACTIVE_GUERRILLA
    s.pieces[OUT_OF_PLAY, piece] -= 1
    s.pieces[AVAILABLE, GUERRILLA] += 1      # off-map Guerrillas are kept Underground (1.4.3)


# ======================================================================================
# 3.4.2 March
# ======================================================================================
def chain_destinations(data, origin: int) -> tuple[int, ...]:
    """3.4.2: an Underground Guerrilla may travel along a chain of adjacent Railways and Cities
    (entered from the origin) and then into an adjacent space. Returns every space it may end
    in (the chain's own spaces included), excluding the origin. ``data``: the game's data (its
    adjacency); the table is built once per data object."""
    return data.derived("march_chains", _build_chains)[origin]


def _build_chains(data) -> tuple[tuple[int, ...], ...]:
    nb = data.neighbors
    out = []
    for origin in range(N_SPACES):
        reached = set()
        frontier = [n for n in nb[origin] if IS_NETWORK[n]]
        reached.update(frontier)
        while frontier:
            nxt = []
            for sp in frontier:
                for n in nb[sp]:
                    if IS_NETWORK[n] and n not in reached:
                        reached.add(n)
                        nxt.append(n)
            frontier = nxt
        dests = set(reached)
        for sp in reached:
            dests.update(nb[sp])
        dests.update(nb[origin])
        dests.discard(origin)
        out.append(tuple(sorted(dests)))
    return tuple(out)


def _flags(game) -> dict:
    """The turn's flags (empty when asked outside a turn, e.g. whether an Op is available)."""
    turn = game.state.turn
    return turn["flags"] if turn is not None else {}


def _moved(game) -> dict:
    return game.state.turn["flags"].setdefault("march_moved", {})


def unmoved(game, sp) -> tuple[int, int]:
    """(Underground, Active) Guerrillas in ``sp`` that have not moved in this March (3.1.2)."""
    s = game.state
    mv = _flags(game).get("march_moved", {}).get(str(sp), [0, 0])
    return max(0, _underground(s, sp) - mv[0]), max(0, _active(s, sp) - mv[1])


def note_activated(game, sp, n_from_moved: int) -> None:
    """Keep March bookkeeping right when ``n_from_moved`` moved Underground Guerrillas in ``sp``
    are Activated by something else (Aid during a March)."""
    mv = _flags(game).get("march_moved", {}).get(str(sp))
    if mv and n_from_moved:
        mv[0] -= n_from_moved
        mv[1] += n_from_moved


def note_all_underground(game, sp) -> None:
    mv = _flags(game).get("march_moved", {}).get(str(sp))
    if mv:
        mv[0] += mv[1]
        mv[1] = 0


class March(Activity):
    """3.4.2 March: the selected spaces are origins; 1 Resource per origin, Railway origins free.
    Guerrillas move into adjacent spaces; Underground ones may instead travel a chain of adjacent
    Railways and Cities and then into an adjacent space. Each moves once. In each destination at
    (Active or Passive) Support and each Railway destination, if the Guerrillas moving in plus the
    cubes there exceed 3, the moving Guerrillas (only) are Activated."""

    key = name = "march"
    faction = "revs"

    def space_test(self, game):
        """Origins with Guerrillas that have not moved (:func:`unmoved`, every space at once);
        Railway origins cost nothing."""
        s = game.state
        ok = _with_guerrillas(s)
        for sp, (u, a) in _flags(game).get("march_moved", {}).items():     # the few origins with movers
            sp = int(sp)
            ok[sp] = max(0, s.pieces.item(sp, GUERRILLA) - u) + max(0, s.pieces.item(sp, ACTIVE_GUERRILLA) - a) > 0
        if _res(game) < 1:
            ok = [o and r for o, r in zip(ok, _RAILWAY)]
        return ok.__getitem__

    def select(self, game, sp):
        if not board.is_railway(game.state, sp):
            _pay(game, 1)
        game.push({"kind": "revs_march", "actor": "revs", "origin": sp, "moved": 0})


def _march_targets(game, origin) -> dict[int, tuple[bool, bool]]:
    """dest -> (Underground may go, Active may go)."""
    u, a = unmoved(game, origin)
    data = game.state.data
    out: dict[int, tuple[bool, bool]] = {}
    if u:
        for d in chain_destinations(data, origin):
            out[d] = (True, False)
    if u or a:
        for d in data.neighbors[origin]:
            out[d] = (u > 0, a > 0)
    return out


@PROMPTS.register
class MarchFrom(Prompt):
    """3.4.2: move Guerrillas out of one origin, a group at a time; at least one must move
    (a space where no Guerrilla originates is not an origin)."""

    kind = "revs_march"

    def legal(self, game, frame):
        out = [game.space_action(d) for d in sorted(_march_targets(game, frame["origin"]))]
        if frame["moved"] > 0:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        u, a = unmoved(game, frame["origin"])
        return (f"March from {game.space_names[frame['origin']]} ({u} Underground, {a} Active left): "
                f"choose a destination" + (", or done" if frame["moved"] else ""))

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        origin = frame["origin"]
        dest = game.space_of(action)
        can_u, can_a = _march_targets(game, origin)[dest]
        types = ([GUERRILLA] if can_u else []) + ([ACTIVE_GUERRILLA] if can_a else [])
        if len(types) > 1:
            game.choose("revs", f"March {game.space_names[origin]} -> {game.space_names[dest]}: "
                        f"move Underground or Active Guerrillas",
                        [game.piece_action(p) for p in types], "revs_march_type", origin=origin, dest=dest)
        else:
            _ask_march_count(game, origin, dest, types[0])


def _ask_march_count(game, origin, dest, piece) -> None:
    u, a = unmoved(game, origin)
    n = u if piece == GUERRILLA else a
    if n == 1:
        _march_move(game, origin, dest, piece, 1)
        return
    game.choose("revs", f"March {game.space_names[origin]} -> {game.space_names[dest]}: how many "
                f"{'Underground' if piece == GUERRILLA else 'Active'} Guerrillas",
                game.count_actions(1, n), "revs_march_count", origin=origin, dest=dest, piece=piece)


@CONTINUATIONS.register
def revs_march_type(game, frame, action):
    _ask_march_count(game, frame["origin"], frame["dest"], game.piece_of(action))


@CONTINUATIONS.register
def revs_march_count(game, frame, action):
    _march_move(game, frame["origin"], frame["dest"], frame["piece"], game.count_of(action))


def _march_move(game, origin, dest, piece, n) -> None:
    s = game.state
    board.move(s, piece, origin, dest, n)
    flags = s.turn["flags"]
    moved = _moved(game)
    mv = moved.setdefault(str(dest), [0, 0])
    mv[0 if piece == GUERRILLA else 1] += n
    into = flags.setdefault("march_in", {})
    into[str(dest)] = into.get(str(dest), 0) + n
    # 3.4.2 activation: destinations at Support and Railway destinations.
    if (board.is_railway(s, dest) or int(s.support.item(dest)) > 0) and into[str(dest)] + board.cubes(s, dest) > 3:
        k = board.activate_guerrillas(s, dest, mv[0])
        mv[0] -= k
        mv[1] += k
    frame = game.top()
    frame["moved"] += n
    u, a = unmoved(game, origin)
    if u + a == 0:
        game.pop()


# ======================================================================================
# 3.4.3 Attack
# ======================================================================================
class Attack(Activity):
    """3.4.3 Attack: Cities, Provinces and States with Guerrillas; 1 Resource per space.
    Activate all Guerrillas there and roll a die; if the roll is at most the number of Guerrillas
    there, remove up to two Active adversary pieces (never Gandhi; Sepoys before Troops; ML Bases
    only once no Activists remain), and then add one Unrest if the space has a Protest or no Raj
    Control. The roll is recorded in ``turn["flags"]["attack_rolls"]`` as [space, roll] pairs."""

    key = name = "attack"
    faction = "revs"

    def candidate_spaces(self, game):
        return LAND

    def space_test(self, game):
        if _res(game) < 1:
            return None
        return _with_guerrillas(game.state).__getitem__

    def select(self, game, sp):
        s = game.state
        _pay(game, 1)
        board.activate_guerrillas(s, sp, _underground(s, sp))
        roll = s.rng.die(6, f"Attack in {game.space_names[sp]}")
        s.turn["flags"].setdefault("attack_rolls", []).append([sp, roll])
        if roll > board.guerrillas(s, sp):
            return
        game.after("revs_attack_unrest", space=sp)
        if removable(s, sp, "revs", "attack"):
            start_removal(game, "revs", sp, 2, "attack")


@CONTINUATIONS.register
def revs_attack_unrest(game, frame, _action):
    """3.4.3, after a successful Attack's removals: one Unrest if Protest or no Raj Control."""
    s = game.state
    sp = frame["space"]
    if s.protest.item(sp) or not board.raj_control(s, sp):
        board.add_unrest(s, sp)


# ======================================================================================
# 3.4.4 Unrest
# ======================================================================================
def unrest_eligible(s, sp) -> bool:
    """3.4.4: an Underground Guerrilla there, or (Crisis only, 6.8) both Congress and ML Activists."""
    if _underground(s, sp) > 0:
        return True
    return board.in_crisis(s) and s.pieces.item(sp, CONGRESS_ACTIVIST) > 0 and s.pieces.item(sp, ML_ACTIVIST) > 0


class Unrest(Activity):
    """3.4.4 Unrest: Restraint Resources per space. Activate one Underground Guerrilla if present;
    non-railway space: add one Unrest and shift one level toward Neutral; Railway: a Strike if
    none there (board.add_unrest, 5.1.4 / 1.12). After all spaces, Restraint -1 (once)."""

    key = name = "unrest"
    faction = "revs"

    def space_test(self, game):
        """:func:`unrest_eligible` for every space at once."""
        s = game.state
        if _res(game) < s.restraint:
            return None
        p = s.pieces
        ok = p[:N_SPACES, GUERRILLA] > 0
        if board.in_crisis(s):
            ok |= (p[:N_SPACES, CONGRESS_ACTIVIST] > 0) & (p[:N_SPACES, ML_ACTIVIST] > 0)
        return ok.tolist().__getitem__

    def select(self, game, sp):
        s = game.state
        _pay(game, s.restraint)
        board.activate_guerrillas(s, sp, 1)
        board.add_unrest(s, sp)
        if not board.is_railway(s, sp):
            board.shift_toward_neutral(s, sp)

    def finish(self, game):
        board.shift_restraint(game.state, -1)


# ======================================================================================
# 4.5.1 Aid
# ======================================================================================
class Aid(Activity):
    """4.5.1 Aid (any Op): any spaces; in each either Activate one Underground Guerrilla and gain
    Resources equal to the space's Population, or pay 1 Resource to flip all Guerrillas there
    Underground. A space is offered only if one of the two does something and is affordable."""

    key = name = "aid"
    faction = "revs"
    special = True

    def options(self, game, sp):
        s = game.state
        out = []
        if _underground(s, sp) > 0 and _op_survives_aid(game, sp, _res(game) + board.pop(s, sp), -1):
            out.append(game.mode("revs_aid_resources"))
        if _active(s, sp) > 0 and _res(game) >= 1 and _op_survives_aid(game, sp, _res(game) - 1, _active(s, sp)):
            out.append(game.mode("revs_aid_underground"))
        return out

    def can_select(self, game, sp):
        return bool(self.options(game, sp))

    def candidate_spaces(self, game):
        """Only spaces with Guerrillas can offer either option (no test of the others)."""
        p = game.state.pieces[:N_SPACES]
        return (p[:, GUERRILLA] + p[:, ACTIVE_GUERRILLA]).nonzero()[0].tolist()

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading only the spaces with Guerrillas (both options need one;
        stops at the first)."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        return any(self.options(game, sp) for sp in self.candidate_spaces(game) if sp not in chosen)

    def select(self, game, sp):
        opts = self.options(game, sp)
        if len(opts) == 1:
            _aid(game, sp, opts[0])
        else:
            game.choose("revs", f"Aid in {game.space_names[sp]}: Resources or go Underground", opts,
                        "revs_aid_mode", space=sp)


def _op_survives_aid(game, sp, res_after: int, underground_delta: int) -> bool:
    """ENGINE property 1 with 4.1 (an SA may come before its Op): Aid done before the Op's first
    space must leave the Op at least one selectable space. Aid changes only Revolutionaries
    Resources and the Underground Guerrillas of ``sp``, so the check is direct: Rally and Attack
    need 1 Resource (their eligible spaces do not change), March needs 1 Resource unless Guerrillas
    sit on a Railway, Unrest needs Restraint and an eligible space after the change."""
    s = game.state
    turn = s.turn
    if turn is None or turn["op_spaces"] or turn["op"] is None:
        return True
    op = turn["op"]
    if op in ("rally", "attack"):
        return res_after >= 1
    if op == "march":
        if res_after >= 1:
            return True
        return any(board.guerrillas(s, r) > 0 for r in RAILWAYS)
    if op == "unrest":
        if res_after < s.restraint:
            return False
        for x in range(N_SPACES):
            under = _underground(s, x) + (underground_delta if x == sp else 0)
            if under > 0 or (board.in_crisis(s) and s.pieces.item(x, CONGRESS_ACTIVIST) > 0
                             and s.pieces.item(x, ML_ACTIVIST) > 0):
                return True
        return False
    return True


def _aid(game, sp, mode) -> None:
    s = game.state
    if mode == game.mode("revs_aid_resources"):
        # During a March, prefer Activating a Guerrilla that has already moved, so unmoved
        # Underground ones keep their Railway option (see note_activated).
        mv = _flags(game).get("march_moved", {}).get(str(sp), [0, 0])
        board.activate_guerrillas(s, sp, 1)
        note_activated(game, sp, 1 if mv[0] > 0 else 0)
        board.add_resources(s, "revs", board.pop(s, sp))
    else:
        _pay(game, 1)
        board.guerrillas_underground(s, sp)
        note_all_underground(game, sp)


@CONTINUATIONS.register
def revs_aid_mode(game, frame, action):
    _aid(game, frame["space"], action)


# ======================================================================================
# 4.5.2 Infiltrate
# ======================================================================================
def infiltrate_options(game, sp) -> list[int]:
    s = game.state
    out = []
    for pc in (SEPOY, CONGRESS_ACTIVIST, ML_ACTIVIST):
        if s.pieces.item(sp, pc) > 0:
            out.append(game.piece_action(pc))
    if s.protest.item(sp):
        out.append(game.vocabulary.index("piece", PROTEST_MARKER))
    if (board.in_crisis(s) and (board.is_state(s, sp) or board.is_province(s, sp))
            and not board.raj_control(s, sp) and board.has_room_for_base(s, sp)
            and board.available(s, REV_BASE) > 0):
        out.append(game.mode("revs_infiltrate_base"))
    return out


class Infiltrate(Activity):
    """4.5.2 Infiltrate (any Op): one space with an Underground Guerrilla. Replace one Sepoy, one
    Activist (either NV faction's, Active or not) or the Protest marker with an Underground
    Guerrilla (1.4.1: if no Guerrilla is Available the piece or marker is removed without
    replacement); or, in Crisis (6.8), in a State or Province with no Raj Control and room
    (1.4.2), place an Available Rev Base."""

    key = name = "infiltrate"
    faction = "revs"
    special = True

    def max_spaces(self, game):
        return 1

    def can_select(self, game, sp):
        return _underground(game.state, sp) > 0 and bool(infiltrate_options(game, sp))

    def available(self, game) -> bool:
        """:meth:`Activity.available` reading only the spaces with Underground Guerrillas (stops at the
        first)."""
        chosen = self._chosen(game)
        if chosen is None:
            return False
        underground = game.state.pieces[:N_SPACES, GUERRILLA].nonzero()[0].tolist()
        return any(infiltrate_options(game, sp) for sp in underground if sp not in chosen)

    def select(self, game, sp):
        opts = infiltrate_options(game, sp)
        if len(opts) == 1:
            _infiltrate(game, sp, opts[0])
        else:
            game.choose("revs", f"Infiltrate in {game.space_names[sp]}: choose what to replace, or a Rev Base",
                        opts, "revs_infiltrate_choice", space=sp)


def _infiltrate(game, sp, action) -> None:
    s = game.state
    if action == game.mode("revs_infiltrate_base"):
        board.place(s, REV_BASE, sp, 1)
        return
    if action == game.vocabulary.index("piece", PROTEST_MARKER):
        board.remove_protest(s, sp)
    else:
        board.remove(s, game.piece_of(action), sp)
    board.place(s, GUERRILLA, sp, 1)


@CONTINUATIONS.register
def revs_infiltrate_choice(game, frame, action):
    _infiltrate(game, frame["space"], action)


# ======================================================================================
# 4.5.3 Assassinate
# ======================================================================================
class Assassinate(Activity):
    """4.5.3 Assassinate (with Unrest only, 4.1.2): one space already selected for Unrest; remove
    any one Active adversary piece but Gandhi (Troops and Bases allowed even with other pieces
    there); Unity -1 if an NV piece was removed (6.7)."""

    key = name = "assassinate"
    faction = "revs"
    special = True
    accompanies = ("unrest",)

    def max_spaces(self, game):
        return 1

    def candidate_spaces(self, game):
        turn = game.state.turn
        return list(turn["op_spaces"]) if turn is not None else []

    def can_select(self, game, sp):
        return bool(removable(game.state, sp, "revs", "assassinate"))

    def select(self, game, sp):
        opts = [game.piece_action(pc) for pc in removable(game.state, sp, "revs", "assassinate")]
        game.choose("revs", f"Assassinate in {game.space_names[sp]}: choose the piece to remove", opts,
                    "revs_assassinate_piece", space=sp)


@CONTINUATIONS.register
def revs_assassinate_piece(game, frame, action):
    s = game.state
    pc = game.piece_of(action)
    board.remove(s, pc, frame["space"])
    if PIECE_OWNER[pc] in ("congress", "ml"):
        board.shift_unity(s, -1)


ACTIVITIES = [Rally, March, Attack, Unrest, Aid, Infiltrate, Assassinate]

