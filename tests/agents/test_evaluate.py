"""coin-env evaluate: seat rotation, baselines, lineups, Wilson CIs, CSV/JSON output and clear errors."""

import csv
import json

import pytest

from agents import cli
from agents.evaluation.evaluate import evaluate, format_table, split_named_spec
from agents.evaluation.strength import wilson

FACTIONS = ["raj", "congress", "ml", "revs"]
GAMES = 3


@pytest.fixture(scope="module")
def result():
    """random rotated over Gandhi's seats against Arjuna, with baselines (random's is the policy itself)."""
    return evaluate("gandhi", {"rnd": "random"}, games=GAMES, seed=5, workers=1)


def rows_of(result, policy):
    return {r["seat"]: r for r in result["rows"] if r["policy"] == policy}


def test_policy_plays_every_seat_against_the_bot(result):
    rows = rows_of(result, "rnd")
    assert list(rows) == FACTIONS + ["all"]
    for seat in FACTIONS:
        pairing = result["pairings"][rows[seat]["pairing"]]
        assert pairing["seats"] == {f: "random" if f == seat else "arjuna" for f in FACTIONS}
        assert all(r["seats"] == pairing["seats"] for r in pairing["records"])


def test_every_pairing_plays_the_same_seeds(result):
    for pairing in result["pairings"]:
        assert [r["seed"] for r in pairing["records"]] == [5, 6, 7]


def test_rows_count_wins_margins_and_lengths_from_the_records(result):
    for row in result["rows"]:
        if row["seat"] == "all":
            continue
        records = result["pairings"][row["pairing"]]["records"]
        wins = sum(r["winner"] == row["seat"] for r in records)
        assert (row["games"], row["wins"]) == (GAMES, wins)
        assert row["win_rate"] == pytest.approx(wins / GAMES)
        assert row["mean_margin"] == pytest.approx(sum(r["margins"][row["seat"]] for r in records) / GAMES)
        assert row["mean_cards"] == pytest.approx(sum(r["cards"] for r in records) / GAMES)
        assert row["mean_decisions"] == pytest.approx(sum(r["decisions"] for r in records) / GAMES)


def test_confidence_intervals_are_wilson(result):
    assert wilson(0, 4)[1] == pytest.approx(0.4899, abs=1e-4)      # textbook value
    assert wilson(2, 4) == pytest.approx((0.1500, 0.8500), abs=1e-4)
    for row in result["rows"]:
        assert row["ci95"] == pytest.approx(list(wilson(row["wins"], row["games"])))
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]


def test_all_row_pools_the_seats(result):
    rows = rows_of(result, "rnd")
    assert rows["all"]["games"] == 4 * GAMES
    assert rows["all"]["wins"] == sum(rows[f]["wins"] for f in FACTIONS)
    assert rows["all"]["mean_margin"] == pytest.approx(sum(rows[f]["mean_margin"] for f in FACTIONS) / 4)


def test_bot_baseline_plays_each_seat_as_a_player_by_default(result):
    """seat_rules="player" (the default): the bot row's seat plays by the player rules, like the policy's."""
    rows = rows_of(result, "arjuna")
    assert list(rows) == FACTIONS + ["all"]
    assert {r["kind"] for r in rows.values()} == {"baseline"}
    assert len({rows[f]["pairing"] for f in FACTIONS}) == 4
    assert len(result["pairings"]) == 8               # 4 rotations of random + 4 of Arjuna (one seat a player each)
    for seat in FACTIONS:
        pairing = result["pairings"][rows[seat]["pairing"]]
        assert pairing["players"] == [seat]
        assert all(r["non_players"] == sorted(f for f in FACTIONS if f != seat) for r in pairing["records"])
    assert not rows_of(result, "random")              # random is the evaluated policy: no duplicate rows


def test_non_player_setting_is_one_all_bot_pairing():
    out = evaluate("gandhi", {"rnd": "random"}, games=2, seed=5, workers=1, seat_rules="non_player")
    rows = rows_of(out, "arjuna")
    assert list(rows) == FACTIONS                     # no "all" row: its seats share the same games
    assert len({r["pairing"] for r in rows.values()}) == 1
    assert sum(r["wins"] for r in rows.values()) == 2
    assert all(r["non_players"] == sorted(FACTIONS) for p in out["pairings"] for r in p["records"])
    assert "seat rules: non_player" in format_table(out)


