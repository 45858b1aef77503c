"""A Distant Plain's map: 32 spaces (Kabul, 21 Afghan Provinces, 3 Pakistan Provinces, 7 LoCs)
with Population, Pashtun flag, terrain, Econ and adjacency.

The rulebook lists no spaces (digest 3.2). Provenance, one tag per fact:

* ``THIRD_PARTY``: names, Population, Pashtun, LoC Econ and adjacency come from the public data file
  of a non-player bot for the game's VASSAL module (digest 0.1 "BOT"). They check out against the
  rulebook: Afghan Population 25 (1.9), LoC Econ 12 (6.3.2) and every printed victory marker of the
  three scenarios (tests/a_distant_plain/test_map.py keeps those checks).
* ``rules <n>``: confirmed by the rulebook (Kabul Pop 3 and Pashtun, 1.3.3; Bamian not Pashtun, 3.3.2
  example; five adjacencies shown in examples 1.3.6, 3.2.3, 3.3.2).
* ``TOWN_LINK``: LoCs meeting at the same Town are adjacent (1.3.6 c); read from the LoCs' names. The
  three LoCs ending at Kabul end at a space, not a Town, so they are not adjacent to one another;
  Patrol and Transport move "through Kabul" instead (digest 3.4, A.9).
* ``TERRAIN``: Mountain / Plains is printed on the map and known from no source (digest G4):
  reconstructed from real relief. An owner data pack (``[terrain]``) replaces it.

Doubtful adjacencies of the third-party file (digest 3.6) are kept as given and listed in
:data:`DOUBTFUL_ADJACENCY`.
"""

from __future__ import annotations

CITY, PROVINCE, PAKISTAN, LOC = "City", "Province", "Pakistan Province", "LoC"
MOUNTAIN, PLAINS = "Mountain", "Plains"

THIRD_PARTY = "public VASSAL-module bot data (digest 3.3, 'BOT'); consistent with rules 1.9, 6.3.2 and the scenario markers"
TERRAIN = "reconstructed: Mountain/Plains is printed on the map only (digest G4); chosen from real relief"

# (name, type, Population, Pashtun, terrain, provenance)
SPACES: list[tuple[str, str, int, bool, str | None, str]] = [
    ("Kabul", CITY, 3, True, None, "rules 1.3.3 (the only City, Pop 3, Pashtun)"),
    ("Badakhshan", PROVINCE, 1, False, MOUNTAIN, THIRD_PARTY),
    ("Badghis", PROVINCE, 1, False, PLAINS, THIRD_PARTY),
    ("Baghlan", PROVINCE, 2, False, MOUNTAIN, THIRD_PARTY),
    ("Balkh", PROVINCE, 2, False, PLAINS, THIRD_PARTY),
    ("Bamian", PROVINCE, 1, False, MOUNTAIN, THIRD_PARTY + "; not Pashtun: rules 3.3.2 example"),
    ("Farah", PROVINCE, 0, True, PLAINS, THIRD_PARTY),
    ("Faryab", PROVINCE, 1, False, PLAINS, THIRD_PARTY),
    ("Ghazni", PROVINCE, 1, True, MOUNTAIN, THIRD_PARTY + "; Pop 1 forced by the Short scenario markers"),
    ("Ghowr", PROVINCE, 1, True, MOUNTAIN, THIRD_PARTY),
    ("Helmand", PROVINCE, 1, True, PLAINS, THIRD_PARTY + "; Pop 1 forced by the Short scenario markers"),
    ("Herat", PROVINCE, 1, False, PLAINS, THIRD_PARTY),
    ("Kandahar", PROVINCE, 2, True, PLAINS, THIRD_PARTY),
    ("Khowst", PROVINCE, 2, True, MOUNTAIN, THIRD_PARTY),
    ("Konduz", PROVINCE, 2, False, PLAINS, THIRD_PARTY + "; Pop 2 forced by the Main scenario markers"),
    ("Nimruz", PROVINCE, 0, True, PLAINS, THIRD_PARTY),
    ("Nuristan", PROVINCE, 2, True, MOUNTAIN, THIRD_PARTY),
    ("Oruzgan", PROVINCE, 1, True, MOUNTAIN, THIRD_PARTY),
    ("Paktika", PROVINCE, 1, True, MOUNTAIN, THIRD_PARTY + "; Pop 1 forced by the scenario markers"),
    ("Samangan", PROVINCE, 0, False, MOUNTAIN, THIRD_PARTY),
    ("Sar-e-Pol", PROVINCE, 0, False, MOUNTAIN, THIRD_PARTY),
    ("Zabol", PROVINCE, 0, True, PLAINS, THIRD_PARTY + "; Pop 0 forced by the Extended scenario markers"),
    ("Balochistan", PAKISTAN, 0, False, None, THIRD_PARTY + "; non-Pashtun consistent with rules 6.5.4"),
    ("Waziristan", PAKISTAN, 1, True, None, THIRD_PARTY),
    ("Northwest Frontier", PAKISTAN, 1, True, None, THIRD_PARTY),
]

