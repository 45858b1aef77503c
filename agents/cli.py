"""The ``coin-env`` command: ``simulate``, ``bench``, ``fuzz``, ``strength``."""

from __future__ import annotations

import argparse

from . import benchmark, fuzz, simulate, strength


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="coin-env", description="coin-env: COIN-series RL environments")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("simulate", help="play seeded games and print a results table")
    simulate.add_arguments(p)
    p.set_defaults(run=simulate.run)
    p = sub.add_parser("bench", help="benchmark engines and environments (decisions/s, steps/s, clone cost)")
    benchmark.add_arguments(p)
    p.set_defaults(run=benchmark.run)
    p = sub.add_parser("fuzz", help="seeded random play with every guarantee checked; replay files on failure")
    fuzz.add_arguments(p)
    p.set_defaults(run=fuzz.run)
    p = sub.add_parser("strength", help="win rates (95% CI) of a game's non-player bots vs random players")
    strength.add_arguments(p)
    p.set_defaults(run=strength.run)
    args = parser.parse_args(argv)
    raise SystemExit(args.run(args) or 0)


if __name__ == "__main__":
    main()


def standalone(doc: str, add_arguments, run, argv=None) -> None:
    """``python -m agents.<tool>``: the same arguments as the ``coin-env <tool>`` subcommand."""
    p = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    raise SystemExit(run(p.parse_args(argv)) or 0)
