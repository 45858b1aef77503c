"""Firms trading in India (RB p.40, digest §8.5).

At the start of a Presidency's operations (before any position acts) each firm whose strategy is that
Presidency's sea zone reveals it and makes a check with one die per £ allocated (the cash goes to the bank;
no allocation, no check). At least one success (a 1-2): the firm may trade, with **initiative** = its
ships - its successful dice (may be negative).
When the President's Trade check succeeds, the Company's initiative is the same (ships in the sea zone -
successes): firms with a lower initiative fill first, then the President fills, then the other firms
(a tie is the operating President's to decide: read here as the Company first). If the President does not
trade (vacant, no Trade, failed), the firms fill after the Commander and Governors have acted. Firms in
initiative order (ties: PM clockwise).
A firm fills up to ships + 1 orders, as many as it can, the first at the home port of its strategy's
Presidency, each next one linked to an order it filled; no declaration and no extra-region penalty, any
President's home region allowed, filled-order tokens only (no writers). An order still open pays its value
to the firm's India treasury; an order already filled this turn by the Company or another firm pays half
(rounded down, ``order_refill``); the Company may likewise fill orders only firms filled, for half
(rules/operations_presidency.py ``fillable`` / ``_fill``). Then the firm's Value advances one space per
£6 it added to its India treasury this turn.
RB-ex p.40 (Green: £4 allocated, 2 ships, 3 successes -> initiative -1, 3 orders, Value +2) is a test.
"""

from __future__ import annotations

from ..actions import ORDER0
from ..data.firms import VALUE_STEP
from ..queries import all_firms, company_refill
from ..registry import CONTINUATIONS
from ..static import CLOSED, FILLED, OPEN, ORDER_TITLES, PRESIDENCY_HOME_PORT, PRESIDENCY_ZONE
from .checks import roll_check
from .common import clockwise_from, key, name
from .firms import deregulated, firm_of, move_value, strategy_label


def _seat_order(s) -> list[int]:
    return clockwise_from(s, int(s.pm)) if s.pm >= 0 else list(s.seats)


def pending(s, p) -> list[int]:
    """Managers of firms that passed their check for Presidency ``p`` and have not filled yet, in initiative
    order (ties PM clockwise)."""
    seats = _seat_order(s)
    out = [x for x in all_firms(s) if x["strategy"] == PRESIDENCY_ZONE[p] and x["revealed"]
           and x["initiative"] is not None and not x["traded"]]
    return [x["manager"] for x in sorted(out, key=lambda x: (x["initiative"], seats.index(x["manager"])))]


def presidency_begins(game, p: int) -> None:
    """The firms' checks at the start of Presidency ``p``'s operations; the fills left over run after its
    positions (``firms_fill_rest``, pushed first so it runs last)."""
    s = game.state
    if not deregulated(s) or not all_firms(s):
        return
    game.after("firms_fill_rest", p=p)
    for m in _seat_order(s):
        firm = firm_of(s, m)
        if firm is None or firm["strategy"] != PRESIDENCY_ZONE[p] or firm["revealed"]:
            continue
        firm["revealed"] = True
        dice, firm["allocated"] = firm["allocated"], 0
        game.log_note("firms", f"The firm of {name(m)} reveals its strategy {strategy_label(firm['strategy'])} "
                      f"(£{dice})")
        if dice < 1:
            continue
        _, _, rolled = roll_check(game, dice, f"Firm check of {name(m)}")
        successes = sum(1 for d in rolled if d <= 2)
        if successes:
            firm["initiative"] = len(firm["ships"]) - successes
            game.log_note("firms", f"The firm of {name(m)} may trade: initiative {firm['initiative']}")


def interleave(game, p: int, declared, k: int, successes: int) -> bool:
    """The President's Trade succeeded with ``successes`` dice: lower-initiative firms fill first, then the
    Company, then the rest. True if the fills were scheduled here."""
    s = game.state
    managers = pending(s, p)
    if not managers:
        return False
    company = k - successes
    early = [m for m in managers if firm_of(s, m)["initiative"] < company]
    late = [m for m in managers if m not in early]
    game.after("firms_fill_group", p=p, managers=late)
    game.after("firms_company_fill", p=p, declared=declared, k=k)
    fill_group(game, p, early)
    return True


@CONTINUATIONS.register
def firms_fill_rest(game, frame, _):
    fill_group(game, frame["p"], pending(game.state, frame["p"]))


@CONTINUATIONS.register
def firms_fill_group(game, frame, _):
    fill_group(game, frame["p"], frame["managers"])


def fill_group(game, p, managers) -> None:
    s = game.state
    managers = [m for m in managers if firm_of(s, m) is not None and not firm_of(s, m)["traded"]]
    if not managers:
        return
    game.after("firms_fill_group", p=p, managers=managers[1:])
    firm = firm_of(s, managers[0])
    firm["traded"] = True
    _fill_next(game, p, managers[0], placed=[], k=len(firm["ships"]) + 1)


def firm_fillable(s, o, placed) -> bool:
    return s.order_state[o] != CLOSED and o not in placed


def _options(game, p, placed) -> list[int]:
    s = game.state
    if not placed:
        home = PRESIDENCY_HOME_PORT[p]
        return [home] if firm_fillable(s, home, placed) else []
    links = game.data.order_links
    return sorted({q for o in placed for q in links[o] if firm_fillable(s, q, placed)})


def _fill_next(game, p, m, placed, k) -> None:
    s = game.state
    options = _options(game, p, placed) if len(placed) < k else []
    if not options:
        _finish(game, m, placed)
        return
    game.choose(key(m), f"{name(m)}: your firm fills which order ({len(placed)} of {k})?",
                [ORDER0 + o for o in options], "firms_order", p=p, fam=m, placed=placed, k=k)


@CONTINUATIONS.register
def firms_order(game, frame, action):
    s = game.state
    o, m = action - ORDER0, frame["fam"]
    firm = firm_of(s, m)
    value = game.data.order_value[o] if s.order_state[o] == OPEN else game.data.order_refill[o]
    s.order_state[o] = FILLED
    s.firms["order_firm"][o] = m
    firm["india"] += value
    firm["added"] += value
    game.log_note("firms", f"The firm of {name(m)} fills order {ORDER_TITLES[o]}: +£{value} to its India treasury")
    _fill_next(game, frame["p"], m, frame["placed"] + [o], frame["k"])


def _finish(game, m, placed) -> None:
    s = game.state
    firm = firm_of(s, m)
    steps = firm["added"] // VALUE_STEP[0]
    move_value(game, firm, steps)
    game.log_note("firms", f"The firm of {name(m)} filled {len(placed)} order(s), £{firm['added']} this turn: Value "
                  f"+{steps} (space {firm['value']})")


# --- the Company's side (rules/operations_presidency.py) ---------------------------------------------------------
def company_value(game, o) -> int:
    s = game.state
    return game.data.order_refill[o] if company_refill(s, o) else game.data.order_value[o]
