"""Train a MaskablePPO agent from a YAML config.

    coin-env train configs/gandhi_ppo_vs_arjuna.yaml
    coin-env train configs/smoke.yaml --set total_timesteps=2048 --set envs.count=2
    coin-env train configs/gandhi_ppo_vs_arjuna.yaml --resume          # the newest checkpoint of the run
    python -m agents.train CONFIG ...                                   # the same

The learner plays the config's seat(s) of a gymnasium env (coin_env.core.gym_env); the other seats move
inside ``step()``: bots, random play, checkpoints or the self-play league (agents.league). Several envs run
in subprocesses on machines with 4 or more cores, in-process below that (``envs.vectorization: auto``; on 2
cores in-process envs measured faster, see make_vec_env).

The run directory (``output_dir``, default ``runs/<name>``) holds:

    config.yaml                 the resolved config (every default filled in)
    checkpoints/step_<N>.zip    periodic checkpoints (``checkpoints.every``; the newest ``checkpoints.keep``)
    final.zip                   the model at ``total_timesteps``
    best.zip                    the model with the best mean win rate at a periodic evaluation
    league/snapshot_<N>.zip     self-play snapshots (when an opponent is ``pool``)
    tb/                         TensorBoard logs (``tensorboard --logdir runs``)
    monitor.csv                 one line per finished training episode: reward r, length l (learner steps), time t
    evaluations.csv             periodic evaluations: timesteps, seat, games, wins, win rate, 95% CI
    evaluation.{md,json,csv}    the final table: the agent per seat vs the bots, next to random and the bots
    train.json                  timesteps, wall time, learner timesteps/second

Every model file is written to a temporary name and renamed, so an interrupted run never leaves a broken
checkpoint. Ctrl-C saves the current model as a checkpoint and says how to resume. A run directory that
already holds a run is never overwritten: ``--resume`` continues it; a new run goes to ``<output_dir>-2``
(then ``-3``, ...), as printed.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
import time

from .config import ConfigError, dump_config, load_config, opponent_specs, trained_seats

STEP_FILE = re.compile(r"^step_(\d+)\.zip$")
SUBPROCESS_MIN_CORES = 4        # envs.vectorization "auto": subprocess envs from this many cores on


# --- environments from plain data ---------------------------------------------------------------------------------
def env_configs(cfg: dict) -> list[dict]:
    """One plain-data env config per training env (picklable; a remote runner can build them too)."""
    from coin_env.core.registry import game_module
    factions = list(game_module(cfg["game"]).GAME_CLASS.factions)
    seats = trained_seats(cfg, factions)
    league = dict(cfg["league"], pool_dir=os.path.join(cfg["output_dir"], "league"))
    return [{"game": cfg["game"], "scenario": cfg["scenario"], "options": dict(cfg["options"]),
             "seat": seats[0] if len(seats) == 1 else seats, "opponents": opponent_specs(cfg, factions),
             "reward": cfg["reward"], "max_decisions": cfg["max_decisions"],
             "seed": cfg["seed"] * 1000 + rank, "league": league}
            for rank in range(cfg["envs"]["count"])]


def make_env(env_config: dict):
    """A CoinGymEnv from one of :func:`env_configs`' dicts; ``pool`` opponents become league seats."""
    from coin_env.core.gym_env import CoinGymEnv
    from .league import LeaguePolicy
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


def make_vec_env(cfg: dict, resuming: bool = False):
    from stable_baselines3.common.monitor import ResultsWriter
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor
    factories = [_EnvFactory(c) for c in env_configs(cfg)]
    mode = cfg["envs"]["vectorization"]
    if mode == "auto":
        # Measured on a 2-core machine (the quickstart config, Gandhi vs Arjuna): 4 in-process envs train at
        # ~970 timesteps/s, 2 or 4 subprocess envs at ~560 / ~780: a step's pipe round trip (~0.15 ms) and
        # wake-ups cost more than the second core gives back. Subprocesses pay off with more cores.
        mode = "subprocess" if len(factories) > 1 and (os.cpu_count() or 1) >= SUBPROCESS_MIN_CORES else "dummy"
    venv = SubprocVecEnv(factories, start_method="forkserver") if mode == "subprocess" else DummyVecEnv(factories)
    venv = masks_from_infos(venv)
    # monitor.csv: one line per finished episode (reward, length, time): the learning curve. A resumed run
    # appends to it (SB3 would start the file afresh).
    monitor = os.path.join(cfg["output_dir"], "monitor.csv")
    if resuming and os.path.isfile(monitor):
        venv = VecMonitor(venv)
        venv.results_writer = ResultsWriter(monitor, override_existing=False)
        return venv, mode
    return VecMonitor(venv, filename=monitor), mode


