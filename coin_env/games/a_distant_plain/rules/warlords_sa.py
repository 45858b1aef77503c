"""4.5 Warlords Special Activities: Cultivate (4.5.1), Traffic (4.5.2), Suborn (4.5.3).

* Cultivate (Rally or March only): one Province that the Operation selected (a Rally space or a March
  destination: the Operation's spaces in ``turn["op_spaces"]``), with Population above 0 and more
  Warlord Guerrillas than Police. Place 1 Available Warlord Base there within stacking (1.4.2). A
  Cultivate done before the Operation has selected a space has nowhere to go, so it is not offered.
  One space per Cultivate (digest 6.7).
* Traffic (Rally or March only): any or all spaces with 1 or 2 Warlord Bases and no Coalition piece.
  Each: Warlords +1 Resource per Warlord Base there; also, if Taliban-Controlled, Taliban +1; if
  COIN-Controlled, Patronage +1 (1.8 caps: Resources 75, Patronage 40).
* Suborn (any Operation): up to 3 spaces, 2 Warlord Resources each (checked when the space is
  selected; free when granted by an Event, 5.5). Each: remove up to 3 Government cubes, or a
  Government Base, or a Taliban Guerrilla, or flip any or all Guerrillas there Underground -- any
  faction's Guerrillas, and the Government Base goes regardless of cubes (digest A.11). A space is
  offered only where one of these does something.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS, POLICE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE,
                           WARLORD_G_ACTIVE)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import N_SPACES
from ....coin.events import is_free
from ....coin.operations import Activity
from .selection import any_selectable
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = [
    ("suborn_cubes", "Suborn: remove up to 3 Government cubes"),
    ("suborn_base", "Suborn: remove a Government Base"),
    ("suborn_guerrilla", "Suborn: remove a Taliban Guerrilla"),
    ("suborn_flip", "Suborn: flip Guerrillas Underground"),
]

FACTION = "warlords"
CULTIVATE_MAX_SPACES = 1      # digest 6.7 [interp]: one space per Cultivate
SUBORN_MAX_SPACES = 3         # 4.5.3
SUBORN_COST = 2               # 4.5.3
SUBORN_MAX_CUBES = 3          # 4.5.3
SUBORN_MODES = ("suborn_cubes", "suborn_base", "suborn_guerrilla", "suborn_flip")


# ======================================================================================
# 4.5.1 Cultivate
# ======================================================================================
def cultivate_ok(game, sp: int) -> bool:
    """4.5.1: may the Warlords Cultivate in ``sp`` now? It is a Province already selected by the
    accompanying Rally (or as a March destination), with Pop > 0, more Warlord Guerrillas than Police,
    room for a Base (1.4.2) and a Warlord Base Available (1.4.1)."""
    s = game.state
    turn = s.turn
    if turn is None or sp not in turn["op_spaces"]:
        return False
    return (board.is_province(sp) and board.may_hold(s, sp, FACTION) and board.pop(s, sp) > 0
            and board.guerrillas(s, sp, FACTION) > board.count(s, sp, POLICE)
            and board.has_room_for_base(s, sp) and board.available(s, WARLORD_BASE) > 0)


class Cultivate(Activity):
    """4.5.1 Cultivate: with Rally or March, in 1 space (see :func:`cultivate_ok`); place a Warlord Base."""

    key = name = "cultivate"
    faction = FACTION
    special = True
    accompanies = ("rally", "march")

    def max_spaces(self, game):
        return CULTIVATE_MAX_SPACES

    def can_select(self, game, sp):
        return cultivate_ok(game, sp)

    def candidate_spaces(self, game):
        """Only the accompanying Operation's spaces can pass :func:`cultivate_ok` (in map order)."""
        turn = game.state.turn
        return sorted(set(turn["op_spaces"])) if turn is not None else []

    def select(self, game, sp):
        board.place(game.state, WARLORD_BASE, sp)


# ======================================================================================
# 4.5.2 Traffic
# ======================================================================================
def traffic_ok(s, sp: int) -> bool:
    """4.5.2: a space with 1 or 2 Warlord Bases and no Coalition piece."""
    return 1 <= board.bases(s, sp, FACTION) <= 2 and board.pieces_of(s, sp, "coalition") == 0


