"""Mongol Invasion (2.4, 3.5), Succession (2.5) and Timurid Empire cards (2.6), battle (1.10, 3.5.3),
final scoring (5.0-5.1)."""

import pytest

import coin_env

from coin_env.core.play import labels, play
from coin_env.games.vijayanagara import board
from coin_env.games.vijayanagara.data.pieces import MONGOL, TROOP
from coin_env.games.vijayanagara.rules.battle import mongol_charge, threshold
from coin_env.games.vijayanagara.static import AVAILABLE, DELHI
from vj_helpers import at, avail, position_game

REST = [2, 3, 4, 5, 6, 7, 48, 8, 49]


def test_amass_overflow_3_5_1():
    """Digest example 52: MP 3, Punjab 4, Amass: MP 6 -> 4 (2 on to Punjab), Punjab 6 -> 4 (2 to Delhi)."""
    g = position_game(spaces={"Mountain Passes": {"pieces": {"Mongol Invader": 3}},
                              "Punjab": {"pieces": {"Mongol Invader": 4}}}, card=37, deck=REST)
    assert g.current_player() == "bk"                   # card 37 names the Bahmani Kingdom (reconstructed)
    play(g, "Mongols: Amass")
    assert (at(g, "Mountain Passes", MONGOL), at(g, "Punjab", MONGOL), at(g, "Delhi", MONGOL)) == (4, 4, 2)


def test_amass_needs_available_mongols_3_5_1():
    g = position_game(spaces={"Mountain Passes": {"pieces": {"Mongol Invader": 12}}}, card=37, deck=REST)
    assert "Mongols: Amass" not in labels(g)


def test_two_commands_then_gifts_2_4():
    """2.4: two Mongol Commands, then Compromising Gifts (digest example 60: Influence 2 -> 1, +2
    Resources, +2 Cavalry; the slot-2 Rajas go back onto the track)."""
    g = position_game(card=41, deck=REST, influence={"ve": 2}, resources={"ve": 0})
    assert g.current_player() == "ve"
    play(g, "Mongols: Amass", "Mongols: Advance", "select Mountain Passes", "2")
    assert at(g, "Mountain Passes", MONGOL) == 1 and at(g, "Punjab", MONGOL) == 2
    play(g, "yes")
    s = g.state
    assert s.influence["ve"] == 1 and s.resources["ve"] == 2 and s.cavalry["ve"] == 2
    assert s.current == 2 and all(s.eligible.values())        # eligibility unchanged


def test_gifts_not_offered_at_influence_zero_2_4_2():
    g = position_game(card=41, deck=REST)
    play(g, "Mongols: Amass", "Mongols: Amass")
    assert g.state.current == 2                   # no Gifts question at Influence 0


def test_attack_and_plunder_punjab_without_ds_3_5_3():
    """Digest example 53: Punjab 4 Mongols, no DS pieces, DS 6 Resources: 6 -> 3; DS removes 4
    Troops from Provinces; 1 Mongol returns (Punjab 3)."""
    g = position_game(spaces={"Punjab": {"pieces": {"Mongol Invader": 4}}, "Malwa": {"pieces": {"Troop": 5}}},
                      card=37, deck=REST, resources={"ds": 6})
    play(g, "Mongols: Attack and Plunder", "select Punjab")
    assert g.state.resources["ds"] == 3 and at(g, "Punjab", MONGOL) == 3
    assert g.current_player() == "ds"
    play(g, "select Malwa", "select Malwa", "select Malwa", "select Malwa")
    assert at(g, "Malwa", TROOP) == 1


def test_plunder_never_raises_resources_3_5_3():
    """Digest example 54: DS at 2 Resources stays at 2."""
    g = position_game(spaces={"Delhi": {"pieces": {"Mongol Invader": 2}}, "Malwa": {"pieces": {"Troop": 5}}},
                      card=37, deck=REST, resources={"ds": 2})
    play(g, "Mongols: Attack and Plunder", "select Delhi")
    assert g.state.resources["ds"] == 2
    assert g.current_player() == "ds"            # 2 Troops per Mongol in Delhi from the Provinces
    play(g, "select Malwa", "select Malwa", "select Malwa", "select Malwa")
    assert at(g, "Malwa", TROOP) == 1


