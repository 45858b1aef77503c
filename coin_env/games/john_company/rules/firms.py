"""Private firms (RB p.36-40, digest §8.2-8.3): the firms' record and the Firms phase.

In play once the Deregulation law has passed (rules/deregulation.py; ``state.laws_in_force`` holds it, its
back the Debtor's Prison). A firm is named by its manager's slot (one firm per family, RB p.38); its record
(``state.firms["firms"]``): London and India treasuries, the Value track space, the last total dividend
(None: the dividend cube not yet placed), the share pieces per family (max 10, RB p.38), the ships on its
charter (``ship_zone`` FIRM_CHARTER), this turn's strategy (a sea zone 0-2, 3 Hobnob, -1 none), the cash
allocated, whether the strategy is revealed, the initiative of its trade, what it added to its India
treasury this turn and the emergency investments it received.

Firms phase (after Family, before Hiring, RB p.38-40):
1. Firm investments -- no fixed order: from the PM clockwise each family may act again and again; the step
   ends when every family in turn says done. Actions: form a firm (no firm managed: return a Company
   share or invest a workshop; a piece from the supply becomes the first share; £5 to the London
   treasury); invest in a firm (the manager's consent, ``seek_consent``; same payment; +£5 and a share,
   none past 10); fit a ship from a shipyard for £3 (Ship Subsidy £2; the shipyard owner's consent) or
   buy back a player ship in the Company's service (£3 / £2 fatigued to the Shipping treasury; the owner's
   consent); dissolve the firm (every other shareholder's consent; RB p.37: by the dissolution rules,
   so its share pieces go to Debtor's Prison). Company shares are **weak** while Standing or Debt is on a
   lined space and **immature** when created this turn (``mature``: Court shares held when the Family
   phase began; -1 not known, all mature). A request a family refused is not put to it again this phase
   (no free negotiation: asking again with nothing changed would only repeat the refusal).
2. Firm strategy -- each manager in turn (PM clockwise) secretly picks a sea zone (needs >= 1 ship) or
   Hobnob and places cash from the London treasury on it (none on Hobnob); the amounts are then revealed,
   the strategies stay hidden until the firm trades (hidden.py keeps both out of other families' views).
The Crown (option crown, digest §9.6.3): never forms a firm.
Hostile takeover (RB p.39): a family managing no firm, with the consent of holders of a majority of a firm's
shares (its own shares count), becomes its manager. Merger (RB p.39): two managers' firms become one -- the
higher Value firm's (a tie: the proposer's) -- with every shareholder's consent; offered only when the shares
fit in one firm (10). Neither in solo (digest §9.6.3). Emergency mergers: rules/firms_revenue.py. Not
implemented: mergers of more than two firms at once (two at a time reach the same result), share transfers
negotiated inside a merger (RB p.39).
"""

from __future__ import annotations

from ..actions import DONE, FIRM, FIRM_INVEST0, FIRM_MERGE0, FIRM_TAKEOVER0, SHIP0, STRATEGY0
from ..data import scenarios
from ..data.firms import FIRM_BUYBACK_COST, FIRM_CAPITAL, FIRM_FIT_COST, FIRM_SHARE_LIMIT
from ..queries import active, all_firms, total_shares
from ..registry import CONTINUATIONS
from ..static import CROWN, FAMILY_NAMES, N_SHIPS, N_ZONES, SEA_ZONES, SHIP_NAMES, T_MOS
from .common import ask_number, clockwise_from, key, name
from .consent import seek_consent

DEREGULATION = 56           # the Deregulation law card (data/cards.py, data/firms.py)
FIRM_CHARTER = N_ZONES      # ship_zone of a ship on a firm charter
HOBNOB = 3                  # strategy of a firm that does not trade (RB p.40)
SHIP_SUBSIDY, INDUSTRY_SUBSIDY, WRITER_PRIVILEGES = 39, 44, 45


# --- the record ----------------------------------------------------------------------------------------------
def tools(s) -> bool:
    """The scenario has the tools of Deregulation (RB p.4: Long 1710)."""
    return scenarios.DEREGULATION_TOOLS[0].get(s.scenario, False)


def deregulated(s) -> bool:
    return DEREGULATION in s.laws_in_force


def firm_of(s, manager: int) -> dict | None:
    return next((x for x in all_firms(s) if x["manager"] == manager), None)


