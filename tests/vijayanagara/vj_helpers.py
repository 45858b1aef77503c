"""Helpers shared by the Vijayanagara tests (games built through the game module, as make_game does)."""

from coin_env.games.vijayanagara import game as vj
from coin_env.games.vijayanagara.static import AVAILABLE, INDEX

DEFAULT_DECK = [2, 3, 37, 4, 5, 45, 6, 7, 46, 8, 9, 47, 10, 48, 11, 49]


def new_game(seed=0, **kw):
    return vj.new_game(seed=seed, debug=True, **kw)


def position_game(spaces=None, card=1, deck=None, seed=0, options=None, **pos):
    """A debug game from a position: ``card`` Current (card 1's reconstructed order: ds, bk, ve)."""
    pos.setdefault("resources", {"ds": 12, "bk": 6, "ve": 7})
    position = {"spaces": spaces or {}, "current_card": card,
                "deck": list(DEFAULT_DECK if deck is None else deck), **pos}
    return vj.new_game(seed=seed, position=position, debug=True, options=options)


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def avail(g, piece):
    return int(g.state.pieces[AVAILABLE, piece])
