"""VIII. Parliament Meets (RB p.34-36).

Selecting the law: the Prime Minister draws laws one at a time, up to three, and selects one (the
others are discarded); a dilemma must be selected as soon as it is drawn. Old Ideas Made New!: the PM
picks a law from the discard pile instead (if the pile is empty, the card goes back and another law
is drawn); afterwards the discards, this turn's laws and the card are shuffled into the deck.
Selecting the policy: the dial arm turns clockwise or counter-clockwise to the first space matching
the law's icon (the PM chooses when the two differ). Starting support: the law's printed value.
Voting: rounds starting with the PM, clockwise; a family may vote for or against (pass otherwise):
£1 per vote from its treasury (Masses Demand Franchise!: £2), 2 votes per workshop and 1 per shipyard
used (each card once per vote), and the prestige cards' icons (Rotten Borough 3, 1 after Masses Demand
Franchise!; Labour Newspaper / Social Magazine 4 on matching policies; none under Lady Newcome). Whoever votes against is in the opposition and may not vote for later;
the PM never votes against (Prime Minister's honour). Coalitions: a family voting against may cast its
votes on behalf of another (non-PM) family, with that family's explicit consent; the partner joins the
opposition and the votes count toward its total against. After each round with a vote the PM starts
another round or resolves; a round without a vote resolves. Opposition Leader: most votes against
(a tie keeps the previous holder).
Resolution: support <= -1 fails (the law is discarded, a dilemma's "if failed" applies, the Opposition
Leader takes the PM dial and turns the arm to an adjacent space of its choice, whose policy applies);
otherwise it passes: the PM takes a passed-law token, the policy applies, then the law.
Policies (RB p.34): Tax -- £1 per target owned, an unpaid target returns to the supply (window tax:
also £1 per window icon on luxuries and prize pieces); Bonus -- £1 per target owned; Power -- the
target's token swaps with the one above.

The Vote to Deregulate (RB p.36, rules/deregulation.py) uses these voting rounds as a special session
(``start_special_vote``): no policy, the PM may vote against, no change of PM or Opposition Leader.
Board of Control, Military Oversight and War Against France! are in pm_interventions.py. An unpaid Tax: the family
picks which target returns when they differ (a shipyard by its ship; a Court share or the Chairman's piece),
rules/parliament.py ``policy_tax``. A Power policy on the token already on top: the PM picks the two other
tokens that swap (RB p.34 does not name who picks: a reading). Still a reading: the window tax returns
luxuries, then prize pieces from the cheapest box.
"""

from __future__ import annotations

from ..actions import (COURT_SHARE, DONE, FAMILY0, LAW, LAW_OF_ACTION, OFFICE0, POWER_TOKEN, POWER_TOKEN_OF_ACTION,
                       PROC, SHIP0)
from ..data import company
from ..data.cards import LAWS, WINDOW_TAX_REPEAL
from ..queries import active, crown_slot, extra_votes, owned
from ..registry import CONTINUATIONS, announce, answers, implements
from ..static import (CHAIRMAN, CROWN, DIRECTOR_OF_TRADE, GOVERNORS, GOVERNOR_GENERAL, N_SHIPS, PRESIDENCY_HOME_REGION,
                      REGION_OF_GOVERNOR, SHIP_NAMES, SUPERINTENDENT)
from .common import ask_number, clockwise_from, key, name, not_implemented, return_prize_piece, vacate
from .consent import seek_consent
from .events_india import close_in_region, foreign_invasion
from .hiring import hire_office
from .pm_interventions import war_against_france

LAW_INFO = {law[0]: law for law in LAWS}
DIAL = company.POLICY_DIAL[0]
NOT_IMPLEMENTED_LAWS: set = set()
MASSES_DEMAND_FRANCHISE = 54


def law_name(law) -> str:
    return LAW_INFO[law][1]


@implements("parliament")
def start(game) -> None:
    s = game.state
    if active(s) and crown_slot(s, int(s.pm)):    # HB, the Crown is PM: Climate Shift first
        announce(game, "climate_shift")          # the solo Crown: rules/crown.py
    _draw(game, [])


