"""Nonviolent Operations (3.3) and Congress / Muslim League Special Activities (4.3, 4.4).

One test per rulebook example (digest 12.2 #5-#6, 12.4 #14-#23), then one per rule that would fail
if the rule were implemented wrongly. Positions list only what the example needs; everything else
is Available.
"""

from __future__ import annotations

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ML_BASE,
                                               REV_BASE, SEPOY, TROOP)
from coin_env.games.gandhi.static import AVAILABLE, INDEX, JAIL, OUT_OF_PLAY


# Card 12's faction order is Raj, Revolutionaries, Muslim League, Congress.
RAJ_FIRST = 12


def nv_game(faction, spaces, restraint=3, unity=3, boxes=None, after_raj_operation=False):
    """``faction`` alone Eligible (1st Eligible); with ``after_raj_operation``, the Raj executed an
    Operation as 1st Eligible on card 12 and ``faction`` is 2nd Eligible (2.3.4: a Limited Operation)."""
    eligible = {"raj": False, "congress": False, "ml": False, "revs": False}
    eligible[faction] = True
    pos = {"restraint": restraint, "unity": unity, "resources": {"raj": 20, "revs": 5},
           "eligible": eligible, "spaces": spaces}
    if boxes is not None:
        pos["boxes"] = boxes
    if after_raj_operation:
        eligible["raj"] = True
        pos.update(current_card=RAJ_FIRST, card_turn={"acted": ["raj"], "first_did": "operation"})
    return coin_env.make_game("gandhi", position=pos, debug=True)


def n(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def support(g, space):
    return int(g.state.support[INDEX[space]])


def protest(g, space):
    return bool(g.state.protest[INDEX[space]])


def control(g, space):
    return board.raj_control(g.state, INDEX[space])


def selectable(g):
    return {lab[len("select "):] for lab in labels(g) if lab.startswith("select ")}


# =====================================================================================================
# Rulebook examples
# =====================================================================================================
def test_12_2_5_negotiate_widens_allowance_3_1_5():
    """3.1.5 example 1: Restraint 2; mid-Civil-Disobedience Negotiate in Bihar removes its Protest
    and raises Restraint to 3, so a third non-Protest space may now be selected."""
    ml = {"pieces": {"ML Activist": 1}}
    g = nv_game("congress", {
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 2}},
        "Sind": ml, "Karachi": ml, "Assam": ml, "Mysore": ml,
        "Jammu & Kashmir": {"pieces": {"Gandhi": 1}},
    }, restraint=2)
    play(g, "operation with special activity", "Civil Disobedience", "select Sind", "select Karachi")
    assert {"Assam", "Mysore"}.isdisjoint(selectable(g))          # allowance 2 used up
    assert {"Bihar", "Jammu & Kashmir"} <= selectable(g)           # Protest / Gandhi spaces stay free
    play(g, "Negotiate", "select Bihar", "done")
    assert g.state.restraint == 3 and not protest(g, "Bihar")
    sel = selectable(g)
    assert "Assam" in sel and "Jammu & Kashmir" in sel
    assert "Bihar" not in sel                                      # 4.1.1: the Negotiate space
    play(g, "select Assam")
    assert "Mysore" not in selectable(g)                           # now 3 of 3 used
    play(g, "done")
    assert protest(g, "Sind") and protest(g, "Karachi")


def test_12_2_6_non_cooperation_crisis_then_infiltrate_muslim_state_3_1_5():
    """3.1.5 example 2: Unity 1, Restraint 2; ML Non-Cooperation drops Restraint to 1 (Crisis);
    the Muslim League may then Infiltrate to place a Muslim State (Province, ML Base, no Control)."""
    g = nv_game("ml", {"Sind": {"protest": 1, "pieces": {"ML Activist": 1, "ML Base": 1}}}, restraint=2, unity=1)
    play(g, "operation with special activity", "Non-Cooperation", "Infiltrate", "select Sind")
    assert "Infiltrate: place a Muslim State" not in labels(g)     # not in Crisis yet
    g2 = nv_game("ml", {"Sind": {"protest": 1, "pieces": {"ML Activist": 1, "ML Base": 1}}}, restraint=2, unity=1)
    play(g2, "operation with special activity", "Non-Cooperation", "select Sind", "done")
    assert g2.state.restraint == 1 and board.in_crisis(g2.state)
    assert support(g2, "Sind") == -1
    play(g2, "Infiltrate", "select Sind", "Infiltrate: place a Muslim State")
    assert g2.state.muslim_state[INDEX["Sind"]] == 1


