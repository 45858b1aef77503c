"""The map of India: regions, orders, borders, Presidencies, sea zones, Army pieces (digest §3).

Region qualities: RB p.6-7. The printed board is not in the sources; its numbers come from BGA and
reproduce every rulebook example that uses them (RB-ex p.7, p.20, p.22, p.25, p.31, p.32; digest §3.7).
"""

from __future__ import annotations

BGA_MAP = "reconstructed: printed board not in the sources; BGA region data, agrees with RB-ex p.20/p.22/p.31/p.32"
BGA_ONLY = "reconstructed: printed board not in the sources; BGA only (no rulebook example uses it)"

# Region order here is the index order everywhere in the game.
# (name, loot modifier, opium icons, provenance)
REGIONS: list[tuple[str, int, int, str]] = [
    ("Punjab", 6, 0, BGA_MAP),
    ("Delhi", 8, 1, BGA_MAP),
    ("Bengal", 6, 2, BGA_MAP),
    ("Bombay", 4, 0, BGA_MAP + " (RB-ex p.22 Mysore/Hyderabad loot)"),
    ("Maratha", 3, 0, BGA_MAP),
    ("Hyderabad", 7, 1, BGA_MAP + " (RB-ex p.22: Hyderabad loot 15 at 2 towers)"),
    ("Mysore", 5, 0, BGA_MAP + " (RB-ex p.22: Mysore loot 9 at 1 tower)"),
    ("Madras", 5, 1, BGA_MAP + " (RB-ex p.25: 4 opium icons in Company regions)"),
]
REGION_NAMES = [r[0] for r in REGIONS]

# Neighbours in clockwise order (used to redirect the Elephant, RB p.30) and border shapes
# (shape -> neighbour; where a region has fewer than three neighbours two shapes name the same one).
ADJACENT_CLOCKWISE: dict[str, tuple[list[str], str]] = {
    "Punjab": (["Delhi", "Bombay"], BGA_MAP),
    "Delhi": (["Bengal", "Maratha", "Bombay", "Punjab"], BGA_MAP),
    "Bengal": (["Delhi", "Maratha"], BGA_MAP),
    "Bombay": (["Punjab", "Delhi", "Maratha", "Hyderabad", "Mysore"], BGA_MAP),
    "Maratha": (["Hyderabad", "Bombay", "Delhi", "Bengal"], BGA_MAP),
    "Hyderabad": (["Madras", "Mysore", "Bombay", "Maratha"], BGA_MAP),
    "Mysore": (["Bombay", "Hyderabad", "Madras"], BGA_MAP),
    "Madras": (["Mysore", "Hyderabad"], BGA_MAP),
}
BORDER_SHAPES: dict[str, tuple[dict[str, str], str]] = {
    "Punjab": ({"triangle": "Bombay", "circle": "Bombay", "square": "Delhi"}, BGA_ONLY),
    "Delhi": ({"triangle": "Bengal", "circle": "Maratha", "square": "Punjab"}, BGA_ONLY),
    "Bengal": ({"triangle": "Delhi", "circle": "Maratha", "square": "Delhi"}, BGA_ONLY),
    "Bombay": ({"triangle": "Punjab", "circle": "Maratha", "square": "Hyderabad"}, BGA_ONLY),
    "Maratha": ({"triangle": "Bengal", "circle": "Bombay", "square": "Delhi"}, BGA_ONLY),
    "Hyderabad": ({"triangle": "Maratha", "circle": "Madras", "square": "Bombay"}, BGA_ONLY),
    "Mysore": ({"triangle": "Hyderabad", "circle": "Bombay", "square": "Madras"}, BGA_MAP + " (RB-ex p.31-32)"),
    "Madras": ({"triangle": "Mysore", "circle": "Hyderabad", "square": "Mysore"}, BGA_ONLY),
}
SHAPES = ("triangle", "circle", "square")

