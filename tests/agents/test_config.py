"""Training configs (agents/config.py): every shipped config loads; bad keys and values fail naming the key."""

import glob
import os

import pytest

from agents.training.config import ConfigError, load_config, load_yaml, parse_config
from agent_runs import ROOT

BASE = {"game": "gandhi", "seats": "congress", "opponents": "arjuna"}


def with_(**changes):
    cfg = dict(BASE)
    cfg.update(changes)
    return cfg


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "configs", "*.yaml"))))
def test_every_shipped_config_loads(path):
    cfg = load_config(path)
    assert cfg["name"] and cfg["output_dir"]
    assert cfg["algorithm"]["hyperparameters"]["n_steps"] > 0


def test_the_required_configs_are_shipped():
    names = {os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "configs", "*.yaml"))}
    assert {"smoke.yaml", "gandhi_ppo_vs_arjuna.yaml", "adp_ppo_vs_flowcharts.yaml", "gandhi_selfplay.yaml",
            "adp_selfplay.yaml"} <= names
    assert load_config(os.path.join(ROOT, "configs", "gandhi_selfplay.yaml"))["opponents"] == "pool"
    assert load_config(os.path.join(ROOT, "configs", "adp_ppo_vs_flowcharts.yaml"))["opponents"] == "flowchart"


DAY_TWO_CONFIGS = ["vijayanagara_ppo_vs_heuristic.yaml", "vijayanagara_selfplay.yaml",
                   "john_company_solo_vs_crown.yaml", "john_company_selfplay.yaml"]
TINY_BUDGET = ["total_timesteps=64", "envs.count=1", "algorithm.net_arch=[16]",
               "algorithm.hyperparameters={n_steps: 32, batch_size: 32, n_epochs: 1}",
               "evaluation.every=0", "evaluation.final_games=1", "evaluation.games=1", "checkpoints.every=0",
               "league.snapshot_every=32"]


def test_vijayanagara_and_john_company_ship_their_configs():
    vj_bot, vj_pool, solo, families = (load_config(os.path.join(ROOT, "configs", n)) for n in DAY_TWO_CONFIGS)
    assert (vj_bot["game"], vj_bot["opponents"]) == ("vijayanagara", "heuristic")
    assert (vj_pool["opponents"], vj_pool["league"]["bots"]) == ("pool", ["heuristic"])
    assert solo["options"]["families"] == 1 and solo["options"]["crown"] is True
    assert (solo["seats"], solo["opponents"]) == ("benyon", "crown")       # the family trains, the Crown opposes
    assert families["options"]["families"] >= 3 and families["opponents"] == "pool"


@pytest.mark.parametrize("name", DAY_TWO_CONFIGS)
def test_a_day_two_config_trains_on_a_tiny_budget(name, tmp_path):
    from agents.training.train import train
    cfg = load_config(os.path.join(ROOT, "configs", name), overrides=[*TINY_BUDGET, f"output_dir={tmp_path / 'run'}"])
    summary = train(cfg, progress=False)
    assert summary["timesteps"] == 64
    assert os.path.isfile(os.path.join(cfg["output_dir"], "final.zip"))


def test_defaults_are_filled_in():
    cfg = parse_config(BASE, source="x.yaml")
    assert cfg["name"] == "x" and cfg["output_dir"] == os.path.join("runs", "x")
    assert cfg["algorithm"]["hyperparameters"]["learning_rate"] == 3e-4
    assert cfg["envs"] == {"count": 2, "vectorization": "auto"}
    assert cfg["reward"] == "ranking"


@pytest.mark.parametrize("raw, key", [
    (with_(total_timestep=5), "'total_timesteps'"),                              # typo at the top
    (with_(algorithm={"hyperparameters": {"learning_rte": 1e-3}}), "algorithm.hyperparameters.learning_rte"),
    (with_(envs={"count": 2, "procs": 2}), "envs.procs"),
    (with_(league={"sampling": "uniform", "snapshots": 3}), "league.snapshots"),
])
def test_an_unknown_key_is_named(raw, key):
    with pytest.raises(ConfigError, match="unknown key") as e:
        parse_config(raw)
    assert key.strip("'") in str(e.value)


