"""User errors of coin-env evaluate|balance|simulate|strength|bench|fuzz: one line on stderr naming the
problem, exit code 2, no traceback, nothing started (reliability probe 2026-11-25, findings 3, 9, 11, 21);
a bug while games run keeps its traceback; a run never writes over an earlier run's results."""

import json
import os
import subprocess
import sys

import pytest

from agents import cli
from agents.cli import fuzz
from agent_runs import ROOT


def refused(argv, capsys, *words):
    """Run ``coin-env ARGV``: it must exit 2 with one stderr line ``coin-env <cmd>: error: ...`` naming ``words``."""
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"coin-env {argv[0]}: error: "), err
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def run_cli(*argv, cwd=ROOT, timeout=120):
    """``python -m agents.cli ARGV`` in a subprocess (this worktree's code), with a time limit."""
    return subprocess.run([sys.executable, "-m", "agents.cli", *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=dict(os.environ, PYTHONPATH=ROOT))


# --- finding 3: fuzz on a bad scenario never ended and filled the disk -----------------------------------

def test_fuzz_refuses_an_unknown_scenario_before_the_first_game(tmp_path):
    out = tmp_path / "fz"
    try:
        proc = run_cli("fuzz", "gandhi", "--decisions", "100", "--scenario", "nosuch", "--out", str(out), timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail(f"fuzz --scenario nosuch still running after 20 s; {len(os.listdir(out))} replay files written")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "coin-env fuzz: error: unknown Gandhi scenario 'nosuch'; choose from ['main', 'short']"]
    assert not out.exists()


class Spinning(BaseException):
    """Raised by a stand-in after many calls, so a fuzz loop that never ends fails the test (not the disk)."""


@pytest.fixture(autouse=True)
def written(monkeypatch):
    """The replay files fuzz writes in this process; more than 200 in one test is a loop that never ends."""
    calls = []
    original = fuzz.write_replay

    def counted(*args, **kwargs):
        calls.append(args)
        if len(calls) > 200:
            raise Spinning("the fuzz loop does not stop")
        return original(*args, **kwargs)

    monkeypatch.setattr(fuzz, "write_replay", counted)
    return calls


def test_fuzz_refuses_an_unknown_scenario_or_option_from_python(tmp_path, written):
    with pytest.raises(ValueError, match="unknown Gandhi scenario 'nosuch'"):
        fuzz.fuzz("gandhi", 100, scenario="nosuch", out_dir=str(tmp_path))
    with pytest.raises(ValueError, match="nosuch"):
        fuzz.fuzz("gandhi", 100, scenarios=("short", "nosuch"), out_dir=str(tmp_path))
    assert written == []


def test_fuzz_stops_when_games_keep_failing_before_their_first_action(tmp_path, monkeypatch):
    calls = []

    def fails_at_once(game_name, scenario, seed, check_every=50, bot=None):
        calls.append(seed)
        if len(calls) > 500:
            raise Spinning("the fuzz loop does not stop")
        raise RuntimeError("broken before the first action")

    monkeypatch.setattr(fuzz, "fuzz_game", fails_at_once)
    result = fuzz.fuzz("gandhi", decisions=100, seed=7, out_dir=str(tmp_path), scenarios=("short",))
    assert len(calls) == fuzz.MAX_GAMES_WITHOUT_A_DECISION
    assert result["failures"] == fuzz.MAX_GAMES_WITHOUT_A_DECISION and result["decisions"] == 0
    assert "made no decision" in result["stopped"] and "broken before the first action" in result["stopped"]
    assert len(os.listdir(tmp_path)) == fuzz.MAX_GAMES_WITHOUT_A_DECISION


def test_fuzz_writes_at_most_max_replays_files(tmp_path, monkeypatch):
    def fails_after_one_action(game_name, scenario, seed, check_every=50, bot=None):
        exc = RuntimeError("planted failure after one action")
        exc.actions = [0]
        raise exc

    monkeypatch.setattr(fuzz, "fuzz_game", fails_after_one_action)
    result = fuzz.fuzz("gandhi", decisions=40, seed=0, out_dir=str(tmp_path), scenarios=("short",), max_replays=5)
    assert result["failures"] == 40 and result["decisions"] == 40
    assert len(result["replays"]) == 5 and len(os.listdir(tmp_path)) == 5
    assert result["replays_not_written"] == 35


def test_fuzz_cli_reports_a_stopped_run_with_exit_1(tmp_path, monkeypatch, capsys):
    def fails_at_once(game_name, scenario, seed, check_every=50, bot=None):
        raise RuntimeError("broken")

    monkeypatch.setattr(fuzz, "fuzz_game", fails_at_once)
    with pytest.raises(SystemExit) as e:
        cli.main(["fuzz", "gandhi", "--decisions", "10", "--out", str(tmp_path / "fz")])
    assert e.value.code == 1
    assert json.loads(capsys.readouterr().out)["stopped"]


# --- finding 11: fuzz --bot nosuch played 29 "failures" --------------------------------------------------

def test_fuzz_refuses_an_unknown_bot_naming_the_known_bots(tmp_path, capsys):
    out = tmp_path / "fz"
    refused(["fuzz", "gandhi", "--decisions", "100", "--bot", "nosuch", "--out", str(out)], capsys,
            "unknown bot 'nosuch'", "known bots: arjuna")
    refused(["fuzz", "a_distant_plain", "--decisions", "100", "--bot", "arjuna", "--out", str(out)], capsys,
            "unknown bot 'arjuna'", "known bots: flowchart")
    assert not out.exists()


# --- finding 9: evaluate errors came out as multiprocessing worker tracebacks ----------------------------

@pytest.fixture(scope="module")
def gandhi_checkpoint(tmp_path_factory):
    """An untrained MaskablePPO save for Gandhi, in a run folder with the config.yaml train writes."""
    import coin_env
    from sb3_contrib import MaskablePPO
    run = tmp_path_factory.mktemp("run")
    env = coin_env.gym_env("gandhi", seat="congress", opponents="random")
    MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": [8]}, n_steps=64, batch_size=64,
                device="cpu").save(str(run / "final.zip"))
    (run / "config.yaml").write_text("game: gandhi\nseats: congress\n")
    return run / "final.zip"


