"""Reliability of the envs (reliability probe 2026-11-25, findings 4, 5, 12, 13, 17, 20) and of policy specs."""

import os
import warnings

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import coin_env
from coin_env.core.env_common import IllegalActionWarning, OpponentError
from coin_env.core.gym_env import CoinGymEnv
from coin_env.core.policy_specs import random_policy, resolve_policy
from coin_env.core.registry import game_bots
from coin_env.core.vector_env import CoinVectorEnv

GAMES = coin_env.list_games()


def factions_of(game):
    return list(coin_env.make_game(game, seed=0).factions)


def bot_of(game):
    """The game's first registered bot, or "random" for a game that has none yet."""
    bots = sorted(game_bots(game))
    return bots[0] if bots else "random"


class Flaky:
    """An opponent that plays random legal actions and raises on its ``fail_at``-th call (counted from 1)."""

    def __init__(self, fail_at):
        self.fail_at = fail_at
        self.calls = 0

    def __call__(self, game, faction, rng):
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError("flaky opponent gave up")
        return random_policy(game, faction, rng)


def play_masked(env, rng, steps):
    """Masked random steps until the episode ends; returns the last step's outputs."""
    out = None
    for _ in range(steps):
        out = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if out[2] or out[3]:
            break
    return out


# --- Finding 4: env checkers pass on the default envs -----------------------------------------------
def _checker_envs(game):
    f = factions_of(game)
    return [coin_env.gym_env(game), coin_env.gym_env(game, seat=f[0], opponents=bot_of(game)),
            coin_env.gym_env(game, seat="all")]


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_passes_on_default_gym_envs(game):
    from gymnasium.utils.env_checker import check_env
    for env in _checker_envs(game):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_stable_baselines3_check_env_passes_on_default_gym_envs(game):
    sb3_check_env = pytest.importorskip("stable_baselines3.common.env_checker").check_env
    for env in _checker_envs(game):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sb3_check_env(env, warn=False)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes_on_the_default_aec_env(game):
    from pettingzoo.test import api_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(coin_env.env(game), num_cycles=100, verbose_progress=False)


def test_the_default_refuses_an_illegal_action_counts_it_and_warns_once():
    env = coin_env.gym_env("gandhi", seat="congress", seed=0)
    assert env.illegal_action == "penalize"
    obs0, info0 = env.reset(seed=0)
    assert info0["illegal_actions"] == 0
    before = env.game.to_json()
    illegal = [int(a) for a in np.flatnonzero(~env.action_masks())[:2]]
    with pytest.warns(IllegalActionWarning, match=rf"illegal action {illegal[0]} .* at prompt .*Congress as"):
        obs, reward, term, trunc, info = env.step(illegal[0])
    assert (reward, term, trunc) == (-1.0, False, False) and info["illegal_action"]
    assert info["illegal_actions"] == 1 and info["decisions"] == 0
    assert env.game.to_json() == before and np.array_equal(obs, obs0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # told once per env: the second refusal is silent
        *_, info = env.step(illegal[1])
    assert info["illegal_actions"] == 2
    legal = int(np.flatnonzero(env.action_masks())[0])
    *_, info = env.step(legal)
    assert "illegal_action" not in info and info["illegal_actions"] == 2 and info["decisions"] == 1
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        coin_env.gym_env("gandhi", illegal_action="ignore")


# --- Finding 12: max_decisions binds in every mode ----------------------------------------------------
def test_illegal_steps_count_toward_max_decisions():
    env = coin_env.gym_env("gandhi", seat="raj", seed=0, max_decisions=5)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    ends = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IllegalActionWarning)
        for n in range(1, 1001):
            *_, term, trunc, info = env.step(illegal)
            if term or trunc:
                ends.append(n)
                break
    assert ends == [5] and trunc and not term and info["illegal_actions"] == 5
    env.reset(seed=0)                                   # legal and illegal steps share the budget
    rng = np.random.default_rng(0)
    for _ in range(2):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IllegalActionWarning)
        outs = [env.step(int(np.flatnonzero(~env.action_masks())[0])) for _ in range(3)]
    assert [o[3] for o in outs] == [False, False, True]