def traffic_ok_row(row) -> bool:
    """:func:`traffic_ok` read from ``row``, a space's piece counts as a list (a bot's copy of the board)."""
    return 1 <= row[WARLORD_BASE] <= 2 and row[COALITION_TROOPS] + row[COALITION_BASE] == 0


def traffic_gain(s, sp: int) -> dict[str, int]:
    """4.5.2: what Traffic in ``sp`` would add now (before the 1.8 caps): Warlord Resources per Warlord
    Base, and 1 Taliban Resource (Taliban Control) or 1 Patronage (COIN Control)."""
    out = {"warlords": board.bases(s, sp, FACTION), "taliban": 0, "patronage": 0}
    if board.taliban_control(s, sp):
        out["taliban"] = 1
    elif board.coin_control(s, sp):
        out["patronage"] = 1
    return out


def traffic_space(game, sp: int) -> None:
    """4.5.2 procedure in one space (no decision)."""
    s = game.state
    gain = traffic_gain(s, sp)
    board.add_resources(s, FACTION, gain["warlords"])
    board.add_resources(s, "taliban", gain["taliban"])
    board.add_patronage(s, gain["patronage"])


class Traffic(Activity):
    """4.5.2 Traffic: with Rally or March, in any spaces (see :func:`traffic_ok`)."""

    key = name = "traffic"
    faction = FACTION
    special = True
    accompanies = ("rally", "march")

    def can_select(self, game, sp):
        return traffic_ok(game.state, sp)

    def available(self, game):
        """Any :func:`traffic_ok` space, looked for space by space (Warlord Bases are few: often many spaces
        are looked at), each read from its row in one call (:func:`traffic_ok_row`'s test, inlined)."""
        rows = game.state.rows

        def traffic_space(sp):
            r = rows[sp]
            return 1 <= r[WARLORD_BASE] <= 2 and r[COALITION_TROOPS] + r[COALITION_BASE] == 0
        return any_selectable(self, game, range(N_SPACES), traffic_space)

    def space_test(self, game):
        """:func:`traffic_ok` for every space at once, read from the rows (:func:`traffic_ok_row`, inlined; the
        sequence of play asks at nearly every Warlords choice, and the answer is usually "nowhere")."""
        return [1 <= r[WARLORD_BASE] <= 2 and r[COALITION_TROOPS] + r[COALITION_BASE] == 0
                for r in game.state.rows[:N_SPACES]].__getitem__

    def select(self, game, sp):
        traffic_space(game, sp)


# ======================================================================================
# 4.5.3 Suborn
# ======================================================================================
def suborn_flippable(s, sp: int) -> list[int]:
    """4.5.3 / digest A.11: Active Guerrilla columns (any faction) Suborn could flip Underground in
    ``sp`` (Taliban in Pakistan stay Active under Islamabad Hostility, 6.6.1)."""
    out = []
    if s.rows[sp][TALIBAN_G_ACTIVE] and not (board.is_pakistan(sp) and s.islamabad == board.HOSTILITY):
        out.append(TALIBAN_G_ACTIVE)
    if s.rows[sp][WARLORD_G_ACTIVE]:
        out.append(WARLORD_G_ACTIVE)
    return out


def suborn_options(s, sp: int) -> list[str]:
    """4.5.3: the Suborn choices that would do something in ``sp`` (mode keys of ``MODES``)."""
    out = []
    if board.gov_cubes(s, sp):
        out.append("suborn_cubes")
    if s.rows[sp][GOV_BASE]:
        out.append("suborn_base")
    if board.guerrillas(s, sp, "taliban"):
        out.append("suborn_guerrilla")
    if suborn_flippable(s, sp):
        out.append("suborn_flip")
    return out


def suborn_cost(game) -> int:
    """4.5.3: 2 Warlord Resources per space; 0 when free (5.5)."""
    return 0 if is_free(game) else SUBORN_COST


def suborn_ok(game, sp: int) -> bool:
    """4.5.3: may the Warlords Suborn in ``sp`` now? They can pay for it and it would do something."""
    s = game.state
    if s.resources[FACTION] < suborn_cost(game):
        return False
    # bool(suborn_options(s, sp)): Government cubes or Base, a Taliban Guerrilla, or an Active Warlord
    # Guerrilla to flip (an Active Taliban Guerrilla is already a Taliban Guerrilla to remove)
    r = s.rows[sp]
    return r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE] + r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[WARLORD_G_ACTIVE] > 0


