"""Coalition Special Activities (4.2): Surge (4.2.1), Air Lift (4.2.2), Air Strike (4.2.3).

Worked example T32 (digest 12) plus one test per rule point: each accompanying-Operation
restriction, Surge in both directions and its die split, Air Lift's 3 spaces and 3 Government
Troops, Air Strike's order of removal, Kabul exclusion and Islamabad shift. Positions list only what
a test needs; everything else is Available.
"""

from __future__ import annotations

import pytest

import coin_env
from coin_env import IllegalActionError, labels, play
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_TROOPS, POLICE,
                                                        TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE,
                                                        WARLORD_G_ACTIVE)
from coin_env.games.a_distant_plain.rules import coalition_sa
from coin_env.games.a_distant_plain.static import AVAILABLE, INDEX

SA_LABELS = {"Surge", "Air Lift", "Air Strike"}


def adp(spaces, aid=10, patronage=5, resources=None, islamabad="Backing", islamabad_hard=False, boxes=None):
    pos = {"resources": resources or {"government": 20, "taliban": 5, "warlords": 3}, "aid": aid,
           "patronage": patronage, "islamabad": islamabad, "islamabad_hard": islamabad_hard,
           "eligible": {"coalition": True, "government": False, "taliban": False, "warlords": False},
           "spaces": spaces}
    if boxes is not None:
        pos["boxes"] = boxes
    return coin_env.make_game("a_distant_plain", position=pos, debug=True)


def n(g, space, piece):
    loc = AVAILABLE if space == "Available" else INDEX[space]
    return int(g.state.pieces[loc, piece])


def selectable(g):
    return {lab[len("select "):] for lab in labels(g) if lab.startswith("select ")}


def sas_with(g, op):
    """The Special Activities offered once ``op`` is chosen as an Operation with Special Activity."""
    h = g.clone()
    play(h, "operation with special activity", op)
    return {lab for lab in labels(h) if lab in SA_LABELS}


# A position where all four Coalition Operations and all three Coalition SAs are possible.
ALL_OPS = {
    "Kabul": {"pieces": {"Coalition Troops": 3, "Coalition Base": 1, "Government Troops": 2}},
    "Kandahar": {"pieces": {"Coalition Troops": 4, "Taliban Guerrilla (Active)": 1}},
    "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1}},
}


# =====================================================================================================
# 4.1.1 accompanying Operations
# =====================================================================================================
def test_surge_accompanies_train_only_4_2_1():
    g = adp(ALL_OPS)
    assert "Surge" in sas_with(g, "Train")
    for op in ("Patrol", "Sweep", "Assault"):
        assert "Surge" not in sas_with(g, op), op


def test_air_strike_accompanies_patrol_sweep_or_assault_only_4_2_3():
    g = adp(ALL_OPS)
    assert "Air Strike" not in sas_with(g, "Train")
    for op in ("Patrol", "Sweep", "Assault"):
        assert "Air Strike" in sas_with(g, op), op


def test_air_lift_accompanies_any_operation_4_2_2():
    g = adp(ALL_OPS)
    for op in ("Train", "Patrol", "Sweep", "Assault"):
        assert "Air Lift" in sas_with(g, op), op


def test_no_special_activity_with_a_limited_operation_2_3_5():
    g = adp(ALL_OPS)
    play(g, "operation only", "Train")
    assert not SA_LABELS & set(labels(g))


# =====================================================================================================
# 4.2.1 Surge
# =====================================================================================================
def start_surge(g):
    play(g, "operation with special activity", "Train", "Surge")


def test_surge_spaces_are_kabul_or_coin_controlled_provinces_4_2_1():
    g = adp({
        "Kabul": {"pieces": {"Taliban Guerrilla": 3}},                                   # Kabul: no Control needed
        "Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla": 1}},          # COIN Control
        "Helmand": {"pieces": {"Coalition Troops": 1, "Taliban Guerrilla": 1}},           # Uncontrolled
        "LoC Kandahar-Kabul": {"pieces": {"Coalition Troops": 2}},                        # a LoC
        "Waziristan": {"pieces": {"Taliban Guerrilla": 1}},                               # Pakistan
    })
    start_surge(g)
    assert selectable(g) == {"Kabul", "Kandahar"}


