"""Commands (3.0): Delhi Sultanate 3.2, Bahmani Kingdom 3.3, Vijayanagara Empire 3.4.

Here: Conscript (3.2.1), Govern (3.2.3), Rally (3.3.1, 3.4.1), Rebel (3.3.3, 3.4.3). March and
Migrate are in movement.py, the Attacks in attack.py.
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import AMIR, GOVERNOR, QASBAH, RAJA, TEMPLE, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import BK_HOME, DELHI, IS_PROVINCE, VE_HOME
from .common import Command, can_pay, pay

MODES = [("govern_place", "Govern: place a Governor"), ("govern_rule", "Govern: use the Governor there"),
         ("govern_qasbah", "Govern: place a Qasbah")]


class Conscript(Command):
    """3.2.1: in Tributary Provinces, spaces with a Qasbah and/or Delhi (1 Resource each), place up to
    5 Troops in Delhi, up to 2 where a Qasbah stands, else 1."""

    key = name = "conscript"
    faction = "ds"

    def space_test(self, game):
        s = game.state
        if not can_pay(game, "ds") or board.available(s, TROOP) == 0:
            return None
        return lambda sp: sp == DELHI or bool(s.pieces[sp, QASBAH]) or board.is_tributary(s, sp)

    @staticmethod
    def cap(s, sp: int) -> int:
        return 5 if sp == DELHI else 2 if s.pieces[sp, QASBAH] else 1

    def select(self, game, sp):
        s = game.state
        pay(game, "ds")
        most = min(self.cap(s, sp), board.available(s, TROOP))
        if most == 1:
            board.place(s, sp, TROOP, 1)
        else:
            game.choose("ds", f"Conscript: Troops to place in {game.space_names[sp]}",
                        game.count_actions(1, most), "vj_conscript_count", space=sp)


@CONTINUATIONS.register
def vj_conscript_count(game, frame, action):
    board.place(game.state, frame["space"], TROOP, game.count_of(action))


class Rally(Command):
    """3.3.1 / 3.4.1: in Provinces holding one of the faction's pieces, and its home Province even
    without one (Maharashtra / Karnataka), 1 Resource each: place 1 Unit, plus up to 1 more in the
    home Province, up to 1 more where the faction has Control; Vijayanagara up to 1 more where a
    Temple stands (the faction picks how many of these extras it takes: 1 to the total). Units placed
    where the faction Controls are Rebelling (1.4.5), otherwise Obedient (1.4.6)."""

    key = name = "rally"
    unit = AMIR
    home = BK_HOME

    def space_test(self, game):
        s = game.state
        f = self.faction
        if not can_pay(game, f) or board.available(s, self.unit) == 0:
            return None
        return lambda sp: bool(IS_PROVINCE[sp]) and (sp == self.home or board.count(s, sp, f) > 0)

    def how_many(self, s, sp: int) -> int:
        return 1 + (sp == self.home) + (board.controller(s, sp) == self.faction)

    def select(self, game, sp):
        s = game.state
        pay(game, self.faction)
        most = min(self.how_many(s, sp), board.available(s, self.unit))
        if most == 1:
            board.place(s, sp, self.unit, 1)
        else:
            game.choose(self.faction, f"Rally: Units to place in {game.space_names[sp]}",
                        game.count_actions(1, most), "vj_rally_count", space=sp, unit=self.unit)


@CONTINUATIONS.register
def vj_rally_count(game, frame, action):
    board.place(game.state, frame["space"], frame["unit"], game.count_of(action))


class BahmaniRally(Rally):
    faction = "bk"


class VijayanagaraRally(Rally):
    faction = "ve"
    unit = RAJA
    home = VE_HOME

    def how_many(self, s, sp):
        return super().how_many(s, sp) + bool(s.pieces[sp, TEMPLE])


class Rebel(Command):
    """3.3.3 / 3.4.3 (2.7: Tughlaq Dynasty only): in Tributary Provinces where the faction's pieces
    outnumber all opposing pieces, 1 Resource each: remove the Tributary marker; the faction
    Controls the Province and its Units there turn Rebelling (1.7, 1.4.5)."""

    key = name = "rebel"

    def permitted(self, game):
        return game.state.dynasty == "Tughlaq"           # 2.7.1 / 2.7.2

    def space_test(self, game):
        s = game.state
        if s.dynasty != "Tughlaq" or not can_pay(game, self.faction):
            return None
        return lambda sp: board.is_tributary(s, sp) and board.outnumbers(s, sp, self.faction)

    def select(self, game, sp):
        pay(game, self.faction)
        board.set_tributary(game.state, sp, False)


class BahmaniRebel(Rebel):
    faction = "bk"


class VijayanagaraRebel(Rebel):
    faction = "ve"


ACTIVITIES = [Conscript, BahmaniRally, VijayanagaraRally, BahmaniRebel, VijayanagaraRebel]


class Govern(Command):
    """3.2.3: in Tributary Provinces, Provinces the Delhi Sultanate Controls, the Mongol Invasion
    Regions and Delhi (1 Resource each): place a Governor, OR where a Governor already is, remove up
    to 2 Obedient Units (Amirs / Rajas) and/or place a Qasbah (1.4.4: one per space). Reading of an
    open point (digest §6.1.3): a Qasbah may go in Delhi or a Mongol Invasion Region."""

    key = name = "govern"
    faction = "ds"

    def location_ok(self, s, sp: int) -> bool:
        return not IS_PROVINCE[sp] or board.is_tributary(s, sp) or board.controller(s, sp) == "ds"

    @staticmethod
    def can_rule(s, sp: int) -> bool:
        return bool(s.pieces[sp, GOVERNOR]) and (bool(s.pieces[sp, AMIR] or s.pieces[sp, RAJA])
                                                  or board.can_build(s, sp, QASBAH))

    def space_test(self, game):
        s = game.state
        if not can_pay(game, "ds"):
            return None
        gov = board.available(s, GOVERNOR) > 0
        return lambda sp: self.location_ok(s, sp) and (gov or self.can_rule(s, sp))

    def select(self, game, sp):
        s = game.state
        pay(game, "ds")
        place, rule = board.available(s, GOVERNOR) > 0, self.can_rule(s, sp)
        if place and rule:
            game.choose("ds", f"Govern in {game.space_names[sp]}", [game.mode("govern_place"), game.mode("govern_rule")],
                        "vj_govern_mode", space=sp)
        elif place:
            board.place(s, sp, GOVERNOR)
        else:
            game.push({"kind": "vj_govern", "actor": "ds", "space": sp, "removed": 0})


@CONTINUATIONS.register
def vj_govern_mode(game, frame, action):
    sp = frame["space"]
    if action == game.mode("govern_place"):
        board.place(game.state, sp, GOVERNOR)
    else:
        game.push({"kind": "vj_govern", "actor": "ds", "space": sp, "removed": 0})


@PROMPTS.register
class GovernRule(Prompt):
    """3.2.3 with a Governor present: remove Obedient Units (up to 2), place a Qasbah, or done."""

    kind = "vj_govern"

    def legal(self, game, frame):
        s = game.state
        sp = frame["space"]
        out = []
        if frame["removed"] < 2:
            out += [game.piece_action(p) for p in (AMIR, RAJA) if s.pieces[sp, p]]
        if board.can_build(s, sp, QASBAH):
            out.append(game.mode("govern_qasbah"))
        return out + [game.DONE]

    def describe(self, game, frame):
        return f"Govern in {game.space_names[frame['space']]}: remove an Obedient Unit, place a Qasbah, or done"

    def apply(self, game, frame, action):
        s = game.state
        sp = frame["space"]
        if action == game.DONE:
            game.pop()
        elif action == game.mode("govern_qasbah"):
            board.place(s, sp, QASBAH)
        else:
            board.remove(s, sp, game.piece_of(action))
            frame["removed"] += 1
        if s.frames and s.frames[-1] is frame and self.legal(game, frame) == [game.DONE]:
            game.pop()


ACTIVITIES.append(Govern)
