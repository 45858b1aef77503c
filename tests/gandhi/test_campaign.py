"""Campaign Rounds (6.0) and victory (7.0)."""

import random

import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.data.map import PROTEST_BOXES
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, FORCE_POOL, GANDHI, GUERRILLA,
                                               ML_ACTIVIST, ML_BASE, PIECE_NAMES, REV_BASE, SEPOY, TROOP)
from coin_env.games.gandhi.rules import campaign
from coin_env.games.gandhi.static import AVAILABLE, INDEX, JAIL, OUT_OF_PLAY

# Card 5 is Current; the Campaign card 73 revealed as Upcoming swaps in and its round starts at once.
TWO_CAMPAIGNS = [5, 73] + list(range(6, 16)) + [74]
FINAL_ONLY = [5, 73] + list(range(6, 16))
CITIES = ["Karachi", "Delhi", "Bombay", "Calcutta", "Madras"]


def sp(name):
    return INDEX[name]


def game(spaces=None, deck=TWO_CAMPAIGNS, jail=None, out_of_play=None, options=None, **pos):
    """A position whose Campaign Round starts at once. Pieces not on the map, in Jail or Out of
    Play are Available."""
    spaces = spaces or {}
    pos = dict(pos)
    pos.setdefault("resources", {"raj": 0, "revs": 0})
    pos.setdefault("viceroy", "Lord Wavell")
    if jail or out_of_play:
        boxes = {"Jail": dict(jail or {}), "Out of Play": dict(out_of_play or {})}
        avail = {}
        for piece, total in FORCE_POOL.items():
            name = PIECE_NAMES[piece]
            used = sum(e.get("pieces", {}).get(name, 0) for e in spaces.values())
            if piece == GUERRILLA:
                used += sum(e.get("pieces", {}).get("Active Guerrilla", 0) for e in spaces.values())
            used += boxes["Jail"].get(name, 0) + boxes["Out of Play"].get(name, 0)
            avail[name] = total - used
        boxes["Available"] = avail
        pos["boxes"] = boxes
    return coin_env.make_game("gandhi", position=dict(deck=deck, spaces=spaces, **pos),
                              options=options or {}, debug=True)


def controlled_cities(troops=1):
    """Every City Raj-Controlled (no Railway then touches a City without Raj Control)."""
    return {c: {"pieces": {"Troop": troops}} for c in CITIES}


def kind(g):
    return g.state.frames[-1]["kind"] if g.state.frames else None


def answer_until(g, stop):
    """Answer decisions minimally ("done" where offered, else the first option) until
    ``stop(g)`` is true."""
    for _ in range(500):
        if g.is_over() or stop(g):
            return
        legal = labels(g)
        play(g, "done" if "done" in legal else legal[0])
    raise AssertionError("did not reach the expected point")


def until_kind(g, k):
    answer_until(g, lambda g: kind(g) == k)


def until_redeploy(g, faction):
    answer_until(g, lambda g: kind(g) == "g_redeploy" and g.current_player() == faction)


def until_round_over(g):
    answer_until(g, lambda g: kind(g) == "sop_choice" or kind(g) == "g_crisis_cubes")


# --- 6.1 Victory Phase / 7.0 ------------------------------------------------------------------------
OPPOSITION_28 = {n: {"support": "Active Opposition"} for n in
                 ["Punjab", "West Bengal", "East Bengal", "United Provinces", "Bihar",
                  "Bombay Presidency", "Madras Presidency"]}


def test_6_1_victory_phase_ends_the_game_when_a_total_exceeds_its_threshold():
    g = game(OPPOSITION_28, resources={"raj": 7, "revs": 3})
    s = g.state
    assert g.is_over()
    assert g.winner() == "congress"
    assert s.result["margins"]["congress"] == 28 - 20
    # Nothing after the Victory Phase ran: no earnings.
    assert s.resources == {"raj": 7, "revs": 3}


