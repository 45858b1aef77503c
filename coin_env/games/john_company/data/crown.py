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

# --- favours and promise cubes (RB p.45-46; HB per phase; AID; SC; digest §9.5-9.6) -------------------------
# A favour's value is in promise cubes from the family's view: -n the family pays n cubes to the Crown, +n the
# Crown pays n (at most what it has). Keys are the action vocabulary's "favour" entries (actions.py), in this order.
FAVOUR_LABELS = (
    ("give_unfitted_shipyard", "give an unfitted shipyard to the Crown (+2)"),
    ("give_fitted_shipyard", "give a fitted shipyard to the Crown (+3)"),
    ("give_workshop", "give a workshop to the Crown (+4)"), ("give_luxury", "give a luxury to the Crown (+5)"),
    ("give_prestige", "give an enterprise prestige card to the Crown (+4)"),
    ("give_cash", "give £3 to the Crown (+2)"),
    ("take_unfitted_shipyard", "take an unfitted shipyard from the Crown (-4)"),
    ("take_fitted_shipyard", "take a fitted shipyard from the Crown (-5)"),
    ("take_workshop", "take a workshop from the Crown (-6)"), ("take_luxury", "take a luxury from the Crown (-7)"),
    ("remove_promise_card", "remove one of your promise cards from the game (Easy: +turn/2 rounded up)"),
    ("give_pound", "give £1 to the Crown, which has a majority of Company shares (+1)"),
    ("nepotism_consent", "buy the Crown's consent to your nepotism (-2)"),
    ("elect_you", "the Crown elects you Chairman instead of itself (-3)"),
    ("elect_crown", "elect the Crown Chairman (+3)"),
    ("debt_consent", "buy the Crown's consent to the Debt advance beyond 3 (-1 .. -6)"),
    ("alliance_consent", "buy the Crown President's consent to your alliance purchase (-2 / -1)"),
    ("crown_alliance_consent", "consent to the Crown Commander's alliance purchase in your Presidency (+1)"),
    ("decide_hiring", "you make this hiring decision for the Crown (-3)"),
    ("decide_deploy", "you choose the Crown Commander's Deploy target (-2)"),
    ("decide_envoy", "you choose the order the Crown's Special Envoy opens (-1)"),
    ("decide_ship_zone", "you choose the sea zone of this ship the Crown places (-1)"),
    ("dividend_fewer", "the Crown Chairman pays one dividend fewer (-2 / -1)"),
    ("dividend_more", "the Crown Chairman pays one dividend more (-1 / -2)"),
    ("take_pound_early", "take £1 from the Crown's treasury before retirements (-2)"),
    ("take_pound", "take £1 from the Crown's treasury (-1)"),
    ("take_enterprise", "take an enterprise prestige card from the Crown (-5)"),
    ("take_blackmail", "take a blackmail card from the Crown, unseen (-4)"),
    ("decide_dial", "the Crown Prime Minister turns the dial to the space of your choice (-4)"),
    ("debt_more", "the Crown Chairman seeks one more Debt advance (-1 / -2 / -3)"),
    ("debt_fewer", "the Crown Chairman seeks one Debt advance fewer (-2 / -1)"),
    ("allocation_request", "have £3 (or less) of the Crown Chairman's allocation go to an office of your choice (-1)"),
    ("gg_dice_up", "the Crown Governor General's required dice +1 (-1)"),
    ("gg_dice_down", "the Crown Governor General's required dice -1 (-1)"),
    ("decide_gg_result", "you choose the results of the Crown Governor General's successful Govern (-2)"),
    ("governor_min_up", "this Crown Governor's minimum pool +1 (-1)"),
    ("governor_min_down", "this Crown Governor's minimum pool -1 (-1)"),
    ("governor_none", "this Crown Governor does not Administer at all (-3)"),
    ("decide_governor_result", "you choose the result of the Crown Governor's successful Administer (-2)"),
    ("china_min_up", "the Crown Superintendent's minimum of ships +1 (-1)"),
    ("china_min_down", "the Crown Superintendent's minimum of ships -1 (-1)"),
    ("mos_buy_one", "the Crown Manager of Shipping buys a Company ship (-1 / -2)"),
    ("mos_buy_none", "the Crown Manager of Shipping buys no Company ship (-2 / -1)"),
    ("mos_buy_wish", "the Crown Manager of Shipping buys as many Company ships as you wish (-3)"),
    ("mos_buy_another", "the Crown Manager of Shipping buys another Company ship (-1 / -2)"),
    ("mos_leave_two", "the Crown Manager of Shipping leaves £2 unspent (-1)"),
    ("decide_fit_ship", "you choose the ship the Crown Manager of Shipping fits (-1)"),
    ("decide_pres_order", "you make one change to the Crown President's order: who acts next (-1)"),
    ("trade_dice_up", "the Crown President's required trade dice +1 (-1)"),
    ("trade_dice_down", "the Crown President's required trade dice -1 (-1)"),
    ("trade_your_writer", "the Crown President places your writer instead of another (-1)"),
    ("deploy_req_up", "the Crown Commander's required Deploy dice +1 (-1)"),
    ("deploy_req_down", "the Crown Commander's required Deploy dice -1 (-1)"),
    ("deploy_again", "the Crown Commander deploys again (-2 / -1)"),
    ("deploy_stop", "the Crown Commander does not deploy again (-1)"),
    ("alliance_one_more", "the Crown Commander buys one more alliance, of your choice (-2 / -1)"),
    ("alliance_dearer", "the Crown Commander buys a more expensive alliance, of your choice (-1)"),
    ("alliance_cheaper", "the Crown Commander buys a cheaper alliance, of your choice (-1)"),
    ("alliance_prevent", "the Crown Commander and President does not buy this alliance (-1 / -2)"),
    ("law_stop", "the Crown Prime Minister stops drawing and selects the law just drawn (-2)"),
    ("law_skip", "the Crown Prime Minister skips the law just drawn and draws again, to select the 3rd (-2)"),
    ("dot_prevent", "the Crown Director of Trade does not make its next transfer, one of its two (-1)"),
    ("dot_choose", "you choose one of the Crown Director of Trade's two transfers, a writer or a ship (-2)"),
    ("ma_prevent", "the Crown Military Affairs does not make its next transfer this round, one of its two (-1)"),
    ("ma_choose", "you choose one of the Crown Military Affairs' two transfers, an officer or a regiment (-1)"),
    ("decide_trainee", "you assign this Officer-in-Training for the Crown Military Affairs (-1)"),
    ("envoy_china", "the Crown's Special Envoy opens trade with China instead (-3)"),
    ("deploy_swap", "before the Crown Commander rolls, swap one of the pieces it exhausts for one it does not (-1)"),
    ("envoy_amount", "you set what the Crown's Special Envoy spends (any amount, zero included) and whether it sends "
                     "more (-2 / -1)"),
)
BASIC_FAVOURS = ({
    "give_unfitted_shipyard": 2, "give_fitted_shipyard": 3, "give_workshop": 4, "give_luxury": 5,
    "give_prestige": 4, "give_cash": 2,
    "take_unfitted_shipyard": -4, "take_fitted_shipyard": -5, "take_workshop": -6, "take_luxury": -7,
}, "rule: Crown family board basic favours (SC transcription; digest §9.5 table; RB p.45 'additional favors are "
   "listed on the Crown's family board'); invested workshops (+1 / -3) need firms (Deregulation, not in 1710)")
