"""Non-player Campaign Rounds (8.9) and victory with non-players (8.10): the engine's NP exceptions
(rules/campaign.py) and the Arjuna answers to the Campaign-round prompts (bots/campaign.py)."""

import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import board
from coin_env.games.gandhi.bots import BOT
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, FORCE_POOL, GANDHI, GUERRILLA,
                                               ML_ACTIVIST, PIECE_NAMES, SEPOY, TROOP)
from coin_env.games.gandhi.rules import campaign
from coin_env.games.gandhi.static import AVAILABLE, INDEX, IS_LAND, JAIL, N_SPACES

# Card 5 is Current; the Campaign card 73 revealed as Upcoming swaps in and its round starts at once.
TWO_CAMPAIGNS = [5, 73] + list(range(6, 16)) + [74]
FINAL_ONLY = [5, 73] + list(range(6, 16))
CITIES = ["Karachi", "Delhi", "Bombay", "Calcutta", "Madras"]
STATES = ["Gujarat", "Jammu & Kashmir", "Rajputana", "Central India Agency", "Orissa", "Hyderabad", "Mysore"]
ALL = ["raj", "congress", "ml", "revs"]


def sp(name):
    return INDEX[name]


def game(spaces=None, non_players=ALL, deck=TWO_CAMPAIGNS, jail=None, out_of_play=None, seed=0, **pos):
    """A position whose Campaign Round starts at once; pieces not placed (nor in Jail / Out of Play)
    are Available."""
    spaces = spaces or {}
    pos.setdefault("resources", {"raj": 0, "revs": 0})
    pos.setdefault("viceroy", "Lord Wavell")
    if jail or out_of_play:
        boxes = {"Jail": dict(jail or {}), "Out of Play": dict(out_of_play or {})}
        avail = {}
        for piece, total in FORCE_POOL.items():
            name = PIECE_NAMES[piece]
            used = sum(e.get("pieces", {}).get(name, 0) for e in spaces.values())
            if piece == GUERRILLA:
                used += sum(e.get("pieces", {}).get("Active Guerrilla", 0) for e in spaces.values())
            avail[name] = total - used - boxes["Jail"].get(name, 0) - boxes["Out of Play"].get(name, 0)
        boxes["Available"] = avail
        pos["boxes"] = boxes
    return coin_env.make_game("gandhi", seed=seed, position=dict(deck=deck, spaces=spaces, **pos),
                              options={"non_players": list(non_players)}, debug=True)


def kind(g):
    return g.state.frames[-1]["kind"] if g.state.frames else None


def step(g):
    """One decision: the Arjuna bot for a non-player, "done" (else the first option) for a player."""
    f = g.current_player()
    if g.is_non_player(f):
        g.apply(BOT.decide_for(g, f))
    else:
        legal = labels(g)
        play(g, "done" if "done" in legal else legal[0])


def run_until(g, stop, limit=2000):
    for _ in range(limit):
        if g.is_over() or stop(g):
            return
        step(g)
    raise AssertionError("did not reach the expected point")


def redeploy_of(g, faction):
    return kind(g) == "g_redeploy" and g.current_player() == faction


def after_redeploy(g, faction):
    """Play on until ``faction``'s Redeploy is over."""
    run_until(g, lambda g: not any(f["kind"] == "g_redeploy" and f["actor"] == faction for f in g.state.frames))


def round_over(g):
    run_until(g, lambda g: kind(g) == "sop_choice")


def cubes(g, name):
    s = g.state
    return int(s.pieces[sp(name), TROOP]), int(s.pieces[sp(name), SEPOY])


def count(g, name, piece):
    return int(g.state.pieces[sp(name), piece])


def guerrillas(g, name):
    return count(g, name, GUERRILLA) + count(g, name, ACTIVE_GUERRILLA)


def seed_with_roll(spaces, roll, **kw):
    """A game stopped at the NP Raj Support prompt whose engine roll (8.9.2) is ``roll``."""
    for seed in range(200):
        g = game(spaces, seed=seed, **kw)
        run_until(g, lambda g: kind(g) == "g_np_support")
        if kind(g) == "g_np_support" and g.state.frames[-1]["roll"] == roll:
            return g
    raise AssertionError(f"no seed rolls {roll}")


