"""The Stable-Baselines3 backend of ``coin-env train`` (``backend: sb3``, the default): MaskablePPO
(sb3-contrib; agents/training/ppo.py adds the KL penalty toward a cloned policy) on a vector of gymnasium envs
(coin_env.core.gym_env), the learner in the config's seat(s), the other seats playing inside ``step()``.
What a run does and writes -- the run directory, the exact budget, Ctrl-C, ``--resume`` -- is described in
agents/training/train.py; the directory's lock and resume check are agents/training/runs.py.

torch, stable-baselines3 and sb3-contrib (the optional [train] extra) are imported inside the functions that
need them, so that importing this module (``coin-env --help``) stays fast.
"""

from __future__ import annotations

import copy
import csv
import hashlib
import json
import os
import re
import sys
import time
import zipfile

from agents.training.config import (ConfigError, dump_config, load_config, opponent_specs, register_backend_check,
                                    seat_options, trained_seats, variant_configs)
from agents.training.runs import (Evaluator, NothingToResume, RunDirError, checkpoint_run, claim_new_run_dir, differs,
                                  finish_run, lock_holder, lock_or_fail, refuse_changes, resume_differences,
                                  save_atomic, unlock_run_dir)
from agents.training import imitation
from agents.training.imitation import started, warm_start
from agents.training.league import LeaguePolicy, list_snapshots, prune_snapshots, SNAPSHOT, snapshot_path
from coin_env.core.gym_env import CoinGymEnv
from coin_env.core.registry import game_factions

STEP_FILE = re.compile(r"^step_(\d+)\.zip$")
INIT_MODEL = "init.zip"         # a run with ``init``: the weights it started from (its KL anchor without imitation)
INIT_INFO = "init.json"         # ... and where they came from (init_provenance)
SUBPROCESS_MIN_CORES = 4        # envs.vectorization "auto": subprocess envs from this many cores on






def resume_seed(seed: int, timesteps: int) -> int:
    """The base seed of the envs (env i: base + i) and of torch/numpy/random for a run at ``timesteps``:
    ``seed * 1000`` for a new run, a hash of ``(seed, timesteps)`` for a run resumed at ``timesteps`` > 0."""
    if timesteps <= 0:
        return seed * 1000
    import numpy as np
    return int(np.random.SeedSequence([seed, timesteps]).generate_state(1)[0]) & 0x3FFFFFFF


def check_sb3_config(cfg: dict, source: str) -> None:
    """The check ``backend: sb3`` adds to agents.training.config: a minibatch fits in one rollout."""
    hp = cfg["algorithm"]["hyperparameters"]
    if hp["batch_size"] > hp["n_steps"] * cfg["envs"]["count"]:
        raise ConfigError(f"{source}: algorithm.hyperparameters.batch_size ({hp['batch_size']}) is larger than one "
                          f"rollout (n_steps x envs.count = {hp['n_steps'] * cfg['envs']['count']})")


register_backend_check("sb3", check_sb3_config)


# --- environments from plain data ---------------------------------------------------------------------------------
def env_configs(cfg: dict, timesteps: int = 0) -> list[dict]:
    """One plain-data env config per training env (picklable; a remote runner can build them too). Env i's
    seed is ``resume_seed(seed, timesteps) + i`` (``seed * 1000 + i`` for a new run); with ``variants`` env i
    plays ``variants[i % n]`` (agents.training.config.variant_configs)."""
    league = dict(cfg["league"], pool_dir=os.path.join(cfg["output_dir"], "league"))
    settings = variant_configs(cfg)
    base = resume_seed(cfg["seed"], timesteps)
    return [_env_config(settings[rank % len(settings)], league, base + rank) for rank in range(cfg["envs"]["count"])]


def _env_config(cfg: dict, league: dict, seed: int) -> dict:
    factions = list(game_factions(cfg["game"], cfg["options"]))
    seats = trained_seats(cfg, factions)
    return {"game": cfg["game"], "scenario": cfg["scenario"], "options": seat_options(cfg, factions),
            "seat": seats[0] if len(seats) == 1 else seats, "opponents": opponent_specs(cfg, factions),
            "reward": cfg["reward"], "max_decisions": cfg["max_decisions"], "skip_forced": cfg["skip_forced"],
            "seed": seed, "league": league}


