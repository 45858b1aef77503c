"""Firm revenue at the start of the Revenue phase, before the Company's expenses (RB p.41-42, digest §8.6).

Order: the firms that traded this turn in initiative order, then the others; ties by the managers' window
icons (most first: a reading, as for prestige cards, RB p.12), then clockwise from the PM.
1. Expenses: £1 per ship on the charter + the higher of £1 per share and the firm's £ Value, from the
   London and/or India treasury (the manager says how much comes from India when both could pay part).
   A firm that cannot pay may receive **emergency investments** (each family in turn, PM clockwise, is
   asked; the usual investment rules: manager's consent, a mature non-weak Company share or a workshop,
   £5, a share piece up to 10); once the expenses are covered they are paid and whatever cash is left in
   both treasuries is lost; the Value drops one space per emergency investment. Still short: the firm is
   **dissolved** (share pieces to Debtor's Prison, ships back to their shipyards; rules/firms.py).
2. Dividends (not a Hobnob firm): the manager pays any number from the India treasury only; each pays £1
   per share to its owner and £1 to the manager. On each dividend every other shareholder may forgo some of
   its shares (with the manager's consent, ``seek_consent``), then the manager may forgo some of its own
   (at least enough for the India treasury to pay; if it cannot, the dividend is not paid).
   The dividend cube then shows the total paid this turn (0 if none); a Hobnob firm keeps its cube.
   The India treasury's remainder moves to the London treasury.
   **Emergency merger** (offered first to the failing firm's manager): with one other firm that can pay its own
   expenses (unless already paid this turn) and then the failing firm's outstanding ones, all shareholders of
   both consenting; the higher Value firm remains (a tie: the other firm), the merged firm then takes its
   dividends step unless the other firm already had its own this turn.
RB-ex p.42 (both examples) are tests.
"""

from __future__ import annotations

from ..actions import DONE, FIRM, FIRM_MERGE0, NO
from ..queries import all_firms, total_shares, windows
from ..registry import CONTINUATIONS
from .common import ask_number, clockwise_from, key, name
from .consent import seek_consent
from .firms import (HOBNOB, add_investment, ask_piece_payment, can_pay_with_piece, deregulated, dissolve, firm_of,
                    firm_share_limit, move_value, pay, pounds)


def revenue_order(game) -> list[int]:
    s = game.state
    seats = clockwise_from(s, int(s.pm)) if s.pm >= 0 else list(s.seats)

    def rank(x):
        traded = x["traded"] and x["initiative"] is not None
        return (0 if traded else 1, x["initiative"] if traded else 0, -windows(game, x["manager"]),
                seats.index(x["manager"]))
    return [x["manager"] for x in sorted(all_firms(game.state), key=rank)]


def revenue_begins(game) -> None:
    """Schedule the firms' expenses and dividends (called first thing in the Revenue phase)."""
    s = game.state
    if deregulated(s) and all_firms(s):
        game.after("firms_revenue_next", order=revenue_order(game))


def expenses_due(game, firm) -> int:
    return len(firm["ships"]) + max(total_shares(firm), pounds(game, firm))


@CONTINUATIONS.register
def firms_revenue_next(game, frame, _):
    s = game.state
    order = [m for m in frame["order"] if firm_of(s, m) is not None and not firm_of(s, m)["done"]]
    if not order:
        return
    game.after("firms_revenue_next", order=order[1:])
    m = order[0]
    firm = firm_of(s, m)
    due = expenses_due(game, firm)
    if firm["london"] + firm["india"] >= due:
        _pay_expenses(game, m, due)
        return
    game.log_note("firms", f"The firm of {name(m)} cannot pay its expenses (£{due})")
    partners = merger_partners(game, firm, due)
    if partners:
        game.choose(key(m), f"{name(m)}: an emergency merger (the other firm pays your £"
                    f"{due - firm['london'] - firm['india']} outstanding), or no?",
                    [FIRM_MERGE0 + x for x in partners] + [NO], "firms_emergency_merger", fam=m, due=due)
        return
    _start_emergency(game, m, due)


def _start_emergency(game, m, due) -> None:
    s = game.state
    seats = clockwise_from(s, int(s.pm)) if s.pm >= 0 else list(s.seats)
    _ask_emergency(game, m, due, seats)


# --- emergency mergers (RB p.41) -------------------------------------------------------------------------------------
def merger_partners(game, firm, due) -> list[int]:
    """Firms that can first pay their own expenses (unless paid this turn) and then the failing firm's rest, and
    whose shares fit with the failing firm's in one firm."""
    s = game.state
    short = due - firm["london"] - firm["india"]
    out = []
    for x in all_firms(s):
        if x is firm or total_shares(x) + total_shares(firm) > firm_share_limit():
            continue
        own = 0 if x["done"] else expenses_due(game, x)
        if x["london"] + x["india"] >= own + short:
            out.append(x["manager"])
    return out