def pounds(game, firm) -> int:
    """The £ value of the firm's Value space (expenses, RB p.41)."""
    return game.data.firm_value_track[firm["value"]][0]


def new_firm(manager: int) -> dict:
    return {"manager": manager, "london": 0, "india": 0, "value": 0, "dividend": None, "shares": [0] * 7,
            "ships": [], "strategy": -1, "allocated": 0, "revealed": False, "initiative": None, "traded": False,
            "added": 0, "emergency": 0, "done": False}


def move_value(game, firm, steps: int) -> None:
    firm["value"] = max(0, min(len(game.data.firm_value_track) - 1, firm["value"] + steps))


# --- lined / star spaces (digest G3, data/firms.py) ------------------------------------------------------------
def on_lined(game) -> bool:
    sp, s = game.data.deregulation_spaces, game.state
    return s.standing in sp["standing_lined"] or s.debt in sp["debt_lined"]


def on_star(game) -> bool:
    sp, s = game.data.deregulation_spaces, game.state
    return s.standing in sp["standing_star"] or s.debt in sp["debt_star"]


# --- paying for a share: a Company share or a workshop (RB p.38) ------------------------------------------------
def usable_shares(game, f: int) -> int:
    """Company shares family ``f`` may use: none while weak (lined space), only mature ones (RB p.38)."""
    s = game.state
    if on_lined(game):
        return 0
    mature = s.firms["mature"][f]
    return int(s.court[f]) if mature < 0 else min(int(s.court[f]), mature)


def invested(s, f: int) -> int:
    return min(s.firms["invested"][f], s.workshops.item(f))


def usable_workshops(s, f: int) -> int:
    return s.workshops.item(f) - invested(s, f)


def payments(game, f: int) -> list[int]:
    out = []
    if usable_shares(game, f) > 0:
        out.append(FIRM["pay_share"])
    if usable_workshops(game.state, f) > 0:
        out.append(FIRM["pay_workshop"])
    return out


def can_pay_with_piece(game, f: int) -> list[int]:
    """Payments after which a piece is left in the supply for the share (a returned Company share is one)."""
    s = game.state
    return [a for a in payments(game, f) if a == FIRM["pay_share"] or s.supply[f] > 0]


def pay(game, f: int, action: int) -> None:
    s = game.state
    if action == FIRM["pay_share"]:
        s.court[f] -= 1
        s.supply[f] += 1
        if s.firms["mature"][f] > 0:
            s.firms["mature"][f] -= 1
    else:
        s.firms["invested"][f] = invested(s, f) + 1


def add_investment(game, firm, f: int) -> None:
    """£5 to the London treasury and a share piece from ``f``'s supply, none past 10 (RB p.38)."""
    s = game.state
    firm["london"] += FIRM_CAPITAL[0]
    if total_shares(firm) < firm_share_limit() and s.supply[f] > 0:
        s.supply[f] -= 1
        firm["shares"][f] += 1


def firm_share_limit() -> int:
    return FIRM_SHARE_LIMIT[0]


def fit_cost(s) -> int:
    return 2 if SHIP_SUBSIDY in s.laws_in_force else FIRM_FIT_COST[0]


def buyback_cost(s, ship: int) -> int:
    return FIRM_BUYBACK_COST[0][1 if s.ship_fatigued[ship] else 0]


def dissolve(game, firm, why: str) -> None:
    """RB p.41: share pieces to Debtor's Prison, ships back to their shipyards, the charter flips back
    (invested workshops stay invested)."""
    s = game.state
    for f, n in enumerate(firm["shares"]):
        s.firms["prison"][f] += n
    for ship in firm["ships"]:
        s.ship_zone[ship] = -1
        s.ship_fatigued[ship] = 0
    s.firms["firms"] = [x for x in all_firms(s) if x is not firm and x["manager"] != firm["manager"]]
    game.log_note("firms", f"The firm of {name(firm['manager'])} is dissolved ({why}); {total_shares(firm)} "
                  "share piece(s) go to Debtor's Prison")


def release_ship(s, ship: int) -> None:
    """A ship leaves its firm's charter (sunk in a storm, or its shipyard changes hands)."""
    for x in all_firms(s):
        if ship in x["ships"]:
            x["ships"] = [i for i in x["ships"] if i != ship]


