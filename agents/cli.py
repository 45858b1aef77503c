"""The ``coin-env`` command: ``train``, ``evaluate``, ``balance``, ``simulate``, ``strength``, ``bench``, ``fuzz``,
``play``, ``replay``.

Each subcommand lives in its own module of this package with ``add_arguments(parser)`` and ``run(args)``;
``python -m agents.<module>`` takes the same arguments. Modules import torch and stable-baselines3 only
inside ``run``, so ``coin-env --help`` stays fast.

User errors (a bad argument, game, scenario, option, policy spec or path) are one line on stderr,
``coin-env <cmd>: error: <message>``, and exit code 2, with no traceback: argparse's own errors, and every
:class:`UsageError` a subcommand raises while it checks its input (agents/specs.py), before any game is
played. Nothing else is caught: a failure while games run is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys


class UsageError(ValueError):
    """A user-input error found while checking arguments, specs and paths: ``main`` prints its message
    as one line and exits with code 2. A ValueError, so Python callers of the tools catch it as before."""


class Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (``coin-env evaluate: error: ...``), exit code 2, no usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def usage_exit(prog: str, exc: BaseException) -> SystemExit:
    """Print ``<prog>: error: <message>`` as one line on stderr; the SystemExit to raise (code 2, the
    message kept as its text)."""
    message = " ".join(str(exc).split()) or type(exc).__name__
    print(f"{prog}: error: {message}", file=sys.stderr)
    out = SystemExit(message)
    out.code = 2
    return out


INTERRUPTED = 130                   # the shell's code for a process stopped by SIGINT (128 + 2)


def run_command(prog: str, run, args) -> int:
    """``run(args)``, with a UsageError reported as one line and exit code 2, and Ctrl-C as one line and exit
    code 130 (a command that has more to say about what it kept prints that first)."""
    try:
        return run(args) or 0
    except UsageError as exc:
        raise usage_exit(prog, exc) from None
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED

COMMANDS = [
    ("train", "train", "train a MaskablePPO agent from a YAML config (configs/*.yaml)"),
    ("evaluate", "evaluate", "policies (checkpoints, bots, random) over seats: win rates with 95%% CIs"),
    ("balance", "balance", "many games with chosen policies in every seat: win rates, how, margins, plots"),
    ("simulate", "simulate", "play seeded games and print a results table"),
    ("strength", "strength", "win rates (95%% CI) of a game's non-player bots vs random players"),
    ("bench", "benchmark", "benchmark engines and environments (decisions/s, steps/s, clone cost)"),
    ("fuzz", "fuzz", "seeded random play with every guarantee checked; replay files on failure"),
    ("play", "play", "play a game in the terminal against bots, random players or checkpoints"),
    ("replay", "replay", "a saved game as one self-contained HTML page to step through"),
]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="coin-env", description="coin-env: COIN-series RL environments")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module_name, help_text in COMMANDS:
        module = importlib.import_module(f"agents.{module_name}")
        p = sub.add_parser(name, help=help_text, description=(module.__doc__ or "").strip(),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(run=module.run, prog=p.prog)
    return parser


def main(argv=None) -> None:
    args = build_parser().parse_args(argv)
    raise SystemExit(run_command(args.prog, args.run, args))


def standalone(doc: str, add_arguments, run, argv=None) -> None:
    """``python -m agents.<tool>``: the same arguments as the ``coin-env <tool>`` subcommand."""
    p = Parser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    raise SystemExit(run_command(p.prog, run, p.parse_args(argv)))


if __name__ == "__main__":
    # Run as a script this file is __main__; use agents.cli's own main, whose UsageError is the one the
    # tools raise.
    from agents.cli import main as _main
    _main()
