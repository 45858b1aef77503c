"""4.4 Taliban Special Activities: Extort (4.4.1), Infiltrate (4.4.2), Ambush (4.4.3).

4.1: a Special Activity may come immediately before, during or after its Operation (the framework in
coin_env/coin/operations.py offers it at the Operation's "select a space or done" prompt and once the
Operation is done). So the Taliban may Extort first and spend the Resources gained on the Operation
(4.1 example): Extort costs nothing and each Operation space's cost is checked when it is selected.

* Extort (any Operation): spaces with an Underground Taliban Guerrilla where the Taliban have more
  pieces than all other factions together. Each: one Underground Guerrilla goes Active; the Taliban
  gain 1 Resource, or an unSabotaged LoC's Econ; where Warlord Bases are, the Warlords instead pay the
  Taliban 2 per Warlord Base, as far as they can (digest A.10).
* Infiltrate (Rally or March only): one space with an Underground Taliban Guerrilla and a Government or
  Warlord piece. Either remove 2 such pieces, or replace 1 with an Available Taliban Guerrilla
  (1.4.1: with none Available, the piece is only removed). A Government Base goes only once no
  Government cubes are there (Coalition cubes do not shield it, 4.4.2 note); a Warlord Base only once
  no Warlord Guerrillas are there. Patronage -1 per Government piece removed. 1.4.1 targeting: the
  Taliban choose which factions to hit, but a faction once hit loses pieces to the full extent.
* Ambush (Attack only): up to 3 spaces with an Underground Taliban Guerrilla that are valid Attack
  spaces not yet attacked. The space's Attack is resolved in Ambush form: it joins the Attack's spaces
  (so the Attack cannot select it again), its 1 Resource is paid (unless free), only 1 Underground
  Guerrilla is Activated, no die is rolled, up to 2 enemy pieces are removed under the Attack's order
  rules (3.3.3, removal.py style "attack"), then 1 Taliban Guerrilla is placed as if a 1 had been
  rolled (Captured Goods, with the Attack's 1.4.1 voluntary removal for a player: insurgent_ops).
  Resolving an Ambush space after the Attack's other spaces (even once the Attack said done) is the
  same as selecting it for the Attack and resolving it last (3.1: the executor orders the spaces).

Free Special Activities granted by an Event (5.5, 3.1.2) skip costs: ``coin_env.coin.events.is_free``.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (GOV_BASE, GOV_TROOPS, PIECE_OWNER, POLICE, TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE,
                           WARLORD_BASE, WARLORD_G, WARLORD_G_ACTIVE)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import N_SPACES
from .insurgent_ops import attack_cost, attack_space_ok, place_with_voluntary_removal
from .removal import start_removal
from .selection import any_selectable
from ....coin.events import is_free
from ....coin.operations import Activity
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = [
    ("infiltrate_remove", "Infiltrate: remove 2 pieces"),
    ("infiltrate_replace", "Infiltrate: replace a piece with a Taliban Guerrilla"),
]

FACTION = "taliban"
AMBUSH_MAX_SPACES = 3          # 4.4.3
INFILTRATE_MAX_SPACES = 1      # 4.4.2
INFILTRATE_REMOVES = 2         # 4.4.2
EXTORT_PER_WARLORD_BASE = 2    # 4.4.1


def _pay(game, amount: int) -> None:
    """Pay Taliban Resources, unless the action is free (5.5)."""
    if amount and not is_free(game):
        board.add_resources(game.state, FACTION, -amount)


# ======================================================================================
# 4.4.1 Extort
# ======================================================================================
def _with_underground_taliban(s):
    """The map spaces (in map order) with an Underground Taliban Guerrilla: the only ones where Extort
    or Infiltrate may go. Found lazily from the rows: the availability questions stop at the first space
    that passes, usually early on the map."""
    rows = s.rows
    return (sp for sp in range(N_SPACES) if rows[sp][TALIBAN_G])


def extort_ok(game, sp: int) -> bool:
    """4.4.1: may the Taliban Extort in ``sp``? An Underground Taliban Guerrilla is there and the
    Taliban have more pieces there than all other factions combined. (Costs nothing.)"""
    r = game.state.rows[sp]
    if not r[TALIBAN_G]:
        return False
    taliban = r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE]
    return taliban > sum(r) - taliban           # board.pieces_of > board.enemy_pieces


def extort_ok_row(row) -> bool:
    """:func:`extort_ok` read from ``row``, a space's piece counts as a list (a bot's copy of the board)."""
    if not row[TALIBAN_G]:
        return False
    taliban = row[TALIBAN_G] + row[TALIBAN_G_ACTIVE] + row[TALIBAN_BASE]
    return taliban > sum(row) - taliban


def _extort_raw(s, sp: int, warlords: int) -> int:
    """4.4.1 gain before the 75 cap, with ``warlords`` Resources in the Warlords' purse."""
    wb = board.bases(s, sp, "warlords")
    if wb:
        return min(EXTORT_PER_WARLORD_BASE * wb, warlords)
    if board.is_loc(sp) and not s.sabotage_list[sp]:
        return s.data.econ_list[sp]
    return 1


