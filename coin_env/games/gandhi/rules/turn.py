"""Effects around a faction's turn: passing (2.3.3), Gandhi's arrest (3.2.4) and Crisis (6.8)."""

from __future__ import annotations

from .. import board
from ..data.pieces import CONGRESS_ACTIVIST, ML_ACTIVIST, SEPOY, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import AVAILABLE, IS_LAND, N_SPACES, OUT_OF_PLAY
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = []

NV_ACTIVIST = {"congress": CONGRESS_ACTIVIST, "ml": ML_ACTIVIST}


# --- 2.3.3 Passing -----------------------------------------------------------------------------
def pass_effects(game, faction: str) -> None:
    """2.3.3: Raj +3 Resources, Revolutionaries +1; an NV faction may move one Activist
    (either NV faction's) from Out of Play to Available, Unity +1 if it is the other faction's.

    Non-players (8.1, 8.1.4): NP Raj and NP Revolutionaries gain nothing (they have no Resources);
    NP Congress / NP Muslim League move one of their own Activists from Out of Play to Available."""
    s = game.state
    if game.is_non_player(faction):
        own = NV_ACTIVIST.get(faction)
        if own is not None and s.pieces.item(OUT_OF_PLAY, own) > 0:
            move_activist_out_of_play(game, faction, own)
        return
    if faction == "raj":
        board.add_resources(s, "raj", 3)
    elif faction == "revs":
        board.add_resources(s, "revs", 1)
    else:
        options = [game.piece_action(p) for p in (CONGRESS_ACTIVIST, ML_ACTIVIST) if s.pieces.item(OUT_OF_PLAY, p) > 0]
        if options:
            game.choose(faction, "passing: move one Activist from Out of Play to Available, or done",
                        options + [game.DONE], "turn_pass_activist")


def move_activist_out_of_play(game, faction: str, piece: int) -> None:
    """Out of Play -> Available; Unity +1 if the Activist is the other NV faction's (2.3.3, 3.3.1, 6.7).
    Shared by passing, NV Rally and Events."""
    s = game.state
    board.move(s, piece, OUT_OF_PLAY, AVAILABLE)
    if piece != NV_ACTIVIST[faction]:
        board.shift_unity(s, +1)


@CONTINUATIONS.register
def turn_pass_activist(game, frame, action):
    if action == game.DONE:
        return
    move_activist_out_of_play(game, frame["actor"], game.piece_of(action))


# --- end of a faction's turn ------------------------------------------------------------------------
def end_of_turn(game, faction: str) -> None:
    """Push the effects that wait for the end of the turn, in rule order."""
    s = game.state
    flags = s.turn["flags"]
    arrested = flags.get("gandhi_arrested_by_raj")
    if arrested:
        board.shift_restraint(s, -1)          # 3.2.4: first Restraint -1 ...
    if flags.get("crisis_triggered"):
        game.push({"kind": "g_crisis_cubes", "actor": "raj", "left": s.rng.die(6, "Crisis: Troops and Sepoys returning from Out of Play")})
    if arrested:                              # ... then up to two Protests (decided before Crisis cubes)
        game.push({"kind": "g_gandhi_arrest_protests", "actor": "congress", "placed": 0})


@PROMPTS.register
class GandhiArrestProtests(Prompt):
    """3.2.4: if Raj arrested Gandhi during its Op or SA, at the end of the Raj turn shift
    Restraint -1, then Congress may place up to two Available Protests in non-railway spaces
    without one. Protests are Available as for Operations (1.10), after the Restraint shift."""

    kind = "g_gandhi_arrest_protests"

    def _targets(self, game):
        s = game.state
        if board.protests_available_for_ops(s) == 0:
            return []
        return [sp for sp in range(N_SPACES) if IS_LAND[sp] and not s.protest.item(sp)]

    def legal(self, game, frame):
        if frame["placed"] >= 2:
            return [game.DONE]
        return [game.space_action(sp) for sp in self._targets(game)] + [game.DONE]

    def describe(self, game, frame):
        return "Gandhi was arrested: Congress may place up to two Protests (select spaces), or done"

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        board.place_protest(game.state, game.space_of(action))
        frame["placed"] += 1


@PROMPTS.register
class CrisisCubes(Prompt):
    """6.8: a Crisis triggered during a turn lets the Raj, at the end of that turn, move up to a
    die roll of cubes from Out of Play to any spaces (never Troops into States)."""

    kind = "g_crisis_cubes"

    def legal(self, game, frame):
        s = game.state
        out = []
        if frame["left"] > 0:
            for piece in (TROOP, SEPOY):
                if s.pieces.item(OUT_OF_PLAY, piece) > 0:
                    out.append(game.piece_action(piece))
        return out + [game.DONE]

    def describe(self, game, frame):
        return f"Crisis: Raj may move up to {frame['left']} cubes from Out of Play (choose a cube type), or done"

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            return
        piece = game.piece_of(action)
        s = game.state
        targets = [sp for sp in range(N_SPACES) if not (piece == TROOP and board.is_state(s, sp))]
        game.choose("raj", "Crisis: choose the space for this cube", [game.space_action(sp) for sp in targets],
                    "turn_crisis_cube", piece=piece)


@CONTINUATIONS.register
def turn_crisis_cube(game, frame, action):
    s = game.state
    board.move(s, frame["piece"], OUT_OF_PLAY, game.space_of(action))
    top = game.top()
    top["left"] -= 1
