"""Helpers shared by the A Distant Plain rule tests (imported by the test modules beside it)."""

import coin_env
from coin_env.coin.events import grant_free_action
from coin_env.games.a_distant_plain.data.pieces import FACTIONS
from coin_env.games.a_distant_plain.static import AVAILABLE, INDEX


def position_game(spaces, taliban=10, warlords=10, government=20, patronage=10, islamabad="Backing", boxes=None,
                  eligible=("taliban",), card=None):
    """A debug game from a position: the named factions Eligible (the first in card order acts)."""
    pos = {"resources": {"government": government, "taliban": taliban, "warlords": warlords},
           "patronage": patronage, "islamabad": islamabad, "eligible": {f: f in eligible for f in FACTIONS},
           "spaces": spaces}
    if boxes is not None:
        pos["boxes"] = boxes
    if card is not None:
        pos["deck"] = [card] + [c for c in range(1, 25) if c != card] + [73]
    return coin_env.make_game("a_distant_plain", position=pos, debug=True)


def free_sa(g, key, faction):
    """An Event's free Special Activity (5.5), granted at the sequence-of-play prompt."""
    grant_free_action(g, faction, [g.sa_action(key)], kind="op", optional=True)
    g.advance()


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def avail(g, piece):
    return int(g.state.pieces[AVAILABLE, piece])


def res(g, f):
    return g.state.resources[f]
