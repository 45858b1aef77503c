"""Government Special Activities (4.3): Govern (4.3.1), Transport (4.3.2), Eradicate (4.3.3).

Worked examples T41, T42, T43 (digest 12) plus one test per rule point: each accompanying-Operation
restriction, Govern's space and choice limits, Transport's path (LoCs, through Kabul, Sabotage stop,
never Pakistan) and payment, Eradicate's conditions and effects. Positions list only what a test
needs; everything else is Available.
"""

from __future__ import annotations

import pytest

import coin_env
from coin_env import labels, play
from coin_env.coin.events import grant_free_action
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.data.pieces import (GOV_TROOPS, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE,
                                                        WARLORD_G)
from coin_env.games.a_distant_plain.rules import government_sa
from coin_env.games.a_distant_plain.static import AVAILABLE, INDEX

SA_LABELS = {"Govern", "Transport", "Eradicate"}


def adp(spaces, aid=10, patronage=5, resources=None, returnees_unused=None, eligible="government"):
    pos = {"resources": resources or {"government": 20, "taliban": 5, "warlords": 3}, "aid": aid,
           "patronage": patronage,
           "eligible": {f: f == eligible for f in ("coalition", "government", "taliban", "warlords")},
           "spaces": spaces}
    if returnees_unused is not None:
        pos["returnees_unused"] = returnees_unused
    return coin_env.make_game("a_distant_plain", position=pos, debug=True)


def n(g, space, piece):
    loc = AVAILABLE if space == "Available" else INDEX[space]
    return int(g.state.pieces[loc, piece])


def sp(name):
    return INDEX[name]


def selectable(g):
    return {lab[len("select "):] for lab in labels(g) if lab.startswith("select ")}


def sas_with(g, op):
    h = g.clone()
    play(h, "operation with special activity", op)
    return {lab for lab in labels(h) if lab in SA_LABELS}


def support(g, name):
    return int(g.state.support[sp(name)])


# All four Government Operations and all three Government SAs are possible here.
ALL_OPS = {
    "Kabul": {"support": "Support", "pieces": {"Government Troops": 4, "Police": 2}},
    "Kandahar": {"pieces": {"Government Troops": 3, "Warlord Base": 1, "Taliban Guerrilla (Active)": 1}},
}


# =====================================================================================================
# 4.1.1 accompanying Operations
# =====================================================================================================
def test_govern_accompanies_train_or_patrol_only_4_3_1():
    g = adp(ALL_OPS)
    for op in ("Train", "Patrol"):
        assert "Govern" in sas_with(g, op), op
    for op in ("Sweep", "Assault"):
        assert "Govern" not in sas_with(g, op), op


def test_eradicate_accompanies_train_patrol_or_assault_only_4_3_3():
    g = adp(ALL_OPS)
    for op in ("Train", "Patrol", "Assault"):
        assert "Eradicate" in sas_with(g, op), op
    assert "Eradicate" not in sas_with(g, "Sweep")


def test_transport_accompanies_any_operation_4_3_2():
    g = adp(ALL_OPS)
    for op in ("Train", "Patrol", "Sweep", "Assault"):
        assert "Transport" in sas_with(g, op), op


# =====================================================================================================
# 4.3.1 Govern
# =====================================================================================================
def start(g, sa, op="Train"):
    play(g, "operation with special activity", op, sa)


def test_T42_govern_for_patronage_stops_at_40_4_3_1():
    """T42: COIN-Controlled Pop-2 Province at Support, no Coalition Base; Aid 10, Patronage 38."""
    g = adp({"Kandahar": {"support": "Support", "pieces": {"Government Troops": 2}}}, aid=10, patronage=38)
    start(g, "Govern")
    play(g, "select Kandahar", "Govern: transfer Aid to Patronage")
    assert g.state.aid == 8 and g.state.patronage == 40
    assert support(g, "Kandahar") == 0


def test_T43_govern_places_plus_one_pop_on_a_zero_pop_province_4_3_1_1_6_2():
    """T43: the Province becomes Pop 1 in all respects; the marker is used up for good."""
    g = adp({"Samangan": {"pieces": {"Police": 1}}}, returnees_unused=6)
    s = g.state
    assert board.pop(s, sp("Samangan")) == 0 and not board.can_have_support(s, sp("Samangan"))
    start(g, "Govern")
    play(g, "select Samangan")                     # +1 Pop is the only useful choice at Pop 0: done at once
    assert s.returnees[sp("Samangan")] == 1 and s.returnees_unused == 5
    assert board.pop(s, sp("Samangan")) == 1 and board.can_have_support(s, sp("Samangan"))
    # Now a Neutral 1-Pop Province: no longer a Govern space (needs Support or 0 Pop).
    assert not government_sa.govern_space_ok(s, sp("Samangan"))
    board.set_support(s, sp("Samangan"), 1)                 # at Support: Govern may select it, but not a second marker
    assert government_sa.govern_modes(g, sp("Samangan")) == ["govern_patronage"]


