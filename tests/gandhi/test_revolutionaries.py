"""Revolutionaries Operations (3.4) and Special Activities (4.5): rulebook examples and rule tests."""

import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import datapack
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA,
                                               ML_ACTIVIST, REV_BASE, SEPOY, TROOP)
from coin_env.games.gandhi.static import AVAILABLE, INDEX, OUT_OF_PLAY

cards = datapack.default().cards      # the built-in card facts: what a game made without a data pack plays with

NEUTRAL, PASSIVE_SUPPORT, ACTIVE_SUPPORT = "Neutral", "Passive Support", "Active Support"
ALLAHABAD_CALCUTTA = "Allahabad-Calcutta Railway"    # the 5-Econ Railway
NAGPUR_CALCUTTA = "Nagpur-Calcutta Railway"


def first_card(first, second=None):
    return next(c for c in range(1, 73) if cards.faction_order(c)[0] == first
                and (second is None or cards.faction_order(c)[1] == second))


def revs_game(spaces, restraint=3, unity=3, revs=10, seed=0, eligible=None, card=None, boxes=None):
    """Revolutionaries are the only Eligible faction: they act first on the card."""
    card = card or first_card("revs")
    deck = [card] + [c for c in range(1, 40) if c != card] + [73]
    pos = {"restraint": restraint, "unity": unity, "resources": {"raj": 20, "revs": revs},
           "eligible": eligible or {"raj": False, "congress": False, "ml": False, "revs": True},
           "spaces": spaces, "deck": deck}
    if boxes is not None:
        pos["boxes"] = boxes
    return coin_env.make_game("gandhi", position=pos, seed=seed, debug=True)


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def support(g, space):
    return int(g.state.support[INDEX[space]])


def scripted(builder, dice):
    """A game from ``builder(0)`` whose next dice are ``dice`` (game.script_dice)."""
    g = builder(0)
    g.script_dice(dice)
    return g


def all_dice_used(g):
    return g.scripted_dice() == []


# ==================================================================================================
# Rulebook examples
# ==================================================================================================
def test_12_1_3_unrest_on_the_5_econ_railway_places_a_strike():
    """1.12 / 3.4.4: Unrest on a Railway adds a Strike, not Unrest; Guerrilla Activated; cost Restraint;
    Restraint -1 afterwards."""
    g = revs_game({ALLAHABAD_CALCUTTA: {"pieces": {"Guerrilla": 1}}}, restraint=3, revs=5)
    play(g, "operation only", "Unrest", f"select {ALLAHABAD_CALCUTTA}", "done")
    sp = INDEX[ALLAHABAD_CALCUTTA]
    assert g.state.strike[sp] == 1 and g.state.unrest[sp] == 0
    assert at(g, ALLAHABAD_CALCUTTA, ACTIVE_GUERRILLA) == 1 and at(g, ALLAHABAD_CALCUTTA, GUERRILLA) == 0
    assert g.state.resources["revs"] == 2
    assert g.state.restraint == 2


def test_12_2_7_assassinate_brings_crisis_and_unrest_may_then_take_activist_spaces():
    """3.1.5 / 4.5.3 / 3.4.4: Restraint 1, Unity 2; Unrest, then Assassinate of a Congress Activist
    makes Unity 1 (Crisis), so Unrest may continue into a space with both NV Activists."""
    g = revs_game({
        "Bombay Presidency": {"protest": 1, "pieces": {"Guerrilla": 1, "Congress Activist": 1}},
        "Bihar": {"pieces": {"Congress Activist": 1, "ML Activist": 1}},
    }, restraint=1, unity=2, revs=5)
    play(g, "operation with special activity", "Unrest", "select Bombay Presidency")
    assert "select Bihar" not in labels(g)
    play(g, "Assassinate", "select Bombay Presidency", "Congress Activist", "done")
    assert g.state.unity == 1
    assert at(g, "Bombay Presidency", CONGRESS_ACTIVIST) == 0
    play(g, "select Bihar", "done")
    assert g.state.unrest[INDEX["Bihar"]] == 1
    assert g.state.resources["revs"] == 3
    assert g.state.restraint == 1      # never below 1


