"""A single-agent gymnasium environment: one seat learns, the other seats are played inside step().

    env = coin_env.gym_env("gandhi", seat="congress", opponents="random", seed=0)
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(action)
    env.action_masks()        # bool mask over the vocabulary (sb3-contrib MaskablePPO reads this)

* Observation: ``Box(float32, (encoder.size,))``, the game's encoder from the seat's perspective.
* Action: ``Discrete(len(game.vocabulary))``. ``info["action_mask"]`` (bool) is the legal mask, also
  returned by ``action_masks()``.
* ``seat``: the faction the learner plays; or ``"all"`` / a list of factions, one of which is drawn
  (from the episode's seed) at every ``reset()``: one shared policy learns several seats. The
  observation names the seat (the encoder's perspective features). ``env.seat`` is this episode's.
  The seats are those of the env's game options (``coin_env.core.registry.game_factions``: John Company's
  depend on ``options["families"]``).
* ``opponents``: ``"random"`` (every other seat), any policy accepted by
  :func:`coin_env.core.aec_env.resolve_policy` for every other seat, or a dict
  ``{faction: policy}`` naming every other seat (every seat when several seats learn). Opponents
  move inside ``reset()`` / ``step()`` until it is the seat's turn or the game ends. A policy with a
  ``new_episode(rng)`` method is told at every ``reset()`` (a self-play league draws its player then);
  a policy whose ``non_player`` attribute is true makes its seat one of the game's non-players.
* Rewards, from the seat's point of view: ``"ranking"`` (+1 win, -1 otherwise, at the end) or
  ``"margin"`` (ranking + clip(margin, -20, 20) / 20, at the end), see coin_env.core.aec_env; or
  ``"shaped"``: at every step the change of the potential clip(margin, -20, 20) / 20 since the
  seat's previous decision (the opponents' moves included), plus the ranking reward at the end.
  Potential-based shaping (Ng, Harada & Russell 1999): an episode's rewards sum to the "margin"
  reward minus the starting potential, but credit arrives at the step that moved the margin.
  Relative to the best opponent (the margin that decides who wins): ``"relative"`` (terminal only:
  ranking + clip(own margin - best other margin, -20, 20) / 20 at the end) and ``"shaped_relative"``
  (shaping: every step the change of the potential clip(own margin - best other margin, -20, 20) / 20,
  which moves on the opponents' turns too, plus the ranking reward at the end).
* ``skip_forced=True``: a decision of the seat with exactly one legal action is played by the env (inside
  ``reset()`` / ``step()``, like the opponents' moves), so the agent only sees real choices;
  ``info["forced_skipped"]`` counts them this episode. Default False (every decision is a step).
* ``illegal_action``: ``"penalize"`` (default) refuses the action: the game is unchanged, the
  step returns ``illegal_reward`` (default -1.0), ``info["illegal_action"] = True`` and
  ``info["illegal_actions"]`` (the episode's count of refused actions, in every info) grows by one;
  the first refusal of each env also issues an ``IllegalActionWarning`` naming the action and the
  prompt, so a caller that ignores the mask finds out. ``"raise"`` raises ``IllegalActionError``
  (game unchanged). The default lets env checkers (``gymnasium.utils.env_checker.check_env``,
  stable-baselines3's ``check_env``) step with unmasked sampled actions.
* ``reset(seed=s)`` rebuilds the game with seed ``s`` and reseeds the opponents: same seed and
  same actions give the same observations. ``reset()`` without a seed draws a fresh game seed
  from the env's ``np_random``. Seeds are non-negative ints below 2**64 or None; anything else
  (a float, a bool, a negative int) is a ``ValueError`` naming it.
* ``max_decisions`` (optional, a positive int): truncate once the seat has made this many
  ``step()`` calls in the episode, refused (penalized) ones included, so an agent that only plays
  illegal actions is truncated too (``info["decisions"]`` counts the accepted ones).
* An opponent that raises (or answers with an illegal action) inside ``step()`` ends the
  episode: ``truncated=True``, reward 0, ``info["error"]`` says which seat and policy failed and
  why, the mask is all False, and further ``step()`` calls raise ``RuntimeError`` until
  ``reset()``. Inside ``reset()`` the failure raises ``OpponentError`` (reset again). ``step()``
  also refuses (``RuntimeError``) when the game is not waiting on the learner's seat, so the
  learner never acts for another seat.
* ``log_in_info=True``: the game keeps its log (``game.log``) and every info carries ``info["log"]``: the
  entries since the seat's last accepted action (its own choice, then the opponents' moves and what they
  did; on reset, everything up to the seat's first decision).
* ``render_mode="ansi"``: ``render()`` returns the game's text board followed by the log entries since the
  seat's last action as the seat may read them (the same entries as ``info["log"]``); ``"human"`` prints it
  (after every ``step()`` too). A text-rendering env keeps the game log. ``"rgb_array"``: the board picture.
* Picklable, and constructible from a plain dict: ``CoinGymEnv.from_config({...})``.
"""

