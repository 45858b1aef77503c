"""Every Python block in the README runs, in order, as copied (one namespace, like a reader pasting them
into one session), in a scratch directory.

Two kinds of block are not executed but written out, as the README tells the reader to do: a block
preceded by ``<!-- readme: file NAME -->`` is saved as NAME (the data-pack plugin example), and so is a
```toml block preceded by the same marker. A block that plays a checkpoint from the quickstart run finds
one: the scratch directory gets a small MaskablePPO model at runs/quickstart/final.zip first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"(?:<!-- readme: file (?P<file>[\w.\-/]+) -->\n)?```(?P<lang>python|toml)\n(?P<code>.*?)```", re.S)


def readme_blocks():
    text = (ROOT / "README.md").read_text()
    return [(m.group("file"), m.group("lang"), m.group("code"), text[:m.start()].count("\n") + 1)
            for m in FENCE.finditer(text)]


def quickstart_checkpoint(where: Path) -> None:
    """A small untrained model with the quickstart's observation and action spaces (gandhi, all seats)."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    import coin_env
    env = coin_env.gym_env("gandhi", seat="all", opponents="arjuna")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, policy_kwargs={"net_arch": [16, 16]},
                        device="cpu", seed=0)
    (where / "runs" / "quickstart").mkdir(parents=True)
    model.save(where / "runs" / "quickstart" / "final.zip")


def test_the_readme_has_python_blocks_and_every_file_marker_names_a_block():
    blocks = readme_blocks()
    assert sum(1 for f, lang, _, _ in blocks if lang == "python" and f is None) >= 6
    text = (ROOT / "README.md").read_text()
    assert text.count("<!-- readme: file ") == sum(1 for f, *_ in blocks if f)


def test_every_python_block_of_the_readme_runs_in_order(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "configs").symlink_to(ROOT / "configs")
    quickstart_checkpoint(tmp_path)
    namespace: dict = {"__name__": "__readme__"}
    for file, lang, code, line in readme_blocks():
        if file:
            (tmp_path / file).write_text(code)
            continue
        if lang != "python":
            continue
        try:
            exec(compile(code, f"README.md:{line}", "exec"), namespace)
        except Exception as exc:      # name the block: the traceback points into README.md
            raise AssertionError(f"the README's Python block at line {line} fails: {type(exc).__name__}: {exc}") from exc
