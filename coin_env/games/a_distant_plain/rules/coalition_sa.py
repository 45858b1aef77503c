"""4.2 Coalition Special Activities: Surge (4.2.1), Air Lift (4.2.2), Air Strike (4.2.3).

The Coalition pays nothing for its Special Activities (4.2 names no cost). Capabilities that modify
them are not implemented (their texts are unknown, digest G1).

Surge and Air Lift move pieces "among" their selected spaces (and, for Surge, the Coalition
Available box). The spaces are selected one at a time (4.1 / the Activity framework); when a space
is selected, its moves are made at once: pieces may be brought into it from any location already
in play for the Special Activity (a space selected before it, or the Available box for Surge), and
sent from it to any of those locations. Every pair of locations is reached this way (the later of
the two spaces handles both directions), so any redistribution the rule allows can be made. A piece
that has arrived somewhere during the Special Activity stays there (each piece moves once): the
arrivals are kept in ``turn["flags"][MOVED_KEY]`` as ``{str(location): [Coalition Troops, Coalition
Bases, Government Troops]}``. Each (location, direction) pair is used at most once per space, so
the procedure is bounded.

Public helpers for the non-player bots: :func:`surge_spaces`, :func:`air_lift_spaces`,
:func:`air_strike_spaces`, :func:`air_strike_targets`, :func:`move_limit`, :func:`movable`,
:func:`air_lift_government_left`.
"""

from __future__ import annotations

from ....coin.operations import Activity
from ....core.prompts import Prompt
from .. import board
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_TROOPS, PIECE_NAMES, TALIBAN_BASE, TALIBAN_G,
                           TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import AFGHAN_PROVINCE_LIST, AVAILABLE, KABUL, N_SPACES, PAKISTAN_LIST
from . import removal
from .selection import any_selectable

MODES: list[tuple[str, str]] = [
    ("lift_bring", "Surge/Air Lift: bring pieces from that space"),
    ("lift_send", "Surge/Air Lift: send pieces to that space"),
    ("surge_from_available", "Surge: bring pieces from Available"),
    ("surge_to_available", "Surge: send pieces to Available"),
]

MAX_SPACES = 3                  # 4.2.1, 4.2.2, 4.2.3: up to 3 spaces each
AIR_LIFT_MAX_GOV_TROOPS = 3     # 4.2.2: up to 3 Government Troops per Air Lift
MOVED_KEY = "adp_coalition_sa_arrived"
AIR_LIFT_GOV_KEY = "adp_air_lift_gov_troops"

SURGE_PIECES = (COALITION_TROOPS, COALITION_BASE)      # 4.2.1 "any Coalition pieces"
AIR_LIFT_PIECES = (COALITION_TROOPS, GOV_TROOPS)       # 4.2.2 Troops only
_SLOT = {COALITION_TROOPS: 0, COALITION_BASE: 1, GOV_TROOPS: 2}
_SA_NAMES = {"surge": "Surge", "air_lift": "Air Lift"}


def _flags(game) -> dict:
    turn = game.state.turn
    return turn["flags"] if turn is not None else {}


# --- moving pieces among the selected spaces (Surge, Air Lift) -------------------------------------
def movable(game, loc: int, piece: int) -> int:
    """Pieces of a type at a location (map space or the Available box) that may still move in this
    Surge / Air Lift: those there minus those that arrived there during it."""
    n = game.state.rows[loc][piece]
    arrived = _flags(game).get(MOVED_KEY, {}).get(str(loc))
    if arrived:
        n -= arrived[_SLOT[piece]]
    return max(0, n)


def air_lift_government_left(game) -> int:
    """4.2.2: how many more Government Troops this Air Lift may move (3 in all)."""
    return AIR_LIFT_MAX_GOV_TROOPS - _flags(game).get(AIR_LIFT_GOV_KEY, 0)