CONTROLLED_CITIES = {c: {"pieces": {"Troop": 1, "Sepoy": 1}} for c in CITIES}
TROOP_CITIES = {c: {"pieces": {"Troop": 1}} for c in CITIES}        # Raj Control, not Imperialism spaces
THREE_STATES_WITH_SEPOYS = {s: {"pieces": {"Sepoy": 1}} for s in STATES[:3]}


def with_(*parts, **more):
    out = {}
    for part in parts + (more,):
        for name, entry in part.items():
            out[name] = entry
    return out


# --- 8.9.1 Resources Phase ----------------------------------------------------------------------------
def test_8_9_1_np_raj_skips_its_earnings_and_the_jail_penalty():
    g = game(CONTROLLED_CITIES, non_players=["raj"], resources={"raj": 5, "revs": 0},
             jail={"Congress Activist": 2})
    run_until(g, lambda g: kind(g) == "g_np_support")
    assert g.state.resources["raj"] == 5


def test_8_9_1_player_raj_still_earns():
    g = game(CONTROLLED_CITIES, non_players=["revs"], resources={"raj": 5, "revs": 0})
    run_until(g, lambda g: kind(g) == "g_imperialism")
    assert g.state.resources["raj"] == 5 + 40


def test_8_9_1_np_revolutionaries_skip_their_earnings():
    spaces = with_(CONTROLLED_CITIES, Bihar={"pieces": {"Rev Base": 2}})
    g = game(spaces, non_players=["revs"], resources={"raj": 0, "revs": 7})
    run_until(g, lambda g: kind(g) == "g_imperialism")
    assert g.state.resources["revs"] == 7
    g = game(spaces, non_players=["raj"], resources={"raj": 0, "revs": 7})
    run_until(g, lambda g: kind(g) == "g_np_support")
    assert g.state.resources["revs"] == 7 + 4


def test_8_9_1_np_congress_strikes_the_highest_econ_railways_first():
    # 10 of the 12 Unrest/Strike markers in play, every City uncontrolled: all 12 Railways qualify,
    # two markers left -> Allahabad-Calcutta (Econ 5), then one of the Econ-4 Railways.
    g = game({"Bihar": {"unrest": 10}}, non_players=["congress"])
    assert kind(g) == "g_campaign_strikes"
    step(g)
    step(g)
    s = g.state
    struck = {n for n in ("Allahabad-Calcutta Railway", "Delhi-Allahabad Railway", "Bombay-Raichur Railway")
              if s.strike[sp(n)]}
    assert s.strike.sum() == 2
    assert "Allahabad-Calcutta Railway" in struck and len(struck) == 2


# --- 8.9.2 Support Phase: NP Raj ----------------------------------------------------------------------------
def test_8_9_2_np_raj_removes_unrest_first_then_shifts_two_levels_within_twice_the_roll():
    spaces = with_(TROOP_CITIES, Bihar={"unrest": 2, "pieces": {"Troop": 1, "Sepoy": 1}})
    g = seed_with_roll(spaces, 1, non_players=["raj"])          # total 2: both go on the Unrest
    step(g)
    assert g.state.unrest[sp("Bihar")] == 0 and g.state.support[sp("Bihar")] == 0
    g = seed_with_roll(spaces, 2, non_players=["raj"])          # total 4: Unrest, then two levels
    step(g)
    assert g.state.unrest[sp("Bihar")] == 0 and g.state.support[sp("Bihar")] == 2
    assert kind(g) != "g_np_support"


