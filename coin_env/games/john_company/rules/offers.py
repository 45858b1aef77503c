"""Negotiation as structured binding offers (option ``negotiation: "offers"``; RB p.8).

The rules let families trade enterprises, facedown blackmail cards, family cash, Company shares and promise
cards at any time; only immediate transfers bind (RB p.8). Free talk cannot be an action vocabulary, so
this option keeps what binds and puts it where the rules say consent is bought:

* At every consent the rules ask for (rules/consent.py ``seek_consent``: nepotism, Chairman support, Debt
  beyond 3, coalitions, local-alliance purchases), before a family answers, the family asking for the
  consent may make it **one offer** from a small catalogue (:data:`OFFERS`): £1, £2, £3 or £5 of family
  cash, a workshop, a luxury, a shipyard, a Company share, a facedown blackmail card, or a promise card it
  holds. The family asked accepts or refuses; an accepted offer is transferred at once (binding), and the
  consent that follows is still the family's free choice (a promise in return would not bind).
* Promise cards (RB p.8: five per family, texts on the card backs, not in the sources): the one kind the
  sources describe is played, "Consent to Nepotism" (RB-ex p.15): each family starts holding its own; a
  family holding another's card may call it in when it needs that family's nepotism consent, which is
  then given (the guarantor must fulfil a called promise, RB p.8), and the card goes back to its
  guarantor (a reading: the rules do not say where a fulfilled promise goes). The other kinds ("Vote with
  my enterprises", small loans) are missing.

Transfers follow RB p.8: a luxury's 2 VP go with it; a Company share is the giver's Court piece back to its
supply and one of the receiver's from its supply in its place (the Chairman's share never moves); a
shipyard moves with its ship wherever it is; a blackmail card stays facedown (the log does not name it).
Golden rule (an item cannot activate twice in one window): enterprises carry vote icons, so none is offered
while Parliament votes (a reading: the engine's only consent inside a window where enterprises act).
The default (``"none"``) has no transfers and no promise cards; every consent is then a plain yes / no.
"""

from __future__ import annotations

from ..actions import (DONE, NO, OFFER, OFFERS, OFFER_BLACKMAIL, OFFER_OF_ACTION, OFFER_PROMISE0, PROMISE_KIND, SHIP0,
                       YES)
from ..data import company
from ..registry import CONTINUATIONS
from ..static import FAMILY_NAMES, N_SHIPS, N_SLOTS
from .common import key, name

MODES = ("none", "offers")
CASH = {"cash1": 1, "cash2": 2, "cash3": 3, "cash5": 5}


def active(game) -> bool:
    return game.options.get("negotiation", "none") == "offers"


def initial_promises(n_slots: int = N_SLOTS) -> list:
    """Who holds each family's Consent to Nepotism promise card: at the start, the family itself."""
    return list(range(n_slots))


# --- what a family may offer ------------------------------------------------------------------------
MAX_ITEMS = 3           # an offer is a bundle of at most three items (RB-ex p.15: £1 and a promise card)


def _shipyards(s, f) -> list[int]:
    return [ship for ship in range(N_SHIPS) if s.shipyard_owner[ship] == f]


def offerable(game, giver: int, taker: int, bundle: list, shares: bool = True) -> list[int]:
    """The offer actions ``giver`` can still pay in full to ``taker`` on top of ``bundle`` ([offer, item]
    pairs already in the offer); ``shares`` False: no Company share (a count of shares is being taken)."""
    s = game.state
    chosen = [o for o, _ in bundle]
    cash_left = int(s.cash[giver]) - sum(CASH.get(OFFER_OF_ACTION.get(o), 0) for o in chosen)
    out = [OFFER[k] for k, v in CASH.items() if cash_left >= v]
    if s.phase != "parliament":           # golden rule: enterprises carry votes (module docstring)
        if s.workshops[giver] > chosen.count(OFFER["workshop"]):
            out.append(OFFER["workshop"])
        if s.luxuries[giver] > chosen.count(OFFER["luxury"]):
            out.append(OFFER["luxury"])
        if len(_shipyards(s, giver)) > chosen.count(OFFER["shipyard"]):
            out.append(OFFER["shipyard"])
    given = chosen.count(OFFER["share"])
    if shares and s.court[giver] > given and s.supply[taker] > given:
        out.append(OFFER["share"])
    out += [OFFER_BLACKMAIL[c] for c in s.hands[giver]["blackmail"] if OFFER_BLACKMAIL[c] not in chosen]
    out += [OFFER_PROMISE0 + g for g in promises_held(s, giver) if OFFER_PROMISE0 + g not in chosen]
    return out


