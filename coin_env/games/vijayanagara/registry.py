"""The game's prompt and continuation registries (its rules modules register into these)."""

from ...coin.registries import game_registries

PROMPTS, CONTINUATIONS = game_registries()
