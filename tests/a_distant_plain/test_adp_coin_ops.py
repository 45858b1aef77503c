"""3.2 COIN Operations: Train, Patrol, Sweep, Assault for the Coalition and the Government.

One test per worked example of digest section 12 that concerns them (T2, T4, T18, T28-T31), then
one per rule point that would fail if the rule were implemented wrongly. Positions list only what a
test needs; every other piece is Available.
"""

from __future__ import annotations

import pytest

import coin_env
from coin_env import labels, play
from coin_env.coin.events import grant_free_action
from coin_env.games.a_distant_plain import board, datapack, static
from coin_env.games.a_distant_plain.data.pieces import GOV_BASE, PIECE_NAMES
from coin_env.games.a_distant_plain.rules import coin_ops

GAME = "a_distant_plain"
I = static.INDEX
_MOUNTAIN = datapack.default().is_mountain              # the built-in terrain
PLAINS = next(static.SPACE_NAMES[sp] for sp in static.AFGHAN_PROVINCES if not _MOUNTAIN[sp])
MOUNTAIN = next(static.SPACE_NAMES[sp] for sp in static.AFGHAN_PROVINCES if _MOUNTAIN[sp])
PIECE = {name: i for i, name in enumerate(PIECE_NAMES)}
KK = "LoC Kandahar-Kabul"
KSB = "LoC Kandahar-Spin Boldak"
FK = "LoC Farah-Kandahar"
KA = "LoC Kabul-Aibak"
SA_ = "LoC Shibirghan-Aibak"
KTK = "LoC Kabul-Tor Kham"


def make(faction, spaces, gov=20, patronage=0, aid=0, options=None, **extra):
    pos = {"resources": {"government": gov, "taliban": 5, "warlords": 5}, "aid": aid, "patronage": patronage,
           "eligible": {f: f == faction for f in ("coalition", "government", "taliban", "warlords")},
           "spaces": spaces}
    pos.update(extra)
    g = coin_env.make_game(GAME, position=pos, debug=True)
    for k, v in (options or {}).items():
        g.options[k] = v
    return g


def n(g, space, piece):
    return int(g.state.pieces[I[space], PIECE[piece]])


def res(g, f="government"):
    return g.state.resources[f]


def selectable(g):
    return {lab[len("select "):] for lab in labels(g) if lab.startswith("select ")}


def start(g, op, kind="operation only"):
    play(g, kind, op)


def finished(g):
    """The faction's turn is over (the next prompt belongs to the sequence of play)."""
    return g.state.turn is None or g.state.frames[-1]["kind"] in ("sop_choice",)


# =====================================================================================================
# Worked examples (digest section 12)
# =====================================================================================================
def test_T2_coalition_assault_three_troops_must_remove_three_1_4_1():
    """1.4.1 example: a Coalition Assault with 3 Troops removes 3 Active pieces when there are that
    many -- removal cannot stop early (no "done" while pieces remain)."""
    g = make("coalition", {PLAINS: {"pieces": {"Coalition Troops": 3, "Taliban Guerrilla (Active)": 2,
                                               "Warlord Guerrilla (Active)": 2}}})
    start(g, "Assault")
    play(g, f"select {PLAINS}")
    for _ in range(3):
        assert "done" not in labels(g)
        play(g, labels(g)[0])
    assert n(g, PLAINS, "Taliban Guerrilla (Active)") + n(g, PLAINS, "Warlord Guerrilla (Active)") == 1
    assert res(g) == 20                          # no Government cubes counted: free for the Coalition


def test_T4_coalition_sweep_example_kabul_over_the_loc_into_kandahar_3_2_3():
    """3.2.3 example: 2 Coalition Troops go Kabul -> LoC south -> Kandahar taking 2 Government Troops;
    the Coalition Troops in Zabol may also enter. Government Troops moved in: the Coalition pays 3.
    Activation: 1 per cube of any faction (a Coalition piece is there)."""
    g = make("coalition", {
        "Kabul": {"pieces": {"Coalition Troops": 2, "Government Troops": 2}},
        "Zabol": {"pieces": {"Coalition Troops": 1}},
        "Kandahar": {"pieces": {"Police": 1, "Taliban Guerrilla": 8}},
    })
    start(g, "Sweep")
    play(g, "select Kandahar")
    assert {"select Kabul", "select Zabol"} <= set(labels(g))
    play(g, "select Kabul", "2")
    assert labels(g) == ["0", "1", "2"]          # up to 1 Government Troop per moving Coalition Troop
    play(g, "2")
    assert res(g) == 17
    play(g, "select Zabol", "1", "done", "done")
    assert n(g, "Kandahar", "Coalition Troops") == 3 and n(g, "Kandahar", "Government Troops") == 2
    assert n(g, "Kabul", "Coalition Troops") == 0
    # 3 Coalition + 2 Government Troops + 1 Police = 6 Activations
    assert n(g, "Kandahar", "Taliban Guerrilla (Active)") == 6 and n(g, "Kandahar", "Taliban Guerrilla") == 2
    assert res(g) == 17