# --- files ---------------------------------------------------------------------------------------------------------
def save_atomic(model, path: str) -> str:
    """Save a model under ``path`` (a .zip) through a hidden temporary file and a rename."""
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, f".tmp-{os.getpid()}-{os.path.basename(path)}")
    model.save(tmp)
    os.replace(tmp, path)
    return path


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


# --- callbacks -----------------------------------------------------------------------------------------------------
def _callbacks(cfg: dict, run_dir: str, evaluator, progress: bool):
    from stable_baselines3.common.callbacks import BaseCallback

    every = lambda n, last, now: n > 0 and now // n > last // n     # crossed a multiple of n since `last`

    class Periodic(BaseCallback):
        """Checkpoints, league snapshots and evaluations at their schedules (in learner timesteps)."""

        def __init__(self):
            super().__init__()
            self.last = 0

        def _on_training_start(self):
            self.last = self.num_timesteps
            if self._league() and not _league_snapshots(run_dir):
                self._snapshot()                        # snapshot 0: the pool is never empty

        def _league(self) -> bool:
            return "pool" in env_configs(cfg)[0]["opponents"].values()

        def _snapshot(self):
            from .league import prune_snapshots, snapshot_path
            pool = os.path.join(run_dir, "league")
            save_atomic(self.model, snapshot_path(pool, self.num_timesteps))
            prune_snapshots(pool, cfg["league"]["max_snapshots"])

        def _on_step(self) -> bool:
            now = self.num_timesteps
            if every(cfg["checkpoints"]["every"], self.last, now):
                save_checkpoint(self.model, run_dir, cfg["checkpoints"]["keep"])
            if self._league() and every(cfg["league"]["snapshot_every"], self.last, now):
                self._snapshot()
            if every(cfg["evaluation"]["every"], self.last, now):
                evaluator.periodic(self.model, self.logger)
            self.last = now
            return True

    class Progress(BaseCallback):
        def _on_training_start(self):
            from tqdm.auto import tqdm
            self.bar = tqdm(total=cfg["total_timesteps"], initial=self.num_timesteps, unit="step",
                            desc=cfg["name"], dynamic_ncols=True)

        def _on_step(self) -> bool:
            self.bar.update(self.num_timesteps - self.bar.n)
            return True

        def _on_training_end(self):
            self.bar.close()

    return [Periodic()] + ([Progress()] if progress else [])


def _league_snapshots(run_dir: str) -> list[str]:
    from .league import list_snapshots
    return list_snapshots(os.path.join(run_dir, "league"))


def save_checkpoint(model, run_dir: str, keep: int) -> str:
    path = save_atomic(model, os.path.join(run_dir, "checkpoints", f"step_{model.num_timesteps:012d}.zip"))
    for _, old in checkpoint_steps(run_dir)[:-keep]:
        os.remove(old)
    return path


