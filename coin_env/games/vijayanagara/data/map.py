"""Vijayanagara's map (1.3): Provinces, the two Mongol Invasion Regions, Delhi; Prosperity; adjacency.

Provenance tags: ``rule <section>`` (stated by the rulebook), ``derived`` (forced by rule text or set-up
arithmetic), ``reconstructed: <reason>`` (the board is not public; see the digest §3 and §12).

* Space list: the rulebook names 12 Provinces (1.3.5, 1.3.6, 2.1), the Mongol Invasion Regions
  Mountain Passes and Punjab (1.3.2) and Delhi (1.3.3). That these 12 are all the Provinces is
  reconstructed: set-up (2.1) puts a Tributary marker "in each Province" and Delhi starts at 18 VP,
  which 12 Provinces of Prosperity 1 or 2 can total; nothing names a 13th.
* Prosperity (1.3.1: each Province 1 or 2): no value is public. With 12 Provinces, Delhi's starting
  18 VP (the Prosperity of its Tributary Provinces, 5.1; every Province starts Tributary, 2.1) forces
  exactly six 2s and six 1s; which six is reconstructed from history (the wealthy plains and
  capitals: Gujarat, Malwa, Jaunpur, Maharashtra, Andhra, Karnataka). ``TOTAL_PROSPERITY`` is checked.
* Adjacency (1.3.5: borders sharing any point; 1.3.6: the impassable Vindhya Range between Malwa,
  Jaunpur, Madhyadesh and Gondwana). Each edge carries its tag; every pair the rules state as
  adjacent is present and every pair they state as not adjacent is absent (tests check both).
"""

from __future__ import annotations

PROVINCE, MONGOL_REGION, CAPITAL = "province", "mongol_invasion_region", "capital"

RB = "rule"
# (name, type, Prosperity or 0, provenance of the space, provenance of the Prosperity)
SPACES = [
    ("Delhi", CAPITAL, 0, "rule 1.3.3", "rule 1.3.3: not a Province, no Prosperity"),
    ("Punjab", MONGOL_REGION, 0, "rule 1.3.2", "rule 1.3.2: not a Province"),
    ("Mountain Passes", MONGOL_REGION, 0, "rule 1.3.2", "rule 1.3.2: not a Province"),
    ("Sindh", PROVINCE, 1, "rule 2.1", "reconstructed: Indus frontier, lightly settled"),
    ("Rajput Kingdoms", PROVINCE, 1, "rule 2.1", "reconstructed: arid Rajputana"),
    ("Gujarat", PROVINCE, 2, "rule 2.1", "reconstructed: the rich trading coast"),
    ("Malwa", PROVINCE, 2, "rule 2.1", "reconstructed: fertile plateau, seat of a Sultanate"),
    ("Jaunpur", PROVINCE, 2, "rule 2.1", "reconstructed: Gangetic plain"),
    ("Madhyadesh", PROVINCE, 1, "rule 2.1", "reconstructed: forested interior"),
    ("Gondwana", PROVINCE, 1, "rule 2.1", "reconstructed: forested interior"),
    ("Orissa", PROVINCE, 1, "rule 1.3.5", "reconstructed: eastern coast, remote from Delhi"),
    ("Maharashtra", PROVINCE, 2, "rule 2.1", "reconstructed: Daulatabad, Bahmani heartland (3.3.1)"),
    ("Andhra", PROVINCE, 2, "rule 2.1", "reconstructed: Warangal and Golconda"),
    ("Karnataka", PROVINCE, 2, "rule 2.1", "reconstructed: the Vijayanagara capital (3.4.1)"),
    ("Tamilakam", PROVINCE, 1, "rule 2.1", "reconstructed: far south"),
]

TOTAL_PROSPERITY = 18   # derived: Delhi's starting VP (2.1 set-up, 18 per the digest) = all Provinces Tributary (5.1)

IMPASSABLE = {"Vindhya Range": ("Malwa", "Jaunpur", "Madhyadesh", "Gondwana")}   # rule 1.3.6: not a space

GEO = "reconstructed: geography (the board is not public)"
INF = "derived: the Vindhya separates only the two diagonal pairs (1.3.6), so the ring pairs touch"
FOUR = "reconstructed: 1.3.5's vertex examples read as one four-way point (Madhyadesh/Gondwana/Orissa/Andhra)"
# Adjacent pairs with provenance (symmetric).
ADJACENT = [
    ("Mountain Passes", "Punjab", "rule 2.6, 3.5.1: Mongols move from the Mountain Passes to Punjab"),
    ("Punjab", "Delhi", "rule 2.6, 3.5.1: Mongols move from Punjab to Delhi"),
    ("Gondwana", "Andhra", "rule 1.3.5 (meet at a point)"),
    ("Madhyadesh", "Orissa", "rule 1.3.5 (meet at a point)"),
    ("Malwa", "Jaunpur", INF), ("Malwa", "Madhyadesh", INF), ("Jaunpur", "Gondwana", INF),
    ("Madhyadesh", "Gondwana", INF),
    ("Gondwana", "Orissa", FOUR), ("Madhyadesh", "Andhra", FOUR), ("Andhra", "Orissa", FOUR),
    ("Mountain Passes", "Sindh", GEO), ("Punjab", "Sindh", GEO), ("Punjab", "Rajput Kingdoms", GEO),
    ("Delhi", "Rajput Kingdoms", GEO), ("Delhi", "Jaunpur", GEO),
    ("Sindh", "Rajput Kingdoms", GEO), ("Sindh", "Gujarat", GEO),
    ("Rajput Kingdoms", "Gujarat", GEO), ("Rajput Kingdoms", "Malwa", GEO),
    ("Gujarat", "Malwa", GEO), ("Gujarat", "Maharashtra", GEO),
    ("Madhyadesh", "Maharashtra", GEO), ("Maharashtra", "Andhra", GEO), ("Maharashtra", "Karnataka", GEO),
    ("Andhra", "Karnataka", GEO), ("Andhra", "Tamilakam", GEO), ("Karnataka", "Tamilakam", GEO),
]

# Pairs the rules state are NOT adjacent (tests assert the reconstruction honours them).
NOT_ADJACENT = [
    ("Jaunpur", "Punjab", "rule 1.3.5"),
    ("Malwa", "Gondwana", "rule 1.3.6 (Vindhya Range)"),
    ("Madhyadesh", "Jaunpur", "rule 1.3.6 (Vindhya Range)"),
    ("Mountain Passes", "Delhi", "derived: Mongols always pass through Punjab (2.6, 3.5.1)"),
]

# Rally homes (3.3.1, 3.4.1).
BK_HOME = "Maharashtra"
VE_HOME = "Karnataka"
