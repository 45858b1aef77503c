"""agents/: training, evaluation and the ``coin-env`` command over coin_env's games. Layers, arrows pointing
down only (tests/core/test_layering.py keeps it so; no module imports one above it, nor a game package):

    cli/         the ``coin-env`` command and its tools: bench, fuzz, play, replay, pretrained (export, table)
      |      \\
    training/  ->  evaluation/      config, PPO, imitation, league, backends (sb3, rllib) | tournament, evaluate, ...
      |      /
    policies/    every policy spec: bots as players, checkpoints, pretrained, rllib (a search policy goes here)
      |
    common.py    UsageError and one-line errors, input checks, output paths, argparse types

``fuzz.py`` and ``benchmark.py`` at this level are the old import paths of agents.cli.fuzz and
agents.cli.benchmark, kept while tests outside agents/ import them.
"""