def test_govern_spaces_need_coin_control_and_support_or_zero_pop_4_3_1():
    g = adp({
        "Kabul": {"support": "Support", "pieces": {"Police": 1}},                        # yes
        "Kandahar": {"pieces": {"Government Troops": 3}},                                 # Neutral, Pop 2: no
        "Balkh": {"support": "Support", "pieces": {"Police": 1, "Warlord Guerrilla": 1}},   # no COIN Control
        "Samangan": {"pieces": {"Government Troops": 1}},                                 # Pop 0: yes
        "Sar-e-Pol": {"pieces": {"Warlord Guerrilla": 1}},                                # Pop 0, no Control
        "LoC Kabul-Aibak": {"pieces": {"Police": 2}},                                     # a LoC: no
    })
    start(g, "Govern")
    assert selectable(g) == {"Kabul", "Samangan"}


def test_govern_choice_between_plus_one_pop_and_patronage_4_3_1():
    g = adp({"Kabul": {"support": "Support", "pieces": {"Police": 1}}}, aid=10, patronage=5)
    start(g, "Govern")
    play(g, "select Kabul")
    assert labels(g) == ["Govern: place a +1 Pop marker", "Govern: transfer Aid to Patronage"]
    play(g, "Govern: place a +1 Pop marker")
    assert g.state.returnees[sp("Kabul")] == 1 and board.pop(g.state, sp("Kabul")) == 4
    assert support(g, "Kabul") == 1 and g.state.aid == 10 and g.state.patronage == 5


def test_govern_for_patronage_transfers_the_population_4_3_1():
    g = adp({"Kabul": {"support": "Support", "returnees": 1, "pieces": {"Police": 1}}}, aid=10, patronage=5)
    start(g, "Govern")
    play(g, "select Kabul")                          # Kabul already has its +1 marker: Patronage only
    assert g.state.aid == 6 and g.state.patronage == 9     # Pop 3 + 1
    assert support(g, "Kabul") == 0


def test_govern_for_patronage_limited_by_aid_A10():
    g = adp({"Kandahar": {"support": "Support", "pieces": {"Police": 1}}}, aid=1, patronage=5, returnees_unused=0)
    start(g, "Govern")
    play(g, "select Kandahar")
    assert g.state.aid == 0 and g.state.patronage == 6 and support(g, "Kandahar") == 0


def test_govern_for_patronage_not_where_a_coalition_base_is_4_3_1():
    g = adp({"Kandahar": {"support": "Support", "pieces": {"Police": 1, "Coalition Base": 1}}}, aid=10)
    start(g, "Govern")
    play(g, "select Kandahar")                       # only the +1 Pop marker is possible
    assert g.state.returnees[sp("Kandahar")] == 1 and g.state.aid == 10 and support(g, "Kandahar") == 1
    g = adp({"Kandahar": {"support": "Support", "pieces": {"Police": 1, "Coalition Base": 1}}}, returnees_unused=0)
    play(g, "operation with special activity", "Train")
    assert "Govern" not in labels(g)                 # nothing left to do there: no Govern space at all


def test_govern_plus_one_pop_markers_run_out_4_3_1():
    g = adp({"Samangan": {"pieces": {"Police": 1}}, "Kabul": {"support": "Support", "pieces": {"Police": 1}}},
            returnees_unused=0)
    start(g, "Govern")
    assert selectable(g) == {"Kabul"}               # a 0-Pop space has nothing to Govern without markers
    play(g, "select Kabul")
    assert g.state.returnees[sp("Kabul")] == 0 and g.state.patronage == 8


def test_govern_one_or_two_spaces_4_3_1():
    g = adp({name: {"pieces": {"Police": 1}} for name in ("Samangan", "Sar-e-Pol", "Zabol")})
    start(g, "Govern")
    play(g, "select Samangan", "select Sar-e-Pol")
    assert labels(g) == ["done"]
    assert g.state.returnees_unused == 4