def extort_gain(s, sp: int) -> int:
    """4.4.1: Resources an Extort in ``sp`` would bring the Taliban now: 2 per Warlord Base taken from
    the Warlords (as far as they have them, digest A.10), else the Econ of an unSabotaged LoC, else 1;
    capped by the 75-Resource track (1.8)."""
    gain = _extort_raw(s, sp, s.resources["warlords"])
    return max(0, min(gain, board.MAX_RESOURCES - s.resources[FACTION]))


def extort_potential(game) -> int:
    """4.1 / 4.4.1: the Resources the Taliban would gain by Extorting in every space they may now (the
    Warlords' payments come from one purse, taken space by space; 1.8 cap). The sequence of play can
    use it to let the Taliban choose an Operation they can pay for only after Extorting first (4.1
    example); the bots can use it to judge whether Extort pays for an Operation."""
    s = game.state
    warlords, taliban = s.resources["warlords"], s.resources[FACTION]
    for sp in range(game.n_spaces):
        if extort_ok(game, sp):
            gain = min(_extort_raw(s, sp, warlords), board.MAX_RESOURCES - taliban)
            if board.bases(s, sp, "warlords"):
                warlords -= gain
            taliban += gain
    return taliban - s.resources[FACTION]


def extort_space(game, sp: int) -> int:
    """4.4.1 procedure in one space (no decision): Activate 1 Underground Taliban Guerrilla, then gain
    Resources (see :func:`extort_gain`; a Warlords' payment is a transfer). Returns the Taliban's gain."""
    s = game.state
    board.activate(s, sp, FACTION, 1)
    gain = extort_gain(s, sp)
    if board.bases(s, sp, "warlords"):
        return board.transfer_resources(s, "warlords", FACTION, gain)
    return board.add_resources(s, FACTION, gain)


class Extort(Activity):
    """4.4.1 Extort: any Operation; any number of spaces (see :func:`extort_ok`)."""

    key = name = "extort"
    faction = FACTION
    special = True
    accompanies = None

    def can_select(self, game, sp):
        return extort_ok(game, sp)

    def available(self, game):
        """Any :func:`extort_ok` space, looked for among the spaces with an Underground Taliban
        Guerrilla (usually met early on the map)."""
        rows = game.state.rows
        return any_selectable(self, game, _with_underground_taliban(game.state),
                              lambda sp: extort_ok_row(rows[sp]))

    def space_test(self, game):
        """:func:`extort_ok` for every space at once, read from the rows (:func:`extort_ok_row`, inlined): an
        Underground Taliban Guerrilla, and Taliban pieces outnumbering all others."""
        return [r[TALIBAN_G] > 0 and 2 * (r[TALIBAN_G] + r[TALIBAN_G_ACTIVE] + r[TALIBAN_BASE]) > sum(r)
                for r in game.state.rows[:N_SPACES]].__getitem__

    def select(self, game, sp):
        extort_space(game, sp)


# ======================================================================================
# 4.4.2 Infiltrate
# ======================================================================================
def infiltrate_targets(s, sp: int) -> list[int]:
    """4.4.2: piece types (columns) Infiltrate may remove or replace next in ``sp``: Government cubes,
    then the Government Base once no Government cubes remain (Coalition cubes do not protect it);
    Warlord Guerrillas (either state), then a Warlord Base once no Warlord Guerrillas remain."""
    return infiltrate_targets_row(s.rows[sp])


def infiltrate_targets_row(p) -> list[int]:
    """:func:`infiltrate_targets` read from ``p``, a space's piece counts as a list (a bot's working copy)."""
    out = [c for c in (GOV_TROOPS, POLICE) if p[c]]
    if not out and p[GOV_BASE]:
        out.append(GOV_BASE)
    wg = [c for c in (WARLORD_G, WARLORD_G_ACTIVE) if p[c]]
    out += wg
    if not wg and p[WARLORD_BASE]:
        out.append(WARLORD_BASE)
    return sorted(out)


def infiltrate_ok(game, sp: int) -> bool:
    """4.4.2: may the Taliban Infiltrate in ``sp``? An Underground Taliban Guerrilla and at least one
    Government or Warlord piece are there."""
    s = game.state
    return board.underground(s, sp, FACTION) > 0 and bool(infiltrate_targets(s, sp))


def infiltrate_remove_piece(game, sp: int, piece: int, replace: bool) -> None:
    """Remove one Government / Warlord piece (Patronage -1 if Government, 4.4.2); if ``replace``, put
    an Available Taliban Guerrilla (Underground) in its place (1.4.1: none Available -> only removed)."""
    s = game.state
    board.remove(s, piece, sp)
    if PIECE_OWNER[piece] == "government":
        board.add_patronage(s, -1)
    if replace:
        board.place(s, TALIBAN_G, sp)


