"""Insurgent Operations (3.3): Rally, March, Attack and Terror for the Taliban and the Warlords.

Worked examples of the digest (section 12): T3, T5, T5b, T5c, T6, T33, T34, T35, T36, T37, T38;
then one test per rule point.
"""

import json
import random

import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.a_distant_plain import datapack
from coin_env.games.a_distant_plain.data import cards
from coin_env.games.a_distant_plain.data.pieces import (COALITION_TROOPS, FACTIONS, GOV_TROOPS, POLICE, TALIBAN_BASE,
                                                        TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G,
                                                        WARLORD_G_ACTIVE)
from coin_env.games.a_distant_plain.rules import insurgent_ops as ops
from coin_env.games.a_distant_plain.static import AVAILABLE, CASUALTIES, INDEX

OPP, NEU, SUP = -1, 0, 1


def make(faction, spaces, taliban=10, warlords=10, government=20, islamabad="Backing", options=None,
         boxes=None, seed=0, eligible=None, card=None):
    """``faction`` is the only Eligible faction (unless ``eligible`` names them), so it acts first."""
    eligible = eligible or (faction,)
    pos = {"resources": {"government": government, "taliban": taliban, "warlords": warlords},
           "islamabad": islamabad, "eligible": {f: f in eligible for f in FACTIONS}, "spaces": spaces}
    if card is not None:
        pos["deck"] = [card] + [c for c in range(1, 25) if c != card] + [73]
    if boxes is not None:
        pos["boxes"] = boxes
    return coin_env.make_game("a_distant_plain", position=pos, seed=seed, options=options or {}, debug=True)


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def avail(g, piece):
    return int(g.state.pieces[AVAILABLE, piece])


def support(g, space):
    return int(g.state.support[INDEX[space]])


def res(g, f):
    return g.state.resources[f]


def on_map(g, piece):
    return int(g.state.pieces[:len(INDEX), piece].sum())


# ==================================================================================================
# Worked examples (digest section 12)
# ==================================================================================================
def test_T3_voluntary_removal_lets_a_player_rally_without_available_guerrillas():
    """1.4.1 / 8.1: with no Taliban Guerrilla Available, a Taliban player may take one of its own
    from the map to Available and place it Underground in the Rally space."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 20}},
                         "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 10}}})
    assert avail(g, TALIBAN_G) == 0
    play(g, "operation only", "Rally", "select Oruzgan")
    assert set(labels(g)) == {"Rally: place Guerrillas", "Rally: place or flip nothing"}
    play(g, "Rally: place Guerrillas")
    assert set(labels(g)) == {"select Kandahar", "select Helmand"}          # forced: the player chose to place
    play(g, "select Helmand", "done")
    assert at(g, "Helmand", TALIBAN_G_ACTIVE) == 9
    assert at(g, "Oruzgan", TALIBAN_G) == 1 and at(g, "Oruzgan", TALIBAN_G_ACTIVE) == 0
    assert avail(g, TALIBAN_G) == 0 and res(g, "taliban") == 9


def test_T3_voluntary_removal_takes_from_other_spaces_only():
    """1.4.1 (interpretation): the pieces taken for a placement come from other map spaces."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla (Active)": 5}},
                         "Helmand": {"pieces": {"Taliban Guerrilla": 25}}})
    play(g, "operation only", "Rally", "select Kandahar", "Rally: place Guerrillas")
    assert labels(g) == ["select Helmand"]
    play(g, "select Helmand")
    assert at(g, "Kandahar", TALIBAN_G) == 1 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 5


