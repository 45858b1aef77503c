"""Commands (3.2-3.4) and Decrees (4.2-4.4) implemented so far; control and influence (1.6-1.9)."""

import pytest

from coin_env.core.game import IllegalActionError
from coin_env.core.play import labels, play
from coin_env.games.vijayanagara import board
from coin_env.games.vijayanagara.data.pieces import (AMIR, AMIR_REBEL, FORT, RAJA, RAJA_REBEL, TEMPLE, TROOP)
from coin_env.games.vijayanagara.static import AVAILABLE, BK_TRACK, INDEX, VE_TRACK
from coin_env.games.vijayanagara.rules.common import gain_cavalry, shift_influence
from vj_helpers import at, avail, position_game


def test_conscript_delhi_qasbah_tributary_3_2_1():
    """3.2.1 (digest example 19): +5 Delhi, +2 Andhra (Qasbah), +1 Orissa; 3 Resources."""
    g = position_game(spaces={"Andhra": {"pieces": {"Qasbah": 1}}}, resources={"ds": 5})
    play(g, "command (event-or-command box)", "Conscript", "select Delhi", "5", "select Andhra", "2",
         "select Orissa", "done")
    assert (at(g, "Delhi", TROOP), at(g, "Andhra", TROOP), at(g, "Orissa", TROOP)) == (5, 2, 1)
    assert g.state.resources["ds"] == 2


def test_conscript_not_in_independent_province_without_qasbah_3_2_1():
    g = position_game(spaces={"Gujarat": {"tributary": False}}, resources={"ds": 5})
    play(g, "command (event-or-command box)", "Conscript")
    assert "select Gujarat" not in labels(g) and "select Punjab" not in labels(g)
    assert "select Delhi" in labels(g)


def test_conscript_needs_resources_3_1_3():
    g = position_game(resources={"ds": 0})
    assert "limited command" not in labels(g)


def test_bk_rally_controlled_maharashtra_3_3_1():
    """Digest example 31: BK-Controlled Maharashtra: +3 Amirs, Rebelling (1.4.5)."""
    g = position_game(spaces={"Maharashtra": {"tributary": False, "pieces": {"Amir": 2}}},
                      eligible={"ds": False, "bk": True, "ve": True})
    assert board.controller(g.state, INDEX["Maharashtra"]) == "bk"
    assert at(g, "Maharashtra", AMIR_REBEL) == 2
    play(g, "limited command", "Rally", "select Maharashtra")
    assert labels(g) == ["1", "2", "3"]                   # 1 plus up to 1 (home) plus up to 1 (Control)
    play(g, "3", "done")
    assert at(g, "Maharashtra", AMIR_REBEL) == 5 and at(g, "Maharashtra", AMIR) == 0