# --- evaluation ----------------------------------------------------------------------------------------------------
class Evaluator:
    """Periodic and final evaluation of the learner in its trained seats against the bots (agents.evaluate)."""

    def __init__(self, cfg: dict, run_dir: str):
        from coin_env.core.registry import game_bots, game_module
        self.cfg = cfg
        self.run_dir = run_dir
        self.factions = list(game_module(cfg["game"]).GAME_CLASS.factions)
        self.seats = trained_seats(cfg, self.factions)
        self.against = cfg["evaluation"]["against"] or next(iter(game_bots(cfg["game"])), "random")
        self.best = None
        self.seconds = 0.0

    def _run(self, checkpoint: str, games: int, baselines: bool) -> dict:
        from .evaluate import evaluate
        e = self.cfg["evaluation"]
        t0 = time.perf_counter()
        result = evaluate(self.cfg["game"], {"agent": checkpoint}, against=self.against, games=games,
                          seed=e["seed"], scenario=self.cfg["scenario"], options=dict(self.cfg["options"]),
                          workers=e["workers"], baselines=baselines, seats=self.seats, progress=False)
        self.seconds += time.perf_counter() - t0
        return result

    def periodic(self, model, logger) -> None:
        from .tournament import forget_policy
        path = save_atomic(model, os.path.join(self.run_dir, f"eval_candidate_{model.num_timesteps}.zip"))
        try:
            result = self._run(path, self.cfg["evaluation"]["games"], baselines=False)
        finally:
            forget_policy(self.cfg["game"], path)
        rows = [r for r in result["rows"] if r["policy"] == "agent"]
        seat_rows = [r for r in rows if r["seat"] != "all"]       # "all" pools the seats: not a seat of its own
        mean = sum(r["win_rate"] for r in seat_rows) / len(seat_rows)
        for r in rows:
            logger.record(f"eval/win_rate_{r['seat']}", r["win_rate"])
            logger.record(f"eval/mean_margin_{r['seat']}", r["mean_margin"])
        logger.record("eval/win_rate", mean)
        self._append_csv(model.num_timesteps, rows)
        if self.best is None or mean > self.best:
            self.best = mean
            os.replace(path, os.path.join(self.run_dir, "best.zip"))
        else:
            os.remove(path)

    def _append_csv(self, timesteps: int, rows: list[dict]) -> None:
        path = os.path.join(self.run_dir, "evaluations.csv")
        new = not os.path.exists(path)
        with open(path, "a", newline="") as f:
            w = csv.writer(f)
            if new:
                w.writerow(["timesteps", "seat", "against", "games", "wins", "win_rate", "ci95_low", "ci95_high",
                            "mean_margin"])
            for r in rows:
                w.writerow([timesteps, r["seat"], self.against, r["games"], r["wins"], f"{r['win_rate']:.4f}",
                            f"{r['ci95'][0]:.4f}", f"{r['ci95'][1]:.4f}", f"{r['mean_margin']:.3f}"])

    def final(self, checkpoint: str) -> dict | None:
        from .evaluate import format_table, write_csv
        games = self.cfg["evaluation"]["final_games"]
        if games == 0:
            return None
        result = self._run(checkpoint, games, baselines=True)
        table = format_table(result)
        with open(os.path.join(self.run_dir, "evaluation.md"), "w") as f:
            f.write(table + "\n")
        with open(os.path.join(self.run_dir, "evaluation.json"), "w") as f:
            json.dump(result, f, indent=2)
        write_csv(result, os.path.join(self.run_dir, "evaluation.csv"))
        result["table"] = table
        return result


# --- the run -------------------------------------------------------------------------------------------------------
def build_model(cfg: dict, venv, run_dir: str, resume_from: str | None):
    from sb3_contrib import MaskablePPO
    algo = cfg["algorithm"]
    tb = os.path.join(run_dir, "tb")
    if resume_from:
        return MaskablePPO.load(resume_from, env=venv, device=algo["device"], tensorboard_log=tb)
    return MaskablePPO("MlpPolicy", venv, seed=cfg["seed"], device=algo["device"], tensorboard_log=tb, verbose=0,
                       policy_kwargs={"net_arch": list(algo["net_arch"])}, **algo["hyperparameters"])


def holds_run(run_dir: str) -> bool:
    return bool(latest_checkpoint(run_dir)) or os.path.exists(os.path.join(run_dir, "final.zip"))


def prepare_run_dir(cfg: dict, resume: bool | str) -> str | None:
    """Choose and create the run directory (``cfg["output_dir"]`` is updated); returns the checkpoint to resume
    from. A finished or started run is never overwritten: a new run next to one gets the first free
    ``<output_dir>-2``, ``-3``, ... ``resume``: True (the newest checkpoint of ``output_dir``), a run directory
    (its newest checkpoint) or a checkpoint file (a file inside ``<run>/checkpoints/`` continues that run)."""
    run_dir = cfg["output_dir"]
    if resume:
        path = resume if isinstance(resume, str) else run_dir
        if os.path.isdir(path) or path == run_dir:
            run_dir, path = path, latest_checkpoint(path)
            if path is None:
                raise FileNotFoundError(f"nothing to resume: no checkpoint in {os.path.join(run_dir, 'checkpoints')}")
        elif not os.path.isfile(path):
            raise FileNotFoundError(f"checkpoint {path!r} not found")
        elif os.path.basename(os.path.dirname(os.path.abspath(path))) == "checkpoints":
            run_dir = os.path.dirname(os.path.dirname(path))
        cfg["output_dir"] = run_dir
        return path
    if holds_run(run_dir):
        n = 2
        while holds_run(f"{run_dir}-{n}"):
            n += 1
        print(f"{run_dir} holds an earlier run (continue it with --resume); this run goes to {run_dir}-{n}",
              file=sys.stderr)
        cfg["output_dir"] = run_dir = f"{run_dir}-{n}"
    os.makedirs(run_dir, exist_ok=True)
    return None


