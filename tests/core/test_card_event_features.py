"""The observation says what the Current and Upcoming cards' Events are known to do (issue 18): which
sides have a known effect (5.1; the Event option is offered only for them) and the factions for which the
card is Critical (Gandhi 8.8.1) or haloed (8.8.2), read from the game's own data, so an owner data pack
that adds a card's text or markers shows in the observation of the games made with it, and only there."""

from __future__ import annotations

import numpy as np

import coin_env
from coin_env.core.encoding import encoder_for
from game_matrix import is_coin


def features(game, names):
    enc = encoder_for(game)
    obs = enc.observe(game, game.current_player())
    return {n: float(obs[enc.feature_names.index(n)]) for n in names}


def test_a_card_with_known_text_is_marked_on_its_known_side_only():
    g = coin_env.make_game("gandhi", position={"current_card": 6, "upcoming_card": 30})   # 6: Chauri Chaura
    f = features(g, ["current card unshaded Event known", "current card shaded Event known",
                     "upcoming card unshaded Event known", "upcoming card shaded Event known"])
    assert f == {"current card unshaded Event known": 1.0, "current card shaded Event known": 0.0,
                 "upcoming card unshaded Event known": 0.0, "upcoming card shaded Event known": 0.0}
    assert g.data.cards.record(6).implemented_sides() == ["unshaded"]


def test_a_data_pack_adds_critical_halo_and_text_to_its_games_observation_only():
    pack = {"cards": {"30": {"critical": ["ml"], "halo": ["congress"]}}}
    g = coin_env.make_game("gandhi", options={"data_pack": pack},
                           position={"current_card": 6, "upcoming_card": 30})
    names = ["upcoming card Critical for ml", "upcoming card haloed for congress", "upcoming card Critical for raj",
             "current card Critical for ml"]
    assert features(g, names) == {names[0]: 1.0, names[1]: 1.0, names[2]: 0.0, names[3]: 0.0}
    plain = coin_env.make_game("gandhi", position={"current_card": 6, "upcoming_card": 30})
    assert features(plain, names) == dict.fromkeys(names, 0.0)


def test_every_game_encodes_the_event_features_of_both_cards():
    for name in (g for g in coin_env.list_games() if is_coin(g)):    # John Company has no Event cards in play
        g = coin_env.make_game(name, seed=3)
        enc = encoder_for(g)
        for which in ("current", "upcoming"):
            assert f"{which} card unshaded Event known" in enc.feature_names, name
        obs = enc.observe(g, g.current_player())
        assert obs.shape == (enc.size,) and np.isfinite(obs).all()
