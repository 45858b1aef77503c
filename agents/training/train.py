"""Train a MaskablePPO agent from a YAML config.

    coin-env train configs/gandhi_ppo_vs_arjuna.yaml
    coin-env train configs/smoke.yaml --set total_timesteps=2048 --set envs.count=2
    coin-env train configs/gandhi_ppo_vs_arjuna.yaml --resume          # the newest checkpoint of the run
    python -m agents.training.train CONFIG ...                                   # the same

The learner plays the config's seat(s) of a gymnasium env (coin_env.core.gym_env); the other seats move
inside ``step()``: bots, random play, checkpoints or the self-play league (agents.training.league). Several envs run
in subprocesses on machines with 4 or more cores, in-process below that (``envs.vectorization: auto``; on 2
cores in-process envs measured faster, see make_vec_env).

The run directory (``output_dir``, default ``runs/<name>``) holds:

    config.yaml                 the resolved config (every default filled in)
    checkpoints/step_<N>.zip    periodic checkpoints (``checkpoints.every``; the newest ``checkpoints.keep``) and
                                one at the last step (``--resume`` with a larger total_timesteps extends the run)
    final.zip                   the model at ``total_timesteps``
    best.zip                    the model with the best mean win rate at a periodic evaluation
    league/snapshot_<N>.zip     self-play snapshots (when an opponent is ``pool``)
    tb/                         TensorBoard logs (``tensorboard --logdir runs``)
    monitor.csv                 one line per finished training episode: reward r, length l (learner steps), time t
    evaluations.csv             periodic evaluations: timesteps, seat, games, wins, win rate, 95% CI
    evaluation.{md,json,csv}    the final table: the agent per seat vs the bots, next to random and the bots
    train.json                  timesteps, wall time, learner timesteps/second
    imitation/                  the warm start (``imitation.games`` > 0, agents/training/imitation.py): dataset.npz,
                                collect.json, bc.zip (the cloned model), bc.json (held-out agreement)

Seat rules (``seat_rules``): ``player`` keeps the learner's seat(s) out of the game's ``non_players`` (the
bots' seats are in it); ``non_player`` puts every seat there, so the learner plays by the rules the bots play
by. The periodic and final evaluations play the bot baseline rows in the same setting (agents.evaluation.evaluate).

Imitation warm start: a new run with ``imitation.games`` > 0 writes ``config.yaml``, then collects the bot
games and clones them (each stage skipped when its file is already there, so ``--resume`` of a run stopped in
them continues at the first unfinished stage), then trains PPO from the cloned weights (with
``imitation.kl_coef`` > 0: a KL penalty toward the frozen cloned policy, agents/training/ppo.py).

Every model file is written to a temporary name and renamed, so an interrupted run never leaves a broken
checkpoint. A run directory that already holds a run is never overwritten: ``--resume`` continues it; a new
run goes to ``<output_dir>-2`` (then ``-3``, ...), as printed.

One run per directory. A run holds an exclusive ``fcntl.flock`` on ``<run dir>/.lock`` (the file names the
holder's pid and host) from the moment it claims the directory until it ends. Taking the lock is the claim,
so two runs started together cannot both take one directory: the second moves on to the next free
``<output_dir>-N``; ``--resume`` of a directory whose lock is held is refused. The kernel drops the lock when
its process dies (even by SIGKILL), so a crashed run never leaves a stale lock behind; the ``.lock`` file a
killed run leaves is just a file, and a run that ends (finished, failed or interrupted) removes it. (flock needs a local file system or an NFS that supports it.)

Exact budget. Timesteps are counted in rollouts (``n_steps`` x ``envs.count``); a run trains exactly
``total_timesteps`` (a multiple of ``envs.count``): when the budget is not a whole number of rollouts, the
last rollout is shortened to what is left. Checkpoints, league snapshots and periodic evaluations happen at
rollout boundaries (the first boundary at or after each multiple of their period, and at the end), where
the saved weights have trained on every timestep counted in the saved ``num_timesteps``.

Ctrl-C (KeyboardInterrupt) saves a checkpoint of the last rollout boundary: the weights after the last
finished update and that boundary's timestep count. The unfinished rollout is discarded (it was never
trained on); a resumed run collects it again and ends at exactly ``total_timesteps``.

``--resume`` continues a run:

* from its newest readable checkpoint: an unreadable one (truncated, not a zip) is moved aside to
  ``step_N.zip.corrupt`` with a one-line warning, and the next older one is used (resuming from a
  checkpoint file older than the run's newest renames the newer ones ``*.abandoned``);
* with the same model and problem: keys other than ``total_timesteps``, ``name``, ``output_dir``,
  ``envs.vectorization``, ``algorithm.device``, ``evaluation.*`` and ``checkpoints.*`` must equal the run's
  ``config.yaml`` (and the checkpoint's own network and hyper-parameters); a difference is refused naming
  the keys, and ``config.yaml`` is only rewritten once the model is known to use it;
* with fresh random streams derived from ``(seed, timesteps)``: the envs start new games from seed
  ``resume_seed(seed, T) + i`` and torch/numpy/random are seeded with it too, so the envs are not replayed
  from their initial seeds and resuming one checkpoint twice gives the same run. It is NOT bit-identical to
  an uninterrupted run: the games in progress in the envs, and the RNG states at the checkpoint, are not
  saved with it;
* with ``monitor.csv`` continued: its ``timesteps`` column gives the learner timesteps at each episode's end;
  lines past the checkpoint (a discarded rollout's episodes) are dropped, new lines are appended, and
  ``t`` stays "seconds since the run first started" (the header's ``t_start``; pauses included). Lines
  of ``evaluations.csv`` past the checkpoint and league snapshots past it are dropped likewise.
"""

from __future__ import annotations

import argparse
import sys

from agents.common import standalone

from .backends.rllib.train import train_rllib
from .backends.sb3 import train_sb3
from .config import ConfigError, load_config

BACKENDS = {"sb3": train_sb3, "rllib": train_rllib}     # config key ``backend`` -> its train(cfg, resume, progress)


def train(cfg: dict, resume: bool | str = False, progress: bool = True) -> dict:
    """Run a validated config (agents.training.config) with its backend; returns the summary also written to
    ``train.json``. See the module docstring for the run directory, its lock, the exact budget, Ctrl-C and
    ``--resume``."""
    return BACKENDS[cfg.get("backend", "sb3")](cfg, resume, progress)


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
    except (ConfigError, FileNotFoundError) as e:         # user errors: one line, exit code 2, no traceback
        print(f"coin-env train: {' '.join(str(e).split())}", file=sys.stderr)
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
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
