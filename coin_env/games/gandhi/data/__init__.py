"""Gandhi's printed data: map, pieces, scenarios, cards. Data apart from logic."""