def test_12_5_24_rally_replaces_unity_guerrillas_with_a_base_in_the_last_base_space():
    """3.4.1 / 1.4.2: Unity 2; pay 1; Punjab's 2 Guerrillas become a Rev Base (last room there)."""
    g = revs_game({"Punjab": {"pieces": {"Guerrilla": 2, "ML Base": 1}}}, unity=2, revs=5)
    play(g, "operation only", "Rally", "select Punjab", "Rally: replace Guerrillas with a Rev Base", "done")
    assert at(g, "Punjab", REV_BASE) == 1
    assert at(g, "Punjab", GUERRILLA) + at(g, "Punjab", ACTIVE_GUERRILLA) == 0
    assert g.state.resources["revs"] == 4


def test_12_5_25_march_from_orissa():
    """3.4.2: one origin, 1 Resource; no activation where there is no Support; activation in Bihar
    (Support, moving + cubes > 3); an Underground Guerrilla rides the Railways into United Provinces
    (Support, moving + cubes = 3) and stays Underground."""
    g = revs_game({
        "Orissa": {"pieces": {"Guerrilla": 4}},
        "Central Provinces": {"support": NEUTRAL, "pieces": {"Sepoy": 3}},
        "Bihar": {"support": PASSIVE_SUPPORT, "pieces": {"Sepoy": 3}},
        "United Provinces": {"support": PASSIVE_SUPPORT, "pieces": {"Sepoy": 2}},
    }, revs=5)
    play(g, "operation only", "March", "select Orissa")
    play(g, "select Central Provinces", "2")
    assert at(g, "Central Provinces", GUERRILLA) == 2
    play(g, "select Bihar", "1")
    assert at(g, "Bihar", ACTIVE_GUERRILLA) == 1
    play(g, "select United Provinces")           # last Guerrilla: moves at once
    play(g, "done")
    assert at(g, "United Provinces", GUERRILLA) == 1
    assert at(g, "Orissa", GUERRILLA) == 0
    assert g.state.resources["revs"] == 4


def attack_example(seed):
    return revs_game({
        "East Bengal": {"pieces": {"Guerrilla": 3, "Sepoy": 2}},
        "Bihar": {"protest": 1, "pieces": {"Guerrilla": 2, "Sepoy": 3, "Troop": 1}},
    }, revs=5, seed=seed)


def test_12_5_26_attack_east_bengal_and_bihar():
    """3.4.3: all Guerrillas Activate (East Bengal loses Raj Control); roll 2 <= 3 removes both cubes
    and adds Unrest (no Control). Bihar: roll 1 removes 2 Sepoys; Protest => Unrest."""
    g = scripted(attack_example, [2, 1])            # the example's rolls
    eb = INDEX["East Bengal"]
    from coin_env.games.gandhi import board
    assert board.raj_control(g.state, eb)
    play(g, "operation only", "Attack", "select East Bengal")
    assert not board.raj_control(g.state, eb)
    assert at(g, "East Bengal", ACTIVE_GUERRILLA) == 3
    play(g, "Sepoy", "Sepoy")
    assert at(g, "East Bengal", SEPOY) == 0 and g.state.unrest[eb] == 1
    play(g, "select Bihar")
    assert "Troop" not in labels(g)               # Sepoys before Troops
    play(g, "Sepoy", "Sepoy", "done")
    assert at(g, "Bihar", SEPOY) == 1 and at(g, "Bihar", TROOP) == 1
    assert all_dice_used(g)
    assert g.state.unrest[INDEX["Bihar"]] == 1    # Protest
    assert g.state.resources["revs"] == 3


