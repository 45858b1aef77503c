"""Vijayanagara in the environments like the other games: PettingZoo AEC with per-seat observations that
carry the decision, the gymnasium env with opponents inside step() (random, a policy callable, the game's
bots once it has one), the vector env, saves from an env, coin-env fuzz and bench. (The shared tests in
tests/core run their checks -- api_test, check_env, the vector env against SyncVectorEnv -- on every
registered game, this one included.)"""

import random
import warnings

import numpy as np
import pytest

import coin_env
from coin_env.core.encoding import encoder_for
from coin_env.core.registry import game_bots

VJ = "vijayanagara"


def test_registered_with_its_scenario_encoder_renderer_and_picture():
    from coin_env.core.pictures import draw
    from coin_env.core.registry import default_scenario, game_scenarios
    assert VJ in coin_env.list_games()
    assert game_scenarios(VJ) == ("standard",) and default_scenario(VJ) == "standard"
    g = coin_env.make_game(VJ, seed=0)
    assert g.state.scenario == "standard" and g.factions == ("ds", "bk", "ve")
    enc = encoder_for(VJ)
    assert len(enc.feature_names) == enc.size and enc.size > 0
    text = coin_env.env(VJ, render_mode="ansi")
    text.reset(seed=0)
    assert "Maharashtra" in text.render() and "Prompt (" in text.render()
    pic = draw(g)
    assert pic.ndim == 3 and pic.shape[2] == 3 and len(np.unique(pic.reshape(-1, 3), axis=0)) > 10


def test_aec_observations_are_per_seat_and_carry_the_decision():
    # seed 0 (0.2.0 generator): the game opens on an ordinary card's 1st Eligible choice (not a Mongol
    # Invasion's Command), where "command & decree" is offered
    seed = 0
    env = coin_env.env(VJ, seed=seed)
    env.reset(seed=seed)
    enc = encoder_for(VJ)
    assert env.possible_agents == ["ds", "bk", "ve"]
    actor = env.agent_selection
    assert env.game.state.frames[-1]["kind"] == "sop_choice" and "command & decree" in [
        env.game.action_label(x) for x in env.game.legal_actions()], \
        f"precondition: seed {seed} no longer opens on a 1st Eligible choice offering 'command & decree'; pick another seed"
    obs = {a: env.observe(a) for a in env.possible_agents}
    assert obs[actor]["action_mask"].sum() > 0
    assert all(obs[a]["action_mask"].sum() == 0 for a in env.possible_agents if a != actor)
    names = enc.feature_names
    for a in env.possible_agents:
        vec = obs[a]["observation"]
        assert vec[names.index(f"perspective {a}")] == 1.0
        assert vec[names.index("perspective is acting")] == (1.0 if a == actor else 0.0)
        assert vec[names.index("prompt sop_choice")] == 1.0
        assert vec[names.index(f"acting faction {actor}")] == 1.0
    # one step into a Command: the prompt, the Command and the selected spaces show in the vector
    g = env.game
    a = next(x for x in g.legal_actions() if g.action_label(x) == "command & decree")
    env.step(a)
    assert env.agent_selection == actor                  # the same faction now chooses its Command
    vec = env.observe(actor)["observation"]
    assert vec[names.index("prompt sop_choice")] == 0.0
    assert enc.describe(vec)


def test_gym_env_with_random_and_policy_opponents_inside_step():
    calls = []

    def first_legal(game, faction, rng):
        calls.append(faction)
        return game.legal_actions()[0]

    for opponents in ("random", first_legal, {"ds": "random", "ve": first_legal}):
        env = coin_env.gym_env(VJ, seat="bk", opponents=opponents, seed=1)
        obs, info = env.reset(seed=1)
        assert env.observation_space.contains(obs)
        rng = np.random.default_rng(1)
        steps = 0
        while True:
            assert env.game.current_player() == "bk"
            obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            steps += 1
            if term or trunc:
                break
        assert term and reward in (1.0, -1.0) and env.game.is_over()
        assert env.game.state.decisions > steps
    assert set(calls) <= {"ds", "ve"} and calls


