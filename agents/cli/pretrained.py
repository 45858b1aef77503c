"""Make and measure the shipped agents (agents/policies/pretrained.py plays them as ``pretrained:GAME``).

    python -m agents.cli.pretrained export runs/pretrained_gandhi/final.zip gandhi
    python -m agents.cli.pretrained table gandhi --games 200        # the docs/pretrained.md table, every seat-rules setting
    python -m agents.cli.pretrained list

:func:`export` makes a run's checkpoint small: the policy's weights only, as float16 (the optimizer's moments
are dropped, a fresh optimizer is saved in their place), and ``GAME.json`` beside it says where it came from
(the run's config, timesteps, the source checkpoint's SHA-256). :func:`measure` / ``table`` is the docs/pretrained.md table
"Pretrained agents".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from types import MappingProxyType

from agents.evaluation.compare import seat_rules_of
from agents.evaluation.evaluate import evaluate
from agents.policies.checkpoint import check_compatible, forget_model, load_model
from agents.policies.pretrained import MODELS_DIR, PREFIX, available, info, model_sha256, path_of
from agents.training.runs import checkpoint_run

def export(source: str, game: str, out_dir: str | os.PathLike = MODELS_DIR) -> Path:
    """Write ``out_dir/GAME.zip`` (the policy of checkpoint ``source`` without the optimizer's state) and
    ``GAME.json`` (provenance). Refuses a checkpoint that does not fit ``game``."""
    import torch            # deferred: torch is the optional [train] extra
    model = load_model(source)
    forget_model(source)              # the optimizer is replaced below: keep no altered copy in the cache
    check_compatible(model, source, game)
    # A fresh optimizer holds no per-parameter moments: the file keeps the weights and stays loadable by
    # MaskablePPO.load, which expects an optimizer entry.
    model.policy.optimizer = model.policy.optimizer_class(model.policy.parameters(), lr=1e-4,
                                                          **model.policy.optimizer_kwargs)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{game}.zip"
    tmp = out_dir / f".{game}.tmp.zip"
    model.save(str(tmp), exclude=["tensorboard_log", "_logger", "_custom_logger"])
    _halve_weights(tmp)
    os.replace(tmp, target)
    run = checkpoint_run(source) or {}
    cfg, started_from = run.get("config", {}), run.get("init")
    meta = {"game": game, "source": os.path.basename(os.path.dirname(os.path.abspath(source))) + "/"
            + os.path.basename(source),
            "source_sha256": hashlib.sha256(Path(source).read_bytes()).hexdigest(),
            "timesteps": int(model.num_timesteps), "config": cfg,
            "parameters": int(sum(p.numel() for p in model.policy.parameters())),
            "torch": torch.__version__}
    if started_from is not None:
        meta["init"] = started_from
    (out_dir / f"{game}.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    return target


def _halve_weights(path: Path) -> None:
    """Store the policy's float32 weights as float16 (half the file; loading casts them back to float32,
    so the shipped agent is this file exactly: its docs table is measured with it)."""
    import io
    import zipfile

    import torch            # deferred: torch is the optional [train] extra
    with zipfile.ZipFile(path) as z:
        entries = {name: z.read(name) for name in z.namelist()}
    weights = torch.load(io.BytesIO(entries["policy.pth"]), map_location="cpu", weights_only=True)
    weights = {k: v.half() if v.is_floating_point() else v for k, v in weights.items()}
    buffer = io.BytesIO()
    torch.save(weights, buffer)
    entries["policy.pth"] = buffer.getvalue()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, blob in entries.items():
            z.writestr(name, blob)


EVAL_SEED = 1_000_000      # the docs table's seeds: apart from training (seed * 1000 + env) and imitation (20000+)


# The game options a table is measured in, when not only the game's defaults: (heading, options, seats the
# agent takes). John Company: the families' game it trained in and the solo game against the Crown (rules
# p.43-46, the Crown Handbook), where only the family seat is the agent's to take.
TABLE_SETTINGS = MappingProxyType({
    "john_company": (("4 families, the others played by the crown bot", {"families": 4}, None),
                     ("solo: one family against the Crown", {"families": 1, "crown": True}, ("benyon",))),
})
DEFAULT_SETTINGS = ((None, None, None),)


def table_settings(game: str) -> tuple:
    """The (heading, options, seats) settings of ``game``'s table; one unnamed setting for most games."""
    return TABLE_SETTINGS.get(game, DEFAULT_SETTINGS)


