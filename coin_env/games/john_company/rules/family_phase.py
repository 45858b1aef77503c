"""II. Family phase (RB p.12-14).

Step 1, family actions: starting with the holder of the Chairman title and going clockwise, each
family takes one family action and puts its opportunity marker on it; if the marker already lay on
that action it takes it twice (RB p.13, opportunity bonus). After Enlist Writer, when 4 or more
offices are vacant, one additional writer may be placed, once this turn (RB p.13). The most recently
passed extra-action law gives one extra action, without the marker (RB p.13, law cards).
Step 2, New Company Shares (RB p.13): while the Company has Debt and pieces are on the Stock
Exchange, the rightmost piece becomes a Company share and Debt drops by 1; then the remaining
pieces slide right, keeping their order.

Actions (RB p.13): Enlist Writer (a writer in a Writers box of your choice), Enlist Officer
(Officers-in-Training), Purchase Luxury (£4, +2 VP), Purchase Shipyard (£2; its ship starts on the
shipyard, unfitted), Purchase Workshop (£5; Industry Subsidy law £3 when the marker is elsewhere),
Seek Share (a piece on an empty Stock Exchange space, paying its price).

Readings marked in code: the second take of a *purchase* (opportunity bonus) is offered as a yes/no
(paying twice is never forced). Purchase Shipyard: the buyer picks which free shipyard (its named ship)
when there is more than one. Out of family pieces (RB p.13): a family whose supply is empty picks the
prize a piece comes off (losing that prize's VP) when its pieces sit on more than one prize box
(take_piece, used where no choice is left, takes the least valuable).
"""

from __future__ import annotations

from types import MappingProxyType

from ..actions import FAMILY_ACTION0, PRESIDENCY0, PRIZE0, SHIP0, STOCK0, YES
from ..data import company
from ..data import crown as crowndata
from ..data.cards import LAWS
from ..queries import crown_slot, free_writers_due, has_piece, vacant_offices
from ..registry import CONTINUATIONS, announce, implements
from ..static import CROWN, FAMILY_ACTIONS, FAMILY_ACTION_KEYS, N_SHIPS, PRESIDENCY_NAMES, PRESIDENT, SHIP_NAMES
from .blackmail import PM_EAR, offer
from .common import ask_yes_no, chairman_or_title, clockwise_from, key, name, return_prize_piece

ACTION_TITLE = dict(FAMILY_ACTIONS)
LAW_NAMES = {31: "Calico Acts", 33: "Army Spending", 35: "Debt Restructure", 37: "Tenure Limits",
             39: "Ship Subsidy", 46: "Window Tax Repeal", 44: "Industry Subsidy"}
# Spouse restrictions (prestige cards; digest appendix B): spouse id -> family action it forbids
SPOUSE_FORBIDS = {11: "enlist_writer", 13: "purchase_workshop", 14: "purchase_shipyard", 15: "seek_share",
                  17: "enlist_officer"}
STOCK_BROKER = 25          # enterprise prestige card: every Stock Exchange space costs £1 to its owner
LADY_GLENCORA = 18         # spouse: the family's opportunity marker leaves the game


# --- what a family can do -----------------------------------------------------------------------------
def take_piece(game, slot) -> None:
    """A family member from the supply, or, when it is empty, from the family's least valuable prize
    (its VP are lost: RB p.13 'out of family pieces')."""
    s = game.state
    if s.supply[slot] > 0:
        s.supply[slot] -= 1
        return
    for box in range(5):
        if s.prize_pieces[slot, box] > 0:
            s.prize_pieces[slot, box] -= 1
            s.vp[slot] -= game.data.prizes[box][2]
            game.log_note("family", f"{name(slot)} is out of pieces and takes one from prize box {box + 1}")
            return
    raise AssertionError("take_piece without a piece")


def workshop_price(game, slot, used_marker: bool) -> int:
    s = game.state
    if 44 in s.laws_in_force and not used_marker:       # Industry Subsidy (law 44)
        return 3
    return company.ENTERPRISES["workshop"][1]


def share_price(game, slot, space) -> int:
    s = game.state
    if STOCK_BROKER in s.hands[slot]["prestige"]:
        return 1
    return s.data.stock_exchange[space]


def free_shipyards(s) -> list[int]:
    """Shipyards nobody owns whose ship is not in play (RB p.12, p.35: a returned shipyard cannot be
    bought while its fitted ship is in play)."""
    owner, zone = s.shipyard_owner.tolist(), s.ship_zone.tolist()       # lists: element reads of arrays are slow
    return [ship for ship in range(N_SHIPS) if owner[ship] < 0 and zone[ship] < 0]


