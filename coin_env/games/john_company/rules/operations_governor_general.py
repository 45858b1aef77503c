"""Governor General's operation (RB p.26; created by the Governor General law, parliament.py).

First the Balance gains £3 per Company-controlled region. Then Govern, any number of times until one
success: a check with £1 per die from the Director of Trade's treasury (which the Governor General
uses), no penalty; each 6 rolled puts 1 unrest in every Company region. Success: £1 per Company region
to the Governor General's family (Zamindar Taxes: +£3), then for each Company region one result:
Shipbuilding (a Company ship to any sea zone, China included), Commission regiment (to any Army), or Tax
(+£2 to the Balance or to any office treasury but its own, then 1 unrest in a Company region not yet
taxed this turn). Not a success: 1 unrest in each Company region (Zamindar Taxes: 2). Catastrophic
failure vacates the office.
"""

from __future__ import annotations

from ..actions import DONE, OFFICE0, PRESIDENCY0, PROC, REGION0, ZONE0
from ..data import company
from ..queries import tokens_left, zones_in_play
from ..registry import CONTINUATIONS, announce
from ..static import GOVERNOR_GENERAL, MANAGER_OF_SHIPPING, N_REGIONS, PRESIDENT, T_DOT, T_MOS
from .checks import CATASTROPHE, SUCCESS, roll_check
from .common import ask_number, key, name, vacate

ZAMINDAR_TAXES = 41
TREASURY_OF_OFFICE = {MANAGER_OF_SHIPPING: T_MOS, PRESIDENT[0]: 2, PRESIDENT[1]: 3, PRESIDENT[2]: 4}


def company_regions(s) -> list[int]:
    return [r for r in range(N_REGIONS) if s.control[r] >= 0]


def start(game, slot: int) -> None:
    s = game.state
    s.balance += 3 * len(company_regions(s))
    _menu(game, slot, taxed=[])


def _menu(game, slot, taxed):
    s = game.state
    if s.office_holder[GOVERNOR_GENERAL] != slot or s.treasury[T_DOT] < 1:
        return
    game.choose(key(slot), f"Governor General {name(slot)}: Govern (treasury £{int(s.treasury[T_DOT])}) or done?",
                [PROC["administer"], DONE], "gg_menu", slot=slot, taxed=taxed)
    announce(game, "procedure_window", "gg", slot)        # solo: HB Governor General, -1 required dice +-1


@CONTINUATIONS.register
def gg_menu(game, frame, action):
    if action == DONE:
        return
    s = game.state
    ask_number(game, frame["slot"], "Govern with how many dice (£1 each)?", 1, int(s.treasury[T_DOT]), "gg_dice",
               slot=frame["slot"], taxed=frame["taxed"])


@CONTINUATIONS.register
def gg_dice(game, frame, value):
    s = game.state
    slot = frame["slot"]
    s.treasury[T_DOT] -= value
    _, result, dice = roll_check(game, value, "Govern")
    regions = company_regions(s)
    for _ in range(dice.count(6)):
        for r in regions:
            s.unrest[r] += 1
    if result == CATASTROPHE:
        vacate(game, GOVERNOR_GENERAL)
        return
    if result != SUCCESS:
        for r in regions:
            s.unrest[r] += 2 if ZAMINDAR_TAXES in s.laws_in_force else 1
        _menu(game, slot, frame["taxed"])
        return
    s.cash[slot] += len(regions) + (3 if ZAMINDAR_TAXES in s.laws_in_force else 0)
    _result_next(game, slot, regions, frame["taxed"])


def _result_next(game, slot, left, taxed):
    s = game.state
    if not left:
        return
    options = [PROC["commission_regiment"], PROC["tax_balance"], PROC["tax_president"]]
    if tokens_left(s) > 0:
        options.insert(0, PROC["build_ship"])
    if company.REGIMENTS[0] - int(s.regiments.sum()) <= 0:
        options.remove(PROC["commission_regiment"])
    game.choose(key(slot), f"Govern succeeds: result for {len(left)} Company region(s) left", options,
                "gg_result", slot=slot, left=left, taxed=taxed)
    announce(game, "result_decision", "decide_gg_result")      # solo: HB Governor General, -2


@CONTINUATIONS.register
def gg_result(game, frame, action):
    s = game.state
    slot, left, taxed = frame["slot"], frame["left"][1:], frame["taxed"]
    if action == PROC["build_ship"]:
        game.choose(key(slot), "Shipbuilding: the Company ship goes to which sea zone?",
                    [ZONE0 + z for z in zones_in_play(s)], "gg_ship", slot=slot, left=left, taxed=taxed)
    elif action == PROC["commission_regiment"]:
        game.choose(key(slot), "Commission a regiment into which Army?", [PRESIDENCY0 + p for p in range(3)],
                    "gg_regiment", slot=slot, left=left, taxed=taxed)
    elif action == PROC["tax_balance"]:
        s.balance += 2
        _tax_unrest(game, slot, left, taxed)
    else:
        game.choose(key(slot), "Tax: £2 to which office treasury?", [OFFICE0 + o for o in TREASURY_OF_OFFICE],
                    "gg_tax_treasury", slot=slot, left=left, taxed=taxed)


@CONTINUATIONS.register
def gg_ship(game, frame, action):
    game.state.company_ships[action - ZONE0] += 1
    announce(game, "gg_placed", frame["slot"], "ship", action - ZONE0)       # solo: HB Governor General, +1
    _result_next(game, frame["slot"], frame["left"], frame["taxed"])


@CONTINUATIONS.register
def gg_regiment(game, frame, action):
    game.state.regiments[action - PRESIDENCY0, 0] += 1
    announce(game, "gg_placed", frame["slot"], "regiment", action - PRESIDENCY0)     # solo: HB GG, +1
    _result_next(game, frame["slot"], frame["left"], frame["taxed"])


@CONTINUATIONS.register
def gg_tax_treasury(game, frame, action):
    game.state.treasury[TREASURY_OF_OFFICE[action - OFFICE0]] += 2
    announce(game, "gg_placed", frame["slot"], "treasury", action - OFFICE0)      # solo: HB GG, +1
    _tax_unrest(game, frame["slot"], frame["left"], frame["taxed"])


def _tax_unrest(game, slot, left, taxed):
    s = game.state
    options = [r for r in company_regions(s) if r not in taxed]
    if not options:
        _result_next(game, slot, left, taxed)
        return
    game.choose(key(slot), "Tax: put 1 unrest in which Company region?", [REGION0 + r for r in options],
                "gg_unrest", slot=slot, left=left, taxed=taxed)


@CONTINUATIONS.register
def gg_unrest(game, frame, action):
    r = action - REGION0
    game.state.unrest[r] += 1
    _result_next(game, frame["slot"], frame["left"], frame["taxed"] + [r])
