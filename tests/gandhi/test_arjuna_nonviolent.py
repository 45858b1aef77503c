"""NP Congress and NP Muslim League (rules 8.1.4, 8.6.4, 8.6.5, 8.7.2, 8.7.3; digest 12.7 #34-#36, #39).

Rulebook examples first, then one test per procedure step that fails if the step is wrong. Positions
list only what the example needs; everything else is Available. Whole turns are played by the bot
from a chosen Arjuna card (``state.arjuna["deck"]``); single Operations are started by label and the
bot answers the rest (no card box: the procedure's default column).
"""

from __future__ import annotations

import copy

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.bots import BOT
from coin_env.games.gandhi.bots.context import Ctx
from coin_env.games.gandhi.bots.nonviolent import SA_ACTIONS, Persuade, origins_for, spare
from coin_env.games.gandhi.bots.registry import CONDITIONS, ROWS
from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA as ARJUNA
from coin_env.games.gandhi.data.arjuna.schema import Check, Op, SA
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST,
                                               ML_BASE, SEPOY)
from coin_env.games.gandhi.static import INDEX, JAIL, OUT_OF_PLAY

NOBODY = {"raj": False, "congress": False, "ml": False, "revs": False}


def np_game(faction, spaces, non_players=None, restraint=3, unity=3, boxes=None, cards=None, **extra):
    """``faction`` alone Eligible; ``cards``: the Arjuna deck (fronts, top first)."""
    pos = {"restraint": restraint, "unity": unity, "resources": {"raj": 20, "revs": 5},
           "eligible": dict(NOBODY, **{faction: True}), "spaces": spaces, "deck": [6, 44, 45, 73]}
    if boxes is not None:
        pos["boxes"] = boxes
    pos.update(extra)
    g = coin_env.make_game("gandhi", position=pos, options={"non_players": list(non_players or [faction])},
                           debug=True)
    if cards is not None:
        g.state.arjuna["deck"] = list(cards)
    return g


def bot_turn(g, faction, max_steps=400) -> dict:
    """The bot plays ``faction``'s whole turn; returns the last turn record (op / sa and their spaces)."""
    last, started = None, False
    for _ in range(max_steps):
        if g.is_over() or g.current_player() != faction:
            break
        if g.state.frames[-1]["kind"] == "sop_choice" and started:
            break
        started = True
        g.apply(BOT.decide_for(g, faction))
        if g.state.turn is not None:
            last = copy.deepcopy(g.state.turn)
    return last


def bot_until_done(g, faction, max_steps=200) -> dict:
    """The bot answers ``faction``'s prompts until someone else (or nobody) is to act; returns the last
    turn record."""
    last = copy.deepcopy(g.state.turn)
    for _ in range(max_steps):
        if g.is_over() or g.current_player() != faction or g.state.turn is None:
            break
        g.apply(BOT.decide_for(g, faction))
        if g.state.turn is not None:
            last = copy.deepcopy(g.state.turn)
    return last