@pytest.mark.parametrize("roll", [1, 3, 6])
def test_8_9_2_np_raj_selects_spaces_until_the_roll_is_used_or_four_are_selected(roll):
    # Five eligible Neutral Provinces: each takes two shifts, so min(4, roll) spaces reach Active
    # Support; Raj pays nothing.
    provinces = ["Bihar", "United Provinces", "Bombay Presidency", "Madras Presidency", "Punjab"]
    spaces = with_(TROOP_CITIES, {p: {"pieces": {"Troop": 1, "Sepoy": 1}} for p in provinces})
    g = seed_with_roll(spaces, roll, non_players=["raj"], resources={"raj": 0, "revs": 0})
    run_until(g, lambda g: kind(g) != "g_np_support")
    s = g.state
    assert sum(int(s.support[sp(p)]) for p in provinces) == 2 * min(4, roll)
    assert sorted(int(s.support[sp(p)]) for p in provinces).count(2) == min(4, roll)
    assert s.resources["raj"] == 0


def test_8_9_2_np_raj_releases_two_activists_per_space_one_of_each_faction():
    spaces = with_(TROOP_CITIES, Bihar={"pieces": {"Troop": 1, "Sepoy": 1}})
    g = seed_with_roll(spaces, 1, non_players=["raj"], jail={"Congress Activist": 3, "ML Activist": 3})
    step(g)
    s = g.state
    assert int(s.pieces[JAIL, CONGRESS_ACTIVIST]) == 2 and int(s.pieces[JAIL, ML_ACTIVIST]) == 2


def test_8_9_2_release_mix_makes_up_a_shortage_with_the_other_faction():
    assert campaign.np_release_mix(2, 3, 1) == (3, 1)
    assert campaign.np_release_mix(2, 0, 5) == (0, 4)
    assert campaign.np_release_mix(3, 1, 1) == (1, 1)
    assert campaign.np_release_mix(1, 4, 4) == (1, 1)


def test_8_9_2_np_raj_releases_gandhi_to_a_random_space_without_raj_control():
    g = game(TROOP_CITIES, non_players=["raj"], jail={"Gandhi": 1})
    run_until(g, lambda g: kind(g) == "g_constructive")
    s = g.state
    where = [i for i in range(N_SPACES) if s.pieces[i, GANDHI]]
    assert len(where) == 1 and IS_LAND[where[0]] and not board.raj_control(s, where[0])


def test_8_9_2_player_raj_still_buys_imperialism():
    spaces = with_(CONTROLLED_CITIES, Bihar={"pieces": {"Troop": 1, "Sepoy": 1}})
    g = game(spaces, non_players=["congress"], resources={"raj": 9, "revs": 0})
    run_until(g, lambda g: kind(g) == "g_imperialism")
    assert g.current_player() == "raj"


# --- 8.9.2 Support Phase: NP Congress / NP ML / Bases -------------------------------------------------------
def test_8_9_2_np_congress_then_np_ml_select_as_many_spaces_as_allowed_two_levels_each():
    spaces = with_(CONTROLLED_CITIES, Bihar={"pieces": {"Congress Activist": 1}},
                   **{"United Provinces": {"pieces": {"Congress Activist": 1}},
                      "Punjab": {"pieces": {"ML Activist": 1}}})
    g = game(spaces, non_players=["congress", "ml"], unity=3)
    run_until(g, lambda g: kind(g) == "g_campaign_base" or kind(g) == "g_redeploy")
    s = g.state
    for name in ("Bihar", "United Provinces", "Punjab"):
        assert s.support[sp(name)] == -2, name


def test_8_9_2_np_constructive_stops_at_unity_in_all():
    spaces = with_(CONTROLLED_CITIES, Bihar={"pieces": {"Congress Activist": 1}},
                   Punjab={"pieces": {"ML Activist": 1}})
    g = game(spaces, non_players=["congress", "ml"], unity=1)
    run_until(g, lambda g: kind(g) == "g_campaign_base" or kind(g) == "g_redeploy")
    s = g.state
    assert s.support[sp("Bihar")] == -2 and s.support[sp("Punjab")] == 0


