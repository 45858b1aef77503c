"""Campaign (4.2.2): a Delhi Sultanate Decree, also offered by Zenith (2.5.1) and Rise (2.5.2).

Troops and Governors go from one origin along a route of at most 3 steps to one destination,
picking Units up and dropping them off on the way. Here the group walks step by step: at the origin
the Delhi Sultanate takes any number of its Units; at each space reached it may once pick up and once
drop off Units, then step on (while steps are left and the group is not empty) or stop: the space
where it stops is the destination. On the Succession cards only Delhi and Provinces may be used.
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import GOVERNOR, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import IS_MONGOL_REGION, N_SPACES
from .common import Decree, decree_timing_ok

MODES = [("campaign_pick", "Campaign: pick up Units here"), ("campaign_drop", "Campaign: drop off Units here")]
STEPS = 3
UNITS = (TROOP, GOVERNOR)


def start_campaign(game, restricted: bool) -> None:
    game.push({"kind": "vj_campaign", "actor": "ds", "space": None, "steps": 0, "group": [0, 0],
               "picked": False, "dropped": False, "restricted": restricted})


def _allowed(frame, sp: int) -> bool:
    return not (frame["restricted"] and IS_MONGOL_REGION[sp])


def _here(s, frame, piece: int) -> int:
    """Units of a type at the group's space that are not in the group."""
    i = UNITS.index(piece)
    return int(s.pieces[frame["space"], piece]) - frame["group"][i]


@PROMPTS.register
class CampaignPrompt(Prompt):
    kind = "vj_campaign"

    def legal(self, game, frame):
        s = game.state
        if frame["space"] is None:
            out = [game.space_action(sp) for sp in range(N_SPACES)
                   if _allowed(frame, sp) and any(s.pieces[sp, p] for p in UNITS)]
            return out + [game.DONE]
        out = []
        if sum(frame["group"]) and frame["steps"] < STEPS:
            out += [game.space_action(o) for o in s.data.neighbors[frame["space"]] if _allowed(frame, o)]
        if not frame["picked"] and any(_here(s, frame, p) for p in UNITS):
            out.append(game.mode("campaign_pick"))
        if not frame["dropped"] and sum(frame["group"]) and frame["steps"] > 0:
            out.append(game.mode("campaign_drop"))
        return out + [game.DONE]

    def describe(self, game, frame):
        if frame["space"] is None:
            return "Campaign: choose the origin, or done (no Campaign)"
        t, g = frame["group"]
        return (f"Campaign at {game.space_names[frame['space']]} with {t} Troops, {g} Governors "
                f"({STEPS - frame['steps']} steps left): step on, pick up, drop off, or done (stop here)")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        if action == game.mode("campaign_pick") or action == game.mode("campaign_drop"):
            pick = action == game.mode("campaign_pick")
            frame["picked" if pick else "dropped"] = True
            for piece in reversed(UNITS):          # pushed in reverse: Troops asked first
                i = UNITS.index(piece)
                most = _here(s, frame, piece) if pick else frame["group"][i]
                most = min(most, game.vocabulary.max_count)
                if most:
                    game.choose("ds", f"Campaign: {'pick up' if pick else 'drop off'} how many "
                                f"{'Troops' if piece == TROOP else 'Governors'}", game.count_actions(0, most),
                                "vj_campaign_count", piece=piece, pick=pick)
            return
        sp = game.space_of(action)
        if frame["space"] is None:                 # the origin: take Units along (a pick-up there)
            frame["space"] = sp
            frame["picked"] = True
            for piece in reversed(UNITS):
                most = min(int(s.pieces[sp, piece]), game.vocabulary.max_count)
                if most:
                    game.choose("ds", f"Campaign: how many {'Troops' if piece == TROOP else 'Governors'} set out",
                                game.count_actions(0, most), "vj_campaign_count", piece=piece, pick=True)
            return
        src = frame["space"]
        for i, piece in enumerate(UNITS):
            if frame["group"][i]:
                board.move(s, src, sp, piece, frame["group"][i])
        frame["space"] = sp
        frame["steps"] += 1
        frame["picked"] = frame["dropped"] = False


@CONTINUATIONS.register
def vj_campaign_count(game, frame, action):
    campaign = next(f for f in reversed(game.state.frames) if f["kind"] == "vj_campaign")
    i = UNITS.index(frame["piece"])
    n = game.count_of(action)
    campaign["group"][i] += n if frame["pick"] else -n


class Campaign(Decree):
    """4.2.2 as a Decree (no spaces to select: the walk is its own decision)."""

    key = name = "campaign"
    faction = "ds"

    def available(self, game):
        s = game.state
        return decree_timing_ok(game) and any(s.pieces[sp, p] for sp in range(N_SPACES) for p in UNITS)

    def decree_space_test(self, game):
        return None

    def min_spaces(self, game):
        return 0

    def begin(self, game):
        s = game.state
        game.pop()                        # the selection frame: Campaign chooses its own spaces
        s.turn["sa_active"] = False
        s.turn["sa_done"] = True
        start_campaign(game, restricted=False)


ACTIVITIES = [Campaign]