def n(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def names(spaces):
    from coin_env.games.gandhi.static import SPACE_NAMES
    return [SPACE_NAMES[sp] for sp in spaces]


# =====================================================================================================
# Data
# =====================================================================================================
def test_cards_columns_and_names_resolve():
    """Six double-sided cards per faction (8.3), columns in 8.8.5 order, every name registered."""
    expected = {
        "congress": ["Place Activists", "Demonstrate", "Place Protests", "Move or Release Gandhi",
                     "Shift to Opposition", "Remove or Replace"],
        "ml": ["Place Activists", "Place Bases", "Demonstrate", "Place Protests", "Place Muslim State",
               "Shift to Opposition", "Remove or Replace"],
    }
    fronts = {"congress": "GHIJKL", "ml": "MNOPQR"}
    for f, cols in expected.items():
        data = ARJUNA[f]
        assert list(data.columns) == cols
        assert sorted(data.faces) == sorted(list(fronts[f]) + [c * 2 for c in fronts[f]])
        for letter, fc in data.faces.items():
            assert fc.source and fc.max_spaces is None and data.faces[fc.other_side].other_side == letter
            for node in fc.nodes:
                if isinstance(node, Check):
                    assert node.cond in CONDITIONS
                elif isinstance(node, Op):
                    assert node.column in data.columns
                elif isinstance(node, SA):
                    for opt in node.options:
                        assert opt.column in data.columns and (not opt.only_if or opt.only_if in CONDITIONS)
                        assert opt.action in SA_ACTIONS[(f, opt.sa)], (letter, opt)
        for col in data.columns.values():
            assert col.source and all(r in ROWS for r in col.rows)
        flips = {fc.other_side for fc in data.faces.values() if len(fc.letter) == 1
                 and any(isinstance(x, Check) and "flip" in (x.yes, x.no) for x in fc.nodes)}
        assert flips == {c * 2 for c in fronts[f]}                # every back can be reached
    protests = ARJUNA["congress"].columns["Place Protests"]
    assert protests.known == ("not at Active Opposition", "2-Pop", "non-Muslim space")
    assert protests.rows[:3] == protests.known


# =====================================================================================================
# Rulebook examples (digest 12.7)
# =====================================================================================================
def test_8_4_1_example_35_congress_civil_disobedience_place_protests():
    """#35: Restraint 3, two Protests Available; eligible UP (Active Opposition), Bihar (2-Pop, non-Muslim),
    West Bengal (2-Pop, Muslim), CIA (1-Pop): the 1st Protest goes to Bihar, the 2nd to West Bengal."""
    g = np_game("congress", {
        "United Provinces": {"support": "Active Opposition", "pieces": {"Congress Activist": 1}},
        "Bihar": {"pieces": {"Congress Activist": 2}},
        "West Bengal": {"pieces": {"Congress Activist": 1}},
        "Central India Agency": {"pieces": {"Congress Activist": 1}},
        "Madras": {"protest": 1},                     # the marker that leaves two Available at Restraint 3
    })
    assert board.protests_available_for_ops(g.state) == 2
    play(g, "operation only", "Civil Disobedience")
    turn = bot_until_done(g, "congress")
    assert turn["op_spaces"] == [INDEX["Bihar"], INDEX["West Bengal"]]
    assert g.state.protest[INDEX["Bihar"]] and g.state.protest[INDEX["West Bengal"]]
    assert not g.state.protest[INDEX["Central India Agency"]] and not g.state.protest[INDEX["United Provinces"]]


def test_8_4_1_example_34_ml_non_cooperation_eligible_spaces():
    """#34: only spaces with a Protest, ML Activists and no Raj Control are eligible for ML Non-Cooperation;
    NP ML executes it in every eligible Muslim space (8.6.5), card N."""
    g = np_game("ml", {
        "Sind": {"protest": 1, "pieces": {"ML Activist": 1}},                       # eligible
        "Karachi": {"protest": 1, "pieces": {"ML Activist": 2}},                    # eligible
        "Punjab": {"protest": 1, "pieces": {"ML Activist": 1, "Sepoy": 3}},         # Raj Control
        "East Bengal": {"pieces": {"ML Activist": 2}},                              # no Protest
        "Assam": {"protest": 1, "pieces": {"Congress Activist": 1}},                # no ML Activist
        "Bihar": {"protest": 1, "pieces": {"ML Activist": 1}},                      # not a Muslim space
    }, cards=["N"])
    turn = bot_turn(g, "ml")
    assert turn["op"] == "non_cooperation"
    assert sorted(names(turn["op_spaces"])) == ["Karachi", "Sind"]
    sup = g.state.support
    assert sup[INDEX["Sind"]] == -1 and sup[INDEX["Karachi"]] == -1
    assert sup[INDEX["Punjab"]] == 0 and sup[INDEX["Bihar"]] == 0 and sup[INDEX["East Bengal"]] == 0


def test_8_6_example_36_ml_rally_moves_an_activist_out_of_play():
    """#36: after placing pieces NP ML moves one ML Activist Out of Play -> Available."""
    g = np_game("ml", {}, boxes={"Out of Play": {"ML Activist": 2, "Congress Activist": 2}})
    play(g, "operation only", "Rally")
    bot_until_done(g, "ml")
    s = g.state
    assert s.pieces[OUT_OF_PLAY, ML_ACTIVIST] == 1 and s.pieces[OUT_OF_PLAY, CONGRESS_ACTIVIST] == 2
    assert s.unity == 3                                                # its own Activist: no Unity shift


def test_8_6_5_ml_rally_releases_prisoners_with_three_in_jail():
    """8.6.5 (#36's exception): with 3 or more ML Activists in Jail, release prisoners instead."""
    g = np_game("ml", {}, boxes={"Out of Play": {"ML Activist": 1}, "Jail": {"ML Activist": 3}})
    play(g, "operation only", "Rally")
    bot_until_done(g, "ml")
    s = g.state
    assert s.pieces[OUT_OF_PLAY, ML_ACTIVIST] == 1                    # not moved: prisoners released instead
    assert s.pieces[JAIL, ML_ACTIVIST] < 3                            # a die roll (>= 1) of them left Jail


def test_8_6_4_congress_rally_two_in_jail_moves_out_of_play_instead():
    """8.6.4: only 2 Congress Activists in Jail (and ML ones do not count) -> Out of Play -> Available."""
    g = np_game("congress", {}, boxes={"Out of Play": {"Congress Activist": 1},
                                       "Jail": {"Congress Activist": 2, "ML Activist": 5}})
    play(g, "operation only", "Rally")
    bot_until_done(g, "congress")
    s = g.state
    assert s.pieces[OUT_OF_PLAY, CONGRESS_ACTIVIST] == 0
    assert s.pieces[JAIL, CONGRESS_ACTIVIST] == 2 and s.pieces[JAIL, ML_ACTIVIST] == 5


def _card_h_position(gandhi_in_jail: bool):
    spaces = {
        "Bihar": {"pieces": {"Congress Activist": 2}},                   # NV Activists >= cubes, no Protest
        "Sind": {"muslim_state": 1, "pieces": {"Congress Activist": 3}},  # a Muslim State Congress could remove
        "Madras": {"pieces": {"Sepoy": 2}},
    }
    boxes = None
    if gandhi_in_jail:
        boxes = {"Jail": {"Gandhi": 1}}
    else:
        spaces["Madras"]["pieces"]["Gandhi"] = 1
    return spaces, boxes


def test_8_7_example_39_card_h_skips_negotiate_when_gandhi_is_free():
    """#39: card H 'Negotiate to Release Gandhi from Jail' with Gandhi not in Jail is skipped -- no
    Muslim State removal instead -- and 'Satyagraha to Move Gandhi' is done."""
    spaces, boxes = _card_h_position(gandhi_in_jail=False)
    g = np_game("congress", spaces, boxes=boxes, cards=["H"])
    turn = bot_turn(g, "congress")
    assert turn["op"] == "civil_disobedience" and turn["sa"] == "satyagraha"
    assert n(g, "Madras", GANDHI) == 0 and g.state.pieces[:, GANDHI].sum() == 1
    assert g.state.muslim_state[INDEX["Sind"]] == 1
    assert g.state.restraint == 3                                      # no Negotiate (it would add 1)


def test_8_7_2_card_h_negotiates_gandhi_out_of_jail():
    """The same card with Gandhi in Jail: Negotiate to release him (Restraint +1, 4.3.1)."""
    spaces, boxes = _card_h_position(gandhi_in_jail=True)
    g = np_game("congress", spaces, boxes=boxes, cards=["H"])
    turn = bot_turn(g, "congress")
    assert turn["op"] == "civil_disobedience" and turn["sa"] == "negotiate"
    assert g.state.restraint == 4
    assert g.state.muslim_state[INDEX["Sind"]] == 1


def _card_n_position(restraint, unity):
    return np_game("ml", {
        "Sind": {"protest": 1, "pieces": {"ML Activist": 1}},                           # Non-Cooperation
        "Punjab": {"support": "Passive Opposition", "pieces": {"ML Activist": 2, "ML Base": 1}},
        "Baluchistan": {"pieces": {"ML Activist": 1, "Sepoy": 1}},                      # Infiltrate: replace
    }, restraint=restraint, unity=unity, cards=["N"])


def test_8_7_example_39_card_n_crisis_infiltrate_skipped_outside_crisis():
    """#39: card N 'Crisis: Infiltrate to Place a Muslim State' is skipped outside Crisis; the next
    option (Infiltrate to replace an adversary) is done."""
    g = _card_n_position(restraint=4, unity=2)
    turn = bot_turn(g, "ml")
    assert turn["op"] == "non_cooperation" and turn["sa"] == "infiltrate"
    assert g.state.muslim_state.sum() == 0
    assert n(g, "Baluchistan", SEPOY) == 0 and n(g, "Baluchistan", ML_ACTIVIST) == 2


def test_3_1_5_card_n_non_cooperation_brings_crisis_then_muslim_state():
    """3.1.5 example 2 through card N: Non-Cooperation drops Restraint to 1 with Unity 1 (Crisis), then
    Infiltrate places a Muslim State in the Province with an ML Base and no Raj Control."""
    g = _card_n_position(restraint=2, unity=1)
    turn = bot_turn(g, "ml")
    assert turn["op"] == "non_cooperation" and turn["sa"] == "infiltrate"
    assert g.state.muslim_state[INDEX["Punjab"]] == 1
    assert n(g, "Baluchistan", SEPOY) == 1


# =====================================================================================================
# Procedure steps
# =====================================================================================================
# Origins Bihar and United Provinces (Raj-Controlled: their Activists are Inactive); the reachable spaces
# without Raj Control are the States CIA (2 cubes), Orissa and Rajputana (3 each).
DEMO = {
    "Bihar": {"pieces": {"Congress Activist": 4, "Sepoy": 1}},             # origin: most Congress Activists
    "United Provinces": {"pieces": {"Congress Activist": 3, "Sepoy": 4}},
    "Central India Agency": {"pieces": {"Sepoy": 2}},                      # destination (fewest cubes)
    "Orissa": {"pieces": {"Sepoy": 3}}, "Rajputana": {"pieces": {"Sepoy": 3}},
    "West Bengal": {"pieces": {"Sepoy": 1}}, "East Bengal": {"pieces": {"Sepoy": 1}},
    "Central Provinces": {"pieces": {"Sepoy": 1}}, "Punjab": {"pieces": {"Sepoy": 1}},
    "Delhi": {"pieces": {"Sepoy": 1}},
}


def test_8_6_4_demonstrate_destination_origin_and_count():
    """8.4.2 / 8.6.4: destination by the Demonstrate column (no Raj Control, ..., fewest cubes: CIA);
    origin = most Congress Activists (Bihar, not UP); move until Activists >= cubes (2); Protest placed
    (no Raj Control); Restraint 1 allows one destination."""
    g = np_game("congress", copy.deepcopy(DEMO), restraint=1)
    play(g, "operation only", "Demonstrate")
    bot_until_done(g, "congress")
    assert n(g, "Central India Agency", CONGRESS_ACTIVIST) == 2
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 2 and n(g, "United Provinces", CONGRESS_ACTIVIST) == 3
    assert g.state.protest[INDEX["Central India Agency"]]


def test_8_6_4_demonstrate_brings_ml_activists_up_to_unity():
    """8.6.4: ML Activists in the origin come along (one for one, up to Unity 1): Congress moves 3, ML 1,
    which makes Activists equal the 4 cubes."""
    spaces = copy.deepcopy(DEMO)
    spaces["Bihar"]["pieces"]["ML Activist"] = 2
    spaces["Central India Agency"]["pieces"]["Sepoy"] = 4
    spaces["Orissa"]["pieces"]["Sepoy"] = spaces["Rajputana"]["pieces"]["Sepoy"] = 5
    g = np_game("congress", spaces, restraint=1, unity=1)
    play(g, "operation only", "Demonstrate")
    bot_until_done(g, "congress")
    assert n(g, "Central India Agency", CONGRESS_ACTIVIST) == 3 and n(g, "Central India Agency", ML_ACTIVIST) == 1


def test_8_4_2_protest_origin_keeps_an_activist():
    """Move Priorities (reconstructed): a Protest origin keeps one own Activist (Non-Cooperation) and is
    not left to Raj Control."""
    g = np_game("congress", {
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Orissa": {"protest": 1, "pieces": {"Congress Activist": 3, "Sepoy": 1}},
        "Assam": {"pieces": {"Congress Activist": 2}},
    })
    ctx = Ctx(g, "congress")
    assert spare(ctx, INDEX["Bihar"]) == 0
    assert spare(ctx, INDEX["Orissa"]) == 2                # keep 1 (and 1 >= 1 Sepoy: no Control)
    assert spare(ctx, INDEX["Assam"]) == 2


def test_8_4_2_demonstrate_origin_not_a_destination():
    """8.4.2 B: a space already selected as a destination is never an origin, however many Activists
    it holds: after Bihar (4 Congress Activists) was a destination, East Bengal's only origin is West
    Bengal."""
    g = np_game("congress", {
        "Bihar": {"pieces": {"Congress Activist": 3}},
        "West Bengal": {"pieces": {"Congress Activist": 2}},
    }, restraint=2)
    play(g, "operation only", "Demonstrate", "select Bihar", "select West Bengal", "1", "done")
    if "Protest marker" in labels(g):
        play(g, "Protest marker")
    ctx = Ctx(g, "congress")
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 4
    assert names(origins_for(ctx, INDEX["East Bengal"])) == ["West Bengal"]
    assert spare(ctx, INDEX["West Bengal"]) == 1


def _cd_rail_game(non_players):
    return np_game("congress", {"Bihar": {"pieces": {"Congress Activist": 3}}}, non_players=non_players)


def test_8_6_4_civil_disobedience_railway_step_with_player_raj():
    """8.6.4: Raj a player -> one Activist of a CD space with 3+ goes onto the highest-Econ adjacent
    Railway without an Activist (Allahabad-Calcutta, Econ 5)."""
    g = _cd_rail_game(["congress"])
    play(g, "operation only", "Civil Disobedience")
    bot_until_done(g, "congress")
    assert n(g, "Allahabad-Calcutta Railway", CONGRESS_ACTIVIST) == 1 and n(g, "Bihar", CONGRESS_ACTIVIST) == 2
    assert n(g, "Nagpur-Calcutta Railway", CONGRESS_ACTIVIST) == 0


def test_8_6_4_civil_disobedience_no_railway_step_with_np_raj():
    """8.6.4 / 8.1.3: with NP Raj no Activist goes onto a Railway."""
    g = _cd_rail_game(["raj", "congress"])
    play(g, "operation only", "Civil Disobedience")
    bot_until_done(g, "congress")
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 3 and g.state.protest[INDEX["Bihar"]]


def test_8_6_5_ml_rally_bases_first_place_bases_when_short():
    """8.6.5: Bases first where ML Activists exceed Unity; one Base Available for two such spaces -> the
    Place Bases column picks Punjab (2-Pop) over Sind; Punjab with Activists equal to Unity elsewhere
    would not qualify. Then Activists."""
    g = np_game("ml", {
        "Punjab": {"pieces": {"ML Activist": 3}},
        "Sind": {"pieces": {"ML Activist": 3}},
        "East Bengal": {"pieces": {"ML Activist": 2}},            # = Unity: no Base
    }, unity=2, boxes={"Out of Play": {"ML Base": 4, "Troop": 15, "Sepoy": 45, "Congress Activist": 16,
                                       "Gandhi": 1, "ML Activist": 8, "Guerrilla": 16, "Rev Base": 5},
                       "Available": {"ML Base": 1}})
    play(g, "operation only", "Rally")
    turn = bot_until_done(g, "ml")
    assert n(g, "Punjab", ML_BASE) == 1 and n(g, "Sind", ML_BASE) == 0 and n(g, "East Bengal", ML_BASE) == 0
    assert n(g, "Punjab", ML_ACTIVIST) == 1                     # 3 - Unity 2
    assert turn["op_spaces"][0] == INDEX["Punjab"] and len(turn["op_spaces"]) == 2   # then Activists (Unity 2)


def test_8_6_5_ml_rally_first_space_is_a_base_space():
    g = np_game("ml", {"Sind": {"pieces": {"ML Activist": 3}}}, unity=2)
    play(g, "operation only", "Rally")
    g.apply(BOT.decide_for(g, "ml"))
    assert g.state.turn["op_spaces"] == [INDEX["Sind"]]
    g.apply(BOT.decide_for(g, "ml"))
    assert n(g, "Sind", ML_BASE) == 1


def test_8_6_4_non_cooperation_every_eligible_space():
    """8.6.4: Congress Non-Cooperation in every eligible space (Protest, Congress Activists, no Raj
    Control); a space at Active Opposition cannot shift (8.1.5)."""
    g = np_game("congress", {
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Punjab": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Assam": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Orissa": {"protest": 1, "support": "Active Opposition", "pieces": {"Congress Activist": 1}},
        "Madras": {"protest": 1, "pieces": {"Congress Activist": 1, "Sepoy": 2}},   # Raj Control
    }, restraint=1)
    play(g, "operation only", "Non-Cooperation")
    bot_until_done(g, "congress")
    sup = g.state.support
    assert [int(sup[INDEX[x]]) for x in ("Bihar", "Punjab", "Assam", "Orissa", "Madras")] == [-1, -1, -1, -2, 0]


def test_8_7_2_persuade_follows_the_cards_order():
    """8.7.2 card J: 'Activate Guerrillas' first (Bihar: Active Congress Activists, Underground
    Guerrilla), then -- no space left for it -- 'Remove 1 Adversary' (UP's Sepoy)."""
    g = np_game("congress", {
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 2, "Guerrilla": 1}},
        "United Provinces": {"protest": 1, "pieces": {"Congress Activist": 1, "Sepoy": 1}},
    }, cards=["J"])
    turn = bot_turn(g, "congress")
    assert turn["op"] == "non_cooperation" and turn["sa"] == "persuade"
    assert names(turn["sa_spaces"]) == ["Bihar", "United Provinces"]
    assert n(g, "Bihar", GUERRILLA) == 0 and n(g, "Bihar", ACTIVE_GUERRILLA) == 1
    assert n(g, "United Provinces", SEPOY) == 0