def test_12_5_27_unrest_in_crisis():
    """3.4.4 in Crisis: Bombay Presidency (Underground Guerrilla) and Bombay (Congress + ML Activists,
    no Guerrilla) each cost 1, gain Unrest and shift toward Neutral; Restraint stays 1."""
    g = revs_game({
        "Bombay Presidency": {"support": ACTIVE_SUPPORT, "pieces": {"Guerrilla": 1}},
        "Bombay": {"support": PASSIVE_SUPPORT, "pieces": {"Congress Activist": 1, "ML Activist": 1}},
    }, restraint=1, unity=1, revs=5)
    play(g, "operation only", "Unrest", "select Bombay Presidency", "select Bombay", "done")
    assert at(g, "Bombay Presidency", ACTIVE_GUERRILLA) == 1
    assert g.state.unrest[INDEX["Bombay Presidency"]] == 1 and g.state.unrest[INDEX["Bombay"]] == 1
    assert support(g, "Bombay Presidency") == 1 and support(g, "Bombay") == 0
    assert g.state.resources["revs"] == 3 and g.state.restraint == 1


def test_12_5_28_aid():
    """4.5.1: United Provinces: Activate one Guerrilla, +2 Resources (Pop 2). Bihar: pay 1, three
    Active Guerrillas go Underground."""
    g = revs_game({
        "United Provinces": {"pieces": {"Guerrilla": 1}},
        "Bihar": {"pieces": {"Active Guerrilla": 3}},
        "Sind": {"pieces": {}},
    }, revs=5)
    play(g, "operation with special activity", "Rally", "Aid", "select United Provinces")
    assert at(g, "United Provinces", ACTIVE_GUERRILLA) == 1 and g.state.resources["revs"] == 7
    play(g, "select Bihar", "done")
    assert at(g, "Bihar", GUERRILLA) == 3 and at(g, "Bihar", ACTIVE_GUERRILLA) == 0
    assert g.state.resources["revs"] == 6
    play(g, "select Sind", "done")
    assert g.state.resources["revs"] == 5


def test_12_5_29_infiltrate_in_crisis_without_room_replaces_the_ml_activist():
    """4.5.2: Crisis, Sind (Pop 1) already holds a Base => no Rev Base; replace the ML Activist."""
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 1, "ML Base": 1, "ML Activist": 1}},
                   "Punjab": {}}, restraint=1, unity=1, revs=5)
    avail_ml = int(g.state.pieces[AVAILABLE, ML_ACTIVIST])
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Sind")
    assert at(g, "Sind", ML_ACTIVIST) == 0 and at(g, "Sind", GUERRILLA) == 2
    assert int(g.state.pieces[AVAILABLE, ML_ACTIVIST]) == avail_ml + 1
    assert at(g, "Sind", REV_BASE) == 0


def test_12_5_30_assassinate_removes_a_troop_even_with_sepoys_there():
    """4.5.3: a space selected for Unrest; the Troop may go although Sepoys remain; Unity unchanged."""
    g = revs_game({"United Provinces": {"pieces": {"Guerrilla": 1, "Troop": 1, "Sepoy": 2}}}, revs=5)
    play(g, "operation with special activity", "Unrest", "select United Provinces", "Assassinate",
         "select United Provinces")
    assert {"Troop", "Sepoy", "Active Guerrilla"} & set(labels(g)) == {"Troop", "Sepoy"}
    play(g, "Troop", "done", "done")
    assert at(g, "United Provinces", TROOP) == 0 and at(g, "United Provinces", SEPOY) == 2
    assert g.state.unity == 3


# ==================================================================================================
# Rally (3.4.1)
# ==================================================================================================
def test_rally_needs_no_support_or_a_rev_base_and_places_one_plus_bases():
    g = revs_game({
        "Bihar": {"support": PASSIVE_SUPPORT, "pieces": {}},
        "Punjab": {"support": ACTIVE_SUPPORT, "pieces": {"Rev Base": 2}},
        "Sind": {"support": "Passive Opposition"},
    }, revs=5, unity=3)
    play(g, "operation only", "Rally")
    legal = labels(g)
    assert "select Bihar" not in legal and "select Punjab" in legal and "select Sind" in legal
    assert not any(lab.startswith("select ") and "Railway" in lab for lab in legal)
    play(g, "select Punjab", "select Sind", "done")
    assert at(g, "Punjab", GUERRILLA) == 3 and at(g, "Sind", GUERRILLA) == 1
    assert g.state.resources["revs"] == 3


