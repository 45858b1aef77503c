"""Propaganda Rounds (2.4, 6.0-6.6) and victory (7.0-7.3, 8.5, 1.5)."""

import json
import random

import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.data.pieces import (COALITION_BASE, COALITION_TROOPS, FORCE_POOL, GOV_TROOPS,
                                                         PIECE_NAMES, POLICE, TALIBAN_G, TALIBAN_G_ACTIVE,
                                                         WARLORD_G, WARLORD_G_ACTIVE)
from coin_env.games.a_distant_plain.rules import propaganda
from coin_env.games.a_distant_plain.static import (AVAILABLE, CASUALTIES, INDEX, IS_CONTROLLABLE, IS_LOC,
                                                   IS_PAKISTAN, KABUL, REMOVED, SPACE_NAMES)

GAME = "a_distant_plain"
# Card 73 (a Propaganda card) is Current: its round starts at once. Another Propaganda card follows.
TWO_PROPAGANDA = [73] + list(range(1, 13)) + [74]
FINAL = [73] + list(range(1, 13))          # the only Propaganda card: its round is the final one
ALL_OUT = {"coalition": False, "government": False, "taliban": False, "warlords": False}


def sp(name):
    return INDEX[name]


def game(spaces=None, deck=TWO_PROPAGANDA, options=None, **pos):
    pos.setdefault("resources", {"government": 0, "taliban": 0, "warlords": 0})
    return coin_env.make_game(GAME, position=dict(deck=deck, spaces=spaces or {}, **pos),
                              options=options or {}, debug=True)


def kind(g):
    return g.state.frames[-1]["kind"] if g.state.frames else None


def answer_until(g, stop, limit=2000):
    """Answer decisions minimally ("done" where offered, else the first option) until ``stop(g)``."""
    for _ in range(limit):
        if stop(g) or g.is_over():
            return
        legal = labels(g)
        play(g, "done" if "done" in legal else legal[0])
    raise AssertionError("did not reach the expected point")


def until_kind(g, k):
    answer_until(g, lambda g: kind(g) == k)
    assert kind(g) == k


def finish_round(g):
    """Answer minimally until the round is over (next card's choice, or game over)."""
    answer_until(g, lambda g: kind(g) == "sop_choice")


def finish_game(g):
    answer_until(g, lambda g: False)
    assert g.is_over()


def support_spaces(**extra):
    """Kabul (3) and Kandahar (2) at Support: with 26 Coalition pieces Available, Coalition margin +1."""
    out = {"Kabul": {"support": "Support"}, "Kandahar": {"support": "Support"}}
    out.update(extra)
    return out


# --- 6.1 / 7.2 Victory Phase ---------------------------------------------------------------------------
def test_victory_check_ends_the_game_in_the_victory_phase():
    """6.1 / 7.2: a faction beyond its threshold ends the game before the Resources phase."""
    g = game(support_spaces(), resources={"government": 5})
    assert g.is_over()
    r = g.state.result
    assert r["winner"] == "coalition" and r["reason"] == "victory check" and r["margins"]["coalition"] == 1
    assert r["ranking"][0] == "coalition" and len(r["ranking"]) == 4
    assert g.state.resources["government"] == 5            # no Resources phase
    assert g.winner() == "coalition"


def test_no_victory_continues_the_round():
    g = game({"Kabul": {"support": "Support"}})            # Coalition 3 + 26 = 29: not > 30
    assert not g.is_over()
    assert g.state.resources["government"] == 12           # the round went on (6.3.2)


def test_T50_warlords_need_both_conditions():
    """7.2 / 7.3: Uncontrolled Pop 16 and Warlord Resources 40 -> not met; margin min(1, 0) = 0."""
    coin = {name: {"pieces": {"Police": 1}} for name in ("Kabul", "Kandahar", "Khowst", "Nuristan")}
    g = game(coin, resources={"warlords": 40})
    assert not g.is_over()
    assert board.victory_totals(g.state)["warlords"] == 16
    assert board.victory_margins(g.state)["warlords"] == 0
    g = game(coin, resources={"warlords": 41})
    assert g.is_over() and g.state.result["winner"] == "warlords" and g.state.result["margins"]["warlords"] == 1


def test_victory_ties_follow_7_1_without_non_players():
    """7.1: ties go to the Warlords, then the Government, then the Taliban (the Coalition loses ties)."""
    g = game()
    m = {"coalition": 2, "government": 2, "taliban": 2, "warlords": 2}
    assert propaganda.rank(g, m) == ["warlords", "government", "taliban", "coalition"]
    m = {"coalition": 0, "government": 2, "taliban": 2, "warlords": -1}
    assert propaganda.rank(g, m) == ["government", "taliban", "coalition", "warlords"]
    # End to end: Coalition +1 and Warlords +1 (Uncontrolled 25, Resources 41) -> the Warlords win the tie.
    g = game(support_spaces(), resources={"warlords": 41})
    assert g.state.result["winner"] == "warlords" and g.state.result["ranking"][:2] == ["warlords", "coalition"]


