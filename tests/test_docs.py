"""The documentation site (mkdocs.yml, docs/): it builds with warnings as errors, and the facts it quotes are the
code's (fidelity tables, observation sizes, action vocabularies, the pictures it shows).

    python -m pytest tests/test_docs.py -q

The code blocks of every page run in tests/test_docs_blocks.py.
"""

import collections
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GAMES = ["gandhi", "a_distant_plain", "vijayanagara", "john_company"]


def page(name: str) -> str:
    return (DOCS / name).read_text()


def test_the_site_builds_with_warnings_as_errors(tmp_path):
    """`mkdocs build --strict`: a broken link or anchor, a page left out of the nav, a docstring mkdocstrings
    cannot read, all fail the build (the hook docs/gen.py draws the pictures into the built site)."""
    pytest.importorskip("mkdocs", reason="the docs extra (in dev) installs mkdocs")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p),
               NO_MKDOCS_2_WARNING="1", MPLBACKEND="Agg")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    site = tmp_path / "site"
    for game in GAMES:
        assert (site / "games" / game / "index.html").is_file()
        assert (site / "img" / f"board_{game}.png").stat().st_size > 10_000      # drawn by this build
    assert "coin_env.make_game" in (site / "api" / "index.html").read_text()     # the API reference is generated


@pytest.mark.parametrize("game", GAMES)
def test_fidelity_table_on_the_game_page_matches_the_data(game):
    fidelity = importlib.import_module(f"coin_env.games.{game}.fidelity")
    text = page(f"games/{game}.md")
    block = re.search(rf"<!-- fidelity:{game} -->\n(.*?)\n<!-- /fidelity:{game} -->", text, re.S).group(1)
    assert block.strip() == fidelity.markdown().strip(), f"regenerate: python -m coin_env.games.{game}.fidelity"


@pytest.mark.parametrize("game", GAMES)
def test_observation_size_on_the_game_page_is_the_encoders(game):
    import coin_env
    from coin_env.core.encoding import encoder_for
    quoted = re.findall(r'`encoder_for\("(\w+)"\)`: ([\d,]+) floats', page(f"games/{game}.md"))
    assert [g for g, _ in quoted] == [game], f"the {game} page quotes no observation size of its own"
    assert encoder_for(coin_env.make_game(game)).size == int(quoted[0][1].replace(",", ""))


def test_john_company_vocabulary_on_its_page_is_the_games():
    """The action count and per-group counts quoted under "Action vocabulary" are the game's."""
    from coin_env.games.john_company.actions import VOCABULARY as V
    m = re.search(r"## Action vocabulary\n\n([\d,]+) actions in one flat table: (.*?)\.\n\n", page("games/john_company.md"), re.S)
    assert m, "the John Company page quotes no vocabulary"
    assert int(m.group(1).replace(",", "")) == len(V)
    groups = collections.Counter(V.group_of(i) for i in range(len(V)))
    for group, n in groups.items():
        assert re.search(rf"\b{group} {n}\b", m.group(2)), f"{group} {n} is not quoted"


@pytest.mark.parametrize("game", ["gandhi", "a_distant_plain", "vijayanagara"])
def test_coin_vocabulary_tables_count_what_the_game_has(game):
    """Each "| group | entries |" row with a number is the size of that group of the game's vocabulary."""
    import coin_env
    vocabulary = coin_env.make_game(game).vocabulary
    text = page(f"games/{game}.md")
    table = text[text.index("## Action vocabulary"):]
    rows = re.findall(r"^\| (\w+) \| (\d+) \|", table, re.M)
    assert len(rows) >= 8
    for group, n in rows:
        assert len([i for i in range(len(vocabulary)) if vocabulary.group_of(i) == group]) == int(n), (game, group)


def docs_gen():
    """docs/gen.py as a module (it is a script in docs/, not in a package)."""
    sys.path.insert(0, str(DOCS))
    try:
        return importlib.import_module("gen")
    finally:
        sys.path.remove(str(DOCS))


def test_every_picture_a_page_shows_is_committed_and_drawn_by_gen():
    """docs/gen.py draws every picture under docs/img/, and every picture a page (or the README) shows exists."""
    gen = docs_gen()
    texts = [p.read_text() for p in DOCS.rglob("*.md")] + [(ROOT / "README.md").read_text()]
    shown = {m for t in texts for m in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", t)}
    assert shown, "no page shows a picture"
    for link in shown:
        name = link.split("img/", 1)[1]
        assert (DOCS / "img" / name).is_file(), f"{link} is not committed (python docs/gen.py)"
    assert {f"board_{g}.png" for g in GAMES} <= {p.name for p in (DOCS / "img").iterdir()}
    assert gen.read_balance(DOCS / "data" / "balance_study" / "gandhi")["games"] == 1000


def test_learning_curve_data_is_the_run_the_getting_started_table_quotes():
    """The committed monitor.csv and train.json are the main job's run: its timesteps and games are quoted."""
    import json
    train = json.loads(page("data/quickstart/train.json"))
    text = page("getting-started.md")
    assert f"{train['timesteps']:,} timesteps" in text
    assert page("data/quickstart/evaluation.md").strip() in text, "the printed table is the run's evaluation.md"
    games = sum(1 for line in page("data/quickstart/monitor.csv").splitlines()[2:] if line)
    assert f"{games:,} training games" in text
    assert all(f"| {row['wins']}/50" in text or f"| {row['wins']}/50 (" in text
               for row in train["evaluation"] if row["seat"] != "all" and row["policy"] != "random")


def test_the_strength_tables_on_the_page_are_the_committed_results():
    """Each table under "Strength" is what ``coin-env compare --from-json`` makes of the committed results
    (``python docs/gen.py tables`` rewrites them), and every committed result has its table on the page."""
    gen = docs_gen()
    text = page("pretrained.md")
    assert gen.fill_tables(text) == text, "run python docs/gen.py tables"
    marked = {name for kind, name, _ in gen.TABLE_MARK.findall(text) if kind == "strength table"}
    folders = {p.name for p in (DOCS / "data" / "strength").iterdir() if p.is_dir()}
    assert folders and marked == folders


def test_the_balance_under_search_tables_are_the_committed_studies():
    """Every page's balance-under-search table is what balance_shift makes of the committed studies now (``python
    docs/gen.py tables``), every study has its table on the evaluation page, and the README has the summary."""
    gen = docs_gen()
    for path in gen.TABLE_PAGES:
        text = path.read_text()
        assert gen.fill_tables(text) == text, f"run python docs/gen.py tables ({path.name})"
    marked = {name for kind, name, _ in gen.TABLE_MARK.findall(page("evaluation.md")) if kind == "balance under search"}
    studies = {p.name for p in gen.SEARCH_STUDY.iterdir() if p.is_dir()}
    assert studies and marked == studies
    assert "<!-- balance under search: all -->" in (ROOT / "README.md").read_text()


def test_the_readme_counts_the_search_rows_above_the_bot_as_its_summary_table_shows():
    """"Above the bot in N of the M seat-settings measured" is counted from the table beneath it, not typed."""
    gen = docs_gen()
    table = gen.strength_summary_table("search")
    rows = [line for line in table.splitlines()[2:]]
    above = sum(line.endswith("| above |") for line in rows)
    text = " ".join((ROOT / "README.md").read_text().split())
    assert f"Above the bot in {above} of the {len(rows)} seat-settings measured" in text