def test_rally_costs_one_per_space_and_is_not_offered_without_resources():
    g = revs_game({"Sind": {}}, revs=1)
    play(g, "operation only", "Rally", "select Sind")
    assert labels(g) == ["done"]                 # nothing else affordable
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 1}}, ALLAHABAD_CALCUTTA: {"pieces": {"Guerrilla": 1}}}, revs=0)
    play(g, "operation only")                    # March is possible from the Railway (free)
    assert "Rally" not in labels(g) and "Attack" not in labels(g) and "March" in labels(g)


def test_rally_base_needs_unity_guerrillas_and_room():
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 2}},            # Unity 3: too few Guerrillas
                   "Punjab": {"pieces": {"Guerrilla": 3, "ML Base": 2}}}, unity=3, revs=5)   # no room
    play(g, "operation only", "Rally", "select Sind")
    assert "Rally: replace Guerrillas with a Rev Base" not in labels(g)
    assert at(g, "Sind", GUERRILLA) == 3
    play(g, "select Punjab")
    assert at(g, "Punjab", GUERRILLA) == 4 and at(g, "Punjab", REV_BASE) == 0


def test_rally_base_asks_which_guerrillas_when_mixed():
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 2, "Active Guerrilla": 1}}}, unity=2, revs=5)
    play(g, "operation only", "Rally", "select Sind", "Rally: replace Guerrillas with a Rev Base")
    assert labels(g) == ["0", "1"]
    play(g, "1", "done")
    assert at(g, "Sind", GUERRILLA) == 1 and at(g, "Sind", ACTIVE_GUERRILLA) == 0 and at(g, "Sind", REV_BASE) == 1


def test_rally_may_then_move_one_guerrilla_out_of_play_to_available():
    g = revs_game({"Sind": {}}, revs=5, boxes={"Available": {"Guerrilla": 10, "Rev Base": 5, "Troop": 15,
                                                             "Sepoy": 45, "Congress Activist": 16, "Gandhi": 1,
                                                             "ML Activist": 16, "ML Base": 5},
                                               "Out of Play": {"Guerrilla": 6}, "Jail": {}})
    g2 = revs_game({"Sind": {}}, revs=5)
    play(g2, "operation only", "Rally", "select Sind", "done")
    assert g2.state.turn is None or "Guerrilla" not in labels(g2)
    play(g, "operation only", "Rally", "select Sind", "done")
    assert labels(g) == ["Guerrilla", "done"]
    play(g, "Guerrilla")
    assert g.state.pieces[OUT_OF_PLAY, GUERRILLA] == 5 and g.state.pieces[AVAILABLE, GUERRILLA] == 10


# ==================================================================================================
# March (3.4.2)
# ==================================================================================================
def test_march_railway_origins_are_free_and_land_origins_cost_one():
    g = revs_game({ALLAHABAD_CALCUTTA: {"pieces": {"Guerrilla": 1}},
                   "Sind": {"pieces": {"Guerrilla": 1}}}, revs=0)
    play(g, "operation only", "March")
    legal = labels(g)
    assert f"select {ALLAHABAD_CALCUTTA}" in legal and "select Sind" not in legal
    play(g, f"select {ALLAHABAD_CALCUTTA}", "select Bihar", "done")
    assert g.state.resources["revs"] == 0 and at(g, "Bihar", GUERRILLA) == 1
    g = revs_game({ALLAHABAD_CALCUTTA: {"pieces": {"Guerrilla": 1}},
                   "Sind": {"pieces": {"Guerrilla": 1}}}, revs=3)
    play(g, "operation only", "March", f"select {ALLAHABAD_CALCUTTA}", "select Bihar")
    assert g.state.resources["revs"] == 3
    play(g, "select Sind", "select Punjab", "done")
    assert g.state.resources["revs"] == 2