def test_T3_voluntary_removal_choose_which_state_and_never_by_non_players():
    """1.4.1: from a space with Underground and Active Guerrillas, the player picks which one; 8.1:
    a non-player never takes its own pieces from the map."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 18, "Taliban Guerrilla (Active)": 12}}})
    play(g, "operation only", "Rally", "select Oruzgan", "Rally: place Guerrillas", "select Kandahar")
    assert set(labels(g)) == {"Taliban Guerrilla", "Taliban Guerrilla (Active)"}
    play(g, "Taliban Guerrilla (Active)", "done")
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 11 and at(g, "Oruzgan", TALIBAN_G) == 1

    np = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 30}}}, options={"non_players": ["taliban"]})
    sp = INDEX["Oruzgan"]
    assert ops.placeable(np, "taliban", TALIBAN_G, sp) == 0
    assert ops.rally_options(np, "taliban", sp) == ["nothing"]
    assert ops.rally_options(g, "taliban", sp) == ["place", "nothing"]


def test_T5_taliban_march_into_non_pashtun_space_activates_over_three():
    """3.3.2 example: 2 Underground Taliban Guerrillas Ghazni -> Bamian (not Pashtun) holding 1
    Warlord Guerrilla and 1 Police: 2 + 1 + 1 = 4 > 3, so they flip Active; 1 Resource."""
    g = make("taliban", {"Ghazni": {"pieces": {"Taliban Guerrilla": 2}},
                         "Bamian": {"pieces": {"Warlord Guerrilla": 1, "Police": 1}}})
    play(g, "operation only", "March", "select Bamian", "select Ghazni", "2", "done")
    assert at(g, "Bamian", TALIBAN_G_ACTIVE) == 2 and at(g, "Bamian", TALIBAN_G) == 0
    assert at(g, "Ghazni", TALIBAN_G) == 0
    assert res(g, "taliban") == 9


def test_T5b_taliban_march_stays_underground_at_three():
    """3.3.2: 2 moving + 1 Warlord Guerrilla = 3, not more than 3: the group stays Underground."""
    g = make("taliban", {"Ghazni": {"pieces": {"Taliban Guerrilla": 2}},
                         "Bamian": {"pieces": {"Warlord Guerrilla": 1}}})
    play(g, "operation only", "March", "select Bamian", "select Ghazni", "2", "done")
    assert at(g, "Bamian", TALIBAN_G) == 2 and at(g, "Bamian", TALIBAN_G_ACTIVE) == 0


def test_T5c_warlord_march_into_pashtun_counts_enemy_guerrillas_not_cubes():
    """3.3.2: 3 Warlord Guerrillas into a Pashtun Province with 1 Taliban Guerrilla and 5 Police:
    3 + 1 = 4 > 3 (cubes do not count for the Warlords): Active."""
    g = make("warlords", {"Bamian": {"pieces": {"Warlord Guerrilla": 3}},
                          "Ghazni": {"pieces": {"Taliban Guerrilla": 1, "Police": 5}}})
    play(g, "operation only", "March", "select Ghazni", "select Bamian", "3", "done")
    assert at(g, "Ghazni", WARLORD_G_ACTIVE) == 3 and at(g, "Ghazni", WARLORD_G) == 0
    assert res(g, "warlords") == 9
    # Two Warlord Guerrillas alongside the same 5 Police stay Underground (2 + 1 = 3).
    g = make("warlords", {"Bamian": {"pieces": {"Warlord Guerrilla": 2}},
                          "Ghazni": {"pieces": {"Taliban Guerrilla": 1, "Police": 5}}})
    play(g, "operation only", "March", "select Ghazni", "select Bamian", "2", "done")
    assert at(g, "Ghazni", WARLORD_G) == 2


def test_T6_taliban_rally_at_base_placing_nothing_buys_sharia():
    """3.3.1 note: the Taliban may Rally at a Base, place or flip nothing, and buy Sharia there
    regardless of Control: 1 Resource per Terror removed, then per level toward Opposition."""
    g = make("taliban", {"Kandahar": {"support": "Support", "terror": 1,
                                      "pieces": {"Taliban Base": 1, "Government Troops": 6}}}, taliban=10)
    play(g, "operation only", "Rally", "select Kandahar")
    assert "Rally: place or flip nothing" in labels(g)
    play(g, "Rally: place or flip nothing", "done")
    assert res(g, "taliban") == 9
    assert set(labels(g)) == {"select Kandahar", "done"}
    play(g, "select Kandahar")
    assert labels(g) == ["1", "2", "3"]             # 1 Terror + 2 levels (Support -> Opposition)
    play(g, "3")
    assert g.state.terror[INDEX["Kandahar"]] == 0 and support(g, "Kandahar") == OPP
    assert res(g, "taliban") == 6
    assert at(g, "Kandahar", TALIBAN_G) == 0


def test_T6_place_a_base_then_buy_sharia_at_once():
    """3.3.1 note: the Taliban may place a Base by Rally and buy Sharia in that space."""
    g = make("taliban", {"Helmand": {"pieces": {"Taliban Guerrilla": 3}}}, taliban=3)
    play(g, "operation only", "Rally", "select Helmand", "Rally: replace 2 Guerrillas with a Base", "done")
    assert at(g, "Helmand", TALIBAN_BASE) == 1 and at(g, "Helmand", TALIBAN_G) == 1
    assert labels(g) == ["select Helmand", "done"]
    play(g, "select Helmand")                         # Neutral -> Opposition: 1 step, no count asked
    assert support(g, "Helmand") == OPP and res(g, "taliban") == 1


def test_T33_hostility_bars_taliban_rally_in_pakistan_and_keeps_them_active():
    """6.6.1 Hostility: no Taliban Rally in Pakistan; Taliban Guerrillas there are Active."""
    g = make("taliban", {"Waziristan": {"pieces": {"Taliban Guerrilla": 3, "Taliban Base": 1}}},
             islamabad="Hostility")
    assert at(g, "Waziristan", TALIBAN_G_ACTIVE) == 3 and at(g, "Waziristan", TALIBAN_G) == 0
    play(g, "operation only", "Rally")
    assert "select Waziristan" not in labels(g) and "select Northwest Frontier" not in labels(g)
    assert "select Kandahar" in labels(g)
    for box in ("Hostility", "Pressure"):
        g = make("taliban", {}, islamabad=box)
        assert not ops.rally_space_ok(g, "taliban", INDEX["Balochistan"])
    g = make("taliban", {}, islamabad="Tolerance")
    assert ops.rally_space_ok(g, "taliban", INDEX["Balochistan"])
    assert ops.rally_cost(g, "taliban", INDEX["Balochistan"]) == 1


def test_T34_taliban_march_from_pakistan_costs_nothing_at_backing():
    """6.6.1 Backing: Taliban March to or from Pakistan costs 0 (Waziristan -> Khowst)."""
    g = make("taliban", {"Waziristan": {"pieces": {"Taliban Guerrilla": 2}}}, taliban=0)
    play(g, "operation only", "March", "select Khowst", "select Waziristan", "2", "done")
    assert at(g, "Khowst", TALIBAN_G) == 2 and res(g, "taliban") == 0
    # At Tolerance the same March costs 1 -- and with no Resources it cannot be made.
    g = make("taliban", {"Waziristan": {"pieces": {"Taliban Guerrilla": 2}}}, taliban=0, islamabad="Tolerance")
    assert not ops.march_origins(g, "taliban", INDEX["Khowst"])
    g = make("taliban", {"Waziristan": {"pieces": {"Taliban Guerrilla": 2}}}, taliban=1, islamabad="Tolerance")
    play(g, "operation only", "March", "select Khowst", "select Waziristan", "2", "done")
    assert res(g, "taliban") == 0


def test_T35_attack_roll_of_1_succeeds_and_captures_goods():
    """3.3.3: 3 Taliban Guerrillas, die 1 <= 3: remove up to 2 enemy pieces, then place 1 Available
    Guerrilla (Captured Goods)."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Police": 2, "Government Troops": 1}}})
    g.script_dice([1])
    play(g, "operation only", "Attack", "select Kandahar")
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 3
    play(g, "Police", "Government Troops")
    assert at(g, "Kandahar", POLICE) == 1 and at(g, "Kandahar", GOV_TROOPS) == 0
    assert at(g, "Kandahar", TALIBAN_G) == 1                  # Captured Goods, Underground
    assert res(g, "taliban") == 9
    assert g.state.turn["flags"]["attack_rolls"] == {str(INDEX["Kandahar"]): 1}
    play(g, "done")


