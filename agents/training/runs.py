"""A training run's directory, shared by both backends (backends/sb3.py, backends/rllib/train.py): one run
per directory (an exclusive ``fcntl.flock`` on ``<run dir>/.lock``, see agents/training/train.py), a new
run never reuses a directory that holds one, the resume check (which config keys may change), model files
written atomically, and the evaluations during and at the end of a run (:class:`Evaluator`,
agents.evaluation.evaluate).
"""

from __future__ import annotations

import csv
import json
import math
import os
import socket
import sys
import time

import yaml

from coin_env.core.registry import game_bots, game_factions

from agents.evaluation.evaluate import evaluate, format_table, write_csv
from agents.evaluation.tournament import forget_policy

from .config import ConfigError, trained_seats


LOCK_FILE = ".lock"


# Keys that may differ between a run's config.yaml and the config it is resumed with (prefixes).
RESUME_MAY_CHANGE = ("name", "output_dir", "total_timesteps", "envs.vectorization", "algorithm.device", "rllib.address",
                     "rllib.num_cpus",
                     "evaluation", "checkpoints")


class RunDirError(ConfigError):
    """The run directory cannot be used (in use by another run, not writable, nothing to resume)."""


class NothingToResume(RunDirError, FileNotFoundError):
    """``--resume`` found no checkpoint (or no readable one) to continue from."""


# --- files ---------------------------------------------------------------------------------------------------------
def save_atomic(model, path: str) -> str:
    """Save a model under ``path`` (a .zip) through a hidden temporary file and a rename."""
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, f".tmp-{os.getpid()}-{os.path.basename(path)}")
    model.save(tmp)
    os.replace(tmp, path)
    return path


# --- one run per directory ---------------------------------------------------------------------------------------
def lock_run_dir(run_dir: str) -> int | None:
    """Create ``run_dir`` if needed and take its exclusive lock (see agents/training/train.py). Returns the lock's
    file descriptor (keep it open for the run; :func:`unlock_run_dir` releases it), or None while another
    live process holds it. Raises OSError when the directory cannot be created or written."""
    import fcntl            # deferred: POSIX only, and only a run takes a lock
    os.makedirs(run_dir, exist_ok=True)
    path = os.path.join(run_dir, LOCK_FILE)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except OSError:
            os.close(fd)
            raise
        if _same_file(fd, path):
            break
        os.close(fd)    # the holder removed the file as its run ended: we locked a dead name, take the new one
    os.ftruncate(fd, 0)
    os.write(fd, f"pid {os.getpid()} on {socket.gethostname()}\n".encode())
    return fd


