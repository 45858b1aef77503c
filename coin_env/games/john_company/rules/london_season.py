"""I. The London Season (RB p.11-12); skipped on the first turn.

1. Attrition: a die for each office card a family holds, +1 per fatigue cube on it, +1 more for the
   Chairman: 1-2 nothing, 3-4 one more fatigue, 5+ the officeholder retires to the Pensioners box
   (card to Vacant Offices, fatigue to the supply). Tenure Limits law: the Chairman always retires.
   Commanders hold no office card and roll nothing.
2. Retirements: from the Chairman (or the former Chairman) clockwise, each family may retire each
   pensioner on a prize box it can pay for (cost minus its spouses' discounts, each once per London
   Season, stackable: for each retirement the family says which unused discounts it applies, those it
   needs to pay being applied without a question), gaining its VP. Lord Highgate: only the 8- and
   12-VP boxes.
3. Prestige cards: each family that retired a piece this turn, in order of cash spent on retirements
   (then window icons, then PM order), must take or discard one card of the display; it may look at
   the facedown blackmail cards there (``state.peeked``). Then the display is discarded and refilled to
   3, and pensioners still in the box return to their supplies.
Spouse restrictions that force giving things up are applied by discarding (no trade partner without
negotiation): John Thorpe (workshops), Violet Effingham (shipyards; fitted ships stay), Joseph Sedley
(Company shares; a Chairman's piece leaves the office), Esther Summerson (blackmail cards).
Becky Sharp's VP and discount are not in the sources (0: reconstructed). The blackmail card Letters of
Introduction is offered before its holder's first retirement (below); other blackmail plays: rules/blackmail.py.
"""

from __future__ import annotations

from ..actions import DISCARD0, DONE, NO, PRIZE0, TAKE0, YES
from ..data.cards import BLACKMAIL, SPOUSES
from ..queries import (LETTERS_DECLINED, LETTERS_OF_INTRODUCTION, LETTERS_PLAYED, SPOUSE, others_discount_cards,
                       prize_price, unused_discounts, windows)
from ..registry import CONTINUATIONS, announce, implements
from ..static import CHAIRMAN, N_OFFICES, N_SHIPS, OFFICE_NAMES
from .blackmail import answers, askees, cancel_window, reveal
from .common import chairman_or_title, clockwise_from, key, name, vacate
from .firms_scoring import special_retirement

SPOUSE_NAME = {c[0]: c[1] for c in SPOUSES}
BLACKMAIL_IDS = {c[0] for c in BLACKMAIL}
TENURE_LIMITS, LORD_HIGHGATE = 37, 19


@implements("london_season")
def start(game) -> None:
    s = game.state
    # read once: each office's own entries change (vacate, fatigue) only after they are read
    holder, exists, fatigue = s.office_holder.tolist(), s.office_exists.tolist(), s.office_fatigue.tolist()
    for o in range(N_OFFICES):
        f = holder[o]
        if f < 0 or not exists[o]:
            continue
        if o == CHAIRMAN and TENURE_LIMITS in s.laws_in_force:
            vacate(game, o, to="pensioners")
            continue
        roll = s.rng.die(6, f"attrition: {OFFICE_NAMES[o]}") + fatigue[o] + (1 if o == CHAIRMAN else 0)
        if roll >= 5:
            vacate(game, o, to="pensioners")
        elif roll >= 3:
            s.office_fatigue[o] += 1
    order = clockwise_from(s, chairman_or_title(s))
    announce(game, "window_later", "london_after")     # solo: HB London Season, after the Crown has retired
    game.after("london_prestige", spent={}, retired=[])
    game.after("london_retire_next", order=order, i=0, spent={}, retired=[], discounts={})
    announce(game, "window", "london_before")          # solo: HB London Season, before retirements


def discounts_of(s, f) -> list[int]:
    return sorted((SPOUSE[c][1] for c in s.hands[f]["prestige"] if c in SPOUSE and SPOUSE[c][1]), reverse=True)