GIVE_CASH = (3, "rule: Crown family board (SC): give £3 to the Crown, +2")
PROMISE_CARDS_EASY = (5, "rule: RB p.46 Easy ('5 promise cards are available ... traded for promise cubes'); "
                      "AID Difficulty; the favour's value +ceil(turn/2) SC (digest §9.1)")
GIVE_POUND_MAJORITY = (1, "rule: HB Family (digest §9.6.2): right after New Company Shares, +1 give £1 from your "
                       "treasury to the Crown if the Crown has a majority of Company shares")
NEPOTISM_CONSENT = (-2, "rule: HB Hiring 3 (digest §9.6.4): -2 for the Crown's consent to your nepotism")
NEPOTISM_CROWN = (2, "rule: HB Hiring 4.1 (digest §9.6.4): solo mandatory +2 -- you must consent to the Crown's "
                  "nepotism and receive 2 cubes when the Crown holds at least 2")
HIRE_CROWN_PIECE = (1, "rule: HB Hiring 3 (digest §9.6.4): +1 when you hire a Crown piece over any non-Crown "
                    "candidate")
ELECT_YOU = (-3, "rule: HB Hiring 1 (digest §9.6.4): -3 the Crown (majority) elects you Chairman instead")
ELECT_CROWN = (3, "rule: HB Hiring 1 (digest §9.6.4): +3 you (majority) elect the Crown Chairman")
CHAIRMAN_DUES = (-1, "rule: HB Chairman (digest §9.6.5): you are Chairman -- mandatory -1 once per turn, before "
                 "any action, if you have a cube")
