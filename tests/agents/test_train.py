"""coin-env train (agents/train.py), the self-play league (agents/league.py) and checkpoint policies."""

import csv
import json
import os
import pickle
import random

import numpy as np
import pytest

from agents import cli
from agents.training.config import load_config, parse_config
from agents.training.league import LeaguePolicy, list_snapshots, prune_snapshots, snapshot_path
from agent_runs import SMOKE, train


def smoke(tmp_path, *overrides):
    return load_config(SMOKE, overrides=[f"output_dir={tmp_path / 'run'}", *overrides])


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """One smoke run shared by the tests that only read its outputs."""
    tmp = tmp_path_factory.mktemp("smoke")
    cfg = smoke(tmp)
    return cfg, train(cfg)


def test_a_smoke_run_writes_every_file_of_the_run_directory(trained):
    cfg, summary = trained
    run = cfg["output_dir"]
    for name in ("config.yaml", "final.zip", "best.zip", "train.json", "monitor.csv", "evaluations.csv",
                 "evaluation.md", "evaluation.json", "evaluation.csv"):
        assert os.path.isfile(os.path.join(run, name)), name
    assert summary["timesteps"] == cfg["total_timesteps"] == 128
    assert summary["timesteps_per_second"] > 0
    assert [os.path.basename(p) for p in sorted(os.listdir(os.path.join(run, "checkpoints")))] == \
        ["step_000000000064.zip", "step_000000000128.zip"]
    assert os.listdir(os.path.join(run, "tb"))                          # TensorBoard event files
    assert load_config(os.path.join(run, "config.yaml")) == cfg          # the saved config reloads identically
    with open(os.path.join(run, "evaluations.csv")) as f:
        rows = list(csv.DictReader(f))
    assert [int(r["timesteps"]) for r in rows] == [64, 128] and {r["seat"] for r in rows} == {"congress"}
    table = json.load(open(os.path.join(run, "train.json")))["evaluation"]
    assert {(r["policy"], r["seat"]) for r in table} == {("agent", "congress"), ("random", "congress"),
                                                         ("arjuna", "congress")}


def test_the_checkpoint_plays_as_a_policy_and_is_deterministic(trained):
    import coin_env
    from agents.policies import CheckpointPolicy
    cfg, summary = trained
    pol = CheckpointPolicy(summary["final"])
    game = coin_env.make_game("gandhi", scenario="short", seed=5)
    while game.current_player() != "congress":
        game.apply(game.legal_actions()[0])
    probs = pol.probabilities(game, "congress")
    legal = set(game.legal_actions())
    assert probs.sum() == pytest.approx(1.0)
    assert all(p == 0 for a, p in enumerate(probs) if a not in legal)
    assert pol(game, "congress", random.Random(0)) in legal
    sampler = CheckpointPolicy(summary["final"], deterministic=False)
    draws = [sampler(game, "congress", random.Random(s)) for s in range(5)]
    assert draws == [sampler(game, "congress", random.Random(s)) for s in range(5)]
    twin = pickle.loads(pickle.dumps(pol))
    assert twin(game, "congress", random.Random(0)) == pol(game, "congress", random.Random(0))


def test_a_checkpoint_is_an_opponent_and_an_evaluation_entrant(trained):
    import coin_env
    from agents.evaluation.evaluate import evaluate
    cfg, summary = trained
    env = coin_env.gym_env("gandhi", seat="raj", opponents={"congress": summary["final"], "ml": "random",
                                                             "revs": "random"}, seed=0)
    env.reset(seed=0)
    result = evaluate("gandhi", {"agent": summary["final"]}, against="random", games=2, seats=["congress", "ml"],
                      baselines=False)
    assert [(r["policy"], r["seat"]) for r in result["rows"]][:2] == [("agent", "congress"), ("agent", "ml")]


def test_a_run_directory_is_never_overwritten_and_resume_continues(trained, tmp_path):
    from agents.training.backends.sb3 import checkpoint_steps
    cfg, summary = trained
    before = {n: os.path.getmtime(os.path.join(cfg["output_dir"], n)) for n in ("final.zip", "best.zip")}
    again = train(dict(cfg, evaluation=dict(cfg["evaluation"], every=0, final_games=0)))
    assert again["output_dir"] == cfg["output_dir"] + "-2"                 # a new run goes next to the old one
    assert {n: os.path.getmtime(os.path.join(cfg["output_dir"], n)) for n in before} == before
    cfg2 = smoke(tmp_path, "total_timesteps=64", "evaluation.every=0", "evaluation.final_games=0")
    first = train(cfg2)
    assert first["timesteps"] == 64
    more = dict(cfg2, total_timesteps=192)
    episodes = len(open(os.path.join(cfg2["output_dir"], "monitor.csv")).readlines())
    resumed = train(more, resume=True)
    assert len(open(os.path.join(cfg2["output_dir"], "monitor.csv")).readlines()) >= episodes   # appended
    assert resumed["resumed_from"].endswith("step_000000000064.zip")
    assert resumed["timesteps"] == 192 and resumed["trained_timesteps"] == 128
    assert [s for s, _ in checkpoint_steps(cfg2["output_dir"])] == [128, 192]
    by_file = train(dict(cfg2, total_timesteps=256, output_dir="elsewhere"),
                    resume=os.path.join(cfg2["output_dir"], "checkpoints", "step_000000000192.zip"))
    assert by_file["output_dir"] == cfg2["output_dir"] and by_file["timesteps"] == 256   # that run continues


