"""With log=True the game log follows a battle in "battle" notes (battle.py): the sides and dice, the
Cavalry spent (1.10), the Mongol Charge (3.5.3), the hits and each casualty, with their numbers."""

import coin_env
from coin_env.core.play import labels, play


def battle_notes(g, since=0):
    return [e for e in g.log[since:] if e["kind"] == "battle"]


def test_attack_battle_log_3_3_4_1_10():
    g = coin_env.make_game("vijayanagara", seed=0, log=True, position={
        "current_card": 3, "deck": [4, 5, 48, 49], "resources": {"bk": 2}, "cavalry": {"bk": 1, "ve": 0},
        "spaces": {"Maharashtra": {"tributary": False, "pieces": {"Rebelling Amir": 4, "Fort": 1, "Raja": 2}},
                   "Karnataka": {"tributary": False, "pieces": {"Rebelling Raja": 2, "Temple": 1}}}})
    g.script_dice([3, 6, 6, 6, 1, 6])
    n = len(g.log)
    play(g, "command (event-or-command box)", "Attack", "select Karnataka", "select Maharashtra",
         "Rebelling Amir", "Rebelling Amir", "Cavalry: Charge own die showing 3")
    play(g, "select Maharashtra", "Rebelling Raja")
    roll, cavalry, hits, cas_bk, cas_ve, over = battle_notes(g, n)
    assert (roll["attacker"], roll["defender"], roll["att_units"], roll["def_units"]) == ("bk", "ve", 2, 2)
    assert roll["att_dice"] == [3, 6, 6, 6] and roll["def_dice"] == [1, 6]
    assert "supporting from Maharashtra" in roll["text"]
    assert (cavalry["faction"], cavalry["use"], cavalry["die"], cavalry["att_dice"]) == ("bk", "charge", 3, [2, 6, 6, 6])
    assert hits["hits"] == [1, 1] and hits["att_threshold"] == 2 and "a hit on 2 or less" in hits["text"]
    assert cas_bk["faction"] == "bk" and cas_bk["supporting"] and "supporting Rebelling Amir in Maharashtra" in cas_bk["text"]
    assert cas_ve["faction"] == "ve" and "Rebelling Raja in Karnataka" in cas_ve["text"]
    assert over["losses"] == {"bk": 1, "ve": 1}


def test_mongol_charge_in_the_log_3_5_3():
    """Timur's Mongols attack Delhi (2.6): their one Charge turns a miss into a hit (a 6 into a 5 with
    5 or more Mongols)."""
    g = coin_env.make_game("vijayanagara", seed=0, log=True, position={
        "current_card": 1, "timurid_played": 1, "deck": [49, 2], "cavalry": {"ds": 0},
        "spaces": {"Mountain Passes": {"pieces": {"Mongol Invader": 4}}, "Punjab": {"pieces": {"Mongol Invader": 4}},
                   "Delhi": {"pieces": {"Troop": 1}}}})
    g.script_dice([6, 6, 6, 6, 6, 6] * 5)
    n = len(g.log)
    play(g, "pass", "pass", "pass")                         # card 1 passes; card 49: Timur Invades Delhi
    while not g.is_over():
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    charge = next(e for e in battle_notes(g, n) if e.get("faction") == "mi" and e.get("use") == "charge")
    assert charge["die"] == 6 and 5 in charge["att_dice"] and "Mongol Charge" in charge["text"]
    hits = next(e for e in battle_notes(g, n) if "hits" in e)
    assert hits["hits"][0] == 1
