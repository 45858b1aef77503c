"""The PettingZoo AEC env and the gymnasium single-agent env over the engine."""

import pickle
import random
import warnings

import numpy as np
import pytest

import coin_env
from coin_env import IllegalActionError
from coin_env.core.aec_env import CoinAECEnv
from coin_env.core.encoding import encoder_for
from coin_env.core.gym_env import CoinGymEnv

FACTIONS = ["raj", "congress", "ml", "revs"]
GAMES = coin_env.list_games()


def factions_of(game):
    return list(coin_env.make_game(game, seed=0).factions)


def run_aec(env, seed, rng_seed=0, max_steps=20_000):
    """Play random legal actions; return the observation vectors seen, in order."""
    env.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    seen = []
    for n, agent in enumerate(env.agent_iter()):
        obs, reward, term, trunc, info = env.last()
        seen.append(obs["observation"].copy())
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert n < max_steps
    return seen


# --- PettingZoo ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game):
    from pettingzoo.test import api_test
    f = factions_of(game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(coin_env.env(game, seed=0), num_cycles=200, verbose_progress=False)
        api_test(coin_env.env(game, seed=0, opponents={f[0]: "random", f[-1]: "random"}),
                 num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game):
    from pettingzoo.test import seed_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: CoinAECEnv(game), num_cycles=50)


@pytest.mark.parametrize("game", GAMES)
def test_aec_spaces_observation_and_mask(game):
    env = coin_env.env(game, seed=0)
    env.reset(seed=0)
    enc = encoder_for(game)
    n = len(env.game.vocabulary)
    assert env.possible_agents == factions_of(game)
    for a in env.agents:
        assert env.action_space(a).n == n
        assert env.observation_space(a)["observation"].shape == (enc.size,)
        assert env.observation_space(a)["action_mask"].shape == (n,)
    rng = random.Random(0)
    for _ in range(60):
        agent = env.agent_selection
        assert agent == env.game.current_player()
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (enc.size,)
        assert obs["action_mask"].dtype == np.int8
        assert np.array_equal(obs["action_mask"], env.game.legal_mask())
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(env.game.legal_actions()))
        if env.game.is_over():
            break


