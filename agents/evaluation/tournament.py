"""Seeded games in parallel: the shared machinery of ``coin-env evaluate`` and ``coin-env balance``.

A *job* is plain data (so it travels to worker processes)::

    {"game": "gandhi", "scenario": "short", "options": {}, "seed": 7,
     "seats": {"raj": "arjuna", "congress": "runs/x/final.zip"},    # unnamed seats play "random"
     "players": ["congress"]}      # optional: seats that play by the player rules (a bot there: BotAsPlayer)

:func:`play_one` plays one job and returns a plain-data record (seed, seats, winner, winners, ranking,
margins, reason, rule, decisions, cards, seconds). :func:`run_games` plays a list of jobs, in-process
(``workers=1``) or on a process pool, and returns the records in job order::

    from agents.evaluation.tournament import run_games
    records = run_games([{"game": "gandhi", "scenario": "short", "seed": s, "seats": {}} for s in range(8)],
                        workers=2, progress=False)

A game depends only on its job (game seed, per-seat policy RNGs seeded from it as in
agents/evaluation/simulate.py ``play_game``), so the records are identical whatever the worker count; only
``seconds`` varies.
"""

from __future__ import annotations

import os
import signal
import sys
import time

from coin_env.core.registry import game_factions

from agents.evaluation.simulate import play_game
from agents.common import check_setup
from agents.policies import as_player, check_policy, checkpoint_path, forget_model, is_checkpoint_spec, policy_from_spec

_POLICY_CACHE: dict = {}     # (game, spec) -> policy, once per process (checkpoints load once per worker)


def cached_policy(game: str, spec):
    """The policy ``spec`` names for ``game``, resolved once per process. Bad specs raise ValueError."""
    key = (game, spec)
    policy = _POLICY_CACHE.get(key)
    if policy is None:
        policy = _POLICY_CACHE[key] = policy_from_spec(spec, game)
    return policy


def forget_policy(game: str, spec) -> None:
    """Drop a resolved policy (and a checkpoint's loaded model) from this process's caches: the trainer's
    evaluations write a new checkpoint file each time."""
    _POLICY_CACHE.pop((game, spec), None)
    if is_checkpoint_spec(spec):
        forget_model(checkpoint_path(spec))


def full_seats(game: str, seats: dict | None, options: dict | None = None) -> dict:
    """``{faction: spec}`` for every seat of ``game`` (made with ``options``: John Company's seats depend on its
    ``families``) in faction order; unnamed seats play "random"."""
    factions = game_factions(game, options)
    seats = seats or {}
    unknown = sorted(set(seats) - set(factions))
    if unknown:
        raise ValueError(f"unknown faction(s) {unknown} for {game}; factions: {list(factions)}")
    return {f: seats.get(f, "random") for f in factions}


def play_one(job: dict) -> dict:
    """Play one seeded game described by ``job`` (see the module docstring) and return its record."""
    game_name = job["game"]
    options = dict(job.get("options") or {})
    seats = full_seats(game_name, job.get("seats"), options)
    policies = {f: cached_policy(game_name, spec) for f, spec in seats.items()}
    players = job.get("players") or ()
    if players:             # these seats play by the player rules, whatever sits in them (a bot as a player)
        policies = {f: as_player(p) if f in players else p for f, p in policies.items()}
        non_players = [f for f in options.get("non_players") or () if f not in players]
        if non_players or "non_players" in options:       # a game without non-players has no such option
            options["non_players"] = non_players
    t0 = time.perf_counter()
    # play_game declares the bots' seats non-players and seeds each seat's RNG from the game seed.
    game = play_game(game_name, job.get("scenario"), job["seed"], seats, options, policies)
    result = game.state.result or {}
    winner = game.winner()
    return {
        "seed": job["seed"],
        "non_players": sorted(game.options.get("non_players") or ()),
        "seats": {f: spec if isinstance(spec, str) else repr(spec) for f, spec in seats.items()},
        "winner": winner,
        "winners": list(result.get("winners") or [winner]),
        "ranking": list(result.get("ranking") or []),
        "margins": {f: int(m) for f, m in game.victory_margins().items()},
        "reason": result.get("reason"),
        "rule": result.get("rule"),
        "decisions": game.decisions_made(),
        "cards": game.length(),             # John Company: turns
        "seconds": time.perf_counter() - t0,
    }


