"""Warlords Special Activities (4.5): Cultivate, Traffic, Suborn.

Worked examples of the digest (section 12): T8 and T9 (5.5 free Special Activities), T39 (4.5.2),
T55 (4.5.3); then one test per rule point. Special Activities run through the sequence of play, or
as a free Special Activity granted by an Event (5.5) pushed at a sequence-of-play prompt.
"""

from adp_helpers import at, avail, position_game, res
from adp_helpers import free_sa as shared_free_sa
from coin_env import labels, play
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.data.pieces import (COALITION_TROOPS, GOV_BASE, GOV_TROOPS, POLICE,
                                                        TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G,
                                                        WARLORD_G_ACTIVE)
from coin_env.games.a_distant_plain.rules import warlords_sa
from coin_env.games.a_distant_plain.static import INDEX


def make(spaces, **kw):
    kw.setdefault("eligible", ("warlords",))
    return position_game(spaces, **kw)


def free_sa(g, key, faction="warlords"):
    return shared_free_sa(g, key, faction)


# ==================================================================================================
# Worked examples (digest section 12)
# ==================================================================================================
def test_T8_free_suborn_costs_nothing_and_leaves_the_warlords_eligible():
    """5.5 example: a free Suborn costs 0 Resources and does not affect the Warlords' Eligibility."""
    g = make({"Kandahar": {"pieces": {"Police": 2}}}, warlords=0, eligible=("taliban", "warlords"))
    first = g.current_player()
    free_sa(g, "suborn")
    assert g.current_player() == "warlords" and "Suborn" in labels(g)    # 0 Resources: free, still possible
    play(g, "Suborn", "select Kandahar", "Police", "Police")
    assert at(g, "Kandahar", POLICE) == 0 and res(g, "warlords") == 0
    assert labels(g) == ["done"]
    play(g, "done")
    s = g.state
    assert g.current_player() == first and s.sop["acted"] == [] and s.turn is None   # back to the card
    card = s.current
    while s.current == card:                                         # both pass: the card ends (2.3.3)
        play(g, "pass")
    assert s.eligible["warlords"] is True and res(g, "warlords") == 1   # +1 for passing only


def test_T9_free_traffic_still_avoids_spaces_with_coalition_pieces():
    """5.5 example: a free Traffic may not occur where a Coalition piece is."""
    g = make({"Balkh": {"pieces": {"Warlord Base": 1, "Coalition Troops": 1}},
              "Konduz": {"pieces": {"Warlord Base": 1}}}, eligible=("taliban",))
    free_sa(g, "traffic")
    play(g, "Traffic")
    assert labels(g) == ["select Konduz"]
    g = make({"Balkh": {"pieces": {"Warlord Base": 1, "Coalition Base": 1}}}, eligible=("taliban",))
    free_sa(g, "traffic")
    assert labels(g) == ["done"]                                   # nowhere to Traffic: skipped


def test_T39_traffic_in_a_taliban_controlled_space_with_two_warlord_bases():
    """4.5.2: Warlords +1 per Warlord Base (2) and, Taliban-Controlled, Taliban +1."""
    g = make({"Kandahar": {"pieces": {"Warlord Base": 2, "Taliban Guerrilla": 3}}}, taliban=4, warlords=6)
    play(g, "operation with special activity", "Rally", "Traffic", "select Kandahar")
    assert (res(g, "warlords"), res(g, "taliban")) == (8, 5)
    assert g.state.patronage == 10


def test_T55_suborn_removes_up_to_3_government_cubes_or_the_base_not_both():
    """4.5.3: 4 Government cubes and a Government Base; Warlords -2; cubes or the Base."""
    spaces = {"Kandahar": {"pieces": {"Government Troops": 2, "Police": 2, "Government Base": 1}}}
    g = make(spaces, warlords=7)
    play(g, "operation with special activity", "Rally", "Suborn", "select Kandahar")
    assert res(g, "warlords") == 5
    assert labels(g) == ["Suborn: remove up to 3 Government cubes", "Suborn: remove a Government Base"]
    play(g, "Suborn: remove up to 3 Government cubes", "Government Troops", "Police", "Police")
    assert at(g, "Kandahar", GOV_TROOPS) == 1 and at(g, "Kandahar", POLICE) == 0
    assert at(g, "Kandahar", GOV_BASE) == 1                          # not both
    assert labels(g) == ["done"]                                     # 3 cubes at most
    g = make(spaces, warlords=7)
    play(g, "operation with special activity", "Rally", "Suborn", "select Kandahar",
         "Suborn: remove a Government Base")
    assert at(g, "Kandahar", GOV_BASE) == 0 and board.gov_cubes(g.state, INDEX["Kandahar"]) == 4
    assert res(g, "warlords") == 5                                   # no Bases-last for Suborn (digest A.11)