def make_env(env_config: dict):
    """A CoinGymEnv from one of :func:`env_configs`' dicts; ``pool`` opponents become league seats."""
    config = dict(env_config)
    league = config.pop("league", None) or {}
    opponents = {f: LeaguePolicy(config["game"], **league) if spec == "pool" else spec
                 for f, spec in config["opponents"].items()}
    config["opponents"] = opponents
    return CoinGymEnv.from_config(config)


class _EnvFactory:
    """A picklable thunk for SubprocVecEnv."""

    def __init__(self, env_config: dict):
        self.env_config = env_config

    def __call__(self):
        import multiprocessing
        import signal
        if multiprocessing.parent_process() is not None:
            # A subprocess env: Ctrl-C is the trainer's to handle (it saves a checkpoint, then closes us).
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            import torch
            torch.set_num_threads(1)        # env workers run bots and snapshots one decision at a time
        except ImportError:
            pass
        return make_env(self.env_config)


def masks_from_infos(venv):
    """Wrap an SB3 VecEnv so MaskablePPO's ``env_method("action_masks")`` is answered from the masks the
    envs already put in their step and reset infos, instead of one more call to every env. With
    subprocess envs that call is a pipe round trip per env and step (~0.15 ms each)."""
    from stable_baselines3.common.vec_env import VecEnvWrapper

    class MasksFromInfos(VecEnvWrapper):
        def reset(self):
            obs = self.venv.reset()
            self._masks = [info["action_mask"] for info in self.venv.reset_infos]
            return obs

        def step_wait(self):
            obs, rewards, dones, infos = self.venv.step_wait()
            # A finished env was reset inside step(): its next mask is in the reset info.
            self._masks = [self.venv.reset_infos[i]["action_mask"] if done else info["action_mask"]
                           for i, (done, info) in enumerate(zip(dones, infos))]
            return obs, rewards, dones, infos

        def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
            if method_name == "action_masks" and not method_args and not method_kwargs:
                return [self._masks[i] for i in self._get_indices(indices)]
            return self.venv.env_method(method_name, *method_args, indices=indices, **method_kwargs)

    return MasksFromInfos(venv)


def make_vec_env(cfg: dict, resuming: bool = False, timesteps: int = 0):
    """The training VecEnv and its vectorization mode; ``timesteps``: where a resumed run starts (the env
    seeds and monitor.csv continue from there)."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
    factories = [_EnvFactory(c) for c in env_configs(cfg, timesteps)]
    mode = cfg["envs"]["vectorization"]
    if mode == "auto":
        # Measured on a 2-core machine (the quickstart config, Gandhi vs Arjuna): 4 in-process envs train at
        # ~970 timesteps/s, 2 or 4 subprocess envs at ~560 / ~780: a step's pipe round trip (~0.15 ms) and
        # wake-ups cost more than the second core gives back. Subprocesses pay off with more cores.
        mode = "subprocess" if len(factories) > 1 and (os.cpu_count() or 1) >= SUBPROCESS_MIN_CORES else "dummy"
    venv = SubprocVecEnv(factories, start_method="forkserver") if mode == "subprocess" else DummyVecEnv(factories)
    venv = masks_from_infos(venv)
    # monitor.csv: one line per finished episode (reward, length, time, learner timesteps at its end): the
    # learning curve. A resumed run continues the file (SB3 would start it afresh).
    monitor = os.path.join(cfg["output_dir"], "monitor.csv")
    return RunMonitor(venv, monitor, timesteps, resuming), mode


def _run_monitor_class():
    import numpy as np
    from stable_baselines3.common.monitor import ResultsWriter
    from stable_baselines3.common.vec_env import VecMonitor

    class _RunMonitor(VecMonitor):
        """SB3's VecMonitor plus a ``timesteps`` column, continued across ``--resume`` (see the module
        docstring): lines past the resume point are dropped, ``t`` keeps counting from the first start."""

        def __init__(self, venv, path: str, timesteps: int = 0, resuming: bool = False):
            super().__init__(venv)
            self.timesteps = timesteps
            self.info_keywords = ("timesteps",)
            if resuming and os.path.isfile(path):
                self.t_start = _truncate_monitor(path, timesteps, self.t_start)
                self.results_writer = ResultsWriter(path, extra_keys=self.info_keywords, override_existing=False)
            else:
                self.results_writer = ResultsWriter(path, header={"t_start": self.t_start, "env_id": "None"},
                                                    extra_keys=self.info_keywords)

        def step_wait(self):
            obs, rewards, dones, infos = self.venv.step_wait()
            self.timesteps += self.num_envs
            self.episode_returns += rewards
            self.episode_lengths += 1
            infos = list(infos)
            for i in np.flatnonzero(dones):
                info = dict(infos[i])
                episode = {"r": self.episode_returns[i], "l": self.episode_lengths[i],
                           "t": round(time.time() - self.t_start, 6), "timesteps": self.timesteps}
                info["episode"] = episode
                self.episode_count += 1
                self.episode_returns[i] = 0
                self.episode_lengths[i] = 0
                self.results_writer.write_row(episode)
                infos[i] = info
            return obs, rewards, dones, infos

    return _RunMonitor


def RunMonitor(venv, path: str, timesteps: int = 0, resuming: bool = False):
    return _run_monitor_class()(venv, path, timesteps, resuming)


def _truncate_monitor(path: str, timesteps: int, default_t_start: float) -> float:
    """Rewrite monitor.csv without the episodes that ended after ``timesteps`` (older files, without a
    ``timesteps`` column, get an empty one); returns the run's original ``t_start``."""
    with open(path, newline="") as f:
        first = f.readline()
        rows = list(csv.DictReader(f))
    try:
        header = json.loads(first[1:]) if first.startswith("#") else {}
        t_start = float(header.get("t_start", default_t_start))
    except (ValueError, TypeError):
        header, t_start = {}, default_t_start
    kept = [r for r in rows if not r.get("timesteps") or int(float(r["timesteps"])) <= timesteps]
    tmp = path + ".tmp"
    with open(tmp, "w", newline="\n") as f:
        f.write("#" + json.dumps({"t_start": t_start, "env_id": header.get("env_id", "None")}) + "\n")
        w = csv.DictWriter(f, fieldnames=("r", "l", "t", "timesteps"), extrasaction="ignore")
        w.writeheader()
        for r in kept:
            w.writerow({k: r.get(k) or "" for k in ("r", "l", "t", "timesteps")})
    os.replace(tmp, path)
    return t_start




