"""Cards and tiles: setup cards (1710), laws, prestige and blackmail cards, India event tiles.

Card texts are not in the rulebook OCR; titles, kinds, icons and numbers come from BGA's card classes
(digest appendices A-D, G) and are marked reconstructed. Effects are code in the rules modules (one
place per card), not text here.
"""

from __future__ import annotations

BGA_CARD = "reconstructed: card not in the sources; BGA card class (digest appendix {})"

# --- 1710 setup cards (RB p.4-5: take everything listed; digest appendix G) -------------------------
# Items: ("office", key) | ("share",) | ("cash", £) | ("pm",) | ("blackmail",) random blackmail card |
# ("shipyard", sea zone or None for unfitted) | ("commander", Presidency) | ("writer", Presidency) |
# ("officer_in_training",) | ("luxury",)
SETUP_1710: list[tuple[int, bool, list[tuple], str]] = [
    (1, False, [("office", "chairman"), ("share",), ("cash", 1)], BGA_CARD.format("G")),
    (2, False, [("office", "manager_of_shipping"), ("share",), ("cash", 2)], BGA_CARD.format("G")),
    (3, False, [("office", "president_bengal"), ("share",)], BGA_CARD.format("G")),
    (4, False, [("office", "president_madras"), ("share",), ("cash", 1)], BGA_CARD.format("G")),
    (5, False, [("office", "president_bombay"), ("share",), ("cash", 1)], BGA_CARD.format("G")),
    (6, False, [("pm",), ("blackmail",)], BGA_CARD.format("G")),
    (7, False, [("shipyard", "West Indian Ocean"), ("cash", 4)], BGA_CARD.format("G")),
    (8, False, [("commander", "Bombay"), ("writer", "Bombay"), ("cash", 4)], BGA_CARD.format("G")),
    (9, False, [("commander", "Madras"), ("writer", "Madras"), ("cash", 3)], BGA_CARD.format("G")),
    (10, False, [("commander", "Bengal"), ("writer", "Bengal"), ("cash", 3)], BGA_CARD.format("G")),
    (11, False, [("office", "director_of_trade"), ("shipyard", "South Indian Ocean"), ("cash", 1)], BGA_CARD.format("G")),
    (12, False, [("office", "military_affairs"), ("shipyard", "East Indian Ocean"), ("cash", 1)], BGA_CARD.format("G")),
    (13, True, [("officer_in_training",), ("officer_in_training",), ("officer_in_training",), ("cash", 2)], BGA_CARD.format("G")),
    (14, True, [("shipyard", None), ("shipyard", None)], BGA_CARD.format("G")),
    (15, True, [("blackmail",), ("cash", 3)], BGA_CARD.format("G")),
    (16, True, [("share",), ("cash", 3)], BGA_CARD.format("G")),
    (17, True, [("luxury",), ("cash", 2)], BGA_CARD.format("G")),
    (18, True, [("blackmail",), ("cash", 3)], BGA_CARD.format("G")),
]

# --- Laws (26; RB p.34-36) --------------------------------------------------------------------------
# (id, name, kind, dial icon, initial support or None, extra family action or None)
# kind: "law" | "dilemma" | "special". Extra actions (RB p.13: only the most recently passed one).
LAWS: list[tuple[int, str, str, str, int | None, str | None]] = [
    (31, "Calico Acts", "law", "Workshops", 1, "purchase_workshop"),
    (32, "Envoy to China", "law", "Shipyards", -3, None),
    (33, "Army Spending", "law", "Tax", -4, "enlist_officer"),
    (34, "Board of Control", "law", "Power", 0, None),
    (35, "Debt Restructure", "law", "Tax", -3, "seek_share"),
    (36, "Inclosure Acts", "law", "Bonus", -4, None),
    (37, "Tenure Limits", "law", "Power", 0, "enlist_writer"),
    (38, "Sepoy Recruitment", "law", "Bonus", -3, None),
    (39, "Ship Subsidy", "law", "Tax", -3, "purchase_shipyard"),
    (40, "Trade Regulations", "law", "Shipyards", -1, None),
    (41, "Zamindar Taxes", "law", "Company shares", -2, None),
    (42, "Treasure Reform", "law", "Company shares", -3, None),
    (43, "Governor General", "law", "Shipyards", 1, None),
    (44, "Industry Subsidy", "law", "Tax", -3, None),
    (45, "Writer Privileges", "law", "Workshops", -3, None),
    (46, "Window Tax Repeal", "law", "Luxuries", -5, "purchase_luxury"),
    (47, "Military Oversight", "law", "Company shares", 5, None),
    (48, "Writer Graft Reform", "law", "Power", 0, None),
    (49, "Company Aids Government", "law", "Power", 1, None),
    (50, "Royal Protection", "law", "Luxuries", -3, None),
    (51, "Public Demands Impeachment!", "dilemma", "Company shares", 1, None),
    (52, "Old Ideas Made New!", "dilemma", "", None, None),
    (53, "Relief Demanded for Indian Famine!", "dilemma", "Tax", 1, None),
    (54, "Masses Demand Franchise!", "dilemma", "Luxuries", 1, None),
    (55, "War Against France!", "dilemma", "Tax", 1, None),
    (56, "Deregulation", "special", "", None, None),
]
LAWS_SOURCE = BGA_CARD.format("A") + "; dilemma marking rule: RB p.34"
# The Deregulation card is used only in 1758 / Long 1710 / 1813 (RB p.36); not in the 1710 law deck.
# laws read outside their phase (ids of LAWS): the Crown's Royal Privilege (rules/crown.py) reads both
ROYAL_PROTECTION, WINDOW_TAX_REPEAL = 50, 46
LAWS_NOT_IN_1710 = ([56], "rule: RB p.5 step 13, p.36")