def sync_ships(s) -> None:
    """The charters' ship lists and ``ship_zone`` agree (a ship whose shipyard went back to the supply -- a Tax,
    a spouse -- stays fitted, RB p.34, so it stays on its charter)."""
    for x in all_firms(s):
        x["ships"] = [i for i in x["ships"] if s.ship_zone[i] == FIRM_CHARTER]
    held = {i for x in all_firms(s) for i in x["ships"]}
    for i in range(N_SHIPS):
        if s.ship_zone[i] == FIRM_CHARTER and i not in held:
            s.ship_zone[i] = -1


# --- the turn's hooks (rules/deregulation.inserted_phase) ------------------------------------------------------------
def family_begins(game) -> None:
    """Company shares held when the Family phase begins are the mature ones this turn (RB p.38)."""
    s = game.state
    s.firms["mature"] = s.court.tolist()[:len(s.firms["mature"])]


def start(game) -> None:
    """The Firms phase (RB p.38): the turn's firm records are reset, then investments, then strategy."""
    s = game.state
    sync_ships(s)
    for x in all_firms(s):
        x.update(strategy=-1, allocated=0, revealed=False, initiative=None, traded=False, added=0, emergency=0,
                 done=False)
    s.firms["amounts_public"] = False
    s.firms["order_firm"] = [-1] * len(s.firms["order_firm"])
    order = clockwise_from(s, int(s.pm)) if s.pm >= 0 else list(s.seats)
    game.after("firms_strategy_next", order=order, i=0)
    families = [f for f in order if not (active(s) and f == CROWN)]    # the Crown invests last, once
    game.after("firms_invest_turn", order=families, i=0, passes=0, refused=[], crown_step=False)


# --- step 1: firm investments -------------------------------------------------------------------------------------
def _may_form(game, f) -> bool:
    s = game.state
    if active(s) and f == CROWN:      # digest §9.6.3: the Crown never forms a firm
        return False
    return firm_of(s, f) is None and bool(can_pay_with_piece(game, f))


def fittable(s, f, refused) -> list[int]:
    return [i for i in range(N_SHIPS) if s.shipyard_owner[i] >= 0 and s.ship_zone[i] == -1
            and ["ship", i] not in refused]


def buyable(s, firm, refused) -> list[int]:
    return [i for i in range(N_SHIPS) if s.shipyard_owner[i] >= 0 and 0 <= s.ship_zone[i] < FIRM_CHARTER
            and buyback_cost(s, i) <= firm["london"] and ["ship", i] not in refused]


def menu(game, f, refused) -> list[int]:
    s = game.state
    out = []
    if _may_form(game, f):
        out.append(FIRM["form"])
    if can_pay_with_piece(game, f):
        out += [FIRM_INVEST0 + x["manager"] for x in all_firms(s) if ["invest", x["manager"]] not in refused]
    mine = firm_of(s, f)
    if not active(s):                   # digest §9.6.3: never in solo
        out += [FIRM_TAKEOVER0 + x["manager"] for x in all_firms(s)
                if mine is None and x["manager"] != f and ["takeover", x["manager"]] not in refused]
        out += [FIRM_MERGE0 + x["manager"] for x in all_firms(s)
                if mine is not None and x["manager"] != f and ["merge", x["manager"]] not in refused
                and total_shares(x) + total_shares(mine) <= firm_share_limit()]
    if mine is not None:
        if mine["london"] >= fit_cost(s) and fittable(s, f, refused):
            out.append(FIRM["fit_ship"])
        if buyable(s, mine, refused):
            out.append(FIRM["buy_back"])
        if ["dissolve", f] not in refused:
            out.append(FIRM["dissolve"])
    return out


@CONTINUATIONS.register
def firms_invest_turn(game, frame, _):
    s = game.state
    order, i, passes, refused = frame["order"], frame["i"], frame["passes"], frame["refused"]
    if frame.get("crown_step"):
        game.log_note("firms", "The Crown's investment step ends")
        return
    while passes < len(order):
        f = order[i % len(order)]
        options = menu(game, f, [r[1:] for r in refused if r[0] == f])
        if options:
            game.choose(key(f), f"{name(f)}: a firm investment action, or done?", options + [DONE], "firms_action",
                        order=order, i=i, passes=passes, refused=refused, fam=f, crown_step=False)
            return
        i, passes = i + 1, passes + 1
    game.log_note("firms", "Firm investments end")
    _crown_step(game)


