"""``coin-env compare`` (agents/evaluation/compare.py): a policy against the bot in the same seat and seeds, both
seat rules, with the paired margin difference; and the t interval it rests on (coin_env/core/stats.py)."""

import json
import math

import pytest

from agents import cli
from agents.evaluation.compare import compare, markdown, verdict
from coin_env.core.stats import mean_interval, t_quantile


@pytest.mark.parametrize("df,expected", [(1, 12.7062), (2, 4.3027), (3, 3.1824), (9, 2.2622), (29, 2.0452),
                                         (120, 1.9799)])
def test_t_quantiles_are_students(df, expected):
    """Two-sided 95 % critical values of Student's t (the published tables, 4 decimals)."""
    assert t_quantile(0.975, df) == pytest.approx(expected, rel=2e-3)


def test_mean_interval_of_known_values():
    m = mean_interval([1, 2, 3, 4, 5])
    half = t_quantile(0.975, 4) * math.sqrt(2.5 / 5)
    assert (m["mean"], m["n"]) == (3.0, 5)
    assert m["lo"] == pytest.approx(3 - half) and m["hi"] == pytest.approx(3 + half)
    assert mean_interval([7])["lo"] == 7 and math.isnan(mean_interval([])["mean"])


def test_the_bot_against_itself_differs_by_exactly_nothing():
    """The policy row and the bot row play the same seeds: the bot compared with itself gives the same game
    seed by seed, so every paired difference is 0 with a zero-width interval, in both seat rules."""
    result = compare("gandhi", "arjuna", games=3, seed=11, seats=["raj", "ml"])
    assert list(result["settings"]) == ["player", "non_player"]
    for setting in result["settings"].values():
        assert [r["seat"] for r in setting["rows"]] == ["raj", "ml"]
        for r in setting["rows"]:
            assert r["difference"]["mean"] == r["difference"]["lo"] == r["difference"]["hi"] == 0
            assert r["policy"]["wins"] == r["bot"]["wins"] and verdict(r["difference"]) == "within noise"


def test_the_paired_difference_is_game_by_game_on_the_same_seed():
    result = compare("gandhi", "random", games=4, seed=3, seats=["congress"], seat_rules="non_player")
    setting = result["settings"]["non_player"]
    (row,) = setting["rows"]
    mine = {r["seed"]: r["margins"]["congress"] for r in setting["records"]["policy:congress"]}
    bots = {r["seed"]: r["margins"]["congress"] for r in setting["records"]["bot:congress"]}
    assert sorted(mine) == sorted(bots) == [3, 4, 5, 6]
    assert row["difference"]["mean"] == pytest.approx(sum(mine[s] - bots[s] for s in mine) / 4)
    assert row["policy"]["margin"]["mean"] == pytest.approx(sum(mine.values()) / 4)
    assert "| non_player | congress |" in markdown(result)


@pytest.mark.parametrize("game, options, seat, bot", [("john_company", {"families": 1}, "benyon", "crown"),
                                                     ("vijayanagara", {}, "ds", "heuristic")])
def test_a_game_without_non_player_seats_is_compared_as_players(game, options, seat, bot):
    """John Company has no non-player seats; Vijayanagara's Non-Player rules are not public (1.5.1)."""
    result = compare(game, "random", games=1, seed=0, options=options, seats=[seat])
    assert list(result["settings"]) == ["player"]
    assert result["against"] == bot


def test_the_command_writes_the_table_and_refuses_an_unknown_seat_in_one_line(tmp_path, capsys):
    out = tmp_path / "table.md"
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--game", "a_distant_plain", "--policy", "random", "--games", "2", "--seats", "warlords",
                  "--seat-rules", "non_player", "--workers", "1", "--markdown", str(out)])
    assert e.value.code == 0
    assert "| non_player | warlords |" in out.read_text()
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--game", "gandhi", "--policy", "random", "--seats", "viceroy"])
    lines = capsys.readouterr().err.strip().splitlines()
    assert e.value.code == 2 and len(lines) == 1 and "viceroy" in lines[0] and "raj" in lines[0]


def test_results_played_apart_make_the_one_table_of_the_whole(tmp_path, capsys):
    """--json per seat, then --from-json of both: the table a single run of both seats writes (rows in the game's
    seat order, whatever the order of the files)."""
    args = ["compare", "--game", "gandhi", "--policy", "random", "--games", "2", "--seat-rules", "non_player",
            "--workers", "1"]
    parts = []
    for seat in ("revs", "raj"):
        parts.append(tmp_path / f"{seat}.json")
        with pytest.raises(SystemExit):
            cli.main(args + ["--seats", seat, "--json", str(parts[-1])])
    whole = compare("gandhi", "random", games=2, seed=2_000_000, seats=["raj", "revs"], seat_rules="non_player")
    out = tmp_path / "table.md"
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--from-json", *map(str, parts), "--markdown", str(out)])
    assert e.value.code == 0
    def without_seconds(table):         # the s/game column is wall-clock time: the rest is played by the seeds
        return [line.rsplit("|", 2)[0] for line in table.strip().splitlines()]
    assert without_seconds(out.read_text()) == without_seconds(markdown(whole))
    with pytest.raises(SystemExit) as e:          # the same games twice, and results of another policy: one line
        cli.main(["compare", "--from-json", str(parts[0]), str(parts[0])])
    assert e.value.code == 2 and "seat revs in the non_player setting has seed 2000000 in two parts" in \
        capsys.readouterr().err
    other = json.loads(parts[1].read_text())
    other["policy"] = "search"
    parts[1].write_text(json.dumps(other))
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--from-json", *map(str, parts)])
    lines = capsys.readouterr().err.strip().splitlines()
    assert e.value.code == 2 and len(lines) == 1 and "different policy" in lines[0]


