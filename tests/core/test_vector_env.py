"""CoinVectorEnv: the batched gymnasium VectorEnv over CoinGymEnv (coin_env/core/vector_env.py).

The reference for behaviour is gymnasium's own SyncVectorEnv over the same CoinGymEnvs: for both
autoreset modes the two must return identical observations, rewards, flags and infos step by step.
(gymnasium.utils.env_checker.check_env only accepts gymnasium.Env, not VectorEnv, and gymnasium
has no vector checker, so it does not apply here.)
"""

import pickle

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import coin_env
from coin_env import IllegalActionError
from coin_env.core.gym_env import CoinGymEnv
from coin_env.core.registry import game_factions
from coin_env.core.vector_env import CoinVectorEnv

GAMES = coin_env.list_games()
MODES = [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP]


def masked_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One random legal action per row; 0 for an all-False row (NEXT_STEP: action ignored)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], dtype=np.int64)


def assert_same(a, b, path="infos"):
    """Deep equality of vector infos: dicts of arrays, object arrays holding arrays or None."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), f"{path}: keys {sorted(a)} != {sorted(b)}"
        for k in a:
            assert_same(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, np.ndarray) and a.dtype == object:
        assert isinstance(b, np.ndarray) and b.dtype == object and a.shape == b.shape, path
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{path}[{i}]")
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray) and a.dtype == b.dtype, f"{path}: {a.dtype} vs {getattr(b, 'dtype', b)}"
        assert np.array_equal(a, b), f"{path}: {a} != {b}"
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def game_decisions(envs):
    return [e.game.state.decisions for e in envs.envs]


# --- spaces, shapes, masks ------------------------------------------------------------------
def test_spaces_shapes_and_dtypes():
    envs = CoinVectorEnv(3, game="gandhi", seat="congress", seed=0)
    single = CoinGymEnv("gandhi", seat="congress")
    dim, n = single.observation_space.shape[0], single.action_space.n
    assert envs.num_envs == 3
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert isinstance(envs.observation_space, gym.spaces.Box)
    assert envs.observation_space.shape == (3, dim) and envs.observation_space.dtype == np.float32
    assert envs.action_space == gym.spaces.MultiDiscrete([n, n, n])
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    obs, infos = envs.reset(seed=0)
    assert obs.shape == (3, dim) and obs.dtype == np.float32 and envs.observation_space.contains(obs)
    assert infos["action_mask"].shape == (3, n) and infos["action_mask"].dtype == np.bool_
    assert infos["_action_mask"].all() and infos["decisions"].tolist() == [0, 0, 0]
    obs, rewards, terminated, truncated, infos = envs.step(masked_actions(envs.action_masks(), np.random.default_rng(0)))
    assert obs.shape == (3, dim) and obs.dtype == np.float32 and envs.observation_space.contains(obs)
    assert rewards.shape == (3,) and rewards.dtype == np.float64
    assert terminated.shape == truncated.shape == (3,) and terminated.dtype == truncated.dtype == np.bool_
    assert infos["decisions"].tolist() == [1, 1, 1]
    assert envs.action_masks().shape == (3, n) and envs.action_masks().dtype == np.bool_


@pytest.mark.parametrize("game", GAMES)
def test_masks_match_each_envs_legal_actions(game):
    envs = CoinVectorEnv(3, game=game, seed=1)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(15):
        masks = envs.action_masks()
        for i, env in enumerate(envs.envs):
            assert np.array_equal(masks[i], env.action_masks())
            assert set(np.flatnonzero(masks[i])) == set(env.game.legal_actions())
            assert env.game.current_player() == env.seat
        *_, infos = envs.step(masked_actions(masks, rng))
        assert np.array_equal(infos["action_mask"], envs.action_masks())


# --- seeding and determinism -----------------------------------------------------------------
def test_reset_int_seed_gives_env_i_seed_plus_i_and_list_seeds():
    envs = CoinVectorEnv(3, game="gandhi", seat="raj")
    obs, _ = envs.reset(seed=40)
    for i in range(3):
        single_obs, _ = CoinGymEnv("gandhi", seat="raj").reset(seed=40 + i)
        assert np.array_equal(obs[i], single_obs)
    listed, _ = envs.reset(seed=[42, 40, 41])
    assert np.array_equal(listed, obs[[2, 0, 1]])
    with pytest.raises(ValueError, match="3 entries, expected num_envs=2"):
        CoinVectorEnv(2).reset(seed=[1, 2, 3])


def run(envs, steps, seed, rng_seed=0):
    obs, _ = envs.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    seen = [obs]
    for _ in range(steps):
        obs, rewards, *_ = envs.step(masked_actions(envs.action_masks(), rng))
        seen.append(obs)
    return np.stack(seen)


def test_same_seed_same_results_different_seed_differs():
    a = run(CoinVectorEnv(2, game="gandhi"), 40, seed=7)
    b = run(CoinVectorEnv(2, game="gandhi"), 40, seed=7)
    c = run(CoinVectorEnv(2, game="gandhi"), 40, seed=8)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)
    # The constructor seed makes the first reset() without a seed reproducible too.
    first, _ = CoinVectorEnv(2, game="gandhi", seed=7).reset()
    assert np.array_equal(first, a[0])


# --- autoreset: exactly gymnasium's SyncVectorEnv over the same gym envs ----------------------
CONFIGS = {
    "full games": dict(kwargs={}, until_terminations=True),
    "truncation + penalize": dict(kwargs={"max_decisions": 25, "illegal_action": "penalize"},
                                  until_terminations=False),
}


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.name)
@pytest.mark.parametrize("config", list(CONFIGS))
def test_matches_sync_vector_env_step_by_step(mode, config):
    kwargs, until_terminations = CONFIGS[config]["kwargs"], CONFIGS[config]["until_terminations"]
    n = 2
    ours = CoinVectorEnv(n, game="gandhi", seat="congress", seed=3, autoreset_mode=mode, **kwargs)
    ref = SyncVectorEnv([lambda i=i: CoinGymEnv("gandhi", seat="congress", seed=3 + i, **kwargs) for i in range(n)],
                        autoreset_mode=mode)
    obs, infos = ours.reset(seed=5)
    ref_obs, ref_infos = ref.reset(seed=5)
    assert np.array_equal(obs, ref_obs)
    assert_same(infos, ref_infos)
    rng = np.random.default_rng(0)
    terminated_envs, truncations, penalties, penalized = set(), 0, 0, 0
    partial_reset_done = False
    for step in range(2000):
        actions = masked_actions(ours.action_masks(), rng)
        if "penalize" in config and step % 9 == 4 and ours.action_masks()[0].any():
            actions[0] = np.flatnonzero(~ours.action_masks()[0])[0]
            penalties += 1
        out, ref_out = ours.step(actions), ref.step(actions)
        for name, x, y in zip(["obs", "rewards", "terminated", "truncated"], out[:4], ref_out[:4]):
            assert x.dtype == y.dtype and np.array_equal(x, y), f"step {step}: {name} differs"
        assert_same(out[4], ref_out[4], f"step {step} infos")
        terminated_envs |= set(np.flatnonzero(out[2]).tolist())
        truncations += int(out[3].sum())
        penalized += int(out[4].get("_illegal_action", np.zeros(n, bool)).sum())
        # A refused action counts toward max_decisions: when it truncates (SAME_STEP), it is in final_info.
        penalized += int(out[4].get("final_info", {}).get("_illegal_action", np.zeros(n, bool)).sum())
        if not partial_reset_done and (out[2][1] or out[3][1]):
            # A partial reset right after env 1 finished (under NEXT_STEP it was due to autoreset).
            partial_reset_done = True
            reset_mask = np.array([False, True])
            obs, infos = ours.reset(seed=11, options={"reset_mask": reset_mask})
            ref_obs, ref_infos = ref.reset(seed=11, options={"reset_mask": reset_mask.copy()})
            assert np.array_equal(obs, ref_obs)
            assert_same(infos, ref_infos)
            assert infos["_action_mask"].tolist() == [False, True]
        if (len(terminated_envs) == n) if until_terminations else step >= 80:
            break
    assert len(terminated_envs) == n if until_terminations else truncations >= 2
    assert penalized == penalties and (penalties > 0) == ("penalize" in config)
    assert partial_reset_done


@pytest.mark.parametrize("game", GAMES)
def test_full_episode_loop_same_step_reports_final_info(game):
    """Random masked play on 2 envs until both have finished an episode (SAME_STEP, the default)."""
    factions = set(game_factions(game))
    envs = coin_env.vector_env(game, 2, seed=0)
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    finished = set()
    for _ in range(5000):
        obs, rewards, terminated, truncated, infos = envs.step(masked_actions(envs.action_masks(), rng))
        assert envs.action_masks().any(axis=1).all(), "SAME_STEP never returns an empty mask row"
        assert not truncated.any()
        for i in range(2):
            if not terminated[i]:
                assert rewards[i] == 0.0
                assert "final_obs" not in infos or infos["final_obs"][i] is None
                continue
            finished.add(i)
            assert rewards[i] in (1.0, -1.0)
            final = infos["final_info"]
            assert infos["_final_info"][i] and final["_winner"][i]
            assert final["winner"][i] in factions
            assert (rewards[i] == 1.0) == (final["winner"][i] == envs.seat)
            assert set(k for k in final["margins"] if not k.startswith("_")) == factions
            assert not final["action_mask"][i].any(), "the finished game had no legal action"
            assert final["decisions"][i] > 0
            assert infos["final_obs"][i].shape == obs[i].shape
            assert not np.array_equal(infos["final_obs"][i], obs[i]), "obs row is the new episode's"
            assert infos["decisions"][i] == 0 and infos["action_mask"][i].any()
        if len(finished) == 2:
            break
    assert finished == {0, 1}


def test_next_step_mode_reports_result_then_resets_on_next_step():
    envs = CoinVectorEnv(2, game="gandhi", seed=0, autoreset_mode="NextStep")
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(5000):
        obs, rewards, terminated, truncated, infos = envs.step(masked_actions(envs.action_masks(), rng))
        if terminated.any():
            break
    i = int(np.flatnonzero(terminated)[0])
    assert rewards[i] in (1.0, -1.0) and infos["_winner"][i]
    assert infos["winner"][i] == envs.envs[i].game.winner()
    assert "final_obs" not in infos
    assert not envs.action_masks()[i].any(), "the finished episode's mask is empty"
    decisions = envs.envs[i].game.state.decisions
    actions = masked_actions(envs.action_masks(), rng)
    actions[i] = 0  # ignored: this step resets env i
    obs2, rewards2, terminated2, truncated2, infos2 = envs.step(actions)
    assert rewards2[i] == 0.0 and not terminated2[i] and not truncated2[i]
    assert infos2["decisions"][i] == 0 and envs.action_masks()[i].any()
    assert envs.envs[i].game.state.decisions < decisions, "a new game started"
    assert "winner" not in infos2 or not infos2["_winner"][i]


# --- illegal actions and bad input -----------------------------------------------------------
def test_illegal_action_raises_naming_env_and_changes_no_game():
    # "raise" is asked for: the default is "penalize" (a deliberate change, see CoinGymEnv's docstring).
    envs = CoinVectorEnv(3, game="gandhi", seed=2, illegal_action="raise")
    envs.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(5):
        envs.step(masked_actions(envs.action_masks(), rng))
    masks, before = envs.action_masks(), game_decisions(envs)
    actions = masked_actions(masks, rng)
    bad = int(np.flatnonzero(~masks[1])[0])
    actions[1] = bad
    prompt = envs.envs[1].game.prompt()
    with pytest.raises(IllegalActionError) as err:
        envs.step(actions)
    assert f"env 1: illegal action {bad} " in str(err.value) and repr(prompt) in str(err.value)
    assert game_decisions(envs) == before and np.array_equal(envs.action_masks(), masks)
    actions[1] = 10_000
    with pytest.raises(IllegalActionError, match=r"env 1: illegal action 10000 \(outside 0\.\.131\)"):
        envs.step(actions)
    assert game_decisions(envs) == before
    with pytest.raises(ValueError, match=r"shape \(3,\), got \(2,\)"):
        envs.step(actions[:2])
    with pytest.raises(ValueError, match="must be integers"):
        envs.step(actions.astype(float))
    actions[1] = masked_actions(masks[1:2], rng)[0]
    *_, infos = envs.step(actions)  # the batch is still usable
    assert infos["decisions"].tolist() == [6, 6, 6]


def test_penalize_mode_rewards_illegal_action_and_steps_the_others():
    envs = CoinVectorEnv(2, game="gandhi", seed=0, illegal_action="penalize", illegal_reward=-0.5)
    obs, _ = envs.reset(seed=0)
    actions = masked_actions(envs.action_masks(), np.random.default_rng(0))
    actions[0] = np.flatnonzero(~envs.action_masks()[0])[0]
    obs2, rewards, terminated, truncated, infos = envs.step(actions)
    assert rewards.tolist() == [-0.5, 0.0]
    assert infos["illegal_action"].tolist() == [True, False] and infos["_illegal_action"].tolist() == [True, False]
    assert infos["decisions"].tolist() == [0, 1]
    assert np.array_equal(obs2[0], obs[0])


def test_bad_arguments_raise_clear_errors():
    with pytest.raises(ValueError, match="num_envs must be a positive integer, got 0"):
        CoinVectorEnv(0)
    with pytest.raises(ValueError, match="got '3'"):
        CoinVectorEnv("3")
    with pytest.raises(ValueError, match="autoreset_mode .* got 'Disabled'"):
        CoinVectorEnv(2, autoreset_mode="Disabled")
    with pytest.raises(ValueError, match="'nobody'"):
        CoinVectorEnv(2, seat="nobody")
    with pytest.raises(RuntimeError, match="before reset"):
        CoinVectorEnv(2).step([0, 0])
    with pytest.raises(ValueError, match="needs 'num_envs'"):
        CoinVectorEnv.from_config({"game": "gandhi"})
    with pytest.raises(ValueError, match="reset_mask"):
        CoinVectorEnv(2).reset(options={"reset_mask": np.array([1, 0])})


# --- buffers, pickling, construction, wrappers -------------------------------------------------
def test_copy_convention():
    copied = CoinVectorEnv(2, game="gandhi", seed=0)
    a, _ = copied.reset(seed=0)
    b, *_ = copied.step(masked_actions(copied.action_masks(), np.random.default_rng(0)))
    assert not np.shares_memory(a, b)
    reused = CoinVectorEnv(2, game="gandhi", seed=0, copy=False)
    c, _ = reused.reset(seed=0)
    d, *_ = reused.step(masked_actions(reused.action_masks(), np.random.default_rng(0)))
    assert c is d and np.array_equal(d, b), "copy=False returns the same, overwritten buffer"
    assert reused.action_masks() is reused.action_masks()


def test_pickle_round_trip_mid_episode_continues_identically():
    envs = CoinVectorEnv(2, game="a_distant_plain", seed=4)
    envs.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(10):
        envs.step(masked_actions(envs.action_masks(), rng))
    clone = pickle.loads(pickle.dumps(envs))
    assert np.array_equal(clone.action_masks(), envs.action_masks())
    for _ in range(30):
        actions = masked_actions(envs.action_masks(), rng)
        a, b = envs.step(actions), clone.step(actions)
        for x, y in zip(a[:4], b[:4]):
            assert np.array_equal(x, y)
        assert_same(a[4], b[4])


def test_from_config_and_factory_build_the_same_env():
    config = {"num_envs": 2, "game": "gandhi", "seat": "ml", "seed": 9, "reward": "margin"}
    a = CoinVectorEnv.from_config(config)
    b = coin_env.vector_env("gandhi", 2, seat="ml", seed=9, reward="margin")
    assert a.seat == b.seat == "ml" and a.envs[0].reward_mode == "margin"
    assert np.array_equal(a.reset()[0], b.reset()[0])
    assert config == {"num_envs": 2, "game": "gandhi", "seat": "ml", "seed": 9, "reward": "margin"}


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.name)
def test_gymnasium_record_episode_statistics_wrapper(mode):
    envs = gym.wrappers.vector.RecordEpisodeStatistics(CoinVectorEnv(2, game="gandhi", seed=0, max_decisions=12,
                                                                      autoreset_mode=mode))
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        *_, truncated, infos = envs.step(masked_actions(envs.unwrapped.action_masks(), rng))
        if truncated.any():
            assert infos["episode"]["l"][truncated].tolist() == [12] * int(truncated.sum())
            return
    pytest.fail("no truncation after 30 steps with max_decisions=12")
