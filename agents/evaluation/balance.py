"""Balance study: many seeded games with chosen policies in every seat; how often and how each faction wins.

    coin-env balance gandhi --games 1000 --workers 2                  # the game's bot in every seat
    coin-env balance gandhi --seat raj=random --policy arjuna --games 500 --out balance/raj-random
    coin-env balance a_distant_plain --seat taliban=runs/x/final.zip --no-plots

Seats: ``--seat FACTION=SPEC`` (repeatable; ``--seat all=SPEC``: every seat not named otherwise); unnamed seats play ``--policy`` (default: the game's bot,
random where a game has none). SPEC: "random", a bot of the game, "checkpoint:PATH" or a path ending
in .zip, "pretrained:GAME" (a shipped agent), "module:attr". Games are seeded seed .. seed+games-1 and replay exactly for any ``--workers``.

Written to ``--out`` (default balance/<game>). A folder that already holds a run (summary.json or games.csv)
is never written into: the run goes to the first free ``<out>-2``, ``<out>-3``, ... (said on stderr); the
folder is claimed before the first game (summary.json says {"status": "running"} until the run ends).
* games.csv: one row per game (seed, winner, reason, rule, decisions, cards, margin_<faction>...);
* summary.json: everything printed, as data;
* win_rates.png (95 % Wilson intervals as error bars), margins.png (margin histogram per faction),
  game_length.png (cards played), wins_by_reason.png (stacked bars) unless ``--no-plots``.

Printed: per faction its wins, win rate with 95 % CI, wins by reason (how the game ended when it won:
"victory check", "final Campaign", ...), victory margin mean/median/p10/p90 (margin = victory total
minus threshold), then game length (decisions, cards) mean and median. A game's winner is
``result["winner"]`` (the top-ranked faction), so the wins add up to the games.

Python API::

    from agents.evaluation.balance import balance, format_table, write_outputs
    result = balance("gandhi", seats={"raj": "random"}, games=200, workers=2)
    print(format_table(result)); write_outputs(result, "balance/gandhi")

Two studies of one game side by side (e.g. every seat searching next to the bots), paired seed by seed, and a
long study played in seed ranges merged into one::

    from agents.evaluation.balance import balance_shift, format_shift, merge_results, read_outputs
    search = merge_results([read_outputs("balance/gandhi-search-0"), read_outputs("balance/gandhi-search-10")])
    print(format_shift(balance_shift(read_outputs("balance/gandhi"), search)))
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time

import numpy as np

import coin_env
from coin_env.core.registry import game_factions
from coin_env.core.stats import mean_interval

from agents.evaluation.evaluate import default_against, positive_int, spec_text
from agents.evaluation.simulate import parse_seats
from agents.policies import check_policy
from agents.common import check_setup, output_dir, parse_options, release, standalone, user_errors
from agents.evaluation.compare import interval_text, wins_text
from agents.evaluation.strength import SCENARIO, wilson
from agents.evaluation.tournament import check_jobs, run_games


def balance_seats(game: str, seats: dict | None, policy, options: dict | None = None) -> dict:
    """``{faction: spec}`` for every seat of the set-up (John Company: its ``families``): the named ones, the
    rest ``policy`` (default: the game's bot)."""
    factions = game_factions(game, options)
    seats = dict(seats or {})
    unknown = sorted(set(seats) - set(factions))
    if unknown:
        raise ValueError(f"--seat names unknown faction(s) {unknown} for {game}; factions: {list(factions)}")
    policy = default_against(game) if policy is None else policy
    return {f: seats.get(f, policy) for f in factions}


def distribution(values) -> dict:
    """Mean, median, 10th and 90th percentile (linear interpolation) of a list of numbers."""
    a = np.asarray(list(values), dtype=float)
    if a.size == 0:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0}
    return {"mean": float(a.mean()), "median": float(np.median(a)),
            "p10": float(np.percentile(a, 10)), "p90": float(np.percentile(a, 90))}


