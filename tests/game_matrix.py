"""What the shared tests play for each registered game, read from the games themselves (never a
hard-coded list): a new game in coin_env.core.registry is covered by every shared test at once.

* scenarios: the game module's ``SCENARIOS`` / ``DEFAULT_SCENARIO`` (coin_env.core.registry.game_scenarios,
  default_scenario); the default is the short one the tests play most.
* bots: coin_env.core.registry.game_bots (the game module's ``BOTS``). A test that needs a bot calls
  :func:`bot_of`, which skips that game with the reason until the game registers one.
"""

from __future__ import annotations

import pytest

import coin_env
from coin_env.core.registry import default_scenario, game_bots, game_factions, game_scenarios

GAMES = coin_env.list_games()


def scenarios(game: str) -> tuple[str, ...]:
    """Every scenario of the game, its default (short) one first."""
    return game_scenarios(game)


def short(game: str) -> str:
    """The game's default scenario: its shortest, the one tests, benchmarks and the fuzzer play."""
    return default_scenario(game)


def longer(game: str) -> str:
    """A second scenario where the game has one (else its only one)."""
    names = game_scenarios(game)
    return names[1] if len(names) > 1 else names[0]


def factions_of(game: str, options: dict | None = None) -> list[str]:
    """The seats of the game made with ``options`` (John Company's depend on ``families``)."""
    return list(game_factions(game, options))


def bot_of(game: str) -> str:
    """The game's first registered bot; skips the calling test for a game that has none yet."""
    bots = sorted(game_bots(game))
    if not bots:
        pytest.skip(f"{game} has no registered bot yet (coin_env.core.registry.game_bots is empty)")
    return bots[0]
