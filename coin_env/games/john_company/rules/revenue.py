"""VI. Revenue (RB p.27).

0. Firms' expenses and dividends (Deregulation, RB p.41-42: rules/firms_revenue.py). Calico Acts law: the
   Balance loses £1 per full £7 (RB law card; not after deregulation). Ships on firm charters are not the
   Company's expenses.
1. Expenses: £1 per Debt (Company Aids Government: £2), £1 per officer and regiment in the Armies
   (not Commanders; Sepoy Recruitment: regiments cost nothing), £1 per ship in the sea zones and in
   China (RB p.25). If the Balance cannot pay: emergency loans, each +£5 and one Debt space (none
   past the end of the track), until the expenses are met; the Balance is then set to £0; Standing
   -1 for 1-2 loans, -2 for 3 or more (public embarrassment). Royal Protection law: the Chairman may
   discard it to avoid the loans and cancel the remaining expenses (an explicit yes/no).
2. Expectations: Standing -1 if the Balance is below the Expectations of the current Standing space.
3. Dividends: the Chairman pays any number; each costs £1 per Company share (the Chairman's
   included) and pays each family £1 per own share; Standing +1 if the dividends paid exceed the
   Expectations (public enthusiasm). A vacant Chairman pays none (reading).
Standing 0 at any point: the Company fails and the game goes to Final Scoring (not implemented: the
game ends saying so). Digest T27 is a test.
"""

from __future__ import annotations

from ..actions import YES
from ..data import company
from ..data.cards import ROYAL_PROTECTION
from ..queries import shares
from ..registry import CONTINUATIONS, announce, implements
from ..static import CHAIRMAN, N_ZONES
from .blackmail import COMPANY_FRAUD, offer
from .common import ask_number, ask_yes_no, lower_standing, name
from .firms_revenue import revenue_begins

CALICO_ACTS, COMPANY_AIDS_GOVERNMENT, SEPOY_RECRUITMENT, DEREGULATION = 31, 49, 38, 56


def expenses(game) -> int:
    s = game.state
    debt = s.debt * (2 if COMPANY_AIDS_GOVERNMENT in s.laws_in_force else 1)
    # sums of Python lists: numpy's sum of a tiny array costs more than the list's
    by_family = s.officers.tolist()
    officers = sum(sum(map(sum, by_family[f])) for f in s.seats)
    regiments = 0 if SEPOY_RECRUITMENT in s.laws_in_force else sum(map(sum, s.regiments.tolist()))
    ships = (sum(1 for z in s.ship_zone.tolist() if 0 <= z < N_ZONES) + sum(s.company_ships.tolist())
             + sum(s.extra_ships.tolist()))
    return debt + officers + regiments + ships


@implements("revenue")
def start(game) -> None:
    announce(game, "window_later", "revenue_end")       # solo: favours at the end of Revenue (RB p.45, Crown board)
    game.after("revenue_begin")
    revenue_begins(game)                # firms' expenses and dividends first (RB p.41)
    offer(game, COMPANY_FRAUD)          # Company Fraud: at the start of Revenue (rules/blackmail.py)


@CONTINUATIONS.register
def revenue_begin(game, frame, _):
    s = game.state
    if CALICO_ACTS in s.laws_in_force and DEREGULATION not in s.laws_in_force:     # skipped after deregulation
        s.balance -= s.balance // 7
    due = expenses(game)
    if game.keeps_log:
        game.log_note("revenue", f"Expenses £{due}, Balance £{s.balance}")
    if due <= s.balance:
        s.balance -= due
        expectations(game)
        return
    chairman = int(s.office_holder[CHAIRMAN])
    if ROYAL_PROTECTION in s.laws_in_force and chairman >= 0:
        ask_yes_no(game, chairman, f"Chairman {name(chairman)}: discard Royal Protection to avoid emergency loans?",
                   "revenue_royal_protection", due=due)
        return
    emergency_loans(game, due)


@CONTINUATIONS.register
def revenue_royal_protection(game, frame, action):
    s = game.state
    if action == YES:
        s.laws_in_force = [x for x in s.laws_in_force if x != ROYAL_PROTECTION]
        s.law_discards.append(ROYAL_PROTECTION)
        s.balance = 0
        expectations(game)
        return
    emergency_loans(game, frame["due"])


def emergency_loans(game, due: int) -> None:
    s = game.state
    loans = 0
    while s.balance < due:
        loans += 1
        s.balance += company.DEBT_STEP_CASH[0]
        if s.debt < company.MAX_DEBT[0]:
            s.debt += 1
    s.balance = 0
    if game.keeps_log:
        game.log_note("revenue", f"{loans} emergency loan(s); Debt {s.debt}")
    if lower_standing(game, 1 if loans <= 2 else 2, "public embarrassment"):
        return
    expectations(game)


def expectations(game) -> None:
    s = game.state
    if s.balance < game.data.expectations[s.standing]:
        if lower_standing(game, 1, "expectations not met"):
            return
    chairman = int(s.office_holder[CHAIRMAN])
    n = shares(s)
    if chairman < 0 or n == 0 or s.balance < n:
        return
    ask_number(game, chairman, f"Chairman {name(chairman)}: how many dividends (£{n} each; Balance £{s.balance}, "
               f"Expectations £{game.data.expectations[s.standing]})?", 0, s.balance // n, "revenue_dividends")
    announce(game, "dividend_window")           # solo: HB Revenue 3, the Crown Chairman's dividend favours


@CONTINUATIONS.register
def revenue_dividends(game, frame, value):
    s = game.state
    if not value:
        return
    n = shares(s)
    s.balance -= value * n
    chairman = int(s.office_holder[CHAIRMAN])
    for f in s.seats:
        s.cash[f] += value * (int(s.court[f]) + (1 if f == chairman else 0))
    if game.keeps_log:
        game.log_note("revenue", f"{value} dividend(s) paid: £{value * n}")
    if value * n > game.data.expectations[s.standing]:
        s.standing = min(7, s.standing + 1)
        game.log_note("revenue", f"Public enthusiasm: Standing {s.standing}")

