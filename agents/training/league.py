"""Self-play league: the other seats drawn per episode from frozen snapshots of the learner and the bots.

A config opponent ``pool`` becomes a :class:`LeaguePolicy`. At every ``reset()`` of its environment it draws
who plays that seat this episode (``new_episode``), from the episode's own RNG so runs replay:

* with probability ``league.bot_probability`` (when ``league.bots`` names any), one of those bots/policies;
* otherwise a snapshot of the learner from the pool directory, by ``league.sampling``:
  ``uniform`` over the kept snapshots, ``latest`` the newest, ``recent`` uniform over the ``league.recent``
  newest;
* before the first snapshot exists, a bot if there are any, else random play.

Snapshots are MaskablePPO saves ``snapshot_<timesteps>.zip`` written by the trainer every
``league.snapshot_every`` timesteps (the initial policy is snapshot 0), at most ``league.max_snapshots`` kept.
They are written to a hidden temporary name and renamed, so an environment in another process never reads a
half-written file; an environment that lists a snapshot just removed falls back to the next newest.
Snapshot players sample their actions from the policy's masked distribution (not its arg-max), which keeps
the opposition varied.
"""

from __future__ import annotations

import os
import random
import re

from coin_env.core.aec_env import random_policy, resolve_policy
from agents.policies import CheckpointPolicy, forget_model

SNAPSHOT = re.compile(r"^snapshot_(\d+)\.zip$")


def snapshot_path(pool_dir: str, timesteps: int) -> str:
    return os.path.join(pool_dir, f"snapshot_{timesteps:012d}.zip")


def list_snapshots(pool_dir: str) -> list[str]:
    """The pool's snapshot files, oldest first (hidden temporary files are not snapshots)."""
    if not os.path.isdir(pool_dir):
        return []
    found = [(int(m.group(1)), name) for name in os.listdir(pool_dir) if (m := SNAPSHOT.match(name))]
    return [os.path.join(pool_dir, name) for _, name in sorted(found)]


def prune_snapshots(pool_dir: str, keep: int) -> list[str]:
    """Delete all but the ``keep`` newest snapshots; returns the deleted paths."""
    old = list_snapshots(pool_dir)[:-keep] if keep > 0 else list_snapshots(pool_dir)
    for path in old:
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
    return old


class LeaguePolicy:
    """One opponent seat played by the league (see the module docstring). Plain data in, picklable."""

    def __init__(self, game: str, pool_dir: str, sampling: str = "uniform", recent: int = 3,
                 bots=(), bot_probability: float = 0.2, **_ignored):
        if sampling not in ("uniform", "latest", "recent"):
            raise ValueError(f"league sampling must be 'uniform', 'latest' or 'recent', not {sampling!r}")
        self.game = game
        self.pool_dir = pool_dir
        self.sampling = sampling
        self.recent = recent
        self.bot_specs = list(bots)
        self.bot_probability = bot_probability
        self._bots = [resolve_policy(b, game) for b in self.bot_specs]
        self._snapshots: dict[str, object] = {}
        self.current = random_policy
        self.current_name = "random"

    def __getstate__(self):
        d = self.__dict__.copy()
        d["_bots"], d["_snapshots"], d["current"] = None, {}, None
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._bots = [resolve_policy(b, self.game) for b in self.bot_specs]
        self.current, self.current_name = random_policy, "random"

    @property
    def non_player(self) -> bool:
        """True while a non-player bot holds the seat (the game then plays that seat by section 8)."""
        return bool(getattr(self.current, "non_player", False))

    def new_episode(self, rng: random.Random) -> None:
        snapshots = list_snapshots(self.pool_dir)
        if self._bots and (not snapshots or rng.random() < self.bot_probability):
            i = rng.randrange(len(self._bots))
            self.current, self.current_name = self._bots[i], self.bot_specs[i]
            return
        if not snapshots:
            self.current, self.current_name = random_policy, "random"
            return
        self.current, self.current_name = self._snapshot(self._pick(snapshots, rng), snapshots)

    def _pick(self, snapshots: list[str], rng: random.Random) -> str:
        if self.sampling == "latest":
            return snapshots[-1]
        if self.sampling == "recent":
            snapshots = snapshots[-self.recent:]
        return snapshots[rng.randrange(len(snapshots))]

    def _snapshot(self, path: str, snapshots: list[str]):
        for candidate in [path] + snapshots[::-1]:
            policy = self._snapshots.get(candidate)
            if policy is None:
                try:
                    policy = CheckpointPolicy(candidate, deterministic=False)
                except FileNotFoundError:        # pruned between the listing and the load
                    continue
                self._snapshots[candidate] = policy
            self._forget_pruned(snapshots)
            return policy, os.path.basename(candidate)
        return random_policy, "random"

    def _forget_pruned(self, snapshots: list[str]) -> None:
        for old in set(self._snapshots) - set(snapshots):
            del self._snapshots[old]
            forget_model(old)

    def __call__(self, game, faction, rng: random.Random) -> int:
        return self.current(game, faction, rng)

    def __repr__(self):
        return f"LeaguePolicy({self.pool_dir!r}, playing {self.current_name})"