# ==================================================================================================
# 4.5.1 Cultivate
# ==================================================================================================
def test_cultivate_in_a_rally_space_with_more_warlord_guerrillas_than_police():
    g = make({"Balkh": {"pieces": {"Warlord Guerrilla": 1, "Police": 1}}}, warlords=5)
    play(g, "operation with special activity", "Rally")
    assert "Cultivate" not in labels(g)                  # no Rally space yet
    play(g, "select Balkh")
    if "Rally: place Guerrillas" in labels(g):
        play(g, "Rally: place Guerrillas")
    assert at(g, "Balkh", WARLORD_G) == 2
    play(g, "Cultivate")
    assert labels(g) == ["select Balkh"]
    play(g, "select Balkh")
    assert at(g, "Balkh", WARLORD_BASE) == 1
    assert labels(g) == ["done"]                          # one space per Cultivate
    play(g, "done")
    assert "Cultivate" not in labels(g)


def test_cultivate_in_a_march_destination_only():
    g = make({"Samangan": {"pieces": {"Warlord Guerrilla": 2}},
              "Baghlan": {"pieces": {"Warlord Guerrilla": 3}}}, warlords=5)
    play(g, "operation with special activity", "March", "select Balkh", "select Samangan", "2")
    assert at(g, "Balkh", WARLORD_G) + at(g, "Balkh", WARLORD_G_ACTIVE) == 2
    while g.prompt_frame()["kind"] != "op_select":
        play(g, "done")
    play(g, "Cultivate")
    assert labels(g) == ["select Balkh"]                  # Baghlan has Guerrillas but was no destination
    play(g, "select Balkh")
    assert at(g, "Balkh", WARLORD_BASE) == 1


def test_cultivate_needs_pop_a_province_room_an_available_base_and_the_rally_or_march():
    spaces = {"Samangan": {"pieces": {"Warlord Guerrilla": 2}},                            # Pop 0
              "Kabul": {"pieces": {"Warlord Guerrilla": 2}},                               # not a Province
              "Balkh": {"pieces": {"Warlord Guerrilla": 2, "Police": 3}},                  # 3 = 3 after Rally
              "Konduz": {"pieces": {"Warlord Guerrilla": 2, "Warlord Base": 1, "Government Base": 1}},  # full
              "Faryab": {"pieces": {"Warlord Guerrilla": 2, "Police": 1}}}                 # fine
    g = make(spaces, warlords=10)
    play(g, "operation with special activity", "Rally")
    for name in ("Samangan", "Kabul", "Balkh", "Konduz", "Faryab"):
        play(g, f"select {name}")
        while g.prompt_frame()["kind"] != "op_select":
            play(g, labels(g)[0])
    play(g, "Cultivate")
    assert labels(g) == ["select Faryab"]
    # Terror does not take Cultivate (4.5.1), and without an Available Warlord Base nothing is offered.
    g = make({"Faryab": {"pieces": {"Warlord Guerrilla": 2}}})
    play(g, "operation with special activity", "Terror")
    assert "Cultivate" not in labels(g) and "Traffic" not in labels(g) and "Suborn" not in labels(g)
    g = make({"Faryab": {"pieces": {"Warlord Guerrilla": 2}}}, boxes={"Out of Play": {"Warlord Base": 12}})
    play(g, "operation with special activity", "Rally", "select Faryab")
    while g.prompt_frame()["kind"] != "op_select":
        play(g, labels(g)[0])
    assert "Cultivate" not in labels(g)


def test_cultivate_counts_returnees_population():
    """4.5.1 with 1.6.2: a Pop-0 Province with a +1 Pop marker has Pop 1."""
    g = make({"Samangan": {"pieces": {"Warlord Guerrilla": 2}, "returnees": 1}})
    play(g, "operation with special activity", "Rally", "select Samangan")
    while g.prompt_frame()["kind"] != "op_select":
        play(g, labels(g)[0])
    play(g, "Cultivate", "select Samangan")
    assert at(g, "Samangan", WARLORD_BASE) == 1


# ==================================================================================================
# 4.5.2 Traffic
# ==================================================================================================
def test_traffic_coin_control_adds_patronage_and_uncontrolled_only_warlords():
    g = make({"Balkh": {"pieces": {"Warlord Base": 1, "Police": 3}},                  # COIN Control
              "Konduz": {"pieces": {"Warlord Base": 2, "Warlord Guerrilla": 1}},        # uncontrolled
              "Faryab": {"pieces": {"Warlord Base": 1, "Police": 2}}},                  # COIN, Patronage at 40
             patronage=39, taliban=3, warlords=2)
    assert warlords_sa.traffic_gain(g.state, INDEX["Balkh"]) == {"warlords": 1, "taliban": 0, "patronage": 1}
    play(g, "operation with special activity", "Rally", "Traffic")
    assert labels(g) == ["select Balkh", "select Faryab", "select Konduz"]
    play(g, "select Balkh")
    assert (res(g, "warlords"), g.state.patronage) == (3, 40)
    play(g, "select Konduz")
    assert (res(g, "warlords"), res(g, "taliban"), g.state.patronage) == (5, 3, 40)
    play(g, "select Faryab")
    assert (res(g, "warlords"), g.state.patronage) == (6, 40)       # Patronage capped at 40 (1.8)


