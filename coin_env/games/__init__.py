"""One package per game."""
