"""Vijayanagara's options for studies: ``prosperity="random"`` (1.3.1 / 2.1: a Prosperity assignment drawn
per game from those the rules allow) and ``transfers`` (1.5.2: Resources and Cavalry given between
factions), through the public API."""

import json
import pickle
import random

import pytest

import coin_env
from coin_env import IllegalActionError
from coin_env.core.encoding import encoder_for
from coin_env.core.play import labels, play
from coin_env.games.vijayanagara import board
from coin_env.games.vijayanagara.static import PROVINCES, SPACE_NAMES
from vj_helpers import position_game

VJ = "vijayanagara"


def provinces(game) -> dict:
    return {SPACE_NAMES[sp]: game.data.prosperity_list[sp] for sp in PROVINCES}


# --- prosperity="random" (1.3.1, 2.1) ------------------------------------------------------------------
def test_the_default_plays_the_maps_prosperity():
    g = coin_env.make_game(VJ, seed=3)
    assert g.options["prosperity"] == "builtin" and g.data.is_builtin


@pytest.mark.parametrize("seed", range(8))
def test_a_drawn_assignment_is_one_the_rules_allow_1_3_1_2_1(seed):
    """1.3.1: every Province has Prosperity 1 or 2; 2.1 / 5.1: Delhi starts at 18 VP with every Province
    Tributary, so the twelve total 18; nothing off the Provinces has Prosperity."""
    g = coin_env.make_game(VJ, seed=seed, options={"prosperity": "random"}, debug=True)
    values = provinces(g)
    assert set(values.values()) <= {1, 2} and sum(values.values()) == 18
    assert all(g.data.prosperity_list[sp] == 0 for sp in range(len(SPACE_NAMES)) if sp not in PROVINCES)
    assert g.victory_totals()["ds"] == 18


def test_the_draw_covers_the_assignments_uniformly():
    """Over many seeds each Province is at 2 about half the time and the draws are many different
    assignments (924 exist: 6 of the 12 Provinces at 2)."""
    from coin_env.games.vijayanagara.setup import draw_prosperity
    draws = [draw_prosperity(seed) for seed in range(3000)]
    distinct = {tuple(sorted(d.items())) for d in draws}
    assert len(distinct) > 800
    for name in draws[0]:
        share = sum(d[name] == 2 for d in draws) / len(draws)
        assert 0.45 < share < 0.55, (name, share)


def test_the_draw_is_the_seeds_and_leaves_the_deck_and_dice_alone():
    a = coin_env.make_game(VJ, seed=11, options={"prosperity": "random"})
    b = coin_env.make_game(VJ, seed=11, options={"prosperity": "random"})
    plain = coin_env.make_game(VJ, seed=11)
    assert provinces(a) == provinces(b) and a.to_json() == b.to_json()
    assert a.state.deck == plain.state.deck
    assert len({tuple(provinces(coin_env.make_game(VJ, seed=s, options={"prosperity": "random"})).values())
                for s in range(6)}) > 1


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_victory_reads_the_drawn_prosperity_5_1(seed):
    """5.1: Delhi's VP are the Prosperity of the Tributary Provinces, so making a Province Independent
    costs exactly its drawn value."""
    g = coin_env.make_game(VJ, seed=seed, options={"prosperity": "random"})
    values = provinces(g)
    pos = g.to_position()
    pos.pop("victory_totals")
    for name in ("Sindh", "Karnataka"):
        pos["spaces"][name]["tributary"] = False
    h = coin_env.make_game(VJ, seed=seed, options={"prosperity": "random"}, position=pos)
    assert h.victory_totals()["ds"] == 18 - values["Sindh"] - values["Karnataka"]


