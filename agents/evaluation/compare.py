"""A policy against the game's bot in the same seat, on the same seeds, in both seat rules: the strength tables.

    coin-env compare --game gandhi --policy search --games 50 --seed 2000000 --workers 2
    coin-env compare --game john_company --options '{"families": 1}' --policy search --games 50
    coin-env compare --game gandhi --policy pretrained:gandhi --seats raj,revs --seat-rules non_player

For every seat (``--seats``, default all) and every seat-rules setting (``--seat-rules``, default both where the
game can seat non-players: not John Company, nor Vijayanagara, whose Non-Player rules are not public), the policy plays the seat with
``--against`` (default: the game's bot) in the others, and so does the bot itself, on seeds seed..seed+games-1
(agents.evaluation.evaluate plays them: common random numbers, the bot row of the ``player`` setting plays as a
player). Per row: the policy's and the bot's wins with 95 % Wilson intervals, their mean victory margins with
95 % intervals, and the paired margin difference (policy minus bot, game by game on the same seed) with its
95 % interval. The verdict says "above" or "below" only where that interval excludes 0, else "within noise".
A paired difference is far tighter than two win rates: the same seed deals the same cards to both.
``--baseline SPEC`` compares with another policy in the seat than ``--against`` (e.g. the bot in the seat and
pretrained agents in the others: a search whose rollouts model the others with the bot no longer has a
perfect model of them).

``--json`` keeps every game's record; ``--markdown`` writes the table. ``--from-json A.json B.json ...`` plays
nothing and writes the one table of results played apart (by seat, by setting, on other machines; a seat played
again on other seeds is one row over all its games): the docs' strength tables are made so from the results
committed under docs/data/strength/. ``--from-json A.json --baseline-from B.json`` pairs two policies each
compared apart with the same bots on the same seeds (A's policy against B's policy in the seat) without playing
either again: a seeded game depends only on what sits in its seats, so it is the table ``--baseline`` would
play, when both were played by the same code.
"""

from __future__ import annotations

import argparse
import json

import coin_env
from coin_env.core.registry import game_bots, game_factions
from coin_env.core.stats import mean_interval, wilson

from agents.common import UsageError, check_setup, output_file, parse_options, positive_int, released_if_stopped, standalone, write_json_file
from agents.evaluation.evaluate import SEAT_RULES, default_against, evaluate, spec_text
from agents.evaluation.strength import SCENARIO
from agents.policies import check_policy

POLICY, BOT = "policy", "bot"


def seat_rules_of(game: str, asked: str | None, options: dict | None) -> list[str]:
    """The settings to play: the one asked, else both where every seat can be a non-player (the option
    ``non_players`` with all of them: Vijayanagara's Non-Player rules are not public, John Company has none),
    else ``player`` only."""
    if asked is not None:
        return [asked]
    try:
        coin_env.make_game(game, options=dict(options or {}, non_players=list(game_factions(game, options))),
                           seed=0)
    except ValueError:
        return ["player"]
    return list(SEAT_RULES)


def compare(game: str, policy, against=None, games: int = 50, seed: int = 0, seats=None, seat_rules=None,
            scenario=None, options=None, workers: int | None = 1, progress: bool = False, baseline=None) -> dict:
    """Play the policy and the baseline (default: ``against``, the game's bot) in each seat on the same seeds (per
    setting), ``against`` in the other seats, and pair their results."""
    against = default_against(game) if against is None else against
    baseline = against if baseline is None else baseline
    out = {"game": game, "policy": spec_text(policy), "against": spec_text(against), "baseline": spec_text(baseline),
           "games": games, "seed": seed, "options": dict(options or {}), "settings": {}}
    for rules in seat_rules_of(game, seat_rules, options):
        result = evaluate(game, {POLICY: policy, BOT: baseline}, against=against, games=games, seed=seed,
                          scenario=scenario, options=options, workers=workers, baselines=False, seats=seats,
                          seat_rules=rules, progress=progress)
        out["scenario"] = result["scenario"]
        out["settings"][rules] = {"rows": paired_rows(result), "seconds": result["seconds"],
                                  "records": {r["policy"] + ":" + r["seat"]: result["pairings"][r["pairing"]]["records"]
                                              for r in result["rows"] if r["seat"] != "all"}}
    return out