def test_6_1_a_total_equal_to_its_threshold_does_not_end_the_game():
    spaces = {n: {"support": "Active Opposition"} for n in
              ["Punjab", "West Bengal", "East Bengal", "United Provinces", "Bihar"]}   # 2 x 10 = 20
    g = game(spaces)
    assert not g.is_over()
    assert g.victory_margins()["congress"] == 0


def test_7_3_ranking_is_by_margin_highest_first():
    g = game(OPPOSITION_28)
    r = g.state.result
    assert r["ranking"][0] == "congress"
    margins = r["margins"]
    assert [margins[f] for f in r["ranking"]] == sorted(margins.values(), reverse=True)


@pytest.mark.parametrize("margins, expected", [
    ({"raj": 3, "congress": 3, "ml": 3, "revs": 3}, ["ml", "congress", "revs", "raj"]),
    ({"raj": 2, "congress": 2, "ml": -1, "revs": 2}, ["congress", "revs", "raj", "ml"]),
    ({"raj": 5, "congress": 1, "ml": 1, "revs": 5}, ["revs", "raj", "ml", "congress"]),
])
def test_7_1_ties_go_to_ml_then_congress_then_revolutionaries_raj_loses_all(margins, expected):
    g = game(controlled_cities())
    g.victory_margins = lambda: dict(margins)
    campaign.end_game(g)
    assert g.ranking() == expected and g.winner() == expected[0]
    assert g.is_over()


def test_7_3_final_round_without_a_winner_ranks_by_margin_with_7_1_ties():
    # Empty map: margins Raj -38, Congress -20, ML -14, Revs -14: ML wins the tie with Revs.
    g = game(deck=FINAL_ONLY)
    until_round_over(g)
    assert g.is_over()
    assert g.ranking() == ["ml", "revs", "congress", "raj"]


# --- 6.2.1 Railway Strikes ----------------------------------------------------------------------------
RAIL_NO_CITY = "Peshawar-Lahore Railway"     # touches no City
RAIL_5 = "Allahabad-Calcutta Railway"


def test_6_2_1_en_more_activists_than_cubes_alone_places_a_strike():
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"pieces": {"Congress Activist": 1}}
    g = game(spaces, options={"strike_rule": "en"})
    until_kind(g, "g_campaign_base")           # stopped in the Support Phase
    s = g.state
    assert s.strike[sp(RAIL_NO_CITY)] == 1
    assert s.strike.sum() == 1


def test_6_2_1_es_more_activists_than_cubes_alone_places_no_strike():
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"pieces": {"Congress Activist": 1}}
    g = game(spaces, options={"strike_rule": "es"})
    until_kind(g, "g_campaign_base")
    assert g.state.strike.sum() == 0


@pytest.mark.parametrize("rule", ["en", "es"])
def test_6_2_1_protest_on_a_railway_converts_into_a_strike_under_both_readings(rule):
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"protest": 1, "pieces": {"Troop": 2}}     # Activists do not outnumber cubes
    g = game(spaces, options={"strike_rule": rule})
    until_kind(g, "g_campaign_base")
    s = g.state
    assert s.strike[sp(RAIL_NO_CITY)] == 1
    assert s.protest[sp(RAIL_NO_CITY)] == 0
    assert int(s.protest_boxes.sum()) == sum(c for _, c in PROTEST_BOXES)   # back in its box


def test_6_2_1_es_protest_and_more_activists_qualify_together():
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"protest": 1, "pieces": {"ML Activist": 2, "Sepoy": 1}}
    g = game(spaces, options={"strike_rule": "es"})
    until_kind(g, "g_campaign_base")
    assert g.state.strike[sp(RAIL_NO_CITY)] == 1


@pytest.mark.parametrize("rule", ["en", "es"])
def test_6_2_1_railway_next_to_a_city_without_raj_control_strikes(rule):
    spaces = controlled_cities()
    spaces["Madras"] = {"pieces": {}}                  # Madras uncontrolled
    g = game(spaces, options={"strike_rule": rule})
    until_kind(g, "g_campaign_base")
    s = g.state
    struck = {n for n in ("Raichur-Madras Railway", "Madras-Calcutta Railway") if s.strike[sp(n)]}
    assert struck == {"Raichur-Madras Railway", "Madras-Calcutta Railway"}
    assert s.strike.sum() == 2


