"""A Distant Plain's non-player bots: the flowcharts of rules section 8 (see bots/flowchart.py).

Files by rule: sequence.py (8.1), guidelines.py (8.2 / 8.2.1), context.py (8.2.2 abbreviations, 8.2.3
nested priorities, 8.4 random spaces), coalition.py (8.6), government.py (8.7), taliban.py (8.8),
warlords.py (8.9); the Random Spaces sheet is data (data/random_spaces.py, reconstructed).
"""

from __future__ import annotations

from . import flowchart, guidelines  # noqa: F401  (core handlers)
from . import coalition, government, taliban, warlords  # noqa: F401  (they register themselves)
from .flowchart import BOT, BotError, Flowchart, FlowchartBot

__all__ = ["BOT", "BotError", "Flowchart", "FlowchartBot"]
