"""IX. Upkeep and Refresh (RB p.36).

Upkeep: each family pays each of its prize pieces' upkeep; a piece it cannot pay for returns to its
supply and the family loses that prize's VP (which pieces are kept is the family's choice; not offered:
the most valuable are kept -- a reading).
Refresh (skipped after the scenario's last turn, which goes to Final Scoring): writers on orders return
to the Writers box of the Presidency that placed them, filled-order tokens go, filled orders are open
again; extra ships return to the supply; exhausted officers and regiments become active; local
alliances in the top half (and those used this turn) go to the bottom half; the turn marker advances.
"""

from __future__ import annotations

from ..static import FILLED, N_ORDERS, OPEN
from .common import name
from .turn import implements


@implements("upkeep")
def start(game) -> None:
    s = game.state
    prizes = game.data.prizes
    for f in s.seats:
        due = sum(int(s.prize_pieces[f, b]) * prizes[b][1] for b in range(5))
        if due <= s.cash[f]:
            s.cash[f] -= due
            continue
        # keep the most valuable pieces the family can pay for
        keep_cash = int(s.cash[f])
        for b in range(4, -1, -1):
            n = int(s.prize_pieces[f, b])
            upkeep = prizes[b][1]
            can = n if upkeep == 0 else min(n, keep_cash // upkeep)
            keep_cash -= can * upkeep
            lost = n - can
            if lost:
                s.prize_pieces[f, b] -= lost
                s.supply[f] += lost
                s.vp[f] -= lost * prizes[b][2]
                game.log_note("upkeep", f"{name(f)} cannot pay upkeep: {lost} piece(s) leave prize box {b + 1}")
        s.cash[f] = keep_cash
    if s.turn >= s.last_turn:
        from .final_scoring import begin
        begin(game, failed=False)
        return
    refresh(game)


def refresh(game) -> None:
    s = game.state
    for o in range(N_ORDERS):
        if s.order_state[o] == FILLED:
            f, p = int(s.order_writer[o]), int(s.order_presidency[o])
            if f >= 0:
                s.writers[f, p] += 1
            s.order_state[o] = OPEN
            s.order_writer[o] = -1
            s.order_presidency[o] = -1
    s.extra_ships[:] = 0
    s.officers[:, :, 0] += s.officers[:, :, 1]
    s.officers[:, :, 1] = 0
    s.regiments[:, 0] += s.regiments[:, 1]
    s.regiments[:, 1] = 0
    s.alliance_active[:] = 0
    game.log_note("upkeep", f"Refresh: turn {s.turn + 1} begins")
