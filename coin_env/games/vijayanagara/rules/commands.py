"""Commands (3.0): Delhi Sultanate 3.2, Bahmani Kingdom 3.3, Vijayanagara Empire 3.4.

Implemented: Conscript (3.2.1), Rally (3.3.1, 3.4.1), Rebel (3.3.3, 3.4.3). Not yet implemented
(so not in the vocabulary, never offered): March (3.2.2), Govern (3.2.3), the Attacks (3.2.4,
3.3.4, 3.4.4), Migrate (3.3.2, 3.4.2).
"""

from __future__ import annotations

from .. import board
from ..data.pieces import AMIR, QASBAH, RAJA, TEMPLE, TROOP
from ..registry import CONTINUATIONS
from ..static import BK_HOME, DELHI, IS_PROVINCE, VE_HOME
from .common import Command, can_pay, pay

MODES: list[tuple[str, str]] = []


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
    without one (Maharashtra / Karnataka), 1 Resource each: place 1 Unit, +1 in the home Province,
    +1 where the faction has Control; Vijayanagara +1 more where a Temple stands. Units placed where
    the faction Controls are Rebelling (1.4.5), otherwise Obedient (1.4.6)."""

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
        board.place(s, sp, self.unit, self.how_many(s, sp))


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
