"""The pieces table's plain-list mirror ``state.rows`` (state.py): always equal to ``state.pieces``, never saved,
never shared by a clone, and guarded (the table is read-only once the mirror exists, so a write that goes
round board.py's piece functions fails instead of leaving the mirror stale)."""

import json
import random

import pytest

import coin_env
from coin_env.core.aec_env import with_non_players
from coin_env.core.registry import load_game
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain import static as st
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.data.pieces import FACTIONS, GOV_TROOPS, POLICE, TALIBAN_G


def _bot_game(seed):
    pol = {f: BOT for f in FACTIONS}
    return coin_env.make_game("a_distant_plain", scenario="short", seed=seed, options=with_non_players({}, pol))


def test_mirror_equals_the_table_after_every_decision():
    """All-bot play and random play (both scenarios' rules: Redeploy, Hostility, Casualties, the Reset)."""
    g = _bot_game(100)
    while not g.is_over():
        g.apply(BOT(g, g.current_player()))
        assert g.state.rows == g.state.pieces.tolist()
    for seed, sc in ((1, "short"), (2, "main")):
        g = coin_env.make_game("a_distant_plain", scenario=sc, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
            assert g.state.rows == g.state.pieces.tolist()


def test_decisions_with_the_mirror_made_anew_at_every_decision_equal_the_kept_one():
    """A seeded all-bot game plays the same when the mirror is dropped and made again from the table before every
    decision (the kept mirror answers what the table would)."""
    kept, fresh = _bot_game(101), _bot_game(101)
    while not kept.is_over():
        fresh.state.__dict__.pop("rows", None)
        a = BOT(fresh, fresh.current_player())
        assert a == BOT(kept, kept.current_player())
        kept.apply(a)
        fresh.state.__dict__.pop("rows", None)
        fresh.apply(a)
    assert kept.to_json() == fresh.to_json()


def test_mirror_is_not_saved_and_a_clone_makes_its_own():
    g = _bot_game(102)
    for _ in range(200):
        g.apply(BOT(g, g.current_player()))
    rows = g.state.rows
    assert "rows" not in json.loads(g.to_json())["state"]["fields"]
    c = g.clone()
    assert "rows" not in c.state.__dict__ and c.state.rows == rows and c.state.rows is not rows
    board.move(c.state, GOV_TROOPS, st.AVAILABLE, st.KABUL, 1)
    assert c.state.rows == c.state.pieces.tolist()
    assert g.state.rows == g.state.pieces.tolist() and g.state.rows != c.state.rows      # the original untouched
    loaded = load_game(g.to_json())
    assert "rows" not in loaded.state.__dict__ and loaded.state.rows == g.state.rows


def test_a_write_round_the_board_functions_fails_once_the_mirror_exists():
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=3)
    g.state.rows
    with pytest.raises(ValueError):
        g.state.pieces[st.KABUL, POLICE] = 9
    board.set_count(g.state, st.KABUL, POLICE, 9)
    assert g.state.rows[st.KABUL][POLICE] == 9 == g.state.pieces[st.KABUL, POLICE]


def test_board_changes_keep_the_mirror():
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=4)
    s = g.state
    sp = st.INDEX["Waziristan"]
    board.place(s, TALIBAN_G, sp, 2)
    board.activate(s, sp, "taliban", 1)
    board.flip_underground(s, sp, "taliban")
    board.remove(s, TALIBAN_G, sp, 1)
    board.move(s, TALIBAN_G, sp, st.KABUL, 1)
    s.islamabad = board.TOLERANCE
    board.shift_islamabad(s, -3)            # to Hostility: Taliban Guerrillas in Pakistan flip Active (6.6.1)
    assert s.rows == s.pieces.tolist()
