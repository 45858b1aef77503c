"""Scenario set-up (2.1, setup pp.39-43): the printed starting totals and boxes."""

import pytest

import coin_env
from coin_env import play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.data import cards
from coin_env.games.gandhi.data.pieces import GANDHI
from coin_env.games.gandhi.static import AVAILABLE, INDEX, JAIL, OUT_OF_PLAY


def test_short_scenario_reproduces_the_printed_victory_totals():
    g = coin_env.make_game("gandhi", scenario="short", seed=0, debug=True)
    assert g.victory_totals() == {"raj": 28, "congress": 9, "ml": 3, "revs": 6}


def test_main_scenario_reproduces_the_printed_totals_before_gandhi_is_placed():
    g = coin_env.make_game("gandhi", scenario="main", seed=0, debug=True)
    assert g.current_player() == "congress"          # quick start step 4: Congress places Gandhi
    assert g.victory_totals() == {"raj": 24, "congress": 4, "ml": 2, "revs": 3}


def test_main_gandhi_placement_puts_gandhi_an_active_activist_and_a_protest():
    g = coin_env.make_game("gandhi", scenario="main", seed=0, debug=True)
    play(g, "select Delhi")
    s = g.state
    sp = INDEX["Delhi"]
    assert s.pieces[sp, GANDHI] == 1 and s.pieces[sp, 2] == 2 and s.protest[sp] == 1
    # Delhi: 5 cubes vs Gandhi + 2 Active Activists = 3 -> still Raj Control
    assert board.raj_control(s, sp)
    assert s.pieces[AVAILABLE, 2] == 5     # the 16th Activist came with Gandhi


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_tracks_and_off_map_boxes_as_printed(scenario):
    g = coin_env.make_game("gandhi", scenario=scenario, seed=3)
    s = g.state
    if scenario == "short":
        assert s.resources == {"raj": 32, "revs": 5} and (s.restraint, s.unity) == (3, 3)
        assert s.pieces[JAIL, 2] == 1 and s.pieces[JAIL, 4] == 1
        assert s.pieces[OUT_OF_PLAY, 1] == 10
        assert s.strike[INDEX["Bombay-Raichur Railway"]] == 1
    else:
        assert s.resources == {"raj": 35, "revs": 8} and (s.restraint, s.unity) == (4, 3)
        assert s.pieces[OUT_OF_PLAY, 0] == 6


def test_short_control_as_printed():
    s = coin_env.make_game("gandhi", scenario="short", seed=0).state
    for name in ["Punjab", "Karachi", "Madras", "Delhi", "United Provinces", "Bihar", "West Bengal",
                 "East Bengal", "Calcutta", "Central Provinces", "Bombay", "Madras Presidency"]:
        assert board.raj_control(s, INDEX[name]), name
    assert not board.raj_control(s, INDEX["Bombay Presidency"])   # 2 cubes vs 3 Active


def test_main_states_are_never_controlled():
    s = coin_env.make_game("gandhi", scenario="main", seed=0).state
    for name in ["Rajputana", "Central India Agency", "Orissa", "Mysore"]:
        assert s.pieces[INDEX[name], 1] == 1 and not board.raj_control(s, INDEX[name])


def test_short_deck_has_campaign_cards_in_piles_two_four_six():
    for seed in range(20):
        g = coin_env.make_game("gandhi", scenario="short", seed=seed)
        deck = [g.state.current, g.state.upcoming] + g.state.deck
        assert len(deck) == 39
        positions = [i for i, c in enumerate(deck) if cards.is_campaign(c)]
        assert len(positions) == 3
        for k, pos in enumerate(positions):
            assert 6 + 13 * k <= pos < 13 + 13 * k
        assert cards.is_campaign(g.state.viceroy) and g.state.viceroy not in deck


def test_main_deck_campaign_card_in_the_bottom_seven_of_each_thirteen():
    for seed in range(20):
        g = coin_env.make_game("gandhi", scenario="main", seed=seed)
        play(g, "select Bihar")                      # Gandhi's placement, then the first card shows
        deck = [g.state.current, g.state.upcoming] + g.state.deck
        assert len(deck) == 52
        for k in range(4):
            pile = deck[13 * k:13 * k + 13]
            assert sum(cards.is_campaign(c) for c in pile) == 1
            assert not any(cards.is_campaign(c) for c in pile[:6])


def test_available_protests_example_1_10():
    """1.10 example: Restraint 4, no Protests on the map -> exactly two Available for Operations."""
    g = coin_env.make_game("gandhi", position={"restraint": 4, "unity": 3})
    assert board.protests_available_for_ops(g.state) == 2


def test_raj_control_example_1_7():
    """1.7 example: East Bengal with 2 Troops, 2 Sepoys, a Protest and 5 Congress Activists: no Control;
    without the Protest the Activists are Inactive and the Raj controls it."""
    g = coin_env.make_game("gandhi", position={"spaces": {"East Bengal": {
        "protest": 1, "pieces": {"Troop": 2, "Sepoy": 2, "Congress Activist": 5}}}})
    s = g.state
    eb = INDEX["East Bengal"]
    assert not board.raj_control(s, eb)
    board.remove_protest(s, eb)
    assert board.raj_control(s, eb)


def test_unknown_scenario_and_option_are_named():
    with pytest.raises(ValueError, match="'long'"):
        coin_env.make_game("gandhi", scenario="long")
    with pytest.raises(ValueError, match="'speed'"):
        coin_env.make_game("gandhi", options={"speed": 1})
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        coin_env.make_game("chess")
