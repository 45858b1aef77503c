"""Gandhi's two scenarios as printed (2.1, pp.39-43; digest section 4).

Each scenario gives tracks, off-map boxes and map contents by space name; the
deck is prepared by ``deck`` (piles of Event cards with Campaign cards shuffled in).
"""

from __future__ import annotations

# Map entries: space -> dict(support=-2..2, pieces={type name: n}, protest, unrest, strike).
# Support: 2 Active Support, 1 Passive Support, 0 Neutral, -1 Passive Opposition, -2 Active Opposition.

SHORT = {
    "title": "1930-1947 (Short)",
    "provenance": "rules setup p.41 'Short scenario'; digest 4.2",
    "resources": {"raj": 32, "revs": 5},
    "restraint": 3,
    "unity": 3,
    "printed_totals": {"raj": 28, "congress": 9, "ml": 3, "revs": 6},
    "deck": {"piles": 6, "pile_size": 6, "campaign_piles": [2, 4, 6]},
    "available": {"Troop": 4, "Sepoy": 6, "Congress Activist": 3, "ML Activist": 3, "ML Base": 4,
                  "Guerrilla": 4, "Rev Base": 3},
    "out_of_play": {"Troop": 4, "Sepoy": 10, "Congress Activist": 5, "ML Activist": 5, "Guerrilla": 5},
    "jail": {"Congress Activist": 1, "ML Activist": 1},
    "map": {
        "Central India Agency": {"support": 1},
        "Orissa": {"support": 1},
        "Coastal Andhra": {"support": 1},
        "Gujarat": {"support": -1},
        "Hyderabad": {"support": -1},
        # The fifth ML Base is not in the setup text (4 Available of 5): reconstructed in Sind,
        # where it changes no printed total (no Raj pieces; Bases do not score for the League).
        "Sind": {"support": -1, "pieces": {"ML Activist": 1, "ML Base": 1}},
        "Punjab": {"support": 0, "protest": 1, "unrest": 1,
                   "pieces": {"Troop": 1, "Sepoy": 3, "Congress Activist": 1, "ML Activist": 1, "Guerrilla": 2}},
        "Karachi": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 1}},
        "Madras": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 1}},
        "Delhi": {"support": 2, "pieces": {"Troop": 1, "Sepoy": 5, "Congress Activist": 1}},
        "United Provinces": {"support": -1, "pieces": {"Sepoy": 2, "Congress Activist": 1, "Guerrilla": 1, "Rev Base": 1}},
        "Bihar": {"support": -1, "pieces": {"Sepoy": 2, "Congress Activist": 1, "Guerrilla": 1}},
        "West Bengal": {"support": 0, "pieces": {"Sepoy": 1, "ML Activist": 2}},
        "East Bengal": {"support": -1, "unrest": 1,
                        "pieces": {"Troop": 1, "Sepoy": 3, "ML Activist": 2, "Guerrilla": 2, "Rev Base": 1}},
        "Calcutta": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 4, "ML Activist": 1}},
        "Central Provinces": {"support": 1, "pieces": {"Sepoy": 1}},
        "Bombay": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 2, "Congress Activist": 1}},
        "Bombay Presidency": {"support": 0, "protest": 1,
                              "pieces": {"Sepoy": 2, "Congress Activist": 2, "Gandhi": 1, "Guerrilla": 1}},
        "Bombay-Raichur Railway": {"strike": 1},   # "the Railway exiting Bombay"
        "Madras Presidency": {"support": 0, "pieces": {"Sepoy": 2}},
    },
    "gandhi_placement": False,
}

MAIN = {
    "title": "1917-1947 (Main)",
    "provenance": "rules setup p.43 'Main scenario'; digest 4.3",
    "resources": {"raj": 35, "revs": 8},
    "restraint": 4,
    "unity": 3,
    "printed_totals": {"raj": 24, "congress": 4, "ml": 2, "revs": 3},   # before Gandhi's placement
    "deck": {"piles": 4, "pile_size": 12, "campaign_piles": [1, 2, 3, 4], "campaign_in_bottom": 7},
    "available": {"Troop": 4, "Sepoy": 12, "Congress Activist": 5, "ML Activist": 5, "ML Base": 5,
                  "Guerrilla": 5, "Rev Base": 4},
    "out_of_play": {"Troop": 6, "Sepoy": 12, "Congress Activist": 6, "ML Activist": 6, "Guerrilla": 6},
    "jail": {},
    "map": {
        "Bihar": {"support": 1},
        "Central Provinces": {"support": 1},
        "Coastal Andhra": {"support": 1},
        "Gujarat": {"support": -1},
        "Hyderabad": {"support": -1},
        "Rajputana": {"pieces": {"Sepoy": 1}},
        "Central India Agency": {"pieces": {"Sepoy": 1}},
        "Orissa": {"pieces": {"Sepoy": 1}},
        "Mysore": {"pieces": {"Sepoy": 1}},
        "Punjab": {"pieces": {"Troop": 1, "Sepoy": 1, "Congress Activist": 1, "ML Activist": 1, "Guerrilla": 1}},
        "Delhi": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 4, "Congress Activist": 1}},
        "United Provinces": {"support": 1, "pieces": {"Guerrilla": 1}},
        "Bombay Presidency": {"support": 1, "pieces": {"Guerrilla": 1}},
        "Madras Presidency": {"support": 1, "pieces": {"Guerrilla": 1}},
        "Calcutta": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 3, "Congress Activist": 1, "ML Activist": 1}},
        "Bombay": {"support": 1, "pieces": {"Troop": 1, "Sepoy": 3, "Congress Activist": 1, "ML Activist": 1}},
        "West Bengal": {"pieces": {"ML Activist": 1}},
        "East Bengal": {"support": -1, "unrest": 1,
                        "pieces": {"Troop": 1, "Sepoy": 2, "ML Activist": 1, "Guerrilla": 1, "Rev Base": 1}},
        "Karachi": {"support": 1, "pieces": {"Sepoy": 2}},
        "Madras": {"support": 1, "pieces": {"Sepoy": 2}},
    },
    # Quick start step 4: Congress places Gandhi, 1 Activist (Active) and 1 Protest in any one space.
    "gandhi_placement": True,
}

SCENARIOS = {"short": SHORT, "main": MAIN}
