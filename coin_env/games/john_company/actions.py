"""John Company's action vocabulary: one flat, labelled table, the same for every game.

Groups, in order: meta (done, yes, no), family_action (the six family actions, RB p.13), procedure
(a named step inside an office's operation), presidency (3: a Presidency, its Army, Writers box or
President's treasury), region (8), order (17), zone (3 sea zones + China), family (7 slots), office
(17), source (where a hiring candidate stands), stock (5 Stock Exchange spaces), ship (22 named player
ships + Company ship + extra ship), count (0..20), tens (10..90 for numbers above 20).

A number above 20 is asked in two steps: its tens ("tens: 3" = 30..39) then its units ("0".."9").
Every numeric choice is masked to the legal range, so no sequence can end in a dead end.
"""

from __future__ import annotations

from ...core.actions import ActionVocabulary
from .data.cards import BLACKMAIL, ENTERPRISE_PRESTIGE, LAWS
from .data.crown import FAVOUR_LABELS
from .static import (ALLIANCE_NAMES, FAMILY_ACTIONS, FAMILY_KEYS, FAMILY_NAMES, N_OFFICES, OFFICE_KEYS, OFFICE_NAMES,
                     ORDER_TITLES, PRESIDENCY_NAMES, REGION_NAMES, SEA_ZONES, SHIP_NAMES)

MAX_COUNT = 20
POWER_TOKENS = ("Workshops", "Shipyards", "Luxuries", "Company shares")
# What a family may offer at a consent (option negotiation "offers", rules/offers.py; RB p.8 transfers)
OFFERS = (("cash1", "£1"), ("cash2", "£2"), ("cash3", "£3"), ("cash5", "£5"), ("workshop", "a workshop"),
          ("luxury", "a luxury"), ("shipyard", "a shipyard"), ("share", "a Company share"))
PROMISE_KIND = "Consent to Nepotism"          # the one promise card the sources describe (RB-ex p.15)
PROCEDURES = [
    ("special_envoy", "Special Envoy"), ("open_china", "open trade with China"),
    ("transfer_writer", "transfer a writer"), ("transfer_ship", "transfer a ship"),
    ("fit_ship", "fit a ship"), ("buy_company_ship", "buy a Company ship"),
    ("lease_extra_ship", "lease an extra ship"), ("transfer_officer", "transfer an officer"),
    ("transfer_regiment", "transfer a regiment"), ("trade", "Trade"), ("deploy", "Deploy"),
    ("buy_alliance", "buy a local alliance"), ("administer", "Administer"), ("token", "filled-order token"),
    ("build_ship", "Build Company ship"), ("commission_regiment", "Commission regiment"), ("tax_balance",
    "Tax to the Company Balance"), ("tax_president", "Tax to the President's treasury"),
    ("trade_china", "Trade in China"), ("draw_law", "draw another law"),
    ("dial_cw", "turn the dial clockwise"), ("dial_ccw", "turn the dial counter-clockwise"),
    ("vote_for", "vote for"), ("vote_against", "vote against"), ("another_round", "another round of voting"),
    ("resolve_vote", "resolve the vote"), ("regiment", "a regiment"),
]
SOURCES = ([("writer%d" % p, f"writer in {n}") for p, n in enumerate(PRESIDENCY_NAMES)]
           + [("officer%d" % p, f"officer in the {n} Army") for p, n in enumerate(PRESIDENCY_NAMES)]
           + [("commander%d" % p, f"Commander of the {n} Army") for p, n in enumerate(PRESIDENCY_NAMES)]
           + [("oit", "Officers-in-Training")])


# firms (RB p.36-42): the Firms phase's procedures, the Vote to Deregulate, firm dividends
FIRM_PROCEDURES = [("form", "form a firm"), ("fit_ship", "fit a ship for the firm"),
                   ("buy_back", "buy back a ship from the Company for the firm"), ("dissolve", "dissolve the firm"),
                   ("pay_share", "pay with a Company share"), ("pay_workshop", "pay with a workshop (invested)"),
                   ("call_vote", "call the Vote to Deregulate"), ("dividend", "pay a firm dividend"),
                   ("emergency", "make an emergency investment")]


