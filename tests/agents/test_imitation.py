"""The imitation warm start of ``coin-env train`` (agents/imitation.py, issue 18.2): config checks, a tiny run
that collects, clones and trains, cloning that beats uniform play on held-out bot decisions, masks, the KL
penalty, and resume skipping finished stages."""

import json
import os

import numpy as np
import pytest

from agents.training import imitation
from agents.training.config import ConfigError, load_config, parse_config
from agent_runs import SMOKE, train

BASE = {"game": "gandhi", "seats": "congress", "opponents": "arjuna"}


def smoke(tmp_path, *overrides):
    return load_config(SMOKE, overrides=[f"output_dir={tmp_path / 'run'}", "opponents=arjuna",
                                         "seat_rules=non_player", *overrides])


# --- config ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("section,value,key", [
    ({"games": -1}, None, "imitation.games"),
    ({"epochs": 1.5}, None, "imitation.epochs"),
    ({"holdout": 2}, None, "imitation.holdout"),
    ({"learning_rate": 0}, None, "imitation.learning_rate"),
    ({"kl_coef": -0.1}, None, "imitation.kl_coef"),
    ({"kl_decay_timesteps": "soon"}, None, "imitation.kl_decay_timesteps"),
    ({"record_seats": 3}, None, "imitation.record_seats"),
    ({"batch_size": 0}, None, "imitation.batch_size"),
    ({"games": 2, "bot": "nobody"}, None, "imitation.bot"),
    ({"games": 2, "record_seats": ["raj", "viceroy"]}, None, "imitation.record_seats"),
    ({"games": 2, "holdout": 1.0}, None, "imitation.holdout"),
    ({"kl_coef": 0.1}, None, "imitation.kl_coef"),
    ({"gmaes": 2}, None, "imitation.gmaes"),
    ({"games": 2, "teacher": "nobody"}, None, "imitation.teacher"),
])
def test_imitation_keys_are_checked_in_one_line(section, value, key):
    with pytest.raises(ConfigError) as e:
        parse_config(dict(BASE, imitation=section), source="x.yaml")
    assert key in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("key,value", [("algorithm.policy", "transformer"), ("reward", "winning"),
                                       ("skip_forced", "maybe")])
def test_policy_reward_and_skip_forced_are_checked(key, value):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        parse_config(BASE, overrides=[f"{key}={value}"])


def test_imitation_defaults_are_off():
    cfg = parse_config(BASE)
    assert cfg["imitation"]["games"] == 0 and cfg["imitation"]["kl_coef"] == 0
    assert cfg["algorithm"]["policy"] == "mlp" and cfg["skip_forced"] is False


# --- the stages ----------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    cfg = smoke(tmp_path_factory.mktemp("d"), "imitation={games: 10, holdout: 0.2, record_seats: all}")
    return cfg, imitation.collect(cfg, progress=False)


def test_collection_records_every_seat_with_legal_actions_and_is_deterministic(dataset):
    cfg, data = dataset
    n = len(data["actions"])
    assert data["obs"].shape[0] == data["masks"].shape[0] == data["returns"].shape[0] == n
    masks = imitation.unpack_masks(data, np.arange(n))
    assert masks[np.arange(n), data["actions"].astype(int)].all()          # the bot's action was legal
    assert (masks.sum(axis=1) == data["n_legal"]).all()
    assert set(data["seats"].tolist()) == {0, 1, 2, 3}
    again = imitation.collect(cfg, progress=False)
    for k in data:
        assert np.array_equal(data[k], again[k]), k


def test_returns_are_the_envs_rewards_discounted(tmp_path):
    """ranking reward: every recorded decision's return is gamma^(steps to the seat's last decision) x (+1 if the
    seat won, else -1)."""
    cfg = smoke(tmp_path, "imitation={games: 2, record_seats: all}", "reward=ranking",
                "algorithm.hyperparameters.gamma=0.99")
    data = imitation.collect(cfg, progress=False)
    from agents.policies import policy_from_spec
    from agents.evaluation.simulate import play_game
    factions = ["raj", "congress", "ml", "revs"]
    bot = policy_from_spec("arjuna", "gandhi")
    for g in range(2):
        played = play_game("gandhi", "short", cfg["imitation"]["seed"] + g, {}, {"non_players": factions},
                           {f: bot for f in factions})
        for s, f in enumerate(factions):
            rows = np.flatnonzero((data["games"] == g) & (data["seats"] == s))
            sign = 1.0 if played.winner() == f else -1.0
            expected = sign * 0.99 ** np.arange(len(rows) - 1, -1, -1)
            assert np.allclose(data["returns"][rows], expected, atol=1e-5)