@pytest.mark.parametrize("options, first", [
    ({}, "government"),                                     # auto, no Non-player: 7.1
    ({"tie_break": "7.1"}, "government"),
    ({"tie_break": "8.5"}, "taliban"),                      # forced 8.5 order
    ({"non_players": ["coalition"]}, "taliban"),            # auto with a Non-player: 8.5
    ({"non_players": ["coalition"], "tie_break": "7.1"}, "government"),
])
def test_tie_break_option(options, first):
    """7.1 vs 8.5 (digest A.12): option ``tie_break``; "auto" = 8.5's order when any Non-player plays."""
    g = game(options=options)
    m = {"coalition": -3, "government": 2, "taliban": 2, "warlords": -1}
    assert propaganda.rank(g, m)[0] == first


def test_ties_go_to_non_players_first():
    """7.1 / 8.5: ties go to the Non-players before any tie order."""
    g = game(options={"non_players": ["coalition"]})
    m = {"coalition": 1, "government": 1, "taliban": 1, "warlords": 1}
    assert propaganda.rank(g, m) == ["coalition", "warlords", "taliban", "government"]


# --- 1.5 No Non-Player option ---------------------------------------------------------------------------
PAIRS = [["coalition", "warlords"], ["taliban", "government"]]


def test_players_option_stops_only_when_all_of_a_players_factions_win():
    """1.5 / 6.1: Coalition beyond its threshold but its partner the Warlords not: play goes on."""
    g = game(support_spaces(), options={"players": PAIRS})
    assert not g.is_over()
    assert g.state.resources["government"] == 12


def test_players_option_win_with_all_factions():
    """1.5: both of the player's factions meet their conditions: the game ends; both are winners."""
    g = game(support_spaces(), options={"players": PAIRS}, resources={"warlords": 41})
    r = g.state.result
    assert g.is_over() and r["winners"] == ["warlords", "coalition"] and r["winner"] == "warlords"
    assert r["players"] == [["warlords", "coalition"], ["taliban", "government"]]
    assert r["scores"][0] == 1


def test_players_option_final_uses_lowest_margin():
    """1.5 / 7.3: after the final Propaganda each player scores his lowest margin. Coalition has the best
    single margin (-4), but its partner the Warlords (-20) sink that player below the other (-15)."""
    spaces = {"Kabul": {"support": "Opposition"}, "Kandahar": {"support": "Opposition"}}
    pos = dict(deck=FINAL, patronage=30, resources={"warlords": 20})
    g = game(spaces, options={"players": PAIRS}, **pos)
    r = g.state.result
    assert g.is_over() and r["reason"] == "final Propaganda"
    assert r["margins"] == {"coalition": -4, "government": -5, "taliban": -15, "warlords": -20}
    assert r["players"] == [["government", "taliban"], ["coalition", "warlords"]]
    assert r["scores"] == [-15, -20] and r["winner"] == "government"
    g = game(spaces, **pos)                                  # without the option: the best margin wins
    assert g.state.result["winner"] == "coalition"


# --- 8.5 Non-players ------------------------------------------------------------------------------------
def test_T51_non_player_margin_at_the_first_propaganda_does_not_end_the_game():
    """8.5: never at the first Propaganda card of the game."""
    g = game(options={"non_players": ["warlords"]}, resources={"warlords": 45})
    assert not g.is_over()
    assert board.victory_margins(g.state)["warlords"] == 5
    assert g.state.propaganda_played == 1


def second_propaganda(options, spaces=None, **pos):
    """Card 1 is Current with only the Coalition Eligible; the next card is Propaganda. The game is
    told one Propaganda card went by already; the Coalition passes and the round starts."""
    pos.setdefault("eligible", dict(ALL_OUT, coalition=True))
    g = game(spaces, deck=[1, 73, 2, 3, 74], options=options, propaganda_played=1, **pos)
    assert kind(g) == "sop_choice" and g.state.current == 1
    play(g, "pass")
    return g


def test_8_5_non_player_positive_margin_ends_the_game_from_the_second_propaganda():
    """8.5 / 7.1: a Non-player with a positive margin ends the game; every player loses."""
    g = second_propaganda({"non_players": ["warlords"]}, resources={"warlords": 45})
    r = g.state.result
    assert g.is_over() and r["winner"] == "warlords" and r["rule"] == "8.5"
    assert sorted(r["losers"]) == ["coalition", "government", "taliban"]
    assert r["ranking"][0] == "warlords"


def test_8_5_player_margin_never_ends_the_game_early():
    """8.5: only a Non-player's positive margin ends the game; the players' margins do not."""
    g = second_propaganda({"non_players": ["taliban"]}, support_spaces())
    assert not g.is_over()
    assert board.victory_margins(g.state)["coalition"] == 1
    assert g.state.propaganda_played == 2


def test_without_non_players_the_first_propaganda_can_end_the_game():
    g = game(resources={"warlords": 45})
    assert g.is_over() and g.state.result["winner"] == "warlords" and g.state.result["rule"] == "7.2"


def test_8_5_final_ranking_ties_go_to_the_non_player():
    """8.5: after the final round the highest margin wins; ties go to the Non-player(s)."""
    g = game(deck=FINAL, patronage=31, options={"non_players": ["coalition"]})   # both margins -4
    assert g.state.result["margins"]["coalition"] == g.state.result["margins"]["government"] == -4
    assert g.state.result["winner"] == "coalition" and g.state.result["rule"] == "8.5"
    g = game(deck=FINAL, patronage=31)                                           # 7.1: Government
    assert g.state.result["winner"] == "government" and g.state.result["rule"] == "7.3"


