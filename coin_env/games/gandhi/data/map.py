"""Gandhi's map: every space, its type, Population, Muslim flag; railways with Econ; adjacency.

Provenance tags (one per fact):
  "rules <n>"     stated or directly implied by rule / example <n> of the English or Spanish rulebook
  "derived"       arithmetic consequence of rulebook data (the scenarios' printed victory totals)
  "setup"         implied by a scenario's setup list
  "reconstructed: <reason>"   the rulebook does not give it; chosen from the real geography of
                  British India c.1930 or to satisfy the rulebook's totals. Replaceable by an owner
                  data pack (issue 3).

The rulebook never lists the map; see ../shared/games/gandhi/DIGEST.md sections 3 and 13.
"""

from __future__ import annotations

CITY, PROVINCE, STATE, RAILWAY = "City", "Province", "Princely State", "Railway"

GEO = "reconstructed: real geography c.1930; the rulebook gives no map"
POP_UNKNOWN = "reconstructed: Population not in the rulebook; 1 chosen (smallest printed value)"
# The printed starting totals give two equations (Pops are 1 or 2, Central Provinces = 1):
#   Short Raj 28 -> Orissa + Coastal Andhra + Madras Presidency = 4
#   Main Raj 24  -> Coastal Andhra + Bombay Presidency + Madras Presidency = 5
# so Bombay Presidency = Orissa + 1 = 2, Orissa = 1, and one of Coastal Andhra / Madras Presidency is 2.
# (The digest's "Orissa = Bombay Presidency" comes from an addition slip in its Main sum.)
POP_DERIVED_BP = "derived: Main total 24 and Short total 28 force Bombay Presidency = Orissa + 1 = 2"
POP_DERIVED_ORISSA = "derived: Orissa = Bombay Presidency - 1 = 1"
POP_SPLIT = ("reconstructed: the totals leave Coastal Andhra + Madras Presidency = 3; "
             "the more populous Madras Presidency gets the 2")

# (name, type, population, muslim space, provenance of type/pop/muslim)
SPACES: list[tuple[str, str, int, bool, str]] = [
    ("Karachi", CITY, 1, True, "rules 1.3.2 (City, Pop 1, Muslim)"),
    ("Delhi", CITY, 1, False, "rules 1.3.2 (every City Pop 1); setup"),
    ("Bombay", CITY, 1, False, "rules 1.3.2; setup"),
    ("Calcutta", CITY, 1, True, "rules 1.3.2 (City, Pop 1, Muslim)"),
    ("Madras", CITY, 1, False, "rules 1.3.2; setup"),
    ("Northwest Frontier", PROVINCE, 1, True, "rules 1.3.3 (Muslim Province); Pop " + POP_UNKNOWN),
    ("Baluchistan", PROVINCE, 1, True, "rules 1.3.3 (Muslim Province); Pop " + POP_UNKNOWN),
    ("Sind", PROVINCE, 1, True, "rules 1.3.3; Pop 1 rules 4.5.2 example"),
    ("Punjab", PROVINCE, 2, True, "rules 1.3.3; Pop 2 derived (Short Revs total 6)"),
    ("West Bengal", PROVINCE, 2, True, "rules 1.3.3; Pop 2 rules 8.4.1 example"),
    ("East Bengal", PROVINCE, 2, True, "rules 1.3.3; Pop 2 derived (Main Muslim Opposition 2)"),
    ("Assam", PROVINCE, 1, True, "rules 1.3.3 (Muslim Province); Pop " + POP_UNKNOWN),
    ("United Provinces", PROVINCE, 2, False, "Province setup; Pop 2 rules 4.5.1 example"),
    ("Bihar", PROVINCE, 2, False, "Province setup; Pop 2 rules 8.4.1 example"),
    ("Central Provinces", PROVINCE, 1, False, "Province setup (Raj Control in Short); Pop 1 derived"),
    ("Bombay Presidency", PROVINCE, 2, False, "Province rules 1.3.8; Pop " + POP_DERIVED_BP),
    ("Madras Presidency", PROVINCE, 2, False, "Province rules 3.2.3 example; Pop " + POP_SPLIT),
    ("Coastal Andhra", PROVINCE, 1, False, "Province rules 1.3.8; Pop " + POP_SPLIT),
    ("Gujarat", STATE, 1, False, "reconstructed: type not in the rulebook, Princely State (Kathiawar and Baroda states); Pop 1 derived"),
    ("Jammu & Kashmir", STATE, 1, True, "rules 1.3.5 (Princely State, Muslim space); Pop " + POP_UNKNOWN),
    ("Rajputana", STATE, 1, False, "setup (Main: Sepoy without Raj Control => State); Pop " + POP_UNKNOWN),
    ("Central India Agency", STATE, 1, False, "setup (Main: no Raj Control => State); Pop 1 rules 8.4.1 example"),
    ("Orissa", STATE, 1, False, "rules 4.2.1 example (Treaty selects only States); Pop " + POP_DERIVED_ORISSA),
    ("Hyderabad", STATE, 1, False, "rules 1.3.8 (State); Pop 1 derived"),
    ("Mysore", STATE, 1, False, "rules 1.3.8 (State); Pop " + POP_UNKNOWN),
]