def test_6_2_1_no_condition_no_strike_and_gandhi_is_not_an_activist():
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"pieces": {"Gandhi": 1}}
    g = game(spaces)
    until_kind(g, "g_campaign_base")
    assert g.state.strike.sum() == 0


def test_6_2_1_too_few_markers_congress_chooses_the_railways():
    spaces = {"Bihar": {"unrest": 10}}                 # 10 of 12 markers in play; all Cities uncontrolled
    g = game(spaces)
    assert kind(g) == "g_campaign_strikes" and g.current_player() == "congress"
    assert len(labels(g)) == 12                        # every Railway touching a City qualifies
    play(g, f"select {RAIL_5}", "select Delhi-Bombay Railway")
    s = g.state
    assert s.strike.sum() == 2 and s.strike[sp(RAIL_5)] and s.strike[sp("Delhi-Bombay Railway")]
    assert kind(g) != "g_campaign_strikes"


def test_6_2_1_railway_already_struck_keeps_its_one_strike():
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"strike": 1, "protest": 1}
    g = game(spaces)
    until_kind(g, "g_campaign_base")
    s = g.state
    assert s.strike[sp(RAIL_NO_CITY)] == 1 and s.protest[sp(RAIL_NO_CITY)] == 0
    assert board.unrest_strike_in_play(s) == 1


# --- 6.2.2 / 6.2.3 earnings -----------------------------------------------------------------------------
def test_6_2_2_raj_earns_econ_of_strike_free_railways_minus_2_per_jailed_nv_piece():
    spaces = controlled_cities()
    spaces[RAIL_5] = {"strike": 1}
    g = game(spaces, resources={"raj": 5, "revs": 0},
             jail={"Congress Activist": 2, "ML Activist": 1, "Gandhi": 1})
    until_kind(g, "g_campaign_base")
    assert g.state.resources["raj"] == 5 + (40 - 5) - 2 * 4


def test_6_2_2_raj_resources_capped_at_50_before_the_jail_penalty():
    g = game(controlled_cities(), resources={"raj": 30, "revs": 0}, jail={"ML Activist": 1})
    until_kind(g, "g_campaign_base")
    assert g.state.resources["raj"] == 50 - 2


def test_6_2_2_jail_penalty_never_takes_raj_below_zero():
    spaces = {c: {"pieces": {"Troop": 1}} for c in CITIES}
    for r in ["Karachi-Lahore Railway", "Peshawar-Lahore Railway", "Lahore-Delhi Railway", "Delhi-Allahabad Railway",
              "Allahabad-Calcutta Railway", "Delhi-Bombay Railway", "Bombay-Allahabad Railway",
              "Bombay-Nagpur Railway", "Nagpur-Calcutta Railway", "Bombay-Raichur Railway",
              "Raichur-Madras Railway", "Madras-Calcutta Railway"]:
        spaces[r] = {"strike": 1}
    # Only Calcutta-Assam (2) is free: 0 + 2 - 2*5 -> 0.
    g = game(spaces, jail={"Congress Activist": 5})
    until_kind(g, "g_campaign_base")
    assert g.state.resources["raj"] == 0


def test_6_2_3_revolutionaries_earn_two_per_base_on_the_map_capped_at_50():
    spaces = controlled_cities()
    spaces["Bihar"] = {"pieces": {"Rev Base": 2}}
    g = game(spaces, resources={"raj": 0, "revs": 10})
    until_kind(g, "g_campaign_base")
    assert g.state.resources["revs"] == 14
    g = game(spaces, resources={"raj": 0, "revs": 48})
    until_kind(g, "g_campaign_base")
    assert g.state.resources["revs"] == 50