# LoCs: (name, Econ, the two ends (a Town, or the City of Kabul), provenance). 1.3.4: LoCs are never
# Pashtun, have no Population and hold no Bases.
LOCS: list[tuple[str, int, tuple[str, str], str]] = [
    ("LoC Kabul-Tor Kham", 4, ("Kabul", "Tor Kham"), THIRD_PARTY + "; '3 and 4 Economic Value LoCs' rules 8"),
    ("LoC Kandahar-Spin Boldak", 3, ("Kandahar town", "Spin Boldak"), THIRD_PARTY),
    ("LoC Kandahar-Kabul", 1, ("Kandahar town", "Kabul"), THIRD_PARTY + "; the 'LoC south' of Kabul, rules 3.2.3 example"),
    ("LoC Kabul-Aibak", 1, ("Kabul", "Aibak"), THIRD_PARTY),
    ("LoC Shibirghan-Aibak", 1, ("Aibak", "Shibirghan"), THIRD_PARTY + "; rules 1.3.6 example"),
    ("LoC Farah-Kandahar", 1, ("Farah town", "Kandahar town"), THIRD_PARTY),
    ("LoC Toraghondi-Farah", 1, ("Toraghondi", "Farah town"), THIRD_PARTY),
]

# Adjacency from the third-party file, one line per space (symmetric; each pair listed from both
# ends in the source). LoC-LoC links through Towns are added from the LoCs' ends (1.3.6 c).
ADJACENCY: dict[str, tuple[str, ...]] = {
    "Badakhshan": ("Baghlan", "Konduz", "Northwest Frontier", "Nuristan"),
    "Badghis": ("Faryab", "Ghowr", "Herat", "Sar-e-Pol", "LoC Toraghondi-Farah"),
    "Baghlan": ("Badakhshan", "Balkh", "Kabul", "Konduz", "Nuristan", "Samangan", "LoC Kabul-Aibak",
                "LoC Shibirghan-Aibak"),
    "Balkh": ("Baghlan", "Faryab", "Konduz", "Samangan", "Sar-e-Pol", "LoC Kabul-Aibak", "LoC Shibirghan-Aibak"),
    "Balochistan": ("Helmand", "Kandahar", "Nimruz", "Waziristan"),
    "Bamian": ("Ghazni", "Kabul", "Khowst", "Oruzgan", "Samangan", "Sar-e-Pol", "LoC Kandahar-Kabul"),
    "Farah": ("Ghowr", "Herat", "Nimruz", "LoC Farah-Kandahar", "LoC Toraghondi-Farah"),
    "Faryab": ("Badghis", "Balkh", "Sar-e-Pol", "LoC Shibirghan-Aibak"),
    "Ghazni": ("Bamian", "Khowst", "Oruzgan", "Paktika", "Zabol", "LoC Kandahar-Kabul"),
    "Ghowr": ("Badghis", "Farah", "Helmand", "Herat", "Nimruz", "Oruzgan", "Sar-e-Pol", "LoC Farah-Kandahar",
              "LoC Toraghondi-Farah"),
    "Helmand": ("Balochistan", "Ghowr", "Kandahar", "Nimruz", "Oruzgan", "LoC Farah-Kandahar"),
    "Herat": ("Badghis", "Farah", "Ghowr", "LoC Toraghondi-Farah"),
    "Kabul": ("Baghlan", "Bamian", "Khowst", "Nuristan", "Samangan", "LoC Kabul-Aibak", "LoC Kabul-Tor Kham",
              "LoC Kandahar-Kabul"),
    "Kandahar": ("Balochistan", "Helmand", "Oruzgan", "Waziristan", "Zabol", "LoC Farah-Kandahar",
                 "LoC Kandahar-Kabul", "LoC Kandahar-Spin Boldak"),
    "Khowst": ("Bamian", "Ghazni", "Kabul", "Northwest Frontier", "Nuristan", "Paktika", "Waziristan",
               "LoC Kabul-Tor Kham", "LoC Kandahar-Kabul"),
    "Konduz": ("Badakhshan", "Baghlan", "Balkh"),
    "Nimruz": ("Balochistan", "Farah", "Ghowr", "Helmand", "LoC Farah-Kandahar", "LoC Toraghondi-Farah"),
    "Northwest Frontier": ("Badakhshan", "Khowst", "Nuristan", "Waziristan", "LoC Kabul-Tor Kham"),
    "Nuristan": ("Badakhshan", "Baghlan", "Kabul", "Khowst", "Northwest Frontier", "LoC Kabul-Tor Kham"),
    "Oruzgan": ("Bamian", "Ghazni", "Ghowr", "Helmand", "Kandahar", "Sar-e-Pol", "Zabol", "LoC Farah-Kandahar",
                "LoC Kandahar-Kabul", "LoC Kandahar-Spin Boldak"),
    "Paktika": ("Ghazni", "Khowst", "Waziristan", "Zabol", "LoC Kandahar-Kabul"),
    "Samangan": ("Baghlan", "Balkh", "Bamian", "Kabul", "Sar-e-Pol", "LoC Kabul-Aibak", "LoC Shibirghan-Aibak"),
    "Sar-e-Pol": ("Badghis", "Balkh", "Bamian", "Faryab", "Ghowr", "Oruzgan", "Samangan", "LoC Shibirghan-Aibak"),
    # The source lists the non-space "Pakistan" here where Paktika's list has Waziristan: read as Paktika.
    "Waziristan": ("Balochistan", "Kandahar", "Khowst", "Northwest Frontier", "Paktika", "Zabol",
                   "LoC Kandahar-Spin Boldak"),
    "Zabol": ("Ghazni", "Kandahar", "Oruzgan", "Paktika", "Waziristan", "LoC Farah-Kandahar", "LoC Kandahar-Kabul",
              "LoC Kandahar-Spin Boldak"),
    "LoC Farah-Kandahar": ("Farah", "Ghowr", "Helmand", "Kandahar", "Nimruz", "Oruzgan", "Zabol"),
    "LoC Kabul-Aibak": ("Baghlan", "Balkh", "Kabul", "Samangan"),
    "LoC Kabul-Tor Kham": ("Kabul", "Khowst", "Northwest Frontier", "Nuristan"),
    "LoC Kandahar-Kabul": ("Bamian", "Ghazni", "Kabul", "Kandahar", "Khowst", "Oruzgan", "Paktika", "Zabol"),
    "LoC Kandahar-Spin Boldak": ("Kandahar", "Oruzgan", "Waziristan", "Zabol"),
    "LoC Shibirghan-Aibak": ("Baghlan", "Balkh", "Faryab", "Samangan", "Sar-e-Pol"),
    "LoC Toraghondi-Farah": ("Badghis", "Farah", "Ghowr", "Herat", "Nimruz"),
}
ADJACENCY_PROVENANCE = THIRD_PARTY
TOWN_LINK = "rules 1.3.6 (c): LoCs separated by a Town are adjacent; Towns read from the LoC names"
ADJACENCY_IN_RULES = [("Faryab", "LoC Shibirghan-Aibak", "rules 1.3.6 example"),
                      ("Kabul", "LoC Kandahar-Kabul", "rules 3.2.3 example"),
                      ("Kandahar", "LoC Kandahar-Kabul", "rules 3.2.3 example"),
                      ("Zabol", "Kandahar", "rules 3.2.3 example"),
                      ("Ghazni", "Bamian", "rules 3.3.2 example")]
DOUBTFUL_ADJACENCY = [
    ("Kabul", "Ghazni", "not adjacent in the source; real provinces are separated by Wardak/Logar"),
    ("Farah", "Helmand", "not adjacent in the source; the real provinces share a border"),
    ("Balochistan", "LoC Kandahar-Spin Boldak", "not adjacent in the source; Spin Boldak faces Balochistan"),
    ("Oruzgan", "LoC Kandahar-Spin Boldak", "the source links Oruzgan to three LoCs, presumably through Kandahar town"),
]

# Printed totals the data must meet (checked by tests).
AFGHAN_POPULATION = 25     # rules 1.9 play note
TOTAL_ECON = 12            # rules 6.3.2