def _crown_step(game) -> None:
    """Digest §9.6.3 step 3 (HB Firms phase): after all the families have finished investing, the Crown may
    seek one investment (its bot decides by its climate and share majority); asked once."""
    s = game.state
    if not active(s) or CROWN not in s.seats:
        return
    options = menu(game, CROWN, [])
    if options:
        game.choose(key(CROWN), "The Crown: one firm investment after the families, or done?", options + [DONE],
                    "firms_action", order=[CROWN], i=0, passes=0, refused=[], fam=CROWN, crown_step=True)


def _again(game, frame, refused=None, acted=True) -> None:
    """Back to the investment loop: the same family may act again after an action (passes restart); the Crown's
    one step ends after its action."""
    game.after("firms_invest_turn", order=frame["order"], i=frame["i"], passes=0 if acted else frame["passes"],
               refused=frame["refused"] if refused is None else refused, crown_step=frame.get("crown_step", False))


def _loop_data(frame) -> dict:
    return {k: frame[k] for k in ("order", "i", "passes", "refused", "fam", "crown_step") if k in frame}


@CONTINUATIONS.register
def firms_action(game, frame, action):
    s = game.state
    f = frame["fam"]
    data = _loop_data(frame)
    if action == DONE:
        game.after("firms_invest_turn", order=frame["order"], i=frame["i"] + 1, passes=frame["passes"] + 1,
                   refused=frame["refused"], crown_step=frame.get("crown_step", False))
        return
    if action == FIRM["form"]:
        _ask_payment(game, f, dict(data, target=f, form=True))
    elif FIRM_INVEST0 <= action < FIRM_INVEST0 + 7:
        m = action - FIRM_INVEST0
        if m == f:
            _ask_payment(game, f, dict(data, target=m, form=False))
        else:
            seek_consent(game, [m], [1], 0, 1, "{family}: consent to " + f"{name(f)} investing in your firm?",
                         "firms_invest_consent", dict(data, target=m))    # no offers: they could spend the share or workshop invested
    elif action == FIRM["fit_ship"]:
        ships = fittable(s, f, [r[1:] for r in frame["refused"] if r[0] == f])
        game.choose(key(f), f"{name(f)}: fit which ship for your firm (£{fit_cost(s)})?", [SHIP0 + i for i in ships],
                    "firms_ship_chosen", buy=False, **data)
    elif action == FIRM["buy_back"]:
        ships = buyable(s, firm_of(s, f), [r[1:] for r in frame["refused"] if r[0] == f])
        game.choose(key(f), f"{name(f)}: buy back which ship from the Company for your firm?",
                    [SHIP0 + i for i in ships], "firms_ship_chosen", buy=True, **data)
    elif FIRM_TAKEOVER0 <= action < FIRM_TAKEOVER0 + 7:
        _ask_takeover(game, f, action - FIRM_TAKEOVER0, data)
    elif FIRM_MERGE0 <= action < FIRM_MERGE0 + 7:
        _ask_merger(game, f, action - FIRM_MERGE0, data)
    elif action == FIRM["dissolve"]:
        firm = firm_of(s, f)
        others = [g for g in clockwise_from(s, f) if g != f and firm["shares"][g] > 0]
        seek_consent(game, others, [1] * len(others), 0, len(others), "{family}: consent to dissolving the firm of "
                     f"{name(f)} (its share pieces go to Debtor's Prison)?", "firms_dissolve_consent", data,
                     requester=f)
    else:
        raise ValueError(f"firms_action: {action}")


def _refuse(frame, what) -> list:
    return frame["refused"] + [[frame["fam"]] + list(what)]


@CONTINUATIONS.register
def firms_invest_consent(game, frame, granted):
    if not granted:
        _again(game, frame, refused=_refuse(frame, ["invest", frame["target"]]), acted=False)
        return
    _ask_payment(game, frame["fam"], dict(_loop_data(frame), target=frame["target"], form=False))


def ask_piece_payment(game, f: int, then: str, data: dict) -> None:
    """RB p.38: an investment is paid with a Company share or a workshop; asked only when both can pay, and the
    continuation ``then(game, frame, action)`` gets ``data`` and the payment action."""
    options = can_pay_with_piece(game, f)
    if len(options) == 1:
        CONTINUATIONS[then](game, data, options[0])
        return
    game.choose(key(f), f"{name(f)}: pay with a Company share or a workshop?", options, then, **data)


def _ask_payment(game, f, data) -> None:
    ask_piece_payment(game, f, "firms_payment", data)