# --- 6.3.1 Imperialism ---------------------------------------------------------------------------------------
def imperialism_game(bihar=None, viceroy="Lord Wavell", raj=0, **kw):
    spaces = controlled_cities()
    spaces["Bihar"] = bihar or {"unrest": 1, "pieces": {"Troop": 2, "Sepoy": 1}}
    return game(spaces, viceroy=viceroy, resources={"raj": raj, "revs": 0}, **kw)


def test_6_3_1_imperialism_removes_unrest_first_then_shifts_3_resources_each():
    g = imperialism_game()
    assert kind(g) == "g_imperialism" and g.current_player() == "raj"
    s = g.state
    before = s.resources["raj"]                         # 40 earned
    play(g, "select Bihar")
    assert labels(g) == ["1", "2"]
    play(g, "2")
    assert s.unrest[sp("Bihar")] == 0 and s.support[sp("Bihar")] == 1
    assert s.resources["raj"] == before - 6


def test_6_3_1_imperialism_at_most_two_levels_per_space():
    g = imperialism_game({"pieces": {"Troop": 2, "Sepoy": 1}})
    play(g, "select Bihar")
    assert labels(g) == ["1", "2"]
    play(g, "2")
    assert g.state.support[sp("Bihar")] == 2
    assert "select Bihar" not in labels(g)


def test_6_3_1_mountbatten_makes_imperialism_cost_2():
    g = imperialism_game(viceroy="Lord Mountbatten")
    before = g.state.resources["raj"]
    play(g, "select Bihar", "2")
    assert g.state.resources["raj"] == before - 4


def test_6_3_1_imperialism_limited_by_resources():
    # 40 earned, 38 lost to Jail: 2 Resources left, not enough for one level at 3.
    g = imperialism_game(jail={"Congress Activist": 16, "ML Activist": 3})
    assert kind(g) != "g_imperialism"
    g = imperialism_game(jail={"Congress Activist": 16, "ML Activist": 1})   # 6 left: two levels
    play(g, "select Bihar")
    assert labels(g) == ["1", "2"]


def test_6_3_1_imperialism_needs_raj_control_troops_and_sepoys_in_a_city_or_province():
    spaces = controlled_cities()
    spaces["Delhi"] = {"pieces": {"Troop": 1, "Sepoy": 1}}                        # City: OK
    spaces["Bihar"] = {"pieces": {"Troop": 3}}                                    # no Sepoys
    spaces["Punjab"] = {"pieces": {"Sepoy": 3}}                                   # no Troops
    spaces["Rajputana"] = {"pieces": {"Sepoy": 3}}                                # a State
    spaces["United Provinces"] = {"pieces": {"Troop": 1, "Sepoy": 1, "Gandhi": 1, "Rev Base": 1}}  # no Control
    spaces["Madras Presidency"] = {"pieces": {"Troop": 2, "Sepoy": 1, "Congress Activist": 1}, "protest": 1}
    g = game(spaces)
    assert set(labels(g)) == {"select Delhi", "select Madras Presidency", "done"}


def test_6_3_1_imperialism_at_most_four_spaces():
    spaces = {c: {"pieces": {"Troop": 1, "Sepoy": 1}} for c in CITIES}
    g = game(spaces)
    for c in CITIES[:4]:
        play(g, f"select {c}", "1")
    assert kind(g) != "g_imperialism"
    assert g.state.support[sp(CITIES[4])] == 0


def test_6_3_1_two_activists_released_per_space_raj_chooses_the_mix():
    g = imperialism_game(jail={"Congress Activist": 3, "ML Activist": 2})
    play(g, "select Bihar", "1")           # the only space: Imperialism ends by itself
    assert g.current_player() == "raj" and labels(g) == ["0", "1", "2"]
    play(g, "1")                                     # one Congress, one ML
    s = g.state
    assert s.pieces[JAIL, CONGRESS_ACTIVIST] == 2 and s.pieces[JAIL, ML_ACTIVIST] == 1


def test_6_3_1_no_space_selected_no_activist_released():
    g = imperialism_game(jail={"Congress Activist": 3})
    play(g, "done")
    assert g.state.pieces[JAIL, CONGRESS_ACTIVIST] == 3


