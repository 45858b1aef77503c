"""Removing adversary pieces from one space, piece by piece (1.4.4 and each procedure's limits).

Shared by Assault (3.2.4), Treaty (4.2.1), Govern (4.2.2), Martial Law (4.2.3), Attack (3.4.3),
Persuade (4.3.3 / 4.4.3) and Assassinate (4.5.3). Each step the executing faction picks one
piece type among the legal targets; the procedure's *style* decides what is legal:

* Bases last (3.2.4, 4.2.1, 4.2.2, 3.4.3, 4.3.3, 4.4.3): an ML Base only once no Activists of either
  NV faction remain in the space; a Rev Base only once no Guerrillas remain.
* Troops last (3.4.3 "Sepoys before Troops", 4.3.3 "no Troop while Sepoys remain").
* Targeting (1.4.4): once a faction is targeted, its pieces are removed to the extent of the
  executor's ability, so "done" is offered only when no targeted faction has a removable piece
  left (or the removal is an "up to" one). Raj targets Congress and ML as one NV faction during
  Assault and Treaty (1.4.4); Gandhi need not be arrested unless 1.4.4 forces it.
* Where pieces go (5.1.3): Raj Assault / Treaty / Govern arrest Gandhi and Activists to Jail;
  every other removal goes to Available.

Frame: ``{"kind": "g_remove", "actor", "space", "left", "style", "targeted": [...], "removed": {...}}``.
The removal ends when ``left`` reaches 0, nothing removable remains, or the actor says done.
"""

from __future__ import annotations

from types import MappingProxyType

from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE,
                           PIECE_OWNER, REV_BASE, SEPOY, TROOP)
from ..registry import PROMPTS
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = []

# style -> (may stop early ("up to"), arrest NV to Jail, NV as one faction, Gandhi allowed,
#           only Activists, troops last)
STYLES = {
    "assault": dict(up_to=False, jail=True, nv_one=True, gandhi=True, activists_only=False, troops_last=False),
    "treaty": dict(up_to=False, jail=True, nv_one=True, gandhi=True, activists_only=False, troops_last=False),
    "govern": dict(up_to=False, jail=True, nv_one=False, gandhi=True, activists_only=False, troops_last=False),
    "martial_law": dict(up_to=False, jail=False, nv_one=False, gandhi=False, activists_only=True, troops_last=False),
    "attack": dict(up_to=True, jail=False, nv_one=False, gandhi=False, activists_only=False, troops_last=True),
    "persuade": dict(up_to=False, jail=False, nv_one=False, gandhi=False, activists_only=False, troops_last=True),
    "assassinate": dict(up_to=False, jail=False, nv_one=False, gandhi=False, activists_only=False,
                        troops_last=False, bases_any_time=True),
}


def _group(piece: int, nv_one: bool) -> str:
    owner = PIECE_OWNER[piece]
    if nv_one and owner in ("congress", "ml"):
        return "nv"
    return owner


# The order removable() lists piece types in, and for each style and actor the types it may ever
# target there (not the actor's own; Gandhi only where the style allows): static, read at import.
_REMOVAL_ORDER = (TROOP, SEPOY, CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ML_BASE, ACTIVE_GUERRILLA, REV_BASE)
_TARGETS = MappingProxyType({(style, actor): tuple(pc for pc in _REMOVAL_ORDER
                                                   if PIECE_OWNER[pc] != actor and (pc != GANDHI or st["gandhi"]))
                             for style, st in STYLES.items() for actor in set(PIECE_OWNER)})


def removable(s, sp: int, actor: str, style: str) -> list[int]:
    """Piece types the actor may remove next in this space under this style."""
    st = STYLES[style]
    p = s.pieces[sp].tolist()
    if st["activists_only"]:
        # 4.2.3 Martial Law: Activists, Active or not; never Guerrillas.
        return [pc for pc in (CONGRESS_ACTIVIST, ML_ACTIVIST) if p[pc] > 0 and PIECE_OWNER[pc] != actor]
    any_time = st.get("bases_any_time", False)
    out = []
    for pc in _TARGETS[style, actor]:
        if p[pc] <= 0:
            continue
        if pc == CONGRESS_ACTIVIST or pc == ML_ACTIVIST:
            if not board.activists_active(s, sp):
                continue
        elif pc == ML_BASE:
            if not any_time and (p[CONGRESS_ACTIVIST] + p[ML_ACTIVIST]) > 0:
                continue
        elif pc == REV_BASE:
            if not any_time and (p[GUERRILLA] + p[ACTIVE_GUERRILLA]) > 0:
                continue
        elif pc == TROOP and st["troops_last"] and p[SEPOY] > 0:
            continue
        out.append(pc)
    return out


def start_removal(game, actor: str, sp: int, count: int, style: str) -> None:
    """Push a removal of up to ``count`` pieces from space ``sp``."""
    if count <= 0:
        return
    game.push({"kind": "g_remove", "actor": actor, "space": sp, "left": count, "style": style,
               "targeted": [], "removed": {}})


def _must_continue(s, frame) -> bool:
    """1.4.4: a targeted faction's remaining removable pieces must be taken while removals remain."""
    st = STYLES[frame["style"]]
    if st["up_to"] or frame["left"] <= 0:
        return False
    for pc in removable(s, frame["space"], frame["actor"], frame["style"]):
        if _group(pc, st["nv_one"]) in frame["targeted"]:
            return True
    return False


@PROMPTS.register
class RemovePieces(Prompt):
    kind = "g_remove"

    def legal(self, game, frame):
        s = game.state
        if frame["left"] <= 0:
            return [game.DONE]
        out = [game.piece_action(pc) for pc in removable(s, frame["space"], frame["actor"], frame["style"])]
        if not out or not _must_continue(s, frame):
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        return (f"{game.faction_name(frame['actor'])} removes pieces in {game.space_names[frame['space']]} "
                f"({frame['left']} left): choose a piece, or done")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        pc = game.piece_of(action)
        sp = frame["space"]
        st = STYLES[frame["style"]]
        group = _group(pc, st["nv_one"])
        if group not in frame["targeted"]:
            frame["targeted"].append(group)
        owner = PIECE_OWNER[pc]
        frame["removed"][owner] = frame["removed"].get(owner, 0) + 1
        board.remove_or_arrest(s, pc, sp, 1, st["jail"])
        if st["jail"] and pc == GANDHI and frame["actor"] == "raj" and s.turn is not None:
            s.turn["flags"]["gandhi_arrested_by_raj"] = True     # 3.2.4 follow-up at turn end
        frame["left"] -= 1
        if frame["left"] <= 0 or not removable(s, sp, frame["actor"], frame["style"]):
            game.pop()