def test_player_setting_records_one_player_seat_per_game(tmp_path):
    cfg = smoke(tmp_path, "imitation={games: 4, record_seats: all}", "seat_rules=player", "seats=all")
    data = imitation.collect(cfg, progress=False)
    for g in range(4):
        assert set(data["seats"][data["games"] == g].tolist()) == {g % 4}


def test_a_game_without_non_players_records_its_families_seats(tmp_path):
    """John Company has no non-player rules and its seats follow options.families: the player setting
    records family i % 3 of game i, with no non_players option (which the game refuses)."""
    cfg = smoke(tmp_path, "game=john_company", "scenario='1710'", "options={families: 3}", "seats=all",
                "opponents=crown", "seat_rules=player", "imitation={games: 3, record_seats: all}",
                "algorithm.policy=mlp")
    data = imitation.collect(cfg, progress=False)
    for g in range(3):
        assert set(data["seats"][data["games"] == g].tolist()) == {g}


def test_variants_alternate_the_settings_and_meet_every_seat(tmp_path):
    """Game i plays variants[i % 2]: the three families' game records family (i // 2) % 3, the solo game
    Benyon; each game's recorded decisions are those of the seeded game played in its own setting."""
    from agents.evaluation.simulate import play_game
    from agents.policies import policy_from_spec
    cfg = smoke(tmp_path, "game=john_company", "scenario='1710'", "options={families: 3}", "seats=all",
                "opponents=crown", "seat_rules=player", "imitation={games: 6}", "algorithm.policy=mlp",
                "variants=[{options: {families: 3}}, {options: {families: 1, crown: true}, seats: benyon}]")
    data = imitation.collect(cfg, progress=False)
    assert list(data["factions"]) == ["benyon", "hastings", "larkins", "crown"]
    bot = policy_from_spec("crown", "john_company")
    for g, (options, seat) in enumerate([({"families": 3}, 0), ({"families": 1, "crown": True}, 0),
                                         ({"families": 3}, 1), ({"families": 1, "crown": True}, 0),
                                         ({"families": 3}, 2), ({"families": 1, "crown": True}, 0)]):
        assert set(data["seats"][data["games"] == g].tolist()) == {seat}
        calls = []

        def counted(game, faction, rng, seat_name=data["factions"][seat]):
            if faction == seat_name:
                calls.append(faction)
            return bot(game, faction, rng)
        played = play_game("john_company", "1710", cfg["imitation"]["seed"] + g, {}, options,
                           {f: counted for f in coin_env_factions(options)})
        assert played.is_over()
        assert int((data["games"] == g).sum()) == len(calls) > 0


def coin_env_factions(options):
    from coin_env.core.registry import game_factions
    return game_factions("john_company", options)


def last_legal(game, faction, rng):
    """A teacher unlike any bot: always the legal action of the highest index."""
    return max(game.legal_actions())


@pytest.mark.parametrize("seat_rules", ["non_player", "player"])
def test_a_teacher_plays_and_is_recorded_in_the_recorded_seats_only(tmp_path, seat_rules):
    """imitation.teacher (expert iteration: e.g. search) answers the recorded seats' decisions; the dataset
    holds its actions, and the other seats are the bot's (the games end as teacher-vs-bot games do)."""
    from agents.evaluation.simulate import play_game
    from agents.policies import policy_from_spec
    cfg = smoke(tmp_path, "imitation={games: 2, record_seats: congress, teacher: 'test_imitation:last_legal'}",
                f"seat_rules={seat_rules}", "seats=congress")
    data = imitation.collect(cfg, progress=False)
    masks = imitation.unpack_masks(data, np.arange(len(data["actions"])))
    last = np.array([np.flatnonzero(m)[-1] for m in masks])
    assert np.array_equal(data["actions"].astype(int), last)
    assert set(data["seats"].tolist()) == {1}
    bot = policy_from_spec("arjuna", "gandhi")
    factions = ["raj", "congress", "ml", "revs"]
    non_players = factions if seat_rules == "non_player" else [f for f in factions if f != "congress"]
    for g in range(2):
        calls = []

        def counted(game, faction, rng):
            calls.append(faction)
            return last_legal(game, faction, rng)
        play_game("gandhi", "short", cfg["imitation"]["seed"] + g, {}, {"non_players": non_players},
                  {f: counted if f == "congress" else bot for f in factions})
        assert int((data["games"] == g).sum()) == len(calls) > 0


