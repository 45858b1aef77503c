"""IX. Upkeep and Refresh (RB p.36).

Upkeep: each family pays each of its prize pieces' upkeep; a piece it cannot pay for returns to its
supply and the family loses that prize's VP: the family picks which prize loses a piece, one at a
time, until it can pay (when its pieces with upkeep sit on more than one prize box).
Refresh (skipped after the scenario's last turn, which goes to Final Scoring): writers on orders return
to the Writers box of the Presidency that placed them, filled-order tokens go, filled orders are open
again; extra ships return to the supply; exhausted officers and regiments become active; local
alliances in the top half (and those used this turn) go to the bottom half; the turn marker advances.
"""

from __future__ import annotations

from ..actions import PRIZE0
from ..registry import CONTINUATIONS, announce, implements
from ..static import FILLED, N_ORDERS, OPEN
from .common import key, name, return_prize_piece


@implements("upkeep")
def start(game) -> None:
    game.after("upkeep_next", i=0)


def _due(game, f) -> int:
    s = game.state
    pieces, prizes = s.prize_pieces[f].tolist(), s.data.prizes
    return sum(pieces[b] * prizes[b][1] for b in range(5))


@CONTINUATIONS.register
def upkeep_next(game, frame, _):
    """Each family in seating order pays its upkeep; one that cannot pay it all picks which prize pieces
    return to its supply (losing their VP), one at a time, until it can (RB p.36)."""
    s = game.state
    i = frame["i"]
    while i < len(s.seats):
        f = s.seats[i]
        due = _due(game, f)                 # read once: Royal Privilege moves money, never a prize's pieces
        if announce(game, "royal_privilege", f, due):     # solo: HB Upkeep, Royal Privilege (rules/crown.py)
            return
        if due > s.cash[f]:
            boxes = [b for b in range(5) if s.prize_pieces[f, b] > 0 and game.data.prizes[b][1] > 0]
            if len(boxes) > 1:
                game.after("upkeep_next", i=i)
                game.choose(key(f), f"{name(f)}: upkeep £{due} but £{int(s.cash[f])} in the treasury: which "
                            "prize loses a piece?", [PRIZE0 + b for b in boxes], "upkeep_returned", f=f)
                return
            _pay_upkeep(game, f)
        else:
            s.cash[f] -= due
        i += 1
    _end(game)


@CONTINUATIONS.register
def upkeep_returned(game, frame, action):
    f, b = frame["f"], action - PRIZE0
    return_prize_piece(game, f, b)
    game.log_note("upkeep", f"{name(f)} cannot pay upkeep: a piece leaves prize box {b + 1}")


def _pay_upkeep(game, f) -> None:
    """No choice left (pieces on one prize box with upkeep): as many as it can pay for stay."""
    s = game.state
    prizes = game.data.prizes
    keep_cash = int(s.cash[f])
    for b in range(4, -1, -1):
        n = int(s.prize_pieces[f, b])
        upkeep = prizes[b][1]
        can = n if upkeep == 0 else min(n, keep_cash // upkeep)
        keep_cash -= can * upkeep
        lost = n - can
        if lost:
            return_prize_piece(game, f, b, lost)
            game.log_note("upkeep", f"{name(f)} cannot pay upkeep: {lost} piece(s) leave prize box {b + 1}")
    s.cash[f] = keep_cash


def _end(game) -> None:
    s = game.state
    if s.turn >= s.last_turn:
        announce(game, "game_ends", failed=False)         # Final Scoring (rules/final_scoring.py)
        return
    refresh(game)


def refresh(game) -> None:
    s = game.state
    announce(game, "writers_return")          # solo: HB Upkeep, +1
    states = s.order_state.tolist()           # each order's own entry changes after its read
    for o in range(N_ORDERS):
        if states[o] == FILLED:
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
    if game.keeps_log:
        game.log_note("upkeep", f"Refresh: turn {s.turn + 1} begins")
