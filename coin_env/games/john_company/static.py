"""Index tables built once from the data modules (names, indices, ribbon order).

Only facts an owner data pack cannot change live here (names and index order). Numbers a pack may
replace (prizes, Governor dice, Stock Exchange prices, ...) are read from the game's data
(``game.data``, data_facts.py).
"""

from __future__ import annotations

from .data import company, map as mapdata

REGION_NAMES = list(mapdata.REGION_NAMES)
N_REGIONS = len(REGION_NAMES)
REGION = {n: i for i, n in enumerate(REGION_NAMES)}

ORDER_NAMES = list(mapdata.ORDER_NAMES)
N_ORDERS = len(ORDER_NAMES)
ORDER = {n: i for i, n in enumerate(ORDER_NAMES)}
ORDER_TITLES = [f"{o[0]} in {o[1]}" for o in mapdata.ORDERS]     # the map's id and its region, as players read it
ORDER_REGION = tuple(REGION[o[1]] for o in mapdata.ORDERS)
REGION_ORDERS = tuple(tuple(i for i in range(N_ORDERS) if ORDER_REGION[i] == r) for r in range(N_REGIONS))
ORDER_NORTH_RANK = tuple(o[3] for o in mapdata.ORDERS)

PRESIDENCY_NAMES = list(mapdata.PRESIDENCY_NAMES)
N_PRESIDENCIES = 3
BOMBAY, MADRAS, BENGAL = range(3)
PRESIDENCY_HOME_REGION = tuple(REGION[p[1]] for p in mapdata.PRESIDENCIES)
PRESIDENCY_HOME_PORT = tuple(ORDER[p[2]] for p in mapdata.PRESIDENCIES)

SEA_ZONES = list(mapdata.SEA_ZONES)
N_ZONES = len(SEA_ZONES)
CHINA = 3                      # the Superintendent's overlay, a sea zone for ships (RB p.25)
PRESIDENCY_ZONE = (0, 1, 2)    # Bombay -> West, Madras -> South, Bengal -> East (RB p.6)

ALLIANCE_NAMES = [a[0] for a in mapdata.LOCAL_ALLIANCES]
ALLIANCE_ARMY = tuple(PRESIDENCY_NAMES.index(a[1]) for a in mapdata.LOCAL_ALLIANCES)
N_ALLIANCES = len(ALLIANCE_NAMES)

OFFICE_KEYS = [o[0] for o in company.OFFICES]
OFFICE_NAMES = [o[1] for o in company.OFFICES]
OFFICE = {k: i for i, k in enumerate(OFFICE_KEYS)}
N_OFFICES = len(OFFICE_KEYS)
HIRE_NUMBER = tuple(o[2] for o in company.OFFICES)
CHAIRMAN = OFFICE["chairman"]
DIRECTOR_OF_TRADE = OFFICE["director_of_trade"]
GOVERNOR_GENERAL = OFFICE["governor_general"]
MANAGER_OF_SHIPPING = OFFICE["manager_of_shipping"]
MILITARY_AFFAIRS = OFFICE["military_affairs"]
PRESIDENT = (OFFICE["president_bombay"], OFFICE["president_madras"], OFFICE["president_bengal"])
SUPERINTENDENT = OFFICE["superintendent"]
GOVERNOR_OF_REGION = tuple(OFFICE["governor_" + r.lower()] for r in REGION_NAMES)
GOVERNORS = tuple(sorted(GOVERNOR_OF_REGION))
REGION_OF_GOVERNOR = {o: r for r, o in enumerate(GOVERNOR_OF_REGION)}
# The offices that exist from the start (the Superintendent, the Governors and the Governor General
# are created later: RB p.16, p.18, p.23, p.26).
BASE_OFFICES = (CHAIRMAN, DIRECTOR_OF_TRADE, MANAGER_OF_SHIPPING, MILITARY_AFFAIRS) + PRESIDENT

# Office treasuries (RB p.6): index into state.treasury.
TREASURY_NAMES = list(company.TREASURIES)
T_DOT, T_MOS, T_BOMBAY, T_MADRAS, T_BENGAL = range(5)
PRESIDENT_TREASURY = (T_BOMBAY, T_MADRAS, T_BENGAL)

SHIP_NAMES = list(company.SHIP_NAMES[0])
N_SHIPS = len(SHIP_NAMES)
ON_SHIPYARD = -1               # ship_loc of an unfitted ship (or one whose shipyard nobody owns)

FAMILY_NAMES = list(company.FAMILIES[0])
FAMILY_KEYS = [n.lower() for n in FAMILY_NAMES]
N_SLOTS = len(FAMILY_KEYS)     # six families + the Crown
CROWN = N_SLOTS - 1

FAMILY_ACTIONS = [("enlist_writer", "Enlist Writer"), ("enlist_officer", "Enlist Officer"),
                  ("purchase_luxury", "Purchase Luxury"), ("purchase_shipyard", "Purchase Shipyard"),
                  ("purchase_workshop", "Purchase Workshop"), ("seek_share", "Seek Share")]
FAMILY_ACTION_KEYS = [k for k, _ in FAMILY_ACTIONS]
FAMILY_ACTION_NAMES = dict(FAMILY_ACTIONS)        # the rulebook's names, for what people read

# Order states
OPEN, CLOSED, FILLED = 0, 1, 2

# Phases of a turn in order (RB p.10); "setup" before the first.
PHASES = ["london_season", "family", "hiring", "operations", "bonuses", "revenue", "events",
          "parliament", "upkeep"]
PHASE_TITLES = {"london_season": "I. The London Season", "family": "II. Family", "hiring": "III. Hiring",
                "operations": "IV. Company Operation", "bonuses": "V. Bonuses", "revenue": "VI. Revenue",
                "events": "VII. Events in India", "parliament": "VIII. Parliament Meets",
                "upkeep": "IX. Upkeep and Refresh"}
