"""A Distant Plain's printed data (map, forces, cards, scenarios), kept apart from the rules."""
