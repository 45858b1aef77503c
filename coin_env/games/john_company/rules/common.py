"""Shared procedure helpers: whose turn, numbers as short digit sequences, vacating an office.

* Numbers (budgets, splits, dice bought): :func:`ask_number` asks a number in [lo, hi] as one count
  choice when hi <= 20, else as its tens ("tens: 3") then its units ("0".."9"), each masked to the
  range, so the choice always completes (DESIGN: every offered action can be completed).
* Consent (RB p.8): rules/consent.py (it sits above rules/offers.py, which uses these helpers).
"""

from __future__ import annotations

from ..actions import COUNT0, MAX_COUNT, NO, TENS0, YES
from ..registry import CONTINUATIONS, announce
from ..static import CHAIRMAN, FAMILY_KEYS, FAMILY_NAMES, HIRE_NUMBER, N_OFFICES, OFFICE_NAMES, PHASE_TITLES

MAX_NUMBER = 99     # one numeric choice is at most 99 (a larger sum is entered in parts)


def key(slot: int) -> str:
    return FAMILY_KEYS[slot]


def name(slot: int) -> str:
    return FAMILY_NAMES[slot]


def clockwise_from(state, slot: int) -> list[int]:
    """The seated families clockwise starting with ``slot`` (RB p.10: seating order)."""
    seats = state.seats
    i = seats.index(slot) if slot in seats else 0
    return seats[i:] + seats[:i]


# --- numbers ---------------------------------------------------------------------------------------
def ask_number(game, who: int, ask: str, lo: int, hi: int, then: str, **data) -> None:
    """Ask family ``who`` for a number in [lo, hi]; continuation ``then(game, frame, value)``."""
    hi = min(hi, MAX_NUMBER)
    if lo > hi:
        raise ValueError(f"empty number range {lo}..{hi} for {ask!r}")
    if hi <= MAX_COUNT:
        game.choose(key(who), ask, range(COUNT0 + lo, COUNT0 + hi + 1), "number_units",     # choose makes the list
                    next=then, lo=lo, hi=hi, tens=0, **data)
        return
    tens = [TENS0 + t for t in range(hi // 10 + 1) if t * 10 + 9 >= lo]
    game.choose(key(who), ask + " (tens)", tens, "number_tens", next=then, lo=lo, hi=hi, base_ask=ask, **data)


@CONTINUATIONS.register
def number_tens(game, frame, action):
    t = action - TENS0
    lo, hi = frame["lo"], frame["hi"]
    units = [u for u in range(10) if lo <= t * 10 + u <= hi]
    data = {k: v for k, v in frame.items() if k not in ("kind", "actor", "ask", "options", "then", "base_ask")}
    data["tens"] = t
    game.choose(frame["actor"], f"{frame['base_ask']} (units after {t * 10})", [COUNT0 + u for u in units],
                "number_units", **data)


@CONTINUATIONS.register
def number_units(game, frame, action):
    value = frame["tens"] * 10 + (action - COUNT0)
    CONTINUATIONS[frame["next"]](game, frame, value)


def payload(frame: dict) -> dict:
    """The data a frame carries for the procedure (without the machinery's own keys)."""
    return {k: v for k, v in frame.items() if k not in ("kind", "actor", "ask", "options", "then", "next", "lo",
                                                        "hi", "tens", "base_ask", "fn")}


# --- yes / no -------------------------------------------------------------------------------------
def ask_yes_no(game, who: int, ask: str, then: str, **data) -> None:
    game.choose(key(who), ask, [YES, NO], then, **data)


# --- offices ----------------------------------------------------------------------------------------
def office_exists(state, office: int) -> bool:
    return bool(state.office_exists[office])


def holder(state, office: int) -> int:
    return int(state.office_holder[office])


def vacate(game, office: int, to: str = "supply") -> None:
    """Remove the officeholder (to its supply, or the Pensioners box): card to Vacant Offices, fatigue
    to the supply (RB p.11 attrition, p.17 catastrophic failure)."""
    s = game.state
    slot = int(s.office_holder[office])
    if slot < 0:
        return
    s.office_holder[office] = -1
    s.office_fatigue[office] = 0
    if to == "pensioners":
        s.pensioners[slot] += 1
    else:
        s.supply[slot] += 1
    if game.keeps_log:
        game.log_note("office", f"{name(slot)} leaves the office of {OFFICE_NAMES[office]} ({to})",
                      office=OFFICE_NAMES[office], family=key(slot))


def offices_by_hire_number(state) -> list[int]:
    return sorted((o for o in range(N_OFFICES) if state.office_exists[o]), key=lambda o: (HIRE_NUMBER[o], o))


def chairman_or_title(state) -> int:
    """The Chairman, or the former Chairman while the office is vacant (RB p.11, p.13)."""
    h = state.office_holder.item(CHAIRMAN)
    return h if h >= 0 else int(state.chairman_title)


def phase_title(phase: str) -> str:
    return PHASE_TITLES.get(phase, phase)


def take_piece(game, slot: int) -> bool:
    """A family member from the supply; False if the supply is empty (callers offer the action only
    when a piece can be had, RB p.13 'out of family pieces' handled by the caller)."""
    s = game.state
    if s.supply[slot] <= 0:
        return False
    s.supply[slot] -= 1
    return True


def return_prize_piece(game, slot: int, box: int, count: int = 1) -> None:
    """``count`` of a family's pieces leave a prize box for its supply and the box's VP go with them (RB p.13
    a family out of pieces takes one back; RB p.36 upkeep and window tax a family cannot pay)."""
    s = game.state
    s.prize_pieces[slot, box] -= count
    s.supply[slot] += count
    s.vp[slot] -= count * game.data.prizes[box][2]


# --- Company Standing -------------------------------------------------------------------------------------
def lower_standing(game, n: int, why: str) -> bool:
    """Standing -n; True if the Company failed (RB p.27)."""
    s = game.state
    s.standing = max(0, s.standing - n)
    if game.keeps_log:
        game.log_note("revenue", f"Company Standing -{n} ({why}): {s.standing}")
    if s.standing == 0:
        announce(game, "game_ends", failed=True)         # Final Scoring (rules/final_scoring.py)
        return True
    return False


# --- the honest end of the implemented part (rules/turn.py) -----------------------------------------------
def not_implemented(game, what: str) -> None:
    """End the game where the implemented rules end (an incomplete result, never a winner)."""
    s = game.state
    s.frames.clear()
    s.result = {"complete": False, "reason": f"{what} not implemented", "turn": s.turn, "phase": s.phase,
                "vp": {game.faction_of(slot): int(s.vp[slot]) for slot in s.seats}}
    s.over = True
    game.log_note("end", f"Game stopped: {what} is not implemented yet")