DEBT_CONSENT_FIRST = ((-1, -2, -3, -4, -6), "rule: HB Chairman (digest §9.6.5): the Crown's shares consent to the "
                      "first advance of Debt beyond 3; columns SC")
DEBT_CONSENT_FURTHER = (-1, "rule: HB Chairman (digest §9.6.5): each further advance beyond 3")
MOS_FITS_YOURS = (-1, "rule: HB Manager of Shipping 1 (digest §9.6.8): a Crown Manager fitting your ship -- "
                  "mandatory -1 if able, paid before the sea zone is chosen")
MOS_FITS_CROWN = (1, "rule: HB Manager of Shipping (digest §9.6.8): you are MoS -- +1 for fitting a Crown ship "
                  "(RB p.45 example '+1 Fit a Crown ship')")
MA_CROWN_COMMANDER = (1, "rule: HB Military Affairs (digest §9.6.9): you are MA -- mandatory +1 whenever you assign "
                      "the Crown as Commander of an Army (even with no choice)")
PRESIDENT_CROWN_WRITERS = (1, "rule: HB President (digest §9.6.10): you are President -- mandatory +X when you "
                           "place X Crown writers filling orders (even if forced)")
UPKEEP_WRITERS = (1, "rule: HB Upkeep (digest §9.6.14): solo mandatory +1 when you have a writer in a Crown "
                  "Presidency but none of yours returns from filling an order there")
ALLIANCE_CONSENT = ((-2, -2, -1, 0, 0), "rule: HB Commander (digest §9.6.10): you are Commander -- asking a Crown "
                    "President's consent to buy an alliance costs -2/-2/-1/0/0 (0 = free consent); columns SC")
CROWN_ALLIANCE_CONSENT = (1, "rule: HB Commander 1 (digest §9.6.10): +1 you consent to the Crown Commander's purchase "
                          "in your Presidency when you did not pay to cause it")
# "You decide for the Crown": the family makes the Crown's next matching decision (rules/crown_favours.py).
DECIDE_FOR_THE_CROWN = ({
    "decide_hiring": -3, "decide_deploy": -2, "decide_envoy": -1, "decide_ship_zone": -1, "decide_dial": -4,
    "decide_gg_result": -2, "decide_governor_result": -2, "decide_fit_ship": -1, "decide_pres_order": -1,
    "decide_trainee": -1,
}, "rule: HB Military Affairs 2 (-1 assign 1 officer to a Presidency of your choice; reading: the Officer-in-Training "
   "the Crown is assigning now), HB Presidency operations (-1 make one change to the Crown President's order; reading: you choose who acts "
   "next once), HB Manager of Shipping 1 (-1 fit a specific ship), HB Governor General (-2 choose a different result for a successful Govern action), HB Governor (-2 choose a "
   "different result for a successful Administer action), HB Parliament 3 (-4 the Crown PM chooses the other dial space; reading: you choose the space), HB Hiring 4 (-3 you make one hiring decision for the Crown), HB Commander 2 (-2 you choose a valid "
   "Deploy target), HB Director of Trade 1 (-1 target a specific order), HB Manager of Shipping 4 (-1 the Crown "
   "places one ship in the sea zone or China of your choice); digest §9.6.4-9.6.10")