def test_bk_rally_plain_tributary_province_3_3_1():
    """Digest example 33: Tributary Province with a BK piece: +1 Obedient Amir."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Amir": 1}}}, eligible={"ds": False, "bk": True, "ve": True})
    play(g, "limited command", "Rally")
    assert "select Gujarat" in labels(g) and "select Maharashtra" in labels(g)
    assert "select Sindh" not in labels(g)
    play(g, "select Gujarat", "done")
    assert at(g, "Gujarat", AMIR) == 2


def test_ve_rally_controlled_karnataka_with_temple_3_4_1():
    """Digest example 32: VE-Controlled Karnataka with a Temple: +4 Rajas, Rebelling."""
    g = position_game(spaces={"Karnataka": {"tributary": False, "pieces": {"Raja": 1, "Temple": 1}}},
                      eligible={"ds": False, "bk": False, "ve": True})
    play(g, "limited command", "Rally", "select Karnataka", "4", "done")
    assert at(g, "Karnataka", RAJA_REBEL) == 5


def test_rebel_barred_under_khalji_2_7_1():
    """Digest example 16: Karnataka Tributary with 3 Rajas only: no Rebel in the Khalji Dynasty."""
    g = position_game(spaces={"Karnataka": {"pieces": {"Raja": 3}}}, eligible={"ds": False, "bk": False, "ve": True})
    play(g, "command & decree")
    assert "Rebel" not in labels(g)


def test_rebel_under_tughlaq_3_4_3():
    """Digest example 17: after Zenith, VE Rebels in Karnataka: Independent, VE Control, Rajas
    Rebelling; DS VP -P, VE VP +P; 1 Resource."""
    g = position_game(spaces={"Karnataka": {"pieces": {"Raja": 3}}}, dynasty="Tughlaq",
                      eligible={"ds": False, "bk": False, "ve": True}, resources={"ve": 3})
    p = g.data.prosperity_list[INDEX["Karnataka"]]
    before = g.victory_totals()
    play(g, "limited command", "Rebel", "select Karnataka", "done")
    sp = INDEX["Karnataka"]
    assert not g.state.tributary[sp] and board.controller(g.state, sp) == "ve"
    assert at(g, "Karnataka", RAJA_REBEL) == 3 and g.state.resources["ve"] == 2
    after = g.victory_totals()
    assert after["ds"] == before["ds"] - p and after["ve"] == before["ve"] + p


def test_rebel_needs_strict_majority_3_3_3():
    """Digest example 18: 2 Amirs vs 2 Troops: not more, so no Rebel."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Amir": 2, "Troop": 2}}}, dynasty="Tughlaq",
                      eligible={"ds": False, "bk": True, "ve": False})
    play(g, "command & decree", "Rebel")
    assert "select Gujarat" not in labels(g)


def test_control_counts_structures_1_7():
    """Digest examples 41/42: 2 Amirs + Fort vs 2 Troops Controls; vs 3 Troops does not."""
    g = position_game(spaces={"Gujarat": {"tributary": False, "pieces": {"Amir": 2, "Fort": 1, "Troop": 2}}})
    sp = INDEX["Gujarat"]
    assert board.controller(g.state, sp) == "bk" and at(g, "Gujarat", AMIR_REBEL) == 2
    board.place(g.state, sp, TROOP)
    assert board.controller(g.state, sp) is None
    assert at(g, "Gujarat", AMIR_REBEL) == 2          # Amirs may stay Rebelling (1.4.5)


def test_tributary_marker_makes_units_obedient_1_6():
    g = position_game(spaces={"Gujarat": {"tributary": False, "pieces": {"Amir": 2}}})
    sp = INDEX["Gujarat"]
    board.set_tributary(g.state, sp, True)
    assert at(g, "Gujarat", AMIR) == 2 and at(g, "Gujarat", AMIR_REBEL) == 0


def test_trade_4_3_1():
    """Digest examples 46/47: BK pieces in 4 Provinces at Influence 3: +4 Resources, +3 Cavalry."""
    g = position_game(spaces={sp: {"pieces": {"Amir": 1}} for sp in ("Gujarat", "Malwa", "Sindh", "Orissa")},
                      influence={"bk": 3}, eligible={"ds": False, "bk": True, "ve": False}, resources={"bk": 0})
    play(g, "command & decree", "Rally", "Trade")
    assert g.state.resources["bk"] == 4 and g.state.cavalry["bk"] == 3


@pytest.mark.parametrize("influence,cavalry", [(0, 1), (1, 2), (2, 2), (3, 3), (4, 3)])
def test_trade_cavalry_by_influence_1_9_1(influence, cavalry):
    g = position_game(influence={"bk": influence}, eligible={"ds": False, "bk": True, "ve": False})
    play(g, "command & decree", "Rally", "Trade")
    assert g.state.cavalry["bk"] == cavalry


def test_tax_4_4_1():
    """Digest example 48 shape: VE Controls Provinces of Prosperity total P plus Temples T: +P+T."""
    g = position_game(spaces={"Karnataka": {"tributary": False, "pieces": {"Raja": 2, "Temple": 1}},
                              "Tamilakam": {"pieces": {"Raja": 1, "Temple": 1}}},
                      eligible={"ds": False, "bk": False, "ve": True}, resources={"ve": 0})
    p = g.data.prosperity_list[INDEX["Karnataka"]]
    play(g, "command & decree", "Rally", "Tax")
    assert g.state.resources["ve"] == p + 2


