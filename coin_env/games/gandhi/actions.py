"""Gandhi's action vocabulary: one flat, labelled table (README: "Action vocabulary").

Groups, in order: meta (sequence-of-play choices), operation, special, space
("select <space>"), piece (a piece or marker type), count (0..20), faction,
mode (a named option inside a procedure, e.g. "Imperialism"), done.
"""

from __future__ import annotations

from ...coin.sequence import META_ACTIONS
from ...core.actions import ActionVocabulary
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


def build_vocabulary() -> ActionVocabulary:
    entries = list(META_ACTIONS)
    entries += [("operation", k, label) for k, label in OPERATIONS]
    entries += [("special", k, label) for k, label in SPECIALS]
    entries += [("space", name, f"select {name}") for name in SPACE_NAMES]
    entries += [("piece", name, name) for name in PIECE_NAMES]
    entries += [("piece", name, f"{name} marker") for name in MARKERS]
    entries += [("count", str(n), str(n)) for n in range(MAX_COUNT + 1)]
    entries += [("faction", f, FACTION_NAMES[f]) for f in FACTIONS]
    entries += [("mode", key, label) for key, label in MODES]
    entries.append(("done", "done", "done"))
    return ActionVocabulary(entries)


VOCABULARY = build_vocabulary()
V = VOCABULARY
DONE = V.index("done", "done")
SPACE0 = V.base("space")
PIECE0 = V.base("piece")
COUNT0 = V.base("count")
FACTION0 = V.base("faction")
OP = {k: V.index("operation", k) for k, _ in OPERATIONS}
SA = {k: V.index("special", k) for k, _ in SPECIALS}
MODE = {key: V.index("mode", key) for key, _ in MODES}
MARKER = {name: V.index("piece", name) for name in MARKERS}