def test_surge_brings_coalition_pieces_from_available_4_2_1():
    g = adp({"Kabul": {"pieces": {"Government Troops": 1}}})
    start_surge(g)
    troops, bases = n(g, "Available", COALITION_TROOPS), n(g, "Available", COALITION_BASE)
    play(g, "select Kabul", "Surge: bring pieces from Available", "3", "1", "done")
    assert n(g, "Kabul", COALITION_TROOPS) == 3 and n(g, "Kabul", COALITION_BASE) == 1
    assert n(g, "Available", COALITION_TROOPS) == troops - 3 and n(g, "Available", COALITION_BASE) == bases - 1


def test_surge_sends_coalition_pieces_to_available_4_2_1():
    """Available Coalition pieces count toward the Coalition's victory total (1.9)."""
    g = adp({"Kandahar": {"pieces": {"Coalition Troops": 4, "Coalition Base": 1}}})
    before = board.victory_totals(g.state)["coalition"]
    start_surge(g)
    play(g, "select Kandahar", "Surge: send pieces to Available", "2", "1", "done")
    assert n(g, "Kandahar", COALITION_TROOPS) == 2 and n(g, "Kandahar", COALITION_BASE) == 0
    assert board.victory_totals(g.state)["coalition"] == before + 3


def test_surge_moves_pieces_between_its_spaces_both_ways_4_2_1():
    g = adp({"Kabul": {"pieces": {"Coalition Troops": 3}},
             "Kandahar": {"pieces": {"Coalition Troops": 4, "Coalition Base": 1}}})
    start_surge(g)
    play(g, "select Kabul")
    assert labels(g) == ["Surge: bring pieces from Available", "Surge: send pieces to Available", "done"]
    play(g, "done", "select Kandahar", "select Kabul")
    assert set(labels(g)) == {"Surge/Air Lift: bring pieces from that space",
                              "Surge/Air Lift: send pieces to that space"}
    play(g, "Surge/Air Lift: bring pieces from that space", "2")      # 2 Troops Kabul -> Kandahar
    play(g, "select Kabul")                                             # only "send" is left: no direction asked
    assert g.prompt().startswith("how many Coalition Troops move from Kandahar to Kabul")
    play(g, "0", "1", "done")                                           # the Base Kandahar -> Kabul
    assert (n(g, "Kabul", COALITION_TROOPS), n(g, "Kabul", COALITION_BASE)) == (1, 1)
    assert (n(g, "Kandahar", COALITION_TROOPS), n(g, "Kandahar", COALITION_BASE)) == (6, 0)


def test_surge_pieces_that_arrived_move_no_further_4_2_1():
    """Each piece moves once: Troops brought into Kabul from Available are not sent on."""
    g = adp({"Kandahar": {"pieces": {"Coalition Troops": 2}}})
    start_surge(g)
    play(g, "select Kabul", "Surge: bring pieces from Available", "4", "0")
    assert "Surge: send pieces to Available" not in labels(g)
    play(g, "done", "select Kandahar")
    play(g, "select Kabul")           # Kabul's Troops all arrived: Kandahar may only send to Kabul
    assert g.prompt().startswith("how many Coalition Troops move from Kandahar to Kabul")
    assert labels(g) == ["1", "2"]


def test_surge_bases_within_stacking_1_4_2():
    g = adp({"Kabul": {"pieces": {"Government Base": 1, "Taliban Base": 1, "Coalition Troops": 1}}})
    start_surge(g)
    play(g, "select Kabul", "Surge: bring pieces from Available")
    assert g.prompt().startswith("how many Coalition Troops")       # no Base can come: 2 Bases there
    assert labels(g)[0] == "1"
    play(g, "2", "done")
    assert n(g, "Kabul", COALITION_BASE) == 0 and n(g, "Kabul", COALITION_TROOPS) == 3


def test_surge_at_most_three_spaces_4_2_1():
    spaces = {name: {"pieces": {"Coalition Troops": 1}} for name in ("Kandahar", "Helmand", "Zabol", "Ghazni")}
    g = adp(spaces)
    start_surge(g)
    for name in ("Kabul", "Kandahar", "Helmand"):
        play(g, f"select {name}", "done")
    assert selectable(g) == set()
    assert labels(g) == ["done"]


