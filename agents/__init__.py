"""Agents, training, evaluation and benchmarks on top of coin_env."""
