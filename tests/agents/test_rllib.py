"""Issue 21: the Ray RLlib backend -- config checks, masking (no illegal action is ever sampled),
checkpoints as policies everywhere, resume. The config checks run without Ray; the rest needs the
``rllib`` extra (installed by CI)."""

import json
import os
import random

import numpy as np
import pytest

from agents.training.config import ConfigError, load_config, parse_config
from agent_runs import ROOT, RLLIB_SMOKE as SMOKE, train


# Under pytest-xdist (pyproject: -n auto --dist loadgroup) the whole module runs on one worker: one local Ray
# (num_cpus 2) at a time rather than one per worker, and the module's smoke run (`trained`) is trained once.
pytestmark = pytest.mark.xdist_group("ray")


def smoke(tmp_path, *overrides):
    return load_config(SMOKE, overrides=[f"output_dir={tmp_path / 'run'}", *overrides])


# --- config checks (no Ray needed) --------------------------------------------------------------------
def test_the_smoke_config_is_an_rllib_config_with_the_sb3_key_names(tmp_path):
    cfg = smoke(tmp_path)
    assert cfg["backend"] == "rllib" and cfg["rllib"]["env_runners"] == 0 and cfg["rllib"]["policies"] == "shared"
    assert cfg["algorithm"]["hyperparameters"]["n_steps"] == 64


@pytest.mark.parametrize("override, message", [
    ("backend=tensorflow", "backend must be one of 'sb3', 'rllib'"),
    ("rllib.policies=each", "rllib.policies must be one of 'shared', 'per_seat'"),
    ("rllib.env_runners=-1", "rllib.env_runners must be"),
    ("rllib.num_cpus=0", "rllib.num_cpus must be"),
    ("rllib.runners=2", "unknown key 'rllib.runners'"),
    ("rllib.learners_per_game=some", "rllib.learners_per_game must be one of 'one', 'all'"),
    ("imitation.games=10", "imitation \\(the warm start\\) is not available with backend: rllib"),
    ("algorithm.policy=space_scoring", "algorithm.policy: space_scoring is not available with backend: rllib"),
    ("algorithm.hyperparameters.target_kl=0.02", "target_kl is SB3's early stop"),
    ("algorithm.hyperparameters.normalize_advantage=false", "always standardises advantages"),
    ("total_timesteps=100", r"must be a multiple of one rollout \(64 = n_steps x envs.count"),
    ("algorithm.hyperparameters.batch_size=128", r"batch_size \(128\) is larger than one rollout"),
    ("opponents=rllib:/no/such/run", "RLlib checkpoint '/no/such/run' not found"),
])
def test_bad_rllib_settings_are_one_line_errors_naming_the_key(tmp_path, override, message):
    with pytest.raises(ConfigError, match=message):
        smoke(tmp_path, override)


def test_two_env_runners_make_the_rollout_twice_as_long(tmp_path):
    smoke(tmp_path, "rllib.env_runners=2", "total_timesteps=256")
    with pytest.raises(ConfigError, match=r"multiple of one rollout \(128"):
        smoke(tmp_path, "rllib.env_runners=2", "total_timesteps=192")


def test_the_sb3_backend_is_the_default():
    cfg = parse_config({"seats": "congress", "opponents": "random"})
    assert cfg["backend"] == "sb3"


# --- with Ray ---------------------------------------------------------------------------------------------
rllib = pytest.importorskip("ray.rllib", reason="the rllib extra is not installed (pip install -e '.[rllib]')")


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """One smoke run (shared module, congress vs random) shared by the tests that read its outputs."""
    tmp = tmp_path_factory.mktemp("rllib")
    cfg = smoke(tmp, "evaluation.every=128", "evaluation.games=1")
    return cfg, train(cfg)


def test_a_smoke_run_writes_checkpoints_tensorboard_and_the_evaluation_table(trained):
    cfg, summary = trained
    run = cfg["output_dir"]
    assert summary["backend"] == "rllib" and summary["timesteps"] == 128 == cfg["total_timesteps"]
    assert sorted(os.listdir(os.path.join(run, "checkpoints"))) == ["step_128", "step_64"]
    assert os.path.isdir(os.path.join(run, "final", "learner_group", "learner", "rl_module", "shared"))
    assert os.listdir(os.path.join(run, "tb"))
    assert load_config(os.path.join(run, "config.yaml")) == cfg
    with open(os.path.join(run, "evaluations.csv")) as f:
        assert f.read().splitlines()[1].startswith("128,congress,")        # evaluation.every
    table = json.load(open(os.path.join(run, "train.json")))["evaluation"]
    assert {(r["policy"], r["seat"]) for r in table} == {("agent", "congress"), ("random", "congress"),
                                                         ("arjuna", "congress")}
    assert "| agent | congress |" in summary["table"]


