"""coin_env.core.kept: an answer kept on a game is reused only for the same state object and an equal key, never
saved, and a clone starts without it (the Vijayanagara view and John Company's Crown plans rely on this)."""

import coin_env
from coin_env.core.kept import kept_on_game


class Made:
    """Counts how many answers were worked out."""

    def __init__(self):
        self.count = 0

    def __call__(self):
        self.count += 1
        return ("answer", self.count)


def test_reused_only_for_the_same_state_and_key():
    game = coin_env.make_game("vijayanagara", seed=3)
    make = Made()
    first = kept_on_game(game, "bot_view", "key-a", make)
    assert kept_on_game(game, "bot_view", "key-a", make) is first and make.count == 1
    assert kept_on_game(game, "bot_view", "key-b", make) == ("answer", 2)       # the key changed: worked out again
    clone = game.clone()
    assert clone.bot_view is None                                               # a clone starts without it
    assert kept_on_game(clone, "bot_view", "key-b", make) == ("answer", 3)      # another state object: its own
    assert "answer" not in game.to_json()                                       # never saved


def test_a_new_state_object_is_not_trusted():
    game = coin_env.make_game("vijayanagara", seed=3)
    make = Made()
    kept_on_game(game, "bot_view", "k", make)
    loaded = coin_env.load_game(game.to_json())
    loaded.bot_view = game.bot_view                  # even handed over, an answer of another state is not used
    assert kept_on_game(loaded, "bot_view", "k", make) == ("answer", 2)
