"""Measure training throughput: the SB3 backend against RLlib with 1 and 2 env runners on the same game,
seat, opponents and network, in one run on this machine, and project RLlib's rate on a bigger cluster
from the measured per-runner sampling rate and learner rate (docs/training.md "Training on Ray RLlib").

    python -m agents.training.backends.rllib.measure --game gandhi --timesteps 8192 --runners 1 2 --project 16

Projection (synchronous PPO, RLlib's default): one iteration samples B decisions on R runners in
parallel, then the learner updates on them: ``B / (B / (R * s) + B / L)`` decisions/s for a per-runner
sampling rate ``s`` and a learner rate ``L``. Asynchronous sampling (APPO/IMPALA-style: runners keep
sampling while the learner updates) approaches ``min(R * s, L)``.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from agents.training.backends.rllib.train import algorithm_config, rollout_size, sampled, start_ray
from agents.training.config import parse_config
from agents.training.train import train

BASE = {
    "seats": "congress", "opponents": "arjuna", "scenario": "short",
    "algorithm": {"net_arch": [256, 256], "hyperparameters": {"n_steps": 512, "batch_size": 256, "n_epochs": 5}},
    "evaluation": {"every": 0, "final_games": 0}, "checkpoints": {"every": 0}, "seed": 0,
}


def _config(game: str, out: str, timesteps: int, backend: str, runners: int = 0, envs: int = 1) -> dict:
    raw = json.loads(json.dumps(BASE))
    raw.update({"game": game, "output_dir": out, "total_timesteps": timesteps, "backend": backend,
                "envs": {"count": envs}})
    if game != "gandhi":
        raw["seats"] = "taliban"
        raw["opponents"] = "flowchart"
    if backend == "rllib":
        raw["rllib"] = {"env_runners": runners, "num_cpus": max(2, runners + 1)}
    return parse_config(raw, f"measure ({backend})")


def measure_sb3(game: str, timesteps: int, envs: int, root: str) -> dict:
    s = train(_config(game, os.path.join(root, f"sb3_{envs}"), timesteps, "sb3", envs=envs), progress=False)
    return {"backend": f"SB3 MaskablePPO, {envs} env(s) in process", "timesteps_per_second": s["timesteps_per_second"]}


def measure_rllib(game: str, timesteps: int, runners: int, root: str) -> dict:
    """Train, then read RLlib's own timers of the last iterations: sampling and learner seconds per rollout."""
    import ray
    cfg = _config(game, os.path.join(root, f"rllib_{runners}"), timesteps, "rllib", runners=runners)
    start_ray(cfg)
    algo = algorithm_config(cfg, cfg["output_dir"]).build_algo()
    try:
        start = sampled(algo.train())      # warm-up iteration (actors start, torch warms up): not timed
        t0 = time.perf_counter()
        now = start
        while now - start < timesteps:
            result = algo.train()
            now = sampled(result)
        wall = time.perf_counter() - t0
        timers = result["timers"]
    finally:
        algo.stop()
        ray.shutdown()
    batch = rollout_size(cfg)
    sample_s, learn_s = timers["env_runner_sampling_timer"], timers["learner_update_timer"]
    return {"backend": f"RLlib PPO, {runners} env runner(s)", "timesteps_per_second": round((now - start) / wall, 1),
            "runners": runners, "batch": batch,
            "per_runner_sampling": round(batch / sample_s / max(1, runners), 1),
            "learner": round(batch / learn_s, 1)}


def projection(rows: list[dict], runners: int) -> dict:
    """From the measured RLlib rows: the best per-runner sampling rate and learner rate, scaled."""
    rl = [r for r in rows if "learner" in r]
    s = max(r["per_runner_sampling"] for r in rl)
    learner = max(r["learner"] for r in rl)
    sync = 1.0 / (1.0 / (runners * s) + 1.0 / learner)
    return {"runners": runners, "per_runner_sampling": s, "learner": learner, "sync": round(sync, 1),
            "async": round(min(runners * s, learner), 1)}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="gandhi")
    p.add_argument("--timesteps", type=int, default=8192, help="timed decisions per setting (after a warm-up)")
    p.add_argument("--runners", type=int, nargs="+", default=[1, 2])
    p.add_argument("--sb3-envs", type=int, nargs="+", default=[1, 2])
    p.add_argument("--project", type=int, default=16, help="env runners to project to")
    args = p.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as root:
        for envs in args.sb3_envs:
            rows.append(measure_sb3(args.game, args.timesteps, envs, root))
        for r in args.runners:
            rows.append(measure_rllib(args.game, args.timesteps, r, root))
    print(f"| {args.game}: trainer | timesteps/s | per-runner sampling /s | learner /s |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['backend']} | {r['timesteps_per_second']} | {r.get('per_runner_sampling', '-')} | "
              f"{r.get('learner', '-')} |")
    pr = projection(rows, args.project)
    print(f"\nprojection, {pr['runners']} env runners: synchronous PPO {pr['sync']} timesteps/s, asynchronous "
          f"sampling up to {pr['async']} (per-runner sampling {pr['per_runner_sampling']}/s, learner {pr['learner']}/s)")


if __name__ == "__main__":
    main()