def test_12_4_14_ml_rally_selection_3_3_1():
    """3.3.1 example: Unity 3; Sind, Baluchistan, Karachi without Support, plus Punjab (ML Base)."""
    g = nv_game("ml", {"Punjab": {"pieces": {"ML Base": 1}}, "Assam": {"support": "Passive Support"}}, unity=3)
    play(g, "operation only", "Rally")
    assert "Assam" not in selectable(g)                            # has Support, no Base
    play(g, "select Sind", "select Baluchistan", "select Karachi")
    sel = selectable(g)
    assert "Punjab" in sel and "Northwest Frontier" not in sel     # a 4th non-Base space is illegal
    play(g, "select Punjab", "done")
    assert n(g, "Sind", ML_ACTIVIST) == 1 and n(g, "Karachi", ML_ACTIVIST) == 1
    assert n(g, "Punjab", ML_ACTIVIST) == 2                        # 1 + one ML Base


def test_12_4_15_demonstrate_places_protest_3_3_2():
    """3.3.2 example: Restraint 2, 3 Protests Available. From Bihar one Activist into West Bengal
    (1 Sepoy, 1 Active Guerrilla: no Control) -> Protest; one into United Provinces (Controlled)
    -> no Protest, Activist Inactive. The two destinations use both Restraint slots."""
    g = nv_game("congress", {
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 3}},
        "West Bengal": {"pieces": {"Sepoy": 1, "Active Guerrilla": 1}},
        "United Provinces": {"pieces": {"Troop": 1}},
    }, restraint=2)
    assert board.protests_available_for_ops(g.state) == 3
    play(g, "operation only", "Demonstrate", "select West Bengal", "select Bihar", "1")
    assert not control(g, "West Bengal")
    play(g, "Protest marker")
    assert protest(g, "West Bengal") and board.activists_active(g.state, INDEX["West Bengal"])
    play(g, "select United Provinces", "select Bihar", "1")
    assert not protest(g, "United Provinces") and control(g, "United Provinces")
    assert not board.activists_active(g.state, INDEX["United Provinces"])
    sel = selectable(g)
    assert "Orissa" not in sel and "Bihar" in sel                  # Restraint slots used; Protest space free
    play(g, "done")
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 1


def test_12_4_16_civil_disobedience_onto_railway_3_3_3():
    """3.3.3 example: Restraint 3, 2 Protests Available. Protests in Bombay Presidency and Coastal
    Andhra; none left for Hyderabad, whose Activist moves onto the 4-Econ Railway (Active there)."""
    g = nv_game("congress", {
        "Madras": {"protest": 1},
        "Bombay Presidency": {"pieces": {"Congress Activist": 1}},
        "Coastal Andhra": {"pieces": {"Congress Activist": 1}},
        "Hyderabad": {"pieces": {"Congress Activist": 1}},
    }, restraint=3)
    assert board.protests_available_for_ops(g.state) == 2
    play(g, "operation only", "Civil Disobedience", "select Bombay Presidency", "done",
         "select Coastal Andhra", "done")
    assert protest(g, "Bombay Presidency") and protest(g, "Coastal Andhra")
    assert board.protests_available_for_ops(g.state) == 0
    play(g, "select Hyderabad", "select Bombay-Raichur Railway", "1", "done")
    assert not protest(g, "Hyderabad")
    rail = "Bombay-Raichur Railway"
    assert n(g, rail, CONGRESS_ACTIVIST) == 1 and board.activists_active(g.state, INDEX[rail])


def test_12_4_17_non_cooperation_3_3_4():
    """3.3.4 example: only Coastal Andhra (Protest, Congress Activists, no Control) qualifies;
    Bombay Presidency is Raj-Controlled; Hyderabad has only Gandhi (not an Activist)."""
    g = nv_game("congress", {
        "Coastal Andhra": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Bombay Presidency": {"protest": 1, "pieces": {"Congress Activist": 1, "Troop": 3}},
        "Hyderabad": {"protest": 1, "pieces": {"Gandhi": 1}},
    }, restraint=3)
    play(g, "operation only", "Non-Cooperation")
    assert selectable(g) == {"Coastal Andhra"}
    play(g, "select Coastal Andhra", "done")
    assert support(g, "Coastal Andhra") == -1
    assert g.state.restraint == 2


