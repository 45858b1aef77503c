"""The game's prompt and continuation registries (its rules modules register into these)."""

from ...core.game import CallPrompt, ChoosePrompt, Continuations
from ...core.prompts import PromptRegistry

PROMPTS = PromptRegistry()
PROMPTS.register(ChoosePrompt)
PROMPTS.register(CallPrompt)
CONTINUATIONS = Continuations()