def test_T18_underground_guerrilla_shields_its_base_from_assault_3_2_4_note():
    """3.2.4 note: an Underground Taliban Guerrilla cannot be Assaulted and keeps Assault off the
    Taliban Base; once Activated, the Guerrilla goes, then the Base (+6 Aid for a Government Assault)."""
    g = make("government", {PLAINS: {"pieces": {"Government Troops": 6, "Taliban Guerrilla": 1, "Taliban Base": 1}}},
             aid=10)
    assert not coin_ops.assault_possible(g, "government", I[PLAINS])
    play(g, "operation only")
    assert "Assault" not in labels(g)            # nowhere to Assault
    play(g, "Sweep", f"select {PLAINS}", "done")
    assert n(g, PLAINS, "Taliban Guerrilla (Active)") == 1
    g2 = make("government", {PLAINS: {"pieces": {"Government Troops": 6, "Taliban Guerrilla (Active)": 1,
                                                 "Taliban Base": 1}}}, aid=10)
    start(g2, "Assault")
    play(g2, f"select {PLAINS}")
    assert labels(g2) == ["Taliban Guerrilla (Active)"]      # Bases last
    play(g2, "Taliban Guerrilla (Active)", "Taliban Base")
    assert n(g2, PLAINS, "Taliban Base") == 0 and g2.state.aid == 16


def test_T28_government_assault_plains_one_per_two_troops_police_not_counted_3_2_4():
    g = make("government", {PLAINS: {"pieces": {"Government Troops": 5, "Police": 3,
                                                "Taliban Guerrilla (Active)": 3}}})
    assert coin_ops.assault_strength(g, "government", I[PLAINS]) == 2
    start(g, "Assault")
    play(g, f"select {PLAINS}", "Taliban Guerrilla (Active)", "Taliban Guerrilla (Active)")
    assert n(g, PLAINS, "Taliban Guerrilla (Active)") == 1
    assert res(g) == 17


def test_T29_government_assault_mountain_one_per_three_troops_3_2_4():
    g = make("government", {MOUNTAIN: {"pieces": {"Government Troops": 5, "Police": 3,
                                                  "Taliban Guerrilla (Active)": 3}}})
    assert coin_ops.assault_strength(g, "government", I[MOUNTAIN]) == 1
    start(g, "Assault")
    play(g, f"select {MOUNTAIN}", "Taliban Guerrilla (Active)")
    assert n(g, MOUNTAIN, "Taliban Guerrilla (Active)") == 2


def test_T30_government_assault_kabul_police_count_base_adds_six_aid_3_2_4():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 2, "Police": 3,
                                                 "Taliban Guerrilla (Active)": 1, "Taliban Base": 1}}}, aid=20)
    assert coin_ops.assault_strength(g, "government", I["Kabul"]) == 2
    start(g, "Assault")
    play(g, "select Kabul", "Taliban Guerrilla (Active)", "Taliban Base")
    assert n(g, "Kabul", "Taliban Base") == 0 and g.state.aid == 26


@pytest.mark.parametrize("pay,removed,cost", [(True, 4, 3), (False, 2, 0)])
def test_T31_coalition_assault_government_cubes_count_only_if_paid_3_2_4(pay, removed, cost):
    g = make("coalition", {PLAINS: {"pieces": {"Coalition Troops": 2, "Government Troops": 2,
                                               "Taliban Guerrilla (Active)": 5}}})
    assert coin_ops.assault_strength(g, "coalition", I[PLAINS]) == 2
    assert coin_ops.assault_strength(g, "coalition", I[PLAINS], with_government=True) == 4
    start(g, "Assault")
    play(g, f"select {PLAINS}")
    play(g, "Assault: count Government cubes too (3 Government Resources)" if pay else "Assault: Coalition cubes only")
    for _ in range(removed):
        play(g, "Taliban Guerrilla (Active)")
    assert n(g, PLAINS, "Taliban Guerrilla (Active)") == 5 - removed
    assert res(g) == 20 - cost
    assert labels(g)[0] != "Taliban Guerrilla (Active)"


# =====================================================================================================
# 3.2.1 Train
# =====================================================================================================
def test_government_train_pays_3_per_space_places_up_to_6_cubes_in_kabul_3_2_1():
    g = make("government", {})
    start(g, "Train")
    play(g, "select Kabul")
    assert res(g) == 17
    for _ in range(4):
        play(g, "Government Troops")
    play(g, "Police", "Police")
    assert labels(g) == ["done"]                 # six placed
    play(g, "done")
    assert n(g, "Kabul", "Government Troops") == 4 and n(g, "Kabul", "Police") == 2


def test_government_train_places_only_in_kabul_and_coin_base_provinces_3_2_1():
    g = make("government", {"Balkh": {"pieces": {"Coalition Base": 1}}, "Herat": {"pieces": {"Police": 1}},
                            "Farah": {"pieces": {"Police": 1}}})
    start(g, "Train")
    sel = selectable(g)
    assert "Kabul" in sel and "Balkh" in sel
    assert "Herat" in sel                        # no Base, but Civic Action possible (step 2)
    assert "Farah" not in sel                    # Pop 0, no Terror, no Base: nothing to do there
    assert not (sel & {"Waziristan", "Balochistan", "Northwest Frontier"})   # never Pakistan (3.2)
    play(g, "select Balkh", "Police", "done")
    assert n(g, "Balkh", "Police") == 1          # any COIN Base lets the Government place


