"""III. Hiring (RB p.14-16).

Vacant offices are filled in ascending order of the number on the card back (Chairman 1, Director of
Trade / Governor General 2, Manager of Shipping 3, Military Affairs 4, Presidents 5-7, Superintendent
8, Governors 9-16). The hiring office picks a candidate from the office's pool (RB p.16):

* Chairman: elected by the Court of Directors (below).
* Director of Trade (and Governor General, "hired like the Director of Trade", RB p.26): the Chairman
  hires any current officeholder except the Chairman or a Governor; if there is none, any writer.
* Manager of Shipping, Superintendent of Trade in China: the Chairman hires any writer.
* Military Affairs: the Chairman hires a Commander; if none, an officer; if none, a piece in
  Officers-in-Training.
* President of X: the Director of Trade (or Governor General) hires a writer in X's Writers box or a
  Governor associated with X.
* Governor of a region: its President hires a writer or officer of that Presidency (never a Commander).

Nepotism (RB p.14): hiring one's own family member needs the consent of every other family with a
candidate in the pool -- asked here as an explicit yes/no of each of them; a refusal rules out the
hirer's own family for that office. Promotions (RB p.14): the old office becomes vacant (hired later
this phase if its number is higher) and its fatigue moves with the person. No candidate or a vacant
hirer: the office stays vacant this turn.

Chairman election (RB p.15): a pure majority of Company shares is needed (example: 5 shares -> 3).
Each family with a share, clockwise from the former Chairman, may campaign; the other shareholders
are then asked for their support one by one (explicit consent, weighted by their shares) until the
candidate has a majority or cannot reach it. Nobody elected: the former Chairman picks any family with
a share (no nepotism rule). Empty Court: the former Chairman becomes Chairman with a piece from
supply. The new Chairman moves one of its Court shares to the Chairman slot.
"""

from __future__ import annotations

from ..actions import FAMILY0, NO, action_source, source_action
from ..queries import candidates, has_piece, hiring_pool
from ..registry import CONTINUATIONS, announce, answers, implements
from ..static import (CHAIRMAN, DIRECTOR_OF_TRADE, GOVERNORS, GOVERNOR_GENERAL, HIRE_NUMBER, MANAGER_OF_SHIPPING,
                      MILITARY_AFFAIRS, N_OFFICES, OFFICE_NAMES, PRESIDENCY_NAMES, PRESIDENT, REGION_OF_GOVERNOR,
                      SUPERINTENDENT)
from . import offers
from .blackmail import offer_hiring_preference
from .common import ask_yes_no, clockwise_from, key, name
from .consent import seek_consent
from .family_phase import take_piece


@implements("hiring")
def start(game) -> None:
    game.after("hiring_next", done=[])


# the offices in hiring order (RB p.14: ascending number on the card back, then the office's index)
HIRE_ORDER = tuple(sorted(range(N_OFFICES), key=lambda o: (HIRE_NUMBER[o], o)))


def next_vacancy(s, done) -> int | None:
    """The first vacant office in play, in hiring order, not hired this phase yet (None: none left)."""
    exists, holder = s.office_exists.tolist(), s.office_holder.tolist()
    return next((o for o in HIRE_ORDER if exists[o] and holder[o] < 0 and o not in done), None)


@CONTINUATIONS.register
def hiring_next(game, frame, _):
    s = game.state
    office = next_vacancy(s, frame["done"])
    if office is None:
        return
    game.after("hiring_next", done=frame["done"] + [office])
    hire_office(game, office)


# --- who hires, from whom -----------------------------------------------------------------------------
def hirer_office(s, office: int) -> int | None:
    if office in (DIRECTOR_OF_TRADE, GOVERNOR_GENERAL, MANAGER_OF_SHIPPING, MILITARY_AFFAIRS, SUPERINTENDENT):
        return CHAIRMAN
    if office in PRESIDENT:
        return GOVERNOR_GENERAL if s.office_exists[GOVERNOR_GENERAL] else DIRECTOR_OF_TRADE
    if office in GOVERNORS:
        p = int(s.control[REGION_OF_GOVERNOR[office]])
        return PRESIDENT[p] if p >= 0 else None
    return None


def source_title(src: str) -> str:
    if src.startswith("post"):
        return OFFICE_NAMES[int(src[4:])]
    if src == "oit":
        return "Officers-in-Training"
    p = PRESIDENCY_NAMES[int(src[-1])]
    return {"writer": f"writer in {p}", "officer": f"officer in the {p} Army",
            "commander": f"Commander of the {p} Army"}[src[:-1]]


