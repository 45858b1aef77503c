"""The non-player British Raj (8.1.4, 8.1.6, 8.6.2, 8.6.3, 8.7.1) driven through the Arjuna bot.

One test per rulebook NP example for the Raj (digest 12.7 #32, #37, #38), then one per procedure
step that fails if the step is wrong. Positions list only what the example needs (everything else
Available); the Arjuna deck is stacked so the named card is drawn. Where a die decides the outcome,
the test runs several seeds and checks the outcome each roll value calls for.
"""

from __future__ import annotations

import coin_env
from coin_env import play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.bots import BOT
from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA as ARJUNA, CARD_LETTERS
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST,
                                               SEPOY, TROOP)
from coin_env.games.gandhi.static import CITIES, INDEX, IS_RAILWAY, JAIL, OUT_OF_PLAY, SPACE_NAMES

ONLY_RAJ = {"raj": True, "congress": False, "ml": False, "revs": False}


def np_game(spaces, card="A", non_players=("raj",), restraint=3, unity=3, viceroy=None, boxes=None, seed=0,
            eligible=None):
    """A position with the NP Raj to act; its Arjuna deck shows ``card`` first."""
    pos = {"restraint": restraint, "unity": unity, "resources": {"raj": 40, "revs": 5},
           "eligible": eligible or ONLY_RAJ, "spaces": spaces, "deck": [6, 44, 45, 73]}
    if viceroy:
        pos["viceroy"] = viceroy
    if boxes is not None:
        pos["boxes"] = boxes
    g = coin_env.make_game("gandhi", seed=seed, position=pos, options={"non_players": list(non_players)},
                           debug=True)
    raj_cards = list(CARD_LETTERS["raj"])
    raj_cards.remove(card)
    others = [c for f in non_players if f != "raj" for c in CARD_LETTERS[f]]
    g.state.arjuna["deck"] = [card] + raj_cards + others
    return g


def run_raj(g, limit=2000, failed_at=None):
    """Let the bot play the Raj until another seat must decide; returns (prompt, label) pairs.
    ``failed_at`` (a list) receives, per decision, whether the Activation roll had failed then."""
    trace = []
    for _ in range(limit):
        if g.is_over() or g.current_player() != "raj":
            return trace
        action = BOT.decide_for(g, "raj")
        trace.append((g.prompt(), g.vocabulary.label(action)))
        if failed_at is not None:
            failed_at.append(bool(plan(g).get("an_failed")))
        g.apply(action)
    raise AssertionError("the Raj turn did not end")


def plan(g):
    return g.state.arjuna["memory"]["raj"]["plan"]