def test_march_only_underground_guerrillas_use_the_railway_chain():
    g = revs_game({"Orissa": {"pieces": {"Active Guerrilla": 1}}}, revs=5)
    play(g, "operation only", "March", "select Orissa")
    assert "select United Provinces" not in labels(g)      # not adjacent; chain needs Underground
    assert "select Bihar" in labels(g)
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 1}}}, revs=5)
    play(g, "operation only", "March", "select Orissa")
    assert {"select United Provinces", "select Calcutta", f"select {ALLAHABAD_CALCUTTA}"} <= set(labels(g))


def test_march_activation_threshold_on_railway_counts_all_moving_guerrillas():
    """3.4.2: Railway destination, moving Guerrillas + cubes > 3 activates the moving ones (only);
    Guerrillas arriving later in the same March count with the earlier ones."""
    g = revs_game({
        NAGPUR_CALCUTTA: {"pieces": {"Sepoy": 2, "Guerrilla": 1}},
        "Orissa": {"pieces": {"Guerrilla": 1}},
        "Bihar": {"pieces": {"Guerrilla": 1}},
    }, revs=5)
    play(g, "operation only", "March", "select Orissa", f"select {NAGPUR_CALCUTTA}")
    assert at(g, NAGPUR_CALCUTTA, GUERRILLA) == 2      # 1 moving + 2 cubes = 3: no activation
    play(g, "select Bihar", f"select {NAGPUR_CALCUTTA}")
    # 2 moving + 2 cubes = 4 > 3: both moving Guerrillas Active, the one already there stays Underground.
    assert at(g, NAGPUR_CALCUTTA, ACTIVE_GUERRILLA) == 2 and at(g, NAGPUR_CALCUTTA, GUERRILLA) == 1


def test_march_no_activation_at_neutral_or_opposition_even_with_many_cubes():
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 2}},
                   "Bihar": {"support": "Active Opposition", "pieces": {"Sepoy": 5}}}, revs=5)
    play(g, "operation only", "March", "select Orissa", "select Bihar", "2", "done")
    assert at(g, "Bihar", GUERRILLA) == 2


def test_march_activation_at_support_when_exceeding_three():
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 2}},
                   "Bihar": {"support": ACTIVE_SUPPORT, "pieces": {"Sepoy": 2}}}, revs=5)
    play(g, "operation only", "March", "select Orissa", "select Bihar", "2", "done")
    assert at(g, "Bihar", ACTIVE_GUERRILLA) == 2


def test_march_guerrillas_move_once():
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 1}},
                   "Bihar": {"pieces": {"Guerrilla": 1}}}, revs=5)
    play(g, "operation only", "March", "select Orissa", "select Bihar")
    # Bihar now holds 2 Guerrillas, one already moved: only one may leave.
    play(g, "select Bihar", "select West Bengal")
    assert at(g, "Bihar", GUERRILLA) == 1 and at(g, "West Bengal", GUERRILLA) == 1
    assert "select West Bengal" not in labels(g)       # nothing unmoved there


def test_limited_march_has_one_origin_but_several_destinations():
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 2}}, "Sind": {"pieces": {"Guerrilla": 1}}},
                  revs=5, card=first_card("raj", "revs"),
                  eligible={"raj": True, "congress": False, "ml": False, "revs": True})
    play(g, "operation only", "Deploy", "select Delhi")
    while g.current_player() == "raj":
        legal = labels(g)
        play(g, "done" if "done" in legal else legal[0])
    play(g, "limited operation", "March", "select Orissa", "select Bihar", "1", "select West Bengal")
    assert labels(g) == ["done"]
    play(g, "done")
    assert at(g, "Bihar", GUERRILLA) == 1 and at(g, "West Bengal", GUERRILLA) == 1
    assert at(g, "Sind", GUERRILLA) == 1


def test_march_survives_a_save_in_the_middle():
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 3}}}, revs=5)
    play(g, "operation only", "March", "select Orissa", "select Bihar", "1")
    g2 = coin_env.load_game(g.to_json(), debug=True)
    assert labels(g2) == labels(g)
    play(g2, "select Bihar", "2", "done")
    assert at(g2, "Bihar", GUERRILLA) == 3


