"""Evaluate policies (trained checkpoints, bots, random) in every seat: win rates with 95 % CIs.

    coin-env evaluate --game gandhi --policy ppo=runs/x/final.zip --games 200 --workers 2
    coin-env evaluate --game gandhi --policy random --against arjuna --games 50 --csv eval.csv
    coin-env evaluate --game gandhi --lineup raj=ppo.zip,congress=arjuna,ml=random,revs=arjuna --rotate

Each ``--policy [NAME=]SPEC`` (SPEC: "random", a bot of the game, "checkpoint:PATH" or a path ending in
.zip, "pretrained:GAME" (a shipped agent), "module:attr") plays each seat in turn (seat rotation) with the ``--against`` policy (default: the
game's bot, e.g. Gandhi's arjuna; random where a game has none) in the other seats. ``--lineup`` plays a
fixed assignment of specs to seats (unnamed seats: ``--against``); ``--rotate`` also plays every cyclic
rotation of it over the seats. Baselines (on unless ``--no-baselines``): the same rows for "random" and
for the ``--against`` policy itself, so a trained agent's win rate sits next to random play's and the
bots' own. Every pairing plays the same seeds (seed .. seed+games-1: common random numbers), and a seat
assignment shared by several rows (the all-bot games of the baseline) is played once.

``--seat-rules player|non_player`` (default ``player``) is the setting of every row, the baselines' included:
``player``: the seat a row reads plays by the player rules whatever sits in it (the bot of the bot row too,
agents.policies.BotAsPlayer), the other seats' bots are non-players (with three bots, Gandhi's 8.10 solitaire
rules apply to the seat); ``non_player``: every seat is in ``options.non_players`` (plain 7.2 victory; the
setting the bots are built for). Policy, random and bot rows of a seat play the same options and seeds, and the
table's first line names the setting.

Printed: a markdown table (policy | seat | games | wins | win rate | 95 % Wilson CI | mean margin | mean
decisions | mean cards; seat "all" pools a policy's seats), then one JSON line per pairing with the mean
margin of every faction. ``--csv`` writes one row per pairing; ``--json`` the full result with every
game's record. A game's winner is ``result["winner"]`` (the top-ranked faction), so wins add up to games.

Python API (the train command's periodic evaluation uses it)::

    from agents.evaluation.evaluate import evaluate, format_table
    result = evaluate("gandhi", {"ppo": "runs/x/final.zip"}, games=50, seed=0, workers=2)
    print(format_table(result))
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import time

import coin_env
from coin_env.core.registry import game_bots, game_factions

from agents.policies import rules_options
from agents.policies import check_policy
from agents.common import check_setup, output_file, parse_options, positive_int, released_if_stopped, standalone, user_errors
from agents.evaluation.strength import SCENARIO, wilson
from agents.evaluation.tournament import check_jobs, run_games

SEAT_RULES = ("player", "non_player")
SEAT_RULES_TEXT = {"player": "the seat of a row plays by the player rules, bots included; the other bots are "
                             "non-players",
                   "non_player": "every seat is a non-player (options.non_players), the bots' own setting"}
NAME_PATTERN = re.compile(r"^[A-Za-z_][\w.-]*$")   # NAME of NAME=SPEC: no "/" or ":" (those belong to specs)


def default_against(game: str) -> str:
    """The game's first published bot, else "random"."""
    return next(iter(game_bots(game)), "random")