# =====================================================================================================
# 4.3.2 Transport
# =====================================================================================================
def test_transport_along_locs_and_through_kabul_4_3_2():
    g = adp({"Baghlan": {"pieces": {"Government Troops": 5}}})
    start(g, "Transport")
    play(g, "select Baghlan", "4", "select LoC Kabul-Aibak")
    assert "select Kabul" in labels(g)
    assert "select LoC Kandahar-Kabul" not in labels(g)          # LoCs meeting at Kabul are not adjacent (A.9)
    assert "select LoC Shibirghan-Aibak" in labels(g)            # LoCs meeting at a Town are
    play(g, "select Kabul")
    assert {"LoC Kandahar-Kabul", "LoC Kabul-Tor Kham", "Bamian"} <= selectable(g)
    play(g, "select LoC Kandahar-Kabul", "select Kandahar")       # entering a Province ends the move
    assert n(g, "Kandahar", GOV_TROOPS) == 4 and n(g, "Baghlan", GOV_TROOPS) == 1
    assert labels(g) == ["done"]                                  # Transport has 1 space only


def test_transport_stops_at_sabotage_4_3_2():
    g = adp({"Kabul": {"pieces": {"Government Troops": 3}}, "LoC Kandahar-Kabul": {"sabotage": 1}})
    start(g, "Transport")
    play(g, "select Kabul", "3", "select LoC Kandahar-Kabul")      # the move ends there
    assert n(g, "LoC Kandahar-Kabul", GOV_TROOPS) == 3
    assert g.prompt().startswith("Government Transport: select a space") and labels(g) == ["done"]


def test_transport_may_leave_a_sabotaged_loc_4_3_2():
    g = adp({"LoC Kandahar-Kabul": {"sabotage": 1, "pieces": {"Government Troops": 2}}})
    start(g, "Transport")
    play(g, "select LoC Kandahar-Kabul", "2")
    assert {"Kabul", "Kandahar", "LoC Farah-Kandahar"} <= selectable(g)


def test_transport_straight_into_an_adjacent_space_4_3_2():
    g = adp({"Kandahar": {"pieces": {"Government Troops": 2}}})
    start(g, "Transport")
    play(g, "select Kandahar", "2")
    assert "done" not in labels(g)                                  # the Troops must go somewhere
    play(g, "select Zabol")
    assert n(g, "Zabol", GOV_TROOPS) == 2


def test_transport_kabul_entered_from_a_province_is_the_destination_4_3_2():
    g = adp({"Bamian": {"pieces": {"Government Troops": 2}}})
    start(g, "Transport")
    play(g, "select Bamian", "1", "select Kabul")
    assert n(g, "Kabul", GOV_TROOPS) == 1 and n(g, "Bamian", GOV_TROOPS) == 1
    assert labels(g) == ["done"]


def test_transport_may_stop_on_a_loc_4_3_2():
    g = adp({"Kabul": {"pieces": {"Government Troops": 2}}})
    start(g, "Transport")
    play(g, "select Kabul", "2", "select LoC Kabul-Tor Kham", "done")
    assert n(g, "LoC Kabul-Tor Kham", GOV_TROOPS) == 2


def test_transport_never_into_pakistan_1_4_2():
    g = adp({"LoC Kandahar-Spin Boldak": {"pieces": {"Government Troops": 2}}})
    start(g, "Transport")
    play(g, "select LoC Kandahar-Spin Boldak", "2")
    assert "Waziristan" not in selectable(g)
    assert {"Kandahar", "Zabol", "LoC Farah-Kandahar"} <= selectable(g)


def test_transport_pays_the_warlords_per_space_entered_with_guerrillas_4_3_2():
    g = adp({"Baghlan": {"pieces": {"Government Troops": 3, "Taliban Guerrilla": 2}},     # the origin: not entered
             "LoC Kabul-Aibak": {"pieces": {"Taliban Guerrilla": 1}},                      # entered: 1
             "Kabul": {"pieces": {"Police": 2}},                                           # no Guerrillas
             "LoC Kandahar-Kabul": {"pieces": {"Warlord Guerrilla (Active)": 1}},          # entered: 1
             "Kandahar": {"pieces": {"Warlord Guerrilla": 1}}},                            # entered: 1
            resources={"government": 20, "taliban": 5, "warlords": 3})
    start(g, "Transport")
    play(g, "select Baghlan", "3", "select LoC Kabul-Aibak", "select Kabul", "select LoC Kandahar-Kabul",
         "select Kandahar")
    assert g.state.resources["government"] == 17 and g.state.resources["warlords"] == 6