DIVIDEND_FEWER = ((-2, -2, -1, -1, -1), "rule: HB Revenue 3 (digest §9.6.11): one dividend fewer; columns SC")
DIVIDEND_MORE = ((-1, -1, -2, -2, -2), "rule: HB Revenue 3 (digest §9.6.11): one dividend more; columns SC")
LONDON_FAVOURS = ({"take_pound_early": -2, "take_pound": -1, "take_enterprise": -5, "take_blackmail": -4},
                  "rule: HB London Season (digest §9.6.1): before retirements -2 take £1 from the Crown's treasury; "
                  "after the Crown has retired -1 take £1, -5 take an enterprise prestige card, -4 take a blackmail "
                  "card from the Crown (no peeking)")
CHAIRMAN_ALLOCATION = ((3, 4, 4, 4, 5), "rule: HB Chairman (digest §9.6.5): you are Chairman -- +1 allocate "
                       "£3/£4/£4/£4/£5 to a Crown office; columns SC")
MOS_CROWN_ZONE = (1, "rule: HB Manager of Shipping (digest §9.6.8): you are MoS -- +1 for placing a ship in a Crown "
                  "Presidency's sea zone or with a Crown Superintendent (China)")

# --- Director of Trade and Military Affairs transfers; the Crown's firm decisions (bots/crown.py) -------------
# A transfer entry: (piece, origin, destination). Pieces: "crown_writer", "player_writer", "ship" (Director of
# Trade); Military Affairs moves "army" pieces by MA_PIECES. Origin / destination: ("fewest" | "most", measure) --
# the Presidency ranking lowest / highest by the measure --, ("is", test) -- a Presidency where the test holds --,
# or ("to", "china") (the China overlay, a sea zone for ships, RB p.25). Measures: "route" (the longest / shortest
# trade route, RB p.46 / digest §9.2: the most orders its President could fill in one successful trade, irrespective
# of ships), "ships" (ships in the Presidency's sea zone), "crown_writers", "player_writers". Tests:
# "player_presidency" / "crown_presidency" (its President is another family / the Crown, digest §9.2),
# "player_commander" / "crown_commander" (its Army's Commander).
DOT_TRANSFERS = ({
    BULL: (("crown_writer", ("fewest", "route"), ("most", "route")),
           ("ship", ("fewest", "route"), ("most", "route")),
           ("player_writer", ("most", "route"), ("fewest", "route"))),
    STAG: (("ship", ("fewest", "route"), ("most", "route")),
           ("crown_writer", ("fewest", "ships"), ("most", "ships")),
           ("player_writer", ("most", "route"), ("fewest", "route"))),
    LION: (("ship", ("fewest", "crown_writers"), ("most", "crown_writers")),
           ("crown_writer", ("fewest", "ships"), ("most", "ships")),
           ("ship", ("fewest", "crown_writers"), ("to", "china")),
           ("ship", ("most", "player_writers"), ("fewest", "player_writers"))),
    BEAR: (("ship", ("is", "player_presidency"), ("is", "crown_presidency")),
           ("crown_writer", ("fewest", "ships"), ("most", "ships")),
           ("crown_writer", ("is", "player_presidency"), ("is", "crown_presidency"))),
    PEACOCK: (("crown_writer", ("is", "player_presidency"), ("is", "crown_presidency")),
              ("ship", ("fewest", "crown_writers"), ("most", "crown_writers")),
              ("ship", ("fewest", "crown_writers"), ("most", "crown_writers")),
              ("player_writer", ("is", "player_presidency"), ("is", "crown_presidency"))),
}, "rule: HB Director of Trade 2 'Transfer Priority List' (OCR seeds p.1577-1600; columns SC); digest §9.6.6 -- "
   "up to two transfers going down the list, each entry used once, impossible ones skipped")