def spec_text(spec) -> str:
    """A spec as plain text (specs given from Python may be callables)."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


# --- planning: which seat assignments to play and which table rows read them -------------------------

class Plan:
    """Unique seat assignments (pairings) and the rows that read one seat of one pairing."""

    def __init__(self, factions):
        self.factions = list(factions)
        self.pairings: list[dict] = []
        self.rows: list[dict] = []
        self._index: dict = {}

    def pairing(self, seats: dict, names: dict, players=()) -> int:
        """Index of the pairing with these seat specs (and these seats forced to play as players); the same
        assignment is played only once."""
        key = tuple((f, spec_text(seats[f])) for f in self.factions) + (tuple(sorted(players)),)
        if key not in self._index:
            self._index[key] = len(self.pairings)
            self.pairings.append({"seats": {f: seats[f] for f in self.factions}, "players": sorted(players),
                                  "names": {f: names.get(spec_text(seats[f]), spec_text(seats[f]))
                                            for f in self.factions}})
        return self._index[key]

    def add_row(self, policy: str, spec, seat: str, pairing: int, kind: str, group: str) -> None:
        self.rows.append({"policy": policy, "spec": spec_text(spec), "seat": seat, "pairing": pairing,
                          "kind": kind, "group": group})


def plan_rotations(plan: Plan, entries, against, names: dict, seats=None, seat_rules: str = "player") -> None:
    """Each (name, spec, kind) entry in every seat (or only ``seats``), ``against`` in the others. With
    ``seat_rules="player"`` the rotated seat plays by the player rules whatever sits in it (a bot there plays
    as a player, agents.policies.BotAsPlayer); with ``"non_player"`` every seat is a non-player."""
    for name, spec, kind in entries:
        for seat in seats or plan.factions:
            assignment = {f: spec if f == seat else against for f in plan.factions}
            players = [seat] if seat_rules == "player" else []
            plan.add_row(name, spec, seat, plan.pairing(assignment, names, players), kind, group=name)


def plan_lineup(plan: Plan, lineup: dict, rotate: bool, names: dict) -> None:
    """A fixed assignment (and with ``rotate`` its cyclic rotations: rotation k moves every spec k seats on)."""
    n = len(plan.factions)
    played = set()
    for k in range(n if rotate else 1):
        seats = {plan.factions[(i + k) % n]: lineup[plan.factions[i]] for i in range(n)}
        pairing = plan.pairing(seats, names)
        if pairing in played:       # a lineup repeating specs comes back to an assignment already listed
            continue
        played.add(pairing)
        for seat in plan.factions:
            name = names.get(spec_text(seats[seat]), spec_text(seats[seat]))
            label = f"{name} [lineup {k}]" if rotate else f"{name} [lineup]"
            plan.add_row(label, seats[seat], seat, pairing, "lineup", group=f"{name} [lineup]")


def evaluation_entries(policies: dict, against, baselines: bool) -> list[tuple]:
    """(name, spec, kind) of every policy to rotate over the seats, baselines last."""
    entries = [(name, spec, "policy") for name, spec in policies.items()]
    if baselines:
        given = {spec_text(spec) for _, spec, _ in entries}
        for spec in dict.fromkeys(["random", against]):
            if spec_text(spec) not in given:
                entries.append((spec_text(spec), spec, "baseline"))
    return entries


def full_lineup(game: str, lineup: dict, against, options: dict | None = None) -> dict:
    factions = game_factions(game, options)
    unknown = sorted(set(lineup) - set(factions))
    if unknown:
        raise ValueError(f"lineup names unknown faction(s) {unknown} for {game}; factions: {list(factions)}")
    return {f: lineup.get(f, against) for f in factions}


# --- statistics ------------------------------------------------------------------------------------------

def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def pairing_stats(pairing: dict, records: list[dict], factions) -> None:
    """Fill in a pairing's totals from its games' records."""
    pairing["label"] = ", ".join(f"{f}={pairing['names'][f]}" for f in factions) + (
        f" ({', '.join(pairing['players'])} as a player)" if pairing.get("players") else "")
    pairing["seats"] = {f: spec_text(s) for f, s in pairing["seats"].items()}
    pairing["games"] = len(records)
    pairing["wins"] = {f: sum(r["winner"] == f for r in records) for f in factions}
    pairing["mean_margins"] = {f: mean(r["margins"][f] for r in records) for f in factions}
    pairing["mean_decisions"] = mean(r["decisions"] for r in records)
    pairing["mean_cards"] = mean(r["cards"] for r in records)
    pairing["records"] = records


def seat_stats(games: list[tuple[str, dict]]) -> dict:
    """Win rate (with 95 % Wilson CI), mean margin and game length of a seat over (seat, record) pairs."""
    n = len(games)
    wins = sum(r["winner"] == seat for seat, r in games)
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "win_rate": wins / n if n else 0.0, "ci95": [lo, hi],
            "mean_margin": mean(r["margins"][seat] for seat, r in games),
            "mean_decisions": mean(r["decisions"] for _, r in games),
            "mean_cards": mean(r["cards"] for _, r in games)}


def finish_rows(plan: Plan) -> list[dict]:
    """Per-seat rows with their statistics, each group followed by its pooled "all" row when its
    rows read different pairings."""
    out = []
    by_group: dict[str, list[dict]] = {}
    for row in plan.rows:
        by_group.setdefault(row["group"], []).append(row)
    for group, rows in by_group.items():
        pooled = []
        for row in rows:
            games = [(row["seat"], r) for r in plan.pairings[row["pairing"]]["records"]]
            pooled += games
            out.append({**row, **seat_stats(games)})
        if len(rows) > 1 and len({row["pairing"] for row in rows}) == len(rows):
            # Pool only distinct games: seats of one game (the all-bot baseline) would count it twice.
            first = rows[0]
            out.append({"policy": group, "spec": first["spec"], "seat": "all", "pairing": None,
                        "kind": first["kind"], "group": group, **seat_stats(pooled)})
    return out


# --- the evaluation ----------------------------------------------------------------------------------------

def evaluate(game: str, policies: dict, against=None, games: int = 100, seed: int = 0, scenario=None,
             options=None, workers: int | None = 1, baselines: bool = True, progress: bool = False,
             lineup: dict | None = None, rotate: bool = False, seats=None, seat_rules: str = "player") -> dict:
    """Play every pairing ``games`` times (seeds seed..seed+games-1) and return rows and pairings.

    ``seat_rules`` is the setting every row is played in, policy and baseline rows alike: ``"player"``
    (default: the seat a row reads plays by the player rules -- a bot there too, as agents.policies.BotAsPlayer
    -- and the other seats' bots are non-players: the setting a learner trained with ``seat_rules: player``
    plays) or ``"non_player"`` (every seat is in ``options.non_players``: four non-players, the bots' own
    setting). Lineup rows: ``"player"`` leaves the bots' seats non-players and the others players.

    ``policies``: ``{name: spec}``, each rotated over every seat against ``against`` (default: the
    game's bot); ``seats`` limits the rotation to those seats (a learner trained for one seat).
    ``lineup``: ``{faction: spec}`` played as given (``rotate``: and every cyclic rotation).
    ``scenario=None`` is the game's benchmark scenario ("short"). Bad input (game, scenario, options,
    factions, a policy spec that does not resolve here or a checkpoint of another game) raises ValueError
    before any game is played."""
    return run_evaluation(prepare_evaluation(game, policies, against, games, seed, scenario, options, baselines,
                                             lineup, rotate, seats, seat_rules), workers=workers, progress=progress)


def prepare_evaluation(game: str, policies: dict, against=None, games: int = 100, seed: int = 0, scenario=None,
                       options=None, baselines: bool = True, lineup: dict | None = None, rotate: bool = False,
                       seats=None, seat_rules: str = "player") -> dict:
    """Check the input and plan the games (nothing is played): every spec is resolved in this process
    (agents/evaluation/tournament.py ``check_jobs``). Raises ValueError on bad input."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, not {games!r}")
    factions = list(game_factions(game, options))      # the seats of this set-up (John Company: families)
    against = default_against(game) if against is None else against
    scenario = scenario or SCENARIO.get(game)
    policies = dict(policies or {})
    # Display names of specs (the first --policy NAME for a spec), for lineup rows and pairing labels.
    names = {spec_text(spec): name for name, spec in reversed(list(policies.items()))}
    plan = Plan(factions)
    unknown = sorted(set(seats or ()) - set(factions))
    if unknown:
        raise ValueError(f"seats name unknown faction(s) {unknown} for {game}; factions: {factions}")
    if seat_rules not in SEAT_RULES:
        raise ValueError(f"seat_rules must be one of {', '.join(SEAT_RULES)}, not {seat_rules!r}")
    plan_rotations(plan, evaluation_entries(policies, against, baselines), against, names, seats, seat_rules)
    if lineup:
        plan_lineup(plan, full_lineup(game, lineup, against, options), rotate, names)
    if not plan.rows:
        raise ValueError("nothing to evaluate: give policies, a lineup or baselines=True")
    game_options = rules_options(dict(options or {}), factions, seat_rules)
    jobs = [{"game": game, "scenario": scenario, "options": dict(game_options), "seed": seed + i,
             "seats": p["seats"], "players": list(p["players"])} for p in plan.pairings for i in range(games)]
    check_jobs(jobs)
    return {"game": game, "scenario": scenario, "games": games, "seed": seed, "against": against,
            "factions": factions, "options": dict(options or {}), "seat_rules": seat_rules, "plan": plan,
            "jobs": jobs}