def test_train_province_without_base_selectable_for_step_2_only_3_2_1():
    """A Province with no COIN Base may be selected (cost 3) just for step 2 (Civic Action) there."""
    g = make("government", {"Herat": {"pieces": {"Police": 1, "Government Troops": 1}}})
    start(g, "Train")
    assert "Herat" in selectable(g)
    play(g, "select Herat")
    assert res(g) == 17
    assert g.state.frames[-1]["kind"] == "op_select"      # no cubes are placed there
    play(g, "done")
    assert labels(g) == ["select Herat", "done"]          # step 2: which space, or none
    play(g, "select Herat")                               # only Civic Action possible, 1 step: done at once
    assert int(g.state.support[I["Herat"]]) == 1 and res(g) == 14


def test_coalition_train_province_needs_coalition_pieces_kabul_always_3_2_1():
    g = make("coalition", {"Balkh": {"pieces": {"Government Base": 1, "Police": 2}},
                           "Herat": {"pieces": {"Coalition Troops": 1, "Police": 1}},
                           "Kabul": {"pieces": {"Coalition Base": 1}}})
    start(g, "Train")
    sel = selectable(g)
    assert "Balkh" not in sel                    # no Coalition piece there
    assert {"Herat", "Kabul"} <= sel


def test_coalition_train_places_only_with_coalition_base_and_pays_only_when_placing_3_2_1():
    g = make("coalition", {"Balkh": {"pieces": {"Government Base": 1, "Coalition Troops": 1}},
                           "Herat": {"pieces": {"Coalition Base": 1}}})
    start(g, "Train")
    play(g, "select Balkh")                      # Government Base only: the Coalition places nothing
    assert g.state.frames[-1]["kind"] == "op_select" and res(g) == 20
    play(g, "select Herat")
    assert res(g) == 20                          # nothing paid until a cube is placed
    play(g, "Police")
    assert res(g) == 17
    play(g, "Government Troops", "done")
    assert res(g) == 17 and n(g, "Herat", "Police") == 1 and n(g, "Herat", "Government Troops") == 1


def test_coalition_train_placing_nothing_costs_nothing_3_2_1():
    g = make("coalition", {"Herat": {"pieces": {"Coalition Base": 1}}})
    start(g, "Train")
    play(g, "select Herat", "done")
    assert res(g) == 20


def test_coalition_train_cannot_place_when_government_cannot_pay_3_1():
    g = make("coalition", {"Herat": {"pieces": {"Coalition Base": 1}}, "Kabul": {"pieces": {}}}, gov=2, patronage=4)
    start(g, "Train")
    assert selectable(g) == {"Kabul"}            # Herat: placing unaffordable, nothing else to do
    play(g, "select Kabul")                      # no Coalition Base in Kabul: no placement
    play(g, "done", "select Kabul")              # step 2: Patronage is the only option
    assert g.state.patronage == 1 and res(g) == 5


def test_train_takes_cubes_from_the_map_when_none_available_3_2_1():
    g = make("government", {"Herat": {"pieces": {"Police": 2}}, "Balkh": {"pieces": {"Police": 1}}},
             boxes={"Out of Play": {"Government Troops": 30, "Police": 27}})
    start(g, "Train")
    play(g, "select Kabul")
    assert labels(g) == ["Police", "done"]       # no Government Troops anywhere
    play(g, "Police")
    assert set(labels(g)) == {"select Herat", "select Balkh"}
    play(g, "select Herat", "done")
    assert n(g, "Kabul", "Police") == 1 and n(g, "Herat", "Police") == 1


def test_train_civic_action_terror_first_then_support_3_each_even_if_free_3_2_1():
    g = make("government", {"Balkh": {"terror": 1, "support": "Opposition",
                                      "pieces": {"Government Base": 1, "Police": 2}}}, gov=20)
    grant_free_action(g, "government", [g.op_action("train")], kind="op")
    g._legal = None
    play(g, "Train", "select Balkh")
    assert res(g) == 20                          # free Train: no 3 for the space
    play(g, "done", "done", "select Balkh")
    assert labels(g) == ["1", "2", "3"]
    play(g, "2")
    # 1 Terror removed, then Opposition -> Neutral; 6 Resources even in a free Train
    assert int(g.state.terror[I["Balkh"]]) == 0 and int(g.state.support[I["Balkh"]]) == 0
    assert res(g) == 14


def test_train_civic_action_needs_coin_control_3_2_1():
    g = make("government", {"Balkh": {"pieces": {"Government Base": 1, "Taliban Guerrilla": 3}}})
    start(g, "Train")
    play(g, "select Balkh", "done", "done")      # 1 COIN piece vs 3: no Control, no step 2 offered
    assert finished(g) or "select Balkh" not in labels(g)
    g = make("government", {"Balkh": {"pieces": {"Government Base": 1, "Taliban Guerrilla": 3}}})
    start(g, "Train")
    play(g, "select Balkh", "Police", "Police", "Police", "done", "done")   # 4 > 3: Control now
    assert labels(g) == ["select Balkh", "done"]
    play(g, "select Balkh")
    assert labels(g)[0] == "Train: Civic Action"


