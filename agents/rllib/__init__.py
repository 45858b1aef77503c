"""Ray RLlib backend (issue 21): the same training configs run on a laptop or a cluster.

* ``env.py``     -- :class:`CoinMultiAgentEnv`, an RLlib ``MultiAgentEnv`` over any game: the learner
  seats act through RLlib, fixed seats (bots, random, frozen checkpoints, league snapshots) play inside
  ``step()``; observations carry the action mask.
* ``module.py``  -- :class:`MaskedPPOModule`, PPO's torch RLModule with illegal logits masked (no
  illegal action is ever sampled, in exploration, inference or training).
* ``train.py``   -- ``coin-env train`` with ``backend: rllib``: PPOConfig from the config file, local Ray
  or a cluster (``rllib.address`` / ``RAY_ADDRESS``), checkpoints, resume, TensorBoard, the evaluation table.
* ``policy.py``  -- the policy spec ``rllib:PATH[#module_id]``: an RLlib checkpoint plays seats wherever a
  policy is accepted (evaluate, balance, play, env opponents).

Ray is an optional extra (``pip install -e ".[rllib]"``): nothing here is imported unless asked for.
"""

RLLIB_INSTALL_HINT = 'install it with: pip install -e ".[rllib]"'


def require_rllib() -> None:
    """Raise a one-line ImportError naming the extra when Ray RLlib is not installed."""
    try:
        import ray.rllib  # noqa: F401
    except ImportError:
        raise ImportError(f"backend 'rllib' needs Ray RLlib, which is not installed; {RLLIB_INSTALL_HINT}") from None