def promises_held(s, f: int) -> list[int]:
    """The guarantors whose Consent to Nepotism card ``f`` holds (its own included)."""
    return [g for g, holder in enumerate(s.promises) if holder == f and g in s.seats]


def describe(game, offer: int, item: int) -> str:
    """One item of an offer in words (a blackmail card by name: only its giver and taker are asked)."""
    if offer == OFFER["shipyard"]:
        return f"the shipyard of {game.action_label(item)[len('ship '):]}"
    if offer in OFFER_OF_ACTION:
        return dict(OFFERS)[OFFER_OF_ACTION[offer]]
    if OFFER_PROMISE0 <= offer < OFFER_PROMISE0 + N_SLOTS:
        return f"{FAMILY_NAMES[offer - OFFER_PROMISE0]}'s {PROMISE_KIND} promise card"
    return f"a facedown blackmail card ({game.action_label(offer)[len('offer blackmail card '):]})"


# --- offer rounds ---------------------------------------------------------------------------------------
def offer_round(game, offerers: list[int], decider: int, purpose: str, then: str, shares: bool = True,
                **data) -> bool:
    """Each of ``offerers`` in turn may make ``decider`` one offer (a bundle) about ``purpose``; the decider
    accepts or refuses each at once. Then ``then(game, data, False)``. False (nothing asked) when the option
    is off or nobody can offer anything. ``shares`` False: no Company share may be offered."""
    if not active(game):
        return False
    offerers = [f for f in offerers if f != decider and f >= 0]
    if not any(offerable(game, f, decider, [], shares) for f in offerers):
        return False
    _next_offerer(game, dict(offerers=offerers, fam=decider, purpose=purpose, offer_then=then, offer_data=data,
                             bundle=[], shares=shares))
    return True


def _next_offerer(game, o: dict):
    offerers = o["offerers"]
    while offerers and not offerable(game, offerers[0], o["fam"], [], o["shares"]):
        offerers = offerers[1:]
    if not offerers:
        CONTINUATIONS[o["offer_then"]](game, o["offer_data"], False)
        return
    _ask_item(game, dict(o, offerers=offerers, bundle=[]))


def _ask_item(game, o: dict):
    giver, taker = o["offerers"][0], o["fam"]
    options = offerable(game, giver, taker, o["bundle"], o["shares"]) if len(o["bundle"]) < MAX_ITEMS else []
    so_far = ", ".join(describe(game, a, i) for a, i in o["bundle"]) or "nothing yet"
    game.choose(key(giver), f"{name(giver)}: offer {name(taker)} something {o['purpose']} (binding once "
                f"accepted; offered so far: {so_far}), or done", [DONE] + options, "offer_item", **o)


OFFER_KEYS = ("offerers", "fam", "purpose", "offer_then", "offer_data", "bundle", "shares")


@CONTINUATIONS.register
def offer_item(game, frame, action):
    o = {k: frame[k] for k in OFFER_KEYS}
    giver = o["offerers"][0]
    if action == DONE:
        if o["bundle"]:
            _ask_accept(game, o)
        else:
            _next_offerer(game, dict(o, offerers=o["offerers"][1:]))
        return
    if action == OFFER["shipyard"]:
        ships = [sh for sh in _shipyards(game.state, giver) if [action, SHIP0 + sh] not in o["bundle"]]
        if len(ships) > 1:
            game.choose(key(giver), f"{name(giver)}: which shipyard to offer {name(o['fam'])}?",
                        [SHIP0 + sh for sh in ships], "offer_shipyard", **o)
            return
        o["bundle"] = o["bundle"] + [[action, SHIP0 + ships[0]]]
    else:
        o["bundle"] = o["bundle"] + [[action, action]]
    _ask_item(game, o)


@CONTINUATIONS.register
def offer_shipyard(game, frame, action):
    o = {k: frame[k] for k in OFFER_KEYS}
    o["bundle"] = o["bundle"] + [[OFFER["shipyard"], action]]
    _ask_item(game, o)