# --- 6.3 Resources Phase -------------------------------------------------------------------------------
def test_T25_sabotage_where_taliban_guerrillas_outnumber_other_pieces():
    """6.3.1: 2 Taliban Guerrillas and 1 Police -> Sabotage; with 2 Police -> none (2 is not > 2)."""
    g = game({"LoC Kabul-Tor Kham": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}},
              "LoC Kandahar-Spin Boldak": {"pieces": {"Taliban Guerrilla (Active)": 1, "Taliban Guerrilla": 1,
                                                      "Police": 2}},
              "LoC Kabul-Aibak": {"pieces": {"Taliban Guerrilla": 1}}})
    until_kind(g, "adp_redeploy_police")
    s = g.state
    assert s.sabotage[sp("LoC Kabul-Tor Kham")] == 1 and s.sabotage[sp("LoC Kabul-Aibak")] == 1
    assert s.sabotage[sp("LoC Kandahar-Spin Boldak")] == 0
    assert s.resources["government"] == 12 - 4 - 1           # 6.3.2 counts only unSabotaged LoCs


def test_sabotage_marker_shortage_highest_econ_first():
    """6.3.1 with 3.3.4 (30 markers): one marker left for three qualifying LoCs -> the Econ-4 LoC."""
    terror = {name: {"terror": 6} for name in ("Kabul", "Kandahar", "Khowst", "Helmand")}
    terror["Herat"] = {"terror": 5}
    spaces = dict(terror)
    for name in ("LoC Kabul-Tor Kham", "LoC Kandahar-Spin Boldak", "LoC Kabul-Aibak"):
        spaces[name] = {"pieces": {"Taliban Guerrilla": 1}}
    g = game(spaces)
    until_kind(g, "adp_redeploy_taliban")
    s = g.state
    assert board.markers_in_play(s) == 30
    assert s.sabotage[sp("LoC Kabul-Tor Kham")] == 1
    assert s.sabotage[sp("LoC Kandahar-Spin Boldak")] == 0 and s.sabotage[sp("LoC Kabul-Aibak")] == 0


def test_sabotage_marker_shortage_equal_econ_by_chance():
    """6.3.1 / 8.4.1: one marker left for two Econ-1 LoCs -> one of them, by an equal-chance roll."""
    spaces = {name: {"terror": 6} for name in ("Kabul", "Kandahar", "Khowst", "Helmand")}
    spaces["Herat"] = {"terror": 5}
    for name in ("LoC Kabul-Aibak", "LoC Shibirghan-Aibak"):
        spaces[name] = {"pieces": {"Taliban Guerrilla": 1}}
    chosen = set()
    for seed in range(12):
        g = coin_env.make_game(GAME, position=dict(deck=TWO_PROPAGANDA, spaces=spaces), seed=seed, debug=True)
        until_kind(g, "adp_redeploy_taliban")
        s = g.state
        assert board.markers_in_play(s) == 30
        marked = [name for name in ("LoC Kabul-Aibak", "LoC Shibirghan-Aibak") if s.sabotage[sp(name)]]
        assert len(marked) == 1
        chosen.add(marked[0])
    assert len(chosen) == 2


def test_T24_government_earnings_aid_plus_unsabotaged_econ():
    """6.3.2: Aid 15, Kandahar-Spin Boldak (Econ 3) Sabotaged -> +15 + (12 - 3) = 24; capped at 75."""
    g = game({"LoC Kandahar-Spin Boldak": {"sabotage": 1}}, aid=15, deck=FINAL)
    assert g.is_over() and g.state.resources["government"] == 24
    g = game({"LoC Kandahar-Spin Boldak": {"sabotage": 1}}, aid=15, deck=FINAL,
             resources={"government": 60})
    assert g.state.resources["government"] == 75


def test_T26_insurgent_earnings():
    """6.3.3: Warlords 5 Bases + 2 Guerrillas on clear LoCs (not the one on a Sabotaged LoC) = 7; Taliban
    +1 per Taliban Base on the map, Pakistan included."""
    spaces = {"Balkh": {"pieces": {"Warlord Base": 2}}, "Faryab": {"pieces": {"Warlord Base": 2}},
              "Herat": {"pieces": {"Warlord Base": 1}},
              "LoC Shibirghan-Aibak": {"pieces": {"Warlord Guerrilla": 1}},
              "LoC Kabul-Aibak": {"pieces": {"Warlord Guerrilla (Active)": 1}},
              "LoC Farah-Kandahar": {"pieces": {"Warlord Guerrilla": 1}, "sabotage": 1},
              "Waziristan": {"pieces": {"Taliban Base": 2}}, "Kandahar": {"pieces": {"Taliban Base": 1}}}
    g = game(spaces, deck=FINAL, resources={"taliban": 1, "warlords": 2})
    assert kind(g) == "adp_sharia"                            # Taliban-Controlled Kandahar: Sharia offered
    assert g.state.resources["warlords"] == 2 + 7 and g.state.resources["taliban"] == 1 + 3
    finish_game(g)
    assert g.state.resources["warlords"] == 2 + 7 and g.state.resources["taliban"] == 1 + 3
    assert g.state.resources["government"] == 12 - 1