def _draw(game, drawn):
    s = game.state
    pm = int(s.pm)
    if not s.law_deck:                      # reconstructed: an empty deck is refilled from the discards
        s.law_deck = list(s.law_discards)
        s.law_discards = []
        s.rng.shuffle(s.law_deck)
    law = s.law_deck.pop()
    drawn = drawn + [law]
    if game.keeps_log:
        game.log_note("parliament", f"The Prime Minister draws {law_name(law)}")
    if LAW_INFO[law][2] == "dilemma":
        _select(game, law, drawn)
        return
    options = [LAW[x] for x in drawn]
    if len(drawn) < 3 and s.law_deck:
        options.append(PROC["draw_law"])
    game.choose(key(pm), f"Prime Minister {name(pm)}: select a law or draw another", options, "law_chosen",
                drawn=drawn)
    announce(game, "procedure_window", "law", pm, drawn=drawn)      # solo: HB Parliament 2, -2 stop / skip


@CONTINUATIONS.register
def law_chosen(game, frame, action):
    if action == PROC["draw_law"]:
        _draw(game, frame["drawn"])
        return
    _select(game, LAW_OF_ACTION[action], frame["drawn"])


def _select(game, law, drawn):
    s = game.state
    s.law_discards += [x for x in drawn if x != law]
    if law == 52:                                       # Old Ideas Made New!
        if not s.law_discards:
            s.law_deck.append(52)
            s.rng.shuffle(s.law_deck)
            _draw(game, [x for x in drawn if x != 52])
            return
        game.choose(key(int(s.pm)), "Old Ideas Made New!: choose a law from the discard pile",
                    [LAW[x] for x in sorted(set(s.law_discards))], "old_ideas_chosen")
        return
    _policy(game, law, old_ideas=False)


@CONTINUATIONS.register
def old_ideas_chosen(game, frame, action):
    s = game.state
    law = LAW_OF_ACTION[action]
    s.law_discards.remove(law)
    if LAW_INFO[law][0] == 52:
        law = 52
    _policy(game, law, old_ideas=True)


def _matches(space, icon) -> bool:
    consequence, target, _ = DIAL[space]
    return icon in (consequence, target)


def first_match(dial, icon, step) -> int:
    for k in range(1, len(DIAL) + 1):
        pos = (dial + step * k) % len(DIAL)
        if _matches(pos, icon):
            return pos
    return dial


def _policy(game, law, old_ideas):
    s = game.state
    icon = LAW_INFO[law][3]
    cw, ccw = first_match(s.dial, icon, 1), first_match(s.dial, icon, -1)
    if cw == ccw or not icon:
        _start_vote(game, law, cw, old_ideas)
        return
    game.choose(key(int(s.pm)), f"{law_name(law)}: turn the dial to {DIAL[cw][0]} {DIAL[cw][1]} (clockwise) or "
                f"{DIAL[ccw][0]} {DIAL[ccw][1]} (counter-clockwise)?", [PROC["dial_cw"], PROC["dial_ccw"]],
                "dial_chosen", law=law, cw=cw, ccw=ccw, old_ideas=old_ideas)
    announce(game, "crown_decision", "decide_dial")       # solo: HB Parliament 3, -4


@CONTINUATIONS.register
def dial_chosen(game, frame, action):
    _start_vote(game, frame["law"], frame["cw"] if action == PROC["dial_cw"] else frame["ccw"], frame["old_ideas"])


@CONTINUATIONS.register
def impeach_chosen(game, frame, action):
    _start_vote(game, frame["law"], frame["space"], frame["old_ideas"], impeach=action - OFFICE0)


# --- voting ---------------------------------------------------------------------------------------------
def vote_price(s) -> int:
    return 2 if MASSES_DEMAND_FRANCHISE in s.laws_in_force else 1


def _start_vote(game, law, space, old_ideas, impeach=None):
    s = game.state
    s.dial = space
    if law == 51 and impeach is None:               # Public Demands Impeachment!: the PM picks first
        held = [o for o in range(len(s.office_holder)) if s.office_exists[o] and s.office_holder[o] >= 0]
        if held:
            game.choose(key(int(s.pm)), "Public Demands Impeachment!: pick an officeholder",
                        [OFFICE0 + o for o in held], "impeach_chosen", law=law, space=space, old_ideas=old_ideas)
            return
        impeach = -1
    support = LAW_INFO[law][4] or 0
    if game.keeps_log:
        game.log_note("parliament", f"{law_name(law)} on {DIAL[space][0]} {DIAL[space][1]}, support {support}")
    if active(s) and not crown_slot(s, int(s.pm)):
        announce(game, "climate_shift")             # HB, you are PM (solo aid 20): law, dial, support, then the shift
    order = clockwise_from(s, int(s.pm))
    if active(s):                       # Crown Handbook: the Crown always votes first
        order = [CROWN] + [f for f in order if f != CROWN]
    vote = {"law": law, "space": space, "support": support, "against": {}, "opposition": [],
            "used": {}, "order": order, "i": 0, "voted": False, "old_ideas": old_ideas,
            "impeach": -1 if impeach is None else impeach}
    _vote_turn(game, vote)


