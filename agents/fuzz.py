"""The old path of agents.cli.fuzz (this very module object: ``agents.fuzz is agents.cli.fuzz``), kept while
tests/john_company and tests/vijayanagara import it from here; new code imports agents.cli.fuzz."""

import sys

from agents.cli import fuzz

sys.modules[__name__] = fuzz
