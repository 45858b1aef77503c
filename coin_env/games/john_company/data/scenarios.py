"""Scenarios (RB p.4). 1710 and Long 1710 (the 1710 set-up with the tools of Deregulation, RB p.4) have data
in the sources; 1758 and 1813 are not offered (their set-ups are not in the sources).

The 1710 scenario card is not in the sources: its values come from BGA's scenario class
(digest §3.5, §4.2 step 9) and are marked reconstructed.
"""

from __future__ import annotations

BGA_SCENARIO = "reconstructed: 1710 scenario card not in the sources; BGA The1710Scenario"

SCENARIO_1710 = {
    "balance": (5, "rule: RB p.4 step 4"),
    "debt": (0, BGA_SCENARIO),
    "standing": (4, BGA_SCENARIO + " (the £10 Expectations space)"),
    "office_treasury": (3, BGA_SCENARIO + " (£3 in each of the five office treasuries)"),
    "regiments_per_army": (1, BGA_SCENARIO),
    # India (RB p.6-7 for what the pieces mean)
    "strength": ({"Punjab": 0, "Delhi": 1, "Bengal": 1, "Bombay": 1, "Maratha": 2, "Hyderabad": 1,
                  "Mysore": 1, "Madras": 1}, BGA_SCENARIO),
    "empires": ({"Delhi": ["Maratha", "Punjab"]}, BGA_SCENARIO),
    "closed_orders": (["P1", "D2", "D3", "B2", "H1", "Ma2", "M2"], BGA_SCENARIO),
    # Elephant on the Delhi-Maratha border facing Delhi: a looming Maratha rebellion.
    "elephant": ({"region": "Maratha", "facing": "Delhi"}, BGA_SCENARIO),
    "first_turn": (1, BGA_SCENARIO),
    "last_turn": (4, "reconstructed: the scenario card's final turn is not in the sources; RB p.4 says Long "
                     "1710 goes up to 8 turns and takes about twice as long"),
}

# Setup cards dealt by player count (RB p.5 step 10): 12 basic cards; 5 players add 3 extras, 6 add all
# 6; deal evenly (3 players: 4 each; 4-6: 3 each). Solo (RB p.43, AID setup 5 variant): 4 to the
# player, 8 to the Crown. Two players (RB p.44, variant deal): set up as three families, the Crown the
# third, 4 cards each.
EXTRA_SETUP_CARDS = ({5: 3, 6: 6}, "rule: RB p.5 step 10")
WHICH_EXTRAS = "reconstructed: RB p.5 does not say which 3 extras with 5 players; drawn at random"

# Solo game (RB p.46 / AID §22): if the Company failed, the player (not the Crown) adjusts its VP by the
# final turn (index 0 = turn 1).
SOLO_FAILURE_VP_1710 = ([-5, -4, -3, -2, -1, 0, 0, 0],
                        "reconstructed: solo aid table (shiny-crown transcription, digest §9.7); the OCR lost it")

# Long 1710 (RB p.4: "begins identically to the 1710 scenario, but it gives players the tools of Deregulation.
# This scenario may go up to 8 turns"): the 1710 set-up, the Vote to Deregulate (RB p.36) and the Deregulation
# card set aside beside the law deck for it (RB p.5 step 13: it is the special session's law, never drawn in
# Parliament: it has no policy icon, RB p.36 "this law is not associated with a policy").
SCENARIO_LONG_1710 = dict(SCENARIO_1710, last_turn=(8, "rule: RB p.4 (Long 1710 may go up to 8 turns)"))
DEREGULATION_TOOLS = ({"1710": False, "Long 1710": True}, "rule: RB p.4, p.36 (Vote to Deregulate in 1758 / Long 1710)")
