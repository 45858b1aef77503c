"""The fuzzer (issue 8): a CI-sized slice per game, and its failure path (replay files)."""

import json

import pytest

import coin_env
from agents.cli import benchmark, fuzz


@pytest.mark.parametrize("game", coin_env.list_games())
def test_ci_slice_of_seeded_random_play_has_no_failures(game, tmp_path):
    result = fuzz.fuzz(game, decisions=100_000, seed=0, out_dir=str(tmp_path), scenarios=fuzz.scenarios_of(game))
    assert result["failures"] == 0, result["replays"]
    assert result["decisions"] >= 100_000 and result["games"] > 0
    assert sum(result["winners"].values()) == result["games"]


def test_a_failure_writes_a_replay_that_reproduces_it(tmp_path, monkeypatch):
    from coin_env.games.gandhi.game import GandhiGame
    original = GandhiGame.check_invariants

    def broken(self):
        original(self)
        if self.state.decisions == 37:
            raise AssertionError("planted failure at decision 37")

    monkeypatch.setattr(GandhiGame, "check_invariants", broken)
    result = fuzz.fuzz("gandhi", decisions=10, seed=3, out_dir=str(tmp_path), scenarios=("short",))
    assert result["failures"] == 1 and len(result["replays"]) == 1
    data = json.loads(open(result["replays"][0]).read())
    assert data["seed"] == 3 and "planted failure" in data["error"] and len(data["actions"]) <= 36
    with pytest.raises(AssertionError, match="planted failure"):
        fuzz.replay(result["replays"][0])


def test_illegal_action_check_catches_an_engine_that_accepts_anything(monkeypatch):
    g = coin_env.make_game("gandhi", seed=0)
    monkeypatch.setattr(type(g), "apply", lambda self, a: None)
    import random
    with pytest.raises(fuzz.FuzzFailure, match="was accepted"):
        fuzz._check_illegal_actions(g, random.Random(0))


def test_benchmark_reports_every_measure():
    out = benchmark.bench_game("gandhi", repeats=1, budget_s=0.1)
    for key in ["decisions_per_s", "games_per_s", "decisions_per_game", "steps_per_s", "learner_steps_per_s",
                "learner_step_ms", "clone_us", "json_round_trip_ms", "peak_memory_mb"]:
        assert out[key] is not None and out[key] > 0, key
    assert "decisions_per_s" in benchmark.format_table({"gandhi": out})


def test_wrong_player_check_catches_an_engine_that_lets_anyone_move(monkeypatch):
    g = coin_env.make_game("a_distant_plain", seed=0)
    original = type(g).apply
    monkeypatch.setattr(type(g), "apply", lambda self, a, player=None: original(self, a))
    with pytest.raises(fuzz.FuzzFailure, match="played .* at .*'s prompt"):
        fuzz._check_wrong_player(g, g.legal_actions()[0], g.to_json())


def test_fuzzer_offers_floats_bools_and_lists_as_actions(monkeypatch):
    """A float equal to a legal action, a bool or a one-element list is not an action index."""
    g = coin_env.make_game("gandhi", seed=2)
    original = type(g).apply

    def lenient(self, a, player=None):        # the old engine: int(a) silently truncated 2.7 to 2
        return original(self, int(a) if isinstance(a, float) else a, player)

    monkeypatch.setattr(type(g), "apply", lenient)
    import random
    with pytest.raises(fuzz.FuzzFailure, match="was accepted"):
        fuzz._check_illegal_actions(g, random.Random(0))
