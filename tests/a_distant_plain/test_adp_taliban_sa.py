"""Taliban Special Activities (4.4): Extort, Infiltrate, Ambush.

Worked examples of the digest (section 12): T7 (4.1 Extort pays for the Operation), T20 (4.4.2 note),
T40 (4.4.1); then one test per rule point. Special Activities run through the sequence of play
("operation with special activity", the Operation, then the Special Activity at the Operation's
prompt), or as a free Special Activity granted by an Event (5.5) pushed at a sequence-of-play prompt.
"""

import coin_env
from adp_helpers import at, avail, position_game, res
from adp_helpers import free_sa as shared_free_sa
from coin_env import labels, play
from coin_env.games.a_distant_plain.data.pieces import (COALITION_TROOPS, GOV_BASE, GOV_TROOPS, POLICE,
                                                        TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE, WARLORD_G)
from coin_env.games.a_distant_plain.rules import taliban_sa
from coin_env.games.a_distant_plain.static import CASUALTIES, INDEX

OPP, NEU, SUP = -1, 0, 1
TOR_KHAM = "LoC Kabul-Tor Kham"          # Econ 4
SPIN_BOLDAK = "LoC Kandahar-Spin Boldak"  # Econ 3


def watch_dice(g):
    """Start the game log; the RNG state and log length now, for :func:`no_dice_since`."""
    g.enable_log()
    return g.state.rng.state, len(g.log)


def no_dice_since(g, rng_state, log_len):
    """Nothing random happened (Ambush never rolls, 4.4.3): the RNG did not move and the log shows no
    die roll."""
    return g.state.rng.state == rng_state and not any(e["kind"] == "roll" for e in g.log_since(log_len))


def make(spaces, **kw):
    kw.setdefault("eligible", ("taliban",))
    return position_game(spaces, **kw)


def free_sa(g, key, faction="taliban"):
    return shared_free_sa(g, key, faction)


# ==================================================================================================
# Worked examples (digest section 12)
# ==================================================================================================
def test_T7_extort_before_the_operation_pays_for_it():
    """4.1 example: with 0 Resources the Taliban Extort first and spend the gain on the Operation."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}},
              "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla": 1}}}, taliban=0)
    play(g, "operation with special activity", "Terror")
    assert "select Kandahar" not in labels(g)           # 1 Resource needed (3.3.4), none yet
    assert "Extort" in labels(g)
    play(g, "Extort", "select Kandahar", "done")
    assert res(g, "taliban") == 1
    play(g, "select Kandahar", "done")                   # the Extorted Resource pays for the Terror
    s = g.state
    assert res(g, "taliban") == 0
    assert s.terror[INDEX["Kandahar"]] == 1 and s.support[INDEX["Kandahar"]] == OPP
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 2      # one by Extort, one by Terror
    assert s.eligible["taliban"] is False                 # it executed an Operation (2.3.6)


def test_T40_extort_where_a_warlord_base_is_takes_2_from_the_warlords():
    """4.4.1: 1 Underground Taliban Guerrilla and 2 other Taliban pieces against 1 Warlord Base; the
    Guerrilla goes Active and the Warlords pay 2 instead of the Taliban gaining 1."""
    g = make({"Helmand": {"pieces": {"Taliban Guerrilla": 1, "Taliban Guerrilla (Active)": 1, "Taliban Base": 1,
                                     "Warlord Base": 1}}}, taliban=4, warlords=5)
    play(g, "operation with special activity", "Terror", "Extort", "select Helmand", "done")
    assert (res(g, "taliban"), res(g, "warlords")) == (6, 3)
    assert at(g, "Helmand", TALIBAN_G) == 0 and at(g, "Helmand", TALIBAN_G_ACTIVE) == 2


def test_T20_infiltrate_removes_a_government_base_guarded_only_by_coalition_troops():
    """4.4.2 note: Coalition Troops do not shield a Government Base from Infiltrate; Patronage -1."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Government Base": 1, "Coalition Troops": 2}}},
             patronage=10)
    free_sa(g, "infiltrate")
    play(g, "Infiltrate", "select Kandahar", "Infiltrate: remove 2 pieces")
    assert labels(g) == ["Government Base"]               # Coalition pieces are never Infiltrated
    play(g, "Government Base")
    assert at(g, "Kandahar", GOV_BASE) == 0 and at(g, "Kandahar", COALITION_TROOPS) == 2
    assert g.state.patronage == 9
    assert labels(g) == ["done"]                          # nothing else to remove; 1 space only


