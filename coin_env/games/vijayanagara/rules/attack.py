"""The Attack Commands: Delhi Sultanate 3.2.4, Bahmani Kingdom 3.3.4, Vijayanagara Empire 3.4.4.

Per selected space (1 Resource): choose the defender; the Delhi Sultanate may only target a faction
with a Rebelling Unit there (Mongols always are) or a lone Structure, and turns all that faction's
Units there Rebelling first; the Bahmani Kingdom and Vijayanagara target any faction with a piece in
the Province. The attacker's Units in the space attack, except those already involved in an attack
this Command (3.1.2); supporters may join from ONE adjacent space holding the attacker's Structure:
up to 2 Troops / Governors from a Qasbah space, up to 2 Amirs from a Fort Province, 1 Raja from a
Temple Province (they stay where they are and may be casualties). Then the battle (battle.py).

Pruned: an Attack in which no Unit of the attacker could take part (the rules do not forbid it, but
it can score no hit and only loses pieces) is not offered.
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import (AMIR, AMIR_REBEL, FORT, GOVERNOR, MONGOL, PIECES_OF, QASBAH, RAJA, RAJA_REBEL,
                           REBEL_OF, STRUCTURES, TEMPLE, TROOP, UNITS_OF)
from ..registry import CONTINUATIONS, PROMPTS
from ..static import IS_PROVINCE
from .battle import start_battle
from .common import Command, can_pay, mark_used, pay, unused

MODES = [("attack_mongols", "Attack: the Mongol Invaders")]
ALL = ("ds", "bk", "ve", "mi")


class Attack(Command):
    key = name = "attack"
    structure = QASBAH
    support_units = (TROOP, GOVERNOR)
    support_max = 2

    def defenders(self, s, sp: int) -> list[str]:
        return [f for f in ALL if f != self.faction and board.count(s, sp, f) if f != "mi"] + \
            (["mi"] if s.pieces[sp, MONGOL] else [])

    def in_space(self, game, sp: int) -> int:
        return sum(unused(game, sp, p) for p in UNITS_OF[self.faction])

    def support_spaces(self, game, sp: int) -> list[int]:
        s = game.state
        return [o for o in s.data.neighbors[sp] if s.pieces[o, self.structure]
                and any(unused(game, o, p) for p in self.support_units)]

    def location_ok(self, sp: int) -> bool:
        return bool(IS_PROVINCE[sp])

    def space_test(self, game):
        s = game.state
        if not can_pay(game, self.faction):
            return None
        return lambda sp: (self.location_ok(sp) and bool(self.defenders(s, sp))
                           and (self.in_space(game, sp) > 0 or bool(self.support_spaces(game, sp))))

    def select(self, game, sp):
        pay(game, self.faction)
        defs = self.defenders(game.state, sp)
        if len(defs) == 1:
            self.with_defender(game, sp, defs[0])
        else:
            game.choose(self.faction, f"Attack in {game.space_names[sp]}: which defender",
                        [defender_action(game, d) for d in defs], "vj_attack_defender", space=sp)

    def with_defender(self, game, sp: int, defender: str) -> None:
        game.push({"kind": "vj_attack_support", "actor": self.faction, "space": sp, "defender": defender,
                   "from": None, "picked": []})


class SultanateAttack(Attack):
    faction = "ds"

    def defenders(self, s, sp):
        """3.2.4: a faction with a Rebelling Unit there, or with a Structure and none of its Units."""
        out = []
        for f in ("bk", "ve"):
            units = UNITS_OF[f]
            if s.pieces[sp, REBEL_OF[units[0]]]:
                out.append(f)
            elif any(s.pieces[sp, p] for p in PIECES_OF[f] if p in STRUCTURES) and not any(s.pieces[sp, u] for u in units):
                out.append(f)
        if s.pieces[sp, MONGOL]:
            out.append("mi")
        return out

    def location_ok(self, sp):
        return True

    def with_defender(self, game, sp, defender):
        """3.2.4: all the defender's Units in the space become Rebelling."""
        s = game.state
        if defender in ("bk", "ve"):
            obedient = UNITS_OF[defender][0]
            board.flip(s, sp, obedient, REBEL_OF[obedient], int(s.pieces[sp, obedient]))
        super().with_defender(game, sp, defender)


class BahmaniAttack(Attack):
    faction = "bk"
    structure = FORT
    support_units = (AMIR, AMIR_REBEL)


class VijayanagaraAttack(Attack):
    faction = "ve"
    structure = TEMPLE
    support_units = (RAJA, RAJA_REBEL)
    support_max = 1


ATTACKS = {"ds": SultanateAttack, "bk": BahmaniAttack, "ve": VijayanagaraAttack}


def defender_action(game, f: str) -> int:
    return game.mode("attack_mongols") if f == "mi" else game.faction_action(f)


@CONTINUATIONS.register
def vj_attack_defender(game, frame, action):
    defender = "mi" if action == game.mode("attack_mongols") else game.faction_of(action)
    attack = game.activities[frame["actor"]][game.op_action("attack")]
    attack.with_defender(game, frame["space"], defender)


@PROMPTS.register
class AttackSupport(Prompt):
    """3.2.4 / 3.3.4 / 3.4.4: choose the space supporters come from (or none), then the supporters
    one by one; done launches the battle."""

    kind = "vj_attack_support"

    def _attack(self, game, frame):
        return game.activities[frame["actor"]][game.op_action("attack")]

    def _left(self, game, frame, attack) -> list[int]:
        src = frame["from"]
        picked = frame["picked"]
        if len(picked) >= attack.support_max:
            return []
        return [p for p in attack.support_units if unused(game, src, p) - picked.count(p) > 0]

    def legal(self, game, frame):
        attack = self._attack(game, frame)
        in_space = attack.in_space(game, frame["space"])
        if frame["from"] is None:
            out = [game.space_action(o) for o in attack.support_spaces(game, frame["space"])]
        else:
            out = [game.piece_action(p) for p in self._left(game, frame, attack)]
        if in_space + len(frame["picked"]) > 0:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        where = game.space_names[frame["space"]]
        if frame["from"] is None:
            return f"{game.faction_name(frame['actor'])} Attack in {where}: a space to bring supporters from, or done"
        return f"{game.faction_name(frame['actor'])} Attack in {where}: a supporting Unit from {game.space_names[frame['from']]}, or done"

    def apply(self, game, frame, action):
        attack = self._attack(game, frame)
        if action == game.DONE:
            game.pop()
            launch(game, attack, frame)
            return
        if frame["from"] is None:
            frame["from"] = game.space_of(action)
        else:
            frame["picked"].append(game.piece_of(action))
            if not self._left(game, frame, attack):
                game.pop()
                launch(game, attack, frame)


def launch(game, attack, frame) -> None:
    sp = frame["space"]
    n = attack.in_space(game, sp)
    for p in UNITS_OF[attack.faction]:
        mark_used(game, sp, p, unused(game, sp, p))
    support = None
    if frame["picked"]:
        for p in set(frame["picked"]):
            mark_used(game, frame["from"], p, frame["picked"].count(p))
        support = {"space": frame["from"], "pieces": list(frame["picked"])}
    start_battle(game, sp, attack.faction, frame["defender"], att_units=n + len(frame["picked"]), support=support)


ACTIVITIES = [SultanateAttack, BahmaniAttack, VijayanagaraAttack]
