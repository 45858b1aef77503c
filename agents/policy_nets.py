"""The path checkpoints saved before 0.2.0 name for their policy classes (SB3 pickles the class by module path):
this very module object is agents.training.policy_nets, so every earlier checkpoint, the shipped agents'
included, still loads. New code imports agents.training.policy_nets."""

import sys

from agents.training import policy_nets

sys.modules[__name__] = policy_nets