# Letters of Introduction (blackmail; digest appendix C): "when retiring one or more pieces (London Season or
# Final Scoring), also use the retirement discounts of every other player's spouses" -- offered to its holder
# before its first retirement of the window; played or declined, a marker joins the family's used discounts.
# Reading: each borrowed discount is once per window for the borrower; its owner may still use it too.
@CONTINUATIONS.register
def london_retire_next(game, frame, _):
    s = game.state
    order, i = frame["order"], frame["i"]
    spent, retired, discounts = frame["spent"], frame["retired"], frame["discounts"]
    while i < len(order):
        f = order[i]
        if s.pensioners.item(f) > 0:
            used = discounts.get(str(f), [])
            if (f in askees(game, LETTERS_OF_INTRODUCTION) and LETTERS_PLAYED not in used
                    and LETTERS_DECLINED not in used and others_discount_cards(s, f)):
                game.choose(key(f), f"{name(f)}: play the blackmail card Letters of Introduction now (use the other "
                            "families' spouses' retirement discounts)?", answers(s, f, LETTERS_OF_INTRODUCTION),
                            "london_letters_answer",
                            order=order, i=i, spent=spent, retired=retired, discounts=discounts)
                return
            cash = s.cash.item(f)
            boxes = [b for b in range(5) if prize_price(game, f, b, used) <= cash
                     and (LORD_HIGHGATE not in s.hands[f]["prestige"] or game.data.prizes[b][2] in (8, 12))]
            if boxes:
                game.choose(key(f), f"{name(f)}: retire a pensioner ({int(s.pensioners[f])} left) on which prize, "
                            "or done?", [PRIZE0 + b for b in boxes] + [DONE], "london_retired",
                            order=order, i=i, spent=spent, retired=retired, discounts=discounts)
                return
        i += 1
    if special_retirement(game, frame):          # Deregulation: one special retirement each (RB p.37)
        return
    # hand the totals to the prestige step (the call frame below)
    below = game.state.frames[-1]
    below["spent"], below["retired"] = spent, retired


@CONTINUATIONS.register
def london_letters_answer(game, frame, action):
    f = frame["order"][frame["i"]]
    data = {k: frame[k] for k in ("order", "i", "spent", "retired", "discounts")}
    if action == YES and "cancelled" not in frame:
        if cancel_window(game, f, LETTERS_OF_INTRODUCTION, "london_letters_answer", data):   # Man on the Inside
            return
    if "cancelled" in frame:                     # back from Man on the Inside's question
        action = NO if frame["cancelled"] else YES
    discounts = dict(frame["discounts"])
    if action == YES:
        reveal(game, f, LETTERS_OF_INTRODUCTION)
    discounts[str(f)] = list(discounts.get(str(f), [])) + [LETTERS_PLAYED if action == YES else LETTERS_DECLINED]
    game.after("london_retire_next", order=frame["order"], i=frame["i"], spent=frame["spent"],
               retired=frame["retired"], discounts=discounts)


@CONTINUATIONS.register
def london_retired(game, frame, action):
    s = game.state
    order, i = frame["order"], frame["i"]
    f = order[i]
    spent, retired, discounts = dict(frame["spent"]), list(frame["retired"]), dict(frame["discounts"])
    if action == DONE:
        game.after("london_retire_next", order=order, i=i + 1, spent=spent, retired=retired, discounts=discounts)
        return
    b = action - PRIZE0
    _ask_discount(game, dict(order=order, i=i, spent=spent, retired=retired, discounts=discounts, box=b, chosen=[],
                             pending=unused_discounts(s, f, discounts.get(str(f), []))))


def _ask_discount(game, data) -> None:
    """RB p.12: each spouse's discount once per London Season (and once at Final Scoring), stackable: the
    family says which of its unused discounts go to this retirement (a 'no' is offered only while the rest
    of its discounts and cash still pay the prize)."""
    s = game.state
    f = data["order"][data["i"]]
    cost = game.data.prizes[data["box"]][0] - sum(SPOUSE[c][1] for c in data["chosen"])
    while data["pending"]:
        card = data["pending"][0]
        if cost <= 0:
            break
        rest = sum(SPOUSE[c][1] for c in data["pending"][1:])
        if max(0, cost - rest) > s.cash[f]:      # needed: applied without a question
            data = dict(data, chosen=data["chosen"] + [card], pending=data["pending"][1:])
            cost -= SPOUSE[card][1]
            continue
        game.choose(key(f), f"{name(f)}: use the discount of {SPOUSE_NAME[card]} (£{SPOUSE[card][1]}) for prize box "
                    f"{data['box'] + 1} (now £{cost})?", [YES, NO], "london_discount_answer", **data)
        return
    _retire(game, data)