def _model(cfg, policy="mlp"):
    from agents.training.policy_nets import policy_spec
    from agents.training.ppo import KLMaskablePPO
    from agents.training.backends.sb3 import env_configs, make_env
    c = dict(cfg, algorithm=dict(cfg["algorithm"], policy=policy))
    cls, kwargs = policy_spec(c)
    return KLMaskablePPO(cls, make_env(env_configs(c)[0]), seed=0, device="cpu", policy_kwargs=kwargs,
                         n_steps=64, batch_size=64)


@pytest.mark.parametrize("policy", ["mlp", "space_scoring"])
def test_cloning_beats_uniform_play_on_held_out_bot_decisions(dataset, policy):
    cfg, data = dataset
    model = _model(cfg, policy)
    im = dict(cfg["imitation"], epochs=4, batch_size=64, learning_rate=1e-3, value_epochs=1)
    metrics = imitation.behaviour_clone(model.policy, data, im, seed=0, progress=False)
    after = metrics["after"]
    assert after["decisions"] > 100
    assert after["agreement"] > after["uniform"] + 0.08           # uniform over legal: ~0.27
    assert after["agreement"] > metrics["before"]["agreement"] + 0.05
    assert metrics["value_epochs"][0]["loss"] >= 0


@pytest.mark.parametrize("policy", ["mlp", "space_scoring"])
def test_no_illegal_action_ever_gets_probability(dataset, policy):
    import torch as th
    cfg, data = dataset
    model = _model(cfg, policy)
    rows = np.arange(min(500, len(data["actions"])))
    mask = imitation.unpack_masks(data, rows)
    with th.no_grad():
        probs = model.policy.get_distribution(th.as_tensor(data["obs"][rows].astype(np.float32)),
                                              action_masks=mask).distribution.probs.numpy()
    assert (probs[~mask] == 0).all()
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)


def test_value_warm_up_leaves_the_policy_unchanged(dataset):
    import torch as th
    cfg, data = dataset
    model = _model(cfg, "mlp")
    obs = th.as_tensor(data["obs"][:200].astype(np.float32))
    mask = imitation.unpack_masks(data, np.arange(200))
    before = model.policy.get_distribution(obs, action_masks=mask).distribution.probs.detach().clone()
    imitation.behaviour_clone(model.policy, data, dict(cfg["imitation"], epochs=0, value_epochs=1), 0, False)
    after = model.policy.get_distribution(obs, action_masks=mask).distribution.probs.detach()
    assert th.equal(before, after)


def test_kl_coefficient_fixed_or_decaying():
    im = {"kl_coef": 0.2, "kl_decay_timesteps": 0}
    assert imitation.kl_coefficient(im, 10**6) == 0.2
    im = {"kl_coef": 0.2, "kl_decay_timesteps": 1000}
    assert imitation.kl_coefficient(im, 0) == 0.2
    assert imitation.kl_coefficient(im, 500) == pytest.approx(0.1)
    assert imitation.kl_coefficient(im, 5000) == 0.0


# --- a run --------------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def warm_run(tmp_path_factory):
    cfg = smoke(tmp_path_factory.mktemp("w"), "imitation={games: 3, epochs: 1, kl_coef: 0.5, holdout: 0.34}")
    return cfg, train(cfg)


def test_a_tiny_run_collects_clones_and_trains_ppo(warm_run):
    cfg, summary = warm_run
    run = cfg["output_dir"]
    for name in ("imitation/dataset.npz", "imitation/collect.json", "imitation/bc.zip", "imitation/bc.json",
                 "final.zip", "config.yaml"):
        assert os.path.isfile(os.path.join(run, name)), name
    assert summary["trained_timesteps"] == cfg["total_timesteps"]
    assert summary["imitation"]["collect"]["games"] == 3
    bc = json.load(open(os.path.join(run, "imitation", "bc.json")))
    assert bc["epochs"] and bc["after"]["uniform"] is not None
    from agents.policies import CheckpointPolicy
    import coin_env
    import random
    game = coin_env.make_game("gandhi", seed=1, options={"non_players": ["raj", "congress", "ml", "revs"]})
    bc_policy = CheckpointPolicy(os.path.join(run, "imitation", "bc.zip"), game="gandhi")
    assert bc_policy(game, game.current_player(), random.Random(0)) in game.legal_actions()