def test_T27_casualties_cut_aid_then_reset_removes_bases_and_half_the_troops():
    """6.3.4: Aid 20 - 3 x 6 pieces = 2 (after the Government earned the Aid, 6.3.2). 6.6: the Base and
    2 of the 5 Troops leave the game; 3 Troops return to Coalition Available."""
    g = game(aid=20, boxes={"Casualties": {"Coalition Troops": 5, "Coalition Base": 1}})
    s = g.state
    assert s.aid == 2 and s.resources["government"] == 20 + 12
    assert kind(g) == "sop_choice" and s.current == 1           # the round (with its Reset) is over
    assert int(s.pieces[CASUALTIES].sum()) == 0
    assert s.pieces[REMOVED, COALITION_BASE] == 1 and s.pieces[REMOVED, COALITION_TROOPS] == 2
    assert s.pieces[AVAILABLE, COALITION_TROOPS] == 15 + 3 and s.pieces[AVAILABLE, COALITION_BASE] == 5


def test_T54_coalition_base_in_casualties_leaves_the_game_at_reset():
    """3.3.3 / 6.6: a Coalition Base removed by an Attack went to Casualties; Reset removes it for good."""
    g = game(boxes={"Casualties": {"Coalition Base": 1}})
    s = g.state
    assert s.pieces[REMOVED, COALITION_BASE] == 1 and s.pieces[CASUALTIES, COALITION_BASE] == 0
    assert s.pieces[AVAILABLE, COALITION_BASE] == 5
    assert s.aid == 0                                           # 6.3.4 floors Aid at 0


# --- 6.4 Support Phase -----------------------------------------------------------------------------
def test_civic_action_coalition_removes_terror_then_shifts():
    """6.4.1: 3 Government Resources per Terror removed, then per level toward Support."""
    g = game({"Kandahar": {"pieces": {"Coalition Troops": 2, "Police": 1}, "terror": 1}},
             resources={"government": 20})
    assert kind(g) == "adp_civic_action" and g.current_player() == "coalition"
    assert labels(g) == ["select Kandahar", "done"]
    play(g, "select Kandahar")
    assert labels(g) == ["1", "2"]
    play(g, "2")
    s = g.state
    assert s.resources["government"] == 32 - 6 and s.terror[sp("Kandahar")] == 0 and s.support[sp("Kandahar")] == 1
    assert kind(g) != "adp_civic_action"                       # nothing left to buy: the prompt ended


def test_civic_action_one_step_at_a_time_and_done():
    g = game({"Kandahar": {"pieces": {"Coalition Troops": 2, "Police": 1}, "terror": 2}},
             resources={"government": 0})
    play(g, "select Kandahar", "1")
    s = g.state
    assert s.terror[sp("Kandahar")] == 1 and s.resources["government"] == 9
    play(g, "select Kandahar", "1", "done")
    assert s.terror[sp("Kandahar")] == 0 and s.support[sp("Kandahar")] == 0 and s.resources["government"] == 6


def test_civic_action_decider_has_more_troops_coalition_if_tied():
    """6.4.1: the faction with more Troops in the space decides (the Coalition on a tie)."""
    g = game({"Kandahar": {"pieces": {"Government Troops": 2, "Coalition Troops": 1, "Police": 1}},
              "Helmand": {"pieces": {"Government Troops": 1, "Coalition Troops": 1, "Police": 1}}},
             resources={"government": 10})
    assert propaganda.civic_action_spaces(g, "coalition") == [sp("Helmand")]
    assert propaganda.civic_action_spaces(g, "government") == [sp("Kandahar")]
    assert g.current_player() == "coalition" and labels(g) == ["select Helmand", "done"]
    play(g, "done")
    assert kind(g) == "adp_civic_action" and g.current_player() == "government"
    assert labels(g) == ["select Kandahar", "done"]
    play(g, "select Kandahar")                                 # Neutral -> Support: one step only
    assert g.state.support[sp("Kandahar")] == 1 and g.state.resources["government"] == 22 - 3


def test_civic_action_space_requirements():
    """6.4.1: COIN Control, Troops and Police, and something to buy; Pop-0: Terror only."""
    g = game({"Kabul": {"pieces": {"Coalition Troops": 1}},                           # no Police
              "Herat": {"pieces": {"Police": 2}},                                     # no Troops
              "Balkh": {"pieces": {"Coalition Troops": 1, "Police": 1, "Taliban Guerrilla": 3}},  # no Control
              "Kandahar": {"pieces": {"Coalition Troops": 1, "Police": 1}, "support": "Support"},  # at Support
              "Farah": {"pieces": {"Coalition Troops": 1, "Police": 1}, "terror": 1},  # Pop 0
              "LoC Kabul-Aibak": {"pieces": {"Coalition Troops": 1, "Police": 1}}},
             resources={"government": 10})
    assert propaganda.civic_action_spaces(g, "coalition") == [sp("Farah")]
    assert propaganda.civic_action_max(g.state, sp("Farah")) == 1
    play(g, "select Farah")                                    # a single step: no count asked
    assert g.state.terror[sp("Farah")] == 0 and g.state.support[sp("Farah")] == 0
    assert kind(g) != "adp_civic_action"


