"""A bot takes over any position: a search, a human or another policy may make some of a seat's choices
(the card-turn choice, a space, a piece) and hand the rest to the bot, which must then answer with a legal
action instead of failing on a plan it did not make (a Sweep begun elsewhere, a Redeploy move whose source
another policy chose, an Operation other than the one it planned).

Each game below mixes the game's bot with uniform random choices in every seat (a fixed fraction of
decisions at random, from a seeded generator) and asks the bot at every other decision: it must never
raise and never answer an illegal action. The seeds are ones where, before the fix, the bot failed:
Gandhi's Raj on a Sweep or Govern it did not begin, every Gandhi faction's Redeploy after a foreign
source, A Distant Plain's Coalition Sweep after it had planned an Assault.
"""

from __future__ import annotations

import random

import pytest

import coin_env
from coin_env.core.aec_env import with_non_players
from coin_env.core.policy_specs import resolve_policy

from game_matrix import GAMES, bot_of, short

# (game, seeds, fraction of decisions made at random)
MIXES = {"gandhi": (range(0, 6), 0.3), "a_distant_plain": (range(0, 3), 0.3)}


def play_mixed(game_name: str, seed: int, at_random: float) -> int:
    """One game, every seat the game's bot except a fraction of decisions made at random; returns the
    number of decisions the bot answered. Fails on any bot error or illegal answer."""
    bot = resolve_policy(bot_of(game_name), game_name)
    factions = coin_env.make_game(game_name, scenario=short(game_name), seed=seed).factions
    options = with_non_players({}, {f: bot for f in factions})
    g = coin_env.make_game(game_name, scenario=short(game_name), seed=seed, options=options)
    rng = random.Random(seed)
    asked = 0
    while not g.is_over():
        legal = g.legal_actions()
        if rng.random() < at_random:
            g.apply(rng.choice(legal))
            continue
        faction = g.current_player()
        action = bot(g, faction, rng)
        assert action in legal, f"{game_name} seed {seed}: {faction}'s bot answered {action} at {g.prompt()!r}"
        g.apply(action)
        asked += 1
    return asked


@pytest.mark.parametrize("game", GAMES)
def test_the_bot_answers_every_position_a_mixed_game_reaches(game):
    seeds, at_random = MIXES.get(game, (range(0, 2), 0.3))
    assert sum(play_mixed(game, seed, at_random) for seed in seeds) > 0