def move_limit(game, src: int, dst: int, piece: int) -> int:
    """How many pieces of a type may move from ``src`` to ``dst`` now: the movable ones, Bases
    within stacking at a map destination (1.4.2), Government Troops within Air Lift's 3."""
    n = movable(game, src, piece)
    if piece == COALITION_BASE and dst != AVAILABLE:
        n = min(n, board.MAX_BASES - board.bases(game.state, dst))
    if piece == GOV_TROOPS:
        n = min(n, air_lift_government_left(game))
    return max(0, n)


def _pieces(sa: str) -> tuple[int, ...]:
    return SURGE_PIECES if sa == "surge" else AIR_LIFT_PIECES


def _can_move(game, sa: str, src: int, dst: int) -> bool:
    return any(move_limit(game, src, dst, p) for p in _pieces(sa))


def _partners(game, frame) -> list[int]:
    """Locations the space being resolved may exchange pieces with: the spaces selected before it
    and, for Surge, the Available box."""
    x = frame["space"]
    out = [sp for sp in game.state.turn["sa_spaces"] if sp != x]
    if frame["sa"] == "surge":
        out.append(AVAILABLE)
    return out


def _directions(game, frame, loc: int) -> list[str]:
    """Unused directions ("in": loc -> space, "out": space -> loc) in which something can move."""
    x, sa = frame["space"], frame["sa"]
    out = []
    if [loc, "in"] not in frame["done"] and _can_move(game, sa, loc, x):
        out.append("in")
    if [loc, "out"] not in frame["done"] and _can_move(game, sa, x, loc):
        out.append("out")
    return out


def _start_moves(game, sa: str, sp: int) -> None:
    """Push the move prompt for a newly selected Surge / Air Lift space, if anything can move."""
    frame = {"kind": "adp_coalition_move", "actor": "coalition", "sa": sa, "space": sp, "done": []}
    if any(_directions(game, frame, loc) for loc in _partners(game, frame)):
        game.push(frame)


@PROMPTS.register
class CoalitionMove(Prompt):
    """Surge / Air Lift in one space: pick a location to exchange pieces with (a space selected
    earlier, or Available for Surge) and the direction, then the numbers; done ends this space."""

    kind = "adp_coalition_move"

    def legal(self, game, frame):
        out = []
        for loc in _partners(game, frame):
            dirs = _directions(game, frame, loc)
            if not dirs:
                continue
            if loc == AVAILABLE:
                if "in" in dirs:
                    out.append(game.mode("surge_from_available"))
                if "out" in dirs:
                    out.append(game.mode("surge_to_available"))
            else:
                out.append(game.space_action(loc))
        out.append(game.DONE)
        return out

    def describe(self, game, frame):
        return (f"{_SA_NAMES[frame['sa']]} in {game.space_names[frame['space']]}: choose where to exchange "
                f"pieces with, or done")

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        if action == game.mode("surge_from_available"):
            _start_counts(game, frame, AVAILABLE, "in")
            return
        if action == game.mode("surge_to_available"):
            _start_counts(game, frame, AVAILABLE, "out")
            return
        loc = game.space_of(action)
        dirs = _directions(game, frame, loc)
        if len(dirs) == 2:
            game.choose("coalition", f"{_SA_NAMES[frame['sa']]}: bring pieces from {game.space_names[loc]} into "
                        f"{game.space_names[frame['space']]}, or send pieces there",
                        [game.mode("lift_bring"), game.mode("lift_send")], "adp_csa_direction", loc=loc)
        else:
            _start_counts(game, frame, loc, dirs[0])


@CONTINUATIONS.register
def adp_csa_direction(game, frame, action):
    _start_counts(game, game.top(), frame["loc"], "in" if action == game.mode("lift_bring") else "out")


def _start_counts(game, move_frame, loc: int, direction: str) -> None:
    """Use the (location, direction) pair once and ask how many of each movable piece type go."""
    move_frame["done"].append([loc, direction])
    x = move_frame["space"]
    src, dst = (loc, x) if direction == "in" else (x, loc)
    types = [p for p in _pieces(move_frame["sa"]) if move_limit(game, src, dst, p) > 0]
    _ask_count(game, src, dst, types, moved=0)


def _loc_name(game, loc: int) -> str:
    return "Available" if loc == AVAILABLE else game.space_names[loc]


