"""A generic PettingZoo AEC environment over any registered coin-env game.

    env = coin_env.env("gandhi", scenario="short", seed=0, opponents={"raj": "random"}, render_mode="ansi")
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        env.step(action)

* Agents: the game's factions, minus the seats played by ``opponents``. A game whose seats depend on its
  options (John Company: ``options={"families": n}``) has the seats of this env's options
  (``coin_env.core.registry.game_factions``): ``possible_agents`` is fixed per env instance.
* Observation (per agent): ``Dict(observation=Box(float32, (encoder.size,)),
  action_mask=Box(int8 0/1, (len(vocabulary),)))``. The observation is the game's encoder
  (coin_env.core.encoding) from that agent's perspective; the mask is ``game.legal_mask()``
  for the agent to move and all zeros for every other agent.
* Action: ``Discrete(len(game.vocabulary))``, the same for every agent. An illegal action
  raises ``coin_env.IllegalActionError`` (the game is unchanged): an AEC caller reads the mask
  in ``last()`` (PettingZoo's ``api_test`` does).
* ``agent_selection`` is ``game.current_player()``: one faction often makes several
  decisions in a row (choose Rally, select Bihar, place 2 Activists, ..., done).
* ``opponents``: ``{faction: policy}``, or one policy for every seat not in ``agents`` (then
  ``agents`` is required: ``coin_env.env("gandhi", agents=["congress"], opponents="arjuna")``).
  A policy is any spec :func:`coin_env.core.policy_specs.resolve_policy` accepts: ``"random"``
  (uniform legal action), a bot of the game by name, a callable ``(game, faction, rng) -> action``
  (``rng`` is a ``random.Random`` seeded from the env seed), a ``"module:attr"`` path to such a
  callable (or to a class whose instances are such callables), or a form registered by another
  package (agents.policies adds trained checkpoints: ``"checkpoint:PATH"`` or a path ending in
  ``.zip``). Opponent seats are played inside ``reset()``/``step()``, so ``agent_selection`` is
  always a learner seat. If every seat is an opponent, ``reset()`` plays the whole game.
* ``agents`` (optional): the learner factions; default every faction ``opponents`` does not name.
* An opponent that raises (or answers illegally) inside ``step()`` ends the episode: every agent
  is truncated with ``infos[agent]["error"]`` (also ``env.error``) and the game is left where it
  failed; ``step()`` with an action then refuses until ``reset()``. Inside ``reset()`` it raises
  ``coin_env.core.env_common.OpponentError``. ``step()``/``last()`` before ``reset()`` raise
  ``RuntimeError``; ``step()`` refuses to act when the game waits on another seat than
  ``agent_selection``.
* Seeds (constructor and ``reset``): a non-negative int below 2**64, or None (unseeded);
  anything else is a ``ValueError`` naming the seed.
* Rewards come only at the end of the game:
    - ``reward="ranking"``: +1 to the winner, -1 to every other faction;
    - ``reward="margin"``: the ranking reward plus ``clip(victory margin, -20, 20) / 20``
      (7.3 margins; so in [-2, 2]).
* ``render_mode="ansi"``: ``render()`` returns the game's text board (tracks, cards, spaces,
  the prompt) followed by the game log's entries since the acting agent's last turn, as that agent may read
  them (``game.log_seen_by``, the same entries as ``info["log"]``); ``"human"``
  prints it. A rendering env keeps the game log (``game.log``). ``"rgb_array"``: ``render()`` returns
  the board picture, an (H, W, 3) uint8 array (coin_env.core.pictures: schematic map, pieces, markers,
  tracks, cards).
* ``log_in_info=True``: keep the game log and put in each agent's ``info["log"]`` the log entries
  (dicts with ``text``, ``kind``, ...) since that agent's last decision (all of them before its first), as
  that agent may read them (``game.log_seen_by``: John Company hides what another family was asked).
* Picklable, and constructible from a plain dict: ``CoinAECEnv.from_config({"game": "gandhi", ...})``.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .encoding import encoder_for
from .env_common import (CoinEnvCommon, OpponentError, check_game_options, check_reset_options, check_seed,
                         run_opponents)
from .policy_specs import random_policy, resolve_policy  # noqa: F401  (re-exported: agents import them here)
from .registry import game_factions, make_game

REWARDS = ("ranking", "margin")
MARGIN_SCALE = 20.0


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
    """``{faction: policy}`` from an opponents spec: None (no opponents), one spec for every faction but
    ``seat`` (a faction, or a collection of learner factions), or a dict ``{faction: spec}``."""
    learners = set() if seat is None else {seat} if isinstance(seat, str) else set(seat)
    if opponents is None:
        return {}
    if isinstance(opponents, str) or callable(opponents):
        return {f: resolve_policy(opponents, game) for f in factions if f not in learners}
    if not isinstance(opponents, dict):
        raise ValueError(f"opponents must be a policy spec (e.g. 'random'), a callable or a dict "
                         f"{{faction: policy}}, not {type(opponents).__name__} {opponents!r}")
    unknown = set(opponents) - set(factions)
    if unknown:
        raise ValueError(f"opponents name unknown factions {sorted(unknown)}; factions: {list(factions)}")
    both = sorted(learners & set(opponents))
    if both:
        what = f"seat {both[0]!r}" if isinstance(seat, str) else f"learner seats {both}"
        raise ValueError(f"{what} cannot also be an opponent")
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
    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "name": "coin_env_v0", "is_parallelizable": False}

    def __init__(self, game: str = "gandhi", scenario: str | None = None, seed: int | None = None,
                 options: dict | None = None, opponents=None, render_mode: str | None = None,
                 reward: str = "ranking", debug: bool = False, agents=None, log_in_info: bool = False):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        seed = check_seed(seed)
        self.game_name = game
        self.scenario = scenario
        self.seed_value = seed
        self.game_options = check_game_options(options)
        self.opponent_specs = dict(opponents) if isinstance(opponents, dict) else opponents
        self.render_mode = render_mode
        self.reward_mode = reward
        self.debug = debug
        self.log_in_info = bool(log_in_info)
        self._log_seen = {}             # agent -> game log length just before its last decision

        factions = list(game_factions(game, self.game_options))      # this instance's seats (its options)
        self.learner_spec = None if agents is None else self._agent_list(agents, factions, game)
        self.opponents = self._resolve_opponents()
        self.game_options = with_non_players(self.game_options, self.opponents)
        self.game = make_game(game, scenario=scenario, seed=0 if seed is None else seed,
                              options=self.game_options, debug=debug, log=self._wants_log())
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
        self._needs_reset = True        # step()/last() refuse until reset()
        self.error = None               # why the episode was ended early (an opponent failed), else None
        self.agents = []
        self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos = {}, {}, {}, {}, {}
        self.agent_selection = None

    @classmethod
    def from_config(cls, config: dict) -> "CoinAECEnv":
        return cls(**dict(config))

    @staticmethod
    def _agent_list(agents, factions, game) -> list[str]:
        names = [agents] if isinstance(agents, str) else list(agents) if isinstance(agents, (list, tuple)) else None
        if names is None or any(not isinstance(a, str) for a in names):
            raise ValueError(f"agents must be a faction or a list of factions of {game} {factions}, not {agents!r}")
        unknown = [a for a in names if a not in factions]
        if unknown or len(set(names)) != len(names):
            raise ValueError(f"agents must be distinct factions of {game} {factions}, not {agents!r}")
        return names

    def _resolve_opponents(self) -> dict:
        factions = list(game_factions(self.game_name, self.game_options))
        specs, learners = self.opponent_specs, self.learner_spec
        if (isinstance(specs, str) or callable(specs)) and learners is None:
            raise ValueError(f"opponents={specs!r} is one policy for every seat that does not learn: say which "
                             f"seats learn with agents=[...] (e.g. agents={factions[:1]!r}), or give opponents as "
                             f"{{faction: policy}}")
        opponents = resolve_opponents(specs, factions, seat=learners, game=self.game_name)
        if learners is not None:
            missing = [f for f in factions if f not in learners and f not in opponents]
            if missing:
                raise ValueError(f"no opponent policy for {missing}: with agents={learners!r}, every other seat "
                                 f"needs one")
        return opponents

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
        """Start a game (``seed``: a non-negative int, or None for one drawn from the env's generator).
        An opponent that fails while playing its seats raises :class:`OpponentError`; reset() again."""
        game_seed = self._game_seed(check_seed(seed))
        self._first_reset = False
        self._needs_reset = True
        self.error = None
        options = check_reset_options(options)
        self.game = make_game(self.game_name, scenario=options.get("scenario", self.scenario), seed=game_seed,
                              options=self.game_options, position=options.get("position"), debug=self.debug,
                              log=self._wants_log())
        self._log_seen = {}
        self._opp_rng = random.Random(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = None
        run_opponents(self.game, self.opponents, self._opp_rng)
        self._needs_reset = False
        self._after_move()

    @property
    def viewing_seat(self):
        """The agent a render is addressed to: the one to act."""
        return self.agent_selection

    def _log_infos(self) -> None:
        if self.log_in_info and self.game.keeps_log:
            for a in self.agents:
                self.infos[a] = {**self.infos.get(a, {}), "log": self.seat_log(a)}

    def _after_move(self) -> None:
        self._log_infos()
        if self.game.is_over():
            self.rewards = final_rewards(self.game, self.agents, self.reward_mode)
            for a in self.agents:
                self.terminations[a] = True
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.game.current_player()

    def _end_with_error(self, message: str) -> None:
        """An opponent failed: every agent is truncated with the error in its info (the game stays as it was
        at the failure); agent_iter() then winds the episode down and step() refuses until reset()."""
        self.error = message
        for a in self.agents:
            self.truncations[a] = True
            self.infos[a] = {**self.infos.get(a, {}), "error": message}
        if self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0] if self.agents else None

    def step(self, action):
        if self._needs_reset:
            raise RuntimeError("step() before reset(): call env.reset() first")
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if not self.agents or agent not in self.agents:
            raise RuntimeError("step() after the episode ended (every agent is done); call env.reset()")
        if self.error is not None:
            raise RuntimeError(f"the episode was ended by an error; call env.reset(): {self.error}")
        actor = self.game.current_player()
        if actor != agent:
            raise RuntimeError(f"the game waits on {actor!r}, not on agent_selection {agent!r} (was env.game "
                               f"changed outside the env?); call env.reset()")
        seen = self.game.log_length()
        self.game.apply(action)             # an illegal action raises IllegalActionError, nothing changed
        self._log_seen[agent] = seen
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        try:
            run_opponents(self.game, self.opponents, self._opp_rng)
        except OpponentError as err:
            self._end_with_error(str(err))
        else:
            self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True):
        if self._needs_reset:
            raise RuntimeError("last() before reset(): call env.reset() first")
        return super().last(observe)

    # -- observation -------------------------------------------------------------------
    def observe(self, agent):
        obs = np.empty(self.encoder.size, dtype=np.float32)
        self.encoder.encode(self.game, agent, obs)
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if not self.game.is_over() and self.error is None and agent == self.game.current_player():
            self.game.legal_mask(mask)
        return {"observation": obs, "action_mask": mask}

    def action_mask(self, agent=None) -> np.ndarray:
        return self.observe(agent or self.agent_selection)["action_mask"]

    def close(self):
        pass