# --- Finding 5: a failing opponent never makes the learner act for another seat ------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_failing_opponent_ends_the_gym_episode_truncated_and_step_refuses_until_reset(game):
    f = factions_of(game)
    flaky = Flaky(fail_at=60)
    env = coin_env.gym_env(game, seat=f[1], opponents={s: flaky for s in f if s != f[1]}, seed=0)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(2000):
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        assert env.game.current_player() == f[1] or term or trunc
        if trunc:
            break
    assert trunc and not term and reward == 0.0
    assert "flaky opponent gave up" in info["error"] and "RuntimeError" in info["error"]
    failed_seat = env.game.current_player()
    assert failed_seat != f[1] and repr(failed_seat) in info["error"]
    assert not env.action_masks().any() and not info["action_mask"].any()
    decisions = env.game.state.decisions
    with pytest.raises(RuntimeError, match="ended by an error; call reset"):
        env.step(int(np.flatnonzero(env.game.legal_mask())[0]))
    assert env.game.state.decisions == decisions          # nothing applied for the other seat
    env.reset(seed=1)
    assert env.game.current_player() == f[1] and env.action_masks().any()
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_an_opponent_answering_illegally_is_a_failure_too():
    env = coin_env.gym_env("gandhi", seat="raj", opponents=lambda game, faction, rng: 10_000, seed=0)
    with pytest.raises(OpponentError, match=r"opponent '\w+' \(<lambda>\) failed at prompt .*IllegalActionError"):
        env.reset(seed=0)


def test_an_opponent_failing_in_reset_raises_and_step_refuses():
    env = coin_env.gym_env("gandhi", seat="revs", opponents=Flaky(fail_at=1), seed=0)
    with pytest.raises(OpponentError, match="flaky opponent gave up"):
        env.reset(seed=0)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    env.reset(seed=0)                                      # the flaky opponent only fails once
    assert env.game.current_player() == "revs"


def test_step_refuses_when_the_game_waits_on_another_seat():
    env = coin_env.gym_env("gandhi", seat="congress", seed=0)
    env.reset(seed=0)
    game = env.game
    while game.current_player() == "congress":             # move the game on behind the env's back
        game.apply(game.legal_actions()[0])
    other, decisions = game.current_player(), game.state.decisions
    with pytest.raises(RuntimeError, match=f"waits on '{other}', not on the learner's seat 'congress'"):
        env.step(game.legal_actions()[0])
    assert game.state.decisions == decisions


def test_step_before_reset_is_refused_by_the_gym_env():
    with pytest.raises(RuntimeError, match="before reset"):
        coin_env.gym_env("gandhi").step(0)


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP], ids=lambda m: m.name)
def test_a_failing_opponent_truncates_only_its_vector_env_and_matches_sync_vector_env(mode):
    n = 3
    ours = CoinVectorEnv(n, game="gandhi", seat="congress", opponents=Flaky(fail_at=150), seed=0,
                         autoreset_mode=mode)
    ref_flaky = Flaky(fail_at=150)
    ref = SyncVectorEnv([lambda i=i: CoinGymEnv("gandhi", seat="congress", opponents=ref_flaky, seed=i)
                         for i in range(n)], autoreset_mode=mode)
    ours.reset(seed=0)
    ref.reset(seed=0)
    rng = np.random.default_rng(0)
    failed = None
    for step in range(400):
        masks = ours.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        before = [e.game.state.decisions for e in ours.envs]
        out, ref_out = ours.step(actions), ref.step(actions)
        for x, y in zip(out[:4], ref_out[:4]):
            assert np.array_equal(x, y), f"step {step}"
        if out[3].any() and failed is None:
            failed = int(np.flatnonzero(out[3])[0])
            infos = out[4]
            error = (infos["final_info"]["error"][failed] if mode == AutoresetMode.SAME_STEP
                     else infos["error"][failed])
            assert "flaky opponent gave up" in error
            assert ref_out[4].keys() == infos.keys()
            others = [i for i in range(n) if i != failed]
            assert all(ours.envs[i].game.state.decisions > before[i] for i in others), "the others stepped"
            assert not out[2].any() and out[3].sum() == 1
            if mode == AutoresetMode.SAME_STEP:
                assert ours.envs[failed].error is None and ours.action_masks()[failed].any(), "autoreset"
            else:
                assert not ours.action_masks()[failed].any()
        elif failed is not None and step > 2:
            break
    assert failed is not None
    assert all(e.game.current_player() == "congress" for e in ours.envs)


# --- Finding 13: a single opponents spec in the AEC env ---------------------------------------------------
def test_aec_env_takes_one_opponents_spec_for_every_seat_not_learning():
    env = coin_env.env("gandhi", agents=["congress"], opponents="random", seed=0)
    assert env.possible_agents == ["congress"] and set(env.opponents) == {"raj", "ml", "revs"}
    env.reset(seed=0)
    assert env.agent_selection == "congress"
    two = coin_env.env("a_distant_plain", agents="taliban", opponents=bot_of("a_distant_plain"), seed=0)
    assert two.possible_agents == ["taliban"]
    with pytest.raises(ValueError, match=r"opponents='random' is one policy for every seat that does not learn: "
                                         r"say which seats learn with agents="):
        coin_env.env("gandhi", opponents="random")
    with pytest.raises(ValueError, match=r"no opponent policy for \['ml', 'revs'\]"):
        coin_env.env("gandhi", agents=["congress"], opponents={"raj": "random"})
    with pytest.raises(ValueError, match="agents must be"):
        coin_env.env("gandhi", agents=["emperor"], opponents="random")
    with pytest.raises(ValueError, match="cannot also be an opponent"):
        coin_env.env("gandhi", agents=["raj"], opponents={"raj": "random", "congress": "random", "ml": "random",
                                                          "revs": "random"})
    with pytest.raises(ValueError, match="opponents must be a policy spec"):
        coin_env.env("gandhi", opponents=["random"])


