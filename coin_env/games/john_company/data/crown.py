"""The Crown (solo / two families): AI cards, climates and the Handbook's per-climate tables.

Sources (digest §9, Appendix E): RB p.43-46 ("Playing with One or Two"), the Crown Handbook (HB, OCR
without its climate columns) and the community solo aid v3.2 (AID) whose climate columns the
shiny-crown transcription restores (SC). Every table carries its provenance: "rule: ..." (RB/HB/AID
text), "derived" or "reconstructed: <reason>". An owner data pack may replace the AI cards
(data_facts.py key ``crown_ai_cards``).

Climates, left to right on the Crown's board: Bull, Stag, Lion, Bear, Peacock (index 0..4).
"""

from __future__ import annotations

CLIMATES = ("Bull", "Stag", "Lion", "Bear", "Peacock")
BULL, STAG, LION, BEAR, PEACOCK = range(5)
CLIMATES_PROV = "rule: RB p.45 (five climates on a track); names and order SC (digest §9.4)"

# --- AI cards (RB p.45 anatomy; digest Appendix E) ---------------------------------------------------
# Each card: back = (Presidency order on the card's back, 0 Bombay 1 Madras 2 Bengal);
# shaded = splay position taken first (0 leftmost); ranks = the black / white arrows as BGA encodes them:
# the Presidency at position i of the *next* facedown card's back has rank ranks[i], lowest first;
# finger = "cw" / "ccw"; regions = region priority, left to right;
# chart = climate chart rows [measure, comparison, value, climate] read top to bottom, then default.
# Measures (rules/crown.py ``MEASURES``): standing (Standing position 1..7), presidencies_with_region,
# debt, zones_with_two_ships, company_shares (all Company shares), crown_shares, crown_cash, company_regions, unrest, crown_writers_minus_yours.
BGA = "reconstructed: the AI cards are not in the sources; BGA AICards (digest Appendix E, unverified)"
AI_CARDS = (
    {"id": 1, "back": (0, 1, 2), "shaded": 0, "ranks": (0, 2, 1), "finger": "cw",
     "regions": ("Madras", "Mysore", "Bombay", "Punjab", "Delhi", "Maratha", "Hyderabad", "Bengal"),
     "chart": (("standing", "<=", 2, PEACOCK),), "default": BULL,
     "prov": "rule: RB p.45 figure (region list, leftmost card, clockwise, Standing 1st or 2nd place -> Peacock); "
             "back, arrows and default " + BGA},
    {"id": 2, "back": (0, 1, 2), "shaded": 1, "ranks": (0, 1, 2), "finger": "ccw",
     "regions": ("Mysore", "Bombay", "Punjab", "Bengal", "Delhi", "Maratha", "Hyderabad", "Madras"),
     "chart": (("presidencies_with_region", ">=", 3, BULL), ("presidencies_with_region", ">=", 2, BEAR)),
     "default": PEACOCK, "prov": BGA},
    {"id": 3, "back": (0, 1, 2), "shaded": 2, "ranks": (0, 2, 1), "finger": "cw",
     "regions": ("Bombay", "Punjab", "Delhi", "Hyderabad", "Maratha", "Bengal", "Madras", "Mysore"),
     "chart": (("debt", "<=", 0, STAG), ("debt", "<=", 4, BULL)), "default": PEACOCK, "prov": BGA},
    {"id": 4, "back": (0, 2, 1), "shaded": 0, "ranks": (2, 1, 0), "finger": "ccw",
     "regions": ("Punjab", "Maratha", "Delhi", "Hyderabad", "Bengal", "Madras", "Mysore", "Bombay"),
     "chart": (("standing", "<=", 2, BEAR), ("standing", "<=", 3, STAG)), "default": BULL, "prov": BGA},
    {"id": 5, "back": (1, 2, 0), "shaded": 1, "ranks": (1, 0, 2), "finger": "cw",
     "regions": ("Punjab", "Hyderabad", "Maratha", "Bengal", "Madras", "Mysore", "Bombay", "Delhi"),
     "chart": (("zones_with_two_ships", ">=", 3, BULL), ("zones_with_two_ships", ">=", 2, STAG)),
     "default": LION, "prov": BGA},
    {"id": 6, "back": (1, 2, 0), "shaded": 2, "ranks": (1, 2, 0), "finger": "cw",
     "regions": ("Hyderabad", "Delhi", "Bengal", "Madras", "Mysore", "Bombay", "Maratha", "Punjab"),
     "chart": (("company_shares", ">=", 9, LION), ("company_shares", ">=", 7, BEAR)), "default": BULL,
     "prov": BGA + " (it counts all Company shares, Court + Chairman, not the Crown's); its 'deregulated -> "
             "Peacock' row never applies in 1710"},
    {"id": 7, "back": (1, 2, 0), "shaded": 0, "ranks": (1, 0, 2), "finger": "cw",
     "regions": ("Maratha", "Bengal", "Madras", "Mysore", "Bombay", "Delhi", "Punjab", "Hyderabad"),
     "chart": (("crown_cash", "<=", 7, BEAR), ("crown_cash", "<=", 16, PEACOCK)), "default": STAG, "prov": BGA},
    {"id": 8, "back": (2, 0, 1), "shaded": 1, "ranks": (2, 1, 0), "finger": "cw",
     "regions": ("Bengal", "Madras", "Mysore", "Bombay", "Hyderabad", "Punjab", "Maratha", "Delhi"),
     "chart": (("unrest", "<=", 0, STAG), ("unrest", "<=", 3, LION)), "default": BEAR,
     "prov": BGA + "; climate chart reconstructed: BGA has none for cards 8-10 (digest G11) -- a stand-in "
             "reading unrest in Company regions, pending the printed card"},
    {"id": 9, "back": (2, 0, 1), "shaded": 2, "ranks": (2, 0, 1), "finger": "ccw",
     "regions": ("Delhi", "Bengal", "Bombay", "Madras", "Mysore", "Punjab", "Hyderabad", "Maratha"),
     "chart": (("company_regions", ">=", 6, PEACOCK), ("company_regions", ">=", 4, BEAR)), "default": BULL,
     "prov": BGA + "; climate chart reconstructed: none in BGA (digest G11) -- a stand-in reading the number "
             "of Company-controlled regions, pending the printed card"},
    {"id": 10, "back": (2, 0, 1), "shaded": 1, "ranks": (2, 1, 0), "finger": "ccw",
     "regions": ("Hyderabad", "Bombay", "Punjab", "Mysore", "Maratha", "Delhi", "Bengal", "Madras"),
     "chart": (("crown_writers_minus_yours", ">=", 2, LION), ("crown_writers_minus_yours", ">=", 0, STAG)),
     "default": BEAR,
     "prov": BGA + "; climate chart reconstructed: none in BGA (digest G11) -- a stand-in comparing the Crown's "
             "writers with the other families', pending the printed card"},
)
AI_DECK_EXHAUSTED = ("reconstructed: RB/HB silent when the AI deck runs out; the discards are shuffled into a "
                     "new deck (BGA)")

