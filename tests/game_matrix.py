"""What the shared tests play for each registered game, read from the games themselves (never a
hard-coded list): a new game in coin_env.core.registry is covered by every shared test at once.

* scenarios: the game module's ``SCENARIOS`` / ``DEFAULT_SCENARIO`` (coin_env.core.registry.game_scenarios,
  default_scenario); the default is the short one the tests play most.
* bots: coin_env.core.registry.game_bots (the game module's ``BOTS``). A test that needs a bot calls
  :func:`bot_of`, which skips that game with the reason until the game registers one.
* seats: :func:`factions_of` (coin_env.core.registry.game_factions: John Company's depend on the option
  ``families``).
* COIN-only tests (the card deck, the sequence of play, the per-space piece table) call :func:`coin_only`;
  tests of readable positions taken at any decision call :func:`positions_of`: both skip a game they cannot
  apply to, naming the reason (John Company is not a COIN game); its own versions of the COIN-only checks
  are in tests/john_company/test_jc_env.py and test_jc_position.py.
* "Between cards" (:func:`at_a_start`): a COIN game's decision at the start of a card; a game without
  cards (John Company) has its turn's phases instead, read from the game's own position: a decision whose
  position needs no ``in_progress`` record is the first of a phase.
"""

from __future__ import annotations

import pytest

import coin_env
from coin_env.core.registry import default_scenario, game_bots, game_factions, game_module, game_scenarios

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


def is_coin(game: str) -> bool:
    """A COIN-series game (coin_env.coin's card-driven sequence of play)."""
    from coin_env.coin.sequence import CoinGame
    return issubclass(game_module(game).GAME_CLASS, CoinGame)


def coin_only(game: str, what: str = "the COIN card deck, sequence of play and per-space piece table") -> None:
    """Skip the calling test for a game that is not a COIN game, naming what it lacks."""
    if not is_coin(game):
        pytest.skip(f"{game} is not a COIN game: it has no {what} (its own checks: tests/john_company/test_jc_env.py)")


def positions_of(game: str) -> None:
    """Skip the calling test for a game without readable positions at any decision (``to_position``)."""
    if not hasattr(game_module(game).GAME_CLASS, "to_position"):
        pytest.skip(f"{game} has no to_position(): its positions (position=...) adjust the set-up only, they "
                    f"cannot state a decision in progress")


def at_a_start(game: str, g, pos=None) -> bool:
    """Is ``g`` at the first decision of a card (COIN: the card's first choice, nobody offered it yet) or,
    in a game without cards, of a phase of its turn (its position states it without ``in_progress``: the
    readable entries alone rebuild the decision)? ``pos``: ``g.to_position()`` if already taken."""
    if g.is_over():
        return False
    if is_coin(game):
        return g.prompt_frame()["kind"] == "sop_choice" and not g.state.sop["offered"]
    return "in_progress" not in (pos if pos is not None else g.to_position())
