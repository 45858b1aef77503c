"""Shipped agents (agents/pretrained.py, issue 18): the ``pretrained:GAME`` spec wherever a policy is accepted,
its refusals, and the export that makes a run's checkpoint small and keeps its decisions."""

from __future__ import annotations

import json
import os
import random

import numpy as np
import pytest

import coin_env
from agents.cli import pretrained as pretrained_tools
from agents.policies import pretrained
from agents.training.config import load_config
from agents.policies import CheckpointPolicy, resolve
from agent_runs import ROOT


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory):
    from agents.training.train import train
    tmp = tmp_path_factory.mktemp("pre")
    cfg = load_config(os.path.join(ROOT, "configs", "smoke.yaml"), overrides=[f"output_dir={tmp / 'run'}"])
    train(cfg, progress=False)
    return cfg


def test_export_drops_the_optimizer_state_halves_the_weights_and_keeps_the_decisions(smoke_run, tmp_path):
    source = os.path.join(smoke_run["output_dir"], "final.zip")
    target = pretrained_tools.export(source, "gandhi", tmp_path)
    assert target == tmp_path / "gandhi.zip"
    assert target.stat().st_size < 0.6 * os.path.getsize(source)
    meta = json.loads((tmp_path / "gandhi.json").read_text())
    assert meta["game"] == "gandhi" and meta["timesteps"] == smoke_run["total_timesteps"]
    assert meta["config"]["name"] == smoke_run["name"] and len(meta["source_sha256"]) == 64
    original, shipped = CheckpointPolicy(source), CheckpointPolicy(str(target))
    game = coin_env.make_game("gandhi", seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if game.is_over():
            break
        faction = game.current_player()
        np.testing.assert_allclose(shipped.probabilities(game, faction), original.probabilities(game, faction),
                                   rtol=0, atol=2e-3)          # float16 weights: ~3 significant digits
        game.apply(int(rng.choice(np.flatnonzero(game.legal_mask(np.zeros(len(game.vocabulary), np.int8))))))


def test_export_refuses_a_checkpoint_of_another_game(smoke_run, tmp_path):
    with pytest.raises(ValueError, match="does not fit a_distant_plain"):
        pretrained_tools.export(os.path.join(smoke_run["output_dir"], "final.zip"), "a_distant_plain", tmp_path)
    assert not list(tmp_path.iterdir())


def test_unknown_or_mismatched_pretrained_specs_are_one_line_errors():
    with pytest.raises(ValueError, match=r"no pretrained agent for 'chess'; shipped: .*gandhi"):
        resolve("pretrained:chess")
    with pytest.raises(ValueError, match="pretrained:gandhi is the agent of gandhi, not of a_distant_plain"):
        resolve("pretrained:gandhi", "a_distant_plain")


GAMES = ["gandhi", "a_distant_plain", "vijayanagara", "john_company"]


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_agent_plays_every_seat_wherever_a_policy_is_accepted(game):
    assert game in pretrained.available()
    meta = pretrained.info(game)
    assert meta["game"] == game and meta["config"]["game"] == game and meta["timesteps"] > 0
    size = sum(os.path.getsize(pretrained.path_of(g)) for g in pretrained.available())
    assert size < 8e6                                               # "a few MB in all"
    env = coin_env.env(game, opponents={f: f"pretrained:{game}" for f in coin_env.make_game(game).factions[1:]})
    env.reset(seed=1)
    assert env.agents
    from agents.evaluation.evaluate import evaluate
    result = evaluate(game, {"agent": f"pretrained:{game}"}, games=1, seed=3, workers=1, baselines=False)
    seats = {r["seat"] for r in result["rows"] if r["policy"] == "agent"}
    assert set(coin_env.make_game(game).factions) <= seats
    from agents.evaluation.balance import balance
    summary = balance(game, policy=f"pretrained:{game}", games=1, seed=4, workers=1, progress=False)
    assert summary["games"] == 1


def test_coin_env_play_takes_a_shipped_agent_as_the_opponents():
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "agents.cli", "play", "gandhi", "--seat", "congress", "--opponents",
                          "pretrained:gandhi", "--seed", "0"], input="q\n", capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0 and "congress>" in out.stdout, out.stderr


