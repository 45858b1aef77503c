"""Policies over a Game's decision points: a policy is ``(game, faction, rng) -> action``.

A policy *spec* (what configs and command lines write) is one of:

* ``"random"``: uniform over the legal actions, drawn from the caller's RNG;
* a bot's name from the game's registry (``"arjuna"`` for Gandhi, ``"flowchart"`` for A Distant Plain);
* a trained checkpoint: ``"checkpoint:PATH"`` or any path ending in ``.zip`` (a MaskablePPO save);
* a shipped agent: ``"pretrained:GAME"`` (agents/pretrained.py);
* ``"module:attr"``: an importable callable, or a class whose instances are such callables.

Specs resolve through coin_env.core.policy_specs (core knows nothing of this package): importing this
module registers the checkpoint forms (``checkpoint:`` and ``*.zip``) and the names of :data:`POLICIES`
there, so every env accepts them. An installed coin-env also registers them through the entry point
``coin_env.policies`` -> :func:`register_policy_specs`, so an env resolves a checkpoint without this
module having been imported. :func:`policy_from_spec` turns a spec into a policy for one game.
"""

from __future__ import annotations

import os
import random

import numpy as np

from coin_env.core.policy_specs import (random_policy, register_policy_resolver,  # noqa: F401
                                        resolve_policy)


POLICIES = {"random": random_policy}


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
        import torch
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
        import coin_env
        from coin_env.core.encoding import encoder_for
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
                import yaml
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
        import coin_env
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
        import torch
        from coin_env.core.encoding import encoder_for
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


SEAT_RULES = ("player", "non_player")


class BotAsPlayer:
    """A non-player bot (a :class:`coin_env.coin.bots.NonPlayerBot`) playing a seat that is a *player* of the
    game (not in ``options.non_players``): the bot's section-8 procedure answers the same decisions, but the
    game applies the player rules to the seat (it pays for Operations, 7.x / 8.10 victory ...). Used where a
    bot must sit in exactly the setting a learner plays (``seat_rules: player``); the procedures assume the
    non-player rules, so read the result as the bot's level under those rules, not as a competent player's.

    The bot decides with its seat flagged a non-player for the length of the decision (its procedure and its
    probes read that flag), and the game's options are restored before the action is applied; the answer must
    be legal under the player rules (else ``BotError``)."""

    non_player = False

    def __init__(self, bot):
        if not callable(getattr(bot, "decide_for", None)):
            raise ValueError(f"{bot!r} is not a non-player bot (no decide_for): only a game's bots "
                             f"can be made to play a player seat")
        self.bot = bot

    def __repr__(self):
        return f"BotAsPlayer({getattr(self.bot, 'name', None) or type(self.bot).__name__})"

    def __call__(self, game, faction, rng=None) -> int:
        legal = game.legal_actions()        # the player-rules decision, computed before anything below
        _add_bot_cards(game, faction, rng)
        options = game.options
        # The procedure (and its "is this Event effective?" probes on clones) runs with the seat flagged a
        # non-player, as it is written for; the answer must be legal in the real game (the cached legal set
        # above is the player rules' one, and decide_for checks against it). The game's options are restored
        # before returning, whatever happens.
        game.options = dict(options, non_players=sorted(set(options.get("non_players") or ()) | {faction}))
        try:
            action = self.bot.decide_for(game, faction)
        finally:
            game.options = options
        if action not in legal:             # decide_for checks it already; a second look costs nothing
            from coin_env.coin.bots import BotError
            raise BotError(f"{self!r} {faction} chose illegal action {action} at {game.prompt()!r}")
        return action


def _add_bot_cards(game, faction: str, rng) -> None:
    """Gandhi 8.3: the Arjuna deck holds the cards of the game's non-players only. A seat played by Arjuna as
    a player gets its six cards shuffled into the deck (at positions drawn from the seat's RNG) the first time
    it decides; they stay there (the deck is plain game state), as if the seat had been a non-player at
    setup. Other games' bots keep no such deck."""
    if game.name != "gandhi":
        return
    from coin_env.games.gandhi.data.arjuna import CARD_FACTION, CARD_LETTERS
    deck = game.state.arjuna["deck"]
    if any(CARD_FACTION[c] == faction for c in deck):
        return
    draw = (rng or random.Random(0)).random
    for letter in CARD_LETTERS[faction]:
        deck.insert(int(draw() * (len(deck) + 1)), letter)


def as_player(policy):
    """``policy`` able to play a seat under the player rules: a non-player bot is wrapped in
    :class:`BotAsPlayer`; any other policy (random, checkpoints, ``module:attr``) is returned as it is."""
    return BotAsPlayer(policy) if getattr(policy, "non_player", False) else policy


def _checkpoint_factory(spec: str, game: str | None):
    return CheckpointPolicy(spec, game=game)


def _rllib_factory(spec: str, game: str | None):
    from .rllib.policy import rllib_factory
    return rllib_factory(spec, game)


def _pretrained_factory(spec: str, game: str | None):
    from .pretrained import pretrained_factory
    return pretrained_factory(spec, game)


def register_policy_specs() -> None:
    """Teach coin_env's policy-spec registry this package's specs (idempotent; the ``coin_env.policies``
    entry point calls it, and importing this module does)."""
    register_policy_resolver("checkpoint:", _checkpoint_factory)
    register_policy_resolver("*.zip", _checkpoint_factory)
    register_policy_resolver("rllib:", _rllib_factory)        # RLlib checkpoints (agents/rllib/policy.py)
    register_policy_resolver("pretrained:", _pretrained_factory)   # shipped agents (agents/pretrained.py)
    for name, policy in POLICIES.items():
        if name != "random":
            register_policy_resolver(name, lambda spec, game, policy=policy: policy)


register_policy_specs()


def resolve(spec, game: str | None = None):
    """A policy from a name, a checkpoint spec, a 'module:attr' path or a callable."""
    return resolve_policy(spec, game)


def policy_from_spec(spec, game: str):
    """The policy a spec names for ``game`` (see the module docstring for the spec forms)."""
    return resolve_policy(spec, game)