from __future__ import annotations

import random
import warnings

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .aec_env import MARGIN_SCALE, REWARDS, final_rewards, resolve_opponents, with_non_players

# The gymnasium env adds dense and relative rewards to the end-of-game ones (see the module docstring).
GYM_REWARDS = REWARDS + ("shaped", "relative", "shaped_relative")
ILLEGAL_ACTIONS = ("penalize", "raise")

from .encoding import encoder_for
from .env_common import (CoinEnvCommon, IllegalActionWarning, OpponentError, check_game_options, check_max_decisions,
                         check_reset_options, check_seed, run_opponents)
from .game import IllegalActionError
from .registry import game_factions, make_game



SHAPED = ("shaped", "shaped_relative")


def relative_margin(game, seat: str) -> float:
    """The seat's victory margin minus the best other faction's (7.3 margins): > 0 when the seat leads."""
    margins = game.victory_margins()
    return float(margins[seat]) - max(float(m) for f, m in margins.items() if f != seat)


def _scaled(value: float) -> float:
    return max(-MARGIN_SCALE, min(MARGIN_SCALE, value)) / MARGIN_SCALE


def reward_potential(game, seat: str, reward: str) -> float:
    """The shaping potential of a reward mode: ``shaped``: clip(own margin, -20, 20) / 20;
    ``shaped_relative``: clip(own margin - best other margin, -20, 20) / 20; 0 for the end-of-game modes."""
    if reward == "shaped":
        return _scaled(float(game.victory_margins()[seat]))
    if reward == "shaped_relative":
        return _scaled(relative_margin(game, seat))
    return 0.0


def end_reward(game, seat: str, reward: str) -> float:
    """The end-of-game reward of a mode: ranking (+1 win, -1 otherwise) for ``ranking``, ``shaped`` and
    ``shaped_relative``; ranking + clip(own margin)/20 for ``margin``; ranking + clip(own margin - best
    other margin)/20 for ``relative``."""
    if reward in ("ranking", "margin"):
        return final_rewards(game, [seat], reward)[seat]
    ranking = final_rewards(game, [seat], "ranking")[seat]
    return ranking + (_scaled(relative_margin(game, seat)) if reward == "relative" else 0.0)


