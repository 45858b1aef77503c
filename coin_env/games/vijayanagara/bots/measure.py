"""Measure a Vijayanagara bot: robustness, strength against uniform-random play, all-bot results.

    python -m coin_env.games.vijayanagara.bots.measure --games 100          # every measurement
    python -m coin_env.games.vijayanagara.bots.measure --games 20 --only vs-random

Uses the game's constructor directly (``game.new_game``) and its public methods (legal_actions, apply,
current_player, winner); random seats draw from ``random.Random(seed)`` (the caller's generator, as
coin_env's "random" policy does), the bot from the game's own generator. Deterministic per seed.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from ..data.pieces import FACTIONS
from ....core.stats import wilson
from ..game import new_game
from .heuristic import HeuristicBot




def play(seed: int, seats: dict, bot=None, check_legal: bool = True, debug: bool = False) -> dict:
    """One whole game: ``seats`` maps faction -> "bot" or "random". Returns the result, the decision
    counts and the bot's time."""
    bot = bot or HeuristicBot()
    g = new_game(seed=seed, debug=debug)
    r = random.Random(seed ^ 0x5EED)
    decisions = {"bot": 0, "random": 0}
    bot_time = 0.0
    while not g.is_over():
        f = g.current_player()
        legal = g.legal_actions()
        if seats[f] == "bot":
            t = time.perf_counter()
            a = bot(g, f, r)
            bot_time += time.perf_counter() - t
            decisions["bot"] += 1
            if check_legal and a not in legal:
                raise AssertionError(f"seed {seed}: {f} chose illegal {a} at {g.prompt()!r}")
        else:
            a = legal[r.randrange(len(legal))]
            decisions["random"] += 1
        g.apply(a)
    return {"winner": g.winner(), "margins": g.victory_margins(), "totals": g.state.result["scores"],
            "decisions": decisions, "bot_time": bot_time, "cards": len(g.state.played) + 1}


def vs_random(games: int, seed0: int = 0) -> dict:
    """The bot in one seat, random in the others; and random in every seat (the comparison)."""
    out = {}
    for f in FACTIONS:
        seats = {o: ("bot" if o == f else "random") for o in FACTIONS}
        bot = HeuristicBot()
        mine = [play(seed0 + i, seats, bot) for i in range(games)]
        theirs = [play(seed0 + i, {o: "random" for o in FACTIONS}) for i in range(games)]
        wins = sum(r["winner"] == f for r in mine)
        rnd = sum(r["winner"] == f for r in theirs)
        out[f] = {"wins": wins, "games": games, "ci": wilson(wins, games), "random_wins": rnd,
                  "random_ci": wilson(rnd, games), "fallbacks": dict(bot.fallbacks),
                  "margin": sum(r["margins"][f] for r in mine) / games,
                  "random_margin": sum(r["margins"][f] for r in theirs) / games}
    return out


def all_bot(games: int, seed0: int = 0) -> dict:
    bot = HeuristicBot()
    wins, lengths, margins = Counter(), [], {f: [] for f in FACTIONS}
    dec, t = 0, 0.0
    wall = time.perf_counter()
    for i in range(games):
        res = play(seed0 + i, {f: "bot" for f in FACTIONS}, bot)
        wins[res["winner"]] += 1
        lengths.append(res["decisions"]["bot"])
        dec += res["decisions"]["bot"]
        t += res["bot_time"]
        for f in FACTIONS:
            margins[f].append(res["totals"][f])
    return {"wins": dict(wins), "games": games, "mean_decisions": sum(lengths) / games,
            "mean_vp": {f: sum(m) / games for f, m in margins.items()}, "fallbacks": dict(bot.fallbacks),
            "bot_decisions_per_s": round(dec / t) if t else float("inf"),
            "decisions_per_s_with_engine": round(dec / (time.perf_counter() - wall))}


def mixes(games: int, seed0: int = 0) -> dict:
    """Every mix of bot and random seats (robustness; debug invariants on)."""
    n = 0
    for mask in range(1, 8):
        seats = {f: ("bot" if mask >> i & 1 else "random") for i, f in enumerate(FACTIONS)}
        for i in range(games):
            play(seed0 + 1000 * mask + i, seats, debug=True)     # raises on an illegal action
            n += 1
    return {"games": n, "failures": 0}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=["vs-random", "all-bot", "mixes"])
    args = ap.parse_args(argv)
    print(HeuristicBot.label)
    if args.only in (None, "mixes"):
        t = time.time()
        print("mixes (every bot/random seat mix, debug invariants):", mixes(max(1, args.games // 10), args.seed),
              f"{time.time() - t:.0f}s")
    if args.only in (None, "vs-random"):
        t = time.time()
        res = vs_random(args.games, args.seed)
        print(f"bot in one seat vs random in the others ({args.games} games per seat, seeds {args.seed}..):")
        for f, r in res.items():
            lo, hi = r["ci"]
            rlo, rhi = r["random_ci"]
            print(f"  {f}: bot {r['wins']}/{r['games']} = {r['wins'] / r['games']:.2f} [{lo:.2f}, {hi:.2f}]   "
                  f"random in that seat {r['random_wins']}/{r['games']} = {r['random_wins'] / r['games']:.2f} "
                  f"[{rlo:.2f}, {rhi:.2f}]   mean margin bot {r['margin']:+.1f} / random {r['random_margin']:+.1f}"
                  f"   fallbacks {r['fallbacks']}")
        print(f"  ({time.time() - t:.0f}s)")
    if args.only in (None, "all-bot"):
        t = time.time()
        res = all_bot(args.games, args.seed)
        print("all-bot:", res, f"{time.time() - t:.0f}s")


if __name__ == "__main__":
    main()
