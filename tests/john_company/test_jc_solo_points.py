"""The solo points (registry.SOLO_POINTS: answers that act only with the Crown Handbook's rules) are skipped by
announce in a game without those rules: whole seeded games played with the skip and with every answer called are
the same games, save and log; the points other phases answer are never skipped."""

import random

import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company import registry
from coin_env.games.john_company.bots import CrownBot


def _played(options, seed):
    """The save and the log of a seeded game, the Crown bot in every seat but one, which plays at random."""
    g = jc.new_game("1710", seed=seed, options=dict(options), log=True)
    bot, rng = CrownBot(), random.Random(seed)
    while not g.is_over():
        who = g.current_player()
        g.apply(rng.choice(g.legal_actions()) if who == g.factions[0] else bot(g, who))
    return g.to_json(), g.log


@pytest.mark.parametrize("options,seed", [({"families": 1}, 41), ({"families": 2}, 42), ({"families": 4}, 43),
                                          ({"families": 6}, 44), ({"families": 1, "crown": True}, 45)])
def test_skipping_the_solo_answers_leaves_the_games_unchanged(monkeypatch, options, seed):
    skipped = _played(options, seed)
    monkeypatch.setattr(registry, "SOLO_POINTS", set())        # every answer called, as before the skip
    assert _played(options, seed) == skipped


def test_only_the_crowns_answers_are_solo_points():
    solo_modules = {"coin_env.games.john_company.rules.crown", "coin_env.games.john_company.rules.crown_favours"}
    assert registry.SOLO_POINTS
    assert all(registry.HOOKS[p].__module__ in solo_modules for p in registry.SOLO_POINTS)
    for point in ("game_ends", "trade_checked", "deploy_checked", "special_session", "special_session_resolved",
                  "hiring_preference_played", "set_climate", "climate_shift"):
        assert point in registry.HOOKS and point not in registry.SOLO_POINTS
