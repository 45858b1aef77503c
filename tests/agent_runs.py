"""What the training tests share: the repository's folder, its smoke configs, and a training run without the
progress bar. Importable from every test (tests/conftest.py puts this folder on the path)."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SMOKE = os.path.join(ROOT, "configs", "smoke.yaml")
RLLIB_SMOKE = os.path.join(ROOT, "configs", "rllib_smoke.yaml")


def train(cfg, **kw):
    """``coin-env train``'s run of a parsed config, quietly (imported late: torch loads only when a test trains)."""
    from agents.training.train import train as run
    return run(cfg, progress=False, **kw)