def test_6_3_1_jailed_gandhi_released_to_a_space_without_raj_control_raj_chooses():
    g = imperialism_game(jail={"Gandhi": 1})
    play(g, "done")
    assert g.current_player() == "raj"
    options = labels(g)
    assert "select Bihar" not in options and "select Delhi" not in options   # Raj-Controlled
    assert "select Rajputana" in options
    play(g, "select Rajputana")
    assert g.state.pieces[sp("Rajputana"), GANDHI] == 1 and g.state.pieces[JAIL, GANDHI] == 0


# --- 6.3.2 Constructive Programme --------------------------------------------------------------------------
def constructive_game(unity=2):
    spaces = controlled_cities()
    spaces.update({
        "United Provinces": {"pieces": {"Congress Activist": 1}},
        "Bihar": {"pieces": {"Gandhi": 1}, "support": "Passive Opposition"},
        "Bombay Presidency": {"pieces": {"Congress Activist": 1, "Troop": 2}},     # Raj Control
        "Rajputana": {"pieces": {"Congress Activist": 1}},                           # a State
        "Punjab": {"pieces": {"ML Base": 1}},
        "Sind": {"pieces": {"ML Activist": 1}},
    })
    return game(spaces, unity=unity)


def test_6_3_2_congress_selects_spaces_with_its_pieces_and_no_raj_control():
    g = constructive_game()
    assert kind(g) == "g_constructive" and g.current_player() == "congress"
    assert set(labels(g)) == {"select United Provinces", "select Bihar", "done"}
    play(g, "select United Provinces", "2")
    assert g.state.support[sp("United Provinces")] == -2
    play(g, "select Bihar")                          # only one level left: shifted at once
    assert g.state.support[sp("Bihar")] == -2


def test_6_3_2_combined_total_up_to_unity_shared_with_ml():
    g = constructive_game(unity=2)
    play(g, "select United Provinces", "1", "done")
    assert g.current_player() == "ml"
    assert set(labels(g)) == {"select Punjab", "select Sind", "done"}
    play(g, "select Punjab", "2")
    # Unity 2 reached: Sind stays Neutral and the phase is over.
    assert kind(g) != "g_constructive"
    s = g.state
    assert s.support[sp("Punjab")] == -2 and s.support[sp("Sind")] == 0


def test_6_3_2_congress_using_all_of_unity_leaves_nothing_for_ml():
    g = constructive_game(unity=2)
    play(g, "select United Provinces", "1", "select Bihar")
    assert kind(g) != "g_constructive"
    assert g.state.support[sp("Punjab")] == 0


# --- 6.3.3 / 6.3.4 Bases ---------------------------------------------------------------------------------------
def test_6_3_3_pakistan_movement_places_one_ml_base_without_raj_control_room_permitting():
    spaces = controlled_cities()
    spaces["Sind"] = {"pieces": {"Rev Base": 1}}                 # Pop 1: full
    spaces["Bihar"] = {"pieces": {"Troop": 1}}                   # Raj Control
    g = game(spaces)
    until_kind(g, "g_campaign_base")
    assert g.current_player() == "ml"
    options = labels(g)
    assert "select Sind" not in options and "select Bihar" not in options and "select Delhi" not in options
    assert not any("Railway" in o for o in options)
    assert "select Rajputana" in options and "select Punjab" in options
    play(g, "select Punjab")
    assert g.state.pieces[sp("Punjab"), ML_BASE] == 1
    assert g.current_player() == "revs"                          # 6.3.4 follows


def test_6_3_4_secret_societies_places_one_rev_base():
    g = game(controlled_cities())
    until_kind(g, "g_campaign_base")
    play(g, "done")
    assert g.current_player() == "revs" and kind(g) == "g_campaign_base"
    play(g, "select Hyderabad")
    assert g.state.pieces[sp("Hyderabad"), REV_BASE] == 1
    assert kind(g) != "g_campaign_base"


