"""Ctrl-C (SIGINT) outside SB3's training loop (reliability probe 2026-11-28, N15): one line on stderr, exit code
130, nothing half-written, and what was kept said."""

import os
import signal
import subprocess
import sys
import time

import pytest
from agent_runs import ROOT, SMOKE


def start(*argv, cwd):
    return subprocess.Popen([sys.executable, "-m", "agents.cli", *argv], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=ROOT))


def wait_for(condition, proc, timeout=120):
    end = time.monotonic() + timeout
    while not condition():
        if proc.poll() is not None:
            pytest.fail(f"ended before the interrupt: rc {proc.returncode}\n{proc.stderr.read()}")
        if time.monotonic() > end:
            proc.kill()
            pytest.fail("timed out waiting to interrupt")
        time.sleep(0.05)


def interrupt(proc):
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, err


def test_ctrl_c_in_balance_with_workers_is_one_line_and_leaves_no_claimed_folder(tmp_path):
    out = tmp_path / "bal"
    proc = start("balance", "gandhi", "--games", "400", "--workers", "2", "--out", str(out), cwd=str(tmp_path))
    wait_for(lambda: (out / "summary.json").exists(), proc)            # claimed: the games are running
    time.sleep(3)                                                       # the pool is up
    code, err = interrupt(proc)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 130 and len(lines) == 1 and "interrupted" in lines[0] and "Traceback" not in err, err
    assert not out.exists()


def test_ctrl_c_during_the_final_evaluation_says_the_model_is_saved_and_how_to_evaluate_again(tmp_path):
    run_dir = tmp_path / "run"
    proc = start("train", SMOKE, "--set", f"output_dir={run_dir}", "--set", "total_timesteps=64",
                 "--set", "evaluation.every=0", "--set", "evaluation.final_games=400", "--no-progress",
                 cwd=str(tmp_path))
    wait_for(lambda: (run_dir / "final.zip").exists(), proc)
    time.sleep(1)
    code, err = interrupt(proc)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 130 and "Traceback" not in err, err
    assert len(lines) == 1 and "final evaluation" in lines[0] and "final.zip" in lines[0], err
    assert f"--resume {run_dir}" in lines[0]
    assert not (run_dir / ".lock").exists()
