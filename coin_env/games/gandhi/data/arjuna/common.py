"""Arjuna content shared by all non-player factions: the Random Spaces map (8.1.2), the Adversary
Priorities table (8.5) and the Event-text -> column guide (8.8.5).

The Random Spaces map and the Adversary Priorities are the BUILT-IN content: a game reads its own
(``game.data.arjuna``), which an owner data pack may have replaced."""

from __future__ import annotations

# --- 8.1.2 Random Spaces map -------------------------------------------------------------------------
# Six colour regions (die 1: 1 red, 2 green, 3 blue, 4 yellow, 5 purple, 6 orange) of six Cities,
# Provinces or States each (die 2); some regions share spaces. The 8.1.2 example fixes four slots
# (3-5 East Bengal, 3-6 Calcutta, 4-1 Sind, 4-2 Gujarat). The other 32 are reconstructed by
# geography (north-west, north, east, west, south, centre-south), so that every one of the 25 land
# spaces appears at least once and the four known slots sit where the example puts them.
BUILTIN_RANDOM_SPACES: tuple[tuple[str, ...], ...] = (
    ("Northwest Frontier", "Jammu & Kashmir", "Punjab", "Delhi", "Rajputana", "Baluchistan"),
    ("United Provinces", "Delhi", "Central India Agency", "Bihar", "Central Provinces", "Rajputana"),
    ("Bihar", "Orissa", "Assam", "West Bengal", "East Bengal", "Calcutta"),
    ("Sind", "Gujarat", "Karachi", "Bombay", "Bombay Presidency", "Baluchistan"),
    ("Hyderabad", "Madras", "Madras Presidency", "Mysore", "Coastal Andhra", "Central Provinces"),
    ("Central India Agency", "Bombay Presidency", "Hyderabad", "Orissa", "Coastal Andhra", "Mysore"),
)
RANDOM_SPACES_KNOWN = {(3, 5): "East Bengal", (3, 6): "Calcutta", (4, 1): "Sind", (4, 2): "Gujarat"}
RANDOM_SPACES_SOURCE = ("8.1.2 example: slots 3-5, 3-6, 4-1, 4-2; the other 32 slots reconstructed "
                        "(regions by geography, every land space at least once)")

# --- 8.5 Adversary Priorities table -----------------------------------------------------------------
# The aid's column, top first, as far as the rulebook's printed excerpt (Spanish OCR) and the 8.5
# example show it: Gandhi first (the example arrests him before anything else), then the markers
# Unrest, Muslim State, Protest, then pieces of a player faction, then the most common piece, then
# Activists. Gandhi's place as the very first entry is reconstructed from the example.
BUILTIN_ADVERSARY_PRIORITIES = ("Gandhi", "Unrest", "Muslim State", "Protest", "player faction", "most common",
                        "Activist")
ADVERSARY_SOURCE = ("8.5 excerpt (Unrest, Muslim State, Protest, player faction, most common piece, "
                    "Activist) and 8.5 example (Gandhi first; the Guerrilla of a player faction before an "
                    "NP faction's Activist; Unrest before the Muslim State); Gandhi's slot reconstructed")

# --- 8.8.5 Event text -> Space Selection column ----------------------------------------------------
# The verbs an Event's effective action uses, per NP faction (8.8.5 guide, rulebook text).
EVENT_COLUMNS = {
    "raj": {"place_cubes": "Place Cubes", "remove": "Remove or Replace", "shift": "Shift to Support"},
    "congress": {"remove": "Remove or Replace", "place_activists": "Place Activists",
                 "place_protests": "Place Protests", "gandhi": "Move or Release Gandhi",
                 "shift": "Shift to Opposition"},
    "ml": {"remove": "Remove or Replace", "place_activists": "Place Activists", "place_bases": "Place Bases",
           "place_protests": "Place Protests", "muslim_state": "Place Muslim State",
           "shift": "Shift to Opposition"},
    "revs": {"place_guerrillas": "Place Guerrillas", "unrest": "Place Unrest", "place_bases": "Place Bases",
             "remove": "Remove or Replace", "attack": "Attack or Go Underground",
             "underground": "Attack or Go Underground"},
}