def n(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def support(g, space):
    return int(g.state.support[INDEX[space]])


def unrest(g, space):
    return int(g.state.unrest[INDEX[space]])


def control(g, space):
    return board.raj_control(g.state, INDEX[space])


def selected(trace, op):
    """Spaces selected for an Operation / SA (by its prompt's name, e.g. "British Raj Martial Law: select
    a space"), in order."""
    name = op.replace("_", " ").title()
    return [lab[len("select "):] for prompt, lab in trace
            if prompt.startswith(f"British Raj {name}:") and lab.startswith("select ")]


def seeds_by_roll(make, key, seeds=range(40)):
    """{roll: finished game} for the first seed giving each value of ``plan[key]``."""
    out = {}
    for seed in seeds:
        g = make(seed)
        trace = run_raj(g)
        roll = plan(g).get(key)
        out.setdefault(roll, (g, trace))
    return out


# =====================================================================================================
# Data (8.3, 8.4.1, 8.4.2)
# =====================================================================================================
def test_raj_cards_columns_and_move_column_8_3_8_4():
    data = ARJUNA["raj"]
    assert sorted(data.faces) == sorted(list("ABCDEF") + [c * 2 for c in "ABCDEF"])
    for letter, fc in data.faces.items():
        assert fc.other_side == (letter[0] if len(letter) == 2 else letter * 2)
        assert fc.source
        ops = [node.op for node in fc.nodes if type(node).__name__ == "Op"]
        assert "garrison" not in ops                       # 8.6.3: NP Raj never Garrisons
    assert "reconstructed: " in data.faces["A"].source
    assert data.faces["AA"].nodes[0].op == "deploy" and data.faces["AA"].nodes[0].param("troops") == 3
    first = data.faces["BB"].nodes[0].options[0]
    assert first.sa == "govern" and first.param("sequence") == ("remove_protests", "imperialism", "remove_adversaries")
    assert list(data.columns) == ["Place Cubes", "Sweep", "Shift to Support", "Remove or Replace"]
    shift = data.columns["Shift to Support"]
    assert shift.known == ("2-Pop", "no Protest", "with Unrest", "most Opposition")
    rows = list(shift.rows)
    assert [rows.index(r) for r in shift.known] == sorted(rows.index(r) for r in shift.known)
    assert "origins: lose no Raj Control" in data.move


def test_raj_data_names_resolve_8_3():
    """Every blue box, row, Operation and SA the Raj data names has an implementation."""
    from coin_env.games.gandhi.bots.registry import CONDITIONS, OPS, ROWS, SAS
    from coin_env.games.gandhi.data.arjuna.schema import Check, Op
    data = ARJUNA["raj"]
    assert all(row in ROWS for col in data.columns.values() for row in col.rows)
    for fc in data.faces.values():
        labels = {node.label for node in fc.nodes if node.label}
        for node in fc.nodes:
            if isinstance(node, Check):
                assert node.cond in CONDITIONS
                assert {node.yes, node.no} <= {"next", "flip", "draw", "stop"} | labels
            elif isinstance(node, Op):
                assert ("raj", node.op) in OPS and node.column in data.columns
            else:
                for option in node.options:
                    assert ("raj", option.sa) in SAS and option.column in data.columns
                    assert not option.only_if or option.only_if in CONDITIONS


# =====================================================================================================
# Rulebook examples
# =====================================================================================================
def _deploy_example(sepoys_available):
    """Delhi holds 2 Troops; every other City has 3 Sepoys (so Delhi, with fewest cubes, is chosen
    first); one Troop is Out of Play."""
    spaces = {"Delhi": {"pieces": {"Troop": 2}}}
    for city in ("Karachi", "Bombay", "Calcutta", "Madras"):
        spaces[city] = {"pieces": {"Sepoy": 3}}
    oop = {"Troop": 1, "Sepoy": 45 - 12 - sepoys_available}
    return np_game(spaces, card="A", boxes={"Out of Play": oop})


def test_12_7_32_get_three_troops_then_sepoys_8_1_5():
    """8.1.5 "Get": card AA Deploys in Delhi, which has 2 Troops: 1 Troop, then 5 Sepoys (6 placed)."""
    g = _deploy_example(sepoys_available=33)
    trace = run_raj(g)
    assert plan(g)["face"] == "AA"                         # A's blue box fails: nothing to Assault
    assert selected(trace, "deploy")[0] == "Delhi"
    delhi = [lab for prompt, lab in trace if prompt.startswith("Deploy in Delhi")]
    assert delhi == ["Troop"] + ["Sepoy"] * 5 + ["done"]
    assert (n(g, "Delhi", TROOP), n(g, "Delhi", SEPOY)) == (3, 5)
    assert g.state.pieces[OUT_OF_PLAY, TROOP] == 0          # 8.6.3: Out of Play -> Available, Troops first


def test_12_7_32_get_with_only_three_sepoys_available_8_1_5():
    g = _deploy_example(sepoys_available=3)
    run_raj(g)
    assert (n(g, "Delhi", TROOP), n(g, "Delhi", SEPOY)) == (3, 3)
    assert g.state.pieces[OUT_OF_PLAY, TROOP] == 0
    assert g.state.pieces[OUT_OF_PLAY, SEPOY] == 45 - 12 - 3 - 1      # then one Sepoy


def _punjab_example(seed):
    return np_game({"Punjab": {"protest": 1, "unrest": 1, "muslim_state": 1, "pieces": {
        "Sepoy": 8, "Gandhi": 1, "Congress Activist": 1, "Active Guerrilla": 1, "ML Activist": 1}}},
        card="A", non_players=("raj", "ml"), seed=seed)


def test_12_7_37_assault_removal_order_and_imperialism_8_5():
    """8.5 example: Raj and ML non-players, Revolutionaries a player. Assault in Punjab with eight
    Sepoys removes four: Gandhi and the Congress Activist to Jail, then the player's Guerrilla,
    then the lone ML Activist. Govern Imperialism there removes Unrest before the Muslim State."""
    runs = seeds_by_roll(_punjab_example, "imperialism_roll", range(30))
    assert 1 in runs and any(r >= 2 for r in runs)
    for roll, (g, trace) in runs.items():
        assert selected(trace, "assault") == ["Punjab"]
        removed = [lab for prompt, lab in trace if prompt.startswith("British Raj removes pieces in Punjab")]
        assert removed == ["Gandhi", "Congress Activist", "Active Guerrilla", "ML Activist"]
        assert g.state.pieces[JAIL, GANDHI] == 1 and g.state.pieces[JAIL, CONGRESS_ACTIVIST] == 1
        assert g.state.pieces[JAIL, ML_ACTIVIST] == 1 and n(g, "Punjab", ACTIVE_GUERRILLA) == 0
        assert selected(trace, "govern") == ["Punjab"]
        assert unrest(g, "Punjab") == 0                                     # Unrest first ...
        assert g.state.muslim_state[INDEX["Punjab"]] == (1 if roll == 1 else 0)   # ... then the marker


def _bihar_example(seed):
    return np_game({
        "Bihar": {"support": "Passive Opposition", "unrest": 1, "pieces": {"Troop": 2}},
        "United Provinces": {"support": "Neutral", "unrest": 1, "pieces": {"Troop": 1}},
        "Karachi": {"support": "Active Opposition", "unrest": 1, "pieces": {"Sepoy": 1}},
        "Madras Presidency": {"support": "Active Opposition", "pieces": {"Troop": 1}},
        "Bombay Presidency": {"protest": 1, "pieces": {"Troop": 2, "Congress Activist": 1}},
    }, card="B", seed=seed)


def test_12_7_38_np_raj_govern_card_bb_8_7_1():
    """8.6 example "NP Raj Govern": card BB Governs first. No Protest space lacks Activists, so (1)
    is skipped; (2) Imperialism rolls, Bihar (2-Pop, no Protest, Unrest, most Opposition) loses its
    Unrest and, with a 2, shifts Passive Opposition -> Neutral; (3) the second space, by Remove or
    Replace, loses one adversary. Higher rolls spend the rest in a second Imperialism space."""
    runs = seeds_by_roll(_bihar_example, "imperialism_roll", range(40))
    assert 2 in runs and 1 in runs and any(r >= 3 for r in runs)
    for roll, (g, trace) in runs.items():
        assert plan(g)["card"] == "B" and plan(g)["face"] == "BB"
        govern = selected(trace, "govern")
        assert govern[0] == "Bihar"
        assert unrest(g, "Bihar") == 0
        assert support(g, "Bihar") == (-1 if roll == 1 else 0)
        if roll <= 2:                       # the roll is spent: (3) Remove Adversaries
            assert govern == ["Bihar", "Bombay Presidency"]
            assert n(g, "Bombay Presidency", CONGRESS_ACTIVIST) == 0
            assert g.state.pieces[JAIL, CONGRESS_ACTIVIST] == 1
            assert unrest(g, "United Provinces") == 1
        else:                               # a second Imperialism space, chosen by Shift to Support
            assert govern == ["Bihar", "United Provinces"]
            assert unrest(g, "United Provinces") == 0
            assert support(g, "United Provinces") == (1 if roll >= 4 else 0)
            assert n(g, "Bombay Presidency", CONGRESS_ACTIVIST) == 1


# =====================================================================================================
# Procedure steps
# =====================================================================================================
def test_govern_remove_protests_first_8_7_1():
    """BB (1): every space with cubes, a Protest and no Activists loses its Protest (two spaces, so
    Govern ends before Imperialism)."""
    g = np_game({"Bihar": {"protest": 1, "pieces": {"Troop": 2}},
                 "United Provinces": {"protest": 1, "unrest": 1, "pieces": {"Troop": 1}}}, card="B")
    trace = run_raj(g)
    assert sorted(selected(trace, "govern")) == ["Bihar", "United Provinces"]
    assert not g.state.protest[INDEX["Bihar"]] and not g.state.protest[INDEX["United Provinces"]]
    assert "imperialism_roll" not in plan(g)


def test_sweep_loses_no_raj_control_in_origins_8_6_3():
    """Move Priorities: the Troop comes from United Provinces, the origin with most cubes, which
    keeps more cubes than its 3 Active Guerrillas; the Sepoy that makes Bihar's cubes exceed the
    Guerrillas comes from West Bengal, which also keeps Control."""
    g = np_game({"Bihar": {"pieces": {"Sepoy": 1, "Guerrilla": 2}},
                 "United Provinces": {"pieces": {"Troop": 3, "Sepoy": 2, "Active Guerrilla": 3}},
                 "West Bengal": {"pieces": {"Sepoy": 2}}}, card="B")
    trace = run_raj(g)
    assert selected(trace, "sweep")[0] == "Bihar"           # most Underground Guerrillas
    assert (n(g, "Bihar", TROOP), n(g, "Bihar", SEPOY)) == (1, 2)
    assert (n(g, "United Provinces", TROOP), n(g, "United Provinces", SEPOY)) == (2, 2)
    assert n(g, "West Bengal", SEPOY) == 1
    assert control(g, "United Provinces") and control(g, "West Bengal")
    assert n(g, "Bihar", GUERRILLA) == 0                    # both Activated by the cubes


def test_sweep_after_failed_activation_roll_moves_troops_only_8_6_2():
    """After a failed roll (roll <= Restraint) no further Sepoy moves or sweeps; before, Sepoys do."""
    def make(seed):
        return np_game({"Bihar": {"pieces": {"Sepoy": 1, "Guerrilla": 1}},
                        "Orissa": {"pieces": {"Guerrilla": 1}},
                        "West Bengal": {"pieces": {"Troop": 4, "Sepoy": 6}}}, card="B", restraint=3, seed=seed)
    seen = set()
    for seed in range(12):
        g = make(seed)
        failed_at = []
        trace = run_raj(g, failed_at=failed_at)
        for (prompt, answer), failed in zip(trace, failed_at):
            if prompt.startswith("Sweep in "):
                seen.add(failed)
                assert answer == ("Raj: Troops only" if failed else "Raj: use Sepoys (pay)"), (seed, trace)
            if failed and prompt.startswith("Sweep: how many Sepoys"):
                raise AssertionError(f"Sepoys moved after the failed roll: {trace}")
            if failed and prompt.startswith("British Raj Sweep:") and answer == "select Orissa":
                raise AssertionError("a State only Sepoys can reach was selected after the failed roll")
    assert seen == {True, False}


def test_deploy_after_failed_activation_roll_places_troops_only_8_6_3():
    """Each City gets Sepoys only while no Activation roll has failed; Troops (to 3) always."""
    seen = set()
    for seed in range(15):
        g = np_game({}, card="C", restraint=5, seed=seed)
        trace = run_raj(g)
        rolls = plan(g).get("rolls", [])
        for k, city in enumerate(selected(trace, "deploy")):
            failed = any(r <= 5 for r in rolls[:k])
            seen.add(failed)
            assert n(g, city, TROOP) == 3
            assert (n(g, city, SEPOY) == 0) == failed, (seed, rolls, city)
    assert seen == {True, False}


def test_willingdon_deploy_activation_number_is_one_8_6_2():
    """Lord Willingdon: AN 1 for Deploy, so only a roll of 1 fails."""
    g = np_game({}, card="C", restraint=5, viceroy="Lord Willingdon")
    trace = run_raj(g)
    rolls = plan(g).get("rolls", [])
    cities = selected(trace, "deploy")
    for k, city in enumerate(cities):
        assert (n(g, city, SEPOY) == 0) == any(r <= 1 for r in rolls[:k])


def _martial_law_game(viceroy=None):
    return np_game({"Bihar": {"unrest": 1, "pieces": {"Troop": 2, "Congress Activist": 2}},
                    "United Provinces": {"support": "Active Opposition",
                                         "pieces": {"Troop": 2, "Congress Activist": 3}}},
                   card="C", viceroy=viceroy)


def test_martial_law_only_where_unrest_already_is_8_7_1():
    g = _martial_law_game()
    trace = run_raj(g)
    assert selected(trace, "martial_law") == ["Bihar"]
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 0 and unrest(g, "Bihar") == 2
    assert n(g, "United Provinces", CONGRESS_ACTIVIST) == 3


def test_martial_law_with_linlithgow_any_space_no_unrest_8_1_6():
    """Lord Linlithgow: spaces without Unrest may be chosen (Remove or Replace: most Opposition) and
    Martial Law adds no Unrest."""
    g = _martial_law_game(viceroy="Lord Linlithgow")
    trace = run_raj(g)
    assert selected(trace, "martial_law") == ["United Provinces"]
    assert n(g, "United Provinces", CONGRESS_ACTIVIST) == 1
    assert unrest(g, "United Provinces") == 0 and support(g, "United Provinces") == -1
    assert n(g, "Bihar", CONGRESS_ACTIVIST) == 2


def test_martial_law_two_spaces_in_crisis_8_7_1():
    g = np_game({"Bihar": {"unrest": 1, "pieces": {"Troop": 2, "Congress Activist": 2}},
                 "United Provinces": {"unrest": 1, "pieces": {"Troop": 2, "Congress Activist": 3}}},
                card="C", restraint=1, unity=1)
    trace = run_raj(g)
    assert sorted(selected(trace, "martial_law")) == ["Bihar", "United Provinces"]


def test_sweep_in_place_most_support_first_8_6_3():
    """No cube can move anywhere (each origin would lose Raj Control), so the cubes Sweep in place,
    the space with the most Support first while Sepoys may still sweep."""
    g = np_game({"Bihar": {"support": "Active Support", "pieces": {"Troop": 1, "Guerrilla": 1}},
                 "United Provinces": {"support": "Passive Support", "pieces": {"Troop": 1, "Guerrilla": 1}}},
                card="B")
    trace = run_raj(g)
    assert selected(trace, "sweep") == ["Bihar", "United Provinces"]
    assert not [lab for prompt, lab in trace if prompt.startswith("Sweep: how many")]


def test_wavell_sweeps_into_the_first_assault_space_8_1_6():
    """Lord Wavell: Sweep into one Assault space first (Move Priorities), then Assault it first."""
    g = np_game({"Bihar": {"pieces": {"Troop": 1, "Active Guerrilla": 2, "Guerrilla": 1}},
                 "West Bengal": {"pieces": {"Troop": 2, "Sepoy": 3}}}, card="A", viceroy="Lord Wavell")
    trace = run_raj(g)
    assert selected(trace, "assault")[0] == "Bihar"
    assert ("Assault in Bihar: use Lord Wavell's free Sweep into it first?",
            "Assault: Wavell free Sweep into this space first") in trace
    assert n(g, "Bihar", SEPOY) == 3                        # Sepoys until cubes exceed the Guerrillas
    assert n(g, "Bihar", GUERRILLA) + n(g, "Bihar", ACTIVE_GUERRILLA) == 0


def test_treaty_removes_in_states_with_sepoys_never_moves_8_7_1():
    g = np_game({"Hyderabad": {"pieces": {"Sepoy": 2, "Active Guerrilla": 2}},
                 "Mysore": {"pieces": {"Active Guerrilla": 1}},
                 "Madras Presidency": {"pieces": {"Sepoy": 3}}}, card="E")
    trace = run_raj(g)
    assert selected(trace, "treaty") == ["Hyderabad"]
    assert n(g, "Hyderabad", ACTIVE_GUERRILLA) == 0 and n(g, "Hyderabad", SEPOY) == 2
    assert n(g, "Mysore", ACTIVE_GUERRILLA) == 1 and n(g, "Mysore", SEPOY) == 0


def test_crisis_cubes_troops_first_by_place_cubes_8_1_4():
    """Gandhi's arrest drops Restraint to 1 with Unity 1: Crisis. At the end of the turn NP Raj takes
    a die roll of cubes from Out of Play, Troops first, never onto Railways, Troops not into States."""
    for seed in range(4):
        g = np_game({"Bihar": {"pieces": {"Troop": 1, "Gandhi": 1}}}, card="D", restraint=2, unity=1,
                    boxes={"Out of Play": {"Troop": 2, "Sepoy": 6}}, seed=seed)
        run_raj(g)
        assert g.current_player() == "congress"             # Protests for Gandhi's arrest first
        play(g, "done")
        left = g.state.frames[-1]["left"]
        trace = run_raj(g)
        types = [lab for prompt, lab in trace if prompt.startswith("Crisis: Raj may move")]
        k = min(left, 8)
        assert types == ["Troop"] * min(k, 2) + ["Sepoy"] * (k - min(k, 2)) + ["done"]
        for prompt, lab in trace:
            if prompt.startswith("Crisis: choose the space"):
                assert not IS_RAILWAY[INDEX[lab[len("select "):]]]
        for sp in range(len(SPACE_NAMES)):
            if g.state.pieces[sp, TROOP] and board.is_state(g.state, sp):
                raise AssertionError(f"Troop in State {SPACE_NAMES[sp]}")


def test_satyagraha_release_always_refused_8_1_4():
    g = np_game({"Mysore": {"pieces": {"Congress Activist": 1}}}, eligible={**ONLY_RAJ, "raj": False,
                                                                           "congress": True},
                boxes={"Jail": {"Gandhi": 1}})
    play(g, "operation with special activity", "Rally", "Satyagraha", "select Bihar")
    assert g.current_player() == "raj"
    assert run_raj(g) == [("Satyagraha: Congress asks to release Gandhi from Jail to Bihar",
                           "Satyagraha: Raj refuses to release Gandhi")]
    assert g.state.pieces[JAIL, GANDHI] == 1


def test_troop_caught_in_muslim_state_goes_to_a_city_by_place_cubes_8_1_4():
    """Every City but Madras is Raj-Controlled: Place Cubes sends the Troop to Madras."""
    spaces = {"East Bengal": {"protest": 1, "support": "Passive Opposition",
                              "pieces": {"ML Activist": 2, "Congress Activist": 1, "Troop": 1}}}
    for city in CITIES:
        if SPACE_NAMES[city] != "Madras":
            spaces[SPACE_NAMES[city]] = {"pieces": {"Sepoy": 1}}
    g = np_game(spaces, eligible={**ONLY_RAJ, "raj": False, "ml": True}, restraint=2)
    play(g, "operation with special activity", "Rally", "Negotiate", "select East Bengal",
         "Negotiate: place a Muslim State")
    assert g.current_player() == "raj"
    trace = run_raj(g)
    assert trace == [("East Bengal becomes a Muslim State: move a Troop to which City", "select Madras")]
    assert n(g, "Madras", TROOP) == 1 and g.state.muslim_state[INDEX["East Bengal"]] == 1


def test_all_arjuna_games_have_no_raj_fallbacks():
    """Smoke: every Raj prompt of a few all-Arjuna games has a section-8 answer."""
    from coin_env.games.gandhi.bots import ArjunaBot
    bot = ArjunaBot()
    raj_fallbacks, raj_decisions = [], 0
    for seed in range(3):
        g = coin_env.make_game("gandhi", seed=seed, options={"non_players": ["raj", "congress", "ml", "revs"]})
        for _ in range(20000):
            if g.is_over():
                break
            f = g.current_player()
            frame = g.state.frames[-1]
            before = sum(bot.fallbacks.values())
            g.apply(bot(g, f))
            if f == "raj":
                raj_decisions += 1
                if sum(bot.fallbacks.values()) > before:
                    raj_fallbacks.append(frame["then"] if frame["kind"] == "choose" else frame["kind"])
    campaign = {"g_np_support", "campaign_release_gandhi", "g_redeploy", "g_redeploy_unpaid", "g_imperialism"}
    assert raj_decisions > 100
    assert [k for k in raj_fallbacks if k not in campaign] == []        # 8.9 prompts: bots/campaign.py