def test_attack_roll_of_2_succeeds_without_captured_goods():
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Police": 2}}})
    g.script_dice([2])
    play(g, "operation only", "Attack", "select Kandahar", "Police", "Police")
    assert at(g, "Kandahar", POLICE) == 0 and at(g, "Kandahar", TALIBAN_G) == 0
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 3


def test_T36_failed_attack_still_activates_and_costs():
    """3.3.3: 2 Guerrillas, die 3 > 2: nothing removed; the Guerrillas are Active; 1 Resource spent."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 2}}})
    g.script_dice([3])
    play(g, "operation only", "Attack", "select Kandahar", "done")
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 2 and at(g, "Kandahar", POLICE) == 2
    assert res(g, "taliban") == 9


def test_T37_warlord_terror_sets_neutral():
    """3.3.4: Warlord Terror at Support (Pop 2): Guerrilla Active, Terror marker, Neutral; cost 1."""
    g = make("warlords", {"Balkh": {"support": "Support", "pieces": {"Warlord Guerrilla": 1}}})
    play(g, "operation only", "Terror", "select Balkh", "done")
    assert at(g, "Balkh", WARLORD_G_ACTIVE) == 1 and g.state.terror[INDEX["Balkh"]] == 1
    assert support(g, "Balkh") == NEU and res(g, "warlords") == 9
    g = make("warlords", {"Balkh": {"support": "Opposition", "pieces": {"Warlord Guerrilla": 1}}})
    play(g, "operation only", "Terror", "select Balkh", "done")
    assert support(g, "Balkh") == NEU


def test_T38_taliban_terror_shifts_toward_opposition():
    """3.3.4: Taliban Terror in a Neutral Pop-1 Province: Terror marker and Opposition."""
    g = make("taliban", {"Herat": {"pieces": {"Taliban Guerrilla": 1}}})
    play(g, "operation only", "Terror", "select Herat", "done")
    assert g.state.terror[INDEX["Herat"]] == 1 and support(g, "Herat") == OPP
    assert at(g, "Herat", TALIBAN_G_ACTIVE) == 1 and res(g, "taliban") == 9
    g = make("taliban", {"Herat": {"support": "Support", "pieces": {"Taliban Guerrilla": 1}}})
    play(g, "operation only", "Terror", "select Herat", "done")
    assert support(g, "Herat") == NEU                 # one level only


# ==================================================================================================
# 3.3.1 Rally
# ==================================================================================================
def test_rally_taliban_spaces_neutral_opposition_or_pashtun():
    """3.3.1: the Taliban may Rally only in Neutral, Opposition or Pashtun Provinces / Kabul; never
    on a LoC."""
    g = make("taliban", {"Herat": {"support": "Support"}, "Balkh": {"support": "Opposition"},
                         "Kandahar": {"support": "Support"}, "Kabul": {"support": "Support"}})
    play(g, "operation only", "Rally")
    offered = labels(g)
    assert "select Herat" not in offered                      # non-Pashtun at Support
    assert {"select Balkh", "select Kandahar", "select Kabul", "select Badghis"} <= set(offered)
    assert not any("LoC" in lab for lab in offered)


def test_rally_warlords_anywhere_but_pakistan():
    """3.3.1 / 1.4.2: the Warlords may not Rally in Pakistan; Support does not stop them."""
    g = make("warlords", {"Herat": {"support": "Support"}})
    play(g, "operation only", "Rally")
    offered = labels(g)
    assert "select Herat" in offered
    assert not {"select Waziristan", "select Balochistan", "select Northwest Frontier"} & set(offered)


def test_rally_costs_one_per_space_and_needs_the_resources():
    """3.3.1 / 3.1: 1 Resource per space, checked at selection; none in Pakistan at Backing and
    Sponsorship for the Taliban."""
    g = make("warlords", {}, warlords=1)
    play(g, "operation only", "Rally", "select Herat")
    assert res(g, "warlords") == 0 and at(g, "Herat", WARLORD_G) == 1
    assert labels(g) == ["done"]
    g = make("taliban", {}, taliban=0, islamabad="Sponsorship")
    play(g, "operation only", "Rally")
    assert set(labels(g)) == {"select Balochistan", "select Waziristan", "select Northwest Frontier"}
    play(g, "select Waziristan", "select Balochistan", "done")
    assert at(g, "Waziristan", TALIBAN_G) == 1 and at(g, "Balochistan", TALIBAN_G) == 1 and res(g, "taliban") == 0


def test_rally_places_one_guerrilla_without_a_base():
    """3.3.1: without a Base, a Rally places 1 Underground Guerrilla (no choice when nothing else is
    possible)."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla (Active)": 1}}})
    play(g, "operation only", "Rally", "select Kandahar")
    assert at(g, "Kandahar", TALIBAN_G) == 1 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 1
    assert "Rally: flip Guerrillas Underground" not in labels(g)