def test_12_4_18_satyagraha_breaks_control_4_3_2():
    """4.3.2 example: Gandhi moves to United Provinces and a Congress Activist is placed; cubes no
    longer exceed Active adversaries, so Raj Control is lost."""
    g = nv_game("congress", {"Bihar": {"pieces": {"Gandhi": 1}},
                             "United Provinces": {"pieces": {"Troop": 1}}})
    assert control(g, "United Provinces")
    play(g, "operation with special activity", "Rally", "Satyagraha", "select United Provinces", "done")
    assert n(g, "United Provinces", GANDHI) == 1 and n(g, "Bihar", GANDHI) == 0
    assert n(g, "United Provinces", CONGRESS_ACTIVIST) == 1
    assert not control(g, "United Provinces")


def test_12_4_19_congress_negotiate_removes_muslim_state_4_3_1():
    """4.3.1 example: West Bengal is a Muslim State without Protest where Congress pieces exceed ML
    pieces: Restraint +1, the Muslim State goes, Raj Control returns, the space is set Neutral."""
    g = nv_game("congress", {"West Bengal": {"muslim_state": 1, "support": "Passive Support",
                                             "pieces": {"Congress Activist": 2, "ML Activist": 1, "Sepoy": 2}}},
                restraint=3)
    assert not control(g, "West Bengal")                           # a State is never Controlled
    play(g, "operation with special activity", "Rally", "Negotiate", "select West Bengal")
    assert g.state.restraint == 4
    play(g, "Negotiate: remove the Muslim State", "done")
    assert g.state.muslim_state[INDEX["West Bengal"]] == 0
    assert support(g, "West Bengal") == 0
    assert control(g, "West Bengal")
    assert "West Bengal" not in selectable(g)                      # 4.1.1: Rally may not select it now


def test_12_4_20_congress_persuade_4_3_3():
    """4.3.3 example: Mysore -- the unprotected Rev Base is removed; Madras Presidency -- the ML
    Activist is removed, so Unity -1."""
    g = nv_game("congress", {
        "Mysore": {"pieces": {"Rev Base": 1, "Congress Activist": 1}},
        "Madras Presidency": {"protest": 1, "pieces": {"ML Activist": 1, "Congress Activist": 1}},
    }, unity=3)
    play(g, "operation with special activity", "Rally", "Persuade", "select Mysore", "Rev Base",
         "select Madras Presidency", "ML Activist")
    assert g.state.unity == 3                                      # "lastly": after both spaces
    play(g, "done")
    assert n(g, "Mysore", REV_BASE) == 0 and n(g, "Madras Presidency", ML_ACTIVIST) == 0
    assert g.state.unity == 2


def test_12_4_21_ml_negotiate_places_muslim_state_4_4_1():
    """4.4.1 example: East Bengal (no Control, Opposition, Protest, ML pieces > Congress pieces,
    1 Troop): Protest removed, Restraint +1, Passive Support, Muslim State; Raj moves the Troop to
    Calcutta."""
    g = nv_game("ml", {"East Bengal": {"protest": 1, "support": "Passive Opposition",
                                       "pieces": {"ML Activist": 2, "Congress Activist": 1, "Troop": 1}}},
                restraint=2)
    play(g, "operation with special activity", "Rally", "Negotiate", "select East Bengal")
    assert not protest(g, "East Bengal") and not board.activists_active(g.state, INDEX["East Bengal"])
    assert g.state.restraint == 3
    play(g, "Negotiate: place a Muslim State")
    assert g.current_player() == "raj"
    play(g, "select Calcutta")
    assert n(g, "East Bengal", TROOP) == 0 and n(g, "Calcutta", TROOP) == 1
    assert g.state.muslim_state[INDEX["East Bengal"]] == 1
    assert support(g, "East Bengal") == 1