def test_a_row_extended_with_more_seeds_is_the_row_of_all_its_games(tmp_path, capsys):
    """A close row measured again on the next seeds: --from-json of both parts is the row a single run of all the
    games writes (one row per seat, its intervals over every game)."""
    args = ["compare", "--game", "gandhi", "--policy", "random", "--seats", "revs", "--seat-rules", "player",
            "--workers", "1"]
    parts = [tmp_path / "first.json", tmp_path / "next.json"]
    for path, seed, games in ((parts[0], 7, 2), (parts[1], 9, 1)):
        with pytest.raises(SystemExit):
            cli.main(args + ["--games", str(games), "--seed", str(seed), "--json", str(path)])
    whole = compare("gandhi", "random", games=3, seed=7, seats=["revs"], seat_rules="player")
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--from-json", *map(str, parts)])
    assert e.value.code == 0
    def without_seconds(table):
        return [line.rsplit("|", 2)[0] for line in table.strip().splitlines()]
    table = capsys.readouterr().out
    assert without_seconds(table) == without_seconds(markdown(whole))
    assert table.count("/3 (") == 2                 # one row over all three games, both sides


def test_a_baseline_other_than_the_opponents_is_compared_in_the_seat():
    """--baseline: random in the seat against the bot in the others, compared with the bot in the seat."""
    result = compare("gandhi", "random", against="random", baseline="arjuna", games=2, seed=5, seats=["revs"],
                     seat_rules="player")
    same = compare("gandhi", "random", against="random", baseline="random", games=2, seed=5, seats=["revs"],
                   seat_rules="player")
    assert result["baseline"] == "arjuna" and "arjuna wins" in markdown(result)
    assert same["settings"]["player"]["rows"][0]["difference"]["mean"] == 0
    (row,) = result["settings"]["player"]["rows"]
    mine = {r["seed"]: r["margins"]["revs"] for r in result["settings"]["player"]["records"]["policy:revs"]}
    assert mine == {r["seed"]: r["margins"]["revs"] for r in same["settings"]["player"]["records"]["policy:revs"]}


def first_legal(game, faction, rng):
    """A policy unlike both the bot and random: the lowest legal action."""
    return min(game.legal_actions())


def test_two_policies_compared_apart_pair_into_the_table_baseline_plays(tmp_path, capsys):
    """--from-json A --baseline-from B: A's policy against B's policy in the seat, paired seed by seed from two
    runs against the same bots, is the very table `--baseline` plays (rows and games; B's seeds that A lacks are
    left out), and it refuses a baseline that lacks one of A's seeds in one line."""
    kw = dict(games=3, seed=5, seats=["revs"], seat_rules="non_player")
    direct = compare("gandhi", "random", baseline=first_legal, **kw)
    parts = [tmp_path / "random.json", tmp_path / "first.json", tmp_path / "paired.json", tmp_path / "other.json"]
    for path, policy, seed, games in ((parts[0], "random", 5, 3), (parts[1], first_legal, 4, 5),
                                      (parts[3], first_legal, 6, 3)):
        path.write_text(json.dumps(compare("gandhi", policy, **dict(kw, seed=seed, games=games)), default=str))
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--from-json", str(parts[0]), "--baseline-from", str(parts[1]), "--json", str(parts[2])])
    assert e.value.code == 0
    paired = json.loads(parts[2].read_text())
    want, got = direct["settings"]["non_player"], paired["settings"]["non_player"]
    assert got["rows"] == want["rows"] and got["rows"][0]["difference"]["mean"] != 0
    for side in ("policy:revs", "bot:revs"):
        assert [(r["seed"], r["margins"]) for r in got["records"][side]] == \
               [(r["seed"], r["margins"]) for r in want["records"][side]]
    def row_without_seconds(result):        # the last column is the policy's wall clock a game
        return markdown(result).splitlines()[2].rsplit("|", 2)[0]
    assert "first_legal" in paired["baseline"] and row_without_seconds(paired) == row_without_seconds(direct)
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        cli.main(["compare", "--from-json", str(parts[0]), "--baseline-from", str(parts[3])])
    lines = capsys.readouterr().err.strip().splitlines()
    assert e.value.code == 2 and len(lines) == 1 and "same seeds" in lines[0]