# ==================================================================================================
# Attack (3.4.3)
# ==================================================================================================
def test_attack_failure_activates_and_pays_but_removes_nothing():
    g = scripted(lambda s: revs_game({"Bihar": {"pieces": {"Guerrilla": 1, "Sepoy": 1}}}, revs=5, seed=s),
                 [2])                                   # 2 > 1 Guerrilla: fails
    play(g, "operation only", "Attack", "select Bihar")
    assert all_dice_used(g)
    assert at(g, "Bihar", ACTIVE_GUERRILLA) == 1 and at(g, "Bihar", SEPOY) == 1
    assert g.state.unrest[INDEX["Bihar"]] == 0 and g.state.resources["revs"] == 4


def test_attack_success_keeps_control_no_unrest_and_never_gandhi():
    g = scripted(lambda s: revs_game({"Bihar": {"pieces": {"Guerrilla": 1, "Sepoy": 4, "Gandhi": 1}}},
                                     revs=5, seed=s),
                 [1])
    play(g, "operation only", "Attack", "select Bihar")
    assert "Gandhi" not in labels(g)
    play(g, "Sepoy", "Sepoy")
    # 2 cubes do not exceed the Active Guerrilla + Gandhi: no Raj Control => Unrest.
    assert g.state.unrest[INDEX["Bihar"]] == 1 and at(g, "Bihar", GANDHI) == 1
    g = scripted(lambda s: revs_game({"Bihar": {"pieces": {"Guerrilla": 1, "Sepoy": 4}}}, revs=5, seed=s),
                 [1])
    play(g, "operation only", "Attack", "select Bihar", "Sepoy", "Sepoy")
    assert at(g, "Bihar", SEPOY) == 2 and g.state.unrest[INDEX["Bihar"]] == 0   # Raj Control remains


def test_attack_with_no_adversaries_still_places_unrest_on_success():
    g = scripted(lambda s: revs_game({"Sind": {"pieces": {"Guerrilla": 2}}}, revs=5, seed=s),
                 [2])                                   # 2 <= 2 Guerrillas: succeeds
    play(g, "operation only", "Attack", "select Sind")
    assert all_dice_used(g)
    assert g.state.unrest[INDEX["Sind"]] == 1


def test_attack_not_on_railways_and_costs_one():
    g = revs_game({ALLAHABAD_CALCUTTA: {"pieces": {"Guerrilla": 2}}, "Sind": {"pieces": {"Guerrilla": 1}}},
                  revs=1)
    play(g, "operation only", "Attack")
    assert f"select {ALLAHABAD_CALCUTTA}" not in labels(g) and "select Sind" in labels(g)


@pytest.mark.parametrize("roll", range(1, 7))
def test_attack_succeeds_exactly_when_roll_at_most_guerrillas(roll):
    g = revs_game({"Bihar": {"pieces": {"Guerrilla": 3, "Sepoy": 1}}}, revs=5)
    g.script_dice([roll])
    play(g, "operation only", "Attack", "select Bihar")
    assert all_dice_used(g)
    if roll <= 3:
        assert labels(g) == ["Sepoy", "done"]
    else:
        assert at(g, "Bihar", SEPOY) == 1 and g.state.unrest[INDEX["Bihar"]] == 0
    assert g.state.turn["flags"]["attack_rolls"] == [[INDEX["Bihar"], roll]]


# ==================================================================================================
# Unrest (3.4.4)
# ==================================================================================================
def test_unrest_costs_restraint_per_space_and_lowers_restraint_once():
    g = revs_game({"Sind": {"support": "Active Opposition", "pieces": {"Guerrilla": 2}},
                   "Bihar": {"support": ACTIVE_SUPPORT, "pieces": {"Guerrilla": 1}},
                   "Punjab": {"pieces": {"Guerrilla": 1}}}, restraint=3, revs=7)
    play(g, "operation only", "Unrest", "select Sind", "select Bihar")
    assert "select Punjab" not in labels(g)         # 1 Resource left < Restraint 3
    play(g, "done")
    assert g.state.resources["revs"] == 1 and g.state.restraint == 2
    assert support(g, "Sind") == -1 and support(g, "Bihar") == 1
    assert at(g, "Sind", GUERRILLA) == 1 and at(g, "Sind", ACTIVE_GUERRILLA) == 1


