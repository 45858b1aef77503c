"""The ``coin-env`` command: ``train``, ``evaluate``, ``compare``, ``balance``, ``simulate``, ``strength``, ``bench``, ``fuzz``,
``play``, ``replay`` -- the top layer of agents/, which may import every package below it.

Each subcommand lives in its own module with ``add_arguments(parser)`` and ``run(args)`` (agents/training/train.py,
agents/evaluation/*.py, and this package's tools: benchmark, fuzz, play, replay, pretrained);
``python -m <that module>`` takes the same arguments. Modules import torch and stable-baselines3 only inside
``run``, so ``coin-env --help`` stays fast.

User errors (a bad argument, game, scenario, option, policy spec or path) are one line on stderr,
``coin-env <cmd>: error: <message>``, and exit code 2, with no traceback: argparse's own errors, and every
:class:`agents.common.UsageError` a subcommand raises while it checks its input (agents/common.py,
agents/policies/specs.py), before any game is played. Nothing else is caught: a failure while games run is a
bug and keeps its traceback.
"""

from __future__ import annotations

import argparse

from agents.common import Parser, run_command
from agents.evaluation import balance, compare, evaluate, simulate, strength
from agents.training import train

from . import benchmark, fuzz, play, replay

COMMANDS = [
    ("train", train, "train a MaskablePPO agent from a YAML config (configs/*.yaml)"),
    ("evaluate", evaluate, "policies (checkpoints, bots, random) over seats: win rates with 95%% CIs"),
    ("compare", compare, "a policy vs the bot in the same seat and seeds, both seat rules: paired margin difference"),
    ("balance", balance, "many games with chosen policies in every seat: win rates, how, margins, plots"),
    ("simulate", simulate, "play seeded games and print a results table"),
    ("strength", strength, "win rates (95%% CI) of a game's non-player bots vs random players"),
    ("bench", benchmark, "benchmark engines and environments (decisions/s, steps/s, clone cost)"),
    ("fuzz", fuzz, "seeded random play with every guarantee checked; replay files on failure"),
    ("play", play, "play a game in the terminal against bots, random players or checkpoints"),
    ("replay", replay, "a saved game as one self-contained HTML page to step through"),
]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="coin-env", description="coin-env: COIN-series RL environments")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module, help_text in COMMANDS:
        p = sub.add_parser(name, help=help_text, description=(module.__doc__ or "").strip(),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(run=module.run, prog=p.prog)
    return parser


def main(argv=None) -> None:
    args = build_parser().parse_args(argv)
    raise SystemExit(run_command(args.prog, args.run, args))