@pytest.mark.parametrize("game", GAMES)
def test_aec_illegal_action_raises_and_leaves_the_game_unchanged(game):
    env = coin_env.env(game, seed=0)
    env.reset(seed=0)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(env.game.legal_mask() == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.game.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_aec_rewards_at_the_end_ranking_and_margin(game):
    for mode in ("ranking", "margin"):
        env = coin_env.env(game, seed=3, reward=mode)
        env.reset(seed=3)
        totals = {a: 0.0 for a in env.agents}
        rng = np.random.default_rng(0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            if not (term or trunc):
                assert reward == 0.0
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            else:
                env.step(None)
        g = env.game
        margins = g.victory_margins()
        for f in g.factions:
            expected = 1.0 if f == g.winner() else -1.0
            if mode == "margin":
                expected += max(-20, min(20, margins[f])) / 20
            assert totals[f] == pytest.approx(expected)


def test_aec_opponents_play_inside_step():
    env = coin_env.env("gandhi", seed=1, opponents={"raj": "random", "ml": "random"})
    env.reset(seed=1)
    assert env.possible_agents == ["congress", "revs"]
    seen = set()
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        seen.add(agent)
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert env.game.current_player() == agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen <= {"congress", "revs"}
    assert env.game.is_over()
    assert env.game.state.decisions > 0


def test_aec_custom_callable_opponent_and_all_seats_automatic():
    calls = []

    def first_legal(game, faction, rng):
        calls.append(faction)
        return game.legal_actions()[0]

    env = coin_env.env("gandhi", seed=2, opponents={f: first_legal for f in FACTIONS})
    env.reset(seed=2)
    assert env.game.is_over() and env.agents == []
    assert set(calls) <= set(FACTIONS) and calls


@pytest.mark.parametrize("game", GAMES)
def test_aec_determinism_same_seed_same_actions(game):
    other = factions_of(game)[2]
    a = run_aec(coin_env.env(game, seed=5, opponents={other: "random"}), seed=5)
    b = run_aec(coin_env.env(game, seed=5, opponents={other: "random"}), seed=5)
    assert len(a) == len(b)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_aec_pickle_and_config_dict():
    env = CoinAECEnv.from_config({"game": "gandhi", "seed": 4, "opponents": {"raj": "random"}, "reward": "margin"})
    env.reset(seed=4)
    env.step(env.game.legal_actions()[0])
    clone = pickle.loads(pickle.dumps(env))
    assert clone.agent_selection == env.agent_selection
    assert np.array_equal(clone.observe(clone.agent_selection)["observation"],
                          env.observe(env.agent_selection)["observation"])
    a = env.game.legal_actions()[-1]
    env.step(a)
    clone.step(a)
    assert env.game.to_json() == clone.game.to_json()


def test_aec_render_ansi_shows_spaces_and_prompt():
    env = coin_env.env("gandhi", seed=0, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "Bihar" in text and "Calcutta" in text and "Prompt (" in text


# --- gymnasium -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game):
    from gymnasium.utils.env_checker import check_env
    f = factions_of(game)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(CoinGymEnv(game, seat=f[1], illegal_action="penalize", render_mode="ansi"))
        check_env(CoinGymEnv(game, seat=f[0], illegal_action="penalize", reward="margin"))


@pytest.mark.parametrize("game,seat", [(g, factions_of(g)[-1]) for g in GAMES])
def test_gym_masks_observation_and_opponents(game, seat):
    env = coin_env.gym_env(game, seat=seat, opponents="random", seed=0)
    obs, info = env.reset(seed=0)
    enc = encoder_for(game)
    assert obs.dtype == np.float32 and obs.shape == (enc.size,) and env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    steps = 0
    while True:
        assert env.game.current_player() == seat
        mask = env.action_masks()
        assert mask.dtype == bool
        assert np.array_equal(mask, env.game.legal_mask().astype(bool))
        assert np.array_equal(info["action_mask"], mask)
        decisions_before = env.game.state.decisions
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        assert env.game.state.decisions >= decisions_before + 1
        if term:
            assert reward in (1.0, -1.0)
            assert reward == (1.0 if env.game.winner() == seat else -1.0)
            break
        assert reward == 0.0 and not trunc
    # the other seats moved inside step(): many more decisions than the seat's own
    assert env.game.state.decisions > steps


def test_gym_illegal_action_raise_and_penalize():
    # "raise" is asked for: the default is "penalize" (a deliberate change, see CoinGymEnv's docstring).
    env = coin_env.gym_env("gandhi", seat="congress", seed=0, illegal_action="raise")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    env = coin_env.gym_env("gandhi", seat="congress", seed=0, illegal_action="penalize")
    obs0, _ = env.reset(seed=0)
    before = env.game.to_json()
    obs, reward, term, trunc, info = env.step(illegal)
    assert reward == -1.0 and not term and not trunc and info["illegal_action"]
    assert env.game.to_json() == before and np.array_equal(obs, obs0)


@pytest.mark.parametrize("game,seat", [(g, factions_of(g)[2 % len(factions_of(g))]) for g in GAMES])
def test_gym_determinism_and_reseed(game, seat):
    def trajectory(env, seed):
        obs, _ = env.reset(seed=seed)
        out = [obs]
        rng = np.random.default_rng(7)
        for _ in range(40):
            obs, r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            out.append(obs)
            if term:
                break
        return out

    env = coin_env.gym_env(game, seat=seat, seed=0)
    a = trajectory(env, 11)
    b = trajectory(env, 11)                   # same env, reseeded
    c = trajectory(coin_env.gym_env(game, seat=seat), 11)
    assert len(a) == len(b) == len(c)
    assert all(np.array_equal(x, y) and np.array_equal(x, z) for x, y, z in zip(a, b, c))


def test_gym_opponent_dict_and_pickle():
    env = CoinGymEnv.from_config({"game": "gandhi", "seat": "raj", "seed": 3,
                                  "opponents": {"congress": "random", "ml": "random", "revs": "random"}})
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    clone = pickle.loads(pickle.dumps(env))
    a = int(np.flatnonzero(env.action_masks())[-1])
    o1 = env.step(a)[0]
    o2 = clone.step(a)[0]
    assert np.array_equal(o1, o2)
    with pytest.raises(ValueError):
        CoinGymEnv("gandhi", seat="raj", opponents={"congress": "random"})   # ml, revs unplayed


def test_gym_render_ansi():
    env = coin_env.gym_env("gandhi", seat="raj", render_mode="ansi", seed=0)
    env.reset(seed=0)
    assert "Bombay Presidency" in env.render()


def test_maskable_ppo_smoke():
    """A few hundred MaskablePPO steps against random opponents (a few seconds)."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    env = coin_env.gym_env("gandhi", seat="raj", opponents="random", seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs=dict(net_arch=[32]))
    model.learn(256)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
