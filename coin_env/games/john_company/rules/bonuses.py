"""V. Bonuses (RB p.26): each family takes £1 per shipyard it owns whose ship is fitted and £1 per
workshop not invested in a firm (RB p.38); Inclosure Acts law: +£1 per family member on a prize. No
decision."""

from __future__ import annotations

from ..registry import implements
from ..static import N_SLOTS
from .common import name
from .firms import usable_workshops

INCLOSURE_ACTS = 36


@implements("bonuses")
def start(game) -> None:
    s = game.state
    fitted = [0] * N_SLOTS                  # each owner's shipyards whose ship is fitted, in one pass
    for owner, zone in zip(s.shipyard_owner.tolist(), s.ship_zone.tolist()):
        if owner >= 0 and zone >= 0:
            fitted[owner] += 1
    for f in s.seats:
        gain = fitted[f] + usable_workshops(s, f)       # an invested workshop earns nothing (RB p.38)
        if INCLOSURE_ACTS in s.laws_in_force:
            gain += sum(s.prize_pieces[f].tolist())
        s.cash[f] += gain
        if gain and game.keeps_log:             # the note's words are built only for a kept log
            game.log_note("bonuses", f"{name(f)} takes £{gain} in bonuses")