class CoinGymEnv(CoinEnvCommon, gym.Env):
    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}

    def __init__(self, game: str = "gandhi", seat: str | None = None, opponents="random",
                 scenario: str | None = None, seed: int | None = None, options: dict | None = None,
                 reward: str = "ranking", debug: bool = False, render_mode: str | None = None,
                 illegal_action: str = "penalize", illegal_reward: float = -1.0, max_decisions: int | None = None,
                 log_in_info: bool = False, skip_forced: bool = False):
        if reward not in GYM_REWARDS:
            raise ValueError(f"reward must be one of {GYM_REWARDS}, not {reward!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}, not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        seed = check_seed(seed)
        max_decisions = check_max_decisions(max_decisions)
        self.game_name = game
        self.scenario = scenario
        self.seed_value = seed
        self.game_options = check_game_options(options)
        self.reward_mode = reward
        self.debug = debug
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_decisions = max_decisions
        if not isinstance(skip_forced, bool):
            raise ValueError(f"skip_forced must be True or False, not {skip_forced!r}")
        self.skip_forced = skip_forced
        self._forced = 0                 # forced decisions of the seat played by the env this episode
        self.log_in_info = bool(log_in_info)     # keep the game log; info["log"]: entries since the seat's move
        self._log_seen = {}                       # seat -> log length before its last action (CoinEnvCommon)

        factions = list(game_factions(game, self.game_options))      # this instance's seats (its options)
        self.seats = self._seat_list(seat, factions, game)
        self.seat = self.seats[0]
        self.opponent_specs = opponents
        self.opponents = self._resolve_opponents()
        for s in self.seats:
            missing = [f for f in factions if f != s and f not in self.opponents]
            if missing:
                raise ValueError(f"no opponent policy for {missing} when the learner plays {s!r}; a single-agent "
                                 f"env needs every other seat played")
        self.game = make_game(game, scenario=scenario, seed=0 if seed is None else seed,
                              options=self._episode_options(), debug=debug, log=self._wants_log())
        self.encoder = encoder_for(self.game)
        self.n_actions = len(self.game.vocabulary)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.n_actions)
        self._mask = np.zeros(self.n_actions, dtype=np.int8)
        self._episodes = 0                    # resets so far: with decisions, the key of the cached mask
        self._mask_key = None
        self._mask_cached = None
        self._opp_rng = random.Random(0 if seed is None else seed)
        self._first_reset = True
        self._decisions = 0              # the seat's accepted actions this episode
        self._illegal_actions = 0        # ... and its refused ones ("penalize")
        self._warned_illegal = False     # the one IllegalActionWarning of this env has been issued
        self.error = None                # why this episode was ended early (an opponent failed), else None
        self._needs_reset = True         # step() refuses before the first reset()
        self._potential = 0.0           # "shaped" reward: the margin potential at the seat's last decision
        if seed is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seed)

    @property
    def viewing_seat(self) -> str:
        """The seat a render is addressed to: the learner's."""
        return self.seat

    @classmethod
    def from_config(cls, config: dict) -> "CoinGymEnv":
        return cls(**dict(config))

    def _resolve_opponents(self) -> dict:
        factions = list(game_factions(self.game_name, self.game_options))
        several = len(self.seats) > 1           # a learner over several seats: every seat has a policy
        return resolve_opponents(self.opponent_specs, factions, seat=None if several else self.seat,
                                 game=self.game_name)

    @staticmethod
    def _seat_list(seat, factions, game) -> list[str]:
        if seat is None:
            return [factions[0]]
        if isinstance(seat, str):
            seats = list(factions) if seat == "all" else [seat]
        elif isinstance(seat, (list, tuple)) and all(isinstance(s, str) for s in seat):
            seats = list(seat)
        else:
            raise ValueError(f"seat must be a faction of {game} {factions}, 'all' or a list of factions, "
                             f"not {seat!r}")
        for s in seats:
            if s not in factions:
                raise ValueError(f"seat {s!r} is not a faction of {game}: {factions}")
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"seat must be a faction, 'all' or a list of distinct factions, not {seat!r}")
        return seats

    def _episode_options(self) -> dict:
        """The game options of this episode: the seats played by non-player bots become the game's
        non-players (e.g. Gandhi 8.0). Opponents that change per episode (a self-play league) say which
        policy they play now through their own ``non_player`` attribute."""
        return with_non_players(self.game_options, {f: p for f, p in self.opponents.items() if f != self.seat})

    # -- episode ------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            game_seed = int(seed)
        elif self._first_reset and self.seed_value is not None:
            game_seed = int(self.seed_value)
        else:
            game_seed = int(self.np_random.integers(2 ** 31 - 1))
        self._first_reset = False
        self._episodes += 1
        options = check_reset_options(options)
        self.error = "reset() did not complete"       # step() refuses until it does
        self._opp_rng = random.Random(game_seed)
        if len(self.seats) > 1:
            self.seat = self.seats[self._opp_rng.randrange(len(self.seats))]
        for faction, policy in self.opponents.items():
            new_episode = getattr(policy, "new_episode", None)
            if new_episode is not None and faction != self.seat:
                new_episode(self._opp_rng)
        self.game = make_game(self.game_name, scenario=options.get("scenario", self.scenario), seed=game_seed,
                              options=self._episode_options(), position=options.get("position"), debug=self.debug,
                              log=self._wants_log())
        self._decisions = 0
        self._forced = 0
        self._log_seen = {}
        self._illegal_actions = 0
        try:
            self.play_opponents()
        except OpponentError as err:
            self.error = f"reset() failed: {err}"        # step() refuses until a reset() succeeds
            raise
        self.error = None
        self._needs_reset = False
        self._potential = self._margin_potential()
        return self._observation(), self._info()

    def play_opponents(self) -> None:
        """Play the other seats until it is the learner's turn or the game is over. A failing opponent
        raises :class:`OpponentError` (the game is left where it failed)."""
        game = self.game
        run_opponents(game, self.opponents, self._opp_rng, stop_at=self.seat)
        if not self.skip_forced:
            return
        while not game.is_over() and game.current_player() == self.seat:
            legal = game.legal_actions()
            if len(legal) != 1:
                return
            game.apply(legal[0])             # the seat's only legal action: played for it, never shown
            self._forced += 1
            run_opponents(game, self.opponents, self._opp_rng, stop_at=self.seat)

    def step(self, action):
        reward, terminated, truncated, extra = self.advance(action)
        if self.render_mode == "human":
            self.render()
        info = self._info()
        info.update(extra)
        return self._observation(), reward, terminated, truncated, info

    def advance(self, action) -> tuple[float, bool, bool, dict]:
        """step() without the observation: apply the seat's action, play the opponents; returns
        ``(reward, terminated, truncated, extra_info)`` (vector envs encode into their own buffers)."""
        game = self.game
        if self._needs_reset:
            raise RuntimeError("step() before reset(): call reset() first")
        if self.error is not None:
            raise RuntimeError(f"step() after the episode was ended by an error; call reset(): {self.error}")
        if game.is_over():
            raise RuntimeError("step() after the episode ended; call reset()")
        actor = game.current_player()
        if actor != self.seat:
            raise RuntimeError(f"the game waits on {actor!r}, not on the learner's seat {self.seat!r} (was "
                               f"env.game changed outside the env?); call reset()")
        seen = game.log_length()
        try:
            game.apply(action)
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self._illegal_actions += 1
            if not self._warned_illegal:
                self._warned_illegal = True
                warnings.warn(f"illegal_action='penalize': refused {err} (reward {self.illegal_reward}; only "
                              f"this first refusal of the env is told; use action_masks(), or "
                              f"illegal_action='raise')", IllegalActionWarning, stacklevel=3)
            return self.illegal_reward, False, self._out_of_decisions(), {"illegal_action": True}
        self._decisions += 1
        self._log_seen[self.seat] = seen
        try:
            self.play_opponents()
        except OpponentError as err:
            self.error = str(err)
            return 0.0, False, True, {"error": self.error}
        terminated = game.is_over()
        reward = self.step_reward(terminated)
        truncated = bool(not terminated and self._out_of_decisions())
        return reward, terminated, truncated, {}

    def _out_of_decisions(self) -> bool:
        return self.max_decisions is not None and self._decisions + self._illegal_actions >= self.max_decisions

    def step_reward(self, terminated: bool) -> float:
        """The seat's reward for the move just made and the opponents' replies (vector envs call it too)."""
        reward = self._shaping() if self.reward_mode in SHAPED else 0.0
        if terminated:
            reward += end_reward(self.game, self.seat, self.reward_mode)
        return reward

    def _margin_potential(self) -> float:
        """The shaping potential now (0 for the end-of-game rewards): see :func:`reward_potential`."""
        return reward_potential(self.game, self.seat, self.reward_mode)

    def _shaping(self) -> float:
        """Potential-based shaping: the change of the margin potential since the seat's last decision."""
        before, self._potential = self._potential, self._margin_potential()
        return self._potential - before

    # -- observation -------------------------------------------------------------------
    def _observation(self) -> np.ndarray:
        obs = np.empty(self.encoder.size, dtype=np.float32)
        self.encoder.encode(self.game, self.seat, obs)
        return obs

    def action_masks(self) -> np.ndarray:
        """Bool mask over the vocabulary: legal actions of the seat now (all False once the game is over).

        Computed once per decision: step() puts it in ``info["action_mask"]`` and MaskablePPO asks for it
        again before the next step, so the second call returns the same array (do not write into it)."""
        game = self.game
        key = (self._episodes, game.state.decisions, game.state.over, self.error)
        if key != self._mask_key:
            if game.is_over() or self.error is not None:
                mask = np.zeros(self.n_actions, dtype=bool)
            else:
                mask = game.legal_mask(self._mask).astype(bool)
            self._mask_key, self._mask_cached = key, mask
        return self._mask_cached

    def _info(self) -> dict:
        info = {"action_mask": self.action_masks().copy(), "decisions": self._decisions,   # infos never share
                "illegal_actions": self._illegal_actions}
        if self.game.is_over():
            info["winner"] = self.game.winner()
            info["margins"] = dict(self.game.victory_margins())
        if self.log_in_info:
            info["log"] = self.seat_log(self.seat)
        if self.skip_forced:
            info["forced_skipped"] = self._forced
        return info


