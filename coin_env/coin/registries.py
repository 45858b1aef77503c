"""Each COIN game's prompt and continuation registries start from the shared ones."""

from __future__ import annotations

from . import operations as _operations  # noqa: F401  (registers the Op/SA prompts)
from . import events as _events  # noqa: F401  (registers the free-action and probe prompts)
from .sequence import COIN_CONTINUATIONS, COIN_PROMPTS
from ..core.game import CallPrompt, ChoosePrompt, Continuations
from ..core.prompts import PromptRegistry


def game_registries() -> tuple[PromptRegistry, Continuations]:
    """A new game's (PROMPTS, CONTINUATIONS): the sequence of play, Operations / Special Activities,
    free actions, ``choose`` and ``call``; the game's rules modules register theirs into them."""
    prompts = PromptRegistry()
    prompts.merge(COIN_PROMPTS)
    prompts.register(ChoosePrompt)
    prompts.register(CallPrompt)
    continuations = Continuations()
    continuations.update(COIN_CONTINUATIONS)
    return prompts, continuations
