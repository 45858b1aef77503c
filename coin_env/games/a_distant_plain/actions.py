"""A Distant Plain's action vocabulary (docs/games/a_distant_plain.md "Action vocabulary"): meta choices, the 8 Operations,
the 12 Special Activities, one "select <space>" per map space, a piece type per force (Guerrillas by
state), the Terror / Sabotage / +1 Pop markers, counts 0..20, the four factions, procedure modes, done.
"""

from __future__ import annotations

from ...coin.vocabulary import CoinVocabulary
from .data.pieces import FACTION_NAMES, FACTIONS, PIECE_NAMES
from .rules import MODES
from .static import SPACE_NAMES

OPERATIONS = [
    ("train", "Train"), ("patrol", "Patrol"), ("sweep", "Sweep"), ("assault", "Assault"),   # 3.2 COIN
    ("rally", "Rally"), ("march", "March"), ("attack", "Attack"), ("terror", "Terror"),     # 3.3 Insurgent
]
SPECIALS = [
    ("surge", "Surge"), ("air_lift", "Air Lift"), ("air_strike", "Air Strike"),            # 4.2 Coalition
    ("govern", "Govern"), ("transport", "Transport"), ("eradicate", "Eradicate"),           # 4.3 Government
    ("extort", "Extort"), ("infiltrate", "Infiltrate"), ("ambush", "Ambush"),               # 4.4 Taliban
    ("cultivate", "Cultivate"), ("traffic", "Traffic"), ("suborn", "Suborn"),               # 4.5 Warlords
]
MARKERS = ["Terror", "Sabotage", "+1 Pop"]
MAX_COUNT = 30     # a March group may hold all 30 Taliban Guerrillas

VOCABULARY = CoinVocabulary(OPERATIONS, SPECIALS, SPACE_NAMES, PIECE_NAMES, MARKERS, FACTIONS, FACTION_NAMES,
                            MODES, MAX_COUNT)
DONE = VOCABULARY.DONE
OP = VOCABULARY.OP
SA = VOCABULARY.SA
