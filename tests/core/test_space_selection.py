"""Space selection read once per question (coin/operations.py ``Activity.space_test``).

Operations and Special Activities whose per-space test reads whole-board facts once per question
(``space_test``), or that override ``selectable`` / ``available`` (Gandhi's Garrison), must offer exactly
the spaces a plain space-by-space loop over ``can_select`` offers (3.1.1 / 4.1.1: a space at most once,
no space beyond ``max_spaces``), and be available exactly when that loop finds a space.
"""

from __future__ import annotations

import random

import pytest

import coin_env


def space_by_space(act, game) -> list[int]:
    """The reference: each candidate space asked on its own, nothing shared between spaces."""
    turn = game.state.turn
    chosen = () if turn is None else (turn["sa_spaces"] if act.special else turn["op_spaces"])
    cap = act.max_spaces(game)
    if cap is not None and len(chosen) >= cap:
        return []
    return [sp for sp in act.candidate_spaces(game) if sp not in chosen and act.can_select(game, sp)]


@pytest.mark.parametrize("game_name, seed, scenario, non_players", [
    ("gandhi", 0, "short", ()), ("gandhi", 1, "main", ("raj", "revs")), ("gandhi", 2, "short", ("congress", "ml")),
    ("a_distant_plain", 0, "short", ()), ("a_distant_plain", 1, "main", ("government", "warlords")),
    ("vijayanagara", 0, "standard", ()), ("vijayanagara", 1, "standard", ()),
])
def test_selectable_and_available_match_a_space_by_space_loop(game_name, seed, scenario, non_players):
    g = coin_env.make_game(game_name, scenario=scenario, seed=seed, options={"non_players": list(non_players)})
    rng = random.Random(seed)
    checked = 0
    while not g.is_over() and checked < 5_000:
        for faction, acts in g.activities.items():
            for act in acts.values():
                reference = space_by_space(act, g)
                assert act.selectable(g) == reference, (faction, act.name)
                if act.min_spaces(g) > 0:      # an activity without spaces (a Decree like 4.2.1) has none to find
                    assert act.available(g) == bool(reference), (faction, act.name)
                checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000


def test_an_activity_must_define_its_space_test():
    from coin_env.coin.operations import Activity

    class Nothing(Activity):
        pass

    with pytest.raises(NotImplementedError, match="neither can_select nor space_test"):
        Nothing(0).selectable(coin_env.make_game("gandhi", seed=0))