def test_civic_action_is_capped_by_resources_3_1():
    g = make("government", {"Balkh": {"terror": 2, "pieces": {"Government Base": 1}}}, gov=9)
    start(g, "Train")
    play(g, "select Balkh", "done", "done", "select Balkh")
    assert labels(g) == ["1", "2"]               # 6 left after the Train cost: 2 steps


def test_government_train_replaces_three_cubes_with_a_base_3_2_1():
    g = make("government", {"Herat": {"pieces": {"Government Troops": 2, "Police": 2, "Taliban Guerrilla": 5}}})
    start(g, "Train")
    play(g, "select Herat", "done", "select Herat")       # no COIN Control: only the Base option
    assert labels(g) == ["1", "2"]               # how many Police among the 3 cubes
    play(g, "2")
    assert n(g, "Herat", "Government Base") == 1 and n(g, "Herat", "Police") == 0
    assert n(g, "Herat", "Government Troops") == 1


def test_train_base_from_the_map_and_within_stacking_3_2_1_1_4_2():
    g = make("government", {"Herat": {"pieces": {"Police": 3, "Taliban Guerrilla": 9}},
                            "Balkh": {"pieces": {"Government Base": 1}},
                            "Farah": {"pieces": {"Government Base": 2}},
                            "Helmand": {"pieces": {"Police": 3, "Taliban Base": 2, "Taliban Guerrilla": 2}}})
    assert board.available(g.state, GOV_BASE) == 0
    start(g, "Train")
    assert "Helmand" not in selectable(g)        # 2 Bases there already: no room for a third
    play(g, "select Herat", "done", "select Herat")
    assert set(labels(g)) == {"select Balkh", "select Farah"}
    play(g, "select Farah")
    assert n(g, "Herat", "Government Base") == 1 and n(g, "Farah", "Government Base") == 1
    assert n(g, "Herat", "Police") == 0


def test_coalition_train_in_kabul_transfers_3_patronage_3_2_1():
    g = make("coalition", {"Kabul": {"pieces": {"Taliban Guerrilla": 1}}}, patronage=10, gov=30)
    start(g, "Train")
    play(g, "select Kabul", "done", "select Kabul")
    assert g.state.patronage == 7 and res(g) == 33


def test_train_step_2_in_one_space_only_3_2_1():
    g = make("government", {"Balkh": {"pieces": {"Government Base": 1}}, "Herat": {"pieces": {"Police": 1}}})
    start(g, "Train")
    play(g, "select Balkh", "done", "select Herat", "done")
    assert set(labels(g)) == {"select Balkh", "select Herat", "done"}
    play(g, "select Herat")
    assert finished(g)                           # the second space gets no step 2


# =====================================================================================================
# 3.2.2 Patrol
# =====================================================================================================
def test_government_patrol_costs_3_total_coalition_nothing_3_2_2():
    g = make("government", {"Kabul": {"pieces": {"Police": 4}}})
    start(g, "Patrol")
    play(g, f"select {KK}")
    assert res(g) == 17
    play(g, "select Kabul", "1", "done", f"select {KA}", "select Kabul", "2", "done", "done")
    assert res(g) == 17                          # not per space
    assert n(g, KK, "Police") == 1 and n(g, KA, "Police") == 2
    g = make("coalition", {"Kabul": {"pieces": {"Coalition Troops": 2}}})
    start(g, "Patrol")
    play(g, f"select {KK}", "select Kabul", "2", "done", "done")
    assert res(g) == 20 and n(g, KK, "Coalition Troops") == 2


def test_government_patrol_needs_3_resources_3_1():
    g = make("government", {"Kabul": {"pieces": {"Police": 4}}, KK: {"pieces": {"Police": 1}}}, gov=2)
    assert labels(g) == ["pass"]                 # no Operation affordable: Patrol not offered
    assert not g.activities["government"][g.op_action("patrol")].available(g)
    g.state.resources["government"] = 3
    assert g.activities["government"][g.op_action("patrol")].available(g)


def test_patrol_moves_through_kabul_and_along_locs_not_into_provinces_3_2_2():
    g = make("government", {"Baghlan": {"pieces": {"Government Troops": 1}}})
    start(g, "Patrol")
    sel = selectable(g)
    # Baghlan -> LoC Kabul-Aibak / Shibirghan-Aibak / Kabul -> Kabul's LoCs -> LoCs meeting at Kandahar...
    assert {"Kabul", KA, SA_, KK, KTK, KSB, FK, "LoC Toraghondi-Farah"} == sel
    play(g, "select LoC Toraghondi-Farah", "select Baghlan", "1", "done", "done")
    assert n(g, "LoC Toraghondi-Farah", "Government Troops") == 1


def test_patrol_stops_on_entering_a_sabotaged_loc_3_2_2():
    g = make("government", {"Baghlan": {"pieces": {"Government Troops": 1}}, KK: {"sabotage": 1}})
    start(g, "Patrol")
    sel = selectable(g)
    assert KK in sel                             # may end on it...
    assert not (sel & {KSB, FK, "LoC Toraghondi-Farah"})   # ...but not pass beyond it
    assert coin_ops.patrol_reach(g.state, I[KK]) >= {I[KSB], I[FK]}   # leaving a Sabotaged LoC is fine