def test_6_3_3_no_base_available_no_decision():
    spaces = controlled_cities()
    spaces["Punjab"] = {"pieces": {"ML Base": 2}}
    spaces["West Bengal"] = {"pieces": {"ML Base": 2}}
    spaces["Bihar"] = {"pieces": {"ML Base": 1}}
    g = game(spaces)
    until_kind(g, "g_campaign_base")
    assert g.current_player() == "revs"


# --- 6.3.5 Game End? --------------------------------------------------------------------------------------------
def test_6_3_5_final_round_ends_after_the_support_phase():
    spaces = controlled_cities()
    spaces["Bihar"] = {"pieces": {"Troop": 2, "Sepoy": 1}}
    g = game(spaces, deck=FINAL_ONLY)
    play(g, "select Bihar", "2")                 # Imperialism still happens in the final round
    until_round_over(g)
    s = g.state
    assert g.is_over()
    assert s.viceroy != 73                        # no Redeploy Phase
    assert s.result["margins"]["raj"] == g.victory_margins()["raj"]
    assert s.support[sp("Bihar")] == 2


# --- 6.4.1 New Colonial Administration -----------------------------------------------------------------------
def test_6_4_1_triggering_campaign_card_becomes_the_viceroy():
    g = game(controlled_cities(), viceroy="Lord Mountbatten")
    until_round_over(g)
    s = g.state
    assert s.viceroy == 73 and 79 in s.played
    assert s.current == 5                         # the swapped Event card is played next


# --- 6.4.2 Raj Redeploy ----------------------------------------------------------------------------------------
def redeploy_game(raj=0, **extra):
    spaces = controlled_cities()
    spaces["Delhi"] = {"pieces": {"Troop": 3, "Sepoy": 2}}
    spaces["Bihar"] = {"pieces": {"Troop": 2, "Sepoy": 1}}                 # Raj Control
    spaces["United Provinces"] = {"pieces": {"Troop": 1, "Sepoy": 1, "Gandhi": 1, "Rev Base": 1}}  # none
    spaces[RAIL_NO_CITY] = {"pieces": {"Troop": 1}}
    spaces.update(extra)
    g = game(spaces, resources={"raj": raj, "revs": 0})
    play(g, "done")                       # no Imperialism
    until_kind(g, "g_redeploy")
    assert g.current_player() == "raj"
    return g


def test_6_4_2_raj_redeploy_destinations():
    g = redeploy_game()
    play(g, "select Delhi", "Troop")
    dst = set(labels(g))
    assert "select Bihar" in dst and "select Bombay" in dst and f"select {RAIL_5}" in dst
    assert "select United Provinces" not in dst and "select Rajputana" not in dst   # no Control / State
    play(g, "select Bihar", "2")
    play(g, "select Delhi", "Sepoy")
    assert "select Rajputana" in labels(g)  # Sepoys may enter States
    play(g, "select Rajputana", "1")
    s = g.state
    assert s.pieces[sp("Bihar"), TROOP] == 4 and s.pieces[sp("Rajputana"), SEPOY] == 1
    # Moved cubes may not move again.
    play(g, "select Bihar")
    assert set(labels(g)) <= {"Troop", "Sepoy"}


def test_6_4_2_pay_2_per_troop_in_provinces_and_railways_then_remove():
    g = redeploy_game(raj=0)
    s = g.state
    before = s.resources["raj"]            # 40 from Railways
    play(g, "done")
    until_round_over(g)
    # Bihar 2 Troops + Railway 1 Troop + United Provinces 1 Troop (paid, then removed) = 4 Troops.
    assert s.resources["raj"] == before - 8
    assert s.pieces[sp("United Provinces")][[TROOP, SEPOY]].sum() == 0   # no Raj Control: removed
    assert s.pieces[sp("Delhi"), TROOP] == 1 and s.pieces[sp("Delhi"), SEPOY] == 2   # all but one Troop
    assert s.pieces[sp("Bihar"), TROOP] == 2 and s.pieces[sp(RAIL_NO_CITY), TROOP] == 1


