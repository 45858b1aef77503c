"""6.0 Campaign Rounds and 7.0 victory. (Interim: victory check and end only; phases follow.)"""

from __future__ import annotations

from .. import board
from ..registry import PROMPTS
from ....core.prompts import Prompt

MODES: list[tuple[str, str]] = []

TIE_ORDER = ["ml", "congress", "revs", "raj"]   # 7.1: ties go to ML, then Congress, then Revolutionaries


def start_campaign_round(game) -> None:
    game.push({"kind": "g_campaign", "step": "victory"})


def end_game(game) -> None:
    """7.3: rank factions by victory margin, ties per 7.1."""
    s = game.state
    margins = game.victory_margins()
    ranking = sorted(margins, key=lambda f: (-margins[f], TIE_ORDER.index(f)))
    s.result = {"winner": ranking[0], "ranking": ranking, "margins": margins}
    s.over = True
    s.frames = []


@PROMPTS.register
class CampaignRound(Prompt):
    kind = "g_campaign"
    auto = True

    def run(self, game, frame):
        s = game.state
        margins = game.victory_margins()
        final = s.campaigns_in_deck <= 1
        if any(m > 0 for m in margins.values()) or final:
            end_game(game)
            return
        s.campaigns_in_deck -= 1
        s.campaigns_played += 1
        s.viceroy = s.current
        s.restraint = s.unity = s.campaigns_in_deck
        for f in s.eligible:
            s.eligible[f] = True
        game.pop()
        game.after_periodic_round()
