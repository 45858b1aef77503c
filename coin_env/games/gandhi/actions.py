"""Gandhi's action vocabulary: one flat, labelled table (docs/games/gandhi.md "Action vocabulary").

Groups, in order: meta (sequence-of-play choices), operation, special, space
("select <space>"), piece (a piece or marker type), count (0..20), faction,
mode (a named option inside a procedure, e.g. "Imperialism"), done.
"""

from __future__ import annotations

from ...coin.vocabulary import CoinVocabulary
from .data.pieces import FACTION_NAMES, FACTIONS, PIECE_NAMES
from .rules import MODES
from .static import SPACE_NAMES

OPERATIONS = [
    ("deploy", "Deploy"), ("garrison", "Garrison"), ("sweep", "Sweep"), ("assault", "Assault"),
    ("rally", "Rally"), ("demonstrate", "Demonstrate"), ("civil_disobedience", "Civil Disobedience"),
    ("non_cooperation", "Non-Cooperation"), ("march", "March"), ("attack", "Attack"), ("unrest", "Unrest"),
]
SPECIALS = [
    ("treaty", "Treaty"), ("govern", "Govern"), ("martial_law", "Martial Law"), ("negotiate", "Negotiate"),
    ("satyagraha", "Satyagraha"), ("persuade", "Persuade"), ("infiltrate", "Infiltrate"), ("aid", "Aid"),
    ("assassinate", "Assassinate"),
]
MARKERS = ["Protest", "Unrest", "Strike", "Muslim State"]
MAX_COUNT = 20


VOCABULARY = CoinVocabulary(OPERATIONS, SPECIALS, SPACE_NAMES, PIECE_NAMES, MARKERS, FACTIONS, FACTION_NAMES,
                            MODES, MAX_COUNT)
V = VOCABULARY
DONE = V.DONE
SPACE0 = V.SPACE0
PIECE0 = V.PIECE0
COUNT0 = V.COUNT0
FACTION0 = V.FACTION0
OP = V.OP
SA = V.SA
MODE = V.MODE
MARKER = V.MARKER
