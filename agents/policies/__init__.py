"""Policies over a game's decision points: a policy is ``(game, faction, rng) -> action``; a *spec* is the
string a config or a command line writes to name one. The lowest layer of agents/ above agents/common.py:
it imports neither agents.training, agents.evaluation nor agents.cli, and names no game.

* ``specs.py``       -- the spec forms, their registration with coin_env.core.policy_specs
  (:func:`register_policy_specs`, the ``coin_env.policies`` entry point), :func:`policy_from_spec`, and the
  one-line checks of a command's specs (:func:`check_policy`, :func:`check_bot`);
* ``bots.py``        -- a game's non-player bot in a player seat (:class:`BotAsPlayer`), the seat-rules settings;
* ``checkpoint.py``  -- ``checkpoint:PATH`` / ``*.zip``: a trained MaskablePPO model (:class:`CheckpointPolicy`);
* ``pretrained.py``  -- ``pretrained:GAME``: the agents shipped in agents/pretrained_models/;
* ``rllib.py``       -- ``rllib:PATH[#module_id]``: an RLlib checkpoint;
* ``search`` / ``search:SPEC?options`` (search.py): rollouts from determinized copies over the rollout policy's
  choices, registered in specs.py like the others.

"random" and the bots' names are core's (coin_env.core.policy_specs); ``module:attr`` names any importable
callable. Importing this package registers the other forms, so every env accepts them.
"""

from .bots import SEAT_RULES, BotAsPlayer, as_player, rules_options
from .checkpoint import (CheckpointNotFoundError, CheckpointPolicy, check_compatible, checkpoint_path,
                         choose_action, forget_model, game_sizes, is_checkpoint_spec, load_model)
from .specs import check_bot, check_policy, policy_from_spec, register_policy_specs, resolve

__all__ = ["SEAT_RULES", "BotAsPlayer", "as_player", "rules_options", "CheckpointNotFoundError", "CheckpointPolicy",
           "check_compatible", "checkpoint_path", "choose_action", "forget_model", "game_sizes",
           "is_checkpoint_spec", "load_model", "check_bot", "check_policy", "policy_from_spec",
           "register_policy_specs", "resolve"]