# ==================================================================================================
# 4.4.1 Extort
# ==================================================================================================
def test_extort_gains_1_in_a_province_and_the_econ_on_an_unsabotaged_loc():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1}},
              TOR_KHAM: {"pieces": {"Taliban Guerrilla": 2}},
              SPIN_BOLDAK: {"pieces": {"Taliban Guerrilla": 1}, "sabotage": 1}}, taliban=0)
    assert taliban_sa.extort_potential(g) == 1 + 4 + 1
    play(g, "operation with special activity", "Terror", "Extort", "select Kandahar")
    assert res(g, "taliban") == 1
    play(g, f"select {TOR_KHAM}")
    assert res(g, "taliban") == 5                         # Econ 4
    play(g, f"select {SPIN_BOLDAK}")
    assert res(g, "taliban") == 6                         # Sabotaged: only +1
    assert at(g, TOR_KHAM, TALIBAN_G) == 1 and at(g, TOR_KHAM, TALIBAN_G_ACTIVE) == 1   # only 1 Activated


def test_extort_needs_an_underground_guerrilla_and_more_taliban_than_enemy_pieces():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1, "Warlord Guerrilla": 1}},   # 2 = 2
              "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 3}},                               # none Underground
              "Zabol": {"pieces": {"Taliban Guerrilla": 1, "Taliban Guerrilla (Active)": 2,
                                   "Coalition Troops": 2}},                                        # 3 > 2
              "Oruzgan": {"pieces": {"Taliban Guerrilla": 1}}})
    play(g, "operation with special activity", "Terror", "Extort")
    assert labels(g) == ["select Oruzgan", "select Zabol"]
    assert not taliban_sa.extort_ok(g, INDEX["Kandahar"]) and taliban_sa.extort_ok(g, INDEX["Zabol"])


def test_extort_transfer_is_limited_by_the_warlords_resources_and_counts_each_warlord_base():
    g = make({"Helmand": {"pieces": {"Taliban Guerrilla": 5, "Warlord Base": 2}},
              "Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Warlord Base": 1}}}, taliban=0, warlords=5)
    assert taliban_sa.extort_gain(g.state, INDEX["Helmand"]) == 4
    assert taliban_sa.extort_potential(g) == 5
    play(g, "operation with special activity", "Rally", "Extort", "select Helmand")
    assert (res(g, "taliban"), res(g, "warlords")) == (4, 1)       # 2 per Warlord Base
    play(g, "select Kandahar")
    assert (res(g, "taliban"), res(g, "warlords")) == (5, 0)       # only 1 left to take (digest A.10)


def test_extort_with_warlords_broke_gives_nothing_and_caps_at_75():
    g = make({"Helmand": {"pieces": {"Taliban Guerrilla": 3, "Warlord Base": 1}},
              TOR_KHAM: {"pieces": {"Taliban Guerrilla": 1}}}, taliban=73, warlords=0)
    play(g, "operation with special activity", "Terror", "Extort", "select Helmand")
    assert res(g, "taliban") == 73 and at(g, "Helmand", TALIBAN_G_ACTIVE) == 1   # "instead": no +1
    play(g, f"select {TOR_KHAM}")
    assert res(g, "taliban") == 75                                              # 1.8 cap


