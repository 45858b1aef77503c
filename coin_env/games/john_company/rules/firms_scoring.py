"""Firms at the end of the London Season and in Final Scoring (RB p.37, digest §8.4, §7.2 step 0).

Special retirement (RB p.37): after the London Season's retirements, each family with at least one share in
a **reputable** firm (its dividend cube placed and above 0) may retire one piece **from its supply** on a
prize whose price, after the spouse discounts it has not used this London Season (all of them applied: a
reading), is at most the highest total dividend last paid by such a firm and at most its cash. One per
family, however many firms. It counts as a retirement for the prestige cards' order. Also once at Final
Scoring (no London Season cards).
Final Scoring step 0 (RB p.37): each family scores the VP of each firm's Value space (data/firms.py, half VP)
per share it owns, and loses 1 VP per piece in Debtor's Prison; the total's fraction is rounded down. Then
the special retirements, whether the Company survived or failed, before the rest of Final Scoring.
Invested workshops do not score if the Company fails (RB p.38): Final Scoring step 2 counts every workshop,
so their point is taken back here (rules/final_scoring.py belongs to its own step list).
"""

from __future__ import annotations

from ..actions import DONE, PRIZE0
from ..data.firms import DEBTORS_PRISON_VP
from ..queries import SPOUSE, all_firms, prize_price, unused_discounts
from ..registry import CONTINUATIONS
from .common import chairman_or_title, clockwise_from, key, name
from .firms import deregulated, invested


def _limit(s, f) -> int | None:
    """The highest total dividend of a reputable firm in which ``f`` owns a share (None: no such firm)."""
    paid = [x["dividend"] for x in all_firms(s) if x["shares"][f] > 0 and x["dividend"]]
    return max(paid) if paid else None


def boxes(game, f, used) -> list[int]:
    s = game.state
    limit = _limit(s, f)
    if limit is None or s.supply[f] <= 0:
        return []
    return [b for b in range(5) if prize_price(game, f, b, used) <= min(limit, int(s.cash[f]))]


def special_retirement(game, frame) -> bool:
    """Offer the next family its special retirement; True if a question was pushed. ``frame``: the London
    Season's retirement frame (its ``special`` index: the families already offered; at Final Scoring the
    frame carries ``firm_final``)."""
    s = game.state
    if not deregulated(s) or (s.phase == "final_scoring" and not frame.get("firm_final")):
        return False
    order = frame["order"]
    j = frame.get("special", 0)
    while j < len(order):
        f = order[j]
        options = boxes(game, f, frame["discounts"].get(str(f), []))
        if options:
            game.choose(key(f), f"{name(f)}: a special retirement (a piece from your supply, at most £"
                        f"{min(_limit(s, f), int(s.cash[f]))}) on which prize, or none?",
                        [PRIZE0 + b for b in options] + [DONE], "firms_special_retired",
                        **{k: frame[k] for k in ("order", "spent", "retired", "discounts")}, special=j,
                        firm_final=bool(frame.get("firm_final")))
            return True
        j += 1
    return False


@CONTINUATIONS.register
def firms_special_retired(game, frame, action):
    s = game.state
    order, j = frame["order"], frame["special"]
    f = order[j]
    spent, retired, discounts = dict(frame["spent"]), list(frame["retired"]), dict(frame["discounts"])
    if action != DONE:
        b = action - PRIZE0
        used = discounts.get(str(f), [])
        applied = unused_discounts(s, f, used)
        cost = prize_price(game, f, b, used)
        discounts[str(f)] = list(used) + applied
        s.cash[f] -= cost
        s.supply[f] -= 1
        s.prize_pieces[f, b] += 1
        s.vp[f] += game.data.prizes[b][2]
        spent[str(f)] = spent.get(str(f), 0) + cost
        if f not in retired:
            retired.append(f)
        game.log_note("london", f"{name(f)} makes a special retirement to prize box {b + 1} for £{cost}"
                      + (f" (discounts £{sum(SPOUSE[c][1] for c in applied)})" if applied else ""))
    game.after("london_retire_next", order=order, i=len(order), spent=spent, retired=retired, discounts=discounts,
               special=j + 1, firm_final=frame["firm_final"])


# --- Final Scoring step 0 -------------------------------------------------------------------------------------------
def step_zero(game, failed: bool) -> bool:
    """RB p.37: firm VP and Debtor's Prison, then the special retirements. True if decisions were pushed
    (Final Scoring then starts again from ``firms_final_resume``, this step done)."""
    s = game.state
    if s.firms["scored"] or not (deregulated(s) or any(s.firms["prison"])):
        return False
    s.firms["scored"] = True
    for f in s.seats:
        halves = sum(x["shares"][f] * game.data.firm_value_track[x["value"]][1] for x in all_firms(s))
        gain = halves // 2 + DEBTORS_PRISON_VP[0] * s.firms["prison"][f]
        if failed:
            gain -= invested(s, f)          # cancels step 2's +1 for an invested workshop (RB p.38)
        s.vp[f] += gain
        if gain:
            game.log_note("end", f"{name(f)}: {gain:+d} VP for firm shares and Debtor's Prison")
    order = clockwise_from(s, chairman_or_title(s)) if chairman_or_title(s) >= 0 else list(s.seats)
    frame = {"order": order, "spent": {}, "retired": [], "discounts": {}, "special": 0, "firm_final": True}
    if not any(boxes(game, f, []) for f in order):
        return False
    game.after("firms_final_resume", failed=failed)
    special_retirement(game, frame)
    return True
