"""Policies over a Game's decision points: a policy is ``(game, faction, rng) -> action``.

A policy *spec* (what configs and command lines write) is one of:

* ``"random"``: uniform over the legal actions, drawn from the caller's RNG;
* a bot's name from the game's registry (``"arjuna"`` for Gandhi, ``"flowchart"`` for A Distant Plain);
* a trained checkpoint: ``"checkpoint:PATH"`` or any path ending in ``.zip`` (a MaskablePPO save);
* ``"module:attr"``: an importable callable, or a class whose instances are such callables.

:func:`policy_from_spec` turns a spec into a policy for one game (coin_env.core.aec_env.resolve_policy
delegates checkpoints here, so environments accept them too).
"""

from __future__ import annotations

import os
import random

import numpy as np

from coin_env.core.aec_env import random_policy  # uniform over the legal actions, caller's RNG


POLICIES = {"random": random_policy}


def is_checkpoint_spec(spec) -> bool:
    return isinstance(spec, str) and (spec.startswith("checkpoint:") or spec.endswith(".zip"))


def checkpoint_path(spec: str) -> str:
    return spec[len("checkpoint:"):] if spec.startswith("checkpoint:") else spec


_MODELS: dict[str, object] = {}     # path -> loaded model, one per process (workers load their own)


def load_model(path: str):
    """A MaskablePPO checkpoint on the CPU, loaded once per process. A missing file is a clear error."""
    path = os.path.abspath(path)
    model = _MODELS.get(path)
    if model is None:
        if not os.path.isfile(path):
            raise FileNotFoundError(f"checkpoint {path!r} not found (a MaskablePPO .zip written by coin-env train)")
        import torch
        from sb3_contrib import MaskablePPO
        torch.set_num_threads(1)    # one decision at a time: threads only add overhead
        model = _MODELS[path] = MaskablePPO.load(path, device="cpu")
    return model


def forget_model(path: str) -> None:
    """Drop a loaded model from the process cache (a pruned league snapshot)."""
    _MODELS.pop(os.path.abspath(path), None)


class CheckpointPolicy:
    """A trained MaskablePPO policy playing any seat of its game.

    The observation is the game's encoder from the seat's perspective and the mask is the game's legal
    mask, exactly what the policy saw in training. ``deterministic=True`` plays the most probable legal
    action; otherwise the action is sampled from the masked distribution with the caller's RNG, so a
    seeded game replays exactly. Picklable: only the path travels; each process loads the model once."""

    def __init__(self, path: str, deterministic: bool = True):
        self.path = checkpoint_path(path)
        self.deterministic = deterministic
        self._model = None
        load_model(self.path)       # fail now, with the path, rather than in the middle of a game

    def __getstate__(self):
        return {"path": self.path, "deterministic": self.deterministic}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._model = None

    def __repr__(self):
        return f"CheckpointPolicy({self.path!r})"

    def probabilities(self, game, faction) -> np.ndarray:
        """The policy's masked action distribution at this decision (float64, sums to 1)."""
        import torch
        from coin_env.core.encoding import encoder_for
        model = self._model = self._model or load_model(self.path)
        enc = encoder_for(game)
        obs = np.empty(enc.size, dtype=np.float32)
        enc.encode(game, faction, obs)
        mask = game.legal_mask(np.zeros(len(game.vocabulary), dtype=np.int8)).astype(bool)
        with torch.no_grad():
            obs_t = torch.as_tensor(obs[None, :])
            dist = model.policy.get_distribution(obs_t, action_masks=mask[None, :])
            probs = dist.distribution.probs[0].numpy().astype(np.float64)
        probs[~mask] = 0.0
        total = probs.sum()
        return probs / total if total > 0 else mask / mask.sum()

    def __call__(self, game, faction, rng: random.Random) -> int:
        probs = self.probabilities(game, faction)
        if self.deterministic:
            return int(np.argmax(probs))
        cumulative = np.cumsum(probs)
        return int(min(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"),
                       len(probs) - 1))


def resolve(spec):
    """A policy from a name, a checkpoint spec or a callable (the fallback of aec_env.resolve_policy)."""
    if callable(spec):
        return spec
    if is_checkpoint_spec(spec):
        return CheckpointPolicy(spec)
    if spec in POLICIES:
        return POLICIES[spec]
    raise ValueError(f"unknown policy {spec!r}: use 'random', a bot of the game, 'checkpoint:PATH' "
                     f"(or a path ending in .zip) or 'module:attr'")


def policy_from_spec(spec, game: str):
    """The policy a spec names for ``game`` (see the module docstring for the spec forms)."""
    from coin_env.core.aec_env import resolve_policy
    return resolve_policy(spec, game)