def test_transport_payment_only_what_the_government_has_4_3_2():
    g = adp({"Baghlan": {"pieces": {"Government Troops": 1}},
             "LoC Kabul-Aibak": {"pieces": {"Taliban Guerrilla": 1}},
             "Kabul": {"pieces": {"Warlord Guerrilla": 1, "Police": 1}},
             "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla": 1}},
             "Kandahar": {"pieces": {"Taliban Guerrilla": 1}}},
            resources={"government": 3, "taliban": 5, "warlords": 3})
    play(g, "operation with special activity", "Sweep", "Transport")
    play(g, "select Baghlan", "1", "select LoC Kabul-Aibak", "select Kabul", "select LoC Kandahar-Kabul",
         "select Kandahar")                            # 4 owed, 3 paid
    assert g.state.resources["government"] == 0 and g.state.resources["warlords"] == 6


def test_free_transport_pays_nothing_3_1_2():
    """3.1.2 / 5.5: a free Special Activity costs no Resources (the free Suborn example)."""
    g = adp({"Kabul": {"pieces": {"Government Troops": 1}},
             "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla": 1}}})
    grant_free_action(g, "government", [g.sa_action("transport")], optional=False)
    g._legal = None                                    # a frame was pushed outside apply()
    play(g, "Transport", "select Kabul", "1", "select LoC Kandahar-Kabul", "done")
    assert n(g, "LoC Kandahar-Kabul", GOV_TROOPS) == 1
    assert g.state.resources["government"] == 20 and g.state.resources["warlords"] == 3


def test_transport_from_one_space_only_4_3_2():
    g = adp({"Kabul": {"pieces": {"Government Troops": 2}}, "Kandahar": {"pieces": {"Government Troops": 2}}})
    play(g, "operation with special activity", "Sweep", "Transport", "select Kabul", "2", "select Bamian")
    assert labels(g) == ["done"]                       # no second Transport space
    play(g, "done")
    assert g.prompt().startswith("Government Sweep: select a space")
    assert "Transport" not in labels(g)


def test_transport_of_all_thirty_government_troops_4_3_2():
    """Any number of Troops may move: the count goes up to all 30 Government Troops."""
    g = adp({"Kabul": {"pieces": {"Government Troops": 30}}})
    start(g, "Transport")
    play(g, "select Kabul")
    assert labels(g)[0] == "1" and labels(g)[-1] == "30"
    play(g, "29", "select Bamian")
    assert n(g, "Bamian", GOV_TROOPS) == 29 and n(g, "Kabul", GOV_TROOPS) == 1


def test_transport_routes_helper_finds_the_cheapest_path():
    g = adp({"Baghlan": {"pieces": {"Government Troops": 1}},
             "LoC Kabul-Aibak": {"pieces": {"Taliban Guerrilla": 1}}})
    routes = government_sa.transport_routes(g.state, sp("Baghlan"))
    cost, path = routes[sp("Kandahar")]
    assert cost == 1 and path[0] == sp("LoC Kabul-Aibak") and path[-1] == sp("Kandahar")
    assert sp("Waziristan") not in routes and sp("Baghlan") not in routes
    assert routes[sp("Kabul")] == (0, [sp("Kabul")])


# =====================================================================================================
# 4.3.3 Eradicate
# =====================================================================================================
def test_T41_eradicate_in_a_pashtun_province_4_3_3():
    """T41: COIN-Controlled Pashtun Province at Neutral with Government cubes and a Warlord Base."""
    g = adp({"Kandahar": {"pieces": {"Government Troops": 3, "Warlord Base": 1}}}, aid=10, patronage=5)
    start(g, "Eradicate")
    play(g, "select Kandahar")
    s = g.state
    assert s.aid == 13 and s.patronage == 6
    assert n(g, "Kandahar", WARLORD_BASE) == 0
    assert support(g, "Kandahar") == -1
    assert n(g, "Kandahar", TALIBAN_G) == 1 and n(g, "Kandahar", TALIBAN_G_ACTIVE) == 0    # Underground


def test_eradicate_regardless_of_warlord_guerrillas_non_pashtun_4_3_3():
    g = adp({"Balkh": {"support": "Support",
                       "pieces": {"Police": 4, "Warlord Base": 2, "Warlord Guerrilla": 1}}})
    start(g, "Eradicate")
    play(g, "select Balkh")
    assert n(g, "Balkh", WARLORD_BASE) == 1 and n(g, "Balkh", WARLORD_G) == 1
    assert support(g, "Balkh") == 0                                   # Support -> Neutral
    assert board.guerrillas(g.state, sp("Balkh"), "taliban") == 0     # not Pashtun


