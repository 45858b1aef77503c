"""Benchmark: how fast each game's engine and environments run on this machine.

    coin-env bench [--games gandhi] [--repeats 5] [--json bench.json]

For each game, the median over ``repeats`` runs of:
* engine decisions/s under random play (legal_actions + apply, no observation);
* full random games/s and decisions per game;
* AEC environment steps/s with observation and mask;
* learner-side steps/s of the gymnasium env with the other seats moving inside step()
  (bots where the game has them, else random);
* all-bot games/s (bots where the game has them; "n/a" until then);
* clone() and JSON round-trip cost at a mid-game decision;
* peak memory of one environment playing one game (tracemalloc).

``--search N`` times a searching policy instead (issue 27's budget: a whole game in under 30 seconds per
core): ``--search-spec`` (default ``search`` at its default budget) in one seat, the game's bot in the others,
N seeded games (seeds 3,000,000 and up) per seat in each seat-rules setting the game has, one game at a time in
this process; CPU-seconds a game, mean and max per seat (``time.process_time``: the machine's other jobs do
not count, as they would in wall clock).

    coin-env bench --games a_distant_plain --search 8
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

import numpy as np

import coin_env
from agents.common import check_game, output_file, positive_float, positive_int, released_if_stopped, standalone, UsageError, write_json_file
from agents.evaluation.compare import seat_rules_of
from agents.evaluation.evaluate import evaluate
from agents.evaluation.simulate import play_game, seat_policies
from agents.policies import check_policy
from coin_env.core.registry import default_scenario, game_bots



def scenario_of(game_name: str) -> str:
    """The scenario a game is benchmarked in: its default, shortest one (the game module's
    ``DEFAULT_SCENARIO``; coin_env.core.registry.default_scenario)."""
    return default_scenario(game_name)


def bot_of(game_name: str) -> str | None:
    """The bot the benchmark puts in the other seats: the first of the game's registered bots
    (coin_env.core.registry.game_bots), or None for a game without one (random opponents, no all-bot run)."""
    bots = sorted(game_bots(game_name))
    return bots[0] if bots else None


def _engine(game_name, budget_s):
    decisions = games = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < budget_s:
        g = coin_env.make_game(game_name, scenario=scenario_of(game_name), seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
            decisions += 1
        games += 1
        seed += 1
    dt = time.perf_counter() - t0
    return {"decisions_per_s": decisions / dt, "games_per_s": games / dt, "decisions_per_game": decisions / games}


def _timed_episodes(budget_s, play_episode):
    """Play seeded episodes until the budget is spent; returns (steps, seconds)."""
    steps = ep = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < budget_s:
        steps += play_episode(ep)
        ep += 1
    return steps, time.perf_counter() - t0


def _aec_episode(env, rng, seed) -> int:
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _r, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps


def _aec(game_name, budget_s):
    env = coin_env.env(game_name, scenario=scenario_of(game_name))
    rng = np.random.default_rng(0)
    steps, dt = _timed_episodes(budget_s, lambda ep: _aec_episode(env, rng, ep))
    return {"steps_per_s": steps / dt}


def _gym_episode(env, rng, seed) -> int:
    env.reset(seed=seed)
    steps = 0
    done = False
    while not done:
        _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        done = term or trunc
        steps += 1
    return steps


def _gym(game_name, budget_s):
    seat = coin_env.make_game(game_name, scenario=scenario_of(game_name)).factions[0]
    env = coin_env.gym_env(game_name, seat=seat, opponents=bot_of(game_name) or "random",
                           scenario=scenario_of(game_name))
    rng = np.random.default_rng(0)
    steps, dt = _timed_episodes(budget_s, lambda ep: _gym_episode(env, rng, ep))
    return {"learner_steps_per_s": steps / dt, "learner_step_ms": 1000 * dt / steps}


def _all_bots(game_name, budget_s):
    """Every seat played by the game's bot (bots' seats are non-players, e.g. Gandhi 8.0)."""
    factions = coin_env.make_game(game_name, scenario=scenario_of(game_name)).factions
    seats = {f: bot_of(game_name) for f in factions}
    policies = seat_policies(game_name, seats)
    games, dt = _timed_episodes(budget_s, lambda ep: (play_game(game_name, scenario_of(game_name), ep, seats,
                                                                policies=policies), 1)[1])
    return {"all_bot_games_per_s": games / dt}


def _mid_game(game_name, decisions=300):
    """The seeded random game after ``decisions`` decisions, or halfway through it when it is shorter than twice
    that (a game still running: a finished game's save has no decision stack to copy or check)."""
    def play(n):
        g = coin_env.make_game(game_name, scenario=scenario_of(game_name), seed=1)
        rng = random.Random(1)
        made = 0
        while made < n and not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
            made += 1
        return g, made
    _, length = play(10 ** 9)
    return play(min(decisions, length // 2))[0]


def _copies(game_name):
    g = _mid_game(game_name)
    n = 3000
    t0 = time.perf_counter()
    for _ in range(n):
        g.clone()
    clone_us = 1e6 * (time.perf_counter() - t0) / n
    m = 300
    t0 = time.perf_counter()
    for _ in range(m):
        coin_env.load_game(g.to_json())
    json_ms = 1e3 * (time.perf_counter() - t0) / m
    return {"clone_us": clone_us, "json_round_trip_ms": json_ms}


def _memory(game_name):
    tracemalloc.start()
    env = coin_env.env(game_name, scenario=scenario_of(game_name))
    _aec_episode(env, np.random.default_rng(0), 0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"peak_memory_mb": peak / 2**20}


def bench_game(game_name: str, repeats: int = 5, budget_s: float = 2.0) -> dict:
    runs = [{**_engine(game_name, budget_s), **_aec(game_name, budget_s), **_gym(game_name, budget_s),
             **_copies(game_name)} for _ in range(repeats)]
    out = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    out.update(_memory(game_name))
    if bot_of(game_name) is not None:
        out["all_bot_games_per_s"] = statistics.median(
            _all_bots(game_name, budget_s)["all_bot_games_per_s"] for _ in range(repeats))
    else:
        out["all_bot_games_per_s"] = None
    out["repeats"] = repeats
    return out


SEARCH_SEED = 3_000_000          # the strength tables' seeds (docs/pretrained.md): games the search rows played


def search_seconds(game_name: str, games: int, spec: str = "search") -> dict:
    """CPU-seconds of whole games with ``spec`` in one seat and the game's bot in the others:
    ``{seat_rules: {seat: {"mean", "max", "games"}}}``, each game played alone in this process (the search's
    rollouts inline, ``workers=1`` as its default) and timed with ``time.process_time``."""
    out: dict = {}
    for rules in seat_rules_of(game_name, None, None):
        for seat in coin_env.make_game(game_name, seed=0).factions:
            seconds = []
            for k in range(games):
                t0 = time.process_time()
                evaluate(game_name, {"search": spec}, games=1, seed=SEARCH_SEED + k, workers=1, baselines=False,
                         seats=[seat], seat_rules=rules)
                seconds.append(time.process_time() - t0)
            out.setdefault(rules, {})[seat] = {"mean": statistics.fmean(seconds), "max": max(seconds),
                                               "games": games}
    return out


def format_search_table(results: dict, spec: str) -> str:
    lines = [f"CPU-seconds per whole game, {spec} in one seat, the bot in the others", "",
             "| game | seat rules | seat | games | mean | max |", "|---|---|---|---|---|---|"]
    for game, settings in results.items():
        for rules, seats in settings.items():
            for seat, row in seats.items():
                lines.append(f"| {game} | {rules} | {seat} | {row['games']} | {row['mean']:.1f} | {row['max']:.1f} |")
    return "\n".join(lines)


TARGETS = {"decisions_per_s": (">=", 10_000), "steps_per_s": (">=", 8_000), "games_per_s": (">=", 10),
           "clone_us": ("<=", 10), "learner_step_ms": ("<=", 0.2)}


def format_table(results: dict) -> str:
    keys = ["decisions_per_s", "games_per_s", "decisions_per_game", "steps_per_s", "learner_steps_per_s",
            "learner_step_ms", "all_bot_games_per_s", "clone_us", "json_round_trip_ms", "peak_memory_mb"]
    width = max(14, *(len(g) + 2 for g in results))       # "a_distant_plain" is wider than a number
    lines = [f"{'measure':<22}" + "".join(f"{g:>{width}}" for g in results) + "   target (per core)"]
    for k in keys:
        row = f"{k:<22}"
        for g in results:
            v = results[g].get(k)
            row += f"{'n/a':>{width}}" if v is None else f"{v:>{width}.2f}" if v < 100 else f"{v:>{width}.0f}"
        if k in TARGETS:
            row += f"   {TARGETS[k][0]} {TARGETS[k][1]}"
        lines.append(row)
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", nargs="*", default=coin_env.list_games(), help="default: every game")
    p.add_argument("--repeats", type=positive_int, default=5)
    p.add_argument("--seconds", type=positive_float, default=2.0, help="time budget of each throughput measurement")
    p.add_argument("--json", default=None, help="also write the results to this JSON file")
    p.add_argument("--search", type=positive_int, default=None, metavar="N",
                   help="instead: CPU-seconds of N seeded games per seat and seat rules with --search-spec in one seat")
    p.add_argument("--search-spec", default="search", metavar="SPEC", help="the policy --search times (default: search)")


def run(args) -> int:
    if not args.games:
        raise UsageError(f"--games: name at least one game; known games: {', '.join(coin_env.list_games())}")
    for g in args.games:
        check_game(g)
    if args.search is not None:
        for g in args.games:
            check_policy(args.search_spec, g, "--search-spec")
    out = output_file(args.json, "--json")
    with released_if_stopped(out):
        if args.search is not None:
            results = {g: search_seconds(g, args.search, args.search_spec) for g in args.games}
            print(format_search_table(results, args.search_spec))
        else:
            results = {g: bench_game(g, args.repeats, args.seconds) for g in args.games}
            print(format_table(results))
    write_json_file(out, results)
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