def checkpoint_steps(run_dir: str) -> list[tuple[int, str]]:
    """The run's periodic checkpoints as (timesteps, path), oldest first."""
    directory = os.path.join(run_dir, "checkpoints")
    if not os.path.isdir(directory):
        return []
    found = [(int(m.group(1)), os.path.join(directory, n)) for n in os.listdir(directory) if (m := STEP_FILE.match(n))]
    return sorted(found)


def latest_checkpoint(run_dir: str) -> str | None:
    steps = checkpoint_steps(run_dir)
    return steps[-1][1] if steps else None


def checkpoint_problem(path: str) -> str | None:
    """Why ``path`` cannot be a checkpoint to resume from (None: it reads as a complete SB3 save)."""
    try:
        with zipfile.ZipFile(path) as z:
            missing = {"data", "policy.pth"} - set(z.namelist())
            if missing:
                return f"not a MaskablePPO save (no {', '.join(sorted(missing))} in it)"
            bad = z.testzip()
            if bad is not None:
                return f"damaged ({bad} fails its CRC check)"
    except (zipfile.BadZipFile, EOFError, ValueError):
        return "truncated or not a zip file"
    except OSError as e:
        return e.strerror or str(e)
    return None


def checkpoint_timesteps(path: str) -> int:
    """The learner timesteps a checkpoint was saved at (read from its ``data``, without loading the model)."""
    try:
        with zipfile.ZipFile(path) as z:
            return int(json.loads(z.read("data"))["num_timesteps"])
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, TypeError) as e:
        raise RunDirError(f"cannot resume from {path}: no timestep count in it ({type(e).__name__})") from None


def newest_valid_checkpoint(run_dir: str) -> str:
    """The newest readable checkpoint of a run; an unreadable newer one is renamed ``<name>.corrupt`` (so it
    is never picked again nor counted as one of the kept checkpoints) with a one-line warning."""
    steps = checkpoint_steps(run_dir)
    where = os.path.join(run_dir, "checkpoints")
    if not steps:
        raise NothingToResume(f"nothing to resume: no checkpoint in {where}")
    problems = []
    for _, path in reversed(steps):
        problem = checkpoint_problem(path)
        if problem is None:
            if problems:
                print(f"coin-env train: warning: {'; '.join(problems)}; resuming from {path}", file=sys.stderr)
            return path
        aside = path + ".corrupt"
        try:
            os.replace(path, aside)
            problems.append(f"{path} is unreadable ({problem}), moved to {os.path.basename(aside)}")
        except OSError:
            problems.append(f"{path} is unreadable ({problem})")
    raise NothingToResume(f"nothing to resume: no readable checkpoint in {where} ({'; '.join(problems)})")