@pytest.mark.parametrize("faction, piece", [("ml", "ML Base"), ("revs", "Rev Base")])
def test_8_9_2_np_ml_and_revs_place_a_base_in_a_land_space_without_raj_control(faction, piece):
    g = game(CONTROLLED_CITIES, non_players=[faction])
    before = int(g.state.pieces[AVAILABLE, PIECE_NAMES.index(piece)])
    run_until(g, lambda g: kind(g) == "g_redeploy" or g.state.campaigns_played > 1)
    s = g.state
    where = [i for i in range(N_SPACES) if s.pieces[i, PIECE_NAMES.index(piece)]]
    assert int(s.pieces[AVAILABLE, PIECE_NAMES.index(piece)]) == before - 1
    assert len(where) == 1 and IS_LAND[where[0]] and not board.raj_control(s, where[0])


# --- 8.9.3 Redeploy: NP Raj ---------------------------------------------------------------------------------
def raj_redeploy(spaces, **kw):
    g = game(spaces, non_players=["raj"], **kw)
    run_until(g, lambda g: redeploy_of(g, "congress") or kind(g) == "sop_choice")
    return g


def test_8_9_3_np_raj_step_1_sepoy_per_troop_then_step_2_removes_unneeded_troops():
    spaces = with_(CONTROLLED_CITIES, THREE_STATES_WITH_SEPOYS,
                   Delhi={"pieces": {"Troop": 1, "Sepoy": 5}}, Bihar={"pieces": {"Troop": 2}})
    g = raj_redeploy(spaces)
    assert cubes(g, "Bihar") == (0, 2)            # two Sepoys in (one per Troop), both Troops removed
    assert cubes(g, "Delhi") == (1, 3)            # the space with the most Sepoys sent them


def test_8_9_3_np_raj_step_2_troop_to_each_city_from_a_province_without_control_first():
    spaces = with_(CONTROLLED_CITIES, THREE_STATES_WITH_SEPOYS,
                   Madras={"pieces": {"Sepoy": 1}},
                   Delhi={"pieces": {"Troop": 3, "Sepoy": 4}},
                   Bihar={"pieces": {"Sepoy": 2}},
                   Sind={"protest": 1, "pieces": {"Troop": 1, "Congress Activist": 2}})
    g = raj_redeploy(spaces)
    assert cubes(g, "Madras")[0] == 1 and cubes(g, "Sind")[0] == 0
    assert cubes(g, "Bihar") == (0, 2)            # Sind's Troop went to Madras, not on in step 5
    assert cubes(g, "Delhi")[0] == 1              # all but one Troop in each City removed (step 2)


def test_8_9_3_np_raj_step_3_sepoy_to_each_city_then_control():
    spaces = with_(CONTROLLED_CITIES, THREE_STATES_WITH_SEPOYS,
                   Delhi={"pieces": {"Troop": 1, "Sepoy": 6}},
                   Calcutta={"pieces": {"Troop": 1, "Rev Base": 1, "Active Guerrilla": 1}})
    g = raj_redeploy(spaces)
    assert cubes(g, "Calcutta") == (1, 2)
    assert board.raj_control(g.state, sp("Calcutta"))


def test_8_9_3_np_raj_step_4_one_sepoy_each_to_three_states_with_no_support():
    spaces = with_(CONTROLLED_CITIES, Delhi={"pieces": {"Troop": 1, "Sepoy": 6}},
                   Hyderabad={"support": "Passive Support"})
    g = raj_redeploy(spaces)
    s = g.state
    held = [n for n in STATES if s.pieces[sp(n), SEPOY] > 0]
    assert len(held) == 3 and "Hyderabad" not in held
    assert all(s.pieces[sp(n), SEPOY] == 1 for n in held)
    assert cubes(g, "Delhi") == (1, 3)


def test_8_9_3_np_raj_step_4_a_state_already_holding_a_sepoy_counts():
    spaces = with_(CONTROLLED_CITIES, Delhi={"pieces": {"Troop": 1, "Sepoy": 6}},
                   Mysore={"pieces": {"Sepoy": 1}})
    g = raj_redeploy(spaces)
    s = g.state
    assert sum(1 for n in STATES if s.pieces[sp(n), SEPOY] > 0) == 3
    assert cubes(g, "Delhi") == (1, 4)


