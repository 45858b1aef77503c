"""Observation (encoding.py) and text board (render.py)."""

import random

import numpy as np

from coin_env.core.play import play
from coin_env.games.vijayanagara.encoding import F, VijayanagaraEncoder
from coin_env.games.vijayanagara.render import render
from coin_env.games.vijayanagara.static import INDEX
from vj_helpers import new_game, position_game


def encode(g, who="ds"):
    e = VijayanagaraEncoder()
    out = np.zeros(e.size, dtype=np.float32)
    e.encode(g, who, out)
    return e, out


def value(e, out, name):
    return float(out[e.feature_names.index(name)])


def test_feature_names_cover_the_vector():
    e, out = encode(new_game())
    assert len(e.feature_names) == e.size == out.size and len(set(e.feature_names)) == e.size


def test_board_tracks_and_decision_context():
    g = position_game(spaces={"Gujarat": {"tributary": False, "pieces": {"Amir": 2}}}, resources={"ds": 12})
    e, out = encode(g)
    assert value(e, out, "space Gujarat: Bahmani Control") == 1.0
    assert value(e, out, "space Sindh: Tributary") == 1.0 and value(e, out, "space Delhi: Tributary") == 0.0
    assert value(e, out, "space Gujarat: Prosperity") == g.data.prosperity_list[INDEX["Gujarat"]] / 2
    assert value(e, out, "Resources ds") == 12 / 24
    assert value(e, out, "acting faction ds") == 1.0 and value(e, out, "perspective is acting") == 1.0
    play(g, "command (event-or-command box)", "Conscript", "select Sindh")
    e, out = encode(g)
    assert value(e, out, "space Sindh: selected for Operation") == 1.0
    assert value(e, out, "Event or Command box taken") == 0.0


def test_encoding_and_render_through_a_random_game():
    g = new_game(4)
    r = random.Random(4)
    e = VijayanagaraEncoder()
    out = np.zeros(e.size, dtype=np.float32)
    while not g.is_over():
        e.encode(g, g.current_player(), out)
        assert np.isfinite(out).all()
        g.apply(r.choice(g.legal_actions()))
    assert "GAME OVER" in render(g)