def reasons_by_frequency(records) -> list[str]:
    counts: dict[str, int] = {}
    for r in records:
        counts[str(r["reason"])] = counts.get(str(r["reason"]), 0) + 1
    return sorted(counts, key=lambda reason: (-counts[reason], reason))


def faction_summary(faction: str, records: list[dict], reasons: list[str]) -> dict:
    won = [r for r in records if r["winner"] == faction]
    lo, hi = wilson(len(won), len(records))
    return {"wins": len(won), "win_rate": len(won) / len(records), "ci95": [lo, hi],
            "wins_by_reason": {reason: sum(str(r["reason"]) == reason for r in won) for reason in reasons},
            "margin": distribution(r["margins"][faction] for r in records)}


def summarize(records: list[dict], factions) -> dict:
    """Per-faction wins and margins, end reasons and game lengths of a list of game records."""
    reasons = reasons_by_frequency(records)
    return {"summary": {f: faction_summary(f, records, reasons) for f in factions},
            "reasons": {reason: sum(str(r["reason"]) == reason for r in records) for reason in reasons},
            "length": {"decisions": distribution(r["decisions"] for r in records),
                       "cards": distribution(r["cards"] for r in records)}}


def balance(game: str, seats: dict | None = None, policy=None, games: int = 1000, seed: int = 0,
            scenario=None, options=None, workers: int | None = None, progress: bool = True) -> dict:
    """Play ``games`` seeded games (seeds seed..seed+games-1) and summarize them.
    ``scenario=None`` is the game's benchmark scenario ("short"). Bad input (game, scenario, options,
    factions, a policy spec that does not resolve here) raises ValueError before any game is played."""
    return run_balance(prepare_balance(game, seats, policy, games, seed, scenario, options),
                       workers=workers, progress=progress)


def prepare_balance(game: str, seats: dict | None = None, policy=None, games: int = 1000, seed: int = 0,
                    scenario=None, options=None) -> dict:
    """Check the input and list the games (nothing is played). Raises ValueError on bad input."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    factions = list(game_factions(game, options))
    seat_specs = balance_seats(game, seats, policy, options)
    scenario = scenario or SCENARIO.get(game)
    jobs = [{"game": game, "scenario": scenario, "options": dict(options or {}), "seed": seed + i,
             "seats": seat_specs} for i in range(games)]
    check_jobs(jobs)
    return {"game": game, "scenario": scenario, "games": games, "seed": seed, "seats": seat_specs,
            "factions": factions, "options": dict(options or {}), "jobs": jobs}


def run_balance(prepared: dict, workers: int | None = None, progress: bool = True) -> dict:
    """Play the games of :func:`prepare_balance` and summarize them."""
    t0 = time.perf_counter()
    records = run_games(prepared["jobs"], workers=workers, progress=progress, desc=f"balance {prepared['game']}",
                        check=False)
    factions = prepared["factions"]
    return {"game": prepared["game"], "scenario": prepared["scenario"], "games": prepared["games"],
            "seed": prepared["seed"], "seats": {f: spec_text(s) for f, s in prepared["seats"].items()},
            "factions": factions, "options": prepared["options"], **summarize(records, factions),
            "seconds": time.perf_counter() - t0, "records": records}


# --- output ----------------------------------------------------------------------------------------------

def format_table(result: dict) -> str:
    reasons = list(result["reasons"])
    seats = ", ".join(f"{f}={s}" for f, s in result["seats"].items())
    lines = [f"{result['game']} ({result['scenario']}): {result['games']} seeded games from seed "
             f"{result['seed']}; {seats}",
             "| faction | wins | win rate | 95% CI | " + " | ".join(f"wins by {r}" for r in reasons)
             + " | margin mean | median | p10 | p90 |",
             "|---" * (8 + len(reasons)) + "|"]
    for f in result["factions"]:
        s = result["summary"][f]
        m = s["margin"]
        by_reason = " | ".join(str(s["wins_by_reason"][r]) for r in reasons)
        lines.append(f"| {f} | {s['wins']} | {100 * s['win_rate']:.1f}% | {100 * s['ci95'][0]:.1f}-"
                     f"{100 * s['ci95'][1]:.1f}% | {by_reason} | {m['mean']:+.2f} | {m['median']:+.1f} | "
                     f"{m['p10']:+.1f} | {m['p90']:+.1f} |")
    d, c = result["length"]["decisions"], result["length"]["cards"]
    lines.append(f"game length: decisions mean {d['mean']:.0f}, median {d['median']:.0f}; "
                 f"cards mean {c['mean']:.1f}, median {c['median']:.0f}")
    return "\n".join(lines)


def write_games_csv(result: dict, path: str) -> None:
    fields = ["seed", "winner", "reason", "rule", "decisions", "cards"] + [f"margin_{f}" for f in
                                                                           _faction_order(result)]
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(fields)
        for r in result["records"]:
            writer.writerow([r["seed"], r["winner"], r["reason"], r["rule"], r["decisions"], r["cards"]]
                            + [r["margins"][fac] for fac in _faction_order(result)])


def _faction_order(result: dict) -> list[str]:
    return list(result["factions"])


def write_summary(result: dict, path: str) -> None:
    summary = {k: v for k, v in result.items() if k != "records"}    # the games are in games.csv
    with open(path, "w") as f:
        json.dump(summary, f, indent=1)


def write_outputs(result: dict, out_dir: str, plots: bool = True) -> list[str]:
    """games.csv, summary.json and (with ``plots``) the PNG plots in ``out_dir``; returns their paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = [os.path.join(out_dir, "games.csv"), os.path.join(out_dir, "summary.json")]
    write_games_csv(result, paths[0])
    write_summary(result, paths[1])
    if plots:
        paths += write_plots(result, out_dir)
    return paths