def test_8_9_3_np_raj_step_5_spreads_cubes_of_lost_provinces_evenly_two_pop_first():
    spaces = with_(CONTROLLED_CITIES, THREE_STATES_WITH_SEPOYS,
                   Bihar={"pieces": {"Sepoy": 2}},
                   Punjab={"pieces": {"Sepoy": 2, "Active Guerrilla": 3}})
    g = raj_redeploy(spaces)
    assert cubes(g, "Punjab") == (0, 0)
    assert cubes(g, "Bihar") == (0, 3)            # the only 2-Pop space with Raj Control: first
    assert sum(cubes(g, c)[1] for c in CITIES) == 5 + 1


def test_8_9_3_np_raj_pays_nothing_and_keeps_troops_on_railways():
    spaces = with_(CONTROLLED_CITIES, THREE_STATES_WITH_SEPOYS,
                   **{"Delhi-Bombay Railway": {"pieces": {"Troop": 2}}})
    g = raj_redeploy(spaces, resources={"raj": 3, "revs": 0})
    assert cubes(g, "Delhi-Bombay Railway") == (2, 0)
    assert g.state.resources["raj"] == 3


# --- 8.9.3 Redeploy: NP Congress ----------------------------------------------------------------------------
def nv_redeploy(faction, spaces, **kw):
    """Play the round to the end of ``faction``'s Redeploy. No Bases are Available, so the Support
    Phase places none that a Redeploy step would then serve."""
    g = game(spaces, non_players=[faction], resources={"raj": 50, "revs": 0},
             out_of_play={"ML Base": 5 - _on_map(spaces, "ML Base"), "Rev Base": 5 - _on_map(spaces, "Rev Base")}, **kw)
    run_until(g, lambda g: redeploy_of(g, faction) or kind(g) == "sop_choice")
    after_redeploy(g, faction)
    return g


def _on_map(spaces, name):
    return sum(e.get("pieces", {}).get(name, 0) for e in spaces.values())


TWO_POP = ["Punjab", "West Bengal", "East Bengal", "United Provinces", "Bihar", "Bombay Presidency",
           "Madras Presidency"]
ONE_POP_PROVINCES = ["Northwest Frontier", "Baluchistan", "Sind", "Assam", "Central Provinces", "Coastal Andhra"]


def held_by_raj(names):
    return {n: {"pieces": {"Sepoy": 1}} for n in names}


def test_8_9_3_np_congress_step_1_gandhi_to_most_support_two_pop_first():
    spaces = {"Sind": {"pieces": {"Gandhi": 1}}, "Bihar": {"support": "Passive Support"},
              "Delhi": {"support": "Active Support"}}
    g = nv_redeploy("congress", spaces)
    assert count(g, "Bihar", GANDHI) == 1


def test_8_9_3_np_congress_step_2_two_activists_to_2_pop_spaces_non_muslim_first():
    spaces = with_(held_by_raj([n for n in TWO_POP if n not in ("Bihar", "Punjab")]),
                   Sind={"pieces": {"Congress Activist": 4, "Sepoy": 1}})   # Raj Control: no Constructive
    g = nv_redeploy("congress", spaces)
    assert count(g, "Bihar", CONGRESS_ACTIVIST) == 2
    assert count(g, "Punjab", CONGRESS_ACTIVIST) == 1
    assert count(g, "Sind", CONGRESS_ACTIVIST) == 1           # keeps Population


def test_8_9_3_np_congress_step_3_one_activist_to_1_pop_spaces_most_support_first():
    spaces = with_(held_by_raj(TWO_POP), Mysore={"support": "Active Support"},
                   **{"Delhi-Bombay Railway": {"pieces": {"Congress Activist": 1}}})
    g = nv_redeploy("congress", spaces)
    assert count(g, "Mysore", CONGRESS_ACTIVIST) == 1
    assert count(g, "Delhi-Bombay Railway", CONGRESS_ACTIVIST) == 0