# --- difficulty (RB p.46; AID Setup; digest §9.1) ------------------------------------------------------
# level -> (Crown promise cubes, your cubes, extra setup cards to the Crown, spends all on final retirement)
DIFFICULTY = ({
    "easy": (6, 6, 0, False), "normal": (6, 6, 0, False), "hard": (10, 2, 0, True),
    "expert": (10, 2, 3, True), "legendary": (12, 0, 6, True),
}, "rule: RB p.46 (Easy..Expert), AID Setup (Legendary); cube split SC")

# --- the Crown's turn ---------------------------------------------------------------------------------
# II. Family: queue per climate (HB Family; SC; BGA FamilyAction agrees) -- two actions, first viable.
FAMILY_QUEUE = ({
    BULL: ("seek_share", "purchase_shipyard", "enlist_writer", "enlist_writer", "enlist_officer"),
    STAG: ("seek_share", "enlist_writer", "purchase_shipyard", "enlist_writer", "enlist_officer"),
    LION: ("purchase_shipyard", "enlist_officer", "enlist_writer", "enlist_officer"),
    BEAR: ("enlist_officer", "purchase_luxury", "purchase_workshop", "enlist_officer", "enlist_writer"),
    PEACOCK: ("purchase_workshop", "purchase_luxury", "enlist_officer", "enlist_officer", "enlist_writer"),
}, "rule: HB Family (climate queue), columns SC; BGA FamilyAction.php identical")
FAMILY_ACTIONS_PER_TURN = (2, "rule: HB Family (the Crown takes two family actions, no opportunity marker)")
FREE_WRITER_VACANCIES = (4, "rule: HB Family (free writer when at least 4 offices are vacant)")