def write_plots(result: dict, out_dir: str) -> list[str]:
    """The four PNG plots. Drawn on bare matplotlib Figures, not pyplot: no display is needed, and the
    backend of a notebook or an interactive session is left alone."""
    plt = _FigureMaker
    title = f"{result['game']} ({result['scenario']}), {result['games']} games"
    paths = []
    for name, draw in [("win_rates.png", _plot_win_rates), ("margins.png", _plot_margins),
                       ("game_length.png", _plot_length), ("wins_by_reason.png", _plot_reasons)]:
        fig = draw(plt, result)
        fig.suptitle(title)
        fig.tight_layout()
        path = os.path.join(out_dir, name)
        fig.savefig(path, dpi=100)
        paths.append(path)
    return paths


class _FigureMaker:
    """``subplots`` like pyplot's, on a bare Figure (garbage-collected, never shown)."""

    @staticmethod
    def subplots(nrows=1, ncols=1, figsize=None, **kwargs):
        from matplotlib.figure import Figure
        fig = Figure(figsize=figsize)
        return fig, fig.subplots(nrows, ncols, **kwargs)


def _plot_win_rates(plt, result):
    factions = _faction_order(result)
    s = result["summary"]
    rates = [s[f]["win_rate"] for f in factions]
    errors = [[r - s[f]["ci95"][0] for f, r in zip(factions, rates)],
              [s[f]["ci95"][1] - r for f, r in zip(factions, rates)]]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.bar(factions, rates, yerr=errors, capsize=6, color="tab:blue")
    ax.axhline(1 / len(factions), color="grey", linestyle="--", label="even share")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.legend()
    return fig


