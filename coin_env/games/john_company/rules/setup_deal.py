"""The solo and two-family setup deals as decisions (RB p.43-44; option ``setup_deal="draw"``).

Solo: draw 3 setup cards, keep 1, give the other 2 to the Crown; repeat until the player has 4 and the
Crown 8. Two families: each family in turn draws 3, keeps 2 and gives 1 to the Crown; twice, so that
each family and the Crown have 4. The cards' contents are taken once every card is placed.
"""

from __future__ import annotations

from ..actions import SETUP_CARD0
from ..registry import CONTINUATIONS
from ..setup import finish_drawn_deal
from ..static import CROWN
from .common import key, name


def start(game) -> None:
    game.after("deal_next")


@CONTINUATIONS.register
def deal_next(game, frame, _):
    s = game.state
    humans = [x for x in s.seats if x != CROWN]
    if not s.setup_deck:
        finish_drawn_deal(game)
        return
    hand = [s.setup_deck.pop() for _ in range(3)]
    dealt = sum(len(s.setup_cards[h]) for h in humans)
    who = humans[(dealt // 2) % len(humans)] if len(humans) == 2 else humans[0]
    solo = len(humans) == 1
    ask = (f"{name(who)}: keep which setup card (the other two go to the Crown)?" if solo else
           f"{name(who)}: give which setup card to the Crown (you keep the other two)?")
    game.choose(key(who), ask, [SETUP_CARD0 + c for c in sorted(hand)], "deal_chosen", who=who, hand=hand, solo=solo)


@CONTINUATIONS.register
def deal_chosen(game, frame, action):
    s = game.state
    chosen = action - SETUP_CARD0
    others = [c for c in frame["hand"] if c != chosen]
    if frame["solo"]:
        s.setup_cards[frame["who"]].append(chosen)
        s.setup_cards[CROWN] += others
    else:
        s.setup_cards[CROWN].append(chosen)
        s.setup_cards[frame["who"]] += others
    game.after("deal_next")