@pytest.mark.parametrize("dice,units,after", [
    ([3, 5, 6, 2], 2, [2, 5, 6, 2]),      # digest example 29: a miss into a hit
    ([6, 6, 2, 3], 4, [6, 6, 1, 3]),      # digest example 30: no miss convertible: 2 -> 1
    ([6, 6], 5, [5, 6]),                  # a charged 6 hits at threshold 5
])
def test_mongol_forced_charge_1_10(dice, units, after):
    mongol_charge(dice, units)
    assert dice == after


def test_hit_threshold_3_2_4():
    """Digest example 26: 7 Units hit on 1-5."""
    assert threshold(7) == 5 and threshold(2) == 2


def test_battle_against_ds_in_delhi_rolls_three_dice_3_5_3():
    g = position_game(spaces={"Delhi": {"pieces": {"Mongol Invader": 3, "Troop": 2}}}, card=37, deck=REST,
                      cavalry={"ds": 1})
    play(g, "Mongols: Attack and Plunder", "select Delhi")
    battle = next(f for f in g.state.frames if f["kind"] == "vj_battle")
    assert len(battle["att_dice"]) == 3 and len(battle["def_dice"]) == 2
    assert g.current_player() == "ds"       # DS may spend its Cavalry token (1.10)
    play(g, "done")


def test_first_timurid_card_2_6():
    """Digest example 56: 7 Mongols Available: 3 to the Mountain Passes; eligibility unchanged."""
    g = position_game(spaces={"Punjab": {"pieces": {"Mongol Invader": 5}}}, card=48, deck=[2, 3, 49],
                      eligible={"ds": False, "bk": True, "ve": True})
    s = g.state
    assert at(g, "Mountain Passes", MONGOL) == 3 and s.timurid_played == 1
    assert s.current == 2 and s.eligible["ds"] is False