def test_aec_failing_opponent_truncates_every_agent_with_the_error():
    env = coin_env.env("gandhi", opponents={"raj": Flaky(fail_at=40), "ml": "random"}, seed=0)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    errors = {}
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            if "error" in info:
                errors[agent] = info["error"]
            env.step(None)
            continue
        assert env.game.current_player() == agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(errors) == {"congress", "revs"} and all("flaky opponent gave up" in e for e in errors.values())
    assert not env.game.is_over() and env.game.current_player() == "raj" and env.agents == []
    with pytest.raises(RuntimeError, match="episode ended"):
        env.step(0)
    env.reset(seed=1)
    assert env.agent_selection in ("congress", "revs")


# --- Finding 20: argument checks -------------------------------------------------------------------
@pytest.mark.parametrize("kwargs,message", [
    (dict(seat=5), "seat must be a faction of gandhi"),
    (dict(seat=["raj", 3]), "seat must be a faction of gandhi"),
    (dict(max_decisions="x"), "max_decisions must be a positive integer or None, not 'x'"),
    (dict(max_decisions=0), "max_decisions must be a positive integer or None, not 0"),
    (dict(max_decisions=-5), "max_decisions must be a positive integer or None, not -5"),
    (dict(max_decisions=True), "max_decisions must be a positive integer"),
])
def test_gym_and_vector_constructors_refuse_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        coin_env.gym_env("gandhi", **kwargs)
    with pytest.raises(ValueError, match=message):
        coin_env.vector_env("gandhi", 2, **kwargs)


def test_aec_step_and_last_before_reset_are_clear_errors():
    env = coin_env.env("gandhi", seed=0)
    decisions = env.game.state.decisions
    with pytest.raises(RuntimeError, match=r"step\(\) before reset\(\)"):
        env.step(env.game.legal_actions()[0])
    with pytest.raises(RuntimeError, match=r"last\(\) before reset\(\)"):
        env.last()
    assert env.game.state.decisions == decisions
    env.reset(seed=0)
    env.last()


# --- Finding 17: seeds ---------------------------------------------------------------------------------
BAD_SEEDS = [1.9, 1.5, True, False, -1, -5, 2 ** 64, "abc", "1", [1]]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_every_env_refuses_a_bad_seed_naming_it(seed):
    named = f"not {seed!r}"
    makers = [lambda **k: coin_env.env("gandhi", **k), lambda **k: coin_env.gym_env("gandhi", **k)]
    if not isinstance(seed, list):
        makers.append(lambda **k: coin_env.vector_env("gandhi", 2, **k))
    for make in makers:
        with pytest.raises(ValueError, match=named.replace("[", r"\[").replace("]", r"\]")):
            make(seed=seed)
    aec, gym_env = coin_env.env("gandhi"), coin_env.gym_env("gandhi")
    for env in (aec, gym_env):
        with pytest.raises(ValueError, match="seed must be a non-negative integer"):
            env.reset(seed=seed)
    vec = coin_env.vector_env("gandhi", 2)
    with pytest.raises(ValueError, match="seed"):
        vec.reset(seed=seed)


def test_good_seeds_none_numpy_ints_and_per_env_lists():
    obs_a, _ = coin_env.gym_env("gandhi").reset(seed=np.int64(7))
    obs_b, _ = coin_env.gym_env("gandhi").reset(seed=7)
    assert np.array_equal(obs_a, obs_b)
    coin_env.gym_env("gandhi", seed=None).reset(seed=None)
    coin_env.env("gandhi", seed=2 ** 64 - 1).reset(seed=None)
    vec = coin_env.vector_env("gandhi", 2)
    vec.reset(seed=[3, None])
    with pytest.raises(ValueError, match=r"seed of env 1 must be a non-negative integer below 2\*\*64 or None, not 1\.5"):
        vec.reset(seed=[3, 1.5])
    with pytest.raises(ValueError, match=r"reset\(seed=\.\.\.\) must be a non-negative int.* not 1\.5"):
        vec.reset(seed=1.5)
    with pytest.raises(ValueError, match=r"below 2\*\*64"):
        vec.reset(seed=2 ** 64 - 1)                        # env 1 would get 2**64