def run_evaluation(prepared: dict, workers: int | None = 1, progress: bool = False) -> dict:
    """Play the games of :func:`prepare_evaluation` and compute the rows."""
    game, games, plan = prepared["game"], prepared["games"], prepared["plan"]
    t0 = time.perf_counter()
    records = run_games(prepared["jobs"], workers=workers, progress=progress, desc=f"evaluate {game}", check=False)
    for k, pairing in enumerate(plan.pairings):
        pairing_stats(pairing, records[k * games:(k + 1) * games], prepared["factions"])
    return {"game": game, "scenario": prepared["scenario"], "games": games, "seed": prepared["seed"],
            "against": spec_text(prepared["against"]), "factions": prepared["factions"],
            "options": prepared["options"], "seat_rules": prepared["seat_rules"], "rows": finish_rows(plan),
            "pairings": plan.pairings,
            "seconds": time.perf_counter() - t0}


# --- output ----------------------------------------------------------------------------------------------

def format_table(result: dict) -> str:
    """The markdown table of rows (seat "all": a policy's seats pooled)."""
    rules = result.get("seat_rules", "player")
    lines = [f"{result['game']} ({result['scenario']}): {result['games']} seeded games per pairing from seed "
             f"{result['seed']}; other seats: {result['against']}; seat rules: {rules} ({SEAT_RULES_TEXT[rules]})",
             "| policy | seat | games | wins | win rate | 95% CI | mean margin | mean decisions | mean cards |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        name = f"{r['policy']} (baseline)" if r["kind"] == "baseline" else r["policy"]
        lines.append(f"| {name} | {r['seat']} | {r['games']} | {r['wins']} | {100 * r['win_rate']:.1f}% | "
                     f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}% | {r['mean_margin']:+.2f} | "
                     f"{r['mean_decisions']:.0f} | {r['mean_cards']:.1f} |")
    return "\n".join(lines)