def test_8_7_2_persuade_order_parsing():
    card_j = ARJUNA["congress"].faces["J"].nodes[2].options[0]
    assert Persuade().order(card_j) == ["Activate Guerrillas", "Remove 1 Adversary"]
    assert Persuade().order(None) == ["Remove 1 Adversary", "Activate Guerrillas"]


def test_8_7_2_satyagraha_remove_unrest_also_removes_the_protest():
    """8.7.2 card K -> KK (no Crisis): Non-Cooperation, Persuade impossible (no adversary near
    Congress), then Satyagraha to remove Unrest: Gandhi moves to the Unrest space; Unrest and Protest go."""
    g = np_game("congress", {
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Mysore": {"protest": 1, "unrest": 1},
        "Madras": {"pieces": {"Gandhi": 1}},
    }, cards=["K"])
    turn = bot_turn(g, "congress")
    assert turn["op"] == "non_cooperation" and turn["sa"] == "satyagraha"
    assert n(g, "Mysore", GANDHI) == 1
    assert g.state.unrest[INDEX["Mysore"]] == 0 and not g.state.protest[INDEX["Mysore"]]


def test_8_7_2_satyagraha_move_gandhi_places_an_activist_keeps_protest():
    """8.7.2 / 8.5: 'Satyagraha to Move Gandhi' into a Protest space places an Activist; the NP never
    removes its own Protest by choice."""
    g = np_game("congress", {
        "Bihar": {"pieces": {"Congress Activist": 2}},
        "United Provinces": {"protest": 1, "unrest": 1, "pieces": {"Sepoy": 1}},
        "Madras": {"pieces": {"Gandhi": 1}},
    }, cards=["H"])
    turn = bot_turn(g, "congress")
    assert turn["sa"] == "satyagraha"
    assert n(g, "United Provinces", GANDHI) == 1                      # the only Raj-Controlled space
    assert n(g, "United Provinces", CONGRESS_ACTIVIST) == 1
    assert g.state.protest[INDEX["United Provinces"]] and g.state.unrest[INDEX["United Provinces"]] == 1


