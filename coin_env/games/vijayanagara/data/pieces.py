"""Factions, piece types and force pools (1.4, 1.2, 2.1).

Factions (1.1, 1.5): the Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara Empire play; the
Mongol Invaders are a non-player force worked by the faction a Mongol Invasion card names (2.4, 3.5).
Amirs and Rajas are Obedient or Rebelling (1.4.5): the state is a separate piece type here.
"""

from __future__ import annotations

FACTIONS = ("ds", "bk", "ve")                 # the player factions, in the vocabulary's order
FACTION_NAMES = {"ds": "Delhi Sultanate", "bk": "Bahmani Kingdom", "ve": "Vijayanagara Empire"}
FACTION_ALIASES = {"ds": "ds", "bk": "bk", "ve": "ve", "delhi": "ds", "sultanate": "ds", "delhi sultanate": "ds", "bahmani": "bk",
                   "bahmani kingdom": "bk", "vijayanagara": "ve", "vijayanagara empire": "ve"}
MONGOLS = "mi"

TROOP, GOVERNOR, QASBAH, AMIR, AMIR_REBEL, FORT, RAJA, RAJA_REBEL, TEMPLE, MONGOL = range(10)
PIECE_NAMES = ["Troop", "Governor", "Qasbah", "Amir", "Rebelling Amir", "Fort", "Raja", "Rebelling Raja",
               "Temple", "Mongol Invader"]
N_PIECE_TYPES = len(PIECE_NAMES)
PIECE_OWNER = ["ds", "ds", "ds", "bk", "bk", "bk", "ve", "ve", "ve", "mi"]
UNITS = (TROOP, GOVERNOR, AMIR, AMIR_REBEL, RAJA, RAJA_REBEL, MONGOL)        # 1.4.1
STRUCTURES = (QASBAH, FORT, TEMPLE)                                          # 1.4.2
PIECES_OF = {"ds": (TROOP, GOVERNOR, QASBAH), "bk": (AMIR, AMIR_REBEL, FORT), "ve": (RAJA, RAJA_REBEL, TEMPLE),
             "mi": (MONGOL,)}
UNITS_OF = {"ds": (TROOP, GOVERNOR), "bk": (AMIR, AMIR_REBEL), "ve": (RAJA, RAJA_REBEL), "mi": (MONGOL,)}
REBEL_OF = {AMIR: AMIR_REBEL, RAJA: RAJA_REBEL}          # Obedient type -> Rebelling type (1.4.5)

# rule 1.2 / 1.4: playing limits (a spare of each is in the box, not used).
FORCE_POOL = {TROOP: 32, GOVERNOR: 5, QASBAH: 5, AMIR: 18, FORT: 5, RAJA: 22, TEMPLE: 5, MONGOL: 12}
# Pieces counted together for a force pool (the Rebelling type shares its Obedient type's pool).
PAIR_OF = {AMIR_REBEL: AMIR, RAJA_REBEL: RAJA}

CAVALRY_TOKENS = 10        # rule 1.10: 10 in play (2 spares replace lost tokens only)
MAX_RESOURCES = 24         # rule 1.8
MAX_INFLUENCE = 4          # derived: 1.9.1 releases Amirs at 2 and 4, 1.9.2 Rajas at 1..4 (digest 2.4)
# Influence-track slots holding 2 Units each (2.1 set-up: 4 Amirs on the BK track, 8 Rajas on the VE
# track); levels derived from 1.9.1 / 1.9.2.
INFLUENCE_SLOTS = {"bk": (2, 4), "ve": (1, 2, 3, 4)}
UNITS_PER_SLOT = 2
PASS_RESOURCES = {"ds": 3, "bk": 1, "ve": 1}      # rule 2.3.6