def test_extort_accompanies_any_operation_but_not_a_limited_one():
    """4.1: any Operation takes Extort; a Limited Operation (2.3.5) takes no Special Activity."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}}})
    play(g, "operation with special activity", "Attack")
    assert "Extort" in labels(g) and "Infiltrate" not in labels(g) and "Ambush" in labels(g)
    # Card 4: Warlords before Taliban. The Warlords' Operation leaves the Taliban a Limited Operation.
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}},
              "Balkh": {"pieces": {"Warlord Guerrilla": 1}}}, eligible=("warlords", "taliban"), card=4)
    play(g, "operation only", "Terror", "select Balkh", "done")
    assert g.current_player() == "taliban" and labels(g) == ["pass", "limited operation"]
    play(g, "limited operation", "Attack")
    assert labels(g) == ["select Kandahar"]                  # no Special Activity offered


# ==================================================================================================
# 4.4.2 Infiltrate
# ==================================================================================================
def test_infiltrate_accompanies_only_rally_or_march():
    spaces = {"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}}}
    for op, offered in (("Rally", True), ("March", True), ("Terror", False), ("Attack", False)):
        g = make(spaces)
        play(g, "operation with special activity", op)
        assert ("Infiltrate" in labels(g)) is offered, op


def test_infiltrate_needs_an_underground_guerrilla_and_a_government_or_warlord_piece():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla (Active)": 2, "Police": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Coalition Troops": 2, "Coalition Base": 1}},
              "Zabol": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla": 1}},
              "Oruzgan": {"pieces": {"Taliban Guerrilla": 1, "Police": 3, "Government Troops": 4}}})
    play(g, "operation with special activity", "Rally", "Infiltrate")
    assert labels(g) == ["select Oruzgan", "select Zabol"]   # Taliban never need to outnumber (4.4.2)


def test_infiltrate_bases_last_per_faction_and_patronage_per_government_piece():
    """4.4.2: Government Base only once no Government cubes; Warlord Base only once no Warlord
    Guerrillas (Underground too); Patronage -1 per Government piece removed."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1, "Government Base": 1,
                                      "Warlord Guerrilla": 1, "Warlord Base": 1}}}, patronage=5)
    free_sa(g, "infiltrate")
    play(g, "Infiltrate", "select Kandahar", "Infiltrate: remove 2 pieces")
    assert labels(g) == ["Police", "Warlord Guerrilla"]
    play(g, "Police")
    assert labels(g) == ["Government Base", "Warlord Guerrilla"]   # the Government is hit: no done
    play(g, "Government Base")
    assert g.state.patronage == 3
    assert at(g, "Kandahar", WARLORD_G) == 1 and at(g, "Kandahar", WARLORD_BASE) == 1
    assert at(g, "Kandahar", TALIBAN_G) == 1                          # Infiltrate Activates no one


def test_infiltrate_a_faction_once_targeted_loses_pieces_to_the_full_extent():
    """1.4.1 / 3.1: the Taliban may stop after hitting a faction that has nothing more to lose,
    not while that faction still has a removable piece."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla (Active)": 1,
                                      "Government Troops": 2}}}, patronage=5)
    free_sa(g, "infiltrate")
    play(g, "Infiltrate", "select Kandahar", "Infiltrate: remove 2 pieces", "Warlord Guerrilla (Active)")
    assert labels(g) == ["Government Troops", "done"]          # Warlords have no more: may stop
    play(g, "done")
    assert at(g, "Kandahar", GOV_TROOPS) == 2 and g.state.patronage == 5
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla (Active)": 1,
                                      "Government Troops": 2}}}, patronage=5)
    free_sa(g, "infiltrate")
    play(g, "Infiltrate", "select Kandahar", "Infiltrate: remove 2 pieces", "Government Troops")
    assert labels(g) == ["Government Troops", "Warlord Guerrilla (Active)"]
    play(g, "Government Troops")
    assert at(g, "Kandahar", GOV_TROOPS) == 0 and g.state.patronage == 3


def test_infiltrate_replaces_one_piece_with_an_underground_taliban_guerrilla():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 2, "Warlord Guerrilla (Active)": 1}}},
             patronage=5)
    before = avail(g, TALIBAN_G)
    free_sa(g, "infiltrate")
    play(g, "Infiltrate", "select Kandahar", "Infiltrate: replace a piece with a Taliban Guerrilla")
    assert labels(g) == ["Police", "Warlord Guerrilla (Active)"]
    play(g, "Police")
    assert at(g, "Kandahar", POLICE) == 1 and at(g, "Kandahar", TALIBAN_G) == 2
    assert avail(g, TALIBAN_G) == before - 1 and avail(g, POLICE) > 0
    assert g.state.patronage == 4                           # a Government piece was removed


def test_infiltrate_replace_without_an_available_guerrilla_only_removes():
    """1.4.1: a replacement that is not Available is ignored -- the piece is removed (Infiltrate takes
    no Guerrilla from elsewhere)."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Warlord Base": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 29}}})
    assert avail(g, TALIBAN_G) == 0
    free_sa(g, "infiltrate")
    play(g, "Infiltrate", "select Kandahar", "Infiltrate: replace a piece with a Taliban Guerrilla", "Warlord Base")
    assert at(g, "Kandahar", WARLORD_BASE) == 0 and at(g, "Kandahar", TALIBAN_G) == 1
    assert at(g, "Helmand", TALIBAN_G) == 29