# --- policy-spec errors: one clear ValueError line ---------------------------------------------------------
class NeedsArgs:
    def __init__(self, x):
        self.x = x


class NotCallable:
    pass


class Good:
    def __call__(self, game, faction, rng):
        return game.legal_actions()[0]


@pytest.mark.parametrize("spec,message", [
    ("nosuch", r"unknown policy 'nosuch' for gandhi: known names random, arjuna"),
    ("nosuchmodule:x", r"policy 'nosuchmodule:x': module 'nosuchmodule' does not import"),
    ("coin_env:__version__", r"policy 'coin_env:__version__' is a str, not a callable \(game, faction, rng\)"),
    ("os:path", r"policy 'os:path' is a module, not a callable"),
    ("json:loads", r"policy 'json:loads' cannot be called as \(game, faction, rng\) -> action \(its signature is "
                   r"\(s, \*"),
    ("json:nosuchattr", r"'json' has no attribute 'nosuchattr'"),
    (f"{__name__}:NeedsArgs", r"class NeedsArgs needs constructor arguments"),
    (f"{__name__}:NotCallable", r"instances of NotCallable are not callable"),
    (":x", r"needs both parts"),
    (5, r"(a policy spec must be a name|opponents must be a policy spec .* not int 5)"),
    (lambda game: 0, r"cannot be called as \(game, faction, rng\)"),
])
def test_bad_policy_specs_are_one_line_value_errors(spec, message):
    with pytest.raises(ValueError, match=message) as err:
        resolve_policy(spec, "gandhi")
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match=message):
        coin_env.gym_env("gandhi", seat="raj", opponents=spec)


def test_good_module_attr_specs_resolve():
    assert isinstance(resolve_policy(f"{__name__}:Good", "gandhi"), Good)
    assert resolve_policy(f"{__name__}:random_policy") is random_policy


# --- checkpoints: errors name the path, the sizes and the run's game ------------------------------------
@pytest.fixture(scope="module")
def gandhi_checkpoint(tmp_path_factory):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    run = tmp_path_factory.mktemp("run")
    (run / "config.yaml").write_text("game: gandhi\nseed: 0\n")
    model = MaskablePPO("MlpPolicy", coin_env.gym_env("gandhi", seat="raj", seed=0), n_steps=16, batch_size=16,
                        seed=0, device="cpu", policy_kwargs=dict(net_arch=[8]))
    path = str(run / "final.zip")
    model.save(path)
    return path


def test_a_checkpoint_for_another_game_is_refused_naming_sizes_and_game(gandhi_checkpoint):
    from agents.policies import CheckpointPolicy, game_sizes
    adp = "a_distant_plain"
    (g_obs, g_act), (a_obs, a_act) = game_sizes("gandhi"), game_sizes(adp)
    pattern = (rf"does not fit a_distant_plain: it takes observations of shape \({g_obs},\) and {g_act} actions, "
               rf"a_distant_plain has \({a_obs},\) and {a_act}; its run's config.yaml names game 'gandhi'")
    with pytest.raises(ValueError, match=pattern):
        CheckpointPolicy(gandhi_checkpoint, game=adp)
    with pytest.raises(ValueError, match=pattern):
        resolve_policy("checkpoint:" + gandhi_checkpoint, adp)
    with pytest.raises(ValueError, match=pattern):
        coin_env.gym_env(adp, opponents=gandhi_checkpoint)
    unchecked = CheckpointPolicy(gandhi_checkpoint)               # checked at its first decision of a game
    game = coin_env.make_game(adp, seed=0)
    with pytest.raises(ValueError, match="does not fit a_distant_plain"):
        unchecked(game, game.current_player(), None)
    env = coin_env.gym_env("gandhi", seat="raj", opponents="checkpoint:" + gandhi_checkpoint, seed=0)
    env.reset(seed=0)
    assert env.game.current_player() == "raj"


def test_a_missing_or_corrupt_checkpoint_is_a_clear_value_error(tmp_path):
    pytest.importorskip("sb3_contrib")
    from agents.policies import CheckpointPolicy
    missing = str(tmp_path / "nope.zip")
    with pytest.raises(ValueError, match="checkpoint .*nope.zip' not found"):
        resolve_policy(missing, "gandhi")
    with pytest.raises(FileNotFoundError):                        # callers catching FileNotFoundError still do
        CheckpointPolicy(missing)
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="bad.zip' is not a readable MaskablePPO save"):
        resolve_policy(str(bad), "gandhi")
    assert os.path.isfile(bad)