@CONTINUATIONS.register
def firms_emergency_merger(game, frame, action):
    s = game.state
    m, due = frame["fam"], frame["due"]
    if action == NO:
        _start_emergency(game, m, due)
        return
    other = action - FIRM_MERGE0
    a, b = firm_of(s, m), firm_of(s, other)
    holders = [g for g in clockwise_from(s, m) if g != m and (a["shares"][g] > 0 or b["shares"][g] > 0 or g == other)]
    seek_consent(game, holders, [1] * len(holders), 0, len(holders), "{family}: consent to the emergency merger of "
                 f"the firms of {name(m)} and {name(other)}?", "firms_emergency_merger_consent",
                 dict(fam=m, due=due, other=other), requester=m)


def _spend(firm, amount) -> None:
    """Pay ``amount`` from the London treasury, the rest from the India treasury (a reading: RB p.41 leaves
    the split to the firm; London first keeps the India treasury for dividends)."""
    from_london = min(amount, firm["london"])
    firm["london"] -= from_london
    firm["india"] -= amount - from_london


@CONTINUATIONS.register
def firms_emergency_merger_consent(game, frame, granted):
    s = game.state
    m, due, other = frame["fam"], frame["due"], frame["other"]
    if not granted:
        _start_emergency(game, m, due)
        return
    a, b = firm_of(s, m), firm_of(s, other)
    partner_done = b["done"]
    if not b["done"]:
        _spend(b, expenses_due(game, b))
    _spend(b, due - a["london"] - a["india"])
    a["london"] = a["india"] = 0
    primary, secondary = (a, b) if a["value"] > b["value"] else (b, a)
    primary["london"] += secondary["london"]
    primary["india"] += secondary["india"]
    primary["shares"] = [x + y for x, y in zip(primary["shares"], secondary["shares"])]
    primary["ships"] = primary["ships"] + secondary["ships"]
    primary["strategy"] = b["strategy"]
    s.firms["firms"] = [x for x in all_firms(s) if x is not secondary]
    game.log_note("firms", f"Emergency merger: the firms of {name(m)} and {name(other)} become the firm of "
                  f"{name(primary['manager'])}")
    primary["done"] = True                          # expenses paid: never asked again this Revenue phase
    if partner_done:                                # its dividends were paid this turn: nothing more
        primary["london"] += primary["india"]
        primary["india"] = 0
        return
    _dividends(game, primary["manager"], paid=0)


def _pay_expenses(game, m, due) -> None:
    s = game.state
    firm = firm_of(s, m)
    lo, hi = max(0, due - firm["london"]), min(due, firm["india"])
    if lo == hi:
        firms_expenses_split(game, {"fam": m, "due": due}, lo)
        return
    ask_number(game, m, f"{name(m)}: your firm's expenses are £{due}: how much from the India treasury "
               f"(£{firm['india']}; the rest from London £{firm['london']})?", lo, hi, "firms_expenses_split",
               fam=m, due=due)


@CONTINUATIONS.register
def firms_expenses_split(game, frame, value):
    s = game.state
    m, due = frame["fam"], frame["due"]
    firm = firm_of(s, m)
    firm["india"] -= value
    firm["london"] -= due - value
    firm["done"] = True
    game.log_note("firms", f"The firm of {name(m)} pays £{due} in expenses")
    _dividends(game, m, paid=0)


# --- emergency investments ---------------------------------------------------------------------------------------
def _ask_emergency(game, m, due, askees) -> None:
    s = game.state
    firm = firm_of(s, m)
    askees = [f for f in askees if can_pay_with_piece(game, f)]
    if firm["london"] + firm["india"] >= due:
        firm["london"] = firm["india"] = 0          # RB p.41: any cash left after expenses is lost
        firm["done"] = True
        move_value(game, firm, -firm["emergency"])
        game.log_note("firms", f"The firm of {name(m)} pays its expenses with {firm['emergency']} emergency "
                      f"investment(s); Value space {firm['value']}")
        _dividends(game, m, paid=0)
        return
    if not askees:
        dissolve(game, firm, "it could not pay its expenses")
        return
    f = askees[0]
    game.choose(key(f), f"{name(f)}: make an emergency investment in the firm of {name(m)} (short £"
                f"{due - firm['london'] - firm['india']})?", [FIRM["emergency"], NO], "firms_emergency_answer",
                fam=f, manager=m, due=due, askees=askees)


@CONTINUATIONS.register
def firms_emergency_answer(game, frame, action):
    f, m = frame["fam"], frame["manager"]
    if action == NO:
        _ask_emergency(game, m, frame["due"], frame["askees"][1:])
        return
    data = dict(fam=f, manager=m, due=frame["due"], askees=frame["askees"])
    if f == m:
        firms_emergency_consent(game, data, True)
        return
    seek_consent(game, [m], [1], 0, 1, "{family}: consent to " + f"{name(f)}'s emergency investment in your firm?",
                 "firms_emergency_consent", data)