def test_gym_env_all_seats_and_the_vector_env():
    env = coin_env.gym_env(VJ, seat="all", opponents="random", seed=2)
    seats = set()
    for seed in range(6):
        env.reset(seed=seed)
        seats.add(env.seat)
    assert seats <= {"ds", "bk", "ve"} and len(seats) > 1
    venv = coin_env.vector_env(VJ, 3, seat="ve", opponents="random", seed=0)
    obs, info = venv.reset(seed=0)
    assert obs.shape == (3, encoder_for(VJ).size)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        masks = venv.action_masks()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, rewards, terms, truncs, infos = venv.step(actions)
        finished += int(terms.sum())
    assert finished >= 1


def test_a_game_saved_from_an_env_continues_identically():
    env = coin_env.gym_env(VJ, seat="ds", opponents="random", seed=4)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(15):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    back = coin_env.load_game(env.game.to_json())
    assert back.legal_actions() == env.game.legal_actions() and back.prompt() == env.game.prompt()
    r = random.Random(4)
    g = env.game.clone()
    while not g.is_over():
        a = r.choice(g.legal_actions())
        g.apply(a)
        back.apply(a)
    assert back.to_json() == g.to_json()


def test_the_options_reach_the_envs():
    env = coin_env.gym_env(VJ, seat="ds", opponents="random", seed=0,
                           options={"transfers": True, "prosperity": "random"})
    env.reset(seed=0)
    assert env.game.options["transfers"] is True and not env.game.data.is_builtin
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.test import api_test
        api_test(coin_env.env(VJ, seed=0, options={"transfers": True}), num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize("bot", sorted(game_bots(VJ)) or [None])
def test_bot_opponents_inside_step(bot):
    if bot is None:
        pytest.skip("vijayanagara has no registered bot yet (coin_env.core.registry.game_bots is empty)")
    env = coin_env.gym_env(VJ, seat="ds", opponents=bot, seed=0)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        done = term or trunc
    assert term and env.game.is_over()


def test_fuzz_and_bench_run_for_vijayanagara(tmp_path):
    from agents import benchmark, fuzz
    result = fuzz.fuzz(VJ, decisions=2_000, seed=0, out_dir=str(tmp_path), scenarios=fuzz.scenarios_of(VJ))
    assert result["failures"] == 0 and result["games"] >= 1
    out = benchmark.bench_game(VJ, repeats=1, budget_s=0.1)
    for key in ["decisions_per_s", "games_per_s", "decisions_per_game", "steps_per_s", "learner_steps_per_s",
                "clone_us", "json_round_trip_ms", "peak_memory_mb"]:
        assert out[key] is not None and out[key] > 0, key
    assert (out["all_bot_games_per_s"] is None) == (not game_bots(VJ))


def test_play_and_replay_in_the_terminal_and_the_page(tmp_path):
    """coin-env play vijayanagara (random opponents: no bot yet), save, then coin-env replay's page."""
    import json
    import os
    import re
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    def cli(*argv, stdin=""):
        return subprocess.run([sys.executable, "-m", "agents.cli", *argv], input=stdin, cwd=root, capture_output=True,
                              text=True, timeout=180, env=dict(os.environ, PYTHONPATH=root))

    save = tmp_path / "g.json"
    r = cli("play", VJ, "--seat", "ds", "--opponents", "random", "--seed", "1", stdin=f"1\n1\n1\nsave {save}\nq\n")
    assert r.returncode == 0, r.stderr
    assert "Maharashtra" in r.stdout and "Prompt (ds)" in r.stdout
    n = len(json.loads(save.read_text())["actions"])
    out = tmp_path / "g.html"
    r = cli("replay", str(save), "--html", str(out))
    assert r.returncode == 0, r.stderr
    frames = json.loads(re.search(r"^const F = (.*);$", out.read_text(), re.M).group(1))
    assert len(frames) == n + 1 and frames[0]["prompt"]
