"""Manager of Shipping's operation (RB p.19).

The Manager must spend the treasury until at most £2 remain, on any mix of:
* fit a ship: £3 (Ship Subsidy law: £2) -- take an unfitted ship from any family's shipyard (no
  owner consent is needed) and place it in a sea zone (or China);
* buy a Company ship: £5, only if no ship remains on any shipyard;
* lease an extra ship: £2 (returned in Refresh, RB p.36).
With £2 or less left the Manager may still lease or stop. Shipbuilders (prestige card): its owner
takes £1 from the bank for each Company or extra ship bought. Ship tokens: 14 Company / extra ships
(RB p.3). Reading: "a ship on a shipyard" means the ship of a shipyard some family owns.
"""

from __future__ import annotations

from ..actions import DONE, PROC, SHIP0, ZONE0
from ..data import company
from ..queries import tokens_left, unfitted, zones_in_play
from ..registry import CONTINUATIONS, announce
from ..static import SEA_ZONES, SHIP_NAMES, T_MOS
from .common import key, name

SHIPBUILDERS = 21


def fit_cost(s) -> int:
    return 2 if 39 in s.laws_in_force else company.SHIP_COSTS["fit"][0]


def purchases(s) -> list[int]:
    t = int(s.treasury[T_MOS])
    out = []
    if t >= fit_cost(s) and unfitted(s):
        out.append(PROC["fit_ship"])
    if t >= company.SHIP_COSTS["company"][0] and not unfitted(s) and tokens_left(s) > 0:
        out.append(PROC["buy_company_ship"])
    if t >= company.SHIP_COSTS["extra"][0] and tokens_left(s) > 0:
        out.append(PROC["lease_extra_ship"])
    return out


def start(game, slot: int) -> None:
    menu(game, slot)


def menu(game, slot, bought=0):
    """``bought``: Company ships bought so far in this operation (the Crown's procedure counts them)."""
    s = game.state
    options = purchases(s)
    if not options:
        return
    if s.treasury[T_MOS] <= 2:
        options.append(DONE)
    game.choose(key(slot), f"Manager of Shipping {name(slot)}: spend the treasury (£{int(s.treasury[T_MOS])}; "
                "at most £2 may remain)", options, "mos_chosen", slot=slot, bought=bought)
    announce(game, "procedure_window", "mos", slot)       # solo: HB Manager of Shipping 2-3


@CONTINUATIONS.register
def mos_chosen(game, frame, action):
    s = game.state
    slot, bought = frame["slot"], frame.get("bought", 0)
    if action == DONE:
        return
    if action == PROC["fit_ship"]:
        game.choose(key(slot), "Fit which ship?", [SHIP0 + i for i in unfitted(s)], "mos_fit_ship", slot=slot,
                    bought=bought)
        announce(game, "crown_decision", "decide_fit_ship")       # solo: HB Manager of Shipping 1, -1
        return
    kind = "company" if action == PROC["buy_company_ship"] else "extra"
    _ask_zone(game, slot, kind=kind, ship=-1, bought=bought)


def _ask_zone(game, slot, kind, ship, bought=0):
    s = game.state
    what = SHIP_NAMES[ship] if ship >= 0 else ("a Company ship" if kind == "company" else "an extra ship")
    game.choose(key(slot), f"Place {what} in which sea zone?", [ZONE0 + z for z in zones_in_play(s)],
                "mos_zone", slot=slot, ship_kind=kind, ship=ship, bought=bought)
    announce(game, "crown_decision", "decide_ship_zone")      # solo: HB Manager of Shipping, -1


@CONTINUATIONS.register
def mos_fit_ship(game, frame, action):
    announce(game, "ship_fitted", frame["slot"], action - SHIP0)      # solo: HB Manager of Shipping
    _ask_zone(game, frame["slot"], kind="fit", ship=action - SHIP0, bought=frame.get("bought", 0))


@CONTINUATIONS.register
def mos_zone(game, frame, action):
    s = game.state
    slot, kind, ship, z = frame["slot"], frame["ship_kind"], frame["ship"], action - ZONE0
    bought = frame.get("bought", 0) + (kind == "company")
    announce(game, "ship_placed", slot, z)        # solo: HB Manager of Shipping, +1
    if kind == "fit":
        s.treasury[T_MOS] -= fit_cost(s)
        s.ship_zone[ship] = z
        s.ship_fatigued[ship] = 0
        if game.keeps_log:
            game.log_note("operations", f"The {SHIP_NAMES[ship]} is fitted and sails to the {SEA_ZONES[z]}")
    else:
        cost = company.SHIP_COSTS[kind][0]
        s.treasury[T_MOS] -= cost
        if kind == "company":
            s.company_ships[z] += 1
        else:
            s.extra_ships[z] += 1
        for f in s.seats:
            if SHIPBUILDERS in s.hands[f]["prestige"]:
                s.cash[f] += 1
        if game.keeps_log:
            game.log_note("operations", f"{'Company' if kind == 'company' else 'Extra'} ship to the {SEA_ZONES[z]}")
    menu(game, slot, bought)

