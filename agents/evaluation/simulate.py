"""Simulate seeded games with chosen policies in every seat and print a results table.

    coin-env simulate --game gandhi --scenario short --games 20 --seed 0
"""

from __future__ import annotations

import argparse
import random
import time

import coin_env

from coin_env.core.aec_env import resolve_policy, with_non_players
from coin_env.core.registry import default_scenario, game_factions

from agents.common import check_setup, positive_int, standalone, user_errors
from agents.policies import check_policy


def seat_policies(game_name: str, seats: dict, options: dict | None = None) -> dict:
    """``{faction: policy}`` for every seat of the game made with ``options`` (John Company's seats depend on
    its ``families``): the named policy or bot ("random", "arjuna", ...), else random."""
    factions = game_factions(game_name, options)
    unknown = set(seats) - set(factions)
    if unknown:
        raise ValueError(f"seats name unknown factions {sorted(unknown)}; factions: {list(factions)}")
    return {f: resolve_policy(seats.get(f, "random"), game_name) for f in factions}


def play_game(game_name: str, scenario: str | None, seed: int, seats: dict, options: dict | None = None,
              policies: dict | None = None):
    """One seeded game; bots' seats become the game's non-players (e.g. Gandhi 8.0)."""
    policies = policies or seat_policies(game_name, seats, options)
    game = coin_env.make_game(game_name, scenario=scenario, seed=seed,
                              options=with_non_players(options or {}, policies))
    rngs = {f: random.Random(seed * 1000 + i) for i, f in enumerate(game.factions)}
    while not game.is_over():
        f = game.current_player()
        game.apply(policies[f](game, f, rngs[f]))
    return game


def simulate(game_name: str, scenario: str | None, games: int, seed: int, seats: dict | None = None) -> dict:
    """``games`` seeded games; ``scenario=None`` plays the game's default scenario."""
    scenario = scenario or default_scenario(game_name)
    seats = seats or {}
    wins: dict[str, int] = {}
    margins: dict[str, list[int]] = {}
    decisions = []
    cards = []
    t0 = time.perf_counter()
    factions = None
    policies = seat_policies(game_name, seats)
    for i in range(games):
        g = play_game(game_name, scenario, seed + i, seats, policies=policies)
        factions = g.factions
        w = g.winner()
        wins[w] = wins.get(w, 0) + 1
        for f, m in g.victory_margins().items():
            margins.setdefault(f, []).append(m)
        decisions.append(g.decisions_made())
        cards.append(g.length())            # John Company: turns
    elapsed = time.perf_counter() - t0
    return {"game": game_name, "scenario": scenario, "games": games, "seed": seed, "factions": list(factions),
            "wins": wins, "margins": margins, "decisions": decisions, "cards": cards, "seconds": elapsed}


def format_table(result: dict) -> str:
    n = result["games"]
    lines = [f"{result['game']} ({result['scenario']}): {n} seeded games from seed {result['seed']}, "
             f"{result['seconds']:.2f} s, {sum(result['decisions']) / result['seconds']:.0f} decisions/s",
             f"{'faction':<10} {'wins':>5} {'win %':>6} {'mean margin':>12}"]
    for f in result["factions"]:
        w = result["wins"].get(f, 0)
        m = result["margins"][f]
        lines.append(f"{f:<10} {w:>5} {100 * w / n:>5.1f}% {sum(m) / len(m):>12.2f}")
    lines.append(f"mean decisions per game {sum(result['decisions']) / n:.0f}; "
                 f"mean cards played {sum(result['cards']) / n:.1f}")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="gandhi", choices=coin_env.list_games())
    p.add_argument("--scenario", default=None, help="the scenario (default: the game's default)")
    p.add_argument("--games", type=positive_int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seat", action="append", default=[], metavar="FACTION=POLICY",
                   help="policy of one seat, e.g. --seat raj=arjuna (default: random)")


def parse_seats(items) -> dict:
    """``["raj=arjuna", ...]`` (repeated ``--seat`` options) -> ``{faction: policy spec}``."""
    seats = {}
    for item in items:
        faction, sep, policy = item.partition("=")
        if not sep or not faction or not policy:
            raise ValueError(f"--seat {item!r}: write FACTION=POLICY, e.g. raj=arjuna")
        seats[faction] = policy
    return seats


def check_arguments(args) -> dict:
    """Seats parsed, the scenario built and every seat's policy resolved before any game. Raises UsageError."""
    with user_errors(errors=(ValueError,)):
        seats = parse_seats(args.seat)
    check_setup(args.game, args.scenario)
    for faction, spec in seats.items():
        check_policy(spec, args.game, f"--seat {faction}={spec}")
    with user_errors(errors=(ValueError,)):
        seat_policies(args.game, seats)
    return seats


def run(args) -> None:
    seats = check_arguments(args)
    print(format_table(simulate(args.game, args.scenario, args.games, args.seed, seats)))


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
