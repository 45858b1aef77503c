"""The ``coin-env`` command: ``train``, ``evaluate``, ``balance``, ``simulate``, ``strength``, ``bench``, ``fuzz``.

Each subcommand lives in its own module of this package with ``add_arguments(parser)`` and ``run(args)``;
``python -m agents.<module>`` takes the same arguments. Modules import torch and stable-baselines3 only
inside ``run``, so ``coin-env --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib

COMMANDS = [
    ("train", "train", "train a MaskablePPO agent from a YAML config (configs/*.yaml)"),
    ("evaluate", "evaluate", "policies (checkpoints, bots, random) over seats: win rates with 95%% CIs"),
    ("balance", "balance", "many games with chosen policies in every seat: win rates, how, margins, plots"),
    ("simulate", "simulate", "play seeded games and print a results table"),
    ("strength", "strength", "win rates (95%% CI) of a game's non-player bots vs random players"),
    ("bench", "benchmark", "benchmark engines and environments (decisions/s, steps/s, clone cost)"),
    ("fuzz", "fuzz", "seeded random play with every guarantee checked; replay files on failure"),
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="coin-env", description="coin-env: COIN-series RL environments")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module_name, help_text in COMMANDS:
        module = importlib.import_module(f"agents.{module_name}")
        p = sub.add_parser(name, help=help_text, description=(module.__doc__ or "").strip(),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def main(argv=None) -> None:
    args = build_parser().parse_args(argv)
    raise SystemExit(args.run(args) or 0)


if __name__ == "__main__":
    main()


def standalone(doc: str, add_arguments, run, argv=None) -> None:
    """``python -m agents.<tool>``: the same arguments as the ``coin-env <tool>`` subcommand."""
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    raise SystemExit(run(p.parse_args(argv)) or 0)
