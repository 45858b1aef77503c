"""Director of Trade's operation (RB p.17-18).

1. Special Envoy, repeatable: a check with £1 per die from the Director's treasury, no penalty
   (RB p.17 checks). On success choose one: open trade with China (the Superintendent of Trade in
   China office is created and the Chairman hires it at once from any writer, RB p.18, p.25), or open
   one closed order in a region the Company does not control. Offered only while such a target
   exists (RB p.17, no dead actions). Catastrophic failure ends the office's actions and vacates it.
2. Transfers: up to two, each moving one writer or one ship from one Presidency / sea zone to another
   (the China overlay counts as a sea zone for ships, RB p.25). Envoys come first: once a transfer is
   made no Special Envoy follows.
RB-ex p.18: Bengal is Company-controlled, so its closed order cannot be opened; a Maratha order can.
"""

from __future__ import annotations

from ..actions import COMPANY_SHIP, DONE, EXTRA_SHIP, FAMILY0, ORDER0, PRESIDENCY0, PROC, SHIP0, ZONE0
from ..queries import ships_in, zones_in_play, zones_with_ships
from ..registry import CONTINUATIONS, announce
from ..static import (CLOSED, DIRECTOR_OF_TRADE, GOVERNOR_GENERAL, N_ORDERS, OPEN, ORDER_TITLES,
                      ORDER_REGION, PRESIDENCY_NAMES, SEA_ZONES, SUPERINTENDENT, T_DOT)
from .checks import CATASTROPHE, SUCCESS, roll_check
from .common import ask_number, key, name, vacate
from .hiring import hire_office
from .transfers import chooser, history, resume_menu, undoes


def office_of(s) -> int:
    return GOVERNOR_GENERAL if s.office_exists[GOVERNOR_GENERAL] else DIRECTOR_OF_TRADE


def envoy_targets(s) -> list[int]:
    """Actions a successful envoy may choose (RB p.18)."""
    out = [] if s.office_exists[SUPERINTENDENT] else [PROC["open_china"]]
    states, control = s.order_state.tolist(), s.control.tolist()
    out += [ORDER0 + o for o in range(N_ORDERS) if states[o] == CLOSED and control[ORDER_REGION[o]] < 0]
    return out


def has_envoy_target(s) -> bool:
    """:func:`envoy_targets` is not empty (China first: until it opens it is a target, and no order need be read)."""
    if not s.office_exists[SUPERINTENDENT]:
        return True
    states, control = s.order_state.tolist(), s.control.tolist()
    return any(states[o] == CLOSED and control[ORDER_REGION[o]] < 0 for o in range(N_ORDERS))


def start(game, slot: int) -> None:
    menu(game, slot, transfers=0)


def menu(game, slot, transfers, **hist):
    """``hist`` (solo favours, rules/crown_favours.py): ``last`` the transfer made before ([kind, who, from, to]),
    ``first`` how the first of the two was used ("prevent" / "choose": a favour); the crown bot reads them."""
    s = game.state
    if s.office_holder.item(DIRECTOR_OF_TRADE) != slot:   # vacated (catastrophic failure)
        return
    options = []
    if transfers == 0 and not hist.get("no_envoy") and s.treasury.item(T_DOT) >= 1 and has_envoy_target(s):
        options.append(PROC["special_envoy"])
    if transfers < 2:
        writers = s.writers.tolist()
        if any(sum(writers[f]) > 0 for f in s.seats):
            options.append(PROC["transfer_writer"])
        if zones_with_ships(s):
            options.append(PROC["transfer_ship"])
    if not options:
        announce(game, "dot_finished", slot)              # solo: HB Director of Trade, your +1
        return
    options.append(DONE)
    game.choose(key(slot), f"Director of Trade {name(slot)}: Special Envoy, transfers or done "
                f"(treasury £{int(s.treasury[T_DOT])}, transfers made {transfers})", options, "dot_menu_chosen",
                slot=slot, transfers=transfers, **hist)
    announce(game, "procedure_window", "dot", slot)        # solo: HB Director of Trade 2 transfer favours


@CONTINUATIONS.register
def dot_menu_chosen(game, frame, action):
    s = game.state
    slot, transfers = frame["slot"], frame["transfers"]
    if action == DONE:
        announce(game, "dot_finished", slot)              # solo: HB Director of Trade, your +1
        return
    hist = {k: frame[k] for k in ("by", "first", "last") if frame.get(k) is not None}
    by = hist.get("by", slot)                                # solo: the family choosing a transfer (a favour)
    if action == PROC["special_envoy"]:
        more = {"no_envoy": True} if frame.get("no_envoy") else {}
        if frame.get("envoy_amount") is not None:          # solo: the amount favour (HB DoT 1) set it
            dot_envoy_dice(game, dict(slot=slot, **more), frame["envoy_amount"])
            return
        ask_number(game, slot, f"Director of Trade {name(slot)}: Special Envoy with how many dice (£1 each)?",
                   1, int(s.treasury[T_DOT]), "dot_envoy_dice", slot=slot, **more)
    elif action == PROC["transfer_writer"]:
        writers = s.writers.tolist()
        boxes = [PRESIDENCY0 + p for p in range(3) if any(writers[f][p] > 0 for f in s.seats)]
        game.choose(key(by), "Transfer a writer from which Presidency?", boxes, "dot_writer_from",
                    slot=slot, transfers=transfers, **hist)
    else:
        zones = [ZONE0 + z for z in zones_with_ships(s)]
        game.choose(key(by), "Transfer a ship from which sea zone?", zones, "dot_ship_from",
                    slot=slot, transfers=transfers, **hist)


