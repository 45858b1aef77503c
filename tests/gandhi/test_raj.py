"""Raj Operations (3.2) and Special Activities (4.2), with the Viceroy capabilities (2.5.1).

One test per rulebook example (digest 12.1 #1, 12.3 #8-#13), then one per rule that would fail
if the rule were implemented wrongly. Positions list only what the example needs; everything
else is Available.
"""

from __future__ import annotations

import json

import pytest

import coin_env
from coin_env import IllegalActionError, labels, play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST,
                                               SEPOY, TROOP)
from coin_env.games.gandhi.rules import raj
from coin_env.games.gandhi.static import AVAILABLE, INDEX, JAIL, OUT_OF_PLAY


def raj_game(spaces, restraint=3, unity=3, resources=20, viceroy=None, boxes=None):
    pos = {"restraint": restraint, "unity": unity, "resources": {"raj": resources, "revs": 5},
           "eligible": {"raj": True, "congress": False, "ml": False, "revs": False}, "spaces": spaces}
    if viceroy:
        pos["viceroy"] = viceroy
    if boxes is not None:
        pos["boxes"] = boxes
    return coin_env.make_game("gandhi", position=pos, debug=True)


def n(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def res(g):
    return g.state.resources["raj"]


def support(g, space):
    return int(g.state.support[INDEX[space]])


def control(g, space):
    return board.raj_control(g.state, INDEX[space])


def selectable(g):
    return {lab[len("select "):] for lab in labels(g) if lab.startswith("select ")}


# =====================================================================================================
# Rulebook examples
# =====================================================================================================
def test_12_1_1_raj_control_1_7():
    """1.7 example: Activists are Active only with the Protest; removing it gives Raj Control."""
    g = raj_game({"East Bengal": {"protest": 1, "pieces": {"Troop": 2, "Sepoy": 2, "Congress Activist": 5}}})
    assert not control(g, "East Bengal")            # 4 cubes do not exceed 5 Active Activists
    board.remove_protest(g.state, INDEX["East Bengal"])
    assert control(g, "East Bengal")                # the Activists are Inactive now: 4 > 0


def test_12_3_8_garrison_example_3_2_2():
    """Restraint 2: Raj pays 2 once to move 2 Troops from West Bengal and 3 Sepoys from Rajputana
    along Railways into Raj-Controlled spaces; Bihar's Sepoys sit in a Protest space and cannot
    move; the Active Activist on the Central India Agency - Central Provinces Railway stops cubes."""
    g = raj_game({
        "West Bengal": {"pieces": {"Troop": 2}},
        "Rajputana": {"pieces": {"Sepoy": 3}},
        "Bihar": {"protest": 1, "pieces": {"Sepoy": 2}},
        "Bombay-Allahabad Railway": {"pieces": {"Congress Activist": 1}},
        "Punjab": {"pieces": {"Troop": 1}},
        "United Provinces": {"pieces": {"Sepoy": 1}},
    }, restraint=2, resources=10)
    play(g, "operation only", "Garrison")
    dests = selectable(g)
    assert {"Punjab", "United Provinces", "Bombay-Allahabad Railway"} <= dests
    # Punjab: West Bengal's Troops go via Calcutta / Allahabad / Delhi and step into Raj-Controlled Punjab.
    play(g, "select Punjab")
    assert "select Bihar" not in labels(g)          # Protest: Bihar's Sepoys may not leave
    play(g, "select West Bengal", "2", "done")
    assert res(g) == 10                            # Troops only so far: free
    play(g, "select United Provinces", "select Rajputana", "3", "done")
    assert res(g) == 8                             # Restraint 2, paid once
    assert n(g, "Punjab", TROOP) == 3 and n(g, "United Provinces", SEPOY) == 4
    assert n(g, "Rajputana", SEPOY) == 0 and n(g, "Bihar", SEPOY) == 2
    play(g, "done")


def test_12_3_8_garrison_active_activist_railway_is_a_stop():
    """3.2.2 example, the Railway with the Active Activist: cubes may end there but not pass on.
    Central Provinces' other Railways are blocked the same way, so it is out of reach of Bombay's
    Troops while the Railway itself is not."""
    spaces = {
        "Bombay": {"pieces": {"Troop": 2}},
        "Bombay-Allahabad Railway": {"pieces": {"Congress Activist": 1}},
        "Bombay-Nagpur Railway": {"pieces": {"ML Activist": 1}},
        "Nagpur-Calcutta Railway": {"pieces": {"Active Guerrilla": 1}},
        "Central Provinces": {"pieces": {"Troop": 1}},
    }
    g = raj_game(spaces)
    play(g, "operation only", "Garrison")
    dests = selectable(g)
    assert "Bombay-Allahabad Railway" in dests
    assert "Central Provinces" not in dests
    # Without the Activists the Railway network carries the Troops on into Central Provinces.
    del spaces["Bombay-Allahabad Railway"]
    g = raj_game(spaces)
    play(g, "operation only", "Garrison")
    assert "Central Provinces" in selectable(g)


def _madras_sweep():
    return raj_game({
        "Madras Presidency": {"pieces": {"Sepoy": 1, "Guerrilla": 2}},
        "Madras": {"pieces": {"Troop": 1}},
    }, restraint=4, resources=10)


def test_12_3_9_sweep_in_place_3_2_3():
    """Restraint 4: a Troop moves into Madras Presidency and Raj pays 4 to use the Sepoy there:
    both Guerrillas flip Active and Raj Control is lost."""
    g = _madras_sweep()
    assert control(g, "Madras Presidency")
    play(g, "operation only", "Sweep", "select Madras Presidency", "Raj: use Sepoys (pay)",
         "select Madras", "1", "done")
    assert res(g) == 6
    assert n(g, "Madras Presidency", ACTIVE_GUERRILLA) == 2 and n(g, "Madras Presidency", GUERRILLA) == 0
    assert not control(g, "Madras Presidency")     # 2 cubes vs 2 Active Guerrillas


def test_12_3_9_sweep_variant_unpaid_sepoy_3_2_3():
    """Variant: Raj does not pay for the Sepoy: only the moving Troop Activates a Guerrilla, at no
    cost, and Raj keeps Control."""
    g = _madras_sweep()
    play(g, "operation only", "Sweep", "select Madras Presidency", "Raj: Troops only",
         "select Madras", "1", "done")
    assert res(g) == 10
    assert n(g, "Madras Presidency", ACTIVE_GUERRILLA) == 1 and n(g, "Madras Presidency", GUERRILLA) == 1
    assert control(g, "Madras Presidency")


def test_12_3_10_assault_chelmsford_arrests_gandhi_3_2_4():
    """Restraint 3, Lord Chelmsford: Assault in Bihar costs 1; with a Troop, 4 cubes remove 4
    pieces: the 3 Active Activists and Gandhi (forced: cubes >= Active Activists + Gandhi) go to
    Jail. At the end of the Raj turn Restraint 3 -> 2, then Congress places 2 Protests."""
    g = raj_game({"Bihar": {"protest": 1, "pieces": {"Troop": 1, "Sepoy": 3, "Gandhi": 1,
                                                     "Congress Activist": 2, "ML Activist": 1}}},
                 restraint=3, resources=10, viceroy="Lord Chelmsford")
    play(g, "operation only", "Assault", "select Bihar", "Raj: use Sepoys (pay)")
    assert res(g) == 9
    play(g, "Congress Activist", "ML Activist")
    assert "done" not in labels(g)                # NV targeted: 1.4.4 forces the rest
    play(g, "Congress Activist")
    assert labels(g) == ["Gandhi"]                # Gandhi forced (4 cubes >= 3 Activists + Gandhi)
    play(g, "Gandhi")
    s = g.state
    assert s.pieces[JAIL, CONGRESS_ACTIVIST] == 2 and s.pieces[JAIL, ML_ACTIVIST] == 1 and s.pieces[JAIL, GANDHI] == 1
    assert s.restraint == 3
    play(g, "done")                                # Assault done: the Raj turn ends
    assert s.restraint == 2
    assert g.current_player() == "congress"
    assert board.protests_available_for_ops(s) == 3
    play(g, "select United Provinces", "select Madras")
    assert labels(g) == ["done"]
    play(g, "done")
    assert s.protest[INDEX["United Provinces"]] == 1 and s.protest[INDEX["Madras"]] == 1


def test_12_3_11_treaty_4_2_1():
    """Treaty in West Bengal (a Muslim State): 3 Sepoys move in from adjacent spaces, the Troop in
    East Bengal may not; in Orissa the 2 Sepoys remove the Active Guerrilla (Available) and arrest
    the Active Activist (Jail)."""
    g = raj_game({
        "West Bengal": {"muslim_state": 1},
        "Calcutta": {"pieces": {"Sepoy": 2}},
        "East Bengal": {"pieces": {"Sepoy": 1, "Troop": 1}},
        "Orissa": {"protest": 1, "pieces": {"Sepoy": 2, "Active Guerrilla": 1, "Congress Activist": 1}},
    })
    play(g, "operation with special activity", "Deploy", "Treaty")
    assert {"West Bengal", "Orissa"} <= selectable(g)
    play(g, "select West Bengal", "select Calcutta", "2", "select East Bengal")
    assert labels(g) == ["1"]                      # Sepoys only: the Troop may not enter a State
    play(g, "1", "done")
    assert n(g, "West Bengal", SEPOY) == 3 and n(g, "East Bengal", TROOP) == 1
    play(g, "select Orissa", "Active Guerrilla", "Congress Activist")
    assert n(g, "Orissa", ACTIVE_GUERRILLA) == 0 and g.state.pieces[AVAILABLE, GUERRILLA] == 16
    assert g.state.pieces[JAIL, CONGRESS_ACTIVIST] == 1
    play(g, "done", "select Delhi", "Troop", "done", "done")


def test_12_3_12_govern_4_2_2():
    """Govern: Imperialism in Bombay Presidency (no Active adversaries) at 3 per level, up to 2;
    the Active Guerrilla in Hyderabad may be removed; the Strike on the Railway may be removed;
    at most two of these spaces."""
    spaces = {
        "Bombay Presidency": {"pieces": {"Troop": 1}},
        "Hyderabad": {"pieces": {"Sepoy": 1, "Active Guerrilla": 1}},
        "Bombay-Raichur Railway": {"strike": 1, "pieces": {"Troop": 1}},
    }
    g = raj_game(spaces, resources=10)
    play(g, "operation with special activity", "Deploy", "Govern")
    assert {"Bombay Presidency", "Hyderabad", "Bombay-Raichur Railway"} <= selectable(g)
    play(g, "select Bombay Presidency")
    assert labels(g) == ["1", "2"]                 # one or two levels
    play(g, "2")
    assert support(g, "Bombay Presidency") == 2 and res(g) == 4
    play(g, "select Hyderabad", "Active Guerrilla")
    assert n(g, "Hyderabad", ACTIVE_GUERRILLA) == 0
    assert labels(g) == ["done"]                   # two spaces: the Railway can no longer be selected
    play(g, "done")

    g = raj_game(spaces, resources=10)
    play(g, "operation with special activity", "Deploy", "Govern", "select Bombay-Raichur Railway")
    assert g.state.strike[INDEX["Bombay-Raichur Railway"]] == 0


def _punjab_martial_law(viceroy=None):
    g = raj_game({"Punjab": {"support": "Passive Support",
                             "pieces": {"Troop": 2, "Sepoy": 2, "Congress Activist": 3, "ML Activist": 2,
                                        "Active Guerrilla": 1}}}, viceroy=viceroy)
    play(g, "operation with special activity", "Deploy", "Martial Law", "select Punjab")
    assert set(labels(g)) == {"Congress Activist", "ML Activist", "done"}   # Inactive ones too; no Guerrilla
    play(g, "ML Activist", "ML Activist", "Congress Activist", "Congress Activist")
    return g


def test_12_3_13_martial_law_4_2_3():
    """Punjab, 4 cubes: remove any 4 Activists (Inactive ones too) to Available; the Active
    Guerrilla is untouched; one Unrest; Punjab shifts to Neutral."""
    g = _punjab_martial_law()
    assert n(g, "Punjab", CONGRESS_ACTIVIST) == 1 and n(g, "Punjab", ML_ACTIVIST) == 0
    assert g.state.pieces[AVAILABLE, ML_ACTIVIST] == 16 and g.state.pieces[JAIL].sum() == 0
    assert n(g, "Punjab", ACTIVE_GUERRILLA) == 1
    assert g.state.unrest[INDEX["Punjab"]] == 1 and support(g, "Punjab") == 0
    assert labels(g) == ["done"]                    # one space only outside Crisis


# =====================================================================================================
# Rules and capabilities
# =====================================================================================================
def test_martial_law_linlithgow_adds_no_unrest_4_2_3():
    g = _punjab_martial_law("Lord Linlithgow")
    assert g.state.unrest[INDEX["Punjab"]] == 0 and support(g, "Punjab") == 0


def test_martial_law_removes_protest_and_two_spaces_in_crisis_4_2_3():
    spaces = {"Bihar": {"protest": 1, "pieces": {"Sepoy": 1, "Congress Activist": 2}},
              "Delhi": {"pieces": {"Troop": 1, "Congress Activist": 1}}}
    g = raj_game(spaces, restraint=1, unity=1)
    play(g, "operation with special activity", "Deploy", "Martial Law", "select Bihar", "Congress Activist")
    assert g.state.protest[INDEX["Bihar"]] == 0
    assert "select Delhi" in labels(g)              # Crisis: a second space
    play(g, "select Delhi", "Congress Activist")
    assert labels(g) == ["done"]


def test_deploy_costs_and_six_cube_limit_3_2_1():
    g = raj_game({}, restraint=3, resources=10)
    play(g, "operation only", "Deploy", "select Delhi", "Troop", "Troop")
    assert res(g) == 10                             # Troops only: free
    play(g, "Sepoy")
    assert res(g) == 7                              # Restraint per City with Sepoys
    play(g, "Sepoy", "Sepoy", "Sepoy")
    assert labels(g) == ["done"]                    # six cubes placed
    assert res(g) == 7
    play(g, "done", "select Bombay", "Sepoy")
    assert res(g) == 4
    assert n(g, "Delhi", TROOP) == 2 and n(g, "Delhi", SEPOY) == 4


def test_deploy_sepoys_not_offered_when_unaffordable_3_1_5():
    g = raj_game({}, restraint=3, resources=2)
    play(g, "operation only", "Deploy", "select Delhi")
    assert "Sepoy" not in labels(g)


def test_deploy_takes_cubes_from_the_map_when_none_available_3_2_1():
    g = raj_game({"Punjab": {"pieces": {"Troop": 1}}, "Bihar": {"protest": 1, "pieces": {"Troop": 1}},
                  "Delhi": {"pieces": {"Troop": 13}}})      # all 15 Troops on the map
    play(g, "operation only", "Deploy", "select Bombay", "Troop")
    assert selectable(g) == {"Punjab", "Delhi"}     # not Bihar (Protest), not Bombay itself
    play(g, "select Punjab")
    assert n(g, "Bombay", TROOP) == 1 and n(g, "Punjab", TROOP) == 0


def test_deploy_out_of_play_two_cubes_3_2_1():
    g = raj_game({}, boxes={"Out of Play": {"Troop": 5, "Sepoy": 5}})
    play(g, "operation only", "Deploy", "select Delhi", "Troop", "done", "done")
    play(g, "Troop", "Sepoy")
    s = g.state
    assert s.pieces[OUT_OF_PLAY, TROOP] == 4 and s.pieces[OUT_OF_PLAY, SEPOY] == 4
    assert s.pieces[AVAILABLE, TROOP] == 10 and s.pieces[AVAILABLE, SEPOY] == 41


def test_deploy_willingdon_and_reading_2_5_1():
    g = raj_game({}, restraint=4, resources=10, viceroy="Lord Willingdon")
    play(g, "operation only", "Deploy", "select Delhi", "Sepoy", "done", "select Bombay", "Sepoy")
    assert res(g) == 8
    g = raj_game({}, restraint=4, resources=10, viceroy="Lord Reading")
    play(g, "operation only", "Deploy", "select Delhi", "Sepoy", "done", "select Bombay", "Sepoy")
    assert res(g) == 6                              # first City free, then Restraint


def test_garrison_stops_at_active_adversaries_3_2_2():
    spaces = {"Karachi": {"pieces": {"Troop": 1}}, "Sind": {"pieces": {"Troop": 1}},
              "Karachi-Lahore Railway": {"pieces": {"Active Guerrilla": 1}}}
    g = raj_game(spaces)
    play(g, "operation only", "Garrison")
    assert "Karachi-Lahore Railway" in selectable(g)
    assert "Delhi" not in selectable(g)             # beyond the Guerrilla
    del spaces["Karachi-Lahore Railway"]
    g = raj_game(spaces)
    play(g, "operation only", "Garrison")
    assert "Delhi" in selectable(g)


def test_garrison_final_step_only_into_raj_control_3_2_2():
    g = raj_game({"Delhi": {"pieces": {"Troop": 2}}, "Bihar": {"pieces": {"Sepoy": 1}},
                  "Punjab": {"pieces": {"Sepoy": 1, "Active Guerrilla": 1}}})
    play(g, "operation only", "Garrison")
    dests = selectable(g)
    assert "Bihar" in dests                         # Raj-Controlled Province next to a Railway
    assert "Punjab" not in dests                    # not Controlled (1 cube vs 1 Active Guerrilla)
    assert "Rajputana" not in dests                 # a State: never Controlled


def test_garrison_cubes_move_once_3_1_2():
    g = raj_game({"Delhi": {"pieces": {"Troop": 2}}, "Bihar": {"pieces": {"Sepoy": 1}},
                  "United Provinces": {"pieces": {"Troop": 1}}}, resources=0)   # Sepoys cannot move
    play(g, "operation only", "Garrison", "select Bihar", "select Delhi", "2", "done", "select Calcutta")
    assert "select Bihar" not in labels(g)          # the Troops that moved into Bihar may not move again
    assert "select United Provinces" in labels(g)   # cubes that did not move still may


def as_second_eligible_after_op(g):
    """The same position, with Raj now 2nd Eligible after the 1st Eligible did an Operation (2.3.4),
    so it may only do a Limited Operation (2.3.5)."""
    data = json.loads(g.to_json())
    data["state"]["fields"]["sop"] = {"offered": ["congress"], "acted": ["congress"], "first_did": "op",
                                      "done": False}
    return coin_env.load_game(json.dumps(data), debug=True)


def test_limited_garrison_single_destination_2_3_5():
    g = as_second_eligible_after_op(raj_game({"Delhi": {"pieces": {"Troop": 2}}, "Bihar": {"pieces": {"Sepoy": 1}},
                                              "United Provinces": {"pieces": {"Troop": 1}}}))
    assert labels(g) == ["pass", "limited operation"]
    play(g, "limited operation", "Garrison", "select Bihar", "select Delhi", "2", "select United Provinces", "1",
         "done")
    assert labels(g) == ["done"]                     # all moving cubes end in the one destination
    assert n(g, "Bihar", TROOP) == 3


def test_limited_deploy_still_moves_out_of_play_cubes_3_2_1():
    g = as_second_eligible_after_op(raj_game({}, boxes={"Out of Play": {"Troop": 1}}))
    play(g, "limited operation", "Deploy", "select Delhi", "Troop", "done")
    assert labels(g) == ["done"]
    play(g, "done", "Troop")
    assert g.state.pieces[OUT_OF_PLAY, TROOP] == 0


def test_garrison_reading_free_and_sepoys_unaffordable_3_2_2():
    spaces = {"Delhi": {"pieces": {"Sepoy": 2}}, "Bihar": {"pieces": {"Sepoy": 1}}}
    g = raj_game(spaces, restraint=3, resources=10, viceroy="Lord Reading")
    play(g, "operation only", "Garrison", "select Bihar", "select Delhi", "2", "done", "done")
    assert res(g) == 10
    g = raj_game(spaces, restraint=3, resources=2)
    play(g, "operation only")
    assert "Garrison" not in labels(g)              # only Sepoys could move and they cannot be paid for


def test_sweep_troops_never_into_states_and_protest_exit_ban_3_2_3():
    g = raj_game({"Rajputana": {"pieces": {"Guerrilla": 2}},
                  "Delhi": {"pieces": {"Troop": 2, "Sepoy": 1}},
                  "Punjab": {"protest": 1, "pieces": {"Sepoy": 3}}}, resources=10)
    play(g, "operation only", "Sweep", "select Rajputana")
    assert "select Punjab" not in labels(g)         # Protest: its Sepoys may not leave
    play(g, "select Delhi")
    assert labels(g) == ["1"]                       # Sepoys only into a State
    play(g, "1", "done")
    assert n(g, "Delhi", TROOP) == 2 and n(g, "Rajputana", ACTIVE_GUERRILLA) == 1
    assert res(g) == 7


def test_sweep_via_one_clean_railway_only_3_2_3():
    # Bombay -> Bombay-Raichur Railway -> Hyderabad (Bombay is not adjacent to Hyderabad).
    spaces = {"Bombay": {"pieces": {"Troop": 1}}, "Hyderabad": {"pieces": {"Guerrilla": 1}}}
    g = raj_game(spaces)
    play(g, "operation only", "Sweep")
    assert "Hyderabad" not in selectable(g)         # a State: Troops may not go there
    g = raj_game({"Bombay": {"pieces": {"Troop": 1}}, "Madras Presidency": {"pieces": {"Guerrilla": 1}}})
    play(g, "operation only", "Sweep")
    assert "Madras Presidency" not in selectable(g)  # two Railways away
    assert "Bombay Presidency" in selectable(g)
    spaces = {"Bombay": {"pieces": {"Troop": 1}}, "Central Provinces": {"pieces": {"Guerrilla": 1}}}
    g = raj_game(spaces)
    play(g, "operation only", "Sweep")
    assert "Central Provinces" in selectable(g)      # via the Bombay-Nagpur or Bombay-Allahabad Railway
    spaces["Bombay-Nagpur Railway"] = {"strike": 1}
    spaces["Bombay-Allahabad Railway"] = {"pieces": {"Active Guerrilla": 1}}
    g = raj_game(spaces)
    play(g, "operation only", "Sweep")
    assert "Central Provinces" not in selectable(g)  # Strike / Active Guerrilla: no passage
    assert "Bombay-Nagpur Railway" not in selectable(g)   # never a Railway destination


def test_sweep_cubes_used_in_a_destination_stay_3_1_2():
    g = raj_game({"Bihar": {"pieces": {"Troop": 1, "Guerrilla": 1}},
                  "United Provinces": {"pieces": {"Guerrilla": 1}}})
    play(g, "operation only", "Sweep", "select Bihar", "done")
    assert n(g, "Bihar", ACTIVE_GUERRILLA) == 1
    assert "United Provinces" not in selectable(g)  # Bihar's Troop already swept there


def test_sweep_irwin_and_reading_costs_2_5_1():
    spaces = {"Bihar": {"pieces": {"Sepoy": 1, "Guerrilla": 1}}, "Delhi": {"pieces": {"Sepoy": 1, "Guerrilla": 1}}}
    g = raj_game(spaces, restraint=4, resources=10, viceroy="Lord Irwin")
    play(g, "operation only", "Sweep", "select Bihar", "done", "select Delhi", "done")
    assert res(g) == 8
    g = raj_game(spaces, restraint=4, resources=10, viceroy="Lord Reading")
    play(g, "operation only", "Sweep", "select Bihar", "done", "select Delhi", "done")
    assert res(g) == 6


def test_assault_sepoys_only_one_per_two_and_troops_only_free_3_2_4():
    g = raj_game({"Bihar": {"pieces": {"Sepoy": 3, "Active Guerrilla": 3}},
                  "Delhi": {"pieces": {"Troop": 2, "Active Guerrilla": 3}}}, restraint=2, resources=10)
    play(g, "operation only", "Assault", "select Bihar", "Active Guerrilla")
    assert res(g) == 8 and n(g, "Bihar", ACTIVE_GUERRILLA) == 2
    assert "Active Guerrilla" not in labels(g)     # 3 Sepoys: one removal
    play(g, "select Delhi", "Active Guerrilla", "Active Guerrilla")
    assert res(g) == 8 and n(g, "Delhi", ACTIVE_GUERRILLA) == 1


def test_sweep_no_sepoy_question_when_unaffordable_3_1_5():
    g = raj_game({"Madras Presidency": {"pieces": {"Sepoy": 1, "Guerrilla": 2}},
                  "Madras": {"pieces": {"Troop": 1, "Sepoy": 2}}}, restraint=4, resources=3)
    play(g, "operation only", "Sweep", "select Madras Presidency", "select Madras")
    assert labels(g) == ["1"]                        # Troops only: the Sepoys cannot be paid for
    play(g, "1", "done")
    assert n(g, "Madras Presidency", ACTIVE_GUERRILLA) == 1 and res(g) == 3


def test_assault_unaffordable_sepoy_space_not_selectable_3_1_5():
    g = raj_game({"Bihar": {"pieces": {"Sepoy": 3, "Active Guerrilla": 3}},
                  "Delhi": {"pieces": {"Troop": 1}}}, restraint=3, resources=2)
    play(g, "operation only", "Assault")
    assert selectable(g) == {"Delhi"}


def test_assault_bases_last_3_2_4():
    g = raj_game({"Bihar": {"pieces": {"Troop": 3, "Active Guerrilla": 1, "Guerrilla": 1, "Rev Base": 1,
                                       "ML Base": 1, "ML Activist": 1}}})
    play(g, "operation only", "Assault", "select Bihar")
    assert set(labels(g)) == {"Active Guerrilla", "done"}   # Underground Guerrilla keeps the Rev Base;
    play(g, "Active Guerrilla")                               # an Activist (even Inactive) keeps the ML Base
    assert "Rev Base" not in labels(g) and "ML Base" not in labels(g)


def test_assault_reading_first_space_free_2_5_1():
    g = raj_game({"Bihar": {"pieces": {"Sepoy": 2, "Active Guerrilla": 2}},
                  "Delhi": {"pieces": {"Sepoy": 2, "Active Guerrilla": 2}}}, restraint=3, resources=10,
                 viceroy="Lord Reading")
    play(g, "operation only", "Assault", "select Bihar", "Active Guerrilla", "select Delhi", "Active Guerrilla")
    assert res(g) == 7


def test_assault_wavell_free_sweep_into_assault_space_2_5_1():
    g = raj_game({"Bihar": {"pieces": {"Troop": 1, "Guerrilla": 2}},
                  "United Provinces": {"pieces": {"Troop": 1, "Sepoy": 1}},
                  "Delhi": {"pieces": {"Troop": 1, "Active Guerrilla": 1}}}, restraint=3, resources=10,
                 viceroy="Lord Wavell")
    play(g, "operation only", "Assault", "select Bihar", "Assault: Wavell free Sweep into this space first",
         "select United Provinces", "1", "1", "done")
    assert n(g, "Bihar", ACTIVE_GUERRILLA) == 2 and res(g) == 10   # the Sweep is free, Sepoys included
    play(g, "Raj: use Sepoys (pay)", "Active Guerrilla", "Active Guerrilla")
    assert res(g) == 7 and n(g, "Bihar", ACTIVE_GUERRILLA) == 0
    play(g, "select Delhi")
    assert set(labels(g)) == {"Active Guerrilla", "done"}   # Wavell's Sweep: once per Assault


def test_treaty_only_states_and_protest_exit_ban_4_2_1():
    g = raj_game({"Hyderabad": {"pieces": {"Guerrilla": 1}},
                  "Bombay Presidency": {"protest": 1, "pieces": {"Sepoy": 2}},
                  "Mysore": {"pieces": {"Sepoy": 1}},
                  "Bihar": {"pieces": {"Sepoy": 2, "Active Guerrilla": 1}}})
    play(g, "operation with special activity", "Deploy", "Treaty")
    assert "Bihar" not in selectable(g)              # a Province
    play(g, "select Hyderabad")
    assert labels(g) == ["select Mysore"]            # not from the Protest space
    play(g, "select Mysore", "1", "done")
    assert n(g, "Hyderabad", SEPOY) == 1


def test_govern_imperialism_unrest_first_and_muslim_state_4_2_2():
    g = raj_game({"Punjab": {"unrest": 1, "muslim_state": 1, "pieces": {"Sepoy": 1}}}, resources=20)
    play(g, "operation with special activity", "Deploy", "Govern", "select Punjab", "2")
    s = g.state
    assert s.unrest[INDEX["Punjab"]] == 0 and s.muslim_state[INDEX["Punjab"]] == 0
    assert support(g, "Punjab") == 0 and res(g) == 14


def test_govern_mountbatten_imperialism_cost_2_5_1():
    g = raj_game({"Bihar": {"pieces": {"Troop": 1}}}, resources=5, viceroy="Lord Mountbatten")
    assert raj.imperialism_cost(g) == 2
    play(g, "operation with special activity", "Deploy", "Govern", "select Bihar", "2")
    assert support(g, "Bihar") == 2 and res(g) == 1
    assert raj.imperialism_cost(raj_game({})) == 3


def test_govern_marker_only_without_activists_and_imperialism_only_without_active_adversaries_4_2_2():
    g = raj_game({"Bihar": {"protest": 1, "pieces": {"Troop": 1, "Congress Activist": 1}},
                  "Delhi": {"protest": 1, "pieces": {"Troop": 1}}}, resources=20)
    play(g, "operation with special activity", "Deploy", "Govern", "select Bihar")
    assert set(labels(g)) == {"Congress Activist", "done"}   # removal only: Activists there, Active ones
    play(g, "Congress Activist", "select Delhi")
    assert set(labels(g)) == {"Govern: remove a marker", "Govern: Imperialism"}
    play(g, "Govern: remove a marker")
    assert g.state.protest[INDEX["Delhi"]] == 0


def test_gandhi_not_forced_when_cubes_fewer_1_4_4():
    g = raj_game({"Bihar": {"protest": 1, "pieces": {"Troop": 1, "Gandhi": 1, "Congress Activist": 2}}})
    play(g, "operation only", "Assault", "select Bihar", "Congress Activist")
    assert g.state.pieces[JAIL, GANDHI] == 0 and g.state.restraint == 3


def test_raj_ops_survive_json_mid_procedure():
    g = _madras_sweep()
    play(g, "operation only", "Sweep", "select Madras Presidency", "Raj: use Sepoys (pay)", "select Madras")
    g2 = coin_env.load_game(g.to_json(), debug=True)
    play(g2, "1", "done")
    assert n(g2, "Madras Presidency", ACTIVE_GUERRILLA) == 2


def test_illegal_origin_rejected():
    g = raj_game({"Bihar": {"pieces": {"Guerrilla": 1}}, "Delhi": {"pieces": {"Troop": 1}},
                  "United Provinces": {"pieces": {"Troop": 1}}})
    play(g, "operation only", "Sweep", "select Bihar")
    assert "select Delhi" not in labels(g)          # Delhi is not adjacent to Bihar
    with pytest.raises(IllegalActionError):
        play(g, "select Delhi")
