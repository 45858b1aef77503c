"""Seeded games stay the games they were: the final save of a fixed set of seeded games (random play, the
game's bot in every seat, a bot in half the seats; John Company with 1-6 families, solo against the Crown, both
scenarios) hashed and compared with tests/data/seeded_games.json.

A refactoring or a speed-up must leave every one of these games identical, bit for bit. A change that is meant
to change games (a rule fixed, a bot step corrected) re-records the file and says which games changed and why:

    python tests/test_seeded_games_unchanged.py --record      # rewrites tests/data/seeded_games.json
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys

import pytest

import coin_env
from coin_env.core.aec_env import with_non_players
from coin_env.core.policy_specs import resolve_policy
from coin_env.core.registry import default_scenario, game_bots, game_factions, game_scenarios

RECORD = os.path.join(os.path.dirname(__file__), "data", "seeded_games.json")
SEEDS = (0, 1, 2)


def setups() -> list[tuple[str, str, dict, str]]:
    """(game, scenario, options, seating) for every recorded game set-up; seating is "random", "bot" (the
    game's bot everywhere) or "half" (the bot in every other seat)."""
    out = []
    for game in coin_env.list_games():
        if game == "john_company":
            for scenario in game_scenarios(game):
                for options in ({"families": n} for n in range(1, 7)):
                    out.append((game, scenario, options, "random"))
                for options in ({"families": 4}, {"families": 1, "crown": True}, {"families": 2}):
                    out.append((game, scenario, options, "bot"))
                out.append((game, scenario, {"families": 5}, "half"))
            continue
        for seating in ("random", "bot", "half"):
            out.append((game, default_scenario(game), {}, seating))
    return out


def final_save(game_name: str, scenario: str, options: dict, seating: str, seed: int) -> str:
    """The final save of one seeded game: per-seat random.Random(seed * 1000 + i) for random seats."""
    bot = next(iter(game_bots(game_name)))
    seats = game_factions(game_name, options)
    policies = {}
    for i, f in enumerate(seats):
        use_bot = seating == "bot" or (seating == "half" and i % 2 == 0)
        policies[f] = resolve_policy(bot if use_bot else "random", game_name)
    game = coin_env.make_game(game_name, scenario=scenario, seed=seed, options=with_non_players(options, policies))
    rngs = {f: random.Random(seed * 1000 + i) for i, f in enumerate(seats)}
    while not game.is_over():
        f = game.current_player()
        game.apply(policies[f](game, f, rngs[f]))
    return game.to_json()


def key_of(game_name, scenario, options, seating, seed) -> str:
    return f"{game_name}|{scenario}|{json.dumps(options, sort_keys=True)}|{seating}|{seed}"


def digests() -> dict[str, str]:
    return {key_of(*setup, seed): hashlib.sha256(final_save(*setup, seed).encode()).hexdigest()[:20]
            for setup in setups() for seed in SEEDS}


def recorded() -> dict[str, str]:
    with open(RECORD) as f:
        return json.load(f)


@pytest.mark.parametrize("setup", setups(), ids=lambda s: f"{s[0]}-{s[1]}-{json.dumps(s[2], sort_keys=True)}-{s[3]}")
def test_seeded_games_end_exactly_as_recorded(setup):
    expected = recorded()
    for seed in SEEDS:
        key = key_of(*setup, seed)
        assert key in expected, f"{key} is not recorded: python tests/test_seeded_games_unchanged.py --record"
        got = hashlib.sha256(final_save(*setup, seed).encode()).hexdigest()[:20]
        assert got == expected[key], (f"{key}: the seeded game ends differently. If the change is meant to change "
                                      "games, re-record and say why; else it is a regression.")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/test_seeded_games_unchanged.py --record")
    os.makedirs(os.path.dirname(RECORD), exist_ok=True)
    with open(RECORD, "w") as f:
        json.dump(digests(), f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"recorded {RECORD}")