def test_resume_without_a_checkpoint_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="nothing to resume"):
        train(smoke(tmp_path), resume=True)
    with pytest.raises(FileNotFoundError, match="not found"):
        train(smoke(tmp_path), resume=str(tmp_path / "missing.zip"))


def test_an_interrupted_run_saves_a_checkpoint_and_resumes_from_it(tmp_path, monkeypatch):
    from agents.training.backends import sb3 as train_module

    def interrupt(self, model, logger):
        raise KeyboardInterrupt
    monkeypatch.setattr(train_module.Evaluator, "periodic", interrupt)
    cfg = smoke(tmp_path, "checkpoints.every=0", "evaluation.final_games=0")
    with pytest.raises(KeyboardInterrupt):
        train(cfg)
    saved = train_module.latest_checkpoint(cfg["output_dir"])
    assert saved is not None and saved.endswith("step_000000000064.zip")
    assert not [n for n in os.listdir(os.path.dirname(saved)) if n.startswith(".tmp")]   # no half-written file
    monkeypatch.undo()
    done = train(cfg, resume=True)
    assert done["timesteps"] == 128


def test_the_cli_names_a_bad_config_key(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: gandhi\nseats: congress\nopponents: random\nenvs: {count: 1, procs: 2}\n")
    with pytest.raises(SystemExit) as e:
        cli.main(["train", str(bad), "--no-progress"])
    assert e.value.code == 2
    assert "unknown key 'envs.procs'" in capsys.readouterr().err


def test_training_envs_are_built_from_plain_picklable_dicts(tmp_path):
    from agents.training.backends.sb3 import env_configs, make_env
    cfg = parse_config({"game": "a_distant_plain", "seats": "all", "opponents": "flowchart",
                        "envs": {"count": 2}, "output_dir": str(tmp_path)})
    configs = env_configs(cfg)
    assert len(configs) == 2 and configs[0]["seed"] != configs[1]["seed"]
    assert pickle.loads(pickle.dumps(configs)) == configs                         # plain data
    assert json.loads(json.dumps(configs)) == configs
    env = pickle.loads(pickle.dumps(make_env(configs[0])))
    obs, info = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape and info["action_mask"].any()


@pytest.mark.parametrize("vectorization", ["dummy", "subprocess"])
def test_masks_from_infos_are_the_masks_the_envs_give(tmp_path, vectorization):
    """MaskablePPO's action_masks() call is answered from step/reset infos (one pipe round trip less per
    step); at every step, across episode ends, it must equal asking the envs themselves."""
    from agents.training.backends.sb3 import make_vec_env
    cfg = parse_config({"game": "gandhi", "scenario": "short", "seats": "all", "opponents": "arjuna",
                        "envs": {"count": 2, "vectorization": vectorization}, "output_dir": str(tmp_path),
                        "max_decisions": 40})
    venv, _ = make_vec_env(cfg)
    rng = np.random.default_rng(0)
    venv.reset()
    episodes_ended = 0
    try:
        for _ in range(150):
            masks = np.stack(venv.env_method("action_masks"))
            assert np.array_equal(masks, np.stack(venv.venv.venv.env_method("action_masks")))
            _, _, dones, _ = venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
            episodes_ended += int(dones.sum())
    finally:
        venv.close()
    assert episodes_ended >= 2


def test_the_two_env_subprocess_run_trains(tmp_path):
    cfg = smoke(tmp_path, "envs.count=2", "envs.vectorization=subprocess", "evaluation.every=0",
                "evaluation.final_games=0", "checkpoints.every=0")
    summary = train(cfg)
    assert summary["vectorization"] == "subprocess" and summary["timesteps"] == 128


# --- the self-play league ----------------------------------------------------------------------------------------
def test_league_draws_bots_and_snapshots_by_its_schedule(trained, tmp_path):
    import shutil
    _, summary = trained
    pool = str(tmp_path / "league")
    league = LeaguePolicy("gandhi", pool, sampling="latest", bots=["arjuna"], bot_probability=0.0)
    league.new_episode(random.Random(0))
    assert league.current_name == "arjuna" and league.non_player          # no snapshot yet: the bot
    for steps in (0, 100, 200):
        os.makedirs(pool, exist_ok=True)
        shutil.copy(summary["final"], snapshot_path(pool, steps))
    league.new_episode(random.Random(0))
    assert league.current_name == "snapshot_000000000200.zip" and not league.non_player
    uniform = LeaguePolicy("gandhi", pool, sampling="uniform")
    names = set()
    for s in range(30):
        uniform.new_episode(random.Random(s))
        names.add(uniform.current_name)
    assert names == {os.path.basename(p) for p in list_snapshots(pool)}
    recent = LeaguePolicy("gandhi", pool, sampling="recent", recent=2)
    drawn = set()
    for s in range(30):
        recent.new_episode(random.Random(s))
        drawn.add(recent.current_name)
    assert drawn == {"snapshot_000000000100.zip", "snapshot_000000000200.zip"}
    mixed = LeaguePolicy("gandhi", pool, bots=["arjuna"], bot_probability=0.5)
    picks = []
    for s in range(40):
        mixed.new_episode(random.Random(s))
        picks.append(mixed.current_name == "arjuna")
    assert 5 < sum(picks) < 35
    assert prune_snapshots(pool, 1) and [os.path.basename(p) for p in list_snapshots(pool)] == \
        ["snapshot_000000000200.zip"]
    uniform.new_episode(random.Random(1))                                 # a pruned snapshot is never drawn
    assert uniform.current_name == "snapshot_000000000200.zip"


def test_a_league_seat_makes_the_game_non_player_only_while_a_bot_plays(trained, tmp_path):
    import coin_env
    import shutil
    _, summary = trained
    pool = str(tmp_path / "league")
    os.makedirs(pool)
    shutil.copy(summary["final"], snapshot_path(pool, 0))
    league = LeaguePolicy("gandhi", pool, bots=["arjuna"], bot_probability=0.5)
    env = coin_env.gym_env("gandhi", seat="congress", opponents={"raj": league, "ml": "random", "revs": "random"})
    seen = set()
    for s in range(12):
        env.reset(seed=s)
        is_np = "raj" in (env.game.options.get("non_players") or [])
        assert is_np == (league.current_name == "arjuna")
        seen.add(is_np)
        for _ in range(5):
            if env.game.is_over():
                break
            env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert seen == {True, False}
    twin = pickle.loads(pickle.dumps(env))
    twin.reset(seed=0)


def test_self_play_training_snapshots_the_learner_into_the_pool(tmp_path):
    cfg = parse_config({"game": "gandhi", "scenario": "short", "seats": "all", "opponents": "pool",
                        "league": {"snapshot_every": 64, "max_snapshots": 2, "bots": ["arjuna"]},
                        "algorithm": {"net_arch": [16], "hyperparameters": {"n_steps": 64, "batch_size": 64,
                                                                            "n_epochs": 1}},
                        "envs": {"count": 1}, "total_timesteps": 192,
                        "evaluation": {"every": 0, "final_games": 0}, "checkpoints": {"every": 0},
                        "output_dir": str(tmp_path / "sp")}, source="selfplay.yaml")
    summary = train(cfg)
    assert summary["timesteps"] == 192
    names = [os.path.basename(p) for p in list_snapshots(os.path.join(cfg["output_dir"], "league"))]
    assert names == ["snapshot_000000000128.zip", "snapshot_000000000192.zip"]   # snapshot 0, 64 pruned (keep 2)


def test_an_evaluation_checkpoint_rewritten_in_place_is_reloaded_after_forget(trained, tmp_path):
    import shutil
    import coin_env
    from agents.evaluation.tournament import cached_policy, forget_policy
    cfg, _ = trained
    steps = sorted(os.listdir(os.path.join(cfg["output_dir"], "checkpoints")))
    first, second = (os.path.join(cfg["output_dir"], "checkpoints", n) for n in steps[:2])
    path = str(tmp_path / "candidate.zip")
    game = coin_env.make_game("gandhi", scenario="short", seed=1)
    while game.current_player() != "congress":
        game.apply(game.legal_actions()[0])
    shutil.copy(first, path)
    p1 = cached_policy("gandhi", path).probabilities(game, "congress")
    shutil.copy(second, path)
    assert np.array_equal(cached_policy("gandhi", path).probabilities(game, "congress"), p1)   # cached
    forget_policy("gandhi", path)
    assert not np.array_equal(cached_policy("gandhi", path).probabilities(game, "congress"), p1)