class Suborn(Activity):
    """4.5.3 Suborn: any Operation; up to 3 spaces (see :func:`suborn_ok`)."""

    key = name = "suborn"
    faction = FACTION
    special = True
    accompanies = None

    def max_spaces(self, game):
        return SUBORN_MAX_SPACES

    def can_select(self, game, sp):
        return suborn_ok(game, sp)

    def space_test(self, game):
        """:func:`suborn_ok` with the cost checked once (None: it cannot be paid), then per space a
        piece Suborn would act on."""
        s = game.state
        if s.resources[FACTION] < suborn_cost(game):
            return None
        rows = s.rows

        def test(sp):
            r = rows[sp]
            return r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE] + r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[WARLORD_G_ACTIVE] > 0
        return test

    def select(self, game, sp):
        s = game.state
        board.add_resources(s, FACTION, -suborn_cost(game))
        opts = suborn_options(s, sp)
        if len(opts) == 1:
            _suborn_mode(game, sp, opts[0])
        else:
            game.choose(FACTION, f"Suborn in {game.space_names[sp]}: choose what to do",
                        [game.mode(k) for k in opts], "adp_suborn_mode", space=sp)


@CONTINUATIONS.register
def adp_suborn_mode(game, frame, action):
    key = next(k for k in SUBORN_MODES if game.mode(k) == action)
    _suborn_mode(game, frame["space"], key)


def _suborn_mode(game, sp: int, key: str) -> None:
    s = game.state
    if key == "suborn_base":
        board.remove(s, GOV_BASE, sp)
    elif key == "suborn_guerrilla":
        kinds = [c for c in (TALIBAN_G, TALIBAN_G_ACTIVE) if s.rows[sp][c]]
        if len(kinds) == 1:
            board.remove(s, kinds[0], sp)
        else:
            game.choose(FACTION, f"Suborn in {game.space_names[sp]}: remove which Taliban Guerrilla",
                        [game.piece_action(c) for c in kinds], "adp_suborn_guerrilla", space=sp)
    elif key == "suborn_cubes":
        game.push({"kind": "adp_suborn_pieces", "actor": FACTION, "space": sp, "what": "cubes",
                   "left": SUBORN_MAX_CUBES, "done_any": False})
    else:
        game.push({"kind": "adp_suborn_pieces", "actor": FACTION, "space": sp, "what": "flip",
                   "left": None, "done_any": False})


@CONTINUATIONS.register
def adp_suborn_guerrilla(game, frame, action):
    board.remove(game.state, game.piece_of(action), frame["space"])


def _suborn_piece_choices(s, frame) -> list[int]:
    sp = frame["space"]
    if frame["what"] == "cubes":
        return [c for c in (GOV_TROOPS, POLICE) if s.rows[sp][c]]
    return suborn_flippable(s, sp)


@PROMPTS.register
class SubornPieces(Prompt):
    """4.5.3: remove Government cubes one at a time (up to 3), or flip Active Guerrillas Underground one
    at a time (any or all); ``done`` after the first."""

    kind = "adp_suborn_pieces"

    def legal(self, game, frame):
        out = [game.piece_action(c) for c in _suborn_piece_choices(game.state, frame)]
        if frame["done_any"]:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        where = game.space_names[frame["space"]]
        if frame["what"] == "cubes":
            return f"Suborn in {where}: remove a Government cube ({frame['left']} more at most), or done"
        return f"Suborn in {where}: flip an Active Guerrilla Underground, or done"

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        sp = frame["space"]
        piece = game.piece_of(action)
        if frame["what"] == "cubes":
            board.remove(s, piece, sp)
            frame["left"] -= 1
        else:
            faction = "taliban" if piece == TALIBAN_G_ACTIVE else "warlords"
            board.flip_underground(s, sp, faction, 1)
        frame["done_any"] = True
        if (frame["left"] is not None and frame["left"] <= 0) or not _suborn_piece_choices(s, frame):
            game.pop()


ACTIVITIES = [Cultivate, Traffic, Suborn]
