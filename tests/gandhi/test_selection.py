"""Space selection read once per question (rules/selection.py) answers as the space-by-space framework.

Operations and Special Activities whose selection rule is a whole-board test (``space_test``), or that
override ``selectable`` / ``available`` (Garrison), must offer exactly the spaces ``coin.operations``'
generic loop over ``can_select`` offers, and be available exactly when that loop finds a space.
"""

from __future__ import annotations

import random

import pytest

import coin_env
from coin_env.coin.operations import Activity


@pytest.mark.parametrize("seed, scenario, non_players", [
    (0, "short", ()), (1, "main", ("raj", "revs")), (2, "short", ("congress", "ml")),
])
def test_selectable_and_available_match_the_generic_loop(seed, scenario, non_players):
    g = coin_env.make_game("gandhi", scenario=scenario, seed=seed, options={"non_players": list(non_players)})
    rng = random.Random(seed)
    checked = 0
    while not g.is_over() and checked < 8_000:
        for faction, acts in g.activities.items():
            for act in acts.values():
                generic = Activity.selectable(act, g)
                assert act.selectable(g) == generic, (faction, act.name)
                assert act.available(g) == Activity.available(act, g) == bool(generic), (faction, act.name)
                checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000