@answers("special_session")
def start_special_vote(game, law: int, support: int) -> None:
    """A special session's vote on ``law`` (the point "special_session": the Vote to Deregulate, RB p.36,
    rules/deregulation.py): the same voting rounds, with no policy, the PM free to vote against; its result is the
    point "special_session_resolved" (deregulation.resolved)."""
    s = game.state
    game.log_note("parliament", f"Special session: {law_name(law)}, support {support}")
    order = clockwise_from(s, int(s.pm))
    if active(s):                       # solo aid 0.: on Deregulation the Crown votes last (and against)
        order = [f for f in order if f != CROWN] + [CROWN]
    vote = {"law": law, "space": None, "support": support, "against": {}, "opposition": [], "used": {},
            "order": order, "i": 0, "voted": False, "old_ideas": False, "impeach": -1, "special": True}
    _vote_turn(game, vote)


ROTTEN_BOROUGHS, LABOUR_NEWSPAPER, SOCIAL_MAGAZINE, LADY_NEWCOME = (28, 29, 30), 23, 26, 20


def vote_sources(s, vote, f) -> list[tuple[str, int, int]]:
    """(what, how many unused, votes each) for a family's vote icons this vote (RB p.35; prestige cards,
    digest appendix B). Lady Newcome: the family's enterprises have no vote icons."""
    used = vote["used"].get(str(f), [0, 0, 0, 0, 0])
    if LADY_NEWCOME in s.hands[f]["prestige"]:
        return []
    prestige = s.hands[f]["prestige"]
    target = DIAL[vote["space"]][1] if vote["space"] is not None else None     # a special session has no policy
    boroughs = sum(1 for c in prestige if c in ROTTEN_BOROUGHS)
    return [("workshops", s.workshops.item(f) - used[0], 2),
            ("shipyards", s.shipyard_owner.tolist().count(f) - used[1], 1),
            ("Rotten Boroughs", boroughs - used[2], 1 if MASSES_DEMAND_FRANCHISE in s.laws_in_force else 3),
            ("Labour Newspaper", int(LABOUR_NEWSPAPER in prestige and target in ("Workshops", "Shipyards")) - used[3], 4),
            ("Social Magazine", int(SOCIAL_MAGAZINE in prestige and target in ("Luxuries", "Company shares"))
             - used[4], 4)]


def _can_vote(s, vote, f) -> bool:
    return any(n > 0 for _, n, _ in vote_sources(s, vote, f)) or s.cash[f] >= vote_price(s)


def _vote_turn(game, vote):
    s = game.state
    while vote["i"] < len(vote["order"]):
        f = vote["order"][vote["i"]]
        options = []
        if _can_vote(s, vote, f):
            if f not in vote["opposition"]:
                options.append(PROC["vote_for"])
            if f != s.pm or crown_slot(s, f) or vote.get("special"):   # HB: the Crown; RB p.36 special
                options.append(PROC["vote_against"])
        if options:
            game.choose(key(f), f"{name(f)}: vote on {law_name(vote['law'])} (support {vote['support']})?",
                        options + [DONE], "vote_side", vote=vote)
            return
        vote["i"] += 1
    if not vote["voted"]:
        _resolve(game, vote)
        return
    game.choose(key(int(s.pm)), f"Prime Minister {name(int(s.pm))}: support is {vote['support']}; another round "
                "or resolve?", [PROC["another_round"], PROC["resolve_vote"]], "vote_round", vote=vote)


@CONTINUATIONS.register
def vote_round(game, frame, action):
    vote = dict(frame["vote"])
    if action == PROC["resolve_vote"]:
        _resolve(game, vote)
        return
    vote.update(i=0, voted=False)
    _vote_turn(game, vote)


