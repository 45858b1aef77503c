"""Issue 18.3: the space-scoring policy with per-seat heads, the relative-margin rewards and skip_forced, through
the public API (coin_env.gym_env, configs, checkpoints)."""

import random

import numpy as np
import pytest
import torch as th

import coin_env
from agents.training.config import load_config
from agents.training.policy_nets import SpaceScoringPolicy, layout_for
from coin_env.core.encoding import encoder_for
from agent_runs import SMOKE

GAMES = ["gandhi", "a_distant_plain"]


@pytest.mark.parametrize("game", GAMES)
def test_layout_reads_the_published_feature_names(game):
    lay = layout_for(game)
    names = encoder_for(game).feature_names
    g = coin_env.make_game(game, seed=0)
    first = names[lay["space_start"]]
    assert first.startswith("space ") and first.count(":") == 1
    last_row = lay["space_start"] + (lay["n_spaces"] - 1) * lay["n_features"]
    assert names[last_row].endswith(first.split(": ", 1)[1])             # every row has the same features
    a0, a1 = lay["space_actions"]
    assert g.vocabulary.label(a0).startswith("select") and a1 - a0 == lay["n_spaces"]
    assert [names[i] for i in lay["seat_features"]] == [f"perspective {f}" for f in g.factions]


def _policy(game, seed=0):
    from sb3_contrib import MaskablePPO
    env = coin_env.gym_env(game, seat="all", opponents="random", seed=0)
    th.manual_seed(seed)
    model = MaskablePPO(SpaceScoringPolicy, env, policy_kwargs={"layout": layout_for(game), "net_arch": [32, 32]},
                        n_steps=16, batch_size=16, seed=seed)
    return model, env


def _logits(model, obs):
    with th.no_grad():
        return model.policy.mlp_extractor.forward_actor(th.as_tensor(obs))


@pytest.mark.parametrize("game", GAMES)
def test_spaces_are_scored_with_shared_weights(game):
    """Permuting the map's rows in the observation permutes the space logits the same way, and leaves every other
    logit unchanged: one scorer serves every space (a flat MLP has no such symmetry)."""
    model, env = _policy(game)
    lay = layout_for(game)
    obs, _ = env.reset(seed=2)
    obs = obs[None, :].copy()
    obs[0, lay["space_start"]:lay["space_start"] + lay["n_spaces"] * lay["n_features"]] += \
        np.random.default_rng(0).random(lay["n_spaces"] * lay["n_features"]).astype(np.float32)
    perm = np.random.default_rng(1).permutation(lay["n_spaces"])
    rows = obs[0, lay["space_start"]:lay["space_start"] + lay["n_spaces"] * lay["n_features"]].reshape(
        lay["n_spaces"], lay["n_features"])
    permuted = obs.copy()
    permuted[0, lay["space_start"]:lay["space_start"] + rows.size] = rows[perm].ravel()
    a0, a1 = lay["space_actions"]
    base, moved = _logits(model, obs)[0], _logits(model, permuted)[0]
    assert th.allclose(moved[a0:a1], base[a0:a1][perm], atol=1e-5)
    assert th.allclose(moved[:a0], base[:a0], atol=1e-5) and th.allclose(moved[a1:], base[a1:], atol=1e-5)


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_has_its_own_heads(game):
    model, env = _policy(game)
    lay = layout_for(game)
    obs, _ = env.reset(seed=3)
    seats = lay["seat_features"]
    outs = []
    for k in range(len(seats)):
        o = obs.copy()
        o[seats] = 0.0
        o[seats[k]] = 1.0
        outs.append(_logits(model, o[None, :])[0])
        with th.no_grad():
            assert model.policy.predict_values(th.as_tensor(o[None, :])).shape == (1, 1)
    for k in range(1, len(outs)):
        assert not th.allclose(outs[0], outs[k])
    ext = model.policy.mlp_extractor
    assert ext.n_heads == len(seats) and ext.policy_space_score[-1].out_features == len(seats)


def test_value_parameters_are_apart_from_the_policy():
    from agents.training.policy_nets import critic_parameters
    model, _ = _policy("gandhi")
    critic = {id(p) for p in critic_parameters(model.policy)}
    actor = {id(p) for n, p in model.policy.named_parameters() if n.startswith("mlp_extractor.policy_")}
    assert critic and actor and not critic & actor
    assert critic | actor == {id(p) for p in model.policy.parameters()}