def _plot_margins(plt, result):
    factions = _faction_order(result)
    fig, axes = plt.subplots(len(factions), 1, figsize=(6, 1.8 * len(factions)), sharex=True, squeeze=False)
    for ax, f in zip(axes[:, 0], factions):
        margins = [r["margins"][f] for r in result["records"]]
        lo, hi = min(margins), max(margins)
        ax.hist(margins, bins=np.arange(lo, hi + 2) - 0.5, color="tab:green")   # one bin per margin value
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_ylabel(f)
    axes[-1, 0].set_xlabel("victory margin (total minus threshold)")
    return fig


def _plot_length(plt, result):
    cards = [r["cards"] for r in result["records"]]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist(cards, bins=np.arange(min(cards), max(cards) + 2) - 0.5, color="tab:orange")
    ax.set_xlabel("cards played")
    ax.set_ylabel("games")
    return fig


def _plot_reasons(plt, result):
    factions = _faction_order(result)
    fig, ax = plt.subplots(figsize=(6, 4))
    bottom = np.zeros(len(factions))
    for reason in result["reasons"]:
        counts = np.array([result["summary"][f]["wins_by_reason"][reason] for f in factions], dtype=float)
        ax.bar(factions, counts, bottom=bottom, label=reason)
        bottom += counts
    ax.set_ylabel("wins")
    ax.legend(title="game ended by", fontsize="small")
    return fig


# --- two studies of one game side by side ----------------------------------------------------------------

def read_outputs(folder) -> dict:
    """A balance result as :func:`balance` returns it, read back from the folder :func:`write_outputs` wrote
    (summary.json and the per-game records of games.csv)."""
    folder = os.fspath(folder)
    with open(os.path.join(folder, "summary.json")) as f:
        result = json.load(f)
    with open(os.path.join(folder, "games.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    result["records"] = [{"seed": int(r["seed"]), "winner": r["winner"], "reason": r["reason"], "rule": r["rule"],
                          "decisions": int(r["decisions"]), "cards": int(r["cards"]),
                          "margins": {k[len("margin_"):]: float(v) for k, v in r.items() if k.startswith("margin_")}}
                         for r in rows]
    return result


SAME_IN_A_MERGE = ("game", "scenario", "options", "factions", "seats")


def merge_results(results: list[dict]) -> dict:
    """One study from studies played apart (a long study split into seed ranges, or over machines): same game,
    scenario, options and seats, no seed twice. The summary is made again from the games; ``seconds`` is the
    parts' sum. Raises ValueError otherwise."""
    first = results[0]
    for other in results[1:]:
        for key in SAME_IN_A_MERGE:
            if other.get(key) != first.get(key):
                raise ValueError(f"cannot merge balance studies with different {key}: "
                                 f"{first.get(key)!r} and {other.get(key)!r}")
    records = sorted((r for result in results for r in result["records"]), key=lambda r: r["seed"])
    twice = sorted({a["seed"] for a, b in zip(records, records[1:]) if a["seed"] == b["seed"]})
    if twice:
        raise ValueError(f"cannot merge balance studies that both played seed(s) {twice}")
    return {**{key: first[key] for key in SAME_IN_A_MERGE}, "games": len(records), "seed": records[0]["seed"],
            **summarize(records, first["factions"]), "seconds": sum(r["seconds"] for r in results),
            "records": records}


SAME_IN_A_SHIFT = ("game", "scenario", "factions")


def played_options(result: dict) -> dict:
    """The options a study's games were played with, the game's defaults filled in (so that John Company's ``{}``
    and ``{"families": 4}`` are the same game)."""
    return dict(coin_env.make_game(result["game"], scenario=result["scenario"], options=result["options"]).options)


