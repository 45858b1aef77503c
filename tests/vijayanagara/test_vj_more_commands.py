"""March 3.2.2, Migrate 3.3.2 / 3.4.2, Govern 3.2.3, Demand Obedience 4.2.3, Conspire 4.3.3, Compel 4.4.3."""

from coin_env.core.play import labels, play
from coin_env.games.vijayanagara import board
from coin_env.games.vijayanagara.data.pieces import (AMIR, AMIR_REBEL, GOVERNOR, QASBAH, RAJA, RAJA_REBEL, TROOP)
from coin_env.games.vijayanagara.static import INDEX
from vj_helpers import at, position_game

DS = {"ds": True, "bk": False, "ve": False}
BK = {"ds": False, "bk": True, "ve": False}
VE = {"ds": False, "bk": False, "ve": True}


def test_march_from_two_sources_3_2_2():
    """Digest example 65: Troops from two adjacent spaces into one destination: 1 Resource in all."""
    g = position_game(spaces={"Punjab": {"pieces": {"Troop": 3}}, "Rajput Kingdoms": {"pieces": {"Troop": 2}}},
                      eligible=DS, resources={"ds": 5})
    play(g, "command (event-or-command box)", "March", "select Delhi", "select Punjab", "2",
         "select Rajput Kingdoms", "1", "done", "done")
    assert at(g, "Delhi", TROOP) == 3 and at(g, "Punjab", TROOP) == 1 and g.state.resources["ds"] == 4


def test_marched_units_move_once_3_1_2():
    g = position_game(spaces={"Punjab": {"pieces": {"Troop": 2}}}, eligible=DS, resources={"ds": 5})
    play(g, "command (event-or-command box)", "March", "select Delhi", "select Punjab", "2", "done")
    assert "select Rajput Kingdoms" not in labels(g)     # the 2 Troops in Delhi may not march on


