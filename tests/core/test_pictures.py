"""Board pictures: coin_env.core.pictures and render_mode="rgb_array" on the envs."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

import coin_env
from coin_env.core.pictures import PICTURES, draw, picture_for

from game_matrix import GAMES


def played(name: str, n: int, seed: int = 0):
    game = coin_env.make_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", GAMES)
def test_picture_shape_and_content(name):
    pic = draw(coin_env.make_game(name, seed=0))
    assert pic.dtype == np.uint8 and pic.ndim == 3 and pic.shape[2] == 3
    assert pic.shape[0] >= 400 and pic.shape[1] >= 600
    assert pic.min() < 100 < pic.max()                         # not a constant picture
    assert len(np.unique(pic.reshape(-1, 3), axis=0)) > 10      # colours: pieces, markers, tracks


@pytest.mark.parametrize("name", GAMES)
def test_picture_differs_between_positions_and_is_deterministic(name):
    start, later = coin_env.make_game(name, seed=0), played(name, 120)
    a, b = draw(start), draw(later)
    assert a.shape == b.shape and not np.array_equal(a, b)
    assert np.array_equal(draw(later), draw(later.clone()))    # same game, same picture
    assert np.array_equal(draw(coin_env.load_game(later.to_json())), b)


@pytest.mark.parametrize("name", GAMES)
def test_picture_is_fast_and_draws_finished_games(name):
    game = played(name, 100)
    draw(game)
    t = time.perf_counter()
    draw(game)
    assert time.perf_counter() - t < 0.3
    while not game.is_over():
        game.apply(random.Random(1).choice(game.legal_actions()))
    assert draw(game).shape[2] == 3


def test_registry():
    assert set(PICTURES) == set(coin_env.list_games())
    assert picture_for("gandhi") is picture_for(coin_env.make_game("gandhi"))
    with pytest.raises(ValueError, match="no board picture"):
        picture_for("chess")


@pytest.mark.parametrize("name,seat", [("gandhi", "congress"), ("a_distant_plain", "taliban")])
def test_env_render_rgb_array(name, seat):
    env = coin_env.env(name, render_mode="rgb_array")
    env.reset(seed=0)
    pic = env.render()
    assert pic.dtype == np.uint8 and pic.ndim == 3 and pic.shape[2] == 3
    genv = coin_env.gym_env(name, seat=seat, opponents="random", render_mode="rgb_array")
    genv.reset(seed=0)
    first = genv.render()
    assert first.shape == pic.shape and first.dtype == np.uint8
    mask = genv.action_masks()
    genv.step(int(np.flatnonzero(mask)[0]))
    assert not np.array_equal(first, genv.render())
    text_env = coin_env.gym_env(name, seat=seat, opponents="random", render_mode="ansi")
    text_env.reset(seed=0)
    assert isinstance(text_env.render(), str)


def test_vector_env_render_rgb_array():
    from coin_env.core.vector_env import CoinVectorEnv
    venv = CoinVectorEnv(2, "gandhi", seat="congress", opponents="random", seed=0, render_mode="rgb_array")
    venv.reset(seed=0)
    pics = venv.render()
    assert len(pics) == 2 and all(p.dtype == np.uint8 and p.ndim == 3 for p in pics)


@pytest.mark.parametrize("name", GAMES)
def test_the_footer_names_the_faction_to_move_as_the_rules_do(name):
    """The footer is the prompt in front of the seat to move, headed by the faction's name (British Raj,
    Delhi Sultanate, Benyon), never its internal id (raj, ds, benyon)."""
    from coin_env.core.pictures import describe
    game = played(name, 40)
    footer = describe(game).footer
    assert footer.startswith(f"{game.faction_name(game.current_player())}: "), footer
    assert not footer.startswith(f"{game.current_player()}:"), footer
