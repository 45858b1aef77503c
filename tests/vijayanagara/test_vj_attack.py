"""Attack Commands 3.2.4 / 3.3.4 / 3.4.4 and the battle they share (1.10)."""

from coin_env.core.play import labels, play
from coin_env.games.vijayanagara.data.pieces import AMIR, AMIR_REBEL, RAJA_REBEL, TROOP
from vj_helpers import at, position_game

DS_ONLY = {"ds": True, "bk": False, "ve": False}


def battle(g):
    return next(f for f in g.state.frames if f["kind"] == "vj_battle")


def test_ds_attack_flips_defenders_and_thresholds_3_2_4():
    """Digest example 22 (the 3.2.4 play note): 2 Obedient + 1 Rebelling Amir and 3 Troops in a
    Tributary: legal; all 3 Amirs Rebelling; DS 4 dice hitting on 3 or less, BK 2 dice on 3 or less."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Amir": 2, "Rebelling Amir": 1, "Troop": 3}}},
                      eligible=DS_ONLY, cavalry={"ds": 0})
    play(g, "limited command", "Attack", "select Gujarat")
    assert at(g, "Gujarat", AMIR_REBEL) == 3 and at(g, "Gujarat", AMIR) == 0
    assert labels(g) == ["done"]                          # no Qasbah next door: no supporters
    play(g, "done")
    b = battle(g)
    assert len(b["att_dice"]) == 4 and len(b["def_dice"]) == 2
    assert b["att_units"] == 3 and b["def_units"] == 3


def test_ds_attack_needs_a_rebelling_unit_3_2_4():
    """Digest example 23: only Obedient Amirs and no Fort: not a target."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Amir": 2, "Troop": 3}}}, eligible=DS_ONLY)
    play(g, "command & decree", "Attack")
    assert "select Gujarat" not in labels(g)


def test_fort_cuts_ds_dice_to_three_3_2_4():
    """Digest example 24."""
    g = position_game(spaces={"Gujarat": {"pieces": {"Rebelling Amir": 1, "Fort": 1, "Troop": 3}}},
                      eligible=DS_ONLY, cavalry={"ds": 0})
    play(g, "limited command", "Attack", "select Gujarat", "done")
    assert len(battle(g)["att_dice"]) == 3


def test_pure_raid_from_qasbah_at_most_two_3_2_4():
    """Digest example 25: no DS Units in X; adjacent Y with a Qasbah and 4 Troops: at most 2 join;
    threshold 2."""
    g = position_game(spaces={"Andhra": {"pieces": {"Rebelling Raja": 2}},
                              "Karnataka": {"pieces": {"Qasbah": 1, "Troop": 4}}},
                      eligible=DS_ONLY, cavalry={"ds": 0})
    play(g, "limited command", "Attack", "select Andhra")
    assert "done" not in labels(g)                       # nobody in Andhra: supporters are needed
    play(g, "select Karnataka", "Troop", "Troop")
    b = battle(g)
    assert b["att_units"] == 2 and b["support"] == {"space": g.space_names.index("Karnataka"), "pieces": [0, 0]}


def test_ve_attack_single_supporter_from_temple_3_4_4():
    """3.4.4 play note / digest example 64: a pure raid by one Raja from an adjacent Temple Province."""
    g = position_game(spaces={"Tamilakam": {"pieces": {"Amir": 1}},
                              "Karnataka": {"pieces": {"Temple": 1, "Raja": 3}}},
                      eligible={"ds": False, "bk": False, "ve": True}, cavalry={"ve": 1, "bk": 0}, seed=3)
    play(g, "limited command", "Attack", "select Tamilakam", "select Karnataka", "Raja")
    b = battle(g)
    assert b["att_units"] == 1 and len(b["att_dice"]) == 4


def test_bk_ve_influence_shift_3_3_4():
    """Digest examples 36 / 37: fewer losses +1 Influence, the other -1; equal losses none."""
    for losses, expect in (({"bk": 1, "ve": 2}, {"bk": 2, "ve": 0}), ({"bk": 1, "ve": 1}, {"bk": 1, "ve": 1})):
        g = position_game(influence={"bk": 1, "ve": 1})
        g.state.frames.append({"kind": "vj_battle", "step": "influence", "space": 5, "attacker": "bk",
                               "defender": "ve", "att_units": 1, "def_units": 1, "support": None, "att_dice": [],
                               "def_dice": [], "hits": [0, 0], "losses": losses})
        g.advance()
        assert g.state.influence == expect


def test_battle_casualties_and_cavalry_resolve():
    """Whatever the dice, every battle ends with both sides' hits taken and the Command going on."""
    for seed in range(8):
        g = position_game(spaces={"Gujarat": {"pieces": {"Rebelling Amir": 3, "Troop": 4}}}, eligible=DS_ONLY,
                          cavalry={"ds": 2, "bk": 1}, seed=seed)
        play(g, "limited command", "Attack", "select Gujarat", "done")
        while g.state.frames and any(f["kind"] == "vj_battle" for f in g.state.frames):
            play(g, labels(g)[0])
        assert at(g, "Gujarat", TROOP) + at(g, "Gujarat", AMIR_REBEL) <= 7