# --- Prestige cards (20) and blackmail cards (10): the London Season deck (RB p.12) -----------------
# Spouses: (id, name, VP, retirement discount £) -- None where BGA gives no number.
SPOUSES: list[tuple[int, str, int | None, int | None]] = [
    (11, "Mr. Rochester", 2, 2), (12, "Esther Summerson", 2, 1), (13, "John Thorpe", 2, 2),
    (14, "Violet Effingham", 2, 1), (15, "Joseph Sedley", 2, 1), (16, "Becky Sharp", None, None),
    (17, "William Collins", 2, 1), (18, "Lady Glencora", 2, 2), (19, "Lord Highgate", 3, 2),
    (20, "Lady Newcome", 3, 2),
]
# Enterprise prestige cards: (id, name, enterprise type, vote icons, power printed)
ENTERPRISE_PRESTIGE: list[tuple[int, str, str, int, int]] = [
    (21, "Shipbuilders", "shipyard", 0, 0), (22, "Tax Collectors", "workshop", 0, 0),
    (23, "Labour Newspaper", "workshop", 0, 0), (24, "Foundry", "workshop", 0, 0),
    (25, "Stock Broker", "luxury", 0, 0), (26, "Social Magazine", "luxury", 0, 0),
    (27, "Scottish Castle", "luxury", 0, 3), (28, "Rotten Borough", "luxury", 3, 0),
    (29, "Rotten Borough", "luxury", 3, 0), (30, "Rotten Borough", "luxury", 3, 0),
]
PRESTIGE_SOURCE = BGA_CARD.format("B")
# Blackmail cards: (id, name, power or None when BGA gives none)
BLACKMAIL: list[tuple[int, str, int | None]] = [
    (61, "The Prime Minister's Ear", 2), (62, "Company Fraud", None), (63, "Letters of Introduction", 1),
    (64, "Scandal on Leadenhall Street", 2), (65, "Scandal in India", 2), (66, "Hiring Preference", 1),
    (67, "Envoy to the Mughals", None), (68, "Mercantile Connection", 1), (69, "Diplomatic Connection", 2),
    (70, "Man on the Inside", 1),
]
BLACKMAIL_SOURCE = BGA_CARD.format("C") + "; ids 61-70 are this package's numbering"
DISPLAY_SIZE = (3, "rule: RB p.5 step 12, p.12")

# --- India event tiles (20; RB p.28-33) ------------------------------------------------------------
# (tile, type, region pictured on the back, border shape for the Elephant's March or None, modifier)
EVENT_TILES: list[tuple[int, str, str, str | None, int | None]] = [
    (1, "Crisis", "Delhi", "triangle", 0), (2, "Crisis", "Punjab", "circle", -1),
    (3, "Crisis", "Maratha", "circle", 3), (4, "Crisis", "Bombay", "square", 1),
    (6, "Crisis", "Bengal", "triangle", 1), (7, "Crisis", "Mysore", "square", 2),
    (13, "Leader", "Hyderabad", "triangle", 4), (14, "Leader", "Bengal", "triangle", 2),
    (19, "Leader", "Punjab", "circle", 3), (20, "Leader", "Bombay", "square", 2),
    (15, "Peace", "Mysore", "square", None), (16, "Peace", "Madras", "triangle", None),
    (9, "Turmoil", "Delhi", None, None), (10, "Turmoil", "Punjab", None, None),
    (11, "Turmoil", "Maratha", None, None), (12, "Turmoil", "Bombay", None, None),
    (5, "Windfall", "Hyderabad", None, None), (8, "Windfall", "Madras", None, None),
    (17, "Shuffle", "Madras", "circle", None), (18, "Foreign Invasion", "Maratha", "circle", None),
]
EVENT_TILES_SOURCE = "reconstructed: tiles not in the sources; BGA EventTiles (digest appendix D)"