# Per-climate numbers, Bull/Stag/Lion/Bear/Peacock (HB; SC restores the columns).
ENVOY_SPEND = ((3, 3, 3, 4, 5), "rule: AID v3.2 DoT (HB: always £3)")
GOVERN_DICE = ((5, 3, 3, 3, 2), "rule: HB Governor General; columns SC")
ADMINISTER_MIN_POOL = ((3, 2, 2, 2, 1), "rule: HB Governor; columns SC")
TRADE_MIN_DICE = ((2, 3, 4, 5, 6), "rule: HB President (required dice after the penalty); columns SC")
TRADE_EXTRA_DICE = (3, "rule: HB President (up to £3 more on dice)")
DEPLOY_DICE_NON_COMPANY = ((6, 5, 4, 3, 2), "rule: HB Commander; columns SC")
DEPLOY_DICE_COMPANY = ((2, 3, 4, 5, 6), "rule: HB Commander; columns SC")
CHINA_MIN_DICE = ((1, 2, 2, 3, 3), "rule: HB Superintendent; columns SC")
DIVIDEND_FLOOR = ((0, 2, 4, 6, 8), "rule: HB Revenue (Balance left after each further dividend); columns SC")
COMPANY_SHIPS_TO_BUY = (("none", "one", "all", "one", "none"), "rule: HB Manager of Shipping; columns SC")
DEPLOY_AGAIN = ((False, False, False, True, True), "rule: HB Commander (Bear/Peacock deploy again)")
ALLIANCE_POLICY = ((None, None, ("cheapest", 3), ("dearest", 2), ("dearest", 2)),
                   "rule: HB Commander (Lion: Army strength >= 3, cheapest; Bear/Peacock: >= 2, dearest)")

# VIII. Parliament: free extra votes by the Crown's treasury (HB Parliament; digest T25).
EXTRA_VOTES = (((15, 4), (11, 3), (7, 2), (4, 1), (0, 0)), "rule: HB Parliament (£0-3 +0, £4-6 +1, £7-10 +2, "
               "£11-14 +3, £15+ +4)")
CLIMATE_SHIFT_DICE = (6, "rule: HB Parliament (Climate Shift: roll 6 dice, successes against Standing)")

# Voting plan (HB; digest Appendix A last column): law id -> condition for voting FOR (else AGAINST).
# Conditions: ("climate", {climates}), ("most", what), ("not_most", what), ("crown_pm",), ("always",),
# ("not_chairman",), ("crown_office", office key).
VOTING_PLAN = ({
    31: ("most", "workshops"), 32: ("climate", (LION, BEAR, PEACOCK)), 33: ("climate", (BEAR, PEACOCK)),
    34: ("crown_pm",), 35: ("climate", (BULL, STAG)), 36: ("most", "prizes"), 37: ("not_chairman",),
    38: ("climate", (LION, BEAR, PEACOCK)), 39: ("climate", (BULL, STAG, LION)),
    40: ("climate", (BEAR, PEACOCK)), 41: ("most", "governors"), 42: ("climate", (BULL, STAG)),
    43: ("crown_office", "director_of_trade"), 44: ("climate", (LION, BEAR, PEACOCK)),
    45: ("most", "writers_on_orders"), 46: ("climate", (PEACOCK,)), 47: ("crown_pm",), 48: ("climate", (BULL,)),
    49: ("climate", (BEAR, PEACOCK)), 50: ("most", "luxuries"), 51: ("crown_pm",), 52: ("always",),
    53: ("not_most", "taxed"), 54: ("not_most", "rotten_boroughs"), 55: ("crown_pm",), 56: ("never",),
}, "rule: HB voting plan (SC transcription); digest Appendix A")
