"""Chairman's operation (RB p.17).

1. Seek Debt: advance the Debt marker up to 3 times, £5 into the Balance each. Each further advance
   needs the consent of families controlling a majority of Company shares (the Chairman's piece
   counts as a share), asked per advance; never beyond the end of the Debt track. (Reading: once a
   further advance is refused, the Chairman asks no more this turn, so the choice always ends.)
2. Allocate: the whole Balance goes to the office treasuries (Director of Trade / Governor General,
   Manager of Shipping, the three Presidents), any split: asked treasury by treasury, the last one
   taking what remains.
RB-ex p.17: Debt 2, Balance £3, three advances -> Debt 5, Balance £18.
"""

from __future__ import annotations

from ..actions import YES
from ..data import company
from ..registry import CONTINUATIONS, announce
from ..static import TREASURY_NAMES
from .common import ask_number, ask_yes_no, clockwise_from, name
from .consent import seek_consent


def max_debt(game) -> int:
    return company.MAX_DEBT[0]


def start(game, slot: int) -> None:
    s = game.state
    announce(game, "chairman_dues", slot)         # solo: HB Chairman, mandatory -1 once a turn
    room = max_debt(game) - s.debt
    free = min(company.FREE_DEBT_ADVANCES[0], room)
    ask_number(game, slot, f"Chairman {name(slot)}: how many times to advance the Debt (£5 each; Debt {s.debt}, "
               f"Balance £{s.balance})?", 0, free, "chairman_debt_chosen", slot=slot)
    announce(game, "procedure_window", "debt", slot)      # solo: HB Chairman 2, one more / one fewer advance


def _advance_debt(game, n: int) -> None:
    s = game.state
    s.debt += n
    s.balance += n * company.DEBT_STEP_CASH[0]
    if n:
        if game.keeps_log:
            game.log_note("operations", f"Chairman seeks Debt {n}x: Debt {s.debt}, Balance £{s.balance}")


@CONTINUATIONS.register
def chairman_debt_chosen(game, frame, value):
    s = game.state
    slot = frame["slot"]
    _advance_debt(game, value)
    if value == company.FREE_DEBT_ADVANCES[0] and s.debt < max_debt(game):
        _ask_more(game, slot, value)
        return
    start_allocation(game, slot)


def _ask_more(game, slot, sought):
    s = game.state
    ask_yes_no(game, slot, f"Chairman {name(slot)}: ask for one more Debt advance (Debt {s.debt}; needs a majority "
               "of Company shares)?", "chairman_more_debt", slot=slot, sought=sought)


@CONTINUATIONS.register
def chairman_more_debt(game, frame, action):
    s = game.state
    slot = frame["slot"]
    if action != YES:
        start_allocation(game, slot)
        return
    total = int(sum(int(s.court[f]) for f in s.seats)) + 1          # + the Chairman's piece
    others = [f for f in clockwise_from(s, slot) if f != slot and s.court[f] > 0]
    seek_consent(game, others, [int(s.court[f]) for f in others], int(s.court[slot]) + 1,
                 total // 2 + 1, "{family}: consent to " + f"the Chairman ({name(slot)}) advancing "
                 "the Debt beyond 3 once more?", "chairman_more_debt_answer",
                 dict(slot=slot, sought=frame.get("sought", company.FREE_DEBT_ADVANCES[0])),
                 about="debt", requester=slot, by_shares=True)


@CONTINUATIONS.register
def chairman_more_debt_answer(game, frame, granted):
    s = game.state
    slot = frame["slot"]
    if not granted:
        game.log_note("operations", "No majority of shares consents to more Debt")
        start_allocation(game, slot)
        return
    _advance_debt(game, 1)
    if s.debt < max_debt(game):
        _ask_more(game, slot, frame.get("sought", company.FREE_DEBT_ADVANCES[0]) + 1)
    else:
        start_allocation(game, slot)


def start_allocation(game, slot):
    _allocate_next(game, slot, 0)
    announce(game, "procedure_window", "allocation", slot)     # solo: HB Chairman 3, -1 £3 to an office


def _allocate_next(game, slot, k):
    s = game.state
    last = len(TREASURY_NAMES) - 1
    while k < last and s.balance == 0:
        k += 1
    if k == last or s.balance == 0:
        if s.balance:
            s.treasury[last] += s.balance
            announce(game, "allocated", slot, last, int(s.balance))       # solo: HB Chairman, +1
            if game.keeps_log:
                game.log_note("operations", f"Chairman allocates £{s.balance} to {TREASURY_NAMES[last]}")
            s.balance = 0
        return
    ask_number(game, slot, f"Chairman {name(slot)}: allocate how much of the Balance (£{s.balance}) to the "
               f"{TREASURY_NAMES[k]}?", 0, s.balance, "chairman_allocated", slot=slot, k=k)


@CONTINUATIONS.register
def chairman_allocated(game, frame, value):
    s = game.state
    slot, k = frame["slot"], frame["k"]
    s.balance -= value
    s.treasury[k] += value
    announce(game, "allocated", slot, k, value)           # solo: HB Chairman, +1
    if value:
        if game.keeps_log:
            game.log_note("operations", f"Chairman allocates £{value} to {TREASURY_NAMES[k]}")
    _allocate_next(game, slot, k + 1)