def test_patrol_each_cube_moves_once_3_2_2():
    g = make("government", {"Kabul": {"pieces": {"Police": 1}}})
    start(g, "Patrol")
    play(g, f"select {KK}", "select Kabul", "1", "done")
    assert f"select {KSB}" not in labels(g)      # the only cube has moved; nothing else can move
    assert n(g, KK, "Police") == 1


def test_patrol_activates_on_every_loc_one_per_own_cube_then_assault_3_2_2():
    g = make("government", {"Kabul": {"pieces": {"Police": 2}},
                            KA: {"pieces": {"Government Troops": 1, "Taliban Guerrilla": 3}},
                            FK: {"pieces": {"Coalition Troops": 3, "Warlord Guerrilla": 2}},
                            KK: {"pieces": {"Taliban Guerrilla": 2}}})
    start(g, "Patrol")
    play(g, f"select {KK}", "select Kabul", "2", "done", "done")
    assert n(g, KK, "Taliban Guerrilla (Active)") == 2           # 2 Police moved in
    assert n(g, KA, "Taliban Guerrilla (Active)") == 1           # no move there: still Activates
    assert n(g, FK, "Warlord Guerrilla (Active)") == 0           # Coalition cubes: not the patroller's (A.2)
    assert set(labels(g)) == {f"select {KK}", "done"}            # Assault: 2 Police on a LoC -> 1
    play(g, f"select {KK}", "Taliban Guerrilla (Active)")
    assert n(g, KK, "Taliban Guerrilla (Active)") == 1 and res(g) == 17
    assert finished(g)


def test_patrol_activation_option_all_cubes_digest_A2():
    g = make("coalition", {FK: {"pieces": {"Police": 2, "Coalition Troops": 1, "Warlord Guerrilla": 3}}},
             options={"patrol_activation": "all"})
    start(g, "Patrol")
    play(g, f"select {FK}", "done", "done")
    assert n(g, FK, "Warlord Guerrilla (Active)") == 3


FINAL = {"deck": [], "current_card": 5, "upcoming_card": 74}    # 2.3.8: Operations must be Limited


def test_limited_patrol_single_destination_and_assault_there_only_2_3_5():
    g = make("government", **FINAL, spaces={"Kabul": {"pieces": {"Police": 4}},
                            KTK: {"pieces": {"Police": 2, "Taliban Guerrilla (Active)": 1}},
                            KK: {"pieces": {"Taliban Guerrilla (Active)": 2}}})
    play(g, "limited operation", "Patrol", f"select {KK}", "select Kabul", "2", "done")
    assert labels(g) == ["done"]                 # one destination only
    play(g, "done")
    assert set(labels(g)) == {f"select {KK}", "done"}      # not the Tor Kham LoC
    play(g, f"select {KK}", "Taliban Guerrilla (Active)")
    assert n(g, KK, "Taliban Guerrilla (Active)") == 1


def test_patrol_in_place_selects_a_loc_with_own_cubes_3_2_2():
    """A Limited Patrol may move nothing: its destination is a LoC where the cubes already are;
    Activation and the Assault then happen there."""
    g = make("government", **FINAL, spaces={KTK: {"pieces": {"Police": 2, "Taliban Guerrilla": 1}}})
    play(g, "limited operation", "Patrol")
    assert KTK in selectable(g)                  # no cube can move into it: in place
    play(g, f"select {KTK}")
    assert labels(g) == ["done"]                 # no origin: nothing moves in
    play(g, "done", "done")
    assert n(g, KTK, "Taliban Guerrilla (Active)") == 1
    play(g, f"select {KTK}")
    assert res(g) == 17                          # the Patrol's 3, nothing for its Assault
    play(g, "Taliban Guerrilla (Active)")
    assert n(g, KTK, "Taliban Guerrilla (Active)") == 0


def test_coalition_patrol_assault_government_cubes_free_or_paid():
    spaces = {KK: {"pieces": {"Coalition Troops": 1, "Police": 2, "Taliban Guerrilla (Active)": 3}}}
    g = make("coalition", spaces)
    start(g, "Patrol")
    play(g, f"select {KK}", "done", "done", f"select {KK}")
    for _ in range(3):                           # 1 Coalition + 2 Police, at no cost (default "free")
        play(g, "Taliban Guerrilla (Active)")
    assert n(g, KK, "Taliban Guerrilla (Active)") == 0 and res(g) == 20
    g = make("coalition", spaces, options={"patrol_assault_government_cubes": "pay"})
    start(g, "Patrol")
    play(g, f"select {KK}", "done", "done", f"select {KK}",
         "Assault: count Government cubes too (3 Government Resources)")
    for _ in range(3):
        play(g, "Taliban Guerrilla (Active)")
    assert res(g) == 17


def test_patrol_never_enters_pakistan_3_2():
    g = make("government", {"Kandahar": {"pieces": {"Government Troops": 2}}})
    start(g, "Patrol")
    assert not selectable(g) & {"Waziristan", "Balochistan", "Northwest Frontier"}
    assert all(static.IS_LOC[I[s]] or s == "Kabul" for s in selectable(g))