def test_a_typo_gets_a_suggestion():
    with pytest.raises(ConfigError, match="did you mean 'learning_rate'"):
        parse_config(with_(algorithm={"hyperparameters": {"learning_rte": 1e-3}}))


@pytest.mark.parametrize("raw, message", [
    (with_(envs={"count": 0}), "envs.count must be a positive integer, not 0"),
    (with_(total_timesteps="lots"), "total_timesteps must be a positive integer"),
    (with_(reward="score"), "reward must be one of 'ranking', 'margin', 'shaped'"),
    (with_(algorithm={"hyperparameters": {"gamma": 1.5}}), "algorithm.hyperparameters.gamma must be a number in [0, 1]"),
    (with_(algorithm={"net_arch": [64, 0]}), "algorithm.net_arch must be a list of positive layer widths"),
    (with_(league={"sampling": "best"}), "league.sampling must be one of"),
    (with_(algorithm={"hyperparameters": {"n_steps": 64, "batch_size": 512}}, envs={"count": 1}),
     "batch_size (512) is larger than one rollout"),
    (with_(seats="congres"), "seats: 'congres' is not a faction of gandhi"),
    (with_(seats=["raj", "raj"]), "seats must be"),
    (with_(opponents={"raj": "arjuna"}), "opponents: no policy for ml, revs"),
    (with_(opponents={"raj": "arjuna", "ml": "arjuna", "revs": "arjuna", "congress": "random"}),
     "opponents.congress: this seat is the one being trained"),
    (with_(opponents={"raj": "arjuna", "ml": "arjuna", "revs": "arjuna", "taliban": "random"}),
     "opponents.taliban: not a faction of gandhi"),
    (with_(opponents="flowchart"), "opponents: unknown policy 'flowchart'"),
    (with_(opponents="runs/none/final.zip"), "checkpoint 'runs/none/final.zip' not found"),
    (with_(evaluation={"against": "nobody"}), "evaluation.against: unknown policy 'nobody'"),
    (with_(league={"bots": ["arjuna", "robot"]}), "league.bots[1]: unknown policy 'robot'"),
    (with_(imitation={"games": 2, "teacher": "search:arjuna?rollouts=many"}), "imitation.teacher: search spec"),
    (with_(imitation={"games": 2, "teacher": "search:nobody"}), "imitation.teacher: search spec 'search:nobody'"),
    (with_(options={"strike_rule": "xx"}), "options not accepted by gandhi"),
    (with_(scenario="long"), "scenario 'long'"),
    (with_(game="chess"), "game must be one of"),
    ({"game": "gandhi", "opponents": "arjuna"}, "missing required key 'seats'"),
    (["not", "a", "mapping"], "must be a mapping"),
])
def test_a_bad_value_is_refused_naming_the_key(raw, message):
    with pytest.raises(ConfigError) as e:
        parse_config(raw)
    assert message in str(e.value)


def test_the_search_is_a_teacher_and_an_opponent():
    cfg = parse_config(with_(imitation={"games": 2, "teacher": "search"}, opponents="search:arjuna?keep=1"))
    assert cfg["imitation"]["teacher"] == "search" and cfg["opponents"] == "search:arjuna?keep=1"


def test_several_seats_need_an_opponent_for_every_seat():
    with pytest.raises(ConfigError, match="no policy for congress"):
        parse_config(with_(seats=["raj", "ml"], opponents={"raj": "arjuna", "ml": "arjuna", "revs": "arjuna"}))
    cfg = parse_config(with_(seats="all", opponents="arjuna"))
    assert cfg["seats"] == "all"


