"""The Prime Minister's interventions granted by laws (law cards, digest appendix A), and War Against
France!'s passage.

* Board of Control (law 34): once per turn, after any office but the Chairman has finished acting, the
  PM may remove its officeholder (to its supply; the card to Vacant Offices) -- an explicit yes/no of
  the PM after each such office, until used.
* Military Oversight (law 47): right after Military Affairs acts, the PM may demote one Commander to an
  officer and appoint another of that Army's officers, under the hiring and nepotism rules (RB p.14:
  the other families with an officer there must consent if the PM appoints its own).
* War Against France! passed (law 55): the PM selects 3 ships that are not extra ships (a family's
  ship returns to its shipyard, a Company ship to the supply) and 3 officers or regiments (to their
  supplies), each as far as there are any.
"""

from __future__ import annotations

from ..actions import COMPANY_SHIP, DONE, EXTRA_SHIP, FAMILY0, PRESIDENCY0, PROC, SHIP0, YES, ZONE0
from ..queries import ships_in, zones_in_play
from ..registry import CONTINUATIONS
from ..static import CHAIRMAN, OFFICE_NAMES, PRESIDENCY_NAMES
from .common import ask_yes_no, clockwise_from, key, name, vacate
from .consent import seek_consent
from .operations_military_affairs import appoint

BOARD_OF_CONTROL, MILITARY_OVERSIGHT = 34, 47


# --- Board of Control -----------------------------------------------------------------------------------
def board_of_control_due(s, office, used) -> bool:
    return (BOARD_OF_CONTROL in s.laws_in_force and not used and office != CHAIRMAN and s.pm >= 0
            and s.office_holder[office] >= 0)


def ask_board_of_control(game, office, then: str, data: dict) -> None:
    s = game.state
    ask_yes_no(game, int(s.pm), f"Prime Minister {name(int(s.pm))} (Board of Control): remove "
               f"{name(int(s.office_holder[office]))} from the office of {OFFICE_NAMES[office]}?",
               "board_of_control_answer", office=office, after=then, data=data)


@CONTINUATIONS.register
def board_of_control_answer(game, frame, action):
    data = dict(frame["data"])
    if action == YES:
        vacate(game, frame["office"])
        data["bc_used"] = True
    CONTINUATIONS[frame["after"]](game, dict(data, kind="call"), None)


# --- Military Oversight -----------------------------------------------------------------------------------
def oversight_armies(s) -> list[int]:
    commander, officers = s.commander.tolist(), s.officers.tolist()
    return [p for p in range(3) if commander[p] >= 0 and any(sum(officers[f][p]) > 0 for f in s.seats)]


def ask_military_oversight(game) -> None:
    s = game.state
    if MILITARY_OVERSIGHT not in s.laws_in_force or s.pm < 0:
        return
    armies = oversight_armies(s)
    if not armies:
        return
    game.choose(key(int(s.pm)), f"Prime Minister {name(int(s.pm))} (Military Oversight): replace a Commander?",
                [PRESIDENCY0 + p for p in armies] + [DONE], "oversight_army")


@CONTINUATIONS.register
def oversight_army(game, frame, action):
    if action == DONE:
        return
    s = game.state
    p = action - PRESIDENCY0
    fams = [f for f in s.seats if s.officers[f, p].sum() > 0]
    game.choose(key(int(s.pm)), f"Appoint whose officer Commander of the {PRESIDENCY_NAMES[p]} Army?",
                [FAMILY0 + f for f in fams], "oversight_family", p=p)


@CONTINUATIONS.register
def oversight_family(game, frame, action):
    s = game.state
    p, f, pm = frame["p"], action - FAMILY0, int(s.pm)
    others = [x for x in clockwise_from(s, pm) if x != pm and s.officers[x, p].sum() > 0]
    if f == pm and others:
        seek_consent(game, others, [1] * len(others), 0, len(others), "{family}: consent to " +
                     f"{name(pm)} appointing its own officer Commander (nepotism)?", "oversight_consent",
                     dict(p=p, f=f), requester=pm, promise=True)
        return
    _appoint(game, p, f)


@CONTINUATIONS.register
def oversight_consent(game, frame, granted):
    if granted:
        _appoint(game, frame["p"], frame["f"])
    else:
        game.log_note("parliament", "Military Oversight: nepotism refused, the Commander stays")


def _appoint(game, p, f):
    appoint(game, p, f)


# --- War Against France! --------------------------------------------------------------------------------
def war_against_france(game) -> None:
    _war_ship(game, 3)


def _war_ship(game, left):
    s = game.state
    zones = [z for z in zones_in_play(s) if [a for a in ships_in(s, z) if a != EXTRA_SHIP]]
    if left == 0 or not zones:
        _war_piece(game, 3)
        return
    game.choose(key(int(s.pm)), f"War Against France!: remove a ship ({left} left) from which sea zone?",
                [ZONE0 + z for z in zones], "war_ship_zone", left=left)


@CONTINUATIONS.register
def war_ship_zone(game, frame, action):
    s = game.state
    z = action - ZONE0
    game.choose(key(int(s.pm)), "War Against France!: which ship?", [a for a in ships_in(s, z) if a != EXTRA_SHIP],
                "war_ship", left=frame["left"], z=z)


@CONTINUATIONS.register
def war_ship(game, frame, action):
    s = game.state
    if action == COMPANY_SHIP:
        s.company_ships[frame["z"]] -= 1
    else:
        i = action - SHIP0
        s.ship_zone[i] = -1
        s.ship_fatigued[i] = 0
    _war_ship(game, frame["left"] - 1)


def _war_piece(game, left):
    s = game.state
    armies = [p for p in range(3) if s.regiments[p].sum() > 0 or any(s.officers[f, p].sum() > 0 for f in s.seats)]
    if left == 0 or not armies:
        return
    game.choose(key(int(s.pm)), f"War Against France!: remove an officer or regiment ({left} left) from which Army?",
                [PRESIDENCY0 + p for p in armies], "war_army", left=left)


@CONTINUATIONS.register
def war_army(game, frame, action):
    s = game.state
    p = action - PRESIDENCY0
    options = ([PROC["regiment"]] if s.regiments[p].sum() > 0 else []) + \
        [FAMILY0 + f for f in s.seats if s.officers[f, p].sum() > 0]
    game.choose(key(int(s.pm)), "War Against France!: a regiment or whose officer?", options, "war_piece",
                left=frame["left"], p=p)


@CONTINUATIONS.register
def war_piece(game, frame, action):
    s = game.state
    p = frame["p"]
    if action == PROC["regiment"]:
        half = 0 if s.regiments[p, 0] > 0 else 1
        s.regiments[p, half] -= 1
    else:
        f = action - FAMILY0
        half = 0 if s.officers[f, p, 0] > 0 else 1
        s.officers[f, p, half] -= 1
        s.supply[f] += 1
    _war_piece(game, frame["left"] - 1)