# Railways: (name, Econ, terminals (City names or Town names), adjacent non-railway spaces, provenance).
# Only these facts are in the rulebook: one railway of Econ 4 touches Bombay Presidency and Hyderabad
# (3.3.3 example); one of Econ 5 exists (1.12 example); one runs between Central India Agency and
# Central Provinces (3.2.2 example); railways touch Rajputana, Bihar, West Bengal (3.2.2) and Orissa,
# with a chain from Orissa to a space adjacent to United Provinces (3.4.2); a railway exits Bombay
# (Short setup); all Econ values add to 40 (6.2.2). The rest follows the real lines of c.1930.
RAILWAYS: list[tuple[str, int, tuple[str, str], tuple[str, ...], str]] = [
    ("Karachi-Lahore Railway", 3, ("Karachi", "Lahore"), ("Sind", "Baluchistan", "Punjab"), GEO),
    ("Peshawar-Lahore Railway", 2, ("Peshawar", "Lahore"), ("Northwest Frontier", "Punjab"), GEO),
    ("Lahore-Delhi Railway", 3, ("Lahore", "Delhi"), ("Punjab",), GEO),
    ("Delhi-Allahabad Railway", 4, ("Delhi", "Allahabad"), ("United Provinces", "Central India Agency"), GEO),
    ("Allahabad-Calcutta Railway", 5, ("Allahabad", "Calcutta"), ("United Provinces", "Bihar", "West Bengal"),
     GEO + "; Econ 5 exists per rules 1.12 example"),
    ("Delhi-Bombay Railway", 3, ("Delhi", "Bombay"), ("Rajputana", "Gujarat", "Bombay Presidency"),
     GEO + "; touches Rajputana per rules 3.2.2 example"),
    ("Bombay-Allahabad Railway", 3, ("Bombay", "Allahabad"), ("Bombay Presidency", "Central India Agency", "Central Provinces"),
     "rules 3.2.2 example (a railway between Central India Agency and Central Provinces); route " + GEO),
    ("Bombay-Nagpur Railway", 3, ("Bombay", "Nagpur"), ("Bombay Presidency", "Central Provinces", "Hyderabad"), GEO),
    ("Nagpur-Calcutta Railway", 3, ("Nagpur", "Calcutta"), ("Central Provinces", "Orissa", "Bihar", "West Bengal"),
     "rules 3.4.2 example (railway from Orissa leading toward United Provinces); route " + GEO),
    ("Bombay-Raichur Railway", 4, ("Bombay", "Raichur"), ("Bombay Presidency", "Hyderabad"),
     "rules 3.3.3 example (4-Econ railway adjacent to Bombay Presidency and Hyderabad); exits Bombay per Short setup"),
    ("Raichur-Madras Railway", 2, ("Raichur", "Madras"), ("Hyderabad", "Mysore", "Madras Presidency"), GEO),
    ("Madras-Calcutta Railway", 3, ("Madras", "Calcutta"), ("Madras Presidency", "Coastal Andhra", "Orissa", "West Bengal"), GEO),
    ("Calcutta-Assam Railway", 2, ("Calcutta", "Assam Town"), ("West Bengal", "East Bengal", "Assam"), GEO),
]

