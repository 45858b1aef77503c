"""3.2 Raj Operations and 4.2 Raj Special Activities. (Interim: Deploy only; the rest follows.)"""

from __future__ import annotations

from .. import board
from ..data.pieces import SEPOY, TROOP
from ..registry import CONTINUATIONS
from ..static import AVAILABLE, CITIES, OUT_OF_PLAY
from ....coin.operations import Activity

MODES: list[tuple[str, str]] = []


def sepoy_cost(game, op: str) -> int:
    """Cost of using Sepoys in one space: Restraint (3.2), or 1 under the matching Viceroy (2.5)."""
    return game.state.restraint


class Deploy(Activity):
    """3.2.1 Deploy: in selected Cities place up to six cubes; Restraint per City where Sepoys
    are placed. Afterwards the Raj may move up to two cubes from Out of Play to Available."""

    key = name = "deploy"
    faction = "raj"

    def candidate_spaces(self, game):
        return CITIES

    def can_select(self, game, sp):
        s = game.state
        return board.available(s, TROOP) > 0 or (board.available(s, SEPOY) > 0 and
                                                 s.resources["raj"] >= sepoy_cost(game, "deploy"))

    def select(self, game, sp):
        s = game.state
        troops = min(6, board.available(s, TROOP))
        game.choose("raj", f"Deploy in {game.space_names[sp]}: how many Troops",
                    game.count_actions(0, troops), "raj_deploy_troops", space=sp)

    def finish(self, game):
        s = game.state
        if s.pieces[OUT_OF_PLAY, TROOP] + s.pieces[OUT_OF_PLAY, SEPOY] > 0:
            game.push({"kind": "choose", "actor": "raj", "ask": "Deploy: move a cube from Out of Play to Available, or done",
                       "options": _oop_options(game), "then": "raj_deploy_oop", "left": 2})


def _oop_options(game):
    s = game.state
    return [game.piece_action(p) for p in (TROOP, SEPOY) if s.pieces[OUT_OF_PLAY, p] > 0] + [game.DONE]


@CONTINUATIONS.register
def raj_deploy_troops(game, frame, action):
    s = game.state
    sp = frame["space"]
    n = game.count_of(action)
    board.place(s, TROOP, sp, n)
    room = 6 - n
    sepoys = min(room, board.available(s, SEPOY))
    if s.resources["raj"] < sepoy_cost(game, "deploy"):
        sepoys = 0
    game.choose("raj", f"Deploy in {game.space_names[sp]}: how many Sepoys",
                game.count_actions(0 if n else 1, sepoys) if sepoys else game.count_actions(0, 0),
                "raj_deploy_sepoys", space=sp)


@CONTINUATIONS.register
def raj_deploy_sepoys(game, frame, action):
    s = game.state
    n = game.count_of(action)
    if n:
        board.add_resources(s, "raj", -sepoy_cost(game, "deploy"))
        board.place(s, SEPOY, frame["space"], n)


@CONTINUATIONS.register
def raj_deploy_oop(game, frame, action):
    if action == game.DONE:
        return
    s = game.state
    board.move(s, game.piece_of(action), OUT_OF_PLAY, AVAILABLE)
    if frame["left"] > 1 and s.pieces[OUT_OF_PLAY, TROOP] + s.pieces[OUT_OF_PLAY, SEPOY] > 0:
        game.choose("raj", frame["ask"], _oop_options(game), "raj_deploy_oop", left=frame["left"] - 1)


ACTIVITIES = [Deploy]
