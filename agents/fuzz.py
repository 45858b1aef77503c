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
* with ``--bot``: each game puts the game's bot in a seeded random subset of seats (0-4); a bot's
  choice must be legal (the bot raises otherwise) and the bot's game must replay exactly.
On a failure it writes a replay file (game, scenario, seed, actions, error) that reproduces it.
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


def bot_seats(game_name: str, seed: int, bot: str | None) -> dict:
    """The seeded subset of seats the bot plays in this fuzz game (each seat with probability 1/2)."""
    if not bot:
        return {}
    from coin_env.core.registry import game_module
    rng = random.Random(seed * 31 + 17)
    return {f: bot for f in game_module(game_name).GAME_CLASS.factions if rng.random() < 0.5}


def fuzz_game(game_name: str, scenario: str | None, seed: int, check_every: int = 50, bot: str | None = None) -> dict:
    """Play one seeded random game with all checks. Returns stats; raises FuzzFailure with .actions."""
    from coin_env.core.aec_env import with_non_players
    from .simulate import seat_policies
    seats = bot_seats(game_name, seed, bot)
    policies = {f: p for f, p in seat_policies(game_name, seats).items() if f in seats}
    game = coin_env.make_game(game_name, scenario=scenario, seed=seed, debug=True,
                              options=with_non_players({}, policies))
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
    return {"decisions": len(actions), "winner": game.winner(), "bot_seats": sorted(seats)}


def write_replay(out_dir: str, game_name: str, scenario, seed: int, actions: list[int], error: str,
                 bot: str | None = None) -> str:
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{game_name}-{scenario}-seed{seed}.json")
    with open(path, "w") as f:
        json.dump({"game": game_name, "scenario": scenario, "seed": seed, "bot": bot, "actions": actions,
                   "error": error}, f)
    return path


def replay(path: str) -> None:
    """Reproduce a replay file: re-run the same seeded fuzz game (random play and checks are all
    seeded, so a failure inside a check -- e.g. in a round-trip twin -- recurs exactly). The
    recorded ``actions`` are the main game's moves up to the failure, for reading."""
    with open(path) as f:
        data = json.load(f)
    fuzz_game(data["game"], data["scenario"], data["seed"], bot=data.get("bot"))
    print(f"replayed seed {data['seed']} without error; recorded error was: {data['error']}")


def fuzz(game_name: str, decisions: int, seed: int = 0, scenario: str | None = None,
         out_dir: str = "fuzz-failures", scenarios: tuple[str, ...] | None = None, bot: str | None = None) -> dict:
    """Play seeded games until ``decisions`` decisions have been made. Returns a summary."""
    total = games = failures = 0
    winners: dict[str, int] = {}
    t0 = time.perf_counter()
    s = seed
    replays = []
    while total < decisions:
        sc = scenario or (scenarios[s % len(scenarios)] if scenarios else None)
        try:
            stats = fuzz_game(game_name, sc, s, bot=bot)
            total += stats["decisions"]
            winners[stats["winner"]] = winners.get(stats["winner"], 0) + 1
            games += 1
        except Exception as exc:  # noqa: BLE001
            failures += 1
            acts = getattr(exc, "actions", [])
            total += len(acts)
            replays.append(write_replay(out_dir, game_name, sc, s, acts,
                                        f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}", bot))
        s += 1
    return {"game": game_name, "bot": bot, "decisions": total, "games": games, "failures": failures, "winners": winners,
            "seconds": round(time.perf_counter() - t0, 2), "replays": replays}


SCENARIOS = {"gandhi": ("short", "main"), "a_distant_plain": ("short", "main", "extended")}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default="gandhi", choices=coin_env.list_games())
    p.add_argument("--decisions", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario", default=None, help="default: alternate the game's scenarios")
    p.add_argument("--out", default="fuzz-failures", help="folder for replay files of failures")
    p.add_argument("--replay", default=None, help="re-run a replay file instead of fuzzing")
    p.add_argument("--bot", default=None, help="also put this bot (e.g. arjuna) in a seeded random mix of seats")


def run(args) -> int:
    if args.replay:
        replay(args.replay)
        return 0
    result = fuzz(args.game, args.decisions, args.seed, args.scenario, args.out, SCENARIOS.get(args.game), args.bot)
    shown = dict(result, replays=result["replays"][:10])   # every replay file is in --out; list the first ones
    if len(result["replays"]) > 10:
        shown["replays_not_listed"] = len(result["replays"]) - 10
    print(json.dumps(shown, indent=2))
    return 1 if result["failures"] else 0


def main(argv=None) -> None:
    from .cli import standalone
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