def test_a_config_checks_a_pretrained_opponent_before_the_run(tmp_path):
    from agents.training.config import ConfigError
    smoke = os.path.join(ROOT, "configs", "smoke.yaml")
    cfg = load_config(smoke, overrides=[f"output_dir={tmp_path}", "opponents=pretrained:gandhi"])
    assert cfg["opponents"] == "pretrained:gandhi"
    with pytest.raises(ConfigError, match="pretrained:a_distant_plain is the agent of a_distant_plain, not of gandhi"):
        load_config(smoke, overrides=[f"output_dir={tmp_path}", "opponents=pretrained:a_distant_plain"])
    with pytest.raises(ConfigError, match="no pretrained agent for 'chess'"):
        load_config(smoke, overrides=[f"output_dir={tmp_path}", "opponents=pretrained:chess"])


@pytest.mark.parametrize("game", GAMES)
def test_the_readme_quotes_the_table_measured_with_the_shipped_file(game):
    measured = pretrained.info(game)["measured"]
    assert measured["model_sha256"] == pretrained.model_sha256(game), "re-run: python -m agents.cli.pretrained table GAME --record"
    assert measured["games"] >= 200 and measured["seed"] == pretrained_tools.EVAL_SEED
    page = open(os.path.join(ROOT, "docs", "pretrained.md")).read()      # the documentation's page of the agents
    assert measured["table"] in page
    # a row per seat the agent takes, in every seat-rules setting of every option setting of the table
    from agents.evaluation.compare import seat_rules_of
    from coin_env.core.registry import game_factions
    expected = {"player": 0, "non_player": 0}
    for heading, options, seats in pretrained_tools.table_settings(game):
        for rules in seat_rules_of(game, None, options):
            expected[rules] += len(seats or game_factions(game, options))
        assert heading is None or f"{heading}:" in measured["table"]
    assert measured["table"].count("| player |") == expected["player"] > 0
    assert measured["table"].count("| non_player |") == expected["non_player"]


def test_a_table_of_several_option_settings_has_a_heading_and_rows_per_setting():
    """John Company's table: the 4-family game in every family seat, the solo game in the family seat only,
    the player setting only (it has no non-player rules)."""
    table, results = pretrained_tools.measure_table("john_company", games=1, workers=1)
    assert list(results) == [h for h, _, _ in pretrained_tools.table_settings("john_company")]
    four, solo = results.values()
    assert list(four) == list(solo) == ["player"]
    assert {r["seat"] for r in four["player"]["rows"]} >= {"benyon", "hastings", "larkins", "paxton"}
    assert {r["seat"] for r in solo["player"]["rows"] if r["policy"] == "agent"} == {"benyon"}
    assert table.count("| player |") == 5 and table.count("solo: one family against the Crown:") == 1


def test_beats_only_where_the_intervals_separate():
    row = lambda lo, hi: {"ci95": (lo, hi)}                                      # noqa: E731
    assert pretrained_tools.verdict(row(0.71, 0.83), row(0.43, 0.56)) == "beats"
    assert pretrained_tools.verdict(row(0.11, 0.21), row(0.05, 0.13)) == "within noise of"
    assert pretrained_tools.verdict(row(0.00, 0.02), row(0.03, 0.09)) == "loses to"


@pytest.mark.parametrize("game", GAMES[1:])
def test_a_pretrained_spec_of_another_game_names_the_agent_to_use_only_if_it_ships(game):
    """N14: the message said "use pretrained:john_company" when that agent did not ship."""
    with pytest.raises(ValueError) as err:
        resolve("pretrained:gandhi", game)
    text = str(err.value)
    assert (f"use pretrained:{game}" in text) == (game in pretrained.available()), text
    assert game in pretrained.available() or all(g in text for g in pretrained.available()), text


def test_a_pretrained_spec_of_another_game_with_a_shipped_agent_says_which_to_use():
    with pytest.raises(ValueError, match="use pretrained:a_distant_plain"):
        resolve("pretrained:gandhi", "a_distant_plain")
