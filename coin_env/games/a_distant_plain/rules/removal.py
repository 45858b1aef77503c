"""Removing enemy pieces one at a time under the rulebook's order constraints.

Styles:

* ``"assault"`` (3.2.4; Air Strike 4.2.3 uses the same order): the targets are the Insurgents. A
  faction's Underground Guerrillas protect all its pieces there; otherwise its Active Guerrillas go
  first and its Bases only once it has no Guerrillas there ("Bases last"). Removal is compulsory up
  to the count (1.4.1: once targeted, to the full extent). Each Taliban Base removed by a *Government*
  Assault adds 6 Aid (3.2.4).
* ``"attack"`` (3.3.3, also Ambush 4.4.3): any enemy pieces, Underground Guerrillas included, "up to"
  the count (the attacker may stop). An Insurgent faction's Bases go only once it has no Guerrillas
  there; COIN Bases only once no COIN cubes (either faction) are there; Government cubes before
  Coalition cubes. Coalition pieces removed go to the Casualties box.

The piece chosen is a piece type of the vocabulary ("Police", "Warlord Base", ...): every type belongs
to one faction, so choosing the type chooses the faction too (1.4.1 the executor picks targets).
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, BASE, COALITION_BASE, COALITION_TROOPS, GOV_BASE, GOV_TROOPS, GUERRILLA,
                           POLICE, TALIBAN_BASE)
from ..registry import PROMPTS

MODES: list[tuple[str, str]] = []
STYLES = ("assault", "attack")


def _insurgent_targets(s, sp, f, underground_protects: bool) -> list[int]:
    if board.underground(s, sp, f) and underground_protects:
        return []
    out = []
    if board.active_guerrillas(s, sp, f):
        out.append(ACTIVE_GUERRILLA[f])
    if not underground_protects and board.underground(s, sp, f):
        out.append(GUERRILLA[f])
    if not out and board.bases(s, sp, f):
        out.append(BASE[f])
    return out


def targets(s, sp, actor: str, style: str) -> list[int]:
    """Piece types that may be removed next (by column)."""
    if style == "assault":
        return _insurgent_targets(s, sp, "taliban", True) + _insurgent_targets(s, sp, "warlords", True)
    if style != "attack":
        raise ValueError(f"removal style must be one of {STYLES}, not {style!r}")
    out = []
    other = "warlords" if actor == "taliban" else "taliban"
    out += _insurgent_targets(s, sp, other, False)
    gov = [c for c in (GOV_TROOPS, POLICE) if s.pieces[sp, c]]
    out += gov
    if not gov and s.pieces[sp, COALITION_TROOPS]:
        out.append(COALITION_TROOPS)
    if not board.coin_cubes(s, sp):
        out += [c for c in (GOV_BASE, COALITION_BASE) if s.pieces[sp, c]]
    return sorted(out)


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


@PROMPTS.register
class RemovePieces(Prompt):
    """Choose the next enemy piece to remove (or, for an Attack, stop)."""

    kind = "adp_remove"

    def legal(self, game, frame):
        out = [game.piece_action(p) for p in targets(game.state, frame["space"], frame["actor"], frame["style"])]
        if frame["style"] == "attack":
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        verb = "up to" if frame["style"] == "attack" else ""
        return (f"{frame['actor']} {frame['style']} in {game.space_names[frame['space']]}: remove {verb} "
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