def test_8_9_3_np_congress_step_4_spreads_the_rest_evenly_over_2_pop_spaces():
    spaces = with_(held_by_raj([n for n in TWO_POP if n not in ("Bihar", "United Provinces")]),
                   held_by_raj(CITIES + ONE_POP_PROVINCES),
                   {n: {"pieces": {"Congress Activist": 1}} for n in STATES},
                   Bihar={"pieces": {"Congress Activist": 2}},
                   **{"United Provinces": {"pieces": {"Congress Activist": 2}},
                      "Mysore": {"pieces": {"Congress Activist": 5}}})
    g = nv_redeploy("congress", spaces)
    assert count(g, "Bihar", CONGRESS_ACTIVIST) == 4
    assert count(g, "United Provinces", CONGRESS_ACTIVIST) == 4
    assert count(g, "Mysore", CONGRESS_ACTIVIST) == 1


# --- 8.9.3 Redeploy: NP Muslim League -----------------------------------------------------------------------
def test_8_9_3_np_ml_step_1_outnumbers_congress_in_2_pop_muslim_spaces_english_reading():
    # Punjab: 2 Congress Activists + Gandhi vs 1 ML Base -> 3 ML Activists needed. United Provinces
    # (2-Pop, not Muslim) has Congress Activists too: the English text leaves it alone.
    spaces = with_(held_by_raj(["West Bengal", "East Bengal"]),
                   Punjab={"pieces": {"Congress Activist": 2, "Gandhi": 1, "ML Base": 1}},
                   Bihar={"pieces": {"ML Activist": 3}},
                   **{"United Provinces": {"pieces": {"Congress Activist": 1}}})
    g = nv_redeploy("ml", spaces)
    assert count(g, "Punjab", ML_ACTIVIST) == 3
    assert count(g, "United Provinces", ML_ACTIVIST) == 0 and count(g, "Bihar", ML_ACTIVIST) == 0


def test_8_9_3_np_ml_step_2_two_activists_to_2_pop_muslim_spaces_most_support_first():
    spaces = with_(held_by_raj(["Punjab"]),
                   Bihar={"pieces": {"ML Activist": 2}},
                   **{"West Bengal": {"support": "Passive Support", "pieces": {"ML Base": 1}},
                      "East Bengal": {"pieces": {"ML Base": 1}}})
    g = nv_redeploy("ml", spaces)
    assert count(g, "West Bengal", ML_ACTIVIST) == 2 and count(g, "East Bengal", ML_ACTIVIST) == 0


def test_8_9_3_np_ml_step_3_one_activist_to_1_pop_muslim_spaces_most_support_first():
    spaces = with_(held_by_raj(["Punjab", "West Bengal", "East Bengal"]),
                   Bihar={"pieces": {"ML Activist": 1}}, Sind={"support": "Active Support"})
    g = nv_redeploy("ml", spaces)
    assert count(g, "Sind", ML_ACTIVIST) == 1 and count(g, "Bihar", ML_ACTIVIST) == 0


def test_8_9_3_np_ml_step_4_spreads_the_rest_evenly_over_2_pop_muslim_spaces():
    spaces = with_(held_by_raj(["East Bengal", "Karachi", "Calcutta", "Northwest Frontier", "Baluchistan",
                                "Sind", "Assam"]),
                   Punjab={"pieces": {"ML Activist": 2, "ML Base": 1}},
                   Bihar={"pieces": {"ML Activist": 4}},
                   **{"West Bengal": {"pieces": {"ML Activist": 2, "ML Base": 1}},
                      "Jammu & Kashmir": {"pieces": {"ML Activist": 1}}})
    g = nv_redeploy("ml", spaces)
    assert count(g, "Punjab", ML_ACTIVIST) == 4 and count(g, "West Bengal", ML_ACTIVIST) == 4
    assert count(g, "Bihar", ML_ACTIVIST) == 0


# --- 8.9.3 Redeploy: NP Revolutionaries ---------------------------------------------------------------------
def test_8_9_3_np_revs_step_1_one_guerrilla_to_each_unrest_space_without_raj_control():
    spaces = {"Bihar": {"unrest": 1}, "Punjab": {"unrest": 1, "pieces": {"Troop": 1}},
              "Sind": {"pieces": {"Guerrilla": 1}}}
    g = nv_redeploy("revs", spaces)
    assert guerrillas(g, "Bihar") == 1 and guerrillas(g, "Punjab") == 0 and guerrillas(g, "Sind") == 0