def test_12_4_22_ml_persuade_activates_guerrillas_4_4_3():
    """4.4.3 example: Punjab is Controlled with 2 Active NV Activists and 2 Underground Guerrillas;
    Persuade Activates both, Control is lost and Non-Cooperation may select Punjab."""
    g = nv_game("ml", {
        "Punjab": {"protest": 1, "pieces": {"ML Activist": 1, "Congress Activist": 1, "Sepoy": 3, "Guerrilla": 2}},
        "Sind": {"protest": 1, "pieces": {"ML Activist": 1}},
    })
    assert control(g, "Punjab")
    play(g, "operation with special activity", "Non-Cooperation")
    assert "Punjab" not in selectable(g)
    play(g, "Persuade", "select Punjab", "Persuade: Activate Guerrillas", "done")
    assert n(g, "Punjab", ACTIVE_GUERRILLA) == 2 and not control(g, "Punjab")
    assert "Punjab" in selectable(g)


def test_12_4_23_ml_infiltrate_muslim_state_in_crisis_4_4_2():
    """4.4.2 example: in Crisis, Sind (1 Sepoy, 1 Guerrilla, ML Base, ML Activist) has no Control
    (the Base counts), so Infiltrate may place a Muslim State (or replace the Sepoy/Guerrilla)."""
    g = nv_game("ml", {"Sind": {"pieces": {"Sepoy": 1, "Guerrilla": 1, "ML Base": 1, "ML Activist": 1}},
                       "Baluchistan": {}}, restraint=1, unity=1)
    assert not control(g, "Sind")
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Sind")
    assert {"Sepoy", "Guerrilla", "Infiltrate: place a Muslim State"} <= set(labels(g))
    play(g, "Infiltrate: place a Muslim State", "done", "select Baluchistan", "done")
    assert g.state.muslim_state[INDEX["Sind"]] == 1
    assert n(g, "Sind", SEPOY) == 1                                # Sepoys may stay in States


# =====================================================================================================
# Rules
# =====================================================================================================
def test_congress_allowance_restraint_plus_protest_and_gandhi_3_3():
    g = nv_game("congress", {"Bihar": {"protest": 1}, "Assam": {"pieces": {"Gandhi": 1}}}, restraint=1)
    play(g, "operation only", "Rally")
    assert {"Sind", "Karachi", "Bihar", "Assam"} <= selectable(g)
    play(g, "select Sind", "0")
    sel = selectable(g)
    assert "Karachi" not in sel and {"Bihar", "Assam"} <= sel


def test_ml_allowance_unity_plus_bases_3_3():
    g = nv_game("ml", {"Punjab": {"pieces": {"ML Base": 1}}, "Sind": {"pieces": {"ML Base": 1}}}, unity=1)
    play(g, "operation only", "Rally", "select Karachi")
    sel = selectable(g)
    assert "Baluchistan" not in sel and {"Punjab", "Sind"} <= sel


def test_allowance_read_when_space_selected_3_1_5():
    """A space that was free when selected does not use the allowance even if it loses the
    exemption later; a space that gains a Protest after selection still counted."""
    g = nv_game("congress", {"Sind": {"pieces": {"ML Activist": 1}}, "Karachi": {"pieces": {"ML Activist": 1}},
                             "Assam": {"pieces": {"ML Activist": 1}}}, restraint=1)
    play(g, "operation only", "Civil Disobedience", "select Sind")
    assert protest(g, "Sind")                                      # Protest placed after selection
    assert "Karachi" not in selectable(g)                          # Sind still used the one slot


def test_rally_no_support_no_railways_3_3_1():
    g = nv_game("congress", {"Bihar": {"support": "Active Support"},
                             "Orissa": {"support": "Passive Support", "protest": 1}}, restraint=3)
    play(g, "operation only", "Rally")
    sel = selectable(g)
    assert "Bihar" not in sel and "Orissa" in sel                  # Protest space regardless of Support
    assert not any("Railway" in s for s in sel)
    play(g, "select Orissa")
    assert labels(g) == ["0", "1"]                                 # up to Population (1)


def test_congress_rally_up_to_population_3_3_1():
    g = nv_game("congress", {}, restraint=3)
    play(g, "operation only", "Rally", "select Bihar")
    assert labels(g) == ["0", "1", "2"]
    play(g, "2", "done")
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 2


def test_ml_rally_base_replaces_unity_activists_3_3_1():
    g = nv_game("ml", {"Punjab": {"pieces": {"ML Activist": 2}}}, unity=2)
    play(g, "operation only", "Rally", "select Punjab", "Rally: replace ML Activists with an ML Base", "done")
    assert n(g, "Punjab", ML_BASE) == 1 and n(g, "Punjab", ML_ACTIVIST) == 0