def test_rally_replace_two_guerrillas_with_a_base_choosing_active_ones():
    """3.3.1: replace 2 Guerrillas with a Base; with both states present the player says how many of
    the 2 are Active."""
    g = make("warlords", {"Herat": {"pieces": {"Warlord Guerrilla": 2, "Warlord Guerrilla (Active)": 2}}})
    play(g, "operation only", "Rally", "select Herat")
    assert set(labels(g)) == {"Rally: place Guerrillas", "Rally: replace 2 Guerrillas with a Base"}
    play(g, "Rally: replace 2 Guerrillas with a Base")
    assert labels(g) == ["0", "1", "2"]
    play(g, "2")
    assert at(g, "Herat", WARLORD_BASE) == 1 and at(g, "Herat", WARLORD_G) == 2
    assert at(g, "Herat", WARLORD_G_ACTIVE) == 0
    # With a single Underground Guerrilla, at least 1 of the 2 replaced is Active.
    g = make("warlords", {"Herat": {"pieces": {"Warlord Guerrilla": 1, "Warlord Guerrilla (Active)": 3}}})
    play(g, "operation only", "Rally", "select Herat", "Rally: replace 2 Guerrillas with a Base")
    assert labels(g) == ["1", "2"]
    play(g, "1")
    assert at(g, "Herat", WARLORD_G) == 0 and at(g, "Herat", WARLORD_G_ACTIVE) == 2


def test_rally_base_needs_room_and_a_base():
    """1.4.2: no third Base in a space; 1.4.1: no Base to place (and none on the map) -> not offered."""
    g = make("taliban", {"Helmand": {"pieces": {"Taliban Guerrilla": 2, "Government Base": 2}}})
    assert "base" not in ops.rally_options(g, "taliban", INDEX["Helmand"])
    g = make("taliban", {"Helmand": {"pieces": {"Taliban Guerrilla": 2}}},
             boxes={"Removed": {"Taliban Base": 12}})        # all 12 Taliban Bases out of the game
    assert g.state.pieces[AVAILABLE, TALIBAN_BASE] == 0
    assert "base" not in ops.rally_options(g, "taliban", INDEX["Helmand"])
    # A player with a Base elsewhere on the map may take it (1.4.1).
    g = make("taliban", {"Helmand": {"pieces": {"Taliban Guerrilla": 2}},
                         "Zabol": {"pieces": {"Taliban Base": 2}}},
             boxes={"Removed": {"Taliban Base": 10}})
    play(g, "operation only", "Rally", "select Helmand", "Rally: replace 2 Guerrillas with a Base")
    assert labels(g) == ["select Zabol"]
    play(g, "select Zabol")
    assert at(g, "Helmand", TALIBAN_BASE) == 1 and at(g, "Zabol", TALIBAN_BASE) == 1
    assert at(g, "Helmand", TALIBAN_G) == 0


def test_rally_at_base_places_up_to_bases_plus_pop():
    """3.3.1: at a Base, place up to (the faction's Bases there + Pop), a +1 Pop marker included."""
    g = make("taliban", {"Kandahar": {"returnees": 1, "pieces": {"Taliban Base": 2}}})
    play(g, "operation only", "Rally", "select Kandahar")
    assert set(labels(g)) == {"Rally: place Guerrillas", "Rally: place or flip nothing"}
    play(g, "Rally: place Guerrillas")
    assert labels(g) == ["1", "2", "3", "4", "5"]        # 2 Bases + Pop 2 + 1
    play(g, "5")
    assert at(g, "Kandahar", TALIBAN_G) == 5


