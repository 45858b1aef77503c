"""Shipped trained agents (issue 18): the policy spec ``pretrained:GAME`` plays any seat of GAME with the
checkpoint in ``agents/pretrained_models/GAME.zip``, wherever a policy is accepted (``coin-env evaluate``,
``balance``, ``play``, env opponents, configs), like ``checkpoint:PATH``.

Each shipped file comes from a run of ``configs/pretrained_GAME.yaml`` (``coin-env train``) and is made
small by ``export`` (agents/cli/pretrained.py): the policy's weights only, as float16 (the optimizer's moments are dropped, a fresh
optimizer is saved in their place), so a few MB in all. ``GAME.json`` beside it says where it came from (the run's
config, timesteps, the source checkpoint's SHA-256) and the table in docs/pretrained.md how it plays.

    python -m agents.cli.pretrained export runs/pretrained_gandhi/final.zip gandhi     (agents/cli/pretrained.py)
    python -m agents.cli.pretrained table gandhi --games 200     # the docs/pretrained.md table, both seat-rules settings
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .checkpoint import CheckpointPolicy

MODELS_DIR = Path(__file__).resolve().parent.parent / "pretrained_models"    # agents/pretrained_models
PREFIX = "pretrained:"


def available() -> list[str]:
    """The games with a shipped agent."""
    return sorted(p.stem for p in MODELS_DIR.glob("*.zip"))


def path_of(game: str) -> str:
    """The shipped checkpoint of ``game``; a ValueError naming the shipped ones when there is none."""
    path = MODELS_DIR / f"{game}.zip"
    if game not in available():
        raise ValueError(f"no pretrained agent for {game!r}; shipped: {', '.join(available()) or 'none'} "
                         f"(spec {PREFIX}GAME)")
    return str(path)


def info(game: str) -> dict:
    """The shipped agent's provenance (``GAME.json``)."""
    path_of(game)
    return json.loads((MODELS_DIR / f"{game}.json").read_text())


def pretrained_factory(spec: str, game: str | None):
    """Resolver of ``pretrained:GAME`` (specs.py registers it): the shipped agent, deterministic."""
    name = spec[len(PREFIX):]
    path = path_of(name)
    if game is not None and game != name:
        shipped = available()
        hint = (f"use {PREFIX}{game}" if game in shipped else
                f"no agent of {game} ships (shipped: {', '.join(shipped) or 'none'}); train one with coin-env train")
        raise ValueError(f"{spec} is the agent of {name}, not of {game}; {hint}")
    return CheckpointPolicy(path, game=name)


def model_sha256(game: str) -> str:
    return hashlib.sha256(Path(path_of(game)).read_bytes()).hexdigest()