def test_saves_clones_and_pickles_carry_the_draw():
    g = coin_env.make_game(VJ, seed=21, options={"prosperity": "random"})
    rng = random.Random(21)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    back = coin_env.load_game(g.to_json())
    assert provinces(back) == provinces(g) and back.to_json() == g.to_json()
    assert provinces(g.clone()) == provinces(g)
    assert provinces(pickle.loads(pickle.dumps(g))) == provinces(g)
    for _ in range(40):
        a = rng.choice(g.legal_actions())
        g.apply(a)
        back.apply(a)
    assert back.to_json() == g.to_json()


def test_a_draw_over_a_data_pack_keeps_the_packs_other_facts():
    pack = {"cards": {"5": {"title": "Diamond Mines of Golconda"}}}
    g = coin_env.make_game(VJ, seed=2, options={"prosperity": "random", "data_pack": pack})
    assert g.data.cards.title(5) == "Diamond Mines of Golconda"
    assert sum(provinces(g).values()) == 18
    assert provinces(g) == provinces(coin_env.make_game(VJ, seed=2, options={"prosperity": "random"}))


def test_two_games_with_different_draws_in_one_process_do_not_meet():
    a = coin_env.make_game(VJ, seed=1, options={"prosperity": "random"})
    b = coin_env.make_game(VJ, seed=2, options={"prosperity": "random"})
    c = coin_env.make_game(VJ, seed=1)
    assert provinces(a) != provinces(b)
    assert c.data.is_builtin and provinces(c) == provinces(coin_env.make_game(VJ, seed=9))


def test_a_bad_prosperity_option_is_refused_naming_it():
    with pytest.raises(ValueError, match="option 'prosperity' must be one of"):
        coin_env.make_game(VJ, options={"prosperity": "roll"})


# --- transfers (1.5.2) ---------------------------------------------------------------------------------
GIVE_RES, GIVE_CAV = "Transfer: give Resources", "Transfer: give Cavalry tokens"


def test_transfers_are_off_by_default():
    g = coin_env.make_game(VJ, seed=4)
    rng = random.Random(4)
    while not g.is_over():
        assert GIVE_RES not in labels(g) and GIVE_CAV not in labels(g)
        g.apply(rng.choice(g.legal_actions()))
    assert coin_env.make_game(VJ).options["transfers"] is False


def test_a_faction_gives_resources_after_passing_1_5_2_2_3_6():
    """2.3.6: the passing Sultanate gains 3 Resources; 1.5.2 (option): then it may give some away."""
    g = position_game(resources={"ds": 12, "bk": 6, "ve": 7}, options={"transfers": True})
    play(g, "pass")
    assert g.state.resources["ds"] == 15
    assert g.current_player() == "ds" and set(labels(g)) == {GIVE_RES, "done"}   # DS holds no Cavalry here
    play(g, GIVE_RES, "Vijayanagara Empire", "5")
    assert g.state.resources == {"ds": 10, "bk": 6, "ve": 12}
    play(g, "done")
    assert g.current_player() == "bk"


def test_gifts_of_cavalry_change_holders_not_the_pool_1_10():
    g = position_game(cavalry={"ds": 2}, options={"transfers": True})
    pool = board.cavalry_pool(g.state)
    play(g, "pass", GIVE_CAV, "Bahmani Kingdom", "2")
    assert g.state.cavalry == {"ds": 0, "bk": 2, "ve": 0} and board.cavalry_pool(g.state) == pool
    assert GIVE_CAV not in labels(g)


def test_a_gift_never_pushes_the_receiver_past_24_resources_1_8():
    g = position_game(resources={"ds": 20, "bk": 22, "ve": 24}, options={"transfers": True})
    play(g, "pass", GIVE_RES)
    assert labels(g) == ["Bahmani Kingdom"]                 # Vijayanagara is at 24 (1.8)
    play(g, "Bahmani Kingdom")
    assert labels(g) == ["1", "2"]
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="'3'.*how many") as err:
        g.apply(g.count_action(3))
    assert "Delhi Sultanate gives Resources to Bahmani Kingdom: how many" in str(err.value)   # the prompt, named
    assert g.to_json() == before
    play(g, "2")
    assert g.state.resources["bk"] == 24