# =====================================================================================================
# 3.2.3 Sweep
# =====================================================================================================
def test_government_sweep_pays_3_per_space_moves_troops_not_police_3_2_3():
    g = make("government", {"Helmand": {"pieces": {"Government Troops": 2, "Police": 2}},
                            "Kandahar": {"pieces": {"Taliban Guerrilla": 5, "Police": 1}}})
    start(g, "Sweep")
    play(g, "select Kandahar")
    assert res(g) == 17
    play(g, "select Helmand")
    assert labels(g) == ["1", "2"]               # Troops only
    play(g, "2", "done", "done")
    # Activation: 2 Troops + 1 Police
    assert n(g, "Kandahar", "Taliban Guerrilla (Active)") == 3 and n(g, "Helmand", "Police") == 2


def test_sweep_over_an_unsabotaged_loc_only_3_2_3():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 2}},
                            "Kandahar": {"pieces": {"Taliban Guerrilla": 1}}})
    start(g, "Sweep")
    assert "Kandahar" in selectable(g)           # Kabul -> LoC -> Kandahar
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 2}},
                            "Kandahar": {"pieces": {"Police": 1}}, KK: {"sabotage": 1}})
    start(g, "Sweep")
    assert "Kandahar" not in selectable(g)       # Sabotage on the only LoC; no Guerrilla to Activate
    assert "Bamian" in selectable(g)             # adjacent to Kabul


def test_government_sweep_pays_warlords_per_loc_with_guerrillas_3_2_3():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 3}},
                            "Bamian": {"pieces": {"Government Troops": 1}},
                            KK: {"pieces": {"Warlord Guerrilla": 1}}})
    start(g, "Sweep")
    play(g, "select Kandahar", "select Kabul", "2", "done")
    assert res(g) == 16 and res(g, "warlords") == 6      # 3 for the space, 1 to the Warlords
    play(g, "select Zabol", "select Kabul", "1", "select Bamian", "1", "done", "done")
    assert res(g) == 13 and res(g, "warlords") == 6      # that LoC is paid once per Sweep


def test_free_government_sweep_pays_the_warlords_nothing_3_1_2_5_5():
    """3.1.2 / 5.5: a free Operation costs the executor no Resources -- the Warlords' LoC fee included
    (as a free Transport, 4.3.2)."""
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 3}}, KK: {"pieces": {"Warlord Guerrilla": 1}}})
    grant_free_action(g, "government", [g.op_action("sweep")], kind="op")
    g._legal = None
    play(g, "Sweep", "select Kandahar", "select Kabul", "2", "done", "done")
    assert res(g) == 20 and res(g, "warlords") == 5
    assert n(g, "Kandahar", "Government Troops") == 2


def test_government_sweep_fee_needs_government_resources_3_2_3():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 1}}, KK: {"pieces": {"Taliban Guerrilla": 1}}},
             gov=3)
    start(g, "Sweep")
    play(g, "select Kandahar", "select Kabul", "1", "done", "done")
    assert res(g) == 0 and res(g, "warlords") == 5


def test_government_sweep_chooses_the_loc_when_each_costs_3_2_3(monkeypatch):
    """When every LoC a group could pass over holds Guerrillas, the Government picks the one it
    pays the Warlords for (no map space of the stored map has two such LoCs: patched here)."""
    g = make("government", {"Ghowr": {"pieces": {"Government Troops": 1}},
                            FK: {"pieces": {"Taliban Guerrilla": 1}}, KSB: {"pieces": {"Warlord Guerrilla": 1}}})
    real = coin_ops.sweep_paths
    monkeypatch.setattr(coin_ops, "sweep_paths",
                        lambda s, o, d: [I[FK], I[KSB]] if (o, d) == (I["Ghowr"], I["Kandahar"]) else real(s, o, d))
    start(g, "Sweep")
    play(g, "select Kandahar", "select Ghowr")
    assert set(labels(g)) == {f"select {FK}", f"select {KSB}"}
    play(g, f"select {KSB}", "1", "done", "done")
    assert res(g) == 16 and res(g, "warlords") == 6


def test_coalition_sweep_pays_only_where_government_troops_move_in_3_2_3():
    g = make("coalition", {"Kabul": {"pieces": {"Coalition Troops": 2, "Government Troops": 2}},
                           "Bamian": {"pieces": {"Taliban Guerrilla": 2}},
                           "Samangan": {"pieces": {"Taliban Guerrilla": 2}}})
    start(g, "Sweep")
    play(g, "select Bamian", "select Kabul", "1")
    assert labels(g) == ["0", "1"]               # 1 Government Troop per moving Coalition Troop
    play(g, "0", "done")
    assert res(g) == 20
    play(g, "select Samangan", "select Kabul", "1", "1", "done")
    assert res(g) == 17
    play(g, "done")


def test_coalition_sweep_government_troops_need_resources_3_1():
    g = make("coalition", {"Kabul": {"pieces": {"Coalition Troops": 2, "Government Troops": 2}},
                           "Bamian": {"pieces": {"Taliban Guerrilla": 2}}}, gov=2)
    start(g, "Sweep")
    play(g, "select Bamian", "select Kabul", "2")
    assert labels(g) == ["done"]                 # no Government Troops offered along
    assert n(g, "Bamian", "Government Troops") == 0


