"""Trained MaskablePPO checkpoints as policies: the specs ``checkpoint:PATH`` and any path ending in ``.zip``.

:class:`CheckpointPolicy` plays any seat of its game from the seat's observation and the legal mask, exactly
what it saw in training; :func:`load_model` loads each file once per process; :func:`check_compatible` refuses
a checkpoint whose spaces are not the game's, naming the game its run was trained on.
"""

from __future__ import annotations

import os
import random

import numpy as np
import yaml

import coin_env
from coin_env.core.encoding import encoder_for

class CheckpointNotFoundError(FileNotFoundError, ValueError):
    """A checkpoint spec names a file that does not exist (a ValueError like every bad spec, and a
    FileNotFoundError for callers that catch that)."""


def is_checkpoint_spec(spec) -> bool:
    return isinstance(spec, str) and (spec.startswith("checkpoint:") or spec.endswith(".zip"))


def checkpoint_path(spec: str) -> str:
    return spec[len("checkpoint:"):] if spec.startswith("checkpoint:") else spec


_MODELS: dict[str, object] = {}     # path -> loaded model, one per process (workers load their own)


def load_model(path: str):
    """A MaskablePPO checkpoint on the CPU, loaded once per process. A missing or unreadable file is a
    clear error (CheckpointNotFoundError / ValueError) naming the path."""
    path = os.path.abspath(path)
    model = _MODELS.get(path)
    if model is None:
        if not os.path.isfile(path):
            raise CheckpointNotFoundError(f"checkpoint {path!r} not found (a MaskablePPO .zip written by "
                                          f"coin-env train)")
        import torch            # deferred: torch and sb3-contrib are the optional [train] extra
        from sb3_contrib import MaskablePPO
        torch.set_num_threads(1)    # one decision at a time: threads only add overhead
        try:
            model = MaskablePPO.load(path, device="cpu")
        except Exception as exc:
            raise ValueError(f"checkpoint {path!r} is not a readable MaskablePPO save: "
                             f"{type(exc).__name__}: {exc}") from None
        _MODELS[path] = model
    return model


_GAME_SIZES: dict[str, tuple[int, int]] = {}


def game_sizes(game: str) -> tuple[int, int]:
    """(observation size, number of actions) of a game's envs."""
    sizes = _GAME_SIZES.get(game)
    if sizes is None:
        sizes = _GAME_SIZES[game] = (encoder_for(game).size, len(coin_env.make_game(game, seed=0).vocabulary))
    return sizes


def run_config(path: str) -> dict:
    """The game and seats named by the config.yaml of the run a checkpoint belongs to (its folder or one of
    the two above it: runs/NAME/final.zip, runs/NAME/checkpoints/step_N.zip, runs/NAME/league/...), or {}."""
    folder = os.path.dirname(os.path.abspath(path))
    for _ in range(3):
        config = os.path.join(folder, "config.yaml")
        if os.path.isfile(config):
            try:
                with open(config) as f:
                    cfg = yaml.safe_load(f) or {}
            except Exception:
                return {}
            if not isinstance(cfg, dict):
                return {}
            seats = cfg.get("seats")
            return {"game": cfg.get("game") if isinstance(cfg.get("game"), str) else None,
                    "seats": ",".join(map(str, seats)) if isinstance(seats, (list, tuple)) else seats}
        folder = os.path.dirname(folder)
    return {}


def check_compatible(model, path: str, game: str) -> None:
    """ValueError unless the model's observation and action spaces are those of ``game``'s envs."""
    obs_size, n_actions = game_sizes(game)
    model_obs = tuple(getattr(model.observation_space, "shape", ()) or ())
    model_actions = getattr(model.action_space, "n", None)
    if model_obs == (obs_size,) and model_actions == n_actions:
        return
    trained = run_config(path)
    if trained.get("game"):
        seats = f", seats {trained['seats']}" if trained.get("seats") else ""
        hint = f"; its run's config.yaml names game {trained['game']!r}{seats}"
    else:
        fits = [g for g in coin_env.list_games() if g != game and game_sizes(g) == (model_obs[:1] and model_obs[0],
                                                                                     model_actions)]
        hint = f"; those are the sizes of {', '.join(fits)}" if fits else ""
    raise ValueError(f"checkpoint {path!r} does not fit {game}: it takes observations of shape {model_obs} and "
                     f"{model_actions} actions, {game} has ({obs_size},) and {n_actions}{hint}")


def forget_model(path: str) -> None:
    """Drop a loaded model from the process cache (a pruned league snapshot)."""
    _MODELS.pop(os.path.abspath(path), None)


class CheckpointPolicy:
    """A trained MaskablePPO policy playing any seat of its game.

    The observation is the game's encoder from the seat's perspective and the mask is the game's legal
    mask, exactly what the policy saw in training. ``deterministic=True`` plays the most probable legal
    action; otherwise the action is sampled from the masked distribution with the caller's RNG, so a
    seeded game replays exactly. Picklable: only the path travels; each process loads the model once."""

    def __init__(self, path: str, deterministic: bool = True, game: str | None = None):
        self.path = checkpoint_path(path)
        self.deterministic = deterministic
        self.game = game
        self._model = None
        self._checked: set[str] = set()     # games whose sizes the model was checked against
        model = load_model(self.path)       # fail now, with the path, rather than in the middle of a game
        if game is not None:
            check_compatible(model, self.path, game)
            self._checked.add(game)

    def __getstate__(self):
        return {"path": self.path, "deterministic": self.deterministic, "game": self.game}

    def __setstate__(self, state):
        self.game = None
        self.__dict__.update(state)
        self._model = None
        self._checked = set()

    def __repr__(self):
        return f"CheckpointPolicy({self.path!r})"

    def probabilities(self, game, faction) -> np.ndarray:
        """The policy's masked action distribution at this decision (float64, sums to 1)."""
        import torch            # deferred: torch is the optional [train] extra
        model = self._model = self._model or load_model(self.path)
        if game.name not in self._checked:          # a clear error, not a shape mismatch inside torch
            check_compatible(model, self.path, game.name)
            self._checked.add(game.name)
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
        return choose_action(self.probabilities(game, faction), self.deterministic, rng)


def choose_action(probs: np.ndarray, deterministic: bool, rng: random.Random) -> int:
    """The most probable action, or one sampled from ``probs`` with the caller's RNG (a seeded game replays)."""
    if deterministic:
        return int(np.argmax(probs))
    cumulative = np.cumsum(probs)
    return int(min(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"), len(probs) - 1))
