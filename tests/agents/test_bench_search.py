"""`coin-env bench --search N`: CPU-seconds per whole game of a searching seat (issue 27's 30-second budget),
on a tiny search budget here; the figures at the default budget are in docs/pretrained.md."""
import json

import pytest

from agents.cli import benchmark

TINY = "search:?turn_rollouts=1&rollouts=1&turn_horizon=1&horizon=1"


def test_search_seconds_times_every_seat_of_every_setting():
    result = benchmark.search_seconds("john_company", 2, TINY)
    assert list(result) == ["player"]                    # John Company has no non-player seats
    seats = result["player"]
    assert list(seats) == ["benyon", "hastings", "larkins", "paxton"]
    for row in seats.values():
        assert row["games"] == 2
        assert 0 < row["mean"] <= row["max"]


def test_bench_search_prints_the_table_and_writes_json(tmp_path, capsys):
    out = tmp_path / "search.json"
    with pytest.raises(SystemExit) as done:
        benchmark.main(["--games", "john_company", "--search", "1", "--search-spec", TINY, "--json", str(out)])
    assert done.value.code == 0
    printed = capsys.readouterr().out
    assert "| john_company | player | benyon | 1 |" in printed
    saved = json.loads(out.read_text())
    assert set(saved["john_company"]["player"]) == {"benyon", "hastings", "larkins", "paxton"}