@CONTINUATIONS.register
def firms_payment(game, frame, action):
    _invest(game, dict(_loop_data(frame), target=frame["target"], form=frame["form"]), action)


def _invest(game, data, payment) -> None:
    s = game.state
    f = data["fam"]
    pay(game, f, payment)
    what = "a Company share" if payment == FIRM["pay_share"] else "a workshop"
    if data["form"]:
        firm = new_firm(f)
        s.firms["firms"].append(firm)
        game.log_note("firms", f"{name(f)} forms a firm with {what}")
    else:
        firm = firm_of(s, data["target"])
        game.log_note("firms", f"{name(f)} invests {what} in the firm of {name(data['target'])}")
    add_investment(game, firm, f)
    _again(game, data)


@CONTINUATIONS.register
def firms_ship_chosen(game, frame, action):
    s = game.state
    f, ship = frame["fam"], action - SHIP0
    owner = int(s.shipyard_owner[ship])
    data = dict(_loop_data(frame), ship=ship, buy=frame["buy"])
    if owner == f:
        firms_ship_consent(game, data, True)
        return
    verb = "buying back" if frame["buy"] else "fitting"
    seek_consent(game, [owner], [1], 0, 1, "{family}: consent to " + f"{name(f)}'s firm {verb} the {SHIP_NAMES[ship]} "
                 "of your shipyard?", "firms_ship_consent", data, requester=f)


@CONTINUATIONS.register
def firms_ship_consent(game, frame, granted):
    s = game.state
    f, ship = frame["fam"], frame["ship"]
    if not granted:
        _again(game, frame, refused=_refuse(frame, ["ship", ship]), acted=False)
        return
    firm = firm_of(s, f)
    if frame["buy"]:                                # RB p.39: to the Shipping office's treasury
        cost = buyback_cost(s, ship)
        s.treasury[T_MOS] += cost
    else:
        cost = fit_cost(s)
        s.ship_fatigued[ship] = 0
    firm["london"] -= cost
    s.ship_zone[ship] = FIRM_CHARTER
    firm["ships"] = firm["ships"] + [ship]
    game.log_note("firms", f"The firm of {name(f)} {'buys back' if frame['buy'] else 'fits'} the {SHIP_NAMES[ship]} "
                  f"for £{cost}")
    _again(game, frame)


@CONTINUATIONS.register
def firms_dissolve_consent(game, frame, granted):
    s = game.state
    if not granted:
        _again(game, frame, refused=_refuse(frame, ["dissolve", frame["fam"]]), acted=False)
        return
    dissolve(game, firm_of(s, frame["fam"]), "by its shareholders' consent")
    _again(game, frame)


# --- hostile takeovers and mergers (RB p.39) -------------------------------------------------------------------------
def _ask_takeover(game, f, m, data) -> None:
    """Holders of a majority of the firm's shares must consent (``f``'s own shares count for it)."""
    s = game.state
    firm = firm_of(s, m)
    holders = [g for g in clockwise_from(s, m) if g != f and firm["shares"][g] > 0]
    total = total_shares(firm)
    seek_consent(game, holders, [firm["shares"][g] for g in holders], firm["shares"][f], total // 2 + 1,
                 "{family}: consent to " + f"{name(f)}'s hostile takeover of the firm of {name(m)}?",
                 "firms_takeover_consent", dict(data, target=m), requester=f)


@CONTINUATIONS.register
def firms_takeover_consent(game, frame, granted):
    s = game.state
    f, m = frame["fam"], frame["target"]
    if not granted:
        _again(game, frame, refused=_refuse(frame, ["takeover", m]), acted=False)
        return
    firm_of(s, m)["manager"] = f                    # cubes, ships, treasuries and shares move to f's charter
    game.log_note("firms", f"{name(f)} takes over the firm of {name(m)}")
    _again(game, frame)


def _ask_merger(game, f, m, data) -> None:
    """Every shareholder of both firms must consent (the other manager included); the higher Value firm is the
    primary (a tie: the proposer's). Offered only when the shares fit in one firm (a reading: returning the
    excess shares is a negotiation this engine does not model)."""
    s = game.state
    a, b = firm_of(s, f), firm_of(s, m)
    holders = [g for g in clockwise_from(s, f) if g != f and (a["shares"][g] > 0 or b["shares"][g] > 0 or g == m)]
    seek_consent(game, holders, [1] * len(holders), 0, len(holders), "{family}: consent to merging the firms of "
                 f"{name(f)} and {name(m)}?", "firms_merger_consent", dict(data, target=m),
                 requester=f)


