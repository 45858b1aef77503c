"""The ``coin-env`` command: ``coin-env simulate ...`` (more subcommands as they land)."""

from __future__ import annotations

import argparse

from . import simulate


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="coin-env", description="coin-env: COIN-series RL environments")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("simulate", help="play seeded games and print a results table")
    simulate.add_arguments(p)
    p.set_defaults(run=simulate.run)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
