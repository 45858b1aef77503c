"""Ray RLlib backend (issue 21): the same training configs run on a laptop or a cluster.

* ``env.py``     -- :class:`CoinMultiAgentEnv`, an RLlib ``MultiAgentEnv`` over any game: the learner
  seats act through RLlib, fixed seats (bots, random, frozen checkpoints, league snapshots) play inside
  ``step()``; observations carry the action mask.
* ``module.py``  -- :class:`MaskedPPOModule`, PPO's torch RLModule with illegal logits masked (no
  illegal action is ever sampled, in exploration, inference or training).
* ``train.py``   -- ``coin-env train`` with ``backend: rllib``: PPOConfig from the config file, local Ray
  or a cluster (``rllib.address`` / ``RAY_ADDRESS``), checkpoints, resume, TensorBoard, the evaluation table.
* ``measure.py`` -- ``python -m agents.training.backends.rllib.measure``: the sampling and learner rates behind
  the scale-out estimate in docs/training.md.

The policy spec ``rllib:PATH[#module_id]`` (an RLlib checkpoint playing seats wherever a policy is accepted)
is agents/policies/rllib.py, below training.

Ray is an optional extra (``pip install -e ".[rllib]"``): nothing here imports Ray until a training starts
(importing ``train`` registers the backend's config checks).
"""
