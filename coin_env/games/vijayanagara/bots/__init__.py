"""Vijayanagara's bots. No published non-player procedure is implemented (its rulebook, 1.5.1, is not
public); what is here is a stand-in, not the published Vijayanagara non-player procedure:

* ``plumbing.py``   how any Vijayanagara bot answers the engine (the prompt keys, the decision context,
                    the bot's dice from the game's generator, the documented fallback);
* ``view.py``       the board as the heuristic bot reads it (majorities, surpluses, danger);
* ``priorities.py`` the heuristic bot's priority tables and space worths (data, each citing its rule);
* ``heuristic.py``  ``HeuristicBot`` (``BOTS["heuristic"]``): one handler per prompt key.

An owner of the Non-Player booklet adds the published procedure as another module here (a subclass of
``plumbing.PromptBot``) and another ``BOTS`` entry in game.py, without touching the engine or this bot.
"""

from .heuristic import LABEL, HeuristicBot
from .plumbing import PROMPT_KEYS, Ctx, PromptBot

__all__ = ["HeuristicBot", "LABEL", "PROMPT_KEYS", "Ctx", "PromptBot"]
