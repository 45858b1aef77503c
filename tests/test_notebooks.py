"""The notebooks in notebooks/ run top to bottom and produce what they promise.

    python -m pytest tests/test_notebooks.py -q

Each notebook is executed with nbclient (kernel "python3") in a temporary directory, so the files it
writes (runs/, balance_out/) never land in the repository. ``COIN_ENV_NOTEBOOK_TEST=1`` tells the
notebooks to use their tiny budgets. A cell error fails the test (nbclient raises CellExecutionError
with the cell's traceback). The stored notebooks must carry no outputs, so diffs stay readable.
"""

import os
import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

# One worker runs every notebook (pytest-xdist, --dist loadgroup): two kernels started at once pick their TCP
# ports by binding and releasing them, and can race for the same ones; a notebook run in parallel once lost a
# cell's output so.
pytestmark = pytest.mark.xdist_group("notebooks")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
NAMES = ["01_quick_start.ipynb", "02_training_vs_bots.ipynb", "03_balance_study.ipynb"]
CELL_TIMEOUT = 300


def execute(name: str, cwd: Path, monkeypatch) -> "nbformat.NotebookNode":
    """Run a notebook in ``cwd`` on the tiny budget; returns it with its outputs."""
    monkeypatch.setenv("COIN_ENV_NOTEBOOK_TEST", "1")
    # The kernel is a separate process started in ``cwd``: put this checkout first on its path, so the
    # notebooks exercise the working tree even where coin-env is installed from somewhere else.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    # A loaded machine can deliver a cell's output after its reply: wait for it (nbclient's default gives up
    # after 4 s and silently drops the output), and fail loudly rather than lose it.
    client = nbclient.NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3", iopub_timeout=120,
                                     raise_on_iopub_timeout=True, resources={"metadata": {"path": str(cwd)}})
    client.execute()
    return nb


def output_text(nb) -> str:
    """Everything the cells printed or displayed as text (streams, text/plain, text/markdown)."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out["text"])
            data = out.get("data", {})
            parts += [data[key] for key in ("text/plain", "text/markdown") if key in data]
    return "\n".join(parts)


def image_count(nb) -> int:
    return sum("image/png" in out.get("data", {}) for cell in nb.cells for out in cell.get("outputs", []))


def test_the_notebooks_extra_installs_jupyter_and_what_runs_the_notebooks():
    """`pip install -e ".[notebooks]"` (notebooks/README.md) gives JupyterLab and the kernel and runner used here."""
    import tomllib
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {re.match(r"[\w-]+", req).group(0) for req in extras["notebooks"]}
    assert {"jupyterlab", "ipykernel", "nbclient", "nbformat", "matplotlib"} <= names
    assert 'pip install -e ".[train,notebooks]"' in (NOTEBOOKS / "README.md").read_text()


@pytest.mark.parametrize("name", NAMES)
def test_stored_notebook_is_valid_and_has_no_outputs(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, f"{name} has no code cells"
    assert all(c.outputs == [] and c.execution_count is None for c in code), f"{name}: clear its outputs"
    first = nb.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert 'pip install -e ".[train,notebooks]"' in first.source    # the extra that installs Jupyter


@pytest.mark.parametrize("name", ["02_training_vs_bots.ipynb", "03_balance_study.ipynb"])
def test_budgeted_notebooks_say_the_test_budget_is_tiny(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "tiny budget" in text and "COIN_ENV_NOTEBOOK_TEST" in "\n".join(c.source for c in nb.cells)


def test_quick_start_runs(tmp_path, monkeypatch):
    import coin_env
    from coin_env.core.encoding import encoder_for

    nb = execute("01_quick_start.ipynb", tmp_path, monkeypatch)
    text = output_text(nb)
    vocabulary = len(coin_env.make_game("gandhi", scenario="short", seed=0).vocabulary)
    assert f"action mask size: {vocabulary}" in text
    assert f"observation size: {encoder_for('gandhi').size}" in text
    assert f"observation size: {encoder_for('a_distant_plain').size}" in text
    assert "round trip ok: True" in text
    assert "finished episodes (env, reward, winner):" in text
    assert "agents: ['congress', 'revs']" in text


def test_training_notebook_trains_plots_and_evaluates(tmp_path, monkeypatch):
    pytest.importorskip("sb3_contrib")
    nb = execute("02_training_vs_bots.ipynb", tmp_path, monkeypatch)
    run = tmp_path / "runs" / "notebook_gandhi"
    for name in ("final.zip", "config.yaml", "monitor.csv", "evaluations.csv", "evaluation.md", "train.json",
                 "learning_curve.png", "win_rate.png"):
        assert (run / name).is_file(), f"missing {name}"
    assert (run / "learning_curve.png").stat().st_size > 1000
    text = output_text(nb)
    assert "512 timesteps" in text                        # the tiny budget really ran
    assert text.count("| agent | congress |") == 2         # the run's final table and the evaluate() table
    assert "the agent plays:" in text and "one game, agent as Congress: winner" in text
    assert image_count(nb) == 2


def test_balance_notebook_writes_and_shows_plots(tmp_path, monkeypatch):
    nb = execute("03_balance_study.ipynb", tmp_path, monkeypatch)
    gandhi = tmp_path / "balance_out" / "gandhi"
    for name in ("games.csv", "summary.json", "win_rates.png", "margins.png", "game_length.png",
                 "wins_by_reason.png", "margin_vs_length.png"):
        assert (gandhi / name).is_file(), f"missing {name}"
    assert len((gandhi / "games.csv").read_text().splitlines()) == 1 + 8          # header + the tiny budget
    assert (tmp_path / "balance_out" / "a_distant_plain" / "win_rates.png").is_file()
    text = output_text(nb)
    assert "gandhi (short): 8 seeded games" in text
    assert "a_distant_plain (short): 4 seeded games" in text
    assert "Congress played by random" in text
    assert image_count(nb) == 4 + 1 + 1                   # the four standard plots, the custom one, ADP's