def test_8_9_3_np_revs_step_2_one_guerrilla_to_each_base_and_keep_rule():
    # Orissa (Unrest) keeps its one Guerrilla; Sind's goes to the Base in Rajputana.
    spaces = {"Rajputana": {"pieces": {"Rev Base": 1}}, "Orissa": {"unrest": 1, "pieces": {"Guerrilla": 1}},
              "Sind": {"pieces": {"Guerrilla": 1}}}
    g = nv_redeploy("revs", spaces)
    assert guerrillas(g, "Rajputana") == 1 and guerrillas(g, "Orissa") == 1 and guerrillas(g, "Sind") == 0


def test_8_9_3_np_revs_step_3_three_guerrillas_to_2_pop_spaces_without_unrest_most_support_first():
    spaces = with_(held_by_raj(["Punjab", "West Bengal", "East Bengal", "Bihar"]),
                   Sind={"pieces": {"Guerrilla": 4}},
                   **{"United Provinces": {"support": "Passive Support"}})
    g = nv_redeploy("revs", spaces)
    assert guerrillas(g, "United Provinces") == 1
    assert guerrillas(g, "Bombay Presidency") == 1 and guerrillas(g, "Madras Presidency") == 1
    assert guerrillas(g, "Sind") == 1                       # three moved, the fourth stays


def test_8_9_3_np_revs_redeploy_moves_each_guerrilla_once():
    # Step 1 takes Sind's Guerrilla to Bihar; step 3 (2-Pop spaces without Unrest) may not move it on.
    spaces = {"Bihar": {"unrest": 1}, "Sind": {"pieces": {"Guerrilla": 1}}}
    g = game(spaces, non_players=["revs"], resources={"raj": 50, "revs": 0}, out_of_play={"Rev Base": 5})
    run_until(g, lambda g: redeploy_of(g, "revs"))
    sources = []
    while redeploy_of(g, "revs"):
        action = BOT.decide_for(g, "revs")
        if g.state.frames[-1]["stage"] == "src" and action != g.DONE:
            sources.append(g.space_of(action))
        g.apply(action)
    assert sources == [sp("Sind")] and guerrillas(g, "Bihar") == 1


# --- 8.9.4 Reset --------------------------------------------------------------------------------------------
def test_8_9_4_reset_shuffles_the_arjuna_deck(monkeypatch):
    from coin_env.games.gandhi.bots import deck
    calls = []
    real = deck.reshuffle
    monkeypatch.setattr(deck, "reshuffle", lambda s: (calls.append(list(s.arjuna["deck"])), real(s)))
    g = game(CONTROLLED_CITIES, non_players=["raj", "ml"])
    before = list(g.state.arjuna["deck"])
    round_over(g)
    after = g.state.arjuna["deck"]
    assert calls == [before]
    assert sorted(after) == sorted(before) and after != before


def test_8_9_4_np_congress_places_a_protest_at_the_end_of_the_reset():
    # Bihar's Sepoy keeps Raj Control (no Constructive Programme there), so its two Activists stay.
    g = game({"Bihar": {"pieces": {"Congress Activist": 2, "Sepoy": 1}}}, non_players=["congress"])
    round_over(g)
    s = g.state
    assert int(s.protest.sum()) == 1 and s.protest[sp("Bihar")] == 1


def test_8_9_4_player_congress_places_no_reset_protest():
    g = game({"Bihar": {"pieces": {"Congress Activist": 2}}}, non_players=["raj"])
    round_over(g)
    assert int(g.state.protest.sum()) == 0


# --- 8.10 victory with non-players --------------------------------------------------------------------------
MUSLIM_16 = {n: {"support": "Active Opposition"} for n in ["Punjab", "West Bengal", "East Bengal", "Karachi", "Sind"]}
NON_MUSLIM_16 = {n: {"support": "Active Opposition"} for n in
                 ["United Provinces", "Bihar", "Bombay Presidency", "Madras Presidency"]}
