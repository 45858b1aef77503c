"""Sequence of play (2.2-2.3.7) through coin/sequence.py with Vijayanagara's hooks."""

from coin_env.core.play import labels, play
from coin_env.games.vijayanagara import board
from coin_env.games.vijayanagara.data.pieces import AMIR, TROOP
from vj_helpers import at, position_game


def test_card_order_and_all_eligible_factions_act_2_3_1():
    """2.3.1 / 2.3.2: card 1's (reconstructed) order is DS, BK, VE; all three are offered the card."""
    g = position_game()
    assert g.current_player() == "ds"
    play(g, "pass")
    assert g.current_player() == "bk"
    play(g, "pass")
    assert g.current_player() == "ve"
    play(g, "pass")
    assert g.state.current == 2          # every Eligible faction acted: the next card


def test_zero_space_command_with_collect_tribute_2_3_3_4_2_1():
    """2.3.3: a Command in zero spaces with a Decree; 4.2.1: +floor(18/2) Resources and 2 Cavalry."""
    g = position_game(resources={"ds": 12, "bk": 6, "ve": 7}, cavalry={"ds": 2})
    play(g, "command & decree", "Conscript", "done", "Collect Tribute")
    s = g.state
    assert s.resources["ds"] == 21 and s.cavalry["ds"] == 4 and board.cavalry_pool(s) == 6


def test_forks_close_and_eligibility_2_3_3_2_3_7():
    """2.3.3: a forked box taken is closed to the others; the third faction may only take a Limited
    Command or Pass. 2.3.6: a passing faction gains 1 Resource. 2.3.7: the two on the forks become
    Ineligible, the passer stays Eligible."""
    g = position_game(spaces={"Maharashtra": {"pieces": {"Amir": 4}}}, resources={"ds": 12, "bk": 6, "ve": 7})
    play(g, "command & decree", "Conscript", "select Delhi", "5", "done", "Collect Tribute")
    assert "command & decree" not in labels(g)
    assert "command (event-or-command box)" in labels(g)
    play(g, "command (event-or-command box)", "Rally", "select Maharashtra", "2", "done")
    assert at(g, "Maharashtra", AMIR) == 6          # 3.3.1: 1 + 1 in Maharashtra
    assert set(labels(g)) == {"pass", "limited command"}
    play(g, "pass")
    s = g.state
    assert s.resources["ve"] == 8
    assert s.current == 2 and s.eligible == {"ds": False, "bk": False, "ve": True}
    assert g.current_player() == "ve"


def test_limited_commands_keep_eligibility_2_3_5():
    g = position_game(resources={"ds": 5, "bk": 6, "ve": 7})
    play(g, "limited command", "Conscript", "select Delhi", "2", "done")
    assert at(g, "Delhi", TROOP) == 2 and g.state.resources["ds"] == 4
    play(g, "limited command", "Rally", "select Maharashtra", "2", "done")
    play(g, "limited command", "Rally", "select Karnataka", "2", "done")
    assert g.state.current == 2 and all(g.state.eligible.values())


def test_limited_command_is_one_space_2_3_5():
    g = position_game(resources={"ds": 5})
    play(g, "limited command", "Conscript", "select Sindh")
    assert labels(g) == ["done"]               # one space only
    play(g, "done")
    assert g.current_player() == "bk"


def test_pass_income_capped_2_3_6_1_8():
    g = position_game(resources={"ds": 23, "bk": 24, "ve": 0})
    play(g, "pass", "pass", "pass")
    assert g.state.resources == {"ds": 24, "bk": 24, "ve": 1}


def test_ineligible_faction_skipped_2_3_2():
    g = position_game(eligible={"ds": False, "bk": True, "ve": True})
    assert g.current_player() == "bk"
    play(g, "pass", "pass")
    assert g.state.current == 2 and all(g.state.eligible.values())


def test_no_event_offered_data_only_cards():
    g = position_game()
    assert not any(label.startswith("event") for label in labels(g))


def test_decree_not_between_command_spaces_4_1():
    """2.3.3 / 4.1: the Decree comes before or after the whole Command, not between its spaces."""
    g = position_game(resources={"ds": 10})
    play(g, "command & decree", "Conscript")
    assert "Collect Tribute" in labels(g)              # before the first space
    play(g, "select Sindh")
    assert "Collect Tribute" not in labels(g)          # mid-Command
    play(g, "done")
    assert "Collect Tribute" in labels(g)              # after


def test_timurs_shadow_option():
    """Optional rule: after the first Timurid card every Command is in one space only."""
    from coin_env.games.vijayanagara import game as vj
    for shadow, expect in ((True, ["done"]), (False, None)):
        g = vj.new_game(seed=0, debug=True, options={"timurs_shadow": shadow}, position={
            "current_card": 1, "deck": [2, 49], "timurid_played": 1, "resources": {"ds": 9}})
        play(g, "command (event-or-command box)", "Conscript", "select Sindh")
        if expect:
            assert labels(g) == expect
        else:
            assert "select Gujarat" in labels(g)


def test_command_and_decree_must_include_a_decree_4_1():
    """4.1: a faction taking Command & Decree must choose a Decree (done is not offered after the
    Command until it has one)."""
    g = position_game(resources={"ds": 5})
    play(g, "command & decree", "Conscript", "select Sindh", "done")
    assert "done" not in labels(g) and "Collect Tribute" in labels(g)
