"""coin-env train runs that go wrong: two runs on one directory, Ctrl-C and --resume, damaged checkpoints,
config changes on resume, a CUDA device that is not there, budgets, and user errors on the command line.
(Findings 2, 7, 8, 22 and the train CLI part of 21 of the reliability probe of 2026-11-25.)"""

import csv
import json
import os
import shutil
import subprocess
import sys

import pytest

from agents import cli
from agents.training.config import load_config
from agent_runs import ROOT, SMOKE, train

QUIET = ["evaluation.every=0", "evaluation.final_games=0"]


def smoke(run_dir, *overrides):
    return load_config(SMOKE, overrides=[f"output_dir={run_dir}", *QUIET, *overrides])


def cli_train(capsys, *args):
    """``coin-env train ARGS``: (exit code, stderr)."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        cli.main(["train", *args, "--no-progress"])
    return e.value.code, capsys.readouterr().err


def one_line_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("coin-env train: "), err
    return lines[0]


def subprocess_env():
    return dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))


# --- finding 2: one run per directory ---------------------------------------------------------------------------
def test_a_directory_locked_by_a_live_run_is_never_shared_and_a_dead_holder_blocks_nothing(tmp_path, capsys):
    run_dir = str(tmp_path / "run")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom agents.training.runs import lock_run_dir\n"
         "print('locked' if lock_run_dir(sys.argv[1]) is not None else 'busy', flush=True)\ntime.sleep(300)",
         run_dir], cwd=ROOT, env=subprocess_env(), stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == b"locked"
        # A new run on a directory that another live process holds goes next to it (the claim is the lock).
        summary = train(smoke(run_dir, "total_timesteps=64"))
        assert summary["output_dir"] == run_dir + "-2" and summary["timesteps"] == 64
        assert not os.path.exists(os.path.join(run_dir, "config.yaml"))
        # Resuming the held directory is refused in one line, naming the holder.
        shutil.copytree(os.path.join(run_dir + "-2", "checkpoints"), os.path.join(run_dir, "checkpoints"))
        code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--resume")
        assert code == 2 and f"pid {holder.pid}" in one_line_error(err) and "running" in err
    finally:
        holder.kill()
        holder.wait()
    # The kernel dropped the dead holder's lock: the directory can be resumed (no stale lock).
    from agents.training.runs import lock_run_dir, unlock_run_dir
    fd = lock_run_dir(run_dir)
    assert fd is not None
    unlock_run_dir(fd)
    resumed = train(smoke(run_dir, "total_timesteps=128"), resume=True)
    assert resumed["output_dir"] == run_dir and resumed["timesteps"] == 128


def test_two_trainings_started_together_on_one_output_dir_get_two_directories(tmp_path):
    run_dir = str(tmp_path / "conc")
    cmd = [sys.executable, "-m", "agents.training.train", SMOKE, "--no-progress", "--set", f"output_dir={run_dir}",
           "--set", "total_timesteps=64"] + [a for q in QUIET for a in ("--set", q)]
    procs = [subprocess.Popen(cmd + ["--set", f"seed={seed}"], cwd=ROOT, env=subprocess_env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for seed in (0, 7)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    dirs = [run_dir, run_dir + "-2"]
    seeds = sorted(load_config(os.path.join(d, "config.yaml"))["seed"] for d in dirs)
    assert seeds == [0, 7]                                              # one run's config per directory
    for d in dirs:
        assert json.load(open(os.path.join(d, "train.json")))["output_dir"] == d
        rows = list(csv.reader(open(os.path.join(d, "monitor.csv"))))
        assert rows[0][0].startswith("#") and rows[1] == ["r", "l", "t", "timesteps"]
        assert all(len(r) == 4 for r in rows[2:])                       # no merged lines


# --- finding 7: --resume continues exactly ---------------------------------------------------------------------
def _interrupt_at_step(monkeypatch, n):
    """Ctrl-C inside the n-th env step (mid-rollout)."""
    from coin_env.core.gym_env import CoinGymEnv
    real = CoinGymEnv.step
    count = {"steps": 0}

    def step(self, action):
        count["steps"] += 1
        if count["steps"] == n:
            raise KeyboardInterrupt
        return real(self, action)
    monkeypatch.setattr(CoinGymEnv, "step", step)


def _record_reset_seeds(monkeypatch):
    from coin_env.core.gym_env import CoinGymEnv
    real = CoinGymEnv.reset
    seeds = []

    def reset(self, *, seed=None, options=None):
        seeds.append(seed)
        return real(self, seed=seed, options=options)
    monkeypatch.setattr(CoinGymEnv, "reset", reset)
    return seeds


def test_ctrl_c_mid_rollout_resumes_to_exactly_the_budget_with_new_env_seeds_and_a_coherent_monitor(
        tmp_path, monkeypatch):
    from agents.training.backends.sb3 import checkpoint_steps, resume_seed
    cfg = smoke(tmp_path / "run", "total_timesteps=256", "checkpoints.every=0")
    fresh_seeds = _record_reset_seeds(monkeypatch)
    _interrupt_at_step(monkeypatch, 90)                              # rollouts are 64 timesteps: 64..128
    with pytest.raises(KeyboardInterrupt):
        train(cfg)
    assert fresh_seeds[0] == 0                                       # env 0's first game: seed * 1000 + 0
    # The checkpoint is the last rollout boundary: the unfinished rollout (64..89) is not counted.
    assert [s for s, _ in checkpoint_steps(cfg["output_dir"])] == [64]
    monkeypatch.undo()
    seeds = _record_reset_seeds(monkeypatch)
    done = train(cfg, resume=True)
    assert done["timesteps"] == 256 and done["trained_timesteps"] == 192     # not 282 of 256
    assert seeds[0] == resume_seed(0, 64) != fresh_seeds[0]         # the envs are not replayed from seed 0
    with open(os.path.join(cfg["output_dir"], "monitor.csv")) as f:
        header = json.loads(f.readline()[1:])
        rows = list(csv.DictReader(f))
    assert rows and all(r["timesteps"] for r in rows)
    steps = [int(r["timesteps"]) for r in rows]
    times = [float(r["t"]) for r in rows]
    assert steps == sorted(steps) and max(steps) <= 256              # the discarded rollout's episodes are gone
    assert times == sorted(times)                                    # t keeps counting under the first t_start
    assert header["t_start"] > 0


def test_resuming_one_checkpoint_twice_gives_the_same_model(tmp_path):
    import numpy as np
    from sb3_contrib import MaskablePPO
    cfg = smoke(tmp_path / "a", "total_timesteps=64")
    train(cfg)
    shutil.copytree(cfg["output_dir"], str(tmp_path / "b"))
    finals = []
    for name in ("a", "b"):
        finals.append(train(dict(cfg, output_dir=str(tmp_path / name), total_timesteps=192), resume=True)["final"])
    params = [MaskablePPO.load(p).policy.state_dict() for p in finals]
    assert all(np.array_equal(params[0][k].numpy(), params[1][k].numpy()) for k in params[0])


def test_resume_refuses_a_different_network_or_hyper_parameters_naming_the_keys(tmp_path, capsys):
    run_dir = str(tmp_path / "run")
    train(smoke(run_dir, "total_timesteps=64"))
    saved = open(os.path.join(run_dir, "config.yaml")).read()
    code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--set", "total_timesteps=128",
                          "--set", "algorithm.net_arch=[64,64,64]",
                          "--set", "algorithm.hyperparameters.learning_rate=0.5", "--resume")
    line = one_line_error(err)
    assert code == 2 and "algorithm.net_arch" in line and "algorithm.hyperparameters.learning_rate" in line
    assert open(os.path.join(run_dir, "config.yaml")).read() == saved      # never rewritten with unused values
    # Without config.yaml to compare with, the checkpoint's own network is the reference.
    os.remove(os.path.join(run_dir, "config.yaml"))
    code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--set", "total_timesteps=128",
                          "--set", "algorithm.net_arch=[64,64,64]", "--resume")
    assert code == 2 and "algorithm.net_arch" in one_line_error(err)
    assert not os.path.exists(os.path.join(run_dir, "config.yaml"))


# --- finding 8: a damaged newest checkpoint ----------------------------------------------------------------------
def test_a_truncated_newest_checkpoint_falls_back_to_the_newest_readable_one(tmp_path, capsys):
    from agents.training.backends.sb3 import checkpoint_steps
    run_dir = str(tmp_path / "run")
    train(smoke(run_dir, "total_timesteps=192", "checkpoints.every=64", "checkpoints.keep=3"))
    newest = checkpoint_steps(run_dir)[-1][1]
    with open(newest, "r+b") as f:
        f.truncate(os.path.getsize(newest) // 2)
    code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--set", "total_timesteps=256",
                          *[a for q in QUIET for a in ("--set", q)], "--resume")
    assert code == 0
    warning = [line for line in err.splitlines() if "warning" in line]
    assert len(warning) == 1 and "step_000000000192.zip" in warning[0] and "step_000000000128.zip" in warning[0]
    summary = json.load(open(os.path.join(run_dir, "train.json")))
    assert summary["resumed_from"].endswith("step_000000000128.zip") and summary["timesteps"] == 256
    # Every checkpoint damaged: one line, exit code 2, no traceback.
    for _, path in checkpoint_steps(run_dir):
        open(path, "wb").close()
    code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--resume")
    assert code == 2 and "nothing to resume" in one_line_error(err)


# --- finding 22: device and budget -------------------------------------------------------------------------------
def test_cuda_on_a_machine_without_cuda_is_refused(tmp_path, capsys, monkeypatch):
    import torch
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    run_dir = tmp_path / "run"
    code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--set", "algorithm.device=cuda")
    assert code == 2 and "algorithm.device" in one_line_error(err) and "cuda" in err
    assert not run_dir.exists()


@pytest.mark.parametrize("overrides, n_steps, budget", [
    (["algorithm.hyperparameters={}"], 64, 128),                            # merges: the file's n_steps stays
    (["algorithm.hyperparameters.n_steps=512"], 512, 128),                  # a rollout larger than the budget
    (["total_timesteps=160"], 64, 160),                                     # not a whole number of rollouts
])
def test_the_budget_is_exact_whatever_the_rollout_size(tmp_path, overrides, n_steps, budget):
    from sb3_contrib import MaskablePPO
    cfg = smoke(tmp_path / "run", "checkpoints.every=0", *overrides)
    assert cfg["algorithm"]["hyperparameters"]["n_steps"] == n_steps
    summary = train(cfg)
    assert summary["timesteps"] == budget == summary["trained_timesteps"]
    assert MaskablePPO.load(summary["final"]).n_steps == n_steps            # the saved model keeps the config's


# --- command-line user errors: one line, exit code 2 -------------------------------------------------------------
def test_train_user_errors_are_one_line_and_exit_code_2(tmp_path, capsys):
    a_file = tmp_path / "afile"
    a_file.write_text("x")
    dup = tmp_path / "dup.yaml"
    dup.write_text("game: gandhi\nseats: congress\nopponents: random\nseats: raj\n")
    cases = [
        ([str(tmp_path / "missing.yaml")], "not found"),
        ([SMOKE, "--set", f"output_dir={a_file}/sub"], "cannot be used"),
        ([SMOKE, "--set", f"output_dir={tmp_path / 'r'}", "--resume", str(tmp_path / "nope.zip")], "not found"),
        ([SMOKE, "--set", f"output_dir={tmp_path / 'r'}", "--resume", str(a_file)], "truncated or not a zip"),
        ([SMOKE, "--set", f"output_dir={tmp_path / 'r'}", "--resume"], "nothing to resume"),
        ([str(dup)], "duplicate key 'seats' at line 4"),
        ([SMOKE, "--set", "envs.count=3"], "multiple of envs.count"),
    ]
    for args, message in cases:
        code, err = cli_train(capsys, *args)
        assert code == 2 and message in one_line_error(err), (args, err)


def test_resuming_an_older_checkpoint_sets_the_newer_ones_aside(tmp_path):
    from agents.training.backends.sb3 import checkpoint_steps
    run_dir = str(tmp_path / "run")
    train(smoke(run_dir, "total_timesteps=192", "checkpoints.every=64", "checkpoints.keep=3"))
    older = os.path.join(run_dir, "checkpoints", "step_000000000064.zip")
    done = train(smoke(run_dir, "total_timesteps=128", "checkpoints.every=64", "checkpoints.keep=1"), resume=older)
    assert done["timesteps"] == 128 and done["trained_timesteps"] == 64
    # keep=1 keeps the new run's own checkpoint, not the abandoned branch's step_192; --resume would pick it
    assert [s for s, _ in checkpoint_steps(run_dir)] == [128]
    assert os.path.isfile(os.path.join(run_dir, "checkpoints", "step_000000000192.zip.abandoned"))


# --- reliability probe 2026-11-28, N5 and issue 30: budgets that are not whole rollouts, the end of a run -------
def _saved_n_steps(path) -> int:
    import zipfile
    with zipfile.ZipFile(path) as z:
        return int(json.loads(z.read("data"))["n_steps"])


def test_a_finished_run_ends_with_a_checkpoint_of_the_configured_rollout_and_no_lock_file(tmp_path):
    """N5: the checkpoint at the boundary before a shortened last rollout stored the shortened n_steps, and no
    checkpoint was written at the last step; the run left its .lock file behind."""
    from agents.training.backends.sb3 import checkpoint_steps
    run_dir = str(tmp_path / "run")
    train(smoke(run_dir, "total_timesteps=200"))                         # 3 rollouts of 64, then one of 8
    steps = checkpoint_steps(run_dir)
    assert [s for s, _ in steps] == [192, 200]                           # keep 2; the last step is one
    assert [_saved_n_steps(p) for _, p in steps] == [64, 64]
    assert not os.path.exists(os.path.join(run_dir, ".lock"))


def test_a_finished_run_is_extended_with_a_larger_budget(tmp_path, capsys):
    """N5 / issue 30 (resume_short.sh): `train --resume` with a larger total_timesteps after a finished run whose
    budget was not a whole number of rollouts continues from its last step (it was refused as "a different
    config", or found "nothing to resume")."""
    run_dir = str(tmp_path / "run")
    base = ["--set", f"output_dir={run_dir}", *[a for q in QUIET for a in ("--set", q)]]
    code, err = cli_train(capsys, SMOKE, *base, "--set", "total_timesteps=200")
    assert code == 0, err
    code, err = cli_train(capsys, SMOKE, *base, "--set", "total_timesteps=400", "--resume", run_dir)
    assert code == 0, err
    summary = json.load(open(os.path.join(run_dir, "train.json")))
    assert summary["resumed_from"].endswith("step_000000000200.zip")
    assert summary["timesteps"] == 400 and summary["trained_timesteps"] == 200


def test_a_run_resumes_from_the_boundary_before_its_shortened_last_rollout(tmp_path):
    """N5: a run killed after the boundary before its shortened last rollout resumes with the same config."""
    run_dir = str(tmp_path / "run")
    train(smoke(run_dir, "total_timesteps=200"))
    before_last = os.path.join(run_dir, "checkpoints", "step_000000000192.zip")
    done = train(smoke(run_dir, "total_timesteps=200"), resume=before_last)
    assert done["timesteps"] == 200 and done["trained_timesteps"] == 8


@pytest.mark.parametrize("damage", ["missing", "not yaml"])
def test_resume_without_a_readable_run_config_names_the_config_file(tmp_path, capsys, damage):
    """N14: with the run's config.yaml missing or not YAML, resuming with a config the checkpoint does not fit
    said only "Observation spaces do not match"."""
    run_dir = str(tmp_path / "run")
    train(smoke(run_dir, "total_timesteps=64"))
    saved = os.path.join(run_dir, "config.yaml")
    if damage == "missing":
        os.remove(saved)
    else:
        with open(saved, "w") as f:
            f.write("game: [unclosed\n")
    code, err = cli_train(capsys, SMOKE, "--set", f"output_dir={run_dir}", "--set", "total_timesteps=128",
                          "--set", "game=a_distant_plain", "--set", "seats=taliban", "--set", "scenario=short",
                          "--resume")
    line = one_line_error(err)
    assert code == 2 and saved in line, line