# --- callbacks -----------------------------------------------------------------------------------------------------
def _callbacks(cfg: dict, run_dir: str, evaluator, progress: bool, start: int = 0):
    """``[schedule, progress bar]``: the schedule runs checkpoints, league snapshots and evaluations at rollout
    boundaries and knows the last clean state for Ctrl-C (see the module docstring)."""
    from stable_baselines3.common.callbacks import BaseCallback

    every = lambda n, last, now: n > 0 and now // n > last // n     # crossed a multiple of n since `last`

    class Schedule(BaseCallback):
        def __init__(self):
            super().__init__()
            self.last = start           # the boundary whose events were handled last
            self.boundary = start       # the newest rollout boundary: the timesteps the weights trained on
            self.phase = "idle"         # "collect": weights clean; "train": an update in progress
            self.clean = None           # the weights and optimizer before the update in progress

        def _on_training_start(self):
            if self._league() and not _league_snapshots(run_dir):
                self._snapshot()                        # snapshot 0: the pool is never empty

        def _league(self) -> bool:
            return "pool" in env_configs(cfg)[0]["opponents"].values()

        def _snapshot(self):
            pool = os.path.join(run_dir, "league")
            save_atomic(self.model, snapshot_path(pool, self.model.num_timesteps))
            prune_snapshots(pool, cfg["league"]["max_snapshots"])

        def _on_rollout_start(self):
            self.phase = "collect"
            self.at_boundary()

        def _on_rollout_end(self):
            policy = self.model.policy
            self.clean = (copy.deepcopy(policy.state_dict()), copy.deepcopy(policy.optimizer.state_dict()),
                          self.model._n_updates)
            self.phase = "train"

        def _on_training_end(self):
            self.phase = "idle"
            self.boundary = self.model.num_timesteps

        def _on_step(self) -> bool:
            return True

        def at_boundary(self) -> None:
            """Checkpoint / snapshot / evaluate if their period was crossed since the last boundary."""
            now = self.boundary = self.model.num_timesteps
            if now == self.last:
                return
            if every(cfg["checkpoints"]["every"], self.last, now):
                self.checkpoint()
            if self._league() and every(cfg["league"]["snapshot_every"], self.last, now):
                self._snapshot()
            if every(cfg["evaluation"]["every"], self.last, now):
                evaluator.periodic(self.model, self.logger)
            self.last = now

        def checkpoint(self, keep: int | None = None) -> str:
            return save_checkpoint(self.model, run_dir, keep or cfg["checkpoints"]["keep"],
                                   cfg["algorithm"]["hyperparameters"]["n_steps"])

        def at_end(self) -> None:
            """The end of the budget is a boundary, and always a checkpoint: a finished run can be extended
            with a larger total_timesteps (``--resume``)."""
            self.at_boundary()
            if not any(steps == self.model.num_timesteps for steps, _ in checkpoint_steps(run_dir)):
                self.checkpoint()

        def rewind(self) -> None:
            """After Ctrl-C: back to the last rollout boundary (weights, optimizer, timesteps)."""
            if self.phase == "train" and self.clean is not None:
                policy_state, optimizer_state, n_updates = self.clean
                self.model.policy.load_state_dict(policy_state)
                self.model.policy.optimizer.load_state_dict(optimizer_state)
                self.model._n_updates = n_updates
            self.model.num_timesteps = self.boundary

    class Progress(BaseCallback):
        bar = None

        def _on_training_start(self):
            if self.bar is None:
                from tqdm.auto import tqdm
                self.bar = tqdm(total=cfg["total_timesteps"], initial=self.num_timesteps, unit="step",
                                desc=cfg["name"], dynamic_ncols=True)

        def _on_step(self) -> bool:
            self.bar.update(self.num_timesteps - self.bar.n)
            return True

        def close(self):
            if self.bar is not None:
                self.bar.close()

    return [Schedule()] + ([Progress()] if progress else [])