def test_civic_action_needs_three_resources():
    locs = {name: {"sabotage": 1} for name in SPACE_NAMES if name.startswith("LoC")}
    locs["Kandahar"] = {"pieces": {"Coalition Troops": 1, "Police": 1}}
    g = game(locs, resources={"government": 2})
    assert g.state.resources["government"] == 2
    assert kind(g) != "adp_civic_action"


def test_civic_action_count_limited_by_resources():
    locs = {name: {"sabotage": 1} for name in SPACE_NAMES if name.startswith("LoC")}
    locs["Kandahar"] = {"pieces": {"Coalition Troops": 1, "Police": 1}, "terror": 3}
    g = game(locs, resources={"government": 7})
    play(g, "select Kandahar")
    assert labels(g) == ["1", "2"]


def test_sharia_in_taliban_controlled_spaces():
    """6.4.2: 1 Taliban Resource per Terror removed, then per level toward Opposition."""
    g = game({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}, "support": "Support", "terror": 1},
              "Waziristan": {"pieces": {"Taliban Guerrilla": 1}, "terror": 1},
              "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}, "terror": 1}},   # not Controlled
             resources={"taliban": 5})
    assert kind(g) == "adp_sharia" and g.current_player() == "taliban"
    assert labels(g) == ["select Kandahar", "select Waziristan", "done"]
    play(g, "select Kandahar")
    assert labels(g) == ["1", "2", "3"]
    play(g, "3")
    s = g.state
    assert s.support[sp("Kandahar")] == -1 and s.terror[sp("Kandahar")] == 0 and s.resources["taliban"] == 2
    play(g, "select Waziristan")                               # Pakistan: Terror only
    assert s.terror[sp("Waziristan")] == 0 and s.resources["taliban"] == 1
    assert kind(g) != "adp_sharia"


# --- 6.5 Redeploy Phase --------------------------------------------------------------------------
def test_T16_desertion_one_in_three_cubes():
    """6.5.1: 2 cubes -> none removed; 3 -> 1; 6 -> 2 (the Government picks Troops or Police)."""
    g = game({"Kabul": {"pieces": {"Police": 2}},
              "Kandahar": {"pieces": {"Government Troops": 3}},
              "Khowst": {"pieces": {"Government Troops": 3, "Police": 3}},
              "Nuristan": {"pieces": {"Police": 6}}})
    until_kind(g, "adp_desertion")
    s = g.state
    assert g.current_player() == "government"
    assert s.pieces[sp("Kabul"), POLICE] == 2                  # 2 alone: unaffected
    assert s.pieces[sp("Kandahar"), GOV_TROOPS] == 2           # 3 Troops: 1 removed, no choice
    assert s.pieces[sp("Nuristan"), POLICE] == 4               # 6 Police: 2 removed, no choice
    assert labels(g) == ["0", "1", "2"]
    play(g, "1")
    assert s.pieces[sp("Khowst"), POLICE] == 2 and s.pieces[AVAILABLE, GOV_TROOPS] == 30 - 6 + 2
    # 6.5.2 then sends the Troops of both Provinces (no COIN Base) to Kabul, the only destination.
    assert s.pieces[KABUL, GOV_TROOPS] == 2 + 2 and s.pieces[sp("Khowst"), GOV_TROOPS] == 0


def test_desertion_troop_range():
    g = game()
    s = g.state
    board.set_count(s, sp("Kabul"), GOV_TROOPS, 1)
    board.set_count(s, sp("Kabul"), POLICE, 5)
    assert propaganda.desertion_losses(s, sp("Kabul")) == 2
    assert propaganda.desertion_troop_range(s, sp("Kabul")) == (0, 1)


def test_T52_government_troops_must_redeploy_control_frozen():
    """6.5.2 / 6.5.5: Government Troops on a LoC and in a Province without a COIN Base must go to Kabul
    or a COIN-Controlled COIN-Base space, Control as at the start of the phase (Kandahar loses its
    Control to Desertion but stays a destination)."""
    g = game({"LoC Kandahar-Kabul": {"pieces": {"Government Troops": 2}},
              "Helmand": {"pieces": {"Government Troops": 1}},
              "Kandahar": {"pieces": {"Coalition Base": 1, "Police": 3, "Taliban Base": 1, "Taliban Guerrilla": 2}},
              "Oruzgan": {"pieces": {"Government Base": 1, "Government Troops": 2}},
              "Balkh": {"pieces": {"Coalition Base": 1, "Taliban Guerrilla": 3}}},
             resources={"government": 0})
    until_kind(g, "adp_redeploy_troops")
    s = g.state
    assert g.current_player() == "government"
    assert s.pieces[sp("Kandahar"), POLICE] == 2                       # Desertion ran
    assert 2 * board.coin_pieces(s, sp("Kandahar")) <= int(s.pieces[sp("Kandahar")].sum())  # live: no Control
    assert board.coin_control(s, sp("Kandahar"))                       # frozen: still COIN-Controlled
    assert labels(g) == ["select Helmand", "select LoC Kandahar-Kabul"]  # must: no "done"
    play(g, "select LoC Kandahar-Kabul")
    assert labels(g) == ["select Kabul", "select Kandahar", "select Oruzgan"]
    play(g, "select Kandahar", "2")
    assert labels(g) == ["select Helmand"]
    play(g, "select Helmand", "select Kabul")
    assert kind(g) != "adp_redeploy_troops"
    assert s.pieces[sp("Kandahar"), GOV_TROOPS] == 2 and s.pieces[KABUL, GOV_TROOPS] == 1
    assert s.pieces[sp("Oruzgan"), GOV_TROOPS] == 2                    # COIN Base Province: stays
    finish_round(g)
    assert s.frozen_control is None                                    # 6.5.5
    assert board.coin_control(s, sp("Kandahar"))                       # recomputed after the moves