@CONTINUATIONS.register
def vote_side(game, frame, action):
    s = game.state
    vote = dict(frame["vote"])
    f = vote["order"][vote["i"]]
    if action == DONE:
        vote["i"] += 1
        _vote_turn(game, vote)
        return
    side = 1 if action == PROC["vote_for"] else -1
    partners = [x for x in vote["order"] if x != f and x != s.pm] if side < 0 else []
    if partners:
        game.choose(key(f), f"{name(f)}: vote against on your own behalf or for a coalition partner?",
                    [FAMILY0 + f] + [FAMILY0 + x for x in partners], "vote_behalf", vote=vote, fam=f)
        return
    _ask_votes(game, vote, f, side, stage=0, total=0)


@CONTINUATIONS.register
def vote_behalf(game, frame, action):
    """Coalitions (RB p.35): votes cast on behalf of another family, with its consent; that family joins
    the opposition and the votes count toward its total against."""
    f, behalf = frame["fam"], action - FAMILY0
    if behalf == f:
        _ask_votes(game, frame["vote"], f, -1, stage=0, total=0)
        return
    seek_consent(game, [behalf], [1], 0, 1, "{family}: consent to " + f"{name(f)} voting against on your behalf "
                 "(you join the opposition)?", "vote_coalition", dict(vote=frame["vote"], fam=f, behalf=behalf),
                 requester=f)


@CONTINUATIONS.register
def vote_coalition(game, frame, granted):
    _ask_votes(game, frame["vote"], frame["fam"], -1, stage=0, total=0,
               behalf=frame["behalf"] if granted else frame["fam"])


def _ask_votes(game, vote, f, side, stage, total, behalf=None):
    """Votes from each kind of vote icon, then cash; at least one vote in all."""
    s = game.state
    cash_votes = s.cash.item(f) // vote_price(s)
    stages = vote_sources(s, vote, f) + [("cash", cash_votes, 1)]
    stages += [("", 0, 0)] * (6 - len(stages))           # Lady Newcome: cash only (keep the stage numbers)
    if len(stages) == 6 and stages[0][0] == "cash":
        stages = [("", 0, 0)] * 5 + [stages[0]]
    while stage < 6 and stages[stage][1] <= 0:
        stage += 1
    if stage >= 6:
        _cast(game, vote, f, side, total, f if behalf is None else behalf)
        return
    what, hi, per = stages[stage]
    later = sum(n for _, n, _ in stages[stage + 1:])
    lo = 1 if total == 0 and later == 0 else 0
    ask_number(game, f, f"{name(f)}: how many {what} to vote with ({per} vote{'s' if per > 1 else ''} each"
               + (f", £{vote_price(s)} per vote" if what == "cash" else "") + ")?", lo, hi, "vote_count", per=per,
               vote=vote, fam=f, side=side, stage=stage, total=total, behalf=f if behalf is None else behalf)


@CONTINUATIONS.register
def vote_count(game, frame, value):
    s = game.state
    vote = dict(frame["vote"])
    f, stage = frame["fam"], frame["stage"]
    total = frame["total"]
    used = list(vote["used"].get(str(f), [0, 0, 0, 0, 0]))
    if stage < 5:
        used[stage] += value
        total += value * frame["per"]
    else:
        s.cash[f] -= value * vote_price(s)
        total += value
    vote["used"] = dict(vote["used"], **{str(f): used})
    _ask_votes(game, vote, f, frame["side"], stage + 1, total, frame["behalf"])


def _cast(game, vote, f, side, total, behalf):
    vote = dict(vote)
    if crown_slot(game.state, f) and not vote.get("crown_free"):   # Crown Handbook: free votes
        free = extra_votes(game.state)
        vote["crown_free"] = True
        if free:
            if game.keeps_log:
                game.log_note("parliament", f"{name(f)} adds {free} free vote(s) (treasury £{int(game.state.cash[f])})")
            total += free
    vote["support"] += side * total
    if side < 0:
        vote["against"] = dict(vote["against"], **{str(behalf): vote["against"].get(str(behalf), 0) + total})
        joined = [x for x in dict.fromkeys((f, behalf)) if x not in vote["opposition"]]
        vote["opposition"] = vote["opposition"] + joined
    vote["voted"] = True if total else vote["voted"]
    vote["i"] += 1
    if game.keeps_log:
        game.log_note("parliament", f"{name(f)} casts {total} vote(s) {'for' if side > 0 else 'against'}"
                      + (f" on behalf of {name(behalf)}" if behalf != f else ""))
    _vote_turn(game, vote)