# Orders: (id, region, value, northern rank 1 = northernmost, provenance). Re-fill value = value // 2
# (RB p.40). Home ports: PRESIDENCIES below.
ORDERS: list[tuple[str, str, int, int, str]] = [
    ("P1", "Punjab", 7, 2, BGA_ONLY),
    ("D1", "Delhi", 5, 1, BGA_ONLY),
    ("D2", "Delhi", 5, 3, BGA_ONLY),
    ("D3", "Delhi", 3, 4, BGA_ONLY),
    ("Bg1", "Bengal", 5, 7, BGA_ONLY),
    ("Bg2", "Bengal", 6, 8, BGA_ONLY),
    ("B1", "Bombay", 3, 5, BGA_ONLY),
    ("B2", "Bombay", 3, 9, BGA_ONLY),
    ("B3", "Bombay", 4, 12, BGA_ONLY),
    ("M1", "Maratha", 4, 6, BGA_ONLY),
    ("M2", "Maratha", 3, 10, BGA_ONLY),
    ("M3", "Maratha", 2, 11, BGA_ONLY),
    ("H1", "Hyderabad", 7, 13, BGA_MAP + " (RB-ex p.20: Madras trade 22 = 5+4+6+7)"),
    ("My1", "Mysore", 3, 14, BGA_ONLY),
    ("My2", "Mysore", 6, 16, BGA_MAP + " (RB-ex p.20)"),
    ("Ma1", "Madras", 5, 15, BGA_MAP + " (RB-ex p.20)"),
    ("Ma2", "Madras", 4, 17, BGA_MAP + " (RB-ex p.20, p.31)"),
]
ORDER_NAMES = [o[0] for o in ORDERS]

# Connections between orders (undirected). BGA with two data slips corrected (digest §3.3).
ORDER_EDGES: list[tuple[str, str, str]] = [
    (a, b, BGA_ONLY) for a, b in [
        ("P1", "D1"), ("P1", "B1"), ("D1", "D3"), ("D2", "D3"), ("D2", "M1"), ("D3", "B1"),
        ("Bg1", "Bg2"), ("Bg1", "M1"), ("Bg1", "M3"), ("B1", "B3"), ("B2", "B3"), ("B2", "M2"),
        ("B3", "My1"), ("M2", "M3"), ("M3", "H1"), ("H1", "Ma1"), ("H1", "My2"), ("Ma1", "Ma2"),
        ("Ma2", "My2"), ("My1", "My2")]
]

# The three Presidencies in the order of the red ribbon (RB p.20, p.32: Bombay, then Madras, Bengal).
# (name, home region, home port, sea zone, provenance)
PRESIDENCIES: list[tuple[str, str, str, str, str]] = [
    ("Bombay", "Bombay", "B3", "West Indian Ocean", "rule: RB p.6 (home region, sea zone); home port " + BGA_ONLY),
    ("Madras", "Madras", "Ma1", "South Indian Ocean", "rule: RB p.6; home port RB-ex p.20 (first order Ma1)"),
    ("Bengal", "Bengal", "Bg2", "East Indian Ocean", "rule: RB p.6; home port " + BGA_ONLY),
]
PRESIDENCY_NAMES = [p[0] for p in PRESIDENCIES]

# Where ships can be: the three sea zones and the Superintendent of Trade in China's overlay, which
# holds ships "as if it were a sea zone" and counts as the East Indian Ocean for storms and expenses
# (rule: RB p.25).
SEA_ZONES = ["West Indian Ocean", "South Indian Ocean", "East Indian Ocean", "China"]

# Local alliances: (name, Army, cost £, strength, provenance). RB p.22: bought with the President's
# consent from the Presidency treasury; set up exhausted (BGA).
LOCAL_ALLIANCES: list[tuple[str, str, int, int, str]] = [
    ("Awadh", "Bengal", 4, 2, BGA_ONLY),
    ("Jagat Seths", "Bengal", 4, 2, BGA_MAP + " (RB-ex p.29: strength 2)"),
    ("Orissa", "Bengal", 2, 1, BGA_ONLY),
    ("The Nizam", "Madras", 3, 2, BGA_ONLY),
    ("Arcot", "Madras", 4, 2, BGA_ONLY),
    ("Rajput Prince", "Bombay", 5, 3, BGA_ONLY),
    ("Sikhs", "Bombay", 3, 2, BGA_ONLY),
]

# The storm die (RB p.28): (events to resolve, sea zones hit by storms). Faces from BGA; the rulebook
# names the faces but the OCR lost the die's drawing.
STORM_DIE: list[tuple[int, tuple[str, ...], str]] = [
    (4, (), BGA_ONLY), (2, ("East Indian Ocean",), BGA_ONLY), (1, ("West Indian Ocean", "South Indian Ocean",
     "East Indian Ocean"), BGA_ONLY), (3, ("South Indian Ocean",), BGA_ONLY), (2, ("West Indian Ocean",), BGA_ONLY),
    (4, (), BGA_ONLY),
]