def test_gifts_come_after_a_command_too_and_end_when_nothing_is_left():
    g = position_game(resources={"ds": 12, "bk": 1, "ve": 7}, spaces={"Maharashtra": {"pieces": {"Amir": 4}}},
                      options={"transfers": True})
    play(g, "pass", "done")                                  # the Sultanate keeps its Resources
    play(g, "limited command", "Rally", "select Maharashtra", "2", "done")
    assert g.state.resources["bk"] == 0 and g.current_player() == "ve"     # nothing left to give: no prompt


def test_random_games_with_transfers_end_and_round_trip():
    for seed in range(4):
        g = coin_env.make_game(VJ, seed=seed, options={"transfers": True}, debug=True)
        rng = random.Random(seed)
        gifts = 0
        while not g.is_over():
            if g.prompt_frame()["kind"] == "vj_transfer" and rng.random() < 0.3:
                back = coin_env.load_game(g.to_json(), debug=True)
                assert back.legal_actions() == g.legal_actions() and back.prompt() == g.prompt()
            a = rng.choice(g.legal_actions())
            gifts += g.action_label(a) in (GIVE_RES, GIVE_CAV)
            g.apply(a)
            assert g.state.card_decisions < 3000
        assert g.winner() in g.factions
        assert gifts > 0
    saved = json.loads(g.to_json())
    assert saved["options"]["transfers"] is True


# --- option prosperity="random": the drawn map travels with a position (N7) --------------------------

def _random_map_game(seed=1, moves=50):
    g = coin_env.make_game(VJ, seed=seed, options={"prosperity": "random"})
    r = random.Random(seed)
    for _ in range(moves):
        g.apply(r.choice(g.legal_actions()))
    return g


def test_random_prosperity_position_keeps_its_map_whatever_the_seed_1_3_1():
    g = _random_map_game()
    pos = g.to_position()
    assert sum(pos["prosperity"].values()) == 18 and set(pos["prosperity"].values()) == {1, 2}
    enc = encoder_for("vijayanagara")
    for seed in (2, 3, 99):
        h = coin_env.make_game("vijayanagara", seed=seed, options={"prosperity": "random"}, position=pos)
        assert h.data.prosperity_list == g.data.prosperity_list
        for seat in g.factions:
            assert (enc.observe(h, seat) == enc.observe(g, seat)).all()


def test_random_prosperity_position_without_its_map_is_refused():
    pos = _random_map_game().to_position()
    del pos["prosperity"]
    with pytest.raises(ValueError, match="map comes from the position"):
        coin_env.make_game("vijayanagara", seed=2, options={"prosperity": "random"}, position=pos)
    bad = _random_map_game().to_position()
    with pytest.raises(ValueError, match="prosperity"):
        coin_env.make_game("vijayanagara", seed=1, position=bad)       # the built-in map is another one


def test_a_transfer_in_progress_needs_the_transfers_option_1_5_2():
    g = position_game(resources={"ds": 12, "bk": 6, "ve": 7}, options={"transfers": True})
    play(g, "pass", GIVE_RES)
    pos = g.to_position()
    assert coin_env.make_game(VJ, position=pos, options={"transfers": True}).prompt() == g.prompt()
    with pytest.raises(ValueError, match="needs the option 'transfers'"):
        coin_env.make_game(VJ, position=pos)


@pytest.mark.parametrize("key", ["timurs_shadow", "transfers"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_switch_options_take_only_booleans(key, value):
    with pytest.raises(ValueError, match=r"must be one of \[False, True\]"):
        coin_env.make_game(VJ, options={key: value})


def test_observe_an_unknown_seat_is_refused():
    g = coin_env.make_game(VJ)
    with pytest.raises(ValueError, match=r"no seat 'nosuch'.*\['ds', 'bk', 've'\]"):
        encoder_for(VJ).observe(g, "nosuch")