def test_rally_at_base_limited_by_available_guerrillas():
    """1.4.1: only Available pieces are placed (a non-player cannot take any from the map)."""
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Base": 1}}, "Herat": {"pieces": {"Warlord Guerrilla": 13}}},
             options={"non_players": ["warlords"]})
    assert ops.rally_place_max(g, "warlords", INDEX["Balkh"]) == 2
    assert ops.rally_place_max(g, "warlords", INDEX["Herat"]) == 1


def test_rally_at_base_flips_all_guerrillas_underground():
    """3.3.1: at a Base, flip all the faction's Guerrillas there Underground."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Base": 1, "Taliban Guerrilla (Active)": 3,
                                                 "Taliban Guerrilla": 1}}})
    play(g, "operation only", "Rally", "select Kandahar", "Rally: flip Guerrillas Underground")
    assert at(g, "Kandahar", TALIBAN_G) == 4 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 0


def test_rally_warlords_at_a_pashtun_base_get_no_base_options():
    """3.3.1: the Warlords' Base options need a non-Pashtun space: at a Pashtun Base only 1 Guerrilla."""
    g = make("warlords", {"Kandahar": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla (Active)": 1}}})
    assert ops.rally_options(g, "warlords", INDEX["Kandahar"]) == ["place"]
    assert ops.rally_place_max(g, "warlords", INDEX["Kandahar"]) == 1
    play(g, "operation only", "Rally", "select Kandahar")
    assert at(g, "Kandahar", WARLORD_G) == 1 and at(g, "Kandahar", WARLORD_G_ACTIVE) == 1
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla (Active)": 1}}})
    assert ops.rally_options(g, "warlords", INDEX["Balkh"]) == ["place", "flip", "nothing"]
    assert ops.rally_place_max(g, "warlords", INDEX["Balkh"]) == 3


def test_rally_with_nothing_available_places_nothing():
    """1.4.1: a placement is ignored when the piece is not Available (a non-player here)."""
    g = make("warlords", {"Herat": {"pieces": {"Warlord Guerrilla": 15}}}, options={"non_players": ["warlords"]})
    play(g, "operation only", "Rally", "select Balkh")
    assert at(g, "Balkh", WARLORD_G) == 0 and res(g, "warlords") == 9


def test_sharia_only_at_a_taliban_base_rally_space_and_once():
    """3.3.1: Sharia in 1 Rally space with a Taliban Base (not in Rally spaces without one)."""
    g = make("taliban", {"Kandahar": {"terror": 2, "pieces": {"Taliban Base": 1}},
                         "Helmand": {"terror": 1, "pieces": {"Taliban Base": 1}},
                         "Oruzgan": {"terror": 1}}, taliban=10)
    play(g, "operation only", "Rally", "select Kandahar", "Rally: place or flip nothing",
         "select Helmand", "Rally: place or flip nothing", "select Oruzgan", "done")
    assert set(labels(g)) == {"select Kandahar", "select Helmand", "done"}
    play(g, "select Kandahar", "2")
    assert g.state.terror[INDEX["Kandahar"]] == 0 and support(g, "Kandahar") == NEU   # Terror first
    assert g.state.terror[INDEX["Helmand"]] == 1                                       # once only
    assert res(g, "taliban") == 10 - 3 - 2
    assert g.state.turn is None                                                         # no second Sharia


def test_sharia_is_paid_even_in_a_free_rally():
    """3.3.1: a free Rally (3.1.2) costs nothing, but its Sharia still costs 1 Resource per step."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Base": 1}}}, taliban=2)
    play(g, "operation only", "Rally")
    g.state.turn["free"] = True
    play(g, "select Kandahar", "Rally: place or flip nothing", "done", "select Kandahar")
    assert res(g, "taliban") == 1 and support(g, "Kandahar") == OPP


def test_sharia_limited_by_resources():
    g = make("taliban", {"Kandahar": {"support": "Support", "pieces": {"Taliban Base": 1}}}, taliban=2)
    play(g, "operation only", "Rally", "select Kandahar", "Rally: place or flip nothing", "done",
         "select Kandahar")
    assert res(g, "taliban") == 0 and support(g, "Kandahar") == NEU   # 1 left after Rally buys 1 level


def test_warlords_rally_has_no_sharia():
    g = make("warlords", {"Balkh": {"terror": 1, "pieces": {"Warlord Base": 1}}})
    play(g, "operation only", "Rally", "select Balkh", "Rally: place or flip nothing", "done")
    assert g.state.terror[INDEX["Balkh"]] == 1 and g.state.turn is None


# ==================================================================================================
# 3.3.2 March
# ==================================================================================================
def test_march_pays_once_per_province_destination_and_nothing_for_locs():
    """3.3.2: 1 Resource per Province or Kabul moved into, whatever the number of groups; 0 for LoCs;
    the destinations are the Operation's spaces."""
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla": 2}}, "Konduz": {"pieces": {"Warlord Guerrilla": 1}},
                          "Faryab": {"pieces": {"Warlord Guerrilla": 1}}}, warlords=5)
    play(g, "operation only", "March", "select Baghlan", "select Balkh", "1", "select Konduz")
    assert res(g, "warlords") == 4 and at(g, "Baghlan", WARLORD_G) == 2
    play(g, "select LoC Shibirghan-Aibak", "select Faryab")
    assert res(g, "warlords") == 4 and at(g, "LoC Shibirghan-Aibak", WARLORD_G) == 1
    assert g.state.turn["op_spaces"] == [INDEX["Baghlan"], INDEX["LoC Shibirghan-Aibak"]]