def train(cfg: dict, resume: bool | str = False, progress: bool = True) -> dict:
    """Run a validated config (agents.config); returns the summary also written to ``train.json``."""
    import torch

    cfg = dict(cfg)
    resume_from = prepare_run_dir(cfg, resume)
    run_dir = cfg["output_dir"]
    os.makedirs(run_dir, exist_ok=True)
    dump_config(cfg, os.path.join(run_dir, "config.yaml"))
    torch.set_num_threads(max(1, (os.cpu_count() or 1) // 2) if cfg["envs"]["count"] > 1 else 1)
    venv, mode = make_vec_env(cfg, resuming=resume_from is not None)
    summary = {"name": cfg["name"], "game": cfg["game"], "output_dir": run_dir, "envs": cfg["envs"]["count"],
               "vectorization": mode, "resumed_from": resume_from}
    try:
        model = build_model(cfg, venv, run_dir, resume_from)
        start = model.num_timesteps
        evaluator = Evaluator(cfg, run_dir)
        remaining = cfg["total_timesteps"] - start
        t0 = time.perf_counter()
        if remaining > 0:
            try:
                model.learn(remaining, callback=_callbacks(cfg, run_dir, evaluator, progress),
                            reset_num_timesteps=False, tb_log_name="ppo")
            except KeyboardInterrupt:
                path = save_checkpoint(model, run_dir, cfg["checkpoints"]["keep"] + 1)
                print(f"\ninterrupted at {model.num_timesteps} timesteps; saved {path}\n"
                      f"resume with: coin-env train <config> --resume", file=sys.stderr)
                raise
        wall = time.perf_counter() - t0
        learn_seconds = wall - evaluator.seconds
        final = save_atomic(model, os.path.join(run_dir, "final.zip"))
        summary.update({"timesteps": model.num_timesteps, "trained_timesteps": model.num_timesteps - start,
                        "learn_seconds": round(learn_seconds, 2), "periodic_eval_seconds": round(evaluator.seconds, 2),
                        "timesteps_per_second": round((model.num_timesteps - start) / learn_seconds, 1)
                        if learn_seconds > 0 else None, "final": final})
    finally:
        venv.close()
    t1 = time.perf_counter()
    result = evaluator.final(final)
    summary["final_eval_seconds"] = round(time.perf_counter() - t1, 2)
    if result is not None:
        summary["evaluation"] = [{k: r[k] for k in ("policy", "seat", "games", "wins", "win_rate", "ci95",
                                                    "mean_margin")} for r in result["rows"]]
        summary["table"] = result["table"]
    with open(os.path.join(run_dir, "train.json"), "w") as f:
        json.dump(summary, f, indent=2)
    return summary


# --- command line --------------------------------------------------------------------------------------------------
def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", help="a YAML config, e.g. configs/gandhi_ppo_vs_arjuna.yaml (see configs/README.md)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override a config key, e.g. --set total_timesteps=5000 --set envs.count=1")
    p.add_argument("--resume", nargs="?", const=True, default=False, metavar="RUN_DIR|CHECKPOINT",
                   help="continue the run (output_dir, or the given run directory) from its newest checkpoint, "
                        "or from the given .zip")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args) -> int:
    try:
        cfg = load_config(args.config, overrides=args.set)
        summary = train(cfg, resume=args.resume, progress=not args.no_progress)
    except (ConfigError, FileNotFoundError) as e:
        print(f"coin-env train: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(f"trained {summary['trained_timesteps']} timesteps in {summary['learn_seconds']} s "
          f"({summary['timesteps_per_second']} timesteps/s, {summary['envs']} envs, {summary['vectorization']}); "
          f"model: {summary['final']}")
    if "table" in summary:
        print(summary["table"])
    return 0


def main(argv=None) -> None:
    from .cli import standalone
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
