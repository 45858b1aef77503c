"""Military Affairs' operation (RB p.19).

1. Up to two Army transfers, each moving one officer or one regiment from one Army to another (moved
   pieces keep their half of the Army box).
2. Every piece in Officers-in-Training must be assigned to an Army (top half): one choice per piece.
3. Commanders, Army by Army (Bombay, Madras, Bengal): if the Commander slot is vacant, or some family
   has more pieces (officers + Commander) in that Army than the Commander's family, a family among
   those with the most pieces there gets the command (Military Affairs chooses among tied ones); one
   of its officers moves to the Commander slot and a displaced Commander becomes an officer in the
   top half. Not hiring: no nepotism (RB p.19).
RB-ex p.19: Bombay unchanged; Madras (no Commander, Blue and Yellow tied) Blue may choose Blue; Bengal's
Pink Commander no longer has the most pieces and is replaced.
"""

from __future__ import annotations

from ..actions import DONE, FAMILY0, PRESIDENCY0, PROC
from ..registry import CONTINUATIONS, announce
from ..static import PRESIDENCY_NAMES
from .common import clockwise_from, key, name
from .transfers import chooser, history, resume_menu, undoes


def start(game, slot: int) -> None:
    menu(game, slot, transfers=0)


def menu(game, slot, transfers, **hist):
    """``hist`` (solo favours, rules/crown_favours.py): ``last`` the transfer made before ([kind, who, from, to]),
    ``first`` how the first of the two was used ("prevent" / "choose": a favour); the crown bot reads them."""
    s = game.state
    options = []
    if transfers < 2:
        officers = s.officers.tolist()          # [slot][Army][state]: Python lists sum far faster than tiny arrays
        if any(sum(officers[f][p]) > 0 for f in s.seats for p in range(3)):
            options.append(PROC["transfer_officer"])
        if sum(map(sum, s.regiments.tolist())) > 0:
            options.append(PROC["transfer_regiment"])
    if not options:
        assign_officers_in_training(game, slot)
        return
    options.append(DONE)
    game.choose(key(slot), f"Military Affairs {name(slot)}: Army transfers ({transfers} of 2 made) or done",
                options, "ma_menu_chosen", slot=slot, transfers=transfers, **hist)
    announce(game, "procedure_window", "ma", slot)         # solo: HB Military Affairs 1 transfer favours


@CONTINUATIONS.register
def ma_menu_chosen(game, frame, action):
    s = game.state
    slot, transfers = frame["slot"], frame["transfers"]
    if action == DONE:
        assign_officers_in_training(game, slot)
        return
    kind = "officer" if action == PROC["transfer_officer"] else "regiment"
    if kind == "officer":
        officers = s.officers.tolist()
        armies = [p for p in range(3) if any(sum(officers[f][p]) > 0 for f in s.seats)]
    else:
        regiments = s.regiments.tolist()
        armies = [p for p in range(3) if sum(regiments[p]) > 0]
    game.choose(chooser(frame), f"Transfer {'an officer' if kind == 'officer' else 'a regiment'} from which Army?",
                [PRESIDENCY0 + p for p in armies], "ma_from", slot=slot, transfers=transfers, piece=kind,
                **history(frame))


@CONTINUATIONS.register
def ma_from(game, frame, action):
    s = game.state
    p = action - PRESIDENCY0
    data = dict(history(frame), slot=frame["slot"], transfers=frame["transfers"], piece=frame["piece"], src=p)
    if frame["piece"] == "officer":
        officers = s.officers.tolist()
        fams = [f for f in s.seats if sum(officers[f][p]) > 0]
        if len(fams) > 1:
            game.choose(chooser(frame), f"Whose officer in the {PRESIDENCY_NAMES[p]} Army?",
                        [FAMILY0 + f for f in fams], "ma_family", **data)
            return
        data["fam"] = fams[0]
    _ask_to(game, data)


@CONTINUATIONS.register
def ma_family(game, frame, action):
    data = dict(history(frame), **{k: frame[k] for k in ("slot", "transfers", "piece", "src")})
    data["fam"] = action - FAMILY0
    _ask_to(game, data)


def _ask_to(game, data):
    who = data.get("fam") if data["piece"] == "officer" else None
    dests = [PRESIDENCY0 + q for q in range(3) if q != data["src"]
             and not undoes(data, data["piece"], who, data["src"], q)]
    game.choose(chooser(data), f"Move it from the {PRESIDENCY_NAMES[data['src']]} Army to which Army?", dests,
                "ma_to", **data)


