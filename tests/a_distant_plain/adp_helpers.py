"""Helpers shared by the A Distant Plain rule tests (imported by the test modules beside it)."""

import contextlib

import coin_env
from coin_env.coin.events import EventSide, grant_free_action
from coin_env.games.a_distant_plain import datapack
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


# The built-in data (no data pack): the facts every game made without a pack plays with.
BUILTIN = datapack.default()


@contextlib.contextmanager
def card_effects():
    """``give(card, side, fn)`` gives a side of a built-in card record a test effect; every side given
    is put back on leaving (the built-in records are shared by the games made without a pack)."""
    saved = []

    def give(card, side, fn):
        rec = BUILTIN.cards.record(card)
        saved.append((rec, side, getattr(rec, side)))
        setattr(rec, side, EventSide("test effect", "test", fn))

    try:
        yield give
    finally:
        for rec, side, old in reversed(saved):
            setattr(rec, side, old)