def test_ml_rally_base_needs_room_1_4_2():
    g = nv_game("ml", {"Sind": {"pieces": {"ML Activist": 3, "Rev Base": 1}}}, unity=2)   # Pop 1, full
    play(g, "operation only", "Rally", "select Sind")
    assert n(g, "Sind", ML_ACTIVIST) == 4                          # placed 1, no Base choice offered


def test_rally_out_of_play_other_faction_shifts_unity_3_3_1():
    g = nv_game("congress", {}, unity=2,
                boxes={"Out of Play": {"ML Activist": 1, "Congress Activist": 1}})
    play(g, "operation only", "Rally", "select Bihar", "0", "done", "ML Activist")
    assert g.state.unity == 3 and g.state.pieces[OUT_OF_PLAY, ML_ACTIVIST] == 0
    g = nv_game("congress", {}, unity=2,
                boxes={"Out of Play": {"ML Activist": 1, "Congress Activist": 1}})
    play(g, "operation only", "Rally", "select Bihar", "0", "done", "Congress Activist")
    assert g.state.unity == 2 and g.state.pieces[AVAILABLE, CONGRESS_ACTIVIST] > 0


def test_rally_release_from_jail_own_first_then_others_3_3_1():
    g = nv_game("ml", {}, boxes={"Jail": {"ML Activist": 1, "Congress Activist": 6}})
    play(g, "operation only", "Rally", "select Sind", "done", "Rally: release a die roll of Activists from Jail")
    s = g.state
    assert s.pieces[JAIL, ML_ACTIVIST] == 0                        # own released first
    released_other = 6 - int(s.pieces[JAIL, CONGRESS_ACTIVIST])
    assert 0 <= released_other <= 5
    assert s.pieces[JAIL, GANDHI] == 0


def test_demonstrate_ml_activists_one_for_one_up_to_unity_3_3_2():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 3, "ML Activist": 3}}}, unity=2)
    play(g, "operation only", "Demonstrate", "select Orissa", "select Bihar", "1")
    assert labels(g) == ["0", "1"]                                 # one for one with 1 Congress Activist
    play(g, "1", "done", "select West Bengal", "select Bihar", "2")
    assert labels(g) == ["0", "1"]                                 # Unity 2, one already used
    play(g, "1", "done", "done")
    assert n(g, "Orissa", ML_ACTIVIST) == 1 and n(g, "West Bengal", ML_ACTIVIST) == 1


def test_ml_demonstrate_moves_only_ml_activists_3_3_2():
    g = nv_game("ml", {"Bihar": {"pieces": {"Congress Activist": 3}}})
    play(g, "operation only", "Demonstrate", "select Orissa")
    assert "select Bihar" not in labels(g)


def test_demonstrate_pieces_move_once_3_1_2():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 1}}}, restraint=3)
    play(g, "operation only", "Demonstrate", "select Orissa", "select Bihar", "1", "done",
         "select West Bengal")
    assert labels(g) == ["Protest marker", "done"]                 # Orissa's Activist already moved: no origin


def test_limited_demonstrate_one_destination_3_3_2():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 2}}}, after_raj_operation=True)
    play(g, "limited operation", "Demonstrate", "select Orissa", "select Bihar", "1", "done")
    assert selectable(g) == set() and labels(g) == ["done"]


def test_no_protest_with_raj_control_3_3_2():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 1}},
                             "Central Provinces": {"pieces": {"Sepoy": 2}}})
    play(g, "operation only", "Demonstrate", "select Central Provinces", "select Bihar", "1")
    assert "Protest marker" not in labels(g) and control(g, "Central Provinces")


def test_civil_disobedience_needs_activists_or_exemption_3_3_3():
    g = nv_game("ml", {"Sind": {"pieces": {"Congress Activist": 1}}, "Punjab": {"pieces": {"ML Base": 1}}})
    play(g, "operation only", "Civil Disobedience")
    sel = selectable(g)
    assert {"Sind", "Punjab"} <= sel and "Karachi" not in sel


def test_non_cooperation_restraint_once_3_3_4():
    g = nv_game("congress", {"Bihar": {"protest": 1, "pieces": {"Congress Activist": 1}},
                             "Orissa": {"protest": 1, "pieces": {"Congress Activist": 1}}}, restraint=4)
    play(g, "operation only", "Non-Cooperation", "select Bihar", "select Orissa", "done")
    assert g.state.restraint == 3
    assert support(g, "Bihar") == -1 and support(g, "Orissa") == -1