def measure(game: str, games: int = 200, seed: int = EVAL_SEED, workers: int | None = None,
            progress: bool = False, options: dict | None = None, seats=None) -> dict:
    """The shipped agent in every seat (or ``seats``) against the game's bot, next to random play and the bot
    itself in the same seat, in every seat-rules setting the game has (both where all its seats can be
    non-players; Vijayanagara's Non-Player rules are not public and John Company has none, so ``player`` only)
    (agents.evaluation.evaluate, same seeds for every row): ``{setting: result}``."""
    return {rules: evaluate(game, {"agent": f"{PREFIX}{game}"}, games=games, seed=seed, workers=workers,
                            seat_rules=rules, progress=progress, options=options, seats=seats)
            for rules in ("non_player", "player") if rules in seat_rules_of(game, None, options)}


def measure_table(game: str, games: int = 200, seed: int = EVAL_SEED, workers: int | None = None,
                  progress: bool = False) -> tuple[str, dict]:
    """The docs/pretrained.md table of ``game`` (markdown; a heading line before each setting where the game
    has several) and the results by setting heading."""
    parts, results = [], {}
    for heading, options, seats in table_settings(game):
        measured = measure(game, games, seed, workers, progress, dict(options or {}) or None, seats)
        results[heading or ""] = measured
        parts.append(markdown(measured) if heading is None else f"{heading}:\n\n{markdown(measured)}")
    return "\n\n".join(parts), results


def verdict(agent: dict, bot: dict) -> str:
    """"beats" / "loses to" only where the 95 % intervals separate; else "within noise of"."""
    if agent["ci95"][0] > bot["ci95"][1]:
        return "beats"
    if agent["ci95"][1] < bot["ci95"][0]:
        return "loses to"
    return "within noise of"


def markdown(measured: dict) -> str:
    """One table: per setting and seat, agent / bot / random wins with 95 % Wilson intervals, and the verdict."""
    def cell(r):
        return f"{r['wins']}/{r['games']} ({100 * r['win_rate']:.0f} %, {100 * r['ci95'][0]:.0f}-{100 * r['ci95'][1]:.0f})"
    lines = ["| seat rules | seat | agent | bot in the seat | random in the seat | agent vs bot |",
             "|---|---|---|---|---|---|"]
    for rules, result in measured.items():
        rows = {(r["policy"], r["seat"]): r for r in result["rows"]}
        bot = result["against"]
        for seat in (f for f in result["factions"] if ("agent", f) in rows):   # the seats the agent took
            a, b, rnd = rows[("agent", seat)], rows[(bot, seat)], rows[("random", seat)]
            lines.append(f"| {rules} | {seat} | {cell(a)} | {cell(b)} | {cell(rnd)} | {verdict(a, b)} |")
    return "\n".join(lines)


def record_table(game: str, table: str, games: int, seed: int) -> None:
    """Keep a measured table in ``GAME.json`` with the SHA-256 of the file it was measured with, so a test can
    tell a docs table that no longer belongs to the shipped file."""
    meta = info(game)
    meta["measured"] = {"games": games, "seed": seed, "model_sha256": model_sha256(game), "table": table}
    (MODELS_DIR / f"{game}.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agents.cli.pretrained", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    ex = sub.add_parser("export", help="make a shipped agent from a run's checkpoint")
    ex.add_argument("checkpoint")
    ex.add_argument("game")
    ex.add_argument("--out", default=str(MODELS_DIR))
    sub.add_parser("list", help="the shipped agents")
    tb = sub.add_parser("table", help="measure a shipped agent against the bot in every seat-rules setting (the docs/pretrained.md table)")
    tb.add_argument("game")
    tb.add_argument("--games", type=int, default=200)
    tb.add_argument("--seed", type=int, default=EVAL_SEED)
    tb.add_argument("--workers", type=int, default=None)
    tb.add_argument("--json", default=None, help="also write the full results here")
    tb.add_argument("--record", action="store_true",
                    help="keep the table in the shipped agent's GAME.json with the file's SHA-256 (docs/pretrained.md quotes it)")
    args = parser.parse_args(argv)
    try:
        if args.cmd == "export":
            target = export(args.checkpoint, args.game, args.out)
            print(f"{target} ({target.stat().st_size / 1e6:.1f} MB)")
        elif args.cmd == "table":
            path_of(args.game)
            table, measured = measure_table(args.game, args.games, args.seed, args.workers, progress=True)
            if args.json:
                Path(args.json).write_text(json.dumps(measured, default=str))
            print(f"{args.game}: {args.games} games per seat and row, seeds {args.seed}..{args.seed + args.games - 1}")
            print(table)
            if args.record:
                record_table(args.game, table, args.games, args.seed)
        else:
            for game in available():
                meta = info(game)
                print(f"{PREFIX}{game}: {meta['timesteps']} timesteps, {meta['parameters']} parameters")
    except (ValueError, OSError) as exc:
        print(f"python -m agents.cli.pretrained: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