# --- hiring one office ------------------------------------------------------------------------------
def hire_office(game, office: int) -> None:
    """Fill ``office`` now (pushes the hirer's decisions; a vacant hirer or no candidate: skipped)."""
    s = game.state
    if office == CHAIRMAN:
        start_election(game)
        return
    h_office = hirer_office(s, office)
    hirer = int(s.office_holder[h_office]) if h_office is not None else -1
    if hirer < 0:
        game.log_note("hiring", f"{OFFICE_NAMES[office]} stays vacant: its hiring office is vacant (RB p.14)")
        return
    pool = candidates(s, office)
    if not pool:
        game.log_note("hiring", f"{OFFICE_NAMES[office]} stays vacant: no candidate (RB p.14)")
        return
    if offer_hiring_preference(game, office, hirer):      # Hiring Preference (rules/blackmail.py)
        return
    _ask_source(game, office, hirer, no_own=False, pool=pool)      # nothing changed: the same candidates


@CONTINUATIONS.register
def hiring_ask(game, frame, _):
    """The ordinary hiring choice, unless the office was filled meanwhile (a Hiring Preference was played)."""
    if game.state.office_holder[frame["office"]] < 0:
        _ask_source(game, frame["office"], frame["hirer"], no_own=False)


@answers("hiring_preference_played")
def preferred_hire(game, office: int, hirer: int, f: int) -> None:
    """Hiring Preference played by family ``f`` (rules/blackmail.py): the hirer chooses among ``f``'s candidates,
    without the nepotism consent."""
    _ask_source(game, office, hirer, no_own=False, only=f)


def _ask_source(game, office, hirer, no_own, only=None, offered=False, pool=None):
    """``only``: the family whose member the hirer must hire (Hiring Preference: no nepotism consent).
    With the option ``negotiation: "offers"`` the families with a candidate may first make the hirer an
    offer each (rules/offers.py; RB-ex p.15), unless the hirer has no real choice. ``pool``: the office's
    candidates (queries.candidates) when the caller has just read them."""
    s = game.state
    pool = hiring_pool(s, office, hirer, no_own, only, pool)
    if not offered and only is None and len(pool) > 1:
        families = [f for f in clockwise_from(s, hirer) if any(c == f for _, c in pool)]
        if offers.offer_round(game, families, hirer, f"for the hire of the {OFFICE_NAMES[office]}",
                              "hiring_offers_done", office=office, hirer=hirer, no_own=no_own):
            return
    sources = sorted({source_action(src) for src, _ in pool})
    game.choose(key(hirer), f"{name(hirer)} hires the {OFFICE_NAMES[office]}: choose a candidate", sources,
                "hiring_source_chosen", office=office, hirer=hirer, no_own=no_own, only=only)
    announce(game, "crown_decision", "decide_hiring")         # solo: HB Hiring, -3


@CONTINUATIONS.register
def hiring_offers_done(game, data, _):
    _ask_source(game, data["office"], data["hirer"], data["no_own"], offered=True)


@CONTINUATIONS.register
def hiring_source_chosen(game, frame, action):
    s = game.state
    office, hirer, no_own, only = frame["office"], frame["hirer"], frame["no_own"], frame.get("only")
    src = action_source(action)
    if only is not None:
        do_hire(game, office, src, only)
        return
    families = sorted({slot for sc, slot in hiring_pool(s, office, hirer, no_own) if sc == src},
                      key=lambda x: s.seats.index(x))
    if len(families) == 1:
        _family_chosen(game, office, hirer, src, families[0])
        return
    game.choose(key(hirer), f"{name(hirer)} hires the {OFFICE_NAMES[office]} from {source_title(src)}: whose?",
                [FAMILY0 + f for f in families], "hiring_family_chosen", office=office, hirer=hirer, src=src)


@CONTINUATIONS.register
def hiring_family_chosen(game, frame, action):
    _family_chosen(game, frame["office"], frame["hirer"], frame["src"], action - FAMILY0)


def _family_chosen(game, office, hirer, src, slot):
    s = game.state
    pool = candidates(s, office)                  # the answer to "hired" moves favour cubes, never a candidate
    announce(game, "hired", office, hirer, slot, pool)     # solo: HB Hiring 3, +1
    if slot == hirer:
        others = [f for f in clockwise_from(s, hirer) if f != hirer and any(c == f for _, c in pool)]
        if others:
            seek_consent(game, others, [1] * len(others), 0, len(others),
                         "{family}: consent to " + f"{name(hirer)} hiring its own family member as "
                         f"{OFFICE_NAMES[office]} (nepotism)?", "hiring_nepotism_answer",
                         dict(office=office, hirer=hirer, src=src, slot=slot), about="nepotism",
                         requester=hirer, promise=True)
            return
    do_hire(game, office, src, slot)