def test_congress_non_cooperation_raj_control_only_in_crisis_3_3_4_6_8():
    spaces = {"Bihar": {"protest": 1, "pieces": {"Congress Activist": 1, "Troop": 3}},
              "Orissa": {"protest": 1, "pieces": {"Congress Activist": 1}}}
    g = nv_game("congress", spaces, restraint=2, unity=1)
    play(g, "operation only", "Non-Cooperation")
    assert selectable(g) == {"Orissa"}
    g = nv_game("congress", spaces, restraint=1, unity=1)
    play(g, "operation only", "Non-Cooperation")
    assert selectable(g) == {"Orissa", "Bihar"}


def test_ml_non_cooperation_never_raj_control_and_allowance_3_3_4():
    spaces = {"Punjab": {"protest": 1, "pieces": {"ML Activist": 1, "Troop": 3}},
              "Sind": {"protest": 1, "pieces": {"ML Activist": 1}},
              "Karachi": {"protest": 1, "pieces": {"ML Activist": 1}},
              "Baluchistan": {"protest": 1, "pieces": {"ML Activist": 1, "ML Base": 1}}}
    g = nv_game("ml", spaces, restraint=1, unity=1)
    play(g, "operation only", "Non-Cooperation")
    assert selectable(g) == {"Sind", "Karachi", "Baluchistan"}     # Crisis gives ML no exception
    play(g, "select Sind")
    assert selectable(g) == {"Baluchistan"}                        # Unity 1 used; Base space free


def test_negotiate_exclusive_with_operation_4_1_1():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 1}},
                             "Orissa": {"pieces": {"Congress Activist": 1}}})
    play(g, "operation with special activity", "Civil Disobedience", "select Bihar", "done", "Negotiate")
    assert "Bihar" not in selectable(g) and "Orissa" in selectable(g)


def test_negotiate_only_with_rally_demonstrate_cd_4_1_2():
    g = nv_game("congress", {"Bihar": {"protest": 1, "pieces": {"Congress Activist": 1}},
                             "Orissa": {"pieces": {"Congress Activist": 1}}})
    play(g, "operation with special activity", "Non-Cooperation")
    assert "Negotiate" not in labels(g) and "Satyagraha" in labels(g)


def test_negotiate_no_raj_control_4_3_1():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 1, "Troop": 1}},
                             "Orissa": {"pieces": {"Congress Activist": 1}}})
    play(g, "operation with special activity", "Rally", "Negotiate")
    assert "Bihar" not in selectable(g) and "Orissa" in selectable(g)


def test_congress_negotiate_release_gandhi_roll_4_3_1():
    """No Protests in India: any roll exceeds 0, so Gandhi leaves Jail and the space shifts."""
    g = nv_game("congress", {"Orissa": {"pieces": {"Congress Activist": 1}}}, boxes={"Jail": {"Gandhi": 1}})
    play(g, "operation with special activity", "Rally", "Negotiate", "select Orissa",
         "Negotiate: roll to release Gandhi")
    assert n(g, "Orissa", GANDHI) == 1 and support(g, "Orissa") == 1


def test_ml_negotiate_unrest_option_4_4_1():
    g = nv_game("ml", {"Sind": {"unrest": 2, "pieces": {"ML Activist": 1}}}, restraint=2)
    play(g, "operation with special activity", "Rally", "Negotiate", "select Sind",
         "Negotiate: shift toward Support and remove an Unrest")
    assert g.state.unrest[INDEX["Sind"]] == 1 and support(g, "Sind") == 1 and g.state.restraint == 3


def test_ml_negotiate_muslim_state_needs_muslim_province_opposition_4_4_1():
    g = nv_game("ml", {"Bihar": {"support": "Active Opposition", "pieces": {"ML Activist": 2}},
                       "Sind": {"support": "Neutral", "pieces": {"ML Activist": 2}}})
    play(g, "operation with special activity", "Rally", "Negotiate", "select Bihar")
    assert "Negotiate: place a Muslim State" not in labels(g)       # not a Muslim space