def free_shipyard(s) -> int:
    """The first free shipyard by name, or -1."""
    zone = s.ship_zone.tolist()
    # the first unowned shipyard whose ship is not in play (free_shipyards' first), without the whole list
    return next((ship for ship, owner in enumerate(s.shipyard_owner.tolist()) if owner < 0 and zone[ship] < 0), -1)


def can_take(game, slot, action: str, used_marker: bool = False) -> bool:
    s = game.state
    return takes(game, slot, action, used_marker, forbidden_actions(s, slot), s.cash.item(slot), has_piece(s, slot))


def forbidden_actions(s, slot) -> set[str]:
    """The family actions the family's spouses forbid (SPOUSE_FORBIDS)."""
    return {SPOUSE_FORBIDS[c] for c in s.hands[slot]["prestige"] if c in SPOUSE_FORBIDS}


def takes(game, slot, action: str, used_marker: bool, forbidden: set[str], cash: int, piece: bool) -> bool:
    """:func:`can_take` from the family's readings (``forbidden``: :func:`forbidden_actions`, its cash, whether it
    has a piece: read once for all six actions when a family's options are listed)."""
    if action in forbidden:
        return False
    if action in ("enlist_writer", "enlist_officer"):
        return piece
    s = game.state
    if action == "purchase_luxury":
        return cash >= company.ENTERPRISES["luxury"][1] and sum(s.luxuries.tolist()) < company.ENTERPRISES["luxury"][0]
    if action == "purchase_shipyard":
        return cash >= company.ENTERPRISES["shipyard"][1] and free_shipyard(s) >= 0
    if action == "purchase_workshop":
        return (cash >= workshop_price(game, slot, used_marker)
                and sum(s.workshops.tolist()) < company.ENTERPRISES["workshop"][0])
    if action == "seek_share":
        exchange = s.stock_exchange.tolist()
        return piece and any(exchange[i] < 0 and share_price(game, slot, i) <= cash for i in range(5))
    raise ValueError(action)


def family_action_options(game, slot, marker=None) -> list[int]:
    """The family actions ``slot`` can take (:func:`can_take` of each, the opportunity ``marker``'s action with its
    marker used), as actions, the family's readings made once."""
    s = game.state
    forbidden, cash, piece = forbidden_actions(s, slot), s.cash.item(slot), has_piece(s, slot)
    return [FAMILY_ACTION0 + j for j, a in enumerate(FAMILY_ACTION_KEYS)
            if takes(game, slot, a, a == marker, forbidden, cash, piece)]


# --- the phase ------------------------------------------------------------------------------------------
@implements("family")
def start(game) -> None:
    s = game.state
    order = clockwise_from(s, chairman_or_title(s))
    game.after("family_next", order=order, i=0)
    offer(game, PM_EAR)                 # The Prime Minister's Ear: before the Family phase (rules/blackmail.py)


@CONTINUATIONS.register
def family_next(game, frame, _):
    order, i = frame["order"], frame["i"]
    if i >= len(order):
        new_company_shares(game)
        announce(game, "window", "new_shares")        # solo: favours right after New Company Shares (RB p.45)
        return
    game.after("family_next", order=order, i=i + 1)
    slot = order[i]
    s = game.state
    if crown_slot(s, slot):
        game.after("family_crown_action", n=0, taken=[])
        game.after("family_crown_free_writer", step=1)
        return
    marker = None if LADY_GLENCORA in s.hands[slot]["prestige"] else s.opportunity[slot]
    options = family_action_options(game, slot, marker)
    if not options:
        game.log_note("family", f"{name(slot)} can take no family action")
        return
    game.choose(key(slot), f"{name(slot)}: choose a family action", options, "family_action_chosen", slot=slot)


def _log_free_writer(game) -> None:
    game.log_note("crown", f"{name(CROWN)} enlists a free writer (4 or more vacant offices, Crown Handbook: Family)")


@CONTINUATIONS.register
def family_crown_free_writer(game, frame, _):
    """Crown Handbook, Family step 1 (option crown): with 4+ vacant offices a free writer; then a second,
    in a Presidency with a vacant President and no Crown writer, if there is one."""
    s = game.state
    if frame["step"] == 1:
        if free_writers_due(game) == 0:
            return
        _log_free_writer(game)
        game.after("family_crown_free_writer", step=2)
        perform(game, CROWN, "enlist_writer", used_marker=False)
        return
    if not has_piece(s, CROWN):
        return
    options = [p for p in range(3) if s.office_holder[PRESIDENT[p]] < 0 and s.writers[CROWN, p] == 0]
    if options:
        _log_free_writer(game)
        game.choose(key(CROWN), f"{name(CROWN)}: enlist a free writer in which Presidency (vacant President)?",
                    [PRESIDENCY0 + p for p in options], "family_writer_placed", slot=CROWN)