def test_6_4_2_raj_that_cannot_pay_removes_unpaid_troops():
    # 40 earned - 2*17 for Jail = 6 Resources; 6 Troops in Bihar cost 12: remove 3.
    spaces = controlled_cities()
    spaces["Bihar"] = {"pieces": {"Troop": 6, "Sepoy": 1}}
    g = game(spaces, jail={"Congress Activist": 16, "Gandhi": 1})
    play(g, "done")                       # no Imperialism
    until_kind(g, "g_redeploy")
    play(g, "done")
    assert kind(g) == "g_redeploy_unpaid" and labels(g) == ["select Bihar"]
    play(g, "select Bihar", "select Bihar", "select Bihar")
    s = g.state
    assert s.pieces[sp("Bihar"), TROOP] == 3 and s.resources["raj"] == 0
    assert s.pieces[AVAILABLE, TROOP] == 15 - 5 - 3


# --- 6.4.3 - 6.4.5 NV and Revolutionaries Redeploy -------------------------------------------------------------
def test_6_4_3_congress_must_move_activists_off_railways():
    spaces = controlled_cities()
    spaces[RAIL_NO_CITY] = {"pieces": {"Congress Activist": 2}, "strike": 1}
    spaces["Bihar"] = {"pieces": {"Troop": 1}}                  # Raj Control
    spaces["Punjab"] = {"pieces": {"Gandhi": 1}}
    g = game(spaces)
    until_redeploy(g, "congress")
    assert "done" not in labels(g)
    play(g, f"select {RAIL_NO_CITY}")
    dst = set(labels(g))
    assert "select Bihar" not in dst and "select Delhi" not in dst and not any("Railway" in d for d in dst)
    assert "select Sind" in dst and "select Rajputana" in dst
    play(g, "select Sind", "2")
    assert "done" in labels(g)
    play(g, "select Punjab", "select Rajputana")              # Gandhi may move too
    assert g.state.pieces[sp("Rajputana"), GANDHI] == 1


def test_6_4_4_ml_may_move_to_a_space_with_its_base_even_under_raj_control():
    spaces = controlled_cities()
    spaces["Bihar"] = {"pieces": {"Troop": 3, "ML Base": 1}}    # Raj Control, ML Base
    spaces[RAIL_NO_CITY] = {"pieces": {"ML Activist": 1}, "strike": 1}
    g = game(spaces)
    until_redeploy(g, "ml")
    assert "done" not in labels(g)
    play(g, f"select {RAIL_NO_CITY}")
    dst = set(labels(g))
    assert "select Bihar" in dst and "select Delhi" not in dst
    play(g, "select Bihar")
    assert g.state.pieces[sp("Bihar"), ML_ACTIVIST] == 1


def test_6_4_5_revs_must_move_guerrillas_off_railways():
    spaces = controlled_cities()
    spaces["Delhi"] = {"pieces": {"Troop": 1, "Rev Base": 1}}   # Raj Control, Rev Base
    spaces[RAIL_NO_CITY] = {"pieces": {"Guerrilla": 1, "Active Guerrilla": 1}, "strike": 1}
    g = game(spaces)
    until_redeploy(g, "revs")
    assert "done" not in labels(g)
    play(g, f"select {RAIL_NO_CITY}")
    assert set(labels(g)) == {"Guerrilla", "Active Guerrilla"}
    play(g, "Active Guerrilla")
    assert "select Delhi" in labels(g)
    play(g, "select Delhi")
    assert "done" not in labels(g)
    play(g, f"select {RAIL_NO_CITY}", "select Hyderabad")
    s = g.state
    assert s.pieces[sp(RAIL_NO_CITY)][[GUERRILLA, ACTIVE_GUERRILLA]].sum() == 0


