"""Any game of the suite as an RLlib ``MultiAgentEnv`` (turn-based).

Only the learner seats are RLlib agents. At each step exactly one of them -- the seat to decide -- gets an
observation ``{"observations": float32 vector, "action_mask": float32 0/1}``; the fixed seats (bots,
random, frozen SB3 or RLlib checkpoints, league snapshots) play inside ``step()`` with the game's own
policies (coin_env.core.policy_specs), exactly as in the gymnasium env. When the game ends every learner
seat gets its last observation and the final reward; ``reward`` has the gymnasium env's modes ("ranking",
"margin", "relative" at the end; "shaped", "shaped_relative" also pay, with each observation of a seat,
the change of their potential since that seat's previous decision). ``max_decisions`` learner decisions
truncate an episode; ``skip_forced`` plays a learner's single-choice decisions inside the env.

A learner action the mask forbids is an error naming the action and the prompt (the masked module never
samples one: the tests check it). Seeds: each episode's game seed comes from the config's ``seed``, the
env runner and vector index, and the episode number, so runs are reproducible per runner.
"""

from __future__ import annotations

import os
import random

import gymnasium as gym
import numpy as np

from ray.rllib.env.multi_agent_env import MultiAgentEnv

import coin_env
from coin_env.core.aec_env import resolve_opponents, with_non_players
from coin_env.core.encoding import encoder_for
from coin_env.core.env_common import run_opponents
from coin_env.core.game import IllegalActionError
from coin_env.core.gym_env import end_reward, reward_potential
from coin_env.core.registry import game_factions, game_module

OBS, MASK = "observations", "action_mask"
POOL = "pool"
SEED_SPAN = 2 ** 32


def observation_space(game_name: str) -> gym.spaces.Dict:
    enc = encoder_for(game_name)
    n_actions = len(game_module(game_name).GAME_CLASS.vocabulary)
    return gym.spaces.Dict({OBS: gym.spaces.Box(enc.low, enc.high, (enc.size,), np.float32),
                            MASK: gym.spaces.Box(0.0, 1.0, (n_actions,), np.float32)})


def action_space(game_name: str) -> gym.spaces.Discrete:
    return gym.spaces.Discrete(len(game_module(game_name).GAME_CLASS.vocabulary))


