"""Gandhi's fidelity table, computed from the provenance tags in the data modules.

    python -m coin_env.games.gandhi.fidelity      # prints the Markdown table on the game's docs page
"""

from __future__ import annotations

from ...coin.fidelity import markdown as fidelity_table
from .data import cards, map as mapdata


def _is_reconstructed(prov: str) -> bool:
    return "reconstructed" in prov


def rows() -> list[tuple[str, str, str, str]]:
    """(item, faithful, reconstructed, missing) rows."""
    out = []
    spaces = mapdata.SPACES
    pop_recon = sum(1 for s in spaces if "Pop reconstructed" in s[4] or "Pop " + mapdata.POP_UNKNOWN in s[4]
                    or mapdata.POP_SPLIT in s[4])
    type_recon = sum(1 for s in spaces if s[4].startswith("reconstructed"))
    out.append(("Spaces (25 Cities, Provinces, States)",
                f"{len(spaces)} names, {len(spaces) - type_recon} types, 10 Muslim flags (1.3); "
                f"{len(spaces) - pop_recon} Populations from rules or derived from the printed totals",
                f"{type_recon} type (Gujarat as a Princely State); {pop_recon} Populations",
                "the printed map itself"))
    rules_edges = [e for e in mapdata.LAND_EDGES if not _is_reconstructed(e[2])]
    out.append(("Land adjacency", f"{len(rules_edges)} edges stated or implied by rules/setup",
                f"{len(mapdata.LAND_EDGES) - len(rules_edges)} edges from real geography", "-"))
    rails_rules = [r for r in mapdata.RAILWAYS if not r[4].startswith("reconstructed")]
    out.append(("Railways", f"Econ total 40 (6.2.2); {len(rails_rules)} railways anchored by rule examples",
                f"{len(mapdata.RAILWAYS)} railways, their Econ and ends ({len(mapdata.RAILWAYS) - len(rails_rules)} "
                "wholly from geography)", "-"))
    out.append(("Protest holding boxes", "-", "capacities 1,1,1,1,2 (fit every example)", "-"))
    out.append(("Forces, markers, tracks", "all piece counts, 12 Unrest/Strike markers, track ranges", "-", "-"))
    out.append(("Scenarios", "Short and Main as printed; Main's Gandhi placement; deck piles; first Viceroy",
                "Short's fifth ML Base (not in the text) placed in Sind", "-"))
    out.append(("Sequence of play (2.0)", "eligibility, options, passing, Limited Op, Campaign swap", "-",
                "Raj/Revolutionaries Resource transfers (1.5.2); two-faction players (1.5)"))
    out.append(("Operations (3.0)", "all 16: Raj 4, Congress 4, Muslim League 4, Revolutionaries 4", "-",
                "voluntary removal of own pieces (1.4.1)"))
    out.append(("Special Activities (4.0)", "all 12 incl. Crisis-only options; 7 Viceroy capabilities", "-", "-"))
    out.append(("Campaign Rounds (6.0), victory (7.0)", "every phase, final Crisis (6.8), ranking and ties; "
                "solitaire victory with non-players (8.10)", "-", "-"))
    c = cards.TABLE.builtin().counts()          # the built-in records (no data pack)
    out.append(("Event cards (5.0)",
                f"{cards.N_EVENT_CARDS} cards in the deck; {c['titles']} titles known by number; Event "
                f"effects implemented: {c['unshaded']} unshaded, {c['shaded']} shaded (rules 8.4.1, 8.8.4, 8.8.5 "
                f"examples); dual use, free Ops/SAs, eligibility changes, lasting effects",
                f"faction order of all {cards.N_EVENT_CARDS} (balanced: each order 3 times); no Critical "
                "markers or halos; Pakistan Declaration placed at #45 (also cited as #16)",
                f"{c['data_only']} cards data only (no Event option; an owner data pack adds them); "
                f"{len(cards.TITLES_NUMBER_UNKNOWN)} titles known without a number"))
    out.append(("Campaign cards", "7 Viceroys and their capabilities (2.5)", "card numbers 73-79", "-"))
    out += arjuna_rows()
    return out


def arjuna_rows() -> list[tuple[str, str, str, str]]:
    """The Arjuna non-player system (section 8): procedure (code) and printed content (data/arjuna)."""
    from .data.arjuna import BUILTIN_ARJUNA, common          # the built-in content (no data pack)
    out = [("Arjuna procedure (8.1-8.10)",
            "NP Eligibility Table (8.2, every branch); deck cycling, blue boxes, flip / draw-new-card (8.3); "
            "8.4.1 row-by-row selection; Move Priorities steps A-C (8.4.2); Adversary Priorities use with "
            "replace-then-remove and never-own-pieces (8.5); NP Operations with Activation Numbers and Viceroy "
            "modifiers (8.6); NP Special Activities (8.7); Event side and column choice (8.8.2, 8.8.5); "
            "NP Campaign rounds (8.9); NP passing, no Resources for NP Raj/Revolutionaries (8.1); 8.10",
            "what makes an Event effective (8.8.3: the aid's Effective Events table; we test whether the "
            "Event raises the faction's VP, lowers an adversary's, removes adversary pieces or adds its own)",
            "-")]
    faces = [fc for data in BUILTIN_ARJUNA.values() for fc in data.faces.values()]
    partial = [fc.letter for fc in faces if not fc.source.startswith("reconstructed")]
    out.append(("Arjuna cards (24, both faces = 48)",
                f"fragments of {len(partial)} faces from rule examples and public play reports "
                f"({', '.join(sorted(partial, key=lambda c: (len(c), c)))})",
                f"{len(faces) - len(partial)} faces wholly, and the rest of the {len(partial)} partial ones, "
                "following the 8.6/8.7 procedures; Activation Number and Max Spaces icons",
                f"{48 - len(faces)} faces" if len(faces) < 48 else "the printed cards"))
    cols = [c for data in BUILTIN_ARJUNA.values() for c in data.columns.values()]
    known_rows = sum(len(c.known) for c in cols)
    all_rows = sum(len(c.rows) for c in cols)
    out.append(("Space Selection Priorities tables",
                f"{len(cols)} columns named by the rules; {known_rows} rows in {sum(1 for c in cols if c.known)} "
                "columns known from examples",
                f"{all_rows - known_rows} rows", "the printed aid"))
    out.append(("Move Priorities table", "the A-B-C procedure (8.4.2) and the 8.6 move instructions",
                "the table's rows (from the 8.6 instructions)", "the printed aid"))
    known = len(common.RANDOM_SPACES_KNOWN)
    out.append(("Random Spaces map (8.1.2)", f"{known} of 36 slots (8.1.2 example); roll and next-slot rule",
                f"{36 - known} slots, by geography", "the printed aid"))
    out.append(("Adversary Priorities table (8.5)", "order Unrest, Muslim State, Protest, player faction, most "
                "common piece, Activist (rulebook excerpt); Gandhi first (8.5 example)",
                "Gandhi's slot at the top", "the printed aid"))
    return out


def markdown() -> str:
    return fidelity_table("Gandhi", rows())


if __name__ == "__main__":
    print(markdown())