def test_coalition_troop_redeploy_is_optional():
    """6.5.2: the Coalition may move Troops on LoCs / in Provinces without COIN Bases (only those)."""
    g = game({"Helmand": {"pieces": {"Coalition Troops": 2}},
              "LoC Kabul-Aibak": {"pieces": {"Coalition Troops": 1}},
              "Kabul": {"pieces": {"Coalition Troops": 3}},
              "Kandahar": {"pieces": {"Coalition Base": 1, "Coalition Troops": 2}}})
    until_kind(g, "adp_redeploy_troops")
    assert g.current_player() == "coalition"
    assert labels(g) == ["select Helmand", "select LoC Kabul-Aibak", "done"]
    play(g, "select Helmand", "select Kandahar", "1", "done")
    s = g.state
    assert s.pieces[sp("Helmand"), COALITION_TROOPS] == 1 and s.pieces[sp("Kandahar"), COALITION_TROOPS] == 3
    assert s.pieces[sp("LoC Kabul-Aibak"), COALITION_TROOPS] == 1


def test_government_troops_go_to_kabul_when_it_is_the_only_destination():
    g = game({"Helmand": {"pieces": {"Government Troops": 2}},
              "LoC Kabul-Aibak": {"pieces": {"Government Troops": 1}}})
    finish_round(g)
    s = g.state
    assert s.pieces[KABUL, GOV_TROOPS] == 3 and s.pieces[sp("Helmand"), GOV_TROOPS] == 0


def test_police_redeploy_to_locs_or_coin_controlled_each_moves_once():
    """6.5.3: Police may go to any LoC or COIN-Controlled space; a cube moves at most once."""
    g = game({"Kabul": {"pieces": {"Police": 1}},
              "Helmand": {"pieces": {"Police": 2}},
              "Balkh": {"pieces": {"Taliban Guerrilla": 2}}})
    until_kind(g, "adp_redeploy_police")
    assert labels(g) == ["select Kabul", "select Helmand", "done"]
    play(g, "select Helmand")
    dests = [lab[len("select "):] for lab in labels(g)]
    assert "Kabul" in dests and "Helmand" not in dests and "Balkh" not in dests and "Herat" not in dests
    assert all(name.startswith("LoC") for name in dests if name != "Kabul")
    assert len([d for d in dests if d.startswith("LoC")]) == 7
    play(g, "select Kabul", "2")
    assert labels(g) == ["select Kabul", "done"]               # the 2 arrivals cannot move again
    play(g, "select Kabul", "select LoC Kabul-Aibak")
    s = g.state
    assert kind(g) != "adp_redeploy_police"                    # nothing left to move: ended by itself
    assert s.pieces[KABUL, POLICE] == 2 and s.pieces[sp("LoC Kabul-Aibak"), POLICE] == 1


def test_T53_taliban_redeploy():
    """6.5.4: Guerrillas on LoCs and in Provinces without Taliban Bases must go to Taliban-Controlled
    Taliban-Base spaces or Pashtun Pakistan; Kabul's stay (and so do those already in Pashtun Pakistan)."""
    g = game({"Kabul": {"pieces": {"Taliban Guerrilla": 2}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 2}},
              "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla (Active)": 1}},
              "Kandahar": {"pieces": {"Taliban Base": 1, "Taliban Guerrilla": 3}},
              "Oruzgan": {"pieces": {"Taliban Base": 1, "Police": 2}},
              "Balochistan": {"pieces": {"Taliban Guerrilla": 1}},
              "Waziristan": {"pieces": {"Taliban Guerrilla": 1}}})
    until_kind(g, "adp_redeploy_taliban")
    assert labels(g) == ["select Helmand", "select Balochistan", "select LoC Kandahar-Kabul"]   # no "done"
    play(g, "select Helmand")
    assert labels(g) == ["select Kandahar", "select Waziristan", "select Northwest Frontier"]
    play(g, "select Kandahar", "2", "select Balochistan", "select Waziristan",
         "select LoC Kandahar-Kabul", "select Northwest Frontier")
    assert kind(g) != "adp_redeploy_taliban"
    s = g.state
    assert board.guerrillas(s, KABUL, "taliban") == 2
    assert board.guerrillas(s, sp("Kandahar"), "taliban") == 5
    assert board.guerrillas(s, sp("Waziristan"), "taliban") == 2
    assert board.guerrillas(s, sp("Northwest Frontier"), "taliban") == 1


