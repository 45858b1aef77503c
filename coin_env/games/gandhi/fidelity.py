"""Gandhi's fidelity table, computed from the provenance tags in the data modules.

    python -m coin_env.games.gandhi.fidelity      # prints the Markdown table used in the README
"""

from __future__ import annotations

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
    out.append(("Campaign Rounds (6.0), victory (7.0)", "every phase, final Crisis (6.8), ranking and ties",
                "-", "non-player victory (7.1, 8.10): issue 4"))
    c = cards.counts()
    out.append(("Event cards (5.0)",
                f"{cards.N_EVENT_CARDS} cards in the deck; {c['titles']} titles known by number; Event "
                f"effects implemented: {c['unshaded']} unshaded, {c['shaded']} shaded (rules 8.4.1, 8.8.4, 8.8.5 "
                f"examples); dual use, free Ops/SAs, eligibility changes, lasting effects",
                f"faction order of all {cards.N_EVENT_CARDS} (balanced: each order 3 times); no Critical "
                "markers or halos; Pakistan Declaration placed at #45 (also cited as #16)",
                f"{c['data_only']} cards data only (no Event option; an owner data pack adds them); "
                f"{len(cards.TITLES_NUMBER_UNKNOWN)} titles known without a number"))
    out.append(("Campaign cards", "7 Viceroys and their capabilities (2.5)", "card numbers 73-79", "-"))
    return out


def markdown() -> str:
    lines = ["| Gandhi | Faithful (rulebook) | Reconstructed (marked in data) | Missing |",
             "|---|---|---|---|"]
    for item, faithful, recon, missing in rows():
        lines.append(f"| {item} | {faithful} | {recon} | {missing} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown())