@CONTINUATIONS.register
def family_crown_action(game, frame, _):
    """Crown Handbook, Family step 2 (option crown): two family actions, no opportunity marker."""
    n = frame["n"]
    if n >= crowndata.FAMILY_ACTIONS_PER_TURN[0]:
        return
    options = family_action_options(game, CROWN)
    if not options:
        game.log_note("family", f"{name(CROWN)} can take no family action")
        return
    game.after("family_crown_action", n=n + 1, taken=frame["taken"])
    game.choose(key(CROWN), f"{name(CROWN)}: choose family action {n + 1} of 2", options, "family_action_chosen",
                slot=CROWN, taken=frame["taken"])


@CONTINUATIONS.register
def family_action_chosen(game, frame, action):
    s = game.state
    slot = frame["slot"]
    act = FAMILY_ACTION_KEYS[action - FAMILY_ACTION0]
    if crown_slot(s, slot):          # no opportunity marker (Crown Handbook, Family)
        if game.keeps_log:
            game.log_note("family", f"{name(slot)} takes {ACTION_TITLE[act]}")
        below = s.frames[-1] if s.frames else None
        if below is not None and below.get("fn") == "family_crown_action":     # the actions taken so far
            below["taken"] = list(frame.get("taken", [])) + [act]
        game.after("family_after_actions", slot=slot, act=act)
        perform(game, slot, act, used_marker=False)
        return
    glencora = LADY_GLENCORA in s.hands[slot]["prestige"]
    twice = (not glencora) and s.opportunity[slot] == act
    if not glencora:
        s.opportunity[slot] = act
    if game.keeps_log:
        game.log_note("family", f"{name(slot)} takes {ACTION_TITLE[act]}"
                      + (" twice (opportunity bonus)" if twice else ""))
    game.after("family_after_actions", slot=slot, act=act)
    if twice:
        game.after("family_second_take", slot=slot, act=act)
    perform(game, slot, act, used_marker=twice)


@CONTINUATIONS.register
def family_second_take(game, frame, _):
    slot, act = frame["slot"], frame["act"]
    if not can_take(game, slot, act, used_marker=True):
        if game.keeps_log:
            game.log_note("family", f"{name(slot)} cannot take {ACTION_TITLE[act]} a second time")
        return
    if act.startswith("purchase") or act == "seek_share":
        ask_yes_no(game, slot, f"{name(slot)}: take {ACTION_TITLE[act]} a second time?", "family_second_answer",
                   slot=slot, act=act)
        return
    perform(game, slot, act, used_marker=True)


@CONTINUATIONS.register
def family_second_answer(game, frame, action):
    if action == YES:
        perform(game, frame["slot"], frame["act"], used_marker=True)


@CONTINUATIONS.register
def family_after_actions(game, frame, _):
    """RB p.13: the additional writer with 4+ vacant offices (after Enlist Writer), then the law's extra action."""
    s = game.state
    slot, act = frame["slot"], frame["act"]
    game.after("family_extra_law", slot=slot, act=act)
    if act == "enlist_writer" and len(vacant_offices(s)) >= 4 and has_piece(s, slot):
        ask_yes_no(game, slot, f"{name(slot)}: 4 or more offices are vacant; place an additional writer?",
                   "family_additional_writer", slot=slot)


@CONTINUATIONS.register
def family_additional_writer(game, frame, action):
    if action == YES:
        perform(game, frame["slot"], "enlist_writer", used_marker=False)


# law -> the extra family action it carries (RB p.13, law cards); a read-only constant
EXTRA_LAW_ACTIONS = MappingProxyType({law[0]: law[5] for law in LAWS if law[5]})


def extra_law_action(s) -> tuple[int, str] | None:
    """The most recently passed law in force that carries an extra family action (RB p.13)."""
    for law in reversed(s.laws_in_force):
        if law in EXTRA_LAW_ACTIONS:
            return law, EXTRA_LAW_ACTIONS[law]
    return None


@CONTINUATIONS.register
def family_extra_law(game, frame, _):
    s = game.state
    slot, act = frame["slot"], frame["act"]
    found = extra_law_action(s)
    if found is None:
        return
    law, extra = found
    if law == 37 and act == "enlist_writer":        # Tenure Limits: only after another family action
        return
    allowed = has_piece(s, slot) if law == 37 else can_take(game, slot, extra)
    if not allowed:
        return
    ask_yes_no(game, slot, f"{name(slot)}: take the extra action of {LAW_NAMES.get(law, law)} "
               f"({ACTION_TITLE[extra]})?", "family_extra_answer", slot=slot, extra=extra)


@CONTINUATIONS.register
def family_extra_answer(game, frame, action):
    if action == YES:
        perform(game, frame["slot"], frame["extra"], used_marker=False)


