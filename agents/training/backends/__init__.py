"""The training backends of ``coin-env train`` (config key ``backend``): ``sb3.py`` (MaskablePPO, the default)
and ``rllib/`` (Ray RLlib). Each registers its config checks with agents.training.config when imported, and
imports its heavy library (torch, sb3, Ray) only inside the functions that run a training."""

from . import sb3  # noqa: F401  (registers the sb3 config checks)
from .rllib import train as rllib_train  # noqa: F401  (registers the rllib config checks)