@CONTINUATIONS.register
def ma_to(game, frame, action):
    s = game.state
    p, q = frame["src"], action - PRESIDENCY0
    if frame["piece"] == "officer":
        f = frame["fam"]
        half = 0 if s.officers[f, p, 0] > 0 else 1
        s.officers[f, p, half] -= 1
        s.officers[f, q, half] += 1
        what = f"{name(f)}'s officer"
    else:
        half = 0 if s.regiments[p, 0] > 0 else 1
        s.regiments[p, half] -= 1
        s.regiments[q, half] += 1
        what = "a regiment"
    if game.keeps_log:
        game.log_note("operations", f"Military Affairs moves {what} from the {PRESIDENCY_NAMES[p]} Army to the "
                      f"{PRESIDENCY_NAMES[q]} Army")
    resume_menu(game, frame, [frame["piece"], frame.get("fam") if frame["piece"] == "officer" else None, p, q], menu)


# --- Officers-in-Training ---------------------------------------------------------------------------------
def assign_officers_in_training(game, slot):
    game.after("ma_commanders", slot=slot, p=0)
    _next_trainee(game, slot)


def _next_trainee(game, slot):
    s = game.state
    trainees = s.officers_in_training.tolist()
    for f in clockwise_from(s, slot):
        if trainees[f] > 0:
            game.choose(key(slot), f"Military Affairs {name(slot)}: assign {name(f)}'s Officer-in-Training "
                        f"({int(s.officers_in_training[f])} left) to which Army?",
                        [PRESIDENCY0 + p for p in range(3)], "ma_trainee", slot=slot, fam=f)
            announce(game, "crown_decision", "decide_trainee")      # solo: HB Military Affairs 2, -1
            return


@CONTINUATIONS.register
def ma_trainee(game, frame, action):
    s = game.state
    f, p = frame["fam"], action - PRESIDENCY0
    s.officers_in_training[f] -= 1
    s.officers[f, p, 0] += 1
    game.log_note("operations", f"{name(f)}'s Officer-in-Training joins the {PRESIDENCY_NAMES[p]} Army")
    _next_trainee(game, frame["slot"])


# --- Commanders -----------------------------------------------------------------------------------------
def command_candidates(s, p) -> list[int]:
    """Families that get the command of Army p now (empty: no change), RB p.19."""
    comm = int(s.commander[p])
    army = s.officers[:, p].tolist()                                   # lists: tiny arrays sum slowly
    officers = {f: sum(army[f]) for f in s.seats}
    totals = {f: officers[f] + (1 if comm == f else 0) for f in s.seats}
    with_officers = [f for f in s.seats if officers[f] > 0]
    if not with_officers:
        return []
    if comm >= 0 and all(totals[f] <= totals[comm] for f in with_officers):
        return []
    best = max(totals[f] for f in with_officers)
    return [f for f in with_officers if totals[f] == best]


@CONTINUATIONS.register
def ma_commanders(game, frame, _):
    s = game.state
    slot, p = frame["slot"], frame["p"]
    while p < 3:
        cands = command_candidates(s, p)
        if cands:
            break
        p += 1
    if p >= 3:
        return
    game.after("ma_commanders", slot=slot, p=p + 1)
    if len(cands) == 1:
        appoint(game, p, cands[0])
        return
    game.choose(key(slot), f"Military Affairs {name(slot)}: which family commands the {PRESIDENCY_NAMES[p]} Army?",
                [FAMILY0 + f for f in cands], "ma_commander_chosen", p=p)


@CONTINUATIONS.register
def ma_commander_chosen(game, frame, action):
    appoint(game, frame["p"], action - FAMILY0)


def appoint(game, p, f) -> None:
    s = game.state
    old = int(s.commander[p])
    half = 0 if s.officers[f, p, 0] > 0 else 1
    s.officers[f, p, half] -= 1
    if old >= 0:
        s.officers[old, p, 0] += 1
    s.commander[p] = f
    announce(game, "commander_appointed", f, old)          # solo: HB Military Affairs, +1
    if game.keeps_log:
        game.log_note("operations", f"{name(f)} takes command of the {PRESIDENCY_NAMES[p]} Army"
                      + (f" ({name(old)}'s Commander becomes an officer)" if old >= 0 else ""))
