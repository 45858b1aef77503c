"""Superintendent of Trade in China (RB p.25).

Trade in China, once per turn, only if an opium icon lies in a Company-controlled region: a check with
one die per ship on the Superintendent's overlay (no money). Success: the Balance gains £4 per opium
icon in Company-controlled regions (Envoy to China law: £5) and the Superintendent's family £1 per
icon. Catastrophic failure vacates the office. RB-ex p.25: 4 icons -> Balance +£16, the family +£4.
Reading: "once per turn" is one check (a failure is not retried: the dice are the ships, no fresh
resources can be spent).
"""

from __future__ import annotations

from ..actions import DONE, PROC
from ..queries import china_ships
from ..registry import CONTINUATIONS, announce
from ..static import N_REGIONS, SUPERINTENDENT
from .checks import CATASTROPHE, SUCCESS, roll_check
from .common import key, name, vacate

ENVOY_TO_CHINA = 32


def icons(game) -> int:
    s = game.state
    return sum(game.data.opium[r] for r in range(N_REGIONS) if s.control[r] >= 0)


def start(game, slot: int) -> None:
    s = game.state
    if icons(game) == 0 or china_ships(s) == 0:
        game.log_note("operations", "No Trade in China: no opium icon in a Company region or no ship")
        return
    game.choose(key(slot), f"Superintendent {name(slot)}: Trade in China with {china_ships(s)} dice, or done?",
                [PROC["trade_china"], DONE], "china_chosen", slot=slot)
    announce(game, "procedure_window", "china", slot)     # solo: HB Superintendent, -1 minimum +-1


@CONTINUATIONS.register
def china_chosen(game, frame, action):
    if action == DONE:
        return
    s = game.state
    slot = frame["slot"]
    _, result, _ = roll_check(game, china_ships(s), "Trade in China")
    if result == SUCCESS:
        n = icons(game)
        per = 5 if ENVOY_TO_CHINA in s.laws_in_force else 4
        s.balance += per * n
        s.cash[slot] += n
        game.log_note("operations", f"Trade in China: Balance +£{per * n}, {name(slot)} +£{n}")
    elif result == CATASTROPHE:
        vacate(game, SUPERINTENDENT)
