"""A generic PettingZoo AEC environment over any registered coin-env game.

    env = coin_env.env("gandhi", scenario="short", seed=0, opponents={"raj": "random"}, render_mode="ansi")
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        env.step(action)

* Agents: the game's factions, minus the seats played by ``opponents``.
* Observation (per agent): ``Dict(observation=Box(float32, (encoder.size,)),
  action_mask=Box(int8 0/1, (len(vocabulary),)))``. The observation is the game's encoder
  (coin_env.core.encoding) from that agent's perspective; the mask is ``game.legal_mask()``
  for the agent to move and all zeros for every other agent.
* Action: ``Discrete(len(game.vocabulary))``, the same for every agent. An illegal action
  raises ``coin_env.IllegalActionError`` (the game is unchanged).
* ``agent_selection`` is ``game.current_player()``: one faction often makes several
  decisions in a row (choose Rally, select Bihar, place 2 Activists, ..., done).
* ``opponents``: ``{faction: policy}``; a policy is ``"random"`` (uniform legal action),
  a callable ``(game, faction, rng) -> action`` (``rng`` is a ``random.Random`` seeded from the
  env seed), a ``"module:attr"`` path to such a callable (or to a class whose instances are
  such callables), a trained checkpoint (``"checkpoint:PATH"`` or a path ending in ``.zip``,
  see agents.policies.CheckpointPolicy), or any name known to ``agents.policies`` (when that
  package is installed). Opponent seats are played inside ``reset()``/``step()``, so ``agent_selection``
  is always a learner seat. If every seat is an opponent, ``reset()`` plays the whole game.
* Rewards come only at the end of the game:
    - ``reward="ranking"``: +1 to the winner, -1 to every other faction;
    - ``reward="margin"``: the ranking reward plus ``clip(victory margin, -20, 20) / 20``
      (7.3 margins; so in [-2, 2]).
* ``render_mode="ansi"``: ``render()`` returns the game's text board (tracks, cards, spaces,
  the prompt); ``"human"`` prints it.
* Picklable, and constructible from a plain dict: ``CoinAECEnv.from_config({"game": "gandhi", ...})``.
"""

from __future__ import annotations

import importlib
import random

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .encoding import encoder_for
from .env_common import CoinEnvCommon
from .registry import game_bots, game_module, make_game

REWARDS = ("ranking", "margin")
MARGIN_SCALE = 20.0


def random_policy(game, faction, rng: random.Random) -> int:
    """Uniform over the legal actions (the caller's RNG, never the game's)."""
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))]


def resolve_policy(spec, game: str | None = None):
    """A policy ``(game, faction, rng) -> action`` from a name, an import path or a callable.
    With ``game``, the game's own bots (``registry.game_bots``, e.g. Gandhi's "arjuna") are known by name."""
    if callable(spec):
        return spec
    if isinstance(spec, str) and game is not None and spec in game_bots(game):
        module, _, attr = game_bots(game)[spec].partition(":")
        obj = getattr(importlib.import_module(module), attr)
        return obj() if isinstance(obj, type) else obj
    if not isinstance(spec, str):
        raise ValueError(f"an opponent policy must be 'random', a callable or a 'module:attr' path, not {spec!r}")
    if spec == "random":
        return random_policy
    if spec.startswith("checkpoint:") or spec.endswith(".zip"):
        from agents.policies import CheckpointPolicy  # trained MaskablePPO saves (needs the [train] extra)
        return CheckpointPolicy(spec)
    if ":" in spec:
        module, _, attr = spec.partition(":")
        obj = getattr(importlib.import_module(module), attr)
        return obj() if isinstance(obj, type) else obj
    try:
        from agents.policies import POLICIES  # optional package with more named policies
    except ImportError:
        POLICIES = {}
    if spec in POLICIES:
        return POLICIES[spec]
    bots = f", a bot of {game} ({', '.join(sorted(game_bots(game)))})" if game is not None else ""
    raise ValueError(f"unknown policy {spec!r}: use 'random'{bots}, 'checkpoint:PATH' (or a path ending "
                     f"in .zip), a callable or 'module:attr'")


def final_rewards(game, agents, reward: str) -> dict[str, float]:
    """End-of-game rewards: ranking (+1 winner, -1 others), plus clipped margin / 20 for 'margin'.
    A result may name several winners (``result["winners"]``: every faction of the winning player
    when one player runs several factions, A Distant Plain 1.5)."""
    result = game.state.result or {}
    winners = set(result.get("winners") or [game.winner()])
    margins = game.victory_margins() if reward == "margin" else None
    out = {}
    for a in agents:
        r = 1.0 if a in winners else -1.0
        if margins is not None:
            r += max(-MARGIN_SCALE, min(MARGIN_SCALE, float(margins[a]))) / MARGIN_SCALE
        out[a] = float(r)
    return out