def test_migrate_cap_orientation_and_shift_3_3_2():
    """Digest example 34: 3 Amirs (2 from A, 1 from B) into a destination with a Raja; BK Influence
    1 -> 2 for 1 Resource (releasing 2 Amirs), VE stays 0."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Rebelling Amir": 2}}, "Madhyadesh": {"pieces": {"Amir": 2}},
                              "Malwa": {"pieces": {"Raja": 1}}},
                      eligible=BK, resources={"bk": 5}, influence={"bk": 1})
    play(g, "command (event-or-command box)", "Migrate", "select Malwa", "select Gujarat", "2",
         "select Madhyadesh")                            # 1 more to the cap: no count asked
    assert labels(g) == ["done"]                         # 3 moved: the cap (3.3.2)
    play(g, "done")
    assert at(g, "Malwa", AMIR) == 3 and at(g, "Malwa", AMIR_REBEL) == 0   # Tributary: Obedient
    play(g, "yes")
    s = g.state
    assert s.influence == {"bk": 2, "ve": 0} and s.resources["bk"] == 3


def test_govern_place_or_rule_3_2_3():
    """Digest example 20 (the 3.2.3 play note): Governor + 3 Obedient Amirs: remove 2 and place a
    Qasbah in one selection; digest example 21: without a Governor only place one."""
    g = position_game(spaces={"Malwa": {"pieces": {"Governor": 1, "Amir": 3}}}, eligible=DS, resources={"ds": 5})
    play(g, "command (event-or-command box)", "Govern", "select Malwa", "Govern: use the Governor there",
         "Amir", "Amir", "Govern: place a Qasbah")
    assert at(g, "Malwa", AMIR) == 1 and at(g, "Malwa", QASBAH) == 1
    play(g, "select Sindh")
    assert at(g, "Sindh", GOVERNOR) == 1


def test_govern_not_in_bahmani_province_3_2_3():
    g = position_game(spaces={"Gujarat": {"tributary": False, "pieces": {"Amir": 2, "Governor": 1}}},
                      eligible=DS, resources={"ds": 5})
    play(g, "command (event-or-command box)", "Govern")
    assert "select Gujarat" not in labels(g) and "select Delhi" in labels(g)


def test_demand_obedience_4_2_3():
    """Digest example 43: DS-Controlled Independent Province with a Governor and a Rebelling Raja:
    Tributary again, the Raja Obedient, +P Resources and +P VP."""
    g = position_game(spaces={"Andhra": {"tributary": False, "pieces": {"Governor": 1, "Troop": 2,
                                                                        "Rebelling Raja": 1}}},
                      eligible=DS, resources={"ds": 0})
    p = g.data.prosperity_list[INDEX["Andhra"]]
    vp = g.victory_totals()["ds"]
    play(g, "command & decree", "Conscript", "Demand Obedience", "select Andhra", "done")
    assert g.state.tributary[INDEX["Andhra"]] == 1 and at(g, "Andhra", RAJA) == 1
    assert g.state.resources["ds"] == p and g.victory_totals()["ds"] == vp + p


def test_conspire_replaces_governors_4_3_3():
    g = position_game(spaces={"Malwa": {"pieces": {"Governor": 1, "Amir": 1}},
                              "Gujarat": {"pieces": {"Governor": 1, "Amir": 1}},
                              "Andhra": {"pieces": {"Raja": 1, "Amir": 1}}}, eligible=BK)
    play(g, "command & decree", "Rally", "Conspire")
    assert "select Andhra" not in labels(g)              # Rajas only at Influence 2 (digest example 49)
    play(g, "select Malwa", "Rebelling Amir", "select Gujarat", "Amir")
    assert at(g, "Malwa", GOVERNOR) == 0 and at(g, "Malwa", AMIR_REBEL) == 1
    assert at(g, "Gujarat", AMIR) == 2


def test_influential_conspire_rebelling_raja_4_3_3():
    """Digest example 50: Influence 2, Rebelling Raja in a Province adjacent to a BK piece: replaced
    by a Rebelling Amir."""
    g = position_game(spaces={"Andhra": {"pieces": {"Rebelling Raja": 1, "Troop": 1}},
                              "Maharashtra": {"pieces": {"Amir": 1}}}, eligible=BK, influence={"bk": 2})
    play(g, "command & decree", "Rally", "Conspire", "select Andhra")   # the only target: no choice asked
    assert at(g, "Andhra", AMIR_REBEL) == 1 and at(g, "Andhra", RAJA_REBEL) == 0


def test_compel_influential_4_4_3():
    """Digest example 51: Influence 2, Compel in a Province with a Troop: place 2 Rajas, remove the
    Troop: +1 Cavalry, the 2 Rajas Rebelling."""
    g = position_game(spaces={"Andhra": {"pieces": {"Troop": 1, "Raja": 1}}}, eligible=VE,
                      influence={"ve": 2}, cavalry={"ve": 0})
    play(g, "command & decree", "Rally", "Compel", "select Andhra", "Compel: place a Raja", "Compel: place a Raja")
    assert g.state.cavalry["ve"] == 1
    play(g, "Troop")
    assert at(g, "Andhra", TROOP) == 0 and at(g, "Andhra", RAJA_REBEL) == 2 and at(g, "Andhra", RAJA) == 1


def test_compel_moves_from_one_province_4_4_3():
    g = position_game(spaces={"Karnataka": {"pieces": {"Raja": 3}}, "Tamilakam": {"pieces": {"Raja": 2}}},
                      eligible=VE)
    play(g, "command & decree", "Rally", "Compel", "select Andhra", "select Karnataka")
    assert "select Tamilakam" not in labels(g)           # from ONE adjacent Province
    play(g, "select Karnataka")
    assert at(g, "Andhra", RAJA) == 2 and at(g, "Karnataka", RAJA) == 1


def test_campaign_decree_through_a_mongol_region_4_2_2():
    """4.2.2: one origin, one destination up to 3 spaces away; as a Decree the route may use the
    Mongol Invasion Regions."""
    g = position_game(spaces={"Sindh": {"pieces": {"Troop": 3}}}, eligible=DS, resources={"ds": 3})
    play(g, "command & decree", "Conscript", "Campaign", "select Sindh", "3",
         "select Mountain Passes", "select Punjab", "select Delhi", "done")
    assert at(g, "Delhi", TROOP) == 3 and at(g, "Sindh", TROOP) == 0
    assert g.current_player() == "ds" and "select Sindh" in labels(g)   # the Command follows (0+ spaces)


def test_compel_moved_raja_is_chosen_and_keeps_orientation_4_4_3():
    g = position_game(spaces={"Karnataka": {"tributary": False, "pieces": {"Raja": 1, "Rebelling Raja": 1,
                                                                           "Troop": 3}},
                              "Andhra": {"tributary": False, "pieces": {"Amir": 1}}}, eligible=VE)
    play(g, "command & decree", "Rally", "Compel", "select Andhra", "select Karnataka")
    assert set(labels(g)) == {"Raja", "Rebelling Raja"}
    play(g, "Rebelling Raja", "done")
    assert at(g, "Andhra", RAJA_REBEL) == 1