def format_margins(result: dict) -> str:
    """One JSON line per pairing: its seats and the mean margin of every faction."""
    return "\n".join(json.dumps({"pairing": p["label"], "mean_margins": {f: round(m, 3) for f, m in
                                                                         p["mean_margins"].items()}})
                     for p in result["pairings"])


def csv_rows(result: dict) -> list[dict]:
    """One row per pairing: seat specs, then per faction wins, win rate, 95 % CI, mean margin."""
    rows = []
    for p in result["pairings"]:
        row = {"pairing": p["label"], "games": p["games"]}
        row.update({f"seat_{f}": p["seats"][f] for f in result["factions"]})
        for f in result["factions"]:
            lo, hi = wilson(p["wins"][f], p["games"])
            row.update({f"wins_{f}": p["wins"][f], f"win_rate_{f}": p["wins"][f] / p["games"],
                        f"ci95_lo_{f}": lo, f"ci95_hi_{f}": hi, f"mean_margin_{f}": p["mean_margins"][f]})
        row.update({"mean_decisions": p["mean_decisions"], "mean_cards": p["mean_cards"]})
        rows.append(row)
    return rows


def write_csv(result: dict, path: str) -> None:
    rows = csv_rows(result)
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_json(result: dict, path: str) -> None:
    with open(path, "w") as f:
        json.dump(result, f, indent=1, default=str)


# --- command line ------------------------------------------------------------------------------------------

def split_named_spec(item: str) -> tuple[str, str]:
    """``NAME=SPEC`` -> (NAME, SPEC); a bare SPEC is its own name."""
    name, sep, spec = item.partition("=")
    if sep and NAME_PATTERN.match(name):
        if not spec:
            raise ValueError(f"--policy {item!r}: empty SPEC after {name}=")
        return name, spec
    return item, item