def _ask_count(game, src: int, dst: int, types: list[int], moved: int) -> None:
    piece, rest = types[0], types[1:]
    lo = 1 if (moved == 0 and not rest) else 0      # a chosen pair always moves at least one piece
    game.choose("coalition", f"how many {PIECE_NAMES[piece]} move from {_loc_name(game, src)} to "
                f"{_loc_name(game, dst)}", game.count_actions(lo, move_limit(game, src, dst, piece)),
                "adp_csa_count", src=src, dst=dst, types=types, moved=moved)


@CONTINUATIONS.register
def adp_csa_count(game, frame, action):
    n = game.count_of(action)
    piece, rest = frame["types"][0], frame["types"][1:]
    src, dst = frame["src"], frame["dst"]
    if n:
        move_pieces(game, piece, src, dst, n)
    rest = [p for p in rest if move_limit(game, src, dst, p) > 0]
    if rest:
        _ask_count(game, src, dst, rest, frame["moved"] + n)


def move_pieces(game, piece: int, src: int, dst: int, n: int) -> None:
    """Move ``n`` pieces for Surge / Air Lift and record them as arrived (they move no further);
    Government Troops count against Air Lift's 3."""
    board.move(game.state, piece, src, dst, n)
    flags = game.state.turn["flags"]
    arrived = flags.setdefault(MOVED_KEY, {}).setdefault(str(dst), [0, 0, 0])
    arrived[_SLOT[piece]] += n
    if piece == GOV_TROOPS:
        flags[AIR_LIFT_GOV_KEY] = flags.get(AIR_LIFT_GOV_KEY, 0) + n


# --- 4.2.1 Surge -----------------------------------------------------------------------------------
def surge_space_ok(s, sp) -> bool:
    """4.2.1: Kabul, or an Afghan Province with COIN Control (never Pakistan, 1.4.2)."""
    return sp == KABUL or (AFGHAN_PROVINCE_LIST[sp] and board.coin_control(s, sp))


def surge_spaces(game) -> list[int]:
    """Spaces Surge may still select now."""
    return game.activities["coalition"][game.sa_action("surge")].selectable(game)


class Surge(Activity):
    """4.2.1 Surge, with Train only: in up to 3 spaces (Kabul or COIN-Controlled Provinces), move
    Coalition Troops and Bases among them and the Coalition Available box (either way); then, if the
    Coalition wishes, roll a die and split the whole roll between Aid and Warlord Resources (each
    capped at 75, 1.8). No cost."""

    key = name = "surge"
    faction = "coalition"
    special = True
    accompanies = ("train",)

    def max_spaces(self, game):
        return MAX_SPACES

    def can_select(self, game, sp):
        return surge_space_ok(game.state, sp)

    def select(self, game, sp):
        _start_moves(game, "surge", sp)

    def finish(self, game):
        game.choose("coalition", "Surge: roll a die and split it between Aid and Warlord Resources?",
                    [game.mode("yes"), game.mode("no")], "adp_csa_surge_roll")


@CONTINUATIONS.register
def adp_csa_surge_roll(game, frame, action):
    if action != game.mode("yes"):
        return
    roll = game.state.rng.die(6, "Surge")
    game.choose("coalition", f"Surge: the die shows {roll}; how much of it goes to Aid (the rest goes to "
                f"Warlord Resources)", game.count_actions(0, roll), "adp_csa_surge_split", roll=roll)


@CONTINUATIONS.register
def adp_csa_surge_split(game, frame, action):
    surge_split(game.state, frame["roll"], game.count_of(action))


def surge_split(s, roll: int, to_aid: int) -> None:
    """4.2.1: the whole roll is distributed: ``to_aid`` to Aid, the rest to Warlord Resources
    (each capped at 75, 1.8)."""
    board.add_aid(s, to_aid)
    board.add_resources(s, "warlords", roll - to_aid)


# --- 4.2.2 Air Lift --------------------------------------------------------------------------------
def air_lift_spaces(game) -> list[int]:
    """Spaces Air Lift may still select now."""
    return game.activities["coalition"][game.sa_action("air_lift")].selectable(game)


