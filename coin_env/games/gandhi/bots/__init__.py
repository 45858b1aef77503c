"""Gandhi's non-player bots: the Arjuna system of rules section 8 (see bots/arjuna.py)."""

from __future__ import annotations

from . import arjuna, events  # noqa: F401  (core handlers)
from . import rows, raj, nonviolent, revolutionaries, campaign  # noqa: F401  (they register themselves)
from .arjuna import BOT, ArjunaBot, BotError

__all__ = ["ArjunaBot", "BOT", "BotError"]
