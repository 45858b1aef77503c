"""Helpers shared by the John Company tests (the game is not registered yet: built directly)."""

from coin_env.games.john_company import game as jc


def new_game(families=4, seed=0, position=None, debug=True, log=False):
    return jc.new_game("1710", seed=seed, options={"families": families}, position=position, debug=debug, log=log)


def play(game, *labels):
    """Apply actions by label, each legal at its prompt."""
    for label in labels:
        legal = {game.action_label(a): a for a in game.legal_actions()}
        assert label in legal, f"{label!r} not legal at {game.prompt()!r}; legal: {sorted(legal)}"
        game.apply(legal[label])


def labels(game):
    return [game.action_label(a) for a in game.legal_actions()]


def slot(name):
    from coin_env.games.john_company.static import FAMILY_KEYS
    return FAMILY_KEYS.index(name)


def notes(game, kind=None):
    return [e["text"] for e in game.log if kind is None or e["kind"] == kind]
