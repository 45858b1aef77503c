"""Removing enemy pieces one at a time under the rulebook's order constraints.

Styles:

* ``"assault"`` (3.2.4; Air Strike 4.2.3 uses the same order): the targets are the Insurgents' Active
  Guerrillas; a faction's Bases go only once it has no Guerrillas there ("Bases last"), so its
  Underground Guerrillas shield its Bases (3.2.4 note). Removal is compulsory up
  to the count (1.4.1: to the full extent; see :func:`offered`). Each Taliban Base removed by a *Government*
  Assault adds 6 Aid (3.2.4).
* ``"attack"`` (3.3.3, also Ambush 4.4.3): any enemy pieces, Underground Guerrillas included, "up to"
  the count (the attacker may stop). An Insurgent faction's Bases go only once it has no Guerrillas
  there; COIN Bases only once no COIN cubes (either faction) are there; Government cubes before
  Coalition cubes. Coalition pieces removed go to the Casualties box.

The piece chosen is a piece type of the vocabulary ("Police", "Warlord Base", ...): every type belongs
to one faction, so choosing the type chooses the faction too (1.4.1 the executor picks targets).
"""

from __future__ import annotations

import numpy as np

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, BASE, COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS, GUERRILLA,
                           POLICE, TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G,
                           WARLORD_G_ACTIVE)
from ..registry import PROMPTS

MODES: list[tuple[str, str]] = []
STYLES = ("assault", "attack")


def _insurgent_targets(row, f, underground_can_go: bool) -> list[int]:
    """A faction's removable pieces (``row``: the space's piece counts as a list): its Active
    Guerrillas (and, for an Attack, its Underground ones); its Bases only once it has no Guerrillas
    there -- so Underground Guerrillas, which an Assault cannot remove, shield the Bases (3.2.4 note)."""
    out = []
    g, a, b = GUERRILLA[f], ACTIVE_GUERRILLA[f], BASE[f]
    if row[a]:
        out.append(a)
    if underground_can_go and row[g]:
        out.append(g)
    if row[g] + row[a] == 0 and row[b]:
        out.append(b)
    return out


def targets(s, sp, actor: str, style: str) -> list[int]:
    """Piece types that may be removed next (by column)."""
    return targets_row(s.rows[sp], actor, style)


def targets_row(row, actor: str, style: str) -> list[int]:
    """:func:`targets` read from ``row``, a space's piece counts as a list (a bot's working copy)."""
    if style == "assault":
        return _insurgent_targets(row, "taliban", False) + _insurgent_targets(row, "warlords", False)
    if style != "attack":
        raise ValueError(f"removal style must be one of {STYLES}, not {style!r}")
    out = []
    other = "warlords" if actor == "taliban" else "taliban"
    out += _insurgent_targets(row, other, True)
    gov = [c for c in (GOV_TROOPS, POLICE) if row[c]]
    out += gov
    if not gov and row[COALITION_TROOPS]:
        out.append(COALITION_TROOPS)
    if not (row[COALITION_TROOPS] + row[GOV_TROOPS] + row[POLICE]):
        out += [c for c in (GOV_BASE, COALITION_BASE) if row[c]]
    return sorted(out)


def assault_target_mask(pieces) -> np.ndarray:
    """:func:`assault_target_in` for every row of ``pieces`` (spaces x piece types) at once, as a
    boolean array: an Active Guerrilla of an Insurgent faction, or its Base where it has no
    Underground Guerrilla (then it has no Guerrilla at all, or an Active one counts already)."""
    out = np.zeros(len(pieces), dtype=bool)
    for f in ("taliban", "warlords"):
        out |= (pieces[:, ACTIVE_GUERRILLA[f]] > 0) | ((pieces[:, GUERRILLA[f]] == 0) & (pieces[:, BASE[f]] > 0))
    return out


def assault_target_in(row) -> bool:
    """bool(targets(..., "assault")) for a space's piece counts ``row``: an Active Guerrilla, or a
    Base of a faction with no Guerrillas there (the Taliban's, then the Warlords'; the columns are
    named once, not looked up per call: Air Strike asks this of nearly every space after each step)."""
    return bool(row[TALIBAN_G_ACTIVE] or (row[TALIBAN_G] == 0 and row[TALIBAN_BASE])
                or row[WARLORD_G_ACTIVE] or (row[WARLORD_G] == 0 and row[WARLORD_BASE]))


def remove_piece(s, sp, piece: int, actor: str, style: str) -> None:
    """Remove one piece: Coalition pieces hit by an Attack go to Casualties (3.3.3); a Taliban Base
    removed by a Government Assault adds 6 Aid (3.2.4)."""
    if style == "attack" and piece in (COALITION_TROOPS, COALITION_BASE):
        board.to_casualties(s, piece, sp)
    else:
        board.remove(s, piece, sp)
    if style == "assault" and actor == "government" and piece == TALIBAN_BASE:
        board.add_aid(s, 6)


def start_removal(game, actor: str, sp: int, count: int, style: str) -> None:
    """Push the removal of up to ``count`` pieces in ``sp`` (nothing is pushed if nothing can go)."""
    if count > 0 and targets(game.state, sp, actor, style):
        game.push({"kind": "adp_remove", "actor": actor, "space": sp, "left": count, "style": style})


def offered(s, frame) -> tuple[list[int], bool]:
    """(piece types offered, may stop). An Attack removes "up to" 2 and may stop at any time. An Assault
    must remove to its full strength (1.4.1 example: 3 Troops remove 3 Active pieces when the Insurgents
    have that many): it never stops early, whichever Insurgent faction's pieces the executor picks."""
    options = targets(s, frame["space"], frame["actor"], frame["style"])
    return options, frame["style"] == "attack"


@PROMPTS.register
class RemovePieces(Prompt):
    """Choose the next enemy piece to remove (or, for an Attack, stop)."""

    kind = "adp_remove"

    def legal(self, game, frame):
        pieces, may_stop = offered(game.state, frame)
        out = [game.piece_action(p) for p in pieces]
        if may_stop:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        verb = "up to" if frame["style"] == "attack" else ""
        return (f"{game.faction_name(frame['actor'])} {frame['style']} in {game.space_names[frame['space']]}: remove {verb} "
                f"{frame['left']} more enemy piece(s); choose the piece")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        piece = game.piece_of(action)
        remove_piece(s, frame["space"], piece, frame["actor"], frame["style"])
        frame["left"] -= 1
        if frame["left"] <= 0 or not targets(s, frame["space"], frame["actor"], frame["style"]):
            game.pop()