# --- 6.5 Reset ----------------------------------------------------------------------------------------------------
def test_6_5_reset():
    spaces = controlled_cities()
    spaces["Bihar"] = {"unrest": 2, "protest": 1, "pieces": {"Congress Activist": 1}}
    spaces["Punjab"] = {"unrest": 2, "pieces": {"Guerrilla": 1, "Active Guerrilla": 1}}
    spaces["Hyderabad"] = {"unrest": 1}
    spaces[RAIL_NO_CITY] = {"strike": 1}
    g = game(spaces, restraint=5, unity=4,
             eligible={"raj": False, "congress": False, "ml": True, "revs": False})
    until_round_over(g)
    s = g.state
    assert s.protest.sum() == 0 and int(s.protest_boxes.sum()) == sum(c for _, c in PROTEST_BOXES)
    assert s.unrest[sp("Bihar")] == 1 and s.unrest[sp("Hyderabad")] == 0
    assert s.unrest[sp("Punjab")] == 2                          # Guerrillas there: keeps all its Unrest
    assert s.pieces[sp("Punjab"), ACTIVE_GUERRILLA] == 0 and s.pieces[sp("Punjab"), GUERRILLA] == 2
    assert s.strike.sum() == 0
    assert s.campaigns_in_deck == 1 and s.restraint == 1 and s.unity == 1
    assert all(s.eligible.values())
    assert s.current == 5 and s.upcoming == 6 and s.campaigns_played == 1


def test_6_5_restraint_and_unity_reset_to_campaigns_left():
    deck = [5, 73] + list(range(6, 10)) + [74] + list(range(10, 14)) + [75, 14, 76]
    g = game(controlled_cities(), deck=deck, restraint=1, unity=5)
    until_round_over(g)
    assert g.state.restraint == 3 and g.state.unity == 3
    assert g.state.campaigns_in_deck == 3


def test_6_8_reset_into_the_final_campaign_is_a_crisis_raj_moves_cubes_from_out_of_play():
    g = game(controlled_cities(), out_of_play={"Troop": 3, "Sepoy": 6})
    until_round_over(g)
    s = g.state
    assert kind(g) == "g_crisis_cubes" and g.current_player() == "raj"
    assert board.in_crisis(s)
    left = g.top()["left"]
    assert 1 <= left <= 6
    play(g, "Troop")
    assert "select Rajputana" not in labels(g)              # no Troops into States
    play(g, "select Bihar")
    assert s.pieces[sp("Bihar"), TROOP] == 1 and s.pieces[OUT_OF_PLAY, TROOP] == 2
    if left > 1:
        play(g, "Sepoy", "select Rajputana")
        assert s.pieces[sp("Rajputana"), SEPOY] == 1
    answer_until(g, lambda g: kind(g) == "sop_choice")
    assert s.current == 5 and s.turn is None


def test_6_8_no_crisis_cubes_before_a_campaign_that_is_not_final():
    deck = [5, 73] + list(range(6, 10)) + [74, 11, 75]
    g = game(controlled_cities(), deck=deck, out_of_play={"Troop": 3})
    until_round_over(g)
    assert kind(g) == "sop_choice"


# --- resumability ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_campaign_round_survives_save_and_load_at_every_decision(seed):
    spaces = {
        "Delhi": {"pieces": {"Troop": 3, "Sepoy": 2}},
        "Bihar": {"unrest": 1, "pieces": {"Troop": 2, "Sepoy": 2, "Congress Activist": 1}},
        "Punjab": {"pieces": {"ML Activist": 2, "Guerrilla": 1}, "unrest": 1},
        "Bombay Presidency": {"pieces": {"Congress Activist": 2}},
        RAIL_5: {"pieces": {"Congress Activist": 1, "Guerrilla": 1, "ML Activist": 1}},
    }
    g = game(spaces, jail={"Congress Activist": 2, "ML Activist": 2, "Gandhi": 1},
             out_of_play={"Troop": 2, "Sepoy": 2}, unity=3)
    rng = random.Random(seed)
    while kind(g) != "sop_choice" and not g.is_over():
        copy = coin_env.load_game(g.to_json(), debug=True)
        assert labels(copy) == labels(g)
        a = rng.choice(g.legal_actions())
        g.apply(a)
        copy.apply(a)
        assert copy.to_json() == g.to_json()