def test_march_group_chooses_underground_and_active():
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Taliban Guerrilla (Active)": 2}}})
    play(g, "operation only", "March", "select Helmand", "select Kandahar")
    assert labels(g) == ["0", "1", "2"]
    play(g, "0")
    assert labels(g) == ["1", "2"]           # at least 1 Guerrilla moves
    play(g, "1")
    assert at(g, "Helmand", TALIBAN_G_ACTIVE) == 1 and at(g, "Helmand", TALIBAN_G) == 0
    assert at(g, "Kandahar", TALIBAN_G) == 2


def test_march_each_origin_once_per_destination():
    """3.3.2: Guerrillas from one space to another move as one group."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 3}},
                         "Oruzgan": {"pieces": {"Taliban Guerrilla": 1}}})
    play(g, "operation only", "March", "select Helmand", "select Kandahar", "1")
    assert "select Kandahar" not in labels(g) and "select Oruzgan" in labels(g)


def test_warlords_move_once_and_never_into_pakistan():
    """3.3.2: Warlord Guerrillas move once only; 1.4.2: never into Pakistan."""
    g = make("warlords", {"Kandahar": {"pieces": {"Warlord Guerrilla": 2}}})
    play(g, "operation only", "March")
    assert "select Balochistan" not in labels(g) and "select Waziristan" not in labels(g)
    play(g, "select Helmand", "select Kandahar", "2")
    assert labels(g) == ["done"]          # nothing else can move: Helmand's arrivals moved once


def test_taliban_continue_from_pashtun_destination_paying_again():
    """3.3.2: Taliban Guerrillas that reached a Pashtun destination may March on (paying for the new
    destination); from a non-Pashtun destination they may not."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, taliban=5)
    play(g, "operation only", "March", "select Helmand", "select Kandahar", "2", "select Ghowr",
         "select Helmand", "2")
    assert at(g, "Ghowr", TALIBAN_G) == 2 and res(g, "taliban") == 3
    # Ghowr is Pashtun too; Herat is not: from Herat nothing may go on.
    play(g, "select Herat", "select Ghowr", "2")
    assert at(g, "Herat", TALIBAN_G) == 2 and res(g, "taliban") == 2
    assert "select Badghis" not in labels(g)


def test_taliban_from_non_pashtun_destination_cannot_continue():
    g = make("taliban", {"Balkh": {"pieces": {"Taliban Guerrilla": 1}}}, taliban=5)
    play(g, "operation only", "March", "select Baghlan", "select Balkh")
    assert at(g, "Baghlan", TALIBAN_G) == 1
    assert "select Kabul" not in labels(g) and "select Konduz" not in labels(g)


def card_with(first, second):
    """An Event card on which ``first`` comes before ``second`` (2.3.2)."""
    return next(c for c in range(1, 73)
                if [f for f in datapack.default().cards.faction_order(c) if f in (first, second)] == [first, second])


def test_limited_march_has_one_destination_but_several_origins():
    """2.3.5: a Limited March may bring groups from several spaces into its one destination."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 1}},
                         "Oruzgan": {"pieces": {"Taliban Guerrilla": 1}}}, islamabad="Tolerance",
             eligible=("warlords", "taliban"), card=card_with("warlords", "taliban"))
    play(g, "operation only", "Rally", "select Herat", "done")
    play(g, "limited operation", "March", "select Helmand", "select Kandahar", "select Oruzgan")
    assert at(g, "Helmand", TALIBAN_G) == 2
    assert labels(g) == ["done"]
    play(g, "done")
    assert g.state.turn is None


def test_march_onto_loc_activation_test():
    """3.3.2: on a LoC the test applies to both factions; Taliban count cubes there."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 2}},
                         "LoC Kandahar-Kabul": {"pieces": {"Police": 2}}})
    play(g, "operation only", "March", "select LoC Kandahar-Kabul", "select Kandahar", "2")
    assert at(g, "LoC Kandahar-Kabul", TALIBAN_G_ACTIVE) == 2
    assert res(g, "taliban") == 10
    g = make("warlords", {"Kandahar": {"pieces": {"Warlord Guerrilla": 3}},
                          "LoC Kandahar-Kabul": {"pieces": {"Police": 4}}})
    play(g, "operation only", "March", "select LoC Kandahar-Kabul", "select Kandahar", "3")
    assert at(g, "LoC Kandahar-Kabul", WARLORD_G) == 3                     # 3 not > 3: cubes do not count
    g = make("warlords", {"Kandahar": {"pieces": {"Warlord Guerrilla": 4}}})
    play(g, "operation only", "March", "select LoC Kandahar-Kabul", "select Kandahar", "4")
    assert at(g, "LoC Kandahar-Kabul", WARLORD_G_ACTIVE) == 4


