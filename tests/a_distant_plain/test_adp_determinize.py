"""A Distant Plain's hidden state in ``determinize`` (hidden.py): the bots' own dice stream."""

import random

import coin_env
from coin_env.games.a_distant_plain.bots import FlowchartBot

NP = ["coalition", "taliban", "warlords"]


def _bot_game(seed, steps):
    g = coin_env.make_game("a_distant_plain", seed=seed, options={"non_players": NP})
    bot, rng = FlowchartBot(), random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        seat = g.current_player()
        g.apply(bot(g, seat, None) if seat in NP else rng.choice(g.legal_actions()))
    return g


def test_the_bots_dice_stream_is_reseeded_from_the_seed():
    g = _bot_game(2, 120)
    stream = g.state.np.get("rng")
    assert stream is not None, "the test needs a game where the bots have rolled"
    dets = [g.determinize("government", seed).state.np["rng"] for seed in range(6)]
    assert stream not in dets and len(set(dets)) == 6
    assert g.determinize("government", 3).state.np["rng"] == dets[3]


def test_games_differing_only_in_the_bots_future_dice_determinize_alike():
    g = _bot_game(2, 120)
    other = g.clone()
    other.state.np["rng"] ^= 0xABCDEF
    assert other.determinize("government", 9).to_json() == g.determinize("government", 9).to_json()


def test_sudden_propaganda_games_determinize_within_the_piles():
    g = coin_env.make_game("a_distant_plain", seed=6, options={"sudden_propaganda": True})
    rng = random.Random(6)
    for _ in range(300):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
        det = g.determinize("taliban", 1).state.deck
        assert [c for c in det if c > 72] == [c for c in g.state.deck if c > 72]
        assert sorted(det) == sorted(g.state.deck)
