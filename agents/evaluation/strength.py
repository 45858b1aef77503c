"""Measured strength of a game's non-player bots (Gandhi: Arjuna; A Distant Plain: the flowcharts;
rules section 8 of each).

    coin-env strength --game gandhi --bot arjuna --games 100 --seed 0 [--json out.json]
    coin-env strength --game a_distant_plain --games 100      # --bot defaults to the game's bot

Three match-ups, each ``--games`` seeded games on the game's benchmark scenario:
* bot in one seat, random players in the other three (per faction);
* a random player in one seat, bots in the other three (per faction);
* bots in every seat.
Reported per seat: wins, win rate with its 95 % Wilson interval, and mean victory margin
(margin = victory total minus threshold, 7.3). Same seeds, same games: the runs replay exactly.
"""

from __future__ import annotations

import argparse
import time

import coin_env
from coin_env.core.registry import default_scenario, game_bots, game_module
from coin_env.core.stats import wilson  # noqa: F401  (the tools import it from here)

from agents.evaluation.simulate import play_game, seat_policies
from agents.policies import check_bot
from agents.common import check_setup, output_file, positive_int, released_if_stopped, standalone, UsageError, write_json_file

class _DefaultScenarios:
    """``SCENARIO.get(game)``: the scenario tools play when none is named, the game's default (its module's
    ``DEFAULT_SCENARIO``: coin_env.core.registry.default_scenario); None for an unknown game (refused later)."""

    def get(self, game: str, default=None):
        return default_scenario(game) if game in coin_env.list_games() else default


SCENARIO = _DefaultScenarios()




def matchup(game_name: str, seats: dict, games: int, seed: int, scenario: str | None) -> dict:
    policies = seat_policies(game_name, seats)
    wins: dict[str, int] = {}
    margins: dict[str, list[int]] = {}
    decisions = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = play_game(game_name, scenario, seed + i, seats, policies=policies)
        wins[g.winner()] = wins.get(g.winner(), 0) + 1
        for f, m in g.victory_margins().items():
            margins.setdefault(f, []).append(m)
        decisions += g.decisions_made()
    return {"seats": seats, "games": games, "wins": wins,
            "mean_margin": {f: sum(v) / len(v) for f, v in margins.items()},
            "seconds": time.perf_counter() - t0, "decisions": decisions}


def measure(game_name: str, bot: str, games: int, seed: int, scenario: str | None = None) -> dict:
    factions = list(game_module(game_name).GAME_CLASS.factions)
    scenario = scenario or SCENARIO.get(game_name)
    out = {"game": game_name, "bot": bot, "scenario": scenario, "games": games, "seed": seed, "rows": []}
    for f in factions:
        r = matchup(game_name, {f: bot}, games, seed, scenario)
        out["rows"].append(_row(f"{f} {bot} vs 3 random", f, r))
    for f in factions:
        r = matchup(game_name, {g: bot for g in factions if g != f}, games, seed, scenario)
        out["rows"].append(_row(f"{f} random vs 3 {bot}", f, r))
    r = matchup(game_name, {f: bot for f in factions}, games, seed, scenario)
    for f in factions:
        out["rows"].append(_row(f"all {bot}: {f}", f, r))
    return out


def _row(label: str, faction: str, r: dict) -> dict:
    w, n = r["wins"].get(faction, 0), r["games"]
    lo, hi = wilson(w, n)
    return {"matchup": label, "faction": faction, "wins": w, "games": n, "win_rate": w / n if n else 0.0,
            "ci95": [lo, hi], "mean_margin": r["mean_margin"][faction], "seconds": r["seconds"]}


def format_table(result: dict) -> str:
    lines = [f"{result['game']} ({result['scenario']}), {result['games']} games per match-up from seed "
             f"{result['seed']}",
             "| match-up | wins | win rate | 95% CI | mean margin |", "|---|---|---|---|---|"]
    for r in result["rows"]:
        lines.append(f"| {r['matchup']} | {r['wins']}/{r['games']} | {100 * r['win_rate']:.0f}% | "
                     f"{100 * r['ci95'][0]:.0f}-{100 * r['ci95'][1]:.0f}% | {r['mean_margin']:+.1f} |")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="gandhi", choices=coin_env.list_games())
    p.add_argument("--bot", default=None, help="default: the game's published bot (gandhi: arjuna, "
                                               "a_distant_plain: flowchart)")
    p.add_argument("--games", type=positive_int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario", default=None)
    p.add_argument("--json", default=None)


def run(args) -> int:
    bot = args.bot or next(iter(game_bots(args.game)), None)
    if bot is None:
        raise UsageError(f"{args.game} has no published bot; name one with --bot")
    check_setup(args.game, args.scenario or SCENARIO.get(args.game))
    check_bot(bot, args.game)
    out = output_file(args.json, "--json")
    with released_if_stopped(out):
        result = measure(args.game, bot, args.games, args.seed, args.scenario)
    print(format_table(result))
    write_json_file(out, result)
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