def test_the_masked_module_never_gives_an_illegal_action_any_probability():
    """Sample from a fresh (untrained) masked module at every decision of whole games: the distribution
    puts zero mass off the mask, and every sampled action is legal (the env would raise otherwise)."""
    import torch
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from agents.training.backends.rllib.env import CoinMultiAgentEnv
    from agents.training.backends.rllib.module import MaskedPPOModule

    env = CoinMultiAgentEnv({"game": "gandhi", "scenario": "short", "learners": ["raj", "congress", "ml", "revs"],
                             "learners_per_game": "all", "seed": 3})
    module = RLModuleSpec(module_class=MaskedPPOModule, observation_space=env.observation_spaces["raj"],
                          action_space=env.action_spaces["raj"], model_config={"fcnet_hiddens": [16]}).build()
    torch.manual_seed(0)
    obs, _ = env.reset()
    steps = 0
    for _ in range(3):
        done = False
        while not done:
            (seat, o), = obs.items()
            batch = {Columns.OBS: {k: torch.as_tensor(v[None, :]) for k, v in o.items()}}
            with torch.no_grad():
                logits = module.forward_exploration(batch)[Columns.ACTION_DIST_INPUTS]
            probs = torch.softmax(logits, -1)[0].numpy()
            assert probs[o["action_mask"] < 0.5].sum() < 1e-6
            action = int(torch.distributions.Categorical(logits=logits).sample()[0])
            assert o["action_mask"][action] == 1.0
            obs, _, term, trunc, _ = env.step({seat: action})
            done = term["__all__"] or trunc["__all__"]
            steps += 1
        obs, _ = env.reset()
    assert steps > 1000