def test_surge_die_split_between_aid_and_warlord_resources_4_2_1():
    g = adp({"Kabul": {}}, aid=10, resources={"government": 20, "taliban": 5, "warlords": 3})
    start_surge(g)
    play(g, "select Kabul", "done", "done")
    assert labels(g) == ["yes", "no"]
    play(g, "yes")
    roll = g.prompt_frame()["roll"]
    assert 1 <= roll <= 6
    assert labels(g) == [str(k) for k in range(roll + 1)]       # the whole roll is distributed
    aid_part = roll // 2
    play(g, str(aid_part))
    assert g.state.aid == 10 + aid_part
    assert g.state.resources["warlords"] == 3 + roll - aid_part


def test_surge_die_is_optional_4_2_1():
    g = adp({"Kabul": {}}, aid=10)
    start_surge(g)
    rng = g.state.rng.state
    play(g, "select Kabul", "done", "done", "no")
    assert g.state.aid == 10 and g.state.resources["warlords"] == 3
    assert g.state.rng.state == rng                              # no die was rolled
    assert g.prompt().startswith("Coalition Train")              # back to the Train


def test_surge_die_additions_capped_at_75_1_8():
    g = adp({"Kabul": {}}, aid=74, resources={"government": 20, "taliban": 5, "warlords": 75})
    start_surge(g)
    play(g, "select Kabul", "done", "done", "yes")
    roll = g.prompt_frame()["roll"]
    play(g, str(roll))                            # all of it to Aid: 74 + roll stops at 75
    assert g.state.aid == 75
    assert g.state.resources["warlords"] == 75
    g = adp({"Kabul": {}}, aid=74, resources={"government": 20, "taliban": 5, "warlords": 75})
    start_surge(g)
    play(g, "select Kabul", "done", "done", "yes", "0")     # all of it to the Warlords, already at 75
    assert g.state.aid == 74 and g.state.resources["warlords"] == 75


def test_surge_after_the_train_4_1():
    """4.1: the Special Activity may come immediately after its Operation."""
    g = adp({"Kabul": {"pieces": {"Coalition Base": 1}}})
    play(g, "operation with special activity", "Train", "select Kabul", "Police", "done", "done", "done")
    assert g.prompt().startswith("Train done: start the Special Activity")
    play(g, "Surge", "select Kabul", "Surge: bring pieces from Available", "2", "0", "done", "done", "no")
    assert n(g, "Kabul", COALITION_TROOPS) == 2 and n(g, "Kabul", POLICE) == 1
    assert not g.state.eligible["coalition"]        # it executed an Operation (2.3.6)


# =====================================================================================================
# 4.2.2 Air Lift
# =====================================================================================================
def start_air_lift(g, op="Train"):
    play(g, "operation with special activity", op, "Air Lift")


def test_air_lift_moves_any_coalition_troops_among_three_spaces_4_2_2():
    g = adp({"Kabul": {"pieces": {"Coalition Troops": 12, "Coalition Base": 1}},
             "Kandahar": {"pieces": {"Coalition Troops": 1}}})
    start_air_lift(g)
    play(g, "select Kabul", "select LoC Farah-Kandahar", "select Kabul")
    assert labels(g) == [str(k) for k in range(1, 13)]          # all 12 Troops may go; no Base
    play(g, "9", "done", "select Kandahar", "select Kabul", "Surge/Air Lift: bring pieces from that space", "3", "done")
    assert n(g, "Kabul", COALITION_TROOPS) == 0 and n(g, "Kabul", COALITION_BASE) == 1
    assert n(g, "LoC Farah-Kandahar", COALITION_TROOPS) == 9
    assert n(g, "Kandahar", COALITION_TROOPS) == 4
    assert selectable(g) == set()                                 # 3 spaces at most


def test_air_lift_at_most_three_government_troops_4_2_2():
    g = adp({"Kabul": {"pieces": {"Government Troops": 5}}, "Kandahar": {"pieces": {"Government Troops": 5}}})
    start_air_lift(g)
    play(g, "select Kabul", "select Kandahar", "select Kabul")
    play(g, "Surge/Air Lift: bring pieces from that space")
    assert labels(g) == ["1", "2", "3"]
    play(g, "2", "done", "select Helmand", "select Kabul")
    assert labels(g) == ["1"]                                     # only 1 of the 3 left
    play(g, "1")
    assert "select Kandahar" not in labels(g)                     # the limit is used up
    play(g, "done")
    assert (n(g, "Kabul", GOV_TROOPS), n(g, "Kandahar", GOV_TROOPS), n(g, "Helmand", GOV_TROOPS)) == (2, 7, 1)