def _ask_accept(game, o):
    giver, taker = o["offerers"][0], o["fam"]
    what = ", ".join(describe(game, a, i) for a, i in o["bundle"])
    game.choose(key(taker), f"{name(taker)}: accept {name(giver)}'s offer of {what} {o['purpose']} (binding; "
                f"your decision stays free)?", [YES, NO], "offer_answered", **o)


@CONTINUATIONS.register
def offer_answered(game, frame, action):
    o = {k: frame[k] for k in OFFER_KEYS}
    giver, taker = o["offerers"][0], o["fam"]
    if action == YES:
        for offer, item in o["bundle"]:
            transfer(game, giver, taker, offer, item)
    else:
        game.log_note("negotiation", f"{name(taker)} refuses {name(giver)}'s offer")
    _next_offerer(game, dict(o, offerers=o["offerers"][1:]))


# --- at a consent ------------------------------------------------------------------------------------
def before_answer(game, requester: int, askee: int, then: str, promise: bool, by_shares: bool, **data) -> bool:
    """Open the dialogue before ``askee`` answers ``requester``'s consent request; False when there is none
    (the option is off, or nothing to offer or call in). ``then(game, data, called_in)`` runs after it:
    ``called_in`` is True when a promise card gave the consent."""
    if not active(game) or requester == askee or requester < 0:
        return False
    s = game.state
    if promise and s.promises[askee] == requester:
        game.choose(key(requester), f"{name(requester)}: call in {name(askee)}'s {PROMISE_KIND} promise card "
                    f"(its consent is then given)?", [YES, NO], "offer_call_in", requester=requester, fam=askee,
                    offer_then=then, offer_data=data, shares=not by_shares)
        return True
    return offer_round(game, [requester], askee, "for your consent", then, shares=not by_shares, **data)


@CONTINUATIONS.register
def offer_call_in(game, frame, action):
    requester, askee = frame["requester"], frame["fam"]
    if action == YES:
        s = game.state
        s.promises = [askee if g == askee else h for g, h in enumerate(s.promises)]
        game.log_note("negotiation", f"{name(requester)} calls in {name(askee)}'s {PROMISE_KIND} promise card")
        CONTINUATIONS[frame["offer_then"]](game, frame["offer_data"], True)
        return
    if not offer_round(game, [requester], askee, "for your consent", frame["offer_then"], shares=frame["shares"],
                       **frame["offer_data"]):
        CONTINUATIONS[frame["offer_then"]](game, frame["offer_data"], False)


# --- transfers (RB p.8) --------------------------------------------------------------------------------
def transfer(game, giver: int, taker: int, offer: int, item: int) -> None:
    """Move one offered item from ``giver`` to ``taker`` at once (an immediate transfer binds, RB p.8)."""
    s = game.state
    kind = OFFER_OF_ACTION.get(offer)
    what = describe(game, offer, item)
    if kind in CASH:
        s.cash[giver] -= CASH[kind]
        s.cash[taker] += CASH[kind]
    elif kind == "workshop":
        s.workshops[giver] -= 1
        s.workshops[taker] += 1
    elif kind == "luxury":                    # its VP are the owner's while owned (RB p.13)
        s.luxuries[giver] -= 1
        s.luxuries[taker] += 1
        s.vp[giver] -= company.LUXURY_VP[0]
        s.vp[taker] += company.LUXURY_VP[0]
    elif kind == "shipyard":
        s.shipyard_owner[item - SHIP0] = taker
    elif kind == "share":                     # RB p.8: the giver's piece home, the taker's in its place
        s.court[giver] -= 1
        s.supply[giver] += 1
        s.supply[taker] -= 1
        s.court[taker] += 1
    elif OFFER_PROMISE0 <= offer < OFFER_PROMISE0 + N_SLOTS:
        g = offer - OFFER_PROMISE0
        s.promises = [taker if i == g else h for i, h in enumerate(s.promises)]
    else:                                     # a facedown blackmail card stays facedown: the log does not name it
        card = next(c for c, a in OFFER_BLACKMAIL.items() if a == offer)
        hg, ht = s.hands[giver], s.hands[taker]
        s.hands[giver] = {**hg, "blackmail": [c for c in hg["blackmail"] if c != card]}
        s.hands[taker] = {**ht, "blackmail": list(ht["blackmail"]) + [card]}
        what = "a facedown blackmail card"
    game.log_note("negotiation", f"{name(giver)} gives {name(taker)} {what}", giver=key(giver),
                  taker=key(taker))