# --- resolution --------------------------------------------------------------------------------------------
def _resolve(game, vote):
    s = game.state
    law = vote["law"]
    if vote.get("special"):                         # RB p.36: no Opposition Leader change, no PM change
        announce(game, "special_session_resolved", vote["support"] >= 0)     # rules/deregulation.py
        return
    against = {int(k): v for k, v in vote["against"].items() if v > 0}
    if against:
        best = max(against.values())
        top = [f for f, v in against.items() if v == best]
        if len(top) == 1:
            s.opposition_leader = top[0]
    if vote["old_ideas"]:
        s.law_deck += s.law_discards + [52]
        s.law_discards = []
        s.rng.shuffle(s.law_deck)
    if vote["support"] >= 0:
        if game.keeps_log:
            game.log_note("parliament", f"{law_name(law)} passes ({vote['support']})")
        s.law_tokens[int(s.pm)] += 1
        game.after("parliament_law_passes", law=law, impeach=vote["impeach"])
        apply_policy(game, vote["space"])          # a Tax may ask families which targets return
        return
    if game.keeps_log:
        game.log_note("parliament", f"{law_name(law)} fails ({vote['support']})")
    s.law_discards.append(law)
    if s.opposition_leader >= 0:
        become_pm_as_opposition_leader(s)
    if law == 53:
        famine_failed(game)
    elif law == 51:                                 # Public Demands Impeachment! failed: Standing -1
        s.standing = max(0, s.standing - 1)
        if s.standing == 0:                         # RB p.8: in Parliament the vote is resolved first (the new
            s.company_failed = True                 # PM's dial turn and its policy, as after War Against France!),
            game.after("parliament_failure_check")  # then Final Scoring (reading)
    elif law == 55:                                 # War Against France! failed: invasions (their defences asked)
        game.after("parliament_failed_dial")
        game.after("parliament_failure_check")
        foreign_invasion(game, home_only=True)
        return
    if s.over:
        return
    _ask_failed_dial(game)


def become_pm_as_opposition_leader(s) -> None:
    """RB p.36: after a failed law the Opposition Leader takes the PM dial and returns the Opposition Leader
    marker (so it cannot keep it through a later tie as its previous holder). Crown Handbook (Parliament): only
    the Crown may hold both, so it keeps the marker."""
    s.pm = s.opposition_leader
    if s.pm != CROWN:
        s.opposition_leader = -1


@CONTINUATIONS.register
def parliament_failure_check(game, frame, _):
    if game.state.company_failed and not game.state.over:
        announce(game, "game_ends", failed=True)         # Final Scoring (rules/final_scoring.py)


@CONTINUATIONS.register
def parliament_failed_dial(game, frame, _):
    if not game.state.over:
        _ask_failed_dial(game)


def _ask_failed_dial(game) -> None:
    s = game.state
    pm = int(s.pm)
    n = len(DIAL)
    game.choose(key(pm), f"Prime Minister {name(pm)}: turn the dial one space", [PROC["dial_cw"], PROC["dial_ccw"]],
                "failed_dial", cw=(s.dial + 1) % n, ccw=(s.dial - 1) % n)
    announce(game, "crown_decision", "decide_dial")       # solo: HB Parliament 9, -4


@CONTINUATIONS.register
def parliament_law_passes(game, frame, _):
    """RB p.35: after the policy, the law takes effect (Public Demands Impeachment!: the officeholder goes)."""
    s = game.state
    if s.over:
        return
    law = frame["law"]
    if law == 51 and frame["impeach"] >= 0:
        vacate(game, frame["impeach"])
    pass_law(game, law)


@CONTINUATIONS.register
def failed_dial(game, frame, action):
    s = game.state
    s.dial = frame["cw"] if action == PROC["dial_cw"] else frame["ccw"]
    apply_policy(game, s.dial)


# --- policies ----------------------------------------------------------------------------------------------
def return_options(s, f, target) -> list[int]:
    """The distinct targets a family could return (RB p.34: the owner chooses): its shipyards (each with its
    own ship, fitted or not) or, for Company shares, a Court share or the Chairman's piece. Workshops and
    luxuries are alike: no choice."""
    if target == "Shipyards":
        return [SHIP0 + i for i in range(N_SHIPS) if s.shipyard_owner[i] == f]
    if target == "Company shares":
        return ([COURT_SHARE] if s.court[f] > 0 else []) + ([OFFICE0 + CHAIRMAN] if s.office_holder[CHAIRMAN] == f
                                                            else [])
    return []