DOT_TRANSFERS_PER_TURN = (2, "rule: RB p.18 (up to two transfers); HB Director of Trade 2 ('The Crown will make 2 "
                          "transfers from the priority list')")
# Ship ranks, lowest first: Company ship, a leased extra ship (reading: the Company's, ranked with its ships), a
# non-fatigued Crown ship, a non-fatigued player ship, a fatigued Crown ship, a fatigued player ship.
DOT_SHIP_ORDER = (("company", "extra", "fresh_crown", "fresh_player", "crown", "player"),
                  "rule: HB Director of Trade 2 ('Company ships, then non-fatigued ships, then Crown ships, then "
                  "player ships'; HB example: a player ship before a fatigued Crown ship); extra ships' place derived")
MA_TRANSFERS = ({
    BULL: (("is", "player_presidency"), ("is", "crown_presidency")),
    STAG: (("is", "player_presidency"), ("is", "crown_presidency")),
    LION: (("fewest", "ships"), ("most", "ships")),
    BEAR: (("is", "player_commander"), ("is", "crown_commander")),
    PEACOCK: (("is", "player_commander"), ("is", "crown_commander")),
}, "rule: HB Military Affairs 1 'Transfer Priority' (OCR seeds p.1734-1751; columns SC); digest §9.6.9")
MA_TRANSFERS_PER_TURN = (2, "rule: HB Military Affairs 1 ('The Crown will attempt 2 transfers'; none undoing an "
                         "earlier one this turn)")
MA_PIECES = (("regiment", "crown_officer", "player_officer"),
             "rule: HB Military Affairs 1 ('regiments, then Crown officers, then player officers')")
TRANSFER_READINGS = ("derived: a viable origin holds the piece and has a destination; the origin is chosen first "
                     "(HB DoT 2), by its measure, then the AI Presidency arrows; the destination likewise among the "
                     "others; a fewest -> most transfer never runs against its measure (the destination ranks at "
                     "least as high as the origin; equal ranks transfer, as in the HB example of three Presidencies "
                     "with two ships each)")

# Firms (Deregulation; HB Firms phase, digest §9.6.3, §9.6.11, §9.6.1 step 3).
FIRM_INVESTS = ((False, False, True, True, True),
                "rule: HB Firms phase 3 (digest §9.6.3): after all players have finished investing, a Crown with a "
                "majority of Company shares: Bull/Stag do not invest, Lion/Bear/Peacock seek one investment in a firm "
                "(a Company share unless weak/immature, else a workshop; never one giving it the majority of that "
                "firm's shares)")
FIRM_CONSENTS = (("firms_dissolve_consent", "firms_merger_consent", "firms_emergency_merger_consent"),
                 "rule: HB Firms phase 1 (digest §9.6.3): the Crown always consents to dissolutions and mergers "
                 "(emergency mergers, RB p.42, are mergers); other consents are favours (refused)")
FIRM_EMERGENCY = (False, "rule: HB Revenue 1 (digest §9.6.11): the Crown never makes emergency investments")
FIRM_SPECIAL_RETIREMENT = ("highest_vp", "rule: HB London Season 3 (digest §9.6.1): the single highest-VP special "
                           "retirement it can afford (ties: the dearer box -- derived)")

# --- the Crown's procedures changed by a favour (HB per phase; digest §9.6.5-9.6.10) ----------------------------
DEBT_MORE = ((-1, -1, -2, -2, -3), "rule: HB Chairman 2 Seek Debt (digest §9.6.5): request one more Company Debt "
             "advance; columns SC (the OCR keeps -1 -2 -3 of the merged cells)")