@CONTINUATIONS.register
def firms_merger_consent(game, frame, granted):
    s = game.state
    f, m = frame["fam"], frame["target"]
    if not granted:
        _again(game, frame, refused=_refuse(frame, ["merge", m]), acted=False)
        return
    a, b = firm_of(s, f), firm_of(s, m)
    primary, secondary = (b, a) if b["value"] > a["value"] else (a, b)
    primary["london"] += secondary["london"]
    primary["india"] += secondary["india"]
    primary["shares"] = [x + y for x, y in zip(primary["shares"], secondary["shares"])]
    primary["ships"] = primary["ships"] + secondary["ships"]
    s.firms["firms"] = [x for x in all_firms(s) if x["manager"] != secondary["manager"]]
    game.log_note("firms", f"The firms of {name(f)} and {name(m)} merge into the firm of {name(primary['manager'])}")
    _again(game, frame)


# --- step 2: firm strategy (secret, RB p.40) ------------------------------------------------------------------------
@CONTINUATIONS.register
def firms_strategy_next(game, frame, _):
    s = game.state
    order, i = frame["order"], frame["i"]
    while i < len(order):
        firm = firm_of(s, order[i])
        if firm is not None:
            options = ([STRATEGY0 + z for z in range(3)] if firm["ships"] else []) + [STRATEGY0 + HOBNOB]
            game.choose(key(order[i]), f"{name(order[i])}: your firm's strategy (secret; London treasury "
                        f"£{firm['london']})", options, "firms_strategy_chosen", order=order, i=i)
            return
        i += 1
    s.firms["amounts_public"] = True
    amounts = ", ".join(f"{name(x['manager'])} £{x['allocated']}" for x in all_firms(s))
    if amounts:
        game.log_note("firms", f"Firm strategies: the amounts are revealed ({amounts})")


@CONTINUATIONS.register
def firms_strategy_chosen(game, frame, action):
    s = game.state
    f = frame["order"][frame["i"]]
    firm = firm_of(s, f)
    firm["strategy"] = action - STRATEGY0
    game.log_note("firms", f"{name(f)} places a strategy card facedown")      # which one stays secret
    if firm["strategy"] == HOBNOB or firm["london"] == 0:
        game.after("firms_strategy_next", order=frame["order"], i=frame["i"] + 1)
        return
    ask_number(game, f, f"{name(f)}: how much of the London treasury (£{firm['london']}) to place on the strategy?",
               0, firm["london"], "firms_allocated", order=frame["order"], i=frame["i"])


@CONTINUATIONS.register
def firms_allocated(game, frame, value):
    s = game.state
    firm = firm_of(s, frame["order"][frame["i"]])
    firm["london"] -= value
    firm["allocated"] = value
    game.after("firms_strategy_next", order=frame["order"], i=frame["i"] + 1)


def strategy_label(strategy: int) -> str:
    return "Hobnob" if strategy == HOBNOB else SEA_ZONES[strategy] if strategy >= 0 else "none"


def describe(s, firm) -> str:
    return (f"firm of {FAMILY_NAMES[firm['manager']]}: London £{firm['london']}, India £{firm['india']}, "
            f"Value space {firm['value']}, {total_shares(firm)} shares, {len(firm['ships'])} ships")


# --- storms (RB p.42, digest §8.5) ------------------------------------------------------------------------------------
def storm_firm_ships(game, zones) -> None:
    """Firm ships are in the sea zone of their firm's strategy (Hobnob or none: not at sea); each rolls like a
    player ship (RB p.28): 3-4 fatigued (sinks if already), 5-6 sinks back to its shipyard."""
    s = game.state
    for firm in all_firms(s):
        if firm["strategy"] not in range(3) or firm["strategy"] not in zones:
            continue
        for ship in list(firm["ships"]):
            roll = s.rng.die(6, f"storm: the {SHIP_NAMES[ship]} (firm of {FAMILY_NAMES[firm['manager']]})")
            if roll >= 5 or (roll >= 3 and s.ship_fatigued[ship]):
                release_ship(s, ship)
                s.ship_zone[ship] = -1
                s.ship_fatigued[ship] = 0
                game.log_note("events", f"The {SHIP_NAMES[ship]} of a firm sinks and returns to its shipyard")
            elif roll >= 3:
                s.ship_fatigued[ship] = 1