def test_taliban_redeploy_into_pakistan_under_hostility_stays_active():
    """6.6.1 Hostility: Taliban Guerrillas in Pakistan are always Active (also after the Reset flip)."""
    g = game({"Helmand": {"pieces": {"Taliban Guerrilla": 1}}}, islamabad="Hostility", deck=FINAL)
    until_kind(g, "adp_redeploy_taliban")
    play(g, "select Helmand", "select Waziristan")
    s = g.state
    assert g.is_over()                                         # final round: no Reset flip afterwards
    assert s.pieces[sp("Waziristan"), TALIBAN_G_ACTIVE] == 1 and s.pieces[sp("Waziristan"), TALIBAN_G] == 0


def test_final_round_ends_the_game_at_6_5_6_without_reset():
    """6.5.6 / 2.4.1: the final Round ends after Redeploy; no Reset (Terror stays, nobody made Eligible)."""
    g = game({"Kabul": {"terror": 1}, "Helmand": {"pieces": {"Taliban Guerrilla": 1}}}, deck=FINAL,
             eligible=ALL_OUT, islamabad="Tolerance")
    until_kind(g, "adp_redeploy_taliban")
    play(g, "select Helmand", "select Waziristan")
    s = g.state
    assert g.is_over() and s.result["reason"] == "final Propaganda" and s.result["rule"] == "7.3"
    assert s.terror[KABUL] == 1 and s.islamabad == board.TOLERANCE and not any(s.eligible.values())
    assert s.frozen_control is None
    assert s.result["margins"] == board.victory_margins(s)


# --- 6.6 Reset ------------------------------------------------------------------------------------------
def test_reset_phase():
    """6.6: Eligible all, Terror and Sabotage gone, Momentum ends, Guerrillas Underground (Pakistan ones
    stay Active under Hostility), Islamabad toward Backing, the next card becomes Current."""
    g = game({"Kabul": {"terror": 2, "pieces": {"Police": 1}},
              "LoC Kabul-Aibak": {"sabotage": 1},
              "Kandahar": {"pieces": {"Taliban Base": 1, "Taliban Guerrilla (Active)": 2}},
              "Waziristan": {"pieces": {"Taliban Guerrilla (Active)": 2}},
              "Balkh": {"pieces": {"Warlord Guerrilla (Active)": 2}}},
             islamabad="Hostility", capabilities=[{"card": 1, "side": "unshaded"}])
    until_kind(g, "adp_redeploy_police")
    s = g.state
    s.eligible = dict(ALL_OUT)
    s.lasting.append({"card": 10, "side": "shaded", "name": "momentum", "expires": "game"})
    s.lasting.append({"card": 11, "side": "shaded", "name": "other", "expires": "campaign"})
    play(g, "done")
    assert kind(g) == "sop_choice" and s.current == 1 and 73 in s.played
    assert all(s.eligible.values())
    assert int(s.terror.sum()) == 0 and int(s.sabotage.sum()) == 0
    assert [e["name"] for e in s.lasting] == ["capability"]
    assert s.pieces[sp("Kandahar"), TALIBAN_G] == 2 and s.pieces[sp("Kandahar"), TALIBAN_G_ACTIVE] == 0
    assert s.pieces[sp("Balkh"), WARLORD_G] == 2 and s.pieces[sp("Balkh"), WARLORD_G_ACTIVE] == 0
    assert s.islamabad == board.PRESSURE                         # shifted toward Backing ...
    assert s.pieces[sp("Waziristan"), TALIBAN_G_ACTIVE] == 0     # ... so no longer Hostility: flipped
    assert s.pieces[sp("Waziristan"), TALIBAN_G] == 2


def test_reset_hostility_keeps_pakistan_guerrillas_active():
    """6.6.1: a Hard Hostility marker only flips back at Reset: the Guerrillas in Pakistan stay Active."""
    g = game({"Waziristan": {"pieces": {"Taliban Guerrilla (Active)": 2}}}, islamabad="Hostility",
             islamabad_hard=True)
    s = g.state
    assert kind(g) == "sop_choice" and s.islamabad == board.HOSTILITY and not s.islamabad_hard
    assert s.pieces[sp("Waziristan"), TALIBAN_G_ACTIVE] == 2


def test_T32_hard_islamabad_reset_flips_then_shifts():
    """6.6.1 (T32's Reset part): Sponsorship (Hard) -> the first Reset flips it back, no shift; the next
    Reset shifts it to Backing."""
    g = game(deck=[73, 1, 74, 2, 75], islamabad="Sponsorship", islamabad_hard=True)
    s = g.state
    assert s.current == 1 and s.islamabad == board.SPONSORSHIP and not s.islamabad_hard
    answer_until(g, lambda g: g.state.current == 2)
    assert s.propaganda_played == 2 and s.islamabad == board.BACKING and not s.islamabad_hard


# --- 2.4 / 6.0 cards -------------------------------------------------------------------------------------
def test_T48_two_propaganda_cards_in_a_row_only_one_round():
    """6.0: the second of two Propaganda cards in a row is played without a round."""
    g = game(deck=[73, 74, 1, 2, 75])
    s = g.state
    assert s.current == 1 and s.propaganda_played == 2 and 74 in s.played
    assert s.resources["government"] == 12                      # one Resources phase only


def test_T48_second_propaganda_in_a_row_final_ends_the_game():
    """6.0 / 7.3: if that second card is the final one, the game ends and 7.3 decides."""
    g = game(deck=[73, 74, 1, 2])
    s = g.state
    assert g.is_over() and s.result["reason"] == "final Propaganda" and s.propaganda_played == 2
    assert s.resources["government"] == 12