DEBT_FEWER = ((-2, -2, -1, -1, None), "rule: HB Chairman 2 Seek Debt (digest §9.6.5): request one less Company Debt "
              "advancement; Peacock '—' (it seeks none); columns SC (OCR: -2 -1 —)")
ALLOCATION_REQUEST = ((-1, 3), "rule: HB Chairman 3 Allocate (digest §9.6.5): 'at any point before each step, "
                      "request that £3 (or less) be allocated to a specific office', -1")
GG_DICE_CHANGE = (-1, "rule: HB Governor General (digest §9.6.7): -1 increase or decrease the required number of dice "
                  "by 1")
GOVERNOR_MIN_CHANGE = (-1, "rule: HB Governor (digest §9.6.10): -1 change the minimum by 1")
GOVERNOR_NONE = (-3, "rule: HB Governor (digest §9.6.10): -3 no Administer at all")
CHINA_MIN_CHANGE = (-1, "rule: HB Superintendent of Trade in China (digest §9.6.10): -1 change that minimum by 1")
GG_BLUE = (1, "rule: HB Governor General (digest §9.6.7): you are GG -- +1 each for adding money to a Crown office's "
           "treasury, placing a regiment into an Army associated with a Crown Presidency, placing a Company ship into "
           "a sea zone associated with a Crown Presidency")
GOVERNOR_BLUE = (1, "rule: HB Governor (digest §9.6.10): you are Governor -- +1 each for Tax money put in a Crown "
                 "Presidency's treasury (once per turn per Presidency), moving a Company ship into a Crown Presidency's "
                 "sea zone, commissioning a regiment into a Crown Presidency's Army (once per turn per Presidency)")
MOS_BUY_CHANGE = ((("mos_buy_one", -1), ("mos_buy_none", -2), ("mos_buy_wish", -3), ("mos_buy_none", -1),
                   ("mos_buy_one", -2)),
                  "rule: HB Manager of Shipping 2 (digest §9.6.8): the favour that changes the climate's default -- Bull "
                  "(none) -1 buys one, Stag (one) -2 buys none, Lion (as many as able) -3 buys as many as you wish, "
                  "Bear (one) -1 buys none, Peacock (none) -2 buys one; columns SC")
MOS_BUY_ANOTHER = ((-1, -1, None, -2, -2), "rule: HB Manager of Shipping 2 (digest §9.6.8): 'the Crown buys another "
                   "Company ship' -1/-1/--/-2/-2; columns SC")
MOS_LEAVE_TWO = (-1, "rule: HB Manager of Shipping 3 (digest §9.6.8): leasing with all money left; -1 the Crown must "
                 "leave £2 unspent")
TRADE_DICE_CHANGE = (-1, "rule: HB President (digest §9.6.10): -1 change the required dice by 1")
TRADE_YOUR_WRITER = (-1, "rule: HB President 3 (digest §9.6.10): -1 the Crown places your writer instead of another")
DEPLOY_REQ_CHANGE = (-1, "rule: HB Commander 3 (digest §9.6.10): -1 change the requirement by 1")
DEPLOY_AGAIN_FORCE = ((-2, -1, -1, None, None), "rule: HB Commander 4 (digest §9.6.10): Bull/Stag/Lion do not deploy "
                      "again; force another -2/-1/-1; columns SC")
DEPLOY_AGAIN_STOP = ((None, None, None, -1, -1), "rule: HB Commander 4 (digest §9.6.10): Bear/Peacock deploy again; "
                     "stop it -1/-1; columns SC")
ALLIANCE_ONE_MORE = ((-2, -2, -2, -1, -1), "rule: HB Commander 1 (digest §9.6.10): it buys one more alliance of your "
                     "choice (and you must consent if it is your Presidency); columns SC")