def _warm_start(cfg, run_dir, model, progress):
    return warm_start(cfg, run_dir, model, progress)


def _league_snapshots(run_dir: str) -> list[str]:
    return list_snapshots(os.path.join(run_dir, "league"))


def save_checkpoint(model, run_dir: str, keep: int, n_steps: int) -> str:
    """A checkpoint at the model's timesteps, keeping the newest ``keep``. It stores the configured rollout
    size ``n_steps``, not the shortened last rollout's (exact budget, module docstring): the resume check
    compares it with the config, and the rollout buffer is not saved, so nothing else depends on it."""
    rollout = model.n_steps
    model.n_steps = n_steps
    try:
        path = save_atomic(model, os.path.join(run_dir, "checkpoints", f"step_{model.num_timesteps:012d}.zip"))
    finally:
        model.n_steps = rollout
    for _, old in checkpoint_steps(run_dir)[:-keep]:
        os.remove(old)
    return path




# --- the run -------------------------------------------------------------------------------------------------------
def build_model(cfg: dict, venv, run_dir: str, resume_from: str | None):
    """The run's model: MaskablePPO (agents.training.ppo.KLMaskablePPO: MaskablePPO plus the optional KL penalty toward
    the imitation stage's cloned policy) with ``algorithm.policy``'s network, new or loaded from a checkpoint."""
    from agents.training.policy_nets import policy_spec    # deferred: imports torch / sb3 ([train] extra)
    from agents.training.ppo import KLMaskablePPO    # deferred: imports torch / sb3 ([train] extra)
    algo = cfg["algorithm"]
    tb = os.path.join(run_dir, "tb")
    if resume_from:
        try:
            return KLMaskablePPO.load(resume_from, env=venv, device=algo["device"], tensorboard_log=tb)
        except Exception as e:       # noqa: BLE001 - any failure to read a user's file is reported in one line
            raise RunDirError(f"cannot resume from {resume_from}: {' '.join(str(e).split()) or type(e).__name__}") \
                from None
    policy, policy_kwargs = policy_spec(cfg)
    return KLMaskablePPO(policy, venv, seed=cfg["seed"], device=algo["device"], tensorboard_log=tb, verbose=0,
                         policy_kwargs=policy_kwargs, **algo["hyperparameters"])


def init_weights_path(spec: str) -> str:
    """The file of ``init``'s weights: the shipped agent of ``pretrained:GAME`` or the checkpoint's path."""
    from agents.policies import checkpoint_path
    from agents.policies.pretrained import PREFIX, path_of
    return path_of(spec[len(PREFIX):]) if spec.startswith(PREFIX) else checkpoint_path(spec)


def network_mismatch(policy, state: dict) -> str | None:
    """Why ``state`` (a policy's state_dict) cannot be loaded into ``policy``, or None when it can."""
    own = policy.state_dict()
    missing, extra = sorted(set(own) - set(state)), sorted(set(state) - set(own))
    if missing or extra:
        return f"other layers ({', '.join((missing or extra)[:2])}{', ...' if len(missing or extra) > 2 else ''})"
    for name, tensor in own.items():
        if tuple(tensor.shape) != tuple(state[name].shape):
            return f"layer {name} is {tuple(state[name].shape)}, the config's {tuple(tensor.shape)}"
    return None


def start_from_init(model, cfg: dict, run_dir: str, resuming: bool) -> None:
    """``init``: the new model's policy takes the named weights (float16 exports are widened), then they are saved
    as ``init.zip`` in the run (the KL anchor without imitation, and what a run stopped in its imitation stages
    restarts from). The network must be the config's: a different one is refused in one line."""
    if cfg.get("init") is None:
        return
    from sb3_contrib import MaskablePPO
    saved = os.path.join(run_dir, INIT_MODEL)
    source = saved if resuming and os.path.isfile(saved) else init_weights_path(cfg["init"])
    try:
        state = MaskablePPO.load(source, device=model.device).policy.state_dict()
    except Exception as e:       # noqa: BLE001 - any failure to read a user's file is reported in one line
        raise RunDirError(f"init: cannot read {source}: {' '.join(str(e).split()) or type(e).__name__}") from None
    mismatch = network_mismatch(model.policy, state)
    if mismatch:
        raise ConfigError(f"init: {cfg['init']} is not this config's network ({mismatch}); set algorithm.policy and "
                          f"algorithm.net_arch as in the run that made it, for the same game and seats")
    model.policy.load_state_dict({name: tensor.float() for name, tensor in state.items()})
    if source != saved:
        save_atomic(model, saved)
        with open(os.path.join(run_dir, INIT_INFO), "w") as f:
            json.dump(init_provenance(cfg["init"], source), f, indent=1, sort_keys=True)


