"""The policy spec ``rllib:PATH[#module_id]``: an RLlib checkpoint plays seats wherever a policy is accepted
(``coin-env evaluate`` / ``balance`` / ``play``, env opponents, league pools).

``PATH`` is a run directory (its ``final`` checkpoint) or a checkpoint directory written by
``Algorithm.save_to_path`` (``<run>/final``, ``<run>/checkpoints/step_N``, a league snapshot). ``#module_id``
picks the module: ``shared`` (one policy for every seat) or a seat's own module (``policies: per_seat``); left out, the seat's own module if the checkpoint has one, else ``shared``.
The module sees exactly what it saw in training (the game's observation and legal mask); it plays the most
probable legal action, or samples the masked distribution with the caller's RNG (``deterministic=False``).
Picklable: only the path travels, each process loads the module once.
"""

from __future__ import annotations

import os
import random

import numpy as np

from coin_env.core.encoding import encoder_for
from coin_env.core.registry import game_module

from .checkpoint import choose_action

RLLIB_INSTALL_HINT = 'install it with: pip install -e ".[rllib]"'

PREFIX = "rllib:"


def require_rllib() -> None:
    """Raise a one-line ImportError naming the extra when Ray RLlib is not installed."""
    try:
        import ray.rllib  # noqa: F401  (deferred: Ray is the optional [rllib] extra)
    except ImportError:
        raise ImportError(f"backend 'rllib' needs Ray RLlib, which is not installed; {RLLIB_INSTALL_HINT}") from None

MODULES = os.path.join("learner_group", "learner", "rl_module")
_LOADED: dict[str, object] = {}


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``rllib:PATH[#module]`` -> (absolute checkpoint path, module id or None)."""
    body = spec[len(PREFIX):] if spec.startswith(PREFIX) else spec
    path, _, module = body.partition("#")
    if not path:
        raise ValueError(f"policy spec {spec!r}: write rllib:PATH[#module_id]")
    return os.path.abspath(path), (module or None)


def modules_dir(path: str) -> str:
    """The directory holding a checkpoint's RLModules (one sub-directory per module id)."""
    candidate = os.path.join(path, MODULES)
    if os.path.isdir(candidate):
        return candidate
    raise ValueError(f"rllib policy: {path!r} is not an RLlib checkpoint (no {MODULES} inside; give a run "
                     f"directory, <run>/final, <run>/checkpoints/step_N or a league snapshot)")


def module_ids(path: str) -> list[str]:
    root = modules_dir(path)
    return sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))


def load_module(path: str, module: str):
    """The RLModule ``module`` of checkpoint ``path``, loaded once per process."""
    key = os.path.join(modules_dir(path), module)
    if key not in _LOADED:
        require_rllib()
        from ray.rllib.core.rl_module.rl_module import RLModule
        _LOADED[key] = RLModule.from_checkpoint(key)
        _LOADED[key].eval()
    return _LOADED[key]


def forget(path: str) -> None:
    """Drop the modules of checkpoint ``path`` from this process's cache (a deleted evaluation candidate)."""
    prefix = os.path.abspath(path) + os.sep
    for key in [k for k in _LOADED if k.startswith(prefix)]:
        del _LOADED[key]


class RllibPolicy:
    """A trained RLlib module playing seats of its game (see the module docstring)."""

    def __init__(self, spec: str, game: str | None = None, deterministic: bool = True):
        self.path, self.module = parse_spec(spec)
        if not os.path.isdir(os.path.join(self.path, "learner_group")) and os.path.isdir(os.path.join(self.path, "final")):
            self.path = os.path.join(self.path, "final")          # a run directory plays its final checkpoint
        self.deterministic = deterministic
        ids = module_ids(self.path)
        if not ids:
            raise ValueError(f"rllib policy: checkpoint {self.path!r} holds no module")
        if self.module is not None and self.module not in ids:
            raise ValueError(f"rllib policy: checkpoint {self.path!r} has no module {self.module!r}; it has {ids}")
        self.ids = ids
        if game is not None:
            self._check(game)

    def __getstate__(self):
        return {"path": self.path, "module": self.module, "deterministic": self.deterministic, "ids": self.ids}

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __repr__(self):
        return f"RllibPolicy({self.path!r}{'#' + self.module if self.module else ''})"

    def module_for(self, faction: str) -> str:
        if self.module is not None:
            return self.module
        if faction in self.ids:
            return faction
        if "shared" in self.ids:
            return "shared"
        raise ValueError(f"rllib policy: checkpoint {self.path!r} has no module for {faction!r} and no 'shared' "
                         f"one (modules: {self.ids}); name one with rllib:PATH#module_id")

    def _check(self, game: str) -> None:
        module = load_module(self.path, self.module or ("shared" if "shared" in self.ids else self.ids[0]))
        space = module.observation_space
        n_obs, n_actions = space["observations"].shape[0], space["action_mask"].shape[0]
        want = (encoder_for(game).size, len(game_module(game).GAME_CLASS.vocabulary))
        if (n_obs, n_actions) != want:
            raise ValueError(f"rllib policy {self.path!r} was trained with ({n_obs},) observations and {n_actions} "
                             f"actions; {game} has ({want[0]},) and {want[1]}: a checkpoint of another game?")

    def probabilities(self, game, faction) -> np.ndarray:
        import torch            # deferred: torch and Ray are the optional [rllib] extra
        from ray.rllib.core.columns import Columns
        module = load_module(self.path, self.module_for(faction))
        obs = encoder_for(game).observe(game, faction)
        mask = game.legal_mask().astype(np.float32)
        batch = {Columns.OBS: {"observations": torch.as_tensor(obs[None, :]),
                               "action_mask": torch.as_tensor(mask[None, :])}}
        with torch.no_grad():
            logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].double()
        probs = torch.softmax(logits, dim=-1).numpy()
        probs[mask < 0.5] = 0.0
        total = probs.sum()
        return probs / total if total > 0 else mask / mask.sum()

    def __call__(self, game, faction, rng: random.Random) -> int:
        return choose_action(self.probabilities(game, faction), self.deterministic, rng)


def rllib_factory(spec: str, game: str | None):
    return RllibPolicy(spec, game=game)