def test_baselines_add_random_and_the_against_policy():
    with_baselines = evaluate("gandhi", {"bot": "arjuna"}, games=1, workers=1)
    assert {r["policy"] for r in with_baselines["rows"]} == {"bot", "random"}   # arjuna == the policy
    assert {r["policy"]: r["kind"] for r in with_baselines["rows"]}["random"] == "baseline"
    without = evaluate("gandhi", {"bot": "arjuna"}, games=1, workers=1, baselines=False)
    assert {r["policy"] for r in without["rows"]} == {"bot"}


def test_rotated_lineup_reuses_the_same_seat_assignments(result):
    lineup = evaluate("gandhi", {}, games=GAMES, seed=5, workers=1, baselines=False,
                      lineup={"raj": "random"}, rotate=True)
    assert len(lineup["pairings"]) == 4
    seats_of_random = sorted(f for p in lineup["pairings"] for f, s in p["seats"].items() if s == "random")
    assert seats_of_random == sorted(FACTIONS)        # each rotation moves random one seat on
    # Common random numbers: the same seats and seeds replay the same games as the seat rotation above.
    by_seats = {json.dumps(p["seats"]): p["records"] for p in result["pairings"]}
    for p in lineup["pairings"]:
        strip = lambda records: [{k: v for k, v in r.items() if k != "seconds"} for r in records]
        assert strip(p["records"]) == strip(by_seats[json.dumps(p["seats"])])


def test_rotating_a_lineup_with_repeated_specs_plays_each_assignment_once():
    out = evaluate("a_distant_plain", {}, games=1, workers=1, baselines=False,
                   lineup={"coalition": "random", "taliban": "random"}, rotate=True)
    assert [p["seats"] for p in out["pairings"]] == [
        {"coalition": "random", "government": "flowchart", "taliban": "random", "warlords": "flowchart"},
        {"coalition": "flowchart", "government": "random", "taliban": "flowchart", "warlords": "random"}]
    assert len(out["rows"]) == 8                       # 2 assignments x 4 seats, no repeated rows


def test_format_table_has_a_row_per_result_row(result):
    table = format_table(result)
    lines = table.splitlines()
    assert lines[1].startswith("| policy | seat | games | wins | win rate | 95% CI | mean margin")
    assert len(lines) == 3 + len(result["rows"])
    assert "| arjuna (baseline) | raj |" in table


def test_named_specs():
    assert split_named_spec("ppo=runs/x/final.zip") == ("ppo", "runs/x/final.zip")
    assert split_named_spec("arjuna") == ("arjuna", "arjuna")
    assert split_named_spec("checkpoint:a=b.zip") == ("checkpoint:a=b.zip", "checkpoint:a=b.zip")


def test_bad_policy_and_unknown_faction_are_clear_errors():
    with pytest.raises(ValueError, match="nosuchbot"):
        evaluate("gandhi", {"x": "nosuchbot"}, games=1)
    with pytest.raises(ValueError, match="taliban"):
        evaluate("gandhi", {}, games=1, lineup={"taliban": "random"})
    with pytest.raises(ValueError, match="-2"):
        evaluate("gandhi", {"r": "random"}, games=-2)
    with pytest.raises(SystemExit, match="nosuchbot"):
        cli.main(["evaluate", "--policy", "nosuchbot", "--games", "1", "--workers", "1"])


def test_cli_writes_csv_and_json(tmp_path, capsys):
    out_csv, out_json = tmp_path / "e.csv", tmp_path / "e.json"
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["evaluate", "--game", "gandhi", "--policy", "r=random", "--games", "2", "--workers", "1",
                  "--no-baselines", "--csv", str(out_csv), "--json", str(out_json)])
    assert exit_info.value.code == 0
    printed = capsys.readouterr().out
    assert "| r | all | 8 |" in printed
    assert printed.count('"mean_margins"') == 4       # one JSON line per pairing
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 4
    assert {row["seat_raj"] for row in rows} == {"random", "arjuna"}
    assert all(sum(int(row[f"wins_{f}"]) for f in FACTIONS) == 2 for row in rows)
    data = json.loads(out_json.read_text())
    assert [len(p["records"]) for p in data["pairings"]] == [2, 2, 2, 2]
    assert data["rows"][0]["policy"] == "r"