def resolve_opponents(opponents, factions, seat=None, game: str | None = None) -> dict:
    if opponents is None:
        return {}
    if isinstance(opponents, str) or callable(opponents):
        return {f: resolve_policy(opponents, game) for f in factions if f != seat}
    unknown = set(opponents) - set(factions)
    if unknown:
        raise ValueError(f"opponents name unknown factions {sorted(unknown)}; factions: {list(factions)}")
    if seat is not None and seat in opponents:
        raise ValueError(f"seat {seat!r} cannot also be an opponent")
    return {f: resolve_policy(p, game) for f, p in opponents.items()}


def with_non_players(options: dict, opponents: dict) -> dict:
    """Game options plus ``non_players``: the seats whose policy is a non-player bot (attribute
    ``non_player``), which change the rules those seats play by (e.g. Gandhi 8.0)."""
    seats = sorted(f for f, p in opponents.items() if getattr(p, "non_player", False))
    if not seats:
        return dict(options)
    out = dict(options)
    out["non_players"] = sorted(set(out.get("non_players") or ()) | set(seats))
    return out



class CoinAECEnv(CoinEnvCommon, AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "coin_env_v0", "is_parallelizable": False}

    def __init__(self, game: str = "gandhi", scenario: str | None = None, seed: int | None = None,
                 options: dict | None = None, opponents: dict | None = None, render_mode: str | None = None,
                 reward: str = "ranking", debug: bool = False):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game_name = game
        self.scenario = scenario
        self.seed_value = seed
        self.game_options = dict(options or {})
        self.opponent_specs = dict(opponents or {})
        self.render_mode = render_mode
        self.reward_mode = reward
        self.debug = debug

        factions = list(game_module(game).GAME_CLASS.factions)
        self.opponents = resolve_opponents(self.opponent_specs, factions, game=game)
        self.game_options = with_non_players(self.game_options, self.opponents)
        self.game = make_game(game, scenario=scenario, seed=0 if seed is None else seed,
                              options=self.game_options, debug=debug)
        self.encoder = encoder_for(self.game)
        self.n_actions = len(self.game.vocabulary)
        self.possible_agents = [f for f in factions if f not in self.opponents]
        obs_space = spaces.Dict({
            "observation": spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
        })
        act_space = spaces.Discrete(self.n_actions)
        # Identical spaces for every agent (RLlib-friendly); one object per agent name.
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._np_random, _ = seeding.np_random(seed)
        self._opp_rng = random.Random(0 if seed is None else seed)
        self._first_reset = True
        self.agents = []
        self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos = {}, {}, {}, {}, {}
        self.agent_selection = None

    @classmethod
    def from_config(cls, config: dict) -> "CoinAECEnv":
        return cls(**dict(config))

    # -- spaces -----------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- episode ------------------------------------------------------------------------
    def _game_seed(self, seed) -> int:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            return int(seed)
        if self._first_reset and self.seed_value is not None:
            return int(self.seed_value)
        return int(self._np_random.integers(2 ** 31 - 1))

    def reset(self, seed: int | None = None, options: dict | None = None):
        game_seed = self._game_seed(seed)
        self._first_reset = False
        options = options or {}
        self.game = make_game(self.game_name, scenario=options.get("scenario", self.scenario), seed=game_seed,
                              options=self.game_options, position=options.get("position"), debug=self.debug)
        self._opp_rng = random.Random(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._play_opponents()
        self._after_move()

    def _play_opponents(self) -> None:
        game = self.game
        opponents = self.opponents
        while not game.is_over():
            actor = game.current_player()
            policy = opponents.get(actor)
            if policy is None:
                return
            game.apply(policy(game, actor, self._opp_rng))

    def _after_move(self) -> None:
        if self.game.is_over():
            self.rewards = final_rewards(self.game, self.agents, self.reward_mode)
            for a in self.agents:
                self.terminations[a] = True
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.game.current_player()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        self.game.apply(action)
        self._play_opponents()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- observation -------------------------------------------------------------------
    def observe(self, agent):
        obs = np.empty(self.encoder.size, dtype=np.float32)
        self.encoder.encode(self.game, agent, obs)
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if not self.game.is_over() and agent == self.game.current_player():
            self.game.legal_mask(mask)
        return {"observation": obs, "action_mask": mask}

    def action_mask(self, agent=None) -> np.ndarray:
        return self.observe(agent or self.agent_selection)["action_mask"]

    def close(self):
        pass


