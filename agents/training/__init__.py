"""Training: a YAML config in, a run directory of checkpoints and evaluations out. Above agents.policies and
agents.evaluation (a run evaluates its checkpoints), below the command line (agents.cli); never imports it.

* ``config.py``      -- the config schema, its defaults and checks (one line each, naming the key); a backend
  adds its own checks with :func:`config.register_backend_check`;
* ``train.py``       -- ``coin-env train`` / ``python -m agents.training.train``: :func:`train` runs a config
  with its backend (what a run does and writes is described there);
* ``runs.py``        -- the run directory both backends share: its lock, the resume check, the evaluations;
* ``backends/``      -- ``sb3.py`` (MaskablePPO, the default) and ``rllib/`` (Ray RLlib: env, masked module,
  trainer, ``measure`` of the scale-out);
* ``ppo.py``         -- MaskablePPO with a KL penalty toward a frozen (cloned) policy;
* ``policy_nets.py`` -- the policy networks (``mlp``, ``space_scoring``);
* ``imitation.py``   -- the warm start: bot games collected, then behaviour cloning;
* ``clone.py``       -- ``python -m agents.training.clone``: that warm start on its own;
* ``league.py``      -- the self-play league of past snapshots (opponent ``pool``).

Importing this package imports ``backends`` so that every backend's config checks are registered.
"""

from . import backends  # noqa: F401  (each backend registers its config checks with config.py)
