"""Gandhi's prompt and continuation registries (rules modules register into these)."""

from ...coin import operations as _operations  # noqa: F401  (registers the Op/SA prompts)
from ...coin.sequence import COIN_CONTINUATIONS, COIN_PROMPTS
from ...core.game import CallPrompt, ChoosePrompt, Continuations
from ...core.prompts import PromptRegistry

PROMPTS = PromptRegistry()
PROMPTS.merge(COIN_PROMPTS)
PROMPTS.register(ChoosePrompt)
PROMPTS.register(CallPrompt)
CONTINUATIONS = Continuations()
CONTINUATIONS.update(COIN_CONTINUATIONS)
