"""A batched gymnasium VectorEnv: N single-seat COIN games stepped in-process, one numpy batch out.

A custom training loop with action masks::

    import numpy as np
    import coin_env

    envs = coin_env.vector_env("gandhi", num_envs=8, seat="congress", opponents="random", seed=0)
    obs, infos = envs.reset(seed=0)                 # obs: (8, obs_dim) float32
    rng = np.random.default_rng(0)
    for _ in range(1000):
        masks = envs.action_masks()                 # (8, num_actions) bool, same as infos["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i in np.flatnonzero(terminated):        # SAME_STEP: env i already started a new episode
            print(i, rewards[i], infos["final_info"]["winner"][i])

Each sub-environment is a :class:`coin_env.core.gym_env.CoinGymEnv` (one learning seat, the other
seats played by ``opponents`` inside ``step``); every keyword the gym env takes (``scenario``,
``reward``, ``options``, ``max_decisions``, ``illegal_action``, ...) is passed to all of them.
A COIN step is pure Python, so there are no subprocesses: the batch is a loop over the games.

* Spaces: ``single_observation_space`` is the gym env's ``Box(float32, (obs_dim,))``;
  ``observation_space`` is the batched ``Box`` of shape ``(num_envs, obs_dim)``;
  ``single_action_space`` is ``Discrete(num_actions)`` and ``action_space`` ``MultiDiscrete`` of N.
* Seeds: ``seed=s`` at construction gives env ``i`` the seed ``s + i`` (so the first ``reset()``
  is reproducible); ``reset(seed=s)`` resets env ``i`` with ``s + i``; ``reset(seed=[...])`` gives
  one seed (or ``None``) per env. ``reset(options={"reset_mask": bool array})`` resets only
  the marked envs, as gymnasium's ``SyncVectorEnv`` does.
* Autoreset (``metadata["autoreset_mode"]``, see https://farama.org/Vector-Autoreset-Mode):
  the default is ``AutoresetMode.SAME_STEP`` because it keeps every returned mask non-empty:
  a finished env is reset inside the step that finished it; that step returns the new
  episode's observation and mask, the episode's reward / terminated / truncated, and the old
  episode's last observation and info under ``infos["final_obs"]`` (object array, ``None`` for
  envs that did not finish) and ``infos["final_info"]`` (``"winner"`` / ``"margins"`` there).
  ``autoreset_mode=AutoresetMode.NEXT_STEP`` (gymnasium's default; needed by e.g.
  ``gymnasium.wrappers.vector.NormalizeObservation``) is also implemented: the finishing step
  returns the last observation, an all-False mask row and ``infos["winner"]`` /
  ``infos["margins"]`` for that env; the next ``step`` ignores that env's action, resets it and
  returns reward 0, terminated False, truncated False. Both match ``SyncVectorEnv`` over the same
  gym envs exactly (tests/core/test_vector_env.py checks this step by step).
* Infos follow gymnasium's vector convention: one array per key plus a ``"_key"`` bool array
  saying which envs have it. Every step carries ``infos["action_mask"]`` ((N, num_actions) bool)
  and ``infos["decisions"]`` (the seat's decisions this episode); keys of a partial reset are
  only marked for the envs that were reset.
* Buffers: observations, masks, rewards and flags live in preallocated arrays written in place
  (the encoder writes each observation row directly). With ``copy=True`` (the default, as in
  gymnasium's vector envs) ``reset``/``step``/``action_masks`` return copies; with
  ``copy=False`` the observations of ``reset``/``step`` and the masks of ``action_masks()`` are
  the internal buffers, overwritten by the next ``reset``/``step`` (rewards, flags and infos are
  always fresh arrays).
* Illegal actions: as the gym env, ``illegal_action="penalize"`` (default) refuses the action of
  that env only: ``illegal_reward``, ``infos["illegal_action"]``, its game unchanged, the others
  stepped; ``infos["illegal_actions"]`` counts each env's refused actions this episode and
  ``max_decisions`` counts them too. With ``illegal_action="raise"`` every action of the batch is
  checked against the masks before any game moves; a bad one raises ``IllegalActionError`` naming
  the env index, the action and the prompt, and no game changes.
* An opponent that fails inside env ``i``'s step ends that env's episode only: truncated, with the
  error text under ``infos["final_info"]["error"]`` (SAME_STEP; ``infos["error"]`` under
  NEXT_STEP), and it autoresets like any finished episode; the other envs step normally. A failure
  inside a reset (``reset()`` or an autoreset) raises ``OpponentError`` naming the env, and the
  batch needs ``reset()``.
* Seeds: non-negative ints (or None); a float, a bool, a negative int, or another type is a
  ``ValueError`` naming it.
* Picklable; ``CoinVectorEnv.from_config({"num_envs": 4, "game": "gandhi", ...})`` builds one
  from a plain dict.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .env_common import OpponentError, check_seed
from .game import IllegalActionError
from .gym_env import CoinGymEnv

AUTORESET_MODES = (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP)


class CoinVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` CoinGymEnv games batched into numpy arrays (see the module docstring)."""

    def __init__(self, num_envs: int, game: str = "gandhi", seat: str | None = None, opponents="random",
                 seed: int | None = None, *, autoreset_mode=AutoresetMode.SAME_STEP, copy: bool = True,
                 **gym_env_kwargs):
        self.envs = []          # first: close() (run by VectorEnv.__del__) works if a check below refuses
        self.num_envs = _positive_int(num_envs, "num_envs")
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.copy = bool(copy)
        self.game_name = game
        seed = check_seed(seed)
        seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        self.envs = [CoinGymEnv(game=game, seat=seat, opponents=opponents, seed=s, **gym_env_kwargs)
                     for s in seeds]
        first = self.envs[0]
        # The constructor's seat (CoinGymEnv's default when None); each env's seat this episode is
        # envs[i].seat (it can differ per episode when CoinGymEnv is given several seats).
        self.seat = first.seat if seat is None else seat
        self.metadata = {**first.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.n_actions = first.n_actions
        self._allocate_buffers(first.encoder.size)
        self._needs_reset = True

    @classmethod
    def from_config(cls, config: dict) -> "CoinVectorEnv":
        """Build from a plain dict of the constructor's keywords (``num_envs`` included)."""
        config = dict(config)
        if "num_envs" not in config:
            raise ValueError(f"config needs 'num_envs'; got keys {sorted(config)}")
        return cls(**config)

    def _allocate_buffers(self, obs_size: int) -> None:
        n = self.num_envs
        self._obs = np.zeros((n, obs_size), dtype=np.float32)
        self._masks = np.zeros((n, self.n_actions), dtype=bool)
        self._rewards = np.zeros(n, dtype=np.float64)
        self._terminated = np.zeros(n, dtype=bool)
        self._truncated = np.zeros(n, dtype=bool)
        self._decisions = np.zeros(n, dtype=np.int64)
        self._illegal_counts = np.zeros(n, dtype=np.int64)    # refused actions this episode ("penalize")
        # NEXT_STEP: envs whose episode ended on the previous step and are reset by this one.
        self._autoreset = np.zeros(n, dtype=bool)

    # -- reset ---------------------------------------------------------------------------
    def reset(self, *, seed: int | list | None = None, options: dict | None = None):
        """Reset every env (or those in ``options["reset_mask"]``); returns (obs, infos)."""
        seeds = self._seeds_for(seed)
        options = dict(options or {})
        which = self._reset_mask(options.pop("reset_mask", None))
        infos: dict = {}
        for i in np.flatnonzero(which):
            self._reset_env(i, seeds[i], options)
        self._autoreset[which] = False  # a reset env is no longer due to autoreset (NEXT_STEP)
        self._needs_reset = False
        self._add_batch_infos(infos, which)
        return self._out(self._obs), infos

    def _seeds_for(self, seed) -> list:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seed = check_seed(seed)
            return [check_seed(seed + i, f"seed {seed} + env index {i}") for i in range(self.num_envs)]
        if not isinstance(seed, (list, tuple, np.ndarray)):
            raise ValueError(f"reset(seed=...) must be a non-negative int, a list of num_envs={self.num_envs} "
                             f"seeds (int or None) or None, not {seed!r} ({type(seed).__name__})")
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"seed list has {len(seeds)} entries, expected num_envs={self.num_envs}: {seeds}")
        return [check_seed(s, f"seed of env {i}") for i, s in enumerate(seeds)]

    def _reset_mask(self, mask) -> np.ndarray:
        if mask is None:
            return np.ones(self.num_envs, dtype=bool)
        mask = np.asarray(mask)
        if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise ValueError(f"options['reset_mask'] must be a bool array of shape ({self.num_envs},), "
                             f"got dtype {mask.dtype} shape {mask.shape}")
        if not mask.any():
            raise ValueError("options['reset_mask'] must mark at least one env")
        if self._needs_reset and not mask.all():
            raise RuntimeError("the first reset() must reset every env (no reset_mask)")
        return mask.copy()

    def _reset_env(self, i: int, seed, options: dict) -> None:
        """Reset env i through CoinGymEnv.reset (same seeding as the single env) into the buffers. An opponent
        failing inside the reset raises OpponentError naming the env; the batch then needs reset()."""
        env = self.envs[i]
        try:
            obs, _ = env.reset(seed=seed, options=options or None)
        except OpponentError as err:
            self._needs_reset = True
            raise OpponentError(f"env {i}: {err}; call reset()") from err
        self._obs[i] = obs
        self._write_mask(i)
        self._decisions[i] = 0
        self._illegal_counts[i] = 0

    # -- step ----------------------------------------------------------------------------
    def step(self, actions):
        """Step every env with its action; returns (obs, rewards, terminated, truncated, infos)."""
        if self._needs_reset:
            raise RuntimeError("step() before reset(); call reset() first")
        actions = self._check_actions(actions)
        resetting = self._autoreset.copy()
        if self.envs[0].illegal_action == "raise":
            self._check_legal(actions, ~resetting)       # raises before any game moves
        infos: dict = {}
        for i in range(self.num_envs):
            if resetting[i]:
                self._reset_env(i, None, {})
                self._rewards[i] = 0.0
                self._terminated[i] = self._truncated[i] = False
            else:
                self._step_env(i, actions[i], infos)
        if self.autoreset_mode == AutoresetMode.NEXT_STEP:
            np.logical_or(self._terminated, self._truncated, out=self._autoreset)
        self._add_batch_infos(infos, np.ones(self.num_envs, dtype=bool))
        return (self._out(self._obs), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(),
                infos)

    def _check_actions(self, actions) -> np.ndarray:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {actions.shape}")
        if not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be integers, got dtype {actions.dtype}: {actions}")
        return actions

    def _check_legal(self, actions: np.ndarray, checked: np.ndarray) -> None:
        """("raise" mode) The first action of a ``checked`` env that its mask refuses raises
        IllegalActionError naming the env, before any game is touched (NEXT_STEP resets ignore theirs)."""
        in_range = (actions >= 0) & (actions < self.n_actions)
        legal = np.zeros(self.num_envs, dtype=bool)
        legal[in_range] = self._masks[np.flatnonzero(in_range), actions[in_range]]
        illegal = checked & ~legal
        if illegal.any():
            i = int(np.flatnonzero(illegal)[0])
            raise IllegalActionError(self._illegal_message(i, int(actions[i]), bool(in_range[i])))

    def _illegal_message(self, i: int, action: int, in_range: bool) -> str:
        env = self.envs[i]
        game = env.game
        what = f"({game.action_label(action)!r})" if in_range else f"(outside 0..{self.n_actions - 1})"
        legal = [game.action_label(a) for a in np.flatnonzero(self._masks[i])][:20]
        return (f"env {i}: illegal action {action} {what} at prompt {game.prompt()!r} for {env.seat}; "
                f"legal: {legal}; no game was changed")

    def _step_env(self, i: int, action, infos: dict) -> None:
        """CoinGymEnv.step for env i (its ``advance``), written into the buffers. Returns exactly what
        SyncVectorEnv over the same gym envs returns (the tests compare the two step by step): a refused
        action ("penalize") or an opponent's failure (truncated, ``error`` in the info) included."""
        env = self.envs[i]
        try:
            reward, terminated, truncated, extra = env.advance(int(action))
        except IllegalActionError as err:  # "raise": only if the game was changed behind the env's back
            raise IllegalActionError(f"env {i}: {err}") from None
        except RuntimeError as err:
            raise RuntimeError(f"env {i}: {err}") from None
        game = env.game
        self._decisions[i] = env._decisions
        self._illegal_counts[i] = env._illegal_actions
        self._rewards[i] = reward
        self._terminated[i] = terminated
        self._truncated[i] = truncated
        env.encoder.encode(game, env.seat, self._obs[i])
        self._write_mask(i)
        if env.render_mode == "human":
            env.render()
        if terminated:
            extra = {**extra, **self._result_info(i)}
        if not (terminated or truncated) or self.autoreset_mode == AutoresetMode.NEXT_STEP:
            if extra:
                self._add_info(infos, extra, i)
            return
        final_info = {"action_mask": self._masks[i].copy(), "decisions": int(self._decisions[i]),
                      "illegal_actions": int(self._illegal_counts[i]), **extra}
        self._add_info(infos, {"final_obs": self._obs[i].copy(), "final_info": final_info}, i)
        self._reset_env(i, None, {})

    def _result_info(self, i: int) -> dict:
        game = self.envs[i].game
        return {"winner": game.winner(), "margins": dict(game.victory_margins())}

    # -- masks and outputs ---------------------------------------------------------------
    def _write_mask(self, i: int) -> None:
        env = self.envs[i]
        game = env.game
        if game.is_over() or env.error is not None:
            self._masks[i] = False
        else:
            game.legal_mask(self._masks[i])

    def action_masks(self) -> np.ndarray:
        """(num_envs, num_actions) bool: each env's legal actions now (an all-False row is an env
        whose episode just ended under NEXT_STEP; its next action is ignored)."""
        return self._out(self._masks)

    def _add_batch_infos(self, infos: dict, which: np.ndarray) -> None:
        """The keys every reset/step info has, as fresh whole arrays; rows of envs not in ``which``
        (not reset by a partial reset) are zero and unmarked, as gymnasium's convention wants."""
        infos["action_mask"] = np.where(which[:, None], self._masks, False)
        infos["decisions"] = np.where(which, self._decisions, 0)
        infos["illegal_actions"] = np.where(which, self._illegal_counts, 0)
        infos["_action_mask"], infos["_decisions"] = which.copy(), which.copy()
        infos["_illegal_actions"] = which.copy()

    def _out(self, buffer: np.ndarray) -> np.ndarray:
        return buffer.copy() if self.copy else buffer

    # -- the rest of the VectorEnv API ---------------------------------------------------
    def render(self):
        """Each env's rendering (text for render_mode="ansi", an (H, W, 3) uint8 board picture for
        "rgb_array"; None each for "human", which prints)."""
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs) -> None:
        for env in self.envs:
            env.close()

    def __repr__(self) -> str:
        return (f"CoinVectorEnv({self.game_name!r}, num_envs={self.num_envs}, seat={self.seat!r}, "
                f"autoreset_mode={self.autoreset_mode.name})")


def _positive_int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return int(value)


def _autoreset_mode(value) -> AutoresetMode:
    try:
        mode = value if isinstance(value, AutoresetMode) else AutoresetMode(value)
    except ValueError:
        mode = None
    if mode not in AUTORESET_MODES:
        raise ValueError(f"autoreset_mode must be one of {[m.value for m in AUTORESET_MODES]} "
                         f"(AutoresetMode.SAME_STEP / NEXT_STEP), got {value!r}")
    return mode