def balance_shift(base: dict, other: dict) -> dict:
    """How each faction fares in ``other`` (e.g. every seat searching) next to ``base`` (e.g. the bots in every
    seat), paired seed by seed on the seeds both studies played: wins with 95 % Wilson intervals on those seeds
    in both, ``base``'s over all its games, mean margins with 95 % t intervals and the per-seed margin
    difference (other minus base). The studies must be of the same game, scenario, factions and options (as
played: defaults filled in).
    Raises ValueError otherwise or when they share no seed."""
    for key in SAME_IN_A_SHIFT:
        if base.get(key) != other.get(key):
            raise ValueError(f"cannot set balance studies side by side: different {key}: "
                             f"{base.get(key)!r} and {other.get(key)!r}")
    if played_options(base) != played_options(other):
        raise ValueError(f"cannot set balance studies side by side: different options: "
                         f"{played_options(base)!r} and {played_options(other)!r}")
    in_other = {r["seed"]: r for r in other["records"]}
    in_base = {r["seed"]: r for r in base["records"]}
    seeds = sorted(set(in_other) & set(in_base))
    if not seeds:
        raise ValueError("cannot set balance studies side by side: they share no seed")

    def side(records: list[dict], faction: str) -> dict:
        wins = sum(r["winner"] == faction for r in records)
        return {"wins": wins, "games": len(records), "ci95": list(wilson(wins, len(records))),
                "margin": mean_interval([r["margins"][faction] for r in records])}

    factions = {}
    for f in base["factions"]:
        factions[f] = {"base_all": side(base["records"], f), "base": side([in_base[s] for s in seeds], f),
                       "other": side([in_other[s] for s in seeds], f),
                       "shift": mean_interval([in_other[s]["margins"][f] - in_base[s]["margins"][f] for s in seeds])}
    return {"game": base["game"], "scenario": base["scenario"], "options": base["options"], "seeds": seeds,
            "base_seats": base["seats"], "other_seats": other["seats"],
            "other_seconds_per_game": other["seconds"] / other["games"], "factions": factions}


def seed_range(seeds: list[int]) -> str:
    """"0-29" for consecutive seeds, else the count."""
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]:,}-{seeds[-1]:,}" if len(seeds) > 1 else f"{seeds[0]:,}"
    return f"{len(seeds)} seeds"


def shift_word(m: dict) -> str:
    """"up" / "down" only where the paired interval excludes 0."""
    return "up" if m["lo"] > 0 else "down" if m["hi"] < 0 else "within noise"


def format_shift(shift: dict, base_name: str = "bots", other_name: str = "search") -> str:
    """The Markdown table of :func:`balance_shift`: a row per faction."""
    seeds = seed_range(shift["seeds"])
    n_all = next(iter(shift["factions"].values()))["base_all"]["games"]
    lines = [f"| faction | {base_name}, all {n_all:,} games | {base_name}, seeds {seeds} | {other_name}, seeds {seeds} "
             f"| {base_name} margin | {other_name} margin | margin shift (paired) | verdict |",
             "|---|---|---|---|---|---|---|---|"]
    for f, row in shift["factions"].items():
        lines.append(f"| {f} | {wins_text(row['base_all'])} | {wins_text(row['base'])} | {wins_text(row['other'])} "
                     f"| {interval_text(row['base']['margin'])} | {interval_text(row['other']['margin'])} "
                     f"| {interval_text(row['shift'])} | {shift_word(row['shift'])} |")
    return "\n".join(lines)