class Infiltrate(Activity):
    """4.4.2 Infiltrate: with Rally or March, in 1 space (see :func:`infiltrate_ok`)."""

    key = name = "infiltrate"
    faction = FACTION
    special = True
    accompanies = ("rally", "march")

    def max_spaces(self, game):
        return INFILTRATE_MAX_SPACES

    def can_select(self, game, sp):
        return infiltrate_ok(game, sp)

    def available(self, game):
        """Any :func:`infiltrate_ok` space, looked for among the spaces with an Underground Taliban
        Guerrilla."""
        rows = game.state.rows

        def has_target(sp):          # bool(infiltrate_targets_row(...)): any Government or Warlord piece there
            r = rows[sp]
            return bool(r[GOV_TROOPS] or r[POLICE] or r[GOV_BASE] or r[WARLORD_G] or r[WARLORD_G_ACTIVE]
                        or r[WARLORD_BASE])
        return any_selectable(self, game, _with_underground_taliban(game.state), has_target)

    def space_test(self, game):
        """:func:`infiltrate_ok` for every space at once, read from the rows: an Underground Taliban
        Guerrilla and a Government or Warlord piece."""
        return [r[TALIBAN_G] > 0 and r[GOV_TROOPS] + r[POLICE] + r[GOV_BASE] + r[WARLORD_G] + r[WARLORD_G_ACTIVE]
                + r[WARLORD_BASE] > 0 for r in game.state.rows[:N_SPACES]].__getitem__

    def select(self, game, sp):
        game.choose(FACTION, f"Infiltrate in {game.space_names[sp]}: remove 2 pieces or replace 1",
                    [game.mode("infiltrate_remove"), game.mode("infiltrate_replace")],
                    "adp_infiltrate_mode", space=sp)


@CONTINUATIONS.register
def adp_infiltrate_mode(game, frame, action):
    replace = action == game.mode("infiltrate_replace")
    game.push({"kind": "adp_infiltrate_remove", "actor": FACTION, "space": frame["space"],
               "left": 1 if replace else INFILTRATE_REMOVES, "replace": replace, "hit": []})


@PROMPTS.register
class InfiltrateRemove(Prompt):
    """4.4.2: choose the next Government / Warlord piece to remove (or to replace). After the first
    piece, ``done`` is offered once no faction already hit has a piece left that could go (1.4.1:
    a targeted faction is affected to the full extent; others may be left alone)."""

    kind = "adp_infiltrate_remove"

    def legal(self, game, frame):
        targets = infiltrate_targets(game.state, frame["space"])
        out = [game.piece_action(p) for p in targets]
        if frame["hit"] and not any(PIECE_OWNER[p] in frame["hit"] for p in targets):
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        what = "replace with a Taliban Guerrilla" if frame["replace"] else f"remove ({frame['left']} left)"
        return f"Infiltrate in {game.space_names[frame['space']]}: choose a piece to {what}"

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        sp = frame["space"]
        piece = game.piece_of(action)
        infiltrate_remove_piece(game, sp, piece, frame["replace"])
        owner = PIECE_OWNER[piece]
        if owner not in frame["hit"]:
            frame["hit"].append(owner)
        frame["left"] -= 1
        if frame["left"] <= 0 or not infiltrate_targets(game.state, sp):
            game.pop()


# ======================================================================================
# 4.4.3 Ambush
# ======================================================================================
def ambush_ok(game, sp: int) -> bool:
    """4.4.3: may the Taliban Ambush in ``sp`` now? An Underground Taliban Guerrilla is there and it
    is a valid Attack space (cost included) not yet attacked in this Operation."""
    s = game.state
    turn = s.turn
    if turn is not None and sp in turn["op_spaces"]:
        return False
    return (board.underground(s, sp, FACTION) > 0 and attack_space_ok(game, FACTION, sp)
            and s.resources[FACTION] >= attack_cost(game, FACTION, sp))


def ambush_space(game, sp: int) -> None:
    """4.4.3 procedure in one space: the space becomes one of the Attack's spaces and its cost is paid;
    1 Underground Guerrilla Activated; no roll; up to 2 enemy pieces removed (3.3.3 order rules);
    then 1 Available Taliban Guerrilla placed (Captured Goods, as if a 1 had been rolled)."""
    s = game.state
    s.turn["op_spaces"].append(sp)
    _pay(game, attack_cost(game, FACTION, sp))
    board.activate(s, sp, FACTION, 1)
    game.after("adp_ambush_captured_goods", space=sp)
    start_removal(game, FACTION, sp, 2, "attack")


@CONTINUATIONS.register
def adp_ambush_captured_goods(game, frame, action):
    """4.4.3: place a Taliban Guerrilla as Captured Goods would (3.3.3; a player lacking an Available
    one may take one of its own from elsewhere on the map, 1.4.1, as in the Attack)."""
    place_with_voluntary_removal(game, FACTION, frame["space"], TALIBAN_G, 1, optional=True)


class Ambush(Activity):
    """4.4.3 Ambush: with Attack, in up to 3 spaces (see :func:`ambush_ok`)."""

    key = name = "ambush"
    faction = FACTION
    special = True
    accompanies = ("attack",)

    def max_spaces(self, game):
        return AMBUSH_MAX_SPACES

    def can_select(self, game, sp):
        return ambush_ok(game, sp)

    def select(self, game, sp):
        ambush_space(game, sp)


ACTIVITIES = [Extort, Infiltrate, Ambush]