def init_provenance(spec: str, path: str) -> dict:
    """What a run started from, for ``init.json`` (and the exported agent's provenance): the spec, the file's
    SHA-256 and, for a shipped agent, that agent's own provenance (its run's config and source), so the chain
    of runs behind a file survives the file being replaced."""
    from agents.policies.pretrained import PREFIX, info
    out = {"spec": spec, "sha256": hashlib.sha256(open(path, "rb").read()).hexdigest()}
    if spec.startswith(PREFIX):
        out["pretrained"] = {k: v for k, v in info(spec[len(PREFIX):]).items() if k != "measured"}
    else:
        run = checkpoint_run(path)
        if run is not None:
            out["run"] = run
    return out



def attach_kl(model, cfg: dict, run_dir: str) -> None:
    """``imitation.kl_coef`` > 0: the frozen reference policy and the coefficient's schedule. The reference is the
    cloned policy (``imitation/bc.zip``) of a run with an imitation stage, else the ``init`` weights (``init.zip``)."""
    im = cfg["imitation"]
    if not im["kl_coef"]:
        return
    if im["games"]:
        path = os.path.join(imitation.stage_dir(run_dir), imitation.BC_MODEL)
        if not os.path.isfile(path):
            raise RunDirError(f"imitation.kl_coef is set but the cloned policy {path} is missing")
    else:
        path = os.path.join(run_dir, INIT_MODEL)
        if not os.path.isfile(path):
            raise RunDirError(f"imitation.kl_coef is set but the starting weights {path} (init) are missing")
    model.kl_reference = imitation.load_reference(path)
    model.kl_schedule = lambda timesteps: imitation.kl_coefficient(im, timesteps)


def check_device(cfg: dict) -> None:
    """``algorithm.device: cuda`` without a CUDA device is refused (torch would quietly use the CPU)."""
    import torch
    if cfg["algorithm"]["device"] == "cuda" and not torch.cuda.is_available():
        raise ConfigError("algorithm.device is 'cuda' but torch finds no CUDA device on this machine "
                          "(torch.cuda.is_available() is False); use 'cpu' or 'auto'")








def model_differences(model, cfg: dict) -> list[str]:
    """The config's network and hyper-parameters against the ones the loaded model really has."""
    hp = cfg["algorithm"]["hyperparameters"]
    clip = model.clip_range(1.0) if callable(model.clip_range) else model.clip_range
    lr = model.learning_rate(1.0) if callable(model.learning_rate) else model.learning_rate
    actual = {"algorithm.net_arch": list((model.policy_kwargs or {}).get("net_arch") or []),
              "algorithm.hyperparameters.learning_rate": lr, "algorithm.hyperparameters.clip_range": clip}
    for key in ("n_steps", "batch_size", "n_epochs", "gamma", "gae_lambda", "ent_coef", "vf_coef", "max_grad_norm",
                "target_kl", "normalize_advantage"):
        actual[f"algorithm.hyperparameters.{key}"] = getattr(model, key)
    wanted = {"algorithm.net_arch": list(cfg["algorithm"]["net_arch"]),
              **{f"algorithm.hyperparameters.{k}": v for k, v in hp.items()}}
    return [f"{k} (the checkpoint has {actual[k]!r}, the config {wanted[k]!r})"
            for k in wanted if k in actual and differs(actual[k], wanted[k])]




def set_rollout_steps(model, n_steps: int) -> None:
    """Give the model rollouts of ``n_steps`` per env (a new, empty rollout buffer)."""
    if model.n_steps == n_steps:
        return
    model.n_steps = n_steps
    model.rollout_buffer = model.rollout_buffer_class(
        n_steps, model.observation_space, model.action_space, model.device, gamma=model.gamma,
        gae_lambda=model.gae_lambda, n_envs=model.n_envs, **model.rollout_buffer_kwargs)