ALLIANCE_DEARER = ((None, -1, -1, None, None), "rule: HB Commander 1 (digest §9.6.10): force a more expensive one "
                   "--/-1/-1/--/--; columns SC")
ALLIANCE_CHEAPER = ((None, None, None, -1, -1), "rule: HB Commander 1 (digest §9.6.10): force a cheaper one "
                    "--/--/--/-1/-1; columns SC")
ALLIANCE_PREVENT = ((None, -1, -1, -2, -2), "rule: HB Commander 1 (digest §9.6.10): when the Crown also holds that "
                    "Presidency, prevent the purchase --/-1/-1/-2/-2; columns SC")
LAW_DRAW = ({"law_stop": -2, "law_skip": -2}, "rule: HB Parliament (Crown PM) 2 (digest §9.6.13): -2 stop now and "
            "select the law just drawn; -2 skip the law just drawn and draw again (must select the 3rd law drawn)")
DEPLOY_BLUE_NON_COMPANY = ((None, None, 1, 1, 1), "rule: HB Commander (digest §9.6.10): you are Commander -- +1 "
                           "(Lion/Bear/Peacock) a successful Deploy into a non-Company region using one or more Crown "
                           "officers; columns SC")
DEPLOY_BLUE_COMPANY = ((1, 1, 1, None, None), "rule: HB Commander (digest §9.6.10): you are Commander -- +1 "
                       "(Bull/Stag/Lion) a successful Deploy into a Company region associated with a Crown Presidency "
                       "that has at least one Crown writer; columns SC")

# --- the Crown Director of Trade's and Military Affairs' transfers changed by a favour (digest §9.6.6, §9.6.9) ----
DOT_TRANSFER_FAVOURS = ({"dot_prevent": -1, "dot_choose": -2},
                        "rule: HB Director of Trade 2 (OCR seeds p.1573-1576; digest §9.6.6): -1 prevent a transfer "
                        "(counts as one of two available to the Crown); -2 transfer 1 writer/ship to a Presidency/sea "
                        "zone of player's choice (counts as one of two; players may not undo a previous transfer)")
MA_TRANSFER_FAVOURS = ({"ma_prevent": -1, "ma_choose": -1},
                       "rule: HB Military Affairs 1 (OCR seeds p.1757-1762; digest §9.6.9): -1 transfer 1 officer or "
                       "regiment from a Presidency to another (counts as one of the Crown's two transfers); -1 prevent "
                       "any transfer from happening this round (counts as one of the two)")
ENVOY_CHINA = (-3, "rule: HB Director of Trade 1 (OCR seeds p.1545-1556; digest §9.6.6): -3 the Special Envoy opens "
               "trade with China (instead of the order it targets)")
ENVOY_AMOUNT = ((-2, -2, -1, -1, -1), "rule: HB Director of Trade 1 (OCR seeds p.1547-1548; digest §9.6.6): force the "
                "Crown to spend more or less money (any amount, including zero, and optionally skip additional "
                "Special Envoy actions); columns SC")
DOT_BLUE_HOME_ORDER = ((1, 1, 1, None, None), "rule: HB Director of Trade (digest §9.6.6): you are DoT -- +1 "
                       "(Bull/Stag/Lion) open an order in the home region of a Crown Presidency that has at least one "
                       "Crown writer; columns SC")
DOT_BLUE_BALANCE = ((1, 1, 1, None, None), "rule: HB Director of Trade (digest §9.6.6): you are DoT -- +1 "
                    "(Bull/Stag/Lion) if after your office acts no Presidency has 2 or more ships or writers more than "
                    "any other; columns SC")
DEPLOY_SWAP = (-1, "rule: HB Commander 3 (digest §9.6.10): -X after exhausting and before rolling, swap X 'value' of "
               "exhausted pieces for unexhausted ones (an alliance of strength X counts as X pieces); reading: one "
               "officer / regiment for another at -1 each, repeatable (X swaps: -X); alliances are not swapped")
