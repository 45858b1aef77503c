"""Vijayanagara's fidelity table, computed from the provenance tags in the data modules.

    python -m coin_env.games.vijayanagara.fidelity      # prints the Markdown table on the game's docs page
"""

from __future__ import annotations

from ...coin.fidelity import markdown as fidelity_table
from .actions import COMMANDS, DECREES
from .data import cards
from .data import map as mapdata


def _tag(prov: str) -> str:
    return prov.split(":")[0].split(" ")[0]


def rows() -> list[tuple[str, str, str, str]]:
    n_prov = sum(1 for s in mapdata.SPACES if s[1] == mapdata.PROVINCE)
    pros_recon = sum(1 for s in mapdata.SPACES if _tag(s[4]) == "reconstructed")
    adj = {k: sum(1 for a in mapdata.ADJACENT if _tag(a[2]) == k) for k in ("rule", "derived", "reconstructed")}
    c = cards.TABLE.builtin().counts()
    from .game import VijayanagaraGame
    acts = VijayanagaraGame.activities
    n_cmd = sum(1 for f in acts for a in acts[f].values() if not a.special)
    n_dec = sum(1 for f in acts for a in acts[f].values() if a.special)
    return [
        ("Spaces (1.3)", f"{n_prov} named Provinces, Punjab and the Mountain Passes (Mongol Invasion Regions), "
         "Delhi; the Vindhya Range impassable", "that the 12 named Provinces are all of them", "the printed map; Cities (1.3.4)"),
        ("Prosperity (1.3.1)", "each 1 or 2; total 18 = Delhi's set-up VP (2.1), checked",
         f"the value of each of the {pros_recon} Provinces (six 2s and six 1s are forced by the total; which is "
         "which is a historical guess; an owner data pack corrects it; option prosperity=\"random\" draws "
         "one of the 924 allowed assignments per game)", "-"),
        ("Adjacency (1.3.5, 1.3.6)", f"{adj['rule']} pairs stated by the rules, {len(mapdata.NOT_ADJACENT)} "
         f"non-adjacencies enforced, {adj['derived']} derived from the Vindhya text",
         f"{adj['reconstructed']} pairs (four-way point of the 1.3.5 examples, geography)", "the printed map"),
        ("Forces, tracks (1.4-1.10)", "all pieces (32 Troops, 5 Governors, 5 Qasbahs, 18 Amirs, 5 Forts, 22 Rajas, "
         "5 Temples, 12 Mongols), Obedient/Rebelling, Tributary/Control, Resources 0-24, 10 Cavalry tokens, "
         "Deccan Influence with Unit slots", "Influence track maximum 4 and slot levels (from 1.9.1/1.9.2)", "-"),
        ("Set-up and deck (2.1)", "the single set-up; 4 stacks with Succession cards between, Mongol Invasion "
         "and Timurid cards shuffled in", "-", "-"),
        ("Sequence of play (2.2-2.7)", "every Eligible faction in card order, the two forked boxes, Limited "
         "Command, Pass income, eligibility; Mongol Invasion (two Mongol Commands, Compromising Gifts), the "
         "three Succession cards, both Timurid cards with Timur's invasion, Dynasty; option Timur's Shadow",
         "which faction each Mongol Invasion card names (4 and 4); option transfers: 1.5.2's trades as gifts of "
         "Resources / Cavalry at the end of a faction's turn (off by default)",
         "negotiated deals and promises (1.5.2)"),
        ("Commands (3.0)", f"all {n_cmd} (four per faction): " + ", ".join(label for _, label in COMMANDS)
         + "; Mongol Amass, Advance, Attack and Plunder (3.5); battle with Cavalry Charge/Screen (1.10)",
         "readings of open points (see the package docstring)", "-"),
        ("Decrees (4.0)", f"all {n_dec} (three per faction): " + ", ".join(label for _, label in DECREES),
         "-", "-"),
        ("Victory (5.0)", "running VP, final Mongols-in-Delhi adjustment, ties by Resources", "-",
         "the Aadu-Huli aata tie-break (5.5)"),
        ("Event cards (2.3.4)", f"{cards.N_EVENT_CARDS} cards in the deck; {c['titles']} title known; effects "
         f"implemented: {c['unshaded']} unshaded, {c['shaded']} shaded",
         f"faction order of all {cards.N_EVENT_CARDS} (balanced)",
         f"{c['data_only']} cards data only: no card text is public (no Event option; an owner data pack or plugin "
         "adds them); Stay Eligible flags"),
        ("Non-player system (1.5.1)", "-", "- (the bot `heuristic` is a stand-in of our own, labelled unofficial: "
         "not a reconstruction of the published procedure)",
         "all of it: the Non-Player rulebook and Ibn Battuta deck are not public"),
    ]


def markdown() -> str:
    return fidelity_table("Vijayanagara", rows())


if __name__ == "__main__":
    print(markdown())
