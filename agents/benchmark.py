"""The old path of agents.cli.benchmark (this very module object: ``agents.benchmark is agents.cli.benchmark``), kept while
tests/john_company and tests/vijayanagara import it from here; new code imports agents.cli.benchmark."""

import sys

from agents.cli import benchmark

sys.modules[__name__] = benchmark
