"""Vijayanagara's hidden state in ``determinize`` (hidden.py): the heuristic bot's dice stream follows the
reseeded game dice, the set-up's stacks (2.1) hold through whole games, a position's own deck, and the
public ``prosperity="random"`` map."""

import random

import coin_env
from coin_env.games.vijayanagara import hidden
from coin_env.games.vijayanagara.bots import HeuristicBot
from coin_env.games.vijayanagara.bots.plumbing import Ctx

from vj_helpers import position_game


def _bot_game(seed, steps, bots=("ds", "bk")):
    g = coin_env.make_game("vijayanagara", seed=seed)
    bot, rng = HeuristicBot(), random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        seat = g.current_player()
        g.apply(bot(g, seat) if seat in bots else rng.choice(g.legal_actions()))
    return g


def _bot_dice(game, n=6):
    """The dice the heuristic bot would roll at this decision (its own stream, bots/plumbing.py Ctx)."""
    ctx = Ctx(game.clone(), game.current_player())
    return [ctx.die(1000, "test") for _ in range(n)]


def test_the_bots_dice_stream_is_reseeded_from_the_seed():
    g = _bot_game(2, 120)
    seat = g.current_player()
    dets = [tuple(_bot_dice(g.determinize(seat, seed))) for seed in range(6)]
    assert tuple(_bot_dice(g)) not in dets and len(set(dets)) == 6
    assert tuple(_bot_dice(g.determinize(seat, 3))) == dets[3]


def test_games_differing_only_in_future_dice_determinize_alike():
    g = _bot_game(2, 120)
    other = g.clone()
    other.script_dice([6, 1, 6, 1])          # dice nobody has seen yet
    for seat in g.factions:
        assert other.determinize(seat, 9).to_json() == g.determinize(seat, 9).to_json()


def test_seeded_games_keep_a_deck_the_set_up_could_make():
    """Every deck of a seeded game is read with the set-up's stacks (never the fallback for positions)."""
    g = coin_env.make_game("vijayanagara", seed=12)
    layout = hidden.deck_layout(g.state.scenario)
    rng = random.Random(12)
    while not g.is_over():
        assert hidden.remaining_stacks(layout, g.state.deck) is not None, g.state.deck
        g.apply(rng.choice(g.legal_actions()))


def test_a_position_deck_the_set_up_could_not_make_keeps_its_special_cards_in_place():
    """A position's own deck (README "Positions") has no known stacks: only its Event cards are dealt again."""
    g = position_game()
    deck = g.state.deck
    dealt = set()
    for seed in range(12):
        d = g.determinize("bk", seed).state.deck
        assert [c if c > 36 else 0 for c in d] == [c if c > 36 else 0 for c in deck]
        assert sorted(d) == sorted(deck)
        dealt.add(tuple(d))
    assert len(dealt) > 1


def test_the_random_prosperity_map_is_public_and_stays():
    """Option prosperity="random" (1.3.1): the drawn map is on the board, seen by all: it is not redrawn."""
    g = coin_env.make_game("vijayanagara", seed=5, options={"prosperity": "random"})
    rng = random.Random(5)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    det = g.determinize("ds", 3)
    assert det.to_position()["prosperity"] == g.to_position()["prosperity"]
    assert det.state.deck != g.state.deck