def test_sudden_propaganda_round_then_the_swapped_event_card():
    """2.3.7: the swapped Event card is played after the round; the Propaganda card is discarded."""
    g = game(deck=[1, 2, 73, 3, 74], options={"sudden_propaganda": True})
    answer_until(g, lambda g: g.state.propaganda_played == 1 and kind(g) == "sop_choice")
    s = g.state
    assert s.current == 2 and s.upcoming == 3 and s.played == [1, 73]


def test_round_survives_save_and_load_mid_phase():
    """Frames are JSON-plain: a game saved at a round decision continues identically."""
    g = game({"Kandahar": {"pieces": {"Coalition Troops": 2, "Police": 1}, "terror": 1},
              "Helmand": {"pieces": {"Government Troops": 3, "Taliban Guerrilla": 1, "Police": 4}}},
             resources={"government": 20})
    play(g, "select Kandahar")
    h = coin_env.load_game(g.to_json(), debug=True)
    for x in (g, h):
        play(x, "1")
        answer_until(x, lambda x: kind(x) == "sop_choice")
    assert json.loads(g.to_json())["state"] == json.loads(h.to_json())["state"]


# --- random play smoke test --------------------------------------------------------------------------------
def random_position(rnd):
    pool = {p: n for p, n in FORCE_POOL.items()}
    spaces = {}
    markers = 0
    for i, name in enumerate(SPACE_NAMES):
        pieces = {}

        def put(piece, n, *, label=None):
            base = TALIBAN_G if piece == TALIBAN_G_ACTIVE else WARLORD_G if piece == WARLORD_G_ACTIVE else piece
            n = min(n, pool[base])
            if n > 0:
                pool[base] -= n
                pieces[label or PIECE_NAMES[piece]] = pieces.get(label or PIECE_NAMES[piece], 0) + n

        if not IS_PAKISTAN[i]:
            for piece in (COALITION_TROOPS, GOV_TROOPS, POLICE, WARLORD_G, WARLORD_G_ACTIVE):
                put(piece, rnd.choice([0, 0, 1, 2, 3]))
        for piece in (TALIBAN_G, TALIBAN_G_ACTIVE):
            put(piece, rnd.choice([0, 0, 1, 2, 4]))
        if IS_CONTROLLABLE[i]:
            owners = [7] if IS_PAKISTAN[i] else [1, 4, 7, 10]
            for _ in range(rnd.choice([0, 0, 1, 2])):
                put(rnd.choice(owners), 1)
        entry = {"pieces": pieces} if pieces else {}
        if IS_CONTROLLABLE[i] and not IS_PAKISTAN[i] and rnd.random() < 0.6:
            entry["support"] = rnd.choice(["Support", "Opposition", "Neutral"])
            if entry["support"] != "Neutral" and name in ("Farah", "Nimruz", "Samangan", "Sar-e-Pol", "Zabol"):
                entry["support"] = "Neutral"
        if IS_CONTROLLABLE[i] and markers < 28 and rnd.random() < 0.3:
            entry["terror"] = rnd.choice([1, 2])
            markers += entry["terror"]
        if IS_LOC[i] and markers < 30 and rnd.random() < 0.2:
            entry["sabotage"] = 1
            markers += 1
        if entry:
            spaces[name] = entry
    casualties = {"Coalition Troops": min(pool[COALITION_TROOPS], rnd.choice([0, 1, 3])),
                  "Coalition Base": min(pool[COALITION_BASE], rnd.choice([0, 0, 1]))}
    return {"spaces": spaces, "boxes": {"Casualties": casualties},
            "resources": {"government": rnd.randint(0, 40), "taliban": rnd.randint(0, 30),
                          "warlords": rnd.randint(0, 38)},
            "aid": rnd.randint(0, 20), "patronage": rnd.randint(0, 15),
            "islamabad": rnd.choice(["Hostility", "Pressure", "Tolerance", "Backing", "Sponsorship"]),
            "islamabad_hard": rnd.random() < 0.3}


@pytest.mark.parametrize("seed", range(50))
def test_random_rounds_complete(seed):
    """Random positions, random legal answers: every round completes, nothing dead-ends, the invariants
    hold (debug) and the game survives save/load at random decisions."""
    rnd = random.Random(seed)
    pos = random_position(rnd)
    deck = [73, 1, 74, 2, 3, 75] if seed % 2 else [73, 1, 2]
    options = [{}, {"non_players": ["taliban"]}, {"players": PAIRS}, {"sudden_propaganda": True}][seed % 4]
    g = coin_env.make_game(GAME, position=dict(deck=deck, **pos), options=options, seed=seed, debug=True)
    for step in range(3000):
        if g.is_over():
            break
        legal = g.legal_actions()
        assert legal
        if rnd.random() < 0.02:
            g = coin_env.load_game(g.to_json(), debug=True)
        g.apply(rnd.choice(legal))
    assert g.is_over()
    r = g.state.result
    assert r["winner"] in r["ranking"] and sorted(r["ranking"]) == sorted(["coalition", "government", "taliban",
                                                                           "warlords"])
    assert g.state.frozen_control is None