def test_overrides_are_checked_like_the_file():
    cfg = parse_config(BASE, overrides=["total_timesteps=5000", "envs.count=1", "league.bots=[arjuna]",
                                        "algorithm.hyperparameters.learning_rate=1e-3"])
    assert cfg["total_timesteps"] == 5000 and cfg["envs"]["count"] == 1 and cfg["league"]["bots"] == ["arjuna"]
    assert cfg["algorithm"]["hyperparameters"]["learning_rate"] == pytest.approx(1e-3)
    with pytest.raises(ConfigError, match="unknown key 'envs.cont'"):
        parse_config(BASE, overrides=["envs.cont=1"])
    with pytest.raises(ConfigError, match="envs.count must be a positive integer"):
        parse_config(BASE, overrides=["envs.count=-1"])
    with pytest.raises(ConfigError, match="write KEY=VALUE"):
        parse_config(BASE, overrides=["envs.count"])


def test_a_file_that_is_missing_or_not_yaml_is_named(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(str(tmp_path / "nope.yaml"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: [gandhi\n")
    with pytest.raises(ConfigError, match="bad.yaml: not valid YAML"):
        load_config(str(bad))


def test_a_key_given_twice_is_refused_naming_the_key_and_lines(tmp_path):
    dup = tmp_path / "dup.yaml"
    dup.write_text("game: gandhi\nseats: congress\nopponents: random\nalgorithm:\n  hyperparameters:\n"
                   "    n_steps: 64\n    n_steps: 128\n")
    with pytest.raises(ConfigError) as e:
        load_config(str(dup))
    assert str(e.value) == (f"{dup}: duplicate key 'n_steps' at line 7 (first given at line 6); a key may appear "
                            f"only once in a mapping")
    with pytest.raises(ConfigError, match="duplicate key 'strike_rule'"):
        parse_config(BASE, overrides=["options={strike_rule: a, strike_rule: b}"])
    # YAML merge keys (<<) may still be overridden by the mapping that merges them.
    assert load_yaml("a: &b {x: 1}\nc:\n  <<: *b\n  x: 2\n") == {"a": {"x": 1}, "c": {"x": 2}}


def test_an_override_of_a_mapping_merges_into_it():
    raw = with_(algorithm={"net_arch": [32], "hyperparameters": {"n_steps": 64, "batch_size": 64}})
    cfg = parse_config(raw, overrides=["algorithm.hyperparameters={}"])
    assert cfg["algorithm"]["hyperparameters"]["n_steps"] == 64 and cfg["algorithm"]["net_arch"] == [32]
    cfg = parse_config(raw, overrides=["algorithm={hyperparameters: {n_epochs: 2}}"])
    hp = cfg["algorithm"]["hyperparameters"]
    assert hp["n_steps"] == 64 and hp["n_epochs"] == 2
    cfg = parse_config(raw, overrides=["algorithm.net_arch=[8, 8]"])          # a list replaces
    assert cfg["algorithm"]["net_arch"] == [8, 8]


def test_total_timesteps_is_a_multiple_of_the_env_count():
    with pytest.raises(ConfigError, match=r"total_timesteps \(130\) must be a multiple of envs.count \(4\)"):
        parse_config(with_(total_timesteps=130, envs={"count": 4}))


def test_a_number_where_a_string_is_needed_says_to_quote_it(tmp_path):
    """N14: `scenario: 1710` (YAML reads an int) got "must be null or a non-empty string, not 1710"."""
    import os
    from agents.training.config import ConfigError, load_config
    smoke = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                         "configs", "smoke.yaml")
    with pytest.raises(ConfigError, match=r"scenario must be null or a non-empty string, not 1710 .*quote it.*'1710'"):
        load_config(smoke, overrides=["game=john_company", "scenario=1710", f"output_dir={tmp_path}"])


def test_the_configs_readme_lists_every_game():
    import os
    import coin_env
    readme = open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                               "configs", "README.md")).read()
    row = next(line for line in readme.splitlines() if line.startswith("| `game` |"))
    assert all(f"`{g}`" in row for g in coin_env.list_games()), row