@CONTINUATIONS.register
def firms_emergency_consent(game, frame, granted):
    f, m = frame["fam"], frame["manager"]
    if not granted:
        _ask_emergency(game, m, frame["due"], frame["askees"][1:])
        return
    ask_piece_payment(game, f, "firms_emergency_paid", {k: frame[k] for k in ("fam", "manager", "due", "askees")})


@CONTINUATIONS.register
def firms_emergency_paid(game, frame, action):
    s = game.state
    f, m = frame["fam"], frame["manager"]
    firm = firm_of(s, m)
    pay(game, f, action)
    add_investment(game, firm, f)
    firm["emergency"] += 1
    game.log_note("firms", f"{name(f)} makes an emergency investment in the firm of {name(m)}")
    _ask_emergency(game, m, frame["due"], frame["askees"])     # the same family may invest again


# --- dividends ---------------------------------------------------------------------------------------------------
def _dividends(game, m, paid) -> None:
    s = game.state
    firm = firm_of(s, m)
    if firm["strategy"] != HOBNOB and firm["india"] >= 1:
        game.choose(key(m), f"{name(m)}: pay a dividend from your firm's India treasury (£{firm['india']}; a full "
                    f"dividend £{total_shares(firm) + 1}) or done?", [FIRM["dividend"], DONE], "firms_dividend",
                    fam=m, paid=paid)
        return
    _close(game, m, paid)


@CONTINUATIONS.register
def firms_dividend(game, frame, action):
    m = frame["fam"]
    if action == DONE:
        _close(game, m, frame["paid"])
        return
    firm = firm_of(game.state, m)
    holders = [f for f in clockwise_from(game.state, m) if f != m and firm["shares"][f] > 0]
    _ask_forgo(game, m, frame["paid"], holders, forgo={})


def _ask_forgo(game, m, paid, holders, forgo) -> None:
    """Each other shareholder says how many shares it forgoes on this dividend (manager's consent), then the
    manager (RB p.42 optional dividends)."""
    s = game.state
    firm = firm_of(s, m)
    if holders:
        f = holders[0]
        ask_number(game, f, f"{name(f)}: forgo the dividend on how many of your {firm['shares'][f]} share(s) in the "
                   f"firm of {name(m)}?", 0, firm["shares"][f], "firms_forgo", fam=m, paid=paid, holders=holders,
                   forgo=forgo)
        return
    cost = 1 + total_shares(firm) - sum(forgo.values())
    lo, hi = max(0, cost - firm["india"]), firm["shares"][m]
    if lo > hi:
        game.log_note("firms", f"The firm of {name(m)} cannot pay this dividend")
        _close(game, m, paid)
        return
    if hi == 0:
        firms_manager_forgo(game, {"fam": m, "paid": paid, "forgo": forgo}, 0)
        return
    ask_number(game, m, f"{name(m)}: forgo the dividend on how many of your {hi} share(s) (dividend £{cost}, India "
               f"£{firm['india']})?", lo, hi, "firms_manager_forgo", fam=m, paid=paid, forgo=forgo)


@CONTINUATIONS.register
def firms_forgo(game, frame, value):
    m, f = frame["fam"], frame["holders"][0]
    data = dict(fam=m, paid=frame["paid"], holders=frame["holders"], forgo=frame["forgo"], n=value)
    if value == 0:
        _ask_forgo(game, m, frame["paid"], frame["holders"][1:], frame["forgo"])
        return
    seek_consent(game, [m], [1], 0, 1, "{family}: consent to " + f"{name(f)} forgoing the dividend on {value} "
                 "share(s)?", "firms_forgo_consent", data, requester=f)


@CONTINUATIONS.register
def firms_forgo_consent(game, frame, granted):
    forgo = dict(frame["forgo"])
    if granted:
        forgo[str(frame["holders"][0])] = frame["n"]
    _ask_forgo(game, frame["fam"], frame["paid"], frame["holders"][1:], forgo)


@CONTINUATIONS.register
def firms_manager_forgo(game, frame, value):
    s = game.state
    m = frame["fam"]
    firm = firm_of(s, m)
    forgo = dict(frame["forgo"], **{str(m): value})
    total = 0
    for f, n in enumerate(firm["shares"]):
        got = n - forgo.get(str(f), 0) + (1 if f == m else 0)
        s.cash[f] += got
        total += got
    firm["india"] -= total
    game.log_note("firms", f"The firm of {name(m)} pays a dividend of £{total}")
    _dividends(game, m, frame["paid"] + total)


def _close(game, m, paid) -> None:
    s = game.state
    firm = firm_of(s, m)
    if firm["strategy"] != HOBNOB:                  # RB p.42: a Hobnob firm keeps its dividend cube
        firm["dividend"] = paid
    firm["london"] += firm["india"]
    firm["india"] = 0