def _entries():
    e = [("meta", "done", "done"), ("meta", "yes", "yes"), ("meta", "no", "no")]
    e += [("family_action", k, label) for k, label in FAMILY_ACTIONS]
    e += [("procedure", k, label) for k, label in PROCEDURES]
    e += [("presidency", str(i), f"{n} Presidency") for i, n in enumerate(PRESIDENCY_NAMES)]
    e += [("region", str(i), f"region {n}") for i, n in enumerate(REGION_NAMES)]
    e += [("order", str(i), f"order {n}") for i, n in enumerate(ORDER_TITLES)]
    e += [("zone", str(i), n) for i, n in enumerate(SEA_ZONES)]
    e += [("family", str(i), FAMILY_NAMES[i]) for i in range(len(FAMILY_KEYS))]
    e += [("office", str(i), OFFICE_NAMES[i]) for i in range(len(OFFICE_KEYS))]
    e += [("source", k, label) for k, label in SOURCES]
    e += [("stock", str(i), f"Stock Exchange space {i + 1}") for i in range(5)]
    e += [("ship", str(i), f"ship {n}") for i, n in enumerate(SHIP_NAMES)]
    e += [("ship", "company", "Company ship"), ("ship", "extra", "extra ship")]
    e += [("count", str(i), str(i)) for i in range(MAX_COUNT + 1)]
    e += [("tens", str(t), f"tens: {t}") for t in range(10)]
    e += [("prize", str(i), f"prize box {i + 1}") for i in range(5)]
    e += [("alliance", str(i), f"alliance {n}") for i, n in enumerate(ALLIANCE_NAMES)]
    e += [("law", str(law[0]), f"law {law[1]}") for law in LAWS]
    e += [("take", str(i), f"take London Season card {i + 1}") for i in range(3)]
    e += [("setup_card", str(i), f"setup card {i}") for i in range(1, 19)]
    e += [("discard", str(i), f"discard London Season card {i + 1}") for i in range(3)]
    e += [("target", "court_share", "a Company share in the Court")]
    e += [("power_token", t, f"the {t} power token") for t in POWER_TOKENS]
    # negotiation: structured offers at consents (option negotiation "offers", rules/offers.py, RB p.8)
    e += [("offer", k, f"offer {label}") for k, label in OFFERS]
    e += [("offer_blackmail", str(c[0]), f"offer blackmail card {c[1]}") for c in BLACKMAIL]
    e += [("offer_promise", str(i), f"offer {FAMILY_NAMES[i]}'s {PROMISE_KIND} promise card")
          for i in range(len(FAMILY_KEYS))]
    # solo favours (RB p.45-46)
    e += [("favour", k, f"favour: {label}") for k, label in FAVOUR_LABELS]
    e += [("favour_card", str(c[0]), f"the enterprise card {c[1]} ({c[0]})") for c in ENTERPRISE_PRESTIGE]
    # firms (RB p.36-42)
    e += [("firm", k, label) for k, label in FIRM_PROCEDURES]
    e += [("firm_invest", str(i), f"invest in the firm of {FAMILY_NAMES[i]}") for i in range(len(FAMILY_KEYS))]
    e += [("strategy", str(z), f"firm strategy {n}") for z, n in enumerate(SEA_ZONES[:3])]
    e += [("strategy", "hobnob", "firm strategy Hobnob")]
    e += [("firm_takeover", str(i), f"hostile takeover of the firm of {FAMILY_NAMES[i]}") for i in range(len(FAMILY_KEYS))]
    e += [("firm_merge", str(i), f"merge with the firm of {FAMILY_NAMES[i]}") for i in range(len(FAMILY_KEYS))]
    return e


VOCABULARY = ActionVocabulary(_entries())
V = VOCABULARY
DONE = V.index("meta", "done")
YES = V.index("meta", "yes")
NO = V.index("meta", "no")
FAMILY_ACTION0 = V.base("family_action")
PROC = {k: V.index("procedure", k) for k, _ in PROCEDURES}
PRESIDENCY0 = V.base("presidency")
REGION0 = V.base("region")
ORDER0 = V.base("order")
ZONE0 = V.base("zone")
FAMILY0 = V.base("family")
OFFICE0 = V.base("office")
SOURCE = {k: V.index("source", k) for k, _ in SOURCES}
SOURCE_KEY = {v: k for k, v in SOURCE.items()}
STOCK0 = V.base("stock")
SHIP0 = V.base("ship")
COMPANY_SHIP = V.index("ship", "company")
EXTRA_SHIP = V.index("ship", "extra")
COUNT0 = V.base("count")
TENS0 = V.base("tens")                # TENS0 + t is "tens: t" (t*10 .. t*10+9)
PRIZE0 = V.base("prize")
ALLIANCE0 = V.base("alliance")
LAW = {law[0]: V.index("law", str(law[0])) for law in LAWS}
LAW_OF_ACTION = {v: k for k, v in LAW.items()}
TAKE0 = V.base("take")
SETUP_CARD0 = V.index("setup_card", "1") - 1          # SETUP_CARD0 + n is "setup card n"
DISCARD0 = V.base("discard")
COURT_SHARE = V.index("target", "court_share")
POWER_TOKEN = {t: V.index("power_token", t) for t in POWER_TOKENS}
POWER_TOKEN_OF_ACTION = {v: k for k, v in POWER_TOKEN.items()}
# negotiation (rules/offers.py)
OFFER = {k: V.index("offer", k) for k, _ in OFFERS}
OFFER_OF_ACTION = {v: k for k, v in OFFER.items()}
OFFER_BLACKMAIL = {c[0]: V.index("offer_blackmail", str(c[0])) for c in BLACKMAIL}
OFFER_PROMISE0 = V.base("offer_promise")

# solo favours (RB p.45-46)
FAVOUR = {k: V.index("favour", k) for k, _ in FAVOUR_LABELS}
FAVOUR_OF_ACTION = {v: k for k, v in FAVOUR.items()}
FAVOUR_CARD = {c[0]: V.index("favour_card", str(c[0])) for c in ENTERPRISE_PRESTIGE}
FAVOUR_CARD_OF_ACTION = {v: k for k, v in FAVOUR_CARD.items()}

# firms (RB p.36-42)
FIRM = {k: V.index("firm", k) for k, _ in FIRM_PROCEDURES}
FIRM_INVEST0 = V.base("firm_invest")
STRATEGY0 = V.base("strategy")              # STRATEGY0 + z: a sea zone (0-2); STRATEGY0 + 3: Hobnob
FIRM_TAKEOVER0 = V.base("firm_takeover")
FIRM_MERGE0 = V.base("firm_merge")


# --- hiring sources (rules/hiring.py, the bot) -------------------------------------------------------------
def source_action(src: str) -> int:
    """The action choosing a hiring candidate's source (queries.candidates: "post<office>", "writer<p>", ...)."""
    return OFFICE0 + int(src[4:]) if src.startswith("post") else SOURCE[src]


def action_source(action: int) -> str:
    """The candidate source an action chooses (the inverse of :func:`source_action`)."""
    return f"post{action - OFFICE0}" if action in range(OFFICE0, OFFICE0 + N_OFFICES) else SOURCE_KEY[action]
