"""John Company's bots: the Crown of the Crown Handbook (bots/crown.py) on the shared plumbing (bots/plumbing.py)."""

from .crown import BOT, CrownBot
from .plumbing import BotError

__all__ = ["BOT", "BotError", "CrownBot"]