def paired_rows(result: dict) -> list[dict]:
    """Per seat: the policy's and the bot's wins and margins, and the per-seed margin difference."""
    rows = {(r["policy"], r["seat"]): r for r in result["rows"]}
    out = []
    for seat in result["factions"]:
        if (POLICY, seat) not in rows:
            continue
        out.append(paired_row(seat, _by_seed(result, rows[(POLICY, seat)]), _by_seed(result, rows[(BOT, seat)])))
    return out


def paired_row(seat: str, mine: dict, bots: dict) -> dict:
    """The row of one seat from the policy's and the bot's records by seed (the same seeds on both sides)."""
    seeds = sorted(mine)
    diffs = [mine[s]["margins"][seat] - bots[s]["margins"][seat] for s in seeds]
    return {"seat": seat, "games": len(seeds), POLICY: _side(mine, seat), BOT: _side(bots, seat),
            "difference": mean_interval(diffs)}


def _by_seed(result: dict, row: dict) -> dict:
    return {rec["seed"]: rec for rec in result["pairings"][row["pairing"]]["records"]}


def _side(records: dict, seat: str) -> dict:
    wins = sum(seat in rec.get("winners", [rec["winner"]]) for rec in records.values())
    n = len(records)
    return {"wins": wins, "games": n, "ci95": list(wilson(wins, n)),
            "margin": mean_interval([rec["margins"][seat] for rec in records.values()])}


SAME_IN_A_MERGE = ("game", "policy", "against", "baseline", "options", "scenario")


def merge(results: list[dict]) -> dict:
    """One table from results played apart (a long measurement split by seat or setting, or over machines): they
    must share game, policy, against, options and scenario. A seat in a setting of several parts is one row over
    all their games (a close row extended with more seeds), which must be different seeds. ``games`` and ``seed``
    become the lists of the parts'."""
    first = results[0]
    for other in results[1:]:
        for key in SAME_IN_A_MERGE:
            if other.get(key) != first.get(key):
                raise ValueError(f"cannot merge results with different {key}: {first.get(key)!r} and {other.get(key)!r}")
    out = {key: first.get(key) for key in SAME_IN_A_MERGE}
    out.update(games=[r["games"] for r in results], seed=[r["seed"] for r in results], settings={})
    for result in results:
        for rules, setting in result["settings"].items():
            merged = out["settings"].setdefault(rules, {"rows": [], "seconds": 0.0, "records": {}})
            merged["seconds"] += setting["seconds"]
            for row in setting["rows"]:
                _merge_row(merged, rules, row, setting["records"])
    # the order a single run writes: settings as SEAT_RULES lists them, seats in the game's order
    order = list(game_factions(first["game"], first.get("options")))
    out["settings"] = {rules: out["settings"][rules] for rules in SEAT_RULES if rules in out["settings"]}
    for setting in out["settings"].values():
        setting["rows"].sort(key=lambda row: order.index(row["seat"]))
    return out


def _merge_row(merged: dict, rules: str, row: dict, records: dict) -> None:
    """Add one part's row of a seat (and its records) to the merged setting: a new row, or the seat's row so far
    pooled with this one's games (no seed played twice)."""
    seat = row["seat"]
    keys = (f"{POLICY}:{seat}", f"{BOT}:{seat}")
    if all(r["seat"] != seat for r in merged["rows"]):
        merged["rows"].append(row)
        merged["records"].update({key: records[key] for key in keys})
        return
    seen = {rec["seed"] for rec in merged["records"][keys[0]]}
    twice = sorted(seen & {rec["seed"] for rec in records[keys[0]]})
    if twice:
        raise ValueError(f"cannot merge: seat {seat} in the {rules} setting has seed {twice[0]} in two parts")
    for key in keys:
        merged["records"][key] = merged["records"][key] + records[key]
    by_seed = [{rec["seed"]: rec for rec in merged["records"][key]} for key in keys]
    merged["rows"] = [paired_row(seat, *by_seed) if r["seat"] == seat else r for r in merged["rows"]]


