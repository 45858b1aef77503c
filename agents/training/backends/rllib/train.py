"""``coin-env train`` with ``backend: rllib``: RLlib PPO (new API stack) over :class:`CoinMultiAgentEnv`.

The config keys mean what they mean for the SB3 backend (agents/training/config.py); the RLlib-only ones are
under ``rllib:``. How they map:

==========================================  ================================================================
config                                      RLlib
==========================================  ================================================================
seats / opponents                           the learner seats are RLlib agents; opponents play in the env
rllib.learners_per_game: one | all          one seat drawn per episode (as SB3), or every seat at once
rllib.policies: shared | per_seat           one module ``shared`` for every seat, or one module per seat
algorithm.net_arch                          ``fcnet_hiddens`` of each module (policy and value networks)
learning_rate, gamma, gae_lambda            ``lr``, ``gamma``, ``lambda_``
clip_range, ent_coef, vf_coef               ``clip_param``, ``entropy_coeff``, ``vf_loss_coeff``
max_grad_norm, n_epochs, batch_size         ``grad_clip``, ``num_epochs``, ``minibatch_size``
n_steps                                     ``rollout_fragment_length`` (decisions per env per rollout)
envs.count                                  ``num_envs_per_env_runner``
rllib.env_runners                           ``num_env_runners`` (0: the driver samples)
one rollout (train batch)                   n_steps x envs.count x max(1, env_runners) learner decisions
rllib.address / RAY_ADDRESS                 join that Ray cluster; none: always a new local Ray
                                            (``address="local"``) on ``rllib.num_cpus`` cores, whatever an
                                            earlier ``ray start`` left on the machine
==========================================  ================================================================

Each env runner holds one CPU; a run that asks for more env runners than its Ray has CPUs would wait
forever, so it stops first with one line naming both numbers (before the run directory is claimed when Ray
is local, right after joining when it is a cluster).

The budget: with ``envs.count`` > 1 RLlib steps a runner's envs in lockstep, and a step that only resets a
finished game counts for nothing, so a runner's rollout can end up to ``envs.count - 1`` decisions past its
share (RLlib's ``MultiAgentEnvRunner.sample`` says so; cutting it short would mean patching its sampler). The run stops at the first iteration at or
past ``total_timesteps``; ``train.json`` reports ``timesteps`` (what was trained, and the name of the last
checkpoint) next to ``timesteps_asked``, and the run says so when they differ. With ``envs.count: 1`` the
count is exact.

``target_kl`` (SB3's early stop) has no RLlib equivalent and is refused; RLlib always standardises
advantages (``normalize_advantage: false`` is refused). The run directory works as for SB3: a lock, a
new run never reuses a directory that holds a run (``<dir>-2`` ...), ``checkpoints/step_<T>`` every
``checkpoints.every`` timesteps (``keep`` kept), ``final``, league snapshots in ``league/`` when an
opponent is ``pool``, TensorBoard scalars in ``tb/``, ``train.json`` and the evaluation table (the same
Evaluator as SB3, with the policy spec ``rllib:<run>/final``). ``--resume`` continues from the newest
checkpoint; the budget is counted in rollouts, so ``total_timesteps`` must be a whole number of them.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import sys
import time

from agents.training.config import (ConfigError, dump_config, load_config, opponent_specs, register_backend_check,
                                    seat_options, trained_seats)
from agents.policies.rllib import forget, require_rllib
from agents.evaluation.tournament import forget_policy
from agents.training.runs import claim_new_run_dir, Evaluator, finish_run, lock_holder, lock_or_fail, NothingToResume, refuse_changes, resume_differences, RunDirError, unlock_run_dir
from coin_env.core.registry import game_factions

STEP_DIR = re.compile(r"^step_(\d+)$")
SHARED = "shared"


def rollout_size(cfg: dict) -> int:
    """Learner decisions per training iteration (RLlib's train batch)."""
    hp = cfg["algorithm"]["hyperparameters"]
    return hp["n_steps"] * cfg["envs"]["count"] * max(1, cfg["rllib"]["env_runners"])


def check_rllib_config(cfg: dict, source: str) -> None:
    """The checks ``backend: rllib`` adds to agents.training.config (one line each, naming the key)."""
    hp = cfg["algorithm"]["hyperparameters"]
    if hp["target_kl"] is not None:
        raise ConfigError(f"{source}: algorithm.hyperparameters.target_kl is SB3's early stop; RLlib has none "
                          f"(remove it for backend: rllib)")
    if not hp["normalize_advantage"]:
        raise ConfigError(f"{source}: algorithm.hyperparameters.normalize_advantage: false is not available with "
                          f"backend: rllib (RLlib always standardises advantages)")
    if cfg["imitation"]["games"]:
        raise ConfigError(f"{source}: imitation (the warm start) is not available with backend: rllib yet; set "
                          f"imitation.games: 0 or use backend: sb3")
    if cfg["algorithm"]["policy"] != "mlp":
        raise ConfigError(f"{source}: algorithm.policy: {cfg['algorithm']['policy']} is not available with backend: "
                          f"rllib yet (the RLlib module is the masked MLP)")
    if cfg["algorithm"]["device"] == "cuda":
        raise ConfigError(f"{source}: algorithm.device: cuda is not supported with backend: rllib yet (CPU learner)")
    size = rollout_size(cfg)
    if hp["batch_size"] > size:
        raise ConfigError(f"{source}: algorithm.hyperparameters.batch_size ({hp['batch_size']}) is larger than one "
                          f"rollout (n_steps x envs.count x max(1, rllib.env_runners) = {size})")
    if cfg["total_timesteps"] % size:
        raise ConfigError(f"{source}: total_timesteps ({cfg['total_timesteps']}) must be a multiple of one rollout "
                          f"({size} = n_steps x envs.count x max(1, rllib.env_runners)) with backend: rllib")


# --- the run directory -------------------------------------------------------------------------------
register_backend_check("rllib", check_rllib_config)


def checkpoint_steps(run_dir: str) -> list[tuple[int, str]]:
    root = os.path.join(run_dir, "checkpoints")
    if not os.path.isdir(root):
        return []
    found = [(int(m.group(1)), os.path.join(root, d)) for d in os.listdir(root) if (m := STEP_DIR.match(d))]
    return sorted(found)


def holds_run(run_dir: str) -> bool:
    return bool(checkpoint_steps(run_dir)) or os.path.isdir(os.path.join(run_dir, "final"))


def prepare_run_dir(cfg: dict, resume) -> tuple[str | None, int | None]:
    """As agents.training.backends.sb3.prepare_run_dir, for RLlib checkpoint directories: returns (checkpoint, lock)."""
    run_dir = cfg["output_dir"]
    if resume:
        run_dir = resume if isinstance(resume, str) else run_dir
        if STEP_DIR.match(os.path.basename(os.path.normpath(run_dir))):
            run_dir = os.path.dirname(os.path.dirname(os.path.normpath(run_dir)))
        steps = checkpoint_steps(run_dir)
        if not steps:
            raise NothingToResume(f"nothing to resume: no checkpoint in {os.path.join(run_dir, 'checkpoints')}")
        lock = lock_or_fail(run_dir)
        if lock is None:
            raise RunDirError(f"cannot resume {run_dir}: a training is running in it ({lock_holder(run_dir)})")
        cfg["output_dir"] = run_dir
        return os.path.abspath(steps[-1][1]), lock
    return None, claim_new_run_dir(cfg, holds_run)


# --- the algorithm ------------------------------------------------------------------------------------
def env_config(cfg: dict, run_dir: str) -> dict:
    factions = list(game_factions(cfg["game"], cfg["options"]))
    seats = trained_seats(cfg, factions)
    per_game = cfg["rllib"]["learners_per_game"]
    options = seat_options(cfg, factions)           # seat_rules: non_player puts every seat in non_players
    opponents = {f: s for f, s in opponent_specs(cfg, factions).items() if per_game == "one" or f not in seats}
    return {"game": cfg["game"], "scenario": cfg["scenario"], "options": options, "skip_forced": cfg["skip_forced"],
            "reward": cfg["reward"], "learners": seats, "learners_per_game": per_game,
            "opponents": opponents, "max_decisions": cfg["max_decisions"], "seed": cfg["seed"],
            "league_dir": os.path.join(os.path.abspath(run_dir), "league"),
            "league_bots": list(cfg["league"]["bots"]), "bot_probability": cfg["league"]["bot_probability"],
            "sampling": cfg["league"]["sampling"], "recent": cfg["league"]["recent"]}


def module_ids(cfg: dict, seats: list[str]) -> list[str]:
    return [SHARED] if cfg["rllib"]["policies"] == "shared" else list(seats)


def map_to_shared(agent_id, episode, **kwargs) -> str:
    return SHARED


def map_to_seat(agent_id, episode, **kwargs) -> str:
    return agent_id


def algorithm_config(cfg: dict, run_dir: str):
    """The PPOConfig of a validated config (see the module docstring for the key mapping)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from agents.training.backends.rllib.env import CoinMultiAgentEnv    # deferred: imports Ray ([rllib] extra)
    from agents.training.backends.rllib.module import MaskedPPOModule    # deferred: imports Ray ([rllib] extra)

    hp = cfg["algorithm"]["hyperparameters"]
    envc = env_config(cfg, run_dir)
    ids = module_ids(cfg, envc["learners"])
    model = {"fcnet_hiddens": list(cfg["algorithm"]["net_arch"]), "fcnet_activation": "tanh"}
    specs = {m: RLModuleSpec(module_class=MaskedPPOModule, model_config=dict(model)) for m in ids}
    return (PPOConfig()
            .environment(CoinMultiAgentEnv, env_config=envc, disable_env_checking=True)
            .env_runners(num_env_runners=cfg["rllib"]["env_runners"], num_envs_per_env_runner=cfg["envs"]["count"],
                         rollout_fragment_length=hp["n_steps"], batch_mode="truncate_episodes")
            .multi_agent(policies=set(ids), policy_mapping_fn=map_to_shared if ids == [SHARED] else map_to_seat,
                         policies_to_train=list(ids))
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
            .training(lr=hp["learning_rate"], gamma=hp["gamma"], lambda_=hp["gae_lambda"], clip_param=hp["clip_range"],
                      entropy_coeff=hp["ent_coef"], vf_loss_coeff=hp["vf_coef"], grad_clip=hp["max_grad_norm"],
                      grad_clip_by="global_norm", num_epochs=hp["n_epochs"], minibatch_size=hp["batch_size"],
                      train_batch_size_per_learner=rollout_size(cfg), use_kl_loss=False)
            .learners(num_learners=0)
            .reporting(metrics_num_episodes_for_smoothing=20)
            .debugging(seed=cfg["seed"], log_level="ERROR"))


def ray_address(cfg: dict) -> str | None:
    return cfg["rllib"]["address"] or os.environ.get("RAY_ADDRESS") or None


def local_cpus(cfg: dict) -> int:
    return cfg["rllib"]["num_cpus"] or os.cpu_count() or 1


def check_cpus(cfg: dict, available: float, where: str) -> None:
    """One CPU per env runner (RLlib's default): more runners than CPUs would wait for them forever."""
    runners = cfg["rllib"]["env_runners"]
    if runners > available:
        raise ConfigError(f"rllib.env_runners: {runners} env runners need {runners} CPUs (one each) but {where} "
                          f"has {available:g}; lower rllib.env_runners or give Ray more CPUs")


def start_ray(cfg: dict) -> str:
    """Join ``rllib.address`` (or RAY_ADDRESS) and check its CPUs, else start a new local Ray on
    ``rllib.num_cpus`` cores: ``address="local"``, so a stale record of an earlier ``ray start`` is never joined
    (joining it with num_cpus fails in Ray)."""
    import logging
    import ray
    for name in ("ray", "ray.rllib", "ray.tune"):     # Ray's own warnings are not the user's business here
        logging.getLogger(name).setLevel(logging.ERROR)
    address = ray_address(cfg)
    if ray.is_initialized():
        check_cpus(cfg, ray.cluster_resources().get("CPU", 0), "the running Ray")
        return "already running"
    kwargs = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        ray.init(address=address, **kwargs)
        try:
            check_cpus(cfg, ray.cluster_resources().get("CPU", 0), f"the Ray cluster at {address}")
        except ConfigError:
            ray.shutdown()
            raise
        return address
    ray.init(address="local", num_cpus=local_cpus(cfg), **kwargs)
    return "local"


def sampled(result: dict) -> int:
    """Learner decisions sampled so far (every env step is one learner decision: the others play inside)."""
    return int(result.get("env_runners", {}).get("num_env_steps_sampled_lifetime", 0) or 0)


def _write_scalars(writer, result: dict, step: int) -> None:
    runners = result.get("env_runners", {})
    for key in ("episode_return_mean", "episode_len_mean", "num_episodes_lifetime"):
        value = runners.get(key)
        if value is not None:
            writer.add_scalar(f"rollout/{key}", float(value), step)
    for module, stats in (result.get("learners") or {}).items():
        if not isinstance(stats, dict):
            continue
        for key in ("policy_loss", "vf_loss", "entropy", "mean_kl_loss", "total_loss"):
            if key in stats and isinstance(stats[key], (int, float)):
                writer.add_scalar(f"train/{module}/{key}", float(stats[key]), step)


def _prune(run_dir: str, keep: int) -> None:
    for _, path in checkpoint_steps(run_dir)[:-keep]:
        shutil.rmtree(path, ignore_errors=True)


def train_rllib(cfg: dict, resume=False, progress: bool = True) -> dict:
    """Run a validated ``backend: rllib`` config; returns the summary also written to ``train.json``."""
    require_rllib()
    if not ray_address(cfg):
        check_cpus(cfg, local_cpus(cfg), "the local Ray (rllib.num_cpus)" if cfg["rllib"]["num_cpus"]
                   else "this machine (os.cpu_count())")
    cfg = copy.deepcopy(cfg)
    resume_from, lock = prepare_run_dir(cfg, resume)
    try:
        return _train(cfg, resume_from, progress)
    finally:
        unlock_run_dir(lock, cfg["output_dir"])


def _train(cfg: dict, resume_from: str | None, progress: bool) -> dict:
    import ray
    from torch.utils.tensorboard import SummaryWriter


    run_dir = os.path.abspath(cfg["output_dir"])       # RLlib takes absolute paths (or URIs) only
    saved_config = os.path.join(run_dir, "config.yaml")
    if resume_from and os.path.isfile(saved_config):
        try:
            saved = load_config(saved_config, check_game=False)
        except ConfigError:
            saved = None
        if saved is not None:
            refuse_changes(resume_differences(saved, cfg), run_dir)
    os.makedirs(run_dir, exist_ok=True)
    where = start_ray(cfg)
    summary = {"name": cfg["name"], "game": cfg["game"], "output_dir": run_dir, "backend": "rllib", "ray": where,
               "envs": cfg["envs"]["count"], "env_runners": cfg["rllib"]["env_runners"],
               "vectorization": f"rllib, {cfg['rllib']['env_runners']} env runner(s)", "resumed_from": resume_from}
    algo = None
    writer = SummaryWriter(os.path.join(run_dir, "tb"))
    try:
        algo = algorithm_config(cfg, run_dir).build_algo()
        start = 0
        if resume_from:
            algo.restore_from_path(resume_from)
            start = int(STEP_DIR.match(os.path.basename(resume_from)).group(1))
        dump_config(cfg, os.path.join(run_dir, "config.yaml"))
        evaluator = Evaluator(cfg, run_dir)
        every = cfg["checkpoints"]["every"]
        snapshot_every = cfg["league"]["snapshot_every"] if "pool" in env_config(cfg, run_dir)["opponents"].values() else 0
        done, t0, learn_seconds = start, time.perf_counter(), 0.0
        while done < cfg["total_timesteps"]:
            t = time.perf_counter()
            result = algo.train()
            learn_seconds += time.perf_counter() - t
            done = sampled(result)          # RLlib's lifetime counter (restored with a checkpoint)
            _write_scalars(writer, result, done)
            if progress:
                ret = result.get("env_runners", {}).get("episode_return_mean")
                print(f"\r{done}/{cfg['total_timesteps']} timesteps, mean episode return "
                      f"{'-' if ret is None else f'{ret:+.2f}'}   ", end="", file=sys.stderr)
            if every and done % every < rollout_size(cfg) and done < cfg["total_timesteps"]:
                algo.save_to_path(os.path.join(run_dir, "checkpoints", f"step_{done}"))
                _prune(run_dir, cfg["checkpoints"]["keep"])
            eval_every = cfg["evaluation"]["every"]
            if eval_every and done % eval_every < rollout_size(cfg):
                _periodic_evaluation(algo, evaluator, run_dir, done)
            if snapshot_every and done % snapshot_every < rollout_size(cfg):
                _snapshot(algo, run_dir, done, cfg["league"]["max_snapshots"])
        if progress:
            print(file=sys.stderr)
        if done > cfg["total_timesteps"]:
            print(f"trained {done} timesteps, {done - cfg['total_timesteps']} past the {cfg['total_timesteps']} "
                  f"asked: RLlib steps a runner's {cfg['envs']['count']} envs in lockstep, so a rollout can run up to "
                  f"envs.count - 1 decisions long per runner (exact with envs.count: 1)", file=sys.stderr)
        final = os.path.join(run_dir, "final")
        algo.save_to_path(final)
        algo.save_to_path(os.path.join(run_dir, "checkpoints", f"step_{done}"))
        _prune(run_dir, cfg["checkpoints"]["keep"])
        summary.update({"timesteps": done, "timesteps_asked": cfg["total_timesteps"], "trained_timesteps": done - start,
                        "learn_seconds": round(learn_seconds, 2),
                        "timesteps_per_second": round((done - start) / learn_seconds, 1) if learn_seconds else None,
                        "wall_seconds": round(time.perf_counter() - t0, 2), "final": final})
    except KeyboardInterrupt:
        _tell_interrupted(run_dir)
        raise
    finally:
        writer.close()
        if algo is not None:
            algo.stop()
        ray.shutdown()
    return finish_run(evaluator, "rllib:" + final, summary, run_dir)


def _tell_interrupted(run_dir: str) -> None:
    """Ctrl-C while training: RLlib's state in the middle of an iteration is not a clean point to save, so the
    run resumes from its newest periodic checkpoint; say which, and how."""
    steps = checkpoint_steps(run_dir)
    if steps:
        print(f"\ninterrupted; the newest checkpoint is {steps[-1][1]} ({steps[-1][0]} timesteps; the training "
              f"since is lost)\nresume with: coin-env train <config> --resume {run_dir}", file=sys.stderr)
    else:
        print(f"\ninterrupted before the first checkpoint (checkpoints.every); nothing to resume in {run_dir}: "
              f"start the run again", file=sys.stderr)


def _periodic_evaluation(algo, evaluator, run_dir: str, step: int) -> None:
    """``evaluation.every``: the learner against the bots in its seats (``evaluation.games`` per seat), a
    row per seat in ``evaluations.csv`` (as with SB3)."""
    path = os.path.join(run_dir, f"eval_candidate_{step}")
    algo.save_to_path(path)
    try:
        result = evaluator._run("rllib:" + path, evaluator.cfg["evaluation"]["games"], baselines=False)
    finally:
        forget_policy(evaluator.cfg["game"], "rllib:" + path)
        forget(path)
        shutil.rmtree(path, ignore_errors=True)
    evaluator._append_csv(step, [r for r in result["rows"] if r["policy"] == "agent"])


def _snapshot(algo, run_dir: str, step: int, keep: int) -> None:
    """A frozen copy of the learner for the league pool (``league/step_<T>``; the newest ``keep`` kept)."""
    root = os.path.join(run_dir, "league")
    algo.save_to_path(os.path.join(root, f"step_{step:012d}"))
    snaps = sorted(os.listdir(root))
    for old in snaps[:-keep]:
        shutil.rmtree(os.path.join(root, old), ignore_errors=True)