def test_zenith_2_5_1():
    """Digest example 57: BK Influence 2 + 1 Fort -> +3 Cavalry; VE Influence 1 + 2 Temples -> +3
    Resources; Dynasty -> Tughlaq."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Amir": 1, "Fort": 1}},
                              "Karnataka": {"pieces": {"Raja": 1, "Temple": 1}},
                              "Tamilakam": {"pieces": {"Raja": 1, "Temple": 1}}},
                      influence={"bk": 2, "ve": 1}, card=45, deck=REST, resources={"ve": 0})
    s = g.state
    assert s.dynasty == "Tughlaq" and s.cavalry["bk"] == 3 and s.resources["ve"] == 3
    assert g.current_player() == "ds" and g.prompt().startswith("Campaign")


def test_succession_campaign_avoids_mongol_regions_2_5_1():
    """2.5.1 step 2: Delhi and Provinces only; a route of at most 3 steps (4.2.2)."""
    g = position_game(spaces={"Delhi": {"pieces": {"Troop": 4, "Governor": 1}}}, card=45, deck=REST)
    assert "select Punjab" not in labels(g) and "select Delhi" in labels(g)
    play(g, "select Delhi", "4", "1")
    assert "select Punjab" not in labels(g) and "select Rajput Kingdoms" in labels(g)
    play(g, "select Rajput Kingdoms", "Campaign: drop off Units here", "1", "0",
         "select Malwa", "select Madhyadesh")
    assert not any(label.startswith("select") for label in labels(g))      # 3 steps taken
    play(g, "done")
    assert at(g, "Rajput Kingdoms", TROOP) == 1 and at(g, "Madhyadesh", TROOP) == 3
    assert g.state.current == 2

def test_rise_free_limited_command_and_reward_2_5_2():
    """Digest example 58: BK Controls Provinces of Prosperity 2+2: free Limited Command, then 3 (not
    4) in any mix."""
    g = position_game(spaces={"Gujarat": {"tributary": False, "pieces": {"Amir": 2}},
                              "Malwa": {"tributary": False, "pieces": {"Amir": 2}}},
                      card=46, deck=REST, resources={"bk": 0, "ve": 0}, dynasty="Tughlaq")
    assert g.current_player() == "ds"                   # step 1: Delhi may Campaign first
    play(g, "done")
    assert g.current_player() == "bk"
    play(g, "Rally", "select Gujarat", "2", "done")     # free: no Resources needed (1 + 1 for Control)
    assert g.state.resources["bk"] == 0
    assert labels(g) == ["0", "1", "2", "3"]
    play(g, "1")
    assert g.state.resources["bk"] == 1 and g.state.cavalry["bk"] == 2
    assert g.current_player() == "ve"


def test_lords_of_the_deccan_2_5_3():
    """Digest example 59: DS with 10 Resources makes at most 3 shifts (9 Resources)."""
    g = position_game(card=47, deck=REST, resources={"ds": 10, "bk": 0, "ve": 0})
    assert g.current_player() == "ds"
    play(g, "Lords of the Deccan: Vijayanagara Influence +1", "Lords of the Deccan: Bahmani Influence +1",
         "Lords of the Deccan: Vijayanagara Influence +1")
    s = g.state
    assert s.resources["ds"] == 1 and s.influence == {"bk": 1, "ve": 2}
    assert g.current_player() == "bk" and labels(g) == ["done"]


def test_timur_invades_and_final_score_2_6_5_1():
    """2.6: Units move on from the Mountain Passes and Punjab to Delhi; the Mongols attack until one
    side is gone in Delhi; 5.1: DS +3 with no Mongols in Delhi, at worst -3."""
    g = position_game(spaces={"Mountain Passes": {"pieces": {"Mongol Invader": 4}},
                              "Punjab": {"pieces": {"Mongol Invader": 4}}}, card=49, timurid_played=1,
                      deck=[2, 3])
    s = g.state
    while not g.is_over():
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    assert at(g, "Mountain Passes", MONGOL) == 0 and at(g, "Punjab", MONGOL) == 0
    assert at(g, "Delhi", MONGOL) == 0 or at(g, "Delhi", TROOP) == 0
    adj = board.mongol_adjustment(s)
    assert adj == max(3 - at(g, "Delhi", MONGOL), -3)
    assert s.result["scores"]["ds"] == 18 + adj
    assert s.result["winner"] == s.result["ranking"][0]


@pytest.mark.parametrize("mongols,adjust", [(0, 3), (3, 0), (6, -3), (7, -3), (12, -3)])
def test_final_mongol_adjustment_5_1(mongols, adjust):
    """Digest examples 1-3."""
    g = position_game(spaces={"Delhi": {"pieces": {"Mongol Invader": mongols}}})
    assert board.mongol_adjustment(g.state) == adjust


def test_make_game_dice_script_rolls_before_the_first_decision_2_6():
    """make_game(dice=...): a position at the second Timurid card runs Timur's invasion (2.6) and its
    battle in Delhi before any decision; the queued dice are the ones it rolls."""
    pos = {"spaces": {"Mountain Passes": {"pieces": {"Mongol Invader": 4}}, "Punjab": {"pieces": {"Mongol Invader": 4}},
                      "Delhi": {"pieces": {"Troop": 4}}},
           "current_card": 49, "timurid_played": 1, "deck": [2, 3], "cavalry": {"ds": 0}}
    g = coin_env.make_game("vijayanagara", seed=0, position=pos, dice=[6] * 10)
    # 3 Mongol dice (3.5.3: 3 in Delhi), their Charge turns one 6 into a 5 (a hit: 8 Mongols hit on 5);
    # the Troops' two 6s miss
    assert at(g, "Delhi", MONGOL) == 8 and g.prompt() == "Delhi Sultanate: remove a piece in Delhi (1 hits left)"
    assert g.state.rng.dice == [6] * 5
    g = coin_env.make_game("vijayanagara", seed=0, position=pos, dice=[1] * 5)
    assert at(g, "Delhi", MONGOL) == 6 and g.prompt() == "Delhi Sultanate: remove a piece in Delhi (3 hits left)"