def pair_apart(measured: dict, baseline: dict) -> dict:
    """The comparison of two policies each played apart against the same ``against`` on the same seeds: the
    policy side of ``measured`` paired, seed by seed, with the policy side of ``baseline`` as the baseline. A
    seeded game depends only on the policies in its seats, so this is the table ``--baseline`` would have
    played -- provided both were played by the same code (the caller's to check; the result names its parts).
    Every seat and setting of ``measured`` must be in ``baseline`` with its seeds (the baseline's other seeds are
    left out)."""
    for key in ("game", "against", "options", "scenario"):
        if measured.get(key) != baseline.get(key):
            raise ValueError(f"cannot pair results with different {key}: {measured.get(key)!r} and "
                             f"{baseline.get(key)!r}")
    out = {key: measured.get(key) for key in ("game", "policy", "against", "games", "seed", "options", "scenario")}
    out.update(baseline=baseline["policy"], paired_apart={"measured": measured.get("baseline"),
                                                          "baseline": baseline.get("baseline")}, settings={})
    for rules, setting in measured["settings"].items():
        other = baseline["settings"].get(rules, {"rows": [], "records": {}})
        rows, records = [], {}
        for row in setting["rows"]:
            seat = row["seat"]
            mine = {rec["seed"]: rec for rec in setting["records"][f"{POLICY}:{seat}"]}
            theirs = {rec["seed"]: rec for rec in other["records"].get(f"{POLICY}:{seat}", [])}
            missing = sorted(set(mine) - set(theirs))
            if missing:
                raise ValueError(f"cannot pair: seat {seat} in the {rules} setting was not played on the same "
                                 f"seeds in both (seed {missing[0]} and {len(missing) - 1} more missing in the baseline)")
            theirs = {seed: theirs[seed] for seed in mine}
            rows.append(paired_row(seat, mine, theirs))
            records[f"{POLICY}:{seat}"] = list(mine.values())
            records[f"{BOT}:{seat}"] = list(theirs.values())
        out["settings"][rules] = {"rows": rows, "seconds": setting["seconds"] + other.get("seconds", 0.0),
                                  "records": records}
    return out


def verdict(difference: dict) -> str:
    """"above" / "below" only where the paired difference's 95 % interval excludes 0."""
    if difference["lo"] > 0:
        return "above"
    if difference["hi"] < 0:
        return "below"
    return "within noise"


def wins_text(side: dict) -> str:
    """"12/50 (14-37 %)": wins of games with the 95 % Wilson interval."""
    lo, hi = side["ci95"]
    return f"{side['wins']}/{side['games']} ({100 * lo:.0f}-{100 * hi:.0f} %)"


def interval_text(m: dict) -> str:
    """"+1.78 (+0.02, +3.54)": a mean with its 95 % interval."""
    return f"{m['mean']:+.2f} ({m['lo']:+.2f}, {m['hi']:+.2f})"


def markdown(result: dict) -> str:
    """The table: per setting and seat, wins and margins of both with 95 % intervals, the paired difference, and
    the policy's mean seconds a game (wall clock, each game in one process)."""
    wins, interval = wins_text, interval_text

    def seconds(setting, seat):
        records = setting["records"].get(f"{POLICY}:{seat}") or []
        return f"{sum(rec['seconds'] for rec in records) / len(records):.1f}" if records else "-"
    baseline = result.get("baseline") or result["against"]
    lines = [f"| seat rules | seat | {result['policy']} wins | {baseline} wins | {result['policy']} margin "
             f"| {baseline} margin | paired difference | verdict | {result['policy']} s/game |",
             "|---|---|---|---|---|---|---|---|---|"]
    for rules, setting in result["settings"].items():
        for r in setting["rows"]:
            lines.append(f"| {rules} | {r['seat']} | {wins(r[POLICY])} | {wins(r[BOT])} | {interval(r[POLICY]['margin'])} "
                         f"| {interval(r[BOT]['margin'])} | {interval(r['difference'])} | {verdict(r['difference'])} "
                         f"| {seconds(setting, r['seat'])} |")
    return "\n".join(lines)


# --- command line ------------------------------------------------------------------------------------------------