def test_evaluate_refuses_a_checkpoint_of_another_game(gandhi_checkpoint, capsys):
    from agents.policies import game_sizes
    gandhi_obs, adp_obs = str(game_sizes("gandhi")[0]), str(game_sizes("a_distant_plain")[0])
    line = refused(["evaluate", "--game", "a_distant_plain", "--policy", f"ppo={gandhi_checkpoint}", "--games", "1",
                    "--workers", "2", "--no-baselines"], capsys,
                   "--policy ppo=", "does not fit a_distant_plain", gandhi_obs, adp_obs, "names game 'gandhi'", "seats congress")
    assert "seats congress" in line


def test_a_checkpoint_of_another_game_is_refused_from_python_too(gandhi_checkpoint):
    from agents.evaluation.evaluate import evaluate
    with pytest.raises(ValueError, match="does not fit a_distant_plain"):
        evaluate("a_distant_plain", {"ppo": str(gandhi_checkpoint)}, games=1, workers=2, baselines=False)


def test_a_checkpoint_of_the_game_is_accepted(gandhi_checkpoint):
    from agents.policies import check_policy
    assert callable(check_policy(str(gandhi_checkpoint), "gandhi"))


@pytest.mark.parametrize("spec, words", [
    ("os:path", ["os:path", "is a module, not a callable"]),
    ("nosuchmodule:x", ["No module named 'nosuchmodule'"]),
    ("coin_env:__version__", ["coin_env:__version__", "is a str, not a callable"]),
    ("json:loads", ["json:loads", "cannot be called as (game, faction, rng)"]),
    ("os:nosuchattr", ["has no attribute 'nosuchattr'"]),
    ("checkpoint:missing.zip", ["not found"]),
])
def test_evaluate_refuses_a_spec_that_is_not_a_policy_before_starting_workers(spec, words, capsys):
    refused(["evaluate", "--policy", f"x={spec}", "--games", "1", "--workers", "2"], capsys, f"--policy x={spec}",
            *words)


def test_a_corrupt_checkpoint_is_one_line(tmp_path, capsys):
    bad = tmp_path / "broken.zip"
    bad.write_bytes(b"not a zip file")
    refused(["evaluate", "--policy", str(bad), "--games", "1", "--workers", "1"], capsys,
            "is not a readable MaskablePPO save")