def check_jobs(jobs) -> None:
    """Check every job here, in this process, before any game runs (and so never as a traceback from inside a
    worker): each (game, scenario, options) builds one game, and each (game, spec) resolves to a callable
    that fits the game (agents/policies/specs.py ``check_policy``: a checkpoint of another game, an import that fails
    or a ``module:attr`` that is not a policy are refused). Bad input raises agents.cli.UsageError, a ValueError."""
    import json
    setups, seen = set(), set()
    for job in jobs:
        game = job["game"]
        setup = (game, job.get("scenario"), json.dumps(job.get("options") or {}, sort_keys=True, default=repr))
        if setup not in setups:
            setups.add(setup)
            check_setup(game, job.get("scenario"), job.get("options"))
        for spec in full_seats(game, job.get("seats"), job.get("options")).values():
            if (game, spec) not in seen:
                seen.add((game, spec))
                if (game, spec) not in _POLICY_CACHE:
                    _POLICY_CACHE[(game, spec)] = check_policy(spec, game)


def _init_worker() -> None:
    # The parent handles Ctrl-C and terminates the pool; workers ignoring SIGINT keeps the terminal
    # free of one KeyboardInterrupt traceback per worker.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if "torch" in sys.modules:      # one game per worker process: intra-op threads only oversubscribe
        sys.modules["torch"].set_num_threads(1)


def _play_indexed(item):
    index, job = item
    return index, play_one(job)


def progress_bar(total: int, desc: str, enabled: bool):
    """A tqdm bar, or a no-op stand-in when disabled (or tqdm is not installed)."""
    if enabled:
        try:
            from tqdm import tqdm
            return tqdm(total=total, desc=desc, unit="game")
        except ImportError:
            pass
    return NoBar()


class NoBar:
    def update(self, n=1):
        pass

    def close(self):
        pass


def resolve_workers(workers: int | None, n_jobs: int) -> int:
    """The number of processes to use: default os.cpu_count(), never more than there are jobs."""
    if workers is None:
        workers = os.cpu_count() or 1
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, not {workers!r}")
    return max(1, min(workers, n_jobs))


def run_games(jobs, workers: int | None = None, progress: bool = True, desc: str = "games",
              check: bool = True) -> list[dict]:
    """Play every job and return the records in job order (identical for any ``workers``).

    ``workers=1`` plays in this process; more uses a "spawn" process pool (safe with torch, which
    does not survive fork well). Ctrl-C terminates the pool and re-raises KeyboardInterrupt.
    The jobs are checked first (:func:`check_jobs`) unless ``check=False`` (the caller just did)."""
    jobs = list(jobs)
    if check:
        check_jobs(jobs)
    workers = resolve_workers(workers, len(jobs))
    bar = progress_bar(len(jobs), desc, progress)
    try:
        if workers == 1:
            return [_played(play_one(job), bar) for job in jobs]
        return _run_pool(jobs, workers, bar)
    finally:
        bar.close()


def _played(record: dict, bar) -> dict:
    bar.update(1)
    return record


def _run_pool(jobs: list, workers: int, bar) -> list[dict]:
    import multiprocessing
    records: list = [None] * len(jobs)
    # Small chunks keep all workers busy to the end (game lengths vary); >1 saves round trips.
    chunksize = max(1, min(16, len(jobs) // (workers * 8)))
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_init_worker)
    try:
        for index, record in pool.imap_unordered(_play_indexed, enumerate(jobs), chunksize=chunksize):
            records[index] = record
            bar.update(1)
        pool.close()
    except BaseException:           # Ctrl-C or a failing game: stop every worker now, then re-raise
        pool.terminate()
        raise
    finally:
        pool.join()
    return records