def plot_shifts(shifts: list[dict], path: str, base_name: str = "bots", other_name: str = "every seat searching",
                columns: int = 2) -> str:
    """One panel per :func:`balance_shift`: each faction's win rate in both studies on their shared seeds (95 %
    Wilson intervals as error bars), and the base study's over all its games (a black diamond). Returns ``path``."""
    rows = -(-len(shifts) // columns)
    fig, axes = _FigureMaker.subplots(rows, columns, figsize=(5 * columns, 3.6 * rows), squeeze=False)
    for ax in axes.flat[len(shifts):]:
        ax.set_visible(False)
    for ax, shift in zip(axes.flat, shifts):
        factions = list(shift["factions"])
        x = np.arange(len(factions))
        for offset, key, name, colour in [(-0.2, "base", base_name, "tab:blue"),
                                          (0.2, "other", other_name, "tab:red")]:
            sides = [shift["factions"][f][key] for f in factions]
            rates = np.array([s["wins"] / s["games"] for s in sides])
            errors = [rates - [s["ci95"][0] for s in sides], [s["ci95"][1] for s in sides] - rates]
            ax.bar(x + offset, rates, width=0.4, yerr=errors, capsize=4, color=colour, label=name)
        every = [shift["factions"][f]["base_all"] for f in factions]      # the base study over all its games
        ax.scatter(x - 0.2, [s["wins"] / s["games"] for s in every], marker="D", s=18, color="black", zorder=3,
                   label=f"{base_name}, all {every[0]['games']:,} games")
        ax.set_xticks(x, factions, fontsize="small")
        ax.set_ylim(0, 1)
        ax.set_title(f"{shift['game']}, seeds {seed_range(shift['seeds'])}", fontsize="medium")
        ax.set_ylabel("win rate (95% CI)")
    axes[0, 0].legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return path


# --- command line ------------------------------------------------------------------------------------------

def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=coin_env.list_games())
    p.add_argument("--seat", action="append", default=[], metavar="FACTION=SPEC",
                   help="policy of one seat (repeatable), e.g. --seat raj=random; all=SPEC: every seat not named")
    p.add_argument("--policy", default=None, metavar="SPEC",
                   help="policy of the seats --seat does not name (default: the game's bot)")
    p.add_argument("--games", type=positive_int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario", default=None, help="the scenario (default: the game's default)")
    p.add_argument("--options", default=None, metavar="JSON",
                   help='game options as a JSON object, e.g. \'{"families": 5}\' for John Company')
    p.add_argument("--workers", type=positive_int, default=None, help="processes (default: all CPUs)")
    p.add_argument("--out", default=None, metavar="DIR", help="output directory (default: balance/<game>)")
    p.add_argument("--no-plots", dest="plots", action="store_false", help="skip the PNG plots")


RESULT_FILES = ("summary.json", "games.csv")      # a folder holding either holds an earlier balance run


def every_seat(seats: dict, factions) -> dict:
    """``--seat all=SPEC`` gives SPEC to every seat the other ``--seat`` options do not name."""
    if "all" not in seats:
        return seats
    spec = seats["all"]
    return {f: seats.get(f, spec) for f in factions}


def check_arguments(args) -> dict:
    """The command line's input, checked before any game (every spec resolved here, named by its option)
    and the output folder claimed. Raises UsageError."""
    with user_errors(errors=(ValueError,)):
        seats = parse_seats(args.seat)
    options = parse_options(args.options)
    check_setup(args.game, args.scenario, options)
    seats = every_seat(seats, game_factions(args.game, options))
    for faction, spec in seats.items():
        check_policy(spec, args.game, f"--seat {faction}={spec}")
    if args.policy is not None:
        check_policy(args.policy, args.game, f"--policy {args.policy}")
    with user_errors(errors=(ValueError,)):
        prepared = prepare_balance(args.game, seats, policy=args.policy, games=args.games, seed=args.seed,
                                   scenario=args.scenario, options=options)
    prepared["out"] = output_dir(args.out or os.path.join("balance", args.game), "--out", claim="summary.json",
                                 others=RESULT_FILES)
    return prepared


def run(args) -> int:
    prepared = check_arguments(args)
    try:
        result = run_balance(prepared, workers=args.workers, progress=sys.stderr.isatty())
    except BaseException as exc:
        release(prepared["out"], "summary.json")
        if isinstance(exc, KeyboardInterrupt):
            print(f"\ncoin-env balance: interrupted; nothing written to {prepared['out']}", file=sys.stderr)
            return 130
        raise
    print(format_table(result))
    paths = write_outputs(result, prepared["out"], plots=args.plots)
    print("wrote " + ", ".join(paths))
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