# --- finding 21 and the same input for every subcommand ------------------------------------------------------

def test_balance_out_under_a_file_is_one_line(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("x")
    refused(["balance", "gandhi", "--out", str(afile / "sub"), "--games", "1", "--workers", "1", "--no-plots"],
            capsys, "--out", "is a file, not a folder")
    refused(["balance", "gandhi", "--out", str(afile), "--games", "1", "--workers", "1", "--no-plots"],
            capsys, "--out", "is a file, not a folder")


def test_fuzz_replay_of_a_bad_or_missing_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{bad")
    refused(["fuzz", "--replay", str(bad)], capsys, "is not a replay file", "not JSON")
    refused(["fuzz", "--replay", str(tmp_path / "missing.json")], capsys, "No such file")
    refused(["fuzz", "--replay", str(tmp_path)], capsys, "--replay")
    bad.write_text(json.dumps([1, 2]))
    refused(["fuzz", "--replay", str(bad)], capsys, "is not a replay file")
    bad.write_text(json.dumps({"game": "nosuch", "scenario": None, "seed": 0, "actions": [], "error": ""}))
    refused(["fuzz", "--replay", str(bad)], capsys, "unknown game 'nosuch'")
    bad.write_text(json.dumps({"game": "gandhi", "scenario": "nosuch", "seed": 0, "actions": [], "error": ""}))
    refused(["fuzz", "--replay", str(bad)], capsys, "unknown Gandhi scenario 'nosuch'")


def test_bench_unknown_game_is_one_line(capsys):
    refused(["bench", "--games", "nosuch", "--repeats", "1", "--seconds", "0.01"], capsys,
            "unknown game 'nosuch'", "gandhi")
    refused(["bench", "--games", "gandhi", "--repeats", "0"], capsys, "--repeats")
    refused(["bench", "--games", "gandhi", "--seconds", "0"], capsys, "--seconds")


UNKNOWN_GAME = [
    (["evaluate", "--game", "nosuch"], "invalid choice: 'nosuch'"),
    (["balance", "nosuch"], "invalid choice: 'nosuch'"),
    (["simulate", "--game", "nosuch"], "invalid choice: 'nosuch'"),
    (["strength", "--game", "nosuch"], "invalid choice: 'nosuch'"),
    (["fuzz", "nosuch"], "invalid choice: 'nosuch'"),
    (["bench", "--games", "nosuch"], "unknown game 'nosuch'"),
]

UNKNOWN_SCENARIO = [
    ["evaluate", "--policy", "random", "--games", "1", "--workers", "1", "--scenario", "nosuch"],
    ["balance", "gandhi", "--games", "1", "--workers", "1", "--scenario", "nosuch"],
    ["simulate", "--games", "1", "--scenario", "nosuch"],
    ["strength", "--games", "1", "--scenario", "nosuch"],
    ["fuzz", "gandhi", "--decisions", "10", "--scenario", "nosuch"],
]

UNKNOWN_SPEC = [
    (["evaluate", "--policy", "nosuch", "--games", "1", "--workers", "1"], "unknown policy 'nosuch'"),
    (["evaluate", "--against", "nosuch", "--games", "1", "--workers", "1"], "--against nosuch"),
    (["evaluate", "--lineup", "raj=nosuch", "--games", "1", "--workers", "1"], "--lineup raj=nosuch"),
    (["evaluate", "--lineup", "taliban=random", "--games", "1", "--workers", "1"], "taliban"),
    (["evaluate", "--policy", "random", "--seats", "taliban", "--games", "1", "--workers", "1"], "taliban"),
    (["balance", "gandhi", "--policy", "nosuch", "--games", "1", "--workers", "1"], "unknown policy 'nosuch'"),
    (["balance", "gandhi", "--seat", "raj=json:loads", "--games", "1", "--workers", "1"], "--seat raj=json:loads"),
    (["balance", "gandhi", "--seat", "taliban=random", "--games", "1", "--workers", "1"], "taliban"),
    (["simulate", "--seat", "raj=nosuch", "--games", "1"], "unknown policy 'nosuch'"),
    (["simulate", "--seat", "taliban=random", "--games", "1"], "taliban"),
    (["simulate", "--seat", "raj", "--games", "1"], "FACTION=POLICY"),
    (["strength", "--bot", "nosuch", "--games", "1"], "known bots: arjuna"),
    (["fuzz", "gandhi", "--bot", "os:path", "--decisions", "10"], "not a callable"),
]


@pytest.mark.parametrize("argv, words", UNKNOWN_GAME, ids=[a[0] for a, _ in UNKNOWN_GAME])
def test_an_unknown_game_is_one_line(argv, words, capsys):
    refused(argv, capsys, "nosuch", words)


@pytest.mark.parametrize("argv", UNKNOWN_SCENARIO, ids=[a[0] for a in UNKNOWN_SCENARIO])
def test_an_unknown_scenario_is_one_line(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                 # balance and fuzz must not even create their output folders
    refused(argv, capsys, "unknown Gandhi scenario 'nosuch'")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("argv, word", UNKNOWN_SPEC, ids=[" ".join(a[:3]) for a, _ in UNKNOWN_SPEC])
def test_an_unknown_policy_spec_or_faction_is_one_line(argv, word, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(argv, capsys, word)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("argv", [
    ["evaluate", "--games", "0"], ["balance", "gandhi", "--games", "-1"], ["simulate", "--games", "0"],
    ["strength", "--games", "0"], ["fuzz", "--decisions", "0"], ["evaluate", "--games", "x"]])
def test_a_bad_count_is_one_line(argv, capsys):
    refused(argv, capsys, "argument --")


def test_unwritable_output_paths_are_one_line(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("x")
    refused(["evaluate", "--policy", "random", "--games", "1", "--workers", "1", "--csv", str(afile / "e.csv")],
            capsys, "--csv", "is a file, not a folder")
    refused(["evaluate", "--policy", "random", "--games", "1", "--workers", "1", "--json", str(tmp_path)],
            capsys, "--json", "is a folder")
    refused(["strength", "--games", "1", "--json", str(afile / "s.json")], capsys, "--json", "is a file")
    refused(["bench", "--games", "gandhi", "--json", str(afile / "b.json")], capsys, "--json", "is a file")
    refused(["fuzz", "gandhi", "--decisions", "10", "--out", str(afile)], capsys, "--out", "is a file")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        refused(["balance", "gandhi", "--games", "1", "--workers", "1", "--out", str(locked / "b")], capsys,
                "--out", "not writable")
    finally:
        locked.chmod(0o700)
    assert afile.read_text() == "x"


def test_python_m_agents_cli_prints_one_line_and_exits_2(tmp_path):
    proc = run_cli("evaluate", "--policy", "x=json:loads", "--games", "1", "--workers", "2")
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("coin-env evaluate: error: --policy x=json:loads")
    proc = subprocess.run([sys.executable, "-m", "agents.evaluation.balance", "gandhi", "--seat", "raj=nosuch"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=ROOT))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "--seat raj=nosuch" in proc.stderr and "Traceback" not in proc.stderr


# --- the safety net is narrow: a bug while games run keeps its traceback -----------------------------------

def test_a_bug_while_games_run_keeps_its_traceback(tmp_path, monkeypatch):
    import agents.evaluation.tournament

    def buggy(*args, **kwargs):
        raise ValueError("a bug inside a game")

    monkeypatch.setattr(agents.evaluation.tournament, "play_game", buggy)
    with pytest.raises(ValueError, match="a bug inside a game"):
        cli.main(["evaluate", "--policy", "random", "--games", "1", "--workers", "1", "--no-baselines"])
    with pytest.raises(ValueError, match="a bug inside a game"):
        cli.main(["balance", "gandhi", "--games", "1", "--workers", "1", "--no-plots", "--out", str(tmp_path / "b")])
    assert not (tmp_path / "b").exists()         # the claim of the output folder is released


# --- runs never overwrite or mix with another --------------------------------------------------------------------

def test_balance_never_writes_into_an_earlier_run(tmp_path, capsys):
    out = tmp_path / "bal"
    argv = ["balance", "gandhi", "--games", "1", "--workers", "1", "--no-plots", "--out", str(out)]
    with pytest.raises(SystemExit) as e:
        cli.main(argv + ["--seed", "1"])
    assert e.value.code == 0
    first = (out / "summary.json").read_text()
    with pytest.raises(SystemExit) as e:
        cli.main(argv + ["--seed", "2"])
    assert e.value.code == 0
    assert f"this run goes to {out}-2" in capsys.readouterr().err
    assert (out / "summary.json").read_text() == first
    assert json.loads((tmp_path / "bal-2" / "summary.json").read_text())["seed"] == 2


def test_two_runs_claiming_one_folder_get_two_folders(tmp_path):
    from agents.common import output_dir, release
    a = output_dir(str(tmp_path / "r"), "--out", claim="summary.json", others=("games.csv",))
    b = output_dir(str(tmp_path / "r"), "--out", claim="summary.json", others=("games.csv",))
    assert (a, b) == (str(tmp_path / "r"), str(tmp_path / "r-2"))
    release(b, "summary.json")
    assert not os.path.exists(b)
    assert json.loads(open(os.path.join(a, "summary.json")).read()) == {"status": "running"}


def test_evaluate_never_overwrites_an_earlier_csv_or_json(tmp_path, capsys):
    out_csv, out_json = tmp_path / "e.csv", tmp_path / "e.json"
    out_csv.write_text("earlier run\n")
    out_json.write_text("{}")
    with pytest.raises(SystemExit) as e:
        cli.main(["evaluate", "--policy", "random", "--games", "1", "--workers", "1", "--no-baselines",
                  "--csv", str(out_csv), "--json", str(out_json)])
    assert e.value.code == 0
    assert out_csv.read_text() == "earlier run\n" and out_json.read_text() == "{}"
    assert (tmp_path / "e-2.csv").read_text().startswith("pairing,")
    assert json.loads((tmp_path / "e-2.json").read_text())["games"] == 1
    assert "writing " + str(tmp_path / "e-2.csv") in capsys.readouterr().err


@pytest.mark.parametrize("command", [["evaluate", "--game", "john_company"], ["balance", "john_company"]])
@pytest.mark.parametrize("options, words", [("[1]", ["--options must be a JSON object"]),
                                            ("{families: 5}", ["--options must be a JSON object"]),
                                            ('{"families": 9}', ["families", "1..6", "9"])])
def test_bad_game_options_are_one_line(command, options, words, capsys, tmp_path):
    refused(command + ["--games", "1", "--options", options, "--workers", "1"], capsys, *words)
    assert not list(tmp_path.iterdir())


def test_evaluate_and_balance_play_the_seats_the_options_give(capsys, tmp_path):
    def run(argv):
        with pytest.raises(SystemExit) as e:
            cli.main(argv)
        assert e.value.code == 0
    run(["evaluate", "--game", "john_company", "--policy", "random", "--games", "1", "--workers", "1",
              "--options", '{"families": 5}', "--no-baselines", "--seats", "sykes"])
    assert "| random | sykes | 1 |" in capsys.readouterr().out
    run(["balance", "john_company", "--games", "1", "--workers", "1", "--options", '{"families": 2}',
              "--out", str(tmp_path / "b"), "--no-plots"])
    summary = json.loads((tmp_path / "b" / "summary.json").read_text())
    assert set(summary["factions"]) == {"benyon", "hastings", "crown"}


# --- reliability probe 2026-11-28, N16: a seed range past 2**64 - 1 ------------------------------------------------
@pytest.mark.parametrize("seed, decisions", [(2 ** 64 - 1, 2000), (2 ** 64 - 5, 10)])
def test_fuzz_refuses_a_seed_range_that_runs_past_2_64(tmp_path, capsys, seed, decisions):
    out = tmp_path / "out"
    refused(["fuzz", "vijayanagara", "--decisions", str(decisions), "--seed", str(seed), "--out", str(out)],
            capsys, "--seed", "2**64")
    assert not out.exists()


def test_fuzz_at_the_top_of_the_seed_range_that_fits_runs(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["fuzz", "gandhi", "--decisions", "5", "--seed", str(2 ** 64 - 5), "--out", str(tmp_path / "o")])
    assert e.value.code == 0, capsys.readouterr().err