def test_satyagraha_raj_refuses_alternate_sa_4_3_2():
    """Play note of 4.3.2: if Raj refuses to release Gandhi, the Satyagraha is not executed and
    Congress may choose another Special Activity; Satyagraha is not offered again."""
    g = nv_game("congress", {"Mysore": {"pieces": {"Rev Base": 1, "Congress Activist": 1}}},
                boxes={"Jail": {"Gandhi": 1}})
    play(g, "operation with special activity", "Rally", "Satyagraha", "select Bihar")
    assert g.current_player() == "raj"
    play(g, "Satyagraha: Raj refuses to release Gandhi")
    assert g.state.pieces[JAIL, GANDHI] == 1
    assert "Satyagraha" not in labels(g) and "Persuade" in labels(g)
    play(g, "Persuade", "select Mysore", "Rev Base", "done")
    assert n(g, "Mysore", REV_BASE) == 0


def test_satyagraha_raj_agrees_4_3_2():
    g = nv_game("congress", {"Bihar": {"protest": 1, "unrest": 2}}, boxes={"Jail": {"Gandhi": 1}})
    play(g, "operation with special activity", "Rally", "Satyagraha", "select Bihar",
         "Satyagraha: Raj releases Gandhi from Jail", "Satyagraha: remove a Protest and an Unrest")
    assert n(g, "Bihar", GANDHI) == 1 and not protest(g, "Bihar") and g.state.unrest[INDEX["Bihar"]] == 1


def test_congress_persuade_ml_base_last_4_3_3():
    g = nv_game("congress", {"Sind": {"pieces": {"Congress Activist": 1, "ML Activist": 1, "ML Base": 1,
                                                 "Troop": 1, "Sepoy": 1}}})
    play(g, "operation with special activity", "Rally", "Persuade", "select Sind")
    lab = set(labels(g))
    assert "ML Base" not in lab and "Troop" not in lab and "Sepoy" in lab
    assert "ML Activist" not in lab                                # Inactive (no Protest)


def test_ml_persuade_unity_only_for_congress_activist_4_4_3():
    g = nv_game("ml", {"Bihar": {"protest": 1, "pieces": {"ML Activist": 1, "Sepoy": 1, "Congress Activist": 1}}},
                unity=3)
    play(g, "operation with special activity", "Rally", "Persuade", "select Bihar", "Sepoy", "done")
    assert g.state.unity == 3
    g = nv_game("ml", {"Bihar": {"protest": 1, "pieces": {"ML Activist": 1, "Gandhi": 1, "Congress Activist": 1}}},
                unity=3)
    play(g, "operation with special activity", "Rally", "Persuade", "select Bihar")
    assert "Gandhi" not in labels(g)
    play(g, "Congress Activist", "done")
    assert g.state.unity == 2


def test_infiltrate_replaces_and_muslim_state_only_in_crisis_4_4_2():
    g = nv_game("ml", {"Sind": {"protest": 1, "pieces": {"Guerrilla": 1, "ML Base": 1, "ML Activist": 1}}},
                restraint=2, unity=1)
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Sind")
    assert "Infiltrate: place a Muslim State" not in labels(g)
    play(g, "Protest marker")
    assert not protest(g, "Sind") and n(g, "Sind", ML_ACTIVIST) == 2


def test_infiltrate_muslim_state_moves_troops_to_cities_4_4_2():
    g = nv_game("ml", {"Punjab": {"pieces": {"Troop": 2, "ML Base": 2, "ML Activist": 1}}}, restraint=1, unity=1)
    assert not control(g, "Punjab")
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Punjab",
         "Infiltrate: place a Muslim State", "select Delhi", "select Karachi")
    assert g.state.muslim_state[INDEX["Punjab"]] == 1
    assert n(g, "Delhi", TROOP) == 1 and n(g, "Karachi", TROOP) == 1 and n(g, "Punjab", TROOP) == 0


def test_limited_operation_has_no_special_activity_4_1():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 2}}}, after_raj_operation=True)
    play(g, "limited operation", "Rally")
    assert "Persuade" not in labels(g) and "Negotiate" not in labels(g)


def test_save_load_mid_demonstrate():
    g = nv_game("congress", {"Bihar": {"pieces": {"Congress Activist": 3, "ML Activist": 2}}})
    play(g, "operation only", "Demonstrate", "select Orissa", "select Bihar")
    g2 = coin_env.load_game(g.to_json())
    assert labels(g2) == labels(g)
    play(g2, "2", "1", "done")
    assert n(g2, "Orissa", CONGRESS_ACTIVIST) == 2 and n(g2, "Orissa", ML_ACTIVIST) == 1
