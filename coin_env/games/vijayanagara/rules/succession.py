"""Succession cards (2.5), resolved in their printed order when drawn; eligibility is unchanged.

* 2.5.1 Zenith of the Delhi Sultanate: the Dynasty card turns to Tughlaq (2.7.2); the Bahmani
  Kingdom gains Cavalry equal to its Influence plus its Forts on the map; Vijayanagara gains
  Resources equal to its Influence plus its Temples on the map.
* 2.5.2 Rise of the Rebel Sultans: the Bahmani Kingdom, then Vijayanagara, may take a free Limited
  Command, then gain any mix of Resources and Cavalry totalling the Prosperity of the Provinces it
  Controls, at most 3.
* 2.5.3 Lords of the Deccan: the Delhi Sultanate, then the Bahmani Kingdom, then Vijayanagara may
  each pay 3 Resources per shift, up to three shifts, to move either Deccan Influence marker 1 box
  either way.
* The Delhi Sultanate's Campaign on Zenith and Rise uses only Delhi and Provinces (campaign.py).
"""

from __future__ import annotations

from ....coin.sequence import new_turn
from ....core.prompts import Prompt
from .. import board
from ..data.pieces import FORT, TEMPLE
from ..registry import CONTINUATIONS, PROMPTS
from .campaign import start_campaign
from .common import drop_frame, gain_cavalry, shift_influence

MODES = [("lords_bk_up", "Lords of the Deccan: Bahmani Influence +1"),
         ("lords_bk_down", "Lords of the Deccan: Bahmani Influence -1"),
         ("lords_ve_up", "Lords of the Deccan: Vijayanagara Influence +1"),
         ("lords_ve_down", "Lords of the Deccan: Vijayanagara Influence -1")]
LORDS_COST = 3
LORDS_SHIFTS = 3
RISE_CAP = 3


def zenith(game) -> None:
    """Steps 1, 3 and 4 at once, then the Campaign of step 2 (a Delhi Sultanate move changes
    neither Influence, Forts nor Temples, so the order of the results is the rule's)."""
    s = game.state
    s.dynasty = "Tughlaq"
    gain_cavalry(game, "bk", s.influence["bk"] + board.structures_on_map(s, FORT))
    board.add_resources(s, "ve", s.influence["ve"] + board.structures_on_map(s, TEMPLE))
    start_campaign(game, restricted=True)


def rise(game) -> None:
    for f in ("ve", "bk"):                      # pushed in reverse: the Bahmani Kingdom goes first
        game.push({"kind": "vj_rise", "actor": f, "step": 0})
    start_campaign(game, restricted=True)       # step 1: the Delhi Sultanate's Campaign


def lords(game) -> None:
    for f in ("ve", "bk", "ds"):
        game.push({"kind": "vj_lords", "actor": f, "left": LORDS_SHIFTS})


@PROMPTS.register
class Rise(Prompt):
    """Automatic driver of 2.5.2 for one faction: free Limited Command, then the reward."""

    kind = "vj_rise"
    auto = True

    def run(self, game, frame):
        s = game.state
        f = frame["actor"]
        if frame["step"] == 0:
            frame["step"] = 1
            s.turn = new_turn(f, "limited")
            s.turn["flags"]["free"] = True
            ops = game.available_operations(f, limited=True)
            if ops:
                game.choose(f, "Rise of the Rebel Sultans: a free Limited Command, or done", ops + [game.DONE],
                            "vj_rise_command")
        elif frame["step"] == 1:
            frame["step"] = 2
            s.turn = None
            n = min(RISE_CAP, board.prosperity_of(s, f))
            if n:
                game.choose(f, f"Rise of the Rebel Sultans: how many of {n} as Resources (the rest Cavalry)",
                            game.count_actions(0, n), "vj_rise_reward", total=n)
        else:
            game.pop()


@CONTINUATIONS.register
def vj_rise_command(game, frame, action):
    if action != game.DONE:
        from ....coin.operations import start_operation
        start_operation(game, action)


@CONTINUATIONS.register
def vj_rise_reward(game, frame, action):
    s = game.state
    res = game.count_of(action)
    board.add_resources(s, frame["actor"], res)
    gain_cavalry(game, frame["actor"], frame["total"] - res)


def lords_options(game, frame) -> list[int]:
    s = game.state
    if frame["left"] <= 0 or s.resources[frame["actor"]] < LORDS_COST:
        return []
    out = []
    for f in ("bk", "ve"):
        if s.influence[f] < 4:
            out.append(game.mode(f"lords_{f}_up"))
        if s.influence[f] > 0:
            out.append(game.mode(f"lords_{f}_down"))
    return out


@PROMPTS.register
class Lords(Prompt):
    """2.5.3 for one faction: pay 3 Resources for a shift, or done."""

    kind = "vj_lords"

    def legal(self, game, frame):
        return lords_options(game, frame) + [game.DONE]

    def describe(self, game, frame):
        return f"{game.faction_name(frame['actor'])}: Lords of the Deccan, shift an Influence marker for 3 Resources ({frame['left']} left)"

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        _, f, way = game.vocabulary.key_of(action).split("_")
        board.add_resources(s, frame["actor"], -LORDS_COST)
        frame["left"] -= 1
        shift_influence(game, f, 1 if way == "up" else -1)     # may push the slot refill (1.9)
        if not lords_options(game, frame):
            drop_frame(game, frame)
