"""The plain-list mirrors of the state's arrays (state.py MIRRORS: ``rows`` of ``pieces``, ``support_list``,
``returnees_list``): always equal to their arrays, never saved, never shared by a clone, and guarded (a mirrored
array is read-only, so a write that goes round board.py's functions fails instead of leaving the mirror stale)."""

import json
import pickle
import random

import pytest

import coin_env
from coin_env.core.aec_env import with_non_players
from coin_env.core.registry import load_game
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain import static as st
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.data.pieces import FACTIONS, GOV_TROOPS, POLICE, TALIBAN_G


def _mirrors_agree(s) -> bool:
    return (s.rows == s.pieces.tolist() and s.support_list == s.support.tolist()
            and s.returnees_list == s.returnees.tolist())


def _bot_game(seed):
    pol = {f: BOT for f in FACTIONS}
    return coin_env.make_game("a_distant_plain", scenario="short", seed=seed, options=with_non_players({}, pol))


def test_mirror_equals_the_table_after_every_decision():
    """All-bot play and random play (both scenarios' rules: Redeploy, Hostility, Casualties, the Reset)."""
    g = _bot_game(100)
    while not g.is_over():
        g.apply(BOT(g, g.current_player()))
        assert _mirrors_agree(g.state)
    for seed, sc in ((1, "short"), (2, "main")):
        g = coin_env.make_game("a_distant_plain", scenario=sc, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
            assert _mirrors_agree(g.state)


def _remake_mirrors(s) -> None:
    """The mirrors made again from the arrays (what a clone or a loaded game starts with)."""
    s.make_mirrors()


def test_decisions_with_the_mirror_made_anew_at_every_decision_equal_the_kept_one():
    """A seeded all-bot game plays the same when the mirrors are made again from the arrays before every
    decision (the kept mirrors answer what the arrays would)."""
    kept, fresh = _bot_game(101), _bot_game(101)
    while not kept.is_over():
        _remake_mirrors(fresh.state)
        a = BOT(fresh, fresh.current_player())
        assert a == BOT(kept, kept.current_player())
        kept.apply(a)
        _remake_mirrors(fresh.state)
        fresh.apply(a)
    assert kept.to_json() == fresh.to_json()


def test_mirror_is_not_saved_and_a_clone_makes_its_own():
    g = _bot_game(102)
    for _ in range(200):
        g.apply(BOT(g, g.current_player()))
    rows = g.state.rows
    saved = json.loads(g.to_json())["state"]
    assert not {"rows", "support_list", "returnees_list"} & (set(saved["fields"]) | set(saved["arrays"]))
    c = g.clone()
    assert c.state.rows == rows and c.state.rows is not rows and c.state.rows[0] is not rows[0]
    board.move(c.state, GOV_TROOPS, st.AVAILABLE, st.KABUL, 1)
    assert c.state.rows == c.state.pieces.tolist()
    assert g.state.rows == g.state.pieces.tolist() and g.state.rows != c.state.rows      # the original untouched
    loaded = load_game(g.to_json())
    assert loaded.state.rows == g.state.rows and loaded.state.rows is not g.state.rows
    assert pickle.loads(pickle.dumps(g.state)).rows == g.state.rows


def test_a_write_round_the_board_functions_fails():
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=3)
    with pytest.raises(ValueError):
        g.state.pieces[st.KABUL, POLICE] = 9
    board.set_count(g.state, st.KABUL, POLICE, 9)
    assert g.state.rows[st.KABUL][POLICE] == 9 == g.state.pieces[st.KABUL, POLICE]
    with pytest.raises(ValueError):
        g.state.support[st.KABUL] = 1
    board.set_support(g.state, st.KABUL, 1)
    assert g.state.support_list[st.KABUL] == 1 == g.state.support[st.KABUL]
    sp = next(x for x in st.CONTROLLABLE if x != st.KABUL and not st.IS_PAKISTAN[x] and not g.state.returnees_list[x])
    board.place_returnees(g.state, sp)
    assert g.state.returnees_list[sp] == 1 == g.state.returnees[sp] and board.pop(g.state, sp) == g.state.data.pop_list[sp] + 1


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
    board.shift_support(s, st.KABUL, -1)
    board.shift_support(s, st.KABUL, +2)
    assert _mirrors_agree(s)