def test_a_space_scoring_run_trains_saves_and_plays_as_a_checkpoint(tmp_path):
    from agents.policies import CheckpointPolicy
    from agents.training.train import train
    cfg = load_config(SMOKE, overrides=[f"output_dir={tmp_path / 'run'}", "algorithm.policy=space_scoring",
                                        "evaluation.final_games=0"])
    summary = train(cfg, progress=False)
    assert summary["trained_timesteps"] == 128
    policy = CheckpointPolicy(summary["final"], game="gandhi")
    game = coin_env.make_game("gandhi", seed=0)
    for _ in range(20):
        f = game.current_player()
        probs = policy.probabilities(game, f)
        mask = game.legal_mask().astype(bool)
        assert (probs[~mask] == 0).all()
        game.apply(policy(game, f, random.Random(0)))
    # A resumed run refuses another network.
    from agents.training.config import ConfigError
    with pytest.raises(ConfigError, match="algorithm.policy"):
        train(dict(cfg, algorithm=dict(cfg["algorithm"], policy="mlp"), total_timesteps=192), resume=True,
              progress=False)


# --- rewards ----------------------------------------------------------------------------------------------------------
def _episode(reward, seed, seat="congress", **kw):
    env = coin_env.gym_env("gandhi", seat=seat, opponents="random", seed=seed, reward=reward, **kw)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = []
    start_margins = dict(env.game.victory_margins())
    done = False
    while not done:
        a = rng.choice(np.flatnonzero(env.action_masks()))
        obs, r, term, trunc, info = env.step(a)
        rewards.append(r)
        done = term or trunc
    return env, rewards, start_margins, info


def _rel(margins, seat):
    return margins[seat] - max(m for f, m in margins.items() if f != seat)


def test_relative_reward_is_terminal_ranking_plus_the_lead_over_the_best_opponent():
    env, rewards, _, info = _episode("relative", seed=5)
    assert all(r == 0 for r in rewards[:-1])
    ranking = 1.0 if info["winner"] == "congress" else -1.0
    lead = max(-20, min(20, _rel(info["margins"], "congress"))) / 20
    assert rewards[-1] == pytest.approx(ranking + lead)


def test_shaped_relative_reward_telescopes_to_the_change_of_the_lead():
    env, rewards, start, info = _episode("shaped_relative", seed=6)
    ranking = 1.0 if info["winner"] == "congress" else -1.0
    clip = lambda x: max(-20, min(20, x)) / 20
    assert sum(rewards) == pytest.approx(ranking + clip(_rel(info["margins"], "congress"))
                                         - clip(_rel(start, "congress")), abs=1e-9)
    assert sum(1 for r in rewards[:-1] if r != 0) > 0          # it moves during the game


def test_unknown_reward_is_refused():
    with pytest.raises(ValueError, match="reward"):
        coin_env.gym_env("gandhi", seat="congress", opponents="random", reward="lead")


# --- skip_forced ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,seat", [("gandhi", "raj"), ("a_distant_plain", "taliban")])
def test_skip_forced_shows_only_real_choices(game, seat):
    shown_forced, skipped = 0, 0
    for skip in (False, True):
        env = coin_env.gym_env(game, seat=seat, opponents="random", seed=1, skip_forced=skip)
        obs, info = env.reset(seed=1)
        rng = np.random.default_rng(0)
        done = False
        while not done:
            mask = env.action_masks()
            if skip:
                assert mask.sum() >= 2
            else:
                shown_forced += int(mask.sum() == 1)
            obs, r, term, trunc, info = env.step(rng.choice(np.flatnonzero(mask)))
            done = term or trunc
        if skip:
            skipped = info["forced_skipped"]
        else:
            assert "forced_skipped" not in info
    assert shown_forced > 0 and skipped > 0


def test_skip_forced_is_checked_and_deterministic():
    with pytest.raises(ValueError, match="skip_forced"):
        coin_env.gym_env("gandhi", seat="raj", opponents="random", skip_forced="yes")
    runs = []
    for _ in range(2):
        env, rewards, _, info = _episode("shaped", seed=9, seat="raj", skip_forced=True)
        runs.append((rewards, info["margins"], info["forced_skipped"]))
    assert runs[0] == runs[1]