@CONTINUATIONS.register
def hiring_nepotism_answer(game, frame, granted):
    if granted:
        do_hire(game, frame["office"], frame["src"], frame["slot"])
    else:
        if game.keeps_log:
            game.log_note("hiring", f"Nepotism refused: {name(frame['hirer'])} must hire another family's member")
        _ask_source(game, frame["office"], frame["hirer"], no_own=True)


def do_hire(game, office: int, src: str, slot: int) -> None:
    """Move the candidate onto the office (RB p.14; promotions carry their fatigue)."""
    s = game.state
    fatigue = 0
    if src.startswith("writer"):
        s.writers[slot, int(src[-1])] -= 1
    elif src.startswith("officer"):
        p = int(src[-1])
        s.officers[slot, p, 0 if s.officers[slot, p, 0] > 0 else 1] -= 1
    elif src.startswith("commander"):
        s.commander[int(src[-1])] = -1
    elif src == "oit":
        s.officers_in_training[slot] -= 1
    else:
        old = int(src[4:])
        fatigue = int(s.office_fatigue[old])
        s.office_holder[old] = -1
        s.office_fatigue[old] = 0
    s.office_holder[office] = slot
    s.office_fatigue[office] = fatigue
    if game.keeps_log:
        game.log_note("hiring", f"{name(slot)} becomes {OFFICE_NAMES[office]} (from {source_title(src)})",
                      office=OFFICE_NAMES[office], family=key(slot))


# --- the Chairman election (RB p.15) -------------------------------------------------------------------
def shares(s) -> int:
    return int(sum(int(s.court[f]) for f in s.seats))


def start_election(game) -> None:
    s = game.state
    former = int(s.chairman_title)
    total = shares(s)
    if total == 0:
        if has_piece(s, former):
            take_piece(game, former)
            seat_chairman(game, former, from_court=False)
        else:
            game.log_note("hiring", "Chairman stays vacant: empty Court and no piece for the former Chairman")
        return
    need = total // 2 + 1
    holders = [f for f in clockwise_from(s, former) if s.court[f] > 0]
    if game.keeps_log:
        game.log_note("hiring", f"Chairman election: {total} Company shares, {need} needed (RB p.15)", need=need)
    if len(holders) == 1:
        seat_chairman(game, holders[0], from_court=True)
        return
    game.after("election_next", holders=holders, i=0, need=need, former=former)
    announce(game, "election_window", former)         # solo: HB Hiring 1, -3 the Crown elects you


@CONTINUATIONS.register
def election_next(game, frame, _):
    holders, i = frame["holders"], frame["i"]
    if game.state.office_holder[CHAIRMAN] >= 0:        # elected by a favour (rules/crown_favours.py)
        return
    if i >= len(holders):
        former = frame["former"]
        game.choose(key(former), f"{name(former)} (former Chairman): nobody has a majority; choose the Chairman",
                    [FAMILY0 + f for f in holders], "election_former_picks")
        return
    cand = holders[i]
    ask_yes_no(game, cand, f"{name(cand)}: campaign for Chairman?", "election_campaign",
               holders=holders, i=i, need=frame["need"], former=frame["former"])


@CONTINUATIONS.register
def election_campaign(game, frame, action):
    s = game.state
    holders, i, need = frame["holders"], frame["i"], frame["need"]
    cand = holders[i]
    if action == NO:
        game.after("election_next", holders=holders, i=i + 1, need=need, former=frame["former"])
        return
    court = s.court.tolist()
    others = [f for f in clockwise_from(s, cand) if f != cand and court[f] > 0]
    seek_consent(game, others, [court[f] for f in others], court[cand], need,
                 "{family}: support " + f"{name(cand)} for Chairman?", "election_support_answer",
                 dict(holders=holders, i=i, need=need, former=frame["former"], cand=cand),
                 about="election", requester=cand, by_shares=True)


@CONTINUATIONS.register
def election_support_answer(game, frame, granted):
    if granted:
        seat_chairman(game, frame["cand"], from_court=True)
        return
    game.after("election_next", holders=frame["holders"], i=frame["i"] + 1, need=frame["need"],
               former=frame["former"])


@CONTINUATIONS.register
def election_former_picks(game, frame, action):
    seat_chairman(game, action - FAMILY0, from_court=True)


def seat_chairman(game, slot: int, from_court: bool) -> None:
    """The Chairman takes the office (RB p.15): from the Court (a share spent) or otherwise."""
    s = game.state
    if from_court:
        s.court[slot] -= 1
    s.office_holder[CHAIRMAN] = slot
    s.office_fatigue[CHAIRMAN] = 0
    s.chairman_title = slot
    if game.keeps_log:                          # the note's words are built only for a kept log
        game.log_note("hiring", f"{name(slot)} is elected Chairman", office="Chairman", family=key(slot))

