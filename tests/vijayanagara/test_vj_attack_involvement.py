"""3.1.2 / 3.2.4 / 3.3.4 / 3.4.4: a supporting Unit taken as a casualty no longer counts as "involved"
in its own space, so when that space attacks later in the same Command its Units that never fought
all take part (the hit threshold is their number)."""

from coin_env.core.play import labels, play
from coin_env.games.vijayanagara.data.pieces import RAJA, RAJA_REBEL
from vj_helpers import at, position_game

NO_CAVALRY = {"ds": 0, "bk": 0, "ve": 0}


def battle(g):
    return next(f for f in g.state.frames if f["kind"] == "vj_battle")


def test_bahmani_amir_supporter_casualty_frees_the_fort_province_3_3_4():
    """The probe's case: 2 of 4 Rebelling Amirs support from Maharashtra (Fort) and one of them is the
    casualty; Maharashtra's attack then has the 2 Amirs that never fought: a 2 hits."""
    g = position_game(card=3, deck=[4, 5, 48, 49], resources={"bk": 2}, cavalry=NO_CAVALRY,
                      spaces={"Maharashtra": {"tributary": False, "pieces": {"Rebelling Amir": 4, "Fort": 1, "Raja": 2}},
                              "Karnataka": {"tributary": False, "pieces": {"Rebelling Raja": 2, "Temple": 1}}})
    g.script_dice([6, 6, 6, 6, 1, 6, 2, 6, 6, 6, 6, 6])
    play(g, "command (event-or-command box)", "Attack", "select Karnataka", "select Maharashtra",
         "Rebelling Amir", "Rebelling Amir")
    play(g, "select Maharashtra")                 # the Bahmani casualty: one of the two supporters
    play(g, "select Maharashtra", "done")
    assert battle(g)["att_units"] == 2
    assert g.prompt().startswith("Vijayanagara Empire: remove a piece in Maharashtra")
    play(g, "Raja")
    assert at(g, "Maharashtra", RAJA) == 1


def test_sultanate_troop_supporter_casualty_frees_the_qasbah_space_3_2_4():
    """2 of 4 Troops support from Karnataka (Qasbah), one is the casualty; Karnataka's own attack then
    has 2 uninvolved Troops (3 left, 1 of them fought): a 2 hits."""
    g = position_game(eligible={"ds": True, "bk": False, "ve": False}, cavalry=NO_CAVALRY,
                      spaces={"Andhra": {"pieces": {"Rebelling Raja": 2}},
                              "Karnataka": {"pieces": {"Qasbah": 1, "Troop": 4, "Rebelling Raja": 1}}})
    g.script_dice([6, 6, 6, 6, 1, 6, 2, 6, 6, 6, 6, 6])
    play(g, "command & decree", "Attack", "select Andhra", "select Karnataka", "Troop", "Troop")
    play(g, "select Karnataka")                   # the Sultanate's casualty: a supporter
    play(g, "select Karnataka", "done")
    assert battle(g)["att_units"] == 2
    assert "Rebelling Raja" in labels(g)          # a hit: Vijayanagara removes its Raja


def test_vijayanagara_temple_raja_casualty_frees_the_temple_province_3_4_4():
    """The Temple's single Raja supports from Karnataka and is the casualty; Karnataka's attack then has
    its 2 other Rajas, none of which fought: a 2 hits."""
    g = position_game(eligible={"ds": False, "bk": False, "ve": True}, cavalry=NO_CAVALRY,
                      spaces={"Tamilakam": {"pieces": {"Amir": 2}},
                              "Karnataka": {"pieces": {"Temple": 1, "Rebelling Raja": 3, "Amir": 1}}})
    g.script_dice([6, 6, 6, 6, 1, 6, 2, 6, 6, 6, 6, 6])
    play(g, "command & decree", "Attack", "select Tamilakam", "select Karnataka", "Rebelling Raja")
    play(g, "select Karnataka")                   # Vijayanagara's casualty: the supporter
    assert at(g, "Karnataka", RAJA_REBEL) == 2
    play(g, "select Karnataka")
    if "done" in labels(g):
        play(g, "done")
    assert battle(g)["att_units"] == 2
    assert "Amir" in labels(g)                    # a hit: the Bahmani Kingdom removes its Amir