def _return_one(game, f, target, choice=None) -> None:
    """Return one unpaid target to the supply: ``choice`` is the owner's (return_options); without one
    (no choice left) the first option."""
    s = game.state
    if choice is None:
        options = return_options(s, f, target)
        choice = options[0] if options else None
    if target == "Workshops":
        s.workshops[f] -= 1
    elif target == "Luxuries":
        s.luxuries[f] -= 1
        s.vp[f] -= company.LUXURY_VP[0]
    elif target == "Shipyards":
        ship = choice - SHIP0
        s.shipyard_owner[ship] = -1                                      # a fitted ship stays in play
        game.log_note("parliament", f"{name(f)} returns the shipyard of the {SHIP_NAMES[ship]} (tax unpaid)")
    else:
        if choice == COURT_SHARE:
            s.court[f] -= 1
        else:
            s.office_holder[CHAIRMAN] = -1
            s.office_fatigue[CHAIRMAN] = 0
        s.supply[f] += 1


def apply_policy(game, space) -> None:
    s = game.state
    consequence, target, window = DIAL[space]
    if game.keeps_log:
        game.log_note("parliament", f"Policy: {consequence} {target}" + (" with window tax" if window else ""))
    if consequence == "Bonus":
        for f in s.seats:
            s.cash[f] += owned(s, f, target)
    elif consequence == "Tax":
        game.after("policy_tax", space=space, i=0)
    else:
        track = s.power_track
        i = track.index(target)
        if i > 0:
            track[i - 1], track[i] = track[i], track[i - 1]
        else:                   # RB p.34: already on top -- any two other tokens swap (chosen by the PM: a reading)
            others = [POWER_TOKEN[t] for t in track[1:]]
            game.choose(key(int(s.pm)), f"Power {target}: the token is on top; swap which two other tokens (first)?",
                        others, "power_swap_first")


@CONTINUATIONS.register
def power_swap_first(game, frame, action):
    s = game.state
    first = POWER_TOKEN_OF_ACTION[action]
    others = [POWER_TOKEN[t] for t in s.power_track[1:] if t != first]
    game.choose(key(int(s.pm)), f"Power: swap the {first} token with which?", others, "power_swap_second", first=first)


@CONTINUATIONS.register
def power_swap_second(game, frame, action):
    s = game.state
    track = list(s.power_track)
    a, b = track.index(frame["first"]), track.index(POWER_TOKEN_OF_ACTION[action])
    track[a], track[b] = track[b], track[a]
    s.power_track = track
    game.log_note("parliament", f"Power: the {track[b]} and {track[a]} tokens swap: {', '.join(track)}")


@CONTINUATIONS.register
def policy_tax(game, frame, _):
    """RB p.34 Tax: each family in turn pays £1 per target; for each unpaid one it returns a target of its
    choice (asked when they differ and not all of them go), then the window tax."""
    s = game.state
    _, target, window = DIAL[frame["space"]]
    i = frame["i"]
    while i < len(s.seats):
        f = s.seats[i]
        if announce(game, "royal_privilege_tax", f, target, window):   # solo: HB Royal Privilege (rules/crown.py)
            return
        n = owned(s, f, target)
        paid = min(n, int(s.cash[f]))
        s.cash[f] -= paid
        unpaid = n - paid
        if unpaid and unpaid < n and len(return_options(s, f, target)) > 1:
            game.after("policy_tax", space=frame["space"], i=i + 1)
            _ask_return(game, f, target, unpaid, window)
            return
        for _ in range(unpaid):
            _return_one(game, f, target)
        _window_tax(game, f, window)
        i += 1


def _ask_return(game, f, target, left, window) -> None:
    s = game.state
    game.choose(key(f), f"{name(f)}: tax unpaid on {left} of your {target.lower()}: which returns to the supply?",
                return_options(s, f, target), "policy_tax_return", f=f, target=target, left=left, window=window)


@CONTINUATIONS.register
def policy_tax_return(game, frame, action):
    s = game.state
    f, target, left, window = frame["f"], frame["target"], frame["left"] - 1, frame["window"]
    _return_one(game, f, target, choice=action)
    if left and len(return_options(s, f, target)) > 1:
        _ask_return(game, f, target, left, window)
        return
    for _ in range(left):
        _return_one(game, f, target)
    _window_tax(game, f, window)