def test_taliban_march_into_pashtun_space_never_activates():
    """3.3.2: the Taliban are not Activated entering a Pashtun space, however many pieces."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 5}},
                         "Helmand": {"pieces": {"Police": 5, "Warlord Guerrilla": 2}}})
    play(g, "operation only", "March", "select Helmand", "select Kandahar", "5")
    assert at(g, "Helmand", TALIBAN_G) == 5


def test_taliban_march_into_pakistan_at_hostility_turns_active():
    """6.6.1 Hostility: Taliban Guerrillas in Pakistan are Active."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 1}}}, islamabad="Hostility")
    play(g, "operation only", "March", "select Waziristan", "select Kandahar")
    assert at(g, "Waziristan", TALIBAN_G_ACTIVE) == 1 and at(g, "Waziristan", TALIBAN_G) == 0
    assert res(g, "taliban") == 9                      # no free March at Hostility


def test_march_destination_needs_a_possible_group_and_resources():
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla": 1}}}, warlords=0)
    play(g, "operation only", "March")
    assert set(labels(g)) == {"select LoC Kabul-Aibak", "select LoC Shibirghan-Aibak"}


def test_march_destinations_helper():
    g = make("warlords", {"Herat": {"pieces": {"Warlord Guerrilla": 1}}})
    names = {g.space_names[d] for d in ops.march_destinations(g, "warlords")}
    assert names == {"Badghis", "Farah", "Ghowr", "LoC Toraghondi-Farah"}


# ==================================================================================================
# 3.3.3 Attack
# ==================================================================================================
def test_attack_spaces_need_a_guerrilla_and_an_enemy_piece_and_a_resource():
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla (Active)": 1, "Taliban Base": 1}},
                          "Herat": {"pieces": {"Warlord Guerrilla": 3}},
                          "Kabul": {"pieces": {"Warlord Base": 1, "Police": 3}}})
    play(g, "operation only", "Attack")
    assert set(labels(g)) == {"select Balkh"}
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla": 1, "Police": 1}}}, warlords=0)
    assert not ops.attack_space_ok(g, "warlords", INDEX["Herat"])
    assert ops.attack_space_ok(g, "warlords", INDEX["Balkh"])
    assert ops.attack_cost(g, "warlords", INDEX["Balkh"]) == 1
    play(g, "pass")
    assert res(g, "warlords") == 1          # could not Attack with 0 Resources; Passed instead


def test_attack_success_on_roll_at_most_guerrillas():
    """3.3.3: success when the roll is at most the Guerrillas there (Underground ones included);
    Government cubes before Coalition cubes; Coalition pieces to Casualties."""
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla": 2, "Warlord Guerrilla (Active)": 1,
                                               "Police": 1, "Coalition Troops": 2, "Government Base": 1}}})
    g.script_dice([3])
    play(g, "operation only", "Attack", "select Balkh")
    assert labels(g) == ["Police", "done"]
    play(g, "Police", "Coalition Troops")
    assert at(g, "Balkh", COALITION_TROOPS) == 1 and g.state.pieces[CASUALTIES, COALITION_TROOPS] == 1
    assert at(g, "Balkh", WARLORD_G) == 0 and at(g, "Balkh", WARLORD_G_ACTIVE) == 3   # no Captured Goods
    play(g, "done")


def test_attack_may_remove_underground_enemy_guerrillas_and_stop_early():
    g = make("taliban", {"Balkh": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla": 2, "Warlord Base": 1}}})
    g.script_dice([1])
    play(g, "operation only", "Attack", "select Balkh")
    assert labels(g) == ["Warlord Guerrilla", "done"]
    play(g, "Warlord Guerrilla", "done")
    assert at(g, "Balkh", WARLORD_G) == 1 and at(g, "Balkh", TALIBAN_G) == 1   # Captured Goods after stop


def test_captured_goods_with_nothing_available_offers_voluntary_removal():
    """3.3.3 / 1.4.1: Captured Goods needs an Available Guerrilla; a player may take one from the map
    (or decline)."""
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla": 1, "Police": 1}},
                          "Herat": {"pieces": {"Warlord Guerrilla (Active)": 14}}})
    g.script_dice([1])
    play(g, "operation only", "Attack", "select Balkh", "Police")
    assert set(labels(g)) == {"select Herat", "done"}
    play(g, "select Herat")
    assert at(g, "Balkh", WARLORD_G) == 1 and at(g, "Herat", WARLORD_G_ACTIVE) == 13
    g = make("warlords", {"Balkh": {"pieces": {"Warlord Guerrilla": 1, "Police": 1}},
                          "Herat": {"pieces": {"Warlord Guerrilla (Active)": 14}}})
    g.script_dice([1])
    play(g, "operation only", "Attack", "select Balkh", "Police", "done")
    assert at(g, "Balkh", WARLORD_G) == 0 and at(g, "Herat", WARLORD_G_ACTIVE) == 14