def test_sweep_troops_move_once_3_2_3():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 2}}})
    start(g, "Sweep")
    play(g, "select Bamian", "select Kabul", "2", "done")
    assert "Samangan" not in selectable(g)       # Bamian's Troops have moved: they cannot go on
    assert coin_ops.sweep_origins(g, "government", I["Samangan"]) == {}


def test_coalition_sweep_takes_along_only_government_troops_that_began_there_3_2_3():
    g = make("coalition", {"Kabul": {"pieces": {"Coalition Troops": 1, "Government Troops": 1}},
                           "Bamian": {"pieces": {"Coalition Troops": 1}}})
    start(g, "Sweep")
    play(g, "select Bamian", "select Kabul", "1", "1", "done")
    assert coin_ops.sweep_origins(g, "coalition", I["Samangan"]) == {I["Bamian"]: (1, 0)}
    play(g, "select Samangan", "select Bamian", "1")
    # the Government Troop that just entered Bamian did not begin there: no companion offered
    assert n(g, "Samangan", "Coalition Troops") == 1 and n(g, "Bamian", "Government Troops") == 1
    assert labels(g) == ["done"] and res(g) == 17


def test_coalition_patrol_moves_only_coalition_troops_3_2_2():
    g = make("coalition", {"Kabul": {"pieces": {"Coalition Troops": 1, "Police": 3, "Government Troops": 2}}})
    start(g, "Patrol")
    play(g, f"select {KK}", "select Kabul")
    assert labels(g) == ["1"]                    # the Coalition Troop only
    play(g, "1", "done", "done")
    assert n(g, KK, "Police") == 0 and n(g, KK, "Government Troops") == 0


def test_coalition_sweep_activation_all_cubes_with_coalition_piece_else_government_cubes_A3():
    g = make("coalition", {"Bamian": {"pieces": {"Coalition Base": 1, "Government Troops": 1, "Police": 1,
                                                 "Taliban Guerrilla": 5}},
                           "Samangan": {"pieces": {"Government Troops": 1, "Police": 1, "Taliban Guerrilla": 5}},
                           "Kabul": {"pieces": {"Coalition Troops": 2}}})
    assert coin_ops.sweep_activations(g.state, "coalition", I["Bamian"]) == 2
    start(g, "Sweep")
    play(g, "select Bamian", "select Kabul", "1", "done", "select Samangan", "done", "done")
    assert n(g, "Bamian", "Taliban Guerrilla (Active)") == 3      # 1 Coalition + 1 Troops + 1 Police
    assert n(g, "Samangan", "Taliban Guerrilla (Active)") == 2    # no Coalition piece: Government cubes


def test_sweep_destination_never_pakistan_nor_loc_3_2_3():
    g = make("government", {"Kandahar": {"pieces": {"Government Troops": 2}},
                            "Waziristan": {"pieces": {"Taliban Guerrilla": 3}}})
    start(g, "Sweep")
    sel = selectable(g)
    assert "Waziristan" not in sel and "Balochistan" not in sel
    assert not any(static.IS_LOC[I[s]] for s in sel)


def test_limited_sweep_single_destination_2_3_5():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 2}}})
    grant_free_action(g, "government", [g.op_action("sweep")], kind="limited")
    g._legal = None
    play(g, "Sweep", "select Bamian", "select Kabul", "1", "done")
    assert labels(g) == ["done"]


def test_sweep_activation_targets_one_or_both_insurgent_factions_3_1():
    g = make("government", {"Herat": {"pieces": {"Government Troops": 3, "Taliban Guerrilla": 2,
                                                 "Warlord Guerrilla": 2}}})
    assert coin_ops.activation_splits(g.state, I["Herat"], 3) == [(0, 2), (1, 2), (2, 0), (2, 1)]
    start(g, "Sweep")
    play(g, "select Herat", "done")
    assert labels(g) == ["0", "1", "2"]          # Taliban Activated (then the Warlords)
    play(g, "2")
    assert labels(g) == ["0", "1"]               # Taliban only, or both (2 + 1)
    play(g, "1")
    assert n(g, "Herat", "Taliban Guerrilla (Active)") == 2 and n(g, "Herat", "Warlord Guerrilla (Active)") == 1


def test_sweep_on_final_event_card_barred_2_3_8():
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 2}}}, deck=[], current_card=5,
             upcoming_card=74)
    play(g, "limited operation")
    assert "Sweep" not in labels(g) and "Train" in labels(g)


# =====================================================================================================
# 3.2.4 Assault
# =====================================================================================================
def test_coalition_assault_only_where_coalition_troops_3_2_4():
    g = make("coalition", {"Kabul": {"pieces": {"Government Troops": 4, "Taliban Guerrilla (Active)": 2}},
                           "Herat": {"pieces": {"Coalition Troops": 1, "Taliban Guerrilla (Active)": 1}}})
    start(g, "Assault")
    assert selectable(g) == {"Herat"}