def test_infiltrate_in_one_space_only_during_a_rally():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}}})
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Kandahar",
         "Infiltrate: remove 2 pieces", "Police")
    assert labels(g) == ["done"]
    play(g, "done")
    assert "Infiltrate" not in labels(g) and "select Helmand" in labels(g)     # back to the Rally


# ==================================================================================================
# 4.4.3 Ambush
# ==================================================================================================
def test_ambush_activates_one_no_roll_removes_two_places_a_guerrilla_and_pays_the_attack():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Police": 1, "Coalition Troops": 2}}},
             taliban=5)
    play(g, "operation with special activity", "Attack")
    rng_state, log_len = watch_dice(g)
    play(g, "Ambush", "select Kandahar")
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 1 and res(g, "taliban") == 4
    assert labels(g) == ["Police", "done"]                  # Government cubes before Coalition (3.3.3)
    play(g, "Police", "Coalition Troops")
    assert at(g, "Kandahar", POLICE) == 0 and at(g, "Kandahar", COALITION_TROOPS) == 1
    assert int(g.state.pieces[CASUALTIES, COALITION_TROOPS]) == 1   # Coalition to Casualties
    assert at(g, "Kandahar", TALIBAN_G) == 3                # 2 left Underground + 1 placed (Captured Goods)
    assert INDEX["Kandahar"] in g.state.turn["op_spaces"]
    play(g, "done")                                          # Ambush done
    assert "select Kandahar" not in labels(g)                # attacked already: not again
    assert labels(g) == ["done"]
    play(g, "done")
    assert res(g, "taliban") == 4 and g.state.eligible["taliban"] is False
    assert no_dice_since(g, rng_state, log_len)


def test_ambush_in_up_to_three_attack_spaces_with_underground_guerrillas():
    spaces = {name: {"pieces": {"Taliban Guerrilla": 1, "Police": 1}}
              for name in ("Kandahar", "Helmand", "Zabol", "Oruzgan")}
    spaces["Ghazni"] = {"pieces": {"Taliban Guerrilla (Active)": 2, "Police": 1}}   # none Underground
    spaces["Paktika"] = {"pieces": {"Taliban Guerrilla": 2}}                          # no enemy
    g = make(spaces, taliban=10)
    play(g, "operation with special activity", "Attack", "Ambush")
    assert labels(g) == ["select Helmand", "select Kandahar", "select Oruzgan", "select Zabol"]
    for name in ("Kandahar", "Helmand", "Zabol"):
        play(g, f"select {name}", "Police")
    assert labels(g) == ["done"]                              # 3 spaces at most
    play(g, "done")
    assert res(g, "taliban") == 7
    assert labels(g) == ["select Ghazni", "select Oruzgan", "done"]   # the Attack goes on elsewhere


def test_ambush_needs_the_attack_resource():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}}}, taliban=1)
    play(g, "operation with special activity", "Attack", "Ambush", "select Kandahar", "Police")
    assert res(g, "taliban") == 0
    assert labels(g) == ["done"]                              # Helmand's Attack cannot be paid for