def test_the_kl_term_toward_the_cloned_policy_is_logged_during_ppo(warm_run):
    cfg, _ = warm_run
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    tb = os.path.join(cfg["output_dir"], "tb")
    tags = set()
    for root, _, files in os.walk(tb):
        if any(f.startswith("events") for f in files):
            acc = EventAccumulator(root)
            acc.Reload()
            tags |= set(acc.Tags()["scalars"])
    assert {"train/kl_cloned", "train/kl_coef"} <= tags


def test_a_new_run_never_reuses_a_directory_holding_imitation_stages(warm_run, tmp_path):
    import shutil
    cfg, _ = warm_run
    src = cfg["output_dir"]
    dst = tmp_path / "run"
    os.makedirs(dst / "imitation")
    shutil.copy(os.path.join(src, "imitation", "dataset.npz"), dst / "imitation")
    from agents.training.backends.sb3 import prepare_run_dir
    from agents.training.runs import unlock_run_dir
    c = dict(cfg, output_dir=str(dst))
    _, lock = prepare_run_dir(c, False)
    unlock_run_dir(lock)
    assert c["output_dir"] == f"{dst}-2"


def test_resume_skips_finished_stages(tmp_path, monkeypatch):
    cfg = smoke(tmp_path, "imitation={games: 3, epochs: 1, holdout: 0.34}")

    def stop(*a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr(imitation, "behaviour_clone", stop)
    with pytest.raises(KeyboardInterrupt):
        train(cfg)
    run = cfg["output_dir"]
    assert os.path.isfile(os.path.join(run, "imitation", "dataset.npz"))
    assert not os.path.isfile(os.path.join(run, "imitation", "bc.zip"))
    monkeypatch.undo()

    def no_collection(*a, **k):
        raise AssertionError("a finished collection was done again")
    monkeypatch.setattr(imitation, "collect", no_collection)
    summary = train(cfg, resume=True)
    assert summary["imitation"]["collect"] == "reused"
    assert isinstance(summary["imitation"]["bc"], dict)
    assert os.path.isfile(os.path.join(run, "final.zip")) and summary["output_dir"] == run

    # A third start with --resume from the finished run's checkpoint loads PPO; the stages are not touched.
    monkeypatch.setattr(imitation, "behaviour_clone", stop)
    again = train(dict(cfg, total_timesteps=cfg["total_timesteps"] + 64), resume=True)
    assert again["resumed_from"] and "imitation" not in again


def test_an_interrupt_after_cloning_checkpoints_the_cloned_weights(tmp_path, monkeypatch):
    """Ctrl-C at the start of PPO saves a checkpoint holding the cloned weights; --resume continues from it."""
    import torch as th
    import agents.training.backends.sb3 as tr
    cfg = smoke(tmp_path, "imitation={games: 3, epochs: 1, holdout: 0.34}")
    from coin_env.core.gym_env import CoinGymEnv

    def interrupt(self, action):
        raise KeyboardInterrupt            # Ctrl-C in PPO's first rollout
    monkeypatch.setattr(CoinGymEnv, "step", interrupt)
    with pytest.raises(KeyboardInterrupt):
        train(cfg)
    monkeypatch.undo()
    run = cfg["output_dir"]
    from sb3_contrib import MaskablePPO
    cloned = MaskablePPO.load(os.path.join(run, "imitation", "bc.zip")).policy.state_dict()
    checkpoint = tr.latest_checkpoint(run)
    saved = MaskablePPO.load(checkpoint).policy.state_dict()
    assert all(th.equal(saved[k], v) for k, v in cloned.items())
    monkeypatch.setattr(imitation, "collect", lambda *a, **k: (_ for _ in ()).throw(AssertionError()))
    summary = train(cfg, resume=True)
    assert summary["resumed_from"] == checkpoint and summary["trained_timesteps"] == cfg["total_timesteps"]