# --- Special Envoy ------------------------------------------------------------------------------------
@CONTINUATIONS.register
def dot_envoy_dice(game, frame, value):
    s = game.state
    slot = frame["slot"]
    s.treasury[T_DOT] -= value
    _, result, _ = roll_check(game, value, "Special Envoy")
    if result == CATASTROPHE:
        vacate(game, DIRECTOR_OF_TRADE)
        return
    if result == SUCCESS:
        game.choose(key(slot), "Special Envoy succeeds: open trade with China or open which order?",
                    envoy_targets(s), "dot_envoy_target", slot=slot, no_envoy=frame.get("no_envoy"))
        announce(game, "procedure_window", "envoy", slot)     # solo: HB Director of Trade 1, -1 / -3
        return
    menu(game, slot, transfers=0, **({"no_envoy": True} if frame.get("no_envoy") else {}))


@CONTINUATIONS.register
def dot_envoy_target(game, frame, action):
    s = game.state
    slot = frame["slot"]
    game.after("dot_resume", slot=slot, transfers=0, no_envoy=frame.get("no_envoy"))
    if action == PROC["open_china"]:
        s.office_exists[SUPERINTENDENT] = 1
        game.log_note("operations", "Trade with China opened: the Superintendent of Trade in China is created")
        hire_office(game, SUPERINTENDENT)
        return
    o = action - ORDER0
    s.order_state[o] = OPEN
    if game.keeps_log:
        game.log_note("operations", f"Special Envoy opens order {ORDER_TITLES[o]}")
    announce(game, "dot_opened", slot, o)                  # solo: HB Director of Trade, your +1


@CONTINUATIONS.register
def dot_resume(game, frame, _):
    menu(game, frame["slot"], frame["transfers"], **({"no_envoy": True} if frame.get("no_envoy") else {}))


# --- transfers ------------------------------------------------------------------------------------------
@CONTINUATIONS.register
def dot_writer_from(game, frame, action):
    s = game.state
    p = action - PRESIDENCY0
    writers = s.writers.tolist()
    fams = [f for f in s.seats if writers[f][p] > 0]
    data = dict(history(frame), slot=frame["slot"], transfers=frame["transfers"], src=p)
    if len(fams) == 1:
        _writer_family(game, data, fams[0])
        return
    game.choose(chooser(frame), f"Whose writer in {PRESIDENCY_NAMES[p]}?", [FAMILY0 + f for f in fams],
                "dot_writer_family", **data)


@CONTINUATIONS.register
def dot_writer_family(game, frame, action):
    _writer_family(game, dict(history(frame), slot=frame["slot"], transfers=frame["transfers"], src=frame["src"]),
                   action - FAMILY0)


def _writer_family(game, data, fam):
    dests = [PRESIDENCY0 + q for q in range(3) if q != data["src"] and not undoes(data, "writer", fam, data["src"], q)]
    game.choose(chooser(data), f"Move {name(fam)}'s writer from {PRESIDENCY_NAMES[data['src']]} to?", dests,
                "dot_writer_to", fam=fam, **data)


@CONTINUATIONS.register
def dot_writer_to(game, frame, action):
    s = game.state
    q = action - PRESIDENCY0
    s.writers[frame["fam"], frame["src"]] -= 1
    s.writers[frame["fam"], q] += 1
    if game.keeps_log:
        game.log_note("operations", f"{name(frame['fam'])}'s writer moves from {PRESIDENCY_NAMES[frame['src']]} to "
                      f"{PRESIDENCY_NAMES[q]}")
    resume_menu(game, frame, ["writer", frame["fam"], frame["src"], q], menu)


@CONTINUATIONS.register
def dot_ship_from(game, frame, action):
    s = game.state
    z = action - ZONE0
    game.choose(chooser(frame), f"Which ship in the {SEA_ZONES[z]}?", ships_in(s, z), "dot_ship_chosen",
                slot=frame["slot"], transfers=frame["transfers"], src=z, **history(frame))


@CONTINUATIONS.register
def dot_ship_chosen(game, frame, action):
    s = game.state
    dests = [ZONE0 + z for z in zones_in_play(s) if z != frame["src"]
             and not undoes(frame, "ship", action, frame["src"], z)]
    game.choose(chooser(frame), "Move the ship to which sea zone?", dests, "dot_ship_to",
                slot=frame["slot"], transfers=frame["transfers"], src=frame["src"], ship=action, **history(frame))


@CONTINUATIONS.register
def dot_ship_to(game, frame, action):
    s = game.state
    z, src, ship = action - ZONE0, frame["src"], frame["ship"]
    move_ship(s, ship, src, z)
    if game.keeps_log:
        game.log_note("operations", f"Ship moved from {SEA_ZONES[src]} to {SEA_ZONES[z]}")
    resume_menu(game, frame, ["ship", ship, src, z], menu)


def move_ship(s, ship_action, src, dst) -> None:
    if ship_action == COMPANY_SHIP:
        s.company_ships[src] -= 1
        s.company_ships[dst] += 1
    elif ship_action == EXTRA_SHIP:
        s.extra_ships[src] -= 1
        s.extra_ships[dst] += 1
    else:
        s.ship_zone[ship_action - SHIP0] = dst