def holds_run(run_dir: str) -> bool:
    return (bool(latest_checkpoint(run_dir)) or started(run_dir)
            or any(os.path.exists(os.path.join(run_dir, name)) for name in ("final.zip", INIT_MODEL)))


def prepare_run_dir(cfg: dict, resume: bool | str) -> tuple[str | None, int | None]:
    """Choose, create and lock the run directory (``cfg["output_dir"]`` is updated); returns the checkpoint to
    resume from (None for a new run) and the lock (see :func:`lock_run_dir`; release it with
    :func:`unlock_run_dir`). A finished or started run is never overwritten, and a directory locked by a live
    run is never shared: a new run takes the first free ``<output_dir>``, ``<output_dir>-2``, ``-3``, ...
    ``resume``: True (the newest readable checkpoint of ``output_dir``), a run directory (its newest readable
    checkpoint) or a checkpoint file (a file inside ``<run>/checkpoints/`` continues that run)."""
    run_dir = cfg["output_dir"]
    if resume:
        path = resume if isinstance(resume, str) else run_dir
        by_dir = os.path.isdir(path) or path == run_dir
        if by_dir:
            run_dir = path
            if not checkpoint_steps(run_dir) and not started(run_dir):
                raise NothingToResume(f"nothing to resume: no checkpoint in {os.path.join(run_dir, 'checkpoints')}")
        elif not os.path.isfile(path):
            raise NothingToResume(f"checkpoint {path!r} not found")
        else:
            problem = checkpoint_problem(path)
            if problem is not None:
                raise RunDirError(f"cannot resume from {path}: {problem}")
            if os.path.basename(os.path.dirname(os.path.abspath(path))) == "checkpoints":
                run_dir = os.path.dirname(os.path.dirname(path))
        lock = lock_or_fail(run_dir)
        if lock is None:
            raise RunDirError(f"cannot resume {run_dir}: a training is running in it ({lock_holder(run_dir)}); "
                              f"wait for it to end or stop it")
        try:
            if by_dir:
                # A run stopped in its imitation stages has no checkpoint yet: it resumes at the first unfinished
                # stage (None: no PPO checkpoint to load).
                path = newest_valid_checkpoint(run_dir) if checkpoint_steps(run_dir) else None
        except BaseException:
            unlock_run_dir(lock)
            raise
        cfg["output_dir"] = run_dir
        return path, lock
    return None, claim_new_run_dir(cfg, holds_run)




def _set_aside_checkpoints_after(run_dir: str, timesteps: int) -> None:
    """A run resumed from an older checkpoint than its newest: the newer ones belong to the abandoned branch.
    They are renamed ``<name>.abandoned`` (kept, but never resumed from nor counted as kept checkpoints)."""
    newer = [path for steps, path in checkpoint_steps(run_dir) if steps > timesteps]
    for path in newer:
        os.replace(path, path + ".abandoned")
    if newer:
        print(f"coin-env train: resuming at {timesteps} timesteps: {len(newer)} newer checkpoint(s) renamed "
              f"*.abandoned", file=sys.stderr)


def _drop_snapshots_after(run_dir: str, timesteps: int) -> None:
    for path in _league_snapshots(run_dir):
        if int(SNAPSHOT.match(os.path.basename(path)).group(1)) > timesteps:
            os.remove(path)




def train_sb3(cfg: dict, resume: bool | str = False, progress: bool = True) -> dict:
    """Run a validated config with ``backend: sb3``; returns the summary also written to ``train.json``.
    See agents/training/train.py for the run directory, its lock, the exact budget, Ctrl-C and ``--resume``."""
    import torch            # deferred: torch is the optional [train] extra

    cfg = copy.deepcopy(cfg)
    check_device(cfg)
    resume_from, lock = prepare_run_dir(cfg, resume)
    try:
        return _train(cfg, resume_from, progress, torch, resuming=bool(resume))
    finally:
        unlock_run_dir(lock, cfg["output_dir"])