def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="gandhi", choices=coin_env.list_games())
    p.add_argument("--policy", default=None, metavar="SPEC", help="the policy measured, e.g. search (required "
                                                                  "unless --from-json)")
    p.add_argument("--against", default=None, metavar="SPEC", help="the other seats and the comparison "
                                                                    "(default: the game's bot)")
    p.add_argument("--baseline", default=None, metavar="SPEC", help="what the policy is compared with in its seat "
                                                                     "(default: --against)")
    p.add_argument("--seats", default=None, metavar="FACTION,...", help="default: every seat")
    p.add_argument("--seat-rules", default=None, choices=SEAT_RULES,
                   help="default: both where the game has non-player seats, else player")
    p.add_argument("--games", type=positive_int, default=50, help="seeded games per seat, setting and side")
    p.add_argument("--seed", type=int, default=2_000_000)
    p.add_argument("--scenario", default=None)
    p.add_argument("--options", default=None, metavar="JSON", help='game options, e.g. \'{"families": 1}\'')
    p.add_argument("--workers", type=positive_int, default=None, help="processes (default: all CPUs)")
    p.add_argument("--json", default=None, metavar="PATH", help="the result with every game's record")
    p.add_argument("--markdown", default=None, metavar="PATH", help="the table as a Markdown file")
    p.add_argument("--from-json", nargs="+", default=None, metavar="PATH",
                   help="play nothing: one table from these --json results (same game, policies and options)")
    p.add_argument("--baseline-from", nargs="+", default=None, metavar="PATH",
                   help="with --from-json: these results' policy is the baseline (each played against the same "
                        "--against on the same seeds, by the same code)")


def _read_results(paths: list[str], flag: str) -> list[dict]:
    results = []
    for path in paths:
        try:
            with open(path) as f:
                results.append(json.load(f))
        except (OSError, json.JSONDecodeError) as exc:
            raise UsageError(f"{flag} {path}: {exc}") from None
    return results


def _write_outputs(outputs: list, result: dict, table: str) -> None:
    """The result to the claimed ``--json`` file and the table to the ``--markdown`` one (each if asked)."""
    write_json_file(outputs[0], result, indent=1)
    if outputs[1]:
        with open(outputs[1], "w") as f:
            f.write(table + "\n")


def run_from_json(args) -> int:
    """``--from-json``: the table of saved results, merged (the docs' strength tables are made this way); with
    ``--baseline-from``, paired with those results' policy as the baseline (:func:`pair_apart`)."""
    results = _read_results(args.from_json, "--from-json")
    baselines = _read_results(args.baseline_from, "--baseline-from") if args.baseline_from else None
    try:
        result = merge(results)
        if baselines is not None:
            result = pair_apart(result, merge(baselines))
        table = markdown(result)
    except (ValueError, KeyError) as exc:
        raise UsageError(f"{'--baseline-from' if baselines else '--from-json'}: {exc}") from None
    print(table)
    outputs = [output_file(args.json, "--json"), output_file(args.markdown, "--markdown")]
    _write_outputs(outputs, result, table)
    return 0


def run(args) -> int:
    if args.from_json:
        return run_from_json(args)
    if args.baseline_from:
        raise UsageError("--baseline-from goes with --from-json (it plays nothing)")
    if args.policy is None:
        raise UsageError("--policy SPEC is required (the policy measured, e.g. search)")
    options = parse_options(args.options)
    check_setup(args.game, args.scenario or SCENARIO.get(args.game), options)
    check_policy(args.policy, args.game, f"--policy {args.policy}")
    against = args.against or next(iter(game_bots(args.game)), "random")
    check_policy(against, args.game, f"--against {against}")
    baseline = args.baseline or against
    check_policy(baseline, args.game, f"--baseline {baseline}")
    seats = args.seats.split(",") if args.seats else None
    factions = game_factions(args.game, options)
    unknown = sorted(set(seats or ()) - set(factions))
    if unknown:
        raise UsageError(f"--seats: {', '.join(unknown)} is not a seat of {args.game} ({', '.join(factions)})")
    outputs = [output_file(args.json, "--json"), output_file(args.markdown, "--markdown")]
    with released_if_stopped(*outputs):
        result = compare(args.game, args.policy, against, args.games, args.seed, seats, args.seat_rules,
                         args.scenario, options, args.workers, progress=True, baseline=baseline)
    table = markdown(result)
    print(f"{args.game}: {args.policy} vs {baseline} in the same seat, {against} in the others, {args.games} games "
          f"from seed {args.seed}")
    print(table)
    _write_outputs(outputs, result, table)
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