# --- the actions -----------------------------------------------------------------------------------------
PIECE_ACTIONS = ("enlist_writer", "enlist_officer", "seek_share")


def perform(game, slot, act, used_marker) -> None:
    s = game.state
    if act in PIECE_ACTIONS and s.supply[slot] <= 0:
        boxes = [b for b in range(5) if s.prize_pieces[slot, b] > 0]
        if len(boxes) > 1:          # RB p.13: out of family pieces, the family picks the prize it gives up
            game.choose(key(slot), f"{name(slot)} is out of pieces: take one from which prize (losing its VP)?",
                        [PRIZE0 + b for b in boxes], "family_prize_given_up", slot=slot, act=act,
                        used_marker=used_marker)
            return
    if act == "enlist_writer":
        game.choose(key(slot), f"{name(slot)}: enlist a writer in which Presidency?",
                    [PRESIDENCY0 + p for p in range(3)], "family_writer_placed", slot=slot)
    elif act == "enlist_officer":
        take_piece(game, slot)
        s.officers_in_training[slot] += 1
    elif act == "purchase_luxury":
        s.cash[slot] -= company.ENTERPRISES["luxury"][1]
        s.luxuries[slot] += 1
        s.vp[slot] += company.LUXURY_VP[0]
    elif act == "purchase_shipyard":
        free = free_shipyards(s)
        if len(free) > 1:           # RB p.13: the buyer takes the shipyard of its choice
            game.choose(key(slot), f"{name(slot)}: buy which shipyard?", [SHIP0 + i for i in free],
                        "family_shipyard_chosen", slot=slot)
            return
        _buy_shipyard(game, slot, free[0])
    elif act == "purchase_workshop":
        s.cash[slot] -= workshop_price(game, slot, used_marker)
        s.workshops[slot] += 1
    elif act == "seek_share":
        cash, exchange = s.cash.item(slot), s.stock_exchange.tolist()
        spaces = [STOCK0 + i for i in range(5) if exchange[i] < 0 and share_price(game, slot, i) <= cash]
        game.choose(key(slot), f"{name(slot)}: seek a share on which Stock Exchange space?", spaces,
                    "family_share_placed", slot=slot)
    else:
        raise ValueError(act)


def _buy_shipyard(game, slot, ship) -> None:
    s = game.state
    s.cash[slot] -= company.ENTERPRISES["shipyard"][1]
    s.shipyard_owner[ship] = slot
    s.ship_zone[ship] = -1
    s.ship_fatigued[ship] = 0
    if game.keeps_log:
        game.log_note("family", f"{name(slot)} buys the shipyard of the {SHIP_NAMES[ship]}")


@CONTINUATIONS.register
def family_shipyard_chosen(game, frame, action):
    _buy_shipyard(game, frame["slot"], action - SHIP0)


@CONTINUATIONS.register
def family_prize_given_up(game, frame, action):
    """RB p.13: the piece comes off the chosen prize (its VP are lost) and the action goes on."""
    slot, box = frame["slot"], action - PRIZE0
    return_prize_piece(game, slot, box)
    game.log_note("family", f"{name(slot)} is out of pieces and takes one from prize box {box + 1}")
    perform(game, slot, frame["act"], frame["used_marker"])


@CONTINUATIONS.register
def family_writer_placed(game, frame, action):
    s = game.state
    slot, p = frame["slot"], action - PRESIDENCY0
    take_piece(game, slot)
    s.writers[slot, p] += 1
    if game.keeps_log:
        game.log_note("family", f"{name(slot)} enlists a writer in {PRESIDENCY_NAMES[p]}")


@CONTINUATIONS.register
def family_share_placed(game, frame, action):
    s = game.state
    slot, space = frame["slot"], action - STOCK0
    take_piece(game, slot)
    s.cash[slot] -= share_price(game, slot, space)
    s.stock_exchange[space] = slot
    if game.keeps_log:
        game.log_note("family", f"{name(slot)} seeks a share on Stock Exchange space {space + 1}")


def new_company_shares(game) -> None:
    """RB p.13, New Company Shares."""
    s = game.state
    while s.debt > 0:
        occupied = [i for i, x in enumerate(s.stock_exchange.tolist()) if x >= 0]
        if not occupied:
            break
        i = occupied[-1]
        slot = int(s.stock_exchange[i])
        s.stock_exchange[i] = -1
        s.court[slot] += 1
        s.debt -= 1
        if game.keeps_log:
            game.log_note("family", f"New Company share for {name(slot)}; Debt {s.debt}")
    pieces = [x for x in s.stock_exchange.tolist() if x >= 0]
    s.stock_exchange[:] = -1
    for j, slot in enumerate(reversed(pieces)):
        s.stock_exchange[4 - j] = slot

