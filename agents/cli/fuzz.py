"""Fuzzer: seeded random play with every guarantee checked, for any game.

    coin-env fuzz gandhi --decisions 100000 [--seed 0] [--scenario short] [--out fuzz-failures]
    coin-env fuzz gandhi --decisions 100000 --bot arjuna     # bots in a seeded random mix of seats
    coin-env fuzz --replay fuzz-failures/gandhi-seed12.json

Per game it plays uniformly random legal actions and checks:
* the game's invariants after every step (``debug=True``);
* a cap on decisions per card (an engine that loops without progress fails the run);
* JSON round trip at random points: the restored game has the same prompt and legal actions and,
  replayed alongside the original for a stretch, stays identical;
* random illegal actions (out of the legal set, out of range, wrong type: None, a label that is not
  one, a float, a bool, a list) and legal actions sent for a player who is not to move raise
  IllegalActionError naming the action (or the players) and leave the game unchanged;
* every game terminates with a winner;
* with ``--bot``: each game puts the game's bot in a seeded random subset of its seats; a bot's
  choice must be legal (the bot raises otherwise) and the bot's game must replay exactly.
On a failure it writes a replay file (game, scenario, seed, actions, error) that reproduces it.

Bad input (game, scenario, option, ``--bot``, a ``--replay`` file that is missing or not a replay, an
``--out`` that is a file) is refused before the first game. No input makes the run loop without progress:
it stops after 10 games in a row that made no decision, and writes at most ``--max-replays`` files (100).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
import traceback

import coin_env
from coin_env import IllegalActionError
from agents.common import check_folder, check_setup, positive_int, standalone, UsageError, user_errors
from agents.evaluation.simulate import seat_policies
from agents.policies import check_bot
from coin_env.core.aec_env import with_non_players
from coin_env.core.registry import game_factions, game_module, game_scenarios

MAX_DECISIONS_PER_CARD = 3000
MAX_DECISIONS_PER_GAME = 200_000


class FuzzFailure(Exception):
    pass


def _check_illegal_actions(game, rng: random.Random) -> None:
    before = game.to_json()
    legal = set(game.legal_actions())
    n = len(game.vocabulary)
    candidates = [a for a in rng.sample(range(n), min(8, n)) if a not in legal][:3]
    some_legal = rng.choice(sorted(legal))
    candidates += [n + rng.randrange(100), -1 - rng.randrange(5), "not an action label", None,
                   float(some_legal), some_legal + 0.5, True, [some_legal]]
    for bad in candidates:
        try:
            game.apply(bad)
        except IllegalActionError as exc:
            if type(bad) is int and 0 <= bad < n and game.action_label(bad) not in str(exc):
                raise FuzzFailure(f"illegal-action error does not name the action: {exc}") from None
        else:
            raise FuzzFailure(f"illegal action {bad!r} was accepted at prompt {game.prompt()!r}")
        if game.to_json() != before:
            raise FuzzFailure(f"illegal action {bad!r} changed the game")
    _check_wrong_player(game, some_legal, before)


def _check_wrong_player(game, action: int, before: str) -> None:
    """A legal action sent on behalf of a player who is not to move must be refused, game unchanged."""
    mover = game.current_player()
    for other in game.factions:
        if other == mover:
            continue
        try:
            game.apply(action, player=other)
        except IllegalActionError as exc:
            if repr(other) not in str(exc) or repr(mover) not in str(exc):
                raise FuzzFailure(f"wrong-player error does not name both players: {exc}") from None
        else:
            raise FuzzFailure(f"{other!r} played {action!r} at {mover!r}'s prompt {game.prompt()!r}")
        if game.to_json() != before:
            raise FuzzFailure(f"an action sent by {other!r} out of turn changed the game")


def _check_round_trip(game, rng: random.Random, horizon: int = 30) -> None:
    restored = coin_env.load_game(game.to_json())
    if restored.legal_actions() != game.legal_actions() or restored.prompt() != game.prompt():
        raise FuzzFailure("restored game differs at the save point")
    twin = game.clone()
    for _ in range(horizon):
        if twin.is_over():
            break
        a = rng.choice(twin.legal_actions())
        twin.apply(a)
        restored.apply(a)
    if twin.to_json() != restored.to_json():
        raise FuzzFailure("restored game diverged from its original")


def fuzz_options(game_name: str, seed: int) -> dict:
    """The game options of fuzz game ``seed``: none, unless the game module lists ``FUZZ_OPTIONS`` (set-ups
    to cycle through, e.g. John Company's 1-6 families and the solo Crown), then the seed picks one."""
    table = getattr(game_module(game_name), "FUZZ_OPTIONS", None)
    return dict(table[seed % len(table)]) if table else {}


def bot_seats(game_name: str, seed: int, bot: str | None, options: dict | None = None) -> dict:
    """The seeded subset of seats the bot plays in this fuzz game (each seat with probability 1/2)."""
    if not bot:
        return {}
    rng = random.Random(seed * 31 + 17)
    return {f: bot for f in game_factions(game_name, options) if rng.random() < 0.5}


def fuzz_game(game_name: str, scenario: str | None, seed: int, check_every: int = 50, bot: str | None = None) -> dict:
    """Play one seeded random game with all checks. Returns stats; raises FuzzFailure with .actions."""
    options = fuzz_options(game_name, seed)
    seats = bot_seats(game_name, seed, bot, options)
    policies = {f: p for f, p in seat_policies(game_name, seats, options).items() if f in seats}
    game = coin_env.make_game(game_name, scenario=scenario, seed=seed, debug=True,
                              options=with_non_players(options, policies))
    rng = random.Random(seed)
    check_rng = random.Random(seed + 7919)
    actions: list[int] = []
    try:
        while not game.is_over():
            if game.state.card_decisions > MAX_DECISIONS_PER_CARD:
                raise FuzzFailure(f"more than {MAX_DECISIONS_PER_CARD} decisions on one card")
            if len(actions) > MAX_DECISIONS_PER_GAME:
                raise FuzzFailure("game did not terminate")
            if check_rng.randrange(check_every) == 0:
                _check_illegal_actions(game, check_rng)
                _check_round_trip(game, check_rng)
            actor = game.current_player()
            a = policies[actor](game, actor, rng) if actor in policies else rng.choice(game.legal_actions())
            actions.append(a)
            game.apply(a)
        if game.winner() not in game.factions:
            raise FuzzFailure(f"game over without a winner: {game.winner()!r}")
    except Exception as exc:  # noqa: BLE001 - every failure is reported with its replay
        exc.actions = actions
        raise
    return {"decisions": len(actions), "winner": game.winner(), "bot_seats": sorted(seats), "options": options}


def write_replay(out_dir: str, game_name: str, scenario, seed: int, actions: list[int], error: str,
                 bot: str | None = None) -> str:
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{game_name}-{scenario}-seed{seed}.json")
    with open(path, "w") as f:
        json.dump({"game": game_name, "scenario": scenario, "seed": seed, "bot": bot, "actions": actions,
                   "error": error}, f)
    return path


def read_replay(path: str) -> dict:
    """A replay file's data, checked: a readable JSON object naming a known game, its scenario and seed."""
    with user_errors(f"--replay {path!r}", (OSError, UnicodeDecodeError)):
        with open(path) as f:
            text = f.read()
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise UsageError(f"--replay {path!r} is not a replay file (not JSON: {exc})") from None
    if not isinstance(data, dict) or not {"game", "seed"} <= set(data):
        raise UsageError(f"--replay {path!r} is not a replay file (a JSON object with game, scenario, seed, "
                         f"actions, error: what coin-env fuzz writes on a failure)")
    if isinstance(data["seed"], bool) or not isinstance(data["seed"], int):
        raise UsageError(f"--replay {path!r}: seed must be an integer, not {data['seed']!r}")
    check_setup(data["game"], data.get("scenario"), seed=data["seed"])
    if data.get("bot"):
        check_bot(data["bot"], data["game"], f"--replay {path!r}: bot")
    return data


def replay(path: str) -> None:
    """Reproduce a replay file: re-run the same seeded fuzz game (random play and checks are all
    seeded, so a failure inside a check -- e.g. in a round-trip twin -- recurs exactly). The
    recorded ``actions`` are the main game's moves up to the failure, for reading. A file that is missing
    or not a replay raises agents.cli.UsageError (a ValueError)."""
    data = read_replay(path)
    fuzz_game(data["game"], data.get("scenario"), data["seed"], bot=data.get("bot"))
    print(f"replayed seed {data['seed']} without error; recorded error was: {data.get('error')}")


MAX_GAMES_WITHOUT_A_DECISION = 10   # games in a row that end (or fail) before their first action: stop
MAX_REPLAYS = 100                   # replay files one run writes at most (further failures are only counted)


def check_fuzz_input(game_name: str, scenario, scenarios, bot, seed: int = 0) -> None:
    """Refuse a bad game, scenario, option or bot before the first game (agents.cli.UsageError)."""
    for sc in dict.fromkeys([scenario] if scenario or not scenarios else list(scenarios)):
        check_setup(game_name, sc, seed=seed)
    if bot:
        check_bot(bot, game_name)


SEED_LIMIT = 2 ** 64 - 1             # the engine's largest seed (coin_env.core.rng.check_seed)


def check_seed_range(seed: int, decisions: int) -> None:
    """A run plays seeds ``seed``, ``seed + 1``, ...: at most one game per decision, so it may need seeds up to
    ``seed + decisions - 1``; a range that runs past the engine's largest seed is refused before the first
    game (it used to count the seeds beyond as failures)."""
    if seed + decisions - 1 > SEED_LIMIT:
        raise UsageError(f"--seed {seed} with --decisions {decisions}: the run may need seeds up to "
                         f"{seed + decisions - 1}, past 2**64 - 1; use --seed {SEED_LIMIT - decisions + 1} or lower")


def fuzz(game_name: str, decisions: int, seed: int = 0, scenario: str | None = None,
         out_dir: str = "fuzz-failures", scenarios: tuple[str, ...] | None = None, bot: str | None = None,
         max_replays: int = MAX_REPLAYS) -> dict:
    """Play seeded games until ``decisions`` decisions have been made. Returns a summary.

    The game, scenario(s) and bot are checked first (bad input raises agents.cli.UsageError, a ValueError).
    The run cannot spin without progress: it stops (``"stopped"`` in the summary says why) after
    MAX_GAMES_WITHOUT_A_DECISION games in a row that made no decision, and writes at most ``max_replays``
    replay files (``"replays_not_written"`` counts the failures beyond)."""
    check_fuzz_input(game_name, scenario, scenarios, bot, seed)
    check_seed_range(seed, decisions)
    total = games = failures = not_written = 0
    winners: dict[str, int] = {}
    t0 = time.perf_counter()
    s = seed
    replays = []
    stopped = None
    without_a_decision = 0
    while total < decisions:
        if s > SEED_LIMIT:              # only when games without a decision used up the checked range
            stopped = f"the seed range ended at 2**64 - 1 after {games + failures} games"
            break
        sc = scenario or (scenarios[s % len(scenarios)] if scenarios else None)
        try:
            stats = fuzz_game(game_name, sc, s, bot=bot)
            played = stats["decisions"]
            winners[stats["winner"]] = winners.get(stats["winner"], 0) + 1
            games += 1
            error = None
        except Exception as exc:  # noqa: BLE001
            failures += 1
            acts = getattr(exc, "actions", [])
            played = len(acts)
            error = f"{type(exc).__name__}: {exc}"
            if len(replays) < max_replays:
                replays.append(write_replay(out_dir, game_name, sc, s, acts,
                                            f"{error}\n{traceback.format_exc()}", bot))
            else:
                not_written += 1
        total += played
        s += 1
        without_a_decision = without_a_decision + 1 if played == 0 else 0
        if without_a_decision >= MAX_GAMES_WITHOUT_A_DECISION:
            stopped = (f"{without_a_decision} games in a row (seeds {s - without_a_decision}..{s - 1}) made no "
                       f"decision" + (f"; the last one failed with {error.splitlines()[0]}" if error else ""))
            break
    out = {"game": game_name, "bot": bot, "decisions": total, "games": games, "failures": failures,
           "winners": winners, "seconds": round(time.perf_counter() - t0, 2), "replays": replays}
    if not_written:
        out["replays_not_written"] = not_written
    if stopped:
        out["stopped"] = stopped
    return out


def scenarios_of(game_name: str) -> tuple[str, ...]:
    """The scenarios a run alternates by default: every scenario the game declares (its module's
    ``SCENARIOS``, the default one first; coin_env.core.registry.game_scenarios)."""
    return game_scenarios(game_name)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default="gandhi", choices=coin_env.list_games())
    p.add_argument("--decisions", type=positive_int, default=100_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario", default=None, help="default: alternate the game's scenarios")
    p.add_argument("--out", default="fuzz-failures", help="folder for replay files of failures")
    p.add_argument("--replay", default=None, help="re-run a replay file instead of fuzzing")
    p.add_argument("--bot", default=None, help="also put this bot (e.g. arjuna) in a seeded random mix of seats")
    p.add_argument("--max-replays", type=positive_int, default=MAX_REPLAYS,
                   help=f"write at most this many replay files (default {MAX_REPLAYS}); further failures are counted")


def run(args) -> int:
    if args.replay:
        replay(args.replay)
        return 0
    check_fuzz_input(args.game, args.scenario, scenarios_of(args.game), args.bot, args.seed)
    check_seed_range(args.seed, args.decisions)
    check_folder(args.out, "--out")
    result = fuzz(args.game, args.decisions, args.seed, args.scenario, args.out, scenarios_of(args.game), args.bot,
                  max_replays=args.max_replays)
    shown = dict(result, replays=result["replays"][:10])   # every replay file is in --out; list the first ones
    if len(result["replays"]) > 10:
        shown["replays_not_listed"] = len(result["replays"]) - 10
    print(json.dumps(shown, indent=2))
    return 1 if result["failures"] or result.get("stopped") else 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