class AirLift(Activity):
    """4.2.2 Air Lift, with any Operation: move any Coalition Troops and up to 3 Government Troops
    among up to 3 spaces (any spaces, LoCs included, but never Pakistan, 1.4.2). No cost."""

    key = name = "air_lift"
    faction = "coalition"
    special = True
    accompanies = None

    def max_spaces(self, game):
        return MAX_SPACES

    def can_select(self, game, sp):
        return not PAKISTAN_LIST[sp]

    def available(self, game):
        """Any space :meth:`can_select` takes, not chosen yet, while fewer than 3 are: read from the map's
        table (asked after every step of the Operation Air Lift accompanies)."""
        return any_selectable(self, game, range(N_SPACES), _OUTSIDE_PAKISTAN.__getitem__)

    def select(self, game, sp):
        _start_moves(game, "air_lift", sp)


_OUTSIDE_PAKISTAN = tuple(not PAKISTAN_LIST[sp] for sp in range(N_SPACES))     # AirLift.can_select, per space


# --- 4.2.3 Air Strike ------------------------------------------------------------------------------
def air_strike_targets(s, sp) -> list[int]:
    """Piece types an Air Strike in ``sp`` may remove (4.2.3): an Active Guerrilla of a faction, or
    that faction's Base if it has no Guerrillas there (the Assault order of removal.py)."""
    return removal.targets(s, sp, "coalition", "assault")


def air_strike_space_ok(s, sp) -> bool:
    """4.2.3: any space but Kabul (Pakistan and LoCs included) where a piece can be removed
    (bool(:func:`air_strike_targets`))."""
    return sp != KABUL and removal.assault_target_in(s.rows[sp])


def air_strike_spaces(game) -> list[int]:
    """Spaces Air Strike may still select now."""
    return game.activities["coalition"][game.sa_action("air_strike")].selectable(game)


class AirStrike(Activity):
    """4.2.3 Air Strike, with Patrol, Sweep or Assault: in up to 3 spaces other than Kabul, remove 1
    piece of a targeted Insurgent faction: an Active Guerrilla, or, if that faction has no Guerrillas
    there, a Base. If any of the spaces is in Pakistan, Islamabad shifts 1 box toward Sponsorship,
    once for the whole Air Strike (6.6.1; past Sponsorship the marker turns Hard). No cost."""

    key = name = "air_strike"
    faction = "coalition"
    special = True
    accompanies = ("patrol", "sweep", "assault")

    def max_spaces(self, game):
        return MAX_SPACES

    def can_select(self, game, sp):
        return air_strike_space_ok(game.state, sp)

    def available(self, game):
        """Any :func:`air_strike_space_ok` space, looked for space by space with :meth:`space_test` (usually
        met early on the map: one row read per space looked at)."""
        return any_selectable(self, game, range(N_SPACES), self.space_test(game))

    def space_test(self, game):
        """:func:`air_strike_space_ok` per space, the board read once and :func:`removal.assault_target_in`
        inlined: one call per space (asked of nearly every space after each step of a Sweep, Patrol or
        Assault)."""
        rows = game.state.rows

        def air_strike_space(sp):
            if sp == KABUL:
                return False
            r = rows[sp]
            return bool(r[TALIBAN_G_ACTIVE] or (r[TALIBAN_G] == 0 and r[TALIBAN_BASE])
                        or r[WARLORD_G_ACTIVE] or (r[WARLORD_G] == 0 and r[WARLORD_BASE]))
        return air_strike_space

    def select(self, game, sp):
        s = game.state
        targets = air_strike_targets(s, sp)
        if len(targets) == 1:              # nothing to choose: remove it at once
            removal.remove_piece(s, sp, targets[0], "coalition", "assault")
        else:
            removal.start_removal(game, "coalition", sp, 1, "assault")

    def finish(self, game):
        s = game.state
        if any(PAKISTAN_LIST[sp] for sp in s.turn["sa_spaces"]):
            board.shift_islamabad(s, +1)


ACTIVITIES = [Surge, AirLift, AirStrike]