def _window_tax(game, f, window) -> None:
    """RB p.34 window tax: £1 per window icon on luxuries and prize pieces; unpaid: luxuries return first,
    then prize pieces, cheapest box first (a reading: the owner's choice is not offered)."""
    s = game.state
    if not window or WINDOW_TAX_REPEAL in s.laws_in_force:
        return
    prizes = game.data.prizes
    windows = int(s.luxuries[f]) + sum(int(s.prize_pieces[f, b]) * prizes[b][3] for b in range(5))
    paid = min(windows, int(s.cash[f]))
    s.cash[f] -= paid
    unpaid = windows - paid
    while unpaid > 0 and s.luxuries[f] > 0:
        _return_one(game, f, "Luxuries")
        unpaid -= 1
    for b in range(5):
        while unpaid > 0 and s.prize_pieces[f, b] > 0:
            return_prize_piece(game, f, b)
            unpaid -= prizes[b][3]


# --- laws ---------------------------------------------------------------------------------------------------
def pass_law(game, law) -> None:
    s = game.state
    if law in NOT_IMPLEMENTED_LAWS:
        not_implemented(game, f"the law {law_name(law)} (RB p.35-36, law card)")
        return
    kind = LAW_INFO[law][2]
    if law == 31:                                   # Calico Acts: £2 per manufacturing enterprise
        for f in s.seats:
            s.cash[f] += 2 * int(s.workshops[f])
    elif law == 32 and not s.office_exists[SUPERINTENDENT]:   # Envoy to China
        s.office_exists[SUPERINTENDENT] = 1
        hire_office(game, SUPERINTENDENT)
    elif law == 33:                                 # Army Spending: 2 regiments in each Army
        for p in range(3):
            room = company.REGIMENTS[0] - int(s.regiments.sum())
            s.regiments[p, 0] += min(2, room)
    elif law == 35:                                 # Debt Restructure
        s.debt = 0
    elif law == 43:                                 # Governor General
        governor_general(game)
    elif law == 45 and 48 in s.laws_in_force:       # Writer Privileges discards Writer Graft Reform
        s.laws_in_force.remove(48)
        s.law_discards.append(48)
    elif law == 48 and 45 in s.laws_in_force:
        s.laws_in_force.remove(45)
        s.law_discards.append(45)
    elif law == 49:                                 # Company Aids Government
        s.share_vp = min(3, s.share_vp + 1)
    elif law == 53:                                 # Relief Demanded for Indian Famine!: the policy again
        apply_policy(game, s.dial)
    elif law == 55:                                 # War Against France! passed
        war_against_france(game)
    if kind == "dilemma" and law != MASSES_DEMAND_FRANCHISE:     # Masses Demand Franchise! stays in force
        s.law_discards.append(law)
    else:
        s.laws_in_force.append(law)


def governor_general(game) -> None:
    """RB p.26: the Director of Trade becomes Governor General; every Governor retires (a pensioner);
    Governor offices and unfinished Company ships on regions leave the game."""
    s = game.state
    holder = int(s.office_holder[DIRECTOR_OF_TRADE])
    s.office_exists[GOVERNOR_GENERAL] = 1
    s.office_holder[GOVERNOR_GENERAL] = holder
    s.office_fatigue[GOVERNOR_GENERAL] = s.office_fatigue[DIRECTOR_OF_TRADE]
    s.office_exists[DIRECTOR_OF_TRADE] = 0
    s.office_holder[DIRECTOR_OF_TRADE] = -1
    s.office_fatigue[DIRECTOR_OF_TRADE] = 0
    for g in GOVERNORS:
        h = int(s.office_holder[g])
        if h >= 0:
            s.pensioners[h] += 1
        s.office_holder[g] = -1
        s.office_fatigue[g] = 0
        s.office_exists[g] = 0
        s.region_company_ship[REGION_OF_GOVERNOR[g]] = 0


def famine_failed(game) -> None:
    """Relief Demanded for Indian Famine! failed: Turmoil in each home region, +1 unrest in every Company region."""
    s = game.state
    for r in PRESIDENCY_HOME_REGION:
        close_in_region(game, r, set())
    for r in range(len(s.unrest)):
        if s.control[r] >= 0:
            s.unrest[r] += 1