def test_unrest_not_offered_when_restraint_unaffordable():
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 1}}}, restraint=3, revs=2)
    play(g, "operation only")
    assert "Unrest" not in labels(g)


def test_unrest_activist_spaces_only_in_crisis():
    spaces = {"Sind": {"pieces": {"Guerrilla": 1}},
              "Bihar": {"pieces": {"Congress Activist": 1, "ML Activist": 1}}}
    g = revs_game(spaces, restraint=1, unity=2, revs=5)
    play(g, "operation only", "Unrest")
    assert "select Bihar" not in labels(g) and "select Sind" in labels(g)
    g = revs_game(spaces, restraint=1, unity=1, revs=5)
    play(g, "operation only", "Unrest")
    assert "select Bihar" in labels(g)


def test_unrest_needs_an_underground_guerrilla():
    g = revs_game({"Sind": {"pieces": {"Active Guerrilla": 2}}, "Punjab": {"pieces": {"Guerrilla": 1}}}, revs=9)
    play(g, "operation only", "Unrest")
    assert "select Sind" not in labels(g)


def test_unrest_on_a_railway_with_a_strike_adds_nothing_more():
    g = revs_game({ALLAHABAD_CALCUTTA: {"strike": 1, "pieces": {"Guerrilla": 1}}}, restraint=2, revs=5)
    play(g, "operation only", "Unrest", f"select {ALLAHABAD_CALCUTTA}", "done")
    assert g.state.strike[INDEX[ALLAHABAD_CALCUTTA]] == 1
    assert int(g.state.unrest.sum() + g.state.strike.sum()) == 1
    assert g.state.resources["revs"] == 3


# ==================================================================================================
# Special Activities (4.5)
# ==================================================================================================
def test_aid_offers_both_choices_when_both_possible():
    g = revs_game({"Bihar": {"pieces": {"Guerrilla": 1, "Active Guerrilla": 1}}, "Sind": {}}, revs=5)
    play(g, "operation with special activity", "Rally", "Aid", "select Bihar")
    assert set(labels(g)) == {"Aid: Activate a Guerrilla for Resources", "Aid: go Underground"}
    play(g, "Aid: go Underground")
    assert at(g, "Bihar", GUERRILLA) == 2 and g.state.resources["revs"] == 4


def test_aid_going_underground_needs_a_resource():
    g = revs_game({ALLAHABAD_CALCUTTA: {"pieces": {"Guerrilla": 1}},
                   "Bihar": {"pieces": {"Active Guerrilla": 2}}}, revs=0)
    play(g, "operation with special activity", "March", "Aid")
    assert "select Bihar" not in labels(g) and f"select {ALLAHABAD_CALCUTTA}" in labels(g)


def test_aid_before_unrest_never_strands_the_operation():
    """ENGINE property 1: Aid first may not Activate the only Guerrilla Unrest could use."""
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 1}}}, restraint=2, revs=2)
    play(g, "operation with special activity", "Unrest")
    assert "Aid" not in labels(g)
    play(g, "select Sind")
    assert "Aid" not in labels(g)                   # Sind's Guerrilla is now Active


