"""Policies over a Game's decision points: a policy is ``(game, faction, rng) -> action``."""

from __future__ import annotations

import random


def random_policy(game, faction, rng: random.Random) -> int:
    """Uniform over the legal actions (the agent's own RNG, not the game's)."""
    return rng.choice(game.legal_actions())


POLICIES = {"random": random_policy}


def resolve(spec):
    """A policy from a name or a callable."""
    if callable(spec):
        return spec
    if spec in POLICIES:
        return POLICIES[spec]
    raise ValueError(f"unknown policy {spec!r}; known: {sorted(POLICIES)}")