def test_air_lift_moves_troops_only_4_2_2():
    """Police and Bases do not Air Lift: with only those, a space has nothing to exchange."""
    g = adp({"Kabul": {"pieces": {"Police": 4, "Coalition Base": 1, "Government Base": 1}}})
    start_air_lift(g)
    play(g, "select Kabul", "select Kandahar")
    assert g.prompt().startswith("Coalition Air Lift: select a space")
    assert n(g, "Kabul", POLICE) == 4 and n(g, "Kandahar", POLICE) == 0


def test_air_lift_never_in_pakistan_1_4_2():
    g = adp({"Kandahar": {"pieces": {"Coalition Troops": 3}}})
    start_air_lift(g)
    offered = selectable(g)
    assert "Waziristan" not in offered and "Balochistan" not in offered and "Northwest Frontier" not in offered
    assert "Kandahar" in offered and "LoC Kandahar-Spin Boldak" in offered


# =====================================================================================================
# 4.2.3 Air Strike
# =====================================================================================================
def start_air_strike(g, op="Assault"):
    play(g, "operation with special activity", op, "Air Strike")


STRIKE_OP = {"Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla (Active)": 1}}}


def test_air_strike_removes_one_active_guerrilla_of_a_targeted_faction_4_2_3():
    g = adp({**STRIKE_OP, "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 2, "Warlord Guerrilla (Active)": 1,
                                                  "Warlord Base": 1}}})
    start_air_strike(g)
    play(g, "select Helmand")
    assert set(labels(g)) == {"Taliban Guerrilla (Active)", "Warlord Guerrilla (Active)"}
    play(g, "Warlord Guerrilla (Active)")
    assert n(g, "Helmand", WARLORD_G_ACTIVE) == 0 and n(g, "Helmand", TALIBAN_G_ACTIVE) == 2
    assert board.bases(g.state, INDEX["Helmand"], "warlords") == 1      # only 1 piece per space
    assert g.prompt().startswith("Coalition Air Strike: select a space")


def test_air_strike_bases_only_once_the_faction_has_no_guerrillas_4_2_3():
    g = adp({**STRIKE_OP,
             "Helmand": {"pieces": {"Taliban Base": 1, "Taliban Guerrilla (Active)": 1}},
             "Oruzgan": {"pieces": {"Taliban Base": 1, "Taliban Guerrilla": 1}},     # Underground protects
             "Zabol": {"pieces": {"Taliban Base": 1}}}, aid=10)
    start_air_strike(g)
    assert {"Helmand", "Zabol", "Kandahar"} <= selectable(g) and "Oruzgan" not in selectable(g)
    play(g, "select Helmand")                       # one piece type to remove: removed at once
    assert n(g, "Helmand", TALIBAN_G_ACTIVE) == 0 and n(g, "Helmand", TALIBAN_BASE) == 1
    play(g, "select Zabol")
    assert n(g, "Zabol", TALIBAN_BASE) == 0
    assert g.state.aid == 10                                        # +6 Aid is for Government Assault only (3.2.4)


def test_air_strike_active_guerrilla_beside_underground_ones_3_2_4_4_2_3():
    """Underground Guerrillas protect their faction's Base, not its Active Guerrillas."""
    g = adp({**STRIKE_OP, "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1, "Taliban Guerrilla": 1,
                                                  "Taliban Base": 1}}})
    start_air_strike(g)
    play(g, "select Helmand")
    assert n(g, "Helmand", TALIBAN_G_ACTIVE) == 0 and n(g, "Helmand", TALIBAN_G) == 1
    assert n(g, "Helmand", TALIBAN_BASE) == 1


def test_air_strike_never_in_kabul_4_2_3():
    g = adp({**STRIKE_OP, "Kabul": {"pieces": {"Taliban Guerrilla (Active)": 3, "Coalition Troops": 5}},
             "LoC Kabul-Aibak": {"pieces": {"Warlord Guerrilla (Active)": 1}}})
    start_air_strike(g)
    assert "Kabul" not in selectable(g)
    assert "LoC Kabul-Aibak" in selectable(g)                        # LoCs are spaces too


def test_air_strike_at_most_three_spaces_4_2_3():
    spaces = {name: {"pieces": {"Taliban Guerrilla (Active)": 1}} for name in ("Helmand", "Zabol", "Ghazni", "Oruzgan")}
    g = adp({**STRIKE_OP, **spaces})
    start_air_strike(g)
    for name in ("Helmand", "Zabol", "Ghazni"):
        play(g, f"select {name}")
    assert labels(g) == ["done"]


