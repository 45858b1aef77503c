"""VII. Events in India (RB p.28-33): the rulebook's examples as tests (storm die face 3 = one event,
storms everywhere; no family ship at sea, so the storms roll nothing)."""

from coin_env.games.john_company.static import GOVERNOR_OF_REGION, ORDER, REGION
from jc_helpers import new_game, slot

NO_OFFICES = {o: None for o in ["Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs",
                                "President of Bombay", "President of Madras", "President of Bengal"]}
ONE_EVENT = 3


def test_crisis_against_the_company_and_region_loss_rb_p29():
    """RB-ex p.29: +3 Crisis; the Elephant from Maratha (strength 2) faces Company-controlled Bengal with 3
    unrest: attack 8; Army of Bengal: 2 officers, 2 regiments, Jagat Seths = 6 -> Bengal is lost; Pink's
    Commander (3 trophies) loses 2; officer rout: a 6 kills Yellow's officer; Maratha founds an empire;
    Bengal's orders close; Standing -1."""
    from coin_env.games.john_company import game as jc
    pos = {"phase": "events", "offices": dict(NO_OFFICES, **{"Governor of Bengal": "larkins"}), "ships": {},
           "control": {"Bengal": "Bengal"}, "unrest": {"Bengal": 3}, "empires": {}, "strength": {"Maratha": 2},
           "elephant": {"region": "Maratha", "facing": "Bengal"}, "event_stack": [3],
           "commanders": {"Bombay": None, "Madras": None, "Bengal": "benyon"},
           "officers": {"benyon": {"Bengal": 1}, "hastings": {"Bengal": 1}}, "regiments": {"Bengal": 2},
           "alliances": {"Jagat Seths": "active"}, "trophies": {"benyon": 3}, "standing": 4,
           "london_deck": [], "display": []}       # no London card in play: no dealt blackmail window opens first
    g = jc.new_game("1710", seed=0, options={"families": 3}, position=pos, debug=True, log=True, dice=[ONE_EVENT, 1, 6])
    s = g.state
    b, m = REGION["Bengal"], REGION["Maratha"]
    assert s.control[b] == -1 and s.dome[b] == 1 and s.strength[b] == 1 and s.unrest[b] == 0
    assert s.flag[m] == m and s.flag[b] == m
    assert s.commander[2] == -1 and s.trophies[slot("benyon")] == 1
    assert s.officers[slot("hastings"), 2].sum() == 0 and s.officers[slot("benyon"), 2].sum() == 1
    assert s.office_exists[GOVERNOR_OF_REGION[b]] == 0 and s.office_holder[GOVERNOR_OF_REGION[b]] == -1
    assert s.order_state[ORDER["Bg1"]] == 1 and s.order_state[ORDER["Bg2"]] == 1
    assert s.standing == 3


def test_peace_rb_p31():
    """RB-ex p.31: the Elephant on the Mysore-Madras border; Ma2 (linked to My2) and Ma1 closed; Madras is
    Company-controlled with unrest; Mysore strength 2 -> Ma2 opens, Ma1 stays closed, Mysore 3 towers,
    Madras keeps its unrest; the Elephant marches to Mysore and faces Hyderabad (triangle border)."""
    from coin_env.games.john_company import game as jc
    pos = {"phase": "events", "offices": NO_OFFICES, "ships": {}, "control": {"Madras": "Madras"},
           "unrest": {"Madras": 1}, "orders": {"Ma1": "closed", "Ma2": "closed"}, "strength": {"Mysore": 2},
           "empires": {}, "elephant": {"region": "Mysore", "facing": "Madras"}, "event_stack": [16, 15],
           "commanders": {"Bombay": None, "Madras": None, "Bengal": None}}
    g = jc.new_game("1710", seed=0, options={"families": 3}, position=pos, debug=True, dice=[ONE_EVENT])
    s = g.state
    assert s.order_state[ORDER["Ma2"]] == 0 and s.order_state[ORDER["Ma1"]] == 1
    assert s.strength[REGION["Mysore"]] == 3 and s.strength[REGION["Madras"]] == 0 and s.unrest[REGION["Madras"]] == 1
    assert s.elephant == {"region": "Mysore", "facing": "Hyderabad"}