def test_8_7_3_ml_negotiate_places_a_muslim_state_before_rally():
    """Card Q: the Negotiate box comes before the Rally (4.1.1 keeps its space out of the Rally):
    Punjab (Muslim Province at Opposition, ML pieces > Congress pieces, no Raj Control) becomes a
    Muslim State at Passive Support; Restraint +1."""
    g = np_game("ml", {"Punjab": {"support": "Passive Opposition", "pieces": {"ML Activist": 2}},
                       "Sind": {"pieces": {"ML Activist": 1}}}, cards=["Q"])
    turn = bot_turn(g, "ml")
    assert turn["op"] == "rally" and turn["sa"] == "negotiate" and turn["sa_spaces"] == [INDEX["Punjab"]]
    assert INDEX["Punjab"] not in turn["op_spaces"]
    assert g.state.muslim_state[INDEX["Punjab"]] == 1 and g.state.support[INDEX["Punjab"]] == 1
    assert g.state.restraint == 4


def test_8_5_infiltrate_replaces_a_piece_never_the_own_protest():
    """8.7.3 / 8.5: Infiltrate replaces the Sepoy, not the Protest (Protest ranks higher on the table)."""
    g = np_game("ml", {
        "Sind": {"protest": 1, "pieces": {"ML Activist": 1}},
        "Baluchistan": {"protest": 1, "pieces": {"ML Activist": 2, "Sepoy": 1}},
    }, restraint=4, cards=["N"])
    bot_turn(g, "ml")
    assert g.state.protest[INDEX["Baluchistan"]] and n(g, "Baluchistan", SEPOY) == 0