class CoinMultiAgentEnv(MultiAgentEnv):
    """``config``: game, scenario, options, reward, learners (seats), learners_per_game, opponents
    ({seat: spec}; "pool" draws a league snapshot or bot per episode), max_decisions, seed, league_dir,
    league_bots, bot_probability, sampling, recent. RLlib passes an EnvContext (a dict with ``worker_index`` / ``vector_index``).

    ``learners_per_game``: "one" (as the SB3 backend: each episode one seat drawn from ``learners`` is the
    learner, every other seat plays its opponent spec) or "all" (every learner seat is played by the learner
    in the same game: self-play; opponents only for the seats outside ``learners``)."""

    def __init__(self, config: dict | None = None):
        super().__init__()
        config = dict(config or {})
        self.game_name = config.get("game", "gandhi")
        self.scenario = config.get("scenario")
        self.options = dict(config.get("options") or {})
        self.reward = config.get("reward", "ranking")
        factions = list(game_factions(self.game_name, self.options))
        self.learners = list(config.get("learners") or factions)
        self.learners_per_game = config.get("learners_per_game", "one")
        if self.learners_per_game not in ("one", "all"):
            raise ValueError(f"learners_per_game must be 'one' or 'all', not {self.learners_per_game!r}")
        self.opponent_specs = dict(config.get("opponents") or {})
        self.max_decisions = config.get("max_decisions")
        self.skip_forced = bool(config.get("skip_forced", False))
        self.league_dir = config.get("league_dir")
        self.league_bots = list(config.get("league_bots") or [])
        self.bot_probability = float(config.get("bot_probability", 0.2))
        self.sampling = config.get("sampling", "uniform")         # agents/training/league.py's meanings
        self.recent = int(config.get("recent", 3))
        worker = int(getattr(config, "worker_index", 0) or 0)
        vector = int(getattr(config, "vector_index", 0) or 0)
        self._seed_base = (int(config.get("seed", 0)) * 1_000_003 + worker * 10_007 + vector * 101) % SEED_SPAN
        self._episodes = 0
        self.encoder = encoder_for(self.game_name)
        self.possible_agents = list(self.learners)
        self.agents = list(self.learners)
        space, actions = observation_space(self.game_name), action_space(self.game_name)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: actions for a in self.possible_agents}
        fixed = {f: s for f, s in self.opponent_specs.items() if s != POOL}
        self._fixed = resolve_opponents(fixed, factions, game=self.game_name)
        missing = [f for f in factions if f not in self.learners and f not in self.opponent_specs]
        if missing:
            raise ValueError(f"no opponent policy for {missing}")
        self.factions = factions
        self.active: list[str] = []          # this episode's learner seats
        self.opponents: dict = {}             # this episode's {seat: policy} for the other seats
        self._loaded_pool: dict[str, object] = {}
        self.game = None
        self._rng = random.Random(self._seed_base)

    # --- opponents ----------------------------------------------------------------------------------
    def _pool_policy(self):
        """A league opponent for this episode: a bot with ``bot_probability`` (or when no snapshot exists
        yet), else a frozen snapshot of the learner (``league_dir``/step_<T>) drawn by ``sampling``: uniform
        over the pool, the latest, or uniform over the ``recent`` newest."""
        snapshots = sorted(os.listdir(self.league_dir)) if self.league_dir and os.path.isdir(self.league_dir) else []
        if self.league_bots and (not snapshots or self._rng.random() < self.bot_probability):
            return self._rng.choice(self.league_bots)
        if not snapshots:
            return "random"
        if self.sampling == "latest":
            snapshots = snapshots[-1:]
        elif self.sampling == "recent":
            snapshots = snapshots[-self.recent:]
        return "rllib:" + os.path.join(self.league_dir, self._rng.choice(snapshots))

    def _episode_opponents(self) -> dict:
        opponents = {f: p for f, p in self._fixed.items() if f not in self.active}
        for seat, spec in self.opponent_specs.items():
            if spec == POOL and seat not in self.active:
                choice = self._pool_policy()
                if choice not in self._loaded_pool:
                    self._loaded_pool[choice] = resolve_opponents({seat: choice}, self.factions,
                                                                  game=self.game_name)[seat]
                opponents[seat] = self._loaded_pool[choice]
        return opponents

    # --- the episode -------------------------------------------------------------------------------
    def _observation(self, seat: str) -> dict:
        return {OBS: self.encoder.observe(self.game, seat).astype(np.float32, copy=False),
                MASK: self.game.legal_mask().astype(np.float32)}

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._seed_base = int(seed) % SEED_SPAN
            self._episodes = 0
        game_seed = (self._seed_base + self._episodes * 7919) % SEED_SPAN
        self._episodes += 1
        self._rng = random.Random(game_seed)
        self.active = list(self.learners) if self.learners_per_game == "all" else [self._rng.choice(self.learners)]
        self.opponents = self._episode_opponents()
        self.game = coin_env.make_game(self.game_name, scenario=self.scenario, seed=game_seed,
                                       options=with_non_players(self.options, self.opponents))
        self._decisions = 0
        self._potential = {}
        self._play_others()
        if self.game.is_over():             # the fixed seats ended the game before any learner decided
            return self.reset()
        seat = self.game.current_player()
        self._potential[seat] = reward_potential(self.game, seat, self.reward)
        return {seat: self._observation(seat)}, {}

    def _play_others(self) -> None:
        """The fixed seats move, and (``skip_forced``) a learner's decisions with one legal action are
        played for it, until a learner has a real choice or the game ends."""
        while True:
            run_opponents(self.game, self.opponents, self._rng)
            if not self.skip_forced or self.game.is_over():
                return
            legal = self.game.legal_actions()
            if len(legal) != 1:
                return
            self.game.apply(legal[0])

    def _step_reward(self, seat: str) -> float:
        """The shaping term of ``seat`` since its previous decision (0 for the end-of-game modes)."""
        now = reward_potential(self.game, seat, self.reward)
        before = self._potential.get(seat, now)
        self._potential[seat] = now
        return now - before

    def step(self, action_dict: dict):
        seat = self.game.current_player()
        if seat not in action_dict:
            raise ValueError(f"step() needs an action for {seat!r}, the seat to decide; got {sorted(action_dict)}")
        action = int(action_dict[seat])
        try:
            self.game.apply(action, player=seat)
        except IllegalActionError as exc:
            raise IllegalActionError(f"RLlib sampled an illegal action for {seat!r}: {exc}") from None
        self._decisions += 1
        self._play_others()
        if self.game.is_over():
            obs = {s: self._final_observation(s) for s in self.active}
            rewards = {s: self._step_reward(s) + end_reward(self.game, s, self.reward) for s in self.active}
            return obs, rewards, {"__all__": True}, {"__all__": False}, {}
        if self.max_decisions is not None and self._decisions >= self.max_decisions:
            obs = {s: self._final_observation(s) for s in self.active}
            rewards = {s: self._step_reward(s) for s in self.active}
            return obs, rewards, {"__all__": False}, {"__all__": True}, {}
        nxt = self.game.current_player()
        # RLlib wants a reward with every observation of a seat that has acted before.
        rewards = {seat: 0.0, nxt: self._step_reward(nxt)} if nxt != seat else {seat: self._step_reward(seat)}
        return {nxt: self._observation(nxt)}, rewards, {"__all__": False}, {"__all__": False}, {}

    def _final_observation(self, seat: str) -> dict:
        # No decision is pending: an all-zero mask would make every logit -inf, so the final observation
        # (never acted on) allows action 0.
        obs = {OBS: self.encoder.observe(self.game, seat).astype(np.float32, copy=False),
               MASK: np.zeros(self.action_spaces[seat].n, np.float32)}
        obs[MASK][0] = 1.0
        return obs