CONGRESS_28 = {n: {"support": "Active Opposition"} for n in
               ["Punjab", "West Bengal", "East Bengal", "United Provinces", "Bihar", "Bombay Presidency",
                "Madras Presidency"]}
SOLO_CONGRESS = ["raj", "ml", "revs"]


def test_8_10_the_lone_player_cannot_win_before_the_final_round():
    g = game(CONGRESS_28, non_players=SOLO_CONGRESS)
    assert g.victory_margins()["congress"] > 0 and g.victory_margins()["ml"] <= 0
    assert not g.is_over()


def test_8_10_a_non_player_over_its_threshold_ends_the_game_and_wins():
    g = game(with_(MUSLIM_16, NON_MUSLIM_16), non_players=SOLO_CONGRESS)
    r = g.state.result
    assert g.is_over() and g.winner() == "ml" and r["rule"] == "8.10"
    assert r["margins"]["congress"] > r["margins"]["ml"] > 0     # the player's higher margin does not count
    assert r["ranking"][-1] == "congress"


def test_8_10_a_non_player_over_its_threshold_wins_even_in_the_final_round():
    g = game(with_(MUSLIM_16, NON_MUSLIM_16), non_players=SOLO_CONGRESS, deck=FINAL_ONLY)
    assert g.is_over() and g.winner() == "ml"


def test_8_10_in_the_final_round_the_player_wins_with_the_highest_margin():
    g = game(CONGRESS_28, non_players=SOLO_CONGRESS, deck=FINAL_ONLY)
    r = g.state.result
    assert g.is_over() and g.winner() == "congress"
    assert r["degree"] == r["margins"]["congress"] - max(r["margins"][f] for f in SOLO_CONGRESS)


def test_8_10_final_round_without_anyone_over_the_highest_margin_wins_ties_7_1():
    # No Base can be placed in the Support Phase: margins stay ML -14, Revs -14, Congress -20, Raj -38.
    g = game({}, non_players=SOLO_CONGRESS, deck=FINAL_ONLY, out_of_play={"ML Base": 5, "Rev Base": 5})
    round_over(g)
    assert g.is_over() and g.ranking() == ["ml", "revs", "congress", "raj"]


def test_8_10_with_two_players_the_7_2_rules_apply():
    g = game(CONGRESS_28, non_players=["raj", "revs"])
    assert g.is_over() and g.winner() == "congress" and g.state.result["rule"] == "7.2"  # not 8.10


# --- whole rounds -------------------------------------------------------------------------------------------
def test_all_arjuna_campaign_rounds_need_no_fallback_and_survive_a_save_mid_redeploy():
    from coin_env.games.gandhi.bots import ArjunaBot
    bot = ArjunaBot()
    spaces = with_(CONTROLLED_CITIES, Bihar={"unrest": 1, "pieces": {"Troop": 2, "Congress Activist": 3}},
                   Sind={"pieces": {"Guerrilla": 3, "ML Activist": 3, "Sepoy": 2}},
                   Mysore={"pieces": {"Congress Activist": 3, "Gandhi": 1}})
    g = game(spaces)
    saved = None
    for _ in range(3000):
        if kind(g) == "sop_choice":
            break
        frame = g.state.frames[-1]
        if saved is None and frame["kind"] == "g_redeploy" and frame["stage"] == "dst":
            saved = coin_env.load_game(g.to_json(), debug=True)
        g.apply(bot(g, g.current_player()))
    assert kind(g) == "sop_choice" and saved is not None
    while kind(saved) != "sop_choice":
        saved.apply(bot(saved, saved.current_player()))
    assert saved.to_json() == g.to_json()
    campaign_prompts = {"g_campaign_strikes", "g_np_support", "g_constructive", "g_campaign_base", "g_redeploy",
                        "g_np_reset_protest", "campaign_release_gandhi", "campaign_release_mix"}
    assert not (set(bot.fallbacks) & campaign_prompts)