RULES = "rules"
# Land adjacency between non-railway spaces: (a, b, provenance). Symmetric.
LAND_EDGES: list[tuple[str, str, str]] = [
    ("United Provinces", "Bihar", "rules 3.3.2 example"),
    ("Bihar", "West Bengal", "rules 3.3.2 example"),
    ("Orissa", "Bihar", "rules 3.4.2 example"),
    ("Orissa", "Central Provinces", "rules 3.4.2 example"),
    ("West Bengal", "East Bengal", "rules 4.2.1 example (implied)"),
    ("Bombay Presidency", "Coastal Andhra", "rules 1.3.8 (linked by a Town)"),
    ("Hyderabad", "Mysore", "rules 1.3.8 (linked by a Town)"),
    ("Bombay", "Bombay Presidency", "setup (railway exiting Bombay touches both)"),
    ("Karachi", "Sind", GEO),
    ("Karachi", "Baluchistan", GEO),
    ("Delhi", "Punjab", GEO),
    ("Delhi", "United Provinces", GEO),
    ("Delhi", "Rajputana", GEO),
    ("Bombay", "Gujarat", GEO),
    ("Calcutta", "West Bengal", GEO),
    ("Calcutta", "East Bengal", GEO),
    ("Madras", "Madras Presidency", GEO),
    ("Madras", "Coastal Andhra", GEO),
    ("Northwest Frontier", "Jammu & Kashmir", GEO),
    ("Northwest Frontier", "Punjab", GEO),
    ("Northwest Frontier", "Baluchistan", GEO),
    ("Baluchistan", "Punjab", GEO),
    ("Baluchistan", "Sind", GEO),
    ("Sind", "Punjab", GEO),
    ("Sind", "Rajputana", GEO),
    ("Sind", "Gujarat", GEO),
    ("Punjab", "Jammu & Kashmir", GEO),
    ("Punjab", "Rajputana", GEO),
    ("Punjab", "United Provinces", GEO),
    ("Rajputana", "United Provinces", GEO),
    ("Rajputana", "Central India Agency", GEO),
    ("Rajputana", "Gujarat", GEO),
    ("Gujarat", "Central India Agency", GEO),
    ("Gujarat", "Bombay Presidency", GEO),
    ("United Provinces", "Central India Agency", GEO),
    ("United Provinces", "Central Provinces", GEO),
    ("Bihar", "Central Provinces", GEO),
    ("Bihar", "Central India Agency", GEO),
    ("Bihar", "East Bengal", GEO),
    ("West Bengal", "Orissa", GEO),
    ("West Bengal", "Assam", GEO),
    ("East Bengal", "Assam", GEO),
    ("Central India Agency", "Central Provinces", GEO),
    ("Central India Agency", "Bombay Presidency", GEO),
    ("Central Provinces", "Bombay Presidency", GEO),
    ("Central Provinces", "Hyderabad", GEO),
    ("Central Provinces", "Coastal Andhra", GEO),
    ("Orissa", "Coastal Andhra", GEO),
    ("Bombay Presidency", "Hyderabad", GEO),
    ("Bombay Presidency", "Mysore", GEO),
    ("Bombay Presidency", "Madras Presidency", GEO),
    ("Hyderabad", "Coastal Andhra", GEO),
    ("Hyderabad", "Madras Presidency", GEO),
    ("Coastal Andhra", "Madras Presidency", GEO),
    ("Coastal Andhra", "Mysore", GEO),
    ("Mysore", "Madras Presidency", GEO),
]

# Protest marker holding boxes beside the Restraint track (1.10): (Restraint value beside the box,
# capacity). Reconstructed: consistent with every rulebook example (Restraint 4 => 2 Available;
# Restraint 2 with 1 on the map => 3; Restraint 3 with 1 on the map => 2), per digest section 7.4.
PROTEST_BOXES: list[tuple[int, int]] = [(5, 1), (4, 1), (3, 1), (2, 1), (1, 2)]
PROTEST_BOXES_PROVENANCE = "reconstructed: box layout not in the rulebook text; fits examples in 1.10, 3.3.2, 3.3.3"

TOTAL_ECON = 40  # rules 6.2.2