@CONTINUATIONS.register
def london_discount_answer(game, frame, action):
    data = {k: frame[k] for k in ("order", "i", "spent", "retired", "discounts", "box", "chosen", "pending")}
    card = data["pending"][0]
    data["pending"] = data["pending"][1:]
    if action == YES:
        data["chosen"] = data["chosen"] + [card]
    _ask_discount(game, data)


def _retire(game, data) -> None:
    s = game.state
    order, i, b = data["order"], data["i"], data["box"]
    f = order[i]
    spent, retired, discounts = dict(data["spent"]), list(data["retired"]), dict(data["discounts"])
    cost = max(0, game.data.prizes[b][0] - sum(SPOUSE[c][1] for c in data["chosen"]))
    discounts[str(f)] = list(discounts.get(str(f), [])) + list(data["chosen"])
    s.cash[f] -= cost
    s.pensioners[f] -= 1
    s.prize_pieces[f, b] += 1
    s.vp[f] += game.data.prizes[b][2]
    spent[str(f)] = spent.get(str(f), 0) + cost
    if f not in retired:
        retired.append(f)
    if game.keeps_log:
        game.log_note("london", f"{name(f)} retires a pensioner to prize box {b + 1} for £{cost}")
    game.after("london_retire_next", order=order, i=i, spent=spent, retired=retired, discounts=discounts)


@CONTINUATIONS.register
def london_prestige(game, frame, _):
    s = game.state
    retired = frame["retired"]
    pm_order = clockwise_from(s, int(s.pm)) if s.pm >= 0 else s.seats
    order = sorted(retired, key=lambda f: (-frame["spent"].get(str(f), 0), -windows(game, f), pm_order.index(f)))
    _prestige_turn(game, order, 0)


def _prestige_turn(game, order, i):
    s = game.state
    if i >= len(order) or not s.display:
        _refill(game)
        return
    f = order[i]
    s.peeked[f] = sorted(set(s.peeked[f]) | {c for c in s.display if c in BLACKMAIL_IDS})
    options = [TAKE0 + j for j in range(len(s.display))] + [DISCARD0 + j for j in range(len(s.display))]
    game.choose(key(f), f"{name(f)}: take or discard a London Season card", options, "london_card",
                order=order, i=i)


@CONTINUATIONS.register
def london_card(game, frame, action):
    s = game.state
    f = frame["order"][frame["i"]]
    take = action < DISCARD0
    j = action - (TAKE0 if take else DISCARD0)
    card = s.display.pop(j)
    if take:
        if card in BLACKMAIL_IDS:
            if 12 not in s.hands[f]["prestige"]:      # Esther Summerson: no blackmail (else discarded)
                s.hands[f]["blackmail"].append(card)
        else:
            s.hands[f]["prestige"].append(card)
            if card in SPOUSE:
                s.vp[f] += SPOUSE[card][0]
                _spouse_restrictions(game, f, card)
        if game.keeps_log:
            game.log_note("london", f"{name(f)} takes a London Season card")
    else:
        if game.keeps_log:
            game.log_note("london", f"{name(f)} discards a London Season card")
    _prestige_turn(game, frame["order"], frame["i"] + 1)


def _spouse_restrictions(game, f, card) -> None:
    s = game.state
    if card == 13:
        s.workshops[f] = 0
    elif card == 14:
        for i in range(N_SHIPS):
            if s.shipyard_owner[i] == f:
                s.shipyard_owner[i] = -1
    elif card == 15:
        s.supply[f] += int(s.court[f])
        s.court[f] = 0
        if s.office_holder[CHAIRMAN] == f:
            vacate(game, CHAIRMAN)
    elif card == 12:
        s.hands[f]["blackmail"] = []


def _refill(game) -> None:
    s = game.state
    s.display = []
    for _ in range(3):
        if not s.london_deck:
            break
        s.display.append(s.london_deck.pop())
    for f in s.seats:
        s.supply[f] += int(s.pensioners[f])
        s.pensioners[f] = 0
