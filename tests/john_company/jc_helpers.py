"""Helpers shared by the John Company tests (games built directly with new_game, registered or not)."""

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.actions import NO


def new_game(families=4, seed=0, position=None, debug=True, log=False, blackmail=False):
    """A game at ``position``; unless ``blackmail``, an opening blackmail window (a dealt card offered at the
    start of the Family phase or of Revenue, rules/blackmail.py) is declined, so tests of other rules start
    at their own prompt."""
    g = jc.new_game("1710", seed=seed, options={"families": families}, position=position, debug=debug, log=log)
    if not blackmail:
        decline_blackmail(g)
    return g


def decline_blackmail(game):
    while not game.is_over() and "play the blackmail card" in game.prompt():
        game.apply(game.legal_actions()[game.legal_actions().index(NO)])



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


def random_game(seed, families=4, decisions=None, **options):
    """A registered game (coin_env.make_game) played by uniformly random legal actions from ``seed``, for
    ``decisions`` decisions or to the end."""
    import random
    import coin_env
    g = coin_env.make_game("john_company", seed=seed, options={"families": families, **options})
    rng = random.Random(seed)
    n = 0
    while not g.is_over() and (decisions is None or n < decisions):
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return g
