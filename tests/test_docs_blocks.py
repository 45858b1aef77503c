"""Every code block of the documentation (docs/**/*.md and README.md) runs, each one standalone.

A reader copies one block, not a page: so each ```python block runs alone in a fresh namespace (its own
imports), and each ```bash block runs as a shell script (``set -e``), in a scratch directory that holds
``configs/`` (a link to the repository's) and a small checkpoint at ``runs/quickstart/final.zip`` (blocks
that load the main job's model find one).

Markers in the page source (HTML comments, invisible on the site):

* ``<!-- file: NAME -->`` right before a block: the block is not run but saved as NAME in the scratch
  directory of every block of that page (the owner data-pack example and its plugin);
* ``<!-- norun: REASON -->`` right before a ```bash block: not run, for the reason given (it trains for
  minutes, starts a server, ...). Keep these few: a block that can run on a tiny budget should.

Blocks in other languages (```text, ```toml without a file marker, ```yaml) are shown, not run.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
FENCE = re.compile(r"(?:<!-- (?P<marker>file|norun): (?P<arg>[^>]*?) -->\n)?```(?P<lang>\w*)\n(?P<code>.*?)```", re.S)
BASH_TIMEOUT = 300
# Modules of the optional extras: a block that needs one is skipped (naming the extra) where it is not installed.
OPTIONAL = {"ray": "rllib", "sb3_contrib": "train", "stable_baselines3": "train", "torch": "train", "matplotlib": "train"}


def blocks(page: Path):
    """(marker, marker argument, language, code, line) for every fenced block of a page."""
    text = page.read_text()
    return [(m.group("marker"), m.group("arg"), m.group("lang"), m.group("code"), text[:m.start()].count("\n") + 1)
            for m in FENCE.finditer(text)]


def runnable():
    """pytest parameters: one per block that runs (python, or bash without a norun marker)."""
    params = []
    for page in PAGES:
        for marker, _, lang, _, line in blocks(page):
            if marker is None and lang in ("python", "bash"):
                name = page.relative_to(ROOT).as_posix()
                params.append(pytest.param(page, line, id=f"{name}:{line}"))
    return params


@pytest.fixture(scope="session")
def quickstart_model(tmp_path_factory) -> Path:
    """A small untrained model with the main job's observation and action spaces (gandhi, all seats)."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    import coin_env
    env = coin_env.gym_env("gandhi", seat="all", opponents="arjuna")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, policy_kwargs={"net_arch": [16, 16]},
                        device="cpu", seed=0)
    path = tmp_path_factory.mktemp("quickstart") / "final.zip"
    model.save(path)
    return path


def scratch(tmp_path: Path, page: Path, model: Path) -> Path:
    """The reader's directory: configs/, the main job's model and the page's file blocks."""
    (tmp_path / "configs").symlink_to(ROOT / "configs")
    (tmp_path / "runs" / "quickstart").mkdir(parents=True)
    (tmp_path / "runs" / "quickstart" / "final.zip").symlink_to(model)
    for marker, name, _, code, _ in blocks(page):
        if marker == "file":
            (tmp_path / name).write_text(code)
    return tmp_path


def test_the_pages_have_blocks_and_every_marker_is_known():
    params = runnable()
    assert len(params) >= 30, "the documentation lost its runnable blocks"
    for page in PAGES:
        text = page.read_text()
        for marker in re.findall(r"<!-- (\w+):", text):
            assert marker in ("file", "norun", "fidelity", "strength", "training"), f"{page.name}: unknown marker {marker}"
        found = blocks(page)
        for marker in ("file", "norun"):           # every marker sits right before the block it names
            assert text.count(f"<!-- {marker}: ") == sum(1 for m, *_ in found if m == marker), f"{page.name}: a stray {marker} marker"
        for marker, arg, lang, _, line in found:
            if marker == "norun":
                assert lang == "bash" and len(arg.strip()) > 10, f"{page.name}:{line}: a norun marker needs a reason"


def test_few_blocks_are_not_run():
    norun = [(page.name, line) for page in PAGES for marker, _, _, _, line in blocks(page) if marker == "norun"]
    assert len(norun) <= 12, f"too many blocks are not run: {norun}"


@pytest.mark.parametrize("page,line", runnable())
def test_block_runs_standalone(page, line, tmp_path, monkeypatch, quickstart_model):
    where = scratch(tmp_path, page, quickstart_model)
    monkeypatch.chdir(where)
    (lang, code), = [(lang, code) for marker, _, lang, code, at in blocks(page) if at == line]
    name = f"{page.relative_to(ROOT).as_posix()}:{line}"
    if lang == "python":
        monkeypatch.syspath_prepend(str(where))              # a plugin file beside the pack imports
        namespace = {"__name__": "__docs__"}
        try:
            exec(compile(code, name, "exec"), namespace)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.split(".")[0] in OPTIONAL:
                pytest.skip(f"{name} needs {exc.name}, which an extra installs (pip install -e \".[{OPTIONAL[exc.name.split('.')[0]]}]\")")
            raise AssertionError(f"the Python block at {name} fails: {type(exc).__name__}: {exc}") from exc
        except Exception as exc:        # name the block: the traceback points into the page
            raise AssertionError(f"the Python block at {name} fails: {type(exc).__name__}: {exc}") from exc
        return
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p),
               MPLBACKEND="Agg")
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", code], cwd=where, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=BASH_TIMEOUT)
    assert done.returncode == 0, f"the bash block at {name} fails ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"