def test_air_strike_in_pakistan_shifts_islamabad_once_4_2_3():
    """6.6.1: one box toward Sponsorship per Air Strike, however many Pakistan spaces it hits."""
    g = adp({**STRIKE_OP, "Waziristan": {"pieces": {"Taliban Guerrilla (Active)": 2}},
             "Northwest Frontier": {"pieces": {"Taliban Guerrilla (Active)": 1}}}, islamabad="Tolerance")
    start_air_strike(g)
    play(g, "select Waziristan", "select Northwest Frontier", "done")
    assert board.ISLAMABAD_BOXES[g.state.islamabad] == "Backing"
    assert n(g, "Waziristan", TALIBAN_G_ACTIVE) == 1 and n(g, "Northwest Frontier", TALIBAN_G_ACTIVE) == 0


def test_air_strike_outside_pakistan_leaves_islamabad_4_2_3():
    g = adp({**STRIKE_OP, "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1}}}, islamabad="Tolerance")
    start_air_strike(g)
    play(g, "select Helmand", "done")
    assert board.ISLAMABAD_BOXES[g.state.islamabad] == "Tolerance" and not g.state.islamabad_hard


def test_T32_air_strike_in_pakistan_at_sponsorship_turns_the_marker_hard_4_2_3_6_6_1():
    g = adp({**STRIKE_OP, "Waziristan": {"pieces": {"Taliban Guerrilla (Active)": 1}}}, islamabad="Sponsorship")
    start_air_strike(g)
    play(g, "select Waziristan", "done")
    s = g.state
    assert board.ISLAMABAD_BOXES[s.islamabad] == "Sponsorship" and s.islamabad_hard
    board.islamabad_reset(s)                       # next Reset: flips back, no shift
    assert board.ISLAMABAD_BOXES[s.islamabad] == "Sponsorship" and not s.islamabad_hard
    board.islamabad_reset(s)                       # the Reset after that: toward Backing
    assert board.ISLAMABAD_BOXES[s.islamabad] == "Backing"


def test_air_strike_then_the_assault_continues_4_1():
    g = adp({**STRIKE_OP, "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1}}})
    start_air_strike(g)
    play(g, "select Helmand", "done")
    assert "select Kandahar" in labels(g) and "Air Strike" not in labels(g)
    play(g, "select Kandahar")
    while g.current_player() == "coalition" and "done" not in labels(g):
        play(g, labels(g)[0])
    assert g.state.turn["sa_done"]


# =====================================================================================================
# The procedures survive a save at any decision (frames are JSON-plain)
# =====================================================================================================
def test_surge_and_air_lift_survive_save_and_load_mid_procedure():
    g = adp({"Kabul": {"pieces": {"Coalition Troops": 3, "Government Troops": 4}},
             "Kandahar": {"pieces": {"Coalition Troops": 4, "Coalition Base": 1}}})
    start_air_lift(g)
    play(g, "select Kabul", "select Kandahar", "select Kabul", "Surge/Air Lift: bring pieces from that space", "2")
    saved = coin_env.load_game(g.to_json(), debug=True)
    assert saved.to_json() == g.to_json()
    for game in (g, saved):
        play(game, "2", "done")
    assert saved.to_json() == g.to_json()
    assert n(saved, "Kandahar", GOV_TROOPS) == 2 and n(saved, "Kandahar", COALITION_TROOPS) == 6


def test_public_helpers_for_bots():
    g = adp({"Kabul": {"pieces": {"Coalition Troops": 2}},
             "Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla": 1}},
             "Helmand": {"pieces": {"Warlord Base": 1}}})
    play(g, "operation with special activity", "Train")
    assert coalition_sa.surge_spaces(g) == [INDEX["Kabul"], INDEX["Kandahar"]]
    assert coalition_sa.air_strike_targets(g.state, INDEX["Helmand"]) == [WARLORD_BASE]
    assert coalition_sa.air_strike_space_ok(g.state, INDEX["Helmand"])
    assert not coalition_sa.air_strike_space_ok(g.state, INDEX["Kandahar"])
    assert coalition_sa.move_limit(g, AVAILABLE, INDEX["Kabul"], COALITION_BASE) == 2
    assert coalition_sa.air_lift_government_left(g) == 3
    with pytest.raises(IllegalActionError):
        play(g, "Air Strike")
