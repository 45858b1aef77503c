"""Gandhi's hidden state in ``determinize`` (hidden.py): the Arjuna deck (8.3) and decks a position makes."""

import random

import coin_env
from coin_env.games.gandhi.bots import ArjunaBot, deck

NP = ["raj", "congress", "ml"]


def _bot_game(seed, steps):
    g = coin_env.make_game("gandhi", seed=seed, options={"non_players": NP})
    bot, rng = ArjunaBot(), random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        seat = g.current_player()
        g.apply(bot(g, seat, None) if seat in NP else rng.choice(g.legal_actions()))
    return g


def test_drawn_arjuna_cards_go_face_up_to_the_bottom_and_a_shuffle_turns_them_down_8_3():
    g = coin_env.make_game("gandhi", seed=3, options={"non_players": NP})
    s = g.state
    before = list(s.arjuna["deck"])
    assert s.arjuna.get("face_up", 0) == 0
    card = deck.draw_card(s, "ml")
    cycled = before.index(card) + 1           # 8.3 steps 1-2: every card turned up to the ML card
    assert s.arjuna["face_up"] == cycled
    assert s.arjuna["deck"][-cycled:] == before[:cycled]
    deck.reshuffle(s)                          # 8.9.4 Reset
    assert s.arjuna.get("face_up", 0) == 0


def test_face_down_arjuna_cards_are_reshuffled_and_face_up_ones_stay():
    g = _bot_game(5, 60)
    arjuna = g.state.arjuna
    up = arjuna.get("face_up", 0)
    cards = arjuna["deck"]
    assert 2 <= len(cards) - up and up >= 1, "the test needs cards of both kinds"
    orders = set()
    for seed in range(10):
        d = g.determinize("revs", seed).state.arjuna
        assert d["deck"][len(cards) - up:] == cards[len(cards) - up:]
        assert sorted(d["deck"]) == sorted(cards)
        assert d["memory"] == arjuna["memory"]
        orders.add(tuple(d["deck"]))
    assert len(orders) > 1


def test_games_differing_only_in_the_face_down_arjuna_order_determinize_alike():
    g = _bot_game(5, 60)
    other = g.clone()
    cards = other.state.arjuna["deck"]
    down = len(cards) - other.state.arjuna.get("face_up", 0)
    cards[:down] = list(reversed(cards[:down]))
    assert other.state.arjuna["deck"] != g.state.arjuna["deck"]
    assert other.determinize("revs", 4).to_json() == g.determinize("revs", 4).to_json()


def test_a_position_deck_the_set_up_could_not_make_keeps_its_campaign_cards_in_place():
    """A position's own deck (README "Positions") has no known piles: only its Event cards are dealt again."""
    deck = list(range(1, 11)) + [73, 74] + list(range(11, 21)) + [75]
    g = coin_env.make_game("gandhi", position={"scenario": "custom", "current_card": 30, "upcoming_card": 31,
                                               "deck": deck})
    dealt = set()
    for seed in range(10):
        d = g.determinize("congress", seed).state.deck
        assert [i for i, c in enumerate(d) if c > 72] == [10, 11, 22]
        assert sorted(d) == sorted(deck)
        dealt.add(tuple(d))
    assert len(dealt) == 10