def test_3_2_4_np_congress_places_protests_after_gandhis_arrest():
    """3.2.4 (player Raj arrests Gandhi): NP Congress places both Protests by Place Protests, in spaces
    with Congress Activists: United Provinces (2-Pop, non-Muslim), then West Bengal."""
    g = np_game("raj", {
        "Bihar": {"protest": 1, "pieces": {"Troop": 1, "Sepoy": 3, "Gandhi": 1, "Congress Activist": 2,
                                           "ML Activist": 1}},
        "United Provinces": {"pieces": {"Congress Activist": 1}},
        "West Bengal": {"pieces": {"Congress Activist": 1}},
        "Central India Agency": {"pieces": {"Congress Activist": 1}},
    }, non_players=["congress"], viceroy="Lord Chelmsford")
    play(g, "operation only", "Assault", "select Bihar", "Raj: use Sepoys (pay)",
         "Congress Activist", "ML Activist", "Congress Activist", "Gandhi", "done")
    assert g.current_player() == "congress" and g.state.frames[-1]["kind"] == "g_gandhi_arrest_protests"
    for _ in range(3):
        if g.state.frames and g.state.frames[-1]["kind"] == "g_gandhi_arrest_protests":
            g.apply(BOT.decide_for(g, "congress"))
    p = g.state.protest
    assert p[INDEX["United Provinces"]] and p[INDEX["West Bengal"]] and not p[INDEX["Central India Agency"]]