def parse_policies(items) -> dict:
    policies = {}
    for item in items:
        name, spec = split_named_spec(item)
        if name in policies:
            raise ValueError(f"--policy name {name!r} given twice")
        policies[name] = spec
    return policies


def parse_lineup(text: str | None) -> dict | None:
    """``raj=SPEC,congress=SPEC`` -> {faction: spec}."""
    if not text:
        return None
    lineup = {}
    for item in text.split(","):
        faction, sep, spec = item.strip().partition("=")
        if not sep or not faction or not spec:
            raise ValueError(f"--lineup item {item!r}: write FACTION=SPEC, e.g. raj=arjuna")
        lineup[faction] = spec
    return lineup


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="gandhi", choices=coin_env.list_games())
    p.add_argument("--policy", action="append", default=[], metavar="[NAME=]SPEC",
                   help="a policy to play every seat in turn, e.g. ppo=runs/x/final.zip (repeatable)")
    p.add_argument("--against", default=None, metavar="SPEC",
                   help="policy of the other seats (default: the game's bot, else random)")
    p.add_argument("--lineup", default=None, metavar="FACTION=SPEC,...",
                   help="a fixed seat assignment, e.g. raj=ppo.zip,congress=arjuna (unnamed seats: --against)")
    p.add_argument("--rotate", action="store_true", help="also play every cyclic rotation of --lineup")
    p.add_argument("--seats", default=None, metavar="FACTION,...",
                   help="rotate the policies over these seats only (default: every seat)")
    p.add_argument("--games", type=positive_int, default=100, help="seeded games per pairing")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario", default=None, help="default: the game's shortest (its benchmark scenario)")
    p.add_argument("--options", default=None, metavar="JSON",
                   help='game options as a JSON object, e.g. \'{"families": 5}\' for John Company')
    p.add_argument("--workers", type=positive_int, default=None, help="processes (default: all CPUs)")
    p.add_argument("--csv", default=None, metavar="PATH", help="one row per pairing")
    p.add_argument("--json", default=None, metavar="PATH", help="full result with every game's record")
    p.add_argument("--seat-rules", default="player", choices=SEAT_RULES,
                   help="the rules the evaluated seat plays by, in every row: 'player' (default; a bot row's bot "
                        "plays as a player too) or 'non_player' (every seat a non-player, the bots' setting)")
    p.add_argument("--baselines", action=argparse.BooleanOptionalAction, default=True,
                   help="also rows for random and the --against policy in every seat")


def check_arguments(args) -> dict:
    """The command line's input, checked before any game: every spec resolved here (``--policy NAME=SPEC``
    named in its error), the scenario built, and the output files claimed. Raises UsageError."""
    with user_errors(errors=(ValueError,)):
        policies = parse_policies(args.policy)
        lineup = parse_lineup(args.lineup)
    options = parse_options(args.options)
    check_setup(args.game, args.scenario, options)
    for item, (name, spec) in zip(args.policy, policies.items()):
        check_policy(spec, args.game, f"--policy {item}")
    if args.against is not None:
        check_policy(args.against, args.game, f"--against {args.against}")
    for faction, spec in (lineup or {}).items():
        check_policy(spec, args.game, f"--lineup {faction}={spec}")
    with user_errors(errors=(ValueError,)):
        prepared = prepare_evaluation(args.game, policies, against=args.against, games=args.games, seed=args.seed,
                                      scenario=args.scenario, options=options, baselines=args.baselines,
                                      lineup=lineup,
                                      rotate=args.rotate, seats=args.seats.split(",") if args.seats else None,
                                      seat_rules=args.seat_rules)
    prepared["csv"] = output_file(args.csv, "--csv")
    prepared["json"] = output_file(args.json, "--json")
    return prepared


def run(args) -> int:
    prepared = check_arguments(args)
    with released_if_stopped(prepared["csv"], prepared["json"]):
        result = run_evaluation(prepared, workers=args.workers, progress=sys.stderr.isatty())
    print(format_table(result))
    print()
    print(format_margins(result))
    written = []
    if prepared["csv"]:
        write_csv(result, prepared["csv"])
        written.append(prepared["csv"])
    if prepared["json"]:
        write_json(result, prepared["json"])
        written.append(prepared["json"])
    if written:
        print("wrote " + ", ".join(written), file=sys.stderr)
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