def test_assault_police_count_in_kabul_and_on_locs_not_in_provinces_3_2_4():
    g = make("government", {"Herat": {"pieces": {"Police": 4, "Taliban Guerrilla (Active)": 2}},
                            KK: {"pieces": {"Police": 2, "Taliban Guerrilla (Active)": 1}}})
    start(g, "Assault")
    assert selectable(g) == {KK}
    assert coin_ops.assault_strength(g, "government", I[KK]) == 1


def test_government_assault_pays_3_per_space_3_2_4():
    g = make("government", {"Herat": {"pieces": {"Government Troops": 2, "Taliban Guerrilla (Active)": 1}},
                            "Balkh": {"pieces": {"Government Troops": 2, "Warlord Guerrilla (Active)": 1}}}, gov=5)
    start(g, "Assault")
    play(g, "select Herat", "Taliban Guerrilla (Active)")
    assert res(g) == 2
    assert labels(g) == ["done"]                 # Balkh now unaffordable


def test_coalition_assault_choice_only_where_government_cubes_add_removals_3_2_4():
    g = make("coalition", {PLAINS: {"pieces": {"Coalition Troops": 2, "Government Troops": 2,
                                               "Taliban Guerrilla (Active)": 2}}})
    start(g, "Assault")
    play(g, f"select {PLAINS}")
    assert labels(g) == ["Taliban Guerrilla (Active)"]   # 2 Coalition Troops remove all: no payment asked
    play(g, "Taliban Guerrilla (Active)", "Taliban Guerrilla (Active)")
    assert res(g) == 20


def test_coalition_assault_underground_guerrilla_keeps_base_but_actives_go_3_2_4():
    g = make("coalition", {PLAINS: {"pieces": {"Coalition Troops": 2, "Government Troops": 2, "Taliban Base": 1,
                                               "Taliban Guerrilla (Active)": 3, "Taliban Guerrilla": 1}}})
    assert coin_ops.removable_by_assault(g.state, I[PLAINS]) == 3
    start(g, "Assault")
    play(g, f"select {PLAINS}", "Assault: count Government cubes too (3 Government Resources)")
    play(g, "Taliban Guerrilla (Active)", "Taliban Guerrilla (Active)", "Taliban Guerrilla (Active)")
    assert n(g, PLAINS, "Taliban Base") == 1 and n(g, PLAINS, "Taliban Guerrilla") == 1
    assert res(g) == 17 and g.state.frames[-1]["kind"] == "op_select"


def test_coalition_assault_adds_no_aid_for_taliban_base_3_2_4():
    g = make("coalition", {PLAINS: {"pieces": {"Coalition Troops": 2, "Taliban Base": 1}}}, aid=5)
    start(g, "Assault")
    play(g, f"select {PLAINS}", "Taliban Base")
    assert g.state.aid == 5 and n(g, PLAINS, "Taliban Base") == 0


def test_free_coalition_assault_counts_government_cubes_at_no_cost_3_1_2():
    g = make("coalition", {PLAINS: {"pieces": {"Coalition Troops": 1, "Government Troops": 2,
                                               "Taliban Guerrilla (Active)": 3}}})
    grant_free_action(g, "coalition", [g.op_action("assault")], kind="op")
    g._legal = None
    play(g, "Assault", f"select {PLAINS}")
    for _ in range(3):
        play(g, "Taliban Guerrilla (Active)")
    assert res(g) == 20 and n(g, PLAINS, "Taliban Guerrilla (Active)") == 0


# =====================================================================================================
# Engine properties
# =====================================================================================================
def test_mid_move_save_and_load_continues_identically():
    """Frames are JSON-plain: a game saved inside a Sweep move continues identically."""
    g = make("coalition", {"Kabul": {"pieces": {"Coalition Troops": 2, "Government Troops": 2}},
                           "Kandahar": {"pieces": {"Taliban Guerrilla": 4, "Warlord Guerrilla": 2}}})
    start(g, "Sweep")
    play(g, "select Kandahar", "select Kabul", "2")
    g2 = coin_env.load_game(g.to_json(), debug=True)
    assert labels(g2) == labels(g)
    for gg in (g, g2):
        play(gg, "1", "done", "done")
        play(gg, labels(gg)[1])
        while gg.state.frames[-1]["kind"] == "choose":
            play(gg, labels(gg)[0])
    assert g2.to_json() == g.to_json()


def test_more_cubes_than_the_largest_count_move_from_one_origin(monkeypatch):
    """If a count exceeds the vocabulary's largest count (patched to 20 here), the rest of the same
    cubes is asked for next."""
    g = make("government", {"Kabul": {"pieces": {"Police": 24, "Government Troops": 23}}})
    monkeypatch.setattr(g.vocabulary, "max_count", 20)
    start(g, "Patrol")
    play(g, f"select {KK}", "select Kabul", "20")
    assert labels(g)[0] == "0" and labels(g)[-1] == "3"          # the 3 other Government Troops
    play(g, "3", "20", "4", "done", "done")
    assert n(g, KK, "Government Troops") == 23 and n(g, KK, "Police") == 24
    g = make("government", {"Kabul": {"pieces": {"Government Troops": 23}}})
    monkeypatch.setattr(g.vocabulary, "max_count", 20)
    start(g, "Sweep")
    play(g, "select Bamian", "select Kabul", "20", "3", "done", "done")
    assert n(g, "Bamian", "Government Troops") == 23
