"""A Distant Plain's forces (1.2, 1.4, "Available Forces" chart; digest 2.2) and markers.

Piece columns of the state's ``pieces`` array. Guerrillas are split by state (Underground /
Active, 1.4.3); cubes and Bases are always Active.
"""

from __future__ import annotations

(COALITION_TROOPS, COALITION_BASE, GOV_TROOPS, POLICE, GOV_BASE,
 TALIBAN_G, TALIBAN_G_ACTIVE, TALIBAN_BASE, WARLORD_G, WARLORD_G_ACTIVE, WARLORD_BASE) = range(11)
N_PIECE_TYPES = 11

PIECE_NAMES = ["Coalition Troops", "Coalition Base", "Government Troops", "Police", "Government Base",
               "Taliban Guerrilla", "Taliban Guerrilla (Active)", "Taliban Base",
               "Warlord Guerrilla", "Warlord Guerrilla (Active)", "Warlord Base"]

FACTIONS = ("coalition", "government", "taliban", "warlords")
FACTION_NAMES = {"coalition": "Coalition", "government": "Government", "taliban": "Taliban",
                 "warlords": "Warlords"}
PIECE_OWNER = ["coalition", "coalition", "government", "government", "government",
               "taliban", "taliban", "taliban", "warlords", "warlords", "warlords"]
COIN_FACTIONS = ("coalition", "government")
INSURGENTS = ("taliban", "warlords")

# Columns by faction and by kind.
FACTION_COLS = {"coalition": (COALITION_TROOPS, COALITION_BASE),
                "government": (GOV_TROOPS, POLICE, GOV_BASE),
                "taliban": (TALIBAN_G, TALIBAN_G_ACTIVE, TALIBAN_BASE),
                "warlords": (WARLORD_G, WARLORD_G_ACTIVE, WARLORD_BASE)}
GUERRILLA = {"taliban": TALIBAN_G, "warlords": WARLORD_G}               # Underground
ACTIVE_GUERRILLA = {"taliban": TALIBAN_G_ACTIVE, "warlords": WARLORD_G_ACTIVE}
BASE = {"coalition": COALITION_BASE, "government": GOV_BASE, "taliban": TALIBAN_BASE,
        "warlords": WARLORD_BASE}
BASES = (COALITION_BASE, GOV_BASE, TALIBAN_BASE, WARLORD_BASE)
COIN_CUBES = (COALITION_TROOPS, GOV_TROOPS, POLICE)
GOV_CUBES = (GOV_TROOPS, POLICE)
TROOPS = (COALITION_TROOPS, GOV_TROOPS)

# Totals in the box (1.2: 158 pieces; Available Forces chart). Guerrillas count both states.
FORCE_POOL = {COALITION_TROOPS: 20, COALITION_BASE: 6, GOV_TROOPS: 30, POLICE: 30, GOV_BASE: 3,
              TALIBAN_G: 30, TALIBAN_BASE: 12, WARLORD_G: 15, WARLORD_BASE: 12}
FORCE_POOL_PROVENANCE = "rules 1.2 (158 wooden pieces) and the Available Forces chart; digest 2.2"

TERROR_SABOTAGE_MARKERS = 30     # 3.3.4: one pool of 30 double-sided Terror/Sabotage markers (digest A.7)
RETURNEES_MARKERS = 6            # 4.3.1: six +1 Pop markers, each usable once