def test_the_env_refuses_an_illegal_action_naming_it_and_the_prompt():
    from agents.training.backends.rllib.env import CoinMultiAgentEnv
    from coin_env.core.game import IllegalActionError
    env = CoinMultiAgentEnv({"game": "gandhi", "learners": ["congress"], "opponents": {f: "random" for f in
                                                                                      ("raj", "ml", "revs")}})
    obs, _ = env.reset(seed=1)
    (seat, o), = obs.items()
    illegal = int(np.flatnonzero(o["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="RLlib sampled an illegal action for 'congress'.*at prompt"):
        env.step({seat: illegal})


def test_the_checkpoint_plays_seats_everywhere_a_policy_is_accepted(trained):
    import coin_env
    from coin_env.core.policy_specs import resolve_policy
    from agents.evaluation.evaluate import evaluate
    cfg, _ = trained
    spec = "rllib:" + os.path.join(cfg["output_dir"], "final")
    policy = resolve_policy(spec, "gandhi")
    g = coin_env.make_game("gandhi", seed=2)
    rng = random.Random(0)
    while not g.is_over():                       # every seat, a whole game: only legal actions
        g.apply(policy(g, g.current_player(), rng))
    assert resolve_policy("rllib:" + cfg["output_dir"], "gandhi").path == policy.path    # a run directory
    genv = coin_env.gym_env("gandhi", seat="raj", opponents=spec)                        # an env opponent
    genv.reset(seed=0)
    result = evaluate("gandhi", {"agent": spec}, against="random", games=1, seed=5, seats=["congress"],
                      progress=False, workers=1)
    assert [r["policy"] for r in result["rows"]][0] == "agent"
    with pytest.raises(ValueError, match="has no module 'raj'"):
        resolve_policy(spec + "#raj", "gandhi")
    with pytest.raises(ValueError, match="not an RLlib checkpoint"):
        resolve_policy("rllib:" + cfg["output_dir"] + "/tb", "gandhi")


def test_resume_continues_from_the_newest_checkpoint_to_the_new_budget(trained, tmp_path):
    import shutil
    cfg, _ = trained
    copy = tmp_path / "copy"
    shutil.copytree(cfg["output_dir"], copy)
    cfg2 = load_config(SMOKE, overrides=[f"output_dir={copy}", "total_timesteps=192", "evaluation.final_games=0"])
    summary = train(cfg2, resume=True)
    assert summary["timesteps"] == 192 and summary["trained_timesteps"] == 64
    assert summary["resumed_from"].endswith("step_128")
    assert "step_192" in os.listdir(copy / "checkpoints")
    with pytest.raises(ConfigError, match="algorithm.net_arch"):
        train(load_config(SMOKE, overrides=[f"output_dir={copy}", "total_timesteps=256", "algorithm.net_arch=[8]"]),
              resume=True)


def test_one_module_per_seat_trains_every_seat_and_plays_by_seat(tmp_path):
    cfg = smoke(tmp_path, "seats=all", "rllib.policies=per_seat", "evaluation.final_games=0", "checkpoints.every=0")
    summary = train(cfg)
    final = summary["final"]
    from agents.policies.rllib import module_ids
    assert module_ids(final) == ["congress", "ml", "raj", "revs"]
    import coin_env
    from coin_env.core.policy_specs import resolve_policy
    policy = resolve_policy("rllib:" + final, "gandhi")
    g = coin_env.make_game("gandhi", seed=4)
    for _ in range(50):
        assert policy.module_for(g.current_player()) == g.current_player()
        g.apply(policy(g, g.current_player(), random.Random(0)))


@pytest.mark.parametrize("per_game, expected", [("one", 1), ("all", 4)])
def test_one_learner_seat_per_episode_as_with_sb3_or_every_seat_at_once(per_game, expected):
    """learners_per_game "one": a seat drawn per episode is the learner, the others play their opponent
    specs (the SB3 meaning of ``seats: all``); "all": the learner plays every trained seat (self-play)."""
    from agents.training.backends.rllib.env import CoinMultiAgentEnv
    seats = ["raj", "congress", "ml", "revs"]
    env = CoinMultiAgentEnv({"game": "gandhi", "learners": seats, "learners_per_game": per_game,
                             "opponents": {f: "random" for f in seats}, "max_decisions": 60})
    drawn = set()
    for episode in range(6):
        obs, _ = env.reset(seed=episode) if episode == 0 else env.reset()
        acted = set()
        rng = random.Random(episode)
        while True:
            (seat, o), = obs.items()
            acted.add(seat)
            obs, rewards, term, trunc, _ = env.step({seat: rng.choice(np.flatnonzero(o["action_mask"]).tolist())})
            if term["__all__"] or trunc["__all__"]:
                assert set(obs) == set(env.active) >= acted      # every learner seat gets its last observation
                break
        assert len(env.active) == expected
        drawn |= acted
    assert len(drawn) > 1


def test_a_pool_opponent_plays_a_frozen_snapshot_of_the_learner(trained, tmp_path):
    """The self-play league: a ``pool`` seat draws a snapshot (``league/step_<T>``) or, with
    ``bot_probability``, a bot; with no snapshot yet, a bot."""
    import shutil
    from agents.training.backends.rllib.env import CoinMultiAgentEnv
    from agents.policies.rllib import RllibPolicy
    cfg, _ = trained
    league = tmp_path / "league"
    config = {"game": "gandhi", "learners": ["congress"], "opponents": {f: "pool" for f in ("raj", "ml", "revs")},
              "league_dir": str(league), "league_bots": ["arjuna"], "bot_probability": 0.0, "max_decisions": 5}
    env = CoinMultiAgentEnv(config)
    env.reset(seed=0)
    assert {type(p).__name__ for p in env.opponents.values()} != {"RllibPolicy"}     # no snapshot yet: the bot
    shutil.copytree(os.path.join(cfg["output_dir"], "final"), league / "step_000000000064")
    env.reset(seed=1)
    assert all(isinstance(p, RllibPolicy) for p in env.opponents.values())
    assert env.game.options.get("non_players", []) == []       # a snapshot plays by the player rules


def test_shaped_rewards_sum_to_the_change_of_the_potential_plus_the_end_reward():
    """reward: shaped_relative in the RLlib env pays what the gymnasium env pays: per seat, the rewards of an
    episode sum to potential(end) - potential(start) + the ranking reward."""
    from agents.training.backends.rllib.env import CoinMultiAgentEnv
    from coin_env.core.gym_env import end_reward, reward_potential
    env = CoinMultiAgentEnv({"game": "gandhi", "learners": ["congress"], "reward": "shaped_relative",
                             "opponents": {f: "random" for f in ("raj", "ml", "revs")}})
    obs, _ = env.reset(seed=3)
    start = reward_potential(env.game, "congress", "shaped_relative")
    total, rng = 0.0, random.Random(0)
    while True:
        (seat, o), = obs.items()
        obs, rewards, term, trunc, _ = env.step({seat: rng.choice(np.flatnonzero(o["action_mask"]).tolist())})
        total += rewards.get("congress", 0.0)
        if term["__all__"]:
            break
    end = reward_potential(env.game, "congress", "shaped_relative")
    assert total == pytest.approx(end - start + end_reward(env.game, "congress", "shaped_relative"))


def test_skip_forced_never_shows_the_learner_a_single_choice():
    from agents.training.backends.rllib.env import CoinMultiAgentEnv
    env = CoinMultiAgentEnv({"game": "gandhi", "learners": ["congress"], "skip_forced": True,
                             "opponents": {f: "random" for f in ("raj", "ml", "revs")}})
    obs, _ = env.reset(seed=4)
    rng, seen = random.Random(0), 0
    while True:
        (seat, o), = obs.items()
        legal = np.flatnonzero(o["action_mask"]).tolist()
        assert len(legal) > 1
        seen += 1
        obs, _, term, trunc, _ = env.step({seat: rng.choice(legal)})
        if term["__all__"]:
            break
    assert seen > 20


# --- Ray's resources and address, the exact budget (issue 30) ------------------------------------------------
def test_more_env_runners_than_cpus_stop_in_one_line_before_ray_starts(tmp_path):
    """Each env runner holds a CPU: asking for more than Ray has used to wait forever without a word."""
    from agents.training.train import train as run
    cfg = smoke(tmp_path, "rllib.num_cpus=1", "rllib.env_runners=2", "total_timesteps=256")
    with pytest.raises(ConfigError, match=r"rllib.env_runners: 2 env runners need 2 CPUs \(one each\) but the local "
                                          r"Ray \(rllib.num_cpus\) has 1"):
        run(cfg, progress=False)
    assert not os.path.exists(cfg["output_dir"])                   # nothing claimed


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_local_means_a_new_ray_despite_an_earlier_ray_start_and_the_count_is_reported(tmp_path):
    """With no rllib.address, the record an earlier `ray start` leaves (ray_current_cluster in Ray's temp dir,
    here a private one) used to make the run join that cluster and fail on the num_cpus a local start passes.
    Two envs per runner: RLlib may run past the budget by up to envs.count - 1 per runner (see the backend's
    docstring); the run reports the count it trained next to the one asked."""
    import shutil
    import signal
    import subprocess
    import sys
    import tempfile
    import time
    ray_tmp = tempfile.mkdtemp(prefix="r", dir="/tmp")             # short: Ray's socket paths have a length limit
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env.update(RAY_TMPDIR=ray_tmp, PYTHONPATH=ROOT)
    ray_bin = os.path.join(os.path.dirname(sys.executable), "ray")
    head = subprocess.Popen([ray_bin, "start", "--head", "--block", "--num-cpus=1", f"--port={_free_port()}",
                             "--include-dashboard=false"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)   # stopped by its own group only
    try:
        record = os.path.join(ray_tmp, "ray", "ray_current_cluster")   # Ray: $RAY_TMPDIR/ray/
        for _ in range(120):
            if os.path.exists(record):
                break
            time.sleep(0.5)
        assert os.path.exists(record), "ray start wrote no ray_current_cluster"
        out = tmp_path / "run"
        r = subprocess.run([sys.executable, "-m", "agents.cli", "train", SMOKE, "--set", f"output_dir={out}",
                            "--set", "envs.count=2", "--set", "algorithm.hyperparameters.n_steps=32",
                            "--set", "evaluation.final_games=0", "--set", "checkpoints.every=0"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
        summary = json.load(open(out / "train.json"))
        assert summary["ray"] == "local" and summary["timesteps_asked"] == 128
        assert 128 <= summary["timesteps"] <= 128 + (2 - 1) * 2         # two iterations, at most 1 past each
        assert f"step_{summary['timesteps']}" in os.listdir(out / "checkpoints")
        assert (summary["timesteps"] > 128) == ("past the 128 asked" in r.stderr)
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        head.wait(timeout=60)
        shutil.rmtree(ray_tmp, ignore_errors=True)
