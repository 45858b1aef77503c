"""coin-env balance and the shared tournament runner: summaries, games.csv, plots, CLI, determinism."""

import csv
import json

import numpy as np
import pytest

from agents import cli
from agents.evaluation.balance import balance, format_table, write_outputs
from agents.evaluation.simulate import play_game, seat_policies
from agents.evaluation.tournament import play_one, run_games

FACTIONS = ["raj", "congress", "ml", "revs"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def result():
    """Random Raj against three Arjunas, 4 games."""
    return balance("gandhi", seats={"raj": "random"}, games=4, seed=3, workers=1, progress=False)


def test_unnamed_seats_play_the_bot(result):
    assert result["seats"] == {"raj": "random", "congress": "arjuna", "ml": "arjuna", "revs": "arjuna"}
    assert [r["seed"] for r in result["records"]] == [3, 4, 5, 6]


def test_wins_add_up_to_games(result):
    summary = result["summary"]
    assert sum(s["wins"] for s in summary.values()) == 4
    assert sum(result["reasons"].values()) == 4
    for f, s in summary.items():
        assert sum(s["wins_by_reason"].values()) == s["wins"]
        assert s["wins"] == sum(r["winner"] == f for r in result["records"])
        assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]


def test_margin_and_length_distributions(result):
    for f in FACTIONS:
        margins = [r["margins"][f] for r in result["records"]]
        m = result["summary"][f]["margin"]
        assert m["mean"] == pytest.approx(np.mean(margins))
        assert m["median"] == pytest.approx(np.median(margins))
        assert m["p10"] <= m["median"] <= m["p90"]
        assert min(margins) <= m["p10"] and m["p90"] <= max(margins)
    cards = [r["cards"] for r in result["records"]]
    assert result["length"]["cards"]["mean"] == pytest.approx(np.mean(cards))
    assert result["length"]["decisions"]["median"] == pytest.approx(
        np.median([r["decisions"] for r in result["records"]]))


def test_table_lists_every_faction_and_reason(result):
    table = format_table(result)
    for f in FACTIONS:
        assert f"| {f} | {result['summary'][f]['wins']} |" in table
    for reason in result["reasons"]:
        assert f"wins by {reason}" in table
    assert "game length: decisions mean" in table


def test_outputs_csv_summary_and_png_plots(result, tmp_path):
    paths = write_outputs(result, str(tmp_path / "out"), plots=True)
    names = sorted(p.rsplit("/", 1)[-1] for p in paths)
    assert names == ["game_length.png", "games.csv", "margins.png", "summary.json", "win_rates.png",
                     "wins_by_reason.png"]
    with open(tmp_path / "out" / "games.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["seed", "winner", "reason", "rule", "decisions", "cards"] + [f"margin_{f}" for f in FACTIONS]
    assert [int(r[0]) for r in rows[1:]] == [3, 4, 5, 6]
    assert [int(r[6]) for r in rows[1:]] == [r["margins"]["raj"] for r in result["records"]]
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert "records" not in summary and summary["summary"]["raj"]["wins"] == result["summary"]["raj"]["wins"]
    for p in paths:
        if p.endswith(".png"):
            with open(p, "rb") as f:
                assert f.read(8) == PNG_SIGNATURE


def test_play_one_replays_simulate_play_game():
    seats = {"raj": "arjuna", "ml": "arjuna"}
    record = play_one({"game": "gandhi", "scenario": "short", "seed": 11, "seats": seats})
    game = play_game("gandhi", "short", 11, seats, policies=seat_policies("gandhi", seats))
    assert record["seats"] == {"raj": "arjuna", "congress": "random", "ml": "arjuna", "revs": "random"}
    assert (record["winner"], record["margins"], record["decisions"], record["cards"]) == (
        game.winner(), game.victory_margins(), game.state.decisions, len(game.state.played) + 1)
    assert record["reason"] == game.state.result["reason"] and record["winners"] == [game.winner()]


def test_results_do_not_depend_on_the_worker_count():
    jobs = [{"game": "a_distant_plain", "scenario": "short", "seed": s, "seats": {"taliban": "flowchart"}}
            for s in range(4)]
    strip = lambda records: [{k: v for k, v in r.items() if k != "seconds"} for r in records]
    one = run_games(jobs, workers=1, progress=False)
    two = run_games(jobs, workers=2, progress=False)
    assert strip(one) == strip(two)
    assert [r["seed"] for r in two] == [0, 1, 2, 3]


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="taliban"):
        balance("gandhi", seats={"taliban": "random"}, games=1, workers=1, progress=False)
    with pytest.raises(ValueError, match="nosuchbot"):
        balance("gandhi", policy="nosuchbot", games=1, workers=1, progress=False)
    with pytest.raises(ValueError, match="workers"):
        run_games([{"game": "gandhi", "seed": 0, "seats": {}}], workers=0)
    with pytest.raises(SystemExit, match="raj"):
        cli.main(["balance", "gandhi", "--seat", "raj", "--games", "1"])


def test_cli(tmp_path, capsys):
    out = tmp_path / "bal"
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["balance", "gandhi", "--policy", "random", "--seat", "raj=arjuna", "--games", "2",
                  "--workers", "1", "--out", str(out), "--no-plots"])
    assert exit_info.value.code == 0
    assert "raj=arjuna, congress=random" in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == ["games.csv", "summary.json"]
    assert json.loads((out / "summary.json").read_text())["games"] == 2


def test_seat_all_gives_every_seat_not_named_otherwise(tmp_path, capsys):
    """``--seat all=SPEC`` (e.g. every seat searching) beats ``--policy``; a named seat keeps its own spec."""
    out = tmp_path / "bal"
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["balance", "vijayanagara", "--seat", "all=random", "--seat", "ds=heuristic", "--games", "1",
                  "--workers", "1", "--out", str(out), "--no-plots"])
    assert exit_info.value.code == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["seats"] == {"ds": "heuristic", "bk": "random", "ve": "random"}