def test_eradicate_space_conditions_4_3_3():
    g = adp({
        "Kabul": {"pieces": {"Government Troops": 3, "Warlord Base": 1}},                  # not Kabul
        "Kandahar": {"pieces": {"Government Troops": 3, "Warlord Base": 1}},               # yes
        "Helmand": {"pieces": {"Coalition Troops": 3, "Warlord Base": 1}},                 # no Government cubes
        "Zabol": {"pieces": {"Government Troops": 1, "Warlord Base": 1, "Warlord Guerrilla": 1}},   # no Control
        "Ghazni": {"pieces": {"Government Troops": 3, "Taliban Base": 1}},                 # no Warlord Base
    })
    start(g, "Eradicate")
    assert selectable(g) == {"Kandahar"}


def test_eradicate_one_or_two_provinces_4_3_3():
    g = adp({name: {"pieces": {"Police": 3, "Warlord Base": 1}} for name in ("Balkh", "Konduz", "Faryab")})
    start(g, "Eradicate")
    play(g, "select Balkh", "select Konduz")
    assert labels(g) == ["done"]
    assert g.state.aid == 16 and g.state.patronage == 7


def test_eradicate_places_no_guerrilla_when_none_is_available_1_4_1():
    g = adp({"Kandahar": {"pieces": {"Government Troops": 3, "Warlord Base": 1}},
             "Waziristan": {"pieces": {"Taliban Guerrilla": 30}}})
    start(g, "Eradicate")
    play(g, "select Kandahar")
    assert board.guerrillas(g.state, sp("Kandahar"), "taliban") == 0
    assert n(g, "Kandahar", WARLORD_BASE) == 0


def test_eradicate_aid_and_patronage_capped_1_8():
    g = adp({"Balkh": {"pieces": {"Police": 3, "Warlord Base": 1}}}, aid=74, patronage=40)
    start(g, "Eradicate")
    play(g, "select Balkh")
    assert g.state.aid == 75 and g.state.patronage == 40


def test_eradicate_before_assault_then_the_assault_4_1():
    g = adp({"Balkh": {"pieces": {"Government Troops": 4, "Warlord Base": 1, "Taliban Guerrilla (Active)": 1}}})
    play(g, "operation with special activity", "Assault", "Eradicate", "select Balkh", "done")
    assert "select Balkh" in labels(g) and "Eradicate" not in labels(g)
    play(g, "select Balkh", "Taliban Guerrilla (Active)")
    assert board.guerrillas(g.state, sp("Balkh"), "taliban") == 0 and n(g, "Balkh", WARLORD_BASE) == 0


# =====================================================================================================
# Frames are JSON-plain: a save in the middle of a Transport continues identically
# =====================================================================================================
def test_transport_survives_save_and_load_mid_path():
    g = adp({"Baghlan": {"pieces": {"Government Troops": 5}}, "LoC Kabul-Aibak": {"pieces": {"Warlord Guerrilla": 1}}})
    start(g, "Transport")
    play(g, "select Baghlan", "4", "select LoC Kabul-Aibak")
    saved = coin_env.load_game(g.to_json(), debug=True)
    for game in (g, saved):
        play(game, "select Kabul", "select Bamian")
    assert saved.to_json() == g.to_json()
    assert n(saved, "Bamian", GOV_TROOPS) == 4 and saved.state.resources["warlords"] == 4


@pytest.mark.parametrize("name", ["Kabul", "Kandahar", "LoC Kandahar-Kabul", "Samangan"])
def test_every_transport_destination_can_be_reached_by_the_prompts(name):
    """transport_routes (for the bots) and the prompts agree: each cheapest path can be played."""
    g = adp({name: {"pieces": {"Government Troops": 2}}, "LoC Kabul-Aibak": {"sabotage": 1}})
    routes = government_sa.transport_routes(g.state, sp(name))
    assert routes
    for dest, (_cost, path) in routes.items():
        h = g.clone()
        start(h, "Transport")
        play(h, f"select {name}", "2", *[f"select {h.space_names[x]}" for x in path])
        if h.prompt().startswith("Transport of"):
            play(h, "done")
        assert n(h, h.space_names[dest], GOV_TROOPS) >= 2, h.space_names[dest]