def _train(cfg: dict, resume_from: str | None, progress: bool, torch, resuming: bool = False) -> dict:
    run_dir = cfg["output_dir"]
    saved_config = os.path.join(run_dir, "config.yaml")
    config_problem = None           # why the run's config.yaml cannot be compared with this config
    if resuming and not os.path.isfile(saved_config):
        config_problem = f"the run's config file {saved_config} is missing"
    elif resuming:
        try:
            saved = load_config(saved_config, check_game=False)
        except ConfigError as e:
            saved = None            # unreadable: the checkpoint itself is still checked below
            config_problem = f"the run's config file {saved_config} is unreadable ({' '.join(str(e).split())[:120]})"
        if saved is not None:
            refuse_changes(resume_differences(saved, cfg), run_dir)
    start = checkpoint_timesteps(resume_from) if resume_from else 0
    torch.set_num_threads(max(1, (os.cpu_count() or 1) // 2) if cfg["envs"]["count"] > 1 else 1)
    venv, mode = make_vec_env(cfg, resuming=resume_from is not None, timesteps=start)
    summary = {"name": cfg["name"], "game": cfg["game"], "output_dir": run_dir, "envs": cfg["envs"]["count"],
               "vectorization": mode, "init": cfg["init"], "resumed_from": resume_from}
    callbacks = []
    try:
        try:
            model = build_model(cfg, venv, run_dir, resume_from)
        except RunDirError as e:
            if config_problem is None:
                raise
            raise RunDirError(f"{e}; {config_problem}, so what differs cannot be named: resume with the config "
                              f"the run was started with") from None
        if not resume_from:
            start_from_init(model, cfg, run_dir, resuming)
        if not resume_from and cfg["imitation"]["games"]:
            dump_config(cfg, saved_config)      # before the stages: a run stopped in them resumes against it
            t_im = time.perf_counter()
            summary["imitation"] = _warm_start(cfg, run_dir, model, progress)
            summary["imitation_seconds"] = round(time.perf_counter() - t_im, 2)
        attach_kl(model, cfg, run_dir)
        if resume_from:
            refuse_changes(model_differences(model, cfg), run_dir)
            model.set_random_seed(resume_seed(cfg["seed"], start))   # torch, numpy, random, envs: new streams
            _drop_snapshots_after(run_dir, start)
            _set_aside_checkpoints_after(run_dir, start)
        else:
            venv.seed(resume_seed(cfg["seed"], 0))                   # env i: seed * 1000 + i (env_configs)
        summary["device"] = str(model.device)
        dump_config(cfg, saved_config)          # only now: the model is known to be the config's
        evaluator = Evaluator(cfg, run_dir)
        if resume_from:
            evaluator.resume_at(start)
        n_steps = cfg["algorithm"]["hyperparameters"]["n_steps"]
        envs = cfg["envs"]["count"]
        remaining = cfg["total_timesteps"] - start
        whole = max(0, remaining) - max(0, remaining) % (n_steps * envs)
        callbacks = _callbacks(cfg, run_dir, evaluator, progress, start)
        schedule = callbacks[0]
        t0 = time.perf_counter()
        try:
            if whole > 0:
                model.learn(whole, callback=callbacks, reset_num_timesteps=False, tb_log_name="ppo")
            if remaining - whole > 0:           # the last, shortened rollout: the budget is exact
                set_rollout_steps(model, (remaining - whole) // envs)
                try:
                    model.learn(remaining - whole, callback=callbacks, reset_num_timesteps=False, tb_log_name="ppo")
                finally:
                    set_rollout_steps(model, n_steps)
            if remaining > 0:
                schedule.at_end()               # the end is a boundary: checkpoint, snapshot, evaluation
        except KeyboardInterrupt:
            schedule.rewind()
            path = schedule.checkpoint(cfg["checkpoints"]["keep"] + 1)
            print(f"\ninterrupted; saved {path} at {model.num_timesteps} timesteps (the last rollout boundary: "
                  f"the unfinished rollout is discarded and collected again on resume)\n"
                  f"resume with: coin-env train <config> --resume {run_dir}", file=sys.stderr)
            raise
        finally:
            for cb in callbacks[1:]:
                cb.close()
        wall = time.perf_counter() - t0
        learn_seconds = wall - evaluator.seconds
        final = save_atomic(model, os.path.join(run_dir, "final.zip"))
        summary.update({"timesteps": model.num_timesteps, "trained_timesteps": model.num_timesteps - start,
                        "learn_seconds": round(learn_seconds, 2), "periodic_eval_seconds": round(evaluator.seconds, 2),
                        "timesteps_per_second": round((model.num_timesteps - start) / learn_seconds, 1)
                        if learn_seconds > 0 else None, "final": final})
    finally:
        venv.close()
    return finish_run(evaluator, final, summary, run_dir)