def test_invasion_shatters_an_empire_rb_p32():
    """RB-ex p.32: +1 Crisis; the Elephant on the Mysore-Hyderabad border facing Hyderabad; Hyderabad (1)
    is the capital of an empire with Madras (1); Mysore strength 2: attack 3 > defence 2 -> Mysore founds
    an empire with Hyderabad; Madras is free; Imperial Ambitions: the Elephant to Mysore, on its square
    border (towards Madras)."""
    from coin_env.games.john_company import game as jc
    pos = {"phase": "events", "offices": NO_OFFICES, "ships": {}, "strength": {"Mysore": 2, "Hyderabad": 1,
           "Madras": 1}, "empires": {"Hyderabad": ["Madras"]}, "elephant": {"region": "Mysore", "facing": "Hyderabad"},
           "event_stack": [4], "commanders": {"Bombay": None, "Madras": None, "Bengal": None}}
    g = jc.new_game("1710", seed=0, options={"families": 3}, position=pos, debug=True, dice=[ONE_EVENT])
    s = g.state
    my, h, ma = REGION["Mysore"], REGION["Hyderabad"], REGION["Madras"]
    assert s.flag[my] == my and s.flag[h] == my and s.flag[ma] == -1
    assert s.elephant == {"region": "Mysore", "facing": "Madras"}


def test_turmoil_closes_the_northernmost_order_and_sends_the_writer_home():
    from coin_env.games.john_company import game as jc
    pos = {"phase": "events", "offices": NO_OFFICES, "ships": {}, "event_stack": [9, 1],
           "commanders": {"Bombay": None, "Madras": None, "Bengal": None}}
    g = jc.new_game("1710", seed=0, options={"families": 3}, position=pos, debug=True, dice=[ONE_EVENT])
    s = g.state
    # tile 9 (Turmoil) pictures... the location is the back of the next tile (tile 1: Delhi): D1 closes
    assert s.order_state[ORDER["D1"]] == 1


def _defence_position(commander, officers):
    return {"phase": "events", "offices": dict(NO_OFFICES), "ships": {}, "control": {"Bengal": "Bengal"},
            "unrest": {"Bengal": 0}, "empires": {}, "strength": {"Maratha": 1},
            "elephant": {"region": "Maratha", "facing": "Bengal"}, "event_stack": [3],
            "commanders": {"Bombay": None, "Madras": None, "Bengal": commander}, "officers": officers,
            "regiments": {"Bengal": 2}, "alliances": {"Jagat Seths": "active"}, "trophies": {commander: 0}}


def test_defending_commander_picks_the_pieces_it_exhausts():
    """RB p.29: an attack of 4 on Bengal (Army: 2 regiments, Jagat Seths 2, officers of Benyon and Hastings)
    holds; the Commander (Benyon) picks the pieces until 4 strength are exhausted."""
    from coin_env.games.john_company import game as jc
    from coin_env.games.john_company.static import ALLIANCE_NAMES
    from jc_helpers import labels, play
    pos = _defence_position("benyon", {"benyon": {"Bengal": 1}, "hastings": {"Bengal": 1}})
    g = jc.new_game("1710", seed=0, options={"families": 3}, position=pos, debug=True, dice=[ONE_EVENT])
    s = g.state
    assert g.current_player() == "benyon" and "4 strength still to exhaust" in g.prompt()
    assert sorted(labels(g)) == ["Benyon", "Hastings", "a regiment", "alliance Jagat Seths"]
    play(g, "alliance Jagat Seths")
    assert "2 strength still" in g.prompt()
    play(g, "Hastings", "a regiment")
    js = ALLIANCE_NAMES.index("Jagat Seths")
    assert s.alliance_active[js] == 2 and s.officers[slot("hastings"), 2].tolist() == [0, 1]
    assert s.officers[slot("benyon"), 2].tolist() == [1, 0] and s.regiments[2].tolist() == [1, 1]
    assert s.control[REGION["Bengal"]] == 2 and s.trophies[slot("benyon")] == 1


def test_solo_crown_commander_defence_is_picked_by_the_family():
    """Crown Handbook (Events in India): a Crown Commander's defending pieces are picked by the family."""
    from coin_env.games.john_company import game as jc
    pos = _defence_position("crown", {"crown": {"Bengal": 1}, "benyon": {"Bengal": 1}})
    g = jc.new_game("1710", seed=0, options={"families": 1, "crown": True}, position=pos, debug=True,
                    dice=[ONE_EVENT])
    assert g.current_player() == "benyon" and "Defend with the Bengal Army" in g.prompt()
    g = jc.new_game("1710", seed=0, options={"families": 1}, position=pos, debug=True, dice=[ONE_EVENT])
    assert g.current_player() == "crown" and "Defend with the Bengal Army" in g.prompt()
