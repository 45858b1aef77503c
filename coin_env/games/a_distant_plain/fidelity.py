"""A Distant Plain's fidelity table, computed from the provenance tags in the data modules.

    python -m coin_env.games.a_distant_plain.fidelity      # prints the Markdown table on the game's docs page
"""

from __future__ import annotations

from ...coin.fidelity import markdown as fidelity_table
from .data import cards, map as mapdata, random_spaces


def rows() -> list[tuple[str, str, str, str]]:
    """(item, faithful, reconstructed, missing) rows."""
    n_prov = sum(1 for s in mapdata.SPACES if s[1] == mapdata.PROVINCE)
    n_adj = sum(len(v) for v in mapdata.ADJACENCY.values()) // 2
    out = [
        ("Spaces (Kabul, 21 Provinces, 3 Pakistan, 7 LoCs)",
         "names, Population, Pashtun, LoC Econ from a public third-party file, checked against the rules' "
         "totals (Afghan Pop 25, Econ 12) and all 12 printed scenario victory markers; Kabul Pop 3 (1.3.3)",
         f"Mountain/Plains of the {n_prov} Afghan Provinces (from real relief; an owner data pack replaces it)",
         "the printed map itself"),
        ("Adjacency (1.3.6)",
         f"{n_adj} pairs from the third-party file ({len(mapdata.ADJACENCY_IN_RULES)} confirmed by rule "
         "examples); LoC-LoC links at shared Towns",
         f"none ({len(mapdata.DOUBTFUL_ADJACENCY)} doubtful pairs listed in data/map.py)", "-"),
        ("Forces, markers, tracks", "all 158 pieces, 30 Terror/Sabotage markers, 6 +1 Pop markers, Aid, "
         "Patronage, Resources, Islamabad track with Hard posture (6.6.1), Casualties", "-", "-"),
        ("Scenarios (2.1)", "Short, Main, Extended as printed; deck preparation; Capabilities of removed cards "
         "in effect; options: Non-player seats, No Non-Player (1.5, factions per player), Sudden Propaganda, "
         "No Capabilities, Open Deployment, 8.1 limits before every Propaganda card, tie order 7.1/8.5",
         "-", "Deception option (7.3): the marker mix is not in the rules"),
        ("Sequence of play (2.0)", "eligibility, options, passing gains, Limited Op, Final Event Card limits "
         "(2.3.8), Sponsorship multi-space Limited Ops, Propaganda in turn, no two rounds in a row", "-",
         "voluntary transfers of Resources/Patronage (1.5.1: negotiation, not offered)"),
        ("Operations (3.0)", "all 8 for each side: Train, Patrol, Sweep, Assault (Coalition, Government); "
         "Rally, March, Attack, Terror (Taliban, Warlords)", "-", "-"),
        ("Special Activities (4.0)", "all 12: Surge, Air Lift, Air Strike, Govern, Transport, Eradicate, "
         "Extort, Infiltrate, Ambush, Cultivate, Traffic, Suborn", "-", "-"),
        ("Propaganda Rounds (6.0), victory (7.0, 8.5)", "every phase; victory checks, final ranking, tie "
         "orders, No Non-Player scoring (lowest margin), Non-player victory (8.5)", "-", "-"),
    ]
    c = cards.TABLE.builtin().counts()               # the built-in records (no data pack)
    out.append(("Event cards (5.0)",
                f"{cards.N_EVENT_CARDS} titles; {len(cards.CAPABILITIES)} Capabilities by faction; "
                f"{len(cards.MOMENTUM)} Momentum cards; Event effects implemented: {c['unshaded']} unshaded, "
                f"{c['shaded']} shaded; dual use, Capabilities/Momentum as lasting effects, free Ops/SAs",
                f"faction order of all {cards.N_EVENT_CARDS} (balanced: each order 3 times); "
                f"{len(cards.FRAGMENTS)} side fragments kept as data",
                f"{c['data_only']} cards data only: no card text is in the rules or public sources (no Event "
                "option; an owner data pack or plugin adds them); Capability effects"))
    out.append(("Propaganda cards", "6 cards, one per pile (2.1)", "card numbers 73-78", "-"))
    out.append(("Non-player flowcharts (8.0)",
                "8.1 (Capability and Momentum with their die rolls and exceptions, Ineffective Events, Low "
                "Resources, Non-player Operations not Limited, Final Event Card ignored, no voluntary removal); "
                "8.2 guidelines (maximum extent, 2/3-of-Resources caps, spaces planned first, SAs inside Operation "
                "bullets); 8.2.1 target and piece orders; 8.2.3 nested priorities; 8.4.1 random LoCs; 8.5; all four "
                "flowcharts (8.6-8.9): every trigger and skip, every Operation and Special Activity priority list, "
                "the Propaganda procedures",
                f"Random Spaces sheet (8.4): {random_spaces.PROVENANCE.split(': ', 1)[1]} (an owner data pack "
                "replaces it); readings of unclear bullets (each in the docstring of the bots module that applies it)",
                "Special Event Instructions and gray halos (8.3.1); the NP Taliban effect printed on the Islamabad "
                "track (8.1); the Event conditions of 8.x.2 run the card side on a copy of the game, so they act "
                "only for sides with an effect (none in the base data); of the Capability uses of 8.6.1-8.9.1, "
                "Predators and Find Fix Finish steer the bots when recorded in effect, the others (PRTs, VSO, ISR, "
                "MANPADS Scare, Tribal Elders, Accidental Guerrillas, Aerostats) need the card texts"))
    return out


def markdown() -> str:
    return fidelity_table("A Distant Plain", rows())


if __name__ == "__main__":
    print(markdown())