def test_infiltrate_crisis_rev_base_only_in_crisis_state_or_province_without_control():
    spaces = {"Bihar": {"pieces": {"Guerrilla": 1}}, "Sind": {}}
    g = revs_game(spaces, restraint=1, unity=1, revs=5)
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Bihar")
    assert at(g, "Bihar", REV_BASE) == 1          # the only option: done at once
    g = revs_game(spaces, restraint=2, unity=1, revs=5)
    play(g, "operation with special activity", "Rally")
    assert "Infiltrate" not in labels(g)          # nothing to replace and no Crisis
    g = revs_game({"Bihar": {"pieces": {"Guerrilla": 1, "Sepoy": 3}}, "Sind": {}},
                  restraint=1, unity=1, revs=5)      # Raj Control: no Base, replace the Sepoy
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Bihar")
    assert at(g, "Bihar", SEPOY) == 2 and at(g, "Bihar", GUERRILLA) == 2 and at(g, "Bihar", REV_BASE) == 0


def test_infiltrate_may_replace_a_protest_or_an_inactive_activist():
    g = revs_game({"Bihar": {"protest": 1, "pieces": {"Guerrilla": 1}},
                   "Sind": {"pieces": {"Guerrilla": 1, "Congress Activist": 1}}}, revs=5)
    play(g, "operation with special activity", "Rally", "Infiltrate")
    assert {"select Bihar", "select Sind"} <= set(labels(g))
    play(g, "select Bihar")
    assert g.state.protest[INDEX["Bihar"]] == 0 and at(g, "Bihar", GUERRILLA) == 2


def test_infiltrate_without_available_guerrilla_removes_without_replacing():
    """1.4.1: a replacement not Available is ignored; the piece is removed."""
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 16, "Sepoy": 1}}, "Punjab": {}}, revs=5)
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Sind")
    assert at(g, "Sind", SEPOY) == 0 and at(g, "Sind", GUERRILLA) == 16


def test_assassinate_only_with_unrest_only_in_unrest_spaces_and_unity_drop_for_nv():
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 1, "Troop": 1}}}, revs=5)
    play(g, "operation with special activity", "Rally")
    assert "Assassinate" not in labels(g)
    g = revs_game({"Sind": {"pieces": {"Guerrilla": 1, "Troop": 1}},
                   "Bihar": {"pieces": {"Guerrilla": 1, "Troop": 1}},
                   "Punjab": {"protest": 1, "pieces": {"Guerrilla": 1, "ML Activist": 1, "Gandhi": 1}}},
                  revs=9, restraint=2, unity=4)
    play(g, "operation with special activity", "Unrest")
    assert "Assassinate" not in labels(g)           # no Unrest space yet
    play(g, "select Punjab", "Assassinate")
    assert labels(g) == ["select Punjab"]
    play(g, "select Punjab")
    assert "Gandhi" not in labels(g) and "ML Activist" in labels(g)
    play(g, "ML Activist", "done")
    assert g.state.unity == 3 and at(g, "Punjab", ML_ACTIVIST) == 0


def test_random_play_with_revolutionaries_rules_never_dead_ends():
    """Random-play safety net: no Revolutionaries decision ever dead-ends or violates invariants."""
    import random
    for seed in range(4):
        for sc in ("short", "main"):
            g = coin_env.make_game("gandhi", scenario=sc, seed=seed, debug=True)
            rng = random.Random(seed)
            n = 0
            while not g.is_over() and n < 3000:
                g.apply(rng.choice(g.legal_actions()))
                n += 1


def test_aid_during_march_activates_a_guerrilla_that_already_moved():
    """3.1.2 with 4.1: after Aid mid-March, Bihar's own (unmoved) Guerrilla stays Underground and may
    still ride the Railways (Calcutta is not adjacent to Bihar)."""
    g = revs_game({"Orissa": {"pieces": {"Guerrilla": 1}}, "Bihar": {"pieces": {"Guerrilla": 1}}}, revs=5)
    play(g, "operation with special activity", "March", "select Orissa", "select Bihar",
         "Aid", "select Bihar", "done")
    assert at(g, "Bihar", ACTIVE_GUERRILLA) == 1 and g.state.resources["revs"] == 6
    play(g, "select Bihar")
    assert "select Calcutta" in labels(g)
    play(g, "select Calcutta", "done")
    assert at(g, "Calcutta", GUERRILLA) == 1 and at(g, "Bihar", ACTIVE_GUERRILLA) == 1
