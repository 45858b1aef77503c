"""coin-env balance and the shared tournament runner: summaries, games.csv, plots, CLI, determinism."""

import csv
import json

import numpy as np
import pytest

from agents import cli
from agents.evaluation.balance import (balance, balance_shift, format_shift, format_table, merge_results, plot_shifts,
                                      read_outputs, write_outputs)
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


# --- two studies side by side -------------------------------------------------------------------------------

def test_outputs_read_back_as_the_result(result, tmp_path):
    write_outputs(result, str(tmp_path / "study"), plots=False)
    back = read_outputs(tmp_path / "study")
    assert back["records"] == [{k: r[k] for k in ("seed", "winner", "reason", "rule", "decisions", "cards", "margins")}
                               for r in result["records"]]
    assert back["summary"] == json.loads(json.dumps(result["summary"]))


def test_balance_shift_pairs_the_studies_seed_by_seed(result):
    """The bots in every seat on seeds 3-6 against a random Raj on seeds 5-8: only seeds 5 and 6 are paired."""
    bots = balance("gandhi", games=4, seed=3, workers=1, progress=False)
    shifted = balance("gandhi", seats={"raj": "random"}, games=4, seed=5, workers=1, progress=False)
    shift = balance_shift(bots, shifted)
    assert shift["seeds"] == [5, 6]
    by_seed = {r["seed"]: r for r in shifted["records"]}
    base_by_seed = {r["seed"]: r for r in bots["records"]}
    for f in FACTIONS:
        row = shift["factions"][f]
        assert row["base_all"]["games"] == 4 and row["base"]["games"] == row["other"]["games"] == 2
        assert row["other"]["wins"] == sum(by_seed[s]["winner"] == f for s in (5, 6))
        assert row["base"]["wins"] == sum(base_by_seed[s]["winner"] == f for s in (5, 6))
        expected = np.mean([by_seed[s]["margins"][f] - base_by_seed[s]["margins"][f] for s in (5, 6)])
        assert row["shift"]["mean"] == pytest.approx(expected)
    table = format_shift(shift)
    assert table.count("\n| ") == len(FACTIONS) and "seeds 5-6" in table and "all 4 games" in table


def test_balance_shift_refuses_studies_of_different_games_or_no_shared_seed(result):
    other = balance("a_distant_plain", games=1, seed=3, workers=1, progress=False)
    with pytest.raises(ValueError, match="different game"):
        balance_shift(result, other)
    later = balance("gandhi", seats={"raj": "random"}, games=1, seed=100, workers=1, progress=False)
    with pytest.raises(ValueError, match="share no seed"):
        balance_shift(result, later)


def test_plot_shifts_draws_a_png(result, tmp_path):
    path = plot_shifts([balance_shift(result, result)] * 3, str(tmp_path / "shift.png"))
    with open(path, "rb") as f:
        assert f.read(8) == PNG_SIGNATURE


def test_studies_played_apart_merge_into_the_study_played_at_once(result):
    first = balance("gandhi", seats={"raj": "random"}, games=2, seed=3, workers=1, progress=False)
    second = balance("gandhi", seats={"raj": "random"}, games=2, seed=5, workers=1, progress=False)
    merged = merge_results([second, first])
    for key in ("game", "scenario", "options", "factions", "seats", "games", "seed", "summary", "reasons", "length"):
        assert merged[key] == result[key], key
    def timeless(records):     # a game's wall-clock seconds differ from run to run
        return [{k: v for k, v in r.items() if k != "seconds"} for r in records]
    assert timeless(merged["records"]) == timeless(result["records"])
    assert merged["seconds"] == first["seconds"] + second["seconds"]
    with pytest.raises(ValueError, match=r"both played seed\(s\) \[3, 4\]"):
        merge_results([first, first])
    with pytest.raises(ValueError, match="different seats"):
        merge_results([first, balance("gandhi", games=1, seed=9, workers=1, progress=False)])


def test_balance_shift_takes_the_options_as_played():
    """John Company's default is four families: a study without options and one with {"families": 4} pair up;
    one with binding offers does not."""
    default = balance("john_company", games=1, seed=0, workers=1, progress=False)
    four = balance("john_company", options={"families": 4}, games=1, seed=0, workers=1, progress=False)
    assert balance_shift(default, four)["seeds"] == [0]
    offers = balance("john_company", options={"negotiation": "offers"}, games=1, seed=0, workers=1, progress=False)
    with pytest.raises(ValueError, match="different options"):
        balance_shift(default, offers)