def test_ambush_after_the_attack_spaces_and_not_in_an_attacked_space():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla": 1}}}, taliban=5)
    g.script_dice([6])
    rng_state, log_len = watch_dice(g)
    play(g, "operation with special activity", "Attack", "select Kandahar")   # roll 6 > 2: fails
    assert g.scripted_dice() == []
    assert at(g, "Kandahar", POLICE) == 1 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 2
    play(g, "done")                                            # the Attack is done; Ambush may follow
    assert labels(g) == ["Ambush", "done"]
    play(g, "Ambush")
    assert labels(g) == ["select Helmand"]                     # Kandahar was attacked already
    play(g, "select Helmand", "Warlord Guerrilla")
    assert at(g, "Helmand", WARLORD_G) == 0 and at(g, "Helmand", TALIBAN_G) == 1
    assert at(g, "Helmand", TALIBAN_G_ACTIVE) == 1
    assert res(g, "taliban") == 3
    # the Attack's scripted 6 was the only randomness (Ambush never rolls, 4.4.3)
    assert g.state.rng.state == rng_state
    assert [e["roll"] for e in g.log_since(log_len) if e["kind"] == "roll"] == [6]


def test_ambush_removal_respects_bases_last_and_may_stop():
    """3.3.3 via 4.4.3: a Warlord Base only after all Warlord Guerrillas; COIN Bases after all cubes;
    removal is 'up to' 2."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla": 1, "Warlord Base": 1,
                                      "Government Base": 1, "Coalition Troops": 1}}})
    play(g, "operation with special activity", "Attack", "Ambush", "select Kandahar")
    assert labels(g) == ["Coalition Troops", "Warlord Guerrilla", "done"]
    play(g, "Warlord Guerrilla")
    assert labels(g) == ["Coalition Troops", "Warlord Base", "done"]
    play(g, "done")
    assert at(g, "Kandahar", WARLORD_BASE) == 1 and at(g, "Kandahar", TALIBAN_G) == 1   # placed anyway


def test_free_ambush_costs_nothing():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}}}, taliban=0)
    free_sa(g, "ambush")
    play(g, "Ambush", "select Kandahar", "Police")
    assert res(g, "taliban") == 0 and at(g, "Kandahar", POLICE) == 0
    assert at(g, "Kandahar", TALIBAN_G) == 1 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 1


def test_ambush_captured_goods_without_available_guerrilla_may_take_one_from_the_map():
    """4.4.3 'as if a 1 had been rolled': Captured Goods with the Attack's 1.4.1 voluntary removal."""
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 29}}})
    play(g, "operation with special activity", "Attack", "Ambush", "select Kandahar", "Police")
    assert labels(g) == ["select Helmand", "done"]
    play(g, "select Helmand")
    assert at(g, "Kandahar", TALIBAN_G) == 1 and at(g, "Helmand", TALIBAN_G) == 28


def test_public_helpers_agree_with_the_offered_spaces():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1, "Warlord Base": 1}}})
    k, h = INDEX["Kandahar"], INDEX["Helmand"]
    assert taliban_sa.infiltrate_targets(g.state, k) == [POLICE]
    assert taliban_sa.infiltrate_targets(g.state, h) == [WARLORD_BASE]
    assert taliban_sa.infiltrate_ok(g, k) and not taliban_sa.infiltrate_ok(g, h)
    play(g, "operation with special activity", "Attack")
    assert taliban_sa.ambush_ok(g, k) and not taliban_sa.ambush_ok(g, h)
    assert not taliban_sa.extort_ok(g, h) and taliban_sa.extort_ok(g, k)


def test_special_activities_survive_a_save_mid_removal():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 2, "Government Base": 1}}})
    play(g, "operation with special activity", "Rally", "Infiltrate", "select Kandahar",
         "Infiltrate: remove 2 pieces", "Police")
    g2 = coin_env.load_game(g.to_json(), debug=True)
    assert labels(g2) == labels(g) == ["Police"]
    play(g2, "Police")
    assert int(g2.state.pieces[INDEX["Kandahar"], GOV_BASE]) == 1


def test_free_extort_leaves_the_taliban_eligible_and_unpaid():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1}}, TOR_KHAM: {"pieces": {"Taliban Guerrilla": 1}}},
             taliban=0)
    free_sa(g, "extort")
    play(g, "Extort", "select Kandahar", f"select {TOR_KHAM}", "done")
    assert res(g, "taliban") == 5 and g.state.sop["acted"] == []