def test_traffic_accompanies_only_rally_or_march():
    spaces = {"Balkh": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla": 1, "Police": 1}}}
    for op, offered in (("Rally", True), ("March", True), ("Terror", False), ("Attack", False)):
        g = make(spaces)
        play(g, "operation with special activity", op)
        assert ("Traffic" in labels(g)) is offered, op


# ==================================================================================================
# 4.5.3 Suborn
# ==================================================================================================
def test_suborn_up_to_3_spaces_each_paid_when_selected():
    spaces = {name: {"pieces": {"Police": 1}} for name in ("Balkh", "Konduz", "Faryab", "Herat")}
    g = make(spaces, warlords=10)
    play(g, "operation with special activity", "Rally", "Suborn")
    for name in ("Balkh", "Konduz", "Faryab"):
        play(g, f"select {name}", "Police")
    assert labels(g) == ["done"] and res(g, "warlords") == 4
    g = make(spaces, warlords=5)
    play(g, "operation with special activity", "Rally", "Suborn", "select Balkh", "Police",
         "select Konduz", "Police")
    assert res(g, "warlords") == 1 and labels(g) == ["done"]        # 2 per space: no third


def test_suborn_flips_any_factions_guerrillas_underground():
    """4.5.3 / digest A.11: any or all Guerrillas there, Taliban ones included."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla (Active)": 2, "Warlord Guerrilla (Active)": 1,
                                      "Coalition Troops": 1}}})
    play(g, "operation with special activity", "Rally", "Suborn", "select Kandahar")
    assert labels(g) == ["Suborn: remove a Taliban Guerrilla", "Suborn: flip Guerrillas Underground"]
    play(g, "Suborn: flip Guerrillas Underground")
    assert labels(g) == ["Taliban Guerrilla (Active)", "Warlord Guerrilla (Active)"]
    play(g, "Warlord Guerrilla (Active)")
    assert labels(g) == ["Taliban Guerrilla (Active)", "done"]
    play(g, "Taliban Guerrilla (Active)", "done")
    assert at(g, "Kandahar", WARLORD_G) == 1 and at(g, "Kandahar", TALIBAN_G) == 1
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 1 and at(g, "Kandahar", COALITION_TROOPS) == 1


def test_suborn_removes_one_taliban_guerrilla_of_either_state():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Taliban Guerrilla (Active)": 1}}})
    before = avail(g, TALIBAN_G)
    play(g, "operation with special activity", "Rally", "Suborn", "select Kandahar")
    assert labels(g) == ["Suborn: remove a Taliban Guerrilla", "Suborn: flip Guerrillas Underground"]
    play(g, "Suborn: remove a Taliban Guerrilla")
    assert labels(g) == ["Taliban Guerrilla", "Taliban Guerrilla (Active)"]
    play(g, "Taliban Guerrilla")
    assert at(g, "Kandahar", TALIBAN_G) == 1 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 1
    assert avail(g, TALIBAN_G) == before + 1


def test_suborn_only_where_it_does_something():
    g = make({"Balkh": {"pieces": {"Coalition Troops": 3, "Coalition Base": 1, "Warlord Guerrilla": 2}},
              "Waziristan": {"pieces": {"Taliban Guerrilla (Active)": 1}},
              "Konduz": {"pieces": {"Government Base": 1}}}, islamabad="Hostility")
    play(g, "operation with special activity", "Rally", "Suborn")
    assert labels(g) == ["select Konduz", "select Waziristan"]
    play(g, "select Waziristan")                  # Hostility: Taliban in Pakistan cannot go Underground
    assert at(g, "Waziristan", TALIBAN_G_ACTIVE) == 0   # the only choice: remove the Guerrilla
    assert not warlords_sa.suborn_ok(g, INDEX["Balkh"])
    assert warlords_sa.suborn_options(g.state, INDEX["Konduz"]) == ["suborn_base"]


def test_suborn_needs_two_warlord_resources_unless_free():
    g = make({"Balkh": {"pieces": {"Police": 1}}}, warlords=1)
    play(g, "operation with special activity", "Rally")
    assert "Suborn" not in labels(g)
    assert warlords_sa.suborn_cost(g) == 2


def test_suborn_accompanies_any_operation():
    g = make({"Balkh": {"pieces": {"Police": 1, "Warlord Guerrilla": 2}}})
    play(g, "operation with special activity", "Attack")
    assert "Suborn" in labels(g) and "Traffic" not in labels(g) and "Cultivate" not in labels(g)
