"""The Company: offices, tracks, Stock Exchange, prizes, enterprises, ships, Prime Minister dial.

Office hire numbers and candidate pools: rule RB p.14-16 (pools) with the numbers on the office-card
backs (reconstructed: card backs not in the rulebook text; fbracht/shiny-crown photo register and BGA
``hirePriority`` agree, digest §1.3).
"""

from __future__ import annotations

CARD_BACKS = "reconstructed: office-card backs (shiny-crown photo register; BGA hirePriority agrees)"

# (key, name, hire number, hired by, provenance). Index order = office index in the game.
# "hired by": the office that hires it ("court" = the Chairman election, RB p.15).
OFFICES: list[tuple[str, str, int, str, str]] = [
    ("chairman", "Chairman", 1, "court", "rule: RB p.15; number " + CARD_BACKS),
    ("director_of_trade", "Director of Trade", 2, "chairman", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_general", "Governor General", 2, "chairman", "rule: RB p.26 (hired like the Director of Trade)"),
    ("manager_of_shipping", "Manager of Shipping", 3, "chairman", "rule: RB p.16; number " + CARD_BACKS),
    ("military_affairs", "Military Affairs", 4, "chairman", "rule: RB p.16; number " + CARD_BACKS),
    ("president_bombay", "President of Bombay", 5, "director_of_trade", "rule: RB p.16; number " + CARD_BACKS),
    ("president_madras", "President of Madras", 6, "director_of_trade", "rule: RB p.16; number " + CARD_BACKS),
    ("president_bengal", "President of Bengal", 7, "director_of_trade", "rule: RB p.16; number " + CARD_BACKS),
    ("superintendent", "Superintendent of Trade in China", 8, "chairman", "rule: RB p.16, p.25; number " + CARD_BACKS),
    ("governor_bombay", "Governor of Bombay", 9, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_madras", "Governor of Madras", 10, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_bengal", "Governor of Bengal", 11, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_punjab", "Governor of Punjab", 12, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_delhi", "Governor of Delhi", 13, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_maratha", "Governor of Maratha", 14, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_hyderabad", "Governor of Hyderabad", 15, "president", "rule: RB p.16; number " + CARD_BACKS),
    ("governor_mysore", "Governor of Mysore", 16, "president", "rule: RB p.16; number " + CARD_BACKS),
]
# The "Commander in Chief" card back on the shiny-crown photo (number 4) is mentioned by no rule
# text: not modelled (digest §1.3, gap G20).

# Governor dice pools printed on the Governor cards (RB-ex p.24 uses 4).
GOVERNOR_DICE: dict[str, tuple[int, str]] = {
    "Bengal": (4, "reconstructed: Governor cards not in the sources; BGA Offices/GovernorOf* (sources report §1.2)"),
    "Madras": (4, "reconstructed: as Bengal; RB-ex p.24 (Governor of Madras, pool 4) agrees"),
    "Delhi": (4, "reconstructed: BGA Offices/GovernorOfDelhi"),
    "Bombay": (3, "reconstructed: BGA Offices/GovernorOfBombay"),
    "Punjab": (3, "reconstructed: BGA Offices/GovernorOfPunjab"),
    "Maratha": (3, "reconstructed: BGA Offices/GovernorOfMaratha"),
    "Hyderabad": (3, "reconstructed: BGA Offices/GovernorOfHyderabad"),
    "Mysore": (3, "reconstructed: BGA Offices/GovernorOfMysore"),
}

# Office treasuries (RB p.6, p.25): cash in one may only be spent by that office. The Governor
# General uses the Director of Trade's treasury (RB p.26); the Superintendent's "treasury" holds ships.
TREASURIES = ["Director of Trade", "Manager of Shipping", "President of Bombay", "President of Madras",
              "President of Bengal"]

# Company Standing: Expectations per position; position 0 is Company failure (RB p.27).
EXPECTATIONS: tuple[list, str] = (
    [None, 4, 6, 8, 10, 12, 14, 16],
    "reconstructed: track printed on the board; BGA COMPANY_EXPECTATIONS, shiny-crown climate table agrees")
MAX_DEBT = (8, "derived: RB-ex p.17 (from Debt 2 up to 6 advances) -> track 0..8; BGA MAX_DEBT 8")
DEBT_STEP_CASH = (5, "rule: RB p.17 (each advance adds £5)")
FREE_DEBT_ADVANCES = (3, "rule: RB p.17 (beyond 3 advances, majority consent per advance)")

# Stock Exchange spaces, left to right (RB p.13: a piece goes on an empty space and pays its price;
# RB p.13: New Company Shares take the rightmost piece first).
STOCK_EXCHANGE = ([2, 3, 3, 4, 5], "reconstructed: board print; BGA (digest §5.2; a German companion says £1-£6)")

# Prize boxes: (cost £, upkeep £, VP, window icons), cheapest first (RB p.11-12 for their use).
PRIZES = ([(2, 0, 0, 0), (4, 1, 2, 1), (8, 2, 4, 2), (14, 3, 8, 3), (20, 4, 12, 4)],
          "reconstructed: board print; BGA constants PRIZES (index version 9d7d6067), matches RB fragments "
          "(£2, £4, £8 boxes; 8 and 12 VP boxes)")

# Enterprises (RB p.3, p.12-13): count in the game, purchase price.
ENTERPRISES = {
    "shipyard": (22, 2, "rule: RB p.3 (22), p.13 (£2)"),
    "workshop": (20, 5, "rule: RB p.3 (20), p.13 (£5)"),
    "luxury": (15, 4, "rule: RB p.3 (15), p.13 (£4)"),
}
LUXURY_VP = (2, "rule: RB p.13 (+2 VP while owned)")

# The 22 named player ships, one per shipyard (BGA names; RB p.3 gives the count).
SHIP_NAMES = (["Atlas", "Britannia", "Constant Friend", "Diligence", "Eliza", "Fortitude", "Ganges",
               "Hampshire", "Indefatigable", "James", "King George", "Lady Flora", "Neptune", "Obra Dinn",
               "Queen Charlotte", "Recovery", "Samaritan", "Thistleworth", "Union", "Walpole", "York", "Zenobia"],
              "rule: RB p.3 (22 ships); names reconstructed: BGA Ships/*")
COMPANY_SHIP_TOKENS = (14, "rule: RB p.3 (14 double-sided Company / extra ships)")
SHIP_COSTS = {"fit": (3, "rule: RB p.19"), "company": (5, "rule: RB p.19"), "extra": (2, "rule: RB p.19")}

FAMILY_PIECES = (18, "rule: RB p.2 (18 family members)")
CROWN_PIECES = (36, "rule: RB p.43 (the Crown uses two families' pieces)")
REGIMENTS = (20, "rule: RB p.3")

# Prime Minister policy dial, in dial order (circular): (consequence, target, window tax).
POLICY_DIAL = ([
    ("Power", "Workshops", False), ("Tax", "Company shares", False), ("Power", "Shipyards", False),
    ("Tax", "Luxuries", True), ("Power", "Company shares", False), ("Bonus", "Workshops", False),
    ("Power", "Shipyards", False), ("Power", "Luxuries", False), ("Tax", "Shipyards", True),
    ("Bonus", "Company shares", False), ("Tax", "Workshops", False), ("Bonus", "Workshops", False),
    ("Tax", "Luxuries", True), ("Tax", "Shipyards", False)],
    "reconstructed: dial print; BGA PRIME_MINISTER_DIAL, consistent with RB-ex p.34")
DIAL_START = ({"1710": 0}, "reconstructed: BGA scenario start space")

# Power track: the four power tokens top -> bottom at the 1710 start, and the power per position
# (the bottom two are worth 0, RB p.8; 2 and 1 for the top two are a reading of the German companion).
POWER_TRACK_1710 = (["Luxuries", "Company shares", "Shipyards", "Workshops"],
                    "reconstructed: BGA 1710 set-up (scenario card not in the sources)")
POWER_VALUES = ([2, 1, 0, 0], "reconstructed: RB p.8 gives 0 for the bottom two; 2/1 from a rules companion")

# Families (RB p.2: six family sets; names and colours are BGA's), and the Crown (RB p.43).
FAMILIES = (["Benyon", "Hastings", "Larkins", "Paxton", "Sykes", "Walsh", "Crown"],
            "reconstructed: family names as in BGA (pink, blue, yellow, gray, purple, green; Crown red)")

# Power Award (RB p.8): VP for the most and second most power, by the final game turn, printed on the board.
# The table is in no source (digest G2). The stand-in grows with the game's length (a longer game builds more
# power) and gives first place twice second; an owner data pack (key power_award) replaces it.
POWER_AWARD = ({turn: (2 * turn, turn) for turn in range(1, 9)},
               "reconstructed: the board's table is in no source (digest G2); stand-in first = 2 x final turn, "
               "second = final turn")

# Company failure cards (RB p.3: six cards, drawn at random when the Company fails, most inflict a scoring
# penalty; RB p.9 step 4). Their texts are in no source (digest G9); only one name is known, "Court of
# Directors Blameless" (solo aid, Legendary). Each card is (name, blamed, VP): ``blamed`` names who the public
# blames (failure.py BLAMED), VP is added to each blamed family. The five stand-ins blame the holders of
# the Company's offices and its largest owners; an owner data pack (key failure_cards) replaces all six.
FAILURE_CARDS = ([
    ("Court of Directors Blameless", "court_blameless", 0),
    ("stand-in: the Chairman is blamed", "chairman", -4),
    ("stand-in: the Prime Minister is blamed", "prime_minister", -4),
    ("stand-in: the largest shareholders are blamed", "most_shares", -3),
    ("stand-in: the Presidents are blamed", "presidents", -2),
    ("stand-in: the Commanders are blamed", "commanders", -2)],
    "reconstructed: the six cards' texts are in no source (digest G9). 'Court of Directors Blameless' is the one "
    "known name (AID Legendary); its effect is a reading of the name: Company shares lose no VP. The other five "
    "are stand-ins named as such")
