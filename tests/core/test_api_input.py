"""Bad input at the engine API (reliability probe findings 14-17): one clear ValueError naming the
problem, never a TypeError, an IndexError, a RecursionError, a wrapped seed or a quietly wrong game."""

import json
import random

import numpy as np
import pytest

import coin_env

from game_matrix import GAMES


def finished(game, seed=5):
    g = coin_env.make_game(game, seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    return g


def edited(g, edit):
    save = json.loads(g.to_json())
    edit(save["state"]["fields"])
    return json.dumps(save)


# --- finding 14: a save's outcome must be the one its board gives --------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_save_whose_winner_is_not_the_ranking_leader_is_refused(game):
    g = finished(game)
    assert coin_env.load_game(g.to_json()).winner() == g.winner()
    loser = g.ranking()[-1]
    with pytest.raises(ValueError, match="result.winner"):
        coin_env.load_game(edited(g, lambda f: f["result"].update(winner=loser)))


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_save_whose_margins_are_not_the_boards_is_refused(game):
    g = finished(game)
    f0 = g.factions[0]
    key = "margins" if "margins" in g.state.result else "vp"        # John Company's result holds the VP track
    with pytest.raises(ValueError, match=f"result.{key}"):
        coin_env.load_game(edited(g, lambda f: f["result"][key].update({f0: f["result"][key][f0] + 7})))


@pytest.mark.parametrize("game", GAMES)
def test_a_mid_game_save_marked_over_is_refused(game):
    g = coin_env.make_game(game, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    with pytest.raises(ValueError, match="over"):
        coin_env.load_game(edited(g, lambda f: f.update(over=True)))


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_save_without_its_result_is_refused(game):
    g = finished(game)
    with pytest.raises(ValueError, match="over"):
        coin_env.load_game(edited(g, lambda f: f.update(result=None)))


# --- finding 15: load_game of anything but a save's JSON text ----------------------------------------
@pytest.mark.parametrize("text", [{}, None, 5, ["game"], "[" * 200000 + "]" * 200000, b"\xff\xfe", "null", "{}"])
def test_load_game_refuses_anything_but_a_save_with_a_value_error(text):
    with pytest.raises(ValueError):
        coin_env.load_game(text)


def test_load_game_takes_bytes_as_well_as_text():
    g = coin_env.make_game("gandhi", seed=1)
    assert coin_env.load_game(g.to_json().encode()).legal_actions() == g.legal_actions()


# --- finding 16: labels of actions outside the vocabulary ----------------------------------------------
@pytest.mark.parametrize("action", [-1, -200, 10**6, "x", True, 1.0, None])
def test_action_label_outside_the_vocabulary_is_a_value_error(action):
    g = coin_env.make_game("gandhi")
    with pytest.raises(ValueError, match="action"):
        g.action_label(action)


def test_an_illegal_negative_action_is_not_labelled_done():
    g = coin_env.make_game("gandhi")
    with pytest.raises(coin_env.IllegalActionError) as info:
        g.apply(-1)
    assert "'done'" not in str(info.value) and "not in the vocabulary" in str(info.value)


def test_action_label_accepts_numpy_integers():
    g = coin_env.make_game("gandhi")
    assert g.action_label(np.int64(0)) == g.action_label(0)


# --- finding 17: seeds ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1.9, 2**64, -1, True, None, "abc", "3", [1]])
@pytest.mark.parametrize("game", GAMES)
def test_make_game_refuses_seeds_that_are_not_integers_0_to_2_64(game, seed):
    with pytest.raises(ValueError, match="seed"):
        coin_env.make_game(game, seed=seed)


def test_make_game_seeds_cover_the_whole_range_and_numpy_integers():
    a = coin_env.make_game("gandhi", seed=np.int64(7))
    b = coin_env.make_game("gandhi", seed=7)
    assert a.to_json() == b.to_json()
    top = coin_env.make_game("gandhi", seed=2**64 - 1)
    assert top.to_json() != coin_env.make_game("gandhi", seed=0).to_json()


def test_make_game_refuses_options_that_are_not_a_dict():
    with pytest.raises(ValueError, match="options"):
        coin_env.make_game("gandhi", options=["strike_rule"])


# --- finding 22: a clone's options are its own ------------------------------------------------------------
def test_editing_a_clones_options_never_reaches_the_original():
    g = coin_env.make_game("a_distant_plain", options={"non_players": ["taliban"]})
    c = g.clone()
    assert c.options == g.options and c.options is not g.options
    c.options["non_players"].append("warlords")
    c.options["sudden_propaganda"] = True
    assert g.options["non_players"] == ["taliban"] and not g.options["sudden_propaganda"]
    assert not g.is_non_player("warlords") and c.is_non_player("warlords")
    assert c.data is g.data                      # the facts are shared: they never change
    g = coin_env.make_game("a_distant_plain", options={"players": [["coalition", "government"], ["taliban"],
                                                                   ["warlords"]]})
    c = g.clone()
    c.options["players"][0].append("warlords")
    assert g.options["players"][0] == ["coalition", "government"]


# --- reliability probe 2026-11-28, N11: env arguments -------------------------------------------------------------
@pytest.mark.parametrize("options", [[1], "families", 4])
def test_env_options_that_are_not_a_dict_are_one_value_error(options):
    with pytest.raises(ValueError, match="options must be a dict"):
        coin_env.gym_env("john_company", seat="benyon", opponents="random", options=options)
    with pytest.raises(ValueError, match="options must be a dict"):
        coin_env.env("john_company", options=options)


@pytest.mark.parametrize("options", ["x", [("scenario", "1710")], 3])
def test_reset_options_that_are_not_a_dict_are_one_value_error(options):
    genv = coin_env.gym_env("john_company", seat="benyon", opponents="random")
    with pytest.raises(ValueError, match="reset.*options must be a dict"):
        genv.reset(seed=0, options=options)
    aec = coin_env.env("john_company")
    with pytest.raises(ValueError, match="reset.*options must be a dict"):
        aec.reset(seed=0, options=options)


@pytest.mark.parametrize("num_envs", [0, -1, "2", 2.0])
def test_a_bad_num_envs_is_a_value_error_and_nothing_else(num_envs):
    """N11: after the ValueError, VectorEnv.__del__ printed "Exception ignored ... no attribute 'envs'"."""
    import subprocess
    import sys
    code = ("import coin_env\ntry:\n    coin_env.vector_env('john_company', %r, seat='benyon', opponents='random')\n"
            "except ValueError as e:\n    print('ValueError', e)\n" % (num_envs,))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("ValueError") and "num_envs" in r.stdout, r
    assert r.stderr == "", r.stderr