def test_attack_not_twice_in_a_space_and_framework_skips_ambushed_spaces():
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}},
                         "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}}})
    g.script_dice([6, 6])
    play(g, "operation only", "Attack", "select Kandahar")
    assert "select Kandahar" not in labels(g) and "select Helmand" in labels(g)


# ==================================================================================================
# 3.3.4 Terror
# ==================================================================================================
def test_terror_needs_underground_guerrilla_and_costs_by_space_type():
    """3.3.4: spaces with an Underground Guerrilla; 1 per Province/Kabul, 0 per LoC (Sabotage)."""
    g = make("taliban", {"Kandahar": {"pieces": {"Taliban Guerrilla (Active)": 3}},
                         "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla": 1}},
                         "Kabul": {"pieces": {"Taliban Guerrilla": 1}}}, taliban=0)
    play(g, "operation only", "Terror")
    assert labels(g) == ["select LoC Kandahar-Kabul"]
    play(g, "select LoC Kandahar-Kabul", "done")
    assert g.state.sabotage[INDEX["LoC Kandahar-Kabul"]] == 1
    assert at(g, "LoC Kandahar-Kabul", TALIBAN_G_ACTIVE) == 1 and res(g, "taliban") == 0


def test_terror_on_sabotaged_loc_adds_no_second_marker():
    g = make("warlords", {"LoC Kandahar-Kabul": {"sabotage": 1, "pieces": {"Warlord Guerrilla": 2}}})
    play(g, "operation only", "Terror", "select LoC Kandahar-Kabul", "done")
    assert g.state.sabotage[INDEX["LoC Kandahar-Kabul"]] == 1 and g.state.terror.sum() == 0
    assert at(g, "LoC Kandahar-Kabul", WARLORD_G) == 1


def test_terror_marker_limit_of_thirty_but_shift_still_happens():
    """3.3.4: no marker once all 30 are on the map; the Support shift still happens."""
    g = make("taliban", {"Kandahar": {"terror": 15, "pieces": {"Taliban Guerrilla": 1}},
                         "Helmand": {"terror": 15}})
    play(g, "operation only", "Terror", "select Kandahar", "done")
    assert g.state.terror[INDEX["Kandahar"]] == 15 and support(g, "Kandahar") == OPP


def test_terror_in_pop_zero_province_places_marker_without_shift():
    g = make("taliban", {"Zabol": {"pieces": {"Taliban Guerrilla": 1}}})
    play(g, "operation only", "Terror", "select Zabol", "done")
    assert g.state.terror[INDEX["Zabol"]] == 1 and support(g, "Zabol") == NEU and res(g, "taliban") == 9


def test_terror_activates_only_one_guerrilla():
    g = make("taliban", {"Kabul": {"support": "Support", "pieces": {"Taliban Guerrilla": 3}}})
    play(g, "operation only", "Terror", "select Kabul", "done")
    assert at(g, "Kabul", TALIBAN_G) == 2 and at(g, "Kabul", TALIBAN_G_ACTIVE) == 1
    assert support(g, "Kabul") == NEU


# ==================================================================================================
# Robustness: random legal play never dead-ends and survives a save at any decision
# ==================================================================================================
@pytest.mark.parametrize("scenario", ["short", "main", "extended"])
def test_random_play_through_insurgent_operations(scenario):
    used = set()
    for seed in range(6):
        g = coin_env.make_game("a_distant_plain", scenario=scenario, seed=seed, debug=True)
        r = random.Random(seed)
        steps = 0
        while not g.is_over() and steps < 1500:
            legal = g.legal_actions()
            assert legal
            if steps % 40 == 0:
                again = type(g).from_dict(json.loads(g.to_json()))
                assert again.legal_actions() == legal
            top = g.state.frames[-1]
            if top["kind"] == "op_select" and top["actor"] in ("taliban", "warlords"):
                used.add(g.state.turn["op"])
            g.apply(r.choice(legal))
            steps += 1
    assert used == {"rally", "march", "attack", "terror"}


def test_T19_attack_removes_police_before_coalition_troops_and_the_base_stays():
    """3.3.3 with the 3.2.4 note: Government Base + 1 Police + 2 Coalition Troops; a successful Taliban
    Attack removing 2 takes the Police first (Government cubes before Coalition cubes), then a Coalition
    Troop (to Casualties); the Base cannot go while any cube remains."""
    g = make("taliban", {"Helmand": {"pieces": {"Taliban Guerrilla": 3, "Government Base": 1, "Police": 1,
                                                "Coalition Troops": 2}}})
    g.script_dice([2])
    play(g, "operation only", "Attack", "select Helmand")
    assert set(labels(g)) == {"Police", "done"}                 # no Coalition Troops, no Base yet
    play(g, "Police")
    assert set(labels(g)) == {"Coalition Troops", "done"}       # the Base is shielded by the Troops
    play(g, "Coalition Troops")
    assert at(g, "Helmand", POLICE) == 0 and at(g, "Helmand", COALITION_TROOPS) == 1
    assert g.state.pieces[CASUALTIES, COALITION_TROOPS] == 1
    assert at(g, "Helmand", 4) == 1                             # Government Base still there
