"""``init`` (agents/training/backends/sb3.py): a new run starts from trained weights (``pretrained:GAME`` or a
checkpoint with the config's network), keeps them as ``init.zip`` with their provenance (``init.json``, carried
into an exported agent's json), and with ``imitation.kl_coef`` and no
imitation stage anchors PPO's KL penalty to them. Bad values are one line naming ``init``."""

import hashlib
import json
import os

import pytest
import yaml

from agents.training.config import ConfigError, load_config, parse_config
from agent_runs import SMOKE, train

BASE = {"game": "gandhi", "seats": "congress", "opponents": "arjuna"}


def smoke(run_dir, *overrides):
    return load_config(SMOKE, overrides=[f"output_dir={run_dir}", "evaluation={every: 0, final_games: 0}",
                                         "checkpoints={every: 0}", *overrides])


def policy_state(path):
    from sb3_contrib import MaskablePPO
    return {k: v.float() for k, v in MaskablePPO.load(path, device="cpu").policy.state_dict().items()}


def same_weights(a: dict, b: dict) -> bool:
    import torch
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


# --- config ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("init,message", [
    ("arjuna", "init: 'arjuna' is not trained weights; use 'pretrained:gandhi'"),
    ("search", "init: 'search' is not trained weights"),
    ("runs/none/final.zip", "init: checkpoint 'runs/none/final.zip' not found"),
    ("pretrained:a_distant_plain", "init: pretrained:a_distant_plain is the agent of a_distant_plain, not of gandhi"),
    ("pretrained:tic_tac_toe", "init: no pretrained agent for 'tic_tac_toe'"),
])
def test_init_must_name_trained_weights_of_the_game(init, message):
    with pytest.raises(ConfigError) as e:
        parse_config(dict(BASE, init=init), source="x.yaml")
    assert message in str(e.value) and "\n" not in str(e.value)


def test_init_is_sb3_only_and_lets_the_kl_penalty_stand_without_imitation():
    with pytest.raises(ConfigError, match="init: the rllib backend starts from new weights"):
        parse_config(dict(BASE, backend="rllib", init="pretrained:gandhi"))
    with pytest.raises(ConfigError, match="imitation.kl_coef needs imitation.games > 0 or init"):
        parse_config(dict(BASE, imitation={"kl_coef": 0.1}))
    cfg = parse_config(dict(BASE, init="pretrained:gandhi", imitation={"kl_coef": 0.1}))
    assert cfg["init"] == "pretrained:gandhi" and parse_config(BASE)["init"] is None


# --- runs -----------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def source_run(tmp_path_factory):
    cfg = smoke(tmp_path_factory.mktemp("src") / "run")
    train(cfg)
    return os.path.join(cfg["output_dir"], "final.zip")


def test_a_run_starts_from_the_init_weights_and_anchors_its_kl_to_them(source_run, tmp_path):
    cfg = smoke(tmp_path / "run", f"init={source_run}", "imitation={kl_coef: 0.5}")
    summary = train(cfg)
    assert summary["init"] == source_run and summary["trained_timesteps"] == cfg["total_timesteps"]
    started = policy_state(os.path.join(cfg["output_dir"], "init.zip"))
    assert same_weights(started, policy_state(source_run))
    assert not same_weights(started, policy_state(summary["final"]))      # PPO moved on from there
    provenance = json.load(open(os.path.join(cfg["output_dir"], "init.json")))
    source_config = yaml.safe_load(open(os.path.join(os.path.dirname(source_run), "config.yaml")))
    assert provenance == {"spec": source_run, "sha256": hashlib.sha256(open(source_run, "rb").read()).hexdigest(),
                          "run": {"config": source_config}}         # the run that saved it, which started afresh
    from agents.cli.pretrained import export
    exported = json.loads(export(summary["final"], "gandhi", tmp_path / "models").with_suffix(".json").read_text())
    assert exported["init"] == provenance and exported["config"]["init"] == source_run
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    tags = set()
    for root, _, files in os.walk(os.path.join(cfg["output_dir"], "tb")):
        if any(f.startswith("events") for f in files):
            acc = EventAccumulator(root)
            acc.Reload()
            tags |= set(acc.Tags()["scalars"])
    assert {"train/kl_cloned", "train/kl_coef"} <= tags


def test_a_run_from_a_run_that_started_from_other_weights_keeps_the_whole_chain(source_run, tmp_path):
    second = train(smoke(tmp_path / "second", f"init={source_run}", "total_timesteps=64"))
    third = train(smoke(tmp_path / "third", f"init={second['final']}", "total_timesteps=64"))
    provenance = json.load(open(os.path.join(third["output_dir"], "init.json")))
    assert provenance["spec"] == second["final"]
    assert provenance["run"]["config"]["init"] == source_run
    assert provenance["run"]["init"] == json.load(open(os.path.join(second["output_dir"], "init.json")))
    assert provenance["run"]["init"]["spec"] == source_run


def test_a_new_run_never_reuses_a_directory_holding_init_weights(source_run, tmp_path):
    cfg = smoke(tmp_path / "run", f"init={source_run}", "total_timesteps=64")
    first = train(cfg)
    second = train(smoke(tmp_path / "run", f"init={source_run}", "total_timesteps=64"))
    assert second["output_dir"] == f"{first['output_dir']}-2"


def test_another_network_is_refused_in_one_line_naming_init(source_run, tmp_path):
    cfg = smoke(tmp_path / "run", f"init={source_run}", "algorithm.net_arch=[16, 16]")
    with pytest.raises(ConfigError) as e:
        train(cfg)
    message = str(e.value)
    assert message.startswith(f"init: {source_run} is not this config's network (layer ") and "\n" not in message


def test_the_shipped_float16_agent_is_a_starting_point(tmp_path):
    from agents.policies.pretrained import info, model_sha256, path_of
    cfg = smoke(tmp_path / "run", "init=pretrained:gandhi", "algorithm.policy=space_scoring",
                "algorithm.net_arch=[256, 256]", "total_timesteps=64")
    train(cfg)
    started = policy_state(os.path.join(cfg["output_dir"], "init.zip"))
    assert same_weights(started, policy_state(path_of("gandhi")))
    provenance = json.load(open(os.path.join(cfg["output_dir"], "init.json")))
    assert provenance["sha256"] == model_sha256("gandhi")        # the chain of runs behind the file it replaces
    assert provenance["pretrained"]["source_sha256"] == info("gandhi")["source_sha256"]
