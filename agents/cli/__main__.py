"""``python -m agents.cli ...``: the ``coin-env`` command."""

from agents.cli import main

main()
