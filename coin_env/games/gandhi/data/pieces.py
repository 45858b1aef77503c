"""Gandhi's forces (1.2, 1.4, Available Forces chart) and markers.

Piece columns of the state's ``pieces`` array. Guerrillas are split by state
(Underground / Active) because each is Active or Underground individually (1.4.3);
Activists are not, because all Activists in a space share one state, fixed by
whether the space has a Protest or is a Railway (1.4.3).
"""

from __future__ import annotations

TROOP, SEPOY, CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ML_BASE, GUERRILLA, ACTIVE_GUERRILLA, REV_BASE = range(9)
N_PIECE_TYPES = 9

PIECE_NAMES = ["Troop", "Sepoy", "Congress Activist", "Gandhi", "ML Activist", "ML Base",
               "Guerrilla", "Active Guerrilla", "Rev Base"]

PIECE_OWNER = ["raj", "raj", "congress", "congress", "ml", "ml", "revs", "revs", "revs"]

# Totals in the box (1.2 and the Available Forces chart p.48; digest 2.2). Guerrillas count both states.
FORCE_POOL = {TROOP: 15, SEPOY: 45, CONGRESS_ACTIVIST: 16, GANDHI: 1, ML_ACTIVIST: 16, ML_BASE: 5,
              GUERRILLA: 16, REV_BASE: 5}
FORCE_POOL_PROVENANCE = "rules 1.2 (125 wooden pieces) and Available Forces chart; digest 2.2"

UNREST_STRIKE_MARKERS = 12   # rules 1.11 / 1.12: 12 double-sided Unrest/Strike markers in all

FACTIONS = ("raj", "congress", "ml", "revs")
FACTION_NAMES = {"raj": "British Raj", "congress": "Congress", "ml": "Muslim League", "revs": "Revolutionaries"}
