"""IV. Company Operation (RB p.17-26): each office acts in the order of the red ribbon, each finishing
before the next starts: Chairman, Director of Trade (or Governor General), Manager of Shipping,
Military Affairs, the Presidencies of Bombay, Madras and Bengal, the Superintendent of Trade in China.
Vacant offices are skipped (RB p.17).

Implemented: Chairman (operations_chairman.py), Director of Trade (operations_director_of_trade.py),
Manager of Shipping (operations_shipping.py), Military Affairs (operations_military_affairs.py), the
Presidencies (operations_presidency.py), the Superintendent of Trade in China (operations_china.py), the
Governor General (operations_governor_general.py).
"""

from __future__ import annotations

from types import MappingProxyType

from ..queries import active
from ..registry import CONTINUATIONS, announce, implements
from ..static import (CHAIRMAN, CROWN, DIRECTOR_OF_TRADE, GOVERNORS, GOVERNOR_GENERAL, MANAGER_OF_SHIPPING,
                      MILITARY_AFFAIRS, OFFICE_NAMES, PRESIDENCY_NAMES, PRESIDENT, REGION_OF_GOVERNOR, SUPERINTENDENT)
from . import (operations_chairman, operations_china, operations_director_of_trade, operations_governor_general,
               operations_military_affairs, operations_presidency, operations_shipping, pm_interventions)
from .common import name, not_implemented

RIBBON = ["chairman", "director_of_trade", "manager_of_shipping", "military_affairs", "presidency0",
          "presidency1", "presidency2", "superintendent"]
# the ribbon's steps that are one office (the Director of Trade's is the Governor General's once it exists)
STEP_OFFICE = MappingProxyType({"chairman": CHAIRMAN, "manager_of_shipping": MANAGER_OF_SHIPPING,
                                "military_affairs": MILITARY_AFFAIRS, "superintendent": SUPERINTENDENT})
OPERATE = {CHAIRMAN: operations_chairman.start, DIRECTOR_OF_TRADE: operations_director_of_trade.start,
           MANAGER_OF_SHIPPING: operations_shipping.start, MILITARY_AFFAIRS: operations_military_affairs.start,
           SUPERINTENDENT: operations_china.start, GOVERNOR_GENERAL: operations_governor_general.start}


@implements("operations")
def start(game) -> None:
    game.after("ops_next", i=0, prev=-1, bc_used=False)


@CONTINUATIONS.register
def ops_next(game, frame, _):
    """The next office on the ribbon; first the PM's interventions after the office that just acted."""
    s = game.state
    i, prev, bc_used = frame["i"], frame.get("prev", -1), frame.get("bc_used", False)
    if prev >= 0 and pm_interventions.board_of_control_due(s, prev, bc_used):
        pm_interventions.ask_board_of_control(game, prev, "ops_next", dict(i=i, prev=-1, bc_used=bc_used))
        return
    if i >= len(RIBBON):
        return
    acted = _office_of_step(s, RIBBON[i])
    game.after("ops_next", i=i + 1, prev=acted if acted is not None else -1, bc_used=bc_used)
    if acted == MILITARY_AFFAIRS and s.office_holder[MILITARY_AFFAIRS] >= 0:
        game.after("ops_oversight")
    step = RIBBON[i]
    if step.startswith("presidency"):
        p = int(step[-1])
        holder = s.office_holder.tolist()
        acting = (holder[PRESIDENT[p]] >= 0 or s.commander[p] >= 0
                  or any(holder[g] >= 0 for g in GOVERNORS if s.control[REGION_OF_GOVERNOR[g]] == p))
        if acting:
            if game.keeps_log:                  # the note's words are built only for a kept log
                game.log_note("operations", f"Presidency of {PRESIDENCY_NAMES[p]} operates")
            operations_presidency.start(game, p)
        return
    office = STEP_OFFICE.get(step)
    if step == "director_of_trade":
        office = GOVERNOR_GENERAL if s.office_exists[GOVERNOR_GENERAL] else DIRECTOR_OF_TRADE
    slot = s.office_holder.item(office)
    if not s.office_exists.item(office) or slot < 0:
        if office == CHAIRMAN and active(s):     # vacant Chairman: a reading (rules/crown.py)
            announce(game, "set_climate")              # the solo Crown: rules/crown.py
        if game.keeps_log:
            game.log_note("operations", f"{OFFICE_NAMES[office]}: vacant or not in play, skipped (RB p.17)")
        return
    if office == CHAIRMAN and active(s):     # RB p.45 Set Climate
        if slot == CROWN:
            announce(game, "set_climate")              # the solo Crown: rules/crown.py
        else:
            game.after("crown_set_climate")
    if game.keeps_log:
        game.log_note("operations", f"{OFFICE_NAMES[office]} ({name(slot)}) acts")
    fn = OPERATE.get(office)
    if fn is None:
        not_implemented(game, f"Company Operation: {OFFICE_NAMES[office]}")
        return
    fn(game, slot)


def _office_of_step(s, step):
    if step.startswith("presidency"):
        return None
    if step == "director_of_trade":
        return GOVERNOR_GENERAL if s.office_exists[GOVERNOR_GENERAL] else DIRECTOR_OF_TRADE
    return STEP_OFFICE[step]


@CONTINUATIONS.register
def ops_oversight(game, frame, _):
    pm_interventions.ask_military_oversight(game)
