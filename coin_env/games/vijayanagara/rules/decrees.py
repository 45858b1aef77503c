"""Decrees (4.0): Delhi Sultanate 4.2, Bahmani Kingdom 4.3, Vijayanagara Empire 4.4.

Implemented: Collect Tribute (4.2.1), Demand Obedience (4.2.3), Trade (4.3.1), Build (4.3.2,
4.4.2), Conspire (4.3.3), Tax (4.4.1), Compel (4.4.3). Not yet implemented (not in the vocabulary,
never offered): Campaign (4.2.2).
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import AMIR, AMIR_REBEL, FORT, GOVERNOR, RAJA, RAJA_REBEL, TEMPLE, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import IS_PROVINCE, N_SPACES, PROVINCES
from .common import Decree, InstantDecree, drop_frame, gain_cavalry

MODES = [("compel_place", "Compel: place a Raja")]


class CollectTribute(InstantDecree):
    """4.2.1: gain half the Prosperity of the Tributary Provinces (rounded down) in Resources, and 2
    Cavalry."""

    key = name = "collect_tribute"
    faction = "ds"

    def effect(self, game):
        s = game.state
        board.add_resources(s, "ds", board.prosperity_of(s, tributary=True) // 2)
        gain_cavalry(game, "ds", 2)


class Trade(InstantDecree):
    """4.3.1 / 1.9.1: gain 1 Resource per Province holding a Bahmani piece, and Cavalry: 1 at
    Influence 0, 2 at Influence 1-2, 3 at Influence 3-4."""

    key = name = "trade"
    faction = "bk"

    def effect(self, game):
        s = game.state
        n = sum(1 for sp in PROVINCES if board.count(s, sp, "bk"))
        board.add_resources(s, "bk", n)
        infl = s.influence["bk"]
        gain_cavalry(game, "bk", 1 if infl == 0 else 2 if infl <= 2 else 3)


class Tax(InstantDecree):
    """4.4.1: gain the Prosperity of the Provinces Vijayanagara Controls plus 1 per Temple on the map."""

    key = name = "tax"
    faction = "ve"

    def effect(self, game):
        s = game.state
        board.add_resources(s, "ve", board.prosperity_of(s, "ve") + board.structures_on_map(s, TEMPLE))


class Build(Decree):
    """4.3.2 / 4.4.2: place the faction's Structure in one Province holding one of its Units (1.4.4:
    at most one per Province)."""

    structure = FORT
    units = (AMIR, AMIR_REBEL)

    def max_spaces(self, game):
        return 1

    def decree_space_test(self, game):
        s = game.state
        if board.available(s, self.structure) == 0:
            return None
        return lambda sp: (sp < N_SPACES and bool(IS_PROVINCE[sp]) and not s.pieces[sp, self.structure]
                           and any(s.pieces[sp, u] for u in self.units))

    def select(self, game, sp):
        board.place(game.state, sp, self.structure)


class BahmaniBuild(Build):
    key = name = "build"
    faction = "bk"


class VijayanagaraBuild(Build):
    key = name = "build"
    faction = "ve"
    structure = TEMPLE
    units = (RAJA, RAJA_REBEL)


ACTIVITIES = [CollectTribute, Trade, Tax, BahmaniBuild, VijayanagaraBuild]


class DemandObedience(Decree):
    """4.2.3: in any Provinces the Delhi Sultanate Controls that hold a Governor: a Tributary marker
    replaces its Control (Rebelling Units there turn Obedient, 1.6) and Delhi gains the Prosperity of
    those Provinces in Resources."""

    key = name = "demand_obedience"
    faction = "ds"

    def decree_space_test(self, game):
        s = game.state
        return lambda sp: (sp < N_SPACES and bool(IS_PROVINCE[sp]) and bool(s.pieces[sp, GOVERNOR])
                           and board.controller(s, sp) == "ds")

    def select(self, game, sp):
        s = game.state
        board.set_tributary(s, sp, True)
        board.add_resources(s, "ds", s.data.prosperity_list[sp])


class Conspire(Decree):
    """4.3.3 / 1.9.1: in up to two Provinces holding a Bahmani piece, replace a Governor with an
    Amir (Obedient or Rebelling, the Bahmani choice). At Influence 2+ also Rajas, and in Provinces
    adjacent to a Bahmani piece too; a Rebelling Raja becomes a Rebelling Amir. With no Amir
    Available the target is only removed (1.4.6)."""

    key = name = "conspire"
    faction = "bk"

    def max_spaces(self, game):
        return 2

    @staticmethod
    def influential(s) -> bool:
        return s.influence["bk"] >= 2

    def targets(self, s, sp) -> list[int]:
        kinds = (GOVERNOR, RAJA, RAJA_REBEL) if self.influential(s) else (GOVERNOR,)
        return [p for p in kinds if s.pieces[sp, p]]

    def decree_space_test(self, game):
        s = game.state
        near = self.influential(s)

        def ok(sp):
            if sp >= N_SPACES or not IS_PROVINCE[sp] or not self.targets(s, sp):
                return False
            if board.count(s, sp, "bk"):
                return True
            return near and any(IS_PROVINCE[o] and board.count(s, o, "bk") for o in s.data.neighbors[sp])
        return ok

    def select(self, game, sp):
        s = game.state
        kinds = self.targets(s, sp)
        if len(kinds) == 1:
            conspire_target(game, sp, kinds[0])
        else:
            game.choose("bk", f"Conspire in {game.space_names[sp]}: replace which piece",
                        [game.piece_action(p) for p in kinds], "vj_conspire_target", space=sp)


@CONTINUATIONS.register
def vj_conspire_target(game, frame, action):
    conspire_target(game, frame["space"], game.piece_of(action))


def conspire_target(game, sp: int, piece: int) -> None:
    s = game.state
    board.remove(s, sp, piece)
    if board.available(s, AMIR) == 0:
        return
    if piece == RAJA_REBEL:
        _place_amir(s, sp, rebelling=True)
    else:
        game.choose("bk", "Conspire: the Amir is placed", [game.piece_action(AMIR), game.piece_action(AMIR_REBEL)],
                    "vj_conspire_amir", space=sp)


@CONTINUATIONS.register
def vj_conspire_amir(game, frame, action):
    _place_amir(game.state, frame["space"], rebelling=game.piece_of(action) == AMIR_REBEL)


def _place_amir(s, sp: int, rebelling: bool) -> None:
    board.place(s, sp, AMIR)
    if rebelling and s.pieces[sp, AMIR]:
        board.flip(s, sp, AMIR, AMIR_REBEL, 1)


class Compel(Decree):
    """4.4.3 / 1.9.2: in one Province holding or adjacent to a Vijayanagara piece: place up to 2
    Rajas, or move in up to 2 from ONE adjacent Province, or place 1 and move 1 (placed Rajas Obedient
    unless Vijayanagara Controls the Province, 1.4.5; moved Rajas keep their orientation, turning
    Obedient in a Tributary Province: a reading of an open point, digest §6.3.7). At Influence 2+:
    also gain 1 Cavalry and remove up to one Troop, Governor or Amir there; if a Sultanate Unit was
    removed, the Rajas just placed or moved turn Rebelling."""

    key = name = "compel"
    faction = "ve"

    def max_spaces(self, game):
        return 1

    def decree_space_test(self, game):
        s = game.state

        def ok(sp):
            if sp >= N_SPACES or not IS_PROVINCE[sp]:
                return False
            here = board.count(s, sp, "ve") > 0
            near = any(IS_PROVINCE[o] and board.count(s, o, "ve") for o in s.data.neighbors[sp])
            return here or near
        return ok

    def select(self, game, sp):
        game.push({"kind": "vj_compel", "actor": "ve", "space": sp, "placed": 0, "moved": 0, "from": None,
                   "new": [], "step": "rajas"})
        if not compel_options(game, game.state.frames[-1]):
            compel_rajas_done(game, game.state.frames[-1])


def compel_sources(game, frame) -> list[int]:
    s = game.state
    if frame["from"] is not None:
        srcs = [frame["from"]]
    else:
        srcs = [o for o in s.data.neighbors[frame["space"]] if IS_PROVINCE[o]]
    return [o for o in srcs if s.pieces[o, RAJA] or s.pieces[o, RAJA_REBEL]]


def compel_options(game, frame) -> list[int]:
    s = game.state
    if frame["step"] == "rajas":
        if frame["placed"] + frame["moved"] >= 2:
            return []
        out = [game.mode("compel_place")] if board.available(s, RAJA) else []
        return out + [game.space_action(o) for o in compel_sources(game, frame)]
    sp = frame["space"]
    return [game.piece_action(p) for p in (TROOP, GOVERNOR, AMIR, AMIR_REBEL) if s.pieces[sp, p]]


def compel_rajas_done(game, frame) -> None:
    s = game.state
    if s.influence["ve"] >= 2:
        gain_cavalry(game, "ve", 1)
        frame["step"] = "remove"
        if compel_options(game, frame):
            return
    drop_frame(game, frame)


def compel_added(game, frame) -> None:
    frame["new"].append(1)
    if not compel_options(game, frame):
        compel_rajas_done(game, frame)


def compel_move(game, frame, src: int, piece: int) -> None:
    """Move one Raja in; it keeps its orientation, Obedient in a Tributary Province (1.6 reading),
    Rebelling where Vijayanagara Controls (1.4.5)."""
    s = game.state
    sp = frame["space"]
    board.move(s, src, sp, piece)
    if piece == RAJA_REBEL and board.is_tributary(s, sp):
        board.flip(s, sp, RAJA_REBEL, RAJA, 1)
    frame["moved"] += 1
    compel_added(game, frame)


@CONTINUATIONS.register
def vj_compel_raja(game, frame, action):
    compel_move(game, game.state.frames[-1], frame["src"], game.piece_of(action))


@PROMPTS.register
class CompelPrompt(Prompt):
    kind = "vj_compel"

    def legal(self, game, frame):
        return compel_options(game, frame) + [game.DONE]

    def describe(self, game, frame):
        where = game.space_names[frame["space"]]
        if frame["step"] == "rajas":
            return f"Compel in {where}: place a Raja, move one in from an adjacent Province, or done"
        return f"Compel in {where}: remove a Troop, Governor or Amir, or done"

    def apply(self, game, frame, action):
        s = game.state
        sp = frame["space"]
        if frame["step"] == "rajas":
            if action == game.DONE:
                compel_rajas_done(game, frame)
                return
            if action == game.mode("compel_place"):
                board.place(s, sp, RAJA)
                frame["placed"] += 1
            else:
                src = game.space_of(action)
                frame["from"] = src
                if s.pieces[src, RAJA] and s.pieces[src, RAJA_REBEL]:
                    game.choose("ve", f"Compel: move which Raja from {game.space_names[src]}",
                                [game.piece_action(RAJA), game.piece_action(RAJA_REBEL)], "vj_compel_raja", src=src)
                    return
                compel_move(game, frame, src, RAJA_REBEL if s.pieces[src, RAJA_REBEL] else RAJA)
                return
            compel_added(game, frame)
            return
        game.pop()
        if action == game.DONE:
            return
        piece = game.piece_of(action)
        board.remove(s, sp, piece)
        if piece in (TROOP, GOVERNOR):
            board.flip(s, sp, RAJA, RAJA_REBEL, min(len(frame["new"]), int(s.pieces[sp, RAJA])))


ACTIVITIES += [DemandObedience, Conspire, Compel]