def test_blue_boxes_of_card_h_and_hh():
    """Card H's boxes (digest 11.14) and card HH's die roll against the Congress pool."""
    g = np_game("congress", {"Bihar": {"pieces": {"Congress Activist": 2, "Sepoy": 2}}},
                boxes={"Jail": {"Congress Activist": 14}})
    ctx = Ctx(g, "congress")
    assert CONDITIONS["NV Activists >= cubes in a space without Protest"](ctx)
    assert CONDITIONS["2 or more Protest markers Available"](ctx)            # Restraint 3: three
    assert CONDITIONS["die roll <= Congress Activists Available + in Jail"](ctx)   # 14 >= any roll
    g.state.pieces[INDEX["Bihar"], SEPOY] = 3
    assert not CONDITIONS["NV Activists >= cubes in a space without Protest"](ctx)


def test_card_p_check_protest_denies_control():
    """Card P's first check: a Raj-Controlled space with ML Activists that a Protest would free."""
    g = np_game("ml", {"Punjab": {"pieces": {"ML Activist": 2, "Sepoy": 2}}})
    ctx = Ctx(g, "ml")
    assert board.raj_control(g.state, INDEX["Punjab"])
    assert CONDITIONS["a Protest would end Raj Control in a space with ML Activists"](ctx)
    g.state.pieces[INDEX["Punjab"], SEPOY] = 3
    assert not CONDITIONS["a Protest would end Raj Control in a space with ML Activists"](ctx)


def test_np_turns_answer_every_nv_prompt():
    """Smoke: NP Congress and NP ML (Revolutionaries too) play whole games without a fallback on a
    Congress / ML operation or special-activity prompt."""
    import random
    from coin_env.games.gandhi.bots import ArjunaBot
    bot = ArjunaBot()
    seats = ["congress", "ml", "revs"]
    for seed in range(2):
        g = coin_env.make_game("gandhi", seed=seed, options={"non_players": seats}, debug=True)
        rnd = random.Random(seed)
        for _ in range(3000):
            if g.is_over():
                break
            p = g.current_player()
            g.apply(bot(g, p) if p in seats else rnd.choice(g.legal_actions()))
    ours = ("op_select", "sa_select", "sop_choice", "coin_operation_chosen", "coin_sa_after_op", "turn_pass_activist",
            "g_gandhi_arrest_protests")
    bad = {k: v for k, v in bot.fallbacks.items() if k.startswith("nv_") or k in ours}
    assert not bad, bad