def test_build_one_structure_per_province_1_4_4():
    """4.3.2 / 4.4.2 and digest example 62: no second Fort in a Province."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Amir": 1, "Fort": 1}}, "Malwa": {"pieces": {"Amir": 1}}},
                      eligible={"ds": False, "bk": True, "ve": False})
    play(g, "command & decree", "Rally", "Build")
    assert "select Gujarat" not in labels(g) and "select Malwa" in labels(g)
    play(g, "select Malwa", "done")
    assert at(g, "Malwa", FORT) == 1


def test_influence_releases_and_refills_slots_1_9():
    """Digest examples 38-40: VE 0 -> 1 releases 2 Rajas; 1 -> 0 owes 2 back (refilled from
    Available or the map, VE's choice: automatic when only Available has Rajas); 0 -> 2 releases 4;
    moves past the track's ends are ignored."""
    g = position_game()                          # no Rajas on the map
    s = g.state
    before = avail(g, RAJA)
    shift_influence(g, "ve", 1)
    assert avail(g, RAJA) == before + 2 and s.pieces[VE_TRACK, RAJA] == 6
    shift_influence(g, "ve", -1)
    assert avail(g, RAJA) == before and s.pieces[VE_TRACK, RAJA] == 8 and s.frames[-1]["kind"] != "vj_refill"
    shift_influence(g, "ve", 2)
    assert avail(g, RAJA) == before + 4
    shift_influence(g, "bk", 1)
    assert s.pieces[BK_TRACK, AMIR] == 4           # Bahmani slots are at 2 and 4 only
    shift_influence(g, "bk", 5)
    assert s.influence["bk"] == 4 and s.pieces[BK_TRACK, AMIR] == 0
    shift_influence(g, "ve", -9)
    assert s.influence["ve"] == 0


def test_influence_refill_from_the_map_1_9():
    """1.9: a slot dropped below is refilled from Available or anywhere on the map."""
    g = position_game(spaces={"Karnataka": {"pieces": {"Raja": 3}}}, influence={"ve": 1},
                      boxes={"Vijayanagara Influence track": {"Raja": 6}, "Bahmani Influence track": {"Amir": 4}})
    s = g.state
    shift_influence(g, "ve", -1)
    g.advance()
    assert g.current_player() == "ve" and set(labels(g)) == {"Influence slot: refill from Available",
                                                             "select Karnataka"}
    play(g, "select Karnataka", "Influence slot: refill from Available")
    assert at(g, "Karnataka", RAJA) == 2 and s.pieces[VE_TRACK, RAJA] == 8


def test_cavalry_taken_from_others_when_pool_empty_1_10():
    g = position_game(cavalry={"ds": 6, "bk": 4, "ve": 0}, eligible={"ds": False, "bk": False, "ve": True},
                      spaces={"Karnataka": {"tributary": False, "pieces": {"Raja": 1}}})
    play(g, "command & decree", "Rally", "Tax")
    assert g.state.cavalry["ve"] == 0                   # Tax gives no Cavalry
    gain_cavalry(g, "ve", 2)
    g.advance()
    assert set(labels(g)) == {"Delhi Sultanate", "Bahmani Kingdom", "done"}
    play(g, "Bahmani Kingdom", "done")
    assert g.state.cavalry == {"ds": 6, "bk": 3, "ve": 1}


def test_victory_points_5_1_to_5_3():
    g = position_game(spaces={"Gujarat": {"tributary": False, "pieces": {"Amir": 1, "Fort": 1}}},
                      influence={"bk": 2})
    p = g.data.prosperity_list[INDEX["Gujarat"]]
    assert g.victory_totals() == {"ds": 18 - p, "bk": p + 1 + 2, "ve": 0}


def test_illegal_action_refused_state_unchanged():
    g = position_game()
    before = g.to_json()
    with pytest.raises(IllegalActionError):
        play(g, "Trade")
    bad = next(a for a in range(len(g.vocabulary)) if a not in g.legal_actions())
    with pytest.raises(Exception):
        g.apply(bad)
    assert g.to_json() == before