def _same_file(fd: int, path: str) -> bool:
    """Whether ``path`` still names the open file ``fd`` (not removed or replaced since it was opened)."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except FileNotFoundError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def unlock_run_dir(fd: int | None, run_dir: str | None = None) -> None:
    """Release a lock from :func:`lock_run_dir`. With ``run_dir`` (the end of a run) the ``.lock`` file is
    removed first, while still held, so a finished run leaves none behind; a process that opened the old
    file meanwhile finds it gone after taking the lock and takes the new one (:func:`lock_run_dir`)."""
    if fd is None:
        return
    if run_dir is not None:
        path = os.path.join(run_dir, LOCK_FILE)
        if _same_file(fd, path):
            try:
                os.remove(path)
            except OSError:
                pass                # a read-only or vanished directory: the lock is released all the same
    os.close(fd)                    # closing the descriptor releases the flock


def lock_holder(run_dir: str) -> str:
    try:
        with open(os.path.join(run_dir, LOCK_FILE)) as f:
            return f.read().strip() or "another process"
    except OSError:
        return "another process"


def lock_or_fail(run_dir: str) -> int | None:
    try:
        return lock_run_dir(run_dir)
    except OSError as e:
        raise RunDirError(f"output directory {run_dir!r} cannot be used: {e.strerror or e}") from None


def claim_new_run_dir(cfg: dict, holds) -> int | None:
    """A new run's directory: the first of ``output_dir``, ``<output_dir>-2``, ... that no live run has
    locked and that ``holds(dir)`` does not call a run; locked (the lock is returned) and written back to
    ``cfg["output_dir"]``. Both backends use it (``holds`` knows their checkpoints)."""
    run_dir = cfg["output_dir"]
    n = 1
    while True:
        candidate = run_dir if n == 1 else f"{run_dir}-{n}"
        lock = lock_or_fail(candidate)
        if lock is not None:
            if not holds(candidate):
                break
            unlock_run_dir(lock)
        n += 1
    if candidate != run_dir:
        print(f"{run_dir} holds an earlier run or one in progress (continue it with --resume); this run goes to "
              f"{candidate}", file=sys.stderr)
    cfg["output_dir"] = candidate
    return lock


# --- evaluation ----------------------------------------------------------------------------------------------------
class Evaluator:
    """Periodic and final evaluation of the learner in its trained seats against the bots (agents.evaluation.evaluate)."""

    def __init__(self, cfg: dict, run_dir: str):
        self.cfg = cfg
        self.run_dir = run_dir
        self.factions = list(game_factions(cfg["game"], cfg["options"]))
        self.seats = trained_seats(cfg, self.factions)
        self.against = cfg["evaluation"]["against"] or next(iter(game_bots(cfg["game"])), "random")
        self.best = None
        self.seconds = 0.0

    def _run(self, checkpoint: str, games: int, baselines: bool) -> dict:
        e = self.cfg["evaluation"]
        t0 = time.perf_counter()
        result = evaluate(self.cfg["game"], {"agent": checkpoint}, against=self.against, games=games,
                          seed=e["seed"], scenario=self.cfg["scenario"], options=dict(self.cfg["options"]),
                          seat_rules=self.cfg["seat_rules"],
                          workers=e["workers"], baselines=baselines, seats=self.seats, progress=False)
        self.seconds += time.perf_counter() - t0
        return result

    def periodic(self, model, logger) -> None:
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

    def resume_at(self, timesteps: int) -> None:
        """A run resumed at ``timesteps``: drop evaluations.csv lines past it (they are done again) and take the
        best mean win rate so far from the rest, so best.zip is only replaced by a better model."""
        path = os.path.join(self.run_dir, "evaluations.csv")
        if not os.path.isfile(path):
            return
        with open(path, newline="") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            rows = list(reader)
        if not header or "timesteps" not in header:
            return
        col = {name: i for i, name in enumerate(header)}
        kept = [r for r in rows if r and int(r[col["timesteps"]]) <= timesteps]
        by_step: dict[int, list[float]] = {}
        for r in kept:
            if r[col["seat"]] != "all":
                by_step.setdefault(int(r[col["timesteps"]]), []).append(float(r[col["win_rate"]]))
        if by_step and os.path.isfile(os.path.join(self.run_dir, "best.zip")):
            self.best = max(sum(v) / len(v) for v in by_step.values())
        if len(kept) != len(rows):
            tmp = path + ".tmp"
            with open(tmp, "w", newline="") as f:
                csv.writer(f).writerows([header] + kept)
            os.replace(tmp, path)

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


def flat_keys(d: dict, prefix: str = "") -> dict:
    out = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict) and v:
            out.update(flat_keys(v, key + "."))
        else:
            out[key] = v
    return out


def differs(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) \
            and not isinstance(b, bool):
        return not math.isclose(a, b, rel_tol=1e-9, abs_tol=0.0)
    return a != b


def resume_differences(saved: dict, cfg: dict) -> list[str]:
    """``key: old -> new`` for every key that may not change on resume (RESUME_MAY_CHANGE may)."""
    old, new = flat_keys(saved), flat_keys(cfg)
    out = []
    for key in sorted(set(old) | set(new)):
        if any(key == p or key.startswith(p + ".") for p in RESUME_MAY_CHANGE):
            continue
        if differs(old.get(key), new.get(key)):
            out.append(f"{key} ({old.get(key)!r} -> {new.get(key)!r})")
    return out


def refuse_changes(diffs: list[str], run_dir: str) -> None:
    if diffs:
        raise ConfigError(f"cannot resume {run_dir} with a different config: {'; '.join(diffs)}. Only "
                          f"{', '.join(RESUME_MAY_CHANGE)} may change on resume; start a new run for the rest")


def finish_run(evaluator, final_spec: str, summary: dict, run_dir: str) -> dict:
    """The end of a run (both backends): the final evaluation table of ``final_spec`` (a policy spec of the
    final model), its rows in the summary, and the summary written to ``train.json``."""
    t1 = time.perf_counter()
    try:
        result = evaluator.final(final_spec)
    except KeyboardInterrupt:
        print(f"\ninterrupted during the final evaluation; the model is saved ({summary['final']}, and the "
              f"checkpoint of its last step); re-run the evaluation with: coin-env train <config> --resume "
              f"{run_dir}", file=sys.stderr)
        raise
    summary["final_eval_seconds"] = round(time.perf_counter() - t1, 2)
    if result is not None:
        summary["evaluation"] = [{k: r[k] for k in ("policy", "seat", "games", "wins", "win_rate", "ci95",
                                                    "mean_margin")} for r in result["rows"]]
        summary["table"] = result["table"]
    with open(os.path.join(run_dir, "train.json"), "w") as f:
        json.dump(summary, f, indent=2)
    return summary


# --- the run a checkpoint belongs to ------------------------------------------------------------------------------
def checkpoint_run_folder(path: str) -> str | None:
    """The run a checkpoint was saved by: its folder or one of the two above (``RUN/final.zip``,
    ``RUN/checkpoints/step_N.zip``, ``RUN/league/...``), the one holding ``config.yaml``; None outside a run."""
    folder = os.path.dirname(os.path.abspath(path))
    for candidate in (folder, os.path.dirname(folder), os.path.dirname(os.path.dirname(folder))):
        if os.path.isfile(os.path.join(candidate, "config.yaml")):
            return candidate
    return None


def checkpoint_run(path: str) -> dict | None:
    """What the run behind a checkpoint was: its resolved ``config.yaml`` and, for a run that itself started from
    other weights, its ``init.json`` (backends/sb3.py init_provenance); None for a file outside a run."""
    run = checkpoint_run_folder(path)
    if run is None:
        return None
    with open(os.path.join(run, "config.yaml")) as f:
        out = {"config": yaml.safe_load(f) or {}}
    init_path = os.path.join(run, "init.json")
    if os.path.isfile(init_path):
        with open(init_path) as f:
            out["init"] = json.load(f)
    return out
